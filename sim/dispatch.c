/* dispatch.c - what happens to jobs on CPUs: the once-per-instant
 * dispatch, completions, self-suspensions and wake-ups, aborts, and the
 * services policies call.
 *
 * Dispatch (after every event of the instant was handled, docs/design.md §3):
 * the policy's schedule() records its choices with sim_engine_assign()
 * into cpu->next (and a dirty list); the engine then commits them in two
 * passes, so that at one instant every PREEMPT precedes every START
 * (sim/trace.h):
 *
 *   1. each dirty CPU whose job changes: stop the old job (account its
 *      execution, cancel its predicted completion, PREEMPT);
 *   2. each dirty CPU with a new job: start it (MIGRATE if it last ran
 *      elsewhere, START) and predict its completion at now + remaining,
 *      or its next suspension point if that comes first.
 *
 * Completions are predicted, never polled: a running job's completion
 * event sits in the queue and is cancelled when the job is stopped and
 * re-armed when it resumes.  A completion later than the horizon is not
 * armed at all (it cannot happen in this run).  Execution is accounted
 * lazily, at stop/complete/horizon: remaining -= now - since.
 *
 * Self-suspension (models/task.h): the 'done' event of a job that reaches
 * a suspension point before its end fires there; with demand left, it is
 * a suspension, not a completion: the job leaves its CPU (SUSPEND) and
 * the policy (dequeue SIM_DEQ_SUSPEND), stays the head of its task's FIFO
 * (the task's later jobs wait behind it), keeps its remaining demand, and
 * its wake event (rank RELEASE: a wake-up is an arrival of work) makes it
 * ready again (RESUME, enqueue SIM_ENQ_WAKEUP).  A wake-up at or after
 * the horizon is not armed.
 */
#include <assert.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "sim/cluster.h"
#include "sim/internal.h"

void sim_account_cap(struct sim_engine *e, struct sim_job *j, rt_time ran)
{
	unsigned cpu = (unsigned)j->run_cpu;
	struct sim_cpu *c = &e->cpu[cpu];
	rt_i128 w = (rt_i128)ran * c->num + j->frac;
	rt_i128 whole = w / e->den;

	/* a completion time rounded up overshoots by less than one unit */
	if (whole >= j->info.remaining) {
		j->info.remaining = 0;
		j->frac = 0;
	} else {
		j->info.remaining -= (rt_time)whole;
		j->frac = (uint64_t)(w - whole * e->den);
	}
	j->since = e->now;
	if (e->stats) {
		c->busy += ran;
		/* power <= 10^9, ran <= H < 2^63: each term < 2^93 */
		if (e->cfg.freq && e->cfg.freq[cpu].power)
			c->ebusy += (rt_i128)ran *
				    e->cfg.freq[cpu].power[c->lvl];
	}
	sim_pol_update_curr(e, j, ran);
}

rt_time sim_cap_time(const struct sim_engine *e, const struct sim_job *j,
		     unsigned cpu, rt_time work)
{
	rt_i128 need = (rt_i128)work * e->den - j->frac;
	uint64_t num = e->cpu[cpu].num;
	rt_i128 t = (need + num - 1) / num;

	return t > RT_TIME_MAX ? RT_TIME_MAX : (rt_time)t;
}

/* Take j (running on its CPU) off the CPU: account, cancel completion.
 * Overheads see the PREEMPT / COMPLETE / SUSPEND / ABORT record that
 * follows (sim_ovh_record).  'lean' here and below is a constant: the
 * copy compiled for e->lean (internal.h), which tests none of what it
 * excludes. */
static inline __attribute__((always_inline)) unsigned
disp_unrun(struct sim_engine *e, struct sim_job *j, unsigned lean)
{
	unsigned cpu = (unsigned)j->run_cpu;

	sim_evq_cancel(&e->cq, &j->done);
	sim_account_as(e, j, lean);
	j->run_cpu = -1;
	return cpu;
}

static inline __attribute__((always_inline)) void
disp_stop(struct sim_engine *e, struct sim_job *j, bool displaced, unsigned lean)
{
	unsigned cpu = disp_unrun(e, j, lean);

	/* A preemption is a running, unfinished job displaced by another. */
	if (displaced && e->stats)
		j->trt->preemptions++;
	sim_emit_as(e, lean, SIM_REC_PREEMPT, (int)cpu, j, j->info.remaining);
}

/* The next suspension point of j, as a run length from now (or
 * 'run' if none comes first). */
static inline __attribute__((always_inline)) rt_time
disp_run_susp(const struct sim_job *j, rt_time run)
{
	rt_time after;

	if (j->susp >= j->nsusp)
		return run;
	after = j->trt->task->suspend[j->susp].after;
	if (after >= j->info.demand)
		return run;
	/* executed = demand - remaining < after (the point is ahead) */
	after -= j->info.demand - j->info.remaining;
	return after < run ? after : run;
}

/* disp_run_for with a section boundary ahead, or here (0: a lock met
 * when the job starts). */
static __attribute__((noinline)) rt_time disp_run_sect(const struct sim_job *j)
{
	rt_time after = j->trt->spt[j->sect].at, run = j->info.remaining;

	if (after < j->info.demand)
		run = after - (j->info.demand - j->info.remaining);
	return disp_run_susp(j, run);
}

/* How long j may run from now before its 'done' event: to its
 * completion, or to its next suspension point or section boundary if
 * one comes first (points at or after its demand do not apply to it;
 * lean: there are none). */
static inline __attribute__((always_inline)) rt_time
disp_run_for(const struct sim_job *j, unsigned lean)
{
	if (lean)
		return j->info.remaining;
	if (__builtin_expect(j->sect < j->nsect, 0))
		return disp_run_sect(j);
	return disp_run_susp(j, j->info.remaining);
}

/* Predict running j's 'done': its completion or next point. */
static inline __attribute__((always_inline)) void
disp_arm(struct sim_engine *e, struct sim_job *j, unsigned lean)
{
	rt_time fin;

	/* fin <= H <= RT_TIME_MAX: no overflow, not RT_TIME_NEVER */
	if (!__builtin_add_overflow(e->now, disp_run_for(j, lean), &fin) &&
	    fin <= e->cfg.horizon) {
		/* lean: the one CPU's completion was cancelled or fired */
		enum rt_err err = lean ?
			sim_evq_push_empty(&e->cq, &j->done, fin,
					   SIM_RANK_COMPLETE) :
			sim_evq_push(&e->cq, &j->done, fin,
				     SIM_RANK_COMPLETE);
		if (err)
			sim_fail(e, err, "cannot arm the completion of task %"
				 PRIu32 " job %" PRIu64, j->info.task,
				 j->info.job);
	}
}

/* disp_start with overheads or capacities: the job executes from its
 * switch-in's end, at its CPU's capacity. */
static __attribute__((noinline)) void
disp_start_slow(struct sim_engine *e, struct sim_job *j, unsigned cpu,
		int prev)
{
	if (e->ovh)
		j->since = sim_ovh_start(e, j, cpu, prev >= 0 &&
					 prev != (int)cpu);
	sim_dispatch_rearm(e, j);
}

static inline __attribute__((always_inline)) void
disp_start(struct sim_engine *e, struct sim_job *j, unsigned cpu, unsigned lean)
{
	int prev = j->info.cpu;

	assert(j->run_cpu < 0 && j->info.remaining > 0 && !j->suspended);
	j->run_cpu = (int)cpu;
	j->since = e->now;
	/* a selection, not a branch: first start or resume is a coin toss */
	j->info.start = j->info.start == RT_TIME_NEVER ? e->now :
			j->info.start;
	j->info.cpu = (int)cpu;
	/* lean: one CPU, no migration */
	if (!lean && prev >= 0 && prev != (int)cpu) {
		if (e->stats)
			j->trt->migrations++;
		sim_emit(e, SIM_REC_MIGRATE, (int)cpu, j, prev);
	}
	sim_emit_as(e, lean, SIM_REC_START, (int)cpu, j, j->info.remaining);
	if (!lean && __builtin_expect(e->slow, 0)) {
		disp_start_slow(e, j, cpu, prev);
		return;
	}
	disp_arm(e, j, lean);
}

void sim_dispatch_rearm(struct sim_engine *e, struct sim_job *j)
{
	rt_time fin, run = disp_run_for(j, false);
	enum rt_err err;

	if (e->caps)
		run = sim_cap_time(e, j, (unsigned)j->run_cpu, run);
	if (__builtin_add_overflow(j->since, run, &fin) ||
	    fin > e->cfg.horizon)
		return;
	err = sim_evq_push(&e->cq, &j->done, fin, SIM_RANK_COMPLETE);
	if (err)
		sim_fail(e, err, "cannot arm the completion of task %" PRIu32
			 " job %" PRIu64, j->info.task, j->info.job);
}

static inline __attribute__((always_inline)) void
disp_dispatch(struct sim_engine *e, unsigned lean)
{
	enum rt_err err;

	e->resched = false;
#ifndef NDEBUG
	e->in_schedule = true;
#endif
	/* the policy's schedule(), inline when it is its runqueues' */
	err = e->crq ? sim_crq_schedule(e->crq) : e->ops->schedule(e->pstate);
#ifndef NDEBUG
	e->in_schedule = false;
#endif
	if (err) {
		sim_fail(e, err, "policy %s: schedule failed", e->ops->name);
		return;
	}
	/* A schedule() that asks for another dispatch at once is how a
	 * dispatch can loop at one instant: counted by the zero-length loop
	 * guard (engine.c). */
	if (__builtin_expect(e->resched, 0) && sim_spin(e, "dispatch"))
		return;
	if (lean || e->cfg.cpus == 1 || e->ndirty == 1) {
		/* one CPU changes (or there is one: no dirty list kept, and
		 * nothing to clear): the passes in one */
		unsigned cpu = lean || e->cfg.cpus == 1 ? 0 : e->dirty[0];
		struct sim_cpu *c = &e->cpu[cpu];

		if (c->curr != c->next) {
			if (c->curr)
				disp_stop(e, c->curr, c->next != NULL, lean);
			if (c->next)
				disp_start(e, c->next, cpu, lean);
			c->curr = c->next;
		}
		if (!lean) {
			c->dirty = false;
			e->ndirty = 0;
		}
		return;
	}
	for (unsigned i = 0; i < e->ndirty; i++) {
		struct sim_cpu *c = &e->cpu[e->dirty[i]];

		if (c->curr && c->curr != c->next) {
			disp_stop(e, c->curr, c->next != NULL, false);
			c->curr = NULL;
		}
	}
	for (unsigned i = 0; i < e->ndirty; i++) {
		struct sim_cpu *c = &e->cpu[e->dirty[i]];

		if (c->next && c->curr != c->next)
			disp_start(e, c->next, e->dirty[i], false);
		c->curr = c->next;
		c->dirty = false;
	}
	e->ndirty = 0;
}

void sim_dispatch(struct sim_engine *e)
{
	if (e->lean == SIM_LEAN_QUIET)
		disp_dispatch(e, SIM_LEAN_QUIET);
	else
		disp_dispatch(e, SIM_LEAN_OFF);
}

void sim_dispatch_rec(struct sim_engine *e)
{
	disp_dispatch(e, SIM_LEAN_REC);
}

/* j leaves the system (completed or aborted): out of its task's FIFO; the
 * next pending job of the task, if j was the head, becomes ready. */
static inline __attribute__((always_inline)) void
disp_leave(struct sim_engine *e, struct sim_job *j, unsigned lean)
{
	struct sim_task_rt *t = j->trt;
	bool head = t->fifo.head == j;
	enum rt_err err;

	sim_evq_cancel(&e->evq, &j->timer);
	if (!lean)      /* aborted while suspended (lean: no suspension) */
		sim_evq_cancel(&e->evq, &j->wake);
	sim_fifo_remove(&t->fifo, j);
	if (__builtin_expect(e->adm != NULL, 0))
		sim_admit_job_gone(e, j->info.task);
	sim_job_put(&e->pool, j);
	if (head && t->fifo.head) {
		err = sim_enqueue(e, t->fifo.head, SIM_ENQ_HEAD, lean);
		if (err)
			sim_fail(e, err, "policy %s: enqueue failed",
				 e->ops->name);
	}
	e->resched = true;      /* a CPU may have been freed */
}

/* j (just taken off cpu) reached its next suspension point. */
static void disp_suspend(struct sim_engine *e, struct sim_job *j,
			 unsigned cpu)
{
	const struct rt_suspend *p = &j->trt->task->suspend[j->susp];
	rt_time wake;
	enum rt_err err;

	assert(j->info.demand - j->info.remaining == p->after);
	j->susp++;
	j->suspended = true;
	e->ops->dequeue(e->pstate, j, SIM_DEQ_SUSPEND);
	sim_emit(e, SIM_REC_SUSPEND, (int)cpu, j, p->len);
	e->resched = true;      /* its CPU was freed */
	if (!rt_time_add(e->now, p->len, &wake) || wake >= e->cfg.horizon)
		return;         /* still suspended at the horizon */
	err = sim_evq_push(&e->evq, &j->wake, wake, SIM_RANK_RELEASE);
	if (err)
		sim_fail(e, err, "cannot arm the wake-up of task %" PRIu32
			 " job %" PRIu64, j->info.task, j->info.job);
}

void sim_on_wakeup(struct sim_engine *e, struct sim_job *j)
{
	enum rt_err err;

	assert(j->suspended && j->run_cpu < 0);
	sim_evq_cancel(&e->evq, &j->wake);
	j->suspended = false;
	sim_emit(e, SIM_REC_RESUME, -1, j, j->info.remaining);
	err = e->ops->enqueue(e->pstate, j, SIM_ENQ_WAKEUP);
	if (err)
		sim_fail(e, err, "policy %s: enqueue failed", e->ops->name);
}

/* j, running, leaves its CPU (its slice ends: PREEMPT). */
static void disp_off_cpu(struct sim_engine *e, struct sim_job *j)
{
	unsigned cpu = disp_unrun(e, j, false);

	e->cpu[cpu].curr = e->cpu[cpu].next = NULL;
	sim_emit(e, SIM_REC_PREEMPT, (int)cpu, j, j->info.remaining);
	e->resched = true;      /* its CPU was freed */
}

void sim_block(struct sim_engine *e, struct sim_job *j)
{
	disp_off_cpu(e, j);
	e->ops->dequeue(e->pstate, j, SIM_DEQ_BLOCK);
}

void sim_yield(struct sim_engine *e, struct sim_job *j)
{
	enum rt_err err;

	disp_off_cpu(e, j);
	e->ops->dequeue(e->pstate, j, SIM_DEQ_REPRIO);
	err = e->ops->enqueue(e->pstate, j, SIM_ENQ_REPRIO);
	if (err)
		sim_fail(e, err, "policy %s: enqueue failed", e->ops->name);
}

/* Running j's 'done' fired where it has section boundaries: the
 * resources first (sim_res_point).  True if that was all: j blocked,
 * or it goes on running to its next point; false if the completion or
 * a suspension point is here too. */
static __attribute__((noinline)) bool disp_sections(struct sim_engine *e,
						    struct sim_job *j)
{
	rt_time done;

	sim_evq_cancel(&e->cq, &j->done);
	sim_account(e, j);
	done = j->info.demand - j->info.remaining;
	switch (sim_res_point(e, j)) {
	case SIM_RES_BLOCKED:
		sim_block(e, j);
		return true;
	case SIM_RES_YIELD:
		sim_yield(e, j);
		return true;
	case SIM_RES_GO:
		break;
	}
	if (j->info.remaining == 0 || (j->susp < j->nsusp &&
	    j->trt->task->suspend[j->susp].after == done))
		return false;
	disp_arm(e, j, false);
	return true;
}

static inline __attribute__((always_inline)) void
disp_complete(struct sim_engine *e, struct sim_job *j, unsigned lean)
{
	struct sim_task_rt *t = j->trt;
	unsigned cpu;
	rt_time response, tard;

	if (!lean && __builtin_expect(j->nsect != 0, 0) &&
	    disp_sections(e, j))
		return;
	cpu = disp_unrun(e, j, lean);
	if (lean)
		cpu = 0;        /* the one CPU: no index to scale */
	e->cpu[cpu].curr = e->cpu[cpu].next = NULL;
	/* demand left: a suspension point (lean: there are none) */
	if (!lean && j->info.remaining > 0) {
		disp_suspend(e, j, cpu);
		return;
	}
	assert(j->info.remaining == 0);
	j->info.finish = e->now;
	if (e->crq)     /* the policy's dequeue(), inline */
		sim_crq_dequeue(e->crq, j);
	else
		e->ops->dequeue(e->pstate, j, SIM_DEQ_COMPLETE);
	response = e->now - j->info.release;
	sim_emit_in(e, lean, SIM_REC_COMPLETE, (int)cpu, j, response);
	t->completed++;
	if (e->stats) {
		t->sum_response += (rt_u128)response;
		if (response > t->max_response)
			t->max_response = response;
	}
	/* Miss iff finish > d; finish == d is a hit (docs/theory.md §0.1). */
	if (e->now > j->info.abs_deadline) {
		tard = e->now - j->info.abs_deadline;
		if (e->stats)
			e->st.tasks[j->info.task].sum_tardiness += (rt_u128)tard;
		sim_stats_miss(e, j, e->now, tard);
		sim_emit_in(e, lean, SIM_REC_MISS, (int)cpu, j, tard);
	}
	disp_leave(e, j, lean);
}

/* The copy for every other case, out of line: the quiet lean one
 * inlines into the loop. */
static __attribute__((noinline)) void disp_complete_any(struct sim_engine *e,
							struct sim_job *j)
{
	disp_complete(e, j, SIM_LEAN_OFF);
}

void sim_on_complete(struct sim_engine *e, struct sim_job *j)
{
	if (e->lean == SIM_LEAN_QUIET)
		disp_complete(e, j, SIM_LEAN_QUIET);
	else
		disp_complete_any(e, j);
}

void sim_on_complete_rec(struct sim_engine *e, struct sim_job *j)
{
	disp_complete(e, j, SIM_LEAN_REC);
}

void sim_on_deadline(struct sim_engine *e, struct sim_job *j)
{
	struct sim_task_rt *t = j->trt;
	int cpu = -1;
	rt_time late = e->now - j->info.abs_deadline;

	assert(late >= 0);
	if (j->run_cpu >= 0) {
		cpu = j->run_cpu;
		disp_unrun(e, j, false);
		e->cpu[cpu].curr = e->cpu[cpu].next = NULL;
	}
	/* a suspended or blocked job is not the policy's (dequeued at its
	 * SUSPEND or BLOCK) */
	if (t->fifo.head == j && !j->suspended && !j->blocked)
		e->ops->dequeue(e->pstate, j, SIM_DEQ_ABORT);
	if (e->res && t->fifo.head == j)
		sim_res_abort(e, j);
	sim_emit(e, SIM_REC_ABORT, cpu, j, j->info.remaining);
	if (e->stats)
		e->st.tasks[j->info.task].aborted++;
	sim_stats_miss(e, j, RT_TIME_NEVER, late);
	sim_emit(e, SIM_REC_MISS, cpu, j, late);
	disp_leave(e, j, false);
}

/* ---- services for policies (sim/policy.h) ---- */

const struct sim_config *sim_engine_config(const struct sim_engine *e)
{
	return &e->cfg;
}

rt_time sim_engine_now(const struct sim_engine *e)
{
	return e->now;
}

struct sim_job *sim_engine_curr(const struct sim_engine *e, unsigned cpu)
{
	assert(cpu < e->cfg.cpus);
	return e->cpu[cpu].curr;
}

rt_time sim_engine_run_left(const struct sim_engine *e,
			    const struct sim_job *j, unsigned cpu)
{
	rt_time ran = j->run_cpu >= 0 ? e->now - j->since : 0;

	assert(cpu < e->cfg.cpus);
	if (!e->caps)
		return j->info.remaining - ran;
	return sim_cap_time(e, j, cpu, j->info.remaining) - ran;
}

const unsigned *sim_engine_cluster_cpus(const struct sim_engine *e,
					unsigned c, unsigned *n)
{
	assert(c < e->nclusters);
	*n = e->cl_first[c + 1] - e->cl_first[c];
	return e->cl_cpus + e->cl_first[c];
}

unsigned sim_engine_nclusters(const struct sim_engine *e)
{
	return e->nclusters;
}

unsigned sim_engine_task_cluster(const struct sim_engine *e, uint32_t task)
{
	assert(task < e->cfg.ntasks);
	return e->nclusters == 1 ? 0 : e->cfg.task_cluster[task];
}

void sim_engine_resched(struct sim_engine *e)
{
	e->resched = true;
}

void sim_engine_crq(struct sim_engine *e, struct sim_crq *q)
{
	assert(e->ops->flags & SIM_POLICY_JOB_LEVEL);
	e->crq = q;
}

void sim_engine_assign(struct sim_engine *e, unsigned cpu, struct sim_job *j)
{
	struct sim_cpu *c = &e->cpu[cpu];

	assert(e->in_schedule && cpu < e->cfg.cpus);
	c->next = j;
	if (e->cfg.cpus > 1 && !c->dirty) {     /* one CPU: no list */
		c->dirty = true;
		e->dirty[e->ndirty++] = cpu;
	}
}

enum rt_err sim_engine_arm(struct sim_engine *e, struct sim_event *ev,
			   rt_time t, enum sim_rank rank)
{
	assert(rank != SIM_RANK_COMPLETE);      /* reserved for the cq */
	ev->kind = SIM_EV_POLICY;
	return sim_evq_move(&e->evq, ev, t, rank);
}

void sim_engine_disarm(struct sim_engine *e, struct sim_event *ev)
{
	sim_evq_cancel(&e->evq, ev);
}

enum rt_err sim_engine_failf(struct sim_engine *e, enum rt_err err,
			     const char *fmt, ...)
{
	char msg[sizeof(e->diag.msg)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	sim_fail(e, err, "policy %s: %s", e->ops ? e->ops->name :
		 e->cfg.policy, msg);
	return err;
}
