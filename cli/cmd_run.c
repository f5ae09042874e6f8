/* cmd_run.c - `dlsim run SCENARIO.yaml`: simulate, print statistics and
 * every deadline miss; optionally write event logs, per-job CSV, traces
 * and charts.  The library simulates and writes (dlsim_sim_*); this file
 * parses the command line, draws progress, turns SIGINT into a partial
 * run, and prints the report where it belongs. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/outputs.h"
#include "cli/progress.h"
#include "cli/signals.h"

static const char run_help_fmt[] =
"Usage: dlsim run SCENARIO.yaml [OPTIONS]\n"
"\n"
"Simulate the scenario: release every job, schedule it with the scenario's\n"
"policy, and report per-task statistics and every deadline miss (task, job\n"
"index, release, deadline, finish, tardiness).  A miss is a result: the exit\n"
"status is 0 unless --fail-on-miss is given.\n"
"\n"
"Options:\n"
"  --until T         simulate [0, T) (releases before T; completions at T\n"
"                    count); T in the scenario's time_unit or with a unit\n"
"                    (\"500us\").  Default: the scenario's 'horizon:', else\n"
"                    the synchronous busy period L_b when that is exact (one\n"
"                    CPU, U <= 1, synchronous periodic), else the hyperperiod\n"
"                    plus the largest offset and deadline, capped at 10^7 jobs.\n"
"%s"
"  --json            print one JSON object instead of tables (docs/formats.md)\n"
"  -q, --quiet       print only the two summary lines (the scenario and its\n"
"                    horizon; jobs, misses, max tardiness); errors and\n"
"                    warnings still go to standard error\n"
"  --fail-on-miss    exit with status 4 if any job missed its deadline\n"
"  --seed N          override the scenario's seed (random arrivals/exec;\n"
"                    0..2^64-1, decimal or 0x hex, as seed: in the file)\n"
"  --max-memory SIZE stop (exit 2) when the pending jobs would need more than\n"
"                    SIZE bytes (10G, 512M; 0: no limit): an overloaded\n"
"                    platform's backlog grows without end.  Default: half\n"
"                    of the physical memory\n"
"  --help            this text\n"
"\n"
"Times in --json, --log and --jobs output are integers in the internal unit\n"
"(ticks, or nanoseconds for time_unit ns/us/ms/s); tables use time_unit.\n"
"\n"
"Example:\n"
"  dlsim run scenarios/examples/dario.yaml --jobs jobs.csv\n";

struct run_opts {
	const char *path;
	const char *until;
	const char *seed;
	const char *max_memory;
	struct cli_outputs_opts out;
	bool json, quiet, fail_on_miss;
};

static int run_parse(int argc, char **argv, struct run_opts *o, bool *help)
{
	memset(o, 0, sizeof(*o));
	*help = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		bool bad = false;

		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			*help = true;
			return CLI_EXIT_OK;
		} else if (!strcmp(a, "--json")) {
			o->json = true;
		} else if (!strcmp(a, "--quiet") || !strcmp(a, "-q")) {
			o->quiet = true;
		} else if (!strcmp(a, "--fail-on-miss")) {
			o->fail_on_miss = true;
		} else if (cli_opt_value(argc, argv, &i, "--until", &o->until, &bad, "run") ||
			   cli_opt_value(argc, argv, &i, "--seed", &o->seed, &bad, "run") ||
			   cli_opt_value(argc, argv, &i, "--max-memory", &o->max_memory, &bad, "run") ||
			   cli_outputs_parse(argc, argv, &i, &o->out, &bad, "run")) {
			if (bad)
				return CLI_EXIT_USAGE;
		} else if (a[0] == '-' && a[1]) {
			return cli_usage_error("run", "unknown option '%s'", a);
		} else if (o->path) {
			return cli_usage_error("run", "only one scenario file, please "
					       "(got '%s' and '%s')", o->path, a);
		} else {
			o->path = a;
		}
	}
	if (!o->path)
		return cli_usage_error("run", "missing SCENARIO.yaml");
	return CLI_EXIT_OK;
}

/* The report, on standard error when an output file is standard output
 * (so that a pipe gets the file alone). */
static int run_report(struct dlsim *db, struct dlsim_sim *sim,
		      const struct run_opts *o)
{
	int saved = -1;

	if (dlsim_sim_uses_stdout(sim)) {
		fflush(stdout);
		saved = dup(STDOUT_FILENO);
		if (saved >= 0)
			dup2(STDERR_FILENO, STDOUT_FILENO);
	}
	dlsim_sim_write(db, sim, (o->json ? DLSIM_JSON : 0) |
			(o->quiet && !o->json ? DLSIM_QUIET : 0), stdout);
	errno = 0;
	if (saved >= 0) {
		fflush(stdout);
		dup2(saved, STDOUT_FILENO);
		close(saved);
	}
	return cli_stdout_flush();
}

/* Simulate with progress; SIGINT stops at the next instant. */
static int run_simulate(struct dlsim *db, const struct dlsim_scenario *sc,
			struct dlsim_sim *sim, const struct run_opts *o)
{
	struct cli_progress p;
	enum dlsim_status st;
	char b1[48], b2[48];
	int rc = CLI_EXIT_OK;

	dlsim_sim_set_stop(sim, &cli_interrupted);
	cli_progress_begin(db, &p, cli_progress_wanted(o->quiet || o->json));
	cli_signals_soft(true);
	st = dlsim_sim_run(db, sim);
	cli_signals_soft(false);
	cli_progress_end(db, &p);
	if (st != DLSIM_OK && st != DLSIM_INTERRUPTED)
		return cli_fail(db, "run", st);
	st = dlsim_sim_finish(db, sim);
	if (dlsim_sim_partial(sim)) {
		cli_fail(db, "run", st);
		cli_error("interrupted (SIGINT) at %s of %s %s: the results "
			  "below are PARTIAL",
			  dlsim_format_time(sc, dlsim_sim_now(sim), b1,
					    sizeof(b1)),
			  dlsim_format_time(sc, dlsim_sim_horizon(sim), b2,
					    sizeof(b2)),
			  dlsim_scenario_time_unit(sc));
		rc = CLI_EXIT_INTERRUPTED;
	} else if (st != DLSIM_OK) {
		return cli_fail(db, "run", st);
	}
	if (run_report(db, sim, o) != CLI_EXIT_OK)
		return CLI_EXIT_IO;
	if (rc == CLI_EXIT_OK && o->fail_on_miss && dlsim_sim_misses(sim))
		rc = CLI_EXIT_MISS;
	return rc;
}

int cmd_run(int argc, char **argv)
{
	struct run_opts o;
	struct dlsim *db = NULL;
	struct dlsim_scenario *sc = NULL;
	struct dlsim_opts *opts = NULL;
	struct dlsim_sim *sim = NULL;
	enum dlsim_status st;
	bool help;
	int rc;

	rc = run_parse(argc, argv, &o, &help);
	if (help) {
		printf(run_help_fmt, cli_outputs_help);
		return CLI_EXIT_OK;
	}
	if (rc != CLI_EXIT_OK)
		return rc;
	db = cli_session("run");
	if (!db)
		return CLI_EXIT_INPUT;
	st = dlsim_scenario_load(db, o.path, &sc);
	if (st != DLSIM_OK) {
		rc = cli_fail(db, "run", st);
		goto out;
	}
	{
		/* percentiles and the list of misses are printed unless
		 * --quiet (and always in JSON): only then pay for them */
		const char *const kv[] = {
			"until", o.until, "seed", o.seed, "percentiles",
			o.quiet && !o.json ? "off" : "on", "misses-list",
			o.quiet && !o.json ? "off" : "on", "max-memory",
			o.max_memory,
		};

		opts = cli_opts(db, kv, 5);
	}
	if (!opts || !cli_outputs_set(db, opts, &o.out)) {
		rc = CLI_EXIT_INPUT;
		goto out;
	}
	cli_signals_install();
	st = dlsim_sim_create(db, sc, opts, &sim);
	if (st != DLSIM_OK)
		rc = cli_fail(db, "run", st);
	else
		rc = run_simulate(db, sc, sim, &o);
out:
	dlsim_sim_free(sim);
	dlsim_opts_free(opts);
	dlsim_scenario_free(sc);
	dlsim_close(db);
	return rc;
}
