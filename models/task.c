/* task.c - task defaults and invariant checks (kernel __checkparam_dl style:
 * each rule is stated in prose next to its check). */
#include "models/task.h"

#include "models/mem.h"

struct rt_task rt_task_make(const char *name, rt_time c, rt_time d, rt_time t)
{
	struct rt_task k = {
		.name = name, .wcet = c, .deadline = d, .period = t,
		.arrival = RT_ARRIVAL_PERIODIC, .exec = RT_EXEC_FIXED,
		.klass = RT_CLASS_HARD, .cpu = -1,
	};
	return k;
}

enum rt_err rt_tasks_check_cdt(const struct rt_task *ts, size_t n,
			       struct rt_diag *d)
{
	if (n && !ts)
		return rt_diagf(d, RT_ERR_INVAL, "no task array");
	for (size_t i = 0; i < n; i++)
		if (ts[i].wcet <= 0 || ts[i].deadline <= 0 || ts[i].period <= 0)
			return rt_diagf(d, RT_ERR_INVAL,
					"task %zu (%s): C, D and T must be > 0",
					i, ts[i].name ? ts[i].name : "?");
	return RT_OK;
}

enum rt_err rt_task_check(const struct rt_task *t, struct rt_diag *d)
{
	const char *n = t->name ? t->name : "?";

	/* C, D, T are strictly positive (D < C is legal: it must miss). */
	if (t->wcet <= 0)
		return rt_diagf(d, RT_ERR_INVAL, "task %s: C (runtime) must be > 0", n);
	if (t->deadline <= 0)
		return rt_diagf(d, RT_ERR_INVAL, "task %s: D (deadline) must be > 0", n);
	if (t->period <= 0)
		return rt_diagf(d, RT_ERR_INVAL, "task %s: T (period) must be > 0", n);
	/* offset and jitter are instants/spans, never negative */
	if (t->offset < 0)
		return rt_diagf(d, RT_ERR_INVAL, "task %s: offset must be >= 0", n);
	if (t->jitter < 0)
		return rt_diagf(d, RT_ERR_INVAL, "task %s: jitter must be >= 0", n);
	if (t->arrival == RT_ARRIVAL_SPORADIC && t->max_delay < 0)
		return rt_diagf(d, RT_ERR_INVAL, "task %s: max_delay must be >= 0", n);
	/* explicit releases: non-decreasing instants >= 0 */
	if (t->arrival == RT_ARRIVAL_LIST) {
		for (size_t k = 0; k < t->nreleases; k++) {
			if (t->releases[k] < 0)
				return rt_diagf(d, RT_ERR_INVAL,
						"task %s: releases[%zu] must be >= 0", n, k);
			if (k && t->releases[k] < t->releases[k - 1])
				return rt_diagf(d, RT_ERR_INVAL,
						"task %s: releases[%zu] is before releases[%zu]; "
						"releases must be non-decreasing", n, k, k - 1);
		}
	}
	/* suspension points: after > 0 strictly increasing, for > 0, and the
	 * oblivious C + sum of lengths representable (rt_task_oblivious) */
	for (size_t k = 0; k < t->nsuspend; k++) {
		const struct rt_suspend *p = &t->suspend[k];

		if (p->after <= 0)
			return rt_diagf(d, RT_ERR_INVAL,
					"task %s: suspend[%zu].after must be > 0", n, k);
		if (p->len <= 0)
			return rt_diagf(d, RT_ERR_INVAL,
					"task %s: suspend[%zu].for must be > 0", n, k);
		if (k && p->after <= t->suspend[k - 1].after)
			return rt_diagf(d, RT_ERR_INVAL,
					"task %s: suspend[%zu].after is not after "
					"suspend[%zu].after; points must be strictly "
					"increasing", n, k, k - 1);
	}
	if (t->nsections) {
		size_t bad, other;
		enum rt_err err = rt_sections_check(n, t->sections,
						    t->nsections, SIZE_MAX,
						    &bad, &other, d);

		if (err)
			return err;
	}
	if (t->nsuspend) {
		struct rt_task ob;
		enum rt_err err = rt_task_oblivious(t, &ob, d);

		if (err)
			return err;
	}
	/* execution demand: 0 < min <= max; list values > 0 */
	if (t->exec == RT_EXEC_UNIFORM &&
	    (t->exec_min <= 0 || t->exec_max < t->exec_min))
		return rt_diagf(d, RT_ERR_INVAL,
				"task %s: exec uniform needs 0 < min <= max", n);
	if (t->exec == RT_EXEC_LIST) {
		if (t->nexec_values == 0)
			return rt_diagf(d, RT_ERR_INVAL,
					"task %s: exec list needs at least one value", n);
		for (size_t k = 0; k < t->nexec_values; k++)
			if (t->exec_values[k] <= 0)
				return rt_diagf(d, RT_ERR_INVAL,
						"task %s: exec values[%zu] must be > 0", n, k);
	}
	/* every suspension point and every section lies within the demand
	 * of some job: a point at or after the largest demand, or a section
	 * ending past it, would be met by no job (a section may end at it:
	 * it is unlocked at the completion) */
	rt_time dmax = rt_task_max_demand(t, NULL);

	for (size_t k = 0; k < t->nsuspend; k++)
		if (t->suspend[k].after >= dmax)
			return rt_diagf(d, RT_ERR_INVAL, "task %s: suspend[%zu]"
					".after %lld is not before the largest "
					"demand of a job (%lld); no job would "
					"suspend there", n, k,
					(long long)t->suspend[k].after,
					(long long)dmax);
	for (size_t k = 0; k < t->nsections; k++)
		if (t->sections[k].after > dmax ||
		    t->sections[k].len > dmax - t->sections[k].after)
			return rt_diagf(d, RT_ERR_INVAL, "task %s: sections[%zu] "
					"ends past the largest demand of a job "
					"(%lld); expected after + for <= it", n,
					k, (long long)dmax);
	return RT_OK;
}

rt_time rt_task_max_demand(const struct rt_task *t, size_t *which)
{
	rt_time m = t->wcet;
	size_t w = 0;

	if (t->exec == RT_EXEC_UNIFORM)
		m = t->exec_max;
	if (t->exec == RT_EXEC_LIST && t->nexec_values) {
		m = t->exec_values[0];
		for (size_t k = 1; k < t->nexec_values; k++)
			if (t->exec_values[k] > m) {
				m = t->exec_values[k];
				w = k;
			}
	}
	if (which)
		*which = w;
	return m;
}

rt_time rt_task_analysed_demand(const struct rt_task *t, bool suspension)
{
	rt_time c = rt_task_max_demand(t, NULL), k = 1, run = 1;
	bool ok = true;

	if (c < t->wcet)
		c = t->wcet;
	for (size_t i = 0; suspension && i < t->nsuspend; i++)
		ok = ok && rt_time_add(c, t->suspend[i].len, &c);
	/* releases are non-decreasing (rt_task_check): equal ones are a run */
	for (size_t i = 1; t->arrival == RT_ARRIVAL_LIST && i < t->nreleases;
	     i++) {
		run = t->releases[i] == t->releases[i - 1] ? run + 1 : 1;
		if (run > k)
			k = run;
	}
	if (!ok || !rt_time_mul(c, k, &c))
		return t->deadline < RT_TIME_MAX ? t->deadline + 1 : RT_TIME_MAX;
	return c;
}

rt_time rt_task_analysed_period(const struct rt_task *t)
{
	rt_time p = t->period;

	for (size_t i = 1; t->arrival == RT_ARRIVAL_LIST && i < t->nreleases;
	     i++) {
		rt_time gap = t->releases[i] - t->releases[i - 1];

		if (gap > 0 && gap < p)
			p = gap;
	}
	return p;
}

enum rt_err rt_task_oblivious(const struct rt_task *t, struct rt_task *out,
			      struct rt_diag *d)
{
	rt_time c = t->wcet;

	for (size_t k = 0; k < t->nsuspend; k++)
		if (!rt_time_add(c, t->suspend[k].len, &c))
			return rt_diagf(d, RT_ERR_OVERFLOW, "task %s: C plus the "
					"suspension lengths overflows the time "
					"range", t->name ? t->name : "?");
	*out = *t;
	out->wcet = c;
	out->suspend = NULL;
	out->nsuspend = 0;
	return RT_OK;
}

enum rt_err rt_taskset_oblivious(const struct rt_task *ts, size_t n,
				 struct rt_task **out, struct rt_diag *d)
{
	struct rt_task *ob;
	size_t i;

	for (i = 0; i < n && !rt_task_suspends(&ts[i]); i++)
		;
	if (i == n) {
		*out = NULL;
		return RT_OK;
	}
	ob = rt_calloc(n, sizeof(*ob));
	if (!ob)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	for (i = 0; i < n; i++) {
		enum rt_err err = rt_task_oblivious(&ts[i], &ob[i], d);

		if (err != RT_OK) {
			rt_free(ob);
			return err;
		}
	}
	*out = ob;
	return RT_OK;
}

enum rt_err rt_task_analysable(const struct rt_task *t, bool fp,
			       struct rt_task *out, struct rt_diag *d)
{
	const char *n = t->name ? t->name : "?";
	struct rt_task v;
	enum rt_err err = rt_task_oblivious(t, &v, d);

	if (err)
		return err;
	v.wcet = rt_task_analysed_demand(t, true);
	v.period = rt_task_analysed_period(t);
	if (t->jitter > 0) {
		if (t->jitter >= v.deadline)
			return rt_diagf(d, RT_ERR_UNSUPPORTED, "task %s: jitter "
					"%lld leaves no time before its "
					"deadline", n, (long long)t->jitter);
		if (!fp)
			v.deadline -= t->jitter;
	}
	if (!fp)
		v.jitter = 0;
	v.arrival = RT_ARRIVAL_PERIODIC;
	v.releases = NULL;
	v.nreleases = 0;
	v.offset = 0;
	*out = v;
	return RT_OK;
}

bool rt_task_is_sporadic_conform(const struct rt_task *t)
{
	if (t->jitter != 0)
		return false;
	if (t->arrival == RT_ARRIVAL_LIST) {
		for (size_t k = 1; k < t->nreleases; k++)
			if (t->releases[k] - t->releases[k - 1] < t->period)
				return false;
	}
	if (t->exec == RT_EXEC_UNIFORM && t->exec_max > t->wcet)
		return false;
	if (t->exec == RT_EXEC_LIST) {
		for (size_t k = 0; k < t->nexec_values; k++)
			if (t->exec_values[k] > t->wcet)
				return false;
	}
	return true;
}

bool rt_task_is_sync_periodic(const struct rt_task *t)
{
	return t->offset == 0 && t->jitter == 0 &&
	       t->arrival == RT_ARRIVAL_PERIODIC && t->exec == RT_EXEC_FIXED;
}
