/* cmd_experiment.c - `dlsim experiment EXP.yaml`: argv, files, progress.
 *
 * The work is the library's: scenarios/exp.h loads the file, sim/batch.h
 * runs the sets on threads, render/acc_csv.h formats the results.  This
 * file decides the output names, resumes from what is on disk, writes
 * every file atomically (render/outfile.h) and draws the progress bar. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "models/mem.h"
#include "render/acc_csv.h"
#include "render/outfile.h"
#include "render/plot_acc.h"
#include "scenarios/exp.h"
#include "sim/batch.h"

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
"                     --shard); its sidecar is F.meta\n"
"  --shard I/N        run slice I of N (1 <= I <= N) of the sets; without\n"
"                     it SLURM_ARRAY_TASK_ID / SLURM_ARRAY_TASK_COUNT are\n"
"                     used when set.  Combine the shards with dlsim merge\n"
"  --item P:S         write task set S of point P (0-based) as a scenario\n"
"                     (to -o or standard output) and exit\n"
"  --plot FIG         then draw the acceptance-ratio figure (.png, .svg,\n"
"                     .pdf; as dlsim plot OUT.csv -o FIG)\n"
"  -q, --quiet        no progress bar (it is only drawn on a terminal)\n"
"\n"
"Results never depend on -j or on the sharding.  An existing output of\n"
"the same experiment is resumed: finished points are kept and skipped.\n"
"Ctrl-C stops after the sets in progress, keeping every finished point.\n"
"Every contradiction (a test that accepts a set the simulation misses, or\n"
"an exact test that rejects a set an exact simulation meets) is saved as\n"
"OUT-contradiction-P-S.yaml.  Exit status: 0 done, 5 contradictions were\n"
"found, 130 interrupted, 1 usage, 2 invalid input, 3 I/O.\n"
"Format and recipes (GNU parallel, Slurm): docs/experiments.md.\n";

static volatile sig_atomic_t exp_interrupted;

static void exp_on_sigint(int sig)
{
	(void)sig;
	exp_interrupted = 1;
}

struct exp_run {
	const struct rt_exp *x;
	const char *out, *meta_path;
	char *contra_base;              /* OUT without .csv */
	struct rt_exp_counts *c;       /* per point */
	bool *have;
	struct render_acc_meta meta;
	struct sim_exp_ws ws;           /* for regenerating contradictions */
	uint64_t contradictions;
	bool progress;
	double t0, shown;
	uint64_t done0;
};

static double exp_wall(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void exp_utc(char *buf, size_t n)
{
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static enum rt_err exp_write_text(const char *path, const char *text,
				  size_t len, struct rt_diag *d)
{
	struct render_outfile o;
	FILE *f;
	enum rt_err err = render_outfile_open(&o, path, &f, d);

	if (err)
		return err;
	if (fwrite(text, 1, len, f) != len) {
		render_outfile_abort(&o);
		return rt_diagf(d, RT_ERR_IO, "%s: write error", path);
	}
	return render_outfile_commit(&o, d);
}

/* Rewrite the CSV and its sidecar (each atomically). */
static enum rt_err exp_save(struct exp_run *r, struct rt_diag *d)
{
	struct render_acc *t = NULL;
	struct render_outfile o;
	enum rt_err err;
	FILE *f;

	err = render_acc_from_exp(r->x, r->c, r->have, &t, d);
	if (err)
		return err;
	err = render_outfile_open(&o, r->out, &f, d);
	if (!err) {
		err = render_acc_write(f, t, d);
		if (err)
			render_outfile_abort(&o);
		else
			err = render_outfile_commit(&o, d);
	}
	render_acc_free(t);
	if (err)
		return err;
	exp_utc(r->meta.end, sizeof(r->meta.end));
	err = render_outfile_open(&o, r->meta_path, &f, d);
	if (err)
		return err;
	err = render_acc_meta_write(f, &r->meta, d);
	if (err) {
		render_outfile_abort(&o);
		return err;
	}
	return render_outfile_commit(&o, d);
}

static enum rt_err exp_point_done(void *ctx, size_t p,
				  const struct rt_exp_counts *c)
{
	struct exp_run *r = ctx;
	struct rt_diag d = { "" };
	enum rt_err err;

	r->c[p] = *c;
	r->have[p] = true;
	err = exp_save(r, &d);
	if (err)
		cli_error("%s", d.msg);
	return err;
}

static int exp_item_text(const struct rt_exp *x, struct sim_exp_ws *ws,
			 size_t p, uint64_t s, char **text, size_t *len)
{
	struct rt_diag d = { "" };
	unsigned redrawn;
	enum rt_err err = sim_exp_draw(x, p, s, ws, &redrawn, &d);

	if (!err)
		err = scn_exp_scenario(x, p, s, ws->ts, text, len, &d);
	if (err) {
		cli_error("%s", d.msg);
		return cli_exit_for(err);
	}
	return CLI_EXIT_OK;
}

static enum rt_err exp_contradiction(void *ctx, size_t p, uint64_t s)
{
	struct exp_run *r = ctx;
	struct rt_diag d = { "" };
	size_t plen = strlen(r->contra_base) + 64, len;
	char *path = malloc(plen), *text = NULL;
	enum rt_err err = RT_ERR_NOMEM;

	r->contradictions++;
	if (!path)
		return err;
	snprintf(path, plen, "%s-contradiction-%zu-%llu.yaml", r->contra_base,
		 p, (unsigned long long)s);
	if (exp_item_text(r->x, &r->ws, p, s, &text, &len) == CLI_EXIT_OK) {
		err = exp_write_text(path, text, len, &d);
		if (err)
			cli_error("%s", d.msg);
	}
	rt_free(text);
	free(path);
	return err;
}

static void exp_progress(void *ctx, uint64_t done, uint64_t total)
{
	struct exp_run *r = ctx;
	double now = exp_wall(), rate, eta;
	int bar = 30, fill;

	if (!r->progress || (now - r->shown < 0.2 && done < total))
		return;
	r->shown = now;
	rate = now > r->t0 ? (double)(done - r->done0) / (now - r->t0) : 0;
	eta = rate > 0 ? (double)(total - done) / rate : 0;
	fill = total ? (int)((double)bar * (double)done / (double)total) : bar;
	fprintf(stderr, "\r%s: [%.*s%*s] %5.1f%% %llu/%llu sets %.0f sets/s "
		"ETA %d:%02d ", cli_prog, fill,
		"##############################", bar - fill, "",
		total ? 100.0 * (double)done / (double)total : 100.0,
		(unsigned long long)done, (unsigned long long)total, rate,
		(int)(eta / 60), (int)eta % 60);
}

/* "I/N" with 1 <= I <= N. */
static bool exp_parse_shard(const char *s, struct rt_exp_slice *sl)
{
	char *end;
	unsigned long i, n;

	errno = 0;
	i = strtoul(s, &end, 10);
	if (end == s || *end != '/' || errno)
		return false;
	s = end + 1;
	n = strtoul(s, &end, 10);
	if (end == s || *end || errno || i < 1 || n < 1 || i > n || n > 1000000)
		return false;
	sl->index = (unsigned)i;
	sl->count = (unsigned)n;
	return true;
}

/* SLURM_ARRAY_TASK_ID (normalised by SLURM_ARRAY_TASK_MIN, so both
 * --array=0-3 and --array=1-4 work) of SLURM_ARRAY_TASK_COUNT. */
static int exp_slurm_shard(struct rt_exp_slice *sl)
{
	const char *id = getenv("SLURM_ARRAY_TASK_ID");
	const char *cnt = getenv("SLURM_ARRAY_TASK_COUNT");
	const char *min = getenv("SLURM_ARRAY_TASK_MIN");
	long i, n, m = 1;
	char *end;

	if (!id || !cnt)
		return 0;
	i = strtol(id, &end, 10);
	if (*end || end == id)
		return -1;
	n = strtol(cnt, &end, 10);
	if (*end || end == cnt)
		return -1;
	if (min) {
		m = strtol(min, &end, 10);
		if (*end || end == min)
			return -1;
	}
	i = i - m + 1;
	if (n < 1 || i < 1 || i > n)
		return -1;
	sl->index = (unsigned)i;
	sl->count = (unsigned)n;
	return 1;
}

static void exp_tests_list(const struct rt_exp *x, char *buf, size_t n)
{
	size_t o = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < x->ntests && o < n; i++)
		o += (size_t)snprintf(buf + o, n - o, "%s%s", i ? "," : "",
				      x->tests[i]->name);
}

/* Pick up an earlier run of the same experiment and slice: finished
 * points (their row has all the slice's sets) are kept. */
static int exp_resume(struct exp_run *r, const struct rt_exp_slice *sl)
{
	struct render_acc_meta m;
	struct render_acc *t = NULL;
	struct rt_diag d = { "" };
	struct stat st;
	enum rt_err err;
	int rc = CLI_EXIT_OK;

	if (stat(r->out, &st) != 0)
		return CLI_EXIT_OK;
	err = render_acc_meta_read(r->meta_path, &m, &d);
	if (err) {
		cli_error("%s exists but its sidecar does not: %s; delete it or "
			  "choose another -o", r->out, d.msg);
		return CLI_EXIT_INPUT;
	}
	if (m.hash != r->meta.hash || m.shard != sl->index ||
	    m.shards != sl->count) {
		cli_error("%s was written by another experiment or shard (hash "
			  "%016llx, shard %u/%u; this run: %016llx, %u/%u); "
			  "delete it or choose another -o", r->out,
			  (unsigned long long)m.hash, m.shard, m.shards,
			  (unsigned long long)r->meta.hash, sl->index,
			  sl->count);
		return CLI_EXIT_INPUT;
	}
	err = render_acc_read(r->out, &t, &d);
	if (!err) {
		err = render_acc_to_counts(t, r->x, sl, r->c, r->have, &d);
		if (err)
			rt_diag_prefix(&d, "%s: ", r->out);
	}
	for (size_t p = 0; !err && p < r->x->npoints; p++)
		if (r->have[p])
			r->contradictions += r->c[p].contradictions;
	if (err) {
		cli_error("%s; delete it or choose another -o", d.msg);
		rc = cli_exit_for(err);
	} else if (m.start[0]) {
		memcpy(r->meta.start, m.start, sizeof(m.start));
	}
	render_acc_free(t);
	return rc;
}

static int exp_item(const struct rt_exp *x, const char *spec, const char *out)
{
	struct sim_exp_ws ws;
	unsigned long long p, s;
	char *end, *text = NULL;
	size_t len;
	int rc;

	errno = 0;
	p = strtoull(spec, &end, 10);
	if (end == spec || *end != ':' || errno)
		return cli_usage_error("experiment", "--item '%s': expected "
				       "POINT:SAMPLE", spec);
	spec = end + 1;
	s = strtoull(spec, &end, 10);
	if (end == spec || *end || errno)
		return cli_usage_error("experiment", "--item: expected "
				       "POINT:SAMPLE");
	if (p >= x->npoints || s >= x->sets)
		return cli_usage_error("experiment", "--item %llu:%llu: the "
				       "experiment has points 0..%zu and samples "
				       "0..%llu", p, s, x->npoints - 1,
				       (unsigned long long)(x->sets - 1));
	if (sim_exp_ws_init(&ws, x)) {
		cli_error("out of memory");
		return CLI_EXIT_INPUT;
	}
	rc = exp_item_text(x, &ws, (size_t)p, s, &text, &len);
	sim_exp_ws_fini(&ws);
	if (rc == CLI_EXIT_OK && out) {
		struct rt_diag d = { "" };
		enum rt_err err = exp_write_text(out, text, len, &d);

		if (err) {
			cli_error("%s", d.msg);
			rc = cli_exit_for(err);
		}
	} else if (rc == CLI_EXIT_OK) {
		fwrite(text, 1, len, stdout);
	}
	rt_free(text);
	return rc;
}

static char *exp_strdup_cat(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	char *s = malloc(la + lb + 1);

	if (s) {
		memcpy(s, a, la);
		memcpy(s + la, b, lb + 1);
	}
	return s;
}

static int exp_plot(const char *csv, const char *fig)
{
	struct render_acc *t = NULL;
	struct rt_diag d = { "" };
	enum rt_err err = render_acc_read(csv, &t, &d);

	if (!err)
		err = render_acc_plot(t, NULL, fig, &d);
	render_acc_free(t);
	if (err) {
		cli_error("%s", d.msg);
		return cli_exit_for(err);
	}
	return CLI_EXIT_OK;
}

static int exp_run_all(const struct rt_exp *x, const struct rt_exp_slice *sl,
		       unsigned threads, const char *out, bool quiet,
		       const char *fig)
{
	struct exp_run r;
	struct rt_diag d = { "" };
	struct sigaction sa, old;
	char *dflt = NULL, *meta = NULL;
	bool stopped = false;
	size_t ndone = 0, nwant = 0;
	uint64_t sets = 0;
	enum rt_err err;
	int rc = CLI_EXIT_INPUT;

	memset(&r, 0, sizeof(r));
	r.x = x;
	if (!out) {
		size_t n = strlen(x->name) + 64;

		dflt = malloc(n);
		if (!dflt)
			goto oom;
		if (sl->count == 1)
			snprintf(dflt, n, "%s.csv", x->name);
		else
			snprintf(dflt, n, "%s-shard%u-of-%u.csv", x->name,
				 sl->index, sl->count);
		out = dflt;
	}
	meta = exp_strdup_cat(out, ".meta");
	r.contra_base = exp_strdup_cat(out, "");
	r.c = calloc(x->npoints, sizeof(*r.c));
	r.have = calloc(x->npoints, sizeof(*r.have));
	if (!meta || !r.contra_base || !r.c || !r.have ||
	    sim_exp_ws_init(&r.ws, x))
		goto oom;
	{
		size_t bl = strlen(r.contra_base);

		if (bl > 4 && !strcmp(r.contra_base + bl - 4, ".csv"))
			r.contra_base[bl - 4] = '\0';
	}
	r.out = out;
	r.meta_path = meta;
	snprintf(r.meta.tool, sizeof(r.meta.tool), "dlsim %s", DLSIM_VERSION);
	snprintf(r.meta.name, sizeof(r.meta.name), "%s", x->name);
	r.meta.hash = rt_exp_hash(x);
	r.meta.seed = x->seed;
	r.meta.shard = sl->index;
	r.meta.shards = sl->count;
	r.meta.points = x->npoints;
	r.meta.sets = x->sets;
	exp_tests_list(x, r.meta.tests, sizeof(r.meta.tests));
	r.meta.threads = threads;
	if (gethostname(r.meta.host, sizeof(r.meta.host) - 1))
		snprintf(r.meta.host, sizeof(r.meta.host), "?");
	exp_utc(r.meta.start, sizeof(r.meta.start));
	rc = exp_resume(&r, sl);
	if (rc != CLI_EXIT_OK)
		goto done;
	for (size_t p = 0; p < x->npoints; p++) {
		uint64_t a, b;

		rt_exp_slice_range(x, sl, p, &a, &b);
		if (b > a)
			nwant++;
		if (b > a && r.have[p])
			ndone++;
		if (b == a)
			r.have[p] = false;      /* not this shard's */
	}
	r.progress = !quiet && isatty(STDERR_FILENO);
	r.t0 = exp_wall();
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = exp_on_sigint;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old);
	{
		struct sim_exp_hooks h = {
			.ctx           = &r,
			.point_done    = exp_point_done,
			.contradiction = exp_contradiction,
			.progress      = exp_progress,
		};
		bool *skip = malloc(x->npoints * sizeof(*skip));

		if (!skip) {
			sigaction(SIGINT, &old, NULL);
			goto oom;
		}
		memcpy(skip, r.have, x->npoints * sizeof(*skip));
		r.meta.complete = false;
		err = sim_exp_run(x, sl, skip, threads, &h, &exp_interrupted,
				  &stopped, &d);
		free(skip);
	}
	sigaction(SIGINT, &old, NULL);
	if (r.progress)
		fprintf(stderr, "\r%*s\r", 100, "");
	if (err) {
		cli_error("%s", d.msg);
		rc = cli_exit_for(err);
		goto done;
	}
	ndone = 0;
	for (size_t p = 0; p < x->npoints; p++) {
		ndone += r.have[p];
		sets += r.c[p].sets;
	}
	r.meta.complete = !stopped && ndone == nwant;
	err = exp_save(&r, &d);
	if (err) {
		cli_error("%s", d.msg);
		rc = cli_exit_for(err);
		goto done;
	}
	if (stopped) {
		cli_error("interrupted: %zu of %zu points done in %s; run the "
			  "same command again to resume", ndone, nwant, out);
		rc = 130;
		goto done;
	}
	if (!quiet)
		printf("%s: %zu points, %llu sets, %llu contradictions -> %s\n",
		       x->name, ndone, (unsigned long long)sets,
		       (unsigned long long)r.contradictions, out);
	rc = r.contradictions ? CLI_EXIT_CONTRADICTION : CLI_EXIT_OK;
	if (fig) {
		int prc = exp_plot(out, fig);

		if (prc != CLI_EXIT_OK)
			rc = prc;
	}
	if (r.contradictions)
		cli_error("%llu contradiction(s) between a test and the "
			  "simulation, saved as %s-contradiction-P-S.yaml: a "
			  "bug, please report", (unsigned long long)
			  r.contradictions, r.contra_base);
	goto done;
oom:
	cli_error("out of memory");
	rc = CLI_EXIT_INPUT;
done:
	sim_exp_ws_fini(&r.ws);
	free(r.c);
	free(r.have);
	free(r.contra_base);
	free(meta);
	free(dflt);
	return rc;
}

int cmd_experiment(int argc, char **argv)
{
	const char *path = NULL, *jobs = NULL, *out = NULL, *shard = NULL;
	const char *item = NULL, *fig = NULL;
	struct rt_exp_slice sl = { 1, 1 };
	struct rt_exp *x = NULL;
	struct rt_diag d = { "" };
	bool quiet = false, bad = false;
	long threads;
	enum rt_err err;
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
	threads = sysconf(_SC_NPROCESSORS_ONLN);
	if (jobs) {
		char *end;

		errno = 0;
		threads = strtol(jobs, &end, 10);
		if (end == jobs || *end || errno || threads < 1 || threads > 4096)
			return cli_usage_error("experiment", "-j '%s': expected "
					       "a number of threads 1..4096",
					       jobs);
	}
	if (threads < 1)
		threads = 1;
	if (shard && !exp_parse_shard(shard, &sl))
		return cli_usage_error("experiment", "--shard '%s': expected "
				       "I/N with 1 <= I <= N", shard);
	if (!shard && exp_slurm_shard(&sl) < 0)
		return cli_usage_error("experiment", "SLURM_ARRAY_TASK_ID / "
				       "SLURM_ARRAY_TASK_COUNT do not give a "
				       "shard 1 <= I <= N");
	err = scn_exp_load_file(path, &x, &d);
	if (err) {
		cli_error("%s", d.msg);
		return cli_exit_for(err);
	}
	if (item)
		rc = exp_item(x, item, out);
	else
		rc = exp_run_all(x, &sl, (unsigned)threads, out, quiet, fig);
	rt_exp_free(x);
	return rc;
}
