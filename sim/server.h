/* server.h - EDF over entities with CBS servers: the machinery shared by
 * the cbs, linux-dl and edf-split policies (sim-internal; docs/design.md §3-4,
 * docs/theory.md §E).
 *
 * An entity is either the ready job of a plain task (key: the job's
 * absolute deadline) or a server that has work and budget (key: the
 * server's deadline d_s; the job standing for it in the runqueue heaps is
 * the head of the server's FIFO, 'ent').  Keys are (class, deadline,
 * tie): class 0 runs before class 1 (edf-split: hard above soft), EDF
 * within a class, ties as the scenario's tie_break (task index, or the
 * global release order for fifo).
 *
 * Domains: the engine's clusters (placement) are root domains in the
 * kernel's sense, each with its own runqueue; a task and its server
 * belong to one.  The k most urgent entities of a domain run on its k
 * CPUs (global EDF; one CPU: uniprocessor EDF; partitioned placement or
 * exclusive cpusets: one runqueue per set).  GRUB quantities (running_bw,
 * this_bw) are per domain, as the kernel keeps them per runqueue.
 *
 * Server rules (per server, docs/theory.md §E.1-E.5):
 *
 *   SV_RULES_CBS      soft CBS: exhaustion postpones d += T, q += Q
 *   SV_RULES_HARD     hard CBS: exhaustion throttles until d
 *   SV_RULES_REVISED  hard, revised wake-up, throttle until d - D + T,
 *                     exact arithmetic
 *   SV_RULES_LINUX    the same as SCHED_DEADLINE computes it (2^20 fixed
 *                     point, 2^10 ns overflow granularity)
 *   SV_RULES_POLLING  fixed-priority servers (policy fp, sim/server_fp.c:
 *   SV_RULES_DEFERRABLE  the rules, docs/theory.md §E.8): keyed by
 *                     priority rank instead of deadline (sv_rq.rank)
 *
 * Budget is charged by the core itself (not through update_curr): a
 * running server drains from 'since' at 'rate' (2^20 = 1; GRUB lowers
 * it), and its exhaustion is a timer predicted when it starts running and
 * cancelled/re-armed whenever it stops or its rate changes.  With tick
 * accounting (linux-dl accounting: tick) the exhaustion is noticed only
 * where the kernel calls update_curr_dl(): at the first tick at or after
 * the instant the runtime reaches 0, or earlier when the entity stops
 * (preempted: put_prev_task_dl(); completed: dequeue_task_dl()); q is
 * then negative and the replenishment loop carries the debt.
 */
#ifndef SIM_SERVER_H
#define SIM_SERVER_H

#include <stdbool.h>
#include <stdint.h>

#include "models/linux_dl.h"
#include "models/server.h"
#include "sim/cluster.h"
#include "sim/policy.h"
#include "sim/rq.h"

enum sv_rules {
	SV_RULES_CBS = 0,
	SV_RULES_HARD,
	SV_RULES_REVISED,
	SV_RULES_LINUX,
	SV_RULES_POLLING,               /* fixed priority (server_fp.c) */
	SV_RULES_DEFERRABLE,
	SV_RULES_SPORADIC
};

enum sv_timer_what {
	SV_T_BUDGET = 0,                /* budget exhausted (rank BUDGET) */
	SV_T_REPL,                      /* replenishment (rank REPLENISH) */
	SV_T_INACT,                     /* GRUB 0-lag time (rank REPLENISH) */
	SV_T_YIELD,                     /* linux-dl sched_yield() (rank
					 * BUDGET) */
	SV_T_CHANGE,                    /* linux-dl sched_setattr() (rank
					 * TASK; handled by the policy) */
	SV_T_POLL                       /* polling server: the poll at its
					 * period start (rank TASK) */
};

struct sv_timer {
	struct sim_event ev;            /* armed with sim_engine_arm() */
	uint8_t what;                   /* enum sv_timer_what */
	uint32_t srv;                   /* index into sv_rq.srv */
};

struct sv_task {
	struct sim_job *job;            /* its ready job (FIFO head the engine
					 * gave us), NULL if none */
	struct sv_task *next;           /* server FIFO link */
	int32_t server;                 /* index into sv_rq.srv, -1: plain */
	uint32_t dom;                   /* its domain (engine cluster) */
	uint8_t klass;                  /* key class: 0 first; SV_CLASS_BG:
					 * background (linux-dl fair tasks),
					 * ordered by release */
	bool admitted;                  /* counted in the bandwidth sums */
};

#define SV_CLASS_BG 2                   /* below every server and class */

/* A pending replenishment of a sporadic server (server_fp.c). */
struct sv_ss_repl {
	rt_time at;                     /* when */
	rt_time amount;                 /* how much */
};

struct sv_server {
	/* static */
	const char *name;               /* borrowed */
	enum sv_rules rules;
	bool grub;                      /* budget drains at the GRUB rate */
	bool dl_overrun;                /* SCHED_FLAG_DL_OVERRUN: counted */
	rt_time Q, D, P;                /* budget, relative deadline, period */
	uint64_t bw;                    /* GRUB bandwidth in 2^20: linux
					 * floor(Q/P) (dl_bw); else
					 * ceil(Q/min(D,P)) (the density: safe
					 * for constrained servers) */
	rt_time bwP;                    /* the period of bw: P (linux) or
					 * min(D, P); the 0-lag time is
					 * d - q bwP/Q */
	uint64_t density;               /* linux: to_ratio(D, Q) */
	uint8_t klass;                  /* key class */
	uint32_t task0;                 /* a task of it (records) */
	uint32_t idx;                   /* own index */
	uint32_t rank;                  /* fixed priority (sv_rq.rank set):
					 * its key, 0 = highest */
	uint32_t dom;                   /* the domain of its tasks */
	/* dynamic */
	rt_time q;                      /* q_s; < 0 only in overrun */
	uint64_t qfrac;                 /* GRUB, exact CBS: the budget is
					 * q - qfrac / 2^20, 0 <= qfrac < 2^20
					 * (consumption at a fixed-point rate
					 * is kept exactly) */
	rt_time d;                      /* d_s, absolute */
	enum rt_server_state state;
	bool throttled;                 /* waiting for its replenishment */
	bool active;                    /* counted in running_bw (GRUB) */
	bool fair;                      /* a fair server: while throttled its
					 * head job still runs in background
					 * (class SV_CLASS_BG, as 'bg') */
	struct sim_job *bg;             /* that job while it is queued so */
	bool dead;                      /* linux-dl: its task left (TASK_DEAD);
					 * its bandwidth leaves total_bw at
					 * the 0-lag time after its last job
					 * (task_non_contending()) */
	bool released;                  /* that bandwidth is gone */
	bool defer;                     /* a deferred fair server (dl_defer) */
	bool defer_armed;               /* throttled until d - q (the defer
					 * timer, 'repl'), not for a
					 * replenishment (dl_defer_armed) */
	bool defer_running;             /* runs at deadline priority, the
					 * starvation case (dl_defer_running) */
	bool started;                   /* has fair work (dl_server_start(),
					 * until dl_server_stop()) */
	bool cont;                      /* linux: its task's job ended with
					 * the next one pending: the task did
					 * not sleep, that job goes on with
					 * (q, d) (sv_dequeue, sv_enqueue) */
	bool fresh;                     /* never woken: the first wake-up
					 * sets d = t + D, q = Q (kernel
					 * setup_new_dl_entity()) */
	struct sv_task *head, *tail;    /* FIFO of tasks with a ready job */
	struct sim_job *ent;            /* head->job while it stands in the
					 * heaps (not throttled), else NULL */
	rt_time since;                  /* running: budget charged up to */
	uint64_t rate;                  /* running: drain rate, 2^20 = 1 */
	int last_cpu;                   /* linux-dl: the CPU its entity last
					 * ran on (task_cpu()), -1: none */
	rt_time throttled_at;           /* start of the current throttle */
	rt_time thr_since;              /* throttled: accounted up to */
	rt_time missed_d;               /* d_s already counted as missed */
	struct sv_timer budget, repl, inact, yield, change, poll;
	const struct sim_dl_change *chg;/* linux-dl: sched_setattr() calls */
	size_t nchg, chg_next;
	const rt_time *yield_at;        /* linux-dl: sched_yield() instants */
	size_t nyield, yield_next;
	bool yielded;                   /* dl_yielded */
	int32_t pi;                     /* linux-dl rt_mutex boost: the server
					 * whose runtime, deadline and period
					 * replenish this one (pi_of(), the
					 * donor's pi_se); -1: its own */
	struct sim_server_stats *st;    /* engine-owned */
	/* sporadic (POSIX SCHED_SPORADIC; server_fp.c): klass 0 runs at
	 * sched_priority, 1 at sched_ss_low_priority (below every task) */
	rt_time ss_act;                 /* activation_time */
	rt_time ss_q0;                  /* q at the activation ... */
	rt_time ss_added;               /* ... and replenished since: the
					 * use since the activation is
					 * ss_q0 + ss_added - q */
	struct sv_ss_repl *ss;          /* pending replenishments, a ring
					 * in time order (owned) */
	size_t ss_first, ss_n, ss_cap;
};

/* What a root domain keeps beside its runqueue (sv_rq.cs.cl[i], the
 * same index). */
struct sv_dom {
	bool grub_on;                   /* some server of it reclaims */
	struct rt_dl_grub grub;         /* running_bw, this_bw, ... of it */
	uint64_t total_bw;              /* linux-dl: dl_b->total_bw, the
					 * admitted tasks' dl_bw */
	uint64_t cap;                   /* dl_bw_capacity(): the sum of its
					 * CPUs' capacities (1024 each on
					 * identical CPUs) */
};

struct sv_rq {
	struct sim_engine *e;           /* borrowed */
	enum sim_tie_break tie;
	bool kernel;                    /* GRUB charged as the kernel (floor)
					 * instead of rounding up */
	const struct rt_dl_rules *tick; /* linux-dl accounting: tick: the
					 * rules giving HZ and the first
					 * tick; NULL: runtime enforced
					 * exactly */
	const uint32_t *cap;            /* linux-dl on CPUs of different
					 * capacities (sim_config.capacity):
					 * runtime charged at capacity/1024
					 * (dl_scaled_delta_exec()); NULL:
					 * every CPU 1024 */
	bool fit;                       /* capacities not all equal
					 * (sched_asym_cpucap_active()): an
					 * entity given an idle CPU takes one
					 * that fits it (cpudl_find()) */
	unsigned ncpus;                 /* all CPUs */
	rt_time horizon;
	struct sim_clusters cs;         /* the domains' runqueues and CPUs */
	struct sv_dom *dom;             /* cs.n entries: GRUB, admission */
	unsigned *vacated, nvacated;    /* CPUs whose entity we took off */
	struct sv_task *tasks;          /* ntasks entries */
	size_t ntasks;
	struct sv_server *srv;          /* nsrv entries */
	size_t nsrv;
	enum rt_err err;                /* sticky error of a void hook,
					 * returned by the next schedule */
	const struct sim_job *leaving;  /* in sv_dequeue: the job leaving,
					 * named by records of its server */
	const uint32_t *rank;           /* fixed priorities (policy fp):
					 * task -> rank, 0 = highest; keys
					 * are ranks, not deadlines; NULL:
					 * EDF (borrowed) */
};

/* Allocate for the engine's tasks and nsrv servers (tasks plain, class 0;
 * servers zeroed with their timers and statistics).  The policy then
 * fills the servers' static fields and the tasks' server/class, and calls
 * sv_setup(). */
enum rt_err sv_init(struct sv_rq *rq, struct sim_engine *e, size_t nsrv,
		    struct rt_diag *d);
void sv_fini(struct sv_rq *rq);

/* Derive bandwidths, the server's first task and domain; GRUB quantities
 * for rt_runtime/rt_period (us; -1: U_max = 1).  Plain tasks' C/T count
 * as always active bandwidth.  RT_ERR_INVAL (d names it) if a server's
 * tasks are in different domains. */
enum rt_err sv_setup(struct sv_rq *rq, int64_t rt_runtime_us,
		     int64_t rt_period_us, struct rt_diag *d);

/* The policy hooks. */
enum rt_err sv_enqueue(struct sv_rq *rq, struct sim_job *j, unsigned flags);
void sv_dequeue(struct sv_rq *rq, struct sim_job *j, unsigned flags);
enum rt_err sv_schedule(struct sv_rq *rq);
enum rt_err sv_timer(struct sv_rq *rq, struct sim_event *ev);
enum rt_err sv_end(struct sv_rq *rq);

/* GRUB bookkeeping when the policy adds or removes bandwidth of domain
 * 'dom' (admission, leave): re-rates its running servers. */
enum rt_err sv_this_bw_changed(struct sv_rq *rq, struct sv_dom *dom);

/* linux-dl: the task of server s left at now (leave_at): no job will
 * come.  Its bandwidth (total_bw, this_bw) leaves the domain at the
 * 0-lag time after its last job completes, or now if that has passed
 * (task_non_contending() with TASK_DEAD, inactive_task_timer(),
 * __dl_sub()). */
enum rt_err sv_task_dead(struct sv_rq *rq, struct sv_server *s);

/* linux-dl sched_setattr(): the admission (by the policy) accepted new
 * parameters (Q, D, P) of bandwidth bw for s's task at now.  As
 * __sched_setscheduler(): the running task is charged (dequeue ->
 * update_curr_dl(); exhausted: throttled with the old parameters), the
 * bandwidths move (total_bw, this_bw; running_bw of a contending task,
 * dl_change_utilization() for a non-contending one), __setparam_dl(),
 * and a queued task is re-enqueued with ENQUEUE_RESTORE:
 * dl_check_constrained_dl(), then setup_new_dl_entity() if its deadline
 * has passed; else it keeps its (q, d). */
enum rt_err sv_setattr(struct sv_rq *rq, struct sv_server *s, rt_time Q,
		       rt_time D, rt_time P, uint64_t bw);

/* linux-dl rt_mutex_setprio(): s's task runs with the parameters of
 * server pi (its pi_se; -1: its own) from now on.  A queued task (it has
 * a ready job, maybe throttled) is charged first (dequeue ->
 * update_curr_dl() with the old parameters); boosted, it is unthrottled
 * and replenished with the donor's parameters (enqueue_task_dl() ->
 * replenish_dl_entity(), ENQUEUE_REPLENISH); unboosted, re-enqueued with
 * ENQUEUE_RESTORE (dl_check_constrained_dl(), setup_new_dl_entity() if
 * its deadline has passed; else it keeps its runtime and deadline).  A
 * task asleep (blocked, suspended) only changes its pi_se. */
enum rt_err sv_pi_set(struct sv_rq *rq, struct sv_server *s, int32_t pi);

/* Fixed-priority servers (sim/server_fp.c): their first period start,
 * at 0, for every server (called by the policy at init). */
enum rt_err sv_fp_arm(struct sv_rq *rq);

/* linux-dl: arm the server's first sched_yield() instant (after the
 * policy set yield_at / nyield). */
enum rt_err sv_yield_arm(struct sv_rq *rq, struct sv_server *s);

/* The domain of a task, and its CPU count. */
static inline struct sv_dom *sv_task_dom(const struct sv_rq *rq, uint32_t task)
{
	return &rq->dom[rq->tasks[task].dom];
}

static inline unsigned sv_dom_cpus(const struct sv_rq *rq,
				   const struct sv_dom *dom)
{
	return rq->cs.cl[dom - rq->dom].ncpus;
}

#endif /* SIM_SERVER_H */
