/* partition.h - partitioned EDF: bin-packing tasks onto m CPUs (docs/theory.md §C).
 *
 * Each heuristic assigns every task to one CPU such that each CPU's task
 * subset is EDF-schedulable on one processor, decided by the *exact*
 * uniprocessor test (QPA, analysis_uni.h) -- test-driven packing with
 * rollback (docs/theory.md §C.2, Bastoni, Brandenburg, Anderson 2011): a task is
 * tentatively added to a CPU, kept if QPA accepts the CPU, removed if not.
 * The result is a sufficient test for the set on m CPUs (P-EDF).
 *
 * Heuristics (names as in docs/design.md §4/5; schedcat mapping/binpack.py and
 * rollback.py semantics):
 *   first-fit   the first CPU (index order) on which the task fits;
 *   best-fit    among CPUs on which it fits, the one with the *largest*
 *               load (least room left); ties: lowest index;
 *   worst-fit   among CPUs on which it fits, the *smallest* load (most
 *               room); ties: lowest index;
 *   X-decreasing          tasks visited by utilization C/T non-increasing
 *                         (stable: ties keep input order);
 *   X-decreasing-density  by density C/min(D, T) non-increasing (stable).
 * "Load" is the sum of the same weight the heuristic sorts by: utilization
 * for the plain and -decreasing variants, density for -decreasing-density.
 * Loads and weights are compared exactly (rt_qsum).
 *
 * A task that fits on no CPU ends the packing: it is named in the result
 * (never dropped silently) and the verdict is reject.
 */
#ifndef RT_PARTITION_H
#define RT_PARTITION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/analysis_uni.h"
#include "models/rt_err.h"
#include "models/task.h"

enum rt_part_heuristic {
	RT_PART_FIRST_FIT = 0,
	RT_PART_BEST_FIT,
	RT_PART_WORST_FIT,
	RT_PART_FIRST_FIT_DEC,                  /* by utilization */
	RT_PART_BEST_FIT_DEC,
	RT_PART_WORST_FIT_DEC,
	RT_PART_FIRST_FIT_DEC_DENSITY,          /* by density */
	RT_PART_BEST_FIT_DEC_DENSITY,
	RT_PART_WORST_FIT_DEC_DENSITY,
	RT_PART__COUNT                          /* not a heuristic */
};

#define RT_PART_NO_TASK ((size_t)-1)

/* "first-fit", "best-fit-decreasing", "worst-fit-decreasing-density", ...;
 * "?" for an invalid value. */
const char *rt_part_name(enum rt_part_heuristic h);

/* The heuristic named 'name' (exact match); false if none. */
bool rt_part_find(const char *name, enum rt_part_heuristic *h);

struct rt_partition {
	enum rt_verdict verdict;        /* accept: all placed; reject: misfit */
	size_t misfit;                  /* first task (in packing order) that
					 * fits on no CPU; RT_PART_NO_TASK */
	size_t placed;                  /* tasks placed */
	uint64_t checks;                /* per-CPU admission checks run */
};

/*
 * Pack n tasks onto m >= 1 CPUs with heuristic h.  cpu (n entries, caller
 * owned) receives the CPU of each task, in input order, or -1 for the
 * misfit and for tasks not reached after it.  A CPU admits a task iff its
 * tasks plus the new one are uniprocessor-EDF schedulable: U > 1 rejects,
 * density <= 1 accepts (both exact shortcuts of the same verdict), else
 * QPA decides.  'budget' bounds the total QPA work (steps as in
 * analysis_uni.h; the registry uses RT_GLOBAL_BUDGET_DEFAULT); when a
 * per-CPU test cannot decide (budget, overflow, a fraction too close to 1)
 * the packing stops with that error (RT_ERR_UNSUPPORTED / RT_ERR_OVERFLOW,
 * d says which CPU) -- there is no verdict then.
 * RT_ERR_INVAL for bad tasks, m == 0 or an invalid h; RT_ERR_NOMEM.
 * cpu and *r are written on RT_OK only.
 */
enum rt_err rt_partition(const struct rt_task *ts, size_t n, unsigned m,
			 enum rt_part_heuristic h, uint64_t budget, int *cpu,
			 struct rt_partition *r, struct rt_diag *d);

#endif /* RT_PARTITION_H */
