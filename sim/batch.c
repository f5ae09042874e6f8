/* batch.c - one experiment set: draw, test, simulate (see batch.h). */
#include "sim/batch.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "models/analysis_resv.h"
#include "models/linux_dl.h"
#include "models/mem.h"


enum rt_err sim_exp_ws_init(struct sim_exp_ws *ws, const struct rt_exp *x)
{
	enum rt_err err;

	memset(ws, 0, sizeof(*ws));
	ws->n = rt_exp_max_tasks(x);
	err = rt_gen_ws_init(&ws->gen, ws->n);
	if (err)
		return err;
	ws->ts = rt_calloc(ws->n, sizeof(*ws->ts));
	ws->cluster = rt_calloc(ws->n, sizeof(*ws->cluster));
	ws->servers = rt_calloc(ws->n, sizeof(*ws->servers));
	ws->task_server = rt_calloc(ws->n, sizeof(*ws->task_server));
	ws->rs = rt_calloc(ws->n, sizeof(*ws->rs));
	ws->sim = rt_calloc(ws->n, sizeof(*ws->sim));
	ws->covered = rt_calloc(ws->n, sizeof(*ws->covered));
	ws->srv_ok = rt_calloc(ws->n, sizeof(*ws->srv_ok));
	ws->dom_ok = rt_calloc(ws->n, sizeof(*ws->dom_ok));
	ws->sub = rt_calloc(ws->n, sizeof(*ws->sub));
	ws->resp = rt_calloc(ws->n, sizeof(*ws->resp));
	ws->tard = rt_calloc(ws->n, sizeof(*ws->tard));
	if (!ws->ts || !ws->cluster || !ws->servers || !ws->task_server ||
	    !ws->rs || !ws->sim || !ws->covered || !ws->srv_ok ||
	    !ws->dom_ok || !ws->sub || !ws->resp || !ws->tard) {
		sim_exp_ws_fini(ws);
		return RT_ERR_NOMEM;
	}
	for (size_t i = 0; i < ws->n; i++)      /* the generator sets C, D, T */
		ws->ts[i] = rt_task_make(NULL, 1, 1, 1);
	return RT_OK;
}

void sim_exp_ws_fini(struct sim_exp_ws *ws)
{
	if (!ws)
		return;
	rt_gen_ws_fini(&ws->gen);
	rt_free(ws->ts);
	rt_free(ws->cluster);
	rt_free(ws->servers);
	rt_free(ws->task_server);
	rt_free(ws->rs);
	rt_free(ws->sim);
	rt_free(ws->covered);
	rt_free(ws->srv_ok);
	rt_free(ws->dom_ok);
	rt_free(ws->sub);
	rt_free(ws->resp);
	rt_free(ws->tard);
	memset(ws, 0, sizeof(*ws));
}

/* Is the realised U of ws->ts inside point p's bin [u - step/2, u +
 * step/2) (times m with per_cpu)?  Exact: the edges are
 * (2u -+ step) * mult / (2 * RT_EXP_UNIT). */
static enum rt_err exp_in_bin(const struct rt_exp *x, size_t p,
			      const struct rt_task *ts, bool *in)
{
	int64_t u2 = 2 * rt_exp_point_value(x, p);
	int64_t mult = x->per_cpu ? (int64_t)x->cpus : 1;
	int64_t den = 2 * (int64_t)RT_EXP_UNIT;
	int cmp;
	enum rt_err err;

	*in = false;
	if (u2 - x->step > 0) {
		err = rt_gen_util_cmp(ts, x->gen.ntasks,
				      (u2 - x->step) * mult, den, &cmp);
		if (err)
			return err;
		if (cmp < 0)
			return RT_OK;
	}
	err = rt_gen_util_cmp(ts, x->gen.ntasks, (u2 + x->step) * mult, den,
			      &cmp);
	if (err)
		return err;
	*in = cmp < 0;
	return RT_OK;
}

enum rt_err sim_exp_draw(const struct rt_exp *x, size_t p, uint64_t s,
			 struct sim_exp_ws *ws, unsigned *redrawn,
			 struct rt_diag *d)
{
	double total = rt_exp_point_total(x, p), target = total, shift = 0;
	double floor_u = 0;
	struct rt_exp v;
	struct rt_rng r;

	rt_exp_at(x, p, &v);            /* this point's tasks and CPUs */
	x = &v;
	for (size_t i = 0; x->gen.lower && i < x->gen.ntasks; i++)
		floor_u += x->gen.lower[i];     /* drs: no target below it */
	rt_rng_seed(&r, rt_rng_derive(x->seed, p, s));
	for (unsigned k = 0;; k++) {
		enum rt_err err = rt_gen_taskset(&x->gen, target, &r, &ws->gen,
						 ws->ts, d);
		bool in;

		if (err)
			return err;
		/* rounding C up lifts U by about sum 1/(2 T_i): aim the next
		 * draw lower by the mean lift seen so far */
		shift += rt_gen_realised(ws->ts, x->gen.ntasks) - target;
		target = total - shift / (k + 1);
		if (target < floor_u)
			target = floor_u;
		err = exp_in_bin(x, p, ws->ts, &in);
		if (err)
			return rt_diagf(d, err, "sample %llu: exact "
					"utilization: %s", (unsigned long long)s,
					rt_strerror(err));
		if (in) {
			*redrawn = k;
			return RT_OK;
		}
		if (k == x->redraws)
			return rt_diagf(d, RT_ERR_UNSUPPORTED, "U = %g: no "
					"draw of sample %llu had its realised "
					"utilization in the bin +- step/2 in "
					"%u redraws (C is rounded up: use longer "
					"periods, a coarser step or more "
					"redraws)", total, (unsigned long long)s,
					x->redraws);
	}
}

/*
 * The utilization and density tests without their notes: the registry
 * entries (models/tests.c) build the exact rational and format it into
 * the note, which an experiment never prints.  Here the sum is taken in
 * double; when it is more than 1e-9 away from the bound the verdict is
 * certain (n <= RT_GEN_MAX_TASKS terms C/T with C, T < 2^53 carry a
 * relative error below n 2^-52 < 1e-12), otherwise the registry decides
 * exactly.  Kinds as the registry gives them: utilization is exact on
 * one CPU with every D >= T, else necessary; density sufficient.  The
 * equality with the registry is a property test (tests/test_exp.c).
 */
static bool exp_fast_sum(const struct rt_exp *x, const struct rt_task *ts,
			 size_t n, bool density, struct rt_test_result *out)
{
	double bound = density ? 1.0 : (double)x->cpus, sum = 0;
	bool dlt = false;

	if (density && x->cpus != 1)
		return false;
	for (size_t i = 0; i < n; i++) {
		rt_time den = ts[i].period;

		if (ts[i].deadline < ts[i].period) {
			dlt = true;
			if (density)
				den = ts[i].deadline;
		}
		sum += (double)ts[i].wcet / (double)den;
	}
	if (!(sum < bound - 1e-9 || sum > bound + 1e-9))
		return false;
	out->verdict = sum <= bound ? RT_VERDICT_ACCEPT : RT_VERDICT_REJECT;
	out->kind = density ? RT_KIND_SUFFICIENT :
		    x->cpus == 1 && !dlt ? RT_KIND_EXACT : RT_KIND_NECESSARY;
	out->witness = RT_TIME_NEVER;
	out->note[0] = '\0';
	return true;
}

/*
 * The kernel's admission (sched_dl_overflow(), models/analysis_resv.h)
 * of the reservations into one root domain of all CPUs, as the simulated
 * kernel applies it: the default cap and the fair servers the
 * experiment's profile reserves ("6.12": 52428 per CPU).  The registry's
 * entry has no profile (no fair server).  Kind admission.
 */
static enum rt_err exp_linux_test(const struct rt_exp *x,
				  const struct rt_task *ts,
				  struct rt_test_result *out, struct rt_diag *d)
{
	unsigned m = x->cpus;
	struct rt_dl_adm_input in = {
		.tasks = ts, .n = x->gen.ntasks, .dom_cpus = &m, .ndom = 1,
		.rt_runtime_us = RT_DL_RT_RUNTIME_US_DEFAULT,
		.rt_period_us = RT_DL_RT_PERIOD_US_DEFAULT,
		.fair_bw = rt_dl_reserved_bw(rt_dl_profile(x->kernel), 1),
	};
	struct rt_dl_adm_task *tk = rt_calloc(x->gen.ntasks, sizeof(*tk));
	struct rt_dl_adm_dom dom;
	enum rt_err err;

	if (!tk)
		return rt_diagf(d, RT_ERR_NOMEM, "linux: out of memory");
	rt_test_result_init(out, RT_KIND_ADMISSION);
	err = rt_dl_admission(&in, tk, &dom, d);
	rt_free(tk);
	if (!err)
		out->verdict = dom.rejected ? RT_VERDICT_REJECT :
			       RT_VERDICT_ACCEPT;
	return err;
}

/* The policy model whose verdicts the tests give, for their exact_for:
 * the experiment's, except under linux-dl, where the tests other than
 * the kernel's admission are EDF over its reservations
 * (rt_exp_test_fits). */
static unsigned exp_kind_model(const struct rt_exp *x)
{
	return x->model == RT_AN_LINUX_DL ? RT_AN_EDF : x->model;
}

enum rt_err sim_exp_test_run(const struct rt_exp *x, size_t i,
			     const struct rt_task *ts,
			     struct rt_test_result *out, struct rt_diag *d)
{
	const struct rt_test_info *t = x->tests[i];
	size_t n = x->gen.ntasks;

	if (t->analyses.policies == RT_AN_LINUX_DL)
		return exp_linux_test(x, ts, out, d);
	if (!strcmp(t->name, "utilization") && exp_fast_sum(x, ts, n, false, out))
		return RT_OK;
	if (!strcmp(t->name, "density") && exp_fast_sum(x, ts, n, true, out))
		return RT_OK;
	/* a test with a priority order (fp-rta) in the simulated one */
	if (t->run_order && x->model == RT_AN_FP)
		return t->run_order(ts, n, x->cpus, (int)x->priorities, out,
				    d);
	return t->run(ts, n, x->cpus, out, d);
}

enum rt_err sim_exp_item(const struct rt_exp *x, size_t p, uint64_t s,
			 struct sim_exp_ws *ws, struct sim_exp_item *out,
			 struct rt_diag *d)
{
	struct rt_test_result res[RT_EXP_MAX_TESTS];
	struct rt_exp v;
	size_t n;
	enum rt_err err;

	rt_exp_at(x, p, &v);            /* this point's tasks and CPUs */
	x = &v;
	n = x->gen.ntasks;
	memset(out, 0, sizeof(*out));
	err = sim_exp_draw(x, p, s, ws, &out->redrawn, d);
	if (err)
		return err;
	out->realised = rt_gen_realised(ws->ts, n);
	if (rt_exp_reserved(x))         /* the tests see the reservations */
		rt_exp_reservations(x, ws->ts, ws->rs);
	for (size_t i = 0; i < x->ntests; i++) {
		err = sim_exp_test_run(x, i, rt_exp_reserved(x) ? ws->rs :
				       ws->ts, &res[i], d);
		if (err)
			return err;
		/* an "exact" kind holds only for the policy models the
		 * registry's exact_for lists (utilization: EDF and CBS; under
		 * fp it is only necessary), as `dlsim analyze` rules */
		if (res[i].kind == RT_KIND_EXACT && x->tests[i]->exact_for &&
		    !(x->tests[i]->exact_for & exp_kind_model(x)))
			res[i].kind = RT_KIND_NECESSARY;
		out->accepted[i] = res[i].verdict == RT_VERDICT_ACCEPT;
	}
	if (!x->simulate)
		return RT_OK;
	err = sim_exp_simulate(x, ws, out, d);
	if (err)
		return err;
	for (size_t i = 0; i < x->ntests; i++)
		if (rt_test_contradiction(&res[i], out->covered_missed &&
					  !out->unplaced,
					  out->exact && !out->missed))
			out->contradiction = true;
	/* a bound is an upper bound of every job's tardiness */
	if (out->bounded && out->tard_obs > out->bound)
		out->contradiction = true;
	return RT_OK;
}

