/* cluster.c - per-cluster runqueues (see cluster.h): set-up, the idle
 * stacks, the clusters to visit; and their use by the job-level
 * policies (sim_crq_*: a policy key per job, the job-level preemption
 * rule, no hooks). */
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
	cs->uni = cs->n == 1 && cs->cl->ncpus == 1;
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

/* ---- the job-level policies' runqueues (edf, fp) ---------------------- */

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

enum rt_err sim_crq_schedule_any(struct sim_crq *q)
{
	struct sim_clusters *cs = &q->cs;
	enum rt_err err = RT_OK;

	if (cs->n == 1)         /* one cluster: always visited */
		return sim_cluster_dispatch(cs, cs->cl, &sim_crq_hooks_, NULL);
	for (unsigned i = 0; i < cs->ndirty; i++) {
		struct sim_cluster *c = &cs->cl[cs->dirty[i]];

		c->dirty = false;
		if (!err)
			err = sim_cluster_dispatch(cs, c, &sim_crq_hooks_, NULL);
	}
	cs->ndirty = 0;
	return err;
}
