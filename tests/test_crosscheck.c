/* test_crosscheck.c - analysis against simulation on random task sets
 * (docs/design.md §10; docs/theory.md §A.6, D.3): on one CPU with U <= 1, the synchronous
 * periodic simulation over [0, L_b) misses iff QPA rejects, and its maximum
 * tardiness equals the exact Delta.  Seeded; the seed is printed on failure. */
#include <stdio.h>

#include "models/analysis_uni.h"
#include "models/rng.h"
#include "models/task.h"
#include "sim/engine.h"
#include "sim/horizon.h"
#include "tests/suites.h"

#define XC_SETS  1200          /* sets actually compared */
#define XC_SEEDS 20000         /* seeds tried at most */
#define XC_MAXN  6

static void xc_random_set(struct rt_rng *r, struct rt_task *ts, size_t *n)
{
	*n = (size_t)rt_rng_range(r, 1, XC_MAXN);
	for (size_t i = 0; i < *n; i++) {
		rt_time t = rt_rng_range(r, 2, 60);
		rt_time cmax = t / (rt_time)*n + 1;     /* a little overload, too */
		rt_time c = rt_rng_range(r, 1, cmax < t ? cmax : t);
		rt_time d;

		switch (rt_rng_range(r, 0, 2)) {
		case 0:  d = t; break;                            /* implicit */
		case 1:  d = rt_rng_range(r, c, t); break;        /* constrained */
		default: d = rt_rng_range(r, c, 2 * t); break;    /* arbitrary */
		}
		ts[i] = rt_task_make("x", c, d, t);
	}
}

static void test_simulation_agrees_with_qpa_and_delta(void)
{
	struct rt_rng r;
	int checked = 0;

	for (uint64_t seed = 1; seed <= XC_SEEDS && checked < XC_SETS; seed++) {
		struct rt_task ts[XC_MAXN];
		size_t n;
		bool u_ok;
		struct rt_uni_result q;
		struct sim_horizon h;
		struct sim_config cfg = { 0 };
		struct sim_engine *e = NULL;
		const struct sim_stats *st;
		rt_time delta;

		rt_rng_seed(&r, seed);
		xc_random_set(&r, ts, &n);
		if (rt_uni_utilization_test(ts, n, &u_ok) != RT_OK || !u_ok)
			continue;
		CU_ASSERT_EQUAL_FATAL(rt_uni_qpa(ts, n, &q), RT_OK);
		CU_ASSERT_EQUAL_FATAL(rt_uni_max_tardiness(ts, n, &delta), RT_OK);
		CU_ASSERT_EQUAL_FATAL(sim_choose_horizon(ts, n, 1, RT_TIME_NEVER, &h, NULL), RT_OK);
		if (!h.exact)
			continue;       /* capped: too long to be a unit test */
		cfg.tasks = ts;
		cfg.ntasks = n;
		cfg.cpus = 1;
		cfg.policy = "edf";
		cfg.horizon = h.horizon;
		cfg.tie_break = seed % 2 ? SIM_TIE_TASK_ORDER : SIM_TIE_FIFO;
		CU_ASSERT_EQUAL_FATAL(sim_engine_create(&cfg, &e, NULL), RT_OK);
		CU_ASSERT_EQUAL_FATAL(sim_engine_run(e, NULL), RT_OK);
		st = sim_engine_stats(e);
		if ((st->misses > 0) != (q.verdict == RT_VERDICT_REJECT) ||
		    st->max_tardiness != delta) {
			printf("\n  crosscheck seed %llu: sim misses %llu tard %lld, "
			       "qpa %s, delta %lld\n", (unsigned long long)seed,
			       (unsigned long long)st->misses,
			       (long long)st->max_tardiness,
			       rt_verdict_name(q.verdict), (long long)delta);
			CU_FAIL("simulation disagrees with exact analysis");
		}
		sim_engine_destroy(e);
		checked++;
	}
	CU_ASSERT(checked == XC_SETS);
}

/* Running in steps (sim_engine_run_until, as the CLI does for progress
 * reports) gives exactly the statistics of one uninterrupted run. */
static void test_stepped_run_equals_one_run(void)
{
	struct rt_rng r;

	for (uint64_t seed = 1; seed <= 200; seed++) {
		struct rt_task ts[XC_MAXN];
		size_t n;
		struct sim_config cfg = { 0 };
		struct sim_engine *a = NULL, *b = NULL;
		const struct sim_stats *sa, *sb;
		bool fin = false;
		rt_time step;
		struct rt_diag dg;

		rt_rng_seed(&r, seed);
		xc_random_set(&r, ts, &n);
		cfg.tasks = ts;
		cfg.ntasks = n;
		cfg.cpus = 1 + (unsigned)(seed % 3);
		cfg.policy = "edf";
		cfg.horizon = 500;
		cfg.seed = seed;
		if (sim_engine_create(&cfg, &a, &dg) != RT_OK)
			printf("\n  seed %llu: %s\n", (unsigned long long)seed, dg.msg);
		CU_ASSERT_PTR_NOT_NULL_FATAL(a);
		CU_ASSERT_EQUAL_FATAL(sim_engine_create(&cfg, &b, NULL), RT_OK);
		CU_ASSERT_EQUAL_FATAL(sim_engine_run(a, NULL), RT_OK);
		step = rt_rng_range(&r, 1, 60);
		for (rt_time p = step; !fin; p += step) {
			CU_ASSERT_EQUAL_FATAL(sim_engine_run_until(b, p, &fin, NULL), RT_OK);
			CU_ASSERT(fin || sim_engine_stats(b)->now < p);
		}
		CU_ASSERT_EQUAL(sim_engine_run_until(b, 1000, &fin, NULL), RT_ERR_INVAL);
		sa = sim_engine_stats(a);
		sb = sim_engine_stats(b);
		CU_ASSERT_EQUAL(sa->jobs, sb->jobs);
		CU_ASSERT_EQUAL(sa->completed, sb->completed);
		CU_ASSERT_EQUAL(sa->misses, sb->misses);
		CU_ASSERT_EQUAL(sa->max_tardiness, sb->max_tardiness);
		CU_ASSERT_EQUAL(sa->events, sb->events);
		for (size_t i = 0; i < n; i++) {
			CU_ASSERT_EQUAL(sa->tasks[i].preemptions, sb->tasks[i].preemptions);
			CU_ASSERT_EQUAL(sa->tasks[i].max_response, sb->tasks[i].max_response);
			CU_ASSERT(sa->tasks[i].sum_response == sb->tasks[i].sum_response);
		}
		for (size_t c = 0; c < cfg.cpus; c++)
			CU_ASSERT_EQUAL(sa->cpu[c].busy, sb->cpu[c].busy);
		sim_engine_destroy(a);
		sim_engine_destroy(b);
	}
}

CU_TestInfo crosscheck_tests[] = {
	{ "running in steps gives the statistics of one run", test_stepped_run_equals_one_run },
	{ "simulation over L_b misses iff QPA rejects, and max tardiness equals Delta",
	  test_simulation_agrees_with_qpa_and_delta },
	CU_TEST_INFO_NULL
};
