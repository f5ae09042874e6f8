/* test_frac.c - exact rationals: 128-bit path, bignum, enclosure past the
 * cap, formatting, task-set sums and allocation failures.
 *
 * Expected big values were computed with Python's fractions.Fraction
 * (T_i = 2^62 - 1 - i: consecutive, so the lcm grows ~62 bits a term). */
#include <stdint.h>
#include <string.h>

#include "models/frac.h"
#include "models/mem.h"
#include "tests/suites.h"

#define B62 ((int64_t)1 << 62)

static char *fmt(const struct rt_frac *f)
{
	static char buf[8192];

	rt_frac_format(f, buf, sizeof(buf));
	return buf;
}

static struct rt_frac *sum_terms(size_t k, int64_t c0, int64_t cstep,
				 bool reverse)
{
	struct rt_frac *f = rt_frac_create();

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	for (size_t j = 0; j < k; j++) {
		size_t i = reverse ? k - 1 - j : j;

		CU_ASSERT_EQUAL(rt_frac_add(f, c0 + cstep * (int64_t)i,
					    B62 - 1 - (int64_t)i), RT_OK);
	}
	return f;
}

static void test_format_is_reduced_p_over_q(void)
{
	struct rt_frac *f = rt_frac_create();
	char small[4];

	CU_ASSERT_STRING_EQUAL(fmt(f), "0/1");
	CU_ASSERT_EQUAL(rt_frac_add(f, 2, 4), RT_OK);
	CU_ASSERT_STRING_EQUAL(fmt(f), "1/2");
	CU_ASSERT_EQUAL(rt_frac_add(f, 5, 2), RT_OK);
	CU_ASSERT_STRING_EQUAL(fmt(f), "3/1");
	CU_ASSERT_EQUAL(rt_frac_add(f, 1, 6), RT_OK);
	CU_ASSERT_STRING_EQUAL(fmt(f), "19/6");
	/* snprintf-like: returns the full length, truncates, NUL-terminates */
	CU_ASSERT_EQUAL(rt_frac_format(f, small, sizeof(small)), 4);
	CU_ASSERT_STRING_EQUAL(small, "19/");
	CU_ASSERT_EQUAL(rt_frac_format(f, NULL, 0), 4);
	CU_ASSERT(rt_frac_to_double(f) > 3.1666 && rt_frac_to_double(f) < 3.1667);
	rt_frac_destroy(f);
	rt_frac_destroy(NULL);
}

static void test_add_rejects_bad_terms_and_keeps_value(void)
{
	struct rt_frac *f = rt_frac_create();

	CU_ASSERT_EQUAL(rt_frac_add(f, 1, 3), RT_OK);
	CU_ASSERT_EQUAL(rt_frac_add(f, -1, 3), RT_ERR_INVAL);
	CU_ASSERT_EQUAL(rt_frac_add(f, 1, 0), RT_ERR_INVAL);
	CU_ASSERT_EQUAL(rt_frac_add(f, 1, -3), RT_ERR_INVAL);
	CU_ASSERT_EQUAL(rt_frac_add_wide(f, 1, 0), RT_ERR_INVAL);
	CU_ASSERT_STRING_EQUAL(fmt(f), "1/3");
	rt_frac_destroy(f);
}

static void test_compare_is_exact_at_the_bound(void)
{
	struct rt_frac *f = rt_frac_create(), *g = rt_frac_create();
	int c = 7;

	/* float-trap (docs/theory.md §0.2): the double sum is 1.0000000000000002 */
	rt_frac_add(f, 7, 57);
	rt_frac_add(f, 6, 17);
	rt_frac_add(f, 6, 17);
	rt_frac_add(f, 6, 51);
	rt_frac_add(f, 52, 969);
	CU_ASSERT_STRING_EQUAL(fmt(f), "1/1");
	CU_ASSERT_EQUAL(rt_frac_cmp(f, 1, 1), 0);
	CU_ASSERT_EQUAL(rt_frac_compare(f, 1, 1, &c), RT_OK);
	CU_ASSERT_EQUAL(c, 0);
	CU_ASSERT_EQUAL(rt_frac_compare(f, 1, 0, &c), RT_ERR_INVAL);
	CU_ASSERT_EQUAL(rt_frac_compare(f, -1, 1, &c), RT_ERR_INVAL);
	/* {(1,2),(1,2),(1,2^60)}: the double sum is exactly 1.0 */
	rt_frac_add(g, 1, 2);
	rt_frac_add(g, 1, 2);
	rt_frac_add(g, 1, (int64_t)1 << 60);
	CU_ASSERT(rt_frac_cmp(g, 1, 1) > 0);
	CU_ASSERT_STRING_EQUAL(fmt(g), "1152921504606846977/1152921504606846976");
	CU_ASSERT(rt_frac_cmp_frac(f, g) < 0);
	CU_ASSERT(rt_frac_cmp_frac(g, f) > 0);
	CU_ASSERT_EQUAL(rt_frac_cmp_frac(f, f), 0);
	/* operands near 2^63 cross-multiply in 128+ bits */
	CU_ASSERT(rt_frac_cmp(g, INT64_MAX, INT64_MAX - 1) > 0);
	CU_ASSERT(rt_frac_cmp(f, INT64_MAX, INT64_MAX - 1) < 0);
	CU_ASSERT_EQUAL(rt_frac_cmp(f, INT64_MAX, INT64_MAX), 0);
	rt_frac_destroy(f);
	rt_frac_destroy(g);
}

static void test_sum_past_128_bits_stays_exact(void)
{
	struct rt_frac *f3 = sum_terms(3, 1, 0, false);
	struct rt_frac *f8 = sum_terms(8, 1, 1, false);
	struct rt_frac *r8 = sum_terms(8, 1, 1, true);
	struct rt_frac *half = rt_frac_create();
	int c = 9;

	CU_ASSERT_STRING_EQUAL(fmt(f3),
		"63802943797675961844042506672327884811/"
		"98079714615416886807328322142267864003562372235538726906");
	CU_ASSERT_STRING_EQUAL(fmt(f8),
		"1386334847060407420670599090688338730205982376962452720207531165"
		"4480457985660338864595332550360349033613804906897479436286484804"
		"88/1775928064179764455544849064567149246082393807361114052823294"
		"4466827569612611441696470561005333017481783672837125371931146477"
		"2449270338601762160675");
	CU_ASSERT_TRUE(rt_frac_is_exact(f8));
	CU_ASSERT_STRING_EQUAL(fmt(r8), fmt(f8));       /* order-independent */
	CU_ASSERT_EQUAL(rt_frac_compare_frac(f8, r8, &c), RT_OK);
	CU_ASSERT_EQUAL(c, 0);
	/* 8 * 8 / 2^62 ~ 1.4e-17: far below 1, above 0 */
	CU_ASSERT(rt_frac_cmp(f8, 1, 1) < 0);
	CU_ASSERT(rt_frac_cmp(f8, 0, 1) > 0);
	CU_ASSERT(rt_frac_cmp(f8, 36, B62) > 0);        /* sum (i+1)/T_i > 36/2^62 */
	CU_ASSERT(rt_frac_cmp(f8, 36, B62 - 8) < 0);
	CU_ASSERT(rt_frac_cmp_frac(f3, f8) < 0);
	rt_frac_add(half, 1, 2);
	CU_ASSERT(rt_frac_cmp_frac(half, f8) > 0);
	CU_ASSERT(rt_frac_to_double(f8) > 7.8e-18 && rt_frac_to_double(f8) < 7.9e-18);
	rt_frac_destroy(f3);
	rt_frac_destroy(f8);
	rt_frac_destroy(r8);
	rt_frac_destroy(half);
}

static void test_sum_near_the_cap_stays_exact(void)
{
	/* 60 terms: p and q of ~3500 bits, still exact; both summation
	 * orders give the same reduced fraction, 2104 characters long. */
	struct rt_frac *f = sum_terms(60, 10000000000000000LL, 1, false);
	struct rt_frac *g = sum_terms(60, 10000000000000000LL, 1, true);
	static char a[4096];
	int c = 5;

	CU_ASSERT_TRUE(rt_frac_is_exact(f));
	CU_ASSERT_EQUAL(rt_frac_format(f, a, sizeof(a)), 2104);
	CU_ASSERT_STRING_EQUAL(fmt(g), a);
	CU_ASSERT_EQUAL(rt_frac_compare_frac(f, g, &c), RT_OK);
	CU_ASSERT_EQUAL(c, 0);
	CU_ASSERT(rt_frac_cmp(f, 1, 1) < 0);
	rt_frac_destroy(f);
	rt_frac_destroy(g);
}

static void test_past_the_cap_decides_or_says_so(void)
{
	/* 100 terms: the exact denominator would need 5735 bits (> 4096).
	 * U = 0.216840434497101962xx (Python: floor(U*1e18) = 216840434497101962) */
	struct rt_frac *f = sum_terms(100, 10000000000000000LL, 1, false);
	struct rt_frac *g = sum_terms(100, 10000000000000000LL, 1, true);
	struct rt_frac *e = rt_frac_create();
	int c = 5;

	CU_ASSERT_FALSE(rt_frac_is_exact(f));
	CU_ASSERT_FALSE(rt_frac_is_exact(g));
	CU_ASSERT_STRING_EQUAL(fmt(f), "~0.216840434497101962");
	CU_ASSERT(rt_frac_cmp(f, 1, 1) < 0);
	CU_ASSERT(rt_frac_cmp(f, 216840434497101962LL, 1000000000000000000LL) > 0);
	CU_ASSERT(rt_frac_cmp(f, 216840434497101963LL, 1000000000000000000LL) < 0);
	/* the same value twice: the enclosures overlap, so no answer */
	CU_ASSERT_EQUAL(rt_frac_compare_frac(f, g, &c), RT_ERR_UNSUPPORTED);
	CU_ASSERT_EQUAL(c, 5);
	CU_ASSERT_EQUAL(rt_frac_cmp_frac(f, g), RT_FRAC_UNDECIDED);
	CU_ASSERT(rt_frac_cmp_frac(f, f) == RT_FRAC_UNDECIDED);
	/* ...but against a clearly different exact value it decides */
	rt_frac_add(e, 1, 4);
	CU_ASSERT_EQUAL(rt_frac_compare_frac(f, e, &c), RT_OK);
	CU_ASSERT_EQUAL(c, -1);
	CU_ASSERT_EQUAL(rt_frac_compare_frac(e, f, &c), RT_OK);
	CU_ASSERT_EQUAL(c, 1);
	CU_ASSERT(rt_frac_to_double(f) > 0.2168404344 && rt_frac_to_double(f) < 0.2168404345);
	/* adding after the switch keeps the enclosure: + 1/4 exactly */
	rt_frac_add(f, 1, 4);
	CU_ASSERT_STRING_EQUAL(fmt(f), "~0.466840434497101962");
	rt_frac_destroy(f);
	rt_frac_destroy(g);
	rt_frac_destroy(e);
}

static void test_sum_groups_equal_denominators(void)
{
	struct rt_frac_term t[4];
	struct rt_frac *f = NULL;
	rt_u128 big = ((rt_u128)1 << 127) - 1;

	/* three numerators near 2^127 over 3: the 128-bit group sum
	 * overflows and is flushed; the result is (2^127 - 1)/1 */
	for (int i = 0; i < 3; i++) {
		t[i].num = big;
		t[i].den = 3;
	}
	t[3].num = 0;
	t[3].den = 1;
	CU_ASSERT_EQUAL_FATAL(rt_frac_sum(t, 4, &f), RT_OK);
	CU_ASSERT_STRING_EQUAL(fmt(f), "170141183460469231731687303715884105727/1");
	rt_frac_destroy(f);
	f = NULL;
	t[1].den = 0;
	CU_ASSERT_EQUAL(rt_frac_sum(t, 4, &f), RT_ERR_INVAL);
	CU_ASSERT_PTR_NULL(f);
	CU_ASSERT_EQUAL_FATAL(rt_frac_sum(NULL, 0, &f), RT_OK);
	CU_ASSERT_STRING_EQUAL(fmt(f), "0/1");
	rt_frac_destroy(f);
}

static void test_utilization_and_density_of_task_sets(void)
{
	/* docs/theory.md §G.5: density uses min(D, T) */
	struct rt_task a[] = { rt_task_make("a", 5, 15, 19) };
	struct rt_task b[] = { rt_task_make("b", 25, 75, 50) };
	struct rt_task seed[] = { rt_task_make("P1", 4, 5, 10),
				  rt_task_make("P2", 4, 5, 10) };
	struct rt_task bad[] = { rt_task_make("x", 1, 1, 0) };
	struct rt_frac *f = NULL;

	CU_ASSERT_EQUAL_FATAL(rt_frac_density(a, 1, &f), RT_OK);
	CU_ASSERT_STRING_EQUAL(fmt(f), "1/3");
	rt_frac_destroy(f);
	CU_ASSERT_EQUAL_FATAL(rt_frac_density(b, 1, &f), RT_OK);
	CU_ASSERT_STRING_EQUAL(fmt(f), "1/2");
	rt_frac_destroy(f);
	CU_ASSERT_EQUAL_FATAL(rt_frac_utilization(seed, 2, &f), RT_OK);
	CU_ASSERT_STRING_EQUAL(fmt(f), "4/5");
	rt_frac_destroy(f);
	CU_ASSERT_EQUAL_FATAL(rt_frac_density(seed, 2, &f), RT_OK);
	CU_ASSERT_STRING_EQUAL(fmt(f), "8/5");
	rt_frac_destroy(f);
	f = NULL;
	CU_ASSERT_EQUAL(rt_frac_utilization(bad, 1, &f), RT_ERR_INVAL);
	CU_ASSERT_PTR_NULL(f);
	CU_ASSERT_EQUAL_FATAL(rt_frac_utilization(NULL, 0, &f), RT_OK);
	CU_ASSERT_STRING_EQUAL(fmt(f), "0/1");
	rt_frac_destroy(f);
}

static void test_million_task_sets_sum_quickly(void)
{
	static const int64_t per[] = { 10, 20, 25, 40, 50, 100 };     /* ms */
	size_t n = 1000000;
	struct rt_task *ts = rt_calloc(n, sizeof(*ts));
	struct rt_frac *f = NULL;

	CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
	/* six periods (ns): exact, 204167/1250000 (Python) */
	for (size_t i = 0; i < n; i++)
		ts[i] = rt_task_make(NULL, (rt_time)(i % 7) + 1,
				     per[i % 6] * 1000000, per[i % 6] * 1000000);
	CU_ASSERT_EQUAL_FATAL(rt_frac_utilization(ts, n, &f), RT_OK);
	CU_ASSERT_STRING_EQUAL(fmt(f), "204167/1250000");
	rt_frac_destroy(f);
	/* 10^6 distinct periods 10^7 + i ns, C = 1: sum ~ ln(1.1) = 0.0953;
	 * exact form outgrows the cap, the enclosure still decides */
	for (size_t i = 0; i < n; i++)
		ts[i] = rt_task_make(NULL, 1, 10000000 + (rt_time)i,
				     10000000 + (rt_time)i);
	CU_ASSERT_EQUAL_FATAL(rt_frac_utilization(ts, n, &f), RT_OK);
	CU_ASSERT_FALSE(rt_frac_is_exact(f));
	CU_ASSERT(rt_frac_cmp(f, 1, 1) < 0);
	CU_ASSERT(rt_frac_cmp(f, 953, 10000) > 0);
	CU_ASSERT(rt_frac_cmp(f, 954, 10000) < 0);
	rt_frac_destroy(f);
	rt_free(ts);
}

static void test_utilization_survives_every_allocation_failure(void)
{
	struct rt_task ts[] = { rt_task_make("a", 1, 2, 3), rt_task_make("b", 1, 3, 4),
				rt_task_make("c", 2, 9, 9) };
	bool done = false;

	for (long k = 0; k < 50 && !done; k++) {
		struct rt_frac *f = NULL;
		enum rt_err err;

		rt_mem_fail_after(k);
		err = rt_frac_utilization(ts, 3, &f);
		rt_mem_fail_after(-1);
		CU_ASSERT(err == RT_OK || err == RT_ERR_NOMEM);
		if (err == RT_OK) {
			CU_ASSERT_STRING_EQUAL(fmt(f), "29/36");
			rt_frac_destroy(f);
			done = true;
		} else {
			CU_ASSERT_PTR_NULL(f);
		}
	}
	CU_ASSERT_TRUE(done);
}

CU_TestInfo frac_tests[] = {
	{ "format is reduced p/q with 0/1 and n/1", test_format_is_reduced_p_over_q },
	{ "add rejects bad terms and keeps the value", test_add_rejects_bad_terms_and_keeps_value },
	{ "comparison is exact at the bound (float traps)", test_compare_is_exact_at_the_bound },
	{ "a sum past 128 bits stays exact", test_sum_past_128_bits_stays_exact },
	{ "a sum near the size cap stays exact", test_sum_near_the_cap_stays_exact },
	{ "past the cap, comparisons decide or report unsupported",
	  test_past_the_cap_decides_or_says_so },
	{ "sum groups equal denominators and flushes on overflow",
	  test_sum_groups_equal_denominators },
	{ "utilization and density of task sets", test_utilization_and_density_of_task_sets },
	{ "a million-task set sums quickly", test_million_task_sets_sum_quickly },
	{ "utilization survives every allocation failure",
	  test_utilization_survives_every_allocation_failure },
	CU_TEST_INFO_NULL
};
