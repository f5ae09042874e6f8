/* bench_exp.c - experiment throughput in task sets per second (make bench).
 *
 *   bench_exp            every configuration below
 *   bench_exp NAME...    only those (uni-sim, uni-tests, global, scaling)
 *
 * 1. uni-sim:   1 CPU, n = 10, UUniFast-discard, periods log-uniform
 *               10..1000, constrained deadlines (x in [0.5, 1]), U = 0.5 ..
 *               1.0 step 0.05; tests utilization, density, pdc, qpa plus
 *               the exact simulation (L_b, stopped at the first miss).
 *               Target >= 10,000 sets/s per core.
 * 2. uni-tests: the same without simulation.  Target >= 100,000.
 * 3. global:    4 CPUs, n = 20, RandFixedSum, the same periods and
 *               deadlines, U = 1.0 .. 3.5 step 0.25; every global test
 *               (utilization gfb bak bcl bcl-iterative rta bar ffdbf), no
 *               simulation.  Target >= 20,000.
 * 4. scaling:   configuration 1 with 1 and 2 threads, five interleaved
 *               pairs: the wall-clock speed-up (target >= 1.8x on two
 *               idle cores), the CPU per set of each, how much of the
 *               two cores the runs got, and the load average.
 *
 * sets_per_core_s is sets per CPU-second of the process (CLOCK_PROCESS_
 * CPUTIME_ID: what one core does, unaffected by other load on a shared
 * machine); sets_per_s is wall clock.  The targets are checked against
 * the per-core rate.  Each set includes its bin redraws (redraws_per_set).
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "scenarios/exp.h"
#include "sim/batch.h"

#include "bench/bench_common.h"

static const char uni[] =
"format: 1\nname: bench-uni\nplatform: {cpus: 1}\n"
"generator:\n  tasks: 10\n  method: uunifast-discard\n"
"  periods: {dist: log-uniform, min: 10, max: 1000, granularity: 1}\n"
"  deadlines: {model: constrained, min: 0.5, max: 1.0}\n"
"utilization: {from: 0.5, to: 1.0, step: 0.05}\n"
"sets: %d\ntests: [utilization, density, pdc, qpa]\nsimulate: %s\nseed: 1\n";

static const char glob[] =
"format: 1\nname: bench-global\nplatform: {cpus: 4}\n"
"generator:\n  tasks: 20\n  method: randfixedsum\n"
"  periods: {dist: log-uniform, min: 10, max: 1000, granularity: 1}\n"
"  deadlines: {model: constrained, min: 0.5, max: 1.0}\n"
"utilization: {from: 1.0, to: 3.5, step: 0.25}\n"
"sets: %d\ntests: [utilization, gfb, bak, bcl, bcl-iterative, rta, bar, "
"ffdbf]\nsimulate: false\nseed: 1\n";

struct bench_sum {
	struct rt_exp_counts all;
};

static enum rt_err bench_point(void *ctx, size_t p,
			       const struct rt_exp_counts *c)
{
	(void)p;
	rt_exp_counts_add(&((struct bench_sum *)ctx)->all, c);
	return RT_OK;
}

/* One run's cost. */
struct bench_cost {
	double sets, wall, cpu;         /* sets; wall-clock and process CPU s */
};

/* Run the experiment text with 'threads' into *c; 0, or 1 on error.
 * 'target' > 0: print the line and whether sets per CPU-second meet it. */
static int bench_one(const char *name, const char *text, unsigned threads,
		     double target, struct bench_cost *c)
{
	struct bench_sum sum;
	struct sim_exp_hooks h = { &sum, bench_point, NULL, NULL };
	struct rt_exp_slice sl = { 1, 1 };
	struct rt_exp *x = NULL;
	struct rt_diag d = { "" };
	bool stopped;
	double t0, c0, rate;

	memset(&sum, 0, sizeof(sum));
	if (scn_exp_load_data((const uint8_t *)text, strlen(text), name, &x,
			      &d) != RT_OK) {
		fprintf(stderr, "bench_exp: %s\n", d.msg);
		return 1;
	}
	t0 = bench_now_s();
	c0 = bench_proc_cpu_s();
	if (sim_exp_run(x, &sl, NULL, threads, &h, NULL, &stopped, &d) != RT_OK) {
		fprintf(stderr, "bench_exp: %s\n", d.msg);
		rt_exp_free(x);
		return 1;
	}
	c->wall = bench_now_s() - t0;
	c->cpu = bench_proc_cpu_s() - c0;
	c->sets = (double)sum.all.sets;
	rate = c->sets / c->cpu;
	if (target > 0)
		printf("exp-%s threads=%u sets=%llu time=%.2fs cpu=%.2fs "
		       "sets_per_core_s=%.0f sets_per_s=%.0f "
		       "redraws_per_set=%.2f missed=%llu (%s target %.0f)\n",
		       name, threads, (unsigned long long)sum.all.sets, c->wall,
		       c->cpu, rate, c->sets / c->wall,
		       (double)sum.all.redrawn / c->sets,
		       (unsigned long long)sum.all.missed,
		       rate >= target ? "meets" : "BELOW", target);
	rt_exp_free(x);
	return 0;
}

/* The 1-minute load average (other processes competing for the cores),
 * or -1 when unknown. */
static double bench_load(void)
{
	FILE *f = fopen("/proc/loadavg", "r");
	double l = -1;

	if (f) {
		if (fscanf(f, "%lf", &l) != 1)
			l = -1;
		fclose(f);
	}
	return l;
}

#define BENCH_PAIRS 5

/*
 * Scaling from 1 to 2 threads, as medians of BENCH_PAIRS interleaved
 * runs (1, 2, 1, 2, ...: load that comes and goes hits both alike):
 *   speedup     wall(1) / wall(2): what this machine gave now; it reaches
 *               2 only with two idle cores
 *   efficiency  CPU per set with 1 thread / with 2: the work two threads
 *               add (locking, shared caches); 1.0 means none, so two idle
 *               cores would give 2 x efficiency
 *   busy        CPU(2) / (2 wall(2)): how much of the two cores the run
 *               got; below 1 when other processes held them
 */
static int bench_scaling(const char *text)
{
	double sp[BENCH_PAIRS], eff[BENCH_PAIRS], busy[BENCH_PAIRS];
	double l0 = bench_load(), l1;

	for (int i = 0; i < BENCH_PAIRS; i++) {
		struct bench_cost a, b;

		if (bench_one("uni-sim", text, 1, 0, &a) ||
		    bench_one("uni-sim", text, 2, 0, &b))
			return 1;
		sp[i] = a.wall / b.wall;
		eff[i] = (a.cpu / a.sets) / (b.cpu / b.sets);
		busy[i] = b.cpu / (2 * b.wall);
	}
	l1 = bench_load();
	printf("exp-scaling threads=1->2 pairs=%d speedup=%.2fx (wall clock, "
	       "median) efficiency=%.3f (CPU per set, 1 thread / 2) "
	       "busy=%.2f (share of two cores the 2-thread runs got) "
	       "load=%.2f..%.2f on %ld CPUs\n", BENCH_PAIRS,
	       bench_median(sp, BENCH_PAIRS), bench_median(eff, BENCH_PAIRS),
	       bench_median(busy, BENCH_PAIRS), l0, l1,
	       sysconf(_SC_NPROCESSORS_ONLN));
	return 0;
}

/* Configuration 'name' selected by argv (all of them without arguments). */
static bool wanted(int argc, char **argv, const char *name)
{
	if (argc < 2)
		return true;
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], name))
			return true;
	return false;
}

int main(int argc, char **argv)
{
	char text[2048];
	struct bench_cost c;

	printf("exp-load load=%.2f on %ld CPUs\n", bench_load(),
	       sysconf(_SC_NPROCESSORS_ONLN));
	snprintf(text, sizeof(text), uni, 4000, "true");
	if (wanted(argc, argv, "uni-sim") &&
	    bench_one("uni-sim", text, 1, 10000, &c))
		return 1;
	snprintf(text, sizeof(text), uni, 20000, "false");
	if (wanted(argc, argv, "uni-tests") &&
	    bench_one("uni-tests", text, 1, 100000, &c))
		return 1;
	snprintf(text, sizeof(text), glob, 4000);
	if (wanted(argc, argv, "global") &&
	    bench_one("global", text, 1, 20000, &c))
		return 1;
	if (!wanted(argc, argv, "scaling"))
		return 0;
	snprintf(text, sizeof(text), uni, 2000, "true");
	return bench_scaling(text);
}
