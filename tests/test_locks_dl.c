/* test_locks_dl.c - shared resources under policy linux-dl: the kernel's
 * rt_mutex with deadline inheritance (protocol inherit: rt_mutex_setprio(),
 * pi_se, replenish_dl_entity() with pi_of(), update_curr_dl_se()'s
 * is_dl_boosted()) and without (protocol none), hand-worked tick by tick;
 * a chain of two holders; waiters woken one at a time by deadline; a
 * free lock stolen or blocked on (rt_mutex_steal()); the
 * boost of a throttled holder; the chart; the scenario errors; seeded
 * random sets (no deadlock with properly nested sections, every lock
 * followed by its unlock, one holder at a time, no job runs while
 * blocked), with exact and tick accounting and with GRUB.
 *
 * About 850 lines: the hand-worked timelines are written out in full,
 * tick by tick and record by record, which is most of the file.
 *
 * Times are in ns (time_unit: ms scenarios; 1 ms = 1000000); kernel
 * "6.6" so that no fair server takes part. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/linux_dl.h"
#include "models/rng.h"
#include "models/section.h"
#include "models/task.h"
#include "render/gantt.h"
#include "scenarios/scn.h"
#include "sim/engine.h"
#include "tests/cbs_util.h"
#include "tests/suites.h"
#include "tests/trace_util.h"

#define LD_MASK (SIM_MASK(SIM_REC_START) | SIM_MASK(SIM_REC_PREEMPT) | \
		 SIM_MASK(SIM_REC_COMPLETE) | SIM_MASK(SIM_REC_LOCK) | \
		 SIM_MASK(SIM_REC_UNLOCK) | SIM_MASK(SIM_REC_BLOCK) | \
		 SIM_MASK(SIM_REC_INHERIT) | SIM_MASK(SIM_REC_END) | \
		 SIM_MASK(SIM_REC_BUDGET_EXHAUSTED) | \
		 SIM_MASK(SIM_REC_REPLENISH) | SIM_MASK(SIM_REC_THROTTLE) | \
		 SIM_MASK(SIM_REC_UNTHROTTLE) | \
		 SIM_MASK(SIM_REC_SERVER_DEADLINE))

static struct sim_engine *ld_check(const char *yaml, const char *want,
				   struct scn_scenario **s)
{
	return cbs_check_trace(yaml, LD_MASK, want, s);
}

static const struct sim_task_stats *ld_task(struct sim_engine *e, size_t i)
{
	return &sim_engine_stats(e)->tasks[i];
}

/*
 * L (runtime 2, deadline = period 20 ms) releases at 0, demands 3.5 ms
 * and holds R for the first 3 ms of it; H (runtime 2, deadline = period
 * 5) releases at 1 and needs R for its whole 1 ms.
 */
#define LD_YAML(proto) \
	"format: 1\ntime_unit: ms\nhorizon: 30\nscheduler: {policy: " \
	"linux-dl, kernel: \"6.6\", protocol: " proto "}\n" \
	"resources: [{name: R}]\ntasks:\n" \
	"  - {name: L, runtime: 2, deadline: 20, period: 20, releases: [0], " \
	"exec: {model: list, values: [3.5]}, sections: [{resource: R, " \
	"after: 0, for: 3}]}\n" \
	"  - {name: H, runtime: 2, deadline: 5, period: 5, releases: [1], " \
	"exec: {model: list, values: [1]}, sections: [{resource: R, " \
	"after: 0, for: 1}]}\n"

/*
 * inherit, tick by tick (ms):
 *   0    L wakes: d = 20, q = 2; runs and locks R
 *   1    H wakes: d = 6, q = 2; preempts L (6 < 20; L: q 1, 2.5 left),
 *        starts, finds R held: blocks (dequeued).  rt_mutex_setprio(L,
 *        H): dl_entity_preempt(H, L), 6 < 20: L's pi_se = H's, inherit
 *        value 1 (H); L is queued: ENQUEUE_REPLENISH, replenish_dl_entity()
 *        with q = 1 > 0 and d = 20 in the future changes nothing
 *        (replenish q 1, d 20).  L runs (its own deadline 20 orders it)
 *   2    L's runtime is used up inside R: boosted, so not throttled
 *        (update_curr_dl_se(): is_dl_boosted()): replenished at once
 *        with H's parameters, d = 20 + 5 = 25, q = 0 + 2 = 2
 *   3    L unlocks R (3 ms done): unboosted first (inherit value 0: its
 *        own; ENQUEUE_RESTORE keeps d 25 > 3 and q 1), then H woken:
 *        d 6, q 2 at 3 overflows (2/3 > 2/5): new period d = 8, q = 2;
 *        H preempts L (8 < 25), locks R at its start
 *   4    H unlocks R and completes (response 3 <= 5: met)
 *   4    L resumes, q 1, 0.5 left: completes at 4.5
 * H blocked [1, 3): L ran 2 ms of it at a later deadline: max-block 2.
 */
static void test_inherit_holder_replenished_not_throttled(void)
{
	struct scn_scenario *s;
	struct sim_engine *e = ld_check(LD_YAML("inherit"),
		"0 server_deadline L.0 c-1 20000000\n"
		"0 start L.0 c0 3500000\n"
		"0 lock L.0 c0 0\n"
		"1000000 server_deadline H.0 c-1 6000000\n"
		"1000000 preempt L.0 c0 2500000\n"
		"1000000 start H.0 c0 1000000\n"
		"1000000 block H.0 c0 0\n"
		"1000000 inherit L.0 c-1 1\n"
		"1000000 replenish L.0 c-1 1000000\n"
		"1000000 server_deadline L.0 c-1 20000000\n"
		"1000000 preempt H.0 c0 1000000\n"
		"1000000 start L.0 c0 2500000\n"
		"2000000 budget_exhausted L.0 c0 0\n"
		"2000000 replenish L.0 c0 2000000\n"
		"2000000 server_deadline L.0 c0 25000000\n"
		"3000000 unlock L.0 c0 0\n"
		"3000000 inherit L.0 c0 0\n"
		"3000000 server_deadline H.0 c-1 8000000\n"
		"3000000 preempt L.0 c0 500000\n"
		"3000000 start H.0 c0 1000000\n"
		"3000000 lock H.0 c0 0\n"
		"4000000 unlock H.0 c0 0\n"
		"4000000 complete H.0 c0 3000000\n"
		"4000000 start L.0 c0 500000\n"
		"4500000 complete L.0 c0 4500000\n"
		"30000000 end\n", &s);

	CU_ASSERT_EQUAL(ld_task(e, 1)->max_response, 3000000);
	CU_ASSERT_EQUAL(ld_task(e, 1)->missed, 0);
	CU_ASSERT_EQUAL(ld_task(e, 1)->max_blocking, 2000000);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->servers[0].throttled_time, 0);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->deadlocks, 0);
	cbs_check_done(e, s);
}

/*
 * none, the same set:
 *   0    L runs and locks R (d 20, q 2)
 *   1    H (d 6) preempts, blocks on R; nobody is boosted; L runs on
 *   2    L's runtime is used up inside R: throttled until its next period
 *        d - D + P = 20 (update_curr_dl_se(), start_dl_timer()); the CPU
 *        idles while H waits
 *   20   dl_task_timer(): replenished, d = 40, q = 2; L runs
 *   21   L unlocks R; H woken: d 6 < 21: new period d = 26, q = 2;
 *        preempts L (26 < 40), locks R
 *   22   H unlocks R and completes: response 21, misses 6 by 16
 *   22   L resumes, completes at 22.5 (misses 20 by 2.5)
 */
static void test_none_holder_throttled_in_section(void)
{
	struct scn_scenario *s;
	struct sim_engine *e = ld_check(LD_YAML("none"),
		"0 server_deadline L.0 c-1 20000000\n"
		"0 start L.0 c0 3500000\n"
		"0 lock L.0 c0 0\n"
		"1000000 server_deadline H.0 c-1 6000000\n"
		"1000000 preempt L.0 c0 2500000\n"
		"1000000 start H.0 c0 1000000\n"
		"1000000 block H.0 c0 0\n"
		"1000000 preempt H.0 c0 1000000\n"
		"1000000 start L.0 c0 2500000\n"
		"2000000 budget_exhausted L.0 c0 0\n"
		"2000000 throttle L.0 c-1 20000000\n"
		"2000000 preempt L.0 c0 1500000\n"
		"20000000 replenish L.0 c-1 2000000\n"
		"20000000 server_deadline L.0 c-1 40000000\n"
		"20000000 unthrottle L.0 c-1 18000000\n"
		"20000000 start L.0 c0 1500000\n"
		"21000000 unlock L.0 c0 0\n"
		"21000000 server_deadline H.0 c-1 26000000\n"
		"21000000 preempt L.0 c0 500000\n"
		"21000000 start H.0 c0 1000000\n"
		"21000000 lock H.0 c0 0\n"
		"22000000 unlock H.0 c0 0\n"
		"22000000 complete H.0 c0 21000000\n"
		"22000000 start L.0 c0 500000\n"
		"22500000 complete L.0 c0 22500000\n"
		"30000000 end\n", &s);

	CU_ASSERT_EQUAL(ld_task(e, 1)->max_response, 21000000);
	CU_ASSERT_EQUAL(ld_task(e, 1)->missed, 1);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->servers[0].throttled_time,
			18000000);
	cbs_check_done(e, s);
}

/*
 * A chain: L holds R1; M locks R2 and, inside it, needs R1; H needs R2.
 * L (2/40/40, demand 3.5, R1 for its first 2.5), M (3/20/20 at 1, demand
 * 2.5, R2 for its first 2, R1 from 1 to 1.5), H (2/5/5 at 1.5, demand 1,
 * R2 for its first 0.5).
 *   0    L runs (d 40, q 2), locks R1
 *   1    M wakes (d 21, q 3), preempts L (L q 1), locks R2
 *   1.5  H wakes (d 6.5, q 2), preempts M (M q 2.5), blocks on R2:
 *        M's pi_se = H's (6.5 < 21; inherit M value 2), M queued:
 *        ENQUEUE_REPLENISH changes nothing (q 2.5, d 21); M runs
 *   2    M (q 2) reaches R1, held by L: blocks.  L's top waiter is M,
 *        dl_entity_preempt(M, L) (21 < 40): L's pi_se = M's pi_se =
 *        H's (inherit L value 2: the end of the chain); L runs (q 1)
 *   3    L out of runtime, boosted: d = 40 + 5 = 45, q = 2 (H's)
 *   3.5  L unlocks R1 (2.5 done): unboosted (value 0; keeps d 45, q
 *        1.5); M woken: boosted, dl_entity_overflow() with H's
 *        parameters: 2/17.5 <= 2/5, keeps d 21, q 2; M preempts L,
 *        takes R1
 *   4    M unlocks R1
 *   4.5  M unlocks R2: unboosted (value 1); H woken: 2/2 > 2/5: new
 *        period d 9.5, q 2; preempts M (M q 1), locks R2
 *   5    H unlocks R2; 5.5 H completes (response 4 <= 5)
 *   5.5  M resumes, completes at 6; L resumes at 6, completes at 7
 */
static void test_inherit_chain(void)
{
	struct scn_scenario *s;
	struct sim_engine *e = ld_check(
		"format: 1\ntime_unit: ms\nhorizon: 30\nscheduler: {policy: "
		"linux-dl, kernel: \"6.6\", protocol: inherit}\n"
		"resources: [{name: R1}, {name: R2}]\ntasks:\n"
		"  - {name: L, runtime: 2, deadline: 40, period: 40, releases: "
		"[0], exec: {model: list, values: [3.5]}, sections: "
		"[{resource: R1, after: 0, for: 2.5}]}\n"
		"  - {name: M, runtime: 3, deadline: 20, period: 20, releases: "
		"[1], exec: {model: list, values: [2.5]}, sections: "
		"[{resource: R2, after: 0, for: 2}, {resource: R1, after: 1, "
		"for: 0.5}]}\n"
		"  - {name: H, runtime: 2, deadline: 5, period: 5, releases: "
		"[1.5], exec: {model: list, values: [1]}, sections: "
		"[{resource: R2, after: 0, for: 0.5}]}\n",
		"0 server_deadline L.0 c-1 40000000\n"
		"0 start L.0 c0 3500000\n"
		"0 lock L.0 c0 0\n"
		"1000000 server_deadline M.0 c-1 21000000\n"
		"1000000 preempt L.0 c0 2500000\n"
		"1000000 start M.0 c0 2500000\n"
		"1000000 lock M.0 c0 1\n"
		"1500000 server_deadline H.0 c-1 6500000\n"
		"1500000 preempt M.0 c0 2000000\n"
		"1500000 start H.0 c0 1000000\n"
		"1500000 block H.0 c0 1\n"
		"1500000 inherit M.0 c-1 2\n"
		"1500000 replenish M.0 c-1 2500000\n"
		"1500000 server_deadline M.0 c-1 21000000\n"
		"1500000 preempt H.0 c0 1000000\n"
		"1500000 start M.0 c0 2000000\n"
		"2000000 block M.0 c0 0\n"
		"2000000 inherit L.0 c-1 2\n"
		"2000000 replenish L.0 c-1 1000000\n"
		"2000000 server_deadline L.0 c-1 40000000\n"
		"2000000 preempt M.0 c0 1500000\n"
		"2000000 start L.0 c0 2500000\n"
		"3000000 budget_exhausted L.0 c0 0\n"
		"3000000 replenish L.0 c0 2000000\n"
		"3000000 server_deadline L.0 c0 45000000\n"
		"3500000 unlock L.0 c0 0\n"
		"3500000 inherit L.0 c0 0\n"
		"3500000 server_deadline M.0 c-1 21000000\n"
		"3500000 preempt L.0 c0 1000000\n"
		"3500000 start M.0 c0 1500000\n"
		"3500000 lock M.0 c0 0\n"
		"4000000 unlock M.0 c0 0\n"
		"4500000 unlock M.0 c0 1\n"
		"4500000 inherit M.0 c0 1\n"
		"4500000 server_deadline H.0 c-1 9500000\n"
		"4500000 preempt M.0 c0 500000\n"
		"4500000 start H.0 c0 1000000\n"
		"4500000 lock H.0 c0 1\n"
		"5000000 unlock H.0 c0 1\n"
		"5500000 complete H.0 c0 4000000\n"
		"5500000 start M.0 c0 500000\n"
		"6000000 complete M.0 c0 5000000\n"
		"6000000 start L.0 c0 1000000\n"
		"7000000 complete L.0 c0 7000000\n"
		"30000000 end\n", &s);

	CU_ASSERT_EQUAL(ld_task(e, 2)->max_response, 4000000);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->misses, 0);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->deadlocks, 0);
	cbs_check_done(e, s);
}

/*
 * The waiters are woken one at a time, by their deadline at blocking
 * (the rt_mutex waiter tree), not in blocking order.  L (3/20/20, demand
 * 3, R for its first 2), W (2/10/10 at 1, demand 1, R from 0.5 to 1), S
 * (1/5/5 at 2.2, demand 1, R from 0.5 to 1):
 *   0    L runs (d 20), locks R
 *   1    W (d 11) preempts L; at 1.5 blocks on R: L boosted by W
 *        (inherit value 1); L runs
 *   2.2  S (d 7.2) preempts L (1.3 left, 0.3 of R); at 2.7 blocks on R:
 *        the top waiter is now S (7.2 < 11): L's pi_se = S's (value 2)
 *   3    L unlocks R (2 done): unboosted (value 0); only S is woken (W
 *        stays blocked though it blocked first); S (d 7.2) preempts L,
 *        takes R
 *   3.5  S unlocks R: W woken; S completes; W (d 11) runs, takes R
 *   4    W unlocks R and completes; L runs its last 1, completes at 5
 */
static void test_waiters_woken_earliest_deadline_first(void)
{
	struct scn_scenario *s;
	struct sim_engine *e = cbs_check_trace(
		"format: 1\ntime_unit: ms\nhorizon: 30\nscheduler: {policy: "
		"linux-dl, kernel: \"6.6\", protocol: inherit}\n"
		"resources: [{name: R}]\ntasks:\n"
		"  - {name: L, runtime: 3, deadline: 20, period: 20, releases: "
		"[0], exec: {model: list, values: [3]}, sections: [{resource: "
		"R, after: 0, for: 2}]}\n"
		"  - {name: W, runtime: 2, deadline: 10, period: 10, releases: "
		"[1], exec: {model: list, values: [1]}, sections: [{resource: "
		"R, after: 0.5, for: 0.5}]}\n"
		"  - {name: S, runtime: 1, deadline: 5, period: 5, releases: "
		"[2.2], exec: {model: list, values: [1]}, sections: "
		"[{resource: R, after: 0.5, for: 0.5}]}\n", CBS_LOCKS_MASK,
		"0 start L.0 c0 3000000\n"
		"0 lock L.0 c0 0\n"
		"1000000 preempt L.0 c0 2000000\n"
		"1000000 start W.0 c0 1000000\n"
		"1500000 block W.0 c0 0\n"
		"1500000 inherit L.0 c-1 1\n"
		"1500000 preempt W.0 c0 500000\n"
		"1500000 start L.0 c0 2000000\n"
		"2200000 preempt L.0 c0 1300000\n"
		"2200000 start S.0 c0 1000000\n"
		"2700000 block S.0 c0 0\n"
		"2700000 inherit L.0 c-1 2\n"
		"2700000 preempt S.0 c0 500000\n"
		"2700000 start L.0 c0 1300000\n"
		"3000000 unlock L.0 c0 0\n"
		"3000000 inherit L.0 c0 0\n"
		"3000000 preempt L.0 c0 1000000\n"
		"3000000 start S.0 c0 500000\n"
		"3000000 lock S.0 c0 0\n"
		"3500000 unlock S.0 c0 0\n"
		"3500000 complete S.0 c0 1300000\n"
		"3500000 start W.0 c0 500000\n"
		"3500000 lock W.0 c0 0\n"
		"4000000 unlock W.0 c0 0\n"
		"4000000 complete W.0 c0 3000000\n"
		"4000000 start L.0 c0 1000000\n"
		"5000000 complete L.0 c0 5000000\n"
		"30000000 end\n", &s);

	CU_ASSERT_EQUAL(ld_task(e, 1)->max_blocking, 1000000);
	CU_ASSERT_EQUAL(ld_task(e, 2)->max_blocking, 300000);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->misses, 0);
	cbs_check_done(e, s);
}

/*
 * A throttled holder boosted (enqueue_task_dl(): "the boost overrides the
 * throttle").  L (1/20/20, demand 2.8, R for its first 2.5), H (2/5/5 at
 * 2, demand 1, R throughout):
 *   0    L runs (d 20, q 1), locks R
 *   1    L out of runtime, not boosted: throttled until 20, holding R
 *   2    H (d 7) runs and blocks on R: rt_mutex_setprio(L, H), L queued
 *        and throttled: its timer is cancelled, unthrottled (after 1 ms),
 *        replenish_dl_entity() with H's parameters: q 0 -> the loop once,
 *        d = 20 + 5 = 25, q = 0 + 2 = 2; L runs (its own d 25)
 *   3.5  L unlocks R (2.5 done; q 0.5): unboosted, keeps d 25 and q 0.5;
 *        H woken: 2/3.5 > 2/5, new period d 8.5, q 2; H takes R
 *   4.5  H completes (response 2.5 <= 5); L runs its last 0.3, done 4.8
 */
static void test_boost_overrides_the_throttle(void)
{
	struct scn_scenario *s;
	struct sim_engine *e = ld_check(
		"format: 1\ntime_unit: ms\nhorizon: 30\nscheduler: {policy: "
		"linux-dl, kernel: \"6.6\", protocol: inherit}\n"
		"resources: [{name: R}]\ntasks:\n"
		"  - {name: L, runtime: 1, deadline: 20, period: 20, releases: "
		"[0], exec: {model: list, values: [2.8]}, sections: "
		"[{resource: R, after: 0, for: 2.5}]}\n"
		"  - {name: H, runtime: 2, deadline: 5, period: 5, releases: "
		"[2], exec: {model: list, values: [1]}, sections: [{resource: "
		"R, after: 0, for: 1}]}\n",
		"0 server_deadline L.0 c-1 20000000\n"
		"0 start L.0 c0 2800000\n"
		"0 lock L.0 c0 0\n"
		"1000000 budget_exhausted L.0 c0 0\n"
		"1000000 throttle L.0 c-1 20000000\n"
		"1000000 preempt L.0 c0 1800000\n"
		"2000000 server_deadline H.0 c-1 7000000\n"
		"2000000 start H.0 c0 1000000\n"
		"2000000 block H.0 c0 0\n"
		"2000000 inherit L.0 c-1 1\n"
		"2000000 unthrottle L.0 c-1 1000000\n"
		"2000000 replenish L.0 c-1 2000000\n"
		"2000000 server_deadline L.0 c-1 25000000\n"
		"2000000 preempt H.0 c0 1000000\n"
		"2000000 start L.0 c0 1800000\n"
		"3500000 unlock L.0 c0 0\n"
		"3500000 inherit L.0 c0 0\n"
		"3500000 server_deadline H.0 c-1 8500000\n"
		"3500000 preempt L.0 c0 300000\n"
		"3500000 start H.0 c0 1000000\n"
		"3500000 lock H.0 c0 0\n"
		"4500000 unlock H.0 c0 0\n"
		"4500000 complete H.0 c0 2500000\n"
		"4500000 start L.0 c0 300000\n"
		"4800000 complete L.0 c0 4800000\n"
		"30000000 end\n", &s);

	CU_ASSERT_EQUAL(sim_engine_stats(e)->servers[0].throttled_time,
			1000000);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->misses, 0);
	cbs_check_done(e, s);
}

/* The chart under linux-dl, the inherit timeline above: L holds R while it
 * runs [0,1) and [1,3) (two slices: preempted at 1 by H, which blocks),
 * H holds it [3,4) and was blocked [1,3). */
static void test_chart_hatches_sections_under_linux_dl(void)
{
	struct scn_scenario *s = cbs_load_text(LD_YAML("inherit"));
	const char *const names[] = { "R" };
	struct render_meta m = {
		.scenario = "dl", .time_unit = "ms", .display_unit = "ms",
		.display_scale = 1000000, .cpus = 1, .horizon = 30000000,
		.tasks = s->tasks, .ntasks = s->ntasks,
		.resources = names, .nresources = 1,
	};
	struct render_gantt_opts o = RENDER_GANTT_OPTS_DEFAULT;
	struct render_gantt *g = NULL;
	struct sim_sink sink;
	struct sim_config c = cbs_config(s);
	struct rt_diag d;
	const struct render_boxes *b;

	CU_ASSERT_EQUAL_FATAL(render_gantt_create(&m, &o, &g, &d), RT_OK);
	sink = render_gantt_sink(g);
	sim_engine_destroy(tu_engine_run(&c, &sink));
	b = render_gantt_sections(g, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_EQUAL_FATAL(b->n, 2);
	CU_ASSERT_EQUAL(b->v[0].a, 0);
	CU_ASSERT_EQUAL(b->v[0].b, 1000000);
	CU_ASSERT_EQUAL(b->v[1].a, 1000000);
	CU_ASSERT_EQUAL(b->v[1].b, 3000000);
	b = render_gantt_sections(g, 1);
	CU_ASSERT_EQUAL_FATAL(b->n, 1);
	CU_ASSERT_EQUAL(b->v[0].a, 3000000);
	CU_ASSERT_EQUAL(b->v[0].b, 4000000);
	b = render_gantt_blocks(g, 1);
	CU_ASSERT_EQUAL_FATAL(b->n, 1);
	CU_ASSERT_EQUAL(b->v[0].a, 1000000);
	CU_ASSERT_EQUAL(b->v[0].b, 3000000);
	CU_ASSERT_EQUAL(render_gantt_blocks(g, 0)->n, 0);
	render_gantt_destroy(g);
	scn_free(s);
	render_release_caches();
}

/* L holds R for its first 2 of 3; W blocks on it at 1.5 (its deadline
 * then, 'wdl', orders it); L unlocks at 2.5, W is woken, and S arrives
 * at 2.5 with its lock at its start. */
#define LD_FREE_YAML(l, w, s) \
	"format: 1\ntime_unit: ms\nhorizon: 30\nscheduler: {policy: " \
	"linux-dl, kernel: \"6.6\", protocol: inherit}\n" \
	"resources: [{name: R}]\ntasks:\n" \
	"  - {name: L, " l ", releases: [0], exec: {model: list, values: " \
	"[3]}, sections: [{resource: R, after: 0, for: 2}]}\n" \
	"  - {name: W, " w ", releases: [1], exec: {model: list, values: " \
	"[1]}, sections: [{resource: R, after: 0.5, for: 0.5}]}\n" \
	"  - {name: S, " s ", releases: [2.5], exec: {model: list, values: " \
	"[1]}, sections: [{resource: R, after: 0, for: 0.5}]}\n"

/*
 * A free lock with a woken waiter (try_to_take_rt_mutex()).
 *
 * Steal: L 3/20/20, W 2/10/10, S 1/5/5.  W (d 11) blocks at 1.5 (wdl
 * 11), L boosted; at 2.5 L unlocks (unboosted), W is woken keeping d 11
 * (1.5/8.5 <= 2/10), S arrives with d 7.5 and runs first: R is free and
 * 7.5 < 11 = W's wdl, so S takes it (rt_mutex_steal()); W, still a
 * waiter, is not boosting S (11 > 7.5).  S unlocks at 3, completes at
 * 3.5; W runs and takes R at 3.5, done at 4; L ends at 5.
 *
 * No steal: L 2.5/50/50, W 2/3/3, S 1/2/5.  W (d 4) blocks at 1.5 (wdl
 * 4); at 2.5 W is woken and its 1.5 left over 1.5 to d overflows (> 2/3):
 * new period d 5.5.  S (d 4.5) runs first but 4.5 >= 4 = W's wdl: it
 * blocks on the free lock (no owner).  W runs, takes R, and now S waits
 * on it with 4.5 < 5.5: W is boosted by S (value 2).  W unlocks at 3
 * (unboosted, value 1), S woken (constrained, revised rule: q = 0.5 x
 * 1.5 = 0.75), takes R, unlocks at 3.5 and is throttled at 3.75 until
 * its next period 7.5, where it ends at 7.75 (missing 4.5).  L runs
 * [3.75, 4.25) and is throttled until 50.
 */
static void test_free_lock_stolen_or_not(void)
{
	struct scn_scenario *s;
	struct sim_engine *e = cbs_check_trace(LD_FREE_YAML(
		"runtime: 3, deadline: 20, period: 20",
		"runtime: 2, deadline: 10, period: 10",
		"runtime: 1, deadline: 5, period: 5"), CBS_LOCKS_MASK,
		"0 start L.0 c0 3000000\n"
		"0 lock L.0 c0 0\n"
		"1000000 preempt L.0 c0 2000000\n"
		"1000000 start W.0 c0 1000000\n"
		"1500000 block W.0 c0 0\n"
		"1500000 inherit L.0 c-1 1\n"
		"1500000 preempt W.0 c0 500000\n"
		"1500000 start L.0 c0 2000000\n"
		"2500000 unlock L.0 c0 0\n"
		"2500000 inherit L.0 c0 0\n"
		"2500000 preempt L.0 c0 1000000\n"
		"2500000 start S.0 c0 1000000\n"
		"2500000 lock S.0 c0 0\n"
		"3000000 unlock S.0 c0 0\n"
		"3500000 complete S.0 c0 1000000\n"
		"3500000 start W.0 c0 500000\n"
		"3500000 lock W.0 c0 0\n"
		"4000000 unlock W.0 c0 0\n"
		"4000000 complete W.0 c0 3000000\n"
		"4000000 start L.0 c0 1000000\n"
		"5000000 complete L.0 c0 5000000\n"
		"30000000 end\n", &s);

	cbs_check_done(e, s);
	e = cbs_check_trace(LD_FREE_YAML(
		"runtime: 2.5, deadline: 50, period: 50",
		"runtime: 2, deadline: 3, period: 3",
		"runtime: 1, deadline: 2, period: 5"), CBS_LOCKS_MASK,
		"0 start L.0 c0 3000000\n"
		"0 lock L.0 c0 0\n"
		"1000000 preempt L.0 c0 2000000\n"
		"1000000 start W.0 c0 1000000\n"
		"1500000 block W.0 c0 0\n"
		"1500000 inherit L.0 c-1 1\n"
		"1500000 preempt W.0 c0 500000\n"
		"1500000 start L.0 c0 2000000\n"
		"2500000 unlock L.0 c0 0\n"
		"2500000 inherit L.0 c0 0\n"
		"2500000 preempt L.0 c0 1000000\n"
		"2500000 start S.0 c0 1000000\n"
		"2500000 block S.0 c0 0\n"
		"2500000 preempt S.0 c0 1000000\n"
		"2500000 start W.0 c0 500000\n"
		"2500000 lock W.0 c0 0\n"
		"2500000 inherit W.0 c0 2\n"
		"3000000 unlock W.0 c0 0\n"
		"3000000 inherit W.0 c0 1\n"
		"3000000 complete W.0 c0 2000000\n"
		"3000000 start S.0 c0 1000000\n"
		"3000000 lock S.0 c0 0\n"
		"3500000 unlock S.0 c0 0\n"
		"3750000 preempt S.0 c0 250000\n"
		"3750000 start L.0 c0 1000000\n"
		"4250000 preempt L.0 c0 500000\n"
		"7500000 start S.0 c0 250000\n"
		"7750000 complete S.0 c0 5250000\n"
		"30000000 end\n", &s);
	cbs_check_done(e, s);
}

/* What linux-dl refuses, naming the key. */
static void test_linux_dl_scenario_errors(void)
{
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler: {policy: "
		      "linux-dl, protocol: srp}\ntasks:\n  - {name: A, "
		      "runtime: 4, period: 10}\n",
		      "scheduler.protocol: srp is not defined with policy: "
		      "linux-dl (linux-dl takes the kernel's rt_mutex: none or "
		      "inherit); expected none or inherit");
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler: {policy: "
		      "linux-dl, protocol: inherit}\nresources: [{name: R}]\n"
		      "tasks:\n  - {name: A, runtime: 4, period: 10, changes: "
		      "[{at: 5, runtime: 3}], sections: [{resource: R, after: "
		      "0, for: 1}]}\n",
		      "t.yaml:6:71: tasks[0].sections: not modelled: sections "
		      "on a task with changes");
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler: {policy: "
		      "linux-dl, protocol: inherit}\nresources: [{name: R}]\n"
		      "tasks:\n  - {name: A, class: fair, C: 4, T: 10, "
		      "sections: [{resource: R, after: 0, for: 1}]}\n",
		      "t.yaml:6:41: tasks[0].sections: not modelled: sections "
		      "in a class: fair task under linux-dl");
	cbs_load_fail("format: 1\ntime_unit: ms\nplatform: {cpus: 2}\n"
		      "scheduler: {policy: linux-dl, protocol: inherit}\n"
		      "resources: [{name: R}]\ntasks:\n  - {name: A, runtime: "
		      "4, period: 10, sections: [{resource: R, after: 0, for: "
		      "1}]}\n",
		      "shared resources need one CPU (platform.cpus is 2)");
}

/* ---- random sets ----------------------------------------------------- */

struct ld_watch {
	int64_t holder[3];              /* job seq holding R, -1 */
	int32_t waits[8];               /* per task: R it blocked on, -1 */
	bool freed[8];                  /* an unlock of it since the block */
	uint64_t locks, unlocks, bad_lock, bad_unlock, run_blocked;
	uint64_t blocks, boosts;
};

static enum rt_err ld_watch_emit(void *ctx, const struct sim_rec *r)
{
	struct ld_watch *w = ctx;
	uint32_t t = r->task;

	if (!r->info || t >= 8)
		return RT_OK;
	switch (r->kind) {
	case SIM_REC_LOCK:
		w->locks++;
		if (w->holder[r->value] >= 0)
			w->bad_lock++;
		w->holder[r->value] = (int64_t)r->info->seq;
		break;
	case SIM_REC_UNLOCK:
		w->unlocks++;
		if (w->holder[r->value] != (int64_t)r->info->seq)
			w->bad_unlock++;
		w->holder[r->value] = -1;
		for (size_t i = 0; i < 8; i++)
			if (w->waits[i] == (int32_t)r->value)
				w->freed[i] = true;
		break;
	case SIM_REC_BLOCK:
		w->blocks++;
		w->waits[t] = (int32_t)r->value;
		w->freed[t] = false;
		break;
	case SIM_REC_START:
		if (w->waits[t] >= 0 && !w->freed[t])
			w->run_blocked++;
		w->waits[t] = -1;
		break;
	case SIM_REC_INHERIT:
		w->boosts += r->value != (rt_time)t;
		break;
	case SIM_REC_COMPLETE:
		for (size_t k = 0; k < 3; k++)
			if (w->holder[k] == (int64_t)r->info->seq)
				w->bad_unlock++;
		break;
	default:
		break;
	}
	return RT_OK;
}

#define LD_MAXT 5
#define LD_TICK 100000                  /* 100 us */

/* 2..5 tasks (deadline <= period, U <= 0.9) on 1..3 resources, each 0..2
 * sections, a second one nested inside the first only on a resource of
 * higher index (a global order: no deadlock) or after it; a job demands
 * up to half its runtime more (it runs out inside sections). */
static size_t ld_random_set(struct rt_rng *g, struct rt_task *ts,
			    struct rt_section (*sec)[2], rt_time *dem,
			    size_t *nres)
{
	size_t n = (size_t)rt_rng_range(g, 2, LD_MAXT);
	rt_time un = 0;                 /* U in 1/1000 */

	*nres = (size_t)rt_rng_range(g, 1, 3);
	for (size_t i = 0; i < n; i++) {
		rt_time t = rt_rng_range(g, 10, 60);
		rt_time c = rt_rng_range(g, 1, t / 4 > 1 ? t / 4 : 1);
		int kind = (int)rt_rng_range(g, 0, 3);

		if (un + c * 1000 / t > 900)
			c = 1;
		un += c * 1000 / t + 1;
		ts[i] = rt_task_make(NULL, c * LD_TICK,
				     rt_rng_range(g, c, t) * LD_TICK,
				     t * LD_TICK);
		dem[i] = (c + rt_rng_range(g, 0, c / 2)) * LD_TICK;
		ts[i].exec = RT_EXEC_LIST;
		ts[i].exec_values = &dem[i];
		ts[i].nexec_values = 1;
		ts[i].sections = sec[i];
		ts[i].nsections = 0;
		if (kind == 0)
			continue;
		sec[i][0].resource = (uint32_t)rt_rng_range(g, 0,
							   (int64_t)*nres - 1);
		sec[i][0].after = rt_rng_range(g, 0, c - 1) * LD_TICK;
		sec[i][0].len = rt_rng_range(g, 1, c - sec[i][0].after /
					     LD_TICK) * LD_TICK;
		ts[i].nsections = 1;
		if (kind == 1 || sec[i][0].resource + 1 >= *nres)
			continue;
		sec[i][1].resource = sec[i][0].resource + 1;
		if (kind == 2) {                /* nested: higher index */
			rt_time a0 = sec[i][0].after / LD_TICK;
			rt_time l0 = sec[i][0].len / LD_TICK;
			rt_time a1 = rt_rng_range(g, a0, a0 + l0 - 1);

			sec[i][1].after = a1 * LD_TICK;
			sec[i][1].len = rt_rng_range(g, 1, a0 + l0 - a1) *
					LD_TICK;
		} else {
			rt_time end = sec[i][0].after + sec[i][0].len;

			if (end >= c * LD_TICK)
				continue;
			sec[i][1].after = end;
			sec[i][1].len = rt_rng_range(g, 1, c - end / LD_TICK) *
					LD_TICK;
		}
		ts[i].nsections = 2;
	}
	return n;
}

static void test_random_sets_keep_the_lock_rules(void)
{
	/* inherit and none with exact accounting; inherit charged at the
	 * tick (HZ 1000: exhaustion noticed late, boosted or not); inherit
	 * with GRUB (reclaim: grub) */
	static const struct {
		enum sim_protocol p;
		bool tick, grub;
	} runs[] = {
		{ SIM_PROTO_INHERIT, false, false },
		{ SIM_PROTO_NONE, false, false },
		{ SIM_PROTO_INHERIT, true, false },
		{ SIM_PROTO_INHERIT, false, true },
	};
	struct rt_dl_rules tick = *rt_dl_profile("6.6");
	const uint64_t seed = 20261204;
	const unsigned sets = 500;
	uint64_t blocks = 0, boosts = 0;

	tick.accounting = RT_DL_ACCT_TICK;
	tick.hz = 1000;
	tick.tick_phase = 0;
	printf("\n  (seed %" PRIu64 ", %u sets per run) ", seed, sets);
	for (size_t p = 0; p < sizeof(runs) / sizeof(runs[0]); p++) {
		for (unsigned k = 0; k < sets; k++) {
			struct rt_task ts[LD_MAXT];
			struct rt_section sec[LD_MAXT][2];
			rt_time dem[LD_MAXT];
			struct rt_rng g;
			struct ld_watch w;
			struct sim_sink sink = { SIM_MASK_ALL, ld_watch_emit,
						 &w };
			struct sim_config c = { 0 };
			struct sim_engine *e = NULL;
			struct rt_diag d;
			size_t nres, n;
			bool bad;

			memset(&w, 0, sizeof(w));
			memset(w.holder, 0xff, sizeof(w.holder));
			memset(w.waits, 0xff, sizeof(w.waits));
			rt_rng_seed(&g, rt_rng_derive(seed, p, k));
			n = ld_random_set(&g, ts, sec, dem, &nres);
			c.tasks = ts;
			c.ntasks = n;
			c.cpus = 1;
			c.policy = "linux-dl";
			c.horizon = 3600 * LD_TICK;
			c.nresources = nres;
			c.protocol = runs[p].p;
			c.dl_rules = runs[p].tick ? &tick : NULL;
			if (runs[p].grub)
				c.reclaim = RT_RECLAIM_GRUB;
			if (sim_engine_create(&c, &e, &d) != RT_OK) {
				printf("\n  set %u: %s\n", k, d.msg);
				CU_FAIL("engine refused a random set");
				continue;
			}
			CU_ASSERT_EQUAL(sim_engine_add_sink(e, &sink), RT_OK);
			CU_ASSERT_EQUAL(sim_engine_run(e, &d), RT_OK);
			bad = sim_engine_stats(e)->deadlocks || w.bad_lock ||
			      w.bad_unlock || w.run_blocked ||
			      w.locks < w.unlocks || w.locks > w.unlocks + nres;
			if (bad) {
				printf("\n  set %u (run %zu, %s): deadlocks "
				       "%" PRIu64 ", bad locks %" PRIu64
				       ", bad unlocks %" PRIu64 ", ran "
				       "blocked %" PRIu64 ", locks %" PRIu64
				       " unlocks %" PRIu64 "\n", k, p,
				       sim_protocol_name(runs[p].p),
				       sim_engine_stats(e)->deadlocks,
				       w.bad_lock, w.bad_unlock, w.run_blocked,
				       w.locks, w.unlocks);
				for (size_t i = 0; i < n; i++) {
					printf("   Q %ld D %ld P %ld e %ld:",
					       (long)ts[i].wcet,
					       (long)ts[i].deadline,
					       (long)ts[i].period,
					       (long)dem[i]);
					for (size_t q = 0;
					     q < ts[i].nsections; q++)
						printf(" [R%u %ld %ld]",
						       sec[i][q].resource,
						       (long)sec[i][q].after,
						       (long)sec[i][q].len);
					printf("\n");
				}
				CU_FAIL("an rt_mutex rule broken");
			}
			blocks += w.blocks;
			boosts += w.boosts;
			sim_engine_destroy(e);
		}
	}
	printf("[%" PRIu64 " blocks, %" PRIu64 " boosts] ", blocks, boosts);
	CU_ASSERT(blocks > sets);
	CU_ASSERT(boosts > sets / 10);
}

CU_TestInfo lock_dl_tests[] = {
	{ "inherit: the holder is replenished, not throttled (hand-worked)",
	  test_inherit_holder_replenished_not_throttled },
	{ "none: the holder is throttled in its section (hand-worked)",
	  test_none_holder_throttled_in_section },
	{ "inherit: a chain takes the end's parameters (hand-worked)",
	  test_inherit_chain },
	{ "waiters are woken one at a time, earliest deadline first "
	  "(hand-worked)", test_waiters_woken_earliest_deadline_first },
	{ "a free lock: stolen by an earlier deadline, else the woken "
	  "waiter's (hand-worked)", test_free_lock_stolen_or_not },
	{ "the boost overrides the throttle (hand-worked)",
	  test_boost_overrides_the_throttle },
	{ "the chart hatches sections and draws blocking under linux-dl",
	  test_chart_hatches_sections_under_linux_dl },
	{ "scenario errors name the key", test_linux_dl_scenario_errors },
	{ "random sets keep the rt_mutex rules",
	  test_random_sets_keep_the_lock_rules },
	CU_TEST_INFO_NULL,
};
