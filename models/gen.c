/* gen.c - task-set generators (see gen.h for the model and citations). */
#include "models/gen.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "models/frac.h"
#include "models/mem.h"

static const char *const gen_method_names[] = {
	"uunifast", "uunifast-discard", "randfixedsum", "drs"
};
static const char *const gen_periods_names[] = {
	"log-uniform", "uniform", "set"
};
static const char *const gen_deadlines_names[] = {
	"implicit", "constrained", "arbitrary"
};

#define GEN_N(a) (sizeof(a) / sizeof((a)[0]))

const char *rt_gen_method_name(enum rt_gen_method m)
{
	return (size_t)m < GEN_N(gen_method_names) ? gen_method_names[m] : "?";
}

const char *rt_gen_periods_name(enum rt_gen_periods p)
{
	return (size_t)p < GEN_N(gen_periods_names) ? gen_periods_names[p] : "?";
}

const char *rt_gen_deadlines_name(enum rt_gen_deadlines d)
{
	return (size_t)d < GEN_N(gen_deadlines_names) ? gen_deadlines_names[d]
						       : "?";
}

static bool gen_find(const char *s, const char *const *names, size_t n,
		     int *out)
{
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(s, names[i])) {
			*out = (int)i;
			return true;
		}
	}
	return false;
}

bool rt_gen_method_from_name(const char *s, enum rt_gen_method *out)
{
	int v;

	if (!gen_find(s, gen_method_names, GEN_N(gen_method_names), &v))
		return false;
	*out = (enum rt_gen_method)v;
	return true;
}

bool rt_gen_periods_from_name(const char *s, enum rt_gen_periods *out)
{
	int v;

	if (!gen_find(s, gen_periods_names, GEN_N(gen_periods_names), &v))
		return false;
	*out = (enum rt_gen_periods)v;
	return true;
}

bool rt_gen_deadlines_from_name(const char *s, enum rt_gen_deadlines *out)
{
	int v;

	if (!gen_find(s, gen_deadlines_names, GEN_N(gen_deadlines_names), &v))
		return false;
	*out = (enum rt_gen_deadlines)v;
	return true;
}

enum rt_err rt_gen_slack_check(enum rt_gen_deadlines dl, const char *what,
			       struct rt_diag *d)
{
	if (dl != RT_GEN_DEADLINES_IMPLICIT)
		return RT_OK;
	return rt_diagf(d, RT_ERR_INVAL, "%s is for constrained and arbitrary "
			"deadlines", what);
}

enum rt_err rt_gen_check(const struct rt_gen_params *p, double total,
			 struct rt_diag *d)
{
	rt_time lo, hi;

	if (p->ntasks < 1 || p->ntasks > RT_GEN_MAX_TASKS)
		return rt_diagf(d, RT_ERR_INVAL, "tasks: %zu; expected 1..%d",
				p->ntasks, RT_GEN_MAX_TASKS);
	if (!(p->cap > 0 && p->cap <= 1))
		return rt_diagf(d, RT_ERR_INVAL, "cap: %g; expected 0 < cap <= 1",
				p->cap);
	if (p->periods == RT_GEN_PERIODS_SET) {
		if (!p->pset || !p->npset)
			return rt_diagf(d, RT_ERR_INVAL, "periods: empty set");
		for (size_t i = 0; i < p->npset; i++)
			if (p->pset[i] <= 0)
				return rt_diagf(d, RT_ERR_INVAL, "periods[%zu]: "
						"%lld; expected > 0", i,
						(long long)p->pset[i]);
	} else {
		if (p->pmin < 1 || p->pmax < p->pmin)
			return rt_diagf(d, RT_ERR_INVAL, "periods: [%lld, %lld]; "
					"expected 1 <= min <= max",
					(long long)p->pmin, (long long)p->pmax);
		if (p->pmax > RT_TIME_MAX / 4)
			return rt_diagf(d, RT_ERR_INVAL, "periods: max %lld is "
					"too large", (long long)p->pmax);
		if (p->granularity < 1 || p->granularity > p->pmax)
			return rt_diagf(d, RT_ERR_INVAL, "periods: granularity "
					"%lld; expected 1..max",
					(long long)p->granularity);
		if (!rt_gen_period_range(p, &lo, &hi))
			return rt_diagf(d, RT_ERR_INVAL, "periods: granularity "
					"%lld has no multiple in [%lld, %lld]",
					(long long)p->granularity,
					(long long)p->pmin, (long long)p->pmax);
	}
	if (p->cmin < 0)
		return rt_diagf(d, RT_ERR_INVAL, "least C %lld; expected >= 0",
				(long long)p->cmin);
	if (!(p->xmin >= 0 && p->xmin <= p->xmax) ||
	    (p->deadlines == RT_GEN_DEADLINES_CONSTRAINED && p->xmax > 1) ||
	    p->xmax > 1e6)
		return rt_diagf(d, RT_ERR_INVAL, "deadlines: range [%g, %g]; "
				"expected 0 <= min <= max%s", p->xmin, p->xmax,
				p->deadlines == RT_GEN_DEADLINES_CONSTRAINED ?
				" <= 1" : "");
	if ((p->lower || p->upper) && p->method != RT_GEN_DRS)
		return rt_diagf(d, RT_ERR_INVAL, "per-task bounds need method "
				"drs");
	if (p->method == RT_GEN_DRS)
		return rt_gen_drs_check(p->ntasks, total, p->lower, p->upper,
					p->cap, d);
	if (total >= 0 && p->method != RT_GEN_UUNIFAST &&
	    total > (double)p->ntasks * p->cap)
		return rt_diagf(d, RT_ERR_INVAL, "utilization %g is more than "
				"tasks x cap = %g", total,
				(double)p->ntasks * p->cap);
	return RT_OK;
}

enum rt_err rt_gen_ws_init(struct rt_gen_ws *ws, size_t n)
{
	memset(ws, 0, sizeof(*ws));
	if (n < 1 || n > RT_GEN_MAX_TASKS)
		return RT_ERR_INVAL;
	ws->u = rt_calloc(n, sizeof(double));
	ws->w = rt_calloc(n * (n + 1), sizeof(double));
	ws->t = rt_calloc(n * (n + 1), sizeof(double));
	ws->v = rt_calloc(4 * n, sizeof(double));
	if (!ws->u || !ws->w || !ws->t || !ws->v) {
		rt_gen_ws_fini(ws);
		return RT_ERR_NOMEM;
	}
	ws->n = n;
	return RT_OK;
}

void rt_gen_ws_fini(struct rt_gen_ws *ws)
{
	if (!ws)
		return;
	rt_free(ws->u);
	rt_free(ws->w);
	rt_free(ws->t);
	rt_free(ws->v);
	memset(ws, 0, sizeof(*ws));
}

/*
 * UUniFast (Bini & Buttazzo 2005):
 *     next = sum * r^(1 / (n - i)),  u_i = sum - next,  sum = next
 * for i = 1 .. n - 1, u_n = sum.  The u_i are non-negative and add up to
 * 'total' up to double rounding.
 */
static void gen_uunifast(size_t n, double total, struct rt_rng *r, double *u)
{
	double sum = total;

	for (size_t i = 1; i < n; i++) {
		double next = sum * pow(rt_rng_unit(r), 1.0 / (double)(n - i));

		u[i - 1] = sum - next;
		sum = next;
	}
	u[n - 1] = sum;
}

/*
 * RandFixedSum (Stafford 2006; the schedcat port
 * StaffordRandFixedSum, 0-based).  A uniform point of {x in [0,1]^n,
 * sum x = s}: the polytope is cut into simplices; 'w' counts (scaled)
 * volumes of the slices, 't' the probability of stepping down a slice;
 * the walk then draws one simplex and a uniform point in it; a random
 * permutation removes the order.  HUGE / TINY as in the original
 * (realmax, smallest positive double).  w is n x (n + 1), t (n - 1) x n.
 */
static void gen_randfixedsum(size_t n, double s, struct rt_rng *r,
			     struct rt_gen_ws *ws, double *x)
{
	double *w = ws->w, *t = ws->t;
	size_t cols = n + 1;
	double sm = 0, pr = 1, rem;
	long k, jj;

	if (n == 1) {
		x[0] = s;
		return;
	}
	k = (long)floor(s);
	if (k > (long)n - 1)
		k = (long)n - 1;
	if (k < 0)
		k = 0;
#define S1(j) (s - (double)(k - (long)(j)))
#define S2(j) ((double)(k + (long)n - (long)(j)) - s)
#define W(i, j) w[(size_t)(i) * cols + (size_t)(j)]
#define T(i, j) t[(size_t)(i) * cols + (size_t)(j)]
	memset(w, 0, n * cols * sizeof(double));
	W(0, 1) = DBL_MAX;
	for (size_t i = 2; i <= n; i++) {
		for (size_t j = 0; j < i; j++) {
			double tmp1 = W(i - 2, j + 1) * S1(j) / (double)i;
			double tmp2 = W(i - 2, j) * S2(n - i + j) / (double)i;
			double tmp3;

			W(i - 1, j + 1) = tmp1 + tmp2;
			tmp3 = W(i - 1, j + 1) + DBL_MIN;
			T(i - 2, j) = S2(n - i + j) > S1(j) ? tmp2 / tmp3
							    : 1 - tmp1 / tmp3;
		}
	}
	rem = s;
	jj = k + 1;
	for (size_t i = n - 1; i >= 1; i--) {
		long e = rt_rng_unit(r) <= T(i - 1, jj - 1) ? 1 : 0;
		double sx = pow(rt_rng_unit(r), 1.0 / (double)i);

		sm += (1 - sx) * pr * rem / (double)(i + 1);
		pr *= sx;
		x[n - i - 1] = sm + pr * (double)e;
		rem -= (double)e;
		jj -= e;
	}
	x[n - 1] = sm + pr * rem;
#undef S1
#undef S2
#undef W
#undef T
	for (size_t i = n - 1; i > 0; i--) {       /* Fisher-Yates */
		size_t j = (size_t)rt_rng_range(r, 0, (int64_t)i);
		double tmp = x[i];

		x[i] = x[j];
		x[j] = tmp;
	}
}

enum rt_err rt_gen_util(enum rt_gen_method m, size_t n, double total,
			double cap, struct rt_rng *r, struct rt_gen_ws *ws,
			double *u, struct rt_diag *d)
{
	if (n < 1 || n > ws->n)
		return rt_diagf(d, RT_ERR_INVAL, "generator: %zu tasks; "
				"workspace for %zu", n, ws->n);
	if (!(total >= 0) || (m != RT_GEN_UUNIFAST && total > (double)n * cap))
		return rt_diagf(d, RT_ERR_INVAL, "generator: utilization %g out "
				"of range [0, %g]", total, (double)n * cap);
	switch (m) {
	case RT_GEN_UUNIFAST:
		gen_uunifast(n, total, r, u);
		return RT_OK;
	case RT_GEN_UUNIFAST_DISCARD:
		for (long tries = 0; tries < RT_GEN_DISCARD_TRIES; tries++) {
			size_t i;

			gen_uunifast(n, total, r, u);
			for (i = 0; i < n && u[i] <= cap; i++)
				;
			if (i == n)
				return RT_OK;
		}
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "uunifast-discard: no "
				"vector with every u_i <= %g in %d draws for U "
				"= %g, n = %zu; use randfixedsum", cap,
				RT_GEN_DISCARD_TRIES, total, n);
	case RT_GEN_RANDFIXEDSUM:
		gen_randfixedsum(n, total / cap, r, ws, u);
		for (size_t i = 0; i < n; i++)
			u[i] *= cap;
		return RT_OK;
	case RT_GEN_DRS:
		return rt_gen_drs(n, total, NULL, NULL, cap, r, ws, u, d);
	}
	return rt_diagf(d, RT_ERR_INVAL, "generator: unknown method %d", (int)m);
}

/* The multiples of g in [lo, hi] are k g for k in [*klo, *khi]; false
 * when there is none.  1 <= lo, 1 <= g <= hi <= RT_TIME_MAX / 4 (checked
 * by rt_gen_check), so lo + g - 1 cannot overflow. */
static bool gen_multiples(rt_time lo, rt_time hi, rt_time g, rt_time *klo,
			  rt_time *khi)
{
	*klo = (lo + g - 1) / g;
	*khi = hi / g;
	return *klo <= *khi;
}

bool rt_gen_period_range(const struct rt_gen_params *p, rt_time *lo,
			 rt_time *hi)
{
	rt_time klo, khi;

	if (p->periods == RT_GEN_PERIODS_SET) {
		if (!p->pset || !p->npset)
			return false;
		*lo = *hi = p->pset[0];
		for (size_t i = 1; i < p->npset; i++) {
			*lo = p->pset[i] < *lo ? p->pset[i] : *lo;
			*hi = p->pset[i] > *hi ? p->pset[i] : *hi;
		}
		return true;
	}
	if (p->granularity < 1 || p->pmin < 1 || p->pmax < p->pmin ||
	    !gen_multiples(p->pmin, p->pmax, p->granularity, &klo, &khi))
		return false;
	*lo = klo * p->granularity;
	*hi = khi * p->granularity;
	return true;
}

/*
 * Periods are the multiples k g of the granularity g in [min, max], k in
 * [klo, khi] (gen_multiples):
 *
 *   uniform      k uniform in [klo, khi] (rt_rng_range: exact, no modulo
 *                bias), so every multiple is equally likely, the largest
 *                included;
 *   log-uniform  x = exp(U[ln(klo g), ln((khi + 1) g))), k = floor(x / g)
 *                (Emberson et al. 2010): multiple k g has the log-uniform
 *                mass of its whole bin [k g, (k + 1) g), ln((k + 1) / k)
 *                over ln((khi + 1) / klo), the largest included.
 *
 * With g = 1 both draw what they drew before granularities were snapped
 * this way (klo = min, khi = max).  The clamp of k only catches a double
 * rounded onto the upper end of the range.
 */
rt_time rt_gen_period(const struct rt_gen_params *p, struct rt_rng *r)
{
	rt_time g = p->granularity, klo, khi, k;
	double lo, hi, x;

	if (p->periods == RT_GEN_PERIODS_SET)
		return p->pset[rt_rng_range(r, 0, (int64_t)p->npset - 1)];
	if (!gen_multiples(p->pmin, p->pmax, g, &klo, &khi))
		return p->pmin;         /* refused by rt_gen_check */
	if (p->periods == RT_GEN_PERIODS_UNIFORM)
		return rt_rng_range(r, klo, khi) * g;
	lo = log((double)(klo * g));
	hi = log((double)((khi + 1) * g));
	x = exp(lo + (hi - lo) * rt_rng_unit(r));
	k = x < (double)RT_TIME_MAX / 2 ? (rt_time)x / g : khi;
	return (k < klo ? klo : k > khi ? khi : k) * g;
}

/*
 * C = ceil(u T), in [cmin, T] (cmin >= 1).  u is a random double, so u T
 * carries a rounding error of a few ulps: 0.3 * 10 is
 * 3.0000000000000004, which must give 3, not 4.  The product is therefore
 * reduced by 1e-9 (far below one time unit for any T <= 2^61 that the
 * generator produces) before rounding up.
 */
static rt_time gen_wcet(double u, rt_time t, rt_time cmin)
{
	double c = ceil(u * (double)t - 1e-9);

	if (cmin < 1)
		cmin = 1;
	if (cmin > t)
		cmin = t;
	if (!(c >= (double)cmin))
		return cmin;
	if (c >= (double)t)
		return t;
	return (rt_time)c;
}

enum rt_err rt_gen_taskset(const struct rt_gen_params *p, double total,
			   struct rt_rng *r, struct rt_gen_ws *ws,
			   struct rt_task *ts, struct rt_diag *d)
{
	size_t n = p->ntasks;
	enum rt_err err = p->method == RT_GEN_DRS ?
		rt_gen_drs(n, total, p->lower, p->upper, p->cap, r, ws, ws->u,
			   d) :
		rt_gen_util(p->method, n, total, p->cap, r, ws, ws->u, d);

	if (err)
		return err;
	for (size_t i = 0; i < n; i++) {
		rt_time t = rt_gen_period(p, r);
		rt_time c = gen_wcet(ws->u[i], t, p->cmin);
		rt_time dl = t;

		if (p->deadlines != RT_GEN_DEADLINES_IMPLICIT) {
			double x = p->xmin + (p->xmax - p->xmin) * rt_rng_unit(r);
			double slack = floor(x * (double)(t - c + 1));

			dl = c + (rt_time)slack;
			if (p->deadlines == RT_GEN_DEADLINES_CONSTRAINED &&
			    dl > t)
				dl = t;
			if (dl < c)
				dl = c;
		}
		ts[i].wcet = c;
		ts[i].deadline = dl;
		ts[i].period = t;
	}
	return RT_OK;
}

double rt_gen_realised(const struct rt_task *ts, size_t n)
{
	double u = 0;

	for (size_t i = 0; i < n; i++)
		u += (double)ts[i].wcet / (double)ts[i].period;
	return u;
}

enum rt_err rt_gen_util_cmp(const struct rt_task *ts, size_t n, int64_t num,
			    int64_t den, int *cmp)
{
	double u = rt_gen_realised(ts, n), q = (double)num / (double)den;
	struct rt_frac *f;
	enum rt_err err;

	if (u < q - 1e-9 || u > q + 1e-9) {
		*cmp = u < q ? -1 : 1;
		return RT_OK;
	}
	err = rt_frac_utilization(ts, n, &f);
	if (err)
		return err;
	err = rt_frac_compare(f, num, den, cmp);
	rt_frac_destroy(f);
	if (!err)
		*cmp = *cmp < 0 ? -1 : *cmp > 0;
	return err;
}
