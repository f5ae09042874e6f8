/* test_overhead.c - scheduling overheads (models/overhead.h,
 * sim/overhead.c): hand-worked timelines of the charging rules, and the
 * property that an overhead-aware test that accepts never meets a
 * simulated miss (random sets, seeded).
 *
 * Expected traces are one line per record: "TIME KIND TASK.JOB cCPU VALUE".
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>
#include <dlsim.h>

#include "models/analysis_fp.h"
#include "models/analysis_global.h"
#include "models/analysis_uni.h"
#include "models/overhead.h"
#include "models/tests.h"
#include "models/rng.h"
#include "models/task.h"
#include "sim/engine.h"
#include "scenarios/scn.h"
#include "tests/scn_util.h"
#include "tests/suites.h"
#include "tests/trace_util.h"

/*
 * One CPU, EDF; sched = cs = 1 (a switch costs 2), release = 1.
 * A (C 2, D = T 10), B (C 3, D = T 12, offset 1); horizon 20.
 *   t=0  A.0 released: its interrupt [0,1); A.0 dispatched at 0, its
 *        switch-in [1,3): it would run from 3;
 *   t=1  B.0's interrupt delays A.0 (queued behind its switch): [3,4),
 *        A.0 runs [4,6) and completes at 6 (response 6);
 *   t=6  switch away [6,8); B.0 dispatched at the same instant: no
 *        second switch; B.0 runs [8,10);
 *   t=10 A.1's interrupt [10,11) delays B.0: it runs [11,12), completes
 *        at 12 (response 11 <= 12);
 *   t=12 switch [12,14); A.1 would run from 14;
 *   t=13 B.1's interrupt [14,15): A.1 runs [15,17), response 7;
 *   t=17 switch [17,19); B.1 runs [19,20): 2 left at the horizon.
 * CPU 0 overhead: 4 interrupts + 4 switches of 2 = 12; busy 8; 12 + 8 =
 * 20: never idle.
 */
static void test_uni_timeline(void)
{
	struct rt_task t[2] = { rt_task_make("A", 2, 10, 10),
				rt_task_make("B", 3, 12, 12) };
	struct rt_overheads o = { .schedule = 1, .context_switch = 1,
				  .release = 1 };
	struct sim_config c = { .tasks = t, .ntasks = 2, .cpus = 1,
				.policy = "edf", .horizon = 20, .seed = 1,
				.overheads = &o };
	struct sim_engine *e;
	const struct sim_stats *st;

	t[1].offset = 1;
	e = tu_expect_sched(&c,
		"0 start 0.0 c0 2\n"
		"6 complete 0.0 c0 6\n"
		"6 start 1.0 c0 3\n"
		"12 complete 1.0 c0 11\n"
		"12 start 0.1 c0 2\n"
		"17 complete 0.1 c0 7\n"
		"17 start 1.1 c0 3\n"
		"20 unfinished 1.1 c0 2\n"
		"20 end 0.0 c-1 0\n");
	st = sim_engine_stats(e);
	CU_ASSERT_EQUAL(st->misses, 0);
	CU_ASSERT_EQUAL(st->cpu[0].overhead, 12);
	CU_ASSERT_EQUAL(st->cpu[0].busy, 8);
	sim_engine_destroy(e);
}

/*
 * Two CPUs, global EDF; sched = 1, cs = 0, migration = 2.
 * A (C 2, D = T 20), B (C 4, D = T 20), C (C 2, D 5, T 20, offset 1).
 *   t=0  A.0 on c0, B.0 on c1, each switch-in [0,1);
 *   t=1  C.0 (d 6) preempts B.0 (d 20, the later index on equal
 *        deadlines) on c1 before it ran: switch [1,2), C.0 runs [2,4);
 *   t=3  A.0 completes on c0 (ran [1,3)): switch away [3,4); B.0 takes
 *        c0 at once (merged switch) and migrated: + 2, [4,6); B.0 runs
 *        [6,10), response 10;
 *   t=4  C.0 completes (response 3); c1 switches away [4,5).
 * Overhead: c0 1 + 1 + 2 + (switch away at 10) 1 = 5; c1 1 + 1 + 1 = 3.
 */
static void test_global_migration(void)
{
	struct rt_task t[3] = { rt_task_make("A", 2, 20, 20),
				rt_task_make("B", 4, 20, 20),
				rt_task_make("C", 2, 5, 20) };
	struct rt_overheads o = { .schedule = 1, .migration = 2 };
	struct sim_config c = { .tasks = t, .ntasks = 3, .cpus = 2,
				.policy = "edf", .horizon = 20, .seed = 1,
				.overheads = &o };
	struct sim_engine *e;
	const struct sim_stats *st;

	t[2].offset = 1;
	e = tu_expect_sched(&c,
		"0 start 0.0 c0 2\n"
		"0 start 1.0 c1 4\n"
		"1 preempt 1.0 c1 4\n"
		"1 start 2.0 c1 2\n"
		"3 complete 0.0 c0 3\n"
		"3 migrate 1.0 c0 1\n"
		"3 start 1.0 c0 4\n"
		"4 complete 2.0 c1 3\n"
		"10 complete 1.0 c0 10\n"
		"20 end 0.0 c-1 0\n");
	st = sim_engine_stats(e);
	CU_ASSERT_EQUAL(st->misses, 0);
	CU_ASSERT_EQUAL(st->tasks[1].migrations, 1);
	CU_ASSERT_EQUAL(st->cpu[0].overhead, 5);
	CU_ASSERT_EQUAL(st->cpu[1].overhead, 3);
	sim_engine_destroy(e);
}

/*
 * Ticks: one CPU, tick = 1 every 5 (k/hz for k >= 0), nothing else.
 * A (C 6, D = T 20): ticks at 0 and 5 delay it: runs [1,5), [6,8),
 * completes at 8; ticks at 10 and 15 on the idle CPU: overhead 4.
 */
static void test_tick(void)
{
	struct rt_task t[1] = { rt_task_make("A", 6, 20, 20) };
	struct rt_overheads o = { .tick = 1, .tick_period = 5 };
	struct sim_config c = { .tasks = t, .ntasks = 1, .cpus = 1,
				.policy = "fp", .horizon = 20, .seed = 1,
				.overheads = &o };
	struct sim_engine *e = tu_expect_sched(&c,
		"0 start 0.0 c0 6\n"
		"8 complete 0.0 c0 8\n"
		"20 end 0.0 c-1 0\n");

	CU_ASSERT_EQUAL(sim_engine_stats(e)->cpu[0].overhead, 4);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->cpu[0].busy, 6);
	sim_engine_destroy(e);
}

/* Policies that do not charge overheads refuse them. */
static void test_refused(void)
{
	struct rt_task t[1] = { rt_task_make("A", 1, 10, 10) };
	struct rt_overheads o = { .schedule = 1 };
	struct sim_config c = { .tasks = t, .ntasks = 1, .cpus = 1,
				.policy = "cbs", .horizon = 20, .seed = 1,
				.overheads = &o };
	struct sim_engine *e = NULL;
	struct rt_diag d;

	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_UNSUPPORTED);
	CU_ASSERT_PTR_NULL(e);
	o = (struct rt_overheads){ .tick = 1 };        /* no tick period */
	c.policy = "edf";
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
}


/* The scenario keys: loaded, refused where they would do nothing, and
 * what is not implemented refused naming line, column and field. */
static void test_scenario_keys(void)
{
	struct scn_scenario *s = load_ok(
		"format: 1\ntime_unit: us\n"
		"overheads: {context_switch: 2, schedule: 1, release: 0.5, "
		"migration: 3, tick: 1, hz: 1000}\n"
		"tasks: [{name: A, C: 100, T: 1000}]\n");

	CU_ASSERT_EQUAL(s->overheads.context_switch, 2000);
	CU_ASSERT_EQUAL(s->overheads.schedule, 1000);
	CU_ASSERT_EQUAL(s->overheads.release, 500);
	CU_ASSERT_EQUAL(s->overheads.migration, 3000);
	CU_ASSERT_EQUAL(s->overheads.tick, 1000);
	CU_ASSERT_EQUAL(s->overheads.tick_period, 1000000);
	scn_free(s);
	expect_fail("format: 1\noverheads: {tick: 1}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "t.yaml:2:", "overheads.tick", "needs the tick rate", NULL);
	expect_fail("format: 1\noverheads: {tick: 1, hz: 100}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "overheads.hz", "time_unit", NULL);
	expect_fail("format: 1\ntime_unit: ms\noverheads: {hz: 100}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "overheads.hz", "does nothing", NULL);
	expect_fail("format: 1\noverheads: {schedule: -1}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_INVAL,
		    "t.yaml:2:23: overheads.schedule", "negative", NULL);
	expect_fail("format: 1\nscheduler: {policy: cbs}\n"
		    "overheads: {schedule: 1}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "t.yaml:3:1: overheads", "not modelled for policy cbs",
		    NULL);
	expect_fail("format: 1\noverheads: {schedule: [{cpus: 1}]}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "t.yaml:2:", "overheads.schedule", "by_cpus", NULL);
	/* by_cpus: the row of the CPU count, else the next larger one */
	s = load_ok("format: 1\nplatform: {cpus: 3}\n"
		    "overheads:\n  by_cpus:\n"
		    "    - {cpus: 1, schedule: 1, context_switch: 1}\n"
		    "    - {cpus: 8, schedule: 4, release: 2}\n"
		    "    - {cpus: 4, schedule: 3, migration: 5}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n");
	CU_ASSERT_EQUAL(s->overheads.schedule, 3);
	CU_ASSERT_EQUAL(s->overheads.migration, 5);
	CU_ASSERT_EQUAL(s->overheads.context_switch, 0);
	CU_ASSERT_EQUAL(s->overheads.release, 0);
	scn_free(s);
	s = load_ok("format: 1\n"
		    "overheads: {by_cpus: [{cpus: 2, release: 1}, "
		    "{cpus: 1, release: 7}]}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n");
	CU_ASSERT_EQUAL(s->overheads.release, 7);
	scn_free(s);
	expect_fail("format: 1\nplatform: {cpus: 9}\n"
		    "overheads: {by_cpus: [{cpus: 8, release: 1}]}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "t.yaml:3:", "by_cpus", "no row for 9 CPUs", NULL);
	expect_fail("format: 1\n"
		    "overheads: {release: 1, by_cpus: [{cpus: 8, release: 1}]}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "overheads.by_cpus", "either the times or by_cpus", NULL);
	expect_fail("format: 1\n"
		    "overheads: {by_cpus: [{cpus: 8, release: 1}, "
		    "{cpus: 8, release: 2}]}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "overheads.by_cpus[1].cpus", "a second row", NULL);
	expect_fail("format: 1\n"
		    "overheads: {by_cpus: [{release: 1}]}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "overheads.by_cpus[0]", "missing cpus", NULL);
	expect_fail("format: 1\n"
		    "overheads: {by_cpus: [{cpus: 1, release: 1.5}]}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "t.yaml:2:", "overheads.by_cpus[0].release", NULL);
	/* frequency keys belong to platform (tests/test_energy.c) */
	expect_fail("format: 1\nfrequencies: []\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "t.yaml:2:1: frequencies", "unknown key", NULL);
	expect_fail("format: 1\ngovernor: schedutil\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "governor", "unknown key", NULL);
	/* overheads with frequencies: not implemented yet */
	expect_fail("format: 1\noverheads: {release: 1}\n"
		    "platform: {frequencies: [1, 2]}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "t.yaml:2:1: overheads", "not implemented yet", NULL);
}

/* ---- property: an overhead-aware accept never meets a simulated miss ---- */

#define OVH_SETS 1500

struct ovh_counts {
	unsigned sets, accepted, missed;
};

/* The set of 'seed': 1..6 tasks, T in [20, 200], D in [C, T] or T,
 * offsets, sporadic or periodic arrivals, fixed or uniform demand;
 * random overheads (tick period 10..50).  *m CPUs (1, 2 or 3), *fp:
 * fixed priorities (deadline-monotonic, one CPU only). */
static size_t ovh_gen(uint64_t seed, struct rt_task *t, struct rt_overheads *o,
		      unsigned *m, bool *fp)
{
	struct rt_rng g;
	size_t n;
	int64_t share;

	rt_rng_seed(&g, rt_rng_derive(0x0e4b, seed, 0));
	n = (size_t)rt_rng_range(&g, 1, 6);
	*m = (unsigned)rt_rng_range(&g, 1, 3);
	*fp = *m == 1 && rt_rng_range(&g, 0, 1);
	share = rt_rng_range(&g, 10, 90);       /* percent of m per set */
	for (size_t i = 0; i < n; i++) {
		rt_time T = rt_rng_range(&g, 20, 200);
		rt_time C = T * share * (rt_time)*m / (100 * (rt_time)n);
		rt_time D;

		C = rt_rng_range(&g, C / 2 > 1 ? C / 2 : 1, C > 1 ? C : 1);
		if (C > T)
			C = T;
		D = rt_rng_range(&g, 0, 1) ? T : rt_rng_range(&g, C, T);
		t[i] = rt_task_make("t", C, D, T);
		t[i].offset = rt_rng_range(&g, 0, 1) ? 0 : rt_rng_range(&g, 0, T);
		if (rt_rng_range(&g, 0, 2) == 0) {
			t[i].arrival = RT_ARRIVAL_SPORADIC;
			t[i].max_delay = rt_rng_range(&g, 0, T);
		}
		if (rt_rng_range(&g, 0, 2) == 0) {
			t[i].exec = RT_EXEC_UNIFORM;
			t[i].exec_min = rt_rng_range(&g, 1, C);
			t[i].exec_max = C;
		}
	}
	*o = (struct rt_overheads){
		.schedule = rt_rng_range(&g, 0, 2),
		.context_switch = rt_rng_range(&g, 0, 2),
		.release = rt_rng_range(&g, 0, 1),
		.migration = rt_rng_range(&g, 0, 3),
	};
	if (rt_rng_range(&g, 0, 1)) {
		o->tick = 1;
		o->tick_period = rt_rng_range(&g, 10, 50);
	}
	return n;
}

/* Does an overhead-aware test accept?  One CPU: qpa (EDF) or fp-rta
 * (DM); several: any of gfb, bak, bcl, rta. */
static bool ovh_accepts(const struct rt_task *t, size_t n, unsigned m, bool fp,
			const struct rt_overheads *o)
{
	static const char *const global[] = { "gfb", "bak", "bcl", "rta" };
	struct rt_task inf[6];
	struct rt_test_result out;
	struct rt_diag d;

	if (rt_ovh_inflate(o, t, n, m > 1, inf, &d) != RT_OK)
		return false;
	if (fp) {
		CU_ASSERT_EQUAL_FATAL(rt_fp_rta_test(inf, n, 1,
					RT_FP_DEADLINE_MONOTONIC, &out, &d), RT_OK);
		return out.verdict == RT_VERDICT_ACCEPT;
	}
	if (m == 1)
		return tu_run_test("qpa", inf, n, 1, &out) == RT_VERDICT_ACCEPT;
	for (size_t k = 0; k < sizeof(global) / sizeof(global[0]); k++)
		if (tu_run_test(global[k], inf, n, m, &out) == RT_VERDICT_ACCEPT)
			return true;
	return false;
}

static void ovh_one(uint64_t seed, struct ovh_counts *k)
{
	struct rt_task t[6];
	struct rt_overheads o;
	unsigned m;
	bool fp, ok;
	size_t n = ovh_gen(seed, t, &o, &m, &fp);
	struct sim_config c = { .tasks = t, .ntasks = n, .cpus = m,
				.policy = fp ? "fp" : "edf", .horizon = 4000,
				.seed = seed, .overheads = &o };
	struct sim_engine *e = tu_engine_run(&c, NULL);
	const struct sim_stats *st = sim_engine_stats(e);

	ok = ovh_accepts(t, n, m, fp, &o);
	k->sets++;
	k->accepted += ok;
	k->missed += st->misses > 0;
	for (unsigned cpu = 0; cpu < m; cpu++)
		CU_ASSERT(st->cpu[cpu].busy + st->cpu[cpu].overhead <= c.horizon);
	if (ok && st->misses) {
		CU_FAIL("an overhead-aware test accepts a set that misses");
		fprintf(stderr, "\nseed %" PRIu64 ": m %u %s; first miss task "
			"%" PRIu32 " at %" PRId64, seed, m, fp ? "fp" : "edf",
			st->first_miss.task, st->first_miss.deadline);
	}
	sim_engine_destroy(e);
}

static void test_prop_no_accept_with_miss(void)
{
	struct ovh_counts k = { 0 };

	for (uint64_t seed = 1; seed <= OVH_SETS; seed++)
		ovh_one(seed, &k);
	/* the property is not vacuous: both sides occur */
	CU_ASSERT(k.accepted >= OVH_SETS / 10);
	CU_ASSERT(k.missed >= OVH_SETS / 10);
	printf("\n      %u sets: %u accepted, %u with a miss ", k.sets,
	       k.accepted, k.missed);
}

/* The same property through the public API, as `dlsim analyze` shows it:
 * random scenarios with overheads (times in ms, ticks at hz 100 on half
 * of them); the +overheads rows are the ones compared, and analyze
 * finds no contradiction (an accept beside a simulated miss would be
 * one). */
#define OVH_API_SETS 300

static void test_prop_analyze_no_contradiction(void)
{
	static const char *const half[] = { "0", "0.5", "1", "1.5" };
	struct dlsim *db;
	unsigned accepted = 0, missed = 0;

	CU_ASSERT_EQUAL_FATAL(dlsim_open(&db), DLSIM_OK);
	for (uint64_t seed = 1; seed <= OVH_API_SETS; seed++) {
		struct rt_rng g;
		char text[2048];
		size_t len;
		unsigned m, n;
		bool fp;
		struct dlsim_scenario *sc = NULL;
		struct dlsim_analysis *an = NULL;

		rt_rng_seed(&g, rt_rng_derive(0x0e4c, seed, 0));
		m = (unsigned)rt_rng_range(&g, 1, 3);
		fp = m == 1 && rt_rng_range(&g, 0, 1);
		n = (unsigned)rt_rng_range(&g, 1, 5);
		len = (size_t)snprintf(text, sizeof(text),
			"format: 1\ntime_unit: ms\nhorizon: 4000\n"
			"platform: {cpus: %u}\nscheduler: {policy: %s}\n"
			"overheads: {schedule: %s, context_switch: %s, "
			"release: %s, migration: %d%s}\ntasks:\n", m,
			fp ? "fp" : "edf", half[rt_rng_range(&g, 0, 3)],
			half[rt_rng_range(&g, 0, 3)],
			half[rt_rng_range(&g, 0, 1)],
			(int)rt_rng_range(&g, 0, 3),
			rt_rng_range(&g, 0, 1) ? ", tick: 0.05, hz: 100" : "");
		for (unsigned i = 0; i < n; i++) {
			int64_t T = rt_rng_range(&g, 20, 200);
			int64_t C = rt_rng_range(&g, 1, T * (int64_t)m * 3 /
						 (4 * (int64_t)n) + 1);

			if (C > T)
				C = T;
			len += (size_t)snprintf(text + len, sizeof(text) - len,
				"  - {name: t%u, C: %lld, D: %lld, T: %lld, "
				"offset: %lld}\n", i, (long long)C,
				(long long)rt_rng_range(&g, C, T), (long long)T,
				(long long)(rt_rng_range(&g, 0, 1) ?
					    rt_rng_range(&g, 0, T) : 0));
		}
		CU_ASSERT_FATAL(len < sizeof(text));
		if (dlsim_scenario_load_string(db, text, len, "p.yaml", &sc) !=
		    DLSIM_OK) {
			CU_FAIL("a generated scenario does not load");
			fprintf(stderr, "\n%s\n%s\n", text, dlsim_errmsg(db));
			continue;
		}
		CU_ASSERT_EQUAL_FATAL(dlsim_analyze(db, sc, NULL, &an),
				      DLSIM_OK);
		if (dlsim_analysis_ncontradictions(an)) {
			CU_FAIL("analyze found a contradiction");
			fprintf(stderr, "\n%s\n%s\n", text,
				dlsim_analysis_contradiction(an, 0));
		}
		for (size_t i = 0; i < dlsim_analysis_ntests(an); i++)
			if (dlsim_analysis_test_compared(an, i) &&
			    strstr(dlsim_analysis_test_name(an, i),
				   "+overheads") &&
			    !strcmp(dlsim_analysis_test_kind(an, i),
				    "sufficient") &&
			    !strcmp(dlsim_analysis_test_verdict(an, i),
				    "accept")) {
				accepted++;
				break;
			}
		missed += strstr(dlsim_analysis_verdict(an), "found a miss") !=
			  NULL;
		dlsim_analysis_free(an);
		dlsim_scenario_free(sc);
	}
	dlsim_close(db);
	CU_ASSERT(accepted >= OVH_API_SETS / 10);
	CU_ASSERT(missed >= OVH_API_SETS / 20);
	printf("\n      %u scenarios: %u accepted by a sufficient +overheads "
	       "test, %u with a miss ", OVH_API_SETS, accepted, missed);
}

CU_TestInfo overhead_tests[] = {
	{ "uniprocessor charging timeline", test_uni_timeline },
	{ "global: migration and merged switch", test_global_migration },
	{ "ticks delay the running job", test_tick },
	{ "refused where not modelled", test_refused },
	{ "scenario keys, and what is not implemented yet",
	  test_scenario_keys },
	{ "random sets: no overhead-aware accept with a miss (1500 sets)",
	  test_prop_no_accept_with_miss },
	{ "analyze: no contradiction with overheads (300 scenarios)",
	  test_prop_analyze_no_contradiction },
	CU_TEST_INFO_NULL,
};
