/* test_cbs.c - CBS servers through the engine (policy cbs): the docs/theory.md
 * E.7 vectors as the example scenarios give them, statistics, errors,
 * scenario keys and the chart.  The random property tests are in
 * test_cbs_prop.c.
 *
 * Traces are one line per record, "TIME KIND TASK.JOB VALUE", for the
 * kinds a test asks for.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/server.h"
#include "render/gantt.h"
#include "scenarios/scn.h"
#include "sim/engine.h"
#include "tests/cbs_util.h"
#include "tests/suites.h"

#define SERVER_RECS (SIM_MASK(SIM_REC_BUDGET_EXHAUSTED) |               \
		     SIM_MASK(SIM_REC_REPLENISH) |                      \
		     SIM_MASK(SIM_REC_THROTTLE) |                       \
		     SIM_MASK(SIM_REC_UNTHROTTLE) |                     \
		     SIM_MASK(SIM_REC_SERVER_DEADLINE) |                \
		     SIM_MASK(SIM_REC_SERVER_WAKEUP) |                  \
		     SIM_MASK(SIM_REC_SERVER_MISS))

/* The exact rules of models/server.c on the E.7 numbers. */
static void test_the_cbs_rules_are_exact(void)
{
	struct rt_server sv = rt_server_make("S", 2, 10, 10);
	struct rt_diag d;
	rt_time t0;

	/* vector 2: 1 >= (10 - 3) * 0.2 = 1.4? no: keep */
	CU_ASSERT_FALSE(rt_cbs_needs_new_deadline(1, 10, 3, 2, 10));
	/* equality renews (Abeni-Buttazzo's >=): 2 >= (20 - 10) * 0.2 */
	CU_ASSERT_TRUE(rt_cbs_needs_new_deadline(2, 20, 10, 2, 10));
	CU_ASSERT_TRUE(rt_cbs_needs_new_deadline(5, 10, 10, 2, 10));
	/* vector 5: 1/2 > 2/4? no (equal); 1/1 > 2/4: yes */
	CU_ASSERT_FALSE(rt_cbs_overflow(1, 4, 2, 2, 4));
	CU_ASSERT_TRUE(rt_cbs_overflow(1, 4, 3, 2, 4));
	/* revised budget rounds down: 2/3 * 1 = 0.66 -> 0; 2/4 * 3 = 1.5 */
	CU_ASSERT_EQUAL(rt_cbs_revised_budget(4, 3, 2, 3), 0);
	CU_ASSERT_EQUAL(rt_cbs_revised_budget(7, 4, 2, 4), 1);
	/* 0-lag (E.5): 8 - 2*8/4 = 4; q = -1: 8 + 2 = 10; rounded up */
	CU_ASSERT_TRUE(rt_cbs_zero_lag(2, 8, 4, 8, &t0) && t0 == 4);
	CU_ASSERT_TRUE(rt_cbs_zero_lag(-1, 8, 4, 8, &t0) && t0 == 10);
	CU_ASSERT_TRUE(rt_cbs_zero_lag(1, 8, 3, 8, &t0) && t0 == 6);
	CU_ASSERT_TRUE(rt_cbs_zero_lag(-1, 8, 3, 8, &t0) && t0 == 11);
	CU_ASSERT_EQUAL(rt_server_bw_ceil(4, 8), 524288);
	CU_ASSERT_EQUAL(rt_server_bw_ceil(1, 3), 349526);       /* up */
	CU_ASSERT_EQUAL(rt_server_check(&sv, &d), RT_OK);
	sv.deadline = 11;
	CU_ASSERT_EQUAL(rt_server_check(&sv, &d), RT_ERR_INVAL);
	CU_ASSERT_STRING_EQUAL(d.msg, "server S: deadline 11 > period 10; "
			       "expected budget <= deadline <= period");
	sv.deadline = 10;
	sv.budget_max = 0;
	CU_ASSERT_EQUAL(rt_server_check(&sv, &d), RT_ERR_INVAL);
	CU_ASSERT_STRING_EQUAL(rt_server_kind_name(RT_SERVER_REVISED_CBS),
			       "revised-cbs");
	CU_ASSERT_STRING_EQUAL(rt_server_state_name(RT_SRV_THROTTLED),
			       "throttled");
}

/* E.7 vector 1, soft: d 5 -> 10 (t=2) -> 15 (t=4), done at 5, q = 1. */
static void test_soft_cbs_finishes_the_long_job_at_5(void)
{
	struct scn_scenario *s = cbs_load_example("cbs-single");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, SERVER_RECS | CBS_COMPLETE, &tr);
	const struct sim_stats *st = sim_engine_stats(e);

	cbs_expect(&tr,
		   "0 server_wakeup J.0 2\n"
		   "0 server_deadline J.0 5\n"
		   "2 budget_exhausted J.0 0\n"
		   "2 replenish J.0 2\n"
		   "2 server_deadline J.0 10\n"
		   "4 budget_exhausted J.0 0\n"
		   "4 replenish J.0 2\n"
		   "4 server_deadline J.0 15\n"
		   "5 complete J.0 5\n");
	CU_ASSERT_EQUAL(st->nservers, 1);
	CU_ASSERT_EQUAL(st->servers[0].budget_exhaustions, 2);
	CU_ASSERT_EQUAL(st->servers[0].replenishments, 2);
	CU_ASSERT_EQUAL(st->servers[0].throttled_time, 0);
	CU_ASSERT_EQUAL(st->server_misses, 0);
	cbs_done(e, s, &tr);
}

/*
 * E.1 rules 3 and 5: a job released while its server has pending work
 * is queued, and at the completion before it goes on with the server's
 * current (d, c): no wake-up rule.  Soft CBS S (Q 2, T 4) serves A (C 3,
 * T 4); B (C 4, D 5, offset 2) and K (C 1, D 3, offset 7) are hard EDF
 * tasks.  Tick by tick:
 *
 *  0  a0: S idle, wake-up rule: d 4, c 2; a0 runs
 *  2  S exhausted: c 2, d 8; B (d 7 < 8) runs
 *  4  a1 released, behind a0 (rule 3)
 *  6  B completes; a0 runs (c 2)
 *  7  a0 completes, c 1.  Rule 5: a1 goes on with (8, 1) and runs before
 *     K (d 10).  (The wake-up rule, applied here before, found
 *     1 >= (8 - 7) * 2/4 and gave a1 (11, 2): K ran first, [7, 8).)
 *  8  S exhausted: c 2, d 12; K (d 10) runs
 *  9  K completes; a1 runs
 * 11  S exhausted: c 2, d 16; a1 completes (3 units: [7,8), [9,11));
 *     a2 (released at 8) goes on with (16, 2), no wake-up either
 * 12  horizon
 */
static void test_a_pending_job_keeps_its_servers_deadline(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\nhorizon: 12\n"
		"servers:\n"
		"  - { name: S, budget: 2, period: 4 }\n"
		"tasks:\n"
		"  - { name: A, C: 3, T: 4, server: S }\n"
		"  - { name: B, C: 4, D: 5, T: 100, offset: 2 }\n"
		"  - { name: K, C: 1, D: 3, T: 100, offset: 7 }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, SERVER_RECS | CBS_COMPLETE | CBS_RUN,
				       &tr);

	cbs_expect(&tr,
		   "0 server_wakeup A.0 2\n"
		   "0 server_deadline A.0 4\n"
		   "0 start A.0 3\n"
		   "2 budget_exhausted A.0 0\n"
		   "2 replenish A.0 2\n"
		   "2 server_deadline A.0 8\n"
		   "2 preempt A.0 1\n"
		   "2 start B.0 4\n"
		   "6 complete B.0 4\n"
		   "6 start A.0 1\n"
		   "7 complete A.0 7\n"
		   "7 start A.1 3\n"
		   "8 budget_exhausted A.1 0\n"
		   "8 replenish A.1 2\n"
		   "8 server_deadline A.1 12\n"
		   "8 preempt A.1 2\n"
		   "8 start K.0 1\n"
		   "9 complete K.0 2\n"
		   "9 start A.1 2\n"
		   "11 budget_exhausted A.1 0\n"
		   "11 replenish A.1 2\n"
		   "11 server_deadline A.1 16\n"
		   "11 complete A.1 7\n"
		   "11 start A.2 3\n");
	CU_ASSERT_EQUAL(sim_engine_stats(e)->server_misses, 0);
	cbs_done(e, s, &tr);
}

/* E.7 vector 1, hard: run [0,2), throttled until 5; [5,7), throttled
 * until 10; completes at 11. */
static void test_hard_cbs_throttles_and_finishes_at_11(void)
{
	struct scn_scenario *s = cbs_load_example("cbs-single");
	struct tu_trace tr;
	struct sim_engine *e;
	const struct sim_stats *st;

	s->servers[0].kind = RT_SERVER_HARD_CBS;
	e = cbs_run(s, SERVER_RECS | CBS_COMPLETE | CBS_RUN, &tr);
	st = sim_engine_stats(e);
	cbs_expect(&tr,
		   "0 server_wakeup J.0 2\n"
		   "0 server_deadline J.0 5\n"
		   "0 start J.0 5\n"
		   "2 budget_exhausted J.0 0\n"
		   "2 throttle J.0 5\n"
		   "2 preempt J.0 3\n"
		   "5 replenish J.0 2\n"
		   "5 server_deadline J.0 10\n"
		   "5 unthrottle J.0 3\n"
		   "5 start J.0 3\n"
		   "7 budget_exhausted J.0 0\n"
		   "7 throttle J.0 10\n"
		   "7 preempt J.0 1\n"
		   "10 replenish J.0 2\n"
		   "10 server_deadline J.0 15\n"
		   "10 unthrottle J.0 3\n"
		   "10 start J.0 1\n"
		   "11 complete J.0 11\n");
	CU_ASSERT_EQUAL(st->servers[0].budget_exhaustions, 2);
	CU_ASSERT_EQUAL(st->servers[0].replenishments, 2);
	CU_ASSERT_EQUAL(st->servers[0].throttled_time, 6);      /* pending */
	CU_ASSERT_EQUAL(st->servers[0].throttled_idle_time, 0);
	CU_ASSERT_EQUAL(st->tasks[0].preemptions, 0);   /* throttles are not */
	cbs_done(e, s, &tr);
}

/*
 * Throttled time is split by whether work is pending.  Hard CBS
 * S (2, 5) serves J (C 2, T 10, one overrun job of demand 3 then 2):
 *   [0, 2)   J.0 runs, q 2 -> 0 with 1 unit left: throttled until 5 with
 *            work pending (3 units)
 *   [5, 6)   J.0 ends at 6 (q 1 left): not throttled
 *   [10, 12) J.1 (demand 2) uses exactly q = 2 and completes at 12: the
 *            server throttles until d = 15 with nothing pending (3 idle)
 * Horizon 20: throttled_time 3, throttled_idle_time 3.
 */
static void test_throttled_time_counts_only_pending_work(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\nhorizon: 20\n"
		"servers: [{ name: S, kind: hard-cbs, budget: 2, period: 5 }]\n"
		"tasks: [{ name: J, C: 2, T: 10, server: S, "
		"exec: { model: list, values: [3, 2] } }]\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, CBS_COMPLETE, &tr);
	const struct sim_stats *st = sim_engine_stats(e);

	cbs_expect(&tr, "6 complete J.0 6\n12 complete J.1 2\n");
	CU_ASSERT_EQUAL(st->servers[0].throttled_time, 3);
	CU_ASSERT_EQUAL(st->servers[0].throttled_idle_time, 3);
	cbs_done(e, s, &tr);
}

/* E.7 vector 3: S_B's jobs finish at 5, 12, 17, 22 and A's at 19 with the
 * soft CBS, and S_B never misses with the hard CBS either.  Hard, tick by
 * tick (an equal deadline never preempts a running entity):
 *   [0, 2)   A (S_A q 2 -> 0: throttled until 4, then (2, 8))
 *   [2, 5)   B.0 (S_B d 6), done at 5 with q = 0: throttled until 6
 *   [5, 7)   A (d 8): q 0 at 7, throttled until 8
 *   [7, 10)  B.1 (released 6: S_B (3, 12)); at 8 S_A is back with d 12,
 *            equal to the running S_B's: no preemption; B.1 done at 10
 *   [10, 14) A (d 12, replenished at 12 to (2, 16)), throttled until 16
 *   [14, 17) B.2 (d 18), [17, 19) A done (10 units), [19, 22) B.3.
 * (The E.7 table breaks that tie at 8 for S_A, the lower index, and
 * finishes B.1 at 12; dlsim has one tie rule for every policy.) */
static void test_an_overrunning_server_does_not_hurt_the_other(void)
{
	static const char soft[] =
		"5 complete B.0 5\n"
		"12 complete B.1 6\n"
		"17 complete B.2 5\n"
		"19 complete A.0 19\n"
		"22 complete B.3 4\n";
	static const char hard[] =
		"5 complete B.0 5\n"
		"10 complete B.1 4\n"
		"17 complete B.2 5\n"
		"19 complete A.0 19\n"
		"22 complete B.3 4\n";
	const char *want[] = { soft, hard };
	enum rt_server_kind kinds[] = { RT_SERVER_CBS, RT_SERVER_HARD_CBS };

	for (size_t k = 0; k < 2; k++) {
		struct scn_scenario *s = cbs_load_example("cbs-isolation");
		struct tu_trace tr;
		struct sim_engine *e;
		const struct sim_stats *st;

		s->servers[0].kind = s->servers[1].kind = kinds[k];
		e = cbs_run(s, CBS_COMPLETE | SIM_MASK(SIM_REC_MISS), &tr);
		st = sim_engine_stats(e);
		cbs_expect(&tr, want[k]);
		CU_ASSERT_EQUAL(st->misses, 0);
		CU_ASSERT_EQUAL(st->server_misses, 0);
		cbs_done(e, s, &tr);
	}
}

/*
 * One tie rule for every policy (docs/design.md §3): a running entity is never
 * preempted by an equal key.  Y (C 2, D 8, offset 2) is task 0, X (C 4,
 * D 10) task 1, both T 20; tie_break task-order puts Y first among
 * waiting equals, but:
 *   [0, 2)  X runs (d 10), alone
 *   t = 2   Y released, d = 2 + 8 = 10 = X's: X keeps the CPU
 *   [2, 4)  X, done at 4;  [4, 6)  Y, done at 6.
 * The same under edf, cbs over plain jobs, cbs over servers (S_Y (2, 8),
 * S_X (4, 10): the same deadlines) and linux-dl (in ms); with fifo too.
 */
static void test_an_equal_deadline_never_preempts(void)
{
	static const char plain[] =
		"format: 1\ntime_unit: %s\nhorizon: 20\n"
		"scheduler: { policy: %s, tie_break: %s }\n%s"
		"tasks:\n"
		"  - { name: Y, C: 2, D: 8, T: 20, offset: 2%s }\n"
		"  - { name: X, C: 4, D: 10, T: 20%s }\n";
	static const char srv[] =
		"servers:\n  - { name: SY, budget: 2, period: 8 }\n"
		"  - { name: SX, budget: 4, period: 10 }\n";
	static const char want[] =
		"0 start X.0 4\n4 complete X.0 4\n"
		"4 start Y.0 2\n6 complete Y.0 4\n";
	static const char want_ms[] =
		"0 start X.0 4000000\n4000000 complete X.0 4000000\n"
		"4000000 start Y.0 2000000\n6000000 complete Y.0 4000000\n";
	static const char *const ties[] = { "task-order", "fifo" };

	for (size_t t = 0; t < 2; t++) {
		for (int v = 0; v < 4; v++) {
			char buf[1024];
			struct scn_scenario *s;
			struct tu_trace tr;
			struct sim_engine *e;

			snprintf(buf, sizeof(buf), plain, v == 3 ? "ms" : "tick",
				 v == 0 ? "edf" : v == 3 ? "linux-dl" : "cbs",
				 ties[t], v == 2 ? srv : "",
				 v == 2 ? ", server: SY" : "",
				 v == 2 ? ", server: SX" : "");
			s = cbs_load_text(buf);
			e = cbs_run(s, CBS_COMPLETE | SIM_MASK(SIM_REC_START),
				    &tr);
			cbs_expect(&tr, v == 3 ? want_ms : want);
			CU_ASSERT_EQUAL(sim_engine_stats(e)->tasks[1].preemptions,
					0);
			cbs_done(e, s, &tr);
		}
	}
}

/* E.7 vector 2: the wake-up rule keeps (10, 1) at 3; the exhaustion at
 * the completion instant 4 recharges (d = 20); at 6 d = 20 is kept. */
static void test_the_wakeup_rule_keeps_or_renews_q_and_d(void)
{
	struct scn_scenario *s = cbs_load_example("cbs-wakeup");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, SERVER_RECS | CBS_COMPLETE, &tr);

	cbs_expect(&tr,
		   "0 server_wakeup J.0 2\n"
		   "0 server_deadline J.0 10\n"
		   "1 complete J.0 1\n"
		   "3 server_wakeup J.1 1\n"
		   "3 server_deadline J.1 10\n"
		   "4 budget_exhausted J.1 0\n"
		   "4 replenish J.1 2\n"
		   "4 server_deadline J.1 20\n"
		   "4 complete J.1 1\n"
		   "6 server_wakeup J.2 2\n"
		   "6 server_deadline J.2 20\n"
		   "7 complete J.2 1\n");
	cbs_done(e, s, &tr);
}

/* E.7 vectors 4 and 5 with kind revised-cbs (exact arithmetic), each
 * task on its own CPU: only the second wake-up of each is shown. */
static void test_revised_cbs_wakeups_match_vectors_4_and_5(void)
{
	struct scn_scenario *s = cbs_load_example("cbs-revised");
	struct tu_trace tr;
	struct sim_engine *e;

	e = cbs_run_from(s, SIM_MASK(SIM_REC_SERVER_WAKEUP) |
			 SIM_MASK(SIM_REC_SERVER_DEADLINE) |
			 SIM_MASK(SIM_REC_THROTTLE) |
			 SIM_MASK(SIM_REC_REPLENISH), 2000000, &tr);
	cbs_expect(&tr, CBS_E7_WAKEUPS_4_5);
	cbs_done(e, s, &tr);
}

/* docs/theory.md §E.5: T2 executes 6 units in [2, 8) with GRUB; without it the
 * hard server is throttled at 6 until 8 and T2 ends at 10. */
static void test_grub_gives_t2_six_units_in_2_to_8(void)
{
	struct scn_scenario *s = cbs_load_example("cbs-grub");
	struct tu_trace tr;
	struct sim_engine *e;

	e = cbs_run(s, CBS_RUN | CBS_COMPLETE |
		    SIM_MASK(SIM_REC_BUDGET_EXHAUSTED) |
		    SIM_MASK(SIM_REC_SERVER_INACTIVE), &tr);
	cbs_expect(&tr,
		   "0 start T1.0 2\n"
		   "2 complete T1.0 2\n"
		   "2 start T2.0 6\n"
		   "4 server_inactive T1.0 524288\n"
		   "8 budget_exhausted T2.0 0\n"
		   "8 server_inactive T2.0 0\n"
		   "8 complete T2.0 8\n");
	cbs_done(e, s, &tr);

	s = cbs_load_example("cbs-grub");
	s->servers[0].reclaim = s->servers[1].reclaim = RT_RECLAIM_NONE;
	e = cbs_run(s, CBS_COMPLETE, &tr);
	cbs_expect(&tr, "2 complete T1.0 2\n10 complete T2.0 10\n");
	cbs_done(e, s, &tr);
}

/* The records of the GRUB timelines below. */
#define GRUB_RECS (CBS_RUN | CBS_COMPLETE |                                  \
		   SIM_MASK(SIM_REC_BUDGET_EXHAUSTED) |                       \
		   SIM_MASK(SIM_REC_THROTTLE) | SIM_MASK(SIM_REC_REPLENISH) |  \
		   SIM_MASK(SIM_REC_SERVER_INACTIVE) |                        \
		   SIM_MASK(SIM_REC_SERVER_WAKEUP))

/*
 * A wake-up that re-rates a running GRUB server so that what is left of
 * its budget is less than one time unit: its exhaustion timer is armed
 * at now (sv_arm_budget; the fraction is forfeited), a policy timer of
 * rank BUDGET queued while the release (rank RELEASE) that woke the
 * other server is being handled.  The release path moved its own event
 * "in place at the top" (sim_evq_move_top) although the top was now that
 * timer: the timer's node was overwritten, the release event left in
 * the heap twice, and the run looped at one instant (dlsim run hung; the
 * engine's destroy crashed in sv_fini, cancelling events whose slots
 * were garbage).  The smallest such set: two hard GRUB servers (1, 2),
 * U = 0.5 each (this_bw = 1, extra_bw = 0), a (C 2, T 10) on S0 and b
 * (C 1, T 10, offset 1) on S1; the next release of b (11) must fall
 * before the horizon for its event to be moved.  GRUB rate on one CPU:
 * max{U_i, U_act}.
 *
 *  0  a0 released, S0 wakes: q = 1, d = 2; U_act = 0.5, rate 0.5; a0
 *     runs (its budget would last 2 units: no timer, a0 needs 2)
 *  1  b0 released, S1 wakes: q = 1, d = 3; U_act = 1: S0 charged 0.5 at
 *     rate 0.5 (q = 0.5 left), re-rated to 1: 0.5 < 1 unit, so its timer
 *     is armed at 1 and fires next: forfeited, exhausted, hard: throttled
 *     until d = 2; a0 preempted (1 left); b0 (S1, d 3) runs at rate 1
 *  2  b0 completes with q = 0: exhausted at its completion, throttled
 *     until 3 (still active); S0 replenished: q = 1, d = 4; a0 runs at
 *     rate 1
 *  3  a0 completes, q = 0: throttled until 4; S1 replenished (q = 1,
 *     d = 5), no work: 0-lag time 5 - 1 * 2/1 = 3 = now: inactive,
 *     U_act = 0.5 (524288)
 *  4  S0 replenished (q = 1, d = 6), no work: 0-lag 6 - 2 = 4: inactive,
 *     U_act = 0
 * 10  a1: S0 wakes with d = 6 < 10: q = 1, d = 12; as at 0
 * 11  b1: as at 1 (d = 13; S0 throttled until 12)
 * 12  as at 2; a1 unfinished at the horizon.
 */
static void test_grub_rerate_to_exhaustion_at_a_release(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\nhorizon: 12\n"
		"servers:\n"
		"  - { name: S0, kind: hard-cbs, budget: 1, period: 2,"
		" reclaim: grub }\n"
		"  - { name: S1, kind: hard-cbs, budget: 1, period: 2,"
		" reclaim: grub }\n"
		"tasks:\n"
		"  - { name: a, C: 2, T: 10, server: S0 }\n"
		"  - { name: b, C: 1, T: 10, offset: 1, server: S1 }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, GRUB_RECS, &tr);

	cbs_expect(&tr,
		   "0 server_wakeup a.0 1\n"
		   "0 start a.0 2\n"
		   "1 server_wakeup b.0 1\n"
		   "1 budget_exhausted a.0 0\n"
		   "1 throttle a.0 2\n"
		   "1 preempt a.0 1\n"
		   "1 start b.0 1\n"
		   "2 budget_exhausted b.0 0\n"
		   "2 throttle b.0 3\n"
		   "2 complete b.0 1\n"
		   "2 replenish a.0 1\n"
		   "2 start a.0 1\n"
		   "3 budget_exhausted a.0 0\n"
		   "3 throttle a.0 4\n"
		   "3 complete a.0 3\n"
		   "3 replenish b.0 1\n"
		   "3 server_inactive b.0 524288\n"
		   "4 replenish a.0 1\n"
		   "4 server_inactive a.0 0\n"
		   "10 server_wakeup a.1 1\n"
		   "10 start a.1 2\n"
		   "11 server_wakeup b.1 1\n"
		   "11 budget_exhausted a.1 0\n"
		   "11 throttle a.1 12\n"
		   "11 preempt a.1 1\n"
		   "11 start b.1 1\n"
		   "12 budget_exhausted b.1 0\n"
		   "12 throttle b.1 13\n"
		   "12 complete b.1 1\n"
		   "12 replenish a.1 1\n");
	CU_ASSERT_EQUAL(sim_engine_stats(e)->jobs, 4);
	cbs_done(e, s, &tr);
}

/*
 * The reported set: S0 hard-cbs (1, 20, 20), S1 revised-cbs (2, 2, 13),
 * both GRUB; a (C 2, D 26, T 16) on S0, b (C 3, D 35, T 22) on S1.
 * `dlsim run` hung from horizon 45 (b's release at 22 re-rated a running
 * S0 to exhaustion at 22, as above; the heap, broken then, showed it at
 * b's next release, 44) and the library crashed destroying the engine
 * at horizon 100.
 *
 * Bandwidths (2^20 = 1; a constrained server counts with Q/min(D, T)):
 * U_0 = 1/20 (52429), U_1 = 2/2 = 1, this_bw = 1.05, extra_bw = 0.  GRUB
 * rate (kernel formula, U_max = 1): S0 alone active 0.05 (it reclaims
 * S1's share), any time S1 is active 1; S1 always 1.  The timeline, tick
 * by tick (the CPU idle when nothing is said to run):
 *
 *  0  a0, b0 released; S0: q 1, d 20; S1: q 2, d 2; U_act 1.05.  b0 runs
 *     (d 2 < 20) at rate 1
 *  2  S1 exhausted (b0 has 1 left): revised, throttled until the next
 *     period d - D + T = 13 (active); a0 runs at rate 1
 *  3  S0 exhausted (a0 has 1 left): hard, throttled until d = 20
 * 13  S1 replenished: d 15, q 2; b0 runs
 * 14  b0 completes, q 1: 0-lag 15 - 1*2/2 = 14: inactive, U_act 0.05
 * 16  a1 released (behind a0)
 * 20  S0 replenished: q 1, d 40; a0 runs at rate 0.05 (S1 inactive)
 * 21  a0 completes with budget c = 1 - 52429/2^20 (0.9499998); a1,
 *     pending since 16, goes on with (c, 40) (E.1 rule 5: no wake-up,
 *     S0 stays active); a1 runs at rate 0.05
 * 22  b1 released: S1 wakes after d = 15, before its next period 26:
 *     q = 0, throttled until 26; its activation makes U_act 1.05: S0
 *     charged 0.05 (0.90 left), re-rated to 1: 0.90 < 1 unit, forfeited:
 *     exhausted at 22, throttled until 40; a1 preempted (1 left)
 * 26  S1 replenished: d 28, q 2; b1 runs at rate 1
 * 28  S1 exhausted (b1 has 1 left): throttled until 39
 * 32  a2 released (behind a1)
 * 39  S1 replenished: d 41, q 2; b1 runs
 * 40  b1 completes, q 1: 0-lag 41 - 1 = 40: inactive, U_act 0.05; S0
 *     replenished: q 1, d 60; a1 runs at rate 0.05
 * 41  a1 completes (c as at 21); a2, pending since 32, goes on with
 *     (c, 60) (rule 5), runs at rate 0.05
 * 43  a2 completes, c = 1 - 3*52429/2^20 (0.8499994): 0-lag
 *     60 - floor(16.99..) = 44
 * 44  S0 inactive (U_act 0); b2 released: S1 wakes after d = 41, before
 *     52: q = 0, throttled until 52 (the release the broken heap
 *     repeated forever)
 * 48  a3: S0 wakes, c >= (60 - 48)/20 = 0.6: q 1, d 68; runs at rate 1
 *     (S1 active, throttled)
 * 49  S0 exhausted (a3 has 1 left): throttled until 68
 * 50  horizon: a3 and b2 unfinished.
 */
static void test_grub_hard_and_revised_servers_do_not_hang(void)
{
	static const char yaml[] =
		"format: 1\nhorizon: %d\n"
		"servers:\n"
		"  - { name: S0, kind: hard-cbs, budget: 1, deadline: 20,"
		" period: 20, reclaim: grub }\n"
		"  - { name: S1, kind: revised-cbs, budget: 2, deadline: 2,"
		" period: 13, reclaim: grub }\n"
		"tasks:\n"
		"  - { name: a, C: 2, D: 26, T: 16, server: S0 }\n"
		"  - { name: b, C: 3, D: 35, T: 22, server: S1 }\n";
	static const int horizons[] = { 44, 45, 100, 230 };
	/* jobs released before each horizon: a every 16, b every 22 */
	static const uint64_t jobs[] = { 5, 6, 12, 26 };
	char buf[sizeof(yaml) + 16];
	struct scn_scenario *s;
	struct tu_trace tr;
	struct sim_engine *e;

	snprintf(buf, sizeof(buf), yaml, 50);
	s = cbs_load_text(buf);
	e = cbs_run(s, GRUB_RECS, &tr);
	cbs_expect(&tr,
		   "0 server_wakeup a.0 1\n"
		   "0 server_wakeup b.0 2\n"
		   "0 start b.0 3\n"
		   "2 budget_exhausted b.0 0\n"
		   "2 throttle b.0 13\n"
		   "2 preempt b.0 1\n"
		   "2 start a.0 2\n"
		   "3 budget_exhausted a.0 0\n"
		   "3 throttle a.0 20\n"
		   "3 preempt a.0 1\n"
		   "13 replenish b.0 2\n"
		   "13 start b.0 1\n"
		   "14 server_inactive b.0 52429\n"
		   "14 complete b.0 14\n"
		   "20 replenish a.0 1\n"
		   "20 start a.0 1\n"
		   "21 complete a.0 21\n"
		   "21 start a.1 2\n"
		   "22 server_wakeup b.1 0\n"
		   "22 throttle b.1 26\n"
		   "22 budget_exhausted a.1 0\n"
		   "22 throttle a.1 40\n"
		   "22 preempt a.1 1\n"
		   "26 replenish b.1 2\n"
		   "26 start b.1 3\n"
		   "28 budget_exhausted b.1 0\n"
		   "28 throttle b.1 39\n"
		   "28 preempt b.1 1\n"
		   "39 replenish b.1 2\n"
		   "39 start b.1 1\n"
		   "40 server_inactive b.1 52429\n"
		   "40 complete b.1 18\n"
		   "40 replenish a.1 1\n"
		   "40 start a.1 1\n"
		   "41 complete a.1 25\n"
		   "41 start a.2 2\n"
		   "43 complete a.2 11\n"
		   "44 server_inactive a.0 0\n"
		   "44 server_wakeup b.2 0\n"
		   "44 throttle b.2 52\n"
		   "48 server_wakeup a.3 1\n"
		   "48 start a.3 2\n"
		   "49 budget_exhausted a.3 0\n"
		   "49 throttle a.3 68\n"
		   "49 preempt a.3 1\n");
	cbs_done(e, s, &tr);
	for (size_t i = 0; i < sizeof(horizons) / sizeof(horizons[0]); i++) {
		snprintf(buf, sizeof(buf), yaml, horizons[i]);
		s = cbs_load_text(buf);
		e = cbs_run(s, 0, &tr);         /* returns; destroyed cleanly */
		CU_ASSERT_EQUAL(sim_engine_stats(e)->jobs, jobs[i]);
		cbs_done(e, s, &tr);
	}
}

/* Two servers with U = 1.5: S2's deadline 4 passes with budget left (a
 * server miss by 2) while its job, due at 100, is on time; a job due
 * before its server's deadline misses with no server miss. */
static void test_server_and_job_misses_are_counted_apart(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\nhorizon: 20\n"
		"servers:\n"
		"  - { name: S1, budget: 3, period: 4 }\n"
		"  - { name: S2, budget: 3, period: 4 }\n"
		"  - { name: S3, budget: 2, period: 40 }\n"
		"tasks:\n"
		"  - { name: A, C: 3, D: 100, T: 100, server: S1 }\n"
		"  - { name: B, C: 3, D: 100, T: 100, server: S2 }\n"
		"  - { name: C, C: 1, D: 1, T: 100, server: S3, offset: 10 }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, SIM_MASK(SIM_REC_SERVER_MISS) |
				       SIM_MASK(SIM_REC_MISS), &tr);
	const struct sim_stats *st = sim_engine_stats(e);

	/* A [0,3); B [3,6): exhausted at 6 > d = 4; C at 10 runs [10,11),
	 * due 11?  no: D = 1 -> due 11, done 11, on time.  */
	cbs_expect(&tr, "6 server_deadline_miss B.0 2\n");
	CU_ASSERT_EQUAL(st->server_misses, 1);
	CU_ASSERT_EQUAL(st->servers[1].deadline_misses, 1);
	CU_ASSERT_EQUAL(st->servers[1].max_lateness, 2);
	CU_ASSERT_EQUAL(st->misses, 0);
	cbs_done(e, s, &tr);

	s = cbs_load_text(
		"format: 1\nhorizon: 20\n"
		"servers: [{ name: S, budget: 2, period: 4 }]\n"
		"tasks: [{ name: J, C: 3, D: 2, T: 100, server: S }]\n");
	e = cbs_run(s, SIM_MASK(SIM_REC_SERVER_MISS) | SIM_MASK(SIM_REC_MISS),
		    &tr);
	st = sim_engine_stats(e);
	cbs_expect(&tr, "3 deadline_miss J.0 1\n");
	CU_ASSERT_EQUAL(st->server_misses, 0);
	CU_ASSERT_EQUAL(st->misses, 1);
	cbs_done(e, s, &tr);
}

/* A server that still has work and budget at the horizon, past its
 * deadline, is reported there (a lower bound, as for jobs). */
static void test_a_late_server_pending_at_the_horizon_is_a_miss(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\nhorizon: 5\n"
		"servers:\n"
		"  - { name: S1, kind: hard-cbs, budget: 4, period: 4 }\n"
		"  - { name: S2, kind: hard-cbs, budget: 3, period: 4 }\n"
		"tasks:\n"
		"  - { name: A, C: 4, D: 100, T: 100, server: S1 }\n"
		"  - { name: B, C: 3, D: 100, T: 100, server: S2 }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, SIM_MASK(SIM_REC_SERVER_MISS), &tr);

	cbs_expect(&tr, "5 server_deadline_miss B.0 1\n");
	cbs_done(e, s, &tr);
}

static void test_servers_need_a_policy_that_runs_them(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\nscheduler: { policy: cbs }\n"
		"servers: [{ name: S, budget: 1, period: 2 }]\n"
		"tasks: [{ name: J, C: 1, T: 2, server: S }]\n");
	struct sim_config c = cbs_config(s);
	struct sim_engine *e = NULL;
	struct rt_diag d;

	/* the loader checks what the engine would refuse, located */
	cbs_load_fail("format: 1\nscheduler: { policy: edf }\n"
		      "servers: [{ name: S, budget: 1, period: 2 }]\n"
		      "tasks: [{ name: J, C: 1, T: 2, server: S }]\n",
		      "t.yaml:2:22: scheduler.policy: policy edf does not run "
		      "servers; use policy cbs");
	c.policy = "edf";
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "policy edf does not run "
				      "servers; use policy cbs"));
	c.policy = "cbs";
	c.cpus = 2;
	s->servers[0].reclaim = RT_RECLAIM_GRUB;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_UNSUPPORTED);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "grub is uniprocessor"));
	c.cpus = 1;
	s->servers[0].budget_max = 3;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "budget 3 > deadline 2"));
	s->servers[0].budget_max = 1;
	s->task_server[0] = 1;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "server 1 does not exist"));
	scn_free(s);
}

/* A server whose postponed deadline leaves the time range stops the run,
 * and the message says which server and what overflowed (not only that
 * "the policy failed"). */
static void test_a_server_overflow_names_what_overflowed(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\nhorizon: 10\nscheduler: { policy: cbs }\n"
		"servers: [{ name: S, budget: 1, "
		"period: 5000000000000000000 }]\n"
		"tasks: [{ name: J, C: 3, T: 9000000000000000000, "
		"server: S }]\n");
	struct sim_config c = cbs_config(s);
	struct sim_engine *e = NULL;
	struct rt_diag d;

	CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, &d), RT_OK);
	/* at 1 the budget is used up: d += T = 5e18 + 5e18 */
	CU_ASSERT_EQUAL(sim_engine_run(e, &d), RT_ERR_OVERFLOW);
	CU_ASSERT_STRING_EQUAL(d.msg, "policy cbs: server S: its deadline "
			       "d + T = 5000000000000000000 + "
			       "5000000000000000000 overflows the time range "
			       "(at time 1)");
	sim_engine_destroy(e);
	scn_free(s);
}

/* The scenario keys and their errors. */
static void test_server_keys_load_and_bad_ones_are_located(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\ntime_unit: ms\n"
		"servers:\n"
		"  - { name: S1, kind: revised-cbs, budget: 500us, period: 2,"
		" deadline: 1, reclaim: grub }\n"
		"  - { name: S2, budget: 1, period: 2 }\n"
		"tasks:\n"
		"  - { name: A, C: 1, T: 2, server: S2 }\n"
		"  - { name: B, C: 1, T: 2 }\n");

	CU_ASSERT_STRING_EQUAL(s->sched.policy, "cbs");
	CU_ASSERT_EQUAL(s->nservers, 2);
	CU_ASSERT_STRING_EQUAL(s->servers[0].name, "S1");
	CU_ASSERT_EQUAL(s->servers[0].kind, RT_SERVER_REVISED_CBS);
	CU_ASSERT_EQUAL(s->servers[0].budget_max, 500000);
	CU_ASSERT_EQUAL(s->servers[0].deadline, 1000000);
	CU_ASSERT_EQUAL(s->servers[0].period, 2000000);
	CU_ASSERT_EQUAL(s->servers[0].reclaim, RT_RECLAIM_GRUB);
	CU_ASSERT_EQUAL(s->servers[1].kind, RT_SERVER_CBS);
	CU_ASSERT_EQUAL(s->servers[1].deadline, 2000000);
	CU_ASSERT_EQUAL(s->task_server[0], 1);
	CU_ASSERT_EQUAL(s->task_server[1], -1);
	scn_free(s);
	cbs_load_fail("format: 1\nservers: [{ name: S, budget: 1, period: 2 }]\n"
		      "tasks: [{ name: A, C: 1, T: 2, server: X }]\n",
		      "t.yaml:3:40: tasks[0].server: \"X\" is not a server; "
		      "expected the name of an entry of servers: [...]");
	cbs_load_fail("format: 1\nservers: [{ name: S, budget: 3, period: 2 }]\n"
		      "tasks: [{ name: A, C: 1, T: 2 }]\n",
		      "t.yaml:2:11: servers[0]: server S: budget 3 > deadline 2; "
		      "expected budget <= deadline <= period");
	cbs_load_fail("format: 1\nservers: [{ name: S, kind: soft, budget: 1, "
		      "period: 2 }]\ntasks: [{ name: A, C: 1, T: 2 }]\n",
		      "servers[0].kind: \"soft\" is not valid; expected cbs | "
		      "hard-cbs | revised-cbs");
	cbs_load_fail("format: 1\nservers: [{ name: S, period: 2 }]\n"
		      "tasks: [{ name: A, C: 1, T: 2 }]\n",
		      "servers[0]: missing budget");
	cbs_load_fail("format: 1\nservers: [{ name: S, budget: 1, period: 2 },"
		      " { name: S, budget: 1, period: 2 }]\n"
		      "tasks: [{ name: A, C: 1, T: 2 }]\n",
		      "servers[1].name: \"S\" is already the name of servers[0]");
}

/* arrive_at / leave_at without an admission test (policy edf): the task
 * joins (test "none"), periodic arrivals start at arrive_at + offset,
 * listed releases before arrive_at are skipped, none at or after
 * leave_at. */
static void test_arrive_and_leave_shape_the_releases(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\nhorizon: 30\n"
		"tasks:\n"
		"  - { name: P, C: 1, T: 5, offset: 1, arrive_at: 10, "
		"leave_at: 21 }\n"
		"  - { name: L, C: 1, T: 5, releases: [0, 4, 12, 20], "
		"arrive_at: 4 }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, SIM_MASK(SIM_REC_ADMIT) |
				       SIM_MASK(SIM_REC_LEAVE) |
				       SIM_MASK(SIM_REC_RELEASE), &tr);

	cbs_expect(&tr,
		   "4 admit L.0 0\n"
		   "4 release L.1 9\n"
		   "10 admit P.0 0\n"
		   "11 release P.0 16\n"
		   "12 release L.2 17\n"
		   "16 release P.1 21\n"
		   "20 release L.3 25\n"
		   "21 leave P.0 0\n");
	cbs_done(e, s, &tr);
	cbs_load_fail("format: 1\ntasks: [{ name: a, C: 1, T: 2, arrive_at: 5,"
		      " leave_at: 4 }]\n", "tasks[0].leave_at: is before "
		      "arrive_at; expected leave_at >= arrive_at");
}

/* The chart records each row's budget curve and throttled intervals
 * (hard CBS of E.7 vector 1: throttled [2, 5) and [7, 10)). */
static void test_the_chart_records_budget_and_throttles(void)
{
	struct scn_scenario *s = cbs_load_example("cbs-single");
	struct render_meta m = {
		.scenario = "c", .time_unit = "tick", .display_unit = "tick",
		.display_scale = 1, .cpus = 1, .horizon = 20,
		.tasks = s->tasks, .ntasks = s->ntasks,
	};
	struct render_gantt *g = NULL;
	struct sim_config c;
	struct sim_engine *e = NULL;
	struct sim_sink sink;
	struct rt_diag d;
	const struct render_boxes *th;
	const struct render_budget *b;

	s->servers[0].kind = RT_SERVER_HARD_CBS;
	c = cbs_config(s);
	CU_ASSERT_EQUAL_FATAL(render_gantt_create(&m, NULL, &g, &d), RT_OK);
	sink = render_gantt_sink(g);
	CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, &d), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_add_sink(e, &sink), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_run(e, &d), RT_OK);
	th = render_gantt_throttles(g, 0);
	CU_ASSERT_EQUAL_FATAL(th->n, 2);
	CU_ASSERT_EQUAL(th->v[0].a, 2);
	CU_ASSERT_EQUAL(th->v[0].b, 5);
	CU_ASSERT_EQUAL(th->v[1].a, 7);
	CU_ASSERT_EQUAL(th->v[1].b, 10);
	b = render_gantt_budget(g, 0);
	/* (0,2) (0,2,drain) (2,0) (5,2,drain) (7,0) (10,2,drain) (11,1) */
	CU_ASSERT_EQUAL_FATAL(b->n, 7);
	CU_ASSERT_TRUE(b->v[1].drain && b->v[1].q == 2);
	CU_ASSERT_TRUE(!b->v[2].drain && b->v[2].t == 2 && b->v[2].q == 0);
	CU_ASSERT_TRUE(b->v[3].drain && b->v[3].t == 5 && b->v[3].q == 2);
	CU_ASSERT_TRUE(!b->v[6].drain && b->v[6].t == 11 && b->v[6].q == 1);
	CU_ASSERT_EQUAL(render_gantt_budget(g, 1), NULL);
	sim_engine_destroy(e);
	render_gantt_destroy(g);
	scn_free(s);
	render_release_caches();        /* the layout measured text */
}

/* Run scenario s into a task-row chart (meta as the CLI builds it:
 * servers and the fair server known). */
static struct render_gantt *server_chart(struct scn_scenario *s,
					 struct render_meta *m)
{
	struct render_gantt *g = NULL;
	struct sim_config c = cbs_config(s);
	struct sim_engine *e = NULL;
	struct sim_sink sink;
	struct rt_diag d;

	*m = (struct render_meta){
		.scenario = "c", .time_unit = s->time_unit == SCN_UNIT_TICK ?
		"tick" : "ns", .display_unit = "x", .display_scale =
		s->time_unit == SCN_UNIT_TICK ? 1 : 1000000, .cpus = s->cpus,
		.horizon = s->horizon, .tasks = s->tasks, .ntasks = s->ntasks,
		.servers = s->servers, .nservers = s->nservers,
		.task_server = s->task_server,
		.fair_runtime = s->sched.fair_server.runtime,
		.fair_period = s->sched.fair_server.on ?
			       s->sched.fair_server.period : 0,
		.capacity = s->capacity,
	};
	CU_ASSERT_EQUAL_FATAL(render_gantt_create(m, NULL, &g, &d), RT_OK);
	sink = render_gantt_sink(g);
	CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, &d), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_add_sink(e, &sink), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_run(e, &d), RT_OK);
	sim_engine_destroy(e);
	return g;
}

/* cbs-isolation (E.7 vector 3), server SA (2, 4) serving A (one 10-tick
 * job): SA's deadline is 4 at the wake-up at 0; A runs [0, 2) and
 * exhausts at 2 while its deadline 4 is ahead: postponed 4 -> 8; B runs
 * [2, 5); A runs [5, 7): exhausted at 7, postponed 8 -> 12; A runs
 * [7, 9): postponed 12 -> 16 at 9.  Each move is a postponement box
 * [old, new); the marks are the deadlines 4, 8, 12, 16, ... set in the
 * window.  SB (3, 6) serving B: wake-up at 0 sets 6, at 5 B completes
 * with budget 0: the soft CBS refills and sets 12 while 6 is ahead (a
 * postponement 6 -> 12). */
static void test_the_chart_records_server_deadlines_and_postponements(void)
{
	struct scn_scenario *s = cbs_load_example("cbs-isolation");
	struct render_meta m;
	struct render_gantt *g = server_chart(s, &m);
	const struct render_marks *sd = render_gantt_server_deadlines(g, 0);
	const struct render_boxes *pp = render_gantt_postponements(g, 0);

	CU_ASSERT_FATAL(sd->n >= 4);
	CU_ASSERT_EQUAL(sd->v[0], 4);
	CU_ASSERT_EQUAL(sd->v[1], 8);
	CU_ASSERT_EQUAL(sd->v[2], 12);
	CU_ASSERT_EQUAL(sd->v[3], 16);
	CU_ASSERT_FATAL(pp->n >= 3);
	CU_ASSERT_TRUE(pp->v[0].a == 4 && pp->v[0].b == 8);
	CU_ASSERT_TRUE(pp->v[1].a == 8 && pp->v[1].b == 12);
	CU_ASSERT_TRUE(pp->v[2].a == 12 && pp->v[2].b == 16);
	pp = render_gantt_postponements(g, 1);
	CU_ASSERT_FATAL(pp->n >= 1);
	CU_ASSERT_TRUE(pp->v[0].a == 6 && pp->v[0].b == 12);
	CU_ASSERT_EQUAL(render_gantt_rejected_at(g, 0), RT_TIME_NEVER);
	render_gantt_destroy(g);
	scn_free(s);
	render_release_caches();
}

/* linux-dl.yaml: P3 does not fit (3 x 0.4 > 0.95) and is rejected at 0:
 * the chart marks it; P1, P2 are their own reservations (no separate
 * server), their server deadlines are the job deadlines 5 and 15, and
 * a replenishment after a passed deadline (at 10, d 5 -> 15) is no
 * postponement. */
static void test_the_chart_marks_rejected_tasks(void)
{
	struct scn_scenario *s = cbs_load_example("linux-dl");
	struct render_meta m;
	struct render_gantt *g = server_chart(s, &m);
	const struct render_marks *sd = render_gantt_server_deadlines(g, 0);

	CU_ASSERT_EQUAL(render_gantt_rejected_at(g, 2), 0);
	CU_ASSERT_EQUAL(render_gantt_rejected_at(g, 0), RT_TIME_NEVER);
	CU_ASSERT_EQUAL_FATAL(sd->n, 2);
	CU_ASSERT_EQUAL(sd->v[0], 5000000);
	CU_ASSERT_EQUAL(sd->v[1], 15000000);
	CU_ASSERT_EQUAL(render_gantt_postponements(g, 0)->n, 0);
	CU_ASSERT_EQUAL(render_gantt_boxes(g, 2)->n, 0);
	render_gantt_destroy(g);
	scn_free(s);
	render_release_caches();
}

/* linux-dl-fair-server.yaml: F is a fair task served by the fair server
 * (2, 10): no release or deadline marks (it has no deadline), but its
 * server's budget curve and deadlines are recorded. */
static void test_fair_tasks_have_no_deadline_marks(void)
{
	struct scn_scenario *s = cbs_load_example("linux-dl-fair-server");
	struct render_meta m;
	struct render_gantt *g = server_chart(s, &m);

	CU_ASSERT_EQUAL(render_gantt_marks(g, 1, RENDER_MARK_RELEASE)->n, 0);
	CU_ASSERT_EQUAL(render_gantt_marks(g, 1, RENDER_MARK_DEADLINE)->n, 0);
	CU_ASSERT(render_gantt_marks(g, 0, RENDER_MARK_RELEASE)->n == 2);
	CU_ASSERT(render_gantt_budget(g, 1)->n > 0);
	CU_ASSERT(render_gantt_server_deadlines(g, 1)->n >= 1);
	CU_ASSERT_EQUAL(render_gantt_server_deadlines(g, 1)->v[0], 10000000);
	CU_ASSERT(render_gantt_boxes(g, 1)->n >= 1);
	render_gantt_destroy(g);
	scn_free(s);
	render_release_caches();
}

/* linux-dl-capacity.yaml (CPUs of 512, 768, 1024; ms): H (runtime 6)
 * runs [0, 8) on the 768 CPU, draining 768/1024 of a unit of runtime per
 * unit of time: 6 at 0, 3 at 4, exhausted at 8 with all 8 executed on
 * budget, so nothing is drawn as reclaimed (counting time, not work,
 * would have shown [6, 8) as GRUB's); L (4.25 on the 512 CPU) the same
 * over [0, 8.5). */
static void test_capacity_drains_at_its_rate(void)
{
	struct scn_scenario *s = cbs_load_example("linux-dl-capacity");
	struct render_meta m;
	struct render_gantt *g = server_chart(s, &m);
	const struct render_budget *b = render_gantt_budget(g, 1);

	CU_ASSERT_EQUAL(render_gantt_reclaimed(g, 1)->n, 0);
	CU_ASSERT_EQUAL(render_gantt_reclaimed(g, 2)->n, 0);
	CU_ASSERT_EQUAL(render_gantt_reclaimed(g, 0)->n, 0);
	/* points: the wake-up (level 6 ms), the start draining at 768, the
	 * exhaustion at 8, the next job from 10 */
	CU_ASSERT_FATAL(b->n >= 3);
	CU_ASSERT_EQUAL(b->v[1].t, 0);
	CU_ASSERT_EQUAL(b->v[1].q, 6000000);
	CU_ASSERT_TRUE(b->v[1].drain);
	CU_ASSERT_EQUAL(b->v[1].rate, 768);
	/* the level the curve draws at 4 ms: 6 - 4 x 0.75 = 3 ms */
	CU_ASSERT_EQUAL(b->v[1].q - (4000000 * (rt_time)b->v[1].rate) / 1024,
			3000000);
	CU_ASSERT_EQUAL(b->v[2].t, 8000000);
	CU_ASSERT_EQUAL(b->v[2].q, 0);
	CU_ASSERT_FALSE(b->v[2].drain);
	render_gantt_destroy(g);
	scn_free(s);
	render_release_caches();
}

/* cbs-grub.yaml: S2 (4, 8) serves T2 (C 6), which runs [2, 8) while T1
 * is done: six units for a budget of 4, exhausted at 8 with q = 0.
 * Executed 6 - consumed (4 - 0) = 2 reclaimed units, drawn as the last
 * two executed: [6, 8).  T1 (2 units, budget left) reclaims nothing. */
static void test_grub_reclaimed_time_is_recorded(void)
{
	struct scn_scenario *s = cbs_load_example("cbs-grub");
	struct render_meta m;
	struct render_gantt *g = server_chart(s, &m);
	const struct render_boxes *rb = render_gantt_reclaimed(g, 1);

	CU_ASSERT_EQUAL_FATAL(rb->n, 1);
	CU_ASSERT_EQUAL(rb->v[0].a, 6);
	CU_ASSERT_EQUAL(rb->v[0].b, 8);
	CU_ASSERT_EQUAL(render_gantt_reclaimed(g, 0)->n, 0);
	render_gantt_destroy(g);
	/* without reclaiming, nothing beyond the budget */
	scn_free(s);
	s = cbs_load_example("cbs-isolation");
	g = server_chart(s, &m);
	CU_ASSERT_EQUAL(render_gantt_reclaimed(g, 0)->n, 0);
	CU_ASSERT_EQUAL(render_gantt_reclaimed(g, 1)->n, 0);
	render_gantt_destroy(g);
	scn_free(s);
	render_release_caches();
}

/*
 * A GRUB server re-rated by another server's release exhausts at that
 * very instant: its timer, armed while the release is handled (rank
 * BUDGET before RELEASE), sat above the release event that the engine
 * then re-keyed in place as if still the top, which broke the event
 * queue (a crash at 61, the releases lost at 1000).  S0 (3, 6) serves
 * s0 (3, 12), S1 (1, 5, GRUB) serves s1 (2, 5); U_act = what is active,
 * S0 inactive from its 0-lag time 36 - 3*6/3 = 30 (its job ran 3 at
 * rate 1 in [24, 27), d 36):
 *   [31, 32)  s1.6 runs at rate U_act = 1/5: q 1 -> 4/5, done at 32
 *   35        s1.7 wakes S1: 4/5 < (45 - 35)/5, keeps (4/5, 45)
 *   [35, 36)  rate 1/5: q = 3/5
 *   36        s0.3 wakes S0 (d 42 < 45: it preempts): U_act = 1/5 +
 *             1/2 = 7/10, and S1's 3/5 lasts 6/7 < 1, rounded down to
 *             0: S1 exhausts at 36 itself (replenished 1, d 50)
 *   [36, 39)  s0.3 (S0 exhausts as it completes); [39, 40) s1.7
 *   48        s0.4, the release planned at 36
 * Over [0, 1000): 84 jobs of s0 (0, 12, ..., 996), 200 of s1.
 */
static void test_grub_exhaustion_at_a_release_keeps_the_queue(void)
{
	static const char yaml[] =
		"format: 1\nhorizon: 50\nscheduler: { policy: cbs }\n"
		"servers:\n"
		"  - { name: S0, kind: cbs, budget: 3, period: 6 }\n"
		"  - { name: S1, kind: cbs, budget: 1, period: 5, reclaim: grub }\n"
		"tasks:\n"
		"  - { name: s0, C: 3, T: 12, server: S0 }\n"
		"  - { name: s1, C: 2, T: 5, server: S1 }\n";
	struct scn_scenario *s = cbs_load_text(yaml);
	struct tu_trace tr;
	struct sim_engine *e;

	e = cbs_run_from(s, CBS_RUN | CBS_COMPLETE |
			 SIM_MASK(SIM_REC_RELEASE) |
			 SIM_MASK(SIM_REC_BUDGET_EXHAUSTED), 35, &tr);
	cbs_expect(&tr,
		   "35 release s1.7 40\n"
		   "35 start s1.7 2\n"
		   "36 release s0.3 48\n"
		   "36 budget_exhausted s1.7 0\n"
		   "36 preempt s1.7 1\n"
		   "36 start s0.3 3\n"
		   "39 budget_exhausted s0.3 0\n"
		   "39 complete s0.3 3\n"
		   "39 start s1.7 1\n"
		   "40 complete s1.7 5\n"
		   "40 release s1.8 45\n"
		   "40 start s1.8 2\n"
		   "40 budget_exhausted s1.8 0\n"
		   "41 budget_exhausted s1.8 0\n"
		   "42 complete s1.8 2\n"
		   "45 release s1.9 50\n"
		   "45 start s1.9 2\n"
		   "46 budget_exhausted s1.9 0\n"
		   "47 complete s1.9 2\n"
		   "48 release s0.4 60\n"
		   "48 start s0.4 3\n");
	cbs_done(e, s, &tr);

	s = cbs_load_text(yaml);
	s->horizon = 1000;
	e = cbs_run(s, 0, &tr);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->tasks[0].released, 84);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->tasks[1].released, 200);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->tasks[1].missed, 0);
	cbs_done(e, s, &tr);
}

CU_TestInfo cbs_tests[] = {
	{ "the CBS rules are exact (models/server.c)",
	  test_the_cbs_rules_are_exact },
	{ "throttled time counts only pending work",
	  test_throttled_time_counts_only_pending_work },
	{ "an equal deadline never preempts (edf, cbs, linux-dl)",
	  test_an_equal_deadline_never_preempts },
	{ "soft CBS (2,5) finishes a 5-tick job at 5 (E.7 vector 1)",
	  test_soft_cbs_finishes_the_long_job_at_5 },
	{ "hard CBS (2,5) throttles and finishes it at 11 (E.7 vector 1)",
	  test_hard_cbs_throttles_and_finishes_at_11 },
	{ "an overrunning server does not hurt the other (E.7 vector 3)",
	  test_an_overrunning_server_does_not_hurt_the_other },
	{ "the wake-up rule keeps or renews (q, d) (E.7 vector 2)",
	  test_the_wakeup_rule_keeps_or_renews_q_and_d },
	{ "revised CBS wake-ups match E.7 vectors 4 and 5",
	  test_revised_cbs_wakeups_match_vectors_4_and_5 },
	{ "GRUB gives T2 six units in [2, 8) (E.5)",
	  test_grub_gives_t2_six_units_in_2_to_8 },
	{ "GRUB: a wake-up re-rating a running server to exhaustion",
	  test_grub_rerate_to_exhaustion_at_a_release },
	{ "a pending job keeps its server's deadline (E.1 rule 5)",
	  test_a_pending_job_keeps_its_servers_deadline },
	{ "GRUB: hard and revised (D < T) servers do not hang",
	  test_grub_hard_and_revised_servers_do_not_hang },
	{ "a GRUB exhaustion at a release keeps the event queue",
	  test_grub_exhaustion_at_a_release_keeps_the_queue },
	{ "server and job deadline misses are counted apart",
	  test_server_and_job_misses_are_counted_apart },
	{ "a late server pending at the horizon is a miss",
	  test_a_late_server_pending_at_the_horizon_is_a_miss },
	{ "servers need a policy that runs them, with valid parameters",
	  test_servers_need_a_policy_that_runs_them },
	{ "a server overflow names the server and what overflowed",
	  test_a_server_overflow_names_what_overflowed },
	{ "server keys load and bad ones are located",
	  test_server_keys_load_and_bad_ones_are_located },
	{ "arrive_at and leave_at shape the releases",
	  test_arrive_and_leave_shape_the_releases },
	{ "the chart records budget curves and throttles",
	  test_the_chart_records_budget_and_throttles },
	{ "the chart records server deadlines and postponements",
	  test_the_chart_records_server_deadlines_and_postponements },
	{ "the chart marks rejected tasks", test_the_chart_marks_rejected_tasks },
	{ "GRUB reclaimed time is recorded",
	  test_grub_reclaimed_time_is_recorded },
	{ "a budget drains at its CPU's capacity (no false reclaim)",
	  test_capacity_drains_at_its_rate },
	{ "fair tasks have no deadline marks",
	  test_fair_tasks_have_no_deadline_marks },
	CU_TEST_INFO_NULL
};
