/* analysis_global_bar.c - Baruah's G-EDF test (RTSS 2007) with the
 * "-(C_k - 1)" erratum (docs/theory.md §B.6).
 *
 * For every task k and every offset A_k at which some dbf steps, the
 * demand of the other tasks (at most m - 1 of them with a carry-in job)
 * must fit m (A_k + D_k - C_k).  The offsets are bounded by Baruah's A_k
 * bound, computed exactly (gl_lin_last, analysis_global_load.c); U = m
 * makes it unbounded and rejects.  Each test point costs O(n log m) (the
 * m - 1 largest carry-in differences through a min-heap) and n budget
 * steps.  Constrained deadlines; integer time, sums below n 2^64.
 */
#include "models/analysis_global_int.h"

#include "models/mem.h"
#include "models/minheap.h"

/* Sum of the k largest of v[0..n) (k <= n): a min-heap of the best k so far
 * in top[] (minheap.h), O(n log k). */
static i128 top_sum(const int64_t *v, size_t n, size_t k,
		    struct rt_heap_item *top)
{
	size_t cnt = 0;
	i128 s = 0;

	for (size_t i = 0; i < n && k; i++) {
		if (cnt < k) {
			top[cnt].key = v[i];
			rt_heap_up(top, cnt++);
		} else if (v[i] > top[0].key) {
			top[0].key = v[i];
			rt_heap_down(top, k, 0);
		}
	}
	for (size_t i = 0; i < cnt; i++)
		s += top[i].key;
	return s;
}

/*
 * Baruah, RTSS 2007, with the erratum schedcat bar.py quotes ("-(C_k - 1)"
 * instead of "-C_k", integer time).  For task k and offset A >= 0, t =
 * A + D_k:
 *
 *     dbf'_i(t) = floor(t/T_i) C_i + min(C_i, t mod T_i)       (carry-in)
 *     I1_i = min(dbf_i(t),  t - C_k + 1),  I1_k = min(dbf_k(t)  - C_k, A)
 *     I2_i = min(dbf'_i(t), t - C_k + 1),  I2_k = min(dbf'_k(t) - C_k, A)
 *     sum_i I1_i + (sum of the m-1 largest I2_i - I1_i) <= m (A + D_k - C_k)
 *
 * over the offsets A where some dbf_i(A + D_k) steps (t = j T_i + D_i >=
 * D_k), up to the bound A_k <= (C_S - D_k (m-U) + Y + m C_k)/(m - U)
 * (C_S = sum of the m-1 largest C_i, Y = sum (T_i - D_i) u_i); as integers,
 * t <= floor((C_S + m C_k + Y)/(m - U)), computed exactly by gl_lin_last().
 * Each dbf term <= t + C_i < 2^64 (C_i <= T_i: uint64), each I term in
 * [0, t - C_k + 1] or [0, A] (int64), sums < n 2^63 (128 bits).  Tasks
 * are visited round-robin, one offset each, so an early violation of any
 * task is found before a long scan of another (the verdict does not
 * depend on the order).  bar_point() checks one (k, t) and sets *next to
 * the next point after t: O(n) per point with one division per task
 * (D_i <= T_i gives floor((t - D_i)/T_i) + 1 = floor(t/T_i) + [t mod T_i
 * >= D_i]); the m - 1 largest differences are summed through the heap
 * only when the cheaper bounds sum1 + (sum of all differences) and sum1
 * + (m - 1) (the largest) do not already pass.
 */
static bool bar_point(const struct gctx *c, size_t k, i128 t, int64_t *diff,
		      struct rt_heap_item *top, i128 *next)
{
	const struct rt_task *ts = c->ts;
	int64_t tt = (int64_t)t;                /* D_k <= t < 2^63 */
	int64_t ck = ts[k].wcet, a = tt - ts[k].deadline, lim = tt - ck + 1;
	uint64_t nx = UINT64_MAX;
	int64_t maxd = 0;
	i128 sum1 = 0, sumd = 0, cap;
	size_t kk = c->m - 1 < c->n ? c->m - 1 : c->n;

	for (size_t i = 0; i < c->n; i++) {
		const struct rt_task *ti = &ts[i];
		int64_t q = tt / ti->period, r = tt - q * ti->period;
		int64_t j = q + (r >= ti->deadline);    /* 0 for t < D_i */
		uint64_t dbf = (uint64_t)j * (uint64_t)ti->wcet, dbfp, nd;
		int64_t i1, i2;

		nd = (uint64_t)ti->deadline + (uint64_t)j * (uint64_t)ti->period;
		dbfp = (uint64_t)q * (uint64_t)ti->wcet +
		       (uint64_t)(r < ti->wcet ? r : ti->wcet);
		if (i == k) {                   /* dbf, dbf' >= C_k at t >= D_k */
			i1 = dbf - (uint64_t)ck < (uint64_t)a ?
			     (int64_t)(dbf - (uint64_t)ck) : a;
			i2 = dbfp - (uint64_t)ck < (uint64_t)a ?
			     (int64_t)(dbfp - (uint64_t)ck) : a;
		} else {
			i1 = dbf < (uint64_t)lim ? (int64_t)dbf : lim;
			i2 = dbfp < (uint64_t)lim ? (int64_t)dbfp : lim;
		}
		sum1 += i1;
		diff[i] = i2 - i1;              /* >= 0: dbf' >= dbf */
		sumd += diff[i];
		if (diff[i] > maxd)
			maxd = diff[i];
		if (nd < nx)
			nx = nd;
	}
	*next = nx;
	cap = (i128)c->m * (tt - ck);
	if (sum1 + sumd <= cap || sum1 + (i128)kk * maxd <= cap)
		return true;
	return sum1 + top_sum(diff, c->n, kk, top) <= cap;
}

enum rt_err rt_global_bar(const struct rt_task *ts, size_t n, unsigned m,
			  uint64_t budget, struct rt_global_result *out,
			  struct rt_diag *d)
{
	struct rt_global_result r;
	struct gctx c;
	enum rt_err err;
	bool done, active = true;
	struct rt_heap_item *top;
	int64_t *diff;
	i128 *cur, *lim, csum = 0;
	void *buf;

	gl_ctx_init(&c, "BAR", ts, n, m, budget, d);
	err = gl_begin(&c, &r, true, &done);
	if (err || done)
		return gl_end(&c, &r, out, err);
	if (c.ucmp == 0) {
		r.verdict = RT_VERDICT_REJECT;
		r.why = "U = m: the BAR testing interval is unbounded";
		return gl_end(&c, &r, out, RT_OK);
	}
	/* one block: cur, lim (i128), top (heap items), diff (int64) */
	buf = rt_calloc(n, 2 * sizeof(*cur) + sizeof(*top) + sizeof(*diff));
	if (!buf)
		return gl_end(&c, &r, out, rt_diagf(d, RT_ERR_NOMEM, "BAR: %s",
						    rt_strerror(RT_ERR_NOMEM)));
	cur = buf;                      /* next t = A + D_k per task */
	lim = cur + n;                  /* last admissible t, -1: none */
	top = (struct rt_heap_item *)(lim + n);
	diff = (int64_t *)(top + n);
	/* C_S: the m-1 largest C_i (top_sum on a copy in 'diff') */
	for (size_t i = 0; i < n; i++)
		diff[i] = ts[i].wcet;
	csum = top_sum(diff, n, m - 1 < n ? m - 1 : n, top);
	for (size_t k = 0; k < n && !err; k++) {
		i128 R = csum + (i128)m * ts[k].wcet;
		rt_time last = 0;
		bool found;

		err = gl_lin_last(&c, R, ts[k].deadline, false, &last, &found);
		lim[k] = found ? last : -1;
		cur[k] = ts[k].deadline;        /* A = 0 is always a point */
	}
	while (active && !err && r.verdict == RT_VERDICT_ACCEPT) {
		active = false;
		for (size_t k = 0; k < n; k++) {
			i128 nx;

			if (cur[k] > lim[k])
				continue;
			active = true;
			if (!gl_charge(&c, n)) {
				err = gl_over_budget(&c);
				break;
			}
			if (!bar_point(&c, k, cur[k], diff, top, &nx)) {
				r.verdict = RT_VERDICT_REJECT;
				r.task = k;
				r.witness = (rt_time)(cur[k] - ts[k].deadline);
				break;
			}
			cur[k] = nx;
		}
	}
	rt_free(buf);
	return gl_end(&c, &r, out, err);
}
