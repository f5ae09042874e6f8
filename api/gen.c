/* gen.c - scenarios the library writes: one random task set (`dlsim gen`,
 * models/gen.h drawn, scenarios/exp.h written), and rt-app workloads in
 * and out (`dlsim import rt-app`, `dlsim export rt-app`,
 * scenarios/rtapp.h). */
#include "api/internal.h"

#include <stdlib.h>
#include <string.h>

#include "models/gen.h"
#include "models/mem.h"
#include "scenarios/exp.h"
#include "scenarios/rtapp.h"
#include "sim/policy.h"

/* Split "A:B[:C]" into at most 'max' fields of 'buf' (each < 32 chars);
 * their number, 0 when malformed. */
static size_t gen_fields(const char *s, char buf[][32], size_t max)
{
	size_t n = 0;

	for (;;) {
		size_t k = strcspn(s, ":");

		if (n == max || k >= 32)
			return 0;
		memcpy(buf[n], s, k);
		buf[n++][k] = '\0';
		if (!s[k])
			return n;
		s += k + 1;
	}
}

/* "A:B", each as scn_parse_decimal reads it. */
static bool gen_num_pair(const char *s, double *a, double *b)
{
	struct rt_diag d = { "" };
	char f[2][32];
	double x, y;

	if (gen_fields(s, f, 2) != 2 || scn_parse_decimal(f[0], &x, &d) ||
	    scn_parse_decimal(f[1], &y, &d))
		return false;
	*a = x;
	*b = y;
	return true;
}

/* "MIN:MAX[:G]", each a count (scn_parse_count; rt_gen checks their
 * order). */
static bool gen_periods(const char *s, struct rt_gen_params *p)
{
	struct rt_diag d = { "" };
	char f[3][32];
	int64_t v[3] = { 0, 0, 1 };
	size_t n = gen_fields(s, f, 3);

	if (n < 2)
		return false;
	for (size_t i = 0; i < n; i++)
		if (scn_parse_count(f[i], 0, INT64_MAX, &v[i], &d))
			return false;
	p->pmin = v[0];
	p->pmax = v[1];
	p->granularity = v[2];
	return true;
}

static bool gen_name_ok(const char *s)
{
	if (!*s || strlen(s) > SCN_MAX_NAME)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '_' || *s == '-' ||
		      *s == '.'))
			return false;
	return true;
}

/* The generator's settings, checked in the order of `dlsim gen`. */
struct gen_req {
	struct rt_gen_params p;
	double u;
	uint64_t seed;
	unsigned long cpus;
	const struct sim_policy_ops *policy;
	const char *name;
};

static enum dlsim_status gen_settings(struct dlsim *db,
				      const struct dlsim_opts *o,
				      struct gen_req *g)
{
	const char *o_tasks = api_opt(o, "tasks");
	const char *o_method = api_opt(o, "method");
	const char *o_periods = api_opt(o, "periods");
	const char *o_dist = api_opt(o, "period-dist");
	const char *o_dl = api_opt(o, "deadlines"), *o_slack = api_opt(o, "slack");
	const char *o_cpus = api_opt(o, "cpus"), *o_policy = api_opt(o, "policy");
	const char *o_seed = api_opt(o, "seed"), *o_name = api_opt(o, "name");
	struct rt_gen_params *p = &g->p;
	struct rt_diag d = { "" };
	char plain[128];

	if (o_tasks) {
		int64_t n;

		if (api_opt_count(db, o, "tasks", 1, RT_GEN_MAX_TASKS, &n))
			return DLSIM_USAGE;
		p->ntasks = (size_t)n;
	}
	if (api_opt_decimal(db, o, "utilization", &g->u))
		return DLSIM_USAGE;
	if (o_method && !rt_gen_method_from_name(o_method, &p->method))
		return api_fail(db, DLSIM_USAGE, "--method '%s': expected "
				"uunifast, uunifast-discard, randfixedsum or drs",
				o_method);
	if (api_opt_decimal(db, o, "cap", &p->cap))
		return DLSIM_USAGE;
	if (o_periods && !gen_periods(o_periods, p))
		return api_fail(db, DLSIM_USAGE, "--periods '%s': expected "
				"MIN:MAX or MIN:MAX:GRANULARITY", o_periods);
	if (o_dist && (!rt_gen_periods_from_name(o_dist, &p->periods) ||
		       p->periods == RT_GEN_PERIODS_SET))
		return api_fail(db, DLSIM_USAGE, "--period-dist '%s': expected "
				"log-uniform or uniform", o_dist);
	if (o_dl && !rt_gen_deadlines_from_name(o_dl, &p->deadlines))
		return api_fail(db, DLSIM_USAGE, "--deadlines '%s': expected "
				"implicit, constrained or arbitrary", o_dl);
	if (p->deadlines == RT_GEN_DEADLINES_ARBITRARY)
		p->xmax = 2;
	if (o_slack && !gen_num_pair(o_slack, &p->xmin, &p->xmax))
		return api_fail(db, DLSIM_USAGE, "--slack '%s': expected A:B",
				o_slack);
	if (o_slack && rt_gen_slack_check(p->deadlines, "--slack", &d))
		return api_fail(db, DLSIM_USAGE, "%s", d.msg);
	if (o_cpus) {
		int64_t n;

		if (api_opt_count(db, o, "cpus", 1, SCN_MAX_CPUS, &n))
			return DLSIM_USAGE;
		g->cpus = (unsigned long)n;
	}
	/* a plain policy (sim/policy.h); default: the registry's first */
	g->policy = sim_policy_find(o_policy);
	for (size_t i = 0; !o_policy && (g->policy = sim_policy_at(i)); i++)
		if (!(g->policy->flags & SIM_POLICY_NOT_PLAIN))
			break;
	if (!g->policy || (g->policy->flags & SIM_POLICY_NOT_PLAIN))
		return api_fail(db, DLSIM_USAGE, "--policy '%s': expected %s",
				o_policy ? o_policy : "", sim_policy_names(0,
				SIM_POLICY_NOT_PLAIN, plain, sizeof(plain)));
	/* the scenario's seed: rule (strtoull took "-1" as 2^64 - 1 and
	 * saturated 2^64 without a word) */
	if (o_seed && scn_parse_u64(o_seed, &g->seed, &d) != RT_OK)
		return api_fail(db, DLSIM_USAGE, "--seed: %s", d.msg);
	if (o_name && !gen_name_ok(o_name))
		return api_fail(db, DLSIM_USAGE, "--name '%s': expected letters, "
				"digits, '_', '-', '.'", o_name);
	g->name = o_name ? o_name : "gen";
	return DLSIM_OK;
}

enum dlsim_status dlsim_gen(struct dlsim *db, const struct dlsim_opts *o,
			    char **text, size_t *len)
{
	static const char *const keys[] = {
		"tasks", "utilization", "method", "cap", "periods",
		"period-dist", "deadlines", "slack", "cpus", "policy", "seed",
		"name", NULL
	};
	struct gen_req g = {
		.p = {
			.ntasks = 10, .method = RT_GEN_UUNIFAST_DISCARD,
			.cap = 1, .periods = RT_GEN_PERIODS_LOG_UNIFORM,
			.pmin = 10, .pmax = 1000, .granularity = 1,
			.deadlines = RT_GEN_DEADLINES_IMPLICIT, .xmin = 0,
			.xmax = 1,
		},
		.u = 0.8, .seed = 1, .cpus = 1,
	};
	struct rt_diag d = { "" };
	struct rt_gen_ws ws;
	struct rt_task *ts = NULL;
	struct scn_emit e;
	struct rt_rng r;
	char comment[1024];
	enum dlsim_status st;
	enum rt_err err;

	if (!db || !text || !len)
		return api_misuse(db, "dlsim_gen: NULL argument");
	st = api_opts_only(db, o, keys, "gen");
	if (st == DLSIM_OK)
		st = gen_settings(db, o, &g);
	if (st)
		return st;
	err = rt_gen_check(&g.p, g.u, &d);
	if (err)
		return api_fail(db, DLSIM_OPTION, "gen: %s", d.msg);
	ts = rt_calloc(g.p.ntasks, sizeof(*ts));
	if (!ts || rt_gen_ws_init(&ws, g.p.ntasks)) {
		rt_free(ts);
		return api_fail(db, DLSIM_NOMEM, "out of memory");
	}
	for (size_t i = 0; i < g.p.ntasks; i++)
		ts[i] = rt_task_make(NULL, 1, 1, 1);
	rt_rng_seed(&r, g.seed);
	err = rt_gen_taskset(&g.p, g.u, &r, &ws, ts, &d);
	rt_gen_ws_fini(&ws);
	if (err) {
		rt_free(ts);
		return api_fail(db, api_status(err), "gen: %s", d.msg);
	}
	snprintf(comment, sizeof(comment),
		 "generated by dlsim gen: %zu tasks, %s, target U = %g, "
		 "realised U = sum C/T = %.6g\n"
		 "periods %s %lld..%lld (granularity %lld), deadlines %s, seed %llu",
		 g.p.ntasks, rt_gen_method_name(g.p.method), g.u,
		 rt_gen_realised(ts, g.p.ntasks), rt_gen_periods_name(g.p.periods),
		 (long long)g.p.pmin, (long long)g.p.pmax,
		 (long long)g.p.granularity, rt_gen_deadlines_name(g.p.deadlines),
		 (unsigned long long)g.seed);
	memset(&e, 0, sizeof(e));
	e.name = g.name;
	e.comment = comment;
	e.cpus = (unsigned)g.cpus;
	e.policy = g.policy->name;
	e.placement = RT_EXP_PLACE_GLOBAL;
	e.priorities = RT_FP_DEADLINE_MONOTONIC;
	e.tasks = ts;
	e.ntasks = g.p.ntasks;
	err = scn_emit_scenario(&e, text, len, &d);
	rt_free(ts);
	if (err)
		return api_err(db, err, &d);
	return api_ok(db);
}

/* ---- rt-app --------------------------------------------------------------------- */

/* A warning of the importer, to the session's notice callback. */
static void import_warn(void *ctx, const char *msg)
{
	api_notice(ctx, DLSIM_WARNING, "%s", msg);
}

enum dlsim_status dlsim_import_rtapp(struct dlsim *db, const char *path,
				     const struct dlsim_opts *o, char **text,
				     size_t *len)
{
	static const char *const keys[] = { "cpus", "name", NULL };
	struct scn_rtapp_opts ro = { 0, NULL, import_warn, db };
	const char *cpus = api_opt(o, "cpus");
	struct rt_diag d = { "" };
	enum dlsim_status st;
	enum rt_err err;
	char *json = NULL;
	size_t jlen;

	if (!db || !path || !text || !len)
		return api_misuse(db, "dlsim_import_rtapp: NULL argument");
	st = api_opts_only(db, o, keys, "import");
	if (st)
		return st;
	if (cpus) {
		int64_t n;

		if (api_opt_count(db, o, "cpus", 1, SCN_MAX_CPUS, &n))
			return DLSIM_USAGE;
		ro.cpus = (unsigned)n;
	}
	ro.name = api_opt(o, "name");
	if (ro.name && scn_rtapp_check_name(ro.name, &d) != RT_OK)
		return api_fail(db, DLSIM_USAGE, "%s", d.msg);
	err = api_read_all(path, &json, &jlen, &d);
	if (err)
		return api_err(db, err, &d);
	err = scn_rtapp_import(json, jlen, !strcmp(path, "-") ? "<stdin>" : path,
			       &ro, text, len, &d);
	rt_free(json);
	return err ? api_err(db, err, &d) : api_ok(db);
}

enum dlsim_status dlsim_export_rtapp(struct dlsim *db,
				     const struct dlsim_scenario *sc,
				     char **text, size_t *len)
{
	struct rt_diag d = { "" };
	enum rt_err err;

	if (!db || !sc || !text || !len)
		return api_misuse(db, "dlsim_export_rtapp: NULL argument");
	err = scn_rtapp_export(sc->s, text, len, &d);
	return err ? api_err(db, err, &d) : api_ok(db);
}
