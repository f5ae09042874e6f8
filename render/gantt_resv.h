/* gantt_resv.h - the cairo side of the server lanes (gantt_resv.c), for
 * gantt_draw.c. */
#ifndef RENDER_GANTT_RESV_H
#define RENDER_GANTT_RESV_H

#include <cairo.h>

#include "render/gantt_int.h"

/* Draw row's budget curve and throttled intervals into its BUDGET and
 * THROTTLE lanes (no-op when the lanes have no height). */
void gantt_draw_resv(cairo_t *cr, const struct render_gantt *g,
		     const struct gantt_row *row,
		     const struct gantt_ylayout *yl, double ry);

#endif /* RENDER_GANTT_RESV_H */
