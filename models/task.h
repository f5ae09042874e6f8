/* task.h - the sporadic task model: static parameters of one task.
 *
 * A task tau_i = (C_i, D_i, T_i) releases jobs; what the scenario says about
 * arrivals (periodic, sporadic with a random extra delay, explicit list),
 * release jitter and execution demand (fixed C, uniform, explicit list) is
 * kept here as data; sim/ turns it into jobs.  All times are rt_time in the
 * scenario's internal unit (ticks or ns).
 *
 * Invariants (rt_task_check): C > 0, D > 0, T > 0, offset >= 0, jitter >= 0.
 * C <= D is NOT required: D < C is legal input that must miss.
 *
 * Self-suspension (scenario key 'suspend'): a list of points (after X,
 * for Y): once a job has executed X time units of its demand it leaves
 * the CPU, is not ready for Y time units, then is ready again with the
 * rest of its demand.  X > 0, Y > 0, X strictly increasing.  A point with
 * X >= a job's demand is skipped for that job (no job suspends at or
 * after its end).  The admission tests know nothing about suspension;
 * rt_task_oblivious() gives the suspension-oblivious task they can
 * analyse (C' = C + sum of Y).
 *
 * Jitter: job k *arrives* at a_k (offset + k*T when periodic) and is
 * *released* at a_k + j_k, j_k uniform in [0, jitter] (seeded); its absolute
 * deadline is a_k + D (counted from the arrival).
 */
#ifndef RT_TASK_H
#define RT_TASK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/rt_err.h"
#include "models/rt_time.h"
#include "models/section.h"

enum rt_arrival {
	RT_ARRIVAL_PERIODIC = 0,        /* a_k = offset + k*T */
	RT_ARRIVAL_SPORADIC,            /* a_{k+1} = a_k + T + U[0, max_delay] */
	RT_ARRIVAL_LIST                 /* a_k = releases[k]; no more after */
};

enum rt_exec {
	RT_EXEC_FIXED = 0,              /* every job demands C */
	RT_EXEC_UNIFORM,                /* U[exec_min, exec_max], seeded */
	RT_EXEC_LIST                    /* job k demands exec_values[k % n] */
};

enum rt_class {
	RT_CLASS_HARD = 0,
	RT_CLASS_SOFT,
	RT_CLASS_FAIR                   /* linux-dl: a SCHED_OTHER task, run
					 * below every SCHED_DEADLINE entity
					 * (and by the fair server) */
};

/* One self-suspension point of a task's jobs. */
struct rt_suspend {
	rt_time after;                  /* > 0: executed demand at the point */
	rt_time len;                    /* > 0: how long the job is suspended */
};

struct rt_task {
	const char *name;               /* borrowed; owned by the builder */
	rt_time wcet;                   /* C_i > 0: budget/WCET (runtime) */
	rt_time deadline;               /* D_i > 0: relative deadline */
	rt_time period;                 /* T_i > 0: period / min inter-arrival */
	rt_time offset;                 /* >= 0: first arrival (periodic/sporadic) */
	rt_time jitter;                 /* >= 0: max release delay after arrival */
	enum rt_arrival arrival;
	rt_time max_delay;              /* >= 0: sporadic extra inter-arrival */
	const rt_time *releases;        /* RT_ARRIVAL_LIST: non-decreasing, >= 0 */
	size_t nreleases;
	enum rt_exec exec;
	rt_time exec_min, exec_max;     /* RT_EXEC_UNIFORM: 0 < min <= max */
	const rt_time *exec_values;     /* RT_EXEC_LIST: each > 0 */
	size_t nexec_values;
	enum rt_class klass;            /* hard (default) or soft */
	int cpu;                        /* pinned CPU, -1 = none */
	int64_t priority;               /* explicit FP priority (lower = higher) */
	const struct rt_suspend *suspend; /* nsuspend points, 'after' strictly
					 * increasing; NULL if none */
	size_t nsuspend;
	/* Critical sections (models/section.h): properly nested, each on
	 * one of the scenario's resources; NULL if none.  The analyses that
	 * know nothing of resources ignore them (their jobs block). */
	const struct rt_section *sections;
	size_t nsections;
};

/* A task with C, D, T set and every other field at its default. */
struct rt_task rt_task_make(const char *name, rt_time c, rt_time d, rt_time t);

/* Check the invariants above; on failure d says which, naming the task. */
enum rt_err rt_task_check(const struct rt_task *t, struct rt_diag *d);

/* The analyses' precondition on a whole set: C, D and T > 0 for each of
 * the n tasks (ts may be NULL when n == 0).  RT_ERR_INVAL naming the
 * first offender ("task 2 (B): C, D and T must be > 0"). */
enum rt_err rt_tasks_check_cdt(const struct rt_task *ts, size_t n,
			       struct rt_diag *d);

/* True when the task's jobs may suspend (nsuspend > 0). */
static inline bool rt_task_suspends(const struct rt_task *t)
{
	return t->nsuspend > 0;
}

/* The suspension-oblivious version of t (suspension counted as
 * execution), with S the sum of every point's length: *out = *t with
 * C' = C + S, each value of its exec model + S (uniform: min + S and
 * max + S; list: each listed value + S, written to vals, which
 * out->exec_values then points at) and no suspension points; every
 * other pointer is shared with t (borrowed).  So rt_task_max_demand()
 * of *out is the largest demand of a job of t with its suspensions.
 * A job whose demand is at or below a point's 'after' does not suspend
 * there, so a value below the largest may be over-counted; the largest
 * meets every point (rt_task_check), so the largest demand is exact.
 * vals: room for rt_task_oblivious_nvals(t) values (NULL when that is
 * 0).  For the admission tests and default horizons, which assume jobs
 * that never suspend.  RT_ERR_OVERFLOW (d names the task and the field,
 * *out untouched) if C' or a value + S does not fit in rt_time;
 * rt_task_check() rejects such a task. */
enum rt_err rt_task_oblivious(const struct rt_task *t, struct rt_task *out,
			      rt_time *vals, struct rt_diag *d);
/* How many values rt_task_oblivious() writes for t: nexec_values when t
 * suspends and has an exec list, else 0. */
size_t rt_task_oblivious_nvals(const struct rt_task *t);
/* The same for a whole set: when some of the n tasks suspends, *out (n
 * entries, and after them their exec values, in one block from
 * rt_calloc; the caller rt_free()s it) holds each task as
 * rt_task_oblivious() makes it; when none suspends, *out = NULL.  On
 * failure (RT_ERR_NOMEM, or rt_task_oblivious()'s error naming the task)
 * *out is untouched. */
enum rt_err rt_taskset_oblivious(const struct rt_task *ts, size_t n,
				 struct rt_task **out, struct rt_diag *d);

/* The task an admission test analyses in place of t: a
 * sporadic task without suspension whose guarantee implies t's:
 *   demand         fixed (exec RT_EXEC_FIXED), C' =
 *                  rt_task_analysed_demand (the largest a job can have,
 *                  suspension counted as execution, times the releases
 *                  listed at one instant), as `dlsim analyze`;
 *   jitter J       deadline D - J, jitter 0 (EDF's demand bound with
 *                  release jitter, dbf(t) = (floor((t + J - D) / T) + 1)
 *                  C, Spuri 1996); with fp D and J kept as they are, for
 *                  fp-rta's own extension (R_i = J_i + w_i <= D_i,
 *                  interference ceil((w + J_j) / T_j) C_j; any J, also
 *                  J >= T: a task's jobs run in arrival order, and the
 *                  busy period covers the jobs that queue), ranked by D
 *                  as the simulator ranks;
 *   releases list  period rt_task_analysed_period (the smallest gap
 *                  between distinct listed instants, if below T).
 * RT_ERR_UNSUPPORTED (d says why) when no such task exists (J >= D: a job
 * released that late cannot meet its deadline, and every test, fp-rta
 * included, rejects the set): no test can guarantee t.  RT_ERR_OVERFLOW
 * as rt_task_oblivious. */
enum rt_err rt_task_analysable(const struct rt_task *t, bool fp,
			       struct rt_task *out, struct rt_diag *d);

/* The largest demand a job of t can have: C with exec fixed, max with
 * uniform, the largest listed value with list (the last two may lie
 * above or below C).  *which (may be NULL) is the index of that value in
 * exec_values with list, else 0.  A suspension point or a section end
 * past it is met by no job (rt_task_check refuses both). */
rt_time rt_task_max_demand(const struct rt_task *t, size_t *which);

/* The demand the analyses charge one job of t: `dlsim analyze`'s task
 * model (rt_task_analysis_model, on the suspension-oblivious set: without
 * 'suspension') and run-time admission (rt_task_analysable, with it) both
 * use this one function.  It is
 *   (max(C, rt_task_max_demand) [+ the suspension lengths]) x k,
 * k the most listed releases at one instant (1 without a list): a task's
 * jobs run one after another in release order, so k jobs released
 * together, all due at that instant + D, need what one job of k times
 * the demand needs.  When the sum or the product overflows, D + 1: more
 * than a job can get before its deadline, so no test accepts the task.
 * O(nreleases + nexec_values + nsuspend). */
rt_time rt_task_analysed_demand(const struct rt_task *t, bool suspension);
/* The smallest gap between two distinct listed release instants, if
 * below T; else T (also without a list). */
rt_time rt_task_analysed_period(const struct rt_task *t);

/* True when the task's jobs follow the sporadic model the analysis assumes:
 * no jitter, inter-arrival >= T, and demand <= C for every job. */
bool rt_task_is_sporadic_conform(const struct rt_task *t);

/* True when the sporadic task the analysis sees for t (C' =
 * rt_task_analysed_demand, T' = rt_task_analysed_period, D' = D - J)
 * describes jobs t may release: every job may demand C' and follow the
 * previous one by T'.  False for a release list with two arrivals closer
 * than T (T' < T, or k at one instant: C' = k times a job's demand) and
 * for an exec list whose largest value is above C while another value
 * is not that largest (job k demands values[k mod n], so not every job
 * demands C').  Jitter and a uniform model above C keep it (a job may be
 * released J late; every job may draw the maximum).  Where it is false
 * the analysed task over-approximates t: an exact test on it is only
 * sufficient and a reject proves no miss. */
bool rt_task_analysis_tight(const struct rt_task *t);

/* True for synchronous periodic with WCET demand: offset 0, no jitter,
 * periodic arrivals, fixed execution (the pattern that is exact on 1 CPU). */
bool rt_task_is_sync_periodic(const struct rt_task *t);

#endif /* RT_TASK_H */
