/* cmd_compare.c - `dlsim compare TRACE.txt SCENARIO.yaml`: a measured
 * schedule (trace-cmd report) against the simulated one
 * (dlsim_compare_write). */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static const char compare_help[] =
"Usage: dlsim compare TRACE.txt SCENARIO.yaml [--gantt OUT.png|svg|pdf]\n"
"\n"
"Compare a real run with the simulation of the same releases.  TRACE.txt is\n"
"what 'trace-cmd report' prints ('-': stdin), for example of\n"
"  trace-cmd record -e sched_switch -e sched_wakeup -e sched_waking rt-app w.json\n"
"  trace-cmd report > TRACE.txt\n"
"(or a 'dlsim run --ftrace' output).  The scenario's tasks are found by comm\n"
"(the task name, or rt-app's NAME-<n>); each wake-up of a sleeping task\n"
"releases a job, which ends when the task sleeps again (once more per\n"
"suspension point it meets).  The scenario is then simulated with those\n"
"releases, and for each task the observed and simulated response times\n"
"(min, median, max), misses and the largest divergence are printed, then\n"
"the largest divergence of all with its instant.  Times are in the\n"
"scenario's unit from the first release (with time_unit tick, 1 us of\n"
"trace is 1 tick).  The trace rounds to 1 us: a release less than 1 us\n"
"from the scenario's own release of the task is simulated at the\n"
"scenario's, differences up to 1 us count as none, and with times below\n"
"1 us a divergence that rounding may explain is said on stderr.  --gantt\n"
"draws the measured rows above the simulated ones; with --gantt - (or\n"
"/dev/stdout) the chart alone goes to standard output and the report to\n"
"standard error, as run does.  docs/trace-cmd.md.\n"
"\n"
"Exit status 0 (also when they differ: that is a result), 1 usage, 2 bad\n"
"input, 3 I/O error.\n";

/* The names of standard output as an output file (render/outfile.h
 * render_path_is_stdout, which the CLI cannot include). */
static bool compare_is_stdout(const char *p)
{
	return !strcmp(p, "-") || !strcmp(p, "/dev/stdout") ||
	       !strcmp(p, "/dev/fd/1") || !strcmp(p, "/proc/self/fd/1");
}

int cmd_compare(int argc, char **argv)
{
	const char *trace = NULL, *scen = NULL, *gantt = NULL, *val = NULL;
	FILE *rep;
	struct dlsim *db;
	enum dlsim_status st;
	bool bad = false;
	int rc = CLI_EXIT_OK;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(compare_help, stdout);
			return CLI_EXIT_OK;
		} else if (cli_opt_value(argc, argv, &i, "--gantt", &val, &bad,
					 "compare")) {
			if (bad)
				return CLI_EXIT_USAGE;
			gantt = val;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_usage_error("compare", "unknown option '%s'", argv[i]);
		} else if (!trace) {
			trace = argv[i];
		} else if (!scen) {
			scen = argv[i];
		} else {
			return cli_usage_error("compare", "expected TRACE.txt and "
					       "SCENARIO.yaml");
		}
	}
	if (!trace || !scen)
		return cli_usage_error("compare", "expected TRACE.txt and "
				       "SCENARIO.yaml");
	db = cli_session("compare");
	if (!db)
		return CLI_EXIT_INPUT;
	/* a chart on standard output has it alone (a pipe gets the SVG,
	 * not the SVG and then the report): the report goes to standard
	 * error, as run's does when an output is standard output */
	rep = gantt && compare_is_stdout(gantt) ? stderr : stdout;
	st = dlsim_compare_write(db, trace, scen, gantt,
				 *cli_color(rep, CLI_GREEN) ? DLSIM_COLOR : 0,
				 rep);
	if (st != DLSIM_OK)
		rc = cli_fail(db, "compare", st);
	dlsim_close(db);
	return rc;
}
