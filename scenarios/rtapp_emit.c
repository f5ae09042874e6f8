/* rtapp_emit.c - the rt-app importer's output: one scenario task per
 * thread, its phases combined into per-job demands, every value commented
 * with the JSON key it came from (rtapp.c reads the JSON; rtapp_int.h). */
#include "scenarios/rtapp_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "models/mem.h"

void ra_yaml_str(struct scn_sb *b, const char *s)
{
	scn_sb_put(b, "\"", 1);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			scn_sb_printf(b, "\\%c", ch);
		else if (ch < 0x20 || ch == 0x7f)
			scn_sb_printf(b, "\\x%02x", ch);
		else
			scn_sb_put(b, s, 1);
	}
	scn_sb_put(b, "\"", 1);
}

/* "tasks.T.phases.P.KEY" for comments (phase NULL: the thread). */
static void src_path(char *buf, size_t n, const char *thread, const char *pn,
		     const char *key)
{
	snprintf(buf, n, "tasks.%.60s%s%.60s.%s", thread, pn ? ".phases." : "",
		 pn ? pn : "", key);
}

/* One task line "    KEY: VALUE  # comment". */
static void line(struct scn_sb *b, const char *key, int64_t v,
		 const char *comment)
{
	char head[64];
	int n = snprintf(head, sizeof(head), "    %s: %" PRId64, key, v);

	scn_sb_printf(b, "%s%*s# %s\n", head, n < 30 ? 30 - n : 1, "", comment);
}

/* Check that the phases describe one task; fill the per-job demands. */
static enum rt_err combine(struct ra_ctx *c, const struct ra_thread *t,
			   rt_time *period, const struct ra_phase **longest,
			   rt_time **values, size_t *nvalues, bool *all_equal)
{
	const struct ra_phase *p0 = &t->phases[0], *lp = p0;
	size_t n = 0, k = 0;
	rt_time *vals;

	*period = ra_phase_period(p0);
	for (size_t i = 0; i < t->nphases; i++) {
		const struct ra_phase *p = &t->phases[i];

		if (ra_phase_period(p) != *period)
			return ra_fail(c, RT_ERR_UNSUPPORTED, t->name, p->name, NULL,
				    "its period %" PRId64 " us differs from phase "
				    "\"%s\"'s %" PRId64 " us; a dlsim task has one "
				    "period", ra_phase_period(p), p0->name ? p0->name :
				    "", *period);
		if (p->nsusp > lp->nsusp)
			lp = p;
		if ((uint64_t)p->loop > SCN_RTAPP_MAX_JOBS_LIST - n)
			n = SCN_RTAPP_MAX_JOBS_LIST + 1;
		else
			n += (size_t)p->loop;
	}
	/* every phase's sleeps: a prefix of the longest list, the rest at or
	 * past its demand (dlsim skips those points for that job) */
	for (size_t i = 0; i < t->nphases; i++) {
		const struct ra_phase *p = &t->phases[i];
		bool ok = true;

		for (size_t j = 0; j < p->nsusp; j++)
			ok = ok && p->susp[j].after == lp->susp[j].after &&
			     p->susp[j].len == lp->susp[j].len;
		if (ok && p->nsusp < lp->nsusp &&
		    lp->susp[p->nsusp].after < p->demand)
			ok = false;
		if (!ok)
			return ra_fail(c, RT_ERR_UNSUPPORTED, t->name, p->name, NULL,
				    "its sleeps between runs differ from phase "
				    "\"%s\"'s; a dlsim task has one list of "
				    "suspension points", lp->name ? lp->name : "");
	}
	*longest = lp;
	*all_equal = true;
	for (size_t i = 0; i < t->nphases; i++)
		*all_equal = *all_equal && t->phases[i].demand == p0->demand;
	*values = NULL;
	*nvalues = 0;
	if (*all_equal)
		return RT_OK;
	if (n > SCN_RTAPP_MAX_JOBS_LIST)
		return ra_fail(c, RT_ERR_UNSUPPORTED, t->name, NULL, "phases", "more "
			    "than %u jobs with different demands per pass",
			    SCN_RTAPP_MAX_JOBS_LIST);
	vals = rt_calloc(n, sizeof(*vals));
	if (!vals)
		return rt_diagf(c->d, RT_ERR_NOMEM, "out of memory");
	for (size_t i = 0; i < t->nphases; i++)
		for (int64_t r = 0; r < t->phases[i].loop; r++)
			vals[k++] = t->phases[i].demand;
	*values = vals;
	*nvalues = n;
	return RT_OK;
}

static void demand_comment(char *buf, size_t n, const struct ra_thread *t)
{
	size_t used = (size_t)snprintf(buf, n, "run/runtime events of ");

	if (!t->phases[0].name) {
		snprintf(buf + used, n - used, "tasks.%.60s", t->name);
		return;
	}
	for (size_t i = 0; i < t->nphases && used < n; i++)
		used += (size_t)snprintf(buf + used, n - used, "%s%.40s (x%" PRId64
					 ")", i ? ", " : "phases ",
					 t->phases[i].name, t->phases[i].loop);
}

enum rt_err ra_emit_task(struct ra_ctx *c, const struct ra_thread *t)
{
	const struct ra_sched *s = &t->sched;
	const struct ra_phase *lp = NULL;
	struct scn_sb *b = &c->out;
	rt_time period, *values = NULL, c_us, d_us, t_us;
	size_t nvalues = 0;
	bool all_equal;
	char src[200], com[400];
	enum rt_err rc;
	int64_t jobs_per_pass = 0;

	rc = combine(c, t, &period, &lp, &values, &nvalues, &all_equal);
	if (rc != RT_OK)
		return rc;
	for (size_t i = 0; i < t->nphases; i++)
		jobs_per_pass += t->phases[i].loop;     /* each <= 2^31 */
	if (s->policy == RA_DEADLINE) {
		if (s->runtime <= 0) {
			rt_free(values);
			return ra_fail(c, RT_ERR_PARSE, t->name, NULL, "dl-runtime",
				    "SCHED_DEADLINE needs dl-runtime > 0 (us)");
		}
		c_us = s->runtime;
		t_us = s->period ? s->period : s->runtime;
		d_us = s->deadline ? s->deadline : t_us;
		if (period != t_us) {
			rt_free(values);
			return ra_fail(c, RT_ERR_UNSUPPORTED, t->name, NULL,
				    t->phases[0].has_timer ? "timer" : "sleep",
				    "the thread's period %" PRId64 " us (%s) "
				    "differs from dl-period %" PRId64 " us; dlsim "
				    "releases a SCHED_DEADLINE task's jobs at its "
				    "reservation period", period,
				    t->phases[0].has_timer ? "timer period" :
				    "demand + sleeps", t_us);
		}
	} else {
		c_us = 0;
		for (size_t i = 0; i < t->nphases; i++)
			if (t->phases[i].demand > c_us)
				c_us = t->phases[i].demand;
		t_us = d_us = period;
	}
	for (int64_t inst = 0; inst < t->instances; inst++) {
		char name[300];

		if (t->instances > 1)
			snprintf(name, sizeof(name), "%s-%" PRId64, t->name, inst);
		else
			snprintf(name, sizeof(name), "%s", t->name);
		rc = ra_add_name(c, name, t->name, t->instances > 1 ? inst : -1);
		if (rc != RT_OK) {
			rt_free(values);
			return rc;
		}
		scn_sb_printf(b, "  - name: ");
		ra_yaml_str(b, name);
		scn_sb_printf(b, "%*s# tasks.%.60s%s (%s%s)\n",
			      (int)(strlen(name) < 20 ? 20 - strlen(name) : 1), "",
			      t->name, t->instances > 1 ? ", one of its instances" :
			      "", ra_policy_names[s->policy], s->policy_src ? "" :
			      ": global.default_policy");
		if (s->policy == RA_DEADLINE) {
			src_path(src, sizeof(src), t->name, NULL, s->runtime_key);
			line(b, "runtime", c_us, src);
			if (s->deadline_key)
				src_path(com, sizeof(com), t->name, NULL,
					 s->deadline_key);
			else
				snprintf(com, sizeof(com), "no dl-deadline: "
					 "rt-app uses dl-period");
			line(b, "deadline", d_us, com);
			if (s->period_key)
				src_path(com, sizeof(com), t->name, NULL,
					 s->period_key);
			else
				snprintf(com, sizeof(com), "no dl-period: rt-app "
					 "uses dl-runtime");
			line(b, "period", t_us, com);
		} else {
			scn_sb_printf(b, "    class: fair                 # "
				      "SCHED_OTHER\n");
			demand_comment(com, sizeof(com), t);
			line(b, "C", c_us, com);
			if (t->phases[0].has_timer)
				src_path(com, sizeof(com), t->name,
					 t->phases[0].name, t->phases[0].timer_key);
			else
				snprintf(com, sizeof(com), "no timer: run + "
					 "sleep, the period when never delayed");
			line(b, "T", t_us, com);
		}
		if (t->has_delay && t->delay > 0)
			line(b, "offset", t->delay,
			     (src_path(src, sizeof(src), t->name, NULL, "delay"),
			      src));
		if (!all_equal) {
			demand_comment(com, sizeof(com), t);
			scn_sb_printf(b, "    exec:                       # %s\n"
				      "      model: list\n      values: [", com);
			for (size_t i = 0; i < nvalues; i++)
				scn_sb_printf(b, "%s%" PRId64, i ? ", " : "",
					      values[i]);
			scn_sb_printf(b, "]\n");
		} else if (s->policy == RA_DEADLINE &&
			   t->phases[0].demand != c_us) {
			demand_comment(com, sizeof(com), t);
			scn_sb_printf(b, "    exec: { model: list, values: [%" PRId64
				      "] }   # %s\n", t->phases[0].demand, com);
		}
		if (lp->nsusp) {
			scn_sb_printf(b, "    suspend:                    # sleep "
				      "events between runs%s%.40s\n",
				      lp->name ? " (phase " : "", lp->name ?
				      lp->name : "");
			for (size_t j = 0; j < lp->nsusp; j++)
				scn_sb_printf(b, "      - { after: %" PRId64
					      ", for: %" PRId64 " }\n",
					      lp->susp[j].after, lp->susp[j].len);
		}
		if (t->loop > 0) {
			rt_time jobs, span, leave;

			if (!rt_time_mul(t->loop, jobs_per_pass, &jobs) ||
			    !rt_time_mul(jobs, t_us, &span) ||
			    !rt_time_add(span, t->delay, &leave)) {
				rt_free(values);
				return ra_fail(c, RT_ERR_OVERFLOW, t->name, NULL,
					    "loop", "loop x period overflows");
			}
			snprintf(com, sizeof(com), "loop %" PRId64 " x %" PRId64
				 " job%s per pass = %" PRId64 " jobs",
				 t->loop, jobs_per_pass,
				 jobs_per_pass > 1 ? "s" : "", jobs);
			line(b, "leave_at", leave, com);
		}
	}
	rt_free(values);
	return RT_OK;
}
