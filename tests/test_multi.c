/* test_multi.c - multicore placement: global, partitioned and clustered
 * EDF/FP worked out by hand tick by tick (ties, migrations, explicit CPUs,
 * 2 clusters of 2 CPUs, Dhall's effect, THEORY B.0's "synchronous release
 * is not the worst case"), and property tests on random sets with m in
 * {2, 4, 8}:
 *   - a replaying checker: no CPU runs two jobs, no job runs on two CPUs,
 *     a partitioned task never migrates and runs only on its CPU, a
 *     clustered task never leaves its cluster; per cluster the scheduler
 *     is work-conserving and never lets a waiting job wait behind a less
 *     urgent running one (EDF: deadline, FP: priority);
 *   - a clustered (or partitioned) run is, cluster by cluster, record for
 *     record the run of that cluster's tasks alone on k CPUs;
 *   - global EDF never exceeds the Devi-Anderson tardiness bound x + C_i
 *     for implicit deadlines and U <= m (THEORY D.1); x from a local copy
 *     of the formula, cross-checked with models/tardiness.h.
 * And the pieces around the engine: the scenario keys (cluster_size,
 * partitioning, priorities, cpu:) with their located errors, the binding
 * of tasks to CPUs / clusters (models/placement.h), per-CPU horizons.
 *
 * Expected traces are one line per record: "TIME KIND TASK.JOB cCPU VALUE".
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/analysis_fp.h"
#include "models/mem.h"
#include "models/partition.h"
#include "models/placement.h"
#include "models/rng.h"
#include "models/tardiness.h"
#include "models/task.h"
#include "scenarios/scn.h"
#include "sim/engine.h"
#include "sim/horizon.h"
#include "tests/suites.h"
#include "tests/trace_util.h"

#define SCHED TU_SCHED

/* ---- text traces ---------------------------------------------------------- */

struct mtext {
	char *buf;
	size_t len, cap;
	/* Optional filter: keep only records of tasks with keep[task] and
	 * write them with task map[task] and cpu - cpu0 (cluster views). */
	const bool *keep;
	const uint32_t *map;
	int cpu0;
};

static enum rt_err mtext_emit(void *ctx, const struct sim_rec *r)
{
	struct mtext *s = ctx;
	uint32_t task = r->task;
	int cpu = r->cpu;
	rt_time value = r->value;

	if (s->keep && r->kind != SIM_REC_END) {
		if (!s->keep[r->task])
			return RT_OK;
		task = s->map[r->task];
		if (cpu >= 0)
			cpu -= s->cpu0;
		if (r->kind == SIM_REC_MIGRATE)
			value -= s->cpu0;       /* the previous CPU */
	}
	return tu_append_rec(&s->buf, &s->len, &s->cap, r, task, cpu, value);
}

static struct sim_config mcfg(const struct rt_task *t, size_t n, unsigned cpus,
			      rt_time horizon)
{
	struct sim_config c = {
		.tasks = t, .ntasks = n, .cpus = cpus, .policy = "edf",
		.horizon = horizon, .seed = 1,
	};
	return c;
}

/* Run c, compare the SCHED records with 'want'; returns the engine. */
static struct sim_engine *mexpect(const struct sim_config *c, const char *want)
{
	struct mtext s;
	struct sim_sink sink = { SCHED, mtext_emit, &s };
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
 * Dhall's effect (THEORY B.0): (C, T) = (1, 10), (1, 10), (11, 11),
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
	/* Over a longer run the tardiness stays 1 with fifo ties (THEORY
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
 * THEORY B.0: m = 2, (C, T, D) = (2,10,2), (2,6,6), (5,5,5), U = 23/15.
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

/* ---- the replaying checker ------------------------------------------------ */

#define MT_MAXT 12
#define MT_MAXCPU 8
#define MT_MAXJOBS 512

struct mjob {
	rt_time deadline;
	int cpu;                        /* running on, -1 if not */
	int last_cpu;
	bool done;
};

struct mchk {
	const struct sim_config *c;
	unsigned k;                     /* CPUs per cluster */
	int64_t prio[MT_MAXT];          /* fp: rank; edf: unused */
	struct mjob j[MT_MAXT][MT_MAXJOBS];
	size_t n[MT_MAXT], head[MT_MAXT];
	int busy[MT_MAXCPU];            /* task on the CPU, -1 idle */
	uint64_t migrations[MT_MAXT];
	rt_time last;
	int fails;
	char why[200];
};

static void mchk_fail(struct mchk *k, const char *what, const struct sim_rec *r)
{
	if (k->fails++)
		return;
	snprintf(k->why, sizeof(k->why), "%s at t=%" PRId64 " (%s task %"
		 PRIu32 " job %" PRIu64 " cpu %d)", what, r ? r->time : -1,
		 r ? sim_rec_kind_name(r->kind) : "-", r ? r->task : 0,
		 r ? r->job : 0, r ? r->cpu : 0);
}

#define MCHECK(k, cond, r) do { if (!(cond)) mchk_fail(k, #cond, r); } while (0)

static unsigned mchk_cluster(const struct mchk *k, size_t task)
{
	return k->c->cpus / k->k == 1 ? 0 : k->c->task_cluster[task];
}

/* Policy key of task i's head job (smaller is more urgent). */
static int64_t mchk_key(const struct mchk *k, size_t i)
{
	return strcmp(k->c->policy, "fp") ? k->j[i][k->head[i]].deadline
					  : k->prio[i];
}

/* After the dispatch of instant k->last: per cluster, work conservation
 * and no waiting job strictly more urgent than a running one. */
static void mchk_instant(struct mchk *k)
{
	struct sim_rec at = { .time = k->last, .kind = SIM_REC_END, .cpu = -1 };

	for (unsigned cl = 0; cl < k->c->cpus / k->k; cl++) {
		size_t heads = 0, running = 0;
		int64_t max_run = INT64_MIN, min_wait = INT64_MAX;

		for (size_t i = 0; i < k->c->ntasks; i++) {
			const struct mjob *h;

			if (mchk_cluster(k, i) != cl || k->head[i] >= k->n[i])
				continue;
			heads++;
			h = &k->j[i][k->head[i]];
			if (h->cpu >= 0) {
				running++;
				if (mchk_key(k, i) > max_run)
					max_run = mchk_key(k, i);
			} else if (mchk_key(k, i) < min_wait) {
				min_wait = mchk_key(k, i);
			}
		}
		MCHECK(k, running == (heads < k->k ? heads : k->k), &at);
		MCHECK(k, max_run <= min_wait, &at);
	}
}

static void mchk_stop(struct mchk *k, struct mjob *j, const struct sim_rec *r)
{
	if (r->cpu < 0 || r->cpu >= (int)k->c->cpus ||
	    k->busy[r->cpu] != (int)r->task || j->cpu != r->cpu) {
		mchk_fail(k, "stop of a job not running there", r);
		return;
	}
	k->busy[r->cpu] = -1;
	j->cpu = -1;
}

static void mchk_done(struct mchk *k, size_t task, struct mjob *j)
{
	j->done = true;
	while (k->head[task] < k->n[task] && k->j[task][k->head[task]].done)
		k->head[task]++;
}

static enum rt_err mchk_emit(void *ctx, const struct sim_rec *r)
{
	struct mchk *k = ctx;
	struct mjob *j;

	MCHECK(k, r->time >= k->last, r);
	if (r->time > k->last)
		mchk_instant(k);
	k->last = r->time;
	if (r->kind == SIM_REC_END)
		return RT_OK;
	if (r->task >= k->c->ntasks) {
		mchk_fail(k, "task out of range", r);
		return RT_OK;
	}
	if (r->kind == SIM_REC_RELEASE) {
		if (k->n[r->task] == MT_MAXJOBS) {
			mchk_fail(k, "test limit: too many jobs", r);
			return RT_OK;
		}
		j = &k->j[r->task][k->n[r->task]++];
		j->deadline = r->value;
		j->cpu = j->last_cpu = -1;
		j->done = false;
		return RT_OK;
	}
	if (r->job >= k->n[r->task]) {
		mchk_fail(k, "record of a job never released", r);
		return RT_OK;
	}
	j = &k->j[r->task][r->job];
	switch (r->kind) {
	case SIM_REC_START:
		if (r->cpu < 0 || r->cpu >= (int)k->c->cpus) {
			mchk_fail(k, "start on a bad cpu", r);
			break;
		}
		MCHECK(k, k->busy[r->cpu] < 0, r);      /* one job per CPU */
		MCHECK(k, j->cpu < 0, r);               /* one CPU per job */
		MCHECK(k, !j->done && r->job == k->head[r->task], r);
		/* never outside the task's cluster (its CPU, partitioned) */
		MCHECK(k, (unsigned)r->cpu / k->k == mchk_cluster(k, r->task), r);
		MCHECK(k, j->last_cpu < 0 || j->last_cpu == r->cpu ||
		       k->migrations[r->task] > 0, r);
		k->busy[r->cpu] = (int)r->task;
		j->cpu = j->last_cpu = r->cpu;
		break;
	case SIM_REC_MIGRATE:
		MCHECK(k, k->c->placement != SIM_PLACE_PARTITIONED, r);
		MCHECK(k, r->value == j->last_cpu && r->value != r->cpu, r);
		k->migrations[r->task]++;
		break;
	case SIM_REC_PREEMPT:
		mchk_stop(k, j, r);
		break;
	case SIM_REC_COMPLETE:
		mchk_stop(k, j, r);
		mchk_done(k, r->task, j);
		break;
	case SIM_REC_ABORT:
		if (r->cpu >= 0)
			mchk_stop(k, j, r);
		mchk_done(k, r->task, j);
		break;
	case SIM_REC_MISS:
	case SIM_REC_UNFINISHED:
		break;
	default:
		mchk_fail(k, "unexpected record", r);
	}
	return RT_OK;
}

/* A random set: 1..MT_MAXT tasks with every arrival and demand model,
 * m in {2, 4, 8}, a random placement with a random assignment, edf or
 * fp with a random priority order, both tie-breaks and miss policies.
 * 'deterministic' leaves out the random models (jitter, sporadic,
 * uniform demand), whose streams depend on the task index. */
static void mgen(uint64_t seed, bool deterministic, struct rt_task *t,
		 rt_time *lists, unsigned *cl, struct sim_config *c)
{
	static const unsigned ms[3] = { 2, 4, 8 };
	struct rt_rng g;
	unsigned ncl, k;
	size_t n;

	rt_rng_seed(&g, seed);
	memset(c, 0, sizeof(*c));
	c->cpus = ms[rt_rng_range(&g, 0, 2)];
	c->placement = (enum sim_placement)rt_rng_range(&g, 0, 2);
	do
		c->cluster_size = 1u << rt_rng_range(&g, 0, 3);
	while (c->cpus % c->cluster_size);
	k = c->placement == SIM_PLACE_GLOBAL ? c->cpus :
	    c->placement == SIM_PLACE_PARTITIONED ? 1 : c->cluster_size;
	ncl = c->cpus / k;
	n = (size_t)rt_rng_range(&g, 1, MT_MAXT);
	c->tasks = t;
	c->ntasks = n;
	c->task_cluster = cl;
	c->policy = rt_rng_range(&g, 0, 1) ? "fp" : "edf";
	c->priorities = (enum rt_fp_order)rt_rng_range(&g, 0, RT_FP__COUNT - 1);
	c->on_miss = rt_rng_range(&g, 0, 2) == 0 ? SIM_ON_MISS_ABORT
						: SIM_ON_MISS_CONTINUE;
	c->tie_break = rt_rng_range(&g, 0, 1) ? SIM_TIE_FIFO
					       : SIM_TIE_TASK_ORDER;
	c->horizon = rt_rng_range(&g, 30, 300);
	c->seed = seed;
	for (size_t i = 0; i < n; i++) {
		rt_time T = rt_rng_range(&g, 2, 30);
		rt_time C = rt_rng_range(&g, 1, (T * (rt_time)c->cpus + 1) /
					 (rt_time)n + 1);
		rt_time *l = lists + i * 8;

		cl[i] = (unsigned)rt_rng_range(&g, 0, ncl - 1);
		t[i] = rt_task_make("r", C, rt_rng_range(&g, 1, 2 * T), T);
		t[i].priority = rt_rng_range(&g, -2, 2);
		if (rt_rng_range(&g, 0, 2) == 0)
			t[i].offset = rt_rng_range(&g, 0, T);
		if (!deterministic && rt_rng_range(&g, 0, 4) == 0)
			t[i].jitter = rt_rng_range(&g, 0, T);
		switch (rt_rng_range(&g, 0, 9)) {
		case 0: case 1:
			if (deterministic)
				break;
			t[i].arrival = RT_ARRIVAL_SPORADIC;
			t[i].max_delay = rt_rng_range(&g, 0, T);
			break;
		case 2:
			t[i].arrival = RT_ARRIVAL_LIST;
			t[i].nreleases = 8;
			t[i].releases = l;
			for (int q = 0; q < 8; q++)
				l[q] = (q ? l[q - 1] : 0) +
				       rt_rng_range(&g, 0, c->horizon / 6);
			break;
		}
		switch (rt_rng_range(&g, 0, 4)) {
		case 0:
			if (deterministic)
				break;
			t[i].exec = RT_EXEC_UNIFORM;
			t[i].exec_min = 1;
			t[i].exec_max = C + rt_rng_range(&g, 0, 2);
			break;
		case 1:
			t[i].exec = RT_EXEC_LIST;
			t[i].exec_values = lists + MT_MAXT * 8 + i * 3;
			t[i].nexec_values = 3;
			for (int q = 0; q < 3; q++)
				lists[MT_MAXT * 8 + i * 3 + q] =
					rt_rng_range(&g, 1, 2 * C);
			break;
		}
	}
}

static unsigned mk(const struct sim_config *c)
{
	return c->placement == SIM_PLACE_GLOBAL ? c->cpus :
	       c->placement == SIM_PLACE_PARTITIONED ? 1 : c->cluster_size;
}

static void test_random_placements_keep_every_invariant(void)
{
	const uint64_t base = 0x3a1000;
	int failed = 0, placements[3] = { 0 };

	for (uint64_t s = base; s < base + 1200 && failed < 3; s++) {
		struct rt_task t[MT_MAXT];
		rt_time lists[MT_MAXT * 8 + MT_MAXT * 3];
		unsigned cl[MT_MAXT];
		uint32_t rank[MT_MAXT];
		struct sim_config c;
		static struct mchk k;
		struct sim_sink sink = { SIM_MASK_ALL, mchk_emit, &k };
		struct sim_engine *e = NULL;
		const struct sim_stats *st;
		struct rt_diag d;

		mgen(s, false, t, lists, cl, &c);
		placements[c.placement]++;
		memset(&k, 0, sizeof(k));
		k.c = &c;
		k.k = mk(&c);
		memset(k.busy, -1, sizeof(k.busy));
		/* FP ranks, by brute force: how many tasks precede i. */
		for (size_t i = 0; i < c.ntasks; i++) {
			rank[i] = 0;
			for (size_t j = 0; j < c.ntasks; j++) {
				int64_t a = c.priorities == RT_FP_RATE_MONOTONIC ?
					    t[j].period : c.priorities ==
					    RT_FP_EXPLICIT ? t[j].priority :
					    t[j].deadline;
				int64_t b = c.priorities == RT_FP_RATE_MONOTONIC ?
					    t[i].period : c.priorities ==
					    RT_FP_EXPLICIT ? t[i].priority :
					    t[i].deadline;

				rank[i] += a < b || (a == b && j < i);
			}
			k.prio[i] = rank[i];
		}
		if (sim_engine_create(&c, &e, &d) != RT_OK ||
		    sim_engine_add_sink(e, &sink) != RT_OK ||
		    sim_engine_run(e, &d) != RT_OK) {
			mchk_fail(&k, d.msg, NULL);
		} else {
			st = sim_engine_stats(e);
			for (size_t i = 0; i < c.ntasks; i++) {
				MCHECK(&k, st->tasks[i].migrations ==
				       k.migrations[i], NULL);
				MCHECK(&k, c.placement != SIM_PLACE_PARTITIONED ||
				       st->tasks[i].migrations == 0, NULL);
			}
		}
		if (k.fails) {
			fprintf(stderr, "\nseed %" PRIu64 " (%s, placement %d, "
				"k %u, m %u): %s\n", s, c.policy, c.placement,
				k.k, c.cpus, k.why);
			failed++;
		}
		CU_ASSERT_EQUAL(k.fails, 0);
		sim_engine_destroy(e);
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
		struct rt_task t[MT_MAXT], sub[MT_MAXT];
		rt_time lists[MT_MAXT * 8 + MT_MAXT * 3];
		unsigned cl[MT_MAXT];
		struct sim_config c;
		unsigned k;

		mgen(s, true, t, lists, cl, &c);
		if (c.placement == SIM_PLACE_GLOBAL)
			continue;
		k = mk(&c);
		for (unsigned q = 0; q < c.cpus / k; q++) {
			bool keep[MT_MAXT];
			uint32_t map[MT_MAXT];
			struct mtext whole, alone;
			struct sim_sink s1 = { SCHED | SIM_MASK(SIM_REC_RELEASE),
					       mtext_emit, &whole };
			struct sim_sink s2 = { SCHED | SIM_MASK(SIM_REC_RELEASE),
					       mtext_emit, &alone };
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

/* ---- Devi-Anderson tardiness bound (THEORY D.1) --------------------------- */

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

/* The formula on THEORY's vectors (D.1, G.3) and one with V > 0. */
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

/* ---- binding tasks to CPUs and clusters ------------------------------------ */

static void test_clustered_packing_by_utilization(void)
{
	/* u = 0.9 x 4, then 0.5, on 2 clusters of 2 CPUs (capacity 2). */
	struct rt_task t[5] = { rt_task_make("a", 9, 10, 10),
				rt_task_make("b", 9, 10, 10),
				rt_task_make("c", 9, 10, 10),
				rt_task_make("d", 9, 10, 10),
				rt_task_make("e", 1, 2, 2) };
	unsigned cl[5] = { 9, 9, 9, 9, 9 };
	struct rt_place_result r;
	struct rt_diag d;

	/* first fit: a, b -> 0 (1.8); c, d -> 1 (1.8); e fits nowhere. */
	CU_ASSERT_EQUAL(rt_place(t, 5, 4, 2, RT_PART_FIRST_FIT, NULL, 1000, cl,
				 &r, &d), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(r.misfit, 4);
	CU_ASSERT_EQUAL(r.placed, 4);
	CU_ASSERT_EQUAL(cl[0], 9);              /* untouched on reject */
	/* Without e: first fit a, b | c, d; worst fit alternates a | b,
	 * then c to the less loaded (index 0 on ties), d to 1. */
	CU_ASSERT_EQUAL(rt_place(t, 4, 4, 2, RT_PART_FIRST_FIT, NULL, 1000, cl,
				 &r, &d), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT(cl[0] == 0 && cl[1] == 0 && cl[2] == 1 && cl[3] == 1);
	CU_ASSERT_EQUAL(rt_place(t, 4, 4, 2, RT_PART_WORST_FIT, NULL, 1000, cl,
				 &r, &d), RT_OK);
	CU_ASSERT(cl[0] == 0 && cl[1] == 1 && cl[2] == 0 && cl[3] == 1);
	/* A task pinned by cpu: 3 joins cluster 1; the rest pack around
	 * it: best fit puts b on the fuller cluster 1 (0.9 + 0.9). */
	t[0].cpu = 3;
	CU_ASSERT_EQUAL(rt_place(t, 4, 4, 2, RT_PART_BEST_FIT, NULL, 1000, cl,
				 &r, &d), RT_OK);
	CU_ASSERT_EQUAL(r.fixed, 1);
	CU_ASSERT(cl[0] == 1 && cl[1] == 1 && cl[2] == 0 && cl[3] == 0);
	/* A task heavier than one CPU fits in no cluster. */
	t[0] = rt_task_make("fat", 11, 10, 10);
	CU_ASSERT_EQUAL(rt_place(t, 1, 4, 2, RT_PART_FIRST_FIT, NULL, 1000, cl,
				 &r, &d), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	/* Invalid input. */
	t[0].cpu = 4;
	CU_ASSERT_EQUAL(rt_place(t, 1, 4, 2, RT_PART_FIRST_FIT, NULL, 1000, cl,
				 &r, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "cpu 4"));
	CU_ASSERT_EQUAL(rt_place(t, 1, 4, 3, RT_PART_FIRST_FIT, NULL, 1000, cl,
				 &r, &d), RT_ERR_INVAL);
	/* One cluster: everything in 0, whatever the load. */
	CU_ASSERT_EQUAL(rt_place(t, 1, 4, 4, RT_PART_FIRST_FIT, NULL, 1000, cl,
				 &r, &d), RT_ERR_INVAL);    /* cpu 4 >= 4 */
	t[0].cpu = -1;
	CU_ASSERT_EQUAL(rt_place(t, 1, 4, 4, RT_PART_FIRST_FIT, NULL, 1000, cl,
				 &r, &d), RT_OK);
	CU_ASSERT(r.verdict == RT_VERDICT_ACCEPT && cl[0] == 0);
}

/*
 * Partitioned with some tasks fixed by cpu: when the fixed tasks are
 * exactly the first j tasks rt_partition placed (in its packing order),
 * packing the rest on top of them gives rt_partition's assignment: the
 * two packers follow the same rules.  Random sets, every heuristic.
 */
static void test_fixed_cpus_pack_like_rt_partition(void)
{
	const uint64_t base = 0x9a771;
	int compared = 0, failed = 0;

	for (uint64_t s = base; s < base + 400 && failed < 3; s++) {
		struct rt_task t[10];
		int cpu[10];
		unsigned cl[10], m;
		size_t n, order[10], j;
		struct rt_partition pr;
		struct rt_place_result r;
		enum rt_part_heuristic h;
		struct rt_rng g;
		bool same = true;

		rt_rng_seed(&g, s);
		m = (unsigned)rt_rng_range(&g, 2, 4);
		n = (size_t)rt_rng_range(&g, 2, 10);
		h = (enum rt_part_heuristic)rt_rng_range(&g, 0, RT_PART__COUNT - 1);
		for (size_t i = 0; i < n; i++) {
			rt_time T = rt_rng_range(&g, 4, 40);
			rt_time C = rt_rng_range(&g, 1, T * 2 / 3);

			t[i] = rt_task_make("p", C, rt_rng_range(&g, C, T), T);
		}
		CU_ASSERT_EQUAL_FATAL(rt_partition(t, n, m, h, 1000000, cpu, &pr,
						   NULL), RT_OK);
		if (pr.verdict != RT_VERDICT_ACCEPT)
			continue;
		/* rt_partition's packing order: input order, or weight
		 * non-increasing (stable), as placement.h states. */
		for (size_t i = 0; i < n; i++)
			order[i] = i;
		for (size_t i = 1; h >= RT_PART_FIRST_FIT_DEC && i < n; i++)
			for (size_t q = i; q > 0; q--) {
				const struct rt_task *a = &t[order[q]];
				const struct rt_task *b = &t[order[q - 1]];
				bool dens = h >= RT_PART_FIRST_FIT_DEC_DENSITY;
				int64_t wa = dens && a->deadline < a->period ?
					     a->deadline : a->period;
				int64_t wb = dens && b->deadline < b->period ?
					     b->deadline : b->period;
				size_t x;

				if (a->wcet * wb <= b->wcet * wa)
					break;
				x = order[q];
				order[q] = order[q - 1];
				order[q - 1] = x;
			}
		j = (size_t)rt_rng_range(&g, 1, (int64_t)n);
		for (size_t q = 0; q < j; q++)
			t[order[q]].cpu = cpu[order[q]];
		CU_ASSERT_EQUAL_FATAL(rt_place(t, n, m, 1, h, NULL, 1000000, cl,
					       &r, NULL), RT_OK);
		same = r.verdict == RT_VERDICT_ACCEPT && r.fixed == j;
		for (size_t i = 0; same && i < n; i++)
			same = cl[i] == (unsigned)cpu[i];
		if (!same) {
			fprintf(stderr, "\nseed %" PRIu64 ": %s, %zu of %zu fixed: "
				"placement differs from rt_partition\n", s,
				rt_part_name(h), j, n);
			failed++;
		}
		CU_ASSERT(same);
		compared++;
	}
	CU_ASSERT(compared > 100);
}

/* With policy fp the CPUs admit tasks by fp-rta: (2,5), (4,7), (4,7)
 * first fit on 2 CPUs packs under EDF (U = 34/35 on CPU 0) but not
 * under rate-monotonic (R = 8 > 7 next to (2,5); 8/7 on CPU 1). */
static void test_fixed_priority_partitioning_uses_fp_rta(void)
{
	struct rt_task t[3] = { rt_task_make("a", 2, 5, 5),
				rt_task_make("b", 4, 7, 7),
				rt_task_make("c", 4, 7, 7) };
	enum rt_fp_order rm = RT_FP_RATE_MONOTONIC;
	struct rt_place_result r;
	unsigned cl[3];

	CU_ASSERT_EQUAL(rt_place(t, 3, 2, 1, RT_PART_FIRST_FIT, NULL, 100000, cl,
				 &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT(cl[0] == 0 && cl[1] == 0 && cl[2] == 1);
	CU_ASSERT_EQUAL(rt_place(t, 3, 2, 1, RT_PART_FIRST_FIT, &rm, 100000, cl,
				 &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(r.misfit, 2);
}

static void test_placement_allocation_failures_are_reported(void)
{
	struct rt_task t[4] = { rt_task_make("a", 2, 5, 5),
				rt_task_make("b", 4, 7, 7),
				rt_task_make("c", 1, 7, 7),
				rt_task_make("e", 1, 3, 3) };
	struct rt_place_result r;
	unsigned cl[4];
	long n;

	t[1].cpu = 1;
	for (unsigned k = 1; k <= 2; k++) {
		for (n = 0; n < 1000; n++) {
			enum rt_err err;

			rt_mem_fail_after(n);
			err = rt_place(t, 4, 4, k, RT_PART_BEST_FIT, NULL, 100000,
				       cl, &r, NULL);
			rt_mem_fail_after(-1);
			CU_ASSERT(err == RT_OK || err == RT_ERR_NOMEM);
			if (err == RT_OK)
				break;
		}
		CU_ASSERT(n > 0 && n < 1000);
		CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	}
}

/* Every allocation of create + run (cluster runqueues included) and of the
 * per-CPU horizon may fail: RT_OK or RT_ERR_NOMEM, never a crash or leak. */
static void test_engine_allocation_failures_with_placement(void)
{
	struct rt_task t[4] = { rt_task_make("a", 3, 4, 4),
				rt_task_make("b", 1, 2, 4),
				rt_task_make("c", 1, 8, 8),
				rt_task_make("e", 2, 3, 3) };
	static const unsigned cl[4] = { 0, 1, 1, 0 };

	for (int place = 1; place <= 2; place++) {
		struct sim_config c = mcfg(t, 4, place == 1 ? 2 : 4, 2000);
		long n;

		c.placement = place == 1 ? SIM_PLACE_PARTITIONED
					 : SIM_PLACE_CLUSTERED;
		c.cluster_size = 2;
		c.task_cluster = cl;
		c.policy = place == 1 ? "fp" : "edf";
		for (n = 0; n < 10000; n++) {
			struct sim_engine *e = NULL;
			enum rt_err err, err2 = RT_OK;

			rt_mem_fail_after(n);
			err = sim_engine_create(&c, &e, NULL);
			if (err == RT_OK)
				err2 = sim_engine_run(e, NULL);
			rt_mem_fail_after(-1);
			CU_ASSERT(err == RT_OK || err == RT_ERR_NOMEM);
			CU_ASSERT(err2 == RT_OK || err2 == RT_ERR_NOMEM);
			sim_engine_destroy(e);
			if (err == RT_OK && err2 == RT_OK)
				break;
		}
		CU_ASSERT(n > 5 && n < 10000);
	}
	for (long n = 0; n < 100; n++) {
		struct sim_horizon h;
		enum rt_err err;

		rt_mem_fail_after(n);
		err = sim_choose_horizon_partitioned(t, 4, 2, cl, RT_TIME_NEVER,
						     &h, NULL);
		rt_mem_fail_after(-1);
		CU_ASSERT(err == RT_OK || err == RT_ERR_NOMEM);
		if (err == RT_OK) {
			CU_ASSERT(n > 0);
			break;
		}
	}
}

/* Partitioned horizons: the largest per-CPU busy period, exact. */
static void test_partitioned_horizon_is_the_largest_cpu_busy_period(void)
{
	struct rt_task t[3] = { rt_task_make("t1", 1, 10, 10),
				rt_task_make("t2", 1, 10, 10),
				rt_task_make("t3", 11, 11, 11) };
	static const unsigned cpu[3] = { 1, 1, 0 }, bad[3] = { 0, 0, 2 };
	struct sim_horizon h;

	/* CPU 0: L_b = 11; CPU 1: L_b = 2. */
	CU_ASSERT_EQUAL(sim_choose_horizon_partitioned(t, 3, 2, cpu,
						       RT_TIME_NEVER, &h, NULL),
			RT_OK);
	CU_ASSERT(h.exact && h.horizon == 11 && h.busy_period == 11);
	CU_ASSERT_EQUAL(h.source, SIM_HORIZON_BUSY_PERIOD);
	/* All on one CPU: U = 1.2 > 1, no busy period, not exact. */
	CU_ASSERT_EQUAL(sim_choose_horizon(t, 3, 2, RT_TIME_NEVER, &h, NULL),
			RT_OK);
	CU_ASSERT_FALSE(h.exact);
	/* A user horizon covering every CPU's busy period stays exact. */
	CU_ASSERT_EQUAL(sim_choose_horizon_partitioned(t, 3, 2, cpu, 50, &h,
						       NULL), RT_OK);
	CU_ASSERT(h.exact && h.horizon == 50);
	CU_ASSERT_EQUAL(sim_choose_horizon_partitioned(t, 3, 2, cpu, 10, &h,
						       NULL), RT_OK);
	CU_ASSERT_FALSE(h.exact);
	/* An offset: not the synchronous pattern. */
	t[0].offset = 1;
	CU_ASSERT_EQUAL(sim_choose_horizon_partitioned(t, 3, 2, cpu,
						       RT_TIME_NEVER, &h, NULL),
			RT_OK);
	CU_ASSERT_FALSE(h.exact);
	CU_ASSERT_EQUAL(sim_choose_horizon_partitioned(t, 3, 2, bad,
						       RT_TIME_NEVER, &h, NULL),
			RT_ERR_INVAL);
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
	{ "random placements keep every invariant",
	  test_random_placements_keep_every_invariant },
	{ "each cluster runs as if alone",
	  test_each_cluster_runs_as_if_alone },
	{ "Devi-Anderson formula on reference vectors",
	  test_devi_anderson_reference_vectors },
	{ "global EDF stays within the Devi-Anderson bound",
	  test_global_edf_stays_within_devi_anderson },
	{ "scenario placement keys and their defaults",
	  test_scenario_placement_keys_and_defaults },
	{ "scenario placement errors name the line, column and field",
	  test_scenario_placement_errors_are_located },
	{ "clustered packing admits by utilization per cluster",
	  test_clustered_packing_by_utilization },
	{ "fixed CPUs pack the rest like rt_partition",
	  test_fixed_cpus_pack_like_rt_partition },
	{ "fixed-priority partitioning admits by fp-rta",
	  test_fixed_priority_partitioning_uses_fp_rta },
	{ "placement allocation failures are reported",
	  test_placement_allocation_failures_are_reported },
	{ "a partitioned horizon is the largest per-CPU busy period",
	  test_partitioned_horizon_is_the_largest_cpu_busy_period },
	{ "engine allocation failures with placement are reported",
	  test_engine_allocation_failures_with_placement },
	CU_TEST_INFO_NULL
};
