/* server.h - Constant Bandwidth Servers: static parameters, dynamic state
 * and the exact CBS rules as pure functions (docs/theory.md §E.1-E.3, E.5).
 *
 * A server S = (Q_s, T_s, D_s) reserves the bandwidth U_s = Q_s/T_s for
 * the jobs it serves (FIFO).  Its static parameters (struct rt_server)
 * never change during a run; its dynamic state (struct rt_server_dyn:
 * remaining budget q_s, scheduling deadline d_s, state) is owned by the
 * simulator (sim/).  A server's deadline d_s is distinct from the
 * deadlines of the jobs it serves: both kinds of miss are reported
 * separately.
 *
 * Kinds (docs/design.md §4):
 *   cbs           soft CBS (Abeni & Buttazzo 1998): on exhaustion q = Q,
 *                 d += T and the server stays eligible
 *   hard-cbs      hard CBS (Marzario et al. 2004): on exhaustion the
 *                 server is throttled until d, then q = Q, d += T
 *   revised-cbs   hard CBS with the Abeni-Lipari-Lelli (2015) wake-up rule
 *                 for D < T and throttling until the next period start
 *                 d - D + T (what SCHED_DEADLINE does, in exact arithmetic)
 * reclaim: grub   budget drains at the GRUB rate (Lipari & Baruah 2000;
 *                 docs/theory.md §E.5) instead of 1
 *   polling       (policy fp) a periodic task that serves the work pending
 *                 at its period start and loses the budget it does not
 *                 use (Lehoczky, Sha & Strosnider 1987)
 *   deferrable    (policy fp) keeps its budget until used; full again at
 *                 every period start (Strosnider, Lehoczky & Sha 1995)
 *   sporadic      (policy fp) POSIX SCHED_SPORADIC: what it uses comes
 *                 back one period after the instant it became eligible;
 *                 exhausted, it runs below every task
 *
 * Server state machine (after the kernel's 0-lag diagram in deadline.c;
 * docs/theory.md §E.5).  THROTTLED is "active contending without budget":
 *
 *               wake-up (rule 4 / E.3)
 *   INACTIVE -------------------------------> ACTIVE_CONTENDING
 *      ^   ^                                   |    |       ^  ^
 *      |   |  no more work and                 |    | q <= 0|  | replenish
 *      |   |  0-lag time <= now                |    | (hard)|  | (timer)
 *      |   +-----------------------------------+    v       |  |
 *      |                                       |   THROTTLED --+
 *      |  0-lag time                           |
 *      |  reached            no more work,     v          wake-up:
 *      +------ ACTIVE_NON_CONTENDING <---- 0-lag time > now   keep (q, d)
 *                     |                                          ^
 *                     +------------------------------------------+
 *
 * Without GRUB the 0-lag time only matters to the wake-up rule, which
 * encodes it (q >= (d - t) Q/T  <=>  t >= d - q T/Q), so such servers go
 * straight to INACTIVE.
 *
 * All arithmetic is exact on rt_time (ticks or ns): fractions are compared
 * by cross-multiplication in 128 bits (operands < 2^63, products < 2^126).
 */
#ifndef RT_SERVER_H
#define RT_SERVER_H

#include <stdbool.h>
#include <stdint.h>

#include "models/rt_err.h"
#include "models/rt_time.h"

enum rt_server_kind {
	RT_SERVER_CBS = 0,              /* soft CBS (E.1) */
	RT_SERVER_HARD_CBS,             /* hard CBS (E.2) */
	RT_SERVER_REVISED_CBS,          /* hard, revised wake-up (E.3) */
	/* Fixed-priority servers (policy fp; docs/theory.md §E.8): a
	 * budget and a period, no deadline of their own. */
	RT_SERVER_POLLING,              /* Lehoczky, Sha & Strosnider 1987 */
	RT_SERVER_DEFERRABLE,           /* Strosnider, Lehoczky & Sha 1995 */
	RT_SERVER_SPORADIC              /* POSIX SCHED_SPORADIC (Sprunt, Sha
					 * & Lehoczky 1989) */
};

enum rt_reclaim {
	RT_RECLAIM_NONE = 0,            /* budget drains at rate 1 */
	RT_RECLAIM_GRUB                 /* GRUB rate (E.5) */
};

enum rt_server_state {
	RT_SRV_INACTIVE = 0,            /* no work, 0-lag time passed */
	RT_SRV_ACTIVE_CONTENDING,       /* has work, eligible */
	RT_SRV_ACTIVE_NON_CONTENDING,   /* no work, before its 0-lag time */
	RT_SRV_THROTTLED                /* budget exhausted (hard), waiting
					 * for its replenishment */
};

/* Static parameters (kernel dl_runtime, dl_deadline, dl_period). */
struct rt_server {
	const char *name;               /* borrowed; owned by the builder */
	enum rt_server_kind kind;
	rt_time budget_max;             /* Q_s > 0 */
	rt_time deadline;               /* D_s: Q_s <= D_s <= T_s */
	rt_time period;                 /* T_s > 0 */
	enum rt_reclaim reclaim;
	/* Appended: fixed-priority servers (rt_server_is_fp): the
	 * server's priority under priorities: explicit (lower runs
	 * first, as rt_task.priority); has_priority false: none given. */
	int64_t priority;
	bool has_priority;
};

/* Dynamic state (kernel runtime, deadline). */
struct rt_server_dyn {
	rt_time budget;                 /* q_s; < 0 only in overrun */
	rt_time deadline;               /* d_s, absolute */
	enum rt_server_state state;
};

/* A server with Q, D, T set, kind cbs, no reclaiming. */
struct rt_server rt_server_make(const char *name, rt_time q, rt_time d,
				rt_time t);

/* A server of the fixed-priority kinds (polling, deferrable, sporadic): run by
 * policy fp; the CBS kinds by the EDF policies. */
bool rt_server_is_fp(enum rt_server_kind k);

/* "cbs", "hard-cbs", "revised-cbs", "polling", "deferrable", "sporadic" /
 * "none", "grub" /
 * "inactive", "active-contending", "active-non-contending", "throttled" */
const char *rt_server_kind_name(enum rt_server_kind k);
const char *rt_reclaim_name(enum rt_reclaim r);
const char *rt_server_state_name(enum rt_server_state s);

/* 0 < Q <= D <= T (a server cannot promise more than its period holds);
 * on failure d names the server and the rule. */
enum rt_err rt_server_check(const struct rt_server *s, struct rt_diag *d);

/*
 * CBS wake-up rule 4 (Abeni & Buttazzo 1998, docs/theory.md §E.1; cf. the kernel's
 * dl_entity_overflow()): a server waking at t with budget q and deadline d
 * keeps (q, d) iff
 *
 *	q < (d - t) * Q / T
 *
 * and otherwise needs d = t + D, q = Q.  Cross-multiplied: q*T < (d-t)*Q.
 * Equality generates a new deadline (the paper's ">="; Linux keeps it).
 * d <= t always needs a new deadline.  Returns true if it does.
 */
bool rt_cbs_needs_new_deadline(rt_time q, rt_time d, rt_time t, rt_time Q,
			       rt_time T);

/*
 * Revised CBS overflow test (Abeni, Lipari, Lelli 2015, docs/theory.md §E.3; kernel
 * dl_entity_overflow() without its 2^10 granularity): for d > t, true iff
 *
 *	q / (d - t) > Q / D        i.e.   q * D > (d - t) * Q
 *
 * (the server would run at more than its density).  Equality keeps.
 */
bool rt_cbs_overflow(rt_time q, rt_time d, rt_time t, rt_time Q, rt_time D);

/*
 * Revised CBS budget for a constrained server that overflows at t < d
 * (kernel update_dl_revised_wakeup()):  q = (Q / D) * (d - t), rounded
 * down (against the server: it never gets more than its density allows).
 */
rt_time rt_cbs_revised_budget(rt_time d, rt_time t, rt_time Q, rt_time D);

/*
 * 0-lag time of a server that ran out of work (GRUB; kernel
 * task_non_contending()):  t0 = d - q * T / Q, the quotient rounded down,
 * so t0 is never earlier than the exact value (the bandwidth is released
 * no sooner than GRUB allows).  q may be negative (then t0 > d).  Returns
 * false on overflow (*out untouched).
 */
bool rt_cbs_zero_lag(rt_time q, rt_time d, rt_time Q, rt_time T, rt_time *out);

/* ceil(Q * 2^20 / T): a server's bandwidth in 2^20 fixed point, rounded
 * up (the GRUB rate of a CBS server then never under-charges). */
uint64_t rt_server_bw_ceil(rt_time Q, rt_time T);

#endif /* RT_SERVER_H */
