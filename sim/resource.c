/* resource.c - shared resources and the locking protocols (docs/theory.md
 * "Resources", sim/README.md "Resources"; linux-dl: docs/linux-dl.md).
 *
 * One file of about 750 lines because every protocol works on the same
 * state (holders, waiters, effective priorities) from the same three
 * entry points (a section boundary, an abort, the blocking account):
 * the protocols differ in a few decisions taken side by side.
 *
 * The engine meets a job's section boundaries as it meets suspension
 * points: its 'done' event fires at the next one (dispatch.c), and
 * sim_res_point() unlocks and locks there.  One CPU (config.c), so "the
 * job of task i" is the head of i's FIFO: every per-job state below is
 * kept per task.
 *
 * Priorities: lvl[i] is task i's level, lower is higher: under fp its
 * rank (the policy's priority order, rt_fp_ranks), under edf the dense
 * rank of its relative deadline (Baker's preemption level: smaller D,
 * higher level).  ceil[R] = the highest level (least lvl) of the tasks
 * whose sections use R.
 *
 *   none  a lock is granted iff R is free; else the job blocks on R's
 *         holder (no priority change);
 *   pip   the same, and a holder runs at the highest effective priority
 *         of the jobs blocked on it, transitively (Sha, Rajkumar and
 *         Lehoczky 1990, the basic priority inheritance protocol);
 *   pcp   the original priority ceiling protocol (ibid.): a lock is
 *         granted iff the job's effective priority is strictly higher
 *         than the ceiling of every resource held by other jobs; else it
 *         blocks on the holder of the highest such ceiling, which
 *         inherits its priority;
 *   srp   Baker 1991: a job that has not started is held back (not
 *         ready) while its level is not strictly higher than the system
 *         ceiling (the highest ceiling of the resources held): checked
 *         when it becomes ready and, for the ready ones, whenever the
 *         ceiling rises (a lock); a lock is
 *         granted iff R is free (always, by SRP's theorem, with no
 *         self-suspension inside sections).
 *
 *   linux-dl (SIM_POLICY_LOCKS_DL): the kernel's rt_mutex.  Waiters are
 *         ordered by their deadline when they blocked (waiter->tree.
 *         deadline), then by blocking order; an unlock wakes only the
 *         top waiter (mark_wakeup_next_waiter()), which stays a waiter
 *         until it runs and takes the lock (try_to_take_rt_mutex()); a
 *         task of strictly earlier deadline may take the free lock
 *         before it (rt_mutex_steal()), and the woken one blocks again.
 *   none  (linux-dl) that rt_mutex with no boost;
 *   inherit (linux-dl) rt_mutex_setprio(): a holder whose top pi waiter
 *         w has a strictly earlier deadline (dl_entity_preempt()) runs
 *         with w's pi_se (w's runtime, deadline and period, or what w
 *         inherits: the chain), the policy's pi_set(); its own
 *         deadline still orders it (res_dl_inherit()).
 *
 * A blocked job is off its CPU and out of the policy (dequeue
 * SIM_DEQ_BLOCK).  At every unlock (and when a job holding resources or
 * blocked is aborted) every blocked job whose lock would now be granted
 * is ready again (enqueue SIM_ENQ_UNBLOCK) and tries the lock when it
 * runs: the resource is not handed over, so a job of lower priority never
 * enters a section while a higher one is ready (as the protocols'
 * analyses assume); the highest runs first and locks, another that finds
 * the resource taken when it runs blocks again.  The others stay
 * blocked, on their new holder.  Under SRP the held-back jobs whose
 * level is now above the ceiling are ready.
 * Then the effective priorities are computed again (pip, pcp): a change
 * is an INHERIT record (value: the new effective rank) and, for a job
 * the policy holds, dequeue SIM_DEQ_REPRIO + enqueue SIM_ENQ_REPRIO.
 *
 * Deadlock: a job that blocks on a chain of holders leading back to it
 * is counted (sim_stats.deadlocks); the jobs stay blocked and miss.
 *
 * Observed blocking: between two instants, every pending head job that
 * is neither running nor self-suspended accumulates the time while the
 * CPU runs a job of lower base priority (fp: a larger rank; edf: a later
 * absolute deadline); max_blocking is the largest per job.
 */
#include <assert.h>
#include <inttypes.h>
#include <stdint.h>

#include "models/analysis_fp.h"
#include "models/blocking.h"
#include "models/mem.h"
#include "sim/internal.h"

#define RES_NONE UINT32_MAX

struct res_task {
	struct rt_section_pt *pt;       /* owned: the boundary points */
	uint32_t lvl;                   /* level (lower is higher) */
	int32_t wait;                   /* resource waited for, -1 */
	int32_t blocker;                /* task holding what it waits for */
	bool held;                      /* srp: held back before its start */
	bool pending;                   /* linux-dl: the woken top waiter of
					 * 'wait', ready, not yet retried (it
					 * stays a waiter until it locks) */
	rt_time wdl;                    /* linux-dl: its deadline when it
					 * blocked (waiter->tree.deadline) */
	uint64_t wseq;                  /* ... and the blocking order (ties) */
	int32_t pi;                     /* linux-dl inherit: the task whose
					 * parameters it runs with, -1 */
	uint64_t blk_seq;               /* job whose blocking is blk */
	bool blk_on;                    /* blk belongs to job blk_seq */
	rt_time blk, max_blk;
};

struct sim_res {
	enum sim_protocol proto;
	bool fp;                        /* levels are fp ranks (else edf) */
	bool inherit;                   /* pip, pcp: eff may differ */
	bool dl;                        /* linux-dl: the kernel's rt_mutex */
	uint64_t wseq;                  /* linux-dl: blocks so far */
	size_t nres, n;
	int32_t *holder;                /* per resource: task or -1 */
	uint32_t *ceil;                 /* per resource: ceiling level */
	uint32_t *eff;                  /* per task: effective rank */
	uint32_t *old;                  /* scratch: eff before a change */
	int32_t *top;                   /* linux-dl scratch: per resource
					 * its top waiter, -1 */
	struct res_task *t;
	rt_time last;                   /* blocking accounted up to here */
};

const char *sim_protocol_name(enum sim_protocol p)
{
	static const char *const names[SIM_PROTO__COUNT] = {
		"none", "pip", "pcp", "srp", "inherit"
	};

	return (unsigned)p < SIM_PROTO__COUNT ? names[p] : "?";
}

const uint32_t *sim_engine_prio(const struct sim_engine *e)
{
	return e->res && e->res->inherit ? e->res->eff : NULL;
}

void sim_res_fini(struct sim_engine *e)
{
	struct sim_res *r = e->res;

	if (!r)
		return;
	for (size_t i = 0; r->t && i < r->n; i++)
		rt_free(r->t[i].pt);
	rt_free(r->t);
	rt_free(r->holder);
	rt_free(r->ceil);
	rt_free(r->eff);
	rt_free(r->old);
	rt_free(r->top);
	rt_free(r);
	e->res = NULL;
}

/* Levels: fp ranks, or the dense rank of D (edf). */
static enum rt_err res_levels(struct sim_engine *e, struct sim_res *r,
			      struct rt_diag *d)
{
	const struct sim_config *cfg = &e->cfg;
	enum rt_err err;

	if (r->fp) {
		err = rt_fp_ranks(cfg->tasks, r->n, cfg->priorities, r->eff, d);
		if (err)
			return err;
		for (size_t i = 0; i < r->n; i++)
			r->t[i].lvl = r->eff[i];
		return RT_OK;
	}
	rt_levels_by_deadline(cfg->tasks, r->n, r->eff);
	for (size_t i = 0; i < r->n; i++)
		r->t[i].lvl = r->eff[i];
	return RT_OK;
}

enum rt_err sim_res_init(struct sim_engine *e, struct rt_diag *d)
{
	const struct sim_config *cfg = &e->cfg;
	struct sim_res *r;
	size_t n = cfg->ntasks, nsec = 0;
	enum rt_err err;

	for (size_t i = 0; i < n; i++)
		nsec += cfg->tasks[i].nsections;
	if (!nsec && cfg->protocol == SIM_PROTO_NONE)
		return RT_OK;
	r = rt_calloc(1, sizeof(*r));
	if (!r)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory for resources");
	e->res = r;
	r->proto = cfg->protocol;
	r->fp = (e->ops->flags & SIM_POLICY_LOCKS_FP) != 0;
	r->inherit = r->proto == SIM_PROTO_PIP || r->proto == SIM_PROTO_PCP;
	r->dl = (e->ops->flags & SIM_POLICY_LOCKS_DL) != 0;
	r->nres = cfg->nresources;
	r->n = n;
	r->t = rt_calloc(n ? n : 1, sizeof(*r->t));
	r->eff = rt_calloc(n ? n : 1, sizeof(*r->eff));
	r->old = rt_calloc(n ? n : 1, sizeof(*r->old));
	r->holder = rt_calloc(r->nres ? r->nres : 1, sizeof(*r->holder));
	r->ceil = rt_calloc(r->nres ? r->nres : 1, sizeof(*r->ceil));
	r->top = rt_calloc(r->nres ? r->nres : 1, sizeof(*r->top));
	if (!r->t || !r->eff || !r->old || !r->holder || !r->ceil || !r->top)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory for resources");
	if ((err = res_levels(e, r, d)) != RT_OK)
		return err;
	for (size_t k = 0; k < r->nres; k++) {
		r->holder[k] = -1;
		r->ceil[k] = RES_NONE;
	}
	for (size_t i = 0; i < n; i++) {
		const struct rt_task *tk = &cfg->tasks[i];
		struct res_task *t = &r->t[i];

		t->wait = t->blocker = t->pi = -1;
		if (!tk->nsections)
			continue;
		t->pt = rt_calloc(2 * tk->nsections, sizeof(*t->pt));
		if (!t->pt)
			return rt_diagf(d, RT_ERR_NOMEM,
					"out of memory for resources");
		rt_sections_points(tk->sections, tk->nsections, t->pt);
		e->trt[i].spt = t->pt;
		e->trt[i].nspt = (uint32_t)(2 * tk->nsections);
		for (size_t s = 0; s < tk->nsections; s++) {
			uint32_t k = tk->sections[s].resource;

			if (t->lvl < r->ceil[k])
				r->ceil[k] = t->lvl;
		}
	}
	return RT_OK;
}

static struct sim_job *res_head(struct sim_engine *e, size_t i)
{
	return e->trt[i].fifo.head;
}

/* The system ceiling (srp): the highest ceiling of the resources held,
 * and which resource sets it (*by, -1 if none held). */
static uint32_t res_sysceil(const struct sim_res *r, int32_t *by)
{
	uint32_t c = RES_NONE;

	*by = -1;
	for (size_t k = 0; k < r->nres; k++)
		if (r->holder[k] >= 0 && r->ceil[k] < c) {
			c = r->ceil[k];
			*by = (int32_t)k;
		}
	return c;
}

/* linux-dl: waiter a comes before waiter b in the rt_mutex waiter tree
 * (earlier deadline at blocking, then earlier to block). */
static bool res_dl_before(const struct res_task *a, const struct res_task *b)
{
	return a->wdl < b->wdl || (a->wdl == b->wdl && a->wseq < b->wseq);
}

/* linux-dl: the top waiter of resource k other than task i (the
 * earliest deadline at blocking, then the earliest to block: the rt_mutex
 * waiter tree), or -1. */
static int32_t res_dl_top(const struct sim_res *r, uint32_t k, size_t i)
{
	int32_t top = -1;

	for (size_t w = 0; w < r->n; w++) {
		const struct res_task *t = &r->t[w];

		if (w == i || t->wait != (int32_t)k)
			continue;
		if (top < 0 || res_dl_before(t, &r->t[top]))
			top = (int32_t)w;
	}
	return top;
}

static rt_time res_dl_deadline(const struct sim_engine *e, size_t i)
{
	return e->ops->pi_deadline(e->pstate, (uint32_t)i);
}

/* linux-dl (try_to_take_rt_mutex()): a free lock with waiters goes to its
 * top waiter, or to a task of strictly earlier deadline than that waiter's
 * (rt_mutex_steal()); else the task blocks, on no owner (-1). */
static bool res_dl_can_lock(const struct sim_engine *e, size_t i,
			    uint32_t k, int32_t *blocker)
{
	const struct sim_res *r = e->res;
	const struct res_task *t = &r->t[i];
	int32_t top;

	*blocker = r->holder[k];
	if (r->holder[k] >= 0)
		return false;
	top = res_dl_top(r, k, i);
	if (top < 0)
		return true;
	if (t->wait == (int32_t)k)
		return res_dl_before(t, &r->t[top]);
	return res_dl_deadline(e, i) < r->t[top].wdl;
}

/* May task i lock resource k now?  If not, *blocker is the task it waits
 * on. */
static bool res_can_lock(const struct sim_engine *e, size_t i, uint32_t k,
			 int32_t *blocker)
{
	const struct sim_res *r = e->res;
	uint32_t best = RES_NONE;

	if (r->dl)
		return res_dl_can_lock(e, i, k, blocker);
	if (r->proto != SIM_PROTO_PCP) {
		*blocker = r->holder[k];
		return r->holder[k] < 0;
	}
	*blocker = -1;
	for (size_t m = 0; m < r->nres; m++)
		if (r->holder[m] >= 0 && (size_t)r->holder[m] != i &&
		    r->ceil[m] < best) {
			best = r->ceil[m];
			*blocker = r->holder[m];
		}
	return *blocker < 0 || r->eff[i] < best;
}

/* Does the chain of holders from task i's blocker lead back to i? */
static bool res_cycle(const struct sim_res *r, size_t i)
{
	int32_t k = r->t[i].blocker;

	for (size_t steps = 0; k >= 0 && steps <= r->n; steps++) {
		if ((size_t)k == i)
			return true;
		k = r->t[k].wait >= 0 ? r->t[k].blocker : -1;
	}
	return false;
}

/* The policy keys j again (its effective priority changed). */
static void res_rekey(struct sim_engine *e, struct sim_job *j)
{
	enum rt_err err;

	e->ops->dequeue(e->pstate, j, SIM_DEQ_REPRIO);
	err = e->ops->enqueue(e->pstate, j, SIM_ENQ_REPRIO);
	if (err)
		sim_fail(e, err, "policy %s: enqueue failed", e->ops->name);
	e->resched = true;
}

/* linux-dl, protocol inherit: rt_mutex_setprio() of every holder whose
 * top pi waiter changed.  A holder h's donor is the top waiter w of the
 * resources it holds (the rt_mutex order: deadline at blocking, then
 * blocking order); h is boosted iff dl_entity_preempt(w, h), w's current
 * deadline strictly earlier than h's, and then takes w's pi_se (w's own
 * parameters, or those w inherited: the chain).  A change is an INHERIT
 * record (value: the task whose parameters it runs with; its own index
 * when unboosted) and the policy's pi_set(). */
static bool res_dl_inherit(struct sim_engine *e)
{
	struct sim_res *r = e->res;
	bool changed = true, any = false;
	int32_t *pi = (int32_t *)r->old;        /* scratch, n entries */

	if (r->proto != SIM_PROTO_INHERIT)
		return false;
	for (size_t i = 0; i < r->n; i++)
		pi[i] = -1;
	for (uint32_t k = 0; k < r->nres; k++)  /* a holder never waits on
						 * what it holds */
		r->top[k] = r->holder[k] >= 0 ? res_dl_top(r, k, SIZE_MAX) : -1;
	for (size_t pass = 0; changed && pass <= r->n; pass++) {
		changed = false;
		for (size_t h = 0; h < r->n; h++) {
			int32_t top = -1, np = -1;

			for (uint32_t k = 0; k < r->nres; k++) {
				int32_t w = r->top[k];

				if (r->holder[k] != (int32_t)h)
					continue;
				if (w >= 0 && (top < 0 ||
				    res_dl_before(&r->t[w], &r->t[top])))
					top = w;
			}
			if (top >= 0 && res_dl_deadline(e, (size_t)top) <
			    res_dl_deadline(e, h))
				np = pi[top] >= 0 ? pi[top] : top;
			if (np != pi[h]) {
				pi[h] = np;
				changed = true;
			}
		}
	}
	for (size_t i = 0; i < r->n; i++) {
		struct sim_job *j = res_head(e, i);
		enum rt_err err;

		if (pi[i] == r->t[i].pi)
			continue;
		r->t[i].pi = pi[i];
		if (j)
			sim_emit(e, SIM_REC_INHERIT, j->run_cpu, j,
				 pi[i] >= 0 ? pi[i] : (rt_time)i);
		any = true;
		err = e->ops->pi_set(e->pstate, (uint32_t)i, pi[i]);
		if (err)
			sim_fail(e, err, "policy %s: rt_mutex_setprio failed",
				 e->ops->name);
		e->resched = true;
	}
	return any;
}

/* pip, pcp: every task's effective rank from the blocked jobs (a
 * fixpoint: each holder at least as high as what blocks on it); a change
 * is an INHERIT record and a new key.  True if one changed. */
static bool res_inherit(struct sim_engine *e)
{
	struct sim_res *r = e->res;
	bool changed = true, any = false;

	if (r->dl)
		return res_dl_inherit(e);
	if (!r->inherit)
		return false;
	for (size_t i = 0; i < r->n; i++) {
		r->old[i] = r->eff[i];
		r->eff[i] = r->t[i].lvl;
	}
	for (size_t pass = 0; changed && pass <= r->n; pass++) {
		changed = false;
		for (size_t i = 0; i < r->n; i++) {
			int32_t h = r->t[i].blocker;

			if (r->t[i].wait < 0 || h < 0 || r->eff[i] >= r->eff[h])
				continue;
			r->eff[h] = r->eff[i];
			changed = true;
		}
	}
	for (size_t i = 0; i < r->n; i++) {
		struct sim_job *j = res_head(e, i);

		if (r->eff[i] == r->old[i] || !j)
			continue;
		sim_emit(e, SIM_REC_INHERIT, j->run_cpu, j, r->eff[i]);
		any = true;
		if (!j->blocked && !j->suspended)
			res_rekey(e, j);
	}
	return any;
}

/* j, blocked, is ready again: back in its policy's queue. */
static void res_ready(struct sim_engine *e, struct sim_job *j)
{
	enum rt_err err;

	j->blocked = false;
	err = e->ops->enqueue(e->pstate, j, SIM_ENQ_UNBLOCK);
	if (err)
		sim_fail(e, err, "policy %s: enqueue failed", e->ops->name);
	e->resched = true;
}

/* Task i's blocked job may lock what it waits for now: it is ready
 * again and tries the lock when it runs (its lock point is still ahead:
 * the engine meets it as it starts). */
static void res_wake(struct sim_engine *e, size_t i)
{
	struct sim_res *r = e->res;

	r->t[i].wait = r->t[i].blocker = -1;
	res_ready(e, res_head(e, i));
}

/* linux-dl, after an unlock or an abort: a free resource with waiters
 * and none of them woken wakes its top waiter (rt_mutex_slowunlock() ->
 * mark_wakeup_next_waiter(): one waiter, which stays in the waiter tree
 * and takes the lock when it runs, try_to_take_rt_mutex()); the waiters
 * of a free resource block on no owner, those of a held one on it. */
static bool res_dl_retry(struct sim_engine *e)
{
	struct sim_res *r = e->res;
	bool woke = false;

	for (size_t i = 0; i < r->n; i++)
		if (r->t[i].wait >= 0)
			r->t[i].blocker = r->holder[r->t[i].wait];
	for (uint32_t k = 0; k < r->nres; k++) {
		int32_t top;
		bool pending = false;

		if (r->holder[k] >= 0)
			continue;
		for (size_t i = 0; i < r->n; i++)
			pending |= r->t[i].wait == (int32_t)k &&
				   r->t[i].pending;
		top = res_dl_top(r, k, SIZE_MAX);
		if (pending || top < 0)
			continue;
		r->t[top].pending = true;
		woke = true;
		res_ready(e, res_head(e, (size_t)top));
	}
	return woke;
}

/* After an unlock or an abort: every blocked job whose lock would now
 * be granted is ready again (the highest runs first and locks; one that
 * finds it taken when it runs blocks again), the others wait on their
 * new holder; srp's held jobs above the ceiling are ready. */
static bool res_retry(struct sim_engine *e)
{
	struct sim_res *r = e->res;
	bool woke = false;
	int32_t by;
	uint32_t c;

	if (r->dl)
		return res_dl_retry(e);
	for (size_t i = 0; i < r->n; i++) {
		int32_t b;

		if (r->t[i].wait < 0)
			continue;
		if (res_can_lock(e, i, (uint32_t)r->t[i].wait, &b)) {
			res_wake(e, i);
			woke = true;
		} else {
			r->t[i].blocker = b;
		}
	}
	if (r->proto != SIM_PROTO_SRP)
		return woke;
	c = res_sysceil(r, &by);
	for (size_t i = 0; i < r->n; i++) {
		struct sim_job *j = res_head(e, i);

		if (!r->t[i].held || r->t[i].lvl >= c)
			continue;
		r->t[i].held = false;
		woke = true;
		res_ready(e, j);
	}
	return woke;
}

static void res_unlock(struct sim_engine *e, struct sim_job *j, uint32_t k)
{
	e->res->holder[k] = -1;
	sim_emit(e, SIM_REC_UNLOCK, j->run_cpu, j, k);
}

static bool res_lower(const struct sim_res *r, const struct sim_job *a,
		      const struct sim_job *b);

/* srp: job k locked a resource and the system ceiling may have risen;
 * every ready job not yet started whose level is not above it is held
 * back, unless its base priority is strictly lower than k's (it cannot
 * start before k unlocks anyway): a tie in the policy's order (two
 * equal deadlines) must not let it start. */
static void res_hold_ready(struct sim_engine *e, const struct sim_job *k)
{
	struct sim_res *r = e->res;
	int32_t by;
	uint32_t c = res_sysceil(r, &by);

	for (size_t i = 0; i < r->n; i++) {
		struct sim_job *h = res_head(e, i);

		if (!h || h->blocked || h->suspended || h->run_cpu >= 0 ||
		    h->info.start != RT_TIME_NEVER || r->t[i].lvl < c ||
		    res_lower(r, h, k))
			continue;
		e->ops->dequeue(e->pstate, h, SIM_DEQ_BLOCK);
		r->t[i].held = true;
		h->blocked = true;
		sim_emit(e, SIM_REC_BLOCK, -1, h, (rt_time)by);
	}
}

enum sim_res_out sim_res_point(struct sim_engine *e, struct sim_job *j)
{
	struct sim_res *r = e->res;
	size_t i = j->info.task;
	const struct rt_section_pt *pt = e->trt[i].spt;
	rt_time done = j->info.demand - j->info.remaining;
	bool end = j->info.remaining == 0, unlocked = false, blocked = false;
	bool locked = false;
	int32_t b;

	for (; j->sect < j->nsect && (end || pt[j->sect].at == done);
	     j->sect++) {
		uint32_t k = pt[j->sect].resource;

		if (!pt[j->sect].lock) {
			if (r->holder[k] == (int32_t)i) {
				res_unlock(e, j, k);
				unlocked = true;
			}
			continue;
		}
		if (end || pt[j->sect].at >= j->info.demand)
			continue;               /* past its demand */
		/* a lock right after unlocks at one point: if the unlocks
		 * made another job ready or lowered j's priority, that job
		 * may run first (j tries the lock when it runs again) */
		if (unlocked) {
			bool inh = r->dl && res_inherit(e), woke;

			woke = res_retry(e);
			unlocked = false;
			if (res_inherit(e) || inh || woke)
				return SIM_RES_YIELD;
		}
		if (res_can_lock(e, i, k, &b)) {
			r->holder[k] = (int32_t)i;
			if (r->dl) {    /* out of the waiter tree; the
					 * others wait on it now */
				r->t[i].wait = -1;
				r->t[i].pending = false;
				for (size_t w = 0; w < r->n; w++)
					if (r->t[w].wait == (int32_t)k)
						r->t[w].blocker = (int32_t)i;
			}
			sim_emit(e, SIM_REC_LOCK, j->run_cpu, j, k);
			locked = true;
			continue;
		}
		if (r->dl && !(r->t[i].pending &&
			       r->t[i].wait == (int32_t)k)) {
			/* task_blocks_on_rt_mutex(): a new waiter */
			r->t[i].wdl = res_dl_deadline(e, i);
			r->t[i].wseq = r->wseq++;
		}
		r->t[i].pending = false;
		r->t[i].wait = (int32_t)k;
		r->t[i].blocker = b;
		j->blocked = true;
		blocked = true;
		if (res_cycle(r, i)) {
			e->st.deadlocks++;
			if (e->st.first_deadlock == RT_TIME_NEVER)
				e->st.first_deadlock = e->now;
		}
		sim_emit(e, SIM_REC_BLOCK, j->run_cpu, j, k);
		break;
	}
	if (unlocked && r->dl)          /* mark_wakeup_next_waiter():
					 * unboost, then wake */
		res_inherit(e);
	if (unlocked)
		res_retry(e);
	if (locked && r->proto == SIM_PROTO_SRP)
		res_hold_ready(e, j);
	if (unlocked || blocked || (locked && r->dl))
		res_inherit(e);
	return blocked ? SIM_RES_BLOCKED : SIM_RES_GO;
}

bool sim_res_hold(struct sim_engine *e, struct sim_job *j)
{
	struct sim_res *r = e->res;
	size_t i = j->info.task;
	int32_t by;

	if (r->proto != SIM_PROTO_SRP || j->info.start != RT_TIME_NEVER ||
	    r->t[i].lvl < res_sysceil(r, &by))
		return false;
	r->t[i].held = true;
	j->blocked = true;
	sim_emit(e, SIM_REC_BLOCK, -1, j, (rt_time)by);
	return true;
}

void sim_res_abort(struct sim_engine *e, struct sim_job *j)
{
	struct sim_res *r = e->res;
	size_t i = j->info.task;
	bool any = r->t[i].wait >= 0 || r->t[i].held;

	r->t[i].wait = r->t[i].blocker = -1;
	r->t[i].held = false;
	r->t[i].pending = false;
	j->blocked = true;      /* leaving: never the policy's again */
	/* inner first: the points still ahead, unlocks in order */
	for (uint32_t s = 0; s < j->nsect; s++) {
		const struct rt_section_pt *p = &e->trt[i].spt[s];

		if (!p->lock && r->holder[p->resource] == (int32_t)i) {
			res_unlock(e, j, p->resource);
			any = true;
		}
	}
	if (!any)
		return;
	res_retry(e);
	res_inherit(e);
}

/* Does job a have a lower base priority than job b? */
static bool res_lower(const struct sim_res *r, const struct sim_job *a,
		      const struct sim_job *b)
{
	if (r->fp)
		return r->t[a->info.task].lvl > r->t[b->info.task].lvl;
	return a->info.abs_deadline > b->info.abs_deadline;
}

static void res_fold(struct res_task *t)
{
	if (t->blk_on && t->blk > t->max_blk)
		t->max_blk = t->blk;
}

void sim_res_advance(struct sim_engine *e, rt_time now)
{
	struct sim_res *r = e->res;
	const struct sim_job *x = e->cpu[0].curr;
	rt_time dt = now - r->last;

	r->last = now;
	for (size_t i = 0; i < r->n; i++) {
		struct res_task *t = &r->t[i];
		const struct sim_job *h = res_head(e, i);

		if (!h)
			continue;
		if (!t->blk_on || t->blk_seq != h->info.seq) {
			res_fold(t);
			t->blk_on = true;
			t->blk_seq = h->info.seq;
			t->blk = 0;
		}
		if (x && h != x && !h->suspended && dt > 0 &&
		    h->info.release < now && res_lower(r, x, h))
			t->blk += dt;
	}
}

void sim_res_publish(struct sim_engine *e)
{
	struct sim_res *r = e->res;

	for (size_t i = 0; i < r->n; i++) {
		struct res_task *t = &r->t[i];
		rt_time m = t->max_blk;

		if (t->blk_on && t->blk > m)
			m = t->blk;
		e->st.tasks[i].max_blocking = m;
	}
}
