/* analysis_uni_tardiness.c - tardiness on one CPU (docs/theory.md §A.7,
 * D.3): the exact maximum tardiness Delta, Spuri's exact worst-case
 * response time of every task, and the bounds `dlsim analyze` reports
 * for a CPU.
 *
 * Delta is the largest h(t) - t over the deadlines below the testing
 * interval (the scan of analysis_uni_pdc.c, O(P log n)).  Spuri's
 * analysis tries every offset of the analysed job within the busy period
 * (O(n L / T_min) offsets per task, a fixed point of O(n) steps each),
 * so it is the first to exceed a budget; rt_uni_tardiness_bounds() then
 * falls back to D_i + Delta.
 */
#include "models/analysis_uni_int.h"

/*
 * Exact maximum tardiness of preemptive EDF on one CPU (docs/theory.md §D.3,
 * derived there from the busy-period/demand argument of Spuri 1996 and
 * Baruah et al. 1990):
 *
 *     Delta = max(0, max_{t in D-set, t < L_b} (h(t) - t))
 *
 * Requires U <= 1 (RT_ERR_INVAL otherwise: tardiness is unbounded).  Only
 * t < L = min(L_b, ceil(L_a)) is scanned: h(t) > t implies t < L_a, so
 * points past L_a cannot raise the maximum above 0.  Units: the task
 * unit; the result is checked to fit rt_time.
 */
enum rt_err rt_uni_max_tardiness_limit(const struct rt_task *ts, size_t n,
				       uint64_t budget, rt_time *delta,
				       struct rt_diag *d)
{
	struct uni_ctx c;
	struct scan_out o;
	enum rt_err err;
	rt_time L;
	int ucmp;

	uni_ctx_init(&c, ts, n, budget, d);
	err = uni_check(ts, n, d);
	if (!err)
		err = uni_require_u_le_1(&c, "maximum tardiness", &ucmp);
	if (!err)
		err = uni_interval(&c, ucmp, &L);
	if (!err)
		err = uni_scan(&c, L, false, &o);
	if (err)
		return err;
	if (o.max_excess > I128_TIME_MAX)
		return rt_diagf(d, RT_ERR_OVERFLOW,
				"maximum tardiness exceeds the largest time value");
	*delta = (rt_time)o.max_excess;
	return RT_OK;
}

enum rt_err rt_uni_max_tardiness(const struct rt_task *ts, size_t n,
				 rt_time *delta)
{
	return rt_uni_max_tardiness_limit(ts, n, RT_UNI_BUDGET_DEFAULT, delta,
					  NULL);
}

/*
 * Worst-case response time of task i for one offset a (docs/theory.md §A.7; Spuri,
 * INRIA RR-2772, 1996): the analysed job is released at a and has deadline
 * a + D_i; every other task is synchronous from 0 and wins every tie
 * (adversarial tie-break: deadlines EQUAL to a + D_i interfere).
 *
 *     own = (floor(a/T_i) + 1) * C_i
 *     w   = own + sum_{j != i, D_j <= a + D_i}
 *                 min(ceil(w/T_j), floor((a + D_i - D_j)/T_j) + 1) * C_j
 *     R_i(a) = max(C_i, w - a)       (w the least fixed point from w = own)
 *
 * The iteration is monotone and bounded by the min() caps, so it ends.
 * 128-bit throughout: a + D_i < 2^64, counts < 2^64, products < 2^127; w
 * above 4 * RT_TIME_MAX means R > RT_TIME_MAX -> RT_ERR_OVERFLOW.
 */
static enum rt_err rta_offset(struct uni_ctx *c, size_t i, rt_time a, i128 *R)
{
	const struct rt_task *ts = c->ts, *ti = &ts[i];
	i128 dl = (i128)a + ti->deadline;
	i128 own = (i128)(a / ti->period + 1) * ti->wcet, w = own;

	for (;;) {
		i128 next = own;

		if (!uni_charge(c, c->n))
			return uni_over(c, "response-time analysis");
		for (size_t j = 0; j < c->n && next <= 4 * I128_TIME_MAX; j++) {
			i128 jobs, cap;

			if (j == i || ts[j].deadline > dl)
				continue;
			jobs = (w + ts[j].period - 1) / ts[j].period;
			cap = (dl - ts[j].deadline) / ts[j].period + 1;
			next += (jobs < cap ? jobs : cap) * ts[j].wcet;
		}
		if (next > 4 * I128_TIME_MAX)
			return rt_diagf(c->d, RT_ERR_OVERFLOW,
					"response time exceeds the largest time value");
		if (next == w)
			break;
		w = next;
	}
	*R = w - a > ti->wcet ? w - a : ti->wcet;
	return RT_OK;
}

/*
 * Spuri's exact per-task worst-case response time (docs/theory.md §A.7):
 *
 *     R_i = max_{a in A_i} R_i(a),
 *     A_i = { k*T_j + D_j - D_i : j any task, k >= 0, 0 <= a < L_b }
 *
 * in INPUT order.  Requires U <= 1 (RT_ERR_INVAL otherwise); works when
 * deadlines are missed (R_i > D_i, tardiness R_i - D_i).  Needs at least
 * n^2 steps (the offset ranges) before any fixed point is run.
 */
enum rt_err rt_uni_rta_limit(const struct rt_task *ts, size_t n,
			     uint64_t budget, rt_time *resp,
			     struct rt_diag *d)
{
	struct uni_ctx c;
	enum rt_err err;
	rt_time L;
	bool reached;
	int ucmp;

	uni_ctx_init(&c, ts, n, budget, d);
	err = uni_check(ts, n, d);
	if (!err)
		err = uni_require_u_le_1(&c, "response-time analysis", &ucmp);
	if (!err)
		err = uni_busy(&c, I128_TIME_MAX + 1, &L, &reached);
	if (err)
		return err;
	if ((n && n > UINT64_MAX / n) || !uni_charge(&c, (uint64_t)n * n))
		return uni_over(&c, "response-time analysis");
	for (size_t i = 0; i < n; i++) {
		i128 best = ts[i].wcet;

		for (size_t j = 0; j < n; j++) {
			/* a = k*T_j + D_j - D_i >= 0  <=>  k >= kmin */
			rt_time gap = ts[i].deadline - ts[j].deadline;
			i128 a = gap > 0 ? (i128)rt_ceil_div(gap, ts[j].period) *
					   ts[j].period - gap : -(i128)gap;

			for (; a < L; a += ts[j].period) {
				i128 R = 0;

				err = rta_offset(&c, i, (rt_time)a, &R);
				if (err)
					return err;
				if (R > best)
					best = R;
			}
		}
		if (best > I128_TIME_MAX)
			return rt_diagf(d, RT_ERR_OVERFLOW,
					"response time exceeds the largest time value");
		resp[i] = (rt_time)best;
	}
	return RT_OK;
}

enum rt_err rt_uni_rta(const struct rt_task *ts, size_t n, rt_time *resp)
{
	return rt_uni_rta_limit(ts, n, RT_UNI_BUDGET_DEFAULT, resp, NULL);
}

enum rt_err rt_uni_tardiness_bounds(const struct rt_task *ts, size_t n,
				    uint64_t budget, rt_time *delta,
				    rt_time *resp, bool *resp_exact,
				    struct rt_diag *d)
{
	struct rt_uni_result q;
	struct rt_diag why = { "" };
	bool u_ok = false;
	uint64_t rbudget;
	enum rt_err err;

	err = rt_uni_utilization_test(ts, n, &u_ok);
	if (err)
		return rt_diagf(d, err, "%s", rt_strerror(err));
	if (!u_ok)
		return rt_diagf(d, RT_ERR_INVAL, "U > 1: tardiness grows "
				"without bound");
	/* Schedulable (QPA: immediate when every D >= T, since then L_a
	 * is 0) means Delta = 0 without scanning the busy period. */
	err = rt_uni_qpa_limit(ts, n, budget, &q, &why);
	if (!err && q.verdict == RT_VERDICT_ACCEPT) {
		*delta = 0;
	} else {
		err = rt_uni_max_tardiness_limit(ts, n, budget, delta, d);
		if (err)
			return err;
	}
	/* Per-task response times are a refinement: with Delta known they
	 * get a budget proportional to n (analysis_uni.h), so a large set
	 * still answers quickly, falling back to D_i + Delta; Spuri's
	 * analysis needs n^2 steps before its first fixed point, so a set
	 * past that is not started at all. */
	rbudget = RT_UNI_RTA_REFINE_BASE + RT_UNI_RTA_REFINE_PER_TASK * n;
	if (rbudget > budget / 10)
		rbudget = budget / 10 ? budget / 10 : 1;
	if (n > 0 && n > rbudget / n)
		err = RT_ERR_UNSUPPORTED;
	else
		err = rt_uni_rta_limit(ts, n, rbudget, resp, &why);
	*resp_exact = !err;
	if (err == RT_ERR_NOMEM)
		return rt_diagf(d, err, "%s", why.msg);
	if (err) {
		/* no per-task answer in the budget: every job finishes within
		 * D_i + Delta of its release */
		for (size_t i = 0; i < n; i++)
			if (!rt_time_add(ts[i].deadline, *delta, &resp[i]))
				resp[i] = RT_TIME_MAX;
	}
	return RT_OK;
}
