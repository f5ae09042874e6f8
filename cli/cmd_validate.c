/* cmd_validate.c - `dlsim validate SCENARIO.yaml`: load (the library
 * checks everything `run` would refuse) and print what it contains. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static const char validate_help[] =
"Usage: dlsim validate SCENARIO.yaml [--quiet] [--linux]\n"
"\n"
"Check a scenario file: YAML syntax, known keys, every number (units are\n"
"converted exactly or rejected), task invariants (C > 0, D > 0, T > 0), the\n"
"policy name, scheduler.admission and mode (a test that analyses the\n"
"policy on this placement), for partitioned or clustered placement that\n"
"every task can be bound to a CPU or cluster (a task that fits nowhere is an\n"
"error naming it), and every check the simulator makes of the configuration:\n"
"whatever 'dlsim run' refuses as invalid, validate refuses with the same\n"
"message.\n"
"Prints a summary of the tasks, or one error naming file:line:column and the\n"
"field.  Exit status 0 if valid, 2 if not, 3 if the file cannot be read.\n"
"\n"
"  -q, --quiet  print nothing when the scenario is valid (the exit\n"
"               status says so; errors still go to standard error)\n"
"  --linux      a kernel policy: also print the kernel profile\n"
"               (scheduler.kernel) with every rule it selects, and how\n"
"               runtime is charged (docs/<policy>.md); the kernel\n"
"               policies:\n";

int cmd_validate(int argc, char **argv)
{
	const char *path = NULL;
	bool quiet = false, linux_rules = false;
	struct dlsim *db;
	struct dlsim_scenario *sc = NULL;
	enum dlsim_status st;
	int rc = CLI_EXIT_OK;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(validate_help, stdout);
			cli_help_names(stdout, 14, "", 0,
				       DLSIM_NAMES_KERNEL_POLICIES, NULL);
			return CLI_EXIT_OK;
		} else if (!strcmp(argv[i], "--quiet") || !strcmp(argv[i], "-q")) {
			quiet = true;
		} else if (!strcmp(argv[i], "--linux")) {
			linux_rules = true;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_usage_error("validate", "unknown option '%s'", argv[i]);
		} else if (path) {
			return cli_usage_error("validate", "only one scenario file, please");
		} else {
			path = argv[i];
		}
	}
	if (!path)
		return cli_usage_error("validate", "missing SCENARIO.yaml");
	db = cli_session("validate");
	if (!db)
		return CLI_EXIT_INPUT;
	st = dlsim_scenario_load(db, path, &sc);
	if (st == DLSIM_OK)
		st = dlsim_scenario_write_summary(db, sc, path,
						  (quiet ? DLSIM_QUIET : 0) |
						  (linux_rules ? DLSIM_KERNEL :
						   0), stdout);
	if (st != DLSIM_OK)
		rc = cli_fail(db, "validate", st);
	dlsim_scenario_free(sc);
	dlsim_close(db);
	return rc;
}
