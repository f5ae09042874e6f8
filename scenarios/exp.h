/* exp.h - experiment files (`dlsim experiment EXP.yaml`, format 1).
 *
 * YAML in, struct rt_exp (sim/batch.h) out.  The schema (documented in
 * docs/experiments.md):
 *
 *   format: 1
 *   name: acc-uni                        # default: the file name sans .yaml
 *   platform: {cpus: 1}
 *   scheduler: {policy: edf, placement: global, cluster_size: K,
 *               partitioning: first-fit-decreasing, priorities: ...}
 *               # policy: edf | fp | cbs | linux-dl (kernel: "6.6" | "6.12")
 *   reservation: {kind: cbs, budget_factor: 1, period_divisor: 1,
 *                 deadline: period | task}   # cbs, linux-dl
 *   time_unit: tick                      # or ns, us, ms, s (linux-dl)
 *   generator:
 *     tasks: 10
 *     method: uunifast-discard           # uunifast | uunifast-discard | randfixedsum
 *     cap: 1                             # per-task utilization cap
 *     periods: {dist: log-uniform, min: 10, max: 1000, granularity: 1}
 *              # dist: log-uniform | uniform | set (then values: [...])
 *     deadlines: {model: constrained, min: 0.5, max: 1.0}
 *   utilization: {from: 0.5, to: 1.0, step: 0.05, per_cpu: false}
 *   sweep: {variable: tasks, from: 4, to: 24, step: 4}  # optional: tasks or
 *                                        # cpus; then utilization: {value: U,
 *                                        # step: bin width}
 *   sets: 200
 *   tests: [utilization, density, qpa]   # default: every test that fits
 *   simulate: true
 *   tardiness: false                     # observed max vs bound per point
 *   max_jobs: 100000                     # cap of horizons that are not exact
 *   redraws: 1000                        # bin misses allowed per set
 *   seed: 42
 *
 * Errors name FILE:LINE:COL: FIELD: what is wrong; expected ... (as the
 * scenario loader does).  The only code reading experiment YAML; it uses
 * libyaml's document API (so every node keeps its position).
 */
#ifndef SCN_EXP_H
#define SCN_EXP_H

#include <stddef.h>
#include <stdint.h>

#include "models/rt_err.h"
#include "models/exp.h"

#define SCN_EXP_MAX_BYTES (1u << 20)    /* experiment files up to 1 MiB */

/* Load from a file / from memory (buf need not be NUL-terminated; 'name'
 * is the file name in messages, NULL: "<data>").  On success *out is new
 * (free with rt_exp_free); on failure untouched and d says why.
 * RT_ERR_IO (cannot read), RT_ERR_PARSE (syntax, schema, a bad value),
 * RT_ERR_INVAL (values that break rt_exp_check), RT_ERR_NOMEM. */
enum rt_err scn_exp_load_file(const char *path, struct rt_exp **out,
			      struct rt_diag *d);
enum rt_err scn_exp_load_data(const uint8_t *buf, size_t len,
			      const char *name, struct rt_exp **out,
			      struct rt_diag *d);

/* One task set written as a scenario (format 1, time_unit: tick) that
 * `dlsim validate` / `run` / `analyze` load: what `dlsim gen`, `dlsim
 * experiment --item` and the saved contradictions write. */
struct scn_emit {
	const char *name;               /* scenario name (an identifier) */
	const char *comment;            /* lines written as "# ..." on top,
					 * may be NULL */
	unsigned cpus;
	const char *policy;             /* "edf", "fp", "cbs", "linux-dl" */
	enum rt_exp_placement placement;
	unsigned cluster_size;          /* clustered */
	enum rt_part_heuristic partitioning;
	enum rt_fp_order priorities;    /* policy fp */
	const struct rt_task *tasks;    /* names ignored: t0, t1, ... */
	size_t ntasks;
	const struct rt_server *servers;/* NULL, or ntasks servers: task i
					 * served by servers[i] (named s<i>) */
	const char *time_unit;          /* NULL: tick; "ns": the times are
					 * nanoseconds */
	const char *kernel;             /* linux-dl: the profile, or NULL */
	const rt_time *demand;          /* NULL, or ntasks job demands: task
					 * i's jobs demand demand[i] where it
					 * differs from its C (an execution
					 * list of one value) */
};

/* The scenario text into *out (NUL-terminated, rt_malloc'd, caller frees
 * with rt_free), its length in *len.  RT_ERR_NOMEM only. */
enum rt_err scn_emit_scenario(const struct scn_emit *e, char **out,
			      size_t *len, struct rt_diag *d);

/* The scn_emit of set (p, s) of experiment x (tasks ts): named
 * NAME-pP-sS, the comment saying where it comes from and its realised
 * utilization. */
enum rt_err scn_exp_scenario(const struct rt_exp *x, size_t p, uint64_t s,
			     const struct rt_task *ts, char **out, size_t *len,
			     struct rt_diag *d);

#endif /* SCN_EXP_H */
