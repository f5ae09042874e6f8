/* outputs.c - opening, feeding and committing the output files of `run`
 * and `render` (see outputs.h). */
#include "cli/outputs.h"

#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

const char cli_outputs_help[] =
"  --log FILE        event log, one row per event: FILE.csv or FILE.jsonl\n"
"                    (a .jsonl log can be drawn later with 'dlsim render')\n"
"  --jobs FILE.csv   one row per job in release order:\n"
"                    task,job,release,deadline,start,finish,response,tardiness,cpu\n"
"  --trace FILE.json Chrome Trace Event JSON (ui.perfetto.dev, chrome://tracing)\n"
"  --ftrace FILE     the text 'trace-cmd report' prints: sched_switch,\n"
"                    sched_waking, sched_wakeup (docs/trace-cmd.md)\n"
"  --gantt FILE      Gantt chart; format by extension: .png .svg .pdf (.tex)\n"
"  --tikz FILE.tex   the chart as a standalone TikZ picture for LaTeX\n"
"  --gantt-rows R    'task' (one row per task, default) or 'cpu'\n"
"  --window T0:T1    draw only [T0, T1) (scenario time_unit, or with units)\n"
"  --width W         chart width: 3.5in (one column), 7.16in (two columns,\n"
"                    default), 18cm, or a pixel count\n"
"  --dpi N           PNG resolution (default 300)\n"
"  --title TEXT      chart title (default: none; papers use captions)\n"
"  --font F          'sans' (DejaVu Sans, default), 'serif' (Liberation\n"
"                    Serif: Times metrics) or a font family name\n"
"  --axis-unit U     time unit of the axis and labels: ns, us, ms, s (tick\n"
"                    scenarios: tick); default: the scenario's, made larger\n"
"                    while labels would need five or more digits\n"
"  --color-by K      box colour means the 'task' (default) or the 'cpu'\n";

bool cli_outputs_parse(int argc, char **argv, int *i,
		       struct cli_outputs_opts *o, bool *bad, const char *cmd)
{
	static const struct {
		const char *name;
		size_t off;
	} opts[] = {
		{ "--log",        offsetof(struct cli_outputs_opts, log) },
		{ "--jobs",       offsetof(struct cli_outputs_opts, jobs) },
		{ "--trace",      offsetof(struct cli_outputs_opts, trace) },
		{ "--ftrace",     offsetof(struct cli_outputs_opts, ftrace) },
		{ "--gantt",      offsetof(struct cli_outputs_opts, gantt) },
		{ "--tikz",       offsetof(struct cli_outputs_opts, tikz) },
		{ "--gantt-rows", offsetof(struct cli_outputs_opts, rows) },
		{ "--window",     offsetof(struct cli_outputs_opts, window) },
		{ "--width",      offsetof(struct cli_outputs_opts, width) },
		{ "--dpi",        offsetof(struct cli_outputs_opts, dpi) },
		{ "--title",      offsetof(struct cli_outputs_opts, title) },
		{ "--font",       offsetof(struct cli_outputs_opts, font) },
		{ "--axis-unit",  offsetof(struct cli_outputs_opts, axis_unit) },
		{ "--color-by",   offsetof(struct cli_outputs_opts, color_by) },
	};

	for (size_t k = 0; k < sizeof(opts) / sizeof(opts[0]); k++) {
		const char **slot = (const char **)((char *)o + opts[k].off);

		if (cli_opt_value(argc, argv, i, opts[k].name, slot, bad, cmd))
			return true;
	}
	return false;
}

static bool outputs_want_chart(const struct cli_outputs_opts *o)
{
	return o->gantt || o->tikz;
}

/* Chart options from the command line; prints usage errors. */
static int outputs_chart_opts(const struct cli_outputs_opts *o, const char *cmd,
			      const char *display_unit,
			      struct render_gantt_opts *g)
{
	enum scn_time_unit unit = SCN_UNIT_TICK;

	struct render_gantt_opts def = RENDER_GANTT_OPTS_DEFAULT;
	struct rt_diag d = { "" };

	*g = def;
	if (o->dpi) {
		char *end;
		double v = strtod(o->dpi, &end);

		if (*end || !(v >= 10 && v <= 2400))
			return cli_usage_error(cmd, "--dpi %s: expected a number "
					       "from 10 to 2400", o->dpi);
		g->dpi = v;
	}
	if (o->width && render_parse_length(o->width, g->dpi ? g->dpi : 300,
					    &g->width_pt, &d) != RT_OK)
		return cli_usage_error(cmd, "--width %s: %s", o->width, d.msg);
	if (o->window && (!scn_time_unit_from_name(display_unit, &unit) ||
			  scn_parse_window(o->window, unit, &g->t0, &g->t1,
					   &d) != RT_OK))
		return cli_usage_error(cmd, "--window %s: %s", o->window,
				       d.msg[0] ? d.msg : "unknown time unit");
	if (o->rows) {
		if (!strcmp(o->rows, "task"))
			g->rows = RENDER_ROWS_TASK;
		else if (!strcmp(o->rows, "cpu"))
			g->rows = RENDER_ROWS_CPU;
		else
			return cli_usage_error(cmd, "--gantt-rows %s: expected "
					       "'task' or 'cpu'", o->rows);
	}
	if (o->color_by) {
		if (!strcmp(o->color_by, "task"))
			g->colour_by = RENDER_COLOUR_BY_TASK;
		else if (!strcmp(o->color_by, "cpu"))
			g->colour_by = RENDER_COLOUR_BY_CPU;
		else
			return cli_usage_error(cmd, "--color-by %s: expected "
					       "'task' or 'cpu'", o->color_by);
	}
	if (o->axis_unit) {
		static const char *const units[] = {
			"tick", "ticks", "ns", "us", "ms", "s"
		};
		size_t k = 0;

		while (k < 6 && strcmp(o->axis_unit, units[k]))
			k++;
		if (k == 6)
			return cli_usage_error(cmd, "--axis-unit %s: expected ns, "
					       "us, ms, s or tick", o->axis_unit);
	}
	if (o->font && !*o->font)
		return cli_usage_error(cmd, "--font: expected sans, serif or a "
				       "font family name");
	g->title = o->title;
	g->font = o->font;
	g->axis_unit = o->axis_unit;
	return CLI_EXIT_OK;
}

int cli_outputs_check(const struct cli_outputs_opts *o, const char *cmd,
		      const char *display_unit)
{
	struct rt_diag d = { "" };
	struct render_gantt_opts g;
	enum render_gantt_format gf;
	enum render_log_format lf;
	int rc;

	if (o->log && render_log_format_from_path(o->log, &lf, &d) != RT_OK)
		return cli_usage_error(cmd, "--log: %s", d.msg);
	if (o->gantt && render_gantt_format_from_path(o->gantt, &gf, &d) != RT_OK)
		return cli_usage_error(cmd, "--gantt: %s", d.msg);
	if (o->tikz && !render_path_has_ext(o->tikz, ".tex") &&
	    !render_path_has_ext(o->tikz, ".tikz"))
		return cli_usage_error(cmd, "--tikz %s: expected a .tex or .tikz "
				       "file name", o->tikz);
	if (o->trace && !render_path_has_ext(o->trace, ".json"))
		return cli_usage_error(cmd, "--trace %s: expected a .json file "
				       "name", o->trace);
	if (!outputs_want_chart(o) && (o->rows || o->window || o->width ||
				       o->dpi || o->title || o->font ||
				       o->axis_unit || o->color_by))
		return cli_usage_error(cmd, "chart options need --gantt or --tikz");
	rc = outputs_chart_opts(o, cmd, display_unit, &g);
	return rc;
}

/* Open a FILE*-based writer's atomic file; prints errors. */
static int outputs_file(struct render_outfile *of, const char *path, FILE **f)
{
	struct rt_diag d = { "" };

	if (render_outfile_open(of, path, f, &d) != RT_OK) {
		cli_error("%s", d.msg);
		return CLI_EXIT_IO;
	}
	return CLI_EXIT_OK;
}

/* m->horizon in m's display unit. */
static const char *outputs_fmt_horizon(const struct render_meta *m, char *buf,
				       size_t len)
{
	enum scn_time_unit u = SCN_UNIT_TICK;

	scn_time_unit_from_name(m->display_unit, &u);
	return cli_fmt_time_in(u, m->horizon, buf, len);
}

int cli_outputs_open(struct cli_outputs *out, const struct cli_outputs_opts *o,
		     const struct render_meta *m, const char *cmd)
{
	char hb[48];
	struct rt_diag d = { "" };
	FILE *f;
	int rc;

	memset(out, 0, sizeof(*out));
	out->o = o;
	if (o->log) {
		enum render_log_format fmt;

		if (render_log_format_from_path(o->log, &fmt, &d) != RT_OK)
			goto usage;
		if ((rc = outputs_file(&out->log_out, o->log, &f)) != CLI_EXIT_OK)
			goto fail;
		if (render_log_open(f, fmt, m, &out->log, &d) != RT_OK)
			goto io;
		out->sinks[out->nsinks++] = render_log_sink(out->log);
	}
	if (o->jobs) {
		if ((rc = outputs_file(&out->jobs_out, o->jobs, &f)) != CLI_EXIT_OK)
			goto fail;
		if (render_jobs_open(f, m, &out->jobs, &d) != RT_OK)
			goto io;
		out->sinks[out->nsinks++] = render_jobs_sink(out->jobs);
	}
	if (o->trace) {
		if ((rc = outputs_file(&out->trace_out, o->trace, &f)) != CLI_EXIT_OK)
			goto fail;
		if (render_chrome_open(f, m, &out->chrome, &d) != RT_OK)
			goto io;
		out->sinks[out->nsinks++] = render_chrome_sink(out->chrome);
	}
	if (o->ftrace) {
		if ((rc = outputs_file(&out->ftrace_out, o->ftrace, &f)) != CLI_EXIT_OK)
			goto fail;
		if (render_ftrace_open(f, m, &out->ftrace, &d) != RT_OK)
			goto io;
		out->sinks[out->nsinks++] = render_ftrace_sink(out->ftrace);
	}
	if (outputs_want_chart(o)) {
		struct render_gantt_opts g;
		enum rt_err err;

		rc = outputs_chart_opts(o, cmd, m->display_unit, &g);
		if (rc != CLI_EXIT_OK)
			goto fail;
		if (o->window && m->horizon > 0 && g.t0 >= m->horizon)
			fprintf(stderr, "%s %s: warning: --window %s starts at or "
				"after the end of the simulation (horizon %s %s): "
				"the chart shows no execution; simulate longer "
				"with --until\n", cli_prog, cmd, o->window,
				outputs_fmt_horizon(m, hb, sizeof(hb)),
				m->display_unit);
		err = render_gantt_create(m, &g, &out->gantt, &d);
		if (err != RT_OK) {
			rc = err == RT_ERR_INVAL ? CLI_EXIT_USAGE : CLI_EXIT_IO;
			cli_error("chart: %s", d.msg);
			goto fail;
		}
		out->sinks[out->nsinks++] = render_gantt_sink(out->gantt);
	}
	return CLI_EXIT_OK;
usage:
	rc = cli_usage_error(cmd, "%s", d.msg);
	goto fail;
io:
	cli_error("%s", d.msg);
	rc = CLI_EXIT_IO;
fail:
	cli_outputs_close(out, false);
	return rc;
}

int cli_outputs_close(struct cli_outputs *out, bool ok)
{
	struct rt_diag d = { "" };
	int rc = ok ? CLI_EXIT_OK : CLI_EXIT_IO;

	/* Finish the FILE* writers first (they flush into their temp files),
	 * then commit: a failure in any output aborts only that output. */
	if (out->log && render_log_finish(out->log, ok ? &d : NULL) != RT_OK && ok) {
		cli_error("--log: %s", d.msg);
		render_outfile_abort(&out->log_out);
		rc = CLI_EXIT_IO;
	}
	if (out->jobs && render_jobs_finish(out->jobs, ok ? &d : NULL) != RT_OK && ok) {
		cli_error("--jobs: %s", d.msg);
		render_outfile_abort(&out->jobs_out);
		rc = CLI_EXIT_IO;
	}
	if (out->chrome && render_chrome_finish(out->chrome, ok ? &d : NULL) != RT_OK && ok) {
		cli_error("--trace: %s", d.msg);
		render_outfile_abort(&out->trace_out);
		rc = CLI_EXIT_IO;
	}
	if (out->ftrace && render_ftrace_finish(out->ftrace, ok ? &d : NULL) != RT_OK && ok) {
		cli_error("--ftrace: %s", d.msg);
		render_outfile_abort(&out->ftrace_out);
		rc = CLI_EXIT_IO;
	}
	out->log = NULL;
	out->jobs = NULL;
	out->chrome = NULL;
	out->ftrace = NULL;
	if (ok) {
		struct render_outfile *files[] = { &out->log_out, &out->jobs_out,
						   &out->trace_out, &out->ftrace_out };

		for (size_t k = 0; k < 4; k++)
			if (files[k]->tmp && render_outfile_commit(files[k], &d) != RT_OK) {
				cli_error("%s", d.msg);
				rc = CLI_EXIT_IO;
			}
		if (out->gantt && out->o->gantt &&
		    render_gantt_write(out->gantt, out->o->gantt, &d) != RT_OK) {
			cli_error("%s", d.msg);
			rc = CLI_EXIT_IO;
		}
		if (out->gantt && out->o->tikz &&
		    render_gantt_write(out->gantt, out->o->tikz, &d) != RT_OK) {
			cli_error("%s", d.msg);
			rc = CLI_EXIT_IO;
		}
	}
	render_outfile_abort(&out->log_out);
	render_outfile_abort(&out->jobs_out);
	render_outfile_abort(&out->trace_out);
	render_outfile_abort(&out->ftrace_out);
	render_gantt_destroy(out->gantt);
	out->gantt = NULL;
	out->nsinks = 0;
	return rc;
}
