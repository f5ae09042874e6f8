/* cmd_export.c - `dlsim export rt-app SCENARIO.yaml`: a scenario as an
 * rt-app workload (dlsim_export_rtapp converts it). */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static const char export_help[] =
"Usage: dlsim export rt-app SCENARIO.yaml [-o FILE.json]\n"
"\n"
"Write the scenario as an rt-app workload (JSON on stdout, or -o FILE; '-'\n"
"reads the scenario from stdin / writes stdout), so that the simulated set\n"
"runs on a real kernel: rt-app FILE.json.  One thread per task, named as\n"
"the task: SCHED_DEADLINE with dl-runtime = C, dl-deadline = D, dl-period\n"
"= T (class: fair tasks: SCHED_OTHER); each job is \"runtime\" events split\n"
"by \"sleep\" at the suspension points, then an absolute timer of period T;\n"
"offset is \"delay\", leave_at a \"loop\" count, the horizon\n"
"global.duration (whole seconds, rounded up).  Needs times in whole\n"
"microseconds; sporadic arrivals, release lists, jitter, uniform demand,\n"
"CBS servers, arrive_at, changes, yield_at and flags are errors naming\n"
"the task (reclaim: grub and on_miss: abort too).  docs/rt-app.md.\n"
"\n"
"Exit status 0, 1 usage, 2 invalid or unsupported input, 3 I/O error.\n";

int cmd_export(int argc, char **argv)
{
	const char *path = NULL, *out = NULL, *val = NULL, *fmt = NULL;
	struct dlsim *db;
	struct dlsim_scenario *sc = NULL;
	enum dlsim_status st;
	char *json = NULL;
	size_t len;
	bool bad = false;
	int rc;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(export_help, stdout);
			return CLI_EXIT_OK;
		} else if (cli_opt_value(argc, argv, &i, "-o", &val, &bad, "export") ||
			   cli_opt_value(argc, argv, &i, "--output", &val, &bad,
					 "export")) {
			if (bad)
				return CLI_EXIT_USAGE;
			out = val;
		} else if (bad) {
			return CLI_EXIT_USAGE;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_usage_error("export", "unknown option '%s'", argv[i]);
		} else if (!fmt) {
			fmt = argv[i];
		} else if (!path) {
			path = argv[i];
		} else {
			return cli_usage_error("export", "only one scenario, please");
		}
		if (bad)
			return CLI_EXIT_USAGE;
	}
	if (!fmt)
		return cli_usage_error("export", "missing the format (rt-app)");
	if (strcmp(fmt, "rt-app"))
		return cli_usage_error("export", "unknown format '%s'; expected "
				       "rt-app", fmt);
	if (!path)
		return cli_usage_error("export", "missing SCENARIO.yaml");
	if ((rc = cli_output_not_input("export", out, path)) != CLI_EXIT_OK)
		return rc;
	db = cli_session("export");
	if (!db)
		return CLI_EXIT_INPUT;
	st = dlsim_scenario_load(db, path, &sc);
	if (st == DLSIM_OK)
		st = dlsim_export_rtapp(db, sc, &json, &len);
	if (st != DLSIM_OK)
		rc = cli_fail(db, "export", st);
	else
		rc = cli_write_text(db, out, json, len);
	dlsim_free(json);
	dlsim_scenario_free(sc);
	dlsim_close(db);
	return rc;
}
