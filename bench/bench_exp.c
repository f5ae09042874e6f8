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
 * 4. scaling:   configuration 1 with 1 and 2 threads (wall clock);
 *               target >= 1.8x on two idle cores.
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

/* Run the experiment text with 'threads'; sets per CPU-second (wall:
 * per wall-clock second), or -1 on error. */
static double bench_one(const char *name, const char *text, unsigned threads,
			double target, bool wall)
{
	struct bench_sum sum;
	struct sim_exp_hooks h = { &sum, bench_point, NULL, NULL };
	struct rt_exp_slice sl = { 1, 1 };
	struct rt_exp *x = NULL;
	struct rt_diag d = { "" };
	bool stopped;
	double t0, c0, dt, dc, rate;

	memset(&sum, 0, sizeof(sum));
	if (scn_exp_load_data((const uint8_t *)text, strlen(text), name, &x,
			      &d) != RT_OK) {
		fprintf(stderr, "bench_exp: %s\n", d.msg);
		return -1;
	}
	t0 = bench_now_s();
	c0 = bench_proc_cpu_s();
	if (sim_exp_run(x, &sl, NULL, threads, &h, NULL, &stopped, &d) != RT_OK) {
		fprintf(stderr, "bench_exp: %s\n", d.msg);
		rt_exp_free(x);
		return -1;
	}
	dt = bench_now_s() - t0;
	dc = bench_proc_cpu_s() - c0;
	rate = (double)sum.all.sets / dc;
	printf("exp-%s threads=%u sets=%llu time=%.2fs cpu=%.2fs "
	       "sets_per_core_s=%.0f sets_per_s=%.0f redraws_per_set=%.2f "
	       "missed=%llu%s\n", name, threads,
	       (unsigned long long)sum.all.sets, dt, dc, rate,
	       (double)sum.all.sets / dt,
	       (double)sum.all.redrawn / (double)sum.all.sets,
	       (unsigned long long)sum.all.missed,
	       target > 0 ? (rate >= target ? " (target met)" : " (BELOW target)")
			  : "");
	rt_exp_free(x);
	return wall ? (double)sum.all.sets / dt : rate;
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
	double r1, r2;

	snprintf(text, sizeof(text), uni, 4000, "true");
	if (wanted(argc, argv, "uni-sim") &&
	    bench_one("uni-sim", text, 1, 10000, false) < 0)
		return 1;
	snprintf(text, sizeof(text), uni, 20000, "false");
	if (wanted(argc, argv, "uni-tests") &&
	    bench_one("uni-tests", text, 1, 100000, false) < 0)
		return 1;
	snprintf(text, sizeof(text), glob, 4000);
	if (wanted(argc, argv, "global") &&
	    bench_one("global", text, 1, 20000, false) < 0)
		return 1;
	if (!wanted(argc, argv, "scaling"))
		return 0;
	snprintf(text, sizeof(text), uni, 4000, "true");
	r1 = bench_one("uni-sim", text, 1, 0, true);
	r2 = bench_one("uni-sim", text, 2, 0, true);
	if (r1 < 0 || r2 < 0)
		return 1;
	printf("exp-scaling threads=1->2 speedup=%.2fx (wall clock; needs two "
	       "idle cores)\n", r2 / r1);
	return 0;
}
