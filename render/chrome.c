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

struct chrome_run {
	bool on;
	uint32_t task;
	uint64_t job;
	rt_time since;
};

struct render_chrome {
	FILE *f;                        /* borrowed */
	const struct render_meta *m;    /* borrowed */
	int64_t units_per_us;           /* 1 (tick) or 1000 (ns) */
	struct chrome_run *run;         /* m->cpus entries */
	bool first;                     /* no event written yet */
	bool failed;
};

static const char *task_name(const struct render_chrome *c, uint32_t t)
{
	return t < c->m->ntasks && c->m->tasks[t].name ? c->m->tasks[t].name : "?";
}

/* Start an event object: separator, "name", "ph", "pid", "tid", "ts". */
static bool ev_begin(struct render_chrome *c, const char *name, const char *ph,
		     int pid, long tid, rt_time ts)
{
	FILE *f = c->f;
	bool ok = fputs(c->first ? "\n{\"name\":" : ",\n{\"name\":", f) >= 0 &&
		  render_json_string(f, name) &&
		  fprintf(f, ",\"ph\":\"%s\",\"pid\":%d,\"tid\":%ld,\"ts\":", ph,
			  pid, tid) >= 0 &&
		  render_json_us(f, ts, c->units_per_us);

	c->first = false;
	return ok;
}

static bool meta_ev(struct render_chrome *c, const char *what, int pid,
		    long tid, const char *name, const char *suffix)
{
	FILE *f = c->f;
	bool ok = ev_begin(c, what, "M", pid, tid, 0) &&
		  fputs(",\"args\":{\"name\":", f) >= 0;

	return ok && fputc('"', f) != EOF && render_json_chars(f, name) &&
	       render_json_chars(f, suffix) && fputs("\"}}", f) >= 0;
}

static bool write_meta(struct render_chrome *c)
{
	bool ok = fputs("{\"traceEvents\":[", c->f) >= 0 &&
		  meta_ev(c, "process_name", 1, 0, "CPUs", NULL) &&
		  meta_ev(c, "process_name", 2, 0, "Jobs", NULL);

	for (unsigned i = 0; ok && i < c->m->cpus; i++) {
		char name[32];

		snprintf(name, sizeof(name), "CPU %u", i);
		ok = meta_ev(c, "thread_name", 1, (long)i, name, NULL);
	}
	for (size_t i = 0; ok && i < c->m->ntasks; i++)
		ok = meta_ev(c, "thread_name", 2, (long)i + 1,
			     task_name(c, (uint32_t)i), " events");
	return ok;
}

/* Close the interval running on cpu at t as an "X" event. */
static bool close_run(struct render_chrome *c, unsigned cpu, rt_time t)
{
	struct chrome_run *r = &c->run[cpu];
	rt_time dur;

	if (!r->on)
		return true;
	r->on = false;
	if (!rt_time_sub(t, r->since, &dur) || dur < 0)
		dur = 0;
	return ev_begin(c, task_name(c, r->task), "X", 1, (long)cpu, r->since) &&
	       fputs(",\"dur\":", c->f) >= 0 &&
	       render_json_us(c->f, dur, c->units_per_us) &&
	       fprintf(c->f, ",\"cat\":\"exec\",\"args\":{\"task\":%" PRIu32
		       ",\"job\":%" PRIu64 "}}", r->task, r->job) >= 0;
}

/* One end of a job's async slice on the task's track. */
static bool job_ev(struct render_chrome *c, const struct sim_rec *r,
		   const char *ph, const char *status)
{
	FILE *f = c->f;

	if (!ev_begin(c, task_name(c, r->task), ph, 2, (long)r->task + 1,
		      r->time) ||
	    fprintf(f, ",\"cat\":\"job\",\"id\":\"j%" PRIu64 "\",\"args\":{"
		    "\"job\":%" PRIu64, r->info->seq, r->job) < 0)
		return false;
	if (*ph == 'b')
		return fputs(",\"deadline\":", f) >= 0 &&
		       render_json_us(f, r->info->abs_deadline, c->units_per_us) &&
		       fputs("}}", f) >= 0;
	return fprintf(f, ",\"status\":\"%s\"}}", status) >= 0;
}

static bool instant(struct render_chrome *c, const struct sim_rec *r,
		    const char *name)
{
	FILE *f = c->f;

	if (!ev_begin(c, name, "i", 2, (long)r->task + 1, r->time) ||
	    fprintf(f, ",\"s\":\"t\",\"cat\":\"%s\",\"args\":{\"job\":%"
		    PRIu64, *name == 'd' ? "miss" : "abort", r->job) < 0)
		return false;
	if (*name == 'd')
		return fputs(",\"tardiness\":", f) >= 0 &&
		       render_json_us(f, r->value, c->units_per_us) &&
		       fputs("}}", f) >= 0;
	return fputs("}}", f) >= 0;
}

/* A self-suspension instant on the task's track. */
static bool susp_ev(struct render_chrome *c, const struct sim_rec *r)
{
	FILE *f = c->f;
	bool susp = r->kind == SIM_REC_SUSPEND;

	if (!ev_begin(c, susp ? "suspend" : "resume", "i", 2,
		      (long)r->task + 1, r->time) ||
	    fprintf(f, ",\"s\":\"t\",\"cat\":\"suspension\",\"args\":{"
		    "\"job\":%" PRIu64, r->job) < 0)
		return false;
	if (susp && (fputs(",\"for\":", f) < 0 ||
		     !render_json_us(f, r->value, c->units_per_us)))
		return false;
	return fputs("}}", f) >= 0;
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
		return job_ev(c, r, "b", NULL);
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
	case SIM_REC_COMPLETE:
		return (!cpu_ok || close_run(c, (unsigned)r->cpu, r->time)) &&
		       job_ev(c, r, "e", "complete");
	case SIM_REC_ABORT:
		for (unsigned i = 0; ok && i < c->m->cpus; i++)
			if (c->run[i].on && c->run[i].task == r->task &&
			    c->run[i].job == r->job)
				ok = close_run(c, i, r->time);
		return ok && instant(c, r, "abort") && job_ev(c, r, "e", "abort");
	case SIM_REC_UNFINISHED:
		return job_ev(c, r, "e", "unfinished");
	case SIM_REC_MISS:
		return instant(c, r, "deadline miss");
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
	if (!write_meta(c)) {
		rt_free(c->run);
		rt_free(c);
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
			SIM_MASK(SIM_REC_SUSPEND) | SIM_MASK(SIM_REC_RESUME),
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
	ok = !c->failed &&
	     fprintf(f, "\n],\"displayTimeUnit\":\"%s\",\"otherData\":{"
		     "\"generator\":\"dlsim\",\"scenario\":",
		     c->units_per_us == 1000 ? "ns" : "ms") >= 0 &&
	     render_json_string(f, c->m->scenario) &&
	     fputs(",\"time_unit\":", f) >= 0 &&
	     render_json_string(f, c->m->time_unit) &&
	     fprintf(f, ",\"timestamps\":\"%s\"}}\n", c->units_per_us == 1 ?
		     "1 tick is shown as 1 us" : "microseconds") >= 0 &&
	     fflush(f) != EOF && !ferror(f);
	rt_free(c->run);
	rt_free(c);
	return ok ? RT_OK : rt_diagf(d, RT_ERR_IO, "trace: write failed");
}
