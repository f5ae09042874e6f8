/* test_edf.c - EDF schedules worked out by hand, tick by tick, compared
 * record by record with what the engine emits.  The engine contracts
 * (horizon, errors, sinks) are in test_edf_engine.c.
 *
 * Expected traces are one line per record: "TIME KIND TASK.JOB cCPU VALUE"
 * (kind names from sim_rec_kind_name; cpu -1 when not CPU-specific).
 */
#include <stdbool.h>
#include <stdlib.h>

#include <CUnit/CUnit.h>

#include "models/task.h"
#include "sim/engine.h"
#include "tests/edf_util.h"
#include "tests/suites.h"
#include "tests/trace_util.h"

#define SCHED TU_SCHED

/* Dario's case (docs/theory.md §D.3 seed): two tasks (C=4, D=5, T=10), U = 0.8.
 *   t=0  both released, d=5; tie -> P1 (task 0) first
 *   t=4  P1 completes (response 4); P2 starts
 *   t=8  P2 completes, response 8, deadline 5: misses by 3
 *   t=10 horizon: the releases at 10 do not happen */
static void test_dario_second_job_misses_by_three(void)
{
	struct rt_task t[2] = { rt_task_make("P1", 4, 5, 10),
				rt_task_make("P2", 4, 5, 10) };
	struct sim_config c = cfg_make(t, 2, 10);
	struct tu_trace s;
	struct sim_engine *e = run_text(&c, SIM_MASK_ALL, &s);
	const struct sim_stats *st = sim_engine_stats(e);

	expect_trace(&s,
		"0 release 0.0 c-1 5\n"
		"0 release 1.0 c-1 5\n"
		"0 start 0.0 c0 4\n"
		"4 complete 0.0 c0 4\n"
		"4 start 1.0 c0 4\n"
		"8 complete 1.0 c0 8\n"
		"8 deadline_miss 1.0 c0 3\n"
		"10 end 0.0 c-1 0\n");
	CU_ASSERT_EQUAL(st->jobs, 2);
	CU_ASSERT_EQUAL(st->completed, 2);
	CU_ASSERT_EQUAL(st->misses, 1);
	CU_ASSERT_EQUAL(st->max_tardiness, 3);
	CU_ASSERT(st->has_first_miss);
	CU_ASSERT_EQUAL(st->first_miss.task, 1);
	CU_ASSERT_EQUAL(st->first_miss.deadline, 5);
	CU_ASSERT_EQUAL(st->first_miss.finish, 8);
	CU_ASSERT_EQUAL(st->first_miss.tardiness, 3);
	CU_ASSERT_EQUAL(st->tasks[0].missed, 0);
	CU_ASSERT_EQUAL(st->tasks[1].missed, 1);
	CU_ASSERT_EQUAL(st->tasks[1].max_response, 8);
	CU_ASSERT_EQUAL(st->tasks[1].max_tardiness, 3);
	CU_ASSERT(st->tasks[1].sum_tardiness == 3);
	CU_ASSERT_EQUAL(st->cpu[0].busy, 8);
	CU_ASSERT_EQUAL(st->now, 10);
	sim_engine_destroy(e);
	free(s.buf);
}

/* Seed set 2: (C, D, T) = (1,2,10), (2,4,20), (3,6,50); density 1.5 yet
 * schedulable.  t=0: tau1 [0,1) d2; tau2 [1,3) d4; tau3 [3,6) d6 -- it
 * finishes exactly at its deadline, a hit.  t=10: tau1 [10,11).  t=20:
 * tau1 [20,21) d22, tau2 [21,23) d24.  Horizon 25. */
static void test_seed2_third_task_finishes_exactly_at_deadline(void)
{
	struct rt_task t[3] = { rt_task_make("t1", 1, 2, 10),
				rt_task_make("t2", 2, 4, 20),
				rt_task_make("t3", 3, 6, 50) };
	struct sim_config c = cfg_make(t, 3, 25);
	struct tu_trace s;
	struct sim_engine *e = run_text(&c, SCHED, &s);
	const struct sim_stats *st = sim_engine_stats(e);

	expect_trace(&s,
		"0 start 0.0 c0 1\n"
		"1 complete 0.0 c0 1\n"
		"1 start 1.0 c0 2\n"
		"3 complete 1.0 c0 3\n"
		"3 start 2.0 c0 3\n"
		"6 complete 2.0 c0 6\n"
		"10 start 0.1 c0 1\n"
		"11 complete 0.1 c0 1\n"
		"20 start 0.2 c0 1\n"
		"21 complete 0.2 c0 1\n"
		"21 start 1.1 c0 2\n"
		"23 complete 1.1 c0 3\n"
		"25 end 0.0 c-1 0\n");
	CU_ASSERT_EQUAL(st->jobs, 6);
	CU_ASSERT_EQUAL(st->misses, 0);
	CU_ASSERT_FALSE(st->has_first_miss);
	CU_ASSERT_EQUAL(st->tasks[2].max_response, 6);
	CU_ASSERT_EQUAL(st->cpu[0].busy, 10);
	sim_engine_destroy(e);
	free(s.buf);
}

/* Offsets and preemption: A (C=4, D=10, T=10), B (C=2, D=3, T=10,
 * offset 2).  t=0 A starts; t=2 B (d5) preempts A (2 left); t=4 B done,
 * A resumes; t=6 A done.  t=10 A.1 (d20) starts; t=12 B.1 (d15) preempts
 * it; t=14 B.1 done, A.1 resumes with 2; horizon 15: A.1 has 1 left, its
 * deadline 20 > 15, so it is unfinished but not a miss. */
static void test_offset_release_preempts_later_deadline(void)
{
	struct rt_task t[2] = { rt_task_make("A", 4, 10, 10),
				rt_task_make("B", 2, 3, 10) };
	struct sim_config c;
	struct tu_trace s;
	struct sim_engine *e;
	const struct sim_stats *st;

	t[1].offset = 2;
	c = cfg_make(t, 2, 15);
	e = run_text(&c, SIM_MASK_ALL, &s);
	st = sim_engine_stats(e);
	expect_trace(&s,
		"0 release 0.0 c-1 10\n"
		"0 start 0.0 c0 4\n"
		"2 release 1.0 c-1 5\n"
		"2 preempt 0.0 c0 2\n"
		"2 start 1.0 c0 2\n"
		"4 complete 1.0 c0 2\n"
		"4 start 0.0 c0 2\n"
		"6 complete 0.0 c0 6\n"
		"10 release 0.1 c-1 20\n"
		"10 start 0.1 c0 4\n"
		"12 release 1.1 c-1 15\n"
		"12 preempt 0.1 c0 2\n"
		"12 start 1.1 c0 2\n"
		"14 complete 1.1 c0 2\n"
		"14 start 0.1 c0 2\n"
		"15 unfinished 0.1 c0 1\n"
		"15 end 0.0 c-1 0\n");
	CU_ASSERT_EQUAL(st->tasks[0].preemptions, 2);
	CU_ASSERT_EQUAL(st->tasks[1].preemptions, 0);
	CU_ASSERT_EQUAL(st->tasks[0].completed, 1);
	CU_ASSERT_EQUAL(st->misses, 0);
	CU_ASSERT_EQUAL(st->cpu[0].busy, 11);  /* 2+2+2 + 2+2+1 */
	sim_engine_destroy(e);
	free(s.buf);
}

/* Equal deadlines: X (task 0, C=1, D=5, offset 1 -> d=6), Y (task 1,
 * C=1, D=6, offset 0 -> d=6), Z (task 2, C=2, D=2) runs [0,2).  At t=2 X
 * and Y wait with d=6: task-order runs X (lower index) first, fifo runs Y
 * (released earlier) first. */
static void test_tie_break_task_order_and_fifo_differ(void)
{
	struct rt_task t[3] = { rt_task_make("X", 1, 5, 100),
				rt_task_make("Y", 1, 6, 100),
				rt_task_make("Z", 2, 2, 100) };
	struct sim_config c;
	struct tu_trace s;
	struct sim_engine *e;

	t[0].offset = 1;
	c = cfg_make(t, 3, 10);
	e = run_text(&c, SCHED, &s);
	expect_trace(&s,
		"0 start 2.0 c0 2\n"
		"2 complete 2.0 c0 2\n"
		"2 start 0.0 c0 1\n"
		"3 complete 0.0 c0 2\n"
		"3 start 1.0 c0 1\n"
		"4 complete 1.0 c0 4\n"
		"10 end 0.0 c-1 0\n");
	sim_engine_destroy(e);
	free(s.buf);

	c.tie_break = SIM_TIE_FIFO;
	e = run_text(&c, SCHED, &s);
	expect_trace(&s,
		"0 start 2.0 c0 2\n"
		"2 complete 2.0 c0 2\n"
		"2 start 1.0 c0 1\n"
		"3 complete 1.0 c0 3\n"
		"3 start 0.0 c0 1\n"
		"4 complete 0.0 c0 3\n"
		"10 end 0.0 c-1 0\n");
	sim_engine_destroy(e);
	free(s.buf);
}

/* A running job is not preempted by an equal deadline, whatever the
 * tie-break: Y (task 1, C=3, d=6) runs from 0; X (task 0, released at 1,
 * d=6) waits until 3. */
static void test_equal_deadline_does_not_preempt(void)
{
	struct rt_task t[2] = { rt_task_make("X", 1, 5, 100),
				rt_task_make("Y", 3, 6, 100) };
	const char *want =
		"0 start 1.0 c0 3\n"
		"3 complete 1.0 c0 3\n"
		"3 start 0.0 c0 1\n"
		"4 complete 0.0 c0 3\n"
		"10 end 0.0 c-1 0\n";
	struct sim_config c;
	struct tu_trace s;
	struct sim_engine *e;

	t[0].offset = 1;
	c = cfg_make(t, 2, 10);
	for (int tie = 0; tie < 2; tie++) {
		c.tie_break = tie ? SIM_TIE_FIFO : SIM_TIE_TASK_ORDER;
		e = run_text(&c, SCHED, &s);
		expect_trace(&s, want);
		CU_ASSERT_EQUAL(sim_engine_stats(e)->tasks[1].preemptions, 0);
		sim_engine_destroy(e);
		free(s.buf);
	}
}

/* on_miss: abort.  A, B (C=4, D=5, T=10), W (C=1, D=5, T=10): A [0,4);
 * B starts at 4; at t=5 both deadline timers fire (armed in release
 * order): B is aborted while running (3 left), W while waiting (1 left);
 * each is a miss observed 0 after its deadline.  The CPU idles until 10;
 * at 10 the pattern repeats, and at H = 15 the timers (rank DEADLINE) still
 * fire before the horizon (rank HORIZON): nothing is left unfinished. */
static void test_abort_removes_jobs_at_their_deadline(void)
{
	struct rt_task t[3] = { rt_task_make("A", 4, 5, 10),
				rt_task_make("B", 4, 5, 10),
				rt_task_make("W", 1, 5, 10) };
	struct sim_config c = cfg_make(t, 3, 15);
	struct tu_trace s;
	struct sim_engine *e;
	const struct sim_stats *st;

	c.on_miss = SIM_ON_MISS_ABORT;
	e = run_text(&c, SCHED, &s);
	st = sim_engine_stats(e);
	expect_trace(&s,
		"0 start 0.0 c0 4\n"
		"4 complete 0.0 c0 4\n"
		"4 start 1.0 c0 4\n"
		"5 abort 1.0 c0 3\n"
		"5 deadline_miss 1.0 c0 0\n"
		"5 abort 2.0 c-1 1\n"
		"5 deadline_miss 2.0 c-1 0\n"
		"10 start 0.1 c0 4\n"
		"14 complete 0.1 c0 4\n"
		"14 start 1.1 c0 4\n"
		"15 abort 1.1 c0 3\n"
		"15 deadline_miss 1.1 c0 0\n"
		"15 abort 2.1 c-1 1\n"
		"15 deadline_miss 2.1 c-1 0\n"
		"15 end 0.0 c-1 0\n");
	CU_ASSERT_EQUAL(st->tasks[0].completed, 2);
	CU_ASSERT_EQUAL(st->tasks[1].aborted, 2);
	CU_ASSERT_EQUAL(st->tasks[1].missed, 2);
	CU_ASSERT_EQUAL(st->tasks[2].aborted, 2);
	CU_ASSERT_EQUAL(st->misses, 4);
	CU_ASSERT_EQUAL(st->completed, 2);
	CU_ASSERT_EQUAL(st->max_tardiness, 0);
	CU_ASSERT_EQUAL(st->first_miss.task, 1);
	CU_ASSERT_EQUAL(st->first_miss.finish, RT_TIME_NEVER);
	CU_ASSERT_EQUAL(st->cpu[0].busy, 10);
	sim_engine_destroy(e);
	free(s.buf);
}

/* Overrun: A (C=2, D=4, T=10) with exec list {2, 5}; B (C=3, D=6, T=10,
 * offset 1).  Job A.0 demands 2: A [0,2), B [2,5), no miss.  Job A.1
 * demands 5 > C (an overrun, run anyway): A [10,15) misses d=14 by 1 and
 * delays B.1 (d=17): B [15,18), a miss by 1 caused by the other task. */
static void test_overrun_delays_the_other_task(void)
{
	static const rt_time exec[] = { 2, 5 };
	struct rt_task t[2] = { rt_task_make("A", 2, 4, 10),
				rt_task_make("B", 3, 6, 10) };
	struct sim_config c;
	struct tu_trace s;
	struct sim_engine *e;
	const struct sim_stats *st;

	t[0].exec = RT_EXEC_LIST;
	t[0].exec_values = exec;
	t[0].nexec_values = 2;
	t[1].offset = 1;
	c = cfg_make(t, 2, 20);
	e = run_text(&c, SCHED, &s);
	st = sim_engine_stats(e);
	expect_trace(&s,
		"0 start 0.0 c0 2\n"
		"2 complete 0.0 c0 2\n"
		"2 start 1.0 c0 3\n"
		"5 complete 1.0 c0 4\n"
		"10 start 0.1 c0 5\n"
		"15 complete 0.1 c0 5\n"
		"15 deadline_miss 0.1 c0 1\n"
		"15 start 1.1 c0 3\n"
		"18 complete 1.1 c0 7\n"
		"18 deadline_miss 1.1 c0 1\n"
		"20 end 0.0 c-1 0\n");
	CU_ASSERT_EQUAL(st->misses, 2);
	CU_ASSERT_EQUAL(st->tasks[1].max_tardiness, 1);
	CU_ASSERT_EQUAL(st->first_miss.task, 0);
	CU_ASSERT_EQUAL(st->first_miss.deadline, 14);
	sim_engine_destroy(e);
	free(s.buf);
}

CU_TestInfo edf_tests[] = {
	{ "dario: the second job misses by three",
	  test_dario_second_job_misses_by_three },
	{ "seed set 2: a job finishing exactly at its deadline is a hit",
	  test_seed2_third_task_finishes_exactly_at_deadline },
	{ "an offset release preempts a later deadline",
	  test_offset_release_preempts_later_deadline },
	{ "tie-break task-order and fifo give different schedules",
	  test_tie_break_task_order_and_fifo_differ },
	{ "an equal deadline does not preempt the running job",
	  test_equal_deadline_does_not_preempt },
	{ "on_miss abort removes jobs at their deadline",
	  test_abort_removes_jobs_at_their_deadline },
	{ "an overrun delays the other task",
	  test_overrun_delays_the_other_task },
	CU_TEST_INFO_NULL
};
