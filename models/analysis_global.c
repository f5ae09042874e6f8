/* analysis_global.c - global EDF on m CPUs: the frame every test shares
 * and the simple necessary conditions (docs/theory.md §B.0).
 *
 * Model: sporadic tasks tau_i = (C_i, D_i, T_i), integer time, m identical
 * CPUs, preemptive global EDF, sequential jobs.  Notation as docs/theory.md §0.1:
 * u_i = C_i/T_i, U = sum u_i, lambda_i = C_i/min(D_i, T_i), Lambda = sum
 * lambda_i, dbf_i(t) = max(0, floor((t - D_i)/T_i) + 1) * C_i.
 *
 * The tests live one family a file: analysis_global_density.c (GFB, BAK;
 * B.1-B.2), _bcl.c (BCL, BCL-iterative; B.3-B.4), _rta.c (B.5, its fixed
 * point in _rta_word.h), _bar.c (B.6), _ffdbf.c (B.7), _load.c (LOAD, B.0,
 * and the linear interval bound BAR shares), with rt_qsum in _qsum.c.
 * tests/global_ref.c holds plain versions of the iterative ones, which
 * the property tests hold these against.  Each follows the formula *and the
 * evaluation order* docs/theory.md §B documents for schedcat (round limits, "+1"
 * integer-time corrections, the FF-DBF sigma grid and test points),
 * because the reference vectors were produced with those semantics.
 *
 * This file holds their common start (gl_begin: validate; reject an
 * infeasible task, C > min(D, T), and U > m; n/a for a deadline model the
 * test does not cover), the work budget and the scratch exact sum
 * (analysis_global_int.h), and the conditions U <= m and C_i <= min(D_i,
 * T_i).  Every test's first step is this O(n) check; U is compared with m
 * exactly as the sign of an rt_qsum sum.
 *
 * Arithmetic (all files).  After that start C_i <= T_i, so a demand over a
 * window of length t < 2^63 is at most t + C_i < 2^64, and the n-term sums
 * of the integer tests (BCL, BCL-iterative, RTA, BAR, LOAD) fit 128 bits
 * for any n < 2^62: they are computed in rt_i128 without per-step checks
 * (each place says why).  Products that can exceed 128 bits for extreme
 * inputs (BAK's triple products, FF-DBF's scaled rationals, ns-sized
 * periods times a sigma denominator) are checked and return
 * RT_ERR_OVERFLOW.  Rationals with unbounded denominators (U, Lambda, BAK's
 * beta sums, the BAR interval bound) are signs of rt_qsum sums: exact,
 * never floating point.  Doubles appear only as *starting guesses* of
 * exact integer searches.
 */
#include "models/analysis_global_int.h"

#include "models/frac.h"

void gl_ctx_init(struct gctx *c, const char *test,
		 const struct rt_task *ts, size_t n, unsigned m,
		 uint64_t budget, struct rt_diag *d)
{
	c->test = test;
	c->ts = ts;
	c->n = n;
	c->m = m;
	c->budget = budget;
	c->used = 0;
	c->d = d;
	c->ucmp = 0;
	c->ud = 0;
	c->yd = 0;
	rt_qsum_init(&c->q);
}

/* Spend k steps; false once the budget is exhausted. */
bool gl_charge(struct gctx *c, uint64_t k)
{
	if (k > c->budget - c->used)
		return false;
	c->used += k;
	return true;
}

enum rt_err gl_over_budget(struct gctx *c)
{
	return rt_diagf(c->d, RT_ERR_UNSUPPORTED,
			"too large: %s needs more than %llu steps for %zu tasks "
			"on %u CPUs (budget exhausted)", c->test,
			(unsigned long long)c->budget, c->n, c->m);
}

enum rt_err gl_overflow(struct gctx *c, const char *what)
{
	return rt_diagf(c->d, RT_ERR_OVERFLOW,
			"%s: %s does not fit 128 bits", c->test, what);
}

/* Sign of the scratch sum, with a diagnostic when frac.h cannot decide. */
enum rt_err gl_sign(struct gctx *c, const char *what, int *sign)
{
	enum rt_err err = rt_qsum_sign(&c->q, sign);

	if (err == RT_ERR_UNSUPPORTED)
		return rt_diagf(c->d, err, "%s: %s is too close to its bound to "
				"decide with %d-bit fractions", c->test, what,
				RT_FRAC_MAX_BITS);
	if (err)
		return rt_diagf(c->d, err, "%s: %s", c->test, rt_strerror(err));
	return RT_OK;
}

/* Add num/den to the scratch sum (NOMEM with a diagnostic). */
enum rt_err gl_add(struct gctx *c, i128 num, int64_t den)
{
	enum rt_err err = rt_qsum_add(&c->q, num, den);

	if (err)
		return rt_diagf(c->d, err, "%s: %s", c->test, rt_strerror(err));
	return RT_OK;
}

enum rt_err gl_check_tasks(const struct rt_task *ts, size_t n, unsigned m,
			   const char *test, struct rt_diag *d)
{
	if (m == 0)
		return rt_diagf(d, RT_ERR_INVAL, "%s: need m >= 1 CPUs", test);
	if (n && !ts)
		return rt_diagf(d, RT_ERR_INVAL, "%s: no task array", test);
	return rt_tasks_check_cdt(ts, n, d);
}

static size_t first_infeasible(const struct rt_task *ts, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (ts[i].wcet > ts[i].deadline || ts[i].wcet > ts[i].period)
			return i;
	return RT_GLOBAL_NO_TASK;
}

/*
 * sign(U - m), U = sum C_i/T_i (docs/theory.md §A.1, B.0): exact, equality
 * is 0.  The double sum decides whenever it lies outside rt_frac_filter's
 * margin (each u_i = C_i/T_i carries at most 3u, the sum (n - 1)u more,
 * (double)m is exact); otherwise the exact sum does.  The same loop leaves
 * the double estimates of U and Y = sum u_i (T_i - D_i)^+ in the context.
 */
enum rt_err gl_u_cmp_m(struct gctx *c, int *sign)
{
	enum rt_err err = RT_OK;
	double u = 0, y = 0;

	for (size_t i = 0; i < c->n; i++) {
		const struct rt_task *t = &c->ts[i];
		double ui = (double)t->wcet / (double)t->period;

		u += ui;
		if (t->period > t->deadline)
			y += ui * (double)(t->period - t->deadline);
	}
	c->ud = u;
	c->yd = y;
	if (rt_frac_filter(u, (double)c->m, c->n, sign))
		return RT_OK;
	rt_qsum_clear(&c->q);
	for (size_t i = 0; i < c->n && !err; i++)
		err = gl_add(c, c->ts[i].wcet, c->ts[i].period);
	if (!err)
		err = gl_add(c, -(i128)c->m, 1);
	if (!err)
		err = gl_sign(c, "U - m", sign);
	return err;
}

void gl_result_init(struct rt_global_result *r)
{
	r->verdict = RT_VERDICT_ACCEPT;
	r->task = RT_GLOBAL_NO_TASK;
	r->witness = RT_TIME_NEVER;
	r->steps = 0;
	r->why = "";
}

/*
 * Common start of every test: validate, then decide what needs no formula.
 * Order: infeasible task -> reject; U > m -> reject (both are certain:
 * nothing can schedule such a set); then a deadline model the test does not
 * cover -> n/a.  *done says whether r is final.
 */
enum rt_err gl_begin(struct gctx *c, struct rt_global_result *r,
		     bool constrained_only, bool *done)
{
	enum rt_err err = gl_check_tasks(c->ts, c->n, c->m, c->test, c->d);
	size_t bad;

	*done = true;
	if (err)
		return err;
	gl_result_init(r);
	if (!c->n)
		return RT_OK;
	bad = first_infeasible(c->ts, c->n);
	if (bad != RT_GLOBAL_NO_TASK) {
		r->verdict = RT_VERDICT_REJECT;
		r->task = bad;
		r->why = "infeasible task: C > min(D, T)";
		return RT_OK;
	}
	err = gl_u_cmp_m(c, &c->ucmp);
	if (err)
		return err;
	if (c->ucmp > 0) {
		r->verdict = RT_VERDICT_REJECT;
		r->why = "U > m";
		return RT_OK;
	}
	if (constrained_only)
		for (size_t i = 0; i < c->n; i++)
			if (c->ts[i].deadline > c->ts[i].period) {
				r->verdict = RT_VERDICT_NA;
				r->why = "needs constrained deadlines (D <= T)";
				return RT_OK;
			}
	*done = false;
	return RT_OK;
}

/* Finish: record steps, release scratch, pass err through. */
enum rt_err gl_end(struct gctx *c, struct rt_global_result *r,
		   struct rt_global_result *out, enum rt_err err)
{
	rt_qsum_free(&c->q);
	if (!err) {
		r->steps = c->used;
		*out = *r;
	}
	return err;
}

enum rt_err rt_global_feasible_tasks(const struct rt_task *ts, size_t n,
				     size_t *bad, struct rt_diag *d)
{
	enum rt_err err = gl_check_tasks(ts, n, 1, "feasibility", d);

	if (!err)
		*bad = first_infeasible(ts, n);
	return err;
}

enum rt_err rt_global_utilization(const struct rt_task *ts, size_t n,
				  unsigned m, bool *accept, struct rt_diag *d)
{
	struct gctx c;
	enum rt_err err;
	int s = 0;

	gl_ctx_init(&c, "utilization", ts, n, m, 0, d);
	err = gl_check_tasks(ts, n, m, c.test, d);
	if (!err)
		err = gl_u_cmp_m(&c, &s);
	rt_qsum_free(&c.q);
	if (!err)
		*accept = s <= 0;
	return err;
}
