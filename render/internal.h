/* internal.h - helpers shared by render/ files, not part of its API.
 *
 * Text escaping for the writers (RFC 4180 CSV fields, JSON strings).
 * Reading JSON back (render/replay.c) goes through scenarios/json.h.
 */
#ifndef RENDER_INTERNAL_H
#define RENDER_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "models/rt_err.h"
#include "render/text.h"

/* Write an rt_time in microseconds from 'units_per_us' internal units per
 * microsecond (1 for ticks taken as us, 1000 for ns): exact decimal with
 * three fractional digits when units_per_us == 1000.  False on error. */
bool render_json_us(FILE *f, int64_t t, int64_t units_per_us);

#endif /* RENDER_INTERNAL_H */
