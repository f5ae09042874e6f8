/* horizon.c - default simulation horizons (see horizon.h). */
#include "sim/horizon.h"

#include <string.h>

#include "models/analysis_uni.h"
#include "models/mem.h"
#include "sim/policy.h"

const char *sim_horizon_source_name(enum sim_horizon_source s)
{
	switch (s) {
	case SIM_HORIZON_BUSY_PERIOD:   return "busy-period";
	case SIM_HORIZON_HYPERPERIOD:   return "hyperperiod";
	case SIM_HORIZON_CAPPED:        return "capped";
	case SIM_HORIZON_USER:          return "user";
	case SIM_HORIZON_BUSY_PERIOD_OVERHEADS:
		return "busy-period+overheads";
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

/* lcm(T_i), RT_TIME_NEVER on overflow. */
static rt_time horizon_lcm(const struct rt_task *ts, size_t n)
{
	rt_time l = 1;

	for (size_t i = 0; i < n; i++) {
		rt_time g = (rt_time)rt_gcd64((uint64_t)l, (uint64_t)ts[i].period);

		if (!rt_time_mul(l / g, ts[i].period, &l))
			return RT_TIME_NEVER;
	}
	return l;
}

/* lcm(T_i) + max first arrival (+ jitter) + max D; false on overflow. */
static bool horizon_hyperperiod(const struct rt_task *ts, size_t n, rt_time *out)
{
	rt_time l = horizon_lcm(ts, n), first = 0, dmax = 0, h;

	if (l == RT_TIME_NEVER)
		return false;
	for (size_t i = 0; i < n; i++) {
		const struct rt_task *t = &ts[i];
		rt_time a = t->offset;

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

/* The choice, given whether synchronous simulation over 'lb' (the busy
 * period, RT_TIME_NEVER if undefined) would be exact. */
static void horizon_pick(const struct rt_task *ts, size_t n, bool exactable,
			 rt_time lb, rt_time user, struct sim_horizon *out)
{
	struct sim_horizon h = { .busy_period = lb,
				 .hyperperiod = horizon_lcm(ts, n) };
	rt_time cap = horizon_cap(ts, n);

	if (user != RT_TIME_NEVER) {
		h.horizon = h.uncapped = user;
		h.source = SIM_HORIZON_USER;
		h.exact = exactable && lb != RT_TIME_NEVER && user >= lb;
	} else if (exactable && lb != RT_TIME_NEVER) {
		h.horizon = lb;
		h.source = SIM_HORIZON_BUSY_PERIOD;
		h.exact = true;
		h.uncapped = lb;
		if (h.horizon > cap) {
			h.horizon = cap;
			h.source = SIM_HORIZON_CAPPED;
			h.exact = false;
		}
	} else {
		rt_time hp;

		if (!horizon_hyperperiod(ts, n, &hp))
			hp = RT_TIME_NEVER;
		h.uncapped = hp;
		if (hp != RT_TIME_NEVER && hp <= cap) {
			h.horizon = hp;
			h.source = SIM_HORIZON_HYPERPERIOD;
		} else {
			h.horizon = cap;
			h.source = SIM_HORIZON_CAPPED;
		}
		h.exact = false;
	}
	*out = h;
}

static bool horizon_all_sync(const struct rt_task *ts, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!rt_task_is_sync_periodic(&ts[i]))
			return false;
	return true;
}

/* L_b of a task set with U <= 1, else RT_TIME_NEVER. */
static rt_time horizon_lb(const struct rt_task *ts, size_t n)
{
	bool u_ok = false;
	rt_time lb;

	if (rt_uni_utilization_test(ts, n, &u_ok) != RT_OK || !u_ok ||
	    rt_uni_busy_period(ts, n, &lb) != RT_OK)
		return RT_TIME_NEVER;
	return lb;
}

enum rt_err sim_choose_horizon(const struct rt_task *ts, size_t n,
			       unsigned cpus, rt_time user,
			       struct sim_horizon *out, struct rt_diag *d)
{
	if (n == 0)
		return rt_diagf(d, RT_ERR_INVAL, "no tasks to simulate");
	horizon_pick(ts, n, cpus == 1 && horizon_all_sync(ts, n),
		     horizon_lb(ts, n), user, out);
	return RT_OK;
}

enum rt_err sim_choose_horizon_partitioned(const struct rt_task *ts, size_t n,
					   unsigned cpus,
					   const unsigned *cpu_of,
					   rt_time user,
					   struct sim_horizon *out,
					   struct rt_diag *d)
{
	struct rt_task *sub;
	size_t *first;
	rt_time lb = 0;

	if (n == 0)
		return rt_diagf(d, RT_ERR_INVAL, "no tasks to simulate");
	if (!cpu_of)
		return sim_choose_horizon(ts, n, cpus, user, out, d);
	sub = rt_calloc(n, sizeof(*sub));
	first = rt_calloc((size_t)cpus + 1, sizeof(*first));
	if (!sub || !first) {
		rt_free(sub);
		rt_free(first);
		return rt_diagf(d, RT_ERR_NOMEM, "horizon: out of memory");
	}
	/* Counting sort by CPU: CPU c's tasks are sub[first[c]..first[c+1]). */
	for (size_t i = 0; i < n; i++) {
		if (cpu_of[i] >= cpus) {
			rt_free(sub);
			rt_free(first);
			return rt_diagf(d, RT_ERR_INVAL, "horizon: task %zu on "
					"CPU %u of %u", i, cpu_of[i], cpus);
		}
		first[cpu_of[i] + 1]++;
	}
	for (unsigned c = 0; c < cpus; c++)
		first[c + 1] += first[c];
	for (size_t i = 0; i < n; i++)
		sub[first[cpu_of[i]]++] = ts[i];
	for (unsigned c = cpus; c > 0; c--)
		first[c] = first[c - 1];
	first[0] = 0;
	for (unsigned c = 0; c < cpus && lb != RT_TIME_NEVER; c++) {
		size_t k = first[c + 1] - first[c];
		rt_time l = k ? horizon_lb(sub + first[c], k) : 0;

		if (l == RT_TIME_NEVER || l > lb)
			lb = l;
	}
	rt_free(sub);
	rt_free(first);
	horizon_pick(ts, n, horizon_all_sync(ts, n), lb ? lb : RT_TIME_NEVER,
		     user, out);
	return RT_OK;
}

/*
 * The task set the default horizon is taken over when the run charges
 * overheads o (sim/overhead.c, docs/theory.md §H.1): each job is counted
 * with the most the engine charges for it,
 *
 *     C'_i = C_i + rel + 2 (sched + cs) + mig_m
 *
 * (its release interrupt, its switch in and its switch out; mig_m = mig
 * with several CPUs, else 0: a preempted job's switch back in comes at
 * the instant the preempting job left, which one decision serves), and
 * the tick is a pseudo-task C = tck, T = D = 1/hz on every CPU (one on
 * each CPU of a partitioned run: cpu_of is extended to match).  *ts,
 * *cpu_of and *n are replaced by allocated copies the caller frees.
 * RT_ERR_OVERFLOW (naming the task), RT_ERR_NOMEM.
 */
static enum rt_err horizon_inflate(const struct sim_horizon_req *r,
				   const struct rt_task *in, size_t n,
				   struct rt_task **ts, unsigned **cpu_of,
				   size_t *nout, struct rt_diag *d)
{
	const struct rt_overheads *o = r->ovh;
	bool tick = o->tick > 0 && o->tick_period > 0;
	size_t nt = tick ? (r->cpu_of ? r->cpus : 1) : 0;
	rt_time per = 0;
	struct rt_task *out;
	unsigned *cl = NULL;
	enum rt_err err;

	if (!rt_time_add(o->schedule, o->context_switch, &per) ||
	    !rt_time_mul(per, 2, &per) ||
	    !rt_time_add(per, o->release, &per) ||
	    (r->cpus > 1 && !rt_time_add(per, o->migration, &per)))
		return rt_diagf(d, RT_ERR_OVERFLOW, "horizon: overheads per "
				"job out of range");
	out = rt_calloc(n + nt, sizeof(*out));
	if (r->cpu_of)
		cl = rt_calloc(n + nt, sizeof(*cl));
	if (!out || (r->cpu_of && !cl)) {
		err = rt_diagf(d, RT_ERR_NOMEM, "horizon: out of memory");
		goto fail;
	}
	for (size_t i = 0; i < n; i++) {
		out[i] = in[i];
		if (cl)
			cl[i] = r->cpu_of[i];
		if (!rt_time_add(in[i].wcet, per, &out[i].wcet)) {
			err = rt_diagf(d, RT_ERR_OVERFLOW, "horizon: task %s: "
				       "C with its overheads out of range",
				       in[i].name ? in[i].name : "?");
			goto fail;
		}
	}
	for (size_t k = 0; k < nt; k++) {
		out[n + k] = rt_task_make("tick", o->tick, o->tick_period,
					  o->tick_period);
		if (cl)
			cl[n + k] = (unsigned)k;
	}
	*ts = out;
	*cpu_of = cl;
	*nout = n + nt;
	return RT_OK;
fail:
	rt_free(out);
	rt_free(cl);
	return err;
}

/* The tasks with a late join's arrive_at added to the first arrival
 * (*out NULL when no task joins late), and *moves: some task joins late
 * or leaves.  RT_ERR_OVERFLOW names the task whose arrive_at + offset is
 * out of range. */
static enum rt_err horizon_joins(const struct sim_horizon_req *r,
				 struct rt_task **out, bool *moves,
				 struct rt_diag *d)
{
	struct rt_task *v = NULL;

	*out = NULL;
	*moves = false;
	for (size_t i = 0; r->leave_at && i < r->ntasks; i++)
		*moves = *moves || r->leave_at[i] != RT_TIME_NEVER;
	for (size_t i = 0; r->arrive_at && i < r->ntasks; i++) {
		if (!r->arrive_at[i])
			continue;
		*moves = true;
		if (r->tasks[i].arrival == RT_ARRIVAL_LIST)
			continue;       /* absolute instants */
		if (!v) {
			v = rt_calloc(r->ntasks, sizeof(*v));
			if (!v)
				return rt_diagf(d, RT_ERR_NOMEM,
						"out of memory");
			memcpy(v, r->tasks, r->ntasks * sizeof(*v));
		}
		if (!rt_time_add(v[i].offset, r->arrive_at[i], &v[i].offset)) {
			rt_free(v);
			return rt_diagf(d, RT_ERR_OVERFLOW, "task %s: "
					"arrive_at + offset out of range",
					r->tasks[i].name);
		}
	}
	*out = v;
	return RT_OK;
}

enum rt_err sim_horizon_for(const struct sim_horizon_req *r,
			    struct sim_horizon *out, struct rt_diag *d)
{
	const struct sim_policy_ops *ops = sim_policy_find(r->policy);
	struct rt_task *ob = NULL, *inf = NULL;
	unsigned *inf_cpu = NULL;
	const struct rt_task *ts;
	const unsigned *cpu_of = r->cpu_of;
	size_t n = r->ntasks;
	struct sim_horizon h;
	struct rt_task *joined = NULL;
	bool resv, suspends, sections = false, moves = false;
	bool ovh = r->ovh && rt_ovh_any(r->ovh);
	enum rt_err err;

	if (!ops)
		return rt_diagf(d, RT_ERR_INVAL, "unknown policy \"%s\"",
				r->policy ? r->policy : "");
	resv = r->servers || (ops->flags & SIM_POLICY_RESERVATIONS);
	err = horizon_joins(r, &joined, &moves, d);
	if (err != RT_OK)
		return err;
	err = rt_taskset_oblivious(joined ? joined : r->tasks, r->ntasks,
				   &ob, d);
	if (err != RT_OK) {
		rt_free(joined);
		return err;
	}
	ts = ob ? ob : joined ? joined : r->tasks;
	suspends = ob != NULL;
	if (ovh) {
		err = horizon_inflate(r, ts, n, &inf, &inf_cpu, &n, d);
		if (err != RT_OK) {
			rt_free(ob);
			rt_free(joined);
			return err;
		}
		ts = inf;
		cpu_of = inf_cpu;
	}
	if (cpu_of && !resv)
		err = sim_choose_horizon_partitioned(ts, n, r->cpus, cpu_of,
						     r->user, &h, d);
	else    /* reservations, slower CPUs: the hyperperiod rule */
		err = sim_choose_horizon(ts, n, resv || r->slow ? 2 : r->cpus,
					 r->user, &h, d);
	rt_free(ob);
	rt_free(joined);
	rt_free(inf);
	rt_free(inf_cpu);
	if (err != RT_OK)
		return err;
	if (ovh && h.source == SIM_HORIZON_BUSY_PERIOD)
		h.source = SIM_HORIZON_BUSY_PERIOD_OVERHEADS;
	/* servers: the synchronous release is not proven worst-case (a
	 * deferrable server's back-to-back hit, a polling server's phase) */
	/* shared resources: a critical section of a lower-priority job
	 * in progress at a release blocks it, and the synchronous release
	 * need not be the worst phasing (docs/theory.md "L. Resources") */
	for (size_t i = 0; i < r->ntasks && !sections; i++)
		sections = r->tasks[i].nsections > 0;
	if (suspends || sections || moves || r->overheads || r->servers ||
	    r->slow ||
	    !(ops->flags & SIM_POLICY_CRITICAL_INSTANT))
		h.exact = false;
	*out = h;
	return RT_OK;
}
