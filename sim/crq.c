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
	const struct sim_job *victim = sim_rq_top(&c->running);

	j->pcpu = -1;
	/* check_preempt: a decision is needed only if j can run now. */
	if (c->nidle || j->key.k0 < victim->key.k0)
		sim_clusters_mark(&q->cs, c);
	return sim_rq_push(&c->ready, j);
}

void sim_crq_dequeue(struct sim_crq *q, struct sim_job *j)
{
	struct sim_cluster *c = sim_clusters_of(&q->cs, j->info.task);

	if (j->pcpu >= 0) {
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

	if (cs->n == 1)         /* one cluster: always visited */
		return crq_schedule_one(q, cs->cl);
	for (unsigned i = 0; i < cs->ndirty; i++) {
		struct sim_cluster *c = &cs->cl[cs->dirty[i]];

		c->dirty = false;
		if (!err)
			err = crq_schedule_one(q, c);
	}
	cs->ndirty = 0;
	return err;
}
