/* analysis.c - `dlsim analyze` as one pipeline (see analysis.h): the
 * scenario's analysed task set, the tests, the bounds, the simulation of
 * every task and the comparison; the public dlsim_analysis_* calls. */
#include "api/analysis.h"

#include <string.h>

#include "models/frac.h"
#include "models/mem.h"
#include "sim/policy.h"

const char *api_analysis_bound_name(enum analyze_bound b)
{
	switch (b) {
	case BOUND_UNBOUNDED:
		return "unbounded";
	case BOUND_EXACT:
		return "exact";
	case BOUND_UPPER:
		return "upper";
	case BOUND_NONE:
		break;
	}
	return "none";
}

unsigned api_analysis_flags(const struct dlsim_analysis *a)
{
	return api_policy_flags(a->s);
}

/* Static priorities: fixed-priority analyses with the scenario's order. */
bool api_analysis_fp(const struct dlsim_analysis *a)
{
	return api_analysis_flags(a) & SIM_POLICY_PRIORITIES;
}

enum rt_fp_order api_analysis_fp_order(const struct dlsim_analysis *a)
{
	return a->kind == AK_FPSRV ? RT_FP_EXPLICIT : a->s->sched.priorities;
}

rt_time api_analysis_add(rt_time x, rt_time y)
{
	rt_time r;

	return rt_time_add(x, y, &r) ? r : RT_TIME_MAX;
}

void *api_analysis_calloc(size_t n, size_t size)
{
	return rt_calloc(n ? n : 1, size);
}

void dlsim_analysis_free(struct dlsim_analysis *a)
{
	if (!a)
		return;
	for (size_t i = 0; i < a->ntests; i++) {
		rt_free(a->tests[i].assign);
		rt_free(a->tests[i].value);
		if (a->tests[i].ovh)
			rt_free((char *)a->tests[i].name);
	}
	rt_free(a->tests);
	rt_free(a->contra);
	rt_free(a->u);
	rt_free(a->density);
	rt_free(a->dom_cpus);
	rt_free(a->dom_cap);
	rt_free(a->model);
	rt_free(a->model_task);
	rt_free(a->model_srv);
	rt_free(a->model_dom);
	rt_free(a->model_jit);
	rt_free(a->left_out);
	rt_free(a->no_job);
	rt_free(a->adm);
	rt_free(a->admdom);
	rt_free(a->dom_void);
	rt_free(a->cbs_g);
	rt_free(a->dom_ok);
	rt_free(a->dom_srv);
	rt_free(a->resp);
	rt_free(a->tard);
	rt_free(a->blk);
	rt_free(a->srv_bound);
	rt_free(a->bound_why);
	rt_free(a->tard_unknown);
	dlsim_sim_free(a->sim);
	rt_free(a->ob);
	rt_free(a);
}

/* The analysed task set, the tests and the bounds (before simulating). */
static enum dlsim_status analyze_static(struct dlsim *db,
					struct dlsim_analysis *a)
{
	const struct scn_scenario *s = a->orig;
	struct rt_diag d = { "" };
	enum rt_err err;

	a->conform = true;
	for (size_t i = 0; i < s->ntasks; i++) {
		a->conform = a->conform &&
			     rt_task_is_sporadic_conform(&s->tasks[i]);
		a->locks = a->locks || s->tasks[i].nsections > 0;
	}
	err = rt_taskset_oblivious(s->tasks, s->ntasks, &a->ob, &d);
	if (err == RT_ERR_NOMEM)
		return api_fail(db, DLSIM_NOMEM, "out of memory");
	if (err)
		return api_fail(db, api_status(err), "%s: %s", s->path, d.msg);
	if (a->ob) {            /* analyse the suspension-oblivious set */
		a->so = *s;
		a->so.tasks = a->ob;
		a->s = &a->so;
		a->oblivious = true;
	}
	a->u = api_analysis_frac(rt_frac_utilization, a->s->tasks,
				 a->s->ntasks, a->u_dec, sizeof(a->u_dec));
	a->density = api_analysis_frac(rt_frac_density, a->s->tasks,
				       a->s->ntasks, a->density_dec,
				       sizeof(a->density_dec));
	if (!a->u || !a->density || !api_analysis_domains(a))
		return api_fail(db, DLSIM_NOMEM, "out of memory");
	err = api_analysis_model(a, &d);
	if (err == RT_ERR_NOMEM || (err == RT_OK && (!api_analysis_tests(a) ||
						     !api_analysis_locks(a))))
		return api_fail(db, DLSIM_NOMEM, "%s: analysis: out of memory",
				s->path);
	if (err)
		return api_fail(db, DLSIM_INVALID, "%s: analysis: %s", s->path,
				d.msg[0] ? d.msg : "out of memory");
	/* on the analysed (suspension-oblivious) set, as the bounds */
	/* on the tasks as written: a suspension voids the guarantee
	 * (rt_cbs_task_guarantee), which the oblivious set would hide */
	for (size_t i = 0; a->kind == AK_CBS && i < s->ntasks; i++)
		a->cbs_g[i] = rt_cbs_task_guarantee(s->tasks, s->ntasks,
						    s->task_server, s->servers,
						    i, a->dom_ok[
						    api_analysis_task_dom(a, i)]);
	if (!api_analysis_tardiness(a))
		return api_fail(db, DLSIM_NOMEM, "out of memory");
	if (a->cover && a->bound_kind == BOUND_EXACT)
		a->bound_kind = BOUND_UPPER;
	return DLSIM_OK;
}

enum dlsim_status dlsim_analyze(struct dlsim *db,
				const struct dlsim_scenario *sc,
				const struct dlsim_opts *o,
				struct dlsim_analysis **out)
{
	static const char *const keys[] = { "until", NULL };
	const struct scn_scenario *s;
	struct dlsim_analysis *a;
	struct api_sim_req r;
	struct sim_horizon h;
	enum dlsim_status st;
	unsigned fl;

	if (!db || !sc || !out)
		return api_misuse(db, "dlsim_analyze: NULL argument");
	s = sc->s;
	st = api_opts_only(db, o, keys, "analyze");
	if (st)
		return st;
	a = rt_calloc(1, sizeof(*a));
	if (!a)
		return api_fail(db, DLSIM_NOMEM, "out of memory");
	a->s = a->orig = s;
	a->da_x = RT_TIME_NEVER;
	a->cluster = s->sched.task_cluster;
	fl = api_policy_flags(s);
	a->kind = fl & SIM_POLICY_KERNEL ? AK_LINUX :
		  fl & SIM_POLICY_SERVERS ? AK_CBS :
		  s->nservers && (fl & SIM_POLICY_FP_SERVERS) ? AK_FPSRV :
		  AK_PLAIN;
	memset(&r, 0, sizeof(r));
	st = api_parse_until(db, s, api_opt(o, "until"), &r.until);
	if (st == DLSIM_OK)
		st = api_horizon(db, s, r.until, &h);
	if (st == DLSIM_OK)
		st = analyze_static(db, a);
	/* The tests analyse every task, so the simulation they are compared
	 * with runs every task too: run-time admission (scheduler.admission
	 * / mode) is what `dlsim run` applies, not analyze. */
	a->admission_off = s->sched.admission_kind != SIM_ADMISSION_NONE;
	r.admission_off = true;
	r.horizon = &h;
	if (st == DLSIM_OK)
		st = api_sim_create(db, s, &r, &a->sim);
	if (st == DLSIM_OK)
		st = api_sim_run(db, a->sim, NULL);
	if (st == DLSIM_OK && (!api_analysis_unknown(a) ||
			       !api_analysis_compare(a)))
		st = api_fail(db, DLSIM_NOMEM, "out of memory");
	if (st != DLSIM_OK) {
		dlsim_analysis_free(a);
		return st;
	}
	api_analysis_verdict(a);
	*out = a;
	return api_ok(db);
}

/* ---- the answers ------------------------------------------------------------- */

enum dlsim_status dlsim_analysis_write(struct dlsim *db,
				       const struct dlsim_analysis *an,
				       unsigned flags, FILE *f)
{
	if (!db || !an || !f)
		return api_misuse(db, "dlsim_analysis_write: NULL argument");
	if (flags & ~(DLSIM_JSON | DLSIM_ALL))
		return api_misuse(db, "dlsim_analysis_write: flags");
	if (flags & DLSIM_JSON)
		api_analysis_print_json(f, an);
	else
		api_analysis_print_text(f, an, flags & DLSIM_ALL);
	return api_ok(db);
}

enum dlsim_status dlsim_analysis_text(struct dlsim *db,
				      const struct dlsim_analysis *an,
				      unsigned flags, char **text, size_t *len)
{
	struct api_text t;
	enum dlsim_status st;

	if (!db || !an || !text || !len)
		return api_misuse(db, "dlsim_analysis_text: NULL argument");
	st = api_text_open(db, &t);
	if (st)
		return st;
	st = dlsim_analysis_write(db, an, flags, t.f);
	return api_text_close(db, &t, st, text, len);
}

size_t dlsim_analysis_ntests(const struct dlsim_analysis *an)
{
	return an ? an->ntests : 0;
}

const char *dlsim_analysis_test_name(const struct dlsim_analysis *an,
				     size_t i)
{
	return an && i < an->ntests ? an->tests[i].name : NULL;
}

const char *dlsim_analysis_test_kind(const struct dlsim_analysis *an,
				     size_t i)
{
	return an && i < an->ntests ?
	       rt_test_kind_name(an->tests[i].res.kind) : NULL;
}

const char *dlsim_analysis_test_verdict(const struct dlsim_analysis *an,
					size_t i)
{
	return an && i < an->ntests ?
	       rt_verdict_name(an->tests[i].res.verdict) : NULL;
}

int dlsim_analysis_test_compared(const struct dlsim_analysis *an, size_t i)
{
	return an && i < an->ntests && an->tests[i].about_sim;
}

const char *dlsim_analysis_verdict(const struct dlsim_analysis *an)
{
	return an ? an->verdict : NULL;
}

int64_t dlsim_analysis_bound(const struct dlsim_analysis *an)
{
	if (!an || (an->bound_kind != BOUND_EXACT &&
		    an->bound_kind != BOUND_UPPER))
		return DLSIM_TIME_NEVER;
	return an->bound;
}

const char *dlsim_analysis_bound_source(const struct dlsim_analysis *an)
{
	return an ? api_analysis_bound_name(an->bound_kind) : NULL;
}

size_t dlsim_analysis_ncontradictions(const struct dlsim_analysis *an)
{
	return an ? an->ncontra : 0;
}

const char *dlsim_analysis_contradiction(const struct dlsim_analysis *an,
					 size_t i)
{
	return an && i < an->ncontra ? an->contra[i].line : NULL;
}

struct dlsim_sim *dlsim_analysis_sim(const struct dlsim_analysis *an)
{
	return an ? an->sim : NULL;
}
