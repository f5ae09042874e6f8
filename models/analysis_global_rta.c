/* analysis_global_rta.c - response-time analysis for global EDF of
 * Bertogna and Cirinei (docs/theory.md §B.5).
 *
 * Per task k the response-time bound is the least fixed point of
 * R = C_k + floor(interference(R) / m), where the interference of each
 * other task i shrinks with its slack S_i; bounds R_k <= D_k give slacks
 * S_k = D_k - R_k for the next round (at most 'rounds' rounds, schedcat's
 * default 25).  The fixed point is found piece by piece over the intervals
 * where the interference is linear, O(n) per piece, instead of by +1
 * iteration (same result, argued below); n steps are charged per piece.
 * The fixed point itself is analysis_global_rta_word.h, compiled for
 * 64-bit words when the parameters allow and for 128-bit words otherwise.
 * Constrained deadlines; integer time, sums below n 2^66.
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
 *
 * Work per piece.  E_i does not depend on R, so it is computed once per
 * fixed point; W_i costs one (64-bit, in the common case) division per
 * piece.  A term whose W_i and R - C_k + 1 have both reached E_i stays
 * E_i for every larger R (all three are non-decreasing), so it leaves the
 * active list and adds a constant: the pieces are then bounded by the
 * corners of the terms still rising only (the same R*, fewer pieces).
 *
 * Longer jumps.  No term ever falls, and a term rising (slope 1) at x
 * keeps rising at least until g_i: W_i until its next corner, R - C_k + 1
 * until it meets min(W_i, E_i), either until E_i.  So for every d >= 0
 *
 *     S(x + d) >= S(x) + sum_{rising i} min(d, g_i),
 *
 * a concave lower bound; while C_k + floor(bound / m) > x + d, f(x + d) >
 * x + d and no fixed point lies in [x, x + d].  With d* the largest such
 * d (rta_reach: Newton's method from the right on the concave function),
 * the next x may be x + d* + 1 (<= R*) when that beats max(x + len,
 * f(x)).  On the 20-task sets of bench_exp this halves the pieces.
 */
#define RTA_W 64
#include "models/analysis_global_rta_word.h"
#undef RTA_W
#define RTA_W 128
#include "models/analysis_global_rta_word.h"
#undef RTA_W

/* Every C, D, T <= 2^40 and n, m <= 2^20: the 64-bit words suffice
 * (bounds in analysis_global_rta_word.h). */
static bool rta_small(const struct rt_task *ts, size_t n, unsigned m)
{
	const rt_time lim = (rt_time)1 << 40;

	if (n > ((size_t)1 << 20) || m > (1u << 20))
		return false;
	for (size_t i = 0; i < n; i++)
		if (ts[i].wcet > lim || ts[i].deadline > lim ||
		    ts[i].period > lim)
			return false;
	return true;
}

/*
 * Rounds as schedcat is_schedulable(round_limit, min_fixpoint_step = 0):
 * per task the fixed point R = C_k, R' = est(R), ... until R' == R or R' >
 * D_k; if R <= D_k the slack becomes D_k - R (a change marks the round
 * updated), else the round fails.  Stop when a round succeeds, changes
 * nothing, or 'rounds' rounds ran.
 *
 * R_k depends only on the other tasks' slacks, so a task none of whose
 * others changed since its last fixed point keeps its estimate without
 * recomputing it ('stamp': the number of slack changes seen then).
 */
enum rt_err gl_rta_words(const struct rt_task *ts, size_t n, unsigned m,
			 unsigned rounds, uint64_t budget, bool wide,
			 rt_time *resp, struct rt_global_result *out,
			 struct rt_diag *d)
{
	struct rt_global_result r;
	struct gctx c;
	enum rt_err err;
	bool done, sched = false, updated = true;
	size_t failed = RT_GLOBAL_NO_TASK;
	unsigned round = 0;
	uint64_t changes = 0, *stamp;
	struct rta_term_128 *terms;     /* or rta_term_64, the smaller */
	i128 *slack, *est;
	bool small;
	void *buf;

	gl_ctx_init(&c, "RTA", ts, n, m, budget, d);
	err = gl_begin(&c, &r, true, &done);
	if (err || done)
		return gl_end(&c, &r, out, err);
	small = !wide && rta_small(ts, n, m);
	/* one block: n terms, then slack, est and stamp (all 16-aligned) */
	buf = rt_calloc(n, sizeof(*terms) + 2 * sizeof(*slack) + sizeof(*stamp));
	if (!buf)
		return gl_end(&c, &r, out, rt_diagf(d, RT_ERR_NOMEM, "RTA: %s",
						    rt_strerror(RT_ERR_NOMEM)));
	terms = buf;
	slack = (i128 *)(terms + n);
	est = slack + n;
	stamp = (uint64_t *)(est + n);
	while (updated && !sched && (!rounds || round < rounds) && !err) {
		round++;
		sched = true;
		updated = false;
		failed = RT_GLOBAL_NO_TASK;
		for (size_t k = 0; k < n && !err; k++) {
			i128 dk = ts[k].deadline;

			if (round == 1 || stamp[k] != changes) {
				if (!(small ? rta_fixpoint_64(&c, slack, k,
						(struct rta_term_64 *)terms, &est[k])
					    : rta_fixpoint_128(&c, slack, k, terms,
							       &est[k]))) {
					err = gl_over_budget(&c);
					break;
				}
			}
			if (est[k] <= dk) {
				if (dk - est[k] != slack[k]) {
					slack[k] = dk - est[k];
					updated = true;
					changes++;
				}
			} else {
				sched = false;
				if (failed == RT_GLOBAL_NO_TASK)
					failed = k;
			}
			stamp[k] = changes;     /* its own change is no news */
		}
	}
	if (!err && sched && resp)
		for (size_t i = 0; i < n; i++)
			resp[i] = (rt_time)(ts[i].deadline - slack[i]);
	rt_free(buf);
	if (!err && !sched) {
		r.verdict = RT_VERDICT_REJECT;
		r.task = failed;
		if (updated && rounds && round >= rounds)
			r.why = "round limit reached";
	}
	return gl_end(&c, &r, out, err);
}

enum rt_err rt_global_rta(const struct rt_task *ts, size_t n, unsigned m,
			  unsigned rounds, uint64_t budget, rt_time *resp,
			  struct rt_global_result *out, struct rt_diag *d)
{
	return gl_rta_words(ts, n, m, rounds, budget, false, resp, out, d);
}
