/* test_linux_kernel.c - policy linux-dl as a named kernel: the profiles
 * (scheduler.kernel), the bandwidth a leaving task keeps until its 0-lag
 * time, tick accounting (docs/linux-dl.md).  Every expected value is
 * derived by hand from kernel/sched/deadline.c in the comments. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
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
		struct tu_trace tr;
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
		struct tu_trace tr;
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

/* D2: dl_server_apply_params() -> __dl_overflow(): on symmetric CPUs a
 * fair server above the root domain's cap (0.95 by default: to_ratio(10^6,
 * 950000) = 996147) is -EBUSY.  990/1000 ms is to_ratio = 1038090 >
 * 996147: refused at scheduler.fair_server.runtime (line 4, column 27);
 * 950/1000 ms is exactly the cap and loads.  A profile's server (6.12:
 * 50/1000 ms, 52428) above a smaller cap (rt_runtime_us 40000: 41943) is
 * refused at scheduler.rt_runtime_us. */
static void test_fair_server_over_the_cap_is_refused_at_its_field(void)
{
	struct scn_scenario *s;

	cbs_load_fail("format: 1\ntime_unit: ms\nplatform: { cpus: 2 }\n"
		      "scheduler: { policy: linux-dl,\n"
		      "  fair_server: { runtime: 990, period: 1000 } }\n"
		      "tasks: [{ name: a, C: 1, T: 10 }]\n",
		      "t.yaml:5:27: scheduler.fair_server.runtime: fair server "
		      "bandwidth runtime/period = 990000000/1000000000 ns "
		      "(1038090/2^20) exceeds the admission cap rt_runtime_us/"
		      "rt_period_us = 950000/1000000 (996147/2^20) per CPU");
	cbs_load_fail("format: 1\ntime_unit: ms\nplatform: { cpus: 2 }\n"
		      "scheduler: { policy: linux-dl, rt_runtime_us: 40000 }\n"
		      "tasks: [{ name: a, C: 1, T: 100 }]\n",
		      "t.yaml:4:47: scheduler.rt_runtime_us: fair server "
		      "bandwidth runtime/period = 50000000/1000000000 ns "
		      "(52428/2^20) exceeds the admission cap");
	cbs_load_fail("format: 1\ntime_unit: ms\n"
		      "scheduler: { policy: linux-dl,\n"
		      "  fair_server: { runtime: 60, period: 1000, "
		      "reserve: false } }\n"
		      "tasks: [{ name: a, C: 1, T: 10 }]\n",
		      "t.yaml:4:27: scheduler.fair_server.runtime: fair server "
		      "bandwidth runtime/period = 60000000/1000000000 ns "
		      "(62914/2^20) exceeds what the admission cap");
	s = cbs_load_text("format: 1\ntime_unit: ms\nplatform: { cpus: 2 }\n"
			  "scheduler: { policy: linux-dl,\n"
			  "  fair_server: { runtime: 950, period: 1000 } }\n"
			  "tasks: [{ name: a, C: 1, T: 10, class: fair }]\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_TRUE(s->sched.fair_server.on);
	scn_free(s);
}

/* GRUB where it is not modelled is refused at the field asking for it,
 * not at scheduler.policy: reclaim with tick accounting (scheduler.reclaim
 * or a task's flags) and reclaim in a root domain of two CPUs. */
static void test_refused_reclaim_names_its_field(void)
{
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler:\n"
		      "  policy: linux-dl\n  accounting: tick\n"
		      "  reclaim: grub\ntasks:\n  - { name: A, C: 1, T: 10 }\n",
		      "t.yaml:6:12: scheduler.reclaim: reclaim: grub with "
		      "accounting: tick is not modelled");
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler:\n"
		      "  policy: linux-dl\n  accounting: tick\ntasks:\n"
		      "  - { name: A, C: 1, T: 10 }\n"
		      "  - { name: B, C: 1, T: 10, flags: [reclaim] }\n",
		      "t.yaml:8:36: tasks[1].flags: reclaim: grub with "
		      "accounting: tick is not modelled");
	cbs_load_fail("format: 1\ntime_unit: ms\nplatform: { cpus: 2 }\n"
		      "scheduler:\n  policy: linux-dl\n  reclaim: grub\n"
		      "tasks:\n  - { name: A, C: 1, T: 10 }\n",
		      "t.yaml:6:12: scheduler.reclaim: reclaim: grub is "
		      "modelled in root domains of one CPU only");
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
		struct tu_trace tr;
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
		struct tu_trace tr;
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


/* The issue's A/B example.  A (runtime 2, deadline 3, period 10, one job
 * of 5 ms) and B (7, 9.5, 10; one job of 7 ms) on one CPU.
 *
 * exact (HRTICK_DL): A [0, 2) is throttled at 2 until 10; B [2, 9) meets
 * 9.5; A gets 2 ms per period, [10, 12) and from 20: pending at H = 20.
 * HZ = 250 (TICK_NSEC 4 ms), first tick 0.1 ms: ticks at 0.1, 4.1, 8.1,
 * 12.1.  A runs from 0; its runtime reaches 0 at 2, but update_curr_dl()
 * runs only at the tick 4.1: runtime 2 - 4.1 = -2.1, throttled until
 * dl_next_period() = 3 - 3 + 10 = 10.  B runs [4.1, 11.1): misses 9.5 by
 * 1.6.  At 10 replenish_dl_entity(): runtime -2.1 + 2 = -0.1, d 13; -0.1
 * + 2 = 1.9, d 23 (two turns of while (runtime <= 0)).  A runs its last
 * 0.9 ms [11.1, 12). */
static void test_tick_accounting_lets_a_overrun_and_b_miss(void)
{
	static const char yaml[] =
		"format: 1\ntime_unit: ms\nhorizon: 20\n"
		"scheduler: { policy: linux-dl%s }\ntasks:\n"
		"  - { name: A, runtime: 2, deadline: 3, period: 10, "
		"releases: [0], exec: { model: list, values: [5] } }\n"
		"  - { name: B, runtime: 7, deadline: 9.5, period: 10, "
		"releases: [0], exec: { model: list, values: [7] } }\n";
	static const char *const exact[] = { "", ", accounting: exact",
					     ", hrtick: true" };
	unsigned mask = CBS_COMPLETE | SIM_MASK(SIM_REC_MISS) |
			SIM_MASK(SIM_REC_BUDGET_EXHAUSTED) |
			SIM_MASK(SIM_REC_REPLENISH) |
			SIM_MASK(SIM_REC_SERVER_DEADLINE);
	char buf[640];
	struct scn_scenario *s;
	struct tu_trace tr;
	struct sim_engine *e;
	const struct sim_stats *st;

	snprintf(buf, sizeof(buf), yaml, ", accounting: tick, hz: 250, "
		 "tick_phase: 0.1");
	s = cbs_load_text(buf);
	e = cbs_run_from(s, mask, 1, &tr);
	cbs_expect(&tr,
		   "4100000 budget_exhausted A.0 -2100000\n"
		   "10000000 replenish A.0 1900000\n"
		   "10000000 server_deadline A.0 23000000\n"
		   "11100000 budget_exhausted B.0 0\n"
		   "11100000 replenish B.0 7000000\n"
		   "11100000 server_deadline B.0 19500000\n"
		   "11100000 complete B.0 11100000\n"
		   "11100000 deadline_miss B.0 1600000\n"
		   "12000000 complete A.0 12000000\n"
		   "12000000 deadline_miss A.0 9000000\n");
	st = sim_engine_stats(e);
	CU_ASSERT_EQUAL(st->servers[0].overruns, 1);
	CU_ASSERT_EQUAL(st->servers[0].max_overrun, 2100000);
	CU_ASSERT_EQUAL(st->servers[1].overruns, 0);
	cbs_done(e, s, &tr);
	for (int k = 0; k < 3; k++) {
		snprintf(buf, sizeof(buf), yaml, exact[k]);
		s = cbs_load_text(buf);
		e = cbs_run_from(s, CBS_COMPLETE | SIM_MASK(SIM_REC_MISS), 1,
				 &tr);
		cbs_expect(&tr, "9000000 complete B.0 9000000\n"
			   "20000000 deadline_miss A.0 17000000\n");
		CU_ASSERT_EQUAL(sim_engine_stats(e)->servers[0].overruns, 0);
		cbs_done(e, s, &tr);
	}
}

/* The charge at a context switch and at a dequeue.  HZ = 250, ticks at
 * 0, 4, 8, 12 ms.  A (runtime 2, period 10; one job of 5 ms) runs from 0,
 * its runtime is gone at 2; B (runtime 1, deadline 3, period 10) wakes at
 * 3 with d 6 < 10 and preempts: put_prev_task_dl() -> update_curr_dl()
 * charges A 3 ms, runtime -1: throttled until 10.  B [3, 4), its
 * runtime used up exactly at its completion: throttled until d - D + P =
 * 6 - 3 + 10 = 13.  At 10:
 * runtime 1, d 20; A runs [10, 12) and completes at 12 (its runtime ran
 * out at 11, the tick at 12 coincides with the completion):
 * dequeue_task_dl() charges it, runtime -1, throttled until 20. */
static void test_tick_accounting_charges_at_switch_and_dequeue(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\ntime_unit: ms\nhorizon: 20\n"
		"scheduler: { policy: linux-dl, accounting: tick, hz: 250 }\n"
		"tasks:\n"
		"  - { name: A, runtime: 2, period: 10, releases: [0], "
		"exec: { model: list, values: [5] } }\n"
		"  - { name: B, runtime: 1, deadline: 3, period: 10, "
		"releases: [3], exec: { model: list, values: [1] } }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run_from(s, CBS_COMPLETE |
					    SIM_MASK(SIM_REC_BUDGET_EXHAUSTED) |
					    SIM_MASK(SIM_REC_THROTTLE) |
					    SIM_MASK(SIM_REC_PREEMPT), 1, &tr);
	const struct sim_stats *st = sim_engine_stats(e);

	cbs_expect(&tr,
		   "3000000 budget_exhausted A.0 -1000000\n"
		   "3000000 throttle A.0 10000000\n"
		   "3000000 preempt A.0 2000000\n"
		   "4000000 budget_exhausted B.0 0\n"
		   "4000000 throttle B.0 13000000\n"
		   "4000000 complete B.0 1000000\n"
		   "12000000 budget_exhausted A.0 -1000000\n"
		   "12000000 throttle A.0 20000000\n"
		   "12000000 complete A.0 12000000\n");
	CU_ASSERT_EQUAL(st->servers[0].overruns, 2);
	CU_ASSERT_EQUAL(st->servers[0].max_overrun, 1 * MS);
	cbs_done(e, s, &tr);
}

/* Execution per task from the trace: slices START .. PREEMPT, COMPLETE,
 * SUSPEND, ABORT or END. */
struct exec_ctx {
	rt_time *open;                  /* per task: slice start, -1 */
	rt_time *got;                   /* per task: executed */
	rt_time *d;                     /* per task: server deadline, -1 */
	int64_t *grants;                /* per task: runtimes granted */
	bool *repl;                     /* per task: last record REPLENISH */
	const rt_time *P;
};

/* Runtime grants from the server records: a fresh deadline (wake-up
 * renewal, first activation, lagged reset) grants one runtime; a
 * replenishment that moves d by k periods grants k (the turns of
 * replenish_dl_entity()'s loop). */
static void exec_grant(struct exec_ctx *x, const struct sim_rec *r)
{
	uint32_t t = r->task;

	if (r->kind == SIM_REC_REPLENISH) {
		x->repl[t] = true;
		return;
	}
	if (x->repl[t] && x->d[t] >= 0 && r->value > x->d[t] &&
	    (r->value - x->d[t]) % x->P[t] == 0)
		x->grants[t] += (r->value - x->d[t]) / x->P[t];
	else if (r->value != x->d[t])
		x->grants[t]++;
	x->repl[t] = false;
	x->d[t] = r->value;
}

static enum rt_err exec_emit(void *ctx, const struct sim_rec *r)
{
	struct exec_ctx *x = ctx;

	if (r->kind == SIM_REC_REPLENISH ||
	    r->kind == SIM_REC_SERVER_DEADLINE) {
		exec_grant(x, r);
	} else if (r->kind == SIM_REC_START) {
		x->open[r->task] = r->time;
	} else if (x->open[r->task] >= 0) {
		x->got[r->task] += r->time - x->open[r->task];
		x->open[r->task] = -1;
	}
	return RT_OK;
}

/* Random partitioned sets (exclusive one-CPU cpusets: one root domain per
 * CPU), 1-4 CPUs, implicit deadlines, periodic with offsets.
 *
 *   hrtick: true, each CPU's sum of dl_bw <= its cap (996147 less the
 *   fair server's 52428), jobs within their runtime: every task is
 *   admitted and none misses (EDF with U <= 1 per CPU).
 *
 *   accounting: tick (HZ random), jobs up to twice their runtime: every
 *   overrun is at most one tick, and it is repaid: what a task executes
 *   in [0, H] is at most (runtimes granted) Q + TICK_NSEC, the grants
 *   counted from the server records (exec_grant()).  A kernel that
 *   forgave overruns would exceed it by up to a tick per overrun. */
static void test_random_partitioned_sets(void)
{
	static const unsigned hzs[] = { 100, 250, 300, 1000 };
	uint64_t seed = 20261203;
	struct rt_rng r;

	rt_rng_seed(&r, seed);
	printf("\n  seed %" PRIu64 "\n", seed);
	for (int round = 0; round < 2000; round++) {
		bool tick = round & 1;
		unsigned m = (unsigned)rt_rng_range(&r, 1, 4);
		unsigned hz = hzs[rt_rng_range(&r, 0, 3)];
		rt_time tickns = rt_dl_tick_nsec(hz);
		char yaml[8192];
		size_t o = 0, n = 0;
		rt_time P[32], Q[32];
		unsigned cpu[32];
		struct scn_scenario *s;
		struct sim_config c;
		struct sim_engine *e;
		struct exec_ctx x;
		struct sim_sink sink = { SIM_MASK(SIM_REC_START) |
					 SIM_MASK(SIM_REC_PREEMPT) |
					 SIM_MASK(SIM_REC_COMPLETE) |
					 SIM_MASK(SIM_REC_ABORT) |
					 SIM_MASK(SIM_REC_SUSPEND) |
					 SIM_MASK(SIM_REC_REPLENISH) |
					 SIM_MASK(SIM_REC_SERVER_DEADLINE),
					 exec_emit, &x };
		const struct sim_stats *st;
		rt_time H = 200 * MS;

		o += (size_t)snprintf(yaml + o, sizeof(yaml) - o,
				      "format: 1\ntime_unit: us\nhorizon: 200ms\n"
				      "seed: %d\nplatform: { cpus: %u }\n"
				      "scheduler:\n  policy: linux-dl\n", round, m);
		if (tick)
			o += (size_t)snprintf(yaml + o, sizeof(yaml) - o,
					      "  accounting: tick\n  hz: %u\n"
					      "  tick_phase: %" PRId64 "\n", hz,
					      (int64_t)rt_rng_range(&r, 0,
						(uint64_t)tickns / 1000 - 1));
		else
			o += (size_t)snprintf(yaml + o, sizeof(yaml) - o,
					      "  hrtick: true\n");
		for (unsigned k = 0; k < m; k++) {
			uint64_t sum = 52428;

			for (int t = 0; t < 6 && n < 32; t++) {
				rt_time p = (rt_time)rt_rng_range(&r, 1000, 40000);
				rt_time q = (rt_time)rt_rng_range(&r, 50, (uint64_t)p / 2);
				uint64_t bw = rt_dl_to_ratio(p * 1000, q * 1000);

				if (sum + bw > 996147)
					break;
				sum += bw;
				P[n] = p * 1000;
				Q[n] = q * 1000;
				cpu[n++] = k;
			}
		}
		o += (size_t)snprintf(yaml + o, sizeof(yaml) - o, "  cpusets:\n");
		for (unsigned k = 0; k < m; k++) {
			bool first = true;

			o += (size_t)snprintf(yaml + o, sizeof(yaml) - o,
					      "    - { name: c%u, cpus: [%u], "
					      "tasks: [", k, k);
			for (size_t i = 0; i < n; i++)
				if (cpu[i] == k) {
					o += (size_t)snprintf(yaml + o,
						sizeof(yaml) - o, "%st%zu",
						first ? "" : ", ", i);
					first = false;
				}
			o += (size_t)snprintf(yaml + o, sizeof(yaml) - o, "] }\n");
		}
		o += (size_t)snprintf(yaml + o, sizeof(yaml) - o, "tasks:\n");
		for (size_t i = 0; i < n; i++)
			o += (size_t)snprintf(yaml + o, sizeof(yaml) - o,
				"  - { name: t%zu, runtime: %" PRId64 ", period: %"
				PRId64 ", offset: %" PRId64 ", exec: { model: "
				"uniform, min: 1, max: %" PRId64 " } }\n", i,
				Q[i] / 1000, P[i] / 1000,
				(int64_t)rt_rng_range(&r, 0, (uint64_t)P[i] / 1000),
				tick ? 2 * Q[i] / 1000 : Q[i] / 1000);
		CU_ASSERT_FATAL(o < sizeof(yaml));
		s = cbs_load_text_n(yaml, o);
		CU_ASSERT_PTR_NOT_NULL_FATAL(s);
		x.open = malloc(n * sizeof(*x.open));
		x.d = malloc(n * sizeof(*x.d));
		x.got = calloc(n, sizeof(*x.got));
		x.grants = calloc(n, sizeof(*x.grants));
		x.repl = calloc(n, sizeof(*x.repl));
		x.P = P;
		CU_ASSERT_FATAL(x.open && x.got && x.d && x.grants && x.repl);
		for (size_t i = 0; i < n; i++)
			x.open[i] = x.d[i] = -1;
		c = cbs_config(s);
		CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, NULL), RT_OK);
		CU_ASSERT_EQUAL_FATAL(sim_engine_add_sink(e, &sink), RT_OK);
		CU_ASSERT_EQUAL_FATAL(sim_engine_run(e, NULL), RT_OK);
		st = sim_engine_stats(e);
		CU_ASSERT_EQUAL(st->rejected, 0);
		for (size_t i = 0; i < n; i++) {
			rt_time bound = x.grants[i] * Q[i] + tickns;

			if (x.open[i] >= 0)
				x.got[i] += H - x.open[i];
			if (!tick && st->tasks[i].missed) {
				printf("  seed %" PRIu64 " round %d: t%zu missed\n%s",
				       seed, round, i, yaml);
				CU_FAIL("hrtick: a task within its runtime missed");
			}
			if (st->servers[i].max_overrun > (tick ? tickns : 0)) {
				printf("  round %d: t%zu overran %" PRId64 "\n",
				       round, i, st->servers[i].max_overrun);
				CU_FAIL("an overrun longer than a tick");
			}
			if (x.got[i] > bound) {
				printf("  round %d: t%zu executed %" PRId64
				       " > %" PRId64 "\n%s", round, i, x.got[i],
				       bound, yaml);
				CU_FAIL("an overrun was not repaid");
			}
		}
		free(x.open);
		free(x.got);
		free(x.d);
		free(x.grants);
		free(x.repl);
		sim_engine_destroy(e);
		scn_free(s);
	}
}

/* The deferred fair server (dl_defer), scenarios/examples/
 * linux-dl-fair-server.yaml: F finishes at 19 ms (the example's comment
 * derives it from dl_server_start(), dl_server_timer(),
 * replenish_dl_entity()); with defer: false at 11 ms. */
static void test_deferred_fair_server_example(void)
{
	unsigned mask = CBS_COMPLETE | SIM_MASK(SIM_REC_THROTTLE) |
			SIM_MASK(SIM_REC_SERVER_DEADLINE);
	struct scn_scenario *s = cbs_load_example("linux-dl-fair-server");
	struct tu_trace tr;
	struct sim_engine *e;

	CU_ASSERT_TRUE(s->sched.fair_server.defer);
	e = cbs_run(s, mask, &tr);
	cbs_expect(&tr,
		   "0 server_deadline A.0 10000000\n"
		   "0 server_deadline F.0 10000000\n"
		   "0 throttle F.0 8000000\n"
		   "8000000 throttle A.0 10000000\n"
		   "8000000 complete A.0 8000000\n"
		   "8000000 server_deadline F.0 18000000\n"
		   "10000000 throttle F.0 18000000\n"
		   "10000000 server_deadline A.0 20000000\n"
		   "10000000 server_deadline A.1 20000000\n"
		   "18000000 throttle A.1 20000000\n"
		   "18000000 complete A.1 8000000\n"
		   "18000000 server_deadline F.0 28000000\n"
		   "19000000 complete F.0 19000000\n"
		   "20000000 server_deadline A.0 30000000\n");
	cbs_done(e, s, &tr);
	s = cbs_load_example("linux-dl-fair-server");
	s->sched.fair_server.defer = false;
	e = cbs_run(s, CBS_COMPLETE, &tr);
	cbs_expect(&tr, "8000000 complete A.0 8000000\n"
		   "11000000 complete F.0 11000000\n"
		   "19000000 complete A.1 9000000\n");
	cbs_done(e, s, &tr);
}

/* A deadline hog: A (runtime 9, period 10) with one job of 20 ms; F
 * (3 ms, fair); deferred server 2/10.  Boot state d 10, runtime 2: armed
 * until 8.  At 8 (>= 10 - 2 - dl_server_min_res): starvation case,
 * runtime 2 over 2 ms overflows 2/10: d 18, runtime 2.  A (d 10) runs on
 * to 9 and is throttled until 10; F [9, 11) by the server (at 10 A's
 * d 20 > 18), out of runtime at 11: throttled until 18.  A [11, 20).  At
 * 18 replenished: d 28, dl_defer_running still set, so it waits for
 * EDF only: at 20 A gets d 30 > 28 and F runs [20, 21). */
static void test_deferred_fair_server_under_a_hog(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\ntime_unit: ms\nhorizon: 30\nscheduler:\n"
		"  policy: linux-dl\n  rt_runtime_us: -1\n"
		"  fair_server: { runtime: 2, period: 10, reserve: false }\n"
		"tasks:\n"
		"  - { name: A, runtime: 9, deadline: 10, period: 10, "
		"releases: [0], exec: { model: list, values: [20] } }\n"
		"  - { name: F, C: 3, T: 40, class: fair }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, CBS_COMPLETE | CBS_RUN, &tr);

	cbs_expect(&tr,
		   "0 start A.0 20000000\n"
		   "9000000 preempt A.0 11000000\n"
		   "9000000 start F.0 3000000\n"
		   "11000000 preempt F.0 1000000\n"
		   "11000000 start A.0 11000000\n"
		   "20000000 preempt A.0 2000000\n"
		   "20000000 start F.0 1000000\n"
		   "21000000 complete F.0 21000000\n"
		   "21000000 start A.0 2000000\n"
		   "23000000 complete A.0 23000000\n");
	cbs_done(e, s, &tr);
}

/* Fair work alone: it runs in background and consumes the server's
 * runtime (update_curr_dl_se(): dl_defer && dl_throttled); each time the
 * runtime runs out a new period starts, armed at d - runtime: at 2 (d 12,
 * timer 10), at 4 (d 14, timer 12); F completes at 5 and the server
 * stops (dl_server_stop()). */
static void test_deferred_fair_server_consumes_in_background(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\ntime_unit: ms\nhorizon: 20\nscheduler:\n"
		"  policy: linux-dl\n  rt_runtime_us: -1\n"
		"  fair_server: { runtime: 2, period: 10, reserve: false }\n"
		"tasks:\n  - { name: F, C: 5, T: 40, class: fair }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, CBS_COMPLETE |
				       SIM_MASK(SIM_REC_THROTTLE) |
				       SIM_MASK(SIM_REC_SERVER_DEADLINE), &tr);

	cbs_expect(&tr,
		   "0 server_deadline F.0 10000000\n"
		   "0 throttle F.0 8000000\n"
		   "2000000 server_deadline F.0 12000000\n"
		   "2000000 throttle F.0 10000000\n"
		   "4000000 server_deadline F.0 14000000\n"
		   "4000000 throttle F.0 12000000\n"
		   "5000000 complete F.0 5000000\n");
	CU_ASSERT_EQUAL(sim_engine_stats(e)->servers[1].replenishments, 2);
	cbs_done(e, s, &tr);
}

/*
 * throttled_time counts a deferred server's throttles for lack of runtime,
 * never its deferral (docs/linux-dl.md "What is not modelled").  The
 * kernel sets dl_throttled for both, but with dl_defer_armed it only
 * tells start_dl_timer() to arm the zero-laxity activation at deadline -
 * runtime (replenish_dl_new_period(), replenish_dl_entity()); the
 * throttle itself is update_curr_dl_se()'s "throttle:" path (runtime <= 0
 * at deadline priority), the only place besides dl_check_constrained_dl()
 * where the kernel's sched_dl_throttle tracepoint fires.
 *
 * A: runtime 8, deadline = period 10, jobs of 8, 8, 2 ms at 0, 10, 20.
 * F: 5 ms of fair work arriving at 3.  Deferred server 2/10, boot state
 * d 10, runtime 2.
 *
 *   0   A runs (d 10, runtime 8).
 *   3   F arrives: dl_server_start(), update_dl_entity(): 2/(10-3) > 2/10
 *       overflows: d 13, runtime 2; deferred until 11 (dl_defer_armed).
 *   8   A completes with runtime 0: throttled (no work) until 10.  F runs
 *       in background and is charged ("can consume its runtime while
 *       throttled").
 *   10  runtime 0 in background: a new period d 20, runtime 2, deferred
 *       until 18.  A replenished (d 20, 8) and woken: runs [10, 18).
 *   18  A throttled (no work) until 20.  The defer timer:
 *       dl_server_timer(), starvation: dl_defer_running, 2/(20-18)
 *       overflows: d 28, runtime 2.  The deferral [3, 18) ends: F runs by
 *       the server [18, 20).
 *   20  runtime 0 at deadline priority: throttled until 28 -- the one
 *       real throttle.  A (d 30, 8) runs its 2 ms job [20, 22).
 *   22  F runs in background on a runtime already <= 0:
 *       update_curr_dl_se()'s dl_defer && dl_throttled case: a new period
 *       d 32, runtime 2, deferred until 30 -- the throttle [20, 22) turned
 *       into a deferral.
 *   23  F completes (runtime 1 left): dl_server_stop().
 *
 * Server: throttled_time 2 ms ([20, 22)), throttled_idle_time 0;
 * exhaustions at 10, 20, 22; replenishments at 10, 18, 22.  A: throttled
 * with no work [8, 10) and [18, 20): throttled_idle_time 4 ms.
 */
static void test_deferral_is_not_throttled_time(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\ntime_unit: ms\nhorizon: 30\nscheduler:\n"
		"  policy: linux-dl\n  rt_runtime_us: -1\n"
		"  fair_server: { runtime: 2, period: 10, reserve: false }\n"
		"tasks:\n"
		"  - { name: A, runtime: 8, deadline: 10, period: 10, "
		"releases: [0, 10, 20], exec: { model: list, values: [8, 8, 2] } }\n"
		"  - { name: F, C: 5, T: 40, releases: [3], class: fair }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, CBS_COMPLETE | CBS_RUN, &tr);
	const struct sim_server_stats *a = &sim_engine_stats(e)->servers[0];
	const struct sim_server_stats *f = &sim_engine_stats(e)->servers[2];

	cbs_expect(&tr,
		   "0 start A.0 8000000\n"
		   "8000000 complete A.0 8000000\n"
		   "8000000 start F.0 5000000\n"
		   "10000000 preempt F.0 3000000\n"
		   "10000000 start A.1 8000000\n"
		   "18000000 complete A.1 8000000\n"
		   "18000000 start F.0 3000000\n"
		   "20000000 preempt F.0 1000000\n"
		   "20000000 start A.2 2000000\n"
		   "22000000 complete A.2 2000000\n"
		   "22000000 start F.0 1000000\n"
		   "23000000 complete F.0 20000000\n");
	CU_ASSERT_STRING_EQUAL(f->name, "fair@cpu0");
	CU_ASSERT_EQUAL(f->throttled_time, 2 * MS);
	CU_ASSERT_EQUAL(f->throttled_idle_time, 0);
	CU_ASSERT_EQUAL(f->budget_exhaustions, 3);
	CU_ASSERT_EQUAL(f->replenishments, 3);
	CU_ASSERT_EQUAL(a->throttled_time, 0);
	CU_ASSERT_EQUAL(a->throttled_idle_time, 4 * MS);
	cbs_done(e, s, &tr);
	/* The example: deferred [0, 8), throttled [10, 18) only. */
	s = cbs_load_example("linux-dl-fair-server");
	e = cbs_run(s, 0, &tr);
	f = &sim_engine_stats(e)->servers[2];
	CU_ASSERT_STRING_EQUAL(f->name, "fair@cpu0");
	CU_ASSERT_EQUAL(f->throttled_time, 8 * MS);
	CU_ASSERT_EQUAL(f->throttled_idle_time, 0);
	cbs_done(e, s, &tr);
}

/* SCHED_FLAG_RECLAIM per task (dl_scaled_delta_exec(): grub_reclaim()
 * only for a task with the flag).  The sched-deadline.rst GRUB example
 * (two 4/8 tasks, T1's job 2 ms, T2's 6 ms, U_max = 1, kernel 6.6): with
 * the flag on T2, T2 is charged at rate 1 until T1's 0-lag time 4, then
 * 1/2: 6 ms in [2, 8).  With the flag on T1 only, T2 is charged at rate
 * 1, throttled at 6 until 8 and completes at 10. */
static void test_reclaim_flag_is_per_task(void)
{
	static const char yaml[] =
		"format: 1\ntime_unit: ms\nhorizon: 16\n"
		"scheduler: { policy: linux-dl, kernel: \"6.6\", "
		"rt_runtime_us: -1 }\ntasks:\n"
		"  - { name: T1, runtime: 4, period: 8, releases: [0], "
		"exec: { model: list, values: [2] }%s }\n"
		"  - { name: T2, runtime: 4, period: 8, releases: [0], "
		"exec: { model: list, values: [6] }%s }\n";
	char buf[512];
	struct scn_scenario *s;
	struct tu_trace tr;
	struct sim_engine *e;

	snprintf(buf, sizeof(buf), yaml, "", ", flags: [reclaim]");
	s = cbs_load_text(buf);
	e = cbs_run(s, CBS_COMPLETE, &tr);
	cbs_expect(&tr, "2000000 complete T1.0 2000000\n"
		   "8000000 complete T2.0 8000000\n");
	cbs_done(e, s, &tr);
	snprintf(buf, sizeof(buf), yaml, ", flags: [reclaim]", "");
	s = cbs_load_text(buf);
	e = cbs_run(s, CBS_COMPLETE, &tr);
	cbs_expect(&tr, "2000000 complete T1.0 2000000\n"
		   "10000000 complete T2.0 10000000\n");
	cbs_done(e, s, &tr);
}

/* SCHED_FLAG_DL_OVERRUN: dl_overrun is set whenever update_curr_dl_se()
 * finds runtime <= 0, for flagged tasks only.  The A/B example: A (with
 * the flag) once at 4.1; B exhausts at 11.1 but has no flag. */
static void test_dl_overrun_flag_counts(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\ntime_unit: ms\nhorizon: 20\n"
		"scheduler: { policy: linux-dl, accounting: tick, hz: 250, "
		"tick_phase: 0.1 }\ntasks:\n"
		"  - { name: A, runtime: 2, deadline: 3, period: 10, "
		"releases: [0], exec: { model: list, values: [5] }, "
		"flags: [dl-overrun] }\n"
		"  - { name: B, runtime: 7, deadline: 9.5, period: 10, "
		"releases: [0], exec: { model: list, values: [7] }, flags: [] }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, 0, &tr);
	const struct sim_stats *st = sim_engine_stats(e);

	CU_ASSERT_EQUAL(s->dl_flags[0], RT_DL_FLAG_DL_OVERRUN);
	CU_ASSERT_EQUAL(s->dl_flags[1], 0);
	CU_ASSERT_EQUAL(st->servers[0].dl_overrun, 1);
	CU_ASSERT_EQUAL(st->servers[1].budget_exhaustions, 1);
	CU_ASSERT_EQUAL(st->servers[1].dl_overrun, 0);
	cbs_done(e, s, &tr);
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler: { policy: linux-dl }\n"
		      "tasks: [{ name: a, C: 1, T: 2, flags: [reclaim, fast] }]\n",
		      "tasks[0].flags[1]");
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler: { policy: edf }\n"
		      "tasks: [{ name: a, C: 1, T: 2, flags: [reclaim] }]\n",
		      "tasks[0].flags: SCHED_DEADLINE flags: only for deadline "
		      "tasks under policy: linux-dl");
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler: { policy: linux-dl }\n"
		      "tasks: [{ name: a, C: 1, T: 2, class: fair, "
		      "flags: [reclaim] }]\n", "tasks[0].flags");
}

/* sched_yield() (yield_task_dl()).  A (runtime 4, period 10; one job of
 * 5 ms) yields at 1 ms: throttled until its next period 10 with 3 ms of
 * runtime given up; B (2, 10) runs [1, 3).  At 10 replenish_dl_entity()
 * zeroes the runtime (dl_yielded) and loops once: runtime 4, d 20.  A
 * runs [10, 12.5), yields again: throttled until 20, then runs its last
 * 1.5 ms [20, 21.5).  At 25 A does not run: no effect. */
static void test_yield_gives_up_the_runtime(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\ntime_unit: ms\nhorizon: 30\n"
		"scheduler: { policy: linux-dl, kernel: \"6.6\" }\ntasks:\n"
		"  - { name: A, runtime: 4, period: 10, releases: [0], "
		"exec: { model: list, values: [5] }, yield_at: [1, 12.5, 25] }\n"
		"  - { name: B, runtime: 2, period: 10, releases: [0], "
		"exec: { model: list, values: [2] } }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, CBS_COMPLETE |
				       SIM_MASK(SIM_REC_THROTTLE) |
				       SIM_MASK(SIM_REC_REPLENISH), &tr);

	cbs_expect(&tr,
		   "1000000 throttle A.0 10000000\n"
		   "3000000 throttle B.0 10000000\n"
		   "3000000 complete B.0 3000000\n"
		   "10000000 replenish A.0 4000000\n"
		   "10000000 replenish B.0 2000000\n"
		   "12500000 throttle A.0 20000000\n"
		   "20000000 replenish A.0 4000000\n"
		   "21500000 complete A.0 21500000\n");
	CU_ASSERT_EQUAL(sim_engine_stats(e)->servers[0].budget_exhaustions, 0);
	cbs_done(e, s, &tr);
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler: { policy: linux-dl }\n"
		      "tasks: [{ name: a, C: 1, T: 2, yield_at: [3, 3] }]\n",
		      "tasks[0].yield_at[1]: not after yield_at[0]");
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler: { policy: edf }\n"
		      "tasks: [{ name: a, C: 1, T: 2, yield_at: [3] }]\n",
		      "tasks[0].yield_at: sched_yield() of a deadline task");
}

/* sched_setattr() with admission on change (sched_dl_overflow(): total_bw
 * - old + new must fit 996147 on one CPU, kernel 6.6).  A, B (4, 10): at
 * 2 A asks for runtime 6: 419430 - 419430 + 629145 + 419430 = 1048575 >
 * 996147, -EBUSY.  At 3 B asks for 2 (209715): applied, but B, queued
 * with d 10 not passed, keeps its runtime 4 (ENQUEUE_RESTORE only sets
 * up a new period for a passed deadline): B [4, 8).  At 5 A (throttled
 * since 4) gets runtime 5 (524288; 734003 fits), used from its
 * replenishment at 10: runtime 5, so A's second job [10, 14) is not
 * throttled; B gets 2 at 10 and is throttled at 16 (its job needs 4). */
static void test_setattr_admits_the_change(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\ntime_unit: ms\nhorizon: 19\n"
		"scheduler: { policy: linux-dl, kernel: \"6.6\" }\ntasks:\n"
		"  - { name: A, runtime: 4, period: 10, changes: [{ at: 2, "
		"runtime: 6 }, { at: 5, runtime: 5 }] }\n"
		"  - { name: B, runtime: 4, period: 10, changes: [{ at: 3, "
		"runtime: 2 }] }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, CBS_COMPLETE |
				       SIM_MASK(SIM_REC_SETATTR) |
				       SIM_MASK(SIM_REC_THROTTLE) |
				       SIM_MASK(SIM_REC_REPLENISH), &tr);
	uint64_t bw;

	cbs_expect(&tr,
		   "2000000 setattr A.0 0\n"
		   "3000000 setattr B.0 1\n"
		   "4000000 throttle A.0 10000000\n"
		   "4000000 complete A.0 4000000\n"
		   "5000000 setattr A.0 1\n"
		   "8000000 throttle B.0 10000000\n"
		   "8000000 complete B.0 8000000\n"
		   "10000000 replenish A.0 5000000\n"
		   "10000000 replenish B.0 2000000\n"
		   "14000000 complete A.1 4000000\n"
		   "16000000 throttle B.1 20000000\n");
	CU_ASSERT_TRUE(sim_engine_total_bw(e, 0, &bw));
	CU_ASSERT_EQUAL(bw, 524288 + 209715);
	cbs_done(e, s, &tr);
}

/* ENQUEUE_RESTORE of a running task whose deadline has passed.  P1, P2
 * (4, 5, 10): P2 runs [4, 8) past its deadline 5.  At 6 (runtime 2 left)
 * it sets deadline 10 (the same dl_bw: no admission needed):
 * setup_new_dl_entity(): d = 16, runtime 4; it completes at 8.  Setting
 * deadline 8 instead leaves it constrained: dl_check_constrained_dl()
 * sees d 5 < 6 < the next period 5 - 8 + 10 = 7 and throttles it until
 * 7 (runtime 0), where the loop gives d 15, runtime 4: done at 9. */
static void test_setattr_restores_a_late_task(void)
{
	static const char yaml[] =
		"format: 1\ntime_unit: ms\nhorizon: 12\n"
		"scheduler: { policy: linux-dl, kernel: \"6.6\" }\ntasks:\n"
		"  - { name: P1, runtime: 4, deadline: 5, period: 10, "
		"releases: [0] }\n"
		"  - { name: P2, runtime: 4, deadline: 5, period: 10, "
		"releases: [0], changes: [{ at: 6, deadline: %d }] }\n";
	unsigned mask = CBS_COMPLETE | SIM_MASK(SIM_REC_SETATTR) |
			SIM_MASK(SIM_REC_THROTTLE) |
			SIM_MASK(SIM_REC_SERVER_DEADLINE);
	char buf[512];
	struct scn_scenario *s;
	struct tu_trace tr;
	struct sim_engine *e;

	snprintf(buf, sizeof(buf), yaml, 10);
	s = cbs_load_text(buf);
	e = cbs_run_from(s, mask, 5 * MS, &tr);
	cbs_expect(&tr, "6000000 setattr P2.0 1\n"
		   "6000000 server_deadline P2.0 16000000\n"
		   "8000000 complete P2.0 8000000\n"
		   "10000000 server_deadline P1.0 15000000\n");
	cbs_done(e, s, &tr);
	snprintf(buf, sizeof(buf), yaml, 8);
	s = cbs_load_text(buf);
	e = cbs_run_from(s, mask, 5 * MS, &tr);
	cbs_expect(&tr, "6000000 setattr P2.0 1\n"
		   "6000000 throttle P2.0 7000000\n"
		   "7000000 server_deadline P2.0 15000000\n"
		   "9000000 complete P2.0 9000000\n"
		   "10000000 server_deadline P1.0 15000000\n");
	cbs_done(e, s, &tr);
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler: { policy: linux-dl }\n"
		      "tasks: [{ name: a, C: 1, T: 2, changes: [{ at: 1, "
		      "runtime: 3 }] }]\n",
		      "tasks[0].changes[0]: task a: __checkparam_dl");
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler: { policy: linux-dl }\n"
		      "tasks: [{ name: a, C: 1, T: 2, changes: [{ runtime: 1 }] }]\n",
		      "tasks[0].changes[0]: missing at");
}

/* Random sets with everything at once on 1-3 CPUs: both profiles, exact
 * or tick accounting, fair tasks with a deferred or non-deferred server,
 * joins and leaves, sched_yield() and sched_setattr() calls, per-task
 * flags (reclaim on one CPU, exact accounting).  Every run ends cleanly
 * (the core's assertions hold, ASan in check-asan), no rejected task
 * releases a job, no overrun exceeds a tick, and total_bw ends between
 * the reserved fair share and that plus every task's dl_bw. */
static void test_random_mixed_sets_run_cleanly(void)
{
	static const unsigned hzs[] = { 100, 250, 300, 1000 };
	uint64_t seed = 0x6e12, jobs = 0;
	struct rt_rng g;

	rt_rng_seed(&g, seed);
	printf("\n  seed %#" PRIx64 "\n", seed);
	for (unsigned it = 0; it < 1000; it++) {
		char buf[8192];
		size_t o = 0, n = 1 + (size_t)rt_rng_range(&g, 0, 6);
		unsigned cpus = 1 + (unsigned)rt_rng_range(&g, 0, 2);
		bool tick = rt_rng_range(&g, 0, 1), six = rt_rng_range(&g, 0, 1);
		bool reclaim = cpus == 1 && !tick;
		unsigned hz = hzs[rt_rng_range(&g, 0, 3)];
		uint64_t bwsum = 0, bw;
		struct scn_scenario *s;
		struct tu_trace tr;
		struct sim_engine *e;
		const struct sim_stats *st;

		o += (size_t)snprintf(buf + o, sizeof(buf) - o, "format: 1\n"
			"time_unit: us\nhorizon: %" PRId64 "ms\nseed: %u\n"
			"platform: { cpus: %u }\nscheduler:\n  policy: linux-dl\n"
			"  kernel: \"%s\"\n  rt_runtime_us: %s\n",
			rt_rng_range(&g, 10, 80), it, cpus, six ? "6.6" : "6.12",
			rt_rng_range(&g, 0, 3) ? "950000" : "-1");
		if (tick)
			o += (size_t)snprintf(buf + o, sizeof(buf) - o,
				"  accounting: tick\n  hz: %u\n", hz);
		if (rt_rng_range(&g, 0, 1))
			o += (size_t)snprintf(buf + o, sizeof(buf) - o,
				"  fair_server: { runtime: %" PRId64 ", period: "
				"10ms, reserve: false, defer: %s }\n",
				rt_rng_range(&g, 200, 500),
				rt_rng_range(&g, 0, 1) ? "true" : "false");
		o += (size_t)snprintf(buf + o, sizeof(buf) - o, "tasks:\n");
		for (size_t i = 0; i < n; i++) {
			int64_t P = rt_rng_range(&g, 1000, 20000);
			int64_t D = rt_rng_range(&g, P / 2, P);
			int64_t Q = rt_rng_range(&g, 2, D / 2);
			int64_t A = rt_rng_range(&g, 0, 3) ? 0 :
				    rt_rng_range(&g, 0, 30000);

			if (rt_rng_range(&g, 0, 4) == 0) {      /* fair */
				o += (size_t)snprintf(buf + o, sizeof(buf) - o,
					"  - { name: t%zu, C: %" PRId64 ", T: %"
					PRId64 ", class: fair }\n", i, Q, P);
				continue;
			}
			bwsum += rt_dl_to_ratio(P * 1000, Q * 1000);
			o += (size_t)snprintf(buf + o, sizeof(buf) - o,
				"  - { name: t%zu, runtime: %" PRId64 ", deadline: %"
				PRId64 ", period: %" PRId64 ", arrive_at: %" PRId64
				", leave_at: %" PRId64 ", exec: { model: uniform, "
				"min: 1, max: %" PRId64 " }", i, Q, D, P, A,
				A + rt_rng_range(&g, 1000, 60000),
				Q + rt_rng_range(&g, 0, Q));
			if (reclaim && rt_rng_range(&g, 0, 1))
				o += (size_t)snprintf(buf + o, sizeof(buf) - o,
						      ", flags: [reclaim, dl-overrun]");
			if (rt_rng_range(&g, 0, 2) == 0)
				o += (size_t)snprintf(buf + o, sizeof(buf) - o,
					", yield_at: [%" PRId64 ", %" PRId64 "]",
					rt_rng_range(&g, 0, 20000),
					rt_rng_range(&g, 20001, 50000));
			if (rt_rng_range(&g, 0, 2) == 0) {
				int64_t q2 = rt_rng_range(&g, 2, D);

				o += (size_t)snprintf(buf + o, sizeof(buf) - o,
					", changes: [{ at: %" PRId64 ", runtime: %"
					PRId64 " }]", rt_rng_range(&g, 0, 40000),
					q2);
				if (q2 > Q)
					bwsum += rt_dl_to_ratio(P * 1000, q2 * 1000) -
						 rt_dl_to_ratio(P * 1000, Q * 1000);
			}
			o += (size_t)snprintf(buf + o, sizeof(buf) - o, " }\n");
		}
		CU_ASSERT_FATAL(o < sizeof(buf));
		s = cbs_load_text_n(buf, o);
		CU_ASSERT_PTR_NOT_NULL_FATAL(s);
		e = cbs_run(s, 0, &tr);
		st = sim_engine_stats(e);
		jobs += st->jobs;
		for (size_t i = 0; i < st->ntasks; i++) {
			if (st->tasks[i].rejected && st->tasks[i].released) {
				printf("  set %u: a rejected task released jobs\n%s",
				       it, buf);
				CU_FAIL("a rejected task released jobs");
			}
		}
		for (size_t i = 0; i < st->nservers; i++)
			if (st->servers[i].name && st->servers[i].max_overrun >
			    (tick ? rt_dl_tick_nsec(hz) : 0)) {
				printf("  set %u: overrun %" PRId64 "\n%s", it,
				       st->servers[i].max_overrun, buf);
				CU_FAIL("an overrun longer than a tick");
			}
		if (s->sched.rt_runtime_us != -1 && sim_engine_total_bw(e, 0, &bw)) {
			uint64_t lo = s->sched.fair_server.on &&
				      s->sched.fair_server.reserve ?
				      rt_dl_reserved_bw(&s->sched.dl, cpus) : 0;

			if (bw < lo || bw > lo + bwsum) {
				printf("  set %u: total_bw %" PRIu64 " outside "
				       "[%" PRIu64 ", %" PRIu64 "]\n%s", it, bw,
				       lo, lo + bwsum, buf);
				CU_FAIL("total_bw out of range");
			}
		}
		cbs_done(e, s, &tr);
	}
	printf("  %" PRIu64 " jobs\n", jobs);
	CU_ASSERT(jobs > 10000);       /* the sets do run */
}

/* D1: a job ends with the task's next job pending (released while it
 * ran): the task never slept, so no wake-up rule and no dequeue.
 * Exact: A (4/10/10; jobs at 0 and 10 of 5 and 4 ms), B (5, D 8, released
 * at 10) preempts A [10, 15); A ends job 0 at 16 with runtime 3, d 20.
 * dl_entity_overflow() would hold (3/4 > 4/10) and give d 26, runtime 4;
 * the kernel keeps (3, 20): job 1 runs [16, 19), throttled until 20,
 * replenished (4, 30), runs [20, 21).  Tick (HZ 250, ticks at 1, 5, ..):
 * A (4/10; jobs at 0 and 2 of 4.5 and 2 ms) ends job 0 at 4.5 with
 * runtime -0.5 unnoticed: job 1 goes on until the tick at 5 (runtime -1),
 * throttled until 10, replenished (3, 20), runs [10, 11.5). */
static void test_a_pending_job_is_no_wakeup(void)
{
	unsigned mask = CBS_COMPLETE | SIM_MASK(SIM_REC_BUDGET_EXHAUSTED) |
			SIM_MASK(SIM_REC_THROTTLE) |
			SIM_MASK(SIM_REC_SERVER_WAKEUP) |
			SIM_MASK(SIM_REC_SERVER_DEADLINE);
	struct scn_scenario *s = cbs_load_text(
		"format: 1\ntime_unit: ms\nhorizon: 40\n"
		"scheduler: { policy: linux-dl, kernel: \"6.6\" }\ntasks:\n"
		"  - { name: A, runtime: 4, period: 10, releases: [0, 10], "
		"exec: { model: list, values: [5, 4] } }\n"
		"  - { name: B, runtime: 5, deadline: 8, period: 100, "
		"releases: [10], exec: { model: list, values: [5] } }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run_from(s, mask, 1, &tr);

	cbs_expect(&tr,
		   "4000000 budget_exhausted A.0 0\n"
		   "4000000 throttle A.0 10000000\n"
		   "10000000 server_deadline A.0 20000000\n"
		   "10000000 server_wakeup B.0 5000000\n"
		   "10000000 server_deadline B.0 18000000\n"
		   "15000000 budget_exhausted B.0 0\n"
		   "15000000 throttle B.0 110000000\n"
		   "15000000 complete B.0 5000000\n"
		   "16000000 complete A.0 16000000\n"
		   "19000000 budget_exhausted A.1 0\n"
		   "19000000 throttle A.1 20000000\n"
		   "20000000 server_deadline A.1 30000000\n"
		   "21000000 complete A.1 11000000\n");
	cbs_done(e, s, &tr);
	s = cbs_load_text(
		"format: 1\ntime_unit: ms\nhorizon: 20\n"
		"scheduler: { policy: linux-dl, kernel: \"6.6\", "
		"accounting: tick, hz: 250, tick_phase: 1 }\ntasks:\n"
		"  - { name: A, runtime: 4, period: 10, releases: [0, 2], "
		"exec: { model: list, values: [4.5, 2] } }\n");
	e = cbs_run_from(s, mask, 1, &tr);
	cbs_expect(&tr,
		   "4500000 complete A.0 4500000\n"
		   "5000000 budget_exhausted A.1 -1000000\n"
		   "5000000 throttle A.1 10000000\n"
		   "10000000 server_deadline A.1 20000000\n"
		   "11500000 complete A.1 9500000\n");
	CU_ASSERT_EQUAL(sim_engine_stats(e)->servers[0].overruns, 1);
	cbs_done(e, s, &tr);
}

CU_TestInfo linux_kernel_tests[] = {
	{ "profiles select the kernel's rules",
	  test_profiles_select_the_kernel_rules },
	{ "a 9.2/10 task is refused by 6.12, admitted by 6.6",
	  test_a_92_percent_task_needs_the_pre_fair_server_kernel },
	{ "kernel keys are checked and name the field",
	  test_kernel_keys_are_checked },
	{ "a fair server over the cap is refused at its field (D2)",
	  test_fair_server_over_the_cap_is_refused_at_its_field },
	{ "refused reclaim combinations name the reclaim field",
	  test_refused_reclaim_names_its_field },
	{ "a leaving task's bandwidth stays until its 0-lag time",
	  test_bandwidth_stays_until_the_zero_lag_time },
	{ "a pending job keeps the bandwidth until it ends",
	  test_a_pending_job_keeps_the_bandwidth_until_it_ends },
	{ "tick accounting: A overruns to 4.1 ms, B misses by 1.6 ms",
	  test_tick_accounting_lets_a_overrun_and_b_miss },
	{ "tick accounting charges at a context switch and a dequeue",
	  test_tick_accounting_charges_at_switch_and_dequeue },
	{ "random partitioned sets: hrtick meets, tick overruns are repaid "
	  "(2000 sets)", test_random_partitioned_sets },
	{ "the deferred fair server finishes F at 19 ms (11 not deferred)",
	  test_deferred_fair_server_example },
	{ "the deferred fair server under a deadline hog",
	  test_deferred_fair_server_under_a_hog },
	{ "the deferred fair server consumes in background",
	  test_deferred_fair_server_consumes_in_background },
	{ "a deferred fair server's deferral is not throttled time",
	  test_deferral_is_not_throttled_time },
	{ "SCHED_FLAG_RECLAIM is per task", test_reclaim_flag_is_per_task },
	{ "SCHED_FLAG_DL_OVERRUN counts for flagged tasks",
	  test_dl_overrun_flag_counts },
	{ "sched_yield() gives the runtime up until the next period",
	  test_yield_gives_up_the_runtime },
	{ "sched_setattr() admits the change or refuses it",
	  test_setattr_admits_the_change },
	{ "sched_setattr() restores a late task as ENQUEUE_RESTORE",
	  test_setattr_restores_a_late_task },
	{ "a job ending with the next one pending is no wake-up",
	  test_a_pending_job_is_no_wakeup },
	{ "random mixed sets run cleanly (1000 sets)",
	  test_random_mixed_sets_run_cleanly },
	CU_TEST_INFO_NULL
};
