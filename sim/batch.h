/* batch.h - the batch runner: schedulability experiments over random task
 * sets.
 *
 * An experiment (struct rt_exp, loaded by scenarios/exp.h) sweeps the
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
 *                  exact).  Exact horizons (L_b, t0) are only cut at
 *                  SIM_HORIZON_JOB_CAP, so a small max_jobs never costs
 *                  exactness.
 *
 * A miss is always a definite answer (the synchronous arrival sequence is
 * a legal sporadic pattern), so the simulation is exact for a set when it
 * missed or its horizon is exact.  A contradiction is a set where an
 * exact or sufficient test accepts and the simulation misses, or an exact
 * test rejects and an exact simulation does not miss: a bug somewhere,
 * counted and reported (point, sample) so it can be regenerated.
 *
 * Policies cbs and linux-dl run every task in its own reservation
 * (rt_exp_reservations): cbs by a server, linux-dl as a SCHED_DEADLINE
 * task of runtime Q whose jobs demand C, in the experiment's kernel
 * profile.  The tests analyse the reservations (the sporadic tasks (Q,
 * D_s, T_s)); 'linux' is the kernel's admission with the profile's fair
 * servers, as the simulated kernel applies it.  The horizon is the
 * hyperperiod rule, never exact.  A contradiction there is an accepting
 * exact or sufficient test and a server deadline miss, or a miss of a
 * task its reservation guarantees (models/analysis_resv.h); a set whose
 * task the kernel's admission refuses counts as missed and 'refused',
 * never as a contradiction.
 *
 * With 'tardiness' a set that has a tardiness bound (models/bounds.h,
 * per domain of the placement) is simulated over its whole horizon, and
 * its largest observed tardiness is compared with the bound: more is a
 * contradiction.
 *
 * Partitioned and clustered placements bind the tasks with rt_place()
 * (models/placement.h) before simulating; a set that does not fit is not
 * simulated (there is no placement to run): it is not schedulable under
 * that partitioning, for certain, so it counts as missed with an exact
 * verdict, and in 'unplaced', never as a contradiction.
 */
#ifndef SIM_BATCH_H
#define SIM_BATCH_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/exp.h"
#include "models/gen.h"
#include "models/rt_err.h"
#include "models/tests.h"
#include "sim/engine.h"

/* Per-thread state, reused across sets (generator tables, the task and
 * cluster arrays). */
struct sim_exp_ws {
	struct rt_gen_ws gen;
	struct rt_task *ts;             /* gen.ntasks */
	unsigned *cluster;
	struct rt_server *servers;      /* policy cbs: one per task */
	int32_t *task_server;           /* task i -> server i */
	struct rt_task *rs;             /* reservations as sporadic tasks */
	struct rt_task *sim;            /* linux-dl: the tasks simulated */
	bool *covered;                  /* reservations: guaranteed tasks */
	bool *srv_ok;                   /* cbs: task i's server is sporadic
					 * (rt_cbs_server_sporadic) */
	bool *dom_ok;                   /* reservations: every server of task
					 * i's domain is sporadic (its server
					 * misses speak against the tests) */
	struct rt_task *sub;            /* tardiness: one domain's tasks */
	rt_time *resp, *tard;           /* tardiness: rt_bound_domain's */
	size_t n;
};
enum rt_err sim_exp_ws_init(struct sim_exp_ws *ws, const struct rt_exp *x);
void sim_exp_ws_fini(struct sim_exp_ws *ws);    /* NULL is a no-op */

/* Draw set (p, s) into ws->ts (x->gen.ntasks tasks), with the bin
 * redraws; *redrawn = the number of draws discarded. */
enum rt_err sim_exp_draw(const struct rt_exp *x, size_t p, uint64_t s,
			 struct sim_exp_ws *ws, unsigned *redrawn,
			 struct rt_diag *d);

/* What happened to one set. */
struct sim_exp_item {
	bool accepted[RT_EXP_MAX_TESTS];       /* per test, in order */
	bool missed;                    /* the simulation missed (or the
					 * set could not be placed) */
	bool exact;                     /* the simulation verdict is exact
					 * (a miss, an exact horizon, or an
					 * unplaced set) */
	bool unplaced;                  /* no placement: missed, exact,
					 * not simulated */
	bool refused;                   /* linux-dl: admission refused a task */
	bool covered_missed;            /* a miss an accepting test speaks
					 * for (plain: any miss) */
	bool contradiction;
	unsigned redrawn;
	double realised;                /* sum C/T */
	bool bounded;                   /* tardiness: the set has a bound */
	rt_time bound;                  /* its largest tardiness bound */
	rt_time tard_obs;               /* the largest tardiness simulated */
};

/* Draw, test and simulate set (p, s). */
enum rt_err sim_exp_item(const struct rt_exp *x, size_t p, uint64_t s,
			 struct sim_exp_ws *ws, struct sim_exp_item *out,
			 struct rt_diag *d);

/* Simulate the set drawn into ws->ts (x as its point sees it: rt_exp_at;
 * reservations in ws->rs): out's missed, exact, unplaced, refused,
 * covered_missed and, with x->tardiness, bounded, bound and tard_obs.
 * batch_sim.c. */
enum rt_err sim_exp_simulate(const struct rt_exp *x, struct sim_exp_ws *ws,
			     struct sim_exp_item *out, struct rt_diag *d);

/* Test i of x on ts: the registry's verdict and kind (the note may be
 * left empty: utilization and density are decided in double when far
 * from their bound, exactly otherwise). */
enum rt_err sim_exp_test_run(const struct rt_exp *x, size_t i,
			     const struct rt_task *ts,
			     struct rt_test_result *out, struct rt_diag *d);

struct sim_exp_hooks {
	void *ctx;
	/* Every sample of point p in the slice is done; c its counts.
	 * A non-RT_OK return stops the run with that error. */
	enum rt_err (*point_done)(void *ctx, size_t p,
				  const struct rt_exp_counts *c);
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
enum rt_err sim_exp_run(const struct rt_exp *x,
			const struct rt_exp_slice *sl, const bool *skip,
			unsigned threads, const struct sim_exp_hooks *h,
			const volatile sig_atomic_t *stop, bool *stopped,
			struct rt_diag *d);

#endif /* SIM_BATCH_H */
