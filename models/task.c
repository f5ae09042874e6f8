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

/* *s = the sum of t's suspension lengths; false if it overflows. */
static bool susp_sum(const struct rt_task *t, rt_time *s)
{
	rt_time sum = 0;

	for (size_t k = 0; k < t->nsuspend; k++)
		if (!rt_time_add(sum, t->suspend[k].len, &sum))
			return false;
	*s = sum;
	return true;
}

/* The sum S of t's suspension lengths, after checking that S, C + S
 * and every exec value + S fit in rt_time (the suspension-oblivious task
 * has them; values below the largest fit when it does).  RT_ERR_OVERFLOW
 * naming the task and the field otherwise, *s untouched. */
static enum rt_err oblivious_total(const struct rt_task *t, rt_time *s,
				   struct rt_diag *d)
{
	const char *n = t->name ? t->name : "?";
	rt_time sum, x;
	size_t w;

	if (!susp_sum(t, &sum))
		return rt_diagf(d, RT_ERR_OVERFLOW, "task %s: the suspension "
				"lengths overflow the time range", n);
	if (!rt_time_add(t->wcet, sum, &x))
		return rt_diagf(d, RT_ERR_OVERFLOW, "task %s: C plus the "
				"suspension lengths overflows the time "
				"range", n);
	x = rt_task_max_demand(t, &w);
	if (t->exec == RT_EXEC_UNIFORM && (!rt_time_add(x, sum, &x) ||
	    !rt_time_add(t->exec_min, sum, &x)))
		return rt_diagf(d, RT_ERR_OVERFLOW, "task %s: exec max plus "
				"the suspension lengths overflows the time "
				"range", n);
	if (t->exec == RT_EXEC_LIST && !rt_time_add(x, sum, &x))
		return rt_diagf(d, RT_ERR_OVERFLOW, "task %s: exec values[%zu] "
				"plus the suspension lengths overflows the "
				"time range", n, w);
	*s = sum;
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
	 * oblivious C and exec values (each + the sum of lengths)
	 * representable (rt_task_oblivious) */
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
		rt_time sum;
		enum rt_err err = oblivious_total(t, &sum, d);

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
	rt_time c = rt_task_max_demand(t, NULL), k = 1, run = 1, s;
	bool ok = true;

	if (c < t->wcet)
		c = t->wcet;
	if (suspension)
		ok = susp_sum(t, &s) && rt_time_add(c, s, &c);
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

size_t rt_task_oblivious_nvals(const struct rt_task *t)
{
	return rt_task_suspends(t) && t->exec == RT_EXEC_LIST ?
	       t->nexec_values : 0;
}

enum rt_err rt_task_oblivious(const struct rt_task *t, struct rt_task *out,
			      rt_time *vals, struct rt_diag *d)
{
	size_t nv = rt_task_oblivious_nvals(t);
	rt_time s = 0;
	enum rt_err err;

	if (nv && !vals)
		return rt_diagf(d, RT_ERR_INVAL, "task %s: no room for the "
				"suspension-oblivious exec values",
				t->name ? t->name : "?");
	err = oblivious_total(t, &s, d);
	if (err)
		return err;
	/* no overflow below: oblivious_total checked C + S, max + S (and
	 * min + S), and every listed value is <= the largest */
	*out = *t;
	out->wcet = t->wcet + s;
	if (t->exec == RT_EXEC_UNIFORM) {
		out->exec_min = t->exec_min + s;
		out->exec_max = t->exec_max + s;
	}
	for (size_t k = 0; k < nv; k++)
		vals[k] = t->exec_values[k] + s;
	if (nv)
		out->exec_values = vals;
	out->suspend = NULL;
	out->nsuspend = 0;
	return RT_OK;
}

enum rt_err rt_taskset_oblivious(const struct rt_task *ts, size_t n,
				 struct rt_task **out, struct rt_diag *d)
{
	struct rt_task *ob;
	rt_time *vals;
	size_t i, nv = 0;

	for (i = 0; i < n && !rt_task_suspends(&ts[i]); i++)
		;
	if (i == n) {
		*out = NULL;
		return RT_OK;
	}
	/* one block: the n tasks, then their oblivious exec values (an
	 * rt_time array after rt_task structs, which hold rt_time fields,
	 * is aligned); each count is bounded by an allocated array's */
	for (i = 0; i < n; i++) {
		size_t k = rt_task_oblivious_nvals(&ts[i]);

		if (k > SIZE_MAX / sizeof(*vals) / 2 - nv)
			return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
		nv += k;
	}
	if (n > (SIZE_MAX - nv * sizeof(*vals)) / sizeof(*ob))
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	ob = rt_calloc(1, n * sizeof(*ob) + nv * sizeof(*vals));
	if (!ob)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	vals = (rt_time *)(ob + n);
	for (i = 0; i < n; i++) {
		enum rt_err err = rt_task_oblivious(&ts[i], &ob[i], vals, d);

		if (err != RT_OK) {
			rt_free(ob);
			return err;
		}
		vals += rt_task_oblivious_nvals(&ts[i]);
	}
	*out = ob;
	return RT_OK;
}

enum rt_err rt_task_analysable(const struct rt_task *t, bool fp,
			       struct rt_task *out, struct rt_diag *d)
{
	const char *n = t->name ? t->name : "?";
	struct rt_task v = *t;
	rt_time s;
	enum rt_err err = oblivious_total(t, &s, d);

	if (err)
		return err;
	/* every job demands at most C' (suspension counted as execution):
	 * a sporadic task with the fixed demand C' */
	v.wcet = rt_task_analysed_demand(t, true);
	v.exec = RT_EXEC_FIXED;
	v.exec_min = v.exec_max = 0;
	v.exec_values = NULL;
	v.nexec_values = 0;
	v.suspend = NULL;
	v.nsuspend = 0;
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

bool rt_task_analysis_tight(const struct rt_task *t)
{
	rt_time top = rt_task_max_demand(t, NULL);

	if (t->arrival == RT_ARRIVAL_LIST)
		for (size_t k = 1; k < t->nreleases; k++)
			if (t->releases[k] - t->releases[k - 1] < t->period)
				return false;
	if (t->exec != RT_EXEC_LIST || top <= t->wcet)
		return true;
	for (size_t k = 0; k < t->nexec_values; k++)
		if (t->exec_values[k] != top)
			return false;
	return true;
}

bool rt_task_is_sync_periodic(const struct rt_task *t)
{
	return t->offset == 0 && t->jitter == 0 &&
	       t->arrival == RT_ARRIVAL_PERIODIC && t->exec == RT_EXEC_FIXED;
}
