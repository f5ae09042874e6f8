/* analysis_global.h - global EDF on m identical CPUs (docs/theory.md §B.0-B.10).
 *
 * Necessary conditions (every C_i <= min(D_i, T_i), U <= m, LOAD <= m) and
 * the sufficient G-EDF tests GFB, BAK, BCL, BCL-iterative, RTA, BAR and
 * FF-DBF, with the semantics (rounding, round limits, epsilon, sigma grid)
 * of the schedcat implementations docs/theory.md §B.1-B.7 documents, so verdicts
 * match the reference vectors exactly.
 *
 * Common rules (sources and formulas in analysis_global*.c, one test family
 * a file; the shared frame in analysis_global.c):
 * - Tasks need C, D, T > 0 and m >= 1 (RT_ERR_INVAL otherwise, d names the
 *   task).  An empty set is accepted.
 * - A sufficient test "rejects" when it cannot show the set schedulable.
 *   Before its own formula every test rejects a set that no scheduler can
 *   meet: some C_i > min(D_i, T_i) (infeasible task) or U > m.  'why' then
 *   says so.  Every test is for constrained deadlines and returns n/a for
 *   a set with some D_i > T_i (BAK too: schedcat's arbitrary-deadline
 *   form of it accepts sets that miss; analysis_global_density.c).
 * - Exact arithmetic: integers in 128 bits with every product checked;
 *   rationals through rt_qsum below (a fixed-point enclosure first, exact
 *   fractions from models/frac.h when the enclosure cannot decide).  An
 *   intermediate past 128 bits returns RT_ERR_OVERFLOW, a fraction frac.h
 *   cannot decide RT_ERR_UNSUPPORTED -- never a wrong verdict.  The test
 *   registry (tests.h) turns both into verdict n/a with a note.
 * - Work budget.  Every test but GFB (O(n)) counts its work in steps
 *   (one step = one task's term in one evaluation) and returns
 *   RT_ERR_UNSUPPORTED with "too large: <test> needs more than N steps
 *   for n tasks on m CPUs (budget exhausted)" instead of running past its
 *   budget; the registry (tests.h) prints that note with verdict n/a.
 *   BCL-iterative, RTA, BAR, FF-DBF and LOAD take the budget as an
 *   argument; BAK and BCL (O(n^2): n steps per task) use
 *   RT_GLOBAL_BUDGET_DEFAULT.  A test stops at its first decided answer,
 *   so a reject found early is still an answer for any n.  Exhausting the
 *   default takes 0.05-0.2 s optimised (-O2) and up to 0.5 s in the -O0
 *   debug build (measured: 5,000 light tasks on 4 CPUs); 100,000 tasks
 *   exhaust it within the first round of BCL, BCL-iterative, RTA or BAR
 *   (n^2 = 10^10 > 2 10^7).  Sets of 20 tasks on 4 CPUs need a few
 *   thousand steps, 200 tasks on 16 CPUs a few 10^5; the reference
 *   sample at most ~1.1 10^5.
 * - *r is written on RT_OK only (other out-arrays as documented).
 */
#ifndef RT_ANALYSIS_GLOBAL_H
#define RT_ANALYSIS_GLOBAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/analysis_uni.h"
#include "models/frac.h"
#include "models/rt_err.h"
#include "models/rt_time.h"
#include "models/task.h"

/* 2 * 10^7 steps (see "Work budget" above). */
#define RT_GLOBAL_BUDGET_DEFAULT ((uint64_t)20000000)

/* schedcat's defaults (docs/theory.md §B.5, B.7), which the reference assumes. */
#define RT_RTA_ROUNDS_DEFAULT   25u     /* RTA slack-update rounds */
#define RT_FFDBF_EPS_NUM        1       /* epsilon = 1/10 */
#define RT_FFDBF_EPS_DEN        10
#define RT_FFDBF_SIGMA_DEN      50      /* sigma grid step 1/50 */

#define RT_GLOBAL_NO_TASK ((size_t)-1)

struct rt_global_result {
	enum rt_verdict verdict;
	size_t task;            /* reject: the task the test failed for, or
				 * RT_GLOBAL_NO_TASK (whole-set condition) */
	rt_time witness;        /* BAR: offset A_k of the violation; LOAD: t
				 * with dbf(t) > m*t; else RT_TIME_NEVER */
	uint64_t steps;         /* work spent (budget units) */
	const char *why;        /* static text: reason of an n/a or of a
				 * precondition reject; "" otherwise */
};

/* ---- necessary conditions (docs/theory.md §B.0) ------------------------- */

/* *bad = first task with C_i > min(D_i, T_i) (infeasible on any number of
 * CPUs: intra-task sequentiality), RT_GLOBAL_NO_TASK if none. */
enum rt_err rt_global_feasible_tasks(const struct rt_task *ts, size_t n,
				     size_t *bad, struct rt_diag *d);

/* U <= m exactly (equality accepts).  Necessary for any m; exact for m = 1
 * with implicit deadlines. */
enum rt_err rt_global_utilization(const struct rt_task *ts, size_t n,
				  unsigned m, bool *accept, struct rt_diag *d);

/* LOAD = sup_{t>0} dbf(t)/t <= m (Baker & Baruah 2009; Fisher, Baker,
 * Baruah 2006), exactly: U <= m and dbf(t) <= m*t at every absolute
 * deadline t below Y/(m - U) (Y = sum u_i (T_i - D_i)^+), or below one
 * hyperperiod + max D when U = m.  Reject witness: the first such t. */
enum rt_err rt_global_load(const struct rt_task *ts, size_t n, unsigned m,
			   uint64_t budget, struct rt_global_result *r,
			   struct rt_diag *d);

/* ---- sufficient G-EDF tests (docs/theory.md §B.1-B.7) ------------------- */

/* GFB density bound: Lambda <= m - (m-1) lambda_max (B.1). */
enum rt_err rt_global_gfb(const struct rt_task *ts, size_t n, unsigned m,
			  struct rt_global_result *r, struct rt_diag *d);

/* Baker's test, beta form (B.2); constrained deadlines, lambda_k =
 * C_k / D_k. */
enum rt_err rt_global_bak(const struct rt_task *ts, size_t n, unsigned m,
			  struct rt_global_result *r, struct rt_diag *d);

/* Bertogna, Cirinei, Lipari 2005 (B.3). */
enum rt_err rt_global_bcl(const struct rt_task *ts, size_t n, unsigned m,
			  struct rt_global_result *r, struct rt_diag *d);

/* Iterative slack test, no round limit (B.4). */
enum rt_err rt_global_bcl_iterative(const struct rt_task *ts, size_t n,
				    unsigned m, uint64_t budget,
				    struct rt_global_result *r,
				    struct rt_diag *d);

/* Response-time analysis of Bertogna & Cirinei 2007 (B.5) with at most
 * 'rounds' slack rounds (0 = unlimited; the reference uses 25) and fixed-
 * point step 0.  On accept, resp (if not NULL, n entries) receives the
 * response-time bounds R_k = D_k - S_k <= D_k; untouched otherwise. */
enum rt_err rt_global_rta(const struct rt_task *ts, size_t n, unsigned m,
			  unsigned rounds, uint64_t budget, rt_time *resp,
			  struct rt_global_result *r, struct rt_diag *d);

/* Baruah 2007 with the "-(C_k - 1)" erratum (B.6); needs U < m (U = m
 * rejects: the testing interval is unbounded). */
enum rt_err rt_global_bar(const struct rt_task *ts, size_t n, unsigned m,
			  uint64_t budget, struct rt_global_result *r,
			  struct rt_diag *d);

/* FF-DBF (B.7): epsilon = eps_num/eps_den > 0, sigma grid 1/sigma_den;
 * schedcat's choices are RT_FFDBF_EPS_* and RT_FFDBF_SIGMA_DEN.  Needs
 * m >= 2 (n/a otherwise). */
enum rt_err rt_global_ffdbf(const struct rt_task *ts, size_t n, unsigned m,
			    int64_t eps_num, int64_t eps_den, int64_t sigma_den,
			    uint64_t budget, struct rt_global_result *r,
			    struct rt_diag *d);

/* Exact forced-forward demand sum_i ffdbf(tau_i, t, sigma) (B.7, G.5) at
 * t = t_num/t_den >= 0 and speed sigma = s_num/s_den > 0 (dens > 0), as
 * *num / *den with *den = t_den * s_den.  RT_ERR_OVERFLOW past 128 bits. */
enum rt_err rt_global_ffdbf_demand(const struct rt_task *ts, size_t n,
				   int64_t t_num, int64_t t_den,
				   int64_t s_num, int64_t s_den,
				   rt_i128 *num, rt_i128 *den);

/* ---- exact signed sums of fractions --------------------------------------
 * sign(sum_j num_j / den_j) for 128-bit signed numerators and positive
 * 64-bit denominators, exactly.  A fixed-point enclosure (64 fraction
 * bits, width <= terms * 2^-64) decides almost every case in O(terms);
 * only a sum that the enclosure cannot separate from 0 (e.g. equality
 * cases like Lambda == m - (m-1) lambda_max) is recomputed with models/
 * frac.h (positive and negative parts as two exact sums).  Shared by
 * tardiness.c and partition.c. */
struct rt_qsum {
	struct rt_frac_term *pos;       /* positive terms (owned) */
	struct rt_frac_term *neg;       /* magnitudes of negative terms */
	size_t npos, nneg;              /* terms in use */
	size_t cap;                     /* capacity of each array */
};

void rt_qsum_init(struct rt_qsum *q);           /* empty; no memory */
void rt_qsum_free(struct rt_qsum *q);           /* back to empty */
void rt_qsum_clear(struct rt_qsum *q);          /* no terms; keeps memory */
/* Add num/den (den > 0, |num| < 2^127); RT_ERR_NOMEM leaves q unchanged. */
enum rt_err rt_qsum_add(struct rt_qsum *q, rt_i128 num, int64_t den);
/* *sign = -1, 0 or +1.  RT_ERR_UNSUPPORTED if frac.h cannot decide (sum
 * within ~2^-100 of 0 with huge denominators), RT_ERR_NOMEM.  May reorder
 * the terms. */
enum rt_err rt_qsum_sign(struct rt_qsum *q, int *sign);

#endif /* RT_ANALYSIS_GLOBAL_H */
