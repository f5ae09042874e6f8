/* gantt.c - the Gantt recorder: a sink turning trace records into the
 * boxes, marks and miss spans a chart draws (see gantt.h).
 *
 * Per CPU it remembers what runs since when; an interval closes on
 * PREEMPT, COMPLETE, SUSPEND, an ABORT of the running job, a new START on
 * the same CPU, or END, and becomes a box in the task's row (task view)
 * or the CPU's row (CPU view).  In the task view a row also remembers
 * since when its task's job is suspended (one at a time: only the head
 * of a task's FIFO runs); RESUME, an ABORT or END closes the interval.  Everything goes through geom.c, which clips to
 * the window and merges below the output resolution, so the cost per
 * record is O(1) (O(cpus) for ABORT) and memory is bounded by the picture.
 * Records with out-of-range task or CPU indices are ignored: the engine
 * never sends them and render_replay rejects them, so this is only a
 * guard.
 */
#include "render/gantt_int.h"

#include <string.h>

#include "models/mem.h"
#include "render/internal.h"
#include "render/outfile.h"
#include "render/style.h"
#include "render/tikz.h"

static bool task_view(const struct render_gantt *g)
{
	return g->o.rows == RENDER_ROWS_TASK;
}

void gantt_clean_text(char *dst, size_t n, const char *src)
{
	const unsigned char *s = (const unsigned char *)(src ? src : "");
	size_t k = 0, len = strlen((const char *)s);

	if (!n)
		return;
	while (*s) {
		size_t c = render_utf8_len(s, len);

		if (k >= GANTT_TEXT_MAX || k + (c ? c : 1) + 4 > n) {
			if (k + 4 <= n) {       /* "…" */
				memcpy(dst + k, "\xe2\x80\xa6", 3);
				k += 3;
			}
			break;
		}
		if (!c) {
			dst[k++] = '?';
			c = 1;
		} else if (c == 1 && (*s < 0x20 || *s == 0x7f)) {
			dst[k++] = ' ';
		} else {
			memcpy(dst + k, s, c);
			k += c;
		}
		s += c;
		len -= c;
	}
	dst[k] = '\0';
}

size_t gantt_tau_name(char *buf, size_t n, size_t index)
{
	char digits[24];
	size_t len, k = 0;

	len = (size_t)snprintf(digits, sizeof(digits), "%zu", index + 1);
	k = (size_t)snprintf(buf, n, "\xcf\x84");
	for (size_t i = 0; i < len && k + 4 < n; i++) {
		/* U+2080 + digit = E2 82 80+digit */
		buf[k++] = '\xe2';
		buf[k++] = '\x82';
		buf[k++] = (char)(0x80 + (digits[i] - '0'));
	}
	buf[k] = '\0';
	return k;
}

static char *row_label(const struct render_gantt *g, size_t i)
{
	char buf[160], c[32], dd[32], t[32];
	size_t k;

	if (!task_view(g)) {
		snprintf(buf, sizeof(buf), "CPU %zu", i);
		return rt_strdup(buf);
	}
	render_format_time(c, sizeof(c), g->m->tasks[i].wcet, g->pscale);
	render_format_time(dd, sizeof(dd), g->m->tasks[i].deadline, g->pscale);
	render_format_time(t, sizeof(t), g->m->tasks[i].period, g->pscale);
	k = gantt_tau_name(buf, sizeof(buf), i);
	if (g->m->tasks[i].klass == RT_CLASS_FAIR)      /* no deadline */
		snprintf(buf + k, sizeof(buf) - k, " fair");
	else
		snprintf(buf + k, sizeof(buf) - k, " (%s, %s, %s)", c, dd, t);
	return rt_strdup(buf);
}

/* "SA (2, 4)": the server of task i with its (Q, T), or "fair server
 * (2, 10)"; NULL when the scenario gave none (a replayed log). */
static char *server_label(const struct render_gantt *g, size_t i)
{
	const struct render_meta *m = g->m;
	char buf[160], q[32], t[32], name[GANTT_TEXT_MAX + 8];
	rt_time bq, bt;

	if (m->task_server && m->task_server[i] >= 0 &&
	    (size_t)m->task_server[i] < m->nservers) {
		const struct rt_server *sv = &m->servers[m->task_server[i]];

		gantt_clean_text(name, sizeof(name), sv->name);
		bq = sv->budget_max;
		bt = sv->period;
	} else if (m->tasks[i].klass == RT_CLASS_FAIR && m->fair_period > 0) {
		snprintf(name, sizeof(name), "fair server");
		bq = m->fair_runtime;
		bt = m->fair_period;
	} else {
		return NULL;
	}
	render_format_time(q, sizeof(q), bq, g->pscale);
	render_format_time(t, sizeof(t), bt, g->pscale);
	snprintf(buf, sizeof(buf), "%s (%s, %s)", name, q, t);
	return rt_strdup(buf);
}

enum rt_err render_gantt_format_from_path(const char *path,
					  enum render_gantt_format *fmt,
					  struct rt_diag *d)
{
	static const struct { const char *ext; enum render_gantt_format f; }
	exts[] = {
		{ ".png", RENDER_GANTT_PNG }, { ".svg", RENDER_GANTT_SVG },
		{ ".pdf", RENDER_GANTT_PDF }, { ".tex", RENDER_GANTT_TIKZ },
		{ ".tikz", RENDER_GANTT_TIKZ },
	};
	const char *ext;

	for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
		if (render_path_has_ext(path, exts[i].ext)) {
			*fmt = exts[i].f;
			return RT_OK;
		}
	}
	ext = render_path_ext(path);
	if (!*ext)
		return rt_diagf(d, RT_ERR_INVAL, "%s: no file extension; use "
				".png, .svg, .pdf or .tex for a chart", path);
	return rt_diagf(d, RT_ERR_INVAL, "%s: unknown chart extension '%s'; "
			"use .png, .svg, .pdf or .tex", path, ext);
}

static enum rt_err check_opts(const struct render_meta *m,
			      struct render_gantt_opts *o, struct rt_diag *d)
{
	if (o->t0 == 0 && o->t1 == 0)
		o->t1 = m->horizon;
	if (o->t0 >= o->t1)
		return rt_diagf(d, RT_ERR_INVAL, "chart window [%lld, %lld) is "
				"empty", (long long)o->t0, (long long)o->t1);
	if (o->dpi == 0)
		o->dpi = GANTT_DEFAULT_DPI;
	if (!(o->dpi >= 10 && o->dpi <= GANTT_MAX_DPI))
		return rt_diagf(d, RT_ERR_INVAL, "dpi must be in 10..2400");
	if (o->width_pt == 0)
		o->width_pt = GANTT_DEFAULT_WIDTH_PT;
	if (!(o->width_pt >= 72 && o->width_pt <= 200 * 72.0))
		return rt_diagf(d, RT_ERR_INVAL, "chart width must be between "
				"1in and 200in");
	if (o->rows != RENDER_ROWS_TASK && o->rows != RENDER_ROWS_CPU)
		return rt_diagf(d, RT_ERR_INVAL, "unknown row mode");
	if (o->colour_by != RENDER_COLOUR_BY_TASK &&
	    o->colour_by != RENDER_COLOUR_BY_CPU)
		return rt_diagf(d, RT_ERR_INVAL, "unknown colour mode");
	if (m->cpus < 1 || (o->rows == RENDER_ROWS_TASK && m->ntasks < 1))
		return rt_diagf(d, RT_ERR_INVAL, "chart: nothing to draw (no "
				"%s)", m->cpus < 1 ? "CPU" : "task");
	return RT_OK;
}

/* Fix the horizontal layout: fonts for print at 100 % (IEEE and ACM ask
 * for >= 8 pt in figures: row labels 9 pt, every other text 8 pt, at any
 * width), label column from the widest label. */
/* Labels wider than 0.4 of the page: task rows put "τᵢ name" on the
 * first line and the tuple (8 pt) under it instead of clipping. */
static enum rt_err split_labels(struct render_gantt *g)
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

static void xlayout(struct render_gantt *g)
{
	struct gantt_xlayout *xl = &g->xl;
	double wmax = 0, right;

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
	right = 1.5 * xl->font;         /* room for the last tick label */
	g->ax.t0 = g->o.t0;
	g->ax.t1 = g->o.t1;
	g->ax.x0 = xl->margin + xl->label_w;
	g->ax.x1 = xl->width - right;
	g->ax.px = 72.0 / g->o.dpi;
}

enum rt_err render_gantt_create(const struct render_meta *m,
				const struct render_gantt_opts *o,
				struct render_gantt **out, struct rt_diag *d)
{
	struct render_gantt_opts def = RENDER_GANTT_OPTS_DEFAULT;
	struct render_gantt *g;
	enum rt_err rc;

	rt_diag_clear(d);
	if (!m || !out)
		return rt_diagf(d, RT_ERR_INVAL, "chart: bad arguments");
	def = o ? *o : def;
	rc = check_opts(m, &def, d);
	if (rc != RT_OK)
		return rc;
	g = rt_calloc(1, sizeof(*g));
	if (!g)
		return rt_diagf(d, RT_ERR_NOMEM, "chart: out of memory");
	g->m = m;
	g->o = def;
	g->o.title = NULL;
	g->o.font = NULL;
	g->o.axis_unit = NULL;
	/* the largest tick label is t1 */
	rc = render_axis_unit(m->time_unit, m->display_scale, def.t1,
			      def.axis_unit, &g->unit, &g->uscale, d);
	if (rc != RT_OK) {
		rt_free(g);
		return rc;
	}
	/* parameters (tuples, budgets) in the scenario's own unit: exact
	 * and short; the axis may use a larger one */
	g->pscale = m->display_scale > 0 ? m->display_scale : 1;
	g->punit = !m->display_unit || !strcmp(m->display_unit, "tick") ?
		   "ticks" : m->display_unit;
	if (!(g->family = rt_strdup(render_style_font(def.font))))
		goto nomem;
	if (def.title && *def.title) {
		char t[GANTT_TEXT_MAX * 2];

		gantt_clean_text(t, sizeof(t), def.title);
		if (!(g->o.title = rt_strdup(t)))
			goto nomem;
	}
	g->nrows = task_view(g) ? m->ntasks : m->cpus;
	g->rows = rt_calloc(g->nrows, sizeof(*g->rows));
	g->run = rt_calloc(m->cpus, sizeof(*g->run));
	g->ts = rt_calloc(m->ntasks ? m->ntasks : 1, sizeof(*g->ts));
	if (!g->rows || !g->run || !g->ts)
		goto nomem;
	for (size_t i = 0; i < m->ntasks; i++)
		g->ts[i] = (struct gantt_task_state){ .job = UINT64_MAX,
						      .cpu = -1 };
	for (size_t i = 0; i < g->nrows; i++) {
		gantt_resv_row_init(&g->rows[i]);
		g->rows[i].susp_from = RT_TIME_NEVER;
		if (gantt_locks_row_init(g, &g->rows[i]) != RT_OK)
			goto nomem;
		g->rows[i].label = row_label(g, i);
		if (!g->rows[i].label)
			goto nomem;
		if (task_view(g)) {
			char name[GANTT_TEXT_MAX + 8];

			gantt_clean_text(name, sizeof(name), m->tasks[i].name);
			g->rows[i].sublabel = rt_strdup(name);
			if (!g->rows[i].sublabel)
				goto nomem;
			g->rows[i].fair = m->tasks[i].klass == RT_CLASS_FAIR;
			g->rows[i].srvlabel = server_label(g, i);
		}
	}
	g->xl.width = g->o.width_pt;
	g->xl.font = 9.0;
	if (split_labels(g) != RT_OK)
		goto nomem;
	xlayout(g);
	*out = g;
	return RT_OK;
nomem:
	render_gantt_destroy(g);
	return rt_diagf(d, RT_ERR_NOMEM, "chart: out of memory");
}

void render_gantt_destroy(struct render_gantt *g)
{
	if (!g)
		return;
	for (size_t i = 0; g->rows && i < g->nrows; i++) {
		struct gantt_row *r = &g->rows[i];

		render_boxes_fini(&r->boxes);
		for (int k = 0; k < RENDER_MARK__COUNT; k++)
			render_marks_fini(&r->marks[k]);
		render_misses_fini(&r->misses);
		render_boxes_fini(&r->suspends);
		gantt_locks_row_fini(r);
		gantt_resv_row_fini(r);
		rt_free(r->label);
		rt_free(r->sublabel);
	}
	rt_free(g->rows);
	rt_free(g->run);
	rt_free(g->ts);
	rt_free(g->family);
	rt_free((char *)(uintptr_t)g->o.title);
	rt_free(g);
}

/* Close the interval running on cpu at time t. */
static enum rt_err close_run(struct render_gantt *g, int cpu, rt_time t)
{
	struct gantt_run *r = &g->run[cpu];
	size_t row;
	int colour;

	if (!r->on)
		return RT_OK;
	r->on = false;
	if (task_view(g)) {
		row = r->task;
		colour = g->m->cpus > 1 ? cpu : (int)r->task;
	} else {
		row = (size_t)cpu;
		colour = (int)r->task;
	}
	return render_boxes_add(&g->rows[row].boxes, &g->ax, r->since, t,
				colour, GANTT_MIN_BOX_PX);
}

/* Close row's open suspension at t (task view). */
static enum rt_err close_susp(struct render_gantt *g, struct gantt_row *row,
			      rt_time t)
{
	rt_time a = row->susp_from;

	if (a == RT_TIME_NEVER)
		return RT_OK;
	row->susp_from = RT_TIME_NEVER;
	return render_boxes_add(&row->suspends, &g->ax, a, t, 0,
				GANTT_MIN_BOX_PX);
}

/* Row of a job-related mark: the task's, or in the CPU view the CPU's
 * (-1: not drawn). */
static long mark_row(const struct render_gantt *g, const struct sim_rec *r,
		     int cpu)
{
	if (task_view(g))
		return (long)r->task;
	return cpu >= 0 && (unsigned)cpu < g->m->cpus ? cpu : -1;
}

/* Marks obey the window [t0, t1): an instant t1 belongs to the next
 * window.  A completion at t1 is kept: it ends a box drawn inside. */
static enum rt_err add_mark(struct render_gantt *g, long row,
			    enum render_mark k, rt_time t)
{
	if (row < 0 || (t >= g->ax.t1 && k != RENDER_MARK_COMPLETE))
		return RT_OK;
	return render_marks_add(&g->rows[row].marks[k], &g->ax, t,
				GANTT_MIN_MARK_PX);
}

static enum rt_err gantt_emit(void *ctx, const struct sim_rec *r)
{
	struct render_gantt *g = ctx;
	const struct sim_job_info *ji = r->info;
	bool cpu_ok = r->cpu >= 0 && (unsigned)r->cpu < g->m->cpus;
	int job_cpu = ji && ji->cpu >= 0 ? ji->cpu : -1;
	enum rt_err rc = gantt_resv_emit(g, r);

	if (rc == RT_OK)
		rc = gantt_locks_emit(g, r);
	if (rc != RT_OK)
		return rc;
	if (r->kind == SIM_REC_END) {
		for (unsigned c = 0; c < g->m->cpus && rc == RT_OK; c++)
			rc = close_run(g, (int)c, r->time);
		for (size_t i = 0; task_view(g) && i < g->nrows && rc == RT_OK;
		     i++)
			rc = close_susp(g, &g->rows[i], r->time);
		g->ended = true;
		return rc;
	}
	if (r->task >= g->m->ntasks || !ji)
		return RT_OK;
	switch (r->kind) {
	case SIM_REC_RELEASE:
		if (!task_view(g) || g->rows[r->task].fair)
			return RT_OK;   /* fair tasks have no deadlines */
		rc = add_mark(g, (long)r->task, RENDER_MARK_RELEASE, r->time);
		if (rc == RT_OK)
			rc = add_mark(g, (long)r->task, RENDER_MARK_DEADLINE,
				      ji->abs_deadline);
		return rc;
	case SIM_REC_START: {
		struct gantt_task_state *ts = &g->ts[r->task];

		if (!cpu_ok)
			return RT_OK;
		rc = close_run(g, r->cpu, r->time);
		if (rc == RT_OK && ts->job == r->job && ts->cpu >= 0 &&
		    ts->cpu != r->cpu) {
			g->nmigr += r->time >= g->ax.t0 && r->time < g->ax.t1;
			rc = add_mark(g, mark_row(g, r, r->cpu),
				      RENDER_MARK_MIGRATE, r->time);
		}
		/* CPU rows: a job's release and deadline go on the CPU it
		 * first runs on (the release itself has no CPU) */
		if (rc == RT_OK && !task_view(g) && ts->job != r->job &&
		    g->m->tasks[r->task].klass != RT_CLASS_FAIR) {
			rc = add_mark(g, r->cpu, RENDER_MARK_RELEASE,
				      ji->release);
			if (rc == RT_OK)
				rc = add_mark(g, r->cpu, RENDER_MARK_DEADLINE,
					      ji->abs_deadline);
		}
		ts->job = r->job;
		ts->cpu = r->cpu;
		g->run[r->cpu] = (struct gantt_run){ .on = true, .task = r->task,
						     .job = r->job,
						     .since = r->time };
		return rc;
	}
	case SIM_REC_PREEMPT:
		return cpu_ok ? close_run(g, r->cpu, r->time) : RT_OK;
	case SIM_REC_SUSPEND:
		g->nsusp++;
		if (cpu_ok)
			rc = close_run(g, r->cpu, r->time);
		if (rc == RT_OK && task_view(g)) {
			rc = close_susp(g, &g->rows[r->task], r->time);
			g->rows[r->task].susp_from = r->time;
		}
		return rc;
	case SIM_REC_RESUME:
		return task_view(g) ? close_susp(g, &g->rows[r->task], r->time) :
		       RT_OK;
	case SIM_REC_COMPLETE:
		if (cpu_ok)
			rc = close_run(g, r->cpu, r->time);
		if (rc == RT_OK)
			rc = add_mark(g, mark_row(g, r, cpu_ok ? r->cpu : job_cpu),
				      RENDER_MARK_COMPLETE, r->time);
		return rc;
	case SIM_REC_ABORT:
		for (unsigned c = 0; c < g->m->cpus && rc == RT_OK; c++)
			if (g->run[c].on && g->run[c].task == r->task &&
			    g->run[c].job == r->job)
				rc = close_run(g, (int)c, r->time);
		g->nabort++;
		if (rc == RT_OK && task_view(g))
			rc = close_susp(g, &g->rows[r->task], r->time);
		if (rc == RT_OK)
			rc = add_mark(g, mark_row(g, r, job_cpu),
				      RENDER_MARK_ABORT, r->time);
		return rc;
	case SIM_REC_MISS: {
		long row = mark_row(g, r, cpu_ok ? r->cpu : job_cpu);

		if (row < 0 || ji->abs_deadline >= g->ax.t1 ||
		    r->time < g->ax.t0)
			return RT_OK;
		g->nmiss++;
		if (ji->finish == RT_TIME_NEVER)
			g->nopen++;
		return render_misses_add(&g->rows[row].misses, &g->ax,
					 ji->abs_deadline, r->time, r->value,
					 ji->finish == RT_TIME_NEVER,
					 GANTT_MIN_BOX_PX);
	}
	default:
		return RT_OK;
	}
}

struct sim_sink render_gantt_sink(struct render_gantt *g)
{
	struct sim_sink s = {
		.mask = SIM_MASK(SIM_REC_RELEASE) | SIM_MASK(SIM_REC_START) |
			SIM_MASK(SIM_REC_PREEMPT) | SIM_MASK(SIM_REC_COMPLETE) |
			SIM_MASK(SIM_REC_MISS) | SIM_MASK(SIM_REC_ABORT) |
			SIM_MASK(SIM_REC_END) | SIM_MASK(SIM_REC_SUSPEND) |
			SIM_MASK(SIM_REC_RESUME) | GANTT_RESV_MASK |
			GANTT_LOCKS_MASK,
		.emit = gantt_emit,
		.ctx = g,
	};

	return s;
}

enum rt_err render_gantt_write_to(const struct render_gantt *g, FILE *f,
				  const char *path, struct rt_diag *d)
{
	enum render_gantt_format fmt;
	enum rt_err rc;

	rt_diag_clear(d);
	if (!g || !path || !f)
		return rt_diagf(d, RT_ERR_INVAL, "chart: bad arguments");
	rc = render_gantt_format_from_path(path, &fmt, d);
	if (rc != RT_OK)
		return rc;
	if (fmt == RENDER_GANTT_TIKZ)
		return render_tikz_write(g, f, d);
	return gantt_draw_cairo(g, fmt, f, path, d);
}

enum rt_err render_gantt_write(const struct render_gantt *g, const char *path,
			       struct rt_diag *d)
{
	enum render_gantt_format fmt;
	struct render_outfile of;
	enum rt_err rc;
	FILE *f;

	rt_diag_clear(d);
	if (!g || !path)
		return rt_diagf(d, RT_ERR_INVAL, "chart: bad arguments");
	rc = render_gantt_format_from_path(path, &fmt, d);
	if (rc != RT_OK)
		return rc;
	rc = render_outfile_open(&of, path, &f, d);
	if (rc != RT_OK)
		return rc;
	rc = render_gantt_write_to(g, f, path, d);
	if (rc != RT_OK) {
		render_outfile_abort(&of);
		return rc;
	}
	return render_outfile_commit(&of, d);
}

/* ---- layout shared by the back ends ---- */

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
		levels = 0;
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

size_t render_gantt_nrows(const struct render_gantt *g)
{
	return g->nrows;
}

const struct render_axis *render_gantt_axis(const struct render_gantt *g)
{
	return &g->ax;
}

const struct render_boxes *render_gantt_boxes(const struct render_gantt *g,
					      size_t row)
{
	return row < g->nrows ? &g->rows[row].boxes : NULL;
}

const struct render_marks *render_gantt_marks(const struct render_gantt *g,
					      size_t row, enum render_mark k)
{
	if (row >= g->nrows || (unsigned)k >= RENDER_MARK__COUNT)
		return NULL;
	return &g->rows[row].marks[k];
}

const struct render_misses *render_gantt_misses(const struct render_gantt *g,
						size_t row)
{
	return row < g->nrows ? &g->rows[row].misses : NULL;
}

const struct render_boxes *render_gantt_suspensions(const struct render_gantt *g,
						    size_t row)
{
	return row < g->nrows ? &g->rows[row].suspends : NULL;
}
