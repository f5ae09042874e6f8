/* test_models.c - rt_time arithmetic, RNG, task invariants, allocator. */
#include <stdint.h>
#include <string.h>

#include "models/mem.h"
#include "models/rng.h"
#include "models/rt_err.h"
#include "models/rt_time.h"
#include "models/task.h"
#include "tests/suites.h"

static void test_time_add_detects_overflow(void)
{
	rt_time r = 7;

	CU_ASSERT_TRUE(rt_time_add(3, 4, &r));
	CU_ASSERT_EQUAL(r, 7);
	CU_ASSERT_FALSE(rt_time_add(INT64_MAX - 1, 1, &r));     /* == NEVER */
	CU_ASSERT_FALSE(rt_time_add(INT64_MAX, 1, &r));
	CU_ASSERT_EQUAL(r, 7);                                  /* untouched */
	CU_ASSERT_TRUE(rt_time_sub(-5, 3, &r));
	CU_ASSERT_EQUAL(r, -8);
	CU_ASSERT_FALSE(rt_time_sub(INT64_MIN, 1, &r));
}

static void test_time_mul_detects_overflow(void)
{
	rt_time r = 0;

	CU_ASSERT_TRUE(rt_time_mul(1000000000LL, 1000000000LL, &r));
	CU_ASSERT_EQUAL(r, 1000000000000000000LL);
	CU_ASSERT_FALSE(rt_time_mul(10000000000LL, 1000000000LL, &r));
	CU_ASSERT_FALSE(rt_time_mul(INT64_MIN, -1, &r));
}

static void test_fraction_compare_is_exact(void)
{
	/* 1/3 vs 333333333333333333/1e18: a double would call them equal */
	CU_ASSERT(rt_frac_cmp64(1, 3, 333333333333333333LL, 1000000000000000000LL) > 0);
	CU_ASSERT(rt_frac_cmp64(4, 10, 2, 5) == 0);
	CU_ASSERT(rt_frac_cmp64(INT64_MAX, INT64_MAX - 1, 1, 1) > 0);
}

static void test_floor_and_ceil_division(void)
{
	CU_ASSERT_EQUAL(rt_floor_div(-1, 10), -1);
	CU_ASSERT_EQUAL(rt_floor_div(-10, 10), -1);
	CU_ASSERT_EQUAL(rt_floor_div(9, 10), 0);
	CU_ASSERT_EQUAL(rt_ceil_div(1, 10), 1);
	CU_ASSERT_EQUAL(rt_ceil_div(-9, 10), 0);
	CU_ASSERT_EQUAL(rt_ceil_div(20, 10), 2);
}

static void test_rng_is_reproducible_and_in_range(void)
{
	struct rt_rng a, b;
	int seen[7] = {0};

	rt_rng_seed(&a, 42);
	rt_rng_seed(&b, 42);
	for (int i = 0; i < 1000; i++)
		CU_ASSERT_EQUAL(rt_rng_next(&a), rt_rng_next(&b));
	for (int i = 0; i < 7000; i++) {
		int64_t v = rt_rng_range(&a, -3, 3);

		CU_ASSERT(v >= -3 && v <= 3);
		seen[v + 3]++;
	}
	for (int i = 0; i < 7; i++)
		CU_ASSERT(seen[i] > 800 && seen[i] < 1200);
	CU_ASSERT_NOT_EQUAL(rt_rng_derive(1, 0, 1), rt_rng_derive(1, 1, 0));
}

static void test_rng_matches_reference_stream(void)
{
	/* splitmix64 from 0 yields 0xe220a8397b1dcdaf first (Vigna's
	 * reference); xoshiro256** output depends only on that state. */
	struct rt_rng r;
	struct rt_rng r2;

	rt_rng_seed(&r, 0);
	CU_ASSERT_EQUAL(r.s[0], 0xe220a8397b1dcdafULL);
	rt_rng_seed(&r2, 0);
	CU_ASSERT_EQUAL(rt_rng_next(&r), rt_rng_next(&r2));
}

static void test_task_check_names_the_rule(void)
{
	struct rt_diag d;
	struct rt_task t = rt_task_make("P1", 4, 5, 10);
	rt_time rel[] = { 0, 5, 3 };

	CU_ASSERT_EQUAL(rt_task_check(&t, &d), RT_OK);
	t.wcet = 0;
	CU_ASSERT_EQUAL(rt_task_check(&t, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "P1"));
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "C"));
	t = rt_task_make("P1", 8, 5, 10);       /* D < C is legal */
	CU_ASSERT_EQUAL(rt_task_check(&t, &d), RT_OK);
	t.period = -1;
	CU_ASSERT_EQUAL(rt_task_check(&t, &d), RT_ERR_INVAL);
	t = rt_task_make("P1", 1, 5, 10);
	t.arrival = RT_ARRIVAL_LIST;
	t.releases = rel;
	t.nreleases = 3;
	CU_ASSERT_EQUAL(rt_task_check(&t, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "non-decreasing"));
}

static void test_task_model_conformance(void)
{
	struct rt_task t = rt_task_make("a", 2, 5, 10);
	rt_time vals[] = { 1, 3 };

	CU_ASSERT_TRUE(rt_task_is_sync_periodic(&t));
	CU_ASSERT_TRUE(rt_task_is_sporadic_conform(&t));
	t.exec = RT_EXEC_LIST;
	t.exec_values = vals;
	t.nexec_values = 2;
	CU_ASSERT_FALSE(rt_task_is_sync_periodic(&t));
	CU_ASSERT_FALSE(rt_task_is_sporadic_conform(&t));     /* 3 > C: overrun */
	t = rt_task_make("a", 2, 5, 10);
	t.jitter = 1;
	CU_ASSERT_FALSE(rt_task_is_sporadic_conform(&t));
}

static void test_mem_fault_injection(void)
{
	void *p;

	rt_mem_fail_after(1);
	p = rt_malloc(8);
	CU_ASSERT_PTR_NOT_NULL(p);
	rt_free(p);
	CU_ASSERT_PTR_NULL(rt_malloc(8));
	rt_mem_fail_after(-1);
	p = rt_malloc(8);
	CU_ASSERT_PTR_NOT_NULL(p);
	rt_free(p);
	CU_ASSERT_PTR_NULL(rt_calloc((size_t)-1, 16));
}

CU_TestInfo models_tests[] = {
	{ "time add/sub detect overflow", test_time_add_detects_overflow },
	{ "time mul detects overflow", test_time_mul_detects_overflow },
	{ "fraction compare is exact", test_fraction_compare_is_exact },
	{ "floor and ceil division round correctly", test_floor_and_ceil_division },
	{ "rng is reproducible and uniform in range", test_rng_is_reproducible_and_in_range },
	{ "rng seeding follows splitmix64", test_rng_matches_reference_stream },
	{ "task check names the rule it enforces", test_task_check_names_the_rule },
	{ "task model conformance flags jitter and overrun", test_task_model_conformance },
	{ "allocator fault injection fails the n-th call", test_mem_fault_injection },
	CU_TEST_INFO_NULL
};
