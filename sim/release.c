/* release.c - turning a task's arrival, jitter and execution models
 * (models/task.h) into jobs.
 *
 * For job k of task i (docs/theory.md §0.1, docs/design.md §2):
 *
 *   arrival    periodic   a_k = offset + k*T   (computed as a_{k-1} + T)
 *              sporadic   a_0 = offset, a_{k+1} = a_k + T + U[0, max_delay]
 *              list       a_k = releases[k]; no job k >= nreleases
 *   release    r_k = max(a_k + U[0, jitter], r_{k-1})
 *   deadline   d_k = a_k + D                (counted from the arrival)
 *   demand     fixed C | U[exec_min, exec_max] | exec_values[k % n]
 *              (demand > C is an overrun; it runs anyway)
 *
 * A task with arrive_at A (base) and leave_at L (join.c): periodic and
 * sporadic a_0 = A + offset, listed releases before A are skipped (job
 * indexes then start past 0), and no job with a_k >= L is released.
 *
 * The max() keeps one task's releases in job order when jitter exceeds
 * the inter-arrival time (job k+1 could otherwise become ready before
 * job k); it never breaks r_k - a_k <= jitter, since r_{k-1} <= a_{k-1} +
 * jitter <= a_k + jitter.
 *
 * Randomness: each task draws from three rt_rng streams seeded with
 * rt_rng_derive(seed, task index, stream), so a task's jobs do not depend
 * on the other tasks or on the order events are handled in.
 *
 * Horizon and overflow: a job is released only if r_k < horizon.  An
 * arrival or release that would overflow int64 lies beyond every horizon
 * (horizon <= RT_TIME_MAX), so it simply ends the task's releases.  A job
 * that is released but whose deadline a_k + D overflows stops the run with
 * RT_ERR_OVERFLOW (its deadline cannot be represented).
 *
 * Each task has exactly one release event, moved forward after every
 * release, so the queue holds O(tasks) release events at any horizon.
 */
#include <assert.h>
#include <inttypes.h>

#include "models/rng.h"
#include "sim/internal.h"
#include "sim/rq.h"

/* a_k for k = t->k given a_{k-1} in t->arrival; false if there is none. */
static bool rel_arrival(struct sim_task_rt *t, rt_time *a)
{
	const struct rt_task *tk = t->task;
	rt_time x, delay = 0;

	switch (tk->arrival) {
	case RT_ARRIVAL_PERIODIC:
		if (t->k == 0)          /* base: arrive_at (join.c), else 0 */
			return rt_time_add(t->base, tk->offset, a);
		return rt_time_add(t->arrival, tk->period, a);
	case RT_ARRIVAL_SPORADIC:
		if (t->k == 0)
			return rt_time_add(t->base, tk->offset, a);
		if (tk->max_delay > 0)
			delay = rt_rng_range(&t->rng_arrival, 0, tk->max_delay);
		return rt_time_add(t->arrival, tk->period, &x) &&
		       rt_time_add(x, delay, a);
	case RT_ARRIVAL_LIST:
		while (t->k < tk->nreleases && tk->releases[t->k] < t->base)
			t->k++;         /* before the task joined: skipped */
		if (t->k >= tk->nreleases)
			return false;
		*a = tk->releases[t->k];
		return true;
	}
	return false;
}

/* Plan job t->k: set t->arrival/t->release and (re)arm the release event,
 * or cancel it when the task has no more jobs before the horizon. */
static enum rt_err rel_plan(struct sim_engine *e, struct sim_task_rt *t)
{
	const struct rt_task *tk = t->task;
	rt_time a, r, jit = 0;

	if (!rel_arrival(t, &a) || a >= t->leave)
		goto none;
	if (tk->jitter > 0)
		jit = rt_rng_range(&t->rng_jitter, 0, tk->jitter);
	if (!rt_time_add(a, jit, &r))
		goto none;
	if (t->k > 0 && r < t->release)
		r = t->release;
	if (r >= e->cfg.horizon)
		goto none;
	t->arrival = a;
	t->release = r;
	return sim_evq_move(&e->evq, &t->rel, r, SIM_RANK_RELEASE);
none:
	sim_evq_cancel(&e->evq, &t->rel);
	return RT_OK;
}

/* rel_plan for the job after the one whose release event just fired
 * (the top of the queue).  Periodic without jitter: r_k = a_k = a_{k-1}
 * + T (in order by itself), released if before leave_at and H, the
 * event moved in place (a hold), inline. */
static inline __attribute__((always_inline)) enum rt_err
rel_plan_next(struct sim_engine *e, struct sim_task_rt *t)
{
	rt_time a;

	if (!t->plain)
		return rel_plan(e, t);
	if (__builtin_add_overflow(t->arrival, t->task->period, &a) ||
	    a >= t->until) {
		sim_evq_cancel(&e->evq, &t->rel);
		return RT_OK;
	}
	t->arrival = t->release = a;
	/* the release's own handling may have queued an event before it
	 * at this instant (a GRUB server re-rated by the new job's
	 * activation exhausts now: rank BUDGET < RELEASE), so it is not
	 * always the top any more: then a plain re-key */
	if (t->rel.idx != 0)
		return sim_evq_move(&e->evq, &t->rel, a, SIM_RANK_RELEASE);
	return sim_evq_move_top(&e->evq, &t->rel, a, SIM_RANK_RELEASE);
}

enum rt_err sim_release_first(struct sim_engine *e, struct sim_task_rt *t)
{
	t->k = 0;
	return rel_plan(e, t);
}

static rt_time rel_demand_drawn(struct sim_task_rt *t)
{
	const struct rt_task *tk = t->task;

	switch (tk->exec) {
	case RT_EXEC_UNIFORM:
		return rt_rng_range(&t->rng_exec, tk->exec_min, tk->exec_max);
	case RT_EXEC_LIST:
		return tk->exec_values[t->k % tk->nexec_values];
	case RT_EXEC_FIXED:
		break;
	}
	return tk->wcet;
}

/* Job t->k's demand: fixed C inline, the others drawn out of line. */
static inline __attribute__((always_inline)) rt_time
rel_demand(struct sim_task_rt *t)
{
	const struct rt_task *tk = t->task;

	return tk->exec == RT_EXEC_FIXED ? tk->wcet : rel_demand_drawn(t);
}

/* sim_release_fire; 'lean' (a constant): the copy compiled for e->lean
 * (internal.h). */
static inline __attribute__((always_inline)) void
rel_fire(struct sim_engine *e, struct sim_task_rt *t, unsigned lean)
{
	const struct rt_task *tk = t->task;
	uint32_t idx = t->idx;
	struct sim_job *j;
	rt_time d, when;
	bool first;
	enum rt_err err;

	assert(t->release == e->now);
	if (!rt_time_add(t->arrival, tk->deadline, &d)) {
		sim_fail(e, RT_ERR_OVERFLOW, "task %s job %" PRIu64 ": absolute "
			 "deadline %" PRId64 " + %" PRId64 " overflows",
			 tk->name ? tk->name : "?", t->k, t->arrival,
			 tk->deadline);
		return;
	}
	j = sim_job_get(&e->pool);
	if (!j && e->pool.max && e->pool.live == e->pool.max) {
		sim_fail(e, RT_ERR_NOMEM, "job %" PRIu64 " of task %s: more "
			 "than %zu pending jobs, over max-memory (%" PRIu64
			 " bytes, %zu bytes a job); a backlog grows without end "
			 "when the CPUs are overloaded: shorten the horizon "
			 "(--until), set on_miss: abort, or raise --max-memory",
			 t->k, tk->name ? tk->name : "?", e->pool.live,
			 e->max_memory, sizeof(struct sim_job));
		return;
	}
	if (!j) {
		sim_fail(e, RT_ERR_NOMEM, "out of memory for job %" PRIu64
			 " of task %s", t->k, tk->name ? tk->name : "?");
		return;
	}
	j->trt = t;
	j->info.task = idx;
	j->info.job = t->k;
	j->info.seq = e->next_seq++;
	j->info.arrival = t->arrival;
	j->info.release = e->now;
	j->info.abs_deadline = d;
	j->info.demand = rel_demand(t);
	j->info.remaining = j->info.demand;
	j->info.start = RT_TIME_NEVER;
	j->info.finish = RT_TIME_NEVER;
	j->info.cpu = -1;
	j->susp = 0;
	j->nsusp = (uint32_t)tk->nsuspend;
	j->suspended = false;
	j->blocked = false;
	j->sect = 0;
	j->nsect = t->nspt;
	j->frac = 0;
	j->run_cpu = -1;                /* 'since' is set when it starts */
	j->rq_idx = SIM_RQ_NONE;
	j->pcpu = -1;
	t->released++;
	if (__builtin_expect(e->adm != NULL, 0))
		sim_admit_job_new(e, idx);
	sim_emit_as(e, lean, SIM_REC_RELEASE, -1, j, d);

	first = t->fifo.head == NULL;
	sim_fifo_append(&t->fifo, j);
	if (e->cfg.on_miss == SIM_ON_MISS_ABORT) {
		/* A job released at or after its deadline (jitter >= D) is
		 * aborted at once: its timer fires at this instant, next. */
		when = d > e->now ? d : e->now;
		err = sim_evq_push(&e->evq, &j->timer, when, SIM_RANK_DEADLINE);
		if (err) {
			sim_fail(e, err, "cannot arm the deadline timer of "
				 "task %s job %" PRIu64, tk->name ? tk->name : "?",
				 t->k);
			return;
		}
	}
	if (first) {
		err = sim_enqueue(e, j, SIM_ENQ_RELEASE, lean);
		if (err) {
			sim_fail(e, err, "policy %s: enqueue failed",
				 e->ops->name);
			return;
		}
	}
	t->k++;
	err = rel_plan_next(e, t);
	if (err)
		sim_fail(e, err, "cannot plan the next release of task %s",
			 tk->name ? tk->name : "?");
}

void sim_release_fire(struct sim_engine *e, struct sim_task_rt *t)
{
	if (e->lean == SIM_LEAN_QUIET)
		rel_fire(e, t, SIM_LEAN_QUIET);
	else
		rel_fire(e, t, SIM_LEAN_OFF);
}

void sim_release_fire_rec(struct sim_engine *e, struct sim_task_rt *t)
{
	rel_fire(e, t, SIM_LEAN_REC);
}
