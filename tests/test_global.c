/* test_global.c - global EDF tests (docs/theory.md §B) and the exact sums behind them.
 *
 * Known answers: docs/theory.md §G.2 (schedcat verdicts), every row of the
 * reference sample global-sample.jsonl (tests/data/global-vectors.h,
 * generated), G.5 ffdbf values, equality and float-trap cases, overflow and
 * budget limits, allocation failures and the registry order.  The seeded
 * property tests are in test_global_prop.c.
 */
#include <stdio.h>
#include <string.h>

#include "models/analysis_global.h"
#include "models/frac.h"
#include "models/mem.h"
#include "models/rng.h"
#include "models/tests.h"
#include "tests/analysis_util.h"
#include "tests/suites.h"
#include "tests/trace_util.h"

struct glob_vec_task {
	rt_time c, d, t;
};

struct glob_vector {
	const char *id;
	unsigned m;
	const struct glob_vec_task *tasks;
	size_t n;
	const char *utilization, *density;
	bool expect[7];                 /* gnames order */
	rt_time da_x;                   /* -1: null */
};

#include "tests/data/global-vectors.h"

/* ---- docs/theory.md §G.2 --------------------------------------------------- */

struct g2_case {
	const char *id;
	unsigned m;
	struct rt_task ts[4];
	size_t n;
	const char *verdicts;           /* gnames order, 'T' accept 'F' reject */
};

#define BAR3 TKS(10, 100, 100), TKS(33, 200, 200), TKS(10, 300, 100)
#define DASET TKS(80, 100, 100), TKS(33, 66, 66), TKS(7, 10, 10)

static const struct g2_case g2[] = {
	{ "seed1", 2, { TKS(4, 10, 5), TKS(4, 10, 5) }, 2, "FFTTTTF" },
	{ "seed2", 2, { TKS(1, 10, 2), TKS(2, 20, 4), TKS(3, 50, 6) }, 3, "TFFTTTT" },
	{ "linuxdoc", 2, { TKS(50, 100, 50), TKS(10, 100, 100) }, 2, "FFFTTFT" },
	{ "bar3", 2, { BAR3 }, 3, "TTTTTTT" },
	{ "bar4", 2, { BAR3, TKS(27, 28, 28) }, 4, "FFFFTTF" },
	{ "sim3 m=3", 3, { TKS(2, 3, 3), TKS(2, 3, 3), TKS(2, 3, 3) }, 3, "FFTTTFF" },
	{ "sim3 m=2", 2, { TKS(2, 3, 3), TKS(2, 3, 3), TKS(2, 3, 3) }, 3, "FFFFFFF" },
	{ "Dhall", 2, { TKS(1, 10, 10), TKS(1, 10, 10), TKS(11, 11, 11) }, 3, "FFFFFFF" },
	{ "gfb_tight", 2, { TKS(5, 10, 10), TKS(5, 10, 10), TKS(5, 10, 10) }, 3,
	  "TTTTTTF" },
	{ "DA m=2", 2, { DASET }, 3, "FFFFFFF" },
	{ "DA m=3", 3, { DASET }, 3, "FFTTTTF" },
};

static void test_theory_g2_global_verdicts(void)
{
	for (size_t c = 0; c < NTS(g2); c++) {
		unsigned before = CU_get_number_of_failures();

		for (size_t k = 0; k < 7; k++) {
			struct rt_test_result out;
			enum rt_verdict want = g2[c].verdicts[k] == 'T'
					       ? RT_VERDICT_ACCEPT : RT_VERDICT_REJECT;

			CU_ASSERT_EQUAL(tu_run_test(gnames[k], g2[c].ts, g2[c].n,
						 g2[c].m, &out), want);
			CU_ASSERT_EQUAL(out.kind, RT_KIND_SUFFICIENT);
			if (out.verdict != want)
				fprintf(stderr, "\n  [G.2 %s: %s]\n", g2[c].id, gnames[k]);
		}
		if (CU_get_number_of_failures() != before)
			fprintf(stderr, "\n  [G.2 %s]\n", g2[c].id);
	}
}

/* G.2's note: schedcat also evaluates the formulas at m = 1 (the registry
 * lists them for m > 1 only): seed2 -> BAR T, BCL F, RTA F; linuxdoc ->
 * BAR T. */
static void test_theory_g2_one_cpu_notes(void)
{
	struct rt_global_result r;

	CU_ASSERT_EQUAL(rt_global_bar(g2[1].ts, 3, 1, 100000, &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(rt_global_bcl(g2[1].ts, 3, 1, &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(rt_global_rta(g2[1].ts, 3, 1, 25, 100000, NULL, &r, NULL),
			RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(rt_global_bar(g2[2].ts, 2, 1, 100000, &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
}

static void test_gfb_tight_sigma_range_is_empty_for_ffdbf(void)
{
	struct rt_task ts[] = { TK(5, 10, 10), TK(5, 10, 10), TK(5, 10, 10) };
	struct rt_global_result r;

	/* (m - U)/(m - 1) - eps = 0.4 < lambda_max = 0.5 (docs/theory.md §G.2) */
	CU_ASSERT_EQUAL(rt_global_ffdbf(ts, 3, 2, 1, 10, 50, 1000, &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.why, "sigma"));
	/* (m - U)/(m - 1) = lambda_max exactly: any epsilon > 0 empties it */
	CU_ASSERT_EQUAL(rt_global_ffdbf(ts, 3, 2, 1, 1000000, 50, 1000, &r, NULL),
			RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(rt_global_ffdbf(ts, 3, 2, 0, 10, 50, 1000, &r, NULL),
			RT_ERR_INVAL);
}

/* ---- reference sample ------------------------------------------------------ */

static void test_reference_sample_rows_match(void)
{
	struct rt_task ts[64];

	for (size_t v = 0; v < NTS(glob_vectors); v++) {
		const struct glob_vector *g = &glob_vectors[v];
		unsigned before = CU_get_number_of_failures();
		struct rt_frac *f = NULL;

		CU_ASSERT_FATAL(g->n <= NTS(ts));
		for (size_t i = 0; i < g->n; i++)
			ts[i] = TK(g->tasks[i].c, g->tasks[i].t, g->tasks[i].d);
		CU_ASSERT_EQUAL(rt_frac_utilization(ts, g->n, &f), RT_OK);
		CU_ASSERT_STRING_EQUAL(tu_frac_str(f), g->utilization);
		CU_ASSERT_EQUAL(rt_frac_density(ts, g->n, &f), RT_OK);
		CU_ASSERT_STRING_EQUAL(tu_frac_str(f), g->density);
		for (size_t k = 0; k < 7; k++) {
			struct rt_test_result out;
			enum rt_verdict got = tu_run_test(gnames[k], ts, g->n, g->m, &out);

			CU_ASSERT_EQUAL(got, g->expect[k] ? RT_VERDICT_ACCEPT
							  : RT_VERDICT_REJECT);
			if (got != (g->expect[k] ? RT_VERDICT_ACCEPT : RT_VERDICT_REJECT))
				fprintf(stderr, "\n  [%s %s: %s]\n", g->id, gnames[k],
					out.note);
		}
		if (CU_get_number_of_failures() != before)
			fprintf(stderr, "\n  [global-sample %s]\n", g->id);
	}
}

/* ---- exact arithmetic ------------------------------------------------------ */

static void test_exact_sums_decide_ties_and_tiny_gaps(void)
{
	const int64_t p = 4611686018427387847;          /* primes near 2^62 */
	const int64_t q = 4611686018427387817;
	struct rt_qsum s;
	int sign = 9;

	rt_qsum_init(&s);
	/* 1/3 + 1/6 - 1/2 == 0: the enclosure straddles 0, frac decides */
	CU_ASSERT_EQUAL(rt_qsum_add(&s, 1, 3), RT_OK);
	CU_ASSERT_EQUAL(rt_qsum_add(&s, 1, 6), RT_OK);
	CU_ASSERT_EQUAL(rt_qsum_add(&s, -1, 2), RT_OK);
	CU_ASSERT_EQUAL(rt_qsum_sign(&s, &sign), RT_OK);
	CU_ASSERT_EQUAL(sign, 0);
	/* 1/q - 1/p = (p - q)/(pq) ~ 2^-119 > 0 */
	rt_qsum_clear(&s);
	CU_ASSERT_EQUAL(rt_qsum_add(&s, 1, q), RT_OK);
	CU_ASSERT_EQUAL(rt_qsum_add(&s, -1, p), RT_OK);
	CU_ASSERT_EQUAL(rt_qsum_sign(&s, &sign), RT_OK);
	CU_ASSERT_EQUAL(sign, 1);
	rt_qsum_clear(&s);
	CU_ASSERT_EQUAL(rt_qsum_add(&s, -1, q), RT_OK);
	CU_ASSERT_EQUAL(rt_qsum_add(&s, 1, p), RT_OK);
	CU_ASSERT_EQUAL(rt_qsum_sign(&s, &sign), RT_OK);
	CU_ASSERT_EQUAL(sign, -1);
	/* big integers: (2^126 - 1) - (2^126 - 2) = 1 */
	rt_qsum_clear(&s);
	CU_ASSERT_EQUAL(rt_qsum_add(&s, ((rt_i128)1 << 126) - 1, 1), RT_OK);
	CU_ASSERT_EQUAL(rt_qsum_add(&s, -(((rt_i128)1 << 126) - 2), 1), RT_OK);
	CU_ASSERT_EQUAL(rt_qsum_sign(&s, &sign), RT_OK);
	CU_ASSERT_EQUAL(sign, 1);
	/* many terms: 1000 * (1/7) - 1000/7 == 0, then -1/(7*10^12) */
	rt_qsum_clear(&s);
	for (int i = 0; i < 1000; i++)
		CU_ASSERT_EQUAL(rt_qsum_add(&s, 1, 7), RT_OK);
	CU_ASSERT_EQUAL(rt_qsum_add(&s, -1000, 7), RT_OK);
	CU_ASSERT_EQUAL(rt_qsum_sign(&s, &sign), RT_OK);
	CU_ASSERT_EQUAL(sign, 0);
	CU_ASSERT_EQUAL(rt_qsum_add(&s, -1, 7000000000000), RT_OK);
	CU_ASSERT_EQUAL(rt_qsum_sign(&s, &sign), RT_OK);
	CU_ASSERT_EQUAL(sign, -1);
	CU_ASSERT_EQUAL(rt_qsum_add(&s, 1, 0), RT_ERR_INVAL);
	rt_qsum_free(&s);
	rt_qsum_free(&s);                       /* idempotent */
}

static void test_equality_cases_accept_and_float_traps_decide_exactly(void)
{
	/* U = 1 exactly although a double sum gives 1.0000000000000002 */
	struct rt_task tight[] = { TK(5, 10, 10), TK(7, 57, 57), TK(6, 17, 17),
				   TK(6, 17, 17), TK(6, 51, 51), TK(52, 969, 969) };
	/* U = m = 2 exactly with the same trap */
	struct rt_task um[] = { TK(1, 1, 1), TK(7, 57, 57), TK(6, 17, 17),
				TK(6, 17, 17), TK(6, 51, 51), TK(52, 969, 969) };
	/* U = 2 + 2^-60 > m although the double sum is exactly 2.0 */
	struct rt_task over[] = { TK(1, 2, 2), TK(1, 2, 2),
				  TK(1, (rt_time)1 << 60, (rt_time)1 << 60),
				  TK(1, 1, 1) };
	struct rt_test_result out;
	struct rt_global_result r;
	bool acc = false;

	/* Lambda = 1/2 + 1 = 3/2 = m - (m-1) lambda_max: GFB's equality case */
	CU_ASSERT_EQUAL(tu_run_test("gfb", tight, NTS(tight), 2, &out), RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(tu_run_test("utilization", um, NTS(um), 2, &out), RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(out.kind, RT_KIND_NECESSARY);
	CU_ASSERT_PTR_NOT_NULL(strstr(out.note, "2/1"));
	CU_ASSERT_EQUAL(rt_global_utilization(um, NTS(um), 2, &acc, NULL), RT_OK);
	CU_ASSERT_TRUE(acc);
	/* U = m: BAR's interval is unbounded (schedcat: False) */
	CU_ASSERT_EQUAL(rt_global_bar(um, NTS(um), 2, 1000, &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.why, "U = m"));
	CU_ASSERT_EQUAL(rt_global_utilization(over, NTS(over), 2, &acc, NULL), RT_OK);
	CU_ASSERT_FALSE(acc);
	for (size_t k = 0; k < 7; k++) {
		CU_ASSERT_EQUAL(tu_run_test(gnames[k], over, NTS(over), 2, &out),
				RT_VERDICT_REJECT);
		CU_ASSERT_PTR_NOT_NULL(strstr(out.note, "U > m"));
	}
}

static void test_preconditions_reject_infeasible_and_skip_arbitrary_deadlines(void)
{
	struct rt_task late[] = { TK(1, 10, 10), TK(6, 10, 5) };       /* C > D */
	struct rt_task arb[] = { TK(1, 10, 20), TK(1, 10, 10) };       /* D > T */
	struct rt_task bad[] = { TK(1, 10, 10), TK(1, 0, 10) };
	struct rt_test_result out;
	struct rt_global_result r;
	struct rt_diag d = { "" };
	size_t idx = 0;

	for (size_t k = 0; k < 7; k++) {
		CU_ASSERT_EQUAL(tu_run_test(gnames[k], late, 2, 4, &out), RT_VERDICT_REJECT);
		CU_ASSERT_PTR_NOT_NULL(strstr(out.note, "task 1"));
		/* every test is for constrained deadlines (BAK too:
		 * test_global_prop.c shows a set its arbitrary-deadline
		 * form accepts and that misses) */
		CU_ASSERT_EQUAL(tu_run_test(gnames[k], arb, 2, 2, &out),
				RT_VERDICT_NA);
	}
	CU_ASSERT_EQUAL(rt_global_feasible_tasks(late, 2, &idx, NULL), RT_OK);
	CU_ASSERT_EQUAL(idx, 1);
	CU_ASSERT_EQUAL(rt_global_feasible_tasks(arb, 2, &idx, NULL), RT_OK);
	CU_ASSERT_EQUAL(idx, RT_GLOBAL_NO_TASK);
	CU_ASSERT_EQUAL(rt_global_bcl(bad, 2, 2, &r, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "task 1"));
	CU_ASSERT_EQUAL(rt_global_gfb(late, 2, 0, &r, NULL), RT_ERR_INVAL);
	CU_ASSERT_EQUAL(rt_test_find("rta")->run(bad, 2, 2, &out, &d), RT_ERR_INVAL);
	/* the empty set is schedulable */
	CU_ASSERT_EQUAL(rt_global_bar(NULL, 0, 2, 10, &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(rt_global_ffdbf(NULL, 0, 2, 1, 10, 50, 10, &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	/* FF-DBF needs m >= 2 */
	CU_ASSERT_EQUAL(rt_global_ffdbf(arb + 1, 1, 1, 1, 10, 50, 100, &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_NA);
}

static void test_overflow_and_budget_give_na_with_a_note(void)
{
	const rt_time big = (rt_time)1 << 62;
	struct rt_task huge[] = { TK(1, big, big), TK(1, big, big - 1),
				  TK(1, big - 3, big - 3) };
	/* BAR-schedulable, but the long task's A_k bound spans ~1.7 * 10^4
	 * periods of the short one */
	struct rt_task longscan[] = { TK(1, 10, 10), TK(100000, 1000000, 1000000) };
	struct rt_task bar3[] = { BAR3, TK(1, 4, 4) };
	struct rt_test_result out;
	struct rt_global_result r;
	struct rt_diag d = { "" };

	CU_ASSERT_EQUAL(rt_global_bak(huge, 3, 2, &r, &d), RT_ERR_OVERFLOW);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "128 bits"));
	CU_ASSERT_EQUAL(tu_run_test("bak", huge, 3, 2, &out), RT_VERDICT_NA);
	CU_ASSERT_PTR_NOT_NULL(strstr(out.note, "undecided"));
	CU_ASSERT_EQUAL(rt_global_bar(longscan, 2, 2, 1000, &r, &d),
			RT_ERR_UNSUPPORTED);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "budget"));
	CU_ASSERT_EQUAL(rt_global_bar(longscan, 2, 2, RT_GLOBAL_BUDGET_DEFAULT,
				      &r, &d), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT(r.steps > 10000 && r.steps < 100000);
	CU_ASSERT_EQUAL(tu_run_test("bar", longscan, 2, 2, &out), RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(rt_global_rta(bar3, 4, 2, 25, 10, NULL, &r, &d),
			RT_ERR_UNSUPPORTED);
	CU_ASSERT_EQUAL(rt_global_bcl_iterative(bar3, 4, 2, 3, &r, &d),
			RT_ERR_UNSUPPORTED);
	CU_ASSERT_EQUAL(rt_global_ffdbf(bar3, 3, 2, 1, 10, 50, 5, &r, &d),
			RT_ERR_UNSUPPORTED);
	CU_ASSERT_EQUAL(rt_global_load(longscan, 2, 1, 0, &r, &d),
			RT_ERR_UNSUPPORTED);
}

/* ---- docs/theory.md §G.5: ffdbf values -------------------------------------- */

static void test_theory_g5_ffdbf_values(void)
{
	struct rt_task t1[] = { TK(5000, 10000, 10000) }, t2[] = { TK(5000, 10000, 7000) };
	const int64_t at1[] = { 0, 5000, 5001, 7000, 9999, 10001, 14001 };
	const int64_t v1[] = { 0, 0, 1, 2000, 4999, 5000, 5000 };
	const int64_t at2[] = { 0, 1000, 2001, 4000, 6999, 10001, 12001 };
	const int64_t v2[] = { 0, 0, 1, 2000, 4999, 5000, 5001 };
	struct rt_task both[] = { TK(5000, 10000, 10000), TK(5000, 10000, 7000) };
	rt_i128 num = 0, den = 0;

	for (size_t i = 0; i < NTS(at1); i++) {
		CU_ASSERT_EQUAL(rt_global_ffdbf_demand(t1, 1, at1[i], 1, 1, 1, &num,
						       &den), RT_OK);
		CU_ASSERT(num == (rt_i128)v1[i] * den);
		CU_ASSERT_EQUAL(rt_global_ffdbf_demand(t2, 1, at2[i], 1, 1, 1, &num,
						       &den), RT_OK);
		CU_ASSERT(num == (rt_i128)v2[i] * den);
	}
	/* sigma = 1/2, t1 at t = 5000: 5000 - (10000 - 5000)/2 = 2500 */
	CU_ASSERT_EQUAL(rt_global_ffdbf_demand(t1, 1, 5000, 1, 1, 2, &num, &den), RT_OK);
	CU_ASSERT(den == 2 && num == 5000);
	/* t = 34001/2, sigma = 4/5 (r = 7000.5 in both):
	 * t1: 5000 + 5000 - (10000 - 7000.5) 4/5 = 7600.4;  t2: 5000 + 5000 */
	CU_ASSERT_EQUAL(rt_global_ffdbf_demand(both, 2, 34001, 2, 4, 5, &num, &den),
			RT_OK);
	CU_ASSERT(den == 10 && num == 176004);
	CU_ASSERT_EQUAL(rt_global_ffdbf_demand(t1, 1, -1, 1, 1, 1, &num, &den),
			RT_ERR_INVAL);
}

/* ---- scale, memory, registry ------------------------------------------------------ */

static void test_two_hundred_ns_tasks_on_sixteen_cpus_decide(void)
{
	struct rt_task ts[200];
	struct rt_rng rng;

	rt_rng_seed(&rng, 0x200);
	for (int variant = 0; variant < 2; variant++) {
		for (size_t i = 0; i < 200; i++) {
			rt_time t = rt_rng_range(&rng, 1000000, 1000000000);
			rt_time c = t / 25 * rt_rng_range(&rng, 1, 3) / 2 + 1;
			rt_time d = variant ? rt_rng_range(&rng, t - t / 10, t) : t;

			ts[i] = TK(c, t, d);
		}
		for (size_t k = 0; k < 7; k++) {
			struct rt_test_result out;

			/* decided (not n/a): well inside the step budget */
			CU_ASSERT_NOT_EQUAL(tu_run_test(gnames[k], ts, 200, 16, &out),
					    RT_VERDICT_NA);
			if (out.verdict == RT_VERDICT_NA)
				fprintf(stderr, "\n  [%s: %s]\n", gnames[k], out.note);
		}
	}
}

static void test_global_tests_survive_allocation_failures(void)
{
	struct rt_task ts[] = { TK(1, 10, 2), TK(2, 20, 4), TK(3, 50, 6),
				TK(50, 100, 50) };
	bool hit = false;

	for (long k = 0; k < 40; k++) {
		struct rt_global_result r;
		enum rt_err e[6];

		rt_mem_fail_after(k);
		e[0] = rt_global_gfb(ts, 4, 2, &r, NULL);
		e[1] = rt_global_bak(ts, 4, 2, &r, NULL);
		e[2] = rt_global_bcl_iterative(ts, 4, 2, 100000, &r, NULL);
		e[3] = rt_global_rta(ts, 4, 2, 25, 100000, NULL, &r, NULL);
		e[4] = rt_global_bar(ts, 4, 2, 100000, &r, NULL);
		e[5] = rt_global_ffdbf(ts, 4, 2, 1, 10, 50, 100000, &r, NULL);
		rt_mem_fail_after(-1);
		for (size_t i = 0; i < 6; i++) {
			CU_ASSERT(e[i] == RT_OK || e[i] == RT_ERR_NOMEM);
			hit |= e[i] == RT_ERR_NOMEM;
		}
	}
	CU_ASSERT_TRUE(hit);
}

static void test_registry_orders_global_and_partitioned_tests(void)
{
	static const char *const multi[] = {
		"utilization", "gfb", "bak", "bcl", "bcl-iterative", "rta", "bar",
		"ffdbf", "partitioned-first-fit", "partitioned-best-fit",
		"partitioned-worst-fit", "partitioned-first-fit-decreasing",
		"partitioned-best-fit-decreasing", "partitioned-worst-fit-decreasing",
		"partitioned-first-fit-decreasing-density",
		"partitioned-best-fit-decreasing-density",
		"partitioned-worst-fit-decreasing-density", "linux",
		"cbs-bandwidth",
	};
	static const char *const uni[] = { "utilization", "density", "pdc", "qpa",
					   "fp-rta", "linux", "cbs-bandwidth" };
	size_t nm = 0, nu = 0;

	for (size_t i = 0; rt_tests[i]; i++) {
		if (rt_tests[i]->applies(4)) {
			CU_ASSERT_FATAL(nm < NTS(multi));
			CU_ASSERT_STRING_EQUAL(rt_tests[i]->name, multi[nm]);
			nm++;
		}
		if (rt_tests[i]->applies(1)) {
			CU_ASSERT_FATAL(nu < NTS(uni));
			CU_ASSERT_STRING_EQUAL(rt_tests[i]->name, uni[nu]);
			nu++;
		}
	}
	CU_ASSERT_EQUAL(nm, NTS(multi));
	CU_ASSERT_EQUAL(nu, NTS(uni));
}

CU_TestInfo global_tests[] = {
	{ "docs/theory.md §G.2 global verdicts match", test_theory_g2_global_verdicts },
	{ "docs/theory.md §G.2 one-CPU notes match", test_theory_g2_one_cpu_notes },
	{ "GFB's tight set leaves FF-DBF no sigma",
	  test_gfb_tight_sigma_range_is_empty_for_ffdbf },
	{ "every reference sample row matches", test_reference_sample_rows_match },
	{ "exact sums decide ties and tiny gaps", test_exact_sums_decide_ties_and_tiny_gaps },
	{ "equality cases accept and float traps decide exactly",
	  test_equality_cases_accept_and_float_traps_decide_exactly },
	{ "infeasible sets reject and arbitrary deadlines are n/a",
	  test_preconditions_reject_infeasible_and_skip_arbitrary_deadlines },
	{ "overflow and budget give n/a with a note",
	  test_overflow_and_budget_give_na_with_a_note },
	{ "docs/theory.md §G.5 ffdbf values match", test_theory_g5_ffdbf_values },
	{ "200 ns tasks on 16 CPUs are decided within the budget",
	  test_two_hundred_ns_tasks_on_sixteen_cpus_decide },
	{ "global tests survive allocation failures",
	  test_global_tests_survive_allocation_failures },
	{ "registry orders global and partitioned tests",
	  test_registry_orders_global_and_partitioned_tests },
	CU_TEST_INFO_NULL
};
