/* test_multi_binding.c - binding tasks to CPUs and clusters
 * (models/placement.h) and what depends on it: clustered packing by
 * utilization, fixed CPUs packed as rt_partition packs them, fixed-
 * priority partitioning through fp-rta, allocation failures in the
 * placement and in the engine, and the per-CPU horizon of a partitioned
 * run (the largest CPU busy period).
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/analysis_fp.h"
#include "models/mem.h"
#include "models/partition.h"
#include "models/placement.h"
#include "models/rng.h"
#include "models/task.h"
#include "sim/engine.h"
#include "sim/horizon.h"
#include "tests/multi_util.h"
#include "tests/suites.h"

static void test_clustered_packing_by_utilization(void)
{
	/* u = 0.9 x 4, then 0.5, on 2 clusters of 2 CPUs (capacity 2). */
	struct rt_task t[5] = { rt_task_make("a", 9, 10, 10),
				rt_task_make("b", 9, 10, 10),
				rt_task_make("c", 9, 10, 10),
				rt_task_make("d", 9, 10, 10),
				rt_task_make("e", 1, 2, 2) };
	unsigned cl[5] = { 9, 9, 9, 9, 9 };
	struct rt_place_result r;
	struct rt_diag d;

	/* first fit: a, b -> 0 (1.8); c, d -> 1 (1.8); e fits nowhere. */
	CU_ASSERT_EQUAL(rt_place(t, 5, 4, 2, RT_PART_FIRST_FIT, NULL, 1000, cl,
				 &r, &d), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(r.misfit, 4);
	CU_ASSERT_EQUAL(r.placed, 4);
	CU_ASSERT_EQUAL(cl[0], 9);              /* untouched on reject */
	/* Without e: first fit a, b | c, d; worst fit alternates a | b,
	 * then c to the less loaded (index 0 on ties), d to 1. */
	CU_ASSERT_EQUAL(rt_place(t, 4, 4, 2, RT_PART_FIRST_FIT, NULL, 1000, cl,
				 &r, &d), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT(cl[0] == 0 && cl[1] == 0 && cl[2] == 1 && cl[3] == 1);
	CU_ASSERT_EQUAL(rt_place(t, 4, 4, 2, RT_PART_WORST_FIT, NULL, 1000, cl,
				 &r, &d), RT_OK);
	CU_ASSERT(cl[0] == 0 && cl[1] == 1 && cl[2] == 0 && cl[3] == 1);
	/* A task pinned by cpu: 3 joins cluster 1; the rest pack around
	 * it: best fit puts b on the fuller cluster 1 (0.9 + 0.9). */
	t[0].cpu = 3;
	CU_ASSERT_EQUAL(rt_place(t, 4, 4, 2, RT_PART_BEST_FIT, NULL, 1000, cl,
				 &r, &d), RT_OK);
	CU_ASSERT_EQUAL(r.fixed, 1);
	CU_ASSERT(cl[0] == 1 && cl[1] == 1 && cl[2] == 0 && cl[3] == 0);
	/* A task heavier than one CPU fits in no cluster. */
	t[0] = rt_task_make("fat", 11, 10, 10);
	CU_ASSERT_EQUAL(rt_place(t, 1, 4, 2, RT_PART_FIRST_FIT, NULL, 1000, cl,
				 &r, &d), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	/* Invalid input. */
	t[0].cpu = 4;
	CU_ASSERT_EQUAL(rt_place(t, 1, 4, 2, RT_PART_FIRST_FIT, NULL, 1000, cl,
				 &r, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "cpu 4"));
	CU_ASSERT_EQUAL(rt_place(t, 1, 4, 3, RT_PART_FIRST_FIT, NULL, 1000, cl,
				 &r, &d), RT_ERR_INVAL);
	/* One cluster: everything in 0, whatever the load. */
	CU_ASSERT_EQUAL(rt_place(t, 1, 4, 4, RT_PART_FIRST_FIT, NULL, 1000, cl,
				 &r, &d), RT_ERR_INVAL);    /* cpu 4 >= 4 */
	t[0].cpu = -1;
	CU_ASSERT_EQUAL(rt_place(t, 1, 4, 4, RT_PART_FIRST_FIT, NULL, 1000, cl,
				 &r, &d), RT_OK);
	CU_ASSERT(r.verdict == RT_VERDICT_ACCEPT && cl[0] == 0);
}

/*
 * Partitioned with some tasks fixed by cpu: when the fixed tasks are
 * exactly the first j tasks rt_partition placed (in its packing order),
 * packing the rest on top of them gives rt_partition's assignment: the
 * two packers follow the same rules.  Random sets, every heuristic.
 */
static void test_fixed_cpus_pack_like_rt_partition(void)
{
	const uint64_t base = 0x9a771;
	int compared = 0, failed = 0;

	for (uint64_t s = base; s < base + 400 && failed < 3; s++) {
		struct rt_task t[10];
		int cpu[10];
		unsigned cl[10], m;
		size_t n, order[10], j;
		struct rt_partition pr;
		struct rt_place_result r;
		enum rt_part_heuristic h;
		struct rt_rng g;
		bool same = true;

		rt_rng_seed(&g, s);
		m = (unsigned)rt_rng_range(&g, 2, 4);
		n = (size_t)rt_rng_range(&g, 2, 10);
		h = (enum rt_part_heuristic)rt_rng_range(&g, 0, RT_PART__COUNT - 1);
		for (size_t i = 0; i < n; i++) {
			rt_time T = rt_rng_range(&g, 4, 40);
			rt_time C = rt_rng_range(&g, 1, T * 2 / 3);

			t[i] = rt_task_make("p", C, rt_rng_range(&g, C, T), T);
		}
		CU_ASSERT_EQUAL_FATAL(rt_partition(t, n, m, h, 1000000, cpu, &pr,
						   NULL), RT_OK);
		if (pr.verdict != RT_VERDICT_ACCEPT)
			continue;
		/* rt_partition's packing order: input order, or weight
		 * non-increasing (stable), as placement.h states. */
		for (size_t i = 0; i < n; i++)
			order[i] = i;
		for (size_t i = 1; h >= RT_PART_FIRST_FIT_DEC && i < n; i++)
			for (size_t q = i; q > 0; q--) {
				const struct rt_task *a = &t[order[q]];
				const struct rt_task *b = &t[order[q - 1]];
				bool dens = h >= RT_PART_FIRST_FIT_DEC_DENSITY;
				int64_t wa = dens && a->deadline < a->period ?
					     a->deadline : a->period;
				int64_t wb = dens && b->deadline < b->period ?
					     b->deadline : b->period;
				size_t x;

				if (a->wcet * wb <= b->wcet * wa)
					break;
				x = order[q];
				order[q] = order[q - 1];
				order[q - 1] = x;
			}
		j = (size_t)rt_rng_range(&g, 1, (int64_t)n);
		for (size_t q = 0; q < j; q++)
			t[order[q]].cpu = cpu[order[q]];
		CU_ASSERT_EQUAL_FATAL(rt_place(t, n, m, 1, h, NULL, 1000000, cl,
					       &r, NULL), RT_OK);
		same = r.verdict == RT_VERDICT_ACCEPT && r.fixed == j;
		for (size_t i = 0; same && i < n; i++)
			same = cl[i] == (unsigned)cpu[i];
		if (!same) {
			fprintf(stderr, "\nseed %" PRIu64 ": %s, %zu of %zu fixed: "
				"placement differs from rt_partition\n", s,
				rt_part_name(h), j, n);
			failed++;
		}
		CU_ASSERT(same);
		compared++;
	}
	CU_ASSERT(compared > 100);
}

/* With policy fp the CPUs admit tasks by fp-rta: (2,5), (4,7), (4,7)
 * first fit on 2 CPUs packs under EDF (U = 34/35 on CPU 0) but not
 * under rate-monotonic (R = 8 > 7 next to (2,5); 8/7 on CPU 1). */
static void test_fixed_priority_partitioning_uses_fp_rta(void)
{
	struct rt_task t[3] = { rt_task_make("a", 2, 5, 5),
				rt_task_make("b", 4, 7, 7),
				rt_task_make("c", 4, 7, 7) };
	enum rt_fp_order rm = RT_FP_RATE_MONOTONIC;
	struct rt_place_result r;
	unsigned cl[3];

	CU_ASSERT_EQUAL(rt_place(t, 3, 2, 1, RT_PART_FIRST_FIT, NULL, 100000, cl,
				 &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT(cl[0] == 0 && cl[1] == 0 && cl[2] == 1);
	CU_ASSERT_EQUAL(rt_place(t, 3, 2, 1, RT_PART_FIRST_FIT, &rm, 100000, cl,
				 &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(r.misfit, 2);
}

/*
 * fp-rta breaks equal priorities by array position; the placer handed it
 * a CPU's tasks newest first.  Rate-monotonic, every T = 10, so the
 * order is the task index: A (C 2, D 2) > B (C 2, D 10) > C (C 1, D 10);
 * first fit on 2 CPUs:
 *   A on CPU 0: R_A = 2 <= 2;
 *   B on CPU 0: R_A = 2, R_B = 2 + 2 = 4 <= 10;
 *   C on CPU 0: R_A = 2, R_B = 4, R_C = 1 + 2 + 2 = 5 <= 10: fits.
 * Newest first, the CPU was tested as B, A, C: B above A, R_A = 2 + 2 =
 * 4 > 2, and C was sent to CPU 1.
 */
static void test_fp_placement_ties_follow_the_task_index(void)
{
	struct rt_task t[3] = { rt_task_make("A", 2, 2, 10),
				rt_task_make("B", 2, 10, 10),
				rt_task_make("C", 1, 10, 10) };
	enum rt_fp_order rm = RT_FP_RATE_MONOTONIC;
	struct rt_place_result r;
	unsigned cl[3] = { 9, 9, 9 };
	rt_time resp[3];
	struct rt_fp_result fr;

	CU_ASSERT_EQUAL(rt_fp_rta(t, 3, rm, 100000, resp, &fr, NULL), RT_OK);
	CU_ASSERT_EQUAL(fr.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT(resp[0] == 2 && resp[1] == 4 && resp[2] == 5);
	CU_ASSERT_EQUAL(rt_place(t, 3, 2, 1, RT_PART_FIRST_FIT, &rm, 100000, cl,
				 &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT(cl[0] == 0 && cl[1] == 0 && cl[2] == 0);
}

static void test_placement_allocation_failures_are_reported(void)
{
	struct rt_task t[4] = { rt_task_make("a", 2, 5, 5),
				rt_task_make("b", 4, 7, 7),
				rt_task_make("c", 1, 7, 7),
				rt_task_make("e", 1, 3, 3) };
	struct rt_place_result r;
	unsigned cl[4];
	long n;

	t[1].cpu = 1;
	for (unsigned k = 1; k <= 2; k++) {
		for (n = 0; n < 1000; n++) {
			enum rt_err err;

			rt_mem_fail_after(n);
			err = rt_place(t, 4, 4, k, RT_PART_BEST_FIT, NULL, 100000,
				       cl, &r, NULL);
			rt_mem_fail_after(-1);
			CU_ASSERT(err == RT_OK || err == RT_ERR_NOMEM);
			if (err == RT_OK)
				break;
		}
		CU_ASSERT(n > 0 && n < 1000);
		CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	}
}

/* Every allocation of create + run (cluster runqueues included) and of the
 * per-CPU horizon may fail: RT_OK or RT_ERR_NOMEM, never a crash or leak. */
static void test_engine_allocation_failures_with_placement(void)
{
	struct rt_task t[4] = { rt_task_make("a", 3, 4, 4),
				rt_task_make("b", 1, 2, 4),
				rt_task_make("c", 1, 8, 8),
				rt_task_make("e", 2, 3, 3) };
	static const unsigned cl[4] = { 0, 1, 1, 0 };

	for (int place = 1; place <= 2; place++) {
		struct sim_config c = mcfg(t, 4, place == 1 ? 2 : 4, 2000);
		long n;

		c.placement = place == 1 ? SIM_PLACE_PARTITIONED
					 : SIM_PLACE_CLUSTERED;
		c.cluster_size = 2;
		c.task_cluster = cl;
		c.policy = place == 1 ? "fp" : "edf";
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
			sim_engine_destroy(e);
			if (err == RT_OK && err2 == RT_OK)
				break;
		}
		CU_ASSERT(n > 5 && n < 10000);
	}
	for (long n = 0; n < 100; n++) {
		struct sim_horizon h;
		enum rt_err err;

		rt_mem_fail_after(n);
		err = sim_choose_horizon_partitioned(t, 4, 2, cl, RT_TIME_NEVER,
						     &h, NULL);
		rt_mem_fail_after(-1);
		CU_ASSERT(err == RT_OK || err == RT_ERR_NOMEM);
		if (err == RT_OK) {
			CU_ASSERT(n > 0);
			break;
		}
	}
}

/* Partitioned horizons: the largest per-CPU busy period, exact. */
static void test_partitioned_horizon_is_the_largest_cpu_busy_period(void)
{
	struct rt_task t[3] = { rt_task_make("t1", 1, 10, 10),
				rt_task_make("t2", 1, 10, 10),
				rt_task_make("t3", 11, 11, 11) };
	static const unsigned cpu[3] = { 1, 1, 0 }, bad[3] = { 0, 0, 2 };
	struct sim_horizon h;

	/* CPU 0: L_b = 11; CPU 1: L_b = 2. */
	CU_ASSERT_EQUAL(sim_choose_horizon_partitioned(t, 3, 2, cpu,
						       RT_TIME_NEVER, &h, NULL),
			RT_OK);
	CU_ASSERT(h.exact && h.horizon == 11 && h.busy_period == 11);
	CU_ASSERT_EQUAL(h.source, SIM_HORIZON_BUSY_PERIOD);
	/* All on one CPU: U = 1.2 > 1, no busy period, not exact. */
	CU_ASSERT_EQUAL(sim_choose_horizon(t, 3, 2, RT_TIME_NEVER, &h, NULL),
			RT_OK);
	CU_ASSERT_FALSE(h.exact);
	/* A user horizon covering every CPU's busy period stays exact. */
	CU_ASSERT_EQUAL(sim_choose_horizon_partitioned(t, 3, 2, cpu, 50, &h,
						       NULL), RT_OK);
	CU_ASSERT(h.exact && h.horizon == 50);
	CU_ASSERT_EQUAL(sim_choose_horizon_partitioned(t, 3, 2, cpu, 10, &h,
						       NULL), RT_OK);
	CU_ASSERT_FALSE(h.exact);
	/* An offset: not the synchronous pattern. */
	t[0].offset = 1;
	CU_ASSERT_EQUAL(sim_choose_horizon_partitioned(t, 3, 2, cpu,
						       RT_TIME_NEVER, &h, NULL),
			RT_OK);
	CU_ASSERT_FALSE(h.exact);
	CU_ASSERT_EQUAL(sim_choose_horizon_partitioned(t, 3, 2, bad,
						       RT_TIME_NEVER, &h, NULL),
			RT_ERR_INVAL);
}

CU_TestInfo multi_binding_tests[] = {
	{ "clustered packing admits by utilization per cluster",
	  test_clustered_packing_by_utilization },
	{ "fixed CPUs pack the rest like rt_partition",
	  test_fixed_cpus_pack_like_rt_partition },
	{ "fixed-priority partitioning admits by fp-rta",
	  test_fixed_priority_partitioning_uses_fp_rta },
	{ "fixed-priority placement breaks ties by task index",
	  test_fp_placement_ties_follow_the_task_index },
	{ "placement allocation failures are reported",
	  test_placement_allocation_failures_are_reported },
	{ "a partitioned horizon is the largest per-CPU busy period",
	  test_partitioned_horizon_is_the_largest_cpu_busy_period },
	{ "engine allocation failures with placement are reported",
	  test_engine_allocation_failures_with_placement },
	CU_TEST_INFO_NULL
};
