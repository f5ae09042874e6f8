/* test_linux_kernel.c - policy linux-dl as a named kernel: the profiles
 * (scheduler.kernel), the bandwidth a leaving task keeps until its 0-lag
 * time, tick accounting (docs/linux-dl.md).  Every expected value is
 * derived by hand from kernel/sched/deadline.c in the comments. */
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
#define ADM (SIM_MASK(SIM_REC_ADMIT) | SIM_MASK(SIM_REC_REJECT))

/* The profile table: 6.6 has no fair server; 6.12 a deferred one of
 * 50 ms / 1000 ms per CPU (sched_init_dl_servers()), dl_bw
 * to_ratio(10^9, 5 10^7) = 52428, counted in total_bw
 * (dl_server_apply_params(init = 1) -> __dl_add()). */
static void test_profiles_select_the_kernel_rules(void)
{
	const struct rt_dl_rules *a = rt_dl_profile("6.6");
	const struct rt_dl_rules *b = rt_dl_profile("6.12");

	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_PTR_EQUAL(rt_dl_profile(NULL), rt_dl_profile(RT_DL_KERNEL_DEFAULT));
	CU_ASSERT_STRING_EQUAL(RT_DL_KERNEL_DEFAULT, "6.12");
	CU_ASSERT_PTR_NULL(rt_dl_profile("6.1"));
	CU_ASSERT_PTR_NULL(rt_dl_profile("6.12.1"));
	CU_ASSERT_FALSE(a->fair_server);
	CU_ASSERT_EQUAL(rt_dl_reserved_bw(a, 4), 0);
	CU_ASSERT_TRUE(b->fair_server && b->fair_defer && b->fair_reserve);
	CU_ASSERT_EQUAL(b->fair_runtime, 50 * MS);
	CU_ASSERT_EQUAL(b->fair_period, 1000 * MS);
	CU_ASSERT_EQUAL(rt_dl_reserved_bw(b, 1), 52428);
	CU_ASSERT_EQUAL(rt_dl_reserved_bw(b, 3), 3 * 52428);
	CU_ASSERT_EQUAL(a->release, RT_DL_RELEASE_ZERO_LAG);
	CU_ASSERT_EQUAL(b->accounting, RT_DL_ACCT_EXACT);
	/* TICK_NSEC = (10^9 + HZ/2) / HZ */
	CU_ASSERT_EQUAL(rt_dl_tick_nsec(250), 4000000);
	CU_ASSERT_EQUAL(rt_dl_tick_nsec(300), 3333333);
	CU_ASSERT_EQUAL(rt_dl_tick_nsec(1000), 1000000);
	CU_ASSERT_EQUAL(rt_dl_tick_nsec(100), 10000000);
}

/* One 9.2 ms / 10 ms task on one CPU: dl_bw = floor(9.2/10 2^20) =
 * 964689.  6.6: 964689 <= 996147 (0.95 * 2^20), admitted.  6.12 and the
 * default: 52428 + 964689 = 1017117 > 996147, sched_setattr() -EBUSY. */
static void test_a_92_percent_task_needs_the_pre_fair_server_kernel(void)
{
	static const char *const kernels[] = { "", "  kernel: \"6.12\"\n",
					       "  kernel: \"6.6\"\n",
					       "  kernel: 6.6\n" };
	static const char *const want[] = { "0 reject A.0 1\n",
					    "0 reject A.0 1\n",
					    "0 admit A.0 1\n", "0 admit A.0 1\n" };

	for (int k = 0; k < 4; k++) {
		char buf[512];
		struct scn_scenario *s;
		struct cbs_trace tr;
		struct sim_engine *e;

		snprintf(buf, sizeof(buf), "format: 1\ntime_unit: ms\n"
			 "horizon: 20\nscheduler:\n  policy: linux-dl\n%s"
			 "tasks:\n  - { name: A, runtime: 9.2, period: 10 }\n",
			 kernels[k]);
		s = cbs_load_text(buf);
		CU_ASSERT_EQUAL(rt_dl_to_ratio(10 * MS, 9200000), 964689);
		e = cbs_run(s, ADM, &tr);
		cbs_expect(&tr, want[k]);
		cbs_done(e, s, &tr);
	}
	/* the fair server off (runtime 0) or not counted: admitted */
	{
		struct scn_scenario *s = cbs_load_text(
			"format: 1\ntime_unit: ms\nhorizon: 20\nscheduler:\n"
			"  policy: linux-dl\n  fair_server: { runtime: 0 }\n"
			"tasks:\n  - { name: A, runtime: 9.2, period: 10 }\n");
		struct cbs_trace tr;
		struct sim_engine *e = cbs_run(s, ADM, &tr);

		cbs_expect(&tr, "0 admit A.0 1\n");
		CU_ASSERT_FALSE(s->sched.fair_server.on);
		cbs_done(e, s, &tr);
	}
}

/* scheduler keys: errors name the field. */
static void test_kernel_keys_are_checked(void)
{
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler: { policy: linux-dl, "
		      "kernel: \"5.4\" }\ntasks: [{ name: a, C: 1, T: 2 }]\n",
		      "scheduler.kernel: '5.4' is no kernel profile; expected "
		      "one of 6.6, 6.12");
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler: { policy: edf, "
		      "kernel: \"6.6\" }\ntasks: [{ name: a, C: 1, T: 2 }]\n",
		      "scheduler.kernel: only with policy: linux-dl");
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler: { policy: linux-dl, "
		      "accounting: tick, hz: 200 }\n"
		      "tasks: [{ name: a, C: 1, T: 2 }]\n",
		      "scheduler.hz: 200 is no CONFIG_HZ");
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler: { policy: linux-dl, "
		      "hz: 250 }\ntasks: [{ name: a, C: 1, T: 2 }]\n",
		      "scheduler.hz: only with accounting: tick");
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler: { policy: linux-dl, "
		      "accounting: tick, hrtick: true }\n"
		      "tasks: [{ name: a, C: 1, T: 2 }]\n",
		      "scheduler.hrtick: contradicts accounting: tick");
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler: { policy: linux-dl, "
		      "accounting: tick, hz: 1000, tick_phase: 1 }\n"
		      "tasks: [{ name: a, C: 1, T: 2 }]\n",
		      "scheduler.tick_phase: 1000000 ns >= the tick 1000000 ns");
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler: { policy: linux-dl, "
		      "bw_release: later }\ntasks: [{ name: a, C: 1, T: 2 }]\n",
		      "scheduler.bw_release");
}

/* task_non_contending() with TASK_DEAD.  X (runtime 6, period 10 ms)
 * runs its only job [0, 1) and leaves at 1 ms with runtime 5 ms, deadline
 * 10 ms: 0-lag time 10 - 5*10/6 = 1.666667 ms (div64_long: 10 ms -
 * 8333333 ns = 1666667 ns).  Until then total_bw holds X's 629145: Y
 * (runtime 4, period 10: 419430) arriving at 1.5 ms makes 629145 + 419430
 * (+ 52428 for the 6.12 fair server) > 996147, -EBUSY; at 1.7 ms X is
 * gone and Y fits.  With bw_release: immediate (pre-4.13 task_dead_dl())
 * Y fits at 1.5 ms. */
static void test_bandwidth_stays_until_the_zero_lag_time(void)
{
	static const struct { const char *kernel, *arrive, *want; } c[] = {
		{ "", "1.5", "0 admit X.0 1\n1500000 reject Y.0 1\n" },
		{ "", "1.7", "0 admit X.0 1\n1700000 admit Y.0 1\n" },
		{ "kernel: \"6.6\", ", "1.5", "0 admit X.0 1\n1500000 reject Y.0 1\n" },
		{ "kernel: \"6.6\", ", "1.7", "0 admit X.0 1\n1700000 admit Y.0 1\n" },
		{ "kernel: \"6.6\", ", "1.666", "0 admit X.0 1\n1666000 reject Y.0 1\n" },
		{ "kernel: \"6.6\", ", "1.666667", "0 admit X.0 1\n1666667 admit Y.0 1\n" },
		{ "bw_release: immediate, ", "1.5", "0 admit X.0 1\n1500000 admit Y.0 1\n" },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		char buf[640];
		struct scn_scenario *s;
		struct cbs_trace tr;
		struct sim_engine *e;

		snprintf(buf, sizeof(buf), "format: 1\ntime_unit: ms\nhorizon: 20\n"
			 "scheduler: { %spolicy: linux-dl }\ntasks:\n"
			 "  - { name: X, runtime: 6, period: 10, releases: [0], "
			 "exec: { model: list, values: [1] }, leave_at: 1 }\n"
			 "  - { name: Y, runtime: 4, period: 10, arrive_at: %s }\n",
			 c[i].kernel, c[i].arrive);
		s = cbs_load_text(buf);
		e = cbs_run(s, ADM, &tr);
		cbs_expect(&tr, c[i].want);
		cbs_done(e, s, &tr);
	}
}

/* A job released before leave_at runs to its end under the reservation
 * (exit is the task's own act: the kernel has no dead task with work);
 * the 0-lag time counts from its completion.  X (6, 10) leaves at 0.5 ms
 * while its job of 3 ms runs: done at 3 with runtime 3, 0-lag 10 -
 * 3*10/6 = 5 ms.  Y (4, 10) is refused at 4.9, admitted at 5. */
static void test_a_pending_job_keeps_the_bandwidth_until_it_ends(void)
{
	static const char *const arrive[] = { "4.9", "5" };
	static const char *const want[] = {
		"0 admit X.0 1\n3000000 complete X.0 3000000\n"
		"4900000 reject Y.0 1\n",
		"0 admit X.0 1\n3000000 complete X.0 3000000\n"
		"5000000 admit Y.0 1\n" };

	for (int i = 0; i < 2; i++) {
		char buf[640];
		struct scn_scenario *s;
		struct cbs_trace tr;
		struct sim_engine *e;

		snprintf(buf, sizeof(buf), "format: 1\ntime_unit: ms\nhorizon: 6\n"
			 "scheduler: { policy: linux-dl, kernel: \"6.6\" }\n"
			 "tasks:\n"
			 "  - { name: X, runtime: 6, period: 10, releases: [0], "
			 "exec: { model: list, values: [3] }, leave_at: 0.5 }\n"
			 "  - { name: Y, runtime: 4, period: 10, arrive_at: %s }\n",
			 arrive[i]);
		s = cbs_load_text(buf);
		e = cbs_run(s, ADM | CBS_COMPLETE, &tr);
		cbs_expect(&tr, want[i]);
		cbs_done(e, s, &tr);
	}
}

CU_TestInfo linux_kernel_tests[] = {
	{ "profiles select the kernel's rules",
	  test_profiles_select_the_kernel_rules },
	{ "a 9.2/10 task is refused by 6.12, admitted by 6.6",
	  test_a_92_percent_task_needs_the_pre_fair_server_kernel },
	{ "kernel keys are checked and name the field",
	  test_kernel_keys_are_checked },
	{ "a leaving task's bandwidth stays until its 0-lag time",
	  test_bandwidth_stays_until_the_zero_lag_time },
	{ "a pending job keeps the bandwidth until it ends",
	  test_a_pending_job_keeps_the_bandwidth_until_it_ends },
	CU_TEST_INFO_NULL
};
