/* gantt_draw.c - draw a recorded Gantt chart with cairo (PNG, SVG, PDF).
 *
 * One draw function for every backend (cairo's own test style): the page
 * is laid out in points; PNG scales by dpi/72.  Vertical layout, top to
 * bottom: title, rows (each a stack of lanes, enum render_lane), time
 * axis, legend.  All sizes derive from the base font size F, so charts
 * for a 3.5 in column and a 7.16 in page keep their proportions.
 *
 * Determinism: a fixed font family (the toy API), fixed font options
 * (grey antialiasing, no hinting, unhinted metrics), fixed PDF dates,
 * and the one per-process counter cairo writes into SVG (<g
 * id="surfaceN">) rewritten to a constant.  SVG text: cairo would write
 * glyph outlines, so strings go to a collector and become <text>
 * elements written over the shapes (svg_write).
 */
#include "render/gantt_int.h"

#include <dlfcn.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>

#include "models/mem.h"
#include "render/gantt_resv.h"
#include "render/style.h"

#define PNG_MAX_SIDE 32767              /* cairo image surface limit */

/* ---- SVG text ----------------------------------------------------------
 * cairo's SVG surface writes text as glyph outlines (not editable or
 * searchable).  For SVG the drawing code hands its text to a collector
 * attached to the cairo context instead, and the SVG gets one <text>
 * element per string, at the same positions, on top of the shapes. */

struct svg_text {
	double x, y, size, rgb[3], alpha;
	bool bold;
	double halo;                    /* stroke width of a halo, 0: none */
	double halo_rgb[3];
	char *s;
};

struct svg_texts {
	struct svg_text *v;
	size_t n, cap;
	bool oom;
	double size;                    /* current font */
	bool bold;
};

static const cairo_user_data_key_t svg_text_key;

static struct svg_texts *texts_of(cairo_t *cr)
{
	return cairo_get_user_data(cr, &svg_text_key);
}

static void texts_add(cairo_t *cr, struct svg_texts *tx, double x, double y,
		      const char *s, const struct render_rgb *halo, double hw)
{
	struct svg_text *t;
	double r = 0, gg = 0, b = 0, a = 1;

	if (tx->oom)
		return;
	if (tx->n == tx->cap) {
		size_t cap = tx->cap ? 2 * tx->cap : 64;
		struct svg_text *v = rt_reallocarray(tx->v, cap, sizeof(*v));

		if (!v) {
			tx->oom = true;
			return;
		}
		tx->v = v;
		tx->cap = cap;
	}
	cairo_pattern_get_rgba(cairo_get_source(cr), &r, &gg, &b, &a);
	t = &tx->v[tx->n];
	*t = (struct svg_text){ .x = x, .y = y, .size = tx->size,
				.rgb = { r, gg, b }, .alpha = a, .bold = tx->bold,
				.halo = halo ? hw : 0 };
	if (halo) {
		t->halo_rgb[0] = halo->r;
		t->halo_rgb[1] = halo->g;
		t->halo_rgb[2] = halo->b;
	}
	if (!(t->s = rt_strdup(s))) {
		tx->oom = true;
		return;
	}
	tx->n++;
}

static void texts_fini(void *p)
{
	struct svg_texts *tx = p;

	for (size_t i = 0; i < tx->n; i++)
		rt_free(tx->v[i].s);
	rt_free(tx->v);
	tx->v = NULL;
	tx->n = tx->cap = 0;
}

void gantt_show_text(cairo_t *cr, double x, double y, const char *s)
{
	struct svg_texts *tx = texts_of(cr);

	if (tx) {
		texts_add(cr, tx, x, y, s, NULL, 0);
		return;
	}
	cairo_move_to(cr, x, y);
	cairo_show_text(cr, s);
}

static void font_setup(cairo_t *cr)
{
	cairo_font_options_t *fo = cairo_font_options_create();

	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
}

static void font(cairo_t *cr, const char *family, double size, bool bold)
{
	struct svg_texts *tx = texts_of(cr);

	if (tx) {
		tx->size = size;
		tx->bold = bold;
	}
	cairo_select_font_face(cr, family, CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD :
			       CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size);
}

void gantt_cairo_font(cairo_t *cr, const struct render_gantt *g, double size,
		      bool bold)
{
	font(cr, g->family, size, bold);
}

static double text_w(cairo_t *cr, const char *s)
{
	cairo_text_extents_t e;

	cairo_text_extents(cr, s, &e);
	return e.x_advance;
}

double gantt_text_width(const char *family, const char *text, double size,
			bool bold)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1);
	cairo_t *cr = cairo_create(s);
	double w;

	font_setup(cr);
	font(cr, family, size, bold);
	w = text_w(cr, text);
	if (cairo_status(cr) != CAIRO_STATUS_SUCCESS)
		w = 0;
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	return w;
}

static void rgb(cairo_t *cr, const struct render_rgb *c, double alpha)
{
	cairo_set_source_rgba(cr, c->r, c->g, c->b, alpha);
}

static void text_at(cairo_t *cr, double x, double y, const char *s)
{
	gantt_show_text(cr, x, y, s);
}

static void hatch(cairo_t *cr, double x, double y, double w, double h,
		  enum render_hatch kind, double step)
{
	if (kind == RENDER_HATCH_NONE)
		return;
	cairo_save(cr);
	cairo_rectangle(cr, x, y, w, h);
	cairo_clip(cr);
	for (double s = -h; s < w + h; s += step) {
		if (kind != RENDER_HATCH_BACK) {        /* "/" */
			cairo_move_to(cr, x + s, y + h);
			cairo_line_to(cr, x + s + h, y);
		}
		if (kind != RENDER_HATCH_FWD) {         /* "\" */
			cairo_move_to(cr, x + s, y);
			cairo_line_to(cr, x + s + h, y + h);
		}
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

static void arrow(cairo_t *cr, double x, double y_from, double y_to, double F)
{
	double dir = y_to < y_from ? 1 : -1;    /* head points to y_to */

	cairo_move_to(cr, x, y_from);
	cairo_line_to(cr, x, y_to + dir * 0.3 * F);
	cairo_stroke(cr);
	cairo_move_to(cr, x, y_to);
	cairo_line_to(cr, x - 0.2 * F, y_to + dir * 0.38 * F);
	cairo_line_to(cr, x + 0.2 * F, y_to + dir * 0.38 * F);
	cairo_close_path(cr);
	cairo_fill(cr);
}

/* A self-suspension: a thin dashed line from x0 to x1 at height y. */
static void suspend_line(cairo_t *cr, double x0, double x1, double y, double F)
{
	double dash[2] = { 0.3 * F, 0.2 * F };

	cairo_save(cr);
	rgb(cr, &render_style_text, 1);
	cairo_set_line_width(cr, 0.08 * F);
	cairo_set_dash(cr, dash, 2, 0);
	cairo_move_to(cr, x0, y);
	cairo_line_to(cr, x1, y);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* A miss span from x0 to x1 in [y, y + h]: light red, hatched, framed;
 * 'open' (unfinished at the horizon): no right edge, a fading end and an
 * arrow head pointing on. */
static void miss_span(cairo_t *cr, double x0, double x1, double y, double h,
		      bool open, double F, double px)
{
	if (x1 - x0 < px)
		x1 = x0 + px;
	rgb(cr, &render_style_miss, 0.2);
	cairo_rectangle(cr, x0, y, x1 - x0, h);
	cairo_fill(cr);
	rgb(cr, &render_style_miss, 1);
	cairo_set_line_width(cr, 0.05 * F);
	if (x1 - x0 >= 3 * px)
		hatch(cr, x0, y, x1 - x0, h, RENDER_HATCH_FWD, 0.3 * F);
	cairo_set_line_width(cr, 0.08 * F);
	if (!open) {
		cairo_rectangle(cr, x0, y, x1 - x0, h);
		cairo_stroke(cr);
		return;
	}
	cairo_move_to(cr, x1, y);
	cairo_line_to(cr, x0, y);
	cairo_line_to(cr, x0, y + h);
	cairo_line_to(cr, x1, y + h);
	cairo_stroke(cr);
	/* the arrow head: the miss goes on past the horizon */
	cairo_move_to(cr, x1 + 0.35 * F, y + h / 2);
	cairo_line_to(cr, x1, y - 0.1 * F);
	cairo_line_to(cr, x1, y + h + 0.1 * F);
	cairo_close_path(cr);
	cairo_fill(cr);
}

/* A migration: a small open diamond on the top edge of the box lane. */
static void migrate_mark(cairo_t *cr, double x, double y, double F)
{
	double r = 0.28 * F;

	cairo_move_to(cr, x, y - r);
	cairo_line_to(cr, x + r, y);
	cairo_line_to(cr, x, y + r);
	cairo_line_to(cr, x - r, y);
	cairo_close_path(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill_preserve(cr);
	rgb(cr, &render_style_text, 1);
	cairo_set_line_width(cr, 0.08 * F);
	cairo_stroke(cr);
}

/* ---- legend ----------------------------------------------------------- */

static void legend_glyph(cairo_t *cr, const struct gantt_legend_item *it,
			 double x, double y, double F)
{
	double w = 1.1 * F, h = 0.8 * F;        /* y: top of the glyph box */
	enum render_hatch hk;
	struct render_rgb c;

	cairo_set_line_width(cr, 0.06 * F);
	switch (it->kind) {
	case GANTT_LEG_NOTE:
		return;
	case GANTT_LEG_SWATCH:
	case GANTT_LEG_FAIR:
	case GANTT_LEG_RECLAIM:
		c = render_style_fill(it->colour, &hk);
		if (it->kind == GANTT_LEG_FAIR) {
			c = render_style_fair;
			hk = RENDER_HATCH_NONE;
		}
		rgb(cr, &c, 1);
		cairo_rectangle(cr, x, y, w, h);
		cairo_fill(cr);
		if (it->kind == GANTT_LEG_RECLAIM) {    /* the lighter tail */
			cairo_set_source_rgba(cr, 1, 1, 1, 0.55);
			cairo_rectangle(cr, x + w / 2, y, w / 2, h);
			cairo_fill(cr);
		}
		cairo_set_source_rgba(cr, 0, 0, 0, 0.4);
		hatch(cr, x, y, w, h, hk, 0.3 * F);
		cairo_set_source_rgba(cr, 0, 0, 0, 0.6);
		cairo_rectangle(cr, x, y, w, h);
		cairo_stroke(cr);
		return;
	case GANTT_LEG_RELEASE:
	case GANTT_LEG_DEADLINE:
		rgb(cr, &render_style_text, 1);
		if (it->kind == GANTT_LEG_RELEASE)
			arrow(cr, x + w / 2, y + h + 0.1 * F, y - 0.1 * F, F);
		else
			arrow(cr, x + w / 2, y - 0.1 * F, y + h + 0.1 * F, F);
		return;
	case GANTT_LEG_COMPLETE:
		rgb(cr, &render_style_text, 1);
		cairo_set_line_width(cr, 0.12 * F);
		cairo_move_to(cr, x + w / 2, y - 0.1 * F);
		cairo_line_to(cr, x + w / 2, y + h + 0.1 * F);
		cairo_stroke(cr);
		return;
	case GANTT_LEG_MISS:
	case GANTT_LEG_MISS_OPEN:
		miss_span(cr, x, it->kind == GANTT_LEG_MISS ? x + w : x + w - 0.35 * F,
			  y + 0.15 * F, h - 0.3 * F,
			  it->kind == GANTT_LEG_MISS_OPEN, F, 0.01);
		return;
	case GANTT_LEG_SUSPEND:
		suspend_line(cr, x, x + w, y + h / 2, F);
		return;
	case GANTT_LEG_MIGRATE:
		migrate_mark(cr, x + w / 2, y + h / 2, F);
		return;
	case GANTT_LEG_ABORT:
	case GANTT_LEG_REJECT:
		rgb(cr, &render_style_miss, 1);
		cairo_set_line_width(cr, 0.13 * F);
		cairo_move_to(cr, x + w / 2 - 0.3 * F, y + h / 2 - 0.3 * F);
		cairo_line_to(cr, x + w / 2 + 0.3 * F, y + h / 2 + 0.3 * F);
		cairo_move_to(cr, x + w / 2 + 0.3 * F, y + h / 2 - 0.3 * F);
		cairo_line_to(cr, x + w / 2 - 0.3 * F, y + h / 2 + 0.3 * F);
		cairo_stroke(cr);
		return;
	case GANTT_LEG_BUDGET:
	case GANTT_LEG_THROTTLE:
	case GANTT_LEG_SDEADLINE:
	case GANTT_LEG_POSTPONE:
		gantt_resv_legend_glyph(cr, it->kind, x, y, w, h, F);
		return;
	}
}

/* Flow the legend from (x0, y) within [x0, x1]; draw if 'cr', else only
 * measure.  Returns its height. */
static double legend(cairo_t *cr, const struct render_gantt *g, double x0,
		     double x1, double y)
{
	struct gantt_legend_item items[80];
	size_t n = gantt_legend_items(g, items, sizeof(items) / sizeof(items[0]));
	double F = g->xl.font, S = g->xl.small, x = x0, line = 1.25 * F, h = line;

	for (size_t i = 0; i < n; i++) {
		bool note = items[i].kind == GANTT_LEG_NOTE;
		double tw = gantt_text_width(g->family, items[i].text, S, false);
		double gw = note ? 0 : 1.1 * F + 0.35 * F;
		double w = gw + tw;

		/* a note (what the tuple means) gets a line of its own */
		if (x > x0 && (x + w > x1 || note)) {
			x = x0;
			y += line;
			h += line;
		}
		if (cr) {
			legend_glyph(cr, &items[i], x, y + 0.2 * F, F);
			rgb(cr, &render_style_text, 1);
			font(cr, g->family, S, false);
			text_at(cr, x + gw, y + 0.95 * F, items[i].text);
		}
		x += w + 1.0 * F;
		if (note && i + 1 < n) {
			x = x0;
			y += line;
			h += line;
		}
	}
	return n ? h : 0;
}

/* ---- rows ------------------------------------------------------------- */

/* Text centred in a box, with a halo in the fill colour so that hatched
 * boxes stay readable; dark text on light fills.  Skipped if it does not
 * fit. */
static void box_text(cairo_t *cr, const struct render_gantt *g,
		     const char *t, double x0, double w, double y, double h,
		     const struct render_rgb *c)
{
	double F = g->xl.font, tw;

	font(cr, g->family, g->xl.small, false);
	tw = text_w(cr, t);
	if (tw + 0.3 * F > w)
		return;
	if (texts_of(cr)) {
		if (0.299 * c->r + 0.587 * c->g + 0.114 * c->b > 0.5)
			rgb(cr, &render_style_text, 1);
		else
			cairo_set_source_rgb(cr, 1, 1, 1);
		texts_add(cr, texts_of(cr), x0 + (w - tw) / 2,
			  y + h / 2 + 0.3 * F, t, c, 0.25 * F);
		return;
	}
	cairo_move_to(cr, x0 + (w - tw) / 2, y + h / 2 + 0.3 * F);
	cairo_text_path(cr, t);
	rgb(cr, c, 1);
	cairo_set_line_width(cr, 0.25 * F);
	cairo_stroke_preserve(cr);
	if (0.299 * c->r + 0.587 * c->g + 0.114 * c->b > 0.5)
		rgb(cr, &render_style_text, 1);
	else
		cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill(cr);
}

static void draw_boxes(cairo_t *cr, const struct render_gantt *g, size_t ri,
		       double y, double h)
{
	const struct gantt_row *row = &g->rows[ri];
	const struct render_axis *ax = &g->ax;
	double F = g->xl.font, px = ax->px;
	bool cpu_rows = g->o.rows == RENDER_ROWS_CPU;
	bool cpu_digits = !cpu_rows && g->m->cpus > 1 &&
			  g->o.colour_by == RENDER_COLOUR_BY_TASK;

	for (size_t i = 0; i < row->boxes.n; i++) {
		const struct render_box *b = &row->boxes.v[i];
		double x0 = render_axis_x(ax, b->a), x1 = render_axis_x(ax, b->b);
		double w = x1 - x0, cover = (double)b->busy / (double)(b->b - b->a);
		enum render_hatch hk;
		struct render_rgb c = render_style_fill(gantt_box_fill(g, ri, b),
							&hk);
		char t[32];

		if (row->fair) {        /* background work: grey, no hatch */
			c = render_style_fair;
			hk = RENDER_HATCH_NONE;
		}
		if (w < px)             /* keep sub-pixel work visible */
			w = px;
		/* merged boxes show how much of their span ran */
		rgb(cr, &c, cover < 0.35 ? 0.35 : cover);
		cairo_rectangle(cr, x0, y, w, h);
		cairo_fill(cr);
		if (w < 3 * px)
			continue;
		cairo_set_line_width(cr, 0.04 * F);
		cairo_set_source_rgba(cr, 0, 0, 0, 0.45);
		hatch(cr, x0, y, w, h, hk, 0.35 * F);
		cairo_set_source_rgba(cr, 0, 0, 0, 0.7);
		cairo_rectangle(cr, x0, y, w, h);
		cairo_stroke(cr);
		if (b->colour < 0 || (!cpu_rows && !cpu_digits))
			continue;
		if (cpu_rows)
			gantt_tau_name(t, sizeof(t), (size_t)b->colour);
		else
			snprintf(t, sizeof(t), "%d", b->colour);
		box_text(cr, g, t, x0, w, y, h, &c);
	}
}

static void draw_marks(cairo_t *cr, const struct render_gantt *g,
		       const struct gantt_row *row, const struct gantt_ylayout *yl,
		       double ry)
{
	const struct render_axis *ax = &g->ax;
	double F = yl->F;
	double top = ry + yl->lane_y[RENDER_LANE_ARROWS] + 0.05 * F;
	double ey = ry + yl->lane_y[RENDER_LANE_EXEC];
	double eh = yl->lane_h[RENDER_LANE_EXEC];
	const struct render_marks *mk;

	rgb(cr, &render_style_text, 1);
	cairo_set_line_width(cr, 0.07 * F);
	mk = &row->marks[RENDER_MARK_RELEASE];
	for (size_t i = 0; gantt_marks_drawable(g, mk) && i < mk->n; i++)
		arrow(cr, render_axis_x(ax, mk->v[i]), ey + eh, top, F);
	/* textbook style: release up from the time line, deadline down to
	 * it, so a deadline that is also a release reads as a double arrow */
	mk = &row->marks[RENDER_MARK_DEADLINE];
	for (size_t i = 0; gantt_marks_drawable(g, mk) && i < mk->n; i++)
		arrow(cr, render_axis_x(ax, mk->v[i]), top, ey + eh, F);
	cairo_set_line_width(cr, 0.13 * F);
	mk = &row->marks[RENDER_MARK_COMPLETE];
	for (size_t i = 0; gantt_marks_drawable(g, mk) && i < mk->n; i++) {
		double x = render_axis_x(ax, mk->v[i]);

		cairo_move_to(cr, x, ey - 0.3 * F);
		cairo_line_to(cr, x, ey + eh);
	}
	cairo_stroke(cr);
	mk = &row->marks[RENDER_MARK_MIGRATE];
	for (size_t i = 0; gantt_marks_drawable(g, mk) && i < mk->n; i++)
		migrate_mark(cr, render_axis_x(ax, mk->v[i]), ey, F);
	rgb(cr, &render_style_miss, 1);
	cairo_set_line_width(cr, 0.13 * F);
	mk = &row->marks[RENDER_MARK_ABORT];
	for (size_t i = 0; gantt_marks_drawable(g, mk) && i < mk->n; i++) {
		double x = render_axis_x(ax, mk->v[i]), c = ey + eh / 2;

		cairo_move_to(cr, x - 0.35 * F, c - 0.35 * F);
		cairo_line_to(cr, x + 0.35 * F, c + 0.35 * F);
		cairo_move_to(cr, x + 0.35 * F, c - 0.35 * F);
		cairo_line_to(cr, x - 0.35 * F, c + 0.35 * F);
	}
	cairo_stroke(cr);
}

static void draw_misses(cairo_t *cr, const struct render_gantt *g,
			const struct gantt_row *row, const struct gantt_ylayout *yl,
			double ry)
{
	const struct render_axis *ax = &g->ax;
	const struct render_misses *ms = &row->misses;
	double F = yl->F;
	double my = ry + yl->lane_y[RENDER_LANE_MISS] + 0.1 * F;
	double mh = yl->miss_h - 0.25 * F;
	double ey = ry + yl->lane_y[RENDER_LANE_EXEC];
	double *lx;
	int *lv;
	char (*lt)[48];

	/* a CPU row collects misses of many tasks, which overlap: thin spans
	 * and no deadline lines through other tasks' boxes */
	bool sparse = g->o.rows == RENDER_ROWS_TASK &&
		      (double)ms->n * 0.8 * F <= ax->x1 - ax->x0;

	if (!ms->n)
		return;
	if (g->o.rows == RENDER_ROWS_CPU)
		mh = 0.3 * F;
	for (size_t i = 0; i < ms->n; i++) {
		const struct render_miss *m = &ms->v[i];
		double x0 = render_axis_x(ax, m->d), x1 = render_axis_x(ax, m->f);

		miss_span(cr, x0, x1, my, mh, m->open, F, ax->px);
		if (sparse) {           /* the missed deadline */
			rgb(cr, &render_style_miss, 1);
			cairo_set_line_width(cr, 0.08 * F);
			cairo_move_to(cr, x0, ey);
			cairo_line_to(cr, x0, my);
			cairo_stroke(cr);
		}
	}
	lx = malloc(ms->n * sizeof(*lx));
	lv = malloc(ms->n * sizeof(*lv));
	lt = malloc(ms->n * sizeof(*lt));
	if (lx && lv && lt) {
		gantt_miss_labels(g, row, lx, lv, lt);
		rgb(cr, &render_style_miss, 1);
		font(cr, g->family, g->xl.small, true);
		for (size_t i = 0; i < ms->n; i++)
			if (lv[i] >= 0)
				text_at(cr, lx[i], my + mh + 0.1 * F +
					(double)lv[i] * 1.0 * F, lt[i]);
	}
	free(lx);
	free(lv);
	free(lt);
}

static void draw_row(cairo_t *cr, const struct render_gantt *g, size_t i,
		     const struct gantt_ylayout *yl)
{
	const struct gantt_row *row = &g->rows[i];
	double F = yl->F, ry = yl->top + (double)i * yl->row_h;
	double ey = ry + yl->lane_y[RENDER_LANE_EXEC];
	double eh = yl->lane_h[RENDER_LANE_EXEC];
	double lx = g->xl.margin;

	rgb(cr, &render_style_muted, 1);  /* the row's time line */
	cairo_set_line_width(cr, 0.05 * F);
	cairo_move_to(cr, g->ax.x0, ey + eh);
	cairo_line_to(cr, g->ax.x1, ey + eh);
	cairo_stroke(cr);
	cairo_save(cr);
	cairo_rectangle(cr, 0, ry, g->ax.x0 - 0.4 * F, yl->row_h);
	cairo_clip(cr);
	rgb(cr, &render_style_text, 1);
	font(cr, g->family, F, false);
	text_at(cr, lx, row->sublabel ? ey + 0.45 * eh : ey + 0.5 * eh + 0.35 * F,
		row->label);
	if (row->sublabel) {
		rgb(cr, &render_style_muted, 1);
		font(cr, g->family, g->xl.small, false);
		text_at(cr, lx, ey + eh + 0.25 * F, row->sublabel);
	}
	cairo_restore(cr);
	draw_boxes(cr, g, i, ey, eh);
	for (size_t k = 0; k < row->reclaim.n; k++) {   /* GRUB: lighter */
		const struct render_box *b = &row->reclaim.v[k];
		double x0 = render_axis_x(&g->ax, b->a);

		cairo_set_source_rgba(cr, 1, 1, 1, 0.55);
		cairo_rectangle(cr, x0, ey, render_axis_x(&g->ax, b->b) - x0, eh);
		cairo_fill(cr);
	}
	for (size_t k = 0; k < row->suspends.n; k++) {
		const struct render_box *b = &row->suspends.v[k];

		suspend_line(cr, render_axis_x(&g->ax, b->a),
			     render_axis_x(&g->ax, b->b), ey + eh / 2, F);
	}
	draw_misses(cr, g, row, yl, ry);
	draw_marks(cr, g, row, yl, ry);
	gantt_draw_resv(cr, g, row, yl, ry);
}

/* The time axis; with 'grid', only the grid lines (drawn under the rows). */
static void draw_axis(cairo_t *cr, const struct render_gantt *g,
		      const struct gantt_ylayout *yl, bool grid)
{
	const struct render_axis *ax = &g->ax;
	double F = yl->F, y = yl->axis_y, lw;
	char t[48], unit[64];
	rt_time step, tick, scale = g->uscale;
	unsigned max_ticks;

	font(cr, g->family, g->xl.small, false);
	render_format_time(t, sizeof(t), ax->t1, scale);
	lw = text_w(cr, t) + 2.5 * F;
	max_ticks = (unsigned)fmax(1, floor((ax->x1 - ax->x0) / lw));
	step = render_nice_step(ax->t1 - ax->t0, max_ticks);
	tick = rt_ceil_div(ax->t0, step) * step;
	for (; tick <= ax->t1; tick += step) {
		double x = render_axis_x(ax, tick), tw;

		if (grid) {
			rgb(cr, &render_style_grid, 1);
			cairo_set_line_width(cr, 0.04 * F);
			cairo_move_to(cr, x, yl->top);
			cairo_line_to(cr, x, y);
			cairo_stroke(cr);
			if (tick > ax->t1 - step)
				break;
			continue;
		}
		rgb(cr, &render_style_text, 1);
		cairo_set_line_width(cr, 0.07 * F);
		cairo_move_to(cr, x, y);
		cairo_line_to(cr, x, y + 0.35 * F);
		cairo_stroke(cr);
		render_format_time(t, sizeof(t), tick, scale);
		tw = text_w(cr, t);
		text_at(cr, x - tw / 2, y + 1.2 * F, t);
		if (tick > ax->t1 - step)
			break;
	}
	if (grid)
		return;
	cairo_set_line_width(cr, 0.07 * F);
	cairo_move_to(cr, ax->x0, y);
	cairo_line_to(cr, ax->x1, y);
	cairo_stroke(cr);
	snprintf(unit, sizeof(unit), "time (%s)", g->unit);
	text_at(cr, (ax->x0 + ax->x1 - text_w(cr, unit)) / 2, y + 2.2 * F, unit);
}

static void draw_page(cairo_t *cr, const struct render_gantt *g,
		      const struct gantt_ylayout *yl)
{
	font_setup(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	if (g->o.title) {
		rgb(cr, &render_style_text, 1);
		font(cr, g->family, 1.15 * yl->F, true);
		text_at(cr, (g->xl.width - text_w(cr, g->o.title)) / 2,
			yl->title_y, g->o.title);
	}
	for (size_t i = 1; i < g->nrows; i += 2) {  /* stripes guide the eye */
		rgb(cr, &render_style_band, 1);
		cairo_rectangle(cr, g->xl.margin - 0.3 * yl->F,
				yl->top + (double)i * yl->row_h,
				g->ax.x1 - g->xl.margin + 0.3 * yl->F, yl->row_h);
		cairo_fill(cr);
	}
	draw_axis(cr, g, yl, true);
	for (size_t i = 0; i < g->nrows; i++)
		draw_row(cr, g, i, yl);
	draw_axis(cr, g, yl, false);
	legend(cr, g, g->xl.margin, g->xl.width - g->xl.margin, yl->legend_y);
}

/* ---- output ----------------------------------------------------------- */

struct sink_ctx {
	FILE *f;
	bool svg;                       /* buffer the document (post-processed) */
	char *buf;
	size_t n, cap;
	bool oom;
};

static cairo_status_t write_fn(void *closure, const unsigned char *data,
			       unsigned int length)
{
	struct sink_ctx *s = closure;

	if (!s->svg)
		return fwrite(data, 1, length, s->f) == length ?
		       CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
	if (s->n + length + 1 > s->cap) {
		size_t cap = s->cap ? s->cap : 65536;
		char *b;

		while (cap < s->n + length + 1)
			cap *= 2;
		if (!(b = rt_reallocarray(s->buf, cap, 1))) {
			s->oom = true;
			return CAIRO_STATUS_NO_MEMORY;
		}
		s->buf = b;
		s->cap = cap;
	}
	memcpy(s->buf + s->n, data, length);
	s->n += length;
	s->buf[s->n] = '\0';
	return CAIRO_STATUS_SUCCESS;
}

static bool xml_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		const char *rep = NULL;

		switch (*s) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		default: break;
		}
		if (rep ? fputs(rep, f) < 0 : fputc(*s, f) == EOF)
			return false;
	}
	return true;
}

static void hex(char *b, const double *c)
{
	snprintf(b, 8, "#%02X%02X%02X", (unsigned)lround(c[0] * 255),
		 (unsigned)lround(c[1] * 255), (unsigned)lround(c[2] * 255));
}

/* Write the buffered SVG: cairo's per-process <g id="surfaceN"> counter
 * as 1 (same input, same bytes), and the collected text as <text>
 * elements before </svg>. */
static bool svg_write(const struct sink_ctx *s, const struct svg_texts *tx,
		      const char *family)
{
	static const char pat[] = "<g id=\"surface";
	const char *p = s->buf, *end = s->buf + s->n, *close, *q;
	bool serif = !strcmp(family, RENDER_FONT_SERIF);
	bool ok = true;

	close = NULL;
	for (q = p; (q = strstr(q, "</svg>")); q++)
		close = q;
	if (!close)
		close = end;
	while (ok && p < close) {
		const char *m = strstr(p, pat);

		if (!m || m >= close) {
			ok = fwrite(p, 1, (size_t)(close - p), s->f) ==
			     (size_t)(close - p);
			break;
		}
		m += sizeof(pat) - 1;
		ok = fwrite(p, 1, (size_t)(m - p), s->f) == (size_t)(m - p) &&
		     fputc('1', s->f) != EOF;
		while (m < close && *m >= '0' && *m <= '9')
			m++;
		p = m;
	}
	for (size_t i = 0; ok && i < tx->n; i++) {
		const struct svg_text *t = &tx->v[i];
		char c[8], h[8];

		hex(c, t->rgb);
		fprintf(s->f, "<text x=\"%.2f\" y=\"%.2f\" font-family=\"", t->x,
			t->y);
		xml_text(s->f, family);
		fprintf(s->f, ", %s\" font-size=\"%.2f\"%s fill=\"%s\"",
			serif ? "serif" : "sans-serif", t->size,
			t->bold ? " font-weight=\"bold\"" : "", c);
		if (t->alpha < 1)
			fprintf(s->f, " fill-opacity=\"%.2f\"", t->alpha);
		if (t->halo > 0) {
			hex(h, t->halo_rgb);
			fprintf(s->f, " stroke=\"%s\" stroke-width=\"%.2f\" "
				"paint-order=\"stroke\"", h, t->halo);
		}
		fputs(" xml:space=\"preserve\">", s->f);
		xml_text(s->f, t->s);
		ok = fputs("</text>\n", s->f) >= 0;
	}
	if (ok && close < end)
		ok = fwrite(close, 1, (size_t)(end - close), s->f) ==
		     (size_t)(end - close);
	return ok && !ferror(s->f);
}

enum rt_err gantt_draw_cairo(const struct render_gantt *g,
			     enum render_gantt_format fmt, FILE *f,
			     const char *path, struct rt_diag *d)
{
	struct sink_ctx sc = { .f = f, .svg = fmt == RENDER_GANTT_SVG };
	struct svg_texts tx = { 0 };
	double W = g->xl.width, scale = g->o.dpi / 72.0;
	cairo_status_t st, st2;
	cairo_surface_t *s;
	struct gantt_ylayout yl;
	cairo_t *cr;

	gantt_ylayout(g, &yl);
	yl.height = yl.legend_y + legend(NULL, g, g->xl.margin,
					 W - g->xl.margin, yl.legend_y) +
		    0.4 * g->xl.margin;
	if (fmt == RENDER_GANTT_PNG) {
		double wpx = ceil(W * scale), hpx = ceil(yl.height * scale);

		if (wpx > PNG_MAX_SIDE || hpx > PNG_MAX_SIDE)
			return rt_diagf(d, RT_ERR_INVAL, "%s: %.0fx%.0f pixels is "
					"too large for PNG (max %d a side); use "
					"SVG/PDF, a lower dpi or fewer rows",
					path, wpx, hpx, PNG_MAX_SIDE);
		s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)wpx,
					       (int)hpx);
	} else if (fmt == RENDER_GANTT_SVG) {
		s = cairo_svg_surface_create_for_stream(write_fn, &sc, W,
							yl.height);
		cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PT);
	} else {
		s = cairo_pdf_surface_create_for_stream(write_fn, &sc, W,
							yl.height);
		/* fixed dates: same input, same bytes */
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATE_DATE,
					       "1970-01-01T00:00:00Z");
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_MOD_DATE,
					       "1970-01-01T00:00:00Z");
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR,
					       "dlsim");
		if (g->o.title)
			cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE,
						       g->o.title);
	}
	cr = cairo_create(s);
	if (fmt == RENDER_GANTT_PNG)
		cairo_scale(cr, scale, scale);
	if (fmt == RENDER_GANTT_SVG)
		cairo_set_user_data(cr, &svg_text_key, &tx, NULL);
	draw_page(cr, g, &yl);
	st = cairo_status(cr);
	cairo_destroy(cr);
	if (st == CAIRO_STATUS_SUCCESS && fmt == RENDER_GANTT_PNG)
		st = cairo_surface_write_to_png_stream(s, write_fn, &sc);
	cairo_surface_finish(s);
	st2 = cairo_surface_status(s);
	cairo_surface_destroy(s);
	if (st == CAIRO_STATUS_SUCCESS)
		st = st2;
	if (sc.oom || tx.oom)
		st = CAIRO_STATUS_NO_MEMORY;
	if (st == CAIRO_STATUS_SUCCESS && sc.svg && !svg_write(&sc, &tx,
							       g->family))
		st = CAIRO_STATUS_WRITE_ERROR;
	rt_free(sc.buf);
	texts_fini(&tx);
	if (st == CAIRO_STATUS_WRITE_ERROR)
		return rt_diagf(d, RT_ERR_IO, "%s: write failed", path);
	if (st == CAIRO_STATUS_NO_MEMORY)
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", path);
	if (st != CAIRO_STATUS_SUCCESS)
		return rt_diagf(d, RT_ERR_IO, "%s: cairo: %s", path,
				cairo_status_to_string(st));
	return RT_OK;
}

/* FcFini lives in libfontconfig, which cairo loads but the build does not
 * link directly; find it in the already-loaded library (POSIX dlopen of a
 * loaded object just takes a reference). */
void render_release_caches(void)
{
	void *fc;

	cairo_debug_reset_static_data();
	fc = dlopen("libfontconfig.so.1", RTLD_LAZY);
	if (fc) {
		void (*fini)(void);
		void *sym = dlsym(fc, "FcFini");

		memcpy(&fini, &sym, sizeof(fini));      /* ISO C: no cast */
		if (fini)
			fini();
		dlclose(fc);
	}
}
