/* sim.h - the simulation step of the pipeline (struct dlsim_sim): the one
 * way `run`, `analyze`, `report`, `plot util` and `compare` simulate a
 * scenario.
 *
 *   scenario -> binding (the loader's: explicit cpu:, the rest packed)
 *            -> horizon (sim_horizon_for: --until, horizon:, the default)
 *            -> engine (scn_sim_config) -> sinks: the miss and admission
 *               collectors, the output files, percentiles, the caller's
 *            -> results (sim_stats, the misses in order, the admissions)
 *
 * The list of misses is kept out of memory (a temporary file: the first
 * API_MISSES_KEPT, the rest counted), so memory stays independent of the
 * horizon. */
#ifndef API_SIM_H
#define API_SIM_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "api/internal.h"
#include "api/outputs.h"
#include "sim/engine.h"
#include "sim/horizon.h"
#include "sim/percentile.h"

/* One recorded deadline miss. */
struct api_miss {
	uint32_t task;
	uint64_t job;
	rt_time release, deadline;
	rt_time finish;                 /* RT_TIME_NEVER: aborted or pending */
	rt_time tardiness;              /* finish - deadline; lower bound if
					 * pending */
	bool aborted;                   /* on_miss: abort removed it at its
					 * deadline */
};

/* One admission decision (ADMIT / REJECT record). */
struct api_admission {
	rt_time time;
	uint32_t task;
	unsigned test;                  /* enum sim_admit_test */
	bool accept;
	bool has_bw;                    /* the policy keeps total_bw */
	uint64_t total_bw;              /* after the decision (2^20 = 1) */
};

/* Misses kept for listing (48 MiB of temporary file at most); the rest
 * are counted (nmisses) and the lists say how many were left out. */
#define API_MISSES_KEPT 1000000u

/* All of sim's misses, and how many of them are listed (the first ones,
 * which api_sim_next_miss gives). */
uint64_t api_sim_nmisses(const struct dlsim_sim *sim);
uint64_t api_sim_misses_listed(const struct dlsim_sim *sim);

/* A caller's record callback (dlsim_sim_on_record). */
struct api_rec_cb {
	dlsim_record_fn fn;
	void *ctx;
	struct api_rec_cb *next;        /* owned list */
};

/* How a step of the pipeline wants its simulation. */
struct api_sim_req {
	rt_time until;                  /* RT_TIME_NEVER: horizon: or default */
	const struct sim_horizon *horizon; /* NULL: chosen from until; else
					 * this one (already chosen) */
	const struct rt_task *tasks;    /* NULL: the scenario's; else its
					 * ntasks tasks replaced (compare's
					 * measured releases), borrowed */
	bool admission_off;             /* every task runs (analyze) */
	bool have_seed;
	uint64_t seed;                  /* have_seed: overrides the scenario */
	bool percentiles;               /* keep response-time percentiles */
	bool misses_off;                /* count the misses, list none
					 * (dlsim_sim_create's misses-list
					 * off) */
	bool have_max_memory;           /* else the default: half of the
					 * physical memory */
	uint64_t max_memory;            /* bytes of pending jobs at most (0:
					 * no limit; max-memory SIZE) */
	const struct api_outputs_opts *outputs; /* NULL: none; checked by the
					 * caller (api_outputs_check) */
	const struct sim_sink *extra;   /* nextra more sinks, copied */
	size_t nextra;
};

struct dlsim_sim {
	struct scn_scenario view;       /* the scenario as simulated: a
					 * shallow copy (seed, admission,
					 * tasks may differ); pointers into
					 * the caller's scenario */
	struct dlsim_opts *opts;        /* owned copy of the settings */
	struct api_outputs_opts oo;     /* output settings (from opts) */
	struct render_meta meta;        /* what the outputs know of the run
					 * (they borrow it) */
	struct api_outputs out;         /* when has_out */
	bool has_out;
	struct sim_horizon h;
	struct sim_engine *e;
	const struct sim_stats *stats;  /* the engine's */
	struct sim_pctl *pc;            /* NULL: no percentiles */
	FILE *misses;                   /* struct api_miss records, in order;
					 * NULL when not listed (misses_off) */
	uint64_t nmisses;               /* all misses; the first
					 * API_MISSES_KEPT are listed (0 when
					 * misses_off: api_sim_nmisses then
					 * reads the engine's count) */
	bool misses_off;                /* misses-list off: no sink, no
					 * file, nothing listed */
	uint64_t abort_seq;             /* job of the last ABORT record */
	bool abort_pending;             /* its MISS record is still to come */
	struct api_admission *adm;      /* admission decisions, in order */
	size_t nadm, adm_cap;
	struct api_rec_cb *cbs;         /* the caller's record callbacks */
	const volatile sig_atomic_t *stop;
	bool started;                   /* a run step was taken */
	bool done;                      /* the horizon was reached, or the
					 * run stopped (partial) or failed */
	bool partial;                   /* stopped early: stats cover
					 * [0, stats->now) only */
	bool failed;                    /* a run step failed */
	bool finished;                  /* outputs committed or discarded */
};

/* Prepare the simulation of s (borrowed until dlsim_sim_free) as r says:
 * horizon, percentiles, output files opened, engine, sinks.  db gets the
 * message on failure (nothing is left open). */
enum dlsim_status api_sim_create(struct dlsim *db,
				 const struct scn_scenario *s,
				 const struct api_sim_req *r,
				 struct dlsim_sim **out);
/* The engine configuration the pipeline simulates s with, over h (the
 * loader's binding; pointers into s, which must outlive cfg). */
void api_sim_config(const struct scn_scenario *s, const struct sim_horizon *h,
		    struct sim_config *cfg);
/* Simulate to the horizon in about 1000 steps, calling db's progress
 * callback between them; a stop (flag, callback) leaves a partial run:
 * DLSIM_INTERRUPTED.  On an error the outputs are discarded ('why' names
 * the step for the message when an output caused it). */
enum dlsim_status api_sim_run(struct dlsim *db, struct dlsim_sim *sim,
			      const char *why);
/* Read the recorded misses from the first (rewind) onwards. */
void api_sim_rewind(struct dlsim_sim *sim);
bool api_sim_next_miss(struct dlsim_sim *sim, struct api_miss *m);

/* `dlsim compare`'s simulation (traces.c): s with the measured releases
 * of c (render/compare.h), simulated as `run` does up to the end of the
 * trace into c's recorder, then c's statistics (render_cmp_finish). */
struct render_cmp;
enum dlsim_status api_compare_simulate(struct dlsim *db,
				       const struct scn_scenario *s,
				       struct render_cmp *c);

/* The text and JSON report of `dlsim run` (sim_write.c). */
void api_sim_print_text(FILE *f, struct dlsim_sim *sim, bool quiet);
void api_sim_print_json(FILE *f, struct dlsim_sim *sim);

#endif /* API_SIM_H */
