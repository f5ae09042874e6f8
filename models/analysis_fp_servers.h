/* analysis_fp_servers.h - fixed-priority systems with polling,
 * deferrable and sporadic servers (policy fp with servers; docs/theory.md §E.8): the
 * priority order the simulator and the analysis share.
 *
 * Each server k ranks as the task (C = Q_k, D = T = T_k) with the
 * server's priority (priorities: explicit, where it is required) among
 * the plain tasks, ties after every task and then by server index; a
 * served task has its server's rank (its jobs run only inside the
 * server).
 */
#ifndef RT_ANALYSIS_FP_SERVERS_H
#define RT_ANALYSIS_FP_SERVERS_H

#include <stddef.h>
#include <stdint.h>

#include "models/analysis_fp.h"
#include "models/server.h"
#include "models/task.h"

/* Server s as the task the fixed-priority analysis sees: C = Q_s, D =
 * T = T_s, its priority; a deferrable server with release jitter T_s -
 * Q_s (it may run Q_s at the end of one period and Q_s again at the
 * start of the next: Strosnider, Lehoczky & Sha 1995), a polling one
 * without (it runs only from its period start on, at most Q_s), a
 * sporadic one without (what it uses in a window of T_s it gets back no
 * sooner than T_s after the window's start: Sprunt, Sha & Lehoczky 1989;
 * the POSIX rules as simulated keep that in exact time, and the
 * property test checks it). */
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
 * provided its predecessor is done when it arrives (T_s + w_s <= T_t,
 * T_t the smallest release gap): otherwise RT_TIME_NEVER.  t is the
 * analysed task (largest demand, smallest gap).
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

#endif /* RT_ANALYSIS_FP_SERVERS_H */
