/* test_locks_random.c - shared resources on seeded random task sets
 * (each failure prints its seed and set): under pcp and srp (fp) and srp
 * (edf) no deadlock, srp never blocks a started job, pcp blocks a job at
 * most once; the blocking-aware tests (fp-rta with B_i for pip, pcp,
 * srp; edf with srp, Baker's B(t) + dbf(t) <= t) accept only sets whose
 * simulation (synchronous release, every job its worst-case demand and
 * sections) meets every deadline, and under fp every job's observed
 * blocking stays within its task's B_i.  And known answers of the
 * lock-order cycle finder (rt_lock_order_cycle). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/analysis_fp.h"
#include "models/analysis_uni.h"
#include "models/blocking.h"
#include "models/rng.h"
#include "models/section.h"
#include "models/task.h"
#include "sim/engine.h"
#include "tests/suites.h"

struct lk_watch {
	uint64_t blocks_after_start;    /* BLOCK of a job that had started */
	uint64_t max_blocks_per_job;    /* BLOCK records of one job */
	uint64_t cur_seq, cur_blocks;
	bool seen;
};

static enum rt_err lk_watch_emit(void *ctx, const struct sim_rec *r)
{
	struct lk_watch *w = ctx;

	if (r->kind != SIM_REC_BLOCK || !r->info)
		return RT_OK;
	if (r->info->start != RT_TIME_NEVER)
		w->blocks_after_start++;
	if (!w->seen || r->info->seq != w->cur_seq) {
		w->seen = true;
		w->cur_seq = r->info->seq;
		w->cur_blocks = 0;
	}
	if (++w->cur_blocks > w->max_blocks_per_job)
		w->max_blocks_per_job = w->cur_blocks;
	return RT_OK;
}

#define LK_MAXT 5

/* A random set of 2..5 tasks on 1..3 resources, each task 0..2 properly
 * nested (or disjoint) sections, U <= 0.95. */
static size_t lk_random_set(struct rt_rng *g, struct rt_task *ts,
			    struct rt_section (*sec)[2], size_t *nres)
{
	size_t n = (size_t)rt_rng_range(g, 2, LK_MAXT);
	double u = 0;

	*nres = (size_t)rt_rng_range(g, 1, 3);
	for (size_t i = 0; i < n; i++) {
		rt_time t = rt_rng_range(g, 10, 60);
		rt_time c = rt_rng_range(g, 1, t / 4 > 1 ? t / 4 : 1);
		int kind = (int)rt_rng_range(g, 0, 3);

		if (u + (double)c / (double)t > 0.95)
			c = 1;
		u += (double)c / (double)t;
		ts[i] = rt_task_make(NULL, c, rt_rng_range(g, c, t), t);
		ts[i].sections = sec[i];
		ts[i].nsections = 0;
		if (kind == 0)
			continue;
		sec[i][0].resource = (uint32_t)rt_rng_range(g, 0,
							   (int64_t)*nres - 1);
		sec[i][0].after = rt_rng_range(g, 0, c - 1);
		sec[i][0].len = rt_rng_range(g, 1, c - sec[i][0].after);
		ts[i].nsections = 1;
		if (kind == 1 || *nres < 2)
			continue;
		/* a second one: nested inside, or after it */
		sec[i][1].resource = (sec[i][0].resource + 1) % (uint32_t)*nres;
		if (kind == 2) {
			sec[i][1].after = rt_rng_range(g, sec[i][0].after,
						       sec[i][0].after +
						       sec[i][0].len - 1);
			sec[i][1].len = rt_rng_range(g, 1, sec[i][0].after +
						     sec[i][0].len -
						     sec[i][1].after);
		} else {
			if (sec[i][0].after + sec[i][0].len >= c)
				continue;
			sec[i][1].after = sec[i][0].after + sec[i][0].len;
			sec[i][1].len = rt_rng_range(g, 1, c - sec[i][1].after);
		}
		ts[i].nsections = 2;
	}
	return n;
}

/* Over 'sets' seeded random sets: under pcp and srp (fp) and srp (edf),
 * no deadlock; srp never blocks a started job; pcp blocks a job at most
 * once. */
static void test_protocol_properties(void)
{
	static const struct { const char *policy; enum sim_protocol p; } runs[] = {
		{ "fp", SIM_PROTO_PCP }, { "fp", SIM_PROTO_SRP },
		{ "edf", SIM_PROTO_SRP },
	};
	const uint64_t seed = 20261203;
	const unsigned sets = 1000;
	uint64_t blocked = 0, total = 0;

	printf("\n  (seed %" PRIu64 ", %u sets per protocol) ", seed, sets);
	for (size_t r = 0; r < sizeof(runs) / sizeof(runs[0]); r++) {
		for (unsigned k = 0; k < sets; k++) {
			struct rt_task ts[LK_MAXT];
			struct rt_section sec[LK_MAXT][2];
			struct rt_rng g;
			struct lk_watch w = { 0 };
			struct sim_sink sink = { SIM_MASK(SIM_REC_BLOCK),
						 lk_watch_emit, &w };
			struct sim_config c = { 0 };
			struct sim_engine *e = NULL;
			struct rt_diag d;
			size_t nres, n;

			rt_rng_seed(&g, rt_rng_derive(seed, r, k));
			n = lk_random_set(&g, ts, sec, &nres);
			c.tasks = ts;
			c.ntasks = n;
			c.cpus = 1;
			c.policy = runs[r].policy;
			c.horizon = 3600;
			c.nresources = nres;
			c.protocol = runs[r].p;
			if (sim_engine_create(&c, &e, &d) != RT_OK) {
				printf("\n  seed %" PRIu64 " set %u: %s\n", seed,
				       k, d.msg);
				CU_FAIL("engine refused a random set");
				continue;
			}
			CU_ASSERT_EQUAL(sim_engine_add_sink(e, &sink), RT_OK);
			CU_ASSERT_EQUAL(sim_engine_run(e, &d), RT_OK);
			if (sim_engine_stats(e)->deadlocks ||
			    (runs[r].p == SIM_PROTO_SRP && w.blocks_after_start) ||
			    (runs[r].p == SIM_PROTO_PCP &&
			     w.max_blocks_per_job > 1)) {
				printf("\n  seed %" PRIu64 " set %u (%s %s): "
				       "deadlocks %" PRIu64 ", blocks after "
				       "start %" PRIu64 ", max blocks of a job %"
				       PRIu64 "\n", seed, k, runs[r].policy,
				       sim_protocol_name(runs[r].p),
				       sim_engine_stats(e)->deadlocks,
				       w.blocks_after_start,
				       w.max_blocks_per_job);
				for (size_t i = 0; i < n; i++) {
					printf("   C %ld D %ld T %ld:", (long)ts[i].wcet,
					       (long)ts[i].deadline, (long)ts[i].period);
					for (size_t q = 0; q < ts[i].nsections; q++)
						printf(" [R%u %ld %ld]", sec[i][q].resource,
						       (long)sec[i][q].after, (long)sec[i][q].len);
					printf("\n");
				}
				CU_FAIL("protocol property broken");
			}
			blocked += w.max_blocks_per_job > 0;
			total++;
			sim_engine_destroy(e);
		}
	}
	/* the sets do contend: many runs saw a block */
	CU_ASSERT(blocked > total / 10);
}


/* Periods whose hyperperiod is 240: the simulation over [0, 2H + D_max)
 * sees every pattern of the synchronous release. */
static const rt_time lk_periods[] = { 10, 12, 15, 16, 20, 24, 30, 40, 48,
				      60, 80, 120, 240 };

static size_t lk_harmonic_set(struct rt_rng *g, struct rt_task *ts,
			      struct rt_section (*sec)[2], size_t *nres)
{
	size_t n = lk_random_set(g, ts, sec, nres);

	for (size_t i = 0; i < n; i++) {
		rt_time t = lk_periods[rt_rng_range(g, 0, (int64_t)(sizeof(
				lk_periods) / sizeof(lk_periods[0])) - 1)];
		rt_time c = ts[i].wcet;

		/* keep C and the sections, move T (and D within [C, T]) */
		if (c > t)
			t = 240;
		ts[i].period = t;
		ts[i].deadline = rt_rng_range(g, c, t);
	}
	return n;
}

static void lk_print_set(const struct rt_task *ts, size_t n,
			 struct rt_section (*sec)[2])
{
	for (size_t i = 0; i < n; i++) {
		printf("   C %" PRId64 " D %" PRId64 " T %" PRId64 ":", ts[i].wcet,
		       ts[i].deadline, ts[i].period);
		for (size_t q = 0; q < ts[i].nsections; q++)
			printf(" [R%u %" PRId64 " %" PRId64 "]", sec[i][q].resource,
			       sec[i][q].after, sec[i][q].len);
		printf("\n");
	}
}

/* Blocking-aware tests against the simulation, >= 1000 sets each. */
static void test_blocking_tests_against_simulation(void)
{
	static const struct { const char *policy; enum sim_protocol p; } runs[] = {
		{ "fp", SIM_PROTO_PIP }, { "fp", SIM_PROTO_PCP },
		{ "fp", SIM_PROTO_SRP }, { "edf", SIM_PROTO_SRP },
	};
	const uint64_t seed = 7001;
	const unsigned sets = 1000;

	printf("\n  (seed %" PRIu64 ", %u sets per protocol) ", seed, sets);
	for (size_t r = 0; r < sizeof(runs) / sizeof(runs[0]); r++) {
		unsigned accepted = 0, contended = 0;
		bool fp = !strcmp(runs[r].policy, "fp");

		for (unsigned k = 0; k < sets; k++) {
			struct rt_task ts[LK_MAXT];
			struct rt_section sec[LK_MAXT][2];
			uint32_t lvl[LK_MAXT];
			rt_time B[LK_MAXT], R[LK_MAXT], dmax = 0, w;
			struct rt_fp_result fr;
			enum rt_verdict v;
			struct rt_rng g;
			struct sim_config c = { 0 };
			struct sim_engine *e = NULL;
			const struct sim_stats *st;
			struct rt_diag d;
			size_t nres, n;
			bool bad = false;

			rt_rng_seed(&g, rt_rng_derive(seed, r, k));
			n = lk_harmonic_set(&g, ts, sec, &nres);
			if (fp) {
				CU_ASSERT_EQUAL_FATAL(rt_fp_ranks(ts, n,
					RT_FP_DEADLINE_MONOTONIC, lvl, &d), RT_OK);
				CU_ASSERT_EQUAL_FATAL(rt_blocking_terms(ts, n, nres,
					lvl, (enum rt_lock_protocol)runs[r].p, B,
					&d), RT_OK);
				if (rt_fp_rta_blocking(ts, n,
						       RT_FP_DEADLINE_MONOTONIC, B,
						       RT_UNI_BUDGET_DEFAULT, R,
						       &fr, &d) != RT_OK) {
					printf("\n  seed %" PRIu64 " set %u: %s\n",
					       seed, k, d.msg);
					CU_FAIL("fp-rta-blocking failed");
					continue;
				}
				v = fr.verdict;
			} else {
				CU_ASSERT_EQUAL_FATAL(rt_edf_srp_test(ts, n, nres,
					RT_UNI_BUDGET_DEFAULT, &v, &w, &d), RT_OK);
			}
			for (size_t i = 0; i < n; i++)
				if (ts[i].deadline > dmax)
					dmax = ts[i].deadline;
			c.tasks = ts;
			c.ntasks = n;
			c.cpus = 1;
			c.policy = runs[r].policy;
			c.horizon = 2 * 240 + dmax;
			c.nresources = nres;
			c.protocol = runs[r].p;
			CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, &d), RT_OK);
			CU_ASSERT_EQUAL(sim_engine_run(e, &d), RT_OK);
			st = sim_engine_stats(e);
			for (size_t i = 0; i < n; i++) {
				contended += st->tasks[i].max_blocking > 0;
				if (fp && !st->misses &&
				    st->tasks[i].max_blocking > B[i])
					bad = true;
			}
			if (v == RT_VERDICT_ACCEPT) {
				accepted++;
				bad = bad || st->misses > 0;
			}
			if (bad) {
				printf("\n  seed %" PRIu64 " set %u (%s %s): %s, "
				       "%" PRIu64 " misses\n", seed, k,
				       runs[r].policy,
				       sim_protocol_name(runs[r].p),
				       rt_verdict_name(v), st->misses);
				for (size_t i = 0; fp && i < n; i++)
					printf("   B %" PRId64 " R %" PRId64
					       " observed blocking %" PRId64 "\n",
					       B[i], R[i],
					       st->tasks[i].max_blocking);
				lk_print_set(ts, n, sec);
				CU_FAIL("a blocking-aware test accepted a set "
					"that misses, or blocking above B");
			}
			sim_engine_destroy(e);
		}
		printf("[%s %s: %u accepted, %u tasks blocked] ",
		       runs[r].policy, sim_protocol_name(runs[r].p), accepted,
		       contended);
		CU_ASSERT(accepted > sets / 4);
		CU_ASSERT(contended > sets / 10);
	}
}

/* ---- the lock-order graph (rt_lock_order_cycle), known answers ---------- */

/* A task (C 10, T 100) with the sections s[0..n). */
static struct rt_task lo_task(struct rt_section *s, size_t n)
{
	struct rt_task t = rt_task_make(NULL, 10, 100, 100);

	t.sections = s;
	t.nsections = n;
	return t;
}

/*
 * Edges A -> B for a section on B inside one on A (section (r, after,
 * len) = r over [after, after + len) of the demand).
 *   none:    t0 r0 [0,4) > r1 [1,2), then r2 [4,6) (touching, not
 *            nested); t1 r0 [0,2) > r1 [0,1): edges 0->1 only, acyclic;
 *   2-cycle: t0 r0 [0,4) > r1 [1,2); t1 r1 [0,4) > r0 [1,2): 0->1->0,
 *            found from r0 as (0, 1, 0), len 3;
 *   3-cycle: t0 r0 > r1, t1 r1 > r2, t2 r2 > r0: (0, 1, 2, 0), len 4;
 *            without t2 (0->1->2) acyclic;
 *   same interval: of two sections over [0,2) the first listed is the
 *            outer: t0 r0, r1 (0->1) and t1 r0, r1 again: acyclic; t1
 *            r1, r0 (1->0): (0, 1, 0);
 *   same resource: r0 [1,2) inside r0 [0,4) in one task (loading refuses
 *            it, rt_sections_check) is the loop 0->0: (0, 0), len 2.
 */
static void test_lock_order_cycle_known_answers(void)
{
	struct rt_section none0[] = { { 0, 0, 4 }, { 1, 1, 1 }, { 2, 4, 2 } };
	struct rt_section none1[] = { { 0, 0, 2 }, { 1, 0, 1 } };
	struct rt_section two0[] = { { 0, 0, 4 }, { 1, 1, 1 } };
	struct rt_section two1[] = { { 1, 0, 4 }, { 0, 1, 1 } };
	struct rt_section thr0[] = { { 0, 0, 4 }, { 1, 1, 1 } };
	struct rt_section thr1[] = { { 1, 0, 4 }, { 2, 1, 1 } };
	struct rt_section thr2[] = { { 2, 0, 4 }, { 0, 1, 1 } };
	struct rt_section eq0[] = { { 0, 0, 2 }, { 1, 0, 2 } };
	struct rt_section eq1[] = { { 1, 0, 2 }, { 0, 0, 2 } };
	struct rt_section self[] = { { 0, 0, 4 }, { 0, 1, 1 } };
	struct rt_task ts[3];
	uint32_t cyc[4] = { 9, 9, 9, 9 };
	size_t len = 9;

	ts[0] = lo_task(none0, 3);
	ts[1] = lo_task(none1, 2);
	CU_ASSERT_EQUAL(rt_lock_order_cycle(ts, 2, 3, cyc, &len), RT_OK);
	CU_ASSERT_EQUAL(len, 0);

	ts[0] = lo_task(two0, 2);
	ts[1] = lo_task(two1, 2);
	CU_ASSERT_EQUAL(rt_lock_order_cycle(ts, 2, 2, cyc, &len), RT_OK);
	CU_ASSERT_EQUAL(len, 3);
	CU_ASSERT(cyc[0] == 0 && cyc[1] == 1 && cyc[2] == 0);

	ts[0] = lo_task(thr0, 2);
	ts[1] = lo_task(thr1, 2);
	ts[2] = lo_task(thr2, 2);
	CU_ASSERT_EQUAL(rt_lock_order_cycle(ts, 2, 3, cyc, &len), RT_OK);
	CU_ASSERT_EQUAL(len, 0);
	CU_ASSERT_EQUAL(rt_lock_order_cycle(ts, 3, 3, cyc, &len), RT_OK);
	CU_ASSERT_EQUAL(len, 4);
	CU_ASSERT(cyc[0] == 0 && cyc[1] == 1 && cyc[2] == 2 && cyc[3] == 0);

	ts[0] = lo_task(eq0, 2);
	ts[1] = lo_task(eq0, 2);
	CU_ASSERT_EQUAL(rt_lock_order_cycle(ts, 2, 2, cyc, &len), RT_OK);
	CU_ASSERT_EQUAL(len, 0);
	ts[1] = lo_task(eq1, 2);
	CU_ASSERT_EQUAL(rt_lock_order_cycle(ts, 2, 2, cyc, &len), RT_OK);
	CU_ASSERT_EQUAL(len, 3);
	CU_ASSERT(cyc[0] == 0 && cyc[1] == 1 && cyc[2] == 0);

	ts[0] = lo_task(self, 2);
	CU_ASSERT_EQUAL(rt_lock_order_cycle(ts, 1, 1, cyc, &len), RT_OK);
	CU_ASSERT_EQUAL(len, 2);
	CU_ASSERT(cyc[0] == 0 && cyc[1] == 0);

	/* no resource: nothing to order */
	CU_ASSERT_EQUAL(rt_lock_order_cycle(ts, 0, 0, cyc, &len), RT_OK);
	CU_ASSERT_EQUAL(len, 0);
}

/*
 * pip's ceilings are raised along nesting with the nesting rule of
 * models/section.h and of the lock-order graph above: of two sections
 * over one interval the first listed is the outer one (the job locks it
 * first), so only the second inherits the first's ceiling.  The raise
 * used to take both as inside each other.  Levels H 0, M 1, L 2 (fp
 * ranks); H: R2 [0,1); M: R1 [0,3); L: R1 [0,2) listed first, R2
 * [0,2) second.  By hand: ceil(R1) = min(M, L) = 1, ceil(R2) = min(H,
 * L) = 0; L nests R2 in R1: ceil(R2) = min(0, 1) = 0 (unchanged), R1
 * stays 1; nested, so B_i = B_l = sum over lower j of max { len(j, R) :
 * ceil(R) <= lvl i }:
 *   B_H = M: none (R1's ceiling 1 > 0) + L: len(L, R2) = 2  ->  2
 *         (was 3 + 2 = 5 with R1 raised to 0 too, so fp-rta-blocking
 *         rejected H (C 1, D 3): R = 6 > 3; now R = 2 + 1 = 3 <= 3);
 *   B_M = L: max(len(L, R1), len(L, R2)) = 2;  B_L = 0.
 * Right: H waits for R2 only while L holds it, inside L's R1 section:
 * M, which needs R1, cannot hold it then (L took R1 first), and L runs
 * at H's priority meanwhile, so H waits at most L's 2.  Listed the other
 * way round (R2 first: L locks R2, then R1 inside it), R1 inherits R2's
 * ceiling 0 and B_H = 3 + 2 = 5: the chain the rule counts is H waiting
 * for L's R2 while L waits for M's R1.  Under none (no bound for a task
 * a lower one can block) H and M are blocked by L either way, L by none.
 */
static void test_pip_same_interval_nesting_by_list_order(void)
{
	struct rt_section h[] = { { 1, 0, 1 } };
	struct rt_section m[] = { { 0, 0, 3 } };
	struct rt_section l12[] = { { 0, 0, 2 }, { 1, 0, 2 } };
	struct rt_section l21[] = { { 1, 0, 2 }, { 0, 0, 2 } };
	const uint32_t lvl[] = { 0, 1, 2 };
	struct rt_task ts[3] = { lo_task(h, 1), lo_task(m, 1),
				 lo_task(l12, 2) };
	rt_time B[3] = { -1, -1, -1 };

	CU_ASSERT_EQUAL(rt_blocking_terms(ts, 3, 2, lvl, RT_LOCK_PIP, B, NULL),
			RT_OK);
	CU_ASSERT_EQUAL(B[0], 2);
	CU_ASSERT_EQUAL(B[1], 2);
	CU_ASSERT_EQUAL(B[2], 0);
	ts[2] = lo_task(l21, 2);
	CU_ASSERT_EQUAL(rt_blocking_terms(ts, 3, 2, lvl, RT_LOCK_PIP, B, NULL),
			RT_OK);
	CU_ASSERT_EQUAL(B[0], 5);
	CU_ASSERT_EQUAL(B[1], 2);
	CU_ASSERT_EQUAL(B[2], 0);
	/* none: H blocked by L directly (R2) either way; M by L (R1) */
	CU_ASSERT_EQUAL(rt_blocking_terms(ts, 3, 2, lvl, RT_LOCK_NONE, B,
					  NULL), RT_OK);
	CU_ASSERT_EQUAL(B[0], RT_TIME_NEVER);
	CU_ASSERT_EQUAL(B[1], RT_TIME_NEVER);
	CU_ASSERT_EQUAL(B[2], 0);
}

CU_TestInfo lock_random_tests[] = {
	{ "no deadlock (pcp, srp), srp never blocks a started job, pcp "
	  "blocks once", test_protocol_properties },
	{ "blocking-aware tests accept only sets the simulation schedules",
	  test_blocking_tests_against_simulation },
	{ "the lock-order cycle finder (hand-worked)",
	  test_lock_order_cycle_known_answers },
	{ "pip: of two sections over one interval the first is outer "
	  "(hand-worked)", test_pip_same_interval_nesting_by_list_order },
	CU_TEST_INFO_NULL,
};
