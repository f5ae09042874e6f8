/* edf_util.h - helpers shared by the EDF engine suites (test_edf.c, the
 * hand-worked timelines; test_edf_engine.c, the engine contracts): a
 * text-trace sink, a uniprocessor EDF configuration, and running it. */
#ifndef TESTS_EDF_UTIL_H
#define TESTS_EDF_UTIL_H

#include <stddef.h>

#include "models/task.h"
#include "sim/engine.h"

/* A sink that prints every record it gets into a growing text buffer. */
struct text_sink {
	char *buf;
	size_t len, cap;
	unsigned calls;
	unsigned fail_at;               /* return RT_ERR_IO on this call (1-based) */
	unsigned bad;                   /* inconsistencies seen in info */
};

/* The sink's emit: one line "TIME KIND TASK.JOB cCPU VALUE" per record. */
enum rt_err text_emit(void *ctx, const struct sim_rec *r);

/* One CPU, policy edf, on_miss continue, tie-break task order, seed 1. */
struct sim_config cfg_make(const struct rt_task *t, size_t n,
			   rt_time horizon);

/* Run cfg with a text sink for 'mask'; returns the engine (for stats) and
 * leaves the trace in *s (caller frees s->buf). */
struct sim_engine *run_text(const struct sim_config *c, unsigned mask,
			    struct text_sink *s);

/* CUnit: the trace equals want (both printed when not). */
void expect_trace(const struct text_sink *s, const char *want);

#endif /* TESTS_EDF_UTIL_H */
