/* server_fp.c - the rules of the fixed-priority servers (polling,
 * deferrable) on the entity core of sim/server.c (docs/theory.md §E.8).
 *
 * Policy fp with servers runs sim/server.c with keys that are priority
 * ranks (sv_rq.rank): a plain task's ready job by its task's rank, a
 * server that has work and budget by the server's rank, so the highest
 * priority entities run and an equal rank never preempts.  Budget is
 * charged by the core as for the CBS (rate 1, sv_charge / sv_arm_budget /
 * the BUDGET timer); only the rules differ, and server_rules.c hands them
 * here (sv_wakeup, sv_exhausted, sv_replenish, sv_idle).
 *
 * Both servers are periodic: their period starts are 0, T_s, 2 T_s, ...
 * (the replenishment timer 'repl', rank REPLENISH, always armed for the
 * next start up to the horizon) and s->d holds the next start (these
 * servers have no deadline, so the core's server-miss checks, which
 * compare with d, never fire: d is always later than now and the
 * horizon).
 *
 * Polling server (Lehoczky, Sha & Strosnider 1987, "Enhanced aperiodic
 * responsiveness in hard real-time environments", RTSS; the rules as
 * Buttazzo, "Hard Real-Time Computing Systems", 3rd ed., §6.3 states
 * them):
 *   P1  at each period start its capacity is Q_s;
 *   P2  if no aperiodic work is pending then, it suspends until its next
 *       period start and the capacity is lost.  "Then" is the instant of
 *       the period start, after every release of that instant: the poll
 *       is a timer of rank TASK (after RELEASE) at the period start;
 *   P3  otherwise it serves the pending work at its priority while it
 *       has capacity; the work served consumes it;
 *   P4  when the pending work is done before the capacity is, the rest
 *       is lost and it suspends until its next period start (work that
 *       arrives meanwhile waits for the next poll);
 *   P5  when the capacity is used up, it suspends until its next period
 *       start with its work pending.
 * Deferrable server (Strosnider, Lehoczky & Sha 1995, "The deferrable
 * server algorithm for enhanced aperiodic responsiveness in hard
 * real-time environments", IEEE Trans. Computers 44(1)):
 *   D1  at each period start its capacity is Q_s (what was left is not
 *       carried over);
 *   D2  the capacity is kept while it has no work: work arriving at any
 *       time with capacity left is served at once at its priority;
 *   D3  the work served consumes the capacity; used up, it suspends
 *       until its next period start with its work pending.
 * Suspended here is the core's "throttled": the entity is out of the
 * runqueue; records THROTTLE (value: the next period start) and
 * UNTHROTTLE.  A lost capacity (P2, P4) is a BUDGET_EXHAUSTED record of
 * value 0 that does not count as an exhaustion.
 */
#include "sim/server_int.h"

#include <assert.h>

#include "models/mem.h"

/* The next period start after now (s->d, kept by sv_fp_replenish). */
static rt_time fp_next_start(const struct sv_server *s)
{
	return s->d;
}

/* Suspend until the next period start (P2, P4, P5, D3). */
static enum rt_err fp_suspend(struct sv_rq *rq, struct sv_server *s)
{
	rt_time now = sim_engine_now(rq->e);

	sv_pull(rq, s);
	s->throttled = true;
	s->state = RT_SRV_THROTTLED;
	s->throttled_at = now;
	s->thr_since = now;
	sv_rec(rq, s, SIM_REC_THROTTLE, fp_next_start(s));
	return RT_OK;
}

/* P2, P4: the capacity left is lost. */
static enum rt_err fp_discard(struct sv_rq *rq, struct sv_server *s)
{
	s->q = 0;
	s->qfrac = 0;
	sv_rec(rq, s, SIM_REC_BUDGET_EXHAUSTED, 0);
	return fp_suspend(rq, s);
}

/* ---- sporadic server (POSIX SCHED_SPORADIC) ---------------------------- */

/* S2: activation_time := now (the server enters its sched_priority
 * list: it got work with capacity, or a replenishment raised it). */
static void ss_activate(struct sv_rq *rq, struct sv_server *s)
{
	s->klass = 0;
	s->ss_act = sim_engine_now(rq->e);
	s->ss_q0 = s->q;
	s->ss_added = 0;
}

/* S7: add 'amount' (capacity at most Q); a server with work at its low
 * priority goes back to sched_priority (a new activation). */
static enum rt_err ss_add(struct sv_rq *rq, struct sv_server *s,
			  rt_time amount)
{
	rt_time q0;

	sv_charge(rq, s);               /* at its low priority: rate 0 */
	q0 = s->q;
	s->q = s->Q - s->q < amount ? s->Q : s->q + amount;
	s->ss_added += s->q - q0;
	s->st->replenishments++;
	sv_rec(rq, s, SIM_REC_REPLENISH, s->q);
	if (s->klass && s->q > 0 && s->head) {
		ss_activate(rq, s);
		if (s->ent && s->ent->pcpu >= 0) {      /* charged again */
			s->since = sim_engine_now(rq->e);
			s->rate = RT_BW_UNIT;
		}
		if (sv_rekey(rq, s) != RT_OK)
			return RT_ERR_NOMEM;
	}
	if (!s->klass && s->ent && s->ent->pcpu >= 0)
		return sv_arm_budget(rq, s);
	return RT_OK;
}

/* S6: a replenishment of what was used since the activation, at
 * activation_time + T; at once if that is before now. */
static enum rt_err ss_schedule(struct sv_rq *rq, struct sv_server *s)
{
	rt_time used = s->ss_q0 + s->ss_added - s->q, at;
	struct sv_ss_repl *r;

	if (used <= 0)
		return RT_OK;
	if (!rt_time_add(s->ss_act, s->P, &at))
		return RT_OK;           /* past any horizon */
	if (at < sim_engine_now(rq->e))
		return ss_add(rq, s, used);
	if (s->ss_n == s->ss_cap) {     /* grow the ring, unwrapped */
		size_t cap = s->ss_cap ? 2 * s->ss_cap : 4;
		struct sv_ss_repl *v = rt_calloc(cap, sizeof(*v));

		if (!v)
			return sim_engine_failf(rq->e, RT_ERR_NOMEM, "server %s: "
						"out of memory", s->name);
		for (size_t i = 0; i < s->ss_n; i++)
			v[i] = s->ss[(s->ss_first + i) % s->ss_cap];
		rt_free(s->ss);
		s->ss = v;
		s->ss_cap = cap;
		s->ss_first = 0;
	}
	/* activation times never go back: the ring stays in time order */
	r = &s->ss[(s->ss_first + s->ss_n++) % s->ss_cap];
	r->at = at;
	r->amount = used;
	if (s->ss_n == 1)
		return sim_engine_arm(rq->e, &s->repl.ev, at,
				      SIM_RANK_REPLENISH);
	return RT_OK;
}

/* S7 at the replenishment timer: every replenishment due now. */
static enum rt_err ss_timer(struct sv_rq *rq, struct sv_server *s)
{
	rt_time now = sim_engine_now(rq->e), sum = 0;

	while (s->ss_n && s->ss[s->ss_first].at <= now) {
		sum += s->ss[s->ss_first].amount;       /* <= n Q: no overflow
							 * before Q fits */
		if (sum > s->Q)
			sum = s->Q;
		s->ss_first = (s->ss_first + 1) % s->ss_cap;
		s->ss_n--;
	}
	if (s->ss_n) {
		enum rt_err err = sim_engine_arm(rq->e, &s->repl.ev,
						 s->ss[s->ss_first].at,
						 SIM_RANK_REPLENISH);

		if (err)
			return err;
	}
	return sum > 0 ? ss_add(rq, s, sum) : RT_OK;
}

/* S2: work arrives (the server was blocked): at sched_priority with
 * capacity (an activation), else at its low priority. */
static enum rt_err ss_wakeup(struct sv_rq *rq, struct sv_server *s)
{
	if (s->q > 0)
		ss_activate(rq, s);
	else
		s->klass = 1;
	sv_rec(rq, s, SIM_REC_SERVER_WAKEUP, s->q);
	return sv_push(rq, s);
}

/* S5: the capacity ran out at sched_priority: a replenishment, and the
 * work goes on at the low priority.  (At the low priority there is
 * nothing to run out.) */
static enum rt_err ss_exhausted(struct sv_rq *rq, struct sv_server *s)
{
	enum rt_err err;

	if (s->klass)
		return RT_OK;
	s->st->budget_exhaustions++;
	sv_rec(rq, s, SIM_REC_BUDGET_EXHAUSTED, s->q);
	s->q = 0;
	s->qfrac = 0;
	s->klass = 1;                   /* before S6: an immediate S7 sees
					 * it at its low priority */
	if (s->ent && s->ent->pcpu >= 0) {      /* runs on, uncharged */
		s->since = sim_engine_now(rq->e);
		s->rate = 0;
	}
	if ((err = ss_schedule(rq, s)))
		return err;
	return sv_rekey(rq, s);
}

/* S4: the server blocks (no work) at sched_priority: a replenishment. */
static enum rt_err ss_idle(struct sv_rq *rq, struct sv_server *s)
{
	enum rt_err err = s->klass ? RT_OK : ss_schedule(rq, s);

	s->state = RT_SRV_INACTIVE;
	return err;
}

enum rt_err sv_fp_arm(struct sv_rq *rq)
{
	for (size_t i = 0; i < rq->nsrv; i++) {
		struct sv_server *s = &rq->srv[i];
		enum rt_err err;

		if (s->rules == SV_RULES_SPORADIC) {    /* S0: full, no period */
			s->q = s->Q;
			s->d = RT_TIME_NEVER;
			continue;
		}
		s->q = 0;
		s->d = 0;
		if ((err = sim_engine_arm(rq->e, &s->repl.ev, 0,
					  SIM_RANK_REPLENISH)))
			return err;
	}
	return RT_OK;
}

/* P1, D1: the period start; S7: the due replenishments. */
enum rt_err sv_fp_replenish(struct sv_rq *rq, struct sv_server *s)
{
	rt_time now = sim_engine_now(rq->e), next;
	enum rt_err err;

	if (s->rules == SV_RULES_SPORADIC)
		return ss_timer(rq, s);
	sv_charge(rq, s);               /* D1: a running server's use so far */
	s->q = s->Q;
	s->qfrac = 0;
	s->st->replenishments++;
	sv_rec(rq, s, SIM_REC_REPLENISH, s->q);
	if (s->throttled) {
		sv_thr_account(rq, s);
		s->throttled = false;
		sv_rec(rq, s, SIM_REC_UNTHROTTLE, now - s->throttled_at);
	}
	if (!rt_time_add(now, s->P, &next))
		next = RT_TIME_NEVER;   /* past any horizon */
	s->d = next;
	if (next <= rq->horizon &&
	    (err = sim_engine_arm(rq->e, &s->repl.ev, next,
				  SIM_RANK_REPLENISH)))
		return err;
	/* P2: the poll, after the releases of this instant */
	if (s->rules == SV_RULES_POLLING &&
	    (err = sim_engine_arm(rq->e, &s->poll.ev, now, SIM_RANK_TASK)))
		return err;
	if (s->ent) {
		if (s->ent->pcpu >= 0) {
			s->since = now;
			return sv_arm_budget(rq, s);
		}
		return RT_OK;
	}
	if (s->head)
		return sv_push(rq, s);
	s->state = RT_SRV_INACTIVE;
	return RT_OK;
}

/* P2: nothing pending at the period start. */
enum rt_err sv_fp_poll(struct sv_rq *rq, struct sv_server *s)
{
	if (s->head || s->throttled || s->q <= 0)
		return RT_OK;
	return fp_discard(rq, s);
}

/* Work arrives at an idle server (P3, D2). */
enum rt_err sv_fp_wakeup(struct sv_rq *rq, struct sv_server *s)
{
	if (s->rules == SV_RULES_SPORADIC)
		return ss_wakeup(rq, s);
	if (s->throttled)               /* waits for its next period start */
		return RT_OK;
	assert(s->q > 0);
	sv_rec(rq, s, SIM_REC_SERVER_WAKEUP, s->q);
	return sv_push(rq, s);
}

/* P5, D3: capacity used up. */
enum rt_err sv_fp_exhausted(struct sv_rq *rq, struct sv_server *s)
{
	if (s->rules == SV_RULES_SPORADIC)
		return ss_exhausted(rq, s);
	s->st->budget_exhaustions++;
	sv_rec(rq, s, SIM_REC_BUDGET_EXHAUSTED, s->q);
	return fp_suspend(rq, s);
}

/* Out of work (P4, D2). */
enum rt_err sv_fp_idle(struct sv_rq *rq, struct sv_server *s)
{
	if (s->rules == SV_RULES_SPORADIC)
		return ss_idle(rq, s);
	if (s->throttled)
		return RT_OK;
	if (s->rules == SV_RULES_POLLING && s->q > 0)
		return fp_discard(rq, s);
	s->state = RT_SRV_INACTIVE;
	return RT_OK;
}
