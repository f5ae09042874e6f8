/* ftrace.h - the text `trace-cmd report` prints, from a run.
 *
 * So that KernelShark-style tools, scripts written for real traces and
 * `dlsim compare` read a simulated schedule as they read a measured one.
 * One line per event, as trace-cmd (libtraceevent) formats it:
 *
 *   cpus=1
 *             <idle>-0     [000]     0.000000: sched_waking:         comm=P1 pid=1000 prio=-1 target_cpu=000
 *             <idle>-0     [000]     0.000000: sched_wakeup:         P1:1000 [-1] CPU:000
 *             <idle>-0     [000]     0.000000: sched_switch:         swapper/0:0 [120] R ==> P1:1000 [-1]
 *                 P1-1000  [000]     0.000004: sched_switch:         P1:1000 [-1] S ==> P2:1001 [-1]
 *
 * i.e. "%16s-%-5d [%03d] %5lu.%06lu: %s: " with the event name padded to
 * 20 columns, then the event's fields: sched_switch and sched_wakeup as
 * libtraceevent's sched plugin prints them ("prev_comm:prev_pid
 * [prev_prio] STATE ==> next_comm:next_pid [next_prio]", "comm:pid [prio]
 * CPU:%03d"), sched_waking by the kernel's TP_printk ("comm=%s pid=%d
 * prio=%d target_cpu=%03d", include/trace/events/sched.h).  The kernel has
 * no SCHED_DEADLINE tracepoint (throttling and replenishment show only as
 * switches), so none is invented.
 *
 * Synthetic identities: task i is pid 1000 + i, comm = its name cut to 15
 * bytes (TASK_COMM_LEN - 1) with blanks and ':' replaced by '_'; its prio
 * -1 (the kernel's prio of a SCHED_DEADLINE task) or 120 for class fair;
 * the idle task of CPU c is "swapper/c", pid 0, prio 120, shown as
 * "<idle>" in the first column.  prev_state: "R+" when preempted (or
 * throttled), "S" when the job completed or suspended itself (it sleeps),
 * "R" for the idle task.  A release wakes the task (sched_waking, then
 * sched_wakeup, on the CPU it last ran on, first CPU 0) only when it is
 * asleep, as try_to_wake_up would: a release while the previous job is
 * still pending shows no wake-up, nor one during a self-suspension (the
 * thread sleeps in rt-app's sleep event until the suspension's end).
 *
 * Timestamps: seconds with six decimals, rounded to the microsecond as
 * trace-cmd does; with time_unit tick, 1 tick is 1 us (as in the Chrome
 * trace).  Memory O(CPUs + tasks).
 */
#ifndef RENDER_FTRACE_H
#define RENDER_FTRACE_H

#include <stdio.h>

#include "models/rt_err.h"
#include "render/meta.h"
#include "sim/trace.h"

#define RENDER_FTRACE_PID0      1000    /* pid of task 0 */
#define RENDER_FTRACE_COMM_MAX  15      /* TASK_COMM_LEN - 1 */

struct render_ftrace;

/* Start on f (borrowed) for the run m (borrowed, outlives the writer);
 * writes the "cpus=N" line.  *out owned by the caller, closed by
 * render_ftrace_finish(); untouched on failure. */
enum rt_err render_ftrace_open(FILE *f, const struct render_meta *m,
			       struct render_ftrace **out, struct rt_diag *d);
struct sim_sink render_ftrace_sink(struct render_ftrace *w);
/* Flush, report write errors (RT_ERR_IO), free.  NULL is a no-op. */
enum rt_err render_ftrace_finish(struct render_ftrace *w, struct rt_diag *d);

/* The synthetic comm of a task name into buf (>= 16 bytes). */
void render_ftrace_comm(const char *name, char *buf);

#endif /* RENDER_FTRACE_H */
