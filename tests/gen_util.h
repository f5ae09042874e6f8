/* gen_util.h - the seeded random task-set generator of the engine's
 * property suites (test_prop.c: 1..6 tasks on 1..4 CPUs, global EDF;
 * test_multi_random.c: 1..12 tasks on 2, 4 or 8 CPUs, every placement,
 * EDF and FP).
 *
 * A set exercises every model: offsets, jitter, sporadic and list
 * arrivals, uniform and list demand (with overruns), D < C, both
 * tie-breaks, both miss policies; the same seed and options give the same
 * set.  And the periodic tasks of the admission suites (gen_table_task). */
#ifndef TESTS_GEN_UTIL_H
#define TESTS_GEN_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/rng.h"
#include "models/task.h"
#include "sim/engine.h"

#define GEN_MAXT 12

struct gen_opts {
	size_t max_tasks;               /* 1..max_tasks tasks (<= GEN_MAXT) */
	/* false: global EDF on 1 CPU (half the sets) or 2..max_cpus;
	 * true: m in {2, 4, 8}, a random placement (global, partitioned,
	 * clustered with a random cluster size) and task assignment, edf or
	 * fp with a random priority order and explicit priorities. */
	bool placements;
	unsigned max_cpus;
	rt_time max_period;             /* T in [2, max_period] */
	rt_time max_horizon;            /* horizon in [30, max_horizon] */
	rt_time jitter_periods;         /* jitter in [0, jitter_periods * T] */
	/* Leave out the random models (jitter, sporadic, uniform demand),
	 * whose streams depend on the task index. */
	bool deterministic;
};

/* A generated set; c points into t, lists and cl (do not copy it). */
struct gen_set {
	struct rt_task t[GEN_MAXT];
	rt_time lists[GEN_MAXT * 8 + GEN_MAXT * 3];
	unsigned cl[GEN_MAXT];          /* task_cluster (with placements) */
	struct sim_config c;
};

/* Fill *s with the set of 'seed' under o (c.seed = seed). */
void gen_random_set(uint64_t seed, const struct gen_opts *o,
		    struct gen_set *s);

/* One task for the admission suites (test_admit.c), drawn from g (the
 * caller's stream): T from {4, 5, 6, 8, 10, 12, 20}; feasible: C in
 * [1, T/2 + 1], D in [C, T]; else (soft sets, D < C possible): C in
 * [1, T/2], D in [1, T].  name is borrowed. */
struct rt_task gen_table_task(struct rt_rng *g, const char *name,
			      bool feasible);

/* CPUs per cluster of c: cpus (global), 1 (partitioned), cluster_size. */
unsigned gen_cluster_cpus(const struct sim_config *c);

#endif /* TESTS_GEN_UTIL_H */
