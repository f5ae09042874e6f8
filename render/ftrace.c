/* ftrace.c - `trace-cmd report` text from trace records (ftrace.h).
 *
 * Per CPU: who runs now, and whether it is leaving at the current instant
 * (preempt/complete/suspend/abort seen, no start yet).  The engine emits
 * every record of an instant before the next instant, so a CPU left
 * without a start when time moves on (or at the end) switches to idle at
 * the instant it was left.
 */
#include "render/ftrace.h"

#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "models/mem.h"

struct ft_cpu {
	int64_t cur;                    /* task running, -1: idle */
	bool leaving;                   /* cur stops at 'left_at' */
	const char *state;              /* its prev_state then */
	rt_time left_at;
};

struct ft_task {
	char comm[RENDER_FTRACE_COMM_MAX + 1];
	int prio;
	bool awake;                     /* runnable: no wake-up on release */
	int last_cpu;
	uint64_t pending;               /* released, not yet finished jobs */
};

struct render_ftrace {
	FILE *f;
	const struct render_meta *m;
	struct ft_cpu *cpu;
	struct ft_task *task;
	int64_t units_per_us;
	rt_time now;
	bool failed;
};

void render_ftrace_comm(const char *name, char *buf)
{
	size_t n = 0;

	for (; name && name[n] && n < RENDER_FTRACE_COMM_MAX; n++) {
		char c = name[n];

		buf[n] = c == ' ' || c == '\t' || c == ':' || c == '\n' ||
			 c == '\r' ? '_' : c;
	}
	if (n == 0)
		buf[n++] = '?';
	buf[n] = '\0';
}

static void ts(const struct render_ftrace *w, rt_time t, uint64_t *sec,
	       uint64_t *usec)
{
	/* trace-cmd: usecs = (nsecs + 500) / 1000 */
	uint64_t us = w->units_per_us == 1 ? (uint64_t)t :
		      ((uint64_t)t + 500) / 1000;

	*sec = us / 1000000;
	*usec = us % 1000000;
}

/* "%16s-%-5d [%03d] %5lu.%06lu: NAME: " + padding */
static void head(struct render_ftrace *w, rt_time t, unsigned cpu,
		 int64_t running, const char *name)
{
	static const char spaces[] = "                    ";
	uint64_t sec, usec;
	size_t len = strlen(name);

	ts(w, t, &sec, &usec);
	if (fprintf(w->f, "%16s-%-5d [%03u] %5" PRIu64 ".%06" PRIu64 ": %s: %.*s",
		    running < 0 ? "<idle>" : w->task[running].comm,
		    running < 0 ? 0 : RENDER_FTRACE_PID0 + (int)running, cpu,
		    sec, usec, name, len < 20 ? (int)(20 - len) : 0, spaces) < 0)
		w->failed = true;
}

static void who(struct render_ftrace *w, unsigned cpu, int64_t task,
		char *buf, size_t n)
{
	if (task < 0)
		snprintf(buf, n, "swapper/%u:0 [120]", cpu);
	else
		snprintf(buf, n, "%s:%d [%d]", w->task[task].comm,
			 RENDER_FTRACE_PID0 + (int)task, w->task[task].prio);
}

static void do_switch(struct render_ftrace *w, rt_time t, unsigned cpu,
		      int64_t next, const char *state)
{
	struct ft_cpu *c = &w->cpu[cpu];
	char a[64], b[64];

	who(w, cpu, c->cur, a, sizeof(a));
	who(w, cpu, next, b, sizeof(b));
	head(w, t, cpu, c->cur, "sched_switch");
	if (fprintf(w->f, "%s %s ==> %s\n", a, c->cur < 0 ? "R" : state, b) < 0)
		w->failed = true;
	c->cur = next;
	c->leaving = false;
	if (next >= 0)
		w->task[next].last_cpu = (int)cpu;
}

/* CPUs left at an earlier instant and not taken: switch to idle. */
static void settle(struct render_ftrace *w, rt_time upto)
{
	for (unsigned i = 0; i < w->m->cpus; i++) {
		struct ft_cpu *c = &w->cpu[i];

		if (c->leaving && c->left_at < upto)
			do_switch(w, c->left_at, i, -1, c->state);
	}
}

static void wake(struct render_ftrace *w, rt_time t, uint32_t task)
{
	struct ft_task *k = &w->task[task];
	unsigned cpu = k->last_cpu >= 0 && (unsigned)k->last_cpu < w->m->cpus ?
		       (unsigned)k->last_cpu : 0;
	int64_t running = w->cpu[cpu].cur;

	if (k->awake)
		return;
	k->awake = true;
	/* released at the instant its previous job ended: it never slept
	 * (rt-app's timer had fired), so no wake-up and it leaves runnable */
	for (unsigned i = 0; i < w->m->cpus; i++)
		if (w->cpu[i].cur == (int64_t)task && w->cpu[i].leaving &&
		    w->cpu[i].left_at == t) {
			w->cpu[i].state = "R+";
			return;
		}
	head(w, t, cpu, running, "sched_waking");
	if (fprintf(w->f, "comm=%s pid=%d prio=%d target_cpu=%03u\n", k->comm,
		    RENDER_FTRACE_PID0 + (int)task, k->prio, cpu) < 0)
		w->failed = true;
	head(w, t, cpu, running, "sched_wakeup");
	if (fprintf(w->f, "%s:%d [%d] CPU:%03u\n", k->comm,
		    RENDER_FTRACE_PID0 + (int)task, k->prio, cpu) < 0)
		w->failed = true;
}

/* Task leaves CPU cpu at t with prev_state 'state'. */
static void leave(struct render_ftrace *w, rt_time t, unsigned cpu,
		  uint32_t task, const char *state)
{
	struct ft_cpu *c = &w->cpu[cpu];

	if (c->cur != (int64_t)task)
		return;
	c->leaving = true;
	c->state = state;
	c->left_at = t;
}

static void ftrace_rec(struct render_ftrace *w, const struct sim_rec *r)
{
	bool cpu_ok = r->cpu >= 0 && (unsigned)r->cpu < w->m->cpus;
	struct ft_task *k;

	if (r->time > w->now) {
		settle(w, r->time);
		w->now = r->time;
	}
	if (r->kind == SIM_REC_END) {
		settle(w, RT_TIME_NEVER);
		return;
	}
	if (r->task >= w->m->ntasks)
		return;
	k = &w->task[r->task];
	switch (r->kind) {
	case SIM_REC_RELEASE:
		k->pending++;
		wake(w, r->time, r->task);
		break;
	case SIM_REC_RESUME:
		wake(w, r->time, r->task);
		break;
	case SIM_REC_START:
		if (!cpu_ok)
			break;
		/* the task may still be listed on another CPU it left at
		 * this instant (a migration): settle that CPU first */
		for (unsigned i = 0; i < w->m->cpus; i++)
			if (i != (unsigned)r->cpu && w->cpu[i].cur == (int64_t)r->task)
				do_switch(w, r->time, i, -1, "R+");
		if (w->cpu[r->cpu].cur == (int64_t)r->task)
			w->cpu[r->cpu].leaving = false; /* its next job: no switch */
		else
			do_switch(w, r->time, (unsigned)r->cpu, r->task,
				  w->cpu[r->cpu].leaving ? w->cpu[r->cpu].state :
				  "R+");
		k->awake = true;
		break;
	case SIM_REC_PREEMPT:
		if (cpu_ok)
			leave(w, r->time, (unsigned)r->cpu, r->task, "R+");
		break;
	case SIM_REC_SUSPEND:
		k->awake = false;
		if (cpu_ok)
			leave(w, r->time, (unsigned)r->cpu, r->task, "S");
		break;
	case SIM_REC_COMPLETE:
	case SIM_REC_ABORT:
		if (k->pending)
			k->pending--;
		/* asleep unless another job of the task is already pending */
		k->awake = k->pending > 0;
		for (unsigned i = 0; i < w->m->cpus; i++)
			leave(w, r->time, i, r->task, k->awake ? "R+" : "S");
		break;
	default:
		break;
	}
}

static enum rt_err ftrace_emit(void *ctx, const struct sim_rec *r)
{
	struct render_ftrace *w = ctx;

	if (!w->failed)
		ftrace_rec(w, r);
	return w->failed ? RT_ERR_IO : RT_OK;
}

enum rt_err render_ftrace_open(FILE *f, const struct render_meta *m,
			       struct render_ftrace **out, struct rt_diag *d)
{
	struct render_ftrace *w;

	rt_diag_clear(d);
	if (!f || !m || !out || m->cpus == 0)
		return rt_diagf(d, RT_ERR_INVAL, "ftrace: bad arguments");
	w = rt_calloc(1, sizeof(*w));
	if (w) {
		w->cpu = rt_calloc(m->cpus, sizeof(*w->cpu));
		w->task = rt_calloc(m->ntasks ? m->ntasks : 1, sizeof(*w->task));
	}
	if (!w || !w->cpu || !w->task) {
		if (w) {
			rt_free(w->cpu);
			rt_free(w->task);
		}
		rt_free(w);
		return rt_diagf(d, RT_ERR_NOMEM, "ftrace: out of memory");
	}
	w->f = f;
	w->m = m;
	w->units_per_us = m->time_unit && !strcmp(m->time_unit, "ns") ? 1000 : 1;
	for (unsigned i = 0; i < m->cpus; i++)
		w->cpu[i].cur = -1;
	for (size_t i = 0; i < m->ntasks; i++) {
		render_ftrace_comm(m->tasks[i].name, w->task[i].comm);
		w->task[i].prio = m->tasks[i].klass == RT_CLASS_FAIR ? 120 : -1;
		w->task[i].last_cpu = m->tasks[i].cpu;
	}
	if (fprintf(f, "cpus=%u\n", m->cpus) < 0) {
		rt_free(w->cpu);
		rt_free(w->task);
		rt_free(w);
		return rt_diagf(d, RT_ERR_IO, "ftrace: write failed");
	}
	*out = w;
	return RT_OK;
}

struct sim_sink render_ftrace_sink(struct render_ftrace *w)
{
	struct sim_sink s = {
		.mask = SIM_MASK(SIM_REC_RELEASE) | SIM_MASK(SIM_REC_START) |
			SIM_MASK(SIM_REC_PREEMPT) | SIM_MASK(SIM_REC_COMPLETE) |
			SIM_MASK(SIM_REC_ABORT) | SIM_MASK(SIM_REC_END) |
			SIM_MASK(SIM_REC_SUSPEND) | SIM_MASK(SIM_REC_RESUME),
		.emit = ftrace_emit,
		.ctx = w,
	};

	return s;
}

enum rt_err render_ftrace_finish(struct render_ftrace *w, struct rt_diag *d)
{
	bool ok;

	if (!w)
		return RT_OK;
	ok = !w->failed && fflush(w->f) != EOF && !ferror(w->f);
	rt_free(w->cpu);
	rt_free(w->task);
	rt_free(w);
	return ok ? RT_OK : rt_diagf(d, RT_ERR_IO, "ftrace: write failed");
}
