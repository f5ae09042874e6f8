/* test_fp.c - fixed-priority scheduling: hand-worked schedules of the fp
 * policy (RM vs EDF, DM vs RM, explicit priorities), known answers of the
 * fp-rta response-time analysis (textbook examples, Lehoczky's D > T
 * case), and property tests: on random synchronous periodic sets with
 * U <= 1 the simulation over the busy period misses iff fp-rta rejects
 * and every task's largest simulated response time IS R_i; with offsets
 * and sporadic arrivals R_i bounds every response.
 *
 * Expected traces are one line per record: "TIME KIND TASK.JOB cCPU VALUE".
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/analysis_fp.h"
#include "models/analysis_uni.h"
#include "models/mem.h"
#include "models/rng.h"
#include "models/task.h"
#include "models/tests.h"
#include "sim/engine.h"
#include "tests/suites.h"
#include "tests/trace_util.h"

static struct sim_config fp_cfg(const struct rt_task *t, size_t n,
				rt_time horizon, enum rt_fp_order o)
{
	struct sim_config c = {
		.tasks = t, .ntasks = n, .cpus = 1, .policy = "fp",
		.horizon = horizon, .seed = 1, .priorities = o,
	};
	return c;
}

/* ---- hand-worked schedules ----------------------------------------------- */

/*
 * (C, T) = (2, 5), (4, 7), implicit deadlines, U = 34/35 ~ 0.971.
 * Rate-monotonic: tau0 (T = 5) above tau1.
 *   [0,2) tau0.0; [2,5) tau1.0 (3 of 4 done); t=5 tau0.1 preempts it;
 *   [5,7) tau0.1; t=7 tau1.1 released (waits behind tau1.0);
 *   [7,8) tau1.0 finishes at 8 > d = 7: miss by 1; [8,10) tau1.1;
 *   t=10 tau0.2 preempts tau1.1 (2 left) ... horizon 10.
 * EDF on the same set: tau1.0 (d 7) is never preempted by tau0.1 (d 10)
 * and no deadline is missed (U <= 1, implicit).
 */
static void test_rm_misses_where_edf_does_not(void)
{
	struct rt_task t[2] = { rt_task_make("a", 2, 5, 5),
				rt_task_make("b", 4, 7, 7) };
	struct sim_config c = fp_cfg(t, 2, 10, RT_FP_RATE_MONOTONIC);
	struct sim_engine *e = tu_expect_sched(&c,
		"0 start 0.0 c0 2\n"
		"2 complete 0.0 c0 2\n"
		"2 start 1.0 c0 4\n"
		"5 preempt 1.0 c0 1\n"
		"5 start 0.1 c0 2\n"
		"7 complete 0.1 c0 2\n"
		"7 start 1.0 c0 1\n"
		"8 complete 1.0 c0 8\n"
		"8 deadline_miss 1.0 c0 1\n"
		"8 start 1.1 c0 4\n"
		"10 unfinished 1.1 c0 2\n"
		"10 end 0.0 c-1 0\n");
	const struct sim_stats *st = sim_engine_stats(e);
	struct rt_test_result out;
	rt_time resp[2];
	struct rt_fp_result r;

	CU_ASSERT_EQUAL(st->misses, 1);
	CU_ASSERT_EQUAL(st->first_miss.task, 1);
	CU_ASSERT_EQUAL(st->first_miss.deadline, 7);
	CU_ASSERT_EQUAL(st->tasks[1].preemptions, 1);
	sim_engine_destroy(e);

	/* fp-rta: R_b = 4 + ceil(R/5) 2 -> 6, 8, 8 > 7. */
	CU_ASSERT_EQUAL(rt_fp_rta(t, 2, RT_FP_RATE_MONOTONIC, 1000, resp, &r,
				  NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(r.task, 1);
	CU_ASSERT_EQUAL(resp[0], 2);
	CU_ASSERT_EQUAL(resp[1], 8);
	/* ... and QPA says EDF schedules it; the EDF run agrees. */
	CU_ASSERT_EQUAL(rt_test_find("qpa")->run(t, 2, 1, &out, NULL), RT_OK);
	CU_ASSERT_EQUAL(out.verdict, RT_VERDICT_ACCEPT);
	c.policy = "edf";
	c.horizon = 35;
	CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, NULL), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_run(e, NULL), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->misses, 0);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->tasks[1].max_response, 6);
	sim_engine_destroy(e);
}

/*
 * D < T separates DM from RM.  A (C=2, D=3, T=10), B (C=2, D=5, T=5).
 * RM (B above A): [0,2) B.0; [2,4) A.0 finishes at 4 > 3: miss by 1.
 * DM (A above B): [0,2) A.0; [2,4) B.0; [5,7) B.1; horizon 8.
 */
static void test_deadline_monotonic_schedules_what_rate_monotonic_misses(void)
{
	struct rt_task t[2] = { rt_task_make("A", 2, 3, 10),
				rt_task_make("B", 2, 5, 5) };
	struct sim_config c = fp_cfg(t, 2, 8, RT_FP_RATE_MONOTONIC);
	struct sim_engine *e;
	struct rt_fp_result r;
	rt_time resp[2];

	e = tu_expect_sched(&c,
		"0 start 1.0 c0 2\n"
		"2 complete 1.0 c0 2\n"
		"2 start 0.0 c0 2\n"
		"4 complete 0.0 c0 4\n"
		"4 deadline_miss 0.0 c0 1\n"
		"5 start 1.1 c0 2\n"
		"7 complete 1.1 c0 2\n"
		"8 end 0.0 c-1 0\n");
	CU_ASSERT_EQUAL(sim_engine_stats(e)->misses, 1);
	sim_engine_destroy(e);
	c.priorities = RT_FP_DEADLINE_MONOTONIC;
	e = tu_expect_sched(&c,
		"0 start 0.0 c0 2\n"
		"2 complete 0.0 c0 2\n"
		"2 start 1.0 c0 2\n"
		"4 complete 1.0 c0 4\n"
		"5 start 1.1 c0 2\n"
		"7 complete 1.1 c0 2\n"
		"8 end 0.0 c-1 0\n");
	CU_ASSERT_EQUAL(sim_engine_stats(e)->misses, 0);
	sim_engine_destroy(e);
	/* The analysis agrees: RM R_A = 4 > 3; DM R = (2, 4). */
	CU_ASSERT_EQUAL(rt_fp_rta(t, 2, RT_FP_RATE_MONOTONIC, 1000, resp, &r,
				  NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(resp[0], 4);
	CU_ASSERT_EQUAL(rt_fp_rta(t, 2, RT_FP_DEADLINE_MONOTONIC, 1000, resp,
				  &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(resp[0], 2);
	CU_ASSERT_EQUAL(resp[1], 4);
}

/*
 * Explicit priorities: lower number first, ties by task order.
 * X (C=1, T=4, prio 5), Y (C=2, T=4, prio -3), Z (C=1, T=4, prio 5):
 * Y, then X (tie with Z: lower index), then Z.  With Z at prio -3 too, Y
 * still precedes Z (index 1 < 2) and X runs last.
 */
static void test_explicit_priorities_lower_number_first_ties_by_order(void)
{
	struct rt_task t[3] = { rt_task_make("X", 1, 4, 4),
				rt_task_make("Y", 2, 4, 4),
				rt_task_make("Z", 1, 4, 4) };
	struct sim_config c = fp_cfg(t, 3, 4, RT_FP_EXPLICIT);
	struct sim_engine *e;
	uint32_t rank[3];

	t[0].priority = 5;
	t[1].priority = -3;
	t[2].priority = 5;
	e = tu_expect_sched(&c,
		"0 start 1.0 c0 2\n"
		"2 complete 1.0 c0 2\n"
		"2 start 0.0 c0 1\n"
		"3 complete 0.0 c0 3\n"
		"3 start 2.0 c0 1\n"
		"4 complete 2.0 c0 4\n"
		"4 end 0.0 c-1 0\n");
	sim_engine_destroy(e);
	CU_ASSERT_EQUAL(rt_fp_ranks(t, 3, RT_FP_EXPLICIT, rank, NULL), RT_OK);
	CU_ASSERT(rank[1] == 0 && rank[0] == 1 && rank[2] == 2);
	t[2].priority = -3;
	e = tu_expect_sched(&c,
		"0 start 1.0 c0 2\n"
		"2 complete 1.0 c0 2\n"
		"2 start 2.0 c0 1\n"
		"3 complete 2.0 c0 3\n"
		"3 start 0.0 c0 1\n"
		"4 complete 0.0 c0 4\n"
		"4 end 0.0 c-1 0\n");
	sim_engine_destroy(e);
	/* RM and DM on equal periods and deadlines: pure task order. */
	CU_ASSERT_EQUAL(rt_fp_ranks(t, 3, RT_FP_RATE_MONOTONIC, rank, NULL),
			RT_OK);
	CU_ASSERT(rank[0] == 0 && rank[1] == 1 && rank[2] == 2);
}

/* A running job is preempted only by a strictly higher priority; a
 * release of a lower-priority task does not disturb it. */
static void test_lower_priority_release_does_not_preempt(void)
{
	struct rt_task t[2] = { rt_task_make("hi", 3, 10, 10),
				rt_task_make("lo", 1, 20, 20) };
	struct sim_config c = fp_cfg(t, 2, 6, RT_FP_RATE_MONOTONIC);
	struct sim_engine *e;

	t[1].offset = 1;
	e = tu_expect_sched(&c,
		"0 start 0.0 c0 3\n"
		"3 complete 0.0 c0 3\n"
		"3 start 1.0 c0 1\n"
		"4 complete 1.0 c0 3\n"
		"6 end 0.0 c-1 0\n");
	CU_ASSERT_EQUAL(sim_engine_stats(e)->tasks[0].preemptions, 0);
	sim_engine_destroy(e);
}

/* ---- fp-rta known answers ------------------------------------------------ */

struct fp_case {
	const char *what;
	size_t n;
	rt_time c[4], t[4], d[4];       /* d 0: implicit */
	enum rt_fp_order o;
	rt_time want[4];                /* R_i in input order */
	enum rt_verdict verdict;
};

static void test_fp_rta_known_answers(void)
{
	static const struct fp_case cases[] = {
		/* Burns & Wellings' RM example: R3 = 20 = D3 (a hit). */
		{ "burns-wellings", 3, { 3, 3, 5 }, { 7, 12, 20 }, { 0 },
		  RT_FP_RATE_MONOTONIC, { 3, 6, 20 }, RT_VERDICT_ACCEPT },
		/* (1,4), (2,6), (3,12): 3 + ceil(w/4) + 2 ceil(w/6) -> 10. */
		{ "rm-three", 3, { 1, 2, 3 }, { 4, 6, 12 }, { 0 },
		  RT_FP_RATE_MONOTONIC, { 1, 3, 10 }, RT_VERDICT_ACCEPT },
		/* docs/theory.md §G.4 ts1 under DM: (2,4) first, (3,12) gets 7. */
		{ "g4-ts1", 2, { 3, 2 }, { 12, 4 }, { 0 },
		  RT_FP_DEADLINE_MONOTONIC, { 7, 2 }, RT_VERDICT_ACCEPT },
		/* G.4 ts3: EDF schedules it (R = 11), DM does not: the
		 * (3,12) task's first job ends at 15. */
		{ "g4-ts3", 3, { 2, 3, 2 }, { 9, 12, 4 }, { 0 },
		  RT_FP_DEADLINE_MONOTONIC, { 4, 15, 2 }, RT_VERDICT_REJECT },
		/* G.4 ts7, constrained: (2,4,3), (3,12,10), (2,9,7).  EDF's
		 * R = 10 for (3,12,10); under DM it gets 3 + 8 + 4 = 15. */
		{ "g4-ts7", 3, { 2, 3, 2 }, { 4, 12, 9 }, { 3, 10, 7 },
		  RT_FP_DEADLINE_MONOTONIC, { 2, 15, 4 }, RT_VERDICT_REJECT },
		/* RM vs EDF: (2,5), (4,7). */
		{ "rm-vs-edf", 2, { 2, 4 }, { 5, 7 }, { 0 },
		  RT_FP_RATE_MONOTONIC, { 2, 8 }, RT_VERDICT_REJECT },
		/* Lehoczky's D > T case (Tindell, Burns & Wellings 1994):
		 * (26, 70), (62, 100), U = 0.991; task 2's worst job is the
		 * fifth of its level-2 busy period: 518 - 400 = 118. */
		{ "lehoczky", 2, { 26, 62 }, { 70, 100 }, { 1000, 1000 },
		  RT_FP_RATE_MONOTONIC, { 26, 118 }, RT_VERDICT_ACCEPT },
		/* Same with D = T: the first job already ends at 114 > 100. */
		{ "lehoczky-implicit", 2, { 26, 62 }, { 70, 100 }, { 0 },
		  RT_FP_RATE_MONOTONIC, { 26, 118 }, RT_VERDICT_REJECT },
		/* Level utilization past 1: the low task is unbounded. */
		{ "overload", 2, { 3, 3 }, { 4, 5 }, { 0 },
		  RT_FP_RATE_MONOTONIC, { 3, RT_TIME_NEVER }, RT_VERDICT_REJECT },
		/* U = 1 exactly, harmonic: R3 = 16 = D3. */
		{ "harmonic-full", 3, { 1, 1, 4 }, { 2, 4, 16 }, { 0 },
		  RT_FP_RATE_MONOTONIC, { 1, 2, 16 }, RT_VERDICT_ACCEPT },
	};

	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		const struct fp_case *fc = &cases[k];
		struct rt_task t[4];
		rt_time resp[4];
		struct rt_fp_result r;
		bool ok;

		for (size_t i = 0; i < fc->n; i++)
			t[i] = rt_task_make("t", fc->c[i], fc->d[i] ? fc->d[i] :
					    fc->t[i], fc->t[i]);
		CU_ASSERT_EQUAL_FATAL(rt_fp_rta(t, fc->n, fc->o, 100000, resp,
						&r, NULL), RT_OK);
		ok = r.verdict == fc->verdict;
		for (size_t i = 0; i < fc->n; i++)
			ok = ok && resp[i] == fc->want[i];
		if (!ok) {
			fprintf(stderr, "\n%s: verdict %s, R =", fc->what,
				rt_verdict_name(r.verdict));
			for (size_t i = 0; i < fc->n; i++)
				fprintf(stderr, " %" PRId64, resp[i]);
			fprintf(stderr, "\n");
		}
		CU_ASSERT(ok);
	}
}

static void test_fp_rta_registry_entry_and_limits(void)
{
	const struct rt_test_info *ti = rt_test_find("fp-rta");
	struct rt_task t[2] = { rt_task_make("a", 2, 3, 10),
				rt_task_make("B", 2, 5, 5) };
	struct rt_task big[2] = { rt_task_make("x", 1, 2, 2),
				  rt_task_make("y", RT_TIME_MAX / 2, RT_TIME_MAX,
					       RT_TIME_MAX) };
	struct rt_task bad = rt_task_make("bad", 0, 1, 1);
	struct rt_test_result out;
	struct rt_fp_result r;
	struct rt_diag d;
	rt_time resp[2] = { -1, -1 };
	enum rt_fp_order o;

	CU_ASSERT_PTR_NOT_NULL_FATAL(ti);
	CU_ASSERT_TRUE(ti->applies(1));
	CU_ASSERT_FALSE(ti->applies(2));
	/* The registry uses DM: accepts the DM-schedulable set. */
	CU_ASSERT_EQUAL(ti->run(t, 2, 1, &out, &d), RT_OK);
	CU_ASSERT_EQUAL(out.kind, RT_KIND_EXACT);
	CU_ASSERT_EQUAL(out.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(out.witness, RT_TIME_NEVER);
	CU_ASSERT_PTR_NOT_NULL(strstr(out.note, "deadline-monotonic"));
	CU_ASSERT_EQUAL(rt_fp_rta_test(t, 2, 1, RT_FP_RATE_MONOTONIC, &out, &d),
			RT_OK);
	CU_ASSERT_EQUAL(out.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_PTR_NOT_NULL(strstr(out.note, "task 0 (a)"));
	CU_ASSERT_EQUAL(out.task, 0);
	CU_ASSERT_EQUAL(out.response, 4);
	CU_ASSERT_EQUAL(out.deadline, 3);
	CU_ASSERT_EQUAL(ti->run(t, 2, 2, &out, &d), RT_OK);
	CU_ASSERT_EQUAL(out.verdict, RT_VERDICT_NA);
	/* A busy window ending exactly at RT_TIME_MAX: y (C = 2^62 - 1,
	 * T = 2^63 - 2) under x (1, 2), U = 1: w = C + ceil(w/2) climbs to
	 * 2^63 - 2 without overflowing. */
	CU_ASSERT_EQUAL(rt_fp_rta(big, 2, RT_FP_RATE_MONOTONIC, 1000, resp, &r,
				  &d), RT_OK);
	CU_ASSERT_EQUAL(resp[0], 1);
	CU_ASSERT_EQUAL(resp[1], RT_TIME_MAX);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	/* A budget too small to finish; outputs untouched. */
	resp[0] = resp[1] = -1;
	CU_ASSERT_EQUAL(rt_fp_rta(big, 2, RT_FP_RATE_MONOTONIC, 20, resp, &r,
				  &d), RT_ERR_UNSUPPORTED);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "budget"));
	CU_ASSERT_EQUAL(resp[0], -1);
	/* Invalid tasks and orders. */
	CU_ASSERT_EQUAL(ti->run(&bad, 1, 1, &out, &d), RT_ERR_INVAL);
	CU_ASSERT_EQUAL(rt_fp_rta(t, 2, RT_FP__COUNT, 100, resp, &r, &d),
			RT_ERR_INVAL);
	CU_ASSERT_EQUAL(rt_fp_rta(t, 0, RT_FP_RATE_MONOTONIC, 100, NULL, &r,
				  &d), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	/* Names round-trip. */
	for (unsigned i = 0; i < RT_FP__COUNT; i++) {
		CU_ASSERT_TRUE(rt_fp_order_find(rt_fp_order_name(i), &o));
		CU_ASSERT_EQUAL(o, i);
	}
	CU_ASSERT_FALSE(rt_fp_order_find("rm", &o));
	CU_ASSERT_STRING_EQUAL(rt_fp_order_name(RT_FP__COUNT), "?");
}

/* Every allocation of rt_fp_rta may fail: RT_ERR_NOMEM, no leak. */
static void test_fp_rta_allocation_failures_are_reported(void)
{
	struct rt_task t[3] = { rt_task_make("a", 1, 4, 4),
				rt_task_make("b", 2, 6, 6),
				rt_task_make("c", 3, 12, 12) };
	struct rt_fp_result r;
	rt_time resp[3];
	long n;

	for (n = 0; n < 100; n++) {
		enum rt_err err;

		rt_mem_fail_after(n);
		err = rt_fp_rta(t, 3, RT_FP_RATE_MONOTONIC, 1000, resp, &r, NULL);
		rt_mem_fail_after(-1);
		CU_ASSERT(err == RT_OK || err == RT_ERR_NOMEM);
		if (err == RT_OK)
			break;
	}
	CU_ASSERT(n > 0 && n < 100);
	CU_ASSERT_EQUAL(resp[2], 10);
}

/* ---- properties ---------------------------------------------------------- */

/* A random set with U <= 1 (checked exactly over the lcm), periods in
 * [2, 30]; deadlines constrained, or (one set in three) arbitrary up to
 * 2T.  Returns false if the set is to be skipped. */
static bool fp_gen(struct rt_rng *g, struct rt_task *t, size_t *n,
		   uint64_t *lcm)
{
	uint64_t L = 1, demand = 0;
	double target = 0.5 + 0.55 * rt_rng_unit(g), w[6], wsum = 0;
	bool arbitrary = rt_rng_range(g, 0, 2) == 0;

	*n = (size_t)rt_rng_range(g, 1, 6);
	for (size_t i = 0; i < *n; i++)
		wsum += w[i] = (double)rt_rng_range(g, 1, 10);
	for (size_t i = 0; i < *n; i++) {
		rt_time T = rt_rng_range(g, 2, 30);
		rt_time C = (rt_time)(target * w[i] / wsum * (double)T + 0.5);
		rt_time D;

		if (C < 1)
			C = 1;
		if (C > T)
			C = T;
		D = arbitrary ? rt_rng_range(g, 1, 2 * T) : rt_rng_range(g, C, T);
		t[i] = rt_task_make("r", C, D, T);
		L = L / rt_gcd64(L, (uint64_t)T) * (uint64_t)T;
	}
	for (size_t i = 0; i < *n; i++)
		demand += (uint64_t)t[i].wcet * (L / (uint64_t)t[i].period);
	*lcm = L;
	return demand <= L;
}

/*
 * Synchronous periodic sets, U <= 1, simulated with policy fp over the
 * busy period L_b (the default exact horizon; every level-i busy period
 * lies inside it) and, for constrained deadlines with a small hyperperiod,
 * over lcm(T) + max D: the simulation misses iff fp-rta rejects, and each
 * task's largest simulated response time equals R_i exactly (the critical
 * instant is simulated).  All three orders.
 */
static void test_sync_fp_simulation_matches_fp_rta(void)
{
	const uint64_t base = 0xf9000;
	int done = 0, rejected = 0, failed = 0;

	for (uint64_t s = base; done < 1200 && failed < 3; s++) {
		struct rt_task t[6];
		struct rt_rng g;
		size_t n;
		uint64_t L;
		rt_time resp[6], lb, dmax = 0;
		struct rt_fp_result r;
		enum rt_fp_order o;

		rt_rng_seed(&g, s);
		if (!fp_gen(&g, t, &n, &L))
			continue;
		o = (enum rt_fp_order)rt_rng_range(&g, 0, RT_FP__COUNT - 1);
		for (size_t i = 0; i < n; i++) {
			t[i].priority = rt_rng_range(&g, -3, 3);
			if (t[i].deadline > dmax)
				dmax = t[i].deadline;
		}
		CU_ASSERT_EQUAL_FATAL(rt_uni_busy_period(t, n, &lb), RT_OK);
		CU_ASSERT_EQUAL_FATAL(rt_fp_rta(t, n, o, 10000000, resp, &r,
						NULL), RT_OK);
		rejected += r.verdict == RT_VERDICT_REJECT;
		for (int pass = 0; pass < 2; pass++) {
			struct sim_config c = fp_cfg(t, n, lb, o);
			struct sim_engine *e = NULL;
			const struct sim_stats *st;
			bool ok = true;

			if (pass == 1) {
				if (L > 5000 || dmax > (rt_time)L)
					break;
				c.horizon = (rt_time)L + dmax;
			}
			CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, NULL),
					      RT_OK);
			CU_ASSERT_EQUAL(sim_engine_run(e, NULL), RT_OK);
			st = sim_engine_stats(e);
			ok = (st->misses > 0) == (r.verdict == RT_VERDICT_REJECT);
			for (size_t i = 0; i < n; i++)
				ok = ok && st->tasks[i].max_response == resp[i];
			if (!ok) {
				fprintf(stderr, "\nseed %" PRIu64 " order %s pass %d:"
					" rta %s, sim misses %" PRIu64 "\n", s,
					rt_fp_order_name(o), pass,
					rt_verdict_name(r.verdict), st->misses);
				for (size_t i = 0; i < n; i++)
					fprintf(stderr, "  (%" PRId64 ",%" PRId64
						",%" PRId64 ") R %" PRId64
						" sim %" PRId64 "\n",
						t[i].wcet, t[i].period,
						t[i].deadline, resp[i],
						st->tasks[i].max_response);
				failed++;
			}
			CU_ASSERT(ok);
			sim_engine_destroy(e);
		}
		done++;
	}
	/* Both verdicts must be well represented. */
	CU_ASSERT(rejected > done / 10);
	CU_ASSERT(rejected < done - done / 10);
}

/* Offsets and sporadic arrivals are no worse than the critical instant:
 * every simulated response time is <= R_i. */
static void test_fp_rta_bounds_offset_and_sporadic_runs(void)
{
	const uint64_t base = 0xf9a000;
	int done = 0, failed = 0;

	for (uint64_t s = base; done < 1000 && failed < 3; s++) {
		struct rt_task t[6];
		struct rt_rng g;
		size_t n;
		uint64_t L;
		rt_time resp[6];
		struct rt_fp_result r;
		struct sim_config c;
		struct sim_engine *e = NULL;
		const struct sim_stats *st;
		bool ok = true;

		rt_rng_seed(&g, s);
		if (!fp_gen(&g, t, &n, &L))
			continue;
		for (size_t i = 0; i < n; i++) {
			t[i].offset = rt_rng_range(&g, 0, t[i].period);
			if (rt_rng_range(&g, 0, 1)) {
				t[i].arrival = RT_ARRIVAL_SPORADIC;
				t[i].max_delay = rt_rng_range(&g, 0, 5);
			}
		}
		CU_ASSERT_EQUAL_FATAL(rt_fp_rta(t, n, RT_FP_DEADLINE_MONOTONIC,
						10000000, resp, &r, NULL), RT_OK);
		c = fp_cfg(t, n, 600, RT_FP_DEADLINE_MONOTONIC);
		c.seed = s;
		CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, NULL), RT_OK);
		CU_ASSERT_EQUAL(sim_engine_run(e, NULL), RT_OK);
		st = sim_engine_stats(e);
		for (size_t i = 0; i < n; i++)
			ok = ok && st->tasks[i].max_response <= resp[i];
		if (r.verdict == RT_VERDICT_ACCEPT)
			ok = ok && st->misses == 0;
		if (!ok) {
			fprintf(stderr, "\nseed %" PRIu64 ": a response above R_i\n",
				s);
			failed++;
		}
		CU_ASSERT(ok);
		sim_engine_destroy(e);
		done++;
	}
}

/* ---- release jitter (Tindell, Burns & Wellings 1994) --------------------- */

/*
 * Known answers worked by hand, R_i = J_i + w_i with w_i = C_i +
 * sum_{hp} ceil((w_i + J_j) / T_j) C_j, deadline-monotonic by D:
 * - ok: a (C 1, D = T 4, J 2) above b (2, 10): R_a = 2 + 1 = 3;
 *   w_b = 2 + ceil((w + 2) / 4): 3 -> 4 -> 4, R_b = 4 <= 10: accept.
 * - hit: a (2, D = T 5, J 2) above b (3, D 6, T 20): R_a = 4;
 *   w_b = 3 + 2 ceil((w + 2) / 5): 5 -> 7 -> 7, R_b = 7 > 6: reject.
 *   Ignoring the jitter, w_b = 3 + 2 ceil(w / 5) = 5 <= 6 would accept.
 * - order: a (1, D 5, T 10, J 4) below b (1, D 3, T 10), by D (the
 *   simulator's order): R_a = 4 + (1 + 1) = 6 > 5: reject.  Ranked by
 *   D - J = 1, a would be on top with R_a = 5: a wrong accept.
 */
static void test_fp_rta_jitter_known_answers(void)
{
	struct rt_task ok[2] = { rt_task_make("a", 1, 4, 4),
				 rt_task_make("b", 2, 10, 10) };
	struct rt_task hit[2] = { rt_task_make("a", 2, 5, 5),
				  rt_task_make("b", 3, 6, 20) };
	struct rt_task ord[2] = { rt_task_make("a", 1, 5, 10),
				  rt_task_make("b", 1, 3, 10) };
	struct rt_fp_result r;
	rt_time resp[2];

	ok[0].jitter = 2;
	CU_ASSERT_EQUAL_FATAL(rt_fp_rta(ok, 2, RT_FP_DEADLINE_MONOTONIC,
					100000, resp, &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(resp[0], 3);
	CU_ASSERT_EQUAL(resp[1], 4);

	CU_ASSERT_EQUAL_FATAL(rt_fp_rta(hit, 2, RT_FP_DEADLINE_MONOTONIC,
					100000, resp, &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);  /* jitter ignored */
	CU_ASSERT_EQUAL(resp[1], 5);
	hit[0].jitter = 2;
	CU_ASSERT_EQUAL_FATAL(rt_fp_rta(hit, 2, RT_FP_DEADLINE_MONOTONIC,
					100000, resp, &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(r.task, 1);
	CU_ASSERT_EQUAL(resp[0], 4);
	CU_ASSERT_EQUAL(resp[1], 7);

	/* U = 1 with jitter: the busy period never ends (one task (4, 4),
	 * J 2: every job after the first waits 2 more), unbounded */
	{
		struct rt_task one = rt_task_make("u", 4, 4, 4);

		one.jitter = 2;
		CU_ASSERT_EQUAL(rt_fp_rta(&one, 1, RT_FP_DEADLINE_MONOTONIC,
					  100000, resp, &r, NULL), RT_OK);
		CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
		CU_ASSERT_EQUAL(resp[0], RT_TIME_NEVER);
	}
	ord[0].jitter = 4;
	CU_ASSERT_EQUAL_FATAL(rt_fp_rta(ord, 2, RT_FP_DEADLINE_MONOTONIC,
					100000, resp, &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(r.task, 0);
	CU_ASSERT_EQUAL(resp[0], 6);
	CU_ASSERT_EQUAL(resp[1], 1);
	/* the registry entry declares the extension of its own */
	CU_ASSERT_TRUE(rt_test_find("fp-rta")->jitter);
	CU_ASSERT_TRUE(rt_test_find("fp-rta")->jitter_native);
}

/*
 * Jitter above the period (J_A = 5 > T_A = 4): any J is valid, a task's
 * jobs run in arrival order (r_k = max(a_k + delay, r_{k-1}), sim/
 * release.c), and the jobs that queue are those of the level-i busy
 * period.  A (C 1, D 10, T 4, J 5), B (C 2, D 8, T 8, J 0),
 * deadline-monotonic: B (D 8) above A (D 10).
 *   R_B: w_0 = 2, 2 + J_B <= T_B: R_B = 2.
 *   R_A: w_q = (q + 1) C_A + ceil((w_q + J_B) / T_B) C_B, iterated up
 *   from w_{q-1} + C_A (w_0 from C_B + C_A = 3), R_{A,q} = w_q - q T_A
 *   + J_A, the busy period going on while w_q + J_A > (q + 1) T_A:
 *     q = 0: 1 + 2 ceil(3/8) = 3 = w_0, R = 3 - 0 + 5 = 8; 3 + 5 > 4
 *     q = 1: 2 + 2 ceil(4/8) = 4 = w_1, R = 4 - 4 + 5 = 5; 4 + 5 > 8
 *     q = 2: 3 + 2 ceil(5/8) = 5 = w_2, R = 5 - 8 + 5 = 2; 5 + 5 <= 12
 *   R_A = max(8, 5, 2) = 8 <= 10: accept.
 * The timeline of that worst case, tick by tick: A.0 arrives at -5 and
 * is released at 0 (delay 5), A.1 arrives at -1 and is released at 0
 * (not before A.0), A.2 arrives and is released at 3, B.0 at 0:
 *   [0, 1) B.0   [1, 2) B.0 done (response 2)
 *   [2, 3) A.0 done at 3: response 3 - (-5) = 8 (the worst)
 *   [3, 4) A.1 done at 4: 4 - (-1) = 5
 *   [4, 5) A.2 done at 5: 5 - 3 = 2;  idle [5, 8), B.1 at 8.
 * With C_B = 5 (level utilization 1/4 + 5/8 = 7/8): w = 6, 7, 8 for
 * q = 0, 1, 2 (R = 11, 8, 5), q = 3: 4 + 5 ceil(9/8) = 14, 4 + 5
 * ceil(14/8) = 14 (R = 7), q = 4: 5 + 10 = 15 (R = 4), 15 + 5 <= 20:
 * R_A = 11 > 10, reject (A is the task).
 */
static void test_fp_rta_jitter_above_the_period(void)
{
	struct rt_task t[2] = { rt_task_make("A", 1, 10, 4),
				rt_task_make("B", 2, 8, 8) };
	struct rt_test_result out;
	struct rt_fp_result r;
	rt_time resp[2];

	t[0].jitter = 5;
	CU_ASSERT_EQUAL_FATAL(rt_fp_rta(t, 2, RT_FP_DEADLINE_MONOTONIC,
					100000, resp, &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(resp[0], 8);
	CU_ASSERT_EQUAL(resp[1], 2);
	CU_ASSERT_EQUAL(rt_fp_rta_test(t, 2, 1, RT_FP_DEADLINE_MONOTONIC,
				       &out, NULL), RT_OK);
	CU_ASSERT_EQUAL(out.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(out.kind, RT_KIND_EXACT);
	t[1].wcet = 5;
	CU_ASSERT_EQUAL_FATAL(rt_fp_rta(t, 2, RT_FP_DEADLINE_MONOTONIC,
					100000, resp, &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(r.task, 0);
	CU_ASSERT_EQUAL(resp[0], 11);
	CU_ASSERT_EQUAL(resp[1], 5);
}

/*
 * Random jittered sets (jitter up to 2T, offsets, all three orders), run
 * by policy fp, which draws each job's release delay in [0, J] (sim/
 * release.c) and ranks by D: no miss when fp-rta accepts, and no
 * response (from the release) above R_i.  The simulation samples release
 * patterns, so only "accepted => no miss observed" is claimed.
 */
static void test_fp_rta_jitter_accept_never_misses(void)
{
	const uint64_t base = 0xf9b000;
	int done = 0, failed = 0, accepted = 0;

	for (uint64_t s = base; done < 1000 && failed < 3; s++) {
		struct rt_task t[6];
		struct rt_rng g;
		size_t n;
		uint64_t L;
		rt_time resp[6];
		struct rt_fp_result r;
		struct sim_config c;
		struct sim_engine *e = NULL;
		const struct sim_stats *st;
		enum rt_fp_order o;
		bool ok = true;

		rt_rng_seed(&g, s);
		if (!fp_gen(&g, t, &n, &L))
			continue;
		o = (enum rt_fp_order)rt_rng_range(&g, 0, RT_FP__COUNT - 1);
		for (size_t i = 0; i < n; i++) {
			t[i].priority = rt_rng_range(&g, -3, 3);
			if (rt_rng_range(&g, 0, 2))
				t[i].jitter = rt_rng_range(&g, 0,
							   2 * t[i].period);
			t[i].offset = rt_rng_range(&g, 0, 3);
		}
		CU_ASSERT_EQUAL_FATAL(rt_fp_rta(t, n, o, 10000000, resp, &r,
						NULL), RT_OK);
		accepted += r.verdict == RT_VERDICT_ACCEPT;
		c = fp_cfg(t, n, 2000, o);
		c.seed = s;
		CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, NULL), RT_OK);
		CU_ASSERT_EQUAL(sim_engine_run(e, NULL), RT_OK);
		st = sim_engine_stats(e);
		for (size_t i = 0; i < n; i++)
			ok = ok && (resp[i] == RT_TIME_NEVER ||
				    st->tasks[i].max_response <= resp[i]);
		if (r.verdict == RT_VERDICT_ACCEPT)
			ok = ok && st->misses == 0;
		if (!ok) {
			fprintf(stderr, "\nseed %" PRIu64 " order %s: fp-rta %s, "
				"sim misses %" PRIu64 "\n", s,
				rt_fp_order_name(o),
				rt_verdict_name(r.verdict), st->misses);
			failed++;
		}
		CU_ASSERT(ok);
		sim_engine_destroy(e);
		done++;
	}
	CU_ASSERT(accepted > done / 10);
	CU_ASSERT(accepted < done - done / 10);
}

CU_TestInfo fp_tests[] = {
	{ "rate-monotonic misses where EDF does not",
	  test_rm_misses_where_edf_does_not },
	{ "deadline-monotonic schedules what rate-monotonic misses",
	  test_deadline_monotonic_schedules_what_rate_monotonic_misses },
	{ "explicit priorities: lower number first, ties by task order",
	  test_explicit_priorities_lower_number_first_ties_by_order },
	{ "a lower-priority release does not preempt",
	  test_lower_priority_release_does_not_preempt },
	{ "fp-rta gives the known response times",
	  test_fp_rta_known_answers },
	{ "fp-rta registry entry, overflow, budget and invalid input",
	  test_fp_rta_registry_entry_and_limits },
	{ "fp-rta allocation failures are reported",
	  test_fp_rta_allocation_failures_are_reported },
	{ "synchronous fp simulation matches fp-rta exactly",
	  test_sync_fp_simulation_matches_fp_rta },
	{ "fp-rta bounds runs with offsets and sporadic arrivals",
	  test_fp_rta_bounds_offset_and_sporadic_runs },
	{ "fp-rta with release jitter gives the known answers",
	  test_fp_rta_jitter_known_answers },
	{ "fp-rta with release jitter above the period",
	  test_fp_rta_jitter_above_the_period },
	{ "fp-rta with release jitter: an accepted set never misses",
	  test_fp_rta_jitter_accept_never_misses },
	CU_TEST_INFO_NULL
};
