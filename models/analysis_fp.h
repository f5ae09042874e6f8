/* analysis_fp.h - preemptive fixed-priority scheduling on one CPU: priority
 * orders, the exact response-time analysis (fp-rta, with release jitter)
 * and the polling, deferrable and sporadic servers as the tasks it
 * analyses (at the end).
 *
 * Priority orders (docs/design.md §4, scheduler.priorities), the same for the
 * simulator (sim/policy_fp.c) and the analysis, so the two never disagree:
 *   deadline-monotonic  shorter relative deadline D_i first (Leung &
 *                       Whitehead 1982; optimal for D_i <= T_i)
 *   rate-monotonic      shorter period T_i first (Liu & Layland 1973;
 *                       optimal for D_i = T_i)
 *   explicit            lower rt_task.priority first ("priority: 1" runs
 *                       before "priority: 2"; any int64)
 * Ties (equal D, T or priority) go to the lower task index, so the order
 * is total and every task has a distinct rank.
 *
 * Response-time analysis (Joseph & Pandya 1986; Audsley et al. 1993; for
 * D_i > T_i Lehoczky's busy-period extension, Lehoczky 1990 and Tindell,
 * Burns & Wellings 1994): for task i with higher-priority tasks hp(i),
 * jobs q = 0, 1, ... of the level-i busy period that starts with a
 * synchronous release (the critical instant) finish at w_q, the least
 * fixed point of
 *
 *     w = (q + 1) C_i + sum_{j in hp(i)} ceil(w / T_j) C_j
 *
 * and respond in R_{i,q} = w_q - q T_i; the busy period ends after the
 * first q with w_q <= (q + 1) T_i, and R_i = max_q R_{i,q}.  For D_i <=
 * T_i and R_i <= D_i this is the classic single iteration (q = 0).  The
 * result is exact (necessary and sufficient) for sporadic tasks, any
 * deadlines, integer time, jobs of one task served in order (docs/theory.md §0.1);
 * the set is schedulable iff R_i <= D_i for all i.  A level-i utilization
 * sum_{j in hp(i) + i} C_j/T_j above 1 (compared exactly) means task i's
 * response times grow without bound: R_i = RT_TIME_NEVER.
 *
 * Release jitter (rt_task.jitter J; Tindell, Burns & Wellings 1994):
 * a task with J_j interferes ceil((w + J_j) / T_j) C_j, and R_{i,q} =
 * w_q - q T_i + J_i, the busy period going on while w_q + J_i > (q + 1)
 * T_i; with every J = 0 this is the analysis above.  Any J >= 0 is
 * valid, J >= T_i too: a task's jobs run in arrival order (a job is
 * released no earlier than its predecessor, sim/release.c), so the jobs
 * that queue are those of the busy period, q = 0, 1, ...  A scenario's
 * tasks keep their D and J (rt_task_analysable with fp; `dlsim analyze`'s
 * native model); a deferrable server's task has J = T_s - Q_s
 * (rt_fp_server_task below).
 *
 * Arithmetic: each term ceil(w/T_j) C_j is a 128-bit product and every
 * sum is checked against RT_TIME_MAX (RT_ERR_OVERFLOW, never a wrapped
 * value).  Work budget: one step is one task's term in one fixed-point
 * evaluation; past the budget RT_ERR_UNSUPPORTED ("budget exhausted").
 */
#ifndef RT_ANALYSIS_FP_H
#define RT_ANALYSIS_FP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/analysis_uni.h"
#include "models/rt_err.h"
#include "models/rt_time.h"
#include "models/server.h"
#include "models/task.h"
#include "models/tests.h"

enum rt_fp_order {
	RT_FP_DEADLINE_MONOTONIC = 0,   /* shorter D first (the default) */
	RT_FP_RATE_MONOTONIC,           /* shorter T first */
	RT_FP_EXPLICIT,                 /* lower rt_task.priority first */
	RT_FP__COUNT                    /* not an order */
};

#define RT_FP_NO_TASK ((size_t)-1)

/* "deadline-monotonic", "rate-monotonic", "explicit"; "?" if invalid. */
const char *rt_fp_order_name(enum rt_fp_order o);
/* The order named 'name' (exact match); false if none. */
bool rt_fp_order_find(const char *name, enum rt_fp_order *o);

/* rank[i] (n entries, caller-owned) = position of task i in order o:
 * 0 is the highest priority, n - 1 the lowest; ties by task index.
 * O(n log n).  RT_ERR_INVAL for an invalid order or n > UINT32_MAX,
 * RT_ERR_NOMEM; rank untouched on failure. */
enum rt_err rt_fp_ranks(const struct rt_task *ts, size_t n,
			enum rt_fp_order o, uint32_t *rank,
			struct rt_diag *d);

struct rt_fp_result {
	enum rt_verdict verdict;        /* accept: every R_i <= D_i */
	size_t task;                    /* reject: the highest-priority task
					 * with R_i > D_i; else RT_FP_NO_TASK */
	uint64_t steps;                 /* work spent (budget units) */
};

/* Exact worst-case response times R_i under preemptive FP with order o on
 * one CPU (see above).  resp (NULL or n entries) gets R_i in input order,
 * RT_TIME_NEVER for an unbounded task.  Tasks need C, D, T > 0
 * (RT_ERR_INVAL).  resp and *r are written on RT_OK only. */
enum rt_err rt_fp_rta(const struct rt_task *ts, size_t n, enum rt_fp_order o,
		      uint64_t budget, rt_time *resp, struct rt_fp_result *r,
		      struct rt_diag *d);

/* Registry entry "fp-rta" (models/tests.h): rt_fp_rta with
 * deadline-monotonic priorities (the registry's run() has no order
 * parameter; DM is optimal for constrained deadlines and equals RM for
 * implicit ones); applies to m == 1; kind exact; the note says the order
 * and, on reject, the first task with R_i > D_i. */
extern const struct rt_test_info rt_test_fp_rta;

/* The same test for a given order (what `dlsim analyze` runs for a
 * scenario with policy fp); 'out' as for rt_test_info.run. */
enum rt_err rt_fp_rta_test(const struct rt_task *ts, size_t n, unsigned m,
			   enum rt_fp_order o, struct rt_test_result *out,
			   struct rt_diag *d);

/* ---- fixed-priority systems with polling, deferrable and sporadic
 * servers (policy fp with servers; docs/theory.md §E.8): the
 * priority order the simulator and the analysis share.
 *
 * Each server k ranks as the task (C = Q_k, D = T = T_k) with the
 * server's priority (priorities: explicit, where it is required) among
 * the plain tasks, ties after every task and then by server index; a
 * served task has its server's rank (its jobs run only inside the
 * server).
 */

/* Server s as the task the fixed-priority analysis sees: C = Q_s, D =
 * T = T_s, its priority; a deferrable server with release jitter T_s -
 * Q_s (it may run Q_s at the end of one period and Q_s again at the
 * start of the next: Strosnider, Lehoczky & Sha 1995), a polling one
 * without (it runs only from its period start on, at most Q_s), a
 * sporadic one as the deferrable one: the POSIX rules replenish what
 * was used at activation + T_s, and an activation long before the
 * server runs (blocked by higher priorities) brings that instant into
 * its run, so it may run Q_s and at once Q_s again (the "premature
 * replenishment" of Stanovich, Baker, Wang & Gonzalez Harbour 2010,
 * exact time too: tests/test_fp_servers.c), after which it is activated
 * at its replenishment and runs no more than the deferrable server. */
struct rt_task rt_fp_server_task(const struct rt_server *s);

/*
 * A bound on the response time of the jobs of t when t is the only task
 * of server s, or RT_TIME_NEVER when there is none here.  rs is the
 * server task's worst response (rt_fp_rta on the analysed set, its own
 * jitter J_s included), so w_s = rs - J_s bounds the time the server
 * needs to deliver Q_s from a period start.  A job arrives at most T_s
 * before the next period start; from there the server has Q_s and the
 * job pending (a polling server polls it; a deferrable one runs it; a
 * sporadic one has, T_s after the arrival, all it used before it back
 * and at least the job's remaining work), so with C_t <= Q_s and w_s <=
 * T_s the job is done by then + w_s:
 *
 *     R_t <= T_s + w_s,
 *
 * provided its predecessor is done when it arrives (T_s + w_s <= T_t -
 * J_t, the smallest gap between two releases, T_t the smallest arrival
 * gap and J_t the release jitter): otherwise RT_TIME_NEVER, and so when
 * J_t >= T_t (two releases may coincide; no bound: n/a).  t is the
 * analysed task (rt_task_analysable with fp: D, J kept, T_t the smallest
 * arrival gap), the bound counts from the release.
 */
rt_time rt_fp_served_bound(const struct rt_server *s, rt_time rs,
			   const struct rt_task *t);

/* rank[0..n-1]: the tasks' ranks (a served task: its server's), rank[n +
 * k]: server k's (0 = highest; plain tasks and servers distinct).
 * task_server[i] is task i's server or -1 (NULL: none).  RT_ERR_INVAL (d
 * names the server) for a server without priority under explicit
 * priorities; RT_ERR_NOMEM.  rank untouched on failure. */
enum rt_err rt_fp_server_ranks(const struct rt_task *ts, size_t n,
			       const struct rt_server *sv, size_t ns,
			       const int32_t *task_server, enum rt_fp_order o,
			       uint32_t *rank, struct rt_diag *d);

#endif /* RT_ANALYSIS_FP_H */
