/* server_rules.c - the CBS rules and budget accounting of the entity EDF
 * core (sim/server.c; server.h has the model, docs/theory.md §E.1-E.5 the rules).
 *
 * Budget: a running server drains from 'since' at 'rate' (2^20 = 1; the
 * GRUB rate otherwise) and is charged whenever it stops, its rate changes
 * or a rule needs its budget; its exhaustion timer is armed only when its
 * job would outlive the budget.  Rules: wake-up (rule 4 / revised),
 * exhaustion (soft postponement / hard throttle), replenishment (the
 * kernel's loop), going idle (GRUB's 0-lag time), server deadline misses.
 * Every rule names the paper and the kernel function it follows.
 *
 * One file of about 800 lines because the rules are one state machine over
 * the same few fields (budget, deadline, since, rate, the timers): each
 * rule's preconditions are another rule's postconditions, and reading
 * them side by side is how they are checked against the sources.
 */
#include "sim/server_int.h"

#include <assert.h>
#include <inttypes.h>

/* Server deadline miss (docs/design.md §2): d_s passed while the server still had
 * work and budget.  Detected when it exhausts its budget or runs out of
 * work later than d_s, and at the horizon; counted once per d_s. */
static void sv_check_miss(struct sv_rq *rq, struct sv_server *s)
{
	rt_time now = sim_engine_now(rq->e);

	if (now <= s->d || s->missed_d == s->d)
		return;
	s->missed_d = s->d;
	sim_engine_server_miss(rq->e, s->idx, now - s->d);
	sv_rec(rq, s, SIM_REC_SERVER_MISS, now - s->d);
}

/* ---- budget accounting ------------------------------------------------- */

/* Running time after which a running server's budget is used up at
 * rate r (2^20 = 1); RT_TIME_NEVER if never.  The kernel (linux rules)
 * charges floor(delta r / 2^20) (grub_reclaim()), so it needs delta >=
 * q 2^20 / r, rounded up.  The exact CBS keeps the fraction (qfrac) and
 * needs delta r >= q 2^20 - qfrac; a fractional rate cannot hit that
 * exactly in whole time units, so it rounds down: the timer fires no
 * later than the budget ends and the remainder, less than one time unit
 * of it, is forfeited (sv_timer), so the server never runs beyond what
 * GRUB grants it. */
static rt_time sv_exhaust_in(const struct sv_rq *rq,
			     const struct sv_server *s, uint64_t r)
{
	rt_u128 need, v;

	if (s->q <= 0)
		return 0;
	if (r == RT_BW_UNIT && s->qfrac == 0)
		return s->q;
	if (r == 0)
		return RT_TIME_NEVER;
	need = (rt_u128)s->q << RT_BW_SHIFT;
	if (rq->kernel) {
		v = (need + r - 1) / r;
	} else {
		need -= s->qfrac;
		v = need / r;
	}
	return v > (rt_u128)RT_TIME_MAX ? RT_TIME_NEVER : (rt_time)v;
}

/* The drain rate of a running server: GRUB's, else 1; linux-dl on CPUs
 * of different capacities charges capacity/1024 of the time run
 * (dl_scaled_delta_exec(): cap_scale(delta, arch_scale_cpu_capacity()),
 * the frequency scale being 1024 here), so that Q of runtime is Q of
 * work on any CPU. */
static uint64_t sv_rate(const struct sv_rq *rq, const struct sv_server *s)
{
	const struct sim_job *j;

	if (s->grub)
		return rt_dl_grub_rate(&rq->dom[s->dom].grub, s->bw);
	if (!rq->cap)
		return RT_BW_UNIT;
	j = sv_charged_job(s);
	if (j && j->pcpu >= 0)
		return (uint64_t)rq->cap[j->pcpu] << (RT_BW_SHIFT -
						      RT_CAP_SHIFT);
	return RT_BW_UNIT;
}

/* Bring a running server's budget up to now. */
void sv_charge(struct sv_rq *rq, struct sv_server *s)
{
	rt_time now = sim_engine_now(rq->e), delta;
	rt_u128 used;

	if (!sv_charged_job(s) || now == s->since)
		return;
	delta = now - s->since;
	s->since = now;
	if (s->rate == RT_BW_UNIT && s->qfrac == 0) {
		s->q -= delta;
		return;
	}
	used = (rt_u128)delta * s->rate;
	if (!rq->kernel) {      /* exact: carry the fraction */
		used += s->qfrac;
		s->qfrac = (uint64_t)(used & (RT_BW_UNIT - 1));
	}
	used >>= RT_BW_SHIFT;
	s->q -= used > (rt_u128)RT_TIME_MAX ? RT_TIME_MAX : (rt_time)used;
}

/* (Re)arm the exhaustion timer of a running server at its current rate.
 * Not armed when its job completes first (or at the same instant: the
 * completion is handled first and charges the budget, sv_dequeue), which
 * saves two event-queue operations per job that stays within budget. */
enum rt_err sv_arm_budget(struct sv_rq *rq, struct sv_server *s)
{
	rt_time now = sim_engine_now(rq->e);
	rt_time in = sv_exhaust_in(rq, s, s->rate), at;
	const struct sim_job *j = sv_charged_job(s);
	rt_time rem = sim_engine_run_left(rq->e, j, (unsigned)j->pcpu);

	if (in == RT_TIME_NEVER || !rt_time_add(now, in, &at))
		goto off;
	/* stock kernel: task_tick_dl() -> update_curr_dl() notices the
	 * exhaustion at the first tick at or after it (HRTICK_DL off) */
	if (rq->tick && s->rules == SV_RULES_LINUX &&
	    !rt_dl_next_tick(rq->tick, at, &at))
		goto off;
	if (rem <= at - now || at > rq->horizon)
		goto off;
	return sim_engine_arm(rq->e, &s->budget.ev, at, SIM_RANK_BUDGET);
off:
	sim_engine_disarm(rq->e, &s->budget.ev);
	return RT_OK;
}

/* A server's entity starts running now (placed by sv_schedule). */
enum rt_err sv_start(struct sv_rq *rq, struct sim_job *j)
{
	struct sv_server *s = sv_of(rq, j);

	if (!s || (s->bg == j && !s->defer))    /* plain, or a fair job in
						 * background, not charged */
		return RT_OK;
	assert(s->ent == j || s->bg == j);
	s->since = sim_engine_now(rq->e);
	s->last_cpu = j->pcpu;
	if (s->rules == SV_RULES_SPORADIC && s->klass) {
		s->rate = 0;            /* at its low priority: not charged */
		return RT_OK;
	}
	s->rate = s->bg == j ? RT_BW_UNIT : sv_rate(rq, s);
	/* a deferred server charges its background work too
	 * (update_curr_dl_se(): "The fair server can consume its runtime
	 * while throttled") */
	if (s->bg == j && s->q <= 0)
		return sv_defer_bg_exhausted(rq, s);
	return sv_arm_budget(rq, s);
}

struct sim_job *sv_charged_job(const struct sv_server *s)
{
	if (s->ent && s->ent->pcpu >= 0)
		return s->ent;
	if (s->defer && s->bg && s->bg->pcpu >= 0)
		return s->bg;
	return NULL;
}

/* A server's entity stops running now (still j->pcpu >= 0). */
void sv_stop(struct sv_rq *rq, struct sim_job *j)
{
	struct sv_server *s = sv_of(rq, j);

	if (!s || (s->bg == j && !s->defer))
		return;
	sv_charge(rq, s);
	sim_engine_disarm(rq->e, &s->budget.ev);
}

/* GRUB: U_act (or U_tot) of a domain changed; re-rate its running
 * reclaiming servers: charge at the old rate, re-arm at the new one.
 * O(k) for k CPUs in the domain. */
static enum rt_err sv_grub_changed(struct sv_rq *rq, struct sv_dom *dom)
{
	enum rt_err err = RT_OK;

	const struct sim_rq *running = &rq->cs.cl[dom - rq->dom].running;

	for (uint32_t i = 0; i < sim_rq_size(running) && !err; i++) {
		struct sv_server *s = sv_of(rq, sim_rq_at(running, i));

		if (!s || !s->grub)
			continue;
		sv_charge(rq, s);
		s->rate = sv_rate(rq, s);
		err = sv_arm_budget(rq, s);
	}
	return err;
}

enum rt_err sv_this_bw_changed(struct sv_rq *rq, struct sv_dom *dom)
{
	uint64_t per_cpu = dom->grub.this_bw / sv_dom_cpus(rq, dom);

	dom->grub.extra_bw = dom->grub.max_bw > per_cpu ?
			     dom->grub.max_bw - per_cpu : 0;
	return dom->grub_on ? sv_grub_changed(rq, dom) : RT_OK;
}

/* GRUB: the server becomes active (contending) from inactive. */
static enum rt_err sv_activate(struct sv_rq *rq, struct sv_server *s)
{
	struct sv_dom *dom = &rq->dom[s->dom];

	sim_engine_disarm(rq->e, &s->inact.ev);
	if (s->active || !dom->grub_on)
		return RT_OK;
	s->active = true;
	dom->grub.running_bw += s->bw;
	return sv_grub_changed(rq, dom);
}

/* A dead task's bandwidth leaves the domain (inactive_task_timer() or
 * task_non_contending() with TASK_DEAD: sub_rq_bw(), __dl_sub()). */
static enum rt_err sv_release_bw(struct sv_rq *rq, struct sv_server *s)
{
	struct sv_dom *dom = &rq->dom[s->dom];

	if (!s->dead || s->released)
		return RT_OK;
	s->released = true;
	assert(dom->total_bw >= s->bw && dom->grub.this_bw >= s->bw);
	dom->total_bw -= s->bw;
	dom->grub.this_bw -= s->bw;
	return sv_this_bw_changed(rq, dom);
}

enum rt_err sv_inactive(struct sv_rq *rq, struct sv_server *s)
{
	struct sv_dom *dom = &rq->dom[s->dom];
	enum rt_err err;

	s->state = RT_SRV_INACTIVE;
	if (s->active) {
		s->active = false;
		assert(dom->grub.running_bw >= s->bw);
		dom->grub.running_bw -= s->bw;
		sv_rec(rq, s, SIM_REC_SERVER_INACTIVE,
		       (rt_time)dom->grub.running_bw);
		if ((err = sv_grub_changed(rq, dom)))
			return err;
	}
	return sv_release_bw(rq, s);
}

/* ---- the CBS rules ----------------------------------------------------- */

/* A server's new deadline or budget, a + b, leaves the rt_time range:
 * the run stops, saying which server and what overflowed ('what' names
 * the sum, e.g. "deadline d + period T"). */
static enum rt_err sv_overflow(struct sv_rq *rq, const struct sv_server *s,
			       const char *what, rt_time a, rt_time b)
{
	sim_engine_failf(rq->e, RT_ERR_OVERFLOW, "server %s: its %s = %" PRId64
			 " + %" PRId64 " overflows the time range (at time %"
			 PRId64 ")", s->name ? s->name : "?", what, a, b,
			 sim_engine_now(rq->e));
	return RT_ERR_OVERFLOW;
}

/*
 * Replenishment (kernel replenish_dl_entity(); docs/theory.md §E.2, E.4 rule 5):
 *
 *	while (q <= 0) { d += T; q += Q; }
 *
 * so an overrun is carried over (q = -5 with Q = 3 postpones two
 * periods).  For the hard CBS of E.2 ("c := Q, d := d + T") this is the
 * same, q being exactly 0 there.  Revised/Linux then reset a server that
 * "lagged too much" (d < now): d = now + D, q = Q.
 */
static enum rt_err sv_recharge(struct sv_rq *rq, struct sv_server *s)
{
	rt_time now = sim_engine_now(rq->e);
	/* replenish_dl_entity(): pi_of(dl_se)'s dl_runtime, dl_period and
	 * dl_deadline; a boosted task's are its donor's */
	const struct sv_server *p = sv_pi_of(rq, s);

	if (s->yielded) {       /* replenish_dl_entity(): dl_yielded */
		s->yielded = false;
		if (s->q > 0) {
			s->q = 0;
			s->qfrac = 0;
		}
	}
	while (s->q <= 0) {
		if (!rt_time_add(s->d, p->P, &s->d))
			return sv_overflow(rq, s, "deadline d + T", s->d,
					   p->P);
		if (!rt_time_add(s->q, p->Q, &s->q))
			return sv_overflow(rq, s, "budget q + Q", s->q, p->Q);
	}
	if ((s->rules == SV_RULES_REVISED || s->rules == SV_RULES_LINUX) &&
	    s->d < now) {
		if (!rt_time_add(now, p->D, &s->d))
			return sv_overflow(rq, s, "deadline t + D", now, p->D);
		s->q = p->Q;
		s->qfrac = 0;
	}
	s->st->replenishments++;
	sv_rec(rq, s, SIM_REC_REPLENISH, s->q);
	sv_rec(rq, s, SIM_REC_SERVER_DEADLINE, s->d);
	return RT_OK;
}

/*
 * Throttled time is the time a server waits for a replenishment after
 * running out of runtime (update_curr_dl_se()'s "throttle:" path,
 * dl_check_constrained_dl(): where the kernel's sched_dl_throttle
 * tracepoint fires).  A deferred server's deferral is not: the kernel sets
 * dl_throttled with dl_defer_armed (replenish_dl_new_period(),
 * replenish_dl_entity()) only so that start_dl_timer() arms the
 * zero-laxity activation at deadline - runtime, the server having its
 * runtime.  So time with defer_armed set advances thr_since uncounted;
 * every change of 'throttled' or 'defer_armed' is preceded by a call.
 */
void sv_thr_account(struct sv_rq *rq, struct sv_server *s)
{
	rt_time now = sim_engine_now(rq->e);

	if (now > rq->horizon)
		now = rq->horizon;
	if (!s->throttled || now <= s->thr_since)
		return;
	if (!s->defer_armed) {
		if (s->head)
			s->st->throttled_time += now - s->thr_since;
		else
			s->st->throttled_idle_time += now - s->thr_since;
	}
	s->thr_since = now;
}

/* Out of its throttle now (a replenishment, or a boost overriding it):
 * the throttled time counted, its background entity pulled, an
 * UNTHROTTLE record.  The replenishment timer is the caller's. */
static void sv_unthrottle(struct sv_rq *rq, struct sv_server *s)
{
	sv_thr_account(rq, s);
	s->throttled = false;
	sv_bg_pull(rq, s);
	sv_rec(rq, s, SIM_REC_UNTHROTTLE,
	       sim_engine_now(rq->e) - s->throttled_at);
}

/* Its budget or deadline changed: a running server's exhaustion timer
 * from now, and its place in the run queue. */
static enum rt_err sv_rearm(struct sv_rq *rq, struct sv_server *s)
{
	enum rt_err err;

	if (s->ent && s->ent->pcpu >= 0) {
		s->since = sim_engine_now(rq->e);
		if ((err = sv_arm_budget(rq, s)))
			return err;
	}
	return sv_rekey(rq, s);
}

/* The replenishment timer (or an immediate replenishment). */
enum rt_err sv_replenish(struct sv_rq *rq, struct sv_server *s)
{
	rt_time now = sim_engine_now(rq->e);
	enum rt_err err;

	if (sv_is_fp(s))                /* fixed priority: server_fp.c */
		return sv_fp_replenish(rq, s);
	if ((err = sv_recharge(rq, s)))
		return err;
	if (s->throttled)
		sv_unthrottle(rq, s);
	/* replenish_dl_entity(): a deferred server not in its starvation
	 * case waits again, until d - q */
	if (s->defer && !s->defer_running && !s->ent && s->head &&
	    now < s->d - s->q)
		return sv_defer_arm(rq, s);
	if (s->ent)             /* replenished without a throttle */
		return sv_rearm(rq, s);
	if (s->head)
		return sv_push(rq, s);
	/* at a completion whose task's next job is pending (server.c
	 * sv_dequeue: s->cont), enqueued right after: not idle */
	if (s->cont)
		return RT_OK;
	return sv_idle(rq, s);
}

/* Throttle until 'until' (hard reservations); if that instant has passed
 * already, replenish now (kernel: start_dl_timer() fails, so
 * ENQUEUE_REPLENISH). */
static enum rt_err sv_throttle(struct sv_rq *rq, struct sv_server *s,
			       rt_time until)
{
	rt_time now = sim_engine_now(rq->e);
	enum rt_err err;

	if (until <= now)
		return sv_replenish(rq, s);
	sv_pull(rq, s);
	s->throttled = true;
	s->state = RT_SRV_THROTTLED;
	s->throttled_at = now;
	s->thr_since = now;
	sv_rec(rq, s, SIM_REC_THROTTLE, until);
	if ((err = sv_bg_push(rq, s)))
		return err;
	return sim_engine_arm(rq->e, &s->repl.ev, until, SIM_RANK_REPLENISH);
}

/* A boosted task out of runtime (update_curr_dl_se(): "is_dl_boosted(dl_se)
 * || !start_dl_timer()" -> enqueue_task_dl(ENQUEUE_REPLENISH)): no
 * throttle, no timer; replenish_dl_entity() with the donor's parameters
 * at once, and it goes on with its (later) deadline. */
static enum rt_err sv_pi_replenish(struct sv_rq *rq, struct sv_server *s)
{
	enum rt_err err;

	if ((err = sv_recharge(rq, s)))
		return err;
	return sv_rearm(rq, s);
}

/* The next period start d - D + T (kernel dl_next_period()). */
static enum rt_err sv_next_period(struct sv_rq *rq, struct sv_server *s,
				  rt_time *out)
{
	if (!rt_time_add(s->d - s->D, s->P, out))
		return sv_overflow(rq, s, "next period d - D + T",
				   s->d - s->D, s->P);
	return RT_OK;
}

/*
 * Budget exhausted (q <= 0) at now, the server having run (timer) or
 * having just completed a job with its last unit of budget (then, as in
 * E.7 vector 2, the rule still applies):
 *
 *   cbs (E.1 rule 2; RTSim executing_recharging, HR false): q += Q,
 *       d += T at once, the server stays eligible with the later deadline;
 *   hard-cbs (E.2): throttled until d, replenished there;
 *   revised-cbs, linux (E.4 rule 4, kernel update_curr_dl() ->
 *       dl_runtime_exceeded(), start_dl_timer()): throttled until the next
 *       period start d - D + T (= d for implicit deadlines).
 */
enum rt_err sv_exhausted(struct sv_rq *rq, struct sv_server *s)
{
	rt_time until;
	enum rt_err err;

	if (sv_is_fp(s))
		return sv_fp_exhausted(rq, s);
	s->st->budget_exhaustions++;
	/* update_curr_dl_se(): "If requested, inform the user about
	 * runtime overruns": dl_overrun at runtime <= 0 */
	if (s->dl_overrun)
		s->st->dl_overrun++;
	if (s->q < 0) {         /* ran past its runtime (tick accounting) */
		s->st->overruns++;
		if (-s->q > s->st->max_overrun)
			s->st->max_overrun = -s->q;
	}
	sv_rec(rq, s, SIM_REC_BUDGET_EXHAUSTED, s->q);
	sv_check_miss(rq, s);
	switch (s->rules) {
	case SV_RULES_CBS:
		if ((err = sv_recharge(rq, s)))
			return err;
		return sv_rearm(rq, s);
	case SV_RULES_HARD:
		return sv_throttle(rq, s, s->d);
	case SV_RULES_LINUX:
		if (s->pi >= 0)         /* boosted: replenished at once */
			return sv_pi_replenish(rq, s);
		/* fall through */
	case SV_RULES_REVISED:
		if ((err = sv_next_period(rq, s, &until)))
			return err;
		return sv_throttle(rq, s, until);
	case SV_RULES_POLLING:          /* handled above */
	case SV_RULES_DEFERRABLE:
	case SV_RULES_SPORADIC:
		break;
	}
	return RT_ERR_INVAL;
}

enum rt_err sv_preempted(struct sv_rq *rq, struct sim_job *j)
{
	struct sv_server *s = sv_of(rq, j);

	if (!s || s->ent != j || s->throttled || s->q > 0 ||
	    s->rules != SV_RULES_LINUX)
		return RT_OK;
	return sv_exhausted(rq, s);
}

/*
 * The server ran out of work at now (FIFO empty).  GRUB (docs/theory.md §E.5;
 * kernel task_non_contending()): it stays active, non contending, until
 * its 0-lag time t0 = d - q T/Q, then becomes inactive and its bandwidth
 * leaves U_act; if t0 has passed, at once.  Without GRUB nobody needs
 * U_act, so it is inactive at once (the wake-up rule accounts for the
 * 0-lag time by itself).
 */
/* The 0-lag time d - q T/Q (models/server.h; T = bwP) of the exact budget
 * q - qfrac/2^20: the lag rounded down, so t0 is never early. */
static bool sv_zero_lag(const struct sv_server *s, rt_time *t0)
{
	rt_i128 num, lag, v;

	if (!s->qfrac)
		return rt_cbs_zero_lag(s->q, s->d, s->Q, s->bwP, t0);
	num = (((rt_i128)s->q << RT_BW_SHIFT) - (rt_i128)s->qfrac) * s->bwP;
	lag = num / ((rt_i128)s->Q << RT_BW_SHIFT);
	if (num < 0 && lag * ((rt_i128)s->Q << RT_BW_SHIFT) != num)
		lag--;
	v = (rt_i128)s->d - lag;
	if (v < INT64_MIN || v > RT_TIME_MAX)
		return false;
	*t0 = (rt_time)v;
	return true;
}

/* Out of work (or dead): active non-contending until the 0-lag time, or
 * inactive (task_non_contending()). */
static enum rt_err sv_go_idle(struct sv_rq *rq, struct sv_server *s)
{
	rt_time now = sim_engine_now(rq->e), t0;
	bool ok;

	if (s->throttled)
		return RT_OK;
	if (!s->dead && (!rq->dom[s->dom].grub_on || !s->active)) {
		s->state = RT_SRV_INACTIVE;
		return RT_OK;
	}
	/* linux: task_non_contending()'s truncating division */
	ok = s->rules == SV_RULES_LINUX && !s->qfrac ?
	     rt_dl_zero_lag(s->q, s->d, s->Q, s->P, &t0) : sv_zero_lag(s, &t0);
	if (!ok || t0 <= now)
		return sv_inactive(rq, s);
	s->state = RT_SRV_ACTIVE_NON_CONTENDING;
	return sim_engine_arm(rq->e, &s->inact.ev, t0, SIM_RANK_REPLENISH);
}

enum rt_err sv_idle(struct sv_rq *rq, struct sv_server *s)
{
	if (sv_is_fp(s))
		return sv_fp_idle(rq, s);
	if (s->q > 0)           /* its work ran out now, after d_s? */
		sv_check_miss(rq, s);
	return sv_go_idle(rq, s);
}

enum rt_err sv_task_dead(struct sv_rq *rq, struct sv_server *s)
{
	s->dead = true;
	if (s->head || s->throttled)    /* at its last completion, or at its
					 * replenishment (sv_replenish) */
		return RT_OK;
	if (sim_event_queued(&s->inact.ev))      /* non-contending already */
		return RT_OK;
	/* out of work since its last completion (checked for a miss
	 * then): no server deadline is missed at the exit */
	return sv_is_fp(s) ? sv_fp_idle(rq, s) : sv_go_idle(rq, s);
}

/* ---- sched_yield() ----------------------------------------------------- */

enum rt_err sv_yield_arm(struct sv_rq *rq, struct sv_server *s)
{
	rt_time at;

	if (s->yield_next >= s->nyield)
		return RT_OK;
	at = s->yield_at[s->yield_next];
	if (at > rq->horizon)
		return RT_OK;
	if (at < sim_engine_now(rq->e))
		at = sim_engine_now(rq->e);
	return sim_engine_arm(rq->e, &s->yield.ev, at, SIM_RANK_BUDGET);
}

/*
 * yield_task_dl(): "get off from the CPU until our next instance, with a
 * new runtime": dl_yielded = 1 and update_curr_dl(), whose
 * update_curr_dl_se() throttles the task (dl_yielded) until its next
 * period, where replenish_dl_entity() drops what runtime is left
 * ("if (dl_se->dl_yielded && dl_se->runtime > 0) dl_se->runtime = 0")
 * before its loop.  Only a running task calls sched_yield(): at an
 * instant the task does not run, nothing happens.
 */
enum rt_err sv_yield(struct sv_rq *rq, struct sv_server *s)
{
	rt_time until;
	enum rt_err err;

	s->yield_next++;
	if ((err = sv_yield_arm(rq, s)))
		return err;
	if (!s->ent || s->ent->pcpu < 0 || s->throttled)
		return RT_OK;
	sv_charge(rq, s);
	s->yielded = true;
	if (s->q <= 0)          /* exhausted as well */
		return sv_exhausted(rq, s);
	if (s->pi >= 0)         /* boosted: replenished at once */
		return sv_pi_replenish(rq, s);
	if ((err = sv_next_period(rq, s, &until)))
		return err;
	return sv_throttle(rq, s, until);
}

/* ---- sched_setattr() --------------------------------------------------- */

enum rt_err sv_setattr(struct sv_rq *rq, struct sv_server *s, rt_time Q,
		       rt_time D, rt_time P, uint64_t bw)
{
	rt_time now = sim_engine_now(rq->e), next;
	struct sv_dom *dom = &rq->dom[s->dom];
	bool queued = s->head != NULL;
	enum rt_err err;

	/* dequeue_task_dl() -> update_curr_dl() */
	if (s->ent && s->ent->pcpu >= 0) {
		sv_charge(rq, s);
		if (!s->throttled && s->q <= 0 && (err = sv_exhausted(rq, s)))
			return err;
	}
	dom->total_bw = dom->total_bw - s->bw + bw;
	dom->grub.this_bw = dom->grub.this_bw - s->bw + bw;
	if (s->active && queued) {      /* DEQUEUE_SAVE / ENQUEUE_RESTORE */
		dom->grub.running_bw = dom->grub.running_bw - s->bw + bw;
	} else if (s->active) {         /* dl_change_utilization() */
		dom->grub.running_bw -= s->bw;
		s->active = false;
		s->state = RT_SRV_INACTIVE;
		sim_engine_disarm(rq->e, &s->inact.ev);
	}
	/* __setparam_dl() */
	s->Q = Q;
	s->D = D;
	s->P = P;
	s->bw = bw;
	s->bwP = P;
	s->density = rt_dl_to_ratio(D, Q);
	if ((err = sv_this_bw_changed(rq, dom)))
		return err;
	if (!queued || s->throttled || s->fresh)
		return RT_OK;   /* the next wake-up or replenishment uses them */
	/* enqueue_dl_entity(ENQUEUE_RESTORE) */
	if ((err = sv_next_period(rq, s, &next)))
		return err;
	if (D != P && s->d < now && now < next) {
		if (s->q > 0) {
			s->q = 0;
			s->qfrac = 0;
		}
		return sv_throttle(rq, s, next);
	}
	if (s->d < now) {               /* setup_new_dl_entity() */
		if (!rt_time_add(now, D, &s->d))
			return sv_overflow(rq, s, "deadline t + D", now, D);
		s->q = Q;
		s->qfrac = 0;
		sv_rec(rq, s, SIM_REC_SERVER_DEADLINE, s->d);
		if ((err = sv_rekey(rq, s)))
			return err;
	}
	if (s->ent && s->ent->pcpu >= 0) {
		s->since = now;
		return sv_arm_budget(rq, s);
	}
	return RT_OK;
}

/* ---- the deferred fair server ----------------------------------------- */

/* Minimum forward of the defer timer (kernel dl_server_min_res). */
#define SV_DEFER_MIN_RES RT_NSEC_PER_MSEC

/* Throttle a deferred server until d - q, its work in background
 * (replenish_dl_new_period() with dl_defer: dl_throttled = dl_defer_armed
 * = 1; start_dl_timer() at deadline - runtime).  If that instant has
 * passed, start_dl_timer() fails and enqueue_dl_entity() queues it at
 * once, unarmed. */
enum rt_err sv_defer_arm(struct sv_rq *rq, struct sv_server *s)
{
	rt_time now = sim_engine_now(rq->e), at = s->d - s->q;
	enum rt_err err;

	sv_thr_account(rq, s);
	if (at <= now) {
		if (s->throttled) {
			s->throttled = false;
			sv_bg_pull(rq, s);
			sv_rec(rq, s, SIM_REC_UNTHROTTLE, now - s->throttled_at);
		}
		s->defer_armed = false;
		sim_engine_disarm(rq->e, &s->repl.ev);
		return s->head && !s->ent ? sv_push(rq, s) : RT_OK;
	}
	sv_pull(rq, s);
	if (!s->throttled) {
		s->throttled = true;
		s->throttled_at = now;
	}
	s->thr_since = now;
	s->defer_armed = true;
	s->state = RT_SRV_THROTTLED;
	sv_rec(rq, s, SIM_REC_THROTTLE, at);
	if ((err = sv_bg_push(rq, s)))
		return err;
	return sim_engine_arm(rq->e, &s->repl.ev, at, SIM_RANK_REPLENISH);
}

/* dl_server_start() -> enqueue_dl_entity(ENQUEUE_WAKEUP) ->
 * update_dl_entity(): a lapsed deadline or an overflowing runtime starts
 * a new period (clearing dl_defer_running), else (q, d) are kept; unless
 * in its starvation case the server then waits until d - q.  Never
 * started: the boot-time setup_new_dl_entity() at 0 (d = D, q = Q). */
enum rt_err sv_defer_start(struct sv_rq *rq, struct sv_server *s)
{
	rt_time now = sim_engine_now(rq->e);

	if (s->fresh) {
		s->fresh = false;
		s->d = s->D;
		s->q = s->Q;
	}
	s->started = true;
	if (s->d < now || rt_dl_entity_overflow(s->q, s->d, now, s->Q, s->D)) {
		s->defer_running = false;
		if (!rt_time_add(now, s->D, &s->d))
			return sv_overflow(rq, s, "deadline t + D", now, s->D);
		s->q = s->Q;
	}
	sv_rec(rq, s, SIM_REC_SERVER_WAKEUP, s->q);
	sv_rec(rq, s, SIM_REC_SERVER_DEADLINE, s->d);
	if (!s->defer_running)
		return sv_defer_arm(rq, s);
	return sv_push(rq, s);
}

/* dl_server_stop(): its CPU has no fair work left: dequeued, timers
 * cancelled, dl_defer_armed = dl_throttled = 0 and (as since the 2025
 * fixes) dl_defer_running = 0; (q, d) are kept for the next start. */
void sv_defer_stop(struct sv_rq *rq, struct sv_server *s)
{
	sv_charge(rq, s);
	sv_thr_account(rq, s);
	sv_pull(rq, s);
	sv_bg_pull(rq, s);
	sim_engine_disarm(rq->e, &s->budget.ev);
	sim_engine_disarm(rq->e, &s->repl.ev);
	if (s->throttled)
		sv_rec(rq, s, SIM_REC_UNTHROTTLE, sim_engine_now(rq->e) -
		       s->throttled_at);
	s->throttled = s->defer_armed = s->defer_running = false;
	s->started = false;
	s->state = RT_SRV_INACTIVE;
}

/* dl_server_timer() with dl_defer_armed: if the background work used
 * runtime, d - q moved later: forward the timer there (unless by less
 * than dl_server_min_res); else the starvation case: dl_defer_running = 1
 * and enqueue_dl_entity(ENQUEUE_REPLENISH) -> replenish_dl_entity(): an
 * overflowing runtime takes a new period (d = now + D, q = Q), the loop,
 * the lagged reset; the server then runs at deadline priority. */
enum rt_err sv_defer_timer(struct sv_rq *rq, struct sv_server *s)
{
	rt_time now = sim_engine_now(rq->e);

	sv_charge(rq, s);
	if (now < s->d - s->q - SV_DEFER_MIN_RES)
		return sim_engine_arm(rq->e, &s->repl.ev, s->d - s->q,
				      SIM_RANK_REPLENISH);
	sv_thr_account(rq, s);
	s->defer_running = true;
	s->defer_armed = false;
	if (s->d >= now && rt_dl_entity_overflow(s->q, s->d, now, s->Q, s->D)) {
		if (!rt_time_add(now, s->D, &s->d))
			return sv_overflow(rq, s, "deadline t + D", now, s->D);
		s->q = s->Q;
	}
	return sv_replenish(rq, s);
}

/* update_curr_dl_se(): the runtime ran out while the work ran in
 * background (dl_defer && dl_throttled): "the server is not required for
 * the current period": dl_defer_running = 0, a new period
 * (replenish_dl_new_period()) and the defer timer at d - q. */
enum rt_err sv_defer_bg_exhausted(struct sv_rq *rq, struct sv_server *s)
{
	rt_time now = sim_engine_now(rq->e);
	enum rt_err err;

	s->st->budget_exhaustions++;
	sv_rec(rq, s, SIM_REC_BUDGET_EXHAUSTED, s->q);
	s->defer_running = false;
	sim_engine_disarm(rq->e, &s->repl.ev);
	if (!rt_time_add(now, s->D, &s->d))
		return sv_overflow(rq, s, "deadline t + D", now, s->D);
	s->q = s->Q;
	s->st->replenishments++;
	sv_rec(rq, s, SIM_REC_REPLENISH, s->q);
	sv_rec(rq, s, SIM_REC_SERVER_DEADLINE, s->d);
	if ((err = sv_defer_arm(rq, s)))
		return err;
	if (sv_charged_job(s)) {        /* its background job runs on */
		s->since = now;
		return sv_arm_budget(rq, s);
	}
	return RT_OK;
}

/* Sign of (q - qfrac/2^20) * mult - rhs, exactly: the wake-up tests of
 * models/server.h (rt_cbs_needs_new_deadline(), rt_cbs_overflow()) on the
 * exact budget of a server that keeps a fraction.  With a fraction the
 * budget lies in (q - 1, q), so only when q*mult - rhs is in (0, mult)
 * does the fraction decide, and then (q*mult - rhs) 2^20 < 2^83 and
 * qfrac * mult < 2^83 fit in 128 bits. */
static int sv_cmp_budget(const struct sv_server *s, rt_time mult, rt_i128 rhs)
{
	rt_i128 diff = (rt_i128)s->q * mult - rhs, l, r;

	if (!s->qfrac)
		return (diff > 0) - (diff < 0);
	if (diff <= 0)
		return -1;
	if (diff >= mult)
		return 1;
	l = diff << RT_BW_SHIFT;
	r = (rt_i128)s->qfrac * mult;
	return (l > r) - (l < r);
}

/*
 * The server gets work after being idle, at now (its FIFO was empty).
 *
 *   cbs, hard-cbs: rule 4 of E.1 (Abeni & Buttazzo): keep (q, d) iff
 *       q < (d - t) Q/T, else d = t + D, q = Q (rt_cbs_needs_new_deadline(),
 *       here on the exact budget: sv_cmp_budget()).
 *   revised-cbs, linux (E.3, E.4 rule 3; kernel enqueue_task_dl()):
 *     1. constrained (D < T), not throttled, d < t < d - D + T: throttle
 *        until the next period, with q = min(q, 0)
 *        (dl_check_constrained_dl());
 *     2. if d < t, or q/(d - t) > Q/D (dl_entity_overflow()):
 *          constrained and d >= t: keep d, q = (Q/D)(d - t)
 *            (update_dl_revised_wakeup(); Abeni, Lipari, Lelli 2015);
 *          otherwise: d = t + D, q = Q (replenish_dl_new_period());
 *        else keep (q, d).
 *     linux computes the test at 2^10 ns granularity and q with the
 *     2^20 fixed-point density; revised-cbs exactly.
 * A throttled server only becomes contending: its replenishment timer
 * decides (kernel: "if (p->dl.dl_throttled && !(flags &
 * ENQUEUE_REPLENISH)) return;").
 */
enum rt_err sv_wakeup(struct sv_rq *rq, struct sv_server *s)
{
	rt_time now = sim_engine_now(rq->e), next;
	bool constrained = s->D != s->P, renew, over;
	enum rt_err err;

	if (sv_is_fp(s))
		return sv_fp_wakeup(rq, s);
	if ((err = sv_activate(rq, s)))
		return err;
	if (s->throttled && s->pi >= 0) {
		/* enqueue_task_dl(): "the boost overrides the throttle" */
		sim_engine_disarm(rq->e, &s->repl.ev);
		sv_unthrottle(rq, s);
	}
	if (s->throttled)
		return sv_bg_push(rq, s);
	if (s->pi >= 0 && !s->fresh) {
		/* update_dl_entity() of a boosted task: the donor's
		 * dl_runtime and dl_deadline (pi_of()), no revised rule, no
		 * dl_check_constrained_dl() */
		const struct sv_server *p = sv_pi_of(rq, s);

		if (s->d < now || rt_dl_entity_overflow(s->q, s->d, now, p->Q,
							p->D)) {
			if (!rt_time_add(now, p->D, &s->d))
				return sv_overflow(rq, s, "deadline t + D",
						   now, p->D);
			s->q = p->Q;
			s->qfrac = 0;
		}
		renew = false;
		goto out;
	}
	if (s->fresh) {
		s->fresh = false;
		renew = true;
		goto out;
	}
	switch (s->rules) {
	case SV_RULES_CBS:
	case SV_RULES_HARD:
		renew = s->d <= now ||
			sv_cmp_budget(s, s->P, (rt_i128)(s->d - now) * s->Q) >= 0;
		break;
	case SV_RULES_REVISED:
	case SV_RULES_LINUX:
		if ((err = sv_next_period(rq, s, &next)))
			return err;
		if (constrained && s->d < now && now < next) {
			if (s->q > 0) {
				s->q = 0;
				s->qfrac = 0;
			}
			sv_rec(rq, s, SIM_REC_SERVER_WAKEUP, s->q);
			return sv_throttle(rq, s, next);
		}
		if (s->d < now)
			over = true;
		else if (s->rules == SV_RULES_LINUX)
			over = rt_dl_entity_overflow(s->q, s->d, now, s->Q, s->D);
		else
			over = sv_cmp_budget(s, s->D,
					     (rt_i128)(s->d - now) * s->Q) > 0;
		renew = over;
		if (over && constrained && s->d >= now) {
			s->q = s->rules == SV_RULES_LINUX ?
			       rt_dl_revised_runtime(s->density, s->d - now) :
			       rt_cbs_revised_budget(s->d, now, s->Q, s->D);
			s->qfrac = 0;
			renew = false;
		}
		break;
	default:
		return RT_ERR_INVAL;
	}
out:
	if (renew) {
		if (!rt_time_add(now, s->D, &s->d))
			return sv_overflow(rq, s, "deadline t + D", now, s->D);
		s->q = s->Q;
		s->qfrac = 0;
	}
	sv_rec(rq, s, SIM_REC_SERVER_WAKEUP, s->q);
	sv_rec(rq, s, SIM_REC_SERVER_DEADLINE, s->d);
	return sv_push(rq, s);
}

/* ---- rt_mutex_setprio() (linux-dl protocol: inherit) ----------------- */

enum rt_err sv_pi_set(struct sv_rq *rq, struct sv_server *s, int32_t pi)
{
	rt_time now = sim_engine_now(rq->e), next;
	bool queued = s->head != NULL;
	enum rt_err err;

	/* dequeue_task() -> update_curr_dl() with the old parameters */
	if (queued && sv_charged_job(s)) {
		sv_charge(rq, s);
		if (!s->throttled && s->q <= 0 && (err = sv_exhausted(rq, s)))
			return err;
	}
	s->pi = pi;
	if (!queued) {
		/* asleep: pi_se only.  A task throttled while boosted had its
		 * replenishment timer ignored (dl_task_timer()); unboosted
		 * asleep, it is armed again at its next period, where the
		 * kernel would leave it throttled with no timer */
		if (pi < 0 && s->throttled && !sim_event_queued(&s->repl.ev)) {
			if ((err = sv_next_period(rq, s, &next)))
				return err;
			return sim_engine_arm(rq->e, &s->repl.ev,
					      next > now ? next : now,
					      SIM_RANK_REPLENISH);
		}
		return RT_OK;
	}
	if (pi >= 0) {                  /* ENQUEUE_REPLENISH */
		if (s->throttled) {     /* "the boost overrides the throttle" */
			sim_engine_disarm(rq->e, &s->repl.ev);
			sv_unthrottle(rq, s);
		}
		if ((err = sv_recharge(rq, s)))
			return err;
		if (!s->ent)
			return sv_push(rq, s);
		return sv_rearm(rq, s);
	}
	/* ENQUEUE_RESTORE, unboosted: a throttled task waits for its
	 * timer (not enqueued) */
	if (s->throttled)
		return RT_OK;
	if ((err = sv_next_period(rq, s, &next)))
		return err;
	if (s->D != s->P && s->d < now && now < next) {
		if (s->q > 0) {         /* dl_check_constrained_dl() */
			s->q = 0;
			s->qfrac = 0;
		}
		return sv_throttle(rq, s, next);
	}
	if (s->d < now) {               /* setup_new_dl_entity() */
		if (!rt_time_add(now, s->D, &s->d))
			return sv_overflow(rq, s, "deadline t + D", now, s->D);
		s->q = s->Q;
		s->qfrac = 0;
		sv_rec(rq, s, SIM_REC_SERVER_DEADLINE, s->d);
	}
	return sv_rearm(rq, s);
}
