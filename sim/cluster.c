/* cluster.c - per-cluster runqueue state (see cluster.h). */
#include "sim/cluster.h"

#include <assert.h>

#include "models/mem.h"

void sim_clusters_fini(struct sim_clusters *cs)
{
	for (unsigned c = 0; cs->cl && c < cs->n; c++) {
		sim_rq_fini(&cs->cl[c].ready);
		sim_rq_fini(&cs->cl[c].running);
	}
	rt_free(cs->cl);
	rt_free(cs->idle_mem);
	rt_free(cs->idle_pos);
	rt_free(cs->dirty);
	rt_free(cs->task_cl);
	cs->cl = NULL;
	cs->idle_mem = cs->idle_pos = cs->dirty = cs->task_cl = NULL;
}

enum rt_err sim_clusters_init(struct sim_clusters *cs, struct sim_engine *e)
{
	const struct sim_config *cfg = sim_engine_config(e);
	size_t *ntask;
	unsigned first = 0;
	enum rt_err err = RT_OK;

	cs->e = e;
	cs->n = sim_engine_nclusters(e);
	cs->ndirty = 0;
	cs->cl = rt_calloc(cs->n, sizeof(*cs->cl));
	cs->idle_mem = rt_calloc(cfg->cpus, sizeof(*cs->idle_mem));
	cs->idle_pos = rt_calloc(cfg->cpus, sizeof(*cs->idle_pos));
	cs->dirty = rt_calloc(cs->n, sizeof(*cs->dirty));
	ntask = rt_calloc(cs->n, sizeof(*ntask));
	cs->task_cl = cs->n > 1 ? rt_calloc(cfg->ntasks ? cfg->ntasks : 1,
					    sizeof(*cs->task_cl)) : NULL;
	if (!cs->cl || !cs->idle_mem || !cs->idle_pos || !cs->dirty || !ntask ||
	    (cs->n > 1 && !cs->task_cl)) {
		rt_free(ntask);
		return RT_ERR_NOMEM;
	}
	for (size_t i = 0; i < cfg->ntasks; i++) {
		unsigned c = sim_engine_task_cluster(e, (uint32_t)i);

		ntask[c]++;
		if (cs->task_cl)
			cs->task_cl[i] = c;
	}
	for (unsigned c = 0; c < cs->n && !err; c++) {
		struct sim_cluster *cl = &cs->cl[c];
		unsigned k;
		const unsigned *cpus = sim_engine_cluster_cpus(e, c, &k);
		size_t nrun = k < ntask[c] ? k : ntask[c];

		sim_rq_init(&cl->ready, false);
		sim_rq_init(&cl->running, true);
		if (sim_rq_reserve(&cl->ready, ntask[c]) != RT_OK ||
		    sim_rq_reserve(&cl->running, nrun) != RT_OK)
			err = RT_ERR_NOMEM;
		/* the first CPU on top, so idle CPUs go in index order */
		cl->idle = cs->idle_mem + first;
		for (unsigned i = 0; i < k; i++) {
			cl->idle[i] = cpus[k - 1 - i];
			cs->idle_pos[cpus[k - 1 - i]] = i;
		}
		cl->nidle = cl->ncpus = k;
		first += k;
	}
	rt_free(ntask);
	return err;
}

void sim_clusters_mark(struct sim_clusters *cs, struct sim_cluster *c)
{
	if (cs->n > 1 && !c->dirty) {
		c->dirty = true;
		cs->dirty[cs->ndirty++] = (unsigned)(c - cs->cl);
	}
	sim_engine_resched(cs->e);
}

void sim_cluster_idle_push(struct sim_clusters *cs, struct sim_cluster *c,
			   unsigned cpu)
{
	assert(cs->idle_pos[cpu] == SIM_CPU_NOT_IDLE && c->nidle < c->ncpus);
	cs->idle_pos[cpu] = c->nidle;
	c->idle[c->nidle++] = cpu;
}

void sim_cluster_idle_take(struct sim_clusters *cs, struct sim_cluster *c,
			   unsigned cpu)
{
	unsigned slot = cs->idle_pos[cpu];
	unsigned top = c->idle[--c->nidle];

	assert(slot != SIM_CPU_NOT_IDLE);
	c->idle[slot] = top;
	cs->idle_pos[top] = slot;
	cs->idle_pos[cpu] = SIM_CPU_NOT_IDLE;
}

unsigned sim_cluster_idle_pick(const struct sim_clusters *cs,
			       const struct sim_cluster *c,
			       const struct sim_job *j)
{
	int last = j->info.cpu;

	if (last >= 0 && cs->idle_pos[last] != SIM_CPU_NOT_IDLE)
		return (unsigned)last;
	return c->idle[c->nidle - 1];
}
