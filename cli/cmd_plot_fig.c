/* cmd_plot_fig.c - `dlsim plot KIND ...`: the figures besides the Gantt
 * chart (cmd_plot.c dispatches here on the words dbf, response, util).
 *
 *   dlsim plot dbf SCENARIO.yaml -o dbf.png       dbf(t) and t, witness
 *   dlsim plot response JOBS.csv -o resp.png      histogram + CCDFs
 *   dlsim plot util SCENARIO.yaml -o util.png     per-CPU busy share
 *
 * A word selects the figure; a path ending in .csv is an experiment's
 * results (cmd_plot_acc.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/simulate.h"
#include "models/mem.h"
#include "render/gantt.h"
#include "render/geom.h"
#include "render/plot.h"

static const char plot_help[] =
"Usage: dlsim plot dbf SCENARIO.yaml -o OUT.png|svg|pdf [--until T]\n"
"       dlsim plot response JOBS.csv -o OUT [--unit tick|ns] [--bins N]\n"
"       dlsim plot util SCENARIO.yaml -o OUT [--until T] [--bins N]\n"
"\n"
"Figures for papers besides the Gantt chart:\n"
"  dbf       the demand bound function dbf(t) of the task set against the\n"
"            supply t (m t on m CPUs), with the first t where dbf(t) > m t\n"
"            marked (the processor demand criterion's witness).  Default\n"
"            span: twice the witness, else the synchronous busy period.\n"
"  response  from a 'dlsim run --jobs' CSV: per task, a histogram of the\n"
"            response times, their complementary CDF P(R > x), and the\n"
"            CCDF of the tardiness when some job was late.  The CSV's times\n"
"            are internal units: --unit ns for scenarios with a time unit\n"
"            (then shown in us/ms/s), tick (default) otherwise.\n"
"  util      simulate the scenario and plot each CPU's busy share in\n"
"            --bins equal intervals (default 100) of the horizon.\n"
"\n"
"Options:\n"
"  -o FILE           the figure (format by extension: .png .svg .pdf)\n"
"  --width W         3.5in (default), 7.16in, 18cm, pixels\n"
"  --dpi N           PNG resolution (default 300)\n"
"  --font F          sans (default), serif, or a font family\n"
"  --axis-unit U     ns, us, ms or s (default: chosen for short labels)\n"
"  --until T         dbf: the span; util: the horizon (scenario time unit)\n"
"  --bins N          response: histogram bins (20); util: intervals (100)\n"
"  --server NAME     dbf: the tasks that server serves, against its supply\n"
"                    bound function sbf(t) as a periodic resource (Q, T)\n"
"  --help            this text\n"
"\n"
"Example:\n"
"  dlsim plot dbf scenarios/examples/dario.yaml -o dbf.png\n"
"  dlsim run scenarios/examples/linux-dl.yaml --jobs jobs.csv\n"
"  dlsim plot response jobs.csv --unit ns -o resp.pdf\n";

struct plot_opts {
	const char *kind, *input, *out, *width, *dpi, *font, *axis_unit;
	const char *until, *bins, *unit, *server;
	struct render_figure_opts fo;
	size_t nbins;
};

static int plot_parse(int argc, char **argv, struct plot_opts *o, bool *help)
{
	struct rt_diag d = { "" };

	*help = false;
	for (int i = 1; i < argc; i++) {
		bool bad = false;

		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			*help = true;
			return CLI_EXIT_OK;
		}
		if (cli_opt_value(argc, argv, &i, "-o", &o->out, &bad, "plot") ||
		    cli_opt_value(argc, argv, &i, "--width", &o->width, &bad, "plot") ||
		    cli_opt_value(argc, argv, &i, "--dpi", &o->dpi, &bad, "plot") ||
		    cli_opt_value(argc, argv, &i, "--font", &o->font, &bad, "plot") ||
		    cli_opt_value(argc, argv, &i, "--axis-unit", &o->axis_unit, &bad, "plot") ||
		    cli_opt_value(argc, argv, &i, "--until", &o->until, &bad, "plot") ||
		    cli_opt_value(argc, argv, &i, "--bins", &o->bins, &bad, "plot") ||
		    cli_opt_value(argc, argv, &i, "--unit", &o->unit, &bad, "plot") ||
		    cli_opt_value(argc, argv, &i, "--server", &o->server, &bad, "plot")) {
			if (bad)
				return CLI_EXIT_USAGE;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_usage_error("plot", "unknown option '%s'", argv[i]);
		} else if (!o->kind) {
			o->kind = argv[i];
		} else if (!o->input) {
			o->input = argv[i];
		} else {
			return cli_usage_error("plot", "unexpected argument '%s'",
					       argv[i]);
		}
	}
	if (!o->kind)
		return cli_usage_error("plot", "missing the figure: dbf, response "
				       "or util");
	if (strcmp(o->kind, "dbf") && strcmp(o->kind, "response") &&
	    strcmp(o->kind, "util")) {
		return cli_usage_error("plot", "unknown figure '%s': expected dbf, "
				       "response or util", o->kind);
	}
	if (!o->input)
		return cli_usage_error("plot", "%s: missing the %s", o->kind,
				       strcmp(o->kind, "response") ?
				       "SCENARIO.yaml" : "JOBS.csv");
	if (!o->out)
		return cli_usage_error("plot", "missing -o OUT.png|svg|pdf");
	{
		enum render_gantt_format f;

		if (render_gantt_format_from_path(o->out, &f, &d) != RT_OK)
			return cli_usage_error("plot", "-o: %s", d.msg);
		if (f == RENDER_GANTT_TIKZ)
			return cli_usage_error("plot", "-o %s: plots are .png, "
					       ".svg or .pdf", o->out);
	}
	o->fo.dpi = 0;
	if (o->dpi) {
		char *end;
		double v = strtod(o->dpi, &end);

		if (*end || !(v >= 10 && v <= 2400))
			return cli_usage_error("plot", "--dpi %s: expected a number "
					       "from 10 to 2400", o->dpi);
		o->fo.dpi = v;
	}
	if (o->width && render_parse_length(o->width, o->fo.dpi ? o->fo.dpi : 300,
					    &o->fo.width_pt, &d) != RT_OK)
		return cli_usage_error("plot", "--width %s: %s", o->width, d.msg);
	o->fo.font = o->font;
	o->nbins = !strcmp(o->kind, "util") ? 100 : 20;
	if (o->bins) {
		char *end;
		unsigned long v;

		errno = 0;
		v = strtoul(o->bins, &end, 10);
		if (errno || *end || !*o->bins || o->bins[0] == '-' || v < 1 ||
		    v > 10000)
			return cli_usage_error("plot", "--bins %s: expected 1 to "
					       "10000", o->bins);
		o->nbins = v;
	}
	if (o->unit && strcmp(o->unit, "tick") && strcmp(o->unit, "ns"))
		return cli_usage_error("plot", "--unit %s: expected tick or ns",
				       o->unit);
	if (o->unit && strcmp(o->kind, "response"))
		return cli_usage_error("plot", "--unit is for 'plot response'");
	if (o->server && strcmp(o->kind, "dbf"))
		return cli_usage_error("plot", "--server is for 'plot dbf'");
	if (o->until && !strcmp(o->kind, "response"))
		return cli_usage_error("plot", "--until is for dbf and util");
	return CLI_EXIT_OK;
}

static int write_fig(const struct render_panel *p, size_t np,
		     const struct plot_opts *o)
{
	struct rt_diag d = { "" };
	enum rt_err err = render_figure_write(p, np, &o->fo, o->out, &d);

	if (err != RT_OK) {
		cli_error("%s", d.msg);
		return cli_exit_for(err);
	}
	return CLI_EXIT_OK;
}

static int axis_unit(const struct plot_opts *o, const char *internal,
		     rt_time display_scale, rt_time span, const char **name,
		     rt_time *scale)
{
	struct rt_diag d = { "" };

	if (render_axis_unit(internal, display_scale, span, o->axis_unit, name,
			     scale, &d) != RT_OK)
		return cli_usage_error("plot", "--axis-unit: %s", d.msg);
	return CLI_EXIT_OK;
}

static int plot_dbf(const struct plot_opts *o)
{
	struct scn_scenario *s = NULL;
	struct rt_diag d = { "" };
	struct rt_task *ts = NULL;
	const struct rt_server *sv = NULL;
	const char *uname;
	rt_time span, scale;
	size_t n = 0;
	bool trunc = false;
	enum rt_err err;
	int rc = cli_load(o->input, &s);

	if (rc != CLI_EXIT_OK)
		return rc;
	if (!(ts = calloc(s->ntasks ? s->ntasks : 1, sizeof(*ts)))) {
		cli_error("out of memory");
		scn_free(s);
		return CLI_EXIT_IO;
	}
	if (o->server) {        /* the tasks that server serves */
		size_t k;

		for (k = 0; k < s->nservers; k++)
			if (!strcmp(s->servers[k].name, o->server))
				break;
		if (k == s->nservers) {
			rc = cli_usage_error("plot", "--server %s: %s has no such "
					     "server", o->server, o->input);
			goto out;
		}
		sv = &s->servers[k];
		for (size_t i = 0; i < s->ntasks; i++)
			if (s->task_server && s->task_server[i] == (int32_t)k)
				ts[n++] = s->tasks[i];
	} else {
		memcpy(ts, s->tasks, s->ntasks * sizeof(*ts));
		n = s->ntasks;
	}
	if (o->until)
		rc = cli_parse_until("plot", s, o->until, &span);
	else if (sv)            /* a few server periods past the tasks' */
		span = render_dbf_default_span(ts, n, 1) + 2 * sv->period;
	else
		span = render_dbf_default_span(ts, n, s->cpus);
	if (rc == CLI_EXIT_OK)
		rc = axis_unit(o, scn_internal_unit_name(s->time_unit),
			       cli_unit_scale(s), span, &uname, &scale);
	if (rc == CLI_EXIT_OK) {
		err = render_dbf_figure(ts, n, s->cpus, sv ? sv->budget_max : 0,
					sv ? sv->period : 0, sv ? sv->name : NULL,
					span, scale, uname, &o->fo, o->out, NULL,
					RENDER_GANTT_PNG, &trunc, &d);
		if (err != RT_OK) {
			cli_error("%s", d.msg);
			rc = cli_exit_for(err);
		} else if (trunc) {
			fprintf(stderr, "dlsim plot: dbf: the first 20000 "
				"deadlines only (use a shorter --until)\n");
		}
	}
out:
	free(ts);
	scn_free(s);
	return rc;
}

static int plot_response(const struct plot_opts *o)
{
	struct render_jobs_data jd;
	struct rt_diag d = { "" };
	const char *uname;
	rt_time scale, maxv = 1;
	enum rt_err err;
	int rc;
	FILE *f = strcmp(o->input, "-") ? fopen(o->input, "r") : stdin;

	if (!f) {
		cli_error("cannot read %s: %s", o->input, strerror(errno));
		return CLI_EXIT_IO;
	}
	err = render_jobs_csv_read(f, o->input, &jd, &d);
	if (f != stdin)
		fclose(f);
	if (err != RT_OK) {
		cli_error("%s", d.msg);
		render_jobs_data_fini(&jd);
		return cli_exit_for(err);
	}
	for (size_t i = 0; i < jd.n; i++)
		for (size_t k = 0; k < jd.t[i].nresp; k++)
			if (jd.t[i].resp[k] > maxv)
				maxv = jd.t[i].resp[k];
	rc = axis_unit(o, o->unit && !strcmp(o->unit, "ns") ? "ns" : "tick", 1,
		       maxv, &uname, &scale);
	if (rc == CLI_EXIT_OK) {
		if (jd.n > 24)
			fprintf(stderr, "dlsim plot: response: the first 24 of "
				"%zu tasks only\n", jd.n);
		err = render_response_figure(&jd, o->nbins, scale, uname, &o->fo,
					     o->out, NULL, RENDER_GANTT_PNG, &d);
		if (err != RT_OK) {
			cli_error("%s", d.msg);
			rc = err == RT_ERR_INVAL ? CLI_EXIT_INPUT :
			     cli_exit_for(err);
		}
	}
	render_jobs_data_fini(&jd);
	return rc;
}

static int plot_util(const struct plot_opts *o)
{
	struct scn_scenario *s = NULL;
	struct render_util *u = NULL;
	struct rt_diag d = { "" };
	struct sim_horizon h;
	struct cli_sim cs;
	struct sim_sink sink;
	struct render_series ser[64];
	struct render_panel p;
	unsigned *cluster = NULL;
	double *buf = NULL;
	char xl[64], lab[64][16];
	const char *uname;
	rt_time until = RT_TIME_NEVER, scale;
	unsigned nc;
	size_t nb;
	int rc = cli_load(o->input, &s);

	if (rc != CLI_EXIT_OK)
		return rc;
	rc = cli_parse_until("plot", s, o->until, &until);
	if (rc == CLI_EXIT_OK)
		rc = cli_place(s, &cluster);
	if (rc == CLI_EXIT_OK)
		rc = cli_horizon(s, until, cluster, &h);
	if (rc == CLI_EXIT_OK)
		rc = axis_unit(o, scn_internal_unit_name(s->time_unit),
			       cli_unit_scale(s), h.horizon, &uname, &scale);
	if (rc != CLI_EXIT_OK)
		goto out;
	if (render_util_create(s->cpus, h.horizon, o->nbins, &u, &d) != RT_OK) {
		cli_error("%s", d.msg);
		rc = CLI_EXIT_INPUT;
		goto out;
	}
	sink = render_util_sink(u);
	rc = cli_simulate(s, &h, cluster, &sink, 1, false, &cs);
	if (rc != CLI_EXIT_OK)
		goto out;
	cli_sim_fini(&cs);
	nc = s->cpus < 64 ? s->cpus : 64;
	nb = (size_t)rt_ceil_div(h.horizon, render_util_bin(u));
	if (!(buf = calloc((size_t)nc * 2 * (nb + 1), sizeof(*buf)))) {
		cli_error("out of memory");
		rc = CLI_EXIT_IO;
		goto out;
	}
	for (unsigned c = 0; c < nc; c++) {
		double *x = buf + (size_t)c * 2 * (nb + 1), *y = x + nb + 1;

		for (size_t b = 0; b < nb; b++) {
			x[b] = (double)((rt_time)b * render_util_bin(u)) /
			       (double)scale;
			y[b] = 100.0 * render_util_share(u, c, b);
		}
		snprintf(lab[c], sizeof(lab[c]), "CPU %u", c);
		ser[c] = (struct render_series){ .label = lab[c], .colour = (int)c,
			.kind = RENDER_SERIES_STEP, .x = x, .y = y, .n = nb,
			.dashed = c % 2 == 1 };
	}
	snprintf(xl, sizeof(xl), "time (%s)", uname);
	p = (struct render_panel){ .xlabel = xl, .ylabel = "busy (%)",
		.s = ser, .ns = nc, .x0 = 0,
		.x1 = (double)h.horizon / (double)scale, .y0 = 0, .y1 = 105 };
	rc = write_fig(&p, 1, o);
out:
	free(buf);
	render_util_destroy(u);
	free(cluster);
	scn_free(s);
	return rc;
}

int cmd_plot_fig(int argc, char **argv)
{
	struct plot_opts o;
	bool help;
	int rc;

	memset(&o, 0, sizeof(o));
	rc = plot_parse(argc, argv, &o, &help);
	if (help) {
		fputs(plot_help, stdout);
		return CLI_EXIT_OK;
	}
	if (rc != CLI_EXIT_OK)
		return rc;
	if (!strcmp(o.kind, "dbf"))
		return plot_dbf(&o);
	if (!strcmp(o.kind, "response"))
		return plot_response(&o);
	return plot_util(&o);
}
