/* crq.h - cluster runqueues: the dispatch machinery that the job-level
 * policies (edf, fp) share (docs/design.md §3, "Runqueues").
 *
 * The engine's CPUs are split into clusters (engine.h, placement: one
 * CPU each when partitioned, all CPUs when global, k when clustered, any
 * sizes with cpusets); every task belongs to one cluster.  Each cluster has its own runqueue and
 * keeps the k most urgent of its ready jobs running: lower struct
 * sim_key runs first, and a running job is displaced only by a job whose
 * k0 is strictly smaller (equal k0 never preempts, as the kernel's
 * dl_entity_preempt()).  The policy only computes keys; this module
 * decides placement.
 *
 * Per cluster: 'ready', a min-heap of the waiting jobs; 'running', a
 * max-heap of the jobs on its CPUs, whose top is the preemption victim
 * (the kernel's cpudl idea), so a preemption costs O(log k); a stack of
 * idle CPUs.  Invariant after sim_crq_schedule(): in every cluster no CPU
 * is idle while a job waits, and no waiting job has a strictly smaller k0
 * than a running one.  Only clusters that changed since the last
 * schedule (a job arrived that may run, or a running job left) are
 * visited, so partitioned dispatch on many CPUs stays O(changes), not
 * O(clusters).
 *
 * CPU choice: a job given an idle CPU goes back to the CPU it last ran on
 * if that one is idle (no migration), else to the idle CPU on top of the
 * stack (initially the cluster's CPUs in index order); a preempting job
 * takes the victim's CPU.  A job never leaves its cluster.
 *
 * A cluster of one CPU is dispatched by a shorter path (crq.c, crq1_*):
 * the same decisions without the running heap, the idle stack or the CPU
 * choice.
 *
 * Costs: enqueue/dequeue O(log n_c) (n_c = tasks of the cluster), each
 * change of assignment O(log n_c + log k).  Memory O(tasks + cpus + clusters),
 * all reserved at create: no allocation while running.
 */
#ifndef SIM_CRQ_H
#define SIM_CRQ_H

#include "models/rt_err.h"
#include "sim/job.h"
#include "sim/policy.h"

struct sim_crq;

/* Runqueues for engine e's placement (read through the engine services
 * of policy.h).  On failure *out is untouched and d says why
 * (RT_ERR_NOMEM). */
enum rt_err sim_crq_create(struct sim_engine *e, struct sim_crq **out,
			   struct rt_diag *d);
void sim_crq_destroy(struct sim_crq *q);        /* NULL is a no-op */

/* j became ready with j->key set by the policy; asks the engine for a
 * decision if j could run now (idle CPU or strictly smaller k0 than the
 * cluster's victim).  RT_ERR_NOMEM only if a heap had to grow (never with
 * the reservations made at create). */
enum rt_err sim_crq_enqueue(struct sim_crq *q, struct sim_job *j);
/* j leaves (running or waiting).  Cannot fail. */
void sim_crq_dequeue(struct sim_crq *q, struct sim_job *j);
/* The policy's schedule(): restore the invariant in every changed
 * cluster, calling sim_engine_assign() for each CPU whose job changes. */
enum rt_err sim_crq_schedule(struct sim_crq *q);

#endif /* SIM_CRQ_H */
