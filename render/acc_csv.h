/* acc_csv.h - experiment results: the CSV of counts and its sidecar.
 *
 * The CSV (one row per finished point, in point order, counts never
 * ratios):
 *
 *   point,utilization,sets,<test>_accepted...,sim_missed,sim_exact,
 *   contradictions,redrawn,sim_unplaced,simulated
 *
 * 'utilization' is the point's target (per CPU with per_cpu) as a decimal;
 * 'simulated' is the number of sets simulated (0 with simulate: false).
 * An experiment sweeping the number of tasks or CPUs appends a 'tasks' or
 * 'cpus' column (the point's value; merge checks it, never sums it).
 * The same writer serves runs, shards and merges, so equal counts give
 * equal bytes.  Only when the experiment asks for them, more columns
 * follow: sim_refused (policy linux-dl: sets a task of which the
 * kernel's admission refused), then tardiness_sets, max_tardiness,
 * max_tardiness_bound (tardiness: true; times in internal units).
 * Merging adds counts, keeps the swept value and takes the largest of a
 * max_ column.  The sidecar (RESULTS.csv.meta) is "key: value" lines:
 * tool, experiment, hash, seed, shard, points, sets, tests, the
 * experiment's parameters (render_acc_meta_params), threads, host,
 * start, end, complete.
 */
#ifndef RENDER_ACC_CSV_H
#define RENDER_ACC_CSV_H

#include <stdbool.h>
#include <stdio.h>

#include "models/rt_err.h"
#include "models/exp.h"

#define RENDER_ACC_MAX_COLS (RT_EXP_MAX_TESTS + 16)

struct render_acc_row {
	uint64_t point;
	char util[32];                  /* as written: "0.55" */
	uint64_t v[RENDER_ACC_MAX_COLS];/* columns 2.. of the header */
};

struct render_acc {
	size_t ncols;                   /* header columns, >= 3 */
	char *names[RENDER_ACC_MAX_COLS];       /* owned */
	size_t nrows;
	struct render_acc_row *rows;    /* owned, points increasing */
};

/* The table of experiment x: rows for the points with have[p], counts c[p]
 * (have NULL: no rows, only the header; c is then not read). */
enum rt_err render_acc_from_exp(const struct rt_exp *x,
				const struct rt_exp_counts *c,
				const bool *have, struct render_acc **out,
				struct rt_diag *d);
/* The other way, for resuming: check that t has the header experiment x
 * writes (RT_ERR_PARSE naming the first column that differs), then for
 * every row whose sets are all of slice sl's sets of that point, set
 * have[p] and c[p] from it; other rows (unfinished points) are left out.
 * c and have: x->npoints entries, only those entries written. */
enum rt_err render_acc_to_counts(const struct render_acc *t,
				 const struct rt_exp *x,
				 const struct rt_exp_slice *sl,
				 struct rt_exp_counts *c, bool *have,
				 struct rt_diag *d);
/* The decimal text of a millionths value ("0.55", "1"). */
void render_acc_util_text(int64_t micro, char *buf, size_t len);
void render_acc_free(struct render_acc *t);     /* NULL is a no-op */

/* Write t as CSV to f; RT_ERR_IO on a write error. */
enum rt_err render_acc_write(FILE *f, const struct render_acc *t,
			     struct rt_diag *d);
/* Read a CSV written by render_acc_write; RT_ERR_PARSE naming
 * path:line for anything else. */
enum rt_err render_acc_read(const char *path, struct render_acc **out,
			    struct rt_diag *d);
/* Column index of 'name', or -1. */
int render_acc_col(const struct render_acc *t, const char *name);
/* Sum tables with the same header, row by row per point (rows missing in
 * some tables are fine).  *out is new. */
enum rt_err render_acc_merge(struct render_acc *const *t, size_t n,
			     struct render_acc **out, struct rt_diag *d);

#define RENDER_ACC_MAX_PARAMS 12

struct render_acc_meta {
	char tool[32];                  /* "dlsim 0.1.0" */
	char name[256];                 /* experiment name */
	uint64_t hash;                  /* rt_exp_hash */
	uint64_t seed;
	unsigned shard, shards;         /* I/N */
	uint64_t points, sets;
	char tests[512];                /* comma-separated */
	unsigned threads;
	char host[256];
	char start[32], end[32];        /* UTC, ISO 8601 */
	bool complete;                  /* every point of the slice done */
	/* the experiment's parameters a series of experiments may vary
	 * (render_acc_meta_params), one "key: value" line each */
	size_t nparams;
	char pkey[RENDER_ACC_MAX_PARAMS][24];
	char pval[RENDER_ACC_MAX_PARAMS][48];
};

/* m's parameter lines from experiment x: policy, cpus and tasks (unless
 * swept), cap, period_min, period_max (in the experiment's time_unit),
 * time_unit, and for reservations budget_factor, period_divisor (cbs),
 * kernel (linux-dl). */
void render_acc_meta_params(struct render_acc_meta *m, const struct rt_exp *x);
/* The value of parameter 'key' of m, or NULL. */
const char *render_acc_meta_param(const struct render_acc_meta *m,
				  const char *key);

enum rt_err render_acc_meta_write(FILE *f, const struct render_acc_meta *m,
				  struct rt_diag *d);
/* Read a sidecar; unknown keys are skipped (a newer dlsim may add
 * some), the parameter keys above are kept. */
enum rt_err render_acc_meta_read(const char *path, struct render_acc_meta *m,
				 struct rt_diag *d);

#endif /* RENDER_ACC_CSV_H */
