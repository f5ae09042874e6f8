/* analysis_json.c - the object `dlsim analyze --json` prints
 * (docs/cli.md): the tests, the comparison, the model, the simulation,
 * the bounds, the contradictions and what was left out. */
#include "api/analysis.h"

#include <inttypes.h>

static void analyze_json_time(FILE *f, rt_time t)
{
	if (t == RT_TIME_NEVER)
		fprintf(f, "null");
	else
		fprintf(f, "%" PRId64, t);
}

static void analyze_json_obs(FILE *f, const char *key, rt_time v, bool unknown)
{
	if (unknown)
		fprintf(f, "\"%s\": null, \"%s_lower\": %" PRId64, key, key, v);
	else
		fprintf(f, "\"%s\": %" PRId64, key, v);
}

static void analyze_json_test(FILE *f, const struct dlsim_analysis *a,
			      const struct analyze_test *t)
{
	const struct scn_scenario *s = a->s;
	const char *who = api_analysis_res_task(a, t);

	fprintf(f, "\n  {\"name\": \"%s\", \"kind\": \"%s\", \"verdict\": \"%s\"",
		   t->name, rt_test_kind_name(t->res.kind),
		   rt_verdict_name(t->res.verdict));
	if (t->res.witness != RT_TIME_NEVER)
		fprintf(f, ", \"witness\": %" PRId64, t->res.witness);
	if (t->res.note[0] && t->res.verdict == RT_VERDICT_NA) {
		fprintf(f, ", \"note\": ");
		api_json_str(f, t->res.note);
	}
	fprintf(f, ", \"analyses\": \"%s\"", t->info->analyses.label);
	if (t->res.demand != RT_TIME_NEVER)
		fprintf(f, ", \"demand\": %" PRId64, t->res.demand);
	if (who && t->dom < 0) {
		fprintf(f, ", \"task\": ");
		api_json_str(f, who);
	}
	if (t->res.response != RT_TIME_NEVER || t->res.deadline != RT_TIME_NEVER) {
		fprintf(f, ", \"response\": ");
		analyze_json_time(f, t->res.response);
		fprintf(f, ", \"deadline\": ");
		analyze_json_time(f, t->res.deadline);
	}
	if (t->res.offset != RT_TIME_NEVER)
		fprintf(f, ", \"offset\": %" PRId64, t->res.offset);
	if (t->assign) {
		fprintf(f, ", \"assignment\": [");
		for (size_t k = 0; k < a->nmodel; k++)
			fprintf(f, "%s%d", k ? ", " : "", t->assign[k]);
		fprintf(f, "]");
	}
	if (t->dom >= 0)
		fprintf(f, ", \"domain\": %d, \"cpus\": %u", t->dom,
			   a->dom_cpus[t->dom]);
	if (t->dom >= 0 && a->kind == AK_LINUX) {
		const struct rt_dl_adm_dom *dd = &a->admdom[t->dom];
		bool first = true;

		fprintf(f, ", \"cap\": ");
		if (dd->unlimited)
			fprintf(f, "null");
		else
			fprintf(f, "%" PRIu64, (uint64_t)dd->cap);
		if (s->capacity)        /* a uniform platform */
			fprintf(f, ", \"capacity\": %" PRIu64, dd->capacity);
		fprintf(f, ", \"fair\": %" PRIu64 ", \"total\": %" PRIu64,
			   dd->fair, dd->total);
		if (dd->peak != dd->total)      /* some task left */
			fprintf(f, ", \"peak\": %" PRIu64, dd->peak);
		fprintf(f, ", \"tasks\": [");
		for (size_t i = 0; i < s->ntasks; i++) {
			if (api_analysis_task_dom(a, i) != (unsigned)t->dom ||
			    !a->adm[i].deadline)
				continue;
			fprintf(f, "%s{\"task\": ", first ? "" : ", ");
			api_json_str(f, s->tasks[i].name);
			fprintf(f, ", \"dl_bw\": %" PRIu64 ", \"before\": %" PRIu64
				   ", \"admitted\": %s", a->adm[i].dl_bw,
				   a->adm[i].before,
				   a->adm[i].accepted ? "true" : "false");
			if (a->adm[i].undetermined)
				fprintf(f, ", \"undetermined\": true, "
					   "\"before_latest\": %" PRIu64,
					   a->adm[i].before_hi);
			fprintf(f, "}");
			first = false;
		}
		fprintf(f, "]");
	}
	if (t->value) {
		fprintf(f, ", \"bandwidth\": ");
		api_json_str(f, t->value);
	}
	fprintf(f, "}");
}

void api_analysis_print_json(FILE *f, const struct dlsim_analysis *a)
{
	const struct scn_scenario *s = a->s;
	const struct sim_stats *st = a->sim->stats;
	bool first = true, cov_unknown = false;
	rt_time cov = 0;

	fprintf(f, "{\"scenario\": ");
	api_json_str(f, s->name);
	fprintf(f, ", \"time_unit\": \"%s\", \"cpus\": %u, \"policy\": ",
		   scn_internal_unit_name(s->time_unit), s->cpus);
	api_json_str(f, s->sched.policy);
	if (api_analysis_fp(a))
		fprintf(f, ", \"priorities\": \"%s\"",
			   rt_fp_order_name(s->sched.priorities));
	fprintf(f, ", \"placement\": \"%s\", \"cluster_size\": %u",
		   scn_placement_name(s->sched.placement), s->sched.cluster_size);
	fprintf(f, ", \"utilization\": \"%s\", \"density\": \"%s\",\n \"tests\": [",
		   a->u, a->density);
	for (size_t i = 0; i < a->ntests; i++) {
		fprintf(f, "%s", i ? "," : "");
		analyze_json_test(f, a, &a->tests[i]);
	}
	fprintf(f, "],\n \"compared\": [");
	for (size_t i = 0; i < a->ntests; i++) {
		if (!a->tests[i].about_sim || (i && a->tests[i - 1].about_sim &&
		    a->tests[i - 1].info == a->tests[i].info))
			continue;       /* one name for a test's domain rows */
		fprintf(f, "%s\"%s\"", first ? "" : ", ", a->tests[i].name);
		first = false;
	}
	fprintf(f, "],\n \"model\": {\"sporadic\": %s, \"jitter\": %s, "
		   "\"demand_above_c\": %s, \"releases_closer_than_t\": %s},\n",
		   a->conform ? "true" : "false",
		   a->bits & RT_MODEL_JITTER ? "true" : "false",
		   a->bits & RT_MODEL_DEMAND ? "true" : "false",
		   a->bits & RT_MODEL_CLOSE ? "true" : "false");
	fprintf(f, " \"simulation\": {\"horizon\": %" PRId64 ", \"horizon_source\": \"%s\", "
		   "\"exact\": %s, \"jobs\": %" PRIu64 ", \"misses\": %" PRIu64 ", ",
		   st->horizon, sim_horizon_source_name(a->sim->h.source),
		   a->sim->h.exact ? "true" : "false", st->jobs, st->misses);
	analyze_json_obs(f, "max_tardiness", st->max_tardiness, a->any_unknown);
	fprintf(f, ", \"first_miss\": ");
	if (st->has_first_miss) {
		const struct sim_miss *fm = &st->first_miss;

		fprintf(f, "{\"task\": ");
		api_json_str(f, s->tasks[fm->task].name);
		fprintf(f, ", \"job\": %" PRIu64 ", \"release\": %" PRId64
			   ", \"deadline\": %" PRId64 ", \"finish\": ", fm->job,
			   fm->release, fm->deadline);
		analyze_json_time(f, fm->finish);
		fprintf(f, "}");
	} else {
		fprintf(f, "null");
	}
	fprintf(f, ", \"server_misses\": %" PRIu64 "},\n \"tardiness\": {\"bound\": ",
		   st->server_misses);
	if (a->bound_kind == BOUND_EXACT || a->bound_kind == BOUND_UPPER)
		fprintf(f, "%" PRId64, a->bound);
	else
		fprintf(f, "null");
	fprintf(f, ", \"bound_source\": \"%s\", ", api_analysis_bound_name(a->bound_kind));
	/* the bound speaks for the tasks it covers: "observed" over those,
	 * "observed_all" over every task when some have no bound */
	if (api_analysis_observed_bounded(a, &cov, &cov_unknown)) {
		analyze_json_obs(f, "observed", cov, cov_unknown);
		fprintf(f, ", ");
		analyze_json_obs(f, "observed_all", st->max_tardiness,
				 a->any_unknown);
	} else {
		analyze_json_obs(f, "observed", st->max_tardiness,
				 a->any_unknown);
	}
	if (a->da_x != RT_TIME_NEVER)
		fprintf(f, ", \"devi_anderson_x\": %" PRId64, a->da_x);
	if (a->bound_note[0]) {
		fprintf(f, ", \"note\": ");
		api_json_str(f, a->bound_note);
	}
	if (a->resp) {
		fprintf(f, ", \"per_task\": [");
		for (size_t i = 0; i < s->ntasks; i++) {
			fprintf(f, "%s{\"task\": ", i ? ", " : "");
			api_json_str(f, s->tasks[i].name);
			fprintf(f, ", \"response_bound\": ");
			analyze_json_time(f, a->resp[i]);
			fprintf(f, ", \"tardiness_bound\": ");
			analyze_json_time(f, a->tard[i]);
			fprintf(f, ", \"observed_response\": %" PRId64 ", ",
				   st->tasks[i].max_response);
			analyze_json_obs(f, "observed_tardiness",
					 st->tasks[i].max_tardiness,
					 a->tard_unknown[i]);
			fprintf(f, "}");
		}
		fprintf(f, "]");
	}
	fprintf(f, "},\n \"contradictions\": [");
	for (size_t i = 0; i < a->ncontra; i++) {
		fprintf(f, "%s{\"test\": ", i ? ", " : "");
		api_json_str(f, a->contra[i].test);
		fprintf(f, ", \"detail\": ");
		api_json_str(f, a->contra[i].detail);
		fprintf(f, "}");
	}
	fprintf(f, "]%s", a->oblivious ? ", \"suspension\": \"oblivious\"" : "");
	fprintf(f, ", \"left_out\": [");
	first = true;
	for (size_t i = 0; i < s->ntasks; i++) {
		if (!a->left_out[i])
			continue;
		fprintf(f, "%s{\"task\": ", first ? "" : ", ");
		api_json_str(f, s->tasks[i].name);
		fprintf(f, ", \"reason\": ");
		api_json_str(f, a->left_out[i]);
		fprintf(f, "}");
		first = false;
	}
	fprintf(f, "], \"no_job_guarantee\": [");
	first = true;
	for (size_t i = 0; i < s->ntasks; i++) {
		const char *why = a->kind == AK_CBS ?
			(a->cbs_g[i] == RT_CBS_GUARANTEED ||
			 a->cbs_g[i] == RT_CBS_NOT_SERVED ? NULL :
			 rt_cbs_guarantee_reason(a->cbs_g[i])) : a->no_job[i];

		if (!why)
			continue;
		fprintf(f, "%s{\"task\": ", first ? "" : ", ");
		api_json_str(f, s->tasks[i].name);
		fprintf(f, ", \"reason\": ");
		api_json_str(f, why);
		fprintf(f, "}");
		first = false;
	}
	fprintf(f, "]}\n");
}

/* Tasks whose jobs an accept does not cover (linux-dl, cbs). */
