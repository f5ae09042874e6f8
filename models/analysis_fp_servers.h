/* analysis_fp_servers.h - fixed-priority systems with polling and
 * deferrable servers (policy fp with servers; docs/theory.md §E.8): the
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
