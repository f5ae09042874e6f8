/* test_analysis_limits.c - uniprocessor EDF analysis at its edges:
 * exact boundaries (U = 1, density = 1) that accept while float traps
 * reject, D < C, invalid tasks and empty sets, overflow reported instead
 * of wrapped, the testing-interval budget, a thousand ns tasks, and every
 * allocation failure.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "models/analysis_uni.h"
#include "models/frac.h"
#include "models/mem.h"
#include "models/rng.h"
#include "models/tests.h"
#include "tests/analysis_util.h"
#include "tests/suites.h"
#include "tests/trace_util.h"

/* ---- exact arithmetic, D < C, limits ------------------------------------------ */

static void test_exact_boundaries_accept_and_float_traps_reject(void)
{
	struct rt_task trap[] = { TK(1, 2, 2), TK(1, 2, 2),
				  TK(1, (rt_time)1 << 60, (rt_time)1 << 60) };
	struct rt_task u1[] = { TK(7, 57, 57), TK(6, 17, 17), TK(6, 17, 17),
				TK(6, 51, 51), TK(52, 969, 969) };
	struct rt_task dens1[] = { TK(1, 10, 3), TK(2, 10, 3) };
	struct rt_test_result out;
	bool acc = false;

	CU_ASSERT_EQUAL(tu_run_test("utilization", u1, 5, 1, &out), RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(out.kind, RT_KIND_EXACT);               /* implicit */
	CU_ASSERT_PTR_NOT_NULL(strstr(out.note, "1/1"));
	CU_ASSERT_EQUAL(tu_run_test("qpa", u1, 5, 1, &out), RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(tu_run_test("pdc", u1, 5, 1, &out), RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(rt_uni_density_test(dens1, 2, &acc), RT_OK);
	CU_ASSERT_TRUE(acc);                                    /* exactly 1 */
	CU_ASSERT_EQUAL(tu_run_test("density", dens1, 2, 1, &out), RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(out.kind, RT_KIND_SUFFICIENT);
	CU_ASSERT_EQUAL(tu_run_test("utilization", trap, 3, 1, &out), RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(tu_run_test("qpa", trap, 3, 1, &out), RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(out.witness, RT_TIME_NEVER);
	CU_ASSERT_EQUAL(tu_run_test("pdc", trap, 3, 1, &out), RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(out.witness, RT_TIME_NEVER);
	CU_ASSERT_EQUAL(rt_uni_utilization_test(trap, 3, &acc), RT_OK);
	CU_ASSERT_FALSE(acc);
}

static void test_deadline_shorter_than_wcet_still_analyses(void)
{
	struct rt_task ts[] = { TK(5, 10, 3), TK(1, 20, 20) };
	struct rt_uni_result r;
	rt_time v = 0, resp[2];

	CU_ASSERT_EQUAL(rt_uni_pdc(ts, 2, &r), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(r.witness, 3);
	CU_ASSERT_EQUAL(r.witness_demand, 5);
	CU_ASSERT_EQUAL(rt_uni_qpa(ts, 2, &r), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT(brute_dbf(ts, 2, r.witness) > r.witness);
	CU_ASSERT_EQUAL(rt_uni_busy_period(ts, 2, &v), RT_OK);
	CU_ASSERT_EQUAL(v, 6);
	CU_ASSERT_EQUAL(rt_uni_max_tardiness(ts, 2, &v), RT_OK);
	CU_ASSERT_EQUAL(v, 2);
	CU_ASSERT_EQUAL(rt_uni_rta(ts, 2, resp), RT_OK);
	CU_ASSERT_EQUAL(resp[0], 5);                    /* late by 2 */
	CU_ASSERT_EQUAL(resp[1], 6);
}

static void test_invalid_tasks_and_empty_sets(void)
{
	struct rt_task bad[] = { TK(1, 10, 10), TK(0, 10, 10) };
	struct rt_uni_result r;
	struct rt_test_result out;
	struct rt_diag d = { "" };
	rt_time v = 9;
	bool defined = true, acc = false;

	CU_ASSERT_EQUAL(rt_uni_qpa(bad, 2, &r), RT_ERR_INVAL);
	CU_ASSERT_EQUAL(rt_uni_pdc_limit(bad, 2, 100, &r, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "task 1"));
	CU_ASSERT_EQUAL(rt_uni_dbf(bad, 2, 5, &v), RT_ERR_INVAL);
	CU_ASSERT_EQUAL(rt_test_find("qpa")->run(bad, 2, 1, &out, &d), RT_ERR_INVAL);
	CU_ASSERT_EQUAL(rt_uni_qpa(NULL, 0, &r), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(rt_uni_pdc(NULL, 0, &r), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(rt_uni_busy_period(NULL, 0, &v), RT_OK);
	CU_ASSERT_EQUAL(v, 0);
	CU_ASSERT_EQUAL(rt_uni_max_tardiness(NULL, 0, &v), RT_OK);
	CU_ASSERT_EQUAL(v, 0);
	CU_ASSERT_EQUAL(rt_uni_la(NULL, 0, &v, &defined), RT_OK);
	CU_ASSERT_TRUE(defined);
	CU_ASSERT_EQUAL(v, 0);
	CU_ASSERT_EQUAL(rt_uni_utilization_test(NULL, 0, &acc), RT_OK);
	CU_ASSERT_TRUE(acc);
}

static void test_overflow_is_reported_not_wrapped(void)
{
	/* U = 1 exactly, periods pq, pr, qr with p, q, r ~ 2^22: the busy
	 * period would be ~pqr > 2^63 (found in ~10^6 iterations). */
	const rt_time p = 4194301, q = 4194287, r = 4194319;
	struct rt_task u1[] = { TK(q * (p - 1), p * q, p * q),
				TK(r - p, p * r, p * r), TK(q, q * r, q * r) };
	struct rt_task big[] = { TK((rt_time)1 << 62, 1, 1) };
	struct rt_test_result out;
	struct rt_uni_result res;
	struct rt_diag d = { "" };
	rt_time v = 7;

	CU_ASSERT_STRING_EQUAL(u_str(u1, 3), "1/1");
	CU_ASSERT_EQUAL(rt_uni_busy_period_limit(u1, 3, RT_UNI_BUDGET_DEFAULT,
						 &v, &d), RT_ERR_OVERFLOW);
	CU_ASSERT_EQUAL(v, 7);
	CU_ASSERT_EQUAL(rt_uni_qpa(u1, 3, &res), RT_ERR_OVERFLOW);
	/* the registry turns "could not decide" into n/a with a note */
	CU_ASSERT_EQUAL(tu_run_test("qpa", u1, 3, 1, &out), RT_VERDICT_NA);
	CU_ASSERT_PTR_NOT_NULL(strstr(out.note, "busy period"));
	CU_ASSERT_EQUAL(tu_run_test("utilization", u1, 3, 1, &out), RT_VERDICT_ACCEPT);
	/* a small budget stops the same iteration early */
	CU_ASSERT_EQUAL(rt_uni_busy_period_limit(u1, 3, 1000, &v, &d),
			RT_ERR_UNSUPPORTED);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "budget"));
	/* dbf = 5 * 2^62 at t = 4 does not fit rt_time */
	CU_ASSERT_EQUAL(rt_uni_dbf(big, 1, 4, &v), RT_ERR_OVERFLOW);
	CU_ASSERT_EQUAL(rt_uni_dbf(big, 1, 0, &v), RT_OK);
	CU_ASSERT_EQUAL(v, 0);
}

static void test_long_testing_interval_hits_the_budget(void)
{
	/* ns-scale, U = 1 - 10^-12: L_a = (1/2)/10^-12 = 5*10^11 exactly,
	 * 2.5*10^11 deadlines of task 1 below it.  QPA halves t each step. */
	struct rt_task ts[] = { TK(1, 2, 1),
				TK(499999999999LL, 1000000000000LL, 1000000000000LL) };
	struct rt_test_result out;
	struct rt_uni_result r;
	struct rt_diag d = { "" };
	rt_time v = 0, resp[2];
	bool defined = false;

	CU_ASSERT_EQUAL(rt_uni_la(ts, 2, &v, &defined), RT_OK);
	CU_ASSERT_TRUE(defined);
	CU_ASSERT_EQUAL(v, 500000000000LL);
	CU_ASSERT_EQUAL(rt_uni_testing_interval(ts, 2, RT_UNI_BUDGET_DEFAULT, &v, &d),
			RT_OK);
	CU_ASSERT_EQUAL(v, 500000000000LL);
	CU_ASSERT_EQUAL(rt_uni_busy_period(ts, 2, &v), RT_OK);
	CU_ASSERT_EQUAL(v, 999999999998LL);
	CU_ASSERT_EQUAL(rt_uni_pdc_limit(ts, 2, RT_UNI_BUDGET_DEFAULT, &r, &d),
			RT_ERR_UNSUPPORTED);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "testing interval too long: 250000000000 points"));
	CU_ASSERT_EQUAL(rt_uni_max_tardiness(ts, 2, &v), RT_ERR_UNSUPPORTED);
	CU_ASSERT_EQUAL(rt_uni_rta(ts, 2, resp), RT_ERR_UNSUPPORTED);
	CU_ASSERT_EQUAL(rt_uni_qpa(ts, 2, &r), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT(r.evaluations < 100);
	CU_ASSERT_EQUAL(tu_run_test("pdc", ts, 2, 1, &out), RT_VERDICT_NA);
	CU_ASSERT_PTR_NOT_NULL(strstr(out.note, "too long"));
	CU_ASSERT_EQUAL(tu_run_test("qpa", ts, 2, 1, &out), RT_VERDICT_ACCEPT);
	/* a QPA budget too small for even one evaluation */
	CU_ASSERT_EQUAL(rt_uni_qpa_limit(ts, 2, 1, &r, &d), RT_ERR_UNSUPPORTED);
}

static void test_qpa_on_a_thousand_ns_tasks_is_fast_and_agrees(void)
{
	enum { N = 1000 };
	static struct rt_task ts[N];
	struct rt_uni_result q, p;
	struct rt_rng rng;
	uint64_t seed = 20240601;
	struct rt_frac *u = NULL;
	unsigned before = CU_get_number_of_failures();

	/* periods 10..1000 ms (ns), u_i ~ 0.9/N, D_i in [T_i/2, T_i] */
	rt_rng_seed(&rng, seed);
	for (size_t i = 0; i < N; i++) {
		rt_time t = rt_rng_range(&rng, 10, 1000) * RT_NSEC_PER_MSEC;
		rt_time c = t * 9 / 10 / N * rt_rng_range(&rng, 50, 150) / 100;
		rt_time d = rt_rng_range(&rng, t / 2, t);

		ts[i] = rt_task_make(NULL, c > 0 ? c : 1, d, t);
	}
	CU_ASSERT_EQUAL_FATAL(rt_frac_utilization(ts, N, &u), RT_OK);
	CU_ASSERT(rt_frac_cmp(u, 1, 1) < 0);
	rt_frac_destroy(u);
	CU_ASSERT_EQUAL_FATAL(rt_uni_qpa(ts, N, &q), RT_OK);
	CU_ASSERT_EQUAL_FATAL(rt_uni_pdc(ts, N, &p), RT_OK);
	CU_ASSERT_EQUAL(q.verdict, p.verdict);
	CU_ASSERT(q.evaluations <= p.evaluations);
	if (CU_get_number_of_failures() != before)
		fprintf(stderr, "\n  [seed %" PRIu64 "]\n", seed);
}

static void test_analysis_survives_allocation_failures(void)
{
	struct rt_task ts[] = { TK(1, 10, 2), TK(2, 20, 4), TK(3, 50, 6),
				TK(4, 10, 5) };
	const char *names[] = { "utilization", "density", "pdc", "qpa" };

	for (size_t t = 0; t < NTS(names); t++) {
		bool done = false;

		for (long k = 0; k < 200 && !done; k++) {
			struct rt_test_result out;
			struct rt_diag d = { "" };
			enum rt_err err;

			rt_mem_fail_after(k);
			err = rt_test_find(names[t])->run(ts, 4, 1, &out, &d);
			rt_mem_fail_after(-1);
			CU_ASSERT(err == RT_OK || err == RT_ERR_NOMEM);
			if (err == RT_OK) {
				CU_ASSERT_NOT_EQUAL(out.verdict, RT_VERDICT_NA);
				done = true;
			}
		}
		CU_ASSERT_TRUE(done);
	}
}

CU_TestInfo analysis_limits_tests[] = {
	{ "exact boundaries accept and float traps reject",
	  test_exact_boundaries_accept_and_float_traps_reject },
	{ "a deadline shorter than the WCET still analyses",
	  test_deadline_shorter_than_wcet_still_analyses },
	{ "invalid tasks are refused and empty sets accepted", test_invalid_tasks_and_empty_sets },
	{ "overflow is reported, never wrapped", test_overflow_is_reported_not_wrapped },
	{ "a long testing interval hits the budget, QPA still decides",
	  test_long_testing_interval_hits_the_budget },
	{ "QPA on a thousand ns tasks is fast and agrees with PDC",
	  test_qpa_on_a_thousand_ns_tasks_is_fast_and_agrees },
	{ "analysis survives allocation failures", test_analysis_survives_allocation_failures },
	CU_TEST_INFO_NULL
};
