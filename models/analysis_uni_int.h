/* analysis_uni_int.h - private helpers of the uniprocessor EDF analysis,
 * shared by models/analysis_uni*.c only (not part of the library API).
 *
 * The step budget of one call (struct uni_ctx), the checks and sums every
 * test starts with (analysis_uni.c), the busy period and the testing
 * interval (analysis_uni_busy.c) and the deadline scan (analysis_uni_pdc.c).
 * See analysis_uni.h for the rules every function follows (docs/theory.md
 * §A, D.3).
 */
#ifndef RT_ANALYSIS_UNI_INT_H
#define RT_ANALYSIS_UNI_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/analysis_uni.h"

typedef rt_i128 i128;

#define I128_TIME_MAX ((i128)RT_TIME_MAX)

/* ---- the frame (analysis_uni.c) ----------------------------------------- */

/* Budget accounting shared by one analysis call. */
struct uni_ctx {
	const struct rt_task *ts;
	size_t n;
	uint64_t budget;                /* steps allowed */
	uint64_t used;                  /* steps spent */
	struct rt_diag *d;              /* may be NULL */
};

void uni_ctx_init(struct uni_ctx *c, const struct rt_task *ts, size_t n,
		  uint64_t budget, struct rt_diag *d);
/* Spend k steps; false (nothing spent) once the budget is exhausted. */
bool uni_charge(struct uni_ctx *c, uint64_t k);
/* RT_ERR_UNSUPPORTED, "too large: <what> needs more than N steps ...". */
enum rt_err uni_over(struct uni_ctx *c, const char *what);
/* C, D, T > 0 for every task (RT_ERR_INVAL naming the task). */
enum rt_err uni_check(const struct rt_task *ts, size_t n, struct rt_diag *d);
/* h(t) in 128 bits, saturated at RT_TIME_MAX + 1 ("more than any
 * instant"). */
i128 uni_h(const struct rt_task *ts, size_t n, rt_time t);
/* *cmp = sign(U - 1) (density: sign(Lambda - 1)), exactly;
 * RT_ERR_UNSUPPORTED if frac.h cannot decide. */
enum rt_err uni_sum_cmp1(const struct rt_task *ts, size_t n, bool density,
			 int *cmp, struct rt_diag *d);
/* *ucmp = sign(U - 1); RT_ERR_INVAL "<what>: U > 1 ..." when positive. */
enum rt_err uni_require_u_le_1(struct uni_ctx *c, const char *what,
			       int *ucmp);
/* Accept, no witness, no evaluations. */
void uni_result_init(struct rt_uni_result *r);
/* Reject with witness t, demand h (NEVER past RT_TIME_MAX). */
void uni_result_reject(struct rt_uni_result *r, rt_time t, i128 h);
/* What PDC and QPA do first: check, compare U with 1, reset *r; U > 1
 * rejects at once (*done, witness NEVER), else *L = the testing interval. */
enum rt_err uni_demand_start(struct uni_ctx *c, struct rt_uni_result *r,
			     rt_time *L, bool *done);

/* ---- busy period and testing interval (analysis_uni_busy.c) ------------- */

/* L_b into *w_out (least w > 0 with W(w) = w; needs U <= 1), or *reached
 * = true as soon as an iterate reaches 'stop' (<= RT_TIME_MAX; RT_TIME_MAX
 * + 1: none), *w_out untouched.  n steps per iteration. */
enum rt_err uni_busy(struct uni_ctx *c, i128 stop, rt_time *w_out,
		     bool *reached);
/* ceil(L_a), clamped at 0; needs U < 1.  RT_ERR_OVERFLOW past
 * RT_TIME_MAX. */
enum rt_err uni_la(struct uni_ctx *c, rt_time *la);
/* L = min(L_b, ceil(L_a)) for ucmp = sign(U - 1) < 0, L_b for ucmp = 0. */
enum rt_err uni_interval(struct uni_ctx *c, int ucmp, rt_time *L);

/* ---- the deadline scan (analysis_uni_pdc.c) ------------------------------ */

struct scan_out {
	rt_time first;                  /* first t with h(t) > t, or NEVER */
	i128 first_h;                   /* h(first) */
	i128 max_excess;                /* max(0, max h(t) - t) */
	size_t points;                  /* distinct deadlines visited */
};

/* Every deadline t < L in increasing order with h(t) as a running sum;
 * 'stop_first': return at the first t with h(t) > t.  The points are
 * counted and charged before any is visited (RT_ERR_UNSUPPORTED "too
 * large: testing interval too long ..."). */
enum rt_err uni_scan(struct uni_ctx *c, rt_time L, bool stop_first,
		     struct scan_out *o);

#endif /* RT_ANALYSIS_UNI_INT_H */
