/* analysis_text.c - the text `dlsim analyze` prints: the scenario, the
 * test table (tests about other policies with --all), what was left out,
 * the simulation, the bounds against what was observed, the notes, the
 * verdict and the contradictions. */
#include "api/analysis.h"

#include <inttypes.h>
#include <string.h>

const char *api_analysis_res_task(const struct dlsim_analysis *a,
				    const struct analyze_test *t)
{
	size_t k = t->res.task;

	if (k == RT_TEST_NO_TASK)
		return NULL;
	if (t->dom >= 0 || a->kind == AK_PLAIN)
		return k < a->s->ntasks ? a->s->tasks[k].name : "?";
	return k < a->nmodel && a->model[k].name ? a->model[k].name : "?";
}

/* An observed tardiness: exact, ">= x" (a lower bound: a job pending at
 * the horizon), or "-" (unknown: aborted at its deadline). */
static const char *analyze_fmt_obs(const struct scn_scenario *s, rt_time v,
				   bool unknown, char *buf, size_t len)
{
	char b[48];

	if (!unknown)
		return api_fmt_time(s, v, buf, len);
	if (v <= 0) {
		snprintf(buf, len, "-");
		return buf;
	}
	snprintf(buf, len, ">= %s", api_fmt_time(s, v, b, sizeof(b)));
	return buf;
}

/* Text form of an exact value: "= p/q", or "≈ decimal" when long. */
static const char *analyze_frac_text(const char *exact, const char *dec,
				     char *buf, size_t len)
{
	if (strlen(exact) <= 40)
		snprintf(buf, len, "= %s", exact);
	else
		snprintf(buf, len, "\u2248 %s (exact fraction in --json)", dec);
	return buf;
}

/* The detail of a test row (times in the scenario's unit). */
void api_analysis_print_detail(FILE *f, const struct dlsim_analysis *a,
			       const struct analyze_test *t)
{
	const struct scn_scenario *s = a->s;
	const char *who = api_analysis_res_task(a, t);
	char b1[48], b2[48];

	if (t->res.witness != RT_TIME_NEVER) {
		fprintf(f, " dbf(t) > t at t = %s",
			   api_fmt_time(s, t->res.witness, b1, sizeof(b1)));
		if (t->res.demand != RT_TIME_NEVER)
			fprintf(f, " (dbf(%s) = %s > %s%s%s)", b1,
				   api_fmt_time(s, t->res.demand, b2, sizeof(b2)), b1,
				   t->res.note[0] ? "; " : "", t->res.note);
		else if (t->res.note[0])
			fprintf(f, " (%s)", t->res.note);
		return;
	}
	if (t->dom >= 0 && a->kind == AK_LINUX) {
		const struct rt_dl_adm_dom *dd = &a->admdom[t->dom];

		fprintf(f, " (root domain %d, %u CPU%s: %zu admitted, %zu refused",
			   t->dom, dd->cpus, dd->cpus == 1 ? "" : "s",
			   dd->accepted, dd->rejected);
		if (dd->undetermined)
			fprintf(f, ", %zu depending on 0-lag times",
				   dd->undetermined);
		/* the largest sum over time: tasks that left returned theirs */
		fprintf(f, "; %ssum dl_bw %" PRIu64,
			   dd->peak != dd->total ? "peak " : "", dd->peak);
		if (dd->unlimited)
			fprintf(f, ", no cap: rt_runtime_us -1)");
		else if (dd->capacity != (uint64_t)dd->cpus << RT_CAP_SHIFT)
			fprintf(f, " <= cap %" PRIu64 " = %" PRIu64 " x %"
				   PRIu64 " >> 10, capacity %" PRIu64 ")",
				   (uint64_t)dd->cap, dd->cap_bw, dd->capacity,
				   dd->capacity);
		else
			fprintf(f, " <= cap %" PRIu64 " = %" PRIu64 " x %u)",
				   (uint64_t)dd->cap, dd->cap_bw, dd->cpus);
		return;
	}
	if (t->dom >= 0 && t->value) {
		char ub[96];

		fprintf(f, " (domain %d, %u CPU%s: sum Q/T %s%s%s)", t->dom,
			   a->dom_cpus[t->dom], a->dom_cpus[t->dom] == 1 ? "" : "s",
			   analyze_frac_text(t->value, "?", ub, sizeof(ub)),
			   t->res.note[0] ? "; " : "", t->res.note);
		return;
	}
	if (t->res.note[0] || t->res.offset != RT_TIME_NEVER ||
	    t->res.response != RT_TIME_NEVER) {
		fprintf(f, " (%s", t->res.note);
		if (t->res.offset != RT_TIME_NEVER)
			fprintf(f, " at offset A = %s",
				   api_fmt_time(s, t->res.offset, b1, sizeof(b1)));
		if (who && t->res.response != RT_TIME_NEVER &&
		    t->res.deadline != RT_TIME_NEVER)
			fprintf(f, ": R = %s > D = %s",
				   api_fmt_time(s, t->res.response, b1, sizeof(b1)),
				   api_fmt_time(s, t->res.deadline, b2, sizeof(b2)));
		fprintf(f, ")");
	}
}

/* linux rows: the tasks of the domain and the kernel's arithmetic. */
static void analyze_print_linux_tasks(FILE *f, const struct dlsim_analysis *a, int dom)
{
	const struct scn_scenario *s = a->s;
	const struct rt_dl_adm_dom *dd = &a->admdom[dom];

	for (size_t i = 0; i < s->ntasks; i++) {
		const struct rt_dl_adm_task *k = &a->adm[i];

		if (api_analysis_task_dom(a, i) != (unsigned)dom || !k->deadline)
			continue;
		if (k->undetermined) {
			/* the sums with leaving tasks' bandwidth returned at
			 * the earliest and at the latest */
			fprintf(f, "      %-12s dl_bw %7" PRIu64 "  depends : %"
				   PRIu64 " .. %" PRIu64 " + %" PRIu64 " vs %"
				   PRIu64 " (as leaving tasks' 0-lag times "
				   "fall)\n", s->tasks[i].name, k->dl_bw,
				   k->before, k->before_hi, k->dl_bw,
				   (uint64_t)dd->cap);
			continue;
		}
		fprintf(f, "      %-12s dl_bw %7" PRIu64 "  %s: %" PRIu64 " + %" PRIu64
			   " = %" PRIu64 " %s %" PRIu64 "\n", s->tasks[i].name,
			   k->dl_bw, k->accepted ? "admitted" : "REFUSED ",
			   k->before, k->dl_bw, k->before + k->dl_bw,
			   k->accepted ? "<=" : ">", (uint64_t)dd->cap);
	}
}

static void analyze_print_assignment(FILE *f, const struct dlsim_analysis *a,
				     const struct analyze_test *t)
{
	int top = -1;

	for (size_t k = 0; k < a->nmodel; k++)
		if (t->assign[k] > top)
			top = t->assign[k];
	for (int c = 0; c <= top; c++) {
		fprintf(f, "      CPU %d:", c);
		for (size_t k = 0; k < a->nmodel; k++)
			if (t->assign[k] == c)
				fprintf(f, " %s", a->model[k].name ? a->model[k].name :
					   "?");
		fprintf(f, "\n");
	}
}

static void analyze_print_row(FILE *f, const struct dlsim_analysis *a,
			      const struct analyze_test *t, int w)
{
	bool more = t->res.witness != RT_TIME_NEVER || t->dom >= 0 ||
		    t->res.note[0] || t->res.offset != RT_TIME_NEVER ||
		    t->res.response != RT_TIME_NEVER;

	fprintf(f, "  %-*s %-11s %-8s %-*s", w, t->name,
		   rt_test_kind_name(t->res.kind), rt_verdict_name(t->res.verdict),
		   more ? 16 : 0, t->info->analyses.label);
	if (more)
		api_analysis_print_detail(f, a, t);
	fprintf(f, "\n");
	if (t->dom >= 0 && a->kind == AK_LINUX)
		analyze_print_linux_tasks(f, a, t->dom);
	if (t->assign)
		analyze_print_assignment(f, a, t);
}

void api_analysis_print_text(FILE *f, const struct dlsim_analysis *a,
			     bool all)
{
	const struct scn_scenario *s = a->s;
	const struct sim_stats *st = a->sim->stats;
	char b1[48], b2[48], b3[48], desc[160], ub[96], db[96];
	size_t hidden = 0;
	bool any = false;
	int w = 14;

	for (size_t i = 0; i < a->ntests; i++)
		if ((int)strlen(a->tests[i].name) > w)
			w = (int)strlen(a->tests[i].name);
	fprintf(f, "%s: %zu task%s on %u CPU%s (times in %s)\n", s->name, s->ntasks,
		   s->ntasks == 1 ? "" : "s", s->cpus, s->cpus == 1 ? "" : "s",
		   scn_time_unit_name(s->time_unit));
	fprintf(f, "  policy %s\n", api_sched_desc(s, desc, sizeof(desc)));
	api_kernel_lines(f, s, "  ");
	fprintf(f, "  utilization U %s, density %s\n\n",
		   analyze_frac_text(a->u, a->u_dec, ub, sizeof(ub)),
		   analyze_frac_text(a->density, a->density_dec, db, sizeof(db)));
	fprintf(f, "  %-*s %-11s %-8s %-16s %s\n", w, "test", "kind", "verdict",
		   "analyses", "witness");
	for (size_t i = 0; i < a->ntests; i++) {
		if (!a->tests[i].shown) {
			hidden++;
			continue;
		}
		analyze_print_row(f, a, &a->tests[i], w);
	}
	if (hidden && all) {
		fprintf(f, "  other policies (not compared with the simulation):\n");
		for (size_t i = 0; i < a->ntests; i++)
			if (!a->tests[i].shown)
				analyze_print_row(f, a, &a->tests[i], w);
	} else if (hidden) {
		fprintf(f, "  (%zu test%s about other policies: --all lists %s)\n",
			   hidden, hidden == 1 ? "" : "s",
			   hidden == 1 ? "it" : "them");
	}
	fprintf(f, "  compared with the simulation:");
	for (size_t i = 0; i < a->ntests; i++)
		if (a->tests[i].about_sim && !(i && a->tests[i - 1].about_sim &&
		    a->tests[i - 1].info == a->tests[i].info)) {
			fprintf(f, "%s %s", any ? "," : "", a->tests[i].name);
			any = true;
		}
	fprintf(f, "%s\n", any ? "" : " none (no test analyses this policy and "
		   "placement)");
	any = false;
	for (size_t i = 0; i < s->ntasks; i++)
		if (a->left_out[i]) {
			if (!any)
				fprintf(f, "  left out of the analysed task set:\n");
			any = true;
			fprintf(f, "    %-12s %s\n", s->tasks[i].name, a->left_out[i]);
		}
	any = false;
	for (size_t i = 0; a->kind != AK_PLAIN && i < s->ntasks; i++) {
		const char *why = a->kind == AK_CBS ?
			(a->cbs_g[i] == RT_CBS_NOT_SERVED ? NULL :
			 a->cbs_g[i] == RT_CBS_GUARANTEED &&
			 !api_analysis_cbs_meets(a, i) ? "response <= D_s, but "
			 "jitter + D_s > D: its deadline may be missed" :
			 rt_cbs_guarantee_reason(a->cbs_g[i])) : a->no_job[i];

		if (!why || (a->left_out[i] && a->kind == AK_LINUX))
			continue;
		if (!any)
			fprintf(f, "  job guarantees (%s):\n", a->kind == AK_CBS ?
				   "a job released at r ends by r + D_s when its "
				   "server is guaranteed" : "reservation kept");
		any = true;
		fprintf(f, "    %-12s %s\n", s->tasks[i].name, why);
	}
	fprintf(f, "\n  simulation: horizon %s (%s), %" PRIu64 " jobs, %" PRIu64
		   " miss%s, max tardiness %s\n",
		   api_fmt_time(s, st->horizon, b1, sizeof(b1)),
		   sim_horizon_source_name(a->sim->h.source), st->jobs, st->misses,
		   st->misses == 1 ? "" : "es",
		   analyze_fmt_obs(s, st->max_tardiness, a->any_unknown, b2,
				   sizeof(b2)));
	if (a->kind != AK_PLAIN && a->kind != AK_FPSRV) /* fp: no d_s */
		fprintf(f, "    server deadline misses: %" PRIu64 "\n",
			   st->server_misses);
	api_horizon_note(f, s, &a->sim->h, "    ");
	if (a->sim->h.exact && s->cpus > 1)
		fprintf(f, "    exact: each CPU's synchronous periodic release over "
			   "its busy period is its worst case\n");
	else if (a->sim->h.exact)
		fprintf(f, "    exact: synchronous periodic release over the busy period "
			   "is the worst case on one CPU\n");
	else if (s->cpus > 1 && s->sched.cluster_size > 1)
		fprintf(f, "    not exact: on %u CPUs a clean simulation is not a proof "
			   "(synchronous release is not the worst case)\n", s->cpus);
	else
		fprintf(f, "    not exact: the simulated release pattern is not proven "
			   "worst-case (a miss still proves unschedulability)\n");
	if (st->has_first_miss) {
		const struct sim_miss *fm = &st->first_miss;

		fprintf(f, "    first miss: %s job %" PRIu64 ", released %s, deadline %s, "
			   "finished %s\n", s->tasks[fm->task].name, fm->job,
			   api_fmt_time(s, fm->release, b1, sizeof(b1)),
			   api_fmt_time(s, fm->deadline, b2, sizeof(b2)),
			   fm->finish == RT_TIME_NEVER ? "never (aborted or pending "
			   "at the horizon)" : api_fmt_time(s, fm->finish, b3,
							     sizeof(b3)));
	}
	if (a->bound_kind == BOUND_EXACT || a->bound_kind == BOUND_UPPER) {
		bool exact = a->bound_kind == BOUND_EXACT;
		bool rx = exact && a->resp_exact;
		bool cov_unknown = false;
		rt_time cov = 0;
		bool partial = api_analysis_observed_bounded(a, &cov,
							     &cov_unknown);

		fprintf(f, "\n  tardiness: %s %s%s, observed %s",
			   exact ? "exact bound" : "upper bound",
			   api_fmt_time(s, a->bound, b1, sizeof(b1)),
			   exact ? (s->cpus > 1 ? " (per CPU)" : "") :
			   a->oblivious ? " (suspension-oblivious)" :
			   a->kind == AK_LINUX ? " (over the admitted reservations)" :
			   a->kind == AK_CBS ? " (servers and served tasks)" :
			   a->kind == AK_FPSRV ? " (fp-rta, servers as tasks)" :
			   a->bits & RT_MODEL_JITTER ? " (with release jitter)" :
			   " (compliant vectors / Devi-Anderson, global EDF)",
			   partial ? analyze_fmt_obs(s, cov, cov_unknown, b2,
						     sizeof(b2)) :
			   analyze_fmt_obs(s, st->max_tardiness, a->any_unknown, b2,
					   sizeof(b2)));
		if (partial)
			fprintf(f, " over the bounded tasks (all tasks: %s)",
				analyze_fmt_obs(s, st->max_tardiness,
						a->any_unknown, b3, sizeof(b3)));
		fprintf(f, "\n");
		for (size_t i = 0; i < s->ntasks; i++) {
			if (a->resp[i] == RT_TIME_NEVER) {
				fprintf(f, "    %-12s no bound (%s), observed %s\n",
					   s->tasks[i].name, a->left_out[i] ?
					   a->left_out[i] : a->bound_why[i] ?
					   a->bound_why[i] : a->no_job[i] ?
					   a->no_job[i] : a->cbs_g ?
					   rt_cbs_guarantee_reason(a->cbs_g[i]) :
					   "none", api_fmt_time(s,
					   st->tasks[i].max_response, b3, sizeof(b3)));
				continue;
			}
			fprintf(f, "    %-12s %s %s (tardiness <= %s), observed %s\n",
				   s->tasks[i].name,
				   rx ? "worst response" : "response <=",
				   api_fmt_time(s, a->resp[i], b1, sizeof(b1)),
				   api_fmt_time(s, a->tard[i], b2, sizeof(b2)),
				   api_fmt_time(s, st->tasks[i].max_response, b3,
						sizeof(b3)));
		}
	} else {
		fprintf(f, "\n  tardiness: no bound (%s), observed %s\n",
			   a->bound_note[0] ? a->bound_note :
			   api_analysis_bound_name(a->bound_kind),
			   analyze_fmt_obs(s, st->max_tardiness, a->any_unknown, b1,
					   sizeof(b1)));
	}
	if (a->oblivious)
		fprintf(f, "\n  note: tasks self-suspend; tests, bounds and the default "
			   "horizon use the\n        suspension-oblivious task set "
			   "(C + suspension lengths): safe, not exact\n");
	if (a->admission_off)
		fprintf(f, "\n  note: scheduler.admission / mode is not applied here: "
			   "the tests and the\n        simulation cover every task "
			   "(dlsim run applies the admission)\n");
	if (!a->conform && a->kind == AK_PLAIN)
		fprintf(f, "\n  note: the scenario leaves the sporadic model; the tests "
			   "analyse each task\n        with its largest demand (times "
			   "the releases listed at one instant),\n        its "
			   "smallest release gap and %s\n",
			   api_analysis_fp(a) && (a->bits & RT_MODEL_JITTER) ?
			   "its release\n        jitter J (fp-rta's extension: "
			   "R = J + w <= D, ranked by D)" : "D - jitter");
	fprintf(f, "\n  verdict: %s\n", a->verdict);
	if (a->ncontra) {
		fprintf(f, "\n  CONTRADICTIONS (a bug in dlsim; please report):\n");
		for (size_t i = 0; i < a->ncontra; i++)
			fprintf(f, "    %s: %s\n", a->contra[i].test, a->contra[i].detail);
	} else {
		fprintf(f, "  contradictions: none\n");
	}
}
