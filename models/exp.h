/* exp.h - an acceptance-ratio experiment as data: the task-set
 * generator, the utilization sweep, the tests, the simulation switch and
 * the master seed (loaded by scenarios/exp.h, run by sim/batch.h), plus
 * what every layer needs about it: checks, the points, its canonical text
 * and hash, the slices of shards and the counts of a point.  Pure. */
#ifndef RT_EXP_H
#define RT_EXP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/analysis_fp.h"
#include "models/gen.h"
#include "models/partition.h"
#include "models/rt_err.h"
#include "models/server.h"
#include "models/tests.h"

/* What the points sweep. */
enum rt_exp_sweep {
	RT_EXP_SWEEP_UTILIZATION = 0,   /* u_p = from + p step */
	RT_EXP_SWEEP_TASKS,             /* n_p = sweep_from + p sweep_step */
	RT_EXP_SWEEP_CPUS               /* m_p likewise */
};

/* How the tasks are placed (the engine's sim_placement, minus cpusets). */
enum rt_exp_placement {
	RT_EXP_PLACE_GLOBAL = 0,
	RT_EXP_PLACE_PARTITIONED,
	RT_EXP_PLACE_CLUSTERED
};

/* The deadline of a task's reservation (policies cbs and linux-dl). */
enum rt_exp_resv_deadline {
	RT_EXP_RESV_DL_PERIOD = 0,      /* D_s = T_s (cbs default) */
	RT_EXP_RESV_DL_TASK             /* D_s = min(T_s, max(1, floor(D /
					 * divisor))): the task's own deadline
					 * (linux-dl: always) */
};

#define RT_EXP_MAX_TESTS 32            /* tests per experiment */
#define RT_EXP_UNIT      1000000       /* utilizations in millionths */
#define RT_EXP_MAX_POINTS 100000

struct rt_exp {
	char *name;                     /* owned */
	unsigned cpus;                  /* >= 1 */
	char *policy;                   /* "edf", "fp", "cbs" or "linux-dl",
					 * owned */
	unsigned model;                 /* what that policy is analysed as
					 * (RT_AN_EDF, _FP, _CBS, _LINUX_DL of
					 * models/tests.h), set by the loader
					 * from the policy registry: the
					 * experiment's code asks this, never
					 * the name */
	/* policies cbs and linux-dl: every task runs in its own reservation
	 * (rt_exp_reservations) */
	enum rt_server_kind server_kind;/* cbs only */
	double budget_factor;           /* >= 1e-6; 1: Q = C */
	unsigned period_divisor;        /* >= 1; 1: T_s = T (linux-dl: 1) */
	enum rt_exp_resv_deadline resv_deadline;
	const char *kernel;             /* linux-dl: the profile
					 * (rt_dl_profile(); static) */
	/* times: the generator's periods are in 'time_unit'; sets are drawn
	 * in internal units, 'unit' of them per time unit (tick: 1; a
	 * physical unit: nanoseconds, as scenarios count them) */
	const char *time_unit;          /* "tick", "ns", "us", "ms", "s"
					 * (static) */
	rt_time unit;                   /* >= 1 */
	enum rt_exp_placement placement;
	unsigned cluster_size;          /* cpus (global), 1, or k */
	enum rt_part_heuristic partitioning;
	enum rt_fp_order priorities;    /* policy fp */
	struct rt_gen_params gen;       /* gen.pset owned */
	int64_t from, to, step;         /* utilization sweep, millionths;
					 * step > 0, from <= to; with another
					 * sweep from == to (the value) and
					 * step the bin width */
	bool per_cpu;                   /* the utilization is U / m */
	enum rt_exp_sweep sweep;
	int64_t sweep_from, sweep_to, sweep_step;       /* tasks or CPUs */
	size_t npoints;                 /* points of the swept variable */
	uint64_t sets;                  /* per point, >= 1 */
	size_t ntests;
	const struct rt_test_info *tests[RT_EXP_MAX_TESTS];
	bool simulate;
	bool tardiness;                 /* per point: the largest observed
					 * tardiness and tardiness bound of
					 * the sets that have a bound */
	uint64_t max_jobs;              /* horizon cap (jobs released) */
	unsigned redraws;               /* per set, bin misses allowed */
	uint64_t seed;                  /* master seed */
};

void rt_exp_free(struct rt_exp *x);           /* NULL is a no-op */

/* Does registry test t analyse this policy and placement?  Asked of the
 * registry (rt_test_analyses_match): one CPU utilization, density, pdc,
 * qpa (edf) or utilization, fp-rta (fp); global m >= 2 utilization and
 * the global EDF tests; partitioned only partitioned-<the experiment's
 * heuristic>; clustered none.  cbs: the tests of EDF over CBS
 * reservations (the same, and cbs-bandwidth); linux-dl (global
 * placement): linux and the EDF tests of its root domain (as `dlsim
 * analyze` compares them), run on the reservations. */
bool rt_exp_test_fits(const struct rt_exp *x, const struct rt_test_info *t);
/* Policy cbs or linux-dl: every task runs in a reservation, and the
 * tests analyse the reservations (rt_exp_reservations). */
bool rt_exp_reserved(const struct rt_exp *x);

/* Check an experiment (generator, sweep, tests, policy): RT_ERR_INVAL
 * naming the field.  The loader calls it; callers building one do too. */
enum rt_err rt_exp_check(const struct rt_exp *x, struct rt_diag *d);

/* Target utilization (total) of point p, and the point's value u_p in
 * millionths (per CPU with per_cpu). */
int64_t rt_exp_point_value(const struct rt_exp *x, size_t p);
/* Tasks and CPUs of point p (the swept one, or the fixed value), and the
 * largest number of tasks of any point. */
size_t rt_exp_point_tasks(const struct rt_exp *x, size_t p);
unsigned rt_exp_point_cpus(const struct rt_exp *x, size_t p);
size_t rt_exp_max_tasks(const struct rt_exp *x);
/* *v = x as point p sees it: cpus, cluster_size (global placement) and
 * gen.ntasks of the point; pointers shared with x (borrowed). */
void rt_exp_at(const struct rt_exp *x, size_t p, struct rt_exp *v);
/*
 * Policies cbs and linux-dl: the reservation (Q, D_s, T_s) of each of
 * x->gen.ntasks tasks ts, as the sporadic task that bounds its demand,
 * into rs (what the tests analyse):
 *
 *   T_s = max(1, floor(T / divisor))
 *   D_s = T_s, or (resv_deadline task) min(T_s, max(1, floor(D / divisor)))
 *   Q   = ceil(factor C / divisor), at least 1 (linux-dl: 2^DL_SCALE =
 *         1024 ns, the kernel's least runtime), at most D_s
 *
 * bandwidth about factor x u_i, served in finer slices as the divisor
 * grows.  Under linux-dl (divisor 1, D_s = D) rs[i] is the
 * SCHED_DEADLINE task (runtime Q, deadline D, period T) whose jobs
 * demand C.
 */
void rt_exp_reservations(const struct rt_exp *x, const struct rt_task *ts,
			 struct rt_task *rs);
/* Policy cbs: the servers of rt_exp_reservations into sv (x's server
 * kind, named "reservation") and task_server[i] = i. */
void rt_exp_servers(const struct rt_exp *x, const struct rt_task *ts,
		    struct rt_server *sv, int32_t *task_server);
/* "utilization", "tasks", "cpus" */
const char *rt_exp_sweep_name(enum rt_exp_sweep s);
double rt_exp_point_total(const struct rt_exp *x, size_t p);

/* The canonical text of x (every field, one "key=value" per line), into
 * buf; returns the length it needs (snprintf-like).  Its FNV-1a 64-bit
 * hash is rt_exp_hash(): equal for equal experiments whatever the YAML
 * spelling, comments or key order. */
size_t rt_exp_describe(const struct rt_exp *x, char *buf, size_t len);
uint64_t rt_exp_hash(const struct rt_exp *x);

/* Counts of one point (the CSV row). */
struct rt_exp_counts {
	uint64_t sets;
	uint64_t accepted[RT_EXP_MAX_TESTS];
	uint64_t missed, exact, contradictions;
	uint64_t redrawn, unplaced;
	uint64_t refused;               /* linux-dl: a task refused by the
					 * kernel's admission */
	/* tardiness: over the sets with a tardiness bound (simulated to
	 * the horizon) */
	uint64_t tard_sets;
	rt_time max_tard, max_bound;    /* 0 when none */
};

/* a += b: counts added, maxima kept. */
void rt_exp_counts_add(struct rt_exp_counts *a,
			const struct rt_exp_counts *b);

/* The slice of the work a run does: the global index g = p * sets + s of
 * every set, cut into 'count' contiguous ranges; shard 'index' (1-based)
 * does [(index - 1) * G / count, index * G / count). */
struct rt_exp_slice {
	unsigned index, count;          /* 1 <= index <= count */
};

/* [first, last) of point p's samples inside the slice (empty: equal). */
void rt_exp_slice_range(const struct rt_exp *x,
			 const struct rt_exp_slice *sl, size_t p,
			 uint64_t *first, uint64_t *last);


#endif /* RT_EXP_H */
