/* cmd_analyze.c - `dlsim analyze SCENARIO.yaml`: every applicable
 * admission test, the simulation, and the tardiness bound side by side,
 * with every contradiction between them flagged (docs/design.md §5).  The
 * analysis is the library's (dlsim_analyze); this file parses the command
 * line, draws progress, prints the answer and chooses the exit status. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/progress.h"

static const char analyze_help_head[] =
"Usage: dlsim analyze SCENARIO.yaml [--json] [--all] [--until T]\n"
"\n"
"Answer 'will every deadline be met?' three ways and compare them:\n"
"  1. admission tests for the platform, in exact arithmetic (formulas and\n"
"     sources: docs/theory.md); the column 'analyses' says which policy and\n"
"     placement each test is about.  The tests of this build:\n";

static const char analyze_help_tail[] =
"  2. a simulation of the scenario (see 'dlsim run --help' for the horizon);\n"
"     on one CPU (or per CPU when partitioned) a synchronous periodic\n"
"     scenario simulated over its busy period is itself an exact test\n"
"     ('exact: true'); on m CPUs with migration it is not a proof;\n"
"  3. the tardiness bound next to the tardiness observed in simulation:\n"
"     exact on one CPU (EDF: max(0, max_t dbf(t) - t) and Spuri's per-task\n"
"     response times; fixed priorities: the response-time analysis), per\n"
"     CPU when partitioned, and the compliant-vector / Devi-Anderson upper\n"
"     bounds for global EDF (per cluster when clustered).\n"
"A contradiction (an exact or sufficient test that analyses the simulated\n"
"policy and placement accepts but the simulation misses; such an exact test\n"
"rejects but an exact simulation does not; observed tardiness or response\n"
"above a bound; an admission decision the simulation did not take) is\n"
"listed and makes the exit status 5.  The tests assume the sporadic model;\n"
"a task with release jitter is analysed with D - jitter by the tests that\n"
"have that extension (the others answer n/a), a task whose jobs may\n"
"demand more than C with its largest demand (times the most releases\n"
"listed at one instant), listed releases closer than T with the smallest\n"
"gap between distinct instants.  Self-suspending tasks are analysed\n"
"suspension-oblivious (suspension counted as execution: safe, not exact).\n"
"\n"
"Options:\n"
"  --json      print one JSON object (fields: docs/cli.md)\n"
"  --all       also list the tests about other policies\n"
"  --until T   simulation horizon (default as for 'dlsim run')\n"
"  --help      this text\n"
"\n"
"Example (Dario's case: utilization accepts, density and exact tests\n"
"reject, the simulation misses by 3):\n"
"  dlsim analyze scenarios/examples/dario.yaml\n";

static void analyze_help(FILE *f)
{
	fputs(analyze_help_head, f);
	cli_help_names(f, 7, "one CPU:", 12, DLSIM_NAMES_TESTS_UNI, NULL);
	cli_help_names(f, 7, "global:", 12, DLSIM_NAMES_TESTS_GLOBAL, NULL);
	cli_help_names(f, 7, "partitioned:", 12,
		       DLSIM_NAMES_TESTS_PARTITIONED, NULL);
	cli_help_names(f, 7, "kernel:", 12, DLSIM_NAMES_TESTS_KERNEL,
		       "(the kernel policies' own admission, per root domain; "
		       "then the EDF tests over the admitted tasks)");
	cli_help_names(f, 7, "servers:", 12, DLSIM_NAMES_TESTS_SERVERS,
		       "(the server policies' bandwidth, per domain; then each "
		       "served task's guarantee)");
	cli_help_names(f, 7, "resources:", 12, DLSIM_NAMES_TESTS_RESOURCES,
		       "(with blocking terms B_i, when tasks share resources; "
		       "the plain tests then answer n/a)");
	cli_help_wrap(f, "       overheads:   ", "                    ",
		      "NAME+overheads: each test about the simulated system "
		      "again on the overhead-aware task set");
	cli_help_names(f, 5, "for the policies", 0, DLSIM_NAMES_POLICIES,
		       "(scheduler.policy);");
	fputs(analyze_help_tail, f);
}

int cmd_analyze(int argc, char **argv)
{
	const char *path = NULL, *until_s = NULL;
	bool json = false, all = false;
	struct dlsim *db = NULL;
	struct dlsim_scenario *sc = NULL;
	struct dlsim_opts *opts = NULL;
	struct dlsim_analysis *an = NULL;
	struct cli_progress p;
	enum dlsim_status st;
	int rc = CLI_EXIT_OK;

	for (int i = 1; i < argc; i++) {
		bool bad = false;

		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			analyze_help(stdout);
			return CLI_EXIT_OK;
		} else if (!strcmp(argv[i], "--json")) {
			json = true;
		} else if (!strcmp(argv[i], "--all")) {
			all = true;
		} else if (cli_opt_value(argc, argv, &i, "--until", &until_s, &bad,
					 "analyze")) {
			if (bad)
				return CLI_EXIT_USAGE;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_usage_error("analyze", "unknown option '%s'", argv[i]);
		} else if (path) {
			return cli_usage_error("analyze", "only one scenario file, please");
		} else {
			path = argv[i];
		}
	}
	if (!path)
		return cli_usage_error("analyze", "missing SCENARIO.yaml");
	db = cli_session("analyze");
	if (!db)
		return CLI_EXIT_INPUT;
	st = dlsim_scenario_load(db, path, &sc);
	if (st == DLSIM_OK) {
		const char *const kv[] = { "until", until_s };

		opts = cli_opts(db, kv, 1);
		if (!opts) {
			rc = CLI_EXIT_INPUT;
			goto out;
		}
		cli_progress_begin(db, &p, cli_progress_wanted(json));
		st = dlsim_analyze(db, sc, opts, &an);
		cli_progress_end(db, &p);
	}
	if (st != DLSIM_OK) {
		rc = cli_fail(db, "analyze", st);
		goto out;
	}
	dlsim_analysis_write(db, an, (json ? DLSIM_JSON : 0) |
			     (all ? DLSIM_ALL : 0), stdout);
	if (cli_stdout_flush() != CLI_EXIT_OK)
		rc = CLI_EXIT_IO;
	else if (dlsim_analysis_ncontradictions(an)) {
		rc = CLI_EXIT_CONTRADICTION;
	}
out:
	dlsim_analysis_free(an);
	dlsim_opts_free(opts);
	dlsim_scenario_free(sc);
	dlsim_close(db);
	return rc;
}
