/* test_percentile.c - per-task response-time and tardiness percentiles
 * (sim/percentile.h): nearest rank against a sorted reference, the
 * histogram's stated resolution, a simulated run compared job by job with
 * its own COMPLETE records, and storage that stays flat over a 100 times
 * longer horizon. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "edf_util.h"
#include "models/rng.h"
#include "sim/percentile.h"
#include "suites.h"

/* Feed one COMPLETE record of task 'task' with response 'resp' and
 * tardiness 'tard'. */
static enum rt_err feed(struct sim_sink *k, uint32_t task, rt_time resp,
			rt_time tard)
{
	struct sim_job_info info = { .task = task, .release = 0,
				     .abs_deadline = 1000000 };
	struct sim_rec r = { .time = info.abs_deadline + tard,
			     .kind = SIM_REC_COMPLETE, .task = task,
			     .value = resp, .info = &info };

	return k->emit(k->ctx, &r);
}

static int cmp_time(const void *a, const void *b)
{
	rt_time x = *(const rt_time *)a, y = *(const rt_time *)b;

	return (x > y) - (x < y);
}

/* Nearest rank by hand: the ceil(p n / 1000)-th smallest. */
static rt_time rank_of(const rt_time *sorted, size_t n, unsigned permille)
{
	size_t k = (permille * n + 999) / 1000;

	return sorted[(k ? k : 1) - 1];
}

static void test_small_runs_are_exact_nearest_rank(void)
{
	static const rt_time v[] = { 7, 3, 9, 3, 1, 12, 5, 5, 8, 2 };
	/* sorted: 1 2 3 3 5 5 7 8 9 12 */
	struct sim_pctl *p = NULL;
	struct sim_sink k;
	rt_time out = -1;
	bool exact = false;

	CU_ASSERT_EQUAL_FATAL(sim_pctl_create(2, 0, &p, NULL), RT_OK);
	k = sim_pctl_sink(p);
	for (size_t i = 0; i < 10; i++)
		CU_ASSERT_EQUAL(feed(&k, 0, v[i], v[i] > 6 ? v[i] - 6 : 0), RT_OK);
	CU_ASSERT_EQUAL(sim_pctl_count(p, 0), 10);
	CU_ASSERT_TRUE(sim_pctl_value(p, 0, SIM_PCTL_RESPONSE, 500, &out, &exact));
	CU_ASSERT_EQUAL(out, 5);                /* 5th of 10 */
	CU_ASSERT_TRUE(exact);
	CU_ASSERT_TRUE(sim_pctl_value(p, 0, SIM_PCTL_RESPONSE, 900, &out, &exact));
	CU_ASSERT_EQUAL(out, 9);                /* 9th */
	CU_ASSERT_TRUE(sim_pctl_value(p, 0, SIM_PCTL_RESPONSE, 990, &out, &exact));
	CU_ASSERT_EQUAL(out, 12);               /* ceil(9.9) = 10th */
	CU_ASSERT_TRUE(sim_pctl_value(p, 0, SIM_PCTL_RESPONSE, 1, &out, &exact));
	CU_ASSERT_EQUAL(out, 1);
	/* tardiness 0 0 0 0 0 0 1 2 3 6 */
	CU_ASSERT_TRUE(sim_pctl_value(p, 0, SIM_PCTL_TARDINESS, 500, &out, &exact));
	CU_ASSERT_EQUAL(out, 0);
	CU_ASSERT_TRUE(sim_pctl_value(p, 0, SIM_PCTL_TARDINESS, 990, &out, &exact));
	CU_ASSERT_EQUAL(out, 6);
	/* a task with no completed job has no percentile; bad arguments */
	out = -1;
	CU_ASSERT_FALSE(sim_pctl_value(p, 1, SIM_PCTL_RESPONSE, 500, &out, &exact));
	CU_ASSERT_FALSE(sim_pctl_value(p, 0, SIM_PCTL_RESPONSE, 0, &out, &exact));
	CU_ASSERT_FALSE(sim_pctl_value(p, 0, SIM_PCTL_RESPONSE, 1001, &out, &exact));
	CU_ASSERT_FALSE(sim_pctl_value(p, 2, SIM_PCTL_RESPONSE, 500, &out, &exact));
	CU_ASSERT_EQUAL(out, -1);
	sim_pctl_destroy(p);
	sim_pctl_destroy(NULL);
}

/* Past the exact budget every answer is the upper edge of the true
 * value's bucket: true <= v, v - true < true / 2^SUB_BITS + 1, v <= max,
 * exact below 2^SUB_BITS and for the maximum. */
static void test_histogram_keeps_its_stated_resolution(void)
{
	for (uint64_t seed = 1; seed <= 40; seed++) {
		struct rt_rng rng;
		struct sim_pctl *p = NULL;
		struct sim_sink k;
		size_t n = 2000 + (size_t)(seed * 37 % 1500);
		rt_time *ref = malloc(n * sizeof(*ref));
		int64_t hi = seed % 3 == 0 ? 100 : seed % 3 == 1 ? 100000 :
			     (int64_t)1 << 50;

		CU_ASSERT_PTR_NOT_NULL_FATAL(ref);
		rt_rng_seed(&rng, seed);
		/* budget 1: SIM_PCTL_EXACT_MIN exact samples, then histogram */
		CU_ASSERT_EQUAL_FATAL(sim_pctl_create(1, 1, &p, NULL), RT_OK);
		k = sim_pctl_sink(p);
		for (size_t i = 0; i < n; i++) {
			ref[i] = rt_rng_range(&rng, 0, hi);
			CU_ASSERT_EQUAL(feed(&k, 0, ref[i], 0), RT_OK);
		}
		qsort(ref, n, sizeof(*ref), cmp_time);
		for (unsigned pm = 1; pm <= 1000; pm += 37) {
			unsigned q = pm > 1000 ? 1000 : pm;
			rt_time want = rank_of(ref, n, q), got = -1;
			bool exact = false;

			CU_ASSERT_TRUE(sim_pctl_value(p, 0, SIM_PCTL_RESPONSE,
						      q, &got, &exact));
			if (got < want || got - want > want /
			    (1 << SIM_PCTL_SUB_BITS) + 1 || got > ref[n - 1])
				fprintf(stderr, "\n  seed %llu q %u: got %lld "
					"want %lld\n", (unsigned long long)seed,
					q, (long long)got, (long long)want);
			CU_ASSERT(got >= want);
			CU_ASSERT(got - want <= want / (1 << SIM_PCTL_SUB_BITS) + 1);
			CU_ASSERT(got <= ref[n - 1]);
			if (exact)
				CU_ASSERT_EQUAL(got, want);
			if (hi < (1 << SIM_PCTL_SUB_BITS))
				CU_ASSERT_TRUE(exact);
		}
		{
			rt_time mx = -1;
			bool exact = false;

			CU_ASSERT_TRUE(sim_pctl_value(p, 0, SIM_PCTL_RESPONSE,
						      1000, &mx, &exact));
			CU_ASSERT_EQUAL(mx, ref[n - 1]);
			CU_ASSERT_TRUE(exact);
		}
		sim_pctl_destroy(p);
		free(ref);
	}
}

/* A sink that keeps every COMPLETE record's response and tardiness. */
struct keep {
	rt_time *resp, *tard;
	size_t n, cap;
	uint32_t task;
};

static enum rt_err keep_emit(void *ctx, const struct sim_rec *r)
{
	struct keep *k = ctx;

	if (r->kind != SIM_REC_COMPLETE || r->task != k->task)
		return RT_OK;
	if (k->n == k->cap) {
		k->cap = k->cap ? 2 * k->cap : 64;
		k->resp = realloc(k->resp, k->cap * sizeof(*k->resp));
		k->tard = realloc(k->tard, k->cap * sizeof(*k->tard));
		if (!k->resp || !k->tard)
			return RT_ERR_NOMEM;
	}
	k->resp[k->n] = r->value;
	k->tard[k->n++] = r->time > r->info->abs_deadline ?
			  r->time - r->info->abs_deadline : 0;
	return RT_OK;
}

/* Random overloaded-ish EDF sets with uniform execution times: every
 * task's percentiles equal the nearest rank of its own completions. */
static void test_simulated_percentiles_match_the_completions(void)
{
	static const unsigned qs[] = { 1, 500, 900, 990, 1000 };

	for (uint64_t seed = 1; seed <= 60; seed++) {
		struct rt_rng rng;
		struct rt_task ts[4];
		size_t n = 2 + (size_t)(seed % 3);
		struct sim_config c;
		struct sim_engine *e = NULL;
		struct sim_pctl *p = NULL;
		struct keep kp[4];
		struct sim_sink ks[4], ps;

		rt_rng_seed(&rng, seed);
		memset(kp, 0, sizeof(kp));
		for (size_t i = 0; i < n; i++) {
			rt_time t = rt_rng_range(&rng, 5, 40);
			rt_time cmax = rt_rng_range(&rng, 1, t / 2);

			ts[i] = rt_task_make("t", cmax, rt_rng_range(&rng, cmax, t), t);
			ts[i].exec = RT_EXEC_UNIFORM;
			ts[i].exec_min = 1;
			ts[i].exec_max = cmax;
			kp[i].task = (uint32_t)i;
			ks[i] = (struct sim_sink){ SIM_MASK(SIM_REC_COMPLETE),
						   keep_emit, &kp[i] };
		}
		c = cfg_make(ts, n, 2000);
		c.seed = seed;
		CU_ASSERT_EQUAL_FATAL(sim_pctl_create(n, 0, &p, NULL), RT_OK);
		ps = sim_pctl_sink(p);
		CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, NULL), RT_OK);
		for (size_t i = 0; i < n; i++)
			CU_ASSERT_EQUAL(sim_engine_add_sink(e, &ks[i]), RT_OK);
		CU_ASSERT_EQUAL(sim_engine_add_sink(e, &ps), RT_OK);
		CU_ASSERT_EQUAL(sim_engine_run(e, NULL), RT_OK);
		for (size_t i = 0; i < n; i++) {
			CU_ASSERT_EQUAL(sim_pctl_count(p, i), kp[i].n);
			if (!kp[i].n)
				continue;
			qsort(kp[i].resp, kp[i].n, sizeof(rt_time), cmp_time);
			qsort(kp[i].tard, kp[i].n, sizeof(rt_time), cmp_time);
			for (size_t j = 0; j < sizeof(qs) / sizeof(qs[0]); j++) {
				rt_time v = -1;
				bool exact = false;

				CU_ASSERT_TRUE(sim_pctl_value(p, i, SIM_PCTL_RESPONSE,
							      qs[j], &v, &exact));
				CU_ASSERT_TRUE(exact);
				CU_ASSERT_EQUAL(v, rank_of(kp[i].resp, kp[i].n, qs[j]));
				CU_ASSERT_TRUE(sim_pctl_value(p, i, SIM_PCTL_TARDINESS,
							      qs[j], &v, &exact));
				CU_ASSERT_EQUAL(v, rank_of(kp[i].tard, kp[i].n, qs[j]));
			}
			free(kp[i].resp);
			free(kp[i].tard);
		}
		sim_engine_destroy(e);
		sim_pctl_destroy(p);
	}
}

/* Storage after a horizon 100 times longer is the same: the exact samples
 * are replaced by histogram rows for the powers of two seen. */
static size_t bytes_after(rt_time horizon)
{
	struct rt_task ts[3] = { rt_task_make("a", 3, 10, 10),
				 rt_task_make("b", 4, 15, 15),
				 rt_task_make("c", 5, 40, 40) };
	struct sim_config c;
	struct sim_engine *e = NULL;
	struct sim_pctl *p = NULL;
	struct sim_sink ps;
	size_t b;

	for (size_t i = 0; i < 3; i++) {
		ts[i].exec = RT_EXEC_UNIFORM;
		ts[i].exec_min = 1;
		ts[i].exec_max = ts[i].wcet;
	}
	c = cfg_make(ts, 3, horizon);
	CU_ASSERT_EQUAL_FATAL(sim_pctl_create(3, 3000, &p, NULL), RT_OK);
	ps = sim_pctl_sink(p);
	CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, NULL), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_add_sink(e, &ps), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_run(e, NULL), RT_OK);
	CU_ASSERT(sim_pctl_count(p, 0) >= (uint64_t)(horizon / 10) - 1);
	b = sim_pctl_bytes(p);
	sim_engine_destroy(e);
	sim_pctl_destroy(p);
	return b;
}

static void test_storage_stays_flat_over_a_longer_horizon(void)
{
	size_t b1 = bytes_after(20000), b100 = bytes_after(2000000);

	/* 3 tasks x 2 metrics: at most the exact budget, then a few rows */
	CU_ASSERT(b1 > 0);
	CU_ASSERT(b100 <= b1);
	CU_ASSERT(b100 <= 6 * 4 * (1u << SIM_PCTL_SUB_BITS) * sizeof(uint64_t));
}

CU_TestInfo percentile_tests[] = {
	{ "small runs are exact nearest rank",
	  test_small_runs_are_exact_nearest_rank },
	{ "the histogram keeps its stated resolution",
	  test_histogram_keeps_its_stated_resolution },
	{ "simulated percentiles match the completions",
	  test_simulated_percentiles_match_the_completions },
	{ "storage stays flat over a 100 times longer horizon",
	  test_storage_stays_flat_over_a_longer_horizon },
	CU_TEST_INFO_NULL
};
