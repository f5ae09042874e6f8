/* blocking.h - blocking terms of shared resources on one CPU, and the
 * blocking-aware tests: fp response-time analysis with B_i, and EDF with
 * the stack resource policy (docs/theory.md "L. Resources").
 *
 * Levels: lvl[i] orders the tasks, lower is higher (fp: the priority
 * rank, rt_fp_ranks; edf/srp: the dense rank of D, smaller D higher).
 * ceil(R) = the highest level (least lvl) of the tasks whose sections use
 * R.  len(j, R) = the longest section of task j on R (an outer section's
 * length covers what it nests).
 *
 *   pcp, srp  B_i = max { len(j, R) : lvl[j] > lvl[i], ceil(R) <= lvl[i] }
 *             (one section of one lower-level task whose resource's
 *             ceiling is at least i's level; Sha, Rajkumar and Lehoczky
 *             1990 for pcp, Baker 1991 for srp);
 *   pip       B_i = min(B_l, B_s), the sum bound: B_l = sum over
 *             lower-priority tasks j of max_R { len(j, R) : ceil(R) <=
 *             lvl[i] }, B_s = sum over resources R with ceil(R) <= lvl[i]
 *             of max_j { len(j, R) : lvl[j] > lvl[i] } (a job is blocked
 *             at most once per lower-priority job and once per resource:
 *             Sha, Rajkumar and Lehoczky 1990 §3; Buttazzo, Hard
 *             Real-Time Computing Systems, §7.6, whose delta - 1 in
 *             discrete time is taken as delta here: an upper bound).
 *             With nested sections, blocking is transitive (J_i waits
 *             for M, which holds R' and waits for L's R): the ceilings
 *             are first raised along nesting (a resource requested
 *             inside a section on R' gets R''s ceiling, to a fixed
 *             point; of two sections over one interval the one listed
 *             first is the outer one, models/section.h, as for the
 *             chains of none and the lock-order graph: one walk), and
 *             only B_l is used (the once-per-resource count
 *             does not hold along a chain);
 *   none      no bound: a task of intermediate priority may run while a
 *             job waits (RT_TIME_NEVER for every task blocked by a
 *             lower one, 0 for the others; blocked directly, on a
 *             resource the lower task uses, or through a chain: it
 *             waits for a holder that requests, inside that section,
 *             a resource the lower task uses, and so on).
 *
 * Sums are checked (RT_ERR_OVERFLOW, never wrapped).
 */
#ifndef RT_BLOCKING_H
#define RT_BLOCKING_H

#include <stddef.h>
#include <stdint.h>

#include "models/analysis_fp.h"
#include "models/rt_err.h"
#include "models/rt_time.h"
#include "models/task.h"

enum rt_lock_protocol {
	RT_LOCK_NONE = 0,
	RT_LOCK_PIP,
	RT_LOCK_PCP,
	RT_LOCK_SRP
};

/* lvl[i] (n entries) by relative deadline: the number of distinct
 * deadlines smaller than D_i (edf's preemption levels).  O(n^2). */
void rt_levels_by_deadline(const struct rt_task *ts, size_t n, uint32_t *lvl);

/* B[i] (n entries) for protocol p with levels lvl (above); sections'
 * resources must be < nres.  RT_ERR_NOMEM, RT_ERR_OVERFLOW (d says). */
enum rt_err rt_blocking_terms(const struct rt_task *ts, size_t n,
			      size_t nres, const uint32_t *lvl,
			      enum rt_lock_protocol p, rt_time *B,
			      struct rt_diag *d);

/* rt_fp_rta (analysis_fp.h) with a blocking term B[i] per task: the
 * level-i busy period starts with B_i, w = B_i + (q + 1) C_i + sum_{hp}
 * ceil(w / T_j) C_j (Sha, Rajkumar and Lehoczky 1990; Audsley et al.
 * 1993).  A B[i] of RT_TIME_NEVER makes R_i RT_TIME_NEVER. */
enum rt_err rt_fp_rta_blocking(const struct rt_task *ts, size_t n,
			       enum rt_fp_order o, const rt_time *B,
			       uint64_t budget, rt_time *resp,
			       struct rt_fp_result *r, struct rt_diag *d);

/* EDF with the stack resource policy on one CPU (Baker 1991): accept iff
 * U <= 1 and B(t) + dbf(t) <= t at every absolute deadline t below
 * max(L, D_max), L the testing interval of rt_uni_testing_interval, with
 * B(t) = max { len(s) : s a section of a task j with D_j > t on a
 * resource used by a task k with D_k <= t } (0 if none).  *witness = a
 * violating t (RT_TIME_NEVER: none, or U > 1).  RT_ERR_UNSUPPORTED past
 * the step budget (one step per deadline checked). */
enum rt_err rt_edf_srp_test(const struct rt_task *ts, size_t n, size_t nres,
			    uint64_t budget, enum rt_verdict *v,
			    rt_time *witness, struct rt_diag *d);

/* A cycle in the lock-order graph of ts[0..n)'s nested sections (an
 * edge A -> B when a section on B lies inside a section on A in some
 * task): a set that pip or none may deadlock.  On a cycle *len (>= 2) is
 * its length + 1 and cyc[0..*len) the resources along it, cyc[0] again
 * last (cyc holds nres + 1 entries); *len = 0 when the graph is acyclic.
 * Sections' resources must be < nres.  RT_ERR_NOMEM. */
enum rt_err rt_lock_order_cycle(const struct rt_task *ts, size_t n,
				size_t nres, uint32_t *cyc, size_t *len);

#endif /* RT_BLOCKING_H */
