/* analysis_global.c - global EDF tests on m identical CPUs (THEORY B).
 *
 * Model: sporadic tasks tau_i = (C_i, D_i, T_i), integer time, m identical
 * CPUs, preemptive global EDF, sequential jobs.  Notation as THEORY 0.1:
 * u_i = C_i/T_i, U = sum u_i, lambda_i = C_i/min(D_i, T_i), Lambda = sum
 * lambda_i, dbf_i(t) = max(0, floor((t - D_i)/T_i) + 1) * C_i.
 *
 * Each test follows the formula *and the evaluation order* THEORY B
 * documents for schedcat (round limits, "+1" integer-time corrections,
 * the FF-DBF sigma grid and test points), because the reference vectors
 * were produced with those semantics.
 *
 * Arithmetic.  Every test first rejects infeasible tasks (C > min(D, T))
 * and U > m; after that C_i <= T_i, so a demand over a window of length
 * t < 2^63 is at most t + C_i < 2^64, and the n-term sums of the integer
 * tests (BCL, BCL-iterative, RTA, BAR, LOAD) fit 128 bits for any n < 2^62:
 * they are computed in rt_i128 without per-step checks (each place says
 * why).  Products that can exceed 128 bits for extreme inputs (BAK's
 * triple products, FF-DBF's scaled rationals, ns-sized periods times a
 * sigma denominator) are checked and return RT_ERR_OVERFLOW.  Rationals
 * with unbounded denominators (U, Lambda, BAK's beta sums, the BAR
 * interval bound) are signs of rt_qsum sums: exact, never floating point.
 * Doubles appear only as *starting guesses* of exact integer searches.
 *
 * Complexity: GFB O(n); BAK, BCL O(n^2); BCL-iterative O(n^2) per round;
 * RTA O(n) per fixed-point step; BAR O(n log m) per test point, points
 * bounded by Baruah's A_k bound; FF-DBF O(n) per test point up to
 * t = sum C / epsilon; LOAD O(n) per deadline below Y/(m-U).
 */
#include "models/analysis_global.h"

#include <string.h>

#include "models/frac.h"
#include "models/mem.h"

typedef rt_i128 i128;
typedef rt_u128 u128;

#define I128_MAX ((i128)(~(u128)0 >> 1))
#define TWO64    ((i128)1 << 64)

/* ---- checked 128-bit helpers -------------------------------------------- */

static bool mul_ok(i128 a, i128 b, i128 *out)
{
	return !__builtin_mul_overflow(a, b, out);
}

static bool add_ok(i128 a, i128 b, i128 *out)
{
	return !__builtin_add_overflow(a, b, out);
}

/* floor(a / b) for b > 0 (C's '/' truncates toward zero). */
static i128 fdiv(i128 a, i128 b)
{
	i128 q = a / b;

	return (a % b != 0 && a < 0) ? q - 1 : q;
}

static i128 imin(i128 a, i128 b)
{
	return a < b ? a : b;
}

static i128 imax(i128 a, i128 b)
{
	return a > b ? a : b;
}

static int64_t gcd64(int64_t a, int64_t b)
{
	while (b) {
		int64_t r = a % b;

		a = b;
		b = r;
	}
	return a;
}

/* ==== exact signed sums (rt_qsum) ========================================= */

void rt_qsum_init(struct rt_qsum *q)
{
	q->pos = NULL;
	q->neg = NULL;
	q->npos = 0;
	q->nneg = 0;
	q->cap = 0;
}

void rt_qsum_free(struct rt_qsum *q)
{
	rt_free(q->pos);
	rt_free(q->neg);
	rt_qsum_init(q);
}

void rt_qsum_clear(struct rt_qsum *q)
{
	q->npos = 0;
	q->nneg = 0;
}

enum rt_err rt_qsum_add(struct rt_qsum *q, i128 num, int64_t den)
{
	bool neg = num < 0;
	size_t *used = neg ? &q->nneg : &q->npos;
	struct rt_frac_term *arr;

	if (den <= 0 || num == -I128_MAX - 1)
		return RT_ERR_INVAL;
	if (!num)
		return RT_OK;
	if (*used == q->cap) {
		size_t cap = q->cap ? 2 * q->cap : 16;
		struct rt_frac_term *p, *g;

		p = rt_reallocarray(q->pos, cap, sizeof(*p));
		if (!p)
			return RT_ERR_NOMEM;
		q->pos = p;             /* larger, still valid at old cap */
		g = rt_reallocarray(q->neg, cap, sizeof(*g));
		if (!g)
			return RT_ERR_NOMEM;
		q->neg = g;
		q->cap = cap;
	}
	arr = neg ? q->neg : q->pos;
	arr[*used].num = neg ? (u128)-num : (u128)num;
	arr[*used].den = den;
	(*used)++;
	return RT_OK;
}

/*
 * Enclosure of s * sum_j c_j/d_j (s = +1 or -1) in fixed point:
 *
 *     c/d = qt + r/d,  qt = floor(c/d),  f = floor(r * 2^64 / d),
 *     qt + f/2^64  <=  c/d  <=  qt + (f + [r != 0])/2^64
 *
 * accumulated as *w (whole units) and *lo, *hi (units of 2^-64).  r < d <
 * 2^63, so r * 2^64 < 2^127; qt < 2^127.  *lo, *hi stay within n * 2^64.
 * False if the whole part overflows 128 bits (caller goes exact).
 */
static bool qsum_enclose(const struct rt_frac_term *t, size_t n, int s,
			 i128 *w, i128 *lo, i128 *hi)
{
	for (size_t j = 0; j < n; j++) {
		u128 d = (u128)t[j].den, qt = t[j].num / d, r = t[j].num % d;
		i128 f = r ? (i128)((r << 64) / d) : 0, g = r ? f + 1 : f;

		if (qt > (u128)I128_MAX)
			return false;
		if (s > 0) {
			if (!add_ok(*w, (i128)qt, w))
				return false;
			*lo += f;
			*hi += g;
		} else {
			if (!add_ok(*w, -(i128)qt, w))
				return false;
			*lo -= g;
			*hi -= f;
		}
	}
	return true;
}

/* floor(x / 2^64) for |x| small (no shift of negative values). */
static i128 floor_two64(i128 x)
{
	return x >= 0 ? x / TWO64 : -((-x + TWO64 - 1) / TWO64);
}

enum rt_err rt_qsum_sign(struct rt_qsum *q, int *sign)
{
	struct rt_frac *p = NULL, *m = NULL;
	i128 w = 0, lo = 0, hi = 0;
	enum rt_err err;
	int c;

	if (qsum_enclose(q->pos, q->npos, 1, &w, &lo, &hi) &&
	    qsum_enclose(q->neg, q->nneg, -1, &w, &lo, &hi)) {
		i128 lw = w + floor_two64(lo), lrem = lo - floor_two64(lo) * TWO64;
		i128 hw = w + floor_two64(hi);

		if (lo == hi) {                 /* every term was an integer */
			*sign = (w > 0) - (w < 0);
			return RT_OK;
		}
		if (lw >= 1 || (lw == 0 && lrem > 0)) {
			*sign = 1;
			return RT_OK;
		}
		if (hw <= -1) {
			*sign = -1;
			return RT_OK;
		}
	}
	/* Too close to 0 for the enclosure: exact sums of both parts. */
	err = rt_frac_sum(q->pos, q->npos, &p);
	if (!err)
		err = rt_frac_sum(q->neg, q->nneg, &m);
	if (!err)
		err = rt_frac_compare_frac(p, m, &c);
	rt_frac_destroy(p);
	rt_frac_destroy(m);
	if (!err)
		*sign = c;
	return err;
}

/* ==== shared context: budget, scratch sum, preconditions ================== */

struct gctx {
	const char *test;               /* "BAR", for messages */
	const struct rt_task *ts;
	size_t n;
	unsigned m;
	uint64_t budget;                /* steps allowed */
	uint64_t used;                  /* steps spent */
	struct rt_diag *d;
	struct rt_qsum q;               /* scratch exact sum */
	int ucmp;                       /* sign(U - m), set by gbegin() */
};

static void gctx_init(struct gctx *c, const char *test,
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
	rt_qsum_init(&c->q);
}

/* Spend k steps; false once the budget is exhausted. */
static bool charge(struct gctx *c, uint64_t k)
{
	if (k > c->budget - c->used)
		return false;
	c->used += k;
	return true;
}

static enum rt_err over_budget(struct gctx *c)
{
	return rt_diagf(c->d, RT_ERR_UNSUPPORTED,
			"%s needs more than %llu steps (budget exhausted)",
			c->test, (unsigned long long)c->budget);
}

static enum rt_err overflow(struct gctx *c, const char *what)
{
	return rt_diagf(c->d, RT_ERR_OVERFLOW,
			"%s: %s does not fit 128 bits", c->test, what);
}

/* Sign of the scratch sum, with a diagnostic when frac.h cannot decide. */
static enum rt_err gsign(struct gctx *c, const char *what, int *sign)
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
static enum rt_err gadd(struct gctx *c, i128 num, int64_t den)
{
	enum rt_err err = rt_qsum_add(&c->q, num, den);

	if (err)
		return rt_diagf(c->d, err, "%s: %s", c->test, rt_strerror(err));
	return RT_OK;
}

static enum rt_err check_tasks(const struct rt_task *ts, size_t n, unsigned m,
			       const char *test, struct rt_diag *d)
{
	if (m == 0)
		return rt_diagf(d, RT_ERR_INVAL, "%s: need m >= 1 CPUs", test);
	if (n && !ts)
		return rt_diagf(d, RT_ERR_INVAL, "%s: no task array", test);
	for (size_t i = 0; i < n; i++)
		if (ts[i].wcet <= 0 || ts[i].deadline <= 0 || ts[i].period <= 0)
			return rt_diagf(d, RT_ERR_INVAL,
					"task %zu (%s): C, D and T must be > 0",
					i, ts[i].name ? ts[i].name : "?");
	return RT_OK;
}

static size_t first_infeasible(const struct rt_task *ts, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (ts[i].wcet > ts[i].deadline || ts[i].wcet > ts[i].period)
			return i;
	return RT_GLOBAL_NO_TASK;
}

/*
 * sign(U - m), U = sum C_i/T_i (THEORY A.1, B.0): exact, equality is 0.
 */
static enum rt_err u_cmp_m(struct gctx *c, int *sign)
{
	enum rt_err err = RT_OK;

	rt_qsum_clear(&c->q);
	for (size_t i = 0; i < c->n && !err; i++)
		err = gadd(c, c->ts[i].wcet, c->ts[i].period);
	if (!err)
		err = gadd(c, -(i128)c->m, 1);
	if (!err)
		err = gsign(c, "U - m", sign);
	return err;
}

static void result_init(struct rt_global_result *r)
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
static enum rt_err gbegin(struct gctx *c, struct rt_global_result *r,
			  bool constrained_only, bool *done)
{
	enum rt_err err = check_tasks(c->ts, c->n, c->m, c->test, c->d);
	size_t bad;

	*done = true;
	if (err)
		return err;
	result_init(r);
	if (!c->n)
		return RT_OK;
	bad = first_infeasible(c->ts, c->n);
	if (bad != RT_GLOBAL_NO_TASK) {
		r->verdict = RT_VERDICT_REJECT;
		r->task = bad;
		r->why = "infeasible task: C > min(D, T)";
		return RT_OK;
	}
	err = u_cmp_m(c, &c->ucmp);
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
static enum rt_err gend(struct gctx *c, struct rt_global_result *r,
			struct rt_global_result *out, enum rt_err err)
{
	rt_qsum_free(&c->q);
	if (!err) {
		r->steps = c->used;
		*out = *r;
	}
	return err;
}

/* ==== necessary conditions (B.0) ========================================== */

enum rt_err rt_global_feasible_tasks(const struct rt_task *ts, size_t n,
				     size_t *bad, struct rt_diag *d)
{
	enum rt_err err = check_tasks(ts, n, 1, "feasibility", d);

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

	gctx_init(&c, "utilization", ts, n, m, 0, d);
	err = check_tasks(ts, n, m, c.test, d);
	if (!err)
		err = u_cmp_m(&c, &s);
	rt_qsum_free(&c.q);
	if (!err)
		*accept = s <= 0;
	return err;
}

/* ==== GFB (B.1) =========================================================== */

/* Index of the largest density C_j/min(D_j, T_j) (first on ties). */
static size_t max_density(const struct rt_task *ts, size_t n)
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

	gctx_init(&c, "GFB", ts, n, m, 0, d);
	err = gbegin(&c, &r, true, &done);
	if (err || done)
		return gend(&c, &r, out, err);
	j = max_density(ts, n);
	rt_qsum_clear(&c.q);
	for (size_t i = 0; i < n && !err; i++)
		err = gadd(&c, ts[i].wcet, ts[i].deadline);
	if (!err)
		err = gadd(&c, (i128)(m - 1) * ts[j].wcet, ts[j].deadline);
	if (!err)
		err = gadd(&c, -(i128)m, 1);
	if (!err)
		err = gsign(&c, "Lambda", &s);
	if (!err && s > 0)
		r.verdict = RT_VERDICT_REJECT;
	return gend(&c, &r, out, err);
}

/* ==== BAK (B.2) =========================================================== */

/*
 * Baker's test in schedcat's beta form (Baker, RTSS 2003 / IEEE TPDS 16(8)
 * 2005; schedcat bak.py).  For every k, with D'_k = min(D_k, T_k) and
 * lambda_k = C_k / D'_k:
 *
 *     beta_i = u_i (1 + (T_i - D_i)/D_k) + [lambda_k < u_i] (C_i - lambda_k T_i)/D_k
 *     sum_i min(1, beta_i) <= m - (m - 1) lambda_k        (i = k included)
 *
 * Multiplied by D_k everything becomes sums of x/T_i and y/D'_k:
 *
 *     D_k beta_i = x_i/T_i + y_i/D'_k,   x_i = C_i (D_k + T_i - D_i),
 *                                        y_i = C_i D'_k - C_k T_i   (if > 0)
 *     sum_i min(D_k, x_i/T_i + y_i/D'_k) + (m-1) C_k D_k / D'_k - m D_k <= 0
 *
 * x_i < 0 is possible for arbitrary deadlines (D_i > D_k + T_i); the sum is
 * signed.  min() is decided by x_i D'_k + y_i T_i >= D_k T_i D'_k (checked
 * 128-bit products: < 2^128 unless parameters exceed ~2^42).  Exact, no
 * rounding; equality accepts.
 */
static enum rt_err bak_task(struct gctx *c, size_t k, bool *ok)
{
	const struct rt_task *ts = c->ts, *tk = &ts[k];
	i128 dk = tk->deadline, dpk = imin(tk->deadline, tk->period);
	i128 ck = tk->wcet, cap, t;
	enum rt_err err = RT_OK;
	int s;

	rt_qsum_clear(&c->q);
	for (size_t i = 0; i < c->n && !err; i++) {
		i128 ci = ts[i].wcet, ti = ts[i].period, x, y = 0, l, r;

		x = ci * (dk + ti - ts[i].deadline);    /* |.| < 2^127 */
		if (ci * dpk > ck * ti)                 /* lambda_k < u_i */
			y = ci * dpk - ck * ti;
		if (!mul_ok(x, dpk, &l) || !mul_ok(y, ti, &t) ||
		    !add_ok(l, t, &l) || !mul_ok(dk * ti, dpk, &r))
			return overflow(c, "a beta term");
		if (l >= r) {
			err = gadd(c, dk, 1);
		} else {
			err = gadd(c, x, ts[i].period);
			if (!err)
				err = gadd(c, y, (int64_t)dpk);
		}
	}
	if (!mul_ok((i128)(c->m - 1) * ck, dk, &cap))
		return overflow(c, "(m-1) C_k D_k");
	if (!err)
		err = gadd(c, cap, (int64_t)dpk);
	if (!err)
		err = gadd(c, -(i128)c->m * dk, 1);
	if (!err)
		err = gsign(c, "the beta sum", &s);
	if (!err)
		*ok = s <= 0;
	return err;
}

enum rt_err rt_global_bak(const struct rt_task *ts, size_t n, unsigned m,
			  struct rt_global_result *out, struct rt_diag *d)
{
	struct rt_global_result r;
	struct gctx c;
	enum rt_err err;
	bool done, ok = true;

	gctx_init(&c, "BAK", ts, n, m, 0, d);
	err = gbegin(&c, &r, false, &done);
	if (err || done)
		return gend(&c, &r, out, err);
	for (size_t k = 0; k < n && !err && ok; k++) {
		err = bak_task(&c, k, &ok);
		if (!err && !ok) {
			r.verdict = RT_VERDICT_REJECT;
			r.task = k;
		}
	}
	return gend(&c, &r, out, err);
}

/* ==== BCL (B.3) =========================================================== */

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

	gctx_init(&c, "BCL", ts, n, m, 0, d);
	err = gbegin(&c, &r, true, &done);
	if (err || done)
		return gend(&c, &r, out, err);
	for (size_t k = 0; k < n; k++)
		if (!bcl_task(ts, n, m, k)) {
			r.verdict = RT_VERDICT_REJECT;
			r.task = k;
			break;
		}
	return gend(&c, &r, out, err);
}

/* ==== BCL-iterative (B.4) ================================================= */

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
 * form.  W <= D_k + C_i < 2^64; sums < n 2^64.
 */
enum rt_err rt_global_bcl_iterative(const struct rt_task *ts, size_t n,
				    unsigned m, uint64_t budget,
				    struct rt_global_result *out,
				    struct rt_diag *d)
{
	struct rt_global_result r;
	struct gctx c;
	enum rt_err err;
	bool done, feasible = false, updated = true;
	i128 *slack;
	size_t failed = RT_GLOBAL_NO_TASK;

	gctx_init(&c, "BCL-iterative", ts, n, m, budget, d);
	err = gbegin(&c, &r, true, &done);
	if (err || done)
		return gend(&c, &r, out, err);
	slack = rt_calloc(n, sizeof(*slack));
	if (!slack)
		return gend(&c, &r, out, rt_diagf(d, RT_ERR_NOMEM, "BCL-iterative: %s",
						  rt_strerror(RT_ERR_NOMEM)));
	while (updated && !feasible && !err) {
		feasible = true;
		updated = false;
		failed = RT_GLOBAL_NO_TASK;
		for (size_t k = 0; k < n; k++) {
			i128 dk = ts[k].deadline, lim = dk - ts[k].wcet + 1;
			i128 sum = 0, nb;

			if (!charge(&c, n)) {
				err = over_budget(&c);
				break;
			}
			for (size_t i = 0; i < n; i++) {
				i128 ci = ts[i].wcet, ti = ts[i].period;
				i128 j = dk / ti, w;

				if (i == k)
					continue;
				w = j * ci + imin(ci, imax(0, dk - slack[i] - j * ti));
				sum += imin(w, lim);
			}
			nb = dk - ts[k].wcet - sum / m;
			if (nb < 0) {
				feasible = false;
				if (failed == RT_GLOBAL_NO_TASK)
					failed = k;
			}
			if (nb > slack[k]) {
				slack[k] = nb;
				updated = true;
			}
		}
	}
	rt_free(slack);
	if (!err && !feasible) {
		r.verdict = RT_VERDICT_REJECT;
		r.task = failed;
	}
	return gend(&c, &r, out, err);
}

/* ==== RTA (B.5) =========================================================== */

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

		if (!charge(c, c->n))
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

	gctx_init(&c, "RTA", ts, n, m, budget, d);
	err = gbegin(&c, &r, true, &done);
	if (err || done)
		return gend(&c, &r, out, err);
	slack = rt_calloc(n, sizeof(*slack));
	if (!slack)
		return gend(&c, &r, out, rt_diagf(d, RT_ERR_NOMEM, "RTA: %s",
						  rt_strerror(RT_ERR_NOMEM)));
	while (updated && !sched && (!rounds || round < rounds) && !err) {
		round++;
		sched = true;
		updated = false;
		failed = RT_GLOBAL_NO_TASK;
		for (size_t k = 0; k < n && !err; k++) {
			i128 dk = ts[k].deadline, est;

			if (!rta_fixpoint(&c, slack, k, &est)) {
				err = over_budget(&c);
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
	return gend(&c, &r, out, err);
}

/* ==== the linear bound (m - U) x - Y - R (BAR, LOAD) ====================== */

/*
 * sign((m - U) x - Y - R) with Y = sum_i C_i (T_i - D_i)^+ / T_i, i.e.
 *
 *     m x - R - sum_i C_i (x + (T_i - D_i)^+) / T_i
 *
 * exactly (one fraction per task; C_i (x + T_i) < 2^127 for x < 2^63).
 */
static enum rt_err lin_sign(struct gctx *c, i128 x, i128 R, int *sign)
{
	enum rt_err err;
	i128 mx;

	if (!charge(c, c->n))
		return over_budget(c);
	rt_qsum_clear(&c->q);
	if (!mul_ok(c->m, x, &mx) || !add_ok(mx, -R, &mx))
		return overflow(c, "m x - R");
	err = gadd(c, mx, 1);
	for (size_t i = 0; i < c->n && !err; i++) {
		const struct rt_task *t = &c->ts[i];
		i128 slack = imax(0, (i128)t->period - t->deadline);

		err = gadd(c, -(i128)t->wcet * (x + slack), t->period);
	}
	if (!err)
		err = gsign(c, "the interval bound", sign);
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
 * rounded *down* -- the exact bound, never past it.  'guess' (a double
 * estimate) only chooses where the exact search starts.  *found = false if
 * even lo fails.
 */
static enum rt_err lin_last(struct gctx *c, i128 R, rt_time lo, bool strict,
			    double guess, rt_time *out, bool *found)
{
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

/* Double estimates of U and Y (search start points only). */
static void approx_u_y(const struct rt_task *ts, size_t n, double *u, double *y)
{
	*u = 0;
	*y = 0;
	for (size_t i = 0; i < n; i++) {
		double ui = (double)ts[i].wcet / (double)ts[i].period;

		*u += ui;
		if (ts[i].period > ts[i].deadline)
			*y += ui * (double)(ts[i].period - ts[i].deadline);
	}
}

/* ==== BAR (B.6) =========================================================== */

/* Restore the min-heap order of h[0..k) below position j. */
static void heap_down(i128 *h, size_t k, size_t j)
{
	for (;;) {
		size_t l = 2 * j + 1, x = j;
		i128 tmp;

		if (l < k && h[l] < h[x])
			x = l;
		if (l + 1 < k && h[l + 1] < h[x])
			x = l + 1;
		if (x == j)
			return;
		tmp = h[j];
		h[j] = h[x];
		h[x] = tmp;
		j = x;
	}
}

/* Sum of the k largest of v[0..n) (k <= n): a min-heap of the best k so far
 * in top[], O(n log k). */
static i128 top_sum(const i128 *v, size_t n, size_t k, i128 *top)
{
	size_t cnt = 0;
	i128 s = 0;

	for (size_t i = 0; i < n && k; i++) {
		if (cnt < k) {
			size_t j = cnt++;

			for (; j > 0 && top[(j - 1) / 2] > v[i]; j = (j - 1) / 2)
				top[j] = top[(j - 1) / 2];
			top[j] = v[i];
		} else if (v[i] > top[0]) {
			top[0] = v[i];
			heap_down(top, k, 0);
		}
	}
	for (size_t i = 0; i < cnt; i++)
		s += top[i];
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
 * t <= floor((C_S + m C_k + Y)/(m - U)), computed exactly by lin_last().
 * Each dbf term <= t + C_i < 2^64 (C_i <= T_i), sums < n 2^64.  Tasks are
 * visited round-robin, one offset each, so an early violation of any task
 * is found before a long scan of another (the verdict does not depend on
 * the order).  bar_point() checks one (k, t) and sets *next to the next
 * point after t (O(n) per point, no heap needed).
 */
static bool bar_point(const struct gctx *c, size_t k, i128 t, i128 *diff,
		      i128 *top, i128 *next)
{
	const struct rt_task *ts = c->ts;
	i128 ck = ts[k].wcet, a = t - ts[k].deadline, lim = t - ck + 1;
	i128 sum1 = 0, nx = I128_MAX, cap;
	size_t kk = c->m - 1 < c->n ? c->m - 1 : c->n;

	for (size_t i = 0; i < c->n; i++) {
		const struct rt_task *ti = &ts[i];
		int64_t tt = (int64_t)t, q = tt / ti->period, r = tt % ti->period;
		i128 dbf = 0, dbfp, i1, i2, nd = ti->deadline;

		/* 64-bit divisions (t < 2^63); products in 128 bits */
		if (tt >= ti->deadline) {
			int64_t j = (tt - ti->deadline) / ti->period + 1;

			dbf = (i128)j * ti->wcet;
			nd += (i128)j * ti->period;
		}
		dbfp = (i128)q * ti->wcet + (r < ti->wcet ? r : ti->wcet);
		if (i == k) {
			i1 = imin(dbf - ck, a);
			i2 = imin(dbfp - ck, a);
		} else {
			i1 = imin(dbf, lim);
			i2 = imin(dbfp, lim);
		}
		sum1 += i1;
		diff[i] = i2 - i1;
		if (nd < nx)
			nx = nd;
	}
	*next = nx;
	cap = (i128)c->m * (t - ck);
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
	i128 *buf = NULL, *diff, *top, *cur, *lim, csum = 0;
	double ud, yd;

	gctx_init(&c, "BAR", ts, n, m, budget, d);
	err = gbegin(&c, &r, true, &done);
	if (err || done)
		return gend(&c, &r, out, err);
	if (c.ucmp == 0) {
		r.verdict = RT_VERDICT_REJECT;
		r.why = "U = m: the BAR testing interval is unbounded";
		return gend(&c, &r, out, RT_OK);
	}
	buf = rt_calloc(4 * n, sizeof(*buf));
	if (!buf)
		return gend(&c, &r, out, rt_diagf(d, RT_ERR_NOMEM, "BAR: %s",
						  rt_strerror(RT_ERR_NOMEM)));
	diff = buf;
	top = buf + n;
	cur = buf + 2 * n;              /* next t = A + D_k per task */
	lim = buf + 3 * n;              /* last admissible t, -1: none */
	/* C_S: the m-1 largest C_i (top_sum on a copy in 'cur') */
	for (size_t i = 0; i < n; i++)
		cur[i] = ts[i].wcet;
	csum = top_sum(cur, n, m - 1 < n ? m - 1 : n, top);
	approx_u_y(ts, n, &ud, &yd);
	for (size_t k = 0; k < n && !err; k++) {
		i128 R = csum + (i128)m * ts[k].wcet;
		rt_time last = 0;
		bool found;

		err = lin_last(&c, R, ts[k].deadline, false,
			       ((double)R + yd) / ((double)m - ud), &last, &found);
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
			if (!charge(&c, n)) {
				err = over_budget(&c);
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
	return gend(&c, &r, out, err);
}

/* ==== FF-DBF (B.7) ======================================================== */

/* sigma = p/q in lowest terms, p, q > 0. */
struct sigma {
	int64_t p, q;
};

static struct sigma sigma_make(int64_t p, int64_t q)
{
	int64_t g = gcd64(p, q);
	struct sigma s = { p / g, q / g };

	return s;
}

/*
 * Forced-forward demand (Baruah, Bonifaci, Marchetti-Spaccamela, Stiller,
 * RTS 46(1) 2010; schedcat ffdbf.py), t = N/P, sigma = p/q:
 *
 *     q_i = floor(t/T_i), r_i = t - q_i T_i
 *     ffdbf_i = q_i C_i + C_i                      if r_i >= D_i
 *                       + C_i - (D_i - r_i) sigma  if D_i > r_i >= D_i - C_i/sigma
 *                       + 0                        otherwise
 *
 * scaled by P q to integers: with R = N - q_i P T_i (r_i = R/P),
 *
 *     P q ffdbf_i = q_i C_i P q + { C_i P q  |  C_i P q - (D_i P - R) p  |  0 },
 *     middle case iff  R p >= (D_i p - C_i q) P.
 *
 * Exact; every product is checked (P, p, q are at most a C or D value or
 * the sigma grid denominator, N <= t P).  *dem = sum (scaled by P q).
 */
static bool ffdbf_scaled(const struct rt_task *ts, size_t n, i128 N, i128 P,
			 i128 p, i128 q, i128 *dem)
{
	i128 sum = 0, pq;

	if (!mul_ok(P, q, &pq))
		return false;
	for (size_t i = 0; i < n; i++) {
		i128 ci = ts[i].wcet, di = ts[i].deadline, pt, qi, R, v, x, y;

		if (!mul_ok(P, ts[i].period, &pt))
			return false;
		qi = fdiv(N, pt);
		R = N - qi * pt;                        /* 0 <= R < P T_i */
		if (!mul_ok(qi, ci, &v) || !mul_ok(v, pq, &v))
			return false;
		if (!mul_ok(di, P, &x))
			return false;
		if (R >= x) {
			i128 cpq;

			if (!mul_ok(ci, pq, &cpq) || !add_ok(v, cpq, &v))
				return false;
		} else {
			i128 lhs, rhs, cpq;

			if (!mul_ok(R, p, &lhs) || !mul_ok(di, p, &y) ||
			    !mul_ok(ci, q, &rhs) || !mul_ok(y - rhs, P, &rhs))
				return false;
			if (lhs >= rhs) {
				if (!mul_ok(ci, pq, &cpq) ||
				    !mul_ok(x - R, p, &y) ||
				    !add_ok(v, cpq - y, &v))
					return false;
			}
		}
		if (!add_ok(sum, v, &sum))
			return false;
	}
	*dem = sum;
	return true;
}

enum rt_err rt_global_ffdbf_demand(const struct rt_task *ts, size_t n,
				   int64_t t_num, int64_t t_den,
				   int64_t s_num, int64_t s_den,
				   rt_i128 *num, rt_i128 *den)
{
	enum rt_err err = check_tasks(ts, n, 1, "ffdbf", NULL);

	if (err)
		return err;
	if (t_num < 0 || t_den <= 0 || s_num <= 0 || s_den <= 0)
		return RT_ERR_INVAL;
	if (!ffdbf_scaled(ts, n, t_num, t_den, s_num, s_den, num))
		return RT_ERR_OVERFLOW;
	*den = (i128)t_den * s_den;
	return RT_OK;
}

/*
 * Witness condition (schedcat witness_condition, Equ. (6)):
 *
 *     sum_i ffdbf_i(t, sigma) <= (m - (m - 1) sigma) t
 *
 * times P q:  dem <= (m q - (m - 1) p) N.  *ok; false return = overflow.
 */
static bool ffdbf_witness(const struct gctx *c, i128 N, i128 P,
			  struct sigma s, bool *ok)
{
	i128 dem, rhs;

	if (!ffdbf_scaled(c->ts, c->n, N, P, s.p, s.q, &dem) ||
	    !mul_ok((i128)c->m * s.q - (i128)(c->m - 1) * s.p, N, &rhs))
		return false;
	*ok = dem <= rhs;
	return true;
}

/*
 * sigma admissible: lambda_max <= sigma <= min(1, (m - U)/(m - 1) - eps)
 * (the first by construction), i.e. p <= q and
 *
 *     U + (m - 1) p/q + (m - 1) eps - m <= 0      (exact).
 */
static enum rt_err ffdbf_sigma_ok(struct gctx *c, struct sigma s,
				  int64_t en, int64_t ed, bool *ok)
{
	enum rt_err err = RT_OK;
	int sg = 0;

	*ok = false;
	if (s.p > s.q)
		return RT_OK;
	rt_qsum_clear(&c->q);
	for (size_t i = 0; i < c->n && !err; i++)
		err = gadd(c, c->ts[i].wcet, c->ts[i].period);
	if (!err)
		err = gadd(c, (i128)(c->m - 1) * s.p, s.q);
	if (!err)
		err = gadd(c, (i128)(c->m - 1) * en, ed);
	if (!err)
		err = gadd(c, -(i128)c->m, 1);
	if (!err)
		err = gsign(c, "the sigma bound", &sg);
	*ok = sg <= 0;
	return err;
}

/*
 * Smallest test point > x (x in units 1/p, x >= 0) for sigma = p/q: the
 * points of task i are j T_i + D_i and j T_i + D_i - min(C_i/sigma, D_i),
 * j >= 0 (schedcat test_points), here scaled by p.  false = overflow.
 */
static bool ffdbf_next(const struct gctx *c, struct sigma s, i128 x, i128 *out)
{
	i128 best = I128_MAX;

	for (size_t i = 0; i < c->n; i++) {
		const struct rt_task *t = &c->ts[i];
		i128 tp, dp, off, a, b;

		if (!mul_ok(t->period, s.p, &tp) || !mul_ok(t->deadline, s.p, &dp) ||
		    !mul_ok(t->wcet, s.q, &off))
			return false;
		off = imin(off, dp);
		if (x < dp)
			b = dp;
		else if (!mul_ok(fdiv(x - dp, tp) + 1, tp, &b) || !add_ok(b, dp, &b))
			return false;
		if (x < dp - off)
			a = dp - off;
		else if (!mul_ok(fdiv(x - dp + off, tp) + 1, tp, &a) ||
			 !add_ok(a, dp - off, &a))
			return false;
		best = imin(best, imin(a, b));
	}
	*out = best;
	return true;
}

/*
 * Where the scan may stop early without changing the verdict.  For sigma
 * >= lambda_max >= u_i and D_i <= T_i, every case of ffdbf_i is at most
 *
 *     ffdbf_i(t) <= u_i t + C_i (1 - D_i/T_i)
 *
 * (r >= D_i: (t - r) u_i + C_i with r >= D_i; middle case: t u_i + C_i -
 * D_i sigma + r (sigma - u_i) with r < D_i; else (t - r) u_i), so with B =
 * sum_i C_i (T_i - D_i)/T_i the witness condition holds for *every* t with
 *
 *     t (m - (m - 1) sigma - U) >= B.
 *
 * No later point can fail for this sigma, so stopping there gives the
 * verdict schedcat reaches at sum C / eps (for implicit deadlines B = 0).
 * The candidate comes from doubles, rounded up with margin, and is then
 * *verified exactly*; if the check fails or overflows, *have = false and
 * only sum C / eps applies.
 */
static enum rt_err ffdbf_tail(struct gctx *c, struct sigma s, i128 *tail,
			      bool *have)
{
	double u = 0, b = 0, den, cand;
	enum rt_err err;
	i128 t, x;
	int sg = -1;

	*have = false;
	for (size_t i = 0; i < c->n; i++) {
		const struct rt_task *ti = &c->ts[i];
		double ui = (double)ti->wcet / (double)ti->period;

		u += ui;
		b += ui * (double)(ti->period - ti->deadline);
	}
	den = (double)c->m - (double)(c->m - 1) * (double)s.p / (double)s.q - u;
	if (!(den > 0))
		return RT_OK;
	cand = b / den * (1 + 1e-9) + 2;
	if (!(cand < 4e18))
		return RT_OK;
	t = (i128)cand;
	if (!charge(c, c->n))
		return over_budget(c);
	rt_qsum_clear(&c->q);
	if (!mul_ok(t * (c->m - 1), s.p, &x))
		return RT_OK;
	err = gadd(c, t * c->m, 1);
	if (!err)
		err = gadd(c, -x, s.q);
	for (size_t i = 0; i < c->n && !err; i++) {
		const struct rt_task *ti = &c->ts[i];

		err = gadd(c, -(i128)ti->wcet * (t + ti->period - ti->deadline),
			   ti->period);
	}
	if (!err)
		err = gsign(c, "the FF-DBF tail bound", &sg);
	if (!err && sg >= 0) {
		*tail = t;
		*have = true;
	}
	return err;
}

/*
 * schedcat is_schedulable(epsilon, sigma_granularity): sigma runs through
 * lambda_max, then the grid values g/G above it; t runs through the merged
 * test points of the current sigma above the last failure point, up to
 * t <= sum C_i / epsilon (then accept).  At a point where the witness
 * condition fails, the next grid sigmas are tried *at that point only*;
 * the first that holds becomes current and the scan resumes after the
 * point (points already passed are not re-checked, as in schedcat).  No
 * admissible sigma left: reject.
 */
enum rt_err rt_global_ffdbf(const struct rt_task *ts, size_t n, unsigned m,
			    int64_t eps_num, int64_t eps_den, int64_t sigma_den,
			    uint64_t budget, struct rt_global_result *out,
			    struct rt_diag *d)
{
	struct rt_global_result r;
	struct gctx c;
	struct sigma cur;
	enum rt_err err;
	bool done, ok, have_tail = false;
	size_t j;
	i128 csum = 0, g, x = 0, tb, tail = 0;

	gctx_init(&c, "FF-DBF", ts, n, m, budget, d);
	if (eps_num <= 0 || eps_den <= 0 || sigma_den <= 0)
		return rt_diagf(d, RT_ERR_INVAL, "FF-DBF: epsilon and the sigma "
				"step must be > 0");
	err = gbegin(&c, &r, true, &done);
	if (err || done)
		return gend(&c, &r, out, err);
	if (m < 2) {
		r.verdict = RT_VERDICT_NA;
		r.why = "needs m >= 2";
		return gend(&c, &r, out, RT_OK);
	}
	for (size_t i = 0; i < n; i++)
		csum += ts[i].wcet;
	if (!mul_ok(csum, eps_den, &tb))
		return gend(&c, &r, out, overflow(&c, "sum C / epsilon"));
	j = max_density(ts, n);
	cur = sigma_make(ts[j].wcet, ts[j].deadline);
	/* first grid value above lambda_max: floor(lambda_max G) + 1 */
	g = (i128)cur.p * sigma_den / cur.q + 1;
	err = ffdbf_sigma_ok(&c, cur, eps_num, eps_den, &ok);
	if (!err && !ok) {
		r.verdict = RT_VERDICT_REJECT;
		r.why = "no admissible sigma (lambda_max > (m-U)/(m-1) - epsilon)";
	}
	if (!err && ok)
		err = ffdbf_tail(&c, cur, &tail, &have_tail);
	while (!err && r.verdict == RT_VERDICT_ACCEPT) {
		i128 t, te, lim;

		if (!charge(&c, 2 * n)) {
			err = over_budget(&c);
			break;
		}
		/* next point t/p; stop past sum C / eps: t eps_num > tb p */
		if (!ffdbf_next(&c, cur, x, &t) || !mul_ok(t, eps_num, &te) ||
		    !mul_ok(tb, cur.p, &lim)) {
			err = overflow(&c, "a test point");
			break;
		}
		if (te > lim)
			break;
		if (have_tail && mul_ok(tail, cur.p, &lim) && t >= lim)
			break;                  /* every later point passes */
		if (!ffdbf_witness(&c, t, cur.p, cur, &ok)) {
			err = overflow(&c, "the demand at a test point");
			break;
		}
		if (ok) {
			x = t;
			continue;
		}
		for (;;) {                              /* next sigma at t */
			struct sigma nx;

			if (g > sigma_den) {            /* sigma > 1 */
				r.verdict = RT_VERDICT_REJECT;
				break;
			}
			nx = sigma_make((int64_t)g++, sigma_den);
			err = ffdbf_sigma_ok(&c, nx, eps_num, eps_den, &ok);
			if (err)
				break;
			if (!ok) {
				r.verdict = RT_VERDICT_REJECT;
				break;
			}
			if (!charge(&c, n)) {
				err = over_budget(&c);
				break;
			}
			if (!ffdbf_witness(&c, t, cur.p, nx, &ok)) {
				err = overflow(&c, "the demand at a test point");
				break;
			}
			if (ok) {
				/* resume after t = (t/p_old), in units 1/p_new */
				if (!mul_ok(t, nx.p, &x)) {
					err = overflow(&c, "a test point");
					break;
				}
				x = fdiv(x, cur.p);
				cur = nx;
				err = ffdbf_tail(&c, cur, &tail, &have_tail);
				break;
			}
		}
	}
	return gend(&c, &r, out, err);
}

/* ==== LOAD (B.0) ========================================================== */

static i128 lcm_checked(i128 a, i128 b, bool *ok)
{
	i128 g = gcd64((int64_t)(a % b), (int64_t)b), r;

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
 * deadlines t < Y/(m - U) are checked (floor, exact: lin_last(strict)).
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

	gctx_init(&c, "LOAD", ts, n, m, budget, d);
	err = check_tasks(ts, n, m, c.test, d);
	if (err)
		return gend(&c, &r, out, err);
	result_init(&r);
	if (!n)
		return gend(&c, &r, out, RT_OK);
	err = u_cmp_m(&c, &c.ucmp);
	if (err)
		return gend(&c, &r, out, err);
	if (c.ucmp > 0) {
		r.verdict = RT_VERDICT_REJECT;
		r.why = "U > m";
		return gend(&c, &r, out, RT_OK);
	}
	if (c.ucmp < 0) {
		double ud, yd;
		rt_time last = 0;
		bool found;

		approx_u_y(ts, n, &ud, &yd);
		err = lin_last(&c, 0, 1, true, yd / ((double)m - ud), &last, &found);
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

		if (!charge(&c, n)) {
			err = over_budget(&c);
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
	return gend(&c, &r, out, err);
}
