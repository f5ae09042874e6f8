/* cbs_util.c - see cbs_util.h. */
#include "tests/cbs_util.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "api/sim.h"
#include "tests/trace_util.h"

struct scn_scenario *cbs_load_text_n(const char *yaml, size_t n)
{
	struct scn_scenario *s = NULL;
	struct rt_diag d;

	if (scn_load_data((const uint8_t *)yaml, n, "t.yaml", &s, &d) != RT_OK) {
		fprintf(stderr, "\n  cannot load: %s\n%.*s\n", d.msg, (int)n,
			yaml);
		return NULL;
	}
	return s;
}

struct scn_scenario *cbs_load_text(const char *yaml)
{
	struct scn_scenario *s = cbs_load_text_n(yaml, strlen(yaml));

	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	return s;
}

struct scn_scenario *cbs_load_example(const char *name)
{
	char path[512];
	struct scn_scenario *s = NULL;
	struct rt_diag d;

	snprintf(path, sizeof(path), "%s/scenarios/examples/%s.yaml",
		 DLSIM_SRCDIR, name);
	if (scn_load_file(path, &s, &d) != RT_OK)
		fprintf(stderr, "\n  cannot load %s: %s\n", path, d.msg);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	return s;
}

void cbs_load_fail(const char *yaml, const char *want)
{
	struct scn_scenario *s = NULL;
	struct rt_diag d;
	enum rt_err err;

	err = scn_load_data((const uint8_t *)yaml, strlen(yaml), "t.yaml", &s,
			    &d);
	CU_ASSERT_NOT_EQUAL(err, RT_OK);
	CU_ASSERT_PTR_NULL(s);
	if (err == RT_OK) {
		scn_free(s);
		return;
	}
	if (!strstr(d.msg, want))
		fprintf(stderr, "\n  message: %s\n  wanted:  %s\n", d.msg, want);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, want));
}

/* A session for the pipeline's calls (messages printed on failure). */
static struct dlsim *cbs_db(void)
{
	struct dlsim *db = NULL;

	CU_ASSERT_EQUAL_FATAL(dlsim_open(&db), DLSIM_OK);
	return db;
}

struct sim_config cbs_config(const struct scn_scenario *s)
{
	struct dlsim *db = cbs_db();
	struct sim_horizon h;
	struct sim_config c;
	enum dlsim_status st = api_horizon(db, s, RT_TIME_NEVER, &h);

	if (st != DLSIM_OK)
		fprintf(stderr, "\n  horizon: %s\n", dlsim_errmsg(db));
	CU_ASSERT_EQUAL_FATAL(st, DLSIM_OK);
	dlsim_close(db);
	api_sim_config(s, &h, &c);
	return c;
}

/* The simulations cbs_run made, by their engine, until cbs_done. */
static struct dlsim_sim *cbs_sims[64];

/* s through the library's pipeline (api/sim.h) with sink attached. */
static struct sim_engine *cbs_start(const struct scn_scenario *s,
				    const struct sim_sink *sink)
{
	struct dlsim *db = cbs_db();
	struct dlsim_sim *sim = NULL;
	struct api_sim_req r;
	enum dlsim_status st;
	size_t k;

	memset(&r, 0, sizeof(r));
	r.until = RT_TIME_NEVER;
	r.extra = sink;
	r.nextra = sink ? 1 : 0;
	st = api_sim_create(db, s, &r, &sim);
	if (st == DLSIM_OK)
		st = api_sim_run(db, sim, NULL);
	if (st != DLSIM_OK)
		fprintf(stderr, "\n  simulate: %s\n", dlsim_errmsg(db));
	dlsim_close(db);
	CU_ASSERT_EQUAL_FATAL(st, DLSIM_OK);
	for (k = 0; k < sizeof(cbs_sims) / sizeof(cbs_sims[0]) && cbs_sims[k];
	     k++)
		;
	CU_ASSERT_FATAL(k < sizeof(cbs_sims) / sizeof(cbs_sims[0]));
	cbs_sims[k] = sim;
	return sim->e;
}

struct sim_engine *cbs_run_from(const struct scn_scenario *s, unsigned mask,
				rt_time from, struct tu_trace *tr)
{
	struct sim_sink sink = { .mask = mask, .emit = tu_trace_emit, .ctx = tr };

	memset(tr, 0, sizeof(*tr));
	tr->names = s->tasks;
	tr->nnames = s->ntasks;
	tr->no_cpu = true;
	tr->from = from;
	return cbs_start(s, mask ? &sink : NULL);
}

struct sim_engine *cbs_run(const struct scn_scenario *s, unsigned mask,
			   struct tu_trace *tr)
{
	return cbs_run_from(s, mask, 0, tr);
}

void cbs_expect(const struct tu_trace *tr, const char *want)
{
	tu_expect_text(tr->buf, want);
}

void cbs_release(struct sim_engine *e)
{
	size_t k;

	for (k = 0; k < sizeof(cbs_sims) / sizeof(cbs_sims[0]) &&
	     (!cbs_sims[k] || cbs_sims[k]->e != e); k++)
		;
	if (k < sizeof(cbs_sims) / sizeof(cbs_sims[0])) {
		dlsim_sim_free(cbs_sims[k]);   /* the pipeline's engine */
		cbs_sims[k] = NULL;
	} else {
		sim_engine_destroy(e);
	}
}

void cbs_done(struct sim_engine *e, struct scn_scenario *s,
	      struct tu_trace *tr)
{
	cbs_release(e);
	scn_free(s);
	free(tr->buf);
	memset(tr, 0, sizeof(*tr));
}

/* ---- windows ------------------------------------------------------------ */

struct win_slice { rt_time a, b; };
struct win_dl { rt_time d; int superseded; };

struct win_srv {
	struct win_slice *sl;
	size_t nsl, capsl;
	struct win_dl *dl;
	size_t ndl, capdl;
	rt_time wake_at;                /* time of the last SERVER_WAKEUP */
};

struct win_ctx {
	const struct scn_scenario *s;
	struct win_srv *srv;
	rt_time *open;                  /* per task: START time, or -1 */
	int oom;
};

static void win_push_slice(struct win_ctx *w, size_t k, rt_time a, rt_time b)
{
	struct win_srv *v = &w->srv[k];

	if (b <= a)
		return;
	if (v->nsl == v->capsl) {
		size_t cap = v->capsl ? 2 * v->capsl : 16;
		struct win_slice *n = realloc(v->sl, cap * sizeof(*n));

		if (!n) {
			w->oom = 1;
			return;
		}
		v->sl = n;
		v->capsl = cap;
	}
	v->sl[v->nsl].a = a;
	v->sl[v->nsl++].b = b;
}

static void win_push_dl(struct win_ctx *w, size_t k, rt_time d, rt_time now)
{
	struct win_srv *v = &w->srv[k];

	if (v->ndl && v->dl[v->ndl - 1].d == d)
		return;
	/* a wake-up that renewed the deadline before the old one passed
	 * replaces that window */
	if (v->ndl && v->wake_at == now && v->dl[v->ndl - 1].d > now)
		v->dl[v->ndl - 1].superseded = 1;
	if (v->ndl == v->capdl) {
		size_t cap = v->capdl ? 2 * v->capdl : 16;
		struct win_dl *n = realloc(v->dl, cap * sizeof(*n));

		if (!n) {
			w->oom = 1;
			return;
		}
		v->dl = n;
		v->capdl = cap;
	}
	v->dl[v->ndl].d = d;
	v->dl[v->ndl++].superseded = 0;
}

static enum rt_err win_emit(void *ctx, const struct sim_rec *r)
{
	struct win_ctx *w = ctx;
	int32_t k = r->kind == SIM_REC_END || !w->s->task_server ? -1 :
		    w->s->task_server[r->task];

	switch (r->kind) {
	case SIM_REC_START:
		w->open[r->task] = r->time;
		break;
	case SIM_REC_PREEMPT:
	case SIM_REC_COMPLETE:
	case SIM_REC_ABORT:
		if (k >= 0 && w->open[r->task] >= 0)
			win_push_slice(w, (size_t)k, w->open[r->task], r->time);
		w->open[r->task] = -1;
		break;
	case SIM_REC_END:
		for (size_t i = 0; i < w->s->ntasks; i++) {
			int32_t ki = w->s->task_server ? w->s->task_server[i] : -1;

			if (ki >= 0 && w->open[i] >= 0)
				win_push_slice(w, (size_t)ki, w->open[i], r->time);
		}
		break;
	case SIM_REC_SERVER_WAKEUP:
		if (k >= 0)
			w->srv[k].wake_at = r->time;
		break;
	case SIM_REC_SERVER_DEADLINE:
		if (k >= 0)
			win_push_dl(w, (size_t)k, r->value, r->time);
		break;
	default:
		break;
	}
	return w->oom ? RT_ERR_NOMEM : RT_OK;
}

rt_time cbs_window_excess(const struct scn_scenario *s, struct cbs_windows *out)
{
	struct win_ctx w = { .s = s };
	struct sim_sink sink = {
		.mask = CBS_RUN | CBS_COMPLETE | SIM_MASK(SIM_REC_ABORT) |
			SIM_MASK(SIM_REC_END) | SIM_MASK(SIM_REC_SERVER_WAKEUP) |
			SIM_MASK(SIM_REC_SERVER_DEADLINE),
		.emit = win_emit, .ctx = &w,
	};
	struct sim_engine *e;
	rt_time worst = INT64_MIN;

	w.srv = calloc(s->nservers ? s->nservers : 1, sizeof(*w.srv));
	w.open = malloc((s->ntasks ? s->ntasks : 1) * sizeof(*w.open));
	CU_ASSERT_PTR_NOT_NULL_FATAL(w.srv);
	CU_ASSERT_PTR_NOT_NULL_FATAL(w.open);
	for (size_t i = 0; i < s->ntasks; i++)
		w.open[i] = -1;
	for (size_t i = 0; i < s->nservers; i++)
		w.srv[i].wake_at = -1;
	e = cbs_start(s, &sink);
	for (size_t k = 0; k < s->nservers; k++) {
		const struct win_srv *v = &w.srv[k];
		rt_time T = s->servers[k].period, Q = s->servers[k].budget_max;

		for (size_t i = 0; i < v->ndl; i++) {
			rt_time lo = v->dl[i].d - T, hi = v->dl[i].d, got = 0;

			if (v->dl[i].superseded)
				continue;
			for (size_t j = 0; j < v->nsl; j++) {
				rt_time a = v->sl[j].a > lo ? v->sl[j].a : lo;
				rt_time b = v->sl[j].b < hi ? v->sl[j].b : hi;

				if (b > a)
					got += b - a;
			}
			if (got - Q > worst) {
				worst = got - Q;
				out->server = k;
				out->from = lo;
				out->to = hi;
			}
		}
	}
	for (size_t k = 0; k < s->nservers; k++) {
		free(w.srv[k].sl);
		free(w.srv[k].dl);
	}
	free(w.srv);
	free(w.open);
	cbs_release(e);
	return worst;
}

struct sim_engine *cbs_check_trace(const char *yaml, unsigned mask,
				   const char *want, struct scn_scenario **s)
{
	struct tu_trace tr;
	struct sim_config c;
	struct sim_sink sink = { .mask = mask, .emit = tu_trace_emit,
				 .ctx = &tr };
	struct sim_engine *e;

	*s = cbs_load_text(yaml);
	c = cbs_config(*s);
	memset(&tr, 0, sizeof(tr));
	tr.names = (*s)->tasks;
	tr.nnames = (*s)->ntasks;
	tr.short_end = true;
	e = tu_engine_run(&c, &sink);
	tu_expect_text(tr.buf, want);
	free(tr.buf);
	return e;
}

void cbs_check_done(struct sim_engine *e, struct scn_scenario *s)
{
	sim_engine_destroy(e);
	scn_free(s);
}
