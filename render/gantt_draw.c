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
 *
 * About 680 lines: every glyph of the chart (boxes, hatches, marks, lanes
 * of servers and resources, the legend's samples of each) is drawn here
 * so that the three cairo formats share one drawing; the layout is
 * gantt_layout.c's, TikZ is tikz.c's.
 */
#include "render/gantt_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

#include "models/mem.h"
#include "render/canvas.h"
#include "render/gantt_resv.h"
#include "render/style.h"


/* ---- helpers ----------------------------------------------------------- */

static void font(cairo_t *cr, const char *family, double size, bool bold)
{
	canvas_font(cr, family, size, bold);
}

static double text_w(cairo_t *cr, const char *s)
{
	return canvas_text_w(cr, s);
}

static void rgb(cairo_t *cr, const struct render_rgb *c, double alpha)
{
	cairo_set_source_rgba(cr, c->r, c->g, c->b, alpha);
}

static void text_at(cairo_t *cr, double x, double y, const char *s)
{
	canvas_text(cr, x, y, s);
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
		canvas_hatch(cr, x0, y, x1 - x0, h, RENDER_HATCH_FWD, 0.3 * F);
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

/* Shared resources on a task row: execution holding resource k hatched
 * with its hatch (darker, denser than the task's own); blocked intervals
 * as a violet band in the lower part of the row. */
static void block_band(cairo_t *cr, double x0, double x1, double y, double h,
		       double F)
{
	cairo_set_source_rgba(cr, 0.5, 0.2, 0.65, 0.2);    /* violet */
	cairo_rectangle(cr, x0, y, x1 - x0, h);
	cairo_fill(cr);
	cairo_set_source_rgba(cr, 0.5, 0.2, 0.65, 1);
	cairo_set_line_width(cr, 0.08 * F);
	cairo_rectangle(cr, x0, y, x1 - x0, h);
	cairo_stroke(cr);
}

static void draw_locks(cairo_t *cr, const struct render_gantt *g,
		       const struct gantt_row *row, double ey, double eh,
		       double F)
{
	for (size_t k = 0; k < row->sections.n; k++) {
		const struct render_box *b = &row->sections.v[k];
		double x0 = render_axis_x(&g->ax, b->a);
		double x1 = render_axis_x(&g->ax, b->b);

		cairo_set_source_rgba(cr, 0, 0, 0, 0.85);
		cairo_set_line_width(cr, 0.09 * F);
		canvas_hatch(cr, x0, ey, x1 - x0, eh,
			     gantt_locks_hatch((size_t)b->colour), 0.22 * F);
	}
	for (size_t k = 0; k < row->blocks.n; k++) {
		const struct render_box *b = &row->blocks.v[k];

		block_band(cr, render_axis_x(&g->ax, b->a),
			   render_axis_x(&g->ax, b->b), ey + 0.6 * eh,
			   0.4 * eh, F);
	}
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
		canvas_hatch(cr, x, y, w, h, hk, 0.3 * F);
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
	case GANTT_LEG_SECTION:
		cairo_set_source_rgba(cr, 1, 1, 1, 1);
		cairo_rectangle(cr, x, y, w, h);
		cairo_fill(cr);
		cairo_set_source_rgba(cr, 0, 0, 0, 0.85);
		cairo_set_line_width(cr, 0.09 * F);
		canvas_hatch(cr, x, y, w, h,
			     gantt_locks_hatch((size_t)it->colour), 0.22 * F);
		cairo_set_source_rgba(cr, 0, 0, 0, 0.6);
		cairo_set_line_width(cr, 0.06 * F);
		cairo_rectangle(cr, x, y, w, h);
		cairo_stroke(cr);
		return;
	case GANTT_LEG_BLOCK:
		block_band(cr, x, x + w, y + 0.3 * h, 0.7 * h, F);
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
	if (0.299 * c->r + 0.587 * c->g + 0.114 * c->b > 0.5)
		rgb(cr, &render_style_text, 1);
	else
		cairo_set_source_rgb(cr, 1, 1, 1);
	if (canvas_text_halo(cr, x0 + (w - tw) / 2, y + h / 2 + 0.3 * F, t, c,
			     0.25 * F))
		return;
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
		canvas_hatch(cr, x0, y, w, h, hk, 0.35 * F);
		cairo_set_source_rgba(cr, 0, 0, 0, 0.7);
		cairo_rectangle(cr, x0, y, w, h);
		cairo_stroke(cr);
		/* names inside only where one could fit (measuring every
		 * pixel-wide box of a long run would double the drawing) */
		if (b->colour < 0 || (!cpu_rows && !cpu_digits) || w < 0.9 * F)
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
	struct gantt_miss_text mt;

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
	if (!gantt_miss_text_place(g, row, &mt)) {
		canvas_nomem(cr);       /* no chart without its labels */
		return;
	}
	rgb(cr, &render_style_miss, 1);
	font(cr, g->family, g->xl.small, true);
	for (size_t i = 0; i < ms->n; i++) {
		double base = my + mh + 0.1 * F + (double)mt.level[i] * 1.0 * F;

		if (mt.level[i] < 0)
			continue;
		text_at(cr, mt.x[i], base, mt.text[i]);
		if (mt.level[i] > 0) {  /* a leader to its span's end */
			cairo_set_line_width(cr, 0.05 * F);
			cairo_move_to(cr, render_axis_x(ax, ms->v[i].f),
				      my + mh);
			cairo_line_to(cr, mt.x[i] - 0.1 * F, base - 0.55 * F);
			cairo_stroke(cr);
		}
	}
	gantt_miss_text_free(&mt);
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
	draw_locks(cr, g, row, ey, eh, F);
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

struct page {
	const struct render_gantt *g;
	const struct gantt_ylayout *yl;
};

static void draw_page_cb(cairo_t *cr, void *ctx)
{
	const struct page *p = ctx;

	draw_page(cr, p->g, p->yl);
}

double gantt_page_height(const struct render_gantt *g,
			 struct gantt_ylayout *yl)
{
	double W = g->xl.width;

	gantt_ylayout(g, yl);
	yl->height = yl->legend_y + legend(NULL, g, g->xl.margin,
					   W - g->xl.margin, yl->legend_y) +
		     0.4 * g->xl.margin;
	return yl->height;
}

bool gantt_vector_size_ok(double W, double H)
{
	return W <= GANTT_VECTOR_MAX_PT && H <= GANTT_VECTOR_MAX_PT;
}

bool render_gantt_vector_fits(const struct render_gantt *g, double *w_pt,
			      double *h_pt)
{
	struct gantt_ylayout yl;
	double W = g->xl.width, H = gantt_page_height(g, &yl);

	if (w_pt)
		*w_pt = W;
	if (h_pt)
		*h_pt = H;
	return gantt_vector_size_ok(W, H);
}

enum rt_err gantt_check_vector_size(const char *path, const char *what,
				    double W, double H, struct rt_diag *d)
{
	if (gantt_vector_size_ok(W, H))
		return RT_OK;
	return rt_diagf(d, RT_ERR_INVAL, "%s: %.0fx%.0f points is too large "
			"for %s (max %.0f a side, 200 inches); use fewer rows "
			"(--gantt-rows task or cpu, whichever is fewer; fewer "
			"tasks)", path, W, H, what,
			GANTT_VECTOR_MAX_PT);
}

enum rt_err gantt_draw_cairo(const struct render_gantt *g,
			     enum render_gantt_format fmt, FILE *f,
			     const char *path, struct rt_diag *d)
{
	struct gantt_ylayout yl;
	struct page p = { g, &yl };
	double W = g->xl.width;
	enum rt_err err;

	gantt_page_height(g, &yl);
	if (yl.oom)
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", path);
	if (fmt != RENDER_GANTT_PNG &&
	    (err = gantt_check_vector_size(path, fmt == RENDER_GANTT_SVG ?
					   "SVG" : "PDF", W, yl.height,
					   d)) != RT_OK)
		return err;
	return canvas_write(fmt, f, path, W, yl.height, g->o.dpi, g->family,
			    g->o.title, draw_page_cb, &p, d);
}

double gantt_text_width(const char *family, const char *text, double size,
			bool bold)
{
	return canvas_measure(family, text, size, bold);
}

void gantt_cairo_font(cairo_t *cr, const struct render_gantt *g, double size,
		      bool bold)
{
	canvas_font(cr, g->family, size, bold);
}

void gantt_show_text(cairo_t *cr, double x, double y, const char *s)
{
	canvas_text(cr, x, y, s);
}

