/* rtapp.c - rt-app JSON -> scenario YAML (rtapp.h; docs/rt-app.md).
 *
 * The grammar is rt-app's own (doc/tutorial.txt and its parser,
 * src/rt-app_parse_config.c): an event is any key that *starts with* an
 * event name ("run0", "sleep_io", "timer1"; "runtime" is checked before
 * "run"), events run in document order, a thread without "phases" is its
 * own single phase and then "loop" counts passes of that phase, with
 * "phases" it counts passes of all of them (default forever); dl-period
 * defaults to dl-runtime and dl-deadline to dl-period; at thread level
 * "runtime", "period" and "deadline" are the legacy spellings of the dl-
 * keys.  dlsim is stricter than rt-app where rt-app would silently do
 * something else: duplicate keys (json-c keeps the last one) and unknown
 * keys are errors.
 *
 * One pass through a phase is one job of the task.  Its events must be
 * run/runtime (demand, added up), sleep between two runs (a self-
 * suspension: suspend {after: demand so far, for: sleep}), and at the end
 * either one timer (the period: rt-app's timer fires every 'period' us) or
 * a sleep (rt-app then starts the next pass when the sleep ends; dlsim
 * approximates the period as demand + sleeps, exact when nothing delays
 * the thread, and says so in a comment).
 *
 * This file reads the JSON (about 700 lines: rt-app's grammar of a file,
 * its threads and their phases, each with the messages that name the
 * offending key; they share the value readers at the top); rtapp_emit.c
 * writes the scenario; rtapp_int.h is what they share.
 */
#include "scenarios/rtapp_int.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "models/mem.h"
#include "models/rt_time.h"
#include "scenarios/internal.h"
#include "scenarios/json.h"
#include "scenarios/strbuf.h"

/* A JSON key for a message: at most 80 bytes of it, control characters
 * as \xNN (a key is any JSON string, "\u0001" included). */
static const char *ra_show(char *buf, size_t n, const char *s)
{
	size_t o = 0;

	for (; *s && o < 80 && o + 5 < n; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch < 0x20 || ch == 0x7f)
			o += (size_t)snprintf(buf + o, n - o, "\\x%02x", ch);
		else
			buf[o++] = (char)ch;
	}
	buf[o] = '\0';
	return buf;
}

/* "FILE:LINE:COL" of the key at path (n keys), or "FILE" alone. */
static const char *ra_where(const struct ra_ctx *c, char *buf, size_t size,
			    const char *const *path, size_t n)
{
	unsigned long line, col;

	if (n && c->text && dj_locate(c->text, c->text_len, path, n, &line,
				      &col))
		snprintf(buf, size, "%s:%lu:%lu", c->file, line, col);
	else
		snprintf(buf, size, "%s", c->file);
	return buf;
}

/* The message of ra_fail and ra_warn into buf (size bytes). */
static void ra_vmsg(const struct ra_ctx *c, char *buf, size_t size,
		    const char *thread, const char *phase, const char *key,
		    const char *fmt, va_list ap)
{
	char what[300], th[96], ph[96], k[96], where[320], sect[96];
	const char *path[5];
	size_t n = 0;

	vsnprintf(what, sizeof(what), fmt, ap);
	if (!thread) {
		const char *dot = key ? strchr(key, '.') : NULL;

		if (dot && (size_t)(dot - key) < sizeof(sect)) {
			/* "global.duration": two keys */
			snprintf(sect, sizeof(sect), "%.*s", (int)(dot - key),
				 key);
			path[n++] = sect;
			path[n++] = dot + 1;
		} else if (key) {
			path[n++] = key;
		}
		snprintf(buf, size, "%s: %s%s%s",
			 ra_where(c, where, sizeof(where), path, n),
			 key ? ra_show(k, sizeof(k), key) : "",
			 key ? ": " : "", what);
		return;
	}
	path[n++] = "tasks";
	path[n++] = thread;
	if (phase) {
		path[n++] = "phases";
		path[n++] = phase;
	}
	if (key)
		path[n++] = key;
	ra_show(th, sizeof(th), thread);
	ra_show(ph, sizeof(ph), phase ? phase : "");
	ra_show(k, sizeof(k), key ? key : "");
	snprintf(buf, size, "%s: tasks.%s%s%s%s%s: thread \"%s\"%s%s%s: %s",
		 ra_where(c, where, sizeof(where), path, n), th,
		 phase ? ".phases." : "", ph, key ? "." : "", k, th,
		 phase ? ", phase \"" : "", ph, phase ? "\"" : "", what);
}

enum rt_err ra_fail(struct ra_ctx *c, enum rt_err rc, const char *thread,
			const char *phase, const char *key, const char *fmt, ...)
{
	char msg[1200];
	va_list ap;

	va_start(ap, fmt);
	ra_vmsg(c, msg, sizeof(msg), thread, phase, key, fmt, ap);
	va_end(ap);
	return rt_diagf(c->d, rc, "%s", msg);
}

void ra_warn(struct ra_ctx *c, const char *thread, const char *phase,
	     const char *key, const char *fmt, ...)
{
	char msg[1200];
	va_list ap;

	if (!c->warn)
		return;
	va_start(ap, fmt);
	ra_vmsg(c, msg, sizeof(msg), thread, phase, key, fmt, ap);
	va_end(ap);
	scn_sb_put(&c->warned, msg, strlen(msg) + 1);
}

/* The kept warnings to c->warn, in the order they were found. */
static void ra_warn_flush(const struct ra_ctx *c)
{
	for (size_t at = 0; c->warn && at < c->warned.len;
	     at += strlen(c->warned.buf + at) + 1)
		c->warn(c->warn_ctx, c->warned.buf + at);
}

/* Names and keys are copied into the scenario (task names, comments):
 * a control character there is an error naming the JSON path, not one
 * of the generated YAML. */
static enum rt_err check_printable(struct ra_ctx *c, const char *thread,
				   const char *phase, const char *key,
				   const char *text, const char *what)
{
	int ch = scn_ctrl_char(text);

	if (ch < 0)
		return RT_OK;
	return ra_fail(c, RT_ERR_PARSE, thread, phase, key, "the %s holds the "
		       "control character 0x%02x; expected printable text",
		       what, ch);
}

enum rt_err scn_rtapp_check_name(const char *name, struct rt_diag *d)
{
	char shown[4 * 80 + 1];
	int ch = scn_ctrl_char(name);
	size_t n = strlen(name);

	if (ch >= 0)
		return rt_diagf(d, RT_ERR_INVAL, "--name \"%s\": holds the "
				"control character 0x%02x; expected printable "
				"text", ra_show(shown, sizeof(shown), name), ch);
	if (n > SCN_MAX_NAME)
		return rt_diagf(d, RT_ERR_INVAL, "--name \"%s...\": %zu bytes; "
				"expected at most %d", ra_show(shown,
				sizeof(shown), name), n, SCN_MAX_NAME);
	return RT_OK;
}

const char *const ra_policy_names[] = {
	"SCHED_OTHER", "SCHED_DEADLINE", "SCHED_FIFO", "SCHED_RR", "SCHED_IDLE",
};

static enum ra_policy policy_parse(const char *s)
{
	for (int i = 0; i < RA_BAD; i++)
		if (!strcmp(s, ra_policy_names[i]))
			return (enum ra_policy)i;
	return RA_BAD;
}

/* rt-app's event names, matched as prefixes (obj_is_event). */
static const char *event_name(const char *key)
{
	static const char *const events[] = {
		"lock", "unlock", "wait", "signal", "broad", "sync", "sleep",
		"runtime", "run", "timer", "suspend", "resume", "mem", "iorun",
		"yield", "barrier", "fork",
	};

	for (size_t i = 0; i < sizeof(events) / sizeof(events[0]); i++)
		if (!strncmp(key, events[i], strlen(events[i])))
			return events[i];
	return NULL;
}

static bool is_key(const char *key, const char *const *set)
{
	for (; *set; set++)
		if (!strcmp(key, *set))
			return true;
	return false;
}

/* A non-negative rt-app integer (a C int in rt-app). */
static enum rt_err get_uint(struct ra_ctx *c, const struct dj_val *v,
			    const char *thread, const char *phase,
			    const char *key, int64_t *out)
{
	enum dj_type t = dj_type(v);

	if (t != DJ_INT)
		return ra_fail(c, RT_ERR_PARSE, thread, phase, key, "expected an "
			    "integer, got %s", dj_type_name(t));
	*out = dj_int(v);
	if (*out < 0 || *out > RA_MAX_INT)
		return ra_fail(c, RT_ERR_PARSE, thread, phase, key, "%" PRId64
			    " is out of range; expected 0..%d", *out, RA_MAX_INT);
	return RT_OK;
}

/* "loop": -1 (forever, thread only) or >= 1. */
static enum rt_err get_loop(struct ra_ctx *c, const struct dj_val *v,
			    const char *thread, const char *phase,
			    bool forever_ok, int64_t *out)
{
	if (dj_type(v) == DJ_INT && dj_int(v) == -1 &&
	    forever_ok) {
		*out = -1;
		return RT_OK;
	}
	if (dj_type(v) != DJ_INT || dj_int(v) < 1 ||
	    dj_int(v) > RA_MAX_INT)
		return ra_fail(c, RT_ERR_PARSE, thread, phase, "loop", "expected "
			    "%san integer 1..%d", forever_ok ? "-1 (forever) or "
			    : "", RA_MAX_INT);
	*out = dj_int(v);
	return RT_OK;
}

static enum rt_err note_cpus(struct ra_ctx *c, const struct dj_val *v,
			     const char *thread, const char *phase)
{
	if (dj_type(v) != DJ_ARRAY)
		return ra_fail(c, RT_ERR_PARSE, thread, phase, "cpus", "expected an "
			    "array of CPU numbers");
	for (size_t i = 0; i < dj_len(v); i++) {
		int64_t cpu;
		enum rt_err rc = get_uint(c, dj_at(v, i), thread, phase,
					  "cpus", &cpu);

		if (rc != RT_OK)
			return rc;
		if (cpu >= SCN_MAX_CPUS)
			return ra_fail(c, RT_ERR_PARSE, thread, phase, "cpus", "CPU %"
				    PRId64 " is beyond %u", cpu, SCN_MAX_CPUS - 1);
		if ((unsigned)cpu + 1 > c->cpus_seen)
			c->cpus_seen = (unsigned)cpu + 1;
	}
	return RT_OK;
}

/* ---- a phase: one pass = one job --------------------------------------- */

static enum rt_err phase_timer(struct ra_ctx *c, const struct dj_val *v,
			       const char *thread, const char *pn,
			       const char *key, struct ra_phase *p)
{
	struct dj_iter it = DJ_ITER_INIT;
	const struct dj_val *x;
	const char *k;
	int64_t period = 0;
	enum rt_err rc;

	if (dj_type(v) != DJ_OBJECT)
		return ra_fail(c, RT_ERR_PARSE, thread, pn, key, "a timer is an "
			    "object {\"ref\": NAME, \"period\": US}");
	while (dj_next(v, &it, &k, &x)) {
		if (!strcmp(k, "period")) {
			rc = get_uint(c, x, thread, pn, key, &period);
			if (rc != RT_OK)
				return rc;
		} else if (!strcmp(k, "ref")) {
			if (!dj_str(x))
				return ra_fail(c, RT_ERR_PARSE, thread, pn, key,
					    "\"ref\": expected a string");
		} else if (!strcmp(k, "mode")) {
			const char *m = dj_str(x);

			if (!m || (strcmp(m, "relative") && strcmp(m, "absolute")))
				return ra_fail(c, RT_ERR_PARSE, thread, pn, key,
					    "\"mode\": expected \"relative\" or "
					    "\"absolute\"");
		} else {
			return ra_fail(c, RT_ERR_PARSE, thread, pn, key, "unknown "
				    "timer key \"%.40s\"; expected ref, period, "
				    "mode", k);
		}
	}
	if (period <= 0)
		return ra_fail(c, RT_ERR_PARSE, thread, pn, key, "the timer needs a "
			    "\"period\" > 0 (us)");
	if (p->has_timer)
		return ra_fail(c, RT_ERR_UNSUPPORTED, thread, pn, key, "a second "
			    "timer in one phase is not modelled (one timer = one "
			    "period)");
	p->has_timer = true;
	p->timer_period = period;
	p->timer_key = key;
	return RT_OK;
}

/* Keys of a phase that are not events (scheduling, affinity, ...). */
static const char *const phase_props[] = {
	"loop", "policy", "priority", "dl-runtime", "dl-period", "dl-deadline",
	"cpus", "util_min", "util_max", "nodes_membind", "taskgroup", NULL,
};
/* More keys when the thread object is its own phase. */
static const char *const thread_props[] = {
	"instance", "delay", "period", "deadline", "phases", NULL,
};

static enum rt_err parse_phase(struct ra_ctx *c, const struct dj_val *obj,
			       const char *thread, const char *pn, bool in_thread,
			       struct ra_phase *p)
{
	struct dj_iter it = DJ_ITER_INIT;
	const struct dj_val *v;
	rt_time pending = 0;
	bool any_event = false;
	const char *key;
	enum rt_err rc;

	memset(p, 0, sizeof(*p));
	p->name = pn;
	p->loop = 1;
	while (dj_next(obj, &it, &key, &v)) {
		const char *ev = event_name(key);
		int64_t x;

		rc = check_printable(c, thread, pn, key, key, "key");
		if (rc != RT_OK)
			return rc;
		if (!ev) {
			if (is_key(key, phase_props) ||
			    (in_thread && is_key(key, thread_props)))
				continue;
			return ra_fail(c, RT_ERR_PARSE, thread, pn, key, "unknown key "
				    "(not an rt-app event or property)");
		}
		any_event = true;
		if (p->has_timer)
			return ra_fail(c, RT_ERR_UNSUPPORTED, thread, pn, key,
				    "event after the timer: dlsim needs the timer "
				    "last in its phase (it ends the job)");
		if (!strcmp(ev, "run") || !strcmp(ev, "runtime")) {
			rc = get_uint(c, v, thread, pn, key, &x);
			if (rc != RT_OK)
				return rc;
			if (pending && x > 0) {
				if (p->nsusp == RA_MAX_SUSP)
					return ra_fail(c, RT_ERR_UNSUPPORTED, thread, pn,
						    key, "more than %u sleeps "
						    "between runs", RA_MAX_SUSP);
				p->susp[p->nsusp].after = p->demand;
				p->susp[p->nsusp++].len = pending;
				pending = 0;
			}
			p->demand += x;         /* <= 2^31 events of 2^31 */
		} else if (!strcmp(ev, "sleep")) {
			rc = get_uint(c, v, thread, pn, key, &x);
			if (rc != RT_OK)
				return rc;
			if (p->demand == 0 && x > 0)
				return ra_fail(c, RT_ERR_UNSUPPORTED, thread, pn, key,
					    "a sleep before the first run is not "
					    "modelled (a job starts by running; "
					    "use \"delay\" or put the sleep last)");
			pending += x;
			p->sleeps += x;
		} else if (!strcmp(ev, "timer")) {
			rc = phase_timer(c, v, thread, pn, key, p);
			if (rc != RT_OK)
				return rc;
		} else {
			return ra_fail(c, RT_ERR_UNSUPPORTED, thread, pn, key, "event "
				    "\"%s\" is not modelled; dlsim imports run, "
				    "runtime, sleep and timer", ev);
		}
	}
	if (!any_event)
		return ra_fail(c, RT_ERR_PARSE, thread, pn, NULL, "no events (rt-app "
			    "refuses a phase without events)");
	if (p->demand == 0)
		return ra_fail(c, RT_ERR_UNSUPPORTED, thread, pn, NULL, "no run or "
			    "runtime > 0: a job must execute");
	p->trailing_sleep = !p->has_timer && pending > 0;
	if (!p->has_timer && !p->trailing_sleep)
		return ra_fail(c, RT_ERR_UNSUPPORTED, thread, pn, NULL, "neither a "
			    "timer nor a final sleep: the thread would run "
			    "back to back, with no period");
	return RT_OK;
}

rt_time ra_phase_period(const struct ra_phase *p)
{
	return p->has_timer ? p->timer_period : p->demand + p->sleeps;
}

/* ---- a thread ------------------------------------------------------------ */


static enum rt_err get_sched(struct ra_ctx *c, const struct dj_val *obj,
			     const char *thread, const char *pn,
			     bool legacy, struct ra_sched *s)
{
	static const char *const dl_keys[3] = {
		"dl-runtime", "dl-period", "dl-deadline",
	};
	static const char *const old_keys[3] = { "runtime", "period", "deadline" };
	int64_t *dst[3] = { &s->runtime, &s->period, &s->deadline };
	const char **src[3] = { &s->runtime_key, &s->period_key,
				&s->deadline_key };
	const struct dj_val *v = dj_get(obj, "policy");
	enum rt_err rc;

	if (v) {
		const char *p = dj_str(v);

		s->policy = p ? policy_parse(p) : RA_BAD;
		if (s->policy == RA_BAD)
			return ra_fail(c, RT_ERR_PARSE, thread, pn, "policy", "expected "
				    "SCHED_OTHER, SCHED_IDLE, SCHED_RR, SCHED_FIFO "
				    "or SCHED_DEADLINE");
		s->policy_src = "policy";
	}
	for (int i = 0; i < 3; i++) {
		v = dj_get(obj, dl_keys[i]);
		if (v) {
			rc = get_uint(c, v, thread, pn, dl_keys[i], dst[i]);
			if (rc != RT_OK)
				return rc;
			*src[i] = dl_keys[i];
		}
		/* parse_sched_data: the legacy key only when the dl- one is 0 */
		v = legacy && !*dst[i] ? dj_get(obj, old_keys[i]) : NULL;
		if (v && dj_type(v) == DJ_INT) {
			rc = get_uint(c, v, thread, pn, old_keys[i], dst[i]);
			if (rc != RT_OK)
				return rc;
			*src[i] = old_keys[i];
		}
	}
	return RT_OK;
}

/* Room for n names: a larger array and a set over it (indexes). */
static enum rt_err ra_names_grow(struct ra_ctx *c, size_t n)
{
	struct ra_name *nn = rt_reallocarray(c->names, n, sizeof(*nn));
	size_t dup;

	if (!nn)
		return rt_diagf(c->d, RT_ERR_NOMEM, "out of memory");
	c->names = nn;
	c->names_cap = n;
	scn_nameset_fini(&c->name_set);
	if (scn_nameset_init(&c->name_set, &nn[0].name, sizeof(*nn), n) !=
	    RT_OK)
		return rt_diagf(c->d, RT_ERR_NOMEM, "out of memory");
	for (size_t i = 0; i < c->nnames; i++)
		scn_nameset_add(&c->name_set, i, &dup); /* unique already */
	return RT_OK;
}

enum rt_err ra_add_name(struct ra_ctx *c, const char *name,
			const char *thread, int64_t inst)
{
	struct ra_name *e;
	char other[160];
	size_t dup;
	enum rt_err rc;

	if (c->nnames == c->names_cap &&
	    (rc = ra_names_grow(c, c->names_cap ? 2 * c->names_cap : 16)) !=
	    RT_OK)
		return rc;
	e = &c->names[c->nnames];
	*e = (struct ra_name){ rt_strdup(name), thread, inst };
	if (!e->name)
		return rt_diagf(c->d, RT_ERR_NOMEM, "out of memory");
	if (scn_nameset_add(&c->name_set, c->nnames, &dup)) {
		c->nnames++;
		return RT_OK;
	}
	rt_free(e->name);
	e = &c->names[dup];
	if (e->inst >= 0)
		snprintf(other, sizeof(other), "instance %" PRId64 " of thread "
			 "\"%.80s\"", e->inst, e->thread);
	else
		snprintf(other, sizeof(other), "thread \"%.80s\"", e->thread);
	if (inst >= 0)
		return ra_fail(c, RT_ERR_PARSE, thread, NULL, "instance",
			       "instance %" PRId64 " is named \"%.80s\", the "
			       "name of %s; expected unique task names (rename "
			       "a thread)", inst, name, other);
	return ra_fail(c, RT_ERR_PARSE, thread, NULL, NULL, "the task name "
		       "\"%.80s\" is already the name of %s; expected unique "
		       "task names (rename a thread)", name, other);
}

void ra_names_free(struct ra_ctx *c)
{
	for (size_t i = 0; i < c->nnames; i++)
		rt_free(c->names[i].name);
	rt_free(c->names);
	scn_nameset_fini(&c->name_set);
	c->names = NULL;
	c->nnames = c->names_cap = 0;
}

static enum rt_err check_phase_sched(struct ra_ctx *c, const struct ra_thread *t,
				     const struct dj_val *obj,
				     const char *pn)
{
	struct ra_sched ps = { .policy = t->sched.policy };
	enum rt_err rc = get_sched(c, obj, t->name, pn, false, &ps);

	if (rc != RT_OK)
		return rc;
	if (ps.policy != t->sched.policy ||
	    (ps.runtime && ps.runtime != t->sched.runtime) ||
	    (ps.period && ps.period != t->sched.period) ||
	    (ps.deadline && ps.deadline != t->sched.deadline))
		return ra_fail(c, RT_ERR_UNSUPPORTED, t->name, pn, ps.policy_src ?
			    ps.policy_src : "dl-runtime", "a phase that changes "
			    "the scheduling parameters is not modelled (a dlsim "
			    "task keeps its policy and reservation)");
	return RT_OK;
}

static enum rt_err parse_thread(struct ra_ctx *c, const char *name,
				const struct dj_val *obj)
{
	struct ra_thread t;
	const struct dj_val *v, *phases;
	enum rt_err rc;

	memset(&t, 0, sizeof(t));
	t.name = name;
	t.instances = 1;
	t.loop = -1;
	t.sched.policy = c->default_policy;
	rc = check_printable(c, name, NULL, NULL, name, "thread name (the "
			     "task's name)");
	if (rc != RT_OK)
		return rc;
	if (dj_type(obj) != DJ_OBJECT)
		return ra_fail(c, RT_ERR_PARSE, name, NULL, NULL, "a thread is an "
			    "object");
	phases = dj_get(obj, "phases");
	rc = get_sched(c, obj, name, NULL, true, &t.sched);
	if (rc != RT_OK)
		return rc;
	if (t.sched.policy == RA_FIFO || t.sched.policy == RA_RR ||
	    t.sched.policy == RA_IDLE)
		return ra_fail(c, RT_ERR_UNSUPPORTED, name, NULL, t.sched.policy_src ?
			    "policy" : NULL, "%s is not modelled: dlsim's "
			    "linux-dl policy has SCHED_DEADLINE and SCHED_OTHER "
			    "(class: fair) threads only", ra_policy_names[t.sched.policy]);
	/* rt-app applies dl-* only to a SCHED_DEADLINE thread (set_thread_param
	 * by policy); elsewhere they do nothing, in rt-app as here: say so */
	if (t.sched.policy == RA_OTHER) {
		const char *const keys[] = { t.sched.runtime_key,
					     t.sched.period_key,
					     t.sched.deadline_key };
		const char *dk = NULL;

		for (size_t k = 0; k < 3 && !dk; k++)
			if (keys[k] && !strncmp(keys[k], "dl-", 3))
				dk = keys[k];
		if (dk)
			ra_warn(c, name, NULL, dk, "%s does nothing: the thread's "
				"policy is SCHED_OTHER (%s), and rt-app applies "
				"dl-runtime, dl-period and dl-deadline to "
				"SCHED_DEADLINE threads only; imported as a "
				"class: fair task (add \"policy\": "
				"\"SCHED_DEADLINE\" for a reservation)", dk,
				t.sched.policy_src ? "its \"policy\"" :
				"global.default_policy");
	}
	/* "instance": 0..RA_MAX_INSTANCE copies, each a task */
	if ((v = dj_get(obj, "instance")) && dj_type(v) == DJ_INT &&
	    dj_int(v) < 0)
		return ra_fail(c, RT_ERR_PARSE, name, NULL, "instance", "%" PRId64
			    " copies of one thread; expected 0..%d",
			    dj_int(v), RA_MAX_INSTANCE);
	if (v && (rc = get_uint(c, v, name, NULL, "instance",
				&t.instances)) != RT_OK)
		return rc;
	if (t.instances > RA_MAX_INSTANCE)
		return ra_fail(c, RT_ERR_PARSE, name, NULL, "instance", "%" PRId64
			    " copies of one thread; at most %d are imported",
			    t.instances, RA_MAX_INSTANCE);
	if ((v = dj_get(obj, "delay"))) {
		rc = get_uint(c, v, name, NULL, "delay", &t.delay);
		if (rc != RT_OK)
			return rc;
		t.has_delay = true;
	}
	if ((v = dj_get(obj, "cpus")) &&
	    (rc = note_cpus(c, v, name, NULL)) != RT_OK)
		return rc;
	if (phases) {
		struct dj_iter it = DJ_ITER_INIT;
		struct dj_iter kt = DJ_ITER_INIT;
		const struct dj_val *pv;
		const char *pn, *key;

		while (dj_next(obj, &kt, &key, &pv)) {
			if (event_name(key) && strcmp(key, "runtime"))
				return ra_fail(c, RT_ERR_PARSE, name, NULL, key, "an "
					    "event next to \"phases\" is ignored "
					    "by rt-app; move it into a phase");
			if (!event_name(key) && !is_key(key, phase_props) &&
			    !is_key(key, thread_props))
				return ra_fail(c, RT_ERR_PARSE, name, NULL, key,
					    "unknown key (not an rt-app thread "
					    "property)");
		}
		if (dj_type(phases) != DJ_OBJECT ||
		    dj_len(phases) == 0)
			return ra_fail(c, RT_ERR_PARSE, name, NULL, "phases", "expected "
				    "an object of one or more phases");
		if ((v = dj_get(obj, "loop")) &&
		    (rc = get_loop(c, v, name, NULL, true, &t.loop)) != RT_OK)
			return rc;
		t.loop_given = v != NULL;
		t.phases = rt_calloc(dj_len(phases), sizeof(*t.phases));
		if (!t.phases)
			return rt_diagf(c->d, RT_ERR_NOMEM, "out of memory");
		while (rc == RT_OK && dj_next(phases, &it, &pn, &pv)) {
			struct ra_phase *p = &t.phases[t.nphases];

			rc = check_printable(c, name, pn, NULL, pn, "phase name");
			if (rc != RT_OK)
				break;
			if (dj_type(pv) != DJ_OBJECT) {
				rc = ra_fail(c, RT_ERR_PARSE, name, pn, NULL, "a "
					  "phase is an object");
				break;
			}
			rc = parse_phase(c, pv, name, pn, false, p);
			if (rc == RT_OK && (v = dj_get(pv, "loop")))
				rc = get_loop(c, v, name, pn, false, &p->loop);
			if (rc == RT_OK && (v = dj_get(pv, "cpus")))
				rc = note_cpus(c, v, name, pn);
			if (rc == RT_OK)
				rc = check_phase_sched(c, &t, pv, pn);
			t.nphases++;
		}
	} else {
		t.phases = rt_calloc(1, sizeof(*t.phases));
		if (!t.phases)
			return rt_diagf(c->d, RT_ERR_NOMEM, "out of memory");
		t.nphases = 1;
		rc = parse_phase(c, obj, name, NULL, true, &t.phases[0]);
		/* the thread is its own phase: "loop" counts passes of it */
		if (rc == RT_OK && (v = dj_get(obj, "loop"))) {
			rc = get_loop(c, v, name, NULL, true, &t.loop);
			t.loop_given = true;
		}
	}
	if (rc == RT_OK && t.instances > 0)
		rc = ra_emit_task(c, &t);
	rt_free(t.phases);
	return rc;
}

/* ---- the file ------------------------------------------------------------ */

static const char *const global_ignored[] = {
	"calibration", "pi_enabled", "lock_pages", "logdir",
	"log_size", "ftrace", "gnuplot", "io_device", "mem_buffer_size",
	"cumulative_slack", NULL,
};

static char *default_name(const char *file)
{
	const char *base = strrchr(file, '/');
	size_t n;
	char *s;

	base = base ? base + 1 : file;
	n = strlen(base);
	if (n > 5 && !strcmp(base + n - 5, ".json"))
		n -= 5;
	if (n == 0 || !strcmp(file, "-")) {
		base = "rt-app";
		n = 6;
	}
	if (n > SCN_MAX_NAME)
		n = SCN_MAX_NAME;
	s = rt_malloc(n + 1);
	if (s) {
		memcpy(s, base, n);
		s[n] = '\0';
	}
	return s;
}

static enum rt_err parse_global(struct ra_ctx *c, const struct dj_val *g,
				int64_t *duration, const char **basename)
{
	struct dj_iter it = DJ_ITER_INIT;
	const struct dj_val *v;
	const char *key;

	*duration = -1;
	if (!g)
		return RT_OK;
	if (dj_type(g) != DJ_OBJECT)
		return ra_fail(c, RT_ERR_PARSE, NULL, NULL, "global", "expected an "
			    "object");
	while (dj_next(g, &it, &key, &v)) {
		if (!strcmp(key, "duration")) {
			if (dj_type(v) != DJ_INT ||
			    dj_int(v) < -1 || dj_int(v) == 0 ||
			    dj_int(v) > RA_MAX_INT)
				return ra_fail(c, RT_ERR_PARSE, NULL, NULL,
					    "global.duration", "expected -1 "
					    "(until the threads end) or whole "
					    "seconds 1..%d", RA_MAX_INT);
			*duration = dj_int(v);
		} else if (!strcmp(key, "default_policy")) {
			const char *p = dj_str(v);

			c->default_policy = p ? policy_parse(p) : RA_BAD;
			if (c->default_policy == RA_BAD)
				return ra_fail(c, RT_ERR_PARSE, NULL, NULL,
					    "global.default_policy", "expected "
					    "a SCHED_* policy name");
		} else if (!strcmp(key, "log_basename")) {
			*basename = dj_str(v);
			if (!*basename)
				return ra_fail(c, RT_ERR_PARSE, NULL, NULL,
					    "global.log_basename", "expected a "
					    "string");
		} else if (!is_key(key, global_ignored)) {
			char k[96];

			return ra_fail(c, RT_ERR_PARSE, NULL, NULL, "global",
				    "unknown key \"%.60s\"",
				    ra_show(k, sizeof(k), key));
		}
	}
	return RT_OK;
}

/* Load the generated text; a failure names the thread of tasks[i]. */
static enum rt_err self_check(struct ra_ctx *c, const char *yaml, size_t len)
{
	struct scn_scenario *s = NULL;
	struct rt_diag d2;
	enum rt_err rc;
	const char *at;
	unsigned long i;

	rc = scn_load_data((const uint8_t *)yaml, len, "imported", &s, &d2);
	scn_free(s);
	if (rc == RT_OK)
		return RT_OK;
	at = strstr(d2.msg, "tasks[");
	if (at && sscanf(at, "tasks[%lu]", &i) == 1 && i < c->nnames) {
		const char *what = strstr(at, ": ");
		const char *path[2] = { "tasks", c->names[i].thread };
		char where[320];

		return rt_diagf(c->d, rc, "%s: thread \"%.80s\": %s",
				ra_where(c, where, sizeof(where), path, 2),
				c->names[i].name, what ? what + 2 : d2.msg);
	}
	return rt_diagf(c->d, rc, "%s: %s", c->file, d2.msg);
}

enum rt_err scn_rtapp_import(const char *json, size_t len, const char *file,
			     const struct scn_rtapp_opts *o, char **yaml,
			     size_t *yaml_len, struct rt_diag *d)
{
	struct dj_iter it = DJ_ITER_INIT;
	struct ra_ctx c;
	struct dj_doc *doc = NULL;
	struct dj_err je;
	const struct dj_val *root, *tasks, *v;
	const char *key, *base = NULL;
	char *name = NULL, *text = NULL;
	size_t text_len = 0, tasks_at;
	int64_t duration;
	enum rt_err rc;

	rt_diag_clear(d);
	memset(&c, 0, sizeof(c));
	c.file = file ? file : "<rt-app>";
	c.text = json;
	c.text_len = len;
	c.d = d;
	c.warn = o ? o->warn : NULL;
	c.warn_ctx = o ? o->warn_ctx : NULL;
	c.default_policy = RA_OTHER;
	rc = dj_parse(json, len, RA_MAX_DEPTH, &doc, &je);
	if (rc != RT_OK)
		return rc == RT_ERR_NOMEM ? rt_diagf(d, rc, "out of memory") :
		       rt_diagf(d, rc, "%s:%lu:%lu: %s%s", c.file, je.line, je.col,
				je.msg, je.kind == DJ_E_DUPLICATE ? " (rt-app's "
				"json-c would keep only the last one; number "
				"repeated events: run0, run1, ...)" : "");
	root = dj_root(doc);
	tasks = dj_get(root, "tasks");
	if (dj_type(root) != DJ_OBJECT) {
		rc = ra_fail(&c, RT_ERR_PARSE, NULL, NULL, NULL, "an rt-app file is "
			  "a JSON object with \"tasks\"");
		goto out;
	}
	while (dj_next(root, &it, &key, &v))
		if (strcmp(key, "tasks") && strcmp(key, "global") &&
		    strcmp(key, "resources")) {
			rc = ra_fail(&c, RT_ERR_PARSE, NULL, NULL, key, "unknown key; "
				  "expected tasks, global, resources");
			goto out;
		}
	if (!tasks || dj_type(tasks) != DJ_OBJECT) {
		rc = ra_fail(&c, RT_ERR_PARSE, NULL, NULL, "tasks", "required: an "
			  "object of threads");
		goto out;
	}
	rc = parse_global(&c, dj_get(root, "global"), &duration, &base);
	if (rc != RT_OK)
		goto out;
	/* the name: --name, else the log prefix (dlsim export writes the
	 * scenario's name there), else the file name */
	name = o && o->name ? rt_strdup(o->name) :
	       base && *base && strcmp(base, "rt-app") &&
	       strlen(base) <= SCN_MAX_NAME && scn_ctrl_char(base) < 0 ?
	       rt_strdup(base) :
	       default_name(c.file);
	if (!name) {
		rc = rt_diagf(d, RT_ERR_NOMEM, "out of memory");
		goto out;
	}
	scn_sb_printf(&c.out, "# Imported by dlsim from the rt-app file %s.\n"
		      "# Times are in microseconds, rt-app's unit; each comment "
		      "names the JSON\n# key a value came from.\n"
		      "format: 1\nname: ", c.file);
	ra_yaml_str(&c.out, name);
	scn_sb_printf(&c.out, "%*s# %s\ntime_unit: us\n",
		      strlen(name) < 20 ? (int)(20 - strlen(name)) : 1, "",
		      o && o->name ? "--name" : base && !strcmp(name, base) ?
		      "global.log_basename" : "the file name");
	if (duration > 0)
		scn_sb_printf(&c.out, "horizon: %" PRId64 "s%*s# global.duration\n",
			      duration, duration < 10 ? 19 : 18, "");
	else
		scn_sb_printf(&c.out, "# no horizon: global.duration is -1 (run "
			      "until the threads end); dlsim chooses one\n");
	tasks_at = c.out.len;
	scn_sb_printf(&c.out, "scheduler:\n  policy: linux-dl            # rt-app "
		      "runs threads on Linux (SCHED_DEADLINE, SCHED_OTHER)\n"
		      "tasks:\n");
	it = (struct dj_iter)DJ_ITER_INIT;
	while (dj_next(tasks, &it, &key, &v)) {
		rc = parse_thread(&c, key, v);
		if (rc != RT_OK)
			goto out;
	}
	if (c.nnames == 0) {
		rc = ra_fail(&c, RT_ERR_PARSE, NULL, NULL, "tasks", "no thread to "
			  "import (none, or every \"instance\" is 0)");
		goto out;
	}
	{
		/* the platform line goes before the scheduler, now that every
		 * "cpus" array has been seen */
		struct scn_sb tail = { 0 };
		unsigned cpus = o && o->cpus ? o->cpus : c.cpus_seen ?
				c.cpus_seen : 1;

		if (!c.out.nomem)
			scn_sb_put(&tail, c.out.buf + tasks_at, c.out.len - tasks_at);
		c.out.len = tasks_at;
		if (c.out.buf)
			c.out.buf[tasks_at] = '\0';
		scn_sb_printf(&c.out, "platform: { cpus: %u }%*s# %s\n", cpus,
			      cpus < 10 ? 9 : cpus < 100 ? 8 : 6, "",
			      o && o->cpus ? "--cpus" : c.cpus_seen ?
			      "1 + the largest CPU in the \"cpus\" affinities "
			      "(not modelled)" : "rt-app does not say; --cpus N "
			      "to change");
		if (tail.nomem)
			c.out.nomem = true;
		else if (tail.buf)
			scn_sb_put(&c.out, tail.buf, tail.len);
		scn_sb_free(&tail);
	}
	if (!scn_sb_take(&c.out, &text, &text_len)) {
		rc = rt_diagf(d, RT_ERR_NOMEM, "out of memory");
		goto out;
	}
	rc = self_check(&c, text, text_len);
	if (rc == RT_OK && c.warned.nomem)
		rc = rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	if (rc == RT_OK) {
		ra_warn_flush(&c);
		*yaml = text;
		if (yaml_len)
			*yaml_len = text_len;
		text = NULL;
	}
out:
	rt_free(text);
	rt_free(name);
	scn_sb_free(&c.out);
	scn_sb_free(&c.warned);
	ra_names_free(&c);
	dj_free(doc);
	return rc;
}
