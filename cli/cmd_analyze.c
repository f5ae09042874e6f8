/* cmd_analyze.c - `dlsim analyze SCENARIO.yaml`: every applicable admission
 * test, the simulation, and the tardiness bound side by side, with every
 * contradiction between them flagged (DESIGN 5). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/simulate.h"
#include "models/analysis_uni.h"
#include "models/frac.h"
#include "models/tardiness.h"
#include "models/tests.h"

static const char analyze_help[] =
"Usage: dlsim analyze SCENARIO.yaml [--json] [--until T]\n"
"\n"
"Answer 'will every deadline be met?' three ways and compare them:\n"
"  1. admission tests for the platform (one CPU: utilization U <= 1,\n"
"     density sum C/min(D,T) <= 1, processor demand criterion 'pdc' and QPA\n"
"     'qpa', both exact), in exact rational arithmetic;\n"
"  2. a simulation of the scenario (see 'dlsim run --help' for the horizon);\n"
"     on one CPU a synchronous periodic scenario simulated over its busy\n"
"     period L_b is itself an exact test ('exact: true');\n"
"  3. the tardiness bound (one CPU, U <= 1: the exact maximum tardiness\n"
"     max(0, max_t dbf(t) - t), and Spuri's per-task response-time bound),\n"
"     next to the tardiness observed in simulation.\n"
"A contradiction (an exact or sufficient test accepts but the simulation\n"
"misses; an exact test rejects but an exact simulation does not; observed\n"
"tardiness above the bound) is listed and makes the exit status 5.  The\n"
"tests assume the sporadic model; when the scenario leaves it (jitter,\n"
"overruns, releases closer than T) the comparison is skipped, and said so.\n"
"\n"
"Options:\n"
"  --json      print one JSON object (fields: docs/formats.md)\n"
"  --until T   simulation horizon (default as for 'dlsim run')\n"
"  --help      this text\n"
"\n"
"Example (Dario's case: utilization accepts, density and exact tests\n"
"reject, the simulation misses by 3):\n"
"  dlsim analyze scenarios/examples/dario.yaml\n";

#define ANALYZE_MAX_TESTS 32

struct analyze_test {
	const struct rt_test_info *info;
	struct rt_test_result res;
};

struct analyze_contra {
	char test[64];
	char detail[240];
};

struct analyze {
	const struct scn_scenario *s;
	char u[96], density[96];
	struct analyze_test tests[ANALYZE_MAX_TESTS];
	size_t ntests;
	bool conform;                   /* scenario within the sporadic model */
	bool has_bound;
	rt_time bound;                  /* exact max tardiness */
	const char *bound_source;
	char bound_note[RT_DIAG_MAX];
	rt_time *resp;                  /* per-task response bound, or NULL */
	rt_time da_x;                   /* Devi-Anderson x, or RT_TIME_NEVER */
	struct cli_sim cs;
	struct analyze_contra contra[ANALYZE_MAX_TESTS + 2];
	size_t ncontra;
};

static void analyze_fracs(struct analyze *a)
{
	struct rt_frac *f = NULL;

	snprintf(a->u, sizeof(a->u), "?");
	snprintf(a->density, sizeof(a->density), "?");
	if (rt_frac_utilization(a->s->tasks, a->s->ntasks, &f) == RT_OK)
		rt_frac_format(f, a->u, sizeof(a->u));
	rt_frac_destroy(f);
	f = NULL;
	if (rt_frac_density(a->s->tasks, a->s->ntasks, &f) == RT_OK)
		rt_frac_format(f, a->density, sizeof(a->density));
	rt_frac_destroy(f);
}

static int analyze_tests(struct analyze *a)
{
	const struct scn_scenario *s = a->s;

	for (size_t i = 0; rt_tests[i] && a->ntests < ANALYZE_MAX_TESTS; i++) {
		const struct rt_test_info *ti = rt_tests[i];
		struct analyze_test *t = &a->tests[a->ntests];
		struct rt_diag d = { "" };
		enum rt_err err;

		if (ti->applies && !ti->applies(s->cpus))
			continue;
		memset(t, 0, sizeof(*t));
		t->info = ti;
		t->res.witness = RT_TIME_NEVER;
		err = ti->run(s->tasks, s->ntasks, s->cpus, &t->res, &d);
		if (err != RT_OK) {
			t->res.verdict = RT_VERDICT_NA;
			snprintf(t->res.note, sizeof(t->res.note), "%.*s",
				 (int)sizeof(t->res.note) - 1,
				 d.msg[0] ? d.msg : rt_strerror(err));
		}
		a->ntests++;
	}
	return CLI_EXIT_OK;
}

/*
 * Global EDF on m CPUs (THEORY D.1, D.2): per task, the smaller response
 * bound of Devi & Anderson (implicit deadlines: D_i + C_i + x) and of the
 * compliant-vector analysis; the system bound is the largest per-task
 * tardiness bound max(0, R_i - D_i).  Other placements: no bound here.
 */
static void analyze_tardiness_global(struct analyze *a)
{
	const struct scn_scenario *s = a->s;
	size_t n = s->ntasks;
	struct rt_tard_result da = { .status = RT_TARD_NA }, cva = da;
	rt_time *r_da = calloc(n, sizeof(*r_da)), *r_cva = calloc(n, sizeof(*r_cva));
	bool used_da = false, used_cva = false;
	struct rt_diag d = { "" };

	a->resp = calloc(n, sizeof(*a->resp));
	if (!r_da || !r_cva || !a->resp) {
		snprintf(a->bound_note, sizeof(a->bound_note), "out of memory");
		goto out;
	}
	if (s->sched.placement != SCN_PLACE_GLOBAL) {
		snprintf(a->bound_note, sizeof(a->bound_note),
			 "tardiness bounds here are for global EDF");
		goto out;
	}
	if (rt_tard_devi_anderson(s->tasks, n, s->cpus, &da, NULL, r_da, &d) != RT_OK)
		da.status = RT_TARD_NA;
	if (rt_tard_cva(s->tasks, n, s->cpus, &cva, NULL, r_cva, &d) != RT_OK)
		cva.status = RT_TARD_NA;
	a->da_x = da.status == RT_TARD_BOUNDED ? da.x : RT_TIME_NEVER;
	if (da.status == RT_TARD_UNBOUNDED || cva.status == RT_TARD_UNBOUNDED) {
		a->bound_source = "unbounded";
		snprintf(a->bound_note, sizeof(a->bound_note), "%s",
			 da.status == RT_TARD_UNBOUNDED ? da.why : cva.why);
		goto out;
	}
	if (da.status != RT_TARD_BOUNDED && cva.status != RT_TARD_BOUNDED) {
		snprintf(a->bound_note, sizeof(a->bound_note), "%s",
			 cva.why && cva.why[0] ? cva.why : "no bound applies");
		goto out;
	}
	a->bound = 0;
	for (size_t i = 0; i < n; i++) {
		bool take_da = da.status == RT_TARD_BOUNDED &&
			       (cva.status != RT_TARD_BOUNDED || r_da[i] <= r_cva[i]);
		rt_time tb;

		a->resp[i] = take_da ? r_da[i] : r_cva[i];
		used_da = used_da || take_da;
		used_cva = used_cva || !take_da;
		tb = a->resp[i] - s->tasks[i].deadline;
		if (tb > a->bound)
			a->bound = tb;
	}
	a->has_bound = true;
	a->bound_source = used_da && used_cva ? "devi-anderson+cva" :
			  used_da ? "devi-anderson" : "cva";
out:
	if (!a->has_bound) {
		free(a->resp);
		a->resp = NULL;
	}
	free(r_da);
	free(r_cva);
}

/* Exact tardiness bound on one CPU with U <= 1 (THEORY D.3, A.7). */
static void analyze_tardiness(struct analyze *a)
{
	const struct scn_scenario *s = a->s;
	struct rt_diag d = { "" };
	bool u_ok = false;
	enum rt_err err;

	a->bound_source = "none";
	if (s->cpus != 1) {
		analyze_tardiness_global(a);
		return;
	}
	if (rt_uni_utilization_test(s->tasks, s->ntasks, &u_ok) != RT_OK)
		return;
	if (!u_ok) {
		a->bound_source = "unbounded";
		snprintf(a->bound_note, sizeof(a->bound_note),
			 "U > 1: tardiness grows without bound");
		return;
	}
	err = rt_uni_max_tardiness_limit(s->tasks, s->ntasks, RT_UNI_BUDGET_DEFAULT,
					 &a->bound, &d);
	if (err != RT_OK) {
		snprintf(a->bound_note, sizeof(a->bound_note), "%.*s",
			 RT_DIAG_MAX - 1, d.msg[0] ? d.msg : rt_strerror(err));
		return;
	}
	a->has_bound = true;
	a->bound_source = "exact";
	a->resp = calloc(s->ntasks, sizeof(*a->resp));
	if (a->resp && rt_uni_rta_limit(s->tasks, s->ntasks, RT_UNI_BUDGET_DEFAULT,
					   a->resp, &d) != RT_OK) {
		free(a->resp);
		a->resp = NULL;
	}
}

static void analyze_add_contra(struct analyze *a, const char *test,
			       const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void analyze_add_contra(struct analyze *a, const char *test,
			       const char *fmt, ...)
{
	struct analyze_contra *c;
	va_list ap;

	if (a->ncontra >= sizeof(a->contra) / sizeof(a->contra[0]))
		return;
	c = &a->contra[a->ncontra++];
	snprintf(c->test, sizeof(c->test), "%s", test);
	va_start(ap, fmt);
	vsnprintf(c->detail, sizeof(c->detail), fmt, ap);
	va_end(ap);
}

/*
 * Does test t make a claim about what was simulated?  On one CPU every test
 * analyses preemptive EDF.  On m CPUs the global tests (gfb ... ffdbf)
 * analyse global EDF only; a partitioned-<heuristic> test analyses the
 * partition its heuristic finds, which the simulation only reproduces when
 * it packs with the same heuristic (not compared here).
 */
static bool analyze_test_matches_sim(const struct analyze *a,
				     const struct analyze_test *t)
{
	if (a->s->cpus == 1)
		return true;
	if (!strncmp(t->info->name, "partitioned-", 12))
		return false;
	return a->s->sched.placement == SCN_PLACE_GLOBAL;
}

/* Every disagreement between a claim and the simulation (DESIGN 5). */
static void analyze_compare(struct analyze *a)
{
	const struct sim_stats *st = a->cs.stats;
	bool missed = st->misses > 0;

	if (!a->conform || strcmp(a->s->sched.policy, "edf") != 0)
		return;
	for (size_t i = 0; i < a->ntests; i++) {
		const struct analyze_test *t = &a->tests[i];
		enum rt_test_kind k = t->res.kind;

		if (!analyze_test_matches_sim(a, t))
			continue;
		if (t->res.verdict == RT_VERDICT_ACCEPT && missed &&
		    (k == RT_KIND_EXACT || k == RT_KIND_SUFFICIENT))
			analyze_add_contra(a, t->info->name,
					   "%s test accepts, but the simulation missed "
					   "%" PRIu64 " deadline(s)",
					   rt_test_kind_name(k), st->misses);
		if (t->res.verdict == RT_VERDICT_REJECT && !missed &&
		    k == RT_KIND_EXACT && a->cs.h.exact)
			analyze_add_contra(a, t->info->name,
					   "exact test rejects, but the exact simulation "
					   "over the busy period has no miss");
	}
	for (size_t i = 0; a->resp && i < a->s->ntasks; i++)
		if (st->tasks[i].max_response > a->resp[i])
			analyze_add_contra(a, "tardiness",
					   "task %s: observed response %" PRId64
					   " exceeds the %s bound %" PRId64,
					   a->s->tasks[i].name, st->tasks[i].max_response,
					   a->bound_source, a->resp[i]);
	if (a->has_bound && st->max_tardiness > a->bound)
		analyze_add_contra(a, "tardiness",
				   "observed tardiness %" PRId64 " exceeds the %s "
				   "bound %" PRId64, st->max_tardiness,
				   a->bound_source, a->bound);
	if (a->has_bound && a->cs.h.exact &&
	    a->s->sched.on_miss == SIM_ON_MISS_CONTINUE &&
	    st->max_tardiness != a->bound)
		analyze_add_contra(a, "tardiness",
				   "exact simulation's maximum tardiness %" PRId64
				   " differs from the exact bound %" PRId64,
				   st->max_tardiness, a->bound);
}

static void analyze_json_time(rt_time t)
{
	if (t == RT_TIME_NEVER)
		printf("null");
	else
		printf("%" PRId64, t);
}

static void analyze_print_json(struct analyze *a)
{
	const struct scn_scenario *s = a->s;
	const struct sim_stats *st = a->cs.stats;

	printf("{\"scenario\": ");
	cli_json_str(stdout, s->name);
	printf(", \"time_unit\": \"%s\", \"cpus\": %u, \"utilization\": \"%s\", "
	       "\"density\": \"%s\",\n \"tests\": [",
	       scn_internal_unit_name(s->time_unit), s->cpus, a->u, a->density);
	for (size_t i = 0; i < a->ntests; i++) {
		const struct analyze_test *t = &a->tests[i];

		printf("%s\n  {\"name\": \"%s\", \"kind\": \"%s\", \"verdict\": \"%s\"",
		       i ? "," : "", t->info->name, rt_test_kind_name(t->res.kind),
		       rt_verdict_name(t->res.verdict));
		if (t->res.witness != RT_TIME_NEVER)
			printf(", \"witness\": %" PRId64, t->res.witness);
		if (t->res.note[0] && t->res.verdict == RT_VERDICT_NA) {
			printf(", \"note\": ");
			cli_json_str(stdout, t->res.note);
		}
		printf("}");
	}
	printf("],\n \"model\": {\"sporadic\": %s},\n",
	       a->conform ? "true" : "false");
	printf(" \"simulation\": {\"horizon\": %" PRId64 ", \"horizon_source\": \"%s\", "
	       "\"exact\": %s, \"jobs\": %" PRIu64 ", \"misses\": %" PRIu64
	       ", \"max_tardiness\": %" PRId64 ", \"first_miss\": ",
	       st->horizon, sim_horizon_source_name(a->cs.h.source),
	       a->cs.h.exact ? "true" : "false", st->jobs, st->misses,
	       st->max_tardiness);
	if (st->has_first_miss) {
		const struct sim_miss *m = &st->first_miss;

		printf("{\"task\": ");
		cli_json_str(stdout, s->tasks[m->task].name);
		printf(", \"job\": %" PRIu64 ", \"release\": %" PRId64
		       ", \"deadline\": %" PRId64 ", \"finish\": ", m->job,
		       m->release, m->deadline);
		analyze_json_time(m->finish);
		printf("}");
	} else {
		printf("null");
	}
	printf("},\n \"tardiness\": {\"bound\": ");
	if (a->has_bound)
		printf("%" PRId64, a->bound);
	else
		printf("null");
	printf(", \"bound_source\": \"%s\", \"observed\": %" PRId64,
	       a->bound_source, st->max_tardiness);
	if (a->da_x != RT_TIME_NEVER)
		printf(", \"devi_anderson_x\": %" PRId64, a->da_x);
	if (a->bound_note[0]) {
		printf(", \"note\": ");
		cli_json_str(stdout, a->bound_note);
	}
	if (a->resp) {
		printf(", \"per_task\": [");
		for (size_t i = 0; i < s->ntasks; i++) {
			rt_time tb = a->resp[i] - s->tasks[i].deadline;

			printf("%s{\"task\": ", i ? ", " : "");
			cli_json_str(stdout, s->tasks[i].name);
			printf(", \"response_bound\": %" PRId64 ", \"tardiness_bound\": %"
			       PRId64 ", \"observed_response\": %" PRId64
			       ", \"observed_tardiness\": %" PRId64 "}",
			       a->resp[i], tb > 0 ? tb : 0,
			       st->tasks[i].max_response, st->tasks[i].max_tardiness);
		}
		printf("]");
	}
	printf("},\n \"contradictions\": [");
	for (size_t i = 0; i < a->ncontra; i++) {
		printf("%s{\"test\": ", i ? ", " : "");
		cli_json_str(stdout, a->contra[i].test);
		printf(", \"detail\": ");
		cli_json_str(stdout, a->contra[i].detail);
		printf("}");
	}
	printf("]}\n");
}

static void analyze_print_text(struct analyze *a)
{
	const struct scn_scenario *s = a->s;
	const struct sim_stats *st = a->cs.stats;
	char b1[48], b2[48], b3[48];
	bool any_exact = false, exact_accepts = false;
	int w = 14;                     /* width of the test-name column */

	printf("%s: %zu task%s on %u CPU%s (times in %s)\n", s->name, s->ntasks,
	       s->ntasks == 1 ? "" : "s", s->cpus, s->cpus == 1 ? "" : "s",
	       scn_time_unit_name(s->time_unit));
	printf("  utilization U = %s, density = %s\n\n", a->u, a->density);
	for (size_t i = 0; i < a->ntests; i++)
		if ((int)strlen(a->tests[i].info->name) > w)
			w = (int)strlen(a->tests[i].info->name);
	printf("  %-*s %-11s %-8s %s\n", w, "test", "kind", "verdict", "witness");
	for (size_t i = 0; i < a->ntests; i++) {
		const struct analyze_test *t = &a->tests[i];

		printf("  %-*s %-11s %-8s", w, t->info->name,
		       rt_test_kind_name(t->res.kind),
		       rt_verdict_name(t->res.verdict));
		if (t->res.witness != RT_TIME_NEVER)
			printf(" dbf(t) > t at t = %s",
			       cli_fmt_time(s, t->res.witness, b1, sizeof(b1)));
		if (t->res.note[0])
			printf(" (%s)", t->res.note);
		printf("\n");
		if (t->res.kind == RT_KIND_EXACT && t->res.verdict != RT_VERDICT_NA) {
			any_exact = true;
			exact_accepts = t->res.verdict == RT_VERDICT_ACCEPT;
		}
	}
	printf("\n  simulation: horizon %s (%s), %" PRIu64 " jobs, %" PRIu64
	       " miss%s, max tardiness %s\n",
	       cli_fmt_time(s, st->horizon, b1, sizeof(b1)),
	       sim_horizon_source_name(a->cs.h.source), st->jobs, st->misses,
	       st->misses == 1 ? "" : "es",
	       cli_fmt_time(s, st->max_tardiness, b2, sizeof(b2)));
	if (a->cs.h.exact)
		printf("    exact: synchronous periodic release over the busy period "
		       "is the worst case on one CPU\n");
	else if (s->cpus > 1)
		printf("    not exact: on %u CPUs a clean simulation is not a proof "
		       "(synchronous release is not the worst case)\n", s->cpus);
	else
		printf("    not exact: the simulated release pattern is not proven "
		       "worst-case (a miss still proves unschedulability)\n");
	if (st->has_first_miss) {
		const struct sim_miss *m = &st->first_miss;

		printf("    first miss: %s job %" PRIu64 ", released %s, deadline %s, "
		       "finished %s\n", s->tasks[m->task].name, m->job,
		       cli_fmt_time(s, m->release, b1, sizeof(b1)),
		       cli_fmt_time(s, m->deadline, b2, sizeof(b2)),
		       m->finish == RT_TIME_NEVER ? "never (pending at horizon)" :
		       cli_fmt_time(s, m->finish, b3, sizeof(b3)));
	}
	if (a->has_bound) {
		printf("\n  tardiness: %s bound %s, observed %s\n", a->bound_source,
		       cli_fmt_time(s, a->bound, b1, sizeof(b1)),
		       cli_fmt_time(s, st->max_tardiness, b2, sizeof(b2)));
		for (size_t i = 0; a->resp && i < s->ntasks; i++) {
			rt_time tb = a->resp[i] - s->tasks[i].deadline;

			printf("    %-12s worst response %s (tardiness <= %s), observed %s\n",
			       s->tasks[i].name,
			       cli_fmt_time(s, a->resp[i], b1, sizeof(b1)),
			       cli_fmt_time(s, tb > 0 ? tb : 0, b2, sizeof(b2)),
			       cli_fmt_time(s, st->tasks[i].max_response, b3, sizeof(b3)));
		}
	} else {
		printf("\n  tardiness: no bound (%s), observed %s\n",
		       a->bound_note[0] ? a->bound_note : a->bound_source,
		       cli_fmt_time(s, st->max_tardiness, b1, sizeof(b1)));
	}
	if (!a->conform)
		printf("\n  note: the scenario leaves the sporadic model (jitter, overrun "
		       "or releases closer than T);\n        tests and simulation "
		       "answer different questions, so they are not compared\n");
	printf("\n  verdict: ");
	if (any_exact && exact_accepts)
		printf("schedulable (exact test: no sporadic release pattern "
		       "misses)%s\n", st->misses ? ";\n           the simulated "
		       "scenario leaves the sporadic model and misses" : "");
	else if (any_exact)
		printf("NOT schedulable (exact test: the synchronous release "
		       "misses)%s\n", !st->misses ? ";\n           this "
		       "scenario's own releases happen not to miss" : "");
	else if (st->misses)
		printf("NOT schedulable (the simulation found a miss)\n");
	else
		printf("no miss observed; no exact test for this platform\n");
	if (a->ncontra) {
		printf("\n  CONTRADICTIONS (a bug in dlsim; please report):\n");
		for (size_t i = 0; i < a->ncontra; i++)
			printf("    %s: %s\n", a->contra[i].test, a->contra[i].detail);
	} else {
		printf("  contradictions: none\n");
	}
}

int cmd_analyze(int argc, char **argv)
{
	const char *path = NULL, *until_s = NULL;
	bool json = false;
	struct scn_scenario *s = NULL;
	struct analyze a;
	struct sim_horizon h;
	rt_time until;
	int rc;

	for (int i = 1; i < argc; i++) {
		bool bad = false;

		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(analyze_help, stdout);
			return CLI_EXIT_OK;
		} else if (!strcmp(argv[i], "--json")) {
			json = true;
		} else if (cli_opt_value(argc, argv, &i, "--until", &until_s, &bad,
					 "analyze")) {
			if (bad)
				return CLI_EXIT_USAGE;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_usage_error("analyze", "unknown option '%s'", argv[i]);
		} else if (path) {
			return cli_usage_error("analyze", "only one scenario file, please");
		} else {
			path = argv[i];
		}
	}
	if (!path)
		return cli_usage_error("analyze", "missing SCENARIO.yaml");
	rc = cli_load(path, &s);
	if (rc != CLI_EXIT_OK)
		return rc;
	memset(&a, 0, sizeof(a));
	a.s = s;
	a.da_x = RT_TIME_NEVER;
	rc = cli_parse_until("analyze", s, until_s, &until);
	if (rc == CLI_EXIT_OK)
		rc = cli_horizon(s, until, &h);
	if (rc != CLI_EXIT_OK)
		goto out;
	a.conform = true;
	for (size_t i = 0; i < s->ntasks; i++)
		a.conform = a.conform && rt_task_is_sporadic_conform(&s->tasks[i]);
	analyze_fracs(&a);
	analyze_tests(&a);
	analyze_tardiness(&a);
	rc = cli_simulate(s, &h, NULL, 0, cli_progress_wanted(json), &a.cs);
	if (rc != CLI_EXIT_OK)
		goto out;
	analyze_compare(&a);
	if (json)
		analyze_print_json(&a);
	else
		analyze_print_text(&a);
	cli_sim_fini(&a.cs);
	if (fflush(stdout) != 0) {
		cli_error("cannot write to standard output");
		rc = CLI_EXIT_IO;
	} else if (a.ncontra) {
		rc = CLI_EXIT_CONTRADICTION;
	}
out:
	free(a.resp);
	scn_free(s);
	return rc;
}
