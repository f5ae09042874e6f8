/* test_locks.c - shared resources and locking protocols (resources:,
 * tasks[i].sections, scheduler.protocol; sim/resource.c): the classic
 * priority inversion under fp with protocols none, pip, pcp and srp,
 * hand-worked tick by tick; the original PCP's ceiling blocking; SRP
 * under edf; nesting and short jobs; abort while holding; deadlock
 * detection; scenario errors.  Random sets: test_locks_random.c. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/section.h"
#include "models/task.h"
#include "render/gantt.h"
#include "scenarios/rtapp.h"
#include "scenarios/scn.h"
#include "sim/engine.h"
#include "tests/cbs_util.h"
#include "tests/suites.h"
#include "tests/trace_util.h"

/* yaml's trace of CBS_LOCKS_MASK against want (cbs_check_trace); the engine is
 * returned for its statistics (destroy it and *s). */
static struct sim_engine *lk_check(const char *yaml, const char *want,
				   struct scn_scenario **s)
{
	return cbs_check_trace(yaml, CBS_LOCKS_MASK, want, s);
}

/* ---- the classic priority inversion (fp, deadline-monotonic) ----------
 *
 * L (C 5, D 40) releases at 0 and holds R from 1 to 4 of its execution;
 * H (C 3, D 20) releases at 2 and needs R from 1 to 2 of its execution;
 * M (C 6, D 30) releases at 3 and uses no resource.  Priorities H > M > L.
 */
#define PI_YAML(proto) \
	"format: 1\nhorizon: 20\nscheduler: {policy: fp, protocol: " proto \
	"}\nresources: [{name: R}]\ntasks:\n" \
	"  - {name: H, C: 3, D: 20, T: 20, offset: 2, sections: " \
	"[{resource: R, after: 1, for: 1}]}\n" \
	"  - {name: M, C: 6, D: 30, T: 30, offset: 3}\n" \
	"  - {name: L, C: 5, D: 40, T: 40, sections: " \
	"[{resource: R, after: 1, for: 3}]}\n"

static const struct sim_task_stats *lk_task(struct sim_engine *e, size_t i)
{
	return &sim_engine_stats(e)->tasks[i];
}

/*
 * none, tick by tick:
 *   [0,1)  L runs (executed 1); at 1 L locks R
 *   [1,2)  L runs (executed 2)
 *   2      H released, preempts L (L has 3 left)
 *   [2,3)  H runs (executed 1); at 3 H needs R, held by L: H blocks
 *   3      M released; ready M (priority 2nd) and L: M runs
 *   [3,9)  M runs its 6: completes at 9 -- while H waits (inversion)
 *   [9,11) L runs (executed 3, 4); at 11 it unlocks R: H is ready
 *   11     H preempts L (L has 1 left) and locks R as it starts
 *   [11,12) H in its section; at 12 unlocks R
 *   [12,13) H completes at 13 (response 11)
 *   [13,14) L completes at 14
 * H waited [3,11) while M and L (lower priorities) ran: blocking 8,
 * which grows with M's C: the unbounded inversion.
 */
static void test_inversion_none_is_unbounded(void)
{
	struct scn_scenario *s;
	struct sim_engine *e = lk_check(PI_YAML("none"),
		"0 start L.0 c0 5\n"
		"1 lock L.0 c0 0\n"
		"2 preempt L.0 c0 3\n"
		"2 start H.0 c0 3\n"
		"3 block H.0 c0 0\n"
		"3 preempt H.0 c0 2\n"
		"3 start M.0 c0 6\n"
		"9 complete M.0 c0 6\n"
		"9 start L.0 c0 3\n"
		"11 unlock L.0 c0 0\n"
		"11 preempt L.0 c0 1\n"
		"11 start H.0 c0 2\n"
		"11 lock H.0 c0 0\n"
		"12 unlock H.0 c0 0\n"
		"13 complete H.0 c0 11\n"
		"13 start L.0 c0 1\n"
		"14 complete L.0 c0 14\n"
		"20 end\n", &s);

	CU_ASSERT_EQUAL(lk_task(e, 0)->max_response, 11);
	CU_ASSERT_EQUAL(lk_task(e, 0)->max_blocking, 8);
	CU_ASSERT_EQUAL(lk_task(e, 1)->max_blocking, 0);
	CU_ASSERT_EQUAL(lk_task(e, 2)->max_blocking, 0);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->deadlocks, 0);
	cbs_check_done(e, s);
}

/* The pip and pcp timeline (worked out below). */
#define PI_BOUNDED \
	"0 start L.0 c0 5\n" \
	"1 lock L.0 c0 0\n" \
	"2 preempt L.0 c0 3\n" \
	"2 start H.0 c0 3\n" \
	"3 block H.0 c0 0\n" \
	"3 inherit L.0 c-1 0\n" \
	"3 preempt H.0 c0 2\n" \
	"3 start L.0 c0 3\n" \
	"5 unlock L.0 c0 0\n" \
	"5 inherit L.0 c0 2\n" \
	"5 preempt L.0 c0 1\n" \
	"5 start H.0 c0 2\n" \
	"5 lock H.0 c0 0\n" \
	"6 unlock H.0 c0 0\n" \
	"7 complete H.0 c0 5\n" \
	"7 start M.0 c0 6\n" \
	"13 complete M.0 c0 10\n" \
	"13 start L.0 c0 1\n" \
	"14 complete L.0 c0 14\n" \
	"20 end\n"

/*
 * pip, tick by tick:
 *   [0,2)  L runs, locks R at 1; 2: H preempts L (L has 3 left)
 *   [2,3)  H runs; at 3 H blocks on R: L inherits H's priority (rank 0)
 *   3      M released, but L now runs above it
 *   [3,5)  L runs (executed 3, 4); at 5 unlocks R: H is ready, L back
 *          to its own rank 2, H preempts L (L has 1 left) and locks R
 *   [5,6)  H in its section, unlocks at 6; [6,7) H completes at 7
 *   [7,13) M completes at 13; [13,14) L completes at 14
 * H blocked [3,5) = 2 (one section of L); M waited [3,5) too while L
 * ran (push-through blocking) = 2.
 */
static void test_inversion_pip_bounds_it(void)
{
	struct scn_scenario *s;
	struct sim_engine *e = lk_check(PI_YAML("pip"),
		PI_BOUNDED, &s);

	CU_ASSERT_EQUAL(lk_task(e, 0)->max_response, 5);
	CU_ASSERT_EQUAL(lk_task(e, 0)->max_blocking, 2);
	CU_ASSERT_EQUAL(lk_task(e, 1)->max_blocking, 2);
	cbs_check_done(e, s);
}

/* pcp (original): R's ceiling is H's priority; at 3 H's priority is not
 * above it (R is held by L), so H blocks and L inherits: with one
 * resource the same timeline as pip. */
static void test_inversion_pcp_bounds_it(void)
{
	struct scn_scenario *s;
	struct sim_engine *e = lk_check(PI_YAML("pcp"),
		PI_BOUNDED, &s);

	CU_ASSERT_EQUAL(lk_task(e, 0)->max_response, 5);
	CU_ASSERT_EQUAL(lk_task(e, 0)->max_blocking, 2);
	cbs_check_done(e, s);
}

/*
 * srp (levels = priorities under fp: H 0, M 1, L 2; ceiling(R) = 0):
 *   [0,1)  L runs; at 1 locks R: the system ceiling is 0
 *   2      H released: level 0 is not above 0, held back (block, cpu -1)
 *   [2,3)  L runs on
 *   3      M released: level 1, held back too
 *   [3,4)  L runs (executed 4); at 4 unlocks R: ceiling none, H and M
 *          ready, H preempts L (L has 1 left)
 *   [4,5)  H runs, locks R at 5; [5,6) unlocks at 6; [6,7) completes 7
 *   [7,13) M completes at 13; [13,14) L completes at 14
 * H waited [2,4) = 2, M [3,4) = 1; neither blocked after its start.
 */
static void test_inversion_srp_bounds_it(void)
{
	struct scn_scenario *s;
	struct sim_engine *e = lk_check(PI_YAML("srp"),
		"0 start L.0 c0 5\n"
		"1 lock L.0 c0 0\n"
		"2 block H.0 c-1 0\n"
		"3 block M.0 c-1 0\n"
		"4 unlock L.0 c0 0\n"
		"4 preempt L.0 c0 1\n"
		"4 start H.0 c0 3\n"
		"5 lock H.0 c0 0\n"
		"6 unlock H.0 c0 0\n"
		"7 complete H.0 c0 5\n"
		"7 start M.0 c0 6\n"
		"13 complete M.0 c0 10\n"
		"13 start L.0 c0 1\n"
		"14 complete L.0 c0 14\n"
		"20 end\n", &s);

	CU_ASSERT_EQUAL(lk_task(e, 0)->max_response, 5);
	CU_ASSERT_EQUAL(lk_task(e, 0)->max_blocking, 2);
	CU_ASSERT_EQUAL(lk_task(e, 1)->max_blocking, 1);
	cbs_check_done(e, s);
}

/*
 * The original PCP blocks on a ceiling where pip would not.  H (rank 0)
 * uses R1 and R2, M (rank 1) uses R2, L (rank 2) uses R1: both ceilings
 * are H's rank 0.  L locks R1 at 1; M (released 2) preempts L and at 3
 * asks for R2, which is free: pip would grant it; under pcp M's
 * priority is not above R1's ceiling (held by L), so M blocks and L
 * inherits M's rank 1.
 *   [0,1) L; 1 L locks R1; [1,2) L; 2 M preempts L (L has 3 left)
 *   [2,3) M; 3 M blocks (value: R2 = 1), L inherits rank 1
 *   [3,5) L (executed 3, 4); 5 L unlocks R1: M is ready, L back to
 *         rank 2, M preempts L (L has 1 left) and locks R2
 *   [5,7) M in its section (executed 2, 3); 7 unlocks R2
 *   [7,8) M completes at 8 (response 6); [8,9) L completes at 9
 *   20 H starts and locks R1 at once (after: 0); 21 unlocks R1 and
 *   locks R2 (an unlock first at one point); 22 unlocks R2, completes.
 * M was blocked [3,5) = 2.
 */
static void test_pcp_blocks_on_a_ceiling(void)
{
	static const char yaml[] =
		"format: 1\nhorizon: 30\nscheduler: {policy: fp, protocol: pcp}\n"
		"resources: [{name: R1}, {name: R2}]\ntasks:\n"
		"  - {name: H, C: 2, D: 10, T: 30, offset: 20, sections: "
		"[{resource: R1, after: 0, for: 1}, {resource: R2, after: 1, "
		"for: 1}]}\n"
		"  - {name: M, C: 4, D: 20, T: 30, offset: 2, sections: "
		"[{resource: R2, after: 1, for: 2}]}\n"
		"  - {name: L, C: 5, D: 30, T: 30, sections: "
		"[{resource: R1, after: 1, for: 3}]}\n";
	struct scn_scenario *s;
	struct sim_engine *e = lk_check(yaml,
		"0 start L.0 c0 5\n"
		"1 lock L.0 c0 0\n"
		"2 preempt L.0 c0 3\n"
		"2 start M.0 c0 4\n"
		"3 block M.0 c0 1\n"
		"3 inherit L.0 c-1 1\n"
		"3 preempt M.0 c0 3\n"
		"3 start L.0 c0 3\n"
		"5 unlock L.0 c0 0\n"
		"5 inherit L.0 c0 2\n"
		"5 preempt L.0 c0 1\n"
		"5 start M.0 c0 3\n"
		"5 lock M.0 c0 1\n"
		"7 unlock M.0 c0 1\n"
		"8 complete M.0 c0 6\n"
		"8 start L.0 c0 1\n"
		"9 complete L.0 c0 9\n"
		"20 start H.0 c0 2\n"
		"20 lock H.0 c0 0\n"
		"21 unlock H.0 c0 0\n"
		"21 lock H.0 c0 1\n"
		"22 unlock H.0 c0 1\n"
		"22 complete H.0 c0 2\n"
		"30 end\n", &s);

	CU_ASSERT_EQUAL(lk_task(e, 1)->max_blocking, 2);
	cbs_check_done(e, s);
}

/*
 * SRP under edf, preemption levels by D: A (D 4) level 0, B (D 8)
 * level 1, both use R: ceiling 0.  B releases at 0 and holds R from 0
 * to 2 of its 3; A releases at 1 (deadline 5 < B's 8) but is held back
 * until B unlocks at 2; A runs [2,4) (locks R at 2, since after: 0) and
 * meets its deadline 5; B completes at 5.
 */
static void test_srp_under_edf(void)
{
	static const char yaml[] =
		"format: 1\nhorizon: 10\nscheduler: {policy: edf, protocol: srp}\n"
		"resources: [{name: R}]\ntasks:\n"
		"  - {name: A, C: 2, D: 4, T: 10, offset: 1, sections: "
		"[{resource: R, after: 0, for: 1}]}\n"
		"  - {name: B, C: 3, D: 8, T: 10, sections: "
		"[{resource: R, after: 0, for: 2}]}\n";
	struct scn_scenario *s;
	struct sim_engine *e = lk_check(yaml,
		"0 start B.0 c0 3\n"
		"0 lock B.0 c0 0\n"
		"1 block A.0 c-1 0\n"
		"2 unlock B.0 c0 0\n"
		"2 preempt B.0 c0 1\n"
		"2 start A.0 c0 2\n"
		"2 lock A.0 c0 0\n"
		"3 unlock A.0 c0 0\n"
		"4 complete A.0 c0 3\n"
		"4 start B.0 c0 1\n"
		"5 complete B.0 c0 5\n"
		"10 end\n", &s);

	CU_ASSERT_EQUAL(lk_task(e, 0)->max_blocking, 1);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->misses, 0);
	cbs_check_done(e, s);
}

/* Nested sections and a job demanding less than C: the inner section
 * unlocks before the outer at the same point; a section starting at or
 * after the job's demand is skipped; one running past it ends at the
 * completion. */
static void test_nesting_and_short_jobs(void)
{
	static const char yaml[] =
		"format: 1\nhorizon: 20\nscheduler: {policy: fp, protocol: pip}\n"
		"resources: [{name: A}, {name: B}]\ntasks:\n"
		"  - {name: T, C: 6, T: 10, exec: {model: list, values: [6, 3]}, "
		"sections: [{resource: A, after: 1, for: 3}, {resource: B, "
		"after: 2, for: 2}, {resource: B, after: 5, for: 1}]}\n";
	struct scn_scenario *s;
	struct sim_engine *e = lk_check(yaml,
		"0 start T.0 c0 6\n"
		"1 lock T.0 c0 0\n"
		"2 lock T.0 c0 1\n"
		"4 unlock T.0 c0 1\n"
		"4 unlock T.0 c0 0\n"
		"5 lock T.0 c0 1\n"
		"6 unlock T.0 c0 1\n"
		"6 complete T.0 c0 6\n"
		/* job 1 demands 3: A and B entered, both end at its end;
		 * the section at 5 does not apply */
		"10 start T.1 c0 3\n"
		"11 lock T.1 c0 0\n"
		"12 lock T.1 c0 1\n"
		"13 unlock T.1 c0 1\n"
		"13 unlock T.1 c0 0\n"
		"13 complete T.1 c0 3\n"
		"20 end\n", &s);

	cbs_check_done(e, s);
}

/* on_miss: abort takes the resources of the aborted job: the waiter is
 * ready at the abort and locks as it starts. */
static void test_abort_releases_resources(void)
{
	struct scn_scenario *s;
	struct sim_engine *e;

	/* explicit priorities: H above L although L's D is smaller; L is
	 * aborted at its deadline 3 while holding R, H blocked on it */
	e = lk_check(
		"format: 1\nhorizon: 20\nscheduler: {policy: fp, priorities: "
		"explicit, protocol: none, on_miss: abort}\nresources: "
		"[{name: R}]\ntasks:\n"
		"  - {name: H, C: 2, D: 10, T: 20, offset: 1, priority: 1, "
		"sections: [{resource: R, after: 0, for: 1}]}\n"
		"  - {name: L, C: 8, D: 3, T: 20, priority: 9, sections: "
		"[{resource: R, after: 0, for: 8}]}\n",
		"0 start L.0 c0 8\n"
		"0 lock L.0 c0 0\n"
		"1 preempt L.0 c0 7\n"
		"1 start H.0 c0 2\n"
		"1 block H.0 c0 0\n"
		"1 preempt H.0 c0 2\n"
		"1 start L.0 c0 7\n"
		"3 unlock L.0 c-1 0\n"
		"3 start H.0 c0 2\n"
		"3 lock H.0 c0 0\n"
		"4 unlock H.0 c0 0\n"
		"5 complete H.0 c0 4\n"
		"20 end\n", &s);
	cbs_check_done(e, s);
}

/* Badly ordered nesting under none and pip: A locks R1 then R2, B R2
 * then R1: a deadlock, found and counted; the run ends at the horizon
 * with both jobs pending. */
static void test_deadlock_is_detected(void)
{
	static const char *const protos[] = { "none", "pip" };

	for (size_t p = 0; p < 2; p++) {
		char yaml[600];
		struct scn_scenario *s;
		struct sim_config c;
		struct sim_engine *e;
		const struct sim_stats *st;

		snprintf(yaml, sizeof(yaml),
			 "format: 1\nhorizon: 30\nscheduler: {policy: fp, "
			 "protocol: %s}\nresources: [{name: R1}, {name: R2}]\n"
			 "tasks:\n"
			 "  - {name: A, C: 4, D: 10, T: 30, offset: 1, sections: "
			 "[{resource: R1, after: 0, for: 3}, {resource: R2, "
			 "after: 1, for: 1}]}\n"
			 "  - {name: B, C: 4, D: 20, T: 30, sections: "
			 "[{resource: R2, after: 0, for: 3}, {resource: R1, "
			 "after: 2, for: 1}]}\n", protos[p]);
		s = cbs_load_text(yaml);
		c = cbs_config(s);
		e = tu_engine_run(&c, NULL);
		st = sim_engine_stats(e);
		CU_ASSERT_EQUAL(st->deadlocks, 1);
		/* B locks R2 at 0; A preempts at 1, locks R1, runs to 2 and
		 * blocks on R2 (held by B); B runs, asks for R1 at 3: held
		 * by A, which waits for B */
		CU_ASSERT_EQUAL(st->first_deadlock, 3);
		CU_ASSERT_EQUAL(st->completed, 0);
		CU_ASSERT_EQUAL(st->misses, 2);
		cbs_check_done(e, s);
	}
}

/* ---- scenario errors ------------------------------------------------- */

static void test_scenario_errors(void)
{
	struct scn_scenario *s;

	s = cbs_load_text("format: 1\nscheduler: {policy: fp, protocol: srp}\n"
			  "time_unit: ms\nresources: [{name: R}]\ntasks:\n"
			  "  - {name: A, C: 2, T: 10, sections: [{resource: R, "
			  "after: 500us, for: 1}]}\n");
	CU_ASSERT_EQUAL_FATAL(s->tasks[0].nsections, 1);
	CU_ASSERT_EQUAL(s->tasks[0].sections[0].after, 500000);
	CU_ASSERT_EQUAL(s->tasks[0].sections[0].len, 1000000);
	CU_ASSERT_EQUAL(s->sched.protocol, SIM_PROTO_SRP);
	CU_ASSERT_EQUAL(s->nresources, 1);
	scn_free(s);
	cbs_load_fail("format: 1\nscheduler: {policy: fp}\nresources: "
		      "[{name: R}]\ntasks:\n"
		      "  - {name: A, C: 4, T: 10, sections: [{resource: S, "
		      "after: 0, for: 1}]}\n",
		      "t.yaml:5:50: tasks[0].sections[0].resource: \"S\" is not "
		      "a resource; expected a name of resources: [...]");
	cbs_load_fail("format: 1\nscheduler: {policy: fp}\nresources: "
		      "[{name: R}, {name: Q}]\ntasks:\n"
		      "  - {name: A, C: 4, T: 10, sections: [{resource: R, "
		      "after: 0, for: 2}, {resource: Q, after: 1, for: 2}]}\n",
		      "t.yaml:5:72: tasks[0].sections[1]: task A: sections[1] "
		      "overlaps sections[0] without being inside it; sections "
		      "must be properly nested");
	cbs_load_fail("format: 1\nscheduler: {policy: fp}\nresources: "
		      "[{name: R}]\ntasks:\n"
		      "  - {name: A, C: 4, T: 10, sections: [{resource: R, "
		      "after: 0, for: 3}, {resource: R, after: 1, for: 1}]}\n",
		      "t.yaml:5:72: tasks[0].sections[1]: task A: sections[1] "
		      "locks the resource of sections[0] inside it (a "
		      "self-deadlock)");
	cbs_load_fail("format: 1\nscheduler: {policy: edf, protocol: pip}\n"
		      "tasks:\n  - {name: A, C: 4, T: 10}\n",
		      "t.yaml:2:36: scheduler.protocol: pip is not defined with "
		      "policy: edf (pip and pcp are fixed-priority protocols); "
		      "expected none or srp");
	cbs_load_fail("format: 1\nscheduler: {policy: cbs, protocol: none}\n"
		      "tasks:\n  - {name: A, C: 4, T: 10}\n",
		      "t.yaml:2:26: scheduler.protocol: locking protocols are "
		      "defined for policies fp, edf and linux-dl only; "
		      "expected no protocol with policy: cbs");
	cbs_load_fail("format: 1\nscheduler: {policy: fp, protocol: inherit}\n"
		      "tasks:\n  - {name: A, C: 4, T: 10}\n",
		      "t.yaml:2:35: scheduler.protocol: inherit is not defined "
		      "with policy: fp (inherit is the kernel's rt_mutex "
		      "deadline inheritance, policy linux-dl only); expected "
		      "none, pip, pcp or srp");
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler: {policy: "
		      "linux-dl, protocol: pip}\ntasks:\n  - {name: A, "
		      "runtime: 4, period: 10}\n",
		      "t.yaml:3:41: scheduler.protocol: pip is not defined "
		      "with policy: linux-dl (linux-dl takes the kernel's "
		      "rt_mutex: none or inherit); expected none or inherit");
	/* sections on a slowed, scaled or charged CPU: refused at the key
	 * that slows, scales or charges it (not at scheduler.policy) */
	cbs_load_fail("format: 1\nplatform: {cpus: 1, frequencies: [1, 2], "
		      "governor: powersave}\nscheduler: {policy: fp, "
		      "protocol: pip}\nresources: [{name: R}]\ntasks:\n"
		      "  - {name: A, C: 2, T: 10, sections: [{resource: R, "
		      "after: 0, for: 1}]}\n",
		      "t.yaml:2:52: platform.governor: not implemented yet: "
		      "shared resources (tasks[0].sections) below the highest "
		      "frequency; expected governor performance");
	cbs_load_fail("format: 1\nplatform: {cpus: [{capacity: 512}]}\n"
		      "scheduler: {policy: fp, protocol: pip}\nresources: "
		      "[{name: R}]\ntasks:\n  - {name: A, C: 2, T: 10, "
		      "sections: [{resource: R, after: 0, for: 1}]}\n",
		      "t.yaml:2:18: platform.cpus: not implemented yet: shared "
		      "resources (tasks[0].sections) on a CPU of capacity 512");
	cbs_load_fail("format: 1\noverheads: {context_switch: 1}\n"
		      "scheduler: {policy: fp, protocol: pip}\nresources: "
		      "[{name: R}]\ntasks:\n  - {name: A, C: 2, T: 10, "
		      "sections: [{resource: R, after: 0, for: 1}]}\n",
		      "t.yaml:2:1: overheads: not implemented yet: scheduling "
		      "overheads with shared resources (tasks[0].sections)");
	/* a protocol with no section to act on does nothing: refused; the
	 * default none may be spelt out */
	cbs_load_fail("format: 1\nscheduler: {policy: fp, protocol: pip}\n"
		      "resources: [{name: R}]\n"
		      "tasks:\n  - {name: A, C: 4, T: 10}\n",
		      "t.yaml:2:35: scheduler.protocol: pip has nothing to act "
		      "on: no task has critical sections; expected sections: "
		      "[{resource: R, after: X, for: Y}] on a task, or no "
		      "protocol");
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler: {policy: "
		      "linux-dl, protocol: inherit}\ntasks:\n  - {name: A, "
		      "runtime: 4, period: 10}\n",
		      "t.yaml:3:41: scheduler.protocol: inherit has nothing to "
		      "act on");
	scn_free(cbs_load_text("format: 1\nscheduler: {policy: fp, protocol: "
			       "none}\ntasks:\n  - {name: A, C: 4, T: 10}\n"));
	cbs_load_fail("format: 1\nplatform: {cpus: 2}\nscheduler: {policy: fp}\n"
		      "resources: [{name: R}]\ntasks:\n"
		      "  - {name: A, C: 4, T: 10, sections: [{resource: R, "
		      "after: 0, for: 1}]}\n",
		      "t.yaml:6:28: tasks[0].sections: shared resources need one "
		      "CPU (platform.cpus is 2)");
	cbs_load_fail("format: 1\nscheduler: {policy: fp}\nresources: "
		      "[{name: R}, {name: R}]\ntasks:\n  - {name: A, C: 4, T: 10}\n",
		      "t.yaml:3:31: resources[1].name: \"R\" is already the name "
		      "of resources[0]");
	cbs_load_fail("format: 1\nscheduler: {policy: fp}\nresources: "
		      "[{name: R}]\ntasks:\n"
		      "  - {name: A, C: 4, T: 10, sections: [{resource: R, "
		      "for: 1}]}\n",
		      "t.yaml:5:39: tasks[0].sections[0]: missing after");
	/* rt-app has no sections here: refused, never dropped */
	s = cbs_load_text("format: 1\ntime_unit: ms\nscheduler: {policy: fp}\n"
			  "resources: [{name: R}]\ntasks:\n"
			  "  - {name: A, C: 2, T: 10, sections: [{resource: R, "
			  "after: 0, for: 1}]}\n");
	{
		char *json = NULL;
		size_t len = 0;
		struct rt_diag d;

		CU_ASSERT_EQUAL(scn_rtapp_export(s, &json, &len, &d),
				RT_ERR_UNSUPPORTED);
		CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "critical sections are not "
					      "exported to rt-app"));
		CU_ASSERT_PTR_NULL(json);
	}
	scn_free(s);
}

/* ---- the chart ----------------------------------------------------------- */

static void lk_expect_box(const struct render_boxes *b, size_t i, int colour,
			  rt_time a, rt_time z)
{
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_FATAL(i < b->n);
	CU_ASSERT_EQUAL(b->v[i].colour, colour);
	CU_ASSERT_EQUAL(b->v[i].a, a);
	CU_ASSERT_EQUAL(b->v[i].b, z);
}

/* pip's timeline above: L holds R while it runs [1,2) and [3,5) (not
 * while H runs [2,3)); H holds it [5,6) and was blocked [3,5). */
static void test_chart_hatches_sections_and_blocks(void)
{
	struct scn_scenario *s = cbs_load_text(PI_YAML("pip"));
	const char *const names[] = { "R" };
	struct render_meta m = {
		.scenario = "pi", .time_unit = "tick", .display_unit = "tick",
		.display_scale = 1, .cpus = 1, .horizon = 20,
		.tasks = s->tasks, .ntasks = s->ntasks,
		.resources = names, .nresources = 1,
	};
	struct render_gantt_opts o = RENDER_GANTT_OPTS_DEFAULT;
	struct render_gantt *g = NULL;
	struct sim_sink sink;
	struct sim_config c = cbs_config(s);
	struct rt_diag d;

	CU_ASSERT_EQUAL_FATAL(render_gantt_create(&m, &o, &g, &d), RT_OK);
	sink = render_gantt_sink(g);
	sim_engine_destroy(tu_engine_run(&c, &sink));
	lk_expect_box(render_gantt_sections(g, 2), 0, 0, 1, 2);
	lk_expect_box(render_gantt_sections(g, 2), 1, 0, 3, 5);
	CU_ASSERT_EQUAL(render_gantt_sections(g, 2)->n, 2);
	lk_expect_box(render_gantt_sections(g, 0), 0, 0, 5, 6);
	lk_expect_box(render_gantt_blocks(g, 0), 0, 0, 3, 5);
	CU_ASSERT_EQUAL(render_gantt_blocks(g, 0)->n, 1);
	CU_ASSERT_EQUAL(render_gantt_blocks(g, 1)->n, 0);
	CU_ASSERT_EQUAL(render_gantt_sections(g, 1)->n, 0);
	render_gantt_destroy(g);
	scn_free(s);
	render_release_caches();
}

CU_TestInfo lock_tests[] = {
	{ "none: H's inversion grows with M (hand-worked)",
	  test_inversion_none_is_unbounded },
	{ "pip bounds it (hand-worked)", test_inversion_pip_bounds_it },
	{ "pcp bounds it (hand-worked)", test_inversion_pcp_bounds_it },
	{ "srp bounds it (hand-worked)", test_inversion_srp_bounds_it },
	{ "pcp blocks on a ceiling (hand-worked)",
	  test_pcp_blocks_on_a_ceiling },
	{ "srp under edf: held back before its start", test_srp_under_edf },
	{ "nested sections, short jobs", test_nesting_and_short_jobs },
	{ "an aborted job lets go of its resources",
	  test_abort_releases_resources },
	{ "a deadlock is detected, not a hang", test_deadlock_is_detected },
	{ "scenario errors name the field", test_scenario_errors },
	{ "the chart hatches sections and draws blocking",
	  test_chart_hatches_sections_and_blocks },
	CU_TEST_INFO_NULL,
};
