/* cmd_validate.c - `dlsim validate SCENARIO.yaml`: load, check, summarize. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/simulate.h"
#include "models/frac.h"
#include "sim/policy.h"

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
"  --linux   policy linux-dl: also print the kernel profile (scheduler.kernel)\n"
"            with every rule it selects, and how runtime is charged\n"
"            (docs/linux-dl.md)\n";

int cmd_validate(int argc, char **argv)
{
	const char *path = NULL;
	bool quiet = false, linux_rules = false;
	struct scn_scenario *s = NULL;
	struct rt_frac *u = NULL;
	unsigned *cluster = NULL;
	char ubuf[128] = "?", desc[160], kern[64];
	int rc;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(validate_help, stdout);
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
	rc = cli_load(path, &s);
	if (rc != CLI_EXIT_OK)
		return rc;
	rc = cli_place(s, &cluster);
	free(cluster);
	if (rc != CLI_EXIT_OK) {
		scn_free(s);
		return rc;
	}
	if (!quiet) {
		char *ufull = NULL;

		/* the exact U, however long its digits: never cut */
		if (rt_frac_utilization(s->tasks, s->ntasks, &u) == RT_OK) {
			size_t need = rt_frac_format(u, ubuf, sizeof(ubuf)) + 1;

			if (need > sizeof(ubuf) && (ufull = malloc(need)))
				rt_frac_format(u, ufull, need);
		}
		printf("%s: ok: scenario '%s', %zu task%s on %u CPU%s, policy %s"
		       "%s%s%s%s, time unit %s, U = %s\n", path, s->name,
		       s->ntasks, s->ntasks == 1 ? "" : "s", s->cpus,
		       s->cpus == 1 ? "" : "s",
		       cli_sched_desc(s, desc, sizeof(desc)),
		       s->sched.has_mode ? (s->sched.mode == SCN_MODE_HARD ?
					    ", mode hard" : ", mode soft") : "",
		       s->sched.admission_test ? ", admission " : "",
		       s->sched.admission_test ?
		       s->sched.admission_test->name : "",
		       !s->sched.admission_test &&
		       s->sched.admission_kind != SIM_ADMISSION_NONE ?
		       (s->sched.admission_kind == SIM_ADMISSION_HARD ?
			" (admission by the strongest sound test)" :
			" (admission by capacity)") : "",
		       scn_time_unit_name(s->time_unit), ufull ? ufull : ubuf);
		free(ufull);
		rt_frac_destroy(u);
	}
	if (linux_rules && !(cli_policy_flags(s) & SIM_POLICY_KERNEL))
		printf("%s: policy %s: no kernel rules (--linux is for policy "
		       "%s)\n", path, s->sched.policy,
		       sim_policy_names(SIM_POLICY_KERNEL, 0, kern,
					sizeof(kern)));
	else if (linux_rules)
		cli_linux_lines(s, "  ");
	scn_free(s);
	return CLI_EXIT_OK;
}
