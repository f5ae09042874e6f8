/* analysis_uni.h - uniprocessor preemptive EDF analysis (THEORY A, D.3).
 *
 * Every function is exact integer/rational arithmetic over the sporadic
 * model (C, D, T) of the tasks (arrival/exec/jitter fields are ignored), and
 * returns RT_ERR_OVERFLOW rather than a wrong answer when an intermediate
 * would not fit (128-bit intermediates are used where products occur).
 */
#ifndef RT_ANALYSIS_UNI_H
#define RT_ANALYSIS_UNI_H

#include <stdbool.h>
#include <stddef.h>

#include "models/rt_err.h"
#include "models/rt_time.h"
#include "models/task.h"

enum rt_verdict {
	RT_VERDICT_ACCEPT = 0,
	RT_VERDICT_REJECT,
	RT_VERDICT_NA           /* test does not apply / could not decide */
};

/* "accept" | "reject" | "n/a" */
const char *rt_verdict_name(enum rt_verdict v);

struct rt_uni_result {
	enum rt_verdict verdict;
	rt_time witness;        /* t with dbf(t) > t, or RT_TIME_NEVER */
	rt_time witness_demand; /* dbf(witness) */
	size_t evaluations;     /* dbf evaluations done (QPA vs PDC) */
};

/* h(t) = sum_i max(0, floor((t - D_i)/T_i) + 1) * C_i  (A.3). */
enum rt_err rt_uni_dbf(const struct rt_task *ts, size_t n, rt_time t,
		       rt_time *out);

/* U <= 1 exactly (A.1); *accept set on success. */
enum rt_err rt_uni_utilization_test(const struct rt_task *ts, size_t n,
				    bool *accept);
/* Lambda <= 1 exactly (A.2). */
enum rt_err rt_uni_density_test(const struct rt_task *ts, size_t n,
				bool *accept);

/* Synchronous busy period L_b (A.4.2).  Requires U <= 1 (RT_ERR_INVAL
 * otherwise); RT_ERR_OVERFLOW if it exceeds RT_TIME_MAX. */
enum rt_err rt_uni_busy_period(const struct rt_task *ts, size_t n, rt_time *lb);

/* L_a (A.4.1), rounded up.  *defined = false when U >= 1. */
enum rt_err rt_uni_la(const struct rt_task *ts, size_t n, rt_time *la,
		      bool *defined);

/* Processor demand criterion over deadlines < min(L_b, ceil(L_a)) (A.3);
 * witness = FIRST violating deadline.  U > 1 rejects (witness NEVER). */
enum rt_err rt_uni_pdc(const struct rt_task *ts, size_t n,
		       struct rt_uni_result *r);
/* QPA (A.5); witness = the violating t QPA stops at. */
enum rt_err rt_uni_qpa(const struct rt_task *ts, size_t n,
		       struct rt_uni_result *r);

/* Exact maximum tardiness Delta = max(0, max_{t<L_b} h(t) - t) (D.3).
 * Requires U <= 1 (RT_ERR_INVAL otherwise). */
enum rt_err rt_uni_max_tardiness(const struct rt_task *ts, size_t n,
				 rt_time *delta);

/* Spuri's exact worst-case response time per task (A.7), in input order:
 * resp[i] for task i (caller provides n entries).  Requires U <= 1. */
enum rt_err rt_uni_rta(const struct rt_task *ts, size_t n, rt_time *resp);

#endif /* RT_ANALYSIS_UNI_H */
