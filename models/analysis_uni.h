/* analysis_uni.h - uniprocessor preemptive EDF analysis (docs/theory.md §A, D.3).
 *
 * Every function is exact integer/rational arithmetic over the sporadic
 * model (C, D, T) of the tasks (arrival/exec/jitter fields are ignored), and
 * returns RT_ERR_OVERFLOW rather than a wrong answer when an intermediate
 * would not fit (128-bit intermediates are used where products occur).
 *
 * Common rules (details and sources in analysis_uni*.c, one concept a
 * file as listed at the top of analysis_uni.c, and models/README.md):
 * - Tasks need C > 0, D > 0, T > 0 (RT_ERR_INVAL otherwise); D < C is legal
 *   (such a set is simply unschedulable).  n == 0 is the empty set.
 * - Work budget.  PDC, Delta and RTA are pseudo-polynomial: with ns units
 *   and U close to 1 the testing interval can hold billions of points.  The
 *   *_limit variants take a budget of "steps" and return RT_ERR_UNSUPPORTED
 *   (with a message such as "testing interval too long: N points") instead
 *   of running past it; the plain functions use RT_UNI_BUDGET_DEFAULT.  A
 *   step is one deadline point of PDC/Delta (O(log n) heap work) or one
 *   task's term in an evaluation of dbf (QPA), of the busy-period sum W, or
 *   of a Spuri fixed-point step.  QPA is the production test: it normally
 *   needs a few dbf evaluations.
 * - U is compared with 1 exactly (models/frac.h); if U is so close to 1 and
 *   its denominator so large that the comparison cannot be decided, the
 *   functions that need it return RT_ERR_UNSUPPORTED.
 */
#ifndef RT_ANALYSIS_UNI_H
#define RT_ANALYSIS_UNI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/rt_err.h"
#include "models/rt_time.h"
#include "models/task.h"

enum rt_verdict {
	RT_VERDICT_ACCEPT = 0,
	RT_VERDICT_REJECT,
	RT_VERDICT_NA           /* test does not apply / could not decide */
};

/* "accept" | "reject" | "n/a" */
const char *rt_verdict_name(enum rt_verdict v);

struct rt_uni_result {
	enum rt_verdict verdict;
	rt_time witness;        /* t with dbf(t) > t, or RT_TIME_NEVER */
	rt_time witness_demand; /* dbf(witness); 0 without a witness;
				 * RT_TIME_NEVER if it exceeds RT_TIME_MAX */
	size_t evaluations;     /* dbf evaluations done (QPA vs PDC) */
};

/* Default step budget of the plain (non-_limit) functions: 10^8 steps,
 * about a second of work. */
#define RT_UNI_BUDGET_DEFAULT ((uint64_t)100000000)

/* ---- demand, utilization, density (analysis_uni.c) ---------------------
 * The "_limit" variants below take a step budget as described at the
 * top and a diagnostic d (may be NULL) that says why on any error; the
 * plain ones use RT_UNI_BUDGET_DEFAULT and no diagnostic. */

/* h(t) = sum_i max(0, floor((t - D_i)/T_i) + 1) * C_i  (A.3); 0 for t < min
 * D_i (also t <= 0).  RT_ERR_OVERFLOW if h(t) > RT_TIME_MAX. */
enum rt_err rt_uni_dbf(const struct rt_task *ts, size_t n, rt_time t,
		       rt_time *out);

/* U <= 1 exactly (A.1; equality accepts); *accept set on success.
 * RT_ERR_UNSUPPORTED if U cannot be compared (frac.h size cap). */
enum rt_err rt_uni_utilization_test(const struct rt_task *ts, size_t n,
				    bool *accept);
/* Lambda <= 1 exactly (A.2; equality accepts). */
enum rt_err rt_uni_density_test(const struct rt_task *ts, size_t n,
				bool *accept);

/* ---- busy period and testing interval (analysis_uni_busy.c) ------------ */

/* Synchronous busy period L_b (A.4.2).  Requires U <= 1 (RT_ERR_INVAL
 * otherwise); RT_ERR_OVERFLOW if it exceeds RT_TIME_MAX.  No iteration cap
 * besides overflow and the step budget (RT_ERR_UNSUPPORTED). */
enum rt_err rt_uni_busy_period(const struct rt_task *ts, size_t n, rt_time *lb);
enum rt_err rt_uni_busy_period_limit(const struct rt_task *ts, size_t n,
				     uint64_t budget, rt_time *lb,
				     struct rt_diag *d);

/* L_a (A.4.1), rounded up and clamped at 0.  *defined = false when U >= 1.
 * RT_ERR_OVERFLOW if ceil(L_a) > RT_TIME_MAX. */
enum rt_err rt_uni_la(const struct rt_task *ts, size_t n, rt_time *la,
		      bool *defined);

/* The testing interval L = min(L_b, ceil(L_a)) (L_b alone when U == 1);
 * deadlines strictly below L are the ones PDC checks.  Requires U <= 1. */
enum rt_err rt_uni_testing_interval(const struct rt_task *ts, size_t n,
				    uint64_t budget, rt_time *L,
				    struct rt_diag *d);

/* ---- the exact tests (analysis_uni_pdc.c, analysis_uni_qpa.c) ---------- */

/* Processor demand criterion over deadlines < min(L_b, ceil(L_a)) (A.3);
 * witness = FIRST violating deadline.  U > 1 rejects (witness NEVER). */
enum rt_err rt_uni_pdc(const struct rt_task *ts, size_t n,
		       struct rt_uni_result *r);
enum rt_err rt_uni_pdc_limit(const struct rt_task *ts, size_t n,
			     uint64_t budget, struct rt_uni_result *r,
			     struct rt_diag *d);

/* QPA (A.5); witness = the violating t QPA stops at.  U > 1 rejects
 * (witness NEVER).  The production test: usually a few evaluations. */
enum rt_err rt_uni_qpa(const struct rt_task *ts, size_t n,
		       struct rt_uni_result *r);
enum rt_err rt_uni_qpa_limit(const struct rt_task *ts, size_t n,
			     uint64_t budget, struct rt_uni_result *r,
			     struct rt_diag *d);

/* ---- tardiness and response times (analysis_uni_tardiness.c) ----------- */

/* Exact maximum tardiness Delta = max(0, max_{t<L_b} h(t) - t) (D.3).
 * Requires U <= 1 (RT_ERR_INVAL otherwise). */
enum rt_err rt_uni_max_tardiness(const struct rt_task *ts, size_t n,
				 rt_time *delta);
enum rt_err rt_uni_max_tardiness_limit(const struct rt_task *ts, size_t n,
				       uint64_t budget, rt_time *delta,
				       struct rt_diag *d);

/* Spuri's exact worst-case response time per task (A.7), in input order:
 * resp[i] for task i (caller provides n entries).  Requires U <= 1
 * (RT_ERR_INVAL otherwise).  Ties are adversarial (equal deadlines of other
 * tasks interfere).  R_i > D_i means tardiness R_i - D_i.  Needs at least
 * n^2 steps. */
enum rt_err rt_uni_rta(const struct rt_task *ts, size_t n, rt_time *resp);
enum rt_err rt_uni_rta_limit(const struct rt_task *ts, size_t n,
			     uint64_t budget, rt_time *resp,
			     struct rt_diag *d);

/* Steps rt_uni_tardiness_bounds() gives Spuri's per-task response times
 * of n tasks: RT_UNI_RTA_REFINE_BASE + RT_UNI_RTA_REFINE_PER_TASK n, at
 * most a tenth of its budget.  A function of n so that the CPUs of a
 * partition, analysed one call each, share a total of at most
 * 2^12 per CPU with tasks + 2^8 per task (100,000 tasks on 64 CPUs:
 * 2.6 10^7 steps, a few tens of milliseconds), while small sets keep
 * their exact answers (the examples need at most a hundred steps). */
#define RT_UNI_RTA_REFINE_BASE     ((uint64_t)4096)
#define RT_UNI_RTA_REFINE_PER_TASK ((uint64_t)256)

/*
 * The tardiness bounds of one CPU without more search than needed:
 * *delta = Delta (D.3), 0 at once when QPA accepts (immediate when every
 * D_i >= T_i and U <= 1: Liu & Layland); resp[i] = Spuri's exact response
 * time (*resp_exact = true) or, when that needs more than the steps above
 * (at least n^2: then it is not even started), the upper bound D_i +
 * Delta (*resp_exact = false).  RT_ERR_INVAL when U > 1 (no bound:
 * tardiness grows), other errors as the _limit functions.
 */
enum rt_err rt_uni_tardiness_bounds(const struct rt_task *ts, size_t n,
				    uint64_t budget, rt_time *delta,
				    rt_time *resp, bool *resp_exact,
				    struct rt_diag *d);

#endif /* RT_ANALYSIS_UNI_H */
