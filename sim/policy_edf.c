/* policy_edf.c - preemptive EDF on absolute job deadlines (DESIGN 4).
 *
 * One runqueue serves all of the engine's CPUs: with cpus == 1 this is
 * uniprocessor EDF (Liu & Layland 1973; THEORY A), with cpus == m > 1 it
 * is global EDF (THEORY B): the m most urgent ready jobs run.
 *
 * State: 'ready', a min-heap of the jobs waiting for a CPU; 'running', a
 * max-heap of the jobs on CPUs (the preemption victim, the least urgent
 * running job, is its top); a stack of idle CPUs.  Invariant after
 * edf_schedule(): no CPU is idle while 'ready' is non-empty, and no
 * waiting job has a strictly earlier deadline than a running one.
 *
 * Key (lower runs first): k0 = absolute deadline d; ties (THEORY 0.3):
 *   tie_break task-order:  (task index, job index)
 *   tie_break fifo:        (release r, task index)
 * Only one job per task is ever ready (the engine enqueues FIFO heads),
 * so both keys are unique.  A running job is never preempted by an equal
 * deadline (kernel dl_entity_preempt(): strict '<'): tie-breaks only
 * order waiting jobs.
 *
 * check_preempt (edf_enqueue): a newly ready job asks the engine for a
 * decision only if a CPU is idle or its deadline is strictly earlier than
 * the latest running one; otherwise nothing could change.
 *
 * Placement: a job that gets an idle CPU goes back to the CPU it last
 * ran on if that one is idle (no migration), else to the idle CPU on top
 * of the stack (initially CPU 0, 1, ...); a preempting job takes the
 * victim's CPU.
 *
 * Cost per enqueue/dequeue O(log n) (n = tasks), per change of the
 * assignment O(log n + log m).  No allocation after init: 'ready' holds at
 * most one job per task and 'running' at most one per CPU.
 */
#include <assert.h>
#include <limits.h>

#include "models/mem.h"
#include "sim/policy.h"
#include "sim/rq.h"

#define EDF_NOT_IDLE UINT_MAX

struct edf_rq {
	struct sim_engine *e;           /* borrowed: the engine we serve */
	enum sim_tie_break tie;         /* how equal deadlines are ordered */
	unsigned ncpus;                 /* CPUs served (all of the engine's) */
	struct sim_rq ready;            /* min-heap: waiting FIFO heads */
	struct sim_rq running;          /* max-heap: jobs on CPUs */
	unsigned *idle;                 /* idle CPUs; top is idle[nidle-1] */
	unsigned *idle_pos;             /* cpu -> slot in idle[] or NOT_IDLE */
	unsigned nidle;                 /* idle CPUs */
};

static void edf_fini(void *state)
{
	struct edf_rq *rq = state;

	if (!rq)
		return;
	sim_rq_fini(&rq->ready);
	sim_rq_fini(&rq->running);
	rt_free(rq->idle);
	rt_free(rq->idle_pos);
	rt_free(rq);
}

static enum rt_err edf_init(struct sim_engine *e, void **state,
			    struct rt_diag *d)
{
	const struct sim_config *cfg = sim_engine_config(e);
	struct edf_rq *rq = rt_calloc(1, sizeof(*rq));
	size_t nrun;

	if (!rq)
		return rt_diagf(d, RT_ERR_NOMEM, "edf: out of memory");
	rq->e = e;
	rq->tie = cfg->tie_break;
	rq->ncpus = cfg->cpus;
	sim_rq_init(&rq->ready, false);
	sim_rq_init(&rq->running, true);
	nrun = cfg->cpus < cfg->ntasks ? cfg->cpus : cfg->ntasks;
	rq->idle = rt_calloc(cfg->cpus, sizeof(*rq->idle));
	rq->idle_pos = rt_calloc(cfg->cpus, sizeof(*rq->idle_pos));
	if (!rq->idle || !rq->idle_pos ||
	    sim_rq_reserve(&rq->ready, cfg->ntasks) != RT_OK ||
	    sim_rq_reserve(&rq->running, nrun) != RT_OK) {
		edf_fini(rq);
		return rt_diagf(d, RT_ERR_NOMEM, "edf: out of memory");
	}
	/* CPU 0 on top of the stack, so idle CPUs are taken in index order. */
	for (unsigned c = 0; c < rq->ncpus; c++) {
		unsigned slot = rq->ncpus - 1 - c;

		rq->idle[slot] = c;
		rq->idle_pos[c] = slot;
	}
	rq->nidle = rq->ncpus;
	*state = rq;
	return RT_OK;
}

static void edf_idle_push(struct edf_rq *rq, unsigned cpu)
{
	assert(rq->idle_pos[cpu] == EDF_NOT_IDLE && rq->nidle < rq->ncpus);
	rq->idle_pos[cpu] = rq->nidle;
	rq->idle[rq->nidle++] = cpu;
}

/* Take 'cpu' out of the idle stack (swap with the top). */
static void edf_idle_take(struct edf_rq *rq, unsigned cpu)
{
	unsigned slot = rq->idle_pos[cpu];
	unsigned top = rq->idle[--rq->nidle];

	assert(slot != EDF_NOT_IDLE);
	rq->idle[slot] = top;
	rq->idle_pos[top] = slot;
	rq->idle_pos[cpu] = EDF_NOT_IDLE;
}

/* An idle CPU for j: the one it last ran on if idle, else the top. */
static unsigned edf_idle_pick(const struct edf_rq *rq, const struct sim_job *j)
{
	int last = j->info.cpu;

	if (last >= 0 && rq->idle_pos[last] != EDF_NOT_IDLE)
		return (unsigned)last;
	return rq->idle[rq->nidle - 1];
}

static enum rt_err edf_enqueue(void *state, struct sim_job *j, unsigned flags)
{
	struct edf_rq *rq = state;
	const struct sim_job *victim;

	(void)flags;
	j->key.k0 = j->info.abs_deadline;
	if (rq->tie == SIM_TIE_FIFO) {
		j->key.k1 = j->info.release;
		j->key.k2 = j->info.task;
	} else {
		j->key.k1 = j->info.task;
		j->key.k2 = j->info.job;
	}
	j->pcpu = -1;
	/* check_preempt: a decision is needed only if j can run now. */
	victim = sim_rq_top(&rq->running);
	if (rq->nidle || j->key.k0 < victim->key.k0)
		sim_engine_resched(rq->e);
	return sim_rq_push(&rq->ready, j);
}

static void edf_dequeue(void *state, struct sim_job *j, unsigned flags)
{
	struct edf_rq *rq = state;

	(void)flags;
	if (j->pcpu >= 0) {
		sim_rq_remove(&rq->running, j);
		edf_idle_push(rq, (unsigned)j->pcpu);
		j->pcpu = -1;
	} else {
		sim_rq_remove(&rq->ready, j);
	}
}

/* Put j (already out of 'ready') on cpu. */
static enum rt_err edf_place(struct edf_rq *rq, struct sim_job *j, unsigned cpu)
{
	enum rt_err err = sim_rq_push(&rq->running, j);

	if (err)
		return err;
	j->pcpu = (int)cpu;
	sim_engine_assign(rq->e, cpu, j);
	return RT_OK;
}

static enum rt_err edf_schedule(void *state)
{
	struct edf_rq *rq = state;
	struct sim_job *j, *victim;
	enum rt_err err;

	while ((j = sim_rq_top(&rq->ready)) != NULL) {
		unsigned cpu;

		if (rq->nidle) {
			cpu = edf_idle_pick(rq, j);
			edf_idle_take(rq, cpu);
			sim_rq_pop(&rq->ready);
			err = edf_place(rq, j, cpu);
			if (err)
				return err;
			continue;
		}
		victim = sim_rq_top(&rq->running);
		if (j->key.k0 >= victim->key.k0)
			break;          /* equal deadline: no preemption */
		/* Swap: j takes the victim's CPU, the victim waits. */
		cpu = (unsigned)victim->pcpu;
		victim->pcpu = -1;
		sim_rq_replace_top(&rq->ready, victim);
		sim_rq_replace_top(&rq->running, j);
		j->pcpu = (int)cpu;
		sim_engine_assign(rq->e, cpu, j);
	}
	return RT_OK;
}

const struct sim_policy_ops sim_policy_edf = {
	.name        = "edf",
	.init        = edf_init,
	.fini        = edf_fini,
	.enqueue     = edf_enqueue,
	.dequeue     = edf_dequeue,
	.schedule    = edf_schedule,
	.update_curr = NULL,
	.timer       = NULL,
};
