/* placement.h - binding tasks to CPUs (partitioned) or to clusters of CPUs
 * (clustered) before a simulation (docs/design.md §3, 4; docs/theory.md §C).
 *
 * m CPUs are split into m / k clusters of k consecutive CPUs (cluster c
 * is CPUs c*k .. c*k + k - 1; k = 1: partitioned).  Every task is bound
 * to one cluster:
 *
 *   - a task with an explicit CPU (rt_task.cpu >= 0) is fixed to that
 *     CPU's cluster, cpu / k -- whatever its load (the user decided);
 *   - the other tasks are packed by a heuristic (models/partition.h names:
 *     first-fit, best-fit, worst-fit, and their -decreasing (by
 *     utilization) and -decreasing-density variants).  Tasks are visited
 *     in input order, or by weight non-increasing (stable); clusters are
 *     tried in index order (first fit), by load non-increasing (best fit)
 *     or non-decreasing (worst fit), ties by index; a task goes to the
 *     first cluster it fits.  Weight and load are utilization C/T, or
 *     density C/min(D, T) for the -density variants; compared exactly.
 *
 * "Fits" (the admission test of a bin):
 *   k = 1 (partitioned), EDF: the CPU's tasks plus the new one pass the
 *     exact uniprocessor EDF test (QPA): with no fixed task the packing
 *     is rt_partition() itself, so it is the very assignment the registry
 *     test partitioned-<heuristic> analyses; with fixed tasks the same
 *     rules run on top of them.
 *   k = 1, fixed priority (fp given): the exact fp-rta with that
 *     priority order accepts the CPU's tasks plus the new one (equal
 *     keys to the lower index in ts, as analysis_fp.h orders them).
 *   k > 1 (clustered): the weight is at most 1 and the cluster's load
 *     plus the weight is at most k.  Simple and documented, not a
 *     schedulability test: global EDF on k CPUs can miss below that
 *     load (Dhall's effect); the simulation will show it.
 *
 * A task that fits in no cluster is reported by index (never dropped):
 * the verdict is reject and nothing is bound.
 */
#ifndef RT_PLACEMENT_H
#define RT_PLACEMENT_H

#include <stddef.h>
#include <stdint.h>

#include "models/analysis_fp.h"
#include "models/analysis_uni.h"
#include "models/partition.h"
#include "models/rt_err.h"
#include "models/task.h"

#define RT_PLACE_NO_TASK ((size_t)-1)

struct rt_place_result {
	enum rt_verdict verdict;        /* accept: every task bound */
	size_t misfit;                  /* reject: the first task (in packing
					 * order) that fits nowhere, else
					 * RT_PLACE_NO_TASK */
	size_t fixed;                   /* tasks bound by their own cpu */
	size_t placed;                  /* tasks bound (fixed + packed)
					 * before the misfit, or all */
};

/*
 * Bind n tasks to the m / k clusters (k >= 1 divides m; k == m puts all
 * in cluster 0).  fp: NULL for EDF, else the fixed-priority order whose
 * exact test admits tasks to a CPU (k = 1 only).  On RT_OK with verdict accept, cluster[i] (n entries,
 * caller-owned) is task i's cluster; with verdict reject cluster is not
 * touched.  'budget' bounds each exact per-CPU test (analysis_uni.h
 * steps) and the whole of rt_partition; past it RT_ERR_UNSUPPORTED.
 * RT_ERR_INVAL for m, k or h out of range, a task's cpu >= m, or a task
 * with C, D or T <= 0 (d names it); RT_ERR_OVERFLOW / RT_ERR_UNSUPPORTED
 * when an exact comparison cannot be decided; RT_ERR_NOMEM.  *r is
 * written on RT_OK only.
 */
enum rt_err rt_place(const struct rt_task *ts, size_t n, unsigned m,
		     unsigned k, enum rt_part_heuristic h,
		     const enum rt_fp_order *fp, uint64_t budget,
		     unsigned *cluster, struct rt_place_result *r,
		     struct rt_diag *d);

#endif /* RT_PLACEMENT_H */
