/* bench_edf.c - uniprocessor EDF throughput and memory (make bench).
 *
 *   bench_edf                      every configuration, each in a fresh
 *                                  process (so peak RSS is its own)
 *   bench_edf TASKS JOBS           one run: TASKS periodic tasks, horizon
 *                                  chosen for about JOBS jobs
 *
 * Task sets: implicit deadlines, periods log-uniform in [10^4, 10^6]
 * ticks, U = 0.9 split by random weights (fixed seed), statistics on, no
 * sinks.  Each task count runs at two horizons 10x apart: jobs/s should
 * stay flat and maxrss_kb should not grow (memory O(tasks + pending jobs),
 * independent of the horizon).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "models/rng.h"
#include "models/task.h"
#include "sim/engine.h"

#include "bench/bench_common.h"

static int run_one(size_t n, double jobs_wanted)
{
	struct rt_task *t = calloc(n, sizeof(*t));
	double *w = calloc(n, sizeof(*w));
	double wsum, rate = 0, dt;
	struct rt_rng g;
	struct sim_config c;
	struct sim_engine *e = NULL;
	const struct sim_stats *st;
	struct rusage ru;

	if (!t || !w)
		return 1;
	rt_rng_seed(&g, 12345 + n);
	wsum = bench_weights(&g, w, n);
	for (size_t i = 0; i < n; i++) {
		rt_time T = bench_period(&g, 1e4);
		rt_time C = (rt_time)(0.9 * w[i] / wsum * (double)T);

		t[i] = rt_task_make("b", C > 0 ? C : 1, T, T);
		rate += 1.0 / (double)T;
	}
	memset(&c, 0, sizeof(c));
	c.tasks = t;
	c.ntasks = n;
	c.cpus = 1;
	c.policy = "edf";
	c.horizon = (rt_time)(jobs_wanted / rate);
	if (bench_run_timed("bench_edf", &c, &e, &dt))
		return 1;
	st = sim_engine_stats(e);
	getrusage(RUSAGE_SELF, &ru);
	printf("edf-uni tasks=%zu horizon=%lld jobs=%llu events=%llu "
	       "time=%.2fs jobs_per_s=%.1fM ratio_to_sol=%.3f events_per_s=%.1fM "
	       "misses=%llu maxrss_kb=%ld\n", n, (long long)c.horizon,
	       (unsigned long long)st->jobs, (unsigned long long)st->events,
	       dt, (double)st->jobs / dt / 1e6,
	       (double)st->jobs / dt / bench_sol_jps(),
	       (double)st->events / dt / 1e6,
	       (unsigned long long)st->misses, ru.ru_maxrss);
	fflush(stdout);
	sim_engine_destroy(e);
	free(t);
	free(w);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct { const char *tasks, *jobs; } cfgs[] = {
		{ "10", "4e6" },   { "10", "4e7" },
		{ "100", "3e6" },  { "100", "3e7" },
		{ "1000", "2e6" }, { "1000", "2e7" },
	};

	if (argc == 3)
		return run_one((size_t)strtoul(argv[1], NULL, 10),
			       strtod(argv[2], NULL));
	if (argc != 1) {
		fprintf(stderr, "usage: bench_edf [TASKS JOBS]\n");
		return 1;
	}
	printf("sol-loop tasks=10 jobs_per_s=%.1fM (every ratio_to_sol is to "
	       "this)\n", bench_sol_jps() / 1e6);
	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++) {
		char *args[] = { argv[0], (char *)cfgs[i].tasks,
				 (char *)cfgs[i].jobs, NULL };

		if (bench_spawn(args))
			return 1;
	}
	return 0;
}
