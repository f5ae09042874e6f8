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
#include "render/wbuf.h"

struct ft_cpu {
	int64_t cur;                    /* task running, -1: idle */
	bool leaving;                   /* cur stops at 'left_at' */
	const char *state;              /* its prev_state then */
	rt_time left_at;
	/* formatted once: " [%03u] ", "%03u", the idle task as the first
	 * column ("<idle>-0" in "%16s-%-5d") and as a sched_switch side
	 * ("swapper/%u:0 [120]") */
	struct render_frag col, num, idle_head, idle_who;
};

struct ft_task {
	char comm[RENDER_FTRACE_COMM_MAX + 1];
	int prio;
	bool awake;                     /* runnable: no wake-up on release */
	bool suspended;                 /* its job sleeps in a self-suspension:
					 * a release does not wake it (rt-app's
					 * thread is in its sleep event) */
	int last_cpu;
	uint64_t pending;               /* released, not yet finished jobs */
	/* formatted once: the first column ("%16s-%-5d"), the sched_switch
	 * side ("%s:%d [%d]"), sched_waking's fields up to target_cpu= */
	struct render_frag head, who, waking;
};

struct render_ftrace {
	FILE *f;
	const struct render_meta *m;
	struct ft_cpu *cpu;
	struct ft_task *task;
	int64_t units_per_us;
	rt_time now;
	struct render_wbuf w;           /* lines are formatted here */
};

/* The longest line: every fragment is bounded (comm <= 15 bytes, pids
 * and prios ints, CPU numbers unsigned), numbers at their widest. */
#define FT_LINE_MAX 512

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

/* "%5" PRIu64 ".%06" PRIu64 of t in seconds and microseconds, rounded
 * as trace-cmd does: usecs = (nsecs + 500) / 1000. */
static char *put_ts(const struct render_ftrace *w, char *p, rt_time t)
{
	uint64_t us = w->units_per_us == 1 ? (uint64_t)t :
		      ((uint64_t)t + 500) / 1000;
	uint64_t sec = us / 1000000;
	uint32_t usec = (uint32_t)(us % 1000000);

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (sec < 100000) {
		/* 8 digits, leading zeros (but the last digit) as spaces,
		 * the last five kept */
		uint64_t a = render_digits8((uint32_t)sec);
		uint64_t d = a ^ 0x3030303030303030ull;   /* 0..9 */
		unsigned lz = d ? (unsigned)__builtin_ctzll(d) >> 3 : 7;
		uint64_t blank = ((uint64_t)1 << (8 * lz)) - 1;
		uint64_t s = (a & ~blank) | (0x2020202020202020ull & blank);

		s >>= 24;
		memcpy(p, &s, 8);
		p += 5;
		d = render_digits8(usec) >> 16;
		*p++ = '.';
		memcpy(p, &d, 8);
		return p + 6;
	}
#endif
	{
		char tmp[20], *s = render_wbuf_digits(tmp + sizeof(tmp), sec);

		while (tmp + sizeof(tmp) - s < 5)
			*--s = ' ';
		p = render_put_bytes(p, s, (size_t)(tmp + sizeof(tmp) - s));
		*p++ = '.';
		s = render_wbuf_digits(tmp + sizeof(tmp), usec);
		while (tmp + sizeof(tmp) - s < 6)
			*--s = '0';
		return render_put_bytes(p, s, 6);
	}
}

/* "%16s-%-5d [%03d] %5lu.%06lu: NAME: " + padding, at the start of a
 * line; 'ev' is ": NAME: " padded as trace-cmd pads it. */
static char *head(struct render_ftrace *w, char *p, rt_time t, unsigned cpu,
		  int64_t running, const char *ev, size_t evlen)
{
	p = render_put_frag(p, running < 0 ? &w->cpu[cpu].idle_head :
			    &w->task[running].head);
	p = render_put_frag(p, &w->cpu[cpu].col);
	p = put_ts(w, p, t);
	return render_put_bytes(p, ev, evlen);
}

#define EV_SWITCH ": sched_switch:         "
#define EV_WAKING ": sched_waking:         "
#define EV_WAKEUP ": sched_wakeup:         "
#define HEAD(w, p, t, cpu, running, ev) \
	head((w), (p), (t), (cpu), (running), (ev), sizeof(ev) - 1)

static const struct render_frag *who(const struct render_ftrace *w,
				     unsigned cpu, int64_t task)
{
	return task < 0 ? &w->cpu[cpu].idle_who : &w->task[task].who;
}

static void do_switch(struct render_ftrace *w, rt_time t, unsigned cpu,
		      int64_t next, const char *state)
{
	struct ft_cpu *c = &w->cpu[cpu];
	char *p = render_wbuf_begin(&w->w);

	p = HEAD(w, p, t, cpu, c->cur, EV_SWITCH);
	p = render_put_frag(p, who(w, cpu, c->cur));
	*p++ = ' ';
	if (c->cur < 0)
		*p++ = 'R';
	else
		p = render_put_bytes(p, state, strlen(state));
	RENDER_PUT_LIT(p, " ==> ");
	p = render_put_frag(p, who(w, cpu, next));
	*p++ = '\n';
	render_wbuf_end(&w->w, p);
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
	char *p;

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
	p = render_wbuf_begin(&w->w);
	p = HEAD(w, p, t, cpu, running, EV_WAKING);
	p = render_put_frag(p, &k->waking);
	p = render_put_frag(p, &w->cpu[cpu].num);
	*p++ = '\n';
	render_wbuf_end(&w->w, p);
	p = render_wbuf_begin(&w->w);
	p = HEAD(w, p, t, cpu, running, EV_WAKEUP);
	p = render_put_frag(p, &k->who);
	RENDER_PUT_LIT(p, " CPU:");
	p = render_put_frag(p, &w->cpu[cpu].num);
	*p++ = '\n';
	render_wbuf_end(&w->w, p);
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
		if (!k->suspended)
			wake(w, r->time, r->task);
		break;
	case SIM_REC_RESUME:
		k->suspended = false;
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
		k->suspended = true;
		if (cpu_ok)
			leave(w, r->time, (unsigned)r->cpu, r->task, "S");
		break;
	case SIM_REC_COMPLETE:
	case SIM_REC_ABORT:
		if (k->pending)
			k->pending--;
		k->suspended = false;   /* an abort may end a suspension */
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

	if (!w->w.failed)
		ftrace_rec(w, r);
	return w->w.failed ? RT_ERR_IO : RT_OK;
}

static void ft_free(struct render_ftrace *w)
{
	if (!w)
		return;
	for (unsigned i = 0; w->cpu && i < w->m->cpus; i++) {
		render_frag_free(&w->cpu[i].col);
		render_frag_free(&w->cpu[i].num);
		render_frag_free(&w->cpu[i].idle_head);
		render_frag_free(&w->cpu[i].idle_who);
	}
	for (size_t i = 0; w->task && i < w->m->ntasks; i++) {
		render_frag_free(&w->task[i].head);
		render_frag_free(&w->task[i].who);
		render_frag_free(&w->task[i].waking);
	}
	render_wbuf_discard(&w->w);
	rt_free(w->cpu);
	rt_free(w->task);
	rt_free(w);
}

/* The identities of the tasks and CPUs, formatted once. */
static bool ft_frags(struct render_ftrace *w)
{
	for (unsigned i = 0; i < w->m->cpus; i++) {
		struct ft_cpu *c = &w->cpu[i];

		if (!render_frag_printf(&c->col, " [%03u] ", i) ||
		    !render_frag_printf(&c->num, "%03u", i) ||
		    !render_frag_printf(&c->idle_head, "%16s-%-5d", "<idle>", 0) ||
		    !render_frag_printf(&c->idle_who, "swapper/%u:0 [120]", i))
			return false;
	}
	for (size_t i = 0; i < w->m->ntasks; i++) {
		struct ft_task *k = &w->task[i];
		int pid = RENDER_FTRACE_PID0 + (int)i;

		if (!render_frag_printf(&k->head, "%16s-%-5d", k->comm, pid) ||
		    !render_frag_printf(&k->who, "%s:%d [%d]", k->comm, pid, k->prio) ||
		    !render_frag_printf(&k->waking, "comm=%s pid=%d prio=%d target_cpu=",
			     k->comm, pid, k->prio))
			return false;
	}
	return true;
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
		w->m = m;
		w->cpu = rt_calloc(m->cpus, sizeof(*w->cpu));
		w->task = rt_calloc(m->ntasks ? m->ntasks : 1, sizeof(*w->task));
	}
	if (!w || !w->cpu || !w->task) {
		ft_free(w);
		return rt_diagf(d, RT_ERR_NOMEM, "ftrace: out of memory");
	}
	w->f = f;
	w->units_per_us = m->time_unit && !strcmp(m->time_unit, "ns") ? 1000 : 1;
	for (unsigned i = 0; i < m->cpus; i++)
		w->cpu[i].cur = -1;
	for (size_t i = 0; i < m->ntasks; i++) {
		render_ftrace_comm(m->tasks[i].name, w->task[i].comm);
		w->task[i].prio = m->tasks[i].klass == RT_CLASS_FAIR ? 120 : -1;
		w->task[i].last_cpu = m->tasks[i].cpu;
	}
	if (!ft_frags(w) || !render_wbuf_init(&w->w, f, FT_LINE_MAX)) {
		ft_free(w);
		return rt_diagf(d, RT_ERR_NOMEM, "ftrace: out of memory");
	}
	if (fprintf(f, "cpus=%u\n", m->cpus) < 0) {
		ft_free(w);
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
	ok = render_wbuf_finish(&w->w);
	ft_free(w);
	return ok ? RT_OK : rt_diagf(d, RT_ERR_IO, "ftrace: write failed");
}
