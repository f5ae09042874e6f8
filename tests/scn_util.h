/* scn_util.h - helpers shared by the scenario suites (test_scn.c, good
 * input and files; test_scn_errors.c, bad, hostile and large input and
 * allocation failures): load inline YAML under the name "t.yaml" and
 * expect success or a given error. */
#ifndef TESTS_SCN_UTIL_H
#define TESTS_SCN_UTIL_H

#include "models/rt_err.h"
#include "scenarios/scn.h"

#define MS 1000000LL                    /* ns per ms */

/* Load 'yaml' (fatal failure, with the message, if it does not load);
 * the caller frees the scenario. */
struct scn_scenario *load_ok(const char *yaml);

/* Loading 'yaml' must fail with 'want' and a message holding every one of
 * the NULL-terminated fragments; *out must stay untouched. */
void expect_fail(const char *yaml, enum rt_err want, ...);

#endif /* TESTS_SCN_UTIL_H */
