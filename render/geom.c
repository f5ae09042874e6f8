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
	char *end;
	double v;

	if (!s || !*s || (*s != '.' && (*s < '0' || *s > '9')))
		return rt_diagf(d, RT_ERR_INVAL, "'%s': expected a size such "
				"as 3.5in, 18cm or 1600 (pixels)", s ? s : "");
	v = strtod(s, &end);
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
	bool label = f >= ax->t0 && f <= ax->t1;
	struct render_miss *l;

	if (d < ax->t0)
		d = ax->t0;
	if (f > ax->t1)
		f = ax->t1;
	if (d > f || (d == f && !label))
		return RT_OK;
	l = ms->n ? &ms->v[ms->n - 1] : NULL;
	if (l && px_of(ax, l->f, d) < 0.5 &&
	    (px_of(ax, l->d, l->f) < min_px || px_of(ax, d, f) < min_px)) {
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

	render_format_time(t, sizeof(t), m->tardiness, scale);
	return snprintf(buf, n, "+%s%s", t, m->open ? "\xe2\x80\xa6" : "");
}
