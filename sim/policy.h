/* policy.h - how scheduling policies plug into the engine (after the
 * kernel's struct sched_class; docs/design.md §3).
 *
 * The engine owns jobs, time, events, CPUs and the trace; a policy owns
 * its runqueues and decides what runs where.  The engine never looks
 * inside a policy (its state is a void *), never switches on its name,
 * and NULL-checks the optional hooks in one place (sim/internal.h).
 *
 * Protocol, at one instant t:
 *   - events are handled; the engine calls enqueue() for each job that
 *     becomes ready (the head of its task's FIFO) and dequeue() for each
 *     job that leaves (completed, aborted), running or not;
 *   - a reschedule is needed when a CPU was freed (the engine marks it)
 *     or when the policy says so with sim_engine_resched(), typically
 *     from enqueue() when the new job may preempt or has an idle CPU
 *     (kernel check_preempt_curr() + resched_curr());
 *   - then, once, if needed, schedule(): the policy compares its
 *     runqueues with what runs and calls sim_engine_assign(e, cpu, job)
 *     for every CPU whose occupant should change (job NULL: idle).  The
 *     engine then stops the displaced jobs (PREEMPT), starts the new ones
 *     (START, MIGRATE) and predicts their completions.
 * Between instants every running job progresses at rate 1; the engine
 * accounts it lazily (update_curr() says how much was charged).
 *
 * Rules a policy must keep: a job is assigned to at most one CPU; only
 * jobs handed over by enqueue() and not yet dequeued may be assigned; a
 * job displaced by sim_engine_assign() stays the policy's (it is ready).
 */
#ifndef SIM_POLICY_H
#define SIM_POLICY_H

#include <stdbool.h>

#include "models/rt_err.h"
#include "models/rt_time.h"
#include "sim/engine.h"
#include "sim/evq.h"
#include "sim/job.h"

/* enqueue() flags: why the job became ready. */
#define SIM_ENQ_RELEASE 0x1u    /* just released, and its task had no
				 * other pending job */
#define SIM_ENQ_HEAD    0x2u    /* was waiting behind a predecessor that
				 * completed or was aborted */
#define SIM_ENQ_WAKEUP  0x4u    /* woke up from a self-suspension (it was
				 * dequeued with SIM_DEQ_SUSPEND): a new
				 * arrival of work for the wake-up rules */
#define SIM_ENQ_UNBLOCK 0x8u    /* was blocked on a resource (dequeued
				 * with SIM_DEQ_BLOCK) or held back by SRP
				 * before its start, and may go on */
#define SIM_ENQ_REPRIO  0x10u   /* its effective priority changed
				 * (sim_engine_prio): dequeued with
				 * SIM_DEQ_REPRIO just before, maybe
				 * running; key it again */

/* dequeue() flags: why the job leaves (it may be running). */
#define SIM_DEQ_COMPLETE 0x1u   /* executed its whole demand */
#define SIM_DEQ_ABORT    0x2u   /* removed by its deadline timer */
#define SIM_DEQ_SUSPEND  0x4u   /* reached a suspension point (it was
				 * running): not ready until it is enqueued
				 * again with SIM_ENQ_WAKEUP; a job aborted
				 * while suspended is not dequeued again */
#define SIM_DEQ_BLOCK    0x8u   /* blocked at a lock (it was running):
				 * not ready until SIM_ENQ_UNBLOCK; a job
				 * aborted while blocked is not dequeued
				 * again */
#define SIM_DEQ_REPRIO   0x10u  /* about to be enqueued again with
				 * SIM_ENQ_REPRIO (its priority changed) */

struct sim_policy_ops {
	const char *name;                       /* as written in scenarios */
	/* Required. */
	/* Build the private state for engine e (read its configuration with
	 * sim_engine_config).  RT_ERR_UNSUPPORTED/INVAL with d filled if the
	 * configuration is not one this policy handles. */
	enum rt_err (*init)(struct sim_engine *e, void **state,
			    struct rt_diag *d);
	void (*fini)(void *state);              /* state may be NULL */
	enum rt_err (*enqueue)(void *state, struct sim_job *j, unsigned flags);
	void (*dequeue)(void *state, struct sim_job *j, unsigned flags);
	/* Decide the assignment for this instant (see the protocol above). */
	enum rt_err (*schedule)(void *state);
	/* Optional (NULL = not needed). */
	/* 'ran' time units of curr were just accounted (budget charging). */
	void (*update_curr)(void *state, struct sim_job *curr, rt_time ran);
	/* A timer the policy armed with sim_engine_arm() fired; it is no
	 * longer queued. */
	enum rt_err (*timer)(void *state, struct sim_event *ev);
	/* Appended for servers and admission; all optional. */
	unsigned flags;                 /* SIM_POLICY_* below */
	/* Task 'task' joins now (its arrive_at): accept it or not; *test is
	 * the enum sim_admit_test that decided.  NULL: every task is
	 * accepted (test "none"), and without arrive_at/leave_at tasks do
	 * not even go through a join. */
	enum rt_err (*admit)(void *state, uint32_t task, bool *accept,
			     unsigned *test);
	/* An admitted task left (leave_at): no more releases; its pending
	 * jobs, if any, are still enqueued/dequeued as usual. */
	void (*leave)(void *state, uint32_t task);
	/* The horizon is reached: running jobs are accounted, pending jobs
	 * not yet reported (servers report their own misses here). */
	enum rt_err (*end)(void *state);
	/* Appended.  The scheduling model the test registry's
	 * descriptors speak of (models/tests.h: RT_AN_EDF, RT_AN_FP,
	 * RT_AN_CBS, RT_AN_LINUX_DL; 0: none): scheduler.admission accepts
	 * a test that analyses it.  With SIM_POLICY_ADMISSION in flags the
	 * engine applies scheduler.admission (sim_config.admission) at
	 * every join; a policy with its own admit() (linux-dl, edf-split)
	 * leaves the flag out. */
	unsigned analysed_as;
	/* Appended: the policy-specific scheduler keys it honours,
	 * space-separated ("rt_runtime_us rt_period_us reclaim"); NULL: none.
	 * A scenario giving such a key to another policy is refused. */
	const char *keys;
	/* Appended, optional: the bandwidth the admission of
	 * task's domain now counts (linux-dl: dl_b->total_bw, 2^20 = one
	 * CPU); false if the policy keeps none. */
	bool (*total_bw)(void *state, uint32_t task, uint64_t *bw);
	/* Appended, optional: the same policy's variant for a
	 * configuration with servers (fp: sim_policy_fp_servers), which
	 * sim_config_check() takes instead, so that the variant without
	 * keeps its hooks as they are; same name and flags (but those it
	 * cannot honour with servers). */
	const struct sim_policy_ops *servers;
	/* Appended, with SIM_POLICY_LOCKS_DL (linux-dl, sim/resource.c):
	 * rt_mutex_setprio(task, donor): task runs with the deadline
	 * parameters of task 'donor' (its pi_se), or its own (donor < 0);
	 * the policy applies the kernel's boost (ENQUEUE_REPLENISH) or
	 * unboost (ENQUEUE_RESTORE) to a queued task.  pi_deadline: the
	 * task's current scheduling deadline (dl_se->deadline), which orders
	 * the mutex waiters and decides dl_entity_preempt(). */
	enum rt_err (*pi_set)(void *state, uint32_t task, int32_t donor);
	rt_time (*pi_deadline)(void *state, uint32_t task);
};

/* What a policy is, for the code above sim/ that must treat policies
 * differently (the analysis, the horizon rule, the reports): it asks these
 * flags, never the name.  SIM_POLICY_* bits of sim_policy_ops.flags. */
#define SIM_POLICY_SERVERS 0x1u         /* schedules cfg.servers: analysed
					 * through its servers (RT_AN_CBS) */
#define SIM_POLICY_CLUSTERS 0x2u        /* honours partitioned/clustered placement */
#define SIM_POLICY_ADMISSION 0x4u       /* honours scheduler.admission / mode
					 * with the registry's tests */
#define SIM_POLICY_KERNEL 0x8u          /* models a kernel scheduling class:
					 * a kernel profile (scheduler.kernel,
					 * accounting, hz), the kernel's own
					 * admission, overrun statistics */
#define SIM_POLICY_RESERVATIONS 0x10u   /* every task runs in its own
					 * reservation, which may idle with
					 * work pending (a hard CBS per task) */
#define SIM_POLICY_PRIORITIES 0x20u     /* static job priorities: honours
					 * scheduler.priorities */
#define SIM_POLICY_CLASSES 0x40u        /* hard and soft classes (class:),
					 * each admitted and reported apart */
/* A plain policy schedules a bare task set: nothing of it depends on
 * servers, a kernel profile or classes (the task-set generator writes
 * scenarios for these). */
#define SIM_POLICY_NOT_PLAIN (SIM_POLICY_SERVERS | SIM_POLICY_KERNEL | \
			      SIM_POLICY_RESERVATIONS | SIM_POLICY_CLASSES)
#define SIM_POLICY_CRITICAL_INSTANT 0x80u /* the synchronous periodic
					 * release is the worst case (Liu &
					 * Layland 1973; Lehoczky 1990 for
					 * D > T): a simulation over the busy
					 * period is an exact test */
#define SIM_POLICY_JOB_LEVEL 0x400u     /* a job-level policy with no
					 * budget or timer of its own: takes
					 * sim_config.overheads (sim/overhead.c)
					 * and CPUs of different capacities
					 * (sim_config.capacity) */

#define SIM_POLICY_LOCKS_FP 0x100u /* shared resources with protocols
					 * none, pip, pcp, srp: keys jobs by
					 * sim_engine_prio() (fixed
					 * priorities, inherited ones) */
#define SIM_POLICY_LOCKS_EDF 0x200u /* shared resources with protocols
					 * none and srp, preemption levels
					 * by relative deadline */

#define SIM_POLICY_LOCKS_DL 0x1000u /* shared resources with protocols
					 * none and inherit (linux-dl's
					 * rt_mutex): pi_set, pi_deadline */

#define SIM_POLICY_FP_SERVERS 0x800u  /* runs cfg.servers of the fixed-
					 * priority kinds (polling,
					 * deferrable: rt_server_is_fp) */
#define SIM_POLICY_CAPACITY 0x2000u   /* not job-level, but models CPUs
					 * of different capacities itself
					 * (linux-dl: capacity-scaled runtime,
					 * admission and placement) */

/* The registry: NULL if no policy has that name. */
const struct sim_policy_ops *sim_policy_find(const char *name);
/* The i-th registered policy (NULL past the end): for help texts. */
const struct sim_policy_ops *sim_policy_at(size_t i);
/* The names of the registered policies whose flags include every bit of
 * 'with' and none of 'without', in registry order, as "a", "a or b",
 * "a, b or c" into buf (cut at len); returns buf ("" if none). */
const char *sim_policy_names(unsigned with, unsigned without, char *buf,
			     size_t len);

extern const struct sim_policy_ops sim_policy_edf;
extern const struct sim_policy_ops sim_policy_fp;
/* fp with servers: not in the registry; sim_policy_fp.servers */
extern const struct sim_policy_ops sim_policy_fp_servers;
extern const struct sim_policy_ops sim_policy_cbs;       /* policy_cbs.c */
extern const struct sim_policy_ops sim_policy_linux_dl;  /* policy_linux_dl.c */
extern const struct sim_policy_ops sim_policy_split;     /* policy_split.c */

/* ---- Engine services for policies ---------------------------------- */

/* The configuration the engine was created with (borrowed). */
const struct sim_config *sim_engine_config(const struct sim_engine *e);
/* Current simulated time. */
rt_time sim_engine_now(const struct sim_engine *e);
/* The job running on cpu now (before this schedule() is committed). */
struct sim_job *sim_engine_curr(const struct sim_engine *e, unsigned cpu);
/* Time units j needs from now to complete on cpu (its CPU if it runs
 * there): its remaining work at that CPU's capacity (sim_config.capacity),
 * less what it ran since it was last accounted if it runs.  Equal to
 * remaining - (now - since) on identical CPUs. */
rt_time sim_engine_run_left(const struct sim_engine *e,
			    const struct sim_job *j, unsigned cpu);

/* Placement as the engine resolved it (engine.h): the clusters (one for
 * global, one per CPU for partitioned, cpus / k for clustered, one per
 * set for cpusets), the CPUs of cluster c (*n of them, in index order;
 * borrowed for the engine's life) and the cluster of a task (0 with one
 * cluster).  Every CPU is in exactly one cluster. */
const unsigned *sim_engine_cluster_cpus(const struct sim_engine *e,
					unsigned c, unsigned *n);
unsigned sim_engine_nclusters(const struct sim_engine *e);
unsigned sim_engine_task_cluster(const struct sim_engine *e, uint32_t task);

/* With a protocol that changes priorities (pip, pcp): the effective
 * priority rank of every task now (lower runs first; a task's own rank
 * unless it inherited a higher one), an array of ntasks entries kept
 * current by the engine for the engine's life; NULL otherwise (then
 * every task runs at its own rank).  A policy with SIM_POLICY_LOCKS_FP
 * keys jobs by it and is told of a change by dequeue(SIM_DEQ_REPRIO)
 * then enqueue(SIM_ENQ_REPRIO). */
const uint32_t *sim_engine_prio(const struct sim_engine *e);

/* Ask for schedule() to run at the end of this instant. */
void sim_engine_resched(struct sim_engine *e);

/* From init() only: a job-level policy whose dequeue() and schedule()
 * are exactly sim_crq_dequeue() and sim_crq_schedule() on q (cluster.h:
 * edf, fp) says so, and the engine calls them itself where it dequeues
 * a completed job and where it dispatches: inline, not through the ops
 * (q stays the policy's). */
struct sim_crq;
void sim_engine_crq(struct sim_engine *e, struct sim_crq *q);

/* During schedule() only: run j on cpu from now on (NULL: idle it). */
void sim_engine_assign(struct sim_engine *e, unsigned cpu, struct sim_job *j);

/* Arm ev (kind set to the policy-timer kind) at (t, rank); the policy's
 * timer() hook is called when it fires.  Errors as sim_evq_push. */
enum rt_err sim_engine_arm(struct sim_engine *e, struct sim_event *ev,
			   rt_time t, enum sim_rank rank);
/* Cancel a timer armed with sim_engine_arm (no-op if not armed). */
void sim_engine_disarm(struct sim_engine *e, struct sim_event *ev);

/* Stop the run: the policy cannot go on (a deadline or budget beyond
 * the time range, a broken rule).  The message (printf format) says what
 * failed; the run's error reads "policy NAME: message" (the first failure
 * of a run is the one kept).  Returns err, so that a hook can
 * return sim_engine_failf(e, err, ...). */
enum rt_err sim_engine_failf(struct sim_engine *e, enum rt_err err,
			     const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* ---- services for server policies (sim/report.c) -------------------- */

/* Emit a record at now for task 'task' (j: the job concerned, may be
 * NULL: then job 0 and no info), to the sinks that want 'kind'. */
void sim_engine_emit(struct sim_engine *e, enum sim_rec_kind kind, int cpu,
		     uint32_t task, const struct sim_job *j, rt_time value);

/* From init() only: n server statistics entries (zeroed; fill in the
 * names), reported in sim_stats.servers.  NULL on allocation failure. */
struct sim_server_stats *sim_engine_server_stats(struct sim_engine *e,
						 size_t n);
/* Count one server deadline miss of server i (statistics only). */
void sim_engine_server_miss(struct sim_engine *e, size_t i, rt_time late);

#endif /* SIM_POLICY_H */
