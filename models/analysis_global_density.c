/* analysis_global_density.c - the density-based G-EDF tests GFB and BAK
 * (docs/theory.md §B.1, B.2).
 *
 * GFB bounds the total density Lambda by m - (m - 1) lambda_max; BAK
 * bounds, for every task k, the sum of the other tasks' beta terms (their
 * worst-case interference over a problem window, as densities) by
 * m - (m - 1) lambda_k.  Both are closed formulas decided exactly as signs
 * of rt_qsum sums, with no rounding: equality accepts.  GFB needs
 * constrained deadlines and is O(n); BAK takes arbitrary deadlines and is
 * O(n^2) (n sums of n terms), charged n steps per task k against
 * RT_GLOBAL_BUDGET_DEFAULT (its signature has no budget).
 * gl_max_density() is shared with FF-DBF (its first sigma is lambda_max).
 */
#include "models/analysis_global_int.h"

#include "models/frac.h"

/* Index of the largest density C_j/min(D_j, T_j) (first on ties). */
size_t gl_max_density(const struct rt_task *ts, size_t n)
{
	size_t j = 0;

	for (size_t i = 1; i < n; i++) {
		int64_t di = ts[i].deadline < ts[i].period ? ts[i].deadline
							   : ts[i].period;
		int64_t dj = ts[j].deadline < ts[j].period ? ts[j].deadline
							   : ts[j].period;

		if (rt_frac_cmp64(ts[i].wcet, di, ts[j].wcet, dj) > 0)
			j = i;
	}
	return j;
}

/*
 * GFB density test (Goossens, Funk, Baruah, RTS 25(2-3) 2003, density form
 * of Bertogna et al.; schedcat gfb.py):
 *
 *     Lambda <= m - (m - 1) * lambda_max
 *
 * decided as sign(sum_i C_i/D_i + (m-1) C_j/D_j - m) <= 0, j = argmax
 * lambda; equality accepts (vector gfb_tight: {(5,10,10)} x 3, m = 2).
 * Exact; (m-1)*C_j < 2^95.
 */
enum rt_err rt_global_gfb(const struct rt_task *ts, size_t n, unsigned m,
			  struct rt_global_result *out, struct rt_diag *d)
{
	struct rt_global_result r;
	struct gctx c;
	enum rt_err err;
	bool done;
	size_t j;
	int s;

	gl_ctx_init(&c, "GFB", ts, n, m, 0, d);
	err = gl_begin(&c, &r, true, &done);
	if (err || done)
		return gl_end(&c, &r, out, err);
	j = gl_max_density(ts, n);
	rt_qsum_clear(&c.q);
	for (size_t i = 0; i < n && !err; i++)
		err = gl_add(&c, ts[i].wcet, ts[i].deadline);
	if (!err)
		err = gl_add(&c, (i128)(m - 1) * ts[j].wcet, ts[j].deadline);
	if (!err)
		err = gl_add(&c, -(i128)m, 1);
	if (!err)
		err = gl_sign(&c, "Lambda", &s);
	if (!err && s > 0)
		r.verdict = RT_VERDICT_REJECT;
	return gl_end(&c, &r, out, err);
}

/*
 * Baker's test in schedcat's beta form (Baker, RTSS 2003 / IEEE TPDS 16(8)
 * 2005; schedcat bak.py), for constrained deadlines.  For every k, with
 * lambda_k = C_k / D_k:
 *
 *     beta_i = u_i (1 + (T_i - D_i)/D_k) + [lambda_k < u_i] (C_i - lambda_k T_i)/D_k
 *     sum_i min(1, beta_i) <= m - (m - 1) lambda_k        (i = k included)
 *
 * schedcat applies the same form to arbitrary deadlines (lambda_k =
 * C_k / min(D_k, T_k)), where a task with D_i > D_k + T_i gets beta_i < 0
 * and takes demand off the sum: it then accepts sets that miss under
 * global EDF (tests/test_global.c: {(21,22,21), (5,48,33), (1,16,8),
 * (1,11,10), (13,122,67)} on 2 CPUs, t0 first late at 338).  So a set
 * with D > T is n/a here, as for the other global tests.
 *
 * Multiplied by D_k everything becomes sums of x/T_i and y/D_k:
 *
 *     D_k beta_i = x_i/T_i + y_i/D_k,   x_i = C_i (D_k + T_i - D_i) >= 0,
 *                                       y_i = C_i D_k - C_k T_i   (if > 0)
 *     sum_i min(D_k, x_i/T_i + y_i/D_k) + (m-1) C_k - m D_k <= 0
 *
 * min() is decided by x_i D_k + y_i T_i >= D_k T_i D_k (checked 128-bit
 * products: < 2^128 unless parameters exceed ~2^42).  Exact, no rounding;
 * equality accepts.
 */
/* One beta term times D_k: *capped when it is min(D_k, .) = D_k, else
 * x/T_i + y/D_k; false on a product past 128 bits. */
static bool bak_term(const struct rt_task *ti, i128 dk, i128 ck,
		     i128 *x, i128 *y, bool *capped)
{
	i128 ci = ti->wcet, t = ti->period, l, r, p;

	*x = ci * (dk + t - ti->deadline);      /* < 2^127, >= 0 */
	*y = ci * dk > ck * t ? ci * dk - ck * t : 0;   /* lambda_k < u_i */
	if (!mul_ok(*x, dk, &l) || !mul_ok(*y, t, &p) || !add_ok(l, p, &l) ||
	    !mul_ok(dk * t, dk, &r))
		return false;
	*capped = l >= r;
	return true;
}

/*
 * Decided first in double: s = the terms (capped ones as D_k, else
 * x_i/T_i + y_i/D_k) and (m - 1) C_k against b = m D_k.  Each term is
 * formed from exact 128-bit integers with at most three roundings
 * (conversions and one quotient), so s and b carry at most (n + 4)u of
 * themselves each: within rt_frac_filter's margin counted for 2n + 2
 * terms.  Otherwise the exact sum decides.
 */
static enum rt_err bak_task(struct gctx *c, size_t k, bool *ok)
{
	const struct rt_task *ts = c->ts, *tk = &ts[k];
	i128 dk = tk->deadline, ck = tk->wcet, cap, x, y;
	double s = 0, b = (double)c->m * (double)dk;
	enum rt_err err = RT_OK;
	bool capped = false;
	int sg;

	for (size_t i = 0; i < c->n; i++) {
		if (!bak_term(&ts[i], dk, ck, &x, &y, &capped))
			return gl_overflow(c, "a beta term");
		if (capped)
			s += (double)dk;
		else
			s += (double)x / (double)ts[i].period +
			     (double)y / (double)dk;
	}
	cap = (i128)(c->m - 1) * ck;
	s += (double)cap;
	if (rt_frac_filter(s, b, 2 * c->n + 2, &sg)) {
		*ok = sg <= 0;
		return RT_OK;
	}
	rt_qsum_clear(&c->q);
	for (size_t i = 0; i < c->n && !err; i++) {
		bak_term(&ts[i], dk, ck, &x, &y, &capped);
		if (capped) {
			err = gl_add(c, dk, 1);
		} else {
			err = gl_add(c, x, ts[i].period);
			if (!err)
				err = gl_add(c, y, (int64_t)dk);
		}
	}
	if (!err)
		err = gl_add(c, cap, 1);
	if (!err)
		err = gl_add(c, -(i128)c->m * dk, 1);
	if (!err)
		err = gl_sign(c, "the beta sum", &sg);
	if (!err)
		*ok = sg <= 0;
	return err;
}

enum rt_err rt_global_bak(const struct rt_task *ts, size_t n, unsigned m,
			  struct rt_global_result *out, struct rt_diag *d)
{
	struct rt_global_result r;
	struct gctx c;
	enum rt_err err;
	bool done, ok = true;

	gl_ctx_init(&c, "BAK", ts, n, m, RT_GLOBAL_BUDGET_DEFAULT, d);
	err = gl_begin(&c, &r, true, &done);
	if (err || done)
		return gl_end(&c, &r, out, err);
	for (size_t k = 0; k < n && !err && ok; k++) {
		if (!gl_charge(&c, n)) {
			err = gl_over_budget(&c);
			break;
		}
		err = bak_task(&c, k, &ok);
		if (!err && !ok) {
			r.verdict = RT_VERDICT_REJECT;
			r.task = k;
		}
	}
	return gl_end(&c, &r, out, err);
}
