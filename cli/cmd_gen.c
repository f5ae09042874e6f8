/* cmd_gen.c - `dlsim gen`: one random task set written as a scenario
 * (dlsim_gen draws and writes it). */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static const char gen_help[] =
"Usage: dlsim gen [--tasks N] [--utilization U] [--method M] [--cap C]\n"
"                 [--periods MIN:MAX[:G]] [--period-dist log-uniform|uniform]\n"
"                 [--deadlines implicit|constrained|arbitrary] [--slack A:B]\n"
"                 [--cpus M] [--policy P] [--seed S] [--name NAME]\n"
"                 [-o OUT.yaml]\n"
"\n"
"Draw one random task set and write it as a scenario (time_unit: tick) that\n"
"dlsim validate / run / analyze load.  Defaults: 10 tasks, U = 0.8,\n"
"uunifast-discard (also uunifast, randfixedsum, drs), cap 1, log-uniform\n"
"periods 10:1000 with granularity 1, implicit deadlines (D = T, so no\n"
"--slack; constrained: D = C + x (T - C) with x uniform in --slack,\n"
"default 0:1; arbitrary: default 0:2), 1 CPU, the first policy below,\n"
"seed 1, standard output.  C = ceil(u T) >= 1, so the realised U (in the\n"
"file's comment) is at least the target.\n"
"\n";

int cmd_gen(int argc, char **argv)
{
	static const char *const keys[] = {
		"--tasks", "--utilization", "--method", "--cap", "--periods",
		"--period-dist", "--deadlines", "--slack", "--cpus",
		"--policy", "--seed", "--name",
	};
	const char *val[sizeof(keys) / sizeof(keys[0])] = { NULL };
	const char *kv[2 * sizeof(keys) / sizeof(keys[0])];
	const char *out = NULL;
	struct dlsim *db;
	struct dlsim_opts *opts;
	enum dlsim_status st;
	char *text = NULL;
	size_t len, nk = sizeof(keys) / sizeof(keys[0]);
	bool bad = false;
	int rc = CLI_EXIT_OK;

	for (int i = 1; i < argc; i++) {
		bool known = false;

		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(gen_help, stdout);
			cli_help_names(stdout, 2, "--policy P", 12,
				       DLSIM_NAMES_PLAIN_POLICIES,
				       "(the policies of a bare task set)");
			return CLI_EXIT_OK;
		}
		for (size_t k = 0; !known && k < nk; k++)
			known = cli_opt_value(argc, argv, &i, keys[k], &val[k],
					      &bad, "gen");
		if (!known)
			known = cli_opt_value(argc, argv, &i, "-o", &out, &bad,
					      "gen");
		if (bad)
			return CLI_EXIT_USAGE;
		if (!known)
			return cli_usage_error("gen", "unknown argument '%s'",
					       argv[i]);
	}
	db = cli_session("gen");
	if (!db)
		return CLI_EXIT_INPUT;
	for (size_t k = 0; k < nk; k++) {
		kv[2 * k] = keys[k] + 2;        /* the key: no dashes */
		kv[2 * k + 1] = val[k];
	}
	opts = cli_opts(db, kv, nk);
	if (!opts) {
		rc = CLI_EXIT_INPUT;
		goto out;
	}
	st = dlsim_gen(db, opts, &text, &len);
	if (st != DLSIM_OK)
		rc = cli_fail(db, "gen", st);
	else if (out && (st = dlsim_write_file(db, out, text, len)) != DLSIM_OK)
		rc = cli_fail(db, "gen", st);
	else if (!out)
		fwrite(text, 1, len, stdout);
	dlsim_free(text);
out:
	dlsim_opts_free(opts);
	dlsim_close(db);
	return rc;
}
