/* cmd_import.c - `dlsim import rt-app FILE.json`: an rt-app workload as
 * a scenario (dlsim_import_rtapp converts it). */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static const char import_help[] =
"Usage: dlsim import rt-app FILE.json [-o SCENARIO.yaml] [--cpus N]\n"
"                                     [--name NAME]\n"
"\n"
"Convert an rt-app workload (JSON; '-' reads stdin) into a scenario (YAML on\n"
"stdout, or -o FILE; '-' is stdout).  SCHED_DEADLINE threads become tasks\n"
"of the kernel policy %s (dl-runtime, dl-deadline, dl-period in us),\n"
"SCHED_OTHER threads class: fair tasks (their dl-* keys do nothing, as in\n"
"rt-app: a warning names them); one pass through a phase is one\n"
"job: run/runtime events are its demand, a sleep between runs a\n"
"self-suspension, the final timer the period; delay is the offset, loop\n"
"the number of jobs (leave_at), global.duration the horizon.  Comments in\n"
"the output name the JSON key each value came from.  SCHED_FIFO/RR/IDLE\n"
"threads and events other than run, runtime, sleep and timer are errors\n"
"naming the line, the thread, the phase and the JSON path.  The mapping:\n"
"docs/rt-app.md.\n"
"\n"
"  --cpus N     platform.cpus (default: 1 + the largest CPU in any \"cpus\"\n"
"               affinity, else 1)\n"
"  --name NAME  the scenario's name (default: global.log_basename when not\n"
"               \"rt-app\", else the file name without .json)\n"
"\n"
"Exit status 0, 1 usage, 2 invalid or unsupported input, 3 I/O error.\n";

int cmd_import(int argc, char **argv)
{
	const char *path = NULL, *out = NULL, *val = NULL, *fmt = NULL;
	const char *cpus = NULL, *name = NULL;
	struct dlsim *db;
	struct dlsim_opts *opts;
	enum dlsim_status st;
	char *yaml = NULL;
	size_t ylen;
	bool bad = false;
	int rc;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			char kern[64];

			printf(import_help, dlsim_names(
				DLSIM_NAMES_KERNEL_POLICIES, kern, sizeof(kern)));
			return CLI_EXIT_OK;
		} else if (cli_opt_value(argc, argv, &i, "-o", &val, &bad, "import") ||
			   cli_opt_value(argc, argv, &i, "--output", &val, &bad,
					 "import")) {
			if (bad)
				return CLI_EXIT_USAGE;
			out = val;
		} else if (cli_opt_value(argc, argv, &i, "--cpus", &cpus, &bad,
					 "import")) {
			if (bad)
				return CLI_EXIT_USAGE;
		} else if (cli_opt_value(argc, argv, &i, "--name", &name, &bad,
					 "import")) {
			if (bad)
				return CLI_EXIT_USAGE;
		} else if (bad) {
			return CLI_EXIT_USAGE;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_usage_error("import", "unknown option '%s'", argv[i]);
		} else if (!fmt) {
			fmt = argv[i];
		} else if (!path) {
			path = argv[i];
		} else {
			return cli_usage_error("import", "only one input file, please");
		}
		if (bad)
			return CLI_EXIT_USAGE;
	}
	if (!fmt)
		return cli_usage_error("import", "missing the format (rt-app)");
	if (strcmp(fmt, "rt-app"))
		return cli_usage_error("import", "unknown format '%s'; expected "
				       "rt-app", fmt);
	if (!path)
		return cli_usage_error("import", "missing FILE.json");
	if ((rc = cli_output_not_input("import", out, path)) != CLI_EXIT_OK)
		return rc;
	db = cli_session("import");
	if (!db)
		return CLI_EXIT_INPUT;
	{
		const char *const kv[] = { "cpus", cpus, "name", name };

		opts = cli_opts(db, kv, 2);
	}
	if (!opts) {
		rc = CLI_EXIT_INPUT;
		goto out;
	}
	st = dlsim_import_rtapp(db, path, opts, &yaml, &ylen);
	if (st != DLSIM_OK)
		rc = cli_fail(db, "import", st);
	else
		rc = cli_write_text(db, out, yaml, ylen);
	dlsim_free(yaml);
out:
	dlsim_opts_free(opts);
	dlsim_close(db);
	return rc;
}
