/* batch.c - one experiment set: draw, test, simulate (see batch.h). */
#include "sim/batch.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "models/mem.h"
#include "models/placement.h"
#include "sim/horizon.h"


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
	if (!ws->ts || !ws->cluster || !ws->servers || !ws->task_server) {
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
	struct rt_exp v;
	struct rt_rng r;

	rt_exp_at(x, p, &v);            /* this point's tasks and CPUs */
	x = &v;
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
		if (target < 0)
			target = 0;
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

/* ---- simulation ---------------------------------------------------------- */

struct exp_miss {
	bool missed;
};

/* Stop at the first miss: RT_ERR_UNSUPPORTED is the private "stop"
 * signal, recognised by exp_simulate through 'missed'. */
static enum rt_err exp_stop_on_miss(void *ctx, const struct sim_rec *r)
{
	(void)r;
	((struct exp_miss *)ctx)->missed = true;
	return RT_ERR_UNSUPPORTED;
}

/* Jobs released in [0, H): sum floor(H / T_i) + 1 (double, estimate). */
static double exp_jobs(const struct rt_task *ts, size_t n, rt_time h)
{
	double j = 0;

	for (size_t i = 0; i < n; i++)
		j += (double)(h / ts[i].period) + 1;
	return j;
}

/* Cap h so that at most max_jobs jobs are released; *capped if cut. */
static rt_time exp_cap(uint64_t max_jobs, const struct rt_task *ts,
		       size_t n, rt_time h, bool *capped)
{
	double rate = 0, hc;

	*capped = false;
	if (exp_jobs(ts, n, h) <= (double)max_jobs)
		return h;
	for (size_t i = 0; i < n; i++)
		rate += 1.0 / (double)ts[i].period;
	hc = ((double)max_jobs - (double)n) / rate;
	*capped = true;
	if (!(hc >= 1))
		return 1;
	return hc < (double)h ? (rt_time)hc : h;
}

/* Horizon for U > m: t0 = sum(C_i D_i / T_i) / (U - m), with a relative
 * margin for the double arithmetic, + 2. */
static rt_time exp_over_horizon(const struct rt_exp *x,
				const struct rt_task *ts, size_t n)
{
	long double s = 0, u = 0, t0;

	for (size_t i = 0; i < n; i++) {
		s += (long double)ts[i].wcet * (long double)ts[i].deadline /
		     (long double)ts[i].period;
		u += (long double)ts[i].wcet / (long double)ts[i].period;
	}
	u -= (long double)x->cpus;
	if (!(u > 0))
		return RT_TIME_MAX / 2;
	t0 = s / u * (1 + 1e-6L) + 2;
	if (!(t0 < (long double)(RT_TIME_MAX / 2)))
		return RT_TIME_MAX / 2;
	return (rt_time)t0;
}

static enum rt_err exp_simulate(const struct rt_exp *x, struct sim_exp_ws *ws,
				struct sim_exp_item *out, struct rt_diag *d)
{
	const struct rt_task *ts = ws->ts;
	size_t n = x->gen.ntasks;
	const unsigned *cl = NULL;
	struct sim_horizon h;
	struct sim_config cfg;
	struct sim_engine *e = NULL;
	struct exp_miss mc = { false };
	struct sim_sink sink;
	bool over, capped, cbs = !strcmp(x->policy, "cbs");
	enum rt_err err;
	int cmp;

	if (x->placement != RT_EXP_PLACE_GLOBAL && x->cpus / x->cluster_size > 1) {
		struct rt_place_result pr;
		struct rt_diag why = { "" };

		err = rt_place(ts, n, x->cpus, x->cluster_size, x->partitioning,
			       !strcmp(x->policy, "fp") ? &x->priorities : NULL,
			       RT_UNI_BUDGET_DEFAULT, ws->cluster, &pr, &why);
		if (err == RT_ERR_NOMEM || err == RT_ERR_INVAL)
			return rt_diagf(d, err, "placement: %s", why.msg);
		if (err || pr.verdict != RT_VERDICT_ACCEPT) {
			out->unplaced = out->missed = true;
			return RT_OK;
		}
		cl = ws->cluster;
	}
	err = rt_gen_util_cmp(ts, n, (int64_t)x->cpus, 1, &cmp);
	if (err)
		return rt_diagf(d, err, "utilization: %s", rt_strerror(err));
	over = cmp > 0;
	if (over) {
		h.horizon = exp_over_horizon(x, ts, n);
		h.exact = false;        /* exact once the miss is seen */
	} else {
		/* the rule of `dlsim run` (horizon.h): servers may idle with
		 * work pending, so the hyperperiod rule for cbs, never exact */
		struct sim_horizon_req req = {
			.tasks = ts, .ntasks = n, .cpus = x->cpus,
			.policy = x->policy, .servers = cbs,
			.cpu_of = x->placement == RT_EXP_PLACE_PARTITIONED ?
				  cl : NULL,
			.user = RT_TIME_NEVER,
		};

		err = sim_horizon_for(&req, &h, d);
	}
	if (err)
		return err;
	/* max_jobs bounds the horizons that decide nothing for certain (the
	 * hyperperiod on several CPUs); an exact one (L_b, or t0 for U > m)
	 * is only cut at the engine's default cap, so that exactness is
	 * not lost to a small max_jobs */
	h.horizon = exp_cap(over || h.exact ? SIM_HORIZON_JOB_CAP : x->max_jobs,
			    ts, n, h.horizon, &capped);
	if (capped || strcmp(x->policy, "edf"))
		h.exact = false;
	memset(&cfg, 0, sizeof(cfg));
	cfg.tasks = ts;
	cfg.ntasks = n;
	cfg.cpus = x->cpus;
	cfg.policy = x->policy;
	cfg.horizon = h.horizon;
	cfg.placement = x->placement == RT_EXP_PLACE_PARTITIONED ?
			SIM_PLACE_PARTITIONED : x->placement == RT_EXP_PLACE_CLUSTERED ?
			SIM_PLACE_CLUSTERED : SIM_PLACE_GLOBAL;
	cfg.cluster_size = x->cluster_size;
	cfg.task_cluster = cl;
	cfg.priorities = x->priorities;
	cfg.totals_only = true;         /* only the first miss is wanted */
	if (cbs) {
		rt_exp_servers(x, ws->ts, ws->servers, ws->task_server);
		cfg.servers = ws->servers;
		cfg.nservers = n;
		cfg.task_server = ws->task_server;
	}
	err = sim_engine_create(&cfg, &e, d);
	if (err)
		return err;
	sink.mask = SIM_MASK(SIM_REC_MISS);
	sink.emit = exp_stop_on_miss;
	sink.ctx = &mc;
	err = sim_engine_add_sink(e, &sink);
	if (!err)
		err = sim_engine_run(e, d);
	if (err == RT_ERR_UNSUPPORTED && mc.missed)
		err = RT_OK;
	if (!err && sim_engine_stats(e)->misses > 0)
		mc.missed = true;
	sim_engine_destroy(e);
	if (err)
		return err;
	out->missed = mc.missed;
	out->exact = mc.missed || h.exact;
	return RT_OK;
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

enum rt_err sim_exp_test_run(const struct rt_exp *x, size_t i,
			     const struct rt_task *ts,
			     struct rt_test_result *out, struct rt_diag *d)
{
	const struct rt_test_info *t = x->tests[i];
	size_t n = x->gen.ntasks;

	if (!strcmp(t->name, "utilization") && exp_fast_sum(x, ts, n, false, out))
		return RT_OK;
	if (!strcmp(t->name, "density") && exp_fast_sum(x, ts, n, true, out))
		return RT_OK;
	if (!strcmp(t->name, "fp-rta"))
		return rt_fp_rta_test(ts, n, x->cpus, x->priorities, out, d);
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
	for (size_t i = 0; i < x->ntests; i++) {
		err = sim_exp_test_run(x, i, ws->ts, &res[i], d);
		if (err)
			return err;
		/* "exact" in the registry means exact for EDF (U <= 1 with
		 * D >= T): under fp only fp-rta is; the rest are necessary */
		if (!strcmp(x->policy, "fp") && res[i].kind == RT_KIND_EXACT &&
		    strcmp(x->tests[i]->name, "fp-rta"))
			res[i].kind = RT_KIND_NECESSARY;
		out->accepted[i] = res[i].verdict == RT_VERDICT_ACCEPT;
	}
	if (!x->simulate)
		return RT_OK;
	err = exp_simulate(x, ws, out, d);
	if (err)
		return err;
	for (size_t i = 0; i < x->ntests; i++)
		if (rt_test_contradiction(&res[i], out->missed && !out->unplaced,
					  out->exact && !out->missed))
			out->contradiction = true;
	return RT_OK;
}

