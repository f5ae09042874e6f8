/* cmd_experiment.c - `dlsim experiment EXP.yaml`: argv, threads, shards
 * (also from Slurm's environment), SIGINT, the progress bar and the
 * summary.  The experiment is the library's (dlsim_experiment_*): it
 * runs the sets, resumes from what is on disk and writes every file. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/cli.h"
#include "cli/progress.h"

static const char experiment_help[] =
"Usage: dlsim experiment EXP.yaml [-j N] [-o OUT.csv] [--shard I/N]\n"
"                                 [--item POINT:SAMPLE] [--plot FIG]\n"
"                                 [--quiet]\n"
"\n"
"Acceptance-ratio experiment: for every utilization point of EXP.yaml,\n"
"draw 'sets' random task sets, run the listed admission tests on each and\n"
"(simulate: true) simulate it; write counts per point as CSV.\n"
"\n"
"  -j, --jobs N       worker threads (default: every online CPU)\n"
"  -o, --output F     the CSV (default NAME.csv, NAME-shardI-of-N.csv with\n"
"                     --shard); its sidecar is F.meta.  F may be '-'\n"
"                     (standard output), a device or a FIFO: the CSV is\n"
"                     then written once at the end, with no sidecar (no\n"
"                     resume, no merge)\n"
"  --shard I/N        run slice I of N (1 <= I <= N) of the sets; without\n"
"                     it SLURM_ARRAY_TASK_ID / SLURM_ARRAY_TASK_COUNT are\n"
"                     used when set.  Combine the shards with dlsim merge\n"
"  --item P:S         write task set S of point P (0-based) as a scenario\n"
"                     (to -o or standard output) and exit; not with\n"
"                     --plot or --shard\n"
"  --plot FIG         then draw the acceptance-ratio figure (.png, .svg,\n"
"                     .pdf; as dlsim plot OUT.csv -o FIG); a FIG that\n"
"                     cannot be written is refused before the run\n"
"  -q, --quiet        no progress bar (it is only drawn on a terminal) and\n"
"                     no summary line; errors and contradictions are still\n"
"                     reported on standard error\n"
"\n"
"Results never depend on -j or on the sharding.  An existing output of\n"
"the same experiment is resumed: finished points are kept and skipped.\n"
"Ctrl-C stops after the sets in progress, keeping every finished point.\n"
"Every contradiction (a test that accepts a set the simulation misses, or\n"
"an exact test that rejects a set an exact simulation meets) is saved as\n"
"OUT-contradiction-P-S.yaml.  Exit status: 0 done, 5 contradictions were\n"
"found, 130 interrupted, 1 usage, 2 invalid input, 3 I/O.\n"
"Format and recipes (GNU parallel, Slurm): docs/experiments.md.\n";

/* A shard I of N. */
struct exp_slice {
	unsigned index, count;
};

static volatile sig_atomic_t exp_interrupted;

static void exp_on_sigint(int sig)
{
	(void)sig;
	exp_interrupted = 1;
}

/* A Slurm variable's number: digits only, at most 7 (a shard count is
 * at most 10^6: the library's --shard rule).  strtol alone took " 3" and
 * "+3", and a count past UINT_MAX wrapped (2^32 + 1 shards ran the whole
 * experiment as one). */
static bool exp_env_count(const char *s, long *out)
{
	size_t n = strspn(s, "0123456789");

	if (n == 0 || n > 7 || s[n])
		return false;
	*out = strtol(s, NULL, 10);
	return true;
}

/* SLURM_ARRAY_TASK_ID (normalised by SLURM_ARRAY_TASK_MIN, so both
 * --array=0-3 and --array=1-4 work) of SLURM_ARRAY_TASK_COUNT. */
static int exp_slurm_shard(struct exp_slice *sl)
{
	const char *id = getenv("SLURM_ARRAY_TASK_ID");
	const char *cnt = getenv("SLURM_ARRAY_TASK_COUNT");
	const char *min = getenv("SLURM_ARRAY_TASK_MIN");
	long i, n, m = 1;

	if (!id || !cnt)
		return 0;
	if (!exp_env_count(id, &i) || !exp_env_count(cnt, &n) ||
	    (min && !exp_env_count(min, &m)))
		return -1;
	i = i - m + 1;
	if (n < 1 || i < 1 || i > n)
		return -1;
	sl->index = (unsigned)i;
	sl->count = (unsigned)n;
	return 1;
}

/* FIG ends with .png, .svg or .pdf (any case), as dlsim plot takes it. */
static bool exp_fig_format(const char *fig)
{
	size_t n = strlen(fig);

	return n >= 4 && (!strcasecmp(fig + n - 4, ".png") ||
			  !strcasecmp(fig + n - 4, ".svg") ||
			  !strcasecmp(fig + n - 4, ".pdf"));
}

static int exp_item(struct dlsim *db, const struct dlsim_experiment *x,
		    const char *spec, const char *out)
{
	enum dlsim_status st;
	char *text = NULL;
	size_t len;
	int rc = CLI_EXIT_OK;

	st = dlsim_experiment_item(db, x, spec, &text, &len);
	if (st != DLSIM_OK)
		return cli_fail(db, "experiment", st);
	if (out) {
		st = dlsim_write_file(db, out, text, len);
		if (st != DLSIM_OK)
			rc = cli_fail(db, "experiment", st);
	} else {
		fwrite(text, 1, len, stdout);
	}
	dlsim_free(text);
	return rc;
}

static int exp_run(struct dlsim *db, struct dlsim_experiment *x,
		   const char *shard, const char *threads, const char *out,
		   bool quiet, const char *fig)
{
	struct cli_progress p;
	struct sigaction sa, old;
	struct dlsim_opts *opts;
	enum dlsim_status st;
	uint64_t contra;
	int rc;

	{
		const char *const kv[] = { "output", out, "shard", shard,
					   "jobs", threads };

		opts = cli_opts(db, kv, 3);
	}
	if (!opts)
		return CLI_EXIT_INPUT;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = exp_on_sigint;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old);
	cli_progress_begin(db, &p, cli_progress_wanted(quiet));
	st = dlsim_experiment_run(db, x, opts, &exp_interrupted);
	cli_progress_end(db, &p);
	sigaction(SIGINT, &old, NULL);
	dlsim_opts_free(opts);
	if (st != DLSIM_OK)
		return cli_fail(db, "experiment", st);
	contra = dlsim_experiment_contradictions(x);
	if (!quiet)     /* standard error when the CSV may be on stdout */
		fprintf(dlsim_experiment_stream(x) ? stderr : stdout,
			"%s: %zu points, %llu sets, %llu contradictions -> %s\n",
		       dlsim_experiment_name(x), dlsim_experiment_points_done(x),
		       (unsigned long long)dlsim_experiment_sets(x),
		       (unsigned long long)contra, dlsim_experiment_output(x));
	rc = contra ? CLI_EXIT_CONTRADICTION : CLI_EXIT_OK;
	if (fig && dlsim_experiment_stream(x)) {
		cli_error("experiment: --plot %s: the CSV went to %s, which "
			  "cannot be read back; give -o FILE.csv", fig,
			  dlsim_experiment_output(x));
		rc = CLI_EXIT_USAGE;
	} else if (fig && dlsim_output_is_input(fig, dlsim_experiment_output(x))) {
		cli_error("experiment: -o %s and --plot %s name the same file: "
			  "the CSV is kept; draw it with dlsim plot %s -o FIG",
			  dlsim_experiment_output(x), fig,
			  dlsim_experiment_output(x));
		rc = CLI_EXIT_USAGE;
	} else if (fig) {
		st = dlsim_plot_acceptance(db, dlsim_experiment_output(x), fig,
					   NULL);
		if (st != DLSIM_OK) {
			/* a figure that cannot be drawn is invalid input
			 * here, not a usage error of this command */
			cli_fail(db, "experiment", st == DLSIM_OPTION ?
				 DLSIM_INVALID : st);
			rc = cli_exit_for(st == DLSIM_OPTION ? DLSIM_INVALID :
					  st);
		}
	}
	if (contra)
		cli_error("%llu contradiction(s) between a test and the "
			  "simulation, saved as %s-contradiction-P-S.yaml: a "
			  "bug, please report", (unsigned long long)contra,
			  dlsim_experiment_contradiction_prefix(x));
	return rc;
}

int cmd_experiment(int argc, char **argv)
{
	const char *path = NULL, *jobs = NULL, *out = NULL, *shard = NULL;
	const char *item = NULL, *fig = NULL;
	struct exp_slice sl = { 1, 1 };
	struct dlsim *db;
	struct dlsim_experiment *x = NULL;
	bool quiet = false, bad = false;
	enum dlsim_status st;
	char sbuf[32];
	int rc;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(experiment_help, stdout);
			return CLI_EXIT_OK;
		} else if (!strcmp(argv[i], "--quiet") || !strcmp(argv[i], "-q")) {
			quiet = true;
		} else if (!strncmp(argv[i], "-j", 2) && argv[i][2] &&
			   argv[i][2] != '-') {
			if (jobs)
				return cli_usage_error("experiment", "-j given "
						       "twice");
			jobs = argv[i] + 2;     /* -j4, as make takes it */
		} else if (cli_opt_value(argc, argv, &i, "-j", &jobs, &bad,
					 "experiment") ||
			   cli_opt_value(argc, argv, &i, "--jobs", &jobs, &bad,
					 "experiment") ||
			   cli_opt_value(argc, argv, &i, "-o", &out, &bad,
					 "experiment") ||
			   cli_opt_value(argc, argv, &i, "--output", &out, &bad,
					 "experiment") ||
			   cli_opt_value(argc, argv, &i, "--shard", &shard, &bad,
					 "experiment") ||
			   cli_opt_value(argc, argv, &i, "--item", &item, &bad,
					 "experiment") ||
			   cli_opt_value(argc, argv, &i, "--plot", &fig, &bad,
					 "experiment")) {
			if (bad)
				return CLI_EXIT_USAGE;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_usage_error("experiment", "unknown option '%s'",
					       argv[i]);
		} else if (path) {
			return cli_usage_error("experiment", "only one experiment "
					       "file, please");
		} else {
			path = argv[i];
		}
	}
	if (!path)
		return cli_usage_error("experiment", "missing EXP.yaml");
	/* --item writes one set and runs nothing: a figure or a slice with
	 * it was dropped without a word (exit 0, no figure) */
	if (item && (fig || shard))
		return cli_usage_error("experiment", "--item %s writes one task "
				       "set and runs nothing: %s does nothing "
				       "with it", item, fig ? "--plot" :
				       "--shard");
	/* -j and --shard are the library's to check; a Slurm array gives
	 * the shard when --shard does not */
	if (!shard && exp_slurm_shard(&sl) < 0)
		return cli_usage_error("experiment", "SLURM_ARRAY_TASK_ID / "
				       "SLURM_ARRAY_TASK_COUNT do not give a "
				       "shard 1 <= I <= N");
	if (!shard && sl.count > 1) {
		snprintf(sbuf, sizeof(sbuf), "%u/%u", sl.index, sl.count);
		shard = sbuf;
	}
	if (item && (rc = cli_output_not_input("experiment", out, path)) !=
		    CLI_EXIT_OK)
		return rc;
	/* a figure that cannot be drawn is refused before the run, not
	 * after it, as dlsim plot refuses it */
	if (fig && !exp_fig_format(fig))
		return cli_usage_error("experiment", "--plot %s: unknown "
				       "format; expected .png, .svg or .pdf",
				       fig);
	/* the figure is drawn from the CSV: one written in place (standard
	 * output, a device) cannot be read back; said before the run */
	if (fig && out && dlsim_output_in_place(out))
		return cli_usage_error("experiment", "--plot %s: -o %s is "
				       "written in place and cannot be read "
				       "back; give -o FILE.csv", fig, out);
	/* the figure would replace the CSV it is drawn from */
	if (fig && out && (!strcmp(fig, out) || dlsim_output_is_input(fig, out)))
		return cli_usage_error("experiment", "-o %s and --plot %s name "
				       "the same file", out, fig);
	db = cli_session("experiment");
	if (!db)
		return CLI_EXIT_INPUT;
	st = dlsim_experiment_load(db, path, &x);
	if (st != DLSIM_OK) {
		rc = cli_fail(db, "experiment", st);
	} else if (item) {
		rc = exp_item(db, x, item, out);
	} else if (fig && (st = dlsim_output_check(db, fig)) != DLSIM_OK) {
		/* a figure that cannot be written is found before the first
		 * set, as an unwritable -o is, not after the whole run */
		rc = cli_fail(db, "experiment", st);
	} else {
		rc = exp_run(db, x, shard, jobs, out, quiet, fig);
	}
	dlsim_experiment_free(x);
	dlsim_close(db);
	return rc;
}
