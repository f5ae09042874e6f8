/* multi_util.h - helpers shared by the multicore suites (test_multi.c,
 * hand-worked schedules and scenario keys; test_multi_random.c, the
 * replaying checker and the tardiness bound; test_multi_binding.c, binding
 * tasks to CPUs and clusters): a text-trace sink with cluster views and a
 * multicore EDF configuration. */
#ifndef TESTS_MULTI_UTIL_H
#define TESTS_MULTI_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/task.h"
#include "sim/engine.h"

struct mtext {
	char *buf;
	size_t len, cap;
	/* Optional filter: keep only records of tasks with keep[task] and
	 * write them with task map[task] and cpu - cpu0 (cluster views). */
	const bool *keep;
	const uint32_t *map;
	int cpu0;
};

/* The sink's emit: one line "TIME KIND TASK.JOB cCPU VALUE" per record
 * kept (tu_append_rec). */
enum rt_err mtext_emit(void *ctx, const struct sim_rec *r);

/* 'cpus' CPUs, policy edf, seed 1, everything else default. */
struct sim_config mcfg(const struct rt_task *t, size_t n, unsigned cpus,
		       rt_time horizon);

#endif /* TESTS_MULTI_UTIL_H */
