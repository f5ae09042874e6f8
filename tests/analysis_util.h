/* analysis_util.h - helpers shared by the analysis suites (test_analysis.c,
 * test_analysis_limits.c: uniprocessor; test_global.c, test_global_prop.c:
 * global EDF): docs/theory.md's task notation, the registry names of the seven
 * sufficient G-EDF tests, exact U and density as text, and a brute-force
 * dbf. */
#ifndef TESTS_ANALYSIS_UTIL_H
#define TESTS_ANALYSIS_UTIL_H

#include <stddef.h>

#include "models/rt_time.h"
#include "models/task.h"

/* docs/theory.md writes tasks as (C, T, D); rt_task_make takes (C, D, T). */
#define TK(c, t, d) rt_task_make(NULL, (c), (d), (t))
/* the same for static tables (only C, D, T matter to the analysis) */
#define TKS(c, t, d) { .wcet = (c), .deadline = (d), .period = (t), .cpu = -1 }
#define NTS(a) (sizeof(a) / sizeof((a)[0]))

/* Registry order of the seven global tests. */
extern const char *const gnames[7];

/* U and the density of ts[0..n) as exact fractions "p/q" (tu_frac_str:
 * static buffer, valid until the next call), "?" on error. */
const char *u_str(const struct rt_task *ts, size_t n);
const char *dens_str(const struct rt_task *ts, size_t n);

/* dbf by enumerating jobs (independent of the closed form). */
rt_time brute_dbf(const struct rt_task *ts, size_t n, rt_time t);

#endif /* TESTS_ANALYSIS_UTIL_H */
