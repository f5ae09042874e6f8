/* analysis_fp_servers.c - fixed-priority systems with servers (see
 * analysis_fp_servers.h; docs/theory.md §E.8). */
#include "models/analysis_fp_servers.h"

#include "models/mem.h"

struct rt_task rt_fp_server_task(const struct rt_server *s)
{
	struct rt_task t = rt_task_make(s->name, s->budget_max, s->period,
					s->period);

	t.priority = s->priority;
	if (s->kind == RT_SERVER_DEFERRABLE)
		t.jitter = s->period - s->budget_max;
	return t;
}

rt_time rt_fp_served_bound(const struct rt_server *s, rt_time rs,
			   const struct rt_task *t)
{
	rt_time js = rt_fp_server_task(s).jitter, ws, r;

	if (rs == RT_TIME_NEVER || rs < js)
		return RT_TIME_NEVER;
	ws = rs - js;
	if (t->wcet > s->budget_max || ws > s->period ||
	    !rt_time_add(s->period, ws, &r) || r > t->period)
		return RT_TIME_NEVER;
	return r;
}

enum rt_err rt_fp_server_ranks(const struct rt_task *ts, size_t n,
			       const struct rt_server *sv, size_t ns,
			       const int32_t *task_server, enum rt_fp_order o,
			       uint32_t *rank, struct rt_diag *d)
{
	struct rt_task *all;
	uint32_t *r;
	enum rt_err err;

	for (size_t k = 0; k < ns; k++)
		if (o == RT_FP_EXPLICIT && !sv[k].has_priority)
			return rt_diagf(d, RT_ERR_INVAL, "server %s: priorities: "
					"explicit needs its priority",
					sv[k].name ? sv[k].name : "?");
	all = rt_calloc(n + ns ? n + ns : 1, sizeof(*all));
	r = rt_calloc(n + ns ? n + ns : 1, sizeof(*r));
	if (!all || !r) {
		rt_free(all);
		rt_free(r);
		return rt_diagf(d, RT_ERR_NOMEM, "fp: out of memory");
	}
	for (size_t i = 0; i < n; i++)
		all[i] = ts[i];
	for (size_t k = 0; k < ns; k++)
		all[n + k] = rt_fp_server_task(&sv[k]);
	err = rt_fp_ranks(all, n + ns, o, r, d);
	if (!err) {
		for (size_t i = 0; i < n + ns; i++)
			rank[i] = r[i];
		for (size_t i = 0; task_server && i < n; i++)
			if (task_server[i] >= 0)
				rank[i] = r[n + (size_t)task_server[i]];
	}
	rt_free(all);
	rt_free(r);
	return err;
}
