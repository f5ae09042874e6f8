/* simulate.h - the simulation step shared by `run` and `analyze`. */
#ifndef CLI_SIMULATE_H
#define CLI_SIMULATE_H

#include <stdbool.h>
#include <stdio.h>

#include "cli/cli.h"
#include "sim/engine.h"
#include "sim/horizon.h"

/* One admission decision (ADMIT / REJECT record). */
struct cli_admission {
	rt_time time;
	uint32_t task;
	unsigned test;                  /* enum sim_admit_test */
	bool accept;
};

struct cli_sim {
	struct sim_engine *e;
	const struct sim_stats *stats;  /* valid after cli_simulate */
	struct sim_horizon h;
	FILE *misses;                   /* struct sim_miss records, in order seen */
	uint64_t nmisses;
	struct cli_admission *adm;      /* admission decisions, in order */
	size_t nadm, adm_cap;
};

/* Choose the horizon: 'until' (--until, RT_TIME_NEVER if absent), else the
 * scenario's 'horizon:', else sim_choose_horizon's default.  Prints errors;
 * returns an exit code. */
int cli_horizon(const struct scn_scenario *s, rt_time until,
		struct sim_horizon *h);
/* Simulate s over horizon h with extra sinks attached.  Prints errors;
 * returns an exit code.  On success call cli_sim_fini when done. */
int cli_simulate(const struct scn_scenario *s, const struct sim_horizon *h,
		 const struct sim_sink *extra, size_t nextra, struct cli_sim *cs);
/* Read the next recorded miss; false at the end. */
bool cli_sim_next_miss(struct cli_sim *cs, struct sim_miss *m);
void cli_sim_fini(struct cli_sim *cs);

#endif /* CLI_SIMULATE_H */
