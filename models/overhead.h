/* overhead.h - scheduling overheads (docs/theory.md §H): what the kernel
 * pays per scheduling decision, context switch, release interrupt,
 * migration and timer tick, and the overhead-aware task set the tests
 * analyse (inflation after Brandenburg's preemption-centric accounting).
 *
 * The simulator (sim/overhead.c) charges the same terms on the CPU that
 * pays them; rt_ovh_inflate() turns every task into one whose WCET covers
 * everything a job of it can be charged or delayed by, so that a test
 * that accepts the inflated set guarantees the simulated system with
 * overheads (tests/test_overhead.c checks this on random sets).
 */
#ifndef RT_OVERHEAD_H
#define RT_OVERHEAD_H

#include <stdbool.h>
#include <stddef.h>

#include "models/rt_err.h"
#include "models/rt_time.h"
#include "models/task.h"

/* Every field >= 0, in the scenario's internal unit; all zero: none. */
struct rt_overheads {
	rt_time context_switch;         /* cs: switching the CPU's context */
	rt_time schedule;               /* sched: one scheduling decision */
	rt_time release;                /* rel: one release interrupt */
	rt_time migration;              /* mig: a job resumed on another CPU
					 * (cache-related migration delay) */
	rt_time tick;                   /* tck: one timer tick, every CPU */
	rt_time tick_period;            /* 1/hz; 0: no tick (then tick = 0) */
};

/* Any overhead is non-zero. */
bool rt_ovh_any(const struct rt_overheads *o);

/* Fields >= 0, tick > 0 only with a tick period, tick and every
 * per-period total below its period.  RT_ERR_INVAL with d naming the
 * field. */
enum rt_err rt_ovh_check(const struct rt_overheads *o, struct rt_diag *d);

/* The overhead-aware task set of n tasks scheduled together on one
 * domain (a CPU, a cluster, or the machine: the release interrupts of
 * all of them are handled on one CPU of it): out[i] = in[i] with
 *
 *   C''_i = C_i + 2 (sched + cs) + mig_m      own switch in and out
 *         + (sched + cs + mig_m)               a switch in progress
 *         + I_i                                interrupts in its window
 *
 * mig_m = mig if 'migrate' (the domain has several CPUs), else 0, and
 * I_i the release interrupts and ticks that can fire in a window of
 * length D_i + W before its deadline, W the longest overhead backlog
 * (docs/theory.md §H.2).  RT_ERR_UNSUPPORTED (d says why) when no bound
 * holds: listed releases (no minimum separation), suspensions, or
 * interrupts that alone saturate the CPU; RT_ERR_OVERFLOW. */
enum rt_err rt_ovh_inflate(const struct rt_overheads *o,
			   const struct rt_task *in, size_t n, bool migrate,
			   struct rt_task *out, struct rt_diag *d);

#endif /* RT_OVERHEAD_H */
