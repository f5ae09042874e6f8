/* linux_dl.c - SCHED_DEADLINE arithmetic as the kernel does it (see
 * linux_dl.h; docs/theory.md §E.4, E.5, G.6).  Fixed point 2^20 throughout: this
 * file models the kernel and nothing else. */
#include "models/linux_dl.h"

#include <stdio.h>

uint64_t rt_dl_to_ratio(int64_t period, int64_t runtime)
{
	rt_u128 v;

	if (runtime == RT_DL_RUNTIME_INF)
		return RT_BW_UNIT;
	if (period <= 0 || runtime < 0)
		return 0;
	v = ((rt_u128)runtime << RT_BW_SHIFT) / (rt_u128)period;
	return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;
}

enum rt_err rt_dl_checkparam(const char *who, rt_time runtime,
			     rt_time deadline, rt_time period, rt_time scale,
			     const char *unit, struct rt_diag *d)
{
	const char *n = who ? who : "?", *u = unit ? unit : "ns";
	uint64_t msb = UINT64_C(1) << 63;
	char b1[32], b2[32], b3[32];

	if (period == 0)
		period = deadline;
	/* "deadline != 0" */
	if (deadline == 0)
		return rt_diagf(d, RT_ERR_INVAL, "task %s: __checkparam_dl: "
				"deadline must not be zero", n);
	/* "Since we truncate DL_SCALE bits, make sure we're at least that
	 * big." (dl_entity_overflow() shifts runtime right by DL_SCALE) */
	if (runtime < RT_DL_RUNTIME_MIN) {
		rt_time_format(b1, sizeof(b1), runtime, scale);
		rt_time_format(b2, sizeof(b2), RT_DL_RUNTIME_MIN, scale);
		return rt_diagf(d, RT_ERR_INVAL, "task %s: __checkparam_dl: "
				"runtime %s %s < %s %s; the kernel requires "
				"runtime >= 2^DL_SCALE", n,
				b1, u, b2, u);
	}
	/* "Since we use the MSB for wrap-around and sign issues, make sure
	 * it's not set (mind the period can be equal to zero)" */
	if (((uint64_t)deadline & msb) || ((uint64_t)period & msb))
		return rt_diagf(d, RT_ERR_INVAL, "task %s: __checkparam_dl: the "
				"most significant bit of deadline and period "
				"must be clear", n);
	/* "runtime <= deadline <= period (if period != 0)" */
	if (runtime > deadline || deadline > period) {
		rt_time_format(b1, sizeof(b1), runtime, scale);
		rt_time_format(b2, sizeof(b2), deadline, scale);
		rt_time_format(b3, sizeof(b3), period, scale);
		return rt_diagf(d, RT_ERR_INVAL, "task %s: __checkparam_dl: "
				"runtime %s, deadline %s, period %s %s; the "
				"kernel requires runtime <= deadline <= period",
				n, b1, b2, b3, u);
	}
	/* sysctl_sched_dl_period_min/max (defaults 100 us, 2^22 us) */
	if (period < RT_DL_PERIOD_MIN || period > RT_DL_PERIOD_MAX) {
		rt_time_format(b1, sizeof(b1), period, scale);
		rt_time_format(b2, sizeof(b2), RT_DL_PERIOD_MIN, scale);
		rt_time_format(b3, sizeof(b3), RT_DL_PERIOD_MAX, scale);
		return rt_diagf(d, RT_ERR_INVAL, "task %s: __checkparam_dl: "
				"period %s %s outside [%s, %s] %s; the kernel "
				"requires sched_deadline_period_min_us (100) <= "
				"period <= sched_deadline_period_max_us (2^22)",
				n, b1, u, b2, b3, u);
	}
	return RT_OK;
}

bool rt_dl_entity_overflow(rt_time runtime, rt_time deadline, rt_time now,
			   rt_time dl_runtime, rt_time dl_deadline)
{
	/* left and right are the two sides of runtime/(d - now) > Q/D,
	 * cross-multiplied, each operand scaled down by 2^DL_SCALE as the
	 * kernel does (u64 there; the values are non-negative here) */
	uint64_t rt = runtime > 0 ? (uint64_t)runtime : 0;
	rt_u128 left = (rt_u128)((uint64_t)dl_deadline >> RT_DL_SCALE) *
		       (rt >> RT_DL_SCALE);
	rt_u128 right = (rt_u128)((uint64_t)(deadline - now) >> RT_DL_SCALE) *
			((uint64_t)dl_runtime >> RT_DL_SCALE);

	return right < left;
}

rt_time rt_dl_revised_runtime(uint64_t dl_density, rt_time laxity)
{
	rt_u128 v = (rt_u128)dl_density * (uint64_t)laxity;

	return (rt_time)(v >> RT_BW_SHIFT);
}

bool rt_dl_zero_lag(rt_time runtime, rt_time deadline, rt_time dl_runtime,
		    rt_time dl_period, rt_time *t0)
{
	rt_i128 lag, v;

	if (dl_runtime <= 0)
		return false;
	lag = (rt_i128)runtime * dl_period / dl_runtime;   /* truncates */
	v = (rt_i128)deadline - lag;
	if (v < INT64_MIN || v > RT_TIME_MAX)
		return false;
	*t0 = (rt_time)v;
	return true;
}

bool rt_dl_admit(uint64_t total_bw, uint64_t new_bw, uint64_t cap_bw,
		 unsigned cpus, bool unlimited)
{
	/* identical CPUs: dl_bw_capacity() = cpus << SCHED_CAPACITY_SHIFT */
	return rt_dl_admit_cap(total_bw, new_bw, cap_bw,
			       (uint64_t)cpus << RT_CAP_SHIFT, unlimited);
}

bool rt_dl_admit_cap(uint64_t total_bw, uint64_t new_bw, uint64_t cap_bw,
		     uint64_t cap, bool unlimited)
{
	if (unlimited)
		return true;
	return !(((rt_u128)cap_bw * cap) >> RT_CAP_SHIFT <
		 (rt_u128)total_bw + new_bw);
}

void rt_dl_grub_init(struct rt_dl_grub *g, int64_t rt_runtime_us,
		     int64_t rt_period_us)
{
	g->running_bw = 0;
	g->this_bw = 0;
	if (rt_runtime_us == RT_DL_RUNTIME_INF) {
		g->bw_ratio = UINT64_C(1) << RT_RATIO_SHIFT;
		g->max_bw = g->extra_bw = RT_BW_UNIT;
	} else {
		g->bw_ratio = rt_dl_to_ratio(rt_runtime_us, rt_period_us) >>
			      (RT_BW_SHIFT - RT_RATIO_SHIFT);
		g->max_bw = g->extra_bw = rt_dl_to_ratio(rt_period_us,
							 rt_runtime_us);
	}
}

uint64_t rt_dl_grub_rate(const struct rt_dl_grub *g, uint64_t dl_bw)
{
	uint64_t u_inact = g->this_bw > g->running_bw ?
			   g->this_bw - g->running_bw : 0;
	uint64_t u_act;

	/* "Instead of computing max{u, (u_max - u_inact - u_extra)}, we
	 * compare u_inact + u_extra with u_max - u, because u_inact +
	 * u_extra can be larger than u_max." */
	if (dl_bw > g->max_bw || u_inact + g->extra_bw > g->max_bw - dl_bw)
		u_act = dl_bw;
	else
		u_act = g->max_bw - u_inact - g->extra_bw;
	return (u_act * g->bw_ratio) >> RT_RATIO_SHIFT;
}

/* ---- kernel profiles ---------------------------------------------------- */

#define FAIR_RUNTIME (50 * RT_NSEC_PER_MSEC)    /* sched_init_dl_servers() */
#define FAIR_PERIOD  (1000 * RT_NSEC_PER_MSEC)

static const struct rt_dl_rules rt_dl_profiles[] = {
	/* Linux 6.6 (LTS): no dl_server; task_non_contending() keeps a dead
	 * task's bandwidth until its 0-lag time (since 4.13) */
	{ .kernel = "6.6", .fair_server = false, .fair_defer = false,
	  .fair_reserve = false, .release = RT_DL_RELEASE_ZERO_LAG,
	  .accounting = RT_DL_ACCT_EXACT, .hz = 250, .tick_phase = 0 },
	/* Linux 6.12 (LTS): sched_init_dl_servers() gives every CPU a fair
	 * server of 50 ms / 1000 ms with dl_defer = 1, and
	 * dl_server_apply_params(..., init = 1) __dl_add()s it to the root
	 * domain */
	{ .kernel = "6.12", .fair_server = true, .fair_runtime = FAIR_RUNTIME,
	  .fair_deadline = FAIR_PERIOD, .fair_period = FAIR_PERIOD,
	  .fair_defer = true, .fair_reserve = true,
	  .release = RT_DL_RELEASE_ZERO_LAG, .accounting = RT_DL_ACCT_EXACT,
	  .hz = 250, .tick_phase = 0 },
};

const struct rt_dl_rules *rt_dl_profile(const char *kernel)
{
	size_t n = sizeof(rt_dl_profiles) / sizeof(rt_dl_profiles[0]);

	if (!kernel)
		kernel = RT_DL_KERNEL_DEFAULT;
	for (size_t i = 0; i < n; i++) {
		const char *a = rt_dl_profiles[i].kernel, *b = kernel;

		while (*a && *a == *b) {
			a++;
			b++;
		}
		if (!*a && !*b)
			return &rt_dl_profiles[i];
	}
	return NULL;
}

rt_time rt_dl_tick_nsec(unsigned hz)
{
	return hz ? (RT_NSEC_PER_SEC + hz / 2) / hz : 0;
}

bool rt_dl_next_tick(const struct rt_dl_rules *r, rt_time t, rt_time *out)
{
	rt_time tick = rt_dl_tick_nsec(r->hz), k;
	rt_i128 v;

	if (!tick)
		return false;
	if (t <= r->tick_phase) {
		*out = r->tick_phase;
		return true;
	}
	k = (t - r->tick_phase + tick - 1) / tick;
	v = (rt_i128)r->tick_phase + (rt_i128)k * tick;
	if (v > RT_TIME_MAX)
		return false;
	*out = (rt_time)v;
	return true;
}

uint64_t rt_dl_reserved_bw(const struct rt_dl_rules *r, unsigned cpus)
{
	if (!r->fair_server || !r->fair_reserve || r->fair_runtime <= 0)
		return 0;
	return rt_dl_to_ratio(r->fair_period, r->fair_runtime) * cpus;
}

const char *rt_dl_accounting_line(const struct rt_dl_rules *r, rt_time scale,
				  const char *unit, char *buf, size_t n)
{
	char b1[32], b2[32];

	if (r->accounting == RT_DL_ACCT_EXACT) {
		snprintf(buf, n, "runtime enforced exactly, as with HRTICK_DL; "
			 "a stock kernel charges at the tick: accounting: "
			 "tick, hz: %u", r->hz ? r->hz : 250);
		return buf;
	}
	rt_time_format(b1, sizeof(b1), rt_dl_tick_nsec(r->hz), scale);
	rt_time_format(b2, sizeof(b2), r->tick_phase, scale);
	snprintf(buf, n, "runtime charged at the tick (hz: %u, a tick every "
		 "%s %s, the first at %s %s), at context switches and "
		 "dequeues, as a stock kernel (HRTICK_DL off); overruns carried "
		 "by the replenishment loop", r->hz, b1, unit, b2, unit);
	return buf;
}

const char *rt_dl_rules_line(const struct rt_dl_rules *r, rt_time scale,
			     const char *unit, char *buf, size_t n)
{
	char b1[32], b2[32];
	int o;

	if (r->fair_server && r->fair_runtime > 0) {
		rt_time_format(b1, sizeof(b1), r->fair_runtime, scale);
		rt_time_format(b2, sizeof(b2), r->fair_period, scale);
		o = snprintf(buf, n, "kernel %s: fair server %s/%s %s per CPU, "
			     "%s, %s", r->kernel ? r->kernel : "?", b1, b2, unit,
			     r->fair_defer ? "deferred" : "not deferred",
			     r->fair_reserve ? "counted in admission" :
			     "not counted in admission");
	} else {
		o = snprintf(buf, n, "kernel %s: no fair server",
			     r->kernel ? r->kernel : "?");
	}
	if (o >= 0 && (size_t)o < n)
		snprintf(buf + o, n - (size_t)o, "; bandwidth of a leaving "
			 "task released %s", r->release == RT_DL_RELEASE_AT_ONCE ?
			 "at once" : "at its 0-lag time");
	return buf;
}
