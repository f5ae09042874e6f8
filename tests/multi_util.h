/* multi_util.h - helpers shared by the multicore suites (test_multi.c,
 * hand-worked schedules and scenario keys; test_multi_random.c, the
 * replaying checker and the tardiness bound; test_multi_binding.c, binding
 * tasks to CPUs and clusters): a multicore EDF configuration
 * (traces: struct tu_trace of trace_util.h, with its cluster views). */
#ifndef TESTS_MULTI_UTIL_H
#define TESTS_MULTI_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/task.h"
#include "sim/engine.h"
#include "tests/trace_util.h"

/* 'cpus' CPUs, policy edf, seed 1, everything else default. */
struct sim_config mcfg(const struct rt_task *t, size_t n, unsigned cpus,
		       rt_time horizon);

#endif /* TESTS_MULTI_UTIL_H */
