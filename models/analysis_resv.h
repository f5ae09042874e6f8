/* analysis_resv.h - analysis of reservations: the Linux SCHED_DEADLINE
 * admission per root domain, and CBS server bandwidth and per-task
 * guarantees (docs/theory.md §E.1-E.4, G.6).
 *
 * SCHED_DEADLINE admission (sched_dl_overflow() -> __dl_overflow(), in
 * the kernel's fixed point, models/linux_dl.h): a task joining root
 * domain r with dl_bw = floor(Q 2^20 / P) is refused iff
 *
 *	cap_bw * M_r < total_bw_r + dl_bw
 *
 * with cap_bw = to_ratio(rt_period, rt_runtime) (996147 by default) and
 * M_r the CPUs of r.  Tasks join at their arrive_at (0 if none) in
 * (time, index) order, all joins of an instant before the leaves of that
 * instant (the simulator's event order, sim/join.c); a task that leaves
 * returns its dl_bw.  Tasks of class fair are no SCHED_DEADLINE entities
 * and are neither counted nor refused.  A fair server per CPU adds its
 * bandwidth to its root domain when it is reserved.
 *
 * CBS: a server that isolates never demands more than a sporadic task
 * (Q_s, D_s, T_s) would, whatever its jobs demand (bandwidth isolation,
 * rt_cbs_server_isolates): on one CPU a cbs or hard-cbs server with
 * D_s = T_s (Abeni & Buttazzo 1998, property (a); Marzario et al. 2004),
 * a revised-cbs server (Abeni, Lipari & Lelli 2015), GRUB reclaiming
 * only with D_s = T_s (Lipari & Baruah 2000).  A cbs or hard-cbs server
 * with D_s < T_s does not: the original wake-up rule hands out a fresh
 * Q_s with deadline r + D_s to a server that wakes after its deadline,
 * however recently it had one (docs/theory.md §E.3, the "domino
 * effect"); nor does any server on several CPUs (the isolation proofs are
 * uniprocessor).  Such a server is still the sporadic task when its jobs
 * are exactly a sporadic task's: it serves one task that has the
 * guarantee below (rt_cbs_server_sporadic).  Where every server of a
 * domain is sporadic, the server deadlines of a one-CPU domain are all
 * met iff the servers and the plain tasks, as sporadic tasks, pass the
 * processor demand criterion (for D_s = T_s: sum Q_s/T_s + sum of the
 * plain tasks' C/T <= 1); where one is not, no test over (Q_s, D_s, T_s)
 * says anything about that domain.  A task served alone by a server whose
 * budget covers every job (demand <= Q_s), whose releases are at least
 * T_s apart and which does not suspend finds the server with a fresh
 * budget and deadline r + D_s at each release, so each job finishes by
 * r + D_s ("hard schedulability property", sched-deadline.rst 3.4, an
 * extension of Lemma 1 of Abeni & Buttazzo): response <= D_s, and the
 * task meets its deadlines when jitter + D_s <= D.  A job that suspends
 * wakes through the wake-up rule, which may give the server the later
 * deadline (wake-up time) + D_s: the lemma does not cover it, even with
 * C + the suspensions <= Q_s.
 *
 * Pure: no I/O; exact integer arithmetic (128-bit intermediates).
 */
#ifndef RT_ANALYSIS_RESV_H
#define RT_ANALYSIS_RESV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/rt_err.h"
#include "models/server.h"
#include "models/task.h"

/* ---- SCHED_DEADLINE admission ------------------------------------------ */

struct rt_dl_adm_input {
	const struct rt_task *tasks;    /* n tasks (C = runtime, T = period) */
	size_t n;
	const unsigned *task_dom;       /* n entries: root domain of each
					 * task; NULL: all in domain 0 */
	const unsigned *dom_cpus;       /* ndom entries: CPUs per domain */
	const uint64_t *dom_cap;        /* ndom entries: dl_bw_capacity()
					 * per domain, the sum of its CPUs'
					 * capacities; NULL: 1024 x CPUs */
	unsigned ndom;                  /* >= 1 */
	const rt_time *arrive_at;       /* n entries or NULL (all 0) */
	const rt_time *leave_at;        /* n entries or NULL (never) */
	int64_t rt_runtime_us;          /* -1: no admission control */
	int64_t rt_period_us;           /* 0: the kernel defaults */
	uint64_t fair_bw;               /* per CPU, counted in its domain;
					 * 0: none */
	/* Appended: when a leaving task's bandwidth returns (the 0-lag time
	 * after its last job, which the schedule decides): n entries each,
	 * within [free_lo, free_hi] (RT_TIME_NEVER: no bound); NULL: at
	 * leave_at.  A join whose verdict differs at the two ends, and every
	 * later join of its domain, is undetermined. */
	const rt_time *free_lo;
	const rt_time *free_hi;
};

struct rt_dl_adm_task {
	bool deadline;                  /* a SCHED_DEADLINE task (not fair) */
	uint64_t dl_bw;                 /* floor(C 2^20 / T); 0 if fair */
	uint64_t before;                /* the domain's total_bw when it joined */
	bool accepted;                  /* admitted (fair tasks: true); an
					 * undetermined task counts as
					 * admitted (the analysed set keeps
					 * it: the safe side) */
	bool undetermined;              /* appended: admitted or refused
					 * as leaving tasks' 0-lag times
					 * fall (free_lo/free_hi) */
	uint64_t before_hi;             /* appended: total_bw when it
					 * joined with every leaving task's
					 * bandwidth returned as late as
					 * possible (= before if none) */
};

struct rt_dl_adm_dom {
	unsigned cpus;
	uint64_t cap_bw;                /* to_ratio(rt_period, rt_runtime) */
	uint64_t capacity;              /* dl_bw_capacity(): 1024 x cpus on
					 * identical CPUs */
	rt_u128 cap;                    /* cap_scale(cap_bw, capacity) =
					 * cap_bw x cpus on identical CPUs */
	bool unlimited;                 /* rt_runtime_us == -1 */
	uint64_t fair;                  /* reserved for fair servers */
	uint64_t total;                 /* fair + dl_bw of every task ever
					 * admitted (the peak when none
					 * leaves) */
	size_t accepted, rejected;      /* SCHED_DEADLINE tasks */
	uint64_t peak;                  /* appended: the largest total_bw
					 * over time (<= cap; = total when
					 * no task leaves), returns as late
					 * as possible */
	size_t undetermined;            /* appended: tasks undetermined */
};

/* Replay the admission of every task (see above).  tasks_out (n entries)
 * and doms_out (ndom entries) are written on RT_OK.  RT_ERR_INVAL for a
 * task_dom entry >= ndom, ndom == 0 or a bad rt_runtime/rt_period pair;
 * RT_ERR_NOMEM. */
enum rt_err rt_dl_admission(const struct rt_dl_adm_input *in,
			    struct rt_dl_adm_task *tasks_out,
			    struct rt_dl_adm_dom *doms_out, struct rt_diag *d);

/* ---- CBS ----------------------------------------------------------------- */

/* Why a served task has (or has not) the CBS guarantee. */
enum rt_cbs_guarantee {
	RT_CBS_GUARANTEED = 0,          /* response <= D_s */
	RT_CBS_NOT_SERVED,              /* a plain task (EDF on its own) */
	RT_CBS_SHARED,                  /* the server serves other tasks */
	RT_CBS_DEMAND,                  /* a job may demand more than Q_s */
	RT_CBS_CLOSE,                   /* releases closer than T_s */
	RT_CBS_REVISED_LATE,            /* revised rule with D_s < T_s: a job
					 * of demand Q_s released after the
					 * next period start may wake to a
					 * reduced budget */
	RT_CBS_SERVER_MISSES,           /* the server's own deadlines are
					 * not guaranteed (bandwidth test
					 * fails or undecided, or a server
					 * of the domain is not sporadic) */
	RT_CBS_SUSPENDS,                /* appended: the task self-suspends
					 * (each wake-up goes through the
					 * wake-up rule) */
	RT_CBS_GRUB                     /* appended: GRUB reclaiming with
					 * D_s != T_s (isolation proven for
					 * D_s = T_s only) */
};

/* "guaranteed", "not served", "server shared with another task", ... */
const char *rt_cbs_guarantee_reason(enum rt_cbs_guarantee g);

/* The guarantee of task i (served by task_server[i], -1 = none) given
 * that its server's deadlines are (server_ok) or are not guaranteed.
 * Uses the task's largest job demand and smallest release separation
 * (rt_task_analysis_model) and its suspensions, so pass the tasks as
 * written (not a suspension-oblivious copy); a revised-cbs server with
 * D_s < T_s needs what rt_dl_task_no_guarantee says for D < T (demand <
 * Q_s, or periodic releases at T_s without jitter); a GRUB server needs
 * D_s = T_s. */
enum rt_cbs_guarantee rt_cbs_task_guarantee(const struct rt_task *ts, size_t n,
					    const int32_t *task_server,
					    const struct rt_server *servers,
					    size_t i, bool server_ok);

/* Served task i meets its own deadlines once its server's are met: it
 * has the guarantee (rt_cbs_task_guarantee(..., true), each job ends by
 * its release + D_s) and jitter + D_s <= D.  The rule of the simulator's
 * guarantees (sim/admit.c) and of the experiments' coverage
 * (sim/batch_sim.c). */
bool rt_cbs_task_covered(const struct rt_task *ts, size_t n,
			 const int32_t *task_server,
			 const struct rt_server *servers, size_t i);

/* Server s isolates in a domain of ncpus CPUs: whatever its jobs do, it
 * demands no more than the sporadic task (Q_s, D_s, T_s) (above). */
bool rt_cbs_server_isolates(const struct rt_server *s, unsigned ncpus);

/* Server k (of a domain of ncpus CPUs) demands no more than the sporadic
 * task (Q_s, D_s, T_s): it isolates, serves no task (it never wakes), or
 * serves exactly one task whose every job finds it idle with a fresh
 * budget that covers the job (rt_cbs_task_guarantee(..., true) ==
 * RT_CBS_GUARANTEED, by induction over time: each job ends by r + D_s <=
 * the next release).  This is the one rule for both the simulator's
 * guarantees (sim/admit.c) and `dlsim analyze` / experiments: a test
 * over (Q_s, D_s, T_s) speaks for a domain only where every server of it
 * is sporadic.  O(n). */
bool rt_cbs_server_sporadic(const struct rt_task *ts, size_t n,
			    const int32_t *task_server,
			    const struct rt_server *servers, size_t k,
			    unsigned ncpus);

/* "server S (cbs, D_s 2 < T_s 10) is not isolated (the domino effect)"
 * into buf (the reason rt_cbs_server_sporadic is false). */
void rt_cbs_server_why(const struct rt_server *s, unsigned ncpus, char *buf,
		       size_t len);

/*
 * Why a linux-dl task's jobs are not guaranteed to meet their deadlines
 * by its reservation (runtime C, deadline D, period T) when the
 * reservations' deadlines are met; NULL if they are.  As for a dedicated
 * CBS: every job must fit the runtime, releases must be >= T apart, no
 * jitter, no suspension.  With D < T the revised wake-up rule
 * (update_dl_revised_wakeup(), Abeni, Lipari, Lelli 2015) also needs the
 * job to leave budget (largest demand < C) or to arrive exactly at the
 * period start (periodic, no delay): a job that used all its runtime is
 * throttled and replenished at the next period start, and waking after
 * that start it gets only dl_density * laxity.  With D = P no job may
 * leave 0 < r < 1024 ns of runtime (an exec model's demand in [C - 1023,
 * C - 1]): the next job, arriving at the deadline d, keeps d = now and r
 * (dl_entity_overflow() compares runtime >> 10), and r runs past d ahead
 * of the others.
 */
const char *rt_dl_task_no_guarantee(const struct rt_task *t);

/* The sporadic task (Q_s, D_s, T_s) that bounds server s's demand. */
struct rt_task rt_server_as_task(const struct rt_server *s);

/* ---- the task the analysis sees ------------------------------------------ */

/* What rt_task_analysis_model changed (bit set). */
enum {
	RT_MODEL_JITTER  = 1u << 0,     /* D' = D - jitter */
	RT_MODEL_DEMAND  = 1u << 1,     /* C' = largest job demand > C */
	RT_MODEL_CLOSE   = 1u << 2,     /* T' = smallest release gap < T */
	RT_MODEL_JITTER_GE_D = 1u << 3  /* jitter >= D: a job released
					 * 'jitter' after its arrival cannot
					 * meet its deadline (D' = 1) */
};

/*
 * The sporadic task whose analysis covers what t's jobs may do: C' = the
 * largest demand of a job (C, exec_max, the largest listed value), T' =
 * the smallest separation of listed releases when below T, D' = D - J
 * (release jitter J: a job arriving at a is released in [a, a + J] and
 * due at a + D, so in any window its demand is that of a task with
 * deadline D - J: dbf(t) = max(0, floor((t - D + J) / T) + 1) C; Spuri
 * 1996, and docs/theory.md §A.3 with the release offset).  Returns the RT_MODEL_*
 * bits of what changed; 0 when t is already sporadic-conforming.
 */
unsigned rt_task_analysis_model(const struct rt_task *t, struct rt_task *out);

#endif /* RT_ANALYSIS_RESV_H */
