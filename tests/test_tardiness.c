/* test_tardiness.c - Devi-Anderson and compliant-vector bounds (docs/theory.md §D).
 *
 * Known answers: docs/theory.md §G.3 (x, DA and CVA response bounds), the
 * reference devi_anderson_x of every global-sample.jsonl row, the
 * preconditions; then a seeded soundness test: in a synchronous unit-step
 * G-EDF simulation no job's response time exceeds either bound.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "models/mem.h"
#include "models/rng.h"
#include "models/tardiness.h"
#include "tests/suites.h"
#include "tests/trace_util.h"

/* docs/theory.md writes tasks as (C, T, D); rt_task_make takes (C, D, T). */
#define TK(c, t, d) rt_task_make(NULL, (c), (d), (t))
#define TKS(c, t, d) { .wcet = (c), .deadline = (d), .period = (t), .cpu = -1 }
#define NTS(a) (sizeof(a) / sizeof((a)[0]))

struct glob_vec_task {
	rt_time c, d, t;
};

struct glob_vector {
	const char *id;
	unsigned m;
	const struct glob_vec_task *tasks;
	size_t n;
	const char *utilization, *density;
	bool expect[7];
	rt_time da_x;                   /* -1: null */
};

#include "tests/data/global-vectors.h"

/* ---- docs/theory.md §G.3 --------------------------------------------------- */

struct g3_case {
	const char *id;
	unsigned m;
	struct rt_task ts[3];
	size_t n;
	rt_time x;                      /* -1: DA does not apply (D != T) */
	rt_time da[3], cva[3];          /* response bounds */
};

#define DASET TKS(80, 100, 100), TKS(33, 66, 66), TKS(7, 10, 10)

static const struct g3_case g3[] = {
	{ "DA set", 2, { DASET }, 3, 37, { 217, 136, 54 }, { 180, 123, 54 } },
	{ "DA set", 3, { DASET }, 3, 25, { 205, 124, 42 }, { 176, 111, 37 } },
	{ "(2,3,3)x3", 2, { TKS(2, 3, 3), TKS(2, 3, 3), TKS(2, 3, 3) }, 3, 0,
	  { 5, 5, 5 }, { 5, 5, 5 } },
	{ "Dhall", 2, { TKS(1, 10, 10), TKS(1, 10, 10), TKS(11, 11, 11) }, 3, 5,
	  { 16, 16, 27 }, { 8, 8, 14 } },
	{ "seed1", 1, { TKS(4, 10, 5), TKS(4, 10, 5) }, 2, -1, { 0 }, { 8, 8 } },
	{ "linuxdoc", 1, { TKS(50, 100, 50), TKS(10, 100, 100) }, 2, -1, { 0 },
	  { 55, 105 } },
};

static void test_theory_g3_tardiness_bounds(void)
{
	for (size_t c = 0; c < NTS(g3); c++) {
		const struct g3_case *g = &g3[c];
		struct rt_tard_result r;
		rt_time tard[3], resp[3];
		unsigned before = CU_get_number_of_failures();

		CU_ASSERT_EQUAL(rt_tard_devi_anderson(g->ts, g->n, g->m, &r, tard,
						      resp, NULL), RT_OK);
		if (g->x < 0) {
			CU_ASSERT_EQUAL(r.status, RT_TARD_NA);
		} else {
			CU_ASSERT_EQUAL(r.status, RT_TARD_BOUNDED);
			CU_ASSERT_EQUAL(r.x, g->x);
			for (size_t i = 0; i < g->n; i++) {
				CU_ASSERT_EQUAL(resp[i], g->da[i]);
				CU_ASSERT_EQUAL(tard[i], g->x + g->ts[i].wcet);
			}
		}
		CU_ASSERT_EQUAL(rt_tard_cva(g->ts, g->n, g->m, &r, tard, resp, NULL),
				RT_OK);
		CU_ASSERT_EQUAL(r.status, RT_TARD_BOUNDED);
		for (size_t i = 0; i < g->n; i++) {
			rt_time late = g->cva[i] - g->ts[i].deadline;

			CU_ASSERT_EQUAL(resp[i], g->cva[i]);
			CU_ASSERT_EQUAL(tard[i], late > 0 ? late : 0);
		}
		if (CU_get_number_of_failures() != before)
			fprintf(stderr, "\n  [G.3 %s, m = %u]\n", g->id, g->m);
	}
}

static void test_reference_devi_anderson_x_matches(void)
{
	struct rt_task ts[64];
	size_t checked = 0;

	for (size_t v = 0; v < NTS(glob_vectors); v++) {
		const struct glob_vector *g = &glob_vectors[v];
		struct rt_tard_result r;
		bool implicit = true;

		for (size_t i = 0; i < g->n; i++) {
			ts[i] = TK(g->tasks[i].c, g->tasks[i].t, g->tasks[i].d);
			implicit &= g->tasks[i].d == g->tasks[i].t;
		}
		CU_ASSERT_EQUAL(rt_tard_devi_anderson(ts, g->n, g->m, &r, NULL, NULL,
						      NULL), RT_OK);
		if (g->da_x >= 0) {
			CU_ASSERT_EQUAL(r.status, RT_TARD_BOUNDED);
			CU_ASSERT_EQUAL(r.x, g->da_x);
			checked++;
		} else {
			/* null: not implicit, or U > m */
			CU_ASSERT_EQUAL(r.status, implicit ? RT_TARD_UNBOUNDED
							   : RT_TARD_NA);
			CU_ASSERT_EQUAL(r.x, -1);
		}
		if (r.status == RT_TARD_BOUNDED && r.x != g->da_x)
			fprintf(stderr, "\n  [global-sample %s: x = %" PRId64 "]\n",
				g->id, r.x);
	}
	CU_ASSERT(checked >= 10);
}

static void test_preconditions_and_one_cpu(void)
{
	struct rt_task over[] = { TK(3, 4, 4), TK(3, 4, 4), TK(3, 4, 4) };
	struct rt_task wide[] = { TK(5, 4, 4), TK(1, 4, 4) };   /* C > T */
	struct rt_task one[] = { TK(1, 10, 10), TK(2, 10, 10) };
	struct rt_task bad[] = { TK(1, 10, 10), TK(1, 10, 0) };
	struct rt_tard_result r;
	struct rt_diag d = { "" };
	rt_time tard[2] = { -7, -7 }, resp[2] = { -7, -7 };

	CU_ASSERT_EQUAL(rt_tard_devi_anderson(over, 3, 2, &r, tard, resp, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.status, RT_TARD_UNBOUNDED);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.why, "U > m"));
	CU_ASSERT_EQUAL(tard[0], -7);                   /* untouched */
	CU_ASSERT_EQUAL(rt_tard_cva(over, 3, 2, &r, tard, resp, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.status, RT_TARD_UNBOUNDED);
	CU_ASSERT_EQUAL(rt_tard_cva(wide, 2, 2, &r, NULL, NULL, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.status, RT_TARD_UNBOUNDED);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.why, "C > T"));
	/* one CPU, U <= 1, implicit: no tardiness (x = 0; CVA: R = T) */
	CU_ASSERT_EQUAL(rt_tard_devi_anderson(one, 2, 1, &r, tard, resp, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.status, RT_TARD_BOUNDED);
	CU_ASSERT_EQUAL(r.x, 0);
	CU_ASSERT_EQUAL(rt_tard_cva(one, 2, 1, &r, tard, resp, NULL), RT_OK);
	CU_ASSERT_EQUAL(resp[0], 10);
	CU_ASSERT_EQUAL(tard[1], 0);
	CU_ASSERT_EQUAL(rt_tard_cva(bad, 2, 2, &r, NULL, NULL, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "task 1"));
	CU_ASSERT_EQUAL(rt_tard_devi_anderson(one, 2, 0, &r, NULL, NULL, NULL),
			RT_ERR_INVAL);
	CU_ASSERT_EQUAL(rt_tard_cva(NULL, 0, 2, &r, NULL, NULL, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.status, RT_TARD_BOUNDED);
}

static void test_large_values_are_exact_or_refused(void)
{
	/* ns-sized implicit set, U = 2 = m exactly */
	struct rt_task ns[] = { TK(800000000, 1000000000, 1000000000),
				TK(330000000, 660000000, 660000000),
				TK(70000000, 100000000, 100000000) };
	const rt_time big = (rt_time)1 << 62;
	struct rt_task huge[] = { TK(big, big, big), TK(big - 1, big, big),
				  TK(1, 3, 3) };
	struct rt_tard_result r;
	struct rt_diag d = { "" };
	rt_time resp[3];

	/* the DA set scaled by 10^7: x = ceil(73 * 10^7 / 2) (vs 37 unscaled),
	 * CVA (computed with exact Python fractions) */
	CU_ASSERT_EQUAL(rt_tard_devi_anderson(ns, 3, 2, &r, NULL, resp, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.x, 365000000);
	CU_ASSERT_EQUAL(resp[2], 100000000 + 70000000 + 365000000);
	CU_ASSERT_EQUAL(rt_tard_cva(ns, 3, 2, &r, NULL, resp, NULL), RT_OK);
	CU_ASSERT_EQUAL(resp[0], 1800000000);
	CU_ASSERT_EQUAL(resp[1], 1225000000);
	CU_ASSERT_EQUAL(resp[2], 535000000);
	/* bounds past the time range are refused, never wrapped */
	CU_ASSERT_EQUAL(rt_tard_devi_anderson(huge, 3, 3, &r, NULL, resp, &d),
			RT_ERR_OVERFLOW);
	CU_ASSERT_EQUAL(rt_tard_cva(huge, 3, 3, &r, NULL, resp, &d), RT_ERR_OVERFLOW);
}

/* ---- soundness against a synchronous unit-step G-EDF simulation ---------------- */

/*
 * Synchronous periodic G-EDF (WCET jobs, sequential per task, ties to the
 * lower index), one tick at a time over [0, horizon); worst[i] = largest
 * response time of a task-i job that completed.  Returns false if a task
 * accumulated more than 64 pending jobs (then the set is not compared).
 */
static bool sim_worst_response(const struct rt_task *ts, size_t n, unsigned m,
			       rt_time horizon, rt_time *worst)
{
	rt_time rel[6], rem[6], next[6];
	size_t pend[6];

	for (size_t i = 0; i < n; i++) {
		pend[i] = 0;
		next[i] = 0;
		rem[i] = 0;
		rel[i] = 0;
		worst[i] = 0;
	}
	for (rt_time t = 0; t < horizon; t++) {
		bool run[6] = { false };

		for (size_t i = 0; i < n; i++)
			if (t == next[i]) {
				if (!pend[i]++) {
					rel[i] = t;
					rem[i] = ts[i].wcet;
				}
				if (pend[i] > 64)
					return false;
				next[i] += ts[i].period;
			}
		for (unsigned c = 0; c < m; c++) {
			size_t best = n;

			for (size_t i = 0; i < n; i++)
				if (pend[i] && !run[i] && (best == n ||
				    rel[i] + ts[i].deadline < rel[best] + ts[best].deadline))
					best = i;
			if (best < n)
				run[best] = true;
		}
		for (size_t i = 0; i < n; i++) {
			if (!run[i] || --rem[i])
				continue;
			if (t + 1 - rel[i] > worst[i])
				worst[i] = t + 1 - rel[i];
			if (--pend[i]) {
				rel[i] += ts[i].period;
				rem[i] = ts[i].wcet;
			}
		}
	}
	return true;
}

static void test_simulated_responses_stay_within_both_bounds(void)
{
	const uint64_t seed = 0x7a2d1;
	struct rt_rng rng;
	size_t late = 0, compared = 0;

	rt_rng_seed(&rng, seed);
	for (size_t set = 0; set < 500; set++) {
		unsigned m = (unsigned)rt_rng_range(&rng, 1, 3);
		size_t n = (size_t)rt_rng_range(&rng, m + 1, 6);
		struct rt_task ts[6];
		struct rt_tard_result da, cva;
		rt_time rda[6], rcva[6], worst[6];
		bool implicit = rt_rng_range(&rng, 0, 1) != 0;
		unsigned before = CU_get_number_of_failures();

		for (size_t i = 0; i < n; i++) {
			rt_time t = rt_rng_range(&rng, 2, 16);
			rt_time c = rt_rng_range(&rng, 1, t);

			ts[i] = TK(c, t, implicit ? t : rt_rng_range(&rng, 1, 2 * t));
		}
		implicit = true;                        /* D == T by chance too */
		for (size_t i = 0; i < n; i++)
			implicit &= ts[i].deadline == ts[i].period;
		CU_ASSERT_EQUAL_FATAL(rt_tard_devi_anderson(ts, n, m, &da, NULL, rda,
							    NULL), RT_OK);
		CU_ASSERT_EQUAL_FATAL(rt_tard_cva(ts, n, m, &cva, NULL, rcva, NULL),
				      RT_OK);
		CU_ASSERT_EQUAL(da.status == RT_TARD_NA, !implicit);
		if (cva.status != RT_TARD_BOUNDED ||
		    !sim_worst_response(ts, n, m, 2000, worst))
			continue;
		compared++;
		for (size_t i = 0; i < n; i++) {
			CU_ASSERT(worst[i] <= rcva[i]);
			if (da.status == RT_TARD_BOUNDED)
				CU_ASSERT(worst[i] <= rda[i]);
			late += worst[i] > ts[i].deadline;
		}
		if (CU_get_number_of_failures() != before) {
			fprintf(stderr, "\n  [seed %#" PRIx64 ", set %zu, m = %u:",
				seed, set, m);
			tu_print_tasks(ts, n);
			return;
		}
	}
	/* sets with real tardiness must be among those compared */
	if (compared <= 100 || late <= 50)
		fprintf(stderr, "\n  [compared %zu, late %zu]\n", compared, late);
	CU_ASSERT(compared > 100);
	CU_ASSERT(late > 50);
}

static void test_tardiness_survives_allocation_failures(void)
{
	struct rt_task ts[] = { TK(80, 100, 100), TK(33, 66, 66), TK(7, 10, 10),
				TK(1, 5, 5) };
	bool hit = false;

	for (long k = 0; k < 30; k++) {
		struct rt_tard_result r;
		enum rt_err a, b;

		rt_mem_fail_after(k);
		a = rt_tard_devi_anderson(ts, 4, 3, &r, NULL, NULL, NULL);
		b = rt_tard_cva(ts, 4, 3, &r, NULL, NULL, NULL);
		rt_mem_fail_after(-1);
		CU_ASSERT(a == RT_OK || a == RT_ERR_NOMEM);
		CU_ASSERT(b == RT_OK || b == RT_ERR_NOMEM);
		hit |= a == RT_ERR_NOMEM || b == RT_ERR_NOMEM;
	}
	CU_ASSERT_TRUE(hit);
}

CU_TestInfo tardiness_tests[] = {
	{ "docs/theory.md §G.3 tardiness bounds match", test_theory_g3_tardiness_bounds },
	{ "reference Devi-Anderson x matches", test_reference_devi_anderson_x_matches },
	{ "preconditions and one CPU", test_preconditions_and_one_cpu },
	{ "large values are exact or refused", test_large_values_are_exact_or_refused },
	{ "simulated responses stay within both bounds",
	  test_simulated_responses_stay_within_both_bounds },
	{ "tardiness bounds survive allocation failures",
	  test_tardiness_survives_allocation_failures },
	CU_TEST_INFO_NULL
};
