/* linux_dl.h - the arithmetic of Linux SCHED_DEADLINE, as the kernel does
 * it (kernel/sched/deadline.c, sched.h; THEORY E.4, E.5, G.6).
 *
 * Everything here models the kernel, so it uses the kernel's fixed point:
 * bandwidths are Q/P scaled by 2^BW_SHIFT (2^20) and rounded down
 * (to_ratio()), the wake-up overflow test works at 2^DL_SCALE (1024 ns)
 * granularity, and the GRUB rate goes through bw_ratio (2^RATIO_SHIFT).
 * Times are nanoseconds.  Nothing here is used for exact (non-kernel)
 * decisions: see models/server.h for those.
 */
#ifndef RT_LINUX_DL_H
#define RT_LINUX_DL_H

#include <stdbool.h>
#include <stdint.h>

#include "models/rt_err.h"
#include "models/rt_time.h"

#define RT_BW_SHIFT     20                      /* kernel BW_SHIFT */
#define RT_BW_UNIT      (UINT64_C(1) << RT_BW_SHIFT)
#define RT_RATIO_SHIFT  8                       /* kernel RATIO_SHIFT */
#define RT_DL_SCALE     10                      /* kernel DL_SCALE */
#define RT_DL_RUNTIME_MIN ((rt_time)1 << RT_DL_SCALE)   /* 1024 ns */
/* sysctl sched_deadline_period_min_us / _max_us defaults, in ns */
#define RT_DL_PERIOD_MIN  ((rt_time)100 * RT_NSEC_PER_USEC)
#define RT_DL_PERIOD_MAX  ((rt_time)(1 << 22) * RT_NSEC_PER_USEC)
/* sysctl sched_rt_runtime_us / sched_rt_period_us defaults */
#define RT_DL_RT_RUNTIME_US_DEFAULT INT64_C(950000)
#define RT_DL_RT_PERIOD_US_DEFAULT  INT64_C(1000000)
/* sched_rt_runtime_us = -1: no admission control (kernel RUNTIME_INF) */
#define RT_DL_RUNTIME_INF (-1)

/*
 * to_ratio(period, runtime) = floor(runtime * 2^20 / period); 0 when
 * period is 0, 2^20 when runtime is RUNTIME_INF (kernel to_ratio()).
 * 128-bit intermediate; saturates at UINT64_MAX.
 */
uint64_t rt_dl_to_ratio(int64_t period, int64_t runtime);

/*
 * __checkparam_dl(): a task's (runtime Q, deadline D, period P) in ns
 * (P = 0 means P = D, as the kernel).  The kernel's rules, in its order:
 *
 *   deadline != 0;
 *   runtime >= 2^DL_SCALE (1024 ns);
 *   the most significant bit of deadline and period is clear;
 *   runtime <= deadline <= period;
 *   period within [sched_deadline_period_min_us, _max_us]
 *     (defaults 100 us and 2^22 us).
 *
 * On failure RT_ERR_INVAL and d gives the rule as the kernel states it
 * ("__checkparam_dl: runtime 0.001 ms < 0.001024 ms (2^DL_SCALE ns): ..."),
 * every time in the caller's display unit: 'scale' internal units (ns)
 * per 'unit' (e.g. 1000000, "ms"; 1, "ns").  'who' names the task in the
 * message (may be NULL).
 */
enum rt_err rt_dl_checkparam(const char *who, rt_time runtime,
			     rt_time deadline, rt_time period, rt_time scale,
			     const char *unit, struct rt_diag *d);

/*
 * dl_entity_overflow(): at a wake-up at 'now' with remaining runtime and
 * absolute deadline, true iff
 *
 *	runtime / (deadline - now) > dl_runtime / dl_deadline
 *
 * computed as the kernel does, each factor shifted right by DL_SCALE
 * (1.024 us granularity) so the products fit in 64 bits:
 *	(dl_deadline >> 10) * (runtime >> 10) >
 *	((deadline - now) >> 10) * (dl_runtime >> 10).
 * Requires deadline >= now (the caller checks deadline < now first).
 * Products are formed in 128 bits (the kernel's u64 cannot overflow for
 * parameters that pass __checkparam_dl either).
 */
bool rt_dl_entity_overflow(rt_time runtime, rt_time deadline, rt_time now,
			   rt_time dl_runtime, rt_time dl_deadline);

/*
 * update_dl_revised_wakeup(): runtime = (dl_density * laxity) >> BW_SHIFT
 * with laxity = deadline - now and dl_density = to_ratio(D, Q).
 */
rt_time rt_dl_revised_runtime(uint64_t dl_density, rt_time laxity);

/*
 * Admission (sched_dl_overflow() -> __dl_overflow()): adding new_bw to a
 * root domain holding total_bw overflows iff
 *
 *	cap_bw != -1  and  cap_bw * cpus < total_bw + new_bw
 *
 * with cap_bw = to_ratio(rt_period, rt_runtime) (996147 for the default
 * 950000/1000000 us) and cpus the CPUs of the root domain (cap_scale()
 * of a symmetric system).  'unlimited' is rt_runtime == -1.  Returns
 * true if the task fits (no overflow).
 */
bool rt_dl_admit(uint64_t total_bw, uint64_t new_bw, uint64_t cap_bw,
		 unsigned cpus, bool unlimited);

/* GRUB per-runqueue quantities (kernel struct dl_rq). */
struct rt_dl_grub {
	uint64_t running_bw;    /* U_act: active (contending or not) tasks */
	uint64_t this_bw;       /* U of every task on the runqueue */
	uint64_t max_bw;        /* U_max = to_ratio(rt_period, rt_runtime) */
	uint64_t extra_bw;      /* unreserved bandwidth (__dl_update) */
	uint64_t bw_ratio;      /* 1/U_max in 2^RATIO_SHIFT fixed point */
};

/* Initialise for rt_runtime/rt_period (us; runtime -1: U_max = 1),
 * kernel init_dl_rq_bw_ratio(): max_bw = extra_bw = to_ratio(period,
 * runtime), bw_ratio = to_ratio(runtime, period) >> (BW_SHIFT -
 * RATIO_SHIFT). */
void rt_dl_grub_init(struct rt_dl_grub *g, int64_t rt_runtime_us,
		     int64_t rt_period_us);

/*
 * The reclaiming rate of a task with bandwidth dl_bw (sched-deadline.rst
 * 2.2; kernel grub_reclaim(), 6.x form):
 *
 *	dq = -( max{ u_i, U_max - U_inact - U_extra } / U_max ) dt
 *
 *	u_inact = this_bw - running_bw;
 *	u_act = (u_inact + extra_bw > max_bw - dl_bw) ? dl_bw
 *						      : max_bw - u_inact - extra_bw;
 *	rate  = (u_act * bw_ratio) >> RATIO_SHIFT        (2^20 = rate 1)
 *
 * (comparing u_inact + u_extra with u_max - u avoids a negative
 * difference, as the kernel explains).  The budget consumed over delta is
 * then (delta * rate) >> BW_SHIFT.
 */
uint64_t rt_dl_grub_rate(const struct rt_dl_grub *g, uint64_t dl_bw);

#endif /* RT_LINUX_DL_H */
