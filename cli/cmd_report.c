/* cmd_report.c - `dlsim report SCENARIO.yaml -o report.html`: one
 * self-contained HTML page (inline SVG, no script, no network) with the
 * scenario, the admission tests, the simulation summary, a Gantt chart of
 * a window, the dbf plot, the response distributions and every miss.
 * The pieces come from render/report.h and render/plot.h; this file only
 * gathers them. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/simulate.h"
#include "models/tests.h"
#include "render/gantt.h"
#include "render/geom.h"
#include "render/outfile.h"
#include "render/plot.h"
#include "render/report.h"

static const char report_help[] =
"Usage: dlsim report SCENARIO.yaml -o REPORT.html [OPTIONS]\n"
"\n"
"Simulate the scenario and write one self-contained HTML page (figures as\n"
"inline SVG, no JavaScript, no network): the scenario and its tasks, the\n"
"admission tests, the simulation summary per task and CPU, a Gantt chart\n"
"of a window, dbf(t) against the supply, the response-time distributions,\n"
"and every deadline miss.\n"
"\n"
"Options:\n"
"  -o FILE        the report (.html)\n"
"  --until T      horizon (scenario time unit; default as 'dlsim run')\n"
"  --window T0:T1 the Gantt chart's window (default: the first three of\n"
"                 the largest periods, at most the horizon)\n"
"  --font F       figures: sans (default), serif or a font family\n"
"  --help         this text\n"
"\n"
"Example:\n"
"  dlsim report scenarios/examples/linux-dl.yaml -o linux-dl.html\n";

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
		cells[2] = cli_fmt_time(s, k->wcet, c + 1, sizeof(c) - 1) - 1;
		cells[3] = cli_fmt_time(s, k->deadline, dd + 1, sizeof(dd) - 1) - 1;
		cells[4] = cli_fmt_time(s, k->period, t + 1, sizeof(t) - 1) - 1;
		c[0] = dd[0] = t[0] = '\t';
		cells[5] = k->klass == RT_CLASS_FAIR ? "fair" :
			   k->klass == RT_CLASS_SOFT ? "soft" : "hard";
		cells[6] = srv;
		render_html_row(f, cells, 7);
	}
	render_html_table_end(f);
}

static void tests_table(FILE *f, const struct scn_scenario *s,
			const struct rt_task *ts)
{
	static const char *const head[] = { "test", "kind", "verdict",
					    "witness", "note" };

	render_html_table_begin(f, head, 5);
	for (size_t i = 0; rt_tests[i]; i++) {
		const struct rt_test_info *ti = rt_tests[i];
		struct rt_test_result r;
		struct rt_diag d = { "" };
		char w[40];
		const char *cells[5];

		if (ti->applies && !ti->applies(s->cpus))
			continue;
		memset(&r, 0, sizeof(r));
		r.witness = RT_TIME_NEVER;
		if (ti->run(ts, s->ntasks, s->cpus, &r, &d) != RT_OK) {
			r.verdict = RT_VERDICT_NA;
			snprintf(r.note, sizeof(r.note), "%.*s",
				 (int)sizeof(r.note) - 1, d.msg);
		}
		w[0] = '\t';
		if (r.witness == RT_TIME_NEVER)
			w[1] = '\0';
		else
			cli_fmt_time(s, r.witness, w + 1, sizeof(w) - 1);
		cells[0] = ti->name;
		cells[1] = rt_test_kind_name(r.kind);
		cells[2] = rt_verdict_name(r.verdict);
		cells[3] = w;
		cells[4] = r.note;
		render_html_row(f, cells, 5);
	}
	render_html_table_end(f);
}

static void sim_tables(FILE *f, const struct scn_scenario *s,
		       const struct cli_sim *cs)
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
		 cli_fmt_time(s, st->max_tardiness, buf[0], sizeof(buf[0])),
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
		cells[5] = t->completed ? (cli_fmt_time(s, t->max_response,
					   buf[5] + 1, sizeof(buf[5]) - 1),
					   buf[5]) : "";
		cells[6] = (cli_fmt_time(s, t->max_tardiness, buf[6] + 1,
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
		cli_fmt_time(s, st->cpu[c].busy, buf[1] + 1, sizeof(buf[1]) - 1);
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
		       struct cli_sim *cs)
{
	static const char *const head[] = { "task", "job", "release",
					    "deadline", "finish", "tardiness" };
	struct cli_miss m;
	unsigned long n = 0, shown = 0;
	char b[5][40], p[160];

	if (!cs->nmisses) {
		render_html_p(f, "No deadline was missed.");
		return;
	}
	render_html_table_begin(f, head, 6);
	while (cli_sim_next_miss(cs, &m)) {
		const char *cells[6];

		if (n++ >= REPORT_MAX_MISS_ROWS)
			continue;
		shown++;
		cells[0] = s->tasks[m.task].name;
		snprintf(b[0], sizeof(b[0]), "\t%llu", (unsigned long long)m.job);
		cells[1] = b[0];
		b[1][0] = b[2][0] = b[3][0] = b[4][0] = '\t';
		cells[2] = (cli_fmt_time(s, m.release, b[1] + 1, 39), b[1]);
		cells[3] = (cli_fmt_time(s, m.deadline, b[2] + 1, 39), b[2]);
		if (m.aborted)
			cells[4] = "aborted";
		else if (m.finish == RT_TIME_NEVER)
			cells[4] = "pending at horizon";
		else
			cells[4] = (cli_fmt_time(s, m.finish, b[3] + 1, 39), b[3]);
		cells[5] = (cli_fmt_time(s, m.tardiness, b[4] + 1, 39), b[4]);
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

/* Every figure of the report into f; errors in d. */
static enum rt_err figures(FILE *f, const struct scn_scenario *s,
			   const struct rt_task *ts, const struct render_gantt *g,
			   const struct render_jobs_data *jd, rt_time t0,
			   rt_time t1, const char *font, struct rt_diag *d)
{
	struct render_figure_opts fo = { .width_pt = 7.16 * 72 * 0.75,
					 .font = font };
	struct render_mem m;
	const char *uname;
	rt_time span, scale;
	bool trunc;
	char cap[160], a[32], b[32];
	enum rt_err rc;

	cli_fmt_time(s, t0, a, sizeof(a));
	cli_fmt_time(s, t1, b, sizeof(b));
	snprintf(cap, sizeof(cap), "Gantt chart of [%s, %s) %s.", a, b,
		 scn_time_unit_name(s->time_unit));
	render_html_h2(f, "Schedule");
	rc = render_html_gantt(f, g, "gantt", cap, d);
	if (rc != RT_OK)
		return rc;
	render_html_h2(f, "Demand bound function");
	span = render_dbf_default_span(ts, s->ntasks, s->cpus);
	rc = render_axis_unit(scn_internal_unit_name(s->time_unit),
			      cli_unit_scale(s), span, NULL, &uname, &scale, d);
	if (rc == RT_OK)
		rc = render_mem_open(&m, d);
	if (rc != RT_OK)
		return rc;
	rc = render_dbf_figure(ts, s->ntasks, s->cpus, 0, 0, NULL, span, scale,
			       uname, &fo,
			       "dbf", m.f, RENDER_GANTT_SVG, &trunc, d);
	if (render_mem_close(&m, d) != RT_OK && rc == RT_OK)
		rc = RT_ERR_NOMEM;
	if (rc == RT_OK)
		rc = render_html_svg(f, m.buf, m.n, "dbf", "dbf(t), the demand "
				     "of jobs with release and deadline in an "
				     "interval of length t, against the supply "
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
				      cli_unit_scale(s), maxv, NULL, &uname,
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

int cmd_report(int argc, char **argv)
{
	const char *path = NULL, *out = NULL, *until_s = NULL, *window = NULL;
	const char *font = NULL;
	struct scn_scenario *s = NULL;
	struct render_gantt_opts go = RENDER_GANTT_OPTS_DEFAULT;
	struct render_gantt *g = NULL;
	struct render_jobs_data jd;
	struct render_jobs_sink js;
	struct render_outfile of;
	struct render_meta meta;
	struct sim_sink sinks[2];
	struct sim_horizon h;
	struct cli_sim cs;
	struct rt_diag d = { "" };
	struct rt_task *ob = NULL;
	unsigned *cluster = NULL;
	rt_time until = RT_TIME_NEVER;
	bool sim_ok = false, file_open = false;
	char desc[256], line[512], hz[32];
	enum rt_err err;
	FILE *f = NULL;
	int rc;

	memset(&jd, 0, sizeof(jd));
	for (int i = 1; i < argc; i++) {
		bool bad = false;

		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(report_help, stdout);
			return CLI_EXIT_OK;
		}
		if (cli_opt_value(argc, argv, &i, "-o", &out, &bad, "report") ||
		    cli_opt_value(argc, argv, &i, "--until", &until_s, &bad, "report") ||
		    cli_opt_value(argc, argv, &i, "--window", &window, &bad, "report") ||
		    cli_opt_value(argc, argv, &i, "--font", &font, &bad, "report")) {
			if (bad)
				return CLI_EXIT_USAGE;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_usage_error("report", "unknown option '%s'",
					       argv[i]);
		} else if (path) {
			return cli_usage_error("report", "only one scenario, please");
		} else {
			path = argv[i];
		}
	}
	if (!path)
		return cli_usage_error("report", "missing SCENARIO.yaml");
	if (!out)
		return cli_usage_error("report", "missing -o REPORT.html");
	if (!render_path_has_ext(out, ".html") && !render_path_has_ext(out, ".htm"))
		return cli_usage_error("report", "-o %s: expected an .html file "
				       "name", out);
	rc = cli_load(path, &s);
	if (rc != CLI_EXIT_OK)
		return rc;
	rc = cli_parse_until("report", s, until_s, &until);
	if (rc == CLI_EXIT_OK && window &&
	    scn_parse_window(window, s->time_unit, &go.t0, &go.t1, &d) != RT_OK)
		rc = cli_usage_error("report", "--window %s: %s", window, d.msg);
	if (rc == CLI_EXIT_OK)
		rc = cli_place(s, &cluster);
	if (rc == CLI_EXIT_OK)
		rc = cli_horizon(s, until, cluster, &h);
	if (rc == CLI_EXIT_OK)
		rc = cli_oblivious(s, &ob);
	if (rc != CLI_EXIT_OK)
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
	cli_meta(s, h.horizon, &meta);
	err = render_gantt_create(&meta, &go, &g, &d);
	if (err != RT_OK) {
		rc = cli_usage_error("report", "chart: %s", d.msg);
		goto out;
	}
	js = (struct render_jobs_sink){ .j = &jd, .tasks = s->tasks,
					.ntasks = s->ntasks };
	sinks[0] = render_gantt_sink(g);
	sinks[1] = render_jobs_data_sink(&js);
	rc = cli_simulate(s, &h, cluster, sinks, 2, false, &cs);
	if (rc != CLI_EXIT_OK)
		goto out;
	sim_ok = true;
	if (render_outfile_open(&of, out, &f, &d) != RT_OK) {
		cli_error("%s", d.msg);
		rc = CLI_EXIT_IO;
		goto out;
	}
	file_open = true;
	render_html_begin(f, s->name);
	if (s->description && *s->description)
		render_html_p(f, s->description);
	cli_fmt_time(s, h.horizon, hz, sizeof(hz));
	snprintf(line, sizeof(line), "Policy %s on %u CPU%s, horizon %s %s "
		 "(%s).", cli_sched_desc(s, desc, sizeof(desc)), s->cpus,
		 s->cpus == 1 ? "" : "s", hz, scn_time_unit_name(s->time_unit),
		 h.exact ? "exact: it covers the worst case" : "not exact");
	render_html_p(f, line);
	render_html_h2(f, "Tasks");
	tasks_table(f, s);
	render_html_h2(f, "Admission tests");
	tests_table(f, s, ob ? ob : s->tasks);
	fputs("<p class=\"note\">On the tasks' (C, D, T)", f);
	if (ob)
		fputs(", self-suspensions counted as execution", f);
	fputs("; <code>dlsim analyze</code> compares them with the "
	      "simulation and gives the tardiness bounds.</p>\n", f);
	render_html_h2(f, "Simulation");
	sim_tables(f, s, &cs);
	err = figures(f, s, ob ? ob : s->tasks, g, &jd, go.t0,
		      go.t1 ? go.t1 : h.horizon, font, &d);
	if (err != RT_OK) {
		cli_error("%s: %s", out, d.msg);
		rc = cli_exit_for(err);
		goto out;
	}
	render_html_h2(f, "Deadline misses");
	miss_table(f, s, &cs);
	render_html_end(f);
	if (render_outfile_commit(&of, &d) != RT_OK) {
		cli_error("%s", d.msg);
		rc = CLI_EXIT_IO;
	}
	file_open = false;
out:
	if (file_open)
		render_outfile_abort(&of);
	if (sim_ok)
		cli_sim_fini(&cs);
	render_gantt_destroy(g);
	render_jobs_data_fini(&jd);
	free(ob);
	free(cluster);
	scn_free(s);
	return rc;
}
