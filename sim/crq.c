/* crq.c - cluster runqueues (see crq.h). */
#include "sim/crq.h"

#include <assert.h>

#include "models/mem.h"
#include "sim/cluster.h"
#include "sim/rq.h"

struct sim_crq {
	struct sim_clusters cs;         /* the clusters' heaps and CPUs */
};

void sim_crq_destroy(struct sim_crq *q)
{
	if (!q)
		return;
	sim_clusters_fini(&q->cs);
	rt_free(q);
}

enum rt_err sim_crq_create(struct sim_engine *e, struct sim_crq **out,
			   struct rt_diag *d)
{
	struct sim_crq *q = rt_calloc(1, sizeof(*q));

	if (!q || sim_clusters_init(&q->cs, e) != RT_OK) {
		sim_crq_destroy(q);
		return rt_diagf(d, RT_ERR_NOMEM, "runqueues: out of memory");
	}
	*out = q;
	return RT_OK;
}

enum rt_err sim_crq_enqueue(struct sim_crq *q, struct sim_job *j)
{
	struct sim_cluster *c = sim_clusters_of(&q->cs, j->info.task);

	j->pcpu = -1;
	/* check_preempt: a decision is needed only if j can run now (the
	 * running heap is never empty when no CPU is idle). */
	if (c->nidle || j->key.k0 < c->running.heap[0].key.k0)
		sim_clusters_mark(&q->cs, c);
	return sim_rq_push(&c->ready, j);
}

/* ---- clusters of one CPU (uniprocessor, partitioned) ----
 *
 * The running heap holds at most one job and the idle stack at most the
 * cluster's one CPU, so both are set directly: no sifting, no CPU choice
 * (a job can only go back to the CPU it ran on), and one assignment
 * restores the invariant (the next waiting job is after the one that
 * runs, so it cannot preempt it). */

static void crq1_leave(struct sim_crq *q, struct sim_cluster *c,
		       struct sim_job *j)
{
	unsigned cpu = (unsigned)j->pcpu;

	assert(c->running.n == 1 && c->running.heap[0].job == j);
	c->running.n = 0;
	j->rq_idx = SIM_RQ_NONE;
	j->pcpu = -1;
	q->cs.idle_pos[cpu] = 0;
	c->idle[0] = cpu;
	c->nidle = 1;
	sim_clusters_mark(&q->cs, c);           /* its CPU was freed */
}

static void crq1_schedule(struct sim_crq *q, struct sim_cluster *c)
{
	struct sim_job *j = sim_rq_top(&c->ready), *victim;
	unsigned cpu;

	if (!j)
		return;
	if (c->nidle) {
		cpu = c->idle[0];
		c->nidle = 0;
		q->cs.idle_pos[cpu] = SIM_CPU_NOT_IDLE;
		sim_rq_pop(&c->ready);
		c->running.n = 1;
	} else {
		victim = c->running.heap[0].job;
		if (j->key.k0 >= victim->key.k0)
			return;         /* equal k0: no preemption */
		/* j takes the victim's CPU; the victim waits in j's slot */
		cpu = (unsigned)victim->pcpu;
		victim->pcpu = -1;
		sim_rq_replace_top(&c->ready, victim);
	}
	c->running.heap[0].key = j->key;
	c->running.heap[0].job = j;
	j->rq_idx = 0;
	j->pcpu = (int)cpu;
	sim_engine_assign(q->cs.e, cpu, j);
}

void sim_crq_dequeue(struct sim_crq *q, struct sim_job *j)
{
	struct sim_cluster *c = sim_clusters_of(&q->cs, j->info.task);

	if (j->pcpu >= 0 && c->ncpus == 1) {
		crq1_leave(q, c, j);
	} else if (j->pcpu >= 0) {
		sim_rq_remove(&c->running, j);
		sim_cluster_idle_push(&q->cs, c, (unsigned)j->pcpu);
		j->pcpu = -1;
		sim_clusters_mark(&q->cs, c);   /* a CPU was freed */
	} else {
		sim_rq_remove(&c->ready, j);
	}
}

/* Restore the invariant in one cluster. */
static enum rt_err crq_schedule_one(struct sim_crq *q, struct sim_cluster *c)
{
	struct sim_job *j, *victim;
	enum rt_err err;

	while ((j = sim_rq_top(&c->ready)) != NULL) {
		unsigned cpu;

		if (c->nidle) {
			cpu = sim_cluster_idle_pick(&q->cs, c, j);
			sim_cluster_idle_take(&q->cs, c, cpu);
			sim_rq_pop(&c->ready);
			err = sim_rq_push(&c->running, j);
			if (err)
				return err;
			j->pcpu = (int)cpu;
			sim_engine_assign(q->cs.e, cpu, j);
			continue;
		}
		victim = sim_rq_top(&c->running);
		if (j->key.k0 >= victim->key.k0)
			break;          /* equal k0: no preemption */
		/* Swap: j takes the victim's CPU, the victim waits. */
		cpu = (unsigned)victim->pcpu;
		victim->pcpu = -1;
		sim_rq_replace_top(&c->ready, victim);
		sim_rq_replace_top(&c->running, j);
		j->pcpu = (int)cpu;
		sim_engine_assign(q->cs.e, cpu, j);
	}
	return RT_OK;
}

enum rt_err sim_crq_schedule(struct sim_crq *q)
{
	struct sim_clusters *cs = &q->cs;
	enum rt_err err = RT_OK;

	if (cs->n == 1) {       /* one cluster: always visited */
		if (cs->cl->ncpus == 1) {
			crq1_schedule(q, cs->cl);
			return RT_OK;
		}
		return crq_schedule_one(q, cs->cl);
	}
	for (unsigned i = 0; i < cs->ndirty; i++) {
		struct sim_cluster *c = &cs->cl[cs->dirty[i]];

		c->dirty = false;
		if (err)
			continue;
		if (c->ncpus == 1)
			crq1_schedule(q, c);
		else
			err = crq_schedule_one(q, c);
	}
	cs->ndirty = 0;
	return err;
}
