/* compare.h - a measured schedule against the simulated one
 * (`dlsim compare TRACE.txt SCENARIO.yaml`).
 *
 * 1. Read the trace (render/ftrace_read.h) and keep the events of the
 *    scenario's tasks, matched by comm: the task's name cut to 15 bytes
 *    (blanks and ':' as '_'), or rt-app's "NAME-<n>"; once matched, by pid.
 * 2. Rebuild each task's jobs: a wake-up of a sleeping task that is not in
 *    a job releases one (sched_waking or sched_wakeup, the first of the
 *    two); its first switch-in starts it; it finishes when the task goes
 *    to sleep (a switch-out with a state other than R/R+) for the
 *    (m + 1)-th time, m being the suspension points the job meets
 *    (models/task.h: points before its demand).  A job still active when
 *    the trace ends is unfinished.  Times are rebased so that the first
 *    release is 0; with time_unit tick, 1 us of trace is 1 tick.
 * 3. The caller simulates the scenario with those releases (each task's
 *    arrivals replaced by the observed release list; demands, policy,
 *    placement as in the scenario) up to the end of the trace.  A
 *    release the trace rounded to the microsecond (time unit ns) is
 *    simulated at the scenario's own release of the task when that lies
 *    less than 1 us from it (render_cmp.rounded counts the others).
 * 4. Per task: observed and simulated response times (min, median, max),
 *    misses (finish, or the end of the trace, past release + D), and the
 *    largest |observed - simulated| response with its job and release;
 *    differences up to the trace's resolution (1 us, trace-cmd rounds to
 *    it; 0 with ticks) count as none.  Inferred job ends (below) add
 *    rounded run lengths; render_cmp.inferred counts them.
 *
 * A periodic task that does not sleep between two jobs (it overran: the
 * next release had come) shows no boundary in the trace; it is inferred:
 * once the job has met its suspension points, it ends when the scenario's
 * demand for it has run and the next release (one period later) goes on
 * at once.  A job
 * aborted by on_miss: abort ends at its abort in the simulation (a trace
 * shows the task going to sleep there).
 */
#ifndef RENDER_COMPARE_H
#define RENDER_COMPARE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "models/rt_err.h"
#include "models/rt_time.h"
#include "render/meta.h"
#include "sim/trace.h"

struct render_cmp_job {
	rt_time release;                /* rebased, internal unit */
	rt_time obs_start, obs_finish;  /* RT_TIME_NEVER: not seen */
	rt_time sim_start, sim_finish;  /* RT_TIME_NEVER: not in the run */
};

/* One stretch of execution, observed or simulated. */
struct render_cmp_run {
	uint32_t task;
	uint64_t job;
	int cpu;
	rt_time from, to;
};

struct render_cmp_task {
	size_t njobs;
	struct render_cmp_job *jobs;    /* owned */
	uint64_t obs_done, sim_done;    /* jobs that finished */
	uint64_t obs_miss, sim_miss;
	rt_time obs_min, obs_med, obs_max;      /* responses of finished jobs;
						 * RT_TIME_NEVER if none */
	rt_time sim_min, sim_med, sim_max;
	rt_time max_div;                /* largest |obs - sim| response */
	size_t max_div_job;             /* its job index (if njobs > 0) */
	int pid;                        /* matched pid, -1 if none */
};

/* What compare needs of the scenario (borrowed, outlives the compare). */
struct render_cmp_input {
	const struct rt_task *tasks;
	size_t ntasks;
	unsigned cpus;
	bool ticks;                     /* time_unit tick: 1 us of trace = 1 */
};

struct render_cmp_sim;

struct render_cmp {
	struct render_cmp_input in;
	struct render_cmp_sim *sim;            /* the simulated side's recorder */
	struct rt_task *sim_tasks;      /* render_cmp_sim_tasks, owned */
	rt_time **sim_rel;
	size_t ntasks;
	struct render_cmp_task *tasks;  /* owned, one per scenario task */
	int64_t origin_ns;              /* trace time of the rebased 0 */
	rt_time end;                    /* rebased end of the trace */
	rt_time resolution;             /* differences up to this are equal:
					 * 1 us (trace-cmd's rounding) in ns
					 * scenarios, 0 with ticks */
	uint64_t events, used;          /* sched events read, of our tasks */
	uint64_t inferred;              /* job ends inferred from run lengths
					 * (overruns, no sleep between jobs) */
	uint64_t rounded;               /* releases simulated at the trace's
					 * rounded instant (no scenario
					 * release within 1 us; 0 with ticks) */
	bool diverged;                  /* some job differs */
	size_t div_task, div_job;       /* the largest divergence (among
					 * equals the earliest release, then
					 * lowest task, then lowest job) */
	rt_time div;
	struct render_cmp_run *obs_runs, *sim_runs;     /* owned */
	size_t nobs_runs, nsim_runs;
};

/* The steps (the caller runs the engine, so that the simulation is the
 * same pipeline as `dlsim run`):
 *
 *	render_cmp_read(f, "t.txt", &in, &c, &d);      trace -> measured jobs
 *	render_cmp_sim_tasks(c, &tasks, &d);            arrivals := releases
 *	... run the engine on 'tasks' (the scenario otherwise unchanged) up to
 *	    render_cmp_horizon(c), with render_cmp_sim_sink(c) attached ...
 *	render_cmp_finish(c, &d);                       statistics, divergence
 *	render_cmp_free(c);
 *
 * render_cmp_read: f borrowed, name for messages.  RT_ERR_PARSE for a bad
 * trace or one with no event of the tasks, RT_ERR_IO, RT_ERR_NOMEM; *out
 * owned by the caller. */
enum rt_err render_cmp_read(FILE *f, const char *name,
			    const struct render_cmp_input *in,
			    struct render_cmp **out, struct rt_diag *d);
/* The input tasks with their arrivals replaced by the measured releases
 * (lists, offset and jitter 0); owned by c. */
enum rt_err render_cmp_sim_tasks(struct render_cmp *c,
				 const struct rt_task **out, struct rt_diag *d);
/* The end of the trace plus its resolution (>= 1). */
rt_time render_cmp_horizon(const struct render_cmp *c);
/* Records the simulated jobs and runs (tasks indexed as the input). */
struct sim_sink render_cmp_sim_sink(struct render_cmp *c);
/* After the run: statistics and divergence. */
enum rt_err render_cmp_finish(struct render_cmp *c, struct rt_diag *d);
void render_cmp_free(struct render_cmp *c);     /* NULL is a no-op */

/* Does trace comm match task name (rule 1 above)? */
bool render_cmp_comm_matches(const char *comm, const char *name);



#include "render/gantt.h"

/* Draw the measured schedule (rows "NAME measured", CPUs 0..m-1) above the
 * simulated one (rows "NAME simulated", CPUs m..2m-1) in one chart, with
 * the Gantt recorder (render/gantt.h) and its options o; m0 is the run's
 * metadata (scenario, units, tasks).  The file's format by extension. */
enum rt_err render_cmp_gantt(const struct render_cmp *c,
			     const struct render_meta *m0,
			     const struct render_gantt_opts *o,
			     const char *path, struct rt_diag *d);
/* The same into the open stream f (NULL: into path); path gives the
 * format and names the chart in messages. */
enum rt_err render_cmp_gantt_stream(const struct render_cmp *c,
				    const struct render_meta *m0,
				    const struct render_gantt_opts *o,
				    const char *path, FILE *f,
				    struct rt_diag *d);
#endif /* RENDER_COMPARE_H */
