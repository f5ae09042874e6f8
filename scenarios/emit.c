/* emit.c - a task set written out as a scenario file (exp.h). */
#include "scenarios/exp.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "models/mem.h"
#include "scenarios/internal.h"
#include "scenarios/scn.h"

struct emit_buf {
	char *s;
	size_t len, cap;
	bool oom;
};

static void emit_put(struct emit_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void emit_put(struct emit_buf *b, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (b->oom)
		return;
	va_start(ap, fmt);
	w = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0,
		      fmt, ap);
	va_end(ap);
	if (w < 0) {
		b->oom = true;
		return;
	}
	if (!b->s || b->len + (size_t)w >= b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		char *s;

		while (cap <= b->len + (size_t)w)
			cap *= 2;
		s = rt_realloc(b->s, cap);
		if (!s) {
			b->oom = true;
			return;
		}
		b->s = s;
		b->cap = cap;
		va_start(ap, fmt);
		vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
		va_end(ap);
	}
	b->len += (size_t)w;
}

enum rt_err scn_emit_scenario(const struct scn_emit *e, char **out,
			      size_t *len, struct rt_diag *d)
{
	struct emit_buf b = { NULL, 0, 0, false };
	bool fp = scn_policy_model(e->policy) == RT_AN_FP;

	if (e->comment) {
		const char *p = e->comment;

		while (*p) {
			const char *nl = strchr(p, '\n');
			size_t l = nl ? (size_t)(nl - p) : strlen(p);

			emit_put(&b, "#%s%.*s\n", l ? " " : "", (int)l, p);
			p += l + (nl ? 1 : 0);
		}
	}
	emit_put(&b, "format: 1\nname: %s\ntime_unit: %s\n", e->name,
		 e->time_unit ? e->time_unit : "tick");
	emit_put(&b, "platform: { cpus: %u }\nscheduler:\n  policy: %s\n",
		 e->cpus, e->policy);
	if (e->kernel)
		emit_put(&b, "  kernel: \"%s\"\n", e->kernel);
	if (fp)
		emit_put(&b, "  priorities: %s\n", rt_fp_order_name(e->priorities));
	if (e->cpus > 1 && e->placement == RT_EXP_PLACE_PARTITIONED)
		emit_put(&b, "  placement: partitioned\n  partitioning: %s\n",
			 rt_part_name(e->partitioning));
	else if (e->cpus > 1 && e->placement == RT_EXP_PLACE_CLUSTERED)
		emit_put(&b, "  placement: clustered\n  cluster_size: %u\n"
			 "  partitioning: %s\n", e->cluster_size,
			 rt_part_name(e->partitioning));
	if (e->servers) {
		emit_put(&b, "servers:\n");
		for (size_t i = 0; i < e->ntasks; i++)
			emit_put(&b, "  - { name: s%zu, kind: %s, budget: %lld, "
				 "deadline: %lld, period: %lld }\n", i,
				 rt_server_kind_name(e->servers[i].kind),
				 (long long)e->servers[i].budget_max,
				 (long long)e->servers[i].deadline,
				 (long long)e->servers[i].period);
	}
	emit_put(&b, "tasks:\n");
	for (size_t i = 0; i < e->ntasks; i++) {
		emit_put(&b, "  - { name: t%zu, C: %lld, D: %lld, T: %lld", i,
			 (long long)e->tasks[i].wcet,
			 (long long)e->tasks[i].deadline,
			 (long long)e->tasks[i].period);
		if (e->servers)
			emit_put(&b, ", server: s%zu", i);
		if (e->demand && e->demand[i] != e->tasks[i].wcet)
			emit_put(&b, ", exec: { model: list, values: [%lld] }",
				 (long long)e->demand[i]);
		emit_put(&b, " }\n");
	}
	if (b.oom) {
		rt_free(b.s);
		return rt_diagf(d, RT_ERR_NOMEM, "scenario text: out of memory");
	}
	*out = b.s;
	*len = b.len;
	return RT_OK;
}

enum rt_err scn_exp_scenario(const struct rt_exp *x, size_t p, uint64_t s,
			     const struct rt_task *ts, char **out, size_t *len,
			     struct rt_diag *d)
{
	char name[SCN_MAX_NAME + 1], comment[512];
	struct scn_emit e;
	struct rt_exp v;

	rt_exp_at(x, p, &v);            /* this point's tasks and CPUs */
	x = &v;
	snprintf(name, sizeof(name), "%.200s-p%zu-s%llu", x->name, p,
		 (unsigned long long)s);
	snprintf(comment, sizeof(comment),
		 "%s.yaml - task set %zu:%llu of experiment %s\n"
		 "(hash %016llx, seed %llu: dlsim experiment EXP.yaml --item "
		 "%zu:%llu)\ntarget U = %.6g, realised U = sum C/T = %.6g "
		 "(C = ceil(u T))", name, p, (unsigned long long)s, x->name,
		 (unsigned long long)rt_exp_hash(x),
		 (unsigned long long)x->seed, p, (unsigned long long)s,
		 rt_exp_point_total(x, p), rt_gen_realised(ts, x->gen.ntasks));
	memset(&e, 0, sizeof(e));
	e.name = name;
	e.comment = comment;
	e.cpus = x->cpus;
	e.policy = x->policy;
	e.placement = x->placement;
	e.cluster_size = x->cluster_size;
	e.partitioning = x->partitioning;
	e.priorities = x->priorities;
	e.tasks = ts;
	e.ntasks = x->gen.ntasks;
	if (strcmp(x->time_unit, "tick"))
		e.time_unit = "ns";
	if (x->model == RT_AN_LINUX_DL) {   /* runtime Q, jobs demand C */
		struct rt_task *rs = rt_calloc(e.ntasks, sizeof(*rs));
		rt_time *c = rt_calloc(e.ntasks, sizeof(*c));
		enum rt_err err;

		if (!rs || !c) {
			rt_free(rs);
			rt_free(c);
			return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
		}
		rt_exp_reservations(x, ts, rs);
		for (size_t i = 0; i < e.ntasks; i++)
			c[i] = ts[i].wcet;
		e.tasks = rs;
		e.demand = c;
		e.kernel = x->kernel;
		err = scn_emit_scenario(&e, out, len, d);
		rt_free(rs);
		rt_free(c);
		return err;
	}
	if (x->model == RT_AN_CBS) {
		struct rt_server *sv = rt_calloc(e.ntasks, sizeof(*sv));
		int32_t *map = rt_calloc(e.ntasks, sizeof(*map));
		enum rt_err err;

		if (!sv || !map) {
			rt_free(sv);
			rt_free(map);
			return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
		}
		rt_exp_servers(x, ts, sv, map);
		e.servers = sv;
		err = scn_emit_scenario(&e, out, len, d);
		rt_free(sv);
		rt_free(map);
		return err;
	}
	return scn_emit_scenario(&e, out, len, d);
}
