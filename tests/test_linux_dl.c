/* test_linux_dl.c - policy linux-dl (SCHED_DEADLINE) and the kernel
 * arithmetic of models/linux_dl.c: admission, __checkparam_dl, the
 * wake-up rules (E.7 vectors 4, 5), the replenishment, GRUB (E.5). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/linux_dl.h"
#include "models/rng.h"
#include "scenarios/scn.h"
#include "sim/engine.h"
#include "tests/cbs_util.h"
#include "tests/suites.h"

#define MS 1000000

/* docs/theory.md §G.6 and E.4 rule 2. */
static void test_kernel_fixed_point_matches_the_kernel(void)
{
	struct rt_dl_grub g;

	CU_ASSERT_EQUAL(rt_dl_to_ratio(1000000, 950000), 996147);
	CU_ASSERT_EQUAL(rt_dl_to_ratio(10, 4), 419430);
	CU_ASSERT_EQUAL(rt_dl_to_ratio(10 * MS, 4 * MS), 419430);
	CU_ASSERT_EQUAL(rt_dl_to_ratio(0, 4), 0);
	CU_ASSERT_EQUAL(rt_dl_to_ratio(10, RT_DL_RUNTIME_INF), RT_BW_UNIT);
	CU_ASSERT_TRUE(rt_dl_admit(419430, 419430, 996147, 1, false));
	CU_ASSERT_FALSE(rt_dl_admit(838860, 419430, 996147, 1, false));
	CU_ASSERT_TRUE(rt_dl_admit(838860, 419430, 996147, 2, false));
	CU_ASSERT_TRUE(rt_dl_admit(UINT64_MAX / 2, 419430, 0, 1, true));
	/* equality admits: 996147 <= 996147 */
	CU_ASSERT_TRUE(rt_dl_admit(996147 - 7, 7, 996147, 1, false));
	CU_ASSERT_FALSE(rt_dl_admit(996147 - 7, 8, 996147, 1, false));
	/* dl_entity_overflow at 2^10 ns: E.7 vector 5 at 2 ms is kept
	 * (equal ratios), at 3 ms overflows */
	CU_ASSERT_FALSE(rt_dl_entity_overflow(1 * MS, 4 * MS, 2 * MS, 2 * MS,
					      4 * MS));
	CU_ASSERT_TRUE(rt_dl_entity_overflow(1 * MS, 4 * MS, 3 * MS, 2 * MS,
					     4 * MS));
	/* revised runtime: density 0.5 * 1 ms */
	CU_ASSERT_EQUAL(rt_dl_revised_runtime(rt_dl_to_ratio(4 * MS, 2 * MS),
					      1 * MS), 500000);
	/* GRUB rates of the sched-deadline.rst example (U_max = 1) */
	rt_dl_grub_init(&g, RT_DL_RUNTIME_INF, 1000000);
	CU_ASSERT_EQUAL(g.bw_ratio, 256);
	g.this_bw = 2 * 524288;
	g.extra_bw = 0;
	g.running_bw = 2 * 524288;
	CU_ASSERT_EQUAL(rt_dl_grub_rate(&g, 524288), RT_BW_UNIT);
	g.running_bw = 524288;
	CU_ASSERT_EQUAL(rt_dl_grub_rate(&g, 524288), 524288);
	/* default rt_runtime 0.95: bw_ratio = to_ratio(0.95, 1) >> 12 */
	rt_dl_grub_init(&g, 950000, 1000000);
	CU_ASSERT_EQUAL(g.max_bw, 996147);
	CU_ASSERT_EQUAL(g.bw_ratio, rt_dl_to_ratio(950000, 1000000) >> 12);
}

/* __checkparam_dl, rule by rule, with the kernel's words. */
static void test_checkparam_names_the_kernel_rule(void)
{
	struct rt_diag d;

	CU_ASSERT_EQUAL(rt_dl_checkparam("t", 1024, 2048, 200000, 1, "ns", &d), RT_OK);
	CU_ASSERT_EQUAL(rt_dl_checkparam("t", 1000, 2048, 200000, 1, "ns", &d),
			RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "__checkparam_dl: runtime 1000 "
				      "ns < 1024 ns"));
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "runtime >= 2^DL_SCALE"));
	CU_ASSERT_EQUAL(rt_dl_checkparam("t", 5000, 4000, 200000, 1, "ns", &d),
			RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "runtime <= deadline <= period"));
	CU_ASSERT_EQUAL(rt_dl_checkparam("t", 2000, 300000, 200000, 1, "ns", &d),
			RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "runtime <= deadline <= period"));
	CU_ASSERT_EQUAL(rt_dl_checkparam("t", 2000, 50000, 50000, 1, "ns", &d),
			RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "sched_deadline_period_min_us"));
	CU_ASSERT_EQUAL(rt_dl_checkparam("t", 2000, 2000, RT_DL_PERIOD_MAX + 1,
					 1, "ns", &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "sched_deadline_period_max_us"));
	CU_ASSERT_EQUAL(rt_dl_checkparam("t", 2000, 0, 0, 1, "ns", &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "deadline must not be zero"));
	/* every time in the caller's unit, none in another */
	CU_ASSERT_EQUAL(rt_dl_checkparam("t", 1000, 2000000, 10000000, 1000000,
					 "ms", &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "runtime 0.001 ms < 0.001024 ms"));
	CU_ASSERT_PTR_NULL(strstr(d.msg, " ns"));
	CU_ASSERT_EQUAL(rt_dl_checkparam("t", 3000000, 2000000, 10000000,
					 1000000, "ms", &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "runtime 3, deadline 2, period "
				      "10 ms"));
	CU_ASSERT_EQUAL(rt_dl_checkparam("t", 2000, 50000, 50000, 1000, "us",
					 &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "period 50 us outside [100, "
				      "4194304] us"));
	/* period 0 means period = deadline */
	CU_ASSERT_EQUAL(rt_dl_checkparam("t", 2000, 200000, 0, 1, "ns", &d), RT_OK);
}

/* A scenario with runtime 1000 ns cannot load (validate, run and analyze
 * refuse it at the task's position), and the engine refuses such a task
 * too, both with the kernel's rule. */
static void test_runtime_1000ns_is_refused_with_the_rule(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\ntime_unit: ns\nscheduler: { policy: linux-dl }\n"
		"tasks: [{ name: tiny, runtime: 2000, deadline: 1ms, "
		"period: 1ms }]\n");
	struct sim_config c = cbs_config(s);
	struct sim_engine *e = NULL;
	struct rt_diag d;

	cbs_load_fail("format: 1\ntime_unit: ns\nscheduler: { policy: "
		      "linux-dl }\ntasks:\n  - { name: tiny, runtime: 1000, "
		      "deadline: 1ms, period: 1ms }\n",
		      "t.yaml:5:5: tasks[0]: task tiny: __checkparam_dl: "
		      "runtime 1000 ns < 1024 ns; the kernel requires runtime "
		      ">= 2^DL_SCALE");
	s->tasks[0].wcet = 1000;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NULL(e);
	CU_ASSERT_STRING_EQUAL(d.msg, "task tiny: __checkparam_dl: runtime "
			       "1000 ns < 1024 ns; the kernel requires runtime "
			       ">= 2^DL_SCALE");
	scn_free(s);
	cbs_load_fail("format: 1\nscheduler: { policy: linux-dl }\n"
		      "tasks: [{ name: a, C: 1, T: 2 }]\n",
		      "scheduler.policy: linux-dl models the kernel in "
		      "nanoseconds; expected time_unit: ns, us, ms or s");
	cbs_load_fail("format: 1\nscheduler: { rt_runtime_us: 2, "
		      "rt_period_us: 1 }\ntasks: [{ name: a, C: 1, T: 2 }]\n",
		      "scheduler.rt_runtime_us: 2 > rt_period_us 1");
}

/* docs/theory.md §G.6: two (4, 5, 10) ms tasks admitted (838860 <= 996147), P2
 * misses by 3 ms each period; P3 would overflow and never runs. */
static void test_two_tasks_admitted_one_misses_third_rejected(void)
{
	struct scn_scenario *s = cbs_load_example("linux-dl");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, SIM_MASK(SIM_REC_ADMIT) |
				       SIM_MASK(SIM_REC_REJECT) |
				       SIM_MASK(SIM_REC_MISS) | CBS_COMPLETE,
				       &tr);
	const struct sim_stats *st = sim_engine_stats(e);

	cbs_expect(&tr,
		   "0 admit P1.0 1\n"
		   "0 admit P2.0 1\n"
		   "0 reject P3.0 1\n"
		   "4000000 complete P1.0 4000000\n"
		   "8000000 complete P2.0 8000000\n"
		   "8000000 deadline_miss P2.0 3000000\n"
		   "14000000 complete P1.1 4000000\n"
		   "18000000 complete P2.1 8000000\n"
		   "18000000 deadline_miss P2.1 3000000\n");
	CU_ASSERT_TRUE(st->tasks[2].rejected);
	CU_ASSERT_EQUAL(st->tasks[2].released, 0);
	CU_ASSERT_EQUAL(st->rejected, 1);
	CU_ASSERT_EQUAL(st->misses, 2);
	CU_ASSERT_EQUAL(st->servers[1].deadline_misses, 2);
	CU_ASSERT_EQUAL(st->servers[1].max_lateness, 3 * MS);
	CU_ASSERT_EQUAL(st->servers[0].deadline_misses, 0);
	/* "throttled" is only time throttled with work pending:
	 * P1 uses exactly its runtime and finishes at 4 and 14, then sits
	 * throttled with nothing to run until 10 and 20 (the horizon): 0
	 * throttled, 12 ms idle; P2 finishes at 8 and 18 with its runtime
	 * used up: idle [8, 10) and [18, 20). */
	CU_ASSERT_EQUAL(st->servers[0].throttled_time, 0);
	CU_ASSERT_EQUAL(st->servers[0].throttled_idle_time, 12 * MS);
	CU_ASSERT_EQUAL(st->servers[1].throttled_time, 0);
	CU_ASSERT_EQUAL(st->servers[1].throttled_idle_time, 4 * MS);
	cbs_done(e, s, &tr);

	/* rt_runtime_us: -1 turns admission off: all three run */
	s = cbs_load_example("linux-dl");
	s->sched.rt_runtime_us = -1;
	e = cbs_run(s, SIM_MASK(SIM_REC_REJECT), &tr);
	cbs_expect(&tr, "");
	CU_ASSERT_EQUAL(sim_engine_stats(e)->tasks[2].released, 2);
	cbs_done(e, s, &tr);
}

/* The cap scales with the CPUs of the root domain. */
static void test_admission_scales_with_the_cpus(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\ntime_unit: ms\nhorizon: 10\nplatform: { cpus: 2 }\n"
		"scheduler: { policy: linux-dl }\n"
		"tasks:\n"
		"  - { name: A, runtime: 4, period: 10 }\n"
		"  - { name: B, runtime: 4, period: 10 }\n"
		"  - { name: C, runtime: 4, period: 10 }\n"
		"  - { name: D, runtime: 4, period: 10 }\n"
		"  - { name: E, runtime: 4, period: 10 }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, SIM_MASK(SIM_REC_REJECT), &tr);

	/* 4 * 419430 = 1677720 <= 2 * 996147; 5 * 419430 > 1992294 */
	cbs_expect(&tr, "0 reject E.0 1\n");
	CU_ASSERT_EQUAL(sim_engine_stats(e)->misses, 0);
	cbs_done(e, s, &tr);
}

/* E.7 vectors 4 and 5 in kernel arithmetic. */
static void test_linux_wakeups_match_vectors_4_and_5(void)
{
	struct scn_scenario *s = cbs_load_example("linux-dl-wakeup");
	struct tu_trace tr;
	struct sim_engine *e;

	e = cbs_run_from(s, SIM_MASK(SIM_REC_SERVER_WAKEUP) |
			 SIM_MASK(SIM_REC_SERVER_DEADLINE) |
			 SIM_MASK(SIM_REC_THROTTLE) |
			 SIM_MASK(SIM_REC_REPLENISH), 2 * MS, &tr);
	cbs_expect(&tr, CBS_E7_WAKEUPS_4_5);
	cbs_done(e, s, &tr);
}

/* docs/theory.md §E.5 with grub_reclaim(): T2 runs [2, 8) ms; without GRUB it is
 * throttled at 6 and completes at 10. */
static void test_kernel_grub_gives_t2_six_ms(void)
{
	struct scn_scenario *s = cbs_load_example("linux-dl-grub");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, CBS_COMPLETE | CBS_RUN, &tr);

	cbs_expect(&tr,
		   "0 start T1.0 2000000\n"
		   "2000000 complete T1.0 2000000\n"
		   "2000000 start T2.0 6000000\n"
		   "8000000 complete T2.0 8000000\n");
	cbs_done(e, s, &tr);
	s = cbs_load_example("linux-dl-grub");
	s->sched.reclaim = RT_RECLAIM_NONE;
	e = cbs_run(s, CBS_COMPLETE, &tr);
	cbs_expect(&tr, "2000000 complete T1.0 2000000\n"
		   "10000000 complete T2.0 10000000\n");
	cbs_done(e, s, &tr);
	/* and it is refused on two CPUs */
	s = cbs_load_example("linux-dl-grub");
	{
		struct sim_config c = cbs_config(s);
		struct sim_engine *x = NULL;
		struct rt_diag d;

		c.cpus = 2;
		CU_ASSERT_EQUAL(sim_engine_create(&c, &x, &d),
				RT_ERR_UNSUPPORTED);
	}
	scn_free(s);
}

/* replenish_dl_entity(): a task that ran far past its period (admission
 * off, U = 3.6) is replenished on exhaustion (its next period has
 * passed: no timer), then "lagged too much": d = now + D, q = Q. */
static void test_a_lagging_task_gets_a_fresh_deadline(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\ntime_unit: ms\nhorizon: 40\n"
		"scheduler: { policy: linux-dl, rt_runtime_us: -1 }\n"
		"tasks:\n"
		"  - { name: A, runtime: 9, period: 10, releases: [0] }\n"
		"  - { name: B, runtime: 9, period: 10, releases: [0] }\n"
		"  - { name: C, runtime: 9, period: 10, releases: [0] }\n"
		"  - { name: D, runtime: 9, period: 10, releases: [0] }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run_from(s, SIM_MASK(SIM_REC_REPLENISH) |
					    SIM_MASK(SIM_REC_SERVER_DEADLINE) |
					    SIM_MASK(SIM_REC_SERVER_MISS),
					    36 * MS, &tr);

	/* D runs [27, 36): exhausted at 36 > next period 10: d = 20 by the
	 * loop, still < 36, so d = 36 + 10 = 46 */
	cbs_expect(&tr,
		   "36000000 server_deadline_miss D.0 26000000\n"
		   "36000000 replenish D.0 9000000\n"
		   "36000000 server_deadline D.0 46000000\n");
	cbs_done(e, s, &tr);
}

/* Admission at run time: B joins at 5 ms beside A; C at 10 ms would
 * overflow; A leaves at 15 ms.  Its last job [10, 14) ends with its
 * runtime used up: throttled until 20, replenished there (q 4, d 30), and
 * its 0-lag time 30 - 4*10/4 = 20 has come, so its bandwidth leaves
 * total_bw at 20 (task_non_contending()) and D is admitted at 20 ms.  A
 * releases no job at or after 15 ms. */
static void test_tasks_join_and_leave_at_run_time(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\ntime_unit: ms\nhorizon: 40\n"
		"scheduler: { policy: linux-dl }\n"
		"tasks:\n"
		"  - { name: A, runtime: 4, period: 10, leave_at: 15 }\n"
		"  - { name: B, runtime: 4, period: 10, arrive_at: 5 }\n"
		"  - { name: C, runtime: 4, period: 10, arrive_at: 10 }\n"
		"  - { name: D, runtime: 4, period: 10, arrive_at: 20 }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, SIM_MASK(SIM_REC_ADMIT) |
				       SIM_MASK(SIM_REC_REJECT) |
				       SIM_MASK(SIM_REC_LEAVE) |
				       SIM_MASK(SIM_REC_RELEASE), &tr);
	const struct sim_stats *st = sim_engine_stats(e);

	cbs_expect(&tr,
		   "0 admit A.0 1\n"
		   "0 release A.0 10000000\n"
		   "5000000 admit B.0 1\n"
		   "5000000 release B.0 15000000\n"
		   "10000000 release A.1 20000000\n"
		   "10000000 reject C.0 1\n"
		   "15000000 release B.1 25000000\n"
		   "15000000 leave A.0 0\n"
		   "20000000 admit D.0 1\n"
		   "20000000 release D.0 30000000\n"
		   "25000000 release B.2 35000000\n"
		   "30000000 release D.1 40000000\n"
		   "35000000 release B.3 45000000\n");
	CU_ASSERT_EQUAL(st->tasks[0].released, 2);
	CU_ASSERT_TRUE(st->tasks[2].rejected);
	CU_ASSERT_EQUAL(st->misses, 0);
	cbs_done(e, s, &tr);
}

/* Random task sets on 1-4 CPUs with joins and leaves, overruns, jitter,
 * constrained deadlines, GRUB on one CPU: every run ends cleanly (the
 * core's assertions hold) and no rejected task releases a job. */
static void test_random_sets_run_cleanly(void)
{
	uint64_t seed = 0xd1d1, jobs = 0;
	struct rt_rng g;

	rt_rng_seed(&g, seed);
	for (unsigned it = 0; it < 300; it++) {
		char buf[4096];
		size_t o = 0, n = 1 + (size_t)rt_rng_range(&g, 0, 7);
		unsigned cpus = 1 + (unsigned)rt_rng_range(&g, 0, 3);
		struct scn_scenario *s;
		struct tu_trace tr;
		struct sim_engine *e;
		const struct sim_stats *st;

		o += (size_t)snprintf(buf + o, sizeof(buf) - o, "format: 1\n"
			"time_unit: us\nhorizon: %" PRId64 "ms\n"
			"platform: { cpus: %u }\nscheduler: { policy: linux-dl, "
			"rt_runtime_us: %s, reclaim: %s }\ntasks:\n",
			rt_rng_range(&g, 10, 100), cpus,
			rt_rng_range(&g, 0, 3) ? "950000" : "-1",
			cpus == 1 && rt_rng_range(&g, 0, 1) ? "grub" : "none");
		for (size_t i = 0; i < n; i++) {
			int64_t P = rt_rng_range(&g, 100, 20000);
			int64_t D = rt_rng_range(&g, P / 2, P);
			int64_t Q = rt_rng_range(&g, 2, D / 2);
			int64_t A = rt_rng_range(&g, 0, 3) ? 0 :
				    rt_rng_range(&g, 0, 30000);

			o += (size_t)snprintf(buf + o, sizeof(buf) - o,
				"  - { name: t%zu, runtime: %" PRId64 ", deadline: %"
				PRId64 ", period: %" PRId64 ", jitter: %" PRId64
				", arrive_at: %" PRId64 ", leave_at: %" PRId64
				", exec: { model: uniform, min: 1, max: %" PRId64
				" } }\n", i, Q, D, P, rt_rng_range(&g, 0, 50), A,
				A + rt_rng_range(&g, 1000, 200000),
				Q + rt_rng_range(&g, 0, Q));
		}
		s = cbs_load_text_n(buf, o);
		CU_ASSERT_PTR_NOT_NULL_FATAL(s);
		e = cbs_run(s, 0, &tr);
		st = sim_engine_stats(e);
		jobs += st->jobs;
		for (size_t i = 0; i < st->ntasks; i++)
			if (st->tasks[i].rejected && st->tasks[i].released) {
				fprintf(stderr, "\nseed %#" PRIx64 " set %u: a "
					"rejected task released jobs\n%s", seed,
					it, buf);
				CU_FAIL("a rejected task released jobs");
			}
		cbs_done(e, s, &tr);
	}
	CU_ASSERT(jobs > 10000);        /* the sets do run */
}

CU_TestInfo linux_dl_tests[] = {
	{ "kernel fixed point matches the kernel (G.6, E.5)",
	  test_kernel_fixed_point_matches_the_kernel },
	{ "__checkparam_dl names the kernel's rule",
	  test_checkparam_names_the_kernel_rule },
	{ "runtime 1000 ns is refused with the rule",
	  test_runtime_1000ns_is_refused_with_the_rule },
	{ "two 4/5/10 tasks are admitted, one misses by 3 ms, a third is "
	  "rejected", test_two_tasks_admitted_one_misses_third_rejected },
	{ "admission scales with the CPUs", test_admission_scales_with_the_cpus },
	{ "linux wake-ups match E.7 vectors 4 and 5",
	  test_linux_wakeups_match_vectors_4_and_5 },
	{ "kernel GRUB gives T2 six ms in [2, 8) (E.5)",
	  test_kernel_grub_gives_t2_six_ms },
	{ "a lagging task gets a fresh deadline",
	  test_a_lagging_task_gets_a_fresh_deadline },
	{ "tasks join and leave at run time, admitted at that instant",
	  test_tasks_join_and_leave_at_run_time },
	{ "random sets with joins and leaves run cleanly (300 sets)",
	  test_random_sets_run_cleanly },
	CU_TEST_INFO_NULL
};
