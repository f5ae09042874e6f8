/* chrome.c - Chrome Trace Event JSON writer (see chrome.h).
 *
 * Format reference: "Trace Event Format" (Google, 2016), the JSON Object
 * form {"traceEvents": [...], "displayTimeUnit": ..., "otherData": ...}.
 * Execution intervals are written when they end (PREEMPT, COMPLETE,
 * ABORT of the running job, a new START, SUSPEND, END), so events are not
 * sorted by ts; viewers sort them.  Self-suspensions are instant events
 * "suspend" (args: job, for) and "resume" on the task's track.
 */
#include "render/chrome.h"

#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "models/mem.h"
#include "render/internal.h"
#include "render/wbuf.h"

struct chrome_run {
	bool on;
	uint32_t task;
	uint64_t job;
	rt_time since;
};

/* A task's events up to their first number, formatted once. */
struct chrome_task {
	struct render_frag x;           /* {"name":N,"ph":"X","pid":1,"tid": */
	struct render_frag x_args;      /* ,"cat":"exec","args":{"task":I,"job": */
	struct render_frag b, e;        /* {"name":N,"ph":"b","pid":2,"tid":I+1,"ts": */
};

struct render_chrome {
	FILE *f;                        /* borrowed */
	const struct render_meta *m;    /* borrowed */
	int64_t units_per_us;           /* 1 (tick) or 1000 (ns) */
	struct chrome_run *run;         /* m->cpus entries */
	bool first;                     /* no event written yet */
	bool failed;
	struct render_wbuf w;           /* events are formatted here */
	struct render_frag *names;      /* JSON task names; [ntasks] = "?" */
	struct chrome_task *tasks;      /* m->ntasks */
};

/* An event's text besides its name: a dozen numbers at their widest and
 * the keys. */
#define CHROME_EV_FIXED 384

/* Event names that are not task names, as JSON strings, padded for
 * render_put_frag(). */
static const char q_miss[RENDER_FRAG_PAD] = "\"deadline miss\"";
static const char q_abort[RENDER_FRAG_PAD] = "\"abort\"";
static const char q_suspend[RENDER_FRAG_PAD] = "\"suspend\"";
static const char q_resume[RENDER_FRAG_PAD] = "\"resume\"";
static const char q_lock[RENDER_FRAG_PAD] = "\"lock\"";
static const char q_unlock[RENDER_FRAG_PAD] = "\"unlock\"";
static const char q_block[RENDER_FRAG_PAD] = "\"block\"";
static const char q_inherit[RENDER_FRAG_PAD] = "\"inherit\"";
static const char q_process[RENDER_FRAG_PAD] = "\"process_name\"";
static const char q_thread[RENDER_FRAG_PAD] = "\"thread_name\"";
#define QNAME(arr) (&(const struct render_frag){ (char *)(uintptr_t)(arr), \
						 strlen(arr) })

static const struct render_frag *task_name(const struct render_chrome *c,
					   uint32_t t)
{
	return &c->names[t < c->m->ntasks ? t : c->m->ntasks];
}

/* The separator before an event. */
static char *ev_sep(struct render_chrome *c, char *p)
{
	if (c->first) {
		c->first = false;
		*p++ = '\n';
		return p;
	}
	RENDER_PUT_LIT(p, ",\n");
	return p;
}

/* Start an event object at p: separator, "name", "ph", "pid", "tid",
 * "ts".  qname is the name as a JSON string literal (quotes included),
 * ph one letter. */
static char *ev_begin(struct render_chrome *c, char *p,
		      const struct render_frag *qname, char ph, int pid,
		      long tid, rt_time ts)
{
	p = ev_sep(c, p);
	RENDER_PUT_LIT(p, "{\"name\":");
	p = render_put_frag(p, qname);
	RENDER_PUT_LIT(p, ",\"ph\":\"");
	*p++ = ph;
	RENDER_PUT_LIT(p, "\",\"pid\":");
	p = render_put_i64(p, pid);
	RENDER_PUT_LIT(p, ",\"tid\":");
	p = render_put_i64(p, tid);
	RENDER_PUT_LIT(p, ",\"ts\":");
	return render_put_us(p, ts, c->units_per_us);
}

/* A metadata event whose args name is qname (a JSON string literal)
 * with 'suffix' (plain ASCII, no escapes needed) inserted before its
 * closing quote. */
static void meta_ev(struct render_chrome *c, const char *what, int pid,
		    long tid, const char *qname, size_t qlen, const char *suffix)
{
	char *p = render_wbuf_begin(&c->w);

	p = ev_begin(c, p, QNAME(what), 'M', pid, tid, 0);
	RENDER_PUT_LIT(p, ",\"args\":{\"name\":");
	p = render_put_bytes(p, qname, qlen - 1);
	if (suffix)
		p = render_put_bytes(p, suffix, strlen(suffix));
	RENDER_PUT_LIT(p, "\"}}");
	render_wbuf_end(&c->w, p);
}

static bool write_meta(struct render_chrome *c)
{
	static const char open[] = "{\"traceEvents\":[";

	render_wbuf_put(&c->w, open, sizeof(open) - 1);
	meta_ev(c, q_process, 1, 0, "\"CPUs\"", 6, NULL);
	meta_ev(c, q_process, 2, 0, "\"Jobs\"", 6, NULL);
	for (unsigned i = 0; i < c->m->cpus; i++) {
		char name[32];
		int n = snprintf(name, sizeof(name), "\"CPU %u\"", i);

		meta_ev(c, q_thread, 1, (long)i, name, (size_t)n, NULL);
	}
	for (size_t i = 0; i < c->m->ntasks; i++) {
		const struct render_frag *tn = task_name(c, (uint32_t)i);

		meta_ev(c, q_thread, 2, (long)i + 1, tn->s, tn->len, " events");
	}
	return !c->w.failed;
}

/* Close the interval running on cpu at t as an "X" event (its task is
 * one of the run's: START checks it). */
static bool close_run(struct render_chrome *c, unsigned cpu, rt_time t)
{
	struct chrome_run *r = &c->run[cpu];
	rt_time dur;
	char *p;

	if (!r->on)
		return true;
	r->on = false;
	if (!rt_time_sub(t, r->since, &dur) || dur < 0)
		dur = 0;
	p = ev_sep(c, render_wbuf_begin(&c->w));
	p = render_put_frag(p, &c->tasks[r->task].x);
	p = render_put_u64(p, cpu);
	RENDER_PUT_LIT(p, ",\"ts\":");
	p = render_put_us(p, r->since, c->units_per_us);
	RENDER_PUT_LIT(p, ",\"dur\":");
	p = render_put_us(p, dur, c->units_per_us);
	p = render_put_frag(p, &c->tasks[r->task].x_args);
	p = render_put_u64(p, r->job);
	RENDER_PUT_LIT(p, "}}");
	render_wbuf_end(&c->w, p);
	return !c->w.failed;
}

/* One end of a job's async slice on the task's track: ph 'b' (begin) or
 * 'e' (end, with its status); r->task is a task of the run. */
static bool job_ev(struct render_chrome *c, const struct sim_rec *r, char ph,
		   const char *status)
{
	const struct chrome_task *k = &c->tasks[r->task];
	char *p = ev_sep(c, render_wbuf_begin(&c->w));

	p = render_put_frag(p, ph == 'b' ? &k->b : &k->e);
	p = render_put_us(p, r->time, c->units_per_us);
	RENDER_PUT_LIT(p, ",\"cat\":\"job\",\"id\":\"j");
	p = render_put_u64(p, r->info->seq);
	RENDER_PUT_LIT(p, "\",\"args\":{\"job\":");
	p = render_put_u64(p, r->job);
	if (ph == 'b') {
		RENDER_PUT_LIT(p, ",\"deadline\":");
		p = render_put_us(p, r->info->abs_deadline, c->units_per_us);
		RENDER_PUT_LIT(p, "}}");
	} else {
		RENDER_PUT_LIT(p, ",\"status\":\"");
		if (status[0] == 'c')
			RENDER_PUT_LIT(p, "complete\"}}");
		else if (status[0] == 'a')
			RENDER_PUT_LIT(p, "abort\"}}");
		else
			RENDER_PUT_LIT(p, "unfinished\"}}");
	}
	render_wbuf_end(&c->w, p);
	return !c->w.failed;
}

/* A "deadline miss" or "abort" instant on the task's track. */
static bool instant(struct render_chrome *c, const struct sim_rec *r,
		    bool miss)
{
	char *p = render_wbuf_begin(&c->w);

	p = ev_begin(c, p, miss ? QNAME(q_miss) : QNAME(q_abort), 'i', 2,
		     (long)r->task + 1, r->time);
	if (miss)
		RENDER_PUT_LIT(p, ",\"s\":\"t\",\"cat\":\"miss\",\"args\":{\"job\":");
	else
		RENDER_PUT_LIT(p, ",\"s\":\"t\",\"cat\":\"abort\",\"args\":{\"job\":");
	p = render_put_u64(p, r->job);
	if (miss) {
		RENDER_PUT_LIT(p, ",\"tardiness\":");
		p = render_put_us(p, r->value, c->units_per_us);
	}
	RENDER_PUT_LIT(p, "}}");
	render_wbuf_end(&c->w, p);
	return !c->w.failed;
}

/* A self-suspension instant on the task's track. */
static bool susp_ev(struct render_chrome *c, const struct sim_rec *r)
{
	bool susp = r->kind == SIM_REC_SUSPEND;
	char *p = render_wbuf_begin(&c->w);

	p = ev_begin(c, p, susp ? QNAME(q_suspend) : QNAME(q_resume), 'i', 2,
		     (long)r->task + 1, r->time);
	RENDER_PUT_LIT(p, ",\"s\":\"t\",\"cat\":\"suspension\",\"args\":{"
		       "\"job\":");
	p = render_put_u64(p, r->job);
	if (susp) {
		RENDER_PUT_LIT(p, ",\"for\":");
		p = render_put_us(p, r->value, c->units_per_us);
	}
	RENDER_PUT_LIT(p, "}}");
	render_wbuf_end(&c->w, p);
	return !c->w.failed;
}

/* A shared-resource instant on the task's track: lock, unlock, block
 * (args: the resource's index) or inherit (args: the new priority). */
static bool res_ev(struct render_chrome *c, const struct sim_rec *r)
{
	const char *q = r->kind == SIM_REC_LOCK ? q_lock :
			r->kind == SIM_REC_UNLOCK ? q_unlock :
			r->kind == SIM_REC_BLOCK ? q_block : q_inherit;
	char *p = render_wbuf_begin(&c->w);

	p = ev_begin(c, p, QNAME(q), 'i', 2, (long)r->task + 1, r->time);
	RENDER_PUT_LIT(p, ",\"s\":\"t\",\"cat\":\"resource\",\"args\":{"
		       "\"job\":");
	p = render_put_u64(p, r->job);
	if (r->kind == SIM_REC_INHERIT)
		RENDER_PUT_LIT(p, ",\"priority\":");
	else
		RENDER_PUT_LIT(p, ",\"resource\":");
	p = render_put_u64(p, (uint64_t)r->value);
	RENDER_PUT_LIT(p, "}}");
	render_wbuf_end(&c->w, p);
	return !c->w.failed;
}

static bool chrome_rec(struct render_chrome *c, const struct sim_rec *r)
{
	bool cpu_ok = r->cpu >= 0 && (unsigned)r->cpu < c->m->cpus;
	bool ok = true;

	if (r->kind == SIM_REC_END) {
		for (unsigned i = 0; ok && i < c->m->cpus; i++)
			ok = close_run(c, i, r->time);
		return ok;
	}
	if (!r->info || r->task >= c->m->ntasks)
		return true;
	switch (r->kind) {
	case SIM_REC_RELEASE:
		return job_ev(c, r, 'b', NULL);
	case SIM_REC_START:
		if (!cpu_ok)
			return true;
		ok = close_run(c, (unsigned)r->cpu, r->time);
		c->run[r->cpu] = (struct chrome_run){ .on = true, .task = r->task,
						      .job = r->job,
						      .since = r->time };
		return ok;
	case SIM_REC_PREEMPT:
		return !cpu_ok || close_run(c, (unsigned)r->cpu, r->time);
	case SIM_REC_SUSPEND:
		return (!cpu_ok || close_run(c, (unsigned)r->cpu, r->time)) &&
		       susp_ev(c, r);
	case SIM_REC_RESUME:
		return susp_ev(c, r);
	case SIM_REC_LOCK:
	case SIM_REC_UNLOCK:
	case SIM_REC_BLOCK:
	case SIM_REC_INHERIT:
		return res_ev(c, r);
	case SIM_REC_COMPLETE:
		return (!cpu_ok || close_run(c, (unsigned)r->cpu, r->time)) &&
		       job_ev(c, r, 'e', "complete");
	case SIM_REC_ABORT:
		for (unsigned i = 0; ok && i < c->m->cpus; i++)
			if (c->run[i].on && c->run[i].task == r->task &&
			    c->run[i].job == r->job)
				ok = close_run(c, i, r->time);
		return ok && instant(c, r, false) && job_ev(c, r, 'e', "abort");
	case SIM_REC_UNFINISHED:
		return job_ev(c, r, 'e', "unfinished");
	case SIM_REC_MISS:
		return instant(c, r, true);
	default:
		return true;
	}
}

static enum rt_err chrome_emit(void *ctx, const struct sim_rec *r)
{
	struct render_chrome *c = ctx;

	if (c->failed || !chrome_rec(c, r)) {
		c->failed = true;
		return RT_ERR_IO;
	}
	return RT_OK;
}

static void chrome_free(struct render_chrome *c)
{
	for (size_t i = 0; c->tasks && i < c->m->ntasks; i++) {
		render_frag_free(&c->tasks[i].x);
		render_frag_free(&c->tasks[i].x_args);
		render_frag_free(&c->tasks[i].b);
		render_frag_free(&c->tasks[i].e);
	}
	rt_free(c->tasks);
	render_frags_free(c->names, c->m->ntasks + 1);
	render_wbuf_discard(&c->w);
	rt_free(c->run);
	rt_free(c);
}

static bool chrome_name(FILE *f, size_t i, const char *name, const void *ctx)
{
	(void)i;
	(void)ctx;
	return render_json_string(f, name);
}

/* Each task's name as a JSON string ("?" for a task index out of
 * range), and its events' fixed text. */
static bool chrome_names(struct render_chrome *c)
{
	size_t nt = c->m->ntasks;

	if (!render_frags_tasks(&c->names, c->m, "?", chrome_name, NULL))
		return false;
	c->tasks = rt_calloc(nt ? nt : 1, sizeof(*c->tasks));
	if (!c->tasks)
		return false;
	for (size_t i = 0; i < nt; i++) {
		struct chrome_task *k = &c->tasks[i];
		int len = (int)c->names[i].len;
		const char *n = c->names[i].s;

		if (!render_frag_printf(&k->x, "{\"name\":%.*s,\"ph\":\"X\","
					"\"pid\":1,\"tid\":", len, n) ||
		    !render_frag_printf(&k->b, "{\"name\":%.*s,\"ph\":\"b\","
					"\"pid\":2,\"tid\":%zu,\"ts\":", len, n,
					i + 1) ||
		    !render_frag_printf(&k->e, "{\"name\":%.*s,\"ph\":\"e\","
					"\"pid\":2,\"tid\":%zu,\"ts\":", len, n,
					i + 1) ||
		    !render_frag_printf(&k->x_args, ",\"cat\":\"exec\",\"args\":"
					"{\"task\":%zu,\"job\":", i))
			return false;
	}
	return true;
}

enum rt_err render_chrome_open(FILE *f, const struct render_meta *m,
			       struct render_chrome **out, struct rt_diag *d)
{
	struct render_chrome *c;

	rt_diag_clear(d);
	if (!f || !m || !out)
		return rt_diagf(d, RT_ERR_INVAL, "trace: bad arguments");
	c = rt_calloc(1, sizeof(*c));
	if (c)
		c->run = rt_calloc(m->cpus ? m->cpus : 1, sizeof(*c->run));
	if (!c || !c->run) {
		rt_free(c);
		return rt_diagf(d, RT_ERR_NOMEM, "trace: out of memory");
	}
	c->f = f;
	c->m = m;
	c->first = true;
	c->units_per_us = m->time_unit && !strcmp(m->time_unit, "ns") ? 1000 : 1;
	if (!chrome_names(c) ||
	    !render_wbuf_init(&c->w, f, CHROME_EV_FIXED +
			      render_frags_max_len(c->names, m->ntasks + 1))) {
		chrome_free(c);
		return rt_diagf(d, RT_ERR_NOMEM, "trace: out of memory");
	}
	if (!write_meta(c)) {
		chrome_free(c);
		return rt_diagf(d, RT_ERR_IO, "trace: write failed");
	}
	*out = c;
	return RT_OK;
}

struct sim_sink render_chrome_sink(struct render_chrome *c)
{
	struct sim_sink s = {
		.mask = SIM_MASK(SIM_REC_RELEASE) | SIM_MASK(SIM_REC_START) |
			SIM_MASK(SIM_REC_PREEMPT) | SIM_MASK(SIM_REC_COMPLETE) |
			SIM_MASK(SIM_REC_MISS) | SIM_MASK(SIM_REC_ABORT) |
			SIM_MASK(SIM_REC_UNFINISHED) | SIM_MASK(SIM_REC_END) |
			SIM_MASK(SIM_REC_SUSPEND) | SIM_MASK(SIM_REC_RESUME) |
			SIM_MASK(SIM_REC_LOCK) | SIM_MASK(SIM_REC_UNLOCK) |
			SIM_MASK(SIM_REC_BLOCK) | SIM_MASK(SIM_REC_INHERIT),
		.emit = chrome_emit,
		.ctx = c,
	};

	return s;
}

enum rt_err render_chrome_finish(struct render_chrome *c, struct rt_diag *d)
{
	bool ok;
	FILE *f;

	if (!c)
		return RT_OK;
	f = c->f;
	/* the trailer goes to the FILE itself, after everything buffered */
	ok = !c->failed && render_wbuf_drain(&c->w) &&
	     fprintf(f, "\n],\"displayTimeUnit\":\"%s\",\"otherData\":{"
		     "\"generator\":\"dlsim\",\"scenario\":",
		     c->units_per_us == 1000 ? "ns" : "ms") >= 0 &&
	     render_json_string(f, c->m->scenario) &&
	     fputs(",\"time_unit\":", f) >= 0 &&
	     render_json_string(f, c->m->time_unit) &&
	     fprintf(f, ",\"timestamps\":\"%s\"}}\n", c->units_per_us == 1 ?
		     "1 tick is shown as 1 us" : "microseconds") >= 0 &&
	     render_wbuf_finish(&c->w);
	chrome_free(c);
	return ok ? RT_OK : rt_diagf(d, RT_ERR_IO, "trace: write failed");
}
