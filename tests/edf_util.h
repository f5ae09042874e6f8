/* edf_util.h - helpers shared by the EDF engine suites (test_edf.c, the
 * hand-worked timelines; test_edf_engine.c, the engine contracts): a
 * uniprocessor EDF configuration, and running it with the text trace of
 * trace_util.h. */
#ifndef TESTS_EDF_UTIL_H
#define TESTS_EDF_UTIL_H

#include <stddef.h>

#include "models/task.h"
#include "sim/engine.h"
#include "tests/trace_util.h"

/* One CPU, policy edf, on_miss continue, tie-break task order, seed 1. */
struct sim_config cfg_make(const struct rt_task *t, size_t n,
			   rt_time horizon);

/* Run cfg with a text sink for 'mask'; returns the engine (for stats) and
 * leaves the trace in *s (caller frees s->buf). */
struct sim_engine *run_text(const struct sim_config *c, unsigned mask,
			    struct tu_trace *s);

/* CUnit: the trace equals want (both printed when not). */
void expect_trace(const struct tu_trace *s, const char *want);

#endif /* TESTS_EDF_UTIL_H */
