/* test_uniform_dl.c - policy linux-dl on CPUs of different capacities
 * (platform.cpus as a list; docs/linux-dl.md "CPUs of different
 * capacities"): the kernel's admission arithmetic (__dl_overflow() with
 * dl_bw_capacity()), runtime charged at capacity/1024
 * (dl_scaled_delta_exec()), the capacity-aware choice of an idle CPU
 * (dl_task_fits_capacity(), cpudl_find()), and what is refused.
 *
 * Expected traces are one line per record: "TIME KIND TASK.JOB VALUE"
 * (cbs_run), or "TIME KIND TASK.JOB cCPU VALUE" where the CPU matters.
 * Times in ns (the scenarios are in ms: 1 ms = 1000000).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/linux_dl.h"
#include "scenarios/scn.h"
#include "sim/engine.h"
#include "tests/cbs_util.h"
#include "tests/scn_util.h"
#include "tests/suites.h"
#include "tests/trace_util.h"

#ifndef MS
#define MS 1000000
#endif

#define ADM_MASK (SIM_MASK(SIM_REC_ADMIT) | SIM_MASK(SIM_REC_REJECT))

/* The CPUs of the admission cases: CPU 0 of capacity 1024, CPUs 1, 2 of
 * 512.  Every period is 2^20 ns, so that dl_bw = to_ratio(2^20, Q) =
 * (Q << 20) / 2^20 = Q: the runtime in ns is the bandwidth. */
#define ADM_HEAD(kernel) \
	"format: 1\ntime_unit: ns\nhorizon: 1048576\n" \
	"platform:\n  cpus:\n    - {capacity: 1024, count: 1}\n" \
	"    - {capacity: 512, count: 2}\n" \
	"scheduler: {policy: linux-dl, kernel: \"" kernel "\"}\ntasks:\n"

static void adm_expect(const char *yaml, const char *want)
{
	struct scn_scenario *s = cbs_load_text(yaml);
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, ADM_MASK, &tr);

	cbs_expect(&tr, want);
	cbs_done(e, s, &tr);
}

/*
 * __dl_overflow(dl_b, cap, 0, new_bw) rejects iff
 * cap_scale(dl_b->bw, cap) < total_bw + new_bw, cap = dl_bw_capacity()
 * = the sum of arch_scale_cpu_capacity() over the root domain:
 *
 *   cap     = 1024 + 512 + 512 = 2048 (identical CPUs: 3 << 10 = 3072)
 *   dl_b.bw = to_ratio(1000000, 950000) = 996147
 *   limit   = cap_scale(996147, 2048) = 996147 * 2048 >> 10 = 1992294
 *
 * kernel 6.6 (no fair server), tasks A, B, C of period 2^20 ns:
 *   A 996147: 0 + 996147 = 996147 <= 1992294: admitted
 *   B 996147: 996147 + 996147 = 1992294 <= 1992294: admitted (at the
 *     boundary: __dl_overflow's '<' is strict)
 *   C 1024: 1992294 + 1024 = 1993318 > 1992294: rejected
 * With B 996148 (one unit more): 1992295 > 1992294, B rejected; then C:
 *   996147 + 1024 = 997171 <= 1992294: admitted.
 * kernel 6.12: each CPU's fair server (50/1000 ms: dl_bw 52428) is in
 * total_bw from boot: 3 * 52428 = 157284; A: 157284 + 996147 = 1153431
 * admitted; B may take 1992294 - 1153431 = 838863: admitted at
 * 838863, rejected at 838864.
 */
static void test_admission_matches_the_kernel(void)
{
	/* the arithmetic itself */
	CU_ASSERT_TRUE(rt_dl_admit_cap(1992294 - 7, 7, 996147, 2048, false));
	CU_ASSERT_FALSE(rt_dl_admit_cap(1992294 - 7, 8, 996147, 2048, false));
	CU_ASSERT_TRUE(rt_dl_admit_cap(UINT64_MAX / 2, 8, 996147, 2048, true));
	/* identical CPUs: cap = M << 10 gives cap_bw * M */
	for (unsigned m = 1; m <= 64; m++) {
		uint64_t lim = (uint64_t)996147 * m;

		CU_ASSERT_EQUAL(rt_dl_admit_cap(lim - 1, 1, 996147,
						(uint64_t)m << 10, false),
				rt_dl_admit(lim - 1, 1, 996147, m, false));
		CU_ASSERT_EQUAL(rt_dl_admit_cap(lim - 1, 2, 996147,
						(uint64_t)m << 10, false),
				rt_dl_admit(lim - 1, 2, 996147, m, false));
	}
	/* a capacity sum the shift truncates: 996147 * 1000 >> 10 =
	 * 996147000 / 1024 = 972799.8 -> 972799 */
	CU_ASSERT_TRUE(rt_dl_admit_cap(972799, 0, 996147, 1000, false));
	CU_ASSERT_FALSE(rt_dl_admit_cap(972799, 1, 996147, 1000, false));

	adm_expect(ADM_HEAD("6.6")
		   "  - {name: A, runtime: 996147, period: 1048576}\n"
		   "  - {name: B, runtime: 996147, period: 1048576}\n"
		   "  - {name: C, runtime: 1024, period: 1048576}\n",
		   "0 admit A.0 1\n"
		   "0 admit B.0 1\n"
		   "0 reject C.0 1\n");
	adm_expect(ADM_HEAD("6.6")
		   "  - {name: A, runtime: 996147, period: 1048576}\n"
		   "  - {name: B, runtime: 996148, period: 1048576}\n"
		   "  - {name: C, runtime: 1024, period: 1048576}\n",
		   "0 admit A.0 1\n"
		   "0 reject B.0 1\n"
		   "0 admit C.0 1\n");
	adm_expect(ADM_HEAD("6.12")
		   "  - {name: A, runtime: 996147, period: 1048576}\n"
		   "  - {name: B, runtime: 838863, period: 1048576}\n",
		   "0 admit A.0 1\n"
		   "0 admit B.0 1\n");
	adm_expect(ADM_HEAD("6.12")
		   "  - {name: A, runtime: 996147, period: 1048576}\n"
		   "  - {name: B, runtime: 838864, period: 1048576}\n",
		   "0 admit A.0 1\n"
		   "0 reject B.0 1\n");
	/* exclusive cpusets, each a root domain of its own capacity:
	 * "little" = CPUs 1, 2: cap 1024, limit 996147: A fits exactly, B
	 * (1024) does not; CPU 0 (the rest, "root"): 1024, C 996147 fits */
	adm_expect("format: 1\ntime_unit: ns\nhorizon: 1048576\n"
		   "platform:\n  cpus:\n    - {capacity: 1024, count: 1}\n"
		   "    - {capacity: 512, count: 2}\n"
		   "scheduler:\n  policy: linux-dl\n  kernel: \"6.6\"\n"
		   "  cpusets: [{name: little, cpus: [1, 2], tasks: [A, B]}]\n"
		   "tasks:\n"
		   "  - {name: A, runtime: 996147, period: 1048576}\n"
		   "  - {name: B, runtime: 1024, period: 1048576}\n"
		   "  - {name: C, runtime: 996147, period: 1048576}\n",
		   "0 admit A.0 1\n"
		   "0 reject B.0 1\n"
		   "0 admit C.0 1\n");
	/* the same three CPUs at 1024: 3 * 996147 = 2988441, C fits */
	adm_expect("format: 1\ntime_unit: ns\nhorizon: 1048576\n"
		   "platform: {cpus: 3}\n"
		   "scheduler: {policy: linux-dl, kernel: \"6.6\"}\ntasks:\n"
		   "  - {name: A, runtime: 996147, period: 1048576}\n"
		   "  - {name: B, runtime: 996147, period: 1048576}\n"
		   "  - {name: C, runtime: 1024, period: 1048576}\n",
		   "0 admit A.0 1\n"
		   "0 admit B.0 1\n"
		   "0 admit C.0 1\n");
}

/* dl_task_fits_capacity(): cap >= dl_density >> 10. */
static void test_fits_capacity(void)
{
	/* 6/10: (6 << 20) / 10 = 629145; >> 10 = 614 */
	CU_ASSERT_EQUAL(rt_dl_to_ratio(10 * MS, 6 * MS), 629145);
	CU_ASSERT_TRUE(rt_dl_fits(629145, 614));
	CU_ASSERT_FALSE(rt_dl_fits(629145, 613));
	/* 9/10: 943718 >> 10 = 921: 768 does not fit, 1024 does */
	CU_ASSERT_FALSE(rt_dl_fits(rt_dl_to_ratio(10 * MS, 9 * MS), 768));
	CU_ASSERT_TRUE(rt_dl_fits(rt_dl_to_ratio(10 * MS, 9 * MS), 1024));
	/* density 1 (runtime = deadline) fits 1024 only */
	CU_ASSERT_TRUE(rt_dl_fits(RT_BW_UNIT, 1024));
	CU_ASSERT_FALSE(rt_dl_fits(RT_BW_UNIT, 1023));
}

#define RUN_MASK (CBS_COMPLETE | CBS_RUN | SIM_MASK(SIM_REC_MISS) | \
		  SIM_MASK(SIM_REC_BUDGET_EXHAUSTED) | \
		  SIM_MASK(SIM_REC_THROTTLE) | SIM_MASK(SIM_REC_REPLENISH))

/*
 * The case under linux-dl: A (runtime 4, deadline = period 10
 * ms) alone on a CPU of capacity 512, horizon 20 ms.
 * update_curr_dl_se() charges dl_scaled_delta_exec() = delta * 512 >> 10:
 *   0   A.0 starts, runtime 4 ms; its work, 4 ms, takes 8 ms at 512
 *   8   A.0 completes: charged 8 * 512 / 1024 = 4 ms, runtime 0 exactly
 *       (dl_runtime_exceeded(): throttled until its next period, 10,
 *       as on a 1024 CPU when C = runtime: the job is done anyway)
 *   10  replenished (runtime 4, deadline 20); A.1 starts
 *   18  A.1 completes, the same way; 20: replenished (the horizon)
 * (replenish records name the server's last job, A.0.)
 * Without the scaling (runtime charged 1:1) A.0 would be throttled at 4
 * with half its work left and complete at 14, missing 10.
 */
static void test_half_capacity_runtime_scaled(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\ntime_unit: ms\nhorizon: 20\n"
		"platform: {cpus: [{capacity: 512, count: 1}]}\n"
		"scheduler: {policy: linux-dl, kernel: \"6.6\"}\n"
		"tasks: [{name: A, runtime: 4, period: 10}]\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, RUN_MASK, &tr);
	const struct sim_stats *st = sim_engine_stats(e);

	cbs_expect(&tr,
		   "0 start A.0 4000000\n"
		   "8000000 budget_exhausted A.0 0\n"
		   "8000000 throttle A.0 10000000\n"
		   "8000000 complete A.0 8000000\n"
		   "10000000 replenish A.0 4000000\n"
		   "10000000 start A.1 4000000\n"
		   "18000000 budget_exhausted A.1 0\n"
		   "18000000 throttle A.1 20000000\n"
		   "18000000 complete A.1 8000000\n"
		   "20000000 replenish A.0 4000000\n");
	CU_ASSERT_EQUAL(st->misses, 0);
	CU_ASSERT_EQUAL(st->servers[0].throttled_time, 0);
	CU_ASSERT_EQUAL(st->cpu[0].busy, 16 * MS);
	cbs_done(e, s, &tr);
}

/*
 * Capacity 768 (3/4) and a preemption: A (runtime 3, deadline = period
 * 20 ms) and B (runtime 1500us, deadline 3, period 20, offset 1).
 *   0  A.0 starts; 1: B (d 4) preempts A (d 20): A ran 1 ms, charged
 *      1 * 768 / 1024 = 0.75 ms (runtime 2.25), work left 2.25 ms
 *   1  B.0: 1.5 ms of work at 3/4 takes 2 ms; charged 2 * 0.75 = 1.5:
 *      runtime 0 at its completion, 3 (throttled until 21)
 *   3  A.0 resumes: 2.25 ms of work takes 3 ms, charged 2.25: runtime 0
 *      at its completion, 6; 20: A replenished (the horizon)
 */
static void test_three_quarter_capacity_with_preemption(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\ntime_unit: ms\nhorizon: 20\n"
		"platform: {cpus: [{capacity: 768, count: 1}]}\n"
		"scheduler: {policy: linux-dl, kernel: \"6.6\"}\n"
		"tasks:\n"
		"  - {name: A, runtime: 3, period: 20}\n"
		"  - {name: B, runtime: 1500us, deadline: 3, period: 20, "
		"offset: 1}\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, RUN_MASK, &tr);

	cbs_expect(&tr,
		   "0 start A.0 3000000\n"
		   "1000000 preempt A.0 2250000\n"
		   "1000000 start B.0 1500000\n"
		   "3000000 budget_exhausted B.0 0\n"
		   "3000000 throttle B.0 21000000\n"
		   "3000000 complete B.0 2000000\n"
		   "3000000 start A.0 2250000\n"
		   "6000000 budget_exhausted A.0 0\n"
		   "6000000 throttle A.0 20000000\n"
		   "6000000 complete A.0 6000000\n"
		   "20000000 replenish A.0 3000000\n");
	CU_ASSERT_EQUAL(sim_engine_stats(e)->misses, 0);
	cbs_done(e, s, &tr);
}

/*
 * Runtime charged at the tick on a 512 CPU (accounting: tick, HZ 250,
 * first tick at 0.1 ms): A (runtime 2, deadline 3, period 10) has one
 * job of 3 ms of work.
 *   0    A.0 starts; its runtime would run out at 4 (2 / 0.5)
 *   4.1  the tick notices: charged 4.1 * 512/1024 = 2.05 (the kernel: 0.05
 *        at the tick 0.1, then 2 at 4.1; the same sum), runtime -0.05,
 *        its deadline 3 passed (server miss 1.1); throttled until 10;
 *        work done 2.05, left 0.95
 *   10   replenish_dl_entity(): runtime -0.05 + 2 = 1.95, d = 13;
 *        0.95 of work takes 1.9: ends 11.9, 8.9 after its deadline 3
 * With accounting: exact it is throttled at 4 (runtime 0, work left 1)
 * and ends at 12.
 */
static void test_tick_accounting_scaled(void)
{
	static const char yaml[] =
		"format: 1\ntime_unit: ms\nhorizon: 20\n"
		"platform: {cpus: [{capacity: 512, count: 1}]}\n"
		"scheduler: {policy: linux-dl, kernel: \"6.6\"%s}\n"
		"tasks: [{name: A, runtime: 2, deadline: 3, period: 10, "
		"releases: [0], exec: {model: list, values: [3]}}]\n";
	char y[512];
	struct scn_scenario *s;
	struct tu_trace tr;
	struct sim_engine *e;

	snprintf(y, sizeof(y), yaml,
		 ", accounting: tick, hz: 250, tick_phase: 0.1");
	s = cbs_load_text(y);
	e = cbs_run(s, RUN_MASK, &tr);
	cbs_expect(&tr,
		   "0 start A.0 3000000\n"
		   "4100000 budget_exhausted A.0 -50000\n"
		   "4100000 throttle A.0 10000000\n"
		   "4100000 preempt A.0 950000\n"
		   "10000000 replenish A.0 1950000\n"
		   "10000000 start A.0 950000\n"
		   "11900000 complete A.0 11900000\n"
		   "11900000 deadline_miss A.0 8900000\n");
	cbs_done(e, s, &tr);
	snprintf(y, sizeof(y), yaml, "");
	s = cbs_load_text(y);
	e = cbs_run(s, RUN_MASK, &tr);
	cbs_expect(&tr,
		   "0 start A.0 3000000\n"
		   "4000000 budget_exhausted A.0 0\n"
		   "4000000 throttle A.0 10000000\n"
		   "4000000 preempt A.0 1000000\n"
		   "10000000 replenish A.0 2000000\n"
		   "10000000 start A.0 1000000\n"
		   "12000000 complete A.0 12000000\n"
		   "12000000 deadline_miss A.0 9000000\n");
	cbs_done(e, s, &tr);
}

/*
 * Placement: CPU 0 of capacity 512, CPU 1 of 768, CPU 2 of 1024 (not
 * all equal: sched_asym_cpucap_active()).  Needs (dl_density >> 10):
 *   X runtime 9.5, deadline 10, period 40: 996147 >> 10 = 972: CPU 2
 *   H runtime 6, deadline 10: 614: CPUs 1, 2
 *   L runtime 4.25, deadline 20: 222: any
 *   Y runtime 9, deadline 10, offset 9: 921: CPU 2
 * At 0 X, H (d 10) and L (d 20) take the idle CPUs in EDF order:
 *   X: the idle CPUs that fit: {2} -> CPU 2; 9.5 ms of work, ends 9.5
 *   H: fitting idle {1} -> CPU 1; 6 * 1024 / 768 = 8 ms, ends 8
 *   L: -> CPU 0 (the only idle one, it fits); 4.25 * 2 = 8.5, ends 8.5
 * (the engine's index order would have put X on CPU 0: 19 ms, a miss.)
 * Each charged exactly its runtime: 8 * 768/1024 = 6, 8.5 * 512/1024 =
 * 4.25: no throttling before completion.
 * At 9 Y arrives (d 19): CPU 2 is busy (X until 9.5), CPUs 1 (idle since
 * 8) and 0 (since 8.5, the top of the idle stack) do not fit it: the
 * idle CPU of the largest capacity, CPU 1 (cpudl_find()'s max_cap),
 * where 9 ms of work take 12: it ends at 21, 2 ms late.  It is not
 * moved to CPU 2 when X leaves it at 9.5 (the kernel pulls only queued
 * tasks, pull_dl_task()).
 */
static void test_placement_fits_capacity(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\ntime_unit: ms\nhorizon: 30\n"
		"platform:\n  cpus:\n    - {capacity: 512, count: 1}\n"
		"    - {capacity: 768, count: 1}\n"
		"    - {capacity: 1024, count: 1}\n"
		"scheduler: {policy: linux-dl, kernel: \"6.6\"}\n"
		"tasks:\n"
		"  - {name: X, runtime: 9500us, deadline: 10, period: 40}\n"
		"  - {name: H, runtime: 6, deadline: 10, period: 40}\n"
		"  - {name: L, runtime: 4250us, deadline: 20, period: 40}\n"
		"  - {name: Y, runtime: 9, deadline: 10, period: 40, "
		"offset: 9}\n");
	struct sim_config c = cbs_config(s);
	struct tu_trace tr;
	struct sim_sink sink = { .mask = TU_SCHED |
				 SIM_MASK(SIM_REC_THROTTLE),
				 .emit = tu_trace_emit, .ctx = &tr };
	struct sim_engine *e;

	memset(&tr, 0, sizeof(tr));
	tr.names = s->tasks;
	tr.nnames = s->ntasks;
	e = tu_engine_run(&c, &sink);
	tu_expect_text(tr.buf,
		       "0 start X.0 c2 9500000\n"
		       "0 start H.0 c1 6000000\n"
		       "0 start L.0 c0 4250000\n"
		       "8000000 throttle H.0 c-1 40000000\n"
		       "8000000 complete H.0 c1 8000000\n"
		       "8500000 throttle L.0 c-1 40000000\n"
		       "8500000 complete L.0 c0 8500000\n"
		       "9000000 start Y.0 c1 9000000\n"
		       "9500000 throttle X.0 c-1 40000000\n"
		       "9500000 complete X.0 c2 9500000\n"
		       "21000000 throttle Y.0 c-1 49000000\n"
		       "21000000 complete Y.0 c1 12000000\n"
		       "21000000 deadline_miss Y.0 c1 2000000\n"
		       "30000000 end X.0 c-1 0\n");
	CU_ASSERT_EQUAL(sim_engine_stats(e)->misses, 1);
	sim_engine_destroy(e);
	free(tr.buf);
	scn_free(s);
}

/* Run yaml (ms) and compare its TU_SCHED trace with the CPU column. */
static void sched_expect(const char *yaml, const char *want)
{
	struct scn_scenario *s = cbs_load_text(yaml);
	struct sim_config c = cbs_config(s);
	struct tu_trace tr;
	struct sim_sink sink = { .mask = TU_SCHED, .emit = tu_trace_emit,
				 .ctx = &tr };
	struct sim_engine *e;

	memset(&tr, 0, sizeof(tr));
	tr.names = s->tasks;
	tr.nnames = s->ntasks;
	e = tu_engine_run(&c, &sink);
	tu_expect_text(tr.buf, want);
	sim_engine_destroy(e);
	free(tr.buf);
	scn_free(s);
}

/*
 * The task's last CPU first (select_task_rq_dl(): an idle task_cpu()
 * that fits keeps it), and among CPUs that do not fit, equal capacities,
 * its last CPU (cpudl_find(): cpu == task_cpu(p) && cap == max_cap).
 *
 * 1. CPUs 0, 1 of 1024, CPU 2 of 512.  A (runtime 2, deadline = period
 *    10; needs 204), B (runtime 1, deadline 2, period 20; needs 512).
 *    0: B (d 2) takes the lowest fitting idle CPU, 0; A then CPU 1.
 *    B ends at 1, A at 2.  10: A.1 with CPUs 0, 1, 2 idle goes back to
 *    CPU 1, its last CPU (the lowest fitting one would be 0); ends 12.
 * 2. CPUs 0, 1 of 512, CPU 2 of 1024.  V (runtime 1, deadline 9, period
 *    40: needs 113), W (9.5, 10, 20: 972), X (9, 10, 20: 921).
 *    0: V (d 9) -> CPU 0 (lowest fitting), W (d 10) -> CPU 2 (the only
 *    fit), X (d 10, after W in task order) -> CPU 1, the only idle one:
 *    9 ms of work at 512 take 18: ends 18, 8 late, charged exactly 9.
 *    V ends at 2 (1 ms of work at 512), W at 9.5.
 *    20: W.1 -> CPU 2 (its last CPU, fits); X.1: CPUs 0 and 1 are idle,
 *    neither fits, both 512: its last CPU, 1 (not the lower 0); ends 38.
 */
static void test_placement_prefers_the_last_cpu(void)
{
	sched_expect("format: 1\ntime_unit: ms\nhorizon: 20\n"
		     "platform: {cpus: [{capacity: 1024, count: 2}, "
		     "{capacity: 512, count: 1}]}\n"
		     "scheduler: {policy: linux-dl, kernel: \"6.6\"}\n"
		     "tasks:\n"
		     "  - {name: A, runtime: 2, period: 10}\n"
		     "  - {name: B, runtime: 1, deadline: 2, period: 20}\n",
		     "0 start B.0 c0 1000000\n"
		     "0 start A.0 c1 2000000\n"
		     "1000000 complete B.0 c0 1000000\n"
		     "2000000 complete A.0 c1 2000000\n"
		     "10000000 start A.1 c1 2000000\n"
		     "12000000 complete A.1 c1 2000000\n"
		     "20000000 end A.0 c-1 0\n");
	sched_expect("format: 1\ntime_unit: ms\nhorizon: 40\n"
		     "platform: {cpus: [{capacity: 512, count: 2}, "
		     "{capacity: 1024, count: 1}]}\n"
		     "scheduler: {policy: linux-dl, kernel: \"6.6\"}\n"
		     "tasks:\n"
		     "  - {name: V, runtime: 1, deadline: 9, period: 40}\n"
		     "  - {name: W, runtime: 9500us, deadline: 10, "
		     "period: 20}\n"
		     "  - {name: X, runtime: 9, deadline: 10, period: 20}\n",
		     "0 start V.0 c0 1000000\n"
		     "0 start W.0 c2 9500000\n"
		     "0 start X.0 c1 9000000\n"
		     "2000000 complete V.0 c0 2000000\n"
		     "9500000 complete W.0 c2 9500000\n"
		     "18000000 complete X.0 c1 18000000\n"
		     "18000000 deadline_miss X.0 c1 8000000\n"
		     "20000000 start W.1 c2 9500000\n"
		     "20000000 start X.1 c1 9000000\n"
		     "29500000 complete W.1 c2 9500000\n"
		     "38000000 complete X.1 c1 18000000\n"
		     "38000000 deadline_miss X.1 c1 8000000\n"
		     "40000000 end V.0 c-1 0\n");
}

/*
 * Equal capacities (every CPU 512: no asymmetry, the kernel's
 * sched_asym_cpucap_active() is off): no fitness filter, the idle CPUs
 * in index order; runtime still charged at 512/1024 and admission
 * against 512 + 512 = 1024: cap_scale(996147, 1024) = 996147.
 *   H (runtime 6, deadline = period 10: needs 614 > 512) -> CPU 0:
 *   6 ms of work take 12; at the horizon 10 it has 1 ms of work left,
 *   its deadline 10 passed (a miss, tardiness >= 0 so far), and it was
 *   charged 10 * 512/1024 = 5 of its 6: not throttled;
 *   L -> CPU 1: 1 ms of work takes 2, ends 2.
 *   A third task of dl_bw 419430 (4/10) after 629145 + 104857 = 734002:
 *   1153432 > 996147: rejected (two CPUs of 1024 would admit it).
 */
static void test_equal_capacities_no_fit_filter(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\ntime_unit: ms\nhorizon: 10\n"
		"platform: {cpus: [{capacity: 512, count: 2}]}\n"
		"scheduler: {policy: linux-dl, kernel: \"6.6\"}\n"
		"tasks:\n"
		"  - {name: H, runtime: 6, period: 10}\n"
		"  - {name: L, runtime: 1, period: 10, deadline: 10}\n"
		"  - {name: R, runtime: 4, period: 10}\n");
	struct sim_config c = cbs_config(s);
	struct tu_trace tr;
	struct sim_sink sink = { .mask = TU_SCHED | ADM_MASK,
				 .emit = tu_trace_emit, .ctx = &tr };
	struct sim_engine *e;

	memset(&tr, 0, sizeof(tr));
	tr.names = s->tasks;
	tr.nnames = s->ntasks;
	e = tu_engine_run(&c, &sink);
	tu_expect_text(tr.buf,
		       "0 admit H.0 c-1 1\n"
		       "0 admit L.0 c-1 1\n"
		       "0 reject R.0 c-1 1\n"
		       "0 start H.0 c0 6000000\n"
		       "0 start L.0 c1 1000000\n"
		       "2000000 complete L.0 c1 2000000\n"
		       "10000000 deadline_miss H.0 c0 0\n"
		       "10000000 unfinished H.0 c0 1000000\n"
		       "10000000 end H.0 c-1 0\n");
	sim_engine_destroy(e);
	free(tr.buf);
	scn_free(s);
}

/* What validates, and what is refused with the field named. */
static void test_scenario_keys_and_refusals(void)
{
	static const char plat[] =
		"platform: {cpus: [{capacity: 1024, count: 1}, "
		"{capacity: 512, count: 2}]}\n";
	struct scn_scenario *s;
	char y[512];

	snprintf(y, sizeof(y), "format: 1\ntime_unit: ms\n%s"
		 "scheduler: {policy: linux-dl}\n"
		 "tasks: [{name: A, runtime: 1, period: 10}]\n", plat);
	s = load_ok(y);
	CU_ASSERT_PTR_NOT_NULL(s->capacity);
	scn_free(s);
	snprintf(y, sizeof(y), "format: 1\ntime_unit: ms\n%s"
		 "scheduler: {policy: linux-dl, placement: partitioned}\n"
		 "tasks: [{name: A, runtime: 1, period: 10}]\n", plat);
	expect_fail(y, RT_ERR_PARSE, "t.yaml:3:", "platform.cpus",
		    "not implemented yet", "partitioned", NULL);
	snprintf(y, sizeof(y), "format: 1\ntime_unit: ms\n%s"
		 "scheduler: {policy: linux-dl, reclaim: grub}\n"
		 "tasks: [{name: A, runtime: 1, period: 10}]\n", plat);
	expect_fail(y, RT_ERR_PARSE, "t.yaml:4:", "scheduler.reclaim",
		    "not implemented yet", NULL);
	snprintf(y, sizeof(y), "format: 1\ntime_unit: ms\n%s"
		 "scheduler: {policy: linux-dl}\n"
		 "tasks:\n  - {name: A, runtime: 1, period: 10}\n"
		 "  - {name: F, C: 1, T: 10, class: fair}\n", plat);
	expect_fail(y, RT_ERR_PARSE, "t.yaml:7:", "tasks[1].class",
		    "not implemented yet", "fair", NULL);
	/* 6.12's fair server (52428) on one CPU of 40:
	 * cap_scale(996147, 40) = 38912 < 52428; of 60: 58368, fits */
	expect_fail("format: 1\ntime_unit: ms\n"
		    "platform: {cpus: [{capacity: 40, count: 1}]}\n"
		    "scheduler: {policy: linux-dl}\n"
		    "tasks: [{name: A, runtime: 1, period: 100}]\n",
		    RT_ERR_UNSUPPORTED, "not implemented yet", "fair servers",
		    "cap_scale(996147, 40)", NULL);
	s = load_ok("format: 1\ntime_unit: ms\n"
		    "platform: {cpus: [{capacity: 60, count: 1}]}\n"
		    "scheduler: {policy: linux-dl}\n"
		    "tasks: [{name: A, runtime: 1, period: 100}]\n");
	scn_free(s);
	snprintf(y, sizeof(y), "format: 1\ntime_unit: ms\n%s"
		 "scheduler: {policy: linux-dl}\n"
		 "tasks:\n  - {name: A, runtime: 1, period: 10, "
		 "flags: [reclaim]}\n", plat);
	expect_fail(y, RT_ERR_PARSE, "t.yaml:6:", "tasks[0].flags",
		    "not implemented yet", "reclaim", NULL);
}

/* The engine refuses the reclaim flag of one task there too (a
 * configuration made without the loader). */
static void test_engine_refuses_reclaim_flag(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\ntime_unit: ms\nhorizon: 10\n"
		"platform: {cpus: [{capacity: 512, count: 1}]}\n"
		"scheduler: {policy: linux-dl}\n"
		"tasks: [{name: A, runtime: 1, period: 10, "
		"flags: [dl-overrun]}]\n");
	struct sim_config c = cbs_config(s);
	struct sim_engine *e = NULL;
	struct rt_diag d;

	s->dl_flags[0] |= RT_DL_FLAG_RECLAIM;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_UNSUPPORTED);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "not implemented yet"));
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "reclaim"));
	CU_ASSERT_PTR_NULL(e);
	c.reclaim = RT_RECLAIM_GRUB;
	s->dl_flags[0] &= ~RT_DL_FLAG_RECLAIM;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_UNSUPPORTED);
	CU_ASSERT_PTR_NULL(e);
	scn_free(s);
}

CU_TestInfo uniform_dl_tests[] = {
	{ "admission matches the kernel on 1024 + 2 x 512",
	  test_admission_matches_the_kernel },
	{ "dl_task_fits_capacity", test_fits_capacity },
	{ "C = 4 on 512 takes 8 and uses exactly its runtime",
	  test_half_capacity_runtime_scaled },
	{ "runtime scaled at 768 across a preemption",
	  test_three_quarter_capacity_with_preemption },
	{ "tick accounting charges at capacity too",
	  test_tick_accounting_scaled },
	{ "an idle CPU that fits, else the largest",
	  test_placement_fits_capacity },
	{ "the last CPU first, also among equals that do not fit",
	  test_placement_prefers_the_last_cpu },
	{ "equal capacities: no fitness filter",
	  test_equal_capacities_no_fit_filter },
	{ "scenario keys and refusals", test_scenario_keys_and_refusals },
	{ "the engine refuses flags: [reclaim]",
	  test_engine_refuses_reclaim_flag },
	CU_TEST_INFO_NULL,
};
