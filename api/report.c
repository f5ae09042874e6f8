/* report.c - `dlsim report`: one self-contained HTML page (inline SVG, no
 * script, no network) with the scenario, the admission tests, the
 * simulation summary, a Gantt chart of a window, the dbf plot, the
 * response distributions and every miss.  The pieces come from
 * render/report.h and render/plot.h; this file gathers them around one
 * simulation of the pipeline (api/sim.h). */
#include "api/analysis.h"
#include "api/sim.h"

#include <stdlib.h>
#include <string.h>

#include "models/mem.h"
#include "models/tests.h"
#include "render/gantt.h"
#include "render/geom.h"
#include "render/plot.h"
#include "render/report.h"

#define REPORT_MAX_MISS_ROWS 10000

static void tasks_table(FILE *f, const struct scn_scenario *s)
{
	static const char *const head[] = { "task", "name", "C", "D", "T",
					    "class", "server" };
	char c[32], dd[32], t[32], idx[32];

	render_html_table_begin(f, head, 7);
	for (size_t i = 0; i < s->ntasks; i++) {
		const struct rt_task *k = &s->tasks[i];
		const char *srv = "";
		const char *cells[7];

		if (s->task_server && s->task_server[i] >= 0)
			srv = s->servers[s->task_server[i]].name;
		snprintf(idx, sizeof(idx), "\xcf\x84%zu", i + 1);
		cells[0] = idx;
		cells[1] = k->name;
		cells[2] = api_fmt_time(s, k->wcet, c + 1, sizeof(c) - 1) - 1;
		cells[3] = api_fmt_time(s, k->deadline, dd + 1, sizeof(dd) - 1) - 1;
		cells[4] = api_fmt_time(s, k->period, t + 1, sizeof(t) - 1) - 1;
		c[0] = dd[0] = t[0] = '\t';
		cells[5] = k->klass == RT_CLASS_FAIR ? "fair" :
			   k->klass == RT_CLASS_SOFT ? "soft" : "hard";
		cells[6] = srv;
		render_html_row(f, cells, 7);
	}
	render_html_table_end(f);
}

/* The tests `dlsim analyze` shows for the scenario's policy, as it
 * shows them (the task set it analyses: suspensions counted as
 * execution, exec models, jitter, servers, sections, overheads; n/a
 * with the reason where a test's model is not the scenario's), then its
 * verdict and any contradiction.  Rows: test, kind, verdict, what it
 * analyses, the detail of analyze's text. */
static enum dlsim_status tests_table(struct dlsim *db, FILE *f,
				     const struct dlsim_analysis *a)
{
	static const char *const head[] = { "test", "kind", "verdict",
					    "analyses", "detail" };
	size_t shown = 0;

	render_html_table_begin(f, head, 5);
	for (size_t i = 0; i < a->ntests; i++) {
		const struct analyze_test *t = &a->tests[i];
		struct api_text x = { 0 };
		const char *cells[5];
		char *detail = NULL;
		size_t len;
		enum dlsim_status st;

		if (!t->shown)
			continue;
		shown++;
		st = api_text_open(db, &x);
		if (st == DLSIM_OK)
			api_analysis_print_detail(x.f, a, t);
		st = api_text_close(db, &x, st, &detail, &len);
		if (st != DLSIM_OK)
			return st;
		cells[0] = t->name;
		cells[1] = rt_test_kind_name(t->res.kind);
		cells[2] = rt_verdict_name(t->res.verdict);
		cells[3] = t->info->analyses.label;
		cells[4] = detail + (detail[0] == ' ');
		render_html_row(f, cells, 5);
		rt_free(detail);
	}
	render_html_table_end(f);
	if (!shown)
		render_html_note(f, "No test of the registry analyses this "
				 "policy and placement.");
	{
		char v[sizeof(a->verdict) + 16];

		snprintf(v, sizeof(v), "Verdict: %s.", a->verdict);
		render_html_p(f, v);
	}
	for (size_t i = 0; i < a->ncontra; i++)
		render_html_note(f, a->contra[i].line);
	return DLSIM_OK;
}

static void sim_tables(FILE *f, const struct scn_scenario *s,
		       const struct dlsim_sim *cs)
{
	static const char *const head[] = { "task", "released", "completed",
					    "missed", "aborted", "max response",
					    "max tardiness", "preemptions",
					    "migrations" };
	static const char *const chead[] = { "CPU", "busy", "share" };
	const struct sim_stats *st = cs->stats;
	char buf[9][40], p[200];

	snprintf(p, sizeof(p), "%llu jobs, %llu completed, %llu missed, max "
		 "tardiness %s %s; %llu task(s) rejected by admission.",
		 (unsigned long long)st->jobs, (unsigned long long)st->completed,
		 (unsigned long long)st->misses,
		 api_fmt_time(s, st->max_tardiness, buf[0], sizeof(buf[0])),
		 scn_time_unit_name(s->time_unit),
		 (unsigned long long)st->rejected);
	render_html_p(f, p);
	render_html_table_begin(f, head, 9);
	for (size_t i = 0; i < st->ntasks && i < s->ntasks; i++) {
		const struct sim_task_stats *t = &st->tasks[i];
		const char *cells[9];
		unsigned long long v[6] = { t->released, t->completed, t->missed,
					    t->aborted, t->preemptions,
					    t->migrations };

		cells[0] = s->tasks[i].name;
		for (int k = 0; k < 4; k++) {
			snprintf(buf[k + 1], sizeof(buf[k + 1]), "\t%llu", v[k]);
			cells[k + 1] = buf[k + 1];
		}
		buf[5][0] = buf[6][0] = '\t';
		cells[5] = t->completed ? (api_fmt_time(s, t->max_response,
					   buf[5] + 1, sizeof(buf[5]) - 1),
					   buf[5]) : "";
		cells[6] = (api_fmt_time(s, t->max_tardiness, buf[6] + 1,
					 sizeof(buf[6]) - 1), buf[6]);
		snprintf(buf[7], sizeof(buf[7]), "\t%llu", v[4]);
		snprintf(buf[8], sizeof(buf[8]), "\t%llu", v[5]);
		cells[7] = buf[7];
		cells[8] = buf[8];
		if (t->rejected)
			cells[1] = "rejected";
		render_html_row(f, cells, 9);
	}
	render_html_table_end(f);
	render_html_table_begin(f, chead, 3);
	for (size_t c = 0; c < st->ncpus; c++) {
		const char *cells[3];

		snprintf(buf[0], sizeof(buf[0]), "%zu", c);
		buf[1][0] = '\t';
		api_fmt_time(s, st->cpu[c].busy, buf[1] + 1, sizeof(buf[1]) - 1);
		snprintf(buf[2], sizeof(buf[2]), "\t%.1f%%", st->horizon > 0 ?
			 100.0 * (double)st->cpu[c].busy / (double)st->horizon : 0);
		cells[0] = buf[0];
		cells[1] = buf[1];
		cells[2] = buf[2];
		render_html_row(f, cells, 3);
	}
	render_html_table_end(f);
}

static void miss_table(FILE *f, const struct scn_scenario *s,
		       struct dlsim_sim *cs)
{
	static const char *const head[] = { "task", "job", "release",
					    "deadline", "finish", "tardiness" };
	struct api_miss m;
	unsigned long n = 0, shown = 0;
	char b[5][40], p[160];

	api_sim_rewind(cs);
	if (!cs->nmisses) {
		render_html_p(f, "No deadline was missed.");
		return;
	}
	render_html_table_begin(f, head, 6);
	while (api_sim_next_miss(cs, &m)) {
		const char *cells[6];

		if (n++ >= REPORT_MAX_MISS_ROWS)
			continue;
		shown++;
		cells[0] = s->tasks[m.task].name;
		snprintf(b[0], sizeof(b[0]), "\t%llu", (unsigned long long)m.job);
		cells[1] = b[0];
		b[1][0] = b[2][0] = b[3][0] = b[4][0] = '\t';
		cells[2] = (api_fmt_time(s, m.release, b[1] + 1, 39), b[1]);
		cells[3] = (api_fmt_time(s, m.deadline, b[2] + 1, 39), b[2]);
		if (m.aborted)
			cells[4] = "aborted";
		else if (m.finish == RT_TIME_NEVER)
			cells[4] = "pending at horizon";
		else
			cells[4] = (api_fmt_time(s, m.finish, b[3] + 1, 39), b[3]);
		cells[5] = (api_fmt_time(s, m.tardiness, b[4] + 1, 39), b[4]);
		if (m.finish == RT_TIME_NEVER && !m.aborted) {  /* lower bound */
			memmove(b[4] + 4, b[4] + 1, strlen(b[4] + 1) + 1);
			memcpy(b[4] + 1, "\xe2\x89\xa5", 3);
		}
		render_html_row(f, cells, 6);
	}
	render_html_table_end(f);
	if (shown < n) {
		snprintf(p, sizeof(p), "The first %lu of %lu misses are listed "
			 "(dlsim run lists them all).", shown, n);
		render_html_p(f, p);
	}
}

/* Every figure of the report into f; errors in d.  'no_gantt' (NULL:
 * the chart is drawn) is the note shown instead of a Gantt chart too
 * large to draw (dlsim_report decides before the first byte). */
static enum rt_err figures(FILE *f, const struct scn_scenario *s,
			   const struct rt_task *ts, size_t nts,
			   const struct render_gantt *g,
			   const struct render_jobs_data *jd, rt_time t0,
			   rt_time t1, const char *font, const char *no_gantt,
			   struct rt_diag *d)
{
	struct render_figure_opts fo = { .width_pt = 7.16 * 72 * 0.75,
					 .font = font };
	struct render_mem m;
	const char *uname;
	rt_time span, scale;
	bool trunc;
	char cap[160], a[32], b[32];
	enum rt_err rc;

	api_fmt_time(s, t0, a, sizeof(a));
	api_fmt_time(s, t1, b, sizeof(b));
	snprintf(cap, sizeof(cap), "Gantt chart of [%s, %s) %s.", a, b,
		 scn_time_unit_name(s->time_unit));
	render_html_h2(f, "Schedule");
	if (no_gantt) {
		render_html_note(f, no_gantt);
	} else {
		rc = render_html_gantt(f, g, "gantt", cap, d);
		if (rc != RT_OK)
			return rc;
	}
	render_html_h2(f, "Demand bound function");
	span = render_dbf_default_span(ts, nts, s->cpus);
	rc = render_axis_unit(scn_internal_unit_name(s->time_unit),
			      scn_time_unit_scale(s->time_unit), span, NULL, &uname, &scale, d);
	if (rc == RT_OK)
		rc = render_mem_open(&m, d);
	if (rc != RT_OK)
		return rc;
	rc = render_dbf_figure(ts, nts, s->cpus, 0, 0, NULL, span, scale,
			       uname, &fo,
			       "dbf", m.f, RENDER_GANTT_SVG, &trunc, d);
	if (render_mem_close(&m, d) != RT_OK && rc == RT_OK)
		rc = RT_ERR_NOMEM;
	if (rc == RT_OK)
		rc = render_html_svg(f, m.buf, m.n, "dbf", "dbf(t), the demand "
				     "of jobs with release and deadline in an "
				     "interval of length t, of the task set "
				     "the tests analyse, against the supply "
				     "(the first violation marked).", d);
	free(m.buf);
	if (rc != RT_OK)
		return rc;
	render_html_h2(f, "Response times");
	{
		rt_time maxv = 1;
		bool any = false;

		for (size_t i = 0; i < jd->n; i++)
			for (size_t k = 0; k < jd->t[i].nresp; k++) {
				any = true;
				if (jd->t[i].resp[k] > maxv)
					maxv = jd->t[i].resp[k];
			}
		if (!any) {
			render_html_p(f, "No job completed.");
			return RT_OK;
		}
		rc = render_axis_unit(scn_internal_unit_name(s->time_unit),
				      scn_time_unit_scale(s->time_unit), maxv, NULL, &uname,
				      &scale, d);
	}
	if (rc == RT_OK)
		rc = render_mem_open(&m, d);
	if (rc != RT_OK)
		return rc;
	rc = render_response_figure(jd, 20, scale, uname, &fo, "response", m.f,
				    RENDER_GANTT_SVG, d);
	if (render_mem_close(&m, d) != RT_OK && rc == RT_OK)
		rc = RT_ERR_NOMEM;
	if (rc == RT_OK)
		rc = render_html_svg(f, m.buf, m.n, "resp", "Per task: histogram "
				     "and complementary CDF of the response "
				     "times, and of the tardiness when some "
				     "job was late.", d);
	free(m.buf);
	return rc;
}

static const char *const report_keys[] = { "until", "window", "font", NULL };

/* The page into the open file f. */
static enum dlsim_status report_page(struct dlsim *db, FILE *f,
				     const struct scn_scenario *s,
				     const struct rt_task *ob,
				     const struct dlsim_analysis *an,
				     struct dlsim_sim *sim,
				     const struct render_gantt *g,
				     const struct render_jobs_data *jd,
				     const struct render_gantt_opts *go,
				     const char *font, const char *no_gantt,
				     const char *out)
{
	struct rt_diag d = { "" };
	char desc[256], line[512], hz[32];
	enum dlsim_status st;
	enum rt_err err;

	render_html_begin(f, s->name);
	if (s->description && *s->description)
		render_html_p(f, s->description);
	api_fmt_time(s, sim->h.horizon, hz, sizeof(hz));
	snprintf(line, sizeof(line), "Policy %s on %u CPU%s, horizon %s %s "
		 "(%s).", api_sched_desc(s, desc, sizeof(desc)), s->cpus,
		 s->cpus == 1 ? "" : "s", hz, scn_time_unit_name(s->time_unit),
		 sim->h.exact ? "exact: it covers the worst case" : "not exact");
	render_html_p(f, line);
	render_html_h2(f, "Tasks");
	tasks_table(f, s);
	render_html_h2(f, "Admission tests");
	st = tests_table(db, f, an);
	if (st != DLSIM_OK)
		return st;
	fputs("<p class=\"note\">The tests <code>dlsim analyze</code> "
	      "shows for this policy, on the task set it analyses, compared "
	      "with a simulation of every task; <code>dlsim analyze "
	      "--all</code> lists the tests of other policies, and the "
	      "tardiness bounds.</p>\n", f);
	render_html_h2(f, "Simulation");
	sim_tables(f, s, sim);
	err = figures(f, s, an->nmodel ? an->model : ob ? ob : s->tasks,
		      an->nmodel ? an->nmodel : s->ntasks, g, jd, go->t0,
		      go->t1 ? go->t1 : sim->h.horizon, font, no_gantt, &d);
	if (err != RT_OK)
		return api_fail(db, api_status(err), "%s: %s", out, d.msg);
	render_html_h2(f, "Deadline misses");
	miss_table(f, s, sim);
	render_html_end(f);
	return DLSIM_OK;
}

enum dlsim_status dlsim_report(struct dlsim *db, const char *scenario,
			       const char *out, const struct dlsim_opts *o)
{
	const char *window, *font;
	struct scn_scenario *s = NULL;
	struct render_gantt_opts go = RENDER_GANTT_OPTS_DEFAULT;
	struct render_gantt *g = NULL;
	struct render_jobs_data jd;
	struct render_jobs_sink js;
	struct render_meta meta;
	struct sim_sink sinks[2];
	struct api_sim_req r;
	struct sim_horizon h;
	struct dlsim_sim *sim = NULL;
	struct rt_diag d = { "" };
	struct rt_task *ob = NULL;
	struct dlsim_analysis *an = NULL;
	struct dlsim_opts *ao = NULL;
	struct dlsim_scenario wsc;
	struct api_file of;
	enum dlsim_status st;
	enum rt_err err;
	char no_gantt[400];
	bool gantt_fits;
	double gw, gh;
	FILE *f;

	if (!db || !scenario || !out)
		return api_misuse(db, "dlsim_report: NULL argument");
	memset(&jd, 0, sizeof(jd));
	api_file_init(&of);
	st = api_opts_only(db, o, report_keys, "report");
	if (st)
		return st;
	window = api_opt(o, "window");
	font = api_opt(o, "font");
	/* as every chart's --font (api_outputs_chart): "" is no font */
	if (font && !*font)
		return api_fail(db, DLSIM_USAGE, "--font: expected sans, serif "
				"or a font family name");
	if (!render_path_has_ext(out, ".html") && !render_path_has_ext(out, ".htm"))
		return api_fail(db, DLSIM_USAGE, "-o %s: expected an .html file "
				"name", out);
	st = api_load(db, scenario, &s);
	if (st)
		return st;
	memset(&r, 0, sizeof(r));
	st = api_parse_until(db, s, api_opt(o, "until"), &r.until);
	if (st == DLSIM_OK && window &&
	    scn_parse_window(window, s->time_unit, &go.t0, &go.t1, &d) != RT_OK)
		st = api_fail(db, DLSIM_USAGE, "--window %s: %s", window, d.msg);
	if (st == DLSIM_OK)
		st = api_horizon(db, s, r.until, &h);
	if (st == DLSIM_OK) {
		err = rt_taskset_oblivious(s->tasks, s->ntasks, &ob, &d);
		if (err)
			st = api_fail(db, api_status(err), "%s: %s", s->path,
				      d.msg);
	}
	/* the admission tests as `dlsim analyze` answers them */
	if (st == DLSIM_OK)
		st = dlsim_opts_create(db, &ao);
	if (st == DLSIM_OK && api_opt(o, "until"))
		st = dlsim_opts_set(db, ao, "until", api_opt(o, "until"));
	wsc.s = s;
	if (st == DLSIM_OK)
		st = dlsim_analyze(db, &wsc, ao, &an);
	if (st != DLSIM_OK)
		goto out;
	if (!window) {          /* three of the largest periods */
		rt_time tmax = 1;

		for (size_t i = 0; i < s->ntasks; i++)
			if (s->tasks[i].period > tmax)
				tmax = s->tasks[i].period;
		go.t0 = 0;
		go.t1 = tmax < h.horizon / 3 ? 3 * tmax : h.horizon;
	}
	go.font = font;
	api_meta(s, h.horizon, &meta);
	api_outputs_window_notice(db, window, go.t0, &meta);
	err = render_gantt_create(&meta, &go, &g, &d);
	if (err != RT_OK) {
		st = api_fail(db, DLSIM_USAGE, "chart: %s", d.msg);
		goto out;
	}
	js = (struct render_jobs_sink){ .j = &jd, .tasks = s->tasks,
					.ntasks = s->ntasks };
	sinks[0] = render_gantt_sink(g);
	sinks[1] = render_jobs_data_sink(&js);
	r.horizon = &h;
	r.extra = sinks;
	r.nextra = 2;
	st = api_sim_create(db, s, &r, &sim);
	if (st == DLSIM_OK)
		st = api_sim_run(db, sim, NULL);
	if (st != DLSIM_OK)
		goto out;
	/* A chart over the vector size bound would fail the whole page:
	 * leave it out, with a note, decided before the file is opened. */
	gantt_fits = render_gantt_vector_fits(g, &gw, &gh);
	if (!gantt_fits) {
		snprintf(no_gantt, sizeof(no_gantt), "The Gantt chart is left "
			 "out: with %zu rows it would be %.0fx%.0f points, more "
			 "than 200 inches a side.  dlsim run --gantt-rows cpu "
			 "--gantt FILE.svg draws one row per CPU.",
			 render_gantt_nrows(g), gw, gh);
		api_notice(db, DLSIM_WARNING, "%s: the Gantt chart is left out "
			   "(%zu rows, %.0fx%.0f points, more than 200 inches "
			   "a side); the page says so", out,
			   render_gantt_nrows(g), gw, gh);
	}
	err = api_file_open(db, &of, out, &f, &d);
	if (err != RT_OK) {
		st = api_fail(db, DLSIM_IO, "%s", d.msg);
		goto out;
	}
	st = report_page(db, f, s, ob, an, sim, g, &jd, &go, font,
			 gantt_fits ? NULL : no_gantt, out);
	if (st == DLSIM_OK && api_file_commit(&of, &d) != RT_OK)
		st = api_fail(db, DLSIM_IO, "%s", d.msg);
out:
	api_file_abort(&of);
	dlsim_analysis_free(an);
	dlsim_opts_free(ao);
	dlsim_sim_free(sim);
	render_gantt_destroy(g);
	render_jobs_data_fini(&jd);
	rt_free(ob);
	scn_free(s);
	return st ? st : api_ok(db);
}
