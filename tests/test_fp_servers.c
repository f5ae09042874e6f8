/* test_fp_servers.c - polling, deferrable and sporadic servers under
 * policy fp
 * (sim/server_fp.c, docs/theory.md §E.8): hand-checked timelines, one
 * per rule, the scenario keys and their errors, and partitioned
 * placement (scenarios/check.c: a server is one packing item).
 *
 * Traces are one line per record, "TIME KIND TASK.JOB VALUE", for the
 * kinds a test asks for.  The task set of the timelines (rate-monotonic):
 * T1 (C 1, T 4) above the server S (Q 2, T 5) above T2 (C 2, T 10); A is
 * served by S, one job of 3 at 1 and one at 12.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>
#include <dlsim.h>

#include "models/analysis_fp.h"
#include "models/rng.h"
#include "models/server.h"
#include "scenarios/scn.h"
#include "sim/engine.h"
#include "tests/cbs_util.h"
#include "tests/suites.h"

#define RECS (SIM_MASK(SIM_REC_BUDGET_EXHAUSTED) |                      \
	      SIM_MASK(SIM_REC_REPLENISH) | SIM_MASK(SIM_REC_THROTTLE) |  \
	      SIM_MASK(SIM_REC_UNTHROTTLE) |                              \
	      SIM_MASK(SIM_REC_SERVER_WAKEUP) | CBS_COMPLETE | CBS_RUN)

/* scenarios/examples/fp-polling.yaml, fp-deferrable.yaml and
 * fp-sporadic.yaml */
#define SET(kind)                                                       \
	"format: 1\nhorizon: 20\n"                                      \
	"scheduler: { policy: fp, priorities: rate-monotonic }\n"      \
	"servers: [{ name: S, kind: " kind ", budget: 2, period: 5 }]\n" \
	"tasks:\n"                                                      \
	"  - { name: T1, C: 1, T: 4 }\n"                                \
	"  - { name: T2, C: 2, T: 10 }\n"                               \
	"  - { name: A, C: 3, T: 100, D: 30, releases: [1, 12], "       \
	"server: S }\n"

/* Polling, tick by tick:
 *   0  P1 q = 2; P2: nothing pending at the poll: q lost, suspended
 *      until 5.  T1 [0, 1).
 *   1  A.0 arrives: waits (P4: for the next poll).  T2 [1, 3).
 *   4  T1 [4, 5).
 *   5  P1 q = 2, A.0 pending: S runs A.0 [5, 7) (above T2).
 *   7  P5: q = 0, suspended until 10 with 1 unit pending.
 *   8  T1 [8, 9).
 *  10  P1 q = 2: A.0 [10, 11) (S above T2, released at 10), done at 11.
 *  11  P4: work done, q = 1 lost, suspended until 15.  T2 [11, 12).
 *  12  A.1 arrives: waits.  T1 [12, 13), T2 [13, 14): T2.1 done at 14.
 *  15  P1: A.1 [15, 16); T1 [16, 17) preempts; A.1 [17, 18): q = 0, P5.
 *  20  P1 (the horizon). */
static void test_polling_serves_only_what_its_poll_finds(void)
{
	struct scn_scenario *s = cbs_load_text(SET("polling"));
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, RECS, &tr);
	const struct sim_stats *st = sim_engine_stats(e);

	cbs_expect(&tr,
		   "0 replenish A.0 2\n"
		   "0 budget_exhausted A.0 0\n"
		   "0 throttle A.0 5\n"
		   "0 start T1.0 1\n"
		   "1 complete T1.0 1\n"
		   "1 start T2.0 2\n"
		   "3 complete T2.0 3\n"
		   "4 start T1.1 1\n"
		   "5 complete T1.1 1\n"
		   "5 replenish A.0 2\n"
		   "5 unthrottle A.0 5\n"
		   "5 start A.0 3\n"
		   "7 budget_exhausted A.0 0\n"
		   "7 throttle A.0 10\n"
		   "7 preempt A.0 1\n"
		   "8 start T1.2 1\n"
		   "9 complete T1.2 1\n"
		   "10 replenish A.0 2\n"
		   "10 unthrottle A.0 3\n"
		   "10 start A.0 1\n"
		   "11 budget_exhausted A.0 0\n"
		   "11 throttle A.0 15\n"
		   "11 complete A.0 10\n"
		   "11 start T2.1 2\n"
		   "12 preempt T2.1 1\n"
		   "12 start T1.3 1\n"
		   "13 complete T1.3 1\n"
		   "13 start T2.1 1\n"
		   "14 complete T2.1 4\n"
		   "15 replenish A.1 2\n"
		   "15 unthrottle A.1 4\n"
		   "15 start A.1 3\n"
		   "16 preempt A.1 2\n"
		   "16 start T1.4 1\n"
		   "17 complete T1.4 1\n"
		   "17 start A.1 2\n"
		   "18 budget_exhausted A.1 0\n"
		   "18 throttle A.1 20\n"
		   "18 preempt A.1 1\n"
		   "20 replenish A.1 2\n"
		   "20 unthrottle A.1 2\n");
	/* only the capacity used up counts (7, 18), not the lost (0, 11) */
	CU_ASSERT_EQUAL(st->servers[0].budget_exhaustions, 2);
	CU_ASSERT_EQUAL(st->servers[0].replenishments, 5);
	/* throttled with work pending: [1,5) [7,10) [12,15) [18,20) */
	CU_ASSERT_EQUAL(st->servers[0].throttled_time, 12);
	cbs_done(e, s, &tr);
}

/* Deferrable, tick by tick:
 *   0  D1 q = 2, kept (D2).  T1 [0, 1).
 *   1  A.0 arrives: served at once (D2), S above T2: A.0 [1, 3).
 *   3  D3: q = 0, suspended until 5.  T2 [3, 4); T1 [4, 5).
 *   5  D1 q = 2: A.0 [5, 6), done at 6 (response 5); q = 1 kept.
 *   6  T2 [6, 7).  T1 [8, 9).
 *  10  D1 q = 2 (the 1 left is not carried over).  T2 [10, 12).
 *  12  A.1 arrives, q = 2 (D2); T1 [12, 13) above S; A.1 [13, 15).
 *  15  D3 at 15 (q = 0, suspended until 15) and D1 at 15: the
 *      exhaustion comes first (rank BUDGET < REPLENISH), the
 *      replenishment ends it at once: A.1 keeps the CPU (no
 *      preemption), done at 16.
 *  16  T1 [16, 17).  20: D1. */
static void test_deferrable_keeps_its_capacity_until_used(void)
{
	struct scn_scenario *s = cbs_load_text(SET("deferrable"));
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, RECS, &tr);
	const struct sim_stats *st = sim_engine_stats(e);

	cbs_expect(&tr,
		   "0 replenish A.0 2\n"
		   "0 start T1.0 1\n"
		   "1 complete T1.0 1\n"
		   "1 server_wakeup A.0 2\n"
		   "1 start A.0 3\n"
		   "3 budget_exhausted A.0 0\n"
		   "3 throttle A.0 5\n"
		   "3 preempt A.0 1\n"
		   "3 start T2.0 2\n"
		   "4 preempt T2.0 1\n"
		   "4 start T1.1 1\n"
		   "5 complete T1.1 1\n"
		   "5 replenish A.0 2\n"
		   "5 unthrottle A.0 2\n"
		   "5 start A.0 1\n"
		   "6 complete A.0 5\n"
		   "6 start T2.0 1\n"
		   "7 complete T2.0 7\n"
		   "8 start T1.2 1\n"
		   "9 complete T1.2 1\n"
		   "10 replenish A.0 2\n"
		   "10 start T2.1 2\n"
		   "12 complete T2.1 2\n"
		   "12 server_wakeup A.1 2\n"
		   "12 start T1.3 1\n"
		   "13 complete T1.3 1\n"
		   "13 start A.1 3\n"
		   "15 budget_exhausted A.1 0\n"
		   "15 throttle A.1 15\n"
		   "15 replenish A.1 2\n"
		   "15 unthrottle A.1 0\n"
		   "16 complete A.1 4\n"
		   "16 start T1.4 1\n"
		   "17 complete T1.4 1\n"
		   "20 replenish A.0 2\n");
	CU_ASSERT_EQUAL(st->servers[0].budget_exhaustions, 2);
	CU_ASSERT_EQUAL(st->servers[0].replenishments, 5);
	CU_ASSERT_EQUAL(st->servers[0].throttled_time, 2);
	cbs_done(e, s, &tr);
}

/* P2: the poll sees the work that arrives at the period start itself
 * (A.0 at 5, released after the replenishment, wakes S before the poll);
 * explicit priorities put S (priority 1) above T (priority 2).  P4 at 6
 * (q = 1 lost), P2 at 10 (nothing pending). */
static void test_polling_sees_work_released_at_its_period_start(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\nhorizon: 10\n"
		"scheduler: { policy: fp, priorities: explicit }\n"
		"servers: [{ name: S, kind: polling, budget: 2, period: 5, "
		"priority: 1 }]\n"
		"tasks:\n"
		"  - { name: T, C: 4, T: 10, priority: 2 }\n"
		"  - { name: A, C: 1, T: 100, releases: [5], server: S }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, RECS, &tr);

	cbs_expect(&tr,
		   "0 replenish A.0 2\n"
		   "0 budget_exhausted A.0 0\n"
		   "0 throttle A.0 5\n"
		   "0 start T.0 4\n"
		   "4 complete T.0 4\n"
		   "5 replenish A.0 2\n"
		   "5 unthrottle A.0 5\n"
		   "5 server_wakeup A.0 2\n"
		   "5 start A.0 1\n"
		   "6 budget_exhausted A.0 0\n"
		   "6 throttle A.0 10\n"
		   "6 complete A.0 1\n"
		   "10 replenish A.0 2\n"
		   "10 unthrottle A.0 4\n"
		   "10 budget_exhausted A.0 0\n"
		   "10 throttle A.0 15\n");
	cbs_done(e, s, &tr);
}


/* P4 drops the capacity only when no work is left: the task's next job,
 * pending behind the one that completes, is work.  H (C 2, T 4) above
 * S (polling, Q 2, T 5) serving A, two jobs of 1 released together at
 * 12 (analysed as one job of demand 2 <= Q: response <= T_s + w_s =
 * 5 + 4 = 9, w_s = 2 + 2 with H):
 *  10  P2: nothing pending, q lost, suspended until 15.
 *  12  A.0, A.1 arrive: wait for the poll.  H.3 [12, 14).
 *  15  P1 q = 2: A.0 [15, 16), done at 16 (response 4).
 *  16  A.1 pending: S keeps q = 1 (it dropped it here, and A.1 waited
 *      for the poll at 20, behind H.5, to finish at 23: response 11 >
 *      9).  H.4 [16, 18) preempts.
 *  18  A.1 [18, 19): q = 0 (P5), done at 19 (response 7).
 *  20  P1 q = 2; P2: nothing pending, q lost.  H.5 [20, 22). */
static void test_polling_serves_the_next_job_of_its_task(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\nhorizon: 24\n"
		"scheduler: { policy: fp, priorities: rate-monotonic }\n"
		"servers: [{ name: S, kind: polling, budget: 2, period: 5 }]\n"
		"tasks:\n"
		"  - { name: H, C: 2, T: 4 }\n"
		"  - { name: A, C: 1, T: 60, releases: [12, 12], "
		"server: S }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run_from(s, RECS, 14, &tr);

	cbs_expect(&tr,
		   "14 complete H.3 2\n"
		   "15 replenish A.0 2\n"
		   "15 unthrottle A.0 5\n"
		   "15 start A.0 1\n"
		   "16 complete A.0 4\n"
		   "16 start H.4 2\n"
		   "18 complete H.4 2\n"
		   "18 start A.1 1\n"
		   "19 budget_exhausted A.1 0\n"
		   "19 throttle A.1 20\n"
		   "19 complete A.1 7\n"
		   "20 replenish A.0 2\n"
		   "20 unthrottle A.0 1\n"
		   "20 budget_exhausted A.0 0\n"
		   "20 throttle A.0 25\n"
		   "20 start H.5 2\n"
		   "22 complete H.5 2\n");
	CU_ASSERT_EQUAL(sim_engine_stats(e)->tasks[1].max_response, 7);
	cbs_done(e, s, &tr);
}


/* Sporadic (POSIX SCHED_SPORADIC), tick by tick:
 *   0  S0: q = 2.  T1 [0, 1).
 *   1  A.0 arrives with q = 2: S2, activation 1; A.0 [1, 3) above T2.
 *   3  S5: q = 0, 2 back at 1 + 5 = 6; A.0 at the low priority, below
 *      T2: T2 [3, 4), T1 [4, 5), T2 [5, 6).
 *   6  S7: q = 2, A.0 back at S's priority (activation 6): [6, 7), done
 *      at 7 (response 6).  S4: it used 1 since 6, back at 11.
 *   8  T1 [8, 9); 10 T2 [10, 12); 11 S7: q = 2.
 *  12  A.1 arrives (activation 12); T1 [12, 13); A.1 [13, 15).
 *  15  S5: q = 0, 2 back at 17; nothing else is ready, so A.1 runs on
 *      at the low priority, uncharged, and is done at 16.
 *  16  T1 [16, 17); 17 S7: q = 2. */
static void test_sporadic_replenishes_what_it_used_one_period_later(void)
{
	struct scn_scenario *s = cbs_load_text(SET("sporadic"));
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, RECS, &tr);
	const struct sim_stats *st = sim_engine_stats(e);

	cbs_expect(&tr,
		   "0 start T1.0 1\n"
		   "1 complete T1.0 1\n"
		   "1 server_wakeup A.0 2\n"
		   "1 start A.0 3\n"
		   "3 budget_exhausted A.0 0\n"
		   "3 preempt A.0 1\n"
		   "3 start T2.0 2\n"
		   "4 preempt T2.0 1\n"
		   "4 start T1.1 1\n"
		   "5 complete T1.1 1\n"
		   "5 start T2.0 1\n"
		   "6 complete T2.0 6\n"
		   "6 replenish A.0 2\n"
		   "6 start A.0 1\n"
		   "7 complete A.0 6\n"
		   "8 start T1.2 1\n"
		   "9 complete T1.2 1\n"
		   "10 start T2.1 2\n"
		   "11 replenish A.0 2\n"
		   "12 complete T2.1 2\n"
		   "12 server_wakeup A.1 2\n"
		   "12 start T1.3 1\n"
		   "13 complete T1.3 1\n"
		   "13 start A.1 3\n"
		   "15 budget_exhausted A.1 0\n"
		   "16 complete A.1 4\n"
		   "16 start T1.4 1\n"
		   "17 complete T1.4 1\n"
		   "17 replenish A.0 2\n");
	CU_ASSERT_EQUAL(st->servers[0].budget_exhaustions, 2);
	CU_ASSERT_EQUAL(st->servers[0].replenishments, 3);
	CU_ASSERT_EQUAL(st->servers[0].throttled_time, 0);
	cbs_done(e, s, &tr);
}

/* S6: a replenishment whose time (activation + T) has passed is carried
 * out at once.  H (priority 1) runs [0, 6) over S (priority 2), which
 * was activated at 0 with A.0 pending; A.0 runs [6, 8), S5 at 8 gives
 * back 2 at 0 + 5 = 5 < 8, at once: q = 2 again, a new activation at 8
 * (S7), A.0 done at 9; S4 at 9: 1 back at 13. */
static void test_sporadic_late_replenishment_comes_at_once(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\nhorizon: 20\n"
		"scheduler: { policy: fp, priorities: explicit }\n"
		"servers: [{ name: S, kind: sporadic, budget: 2, period: 5, "
		"priority: 2 }]\n"
		"tasks:\n"
		"  - { name: H, C: 6, T: 20, priority: 1 }\n"
		"  - { name: A, C: 3, T: 100, releases: [0], server: S }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, RECS, &tr);

	cbs_expect(&tr,
		   "0 server_wakeup A.0 2\n"
		   "0 start H.0 6\n"
		   "6 complete H.0 6\n"
		   "6 start A.0 3\n"
		   "8 budget_exhausted A.0 0\n"
		   "8 replenish A.0 2\n"
		   "9 complete A.0 9\n"
		   "13 replenish A.0 2\n");
	cbs_done(e, s, &tr);
}

/* Every key that does nothing is refused where it stands. */
static void test_fp_server_keys_are_checked_where_they_stand(void)
{
	cbs_load_fail("format: 1\n"
		      "servers: [{ name: S, kind: polling, budget: 1, "
		      "period: 2 }]\n"
		      "tasks: [{ name: J, C: 1, T: 2, server: S }]\n",
		      "t.yaml:2:28: servers[0].kind: polling is a "
		      "fixed-priority server; under policy: cbs expected cbs, "
		      "hard-cbs or revised-cbs");
	cbs_load_fail("format: 1\nscheduler: { policy: fp }\n"
		      "servers: [{ name: S, budget: 1, period: 2 }]\n"
		      "tasks: [{ name: J, C: 1, T: 2, server: S }]\n",
		      "servers[0].kind: cbs is a deadline server; under "
		      "policy: fp expected polling, deferrable or sporadic");
	cbs_load_fail("format: 1\nscheduler: { policy: fp }\n"
		      "servers: [{ name: S, kind: sporadic, budget: 1, "
		      "period: 2, max_repl: 4 }]\n"
		      "tasks: [{ name: J, C: 1, T: 2, server: S }]\n",
		      "servers[0].max_repl: unknown key");
	cbs_load_fail("format: 1\nscheduler: { policy: fp }\n"
		      "servers: [{ name: S, kind: deferrable, budget: 1, "
		      "period: 2, deadline: 2 }]\n"
		      "tasks: [{ name: J, C: 1, T: 2, server: S }]\n",
		      "servers[0].deadline: a deferrable server has no "
		      "deadline");
	cbs_load_fail("format: 1\nscheduler: { policy: fp }\n"
		      "servers: [{ name: S, kind: polling, budget: 1, "
		      "period: 2, priority: 3 }]\n"
		      "tasks: [{ name: J, C: 1, T: 2, server: S }]\n",
		      "servers[0].priority: only for fixed-priority "
		      "servers with priorities: explicit");
	cbs_load_fail("format: 1\n"
		      "scheduler: { policy: fp, priorities: explicit }\n"
		      "servers: [{ name: S, kind: polling, budget: 1, "
		      "period: 2 }]\n"
		      "tasks: [{ name: J, C: 1, T: 2, server: S, "
		      "priority: 1 }]\n",
		      "servers[0]: missing priority");
	cbs_load_fail("format: 1\n"
		      "scheduler: { policy: fp, admission: fp-rta }\n"
		      "servers: [{ name: S, kind: polling, budget: 1, "
		      "period: 2 }]\n"
		      "tasks: [{ name: J, C: 1, T: 2, server: S }]\n",
		      "scheduler.admission: no admission test analyses fp's "
		      "servers");
}

/* The engine refuses what the loader would, without a scenario. */
static void test_the_engine_matches_kinds_and_policies(void)
{
	struct scn_scenario *s = cbs_load_text(SET("polling"));
	struct sim_config c = cbs_config(s);
	struct sim_engine *e = NULL;
	struct rt_diag d;

	c.policy = "cbs";
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "server S: kind polling needs "
				      "policy fp, not cbs"));
	c.policy = "fp";
	s->servers[0].kind = RT_SERVER_HARD_CBS;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "kind hard-cbs needs policy "
				      "cbs, not fp"));
	s->servers[0].kind = RT_SERVER_DEFERRABLE;
	s->servers[0].deadline = 4;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "takes no deadline"));
	CU_ASSERT_STRING_EQUAL(rt_server_kind_name(RT_SERVER_POLLING),
			       "polling");
	scn_free(s);
}


/* The analysis of the examples, by hand (docs/theory.md §E.8).
 * Polling (2, 5) as the task (2, 5, 5) between T1 (1, 4) and T2 (2, 10):
 * w = 2 + ceil(w/4) + 2 ceil(w/5): 2 -> 5 -> 6 -> 8 -> 8, R_T2 = 8.
 * Deferrable: + jitter 3, w = 2 + ceil(w/4) + 2 ceil((w + 3)/5):
 * 2 -> 5 -> 8 -> 10 -> 11 -> 11, R_T2 = 11 > 10 (the back-to-back hit).
 * A served task of C 2 <= Q, T 20, alone in S: w_S = 2 + ceil(w/4) = 3,
 * R <= T_S + w_S = 8 for both kinds. */
static void test_the_analysis_matches_the_hand_computation(void)
{
	struct rt_server ps = rt_server_make("S", 2, 5, 5), ds;
	struct rt_task ts[3] = { rt_task_make("T1", 1, 4, 4),
				 rt_task_make("T2", 2, 10, 10) };
	struct rt_task a = rt_task_make("A", 2, 30, 20);
	struct rt_fp_result r;
	struct rt_diag d;
	rt_time resp[3];

	ps.kind = RT_SERVER_POLLING;
	ds = ps;
	ds.kind = RT_SERVER_DEFERRABLE;
	ts[2] = rt_fp_server_task(&ps);
	CU_ASSERT_EQUAL(ts[2].jitter, 0);
	CU_ASSERT_EQUAL(rt_fp_rta(ts, 3, RT_FP_RATE_MONOTONIC, 1000000, resp,
				  &r, &d), RT_OK);
	CU_ASSERT_EQUAL(resp[1], 8);
	CU_ASSERT_EQUAL(resp[2], 3);
	CU_ASSERT_EQUAL(rt_fp_served_bound(&ps, resp[2], &a), 8);
	ts[2] = rt_fp_server_task(&ds);
	CU_ASSERT_EQUAL(ts[2].jitter, 3);
	CU_ASSERT_EQUAL(rt_fp_rta(ts, 3, RT_FP_RATE_MONOTONIC, 1000000, resp,
				  &r, &d), RT_OK);
	CU_ASSERT_EQUAL(resp[1], 11);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(resp[2], 6);            /* w_S 3 + J 3 */
	CU_ASSERT_EQUAL(rt_fp_served_bound(&ds, resp[2], &a), 8);
	/* no bound: C > Q, or jobs that could queue (T_A < T_S + w_S) */
	a.wcet = 3;
	CU_ASSERT_EQUAL(rt_fp_served_bound(&ds, resp[2], &a), RT_TIME_NEVER);
	a.wcet = 2;
	a.period = 7;
	CU_ASSERT_EQUAL(rt_fp_served_bound(&ds, resp[2], &a), RT_TIME_NEVER);
	/* release jitter J_A: releases T_A - J_A apart at least, so 20 - 12
	 * = 8 >= T_S + w_S = 8 still bounds, 20 - 13 = 7 does not; J_A >=
	 * T_A lets two releases coincide: no bound (n/a), never a
	 * computation with a gap <= 0 */
	a.period = 20;
	a.jitter = 12;
	CU_ASSERT_EQUAL(rt_fp_served_bound(&ds, resp[2], &a), 8);
	a.jitter = 13;
	CU_ASSERT_EQUAL(rt_fp_served_bound(&ds, resp[2], &a), RT_TIME_NEVER);
	a.jitter = 20;
	CU_ASSERT_EQUAL(rt_fp_served_bound(&ds, resp[2], &a), RT_TIME_NEVER);
	a.jitter = 25;
	CU_ASSERT_EQUAL(rt_fp_served_bound(&ds, resp[2], &a), RT_TIME_NEVER);
	a.jitter = 0;
	/* sporadic: as deferrable, the task (2, 5, 5) with jitter 3.  The
	 * POSIX rules replenish at activation + T, and an activation long
	 * before the server runs (blocked above it) brings that instant
	 * into its own run: test_sporadic_late_replenishment_comes_at_once
	 * runs 3 > Q = 2 in [6, 9), more than the periodic task (2, 5)
	 * could; so the back-to-back hit bounds it, not the periodic task */
	ps.kind = RT_SERVER_SPORADIC;
	CU_ASSERT_EQUAL(rt_fp_server_task(&ps).jitter, 3);
	ts[2] = rt_fp_server_task(&ps);
	CU_ASSERT_EQUAL(rt_fp_rta(ts, 3, RT_FP_RATE_MONOTONIC, 1000000, resp,
				  &r, &d), RT_OK);
	CU_ASSERT_EQUAL(resp[1], 11);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
}

/* ---- partitioned placement: a server is one item ------------------------ */

#define PART_HEAD                                                       \
	"format: 1\nhorizon: 80\nplatform: { cpus: 2 }\n"              \
	"scheduler: { policy: fp, priorities: rate-monotonic, "        \
	"placement: partitioned, partitioning: first-fit }\n"

/* Analyse 'yaml' through the library; the JSON report (caller frees
 * with dlsim_free), NULL on failure. */
static char *fps_analyze_json(const char *yaml, int64_t *misses)
{
	struct dlsim *db = NULL;
	struct dlsim_scenario *sc = NULL;
	struct dlsim_analysis *an = NULL;
	char *txt = NULL;
	size_t len = 0;

	CU_ASSERT_EQUAL_FATAL(dlsim_open(&db), DLSIM_OK);
	if (dlsim_scenario_load_string(db, yaml, strlen(yaml), "t.yaml",
				       &sc) == DLSIM_OK &&
	    dlsim_analyze(db, sc, NULL, &an) == DLSIM_OK &&
	    dlsim_analysis_text(db, an, DLSIM_JSON, &txt, &len) == DLSIM_OK) {
		*misses = dlsim_sim_misses(dlsim_analysis_sim(an));
		CU_ASSERT_EQUAL(dlsim_analysis_ncontradictions(an), 0);
	} else {
		fprintf(stderr, "\n  %s\n", dlsim_errmsg(db));
	}
	dlsim_analysis_free(an);
	dlsim_scenario_free(sc);
	dlsim_close(db);
	return txt;
}

/*
 * A sporadic server that ran ahead of the periodic task (found by random
 * scenarios; analyze claimed R_p0 <= 17 and p0 took 19).  S (3, 9) and
 * p1 (C 6, D 9, T 26, J 1) above p0 (C 5, D 13, T 21).  Around one job
 * of p0 released at 79947: S runs [79947, 79949) and is out of work
 * (replenish 2 at 79956), a1 arrives at 79950 with 1 left (activation
 * 79950) while p1 runs [79950, 79956); the 2 come back at 79956, S runs
 * [79956, 79959), exhausted: 3 due at 79950 + 9 = 79959, at once; S runs
 * [79959, 79962): 8 in [79947, 79964), where (3, 9) gives 6.  With the
 * server as (3, 9, J 6) fp-rta bounds p0 by 20 (w = 5 + 3 ceil((w +
 * 6) / 9) + 6 ceil((w + 1) / 26): 5, 17, 20) and there is no
 * contradiction (fps_analyze_json asserts none).
 */
static void test_sporadic_server_runs_ahead_of_the_periodic_task(void)
{
	static const char yaml[] =
		"format: 1\nname: f\n"
		"scheduler: { policy: fp, priorities: deadline-monotonic }\n"
		"servers:\n  - { name: S0, kind: sporadic, budget: 3, "
		"period: 9 }\ntasks:\n"
		"  - { name: p0, C: 5, D: 13, T: 21 }\n"
		"  - { name: p1, C: 6, D: 9, T: 26, jitter: 1 }\n"
		"  - { name: a0, C: 2, D: 20, T: 19, server: S0, arrival: "
		"{ model: sporadic, max_delay: 12 } }\n"
		"  - { name: a1, C: 7, D: 34, T: 50, server: S0, exec: "
		"{ model: uniform, min: 1, max: 10 } }\n"
		"  - { name: a2, C: 1, D: 23, T: 16, server: S0, exec: "
		"{ model: uniform, min: 1, max: 2 } }\n";
	int64_t misses = 0;
	char *txt = fps_analyze_json(yaml, &misses);

	CU_ASSERT_PTR_NOT_NULL_FATAL(txt);
	CU_ASSERT(misses > 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(txt, "{\"task\": \"p0\", "
				      "\"response_bound\": 20, "));
	dlsim_free(txt);
}

/*
 * The loader packed an fp server's tasks one by one, each with its own
 * C, so a server's tasks could land on two CPUs and the engine refused
 * the file ("server S serves tasks A and B, which run on different
 * CPUs").  Polling S (Q 2, T 10) serves A and B (C 3, D 4, T 100), 2
 * CPUs, first fit, deadline-monotonic:
 *   per task: A on CPU 0 (R_A = 3 <= 4); B next to A: R_B = 3 + 3 = 6
 *             > 4, so CPU 1: split;
 *   per server: one item, the task (2, 10, 10): CPU 0, and both A and B
 *             run there.
 */
static void test_partitioned_fp_packs_a_server_as_one_item(void)
{
	static const char yaml[] =
		"format: 1\nhorizon: 40\nplatform: { cpus: 2 }\n"
		"scheduler: { policy: fp, placement: partitioned, "
		"partitioning: first-fit }\n"
		"servers: [{ name: S, kind: polling, budget: 2, period: 10 }]\n"
		"tasks:\n"
		"  - { name: A, C: 3, D: 4, T: 100, server: S }\n"
		"  - { name: B, C: 3, D: 4, T: 100, server: S }\n";
	struct scn_scenario *s = cbs_load_text(yaml);

	CU_ASSERT_PTR_NOT_NULL_FATAL(s->sched.task_cluster);
	CU_ASSERT_EQUAL(s->sched.task_cluster[0], 0);
	CU_ASSERT_EQUAL(s->sched.task_cluster[1], 0);
	scn_free(s);
}

/*
 * A deferrable server fits by its budget and its jitter, at the rank
 * analyze gives it.  Rate-monotonic, 2 CPUs, first fit; P (C 7, T 10)
 * plain, deferrable S (Q 2, T 10) serves A (C 2, T 40).  Ranks
 * (rt_fp_server_ranks): P 0, S 1 (T 10 ties with P: servers after the
 * tasks).  Items: P, then S as (C 2, T 10, J 8) with D = T + J = 18.
 * S next to P on CPU 0, fp-rta with jitter (w_q = (q + 1) 2 + ceil(w_q /
 * 10) 7, R_q = w_q - 10 q + 8, on while w_q + 8 > 10 (q + 1)):
 *   q = 0: w = 9, R = 17; q = 1: w = 18, R = 16; q = 2: w = 20, R = 8,
 *   20 + 8 <= 30: done.  R_S = 17 <= 18: CPU 0.
 * (With D = T_s = 10 it would not fit there.)  analyze on that binding:
 * w_S = 17 - 8 = 9 <= 10, C_A <= Q, so R_A <= T_S + w_S = 19 <= 40.
 *
 * With P (C 8, T 10) the level utilization of S is 8/10 + 2/10 = 1 with
 * jitter: unbounded, so S goes to CPU 1, alone: R_S = 2 + 8, w_S = 2,
 * R_A <= 10 + 2 = 12.  Packed by A's own C (2, T 40: R_A = 10 next to
 * P) it went to CPU 0, where analyze finds no bound for A.
 */
static void test_partitioned_fp_deferrable_fits_by_its_budget(void)
{
	static const char fits[] = PART_HEAD
		"servers: [{ name: S, kind: deferrable, budget: 2, "
		"period: 10 }]\n"
		"tasks:\n"
		"  - { name: P, C: 7, T: 10 }\n"
		"  - { name: A, C: 2, T: 40, server: S }\n";
	static const char moves[] = PART_HEAD
		"servers: [{ name: S, kind: deferrable, budget: 2, "
		"period: 10 }]\n"
		"tasks:\n"
		"  - { name: P, C: 8, T: 10 }\n"
		"  - { name: A, C: 2, T: 40, server: S }\n";
	struct scn_scenario *s = cbs_load_text(fits);
	int64_t misses = -1;
	char *js;

	CU_ASSERT_PTR_NOT_NULL_FATAL(s->sched.task_cluster);
	CU_ASSERT_EQUAL(s->sched.task_cluster[0], 0);
	CU_ASSERT_EQUAL(s->sched.task_cluster[1], 0);
	scn_free(s);
	js = fps_analyze_json(fits, &misses);
	CU_ASSERT_PTR_NOT_NULL_FATAL(js);
	CU_ASSERT_PTR_NOT_NULL(strstr(js, "{\"task\": \"A\", "
				      "\"response_bound\": 19, "
				      "\"tardiness_bound\": 0,"));
	CU_ASSERT_EQUAL(misses, 0);
	dlsim_free(js);

	s = cbs_load_text(moves);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s->sched.task_cluster);
	CU_ASSERT_EQUAL(s->sched.task_cluster[0], 0);
	CU_ASSERT_EQUAL(s->sched.task_cluster[1], 1);
	scn_free(s);
	js = fps_analyze_json(moves, &misses);
	CU_ASSERT_PTR_NOT_NULL_FATAL(js);
	CU_ASSERT_PTR_NOT_NULL(strstr(js, "{\"task\": \"A\", "
				      "\"response_bound\": 12, "
				      "\"tardiness_bound\": 0,"));
	CU_ASSERT_EQUAL(misses, 0);
	dlsim_free(js);
}

/* A server that fits nowhere is reported at servers[j], as under cbs:
 * P0 and P1 (C 8, T 10) fixed on CPUs 0 and 1 leave the deferrable S (Q
 * 2, T 10) a level utilization of 1 with jitter on each (unbounded). */
static void test_partitioned_fp_server_misfit_is_named(void)
{
	cbs_load_fail(PART_HEAD
		      "servers: [{ name: S, kind: deferrable, budget: 2, "
		      "period: 10 }]\n"
		      "tasks:\n"
		      "  - { name: P0, C: 8, T: 10, cpu: 0 }\n"
		      "  - { name: P1, C: 8, T: 10, cpu: 1 }\n"
		      "  - { name: A, C: 2, T: 40, server: S }\n",
		      "servers[0]: server S fits on no CPU with partitioning: "
		      "first-fit (2 of 3 servers and plain tasks placed, each "
		      "CPU admitted by fp-rta)");
}

/* A random fixed-priority system on one CPU: 1-3 periodic tasks, 1-2
 * polling, deferrable or sporadic servers each serving one sporadic task
 * (random phase and delays, C sometimes above Q), total bandwidth <= 0.95.
 */
static char fps_text[2048];

static void fps_random(struct rt_rng *g)
{
	static const char *const kinds[] = { "polling", "deferrable",
					     "sporadic" };
	size_t o = 0, n = 1 + (size_t)rt_rng_range(g, 0, 2);
	size_t ns = 1 + (size_t)rt_rng_range(g, 0, 1);
	int64_t left = 950;             /* bandwidth left, in 1/1000 */

	o += (size_t)snprintf(fps_text + o, sizeof(fps_text) - o,
			      "format: 1\nhorizon: %" PRId64 "\nseed: %" PRId64
			      "\nscheduler: { policy: fp, priorities: %s }\n"
			      "servers:\n", rt_rng_range(g, 200, 600),
			      rt_rng_range(g, 1, 1000000),
			      rt_rng_range(g, 0, 1) ? "rate-monotonic" :
			      "deadline-monotonic");
	for (size_t k = 0; k < ns; k++) {
		int64_t T = rt_rng_range(g, 3, 20);
		int64_t Q = 1 + T * rt_rng_range(g, 50, 300) / 1000;

		left -= Q * 1000 / T + 1;
		o += (size_t)snprintf(fps_text + o, sizeof(fps_text) - o,
				      "  - { name: S%zu, kind: %s, budget: %"
				      PRId64 ", period: %" PRId64 " }\n", k,
				      kinds[rt_rng_range(g, 0, 2)], Q, T);
	}
	o += (size_t)snprintf(fps_text + o, sizeof(fps_text) - o, "tasks:\n");
	for (size_t i = 0; i < n && left > 50; i++) {
		int64_t T = rt_rng_range(g, 4, 40);
		int64_t C = 1 + T * rt_rng_range(g, 0, left / (int64_t)(n - i)) /
			    1000;
		int64_t D = rt_rng_range(g, C, T);

		left -= C * 1000 / T + 1;
		o += (size_t)snprintf(fps_text + o, sizeof(fps_text) - o,
				      "  - { name: P%zu, C: %" PRId64 ", D: %"
				      PRId64 ", T: %" PRId64 " }\n", i, C, D, T);
	}
	for (size_t k = 0; k < ns; k++) {
		int64_t T = rt_rng_range(g, 5, 60);
		int64_t C = rt_rng_range(g, 1, 4);

		o += (size_t)snprintf(fps_text + o, sizeof(fps_text) - o,
				      "  - { name: A%zu, C: %" PRId64 ", D: %"
				      PRId64 ", T: %" PRId64 ", offset: %" PRId64
				      ", server: S%zu, arrival: { model: "
				      "sporadic, max_delay: %" PRId64 " } }\n",
				      k, C, rt_rng_range(g, C, 2 * T), T,
				      rt_rng_range(g, 0, 20), k,
				      rt_rng_range(g, 0, T));
	}
}

/* Over 1200 random systems: the analysis (fp-rta with the servers as
 * tasks, the served tasks' bounds) never contradicts the simulation: no
 * accept with a covered miss, no observed response above a bound. */
static void test_no_accept_with_a_miss_over_random_systems(void)
{
	struct dlsim *db = NULL;
	struct rt_rng g;
	size_t accepts = 0, bounded = 0, rejects = 0;

	CU_ASSERT_FATAL(dlsim_open(&db) == DLSIM_OK);
	rt_rng_seed(&g, 0x5e7e5);
	for (int it = 0; it < 1200; it++) {
		struct dlsim_scenario *sc = NULL;
		struct dlsim_analysis *an = NULL;

		fps_random(&g);
		if (dlsim_scenario_load_string(db, fps_text, strlen(fps_text),
					       "r.yaml", &sc) !=
		    DLSIM_OK || dlsim_analyze(db, sc, NULL, &an) != DLSIM_OK) {
			printf("\n%s\n%s\n", fps_text, dlsim_errmsg(db));
			CU_FAIL("random system failed to load or analyze");
			dlsim_scenario_free(sc);
			break;
		}
		for (size_t i = 0; i < dlsim_analysis_ntests(an); i++) {
			const char *v = dlsim_analysis_test_verdict(an, i);

			if (strcmp(dlsim_analysis_test_name(an, i), "fp-rta"))
				continue;
			accepts += !strcmp(v, "accept");
			rejects += !strcmp(v, "reject");
		}
		bounded += dlsim_analysis_bound(an) != DLSIM_TIME_NEVER;
		if (dlsim_analysis_ncontradictions(an)) {
			char *txt = NULL;
			size_t len = 0;

			dlsim_analysis_text(db, an, 0, &txt, &len);
			printf("\n%s\n%s\n", fps_text, txt ? txt : "");
			dlsim_free(txt);
			CU_FAIL("analysis contradicts the simulation");
			dlsim_analysis_free(an);
			dlsim_scenario_free(sc);
			break;
		}
		dlsim_analysis_free(an);
		dlsim_scenario_free(sc);
	}
	/* the property speaks of many accepts, and some rejects */
	CU_ASSERT(accepts >= 300);
	CU_ASSERT(rejects >= 50);
	CU_ASSERT(bounded >= 300);
	dlsim_close(db);
}

CU_TestInfo fp_servers_tests[] = {
	{ "polling serves only what its poll finds (P1-P5)",
	  test_polling_serves_only_what_its_poll_finds },
	{ "deferrable keeps its capacity until used (D1-D3)",
	  test_deferrable_keeps_its_capacity_until_used },
	{ "polling sees work released at its period start",
	  test_polling_sees_work_released_at_its_period_start },
	{ "polling serves the next job of its task in the same poll",
	  test_polling_serves_the_next_job_of_its_task },
	{ "sporadic replenishes what it used one period later (S1-S7)",
	  test_sporadic_replenishes_what_it_used_one_period_later },
	{ "a late sporadic replenishment comes at once (S6)",
	  test_sporadic_late_replenishment_comes_at_once },
	{ "a sporadic server runs ahead of the periodic task",
	  test_sporadic_server_runs_ahead_of_the_periodic_task },
	{ "fp server keys are checked where they stand",
	  test_fp_server_keys_are_checked_where_they_stand },
	{ "the engine matches server kinds and policies",
	  test_the_engine_matches_kinds_and_policies },
	{ "the analysis matches the hand computation",
	  test_the_analysis_matches_the_hand_computation },
	{ "no accept with a miss over 1200 random systems",
	  test_no_accept_with_a_miss_over_random_systems },
	{ "partitioned fp packs a server as one item",
	  test_partitioned_fp_packs_a_server_as_one_item },
	{ "a partitioned deferrable server fits by its budget",
	  test_partitioned_fp_deferrable_fits_by_its_budget },
	{ "a partitioned fp server that fits nowhere is named",
	  test_partitioned_fp_server_misfit_is_named },
	CU_TEST_INFO_NULL
};
