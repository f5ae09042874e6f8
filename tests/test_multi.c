/* test_multi.c - multicore placement: global, partitioned and clustered
 * EDF/FP worked out by hand tick by tick (ties, migrations, explicit CPUs,
 * 2 clusters of 2 CPUs, Dhall's effect, docs/theory.md §B.0's "synchronous release
 * is not the worst case"), and the scenario keys (cluster_size,
 * partitioning, priorities, cpu:) with their located errors.  The random
 * property tests are in test_multi_random.c, binding tasks to CPUs and
 * clusters and per-CPU horizons in test_multi_binding.c.
 *
 * Expected traces are one line per record: "TIME KIND TASK.JOB cCPU VALUE".
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/analysis_fp.h"
#include "models/placement.h"
#include "models/task.h"
#include "scenarios/scn.h"
#include "sim/engine.h"
#include "tests/multi_util.h"
#include "tests/suites.h"
#include "tests/trace_util.h"

#define SCHED TU_SCHED

/* Run c, compare the SCHED records with 'want'; returns the engine. */
static struct sim_engine *mexpect(const struct sim_config *c, const char *want)
{
	struct tu_trace s;
	struct sim_sink sink = { SCHED, tu_trace_emit, &s };
	struct sim_engine *e;

	memset(&s, 0, sizeof(s));
	e = tu_engine_run(c, &sink);
	tu_expect_text(s.buf, want);
	free(s.buf);
	return e;
}

/* ---- hand-worked schedules ------------------------------------------------ */

/*
 * Global EDF, 2 CPUs, equal deadlines among waiting jobs.  P (C=5, D=5),
 * Q (C=4, D=4), R (C=1, D=5, offset 1: d = 6), S (C=1, D=6: d = 6), all
 * T = 20.  t=0: Q (d4) gets CPU 0 (idle CPUs go in index order), P (d5)
 * CPU 1; S waits.  t=1: R arrives, d6 > 5: no preemption.  t=4: Q done;
 * one CPU for R and S, both d6: task-order picks R (index 2), fifo picks S
 * (released at 0, before R).  t=5: P and the short job finish (P's
 * completion was armed first); the other short job takes CPU 0, the
 * top of the idle stack (freed last).
 */
static void test_global_ties_follow_the_tie_break(void)
{
	struct rt_task t[4] = { rt_task_make("P", 5, 5, 20),
				rt_task_make("Q", 4, 4, 20),
				rt_task_make("R", 1, 5, 20),
				rt_task_make("S", 1, 6, 20) };
	struct sim_config c = mcfg(t, 4, 2, 8);
	struct sim_engine *e;

	t[2].offset = 1;
	e = mexpect(&c,
		"0 start 1.0 c0 4\n"
		"0 start 0.0 c1 5\n"
		"4 complete 1.0 c0 4\n"
		"4 start 2.0 c0 1\n"
		"5 complete 0.0 c1 5\n"
		"5 complete 2.0 c0 4\n"
		"5 start 3.0 c0 1\n"
		"6 complete 3.0 c0 6\n"
		"8 end 0.0 c-1 0\n");
	sim_engine_destroy(e);
	c.tie_break = SIM_TIE_FIFO;
	e = mexpect(&c,
		"0 start 1.0 c0 4\n"
		"0 start 0.0 c1 5\n"
		"4 complete 1.0 c0 4\n"
		"4 start 3.0 c0 1\n"
		"5 complete 0.0 c1 5\n"
		"5 complete 3.0 c0 5\n"
		"5 start 2.0 c0 1\n"
		"6 complete 2.0 c0 5\n"
		"8 end 0.0 c-1 0\n");
	CU_ASSERT_EQUAL(sim_engine_stats(e)->misses, 0);
	sim_engine_destroy(e);
}

/*
 * A preempted job resumes on the other CPU.  A (C=5, D=8), B (C=3, D=10),
 * C (C=5, D=6, offset 1: d = 7), T = 20, 2 CPUs.  t=0: A on CPU 0, B on
 * CPU 1.  t=1: C (d7) preempts the latest deadline, B (d10), 2 left.
 * t=5: A done on CPU 0, CPU 1 still busy: B migrates 1 -> 0.  t=6: C
 * done; t=7: B done (d10).  Partitioned with A, B on CPU 0 and C on CPU 1
 * nothing migrates: B waits for A and runs [5, 8).
 */
static void test_global_preempted_job_migrates(void)
{
	struct rt_task t[3] = { rt_task_make("A", 5, 8, 20),
				rt_task_make("B", 3, 10, 20),
				rt_task_make("C", 5, 6, 20) };
	static const unsigned cpu[3] = { 0, 0, 1 };
	struct sim_config c = mcfg(t, 3, 2, 8);
	const struct sim_stats *st;
	struct sim_engine *e;

	t[2].offset = 1;
	e = mexpect(&c,
		"0 start 0.0 c0 5\n"
		"0 start 1.0 c1 3\n"
		"1 preempt 1.0 c1 2\n"
		"1 start 2.0 c1 5\n"
		"5 complete 0.0 c0 5\n"
		"5 migrate 1.0 c0 1\n"
		"5 start 1.0 c0 2\n"
		"6 complete 2.0 c1 5\n"
		"7 complete 1.0 c0 7\n"
		"8 end 0.0 c-1 0\n");
	st = sim_engine_stats(e);
	CU_ASSERT_EQUAL(st->tasks[1].preemptions, 1);
	CU_ASSERT_EQUAL(st->tasks[1].migrations, 1);
	CU_ASSERT_EQUAL(st->cpu[0].busy, 7);
	CU_ASSERT_EQUAL(st->cpu[1].busy, 6);
	sim_engine_destroy(e);

	c.placement = SIM_PLACE_PARTITIONED;
	c.task_cluster = cpu;
	e = mexpect(&c,
		"0 start 0.0 c0 5\n"
		"1 start 2.0 c1 5\n"
		"5 complete 0.0 c0 5\n"
		"5 start 1.0 c0 3\n"
		"6 complete 2.0 c1 5\n"
		"8 complete 1.0 c0 8\n"
		"8 end 0.0 c-1 0\n");
	st = sim_engine_stats(e);
	CU_ASSERT_EQUAL(st->tasks[1].preemptions, 0);
	CU_ASSERT_EQUAL(st->tasks[1].migrations, 0);
	sim_engine_destroy(e);
}

/*
 * Dhall's effect (docs/theory.md §B.0): (C, T) = (1, 10), (1, 10), (11, 11),
 * implicit, U = 1.3, 2 CPUs, global EDF.  t=0: the two light jobs (d10)
 * take both CPUs; tau3 (d11) waits.  t=1: tau3 starts with 11 units on
 * CPU 1, but only 10 remain before its deadline.  t=10: tau1.1 (d20)
 * takes the idle CPU 0, cannot preempt tau3 (d11).  t=11: tau1.1 done,
 * tau2.1 runs.  t=12: tau3 finishes, 1 late: the miss at deadline 11.
 */
static void test_dhall_global_edf_misses_at_11(void)
{
	struct rt_task t[3] = { rt_task_make("t1", 1, 10, 10),
				rt_task_make("t2", 1, 10, 10),
				rt_task_make("t3", 11, 11, 11) };
	struct sim_config c = mcfg(t, 3, 2, 12);
	const struct sim_stats *st;
	struct sim_engine *e;

	e = mexpect(&c,
		"0 start 0.0 c0 1\n"
		"0 start 1.0 c1 1\n"
		"1 complete 0.0 c0 1\n"
		"1 complete 1.0 c1 1\n"
		"1 start 2.0 c1 11\n"
		"10 start 0.1 c0 1\n"
		"11 complete 0.1 c0 1\n"
		"11 start 1.1 c0 1\n"
		"12 complete 2.0 c1 12\n"
		"12 deadline_miss 2.0 c1 1\n"
		"12 complete 1.1 c0 2\n"
		"12 unfinished 2.1 c-1 11\n"
		"12 end 0.0 c-1 0\n");
	st = sim_engine_stats(e);
	CU_ASSERT_TRUE(st->has_first_miss);
	CU_ASSERT_EQUAL(st->first_miss.task, 2);
	CU_ASSERT_EQUAL(st->first_miss.deadline, 11);
	CU_ASSERT_EQUAL(st->first_miss.finish, 12);
	sim_engine_destroy(e);
	/* Over a longer run the tardiness stays 1 with fifo ties (docs/theory.md
	 * G.3), and reaches 2 with task-order ties: at 100 tau3.8 finishes
	 * (d99) and tau3.9 (released 99, d110) ties with the light jobs
	 * released at 100 (d110); task order runs them first, so tau3.9
	 * runs [101, 112), 2 late.  Both stay far below the Devi-Anderson
	 * bound x + C_3 = 5 + 11. */
	c.horizon = 11000;
	CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, NULL), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_run(e, NULL), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->max_tardiness, 2);
	sim_engine_destroy(e);
	c.tie_break = SIM_TIE_FIFO;
	CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, NULL), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_run(e, NULL), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->max_tardiness, 1);
	sim_engine_destroy(e);
}

/*
 * Dhall's set partitioned by hand: tau1, tau2 on CPU 0 (U = 0.2), tau3
 * alone on CPU 1 (U = 1): no miss.  CPU 0: [0,1) tau1, [1,2) tau2, the
 * same from 10 and 20.  CPU 1: tau3 back to back, [0,11), [11,22).  At 11
 * tau3.0's completion (armed at 0) comes before tau1.1's (armed at 10);
 * CPU 1's cluster was freed first, so it is dispatched first.
 */
static void test_partitioned_explicit_cpus_meet_dhalls_set(void)
{
	struct rt_task t[3] = { rt_task_make("t1", 1, 10, 10),
				rt_task_make("t2", 1, 10, 10),
				rt_task_make("t3", 11, 11, 11) };
	static const unsigned cpu[3] = { 0, 0, 1 };
	struct sim_config c = mcfg(t, 3, 2, 22);
	const struct sim_stats *st;
	struct sim_engine *e;

	c.placement = SIM_PLACE_PARTITIONED;
	c.task_cluster = cpu;
	e = mexpect(&c,
		"0 start 0.0 c0 1\n"
		"0 start 2.0 c1 11\n"
		"1 complete 0.0 c0 1\n"
		"1 start 1.0 c0 1\n"
		"2 complete 1.0 c0 2\n"
		"10 start 0.1 c0 1\n"
		"11 complete 2.0 c1 11\n"
		"11 complete 0.1 c0 1\n"
		"11 start 2.1 c1 11\n"
		"11 start 1.1 c0 1\n"
		"12 complete 1.1 c0 2\n"
		"20 start 0.2 c0 1\n"
		"21 complete 0.2 c0 1\n"
		"21 start 1.2 c0 1\n"
		"22 complete 2.1 c1 11\n"
		"22 complete 1.2 c0 2\n"
		"22 end 0.0 c-1 0\n");
	st = sim_engine_stats(e);
	CU_ASSERT_EQUAL(st->misses, 0);
	CU_ASSERT_EQUAL(st->cpu[0].busy, 6);
	CU_ASSERT_EQUAL(st->cpu[1].busy, 22);
	sim_engine_destroy(e);
	/* Fixed priority, partitioned, the same here. */
	c.policy = "fp";
	c.priorities = RT_FP_RATE_MONOTONIC;
	c.horizon = 1100;
	CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, NULL), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_run(e, NULL), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->misses, 0);
	for (int i = 0; i < 3; i++)
		CU_ASSERT_EQUAL(sim_engine_stats(e)->tasks[i].migrations, 0);
	sim_engine_destroy(e);
}

/*
 * Clustered, k = 2 of 4 CPUs.  Cluster 0 (CPUs 0, 1): A (3,4,4), C (2,3,3),
 * F (4,8,8); cluster 1 (CPUs 2, 3): B (2,4,4), E (1,2,2); (C, D, T).
 *   cluster 0: t=0 C (d3) CPU 0, A (d4) CPU 1, F waits; t=2 C done, F on
 *     CPU 0; t=3 A done, C.1 (d6) released: CPU 1 is idle, no preemption;
 *     t=4 A.1 (d8) ties with F (d8): no preemption; t=5 C.1 done, A.1 on
 *     CPU 1; t=6 F done; A.1 is unfinished at the horizon (2 left).
 *   cluster 1: t=0 E CPU 2, B CPU 3; t=1 E done; t=2 B done, E.1 takes
 *     the top idle CPU, 3 (freed last); t=4 E.2 (d6) CPU 3, B.1 CPU 2.
 * At each instant the cluster freed or woken first is dispatched first.
 */
static void test_clustered_two_of_four_cpus(void)
{
	struct rt_task t[5] = { rt_task_make("A", 3, 4, 4),
				rt_task_make("B", 2, 4, 4),
				rt_task_make("C", 2, 3, 3),
				rt_task_make("E", 1, 2, 2),
				rt_task_make("F", 4, 8, 8) };
	static const unsigned cl[5] = { 0, 1, 0, 1, 0 };
	struct sim_config c = mcfg(t, 5, 4, 6);
	const struct sim_stats *st;
	struct sim_engine *e;

	c.placement = SIM_PLACE_CLUSTERED;
	c.cluster_size = 2;
	c.task_cluster = cl;
	e = mexpect(&c,
		"0 start 2.0 c0 2\n"
		"0 start 0.0 c1 3\n"
		"0 start 3.0 c2 1\n"
		"0 start 1.0 c3 2\n"
		"1 complete 3.0 c2 1\n"
		"2 complete 2.0 c0 2\n"
		"2 complete 1.0 c3 2\n"
		"2 start 4.0 c0 4\n"
		"2 start 3.1 c3 1\n"
		"3 complete 0.0 c1 3\n"
		"3 complete 3.1 c3 1\n"
		"3 start 2.1 c1 2\n"
		"4 start 3.2 c3 1\n"
		"4 start 1.1 c2 2\n"
		"5 complete 2.1 c1 2\n"
		"5 complete 3.2 c3 1\n"
		"5 start 0.1 c1 3\n"
		"6 complete 4.0 c0 6\n"
		"6 complete 1.1 c2 2\n"
		"6 unfinished 0.1 c1 2\n"
		"6 end 0.0 c-1 0\n");
	st = sim_engine_stats(e);
	CU_ASSERT_EQUAL(st->misses, 0);
	for (int i = 0; i < 5; i++)
		CU_ASSERT_EQUAL(st->tasks[i].migrations, 0);
	CU_ASSERT_EQUAL(st->cpu[0].busy, 6);
	CU_ASSERT_EQUAL(st->cpu[1].busy, 6);
	CU_ASSERT_EQUAL(st->cpu[2].busy, 3);
	CU_ASSERT_EQUAL(st->cpu[3].busy, 4);
	sim_engine_destroy(e);
}

/*
 * docs/theory.md §B.0: m = 2, (C, T, D) = (2,10,2), (2,6,6), (5,5,5), U = 23/15.
 * Synchronous release meets every deadline (600 ticks, both
 * tie-breaks), but with offsets (5, 0, 1) the job of tau3 released at 26
 * (deadline 31) finishes at 32: synchronous simulation is only a
 * necessary test for global EDF.
 */
static void test_synchronous_release_is_not_the_worst_case(void)
{
	struct rt_task t[3] = { rt_task_make("t1", 2, 2, 10),
				rt_task_make("t2", 2, 6, 6),
				rt_task_make("t3", 5, 5, 5) };
	struct sim_config c = mcfg(t, 3, 2, 600);

	for (int tie = 0; tie < 2; tie++) {
		struct sim_engine *e = NULL;
		const struct sim_stats *st;

		c.tie_break = tie ? SIM_TIE_FIFO : SIM_TIE_TASK_ORDER;
		t[0].offset = t[1].offset = t[2].offset = 0;
		CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, NULL), RT_OK);
		CU_ASSERT_EQUAL(sim_engine_run(e, NULL), RT_OK);
		CU_ASSERT_EQUAL(sim_engine_stats(e)->misses, 0);
		sim_engine_destroy(e);

		t[0].offset = 5;
		t[2].offset = 1;
		CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, NULL), RT_OK);
		CU_ASSERT_EQUAL(sim_engine_run(e, NULL), RT_OK);
		st = sim_engine_stats(e);
		CU_ASSERT_TRUE(st->has_first_miss);
		CU_ASSERT_EQUAL(st->first_miss.task, 2);
		CU_ASSERT_EQUAL(st->first_miss.release, 26);
		CU_ASSERT_EQUAL(st->first_miss.deadline, 31);
		CU_ASSERT_EQUAL(st->first_miss.finish, 32);
		sim_engine_destroy(e);
	}
}

static void test_create_rejects_bad_placements(void)
{
	struct rt_task t[2] = { rt_task_make("a", 1, 2, 2),
				rt_task_make("b", 1, 2, 2) };
	static const unsigned bad[2] = { 0, 4 };
	static const unsigned ok[2] = { 0, 1 };
	struct sim_config c = mcfg(t, 2, 4, 10);
	struct sim_engine *e = NULL;
	struct rt_diag d;

	c.placement = SIM_PLACE_CLUSTERED;
	c.cluster_size = 3;
	c.task_cluster = ok;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "cluster_size 3"));
	c.cluster_size = 0;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	c.cluster_size = 2;
	c.task_cluster = NULL;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "cluster"));
	c.task_cluster = bad;           /* 2 clusters: 4 is out of range */
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "task b"));
	c.placement = SIM_PLACE_PARTITIONED;   /* 4 CPUs: 4 out of range */
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "CPU 4"));
	c.placement = (enum sim_placement)7;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	c.placement = SIM_PLACE_GLOBAL;
	c.priorities = RT_FP__COUNT;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NULL(e);
	/* One cluster needs no assignment; global ignores it. */
	c.priorities = RT_FP_RATE_MONOTONIC;
	c.placement = SIM_PLACE_CLUSTERED;
	c.cluster_size = 4;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_OK);
	sim_engine_destroy(e);
	c.cpus = 1;
	c.placement = SIM_PLACE_PARTITIONED;
	c.task_cluster = NULL;
	e = NULL;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_OK);
	sim_engine_destroy(e);
}

/* ---- scenario keys --------------------------------------------------------- */

static struct scn_scenario *mload(const char *yaml, struct rt_diag *d,
				  enum rt_err *err)
{
	struct scn_scenario *s = NULL;

	*err = scn_load_data((const uint8_t *)yaml, strlen(yaml), "t.yaml", &s,
			     d);
	return s;
}

static void mexpect_fail(const char *yaml, const char *want)
{
	struct rt_diag d;
	enum rt_err err;
	struct scn_scenario *s = mload(yaml, &d, &err);

	CU_ASSERT_EQUAL(err, RT_ERR_PARSE);
	CU_ASSERT_PTR_NULL(s);
	if (err == RT_OK || !strstr(d.msg, want))
		fprintf(stderr, "\n  want \"%s\"\n  got  \"%s\"\n", want,
			err ? d.msg : "success");
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, want));
	scn_free(s);
}

static void test_scenario_placement_keys_and_defaults(void)
{
	struct rt_diag d;
	enum rt_err err;
	struct scn_scenario *s;

	s = mload("format: 1\nplatform: {cpus: 4}\n"
		  "tasks: [{name: a, C: 1, T: 2}]\n", &d, &err);
	CU_ASSERT_EQUAL_FATAL(err, RT_OK);
	CU_ASSERT_EQUAL(s->sched.cluster_size, 4);        /* global: all */
	CU_ASSERT_FALSE(s->sched.has_partitioning);
	CU_ASSERT_EQUAL(s->sched.partitioning, RT_PART_FIRST_FIT_DEC);
	CU_ASSERT_EQUAL(s->sched.priorities, RT_FP_DEADLINE_MONOTONIC);
	scn_free(s);
	s = mload("format: 1\nplatform: {cpus: 4}\n"
		  "scheduler: {placement: partitioned, partitioning: "
		  "worst-fit-decreasing-density}\n"
		  "tasks: [{name: a, C: 1, T: 2, cpu: 3}, {name: b, C: 1, T: 2}]\n",
		  &d, &err);
	CU_ASSERT_EQUAL_FATAL(err, RT_OK);
	CU_ASSERT_EQUAL(s->sched.cluster_size, 1);
	CU_ASSERT_TRUE(s->sched.has_partitioning);
	CU_ASSERT_EQUAL(s->sched.partitioning, RT_PART_WORST_FIT_DEC_DENSITY);
	CU_ASSERT_EQUAL(s->tasks[0].cpu, 3);
	scn_free(s);
	s = mload("format: 1\nplatform: {cpus: 6}\n"
		  "scheduler: {policy: fp, priorities: explicit, placement: "
		  "clustered, cluster_size: 3}\n"
		  "tasks: [{name: a, C: 1, T: 2, cpu: 4, priority: -1}]\n",
		  &d, &err);
	CU_ASSERT_EQUAL_FATAL(err, RT_OK);
	CU_ASSERT_EQUAL(s->sched.cluster_size, 3);
	CU_ASSERT_EQUAL(s->sched.priorities, RT_FP_EXPLICIT);
	scn_free(s);
}

static void test_scenario_placement_errors_are_located(void)
{
	mexpect_fail("format: 1\nplatform: {cpus: 4}\n"
		     "scheduler: {cluster_size: 2}\n"
		     "tasks: [{name: a, C: 1, T: 2}]\n",
		     "t.yaml:3:27: scheduler.cluster_size: only with placement: "
		     "clustered");
	mexpect_fail("format: 1\nplatform: {cpus: 4}\n"
		     "scheduler:\n  placement: clustered\n"
		     "tasks: [{name: a, C: 1, T: 2}]\n",
		     "t.yaml:4:3: scheduler: missing cluster_size; expected the "
		     "CPUs per cluster");
	mexpect_fail("format: 1\nplatform: {cpus: 4}\n"
		     "scheduler: {placement: clustered, cluster_size: 3}\n"
		     "tasks: [{name: a, C: 1, T: 2}]\n",
		     "t.yaml:3:49: scheduler.cluster_size: 4 CPUs cannot be split "
		     "into clusters of 3; expected a divisor of 4");
	mexpect_fail("format: 1\nplatform: {cpus: 4}\n"
		     "scheduler: {placement: clustered, cluster_size: 8}\n"
		     "tasks: [{name: a, C: 1, T: 2}]\n",
		     "scheduler.cluster_size: \"8\" is out of range");
	mexpect_fail("format: 1\nplatform: {cpus: 2}\n"
		     "scheduler: {partitioning: first-fit}\n"
		     "tasks: [{name: a, C: 1, T: 2}]\n",
		     "t.yaml:3:27: scheduler.partitioning: only with placement: "
		     "partitioned or clustered");
	mexpect_fail("format: 1\nplatform: {cpus: 2}\n"
		     "scheduler: {placement: partitioned, partitioning: next-fit}\n"
		     "tasks: [{name: a, C: 1, T: 2}]\n",
		     "scheduler.partitioning: \"next-fit\" is not valid; expected "
		     "first-fit | best-fit | worst-fit | first-fit-decreasing");
	mexpect_fail("format: 1\nscheduler: {priorities: rate-monotonic}\n"
		     "tasks: [{name: a, C: 1, T: 2}]\n",
		     "t.yaml:2:25: scheduler.priorities: only with policy: fp; "
		     "expected no priorities with policy: edf");
	mexpect_fail("format: 1\nscheduler: {policy: fp, priorities: rm}\n"
		     "tasks: [{name: a, C: 1, T: 2}]\n",
		     "scheduler.priorities: \"rm\" is not valid; expected "
		     "deadline-monotonic | rate-monotonic | explicit");
	mexpect_fail("format: 1\nplatform: {cpus: 2}\n"
		     "tasks: [{name: a, C: 1, T: 2}, {name: b, C: 1, T: 2, cpu: 1}]\n",
		     "t.yaml:3:59: tasks[1].cpu: a pinned CPU needs placement: "
		     "partitioned or clustered");
}

CU_TestInfo multi_tests[] = {
	{ "global ties follow the tie-break",
	  test_global_ties_follow_the_tie_break },
	{ "a preempted job migrates under global EDF, not when partitioned",
	  test_global_preempted_job_migrates },
	{ "Dhall's set misses at 11 under global EDF",
	  test_dhall_global_edf_misses_at_11 },
	{ "partitioned with explicit CPUs meets Dhall's set",
	  test_partitioned_explicit_cpus_meet_dhalls_set },
	{ "clustered: two clusters of two CPUs",
	  test_clustered_two_of_four_cpus },
	{ "synchronous release is not the worst case for global EDF",
	  test_synchronous_release_is_not_the_worst_case },
	{ "create rejects bad placements",
	  test_create_rejects_bad_placements },
	{ "scenario placement keys and their defaults",
	  test_scenario_placement_keys_and_defaults },
	{ "scenario placement errors name the line, column and field",
	  test_scenario_placement_errors_are_located },
	CU_TEST_INFO_NULL
};
