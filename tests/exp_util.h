/* exp_util.h - the experiment suites' helpers (test_exp.c,
 * test_exp_resv.c): an experiment from inline YAML, and a run of it (or
 * of a shard) that collects the counts of every point. */
#ifndef TESTS_EXP_UTIL_H
#define TESTS_EXP_UTIL_H

#include <stdbool.h>

#include "models/exp.h"
#include "models/rt_err.h"

/* The experiment in 'text' (file name "exp.yaml" in messages), or NULL
 * with d saying why. */
struct rt_exp *exp_load(const char *text, struct rt_diag *d);

/* 'base' with the first occurrence of 'from' replaced by 'to' (malloc'd;
 * asserts that 'from' is there). */
char *exp_variant(const char *base, const char *from, const char *to);

/* Load exp_variant(base, from, to) and assert that it fails with a
 * message containing msg (printed otherwise). */
void exp_expect_error(const char *base, const char *from, const char *to,
		      const char *msg);

/* Run shard/shards of x on 'threads' threads (asserting success): c[p]
 * and have[p] for each point done (x->npoints entries); *contra (may be
 * NULL) += the contradictions reported, each printed with its set. */
void exp_run(const struct rt_exp *x, unsigned threads, unsigned shard,
	     unsigned shards, struct rt_exp_counts *c, bool *have,
	     unsigned *contra);

#endif /* TESTS_EXP_UTIL_H */
