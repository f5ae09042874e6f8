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

struct cli_sim {
	struct sim_engine *e;
	const struct sim_stats *stats;  /* valid after cli_simulate */
	struct sim_horizon h;
	FILE *misses;                   /* struct cli_miss records, in order seen */
	uint64_t nmisses;
	uint64_t abort_seq;             /* job of the last ABORT record */
	bool abort_pending;             /* its MISS record is still to come */
};

/* Choose the horizon: 'until' (--until, RT_TIME_NEVER if absent), else the
 * scenario's 'horizon:', else sim_choose_horizon's default.  Prints errors;
 * returns an exit code. */
int cli_horizon(const struct scn_scenario *s, rt_time until,
		struct sim_horizon *h);
/* Simulate s over horizon h with extra sinks attached; 'progress' shows
 * progress on standard error during long runs.  Prints errors; returns an
 * exit code.  On success call cli_sim_fini when done. */
int cli_simulate(const struct scn_scenario *s, const struct sim_horizon *h,
		 const struct sim_sink *extra, size_t nextra, bool progress,
		 struct cli_sim *cs);
/* True when progress may be drawn: standard error is a terminal. */
bool cli_progress_wanted(bool quiet);
/* Read the next recorded miss; false at the end. */
bool cli_sim_next_miss(struct cli_sim *cs, struct cli_miss *m);
void cli_sim_fini(struct cli_sim *cs);

#endif /* CLI_SIMULATE_H */
