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
 */
#include "models/analysis_fp.h"
#include "models/mem.h"
#include "sim/cluster.h"
#include "sim/policy.h"

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

const struct sim_policy_ops sim_policy_fp = {
	.name        = "fp",
	.flags       = SIM_POLICY_CLUSTERS | SIM_POLICY_ADMISSION |
		       SIM_POLICY_PRIORITIES | SIM_POLICY_CRITICAL_INSTANT |
		       SIM_POLICY_LOCKS_FP |
		       SIM_POLICY_JOB_LEVEL,
	.analysed_as = RT_AN_FP,
	.init        = fp_init,
	.fini        = fp_fini,
	.enqueue     = fp_enqueue,
	.dequeue     = fp_dequeue,
	.schedule    = fp_schedule,
	.update_curr = NULL,
	.timer       = NULL,
};
