/* plot.c - draw a column of x/y panels (see plot.h) with cairo through
 * canvas.c.  Each panel, top to bottom: heading, legend (a line sample
 * and the series label per entry, flowed), the plot (ticks, grid, series
 * clipped to it, point marks), the x tick labels and the x label; the y
 * label is written above the y tick labels.  Row labels are 9 pt, every
 * other text 8 pt, as in the Gantt chart. */
#include "render/plot.h"

#include <math.h>
#include <string.h>

#include "render/canvas.h"
#include "render/outfile.h"
#include "render/style.h"

#define PLOT_F 9.0              /* base size: headings */
#define PLOT_S 8.0              /* every other text */

struct frame {                  /* one panel's plot rectangle and ranges */
	double px0, py0, pw, ph;
	double x0, x1, y0, y1;
	bool ylog;
};

struct fig {
	const struct render_panel *p;
	size_t np;
	const char *family;
	double W;
	double *top;                    /* y of each panel's top */
	double *legend_h;
};

static double fx(const struct frame *f, double x)
{
	return f->px0 + (x - f->x0) / (f->x1 - f->x0) * f->pw;
}

static double fy(const struct frame *f, double y)
{
	double a = f->y0, b = f->y1;

	if (f->ylog) {
		y = log10(y);
		a = log10(a);
		b = log10(b);
	}
	return f->py0 + f->ph - (y - a) / (b - a) * f->ph;
}

/* Set the series colour; returns its hatch: past the palette's hues a
 * colour repeats, and the hatch (render_style_fill) tells the repeats
 * apart -- bars hatched, lines dashed (series_dash). */
static enum render_hatch set_colour(cairo_t *cr, int colour, double alpha)
{
	enum render_hatch hk = RENDER_HATCH_NONE;
	struct render_rgb c = colour < 0 ? render_style_text :
			      render_style_fill(colour, &hk);

	cairo_set_source_rgba(cr, c.r, c.g, c.b, alpha);
	return hk;
}

/* A line's dash: by its colour's repeat (hk: solid, long dashes, dots,
 * dash-dot) and, for a 'dashed' series (references; every other CPU of
 * the util plot), a short-dash family of its own, so that a dashed
 * series and a repeat of its hue never look alike. */
static void series_dash(cairo_t *cr, const struct render_series *s,
			enum render_hatch hk)
{
	static const double pat[][6] = {
		{ 0 },                                  /* solid */
		{ 0.7, 0.25 },
		{ 0.12, 0.22 },
		{ 0.7, 0.22, 0.12, 0.22 },
		{ 0.3, 0.2 },                           /* dashed */
		{ 0.3, 0.12, 0.08, 0.12 },
		{ 0.3, 0.12, 0.08, 0.12, 0.08, 0.12 },
		{ 0.15, 0.15 },
	};
	static const int len[] = { 0, 2, 2, 4, 2, 4, 6, 2 };
	int k = (s->dashed ? 4 : 0) + (int)hk;
	double d[6];

	for (int i = 0; i < len[k]; i++)
		d[i] = pat[k][i] * PLOT_F;
	cairo_set_dash(cr, d, len[k], 0);
}

/* Data ranges of a panel (explicit ones kept). */
static void ranges(const struct render_panel *p, struct frame *f)
{
	double xa = INFINITY, xb = -INFINITY, ya = INFINITY, yb = -INFINITY;

	for (size_t i = 0; i < p->ns; i++) {
		const struct render_series *s = &p->s[i];
		size_t nx = s->kind == RENDER_SERIES_BARS ? s->n + 1 : s->n;

		for (size_t k = 0; k < nx; k++) {
			xa = fmin(xa, s->x[k]);
			xb = fmax(xb, s->x[k]);
		}
		for (size_t k = 0; k < s->n; k++) {
			if (p->ylog && !(s->y[k] > 0))
				continue;
			ya = fmin(ya, s->y[k]);
			yb = fmax(yb, s->y[k]);
		}
	}
	for (size_t i = 0; i < p->nmarks; i++) {
		xb = fmax(xb, p->marks[i].x);
		yb = fmax(yb, p->marks[i].y);
	}
	if (!(xa < xb)) {
		xa = isfinite(xa) ? xa - 1 : 0;
		xb = xa + 2;
	}
	if (p->ylog) {
		ya = isfinite(ya) ? pow(10, floor(log10(ya))) : 0.01;
		yb = 1;
		if (!(ya < yb))
			ya = yb / 10;
	} else {
		ya = ya > 0 || !isfinite(ya) ? 0 : ya;
		yb = isfinite(yb) && yb > ya ? yb * 1.05 : ya + 1;
	}
	f->x0 = p->x0 < p->x1 ? p->x0 : xa;
	f->x1 = p->x0 < p->x1 ? p->x1 : xb;
	f->y0 = p->y0 < p->y1 ? p->y0 : ya;
	f->y1 = p->y0 < p->y1 ? p->y1 : yb;
	f->ylog = p->ylog;
}

static void fmt_num(char *b, size_t n, double v)
{
	if (v != 0 && fabs(v) < 1e-4)
		snprintf(b, n, "%.0e", v);
	else
		snprintf(b, n, "%.6g", v);
}

/* Flow the legend in [x0, x1] from y; draw when cr; returns its height. */
static double legend(cairo_t *cr, const struct fig *fg,
		     const struct render_panel *p, double x0, double x1,
		     double y)
{
	double x = x0, h = 0, line = 1.2 * PLOT_F;
	bool any = false;

	for (size_t i = 0; i < p->ns; i++) {
		const struct render_series *s = &p->s[i];
		double w;

		if (!s->label)
			continue;
		w = 1.6 * PLOT_F + canvas_measure(fg->family, s->label, PLOT_S,
						  false);
		if (!any)
			h = line;
		if (any && x + w > x1) {
			x = x0;
			y += line;
			h += line;
		}
		any = true;
		if (cr) {
			enum render_hatch hk = set_colour(cr, s->colour, 1);

			if (s->kind == RENDER_SERIES_BARS) {
				cairo_rectangle(cr, x, y + 0.25 * PLOT_F,
						1.1 * PLOT_F, 0.6 * PLOT_F);
				cairo_fill(cr);
				cairo_set_source_rgba(cr, 1, 1, 1, 0.8);
				cairo_set_line_width(cr, 0.07 * PLOT_F);
				canvas_hatch(cr, x, y + 0.25 * PLOT_F,
					     1.1 * PLOT_F, 0.6 * PLOT_F, hk,
					     0.3 * PLOT_F);
			} else {
				cairo_set_line_width(cr, 0.12 * PLOT_F);
				series_dash(cr, s, hk);
				cairo_move_to(cr, x, y + 0.55 * PLOT_F);
				cairo_line_to(cr, x + 1.1 * PLOT_F,
					      y + 0.55 * PLOT_F);
				cairo_stroke(cr);
				cairo_set_dash(cr, NULL, 0, 0);
			}
			cairo_set_source_rgb(cr, render_style_text.r,
					     render_style_text.g,
					     render_style_text.b);
			canvas_font(cr, fg->family, PLOT_S, false);
			canvas_text(cr, x + 1.45 * PLOT_F, y + 0.85 * PLOT_F,
				    s->label);
		}
		x += w + 1.0 * PLOT_F;
	}
	return h;
}

static void series(cairo_t *cr, const struct frame *f,
		   const struct render_series *s)
{
	enum render_hatch hk;
	bool pen = false;

	if (s->kind == RENDER_SERIES_BARS) {
		for (size_t k = 0; k < s->n; k++) {
			double a = fx(f, s->x[k]), b = fx(f, s->x[k + 1]);
			double yb = f->ylog ? f->py0 + f->ph : fy(f, 0), top;

			if (!(s->y[k] > 0))
				continue;
			top = fy(f, s->y[k]);
			set_colour(cr, s->colour, 0.55);
			cairo_rectangle(cr, a, top, b - a, yb - top);
			cairo_fill_preserve(cr);
			hk = set_colour(cr, s->colour, 1);
			cairo_set_line_width(cr, 0.05 * PLOT_F);
			cairo_stroke(cr);
			/* a repeated hue: its hatch, in the outline's pen */
			canvas_hatch(cr, a, top, b - a, yb - top, hk,
				     0.3 * PLOT_F);
		}
		return;
	}
	hk = set_colour(cr, s->colour, 1);
	cairo_set_line_width(cr, 0.12 * PLOT_F);
	series_dash(cr, s, hk);
	cairo_new_path(cr);
	for (size_t k = 0; k < s->n; k++) {
		double x = fx(f, s->x[k]), y;

		if (f->ylog && !(s->y[k] > 0)) {        /* drops off the axis */
			double cx, cy;

			if (pen && s->kind == RENDER_SERIES_STEP) {
				cairo_get_current_point(cr, &cx, &cy);
				cairo_line_to(cr, x, cy);
			}
			if (pen)
				cairo_line_to(cr, x, f->py0 + f->ph + PLOT_F);
			pen = false;
			continue;
		}
		y = fy(f, s->y[k]);
		if (!pen)
			cairo_move_to(cr, x, y);
		else if (s->kind == RENDER_SERIES_STEP) {
			double cx, cy;

			cairo_get_current_point(cr, &cx, &cy);
			cairo_line_to(cr, x, cy);
			cairo_line_to(cr, x, y);
		} else {
			cairo_line_to(cr, x, y);
		}
		pen = true;
	}
	if (pen && s->kind == RENDER_SERIES_STEP)       /* to the right edge */
		cairo_rel_line_to(cr, f->px0 + f->pw -
				  fx(f, s->x[s->n - 1]), 0);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
}

static void axes(cairo_t *cr, const struct fig *fg, const struct frame *f,
		 const struct render_panel *p)
{
	double step, first;
	char t[48];

	cairo_set_line_width(cr, 0.05 * PLOT_F);
	canvas_font(cr, fg->family, PLOT_S, false);
	/* x ticks */
	render_nice_ticks(f->x0, f->x1, (unsigned)fmax(2, f->pw / (4 * PLOT_F)),
			  &step, &first);
	for (double v = first; v <= f->x1 + step * 1e-9; v += step) {
		double x = fx(f, v);

		cairo_set_source_rgb(cr, render_style_grid.r, render_style_grid.g,
				     render_style_grid.b);
		cairo_move_to(cr, x, f->py0);
		cairo_line_to(cr, x, f->py0 + f->ph);
		cairo_stroke(cr);
		cairo_set_source_rgb(cr, render_style_text.r, render_style_text.g,
				     render_style_text.b);
		cairo_move_to(cr, x, f->py0 + f->ph);
		cairo_line_to(cr, x, f->py0 + f->ph + 0.3 * PLOT_F);
		cairo_stroke(cr);
		fmt_num(t, sizeof(t), fabs(v) < step * 1e-9 ? 0 : v);
		canvas_text(cr, x - canvas_text_w(cr, t) / 2,
			    f->py0 + f->ph + 1.2 * PLOT_F, t);
	}
	/* y ticks: decades on a log axis */
	if (f->ylog) {
		step = 1;
		first = ceil(log10(f->y0) - 1e-9);
	} else {
		render_nice_ticks(f->y0, f->y1, (unsigned)fmax(2, f->ph /
				  (2.2 * PLOT_F)), &step, &first);
	}
	for (double v = first; ; v += step) {
		double val = f->ylog ? pow(10, v) : v, y;

		if (val > f->y1 * (1 + 1e-9))
			break;
		y = fy(f, val);
		cairo_set_source_rgb(cr, render_style_grid.r, render_style_grid.g,
				     render_style_grid.b);
		cairo_move_to(cr, f->px0, y);
		cairo_line_to(cr, f->px0 + f->pw, y);
		cairo_stroke(cr);
		cairo_set_source_rgb(cr, render_style_text.r, render_style_text.g,
				     render_style_text.b);
		cairo_move_to(cr, f->px0 - 0.3 * PLOT_F, y);
		cairo_line_to(cr, f->px0, y);
		cairo_stroke(cr);
		fmt_num(t, sizeof(t), fabs(val) < step * 1e-9 && !f->ylog ? 0 :
			val);
		canvas_text(cr, f->px0 - 0.45 * PLOT_F - canvas_text_w(cr, t),
			    y + 0.3 * PLOT_F, t);
	}
	cairo_set_line_width(cr, 0.08 * PLOT_F);
	cairo_rectangle(cr, f->px0, f->py0, f->pw, f->ph);
	cairo_stroke(cr);
	if (p->xlabel)
		canvas_text(cr, f->px0 + (f->pw - canvas_text_w(cr, p->xlabel)) / 2,
			    f->py0 + f->ph + 2.3 * PLOT_F, p->xlabel);
	if (p->ylabel)          /* above the y tick labels */
		canvas_text(cr, fmax(0.8 * PLOT_F, f->px0 - 3.2 * PLOT_F),
			    f->py0 - 0.45 * PLOT_F, p->ylabel);
}

/* The frame of panel i; its top is fg->top[i]. */
static void frame_of(const struct fig *fg, size_t i, struct frame *f)
{
	const struct render_panel *p = &fg->p[i];
	double top = fg->top[i];

	ranges(p, f);
	f->px0 = 4.2 * PLOT_F;
	f->pw = fg->W - f->px0 - 1.2 * PLOT_F;
	f->py0 = top + (p->title ? 1.3 * PLOT_F : 0) + fg->legend_h[i] +
		 (p->ylabel ? 1.3 * PLOT_F : 0.5 * PLOT_F);
	f->ph = fmax(6 * PLOT_F, 0.5 * f->pw);
}

static double panel_h(const struct fig *fg, size_t i)
{
	struct frame f;

	frame_of(fg, i, &f);
	return f.py0 + f.ph + 3.2 * PLOT_F - fg->top[i];
}

static void draw_fig(cairo_t *cr, void *ctx)
{
	const struct fig *fg = ctx;

	for (size_t i = 0; i < fg->np; i++) {
		const struct render_panel *p = &fg->p[i];
		struct frame f;

		frame_of(fg, i, &f);
		cairo_set_source_rgb(cr, render_style_text.r, render_style_text.g,
				     render_style_text.b);
		if (p->title) {
			canvas_font(cr, fg->family, PLOT_F, true);
			canvas_text(cr, 0.8 * PLOT_F, fg->top[i] + 1.0 * PLOT_F,
				    p->title);
		}
		legend(cr, fg, p, 0.8 * PLOT_F, fg->W - 0.8 * PLOT_F,
		       fg->top[i] + (p->title ? 1.3 * PLOT_F : 0));
		axes(cr, fg, &f, p);
		cairo_save(cr);
		cairo_rectangle(cr, f.px0, f.py0, f.pw, f.ph);
		cairo_clip(cr);
		for (size_t k = 0; k < p->ns; k++)
			series(cr, &f, &p->s[k]);
		cairo_restore(cr);
		for (size_t k = 0; k < p->nmarks; k++) {
			const struct render_point_mark *m = &p->marks[k];
			double x = fx(&f, m->x), y = fy(&f, m->y);

			cairo_set_source_rgb(cr, render_style_miss.r,
					     render_style_miss.g,
					     render_style_miss.b);
			cairo_arc(cr, x, y, 0.3 * PLOT_F, 0, 2 * 3.14159265358979323846);
			cairo_fill(cr);
			if (m->label) {
				double tw;

				canvas_font(cr, fg->family, PLOT_S, true);
				tw = canvas_text_w(cr, m->label);
				/* right of the point, or left near the edge */
				canvas_text(cr, x + 0.5 * PLOT_F + tw > f.px0 + f.pw ?
					    x - 0.5 * PLOT_F - tw : x + 0.5 * PLOT_F,
					    y - 0.4 * PLOT_F, m->label);
			}
		}
	}
}

enum rt_err render_figure_write_stream(const struct render_panel *p,
				       size_t np,
				       const struct render_figure_opts *o,
				       enum render_gantt_format fmt, FILE *f,
				       const char *name, struct rt_diag *d)
{
	struct render_figure_opts def = { 0 };
	double top[16], lh[16], H = 0;
	struct fig fg;

	rt_diag_clear(d);
	o = o ? o : &def;
	if (!np || np > 16)
		return rt_diagf(d, RT_ERR_INVAL, "plot: 1 to 16 panels");
	if (fmt == RENDER_GANTT_TIKZ)
		return rt_diagf(d, RT_ERR_INVAL, "%s: plots are PNG, SVG or PDF",
				name);
	fg = (struct fig){ .p = p, .np = np, .family = render_style_font(o->font),
			   .W = o->width_pt > 0 ? o->width_pt : 3.5 * 72,
			   .top = top, .legend_h = lh };
	if (!(fg.W >= 144 && fg.W <= 200 * 72.0))
		return rt_diagf(d, RT_ERR_INVAL, "plot width must be between "
				"2in and 200in");
	for (size_t i = 0; i < np; i++) {
		top[i] = H + 0.5 * PLOT_F;
		lh[i] = legend(NULL, &fg, &p[i], 0.8 * PLOT_F,
			       fg.W - 0.8 * PLOT_F, 0);
		H = top[i] + panel_h(&fg, i);
	}
	return canvas_write(fmt, f, name, fg.W, H, o->dpi > 0 ? o->dpi : 300,
			    fg.family, NULL, draw_fig, &fg, d);
}

enum rt_err render_figure_write(const struct render_panel *p, size_t np,
				const struct render_figure_opts *o,
				const char *path, struct rt_diag *d)
{
	enum render_gantt_format fmt;
	struct render_outfile of;
	enum rt_err rc;
	FILE *f;

	rt_diag_clear(d);
	rc = render_gantt_format_from_path(path, &fmt, d);
	if (rc != RT_OK)
		return rc;
	if (fmt == RENDER_GANTT_TIKZ)
		return rt_diagf(d, RT_ERR_INVAL, "%s: plots are PNG, SVG or PDF",
				path);
	if (!np || np > 16)
		return rt_diagf(d, RT_ERR_INVAL, "plot: 1 to 16 panels");
	rc = render_outfile_open(&of, path, &f, d);
	if (rc != RT_OK)
		return rc;
	rc = render_figure_write_stream(p, np, o, fmt, f, path, d);
	if (rc != RT_OK) {
		render_outfile_abort(&of);
		return rc;
	}
	return render_outfile_commit(&of, d);
}
