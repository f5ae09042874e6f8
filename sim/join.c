/* join.c - tasks joining and leaving the system at run time (
 * docs/design.md §4 "admission at run time").
 *
 * When the policy has an admission test (ops->admit, or the registry's
 * through sim_config.admission: admit.c) or a task has
 * arrive_at / leave_at, every task starts with one join event at its
 * arrive_at (rank TASK, after the releases of that instant).  When it
 * fires the policy's test decides:
 *
 *   accept  ADMIT record (value: the test), the task's releases start
 *           (periodic/sporadic a_0 = arrive_at + offset) and, if it has a
 *           leave_at, the same event is re-armed there;
 *   reject  REJECT record, the task never releases a job
 *           (sim_task_stats.rejected).
 *
 * At leave_at the task stops arriving (release.c never plans a_k >=
 * leave_at), a LEAVE record is emitted and the policy's leave() hook
 * returns its bandwidth; jobs already released still run.
 */
#include <inttypes.h>

#include "sim/internal.h"

static void join_arrive(struct sim_engine *e, struct sim_task_rt *t,
			uint32_t idx)
{
	bool accept = true;
	unsigned test = SIM_ADMIT_NONE;
	enum rt_err err;

	t->joined = true;
	if (e->adm) {
		err = sim_admit_join(e, idx, &accept, &test);
		if (err) {
			sim_fail(e, err, "admission of task %s failed",
				 t->task->name ? t->task->name : "?");
			return;
		}
	} else if (e->ops->admit) {
		err = e->ops->admit(e->pstate, idx, &accept, &test);
		if (err) {
			sim_fail(e, err, "policy %s: admission of task %s "
				 "failed", e->ops->name,
				 t->task->name ? t->task->name : "?");
			return;
		}
	}
	if (!accept) {
		e->st.tasks[idx].rejected = true;
		e->st.rejected++;
		sim_engine_emit(e, SIM_REC_REJECT, -1, idx, NULL, test);
		return;
	}
	sim_engine_emit(e, SIM_REC_ADMIT, -1, idx, NULL, test);
	err = sim_release_first(e, t);
	if (!err && t->leave != RT_TIME_NEVER)
		err = sim_evq_push(&e->evq, &t->join,
				   t->leave > e->now ? t->leave : e->now,
				   SIM_RANK_TASK);
	if (err)
		sim_fail(e, err, "cannot plan the first release of task %s",
			 t->task->name ? t->task->name : "?");
}

void sim_task_join(struct sim_engine *e, struct sim_task_rt *t)
{
	uint32_t idx = (uint32_t)(t - e->trt);

	if (!t->joined) {
		join_arrive(e, t, idx);
		return;
	}
	sim_engine_emit(e, SIM_REC_LEAVE, -1, idx, NULL, 0);
	sim_admit_leave(e, idx);
	if (e->ops->leave)
		e->ops->leave(e->pstate, idx);
}

bool sim_engine_total_bw(const struct sim_engine *e, uint32_t task,
			 uint64_t *bw)
{
	if (!e->ops->total_bw || task >= e->cfg.ntasks)
		return false;
	return e->ops->total_bw(e->pstate, task, bw);
}
