/* linux_dl.h - the arithmetic of Linux SCHED_DEADLINE, as the kernel does
 * it (kernel/sched/deadline.c, sched.h; docs/theory.md §E.4, E.5, G.6).
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
#include <stddef.h>
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
 * task_non_contending(): the 0-lag time
 *	deadline - div64_long(runtime * dl_period, dl_runtime)
 * with the kernel's truncating signed division (for runtime < 0 the lag
 * is rounded toward zero, so t0 is up to 1 ns early).  False if t0 leaves
 * the rt_time range.
 */
bool rt_dl_zero_lag(rt_time runtime, rt_time deadline, rt_time dl_runtime,
		    rt_time dl_period, rt_time *t0);

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

/*
 * The same on CPUs of different capacities: __dl_overflow(dl_b, cap,
 * old_bw, new_bw) rejects iff
 *
 *	cap_scale(cap_bw, cap) < total_bw - old_bw + new_bw
 *
 * where cap_scale(v, s) = (v * s) >> SCHED_CAPACITY_SHIFT (10) and cap
 * is dl_bw_capacity(): the sum of arch_scale_cpu_capacity() over the
 * root domain's active CPUs (cpus << 10 when all are 1024, so that
 * rt_dl_admit(..., cpus, ...) is rt_dl_admit_cap(..., cpus << 10, ...)).
 * total_bw here is total_bw - old_bw.  The product is kept in 128 bits
 * (the kernel's u64 cannot overflow for its CPU counts either).
 */
bool rt_dl_admit_cap(uint64_t total_bw, uint64_t new_bw, uint64_t cap_bw,
		     uint64_t cap, bool unlimited);

#define RT_CAP_SHIFT 10                 /* SCHED_CAPACITY_SHIFT */

/*
 * dl_task_fits_capacity() (kernel/sched/sched.h): a CPU of capacity cap
 * (1..1024) fits a task of density dl_density = to_ratio(dl_deadline,
 * dl_runtime) iff cap >= dl_density >> (BW_SHIFT - SCHED_CAPACITY_SHIFT).
 */
static inline bool rt_dl_fits(uint64_t dl_density, uint32_t cap)
{
	return cap >= dl_density >> (RT_BW_SHIFT - RT_CAP_SHIFT);
}

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


/* ---- kernel profiles -------------------------------------------------- */

/* How runtime is charged (update_curr_dl() -> update_curr_dl_se()):
 * exactly (the runtime is enforced the instant it reaches 0, as with
 * SCHED_FEAT(HRTICK_DL) on: start_hrtick_dl() arms an hrtimer for the
 * remaining runtime), or at the points where a stock kernel
 * (SCHED_FEAT(HRTICK_DL, false)) calls update_curr_dl(): the scheduler
 * tick (task_tick_dl()), a context switch (put_prev_task_dl()) and a
 * dequeue (dequeue_task_dl(): completion, block).  A task whose runtime
 * ran out between two such points runs on until the next one; the
 * overrun is carried by replenish_dl_entity()'s while (runtime <= 0)
 * loop. */
enum rt_dl_accounting {
	RT_DL_ACCT_EXACT = 0,
	RT_DL_ACCT_TICK
};

/* When a leaving task's bandwidth leaves dl_b->total_bw: at its 0-lag
 * time (task_non_contending() with TASK_DEAD -> inactive_task_timer()
 * -> __dl_sub(); Linux >= 4.13), or at once (the older task_dead_dl()). */
enum rt_dl_release {
	RT_DL_RELEASE_ZERO_LAG = 0,
	RT_DL_RELEASE_AT_ONCE
};

/* Every version-dependent rule of the simulated kernel.  A profile
 * (rt_dl_profile()) gives the defaults of one kernel version; a
 * scenario may then set each field on its own. */
struct rt_dl_rules {
	const char *kernel;             /* profile name, static ("6.12") */
	/* per-CPU fair server (sched_init_dl_servers(): 50 ms / 1000 ms,
	 * dl_defer = 1; Linux >= 6.12) */
	bool fair_server;
	rt_time fair_runtime, fair_deadline, fair_period;       /* ns */
	bool fair_defer;                /* dl_defer: deferred server */
	bool fair_reserve;              /* counted in total_bw (__dl_add() in
					 * dl_server_apply_params()) */
	enum rt_dl_release release;
	enum rt_dl_accounting accounting;
	unsigned hz;                    /* CONFIG_HZ for tick accounting */
	rt_time tick_phase;             /* time of the first tick, ns */
};

/* Per-task sched_attr.sched_flags (scenario tasks[i].flags). */
#define RT_DL_FLAG_RECLAIM    0x1u      /* SCHED_FLAG_RECLAIM: GRUB */
#define RT_DL_FLAG_DL_OVERRUN 0x2u      /* SCHED_FLAG_DL_OVERRUN: SIGXCPU
					 * when the runtime is overrun */

/* The newest profile implemented (and the default). */
#define RT_DL_KERNEL_DEFAULT "6.12"
/* The profile names, for messages: "6.6, 6.12". */
#define RT_DL_KERNEL_NAMES "6.6, 6.12"

/*
 * The defaults of kernel version 'kernel' (NULL: RT_DL_KERNEL_DEFAULT);
 * NULL if no profile has that name.
 *
 *   "6.6"   no fair server; bandwidth released at the 0-lag time;
 *           exact accounting (the scenario default, not the kernel's).
 *   "6.12"  a deferred fair server on every CPU, 50 ms / 1000 ms
 *           (dl_bw 52428), counted in every root domain's total_bw; the
 *           rest as 6.6.
 */
const struct rt_dl_rules *rt_dl_profile(const char *kernel);

/* TICK_NSEC for CONFIG_HZ hz: (10^9 + hz/2) / hz ns (4000000 at 250). */
rt_time rt_dl_tick_nsec(unsigned hz);

/* The first tick at or after t: tick_phase + k TICK_NSEC (k >= 0);
 * false on overflow. */
bool rt_dl_next_tick(const struct rt_dl_rules *r, rt_time t, rt_time *out);

/* Bandwidth the rules reserve in a root domain of 'cpus' CPUs before any
 * task: the fair servers' to_ratio(period, runtime) per CPU when they
 * count in admission, else 0.  Admission of a task is then
 * rt_dl_admit(reserved + tasks' total_bw, new_bw, ...). */
uint64_t rt_dl_reserved_bw(const struct rt_dl_rules *r, unsigned cpus);

/* One line saying how runtime is charged:
 * "runtime enforced exactly, as with HRTICK_DL; a stock kernel charges at
 * the tick: accounting: tick, hz: 250" or "runtime charged at the tick
 * (hz: 250, a tick every 4 ms, the first at 0.1 ms), ...".  Times in the
 * display unit: 'scale' ns per 'unit' (1000000, "ms").  Returns buf. */
const char *rt_dl_accounting_line(const struct rt_dl_rules *r, rt_time scale,
				  const char *unit, char *buf, size_t n);
/* One line naming the profile and every rule (times as above):
 * "kernel 6.12: fair server 50/1000 ms per CPU, deferred, counted in
 * admission; bandwidth of a leaving task released at its 0-lag time". */
const char *rt_dl_rules_line(const struct rt_dl_rules *r, rt_time scale,
			     const char *unit, char *buf, size_t n);

#endif /* RT_LINUX_DL_H */
