/* horizon.c - default simulation horizons (see horizon.h). */
#include "sim/horizon.h"

#include "models/analysis_uni.h"

const char *sim_horizon_source_name(enum sim_horizon_source s)
{
	switch (s) {
	case SIM_HORIZON_BUSY_PERIOD:   return "busy-period";
	case SIM_HORIZON_HYPERPERIOD:   return "hyperperiod";
	case SIM_HORIZON_CAPPED:        return "capped";
	case SIM_HORIZON_USER:          return "user";
	}
	return "?";
}

/*
 * The largest horizon releasing at most SIM_HORIZON_JOB_CAP jobs in total:
 * task i releases at most floor(H / T_i) + 1 jobs in [0, H), so
 * H = (cap / n - 1) * min T_i keeps the sum below the cap (conservative for
 * mixed periods, which only makes the default shorter).
 */
static rt_time horizon_cap(const struct rt_task *ts, size_t n)
{
	rt_time tmin = RT_TIME_MAX, h;
	uint64_t per = SIM_HORIZON_JOB_CAP / n;

	for (size_t i = 0; i < n; i++)
		if (ts[i].period < tmin)
			tmin = ts[i].period;
	if (per < 2)
		per = 2;
	if (!rt_time_mul((rt_time)(per - 1), tmin, &h))
		h = RT_TIME_MAX;
	return h;
}

/* lcm(T_i) + max first arrival (+ jitter) + max D; false on overflow. */
static bool horizon_hyperperiod(const struct rt_task *ts, size_t n, rt_time *out)
{
	rt_time l = 1, first = 0, dmax = 0, h;

	for (size_t i = 0; i < n; i++) {
		const struct rt_task *t = &ts[i];
		rt_time a = t->offset, g = (rt_time)rt_gcd64((uint64_t)l, (uint64_t)t->period);

		if (!rt_time_mul(l / g, t->period, &l))
			return false;
		if (t->arrival == RT_ARRIVAL_LIST)
			a = t->nreleases ? t->releases[t->nreleases - 1] : 0;
		if (!rt_time_add(a, t->jitter, &a))
			return false;
		if (a > first)
			first = a;
		if (t->deadline > dmax)
			dmax = t->deadline;
	}
	if (!rt_time_add(l, first, &h) || !rt_time_add(h, dmax, &h))
		return false;
	*out = h;
	return true;
}

enum rt_err sim_choose_horizon(const struct rt_task *ts, size_t n,
			       unsigned cpus, rt_time user,
			       struct sim_horizon *out, struct rt_diag *d)
{
	struct sim_horizon h = { .busy_period = RT_TIME_NEVER };
	bool sync = true, u_ok = false;
	rt_time cap, lb;

	if (n == 0)
		return rt_diagf(d, RT_ERR_INVAL, "no tasks to simulate");
	for (size_t i = 0; i < n; i++)
		sync = sync && rt_task_is_sync_periodic(&ts[i]);
	if (rt_uni_utilization_test(ts, n, &u_ok) != RT_OK)
		u_ok = false;
	if (u_ok && rt_uni_busy_period(ts, n, &lb) == RT_OK)
		h.busy_period = lb;
	cap = horizon_cap(ts, n);

	if (user != RT_TIME_NEVER) {
		h.horizon = user;
		h.source = SIM_HORIZON_USER;
		h.exact = cpus == 1 && sync && h.busy_period != RT_TIME_NEVER &&
			  user >= h.busy_period;
	} else if (cpus == 1 && sync && h.busy_period != RT_TIME_NEVER) {
		h.horizon = h.busy_period;
		h.source = SIM_HORIZON_BUSY_PERIOD;
		h.exact = true;
		if (h.horizon > cap) {
			h.horizon = cap;
			h.source = SIM_HORIZON_CAPPED;
			h.exact = false;
		}
	} else {
		rt_time hp;

		if (horizon_hyperperiod(ts, n, &hp) && hp <= cap) {
			h.horizon = hp;
			h.source = SIM_HORIZON_HYPERPERIOD;
		} else {
			h.horizon = cap;
			h.source = SIM_HORIZON_CAPPED;
		}
		h.exact = false;
	}
	*out = h;
	return RT_OK;
}
