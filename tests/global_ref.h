/* global_ref.h - plain reference versions of the global EDF tests whose
 * library versions carry incremental state (docs/theory.md §B.4-B.7), for
 * differential tests: each evaluates every point or step from scratch, in
 * 128-bit integers, exactly as docs/theory.md states the test and in the
 * order the library promises (the same rounds, the same round-robin of
 * BAR's offsets), with no work budget.  Constrained deadlines, m >= 2, no
 * infeasible task and U <= m (the library's common preconditions, which
 * these do not repeat).  Return true on accept; *task is the failing task
 * (RT_GLOBAL_NO_TASK if none) as the library reports it. */
#ifndef TESTS_GLOBAL_REF_H
#define TESTS_GLOBAL_REF_H

#include <stdbool.h>
#include <stddef.h>

#include "models/rt_time.h"
#include "models/task.h"

/* BCL-iterative (B.4): slack rounds until one is feasible or none changes. */
bool gref_bcl_iterative(const struct rt_task *ts, size_t n, unsigned m,
			size_t *task);

/* RTA (B.5), schedcat's plain iteration R := f(R), at most 25 rounds;
 * resp (n entries) receives D_k - S_k on accept. */
bool gref_rta(const struct rt_task *ts, size_t n, unsigned m, rt_time *resp,
	      size_t *task);

/* BAR (B.6) over every offset up to the exact A_k bound, visited
 * round-robin; *offset = the failing A_k (U = m rejects, offset NEVER). */
bool gref_bar(const struct rt_task *ts, size_t n, unsigned m, size_t *task,
	      rt_time *offset);

/* FF-DBF (B.7) with epsilon = 1/10 and sigma step 1/50, every test point
 * up to sum C / epsilon evaluated by rt_global_ffdbf_demand(). */
bool gref_ffdbf(const struct rt_task *ts, size_t n, unsigned m);

#endif /* TESTS_GLOBAL_REF_H */
