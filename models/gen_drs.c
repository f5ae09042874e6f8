/* gen_drs.c - Dirichlet-Rescale (Griffin, Bate & Davis 2020): utilization
 * vectors uniform on {sum u_i = U, l_i <= u_i <= h_i} for per-task lower
 * and upper bounds (gen.h).
 *
 * The problem is first brought to the unit simplex S = {x >= 0, sum x =
 * 1}: the lower bounds are taken off (U' = U - sum l, h'_i = h_i - l_i),
 * tasks with l_i = h_i are fixed at that value, and the rest are scaled by
 * U', so the region is F = S cut by x_i <= c_i = min(1, h'_i / U').  A
 * uniform point of F is then found thus (the paper's Algorithm 1):
 *
 *   x := a uniform point of S (a flat Dirichlet: x_i = E_i / sum E, E_i
 *        exponential);
 *   while some x_i > c_i:
 *     b := c on the violated coordinates V, 0 elsewhere.  x lies in the
 *     simplex C = {y in S, y >= b}, a copy of S scaled by s = 1 - sum b
 *     about its fixed point f = b / sum b; the rescale M(y) = f + (y -
 *     f) / s maps C onto S.  x := M^P(x) for the largest P that keeps
 *     it in S: then x is in S but not in C (some violated constraint now
 *     holds).
 *
 * Every M^P is affine with a constant Jacobian and the sets M^-k(S \ C)
 * tile S \ C's preimage, so a uniform point stays uniform over the part
 * of S it is mapped into; the paper proves the point it stops at is
 * uniform over F.  P comes from the closed form (the largest P with f_i +
 * (x_i - f_i) s^-P >= 0 for every i with x_i < f_i), checked against
 * rounding.  When the upper bounds alone make a simplex smaller than S
 * (k = sum c - 1 < 1: T = {y <= c} is S turned over and scaled by k),
 * the problem is solved in T's coordinates, y = (c - x) / k, where the
 * bounds are the looser c / k (the paper's "smallest simplex first");
 * when T lies inside S the bounds vanish there and one Dirichlet draw
 * is uniform on F.
 *
 * Floating point: a point whose coordinates drift (sum off 1 by more
 * than 1e-9) or that needs more than RT_GEN_DRS_RESCALES rescales is
 * drawn again, at most RT_GEN_DRS_TRIES times (the reference
 * implementation's 1000 and 1000); then RT_ERR_UNSUPPORTED.
 */
#include "models/gen.h"

#include <math.h>
#include <string.h>

#define DRS_EPS 1e-12           /* slack of sums and bounds */

/* A flat Dirichlet draw: x[0..m) uniform on S. */
static void drs_dirichlet(struct rt_rng *r, double *x, size_t m)
{
	double sum = 0;

	for (size_t i = 0; i < m; i++)
		sum += x[i] = -log(1 - rt_rng_unit(r));
	for (size_t i = 0; i < m; i++)
		x[i] /= sum;
}

/* One rescale of x (violating some x_i > c_i): x := M^P(x).  False when
 * the step cannot be taken in double (the caller draws again). */
static bool drs_rescale(double *x, const double *c, double *f, size_t m)
{
	double sb = 0, s, lns, pmax = INFINITY, scale;
	long p;

	for (size_t i = 0; i < m; i++)
		sb += f[i] = x[i] > c[i] ? c[i] : 0;
	s = 1 - sb;
	if (!(s > DRS_EPS) || !(sb > 0))
		return false;
	lns = log(s);
	for (size_t i = 0; i < m; i++) {
		f[i] /= sb;
		if (x[i] < f[i]) {
			double q = log((f[i] - x[i]) / f[i]) / lns;

			if (q < pmax)
				pmax = q;
		}
	}
	if (!(pmax >= 1 - 1e-9) || pmax > 1e6)
		return false;
	p = (long)floor(pmax + 1e-9);
	/* rounding may put the floor one off: a negative coordinate wants
	 * one power less, a point still inside C one more */
	for (int fix = 0; fix < 3; fix++) {
		bool neg = false, inside = true;

		scale = exp(-(double)p * lns);
		for (size_t i = 0; i < m; i++) {
			double y = f[i] + (x[i] - f[i]) * scale;

			neg |= y < -DRS_EPS;
			if (f[i] > 0 && y < c[i])
				inside = false;
		}
		if (neg && p > 1)
			p--;
		else if (!neg && inside)
			p++;
		else
			break;
	}
	scale = exp(-(double)p * lns);
	if (!isfinite(scale))
		return false;
	for (size_t i = 0; i < m; i++) {
		x[i] = f[i] + (x[i] - f[i]) * scale;
		if (x[i] < 0)
			x[i] = 0;
	}
	return true;
}

/* One draw of S rescaled until it lies under c: true when it settled
 * within RT_GEN_DRS_RESCALES rescales without drifting off S. */
static bool drs_settle(struct rt_rng *r, double *x, const double *c,
		       double *w, size_t m)
{
	double sum = 0;

	drs_dirichlet(r, x, m);
	for (int n = 0;; n++) {
		size_t i;

		for (i = 0; i < m && x[i] <= c[i]; i++)
			;
		if (i == m)
			break;
		if (n == RT_GEN_DRS_RESCALES || !drs_rescale(x, c, w, m))
			return false;
	}
	for (size_t i = 0; i < m; i++)
		sum += x[i];
	return fabs(sum - 1) <= 1e-9;
}

/* x uniform on S cut by x <= c0 (m >= 1, sum c0 > 1); c, w: m more
 * doubles of scratch each.  False after RT_GEN_DRS_TRIES draws that did
 * not settle. */
static bool drs_unit(struct rt_rng *r, const double *c0, double *x,
		     double *c, double *w, size_t m)
{
	double k = -1;
	bool turned, ok = false;

	for (size_t i = 0; i < m; i++)
		k += c0[i];
	turned = k < 1;                 /* T is smaller than S */
	for (size_t i = 0; i < m; i++)
		c[i] = turned ? c0[i] / k : c0[i];
	for (int tries = 0; !ok && tries < RT_GEN_DRS_TRIES; tries++)
		ok = drs_settle(r, x, c, w, m);
	if (ok && turned)               /* back from T's coordinates */
		for (size_t i = 0; i < m; i++)
			x[i] = c0[i] - k * x[i];
	return ok;
}

enum rt_err rt_gen_drs_check(size_t n, double total, const double *lower,
			     const double *upper, double cap,
			     struct rt_diag *d)
{
	double lsum = 0, hsum = 0;

	for (size_t i = 0; i < n; i++) {
		double l = lower ? lower[i] : 0, h = upper ? upper[i] : cap;

		if (!(l >= 0 && l <= h && h <= 1))
			return rt_diagf(d, RT_ERR_INVAL, "drs: task %zu: bounds "
					"[%g, %g]; expected 0 <= lower <= upper "
					"<= 1", i, l, h);
		lsum += l;
		hsum += h;
	}
	if (total >= 0 && !(total >= lsum - DRS_EPS && total <= hsum + DRS_EPS))
		return rt_diagf(d, RT_ERR_INVAL, "drs: utilization %g is outside "
				"[sum of lower bounds, sum of upper bounds] = "
				"[%g, %g]", total, lsum, hsum);
	return RT_OK;
}

enum rt_err rt_gen_drs(size_t n, double total, const double *lower,
		       const double *upper, double cap, struct rt_rng *r,
		       struct rt_gen_ws *ws, double *u, struct rt_diag *d)
{
	double *x = ws->v, *c0 = ws->v + n, *c = ws->v + 2 * n;
	double *w = ws->v + 3 * n;
	double lsum = 0, rest, got = 0;
	size_t m = 0, last = 0;

	enum rt_err err;

	if (n < 1 || n > ws->n)
		return rt_diagf(d, RT_ERR_INVAL, "generator: %zu tasks; "
				"workspace for %zu", n, ws->n);
	err = rt_gen_drs_check(n, total, lower, upper, cap, d);
	if (err)
		return err;
	for (size_t i = 0; i < n; i++)
		lsum += lower ? lower[i] : 0;
	rest = total - lsum;
	/* the free tasks (l < h) in x's order; the others fixed at l */
	for (size_t i = 0; i < n; i++) {
		double l = lower ? lower[i] : 0, h = upper ? upper[i] : cap;

		u[i] = l;
		if (h - l > DRS_EPS && rest > DRS_EPS)
			c0[m++] = (h - l) / rest > 1 ? 1 : (h - l) / rest;
	}
	if (m && rest > DRS_EPS) {
		double sc = 0;

		for (size_t j = 0; j < m; j++)
			sc += c0[j];
		if (sc - 1 <= DRS_EPS) {        /* only the upper corner */
			memcpy(x, c0, m * sizeof(*x));
		} else if (!drs_unit(r, c0, x, c, w, m)) {
			return rt_diagf(d, RT_ERR_UNSUPPORTED, "drs: no point "
					"settled in %d draws (floating point) for "
					"U = %g, n = %zu", RT_GEN_DRS_TRIES, total,
					n);
		}
	}
	for (size_t i = 0, j = 0; i < n; i++) {
		double l = lower ? lower[i] : 0, h = upper ? upper[i] : cap;

		if (m && rest > DRS_EPS && h - l > DRS_EPS) {
			u[i] = l + rest * x[j++];
			u[i] = u[i] < l ? l : u[i] > h ? h : u[i];
			last = i;
		}
		got += u[i];
	}
	/* the sum is U up to the double rounding of the last free task */
	if (m && rest > DRS_EPS) {
		double l = lower ? lower[last] : 0;
		double h = upper ? upper[last] : cap;
		double v = u[last] + (total - got);

		u[last] = v < l ? l : v > h ? h : v;
	}
	return RT_OK;
}
