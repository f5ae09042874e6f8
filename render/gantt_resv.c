/* gantt_resv.c - the server lanes of a Gantt chart: each task row's
 * server budget as a step line and its throttled intervals hatched
 * (docs/design.md §8 "CBS budget/deadline postponements and throttled
 * intervals").
 *
 * Recording: server records (server_wakeup, replenish, budget_exhausted)
 * give the budget q of the row named by the record at that instant; while
 * a job of the row runs (START to PREEMPT/COMPLETE/SUSPEND) the budget drains at
 * rate 1 (GRUB's slower rate shows only at the next server record, which
 * corrects the level).  throttle/unthrottle records open and close the
 * row's throttled interval (END closes it).  Points closer than a pixel
 * merge (the later one wins) and throttles merge as execution boxes do,
 * so memory stays O(rows x width in pixels).  A server shared by several
 * tasks draws on the row of the task it was serving.
 *
 * Drawing: the budget lane scales 0..max q of the row; the curve drops
 * while the row runs and jumps at replenishments (a postponement of the
 * soft CBS, or the end of a throttle).  Throttles are grey hatched bars.
 */
#include "render/gantt_resv.h"

#include <string.h>

#include "models/mem.h"
#include "render/style.h"

/* Work and runtime per time unit in 1/1024 (SCHED_CAPACITY_SCALE): a
 * CPU of capacity c executes c of them, and a reservation on it drains
 * as much runtime (dl_scaled_delta_exec()). */
#define RESV_SCALE 1024u


void gantt_resv_row_init(struct gantt_row *r)
{
	memset(&r->budget, 0, sizeof(r->budget));
	memset(&r->throttles, 0, sizeof(r->throttles));
	memset(&r->sdl, 0, sizeof(r->sdl));
	memset(&r->postpones, 0, sizeof(r->postpones));
	r->throttle_from = RT_TIME_NEVER;
	r->sdl_cur = RT_TIME_NEVER;
	r->reject_at = RT_TIME_NEVER;
	r->srvlabel = NULL;
	r->fair = false;
	r->running = false;
	r->q_known = RT_TIME_NEVER;
	r->exec_acc = 0;
	r->run_cap = RESV_SCALE;
	memset(&r->reclaim, 0, sizeof(r->reclaim));
}

void gantt_resv_row_fini(struct gantt_row *r)
{
	rt_free(r->budget.v);
	memset(&r->budget, 0, sizeof(r->budget));
	render_boxes_fini(&r->throttles);
	render_marks_fini(&r->sdl);
	render_boxes_fini(&r->postpones);
	render_boxes_fini(&r->reclaim);
	rt_free(r->srvlabel);
	r->srvlabel = NULL;
}

const struct render_marks *render_gantt_server_deadlines(
	const struct render_gantt *g, size_t row)
{
	return row < g->nrows ? &g->rows[row].sdl : NULL;
}

const struct render_boxes *render_gantt_postponements(
	const struct render_gantt *g, size_t row)
{
	return row < g->nrows ? &g->rows[row].postpones : NULL;
}

const struct render_boxes *render_gantt_reclaimed(const struct render_gantt *g,
						  size_t row)
{
	return row < g->nrows ? &g->rows[row].reclaim : NULL;
}

static uint32_t resv_cap(const struct render_gantt *g, int32_t cpu)
{
	if (!g->m->capacity || cpu < 0 || (unsigned)cpu >= g->m->cpus)
		return RESV_SCALE;
	return g->m->capacity[cpu];
}

/* Record 'amount' of reclaimed time as the last that much execution of
 * the row before t: the open run [run_from, t) first, then the row's
 * boxes backwards (the open run is not a box yet: the recorder closes it
 * after this). */
static enum rt_err resv_reclaim(struct render_gantt *g, struct gantt_row *row,
				rt_time t, rt_time amount)
{
	struct render_box tail[8];
	size_t nt = 0;
	rt_time end = t;
	enum rt_err rc = RT_OK;

	if (row->running && amount > 0) {
		rt_time a = t - amount > row->run_from ? t - amount : row->run_from;

		tail[nt++] = (struct render_box){ .a = a, .b = t };
		amount -= t - a;
		end = row->run_from;
	}
	for (size_t i = row->boxes.n; i-- > 0 && amount > 0 && nt < 8;) {
		const struct render_box *b = &row->boxes.v[i];
		rt_time bb = b->b < end ? b->b : end, a;

		if (bb <= b->a)
			continue;
		a = bb - amount > b->a ? bb - amount : b->a;
		tail[nt++] = (struct render_box){ .a = a, .b = bb };
		amount -= bb - a;
		end = a;
	}
	while (nt-- > 0 && rc == RT_OK)         /* in time order */
		rc = render_boxes_add(&row->reclaim, &g->ax, tail[nt].a,
				      tail[nt].b, 0, GANTT_MIN_BOX_PX);
	g->nreclaim += row->reclaim.n > 0;
	return rc;
}

/* A server record setting the level q at t: compare with what the time
 * executed since the last one should have consumed. */
static enum rt_err resv_level_known(struct render_gantt *g,
				    struct gantt_row *row,
				    const struct sim_rec *r)
{
	/* work in 1/1024 units: on a CPU of capacity c a time unit
	 * executes c/1024 of work and drains as much runtime */
	rt_i128 exec = (rt_i128)row->exec_acc + (row->running ?
		       (rt_i128)(r->time - row->run_from) * row->run_cap : 0);
	rt_i128 used = row->q_known == RT_TIME_NEVER ? 0 :
		       ((rt_i128)row->q_known - r->value) * RESV_SCALE;
	enum rt_err rc = RT_OK;

	if (r->kind == SIM_REC_BUDGET_EXHAUSTED && row->q_known != RT_TIME_NEVER &&
	    exec > used)
		rc = resv_reclaim(g, row, r->time, (rt_time)((exec - used +
				  row->run_cap - 1) / row->run_cap));
	row->q_known = r->value;
	row->exec_acc = 0;
	if (row->running)
		row->run_from = r->time;
	return rc;
}

rt_time render_gantt_rejected_at(const struct render_gantt *g, size_t row)
{
	return row < g->nrows ? g->rows[row].reject_at : RT_TIME_NEVER;
}

/* A new server deadline d at time t: a mark at d (inside [t0, t1)), and a
 * postponement [old, d) when the old deadline was still ahead (a CBS
 * budget exhaustion keeps the server active and moves d; a wake-up or a
 * replenishment after the old deadline sets a fresh one). */
static enum rt_err resv_deadline(struct render_gantt *g, struct gantt_row *row,
				 rt_time t, rt_time d)
{
	rt_time old = row->sdl_cur;
	enum rt_err rc = RT_OK;

	row->sdl_cur = d;
	if (old != RT_TIME_NEVER && t < old && d > old && old >= g->ax.t0 &&
	    d < g->ax.t1) {     /* both ends inside [t0, t1) */
		g->npostpone++;
		rc = render_boxes_add(&row->postpones, &g->ax, old, d, 0, 0);
	}
	if (rc == RT_OK && d >= g->ax.t0 && d < g->ax.t1 && d != old) {
		g->nsdl++;
		rc = render_marks_add(&row->sdl, &g->ax, d, GANTT_MIN_MARK_PX);
	}
	return rc;
}

const struct render_budget *render_gantt_budget(const struct render_gantt *g,
						size_t row)
{
	return row < g->nrows ? &g->rows[row].budget : NULL;
}

const struct render_boxes *render_gantt_throttles(const struct render_gantt *g,
						  size_t row)
{
	return row < g->nrows ? &g->rows[row].throttles : NULL;
}

bool gantt_resv_used(const struct render_gantt *g)
{
	for (size_t i = 0; i < g->nrows; i++)
		if (gantt_resv_row_used(&g->rows[i]))
			return true;
	return false;
}

bool gantt_resv_row_used(const struct gantt_row *r)
{
	return r->budget.n || r->throttles.n ||
	       r->throttle_from != RT_TIME_NEVER;
}

/* The budget of row r at time t, from its last point. */
/* A point's level at t: drained at rate/1024 since p->t. */
static rt_time resv_pt_level(const struct render_budget_pt *p, rt_time t)
{
	return p->drain ? p->q - (rt_time)((rt_i128)(t - p->t) * p->rate /
					   RESV_SCALE) : p->q;
}

static rt_time resv_level(const struct render_budget *b, rt_time t)
{
	return resv_pt_level(&b->v[b->n - 1], t);
}

/* Append (t, q, drain); a point within a pixel of the last one replaces
 * it.  Points outside the window are kept as the level entering it. */
static enum rt_err resv_point(struct render_gantt *g, struct render_budget *b,
			      rt_time t, rt_time q, bool drain, uint32_t rate)
{
	if (b->n) {
		struct render_budget_pt *p = &b->v[b->n - 1];
		double dx = render_axis_x(&g->ax, t) - render_axis_x(&g->ax, p->t);

		if ((dx < 0.5 * g->ax.px && b->n > 1) || t < g->ax.t0) {
			p->t = t;
			p->q = q;
			p->drain = drain;
			p->rate = rate;
			return RT_OK;
		}
	}
	if (t >= g->ax.t1)              /* [t0, t1): t1 is the next window's */
		return RT_OK;
	if (b->n == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 16;
		struct render_budget_pt *v = rt_reallocarray(b->v, cap,
							     sizeof(*v));

		if (!v)
			return RT_ERR_NOMEM;
		b->v = v;
		b->cap = cap;
	}
	b->v[b->n].t = t;
	b->v[b->n].q = q;
	b->v[b->n].rate = rate;
	b->v[b->n++].drain = drain;
	return RT_OK;
}

static enum rt_err resv_throttle_close(struct render_gantt *g,
				       struct gantt_row *row, rt_time t)
{
	rt_time a = row->throttle_from;

	if (a == RT_TIME_NEVER)
		return RT_OK;
	row->throttle_from = RT_TIME_NEVER;
	return render_boxes_add(&row->throttles, &g->ax, a, t, 0,
				GANTT_MIN_BOX_PX);
}

enum rt_err gantt_resv_emit(struct render_gantt *g, const struct sim_rec *r)
{
	struct gantt_row *row;
	enum rt_err rc = RT_OK;

	if (g->o.rows != RENDER_ROWS_TASK)
		return RT_OK;
	if (r->kind == SIM_REC_END) {
		for (size_t i = 0; i < g->nrows && rc == RT_OK; i++)
			rc = resv_throttle_close(g, &g->rows[i], r->time);
		return rc;
	}
	if (r->task >= g->nrows)
		return RT_OK;
	row = &g->rows[r->task];
	switch (r->kind) {
	case SIM_REC_SERVER_WAKEUP:
	case SIM_REC_REPLENISH:
	case SIM_REC_BUDGET_EXHAUSTED:
		rc = resv_level_known(g, row, r);
		/* the level is q from now; it drains while a job runs (a CBS
		 * job keeps running across an exhaustion and refill) */
		return rc != RT_OK ? rc : resv_point(g, &row->budget, r->time,
						     r->value, row->running,
						     row->run_cap);
	case SIM_REC_START:
		if (!row->running)
			row->run_from = r->time;
		row->running = true;
		row->run_cap = resv_cap(g, r->cpu);
		if (!row->budget.n)
			return RT_OK;
		return resv_point(g, &row->budget, r->time,
				  resv_level(&row->budget, r->time), true,
				  row->run_cap);
	case SIM_REC_PREEMPT:
	case SIM_REC_COMPLETE:
	case SIM_REC_SUSPEND:
	case SIM_REC_ABORT:
		if (row->running)
			row->exec_acc += (r->time - row->run_from) *
					 (rt_time)row->run_cap;
		row->running = false;
		if (!row->budget.n)
			return RT_OK;
		return resv_point(g, &row->budget, r->time,
				  resv_level(&row->budget, r->time), false,
				  row->run_cap);
	case SIM_REC_SERVER_DEADLINE:
		return resv_deadline(g, row, r->time, r->value);
	case SIM_REC_REJECT:
		if (r->time < g->ax.t1) {
			row->reject_at = r->time;
			g->nreject++;
		}
		return RT_OK;
	case SIM_REC_THROTTLE:
		rc = resv_throttle_close(g, row, r->time);
		row->throttle_from = r->time;
		return rc;
	case SIM_REC_UNTHROTTLE:
		return resv_throttle_close(g, row, r->time);
	default:
		return RT_OK;
	}
}

/* The budget curve as (x, y) points: calls emit(x, y) for each vertex. */
void gantt_resv_curve(const struct render_gantt *g, const struct render_budget *b,
		       double by, double bh,
		       void (*emit)(void *ctx, double x, double y), void *ctx)
{
	const struct render_axis *ax = &g->ax;
	rt_time qmax = 1;

	for (size_t i = 0; i < b->n; i++)
		if (b->v[i].q > qmax)
			qmax = b->v[i].q;
	for (size_t i = 0; i < b->n; i++) {
		const struct render_budget_pt *p = &b->v[i];
		rt_time t1 = i + 1 < b->n ? b->v[i + 1].t : ax->t1;
		rt_time q1 = resv_pt_level(p, t1);
		rt_time t0 = p->t < ax->t0 ? ax->t0 : p->t;
		rt_time q0 = resv_pt_level(p, t0);

		emit(ctx, render_axis_x(ax, t0), by + bh * (1.0 -
		     (double)(q0 > 0 ? q0 : 0) / (double)qmax));
		emit(ctx, render_axis_x(ax, t1), by + bh * (1.0 -
		     (double)(q1 > 0 ? q1 : 0) / (double)qmax));
	}
}

/* A throttled interval: a grey hatched bar from x0 to x1. */
static void throttle_band(cairo_t *cr, double x0, double ty, double x1,
			  double th, double F)
{
	cairo_set_source_rgba(cr, render_style_muted.r, render_style_muted.g,
			      render_style_muted.b, 0.25);
	cairo_rectangle(cr, x0, ty, x1 - x0, th);
	cairo_fill(cr);
	cairo_save(cr);
	cairo_rectangle(cr, x0, ty, x1 - x0, th);
	cairo_clip(cr);
	cairo_set_source_rgb(cr, render_style_muted.r, render_style_muted.g,
			     render_style_muted.b);
	cairo_set_line_width(cr, 0.05 * F);
	for (double s = -th; s < x1 - x0 + th; s += 0.3 * F) {
		cairo_move_to(cr, x0 + s, ty + th);
		cairo_line_to(cr, x0 + s + th, ty);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* A deadline postponement (RTSched's \DeadlineMove): an arc from the old
 * server deadline xa to the new one xb, bulging up from y. */
static void postpone_arrow(cairo_t *cr, double xa, double xb, double y,
			   double F)
{
	double lift = 0.45 * F, hx = xb - xa > 0 ? 1 : -1;

	cairo_set_source_rgb(cr, render_style_server.r, render_style_server.g,
			     render_style_server.b);
	cairo_set_line_width(cr, 0.07 * F);
	cairo_move_to(cr, xa, y + 0.2 * F);
	cairo_curve_to(cr, xa, y - lift, xb, y - lift, xb - hx * 0.05 * F,
		       y + 0.05 * F);
	cairo_stroke(cr);
	cairo_move_to(cr, xb, y + 0.3 * F);
	cairo_line_to(cr, xb - hx * 0.32 * F, y - 0.02 * F);
	cairo_line_to(cr, xb + hx * 0.05 * F, y - 0.12 * F);
	cairo_close_path(cr);
	cairo_fill(cr);
}

static void resv_cairo_pt(void *ctx, double x, double y)
{
	cairo_t *cr = ctx;

	if (cairo_has_current_point(cr))
		cairo_line_to(cr, x, y);
	else
		cairo_move_to(cr, x, y);
}

rt_time gantt_resv_qmax(const struct render_budget *b)
{
	rt_time q = 1;

	for (size_t i = 0; i < b->n; i++)
		if (b->v[i].q > q)
			q = b->v[i].q;
	return q;
}

/* Right-aligned text ending at x. */
static void text_right(cairo_t *cr, double x, double y, const char *t)
{
	cairo_text_extents_t e;

	cairo_text_extents(cr, t, &e);
	gantt_show_text(cr, x - e.x_advance, y, t);
}

/* The server marks of a row: server deadlines as dashed arrows down
 * through the budget lane, postponements as arcs above it, and the
 * "rejected at t" mark in the box lane. */
static void resv_marks(cairo_t *cr, const struct render_gantt *g,
		       const struct gantt_row *row,
		       const struct gantt_ylayout *yl, double ry)
{
	const struct render_axis *ax = &g->ax;
	double F = yl->F, dash[2] = { 0.25 * F, 0.15 * F };
	double top = ry + yl->lane_y[RENDER_LANE_BUDGET];
	double bot = top + yl->lane_h[RENDER_LANE_BUDGET] +
		     yl->lane_h[RENDER_LANE_THROTTLE] - 0.1 * F;

	if (yl->lane_h[RENDER_LANE_BUDGET] > 0 &&
	    gantt_marks_drawable(g, &row->sdl)) {
		cairo_set_source_rgb(cr, render_style_server.r,
				     render_style_server.g,
				     render_style_server.b);
		for (size_t i = 0; i < row->sdl.n; i++) {
			double x = render_axis_x(ax, row->sdl.v[i]);

			cairo_set_line_width(cr, 0.08 * F);
			cairo_set_dash(cr, dash, 2, 0);
			cairo_move_to(cr, x, top);
			cairo_line_to(cr, x, bot - 0.35 * F);
			cairo_stroke(cr);
			cairo_set_dash(cr, NULL, 0, 0);
			cairo_move_to(cr, x, bot);
			cairo_line_to(cr, x - 0.2 * F, bot - 0.38 * F);
			cairo_line_to(cr, x + 0.2 * F, bot - 0.38 * F);
			cairo_close_path(cr);
			cairo_fill(cr);
		}
		for (size_t i = 0; i < row->postpones.n; i++)
			postpone_arrow(cr, render_axis_x(ax, row->postpones.v[i].a),
				       render_axis_x(ax, row->postpones.v[i].b),
				       top - 0.05 * F, F);
	}
	if (row->reject_at != RT_TIME_NEVER) {
		double ey = ry + yl->lane_y[RENDER_LANE_EXEC];
		double eh = yl->lane_h[RENDER_LANE_EXEC];
		double x = render_axis_x(ax, row->reject_at < ax->t0 ? ax->t0 :
					 row->reject_at);
		char t[64], v[32];

		cairo_set_source_rgb(cr, render_style_miss.r, render_style_miss.g,
				     render_style_miss.b);
		cairo_set_line_width(cr, 0.13 * F);
		cairo_move_to(cr, x - 0.3 * F, ey + eh / 2 - 0.3 * F);
		cairo_line_to(cr, x + 0.3 * F, ey + eh / 2 + 0.3 * F);
		cairo_move_to(cr, x + 0.3 * F, ey + eh / 2 - 0.3 * F);
		cairo_line_to(cr, x - 0.3 * F, ey + eh / 2 + 0.3 * F);
		cairo_stroke(cr);
		render_format_time(v, sizeof(v), row->reject_at, g->uscale);
		snprintf(t, sizeof(t), "rejected at %s", v);
		gantt_cairo_font(cr, g, g->xl.small, true);
		gantt_show_text(cr, x + 0.55 * F, ey + eh / 2 + 0.3 * F, t);
	}
}

void gantt_draw_resv(cairo_t *cr, const struct render_gantt *g,
		     const struct gantt_row *row,
		     const struct gantt_ylayout *yl, double ry)
{
	const struct render_axis *ax = &g->ax;
	const struct render_budget *b = &row->budget;
	double F = yl->F;
	double by = ry + yl->lane_y[RENDER_LANE_BUDGET] + 0.1 * F;
	double bh = yl->lane_h[RENDER_LANE_BUDGET] - 0.2 * F;
	double ty = ry + yl->lane_y[RENDER_LANE_THROTTLE] + 0.05 * F;
	double th = yl->lane_h[RENDER_LANE_THROTTLE] - 0.15 * F;
	char q[32];

	resv_marks(cr, g, row, yl, ry);
	if (bh <= 0 || th <= 0)
		return;
	/* throttled intervals: grey hatched bars */
	for (size_t i = 0; i < row->throttles.n; i++) {
		const struct render_box *x = &row->throttles.v[i];

		throttle_band(cr, render_axis_x(ax, x->a), ty,
			      render_axis_x(ax, x->b), th, F);
	}
	if (!b->n)
		return;
	/* the scale: 0 and Q left of the lane, the server's (Q, T) in the
	 * label column */
	cairo_set_source_rgb(cr, render_style_muted.r, render_style_muted.g,
			     render_style_muted.b);
	cairo_set_line_width(cr, 0.05 * F);
	cairo_move_to(cr, ax->x0 - 0.2 * F, by);
	cairo_line_to(cr, ax->x0, by);
	cairo_move_to(cr, ax->x0 - 0.2 * F, by + bh);
	cairo_line_to(cr, ax->x0, by + bh);
	cairo_move_to(cr, ax->x0, by);
	cairo_line_to(cr, ax->x0, by + bh);
	cairo_stroke(cr);
	gantt_cairo_font(cr, g, g->xl.small, false);
	render_format_time_sig(q, sizeof(q), gantt_resv_qmax(b), g->pscale, 3);
	text_right(cr, ax->x0 - 0.3 * F, by + 0.55 * F, q);
	text_right(cr, ax->x0 - 0.3 * F, by + bh + 0.25 * F, "0");
	if (row->srvlabel) {
		gantt_show_text(cr, g->xl.margin, by + bh / 2 + 0.3 * F,
				row->srvlabel);
	}
	/* the budget: a step line, dropping while the row runs */
	cairo_set_source_rgb(cr, render_style_text.r, render_style_text.g,
			     render_style_text.b);
	cairo_set_line_width(cr, 0.08 * F);
	cairo_save(cr);
	cairo_rectangle(cr, ax->x0, by - 0.1 * F, ax->x1 - ax->x0, bh + 0.2 * F);
	cairo_clip(cr);
	cairo_new_path(cr);
	gantt_resv_curve(g, b, by, bh, resv_cairo_pt, cr);
	cairo_stroke(cr);
	cairo_restore(cr);
}

void gantt_resv_legend_glyph(cairo_t *cr, enum gantt_legend_kind k, double x,
			     double y, double w, double h, double F)
{
	double dash[2] = { 0.25 * F, 0.15 * F };

	cairo_save(cr);
	switch (k) {
	case GANTT_LEG_BUDGET:          /* a draining then refilled budget */
		cairo_set_source_rgb(cr, render_style_text.r,
				     render_style_text.g, render_style_text.b);
		cairo_set_line_width(cr, 0.08 * F);
		cairo_move_to(cr, x, y + 0.1 * h);
		cairo_line_to(cr, x + 0.6 * w, y + 0.9 * h);
		cairo_line_to(cr, x + 0.6 * w, y + 0.1 * h);
		cairo_line_to(cr, x + w, y + 0.1 * h);
		cairo_stroke(cr);
		break;
	case GANTT_LEG_THROTTLE:
		throttle_band(cr, x, y + 0.2 * h, x + w, 0.6 * h, F);
		break;
	case GANTT_LEG_SDEADLINE:
		cairo_set_source_rgb(cr, render_style_server.r,
				     render_style_server.g,
				     render_style_server.b);
		cairo_set_line_width(cr, 0.08 * F);
		cairo_set_dash(cr, dash, 2, 0);
		cairo_move_to(cr, x + w / 2, y - 0.1 * F);
		cairo_line_to(cr, x + w / 2, y + h - 0.2 * F);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
		cairo_move_to(cr, x + w / 2, y + h + 0.1 * F);
		cairo_line_to(cr, x + w / 2 - 0.2 * F, y + h - 0.3 * F);
		cairo_line_to(cr, x + w / 2 + 0.2 * F, y + h - 0.3 * F);
		cairo_close_path(cr);
		cairo_fill(cr);
		break;
	case GANTT_LEG_POSTPONE:
		postpone_arrow(cr, x, x + w, y + 0.3 * h, F);
		break;
	default:
		break;
	}
	cairo_restore(cr);
}
