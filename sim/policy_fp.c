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
 * is preempted only by a strictly higher priority.  With a protocol that
 * changes priorities (pip, pcp) k0 is the task's effective rank
 * (sim_engine_prio): two tasks may then share it (the holder inherits
 * its waiter's), and a job with an equal rank does not preempt.
 *
 * is preempted only by a strictly higher priority.
 *
 * With servers (polling, deferrable, sporadic: cfg.servers) the engine
 * takes the variant sim_policy_fp_servers (sim_policy_ops.servers), so
 * the job-level hooks above stay as they are: it runs the entity core of
 * sim/server.c keyed by rank (sv_rq.rank), each server ranked as a task
 * (rt_fp_server_ranks, models/analysis_fp.h) and standing in the
 * runqueue for the jobs it serves; its rules are sim/server_fp.c.
 */
#include "models/analysis_fp.h"
#include "models/mem.h"
#include "sim/cluster.h"
#include "sim/policy.h"
#include "sim/server.h"

struct fp_state {
	struct sim_crq *rq;             /* owned: the cluster runqueues */
	uint32_t *rank;                 /* task -> rank, 0 = highest */
	const uint32_t *key;            /* the ranks jobs are keyed by:
					 * the effective ones (pip, pcp:
					 * sim_engine_prio), else 'rank' */
};

static void fp_fini(void *state)
{
	struct fp_state *s = state;

	if (!s)
		return;
	sim_crq_destroy(s->rq);
	rt_free(s->rank);
	rt_free(s);
}

static enum rt_err fp_init(struct sim_engine *e, void **state,
			   struct rt_diag *d)
{
	const struct sim_config *cfg = sim_engine_config(e);
	struct fp_state *s = rt_calloc(1, sizeof(*s));
	enum rt_err err;

	if (!s)
		return rt_diagf(d, RT_ERR_NOMEM, "fp: out of memory");
	s->rank = rt_calloc(cfg->ntasks ? cfg->ntasks : 1, sizeof(*s->rank));
	if (!s->rank) {
		fp_fini(s);
		return rt_diagf(d, RT_ERR_NOMEM, "fp: out of memory");
	}
	err = rt_fp_ranks(cfg->tasks, cfg->ntasks, cfg->priorities, s->rank,
			  d);
	if (!err)
		err = sim_crq_create(e, &s->rq, d);
	s->key = sim_engine_prio(e) ? sim_engine_prio(e) : s->rank;
	if (err) {
		fp_fini(s);
		return err;
	}
	sim_engine_crq(e, s->rq);       /* fp_dequeue, fp_schedule */
	*state = s;
	return RT_OK;
}

static enum rt_err fp_enqueue(void *state, struct sim_job *j, unsigned flags)
{
	struct fp_state *s = state;

	(void)flags;
	j->key.k0 = s->key[j->info.task];
	j->key.k1 = 0;
	j->key.k2 = j->info.job;
	return sim_crq_enqueue(s->rq, j);
}

static void fp_dequeue(void *state, struct sim_job *j, unsigned flags)
{
	struct fp_state *s = state;

	(void)flags;
	sim_crq_dequeue(s->rq, j);
}

static enum rt_err fp_schedule(void *state)
{
	struct fp_state *s = state;

	return sim_crq_schedule(s->rq);
}

/* ---- with servers: the entity core keyed by rank ------------------------ */

struct fps_state {
	struct sv_rq rq;                /* the entity core (sv_init) */
	uint32_t *rank;                 /* tasks' then servers' ranks */
	bool rq_ok;                     /* rq initialised */
};

static void fps_fini(void *state)
{
	struct fps_state *s = state;

	if (!s)
		return;
	if (s->rq_ok)
		sv_fini(&s->rq);
	rt_free(s->rank);
	rt_free(s);
}

static enum sv_rules fps_rules(enum rt_server_kind k)
{
	return k == RT_SERVER_POLLING ? SV_RULES_POLLING :
	       k == RT_SERVER_SPORADIC ? SV_RULES_SPORADIC :
	       SV_RULES_DEFERRABLE;
}

static enum rt_err fps_init(struct sim_engine *e, void **state,
			    struct rt_diag *d)
{
	const struct sim_config *cfg = sim_engine_config(e);
	struct fps_state *s = rt_calloc(1, sizeof(*s));
	size_t n = cfg->ntasks + cfg->nservers;
	enum rt_err err;

	if (!s || !(s->rank = rt_calloc(n ? n : 1, sizeof(*s->rank)))) {
		fps_fini(s);
		return rt_diagf(d, RT_ERR_NOMEM, "fp: out of memory");
	}
	err = rt_fp_server_ranks(cfg->tasks, cfg->ntasks, cfg->servers,
				 cfg->nservers, cfg->task_server,
				 cfg->priorities, s->rank, d);
	if (!err && !(err = sv_init(&s->rq, e, cfg->nservers, d)))
		s->rq_ok = true;
	if (err) {
		fps_fini(s);
		return err;
	}
	s->rq.rank = s->rank;
	for (size_t i = 0; i < cfg->nservers; i++) {
		const struct rt_server *p = &cfg->servers[i];
		struct sv_server *v = &s->rq.srv[i];

		v->name = p->name;
		v->rules = fps_rules(p->kind);
		v->Q = p->budget_max;
		v->D = v->P = p->period;
		v->rank = s->rank[cfg->ntasks + i];
		v->st->name = p->name;
	}
	for (size_t i = 0; cfg->task_server && i < cfg->ntasks; i++)
		s->rq.tasks[i].server = cfg->task_server[i];
	err = sv_setup(&s->rq, RT_DL_RUNTIME_INF, 0, d);
	if (!err)
		err = sv_fp_arm(&s->rq);
	if (err) {
		fps_fini(s);
		return err;
	}
	*state = s;
	return RT_OK;
}

static enum rt_err fps_enqueue(void *state, struct sim_job *j, unsigned flags)
{
	return sv_enqueue(&((struct fps_state *)state)->rq, j, flags);
}

static void fps_dequeue(void *state, struct sim_job *j, unsigned flags)
{
	sv_dequeue(&((struct fps_state *)state)->rq, j, flags);
}

static enum rt_err fps_schedule(void *state)
{
	return sv_schedule(&((struct fps_state *)state)->rq);
}

static enum rt_err fps_timer(void *state, struct sim_event *ev)
{
	return sv_timer(&((struct fps_state *)state)->rq, ev);
}

static enum rt_err fps_end(void *state)
{
	return sv_end(&((struct fps_state *)state)->rq);
}

#define FP_FLAGS (SIM_POLICY_CLUSTERS | SIM_POLICY_ADMISSION |            \
		  SIM_POLICY_PRIORITIES | SIM_POLICY_CRITICAL_INSTANT |       \
		  SIM_POLICY_FP_SERVERS)

/* no scheduler.admission: the registry's tests analyse no servers (the
 * loader refuses it first) */
const struct sim_policy_ops sim_policy_fp_servers = {
	.name        = "fp",
	.flags       = FP_FLAGS & ~SIM_POLICY_ADMISSION,
	.analysed_as = RT_AN_FP,
	.init        = fps_init,
	.fini        = fps_fini,
	.enqueue     = fps_enqueue,
	.dequeue     = fps_dequeue,
	.schedule    = fps_schedule,
	.update_curr = NULL,
	.timer       = fps_timer,
	.end         = fps_end,
};

const struct sim_policy_ops sim_policy_fp = {
	.name        = "fp",
	.flags       = FP_FLAGS | SIM_POLICY_LOCKS_FP | SIM_POLICY_JOB_LEVEL,
	.analysed_as = RT_AN_FP,
	.init        = fp_init,
	.fini        = fp_fini,
	.enqueue     = fp_enqueue,
	.dequeue     = fp_dequeue,
	.schedule    = fp_schedule,
	.update_curr = NULL,
	.timer       = NULL,
	.servers     = &sim_policy_fp_servers,
};
