/* trace_util.h - helpers shared by the engine suites (test_edf.c,
 * test_fp.c, test_multi.c, cbs_util.c): text traces in a growing buffer,
 * expected-trace comparison, and running an engine with one sink; and by
 * the analysis suites (test_analysis.c, test_global.c): running a named
 * test and printing a fraction. */
#ifndef TESTS_TRACE_UTIL_H
#define TESTS_TRACE_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "models/frac.h"
#include "models/tests.h"
#include "sim/engine.h"

/* The records that make up a schedule (no releases, no server events). */
#define TU_SCHED (SIM_MASK(SIM_REC_START) | SIM_MASK(SIM_REC_PREEMPT) | \
		  SIM_MASK(SIM_REC_COMPLETE) | SIM_MASK(SIM_REC_MISS) |     \
		  SIM_MASK(SIM_REC_ABORT) | SIM_MASK(SIM_REC_UNFINISHED) |  \
		  SIM_MASK(SIM_REC_MIGRATE) | SIM_MASK(SIM_REC_END))

#if defined(__GNUC__)
#define TU_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define TU_PRINTF(f, a)
#endif

/* Append printf(fmt, ...) to the NUL-terminated text *buf (length *len,
 * capacity *cap; all zero/NULL to start; the caller frees *buf).
 * RT_ERR_NOMEM if it cannot grow (the text is left as it was). */
enum rt_err tu_appendf(char **buf, size_t *len, size_t *cap,
		       const char *fmt, ...) TU_PRINTF(4, 5);

/* Append one record line "TIME KIND TASK.JOB cCPU VALUE\n" (kind names
 * from sim_rec_kind_name) with the given task, cpu and value. */
enum rt_err tu_append_rec(char **buf, size_t *len, size_t *cap,
			  const struct sim_rec *r, uint32_t task, int cpu,
			  rt_time value);

/* CUnit: got (NULL reads as "") equals want; prints both when not. */
void tu_expect_text(const char *got, const char *want);

/* Create an engine for c, add sink (if not NULL) and run it; asserts
 * (fatally for create and add) that each step succeeds and prints the
 * diagnostic when one does not.  Returns the engine (caller destroys). */
struct sim_engine *tu_engine_run(const struct sim_config *c,
				 const struct sim_sink *sink);

/* Run the schedulability test called name (which must exist: fatal
 * failure otherwise) on ts[0..n) with m CPUs; asserts it returns RT_OK.
 * Returns out->verdict. */
enum rt_verdict tu_run_test(const char *name, const struct rt_task *ts,
			    size_t n, unsigned m, struct rt_test_result *out);

/* To stderr, after a failure: " (C=..,T=..,D=..)" for each of ts[0..n),
 * then "]" and a newline (closing a "[seed ..." line the caller began). */
void tu_print_tasks(const struct rt_task *ts, size_t n);

/* f formatted into a static buffer (valid until the next call); destroys
 * f. */
char *tu_frac_str(struct rt_frac *f);

#endif /* TESTS_TRACE_UTIL_H */
