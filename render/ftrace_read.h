/* ftrace_read.h - read the text `trace-cmd report` prints (or the kernel's
 * own trace file) back into scheduling events, for `dlsim compare`.
 *
 * Accepted lines (anything else that is not an event line is skipped:
 * "cpus=N", "version = 6", "CPU 3 is empty", blank lines, comments):
 *
 *   COMM-PID [CPU] [FLAGS] SECONDS.FRACTION: EVENT: FIELDS
 *
 * with SECONDS.FRACTION in us (6 digits) or ns (9, trace-cmd -t), FLAGS
 * the optional latency column ("d..2."), and for the three events read
 * both the sched plugin's layout and the kernel's TP_printk one:
 *
 *   sched_switch  PREV:PID [PRIO] STATE ==> NEXT:PID [PRIO]
 *                 prev_comm=PREV prev_pid=PID prev_prio=P prev_state=S ==> next_comm=NEXT next_pid=PID next_prio=P
 *   sched_wakeup, sched_waking
 *                 COMM:PID [PRIO] [success=1] CPU:NNN
 *                 comm=COMM pid=PID prio=P [success=1] target_cpu=NNN
 *
 * Other events (sched_migrate_task, print, ...) are skipped.  A comm may
 * contain ':' or '-' ("kworker/u8:2"): the pid is the number after the
 * last one.  Errors: "NAME:LINE: what" (RT_ERR_PARSE), RT_ERR_IO.
 */
#ifndef RENDER_FTRACE_READ_H
#define RENDER_FTRACE_READ_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "models/rt_err.h"

#define RENDER_FT_COMM 64               /* bytes kept of a comm */
#define RENDER_FT_MAX_LINE 4096         /* longest line accepted */

enum render_ft_kind {
	RENDER_FT_SWITCH = 0,
	RENDER_FT_WAKEUP,               /* sched_wakeup */
	RENDER_FT_WAKING                /* sched_waking */
};

struct render_ft_event {
	enum render_ft_kind kind;
	int64_t ns;                     /* timestamp in ns */
	unsigned cpu;                   /* the [CPU] column */
	unsigned long line;             /* where it was read */
	/* switch: the task leaving; wakeup/waking: the task woken */
	char comm[RENDER_FT_COMM];
	int pid, prio;
	char state[8];                  /* switch: "R", "R+", "S", "D", ... */
	/* switch: the task entering */
	char next_comm[RENDER_FT_COMM];
	int next_pid, next_prio;
	int target_cpu;                 /* wakeup/waking; -1 if absent */
};

struct render_ft_reader;

/* f borrowed; name (borrowed) for messages. */
enum rt_err render_ft_open(FILE *f, const char *name,
			   struct render_ft_reader **out, struct rt_diag *d);
/* The next event (in file order); *eof at the end. */
enum rt_err render_ft_next(struct render_ft_reader *r, struct render_ft_event *ev,
			   bool *eof, struct rt_diag *d);
/* "cpus=N" if seen so far, else 0. */
unsigned render_ft_cpus(const struct render_ft_reader *r);
void render_ft_close(struct render_ft_reader *r);          /* NULL: no-op */

/* One line (NUL-terminated, no newline): 1 and *ev filled for an event
 * read, 0 for a line to skip, -1 with *why set for a malformed event
 * line.  Exposed for tests. */
int render_ft_parse_line(const char *line, struct render_ft_event *ev,
			 const char **why);

#endif /* RENDER_FTRACE_READ_H */
