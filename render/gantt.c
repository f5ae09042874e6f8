/* gantt.c - the Gantt recorder: a sink turning trace records into the
 * boxes, marks and miss spans a chart draws (see gantt.h), and the rows
 * it records into.  The layout the back ends share is gantt_layout.c,
 * the choice of back end by file name gantt_format.c.
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
#include "render/style.h"

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
	if (gantt_fit_labels(g) != RT_OK)
		goto nomem;
	gantt_xlayout(g);
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
