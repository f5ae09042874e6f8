/* sol_loop.h - the speed-of-light reference loop every benchmark is
 * measured against (make bench): what a uniprocessor EDF simulation
 * cannot avoid -- a binary min-heap of next releases, a binary min-heap
 * of ready jobs by (deadline, task), one CPU, no statistics, no records.
 * It releases exactly the jobs dlsim releases (r < horizon).  Header
 * only, included by bench_common.h.
 *
 * bench_sol_jps() is its jobs/s on bench_sol's edf-uni-10 set (10 tasks
 * drawn as bench_edf draws them, seed 12345 + 10 + 1; 10^7 jobs), measured once per process tree: the first benchmark process
 * measures it and exports BENCH_SOL_JPS, which the configurations it
 * spawns (and later benchmarks of the same make bench) inherit. */
#ifndef BENCH_SOL_LOOP_H
#define BENCH_SOL_LOOP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "models/rng.h"
#include "models/rt_time.h"

/* Uses bench_weights() and bench_period() of bench_common.h. */

/* ---- task sets ---- */

struct sol_task {
	rt_time C, D, T;
};

/* Uniprocessor EDF sets as bench_edf draws them: implicit deadlines,
 * periods log-uniform in [10^4, 10^6], U = 'u' split by random weights. */
static inline struct sol_task *sol_tasks(size_t n, uint64_t seed, double u,
				  double lo, rt_time cmin, double *rate)
{
	struct sol_task *t = calloc(n, sizeof(*t));
	double *w = calloc(n, sizeof(*w));
	double wsum;
	struct rt_rng g;

	if (!t || !w) {
		free(t);
		free(w);
		return NULL;
	}
	rt_rng_seed(&g, seed);
	wsum = bench_weights(&g, w, n);
	*rate = 0;
	for (size_t i = 0; i < n; i++) {
		rt_time T = bench_period(&g, lo);
		rt_time C = (rt_time)(u * w[i] / wsum * (double)T);

		t[i].C = C > cmin ? C : cmin;
		t[i].D = t[i].T = T;
		*rate += 1.0 / (double)T;
	}
	free(w);
	return t;
}

/* ---- the reference loop ---- */

/* CPU seconds of this thread: on a shared machine, time waiting for a
 * core is not the program's cost (children: user + system from wait4). */
static inline double sol_cpu_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

struct sol_job {
	rt_time d;              /* absolute deadline */
	rt_time rem;            /* remaining demand */
	uint32_t task;
};

static inline int sol_job_less(const struct sol_job *a,
			       const struct sol_job *b)
{
	return a->d < b->d || (a->d == b->d && a->task < b->task);
}

static inline void sol_ready_push(struct sol_job *h, size_t *n, struct sol_job j)
{
	size_t i = (*n)++;

	while (i > 0 && sol_job_less(&j, &h[(i - 1) / 2])) {
		h[i] = h[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	h[i] = j;
}

static inline struct sol_job sol_ready_pop(struct sol_job *h, size_t *n)
{
	struct sol_job top = h[0], last = h[--*n];
	size_t i = 0;

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= *n)
			break;
		if (c + 1 < *n && sol_job_less(&h[c + 1], &h[c]))
			c++;
		if (!sol_job_less(&h[c], &last))
			break;
		h[i] = h[c];
		i = c;
	}
	if (*n)
		h[i] = last;
	return top;
}

/* Release heap: task indexes by next release time (ties: lower task). */
static inline int sol_rel_less(const rt_time *next, uint32_t a, uint32_t b)
{
	return next[a] < next[b] || (next[a] == next[b] && a < b);
}

static inline void sol_rel_down(uint32_t *h, size_t n, const rt_time *next)
{
	uint32_t x = h[0];
	size_t i = 0;

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= n)
			break;
		if (c + 1 < n && sol_rel_less(next, h[c + 1], h[c]))
			c++;
		if (!sol_rel_less(next, h[c], x))
			break;
		h[i] = h[c];
		i = c;
	}
	h[i] = x;
}

/* Minimal preemptive EDF on one CPU up to horizon H; returns the jobs
 * released (r < H) and the seconds taken in *dt.  Completions at an
 * instant come before releases at it, as in dlsim. */
static inline uint64_t sol_run(const struct sol_task *t, size_t n, rt_time H,
			double *dt)
{
	rt_time *next = malloc(n * sizeof(*next));
	uint32_t *rel = malloc(n * sizeof(*rel));
	struct sol_job *ready = malloc((n + 1) * sizeof(*ready));
	struct sol_job cur = { 0, 0, 0 };
	size_t nready = 0;
	bool running = false;
	rt_time now = 0, since = 0;
	uint64_t jobs = 0;
	double t0;

	if (!next || !rel || !ready)
		abort();
	for (size_t i = 0; i < n; i++) {
		next[i] = 0;
		rel[i] = (uint32_t)i;   /* all at 0: index order is a heap */
	}
	t0 = sol_cpu_s();
	for (;;) {
		rt_time tr = next[rel[0]];
		rt_time tc = running ? since + cur.rem : RT_TIME_NEVER;

		if (tc <= tr) {                 /* completion first */
			now = tc;
			running = nready > 0;
			if (running) {
				cur = sol_ready_pop(ready, &nready);
				since = now;
			}
			continue;
		}
		if (tr >= H)
			break;
		now = tr;
		{
			uint32_t i = rel[0];
			struct sol_job j = { now + t[i].D, t[i].C, i };

			jobs++;
			next[i] = now + t[i].T;
			sol_rel_down(rel, n, next);
			if (!running) {
				cur = j;
				since = now;
				running = true;
			} else if (sol_job_less(&j, &cur)) {
				cur.rem -= now - since;  /* preempt */
				sol_ready_push(ready, &nready, cur);
				cur = j;
				since = now;
			} else {
				sol_ready_push(ready, &nready, j);
			}
		}
	}
	*dt = sol_cpu_s() - t0;
	free(next);
	free(rel);
	free(ready);
	return jobs;
}

/* The 10-task reference set (bench_sol's edf-uni-10, seed 12345 + 10 + 1). */
static inline double bench_sol_jps(void)
{
	const char *env = getenv("BENCH_SOL_JPS");
	double rate, dt, jps;
	struct sol_task *t;
	uint64_t jobs;
	char buf[64];

	if (env && atof(env) > 0)
		return atof(env);
	t = sol_tasks(10, 12345 + 10 + 1, 0.9, 1e4, 1, &rate);
	if (!t)
		return 0;
	jobs = sol_run(t, 10, (rt_time)(1e7 / rate), &dt);
	free(t);
	jps = (double)jobs / dt;
	snprintf(buf, sizeof(buf), "%.6g", jps);
	setenv("BENCH_SOL_JPS", buf, 1);
	return jps;
}

#endif /* BENCH_SOL_LOOP_H */
