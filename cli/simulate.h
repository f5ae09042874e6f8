/* simulate.h - the simulation step shared by `run` and `analyze`. */
#ifndef CLI_SIMULATE_H
#define CLI_SIMULATE_H

#include <stdbool.h>
#include <stdio.h>

#include "cli/cli.h"
#include "sim/engine.h"
#include "sim/horizon.h"

/* One recorded deadline miss. */
struct cli_miss {
	uint32_t task;
	uint64_t job;
	rt_time release, deadline;
	rt_time finish;                 /* RT_TIME_NEVER: aborted or pending */
	rt_time tardiness;              /* finish - deadline; lower bound if pending */
	bool aborted;                   /* on_miss: abort removed it at its deadline */
};

/* One admission decision (ADMIT / REJECT record). */
struct cli_admission {
	rt_time time;
	uint32_t task;
	unsigned test;                  /* enum sim_admit_test */
	bool accept;
	bool has_bw;                    /* the policy keeps total_bw */
	uint64_t total_bw;              /* after the decision (2^20 = 1) */
};

/* Misses kept for listing (48 MiB of temporary file at most); the rest
 * are counted (nmisses) and the lists say how many were left out. */
#define CLI_MISSES_KEPT 1000000u

struct cli_sim {
	struct sim_engine *e;
	const unsigned *cluster;        /* task -> CPU/cluster (cli_place),
					 * NULL for global; borrowed */
	const struct sim_stats *stats;  /* valid after cli_simulate */
	struct sim_horizon h;
	FILE *misses;                   /* struct cli_miss records, in order seen */
	uint64_t nmisses;               /* all misses; the first
					 * CLI_MISSES_KEPT are listed */
	uint64_t abort_seq;             /* job of the last ABORT record */
	bool abort_pending;             /* its MISS record is still to come */
	bool partial;                   /* stopped early by SIGINT: stats cover
					 * [0, stats->now) only */
	struct cli_admission *adm;      /* admission decisions, in order */
	size_t nadm, adm_cap;
};

/* The binding of a partitioned, clustered or cpuset scenario's tasks to
 * their CPUs or clusters, as loading computed it (s->sched.task_cluster:
 * explicit cpu:, the rest packed by scheduler.partitioning; a task that
 * fits nowhere is a load error).  *out (ntasks entries from rt_calloc;
 * rt_free() it) is a copy, NULL when nothing needs binding (global placement, a single
 * cluster).  Prints errors; returns an exit code. */
int cli_place(const struct scn_scenario *s, unsigned **out);

/* When some task of s suspends (models/task.h), *out (ntasks entries
 * from rt_calloc; rt_free() it) is the suspension-oblivious task set the
 * admission tests, tardiness bounds and default horizons assume (rt_task_oblivious: C +
 * the suspension lengths); NULL when no task suspends.  Prints errors;
 * returns an exit code. */
int cli_oblivious(const struct scn_scenario *s, struct rt_task **out);

/* Choose the horizon: 'until' (--until, RT_TIME_NEVER if absent), else the
 * scenario's 'horizon:', else sim_choose_horizon's default (per CPU for a
 * partitioned scenario: 'cluster' is cli_place's result), computed on the
 * suspension-oblivious task set (cli_oblivious) when tasks suspend, and
 * then never exact.  Prints errors; returns an exit code. */
int cli_horizon(const struct scn_scenario *s, rt_time until,
		const unsigned *cluster, struct sim_horizon *h);
/* When h was capped (SIM_HORIZON_CAPPED), print one line to f after
 * 'indent' naming the cap, the hyperperiod (and the busy period) the
 * default rule wanted, and how to choose another length (--until /
 * horizon:); nothing otherwise. */
void cli_horizon_note(FILE *f, const struct scn_scenario *s,
		      const struct sim_horizon *h, const char *indent);
/* Simulate s over horizon h with extra sinks attached; 'cluster' is
 * cli_place's result (borrowed until cli_sim_fini); 'progress' shows
 * progress on standard error during long runs.  Prints errors; returns an
 * exit code.  On success call cli_sim_fini when done. */
int cli_simulate(const struct scn_scenario *s, const struct sim_horizon *h,
		 const unsigned *cluster, const struct sim_sink *extra,
		 size_t nextra, bool progress, struct cli_sim *cs);
/* The same, with the output files 'outs' (NULL: none) among the extra
 * sinks: a failure they cause is reported naming the file
 * (cli_outputs_explain).  A SIGINT during the run (cli/signals.h) stops it
 * early: CLI_EXIT_OK with cs->partial set. */
struct cli_outputs;
int cli_simulate_out(const struct scn_scenario *s, const struct sim_horizon *h,
		     const unsigned *cluster, const struct sim_sink *extra,
		     size_t nextra, const struct cli_outputs *outs,
		     bool progress, struct cli_sim *cs);
/* True when progress may be drawn: standard error is a terminal. */
bool cli_progress_wanted(bool quiet);
/* "edf", "fp (rate-monotonic)", and ", placement partitioned
 * (first-fit-decreasing)" / ", placement clustered (2 CPUs per cluster,
 * worst-fit)" / "" into buf, for headers. */
/* linux-dl: two lines (indent first) naming the kernel profile with its
 * rules, and how runtime is charged; nothing for other policies. */
void cli_linux_lines(const struct scn_scenario *s, const char *indent);
/* linux-dl: the same as JSON keys (", \"kernel\": ..."). */
void cli_linux_json(const struct scn_scenario *s);
const char *cli_sched_desc(const struct scn_scenario *s, char *buf,
			   size_t len);
/* The SIM_POLICY_* flags of the scenario's policy (sim/policy.h). */
unsigned cli_policy_flags(const struct scn_scenario *s);
/* Read the next recorded miss; false at the end. */
bool cli_sim_next_miss(struct cli_sim *cs, struct cli_miss *m);
void cli_sim_fini(struct cli_sim *cs);

#endif /* CLI_SIMULATE_H */
