/* test_suspend.c - self-suspending jobs (tasks[i].suspend: [{after, for}]):
 * hand-checked timelines under edf, fp, cbs (soft and hard), linux-dl
 * (docs/theory.md §E.7 vectors 4 and 5 met by suspensions) and GRUB (E.5); on_miss:
 * abort while suspended; a job suspended at the horizon; scenario errors;
 * the suspension-oblivious model; charts, logs and traces; and property
 * tests on seeded random sets (each failure prints its seed). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/analysis_resv.h"
#include "models/analysis_uni.h"
#include "models/mem.h"
#include "models/rng.h"
#include "models/task.h"
#include "render/chrome.h"
#include "render/gantt.h"
#include "render/log.h"
#include "render/replay.h"
#include "scenarios/scn.h"
#include "sim/engine.h"
#include "tests/cbs_util.h"
#include "tests/sched_check.h"
#include "tests/suites.h"
#include "tests/trace_util.h"

#define MS 1000000

/* Records of a schedule plus the suspension records. */
#define SP_SCHED (TU_SCHED | SIM_MASK(SIM_REC_SUSPEND) | \
		  SIM_MASK(SIM_REC_RESUME))

/* Traces are tu_trace with names and CPUs: "TIME KIND NAME.JOB cCPU
 * VALUE", END as "TIME end". */

/* Run scenario s (owned by the caller) with a trace of 'mask'. */
static struct sim_engine *sp_run_s(const struct scn_scenario *s,
				   unsigned mask, struct tu_trace *tr)
{
	struct sim_config c = cbs_config(s);
	struct sim_sink sink = { .mask = mask, .emit = tu_trace_emit, .ctx = tr };

	memset(tr, 0, sizeof(*tr));
	tr->names = s->tasks;
	tr->nnames = s->ntasks;
	tr->short_end = true;
	return tu_engine_run(&c, &sink);
}

/* Load yaml, run it, compare the trace with want; returns the engine
 * (destroy it and the scenario with sp_done). */
static struct sim_engine *sp_check(const char *yaml, unsigned mask,
				   const char *want, struct scn_scenario **s)
{
	struct tu_trace tr;
	struct sim_engine *e;

	*s = cbs_load_text(yaml);
	e = sp_run_s(*s, mask, &tr);
	tu_expect_text(tr.buf, want);
	free(tr.buf);
	return e;
}

static void sp_done(struct sim_engine *e, struct scn_scenario *s)
{
	sim_engine_destroy(e);
	scn_free(s);
}

/* ---- the model --------------------------------------------------------- */

static void test_suspension_points_are_checked_by_the_model(void)
{
	struct rt_suspend ok[] = { { 1, 2 }, { 3, 4 } };
	struct rt_suspend same[] = { { 2, 1 }, { 2, 1 } };
	struct rt_suspend zero[] = { { 1, 0 } };
	struct rt_suspend at0[] = { { 0, 1 } };
	struct rt_suspend huge[] = { { 1, RT_TIME_MAX } };
	struct rt_task t = rt_task_make("A", 5, 10, 10), ob;
	struct rt_diag d;

	CU_ASSERT_FALSE(rt_task_suspends(&t));
	t.suspend = ok;
	t.nsuspend = 2;
	CU_ASSERT_TRUE(rt_task_suspends(&t));
	CU_ASSERT_EQUAL(rt_task_check(&t, &d), RT_OK);
	/* suspension-oblivious: C' = 5 + 2 + 4, nothing else changes */
	CU_ASSERT_EQUAL(rt_task_oblivious(&t, &ob, NULL, &d), RT_OK);
	CU_ASSERT_EQUAL(ob.wcet, 11);
	CU_ASSERT_EQUAL(ob.deadline, 10);
	CU_ASSERT_EQUAL(ob.period, 10);
	CU_ASSERT_EQUAL(ob.nsuspend, 0);
	CU_ASSERT_PTR_NULL(ob.suspend);
	CU_ASSERT_STRING_EQUAL(ob.name, "A");
	t.suspend = same;
	CU_ASSERT_EQUAL(rt_task_check(&t, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "suspend[1].after is not after "
				      "suspend[0].after"));
	t.suspend = zero;
	t.nsuspend = 1;
	CU_ASSERT_EQUAL(rt_task_check(&t, &d), RT_ERR_INVAL);
	CU_ASSERT_STRING_EQUAL(d.msg, "task A: suspend[0].for must be > 0");
	t.suspend = at0;
	CU_ASSERT_EQUAL(rt_task_check(&t, &d), RT_ERR_INVAL);
	CU_ASSERT_STRING_EQUAL(d.msg, "task A: suspend[0].after must be > 0");
	/* a point at or after the largest demand is met by no job */
	t.suspend = ok;
	t.nsuspend = 2;
	t.wcet = 3;
	CU_ASSERT_EQUAL(rt_task_check(&t, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "suspend[1].after 3 is not "
				      "before the largest demand of a job (3)"));
	t.exec = RT_EXEC_UNIFORM;
	t.exec_min = 1;
	t.exec_max = 4;
	CU_ASSERT_EQUAL(rt_task_check(&t, &d), RT_OK);
	t.exec = RT_EXEC_FIXED;
	t.wcet = 5;
	t.nsuspend = 1;
	/* C + lengths must stay representable */
	t.suspend = huge;
	ob.wcet = 77;
	CU_ASSERT_EQUAL(rt_task_oblivious(&t, &ob, NULL, &d), RT_ERR_OVERFLOW);
	CU_ASSERT_EQUAL(ob.wcet, 77);           /* untouched */
	CU_ASSERT_EQUAL(rt_task_check(&t, &d), RT_ERR_OVERFLOW);
}

/*
 * The suspension-oblivious task counts the suspension in its exec model
 * too, so rt_task_max_demand() of it is the largest demand with the
 * suspension.  By hand, S = the sum of the lengths:
 *   C 2, list [1, 2], one point (after 1, for 3): S = 3, C' = 5, values
 *     [4, 5] (the job demanding 1 never reaches the point: 4 over-counts
 *     it; the largest, 5, is exact), max demand 5;
 *   C 2, list [1, 4], same point: values [4, 7], max demand 7 (before
 *     the fix 4: the value without S, below C' = 5), which is
 *     rt_task_analysed_demand with the suspension, (4 + 3) x 1 = 7, and
 *     what the analysis model of the oblivious task charges (RT_MODEL_
 *     DEMAND: 7 != C' = 5);
 *   C 2, uniform [1, 3], two points (after 1, for 1), (after 2, for 2):
 *     S = 3, C' = 5, [min, max] = [4, 6], max demand 6 = (3 + 3) x 1.
 * The set form copies the values into its one block and leaves the
 * task that does not suspend as it is; a value + S past the time range
 * is RT_ERR_OVERFLOW naming the task and the field, as rt_task_check.
 */
static void test_oblivious_exec_model_counts_the_suspension(void)
{
	static const rt_time l12[] = { 1, 2 }, l14[] = { 1, 4 };
	static const rt_time big[] = { 1, RT_TIME_MAX - 2 };
	static const struct rt_suspend one[] = { { 1, 3 } };
	static const struct rt_suspend two[] = { { 1, 1 }, { 2, 2 } };
	struct rt_task ts[3], ob, m, *set = NULL;
	rt_time vals[2] = { 0, 0 };
	struct rt_diag d = { "" };

	ts[0] = rt_task_make("A", 2, 10, 10);
	ts[0].exec = RT_EXEC_LIST;
	ts[0].exec_values = l12;
	ts[0].nexec_values = 2;
	ts[0].suspend = one;
	ts[0].nsuspend = 1;
	CU_ASSERT_EQUAL_FATAL(rt_task_check(&ts[0], &d), RT_OK);
	CU_ASSERT_EQUAL(rt_task_oblivious_nvals(&ts[0]), 2);
	CU_ASSERT_EQUAL(rt_task_oblivious(&ts[0], &ob, NULL, &d),
			RT_ERR_INVAL);          /* no room for the values */
	CU_ASSERT_EQUAL_FATAL(rt_task_oblivious(&ts[0], &ob, vals, &d), RT_OK);
	CU_ASSERT_EQUAL(ob.wcet, 5);
	CU_ASSERT_EQUAL(ob.exec, RT_EXEC_LIST);
	CU_ASSERT_PTR_EQUAL(ob.exec_values, vals);
	CU_ASSERT_EQUAL(ob.nexec_values, 2);
	CU_ASSERT_EQUAL(vals[0], 4);
	CU_ASSERT_EQUAL(vals[1], 5);
	CU_ASSERT_EQUAL(ob.nsuspend, 0);
	CU_ASSERT_EQUAL(rt_task_max_demand(&ob, NULL), 5);
	CU_ASSERT_EQUAL(l12[0], 1);             /* t's values untouched */

	ts[0].exec_values = l14;
	CU_ASSERT_EQUAL_FATAL(rt_task_oblivious(&ts[0], &ob, vals, &d), RT_OK);
	CU_ASSERT_EQUAL(ob.wcet, 5);
	CU_ASSERT_EQUAL(vals[0], 4);
	CU_ASSERT_EQUAL(vals[1], 7);
	CU_ASSERT_EQUAL(rt_task_max_demand(&ob, NULL), 7);
	CU_ASSERT_EQUAL(rt_task_analysed_demand(&ts[0], true), 7);
	CU_ASSERT_EQUAL(rt_task_analysed_demand(&ob, false), 7);
	CU_ASSERT_EQUAL(rt_task_analysis_model(&ob, &m), RT_MODEL_DEMAND);
	CU_ASSERT_EQUAL(m.wcet, 7);

	ts[1] = rt_task_make("B", 3, 12, 12);   /* does not suspend */
	ts[2] = rt_task_make("U", 2, 10, 10);
	ts[2].exec = RT_EXEC_UNIFORM;
	ts[2].exec_min = 1;
	ts[2].exec_max = 3;
	ts[2].suspend = two;
	ts[2].nsuspend = 2;
	CU_ASSERT_EQUAL_FATAL(rt_task_check(&ts[2], &d), RT_OK);
	CU_ASSERT_EQUAL(rt_task_oblivious_nvals(&ts[2]), 0);
	CU_ASSERT_EQUAL_FATAL(rt_task_oblivious(&ts[2], &ob, NULL, &d), RT_OK);
	CU_ASSERT_EQUAL(ob.wcet, 5);
	CU_ASSERT_EQUAL(ob.exec_min, 4);
	CU_ASSERT_EQUAL(ob.exec_max, 6);
	CU_ASSERT_EQUAL(rt_task_max_demand(&ob, NULL), 6);
	CU_ASSERT_EQUAL(rt_task_analysed_demand(&ts[2], true), 6);

	CU_ASSERT_EQUAL_FATAL(rt_taskset_oblivious(ts, 3, &set, &d), RT_OK);
	CU_ASSERT_PTR_NOT_NULL_FATAL(set);
	CU_ASSERT_EQUAL(set[0].wcet, 5);
	CU_ASSERT(set[0].exec_values != l14);
	CU_ASSERT_EQUAL(set[0].exec_values[0], 4);
	CU_ASSERT_EQUAL(set[0].exec_values[1], 7);
	CU_ASSERT_EQUAL(set[1].wcet, 3);
	CU_ASSERT_EQUAL(set[1].exec, RT_EXEC_FIXED);
	CU_ASSERT_EQUAL(set[2].exec_min, 4);
	CU_ASSERT_EQUAL(set[2].exec_max, 6);
	rt_free(set);

	/* 2^63 - 3 + 3 does not fit: the list value, then the uniform max */
	ts[0].exec_values = big;
	ob.wcet = 77;
	CU_ASSERT_EQUAL(rt_task_oblivious(&ts[0], &ob, vals, &d),
			RT_ERR_OVERFLOW);
	CU_ASSERT_EQUAL(ob.wcet, 77);           /* untouched */
	CU_ASSERT_STRING_EQUAL(d.msg, "task A: exec values[1] plus the "
			       "suspension lengths overflows the time range");
	CU_ASSERT_EQUAL(rt_task_check(&ts[0], &d), RT_ERR_OVERFLOW);
	set = NULL;
	CU_ASSERT_EQUAL(rt_taskset_oblivious(ts, 3, &set, &d),
			RT_ERR_OVERFLOW);
	CU_ASSERT_PTR_NULL(set);
	ts[2].exec_max = RT_TIME_MAX - 2;
	CU_ASSERT_EQUAL(rt_task_check(&ts[2], &d), RT_ERR_OVERFLOW);
	CU_ASSERT_STRING_EQUAL(d.msg, "task U: exec max plus the suspension "
			       "lengths overflows the time range");
}

/* ---- scenario errors ----------------------------------------------------- */

static void test_scenario_errors_name_the_point(void)
{
	struct scn_scenario *s;

	/* units and lists load exactly */
	s = cbs_load_text("format: 1\ntime_unit: ms\ntasks:\n"
			  "  - { name: A, C: 2, T: 10, suspend: [{after: 500us, "
			  "for: 1.5}, {after: 1, for: 2}] }\n");
	CU_ASSERT_EQUAL_FATAL(s->tasks[0].nsuspend, 2);
	CU_ASSERT_EQUAL(s->tasks[0].suspend[0].after, 500000);
	CU_ASSERT_EQUAL(s->tasks[0].suspend[0].len, 1500000);
	CU_ASSERT_EQUAL(s->tasks[0].suspend[1].after, 1000000);
	CU_ASSERT_EQUAL(s->tasks[0].suspend[1].len, 2000000);
	scn_free(s);
	cbs_load_fail("format: 1\ntasks:\n"
		      "  - { name: A, C: 4, T: 10, suspend: [{after: 2, for: 1}, "
		      "{after: 2, for: 1}] }\n",
		      "t.yaml:3:67: tasks[0].suspend[1].after: \"2\" is not "
		      "after suspend[0].after = \"2\"; expected strictly "
		      "increasing points");
	cbs_load_fail("format: 1\ntasks:\n"
		      "  - { name: A, C: 4, T: 10, suspend: [{after: 3, for: 1}, "
		      "{after: 2, for: 1}] }\n",
		      "t.yaml:3:67: tasks[0].suspend[1].after: \"2\" is not "
		      "after suspend[0].after = \"3\"");
	cbs_load_fail("format: 1\ntasks:\n"
		      "  - { name: A, C: 4, T: 10, suspend: [{after: 2, for: 0}] }\n",
		      "t.yaml:3:55: tasks[0].suspend[0].for: \"0\" is zero; "
		      "expected a time > 0");
	cbs_load_fail("format: 1\ntasks:\n"
		      "  - { name: A, C: 4, T: 10, suspend: [{after: 2, for: -3}] }\n",
		      "t.yaml:3:55: tasks[0].suspend[0].for: \"-3\" is negative");
	cbs_load_fail("format: 1\ntasks:\n"
		      "  - { name: A, C: 4, T: 10, suspend: [{after: 0, for: 1}] }\n",
		      "t.yaml:3:47: tasks[0].suspend[0].after: \"0\" is zero");
	cbs_load_fail("format: 1\ntasks:\n"
		      "  - { name: A, C: 4, T: 10, suspend: [{after: 1ms, for: 1}] }\n",
		      "t.yaml:3:47: tasks[0].suspend[0].after: \"1ms\" has a "
		      "physical unit but time_unit is tick");
	cbs_load_fail("format: 1\ntime_unit: ms\ntasks:\n"
		      "  - { name: A, C: 4, T: 10, suspend: [{after: 1, for: 0.5ns}] }\n",
		      "t.yaml:4:55: tasks[0].suspend[0].for: \"0.5ns\" is not a "
		      "whole number of nanoseconds");
	cbs_load_fail("format: 1\ntasks:\n"
		      "  - { name: A, C: 4, T: 10, suspend: [{after: 1}] }\n",
		      "t.yaml:3:39: tasks[0].suspend[0]: missing for; expected "
		      "{after: X, for: Y}");
	cbs_load_fail("format: 1\ntasks:\n"
		      "  - { name: A, C: 4, T: 10, suspend: [{after: 1, len: 2}] }\n",
		      "t.yaml:3:50: tasks[0].suspend[0].len: unknown key; "
		      "expected one of: after, for");
	cbs_load_fail("format: 1\ntasks:\n"
		      "  - { name: A, C: 4, T: 10, suspend: [] }\n",
		      "tasks[0].suspend: empty list");
}

/* ---- hand-checked timelines ---------------------------------------------- */

/* suspend-edf.yaml: A (3, 8, 12) runs 1, suspends 2, B (3, 10, 12) runs
 * meanwhile; A's wake-up preempts B (8 < 10). */
static void test_edf_runs_the_other_task_during_a_suspension(void)
{
	struct scn_scenario *s = cbs_load_example("suspend-edf");
	struct tu_trace tr;
	struct sim_engine *e = sp_run_s(s, SP_SCHED, &tr);
	const struct sim_stats *st = sim_engine_stats(e);

	tu_expect_text(tr.buf,
		       "0 start A.0 c0 3\n"       /* [0,1) A */
		       "1 suspend A.0 c0 2\n"     /* A suspended [1,3) */
		       "1 start B.0 c0 3\n"       /* [1,3) B */
		       "3 resume A.0 c-1 2\n"
		       "3 preempt B.0 c0 1\n"
		       "3 start A.0 c0 2\n"       /* [3,5) A */
		       "5 complete A.0 c0 5\n"    /* response includes [1,3) */
		       "5 start B.0 c0 1\n"       /* [5,6) B */
		       "6 complete B.0 c0 6\n"
		       "12 end\n");
	CU_ASSERT_EQUAL(st->tasks[0].max_response, 5);
	CU_ASSERT_EQUAL(st->tasks[0].preemptions, 0);   /* a suspension is not one */
	CU_ASSERT_EQUAL(st->tasks[1].preemptions, 1);
	CU_ASSERT_EQUAL(st->cpu[0].busy, 6);
	CU_ASSERT_EQUAL(st->misses, 0);
	free(tr.buf);
	sp_done(e, s);
}

/* Points are met in order at the executed demand; a point at or past a
 * job's demand is skipped for that job (demands 5, then 2; the third
 * job's 6 makes the point at 5 one that a job can meet: a point no job
 * meets is refused, test_scn_errors.c). */
static void test_points_are_met_in_order_and_skipped_past_the_demand(void)
{
	struct scn_scenario *s;
	struct sim_engine *e = sp_check(
		"format: 1\nhorizon: 20\ntasks:\n"
		"  - { name: A, C: 5, T: 10, exec: { model: list, values: [5, 2, 6] },\n"
		"      suspend: [{after: 1, for: 1}, {after: 3, for: 2}, "
		"{after: 5, for: 1}] }\n", SP_SCHED,
		"0 start A.0 c0 5\n"            /* [0,1) */
		"1 suspend A.0 c0 1\n"          /* executed 1 */
		"2 resume A.0 c-1 4\n"
		"2 start A.0 c0 4\n"            /* [2,4) */
		"4 suspend A.0 c0 2\n"          /* executed 3 */
		"6 resume A.0 c-1 2\n"
		"6 start A.0 c0 2\n"            /* [6,8): after 5 == demand */
		"8 complete A.0 c0 8\n"
		"10 start A.1 c0 2\n"           /* demand 2: only after 1 */
		"11 suspend A.1 c0 1\n"
		"12 resume A.1 c-1 1\n"
		"12 start A.1 c0 1\n"
		"13 complete A.1 c0 3\n"
		"20 end\n", &s);

	CU_ASSERT_EQUAL(sim_engine_stats(e)->cpu[0].busy, 7);
	sp_done(e, s);
}

/* fp: the high-priority task's wake-up preempts the low one, whose earlier
 * deadline does not matter; edf on the same set does not preempt. */
static void test_fp_wakeup_preempts_by_priority_edf_by_deadline(void)
{
	static const char yaml[] =
		"format: 1\nhorizon: 10\n"
		"scheduler: { policy: %s }\n"
		"tasks:\n"
		"  - { name: H, C: 3, D: 10, T: 10, priority: 1, "
		"suspend: [{after: 1, for: 3}] }\n"
		"  - { name: L, C: 4, D: 5, T: 10, priority: 2 }\n";
	char buf[512];
	struct scn_scenario *s;
	struct sim_engine *e;

	snprintf(buf, sizeof(buf), yaml, "fp, priorities: explicit");
	e = sp_check(buf, SP_SCHED,
		     "0 start H.0 c0 3\n"
		     "1 suspend H.0 c0 3\n"
		     "1 start L.0 c0 4\n"       /* [1,4) L */
		     "4 resume H.0 c-1 2\n"
		     "4 preempt L.0 c0 1\n"     /* priority 1 over 2 */
		     "4 start H.0 c0 2\n"       /* [4,6) H */
		     "6 complete H.0 c0 6\n"
		     "6 start L.0 c0 1\n"
		     "7 complete L.0 c0 7\n"
		     "7 deadline_miss L.0 c0 2\n"
		     "10 end\n", &s);
	sp_done(e, s);
	snprintf(buf, sizeof(buf), yaml, "edf");
	e = sp_check(buf, SP_SCHED,
		     "0 start L.0 c0 4\n"       /* d 5 < 10 */
		     "4 complete L.0 c0 4\n"
		     "4 start H.0 c0 3\n"
		     "5 suspend H.0 c0 3\n"
		     "8 resume H.0 c-1 2\n"
		     "8 start H.0 c0 2\n"
		     "10 complete H.0 c0 10\n"
		     "10 end\n", &s);
	sp_done(e, s);
}

/* A suspended job stays the head of its task: the next job waits behind
 * it with the CPU idle; a wake-up at the horizon is not armed. */
static void test_a_later_job_waits_behind_its_suspended_predecessor(void)
{
	struct scn_scenario *s;
	struct sim_engine *e = sp_check(
		"format: 1\nhorizon: 9\ntasks:\n"
		"  - { name: A, C: 2, D: 10, T: 3, suspend: [{after: 1, for: 3}] }\n",
		SP_SCHED | SIM_MASK(SIM_REC_RELEASE),
		"0 release A.0 c-1 10\n"
		"0 start A.0 c0 2\n"
		"1 suspend A.0 c0 3\n"
		"3 release A.1 c-1 13\n"        /* waits: A.0 is the head */
		"4 resume A.0 c-1 1\n"
		"4 start A.0 c0 1\n"
		"5 complete A.0 c0 5\n"
		"5 start A.1 c0 2\n"
		"6 suspend A.1 c0 3\n"          /* wakes at 9 = H: never */
		"6 release A.2 c-1 16\n"        /* waits behind A.1, CPU idle */
		"9 unfinished A.1 c-1 1\n"
		"9 unfinished A.2 c-1 2\n"
		"9 end\n", &s);

	CU_ASSERT_EQUAL(sim_engine_stats(e)->misses, 0);
	sp_done(e, s);
}

/* A job suspended at the horizon is pending: MISS (d <= H, lower bound
 * H - d) and UNFINISHED, no CPU. */
static void test_a_job_suspended_at_the_horizon_is_pending(void)
{
	struct scn_scenario *s;
	struct sim_engine *e = sp_check(
		"format: 1\nhorizon: 5\ntasks:\n"
		"  - { name: A, C: 2, D: 3, T: 20, suspend: [{after: 1, for: 10}] }\n"
		"  - { name: B, C: 1, D: 20, T: 20 }\n", SP_SCHED,
		"0 start A.0 c0 2\n"
		"1 suspend A.0 c0 10\n"
		"1 start B.0 c0 1\n"
		"2 complete B.0 c0 2\n"
		"5 deadline_miss A.0 c-1 2\n"
		"5 unfinished A.0 c-1 1\n"
		"5 end\n", &s);
	const struct sim_stats *st = sim_engine_stats(e);

	CU_ASSERT_EQUAL(st->tasks[0].missed, 1);
	CU_ASSERT_EQUAL(st->tasks[0].completed, 0);
	CU_ASSERT_EQUAL(st->tasks[0].max_tardiness, 2);
	CU_ASSERT_TRUE(st->has_first_miss);
	CU_ASSERT_EQUAL(st->first_miss.finish, RT_TIME_NEVER);
	sp_done(e, s);
}

/* on_miss: abort while suspended: ABORT (cpu -1) without a dequeue, the
 * wake-up cancelled (no RESUME at 6 or 16); the task's next job runs
 * normally.  The same job schedule under edf, a hard CBS server and
 * linux-dl (whose server FIFO must not see the aborted job again). */
static void test_abort_while_suspended_cancels_the_wakeup(void)
{
	static const char want[] =
		"0 start A.0 c0 2\n"
		"1 suspend A.0 c0 5\n"
		"1 start B.0 c0 4\n"
		"3 abort A.0 c-1 1\n"
		"3 deadline_miss A.0 c-1 0\n"
		"5 complete B.0 c0 5\n"
		"10 start A.1 c0 2\n"
		"11 suspend A.1 c0 5\n"
		"13 abort A.1 c-1 1\n"
		"13 deadline_miss A.1 c-1 0\n"
		"20 end\n";
	static const char tasks[] =
		"tasks:\n"
		"  - { name: A, C: 2, D: 3, T: 10, suspend: [{after: 1, for: 5}]%s }\n"
		"  - { name: B, C: 4, D: 20, T: 20 }\n";
	char yaml[640], t[256];
	struct scn_scenario *s;
	struct sim_engine *e;

	snprintf(t, sizeof(t), tasks, "");
	snprintf(yaml, sizeof(yaml), "format: 1\nhorizon: 20\n"
		 "scheduler: { on_miss: abort }\n%s", t);
	e = sp_check(yaml, SP_SCHED, want, &s);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->tasks[0].aborted, 2);
	sp_done(e, s);

	snprintf(t, sizeof(t), tasks, ", server: S");
	snprintf(yaml, sizeof(yaml), "format: 1\nhorizon: 20\n"
		 "scheduler: { policy: cbs, on_miss: abort }\n"
		 "servers: [{ name: S, kind: hard-cbs, budget: 2, period: 10 }]\n"
		 "%s", t);
	e = sp_check(yaml, SP_SCHED, want, &s);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->tasks[0].aborted, 2);
	sp_done(e, s);

	e = sp_check("format: 1\ntime_unit: ms\nhorizon: 20\n"
		     "scheduler: { policy: linux-dl, on_miss: abort }\n"
		     "tasks:\n"
		     "  - { name: A, runtime: 2, deadline: 3, period: 10, "
		     "suspend: [{after: 1, for: 5}] }\n"
		     "  - { name: B, runtime: 4, deadline: 20, period: 20 }\n",
		     SP_SCHED,
		     "0 start A.0 c0 2000000\n"
		     "1000000 suspend A.0 c0 5000000\n"
		     "1000000 start B.0 c0 4000000\n"
		     "3000000 abort A.0 c-1 1000000\n"
		     "3000000 deadline_miss A.0 c-1 0\n"
		     "5000000 complete B.0 c0 5000000\n"
		     "10000000 start A.1 c0 2000000\n"
		     "11000000 suspend A.1 c0 5000000\n"
		     "13000000 abort A.1 c-1 1000000\n"
		     "13000000 deadline_miss A.1 c-1 0\n"
		     "20000000 end\n", &s);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->tasks[0].aborted, 2);
	sp_done(e, s);
}

#define SP_SERVER (SIM_MASK(SIM_REC_SERVER_WAKEUP) |                    \
		   SIM_MASK(SIM_REC_SERVER_DEADLINE) |                  \
		   SIM_MASK(SIM_REC_BUDGET_EXHAUSTED) |                 \
		   SIM_MASK(SIM_REC_REPLENISH) |                        \
		   SIM_MASK(SIM_REC_THROTTLE) |                         \
		   SIM_MASK(SIM_REC_SUSPEND) | SIM_MASK(SIM_REC_RESUME) | \
		   SIM_MASK(SIM_REC_START) | SIM_MASK(SIM_REC_PREEMPT) |  \
		   SIM_MASK(SIM_REC_COMPLETE))

static struct sim_engine *sp_server(const char *kind, rt_time c,
				    rt_time len, const char *want,
				    struct scn_scenario **s)
{
	char yaml[512];

	snprintf(yaml, sizeof(yaml), "format: 1\nhorizon: 20\n"
		 "servers: [{ name: S, kind: %s, budget: 2, period: 10 }]\n"
		 "tasks:\n"
		 "  - { name: J, C: %" PRId64 ", D: 20, T: 20, server: S, "
		 "suspend: [{after: 1, for: %" PRId64 "}] }\n", kind, c, len);
	return sp_check(yaml, SP_SERVER, want, s);
}

/* Soft CBS (Q = 2, T = 10): the job runs [0,1) (q = 1, d = 10) and
 * suspends; docs/theory.md §E.1 rule 4 at its wake-up r: keep (q, d) iff
 * q < (d - r) Q/T.  r = 3: 1 < 1.4, kept, and the budget ends with the
 * job at 4 (soft: recharged, d = 20); r = 6: 1 >= 0.8, d = 16, q = 2. */
static void test_soft_cbs_wakeup_keeps_or_renews_the_budget(void)
{
	struct scn_scenario *s;
	struct sim_engine *e;

	e = sp_server("cbs", 2, 2,
		      "0 server_wakeup J.0 c-1 2\n"
		      "0 server_deadline J.0 c-1 10\n"
		      "0 start J.0 c0 2\n"
		      "1 suspend J.0 c0 2\n"
		      "3 resume J.0 c-1 1\n"
		      "3 server_wakeup J.0 c-1 1\n"     /* kept */
		      "3 server_deadline J.0 c-1 10\n"
		      "3 start J.0 c0 1\n"
		      "4 budget_exhausted J.0 c-1 0\n"
		      "4 replenish J.0 c-1 2\n"
		      "4 server_deadline J.0 c-1 20\n"
		      "4 complete J.0 c0 4\n", &s);
	sp_done(e, s);
	e = sp_server("cbs", 2, 5,
		      "0 server_wakeup J.0 c-1 2\n"
		      "0 server_deadline J.0 c-1 10\n"
		      "0 start J.0 c0 2\n"
		      "1 suspend J.0 c0 5\n"
		      "6 resume J.0 c-1 1\n"
		      "6 server_wakeup J.0 c-1 2\n"     /* renewed */
		      "6 server_deadline J.0 c-1 16\n"
		      "6 start J.0 c0 1\n"
		      "7 complete J.0 c0 7\n", &s);
	sp_done(e, s);
}

/* Hard CBS, the same server and a 3-unit job: woken at 3 it keeps q = 1,
 * runs it out at 4 and is throttled until d = 10 (E.2), then replenished
 * (q = 2, d = 20) and done at 11; woken at 6 it gets q = 2, d = 16 and
 * completes at 8 with its budget (exhaustion at the completion: throttled
 * until 16). */
static void test_hard_cbs_wakeup_keeps_the_budget_then_throttles(void)
{
	struct scn_scenario *s;
	struct sim_engine *e;

	e = sp_server("hard-cbs", 3, 2,
		      "0 server_wakeup J.0 c-1 2\n"
		      "0 server_deadline J.0 c-1 10\n"
		      "0 start J.0 c0 3\n"
		      "1 suspend J.0 c0 2\n"
		      "3 resume J.0 c-1 2\n"
		      "3 server_wakeup J.0 c-1 1\n"
		      "3 server_deadline J.0 c-1 10\n"
		      "3 start J.0 c0 2\n"
		      "4 budget_exhausted J.0 c0 0\n"
		      "4 throttle J.0 c-1 10\n"
		      "4 preempt J.0 c0 1\n"
		      "10 replenish J.0 c-1 2\n"
		      "10 server_deadline J.0 c-1 20\n"
		      "10 start J.0 c0 1\n"
		      "11 complete J.0 c0 11\n", &s);
	sp_done(e, s);
	e = sp_server("hard-cbs", 3, 5,
		      "0 server_wakeup J.0 c-1 2\n"
		      "0 server_deadline J.0 c-1 10\n"
		      "0 start J.0 c0 3\n"
		      "1 suspend J.0 c0 5\n"
		      "6 resume J.0 c-1 2\n"
		      "6 server_wakeup J.0 c-1 2\n"
		      "6 server_deadline J.0 c-1 16\n"
		      "6 start J.0 c0 2\n"
		      "8 budget_exhausted J.0 c-1 0\n"
		      "8 throttle J.0 c-1 16\n"
		      "8 complete J.0 c0 8\n"
		      "16 replenish J.0 c-1 2\n"
		      "16 server_deadline J.0 c-1 26\n", &s);
	sp_done(e, s);
}

/* suspend-wakeup.yaml: docs/theory.md §E.7 vectors 4 and 5 reached by suspensions,
 * in kernel arithmetic (dl_entity_overflow, update_dl_revised_wakeup,
 * dl_check_constrained_dl, replenish_dl_entity). */
static void test_linux_dl_wakeups_after_suspension_match_vectors_4_and_5(void)
{
	struct scn_scenario *s = cbs_load_example("suspend-wakeup");
	struct tu_trace tr;
	struct sim_engine *e = sp_run_s(s, SIM_MASK(SIM_REC_RESUME) |
					SIM_MASK(SIM_REC_SERVER_WAKEUP) |
					SIM_MASK(SIM_REC_SERVER_DEADLINE) |
					SIM_MASK(SIM_REC_THROTTLE) |
					SIM_MASK(SIM_REC_REPLENISH) |
					SIM_MASK(SIM_REC_COMPLETE) |
					SIM_MASK(SIM_REC_MISS), &tr);
	const char *from = strstr(tr.buf ? tr.buf : "", "2000000 ");

	CU_ASSERT_PTR_NOT_NULL_FATAL(from);
	tu_expect_text(from,
		       /* C2: 1/2 = 2/4: no overflow, keeps d = 4, q = 1 */
		       "2000000 resume C2.0 c-1 1000000\n"
		       "2000000 server_wakeup C2.0 c-1 1000000\n"
		       "2000000 server_deadline C2.0 c-1 4000000\n"
		       "3000000 throttle C2.0 c-1 10000000\n"
		       "3000000 complete C2.0 c0 3000000\n"
		       /* C3: revised wake-up: q = 0.5 ms, d = 4 stays */
		       "3000000 resume C3.0 c-1 1000000\n"
		       "3000000 server_wakeup C3.0 c-1 500000\n"
		       "3000000 server_deadline C3.0 c-1 4000000\n"
		       "3500000 throttle C3.0 c-1 10000000\n"
		       /* I4: 1/6 <= 0.2: keeps d = 10, q = 1 */
		       "4000000 resume I4.0 c-1 1000000\n"
		       "4000000 server_wakeup I4.0 c-1 1000000\n"
		       "4000000 server_deadline I4.0 c-1 10000000\n"
		       "5000000 throttle I4.0 c-1 10000000\n"
		       "5000000 complete I4.0 c3 5000000\n"
		       /* C5: after d, before the next period: throttled */
		       "5000000 resume C5.0 c-1 1000000\n"
		       "5000000 server_wakeup C5.0 c-1 0\n"
		       "5000000 throttle C5.0 c-1 10000000\n"
		       /* I6: 1/4 > 0.2: d = 16, q = 2 */
		       "6000000 resume I6.0 c-1 1000000\n"
		       "6000000 server_wakeup I6.0 c-1 2000000\n"
		       "6000000 server_deadline I6.0 c-1 16000000\n"
		       "7000000 complete I6.0 c4 7000000\n"
		       "10000000 replenish C2.0 c-1 2000000\n"
		       "10000000 server_deadline C2.0 c-1 14000000\n"
		       "10000000 replenish C3.0 c-1 2000000\n"
		       "10000000 server_deadline C3.0 c-1 14000000\n"
		       "10000000 replenish I4.0 c-1 2000000\n"
		       "10000000 server_deadline I4.0 c-1 20000000\n"
		       "10000000 replenish C5.0 c-1 2000000\n"
		       "10000000 server_deadline C5.0 c-1 14000000\n"
		       "10500000 complete C3.0 c1 10500000\n"
		       "10500000 deadline_miss C3.0 c1 6500000\n"
		       "11000000 complete C5.0 c2 11000000\n"
		       "11000000 deadline_miss C5.0 c2 7000000\n");
	free(tr.buf);
	sp_done(e, s);
}

/* GRUB (docs/theory.md §E.5 example, the block as a suspension): T1 runs [0,2) and
 * suspends with q = 2, d = 8: non-contending until its 0-lag time
 * 8 - 2*8/4 = 4, then inactive; T2 runs from 2 at rate 1, from 4 at rate
 * 1/2: 6 units in [2, 8).  Kernel (linux-dl) and exact (cbs) alike. */
static void test_grub_suspended_server_goes_inactive_at_its_zero_lag(void)
{
	struct scn_scenario *s;
	struct sim_engine *e;

	e = sp_check("format: 1\ntime_unit: ms\nhorizon: 16\n"
		     "scheduler: { policy: linux-dl, kernel: \"6.6\", "
		     "rt_runtime_us: -1, reclaim: grub }\n"
		     "tasks:\n"
		     "  - { name: T1, runtime: 4, period: 8, releases: [0], "
		     "suspend: [{after: 2, for: 20}] }\n"
		     "  - { name: T2, runtime: 4, period: 8, releases: [0], "
		     "exec: { model: list, values: [6] } }\n",
		     SIM_MASK(SIM_REC_SUSPEND) |
		     SIM_MASK(SIM_REC_SERVER_INACTIVE) |
		     SIM_MASK(SIM_REC_COMPLETE) | SIM_MASK(SIM_REC_UNFINISHED),
		     "2000000 suspend T1.0 c0 20000000\n"
		     "4000000 server_inactive T1.0 c-1 524288\n"
		     "8000000 server_inactive T2.0 c-1 0\n" /* q = 0 at d */
		     "8000000 complete T2.0 c0 8000000\n"
		     "16000000 unfinished T1.0 c-1 2000000\n", &s);
	sp_done(e, s);
	e = sp_check("format: 1\nhorizon: 16\n"
		     "servers:\n"
		     "  - { name: S1, kind: hard-cbs, budget: 4, period: 8, "
		     "reclaim: grub }\n"
		     "  - { name: S2, kind: hard-cbs, budget: 4, period: 8, "
		     "reclaim: grub }\n"
		     "tasks:\n"
		     "  - { name: T1, C: 4, T: 8, server: S1, releases: [0], "
		     "suspend: [{after: 2, for: 20}] }\n"
		     "  - { name: T2, C: 6, T: 8, server: S2, releases: [0] }\n",
		     SIM_MASK(SIM_REC_SUSPEND) |
		     SIM_MASK(SIM_REC_SERVER_INACTIVE) |
		     SIM_MASK(SIM_REC_COMPLETE) | SIM_MASK(SIM_REC_UNFINISHED),
		     "2 suspend T1.0 c0 20\n"
		     "4 server_inactive T1.0 c-1 524288\n"
		     "8 server_inactive T2.0 c-1 0\n"
		     "8 complete T2.0 c0 8\n"
		     "16 unfinished T1.0 c-1 2\n", &s);
	sp_done(e, s);
}

/* ---- outputs ------------------------------------------------------------- */

static struct render_meta sp_meta(const struct scn_scenario *s,
				  rt_time horizon)
{
	struct render_meta m = {
		.scenario = s->name, .time_unit = "tick", .display_unit = "tick",
		.display_scale = 1, .cpus = s->cpus, .horizon = horizon,
		.tasks = s->tasks, .ntasks = s->ntasks,
	};
	return m;
}

static struct render_gantt *sp_chart(const struct render_meta *m,
				     enum render_rows rows)
{
	struct render_gantt_opts o = RENDER_GANTT_OPTS_DEFAULT;
	struct render_gantt *g = NULL;
	struct rt_diag d;

	o.rows = rows;
	CU_ASSERT_EQUAL_FATAL(render_gantt_create(m, &o, &g, &d), RT_OK);
	return g;
}

static void sp_expect_box(const struct render_boxes *b, size_t i, rt_time a,
			  rt_time e)
{
	CU_ASSERT_FATAL(i < b->n);
	CU_ASSERT_EQUAL(b->v[i].a, a);
	CU_ASSERT_EQUAL(b->v[i].b, e);
}

/* The chart records A's suspension [1,3) in its row (not in B's, not in
 * the CPU view), its execution as [0,1) and [3,5); a JSONL log of the run
 * replays into the same chart; the Chrome trace has the instants. */
static void test_charts_logs_and_traces_carry_the_suspension(void)
{
	struct scn_scenario *s = cbs_load_example("suspend-edf");
	struct render_meta m = sp_meta(s, 12);
	struct render_gantt *g = sp_chart(&m, RENDER_ROWS_TASK);
	struct render_gantt *gc = sp_chart(&m, RENDER_ROWS_CPU), *again;
	struct render_log *l;
	struct render_chrome *ch;
	struct render_replay *rp;
	struct sim_sink sinks[4], rs;
	struct sim_config c = cbs_config(s);
	struct sim_engine *e = NULL;
	struct rt_diag d;
	char *buf = NULL, *tbuf = NULL;
	size_t len = 0, tlen = 0;
	FILE *f = open_memstream(&buf, &len), *tf = open_memstream(&tbuf, &tlen);

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(tf);
	CU_ASSERT_EQUAL_FATAL(render_log_open(f, RENDER_LOG_JSONL, &m, &l, NULL),
			      RT_OK);
	CU_ASSERT_EQUAL_FATAL(render_chrome_open(tf, &m, &ch, NULL), RT_OK);
	sinks[0] = render_gantt_sink(g);
	sinks[1] = render_gantt_sink(gc);
	sinks[2] = render_log_sink(l);
	sinks[3] = render_chrome_sink(ch);
	CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, &d), RT_OK);
	for (int i = 0; i < 4; i++)
		CU_ASSERT_EQUAL(sim_engine_add_sink(e, &sinks[i]), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_run(e, &d), RT_OK);
	sim_engine_destroy(e);
	CU_ASSERT_EQUAL(render_log_finish(l, NULL), RT_OK);
	CU_ASSERT_EQUAL(render_chrome_finish(ch, NULL), RT_OK);
	fclose(f);
	fclose(tf);

	CU_ASSERT_EQUAL(render_gantt_suspensions(g, 0)->n, 1);
	sp_expect_box(render_gantt_suspensions(g, 0), 0, 1, 3);
	CU_ASSERT_EQUAL(render_gantt_suspensions(g, 1)->n, 0);
	sp_expect_box(render_gantt_boxes(g, 0), 0, 0, 1);
	sp_expect_box(render_gantt_boxes(g, 0), 1, 3, 5);
	CU_ASSERT_EQUAL(render_gantt_suspensions(gc, 0)->n, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "{\"t\":1,\"event\":\"suspend\","
				      "\"cpu\":0,\"task\":\"A\",\"task_index\":0,"
				      "\"job\":0,\"value\":2"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "{\"t\":3,\"event\":\"resume\","
				      "\"cpu\":null,\"task\":\"A\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(tbuf, "{\"name\":\"suspend\",\"ph\":\"i\","
				      "\"pid\":2,\"tid\":1,\"ts\":1,"));
	CU_ASSERT_PTR_NOT_NULL(strstr(tbuf, "\"args\":{\"job\":0,\"for\":2}}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(tbuf, "{\"name\":\"resume\""));
	/* execution slice [0,1) on CPU 0 ends at the suspension */
	CU_ASSERT_PTR_NOT_NULL(strstr(tbuf, "{\"name\":\"A\",\"ph\":\"X\","
				      "\"pid\":1,\"tid\":0,\"ts\":0,\"dur\":1,"));

	/* replay: the same suspension and boxes */
	f = fmemopen(buf, len, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL_FATAL(render_replay_open(f, "x.jsonl", &rp, &d), RT_OK);
	again = sp_chart(render_replay_meta(rp), RENDER_ROWS_TASK);
	rs = render_gantt_sink(again);
	CU_ASSERT_EQUAL(render_replay_run(rp, &rs, 1, &d), RT_OK);
	CU_ASSERT_EQUAL(render_gantt_suspensions(again, 0)->n, 1);
	sp_expect_box(render_gantt_suspensions(again, 0), 0, 1, 3);
	sp_expect_box(render_gantt_boxes(again, 0), 1, 3, 5);
	render_replay_destroy(rp);
	fclose(f);
	render_gantt_destroy(again);
	render_gantt_destroy(g);
	render_gantt_destroy(gc);
	free(buf);
	free(tbuf);
	scn_free(s);
	render_release_caches();        /* the layout measured text */
}

/* A suspension ends at an abort, or at END when still open; a replayed
 * suspend without a CPU or job is rejected. */
static void test_chart_suspension_ends_at_abort_or_end(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\nhorizon: 8\nscheduler: { on_miss: abort }\n"
		"tasks:\n"
		"  - { name: A, C: 2, D: 3, T: 20, suspend: [{after: 1, for: 5}] }\n"
		"  - { name: B, C: 2, D: 20, T: 20, suspend: [{after: 1, for: 30}] }\n");
	struct render_meta m = sp_meta(s, 8);
	struct render_gantt *g = sp_chart(&m, RENDER_ROWS_TASK);
	struct sim_sink sink = render_gantt_sink(g);
	struct sim_config c = cbs_config(s);
	struct render_replay *rp;
	struct rt_diag d;
	static const char bad[] =
		"{\"type\":\"header\",\"format\":1,\"time_unit\":\"tick\","
		"\"cpus\":1,\"horizon\":8,\"tasks\":[{\"name\":\"A\",\"C\":1,"
		"\"D\":2,\"T\":3}]}\n"
		"{\"t\":0,\"event\":\"release\",\"cpu\":null,\"task_index\":0,"
		"\"job\":0,\"value\":2,\"seq\":0,\"release\":0,\"deadline\":2}\n"
		"{\"t\":1,\"event\":\"suspend\",\"cpu\":null,\"task_index\":0,"
		"\"job\":0,\"value\":2,\"seq\":0,\"release\":0,"
		"\"deadline\":2}\n";
	FILE *f;

	sim_engine_destroy(tu_engine_run(&c, &sink));
	/* A: [0,1), suspended [1,3) until its abort at 3; B: [1,2),
	 * suspended [2,8) until END */
	sp_expect_box(render_gantt_suspensions(g, 0), 0, 1, 3);
	sp_expect_box(render_gantt_suspensions(g, 1), 0, 2, 8);
	render_gantt_destroy(g);
	scn_free(s);
	render_release_caches();

	f = fmemopen((void *)bad, sizeof(bad) - 1, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL_FATAL(render_replay_open(f, "bad.jsonl", &rp, &d), RT_OK);
	CU_ASSERT_EQUAL(render_replay_run(rp, NULL, 0, &d), RT_ERR_PARSE);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "bad.jsonl:3: \"cpu\": this event "
				      "needs a CPU"));
	render_replay_destroy(rp);
	fclose(f);
}

/* ---- property tests -------------------------------------------------------- */

#define SP_MAXT 5
#define SP_MAXCPU 3
#define SP_NSETS 300

/* A point no job meets is refused (rt_task_check): keep the points
 * before the largest demand. */
static void sp_trim(struct rt_task *k)
{
	while (k->nsuspend && k->suspend[k->nsuspend - 1].after >=
	       rt_task_max_demand(k, NULL))
		k->nsuspend--;
	if (!k->nsuspend)
		k->suspend = NULL;
}

/* A random task with 0..3 suspension points (times scaled by 'unit'). */
static struct rt_task sp_random_task(struct rt_rng *g, char *name,
				     struct rt_suspend *pts, rt_time unit)
{
	rt_time t = rt_rng_range(g, 4, 30), c = rt_rng_range(g, 1, t / 2 + 1);
	struct rt_task k = rt_task_make(name, c * unit,
					rt_rng_range(g, c, t) * unit, t * unit);
	size_t n = (size_t)rt_rng_range(g, 0, 3);
	rt_time after = 0;

	for (size_t i = 0; i < n; i++) {
		after += rt_rng_range(g, 1, c + 1);
		pts[i].after = after * unit;
		pts[i].len = rt_rng_range(g, 1, 8) * unit;
	}
	k.suspend = n ? pts : NULL;
	k.nsuspend = n;
	if (rt_rng_range(g, 0, 1)) {
		k.exec = RT_EXEC_UNIFORM;
		k.exec_min = unit;
		k.exec_max = (c + 2) * unit;    /* overruns too */
	}
	if (rt_rng_range(g, 0, 3) == 0)
		k.offset = rt_rng_range(g, 0, 10) * unit;
	sp_trim(&k);
	return k;
}

/* >= 300 random sets under edf (global), fp, linux-dl and edf-split,
 * on_miss continue or abort, through the checker of sched_check.h: work
 * conservation (every executed unit belongs to a completed job's demand
 * or a partial one; busy time agrees; edf and fp: no CPU idle while a job
 * is ready, and the policy's order), no CPU runs two jobs, no job runs
 * while suspended, each suspension at exactly its point's executed
 * demand, wake-ups on time. */
static void test_random_suspending_sets_keep_the_invariants(void)
{
	static const char *const pol[] = { "edf", "fp", "linux-dl",
					   "edf-split" };
	const uint64_t master = 0x5b3e9du;
	static struct sc_check k;
	uint64_t total[SIM_REC__COUNT] = { 0 };

	for (unsigned set = 0; set < SP_NSETS; set++) {
		uint64_t seed = rt_rng_derive(master, set, 0);
		struct rt_rng g;
		struct rt_task ts[SP_MAXT];
		struct rt_suspend pts[SP_MAXT][3];
		char names[SP_MAXT][24];
		struct sim_config c;
		/* linux-dl and edf-split: server and admission records */
		struct sc_opts so = { .servers = set % 4 >= 2 };
		rt_time unit;
		size_t n;

		rt_rng_seed(&g, seed);
		memset(&c, 0, sizeof(c));
		c.policy = pol[set % 4];
		unit = set % 4 == 2 ? MS : 1;   /* linux-dl counts ns */
		c.cpus = set % 4 == 3 ? 1 : (unsigned)rt_rng_range(&g, 1, SP_MAXCPU);
		n = (size_t)rt_rng_range(&g, 1, SP_MAXT);
		for (size_t i = 0; i < n; i++) {
			snprintf(names[i], sizeof(names[i]), "t%zu", i);
			ts[i] = sp_random_task(&g, names[i], pts[i], unit);
		}
		c.tasks = ts;
		c.ntasks = n;
		c.horizon = 150 * unit;
		c.seed = seed;
		c.on_miss = rt_rng_range(&g, 0, 2) == 0 ? SIM_ON_MISS_ABORT :
			    SIM_ON_MISS_CONTINUE;
		c.rt_runtime_us = -1;           /* linux-dl: admit all */
		sc_run(&k, &c, &so);
		for (int i = 0; i < SIM_REC__COUNT; i++)
			total[i] += k.count[i];
		sc_free(&k);
		if (k.fails) {
			fprintf(stderr, "\n  [seed %" PRIu64 " set %u %s, %u CPUs: "
				"%s;", seed, set, c.policy, c.cpus, k.why);
			tu_print_tasks(ts, n);
			CU_FAIL("invariant broken");
			break;
		}
	}
	/* the sets exercised what they check */
	CU_ASSERT(total[SIM_REC_SUSPEND] > 1000);
	CU_ASSERT(total[SIM_REC_RESUME] > 1000);
	CU_ASSERT(total[SIM_REC_PREEMPT] > 100);
	CU_ASSERT(total[SIM_REC_ABORT] > 50);
	CU_ASSERT(total[SIM_REC_COMPLETE] > 1000);
	CU_ASSERT(total[SIM_REC_UNFINISHED] > 100);
}

/* Suspension-oblivious analysis is safe on one CPU (docs/theory.md §A.3 with C' =
 * C + suspensions): when QPA accepts the oblivious set, the simulation
 * with real suspensions never misses; and its tardiness never exceeds the
 * oblivious exact bound max(0, max dbf'(t) - t). */
static void test_oblivious_analysis_is_safe_on_one_cpu(void)
{
	const uint64_t master = 0x0b11u;
	unsigned accepted = 0;

	for (unsigned set = 0; set < 300; set++) {
		uint64_t seed = rt_rng_derive(master, set, 1);
		struct rt_rng g;
		struct rt_task ts[SP_MAXT], ob[SP_MAXT];
		struct rt_suspend pts[SP_MAXT][3];
		char names[SP_MAXT][24];
		struct rt_uni_result q;
		struct sim_config c;
		struct sim_engine *e;
		const struct sim_stats *st;
		bool u_ok = false;
		rt_time delta = 0;
		size_t n;

		rt_rng_seed(&g, seed);
		n = (size_t)rt_rng_range(&g, 1, 4);
		for (size_t i = 0; i < n; i++) {
			snprintf(names[i], sizeof(names[i]), "t%zu", i);
			ts[i] = sp_random_task(&g, names[i], pts[i], 1);
			ts[i].exec = RT_EXEC_FIXED;     /* sporadic model */
			ts[i].offset = 0;
			sp_trim(&ts[i]);
			CU_ASSERT_EQUAL_FATAL(rt_task_oblivious(&ts[i], &ob[i], NULL,
								NULL), RT_OK);
		}
		CU_ASSERT_EQUAL_FATAL(rt_uni_qpa(ob, n, &q), RT_OK);
		CU_ASSERT_EQUAL_FATAL(rt_uni_utilization_test(ob, n, &u_ok),
				      RT_OK);
		if (u_ok)
			CU_ASSERT_EQUAL_FATAL(rt_uni_max_tardiness(ob, n, &delta),
					      RT_OK);
		memset(&c, 0, sizeof(c));
		c.policy = "edf";
		c.cpus = 1;
		c.tasks = ts;
		c.ntasks = n;
		c.horizon = 400;
		e = tu_engine_run(&c, NULL);
		st = sim_engine_stats(e);
		accepted += q.verdict == RT_VERDICT_ACCEPT;
		if ((q.verdict == RT_VERDICT_ACCEPT && st->misses) ||
		    (u_ok && st->max_tardiness > delta)) {
			fprintf(stderr, "\n  [seed %" PRIu64 ": qpa %s, %" PRIu64
				" misses, tardiness %" PRId64 " > bound %" PRId64
				";", seed, rt_verdict_name(q.verdict), st->misses,
				st->max_tardiness, delta);
			tu_print_tasks(ts, n);
			CU_FAIL("suspension-oblivious analysis was not safe");
			sim_engine_destroy(e);
			break;
		}
		sim_engine_destroy(e);
	}
	CU_ASSERT(accepted > 30);       /* the test exercised both sides */
}

CU_TestInfo suspend_tests[] = {
	{ "suspension points are checked by the model",
	  test_suspension_points_are_checked_by_the_model },
	{ "the oblivious task's exec model counts the suspension",
	  test_oblivious_exec_model_counts_the_suspension },
	{ "scenario errors name the point",
	  test_scenario_errors_name_the_point },
	{ "edf runs the other task during a suspension",
	  test_edf_runs_the_other_task_during_a_suspension },
	{ "points are met in order and skipped past the demand",
	  test_points_are_met_in_order_and_skipped_past_the_demand },
	{ "fp wake-up preempts by priority, edf by deadline",
	  test_fp_wakeup_preempts_by_priority_edf_by_deadline },
	{ "a later job waits behind its suspended predecessor",
	  test_a_later_job_waits_behind_its_suspended_predecessor },
	{ "a job suspended at the horizon is pending",
	  test_a_job_suspended_at_the_horizon_is_pending },
	{ "abort while suspended cancels the wake-up",
	  test_abort_while_suspended_cancels_the_wakeup },
	{ "soft CBS wake-up keeps or renews the budget",
	  test_soft_cbs_wakeup_keeps_or_renews_the_budget },
	{ "hard CBS wake-up keeps the budget, then throttles",
	  test_hard_cbs_wakeup_keeps_the_budget_then_throttles },
	{ "linux-dl wake-ups after suspension match E.7 vectors 4 and 5",
	  test_linux_dl_wakeups_after_suspension_match_vectors_4_and_5 },
	{ "GRUB: a suspended server goes inactive at its 0-lag time",
	  test_grub_suspended_server_goes_inactive_at_its_zero_lag },
	{ "charts, logs and traces carry the suspension",
	  test_charts_logs_and_traces_carry_the_suspension },
	{ "a chart's suspension ends at an abort or at the end",
	  test_chart_suspension_ends_at_abort_or_end },
	{ "random suspending sets keep the invariants (300 sets)",
	  test_random_suspending_sets_keep_the_invariants },
	{ "suspension-oblivious analysis is safe on one CPU (300 sets)",
	  test_oblivious_analysis_is_safe_on_one_cpu },
	CU_TEST_INFO_NULL
};
