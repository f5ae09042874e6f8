/* cluster.h - per-cluster runqueue state shared by the job-level
 * policies (crq.c: edf, fp) and the entity policies (server.c: cbs,
 * linux-dl): for each of the engine's clusters (placement, engine.h), a
 * min-heap of waiting entities, a max-heap of running ones whose top is
 * the preemption victim, and a stack of idle CPUs; plus the list of
 * clusters to visit at the next schedule.  The policies keep their own
 * order (keys) and their own dispatch loop; this module only holds the
 * state and the idle-CPU bookkeeping.
 *
 * Idle CPUs: the stack starts with the cluster's CPUs in index order (the
 * first on top); a job given an idle CPU goes back to the CPU it last ran
 * on if that one is idle (a job never leaves its cluster), else to the
 * top.  All O(1).  Memory O(tasks + cpus + clusters), reserved at init:
 * no allocation while running.
 */
#ifndef SIM_CLUSTER_H
#define SIM_CLUSTER_H

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
					 * SIM_CPU_NOT_IDLE */
	unsigned *dirty;                /* clusters to visit (n slots) */
	unsigned ndirty;
	unsigned *task_cl;              /* task -> its cluster (NULL when
					 * n == 1): no engine call per job */
};

#define SIM_CPU_NOT_IDLE UINT_MAX

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

/* cpu (of c) became idle / is taken (O(1), swap with the top). */
void sim_cluster_idle_push(struct sim_clusters *cs, struct sim_cluster *c,
			   unsigned cpu);
void sim_cluster_idle_take(struct sim_clusters *cs, struct sim_cluster *c,
			   unsigned cpu);
/* An idle CPU of c (c->nidle > 0) for j: its last CPU if idle, else the
 * top of the stack. */
unsigned sim_cluster_idle_pick(const struct sim_clusters *cs,
			       const struct sim_cluster *c,
			       const struct sim_job *j);

#endif /* SIM_CLUSTER_H */
