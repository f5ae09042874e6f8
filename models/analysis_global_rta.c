/* analysis_global_rta.c - response-time analysis for global EDF of
 * Bertogna and Cirinei (docs/theory.md §B.5).
 *
 * Per task k the response-time bound is the least fixed point of
 * R = C_k + floor(interference(R) / m), where the interference of each
 * other task i shrinks with its slack S_i; bounds R_k <= D_k give slacks
 * S_k = D_k - R_k for the next round (at most 'rounds' rounds, schedcat's
 * default 25).  The fixed point is found piece by piece over the intervals
 * where the interference is linear, O(n) per piece, instead of by +1
 * iteration (same result, argued at rta_piece); n steps are charged per
 * piece.  Constrained deadlines; integer time, sums below n 2^64.
 */
#include "models/analysis_global_int.h"

#include "models/mem.h"

/*
 * Response-time estimate of Bertogna & Cirinei, RTSS 2007 (schedcat
 * rta.py), integer time, slacks S_i:
 *
 *     X = R + D_i - C_i - S_i,   W_i(R) = floor(X/T_i) C_i + min(C_i, X mod T_i)
 *     E_i = floor(D_k/T_i) C_i + min(C_i, max(0, (D_k mod T_i) - S_i))
 *     f(R) = C_k + floor( sum_{i!=k} min(W_i(R), E_i, R - C_k + 1) / m )
 *
 * Floor rounds the interference down as in the paper's integer form.
 * schedcat iterates R := f(R) from C_k until R stops changing or exceeds
 * D_k.  f is non-decreasing and f(C_k) >= C_k, so those iterates rise to
 * the least fixed point R* >= C_k (Knaster-Tarski) and f(x) > x for every
 * x in [C_k, R*): the plain iteration's outcome is "R*" if R* <= D_k, else
 * "> D_k".  On ns-sized parameters it can take millions of +1 steps, so
 * R* is computed piece by piece instead (same result, proven above):
 *
 *   rta_piece(): on [x, x + len) the sum S is linear, S(x + j) = S + b j
 *   (each term is a min of a staircase of slopes 1/0, a constant and a
 *   slope-1 line; len is the nearest slope change or crossing).
 *   In that piece f(x + j) <= x + j  <=>  (b - m) j < m (x - C_k + 1) - S,
 *   solved for the least j >= 0; if there is none, continue at
 *   max(x + len, f(x)) (both <= R*).
 *
 * 0 <= S_i <= D_i - C_i keeps X >= R >= 1; terms are <= R - C_k + 1.
 */
static void rta_piece(const struct rt_task *ts, size_t n, const i128 *slack,
		      size_t k, i128 x, i128 *sum, i128 *slope, i128 *len)
{
	i128 dk = ts[k].deadline, vl = x - ts[k].wcet + 1;

	*sum = 0;
	*slope = 0;
	*len = I128_MAX;
	for (size_t i = 0; i < n; i++) {
		i128 ci = ts[i].wcet, ti = ts[i].period, X, N, rho, vw, ve, v, l;
		int sw, s;

		if (i == k)
			continue;
		X = x + ts[i].deadline - ci - slack[i];
		N = fdiv(X, ti);
		rho = X - N * ti;
		vw = N * ci + imin(ci, rho);
		sw = rho < ci;                          /* W rising? */
		l = rho < ci ? ci - rho : ti - rho;     /* W's next corner */
		ve = (dk / ti) * ci + imin(ci, imax(0, dk % ti - slack[i]));
		v = imin(imin(vw, ve), vl);
		s = !(ve == v || (vw == v && !sw));     /* least slope at min */
		if (s) {                /* a flat argument above may cross */
			if (ve > v)
				l = imin(l, ve - v);
			if (!sw && vw > v)
				l = imin(l, vw - v);
		}
		*sum += v;
		*slope += s;
		*len = imin(*len, l);
	}
}

/* R* as above, or some value > D_k; false when the budget runs out. */
static bool rta_fixpoint(struct gctx *c, const i128 *slack, size_t k,
			 i128 *resp)
{
	const struct rt_task *tk = &c->ts[k];
	i128 x = tk->wcet, m = c->m;

	for (;;) {
		i128 sum, b, len, f, K;

		if (!gl_charge(c, c->n))
			return false;
		rta_piece(c->ts, c->n, slack, k, x, &sum, &b, &len);
		f = tk->wcet + sum / m;
		if (f <= x)
			break;                          /* f(x) == x: x = R* */
		K = m * (x - tk->wcet + 1) - sum;       /* <= 0 here */
		if (b < m) {
			i128 j = fdiv(-K, m - b) + 1;

			if (j < len) {
				x += j;
				break;
			}
		}
		x = imax(x + len, f);
		if (x > tk->deadline)
			break;
	}
	*resp = x;
	return true;
}

/*
 * Rounds as schedcat is_schedulable(round_limit, min_fixpoint_step = 0):
 * per task the fixed point R = C_k, R' = est(R), ... until R' == R or R' >
 * D_k; if R <= D_k the slack becomes D_k - R (a change marks the round
 * updated), else the round fails.  Stop when a round succeeds, changes
 * nothing, or 'rounds' rounds ran.
 */
enum rt_err rt_global_rta(const struct rt_task *ts, size_t n, unsigned m,
			  unsigned rounds, uint64_t budget, rt_time *resp,
			  struct rt_global_result *out, struct rt_diag *d)
{
	struct rt_global_result r;
	struct gctx c;
	enum rt_err err;
	bool done, sched = false, updated = true;
	size_t failed = RT_GLOBAL_NO_TASK;
	unsigned round = 0;
	i128 *slack;

	gl_ctx_init(&c, "RTA", ts, n, m, budget, d);
	err = gl_begin(&c, &r, true, &done);
	if (err || done)
		return gl_end(&c, &r, out, err);
	slack = rt_calloc(n, sizeof(*slack));
	if (!slack)
		return gl_end(&c, &r, out, rt_diagf(d, RT_ERR_NOMEM, "RTA: %s",
						    rt_strerror(RT_ERR_NOMEM)));
	while (updated && !sched && (!rounds || round < rounds) && !err) {
		round++;
		sched = true;
		updated = false;
		failed = RT_GLOBAL_NO_TASK;
		for (size_t k = 0; k < n && !err; k++) {
			i128 dk = ts[k].deadline, est;

			if (!rta_fixpoint(&c, slack, k, &est)) {
				err = gl_over_budget(&c);
				break;
			}
			if (est <= dk) {
				if (dk - est != slack[k]) {
					slack[k] = dk - est;
					updated = true;
				}
			} else {
				sched = false;
				if (failed == RT_GLOBAL_NO_TASK)
					failed = k;
			}
		}
	}
	if (!err && sched && resp)
		for (size_t i = 0; i < n; i++)
			resp[i] = (rt_time)(ts[i].deadline - slack[i]);
	rt_free(slack);
	if (!err && !sched) {
		r.verdict = RT_VERDICT_REJECT;
		r.task = failed;
		if (updated && rounds && round >= rounds)
			r.why = "round limit reached";
	}
	return gl_end(&c, &r, out, err);
}
