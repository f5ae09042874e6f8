/* test_multi_random.c - property tests of multicore placement on random
 * sets with m in {2, 4, 8}:
 *   - the replaying checker of sched_check.h: no CPU runs two jobs, no job
 *     runs on two CPUs, a partitioned task never migrates and runs only on
 *     its CPU, a clustered task never leaves its cluster; per cluster the
 *     scheduler is work-conserving and never lets a waiting job wait
 *     behind a less urgent running one (EDF: deadline, FP: priority);
 *     record values and statistics agree with the replay;
 *   - a clustered (or partitioned) run is, cluster by cluster, record for
 *     record the run of that cluster's tasks alone on k CPUs;
 *   - global EDF never exceeds the Devi-Anderson tardiness bound x + C_i
 *     for implicit deadlines and U <= m (docs/theory.md §D.1); x from a local copy
 *     of the formula, cross-checked with models/tardiness.h.
 * Each prints its seed and the failing set.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/rng.h"
#include "models/tardiness.h"
#include "models/task.h"
#include "sim/engine.h"
#include "tests/multi_util.h"
#include "tests/gen_util.h"
#include "tests/sched_check.h"
#include "tests/suites.h"
#include "tests/trace_util.h"

#define SCHED TU_SCHED

#define MT_MAXT GEN_MAXT
#define MT_MAXCPU SC_MAXCPU

/* A random set (gen_util.h): 1..MT_MAXT tasks with every arrival and
 * demand model, m in {2, 4, 8}, a random placement with a random
 * assignment, edf or fp with a random priority order, both tie-breaks and
 * miss policies.  'deterministic' leaves out the random models (jitter,
 * sporadic, uniform demand), whose streams depend on the task index. */
static void mgen(uint64_t seed, bool deterministic, struct gen_set *g)
{
	const struct gen_opts o = {
		.max_tasks = MT_MAXT, .placements = true, .max_period = 30,
		.max_horizon = 300, .jitter_periods = 1,
		.deterministic = deterministic,
	};

	gen_random_set(seed, &o, g);
}

static void test_random_placements_keep_every_invariant(void)
{
	const uint64_t base = 0x3a1000;
	int failed = 0, placements[3] = { 0 };

	for (uint64_t s = base; s < base + 1200 && failed < 3; s++) {
		static struct gen_set g;
		static struct sc_check k;
		const struct sim_config *c = &g.c;

		mgen(s, false, &g);
		placements[c->placement]++;
		if (sc_run(&k, c, NULL)) {
			fprintf(stderr, "\nseed %" PRIu64 " (%s, placement %d, "
				"k %u, m %u): %s\n", s, c->policy, c->placement,
				k.k, c->cpus, k.why);
			failed++;
		}
		CU_ASSERT_EQUAL(k.fails, 0);
		sc_free(&k);
	}
	for (int p = 0; p < 3; p++)
		CU_ASSERT(placements[p] > 300);
}

/*
 * Clusters do not interact: the run of a clustered (or partitioned)
 * configuration, restricted to one cluster's tasks and CPUs, is record for
 * record the run of those tasks alone on k CPUs (global placement).
 * Deterministic models only (the random streams follow task indexes).
 */
static void test_each_cluster_runs_as_if_alone(void)
{
	const uint64_t base = 0xc1a500;
	int failed = 0, compared = 0;

	for (uint64_t s = base; s < base + 600 && failed < 3; s++) {
		static struct gen_set g;
		struct rt_task sub[MT_MAXT];
		const struct rt_task *t = g.t;
		const unsigned *cl = g.cl;
		struct sim_config c;
		unsigned k;

		mgen(s, true, &g);
		c = g.c;
		if (c.placement == SIM_PLACE_GLOBAL)
			continue;
		k = gen_cluster_cpus(&c);
		for (unsigned q = 0; q < c.cpus / k; q++) {
			bool keep[MT_MAXT];
			uint32_t map[MT_MAXT];
			struct tu_trace whole, alone;
			struct sim_sink s1 = { SCHED | SIM_MASK(SIM_REC_RELEASE),
					       tu_trace_emit, &whole };
			struct sim_sink s2 = { SCHED | SIM_MASK(SIM_REC_RELEASE),
					       tu_trace_emit, &alone };
			struct sim_config cq = c;
			struct sim_engine *e1 = NULL, *e2 = NULL;
			size_t nsub = 0;
			bool same;

			for (size_t i = 0; i < c.ntasks; i++) {
				keep[i] = cl[i] == q;
				if (keep[i]) {
					map[i] = (uint32_t)nsub;
					sub[nsub++] = t[i];
				}
			}
			memset(&whole, 0, sizeof(whole));
			memset(&alone, 0, sizeof(alone));
			whole.keep = keep;
			whole.map = map;
			whole.cpu0 = (int)(q * k);
			cq.tasks = sub;
			cq.ntasks = nsub;
			cq.cpus = k;
			cq.placement = SIM_PLACE_GLOBAL;
			cq.task_cluster = NULL;
			CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e1, NULL),
					      RT_OK);
			CU_ASSERT_EQUAL_FATAL(sim_engine_create(&cq, &e2, NULL),
					      RT_OK);
			CU_ASSERT_EQUAL(sim_engine_add_sink(e1, &s1), RT_OK);
			CU_ASSERT_EQUAL(sim_engine_add_sink(e2, &s2), RT_OK);
			CU_ASSERT_EQUAL(sim_engine_run(e1, NULL), RT_OK);
			CU_ASSERT_EQUAL(sim_engine_run(e2, NULL), RT_OK);
			same = !strcmp(whole.buf ? whole.buf : "",
				       alone.buf ? alone.buf : "");
			if (!same) {
				const char *a = whole.buf ? whole.buf : "";
				const char *b = alone.buf ? alone.buf : "";
				size_t at = 0, line = 0;

				for (; a[at] && a[at] == b[at]; at++)
					if (a[at] == '\n')
						line = at + 1;
				fprintf(stderr, "\nseed %" PRIu64 " cluster %u of "
					"%u (k %u, %s): first difference\n"
					"--- in the whole run\n%.200s\n--- alone\n"
					"%.200s\n", s, q, c.cpus / k, k, c.policy,
					a + line, b + line);
				failed++;
			}
			CU_ASSERT(same);
			compared++;
			free(whole.buf);
			free(alone.buf);
			sim_engine_destroy(e1);
			sim_engine_destroy(e2);
		}
	}
	CU_ASSERT(compared > 500);
}

/* ---- Devi-Anderson tardiness bound (docs/theory.md §D.1) ------------------ */

/*
 * Local copy of the formula, computed exactly in integers (periods are
 * small, so H = lcm(T_i) fits):  Lambda = ceil(U) - 1, E = sum of the
 * Lambda largest C_i, V = sum of the Lambda - 1 largest u_i, and with
 * u_i = a_i / H,  x = ceil(max(0, E - C_min) H / (m H - sum a)).
 * -1 if m - V <= 0 (no bound).
 */
static rt_time da_x(const struct rt_task *t, size_t n, unsigned m)
{
	int64_t a[3 * MT_MAXCPU + 1], c[3 * MT_MAXCPU + 1], usum = 0, e = 0;
	int64_t v = 0, cmin = INT64_MAX, lam, h = 1;

	for (size_t i = 0; i < n; i++)
		h = h / (int64_t)rt_gcd64((uint64_t)h, (uint64_t)t[i].period) *
		    t[i].period;
	for (size_t i = 0; i < n; i++) {
		a[i] = t[i].wcet * (h / t[i].period);
		c[i] = t[i].wcet;
		usum += a[i];
		if (c[i] < cmin)
			cmin = c[i];
	}
	/* both descending (selection sort: n is small) */
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			int64_t x;

			if (a[j] > a[i]) {
				x = a[i]; a[i] = a[j]; a[j] = x;
			}
			if (c[j] > c[i]) {
				x = c[i]; c[i] = c[j]; c[j] = x;
			}
		}
	lam = (usum + h - 1) / h - 1;
	for (int64_t i = 0; i < lam && i < (int64_t)n; i++)
		e += c[i];
	for (int64_t i = 0; i < lam - 1 && i < (int64_t)n; i++)
		v += a[i];
	if ((int64_t)m * h - v <= 0)
		return -1;
	if (e - cmin <= 0)
		return 0;
	return ((e - cmin) * h + (int64_t)m * h - v - 1) / ((int64_t)m * h - v);
}

/* The formula on docs/theory.md's vectors (D.1, G.3) and one with V > 0. */
static void test_devi_anderson_reference_vectors(void)
{
	struct rt_task da[3] = { rt_task_make("a", 80, 100, 100),
				 rt_task_make("b", 33, 66, 66),
				 rt_task_make("c", 7, 10, 10) };
	struct rt_task dhall[3] = { rt_task_make("t1", 1, 10, 10),
				    rt_task_make("t2", 1, 10, 10),
				    rt_task_make("t3", 11, 11, 11) };
	/* U = 2.2: Lambda = 2, E = 9 + 8, V = 0.9, C_min = 6 on 3 CPUs:
	 * x = ceil(11 / 2.1) = 6. */
	struct rt_task v[3] = { rt_task_make("a", 8, 10, 10),
				rt_task_make("b", 9, 10, 10),
				rt_task_make("c", 6, 12, 12) };

	CU_ASSERT_EQUAL(da_x(da, 3, 2), 37);
	CU_ASSERT_EQUAL(da_x(da, 3, 3), 25);
	CU_ASSERT_EQUAL(da_x(dhall, 3, 2), 5);
	CU_ASSERT_EQUAL(da_x(v, 3, 3), 6);
}

static void test_global_edf_stays_within_devi_anderson(void)
{
	static const rt_time periods[] = { 8, 9, 10, 12, 15, 16, 18, 20, 24, 25,
					   30, 36, 40, 45, 48, 50 };
	static const unsigned ms[3] = { 2, 4, 8 };
	const uint64_t base = 0xda0000;
	int done = 0, tardy = 0, failed = 0;

	for (uint64_t s = base; done < 1000 && failed < 3; s++) {
		struct rt_task t[3 * MT_MAXCPU];
		struct rt_rng g;
		unsigned m;
		size_t n;
		int64_t usum = 0;      /* U * 3600: periods divide 3600 */
		double target, w[3 * MT_MAXCPU], wsum = 0;
		struct sim_config c;
		struct sim_engine *e = NULL;
		const struct sim_stats *st;
		struct rt_tard_result tr;
		rt_time x;
		bool ok = true;

		rt_rng_seed(&g, s);
		m = ms[rt_rng_range(&g, 0, 2)];
		n = (size_t)rt_rng_range(&g, m + 1, 3 * m);
		target = (0.7 + 0.3 * rt_rng_unit(&g)) * m;
		for (size_t i = 0; i < n; i++)
			wsum += w[i] = 0.2 + rt_rng_unit(&g);
		for (size_t i = 0; i < n; i++) {
			rt_time T = periods[rt_rng_range(&g, 0, 15)];
			rt_time C = (rt_time)(target * w[i] / wsum * (double)T + 0.5);

			C = C < 1 ? 1 : C > T ? T : C;
			t[i] = rt_task_make("da", C, T, T);
			usum += C * (3600 / T);
			if (rt_rng_range(&g, 0, 1)) {
				t[i].offset = rt_rng_range(&g, 0, T);
				if (rt_rng_range(&g, 0, 1)) {
					t[i].arrival = RT_ARRIVAL_SPORADIC;
					t[i].max_delay = rt_rng_range(&g, 0, 4);
				}
			}
		}
		if (usum > (int64_t)m * 3600)
			continue;               /* U > m: no bound */
		x = da_x(t, n, m);
		CU_ASSERT_FATAL(x >= 0);
		/* models/tardiness.h computes the same x. */
		CU_ASSERT_EQUAL_FATAL(rt_tard_devi_anderson(t, n, m, &tr, NULL,
							    NULL, NULL), RT_OK);
		CU_ASSERT_EQUAL(tr.status, RT_TARD_BOUNDED);
		CU_ASSERT_EQUAL(tr.x, x);
		c = mcfg(t, n, m, 3000);
		c.seed = s;
		c.tie_break = rt_rng_range(&g, 0, 1) ? SIM_TIE_FIFO
						      : SIM_TIE_TASK_ORDER;
		CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, NULL), RT_OK);
		CU_ASSERT_EQUAL(sim_engine_run(e, NULL), RT_OK);
		st = sim_engine_stats(e);
		tardy += st->max_tardiness > 0;
		for (size_t i = 0; i < n; i++)
			ok = ok && st->tasks[i].max_tardiness <= x + t[i].wcet;
		if (!ok) {
			fprintf(stderr, "\nseed %" PRIu64 ": m %u, x %" PRId64
				", max tardiness %" PRId64 "\n", s, m, x,
				st->max_tardiness);
			failed++;
		}
		CU_ASSERT(ok);
		sim_engine_destroy(e);
		done++;
	}
	/* The sample must contain tardy runs to mean anything. */
	CU_ASSERT(tardy > done / 20);
}

CU_TestInfo multi_random_tests[] = {
	{ "random placements keep every invariant",
	  test_random_placements_keep_every_invariant },
	{ "each cluster runs as if alone",
	  test_each_cluster_runs_as_if_alone },
	{ "Devi-Anderson formula on reference vectors",
	  test_devi_anderson_reference_vectors },
	{ "global EDF stays within the Devi-Anderson bound",
	  test_global_edf_stays_within_devi_anderson },
	CU_TEST_INFO_NULL
};
