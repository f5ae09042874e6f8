/* internal.h - the engine's private structures and functions, shared by
 * engine.c, config.c, report.c, dispatch.c, release.c, join.c and admit.c
 * (not part of sim/'s public surface).
 *
 * Errors inside a run are sticky: the first failing step (allocation,
 * overflow, a sink, the policy) records itself with sim_fail(); the loop
 * stops before handling the next event and sim_engine_run() returns it.
 * After a failed run the engine can only be destroyed.
 */
#ifndef SIM_INTERNAL_H
#define SIM_INTERNAL_H

#include <assert.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/rng.h"
#include "sim/engine.h"
#include "sim/evq.h"
#include "sim/job.h"
#include "sim/policy.h"

/* What an event's owner is (struct sim_event.kind). */
enum sim_ev_kind {
	SIM_EV_COMPLETE = 1,    /* sim_job.done */
	SIM_EV_DEADLINE,        /* sim_job.timer */
	SIM_EV_RELEASE,         /* sim_task_rt.rel */
	SIM_EV_POLICY,          /* armed by the policy (sim_engine_arm) */
	SIM_EV_HORIZON,         /* sim_engine.horizon */
	SIM_EV_JOIN,            /* sim_task_rt.join: arrive_at, leave_at */
	SIM_EV_WAKEUP,          /* sim_job.wake: end of a self-suspension */
	SIM_EV_TICK,            /* sim_engine.tick: overheads' timer tick */
	SIM_EV_ZEROLAG          /* schedutil: a task's 0-lag time (freq.c) */
};

#define SIM_CONTAINER(ptr, type, member) \
	((type *)(void *)((char *)(ptr) - offsetof(type, member)))

/* Per task: where its release sequence stands, and its pending jobs. */
struct sim_task_rt {
	const struct rt_task *task;     /* borrowed from cfg.tasks */
	uint32_t idx;                   /* its index in cfg.tasks */
	bool plain;                     /* periodic, no jitter: r_k = a_k =
					 * a_{k-1} + T (release.c's fast
					 * path) */
	struct sim_event rel;           /* the task's one pending release */
	struct sim_job_fifo fifo;       /* pending jobs, oldest (head) first */
	uint64_t k;                     /* index of the next job to release */
	rt_time arrival;                /* a_k of job k (next to release) */
	rt_time release;                /* r_k of job k; >= r_{k-1} */
	rt_time until;                  /* min(leave, horizon): no release at
					 * or after it */
	/* Statistics of its jobs, kept here (hot: every release and
	 * completion touches this record) and copied into
	 * sim_stats.tasks[] when a run returns (sim_stats_publish): */
	uint64_t released, completed;   /* always (the totals are their sums) */
	uint64_t preemptions, migrations;       /* the rest: unless */
	rt_time max_response;           /* totals_only */
	rt_u128 sum_response;
	struct rt_rng rng_arrival;      /* stream 0: sporadic extra delays */
	struct rt_rng rng_jitter;       /* stream 1: release jitter */
	struct rt_rng rng_exec;         /* stream 2: execution demand */
	/* Joining and leaving (join.c): */
	struct sim_event join;          /* rank TASK: arrive_at, then leave_at */
	rt_time base;                   /* arrive_at: periodic/sporadic a_0 =
					 * base + offset; listed releases
					 * before it are skipped */
	rt_time leave;                  /* leave_at: no arrival a_k >= it */
	bool joined;                    /* the join was handled */
	/* Critical sections (resource.c): the task's boundary points in
	 * the order a job meets them, owned by e->res; NULL, 0: none. */
	const struct rt_section_pt *spt;
	uint32_t nspt;
};

/* RNG stream ids for rt_rng_derive(seed, task index, stream). */
enum {
	SIM_STREAM_ARRIVAL = 0,
	SIM_STREAM_JITTER  = 1,
	SIM_STREAM_EXEC    = 2
};

struct sim_cpu {
	struct sim_job *curr;           /* running job, NULL if idle */
	struct sim_job *next;           /* schedule()'s choice; == curr
					 * outside a dispatch */
	rt_time busy;                   /* executing (unless totals_only;
					 * published as sim_stats.cpu[].busy) */
	bool dirty;                     /* in the dirty list */
	/* Overheads (sim/overhead.c; unused without them): */
	rt_time ovh_end;                /* the CPU is busy with overhead
					 * until then (when no job runs on
					 * it: a running job's delay is in
					 * its 'since') */
	rt_time sw_at;                  /* a job left it then (its switch
					 * away was charged) */
	rt_time ovh;                    /* overhead charged within [0, H] */
	uint32_t cap;                   /* capacity, SIM_CAP_SCALE: full */
	/* Speed (dispatch.c): num / e->den work units per time unit;
	 * num = cap without frequencies, cap * f * (F / fmax) with them
	 * (sim/freq.c). */
	uint64_t num;
	/* Frequencies (sim/freq.c; unused without them): */
	uint32_t lvl;                   /* the level it runs at */
	uint32_t lvl_was;               /* its level before the first change
					 * at instant fchg_at */
	rt_time fchg_at;                /* its last change, or -1 */
	uint64_t nchg;                  /* instants its level changed at */
	rt_i128 ebusy;                  /* busy energy, accounted with the
					 * job (e->caps) */
};

struct sim_engine {
	struct sim_config cfg;          /* copy; tasks borrowed */
	const volatile sig_atomic_t *stop; /* nonzero: pause at the next
					 * instant (sim_engine_set_stop) */
	const struct sim_policy_ops *ops;
	void *pstate;                   /* the policy's; never looked into */
	struct sim_crq *crq;            /* the policy's runqueues, whose
					 * dequeue and schedule the engine
					 * calls itself (sim_engine_crq);
					 * NULL: through ops */
	struct sim_evq evq;             /* every event but completions */
	struct sim_evq cq;              /* completions only (rank COMPLETE,
					 * at most one per CPU): merged with
					 * evq by the loop, earlier time first
					 * and cq on equal times, which is the
					 * (time, rank, seq) order exactly */
	struct sim_event horizon;       /* end of the run, rank HORIZON */
	unsigned nclusters;             /* clusters (placement) */
	unsigned *cl_cpus;              /* cpus entries: the CPUs of cluster
					 * 0, then of cluster 1, ... each in
					 * index order */
	unsigned *cl_first;             /* nclusters + 1 entries: cluster c
					 * is cl_cpus[cl_first[c] ..
					 * cl_first[c + 1]) */
	struct sim_task_rt *trt;        /* cfg.ntasks entries */
	struct sim_cpu *cpu;            /* cfg.cpus entries */
	unsigned *dirty;                /* CPUs assigned in this dispatch */
	unsigned ndirty;
	bool in_schedule;               /* inside ops->schedule() (for
					 * asserts: kept without NDEBUG) */
	struct sim_job_pool pool;
	struct sim_sink *sinks;         /* copies */
	sim_emit_job_fn **sink_jobs;    /* each sink's emit_job, or NULL */
	size_t nsinks;
	/* The sinks kind by kind: those wanting kind k, in the order added,
	 * are fan_at[k] .. fan_at[k + 1] (excluded), in fan (report.c), so
	 * a record visits only its own sinks. */
	struct sim_fan_ent *fan;
	const struct sim_fan_ent *fan_at[SIM_REC__COUNT + 1];
	unsigned want;                  /* OR of the sinks' masks */
	unsigned fan_one;               /* the kinds exactly one sink wants
					 * (sim_emit_rec calls it directly);
					 * cleared with want by a failure */
	/* sim_engine_set_meter(): its call every meter_every records fanned
	 * out; meter_left counts down to it (UINT64_MAX: no meter) */
	enum rt_err (*meter)(void *ctx, rt_time now);
	void *meter_ctx;
	uint64_t meter_every, meter_left;
	const void *failed_sink;        /* ctx of the sink that failed */
	bool stats;                     /* !cfg.totals_only: per-task and
					 * per-CPU statistics kept */
	bool started;                   /* the run was entered (no more
					 * sinks) */
	struct sim_stats st;            /* tasks[] (but for the flags and
					 * the miss counts), cpu[], jobs,
					 * completed and events published
					 * when a run returns */
	rt_time now;                    /* current instant */
	bool resched;                   /* dispatch before time advances */
	/* The zero-length loop guard (engine.c, sim_spin): policy timers
	 * and dispatches handled at spin_at, and their limit at one
	 * instant, set as a run starts. */
	uint64_t spin_n, spin_max;
	rt_time spin_at;
	bool ran;                       /* sim_engine_run was called */
	uint64_t next_seq;              /* global release counter */
	struct sim_res *res;            /* shared resources (resource.c);
					 * NULL: none */
	const struct rt_overheads *ovh; /* cfg.overheads if any is non-zero,
					 * else NULL (sim/overhead.c) */
	struct sim_event tick;          /* the next timer tick (overheads) */
	bool caps;                      /* some CPU has capacity <
					 * SIM_CAP_SCALE (dispatch.c) */
	bool susp;                      /* some task self-suspends */
	unsigned char lean;             /* enum sim_lean: the common case,
					 * set as a run starts
					 * (sim_engine_run_until): one CPU,
					 * no resources, overheads,
					 * capacities, suspensions,
					 * schedutil or update_curr; the
					 * handlers then take their copies
					 * compiled for it, which test none
					 * of these */
	bool slow;                      /* caps or ovh: a start takes
					 * disp_start_slow() */
	uint64_t den;                   /* the speeds' denominator: 1024,
					 * or 1024 * F with frequencies */
	struct sim_sutil *su;           /* schedutil (sim/freq.c); NULL:
					 * fixed levels */
	struct sim_admit *adm;          /* admission by the registry
					 * (admit.c); NULL: none */
	bool *noguar;                   /* ntasks entries, or NULL: tasks
					 * whose own deadlines no admission
					 * result covers, however admitted
					 * (sim_guarantee_init, admit.c) */
	enum rt_err err;                /* sticky first error of the run */
	struct rt_diag diag;            /* its message */
	uint64_t max_memory;            /* bytes of pending jobs at most, 0:
					 * no limit (pool.max in jobs) */
};

/* The records of every job but its final one (and MIGRATE, which one
 * CPU never has): when no sink wants them, the lean copies are the
 * SIM_LEAN_QUIET ones, which do not emit them (not even a test of
 * e->want); else SIM_LEAN_REC, which emit them as usual.  COMPLETE is
 * emitted as usual in both, so a run writing only final records (the
 * jobs CSV, render/jobs.h) takes the quiet copies. */
#define SIM_LEAN_UNWANTED (SIM_MASK(SIM_REC_RELEASE) |			\
			   SIM_MASK(SIM_REC_START) |			\
			   SIM_MASK(SIM_REC_PREEMPT) |			\
			   SIM_MASK(SIM_REC_MIGRATE))

/* Which copy of the release, completion and dispatch handlers a run
 * takes (e->lean; their constant 'lean' parameter): the general one, or
 * a lean one (true as a truth value), quiet or emitting the records of
 * SIM_LEAN_UNWANTED. */
enum sim_lean {
	SIM_LEAN_OFF = 0,
	SIM_LEAN_QUIET = 1,
	SIM_LEAN_REC = 2,
};

/* A sink wanting one kind: its call and its index among e->sinks. */
struct sim_fan_ent {
	enum rt_err (*emit)(void *ctx, const struct sim_rec *r);
	void *ctx;
	size_t sink;
	sim_emit_job_fn *emit_job;      /* the sink's, or NULL */
};

/* The zero-length loop guard (engine.c): count one policy timer or
 * dispatch at now ('what' names it); true (the run failed) past the
 * limit. */
void sim_spin_fail(struct sim_engine *e, const char *what)
	__attribute__((cold, noinline));
static inline bool sim_spin(struct sim_engine *e, const char *what)
{
	if (e->spin_at != e->now) {
		e->spin_at = e->now;
		e->spin_n = 0;
	}
	if (__builtin_expect(++e->spin_n <= e->spin_max, 1))
		return false;
	sim_spin_fail(e, what);
	return true;
}
/* Record the first error (later ones are dropped); stops the run. */
void sim_fail(struct sim_engine *e, enum rt_err err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* report.c: emit a record to the sinks that want it; j may be NULL
 * (END). */
void sim_emit_slow(struct sim_engine *e, enum sim_rec_kind kind, int cpu,
		   const struct sim_job *j, rt_time value);

static inline void sim_emit(struct sim_engine *e, enum sim_rec_kind kind,
			    int cpu, const struct sim_job *j, rt_time value)
{
	if (e->want & SIM_MASK(kind))
		sim_emit_slow(e, kind, cpu, j, value);
}

/* report.c, out of line: the sink f failed on r (the run stops); the
 * meter's call, once meter_left reached 0. */
void sim_emit_failed(struct sim_engine *e, const struct sim_fan_ent *f,
		     enum sim_rec_kind kind, rt_time time, enum rt_err err)
	__attribute__((noinline, cold));
void sim_emit_meter(struct sim_engine *e, rt_time time)
	__attribute__((noinline, cold));

/* sim_emit of a job's record in a lean copy (no watchers: e->ovh and
 * e->su are NULL there), kind a constant: a kind one sink wants goes to
 * it from here (no call to sim_emit_slow, no fan-out loop), by its
 * emit_job where it has one (the record's fields in registers), else
 * by emit with the record built in the caller's frame; other kinds
 * through sim_emit_slow. */
static inline __attribute__((always_inline)) void
sim_emit_rec(struct sim_engine *e, enum sim_rec_kind kind, int cpu,
	     const struct sim_job *j, rt_time value)
{
	const struct sim_fan_ent *f;
	enum rt_err err;

	if (!(e->fan_one & SIM_MASK(kind))) {
		if (e->want & SIM_MASK(kind))
			sim_emit_slow(e, kind, cpu, j, value);
		return;
	}
	f = e->fan_at[kind];
	if (f->emit_job) {
		err = f->emit_job(f->ctx, kind, e->now, cpu, &j->info, value);
	} else {
		struct sim_rec r = sim_rec_of_job(kind, e->now, cpu, &j->info,
						  value);

		err = f->emit(f->ctx, &r);
	}
	if (__builtin_expect(err != RT_OK, 0))
		sim_emit_failed(e, f, kind, e->now, err);
	else if (__builtin_expect(--e->meter_left == 0, 0))
		sim_emit_meter(e, e->now);
}

/* Statistics of a job that missed (finish RT_TIME_NEVER if it never
 * finished; tardiness observed, a lower bound then). */
void sim_stats_miss(struct sim_engine *e, const struct sim_job *j,
		    rt_time finish, rt_time tardiness);
/* Copy the counters kept in the task and CPU records into e->st, with
 * 'events' handled since the last call (a run returning). */
void sim_stats_publish(struct sim_engine *e, uint64_t events);

/* config.c */
/* Check cfg (every field the engine and the policies rely on; d names
 * the field or task) and find its policy in the registry.  On failure
 * *ops is untouched. */
enum rt_err sim_config_check(const struct sim_config *cfg,
			     const struct sim_policy_ops **ops,
			     struct rt_diag *d);
/* e->nclusters, cl_cpus, cl_first from e->cfg's placement (checked).
 * RT_ERR_NOMEM (left for sim_engine_destroy). */
enum rt_err sim_config_clusters(struct sim_engine *e);

/* release.c */
/* Plan task t's first release (job 0).  Cannot fail once the event queue
 * has room for every task. */
enum rt_err sim_release_first(struct sim_engine *e, struct sim_task_rt *t);
/* The release event of t fired: release job k, plan job k+1. */
void sim_release_fire(struct sim_engine *e, struct sim_task_rt *t);
/* The same in the SIM_LEAN_REC copy: only under e->lean ==
 * SIM_LEAN_REC (engine.c's loop for it). */
void sim_release_fire_rec(struct sim_engine *e, struct sim_task_rt *t);

/* join.c */
/* t's join event fired: its arrival (admission, then its first release)
 * or its leave. */
void sim_task_join(struct sim_engine *e, struct sim_task_rt *t);

/* admit.c: admission by the test registry (cfg.admission); init after
 * the policy's, NULL-safe fini; join decides for 'task' (records the
 * test in *test as for SIM_REC_ADMIT); leave returns its share. */
struct sim_admit;
enum rt_err sim_admit_init(struct sim_engine *e, struct rt_diag *d);
void sim_admit_fini(struct sim_engine *e);
enum rt_err sim_admit_join(struct sim_engine *e, uint32_t task, bool *accept,
			   unsigned *test);
void sim_admit_leave(struct sim_engine *e, uint32_t task);
/* Are task's misses outside any guarantee: (last) admitted by a result
 * that guarantees nothing (a necessary test's accept: utilization with
 * D < T, ...), or one whose admission covers its server, not its jobs,
 * or its class's tests a model its jobs leave (e->noguar)?  False
 * without admission. */
bool sim_admit_unsure(const struct sim_engine *e, uint32_t task);
/* e->noguar, after sim_admit_init (admit.c has the rule); freed by
 * sim_admit_fini. */
enum rt_err sim_guarantee_init(struct sim_engine *e, struct rt_diag *d);
/* A job of 'task' was released / completed or aborted (with e->adm: the
 * domain's pending count, admit.c "leaving"). */
void sim_admit_job_new(struct sim_engine *e, uint32_t task);
void sim_admit_job_gone(struct sim_engine *e, uint32_t task);
/* At the horizon: sim_task_stats.tardiness_bound of every task. */
void sim_admit_end(struct sim_engine *e);

/* resource.c: shared resources and their protocol (sim/resource.h). */
struct sim_res;
/* e->res and every task's spt, when cfg has resources or a protocol;
 * before the policy's init (it reads sim_engine_prio).  RT_ERR_NOMEM
 * (d says so); left for sim_res_fini. */
enum rt_err sim_res_init(struct sim_engine *e, struct rt_diag *d);
void sim_res_fini(struct sim_engine *e);
/* Running j's 'done' fired at a boundary point (j accounted, its done
 * cancelled): unlocks and locks at its executed demand (at completion:
 * every resource it still holds is unlocked).  GO: j runs on; BLOCKED:
 * the caller takes it off its CPU and the policy (sim_block); YIELD:
 * unlocks made another job ready before a lock at the same point: j
 * leaves its CPU but stays ready (sim_yield), and tries the lock when it
 * runs again. */
enum sim_res_out { SIM_RES_GO = 0, SIM_RES_BLOCKED, SIM_RES_YIELD };
enum sim_res_out sim_res_point(struct sim_engine *e, struct sim_job *j);
/* SRP: j becomes ready before its start; true if held back (BLOCK). */
bool sim_res_hold(struct sim_engine *e, struct sim_job *j);
/* j (blocked or holding resources) is aborted: it lets go of both. */
void sim_res_abort(struct sim_engine *e, struct sim_job *j);
/* Time moves from the last instant to t: observed blocking. */
void sim_res_advance(struct sim_engine *e, rt_time t);
/* sim_task_stats.max_blocking of every task into e->st. */
void sim_res_publish(struct sim_engine *e);
/* overhead.c: scheduling overheads charged where the kernel pays them
 * (sim/README.md "Overheads"); every function only with e->ovh set. */
enum rt_err sim_ovh_init(struct sim_engine *e, struct rt_diag *d);
/* The instant job j, being started on cpu now, begins to execute. */
rt_time sim_ovh_start(struct sim_engine *e, struct sim_job *j, unsigned cpu,
		      bool migrated);
/* The record about to be emitted (report.c; the overheads want RELEASE,
 * PREEMPT, COMPLETE, SUSPEND and ABORT, so no hot path tests for them):
 * a release pays its interrupt; a job taken off 'cpu' (j->since still
 * its start) leaves the rest of its switch-in, and one that completed,
 * suspended or was aborted there makes the CPU switch away. */
void sim_ovh_record(struct sim_engine *e, enum sim_rec_kind kind, int cpu,
		    const struct sim_job *j);
/* The tick event fired: every CPU pays the tick; the next is armed. */
void sim_ovh_tick(struct sim_engine *e);
/* Re-arm the 'done' event of j (running) at since + what it has left. */
void sim_dispatch_rearm(struct sim_engine *e, struct sim_job *j);

/* freq.c: frequency levels and energy (sim/README.md "Frequencies and
 * energy"); every function only with cfg.freq. */
/* e->den, each CPU's num and level, e->caps; schedutil's state.
 * RT_ERR_NOMEM, RT_ERR_OVERFLOW (d says so); left for sim_freq_fini. */
enum rt_err sim_freq_init(struct sim_engine *e, struct rt_diag *d);
void sim_freq_fini(struct sim_engine *e);
/* schedutil: the record about to be emitted (RELEASE, COMPLETE, ABORT
 * change the running bandwidth). */
void sim_freq_record(struct sim_engine *e, enum sim_rec_kind kind,
		     const struct sim_job *j);
/* schedutil: a task's 0-lag timer fired. */
void sim_freq_zerolag(struct sim_engine *e, struct sim_event *ev);
/* Energy and changes into e->st.cpu[] (stats kept). */
void sim_freq_publish(struct sim_engine *e);

/* dispatch.c */
/* j, running, blocked at a lock: off its CPU (PREEMPT) and the policy
 * (SIM_DEQ_BLOCK). */
void sim_block(struct sim_engine *e, struct sim_job *j);
/* j, running, leaves its CPU (PREEMPT) but stays ready: the policy
 * decides again (dequeue SIM_DEQ_REPRIO + enqueue SIM_ENQ_REPRIO). */
void sim_yield(struct sim_engine *e, struct sim_job *j);
void sim_dispatch(struct sim_engine *e);
void sim_on_complete(struct sim_engine *e, struct sim_job *j);
/* The same two in the SIM_LEAN_REC copy: only under e->lean ==
 * SIM_LEAN_REC (engine.c's loop for it); sim_dispatch and
 * sim_on_complete stay right then (they take the general copy). */
void sim_dispatch_rec(struct sim_engine *e);
void sim_on_complete_rec(struct sim_engine *e, struct sim_job *j);
void sim_on_deadline(struct sim_engine *e, struct sim_job *j);
/* j's suspension ended (its wake event fired): ready again. */
void sim_on_wakeup(struct sim_engine *e, struct sim_job *j);
/* Optional policy hooks, NULL-checked here and nowhere else. */
static inline void sim_pol_update_curr(struct sim_engine *e,
				       struct sim_job *j, rt_time ran)
{
	if (e->ops->update_curr)
		e->ops->update_curr(e->pstate, j, ran);
}

/* dispatch.c: sim_account on CPUs of different speeds: 'ran' time
 * units at speed num / den execute ran * num / den work units, kept
 * exact (remaining and the fraction frac / den of a unit). */
void sim_account_cap(struct sim_engine *e, struct sim_job *j, rt_time ran);
/* The time j needs on 'cpu' for 'work' more units (rounded up). */
rt_time sim_cap_time(const struct sim_engine *e, const struct sim_job *j,
		     unsigned cpu, rt_time work);

/* Bring a running job's remaining demand and its CPU's busy time up to
 * now; 'lean' (a constant): e->lean holds, nothing to test (ran >= 0
 * without overheads, and ran == 0 changes nothing). */
static inline __attribute__((always_inline)) void
sim_account_as(struct sim_engine *e, struct sim_job *j, unsigned lean)
{
	rt_time ran = e->now - j->since;

	/* ran < 0: still in its switch-in overhead (sim/overhead.c) */
	assert(j->run_cpu >= 0 && (e->caps || ran <= j->info.remaining));
	assert(!lean || (e->lean && ran >= 0));
	if (!lean) {
		if (ran <= 0)
			return;
		if (__builtin_expect(e->caps, 0)) {
			sim_account_cap(e, j, ran);
			return;
		}
	}
	j->info.remaining -= ran;
	j->since = e->now;
	if (e->stats)
		e->cpu[lean ? 0 : j->run_cpu].busy += ran;
	if (!lean)
		sim_pol_update_curr(e, j, ran);
}

static inline void sim_account(struct sim_engine *e, struct sim_job *j)
{
	sim_account_as(e, j, SIM_LEAN_OFF);
}

/* sim_emit of a kind of SIM_LEAN_UNWANTED: in the SIM_LEAN_QUIET copy
 * ('lean', a constant) nothing; in the SIM_LEAN_REC one sim_emit_rec. */
static inline __attribute__((always_inline)) void
sim_emit_as(struct sim_engine *e, unsigned lean, enum sim_rec_kind kind,
	    int cpu, const struct sim_job *j, rt_time value)
{
	if (lean == SIM_LEAN_REC)
		sim_emit_rec(e, kind, cpu, j, value);
	else if (lean != SIM_LEAN_QUIET)
		sim_emit(e, kind, cpu, j, value);
}

/* sim_emit of a record every copy emits (COMPLETE, MISS): in the lean
 * ones ('lean', a constant) sim_emit_rec (so a run writing only final
 * records, the jobs CSV, hands them over inline too). */
static inline __attribute__((always_inline)) void
sim_emit_in(struct sim_engine *e, unsigned lean, enum sim_rec_kind kind,
	    int cpu, const struct sim_job *j, rt_time value)
{
	if (lean != SIM_LEAN_OFF)
		sim_emit_rec(e, kind, cpu, j, value);
	else
		sim_emit(e, kind, cpu, j, value);
}

/* The policy's enqueue(), unless SRP holds a job back before its start
 * (a release, or the head after its predecessor left); 'lean' (a
 * constant): e->lean holds (no resources). */
static inline __attribute__((always_inline)) enum rt_err
sim_enqueue(struct sim_engine *e, struct sim_job *j, unsigned flags,
	    unsigned lean)
{
	if (!lean && e->res && sim_res_hold(e, j))
		return RT_OK;
	return e->ops->enqueue(e->pstate, j, flags);
}

static inline enum rt_err sim_pol_timer(struct sim_engine *e,
					struct sim_event *ev)
{
	if (!e->ops->timer)
		return RT_ERR_INVAL;
	return e->ops->timer(e->pstate, ev);
}

static inline enum rt_err sim_pol_end(struct sim_engine *e)
{
	return e->ops->end ? e->ops->end(e->pstate) : RT_OK;
}

#endif /* SIM_INTERNAL_H */
