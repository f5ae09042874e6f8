/* analysis_uni_busy.c - the synchronous busy period, L_a and the testing
 * interval of one CPU (docs/theory.md §A.4).
 *
 * L_b is the least fixed point of W(w) = sum ceil(w/T_i) C_i, L_a the
 * closed bound of Baruah et al.; PDC, QPA and the exact maximum
 * tardiness look at the deadlines below L = min(L_b, ceil(L_a)).  The
 * busy-period iteration costs O(n) a step (n budget steps) and stops as
 * soon as it passes ceil(L_a); ceil(L_a) is found by an exact search
 * from a double estimate, typically two exact sums.
 */
#include "models/analysis_uni_int.h"

#include <math.h>

#include "models/frac.h"
#include "models/mem.h"

/*
 * Synchronous busy period (docs/theory.md §A.4.2; Ripoll, Crespo, Mok 1996; Spuri
 * 1996): the least w > 0 with
 *
 *     w = W(w),   W(w) = sum_i ceil(w / T_i) * C_i,
 *
 * iterated from w0 = sum C_i.  W is monotone, so the iterates rise to the
 * least fixed point; one exists iff U <= 1 (for U > 1, W(w) >= U*w > w), so
 * callers check U first.  With U == 1 it still converges (W(H) = H for the
 * hyperperiod H) but may take long; there is no iteration cap other than
 * overflow (w > RT_TIME_MAX -> RT_ERR_OVERFLOW) and the step budget (n
 * steps per iteration -> RT_ERR_UNSUPPORTED).  ceil rounds up (w > 0);
 * products < 2^126 in 128 bits, the sum saturates above RT_TIME_MAX.
 *
 * 'stop' (<= RT_TIME_MAX; RT_TIME_MAX + 1 = none): give up as soon as an
 * iterate reaches it, with *reached = true and *w_out untouched -- then
 * L_b >= stop (used to cap L at ceil(L_a)).
 */
enum rt_err uni_busy(struct uni_ctx *c, i128 stop, rt_time *w_out,
		     bool *reached)
{
	const struct rt_task *ts = c->ts;
	i128 w = 0;

	for (size_t i = 0; i < c->n && w <= I128_TIME_MAX; i++)
		w += ts[i].wcet;
	for (;;) {
		i128 next = 0;

		if (stop <= I128_TIME_MAX && w >= stop) {
			*reached = true;
			return RT_OK;
		}
		if (w > I128_TIME_MAX)
			return rt_diagf(c->d, RT_ERR_OVERFLOW,
					"busy period exceeds the largest time value");
		if (!uni_charge(c, c->n))
			return uni_over(c, "busy period");
		for (size_t i = 0; i < c->n && next <= I128_TIME_MAX; i++)
			next += (i128)rt_ceil_div((rt_time)w, ts[i].period) *
				ts[i].wcet;
		if (next == w) {
			*w_out = (rt_time)w;
			*reached = false;
			return RT_OK;
		}
		w = next;
	}
}

enum rt_err rt_uni_busy_period_limit(const struct rt_task *ts, size_t n,
				     uint64_t budget, rt_time *lb,
				     struct rt_diag *d)
{
	struct uni_ctx c;
	enum rt_err err;
	bool reached;
	int ucmp;

	uni_ctx_init(&c, ts, n, budget, d);
	err = uni_check(ts, n, d);
	if (!err)
		err = uni_require_u_le_1(&c, "busy period", &ucmp);
	if (!err)
		err = uni_busy(&c, I128_TIME_MAX + 1, lb, &reached);
	return err;
}

enum rt_err rt_uni_busy_period(const struct rt_task *ts, size_t n, rt_time *lb)
{
	return rt_uni_busy_period_limit(ts, n, RT_UNI_BUDGET_DEFAULT, lb, NULL);
}

/*
 * L_a test: does g(k) <= k hold, where (docs/theory.md §A.4.1)
 *
 *     g(k) = sum_i C_i * (k + T_i - D_i) / T_i      (k >= k0 = max(0, D_i - T_i))
 *
 * g(k) <= k  <=>  k*(1 - U) >= sum_i (T_i - D_i)*u_i  <=>  k >= that / (1 - U).
 * Numerators C_i*(k + T_i - D_i) < 2^63 * 2^64 fit 128 bits; the sum is an
 * exact rational (frac.h).  If frac cannot decide (value equal to k with a
 * denominator past its cap) the answer is "no": L grows by one, the safe
 * side.
 */
static enum rt_err la_holds(struct uni_ctx *c, struct rt_frac_term *terms,
			    rt_time k, bool *holds)
{
	struct rt_frac *g = NULL;
	enum rt_err err;
	double s = 0;
	int cmp;

	for (size_t i = 0; i < c->n; i++) {
		const struct rt_task *t = &c->ts[i];

		/* k + T - D >= 0 (k >= k0); formed in double, its absolute
		 * error is below 2u max(k, |T - D|) <= 2u k + 2u (T - D)^+,
		 * which with U < 1 stays inside rt_frac_filter's margin */
		s += (double)t->wcet *
		     ((double)k + (double)(t->period - t->deadline)) /
		     (double)t->period;
	}
	if (rt_frac_filter(s, (double)k, c->n, &cmp)) {
		*holds = cmp <= 0;
		return RT_OK;
	}
	for (size_t i = 0; i < c->n; i++) {
		const struct rt_task *t = &c->ts[i];

		terms[i].num = (rt_u128)t->wcet *
			       (rt_u128)((i128)k + t->period - t->deadline);
		terms[i].den = t->period;
	}
	err = rt_frac_sum(terms, c->n, &g);
	if (err)
		return rt_diagf(c->d, err, "L_a: %s", rt_strerror(err));
	err = rt_frac_compare(g, k, 1, &cmp);
	rt_frac_destroy(g);
	*holds = err == RT_OK && cmp <= 0;
	return RT_OK;
}

/*
 * ceil(L_a) (docs/theory.md §A.4.1; Baruah et al. 1990, form of Zhang & Burns 2009):
 *
 *     L_a = max( max_i (D_i - T_i),  sum_i (T_i - D_i)*u_i / (1 - U) ),  U < 1
 *
 * Rounded UP (underestimating L is unsafe) and clamped at 0 (L_a <= 0 means
 * no deadline needs testing).  Computed as the least k >= k0 with g(k) <= k
 * (la_holds; monotone in k since U < 1): a double estimate of the quotient
 * gives a starting point, then an exact galloping + binary search settles
 * it (typically 2 evaluations; at most ~130).  Exact whenever U's exact
 * form fits frac's cap, otherwise at most 1 too large.  Requires U < 1
 * (caller).  RT_ERR_OVERFLOW if ceil(L_a) > RT_TIME_MAX.
 */
enum rt_err uni_la(struct uni_ctx *c, rt_time *la)
{
	const struct rt_task *ts = c->ts;
	struct rt_frac_term *terms;
	rt_time k0 = 0, lo, hi, est;
	double x = 0.0, u = 0.0, q;
	enum rt_err err = RT_OK;
	bool ok = false;

	for (size_t i = 0; i < c->n; i++) {
		if (ts[i].deadline - ts[i].period > k0)
			k0 = ts[i].deadline - ts[i].period;
		x += (double)(ts[i].period - ts[i].deadline) *
		     ((double)ts[i].wcet / (double)ts[i].period);
		u += (double)ts[i].wcet / (double)ts[i].period;
	}
	q = ceil(x / (1.0 - u));
	est = (q == q && q > (double)k0 && q < 9.0e18) ? (rt_time)q : k0;
	terms = rt_calloc(c->n ? c->n : 1, sizeof(*terms));
	if (!terms)
		return rt_diagf(c->d, RT_ERR_NOMEM, "L_a: out of memory");
	/* Find lo < hi with holds(hi), !holds(lo) (or hi == k0). */
	err = la_holds(c, terms, est, &ok);
	if (err)
		goto out;
	if (ok) {
		rt_time step = 1;

		hi = est;
		for (;;) {
			lo = hi - step >= k0 ? hi - step : k0;
			if (lo == hi)
				break;
			err = la_holds(c, terms, lo, &ok);
			if (err)
				goto out;
			if (!ok)
				break;
			hi = lo;
			if (step < RT_TIME_MAX / 2)
				step *= 2;
		}
		if (lo == hi) {
			*la = hi;
			goto out;
		}
	} else {
		rt_time step = 1;

		lo = est;
		for (;;) {
			hi = lo <= RT_TIME_MAX - step ? lo + step : RT_TIME_MAX;
			err = la_holds(c, terms, hi, &ok);
			if (err)
				goto out;
			if (ok)
				break;
			if (hi == RT_TIME_MAX) {
				err = rt_diagf(c->d, RT_ERR_OVERFLOW,
					       "L_a exceeds the largest time value");
				goto out;
			}
			lo = hi;
			if (step < RT_TIME_MAX / 2)
				step *= 2;
		}
	}
	while (hi - lo > 1) {           /* invariant: !holds(lo), holds(hi) */
		rt_time mid = lo + (hi - lo) / 2;

		err = la_holds(c, terms, mid, &ok);
		if (err)
			goto out;
		if (ok)
			hi = mid;
		else
			lo = mid;
	}
	*la = hi;
out:
	rt_free(terms);
	return err;
}

enum rt_err rt_uni_la(const struct rt_task *ts, size_t n, rt_time *la,
		      bool *defined)
{
	struct uni_ctx c;
	enum rt_err err;
	int ucmp;

	uni_ctx_init(&c, ts, n, RT_UNI_BUDGET_DEFAULT, NULL);
	err = uni_check(ts, n, NULL);
	if (!err)
		err = uni_sum_cmp1(ts, n, false, &ucmp, NULL);
	if (err)
		return err;
	if (ucmp >= 0) {
		*defined = false;
		return RT_OK;
	}
	err = uni_la(&c, la);
	if (!err)
		*defined = true;
	return err;
}

/*
 * Testing interval (docs/theory.md §A.4 "combined"): L = min(L_b, ceil(L_a)) for
 * U < 1, L = L_b for U == 1.  The busy-period iteration stops as soon as
 * it passes ceil(L_a) (then L_b >= L_a and L = ceil(L_a)), so sets with
 * U < 1 never pay for a long busy period.  If ceil(L_a) overflows, L_b
 * alone is used (still exact).  Requires ucmp = sign(U - 1) <= 0.
 */
enum rt_err uni_interval(struct uni_ctx *c, int ucmp, rt_time *L)
{
	rt_time la = 0, lb = 0;
	bool have_la = false, reached = false;
	enum rt_err err;

	if (ucmp < 0) {
		err = uni_la(c, &la);
		if (err == RT_OK)
			have_la = true;
		else if (err != RT_ERR_OVERFLOW)
			return err;
	}
	err = uni_busy(c, have_la ? (i128)la : I128_TIME_MAX + 1, &lb, &reached);
	if (err)
		return err;
	*L = reached ? la : (have_la && la < lb ? la : lb);
	return RT_OK;
}

enum rt_err rt_uni_testing_interval(const struct rt_task *ts, size_t n,
				    uint64_t budget, rt_time *L,
				    struct rt_diag *d)
{
	struct uni_ctx c;
	enum rt_err err;
	int ucmp;

	uni_ctx_init(&c, ts, n, budget, d);
	err = uni_check(ts, n, d);
	if (!err)
		err = uni_require_u_le_1(&c, "testing interval", &ucmp);
	if (!err)
		err = uni_interval(&c, ucmp, L);
	return err;
}
