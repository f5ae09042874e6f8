/* exp_sections.c - the sections of an experiment file (exp_int.h):
 * scheduler, reservation, generator (periods, deadlines), utilization,
 * sweep and tests, each into struct rt_exp with its defaults. */
#include "scenarios/exp_int.h"

#include <stdio.h>
#include <string.h>

#include "models/linux_dl.h"
#include "models/mem.h"
#include "scenarios/internal.h"

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

/* An experiment simulates a policy the registry says is analysed as EDF,
 * fixed priorities, CBS or the kernel's deadline class: its model in *o. */
static bool find_policy(const char *s, int *o)
{
	unsigned m = scn_policy_model(s);

	*o = (int)m;
	return m & (RT_AN_EDF | RT_AN_FP | RT_AN_CBS | RT_AN_LINUX_DL);
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

static bool find_resv_deadline(const char *s, int *o)
{
	*o = !strcmp(s, "period") ? RT_EXP_RESV_DL_PERIOD :
	     !strcmp(s, "task") ? RT_EXP_RESV_DL_TASK : -1;
	return *o >= 0;
}

/* reservation: {kind, budget_factor, period_divisor, deadline} (policies
 * cbs and linux-dl; kind: cbs only; a linux-dl task is its own
 * reservation, so its period and deadline stay the task's) */
enum rt_err xl_reservation(const struct xl *c, yaml_node_t *n,
			   struct rt_exp *x)
{
	static const char *const keys[] = { "kind", "budget_factor",
					    "period_divisor", "deadline" };
	static const char why_linux[] = "a linux-dl task is its own "
		"reservation: its jobs arrive every period and are due at its "
		"deadline, so only budget_factor changes its runtime";
	yaml_node_t *v[4];
	enum rt_err err = xl_map(c, n, "reservation", keys, 4, v);
	bool linux_dl = x->model == RT_AN_LINUX_DL;
	int64_t k;
	int e;

	if (err)
		return err;
	if (!rt_exp_reserved(x))
		return xl_fail(c, n, "reservation", "only with scheduler.policy: "
			       "cbs or linux-dl");
	if (v[0] && linux_dl)
		return xl_fail(c, v[0], "reservation.kind", "only with policy "
			       "cbs (linux-dl has the kernel's rules)");
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
	if (v[2] && linux_dl && k != 1)
		return xl_fail(c, v[2], "reservation.period_divisor", "%lld; %s; "
			       "expected 1 (policy cbs serves a task by a server "
			       "of a shorter period)", (long long)k, why_linux);
	if (v[2])
		x->period_divisor = (unsigned)k;
	if (v[3] && (err = xl_enum(c, v[3], "reservation.deadline",
				   find_resv_deadline, "period, task", &e)))
		return err;
	if (v[3] && linux_dl && e != RT_EXP_RESV_DL_TASK)
		return xl_fail(c, v[3], "reservation.deadline", "period; %s; "
			       "expected task", why_linux);
	if (v[3])
		x->resv_deadline = (enum rt_exp_resv_deadline)e;
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

/* ---- the sections ---------------------------------------------------------- */

enum rt_err xl_scheduler(const struct xl *c, yaml_node_t *n,
			 struct rt_exp *x)
{
	static const char *const keys[] = { "policy", "placement",
					    "cluster_size", "partitioning",
					    "priorities", "kernel" };
	yaml_node_t *v[6];
	enum rt_err err = xl_map(c, n, "scheduler", keys, 6, v);
	int64_t k;
	int e;

	if (err)
		return err;
	if (v[0]) {
		const char *name;
		char valid[128];

		err = xl_enum(c, v[0], "scheduler.policy", find_policy,
			      scn_policy_names_as(RT_AN_EDF | RT_AN_FP |
					  RT_AN_CBS | RT_AN_LINUX_DL, valid,
					  sizeof(valid)), &e);
		if (!err)
			err = xl_str(c, v[0], "scheduler.policy", &name);
		if (err)
			return err;
		rt_free(x->policy);
		x->model = (unsigned)e;
		x->policy = rt_strdup(name);
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
	if (v[5]) {             /* linux-dl: the simulated kernel */
		const struct rt_dl_rules *r;
		const char *s;
		char q[72];

		if (x->model != RT_AN_LINUX_DL)
			return xl_fail(c, v[5], "scheduler.kernel", "only with "
				       "policy %s", scn_policy_names_as(
				       RT_AN_LINUX_DL, q, sizeof(q)));
		if ((err = xl_str(c, v[5], "scheduler.kernel", &s)))
			return err;
		r = rt_dl_profile(s);
		if (!r) {
			scn_quote(q, sizeof(q), s);
			return xl_fail(c, v[5], "scheduler.kernel", "%s; expected "
				       "one of: %s", q, RT_DL_KERNEL_NAMES);
		}
		x->kernel = r->kernel;
	}
	return RT_OK;
}

static enum rt_err xl_periods(const struct xl *c, yaml_node_t *n,
			      struct rt_gen_params *g)
{
	static const char *const keys[] = { "dist", "min", "max",
					    "granularity", "values" };
	yaml_node_t *v[5];
	enum rt_err err = xl_map(c, n, "generator.periods", keys, 5, v);
	rt_time lo, hi;
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
	if (!rt_gen_period_range(g, &lo, &hi))
		return xl_fail(c, v[3] ? v[3] : n, "generator.periods.granularity",
			       "%lld has no multiple in [min, max] = [%lld, "
			       "%lld]", (long long)g->granularity,
			       (long long)g->pmin, (long long)g->pmax);
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
	for (int i = 1; i < 3; i++) {
		struct rt_diag dd = { "" };

		if (v[i] && rt_gen_slack_check(g->deadlines, keys[i], &dd))
			return xl_fail(c, v[i], "generator.deadlines", "%s",
				       dd.msg);
	}
	if (g->deadlines == RT_GEN_DEADLINES_IMPLICIT)
		return RT_OK;
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

/* generator.lower / .upper (method drs): one number for every task, or
 * a list of 'tasks' numbers in [0, 1]; into *out (rt_calloc'd, x owns
 * it). */
static enum rt_err xl_bounds(const struct xl *c, yaml_node_t *n,
			     const char *field, size_t tasks, const double **out)
{
	double *b = rt_calloc(tasks, sizeof(*b));
	size_t cnt;
	enum rt_err err;

	if (!b)
		return rt_diagf(c->d, RT_ERR_NOMEM, "out of memory");
	*out = b;
	if (n->type == YAML_SCALAR_NODE) {
		err = xl_double(c, n, field, &b[0]);
		for (size_t i = 1; !err && i < tasks; i++)
			b[i] = b[0];
		if (!err && !(b[0] >= 0 && b[0] <= 1))
			return xl_fail(c, n, field, "%g; expected 0 .. 1", b[0]);
		return err;
	}
	cnt = n->type == YAML_SEQUENCE_NODE ?
	      (size_t)(n->data.sequence.items.top -
		       n->data.sequence.items.start) : 0;
	if (cnt != tasks)
		return xl_fail(c, n, field, "expected a number, or a list of "
			       "%zu numbers (one per task)", tasks);
	for (size_t i = 0; i < cnt; i++) {
		yaml_node_t *it = yaml_document_get_node(
			(yaml_document_t *)&c->doc,
			n->data.sequence.items.start[i]);
		char f[64];

		snprintf(f, sizeof(f), "%s[%zu]", field, i);
		if ((err = xl_double(c, it, f, &b[i])))
			return err;
		if (!(b[i] >= 0 && b[i] <= 1))
			return xl_fail(c, it, f, "%g; expected 0 .. 1", b[i]);
	}
	return RT_OK;
}

enum rt_err xl_generator(const struct xl *c, yaml_node_t *n,
			 struct rt_exp *x)
{
	static const char *const keys[] = { "tasks", "method", "cap",
					    "periods", "deadlines", "lower",
					    "upper" };
	struct rt_gen_params *g = &x->gen;
	yaml_node_t *v[7];
	enum rt_err err = xl_map(c, n, "generator", keys, 7, v);
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
		      "uunifast, uunifast-discard, randfixedsum, drs", &e);
	if (err)
		return err;
	g->method = (enum rt_gen_method)e;
	for (int i = 5; i < 7; i++) {
		char f[32];

		if (!v[i])
			continue;
		snprintf(f, sizeof(f), "generator.%s", keys[i]);
		if (g->method != RT_GEN_DRS)
			return xl_fail(c, v[i], f, "per-task bounds need method: "
				       "drs");
		err = xl_bounds(c, v[i], f, g->ntasks,
				i == 5 ? &g->lower : &g->upper);
		if (err)
			return err;
	}
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

enum rt_err xl_utilization(const struct xl *c, yaml_node_t *n,
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
	if (x->gen.method != RT_GEN_UUNIFAST && x->gen.method != RT_GEN_DRS &&
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
enum rt_err xl_sweep(const struct xl *c, yaml_node_t *n,
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

enum rt_err xl_tests(const struct xl *c, yaml_node_t *n,
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
