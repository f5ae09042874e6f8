/* bench_cbs.c - CBS server throughput (make bench).
 *
 *   bench_cbs                      the standard runs: 100 servers, soft
 *                                  and hard CBS, and linux-dl with 100
 *                                  tasks, each for about 3 M and 30 M jobs
 *   bench_cbs KIND SERVERS JOBS    one run; KIND cbs | hard-cbs |
 *                                  revised-cbs | grub | linux-dl |
 *                                  linux-dl-tick
 *
 * Work load (fixed seed): SERVERS servers on one CPU, each serving one
 * periodic task; periods log-uniform in [10^4, 10^6] ticks (linux-dl: ns,
 * in [1, 100] ms), bandwidths Q/T summing to 0.9 by random weights; each
 * task declares C = Q but its jobs demand U[C/2, 5C/4], so a third of
 * the jobs overrun and exhaust their budget (postponement or throttle).
 * linux-dl runs with rt_runtime_us = -1 (linux-dl-tick: accounting:
 * tick, HZ = 250, so overruns of up to 4 ms are noticed at the tick and
 * repaid by the replenishment loop); its server misses are the
 * kernel's own artifacts (a wake-up with less than 1024 ns of runtime
 * left and d = now keeps the stale deadline: dl_entity_overflow() works
 * at 2^10 ns), each under 2 us.
 * Statistics on, no sinks.  What to look for: jobs_per_s (>= 3 M per
 * core is the target for 100 servers) flat across the two horizons, and
 * maxrss_kb not growing with the horizon.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "models/linux_dl.h"
#include "models/rng.h"
#include "models/server.h"
#include "models/task.h"
#include "sim/engine.h"

#include "bench/bench_common.h"

static int run_one(const char *kind, size_t n, double jobs_wanted)
{
	bool tick = !strcmp(kind, "linux-dl-tick");
	bool linux_dl = tick || !strcmp(kind, "linux-dl");
	struct rt_dl_rules rules = *rt_dl_profile("6.6");
	struct rt_task *t = calloc(n, sizeof(*t));
	struct rt_server *sv = calloc(n, sizeof(*sv));
	int32_t *ts = calloc(n, sizeof(*ts));
	double *w = calloc(n, sizeof(*w));
	double wsum, rate = 0, dt, lo = linux_dl ? 1e6 : 1e4;
	struct rt_rng g;
	struct sim_config c;
	struct sim_engine *e = NULL;
	const struct sim_stats *st;
	struct rusage ru;
	uint64_t exh = 0;

	if (!t || !sv || !ts || !w)
		return 1;
	rt_rng_seed(&g, 777 + n);
	wsum = bench_weights(&g, w, n);
	for (size_t i = 0; i < n; i++) {
		rt_time T = bench_period(&g, lo);
		rt_time Q = (rt_time)(0.9 * w[i] / wsum * (double)T);

		if (Q < (linux_dl ? 1024 : 2))
			Q = linux_dl ? 1024 : 2;
		t[i] = rt_task_make("b", Q, T, T);
		t[i].exec = RT_EXEC_UNIFORM;
		t[i].exec_min = Q / 2;
		t[i].exec_max = Q + Q / 4;
		sv[i] = rt_server_make("s", Q, T, T);
		if (!strcmp(kind, "hard-cbs"))
			sv[i].kind = RT_SERVER_HARD_CBS;
		else if (!strcmp(kind, "revised-cbs"))
			sv[i].kind = RT_SERVER_REVISED_CBS;
		else if (!strcmp(kind, "grub"))
			sv[i].reclaim = RT_RECLAIM_GRUB;
		ts[i] = (int32_t)i;
		rate += 1.0 / (double)T;
	}
	memset(&c, 0, sizeof(c));
	c.tasks = t;
	c.ntasks = n;
	c.cpus = 1;
	c.policy = linux_dl ? "linux-dl" : "cbs";
	if (!linux_dl) {
		c.servers = sv;
		c.nservers = n;
		c.task_server = ts;
	} else {
		c.rt_runtime_us = -1;
		rules.accounting = tick ? RT_DL_ACCT_TICK : RT_DL_ACCT_EXACT;
		rules.hz = 250;
		c.dl_rules = &rules;
	}
	c.horizon = (rt_time)(jobs_wanted / rate);
	if (bench_run_timed("bench_cbs", &c, &e, &dt))
		return 1;
	st = sim_engine_stats(e);
	for (size_t i = 0; i < st->nservers; i++)
		exh += st->servers[i].budget_exhaustions;
	getrusage(RUSAGE_SELF, &ru);
	printf("%s servers=%zu horizon=%lld jobs=%llu events=%llu "
	       "exhaustions=%llu time=%.2fs jobs_per_s=%.1fM ratio_to_sol=%.3f "
	       "events_per_s=%.1fM server_misses=%llu maxrss_kb=%ld\n", kind, n,
	       (long long)c.horizon, (unsigned long long)st->jobs,
	       (unsigned long long)st->events, (unsigned long long)exh, dt,
	       (double)st->jobs / dt / 1e6,
	       (double)st->jobs / dt / bench_sol_jps(),
	       (double)st->events / dt / 1e6,
	       (unsigned long long)st->server_misses, ru.ru_maxrss);
	fflush(stdout);
	sim_engine_destroy(e);
	free(t);
	free(sv);
	free(ts);
	free(w);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct { const char *kind, *n, *jobs; } cfgs[] = {
		{ "cbs", "100", "3e6" },      { "cbs", "100", "3e7" },
		{ "hard-cbs", "100", "3e6" }, { "hard-cbs", "100", "3e7" },
		{ "grub", "100", "3e6" },
		{ "linux-dl", "100", "3e6" },
		{ "linux-dl-tick", "100", "3e6" },
	};

	if (argc == 4)
		return run_one(argv[1], (size_t)strtoul(argv[2], NULL, 10),
			       strtod(argv[3], NULL));
	if (argc != 1) {
		fprintf(stderr, "usage: bench_cbs [KIND SERVERS JOBS]\n");
		return 1;
	}
	printf("sol-loop tasks=10 jobs_per_s=%.1fM (every ratio_to_sol is to "
	       "this)\n", bench_sol_jps() / 1e6);
	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++) {
		char *args[] = { argv[0], (char *)cfgs[i].kind,
				 (char *)cfgs[i].n, (char *)cfgs[i].jobs, NULL };

		if (bench_spawn(args))
			return 1;
	}
	return 0;
}
