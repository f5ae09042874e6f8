/* bench_sol.c - dlsim against the speed of light (make bench).
 *
 *   bench_sol              every figure: a minimal EDF loop in this
 *                          process, then `dlsim run SCENARIO --quiet` on
 *                          the same task sets (and a few others), each
 *                          printed in jobs/s and as a ratio to the loop
 *
 * Environment: DLSIM (the binary to measure, default
 * build/release/dlsim), DLSIM_BASELINE (optional: a second binary, e.g.
 * an older release, measured in the same run, interleaved), BENCH_REPS
 * (repetitions, default 3: every figure is the median), BENCH_KEEP (keep
 * the generated scenarios, for profiling; their folder is printed).
 *
 * The reference ("speed-of-light") loop is what a uniprocessor EDF
 * simulation cannot avoid: a binary min-heap of next releases, a binary
 * min-heap of ready jobs by (deadline, task), one CPU, no statistics, no
 * records.  It releases exactly the jobs dlsim releases (r < horizon), so
 * the released-job counts printed side by side must agree.
 *
 * dlsim is timed as a whole process (exec, parse the YAML, run, write,
 * exit) in CPU time (user + system, from wait4), so the figures are what
 * a user of `dlsim run` pays and a loaded machine does not blur them; at
 * 10^7 jobs the start-up is a fraction of a percent.  The loop is timed
 * in this thread's CPU time.  Traced runs write into a temporary
 * directory (removed afterwards) and are given as a cost factor: their
 * time over the untraced run of the same scenario, with the user and
 * system shares apart (writing a file is system time: the kernel copies
 * every byte into its page cache).  Each traced run is paired with an
 * untraced run of the same binary just before it, and cost= is the
 * median of those pairs' ratios: a shared machine that slows down for a
 * while slows both runs of a pair, where a ratio of medians taken
 * seconds apart would carry the slowdown into the cost.  They run three
 * times: into /tmp (the disk on the development VM), into /dev/shm (tmpfs,
 * memory only) when it exists, marked "(tmpfs)", and into /dev/null
 * (through a symlink named for the format, "(/dev/null)": no page cache,
 * so what is left is the writer's user time and the write calls).
 * Every figure also gives its elapsed time (wall=, fork to exit) and the
 * traced ones its ratio (wall_cost=): a file on disk is flushed to the
 * disk before it is renamed into place, and that wait is elapsed time,
 * not CPU time.
 */
#define _DEFAULT_SOURCE 1      /* wait4 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "models/rng.h"
#include "models/rt_time.h"

#include "bench/bench_common.h"

#define SOL_MAX_REPS 31

/* ---- scenarios for dlsim ---- */

enum sol_kind { SOL_EDF, SOL_CBS, SOL_LINUX_DL };

struct sol_cfg {
	const char *name;
	enum sol_kind kind;
	size_t tasks;
	unsigned cpus;
	bool partitioned;
	double jobs;            /* wanted */
	const char *out;        /* traced: output file suffix, else NULL */
	const char *opt;        /* its option (--log, --jobs, --trace) */
	int where;              /* traced: into /tmp (0), /dev/shm (1,
				 * tmpfs) or /dev/null (2, through a
				 * symlink named for the format) */
	int ref;                /* index of the untraced cfg it is compared to */
	int sol;                /* index of the reference loop it is shown against */
	struct sol_res *res;    /* filled in */
};

struct sol_res {
	char path[256];
	double med[2];          /* median seconds: DLSIM, DLSIM_BASELINE */
	uint64_t jobs_out[2];
	long rss[2];
	bool failed[2];
	double times[2][SOL_MAX_REPS];  /* user + system */
	double user[2][SOL_MAX_REPS], sys[2][SOL_MAX_REPS];
	double wall[2][SOL_MAX_REPS];   /* fork to exit, monotonic clock */
	double wall_med[2];
	/* a traced run's CPU and wall time over its untraced run's, the one
	 * run just before it (same binary), and their medians */
	double pair[2][SOL_MAX_REPS], wpair[2][SOL_MAX_REPS];
	double cost[2], wall_cost[2];
	/* an untraced run's jobs/s over the 10-task loop's, the loop run
	 * just before it, and their median (paired_ratio_to_sol10=) */
	double solpair[2][SOL_MAX_REPS], solpair_med[2];
};

/* Write cfg's scenario; false on an I/O error. */
static bool sol_write_yaml(struct sol_cfg *c, const char *dir)
{
	double rate, u;
	struct sol_task *t;
	rt_time H;
	FILE *f;
	bool ldl = c->kind == SOL_LINUX_DL;

	u = c->kind == SOL_EDF ? (c->cpus > 1 ? 0.75 * c->cpus : 0.9) : 0.9;
	t = sol_tasks(c->tasks, (c->kind == SOL_EDF ? 12345 : 777) + c->tasks +
		      c->cpus, u, ldl ? 1e6 : 1e4, ldl ? 1024 : c->kind ==
		      SOL_CBS ? 2 : 1, &rate);
	if (!t)
		return false;
	H = (rt_time)(c->jobs / rate);
	snprintf(c->res->path, sizeof(c->res->path), "%s/%s.yaml", dir, c->name);
	f = fopen(c->res->path, "w");
	if (!f) {
		free(t);
		return false;
	}
	fprintf(f, "format: 1\nname: %s\ntime_unit: %s\nhorizon: %lld\n"
		"platform: { cpus: %u }\n", c->name, ldl ? "ns" : "tick",
		(long long)H, c->cpus);
	if (c->kind == SOL_EDF)
		fprintf(f, "scheduler: { policy: edf%s }\n", c->partitioned ?
			", placement: partitioned" : "");
	else if (c->kind == SOL_CBS)
		fprintf(f, "scheduler: { policy: cbs }\n");
	else
		fprintf(f, "scheduler: { policy: linux-dl, rt_runtime_us: -1 }\n");
	if (c->kind == SOL_CBS) {
		fputs("servers:\n", f);
		for (size_t i = 0; i < c->tasks; i++)
			fprintf(f, "  - { name: s%zu, kind: cbs, budget: %lld, "
				"period: %lld }\n", i, (long long)t[i].C,
				(long long)t[i].T);
	}
	fputs("tasks:\n", f);
	for (size_t i = 0; i < c->tasks; i++) {
		rt_time C = t[i].C;

		fprintf(f, "  - { name: t%zu, C: %lld, D: %lld, T: %lld", i,
			(long long)C, (long long)t[i].D, (long long)t[i].T);
		if (c->partitioned)
			fprintf(f, ", cpu: %zu", i % c->cpus);
		if (c->kind == SOL_CBS)
			fprintf(f, ", server: s%zu", i);
		if (c->kind != SOL_EDF)
			fprintf(f, ", exec: { model: uniform, min: %lld, max: "
				"%lld }", (long long)(C / 2), (long long)(C + C / 4));
		fputs(" }\n", f);
	}
	free(t);
	return fclose(f) == 0;
}

/* Run `bin run path --quiet [opt file]` (the file in dir); CPU seconds
 * in *user and *sys, elapsed seconds (fork to exit) in *wall, released jobs (from the summary line) in *jobs,
 * child peak RSS in *rss.  false if it failed (e.g. an option this binary
 * does not know). */
static bool sol_spawn(const char *bin, const struct sol_cfg *c,
		      const char *dir, double *user, double *sys,
		      double *wall, uint64_t *jobs, long *rss)
{
	double t0 = bench_now_s();
	char out[300], line[512];
	int fd[2], status;
	struct rusage ru;
	pid_t pid;
	FILE *p;
	bool got = false;

	if (c->out)
		snprintf(out, sizeof(out), "%s/%s.%s", dir,
			 c->where == 2 ? "null" : "out", c->out);
	if (c->out && c->where == 2 && symlink("/dev/null", out) != 0 &&
	    errno != EEXIST)
		return false;
	if (pipe(fd) != 0)
		return false;
	pid = fork();
	if (pid < 0)
		return false;
	if (pid == 0) {
		char run[] = "run", quiet[] = "--quiet", opt[16];
		char *argv[] = { (char *)bin, run, (char *)c->res->path,
				 quiet, opt, out, NULL };

		snprintf(opt, sizeof(opt), "%s", c->opt ? c->opt : "");

		if (!c->out)
			argv[4] = NULL;
		int null = open("/dev/null", O_WRONLY);

		dup2(fd[1], 1);
		if (null >= 0)
			dup2(null, 2);  /* a baseline without .bin: n/a */
		close(fd[0]);
		close(fd[1]);
		execv(bin, argv);
		_exit(127);
	}
	close(fd[1]);
	p = fdopen(fd[0], "r");
	while (p && fgets(line, sizeof(line), p)) {
		unsigned long long n;

		if (sscanf(line, "%llu jobs,", &n) == 1) {
			*jobs = n;
			got = true;
		}
	}
	if (p)
		fclose(p);
	if (wait4(pid, &status, 0, &ru) < 0)
		return false;
	*wall = bench_now_s() - t0;
	*user = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6;
	*sys = (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
	*rss = ru.ru_maxrss;
	if (c->out)
		unlink(out);
	return got && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* Issue 14's acceptance, figure by figure: a jobs/s ratio to the 10-task
 * loop at least 'ratio', or a cost over the untraced run at most 'cost'.
 * The issue states 0.45 for edf-uni-10 and absolute figures for the rest
 * (10, 8, 6 and 4 M jobs/s) on a machine where 0.45 was "about 20 M": a
 * loop of 44.4 M jobs/s, so they are read as 10/44.4, 8/44.4, ... of the
 * loop measured here. */
static const struct sol_target {
	const char *name, *out, *opt;
	double ratio, cost;
} sol_targets[] = {
	{ "edf-uni-10", NULL, NULL, 0.45, 0 },
	{ "edf-uni-1000", NULL, NULL, 10 / 44.4, 0 },
	{ "edf-global-16x200", NULL, NULL, 8 / 44.4, 0 },
	{ "cbs-100", NULL, NULL, 6 / 44.4, 0 },
	{ "linux-dl-100", NULL, NULL, 4 / 44.4, 0 },
	{ "edf-uni-10-1M", "csv", "--jobs", 0, 1.5 },
	{ "edf-uni-10-1M", "jsonl", "--log", 0, 4.0 },
	{ "edf-uni-10-1M", "bin", "--log", 0, 1.5 },
};

/* One "target" line per acceptance figure measured (into a file, disk). */
static void sol_print_targets(const struct sol_cfg *cfg, size_t ncfg)
{
	for (size_t t = 0; t < sizeof(sol_targets) / sizeof(sol_targets[0]);
	     t++) {
		const struct sol_target *g = &sol_targets[t];

		for (size_t i = 0; i < ncfg; i++) {
			const struct sol_cfg *c = &cfg[i];
			double v;
			bool ok;

			if (strcmp(c->name, g->name) || c->where != 0 ||
			    (g->out == NULL) != (c->out == NULL) ||
			    (g->out && (strcmp(c->out, g->out) ||
					strcmp(c->opt, g->opt))) ||
			    c->res->failed[0] || !c->res->med[0] ||
			    (c->ref >= 0 && !c->res->cost[0]))
				continue;
			if (g->out) {
				v = c->res->cost[0];
				ok = v <= g->cost;
				printf("target %s %s .%s cost=%.2fx <= %.2fx %s\n",
				       g->name, g->opt, g->out, v, g->cost,
				       ok ? "met" : "NOT met");
			} else {
				v = c->res->solpair_med[0];
				ok = v >= g->ratio;
				printf("target %s paired_ratio_to_sol10=%.3f >= %.3f %s\n",
				       g->name, v, g->ratio,
				       ok ? "met" : "NOT met");
			}
		}
	}
}

/* BENCH_ONLY=WORD: only the figures whose name or output format holds WORD
 * (the reference loop always runs: every ratio needs it). */
static bool sol_selected(const struct sol_cfg *c, const char *only)
{
	if (!only || !*only)
		return true;
	return strstr(c->name, only) || (c->out && strstr(c->out, only));
}

int main(void)
{
	static struct sol_cfg cfg[] = {
		/* 0 */ { "edf-uni-10", SOL_EDF, 10, 1, false, 1e7, NULL, NULL, false, -1, 0, NULL },
		/* 1 */ { "edf-uni-1000", SOL_EDF, 1000, 1, false, 1e7, NULL, NULL, false, -1, 1, NULL },
		/* 2 */ { "edf-global-16x200", SOL_EDF, 200, 16, false, 1e7, NULL, NULL, false, -1, 0, NULL },
		/* 3 */ { "edf-part-16x200", SOL_EDF, 200, 16, true, 1e7, NULL, NULL, false, -1, 0, NULL },
		/* 4 */ { "cbs-100", SOL_CBS, 100, 1, false, 5e6, NULL, NULL, false, -1, 0, NULL },
		/* 5 */ { "linux-dl-100", SOL_LINUX_DL, 100, 1, false, 5e6, NULL, NULL, false, -1, 0, NULL },
		/* 6 */ { "edf-uni-10-1M", SOL_EDF, 10, 1, false, 1e6, NULL, NULL, false, -1, 0, NULL },
#define SOL_TRACED(out, opt, where) \
		{ "edf-uni-10-1M", SOL_EDF, 10, 1, false, 1e6, out, opt, where, 6, 0, NULL }
		SOL_TRACED("csv", "--jobs", 0),
		SOL_TRACED("csv", "--log", 0),
		SOL_TRACED("jsonl", "--log", 0),
		SOL_TRACED("bin", "--log", 0),
		SOL_TRACED("json", "--trace", 0),
		SOL_TRACED("txt", "--ftrace", 0),
		SOL_TRACED("csv", "--jobs", 1),
		SOL_TRACED("csv", "--log", 1),
		SOL_TRACED("jsonl", "--log", 1),
		SOL_TRACED("bin", "--log", 1),
		SOL_TRACED("json", "--trace", 1),
		SOL_TRACED("txt", "--ftrace", 1),
		SOL_TRACED("csv", "--jobs", 2),
		SOL_TRACED("csv", "--log", 2),
		SOL_TRACED("jsonl", "--log", 2),
		SOL_TRACED("bin", "--log", 2),
		SOL_TRACED("json", "--trace", 2),
		SOL_TRACED("txt", "--ftrace", 2),
#undef SOL_TRACED
	};
	const size_t ncfg = sizeof(cfg) / sizeof(cfg[0]);
	static struct sol_res res[sizeof(cfg) / sizeof(cfg[0])];
	const char *bins[2] = { getenv("DLSIM"), getenv("DLSIM_BASELINE") };
	const char *reps_s = getenv("BENCH_REPS");
	const char *only = getenv("BENCH_ONLY");
	int reps = reps_s ? atoi(reps_s) : 3;
	char dir[] = "/tmp/dlsim-bench-XXXXXX";
	char shm[] = "/dev/shm/dlsim-bench-XXXXXX";
	bool have_shm;
	struct { size_t n; struct sol_task *t; rt_time H; double times[SOL_MAX_REPS];
		 double med; uint64_t jobs; } sol[2] = { { 10, NULL, 0, {0}, 0, 0 },
							 { 1000, NULL, 0, {0}, 0, 0 } };
	int nbins = bins[1] && *bins[1] ? 2 : 1;

	if (!bins[0] || !*bins[0])
		bins[0] = "build/release/dlsim";
	if (reps < 1)
		reps = 1;
	if (reps > SOL_MAX_REPS)
		reps = SOL_MAX_REPS;
	if (!mkdtemp(dir)) {
		fprintf(stderr, "bench_sol: mkdtemp: %s\n", strerror(errno));
		return 1;
	}
	have_shm = mkdtemp(shm) != NULL;
	for (size_t i = 0; i < ncfg; i++)
		cfg[i].res = &res[i];
	for (size_t i = 0; i < ncfg; i++)
		if (!sol_write_yaml(&cfg[i], dir)) {
			fprintf(stderr, "bench_sol: cannot write %s\n", cfg[i].res->path);
			return 1;
		}
	for (int s = 0; s < 2; s++) {       /* the same sets as cfg 0 and 1 */
		double rate;

		sol[s].t = sol_tasks(sol[s].n, 12345 + sol[s].n + 1, 0.9, 1e4,
				     1, &rate);
		if (!sol[s].t)
			return 1;
		sol[s].H = (rt_time)(cfg[s].jobs / rate);
	}
	printf("bench_sol: %s%s%s, median of %d interleaved runs\n", bins[0],
	       nbins == 2 ? " vs baseline " : "", nbins == 2 ? bins[1] : "", reps);
	fflush(stdout);
	for (int r = 0; r < reps; r++) {
		for (int s = 0; s < 2; s++)
			sol[s].jobs = sol_run(sol[s].t, sol[s].n, sol[s].H,
					      &sol[s].times[r]);
		for (size_t i = 0; i < ncfg; i++)
			for (int b = 0; b < nbins; b++) {
				struct sol_cfg *c = &cfg[i];

				if (c->res->failed[b] || (c->where == 1 && !have_shm) ||
				    !sol_selected(c, only))
					continue;
				double ru = 0, rs = 0, rw = 0, st = 0;
				uint64_t rj, sj = 0;
				long rr;

				/* an untraced figure: the 10-task loop just
				 * before it (paired) */
				if (c->ref < 0 && !c->out && !c->res->failed[b])
					sj = sol_run(sol[0].t, sol[0].n, sol[0].H,
						     &st);
				/* its untraced run, just before (paired) */
				if (c->ref >= 0 &&
				    !sol_spawn(bins[b], &cfg[c->ref], dir, &ru, &rs,
					       &rw, &rj, &rr))
					c->res->failed[b] = true;
				if (c->res->failed[b] ||
				    !sol_spawn(bins[b], c, c->where == 1 ? shm : dir,
					       &c->res->user[b][r], &c->res->sys[b][r],
					       &c->res->wall[b][r], &c->res->jobs_out[b], &c->res->rss[b]))
					c->res->failed[b] = true;
				c->res->times[b][r] = c->res->user[b][r] +
						      c->res->sys[b][r];
				if (sj && st > 0 && c->res->times[b][r] > 0)
					c->res->solpair[b][r] =
						((double)c->res->jobs_out[b] /
						 c->res->times[b][r]) /
						((double)sj / st);
				if (c->ref >= 0 && ru + rs > 0 && rw > 0) {
					c->res->pair[b][r] =
						c->res->times[b][r] / (ru + rs);
					c->res->wpair[b][r] =
						c->res->wall[b][r] / rw;
				}
			}
	}
	for (int s = 0; s < 2; s++) {
		sol[s].med = bench_median(sol[s].times, reps);
		printf("sol-loop tasks=%zu jobs=%llu time=%.3fs jobs_per_s=%.1fM\n",
		       sol[s].n, (unsigned long long)sol[s].jobs, sol[s].med,
		       (double)sol[s].jobs / sol[s].med / 1e6);
	}
	for (size_t i = 0; i < ncfg; i++) {
		struct sol_cfg *c = &cfg[i];

		if ((c->where == 1 && !have_shm) || !sol_selected(c, only))
			continue;
		printf("%s%s%s", c->name, c->out ? " " : "", c->out ? c->opt : "");
		if (c->out)
			printf(" .%s%s", c->out, c->where == 1 ? " (tmpfs)" :
			       c->where == 2 ? " (/dev/null)" : "");
		for (int b = 0; b < nbins; b++) {
			const char *tag = b ? " | baseline" : "";
			double jps, solj = (double)sol[c->sol].jobs /
					   sol[c->sol].med;

			if (c->res->failed[b]) {
				printf("%s n/a", tag);
				continue;
			}
			c->res->med[b] = bench_median(c->res->times[b], reps);
			jps = (double)c->res->jobs_out[b] / c->res->med[b];
			printf("%s jobs=%llu time=%.3fs jobs_per_s=%.1fM "
			       "ratio_to_sol%zu=%.3f maxrss_kb=%ld", tag,
			       (unsigned long long)c->res->jobs_out[b], c->res->med[b],
			       jps / 1e6, sol[c->sol].n, jps / solj, c->res->rss[b]);
			c->res->wall_med[b] = bench_median(c->res->wall[b], reps);
			if (!c->out) {
				c->res->solpair_med[b] =
					bench_median(c->res->solpair[b], reps);
				printf(" paired_ratio_to_sol10=%.3f",
				       c->res->solpair_med[b]);
			}
			if (c->out)
				printf(" user=%.3fs sys=%.3fs",
				       bench_median(c->res->user[b], reps),
				       bench_median(c->res->sys[b], reps));
			printf(" wall=%.3fs", c->res->wall_med[b]);
			if (c->ref >= 0) {
				c->res->cost[b] = bench_median(c->res->pair[b],
							       reps);
				c->res->wall_cost[b] =
					bench_median(c->res->wpair[b], reps);
				printf(" cost=%.2fx wall_cost=%.2fx",
				       c->res->cost[b], c->res->wall_cost[b]);
			}
		}
		putchar('\n');
	}
	sol_print_targets(cfg, ncfg);
	if (getenv("BENCH_KEEP")) {
		printf("scenarios kept in %s\n", dir);
	} else {
		for (size_t i = 0; i < ncfg; i++)
			unlink(cfg[i].res->path);
		rmdir(dir);
		if (have_shm)
			rmdir(shm);
	}
	free(sol[0].t);
	free(sol[1].t);
	return 0;
}
