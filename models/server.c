/* server.c - CBS server parameters and the exact CBS rules (see server.h;
 * docs/theory.md §E.1-E.3, E.5).  Every rule states its formula; products of two
 * rt_time values are formed in 128 bits, so nothing here can overflow
 * except where a function says so. */
#include "models/server.h"

struct rt_server rt_server_make(const char *name, rt_time q, rt_time d,
				rt_time t)
{
	struct rt_server s = {
		.name = name, .kind = RT_SERVER_CBS, .budget_max = q,
		.deadline = d, .period = t, .reclaim = RT_RECLAIM_NONE,
	};
	return s;
}

const char *rt_server_kind_name(enum rt_server_kind k)
{
	switch (k) {
	case RT_SERVER_CBS:             return "cbs";
	case RT_SERVER_HARD_CBS:        return "hard-cbs";
	case RT_SERVER_REVISED_CBS:     return "revised-cbs";
	case RT_SERVER_POLLING:         return "polling";
	case RT_SERVER_DEFERRABLE:      return "deferrable";
	case RT_SERVER_SPORADIC:        return "sporadic";
	}
	return "?";
}

bool rt_server_is_fp(enum rt_server_kind k)
{
	return k == RT_SERVER_POLLING || k == RT_SERVER_DEFERRABLE ||
	       k == RT_SERVER_SPORADIC;
}

const char *rt_reclaim_name(enum rt_reclaim r)
{
	switch (r) {
	case RT_RECLAIM_NONE:   return "none";
	case RT_RECLAIM_GRUB:   return "grub";
	}
	return "?";
}

const char *rt_server_state_name(enum rt_server_state s)
{
	switch (s) {
	case RT_SRV_INACTIVE:                   return "inactive";
	case RT_SRV_ACTIVE_CONTENDING:          return "active-contending";
	case RT_SRV_ACTIVE_NON_CONTENDING:      return "active-non-contending";
	case RT_SRV_THROTTLED:                  return "throttled";
	}
	return "?";
}

enum rt_err rt_server_check(const struct rt_server *s, struct rt_diag *d)
{
	const char *n = s->name ? s->name : "?";

	/* Q, D, T are strictly positive */
	if (s->budget_max <= 0)
		return rt_diagf(d, RT_ERR_INVAL, "server %s: budget must be > 0",
				n);
	if (s->deadline <= 0)
		return rt_diagf(d, RT_ERR_INVAL, "server %s: deadline must be > "
				"0", n);
	if (s->period <= 0)
		return rt_diagf(d, RT_ERR_INVAL, "server %s: period must be > 0",
				n);
	/* budget <= deadline <= period: the budget must fit before the
	 * deadline, and the deadline within the period (constrained) */
	if (s->budget_max > s->deadline)
		return rt_diagf(d, RT_ERR_INVAL, "server %s: budget %lld > "
				"deadline %lld; expected budget <= deadline <= "
				"period", n, (long long)s->budget_max,
				(long long)s->deadline);
	if (s->deadline > s->period)
		return rt_diagf(d, RT_ERR_INVAL, "server %s: deadline %lld > "
				"period %lld; expected budget <= deadline <= "
				"period", n, (long long)s->deadline,
				(long long)s->period);
	if (s->kind != RT_SERVER_CBS && s->kind != RT_SERVER_HARD_CBS &&
	    s->kind != RT_SERVER_REVISED_CBS && !rt_server_is_fp(s->kind))
		return rt_diagf(d, RT_ERR_INVAL, "server %s: unknown kind %d", n,
				(int)s->kind);
	/* a fixed-priority server has no deadline of its own (D = T) and
	 * reclaims nothing */
	if (rt_server_is_fp(s->kind) && (s->deadline != s->period ||
					 s->reclaim != RT_RECLAIM_NONE))
		return rt_diagf(d, RT_ERR_INVAL, "server %s: a %s server takes "
				"no deadline and no reclaim", n,
				rt_server_kind_name(s->kind));
	if (s->reclaim != RT_RECLAIM_NONE && s->reclaim != RT_RECLAIM_GRUB)
		return rt_diagf(d, RT_ERR_INVAL, "server %s: unknown reclaim %d",
				n, (int)s->reclaim);
	return RT_OK;
}

bool rt_cbs_needs_new_deadline(rt_time q, rt_time d, rt_time t, rt_time Q,
			       rt_time T)
{
	/* q * T >= (d - t) * Q; d - t cannot overflow for d, t >= 0 */
	if (d <= t)
		return true;
	return (rt_i128)q * T >= (rt_i128)(d - t) * Q;
}

bool rt_cbs_overflow(rt_time q, rt_time d, rt_time t, rt_time Q, rt_time D)
{
	/* q * D > (d - t) * Q, for d > t */
	return (rt_i128)q * D > (rt_i128)(d - t) * Q;
}

rt_time rt_cbs_revised_budget(rt_time d, rt_time t, rt_time Q, rt_time D)
{
	/* floor(Q * (d - t) / D) <= Q * (d - t) / D; the callers only ask
	 * when q*D > (d-t)*Q for some q <= Q, i.e. d - t < D, so the result
	 * is < Q and fits. */
	rt_i128 v = (rt_i128)Q * (d - t) / D;

	return (rt_time)v;
}

bool rt_cbs_zero_lag(rt_time q, rt_time d, rt_time Q, rt_time T, rt_time *out)
{
	/* t0 = d - floor(q * T / Q): floor, not C's truncation, so that
	 * t0 is never earlier than the exact value for q < 0 either */
	rt_i128 num = (rt_i128)q * T;
	rt_i128 lag = num / Q - (num % Q != 0 && num < 0);
	rt_i128 t0 = (rt_i128)d - lag;

	if (t0 < INT64_MIN || t0 > RT_TIME_MAX)
		return false;
	*out = (rt_time)t0;
	return true;
}

uint64_t rt_server_bw_ceil(rt_time Q, rt_time T)
{
	rt_u128 num = (rt_u128)Q << 20;
	rt_u128 v = (num + (rt_u128)T - 1) / (rt_u128)T;

	return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;
}
