/* tardiness.c - Devi-Anderson and compliant-vector bounds (docs/theory.md §D.1-D.2).
 *
 * Model: sporadic tasks (C_i, D_i, T_i), preemptive global EDF on m
 * identical CPUs, sequential jobs, U <= m and C_i <= T_i (otherwise
 * tardiness is unbounded).  Both bounds are ceilings of rational
 * expressions; they are found as the least integer satisfying an exact
 * inequality (rt_qsum signs), by galloping plus bisection -- no floating
 * point.  Cost: O(n log n) for the sorts plus O(n) per exact evaluation;
 * DA needs O(log x) evaluations, CVA O(log s) + n.
 */
#include "models/tardiness.h"

#include <stdlib.h>

#include "models/analysis_global.h"
#include "models/mem.h"

typedef rt_i128 i128;

static enum rt_err tard_check(const struct rt_task *ts, size_t n, unsigned m,
			      const char *what, struct rt_diag *d)
{
	if (m == 0)
		return rt_diagf(d, RT_ERR_INVAL, "%s: need m >= 1 CPUs", what);
	return rt_tasks_check_cdt(ts, n, d);
}

static enum rt_err qerr(enum rt_err err, const char *what, struct rt_diag *d)
{
	if (err == RT_ERR_UNSUPPORTED)
		return rt_diagf(d, err, "%s: a bound is too close to an integer "
				"to decide with exact fractions", what);
	return rt_diagf(d, err, "%s: %s", what, rt_strerror(err));
}

/* sign(U - j), exactly. */
static enum rt_err u_minus(struct rt_qsum *q, const struct rt_task *ts,
			   size_t n, i128 j, int *sign)
{
	enum rt_err err = RT_OK;

	rt_qsum_clear(q);
	for (size_t i = 0; i < n && !err; i++)
		err = rt_qsum_add(q, ts[i].wcet, ts[i].period);
	if (!err)
		err = rt_qsum_add(q, -j, 1);
	if (!err)
		err = rt_qsum_sign(q, sign);
	return err;
}

/*
 * The common precondition of D.1 and D.2 (schedcat has_bounded_tardiness):
 * U <= m and C_i <= T_i.  Also *ceil_u = ceil(U) (exact: the least integer
 * j with U - j <= 0, by bisection over [0, m]: O(n log m)).
 */
static enum rt_err bounded(struct rt_qsum *q, const struct rt_task *ts,
			   size_t n, unsigned m, struct rt_tard_result *r,
			   i128 *ceil_u)
{
	enum rt_err err;
	i128 lo = -1, hi = m;           /* U - lo > 0, U - hi <= 0 */
	int s = 0;

	r->status = RT_TARD_BOUNDED;
	r->x = -1;
	r->why = "";
	for (size_t i = 0; i < n; i++)
		if (ts[i].wcet > ts[i].period) {
			r->status = RT_TARD_UNBOUNDED;
			r->why = "some C > T";
			return RT_OK;
		}
	err = u_minus(q, ts, n, m, &s);
	if (err || s > 0) {
		r->status = RT_TARD_UNBOUNDED;
		r->why = "U > m";
		return err;
	}
	while (hi - lo > 1) {
		i128 mid = lo + (hi - lo) / 2;

		err = u_minus(q, ts, n, mid, &s);
		if (err)
			return err;
		if (s <= 0)
			hi = mid;
		else
			lo = mid;
	}
	*ceil_u = hi;
	return RT_OK;
}

/* Least integer x in [lo, RT_TIME_MAX] with pred(x) for a monotone
 * (false...true) predicate; *found = false if pred(RT_TIME_MAX) fails.
 * Gallops up from lo, then bisects: O(log x) evaluations. */
typedef enum rt_err (*tard_pred)(void *ctx, i128 x, bool *ok);

static enum rt_err least_true(tard_pred pred, void *ctx, i128 lo, i128 *out,
			      bool *found)
{
	i128 a = lo - 1, b = lo, step = 1;      /* pred(a) false, pred(b) ? */
	enum rt_err err;
	bool ok = false;

	*found = false;
	for (;;) {
		err = pred(ctx, b, &ok);
		if (err)
			return err;
		if (ok)
			break;
		if (b >= RT_TIME_MAX)
			return RT_OK;
		a = b;
		b = b + step > RT_TIME_MAX ? RT_TIME_MAX : b + step;
		step *= 2;
	}
	while (b - a > 1) {
		i128 mid = a + (b - a) / 2;

		err = pred(ctx, mid, &ok);
		if (err)
			return err;
		if (ok)
			b = mid;
		else
			a = mid;
	}
	*out = b;
	*found = true;
	return RT_OK;
}

/* ==== Devi & Anderson (D.1) ================================================ */

struct da_ctx {
	struct rt_qsum *q;
	const struct rt_task *ts;
	const size_t *top;              /* indices of the Lambda-1 largest u_i */
	size_t ntop;
	unsigned m;
	i128 a;                         /* max(0, E - C_min) > 0 */
};

/* x (m - V) >= A, i.e.  sign(x m - A - sum_{top} C_j x / T_j) >= 0; terms
 * C_j x < 2^126 for x < 2^63. */
static enum rt_err da_pred(void *p, i128 x, bool *ok)
{
	struct da_ctx *c = p;
	enum rt_err err;
	int s = -1;

	rt_qsum_clear(c->q);
	err = rt_qsum_add(c->q, x * c->m - c->a, 1);
	for (size_t j = 0; j < c->ntop && !err; j++) {
		const struct rt_task *t = &c->ts[c->top[j]];

		err = rt_qsum_add(c->q, -(i128)t->wcet * x, t->period);
	}
	if (!err)
		err = rt_qsum_sign(c->q, &s);
	*ok = s >= 0;
	return err;
}

static int cmp_i128_desc(const void *a, const void *b)
{
	i128 x = *(const i128 *)a, y = *(const i128 *)b;

	return (x < y) - (x > y);
}

/* Stable merge sort of idx[0..n) by u = C/T non-increasing (exact cross
 * products), using tmp[0..n) as scratch. */
static void sort_util_desc(const struct rt_task *ts, size_t *idx, size_t *tmp,
			   size_t n)
{
	for (size_t w = 1; w < n; w *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = lo + w < n ? lo + w : n;
			size_t hi = lo + 2 * w < n ? lo + 2 * w : n;
			size_t i = lo, j = mid, k = lo;

			while (i < mid && j < hi) {
				const struct rt_task *x = &ts[idx[i]], *y = &ts[idx[j]];

				if (rt_frac_cmp64(y->wcet, y->period, x->wcet,
						  x->period) > 0)
					tmp[k++] = idx[j++];
				else
					tmp[k++] = idx[i++];
			}
			while (i < mid)
				tmp[k++] = idx[i++];
			while (j < hi)
				tmp[k++] = idx[j++];
		}
		for (size_t i = 0; i < n; i++)
			idx[i] = tmp[i];
	}
}

/*
 * Devi & Anderson, RTSS 2005 / RTS 38(2) 2008 (Devi's thesis Cor. 4.11;
 * schedcat da.tardiness_x):
 *
 *     Lambda = ceil(U) - 1,   E = sum of the Lambda largest C_i,
 *     V = sum of the (Lambda - 1) largest u_i,
 *     x = ceil( max(0, E - C_min) / (m - V) )
 *
 * Rounded up (a bound must not be underestimated); m - V > 0 holds whenever
 * U <= m and u_i <= 1 (V <= Lambda - 1 <= m - 2), checked anyway.  x is the
 * least integer with x (m - V) >= E - C_min, found exactly.  E < n 2^63
 * in 128 bits; x, D_i + C_i + x are checked against RT_TIME_MAX.
 */
enum rt_err rt_tard_devi_anderson(const struct rt_task *ts, size_t n,
				  unsigned m, struct rt_tard_result *out,
				  rt_time *tard, rt_time *resp,
				  struct rt_diag *d)
{
	struct rt_tard_result r = { RT_TARD_BOUNDED, 0, "" };
	struct rt_qsum q;
	struct da_ctx c;
	enum rt_err err = tard_check(ts, n, m, "Devi-Anderson", d);
	i128 cu = 0, lam, x = 0, cmin;
	i128 *cost = NULL;
	size_t *idx = NULL;
	bool found;
	int s = 0;

	if (err)
		return err;
	for (size_t i = 0; i < n; i++)
		if (ts[i].deadline != ts[i].period) {
			r.status = RT_TARD_NA;
			r.x = -1;
			r.why = "needs implicit deadlines (D = T)";
			*out = r;
			return RT_OK;
		}
	if (!n) {
		*out = r;
		return RT_OK;
	}
	rt_qsum_init(&q);
	err = bounded(&q, ts, n, m, &r, &cu);
	if (err || r.status != RT_TARD_BOUNDED || m == 1)
		goto done;
	cost = rt_calloc(n, sizeof(*cost));
	idx = rt_calloc(2 * n, sizeof(*idx));
	if (!cost || !idx) {
		err = RT_ERR_NOMEM;
		goto done;
	}
	lam = cu - 1;
	cmin = ts[0].wcet;
	for (size_t i = 0; i < n; i++) {
		cost[i] = ts[i].wcet;
		idx[i] = i;
		if (ts[i].wcet < cmin)
			cmin = ts[i].wcet;
	}
	qsort(cost, n, sizeof(*cost), cmp_i128_desc);
	sort_util_desc(ts, idx, idx + n, n);
	c.q = &q;
	c.ts = ts;
	c.top = idx;
	c.ntop = lam > 1 ? (size_t)(lam - 1) : 0;
	c.m = m;
	c.a = -cmin;
	for (i128 j = 0; j < lam; j++)
		c.a += cost[j];
	if (c.a <= 0)
		goto done;                              /* x = 0 */
	/* m - V > 0 (sign of m - sum_top u) */
	rt_qsum_clear(&q);
	err = rt_qsum_add(&q, m, 1);
	for (size_t j = 0; j < c.ntop && !err; j++)
		err = rt_qsum_add(&q, -(i128)ts[idx[j]].wcet, ts[idx[j]].period);
	if (!err)
		err = rt_qsum_sign(&q, &s);
	if (!err && s <= 0) {
		r.status = RT_TARD_UNBOUNDED;
		r.why = "m - V <= 0";
		goto done;
	}
	if (!err)
		err = least_true(da_pred, &c, 0, &x, &found);
	if (!err && !found)
		err = rt_diagf(d, RT_ERR_OVERFLOW, "Devi-Anderson: x exceeds "
			       "the time range");
done:
	rt_qsum_free(&q);
	rt_free(cost);
	rt_free(idx);
	if (err)
		return err == RT_ERR_OVERFLOW ? err : qerr(err, "Devi-Anderson", d);
	if (r.status != RT_TARD_BOUNDED) {
		r.x = -1;
		*out = r;
		return RT_OK;
	}
	for (size_t i = 0; i < n; i++) {
		rt_time v;

		if (!rt_time_add((rt_time)x, ts[i].wcet, &v) ||
		    !rt_time_add(v, ts[i].deadline, &v))
			return rt_diagf(d, RT_ERR_OVERFLOW, "Devi-Anderson: "
					"response bound of task %zu exceeds the "
					"time range", i);
	}
	for (size_t i = 0; i < n; i++) {
		if (tard)
			tard[i] = (rt_time)x + ts[i].wcet;
		if (resp)
			resp[i] = (rt_time)x + ts[i].wcet + ts[i].deadline;
	}
	r.x = (rt_time)x;
	*out = r;
	return RT_OK;
}

/* ==== compliant vectors (D.2) ============================================== */

struct cva_ctx {
	struct rt_qsum *q;
	const struct rt_task *ts;
	size_t n;
	unsigned m;
	const i128 *yp;                 /* Y'_i = D_i - min D */
	i128 *g;                        /* scratch: m T_i G_i(s) */
	size_t *heap;                   /* scratch: top-K indices (min-heap) */
	size_t k;                       /* K = ceil(U) - 1 */
	bool overflow;
};

/* G_a < G_b ?  g_a/(m T_a) vs g_b/(m T_b): g_a T_b vs g_b T_a, checked. */
static bool g_less(struct cva_ctx *c, size_t a, size_t b)
{
	i128 l, r;

	if (__builtin_mul_overflow(c->g[a], (i128)c->ts[b].period, &l) ||
	    __builtin_mul_overflow(c->g[b], (i128)c->ts[a].period, &r)) {
		c->overflow = true;
		return false;
	}
	return l < r;
}

static void cva_heap_down(struct cva_ctx *c, size_t cnt, size_t j)
{
	for (;;) {
		size_t l = 2 * j + 1, x = j, tmp;

		if (l < cnt && g_less(c, c->heap[l], c->heap[x]))
			x = l;
		if (l + 1 < cnt && g_less(c, c->heap[l + 1], c->heap[x]))
			x = l + 1;
		if (x == j)
			return;
		tmp = c->heap[j];
		c->heap[j] = c->heap[x];
		c->heap[x] = tmp;
		j = x;
	}
}

/*
 * M(s) <= 0 at s = sn/m, where (schedcat gel_pl, Erickson-Anderson
 * notation, G-EDF: priority point Y_i = D_i, Y'_i = Y_i - min Y)
 *
 *     S_i = C_i max(0, 1 - Y'_i/T_i),   G_i(s) = C_i - S_i + u_i (s - C_i/m)
 *     M(s) = sum of the K = ceil(U)-1 largest G_i(s) + sum_i S_i - m s
 *
 * Scaled to integers: m T_i G_i(s) = C_i (m min(T_i, Y'_i) + sn - C_i) =: g_i
 * and m s = sn, so M(s) <= 0  <=>
 *
 *     sum_{top K} g_i/(m T_i) + sum_i C_i (T_i - Y'_i)^+ / T_i - sn <= 0.
 *
 * M has slope sum_{top} u_i - m <= K - m < 0: strictly decreasing, so the
 * predicate is monotone in sn.  Products are checked (RT_ERR_OVERFLOW).
 */
static enum rt_err cva_pred(void *p, i128 sn, bool *ok)
{
	struct cva_ctx *c = p;
	enum rt_err err = RT_OK;
	size_t cnt = 0;
	int s = 1;

	c->overflow = false;
	for (size_t i = 0; i < c->n; i++) {
		i128 ti = c->ts[i].period, ci = c->ts[i].wcet;
		i128 a = (i128)c->m * (c->yp[i] < ti ? c->yp[i] : ti);

		if (__builtin_add_overflow(a, sn - ci, &a) ||
		    __builtin_mul_overflow(a, ci, &c->g[i]))
			return RT_ERR_OVERFLOW;
	}
	for (size_t i = 0; i < c->n && c->k; i++) {     /* top K of G */
		if (cnt < c->k) {
			size_t j = cnt++;

			c->heap[j] = i;
			for (; j > 0 && g_less(c, i, c->heap[(j - 1) / 2]); j = (j - 1) / 2)
				c->heap[j] = c->heap[(j - 1) / 2];
			c->heap[j] = i;
		} else if (g_less(c, c->heap[0], i)) {
			c->heap[0] = i;
			cva_heap_down(c, cnt, 0);
		}
	}
	if (c->overflow)
		return RT_ERR_OVERFLOW;
	rt_qsum_clear(c->q);
	for (size_t j = 0; j < cnt && !err; j++) {
		size_t i = c->heap[j];
		i128 den = (i128)c->m * c->ts[i].period;

		if (den > INT64_MAX)
			return RT_ERR_OVERFLOW;
		err = rt_qsum_add(c->q, c->g[i], (int64_t)den);
	}
	for (size_t i = 0; i < c->n && !err; i++) {
		i128 ti = c->ts[i].period;

		if (c->yp[i] < ti)
			err = rt_qsum_add(c->q, c->ts[i].wcet * (ti - c->yp[i]),
					  c->ts[i].period);
	}
	if (!err)
		err = rt_qsum_add(c->q, -sn, 1);
	if (!err)
		err = rt_qsum_sign(c->q, &s);
	*ok = s <= 0;
	return err;
}

/* M(s) <= 0 at an integer s. */
static enum rt_err cva_pred_int(void *p, i128 s, bool *ok)
{
	struct cva_ctx *c = p;

	return cva_pred(p, s * c->m, ok);
}

/*
 * Compliant-vector analysis (Erickson, Devi, Baruah, ECRTS 2010; exact
 * piecewise-linear root: Erickson, Guan, Baruah, OPODIS 2010; schedcat
 * gel_pl.compute_response_bounds, rounds = 0):
 *
 *     s* = the root of M (M(0) > 0: the task with Y' = 0 has S = C),
 *     R_i = Y'_i + C_i + ceil(s* - C_i/m).
 *
 * ceil(s* - C_i/m) is the least integer z with M(z + C_i/m) <= 0, i.e.
 * cva_pred(z m + C_i).  With s_int = the least integer s with M(s) <= 0
 * (s* in (s_int - 1, s_int]) the answer is z_A - 1 or z_A, z_A = s_int -
 * floor(C_i/m), and the one test that decides, at (z_A - 1) m + C_i =
 * (s_int - 1) m + (C_i mod m), depends on C_i only through C_i mod m.  M
 * decreases, so it holds exactly for the residues from some r* on: r* is
 * found by bisection over [0, m) (O(log m) evaluations of O(n log K)), and
 * each task then needs one comparison -- O(n log n log m) in all instead
 * of an evaluation per task.  Rounded up, as a bound must be.  schedcat's
 * special case m = 1 with all D_i = T_i returns R_i = T_i (no tardiness),
 * kept here.
 */
enum rt_err rt_tard_cva(const struct rt_task *ts, size_t n, unsigned m,
			struct rt_tard_result *out, rt_time *tard, rt_time *resp,
			struct rt_diag *d)
{
	struct rt_tard_result r = { RT_TARD_BOUNDED, -1, "" };
	struct rt_qsum q;
	struct cva_ctx c;
	enum rt_err err = tard_check(ts, n, m, "CVA", d);
	i128 cu = 0, ymin, sint = 0, *buf = NULL, *bound = NULL;
	i128 rlo = -1, rhi = m;         /* pred fails at rlo, holds at rhi */
	size_t *heap = NULL;
	bool found, implicit = true;

	if (err)
		return err;
	if (!n) {
		*out = r;
		return RT_OK;
	}
	rt_qsum_init(&q);
	err = bounded(&q, ts, n, m, &r, &cu);
	if (err || r.status != RT_TARD_BOUNDED)
		goto done;
	buf = rt_calloc(3 * n, sizeof(*buf));
	heap = rt_calloc(n, sizeof(*heap));
	if (!buf || !heap) {
		err = RT_ERR_NOMEM;
		goto done;
	}
	bound = buf + 2 * n;
	ymin = ts[0].deadline;
	for (size_t i = 0; i < n; i++) {
		if (ts[i].deadline < ymin)
			ymin = ts[i].deadline;
		implicit &= ts[i].deadline == ts[i].period;
	}
	if (m == 1 && implicit) {
		for (size_t i = 0; i < n; i++)
			bound[i] = ts[i].period;
		goto done;
	}
	for (size_t i = 0; i < n; i++)
		buf[i] = ts[i].deadline - ymin;
	c.q = &q;
	c.ts = ts;
	c.n = n;
	c.m = m;
	c.yp = buf;
	c.g = buf + n;
	c.heap = heap;
	c.k = (size_t)(cu - 1);
	/* s_int: least integer s with M(s) <= 0 (pred at sn = s m) */
	err = least_true(cva_pred_int, &c, 0, &sint, &found);
	if (!err && !found)
		err = RT_ERR_OVERFLOW;
	/* r*: least residue r in [0, m] with M at (s_int - 1) m + r <= 0
	 * (r = m is s_int itself, known to hold) */
	while (!err && rlo + 1 < rhi) {
		i128 mid = rlo + (rhi - rlo) / 2;
		bool ok = false;

		err = cva_pred(&c, (sint - 1) * m + mid, &ok);
		if (ok)
			rhi = mid;
		else
			rlo = mid;
	}
	for (size_t i = 0; i < n && !err; i++) {
		i128 ci = ts[i].wcet, z = sint - ci / m;

		if (ci % m >= rhi)
			z--;
		bound[i] = buf[i] + ci + z;
		if (bound[i] > RT_TIME_MAX)
			err = RT_ERR_OVERFLOW;
	}
done:
	rt_qsum_free(&q);
	if (!err && r.status == RT_TARD_BOUNDED)
		for (size_t i = 0; i < n; i++) {
			i128 late = bound[i] - ts[i].deadline;

			if (resp)
				resp[i] = (rt_time)bound[i];
			if (tard)
				tard[i] = late > 0 ? (rt_time)late : 0;
		}
	rt_free(buf);
	rt_free(heap);
	if (err == RT_ERR_OVERFLOW)
		return rt_diagf(d, err, "CVA: an intermediate or a bound does "
				"not fit 128 bits / the time range");
	if (err)
		return qerr(err, "CVA", d);
	*out = r;
	return RT_OK;
}
