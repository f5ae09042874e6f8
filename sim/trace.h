/* trace.h - what the engine tells the outside world, one record at a time.
 *
 * The engine emits records (time, kind, cpu, task, job, value) to sinks.
 * A sink asks only for the kinds it needs (mask), so with no log sink the
 * engine builds no records beyond statistics.  Nothing is stored for the
 * sinks: memory stays O(tasks + pending jobs) whatever the horizon.
 *
 * Record kinds and their 'value' (times in the internal unit):
 *
 *   RELEASE     job released at 'time'            value = absolute deadline
 *   START       job starts/resumes on 'cpu'       value = remaining demand
 *   PREEMPT     job stops running on 'cpu'        value = remaining demand
 *   COMPLETE    job finished at 'time' on 'cpu'   value = response time
 *   MISS        deadline miss observed at 'time': at completion (value =
 *               tardiness = finish - deadline > 0), or at the horizon for
 *               a job still pending with deadline <= horizon (value =
 *               horizon - deadline, a lower bound; job->finish NEVER), or
 *               right after an ABORT (value = time - deadline: 0, or more
 *               for a job released after its deadline)
 *   ABORT       on_miss: abort removed the job at its deadline
 *               value = remaining demand; cpu = the CPU it was running on
 *               (its execution ends here, no PREEMPT), or -1
 *   UNFINISHED  at the horizon, job released but not finished
 *               value = remaining demand; cpu = the CPU it is running on
 *               (its execution ends at END), or -1
 *   MIGRATE     job resumes on a different CPU than it last ran on
 *               value = previous cpu; comes right before that START
 *   END         end of the simulation, 'time' = horizon, value = 0
 *   SUSPEND     the job reached one of its task's suspension points
 *               (models/task.h) on 'cpu': its execution ends there (no
 *               PREEMPT) and it is not ready until its RESUME; value =
 *               the suspension length
 *   RESUME      a suspended job woke up and is ready again; cpu -1,
 *               value = remaining demand.  A suspension that would end
 *               at or after the horizon has no RESUME (the job is then
 *               pending at the horizon, as any other)
 *
 * Server records (policies cbs, linux-dl, fp with servers; docs/design.md
 * §4, docs/theory.md §E).  'task' and
 * 'job' name the job the server serves (its FIFO head), or, when it has
 * none, one of the server's tasks (linux-dl: the task itself) with job 0
 * and no job info (info NULL); cpu is where the server runs, or -1:
 *
 *   BUDGET_EXHAUSTED  q reached 0; value = q (< 0: overrun carried over)
 *   REPLENISH         q recharged; value = the new q (soft CBS: at the
 *                     exhaustion instant; hard: at the replenishment timer)
 *   THROTTLE          hard reservation out of budget; value = the instant
 *                     of its replenishment (it does not run until then);
 *                     polling/deferrable: suspended until its next period
 *                     start (a polling server's lost budget: after a
 *                     BUDGET_EXHAUSTED of value 0; a sporadic server
 *                     is never throttled: out of budget it runs at its
 *                     low priority)
 *   UNTHROTTLE        the replenishment ended a throttle; value = how long
 *                     it lasted
 *   SERVER_DEADLINE   d_s set by a wake-up, postponement or replenishment;
 *                     value = the new d_s (absolute)
 *   SERVER_WAKEUP     the server got work after being idle; value = q
 *                     after the wake-up rule (SERVER_DEADLINE follows)
 *   SERVER_MISS       server deadline miss: d_s passed while it still had
 *                     work and budget; value = time - d_s (lower bound at
 *                     the horizon)
 *   SERVER_INACTIVE   GRUB: the server's 0-lag time passed, its bandwidth
 *                     is no longer active; value = the active bandwidth
 *                     left (2^20 fixed point)
 *
 * Admission (every task joins at its arrive_at, 0 by default, when the
 * policy has a test or the task has arrive_at/leave_at): job 0, info
 * NULL, cpu -1:
 *
 *   ADMIT       the task joined; value = enum sim_admit_test used
 *   REJECT      admission refused it: it never releases a job; value =
 *               enum sim_admit_test that refused it
 *   LEAVE       the task left (leave_at): no more arrivals; value = 0
 *   SETATTR     linux-dl sched_setattr() of new parameters (changes:);
 *               value = 1 applied, 0 refused by admission (-EBUSY)
 *
 * Shared resources (scenario resources: and sections:, sim/resource.c);
 * 'value' is the resource's index in the scenario's resources:, but for
 * INHERIT:
 *
 *   LOCK        the job locked the resource on 'cpu' at its section's
 *               start (a lock due where a job starts comes right after
 *               its START)
 *   UNLOCK      the job unlocked it (its section's end, its completion,
 *               or its abort: cpu -1 then)
 *   BLOCK       the job blocked at its section's start: the resource is
 *               held (or, pcp, a ceiling forbids the lock; linux-dl:
 *               the lock is free but a waiter of earlier deadline was
 *               woken to take it); its slice
 *               on 'cpu' ends with the PREEMPT that follows (after the
 *               INHERIT records the block causes) and it is not ready
 *               until an unlock would let it lock: it is then ready
 *               silently and tries again when it runs (START, then LOCK
 *               or another BLOCK).  Protocol srp: a job not yet started
 *               is held back (cpu -1), value = the resource setting the
 *               system ceiling; it is ready again silently, its blocking
 *               ends at its START.  An unlock that makes another job
 *               ready where the same job also locks lets the scheduler
 *               decide first: the job's slice ends (PREEMPT) and it is
 *               started again (START, maybe at once) before its LOCK
 *   INHERIT     the task's effective priority changed (pip, pcp): value
 *               = the new effective rank (0 = highest); its own rank
 *               again when it inherits nothing.  linux-dl, protocol
 *               inherit (rt_mutex_setprio()): value = the index of the
 *               task whose runtime, deadline and period it now runs
 *               with (the donor's pi_se, the end of a chain); its own
 *               index when unboosted
 *
 * Order: records come in non-decreasing 'time'; at one instant, in the
 * order the engine handled them (docs/design.md §3 rank table), STOP-like records
 * (PREEMPT/COMPLETE) before the START records of the same dispatch.
 * At the horizon: MISS/UNFINISHED per pending job in task order, then job
 * order; then END.  An execution slice on a CPU runs from START to the
 * next PREEMPT, COMPLETE, SUSPEND or ABORT of that job on that CPU, or to
 * END.  A job is suspended from its SUSPEND to its RESUME (or its ABORT,
 * or END).
 */
#ifndef SIM_TRACE_H
#define SIM_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "models/rt_err.h"
#include "models/rt_time.h"

enum sim_rec_kind {
	SIM_REC_RELEASE = 0,
	SIM_REC_START,
	SIM_REC_PREEMPT,
	SIM_REC_COMPLETE,
	SIM_REC_MISS,
	SIM_REC_ABORT,
	SIM_REC_UNFINISHED,
	SIM_REC_MIGRATE,
	SIM_REC_END,
	/* servers and admission */
	SIM_REC_BUDGET_EXHAUSTED,
	SIM_REC_REPLENISH,
	SIM_REC_THROTTLE,
	SIM_REC_UNTHROTTLE,
	SIM_REC_SERVER_DEADLINE,
	SIM_REC_SERVER_WAKEUP,
	SIM_REC_SERVER_MISS,
	SIM_REC_SERVER_INACTIVE,
	SIM_REC_ADMIT,
	SIM_REC_REJECT,
	SIM_REC_LEAVE,
	/* self-suspension */
	SIM_REC_SUSPEND,
	SIM_REC_RESUME,
	SIM_REC_SETATTR,
	/* shared resources (appended) */
	SIM_REC_LOCK,
	SIM_REC_UNLOCK,
	SIM_REC_BLOCK,
	SIM_REC_INHERIT,
	SIM_REC__COUNT
};

#define SIM_MASK(kind)  (1u << (kind))
#define SIM_MASK_ALL    ((1u << SIM_REC__COUNT) - 1)
_Static_assert(SIM_REC__COUNT <= 32, "record kinds must fit the unsigned sink masks");

/* "release", "start", "preempt", "complete", "deadline_miss", "abort",
 * "unfinished", "migrate", "end", "budget_exhausted", "replenish",
 * "throttle", "unthrottle", "server_deadline", "server_wakeup",
 * "server_deadline_miss", "server_inactive", "admit", "reject", "leave",
 * "suspend", "resume", "setattr", "lock", "unlock", "block", "inherit"
 * (names used in event logs). */
const char *sim_rec_kind_name(enum sim_rec_kind k);
/* Inverse of sim_rec_kind_name; SIM_REC__COUNT if unknown. */
enum sim_rec_kind sim_rec_kind_parse(const char *name);

/* The life of one job, as far as it is known when a record is emitted. */
struct sim_job_info {
	uint32_t task;          /* index into the task array */
	uint64_t job;           /* per-task job index, 0-based */
	uint64_t seq;           /* global release order, 0-based */
	rt_time arrival;        /* a_k (release - jitter delay) */
	rt_time release;        /* r: when it became ready */
	rt_time abs_deadline;   /* d = a_k + D */
	rt_time demand;         /* e: total execution demand (> C: overrun) */
	rt_time remaining;      /* demand not yet executed */
	rt_time start;          /* first start, RT_TIME_NEVER if not yet */
	rt_time finish;         /* completion, RT_TIME_NEVER if not yet */
	int cpu;                /* CPU it last ran on, -1 if never */
};

struct sim_rec {
	rt_time time;
	enum sim_rec_kind kind;
	int cpu;                        /* -1 when not CPU-specific */
	uint32_t task;                  /* task index */
	uint64_t job;                   /* per-task job index */
	rt_time value;                  /* see the table above */
	const struct sim_job_info *info;/* valid during the callback only; NULL for END */
};

/* A record with job info as arguments, the task and job info's: what
 * a sink's emit() gets in r, in registers (sim_engine_add_sink_job). */
typedef enum rt_err sim_emit_job_fn(void *ctx, enum sim_rec_kind kind,
				    rt_time time, int cpu,
				    const struct sim_job_info *info,
				    rt_time value);

/* The record those arguments make. */
static inline struct sim_rec sim_rec_of_job(enum sim_rec_kind kind,
					    rt_time time, int cpu,
					    const struct sim_job_info *info,
					    rt_time value)
{
	struct sim_rec r = {
		.time = time, .kind = kind, .cpu = cpu, .task = info->task,
		.job = info->job, .value = value, .info = info,
	};

	return r;
}

/* A consumer of records.  emit() returning non-RT_OK stops the run with
 * that error (e.g. RT_ERR_IO from a log writer). */
struct sim_sink {
	unsigned mask;                  /* SIM_MASK() of kinds wanted */
	enum rt_err (*emit)(void *ctx, const struct sim_rec *r);
	void *ctx;                      /* borrowed; owned by the caller */
};

#endif /* SIM_TRACE_H */
