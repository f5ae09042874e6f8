/* bounds.h - the tardiness and response-time bounds of one scheduling
 * domain (a CPU, a cluster, a root domain), choosing the analysis that
 * applies to it (docs/theory.md §D):
 *
 *   one CPU, EDF     exact: the maximum tardiness Delta = max(0, max_t
 *                    dbf(t) - t) and Spuri's per-task worst-case response
 *                    times (rt_uni_tardiness_bounds; §D.3, A.7); with
 *                    release jitter in the domain every task gets Delta,
 *                    since Spuri's interference counts releases T apart
 *                    (then an upper bound);
 *   one CPU, FP      the response-time analysis with the given priority
 *                    order (rt_fp_rta): exact responses, tardiness
 *                    max(0, R - D); with release jitter its own extension
 *                    (R_i = J_i + w_i, from the arrival), on the tasks'
 *                    own D and J;
 *   k > 1 CPUs, EDF  global EDF: the compliant-vector bounds and, when
 *                    every D = T, Devi-Anderson's, the smaller per task
 *                    (both upper bounds; §D.1, D.2).
 *
 * No bound: fixed priority on k > 1 CPUs is not covered (the caller does
 * not ask), release jitter on k > 1 CPUs, a level utilization or
 * U above the capacity (the tardiness grows without bound).
 */
#ifndef RT_BOUNDS_H
#define RT_BOUNDS_H

#include <stdbool.h>
#include <stddef.h>

#include "models/analysis_fp.h"
#include "models/rt_err.h"
#include "models/task.h"

enum rt_bound_status {
	RT_BOUND_OK = 0,                /* resp[] and tard[] are bounds */
	RT_BOUND_NONE,                  /* no bound known (why says so) */
	RT_BOUND_UNBOUNDED              /* the tardiness grows without bound */
};

struct rt_bound_domain {
	enum rt_bound_status status;
	rt_time delta;                  /* OK: the domain's largest tardiness
					 * bound */
	bool resp_exact;                /* OK: resp[] are exact worst cases
					 * (one CPU, no jitter) */
	rt_time da_x;                   /* Devi-Anderson's x when it bounded
					 * the domain (k > 1, every D = T),
					 * else RT_TIME_NEVER */
	char why[RT_DIAG_MAX];          /* not OK: the reason, after the
					 * caller's 'where' prefix */
};

/*
 * Bound the n tasks of one domain of k >= 1 CPUs: 'sub' is the analysed
 * task set (EDF: deadlines already D - jitter when 'jitter'; FP: each
 * task's own D and jitter J, which rt_fp_rta counts), 'fp' NULL for
 * EDF or the fixed-priority order, 'where' a prefix for the reason
 * ("CPU 1: ", or "").  On RT_OK *out says whether a bound exists; with
 * status OK resp[i] and tard[i] (n entries each, caller-owned) are task
 * i's response and tardiness bounds, otherwise resp and tard are scratch
 * (their content unspecified).  An analysis error (overflow, an
 * undecidable comparison) is status NONE with its message.  RT_ERR_NOMEM
 * (nothing else) is returned as an error.
 */
enum rt_err rt_bound_domain(const struct rt_task *sub, size_t n, unsigned k,
			    const enum rt_fp_order *fp, bool jitter,
			    const char *where, rt_time *resp, rt_time *tard,
			    struct rt_bound_domain *out);

#endif /* RT_BOUNDS_H */
