/* plot_lines.c - the line figure of experiments (plot_lines.h), drawn
 * with cairo.
 *
 * Layout in points (PNG scales by dpi/72): title line, the plot box
 * (height 0.55 of the width), x tick labels and axis label, caption, then
 * the legend in rows of up to three entries; left margin for the y tick
 * labels and the rotated y label. */
#include "render/plot_lines.h"

#include "render/canvas.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

#include "render/outfile.h"
#include "render/style.h"

#define ACC_PI 3.14159265358979323846

struct acc_layout {
	double W, H, font;
	double x0, x1, y0, y1;          /* plot box: x0 < x1, y0 (top) < y1 */
	double xmin, xmax;              /* data range */
	double ymax;                    /* y range [0, ymax] */
	double legend_y;
	size_t cols;                    /* legend entries per row, 1..3 */
};

static double acc_px(const struct acc_layout *l, double x)
{
	return l->x0 + (x - l->xmin) / (l->xmax - l->xmin) * (l->x1 - l->x0);
}

static double acc_py(const struct acc_layout *l, double y)
{
	return l->y1 - y / l->ymax * (l->y1 - l->y0);
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

/* The j-th curve to draw when the sim curves go first. */
static size_t ln_order(const struct render_acc_series *s, size_t n, size_t j)
{
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < n; i++)
			if (s[i].sim == (pass == 0) && j-- == 0)
				return i;
	return 0;
}

static void acc_draw(cairo_t *cr, const struct acc_layout *l,
		     const struct render_lines *fig,
		     const struct render_acc_plot_opts *o)
{
	const struct render_acc_series *s = fig->s;
	size_t n = fig->n;
	double f = l->font, lw = f / 8, r = f * 0.33, step, dodge;
	double ystep = fig->ratio ? 0.2 : acc_tick_step(l->ymax);
	int nt = fig->ratio ? 5 : (int)floor(l->ymax / ystep + 1e-9);
	char buf[128];

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	canvas_font(cr, RENDER_FONT_FAMILY, f, false);
	/* grid and y ticks */
	cairo_set_line_width(cr, lw * 0.6);
	for (int k = 0; k <= nt; k++) {
		double y = acc_py(l, fig->ratio ? k / 5.0 : k * ystep);

		cairo_set_source_rgb(cr, render_style_grid.r, render_style_grid.g,
				     render_style_grid.b);
		cairo_move_to(cr, l->x0, y);
		cairo_line_to(cr, l->x1, y);
		cairo_stroke(cr);
		cairo_set_source_rgb(cr, render_style_text.r, render_style_text.g,
				     render_style_text.b);
		if (fig->ratio)
			snprintf(buf, sizeof(buf), "%.1f", k / 5.0);
		else
			snprintf(buf, sizeof(buf), "%g", k * ystep);
		acc_text(cr, l->x0 - 0.4 * f, y + 0.35 * f, buf, 1);
	}
	step = acc_tick_step(l->xmax - l->xmin);
	if (fig->integer_x && step < 1)
		step = 1;
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
		 o->xlabel ? o->xlabel : fig->xlabel, 0.5);
	cairo_save(cr);
	cairo_move_to(cr, 0, 0);
	cairo_translate(cr, 1.1 * f, (l->y0 + l->y1) / 2);
	cairo_rotate(cr, -ACC_PI / 2);
	acc_text(cr, 0, 0, fig->ylabel, 0.5);
	cairo_restore(cr);
	if (o->title) {
		canvas_font(cr, RENDER_FONT_FAMILY, f * 1.1, false);
		acc_text(cr, (l->x0 + l->x1) / 2, 1.3 * f, o->title, 0.5);
		canvas_font(cr, RENDER_FONT_FAMILY, f, false);
	}
	cairo_set_source_rgb(cr, render_style_muted.r, render_style_muted.g,
			     render_style_muted.b);
	canvas_font(cr, RENDER_FONT_FAMILY, f, false);
	acc_text(cr, (l->x0 + l->x1) / 2, l->y1 + 3.8 * f, fig->caption, 0.5);
	canvas_font(cr, RENDER_FONT_FAMILY, f, false);
	/* curves: error bars, line, markers; dodged by up to 1.5 marker
	 * widths so bars of equal points stay visible */
	dodge = n > 1 && fig->bars ? 3 * r / (double)(n - 1) : 0;
	cairo_save(cr);
	cairo_rectangle(cr, l->x0 - 2 * r, l->y0 - 2 * r,
			l->x1 - l->x0 + 4 * r, l->y1 - l->y0 + 4 * r);
	cairo_clip(cr);
	for (size_t j = 0; j < n; j++) {
		size_t i = j;
		const struct render_acc_series *c;
		double off;

		if (fig->sim_below)     /* the sim curves, then the others */
			i = ln_order(s, n, j);
		c = &s[i];
		off = n > 1 ? ((double)i - (double)(n - 1) / 2) * dodge : 0;

		acc_colour(cr, i, c->sim);
		cairo_set_line_width(cr, lw * 0.8);
		cairo_set_dash(cr, dash_solid, 0, 0);
		for (size_t k = 0; fig->bars && k < c->npts; k++) {
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
		double cw = (l->x1 - l->x0 + 3 * f) / (double)l->cols;
		double x = l->x0 - 3 * f + (double)(i % l->cols) * cw + f;
		double y = l->legend_y + (double)(i / l->cols) * 1.4 * f;

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
	const struct render_lines *fig;
	const struct render_acc_plot_opts *o;
};

static void acc_draw_job(cairo_t *cr, void *ctx)
{
	const struct acc_job *j = ctx;

	acc_draw(cr, j->l, j->fig, j->o);
}

enum rt_err render_lines_plot(const struct render_lines *fig,
			      const struct render_acc_plot_opts *opts,
			      const char *path, FILE *f, struct rt_diag *d)
{
	struct render_acc_plot_opts o = { 0, 0, NULL, NULL };
	struct render_outfile of;
	struct acc_layout l;
	enum render_gantt_format fmt;
	enum rt_err err;
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
	memset(&l, 0, sizeof(l));
	l.W = o.width_pt;
	l.font = 8.0;                   /* >= 8 pt at every width (IEEE, ACM) */
	l.x0 = 5.2 * l.font;
	l.x1 = l.W - 1.5 * l.font;
	l.y0 = (o.title ? 2.4 : 1.0) * l.font;
	l.y1 = l.y0 + 0.55 * l.W;
	l.legend_y = l.y1 + 5.4 * l.font;
	/* three entries a row, fewer when the longest label would run into
	 * the next entry (a marker 3 font sizes wide, half a size between) */
	for (l.cols = 3; l.cols > 1; l.cols--) {
		double cw = (l.x1 - l.x0 + 3 * l.font) / (double)l.cols, wmax = 0;

		for (size_t i = 0; i < fig->n; i++) {
			double w = canvas_measure(RENDER_FONT_FAMILY,
						  fig->s[i].label, l.font, false);

			wmax = w > wmax ? w : wmax;
		}
		if (wmax + 4 * l.font <= cw)
			break;
	}
	l.H = l.legend_y + (double)((fig->n + l.cols - 1) / l.cols) * 1.4 *
	      l.font + 0.6 * l.font;
	l.ymax = fig->ymax > 0 ? fig->ymax : 1;
	l.xmin = INFINITY;
	l.xmax = -INFINITY;
	for (size_t i = 0; i < fig->n; i++)
		for (size_t k = 0; k < fig->s[i].npts; k++) {
			if (fig->s[i].pts[k].x < l.xmin)
				l.xmin = fig->s[i].pts[k].x;
			if (fig->s[i].pts[k].x > l.xmax)
				l.xmax = fig->s[i].pts[k].x;
		}
	if (!(l.xmin <= l.xmax))
		return rt_diagf(d, RT_ERR_INVAL, "plot: no point to draw");
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
		struct acc_job job = { &l, fig, &o };

		err = canvas_write(fmt, f, path, l.W, l.H, o.dpi,
				   RENDER_FONT_FAMILY, o.title, acc_draw_job,
				   &job, d);
		if (own && err)
			render_outfile_abort(&of);
		else if (own)
			err = render_outfile_commit(&of, d);
	}
	return err;
}
