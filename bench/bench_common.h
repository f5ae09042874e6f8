/* bench_common.h - what the benchmarks share: a monotonic clock, a timed
 * engine run, and running one configuration in a child process (so that
 * its peak RSS is its own).  Header only: make builds each bench .c file as
 * its own program. */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "models/rng.h"
#include "sim/engine.h"

/* Task-set helpers (the draws are the benchmarks' fixed workload: keep
 * their order).  w[i] = 0.1 + U[0, 1); returns their sum. */
static inline double bench_weights(struct rt_rng *g, double *w, size_t n)
{
	double wsum = 0;

	for (size_t i = 0; i < n; i++)
		wsum += w[i] = 0.1 + rt_rng_unit(g);
	return wsum;
}

/* A period log-uniform in [lo, 100 lo]. */
static inline rt_time bench_period(struct rt_rng *g, double lo)
{
	return (rt_time)exp(log(lo) + rt_rng_unit(g) * log(100.0));
}

/* This thread's CPU seconds: on a shared machine, time spent waiting
 * for a core is not the engine's cost. */
static inline double bench_cpu_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The whole process's CPU seconds (every thread): the cost of a run on
 * several threads. */
static inline double bench_proc_cpu_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The median of v[0..n) (n >= 1), sorting v: v[0] is then the least. */
static inline int bench_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static inline double bench_median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), bench_cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Seconds on the monotonic clock. */
static inline double bench_now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Create an engine for c and run it, timing the run (CPU time) into *dt.  0 with
 * the engine in *e (caller destroys), or 1 after printing "prog: why". */
static inline int bench_run_timed(const char *prog,
				  const struct sim_config *c,
				  struct sim_engine **e, double *dt)
{
	struct rt_diag d;
	enum rt_err err;
	double t0;

	*e = NULL;
	if (sim_engine_create(c, e, &d) != RT_OK) {
		fprintf(stderr, "%s: %s\n", prog, d.msg);
		return 1;
	}
	t0 = bench_cpu_s();
	err = sim_engine_run(*e, &d);
	*dt = bench_cpu_s() - t0;
	if (err) {
		fprintf(stderr, "%s: %s\n", prog, d.msg);
		sim_engine_destroy(*e);
		*e = NULL;
		return 1;
	}
	return 0;
}

/* Run argv[0] with argv (NULL-terminated) in a child process and wait;
 * 0 if it exited with status 0, else 1. */
static inline int bench_spawn(char *const argv[])
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return 1;
	if (pid == 0) {
		execv(argv[0], argv);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		return 1;
	return 0;
}

#include "bench/sol_loop.h"

#endif /* BENCH_COMMON_H */
