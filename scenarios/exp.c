/* exp.c - the experiment loader (exp.h).
 *
 * libyaml composes the whole document (yaml_parser_load); the schema is
 * walked by hand, three levels deep at most, so every value still has its
 * start mark for messages and nothing deeper (or recursive, through an
 * alias) is ever followed.  Every scalar is parsed strictly here: no
 * silent truncation of "1.5" to 1, utilizations kept as exact decimals
 * (millionths).
 */
#include "scenarios/exp.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "models/mem.h"
#include "scenarios/internal.h"

struct xl {
	const char *file;
	yaml_document_t doc;
	struct rt_diag *d;
};

static enum rt_err xl_fail(const struct xl *c, const yaml_node_t *n,
			   const char *field, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static enum rt_err xl_fail(const struct xl *c, const yaml_node_t *n,
			   const char *field, const char *fmt, ...)
{
	char what[RT_DIAG_MAX], pos[48] = "";
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (n)
		snprintf(pos, sizeof(pos), ":%zu:%zu", n->start_mark.line + 1,
			 n->start_mark.column + 1);
	return rt_diagf(c->d, RT_ERR_PARSE, "%s%s: %s%s%s", c->file, pos, field,
			*field ? ": " : "", what);
}

static const char *xl_kind(const yaml_node_t *n)
{
	switch (n->type) {
	case YAML_SCALAR_NODE:
		return "a single value";
	case YAML_SEQUENCE_NODE:
		return "a list";
	case YAML_MAPPING_NODE:
		return "a mapping";
	default:
		return "nothing";
	}
}

/* A key that needs no quotes in a message. */
static bool xl_plain(const char *k)
{
	if (!*k || strlen(k) > 60)
		return false;
	for (; *k; k++)
		if (!((*k >= 'a' && *k <= 'z') || (*k >= 'A' && *k <= 'Z') ||
		      (*k >= '0' && *k <= '9') || *k == '_' || *k == '-'))
			return false;
	return true;
}

/* The mapping n (at 'path') with keys among keys[0..nk): vals[i] is the
 * value of keys[i] or NULL.  Unknown or repeated keys are errors. */
static enum rt_err xl_map(const struct xl *c, yaml_node_t *n, const char *path,
			  const char *const *keys, size_t nk, yaml_node_t **vals)
{
	char list[512];
	size_t o = 0;

	for (size_t i = 0; i < nk; i++) {
		vals[i] = NULL;
		o += (size_t)snprintf(list + o, o < sizeof(list) ? sizeof(list) - o
						: 0, "%s%s", i ? ", " : "", keys[i]);
		if (o >= sizeof(list))
			o = sizeof(list) - 1;
	}
	if (n->type != YAML_MAPPING_NODE)
		return xl_fail(c, n, path, "got %s; expected a mapping with: %s",
			       xl_kind(n), list);
	for (yaml_node_pair_t *pr = n->data.mapping.pairs.start;
	     pr < n->data.mapping.pairs.top; pr++) {
		yaml_node_t *k = yaml_document_get_node((yaml_document_t *)&c->doc,
							pr->key);
		yaml_node_t *v = yaml_document_get_node((yaml_document_t *)&c->doc,
							pr->value);
		char full[160], q[72];
		size_t i;

		if (!k || !v || k->type != YAML_SCALAR_NODE)
			return xl_fail(c, k, path, "a key that is not a plain "
				       "value; expected key: value");
		for (i = 0; i < nk; i++)
			if (!strcmp((const char *)k->data.scalar.value, keys[i]))
				break;
		if (xl_plain((const char *)k->data.scalar.value))
			snprintf(q, sizeof(q), "%s",
				 (const char *)k->data.scalar.value);
		else
			scn_quote(q, sizeof(q),
				  (const char *)k->data.scalar.value);
		snprintf(full, sizeof(full), "%s%s%s", path, *path ? "." : "",
			 i < nk ? keys[i] : q);
		if (i == nk)
			return xl_fail(c, k, full, "unknown key; expected one "
				       "of: %s", list);
		if (vals[i])
			return xl_fail(c, k, full, "given twice; each key may "
				       "appear once");
		vals[i] = v;
	}
	return RT_OK;
}

static enum rt_err xl_str(const struct xl *c, const yaml_node_t *n,
			  const char *field, const char **out)
{
	*out = "";
	if (n->type != YAML_SCALAR_NODE)
		return xl_fail(c, n, field, "got %s; expected a single value",
			       xl_kind(n));
	*out = (const char *)n->data.scalar.value;
	return RT_OK;
}

static enum rt_err xl_int(const struct xl *c, const yaml_node_t *n,
			  const char *field, int64_t min, int64_t max,
			  int64_t *out)
{
	struct rt_diag why;
	const char *s;
	enum rt_err err = xl_str(c, n, field, &s);

	if (err)
		return err;
	if (scn_parse_int(s, min, max, out, &why))
		return xl_fail(c, n, field, "%s", why.msg);
	return RT_OK;
}

static enum rt_err xl_bool(const struct xl *c, const yaml_node_t *n,
			   const char *field, bool *out)
{
	const char *s;
	enum rt_err err = xl_str(c, n, field, &s);
	char q[72];

	if (err)
		return err;
	if (!strcmp(s, "true") || !strcmp(s, "yes")) {
		*out = true;
	} else if (!strcmp(s, "false") || !strcmp(s, "no")) {
		*out = false;
	} else {
		scn_quote(q, sizeof(q), s);
		return xl_fail(c, n, field, "%s; expected true or false", q);
	}
	return RT_OK;
}

/* A finite decimal number (strtod over the whole string). */
static enum rt_err xl_double(const struct xl *c, const yaml_node_t *n,
			     const char *field, double *out)
{
	const char *s;
	enum rt_err err = xl_str(c, n, field, &s);
	char *end, q[72];
	double v;

	if (err)
		return err;
	errno = 0;
	v = strtod(s, &end);
	if (!*s || *end || errno || !isfinite(v)) {
		scn_quote(q, sizeof(q), s);
		return xl_fail(c, n, field, "%s is not a number; expected e.g. "
			       "0.5", q);
	}
	*out = v;
	return RT_OK;
}

/* A decimal >= 0 with at most 6 fraction digits, in millionths. */
static enum rt_err xl_micro(const struct xl *c, const yaml_node_t *n,
			    const char *field, int64_t *out)
{
	const char *s, *p;
	int64_t ip = 0, fp = 0;
	int nf = 0;
	char q[72];
	enum rt_err err = xl_str(c, n, field, &s);

	if (err)
		return err;
	p = s;
	if (*p < '0' || *p > '9')
		goto bad;
	for (; *p >= '0' && *p <= '9'; p++) {
		ip = ip * 10 + (*p - '0');
		if (ip > 1000000000)
			goto bad;
	}
	if (*p == '.') {
		for (p++; *p >= '0' && *p <= '9'; p++) {
			if (++nf > 6)
				goto bad;
			fp = fp * 10 + (*p - '0');
		}
	}
	if (*p)
		goto bad;
	for (; nf < 6; nf++)
		fp *= 10;
	*out = ip * RT_EXP_UNIT + fp;
	return RT_OK;
bad:
	scn_quote(q, sizeof(q), s);
	return xl_fail(c, n, field, "%s; expected a decimal >= 0 with at most "
		       "6 digits after the point", q);
}

static enum rt_err xl_enum(const struct xl *c, const yaml_node_t *n,
			   const char *field, bool (*find)(const char *, int *),
			   const char *valid, int *out)
{
	const char *s;
	char q[72];
	enum rt_err err = xl_str(c, n, field, &s);

	if (err)
		return err;
	if (!find(s, out)) {
		scn_quote(q, sizeof(q), s);
		return xl_fail(c, n, field, "%s; expected one of: %s", q, valid);
	}
	return RT_OK;
}

static bool find_method(const char *s, int *o)
{
	enum rt_gen_method m;

	if (!rt_gen_method_from_name(s, &m))
		return false;
	*o = (int)m;
	return true;
}

static bool find_periods(const char *s, int *o)
{
	enum rt_gen_periods m;

	if (!rt_gen_periods_from_name(s, &m))
		return false;
	*o = (int)m;
	return true;
}

static bool find_deadlines(const char *s, int *o)
{
	enum rt_gen_deadlines m;

	if (!rt_gen_deadlines_from_name(s, &m))
		return false;
	*o = (int)m;
	return true;
}

static const char *const xl_policies[] = { "edf", "fp", "cbs" };

static bool find_policy(const char *s, int *o)
{
	*o = -1;
	for (int i = 0; i < 3; i++)
		if (!strcmp(s, xl_policies[i]))
			*o = i;
	return *o >= 0;
}

static bool find_kind(const char *s, int *o)
{
	static const enum rt_server_kind k[] = { RT_SERVER_CBS,
						 RT_SERVER_HARD_CBS,
						 RT_SERVER_REVISED_CBS };

	*o = -1;
	for (int i = 0; i < 3; i++)
		if (!strcmp(s, rt_server_kind_name(k[i])))
			*o = (int)k[i];
	return *o >= 0;
}

/* reservation: {kind, budget_factor, period_divisor} (policy cbs) */
static enum rt_err xl_reservation(const struct xl *c, yaml_node_t *n,
				  struct rt_exp *x)
{
	static const char *const keys[] = { "kind", "budget_factor",
					    "period_divisor" };
	yaml_node_t *v[3];
	enum rt_err err = xl_map(c, n, "reservation", keys, 3, v);
	int64_t k;
	int e;

	if (err)
		return err;
	if (strcmp(x->policy, "cbs"))
		return xl_fail(c, n, "reservation", "only with scheduler.policy: "
			       "cbs");
	if (v[0] && (err = xl_enum(c, v[0], "reservation.kind", find_kind,
				   "cbs, hard-cbs, revised-cbs", &e)))
		return err;
	if (v[0])
		x->server_kind = (enum rt_server_kind)e;
	if (v[1] && (err = xl_double(c, v[1], "reservation.budget_factor",
				     &x->budget_factor)))
		return err;
	if (!(x->budget_factor >= 1e-6 && x->budget_factor <= 1e6))
		return xl_fail(c, v[1], "reservation.budget_factor", "%g; "
			       "expected 1e-6 .. 1e6", x->budget_factor);
	if (v[2] && (err = xl_int(c, v[2], "reservation.period_divisor", 1,
				  1000000, &k)))
		return err;
	if (v[2])
		x->period_divisor = (unsigned)k;
	return RT_OK;
}

static bool find_placement(const char *s, int *o)
{
	*o = !strcmp(s, "global") ? RT_EXP_PLACE_GLOBAL :
	     !strcmp(s, "partitioned") ? RT_EXP_PLACE_PARTITIONED :
	     !strcmp(s, "clustered") ? RT_EXP_PLACE_CLUSTERED : -1;
	return *o >= 0;
}

static bool find_part(const char *s, int *o)
{
	enum rt_part_heuristic h;

	if (!rt_part_find(s, &h))
		return false;
	*o = (int)h;
	return true;
}

static bool find_order(const char *s, int *o)
{
	enum rt_fp_order h;

	if (!rt_fp_order_find(s, &h))
		return false;
	*o = (int)h;
	return true;
}

static char *xl_dup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = rt_malloc(n);

	if (p)
		memcpy(p, s, n);
	return p;
}

/* ---- the sections ---------------------------------------------------------- */

static enum rt_err xl_scheduler(const struct xl *c, yaml_node_t *n,
				struct rt_exp *x)
{
	static const char *const keys[] = { "policy", "placement",
					    "cluster_size", "partitioning",
					    "priorities" };
	yaml_node_t *v[5];
	enum rt_err err = xl_map(c, n, "scheduler", keys, 5, v);
	int64_t k;
	int e;

	if (err)
		return err;
	if (v[0]) {
		err = xl_enum(c, v[0], "scheduler.policy", find_policy,
			      "edf, fp, cbs", &e);
		if (err)
			return err;
		rt_free(x->policy);
		x->policy = xl_dup(xl_policies[e]);
		if (!x->policy)
			return rt_diagf(c->d, RT_ERR_NOMEM, "out of memory");
	}
	if (v[1] && (err = xl_enum(c, v[1], "scheduler.placement",
				   find_placement,
				   "global, partitioned, clustered", &e)))
		return err;
	if (v[1])
		x->placement = (enum rt_exp_placement)e;
	x->cluster_size = x->placement == RT_EXP_PLACE_GLOBAL ? x->cpus :
			  x->placement == RT_EXP_PLACE_PARTITIONED ? 1 : 0;
	if (v[2]) {
		if (x->placement != RT_EXP_PLACE_CLUSTERED)
			return xl_fail(c, v[2], "scheduler.cluster_size",
				       "only with placement: clustered");
		err = xl_int(c, v[2], "scheduler.cluster_size", 1, x->cpus, &k);
		if (err)
			return err;
		if (x->cpus % (unsigned)k)
			return xl_fail(c, v[2], "scheduler.cluster_size",
				       "%lld does not divide cpus = %u",
				       (long long)k, x->cpus);
		x->cluster_size = (unsigned)k;
	} else if (x->placement == RT_EXP_PLACE_CLUSTERED) {
		return xl_fail(c, n, "scheduler", "placement: clustered needs "
			       "cluster_size");
	}
	if (v[3] && (err = xl_enum(c, v[3], "scheduler.partitioning", find_part,
				   "first-fit, best-fit, worst-fit, and their "
				   "-decreasing and -decreasing-density forms",
				   &e)))
		return err;
	if (v[3])
		x->partitioning = (enum rt_part_heuristic)e;
	if (v[4] && (err = xl_enum(c, v[4], "scheduler.priorities", find_order,
				   "deadline-monotonic, rate-monotonic, "
				   "explicit", &e)))
		return err;
	if (v[4])
		x->priorities = (enum rt_fp_order)e;
	return RT_OK;
}

static enum rt_err xl_periods(const struct xl *c, yaml_node_t *n,
			      struct rt_gen_params *g)
{
	static const char *const keys[] = { "dist", "min", "max",
					    "granularity", "values" };
	yaml_node_t *v[5];
	enum rt_err err = xl_map(c, n, "generator.periods", keys, 5, v);
	int64_t a;
	int e;

	if (err)
		return err;
	if (!v[0])
		return xl_fail(c, n, "generator.periods", "missing dist; "
			       "expected log-uniform, uniform or set");
	err = xl_enum(c, v[0], "generator.periods.dist", find_periods,
		      "log-uniform, uniform, set", &e);
	if (err)
		return err;
	g->periods = (enum rt_gen_periods)e;
	if (g->periods == RT_GEN_PERIODS_SET) {
		rt_time *set;
		size_t cnt;

		if (!v[4] || v[4]->type != YAML_SEQUENCE_NODE ||
		    v[4]->data.sequence.items.top ==
		    v[4]->data.sequence.items.start)
			return xl_fail(c, v[4] ? v[4] : n,
				       "generator.periods.values",
				       "expected a non-empty list of periods "
				       "with dist: set");
		for (size_t i = 1; i < 4; i++)
			if (v[i])
				return xl_fail(c, v[i], "generator.periods",
					       "%s is for log-uniform and "
					       "uniform; dist: set takes values",
					       keys[i]);
		cnt = (size_t)(v[4]->data.sequence.items.top -
			       v[4]->data.sequence.items.start);
		set = rt_calloc(cnt, sizeof(*set));
		if (!set)
			return rt_diagf(c->d, RT_ERR_NOMEM, "out of memory");
		g->pset = set;
		g->npset = cnt;
		for (size_t i = 0; i < cnt; i++) {
			yaml_node_t *it = yaml_document_get_node(
				(yaml_document_t *)&c->doc,
				v[4]->data.sequence.items.start[i]);
			char f[64];

			snprintf(f, sizeof(f), "generator.periods.values[%zu]", i);
			err = xl_int(c, it, f, 1, RT_TIME_MAX / 4, &a);
			if (err)
				return err;
			set[i] = a;
		}
		return RT_OK;
	}
	if (v[4])
		return xl_fail(c, v[4], "generator.periods.values",
			       "only with dist: set");
	if (!v[1] || !v[2])
		return xl_fail(c, n, "generator.periods", "expected min and max");
	if ((err = xl_int(c, v[1], "generator.periods.min", 1, RT_TIME_MAX / 4,
			  &g->pmin)) ||
	    (err = xl_int(c, v[2], "generator.periods.max", 1, RT_TIME_MAX / 4,
			  &g->pmax)))
		return err;
	if (g->pmax < g->pmin)
		return xl_fail(c, v[2], "generator.periods.max", "%lld < min "
			       "%lld; expected min <= max", (long long)g->pmax,
			       (long long)g->pmin);
	g->granularity = 1;
	if (v[3] && (err = xl_int(c, v[3], "generator.periods.granularity", 1,
				  g->pmax, &g->granularity)))
		return err;
	return RT_OK;
}

static enum rt_err xl_deadlines(const struct xl *c, yaml_node_t *n,
				struct rt_gen_params *g)
{
	static const char *const keys[] = { "model", "min", "max" };
	yaml_node_t *v[3];
	enum rt_err err = xl_map(c, n, "generator.deadlines", keys, 3, v);
	int e;

	if (err)
		return err;
	if (!v[0])
		return xl_fail(c, n, "generator.deadlines", "missing model; "
			       "expected implicit, constrained or arbitrary");
	err = xl_enum(c, v[0], "generator.deadlines.model", find_deadlines,
		      "implicit, constrained, arbitrary", &e);
	if (err)
		return err;
	g->deadlines = (enum rt_gen_deadlines)e;
	g->xmin = 0;
	g->xmax = g->deadlines == RT_GEN_DEADLINES_ARBITRARY ? 2 : 1;
	if (g->deadlines == RT_GEN_DEADLINES_IMPLICIT) {
		for (int i = 1; i < 3; i++)
			if (v[i])
				return xl_fail(c, v[i], "generator.deadlines",
					       "%s is for constrained and "
					       "arbitrary deadlines", keys[i]);
		return RT_OK;
	}
	if ((v[1] && (err = xl_double(c, v[1], "generator.deadlines.min",
				      &g->xmin))) ||
	    (v[2] && (err = xl_double(c, v[2], "generator.deadlines.max",
				      &g->xmax))))
		return err;
	if (!(g->xmin >= 0 && g->xmin <= g->xmax))
		return xl_fail(c, v[1] ? v[1] : n, "generator.deadlines",
			       "range [%g, %g]; expected 0 <= min <= max",
			       g->xmin, g->xmax);
	if (g->deadlines == RT_GEN_DEADLINES_CONSTRAINED && g->xmax > 1)
		return xl_fail(c, v[2] ? v[2] : n, "generator.deadlines.max",
			       "%g; expected <= 1 for constrained deadlines "
			       "(D = C + x (T - C) <= T)", g->xmax);
	return RT_OK;
}

static enum rt_err xl_generator(const struct xl *c, yaml_node_t *n,
				struct rt_exp *x)
{
	static const char *const keys[] = { "tasks", "method", "cap",
					    "periods", "deadlines" };
	struct rt_gen_params *g = &x->gen;
	yaml_node_t *v[5];
	enum rt_err err = xl_map(c, n, "generator", keys, 5, v);
	int64_t k;
	int e;

	if (err)
		return err;
	for (int i = 0; i < 5; i++)
		if (!v[i] && i != 2)
			return xl_fail(c, n, "generator", "missing %s", keys[i]);
	if ((err = xl_int(c, v[0], "generator.tasks", 1, RT_GEN_MAX_TASKS, &k)))
		return err;
	g->ntasks = (size_t)k;
	err = xl_enum(c, v[1], "generator.method", find_method,
		      "uunifast, uunifast-discard, randfixedsum", &e);
	if (err)
		return err;
	g->method = (enum rt_gen_method)e;
	g->cap = 1;
	if (v[2]) {
		err = xl_double(c, v[2], "generator.cap", &g->cap);
		if (err)
			return err;
		if (!(g->cap > 0 && g->cap <= 1))
			return xl_fail(c, v[2], "generator.cap", "%g; expected "
				       "0 < cap <= 1", g->cap);
	}
	err = xl_periods(c, v[3], g);
	if (!err)
		err = xl_deadlines(c, v[4], g);
	return err;
}

static enum rt_err xl_utilization(const struct xl *c, yaml_node_t *n,
				  struct rt_exp *x)
{
	static const char *const keys[] = { "from", "to", "step", "per_cpu",
					    "value" };
	yaml_node_t *v[5];
	enum rt_err err = xl_map(c, n, "utilization", keys, 5, v);
	double top;

	if (err)
		return err;
	if (v[4]) {             /* value: U, a single point */
		if (v[0] || v[1])
			return xl_fail(c, v[4], "utilization.value", "give "
				       "either value or from and to");
		v[0] = v[1] = v[4];
	}
	for (int i = 0; i < 3; i++)
		if (!v[i])
			return xl_fail(c, n, "utilization", "missing %s; "
				       "expected from, to and step (the bin "
				       "width), or value and step", keys[i]);
	if ((err = xl_micro(c, v[0], "utilization.from", &x->from)) ||
	    (err = xl_micro(c, v[1], "utilization.to", &x->to)) ||
	    (err = xl_micro(c, v[2], "utilization.step", &x->step)))
		return err;
	if (v[3] && (err = xl_bool(c, v[3], "utilization.per_cpu", &x->per_cpu)))
		return err;
	if (x->step <= 0)
		return xl_fail(c, v[2], "utilization.step", "expected > 0");
	if (x->to < x->from)
		return xl_fail(c, v[1], "utilization.to", "less than from");
	if (x->sweep != RT_EXP_SWEEP_UTILIZATION) {
		if (x->to != x->from)
			return xl_fail(c, v[1], "utilization", "with sweep, one "
				       "utilization: value: U (or from == to)");
		return RT_OK;   /* npoints from the sweep; checked per point */
	}
	if ((x->to - x->from) / x->step >= RT_EXP_MAX_POINTS)
		return xl_fail(c, v[2], "utilization.step", "more than %d "
			       "points", RT_EXP_MAX_POINTS);
	x->npoints = (size_t)((x->to - x->from) / x->step) + 1;
	top = rt_exp_point_total(x, x->npoints - 1);
	if (x->gen.method != RT_GEN_UUNIFAST &&
	    top > (double)x->gen.ntasks * x->gen.cap)
		return xl_fail(c, v[1], "utilization.to", "total %g is more "
			       "than tasks x cap = %g", top,
			       (double)x->gen.ntasks * x->gen.cap);
	return RT_OK;
}

static bool find_sweep(const char *s, int *o)
{
	*o = !strcmp(s, "tasks") ? RT_EXP_SWEEP_TASKS :
	     !strcmp(s, "cpus") ? RT_EXP_SWEEP_CPUS : -1;
	return *o >= 0;
}

/* sweep: {variable: tasks | cpus, from, to, step} */
static enum rt_err xl_sweep(const struct xl *c, yaml_node_t *n,
			    struct rt_exp *x)
{
	static const char *const keys[] = { "variable", "from", "to", "step" };
	int64_t lim;
	yaml_node_t *v[4];
	enum rt_err err = xl_map(c, n, "sweep", keys, 4, v);
	int e;

	if (err)
		return err;
	for (int i = 0; i < 3; i++)
		if (!v[i])
			return xl_fail(c, n, "sweep", "missing %s; expected "
				       "variable (tasks or cpus), from, to and "
				       "step", keys[i]);
	if ((err = xl_enum(c, v[0], "sweep.variable", find_sweep,
			   "tasks, cpus", &e)))
		return err;
	x->sweep = (enum rt_exp_sweep)e;
	lim = x->sweep == RT_EXP_SWEEP_TASKS ? RT_GEN_MAX_TASKS : SCN_MAX_CPUS;
	x->sweep_step = 1;
	if ((err = xl_int(c, v[1], "sweep.from", 1, lim, &x->sweep_from)) ||
	    (err = xl_int(c, v[2], "sweep.to", x->sweep_from, lim,
			  &x->sweep_to)) ||
	    (v[3] && (err = xl_int(c, v[3], "sweep.step", 1, lim,
				   &x->sweep_step))))
		return err;
	x->npoints = (size_t)((x->sweep_to - x->sweep_from) / x->sweep_step) + 1;
	return RT_OK;
}

static void xl_valid_tests(const struct rt_exp *x, char *buf, size_t n)
{
	size_t o = 0;

	buf[0] = '\0';
	for (size_t i = 0; rt_tests[i] && o < n; i++)
		if (rt_exp_test_fits(x, rt_tests[i]))
			o += (size_t)snprintf(buf + o, n - o, "%s%s",
					      o ? ", " : "", rt_tests[i]->name);
}

static enum rt_err xl_tests(const struct xl *c, yaml_node_t *n,
			    struct rt_exp *x)
{
	struct rt_exp v0;               /* the first point: its CPUs decide */
	char valid[400];

	rt_exp_at(x, 0, &v0);
	xl_valid_tests(&v0, valid, sizeof(valid));
	if (!n) {               /* default: every test that fits */
		for (size_t i = 0; rt_tests[i] && x->ntests < RT_EXP_MAX_TESTS;
		     i++)
			if (rt_exp_test_fits(&v0, rt_tests[i]))
				x->tests[x->ntests++] = rt_tests[i];
		return RT_OK;
	}
	if (n->type != YAML_SEQUENCE_NODE)
		return xl_fail(c, n, "tests", "got %s; expected a list of test "
			       "names: %s", xl_kind(n), valid);
	for (yaml_node_item_t *it = n->data.sequence.items.start;
	     it < n->data.sequence.items.top; it++) {
		yaml_node_t *v = yaml_document_get_node((yaml_document_t *)&c->doc,
							*it);
		size_t i = (size_t)(it - n->data.sequence.items.start);
		const struct rt_test_info *t;
		char f[32], q[72];
		const char *s;
		enum rt_err err;

		snprintf(f, sizeof(f), "tests[%zu]", i);
		err = xl_str(c, v, f, &s);
		if (err)
			return err;
		t = rt_test_find(s);
		scn_quote(q, sizeof(q), s);
		if (!t || !rt_exp_test_fits(&v0, t))
			return xl_fail(c, v, f, "%s %s; expected one of: %s", q,
				       t ? "does not analyse this policy and "
				       "placement" : "is not a test", valid);
		for (size_t j = 0; j < x->ntests; j++)
			if (x->tests[j] == t)
				return xl_fail(c, v, f, "%s given twice", q);
		if (x->ntests == RT_EXP_MAX_TESTS)
			return xl_fail(c, v, f, "more than %d tests",
				       RT_EXP_MAX_TESTS);
		x->tests[x->ntests++] = t;
	}
	if (!x->ntests && !x->simulate)
		return xl_fail(c, n, "tests", "empty list and simulate: false; "
			       "nothing to do");
	return RT_OK;
}

static enum rt_err xl_doc(const struct xl *c, yaml_node_t *root,
			  struct rt_exp *x)
{
	static const char *const keys[] = {
		"format", "name", "description", "platform", "scheduler",
		"generator", "utilization", "sets", "tests", "simulate",
		"max_jobs", "redraws", "seed", "sweep", "reservation"
	};
	enum { K_FORMAT, K_NAME, K_DESC, K_PLATFORM, K_SCHED, K_GEN, K_UTIL,
	       K_SETS, K_TESTS, K_SIM, K_JOBS, K_REDRAWS, K_SEED, K_SWEEP,
	       K_RESV, K_N };
	static const char *const pkeys[] = { "cpus" };
	yaml_node_t *v[K_N], *pv[1];
	enum rt_err err = xl_map(c, root, "", keys, K_N, v);
	const char *s;
	int64_t k;

	if (err)
		return err;
	if (!v[K_FORMAT])
		return xl_fail(c, root, "", "missing format; expected format: 1");
	if ((err = xl_int(c, v[K_FORMAT], "format", 1, 1, &k)))
		return err;
	if (v[K_NAME]) {
		if ((err = xl_str(c, v[K_NAME], "name", &s)))
			return err;
		if (scn_parse_ident(s, SCN_MAX_NAME, NULL))
			return xl_fail(c, v[K_NAME], "name", "expected letters, "
				       "digits, '_', '-', '.' (it names the "
				       "output files)");
		x->name = xl_dup(s);
	} else {
		x->name = scn_default_name(c->file);
	}
	if (!x->name)
		return rt_diagf(c->d, RT_ERR_NOMEM, "out of memory");
	if (v[K_DESC] && (err = xl_str(c, v[K_DESC], "description", &s)))
		return err;
	x->cpus = 1;
	if (v[K_PLATFORM]) {
		if ((err = xl_map(c, v[K_PLATFORM], "platform", pkeys, 1, pv)))
			return err;
		if (pv[0] && (err = xl_int(c, pv[0], "platform.cpus", 1,
					   SCN_MAX_CPUS, &k)))
			return err;
		if (pv[0])
			x->cpus = (unsigned)k;
	}
	x->policy = xl_dup("edf");
	if (!x->policy)
		return rt_diagf(c->d, RT_ERR_NOMEM, "out of memory");
	x->placement = RT_EXP_PLACE_GLOBAL;
	x->cluster_size = x->cpus;
	x->partitioning = RT_PART_FIRST_FIT_DEC;
	if (v[K_SCHED] && (err = xl_scheduler(c, v[K_SCHED], x)))
		return err;
	x->server_kind = RT_SERVER_CBS;
	x->budget_factor = 1;
	x->period_divisor = 1;
	if (v[K_RESV] && (err = xl_reservation(c, v[K_RESV], x)))
		return err;
	if (!v[K_GEN])
		return xl_fail(c, root, "", "missing generator");
	if ((err = xl_generator(c, v[K_GEN], x)))
		return err;
	if (v[K_SWEEP] && (err = xl_sweep(c, v[K_SWEEP], x)))
		return err;
	if (!v[K_UTIL])
		return xl_fail(c, root, "", "missing utilization: {from, to, "
			       "step}");
	if ((err = xl_utilization(c, v[K_UTIL], x)))
		return err;
	if (!v[K_SETS])
		return xl_fail(c, root, "", "missing sets (task sets per point)");
	if ((err = xl_int(c, v[K_SETS], "sets", 1, (int64_t)1 << 40, &k)))
		return err;
	x->sets = (uint64_t)k;
	x->simulate = true;
	if (v[K_SIM] && (err = xl_bool(c, v[K_SIM], "simulate", &x->simulate)))
		return err;
	x->max_jobs = 100000;
	if (v[K_JOBS] && (err = xl_int(c, v[K_JOBS], "max_jobs", 1,
				       (int64_t)1 << 40, &k)))
		return err;
	if (v[K_JOBS])
		x->max_jobs = (uint64_t)k;
	x->redraws = 1000;
	if (v[K_REDRAWS] && (err = xl_int(c, v[K_REDRAWS], "redraws", 0,
					  100000000, &k)))
		return err;
	if (v[K_REDRAWS])
		x->redraws = (unsigned)k;
	if (v[K_SEED]) {
		struct rt_diag why;

		if ((err = xl_str(c, v[K_SEED], "seed", &s)))
			return err;
		if (scn_parse_u64(s, &x->seed, &why))
			return xl_fail(c, v[K_SEED], "seed", "%s", why.msg);
	}
	if ((err = xl_tests(c, v[K_TESTS], x)))
		return err;
	err = rt_exp_check(x, c->d);
	if (err)
		rt_diag_prefix(c->d, "%s: ", c->file);
	return err;
}

enum rt_err scn_exp_load_data(const uint8_t *buf, size_t len,
			      const char *name, struct rt_exp **out,
			      struct rt_diag *d)
{
	struct xl c;
	yaml_parser_t parser;
	yaml_node_t *root;
	struct rt_exp *x;
	enum rt_err err;

	memset(&c, 0, sizeof(c));
	c.file = name ? name : "<data>";
	c.d = d;
	rt_diag_clear(d);
	if (!buf && len)
		return rt_diagf(d, RT_ERR_INVAL, "%s: no data", c.file);
	if (len > SCN_EXP_MAX_BYTES)
		return rt_diagf(d, RT_ERR_PARSE, "%s: %zu bytes; expected an "
				"experiment of at most %u KiB", c.file, len,
				SCN_EXP_MAX_BYTES >> 10);
	if (!yaml_parser_initialize(&parser))
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", c.file);
	yaml_parser_set_input_string(&parser, buf ? buf : (const uint8_t *)"",
				     len);
	if (!yaml_parser_load(&parser, &c.doc)) {
		err = rt_diagf(d, parser.error == YAML_MEMORY_ERROR ?
			       RT_ERR_NOMEM : RT_ERR_PARSE,
			       "%s:%zu:%zu: not valid YAML: %s", c.file,
			       parser.problem_mark.line + 1,
			       parser.problem_mark.column + 1,
			       parser.problem ? parser.problem : "parse error");
		yaml_parser_delete(&parser);
		return err;
	}
	yaml_parser_delete(&parser);
	root = yaml_document_get_root_node(&c.doc);
	if (!root || (root->type == YAML_SCALAR_NODE &&
		      !root->data.scalar.length)) {
		yaml_document_delete(&c.doc);
		return rt_diagf(d, RT_ERR_PARSE, "%s: empty experiment; expected "
				"a mapping with format: 1, generator, "
				"utilization, sets", c.file);
	}
	x = rt_calloc(1, sizeof(*x));
	if (!x) {
		yaml_document_delete(&c.doc);
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", c.file);
	}
	err = xl_doc(&c, root, x);
	yaml_document_delete(&c.doc);
	if (err) {
		rt_exp_free(x);
		return err;
	}
	*out = x;
	return RT_OK;
}

enum rt_err scn_exp_load_file(const char *path, struct rt_exp **out,
			      struct rt_diag *d)
{
	uint8_t *buf;
	size_t len = 0;
	enum rt_err err;
	FILE *f = fopen(path, "rb");

	rt_diag_clear(d);
	if (!f)
		return rt_diagf(d, RT_ERR_IO, "%s: cannot open: %s", path,
				strerror(errno));
	buf = rt_malloc(SCN_EXP_MAX_BYTES + 1);
	if (!buf) {
		fclose(f);
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", path);
	}
	len = fread(buf, 1, SCN_EXP_MAX_BYTES + 1, f);
	if (ferror(f)) {
		err = rt_diagf(d, RT_ERR_IO, "%s: cannot read: %s", path,
			       strerror(errno));
	} else {
		err = scn_exp_load_data(buf, len, path, out, d);
	}
	fclose(f);
	rt_free(buf);
	return err;
}
