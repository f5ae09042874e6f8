/* engine.h - the discrete-event simulation engine (docs/design.md §3).
 *
 * Time jumps from event to event (no tick loop).  Events live in an indexed
 * min-heap keyed by (time, rank, seq); at one instant every event is
 * handled first, then the dispatcher runs once.  Policies plug in through
 * struct sim_policy_ops (sim/policy.h).  Memory is O(tasks + pending jobs),
 * independent of the horizon.
 *
 * Horizon H: jobs whose release would be at r >= H are never released; the
 * run handles every event at t <= H (completions at H count), then reports
 * jobs still pending: a MISS if their deadline is <= H, UNFINISHED always.
 */
#ifndef SIM_ENGINE_H
#define SIM_ENGINE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/analysis_fp.h"
#include "models/overhead.h"
#include "models/rt_err.h"
#include "models/server.h"
#include "models/task.h"
#include "sim/trace.h"

struct rt_dl_rules;                     /* models/linux_dl.h */

/* linux-dl: one sched_setattr() on a task: new (runtime, deadline,
 * period) at 'at' (tasks[i].changes). */
struct sim_dl_change {
	rt_time at, runtime, deadline, period;
};

struct sim_dl_changes {
	const struct sim_dl_change *v;  /* n entries, 'at' increasing */
	size_t n;
};

/* A list of instants (increasing), borrowed. */
struct sim_times {
	const rt_time *at;
	size_t n;
};

enum sim_on_miss {
	SIM_ON_MISS_CONTINUE = 0,       /* late jobs run to completion */
	SIM_ON_MISS_ABORT               /* a job is removed at its deadline */
};

enum sim_tie_break {
	SIM_TIE_TASK_ORDER = 0,         /* equal keys: lower task index first */
	SIM_TIE_FIFO                    /* equal keys: earlier release first */
};

/*
 * Placement (docs/design.md §3): the CPUs are split into clusters of k consecutive
 * CPUs (cluster c is CPUs c*k .. c*k + k - 1) and each cluster runs the
 * policy over its own runqueue, with every task bound to one cluster:
 *
 *   global       k = cpus: one runqueue for all CPUs
 *   partitioned  k = 1: one runqueue per CPU, task_cluster[i] = its CPU;
 *                its jobs never migrate
 *   clustered    k = cluster_size (cpus % k == 0), task_cluster[i] = its
 *                cluster; jobs migrate only inside it
 *
 * The assignment is an input (computed by the caller, e.g. with
 * models/placement.h), never decided inside sim/.
 */
enum sim_placement {
	SIM_PLACE_GLOBAL = 0,
	SIM_PLACE_PARTITIONED,
	SIM_PLACE_CLUSTERED,
	SIM_PLACE_CPUSETS               /* clusters of any sizes: cpu_set[]
					 * names the cluster of every CPU
					 * (Linux exclusive cpusets = root
					 * domains) */
};

/* edf-split: the test that admits hard tasks (docs/design.md §4). */
enum sim_hard_test {
	SIM_HARD_TEST_EXACT = 0,        /* QPA on the hard tasks (1 CPU) */
	SIM_HARD_TEST_DENSITY,          /* sum C/min(D,T) <= 1 */
	SIM_HARD_TEST_D_EQUALS_T        /* sum C/T <= 1, every hard D == T */
};

/* The admission tests policies report in ADMIT/REJECT records (value). */
enum sim_admit_test {
	SIM_ADMIT_NONE = 0,             /* the policy has no test: accepted */
	SIM_ADMIT_LINUX,                /* SCHED_DEADLINE: sum dl_bw <= cap * M */
	SIM_ADMIT_EXACT,                /* QPA */
	SIM_ADMIT_DENSITY,              /* density <= 1 */
	SIM_ADMIT_D_EQUALS_T,           /* U <= 1 with D == T */
	SIM_ADMIT_UTILIZATION,          /* U <= what the hard class left */
	SIM_ADMIT_HARD_ALL,             /* mode: hard tried several tests
					 * (global EDF) and every one rejected */
	SIM_ADMIT_REGISTRY = 0x100      /* + i: the registry test rt_tests[i]
					 * (scheduler.admission, mode) */
};

/* "none", "linux", "exact", "density", "d-equals-t", "utilization",
 * "hard", and for SIM_ADMIT_REGISTRY + i the name of rt_tests[i] ("?"
 * for an unknown value). */
const char *sim_admit_test_name(unsigned t);

/* Admission by the test registry (sim/admit.c), for policies
 * with SIM_POLICY_ADMISSION: every task joins (at its arrive_at, in task
 * order at one instant) and is admitted iff the tasks already admitted in
 * its domain (cluster: one CPU when partitioned, the cluster, the cpuset,
 * or the machine) plus it pass, on that domain's CPUs.  Policy cbs counts
 * a served task as its server (Q_s, D_s, T_s), once per server.  Each task
 * is analysed as rt_task_analysable() makes it. */
enum sim_admission {
	SIM_ADMISSION_NONE = 0,         /* every task runs */
	SIM_ADMISSION_TEST,             /* sim_config.admission_test */
	SIM_ADMISSION_HARD,             /* mode: hard: the registry's
					 * RT_AN_MODE_HARD tests for the
					 * policy and the domain's platform;
					 * the first accept admits */
	SIM_ADMISSION_SOFT              /* mode: soft: RT_AN_MODE_SOFT
					 * (capacity, U <= CPUs) */
};

/* The locking protocol of the shared resources (sim/resource.h,
 * docs/theory.md "Resources").  Which policies define which is the
 * policy's SIM_POLICY_LOCKS_* flags (sim/policy.h). */
enum sim_protocol {
	SIM_PROTO_NONE = 0,             /* a job blocks while another holds
					 * the resource; no priority change */
	SIM_PROTO_PIP,                  /* priority inheritance (fp) */
	SIM_PROTO_PCP,                  /* the original priority ceiling
					 * protocol (fp) */
	SIM_PROTO_SRP,                  /* Baker's stack resource policy
					 * (fp, edf) */
	SIM_PROTO_INHERIT,              /* linux-dl: the kernel's rt_mutex
					 * deadline inheritance (pi_se) */
	SIM_PROTO__COUNT
};

#define SIM_PROTO_BIT(p) (1u << (p))

/* "none", "pip", "pcp", "srp", "inherit" */
const char *sim_protocol_name(enum sim_protocol p);

/* What the policy registry (sim/policy.c) says about one policy, for
 * code that reads only this header (the scenario loader). */
struct sim_policy_desc {
	const char *name;               /* as written in scenarios */
	bool admission;                 /* SIM_POLICY_ADMISSION: honours
					 * sim_config.admission */
	unsigned analysed_as;           /* the RT_AN_* model the test
					 * registry's descriptors speak of;
					 * 0: none */
	const char *keys;               /* policy-specific scheduler keys it
					 * honours, space-separated, or "" */
	unsigned flags;                 /* SIM_POLICY_* (sim/policy.h): what
					 * the policy is */
	unsigned protocols;             /* SIM_PROTO_BIT() of every
					 * protocol it defines for shared
					 * resources; 0: it takes none */
	bool job_level;                 /* SIM_POLICY_JOB_LEVEL: takes
					 * sim_config.overheads and
					 * sim_config.capacity */
	bool capacities;                /* SIM_POLICY_CAPACITY: models CPUs
					 * of different capacities itself
					 * (linux-dl) */
};

/* The policy named 'name' (false if there is none), or the i-th
 * registered policy (false past the last). */
bool sim_policy_describe(const char *name, struct sim_policy_desc *out);
bool sim_policy_describe_at(size_t i, struct sim_policy_desc *out);

struct sim_freq;

struct sim_config {
	const struct rt_task *tasks;    /* borrowed for the engine's life */
	size_t ntasks;
	unsigned cpus;                  /* >= 1 */
	const char *policy;             /* registry name, e.g. "edf" */
	enum sim_on_miss on_miss;
	enum sim_tie_break tie_break;
	rt_time horizon;                /* > 0 */
	uint64_t seed;                  /* random arrival/exec models */
	/* Placement (zero: global). */
	enum sim_placement placement;
	unsigned cluster_size;          /* clustered: k >= 1 dividing cpus;
					 * ignored otherwise */
	const unsigned *task_cluster;   /* ntasks entries, borrowed for the
					 * engine's life: partitioned, the
					 * task's CPU; clustered, its cluster
					 * index (< cpus / k).  May be NULL
					 * with global placement or a single
					 * cluster (all tasks in cluster 0).
					 * cpusets: the task's set index */
	unsigned nsets;                 /* cpusets: number of sets (>= 1) */
	const unsigned *cpu_set;        /* cpusets: cpus entries, borrowed:
					 * the set of each CPU (< nsets);
					 * every set has a CPU.  Set c's CPUs
					 * in index order form cluster c */
	/* Policy fp: how static priorities are assigned (zero: DM). */
	enum rt_fp_order priorities;
	/* Servers, SCHED_DEADLINE and admission (sim/README.md).
	 * Zero means "none / default" for every field below. */
	const struct rt_server *servers;/* nservers entries, borrowed; only
					 * for policies that serve them */
	size_t nservers;
	const int32_t *task_server;     /* ntasks entries: index into servers,
					 * -1 = not served; NULL = none */
	int64_t rt_runtime_us;          /* linux-dl sched_rt_runtime_us;
					 * -1 = no admission control */
	int64_t rt_period_us;           /* sched_rt_period_us; 0 = the kernel
					 * defaults 950000 / 1000000 */
	enum rt_reclaim reclaim;        /* linux-dl: GRUB for every task */
	/* linux-dl: the per-CPU fair server (docs/theory.md §E.6) serving the tasks
	 * of class fair; fair_runtime 0: none (fair tasks only run when no
	 * SCHED_DEADLINE entity is ready). */
	rt_time fair_runtime, fair_deadline, fair_period;
	bool fair_reserve;              /* its bandwidth counts in the
					 * admission of its root domain */
	bool fair_defer;                /* dl_defer: the deferred server */
	/* linux-dl: the kernel profile and rules (accounting, bandwidth
	 * release; models/linux_dl.h), borrowed; NULL: those of
	 * rt_dl_profile(NULL).  The fair server is the fair_* fields. */
	const struct rt_dl_rules *dl_rules;
	const unsigned *dl_flags;       /* linux-dl: ntasks entries of
					 * RT_DL_FLAG_* or NULL (none) */
	const struct sim_dl_changes *dl_changes; /* linux-dl: ntasks entries
					 * or NULL: sched_setattr() calls */
	const struct sim_times *dl_yield_at;    /* linux-dl: ntasks entries
					 * or NULL: the instants the task
					 * calls sched_yield() (if running) */
	enum sim_hard_test hard_test;   /* edf-split: admits hard tasks */
	const rt_time *arrive_at;       /* ntasks entries or NULL (all 0):
					 * the task joins (and is admitted
					 * or rejected) then; periodic and
					 * sporadic arrivals start at
					 * arrive_at + offset, listed
					 * releases before it are skipped */
	const rt_time *leave_at;        /* ntasks entries or NULL; RT_TIME_NEVER
					 * = never: no job arrives at or
					 * after it (pending ones finish) */
	/* scheduler.admission and mode (zero: none). */
	enum sim_admission admission;
	const struct rt_test_info *admission_test;      /* _TEST: borrowed
					 * registry entry that analyses the
					 * policy on every domain */
	bool tardiness_bounds;          /* with admission: compute
					 * sim_task_stats.tardiness_bound at
					 * the horizon (mode: soft) */
	const bool *admission_never;    /* ntasks entries or NULL: tasks
					 * the placement bound nowhere (they
					 * fit on no CPU): rejected at their
					 * join by the domain's test */
	/* Statistics not asked for cost nothing: with totals_only the
	 * engine keeps only what sim_stats has outside its arrays (jobs,
	 * completed, misses, max_tardiness, the first miss, events) and
	 * the per-task flags (rejected, tardiness_bound); tasks[] counts,
	 * responses, tardiness, preemptions, migrations and cpu[].busy
	 * stay 0.  Zero: every statistic (what `dlsim run` prints). */
	bool totals_only;
	/* Shared resources (zero: none).  tasks[i].sections name resources
	 * by index (< nresources); protocol says how jobs wait for them.
	 * Sections or a protocol other than none need a policy with the
	 * matching SIM_POLICY_LOCKS_* flag and one CPU. */
	size_t nresources;
	enum sim_protocol protocol;
	/* Appended: scheduling overheads (models/overhead.h), borrowed;
	 * NULL or all zero: none.  Charged as sim/README.md "Overheads"
	 * says; only policies with SIM_POLICY_JOB_LEVEL take them. */
	const struct rt_overheads *overheads;
	/* Appended: cpus entries, borrowed: each CPU's capacity, 1 ..
	 * SIM_CAP_SCALE (the kernel's arch_scale_cpu_capacity() against
	 * SCHED_CAPACITY_SCALE): a job progresses at capacity/1024 work
	 * units per time unit (sim/README.md "Uniform platforms").  NULL:
	 * every CPU SIM_CAP_SCALE.  Only policies with SIM_POLICY_JOB_LEVEL,
	 * without self-suspension. */
	const uint32_t *capacity;
	/* Appended: cpus entries, borrowed, or NULL (no frequency levels:
	 * every CPU at its capacity, no energy): each CPU's frequency
	 * levels and power (sim/README.md "Frequencies and energy").  At
	 * level l a CPU of capacity c executes c * f[l] / (1024 * f[n-1])
	 * work units per time unit.  schedutil false: each CPU stays at
	 * its 'level'; true (one CPU, a job-level policy): the level is
	 * the lowest whose speed covers the running bandwidth (GRUB's
	 * running_bw), re-evaluated whenever that changes. */
	const struct sim_freq *freq;
	bool schedutil;
};

/* One CPU's frequency levels (sim_config.freq). */
struct sim_freq {
	uint32_t n;                     /* levels, 1 .. SIM_FREQ_MAX_LEVELS */
	const uint64_t *f;              /* n frequencies, strictly
					 * ascending, 1 .. SIM_FREQ_MAX */
	const uint64_t *power;          /* n busy powers (0 ..
					 * SIM_POWER_MAX) or NULL: no energy */
	uint64_t idle_power;            /* power when idle (with power) */
	uint32_t level;                 /* fixed governors: the level run
					 * at (< n); schedutil: unused */
};

#define SIM_FREQ_MAX_LEVELS 64u
#define SIM_FREQ_MAX 1000000000u        /* 10^9 (e.g. kHz: 1 THz) */
#define SIM_POWER_MAX 1000000000u       /* 10^9 */

#define SIM_CAP_SCALE 1024u             /* SCHED_CAPACITY_SCALE */

struct sim_task_stats {
	uint64_t released, completed, missed, aborted;
	uint64_t preemptions;           /* running, unfinished job displaced
					 * by another job */
	uint64_t migrations;            /* resumed on another CPU */
	rt_time max_response;           /* 0 if none completed */
	rt_time max_tardiness;          /* 0 if no miss; includes the lower
					 * bounds of jobs pending at H */
	rt_u128 sum_response;           /* over completed jobs */
	rt_u128 sum_tardiness;          /* over completed jobs (0 when on time) */
	bool rejected;                  /* refused by admission: never ran */
	/* Appended: with registry admission and
	 * sim_config.tardiness_bounds, an upper bound on this task's
	 * tardiness given the
	 * tasks admitted in its domain (sim/admit.c); RT_TIME_NEVER when no
	 * bound is known (not asked for, no admission, policy fp, a served
	 * task, a task with jitter or listed releases in its domain, U >
	 * m). */
	rt_time tardiness_bound;
	/* Appended: with resources, the longest time one job of the task
	 * waited (ready, blocked or held by SRP, not self-suspended) while
	 * a job of lower base priority ran (fp: a lower priority; edf: a
	 * later absolute deadline): its observed blocking; 0 without
	 * resources. */
	rt_time max_blocking;
	/* Appended: misses of this task outside any guarantee (counted
	 * as sim_stats.misses_unguaranteed; part of 'missed'). */
	uint64_t missed_unguaranteed;
};

/* Per server (a cbs server, or a linux-dl task's own reservation). */
struct sim_server_stats {
	const char *name;               /* borrowed: server or task name;
					 * NULL: an unused entry (skip it) */
	uint64_t budget_exhaustions;    /* q reached 0 (or below) */
	uint64_t replenishments;        /* q recharged (soft postponement or
					 * hard replenishment) */
	uint64_t deadline_misses;       /* server deadline d_s passed with
					 * pending work and budget left (job
					 * misses are counted per task) */
	rt_time throttled_time;         /* time throttled within [0, H]
					 * with work pending (a ready job
					 * waiting for the replenishment);
					 * never a deferred fair server's
					 * deferral (defer_armed) */
	rt_time max_lateness;           /* largest such overrun of d_s */
	/* Appended: time throttled within [0, H] with no work
	 * pending (e.g. after a job that used exactly its budget and
	 * finished); throttled_time + this = all time throttled. */
	rt_time throttled_idle_time;
	uint64_t overruns;              /* exhaustions noticed with q < 0
					 * (linux-dl tick accounting: the
					 * task ran past its runtime) */
	rt_time max_overrun;            /* largest such -q */
	uint64_t dl_overrun;            /* linux-dl, flags: [dl-overrun]: the
					 * times dl_overrun was set (runtime
					 * <= 0 at an update: SIGXCPU) */
};

struct sim_cpu_stats {
	rt_time busy;                   /* time spent executing jobs */
	/* Appended: time within [0, H] spent on overheads (switches,
	 * interrupts: busy, executing no job); 0 without overheads. */
	rt_time overhead;
	/* Appended, with sim_config.freq: energy within [0, now] in power
	 * units x time units (busy power of the level run at while a job
	 * executes, idle_power otherwise; 0 without power), and how many
	 * instants the CPU's frequency changed at. */
	int64_t energy;
	uint64_t freq_changes;
};

struct sim_miss {
	uint32_t task;
	uint64_t job;
	rt_time release, deadline;
	rt_time finish;                 /* RT_TIME_NEVER: still pending at H */
	rt_time tardiness;
};

struct sim_stats {
	rt_time horizon;
	rt_time now;                    /* time reached (== horizon when done) */
	uint64_t jobs;                  /* released */
	uint64_t completed;
	uint64_t misses;                /* jobs that missed (incl. pending at H) */
	uint64_t events;                /* events handled (for benchmarks) */
	rt_time max_tardiness;          /* over all misses (as per task) */
	bool has_first_miss;
	struct sim_miss first_miss;     /* earliest deadline among misses */
	size_t ntasks, ncpus;
	struct sim_task_stats *tasks;   /* ntasks entries, owned by the engine */
	struct sim_cpu_stats *cpu;      /* ncpus entries, owned by the engine */
	size_t nservers;                /* servers the policy reports on */
	struct sim_server_stats *servers;/* nservers entries, owned by the
					 * engine; NULL if none */
	uint64_t server_misses;         /* sum of servers[].deadline_misses */
	uint64_t rejected;              /* tasks refused by admission */
	/* Appended: deadlocks found (a job blocking on a chain of holders
	 * that leads back to it: possible under protocol none or pip with
	 * badly ordered nesting); its jobs stay blocked (they miss). */
	uint64_t deadlocks;
	rt_time first_deadlock;         /* RT_TIME_NEVER if none */
	/* Appended: misses of jobs whose task was admitted by a result that
	 * guarantees nothing for it (a necessary test's accept: scheduler
	 * admission: utilization with D < T, ...; under cbs a task its
	 * reservation does not cover; an edf-split hard task when a hard
	 * task leaves the C, D, T its test charged: sim/admit.c "which
	 * admitted tasks have a guarantee"); part of 'misses'. */
	uint64_t misses_unguaranteed;
};

struct sim_engine;

/* Build an engine for cfg (checks every task with rt_task_check and the
 * policy name).  On success *out is owned by the caller (destroy with
 * sim_engine_destroy); on failure *out is untouched and d says why.
 * cfg is copied; cfg->tasks (and the arrays they point to) are borrowed
 * for the engine's life (so is cfg->task_cluster); cfg->policy is not
 * kept.  cpus > 1 with "edf" is global EDF.  RT_ERR_INVAL (d names the
 * field or task) for a bad placement: an unknown value, a cluster_size
 * that does not divide cpus, a missing or out-of-range task_cluster.
 * Servers (cfg->servers, task_server) are checked with rt_server_check
 * and need a policy that runs them (cbs); policy init errors (linux-dl's
 * __checkparam_dl, an unsupported GRUB on several CPUs) come back here
 * with their message. */
enum rt_err sim_engine_create(const struct sim_config *cfg,
			      struct sim_engine **out, struct rt_diag *d);
void sim_engine_destroy(struct sim_engine *e);          /* NULL is a no-op */

/* Attach a sink (copied; ctx borrowed).  Before sim_engine_run only
 * (RT_ERR_INVAL after, or if s or s->emit is NULL).  Every job the
 * engine releases gets exactly one final record (COMPLETE, ABORT, or
 * UNFINISHED at the horizon) before END, carrying its job info: a sink
 * needs no RELEASE record to know a job (render/jobs.h). */
enum rt_err sim_engine_add_sink(struct sim_engine *e, const struct sim_sink *s);
/* The same, with emit_job (NULL: none): s->emit's call for a record with
 * job info, its fields as arguments (sim/trace.h), which the engine may
 * make instead of s->emit where it hands a record over inline: a job's
 * record of a kind this sink alone wants, in the one-CPU handlers
 * (sim/internal.h sim_emit_rec). */
enum rt_err sim_engine_add_sink_job(struct sim_engine *e,
				    const struct sim_sink *s,
				    sim_emit_job_fn *emit_job);
/* Call fn(ctx, now) after every 'every' records delivered to the sinks
 * (every >= 1; a record counts once however many sinks take it): a
 * writer's caller checks its output budget without wrapping the sinks,
 * so the record path stays one call per sink.  An error from fn stops
 * the run as a sink error does.  Before sim_engine_run only. */
enum rt_err sim_engine_set_meter(struct sim_engine *e,
				 enum rt_err (*fn)(void *ctx, rt_time now),
				 void *ctx, uint64_t every);
/* After a run stopped by a sink's error: that sink's ctx (NULL if no sink
 * failed), so that its owner can say which output failed. */
const void *sim_engine_failed_sink(const struct sim_engine *e);

/* The bandwidth the policy's admission counts now in the domain of
 * 'task' (linux-dl: total_bw in 2^20 units, the fair servers' share
 * included), e.g. from a sink at an ADMIT/REJECT record; false if the
 * policy keeps none. */
bool sim_engine_total_bw(const struct sim_engine *e, uint32_t task,
			 uint64_t *bw);

/* linux-dl rules that the scenario loader checks at the YAML field that
 * asks for them and the policy again at init (sim/policy_linux_dl.c):
 * one predicate each, so that the two never disagree; each caller words
 * its own message.
 *
 * The per-CPU bandwidth a fair server of symmetric CPUs may have
 * (dl_server_apply_params() -> __dl_overflow(), cap = dl_bw_cpus() <<
 * 10): cap_bw = to_ratio(rt_period_us, rt_runtime_us) when it counts in
 * the admission (reserve), else what RT throttling leaves, 2^20 -
 * cap_bw; a server of to_ratio(period, runtime) above it is refused
 * (-EBUSY).  Not for rt_runtime_us -1 (nothing is checked). */
uint64_t sim_dl_fair_bw_limit(uint64_t cap_bw, bool reserve);
/* GRUB (reclaim: grub, flags: [reclaim]) in a root domain of 'cpus'
 * CPUs: modelled with exact accounting in domains of one CPU only. */
enum sim_dl_grub {
	SIM_DL_GRUB_OK,
	SIM_DL_GRUB_TICK,               /* accounting: tick */
	SIM_DL_GRUB_SMP                 /* a root domain of several CPUs */
};
enum sim_dl_grub sim_dl_grub_verdict(bool tick, unsigned cpus);

/* Run to the horizon, once.  Returns RT_OK (misses are results), or the
 * first error from a sink, RT_ERR_OVERFLOW (a job's deadline a_k + D
 * does not fit in rt_time), RT_ERR_NOMEM, with d filled; statistics are
 * then those reached so far and the engine can only be destroyed.  A
 * second call returns RT_ERR_INVAL. */
enum rt_err sim_engine_run(struct sim_engine *e, struct rt_diag *d);

/* Run in steps: handle every event before 'pause' (and decide the last
 * instant before it), then return RT_OK with *finished = false; call again
 * with a later 'pause' to go on.  When the horizon is reached the run ends
 * as sim_engine_run does and *finished = true.  Statistics are readable
 * between steps (e.g. for progress reports); sim_engine_run is
 * sim_engine_run_until(e, RT_TIME_NEVER, ...). */
enum rt_err sim_engine_run_until(struct sim_engine *e, rt_time pause,
				 bool *finished, struct rt_diag *d);

/* Statistics so far; valid until sim_engine_destroy. */
const struct sim_stats *sim_engine_stats(const struct sim_engine *e);

/* At most 'bytes' of pending jobs (0: no limit; at least one job): a
 * release beyond it fails the run with RT_ERR_NOMEM and a message that
 * names the limit (an overloaded platform's backlog grows without end;
 * memory is otherwise O(tasks + pending jobs)).  Before the first run. */
void sim_engine_set_max_memory(struct sim_engine *e, uint64_t bytes);

/* While *flag (borrowed; NULL: none) is nonzero, sim_engine_run_until
 * pauses at the next instant boundary as if 'pause' were reached (for a
 * signal handler's flag: an interrupted run stops within one instant). */
void sim_engine_set_stop(struct sim_engine *e,
			 const volatile sig_atomic_t *flag);

#endif /* SIM_ENGINE_H */
