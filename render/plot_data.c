/* plot_data.c - pure data behind the plots (see plot.h): nice ticks,
 * the dbf step function, histograms, CCDFs. */
#include "render/plot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "models/analysis_uni.h"
#include "models/mem.h"

void render_nice_ticks(double lo, double hi, unsigned max_ticks,
		       double *step, double *first)
{
	static const double mult[3] = { 1, 2, 5 };
	double span = hi - lo, p;

	if (!(span > 0) || max_ticks < 1) {
		*step = 1;
		*first = lo;
		return;
	}
	p = pow(10, floor(log10(span / max_ticks)) - 1);
	for (;;) {
		for (int i = 0; i < 3; i++) {
			double s = p * mult[i];

			if (span / s <= max_ticks) {
				*step = s;
				*first = ceil(lo / s - 1e-9) * s;
				return;
			}
		}
		p *= 10;
	}
}

enum rt_err render_dbf_steps(const struct rt_task *ts, size_t n, rt_time tmax,
			     rt_time scale, size_t max_points, double **x,
			     double **y, size_t *np, bool *truncated)
{
	rt_time *next = rt_calloc(n ? n : 1, sizeof(*next)), demand = 0;
	size_t cap = 64, k = 0;
	double *xs = rt_calloc(cap, sizeof(*xs)), *ys = rt_calloc(cap, sizeof(*ys));
	enum rt_err rc = RT_OK;

	*truncated = false;
	if (!next || !xs || !ys) {
		rc = RT_ERR_NOMEM;
		goto fail;
	}
	for (size_t i = 0; i < n; i++)
		next[i] = ts[i].klass == RT_CLASS_FAIR ? RT_TIME_NEVER :
			  ts[i].deadline;
	xs[k] = 0;
	ys[k++] = 0;
	for (;;) {
		rt_time t = RT_TIME_NEVER;

		for (size_t i = 0; i < n; i++)
			if (next[i] < t)
				t = next[i];
		if (t == RT_TIME_NEVER || t > tmax)
			break;
		if (k >= max_points) {
			*truncated = true;
			break;
		}
		/* every job with absolute deadline t adds its C */
		for (size_t i = 0; i < n; i++) {
			if (next[i] != t)
				continue;
			if (!rt_time_add(demand, ts[i].wcet, &demand)) {
				rc = RT_ERR_OVERFLOW;
				goto fail;
			}
			if (!rt_time_add(next[i], ts[i].period, &next[i]))
				next[i] = RT_TIME_NEVER;
		}
		if (k == cap) {
			double *a = rt_reallocarray(xs, 2 * cap, sizeof(*xs));
			double *b;

			if (a)
				xs = a;
			b = a ? rt_reallocarray(ys, 2 * cap, sizeof(*ys)) : NULL;
			if (!b) {
				rc = RT_ERR_NOMEM;
				goto fail;
			}
			ys = b;
			cap *= 2;
		}
		xs[k] = (double)t / (double)scale;
		ys[k++] = (double)demand / (double)scale;
	}
	rt_free(next);
	*x = xs;
	*y = ys;
	*np = k;
	return RT_OK;
fail:
	rt_free(next);
	rt_free(xs);
	rt_free(ys);
	return rc;
}

void render_histogram(const double *v, size_t n, double lo, double hi,
		      size_t nbins, double *edges, double *counts)
{
	double w = (hi - lo) / (double)nbins;

	for (size_t b = 0; b <= nbins; b++)
		edges[b] = lo + w * (double)b;
	edges[nbins] = hi;
	memset(counts, 0, nbins * sizeof(*counts));
	for (size_t i = 0; i < n; i++) {
		size_t b;

		if (v[i] < lo || v[i] > hi || !(w > 0)) {
			if (w > 0 || v[i] != lo)
				continue;
			counts[0]++;    /* every value equal: one bin */
			continue;
		}
		b = (size_t)((v[i] - lo) / w);
		if (b >= nbins)
			b = nbins - 1;
		counts[b]++;
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

size_t render_ccdf(double *v, size_t n, double *x, double *y)
{
	size_t k = 0;

	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), cmp_double);
	x[k] = v[0];
	y[k++] = 1;
	for (size_t i = 0; i < n; i++) {
		if (i + 1 < n && v[i + 1] == v[i])
			continue;
		/* values > v[i]: n - (i + 1) */
		x[k] = v[i];
		y[k++] = (double)(n - i - 1) / (double)n;
	}
	return k;
}

/* Supply in [0, t]: m t, or the periodic resource (q, p)'s sbf. */
static rt_time supply(unsigned m, rt_time q, rt_time p, rt_time t)
{
	rt_time mt;

	if (q > 0)
		return render_sbf_periodic(q, p, t);
	if (!rt_time_mul(t, (rt_time)m, &mt))
		mt = RT_TIME_MAX;
	return mt;
}

static rt_time witness(const struct rt_task *ts, size_t n, unsigned m,
		       rt_time q, rt_time p, rt_time tmax, size_t max_points)
{
	rt_time next[256], demand = 0;
	size_t seen = 0;

	if (n > 256)
		return RT_TIME_NEVER;
	for (size_t i = 0; i < n; i++)
		next[i] = ts[i].klass == RT_CLASS_FAIR ? RT_TIME_NEVER :
			  ts[i].deadline;
	while (seen++ < max_points) {
		rt_time t = RT_TIME_NEVER;

		for (size_t i = 0; i < n; i++)
			if (next[i] < t)
				t = next[i];
		if (t == RT_TIME_NEVER || t > tmax)
			return RT_TIME_NEVER;
		for (size_t i = 0; i < n; i++) {
			if (next[i] != t)
				continue;
			if (!rt_time_add(demand, ts[i].wcet, &demand))
				return t;       /* overflowed: beyond any supply */
			if (!rt_time_add(next[i], ts[i].period, &next[i]))
				next[i] = RT_TIME_NEVER;
		}
		if (demand > supply(m, q, p, t))
			return t;
	}
	return RT_TIME_NEVER;
}

rt_time render_dbf_witness(const struct rt_task *ts, size_t n, unsigned m,
			   rt_time tmax, size_t max_points)
{
	return witness(ts, n, m, 0, 0, tmax, max_points);
}

rt_time render_dbf_witness_sbf(const struct rt_task *ts, size_t n, rt_time q,
			       rt_time p, rt_time tmax, size_t max_points)
{
	return witness(ts, n, 1, q, p, tmax, max_points);
}

rt_time render_sbf_periodic(rt_time q, rt_time p, rt_time t)
{
	rt_time blackout = 2 * (p - q), k, r;

	if (q <= 0 || p < q || t <= blackout)
		return 0;
	/* after the blackout: Q per period, the first Q at once */
	k = (t - blackout) / p;
	r = (t - blackout) - k * p;
	return k * q + (r < q ? r : q);
}

size_t render_sbf_points(rt_time q, rt_time p, rt_time tmax, rt_time scale,
			 double *x, double *y, size_t cap)
{
	rt_time s = 2 * (p - q);
	size_t k = 0;

	if (cap < 2 || q <= 0 || p < q)
		return 0;
	x[k] = 0;
	y[k++] = 0;
	for (rt_time j = 0; s <= tmax && k + 2 <= cap; j++, s += p) {
		/* rise from (s, jQ) to (s + Q, (j + 1)Q) */
		x[k] = (double)s / (double)scale;
		y[k++] = (double)(j * q) / (double)scale;
		x[k] = (double)(s + q) / (double)scale;
		y[k++] = (double)((j + 1) * q) / (double)scale;
	}
	return k;
}

rt_time render_dbf_default_span(const struct rt_task *ts, size_t n, unsigned m)
{
	rt_time maxd = 1, far = 1, lb = 0, span, w;

	for (size_t i = 0; i < n; i++) {
		if (ts[i].klass == RT_CLASS_FAIR)
			continue;
		if (ts[i].deadline > maxd)
			maxd = ts[i].deadline;
		if (ts[i].deadline > far)
			far = ts[i].deadline;
		if (ts[i].period > far)
			far = ts[i].period;
	}
	if (!rt_time_mul(far, 10, &far))
		far = RT_TIME_MAX;
	span = far;
	if (m == 1 && rt_uni_busy_period(ts, n, &lb) == RT_OK && lb > 0)
		span = lb;
	w = render_dbf_witness(ts, n, m, span, 100000);
	if (w != RT_TIME_NEVER && !rt_time_mul(w, 2, &span))
		span = RT_TIME_MAX;
	return span > maxd ? span : maxd;
}
