/* cmd_plot.c - `dlsim plot ...`: a path ending in .csv is an
 * experiment's results (the acceptance-ratio or tardiness figure,
 * dlsim_plot_acceptance; several with --weighted, dlsim_plot_weighted);
 * the words dbf, response and util select the other figures
 * (dlsim_plot):
 *
 *   dlsim plot RESULTS.csv -o acc.pdf            acceptance ratio
 *   dlsim plot RESULTS.csv --tardiness -o t.pdf  observed vs bound
 *   dlsim plot A.csv B.csv --weighted -o w.pdf   weighted schedulability
 *   dlsim plot dbf SCENARIO.yaml -o dbf.png      dbf(t) and t, witness
 *   dlsim plot response JOBS.csv -o resp.png     histogram + CCDFs
 *   dlsim plot util SCENARIO.yaml -o util.png    per-CPU busy share
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/cli.h"

static const char plot_help[] =
"Usage: dlsim plot RESULTS.csv -o OUT.png|svg|pdf [OPTIONS]\n"
"       dlsim plot dbf|response|util INPUT -o OUT.png|svg|pdf [OPTIONS]\n"
"\n"
"  RESULTS.csv   acceptance ratio of an experiment (dlsim plot RESULTS.csv\n"
"                --help for its options)\n"
"  dbf SCENARIO.yaml     dbf(t) against the supply, the witness marked\n"
"  response JOBS.csv     response-time histogram and CCDFs (--jobs CSV)\n"
"  util SCENARIO.yaml    per-CPU busy share over time\n"
"                (dlsim plot dbf --help for their options)\n";

static const char plot_fig_help[] =
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
"  dlsim run scenarios/examples/sporadic.yaml --jobs jobs.csv\n"
"  dlsim plot response jobs.csv --unit ns -o resp.pdf\n";

static const char plot_acc_help[] =
"Usage: dlsim plot RESULTS.csv -o OUT.png|svg|pdf [--tardiness] [OPTIONS]\n"
"       dlsim plot A.csv B.csv ... --weighted [--by KEY] -o OUT.png|svg|pdf|csv\n"
"\n"
"Acceptance ratio against utilization from the CSV of dlsim experiment (or\n"
"dlsim merge): one curve per test, plus the simulation (the sets it met),\n"
"each with its own marker and dash pattern, 95 % Wilson intervals as error\n"
"bars.\n"
"  --tardiness   per point, the largest tardiness simulated and the largest\n"
"                tardiness bound (an experiment run with tardiness: true)\n"
"  --weighted    the weighted schedulability W = sum u S(u) / sum u of each\n"
"                curve of each CSV (Bastoni, Brandenburg & Anderson 2010),\n"
"                against the parameter the CSVs vary (their .meta sidecars:\n"
"                cpus, tasks, cap, period_min, period_max, budget_factor,\n"
"                period_divisor); -o ending in .csv writes the table\n"
"  --by KEY      the parameter for --weighted when several differ\n"
"  --width W     3.5in (a paper column, default), 7.16in (a page), or points\n"
"  --dpi N       PNG resolution (default 300)\n"
"  --title TEXT, --xlabel TEXT\n";

/* The figure's settings, argv order kept for the messages. */
struct plot_args {
	const char *kind, *input, *out, *width, *dpi, *font, *axis_unit;
	const char *until, *bins, *unit, *server;
};

static int plot_parse(int argc, char **argv, struct plot_args *o, bool *help)
{
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
	return CLI_EXIT_OK;
}

static int plot_figure(int argc, char **argv)
{
	struct plot_args o;
	struct dlsim *db;
	struct dlsim_opts *opts;
	enum dlsim_status st;
	bool help;
	int rc;

	memset(&o, 0, sizeof(o));
	rc = plot_parse(argc, argv, &o, &help);
	if (help) {
		fputs(plot_fig_help, stdout);
		return CLI_EXIT_OK;
	}
	if (rc != CLI_EXIT_OK)
		return rc;
	db = cli_session("plot");
	if (!db)
		return CLI_EXIT_INPUT;
	{
		const char *const kv[] = {
			"width", o.width, "dpi", o.dpi, "font", o.font,
			"axis-unit", o.axis_unit, "until", o.until,
			"bins", o.bins, "unit", o.unit, "server", o.server,
		};

		opts = cli_opts(db, kv, 8);
	}
	if (!opts) {
		rc = CLI_EXIT_INPUT;
	} else {
		st = dlsim_plot(db, o.kind, o.input, o.out, opts);
		if (st != DLSIM_OK)
			rc = cli_fail(db, "plot", st);
	}
	dlsim_opts_free(opts);
	dlsim_close(db);
	return rc;
}

/* True if path ends with ".csv", ignoring ASCII case. */
static bool plot_is_csv(const char *path)
{
	size_t n = strlen(path);

	return n >= 4 && !strcasecmp(path + n - 4, ".csv");
}

/* argv[1] is a CSV; more may follow (--weighted). */
static int plot_acceptance(int argc, char **argv)
{
	const char *out = NULL, *w = NULL, *dpi = NULL, *by = NULL;
	const char *title = NULL, *xlabel = NULL;
	const char **in = calloc((size_t)argc, sizeof(*in));
	struct dlsim *db;
	struct dlsim_opts *opts;
	enum dlsim_status st;
	bool bad = false, tard = false, weighted = false;
	size_t nin = 0;
	int rc = CLI_EXIT_OK;

	if (!in)
		return cli_usage_error("plot", "out of memory");
	in[nin++] = argv[1];
	for (int i = 2; i < argc && rc == CLI_EXIT_OK; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(plot_acc_help, stdout);
			free(in);
			return CLI_EXIT_OK;
		}
		if (cli_opt_value(argc, argv, &i, "-o", &out, &bad, "plot") ||
		    cli_opt_value(argc, argv, &i, "--width", &w, &bad, "plot") ||
		    cli_opt_value(argc, argv, &i, "--dpi", &dpi, &bad, "plot") ||
		    cli_opt_value(argc, argv, &i, "--title", &title, &bad, "plot") ||
		    cli_opt_value(argc, argv, &i, "--xlabel", &xlabel, &bad,
				  "plot") ||
		    cli_opt_value(argc, argv, &i, "--by", &by, &bad, "plot")) {
			if (bad)
				rc = CLI_EXIT_USAGE;
		} else if (!strcmp(argv[i], "--tardiness")) {
			tard = true;
		} else if (!strcmp(argv[i], "--weighted")) {
			weighted = true;
		} else if (argv[i][0] != '-' && plot_is_csv(argv[i])) {
			in[nin++] = argv[i];
		} else {
			rc = cli_usage_error("plot", "unknown argument '%s'",
					     argv[i]);
		}
	}
	if (rc == CLI_EXIT_OK && !out)
		rc = cli_usage_error("plot", "missing -o OUT.png|svg|pdf");
	if (rc == CLI_EXIT_OK && nin > 1 && !weighted)
		rc = cli_usage_error("plot", "%zu results: several CSVs make the "
				     "--weighted figure", nin);
	if (rc == CLI_EXIT_OK && weighted && tard)
		rc = cli_usage_error("plot", "--weighted and --tardiness are two "
				     "figures; choose one");
	if (rc == CLI_EXIT_OK && by && !weighted)
		rc = cli_usage_error("plot", "--by is for --weighted");
	if (rc != CLI_EXIT_OK) {
		free(in);
		return rc;
	}
	db = cli_session("plot");
	if (!db) {
		free(in);
		return CLI_EXIT_INPUT;
	}
	{
		const char *const kv[] = { "width", w, "dpi", dpi, "title", title,
					   "xlabel", xlabel,
					   "tardiness", tard ? "on" : NULL,
					   "by", by };

		opts = cli_opts(db, kv, 6);
	}
	if (!opts) {
		rc = CLI_EXIT_INPUT;
	} else {
		st = weighted ? dlsim_plot_weighted(db, in, nin, out, opts) :
		     dlsim_plot_acceptance(db, in[0], out, opts);
		if (st != DLSIM_OK)
			rc = cli_fail(db, "plot", st);
	}
	dlsim_opts_free(opts);
	dlsim_close(db);
	free(in);
	return rc;
}

int cmd_plot(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		fputs(plot_help, argc < 2 ? stderr : stdout);
		return argc < 2 ? CLI_EXIT_USAGE : CLI_EXIT_OK;
	}
	if (!strcmp(argv[1], "dbf") || !strcmp(argv[1], "response") ||
	    !strcmp(argv[1], "util"))
		return plot_figure(argc, argv);
	if (plot_is_csv(argv[1]))
		return plot_acceptance(argc, argv);
	return cli_usage_error("plot", "'%s': expected RESULTS.csv, or dbf, "
			       "response or util", argv[1]);
}
