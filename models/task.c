/* task.c - task defaults and invariant checks (kernel __checkparam_dl style:
 * each rule is stated in prose next to its check). */
#include "models/task.h"

struct rt_task rt_task_make(const char *name, rt_time c, rt_time d, rt_time t)
{
	struct rt_task k = {
		.name = name, .wcet = c, .deadline = d, .period = t,
		.arrival = RT_ARRIVAL_PERIODIC, .exec = RT_EXEC_FIXED,
		.klass = RT_CLASS_HARD, .cpu = -1,
	};
	return k;
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
