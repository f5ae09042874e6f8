/* analysis_compare.c - the analysis against the simulation: every
 * contradiction (docs/design.md §5; the rule of a verdict is
 * rt_test_contradiction, models/tests.h, which the experiment runner
 * shares), the misses whose tardiness the simulation cannot know, and
 * the verdict line. */
#include "api/analysis.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "models/mem.h"

static bool analyze_add_contra(struct dlsim_analysis *a, const char *test,
			       const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* One more contradiction; false when out of memory. */
static bool analyze_add_contra(struct dlsim_analysis *a, const char *test,
			       const char *fmt, ...)
{
	struct analyze_contra *c;
	va_list ap;

	if (a->ncontra == a->cap_contra) {
		size_t cap = a->cap_contra ? 2 * a->cap_contra : 16;
		struct analyze_contra *nc = rt_reallocarray(a->contra, cap,
							    sizeof(*nc));

		if (!nc)
			return false;
		a->contra = nc;
		a->cap_contra = cap;
	}
	c = &a->contra[a->ncontra++];
	snprintf(c->test, sizeof(c->test), "%s", test);
	va_start(ap, fmt);
	vsnprintf(c->detail, sizeof(c->detail), fmt, ap);
	va_end(ap);
	snprintf(c->line, sizeof(c->line), "%s: %s", c->test, c->detail);
	return true;
}

/* cbs: task i meets its deadlines when its domain's servers do: a plain
 * task, or a guaranteed one with jitter + D_s <= D, in a domain whose
 * servers are all sporadic (rt_cbs_server_sporadic). */
bool api_analysis_cbs_meets(const struct dlsim_analysis *a, size_t i)
{
	const struct scn_scenario *s = a->s;
	int32_t j = s->task_server ? s->task_server[i] : -1;

	if (api_analysis_cbs_void(a, (int)api_analysis_task_dom(a, i), NULL,
				  0))
		return false;   /* its domain's servers are not sporadic */
	if (a->cbs_g[i] == RT_CBS_NOT_SERVED)
		return true;
	return a->cbs_g[i] == RT_CBS_GUARANTEED &&
	       api_analysis_add(s->tasks[i].jitter, s->servers[j].deadline) <=
	       s->tasks[i].deadline;
}

bool api_analysis_cbs_void(const struct dlsim_analysis *a, int c, char *buf,
			   size_t len)
{
	for (unsigned k = 0; a->dom_srv && k < a->ndom; k++) {
		if ((c >= 0 && k != (unsigned)c) || a->dom_srv[k] == NO_IDX)
			continue;
		if (buf)
			rt_cbs_server_why(&a->s->servers[a->dom_srv[k]],
					  a->dom_cpus[k], buf, len);
		return true;
	}
	return false;
}

/* Misses of the tasks a test's accept speaks for: every task (edf, fp);
 * the admitted tasks whose jobs keep to their reservation (linux-dl); the
 * guaranteed and plain tasks of domain 'dom' (cbs; -1: all). */
static uint64_t analyze_covered_misses(const struct dlsim_analysis *a, int dom)
{
	const struct sim_stats *st = a->sim->stats;
	uint64_t n = 0;

	if (a->kind == AK_PLAIN)
		return st->misses;
	for (size_t i = 0; i < a->s->ntasks; i++) {
		if (dom >= 0 && api_analysis_task_dom(a, i) != (unsigned)dom)
			continue;
		if (a->kind == AK_LINUX && (a->left_out[i] || a->no_job[i]))
			continue;
		if (a->kind == AK_CBS && !api_analysis_cbs_meets(a, i))
			continue;
		if (a->kind == AK_FPSRV && a->left_out[i])
			continue;       /* served: its bound is compared apart */
		n += st->tasks[i].missed;
	}
	return n;
}

/* How far a reservation kept may pass its deadline: linux-dl keeps a
 * deadline equal to the wake-up time when less than 2^DL_SCALE ns of
 * runtime remain (dl_entity_overflow() compares runtime >> 10), so it
 * may run up to 1023 ns past it; exact servers (cbs) not at all. */
static rt_time analyze_srv_slack(const struct dlsim_analysis *a)
{
	return a->kind == AK_LINUX ? RT_DL_RUNTIME_MIN : 1;
}

/* Server deadline misses of domain 'dom' (-1: all), except those within
 * analyze_srv_slack. */
static uint64_t analyze_server_misses(const struct dlsim_analysis *a, int dom)
{
	const struct sim_stats *st = a->sim->stats;
	uint64_t n = 0;

	for (size_t k = 0; k < a->nmodel; k++) {
		size_t i = a->model_task[k];

		if (a->kind == AK_LINUX && (i == NO_IDX || a->no_job[i]))
			continue;       /* see analyze_tardiness */
		if (a->model_srv[k] >= 0 && (dom < 0 ||
		    a->model_dom[k] == (unsigned)dom) &&
		    (size_t)a->model_srv[k] < st->nservers &&
		    st->servers[a->model_srv[k]].max_lateness >=
		    analyze_srv_slack(a))
			n += st->servers[a->model_srv[k]].deadline_misses;
	}
	return n;
}

/* The name of the test that is this policy's own admission (the domain
 * rows of a kernel model). */
static const char *analyze_admission_name(const struct dlsim_analysis *a)
{
	for (size_t i = 0; i < a->ntests; i++)
		if (a->tests[i].dom >= 0)
			return a->tests[i].name;
	return "admission";
}

/* A kernel model: the analysis' admission against the simulation's
 * records; false when out of memory. */
static bool analyze_compare_admission(struct dlsim_analysis *a)
{
	const struct dlsim_sim *cs = a->sim;

	for (size_t k = 0; k < cs->nadm; k++) {
		size_t i = cs->adm[k].task;

		if (i >= a->s->ntasks || !a->adm[i].deadline ||
		    a->adm[i].undetermined ||
		    cs->adm[k].accept == a->adm[i].accepted)
			continue;
		if (!analyze_add_contra(a, analyze_admission_name(a), "%s: the "
					"analysis %s it, the simulation %s it",
					a->s->tasks[i].name,
					a->adm[i].accepted ? "admits" :
					"refuses", cs->adm[k].accept ?
					"admitted" : "refused"))
			return false;
	}
	return true;
}

/* Every disagreement between a claim about the simulated system and the
 * simulation (docs/design.md §5). */
bool api_analysis_compare(struct dlsim_analysis *a)
{
	const struct scn_scenario *s = a->s;
	const struct sim_stats *st = a->sim->stats;
	bool cont = s->sched.on_miss == SIM_ON_MISS_CONTINUE;
	char b1[48], b2[48];
	bool ok = true;

	if (a->kind == AK_LINUX)
		ok = analyze_compare_admission(a);
	for (size_t i = 0; i < a->ntests; i++) {
		const struct analyze_test *t = &a->tests[i];
		enum rt_test_kind k = t->res.kind;
		enum rt_contra c;
		uint64_t jm, sm;

		if (!t->about_sim || k == RT_KIND_ADMISSION ||
		    t->res.verdict == RT_VERDICT_NA)
			continue;
		jm = analyze_covered_misses(a, t->dom);
		sm = a->kind == AK_PLAIN ? 0 : analyze_server_misses(a, t->dom);
		c = rt_test_contradiction(&t->res, jm || sm, !st->misses &&
					  a->sim->h.exact && a->conform &&
					  a->kind == AK_PLAIN);
		if (c == RT_CONTRA_ACCEPT_MISSED)
			ok = ok && analyze_add_contra(a, t->name,
					   "%s test accepts, but the simulation missed "
					   "%" PRIu64 " job deadline(s) and %" PRIu64
					   " server deadline(s) it covers",
					   rt_test_kind_name(k), jm, sm);
		else if (c == RT_CONTRA_REJECT_MET)
			ok = ok && analyze_add_contra(a, t->name,
					   "exact test rejects, but the exact simulation "
					   "over the busy period has no miss");
	}
	/* observed blocking within B_i (fp): a job waits while a lower
	 * job runs only as long as the protocol's bound says */
	for (size_t i = 0; a->blk && i < s->ntasks; i++)
		if (a->blk[i] != RT_TIME_NEVER &&
		    st->tasks[i].max_blocking > a->blk[i])
			ok = ok && analyze_add_contra(a, "blocking", "%s: "
					   "observed blocking %s exceeds B = %s",
					   s->tasks[i].name,
					   api_fmt_time(s, st->tasks[i].max_blocking,
							b1, sizeof(b1)),
					   api_fmt_time(s, a->blk[i], b2,
							sizeof(b2)));
	if (a->bound_kind != BOUND_EXACT && a->bound_kind != BOUND_UPPER)
		return ok;
	for (size_t i = 0; i < s->ntasks; i++) {
		const struct sim_task_stats *ts = &st->tasks[i];

		if (a->tard[i] != RT_TIME_NEVER && ts->max_tardiness > a->tard[i])
			ok = ok && analyze_add_contra(a, "tardiness", "%s: observed tardiness "
					   "%s exceeds the bound %s",
					   s->tasks[i].name,
					   api_fmt_time(s, ts->max_tardiness, b1,
							sizeof(b1)),
					   api_fmt_time(s, a->tard[i], b2,
							sizeof(b2)));
		if (a->resp[i] != RT_TIME_NEVER && ts->completed &&
		    ts->max_response > a->resp[i])
			ok = ok && analyze_add_contra(a, "response", "%s: observed response "
					   "time %s exceeds the bound %s",
					   s->tasks[i].name,
					   api_fmt_time(s, ts->max_response, b1,
							sizeof(b1)),
					   api_fmt_time(s, a->resp[i], b2,
							sizeof(b2)));
	}
	for (size_t j = 0; a->srv_bound && j < st->nservers; j++) {
		const struct sim_server_stats *ss = &st->servers[j];

		if (!ss->name || a->srv_bound[j] == RT_TIME_NEVER ||
		    !ss->deadline_misses ||
		    ss->max_lateness < api_analysis_add(a->srv_bound[j],
						   analyze_srv_slack(a)))
			continue;
		ok = ok && analyze_add_contra(a, "server", "%s: server deadline overrun %s "
				   "exceeds the bound %s", ss->name,
				   api_fmt_time(s, ss->max_lateness, b1, sizeof(b1)),
				   api_fmt_time(s, a->srv_bound[j], b2, sizeof(b2)));
	}
	if (a->bound_kind == BOUND_EXACT && a->sim->h.exact && cont &&
	    a->conform && st->max_tardiness != a->bound)
		ok = ok && analyze_add_contra(a, "tardiness",
				   "exact simulation's maximum tardiness %s"
				   " differs from the exact bound %s",
				   api_fmt_time(s, st->max_tardiness, b1, sizeof(b1)),
				   api_fmt_time(s, a->bound, b2, sizeof(b2)));
	return ok;
}

/* Which tasks had a miss whose tardiness the simulation cannot know. */
bool api_analysis_unknown(struct dlsim_analysis *a)
{
	struct api_miss m;

	a->tard_unknown = api_analysis_calloc(a->s->ntasks,
					      sizeof(*a->tard_unknown));
	if (!a->tard_unknown)
		return false;
	api_sim_rewind(a->sim);
	while (api_sim_next_miss(a->sim, &m))
		if (m.finish == RT_TIME_NEVER && m.task < a->s->ntasks) {
			a->tard_unknown[m.task] = true;
			a->any_unknown = true;
		}
	return true;
}

/* Tasks whose jobs an accept does not cover (kernel model, servers). */
static size_t analyze_uncovered(const struct dlsim_analysis *a, char *buf,
				size_t len)
{
	size_t n = 0, pos = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < a->s->ntasks; i++) {
		bool out = a->kind == AK_LINUX ?
			   (a->no_job[i] || (a->adm[i].deadline == false)) :
			   a->kind == AK_CBS ? !api_analysis_cbs_meets(a, i) :
			   a->kind == AK_FPSRV ? a->left_out[i] &&
			   !(a->tard && a->tard[i] == 0) :
			   false;

		if (!out)
			continue;
		n++;
		if (pos < len)
			pos += (size_t)snprintf(buf + pos, len - pos, "%s%s",
						n > 1 ? ", " : "",
						a->s->tasks[i].name);
	}
	return n;
}

/* The verdict line: a miss first (never "schedulable" with a miss), then
 * a test about the simulated system (exact first, then an accepting
 * sufficient one), else an exact simulation. */
void api_analysis_verdict(struct dlsim_analysis *a)
{
	const struct sim_stats *st = a->sim->stats;
	char *f = a->verdict;
	size_t fl = sizeof(a->verdict);
	char un[200];
	size_t nun = analyze_uncovered(a, un, sizeof(un));

	if (st->misses) {
		for (size_t i = 0; i < a->ntests; i++) {
			const struct analyze_test *t = &a->tests[i];

			if (t->about_sim && t->res.kind == RT_KIND_EXACT &&
			    t->res.verdict == RT_VERDICT_REJECT) {
				snprintf(f, fl, "NOT schedulable (exact test %s)",
						t->name);
				return;
			}
		}
		snprintf(f, fl, "NOT schedulable (the simulation found a miss)");
		return;
	}
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < a->ntests; i++) {
			const struct analyze_test *t = &a->tests[i];
			const char *what = t->res.kind == RT_KIND_EXACT ?
					   "exact" : "sufficient";

			if (!t->about_sim || t->res.verdict == RT_VERDICT_NA ||
			    t->res.kind == RT_KIND_ADMISSION ||
			    t->res.kind == RT_KIND_NECESSARY)
				continue;
			if (pass == 0 && t->res.kind != RT_KIND_EXACT)
				continue;
			if (pass == 1 && t->res.verdict != RT_VERDICT_ACCEPT)
				continue;
			if (t->res.verdict == RT_VERDICT_REJECT) {
				snprintf(f, fl, "NOT schedulable (exact test %s)",
						t->name);
				return;
			}
			if (nun) {
				snprintf(f, fl, "%s deadlines guaranteed (%s test %s); no "
						"job guarantee for %s",
						a->kind == AK_CBS ? "server" :
						a->kind == AK_FPSRV ? "plain task" :
						"reservation",
						what, t->name, un);
				return;
			}
			snprintf(f, fl, "schedulable (%s test %s%s%s)", what,
					t->name, a->oblivious ? " on the "
					"suspension-oblivious set" : "",
					a->kind == AK_LINUX ? ", over the admitted tasks" :
					a->kind == AK_CBS ? ", with the server guarantees" :
					a->kind == AK_FPSRV ? ", with the served "
					"tasks' bounds" : "");
			return;
		}
	if (a->sim->h.exact && a->conform && a->kind == AK_PLAIN)
		snprintf(f, fl, "schedulable (exact simulation)");
	else if (a->cover)
		snprintf(f, fl, "no miss observed; not a proof (no exact test: "
				"the analysed set over-approximates the jobs)");
	else
		snprintf(f, fl, "no miss observed; not a proof (no exact test for this "
				"policy and placement)");
}
