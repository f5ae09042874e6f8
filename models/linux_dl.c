/* linux_dl.c - SCHED_DEADLINE arithmetic as the kernel does it (see
 * linux_dl.h; THEORY E.4, E.5, G.6).  Fixed point 2^20 throughout: this
 * file models the kernel and nothing else. */
#include "models/linux_dl.h"

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

bool rt_dl_admit(uint64_t total_bw, uint64_t new_bw, uint64_t cap_bw,
		 unsigned cpus, bool unlimited)
{
	if (unlimited)
		return true;
	return !((rt_u128)cap_bw * cpus < (rt_u128)total_bw + new_bw);
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
