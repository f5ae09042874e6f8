/* rtapp_export.c - scenario -> rt-app JSON (rtapp.h; docs/rt-app.md).
 *
 * One thread per task, named as the task.  A job is one pass through a
 * phase: "runtime" events (rt-app runs them for a fixed time, whatever
 * the CPU's speed; "run" would count calibrated loops) split by "sleep"
 * events at the task's suspension points, then an absolute "unique" timer
 * of the task's period, so passes start at delay + k T as dlsim's
 * periodic arrivals do.  A fixed demand is the thread itself (no
 * "phases"); an execution list becomes one phase per listed job.  Event
 * keys are numbered (runtime0, sleep0, runtime1, ...): rt-app's json-c
 * would keep only the last of two equal keys.  On m > 1 CPUs every thread
 * gets the affinity "cpus": [0, ..., m-1], which is how the importer
 * learns m back (1 + the largest CPU named).
 *
 * What cannot be expressed is refused as "FILE:LINE:COL: tasks[i]
 * "NAME": what", the position found again in the scenario's file (the
 * loaded scenario keeps none) at the key that holds the value, or at the
 * task when the value is a default.
 */
#include "scenarios/rtapp.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "models/mem.h"
#include "models/rt_time.h"
#include "scenarios/internal.h"
#include "scenarios/rtapp_int.h"
#include "scenarios/strbuf.h"

#define NS_PER_US 1000

static void json_str(struct scn_sb *b, const char *s)
{
	scn_sb_put(b, "\"", 1);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			scn_sb_printf(b, "\\%c", ch);
		else if (ch < 0x20)
			scn_sb_printf(b, "\\u%04x", ch);
		else
			scn_sb_put(b, s, 1);
	}
	scn_sb_put(b, "\"", 1);
}

/* ":LINE:COL" of 'path' (as scn_locate() takes it) and then one of the
 * keys in 'keys' ("C|runtime": a key and its other spellings) in the
 * text the scenario was loaded from (a file or standard input), or of
 * 'path' alone when none is there (a default); "" when the scenario was
 * built in code or its text holds neither. */
static void exp_pos(const struct scn_scenario *s, const char *path,
		    const char *keys, char *pos, size_t n)
{
	struct scn_where w = { 0 };

	pos[0] = '\0';
	if (!s->src)
		return;
	for (const char *k = keys; k && *k && !w.found;) {
		size_t kl = strcspn(k, "|");
		char key[16];

		if (kl < sizeof(key)) {
			memcpy(key, k, kl);
			key[kl] = '\0';
			scn_locate(s->src, s->src_len, path, key, 0, &w);
		}
		k += kl + (k[kl] == '|');
	}
	if (!w.found)
		scn_locate(s->src, s->src_len, path, NULL, 0, &w);
	if (w.found && w.value.line)
		snprintf(pos, n, ":%zu:%zu", w.value.line, w.value.col);
}

/* The position of tasks[i].key (exp_pos). */
static void task_pos(const struct scn_scenario *s, size_t i, const char *key,
		     char *pos, size_t n)
{
	char path[40];

	snprintf(path, sizeof(path), "tasks[%zu]", i);
	exp_pos(s, path, key, pos, n);
}

/* ns -> us, exactly; 'key' names the value in the message, 'ykey' the
 * task's YAML key that gives it. */
static enum rt_err to_us(const struct scn_scenario *s, size_t i,
			 const char *key, const char *ykey, rt_time ns,
			 int64_t *us, struct rt_diag *d)
{
	char pos[48];

	if (ns % NS_PER_US == 0 && ns / NS_PER_US <= 2147483647) {
		*us = ns / NS_PER_US;
		return RT_OK;
	}
	task_pos(s, i, ykey, pos, sizeof(pos));
	if (ns % NS_PER_US)
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "%s%s: tasks[%zu] "
				"\"%.80s\": %s = %" PRId64 " ns is not a whole "
				"number of microseconds (rt-app's unit)", s->path,
				pos, i, s->tasks[i].name, key, ns);
	return rt_diagf(d, RT_ERR_UNSUPPORTED, "%s%s: tasks[%zu] \"%.80s\": "
			"%s is beyond rt-app's 2^31 - 1 us", s->path, pos, i,
			s->tasks[i].name, key);
}

/* 'what' (given by the task's YAML key 'ykey') cannot be exported. */
static enum rt_err unsupported(const struct scn_scenario *s, size_t i,
			       const char *ykey, const char *what,
			       struct rt_diag *d)
{
	char pos[48];

	task_pos(s, i, ykey, pos, sizeof(pos));
	return rt_diagf(d, RT_ERR_UNSUPPORTED, "%s%s: tasks[%zu] \"%.80s\": %s "
			"cannot be expressed in rt-app", s->path, pos, i,
			s->tasks[i].name, what);
}

/* The events of one job of demand v (us), indented by 'ind'. */
static enum rt_err job_events(struct scn_sb *b, const struct scn_scenario *s,
			      size_t i, rt_time v_ns, int64_t period_us,
			      const char *ind, struct rt_diag *d)
{
	const struct rt_task *t = &s->tasks[i];
	rt_time done = 0;
	int64_t us;
	size_t k = 0;
	enum rt_err rc;

	for (size_t j = 0; j < t->nsuspend && t->suspend[j].after < v_ns; j++) {
		rc = to_us(s, i, "suspend.after", "suspend", t->suspend[j].after - done, &us, d);
		if (rc != RT_OK)
			return rc;
		scn_sb_printf(b, "%s\"runtime%zu\": %" PRId64 ",\n", ind, k, us);
		rc = to_us(s, i, "suspend.for", "suspend", t->suspend[j].len, &us, d);
		if (rc != RT_OK)
			return rc;
		scn_sb_printf(b, "%s\"sleep%zu\": %" PRId64 ",\n", ind, k, us);
		done = t->suspend[j].after;
		k++;
	}
	rc = to_us(s, i, "demand",
		   t->exec == RT_EXEC_LIST ? "exec" : "C|runtime", v_ns - done, &us, d);
	if (rc != RT_OK)
		return rc;
	scn_sb_printf(b, "%s\"runtime%zu\": %" PRId64 ",\n", ind, k, us);
	scn_sb_printf(b, "%s\"timer0\": { \"ref\": \"unique\", \"period\": %"
		      PRId64 ", \"mode\": \"absolute\" }", ind, period_us);
	return RT_OK;
}

static enum rt_err export_task(struct scn_sb *b, const struct scn_scenario *s,
			       size_t i, bool last, struct rt_diag *d)
{
	const struct rt_task *t = &s->tasks[i];
	int64_t c_us, d_us, t_us, off_us = 0, loop = -1;
	size_t nphases = 0;             /* 0: the thread is its one phase */
	enum rt_err rc;

	if (t->arrival == RT_ARRIVAL_SPORADIC)
		return unsupported(s, i, "arrival", "arrival: sporadic", d);
	if (t->arrival == RT_ARRIVAL_LIST)
		return unsupported(s, i, "releases", "a releases list", d);
	if (t->jitter > 0)
		return unsupported(s, i, "jitter", "jitter", d);
	if (t->exec == RT_EXEC_UNIFORM)
		return unsupported(s, i, "exec", "exec: uniform", d);
	if (s->task_server && s->task_server[i] >= 0)
		return unsupported(s, i, "server", "a CBS server", d);
	if (s->arrive_at && s->arrive_at[i] > 0)
		return unsupported(s, i, "arrive_at", "arrive_at", d);
	if (t->klass == RT_CLASS_FAIR && t->deadline != t->period)
		return unsupported(s, i, "D|deadline", "a fair task with D != T", d);
	/* what the thread does besides its jobs: rt-app has no event for a
	 * sched_setattr() at a given instant, a sched_yield() at one, nor
	 * sched_flags; dropping them would run another workload */
	if (s->changes && s->changes[i].n)
		return unsupported(s, i, "changes", "changes (sched_setattr() "
				   "calls)", d);
	if (s->yield_at && s->yield_at[i].n)
		return unsupported(s, i, "yield_at", "yield_at (sched_yield() "
				   "calls)", d);
	if (s->dl_flags && s->dl_flags[i])
		return unsupported(s, i, "flags", "flags (sched_flags: reclaim, "
				   "dl-overrun)", d);
	if ((rc = to_us(s, i, "runtime", "C|runtime", t->wcet, &c_us, d)) != RT_OK ||
	    (rc = to_us(s, i, "deadline", "D|deadline|T|period", t->deadline, &d_us, d)) != RT_OK ||
	    (rc = to_us(s, i, "period", "T|period", t->period, &t_us, d)) != RT_OK ||
	    (rc = to_us(s, i, "offset", "offset", t->offset, &off_us, d)) != RT_OK)
		return rc;
	if (t->exec == RT_EXEC_LIST && t->nexec_values > 1)
		nphases = t->nexec_values;
	if (s->leave_at && s->leave_at[i] != RT_TIME_NEVER) {
		/* jobs at offset + k T < leave_at */
		rt_time span = s->leave_at[i] - t->offset;
		int64_t jobs = span <= 0 ? 0 : (span + t->period - 1) / t->period;

		if (jobs == 0)
			return unsupported(s, i, "leave_at", "leave_at before the first job", d);
		if (nphases && jobs % (int64_t)nphases) {
			if (jobs > SCN_RTAPP_MAX_JOBS_LIST)
				return unsupported(s, i, "leave_at", "leave_at after a number of "
						   "jobs that is not a multiple of "
						   "the exec list", d);
			nphases = (size_t)jobs;         /* unrolled */
			loop = 1;
		} else {
			loop = nphases ? jobs / (int64_t)nphases : jobs;
		}
		/* rt-app reads "loop" as a C int (the importer refuses more) */
		if (loop > RA_MAX_INT) {
			char pos[48];

			task_pos(s, i, "leave_at", pos, sizeof(pos));
			return rt_diagf(d, RT_ERR_UNSUPPORTED, "%s%s: tasks[%zu] "
					"\"%.80s\": leave_at after %" PRId64
					" passes, beyond rt-app's loop count "
					"2^31 - 1", s->path, pos, i, t->name,
					loop);
		}
	}
	scn_sb_printf(b, "    ");
	json_str(b, t->name);
	scn_sb_printf(b, ": {\n");
	if (t->klass == RT_CLASS_FAIR) {
		scn_sb_printf(b, "      \"policy\": \"SCHED_OTHER\",\n");
	} else {
		scn_sb_printf(b, "      \"policy\": \"SCHED_DEADLINE\",\n"
			      "      \"dl-runtime\": %" PRId64 ",\n"
			      "      \"dl-period\": %" PRId64 ",\n"
			      "      \"dl-deadline\": %" PRId64 ",\n",
			      c_us, t_us, d_us);
	}
	if (s->cpus > 1) {
		/* the CPU count travels as the affinity: the importer reads
		 * 1 + the largest CPU named back as platform.cpus */
		scn_sb_printf(b, "      \"cpus\": [");
		for (unsigned c = 0; c < s->cpus; c++)
			scn_sb_printf(b, "%s%u", c ? ", " : "", c);
		scn_sb_printf(b, "],\n");
	}
	if (off_us)
		scn_sb_printf(b, "      \"delay\": %" PRId64 ",\n", off_us);
	if (loop > 0)
		scn_sb_printf(b, "      \"loop\": %" PRId64 ",\n", loop);
	if (!nphases) {
		rc = job_events(b, s, i, t->exec == RT_EXEC_LIST ?
				t->exec_values[0] : t->wcet, t_us, "      ", d);
	} else {
		scn_sb_printf(b, "      \"phases\": {\n");
		for (size_t k = 0; k < nphases && rc == RT_OK; k++) {
			scn_sb_printf(b, "        \"j%zu\": {\n", k);
			rc = job_events(b, s, i, t->exec_values[k % t->nexec_values],
					t_us, "          ", d);
			scn_sb_printf(b, "\n        }%s\n", k + 1 < nphases ? "," : "");
		}
		scn_sb_printf(b, "      }");
	}
	scn_sb_printf(b, "\n    }%s\n", last ? "" : ",");
	return rc;
}

enum rt_err scn_rtapp_export(const struct scn_scenario *s, char **json,
			     size_t *json_len, struct rt_diag *d)
{
	struct scn_sb b = { 0 };
	enum rt_err rc = RT_OK;
	int64_t duration = -1;
	char pos[48];

	rt_diag_clear(d);
	/* a time_unit the file does not write is the default, tick: the
	 * message says so (there is no line to point at) */
	if (s->time_unit == SCN_UNIT_TICK && !s->time_unit_given)
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "%s: time_unit (not "
				"given: the default, tick): ticks have no "
				"physical length; rt-app needs us, ms, s or ns "
				"(add e.g. 'time_unit: us', the unit of its "
				"numbers)", s->path);
	if (s->time_unit == SCN_UNIT_TICK) {
		exp_pos(s, "time_unit", NULL, pos, sizeof(pos));
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "%s%s: time_unit tick has "
				"no physical length; rt-app needs us, ms, s or ns",
				s->path, pos);
	}
	if (s->sched.placement != SCN_PLACE_GLOBAL && s->cpus > 1) {
		exp_pos(s, "scheduler", "placement", pos, sizeof(pos));
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "%s%s: %s placement "
				"cannot be expressed in rt-app (SCHED_DEADLINE "
				"threads are confined by exclusive cpusets made "
				"outside it)", s->path, pos,
				scn_placement_name(s->sched.placement));
	}
	if (s->nservers) {
		exp_pos(s, "servers", NULL, pos, sizeof(pos));
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "%s%s: CBS servers cannot "
				"be expressed in rt-app", s->path, pos);
	}
	/* rt-app's runtime events last a fixed time whatever the CPU's
	 * speed, where dlsim's C is work done at capacity x frequency */
	if (s->capacity || s->freq) {
		exp_pos(s, "platform", NULL, pos, sizeof(pos));
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "%s%s: platform: CPU "
				"capacities and frequencies cannot be expressed "
				"in rt-app (its runtime events last a fixed time "
				"whatever the CPU's speed, where C is work done at "
				"capacity/1024 of the highest frequency); export "
				"the scenario with platform: {cpus: N}", s->path,
				pos);
	}
	if (s->sched.reclaim != RT_RECLAIM_NONE) {
		exp_pos(s, "scheduler", "reclaim", pos, sizeof(pos));
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "%s%s: scheduler.reclaim: "
				"grub (SCHED_FLAG_RECLAIM) cannot be expressed in "
				"rt-app (it sets no sched_flags)", s->path, pos);
	}
	if (s->sched.on_miss == SIM_ON_MISS_ABORT) {
		exp_pos(s, "scheduler", "on_miss", pos, sizeof(pos));
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "%s%s: scheduler.on_miss: "
				"abort cannot be expressed in rt-app (its threads "
				"run every job to its end)", s->path, pos);
	}
	for (size_t i = 0; i < s->ntasks; i++)
		if (s->tasks[i].nsections) {
			task_pos(s, i, "sections", pos, sizeof(pos));
			return rt_diagf(d, RT_ERR_UNSUPPORTED, "%s%s: tasks[%zu] "
					"\"%.80s\": critical sections are not "
					"exported to rt-app (not implemented "
					"yet)", s->path, pos, i, s->tasks[i].name);
		}
	if (s->horizon != RT_TIME_NEVER) {
		/* whole seconds, rounded up: the run covers the horizon */
		duration = s->horizon / 1000000000 +
			   (s->horizon % 1000000000 != 0);
		/* rt-app reads it as a C int (the importer refuses more) */
		if (duration > RA_MAX_INT) {
			exp_pos(s, "horizon", NULL, pos, sizeof(pos));
			return rt_diagf(d, RT_ERR_UNSUPPORTED, "%s%s: horizon: %"
					PRId64 " s is beyond rt-app's "
					"global.duration (2^31 - 1 s)", s->path,
					pos, duration);
		}
	}
	scn_sb_printf(&b, "{\n  \"global\": {\n    \"duration\": %" PRId64 ",\n"
		      "    \"default_policy\": \"SCHED_OTHER\",\n"
		      "    \"calibration\": \"CPU0\",\n"
		      "    \"log_basename\": ", duration);
	json_str(&b, s->name);
	scn_sb_printf(&b, "\n  },\n  \"tasks\": {\n");
	for (size_t i = 0; i < s->ntasks && rc == RT_OK; i++)
		rc = export_task(&b, s, i, i + 1 == s->ntasks, d);
	scn_sb_printf(&b, "  }\n}\n");
	if (rc != RT_OK) {
		scn_sb_free(&b);
		return rc;
	}
	if (!scn_sb_take(&b, json, json_len))
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	return RT_OK;
}
