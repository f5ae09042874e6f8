/* test_budget.c - every pseudo-polynomial or quadratic analysis decides
 * within its work budget and answers "too large" past it.
 *
 * For the tests that take a budget the boundary is exact: a set is run
 * once with a large budget, which reports the steps it spent, then with
 * exactly that many (decided, the same answer) and one fewer (RT_ERR_
 * UNSUPPORTED, "too large: ... (budget exhausted)", which the registry
 * turns into verdict n/a with that note).  BAK and BCL, whose signatures
 * take no budget, charge n steps per task against RT_GLOBAL_BUDGET_DEFAULT:
 * n tasks with n^2 at or below it are decided, one more task is too large.
 * The one-CPU tardiness bounds give Spuri's response times a budget that
 * grows with n (analysis_uni.h) and fall back to D + Delta past it.
 */
#include <stdio.h>
#include <string.h>

#include "models/analysis_global.h"
#include "models/analysis_uni.h"
#include "models/mem.h"
#include "models/tests.h"
#include "tests/analysis_util.h"
#include "tests/suites.h"
#include "tests/trace_util.h"

typedef enum rt_err (*budget_fn)(const struct rt_task *ts, size_t n,
				 unsigned m, uint64_t budget,
				 struct rt_global_result *r, struct rt_diag *d);

static enum rt_err run_bcli(const struct rt_task *ts, size_t n, unsigned m,
			    uint64_t budget, struct rt_global_result *r,
			    struct rt_diag *d)
{
	return rt_global_bcl_iterative(ts, n, m, budget, r, d);
}

static enum rt_err run_rta(const struct rt_task *ts, size_t n, unsigned m,
			   uint64_t budget, struct rt_global_result *r,
			   struct rt_diag *d)
{
	return rt_global_rta(ts, n, m, RT_RTA_ROUNDS_DEFAULT, budget, NULL, r, d);
}

static enum rt_err run_bar(const struct rt_task *ts, size_t n, unsigned m,
			   uint64_t budget, struct rt_global_result *r,
			   struct rt_diag *d)
{
	return rt_global_bar(ts, n, m, budget, r, d);
}

static enum rt_err run_ffdbf(const struct rt_task *ts, size_t n, unsigned m,
			     uint64_t budget, struct rt_global_result *r,
			     struct rt_diag *d)
{
	return rt_global_ffdbf(ts, n, m, RT_FFDBF_EPS_NUM, RT_FFDBF_EPS_DEN,
			       RT_FFDBF_SIGMA_DEN, budget, r, d);
}

static enum rt_err run_load(const struct rt_task *ts, size_t n, unsigned m,
			    uint64_t budget, struct rt_global_result *r,
			    struct rt_diag *d)
{
	return rt_global_load(ts, n, m, budget, r, d);
}

/* Decided with exactly the steps it spends, too large with one fewer. */
static void check_boundary(const char *name, budget_fn fn,
			   const struct rt_task *ts, size_t n, unsigned m)
{
	struct rt_global_result big, at, below;
	struct rt_diag d = { "" };

	CU_ASSERT_EQUAL_FATAL(fn(ts, n, m, RT_GLOBAL_BUDGET_DEFAULT, &big, &d),
			      RT_OK);
	CU_ASSERT(big.steps > 1);
	CU_ASSERT_EQUAL_FATAL(fn(ts, n, m, big.steps, &at, &d), RT_OK);
	CU_ASSERT_EQUAL(at.verdict, big.verdict);
	CU_ASSERT_EQUAL(at.task, big.task);
	CU_ASSERT_EQUAL(at.steps, big.steps);
	CU_ASSERT_EQUAL(fn(ts, n, m, big.steps - 1, &below, &d),
			RT_ERR_UNSUPPORTED);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "too large: "));
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "budget exhausted"));
	if (CU_get_number_of_failures())
		fprintf(stderr, "\n  [%s: %llu steps; %s]\n", name,
			(unsigned long long)big.steps, d.msg);
}

static void test_global_tests_decide_at_their_steps_and_not_below(void)
{
	/* docs/theory.md §G.2 sets, and 12 tasks on 3 CPUs that need
	 * several RTA rounds and a long BAR scan */
	struct rt_task bar4[] = { TK(10, 100, 100), TK(33, 200, 200),
				  TK(10, 300, 100), TK(27, 28, 28) };
	struct rt_task seed2[] = { TK(1, 10, 2), TK(2, 20, 4), TK(3, 50, 6) };
	struct rt_task many[12];

	for (size_t i = 0; i < 12; i++)
		many[i] = TK(3 + (rt_time)(i % 5) * 7, 60 + (rt_time)i * 13,
			     40 + (rt_time)i * 11);
	check_boundary("BCL-iterative", run_bcli, bar4, 4, 2);
	check_boundary("BCL-iterative", run_bcli, many, 12, 3);
	check_boundary("RTA", run_rta, bar4, 4, 2);
	check_boundary("RTA", run_rta, many, 12, 3);
	check_boundary("BAR", run_bar, seed2, 3, 2);
	check_boundary("BAR", run_bar, many, 12, 3);
	check_boundary("FF-DBF", run_ffdbf, seed2, 3, 2);
	check_boundary("FF-DBF", run_ffdbf, many, 12, 3);
	check_boundary("LOAD", run_load, many, 12, 2);
}

/*
 * n light tasks that BAK and BCL accept only after all n^2 terms: n = 4472
 * fits the default budget (n^2 = 19,998,784), 4473 does not.
 */
static void test_bak_and_bcl_are_too_large_past_n_squared(void)
{
	const size_t nmax = 4473;
	struct rt_task *ts = rt_calloc(nmax, sizeof(*ts));
	struct rt_test_result out;
	struct rt_global_result r;
	struct rt_diag d = { "" };

	CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
	for (size_t i = 0; i < nmax; i++)
		ts[i] = TK(1 + (rt_time)(i % 7), 1000000 + (rt_time)(i % 1000) * 41,
			   900000 + (rt_time)(i % 1000) * 37);
	CU_ASSERT((uint64_t)(nmax - 1) * (nmax - 1) <= RT_GLOBAL_BUDGET_DEFAULT);
	CU_ASSERT((uint64_t)nmax * nmax > RT_GLOBAL_BUDGET_DEFAULT);
	CU_ASSERT_EQUAL(rt_global_bcl(ts, nmax - 1, 4, &r, &d), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(r.steps, (uint64_t)(nmax - 1) * (nmax - 1));
	CU_ASSERT_EQUAL(rt_global_bcl(ts, nmax, 4, &r, &d), RT_ERR_UNSUPPORTED);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "too large: BCL needs more than "
				      "20000000 steps for 4473 tasks on 4 CPUs"));
	CU_ASSERT_EQUAL(rt_global_bak(ts, nmax - 1, 4, &r, &d), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(tu_run_test("bak", ts, nmax, 4, &out), RT_VERDICT_NA);
	CU_ASSERT_PTR_NOT_NULL(strstr(out.note, "too large: BAK needs more than"));
	CU_ASSERT_PTR_NULL(strstr(out.note, "undecided"));
	rt_free(ts);
}

/* n tasks, U = 0.9, D = 0.9 T (QPA accepts, so Delta = 0 at once). */
static void fill_uni(struct rt_task *ts, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		rt_time t = 1000 * (rt_time)n + 7 * (rt_time)i;

		ts[i] = TK(t * 9 / (10 * (rt_time)n), t, t - t / 10);
	}
}

static void test_uni_response_times_fall_back_past_their_budget(void)
{
	/* n^2 <= 4096 + 256 n up to n = 270 */
	struct rt_task *ts = rt_calloc(271, sizeof(*ts));
	rt_time *resp = rt_calloc(271, sizeof(*resp)), delta = -1;
	bool exact = false;

	CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
	CU_ASSERT_PTR_NOT_NULL_FATAL(resp);
	fill_uni(ts, 8);
	CU_ASSERT_EQUAL(rt_uni_tardiness_bounds(ts, 8, RT_UNI_BUDGET_DEFAULT,
						&delta, resp, &exact, NULL), RT_OK);
	CU_ASSERT_EQUAL(delta, 0);
	CU_ASSERT_TRUE(exact);
	for (size_t i = 0; i < 8; i++)
		CU_ASSERT(resp[i] >= ts[i].wcet && resp[i] <= ts[i].deadline);
	fill_uni(ts, 271);
	CU_ASSERT_EQUAL(rt_uni_tardiness_bounds(ts, 271, RT_UNI_BUDGET_DEFAULT,
						&delta, resp, &exact, NULL), RT_OK);
	CU_ASSERT_EQUAL(delta, 0);
	CU_ASSERT_FALSE(exact);
	for (size_t i = 0; i < 271; i++)
		CU_ASSERT_EQUAL(resp[i], ts[i].deadline);       /* D + Delta */
	rt_free(ts);
	rt_free(resp);
}

/* PDC counts its points before visiting any: exactly enough decides,
 * one fewer is too large (and the registry says so). */
static void test_pdc_decides_at_its_points_and_not_below(void)
{
	struct rt_task ts[] = { TK(2, 10, 7), TK(3, 15, 12), TK(20, 40, 33) };
	struct rt_uni_result r;
	struct rt_diag d = { "" };
	uint64_t steps;

	CU_ASSERT_EQUAL_FATAL(rt_uni_pdc_limit(ts, 3, RT_UNI_BUDGET_DEFAULT, &r,
					       &d), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	/* the points are charged first, then the interval's steps */
	for (steps = 1; steps < 100000; steps++)
		if (rt_uni_pdc_limit(ts, 3, steps, &r, &d) == RT_OK)
			break;
	CU_ASSERT(steps > 1 && steps < 100000);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(rt_uni_pdc_limit(ts, 3, steps - 1, &r, &d),
			RT_ERR_UNSUPPORTED);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "too large: "));
}

CU_TestInfo budget_tests[] = {
	{ "global tests decide at their steps and are too large below",
	  test_global_tests_decide_at_their_steps_and_not_below },
	{ "BAK and BCL are too large past n^2 = the default budget",
	  test_bak_and_bcl_are_too_large_past_n_squared },
	{ "one-CPU response times fall back to D + Delta past their budget",
	  test_uni_response_times_fall_back_past_their_budget },
	{ "PDC decides at its steps and is too large below",
	  test_pdc_decides_at_its_points_and_not_below },
	CU_TEST_INFO_NULL
};
