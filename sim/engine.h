/* engine.h - the discrete-event simulation engine (DESIGN 3).
 *
 * Time jumps from event to event (no tick loop).  Events live in an indexed
 * min-heap keyed by (time, rank, seq); at one instant every event is
 * handled first, then the dispatcher runs once.  Policies plug in through
 * struct sim_policy_ops (sim/policy.h).  Memory is O(tasks + pending jobs),
 * independent of the horizon.
 *
 * Horizon H: jobs whose release would be at r >= H are never released; the
 * run handles every event at t <= H (completions at H count), then reports
 * jobs still pending: a MISS if their deadline is <= H, UNFINISHED always.
 */
#ifndef SIM_ENGINE_H
#define SIM_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/analysis_fp.h"
#include "models/rt_err.h"
#include "models/task.h"
#include "sim/trace.h"

enum sim_on_miss {
	SIM_ON_MISS_CONTINUE = 0,       /* late jobs run to completion */
	SIM_ON_MISS_ABORT               /* a job is removed at its deadline */
};

enum sim_tie_break {
	SIM_TIE_TASK_ORDER = 0,         /* equal keys: lower task index first */
	SIM_TIE_FIFO                    /* equal keys: earlier release first */
};

/*
 * Placement (DESIGN 3): the CPUs are split into clusters of k consecutive
 * CPUs (cluster c is CPUs c*k .. c*k + k - 1) and each cluster runs the
 * policy over its own runqueue, with every task bound to one cluster:
 *
 *   global       k = cpus: one runqueue for all CPUs
 *   partitioned  k = 1: one runqueue per CPU, task_cluster[i] = its CPU;
 *                its jobs never migrate
 *   clustered    k = cluster_size (cpus % k == 0), task_cluster[i] = its
 *                cluster; jobs migrate only inside it
 *
 * The assignment is an input (computed by the caller, e.g. with
 * models/placement.h), never decided inside sim/.
 */
enum sim_placement {
	SIM_PLACE_GLOBAL = 0,
	SIM_PLACE_PARTITIONED,
	SIM_PLACE_CLUSTERED
};

struct sim_config {
	const struct rt_task *tasks;    /* borrowed for the engine's life */
	size_t ntasks;
	unsigned cpus;                  /* >= 1 */
	const char *policy;             /* registry name, e.g. "edf" */
	enum sim_on_miss on_miss;
	enum sim_tie_break tie_break;
	rt_time horizon;                /* > 0 */
	uint64_t seed;                  /* random arrival/exec models */
	/* Placement (zero: global). */
	enum sim_placement placement;
	unsigned cluster_size;          /* clustered: k >= 1 dividing cpus;
					 * ignored otherwise */
	const unsigned *task_cluster;   /* ntasks entries, borrowed for the
					 * engine's life: partitioned, the
					 * task's CPU; clustered, its cluster
					 * index (< cpus / k).  May be NULL
					 * with global placement or a single
					 * cluster (all tasks in cluster 0) */
	/* Policy fp: how static priorities are assigned (zero: DM). */
	enum rt_fp_order priorities;
};

struct sim_task_stats {
	uint64_t released, completed, missed, aborted;
	uint64_t preemptions;           /* running, unfinished job displaced
					 * by another job */
	uint64_t migrations;            /* resumed on another CPU */
	rt_time max_response;           /* 0 if none completed */
	rt_time max_tardiness;          /* 0 if no miss; includes the lower
					 * bounds of jobs pending at H */
	rt_u128 sum_response;           /* over completed jobs */
	rt_u128 sum_tardiness;          /* over completed jobs (0 when on time) */
};

struct sim_cpu_stats {
	rt_time busy;                   /* time spent executing jobs */
};

struct sim_miss {
	uint32_t task;
	uint64_t job;
	rt_time release, deadline;
	rt_time finish;                 /* RT_TIME_NEVER: still pending at H */
	rt_time tardiness;
};

struct sim_stats {
	rt_time horizon;
	rt_time now;                    /* time reached (== horizon when done) */
	uint64_t jobs;                  /* released */
	uint64_t completed;
	uint64_t misses;                /* jobs that missed (incl. pending at H) */
	uint64_t events;                /* events handled (for benchmarks) */
	rt_time max_tardiness;          /* over all misses (as per task) */
	bool has_first_miss;
	struct sim_miss first_miss;     /* earliest deadline among misses */
	size_t ntasks, ncpus;
	struct sim_task_stats *tasks;   /* ntasks entries, owned by the engine */
	struct sim_cpu_stats *cpu;      /* ncpus entries, owned by the engine */
};

struct sim_engine;

/* Build an engine for cfg (checks every task with rt_task_check and the
 * policy name).  On success *out is owned by the caller (destroy with
 * sim_engine_destroy); on failure *out is untouched and d says why.
 * cfg is copied; cfg->tasks (and the arrays they point to) are borrowed
 * for the engine's life (so is cfg->task_cluster); cfg->policy is not
 * kept.  RT_ERR_INVAL (d names the field or task) for a bad placement: an
 * unknown value, a cluster_size that does not divide cpus, a missing or
 * out-of-range task_cluster. */
enum rt_err sim_engine_create(const struct sim_config *cfg,
			      struct sim_engine **out, struct rt_diag *d);
void sim_engine_destroy(struct sim_engine *e);          /* NULL is a no-op */

/* Attach a sink (copied; ctx borrowed).  Before sim_engine_run only
 * (RT_ERR_INVAL after, or if s or s->emit is NULL). */
enum rt_err sim_engine_add_sink(struct sim_engine *e, const struct sim_sink *s);

/* Run to the horizon, once.  Returns RT_OK (misses are results), or the
 * first error from a sink, RT_ERR_OVERFLOW (a job's deadline a_k + D
 * does not fit in rt_time), RT_ERR_NOMEM, with d filled; statistics are
 * then those reached so far and the engine can only be destroyed.  A
 * second call returns RT_ERR_INVAL. */
enum rt_err sim_engine_run(struct sim_engine *e, struct rt_diag *d);

/* Run in steps: handle every event before 'pause' (and decide the last
 * instant before it), then return RT_OK with *finished = false; call again
 * with a later 'pause' to go on.  When the horizon is reached the run ends
 * as sim_engine_run does and *finished = true.  Statistics are readable
 * between steps (e.g. for progress reports); sim_engine_run is
 * sim_engine_run_until(e, RT_TIME_NEVER, ...). */
enum rt_err sim_engine_run_until(struct sim_engine *e, rt_time pause,
				 bool *finished, struct rt_diag *d);

/* Statistics so far; valid until sim_engine_destroy. */
const struct sim_stats *sim_engine_stats(const struct sim_engine *e);

#endif /* SIM_ENGINE_H */
