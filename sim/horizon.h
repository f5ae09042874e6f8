/* horizon.h - choosing how long to simulate when the scenario does not say.
 *
 * On one CPU with U <= 1 and a synchronous periodic scenario (all offsets
 * 0, no jitter, periodic arrivals, WCET demand) the first synchronous busy
 * period L_b is an exact horizon (docs/theory.md §A.6, D.3): a miss exists iff one
 * occurs among the jobs released in [0, L_b), and the maximum tardiness
 * there is the worst case.  Otherwise: the hyperperiod lcm(T_i) plus the
 * largest first arrival and the largest deadline (Leung & Merrill 1980
 * use [0, max O + 2H) for offsets; we report when a horizon is not exact).
 * Either is capped so that at most SIM_HORIZON_JOB_CAP jobs are released.
 */
#ifndef SIM_HORIZON_H
#define SIM_HORIZON_H

#include <stdbool.h>
#include <stddef.h>

#include "models/overhead.h"
#include "models/rt_err.h"
#include "models/task.h"

#define SIM_HORIZON_JOB_CAP 10000000ULL  /* jobs released at most by default */

enum sim_horizon_source {
	SIM_HORIZON_BUSY_PERIOD = 0,    /* L_b: exact on 1 CPU */
	SIM_HORIZON_HYPERPERIOD,        /* lcm(T) + max first arrival + max D */
	SIM_HORIZON_CAPPED,             /* either one, cut at the job cap */
	SIM_HORIZON_USER,               /* scenario 'horizon:' or --until */
	SIM_HORIZON_BUSY_PERIOD_OVERHEADS /* L_b of the overhead-inflated
					 * set (sim_horizon_for): never exact */
};

struct sim_horizon {
	rt_time horizon;                /* > 0 */
	enum sim_horizon_source source;
	bool exact;                     /* simulating [0, horizon) is an exact test */
	rt_time busy_period;            /* L_b, or RT_TIME_NEVER if undefined/too long */
	rt_time hyperperiod;            /* lcm(T_i), RT_TIME_NEVER beyond 2^63 */
	rt_time uncapped;               /* SIM_HORIZON_CAPPED: the horizon the
					 * rule wanted before the job cap
					 * (RT_TIME_NEVER beyond 2^63); else
					 * equal to horizon */
};

/* "busy-period", "hyperperiod", "capped", "user",
 * "busy-period+overheads" */
const char *sim_horizon_source_name(enum sim_horizon_source s);

/* Choose a horizon for n tasks on 'cpus' CPUs.  'user' is the horizon the
 * scenario or command line gave (RT_TIME_NEVER: none); a user horizon is
 * still reported exact when it covers L_b of an exact scenario.
 * Fails only on RT_ERR_NOMEM/RT_ERR_INVAL (n == 0). */
enum rt_err sim_choose_horizon(const struct rt_task *ts, size_t n,
			       unsigned cpus, rt_time user,
			       struct sim_horizon *out, struct rt_diag *d);

/* The same for a partitioned run, task i alone on CPU cpu_of[i] < cpus
 * (NULL: as sim_choose_horizon).  Each CPU is a uniprocessor (docs/theory.md
 * C.1), so when every task is synchronous periodic and every CPU has
 * U <= 1, simulating the largest per-CPU busy period is exact for every
 * CPU at once; busy_period is then that maximum.  RT_ERR_INVAL for a CPU
 * out of range, RT_ERR_NOMEM. */
enum rt_err sim_choose_horizon_partitioned(const struct rt_task *ts, size_t n,
					   unsigned cpus,
					   const unsigned *cpu_of,
					   rt_time user,
					   struct sim_horizon *out,
					   struct rt_diag *d);

/* What the horizon rule needs to know about one run. */
struct sim_horizon_req {
	const struct rt_task *tasks;    /* as simulated (suspensions
					 * included); borrowed */
	size_t ntasks;
	unsigned cpus;
	const char *policy;             /* registry name (sim/policy.h) */
	bool servers;                   /* the run has CBS servers */
	const unsigned *cpu_of;         /* partitioned placement: each task's
					 * CPU; NULL otherwise */
	rt_time user;                   /* --until or 'horizon:';
					 * RT_TIME_NEVER: none */
	bool overheads;                 /* the run charges overheads, or its
					 * CPUs have different capacities:
					 * the synchronous release is no
					 * longer proven the worst case
					 * (never exact) */
	bool slow;                      /* appended: some CPU runs below its
					 * highest frequency or has a capacity
					 * below 1024: the busy period at
					 * speed 1 bounds nothing, the
					 * hyperperiod rule applies (never
					 * exact) */
	const struct rt_overheads *ovh; /* appended: the overheads the run
					 * charges (NULL: none); the default
					 * horizon is then taken over the
					 * overhead-inflated set */
	const rt_time *arrive_at;       /* appended: per task, when it joins
					 * (its first arrival is arrive_at +
					 * offset; a list's releases are
					 * absolute); NULL: all at 0 */
	const rt_time *leave_at;        /* appended: per task, when it leaves
					 * (RT_TIME_NEVER: never); NULL: none
					 * leaves */
};

/*
 * The horizon of a run, the one rule `dlsim run`, `analyze`, the reports
 * and the experiments share:
 *   - tasks that suspend are taken suspension-oblivious (C + the
 *     suspension lengths) for the busy period and hyperperiod, and the
 *     horizon is then never exact (synchronous release is no longer
 *     proven the worst case);
 *   - reservations (servers, or a policy whose every task is a
 *     reservation: SIM_POLICY_RESERVATIONS) may idle with work pending,
 *     so the busy period need not hold every job: the hyperperiod rule,
 *     as for several CPUs;
 *   - partitioned (cpu_of given, no reservations): the largest per-CPU
 *     busy period (sim_choose_horizon_partitioned), else
 *     sim_choose_horizon;
 *   - overheads (ovh): every job counted with what the engine can
 *     charge for it (sim/overhead.c: rel + 2 (sched + cs) + mig, mig
 *     with several CPUs) and the tick as a pseudo-task (tck every
 *     1/hz) for the busy period and hyperperiod, so that the default
 *     horizon covers the busy period the simulated system really has;
 *     a busy-period horizon is then SIM_HORIZON_BUSY_PERIOD_OVERHEADS;
 *   - a task that joins late (arrive_at > 0) is taken with its first
 *     arrival at arrive_at + offset, so the hyperperiod rule reaches its
 *     jobs; a task that joins late or leaves is not synchronous
 *     periodic, so the horizon is then never exact (the simulated
 *     pattern has fewer or later jobs than the synchronous one);
 *   - only a policy with SIM_POLICY_CRITICAL_INSTANT makes a horizon
 *     exact, and only without overheads and without critical sections
 *     (blocking breaks the critical-instant argument).
 * RT_ERR_INVAL (no tasks, an unknown policy, a CPU out of range),
 * RT_ERR_OVERFLOW (a suspension-oblivious C out of range, naming the
 * task), RT_ERR_NOMEM; *out is written on RT_OK only.
 */
enum rt_err sim_horizon_for(const struct sim_horizon_req *r,
			    struct sim_horizon *out, struct rt_diag *d);

#endif /* SIM_HORIZON_H */
