/* trace_util.h - helpers shared by the engine suites (test_edf.c,
 * test_fp.c, test_multi.c, cbs_util.c, ...): the one text-trace sink,
 * text in a growing buffer,
 * expected-trace comparison, and running an engine with one sink; and by
 * the analysis suites (test_analysis.c, test_global.c): running a named
 * test and printing a fraction. */
#ifndef TESTS_TRACE_UTIL_H
#define TESTS_TRACE_UTIL_H

#include <stdbool.h>
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

/* The one text-trace sink of the suites (emit: tu_trace_emit, ctx: the
 * trace; zero it, set the options, free buf after).  One line per record
 * kept, by default "TIME KIND TASK.JOB cCPU VALUE" (kind names from
 * sim_rec_kind_name, TASK the task index); the options leave columns out
 * or print them otherwise, as each suite's hand-worked traces read. */
struct tu_trace {
	char *buf;
	size_t len, cap;
	/* columns */
	const struct rt_task *names;    /* TASK as names[task].name ("?" past
					   nnames) instead of the index */
	size_t nnames;
	bool no_cpu;                    /* leave out " cCPU" */
	bool short_end;                 /* END as "TIME end" */
	bool admit;                     /* "TIME KIND TASK TEST": no .JOB, no
					   cCPU, VALUE as sim_admit_test_name */
	/* filters */
	rt_time from;                   /* keep records at time >= from */
	const bool *keep;               /* if set, keep only records of tasks */
	const uint32_t *map;            /* with keep[task] (END always), as */
	int cpu0;                       /* task map[task], cpu - cpu0 (cluster
					   views; MIGRATE's value too) */
	unsigned fail_at;               /* return RT_ERR_IO on this call (1-based) */
	/* results */
	unsigned calls;
	unsigned bad;                   /* records whose info names another job */
};

/* The sink's emit.  RT_ERR_NOMEM if the buffer cannot grow. */
enum rt_err tu_trace_emit(void *ctx, const struct sim_rec *r);

/* CUnit: got (NULL reads as "") equals want; prints both when not. */
void tu_expect_text(const char *got, const char *want);

/* Create an engine for c, add sink (if not NULL) and run it; asserts
 * (fatally for create and add) that each step succeeds and prints the
 * diagnostic when one does not.  Returns the engine (caller destroys). */
struct sim_engine *tu_engine_run(const struct sim_config *c,
				 const struct sim_sink *sink);

/* tu_engine_run with the text trace of the TU_SCHED records, which must
 * equal 'want'; returns the engine (caller destroys). */
struct sim_engine *tu_expect_sched(const struct sim_config *c,
				   const char *want);

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
