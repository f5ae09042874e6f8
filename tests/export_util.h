/* export_util.h - helpers shared by the export suites (test_export.c, the
 * event logs and their replay; test_export_outputs.c, the per-job CSV,
 * atomic output files and the Chrome trace): a record stream driven by
 * hand, Dario's case on it, and in-memory files.
 *
 * 'struct tb' keeps the sim_job_info of each job as the engine would and
 * emits records to the sinks under test (the engine is not needed). */
#ifndef TESTS_EXPORT_UTIL_H
#define TESTS_EXPORT_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "models/rt_err.h"
#include "render/meta.h"
#include "sim/trace.h"

#define TB_MAX 64

struct tb {
	struct sim_job_info jobs[TB_MAX];       /* by seq */
	uint64_t per_task[8];                   /* next job index per task */
	size_t njobs;
	struct sim_sink sinks[8];
	size_t nsinks;
	enum rt_err rc;                         /* first sink error */
};

/* Emit one record of kind k to every sink that asks for it (none after
 * the first sink error, kept in b->rc). */
void tb_emit(struct tb *b, rt_time t, enum sim_rec_kind k, int cpu,
	     const struct sim_job_info *ji, rt_time value);
/* Release a job of 'task' with absolute deadline d; returns its seq. */
size_t tb_release(struct tb *b, rt_time t, uint32_t task, rt_time d,
		  rt_time demand);
/* Start (or resume) job 'seq' on cpu; MIGRATE first if it moved. */
void tb_run(struct tb *b, rt_time t, size_t seq, int cpu);
/* Preempt job 'seq', charging it 'ran' units of execution. */
void tb_stop(struct tb *b, rt_time t, size_t seq, rt_time ran);
/* Complete; emits MISS after COMPLETE for a late job, as the engine. */
void tb_complete(struct tb *b, rt_time t, size_t seq);
/* Horizon: MISS (if d <= h) then UNFINISHED for every pending job, END. */
void tb_end(struct tb *b, rt_time h);
/* Abort job 'seq' (on_miss abort); tb_end skips it. */
void tb_abort(struct tb *b, rt_time t, size_t seq);

/* Dario's two tasks (C=4, D=5, T=10), horizon 20, one CPU, ticks. */
struct render_meta tb_dario_meta(void);
/* Dario's case: U = 0.8, yet P2 misses by 3 in every period. */
void tb_dario(struct tb *b);

/* An in-memory FILE (open_memstream); mb_text flushes and returns the
 * text so far; mb_close frees it. */
struct membuf {
	char *buf;
	size_t len;
	FILE *f;
};

void mb_open(struct membuf *m);
const char *mb_text(struct membuf *m);
void mb_close(struct membuf *m);

/* Two ways of writing an engine's run of c (way false, way true) agree
 * byte for byte on 400 random sets from seed0 (gen_util.h: every model,
 * 1..8 CPUs, every placement): run(c, way, out) writes into out (opened
 * by it, left open).  A set that differs is named on stderr ('what' says
 * what each way is); after three the loop stops.  Returns the bytes of
 * way false's output, so the caller can check the sets were not empty. */
struct sim_config;

/* What the engine suites' writers open with for a run of c: scenario
 * "prop", ticks, c's CPUs, horizon and tasks (c must outlive it). */
struct render_meta mb_meta_of(const struct sim_config *c);
/* A run of c with the sinks s[0, n), sink k with the emit_job jobs[k]
 * (NULL: none): the run's result. */
enum rt_err mb_engine_run(const struct sim_config *c,
			  const struct sim_sink *s,
			  sim_emit_job_fn *const *jobs, size_t n);

typedef enum rt_err mb_run_fn(const struct sim_config *c, bool way,
			      struct membuf *out);
size_t mb_same_on_random_sets(uint64_t seed0, mb_run_fn *run,
			      const char *what);

#endif /* TESTS_EXPORT_UTIL_H */
