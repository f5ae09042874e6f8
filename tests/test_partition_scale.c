/* test_partition_scale.c - the incremental partitioner (models/partition.c)
 * against the quadratic one it replaced (tests/part_ref.c), and packings
 * of the sizes that used to take minutes.
 *
 * Differential: seeded random sets (the seed is printed on a failure) of
 * implicit and constrained deadlines, periods from a small harmonic-ish
 * list (so loads tie exactly and the exact fallbacks run) and from a wide
 * range (so they do not), every heuristic: CPU of every task, verdict,
 * misfit, count placed and checks run must all be equal.
 *
 * Scale: 100,000 implicit-deadline tasks (1,000 with a third of the
 * deadlines constrained, so QPA runs) under every heuristic on 64 (8)
 * CPUs, 20,000 tasks
 * best-fit on 4,096 CPUs, 1 task on 65,536 CPUs.  These are not timed
 * (performance claims live in bench/): they only have to finish, which
 * the old code did not do within minutes.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "models/analysis_uni.h"
#include "models/mem.h"
#include "models/partition.h"
#include "models/rng.h"
#include "tests/part_ref.h"
#include "tests/suites.h"

#define TK(c, d, t) rt_task_make(NULL, (c), (d), (t))

static void random_set(struct rt_rng *g, struct rt_task *ts, size_t n,
		       unsigned m, bool wide, bool constrained)
{
	static const rt_time periods[] = { 3, 4, 5, 6, 8, 10, 12, 15, 20, 24, 30 };

	for (size_t i = 0; i < n; i++) {
		rt_time t = wide ? rt_rng_range(g, 10, 1000000) :
			    periods[rt_rng_range(g, 0, 10)];
		/* mean U per task about 1.6 m / n: some sets overflow */
		rt_time c = rt_rng_range(g, 1, t * 3 * (rt_time)m / (rt_time)n + 1);
		rt_time d = t;

		if (c > t)
			c = t;
		if (constrained && rt_rng_range(g, 0, 2) == 0)
			d = rt_rng_range(g, c, t);
		ts[i] = TK(c, d, t);
	}
}

static void test_incremental_partitioner_equals_the_reference(void)
{
	const uint64_t seed = 0x9a57;
	struct rt_rng g;
	size_t differ = 0, runs = 0, rejects = 0;

	rt_rng_seed(&g, seed);
	for (size_t set = 0; set < 400 && !differ; set++) {
		unsigned m = (unsigned)rt_rng_range(&g, 1, 8);
		size_t n = (size_t)rt_rng_range(&g, 1, 40);
		struct rt_task ts[40];

		random_set(&g, ts, n, m, set % 2, set % 3 == 0);
		for (unsigned h = 0; h < RT_PART__COUNT; h++) {
			struct rt_partition a, b;
			struct rt_diag d1 = { "" }, d2 = { "" };
			int ca[40], cb[40];
			enum rt_err e1, e2;

			e1 = rt_partition(ts, n, m, (enum rt_part_heuristic)h,
					  RT_UNI_BUDGET_DEFAULT, ca, &a, &d1);
			e2 = ref_partition(ts, n, m, (enum rt_part_heuristic)h,
					   RT_UNI_BUDGET_DEFAULT, cb, &b, &d2);
			runs++;
			if (e1 != e2 || (e1 == RT_OK &&
			    (memcmp(ca, cb, n * sizeof(*ca)) || a.verdict != b.verdict ||
			     a.misfit != b.misfit || a.placed != b.placed ||
			     a.checks != b.checks))) {
				fprintf(stderr, "\n  [seed %#" PRIx64 ", set %zu, n = %zu, "
					"m = %u, %s differs]", seed, set, n, m,
					rt_part_name((enum rt_part_heuristic)h));
				differ++;
				break;
			}
			rejects += e1 == RT_OK && a.verdict == RT_VERDICT_REJECT;
		}
	}
	CU_ASSERT_EQUAL(differ, 0);
	/* both outcomes occur, so the comparison covers misfits too */
	CU_ASSERT(rejects > runs / 10 && rejects < runs * 9 / 10);
}

/* n tasks with U about 0.9 m in total, all implicit or a third constrained. */
static struct rt_task *big_set(size_t n, unsigned m, uint64_t seed, bool constrained)
{
	struct rt_task *ts = rt_calloc(n, sizeof(*ts));
	struct rt_rng g;

	rt_rng_seed(&g, seed);
	for (size_t i = 0; ts && i < n; i++) {
		rt_time t = rt_rng_range(&g, 1000, 1000000);
		rt_time c = rt_rng_range(&g, 1, t * 18 * (rt_time)m / 10 /
					  (rt_time)n + 1);
		rt_time d = constrained && i % 3 == 0 ? c + (t - c) / 2 : t;

		ts[i] = TK(c > t ? t : c, d, t);
	}
	return ts;
}

static void pack_big(size_t n, unsigned m, enum rt_part_heuristic h,
		     bool constrained)
{
	struct rt_task *ts = big_set(n, m, 0x5ca1e + n + m, constrained);
	int *cpu = rt_calloc(n, sizeof(*cpu));
	struct rt_partition r;
	struct rt_diag d = { "" };

	enum rt_err err;

	CU_ASSERT_FATAL(ts && cpu);
	err = rt_partition(ts, n, m, h, RT_UNI_BUDGET_DEFAULT, cpu, &r, &d);
	if (err == RT_ERR_UNSUPPORTED && strstr(d.msg, "budget")) {
		/* QPA's budget ran out: an answer ("n/a"), not a hang */
		CU_ASSERT(constrained);
		goto out;
	}
	if (err != RT_OK)
		fprintf(stderr, "\n  [%s: %s]", rt_part_name(h), d.msg);
	CU_ASSERT_EQUAL_FATAL(err, RT_OK);
	CU_ASSERT(r.placed > n / 2);
	for (size_t i = 0; i < r.placed && i < n; i++)
		if (cpu[i] >= (int)m) {
			CU_FAIL("CPU out of range");
			break;
		}
out:
	rt_free(ts);
	rt_free(cpu);
}

static void test_hundred_thousand_tasks_every_heuristic(void)
{
	for (unsigned h = 0; h < RT_PART__COUNT; h++) {
		pack_big(100000, 64, (enum rt_part_heuristic)h, false);
		pack_big(1000, 8, (enum rt_part_heuristic)h, true);
	}
}

/* Sets of equal tasks (one to three distinct (C, D, T), repeated): the
 * loads of many CPUs tie exactly at every step, so every comparison of
 * best and worst fit needs the exact sums (struct xsum) -- the same
 * answers as the reference, CPU by CPU. */
static void test_equal_tasks_pack_as_the_reference(void)
{
	const uint64_t seed = 0xe9a1;
	struct rt_rng g;
	size_t differ = 0;

	rt_rng_seed(&g, seed);
	for (size_t set = 0; set < 150 && !differ; set++) {
		unsigned m = (unsigned)rt_rng_range(&g, 1, 16);
		size_t n = (size_t)rt_rng_range(&g, 1, 200);
		size_t kinds = (size_t)rt_rng_range(&g, 1, 3);
		struct rt_task kind[3], ts[200];

		for (size_t k = 0; k < kinds; k++) {
			rt_time t = rt_rng_range(&g, 2, 60);
			rt_time c = rt_rng_range(&g, 1, t / 2 + 1);
			rt_time d = set % 3 ? t : rt_rng_range(&g, c, t);

			kind[k] = TK(c, d, t);
		}
		for (size_t i = 0; i < n; i++)
			ts[i] = kind[(size_t)rt_rng_range(&g, 0,
							   (int64_t)kinds - 1)];
		for (unsigned h = 0; h < RT_PART__COUNT; h++) {
			struct rt_partition a, b;
			struct rt_diag d1 = { "" }, d2 = { "" };
			int ca[200], cb[200];
			enum rt_err e1, e2;

			e1 = rt_partition(ts, n, m, (enum rt_part_heuristic)h,
					  RT_UNI_BUDGET_DEFAULT, ca, &a, &d1);
			e2 = ref_partition(ts, n, m, (enum rt_part_heuristic)h,
					   RT_UNI_BUDGET_DEFAULT, cb, &b, &d2);
			if (e1 != e2 || (e1 == RT_OK &&
			    (memcmp(ca, cb, n * sizeof(*ca)) ||
			     a.verdict != b.verdict || a.misfit != b.misfit ||
			     a.placed != b.placed || a.checks != b.checks))) {
				fprintf(stderr, "\n  [seed %#" PRIx64 ", set %zu, "
					"n = %zu, m = %u, %s differs]", seed,
					set, n, m,
					rt_part_name((enum rt_part_heuristic)h));
				differ++;
				break;
			}
		}
	}
	CU_ASSERT_EQUAL(differ, 0);
}

/* 100,000 equal tasks (1, 2000) on 64 CPUs, every heuristic: worst fit
 * rebuilt two CPUs' exact sums from their lists at every comparison of
 * equal loads (about 38 s through `dlsim validate`); now each task is
 * added to its CPU's exact sum once.  Tasks spread evenly under worst
 * fit. */
static void test_hundred_thousand_equal_tasks_every_heuristic(void)
{
	const size_t n = 100000;
	struct rt_task *ts = rt_calloc(n, sizeof(*ts));
	int *cpu = rt_calloc(n, sizeof(*cpu));

	CU_ASSERT_FATAL(ts && cpu);
	for (size_t i = 0; i < n; i++)
		ts[i] = TK(1, 2000, 2000);
	for (unsigned h = 0; h < RT_PART__COUNT; h++) {
		struct rt_partition r;
		struct rt_diag d = { "" };

		CU_ASSERT_EQUAL(rt_partition(ts, n, 64, (enum rt_part_heuristic)h,
					     RT_UNI_BUDGET_DEFAULT, cpu, &r, &d),
				RT_OK);
		CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
		if (h % 3 == 2)         /* worst fit: round robin */
			CU_ASSERT(cpu[n - 1] == (int)((n - 1) % 64));
	}
	rt_free(ts);
	rt_free(cpu);
}

static void test_best_fit_twenty_thousand_tasks_on_4096_cpus(void)
{
	pack_big(20000, 4096, RT_PART_BEST_FIT, false);
	pack_big(20000, 4096, RT_PART_WORST_FIT_DEC, false);
}

static void test_one_task_on_65536_cpus(void)
{
	struct rt_task t = TK(1, 2, 3);
	struct rt_partition r;
	struct rt_diag d = { "" };
	int cpu = -1;

	for (unsigned h = 0; h < RT_PART__COUNT; h++) {
		CU_ASSERT_EQUAL(rt_partition(&t, 1, 65536, (enum rt_part_heuristic)h,
					     RT_UNI_BUDGET_DEFAULT, &cpu, &r, &d),
				RT_OK);
		CU_ASSERT_EQUAL(cpu, 0);
		CU_ASSERT_EQUAL(r.checks, 1);
	}
}

CU_TestInfo partition_scale_tests[] = {
	{ "the incremental partitioner equals the reference (400 sets x 9)",
	  test_incremental_partitioner_equals_the_reference },
	{ "equal tasks pack as the reference (150 sets x 9)",
	  test_equal_tasks_pack_as_the_reference },
	{ "100,000 equal tasks pack under every heuristic",
	  test_hundred_thousand_equal_tasks_every_heuristic },
	{ "100,000 tasks pack under every heuristic",
	  test_hundred_thousand_tasks_every_heuristic },
	{ "best fit packs 20,000 tasks on 4,096 CPUs",
	  test_best_fit_twenty_thousand_tasks_on_4096_cpus },
	{ "one task on 65,536 CPUs", test_one_task_on_65536_cpus },
	CU_TEST_INFO_NULL
};
