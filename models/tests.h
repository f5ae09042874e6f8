/* tests.h - registry of admission (schedulability) tests.
 *
 * Each entry has a fixed name (used by the CLI, JSON and experiment
 * columns; DESIGN 5), a kind (exact / sufficient / necessary) for the task
 * set at hand, the platform it applies to, and a run function; callers
 * iterate the table.  On one CPU: utilization, density, pdc, qpa.  On
 * m > 1: utilization (U <= m, necessary), the sufficient global EDF tests
 * gfb, bak, bcl, bcl-iterative, rta, bar, ffdbf (analysis_global.h), then
 * partitioned-<heuristic> for the nine heuristics of partition.h
 * (sufficient: bin packing with an exact per-CPU test).
 */
#ifndef RT_TESTS_H
#define RT_TESTS_H

#include <stddef.h>

#include "models/analysis_uni.h"
#include "models/rt_err.h"
#include "models/task.h"

enum rt_test_kind {
	RT_KIND_EXACT = 0,
	RT_KIND_SUFFICIENT,
	RT_KIND_NECESSARY
};

const char *rt_test_kind_name(enum rt_test_kind k);     /* "exact", ... */

struct rt_test_result {
	enum rt_verdict verdict;
	enum rt_test_kind kind;         /* for THIS task set and m */
	rt_time witness;                /* RT_TIME_NEVER if none */
	char note[160];                 /* optional human detail, "" if none */
};

struct rt_test_info {
	const char *name;               /* "utilization", "density", "pdc", ... */
	/* Whether the test applies on m CPUs (a test that does not apply is
	 * not listed).  */
	bool (*applies)(unsigned m);
	/* Run on n tasks, m CPUs.  Errors (overflow, nomem) are returned;
	 * "does not apply to this set" is RT_OK with verdict n/a. */
	enum rt_err (*run)(const struct rt_task *ts, size_t n, unsigned m,
			   struct rt_test_result *out, struct rt_diag *d);
};

/* NULL-terminated table, in the order analyze prints them. */
extern const struct rt_test_info *const rt_tests[];

/* The entry named 'name', or NULL. */
const struct rt_test_info *rt_test_find(const char *name);

#endif /* RT_TESTS_H */
