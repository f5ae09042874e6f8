/* sched_check.h - the replaying invariant checker of the engine's
 * property suites (test_prop.c: one cluster, EDF; test_multi_random.c:
 * clusters, partitions, EDF and FP; test_cbs_prop.c: servers;
 * test_suspend.c: self-suspensions under edf, fp, linux-dl, edf-split).
 *
 * A sink that replays every record of a run (mask SIM_MASK_ALL) and
 * verifies, at every record and at every instant:
 *   - records come in time order and none after END, END at the horizon;
 *   - no CPU runs two jobs and no job runs on two CPUs;
 *   - a job starts only when its predecessor of the same task is done
 *     (sequentiality), only after its release, only on a CPU of its
 *     task's cluster (its CPU, partitioned), and on another CPU than the
 *     last one only after a MIGRATE; partitioned tasks never migrate;
 *   - release records agree with the task (deadline = arrival + D,
 *     0 <= release - arrival <= jitter, inter-arrival >= T unless the
 *     arrivals are a list), record values agree with the replayed state
 *     (remaining demand, response, tardiness, previous CPU), executed
 *     time == demand at completion, ABORT only under on_miss abort and at
 *     max(deadline, release);
 *   - after each instant's dispatch, per cluster of k CPUs: the number of
 *     running jobs is min(k, tasks with a pending job) (work conservation)
 *     and no waiting job is strictly more urgent than a running one (EDF:
 *     absolute deadline; FP: the rank of c->priorities, ties by index),
 *     checked for the policies edf and fp without servers (a suspended
 *     head job is not pending);
 *   - suspensions (test_suspend.c): a job never runs while suspended; it
 *     suspends when its executed demand reaches the next point's 'after'
 *     (< demand), for the point's length, and resumes (off CPU, with its
 *     remaining demand) exactly then; at completion it met every point
 *     before its demand;
 *   - with servers (o->servers: test_cbs_prop.c, linux-dl in
 *     test_suspend.c): a job of a throttled server never starts; server
 *     and admission records are accepted (without, they are failures);
 * and sc_stats() checks that the engine's statistics equal what the
 * records add up to (CPU busy time == executed demand, per-task counts,
 * migrations, misses, maximum tardiness) and that every job that ran and
 * did not finish was reported UNFINISHED.
 */
#ifndef TESTS_SCHED_CHECK_H
#define TESTS_SCHED_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/task.h"
#include "sim/engine.h"

#define SC_MAXT 12                      /* tasks */
#define SC_MAXCPU 8                     /* CPUs */
#define SC_MAXSRV 16                    /* servers */

struct sc_job {
	rt_time arrival, release, deadline, demand;
	rt_time executed;               /* replayed from START..stop */
	int cpu;                        /* running on, -1 if not */
	int last_cpu;                   /* -1 if never ran */
	bool done;                      /* completed or aborted */
	bool unfinished;                /* UNFINISHED seen */
	bool suspended;
	uint32_t nsusp;                 /* suspensions so far */
	rt_time wake;                   /* expected RESUME time */
};

struct sc_opts {
	/* Server records are expected (policies with servers, linux-dl):
	 * task_server maps each task to its server (< SC_MAXSRV) or -1; NULL
	 * makes each task its own server (linux-dl). */
	bool servers;
	const int32_t *task_server;
};

struct sc_task {
	struct sc_job *j;
	size_t n, cap;
	size_t head;                    /* first job not done */
	uint64_t completed, missed, aborted, migrations;
	rt_time max_tard;
	int64_t rank;                   /* fp: how many tasks precede it */
};

struct sc_check {
	const struct sim_config *c;
	unsigned k;                     /* CPUs per cluster */
	struct sc_opts o;
	bool order;                     /* per-instant checks apply */
	bool throttled[SC_MAXSRV];
	uint64_t count[SIM_REC__COUNT]; /* records seen, by kind */
	struct sc_task t[SC_MAXT];
	struct {
		bool busy;
		uint32_t task;
		uint64_t job;
		rt_time since;
	} cpu[SC_MAXCPU];
	rt_time busy[SC_MAXCPU];
	rt_time last;                   /* time of the previous record */
	rt_time max_tard;
	uint64_t misses, records;
	bool ended;
	int fails;
	char why[200];                  /* the first failure */
};

/* Start checking a run of c (which must outlive the checker; at most
 * SC_MAXT tasks and SC_MAXCPU CPUs).  k is derived from the placement.
 * o: NULL for none (plain jobs). */
void sc_init(struct sc_check *k, const struct sim_config *c,
	     const struct sc_opts *o);

/* The sink's emit (ctx: the checker); always RT_OK. */
enum rt_err sc_emit(void *ctx, const struct sim_rec *r);

/* Record a failure (first one kept in k->why); r may be NULL. */
void sc_fail(struct sc_check *k, const char *what, const struct sim_rec *r);

/* After the run: the statistics equal what the records added up to. */
void sc_stats(struct sc_check *k, const struct sim_stats *st);

/* Create an engine for c, run it through the checker and check its
 * statistics (any error of create/add/run is a failure).  Returns
 * k->fails; the caller prints k->why with its seed and calls sc_free. */
int sc_run(struct sc_check *k, const struct sim_config *c,
	   const struct sc_opts *o);

void sc_free(struct sc_check *k);

#endif /* TESTS_SCHED_CHECK_H */
