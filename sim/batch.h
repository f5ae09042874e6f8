/* batch.h - the batch runner: schedulability experiments over random task
 * sets.
 *
 * An experiment (struct sim_exp, loaded by scenarios/exp.h) sweeps the
 * target utilization over points u_p = from + p * step and draws 'sets'
 * task sets per point with models/gen.h.  Set s of point p is drawn from
 * an rt_rng seeded with rt_rng_derive(seed, p, s), so it is the same
 * whatever the thread count, shard or order of work.
 *
 * A set counts at the point of its realised utilization: a draw whose
 * U = sum C_i / T_i (after C is rounded up) falls outside the point's bin
 * [u - step/2, u + step/2) (times m with per_cpu) is redrawn from the same
 * stream, at most 'redraws' times (then RT_ERR_UNSUPPORTED, naming the
 * point: no silent drop); the redraws are counted.  The first draw aims
 * at u; as rounding C up lifts U (by about sum 1/(2 T_i)), each redraw
 * aims lower by the mean lift of the draws before it (never below 0).
 *
 * For every set: each listed test of the registry (models/tests.h) runs;
 * with 'simulate' the set is simulated synchronously (offset 0, WCET
 * demand, periodic arrivals) under the policy and placement, to its first
 * deadline miss or the horizon:
 *
 *   U > m          (m CPUs; sufficient demand argument) a miss is certain
 *                  by t0 = sum(C_i D_i / T_i) / (U - m): the demand of
 *                  jobs with deadlines <= t, more than U t - sum C_i D_i /
 *                  T_i, then exceeds m t.  Horizon t0 + 2, stopped at
 *                  the first miss.
 *   otherwise      sim_choose_horizon (L_b on one CPU, the largest per-CPU
 *                  L_b partitioned: exact for edf) or the hyperperiod,
 *                  cut so at most 'max_jobs' jobs are released (then not
 *                  exact).
 *
 * A miss is always a definite answer (the synchronous arrival sequence is
 * a legal sporadic pattern), so the simulation is exact for a set when it
 * missed or its horizon is exact.  A contradiction is a set where an
 * exact or sufficient test accepts and the simulation misses, or an exact
 * test rejects and an exact simulation does not miss: a bug somewhere,
 * counted and reported (point, sample) so it can be regenerated.
 *
 * Partitioned and clustered placements bind the tasks with rt_place()
 * (models/placement.h) before simulating; a set that does not fit is
 * counted as missed (the configured system cannot run it) and in
 * 'unplaced', never as a contradiction.
 */
#ifndef SIM_BATCH_H
#define SIM_BATCH_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/analysis_fp.h"
#include "models/gen.h"
#include "models/partition.h"
#include "models/rt_err.h"
#include "models/tests.h"
#include "sim/engine.h"

#define SIM_EXP_MAX_TESTS 32            /* tests per experiment */
#define SIM_EXP_UNIT      1000000       /* utilizations in millionths */
#define SIM_EXP_MAX_POINTS 100000

struct sim_exp {
	char *name;                     /* owned */
	unsigned cpus;                  /* >= 1 */
	char *policy;                   /* "edf" or "fp", owned */
	enum sim_placement placement;   /* global, partitioned, clustered */
	unsigned cluster_size;          /* cpus (global), 1, or k */
	enum rt_part_heuristic partitioning;
	enum rt_fp_order priorities;    /* policy fp */
	struct rt_gen_params gen;       /* gen.pset owned */
	int64_t from, to, step;         /* utilization sweep, millionths;
					 * step > 0, from <= to */
	bool per_cpu;                   /* the sweep is U / m */
	size_t npoints;                 /* (to - from) / step + 1 */
	uint64_t sets;                  /* per point, >= 1 */
	size_t ntests;
	const struct rt_test_info *tests[SIM_EXP_MAX_TESTS];
	bool simulate;
	uint64_t max_jobs;              /* horizon cap (jobs released) */
	unsigned redraws;               /* per set, bin misses allowed */
	uint64_t seed;                  /* master seed */
};

void sim_exp_free(struct sim_exp *x);           /* NULL is a no-op */

/* Does registry test t analyse this policy and placement (the tests
 * `dlsim analyze` compares with the simulation)?  One CPU: utilization,
 * density, pdc, qpa (edf), fp-rta (fp); global m >= 2: utilization and
 * the global EDF tests; partitioned: partitioned-<the experiment's
 * heuristic>. */
bool sim_exp_test_fits(const struct sim_exp *x, const struct rt_test_info *t);

/* Check an experiment (generator, sweep, tests, policy): RT_ERR_INVAL
 * naming the field.  The loader calls it; callers building one do too. */
enum rt_err sim_exp_check(const struct sim_exp *x, struct rt_diag *d);

/* Target utilization (total) of point p, and the point's value u_p in
 * millionths (per CPU with per_cpu). */
int64_t sim_exp_point_value(const struct sim_exp *x, size_t p);
double sim_exp_point_total(const struct sim_exp *x, size_t p);

/* The canonical text of x (every field, one "key=value" per line), into
 * buf; returns the length it needs (snprintf-like).  Its FNV-1a 64-bit
 * hash is sim_exp_hash(): equal for equal experiments whatever the YAML
 * spelling, comments or key order. */
size_t sim_exp_describe(const struct sim_exp *x, char *buf, size_t len);
uint64_t sim_exp_hash(const struct sim_exp *x);

/* Per-thread state, reused across sets (generator tables, the task and
 * cluster arrays). */
struct sim_exp_ws {
	struct rt_gen_ws gen;
	struct rt_task *ts;             /* gen.ntasks */
	unsigned *cluster;
	size_t n;
};
enum rt_err sim_exp_ws_init(struct sim_exp_ws *ws, const struct sim_exp *x);
void sim_exp_ws_fini(struct sim_exp_ws *ws);    /* NULL is a no-op */

/* Draw set (p, s) into ws->ts (x->gen.ntasks tasks), with the bin
 * redraws; *redrawn = the number of draws discarded. */
enum rt_err sim_exp_draw(const struct sim_exp *x, size_t p, uint64_t s,
			 struct sim_exp_ws *ws, unsigned *redrawn,
			 struct rt_diag *d);

/* What happened to one set. */
struct sim_exp_item {
	bool accepted[SIM_EXP_MAX_TESTS];       /* per test, in order */
	bool missed;                    /* the simulation missed (or the
					 * set could not be placed) */
	bool exact;                     /* the simulation verdict is exact */
	bool unplaced;
	bool contradiction;
	unsigned redrawn;
	double realised;                /* sum C/T */
};

/* Draw, test and simulate set (p, s). */
enum rt_err sim_exp_item(const struct sim_exp *x, size_t p, uint64_t s,
			 struct sim_exp_ws *ws, struct sim_exp_item *out,
			 struct rt_diag *d);

/* Test i of x on ts: the registry's verdict and kind (the note may be
 * left empty: utilization and density are decided in double when far
 * from their bound, exactly otherwise). */
enum rt_err sim_exp_test_run(const struct sim_exp *x, size_t i,
			     const struct rt_task *ts,
			     struct rt_test_result *out, struct rt_diag *d);

/* Counts of one point (the CSV row). */
struct sim_exp_counts {
	uint64_t sets;
	uint64_t accepted[SIM_EXP_MAX_TESTS];
	uint64_t missed, exact, contradictions;
	uint64_t redrawn, unplaced;
};

void sim_exp_counts_add(struct sim_exp_counts *a,
			const struct sim_exp_counts *b);

/* The slice of the work a run does: the global index g = p * sets + s of
 * every set, cut into 'count' contiguous ranges; shard 'index' (1-based)
 * does [(index - 1) * G / count, index * G / count). */
struct sim_exp_slice {
	unsigned index, count;          /* 1 <= index <= count */
};

/* [first, last) of point p's samples inside the slice (empty: equal). */
void sim_exp_slice_range(const struct sim_exp *x,
			 const struct sim_exp_slice *sl, size_t p,
			 uint64_t *first, uint64_t *last);

struct sim_exp_hooks {
	void *ctx;
	/* Every sample of point p in the slice is done; c its counts.
	 * A non-RT_OK return stops the run with that error. */
	enum rt_err (*point_done)(void *ctx, size_t p,
				  const struct sim_exp_counts *c);
	/* Set (p, s) is a contradiction (before its point_done). */
	enum rt_err (*contradiction)(void *ctx, size_t p, uint64_t s);
	/* done of total sets of this run (may be NULL). */
	void (*progress)(void *ctx, uint64_t done, uint64_t total);
};

/*
 * Run the slice with 'threads' worker threads (>= 1).  Points with
 * skip[p] true (NULL: none) are left out (already done).  Hooks are
 * called one at a time (under the runner's lock), from any worker.
 * When *stop becomes non-zero (a signal handler may set it; NULL:
 * never), no new work starts; points already reported stay reported and
 * RT_OK is returned with *stopped = true.  Results do not depend on
 * 'threads': counts are sums over sets.
 */
enum rt_err sim_exp_run(const struct sim_exp *x,
			const struct sim_exp_slice *sl, const bool *skip,
			unsigned threads, const struct sim_exp_hooks *h,
			const volatile sig_atomic_t *stop, bool *stopped,
			struct rt_diag *d);

#endif /* SIM_BATCH_H */
