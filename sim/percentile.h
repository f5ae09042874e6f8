/* percentile.h - per-task response-time and tardiness percentiles from a
 * simulation, as a trace sink.
 *
 * Each task's completed jobs give two samples: the response time f - r and
 * the tardiness max(0, f - d).  Percentiles are nearest-rank: with n
 * samples sorted ascending, the q-th percentile is the ceil(q n / 100)-th
 * smallest (1-based; at least the first).  Jobs that never completed
 * (aborted, pending at the horizon) have no known response time and are
 * not sampled; the statistics count them as misses.
 *
 * Memory does not grow with the horizon.  A task keeps its samples
 * exactly while it has at most 'exact_per_task' of them (the budget given
 * at creation divided among the tasks, at least SIM_PCTL_EXACT_MIN), so
 * short runs are exact.  Past that it moves to a log-linear histogram:
 * values below 2^SIM_PCTL_SUB_BITS have their own bucket (exact), larger
 * ones share a bucket with values that agree in their SIM_PCTL_SUB_BITS + 1
 * leading bits, so a reported value v is the upper edge of the true
 * percentile's bucket: true <= v < true * (1 + 2^-SIM_PCTL_SUB_BITS)
 * (and never above the exact maximum, which is always kept).  Histogram
 * rows (one per power of two seen) are allocated on first use: a task
 * whose values span k powers of two holds k rows of 2^SIM_PCTL_SUB_BITS
 * counters.
 */
#ifndef SIM_PERCENTILE_H
#define SIM_PERCENTILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/rt_err.h"
#include "models/rt_time.h"
#include "sim/trace.h"

#define SIM_PCTL_SUB_BITS       7               /* relative resolution 2^-7 */
#define SIM_PCTL_EXACT_MIN      256             /* exact samples per task, at least */
#define SIM_PCTL_EXACT_BUDGET   (1u << 20)      /* default budget over all tasks */

enum sim_pctl_metric {
	SIM_PCTL_RESPONSE = 0,          /* f - r of each completed job */
	SIM_PCTL_TARDINESS,             /* max(0, f - d) of each completed job */
	SIM_PCTL__COUNT
};

struct sim_pctl;

/* Percentile state for 'ntasks' tasks keeping up to 'exact_budget' samples
 * exactly in total (0: SIM_PCTL_EXACT_BUDGET).  *out untouched on failure
 * (RT_ERR_NOMEM). */
enum rt_err sim_pctl_create(size_t ntasks, size_t exact_budget,
			    struct sim_pctl **out, struct rt_diag *d);
void sim_pctl_destroy(struct sim_pctl *p);      /* NULL is a no-op */

/* The sink to attach to an engine (COMPLETE records); p must outlive the
 * run.  Its emit fails with RT_ERR_NOMEM only when a histogram row cannot
 * be allocated. */
struct sim_sink sim_pctl_sink(struct sim_pctl *p);

/* Samples recorded for 'task' (completed jobs). */
uint64_t sim_pctl_count(const struct sim_pctl *p, size_t task);

/* The nearest-rank percentile 'permille'/10 (1..1000: 500 = median, 990 =
 * p99, 1000 = max) of metric m for 'task' into *out; *exact tells whether
 * it is the sample itself (true) or a histogram upper edge (false).  False
 * (outputs untouched) when the task has no sample or the arguments are
 * out of range.  Sorts the task's exact samples on first use (not
 * thread-safe with a running engine). */
bool sim_pctl_value(struct sim_pctl *p, size_t task, enum sim_pctl_metric m,
		    unsigned permille, rt_time *out, bool *exact);

/* Bytes of sample storage held now (for tests of flat memory). */
size_t sim_pctl_bytes(const struct sim_pctl *p);

#endif /* SIM_PERCENTILE_H */
