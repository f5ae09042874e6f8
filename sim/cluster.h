/* cluster.h - per-cluster runqueues and the one dispatch loop of the
 * job-level policies (edf, fp: sim_crq_* at the end) and the entity
 * policies (server.c: cbs, linux-dl, edf-split).
 *
 * For each of the engine's clusters (placement, engine.h): a min-heap of
 * waiting entities, a max-heap of running ones whose top is the
 * preemption victim (the kernel's cpudl idea: O(1) to find, O(log k) to
 * replace), and a stack of idle CPUs; plus the list of clusters to visit
 * at the next schedule.  The policies keep their own order (keys) and say
 * how theirs differs through struct sim_cluster_hooks: which key preempts
 * which, and what happens to an entity given or taken a CPU (budgets).
 *
 * Dispatch (sim_cluster_dispatch) restores the invariant of a cluster: no
 * CPU idle while an entity waits, no waiting entity that preempts a
 * running one.  An entity given an idle CPU goes back to the CPU it last
 * ran on if that one is idle (an entity never leaves its cluster), else to
 * the idle CPU on top of the stack (initially the cluster's CPUs in index
 * order), unless the policy chooses (hook idle_pick: linux-dl on CPUs of
 * different capacities); a preempting entity takes the victim's CPU and
 * the victim waits.
 * A cluster of one CPU (uniprocessor, partitioned) is one comparison of
 * the earliest waiting entity with the running one: without hooks
 * (sim_cluster_dispatch_one) nothing else; with hooks the same steps on a
 * running "heap" of one slot and an idle "stack" of one CPU.
 *
 * Costs: enqueue/dequeue O(log n_c) (n_c = entities of the cluster), each
 * change of assignment O(log n_c + log k).  Memory O(tasks + cpus +
 * clusters), reserved at init: no allocation while running.
 */
#ifndef SIM_CLUSTER_H
#define SIM_CLUSTER_H

#include <assert.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "models/rt_err.h"
#include "sim/policy.h"
#include "sim/rq.h"

struct sim_cluster {
	struct sim_rq ready;            /* min-heap: waiting entities */
	struct sim_rq running;          /* max-heap: entities on its CPUs;
					 * top = preemption victim */
	unsigned *idle;                 /* idle CPUs (engine numbers), top is
					 * idle[nidle - 1]; ncpus slots of
					 * sim_clusters.idle_mem */
	unsigned nidle;
	unsigned ncpus;                 /* CPUs of the cluster */
	bool dirty;                     /* in sim_clusters.dirty */
};

struct sim_clusters {
	struct sim_engine *e;           /* borrowed */
	unsigned n;                     /* clusters */
	struct sim_cluster *cl;         /* n entries */
	unsigned *idle_mem;             /* cpus entries: the idle stacks */
	unsigned *idle_pos;             /* cpu -> slot in its idle[], or
					 * SIM_CPU_NOT_IDLE (clusters of more
					 * than one CPU) */
	unsigned *dirty;                /* clusters to visit (n slots) */
	unsigned ndirty;
	unsigned *task_cl;              /* task -> its cluster (NULL when
					 * n == 1): no engine call per job */
	bool uni;                       /* one cluster of one CPU: the
					 * engine's one CPU */
};

#define SIM_CPU_NOT_IDLE UINT_MAX

/* How a policy's runqueues differ.  Every hook is called with the
 * policy's 'ctx'; the optional ones may be NULL. */
struct sim_cluster_hooks {
	/* Required: may an entity with key a take the CPU of a running one
	 * with key b?  Strict: an equal key never preempts. */
	bool (*preempts)(const struct sim_key *a, const struct sim_key *b);
	/* Optional: running entity j is about to be displaced (still
	 * j->pcpu >= 0). */
	void (*stop)(void *ctx, struct sim_job *j);
	/* Optional: j was just given CPU j->pcpu (assigned). */
	enum rt_err (*start)(void *ctx, struct sim_job *j);
	/* Optional: j, displaced by the entity started on its CPU, now
	 * waits (called after that entity's start). */
	enum rt_err (*preempted)(void *ctx, struct sim_job *j);
	/* Optional: the idle CPU of c (c->nidle > 0) that j takes; NULL:
	 * sim_cluster_idle_pick().  linux-dl on CPUs of different
	 * capacities (server.c: sv_fit_pick). */
	unsigned (*idle_pick)(void *ctx, const struct sim_clusters *cs,
			      const struct sim_cluster *c,
			      const struct sim_job *j);
};

/* The engine's clusters, all CPUs idle, heaps reserved for at most one
 * entity per task (of the cluster) and one running per CPU.
 * RT_ERR_NOMEM: cs is left for sim_clusters_fini. */
enum rt_err sim_clusters_init(struct sim_clusters *cs, struct sim_engine *e);
void sim_clusters_fini(struct sim_clusters *cs);   /* zeroed cs: no-op */

/* The cluster of a task. */
static inline struct sim_cluster *sim_clusters_of(const struct sim_clusters *cs,
						  uint32_t task)
{
	return cs->n == 1 ? cs->cl : &cs->cl[cs->task_cl[task]];
}

/* Ask for a schedule that visits c.  With one cluster no list is kept:
 * the policy always visits it. */
void sim_clusters_mark(struct sim_clusters *cs, struct sim_cluster *c);

/* cpu (of c) became idle / is taken (O(1), swap with the top).  A
 * cluster of one CPU keeps only the count: its stack is its one CPU for
 * good, and idle_pos is never read for it. */
static inline void sim_cluster_idle_push(struct sim_clusters *cs,
					 struct sim_cluster *c, unsigned cpu)
{
	if (c->ncpus == 1) {
		c->nidle = 1;
		return;
	}
	assert(cs->idle_pos[cpu] == SIM_CPU_NOT_IDLE && c->nidle < c->ncpus);
	cs->idle_pos[cpu] = c->nidle;
	c->idle[c->nidle++] = cpu;
}

static inline void sim_cluster_idle_take(struct sim_clusters *cs,
					 struct sim_cluster *c, unsigned cpu)
{
	unsigned slot, top;

	if (c->ncpus == 1) {
		c->nidle = 0;
		return;
	}
	slot = cs->idle_pos[cpu];
	top = c->idle[--c->nidle];
	assert(slot != SIM_CPU_NOT_IDLE);
	c->idle[slot] = top;
	cs->idle_pos[top] = slot;
	cs->idle_pos[cpu] = SIM_CPU_NOT_IDLE;
}

/* An idle CPU of c (c->nidle > 0) for j: its last CPU if idle, else the
 * top of the stack. */
static inline unsigned sim_cluster_idle_pick(const struct sim_clusters *cs,
					     const struct sim_cluster *c,
					     const struct sim_job *j)
{
	int last = j->info.cpu;

	if (c->ncpus > 1 && last >= 0 && cs->idle_pos[last] != SIM_CPU_NOT_IDLE)
		return (unsigned)last;
	return c->idle[c->nidle - 1];
}

/* j (pcpu set by the policy to -1) becomes ready in c: queued; a schedule
 * is asked for if j could run now (an idle CPU, or it preempts the
 * victim: the kernel's check_preempt_curr()).  RT_ERR_NOMEM only if the
 * heap had to grow (never with the reservations of init). */
static inline __attribute__((always_inline)) enum rt_err
sim_cluster_enqueue(struct sim_clusters *cs, struct sim_cluster *c,
		    struct sim_job *j, const struct sim_cluster_hooks *h)
{
	if (c->nidle || h->preempts(&j->key, &sim_rq_top(&c->running)->key))
		sim_clusters_mark(cs, c);
	return sim_rq_push(&c->ready, j);
}

/* Running j leaves its CPU (given back at the next dispatch of c, which
 * is asked for); it is in no heap afterwards, pcpu -1. */
static inline void sim_cluster_leave(struct sim_clusters *cs,
				     struct sim_cluster *c, struct sim_job *j)
{
	sim_rq_remove(&c->running, j);
	sim_cluster_idle_push(cs, c, (unsigned)j->pcpu);
	j->pcpu = -1;
	sim_clusters_mark(cs, c);       /* a CPU was freed */
}

/* The dispatch of a cluster of one CPU under a policy without hooks (a
 * job-level policy): one comparison, no loop (the job placed is the
 * least ready one, so the next cannot preempt it), no idle stack.  Hooks
 * may change keys and heaps, so the policies with hooks take the loop of
 * sim_cluster_dispatch, which looks again.  Cannot fail. */
static inline __attribute__((always_inline)) void
sim_cluster_dispatch_one(struct sim_clusters *cs, struct sim_cluster *c,
			 const struct sim_cluster_hooks *h)
{
	struct sim_job *j = sim_rq_top(&c->ready), *victim;
	unsigned cpu;

	assert(c->ncpus == 1 && !h->stop && !h->start && !h->preempted);
	if (!j)
		return;
	victim = sim_rq_top(&c->running);
	if (!victim) {
		cpu = c->idle[0];
		c->nidle = 0;
		sim_rq_pop(&c->ready);
	} else {
		if (!h->preempts(&j->key, &victim->key))
			return;
		cpu = (unsigned)victim->pcpu;
		victim->pcpu = -1;
		sim_rq_replace_top(&c->ready, victim);
	}
	sim_rq_put_only(&c->running, j);
	j->pcpu = (int)cpu;
	sim_engine_assign(cs->e, cpu, j);
}

/* Restore c's invariant, calling sim_engine_assign() for every CPU whose
 * entity changes and the hooks around it.  Inline so that each policy's
 * copy has its hooks inlined.  Errors: a heap that had to grow (never
 * with the reservations of init), or a hook's. */
static inline __attribute__((always_inline)) enum rt_err
sim_cluster_dispatch(struct sim_clusters *cs, struct sim_cluster *c,
		     const struct sim_cluster_hooks *h, void *ctx)
{
	struct sim_job *j, *victim;
	enum rt_err err;

	if (c->ncpus == 1 && !h->stop && !h->start && !h->preempted) {
		sim_cluster_dispatch_one(cs, c, h);
		return RT_OK;
	}
	while ((j = sim_rq_top(&c->ready)) != NULL) {
		unsigned cpu;

		victim = NULL;
		if (c->nidle) {
			cpu = h->idle_pick ? h->idle_pick(ctx, cs, c, j) :
			      sim_cluster_idle_pick(cs, c, j);
			sim_cluster_idle_take(cs, c, cpu);
			sim_rq_pop(&c->ready);
			if ((err = sim_rq_push(&c->running, j)) != RT_OK)
				return err;
		} else {
			victim = sim_rq_top(&c->running);
			if (!h->preempts(&j->key, &victim->key))
				break;
			/* j takes the victim's CPU; the victim waits */
			cpu = (unsigned)victim->pcpu;
			if (h->stop)
				h->stop(ctx, victim);
			victim->pcpu = -1;
			sim_rq_replace_top(&c->ready, victim);
			sim_rq_replace_top(&c->running, j);
		}
		j->pcpu = (int)cpu;
		sim_engine_assign(cs->e, cpu, j);
		if (h->start && (err = h->start(ctx, j)) != RT_OK)
			return err;
		if (victim && h->preempted &&
		    (err = h->preempted(ctx, victim)) != RT_OK)
			return err;
	}
	return RT_OK;
}

/* ---- the job-level policies' runqueues (edf, fp) ----------------------
 *
 * A policy that only computes a key per job (docs/design.md §3) hands
 * placement to these: every cluster keeps its k most urgent ready jobs
 * running, lower struct sim_key first, and a running job is displaced
 * only by a job whose k0 is strictly smaller (equal k0 never preempts, as
 * the kernel's dl_entity_preempt()).  At each schedule only the clusters
 * that changed since the last one (a job arrived that may run, or a
 * running job left) are visited, in the order they changed, so
 * partitioned dispatch on many CPUs stays O(changes), not O(clusters).
 */

struct sim_crq {
	struct sim_clusters cs;         /* the clusters' heaps and CPUs */
};

/* Runqueues for engine e's placement (read through the engine services
 * of policy.h).  On failure *out is untouched and d says why
 * (RT_ERR_NOMEM). */
enum rt_err sim_crq_create(struct sim_engine *e, struct sim_crq **out,
			   struct rt_diag *d);
void sim_crq_destroy(struct sim_crq *q);        /* NULL is a no-op */

/* A running job is displaced only by a strictly smaller k0 (equal k0
 * never preempts, as the kernel's dl_entity_preempt()). */
static inline bool sim_crq_preempts_(const struct sim_key *a,
				     const struct sim_key *b)
{
	return a->k0 < b->k0;
}

static const struct sim_cluster_hooks sim_crq_hooks_ = {
	.preempts = sim_crq_preempts_,
};

/* The three operations are inline, so that each policy's hook compiles
 * into one function with its own key computation (no call per layer). */

/* j became ready with j->key set by the policy; asks the engine for a
 * decision if j could run now (idle CPU or strictly smaller k0 than the
 * cluster's victim).  RT_ERR_NOMEM only if a heap had to grow (never with
 * the reservations made at create). */
static inline __attribute__((always_inline)) enum rt_err
sim_crq_enqueue(struct sim_crq *q, struct sim_job *j)
{
	j->pcpu = -1;
	return sim_cluster_enqueue(&q->cs, sim_clusters_of(&q->cs, j->info.task),
				   j, &sim_crq_hooks_);
}

/* j leaves (running or waiting).  Cannot fail. */
static inline __attribute__((always_inline)) void
sim_crq_dequeue(struct sim_crq *q, struct sim_job *j)
{
	struct sim_cluster *c = sim_clusters_of(&q->cs, j->info.task);

	if (j->pcpu >= 0)
		sim_cluster_leave(&q->cs, c, j);
	else
		sim_rq_remove(&c->ready, j);
}

/* sim_crq_schedule but for one CPU (cluster.c). */
enum rt_err sim_crq_schedule_any(struct sim_crq *q);

/* The policy's schedule(): restore the invariant in every changed
 * cluster, calling sim_engine_assign() for each CPU whose job changes.
 * One CPU in all (uniprocessor) is inline; the rest out of line, so the
 * one-CPU case needs few registers. */
static inline __attribute__((always_inline)) enum rt_err
sim_crq_schedule(struct sim_crq *q)
{
	struct sim_clusters *cs = &q->cs;

	if (cs->uni) {
		sim_cluster_dispatch_one(cs, cs->cl, &sim_crq_hooks_);
		return RT_OK;
	}
	return sim_crq_schedule_any(q);
}

#endif /* SIM_CLUSTER_H */
