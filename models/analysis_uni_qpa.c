/* analysis_uni_qpa.c - QPA, Quick Processor-demand Analysis of Zhang and
 * Burns (docs/theory.md §A.5): the exact EDF test of one CPU that
 * `dlsim analyze`, admission and the packers use.
 *
 * It walks the deadlines below the testing interval downwards, jumping
 * from t to h(t) whenever h(t) < t, so on typical sets it needs a few dbf
 * evaluations of O(n) each (n budget steps) where PDC visits every
 * deadline; it stops at the first violation it meets, which need not be
 * the first one in time (PDC reports that one).
 */
#include "models/analysis_uni_int.h"

#define NO_POINT      ((rt_time)-1)            /* "no deadline below x" */

/* Largest deadline k*T_i + D_i strictly below x, or NO_POINT (A.5:
 * k = floor((x - 1 - D_i)/T_i) over tasks with D_i < x). */
static rt_time max_deadline_below(const struct rt_task *ts, size_t n, rt_time x)
{
	rt_time best = NO_POINT;

	for (size_t i = 0; i < n; i++) {
		rt_time dl;

		if (ts[i].deadline >= x)
			continue;
		dl = (x - 1 - ts[i].deadline) / ts[i].period * ts[i].period +
		     ts[i].deadline;
		if (dl > best)
			best = dl;
	}
	return best;
}

/*
 * QPA, Quick Processor-demand Analysis (docs/theory.md §A.5; Zhang & Burns, IEEE
 * TC 58(9), 2009), exactly as specified there:
 *
 *     U > 1: reject.   L = min(L_b, ceil(L_a));  d_min = min D_i
 *     t = max{d in D-set : d < L}  (none: accept)
 *     loop: h = h(t)
 *           h > t       -> reject, witness t
 *           h <= d_min  -> accept
 *           h < t       -> t = h
 *           h == t      -> t = max{d in D-set : d < t}
 *
 * t strictly decreases, so it terminates; the witness is the violating t
 * QPA stops at (not necessarily the first one: see PDC).  h in 128 bits,
 * saturated above RT_TIME_MAX (uni_h).  n steps per evaluation.
 */
enum rt_err rt_uni_qpa_limit(const struct rt_task *ts, size_t n,
			     uint64_t budget, struct rt_uni_result *r,
			     struct rt_diag *d)
{
	struct uni_ctx c;
	enum rt_err err;
	rt_time L, t, dmin = RT_TIME_MAX;
	bool done;

	uni_ctx_init(&c, ts, n, budget, d);
	err = uni_demand_start(&c, r, &L, &done);
	if (err || done)
		return err;
	for (size_t i = 0; i < n; i++)
		if (ts[i].deadline < dmin)
			dmin = ts[i].deadline;
	t = max_deadline_below(ts, n, L);
	while (t != NO_POINT) {
		i128 h;

		if (!uni_charge(&c, n ? n : 1))
			return uni_over(&c, "QPA");
		h = uni_h(ts, n, t);
		r->evaluations++;
		if (h > t) {
			uni_result_reject(r, t, h);
			return RT_OK;
		}
		if (h <= dmin)
			break;
		t = h < t ? (rt_time)h : max_deadline_below(ts, n, t);
	}
	return RT_OK;
}

enum rt_err rt_uni_qpa(const struct rt_task *ts, size_t n,
		       struct rt_uni_result *r)
{
	return rt_uni_qpa_limit(ts, n, RT_UNI_BUDGET_DEFAULT, r, NULL);
}
