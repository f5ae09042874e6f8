/* plot_acc.c - acceptance-ratio figure (plot_acc.h), drawn with cairo.
 *
 * Layout in points (PNG scales by dpi/72): title line, the plot box
 * (height 0.55 of the width), x tick labels and axis label, caption, then
 * the legend in rows of up to three entries; left margin for the y tick
 * labels and the rotated y label. */
#include "render/plot_acc.h"

#include "render/canvas.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

#include "models/mem.h"
#include "render/outfile.h"
#include "render/style.h"

#define ACC_PI 3.14159265358979323846

void render_wilson(uint64_t k, uint64_t n, double *lo, double *hi)
{
	const double z = 1.959963984540054;     /* 97.5 % normal quantile */
	double p = (double)k / (double)n, nn = (double)n;
	double den = 1 + z * z / nn;
	double mid = (p + z * z / (2 * nn)) / den;
	double half = z * sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / den;

	*lo = mid - half < 0 ? 0 : mid - half;
	*hi = mid + half > 1 ? 1 : mid + half;
}

void render_acc_series_free(struct render_acc_series *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		rt_free(s[i].pts);
}

/* The swept column other than utilization ("tasks" or "cpus"), or -1. */
static int acc_xcol(const struct render_acc *t)
{
	int c = render_acc_col(t, "tasks");

	return c >= 0 ? c : render_acc_col(t, "cpus");
}

static enum rt_err acc_series_add(const struct render_acc *t,
				  struct render_acc_series *s, int col,
				  int sets, int missed, int simulated,
				  const char *label)
{
	int xcol = acc_xcol(t);

	memset(s, 0, sizeof(*s));
	snprintf(s->label, sizeof(s->label), "%s", label);
	s->sim = col < 0;
	s->pts = rt_calloc(t->nrows ? t->nrows : 1, sizeof(*s->pts));
	if (!s->pts)
		return RT_ERR_NOMEM;
	for (size_t r = 0; r < t->nrows; r++) {
		const struct render_acc_row *w = &t->rows[r];
		uint64_t n = w->v[sets - 2], k;
		struct render_acc_point *p;

		if (s->sim) {
			n = w->v[simulated - 2];
			k = n >= w->v[missed - 2] ? n - w->v[missed - 2] : 0;
		} else {
			k = w->v[col - 2];
		}
		if (!n)
			continue;
		p = &s->pts[s->npts++];
		p->x = xcol >= 0 ? (double)w->v[xcol - 2] : strtod(w->util, NULL);
		p->n = n;
		p->y = (double)k / (double)n;
		render_wilson(k, n, &p->lo, &p->hi);
	}
	return RT_OK;
}

enum rt_err render_acc_series(const struct render_acc *t,
			      struct render_acc_series *s, size_t *n,
			      struct rt_diag *d)
{
	int sets = render_acc_col(t, "sets");
	int missed = render_acc_col(t, "sim_missed");
	int simulated = render_acc_col(t, "simulated");
	bool any_sim = false;
	enum rt_err err = RT_OK;
	size_t k = 0;

	*n = 0;
	if (sets < 0)
		return rt_diagf(d, RT_ERR_INVAL, "no sets column");
	for (size_t i = 3; i < t->ncols && k < RENDER_ACC_MAX_SERIES - 1; i++) {
		size_t len = strlen(t->names[i]);
		char label[96];

		if (len <= 9 || strcmp(t->names[i] + len - 9, "_accepted"))
			continue;
		snprintf(label, sizeof(label), "%.*s", (int)(len - 9),
			 t->names[i]);
		err = acc_series_add(t, &s[k], (int)i, sets, missed, simulated,
				     label);
		if (err)
			break;
		k++;
	}
	for (size_t r = 0; !err && simulated >= 0 && r < t->nrows; r++)
		any_sim |= t->rows[r].v[simulated - 2] > 0;
	if (!err && any_sim && missed >= 0) {
		err = acc_series_add(t, &s[k], -1, sets, missed, simulated,
				     "simulation");
		if (!err)
			k++;
	}
	if (err) {
		render_acc_series_free(s, k);
		return rt_diagf(d, err, "plot: out of memory");
	}
	if (!k)
		return rt_diagf(d, RT_ERR_INVAL, "plot: no <test>_accepted column "
				"and no simulation to draw");
	*n = k;
	return RT_OK;
}

/* ---- drawing ------------------------------------------------------------ */


struct acc_layout {
	double W, H, font;
	double x0, x1, y0, y1;          /* plot box: x0 < x1, y0 (top) < y1 */
	double xmin, xmax;              /* data range */
	double legend_y;
	size_t nser;
	const char *xlabel;             /* default x axis label */
	char fixed[48];                 /* "U = 2.4; " for a tasks / CPUs sweep */
};

static double acc_px(const struct acc_layout *l, double x)
{
	return l->x0 + (x - l->xmin) / (l->xmax - l->xmin) * (l->x1 - l->x0);
}

static double acc_py(const struct acc_layout *l, double y)
{
	return l->y1 - y * (l->y1 - l->y0);
}

static const double dash_solid[] = { 1 };
static const double dash_dash[] = { 4, 2 };
static const double dash_dot[] = { 1, 1.5 };
static const double dash_dashdot[] = { 4, 1.5, 1, 1.5 };
static const double dash_long[] = { 7, 2 };
static const double dash_dashdotdot[] = { 4, 1.5, 1, 1.5, 1, 1.5 };

static void acc_dash(cairo_t *cr, size_t i, double lw)
{
	static const double *const pat[] = { dash_dash, dash_dot, dash_dashdot,
					     dash_long, dash_dashdotdot };
	static const int len[] = { 2, 2, 4, 2, 6 };
	double d[6];
	int k = (int)(i % 5);

	if (i == (size_t)-1) {          /* the simulation: solid */
		cairo_set_dash(cr, dash_solid, 0, 0);
		return;
	}
	for (int j = 0; j < len[k]; j++)
		d[j] = pat[k][j] * lw;
	cairo_set_dash(cr, d, len[k], 0);
}

/* Marker i (0..7 shapes) of size r at (x, y); filled shapes for the first
 * four, open for the next four. */
static void acc_marker(cairo_t *cr, size_t i, double x, double y, double r,
		       bool sim)
{
	int shape = sim ? 0 : (int)(i % 7) + 1;
	bool open = !sim && (i / 7) % 2 == 1;

	cairo_new_path(cr);
	switch (shape) {
	case 0:                         /* circle (simulation) */
		cairo_arc(cr, x, y, r, 0, 2 * ACC_PI);
		break;
	case 1:                         /* square */
		cairo_rectangle(cr, x - r * 0.85, y - r * 0.85, 1.7 * r, 1.7 * r);
		break;
	case 2:                         /* triangle up */
		cairo_move_to(cr, x, y - r * 1.1);
		cairo_line_to(cr, x + r, y + r * 0.8);
		cairo_line_to(cr, x - r, y + r * 0.8);
		cairo_close_path(cr);
		break;
	case 3:                         /* diamond */
		cairo_move_to(cr, x, y - r * 1.2);
		cairo_line_to(cr, x + r, y);
		cairo_line_to(cr, x, y + r * 1.2);
		cairo_line_to(cr, x - r, y);
		cairo_close_path(cr);
		break;
	case 4:                         /* triangle down */
		cairo_move_to(cr, x, y + r * 1.1);
		cairo_line_to(cr, x + r, y - r * 0.8);
		cairo_line_to(cr, x - r, y - r * 0.8);
		cairo_close_path(cr);
		break;
	case 5:                         /* open circle */
		cairo_arc(cr, x, y, r, 0, 2 * ACC_PI);
		open = true;
		break;
	case 6:                         /* cross */
		cairo_move_to(cr, x - r, y - r);
		cairo_line_to(cr, x + r, y + r);
		cairo_move_to(cr, x - r, y + r);
		cairo_line_to(cr, x + r, y - r);
		cairo_stroke(cr);
		return;
	default:                        /* plus */
		cairo_move_to(cr, x - r * 1.2, y);
		cairo_line_to(cr, x + r * 1.2, y);
		cairo_move_to(cr, x, y - r * 1.2);
		cairo_line_to(cr, x, y + r * 1.2);
		cairo_stroke(cr);
		return;
	}
	if (open) {
		cairo_save(cr);
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_fill_preserve(cr);
		cairo_restore(cr);
		cairo_stroke(cr);
	} else {
		cairo_fill_preserve(cr);
		cairo_stroke(cr);
	}
}

static void acc_colour(cairo_t *cr, size_t i, bool sim)
{
	enum render_hatch h;
	struct render_rgb c;

	if (sim) {
		cairo_set_source_rgb(cr, 0, 0, 0);
		return;
	}
	c = render_style_fill((int)i, &h);
	cairo_set_source_rgb(cr, c.r, c.g, c.b);
}

static void acc_text(cairo_t *cr, double x, double y, const char *s,
		     double halign)
{
	canvas_text(cr, x - halign * canvas_text_w(cr, s), y, s);
}

/* A "nice" tick step for range r with about 5 ticks. */
static double acc_tick_step(double r)
{
	double raw = r / 5, p = pow(10, floor(log10(raw))), m = raw / p;

	return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

static void acc_draw(cairo_t *cr, const struct acc_layout *l,
		     const struct render_acc_series *s, size_t n,
		     const struct render_acc_plot_opts *o, uint64_t sets_min,
		     uint64_t sets_max)
{
	double f = l->font, lw = f / 8, r = f * 0.33, step, dodge;
	char buf[128];

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	canvas_font(cr, RENDER_FONT_FAMILY, f, false);
	/* grid and y ticks */
	cairo_set_line_width(cr, lw * 0.6);
	for (int k = 0; k <= 5; k++) {
		double y = acc_py(l, k / 5.0);

		cairo_set_source_rgb(cr, render_style_grid.r, render_style_grid.g,
				     render_style_grid.b);
		cairo_move_to(cr, l->x0, y);
		cairo_line_to(cr, l->x1, y);
		cairo_stroke(cr);
		cairo_set_source_rgb(cr, render_style_text.r, render_style_text.g,
				     render_style_text.b);
		snprintf(buf, sizeof(buf), "%.1f", k / 5.0);
		acc_text(cr, l->x0 - 0.4 * f, y + 0.35 * f, buf, 1);
	}
	step = acc_tick_step(l->xmax - l->xmin);
	for (double x = ceil(l->xmin / step - 1e-9) * step;
	     x <= l->xmax + 1e-9 * step; x += step) {
		double px = acc_px(l, x);

		cairo_set_source_rgb(cr, render_style_grid.r, render_style_grid.g,
				     render_style_grid.b);
		cairo_move_to(cr, px, l->y0);
		cairo_line_to(cr, px, l->y1);
		cairo_stroke(cr);
		cairo_set_source_rgb(cr, render_style_text.r, render_style_text.g,
				     render_style_text.b);
		snprintf(buf, sizeof(buf), "%g", fabs(x) < 1e-12 ? 0 : x);
		acc_text(cr, px, l->y1 + 1.3 * f, buf, 0.5);
	}
	/* box */
	cairo_set_source_rgb(cr, render_style_text.r, render_style_text.g,
			     render_style_text.b);
	cairo_set_line_width(cr, lw);
	cairo_rectangle(cr, l->x0, l->y0, l->x1 - l->x0, l->y1 - l->y0);
	cairo_stroke(cr);
	/* labels */
	acc_text(cr, (l->x0 + l->x1) / 2, l->y1 + 2.6 * f,
		 o->xlabel ? o->xlabel : l->xlabel, 0.5);
	cairo_save(cr);
	cairo_move_to(cr, 0, 0);
	cairo_translate(cr, 1.1 * f, (l->y0 + l->y1) / 2);
	cairo_rotate(cr, -ACC_PI / 2);
	acc_text(cr, 0, 0, "acceptance ratio (fraction of sets)", 0.5);
	cairo_restore(cr);
	if (o->title) {
		canvas_font(cr, RENDER_FONT_FAMILY, f * 1.1, false);
		acc_text(cr, (l->x0 + l->x1) / 2, 1.3 * f, o->title, 0.5);
		canvas_font(cr, RENDER_FONT_FAMILY, f, false);
	}
	if (sets_min == sets_max)
		snprintf(buf, sizeof(buf), "%s%llu sets per point; bars: 95 %% "
			 "Wilson intervals", l->fixed, (unsigned long long)sets_min);
	else
		snprintf(buf, sizeof(buf), "%s%llu-%llu sets per point; bars: "
			 "95 %% Wilson intervals", l->fixed,
			 (unsigned long long)sets_min,
			 (unsigned long long)sets_max);
	cairo_set_source_rgb(cr, render_style_muted.r, render_style_muted.g,
			     render_style_muted.b);
	canvas_font(cr, RENDER_FONT_FAMILY, f, false);
	acc_text(cr, (l->x0 + l->x1) / 2, l->y1 + 3.8 * f, buf, 0.5);
	canvas_font(cr, RENDER_FONT_FAMILY, f, false);
	/* curves: error bars, line, markers; dodged by up to 1.5 marker
	 * widths so bars of equal points stay visible */
	dodge = n > 1 ? 3 * r / (double)(n - 1) : 0;
	cairo_save(cr);
	cairo_rectangle(cr, l->x0 - 2 * r, l->y0 - 2 * r,
			l->x1 - l->x0 + 4 * r, l->y1 - l->y0 + 4 * r);
	cairo_clip(cr);
	for (size_t i = 0; i < n; i++) {
		const struct render_acc_series *c = &s[i];
		double off = n > 1 ? ((double)i - (double)(n - 1) / 2) * dodge : 0;

		acc_colour(cr, i, c->sim);
		cairo_set_line_width(cr, lw * 0.8);
		cairo_set_dash(cr, dash_solid, 0, 0);
		for (size_t k = 0; k < c->npts; k++) {
			double x = acc_px(l, c->pts[k].x) + off;

			cairo_move_to(cr, x, acc_py(l, c->pts[k].lo));
			cairo_line_to(cr, x, acc_py(l, c->pts[k].hi));
			cairo_move_to(cr, x - r * 0.6, acc_py(l, c->pts[k].lo));
			cairo_line_to(cr, x + r * 0.6, acc_py(l, c->pts[k].lo));
			cairo_move_to(cr, x - r * 0.6, acc_py(l, c->pts[k].hi));
			cairo_line_to(cr, x + r * 0.6, acc_py(l, c->pts[k].hi));
		}
		cairo_stroke(cr);
		cairo_set_line_width(cr, c->sim ? lw * 2 : lw * 1.3);
		acc_dash(cr, c->sim ? (size_t)-1 : i, cairo_get_line_width(cr));
		for (size_t k = 0; k < c->npts; k++) {
			double x = acc_px(l, c->pts[k].x) + off;

			if (k)
				cairo_line_to(cr, x, acc_py(l, c->pts[k].y));
			else
				cairo_move_to(cr, x, acc_py(l, c->pts[k].y));
		}
		cairo_stroke(cr);
		cairo_set_dash(cr, dash_solid, 0, 0);
		cairo_set_line_width(cr, lw);
		for (size_t k = 0; k < c->npts; k++)
			acc_marker(cr, i, acc_px(l, c->pts[k].x) + off,
				   acc_py(l, c->pts[k].y), r, c->sim);
	}
	cairo_restore(cr);
	/* legend: rows of up to three entries */
	for (size_t i = 0; i < n; i++) {
		double cw = (l->x1 - l->x0 + 3 * f) / 3;
		double x = l->x0 - 3 * f + (double)(i % 3) * cw + f;
		double y = l->legend_y + (double)(i / 3) * 1.4 * f;

		acc_colour(cr, i, s[i].sim);
		cairo_set_line_width(cr, s[i].sim ? lw * 2 : lw * 1.3);
		acc_dash(cr, s[i].sim ? (size_t)-1 : i, cairo_get_line_width(cr));
		cairo_move_to(cr, x, y);
		cairo_line_to(cr, x + 3 * f, y);
		cairo_stroke(cr);
		cairo_set_dash(cr, dash_solid, 0, 0);
		cairo_set_line_width(cr, lw);
		acc_marker(cr, i, x + 1.5 * f, y, r, s[i].sim);
		cairo_set_source_rgb(cr, render_style_text.r, render_style_text.g,
				     render_style_text.b);
		acc_text(cr, x + 3.5 * f, y + 0.35 * f, s[i].label, 0);
	}
}

/* acc_draw's arguments for canvas_write's draw callback. */
struct acc_job {
	const struct acc_layout *l;
	const struct render_acc_series *s;
	size_t n;
	const struct render_acc_plot_opts *o;
	uint64_t smin, smax;
};

static void acc_draw_job(cairo_t *cr, void *ctx)
{
	const struct acc_job *j = ctx;

	acc_draw(cr, j->l, j->s, j->n, j->o, j->smin, j->smax);
}

/* The figure into f, or (f NULL) into path opened when the figure is
 * ready. */
static enum rt_err acc_plot(const struct render_acc *t,
			    const struct render_acc_plot_opts *opts,
			    const char *path, FILE *f, struct rt_diag *d)
{
	struct render_acc_plot_opts o = { 0, 0, NULL, NULL };
	struct render_acc_series s[RENDER_ACC_MAX_SERIES];
	struct render_outfile of;
	struct acc_layout l;
	uint64_t smin = UINT64_MAX, smax = 0;
	enum render_gantt_format fmt;
	enum rt_err err;
	size_t n;
	bool own = !f;

	if (opts)
		o = *opts;
	if (o.width_pt == 0)
		o.width_pt = 3.5 * 72;
	if (o.dpi == 0)
		o.dpi = 300;
	if (!(o.width_pt >= 72 && o.width_pt <= 14400) ||
	    !(o.dpi >= 10 && o.dpi <= 2400))
		return rt_diagf(d, RT_ERR_INVAL, "plot: width 1..200 in, dpi "
				"10..2400");
	if (render_path_has_ext(path, ".png"))
		fmt = RENDER_GANTT_PNG;
	else if (render_path_has_ext(path, ".svg"))
		fmt = RENDER_GANTT_SVG;
	else if (render_path_has_ext(path, ".pdf"))
		fmt = RENDER_GANTT_PDF;
	else
		return rt_diagf(d, RT_ERR_INVAL, "%s: unknown format; expected "
				".png, .svg or .pdf", path);
	err = render_acc_series(t, s, &n, d);
	if (err)
		return err;
	memset(&l, 0, sizeof(l));
	l.xlabel = render_acc_col(t, "tasks") >= 0 ? "number of tasks n" :
		   render_acc_col(t, "cpus") >= 0 ? "number of CPUs m" :
		   "utilization U = \xce\xa3 C\xe1\xb5\xa2/T\xe1\xb5\xa2";
	if (t->nrows && l.xlabel[0] == 'n')
		snprintf(l.fixed, sizeof(l.fixed), "U = %s; ", t->rows[0].util);
	l.W = o.width_pt;
	l.font = 8.0;                   /* >= 8 pt at every width (IEEE, ACM) */
	l.x0 = 5.2 * l.font;
	l.x1 = l.W - 1.5 * l.font;
	l.y0 = (o.title ? 2.4 : 1.0) * l.font;
	l.y1 = l.y0 + 0.55 * l.W;
	l.legend_y = l.y1 + 5.4 * l.font;
	l.H = l.legend_y + (double)((n + 2) / 3) * 1.4 * l.font + 0.6 * l.font;
	l.xmin = INFINITY;
	l.xmax = -INFINITY;
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < s[i].npts; k++) {
			if (s[i].pts[k].x < l.xmin)
				l.xmin = s[i].pts[k].x;
			if (s[i].pts[k].x > l.xmax)
				l.xmax = s[i].pts[k].x;
			if (s[i].pts[k].n < smin)
				smin = s[i].pts[k].n;
			if (s[i].pts[k].n > smax)
				smax = s[i].pts[k].n;
		}
	if (!(l.xmin <= l.xmax)) {
		render_acc_series_free(s, n);
		return rt_diagf(d, RT_ERR_INVAL, "plot: no point with sets > 0");
	}
	if (l.xmax - l.xmin < 1e-9) {
		l.xmin -= 0.5;
		l.xmax += 0.5;
	} else {                        /* room for dodged markers */
		double pad = 0.04 * (l.xmax - l.xmin);

		l.xmin -= pad;
		l.xmax += pad;
	}
	err = own ? render_outfile_open(&of, path, &f, d) : RT_OK;
	if (!err) {
		struct acc_job job = { &l, s, n, &o, smin, smax };

		err = canvas_write(fmt, f, path, l.W, l.H, o.dpi,
				   RENDER_FONT_FAMILY, o.title, acc_draw_job,
				   &job, d);
		if (own && err)
			render_outfile_abort(&of);
		else if (own)
			err = render_outfile_commit(&of, d);
	}
	render_acc_series_free(s, n);
	return err;
}

enum rt_err render_acc_plot(const struct render_acc *t,
			    const struct render_acc_plot_opts *opts,
			    const char *path, struct rt_diag *d)
{
	return acc_plot(t, opts, path, NULL, d);
}

enum rt_err render_acc_plot_stream(const struct render_acc *t,
				   const struct render_acc_plot_opts *opts,
				   const char *name, FILE *f,
				   struct rt_diag *d)
{
	return acc_plot(t, opts, name, f, d);
}
