/* batch_sim.c - one experiment set simulated (batch.h): placement,
 * horizon, the engine run to the first miss that decides something,
 * reservations, and the tardiness observed against its bound.
 *
 * Which misses stop the run early (they decide the set): any miss for
 * plain EDF and FP; under reservations (cbs, linux-dl) a server deadline
 * miss or a miss of a task its reservation guarantees (the others are
 * counted and the run goes on, so that a later miss the tests speak for
 * is still seen); none when the set has a tardiness bound and the
 * experiment measures tardiness (the largest tardiness needs the whole
 * horizon).
 */
#include "sim/batch.h"

#include <string.h>

#include "models/analysis_resv.h"
#include "models/bounds.h"
#include "models/linux_dl.h"
#include "models/placement.h"
#include "sim/horizon.h"

struct exp_miss {
	const bool *covered;            /* per task: its misses contradict an
					 * accepting test (reservations); NULL:
					 * every task's do */
	const bool *dom_ok;             /* per task: its server's misses do
					 * (NULL: every server's) */
	bool stop;                      /* stop at the first deciding miss */
	bool missed;                    /* a job missed */
	bool covered_missed;            /* a covered job or a server missed */
	bool refused;                   /* admission refused a task */
};

/* RT_ERR_UNSUPPORTED is the private "stop" signal, recognised by
 * sim_exp_simulate through 'covered_missed' and 'refused'.  A task the
 * kernel's admission refuses never runs: the set as configured cannot
 * run, which decides it. */
static enum rt_err exp_on_miss(void *ctx, const struct sim_rec *r)
{
	struct exp_miss *m = ctx;

	if (r->kind == SIM_REC_REJECT) {
		m->refused = true;
		return RT_ERR_UNSUPPORTED;
	}
	if (r->kind == SIM_REC_MISS)
		m->missed = true;
	if (r->kind == SIM_REC_SERVER_MISS ? !m->dom_ok || m->dom_ok[r->task] :
	    !m->covered || m->covered[r->task])
		m->covered_missed = true;
	return m->stop && m->covered_missed ? RT_ERR_UNSUPPORTED : RT_OK;
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

/*
 * The tardiness bound of the set (models/bounds.h), domain by domain:
 * one of all CPUs (global), each cluster of the placement in cl (NULL:
 * global).  *bounded when every domain has a bound; *bound the largest.
 * A domain without one (U above its capacity, a level utilization, fixed
 * priority on several CPUs, an analysis that could not decide) leaves
 * the set without a bound.
 */
static enum rt_err exp_bound(const struct rt_exp *x, struct sim_exp_ws *ws,
			     const unsigned *cl, bool *bounded, rt_time *bound)
{
	size_t n = x->gen.ntasks;
	unsigned ndom = cl ? x->cpus / x->cluster_size : 1;
	bool fp = x->model == RT_AN_FP;

	*bounded = false;
	*bound = 0;
	for (unsigned c = 0; c < ndom; c++) {
		struct rt_bound_domain b;
		size_t k = 0;
		enum rt_err err;

		for (size_t i = 0; i < n; i++)
			if (!cl || cl[i] == c)
				ws->sub[k++] = ws->ts[i];
		if (!k)
			continue;
		err = rt_bound_domain(ws->sub, k, cl ? x->cluster_size : x->cpus,
				      fp ? &x->priorities : NULL, false, "",
				      ws->resp, ws->tard, &b);
		if (err)
			return err;
		if (b.status != RT_BOUND_OK)
			return RT_OK;
		if (b.delta > *bound)
			*bound = b.delta;
	}
	*bounded = true;
	return RT_OK;
}

/*
 * Reservations: which tasks their reservation guarantees once the
 * reservations' deadlines are met (models/analysis_resv.h), and which
 * servers' misses contradict a test.  linux-dl: a task whose jobs keep to
 * its reservation (rt_dl_task_no_guarantee).  cbs (server i serves task
 * i): the tests see each server as (Q_s, D_s, T_s), which speaks for a
 * domain (a cluster; cl NULL: all CPUs) only when every server of it is
 * sporadic (rt_cbs_server_sporadic, the rule of `dlsim run` and
 * `analyze`: a cbs or hard-cbs server with D_s < T_s whose task's jobs
 * exceed Q_s takes Q_s again within D_s, the domino effect); in such a
 * domain a task is covered when its server guarantees it
 * (rt_cbs_task_guarantee: demand <= Q_s, releases >= T_s apart, no
 * suspension) and jitter + D_s <= D.  O(n^2).
 */
static void exp_covered(const struct rt_exp *x, struct sim_exp_ws *ws,
			const struct rt_task *simt, const unsigned *cl)
{
	size_t n = x->gen.ntasks;
	unsigned m = cl ? x->cluster_size : x->cpus;
	bool all = true;

	for (size_t i = 0; i < n; i++) {
		ws->dom_ok[i] = true;
		if (x->model != RT_AN_CBS) {    /* linux-dl: its own deadline */
			ws->covered[i] = !rt_dl_task_no_guarantee(&simt[i]);
			continue;
		}
		ws->srv_ok[i] = rt_cbs_server_sporadic(ws->ts, n,
				ws->task_server, ws->servers, i, m);
		all = all && ws->srv_ok[i];
		ws->covered[i] = rt_cbs_task_covered(ws->ts, n,
						     ws->task_server,
						     ws->servers, i);
	}
	for (size_t i = 0; !all && i < n; i++)
		for (size_t j = 0; j < n; j++)
			if (!ws->srv_ok[j] && (!cl || cl[j] == cl[i]))
				ws->dom_ok[i] = ws->covered[i] = false;
}

/* linux-dl: the engine's configuration of the simulated kernel. */
static void exp_linux_config(const struct rt_exp *x, struct sim_config *cfg)
{
	const struct rt_dl_rules *r = rt_dl_profile(x->kernel);

	cfg->dl_rules = r;
	if (r->fair_server) {
		cfg->fair_runtime = r->fair_runtime;
		cfg->fair_deadline = r->fair_deadline;
		cfg->fair_period = r->fair_period;
		cfg->fair_reserve = r->fair_reserve;
		cfg->fair_defer = r->fair_defer;
	}
}

/* The tasks as the engine runs them: the drawn ones (edf, fp, cbs: the
 * servers apart), or under linux-dl each task's reservation whose jobs
 * demand the drawn C (an execution list of one value). */
static const struct rt_task *exp_sim_tasks(const struct rt_exp *x,
					   struct sim_exp_ws *ws)
{
	if (!rt_exp_reserved(x))
		return ws->ts;
	if (x->model == RT_AN_CBS) {
		rt_exp_servers(x, ws->ts, ws->servers, ws->task_server);
		return ws->ts;
	}
	for (size_t i = 0; i < x->gen.ntasks; i++) {
		ws->sim[i] = ws->rs[i];
		if (ws->ts[i].wcet != ws->rs[i].wcet) {
			ws->sim[i].exec = RT_EXEC_LIST;
			ws->sim[i].exec_values = &ws->ts[i].wcet;
			ws->sim[i].nexec_values = 1;
		}
	}
	return ws->sim;
}

enum rt_err sim_exp_simulate(const struct rt_exp *x, struct sim_exp_ws *ws,
			     struct sim_exp_item *out, struct rt_diag *d)
{
	const struct rt_task *ts = ws->ts, *simt;
	size_t n = x->gen.ntasks;
	const unsigned *cl = NULL;
	struct sim_horizon h;
	struct sim_config cfg;
	struct sim_engine *e = NULL;
	struct exp_miss mc = { NULL, NULL, true, false, false, false };
	struct sim_sink sink;
	bool over, capped, resv = rt_exp_reserved(x);
	bool cbs = x->model == RT_AN_CBS;
	enum rt_err err;
	int cmp;

	simt = exp_sim_tasks(x, ws);
	if (x->placement != RT_EXP_PLACE_GLOBAL && x->cpus / x->cluster_size > 1) {
		struct rt_place_result pr;
		struct rt_diag why = { "" };

		/* reservations are packed by their bandwidth, as the
		 * partitioned tests of the reservations pack them */
		err = rt_place(resv ? ws->rs : ts, n, x->cpus, x->cluster_size,
			       x->partitioning,
			       x->model == RT_AN_FP ? &x->priorities : NULL,
			       RT_UNI_BUDGET_DEFAULT, ws->cluster, &pr, &why);
		if (err == RT_ERR_NOMEM || err == RT_ERR_INVAL)
			return rt_diagf(d, err, "placement: %s", why.msg);
		/* not schedulable as configured, for certain: nothing to
		 * simulate, and a definite verdict (batch.h) */
		if (err || pr.verdict != RT_VERDICT_ACCEPT) {
			out->unplaced = out->missed = out->exact = true;
			return RT_OK;
		}
		cl = ws->cluster;
	}
	err = rt_gen_util_cmp(ts, n, (int64_t)x->cpus, 1, &cmp);
	if (err)
		return rt_diagf(d, err, "utilization: %s", rt_strerror(err));
	over = cmp > 0;
	if (x->tardiness && !over) {
		err = exp_bound(x, ws, cl, &out->bounded, &out->bound);
		if (err)
			return rt_diagf(d, err, "tardiness bound: %s",
					rt_strerror(err));
		mc.stop = !out->bounded;
	}
	if (resv) {
		exp_covered(x, ws, simt, cl);
		mc.covered = ws->covered;
		mc.dom_ok = ws->dom_ok;
	}
	if (over) {
		h.horizon = exp_over_horizon(x, ts, n);
		h.exact = false;        /* exact once the miss is seen */
	} else {
		/* the rule of `dlsim run` (horizon.h): reservations may idle
		 * with work pending, so the hyperperiod rule, never exact */
		struct sim_horizon_req req = {
			.tasks = simt, .ntasks = n, .cpus = x->cpus,
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
	if (capped || x->model != RT_AN_EDF)
		h.exact = false;
	memset(&cfg, 0, sizeof(cfg));
	cfg.tasks = simt;
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
	cfg.totals_only = true;         /* the misses and the largest
					 * tardiness are all that is wanted */
	if (cbs) {
		cfg.servers = ws->servers;
		cfg.nservers = n;
		cfg.task_server = ws->task_server;
	} else if (resv) {
		exp_linux_config(x, &cfg);
	}
	err = sim_engine_create(&cfg, &e, d);
	if (err)
		return err;
	sink.mask = SIM_MASK(SIM_REC_MISS) |
		    (resv ? SIM_MASK(SIM_REC_SERVER_MISS) |
			    SIM_MASK(SIM_REC_REJECT) : 0);
	sink.emit = exp_on_miss;
	sink.ctx = &mc;
	err = sim_engine_add_sink(e, &sink);
	if (!err)
		err = sim_engine_run(e, d);
	if (err == RT_ERR_UNSUPPORTED && (mc.covered_missed || mc.refused))
		err = RT_OK;
	if (!err) {
		const struct sim_stats *st = sim_engine_stats(e);

		mc.missed |= st->misses > 0;
		out->refused = mc.refused || st->rejected > 0;
		out->tard_obs = st->max_tardiness;
	}
	sim_engine_destroy(e);
	if (err)
		return err;
	out->missed = mc.missed || out->refused;
	out->covered_missed = mc.covered_missed && !out->refused;
	out->exact = out->missed || h.exact;
	return RT_OK;
}
