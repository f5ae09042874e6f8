/* global_util.h - what the global EDF suites share (test_global.c, the
 * known answers; test_global_prop.c, the seeded property tests): THEORY's
 * task notation and the registry names of the seven sufficient tests. */
#ifndef TESTS_GLOBAL_UTIL_H
#define TESTS_GLOBAL_UTIL_H

#include "models/task.h"

/* THEORY writes tasks as (C, T, D); rt_task_make takes (C, D, T). */
#define TK(c, t, d) rt_task_make(NULL, (c), (d), (t))

/* Registry order of the seven global tests (defined in test_global.c). */
extern const char *const gnames[7];

#endif /* TESTS_GLOBAL_UTIL_H */
