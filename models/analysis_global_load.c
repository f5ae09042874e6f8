/* analysis_global_load.c - the exact LOAD condition for global EDF and
 * the linear interval bound it shares with BAR (docs/theory.md §B.0, B.6).
 *
 * LOAD = sup_{t>0} dbf(t)/t <= m is necessary on m CPUs.  It is checked
 * exactly at the absolute deadlines below Y/(m - U) (Y = sum u_i (T_i -
 * D_i)^+), or over one hyperperiod + max D when U = m: O(n) and n budget
 * steps per deadline, each sum stopped as soon as it exceeds m t.  The
 * bound itself, the last integer x with (m - U) x - Y - R <= 0, is found
 * exactly by gl_lin_last(): each probe is the sign of an n-term rt_qsum
 * sum, a double estimate only seeds a galloping search, and the binary
 * search that follows is O(log RT_TIME_MAX) probes.
 */
#include "models/analysis_global_int.h"

#include "models/frac.h"

/*
 * sign((m - U) x - Y - R) with Y = sum_i C_i (T_i - D_i)^+ / T_i, i.e.
 *
 *     m x - R - sum_i C_i (x + (T_i - D_i)^+) / T_i
 *
 * exactly.  First the filter of frac.h on s = U x + Y + R against b = m x,
 * from the context's double U and Y: U x carries (n + 4)u of itself (the
 * sum of n quotients, (double)x and the product), Y (n + 2)u, (double)R
 * u, so the three parts at most (n + 4)u s and the two additions 2u s;
 * b = m (double)x carries 2u b -- within rt_frac_filter's (n + 8)u
 * max(s, b).  It decides every x not within
 * about n 2^-50 of the root, in O(1) (one budget step).  Otherwise the
 * exact sum of one fraction per task (C_i (x + T_i) < 2^127 for x <
 * 2^63), O(n) (n more steps).
 */
static enum rt_err lin_sign(struct gctx *c, i128 x, i128 R, int *sign)
{
	double xd = (double)x;
	enum rt_err err;
	i128 mx;
	int cmp;

	if (!gl_charge(c, 1))
		return gl_over_budget(c);
	if (rt_frac_filter(c->ud * xd + c->yd + (double)R, (double)c->m * xd,
			   c->n, &cmp)) {
		*sign = -cmp;
		return RT_OK;
	}
	if (!gl_charge(c, c->n))
		return gl_over_budget(c);
	rt_qsum_clear(&c->q);
	if (!mul_ok(c->m, x, &mx) || !add_ok(mx, -R, &mx))
		return gl_overflow(c, "m x - R");
	err = gl_add(c, mx, 1);
	for (size_t i = 0; i < c->n && !err; i++) {
		const struct rt_task *t = &c->ts[i];
		i128 slack = imax(0, (i128)t->period - t->deadline);

		err = gl_add(c, -(i128)t->wcet * (x + slack), t->period);
	}
	if (!err)
		err = gl_sign(c, "the interval bound", sign);
	return err;
}

static enum rt_err lin_pred(struct gctx *c, i128 x, i128 R, bool strict,
			    bool *ok)
{
	int s = 0;
	enum rt_err err = lin_sign(c, x, R, &s);

	*ok = strict ? s < 0 : s <= 0;
	return err;
}

/*
 * Largest integer x in [lo, RT_TIME_MAX] with (m-U) x - Y - R <= 0 (< 0 if
 * strict); requires U < m, so the left side increases with x and the
 * answer is floor((Y + R)/(m - U)) (minus one at equality when strict),
 * rounded *down* -- the exact bound, never past it.  The double estimate
 * of that quotient only chooses where the exact search starts: a correct
 * guess costs two probes past lo and RT_TIME_MAX, each O(1) through the
 * filter.  *found = false if even lo fails.
 */
enum rt_err gl_lin_last(struct gctx *c, i128 R, rt_time lo, bool strict,
			rt_time *out, bool *found)
{
	double guess = ((double)R + c->yd) / ((double)c->m - c->ud);
	i128 a, b, g;                   /* pred(a) true, pred(b) false */
	enum rt_err err;
	bool ok;

	*found = false;
	err = lin_pred(c, lo, R, strict, &ok);
	if (err || !ok)
		return err;
	*found = true;
	err = lin_pred(c, RT_TIME_MAX, R, strict, &ok);
	if (err || ok) {
		*out = RT_TIME_MAX;
		return err;
	}
	a = lo;
	b = RT_TIME_MAX;
	if (guess > (double)lo + 1 && guess < 9e18) {   /* gallop from guess */
		i128 step = 1;

		g = (i128)guess;
		err = lin_pred(c, g, R, strict, &ok);
		if (err)
			return err;
		if (ok)
			a = g;
		else
			b = g;
		while (b - a > 1) {
			i128 h = ok ? a + step : b - step;

			if (h <= a || h >= b)
				break;
			err = lin_pred(c, h, R, strict, &ok);
			if (err)
				return err;
			if (ok)
				a = h;
			else
				b = h;
			step *= 2;
		}
	}
	while (b - a > 1) {
		i128 mid = a + (b - a) / 2;

		err = lin_pred(c, mid, R, strict, &ok);
		if (err)
			return err;
		if (ok)
			a = mid;
		else
			b = mid;
	}
	*out = (rt_time)a;
	return RT_OK;
}

static i128 lcm_checked(i128 a, i128 b, bool *ok)
{
	i128 g = (i128)rt_gcd64((uint64_t)(a % b), (uint64_t)b), r;

	if (!g)
		g = b;
	if (!mul_ok(a / g, b, &r) || r > RT_TIME_MAX)
		*ok = false;
	return r;
}

/*
 * LOAD <= m  <=>  dbf(t) <= m t for all t > 0 (dbf/t only jumps up at
 * absolute deadlines and tends to U).  From dbf_i(t) <= u_i (t + (T_i -
 * D_i)^+):  dbf(t) > m t  implies  (m - U) t < Y, so for U < m only the
 * deadlines t < Y/(m - U) are checked (floor, exact: gl_lin_last(strict)).
 * For U = m, Y = 0 means dbf(t) <= U t = m t everywhere; otherwise
 * dbf(t) - m t repeats with the hyperperiod H past max D, so t <= H + max D
 * is scanned (H overflow: RT_ERR_UNSUPPORTED).  dbf(t) < n 2^64 as C <= T
 * is not assumed here: each term is C_i (floor((t-D_i)/T_i)+1) < 2^126,
 * and the scan stops as soon as the sum exceeds m t.
 */
enum rt_err rt_global_load(const struct rt_task *ts, size_t n, unsigned m,
			   uint64_t budget, struct rt_global_result *out,
			   struct rt_diag *d)
{
	struct rt_global_result r;
	struct gctx c;
	enum rt_err err;
	i128 t = RT_TIME_NEVER, tmax = -1;
	bool ok = true;

	gl_ctx_init(&c, "LOAD", ts, n, m, budget, d);
	err = gl_check_tasks(ts, n, m, c.test, d);
	if (err)
		return gl_end(&c, &r, out, err);
	gl_result_init(&r);
	if (!n)
		return gl_end(&c, &r, out, RT_OK);
	err = gl_u_cmp_m(&c, &c.ucmp);
	if (err)
		return gl_end(&c, &r, out, err);
	if (c.ucmp > 0) {
		r.verdict = RT_VERDICT_REJECT;
		r.why = "U > m";
		return gl_end(&c, &r, out, RT_OK);
	}
	if (c.ucmp < 0) {
		rt_time last = 0;
		bool found;

		err = gl_lin_last(&c, 0, 1, true, &last, &found);
		tmax = found ? last : 0;
	} else {
		i128 h = 1, dmax = 0;
		bool short_dl = false;          /* some D_i < T_i: Y > 0 */

		for (size_t i = 0; i < n; i++) {
			short_dl |= ts[i].deadline < ts[i].period;
			dmax = imax(dmax, ts[i].deadline);
		}
		if (short_dl) {
			for (size_t i = 0; i < n && ok; i++)
				h = lcm_checked(h, ts[i].period, &ok);
			if (!ok || h + dmax > RT_TIME_MAX)
				err = rt_diagf(d, RT_ERR_UNSUPPORTED, "LOAD: U = m "
					       "needs a scan over the hyperperiod, "
					       "which exceeds the time range");
			tmax = h + dmax;
		}
	}
	for (size_t i = 0; i < n; i++)
		t = imin(t, ts[i].deadline);
	while (!err && t <= tmax) {
		i128 h = 0, nx = I128_MAX, mt = (i128)m * t;

		if (!gl_charge(&c, n)) {
			err = gl_over_budget(&c);
			break;
		}
		for (size_t i = 0; i < n && h <= mt; i++) {
			i128 nd = ts[i].deadline;

			if (t >= ts[i].deadline) {      /* t < 2^63: 64-bit '/' */
				int64_t j = ((int64_t)t - ts[i].deadline) /
					    ts[i].period + 1;

				h += (i128)j * ts[i].wcet;
				nd += (i128)j * ts[i].period;
			}
			nx = imin(nx, nd);
		}
		if (h > mt) {
			r.verdict = RT_VERDICT_REJECT;
			r.witness = (rt_time)t;
			break;
		}
		t = nx;
	}
	return gl_end(&c, &r, out, err);
}
