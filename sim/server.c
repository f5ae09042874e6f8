/* server.c - EDF over entities (plain jobs and CBS servers): set-up,
 * keys, the runqueue heaps and the policy hooks; the core of the cbs,
 * linux-dl and edf-split policies (see server.h; docs/theory.md §E.1-E.5, docs/design.md
 * 3-4).  The CBS rules and the budget accounting are in server_rules.c.
 *
 * Invariants after sv_schedule():
 *   - a server's 'ent' is non-NULL iff it has work and is not throttled,
 *     and then ent is in 'ready' or 'running' (ent->pcpu >= 0);
 *   - no CPU is idle while 'ready' is non-empty, and no waiting entity
 *     should preempt a running one (sv_before);
 *   - a running server's budget timer fires when q reaches 0 at the
 *     current rate (never later), and is disarmed while it waits.
 *
 * Cost: O(log n) per enqueue/dequeue/timer (n = entities), O(log n +
 * log m) per change of the assignment; a GRUB rate change re-arms the
 * m running servers.  The server FIFO is a singly linked list of tasks;
 * removing a task from the middle (an aborted job) is O(tasks of the
 * server).  No allocation after init except the event queue growing for
 * the policy's timers (three per server).
 */
#include "sim/server_int.h"

#include <assert.h>
#include <inttypes.h>

#include "models/mem.h"

/* ---- set-up ------------------------------------------------------------ */

void sv_fini(struct sv_rq *rq)
{
	/* the timers are ours: out of the engine's queue before they go */
	for (size_t i = 0; i < rq->nsrv; i++) {
		sim_engine_disarm(rq->e, &rq->srv[i].budget.ev);
		sim_engine_disarm(rq->e, &rq->srv[i].repl.ev);
		sim_engine_disarm(rq->e, &rq->srv[i].inact.ev);
		sim_engine_disarm(rq->e, &rq->srv[i].yield.ev);
		sim_engine_disarm(rq->e, &rq->srv[i].change.ev);
		sim_engine_disarm(rq->e, &rq->srv[i].poll.ev);
		rt_free(rq->srv[i].ss);
	}
	sim_clusters_fini(&rq->cs);
	rt_free(rq->dom);
	rt_free(rq->vacated);
	rt_free(rq->tasks);
	rt_free(rq->srv);
}

enum rt_err sv_init(struct sv_rq *rq, struct sim_engine *e, size_t nsrv,
		    struct rt_diag *d)
{
	const struct sim_config *cfg = sim_engine_config(e);
	struct sim_server_stats *st = NULL;
	size_t n = cfg->ntasks;

	rq->e = e;
	rq->tie = cfg->tie_break;
	rq->ncpus = cfg->cpus;
	rq->horizon = cfg->horizon;
	rq->vacated = rt_calloc(cfg->cpus, sizeof(*rq->vacated));
	rq->tasks = rt_calloc(n ? n : 1, sizeof(*rq->tasks));
	rq->srv = rt_calloc(nsrv ? nsrv : 1, sizeof(*rq->srv));
	if (nsrv)
		st = sim_engine_server_stats(e, nsrv);
	if (!rq->vacated || !rq->tasks || !rq->srv || (nsrv && !st) ||
	    sim_clusters_init(&rq->cs, e) != RT_OK ||
	    !(rq->dom = rt_calloc(rq->cs.n, sizeof(*rq->dom)))) {
		sv_fini(rq);
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory",
				cfg->policy);
	}
	rq->ntasks = n;
	rq->nsrv = nsrv;
	for (unsigned c = 0; c < rq->cs.n; c++) {
		unsigned k;
		const unsigned *cpus = sim_engine_cluster_cpus(e, c, &k);

		for (unsigned i = 0; i < k; i++)
			rq->dom[c].cap += cfg->capacity ?
					  cfg->capacity[cpus[i]] :
					  SIM_CAP_SCALE;
	}
	for (size_t i = 0; i < n; i++) {
		rq->tasks[i].server = -1;
		rq->tasks[i].admitted = true;
		rq->tasks[i].dom = sim_engine_task_cluster(e, (uint32_t)i);
	}
	for (size_t i = 0; i < nsrv; i++) {
		struct sv_server *s = &rq->srv[i];

		s->idx = (uint32_t)i;
		s->st = &st[i];
		s->missed_d = RT_TIME_NEVER;
		s->last_cpu = -1;
		s->state = RT_SRV_INACTIVE;
		s->fresh = true;
		s->pi = -1;
		sim_event_init(&s->budget.ev, 0);
		sim_event_init(&s->repl.ev, 0);
		sim_event_init(&s->inact.ev, 0);
		sim_event_init(&s->yield.ev, 0);
		sim_event_init(&s->change.ev, 0);
		sim_event_init(&s->poll.ev, 0);
		s->poll.what = SV_T_POLL;
		s->poll.srv = (uint32_t)i;
		s->change.what = SV_T_CHANGE;
		s->change.srv = (uint32_t)i;
		s->budget.what = SV_T_BUDGET;
		s->repl.what = SV_T_REPL;
		s->inact.what = SV_T_INACT;
		s->yield.what = SV_T_YIELD;
		s->budget.srv = s->repl.srv = s->inact.srv = (uint32_t)i;
		s->yield.srv = (uint32_t)i;
	}
	return RT_OK;
}

enum rt_err sv_setup(struct sv_rq *rq, int64_t rt_runtime_us,
		     int64_t rt_period_us, struct rt_diag *d)
{
	const struct sim_config *cfg = sim_engine_config(rq->e);

	for (unsigned c = 0; c < rq->cs.n; c++) {
		rt_dl_grub_init(&rq->dom[c].grub, rt_runtime_us, rt_period_us);
		rq->dom[c].grub.running_bw = rq->dom[c].grub.this_bw = 0;
	}
	for (size_t i = rq->ntasks; i-- > 0;) {
		const struct rt_task *t = &cfg->tasks[i];
		struct sv_task *tk = &rq->tasks[i];

		if (tk->server >= 0) {
			rq->srv[tk->server].task0 = (uint32_t)i;
		} else if (tk->admitted && tk->klass != SV_CLASS_BG) {
			/* Plain tasks never become inactive: their bandwidth
			 * is always active (they are not reclaimable). */
			uint64_t bw = rt_server_bw_ceil(t->wcet < t->period ?
							t->wcet : t->period,
							t->period);

			rq->dom[tk->dom].grub.running_bw += bw;
			rq->dom[tk->dom].grub.this_bw += bw;
		}
	}
	for (size_t i = 0; i < rq->ntasks; i++) {
		const struct sv_task *tk = &rq->tasks[i];
		struct sv_server *s;

		if (tk->server < 0)
			continue;
		s = &rq->srv[tk->server];
		if (s->task0 != i && rq->tasks[s->task0].dom != tk->dom)
			return rt_diagf(d, RT_ERR_INVAL, "server %s serves "
					"tasks %s and %s, which run on different "
					"CPUs (cpusets/partitions)",
					s->name ? s->name : "?",
					cfg->tasks[s->task0].name,
					cfg->tasks[i].name);
		s->dom = tk->dom;
	}
	for (size_t i = 0; i < rq->nsrv; i++) {
		struct sv_server *s = &rq->srv[i];
		struct sv_dom *dom = &rq->dom[s->dom];

		if (s->Q == 0)          /* an entry the policy left unused */
			continue;
		if (s->rules == SV_RULES_LINUX) {
			s->bw = rt_dl_to_ratio(s->P, s->Q);
			s->density = rt_dl_to_ratio(s->D, s->Q);
			s->bwP = s->P;
		} else {
			s->bwP = s->D < s->P ? s->D : s->P;
			s->bw = rt_server_bw_ceil(s->Q, s->bwP);
		}
		if (s->grub)
			dom->grub_on = true;
		if (!s->fair && rq->tasks[s->task0].admitted)
			dom->grub.this_bw += s->bw;
	}
	for (unsigned c = 0; c < rq->cs.n; c++) {
		struct rt_dl_grub *g = &rq->dom[c].grub;

		uint64_t per_cpu = g->this_bw / rq->cs.cl[c].ncpus;

		g->extra_bw = g->max_bw > per_cpu ? g->max_bw - per_cpu : 0;
	}
	return RT_OK;
}

/* ---- keys -------------------------------------------------------------- */

static void sv_key(const struct sv_rq *rq, struct sim_job *j, uint8_t klass,
		   rt_time deadline)
{
	j->key.k0 = klass;
	j->key.k1 = klass == SV_CLASS_BG ? j->info.release : deadline;
	j->key.k2 = rq->tie == SIM_TIE_FIFO ? j->info.seq : j->info.task;
}

/* Should an entity with key a preempt a running one with key b?  Only
 * on a strictly earlier (class, deadline): an equal deadline never
 * preempts, whatever the tie key (one rule for every policy, as the
 * kernel's dl_entity_preempt(); the tie key orders waiting entities). */
static bool sv_before(const struct sim_key *a, const struct sim_key *b)
{
	if (a->k0 != b->k0)
		return a->k0 < b->k0;
	return a->k1 < b->k1;
}

static void sv_stop_hook(void *ctx, struct sim_job *j)
{
	sv_stop(ctx, j);
}

static enum rt_err sv_start_hook(void *ctx, struct sim_job *j)
{
	return sv_start(ctx, j);
}

/* Tick accounting: the preempted entity's update_curr_dl()
 * (put_prev_task_dl()) may find its runtime used up. */
static enum rt_err sv_preempted_hook(void *ctx, struct sim_job *j)
{
	struct sv_rq *rq = ctx;

	return rq->tick ? sv_preempted(rq, j) : RT_OK;
}

static const struct sim_cluster_hooks sv_hooks = {
	.preempts  = sv_before,
	.stop      = sv_stop_hook,
	.start     = sv_start_hook,
	.preempted = sv_preempted_hook,
};

/*
 * linux-dl on CPUs of different capacities (rq->fit): the idle CPU an
 * entity takes, as select_task_rq_dl() and find_later_rq() ->
 * cpudl_find() choose among free CPUs: its last CPU (task_cpu()) if idle
 * and it fits there (dl_task_fits_capacity(): rt_dl_fits); else the
 * lowest-numbered idle CPU that fits it (the kernel takes any of them,
 * cpumask_any_and_distribute()); else, none fitting, the idle CPU of
 * the largest capacity, its last CPU among equals, else the
 * lowest-numbered (cpudl_find()'s max_cap loop).  O(idle CPUs).
 */
static unsigned sv_fit_pick(void *ctx, const struct sim_clusters *cs,
			    const struct sim_cluster *c,
			    const struct sim_job *j)
{
	struct sv_rq *rq = ctx;
	const struct sv_server *s = sv_of(rq, j);
	unsigned fit = UINT_MAX, big = UINT_MAX;
	uint32_t bigcap = 0;
	int last;

	if (!s || c->ncpus == 1)
		return sim_cluster_idle_pick(cs, c, j);
	last = s->last_cpu;
	if (last >= 0 && cs->idle_pos[last] != SIM_CPU_NOT_IDLE &&
	    rt_dl_fits(s->density, rq->cap[last]))
		return (unsigned)last;
	for (unsigned i = 0; i < c->nidle; i++) {
		unsigned cpu = c->idle[i];
		uint32_t cap = rq->cap[cpu];

		if (rt_dl_fits(s->density, cap)) {
			fit = cpu < fit ? cpu : fit;
		} else if (cap > bigcap ||
			   (cap == bigcap && big != (unsigned)last &&
			    ((int)cpu == last || cpu < big))) {
			bigcap = cap;
			big = cpu;
		}
	}
	return fit != UINT_MAX ? fit : big;
}

static const struct sim_cluster_hooks sv_hooks_fit = {
	.preempts  = sv_before,
	.stop      = sv_stop_hook,
	.start     = sv_start_hook,
	.preempted = sv_preempted_hook,
	.idle_pick = sv_fit_pick,
};

struct sv_server *sv_of(struct sv_rq *rq, const struct sim_job *j)
{
	int32_t s = rq->tasks[j->info.task].server;

	return s >= 0 ? &rq->srv[s] : NULL;
}

/* ---- records ----------------------------------------------------------- */

void sv_rec(struct sv_rq *rq, const struct sv_server *s,
		   enum sim_rec_kind kind, rt_time value)
{
	const struct sim_job *j = s->ent ? s->ent :
				  s->head ? s->head->job : rq->leaving;
	int cpu = s->ent && s->ent->pcpu >= 0 ? s->ent->pcpu : -1;

	sim_engine_emit(rq->e, kind, cpu, j ? j->info.task : s->task0, j,
			value);
}

/* ---- entities in the heaps --------------------------------------------- */

static enum rt_err sv_ready_push(struct sv_rq *rq, struct sim_job *j)
{
	j->pcpu = -1;
	return sim_cluster_enqueue(&rq->cs, sim_clusters_of(&rq->cs, j->info.task),
				   j, &sv_hooks);
}

/* A running entity leaves its CPU (given back in the next schedule). */
static void sv_off_cpu(struct sv_rq *rq, struct sim_cluster *cl,
		       struct sim_job *j)
{
	sv_stop(rq, j);
	sim_cluster_leave(&rq->cs, cl, j);
}

/* The server's head job stands for it in the heaps from now on. */
enum rt_err sv_push(struct sv_rq *rq, struct sv_server *s)
{
	assert(!s->ent && s->head && !s->throttled);
	s->ent = s->head->job;
	s->state = RT_SRV_ACTIVE_CONTENDING;
	sv_key(rq, s->ent, s->klass, rq->rank ? s->rank : s->d);
	return sv_ready_push(rq, s->ent);
}

/* Take the server's entity out of the heaps (off its CPU if it runs:
 * the CPU is given back in the next sv_schedule). */
/* j (queued or running, in s's domain) leaves the heaps; its CPU is
 * given back in the next sv_schedule. */
static void sv_unqueue(struct sv_rq *rq, struct sv_server *s,
		       struct sim_job *j)
{
	struct sim_cluster *cl = &rq->cs.cl[s->dom];

	if (j->pcpu >= 0) {
		rq->vacated[rq->nvacated++] = (unsigned)j->pcpu;
		sv_off_cpu(rq, cl, j);
	} else {
		sim_rq_remove(&cl->ready, j);
	}
}

void sv_pull(struct sv_rq *rq, struct sv_server *s)
{
	if (!s->ent)
		return;
	sv_unqueue(rq, s, s->ent);
	s->ent = NULL;
}

/* A throttled fair server's head job runs in background meanwhile
 * (kernel: the fair class runs below every deadline entity). */
enum rt_err sv_bg_push(struct sv_rq *rq, struct sv_server *s)
{
	if (!s->fair || s->bg || !s->head || !s->throttled)
		return RT_OK;
	s->bg = s->head->job;
	sv_key(rq, s->bg, SV_CLASS_BG, 0);
	return sv_ready_push(rq, s->bg);
}

/* ... until the server is replenished or the job leaves. */
void sv_bg_pull(struct sv_rq *rq, struct sv_server *s)
{
	if (!s->bg)
		return;
	sv_unqueue(rq, s, s->bg);
	s->bg = NULL;
}

/* The server's deadline changed while its entity is queued. */
enum rt_err sv_rekey(struct sv_rq *rq, struct sv_server *s)
{
	struct sim_job *j = s->ent;

	if (!j)
		return RT_OK;
	sv_key(rq, j, s->klass, rq->rank ? s->rank : s->d);
	sim_rq_update(j->pcpu >= 0 ? &rq->cs.cl[s->dom].running :
		      &rq->cs.cl[s->dom].ready, j);
	sim_clusters_mark(&rq->cs, &rq->cs.cl[s->dom]);
	return RT_OK;
}

/* ---- hooks ------------------------------------------------------------- */

enum rt_err sv_enqueue(struct sv_rq *rq, struct sim_job *j, unsigned flags)
{
	struct sv_task *tk = &rq->tasks[j->info.task];
	struct sv_server *s;

	(void)flags;
	tk->job = j;
	if (tk->server < 0) {
		sv_key(rq, j, tk->klass, rq->rank ? rq->rank[j->info.task] :
					 j->info.abs_deadline);
		return sv_ready_push(rq, j);
	}
	s = &rq->srv[tk->server];
	sv_thr_account(rq, s);
	/* E.1 rule 3: a server with pending work just queues the job */
	tk->next = NULL;
	if (s->tail)
		s->tail->next = tk;
	else
		s->head = tk;
	s->tail = tk;
	if (s->cont) {          /* the task never slept: no wake-up rule */
		s->cont = false;
		if (s->head != tk || s->ent)
			return RT_OK;
		return s->throttled ? sv_bg_push(rq, s) : sv_push(rq, s);
	}
	if (s->head != tk)
		return RT_OK;
	if (s->defer)           /* its CPU's first fair job */
		return sv_defer_start(rq, s);
	return sv_wakeup(rq, s);
}

static void sv_fifo_remove(struct sv_server *s, struct sv_task *tk)
{
	struct sv_task **pp = &s->head, *prev = NULL;

	while (*pp && *pp != tk) {
		prev = *pp;
		pp = &(*pp)->next;
	}
	assert(*pp == tk);
	*pp = tk->next;
	if (s->tail == tk)
		s->tail = prev;
	tk->next = NULL;
}

void sv_dequeue(struct sv_rq *rq, struct sim_job *j, unsigned flags)
{
	struct sv_task *tk = &rq->tasks[j->info.task];
	struct sv_server *s = sv_of(rq, j);
	struct sim_cluster *cl = &rq->cs.cl[tk->dom];
	enum rt_err err = RT_OK;

	tk->job = NULL;
	rq->leaving = j;
	if (!s || s->ent == j || s->bg == j) {
		if (j->pcpu >= 0)
			sv_off_cpu(rq, cl, j);
		else
			sim_rq_remove(&cl->ready, j);
		if (!s)
			goto out;
		if (s->bg == j)
			s->bg = NULL;
		else
			s->ent = NULL;
	}
	sv_thr_account(rq, s);
	sv_fifo_remove(s, tk);
	/*
	 * linux: the job ended with the task's next job pending (released
	 * while this one ran).  A job is the user's notion: the task is
	 * still runnable, it never sleeps, so the kernel neither dequeues
	 * it (no update_curr_dl() at the boundary) nor runs the wake-up
	 * path (enqueue_dl_entity(ENQUEUE_WAKEUP) -> update_dl_entity(),
	 * dl_entity_overflow()), nor, for a fair server, dl_server_stop():
	 * the next job, enqueued right after (SIM_ENQ_HEAD), goes on with
	 * the runtime and deadline it has.  Only exact accounting (the
	 * HRTICK_DL timer) notices a runtime used up at this instant; with
	 * tick accounting the next tick does (sv_start re-arms there).
	 * polling: the task's next job is pending work too (P4 drops the
	 * capacity only when no work is left), so the server goes on with
	 * it in the same poll: jobs released together are served as the
	 * one job of their total demand that analyze bounds.
	 * CBS, hard and revised CBS: the next job arrived while the server
	 * had pending work (E.1 rule 3: queued), so at this completion it
	 * continues with the server's current deadline and budget (rule
	 * 5), no wake-up rule.
	 */
	s->cont = (s->rules == SV_RULES_LINUX ||
		   s->rules == SV_RULES_POLLING || s->rules == SV_RULES_CBS ||
		   s->rules == SV_RULES_HARD ||
		   s->rules == SV_RULES_REVISED) && j->next &&
		  (flags & (SIM_DEQ_COMPLETE | SIM_DEQ_ABORT));
	if (s->defer && !s->head && !s->cont) { /* CFS empty:
						 * dl_server_stop() */
		sv_defer_stop(rq, s);
		goto out;
	}
	/* exhaustion coinciding with the completion (E.7 vector 2); a
	 * deferred server's background work too */
	if (s->defer && s->throttled && s->q <= 0 && !s->bg)
		err = sv_defer_bg_exhausted(rq, s);
	else if (!s->throttled && s->q <= 0 && !(s->cont && rq->tick))
		err = sv_exhausted(rq, s);
	if (!err && s->head && !s->throttled && !s->ent)
		err = sv_push(rq, s);
	else if (!err && s->head && s->throttled)
		err = sv_bg_push(rq, s);
	else if (!err && !s->head && !s->cont)
		err = sv_idle(rq, s);
	if (err)
		rq->err = err;
out:
	rq->leaving = NULL;
}

/* Dispatch the domains to visit with hooks h: the one domain, or the
 * dirty ones until none is left (sv_start may mark more: a GRUB rate
 * change).  Inlined into each caller with its constant h, so that the
 * hooks are inlined into sim_cluster_dispatch. */
static inline __attribute__((always_inline)) enum rt_err
sv_dispatch_domains(struct sv_rq *rq, const struct sim_cluster_hooks *h)
{
	enum rt_err err = RT_OK;

	if (rq->cs.n == 1)      /* one domain: always visited */
		return sim_cluster_dispatch(&rq->cs, rq->cs.cl, h, rq);
	while (rq->cs.ndirty && !err) {
		struct sim_cluster *cl = &rq->cs.cl[rq->cs.dirty[--rq->cs.ndirty]];

		cl->dirty = false;
		err = sim_cluster_dispatch(&rq->cs, cl, h, rq);
	}
	return err;
}

/* The capacity-aware placement (sv_fit_pick); out of line, so that the
 * identical-CPU path keeps its one inlined copy. */
static __attribute__((noinline)) enum rt_err sv_schedule_fit(struct sv_rq *rq)
{
	return sv_dispatch_domains(rq, &sv_hooks_fit);
}

enum rt_err sv_schedule(struct sv_rq *rq)
{
	if (rq->err)
		return rq->err;
	for (unsigned i = 0; i < rq->nvacated; i++)
		sim_engine_assign(rq->e, rq->vacated[i], NULL);
	rq->nvacated = 0;
	if (rq->fit)
		return sv_schedule_fit(rq);
	return sv_dispatch_domains(rq, &sv_hooks);
}

enum rt_err sv_timer(struct sv_rq *rq, struct sim_event *ev)
{
	/* ev is the first member of struct sv_timer */
	struct sv_timer *tm = (struct sv_timer *)(void *)ev;
	struct sv_server *s = &rq->srv[tm->srv];

	switch (tm->what) {
	case SV_T_BUDGET:
		sv_charge(rq, s);
		if (s->defer && s->throttled) { /* background work */
			if (s->q > 0)
				return sv_arm_budget(rq, s);
			return sv_defer_bg_exhausted(rq, s);
		}
		if (s->q > 0 && !rq->kernel) {
			/* less than one time unit of budget left at this
			 * rate (sv_exhaust_in): forfeited */
			s->q = 0;
			s->qfrac = 0;
		}
		if (s->q > 0)           /* not yet: cannot happen */
			return sv_arm_budget(rq, s);
		return sv_exhausted(rq, s);
	case SV_T_REPL:
		if (s->defer_armed)
			return sv_defer_timer(rq, s);
		/* dl_task_timer(): "The task might have been boosted by
		 * someone else": a boosted task is ignored (sv_pi_set() and
		 * its wake-up unthrottle it) */
		if (s->pi >= 0)
			return RT_OK;
		return sv_replenish(rq, s);
	case SV_T_INACT:
		return sv_inactive(rq, s);
	case SV_T_YIELD:
		return sv_yield(rq, s);
	case SV_T_POLL:
		return sv_fp_poll(rq, s);
	}
	return RT_ERR_INVAL;
}

/* At the horizon: a server with work and budget whose deadline has
 * passed missed it (value H - d, a lower bound). */
enum rt_err sv_end(struct sv_rq *rq)
{
	for (size_t i = 0; i < rq->nsrv; i++) {
		struct sv_server *s = &rq->srv[i];

		sv_charge(rq, s);
		sv_thr_account(rq, s);
		if (s->head && !s->throttled && s->q > 0 &&
		    s->d <= rq->horizon && s->missed_d != s->d) {
			s->missed_d = s->d;
			sim_engine_server_miss(rq->e, s->idx, rq->horizon - s->d);
			sv_rec(rq, s, SIM_REC_SERVER_MISS, rq->horizon - s->d);
		}
	}
	return rq->err;
}
