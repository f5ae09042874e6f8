/* test_partition.c - partitioned EDF bin packing (docs/theory.md §C.2).
 *
 * Hand-worked packings for every heuristic (order, tie-breaks, exact
 * equality at a full CPU), the non-additive case QPA exists for, misfit
 * reporting; then seeded properties: on implicit-deadline sets (where QPA
 * on a CPU is exactly U <= 1) every heuristic equals textbook bin packing
 * in integer arithmetic; on any set every CPU of an accepted packing
 * passes PDC and a misfit fits on no CPU.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "models/analysis_global.h"
#include "models/analysis_uni.h"
#include "models/mem.h"
#include "models/partition.h"
#include "models/rng.h"
#include "models/tests.h"
#include "tests/suites.h"
#include "tests/trace_util.h"

/* docs/theory.md writes tasks as (C, T, D); rt_task_make takes (C, D, T). */
#define TK(c, t, d) rt_task_make(NULL, (c), (d), (t))
#define NTS(a) (sizeof(a) / sizeof((a)[0]))

static void pack(const struct rt_task *ts, size_t n, unsigned m,
		 enum rt_part_heuristic h, int *cpu, struct rt_partition *r)
{
	struct rt_diag d = { "" };

	CU_ASSERT_EQUAL_FATAL(rt_partition(ts, n, m, h, RT_UNI_BUDGET_DEFAULT, cpu,
					   r, &d), RT_OK);
}

static bool same(const int *a, const int *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return false;
	return true;
}

static void test_names_round_trip(void)
{
	enum rt_part_heuristic h;

	for (unsigned i = 0; i < RT_PART__COUNT; i++) {
		CU_ASSERT_TRUE(rt_part_find(rt_part_name((enum rt_part_heuristic)i), &h));
		CU_ASSERT_EQUAL(h, (enum rt_part_heuristic)i);
	}
	CU_ASSERT_STRING_EQUAL(rt_part_name(RT_PART_WORST_FIT_DEC_DENSITY),
			       "worst-fit-decreasing-density");
	CU_ASSERT_STRING_EQUAL(rt_part_name(RT_PART__COUNT), "?");
	CU_ASSERT_FALSE(rt_part_find("next-fit", &h));
	CU_ASSERT_FALSE(rt_part_find(NULL, &h));
}

/*
 * u = 6/10, 5/10, 4/10, 3/10 on two CPUs (exact: 6/10 + 4/10 = 1 fits):
 *   first-fit: 0.6->0, 0.5->1, 0.4->0 (now exactly 1), 0.3->1
 *   best-fit:  0.6->0, 0.5->1, 0.4: fullest that fits is 0 (0.6), 0.3 -> 1
 *   worst-fit: 0.6->0 (tie: lowest), 0.5->1, 0.4->1 (0.5 < 0.6), 0.3->0
 * Given in the order 0.3, 0.6, 0.4, 0.5 the -decreasing variants must sort
 * first (stable); the plain ones keep the input order.
 */
static void test_hand_worked_packings(void)
{
	struct rt_task sorted[] = { TK(6, 10, 10), TK(5, 10, 10), TK(4, 10, 10),
				    TK(3, 10, 10) };
	struct rt_task mixed[] = { TK(3, 10, 10), TK(6, 10, 10), TK(4, 10, 10),
				   TK(5, 10, 10) };
	const int ff[] = { 0, 1, 0, 1 }, bf[] = { 0, 1, 0, 1 }, wf[] = { 0, 1, 1, 0 };
	const int ffd[] = { 1, 0, 0, 1 }, wfd[] = { 0, 0, 1, 1 };
	const int ffm[] = { 0, 0, 1, 1 }, wfm[] = { 0, 1, 0, -1 };
	struct rt_partition r;
	int cpu[4];

	pack(sorted, 4, 2, RT_PART_FIRST_FIT, cpu, &r);
	CU_ASSERT_TRUE(same(cpu, ff, 4));
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(r.placed, 4);
	CU_ASSERT_EQUAL(r.misfit, RT_PART_NO_TASK);
	pack(sorted, 4, 2, RT_PART_BEST_FIT, cpu, &r);
	CU_ASSERT_TRUE(same(cpu, bf, 4));
	pack(sorted, 4, 2, RT_PART_WORST_FIT, cpu, &r);
	CU_ASSERT_TRUE(same(cpu, wf, 4));
	/* mixed order, decreasing: visits 0.6, 0.5, 0.4, 0.3 */
	pack(mixed, 4, 2, RT_PART_FIRST_FIT_DEC, cpu, &r);
	CU_ASSERT_TRUE(same(cpu, ffd, 4));
	pack(mixed, 4, 2, RT_PART_BEST_FIT_DEC, cpu, &r);
	CU_ASSERT_TRUE(same(cpu, ffd, 4));
	pack(mixed, 4, 2, RT_PART_WORST_FIT_DEC, cpu, &r);
	CU_ASSERT_TRUE(same(cpu, wfd, 4));
	/* mixed order as given: 0.3->0, 0.6->0, 0.4->1, 0.5->1 (first fit);
	 * worst fit: 0.3->0, 0.6->1, 0.4->0 (0.7), then 0.5 fits neither */
	pack(mixed, 4, 2, RT_PART_FIRST_FIT, cpu, &r);
	CU_ASSERT_TRUE(same(cpu, ffm, 4));
	pack(mixed, 4, 2, RT_PART_WORST_FIT, cpu, &r);
	CU_ASSERT_TRUE(same(cpu, wfm, 4));
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(r.misfit, 3);
	CU_ASSERT_EQUAL(r.placed, 3);
}

/*
 * Density vs utilization order: a = (C=2, T=10, D=4): u = 1/5, density
 * 1/2; b = (4, 10, 10): u = 2/5, density 2/5; c = (2, 10, 10).
 * By utilization b goes first, by density a does.  Equal weights keep the
 * input order (stable sort).
 */
static void test_density_order_and_stable_ties(void)
{
	struct rt_task ts[] = { TK(2, 10, 4), TK(4, 10, 10), TK(2, 10, 10) };
	struct rt_task ties[] = { TK(1, 4, 4), TK(2, 8, 8), TK(3, 12, 12) };
	const int byu[] = { 1, 0, 2 }, byd[] = { 0, 1, 2 }, tie[] = { 0, 1, 2 };
	struct rt_partition r;
	int cpu[3];

	pack(ts, 3, 3, RT_PART_WORST_FIT_DEC, cpu, &r);
	CU_ASSERT_TRUE(same(cpu, byu, 3));              /* b, a, c */
	pack(ts, 3, 3, RT_PART_WORST_FIT_DEC_DENSITY, cpu, &r);
	CU_ASSERT_TRUE(same(cpu, byd, 3));              /* a, b, c */
	pack(ties, 3, 3, RT_PART_WORST_FIT_DEC, cpu, &r);
	CU_ASSERT_TRUE(same(cpu, tie, 3));
	pack(ties, 3, 3, RT_PART_WORST_FIT_DEC_DENSITY, cpu, &r);
	CU_ASSERT_TRUE(same(cpu, tie, 3));
}

/* seed1: U = 0.8 fits by utilization, but QPA rejects both on one CPU. */
static void test_exact_test_separates_what_utilization_would_merge(void)
{
	struct rt_task seed1[] = { TK(4, 10, 5), TK(4, 10, 5) };
	struct rt_task three[] = { TK(6, 10, 10), TK(6, 10, 10), TK(6, 10, 10) };
	const int two[] = { 0, 1 }, first[] = { 0, -1 }, tri[] = { 0, 1, -1 };
	struct rt_test_result out;
	struct rt_partition r;
	struct rt_diag d = { "" };
	int cpu[3];

	pack(seed1, 2, 2, RT_PART_BEST_FIT, cpu, &r);
	CU_ASSERT_TRUE(same(cpu, two, 2));
	pack(seed1, 2, 1, RT_PART_FIRST_FIT, cpu, &r);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(r.misfit, 1);
	CU_ASSERT_TRUE(same(cpu, first, 2));
	/* the third 0.6 task fits nowhere: named, not dropped */
	pack(three, 3, 2, RT_PART_WORST_FIT, cpu, &r);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(r.misfit, 2);
	CU_ASSERT_EQUAL(r.placed, 2);
	CU_ASSERT_TRUE(same(cpu, tri, 3));
	CU_ASSERT_EQUAL(rt_test_find("partitioned-worst-fit")->run(three, 3, 2, &out,
								    &d), RT_OK);
	CU_ASSERT_EQUAL(out.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(out.kind, RT_KIND_SUFFICIENT);
	CU_ASSERT_PTR_NOT_NULL(strstr(out.note, "task 2 fits on no CPU"));
	CU_ASSERT_EQUAL(rt_test_find("partitioned-first-fit")->run(seed1, 2, 2, &out,
								    &d), RT_OK);
	CU_ASSERT_EQUAL(out.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT_STRING_EQUAL(out.note, "2 tasks on 2 CPUs");
	{
		int cpu2[2] = { -1, -1 };

		/* the whole assignment through the registry */
		CU_ASSERT_EQUAL(rt_test_assignment(rt_test_find("partitioned-first-fit"),
						   seed1, 2, 2, cpu2, &d), RT_OK);
		CU_ASSERT_EQUAL(cpu2[0], 0);
		CU_ASSERT_EQUAL(cpu2[1], 1);
		CU_ASSERT_EQUAL(rt_test_assignment(rt_test_find("qpa"), seed1, 2,
						   2, cpu2, &d), RT_ERR_UNSUPPORTED);
	}
}

static void test_errors_and_limits(void)
{
	struct rt_task ts[] = { TK(1, 10, 10), TK(0, 10, 10) };
	/* U = 1, periods p q, p r, q r (p, q, r ~ 2^22): L_b ~ 2^66; one
	 * D < T makes the density > 1, so QPA must decide (and overflows) */
	const rt_time p = 4194301, q = 4194287, rr = 4194319;
	struct rt_task u1[] = { TK(q * (p - 1), p * q, p * q - 1),
				TK(rr - p, p * rr, p * rr), TK(q, q * rr, q * rr) };
	struct rt_test_result out;
	struct rt_partition r = { RT_VERDICT_NA, 0, 0, 0 };
	struct rt_diag d = { "" };
	int cpu[3] = { 7, 7, 7 };

	CU_ASSERT_EQUAL(rt_partition(ts, 2, 2, RT_PART_FIRST_FIT, 100, cpu, &r, &d),
			RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "task 1"));
	CU_ASSERT_EQUAL(rt_partition(ts, 1, 0, RT_PART_FIRST_FIT, 100, cpu, &r, &d),
			RT_ERR_INVAL);
	CU_ASSERT_EQUAL(rt_partition(ts, 1, 2, RT_PART__COUNT, 100, cpu, &r, &d),
			RT_ERR_INVAL);
	/* a per-CPU test that cannot decide stops the packing: n/a */
	CU_ASSERT_EQUAL(rt_partition(u1, 3, 1, RT_PART_FIRST_FIT,
				     RT_UNI_BUDGET_DEFAULT, cpu, &r, &d),
			RT_ERR_OVERFLOW);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "CPU 0"));
	CU_ASSERT_EQUAL(cpu[0], 7);                     /* untouched on error */
	CU_ASSERT_EQUAL(rt_test_find("partitioned-first-fit")->run(u1, 3, 1, &out,
								    &d), RT_OK);
	CU_ASSERT_EQUAL(out.verdict, RT_VERDICT_NA);
	CU_ASSERT_EQUAL(rt_partition(NULL, 0, 2, RT_PART_BEST_FIT, 10, NULL, &r, &d),
			RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
}

/* ---- properties -------------------------------------------------------------- */

/* Textbook bin packing with integer weights w_i = C_i * (W / T_i), capacity
 * W (all periods divide W): the reference for implicit deadlines. */
static size_t textbook(const rt_time *w, size_t n, unsigned m,
		       enum rt_part_heuristic h, int *cpu)
{
	rt_time load[8] = { 0 }, cap = 720;
	size_t seq[16];
	int fit = (int)h % 3;

	for (size_t i = 0; i < n; i++) {
		seq[i] = i;
		cpu[i] = -1;
	}
	if (h >= RT_PART_FIRST_FIT_DEC)                 /* stable insertion */
		for (size_t i = 1; i < n; i++)
			for (size_t j = i; j > 0 && w[seq[j]] > w[seq[j - 1]]; j--) {
				size_t t = seq[j];

				seq[j] = seq[j - 1];
				seq[j - 1] = t;
			}
	for (size_t s = 0; s < n; s++) {
		size_t i = seq[s];
		int best = -1;

		for (unsigned j = 0; j < m; j++) {
			if (load[j] + w[i] > cap)
				continue;
			if (best < 0 || (fit == 1 && load[j] > load[best]) ||
			    (fit == 2 && load[j] < load[best]))
				best = (int)j;
			if (fit == 0)
				break;
		}
		if (best < 0)
			return i;
		cpu[i] = best;
		load[best] += w[i];
	}
	return RT_PART_NO_TASK;
}

static void print_set(uint64_t seed, size_t set, const struct rt_task *ts,
		      size_t n, unsigned m, enum rt_part_heuristic h)
{
	fprintf(stderr, "\n  [seed %#" PRIx64 ", set %zu, m = %u, %s:", seed, set,
		m, rt_part_name(h));
	tu_print_tasks(ts, n);
}

static void test_implicit_sets_pack_like_textbook_bin_packing(void)
{
	static const rt_time periods[] = { 4, 5, 6, 8, 9, 10, 12, 15, 16, 18, 20,
					   24, 30, 36, 40, 45, 48 };
	const uint64_t seed = 0xb1b;
	struct rt_rng rng;
	size_t rejects = 0, total = 0;

	rt_rng_seed(&rng, seed);
	for (size_t set = 0; set < 300; set++) {
		unsigned m = (unsigned)rt_rng_range(&rng, 2, 4);
		size_t n = (size_t)rt_rng_range(&rng, 2, 12);
		struct rt_task ts[12];
		rt_time w[12];

		for (size_t i = 0; i < n; i++) {
			rt_time t = periods[rt_rng_range(&rng, 0, NTS(periods) - 1)];
			rt_time c = rt_rng_range(&rng, 1, t * 2 / 3 + 1);

			ts[i] = TK(c, t, t);
			w[i] = c * (720 / t);
		}
		for (unsigned h = 0; h < RT_PART__COUNT; h++) {
			struct rt_partition r;
			int cpu[12], want[12];
			size_t mis = textbook(w, n, m, (enum rt_part_heuristic)h, want);
			unsigned before = CU_get_number_of_failures();

			pack(ts, n, m, (enum rt_part_heuristic)h, cpu, &r);
			CU_ASSERT_EQUAL(r.misfit, mis);
			CU_ASSERT_EQUAL(r.verdict, mis == RT_PART_NO_TASK
						   ? RT_VERDICT_ACCEPT : RT_VERDICT_REJECT);
			CU_ASSERT_TRUE(same(cpu, want, n));
			rejects += mis != RT_PART_NO_TASK;
			total++;
			if (CU_get_number_of_failures() != before) {
				print_set(seed, set, ts, n, m, (enum rt_part_heuristic)h);
				return;
			}
		}
	}
	CU_ASSERT(rejects > total / 5 && rejects < total * 4 / 5);
}

static void test_accepted_cpus_pass_pdc_and_misfits_fit_nowhere(void)
{
	const uint64_t seed = 0xc0ffee;
	struct rt_rng rng;
	size_t accepts = 0, rejects = 0;

	rt_rng_seed(&rng, seed);
	for (size_t set = 0; set < 200; set++) {
		unsigned m = (unsigned)rt_rng_range(&rng, 2, 4);
		size_t n = (size_t)rt_rng_range(&rng, 2, 10);
		struct rt_task ts[10];

		for (size_t i = 0; i < n; i++) {
			rt_time t = rt_rng_range(&rng, 3, 40);
			rt_time c = rt_rng_range(&rng, 1, t / 2 + 1);

			ts[i] = TK(c, t, rt_rng_range(&rng, 1, 2 * t));
		}
		for (unsigned h = 0; h < RT_PART__COUNT; h++) {
			struct rt_partition r;
			int cpu[10];
			unsigned before = CU_get_number_of_failures();

			pack(ts, n, m, (enum rt_part_heuristic)h, cpu, &r);
			for (int j = 0; j < (int)m; j++) {
				struct rt_task sub[11];
				struct rt_uni_result pdc;
				size_t k = 0;

				for (size_t i = 0; i < n; i++)
					if (cpu[i] == j)
						sub[k++] = ts[i];
				CU_ASSERT_EQUAL(rt_uni_pdc(sub, k, &pdc), RT_OK);
				CU_ASSERT_EQUAL(pdc.verdict, RT_VERDICT_ACCEPT);
				if (r.verdict == RT_VERDICT_REJECT) {
					sub[k++] = ts[r.misfit];
					CU_ASSERT_EQUAL(rt_uni_pdc(sub, k, &pdc), RT_OK);
					CU_ASSERT_EQUAL(pdc.verdict, RT_VERDICT_REJECT);
				}
			}
			for (size_t i = 0; i < n; i++)
				CU_ASSERT(cpu[i] >= -1 && cpu[i] < (int)m);
			if (r.verdict == RT_VERDICT_ACCEPT) {
				accepts++;
				for (size_t i = 0; i < n; i++)
					CU_ASSERT(cpu[i] >= 0);
			} else {
				rejects++;
				CU_ASSERT_EQUAL(cpu[r.misfit], -1);
			}
			if (CU_get_number_of_failures() != before) {
				print_set(seed, set, ts, n, m, (enum rt_part_heuristic)h);
				return;
			}
		}
	}
	CU_ASSERT(accepts > 200 && rejects > 200);
}

/*
 * 200 ns tasks, m = 16.  Implicit deadlines: the exact shortcuts (U, and
 * density = U) decide every CPU, all heuristics pack.  D in [0.8 T, T]:
 * worst fit spreads the load and packs; first/best fit fill CPUs to U ~ 1
 * where QPA is pseudo-polynomial -- they either decide or stop at the
 * budget (n/a), never run past it.
 */
static void test_two_hundred_tasks_on_sixteen_cpus_pack(void)
{
	struct rt_task ts[200];
	struct rt_rng rng;

	rt_rng_seed(&rng, 0x16);
	for (int variant = 0; variant < 2; variant++) {
		for (size_t i = 0; i < 200; i++) {
			rt_time t = rt_rng_range(&rng, 1000000, 1000000000);
			rt_time c = t / 25 * rt_rng_range(&rng, 1, 3) / 2 + 1;

			ts[i] = TK(c, t, variant ? rt_rng_range(&rng, t - t / 5, t) : t);
		}
		for (unsigned h = 0; h < RT_PART__COUNT; h++) {
			struct rt_partition r;
			struct rt_diag d = { "" };
			int cpu[200];
			enum rt_err e = rt_partition(ts, 200, 16,
						     (enum rt_part_heuristic)h,
						     RT_GLOBAL_BUDGET_DEFAULT, cpu,
						     &r, &d);

			if (!variant || h % 3 == 2) {
				CU_ASSERT_EQUAL(e, RT_OK);
				CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
				CU_ASSERT(r.checks >= 200);
			} else {
				CU_ASSERT(e == RT_OK || e == RT_ERR_UNSUPPORTED);
			}
		}
	}
}

static void test_partition_survives_allocation_failures(void)
{
	struct rt_task ts[] = { TK(6, 10, 10), TK(5, 10, 8), TK(4, 10, 10),
				TK(3, 10, 5) };
	bool hit = false;

	for (long k = 0; k < 40; k++) {
		struct rt_partition r;
		int cpu[4];
		enum rt_err e;

		rt_mem_fail_after(k);
		e = rt_partition(ts, 4, 2, RT_PART_BEST_FIT_DEC, RT_UNI_BUDGET_DEFAULT,
				 cpu, &r, NULL);
		rt_mem_fail_after(-1);
		CU_ASSERT(e == RT_OK || e == RT_ERR_NOMEM);
		hit |= e == RT_ERR_NOMEM;
	}
	CU_ASSERT_TRUE(hit);
}

CU_TestInfo partition_tests[] = {
	{ "heuristic names round-trip", test_names_round_trip },
	{ "hand-worked packings match", test_hand_worked_packings },
	{ "density order and stable ties", test_density_order_and_stable_ties },
	{ "the exact test separates what utilization would merge",
	  test_exact_test_separates_what_utilization_would_merge },
	{ "errors and limits", test_errors_and_limits },
	{ "implicit sets pack like textbook bin packing",
	  test_implicit_sets_pack_like_textbook_bin_packing },
	{ "accepted CPUs pass PDC and misfits fit nowhere",
	  test_accepted_cpus_pass_pdc_and_misfits_fit_nowhere },
	{ "200 tasks on 16 CPUs pack", test_two_hundred_tasks_on_sixteen_cpus_pack },
	{ "partition survives allocation failures",
	  test_partition_survives_allocation_failures },
	CU_TEST_INFO_NULL
};
