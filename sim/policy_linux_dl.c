/* policy_linux_dl.c - Linux SCHED_DEADLINE as a named kernel does it (docs/design.md
 * 4; docs/theory.md §E.3-E.5, G.6; kernel/sched/deadline.c).
 *
 * Every task is its own reservation (runtime Q = C, deadline D, period P =
 * T): a hard CBS with the revised wake-up rule, throttling, the
 * replenishment loop with carried-over overrun and the "lagged too much"
 * reset, and dl_check_constrained_dl() at wake-up (sim/server_rules.c,
 * SV_RULES_LINUX), in the kernel's fixed point.  Global EDF on the
 * scheduling deadlines over the CPUs of a root domain (the kernel
 * approximates it by push/pull); a running task is not preempted by an
 * equal deadline (dl_entity_preempt(): strict '<').  Root domains are the
 * engine's clusters: all CPUs (placement global), or the exclusive
 * cpusets (placement cpusets; partitioned = one CPU per set), each with
 * its own admission and GRUB state (docs/theory.md §E.4 item 8).
 *
 * Parameters: __checkparam_dl() for every task at init (RT_ERR_INVAL with
 * the kernel's rule).  Admission, when a task joins (sched_setattr()):
 * sched_dl_overflow() -> __dl_overflow():
 *
 *	sum_i floor(Q_i 2^20 / P_i) <= floor(rt_runtime 2^20 / rt_period) * M
 *
 * over the tasks and the M CPUs of the task's root domain (996147 * M by
 * default; rt_runtime_us -1 turns it off); on CPUs of different
 * capacities M becomes dl_bw_capacity() / 1024, the sum of the domain's
 * capacities: cap_scale(996147, sum) (ldl_caps(): runtime charged at
 * capacity/1024, an idle CPU that fits the task's density chosen
 * first; docs/linux-dl.md "CPUs of different capacities").  A rejected
 * task never runs.  A task that leaves keeps its bandwidth until the
 * 0-lag time after its last job (ldl_leave()).
 *
 * Fair tasks (class: fair, SCHED_OTHER) are no SCHED_DEADLINE entities:
 * no parameter check, no admission; they run below every deadline
 * entity, in release order (CFS's fair sharing is not modelled).  The
 * per-CPU fair server (the kernel profile's, or fair_server:) is one more
 * reservation per CPU with the same rules, serving, FIFO, the fair tasks
 * of its CPU (the task's cpu:, else the CPUs of its root domain in turn).
 * Deferred (dl_defer, Linux 6.12: sv_defer_*() in server_rules.c) it
 * waits until d - runtime while they run in background, charged;
 * non-deferred, with budget it runs them at deadline priority, throttled
 * it lets them run in background.  In a root domain of several CPUs the
 * fair servers are scheduled by its global EDF like the tasks (the
 * kernel pins each to its CPU).  Its bandwidth counts in the domain's
 * admission (reserve: true, as __dl_add() in dl_server_apply_params()
 * with init = 1 does), or, as an option, is only checked against what RT
 * throttling leaves, 2^20 - dl_b->bw (reserve: false).
 *
 * The kernel profile (cfg->dl_rules, models/linux_dl.h) also selects the
 * accounting (exact, or at the tick: sv_rq.tick) and the release of a
 * leaving task's bandwidth; per task: flags (SCHED_FLAG_RECLAIM,
 * SCHED_FLAG_DL_OVERRUN), sched_yield() instants, sched_setattr() calls
 * (ldl_change()).  docs/linux-dl.md has every rule.
 *
 * reclaim: grub (SCHED_FLAG_RECLAIM for every task, or flags: [reclaim]
 * per task) uses grub_reclaim()'s
 * rate in root domains of one CPU; on a domain of several CPUs the
 * kernel's per-runqueue accounting has no counterpart in global EDF, so
 * it is refused.
 *
 * This file: the per-CPU fair servers (ldl_fair_init, their admission
 * ldl_fair_admit), every task's reservation and __checkparam_dl()
 * (ldl_init), sched_setattr() calls (ldl_change_arm, ldl_change), the
 * admission (ldl_admit), leaving (ldl_leave), the bandwidth the admission
 * counts (ldl_total_bw); the scheduling hooks are the core's (sim/server.c).
 */
#include <stdio.h>

#include "models/linux_dl.h"
#include "models/mem.h"
#include "sim/policy.h"
#include "sim/server.h"

struct ldl {
	struct sv_rq rq;                /* first: the core's state */
	size_t nfair;                   /* fair servers: one per CPU, or 0;
					 * servers ntasks .. ntasks + nfair */
	char (*fair_name)[24];          /* their names, "fair@cpuN" */
	uint64_t cap_bw;                /* dl_b->bw = to_ratio(period, runtime) */
	bool unlimited;                 /* rt_runtime_us == -1 */
	struct rt_dl_rules rules;       /* the kernel profile's rules */
};

static void ldl_fini(void *state)
{
	struct ldl *l = state;

	if (!l)
		return;
	sv_fini(&l->rq);
	rt_free(l->fair_name);
	rt_free(l);
}

/* The fair servers (one per CPU) and the fair tasks they serve. */
static enum rt_err ldl_fair_init(struct ldl *l, const struct sim_config *cfg,
				 struct rt_diag *d)
{
	struct sv_rq *rq = &l->rq;
	unsigned *turn = NULL;
	enum rt_err err;

	if (!l->nfair)
		return RT_OK;
	err = rt_dl_checkparam("fair_server", cfg->fair_runtime,
			       cfg->fair_deadline, cfg->fair_period, 1, "ns", d);
	if (err)
		return err;
	l->fair_name = rt_calloc(l->nfair, sizeof(*l->fair_name));
	turn = rt_calloc(rq->cs.n, sizeof(*turn));
	if (!l->fair_name || !turn) {
		rt_free(turn);
		return rt_diagf(d, RT_ERR_NOMEM, "linux-dl: out of memory");
	}
	for (unsigned c = 0; c < rq->cs.n; c++) {
		unsigned k;
		const unsigned *cpus = sim_engine_cluster_cpus(rq->e, c, &k);

		for (unsigned i = 0; i < k; i++) {
			struct sv_server *s = &rq->srv[cfg->ntasks + cpus[i]];

			snprintf(l->fair_name[cpus[i]], sizeof(*l->fair_name),
				 "fair@cpu%u", cpus[i]);
			s->name = s->st->name = l->fair_name[cpus[i]];
			s->rules = SV_RULES_LINUX;
			s->fair = true;
			s->defer = cfg->fair_defer;
			s->Q = cfg->fair_runtime;
			s->D = cfg->fair_deadline;
			s->P = cfg->fair_period;
			s->dom = c;
		}
	}
	for (size_t i = 0; i < cfg->ntasks; i++) {
		const struct rt_task *t = &cfg->tasks[i];
		struct sv_task *tk = &rq->tasks[i];
		unsigned k, cpu;
		const unsigned *cpus;

		if (t->klass != RT_CLASS_FAIR)
			continue;
		cpus = sim_engine_cluster_cpus(rq->e, tk->dom, &k);
		cpu = t->cpu >= 0 ? (unsigned)t->cpu : cpus[turn[tk->dom]++ % k];
		tk->server = (int32_t)(cfg->ntasks + cpu);
	}
	rt_free(turn);
	return RT_OK;
}

uint64_t sim_dl_fair_bw_limit(uint64_t cap_bw, bool reserve)
{
	return reserve ? cap_bw : RT_BW_UNIT - cap_bw;
}

/* grub_reclaim() at the tick would charge each tick at the rate of its
 * end; the kernel reclaims per runqueue, which one global runqueue of
 * several CPUs has no counterpart of. */
enum sim_dl_grub sim_dl_grub_verdict(bool tick, unsigned cpus)
{
	if (tick)
		return SIM_DL_GRUB_TICK;
	return cpus > 1 ? SIM_DL_GRUB_SMP : SIM_DL_GRUB_OK;
}

/* Fair servers' bandwidth: reserved in each domain's admission, or
 * checked against what RT throttling leaves per CPU. */
static enum rt_err ldl_fair_admit(struct ldl *l, const struct sim_config *cfg,
				  struct rt_diag *d)
{
	uint64_t bw;

	if (!l->nfair)
		return RT_OK;
	bw = rt_dl_to_ratio(cfg->fair_period, cfg->fair_runtime);
	if (!cfg->fair_reserve) {
		if (!l->unlimited &&
		    bw > sim_dl_fair_bw_limit(l->cap_bw, false))
			return rt_diagf(d, RT_ERR_INVAL, "linux-dl: fair_server "
					"bandwidth %llu > 2^20 - %llu (what "
					"rt_runtime_us leaves per CPU)",
					(unsigned long long)bw,
					(unsigned long long)l->cap_bw);
		return RT_OK;
	}
	for (unsigned c = 0; c < l->rq.cs.n; c++) {
		struct sv_dom *dom = &l->rq.dom[c];
		uint64_t all = bw * l->rq.cs.cl[c].ncpus;

		/* dl_server_apply_params() checks __dl_overflow() too; on
		 * slow CPUs the servers may not fit (-EBUSY at boot, which
		 * sched_init_dl_servers() ignores in 6.12) */
		/* symmetric CPUs: __dl_overflow() with cap = dl_bw_cpus()
		 * << 10; the kernel's -EBUSY */
		if (!l->rq.cap && !l->unlimited &&
		    bw > sim_dl_fair_bw_limit(l->cap_bw, true))
			return rt_diagf(d, RT_ERR_INVAL, "linux-dl: "
					"scheduler.fair_server: bandwidth "
					"runtime/period = %llu (x %u CPUs) "
					"exceeds the admission cap %llu per "
					"CPU (rt_runtime_us/rt_period_us; "
					"dl_server_apply_params() -> "
					"__dl_overflow(): -EBUSY)",
					(unsigned long long)bw,
					l->rq.cs.cl[c].ncpus,
					(unsigned long long)l->cap_bw);
		if (l->rq.cap && !rt_dl_admit_cap(dom->total_bw, all,
						  l->cap_bw, dom->cap,
						  l->unlimited))
			return rt_diagf(d, RT_ERR_UNSUPPORTED, "linux-dl: not "
					"implemented yet: fair servers whose "
					"bandwidth (%llu x %u CPUs) exceeds the "
					"root domain's cap_scale(%llu, %llu); "
					"use fair_server: {runtime: 0} or "
					"faster CPUs",
					(unsigned long long)bw,
					l->rq.cs.cl[c].ncpus,
					(unsigned long long)l->cap_bw,
					(unsigned long long)dom->cap);

		dom->total_bw += all;
		dom->grub.this_bw += all;
	}
	return RT_OK;
}

/*
 * CPUs of different capacities (cfg->capacity): runtime charged at
 * capacity/1024 (sv_rate), admission against dl_bw_capacity() (the
 * domains' sv_dom.cap), and, when the capacities are not all equal
 * (sched_asym_cpucap_active()), the capacity-aware choice of an idle
 * CPU (sv_fit_pick).  Refused: what the kernel does there that dlsim
 * does not model.
 */
static enum rt_err ldl_caps(struct ldl *l, const struct sim_config *cfg,
			    struct rt_diag *d)
{
	if (!cfg->capacity)
		return RT_OK;
	for (unsigned c = 1; c < cfg->cpus; c++)
		l->rq.fit |= cfg->capacity[c] != cfg->capacity[0];
	l->rq.cap = cfg->capacity;
	if (cfg->reclaim == RT_RECLAIM_GRUB)
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "linux-dl: not "
				"implemented yet: reclaim: grub on CPUs of "
				"different capacities");
	for (size_t i = 0; i < cfg->ntasks; i++) {
		if (cfg->dl_flags && (cfg->dl_flags[i] & RT_DL_FLAG_RECLAIM))
			return rt_diagf(d, RT_ERR_UNSUPPORTED, "linux-dl: not "
					"implemented yet: task %s: flags: "
					"[reclaim] (grub) on CPUs of different "
					"capacities", cfg->tasks[i].name);
		if (cfg->tasks[i].klass == RT_CLASS_FAIR)
			return rt_diagf(d, RT_ERR_UNSUPPORTED, "linux-dl: not "
					"implemented yet: task %s: class: fair "
					"on CPUs of different capacities (the "
					"kernel's fair server is pinned to its "
					"CPU)", cfg->tasks[i].name);
	}
	return RT_OK;
}

static enum rt_err ldl_init(struct sim_engine *e, void **state,
			    struct rt_diag *d)
{
	const struct sim_config *cfg = sim_engine_config(e);
	int64_t runtime = cfg->rt_runtime_us, period = cfg->rt_period_us;
	bool reclaim = cfg->reclaim == RT_RECLAIM_GRUB;
	struct ldl *l;
	enum rt_err err;

	if (period == 0) {              /* the kernel's defaults */
		runtime = 950000;
		period = 1000000;
	}
	if (period < 0 || runtime < RT_DL_RUNTIME_INF || runtime > period)
		return rt_diagf(d, RT_ERR_INVAL, "linux-dl: rt_runtime_us %lld, "
				"rt_period_us %lld; expected -1 or 0..period, and "
				"period > 0", (long long)runtime,
				(long long)period);
	for (size_t i = 0; i < cfg->ntasks; i++) {
		const struct rt_task *t = &cfg->tasks[i];

		if (t->klass == RT_CLASS_FAIR)
			continue;
		err = rt_dl_checkparam(t->name, t->wcet, t->deadline, t->period,
				       1, "ns", d);
		if (err)
			return err;
	}
	l = rt_calloc(1, sizeof(*l));
	if (!l)
		return rt_diagf(d, RT_ERR_NOMEM, "linux-dl: out of memory");
	l->nfair = cfg->fair_runtime > 0 ? cfg->cpus : 0;
	err = sv_init(&l->rq, e, cfg->ntasks + l->nfair, d);
	if (err) {
		rt_free(l);
		return err;
	}
	l->rq.kernel = true;
	if ((err = ldl_caps(l, cfg, d))) {
		ldl_fini(l);
		return err;
	}
	l->rules = cfg->dl_rules ? *cfg->dl_rules : *rt_dl_profile(NULL);
	if (l->rules.accounting == RT_DL_ACCT_TICK) {
		if (!rt_dl_tick_nsec(l->rules.hz) || l->rules.tick_phase < 0) {
			ldl_fini(l);
			return rt_diagf(d, RT_ERR_INVAL, "linux-dl: accounting: "
					"tick needs hz > 0 and tick_phase >= 0");
		}
		l->rq.tick = &l->rules;
	}
	for (size_t i = 0; cfg->dl_flags && i < cfg->ntasks; i++)
		reclaim |= (cfg->dl_flags[i] & RT_DL_FLAG_RECLAIM) != 0;
	/* the domains' sizes are checked below, once they are set up */
	if (reclaim && sim_dl_grub_verdict(l->rq.tick != NULL, 1) ==
		       SIM_DL_GRUB_TICK) {
		ldl_fini(l);
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "linux-dl: reclaim: "
				"grub with accounting: tick is not "
				"modelled (grub_reclaim() would charge "
				"each tick at the rate of its end); use "
				"accounting: exact");
	}
	l->unlimited = runtime == RT_DL_RUNTIME_INF;
	l->cap_bw = rt_dl_to_ratio(period, runtime);
	for (size_t i = 0; i < cfg->ntasks; i++) {
		const struct rt_task *t = &cfg->tasks[i];
		struct sv_server *s = &l->rq.srv[i];

		if (t->klass == RT_CLASS_FAIR) {        /* no reservation */
			l->rq.tasks[i].klass = SV_CLASS_BG;
			continue;
		}
		s->name = t->name;
		s->rules = SV_RULES_LINUX;
		s->grub = cfg->reclaim == RT_RECLAIM_GRUB ||
			  (cfg->dl_flags &&
			   (cfg->dl_flags[i] & RT_DL_FLAG_RECLAIM));
		s->dl_overrun = cfg->dl_flags &&
				(cfg->dl_flags[i] & RT_DL_FLAG_DL_OVERRUN);
		if (cfg->dl_changes) {
			s->chg = cfg->dl_changes[i].v;
			s->nchg = cfg->dl_changes[i].n;
		}
		if (cfg->dl_yield_at) {
			s->yield_at = cfg->dl_yield_at[i].at;
			s->nyield = cfg->dl_yield_at[i].n;
		}
		s->Q = t->wcet;
		s->D = t->deadline;
		s->P = t->period;
		s->st->name = t->name;
		l->rq.tasks[i].server = (int32_t)i;
		l->rq.tasks[i].admitted = false;        /* until it joins */
	}
	if (l->nfair && cfg->fair_defer &&
	    cfg->fair_runtime >= cfg->fair_deadline) {
		ldl_fini(l);
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "linux-dl: a deferred "
				"fair server with runtime = deadline (no "
				"laxity to defer by) is not modelled; use "
				"defer: false");
	}
	err = ldl_fair_init(l, cfg, d);
	if (!err)
		err = sv_setup(&l->rq, runtime, period, d);
	if (!err)
		err = ldl_fair_admit(l, cfg, d);
	for (unsigned c = 0; !err && c < l->rq.cs.n; c++)
		if (l->rq.dom[c].grub_on &&
		    sim_dl_grub_verdict(l->rq.tick != NULL,
					l->rq.cs.cl[c].ncpus) == SIM_DL_GRUB_SMP)
			err = rt_diagf(d, RT_ERR_UNSUPPORTED, "linux-dl: reclaim: "
				       "grub is modelled in root domains of one "
				       "CPU only (the kernel reclaims per "
				       "runqueue; flags: [reclaim] too); use "
				       "cpus: 1, partitioned placement or one-CPU "
				       "cpusets");
	if (err) {
		ldl_fini(l);
		return err;
	}
	*state = l;
	return RT_OK;
}

/* The next sched_setattr() of s's task (changes:), from now on. */
static enum rt_err ldl_change_arm(struct ldl *l, struct sv_server *s)
{
	rt_time now = sim_engine_now(l->rq.e), at;

	while (s->chg_next < s->nchg && s->chg[s->chg_next].at < now)
		s->chg_next++;          /* before the task joined */
	if (s->chg_next >= s->nchg)
		return RT_OK;
	at = s->chg[s->chg_next].at;
	if (at > l->rq.horizon)
		return RT_OK;
	return sim_engine_arm(l->rq.e, &s->change.ev, at, SIM_RANK_TASK);
}

/*
 * sched_setattr() with new parameters on an admitted task
 * (__sched_setscheduler() -> sched_dl_overflow()): the same bandwidth
 * passes at once; else the root domain must fit total_bw - old + new
 * (__dl_overflow(dl_b, cap, p->dl.dl_bw, new_bw)), or the call fails
 * with -EBUSY and nothing changes.  A SETATTR record gives the outcome.
 * The task no longer admitted (it left) ignores it.
 */
static enum rt_err ldl_change(struct ldl *l, struct sv_server *s)
{
	const struct sim_dl_change *c = &s->chg[s->chg_next++];
	uint32_t task = s->task0;
	struct sv_dom *dom = sv_task_dom(&l->rq, task);
	uint64_t bw = rt_dl_to_ratio(c->period, c->runtime);
	bool ok;
	enum rt_err err;

	if ((err = ldl_change_arm(l, s)))
		return err;
	if (!l->rq.tasks[task].admitted)
		return RT_OK;
	ok = bw == s->bw || rt_dl_admit_cap(dom->total_bw - s->bw, bw,
					    l->cap_bw, dom->cap, l->unlimited);
	sim_engine_emit(l->rq.e, SIM_REC_SETATTR, -1, task, NULL, ok);
	if (!ok)
		return RT_OK;
	return sv_setattr(&l->rq, s, c->runtime, c->deadline, c->period, bw);
}

static enum rt_err ldl_admit(void *state, uint32_t task, bool *accept,
			     unsigned *test)
{
	struct ldl *l = state;
	struct sv_server *s = &l->rq.srv[task];
	struct sv_dom *dom = sv_task_dom(&l->rq, task);

	if (l->rq.tasks[task].klass == SV_CLASS_BG) {   /* SCHED_OTHER */
		*test = SIM_ADMIT_NONE;
		*accept = true;
		return RT_OK;
	}
	*test = SIM_ADMIT_LINUX;
	*accept = rt_dl_admit_cap(dom->total_bw, s->bw, l->cap_bw, dom->cap,
				  l->unlimited);
	if (!*accept)
		return RT_OK;
	dom->total_bw += s->bw;
	l->rq.tasks[task].admitted = true;
	dom->grub.this_bw += s->bw;
	if (s->nyield) {        /* its sched_yield() calls, from now on */
		enum rt_err err = sv_yield_arm(&l->rq, s);

		if (err)
			return err;
	}
	if (s->nchg) {          /* its sched_setattr() calls */
		enum rt_err err = ldl_change_arm(l, s);

		if (err)
			return err;
	}
	return sv_this_bw_changed(&l->rq, dom);
}

/* The task left (leave_at): no job arrives from now on.  Its jobs
 * already released run to completion under its reservation: in the
 * kernel exit is the task's own act, so a task cannot be dead with work
 * pending; dlsim's leave_at is "exits after its last job".  Then, as
 * do_exit() -> dequeue_task_dl(DEQUEUE_SLEEP) -> task_non_contending()
 * with TASK_DEAD: the bandwidth stays in total_bw until the 0-lag time
 * (inactive_task_timer() -> __dl_sub()), so admission in between still
 * counts it.  bw_release: immediate gives the pre-4.13 task_dead_dl()
 * rule (returned at once). */
static void ldl_leave(void *state, uint32_t task)
{
	struct ldl *l = state;
	struct sv_server *s = &l->rq.srv[task];
	struct sv_dom *dom = sv_task_dom(&l->rq, task);
	enum rt_err err;

	if (!l->rq.tasks[task].admitted || l->rq.tasks[task].klass ==
	    SV_CLASS_BG)
		return;
	l->rq.tasks[task].admitted = false;
	if (l->rules.release == RT_DL_RELEASE_ZERO_LAG) {
		err = sv_task_dead(&l->rq, s);
	} else {
		dom->total_bw -= s->bw;
		dom->grub.this_bw -= s->bw;
		err = sv_this_bw_changed(&l->rq, dom);
	}
	if (err)
		l->rq.err = err;
}

static bool ldl_total_bw(void *state, uint32_t task, uint64_t *bw)
{
	struct ldl *l = state;

	*bw = sv_task_dom(&l->rq, task)->total_bw;
	return true;
}

static enum rt_err ldl_enqueue(void *state, struct sim_job *j, unsigned flags)
{
	return sv_enqueue(&((struct ldl *)state)->rq, j, flags);
}

static void ldl_dequeue(void *state, struct sim_job *j, unsigned flags)
{
	sv_dequeue(&((struct ldl *)state)->rq, j, flags);
}

static enum rt_err ldl_schedule(void *state)
{
	return sv_schedule(&((struct ldl *)state)->rq);
}

static enum rt_err ldl_timer(void *state, struct sim_event *ev)
{
	struct ldl *l = state;
	/* ev is the first member of struct sv_timer */
	const struct sv_timer *tm = (const struct sv_timer *)(void *)ev;

	if (tm->what == SV_T_CHANGE)
		return ldl_change(l, &l->rq.srv[tm->srv]);
	return sv_timer(&l->rq, ev);
}

/* rt_mutex_setprio(task, donor) (sim/resource.c, protocol inherit): the
 * task's pi_se becomes the donor's (donor's reservation; the engine
 * passes the end of the chain, as pi_se is inherited transitively), or
 * its own. */
static enum rt_err ldl_pi_set(void *state, uint32_t task, int32_t donor)
{
	struct sv_rq *rq = &((struct ldl *)state)->rq;
	int32_t pi = donor >= 0 ? rq->tasks[donor].server : -1;

	if (rq->tasks[task].server < 0)
		return RT_OK;
	if (pi == rq->tasks[task].server)
		pi = -1;
	return sv_pi_set(rq, &rq->srv[rq->tasks[task].server], pi);
}

/* dl_se->deadline: orders the rt_mutex waiters and decides
 * dl_entity_preempt(); a fair task has none (the latest). */
static rt_time ldl_pi_deadline(void *state, uint32_t task)
{
	struct sv_rq *rq = &((struct ldl *)state)->rq;
	int32_t s = rq->tasks[task].server;

	return s >= 0 && !rq->srv[s].fair ? rq->srv[s].d : RT_TIME_MAX;
}

static enum rt_err ldl_end(void *state)
{
	return sv_end(&((struct ldl *)state)->rq);
}

const struct sim_policy_ops sim_policy_linux_dl = {
	.name        = "linux-dl",
	.init        = ldl_init,
	.fini        = ldl_fini,
	.enqueue     = ldl_enqueue,
	.dequeue     = ldl_dequeue,
	.schedule    = ldl_schedule,
	.update_curr = NULL,
	.timer       = ldl_timer,
	.flags       = SIM_POLICY_CLUSTERS | SIM_POLICY_KERNEL |
		       SIM_POLICY_RESERVATIONS | SIM_POLICY_LOCKS_DL |
		       SIM_POLICY_CAPACITY,
	.admit       = ldl_admit,
	.leave       = ldl_leave,
	.end         = ldl_end,
	.analysed_as = RT_AN_LINUX_DL,
	.keys        = "rt_runtime_us rt_period_us reclaim fair_server kernel "
		       "accounting hrtick hz tick_phase bw_release",
	.total_bw    = ldl_total_bw,
	.pi_set      = ldl_pi_set,
	.pi_deadline = ldl_pi_deadline,
};
