/* test_edf_engine.c - engine contracts under EDF: sporadic arrivals
 * with jitter (reproducible, bounded), what the horizon counts, global
 * EDF migrating a job, bad configurations, an empty task set, time
 * overflow, sink errors, and the lean handlers' statistics.
 *
 * Expected traces are one line per record: "TIME KIND TASK.JOB cCPU VALUE"
 * (kind names from sim_rec_kind_name; cpu -1 when not CPU-specific).
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/task.h"
#include "sim/engine.h"
#include "tests/edf_util.h"
#include "tests/gen_util.h"
#include "tests/suites.h"
#include "tests/trace_util.h"

#define SCHED TU_SCHED


/* Records of the jobs of one task, for the sporadic test. */
struct rel_log {
	size_t n;
	struct sim_job_info job[512];
	uint32_t task;
};

static enum rt_err rel_emit(void *ctx, const struct sim_rec *r)
{
	struct rel_log *l = ctx;

	if (r->task == l->task && l->n < 512)
		l->job[l->n++] = *r->info;
	return RT_OK;
}

/* Field by field: the struct has padding. */
static bool same_jobs(const struct rel_log *a, const struct rel_log *b)
{
	if (a->n != b->n)
		return false;
	for (size_t k = 0; k < a->n; k++) {
		const struct sim_job_info *x = &a->job[k], *y = &b->job[k];

		if (x->task != y->task || x->job != y->job ||
		    x->seq != y->seq || x->arrival != y->arrival ||
		    x->release != y->release ||
		    x->abs_deadline != y->abs_deadline ||
		    x->demand != y->demand)
			return false;
	}
	return true;
}

static void run_releases(const struct sim_config *c, uint32_t task,
			 struct rel_log *l)
{
	struct sim_engine *e = NULL;
	struct sim_sink sink = { .mask = SIM_MASK(SIM_REC_RELEASE),
				 .emit = rel_emit, .ctx = l };

	memset(l, 0, sizeof(*l));
	l->task = task;
	CU_ASSERT_EQUAL_FATAL(sim_engine_create(c, &e, NULL), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_add_sink(e, &sink), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_run(e, NULL), RT_OK);
	sim_engine_destroy(e);
}

/* Sporadic arrivals with jitter and uniform demand, seed 42: the same
 * seed reproduces the same jobs; a task's jobs do not depend on the other
 * tasks; every job obeys a_{k+1} - a_k in [T, T + max_delay], r - a in
 * [0, jitter], releases in job order, d = a + D, demand in [min, max]. */
static void test_sporadic_jitter_is_reproducible_and_bounded(void)
{
	struct rt_task t[2] = { rt_task_make("S", 3, 12, 10),
				rt_task_make("N", 2, 7, 9) };
	struct sim_config c;
	static struct rel_log a, b, alone;
	bool differs = false;

	t[0].arrival = RT_ARRIVAL_SPORADIC;
	t[0].max_delay = 7;
	t[0].jitter = 15;               /* > T: releases could reorder */
	t[0].exec = RT_EXEC_UNIFORM;
	t[0].exec_min = 1;
	t[0].exec_max = 5;
	t[1].arrival = RT_ARRIVAL_SPORADIC;
	t[1].max_delay = 3;
	t[1].jitter = 2;
	c = cfg_make(t, 2, 2000);
	c.seed = 42;
	run_releases(&c, 0, &a);
	run_releases(&c, 0, &b);
	CU_ASSERT(a.n > 100);
	CU_ASSERT(same_jobs(&a, &b));
	/* Without task N, task S draws exactly the same jobs. */
	c.ntasks = 1;
	run_releases(&c, 0, &alone);
	CU_ASSERT_EQUAL(alone.n, a.n);
	for (size_t k = 0; k < a.n && k < alone.n; k++) {
		CU_ASSERT_EQUAL(alone.job[k].arrival, a.job[k].arrival);
		CU_ASSERT_EQUAL(alone.job[k].release, a.job[k].release);
		CU_ASSERT_EQUAL(alone.job[k].demand, a.job[k].demand);
	}
	for (size_t k = 0; k < a.n; k++) {
		const struct sim_job_info *j = &a.job[k];

		CU_ASSERT_EQUAL(j->job, k);
		CU_ASSERT(j->release - j->arrival >= 0);
		CU_ASSERT(j->release - j->arrival <= 15);
		CU_ASSERT_EQUAL(j->abs_deadline, j->arrival + 12);
		CU_ASSERT(j->demand >= 1 && j->demand <= 5);
		CU_ASSERT(j->release < 2000);
		if (k == 0) {
			CU_ASSERT_EQUAL(j->arrival, 0);
			continue;
		}
		CU_ASSERT(j->arrival - a.job[k - 1].arrival >= 10);
		CU_ASSERT(j->arrival - a.job[k - 1].arrival <= 17);
		CU_ASSERT(j->release >= a.job[k - 1].release);
		if (j->arrival - a.job[k - 1].arrival != 10)
			differs = true;
	}
	CU_ASSERT(differs);             /* the delays are really drawn */
	/* Another seed gives another sequence. */
	c.seed = 43;
	run_releases(&c, 0, &b);
	CU_ASSERT_FALSE(same_jobs(&a, &b));
}

/* Horizon H = 10 with (C=5, D=5, T=5): job 1 completes exactly at 10 and
 * counts; the release at r = 10 = H does not happen.  Then a long job
 * (C=10, D=5) at H = 8: still pending, deadline 5 <= 8 -> MISS with
 * tardiness 8 - 5 = 3 (a lower bound) and UNFINISHED; another pending job
 * with deadline 9 > 8 is only UNFINISHED. */
static void test_horizon_counts_completion_at_h_but_not_release(void)
{
	struct rt_task t1[1] = { rt_task_make("F", 5, 5, 5) };
	struct rt_task t2[2] = { rt_task_make("L", 10, 5, 100),
				 rt_task_make("M", 1, 9, 100) };
	struct sim_config c = cfg_make(t1, 1, 10);
	struct tu_trace s;
	struct sim_engine *e = run_text(&c, SIM_MASK_ALL, &s);
	const struct sim_stats *st = sim_engine_stats(e);

	expect_trace(&s,
		"0 release 0.0 c-1 5\n"
		"0 start 0.0 c0 5\n"
		"5 complete 0.0 c0 5\n"
		"5 release 0.1 c-1 10\n"
		"5 start 0.1 c0 5\n"
		"10 complete 0.1 c0 5\n"
		"10 end 0.0 c-1 0\n");
	CU_ASSERT_EQUAL(st->jobs, 2);
	CU_ASSERT_EQUAL(st->completed, 2);
	CU_ASSERT_EQUAL(st->misses, 0);
	sim_engine_destroy(e);
	free(s.buf);

	c = cfg_make(t2, 2, 8);
	e = run_text(&c, SCHED, &s);
	st = sim_engine_stats(e);
	expect_trace(&s,
		"0 start 0.0 c0 10\n"
		"8 deadline_miss 0.0 c0 3\n"
		"8 unfinished 0.0 c0 2\n"
		"8 unfinished 1.0 c-1 1\n"
		"8 end 0.0 c-1 0\n");
	CU_ASSERT_EQUAL(st->misses, 1);
	CU_ASSERT_EQUAL(st->max_tardiness, 3);
	CU_ASSERT_EQUAL(st->first_miss.finish, RT_TIME_NEVER);
	CU_ASSERT_EQUAL(st->first_miss.tardiness, 3);
	CU_ASSERT_EQUAL(st->completed, 0);
	CU_ASSERT_EQUAL(st->cpu[0].busy, 8);
	sim_engine_destroy(e);
	free(s.buf);
}

/* Global EDF on 2 CPUs, T = 20 for all, tasks A (C=4, D=8), B (C=4,
 * D=9), C (C=2, D=3, offset 1), E (C=2, D=3, offset 2):
 *   t=0  A -> cpu0, B -> cpu1
 *   t=1  C (d4) preempts the latest deadline running, B (d9), on cpu1
 *   t=2  E (d5) preempts A (d8, now the latest) on cpu0
 *   t=3  C completes; A (2 left) takes cpu1: a migration from cpu0
 *   t=4  E completes; B (3 left) takes cpu0: a migration from cpu1
 *   t=5  A completes (d8); t=7 B completes (d9). */
static void test_global_edf_on_two_cpus_migrates(void)
{
	struct rt_task t[4] = { rt_task_make("A", 4, 8, 20),
				rt_task_make("B", 4, 9, 20),
				rt_task_make("C", 2, 3, 20),
				rt_task_make("E", 2, 3, 20) };
	struct sim_config c;
	struct tu_trace s;
	struct sim_engine *e;
	const struct sim_stats *st;

	t[2].offset = 1;
	t[3].offset = 2;
	c = cfg_make(t, 4, 10);
	c.cpus = 2;
	e = run_text(&c, SCHED, &s);
	st = sim_engine_stats(e);
	expect_trace(&s,
		"0 start 0.0 c0 4\n"
		"0 start 1.0 c1 4\n"
		"1 preempt 1.0 c1 3\n"
		"1 start 2.0 c1 2\n"
		"2 preempt 0.0 c0 2\n"
		"2 start 3.0 c0 2\n"
		"3 complete 2.0 c1 2\n"
		"3 migrate 0.0 c1 0\n"
		"3 start 0.0 c1 2\n"
		"4 complete 3.0 c0 2\n"
		"4 migrate 1.0 c0 1\n"
		"4 start 1.0 c0 3\n"
		"5 complete 0.0 c1 5\n"
		"7 complete 1.0 c0 7\n"
		"10 end 0.0 c-1 0\n");
	CU_ASSERT_EQUAL(st->tasks[0].preemptions, 1);
	CU_ASSERT_EQUAL(st->tasks[1].preemptions, 1);
	CU_ASSERT_EQUAL(st->tasks[0].migrations, 1);
	CU_ASSERT_EQUAL(st->tasks[1].migrations, 1);
	CU_ASSERT_EQUAL(st->cpu[0].busy, 7);
	CU_ASSERT_EQUAL(st->cpu[1].busy, 5);
	CU_ASSERT_EQUAL(st->misses, 0);
	sim_engine_destroy(e);
	free(s.buf);
}

static void test_create_rejects_bad_configurations(void)
{
	struct rt_task t[1] = { rt_task_make("T", 1, 2, 3) };
	struct rt_task bad = rt_task_make("Bad", 0, 2, 3);
	struct sim_config c = cfg_make(t, 1, 10);
	struct sim_engine *e = (struct sim_engine *)&c;   /* must stay */
	struct rt_diag d;

	c.policy = "lottery";
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	CU_ASSERT(strstr(d.msg, "lottery") && strstr(d.msg, "edf"));
	CU_ASSERT(e == (struct sim_engine *)&c);
	c = cfg_make(t, 1, 10);
	c.cpus = 0;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	CU_ASSERT(strstr(d.msg, "cpus") != NULL);
	c = cfg_make(t, 1, 0);
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	CU_ASSERT(strstr(d.msg, "horizon") != NULL);
	c = cfg_make(&bad, 1, 10);
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	CU_ASSERT(strstr(d.msg, "Bad") != NULL);
	CU_ASSERT(e == (struct sim_engine *)&c);
	sim_engine_destroy(NULL);
}

/* No tasks: the run goes straight to the horizon. */
static void test_empty_task_set_runs_to_the_horizon(void)
{
	struct sim_config c = cfg_make(NULL, 0, 50);
	struct tu_trace s;
	struct sim_engine *e;

	c.cpus = 3;
	e = run_text(&c, SIM_MASK_ALL, &s);
	expect_trace(&s, "50 end 0.0 c-1 0\n");
	CU_ASSERT_EQUAL(sim_engine_stats(e)->events, 1);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->cpu[2].busy, 0);
	sim_engine_destroy(e);
	free(s.buf);
}

/* A deadline a + D beyond int64 stops the run with RT_ERR_OVERFLOW; an
 * arrival beyond int64 just ends the task's releases. */
static void test_time_overflow_is_detected_not_wrapped(void)
{
	struct rt_task t[1] = { rt_task_make("O", 1, INT64_MAX - 5, 10) };
	struct sim_config c;
	struct sim_engine *e = NULL;
	struct rt_diag d;

	t[0].offset = 10;
	c = cfg_make(t, 1, 100);
	CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, &d), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_run(e, &d), RT_ERR_OVERFLOW);
	CU_ASSERT(strstr(d.msg, "overflow") != NULL);
	sim_engine_destroy(e);

	t[0] = rt_task_make("P", 1, 1, INT64_MAX - 2);
	t[0].offset = 2;
	c = cfg_make(t, 1, RT_TIME_MAX);
	CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, &d), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_run(e, &d), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->jobs, 1);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->completed, 1);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->now, RT_TIME_MAX);
	CU_ASSERT_EQUAL(sim_engine_run(e, &d), RT_ERR_INVAL);
	sim_engine_destroy(e);
}

/* A sink error stops the run with that error; masks filter kinds. */
static void test_sink_error_stops_the_run(void)
{
	struct rt_task t[2] = { rt_task_make("P1", 4, 5, 10),
				rt_task_make("P2", 4, 5, 10) };
	struct sim_config c = cfg_make(t, 2, 1000);
	struct tu_trace s, only_end;
	struct sim_sink a = { .mask = SIM_MASK_ALL,
			      .emit = tu_trace_emit, .ctx = &s };
	struct sim_sink b = { .mask = SIM_MASK(SIM_REC_END),
			      .emit = tu_trace_emit, .ctx = &only_end };
	struct sim_engine *e = NULL;
	struct rt_diag d;

	memset(&s, 0, sizeof(s));
	memset(&only_end, 0, sizeof(only_end));
	s.fail_at = 5;
	CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, &d), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_add_sink(e, &a), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_add_sink(e, &b), RT_OK);
	CU_ASSERT_PTR_NULL(sim_engine_failed_sink(e));
	CU_ASSERT_EQUAL(sim_engine_run(e, &d), RT_ERR_IO);
	CU_ASSERT_EQUAL(s.calls, 5);
	CU_ASSERT_EQUAL(only_end.calls, 0);
	CU_ASSERT_PTR_EQUAL(sim_engine_failed_sink(e), &s);
	CU_ASSERT(sim_engine_stats(e)->now < 1000);
	CU_ASSERT_EQUAL(sim_engine_add_sink(e, &b), RT_ERR_INVAL);
	sim_engine_destroy(e);
	free(s.buf);
}

/* What the meter saw: the instants of its calls. */
struct meter_log {
	rt_time at[64];
	int n;
	int fail_at;                    /* the call that fails (1-based) */
};

static enum rt_err meter_log_call(void *ctx, rt_time now)
{
	struct meter_log *m = ctx;

	if (m->n < 64)
		m->at[m->n] = now;
	return ++m->n == m->fail_at ? RT_ERR_IO : RT_OK;
}

/* sim_engine_set_meter: a call after every 3 records any sink takes (a
 * record counts once with two sinks); its error stops the run, with no
 * sink to blame.  The trace: P1 (C=4, D=5, T=10), P2 (2, 10, 10),
 * horizon 10:
 *   records 1-3: 0 release P1.0, 0 release P2.0, 0 start P1.0 c0
 *                -> call 1, at 0
 *   records 4-6: 4 complete P1.0 c0, 4 start P2.0 c0, 6 complete P2.0 c0
 *                -> call 2, at 6
 *   record 7:    10 end */
static void test_the_meter_counts_records_and_can_stop_the_run(void)
{
	struct rt_task t[2] = { rt_task_make("P1", 4, 5, 10),
				rt_task_make("P2", 2, 10, 10) };
	struct sim_config c = cfg_make(t, 2, 10);
	struct tu_trace s, ends;
	struct sim_sink a = { .mask = SIM_MASK_ALL,
			      .emit = tu_trace_emit, .ctx = &s };
	struct sim_sink b = { .mask = SIM_MASK(SIM_REC_COMPLETE) |
				      SIM_MASK(SIM_REC_END),
			      .emit = tu_trace_emit, .ctx = &ends };
	struct meter_log m = { .fail_at = 0 };
	struct sim_engine *e = NULL;
	struct rt_diag d;

	memset(&s, 0, sizeof(s));
	memset(&ends, 0, sizeof(ends));
	CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, &d), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_set_meter(e, meter_log_call, &m, 0),
			RT_ERR_INVAL);
	CU_ASSERT_EQUAL(sim_engine_set_meter(e, meter_log_call, &m, 3), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_add_sink(e, &a), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_add_sink(e, &b), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_run(e, &d), RT_OK);
	CU_ASSERT_EQUAL(s.calls, 7);
	CU_ASSERT_EQUAL(ends.calls, 3);
	CU_ASSERT_EQUAL(m.n, 2);
	CU_ASSERT_EQUAL(m.at[0], 0);
	CU_ASSERT_EQUAL(m.at[1], 6);
	CU_ASSERT_EQUAL(sim_engine_set_meter(e, meter_log_call, &m, 3),
			RT_ERR_INVAL);          /* after the run */
	sim_engine_destroy(e);
	free(s.buf);
	free(ends.buf);

	/* the second call fails: the run stops after record 6 */
	memset(&s, 0, sizeof(s));
	m = (struct meter_log){ .fail_at = 2 };
	CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, &d), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_set_meter(e, meter_log_call, &m, 3), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_add_sink(e, &a), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_run(e, &d), RT_ERR_IO);
	CU_ASSERT_EQUAL(s.calls, 6);
	CU_ASSERT_EQUAL(m.n, 2);
	CU_ASSERT_PTR_NULL(sim_engine_failed_sink(e));
	sim_engine_destroy(e);
	free(s.buf);
}

/* A sink that only counts. */
static enum rt_err count_emit(void *ctx, const struct sim_rec *r)
{
	(void)r;
	++*(uint64_t *)ctx;
	return RT_OK;
}

/* Field by field: the structs have padding. */
static bool same_stats(const struct sim_stats *a, const struct sim_stats *b)
{
	if (a->now != b->now || a->jobs != b->jobs ||
	    a->completed != b->completed || a->misses != b->misses ||
	    a->events != b->events || a->max_tardiness != b->max_tardiness ||
	    a->has_first_miss != b->has_first_miss ||
	    a->first_miss.task != b->first_miss.task ||
	    a->first_miss.job != b->first_miss.job ||
	    a->first_miss.finish != b->first_miss.finish ||
	    a->first_miss.tardiness != b->first_miss.tardiness ||
	    a->cpu[0].busy != b->cpu[0].busy)
		return false;
	for (size_t i = 0; i < a->ntasks; i++) {
		const struct sim_task_stats *x = &a->tasks[i], *y = &b->tasks[i];

		if (x->released != y->released ||
		    x->completed != y->completed || x->missed != y->missed ||
		    x->aborted != y->aborted ||
		    x->preemptions != y->preemptions ||
		    x->migrations != y->migrations ||
		    x->max_response != y->max_response ||
		    x->max_tardiness != y->max_tardiness ||
		    x->sum_response != y->sum_response ||
		    x->sum_tardiness != y->sum_tardiness)
			return false;
	}
	return true;
}

/* A digest of the final records and the job info they carry (what the
 * jobs CSV reads): FNV-1a over their fields, in order. */
static enum rt_err finals_emit(void *ctx, const struct sim_rec *r)
{
	uint64_t *h = ctx;
	const struct sim_job_info *ji = r->info;
	int64_t f[9] = { r->kind, r->time, r->task, (int64_t)r->job, r->value,
			 ji ? ji->release : -1, ji ? ji->abs_deadline : -1,
			 ji ? ji->start : -1, ji ? ji->cpu : -2 };

	for (size_t i = 0; i < 9; i++)
		*h = (*h ^ (uint64_t)f[i]) * 0x100000001b3ull;
	return RT_OK;
}

#define FINALS (SIM_MASK(SIM_REC_COMPLETE) | SIM_MASK(SIM_REC_ABORT) | \
		SIM_MASK(SIM_REC_UNFINISHED))

/* A digest of every record and the whole job info it carries: FNV-1a
 * over their fields, in order. */
static enum rt_err all_emit(void *ctx, const struct sim_rec *r)
{
	uint64_t *h = ctx;
	const struct sim_job_info *ji = r->info;
	int64_t f[16] = { r->kind, r->time, r->cpu, r->task, (int64_t)r->job,
			  r->value, ji != NULL };

	if (ji) {
		int64_t g[9] = { ji->task, (int64_t)ji->job, (int64_t)ji->seq,
				 ji->arrival, ji->release, ji->abs_deadline,
				 ji->demand, ji->start, ji->finish };

		memcpy(f + 7, g, sizeof(g));
		f[15] = ji->cpu;        /* remaining: below */
		*h = (*h ^ (uint64_t)ji->remaining) * 0x100000001b3ull;
	}
	for (size_t i = 0; i < 16; i++)
		*h = (*h ^ (uint64_t)f[i]) * 0x100000001b3ull;
	return RT_OK;
}

/* One CPU takes the handlers' lean copies (sim/README.md "The engine
 * loop"): the quiet ones when no sink wants the records of every job but
 * their final ones, else the ones that emit them.  Random uniprocessor
 * sets (every arrival and demand model, both miss policies and
 * tie-breaks), edf and fp, each run three times: quiet (final records
 * only), with every record, and as CPU 0 of two partitioned CPUs with
 * every task on CPU 0, which takes the general copies (a cluster runs
 * record for record as if alone, tests/test_multi.c).  Every record and
 * the job info it carries are the same in the last two, the final
 * records in all three, the statistics too; in one run and in steps. */
static void test_lean_handlers_keep_the_statistics(void)
{
	static const char *const pol[] = { "edf", "fp" };
	static const unsigned cpu0[8];  /* every task on CPU 0 */
	struct gen_opts o = { .max_tasks = 8, .max_cpus = 2,
			      .max_period = 40, .max_horizon = 2000,
			      .jitter_periods = 1 };

	for (uint64_t seed = 1; seed <= 200; seed++) {
		struct gen_set g;
		struct sim_engine *e[3] = { NULL, NULL, NULL };
		uint64_t n = 0, hq = 0xcbf29ce484222325ull, hrf = hq, hxf = hq;
		uint64_t hr = hq, hx = hq;
		struct sim_sink cnt = { SIM_MASK_ALL, count_emit, &n };
		struct sim_sink sq = { FINALS, finals_emit, &hq };
		struct sim_sink srf = { FINALS, finals_emit, &hrf };
		struct sim_sink sxf = { FINALS, finals_emit, &hxf };
		struct sim_sink sr = { SIM_MASK_ALL, all_emit, &hr };
		struct sim_sink sx = { SIM_MASK_ALL, all_emit, &hx };

		gen_random_set(seed, &o, &g);
		CU_ASSERT_FATAL(g.c.ntasks <= 8);
		g.c.cpus = 1;   /* drawn for up to 2: overloads too */
		g.c.policy = pol[seed % 2];
		CU_ASSERT_EQUAL_FATAL(sim_engine_create(&g.c, &e[0], NULL),
				      RT_OK);
		CU_ASSERT_EQUAL_FATAL(sim_engine_create(&g.c, &e[1], NULL),
				      RT_OK);
		g.c.cpus = 2;
		g.c.placement = SIM_PLACE_PARTITIONED;
		g.c.task_cluster = cpu0;
		CU_ASSERT_EQUAL_FATAL(sim_engine_create(&g.c, &e[2], NULL),
				      RT_OK);
		CU_ASSERT_EQUAL(sim_engine_add_sink(e[0], &sq), RT_OK);
		CU_ASSERT_EQUAL(sim_engine_add_sink(e[1], &srf), RT_OK);
		CU_ASSERT_EQUAL(sim_engine_add_sink(e[1], &sr), RT_OK);
		CU_ASSERT_EQUAL(sim_engine_add_sink(e[1], &cnt), RT_OK);
		CU_ASSERT_EQUAL(sim_engine_add_sink(e[2], &sxf), RT_OK);
		CU_ASSERT_EQUAL(sim_engine_add_sink(e[2], &sx), RT_OK);
		for (int k = 0; k < 3; k++) {
			bool done = false;

			if ((seed + (uint64_t)k) % 3) {
				CU_ASSERT_EQUAL(sim_engine_run(e[k], NULL),
						RT_OK);
				continue;
			}
			for (rt_time t = 7; !done; t += 7)
				CU_ASSERT_EQUAL_FATAL(sim_engine_run_until(e[k],
						t, &done, NULL), RT_OK);
		}
		CU_ASSERT(n > 0);
		CU_ASSERT_EQUAL(hr, hx);
		CU_ASSERT_EQUAL(hq, hxf);
		CU_ASSERT_EQUAL(hrf, hxf);
		CU_ASSERT(same_stats(sim_engine_stats(e[0]),
				     sim_engine_stats(e[2])));
		CU_ASSERT(same_stats(sim_engine_stats(e[1]),
				     sim_engine_stats(e[2])));
		for (int k = 0; k < 3; k++)
			sim_engine_destroy(e[k]);
	}
}

CU_TestInfo edf_engine_tests[] = {
	{ "sporadic arrivals with jitter are reproducible and bounded",
	  test_sporadic_jitter_is_reproducible_and_bounded },
	{ "the horizon counts a completion at H but not a release at H",
	  test_horizon_counts_completion_at_h_but_not_release },
	{ "global edf on two cpus migrates a preempted job",
	  test_global_edf_on_two_cpus_migrates },
	{ "create rejects bad configurations and leaves out untouched",
	  test_create_rejects_bad_configurations },
	{ "an empty task set runs to the horizon",
	  test_empty_task_set_runs_to_the_horizon },
	{ "time overflow is detected, never wrapped",
	  test_time_overflow_is_detected_not_wrapped },
	{ "a sink error stops the run", test_sink_error_stops_the_run },
	{ "the meter counts records and can stop the run",
	  test_the_meter_counts_records_and_can_stop_the_run },
	{ "the lean handlers keep the statistics",
	  test_lean_handlers_keep_the_statistics },
	CU_TEST_INFO_NULL
};
