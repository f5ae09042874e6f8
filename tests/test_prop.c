/* test_prop.c - property tests of the engine on seeded random task sets
 * (each failure prints the seed of its set).
 *
 * The checker of sched_check.h replays the records and verifies, at
 * every record and at every instant: no CPU runs two jobs and no job runs
 * on two CPUs; sequentiality and releases; record values against the
 * replayed state; work conservation and the EDF order after each
 * instant's dispatch (global EDF on m CPUs); statistics against the
 * records.
 * Every allocation of create + run may fail and must then be reported.
 * And on synchronous periodic sets with U <= 1 simulated over [0, L_b):
 * the simulation misses iff dbf(t) > t for some deadline t < L_b, and its
 * maximum tardiness is max(0, max dbf(t) - t) (docs/theory.md §A.6, D.3), computed
 * here by brute force.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/mem.h"
#include "models/rng.h"
#include "models/task.h"
#include "sim/engine.h"
#include "sim/job.h"
#include "tests/gen_util.h"
#include "tests/sched_check.h"
#include "tests/suites.h"

#define NSETS 1200

/* 1..6 tasks on 1..4 CPUs (half of the sets on one), global EDF, every
 * arrival and demand model (gen_util.h). */
static const struct gen_opts prop_gen = {
	.max_tasks = 6, .max_cpus = 4, .max_period = 40, .max_horizon = 500,
	.jitter_periods = 2,
};

static void test_random_sets_keep_every_schedule_invariant(void)
{
	const uint64_t base = 0x5eed0001;
	int failed = 0;

	for (uint64_t s = base; s < base + NSETS && failed < 3; s++) {
		static struct gen_set g;
		static struct sc_check k;

		gen_random_set(s, &prop_gen, &g);
		if (sc_run(&k, &g.c, NULL)) {
			fprintf(stderr, "\nseed %" PRIu64 ": %s\n", s, k.why);
			failed++;
		}
		CU_ASSERT_EQUAL(k.fails, 0);
		sc_free(&k);
	}
}

/* dbf(t) = sum_i max(0, floor((t - D_i)/T_i) + 1) * C_i  (docs/theory.md §A.3). */
static rt_time dbf(const struct rt_task *t, size_t n, rt_time x)
{
	rt_time h = 0;

	for (size_t i = 0; i < n; i++)
		if (x >= t[i].deadline)
			h += ((x - t[i].deadline) / t[i].period + 1) * t[i].wcet;
	return h;
}

/* Synchronous periodic sets with U <= 1 over [0, L_b): the simulation
 * misses iff some deadline t < L_b has dbf(t) > t, and its maximum
 * tardiness is max(0, max_t dbf(t) - t); under both tie-breaks. */
static void test_sync_simulation_matches_brute_force_dbf(void)
{
	const uint64_t base = 0xdbf0000;
	int done = 0, missing = 0, failed = 0;

	for (uint64_t s = base; done < NSETS && failed < 3; s++) {
		struct rt_task t[5];
		struct rt_rng g;
		size_t n;
		uint64_t L = 1, demand = 0;
		rt_time w, next, delta = 0;
		bool miss = false;
		double target, wsum, weight[5];

		rt_rng_seed(&g, s);
		n = (size_t)rt_rng_range(&g, 1, 5);
		/* Target U in [0.8, 1.05], split by random weights: busy
		 * periods get long near U = 1, and some sets are rejected. */
		target = 0.8 + 0.25 * rt_rng_unit(&g);
		wsum = 0;
		for (size_t i = 0; i < n; i++)
			wsum += weight[i] = (double)rt_rng_range(&g, 1, 100);
		for (size_t i = 0; i < n; i++) {
			rt_time T = rt_rng_range(&g, 3, 100);
			rt_time C = (rt_time)(target * weight[i] / wsum *
					      (double)T + 0.5);

			t[i] = rt_task_make("b", C > 0 ? C : 1,
					    rt_rng_range(&g, 1, 2 * T), T);
			L = L / rt_gcd64(L, (uint64_t)T) * (uint64_t)T;
		}
		/* U <= 1 exactly: sum C_i * (L / T_i) <= L, L = lcm(T). */
		for (size_t i = 0; i < n; i++)
			demand += (uint64_t)t[i].wcet * (L / (uint64_t)t[i].period);
		if (demand > L)
			continue;
		/* L_b: least fixed point of W(w) = sum ceil(w/T_i) C_i. */
		w = 0;
		for (size_t i = 0; i < n; i++)
			w += t[i].wcet;
		for (;;) {
			next = 0;
			for (size_t i = 0; i < n; i++)
				next += (w + t[i].period - 1) / t[i].period *
					t[i].wcet;
			if (next == w || next > 20000)
				break;
			w = next;
		}
		if (next != w)
			continue;       /* too long to simulate here */
		for (size_t i = 0; i < n; i++)
			for (rt_time x = t[i].deadline; x < w; x += t[i].period) {
				rt_time h = dbf(t, n, x);

				if (h > x)
					miss = true;
				if (h - x > delta)
					delta = h - x;
			}
		missing += miss;
		for (int tie = 0; tie < 2; tie++) {
			struct sim_config c = {
				.tasks = t, .ntasks = n, .cpus = 1,
				.policy = "edf", .horizon = w,
				.tie_break = tie ? SIM_TIE_FIFO
						 : SIM_TIE_TASK_ORDER,
			};
			struct sim_engine *e = NULL;
			const struct sim_stats *st;
			bool ok;

			CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, NULL),
					      RT_OK);
			CU_ASSERT_EQUAL(sim_engine_run(e, NULL), RT_OK);
			st = sim_engine_stats(e);
			ok = (st->misses > 0) == miss &&
			     st->max_tardiness == delta &&
			     st->completed == st->jobs;
			if (!ok) {
				fprintf(stderr, "\nseed %" PRIu64 " tie %d: L_b %"
					PRId64 " brute miss %d delta %" PRId64
					", sim misses %" PRIu64 " max tardiness %"
					PRId64 "\n", s, tie, w, miss, delta,
					st->misses, st->max_tardiness);
				failed++;
			}
			CU_ASSERT(ok);
			sim_engine_destroy(e);
		}
		done++;
	}
	/* The sample must contain both verdicts to mean anything. */
	CU_ASSERT(missing > done / 20);
	CU_ASSERT(missing < done - done / 20);
}

static struct sim_config prop_cfg(const struct rt_task *t, size_t n,
				   rt_time horizon)
{
	struct sim_config c = {
		.tasks = t, .ntasks = n, .cpus = 1, .policy = "edf",
		.horizon = horizon, .seed = 1,
	};
	return c;
}

/* Every allocation of create + run may fail: the result is then RT_OK or
 * RT_ERR_NOMEM, never a crash or a leak (ASan).  The set is overloaded
 * (U = 1.5, abort off) so the job pool and the timer-free queue grow; a
 * second pass uses on_miss abort so the event queue grows too. */
static void test_allocation_failures_are_reported(void)
{
	struct rt_task t[3] = { rt_task_make("a", 3, 4, 4),
				rt_task_make("b", 1, 2, 4),
				rt_task_make("c", 1, 8, 8) };
	long n;

	t[2].jitter = 3;
	for (int abort_mode = 0; abort_mode < 2; abort_mode++) {
		struct sim_config c = prop_cfg(t, 3, 4000);

		c.cpus = abort_mode ? 2 : 1;
		c.on_miss = abort_mode ? SIM_ON_MISS_ABORT
				       : SIM_ON_MISS_CONTINUE;
		for (n = 0; n < 10000; n++) {
			struct sim_engine *e = NULL;
			enum rt_err err, err2 = RT_OK;

			rt_mem_fail_after(n);
			err = sim_engine_create(&c, &e, NULL);
			if (err == RT_OK)
				err2 = sim_engine_run(e, NULL);
			rt_mem_fail_after(-1);
			CU_ASSERT(err == RT_OK || err == RT_ERR_NOMEM);
			CU_ASSERT(err2 == RT_OK || err2 == RT_ERR_NOMEM);
			if (err == RT_OK)
				CU_ASSERT_PTR_NOT_NULL(e);
			sim_engine_destroy(e);
			if (err == RT_OK && err2 == RT_OK)
				break;
		}
		CU_ASSERT(n > 5);       /* the sweep reached into run() */
		CU_ASSERT(n < 10000);
	}
}

/* Pending jobs, counted from the records: +1 at a release, -1 at a
 * completion or an abort; the first release that makes more than 'limit'
 * pending is remembered. */
struct pend_count {
	size_t pending, peak, limit;
	bool over;
	uint32_t task;
	uint64_t job;
};

static enum rt_err pend_emit(void *ctx, const struct sim_rec *r)
{
	struct pend_count *p = ctx;

	if (r->kind == SIM_REC_RELEASE) {
		if (++p->pending > p->peak)
			p->peak = p->pending;
		if (p->pending > p->limit && !p->over) {
			p->over = true;
			p->task = r->task;
			p->job = r->job;
		}
	} else {
		p->pending--;
	}
	return RT_OK;
}

/* max-memory: on an overloaded set (U = 4/3, continue) the backlog grows;
 * with a budget of k jobs the run fails exactly at the first release
 * that makes k + 1 jobs pending in the unlimited run (the same schedule
 * up to there), naming that job and k; with a budget above the peak, or
 * none, the run completes. */
static void test_pending_job_budget_fails_at_its_release(void)
{
	struct rt_task t[2] = { rt_task_make("a", 2, 2, 2),
				rt_task_make("b", 1, 3, 3) };
	struct sim_config c = prop_cfg(t, 2, 600);

	for (size_t k = 1; k <= 40; k++) {
		struct pend_count free_run = { .limit = k };
		struct sim_sink sk = {
			.mask = SIM_MASK(SIM_REC_RELEASE) |
				SIM_MASK(SIM_REC_COMPLETE) |
				SIM_MASK(SIM_REC_ABORT),
			.emit = pend_emit, .ctx = &free_run,
		};
		struct sim_engine *e = NULL;
		struct rt_diag d = { "" };
		char want[160];

		CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, NULL), RT_OK);
		CU_ASSERT_EQUAL_FATAL(sim_engine_add_sink(e, &sk), RT_OK);
		CU_ASSERT_EQUAL(sim_engine_run(e, NULL), RT_OK);
		sim_engine_destroy(e);
		CU_ASSERT_TRUE_FATAL(free_run.over);    /* it does pile up */

		CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, NULL), RT_OK);
		sim_engine_set_max_memory(e, k * sizeof(struct sim_job));
		CU_ASSERT_EQUAL(sim_engine_run(e, &d), RT_ERR_NOMEM);
		snprintf(want, sizeof(want), "job %" PRIu64 " of task %s: more "
			 "than %zu pending jobs, over max-memory (%zu bytes",
			 free_run.job, t[free_run.task].name, k,
			 k * sizeof(struct sim_job));
		if (!strstr(d.msg, want))
			fprintf(stderr, "\n  k %zu: want '%s'\n  got '%s'\n", k,
				want, d.msg);
		CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, want));
		sim_engine_destroy(e);

		/* a budget that holds the peak: no failure */
		CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, NULL), RT_OK);
		sim_engine_set_max_memory(e, free_run.peak *
					  sizeof(struct sim_job));
		CU_ASSERT_EQUAL(sim_engine_run(e, NULL), RT_OK);
		sim_engine_destroy(e);
	}
}

CU_TestInfo prop_tests[] = {
	{ "random sets keep every schedule invariant",
	  test_random_sets_keep_every_schedule_invariant },
	{ "synchronous simulation matches brute-force dbf",
	  test_sync_simulation_matches_brute_force_dbf },
	{ "allocation failures are reported, not crashes or leaks",
	  test_allocation_failures_are_reported },
	{ "the pending-job budget fails at its release",
	  test_pending_job_budget_fails_at_its_release },
	CU_TEST_INFO_NULL
};
