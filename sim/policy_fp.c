/* policy_fp.c - preemptive fixed-priority scheduling (docs/design.md §4, `fp`).
 *
 * Every task gets a static priority at init from the configured order
 * (sim_config.priorities: deadline-monotonic, rate-monotonic or explicit
 * per-task priority; models/analysis_fp.h, the same ranking the fp-rta
 * analysis uses, ties by task index), and its jobs inherit it.  Per
 * cluster of CPUs (sim/cluster.h): one CPU, uniprocessor FP; partitioned, one
 * FP scheduler per CPU; global, the m highest-priority ready jobs run;
 * clustered, the same inside each cluster.
 *
 * Key (lower runs first): k0 = rank (0 = highest priority), k1 = 0,
 * k2 = job index.  Ranks are distinct and only one job per task is ready,
 * so keys are unique and tie_break has nothing to decide.  A running job
 * is preempted only by a strictly higher priority.
 *
 * With servers (polling, deferrable, sporadic: cfg.servers) the entity
 * core of sim/server.c runs instead, keyed by rank (sv_rq.rank): each
 * server ranks as a task (rt_fp_server_ranks, models/analysis_fp.h) and
 * stands in the runqueue for the jobs it serves; its rules are
 * sim/server_fp.c.  Every hook then hands over to the core ('sv' set).
 */
#include "models/analysis_fp.h"
#include "models/mem.h"
#include "sim/cluster.h"
#include "sim/policy.h"
#include "sim/server.h"

struct fp_state {
	struct sim_crq *rq;             /* owned: the cluster runqueues */
	uint32_t *rank;                 /* task -> rank, 0 = highest; then
					 * the servers' (with servers) */
	struct sv_rq *sv;               /* owned: the entity core, with
					 * servers; NULL without */
};

static void fp_fini(void *state)
{
	struct fp_state *s = state;

	if (!s)
		return;
	if (s->sv) {
		sv_fini(s->sv);
		rt_free(s->sv);
	}
	sim_crq_destroy(s->rq);
	rt_free(s->rank);
	rt_free(s);
}

static enum sv_rules fp_rules(enum rt_server_kind k)
{
	return k == RT_SERVER_POLLING ? SV_RULES_POLLING :
	       k == RT_SERVER_SPORADIC ? SV_RULES_SPORADIC :
	       SV_RULES_DEFERRABLE;
}

/* With servers: the entity core keyed by rank. */
static enum rt_err fp_init_servers(struct sim_engine *e, struct fp_state *s,
				   void **state, struct rt_diag *d)
{
	const struct sim_config *cfg = sim_engine_config(e);
	enum rt_err err;

	err = rt_fp_server_ranks(cfg->tasks, cfg->ntasks, cfg->servers,
				 cfg->nservers, cfg->task_server,
				 cfg->priorities, s->rank, d);
	if (!err && !(s->sv = rt_calloc(1, sizeof(*s->sv))))
		err = rt_diagf(d, RT_ERR_NOMEM, "fp: out of memory");
	if (!err && (err = sv_init(s->sv, e, cfg->nservers, d))) {
		rt_free(s->sv);
		s->sv = NULL;
	}
	if (err) {
		fp_fini(s);
		return err;
	}
	s->sv->rank = s->rank;
	for (size_t i = 0; i < cfg->nservers; i++) {
		const struct rt_server *p = &cfg->servers[i];
		struct sv_server *v = &s->sv->srv[i];

		v->name = p->name;
		v->rules = fp_rules(p->kind);
		v->Q = p->budget_max;
		v->D = v->P = p->period;
		v->rank = s->rank[cfg->ntasks + i];
		v->st->name = p->name;
	}
	for (size_t i = 0; cfg->task_server && i < cfg->ntasks; i++)
		s->sv->tasks[i].server = cfg->task_server[i];
	err = sv_setup(s->sv, RT_DL_RUNTIME_INF, 0, d);
	if (!err)
		err = sv_fp_arm(s->sv);
	if (err) {
		fp_fini(s);
		return err;
	}
	*state = s;
	return RT_OK;
}

static enum rt_err fp_init(struct sim_engine *e, void **state,
			   struct rt_diag *d)
{
	const struct sim_config *cfg = sim_engine_config(e);
	struct fp_state *s = rt_calloc(1, sizeof(*s));
	enum rt_err err;

	if (!s)
		return rt_diagf(d, RT_ERR_NOMEM, "fp: out of memory");
	s->rank = rt_calloc(cfg->ntasks + cfg->nservers ?
			    cfg->ntasks + cfg->nservers : 1, sizeof(*s->rank));
	if (!s->rank) {
		fp_fini(s);
		return rt_diagf(d, RT_ERR_NOMEM, "fp: out of memory");
	}
	if (cfg->nservers)
		return fp_init_servers(e, s, state, d);
	err = rt_fp_ranks(cfg->tasks, cfg->ntasks, cfg->priorities, s->rank,
			  d);
	if (!err)
		err = sim_crq_create(e, &s->rq, d);
	if (err) {
		fp_fini(s);
		return err;
	}
	*state = s;
	return RT_OK;
}

static enum rt_err fp_enqueue(void *state, struct sim_job *j, unsigned flags)
{
	struct fp_state *s = state;

	(void)flags;
	if (s->sv)
		return sv_enqueue(s->sv, j, flags);
	j->key.k0 = s->rank[j->info.task];
	j->key.k1 = 0;
	j->key.k2 = j->info.job;
	return sim_crq_enqueue(s->rq, j);
}

static void fp_dequeue(void *state, struct sim_job *j, unsigned flags)
{
	struct fp_state *s = state;

	if (s->sv) {
		sv_dequeue(s->sv, j, flags);
		return;
	}
	sim_crq_dequeue(s->rq, j);
}

static enum rt_err fp_schedule(void *state)
{
	struct fp_state *s = state;

	if (s->sv)
		return sv_schedule(s->sv);
	return sim_crq_schedule(s->rq);
}

/* Only the servers arm timers and need the end of a run. */
static enum rt_err fp_timer(void *state, struct sim_event *ev)
{
	struct fp_state *s = state;

	return s->sv ? sv_timer(s->sv, ev) : RT_ERR_INVAL;
}

static enum rt_err fp_end(void *state)
{
	struct fp_state *s = state;

	return s->sv ? sv_end(s->sv) : RT_OK;
}

const struct sim_policy_ops sim_policy_fp = {
	.name        = "fp",
	.flags       = SIM_POLICY_CLUSTERS | SIM_POLICY_ADMISSION |
		       SIM_POLICY_PRIORITIES | SIM_POLICY_CRITICAL_INSTANT |
		       SIM_POLICY_FP_SERVERS,
	.analysed_as = RT_AN_FP,
	.init        = fp_init,
	.fini        = fp_fini,
	.enqueue     = fp_enqueue,
	.dequeue     = fp_dequeue,
	.schedule    = fp_schedule,
	.update_curr = NULL,
	.timer       = fp_timer,
	.end         = fp_end,
};
