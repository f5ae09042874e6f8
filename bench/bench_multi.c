/* bench_multi.c - multicore throughput (make bench).
 *
 *   bench_multi                    every configuration below
 *   bench_multi CPUS TASKS JOBS [global|partitioned|clustered K] [edf|fp]
 *                                  one run
 *
 * Task sets: implicit deadlines, periods log-uniform in [10^4, 10^6]
 * ticks, U = load * CPUS split by random weights (fixed seed), each u_i
 * at most 1, synchronous periodic release, statistics on, no sinks.
 * Partitioned / clustered runs bind task i to CPU (cluster) i mod count.
 *
 * 1. global EDF, 16 CPUs, 200 tasks, load 0.75: jobs per second (target
 *    >= 2 M); the same tasks partitioned and clustered (4 x 4), and fp.
 * 2. event cost against m = 2, 8, 32, 128 CPUs, two ways:
 *    a. 512 tasks whatever m, load 0.75: what the CPUs alone cost;
 *    b. 4m tasks, load 0.95, so that every CPU stays busy and releases
 *       keep preempting: ns per event grows like log m (each preemption
 *       replaces the top of a max-heap of the m running jobs; the event
 *       queue and ready heap grow like log n = log 4m).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/rng.h"
#include "models/task.h"
#include "sim/engine.h"

#include "bench/bench_common.h"

struct bench_cfg {
	unsigned cpus;
	size_t tasks;
	double jobs;
	enum sim_placement place;
	unsigned k;                     /* clustered: CPUs per cluster */
	const char *policy;
	double load;                    /* U / cpus */
};

static int run_one(const struct bench_cfg *b, double *ns_per_event)
{
	struct rt_task *t = calloc(b->tasks, sizeof(*t));
	double *w = calloc(b->tasks, sizeof(*w));
	unsigned *cl = calloc(b->tasks, sizeof(*cl));
	double wsum, rate = 0, dt, target = b->load * b->cpus;
	struct rt_rng g;
	struct sim_config c;
	struct sim_engine *e = NULL;
	const struct sim_stats *st;
	uint64_t preempt = 0, migr = 0;
	unsigned nbins;

	if (!t || !w || !cl)
		return 1;
	rt_rng_seed(&g, 4242 + b->tasks * 131 + b->cpus);
	wsum = bench_weights(&g, w, b->tasks);
	nbins = b->place == SIM_PLACE_PARTITIONED ? b->cpus :
		b->place == SIM_PLACE_CLUSTERED ? b->cpus / b->k : 1;
	for (size_t i = 0; i < b->tasks; i++) {
		rt_time T = bench_period(&g, 1e4);
		double u = target * w[i] / wsum;
		rt_time C = (rt_time)((u < 1 ? u : 1) * (double)T);

		t[i] = rt_task_make("b", C > 0 ? C : 1, T, T);
		cl[i] = (unsigned)(i % nbins);
		rate += 1.0 / (double)T;
	}
	memset(&c, 0, sizeof(c));
	c.tasks = t;
	c.ntasks = b->tasks;
	c.cpus = b->cpus;
	c.policy = b->policy;
	c.placement = b->place;
	c.cluster_size = b->k;
	c.task_cluster = cl;
	c.priorities = RT_FP_RATE_MONOTONIC;
	c.horizon = (rt_time)(b->jobs / rate);
	if (bench_run_timed("bench_multi", &c, &e, &dt))
		return 1;
	st = sim_engine_stats(e);
	for (size_t i = 0; i < b->tasks; i++) {
		preempt += st->tasks[i].preemptions;
		migr += st->tasks[i].migrations;
	}
	*ns_per_event = dt * 1e9 / (double)st->events;
	printf("%s-%s cpus=%u tasks=%zu jobs=%llu events=%llu time=%.2fs "
	       "jobs_per_s=%.2fM ratio_to_sol=%.3f ns_per_event=%.1f "
	       "preempt_per_job=%.3f migr_per_job=%.3f misses=%llu\n", b->policy,
	       b->place == SIM_PLACE_GLOBAL ? "global" :
	       b->place == SIM_PLACE_PARTITIONED ? "partitioned" : "clustered",
	       b->cpus, b->tasks, (unsigned long long)st->jobs,
	       (unsigned long long)st->events, dt,
	       (double)st->jobs / dt / 1e6,
	       (double)st->jobs / dt / bench_sol_jps(), *ns_per_event,
	       (double)preempt / (double)st->jobs,
	       (double)migr / (double)st->jobs,
	       (unsigned long long)st->misses);
	fflush(stdout);
	sim_engine_destroy(e);
	free(t);
	free(w);
	free(cl);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct bench_cfg fixed[] = {
		{ 16, 200, 1e7, SIM_PLACE_GLOBAL, 16, "edf", 0.75 },
		{ 16, 200, 1e7, SIM_PLACE_PARTITIONED, 1, "edf", 0.75 },
		{ 16, 200, 1e7, SIM_PLACE_CLUSTERED, 4, "edf", 0.75 },
		{ 16, 200, 1e7, SIM_PLACE_GLOBAL, 16, "fp", 0.75 },
	};
	static const unsigned ms[] = { 2, 8, 32, 128 };
	double ns, base = 0;

	if (argc >= 4) {
		struct bench_cfg b = { (unsigned)strtoul(argv[1], NULL, 10),
				       (size_t)strtoul(argv[2], NULL, 10),
				       strtod(argv[3], NULL), SIM_PLACE_GLOBAL,
				       0, "edf", 0.75 };

		for (int i = 4; i < argc; i++) {
			if (!strcmp(argv[i], "partitioned"))
				b.place = SIM_PLACE_PARTITIONED;
			else if (!strcmp(argv[i], "clustered") && i + 1 < argc) {
				b.place = SIM_PLACE_CLUSTERED;
				b.k = (unsigned)strtoul(argv[++i], NULL, 10);
			} else if (!strcmp(argv[i], "fp") || !strcmp(argv[i], "edf"))
				b.policy = argv[i];
		}
		return run_one(&b, &ns);
	}
	if (argc != 1) {
		fprintf(stderr, "usage: bench_multi [CPUS TASKS JOBS "
			"[global|partitioned|clustered K] [edf|fp]]\n");
		return 1;
	}
	printf("sol-loop tasks=10 jobs_per_s=%.1fM (every ratio_to_sol is to "
	       "this)\n", bench_sol_jps() / 1e6);
	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		if (run_one(&fixed[i], &ns))
			return 1;
	for (int sweep = 0; sweep < 2; sweep++) {
		printf("-- event cost vs CPUs (global EDF, %s)\n", sweep ?
		       "4m tasks, U = 0.95 m" : "512 tasks, U = 0.75 m");
		for (size_t i = 0; i < sizeof(ms) / sizeof(ms[0]); i++) {
			struct bench_cfg b = { ms[i], sweep ? 4 * ms[i] : 512,
					       4e6, SIM_PLACE_GLOBAL, ms[i],
					       "edf", sweep ? 0.95 : 0.75 };

			if (run_one(&b, &ns))
				return 1;
			if (i == 0)
				base = ns;
			printf("m=%u ns_per_event=%.1f ratio_to_m2=%.2f "
			       "log2(m)=%.0f\n", ms[i], ns, ns / base,
			       log2((double)ms[i]));
		}
	}
	return 0;
}
