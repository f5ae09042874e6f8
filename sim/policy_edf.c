/* policy_edf.c - preemptive EDF on absolute job deadlines (docs/design.md §4).
 *
 * Per cluster of CPUs (sim/cluster.h, placement in engine.h): with one CPU
 * this is uniprocessor EDF (Liu & Layland 1973; docs/theory.md §A); partitioned,
 * each CPU runs uniprocessor EDF over its own tasks (docs/theory.md §C); global,
 * the m most urgent ready jobs run (docs/theory.md §B); clustered, the same inside
 * each cluster of k CPUs.
 *
 * Key (lower runs first): k0 = absolute deadline d; ties (docs/theory.md §0.3):
 *   tie_break task-order:  (task index, job index)
 *   tie_break fifo:        (release r, task index)
 * Only one job per task is ever ready (the engine enqueues FIFO heads),
 * so both keys are unique.  A running job is never preempted by an equal
 * deadline (kernel dl_entity_preempt(): strict '<'): tie-breaks only
 * order waiting jobs.
 *
 * Placement, preemption victims, CPU choice and costs: sim/cluster.h.
 */
#include "models/mem.h"
#include "sim/cluster.h"
#include "sim/policy.h"

struct edf_state {
	struct sim_crq *rq;             /* owned: the cluster runqueues */
	enum sim_tie_break tie;         /* how equal deadlines are ordered */
};

static void edf_fini(void *state)
{
	struct edf_state *s = state;

	if (!s)
		return;
	sim_crq_destroy(s->rq);
	rt_free(s);
}

static enum rt_err edf_init(struct sim_engine *e, void **state,
			    struct rt_diag *d)
{
	struct edf_state *s = rt_calloc(1, sizeof(*s));
	enum rt_err err;

	if (!s)
		return rt_diagf(d, RT_ERR_NOMEM, "edf: out of memory");
	s->tie = sim_engine_config(e)->tie_break;
	err = sim_crq_create(e, &s->rq, d);
	if (err) {
		rt_free(s);
		return err;
	}
	sim_engine_crq(e, s->rq);       /* edf_dequeue, edf_schedule */
	*state = s;
	return RT_OK;
}

static enum rt_err edf_enqueue(void *state, struct sim_job *j, unsigned flags)
{
	struct edf_state *s = state;

	(void)flags;
	j->key.k0 = j->info.abs_deadline;
	if (s->tie == SIM_TIE_FIFO) {
		j->key.k1 = j->info.release;
		j->key.k2 = j->info.task;
	} else {
		j->key.k1 = j->info.task;
		j->key.k2 = j->info.job;
	}
	return sim_crq_enqueue(s->rq, j);
}

static void edf_dequeue(void *state, struct sim_job *j, unsigned flags)
{
	struct edf_state *s = state;

	(void)flags;
	sim_crq_dequeue(s->rq, j);
}

static enum rt_err edf_schedule(void *state)
{
	struct edf_state *s = state;

	return sim_crq_schedule(s->rq);
}

const struct sim_policy_ops sim_policy_edf = {
	.name        = "edf",
	.flags       = SIM_POLICY_CLUSTERS | SIM_POLICY_ADMISSION |
		       SIM_POLICY_LOCKS_EDF |
		       SIM_POLICY_CRITICAL_INSTANT |
		       SIM_POLICY_JOB_LEVEL,
	.analysed_as = RT_AN_EDF,
	.init        = edf_init,
	.fini        = edf_fini,
	.enqueue     = edf_enqueue,
	.dequeue     = edf_dequeue,
	.schedule    = edf_schedule,
	.update_curr = NULL,
	.timer       = NULL,
};
