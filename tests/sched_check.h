/* sched_check.h - the replaying invariant checker of the engine's
 * property suites (test_prop.c: one cluster, EDF, statistics;
 * test_multi_random.c: clusters, partitions, EDF and FP).
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
 *     absolute deadline; FP: the rank of c->priorities, ties by index);
 *   - with servers (task_server given, test_cbs_prop.c): a job of a
 *     throttled server never starts; server records are accepted; the
 *     per-instant checks above are left out (a throttled server's jobs
 *     wait on purpose, so neither work conservation nor the plain EDF
 *     order hold);
 * and sc_stats() checks that the engine's statistics equal what the
 * records add up to (CPU busy time == executed demand, per-task counts,
 * migrations, misses, maximum tardiness).
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
	const int32_t *task_server;     /* per task: server, -1; or NULL */
	bool throttled[SC_MAXSRV];
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
 * task_server: NULL without servers, else each task's server index
 * (< SC_MAXSRV) or -1 (the scenario's scn_scenario.task_server). */
void sc_init(struct sc_check *k, const struct sim_config *c,
	     const int32_t *task_server);

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
	   const int32_t *task_server);

void sc_free(struct sc_check *k);

#endif /* TESTS_SCHED_CHECK_H */
