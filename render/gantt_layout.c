/* gantt_layout.c - the chart's layout, shared by the back ends (cairo:
 * gantt_draw.c, TikZ: tikz.c): the label column and horizontal scale
 * fixed at creation (the recorder merges boxes at the output resolution,
 * so it needs them), the vertical layout of rows and lanes, the legend,
 * box colours and miss labels.
 *
 * Everything is in points and pure given the recorded rows; only text
 * widths come from the cairo back end (gantt_text_width).
 */
#include "render/gantt_int.h"

#include <string.h>

#include "models/mem.h"
#include "render/internal.h"
#include "render/style.h"

/* Labels wider than 0.4 of the page: task rows put "τᵢ name" on the
 * first line and the tuple (8 pt) under it instead of clipping. */
enum rt_err gantt_fit_labels(struct render_gantt *g)
{
	bool wide = false;

	for (size_t i = 0; g->o.rows == RENDER_ROWS_TASK && i < g->nrows; i++)
		wide = wide || gantt_text_width(g->family, g->rows[i].label,
						g->xl.font, false) >
			       0.4 * g->xl.width;
	for (size_t i = 0; wide && i < g->nrows; i++) {
		struct gantt_row *r = &g->rows[i];
		char *tuple = strchr(r->label, '(');
		char buf[GANTT_TEXT_MAX * 2 + 32], *nl, *ns;
		size_t k;

		if (!tuple || !r->sublabel)
			continue;
		k = gantt_tau_name(buf, sizeof(buf), i);
		snprintf(buf + k, sizeof(buf) - k, " %s", r->sublabel);
		nl = rt_strdup(buf);
		ns = rt_strdup(tuple);
		if (!nl || !ns) {
			rt_free(nl);
			rt_free(ns);
			return RT_ERR_NOMEM;
		}
		rt_free(r->label);
		rt_free(r->sublabel);
		r->label = nl;
		r->sublabel = ns;
	}
	return RT_OK;
}

/* Fix the horizontal layout: fonts for print at 100 % (IEEE and ACM ask
 * for >= 8 pt in figures: row labels 9 pt, every other text 8 pt, at any
 * width), label column from the widest label. */
void gantt_xlayout(struct render_gantt *g)
{
	struct gantt_xlayout *xl = &g->xl;
	double wmax = 0, right;
	char t1[48];

	xl->width = g->o.width_pt;
	xl->font = 9.0;
	xl->small = 8.0;
	xl->margin = 0.8 * xl->font;
	for (size_t i = 0; i < g->nrows; i++) {
		double w = gantt_text_width(g->family, g->rows[i].label,
					    xl->font, false);

		if (g->rows[i].sublabel) {
			double s = gantt_text_width(g->family,
						    g->rows[i].sublabel,
						    xl->small, false);
			if (s > w)
				w = s;
		}
		if (g->rows[i].srvlabel) {      /* + the budget scale "10" */
			double s = gantt_text_width(g->family,
						    g->rows[i].srvlabel,
						    xl->small, false) +
				   2.0 * xl->font;
			if (s > w)
				w = s;
		}
		if (w > wmax)
			wmax = w;
	}
	if (wmax > 0.4 * xl->width)     /* very long names are clipped */
		wmax = 0.4 * xl->width;
	xl->label_w = wmax + xl->font;
	/* room for half the last tick label, centred on its tick: at most
	 * as wide as t1's (draw_axis), plus a digit for a tick whose
	 * label needs one more decimal */
	render_format_time(t1, sizeof(t1), g->o.t1, g->uscale);
	right = 0.5 * gantt_text_width(g->family, t1, xl->small, false) +
		0.6 * xl->small;
	if (right < 1.5 * xl->font)
		right = 1.5 * xl->font;
	g->ax.t0 = g->o.t0;
	g->ax.t1 = g->o.t1;
	g->ax.x0 = xl->margin + xl->label_w;
	g->ax.x1 = xl->width - right;
	g->ax.px = 72.0 / g->o.dpi;
}

bool gantt_marks_drawable(const struct render_gantt *g,
			  const struct render_marks *mk)
{
	return (double)mk->n * 0.8 * g->xl.font <= g->ax.x1 - g->ax.x0;
}

void gantt_ylayout(const struct render_gantt *g, struct gantt_ylayout *y)
{
	double F = g->xl.font, pos;
	bool tv = g->o.rows == RENDER_ROWS_TASK;
	static const double task_lanes[RENDER_LANE__COUNT] = {
		0.8, 1.3, 0.7, 0, 0
	};
	static const double cpu_lanes[RENDER_LANE__COUNT] = {
		0.4, 1.6, 0.7, 0, 0
	};

	memset(y, 0, sizeof(*y));
	y->F = F;
	pos = g->xl.margin;
	if (g->o.title) {
		y->title_y = pos + 1.1 * F;
		pos += 2.0 * F;
	}
	y->top = pos;
	for (int k = 0; k < RENDER_LANE__COUNT; k++) {
		y->lane_y[k] = y->row_h;
		y->lane_h[k] = (tv ? task_lanes[k] : cpu_lanes[k]) * F;
		/* server lanes, on task rows of runs that have servers */
		if (tv && k == RENDER_LANE_BUDGET && gantt_resv_used(g))
			y->lane_h[k] = 1.7 * F;
		if (tv && k == RENDER_LANE_THROTTLE && gantt_resv_used(g))
			y->lane_h[k] = 0.6 * F;
		/* miss labels that do not fit beside their span stack in
		 * lines below it (render_place_labels) */
		if (k == RENDER_LANE_MISS) {
			for (size_t i = 0; i < g->nrows; i++) {
				int l = gantt_miss_labels(g, &g->rows[i], NULL,
							  NULL, NULL);

				if (l < 0)
					y->oom = true;
				if (l > y->miss_levels)
					y->miss_levels = l;
			}
			if (y->miss_levels > 1)
				y->lane_h[k] += (y->miss_levels - 1) * 1.0 * F;
			y->miss_h = (tv ? task_lanes[k] : cpu_lanes[k]) * F;
		}
		y->row_h += y->lane_h[k];
	}
	y->row_h += 0.3 * F;
	y->axis_y = y->top + (double)g->nrows * y->row_h + 0.1 * F;
	y->legend_y = y->axis_y + 2.7 * F;
}


static size_t leg(struct gantt_legend_item *it, size_t n, size_t max,
		  enum gantt_legend_kind k, int colour, const char *text)
{
	if (n >= max)
		return n;
	it[n] = (struct gantt_legend_item){ .kind = k, .colour = colour };
	snprintf(it[n].text, sizeof(it[n].text), "%s", text);
	return n + 1;
}

/* The fill index of a box of row 'row' (see gantt_box_fill). */
int gantt_box_fill(const struct render_gantt *g, size_t row,
		   const struct render_box *b)
{
	bool tv = g->o.rows == RENDER_ROWS_TASK;
	bool by_task = g->o.colour_by == RENDER_COLOUR_BY_TASK;

	if (tv)         /* recorded colour: the CPU if cpus > 1, else the task */
		return g->m->cpus > 1 && by_task ? (int)row : b->colour;
	return by_task ? b->colour : (int)row;
}

size_t gantt_legend_items(const struct render_gantt *g,
			  struct gantt_legend_item *it, size_t max)
{
	size_t n = 0;
	bool tv = g->o.rows == RENDER_ROWS_TASK;
	bool by_cpu = g->o.colour_by == RENDER_COLOUR_BY_CPU;
	char buf[128];

	if (tv && g->m->cpus > 1 && by_cpu) {
		for (unsigned c = 0; c < g->m->cpus; c++) {
			snprintf(buf, sizeof(buf), "CPU %u", c);
			n = leg(it, n, max, GANTT_LEG_SWATCH, (int)c, buf);
		}
	} else if (!tv && by_cpu) {
		for (unsigned c = 0; c < g->m->cpus; c++) {
			snprintf(buf, sizeof(buf), "CPU %u", c);
			n = leg(it, n, max, GANTT_LEG_SWATCH, (int)c, buf);
		}
	} else if (!tv) {
		for (size_t i = 0; i < g->m->ntasks; i++) {
			char name[GANTT_TEXT_MAX + 8];

			size_t k;

			gantt_clean_text(name, sizeof(name), g->m->tasks[i].name);
			k = gantt_tau_name(buf, sizeof(buf), i);
			snprintf(buf + k, sizeof(buf) - k, " %s", name);
			n = leg(it, n, max, GANTT_LEG_SWATCH, (int)i, buf);
		}
	}
	bool servers = false;

	for (size_t i = 0; tv && i < g->nrows; i++)
		servers = servers || g->rows[i].srvlabel;
	if (tv) {
		snprintf(buf, sizeof(buf), "\xcf\x84\xe1\xb5\xa2 (C, D, T): "
			 "WCET, relative deadline, period, in %s", g->punit);
		n = leg(it, n, max, GANTT_LEG_NOTE, 0, buf);
	}
	if (servers)
		n = leg(it, n, max, GANTT_LEG_NOTE, 0,
			"server (Q, T): budget, period");
	if (tv && g->m->cpus > 1 && !by_cpu)
		n = leg(it, n, max, GANTT_LEG_NOTE, 0,
			"digit in a box: the CPU it ran on");
	if (!tv)
		n = leg(it, n, max, GANTT_LEG_NOTE, 0, "\xcf\x84\xe1\xb5\xa2 in "
			"a box: the task; arrows: of jobs that first ran on "
			"the CPU");
	n = leg(it, n, max, GANTT_LEG_RELEASE, 0, "release");
	n = leg(it, n, max, GANTT_LEG_DEADLINE, 0, "absolute deadline");
	n = leg(it, n, max, GANTT_LEG_COMPLETE, 0, "completion");
	/* the tardiness unit, when the tuples use another one */
	if (g->nmiss > g->nopen) {
		char t[64];

		snprintf(t, sizeof(t), "deadline miss, +tardiness%s%.8s%s",
			 g->uscale != g->pscale ? " (" : "",
			 g->uscale != g->pscale ? g->unit : "",
			 g->uscale != g->pscale ? ")" : "");
		n = leg(it, n, max, GANTT_LEG_MISS, 0, t);
	}
	if (g->nopen)
		n = leg(it, n, max, GANTT_LEG_MISS_OPEN, 0,
			"miss, unfinished at the horizon: tardiness \xe2\x89\xa5 +x");
	if (g->nabort)
		n = leg(it, n, max, GANTT_LEG_ABORT, 0, "aborted");
	if (tv && g->nsusp)
		n = leg(it, n, max, GANTT_LEG_SUSPEND, 0, "self-suspended");
	n = gantt_locks_legend(g, it, n, max);
	if (g->nmigr)
		n = leg(it, n, max, GANTT_LEG_MIGRATE, 0, "migration");
	if (tv && gantt_resv_used(g)) {
		n = leg(it, n, max, GANTT_LEG_BUDGET, 0,
			"server budget, scale 0 to Q (left)");
		for (size_t i = 0; i < g->nrows; i++)
			if (g->rows[i].throttles.n ||
			    g->rows[i].throttle_from != RT_TIME_NEVER) {
				n = leg(it, n, max, GANTT_LEG_THROTTLE, 0,
					"throttled: the server may not run");
				break;
			}
	}
	if (tv && g->nsdl)
		n = leg(it, n, max, GANTT_LEG_SDEADLINE, 0, "server deadline");
	if (tv && g->npostpone)
		n = leg(it, n, max, GANTT_LEG_POSTPONE, 0,
			"server deadline postponed");
	if (tv && g->nreclaim)
		n = leg(it, n, max, GANTT_LEG_RECLAIM, -1,
			"reclaimed (GRUB): run beyond the budget");
	if (tv && g->nreject)
		n = leg(it, n, max, GANTT_LEG_REJECT, 0,
			"rejected by admission (never runs)");
	for (size_t i = 0; tv && i < g->nrows; i++)
		if (g->rows[i].fair) {
			n = leg(it, n, max, GANTT_LEG_FAIR, 0,
				"fair (SCHED_OTHER) work: no deadlines");
			break;
		}
	return n;
}

int gantt_miss_labels(const struct render_gantt *g, const struct gantt_row *row,
		      double *x, int *level, char (*text)[48])
{
	const struct render_misses *ms = &row->misses;
	size_t n = ms->n;
	double F = g->xl.font, *want, *w, *sa, *sb, *xs = x;
	int *lv = level, levels;
	size_t imax = SIZE_MAX, k;
	bool dense;
	char t[48];

	if (!n)
		return 0;
	want = rt_calloc(4 * n, sizeof(double));
	if (!xs)
		xs = rt_calloc(n, sizeof(double));
	if (!lv)
		lv = rt_calloc(n, sizeof(int));
	if (!want || !xs || !lv) {
		levels = -1;
		goto out;
	}
	w = want + n;
	sa = w + n;
	sb = sa + n;
	/* a row with more misses than can be told apart (denser than 0.8 F
	 * on average, as for arrows) gets one label: its largest
	 * tardiness, "max +x", at the span that has it */
	dense = (double)n * 0.8 * F > g->ax.x1 - g->ax.x0;
	for (size_t i = 0; i < n; i++)
		if (ms->v[i].label && (imax == SIZE_MAX ||
		    ms->v[i].tardiness > ms->v[imax].tardiness))
			imax = i;
	for (size_t i = 0; i < n; i++) {
		const struct render_miss *m = &ms->v[i];
		bool lab = m->label && (!dense || i == imax);

		sa[i] = render_axis_x(&g->ax, m->d);
		sb[i] = render_axis_x(&g->ax, m->f);
		want[i] = sb[i] + 0.15 * F;
		k = dense ? (size_t)snprintf(t, sizeof(t), "max ") : 0;
		render_miss_label(t + k, sizeof(t) - k, m, g->uscale);
		if (text)
			snprintf(text[i], sizeof(text[i]), "%s", t);
		w[i] = lab ? gantt_text_width(g->family, t, g->xl.small, true) :
		       -1;
	}
	levels = render_place_labels(want, w, sa, sb, n,
				     g->xl.width - 0.3 * F, 0.4 * F,
				     GANTT_MISS_LEVELS, xs, lv);
out:
	rt_free(want);
	if (xs != x)
		rt_free(xs);
	if (lv != level)
		rt_free(lv);
	return levels;
}

void gantt_miss_text_free(struct gantt_miss_text *mt)
{
	rt_free(mt->x);
	rt_free(mt->level);
	rt_free(mt->text);
	*mt = (struct gantt_miss_text){ NULL, NULL, NULL };
}

bool gantt_miss_text_place(const struct render_gantt *g,
			   const struct gantt_row *row,
			   struct gantt_miss_text *mt)
{
	size_t n = row->misses.n;

	*mt = (struct gantt_miss_text){ NULL, NULL, NULL };
	if (!n)
		return true;
	mt->x = rt_malloc(n * sizeof(*mt->x));
	mt->level = rt_malloc(n * sizeof(*mt->level));
	mt->text = rt_malloc(n * sizeof(*mt->text));
	if (mt->x && mt->level && mt->text &&
	    gantt_miss_labels(g, row, mt->x, mt->level, mt->text) >= 0)
		return true;
	gantt_miss_text_free(mt);
	return false;
}

