/* cmd_report.c - `dlsim report SCENARIO.yaml -o report.html`: one
 * self-contained HTML page of the scenario, its tests, a simulation and
 * its figures (the library writes it: dlsim_report). */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static const char report_help[] =
"Usage: dlsim report SCENARIO.yaml -o REPORT.html [OPTIONS]\n"
"\n"
"Simulate the scenario and write one self-contained HTML page (figures as\n"
"inline SVG, no JavaScript, no network): the scenario and its tasks, the\n"
"admission tests, the simulation summary per task and CPU, a Gantt chart\n"
"of a window, dbf(t) against the supply, the response-time distributions,\n"
"and every deadline miss.  A Gantt chart over 200 inches tall (some 500\n"
"tasks) is left out, with a note on the page and a warning: the page is\n"
"still written.\n"
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
"  dlsim report scenarios/examples/dario.yaml -o dario.html\n";

int cmd_report(int argc, char **argv)
{
	const char *path = NULL, *out = NULL, *until_s = NULL, *window = NULL;
	const char *font = NULL;
	struct dlsim *db;
	struct dlsim_opts *opts;
	enum dlsim_status st;
	int rc = CLI_EXIT_OK;

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
	db = cli_session("report");
	if (!db)
		return CLI_EXIT_INPUT;
	{
		const char *const kv[] = { "until", until_s, "window", window,
					   "font", font };

		opts = cli_opts(db, kv, 3);
	}
	if (!opts) {
		rc = CLI_EXIT_INPUT;
	} else {
		st = dlsim_report(db, path, out, opts);
		if (st != DLSIM_OK)
			rc = cli_fail(db, "report", st);
	}
	dlsim_opts_free(opts);
	dlsim_close(db);
	return rc;
}
