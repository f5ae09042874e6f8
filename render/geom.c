/* geom.c - Gantt geometry: axis mapping, tick steps, exact time labels,
 * and the merging lists that bound a chart's memory (see geom.h). */
#include "render/geom.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/mem.h"

double render_axis_x(const struct render_axis *ax, rt_time t)
{
	/* (t - t0) is exact in 128 bits; only the final scaling is floating. */
	rt_i128 dt = (rt_i128)t - ax->t0;
	rt_i128 span = (rt_i128)ax->t1 - ax->t0;

	return ax->x0 + (double)dt * (ax->x1 - ax->x0) / (double)span;
}

rt_time render_nice_step(rt_time span, unsigned max_ticks)
{
	static const int mult[3] = { 1, 2, 5 };
	rt_time p = 1;

	if (span <= 0 || max_ticks == 0)
		return 1;
	for (;;) {
		for (int i = 0; i < 3; i++) {
			rt_time s = p * mult[i];

			/* span / s <= max_ticks  <=>  ceil(span / s) <= max */
			if (rt_ceil_div(span, s) <= (rt_time)max_ticks)
				return s;
		}
		if (p > INT64_MAX / 50)
			return p * 5;
		p *= 10;
	}
}

int render_format_time(char *buf, size_t n, rt_time t, rt_time scale)
{
	return rt_time_format(buf, n, t, scale);
}

enum rt_err render_parse_length(const char *s, double dpi, double *pt,
				struct rt_diag *d)
{
	static const struct { const char *unit; double pt; } units[] = {
		{ "in", 72.0 }, { "cm", 72.0 / 2.54 }, { "mm", 72.0 / 25.4 },
		{ "pt", 1.0 }, { "px", 0.0 }, { "", 0.0 },
	};
	const char *end = s;
	bool digits = false, point = false;
	double v;

	/* digits with at most one point (scn_parse_decimal's rule; render/
	 * may not include scenarios/): strtod alone took "1e3", "0x10" */
	for (; end && ((*end >= '0' && *end <= '9') || (*end == '.' && !point));
	     end++) {
		point |= *end == '.';
		digits |= *end != '.';
	}
	if (!s || !digits)
		return rt_diagf(d, RT_ERR_INVAL, "'%s': expected a size such "
				"as 3.5in, 18cm or 1600 (pixels)", s ? s : "");
	v = strtod(s, NULL);
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		double k;

		if (strcmp(end, units[i].unit))
			continue;
		k = units[i].pt > 0 ? units[i].pt : 72.0 / dpi;
		if (!(v > 0) || v * k > 200 * 72.0)
			return rt_diagf(d, RT_ERR_INVAL, "'%s': size must be > 0 "
					"and at most 200in", s);
		*pt = v * k;
		return RT_OK;
	}
	return rt_diagf(d, RT_ERR_INVAL, "'%s': unknown size unit '%s' (use "
			"in, cm, mm, pt or px)", s, end);
}

static bool grow(void **v, size_t *cap, size_t n, size_t size)
{
	size_t nc;
	void *p;

	if (n < *cap)
		return true;
	nc = *cap ? *cap * 2 : 16;
	p = rt_reallocarray(*v, nc, size);
	if (!p)
		return false;
	*v = p;
	*cap = nc;
	return true;
}

static double px_of(const struct render_axis *ax, rt_time a, rt_time b)
{
	return (render_axis_x(ax, b) - render_axis_x(ax, a)) / ax->px;
}

enum rt_err render_boxes_add(struct render_boxes *bx,
			     const struct render_axis *ax, rt_time a,
			     rt_time b, int colour, double min_px)
{
	struct render_box *l;

	if (a < ax->t0)
		a = ax->t0;
	if (b > ax->t1)
		b = ax->t1;
	if (a >= b)
		return RT_OK;
	l = bx->n ? &bx->v[bx->n - 1] : NULL;
	if (l && px_of(ax, l->b, a) < 0.5 &&
	    (px_of(ax, l->a, l->b) < min_px || px_of(ax, a, b) < min_px)) {
		rt_time busy = l->busy + (b - a);

		if (a < l->a)
			l->a = a;
		if (b > l->b)
			l->b = b;
		l->busy = busy < l->b - l->a ? busy : l->b - l->a;
		if (l->colour != colour)
			l->colour = RENDER_COLOUR_MIXED;
		return RT_OK;
	}
	if (!grow((void **)&bx->v, &bx->cap, bx->n, sizeof(*bx->v)))
		return RT_ERR_NOMEM;
	bx->v[bx->n++] = (struct render_box){ .a = a, .b = b, .busy = b - a,
					      .colour = colour };
	return RT_OK;
}

void render_boxes_fini(struct render_boxes *bx)
{
	rt_free(bx->v);
	memset(bx, 0, sizeof(*bx));
}

enum rt_err render_marks_add(struct render_marks *mk,
			     const struct render_axis *ax, rt_time t,
			     double min_px)
{
	double dx;

	if (t < ax->t0 || t > ax->t1)
		return RT_OK;
	if (mk->n) {
		dx = px_of(ax, mk->v[mk->n - 1], t);
		if (dx < min_px && dx > -min_px)
			return RT_OK;
	}
	if (!grow((void **)&mk->v, &mk->cap, mk->n, sizeof(*mk->v)))
		return RT_ERR_NOMEM;
	mk->v[mk->n++] = t;
	return RT_OK;
}

void render_marks_fini(struct render_marks *mk)
{
	rt_free(mk->v);
	memset(mk, 0, sizeof(*mk));
}

enum rt_err render_misses_add(struct render_misses *ms,
			      const struct render_axis *ax, rt_time d,
			      rt_time f, rt_time tard, bool open,
			      double min_px)
{
	bool label = f >= ax->t0;       /* tardiness known even past t1 */
	struct render_miss *l;

	if (d < ax->t0)
		d = ax->t0;
	if (f > ax->t1)
		f = ax->t1;
	if (d > f || (d == f && !label))
		return RT_OK;
	l = ms->n ? &ms->v[ms->n - 1] : NULL;
	/* merge below the resolution: a narrow span touching the last one,
	 * or a span starting within min_px of the last one's start (late
	 * jobs of an overload overlap: without this the list would grow
	 * with the run, not with the picture) */
	if (l && px_of(ax, l->f, d) < 0.5 &&
	    (px_of(ax, l->d, l->f) < min_px || px_of(ax, d, f) < min_px ||
	     px_of(ax, l->d, d) < min_px)) {
		if (d < l->d)
			l->d = d;
		if (f >= l->f) {
			l->f = f;
			l->open = open;
		}
		if (tard > l->tardiness)
			l->tardiness = tard;
		l->label = l->label || label;
		return RT_OK;
	}
	if (!grow((void **)&ms->v, &ms->cap, ms->n, sizeof(*ms->v)))
		return RT_ERR_NOMEM;
	ms->v[ms->n++] = (struct render_miss){ .d = d, .f = f, .tardiness = tard,
					       .open = open, .label = label };
	return RT_OK;
}

void render_misses_fini(struct render_misses *ms)
{
	rt_free(ms->v);
	memset(ms, 0, sizeof(*ms));
}

int render_miss_label(char *buf, size_t n, const struct render_miss *m,
		      rt_time scale)
{
	char t[32];

	render_format_time_sig(t, sizeof(t), m->tardiness, scale, 3);
	return snprintf(buf, n, "%s+%s", m->open ? "\xe2\x89\xa5" : "", t);
}

enum rt_err render_axis_unit(const char *internal_unit, rt_time display_scale,
			     rt_time span, const char *want, const char **name,
			     rt_time *scale, struct rt_diag *d)
{
	static const struct { const char *name; rt_time scale; } units[] = {
		{ "ns", 1 }, { "us", 1000 }, { "ms", 1000000 },
		{ "s", 1000000000 },
	};
	const size_t nu = sizeof(units) / sizeof(units[0]);
	size_t u = 0;

	if (!internal_unit || strcmp(internal_unit, "ns")) {
		if (want && strcmp(want, "tick") && strcmp(want, "ticks"))
			return rt_diagf(d, RT_ERR_INVAL, "axis unit '%s': this "
					"scenario counts in ticks (use tick)",
					want);
		*name = "ticks";
		*scale = display_scale > 0 ? display_scale : 1;
		return RT_OK;
	}
	if (want) {
		for (u = 0; u < nu; u++)
			if (!strcmp(want, units[u].name))
				break;
		if (u == nu)
			return rt_diagf(d, RT_ERR_INVAL, "axis unit '%s': use "
					"ns, us, ms or s", want);
		*name = units[u].name;
		*scale = units[u].scale;
		return RT_OK;
	}
	while (u + 1 < nu && units[u].scale < display_scale)
		u++;
	while (u + 1 < nu && span / units[u].scale >= 10000)
		u++;
	*name = units[u].name;
	*scale = units[u].scale;
	return RT_OK;
}

int render_format_time_sig(char *buf, size_t n, rt_time t, rt_time scale,
			   int sig)
{
	uint64_t mag = t < 0 ? (uint64_t)0 - (uint64_t)t : (uint64_t)t;
	uint64_t sc = scale > 0 ? (uint64_t)scale : 1, p = 1, lim = 1, q, den;
	int dec = 0, len;
	char tmp[48];

	for (uint64_t k = sc; k > 1; k /= 10)
		if (k % 10)             /* not a power of ten: exact label */
			return render_format_time(buf, n, t, scale);
	for (int i = 1; i < sig && lim < UINT64_MAX / 10; i++)
		lim *= 10;              /* 10^(sig - 1) */
	/* fewest decimals giving 'sig' significant digits (at most the
	 * resolution of the internal unit) */
	while (p < sc && mag / (sc / p) < lim) {
		p *= 10;
		dec++;
	}
	den = sc / p;
	q = mag / den + (mag % den >= (den + 1) / 2 ? 1 : 0);   /* half up */
	if (dec)
		len = snprintf(tmp, sizeof(tmp), "%s%" PRIu64 ".%0*" PRIu64,
			       t < 0 ? "-" : "", q / p, dec, q % p);
	else
		len = snprintf(tmp, sizeof(tmp), "%s%" PRIu64, t < 0 ? "-" : "",
			       q);
	if (dec) {                      /* trailing zeros, then the point */
		while (len > 0 && tmp[len - 1] == '0')
			tmp[--len] = '\0';
		if (len > 0 && tmp[len - 1] == '.')
			tmp[--len] = '\0';
	}
	return snprintf(buf, n, "%s", tmp);
}

int render_place_labels(const double *want, const double *w,
			const double *span_a, const double *span_b, size_t n,
			double xmax, double gap, int max_levels, double *x,
			int *level)
{
	double end[16];
	int used = 0;

	if (max_levels > 16)
		max_levels = 16;
	for (int l = 0; l < max_levels; l++)
		end[l] = -1e300;
	for (size_t i = 0; i < n; i++) {
		double xi = want[i];
		bool moved = false;

		if (w[i] < 0) {         /* no label: only an obstacle */
			x[i] = xi;
			level[i] = -1;
			continue;
		}
		if (xi + w[i] > xmax) {
			xi = xmax - w[i];
			moved = true;
		}
		x[i] = xi;
		level[i] = -1;
		for (int l = moved ? 1 : 0; l < max_levels; l++) {
			bool ok = xi >= end[l] + (end[l] > -1e299 ? gap : 0);

			if (ok && l == 0) {     /* keep off the spans */
				for (size_t j = 0; j < n && ok; j++) {
					if (span_a[j] > xi + w[i] + gap)
						break;
					if (j != i && span_b[j] >= xi &&
					    span_a[j] <= xi + w[i] + gap)
						ok = false;
				}
			}
			if (!ok)
				continue;
			level[i] = l;
			end[l] = xi + w[i];
			if (l + 1 > used)
				used = l + 1;
			break;
		}
	}
	return used;
}
