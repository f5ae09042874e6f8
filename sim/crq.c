/* crq.c - cluster runqueues (see crq.h). */
#include "sim/crq.h"

#include <assert.h>
#include <limits.h>

#include "models/mem.h"
#include "sim/rq.h"

#define CRQ_NOT_IDLE UINT_MAX

struct crq_cluster {
	struct sim_rq ready;            /* min-heap: waiting FIFO heads */
	struct sim_rq running;          /* max-heap: jobs on the cluster's
					 * CPUs; top = preemption victim */
	unsigned *idle;                 /* idle CPUs (engine ids), top is
					 * idle[nidle - 1]; k slots of
					 * sim_crq.idle_mem */
	unsigned nidle;
	unsigned ncpus;                 /* CPUs of the cluster */
	bool dirty;                     /* in sim_crq.dirty */
};

struct sim_crq {
	struct sim_engine *e;           /* borrowed: the engine we serve */
	unsigned ncl;                   /* clusters */
	struct crq_cluster *cl;         /* ncl entries */
	unsigned *idle_mem;             /* cpus entries: the idle stacks */
	unsigned *idle_pos;             /* cpu -> slot in its idle[], or
					 * CRQ_NOT_IDLE */
	unsigned *dirty;                /* clusters to visit in schedule */
	unsigned ndirty;
};

static inline struct crq_cluster *crq_of(const struct sim_crq *q,
					 const struct sim_job *j)
{
	return q->ncl == 1 ? q->cl :
	       &q->cl[sim_engine_task_cluster(q->e, j->info.task)];
}

static inline void crq_mark(struct sim_crq *q, struct crq_cluster *c)
{
	if (!c->dirty) {
		c->dirty = true;
		q->dirty[q->ndirty++] = (unsigned)(c - q->cl);
	}
}

void sim_crq_destroy(struct sim_crq *q)
{
	if (!q)
		return;
	for (unsigned c = 0; q->cl && c < q->ncl; c++) {
		sim_rq_fini(&q->cl[c].ready);
		sim_rq_fini(&q->cl[c].running);
	}
	rt_free(q->cl);
	rt_free(q->idle_mem);
	rt_free(q->idle_pos);
	rt_free(q->dirty);
	rt_free(q);
}

enum rt_err sim_crq_create(struct sim_engine *e, struct sim_crq **out,
			   struct rt_diag *d)
{
	const struct sim_config *cfg = sim_engine_config(e);
	struct sim_crq *q = rt_calloc(1, sizeof(*q));
	size_t *ntask = NULL;

	if (!q)
		goto nomem;
	q->e = e;
	q->ncl = sim_engine_nclusters(e);
	q->cl = rt_calloc(q->ncl, sizeof(*q->cl));
	q->idle_mem = rt_calloc(cfg->cpus, sizeof(*q->idle_mem));
	q->idle_pos = rt_calloc(cfg->cpus, sizeof(*q->idle_pos));
	q->dirty = rt_calloc(q->ncl, sizeof(*q->dirty));
	ntask = rt_calloc(q->ncl, sizeof(*ntask));
	if (!q->cl || !q->idle_mem || !q->idle_pos || !q->dirty || !ntask)
		goto nomem;
	for (size_t i = 0; i < cfg->ntasks; i++)
		ntask[sim_engine_task_cluster(e, (uint32_t)i)]++;
	for (unsigned c = 0, first = 0; c < q->ncl; c++) {
		struct crq_cluster *cl = &q->cl[c];
		unsigned k;
		const unsigned *cpus = sim_engine_cluster_cpus(e, c, &k);
		size_t nrun = k < ntask[c] ? k : ntask[c];

		sim_rq_init(&cl->ready, false);
		sim_rq_init(&cl->running, true);
		/* At most one ready job per task, one running per CPU. */
		if (sim_rq_reserve(&cl->ready, ntask[c]) != RT_OK ||
		    sim_rq_reserve(&cl->running, nrun) != RT_OK)
			goto nomem;
		/* The first CPU on top, so idle CPUs go in index order. */
		cl->idle = q->idle_mem + first;
		for (unsigned i = 0; i < k; i++) {
			unsigned cpu = cpus[k - 1 - i];

			cl->idle[i] = cpu;
			q->idle_pos[cpu] = i;
		}
		cl->nidle = cl->ncpus = k;
		first += k;
	}
	rt_free(ntask);
	*out = q;
	return RT_OK;
nomem:
	rt_free(ntask);
	sim_crq_destroy(q);
	return rt_diagf(d, RT_ERR_NOMEM, "runqueues: out of memory");
}

static void crq_idle_push(struct sim_crq *q, struct crq_cluster *c,
			  unsigned cpu)
{
	assert(q->idle_pos[cpu] == CRQ_NOT_IDLE && c->nidle < c->ncpus);
	q->idle_pos[cpu] = c->nidle;
	c->idle[c->nidle++] = cpu;
}

/* Take 'cpu' out of its cluster's idle stack (swap with the top). */
static void crq_idle_take(struct sim_crq *q, struct crq_cluster *c,
			  unsigned cpu)
{
	unsigned slot = q->idle_pos[cpu];
	unsigned top = c->idle[--c->nidle];

	assert(slot != CRQ_NOT_IDLE);
	c->idle[slot] = top;
	q->idle_pos[top] = slot;
	q->idle_pos[cpu] = CRQ_NOT_IDLE;
}

/* An idle CPU of c for j: the one it last ran on if idle, else the top.
 * A job's last CPU is always in its own cluster. */
static unsigned crq_idle_pick(const struct sim_crq *q,
			      const struct crq_cluster *c,
			      const struct sim_job *j)
{
	int last = j->info.cpu;

	if (last >= 0 && q->idle_pos[last] != CRQ_NOT_IDLE)
		return (unsigned)last;
	return c->idle[c->nidle - 1];
}

enum rt_err sim_crq_enqueue(struct sim_crq *q, struct sim_job *j)
{
	struct crq_cluster *c = crq_of(q, j);
	const struct sim_job *victim = sim_rq_top(&c->running);

	j->pcpu = -1;
	/* check_preempt: a decision is needed only if j can run now. */
	if (c->nidle || j->key.k0 < victim->key.k0) {
		crq_mark(q, c);
		sim_engine_resched(q->e);
	}
	return sim_rq_push(&c->ready, j);
}

void sim_crq_dequeue(struct sim_crq *q, struct sim_job *j)
{
	struct crq_cluster *c = crq_of(q, j);

	if (j->pcpu >= 0) {
		sim_rq_remove(&c->running, j);
		crq_idle_push(q, c, (unsigned)j->pcpu);
		j->pcpu = -1;
		crq_mark(q, c);         /* a CPU was freed */
	} else {
		sim_rq_remove(&c->ready, j);
	}
}

/* Restore the invariant in one cluster. */
static enum rt_err crq_schedule_one(struct sim_crq *q, struct crq_cluster *c)
{
	struct sim_job *j, *victim;
	enum rt_err err;

	while ((j = sim_rq_top(&c->ready)) != NULL) {
		unsigned cpu;

		if (c->nidle) {
			cpu = crq_idle_pick(q, c, j);
			crq_idle_take(q, c, cpu);
			sim_rq_pop(&c->ready);
			err = sim_rq_push(&c->running, j);
			if (err)
				return err;
			j->pcpu = (int)cpu;
			sim_engine_assign(q->e, cpu, j);
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
		sim_engine_assign(q->e, cpu, j);
	}
	return RT_OK;
}

enum rt_err sim_crq_schedule(struct sim_crq *q)
{
	enum rt_err err = RT_OK;

	for (unsigned i = 0; i < q->ndirty; i++) {
		struct crq_cluster *c = &q->cl[q->dirty[i]];

		c->dirty = false;
		if (!err)
			err = crq_schedule_one(q, c);
	}
	q->ndirty = 0;
	return err;
}
