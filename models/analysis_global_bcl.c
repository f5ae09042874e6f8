/* analysis_global_bcl.c - the interference-bound G-EDF tests of
 * Bertogna, Cirinei and Lipari: BCL and BCL-iterative (docs/theory.md §B.3, B.4).
 *
 * Both bound the interference a task k can suffer within its deadline D_k
 * by the work each other task can execute in that window (carry-in jobs
 * counted in full), each term capped at D_k - C_k (BCL-iterative: + 1).
 * BCL is one pass, O(n^2), charged n steps per task against
 * RT_GLOBAL_BUDGET_DEFAULT (its signature has no budget).  BCL-iterative
 * refines per-task slacks S_k round by round (O(n^2) per round; slacks
 * only grow, so it terminates) and charges n steps per task it
 * recomputes.  Constrained deadlines only; integer time throughout, every
 * sum below n 2^64 (no overflow, no rounding beyond the paper's floor).
 */
#include "models/analysis_global_int.h"

#include "models/mem.h"

/*
 * Bertogna, Cirinei, Lipari, ECRTS 2005 (schedcat bcl.py), constrained
 * deadlines, lambda_k = C_k/D_k.  For every k and i != k:
 *
 *     N_i = floor((D_k - D_i)/T_i) + 1                (>= 0 as D_i <= T_i)
 *     beta_i = (N_i C_i + min(C_i, max(0, D_k - N_i T_i))) / D_k = w_i / D_k
 *     accept k iff  sum_{i!=k} min(beta_i, 1 - lambda_k) < m (1 - lambda_k),
 *              or "=" and some i != k has 0 < beta_i <= 1 - lambda_k.
 *
 * Times D_k this is integer: sum min(w_i, D_k - C_k) vs m (D_k - C_k).
 * w_i <= D_k + C_i < 2^64, the sum < n 2^64: no overflow, no rounding.
 */
static bool bcl_task(const struct rt_task *ts, size_t n, unsigned m, size_t k)
{
	i128 dk = ts[k].deadline, slack = dk - ts[k].wcet, sum = 0, cap;
	bool some = false;

	for (size_t i = 0; i < n; i++) {
		i128 ci = ts[i].wcet, ti = ts[i].period, nj, w;

		if (i == k)
			continue;
		nj = imax(0, fdiv(dk - ts[i].deadline, ti) + 1);
		w = nj * ci + imin(ci, imax(0, dk - nj * ti));
		sum += imin(w, slack);
		if (w > 0 && w <= slack)
			some = true;
	}
	cap = (i128)m * slack;
	return sum < cap || (sum == cap && some);
}

enum rt_err rt_global_bcl(const struct rt_task *ts, size_t n, unsigned m,
			  struct rt_global_result *out, struct rt_diag *d)
{
	struct rt_global_result r;
	struct gctx c;
	enum rt_err err;
	bool done;

	gl_ctx_init(&c, "BCL", ts, n, m, RT_GLOBAL_BUDGET_DEFAULT, d);
	err = gl_begin(&c, &r, true, &done);
	if (err || done)
		return gl_end(&c, &r, out, err);
	for (size_t k = 0; k < n; k++) {
		if (!gl_charge(&c, n)) {
			err = gl_over_budget(&c);
			break;
		}
		if (!bcl_task(ts, n, m, k)) {
			r.verdict = RT_VERDICT_REJECT;
			r.task = k;
			break;
		}
	}
	return gl_end(&c, &r, out, err);
}

/*
 * Slack iteration of Bertogna, Cirinei, Lipari, IEEE TPDS 20(4) 2009, eqs.
 * (17)-(18) as in schedcat bcl_iterative.py (integer time):
 *
 *     W_i^k = floor(D_k/T_i) C_i + min(C_i, max(0, D_k - S_i - floor(D_k/T_i) T_i))
 *     S_k  := max(S_k, D_k - C_k - floor( sum_{i!=k} min(W_i^k, D_k - C_k + 1) / m ))
 *
 * Slacks start at 0 and are updated in place, task by task; a round is
 * feasible if every new value is >= 0.  Repeat until a round is feasible
 * (accept) or changes nothing (reject).  No round limit: slacks only grow
 * and are bounded by D_k - C_k, so it terminates; the budget caps the work.
 * Floor division rounds the interference down, as the paper's integer
 * form.  W <= D_k + C_i < 2^64; sums < n 2^64; the divisions are of
 * int64 values.  S_k's new value depends only on the other slacks, so a
 * task none of whose others changed since its last update is not
 * recomputed (same value: neither a change nor a new failure).
 */
/* The new S_k of one step: D_k - C_k - floor(sum / m).  Every W <= D_k
 * (floor(D_k/T_i) C_i <= D_k - (D_k mod T_i) and the carry-in <= D_k mod
 * T_i), so the terms are int64; their sum needs 128 bits. */
static i128 bcli_slack(const struct rt_task *ts, size_t n, unsigned m,
		       const int64_t *slack, size_t k)
{
	int64_t dk = ts[k].deadline, lim = dk - ts[k].wcet + 1;
	i128 sum = 0;

	for (size_t i = 0; i < n; i++) {
		int64_t ci = ts[i].wcet, j = dk / ts[i].period;
		int64_t rem = dk - j * ts[i].period, carry = rem - slack[i];
		int64_t w;

		if (i == k)
			continue;
		carry = carry < 0 ? 0 : carry < ci ? carry : ci;
		w = j * ci + carry;
		sum += w < lim ? w : lim;
	}
	return dk - ts[k].wcet - sum / m;
}

enum rt_err rt_global_bcl_iterative(const struct rt_task *ts, size_t n,
				    unsigned m, uint64_t budget,
				    struct rt_global_result *out,
				    struct rt_diag *d)
{
	struct rt_global_result r;
	struct gctx c;
	enum rt_err err;
	bool done, feasible = false, updated = true;
	uint64_t changes = 0, *stamp;
	int64_t *slack;                 /* 0 <= S_k <= D_k - C_k */
	i128 *nbs;
	size_t failed = RT_GLOBAL_NO_TASK;
	void *buf;

	gl_ctx_init(&c, "BCL-iterative", ts, n, m, budget, d);
	err = gl_begin(&c, &r, true, &done);
	if (err || done)
		return gl_end(&c, &r, out, err);
	buf = rt_calloc(n, sizeof(*nbs) + sizeof(*slack) + sizeof(*stamp));
	if (!buf)
		return gl_end(&c, &r, out, rt_diagf(d, RT_ERR_NOMEM, "BCL-iterative: %s",
						    rt_strerror(RT_ERR_NOMEM)));
	nbs = buf;
	slack = (int64_t *)(nbs + n);
	stamp = (uint64_t *)(slack + n);
	for (uint64_t round = 1; updated && !feasible && !err; round++) {
		feasible = true;
		updated = false;
		failed = RT_GLOBAL_NO_TASK;
		for (size_t k = 0; k < n; k++) {
			if (round == 1 || stamp[k] != changes) {
				if (!gl_charge(&c, n)) {
					err = gl_over_budget(&c);
					break;
				}
				nbs[k] = bcli_slack(ts, n, m, slack, k);
			}
			if (nbs[k] < 0) {
				feasible = false;
				if (failed == RT_GLOBAL_NO_TASK)
					failed = k;
			}
			if (nbs[k] > slack[k]) {
				slack[k] = (int64_t)nbs[k];
				updated = true;
				changes++;
			}
			stamp[k] = changes;
		}
	}
	rt_free(buf);
	if (!err && !feasible) {
		r.verdict = RT_VERDICT_REJECT;
		r.task = failed;
	}
	return gl_end(&c, &r, out, err);
}
