/* overhead.c - overhead terms checked, and the overhead-aware task set
 * (docs/theory.md §H).  Exact integer arithmetic in 128 bits, narrowed
 * back to rt_time only after a range check. */
#include "models/overhead.h"

bool rt_ovh_any(const struct rt_overheads *o)
{
	return o->context_switch || o->schedule || o->release ||
	       o->migration || o->tick;
}

enum rt_err rt_ovh_check(const struct rt_overheads *o, struct rt_diag *d)
{
	if (o->context_switch < 0 || o->schedule < 0 || o->release < 0 ||
	    o->migration < 0 || o->tick < 0 || o->tick_period < 0)
		return rt_diagf(d, RT_ERR_INVAL, "overheads: a negative time; "
				"expected every overhead >= 0");
	if (o->tick > 0 && o->tick_period == 0)
		return rt_diagf(d, RT_ERR_INVAL, "overheads.tick: a tick "
				"overhead needs a tick rate (hz)");
	if (o->tick_period > 0 && o->tick >= o->tick_period)
		return rt_diagf(d, RT_ERR_INVAL, "overheads.tick: %lld is not "
				"shorter than the tick period 1/hz = %lld",
				(long long)o->tick, (long long)o->tick_period);
	return RT_OK;
}

/* Interrupts (release interrupts of every task, ticks) that can fire in
 * a closed window of length len: task j releases at most
 * floor((len + J_j) / T_j) + 1 jobs in it (minimum separation T_j,
 * release jitter J_j), the tick fires floor(len / P) + 1 times. */
static rt_i128 ovh_irq(const struct rt_overheads *o, const struct rt_task *in,
		       size_t n, rt_i128 len)
{
	rt_i128 w = 0;

	if (o->release)
		for (size_t j = 0; j < n; j++)
			w += ((len + in[j].jitter) / in[j].period + 1) *
			     o->release;
	if (o->tick)
		w += (len / o->tick_period + 1) * o->tick;
	return w;
}

enum rt_err rt_ovh_inflate(const struct rt_overheads *o,
			   const struct rt_task *in, size_t n, bool migrate,
			   struct rt_task *out, struct rt_diag *d)
{
	rt_i128 sw = (rt_i128)o->schedule + o->context_switch;
	rt_i128 mig = migrate ? o->migration : 0;
	rt_i128 w, next, dmax = 0;

	for (size_t i = 0; i < n; i++) {
		if (in[i].arrival == RT_ARRIVAL_LIST)
			return rt_diagf(d, RT_ERR_UNSUPPORTED, "task %s: listed "
					"releases have no minimum separation "
					"to bound its release interrupts",
					in[i].name ? in[i].name : "?");
		if (in[i].nsuspend)
			return rt_diagf(d, RT_ERR_UNSUPPORTED, "task %s: "
					"overheads of self-suspending tasks "
					"are not analysed",
					in[i].name ? in[i].name : "?");
		if (in[i].deadline > dmax)
			dmax = in[i].deadline;
	}
	/* W: the longest backlog of overhead on a CPU, the least fixed
	 * point of w = (sched + cs + mig) + irq(w); past every deadline no
	 * task could be accepted anyway. */
	w = sw + mig;
	for (;;) {
		next = sw + mig + ovh_irq(o, in, n, w);
		if (next == w)
			break;
		if (next > dmax)
			return rt_diagf(d, RT_ERR_UNSUPPORTED, "overheads: the "
					"interrupt backlog exceeds every "
					"deadline (the interrupts alone "
					"saturate a CPU)");
		w = next;
	}
	for (size_t i = 0; i < n; i++) {
		rt_i128 c = (rt_i128)in[i].wcet + 3 * sw + 2 * mig +
			    ovh_irq(o, in, n, (rt_i128)in[i].deadline + w);

		if (c > RT_TIME_MAX)
			return rt_diagf(d, RT_ERR_OVERFLOW, "task %s: the "
					"inflated WCET overflows",
					in[i].name ? in[i].name : "?");
		out[i] = in[i];
		out[i].wcet = (rt_time)c;
	}
	return RT_OK;
}
