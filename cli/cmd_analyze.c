/* cmd_analyze.c - `dlsim analyze SCENARIO.yaml`: every applicable admission
 * test, the simulation, and the tardiness bound side by side, with every
 * contradiction between them flagged (DESIGN 5).
 *
 * A test is compared with the simulation only when it analyses what was
 * simulated (policy and placement; analyze_about_sim): the uniprocessor
 * EDF tests for edf on one CPU, the global EDF tests for edf with one
 * cluster of all CPUs, partitioned-<h> for edf partitioned by heuristic h
 * with no explicit cpu:, fp-rta (with the scenario's priority order) for
 * fp on one CPU.  Any other pairing answers a different question, so a
 * disagreement there is not a contradiction.
 *
 * Self-suspending tasks (suspend:): the tests and bounds know nothing
 * about suspension, so they analyse the suspension-oblivious task set
 * (cli_oblivious: C + the suspension lengths), which is safe but no
 * longer exact for the simulated system: an exact test's accept is then
 * a sufficient one, its reject proves nothing, a bound is an upper bound,
 * and the output says so. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/simulate.h"
#include "models/analysis_fp.h"
#include "models/analysis_uni.h"
#include "models/frac.h"
#include "models/partition.h"
#include "models/tardiness.h"
#include "models/tests.h"

static const char analyze_help[] =
"Usage: dlsim analyze SCENARIO.yaml [--json] [--until T]\n"
"\n"
"Answer 'will every deadline be met?' three ways and compare them:\n"
"  1. admission tests for the platform (one CPU: utilization U <= 1,\n"
"     density sum C/min(D,T) <= 1, processor demand criterion 'pdc' and QPA\n"
"     'qpa', both exact, and the fixed-priority response-time analysis\n"
"     'fp-rta'; m CPUs: U <= m, the global EDF tests gfb, bak, bcl,\n"
"     bcl-iterative, rta, bar, ffdbf, and partitioned-<heuristic>), in\n"
"     exact arithmetic;\n"
"  2. a simulation of the scenario (see 'dlsim run --help' for the horizon);\n"
"     on one CPU (or per CPU when partitioned) a synchronous periodic\n"
"     scenario simulated over its busy period is itself an exact test\n"
"     ('exact: true'); on m CPUs with migration it is not a proof;\n"
"  3. the tardiness bound next to the tardiness observed in simulation:\n"
"     exact on one CPU (EDF: max(0, max_t dbf(t) - t) and Spuri's per-task\n"
"     response times; fp: the response-time analysis), per CPU when\n"
"     partitioned, and the compliant-vector / Devi-Anderson upper bounds\n"
"     for global EDF (per cluster when clustered).\n"
"A contradiction (an exact or sufficient test that analyses the simulated\n"
"policy and placement accepts but the simulation misses; such an exact test\n"
"rejects but an exact simulation does not; observed tardiness or response\n"
"above a bound) is listed and makes the exit status 5.  Tests about another\n"
"policy or placement are shown but not compared.  The tests assume the\n"
"sporadic model; when the scenario leaves it (jitter, overruns, releases\n"
"closer than T) the comparison is skipped, and said so.  Self-suspending\n"
"tasks are analysed suspension-oblivious (suspension counted as execution:\n"
"safe, not exact), and said so.\n"
"\n"
"Options:\n"
"  --json      print one JSON object (fields: docs/cli.md)\n"
"  --until T   simulation horizon (default as for 'dlsim run')\n"
"  --help      this text\n"
"\n"
"Example (Dario's case: utilization accepts, density and exact tests\n"
"reject, the simulation misses by 3):\n"
"  dlsim analyze scenarios/examples/dario.yaml\n";

#define ANALYZE_MAX_TESTS 48

struct analyze_test {
	const struct rt_test_info *info;
	struct rt_test_result res;
	bool about_sim;                 /* analyses the simulated system */
};

struct analyze_contra {
	char test[64];
	char detail[240];
};

enum analyze_bound {
	BOUND_NONE = 0,                 /* no bound applies */
	BOUND_UNBOUNDED,                /* tardiness grows without bound */
	BOUND_EXACT,                    /* exact worst case */
	BOUND_UPPER                     /* an upper bound (global EDF) */
};

struct analyze {
	const struct scn_scenario *s;
	const unsigned *cluster;        /* cli_place result or NULL */
	char u[96], density[96];
	struct analyze_test tests[ANALYZE_MAX_TESTS];
	size_t ntests;
	bool conform;                   /* scenario within the sporadic model */
	enum analyze_bound bound_kind;
	rt_time bound;                  /* max tardiness bound (EXACT/UPPER) */
	char bound_note[RT_DIAG_MAX];
	bool admission_off;             /* the scenario admits at run time;
					 * analyze simulates every task */
	rt_time *resp;                  /* per-task response bound, or NULL */
	rt_time da_x;                   /* Devi-Anderson x, or RT_TIME_NEVER */
	rt_time *tard;                  /* per-task tardiness bound, or NULL */
	struct cli_sim cs;
	bool oblivious;                 /* tasks suspend: s is the oblivious set */
	struct analyze_contra contra[ANALYZE_MAX_TESTS + 8];
	size_t ncontra;
};

static const char *analyze_bound_name(enum analyze_bound b)
{
	switch (b) {
	case BOUND_UNBOUNDED:
		return "unbounded";
	case BOUND_EXACT:
		return "exact";
	case BOUND_UPPER:
		return "upper";
	case BOUND_NONE:
		break;
	}
	return "none";
}

static bool analyze_is(const struct scn_scenario *s, const char *policy)
{
	return !strcmp(s->sched.policy, policy);
}

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

/* Does registry test 'name' analyse the simulated policy and placement?
 * (See the file comment.)  Unknown tests: no. */
static bool analyze_about_sim(const struct scn_scenario *s, const char *name)
{
	static const char *const uni[] = { "utilization", "density", "pdc",
					   "qpa" };
	static const char *const glob[] = { "utilization", "gfb", "bak", "bcl",
					    "bcl-iterative", "rta", "bar",
					    "ffdbf" };
	const struct scn_scheduler *k = &s->sched;
	bool edf = analyze_is(s, "edf");
	enum rt_part_heuristic h;

	if (!strcmp(name, "fp-rta"))
		return analyze_is(s, "fp") && s->cpus == 1;
	if (!edf || (k->placement == SCN_PLACE_CPUSETS && k->ncpusets > 1))
		return false;   /* no registry test analyses cpusets */
	if (s->cpus == 1) {
		for (size_t i = 0; i < sizeof(uni) / sizeof(uni[0]); i++)
			if (!strcmp(name, uni[i]))
				return true;
		return false;
	}
	if (k->cluster_size == s->cpus) {
		for (size_t i = 0; i < sizeof(glob) / sizeof(glob[0]); i++)
			if (!strcmp(name, glob[i]))
				return true;
		return false;
	}
	if (strncmp(name, "partitioned-", 12) != 0 ||
	    !rt_part_find(name + 12, &h) ||
	    k->placement != SCN_PLACE_PARTITIONED || h != k->partitioning)
		return false;
	for (size_t i = 0; i < s->ntasks; i++)
		if (s->tasks[i].cpu >= 0)
			return false;   /* not the test's own packing */
	return true;
}

static void analyze_tests(struct analyze *a)
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
		/* fp-rta with the simulated priority order, not the
		 * registry's deadline-monotonic default. */
		if (!strcmp(ti->name, "fp-rta") && analyze_is(s, "fp"))
			err = rt_fp_rta_test(s->tasks, s->ntasks, s->cpus,
					     s->sched.priorities, &t->res, &d);
		else
			err = ti->run(s->tasks, s->ntasks, s->cpus, &t->res, &d);
		if (err != RT_OK) {
			t->res.verdict = RT_VERDICT_NA;
			snprintf(t->res.note, sizeof(t->res.note), "%.*s",
				 (int)sizeof(t->res.note) - 1,
				 d.msg[0] ? d.msg : rt_strerror(err));
		}
		t->about_sim = analyze_about_sim(s, ti->name);
		a->ntests++;
	}
}

/* ---- tardiness bounds, cluster by cluster (THEORY D) --------------------- */

static void analyze_no_bound(struct analyze *a, enum analyze_bound kind,
			     const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void analyze_no_bound(struct analyze *a, enum analyze_bound kind,
			     const char *fmt, ...)
{
	va_list ap;

	a->bound_kind = kind;
	va_start(ap, fmt);
	vsnprintf(a->bound_note, sizeof(a->bound_note), fmt, ap);
	va_end(ap);
	free(a->resp);
	free(a->tard);
	a->resp = a->tard = NULL;
}

/* Global EDF on a cluster of k > 1 CPUs: the compliant-vector bounds,
 * and Devi-Anderson's when every D = T, the smaller per task (both are
 * upper bounds, THEORY D.1, D.2). */
static bool analyze_global_bound(struct analyze *a, const struct rt_task *sub,
				 size_t n, unsigned k, const char *where,
				 rt_time *resp, rt_time *tard, rt_time *delta)
{
	struct rt_diag d = { "" };
	struct rt_tard_result r, rd;
	rt_time *rda = calloc(n, sizeof(*rda)), *tda = calloc(n, sizeof(*tda));
	bool ok = false;
	enum rt_err err;

	if (!rda || !tda) {
		analyze_no_bound(a, BOUND_NONE, "out of memory");
		goto out;
	}
	err = rt_tard_cva(sub, n, k, &r, tard, resp, &d);
	if (err) {
		analyze_no_bound(a, BOUND_NONE, "%s%s", where,
				 d.msg[0] ? d.msg : rt_strerror(err));
		goto out;
	}
	if (r.status != RT_TARD_BOUNDED) {
		analyze_no_bound(a, r.status == RT_TARD_UNBOUNDED ?
				 BOUND_UNBOUNDED : BOUND_NONE, "%s%s", where,
				 r.why);
		goto out;
	}
	if (rt_tard_devi_anderson(sub, n, k, &rd, tda, rda, NULL) == RT_OK &&
	    rd.status == RT_TARD_BOUNDED) {
		if (k == a->s->cpus)            /* one cluster: global EDF */
			a->da_x = rd.x;
		for (size_t i = 0; i < n; i++) {
			if (rda[i] < resp[i])
				resp[i] = rda[i];
			if (tda[i] < tard[i])
				tard[i] = tda[i];
		}
	}
	for (size_t i = 0; i < n; i++)
		if (tard[i] > *delta)
			*delta = tard[i];
	ok = true;
out:
	free(rda);
	free(tda);
	return ok;
}

/*
 * One cluster's bounds into resp/tard (k entries, in the order of 'sub'),
 * *delta = the cluster's maximum tardiness bound.  One CPU: EDF exact
 * (THEORY D.3, Spuri's RTA A.7) or fp-rta; k > 1 CPUs: global EDF
 * (analyze_global_bound).  Returns false (with the reason set) if there is
 * no bound.
 */
static bool analyze_cluster_bound(struct analyze *a, const struct rt_task *sub,
				  size_t n, unsigned k, const char *where,
				  rt_time *resp, rt_time *tard, rt_time *delta)
{
	const struct scn_scenario *s = a->s;
	struct rt_diag d = { "" };
	enum rt_err err;

	*delta = 0;
	if (k == 1 && analyze_is(s, "fp")) {
		struct rt_fp_result r;

		err = rt_fp_rta(sub, n, s->sched.priorities,
				RT_UNI_BUDGET_DEFAULT, resp, &r, &d);
		if (err) {
			analyze_no_bound(a, BOUND_NONE, "%s%s", where, d.msg);
			return false;
		}
		for (size_t i = 0; i < n; i++) {
			if (resp[i] == RT_TIME_NEVER) {
				analyze_no_bound(a, BOUND_UNBOUNDED, "%slevel "
						 "utilization of %s > 1: its "
						 "tardiness grows without bound",
						 where, sub[i].name);
				return false;
			}
			tard[i] = resp[i] > sub[i].deadline ?
				  resp[i] - sub[i].deadline : 0;
			if (tard[i] > *delta)
				*delta = tard[i];
		}
		return true;
	}
	if (k == 1) {
		bool u_ok = false;

		if (rt_uni_utilization_test(sub, n, &u_ok) != RT_OK || !u_ok) {
			analyze_no_bound(a, BOUND_UNBOUNDED, "%sU > 1: tardiness "
					 "grows without bound", where);
			return false;
		}
		err = rt_uni_max_tardiness_limit(sub, n, RT_UNI_BUDGET_DEFAULT,
						 delta, &d);
		if (!err)
			err = rt_uni_rta_limit(sub, n, RT_UNI_BUDGET_DEFAULT,
					       resp, &d);
		if (err) {
			analyze_no_bound(a, BOUND_NONE, "%s%s", where,
					 d.msg[0] ? d.msg : rt_strerror(err));
			return false;
		}
		for (size_t i = 0; i < n; i++)
			tard[i] = resp[i] > sub[i].deadline ?
				  resp[i] - sub[i].deadline : 0;
		return true;
	}
	return analyze_global_bound(a, sub, n, k, where, resp, tard, delta);
}

static void analyze_tardiness(struct analyze *a)
{
	const struct scn_scenario *s = a->s;
	unsigned k = s->sched.cluster_size, ncl = s->cpus / k;
	struct rt_task *sub = NULL;
	size_t *idx = NULL;
	rt_time *r = NULL, *t = NULL;

	a->bound_kind = BOUND_NONE;
	if (!analyze_is(s, "edf") && !analyze_is(s, "fp")) {
		snprintf(a->bound_note, sizeof(a->bound_note),
			 "no tardiness bound for policy %s", s->sched.policy);
		return;
	}
	if (s->sched.placement == SCN_PLACE_CPUSETS && s->sched.ncpusets > 1) {
		snprintf(a->bound_note, sizeof(a->bound_note),
			 "no tardiness bound for cpusets of different sizes");
		return;
	}
	if (analyze_is(s, "fp") && k > 1) {
		snprintf(a->bound_note, sizeof(a->bound_note),
			 "no tardiness bound for fixed priority on %u CPUs "
			 "sharing a runqueue", k);
		return;
	}
	a->resp = calloc(s->ntasks, sizeof(*a->resp));
	a->tard = calloc(s->ntasks, sizeof(*a->tard));
	sub = calloc(s->ntasks, sizeof(*sub));
	idx = calloc(s->ntasks, sizeof(*idx));
	r = calloc(s->ntasks, sizeof(*r));
	t = calloc(s->ntasks, sizeof(*t));
	if (!a->resp || !a->tard || !sub || !idx || !r || !t) {
		analyze_no_bound(a, BOUND_NONE, "out of memory");
		goto out;
	}
	a->bound_kind = k == 1 ? BOUND_EXACT : BOUND_UPPER;
	a->bound = 0;
	for (unsigned c = 0; c < ncl; c++) {
		char where[64] = "";
		size_t n = 0;
		rt_time delta;

		for (size_t i = 0; i < s->ntasks; i++)
			if (!a->cluster || a->cluster[i] == c) {
				idx[n] = i;
				sub[n++] = s->tasks[i];
			}
		if (!n)
			continue;
		if (ncl > 1)
			snprintf(where, sizeof(where), "%s %u: ",
				 k == 1 ? "CPU" : "cluster", c);
		if (!analyze_cluster_bound(a, sub, n, k, where, r, t, &delta))
			goto out;
		for (size_t i = 0; i < n; i++) {
			a->resp[idx[i]] = r[i];
			a->tard[idx[i]] = t[i];
		}
		if (delta > a->bound)
			a->bound = delta;
	}
out:
	free(sub);
	free(idx);
	free(r);
	free(t);
}

/* ---- contradictions -------------------------------------------------------- */

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

/* Every disagreement between a claim about the simulated system and the
 * simulation (DESIGN 5). */
static void analyze_compare(struct analyze *a)
{
	const struct scn_scenario *s = a->s;
	const struct sim_stats *st = a->cs.stats;
	bool missed = st->misses > 0;
	bool cont = s->sched.on_miss == SIM_ON_MISS_CONTINUE;

	if (!a->conform)
		return;
	for (size_t i = 0; i < a->ntests; i++) {
		const struct analyze_test *t = &a->tests[i];
		enum rt_test_kind k = t->res.kind;

		if (!t->about_sim)
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
	if (a->bound_kind != BOUND_EXACT && a->bound_kind != BOUND_UPPER)
		return;
	for (size_t i = 0; i < s->ntasks; i++) {
		const struct sim_task_stats *ts = &st->tasks[i];

		if (ts->max_tardiness > a->tard[i])
			analyze_add_contra(a, "tardiness", "%s: observed tardiness "
					   "%" PRId64 " exceeds the bound %" PRId64,
					   s->tasks[i].name, ts->max_tardiness,
					   a->tard[i]);
		if (ts->completed && ts->max_response > a->resp[i])
			analyze_add_contra(a, "response", "%s: observed response "
					   "time %" PRId64 " exceeds the bound %"
					   PRId64, s->tasks[i].name,
					   ts->max_response, a->resp[i]);
	}
	if (a->bound_kind == BOUND_EXACT && a->cs.h.exact && cont &&
	    st->max_tardiness != a->bound)
		analyze_add_contra(a, "tardiness",
				   "exact simulation's maximum tardiness %" PRId64
				   " differs from the exact bound %" PRId64,
				   st->max_tardiness, a->bound);
}

/* ---- output ------------------------------------------------------------------ */

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
	bool first = true;

	printf("{\"scenario\": ");
	cli_json_str(stdout, s->name);
	printf(", \"time_unit\": \"%s\", \"cpus\": %u, \"policy\": ",
	       scn_internal_unit_name(s->time_unit), s->cpus);
	cli_json_str(stdout, s->sched.policy);
	if (analyze_is(s, "fp"))
		printf(", \"priorities\": \"%s\"",
		       rt_fp_order_name(s->sched.priorities));
	printf(", \"placement\": \"%s\", \"cluster_size\": %u",
	       scn_placement_name(s->sched.placement), s->sched.cluster_size);
	printf(", \"utilization\": \"%s\", \"density\": \"%s\",\n \"tests\": [",
	       a->u, a->density);
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
	printf("],\n \"compared\": [");
	for (size_t i = 0; i < a->ntests; i++) {
		if (!a->tests[i].about_sim)
			continue;
		printf("%s\"%s\"", first ? "" : ", ", a->tests[i].info->name);
		first = false;
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
	if (a->bound_kind == BOUND_EXACT || a->bound_kind == BOUND_UPPER)
		printf("%" PRId64, a->bound);
	else
		printf("null");
	printf(", \"bound_source\": \"%s\", \"observed\": %" PRId64,
	       analyze_bound_name(a->bound_kind), st->max_tardiness);
	if (a->da_x != RT_TIME_NEVER)
		printf(", \"devi_anderson_x\": %" PRId64, a->da_x);
	if (a->bound_note[0]) {
		printf(", \"note\": ");
		cli_json_str(stdout, a->bound_note);
	}
	if (a->resp) {
		printf(", \"per_task\": [");
		for (size_t i = 0; i < s->ntasks; i++) {
			printf("%s{\"task\": ", i ? ", " : "");
			cli_json_str(stdout, s->tasks[i].name);
			printf(", \"response_bound\": %" PRId64 ", \"tardiness_bound\": %"
			       PRId64 ", \"observed_response\": %" PRId64
			       ", \"observed_tardiness\": %" PRId64 "}",
			       a->resp[i], a->tard[i], st->tasks[i].max_response,
			       st->tasks[i].max_tardiness);
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
	printf("]%s}\n", a->oblivious ? ", \"suspension\": \"oblivious\"" : "");
}

/* The verdict line: a test about the simulated system (exact first, then
 * an accepting sufficient one), else an exact simulation, else a miss. */
static void analyze_print_verdict(const struct analyze *a)
{
	const struct sim_stats *st = a->cs.stats;

	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < a->ntests; i++) {
			const struct analyze_test *t = &a->tests[i];

			if (!t->about_sim || t->res.verdict == RT_VERDICT_NA)
				continue;
			/* suspension-oblivious: an accept is only sufficient,
			 * a reject proves nothing */
			if (pass == 0 && t->res.kind == RT_KIND_EXACT &&
			    a->oblivious) {
				if (t->res.verdict == RT_VERDICT_ACCEPT) {
					printf("schedulable (exact test %s on the "
					       "suspension-oblivious set)\n",
					       t->info->name);
					return;
				}
				continue;
			}
			if (pass == 0 && t->res.kind == RT_KIND_EXACT) {
				printf("%s (exact test %s)\n",
				       t->res.verdict == RT_VERDICT_ACCEPT ?
				       "schedulable" : "NOT schedulable",
				       t->info->name);
				return;
			}
			if (pass == 1 && t->res.kind == RT_KIND_SUFFICIENT &&
			    t->res.verdict == RT_VERDICT_ACCEPT) {
				printf("schedulable (sufficient test %s%s)\n",
				       t->info->name, a->oblivious ? " on the "
				       "suspension-oblivious set" : "");
				return;
			}
		}
	if (st->misses)
		printf("NOT schedulable (the simulation found a miss)\n");
	else if (a->cs.h.exact)
		printf("schedulable (exact simulation)\n");
	else
		printf("no miss observed; not a proof (no exact test for this "
		       "policy and placement)\n");
}

static void analyze_print_text(struct analyze *a)
{
	const struct scn_scenario *s = a->s;
	const struct sim_stats *st = a->cs.stats;
	char b1[48], b2[48], b3[48], desc[160];
	bool any = false;
	int w = 14;

	for (size_t i = 0; i < a->ntests; i++)
		if ((int)strlen(a->tests[i].info->name) > w)
			w = (int)strlen(a->tests[i].info->name);
	printf("%s: %zu task%s on %u CPU%s (times in %s)\n", s->name, s->ntasks,
	       s->ntasks == 1 ? "" : "s", s->cpus, s->cpus == 1 ? "" : "s",
	       scn_time_unit_name(s->time_unit));
	printf("  policy %s\n", cli_sched_desc(s, desc, sizeof(desc)));
	cli_linux_lines(s, "  ");
	printf("  utilization U = %s, density = %s\n\n", a->u, a->density);
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
	}
	printf("  compared with the simulation:");
	for (size_t i = 0; i < a->ntests; i++)
		if (a->tests[i].about_sim) {
			printf("%s %s", any ? "," : "", a->tests[i].info->name);
			any = true;
		}
	printf("%s\n", any ? "" : " none (no test analyses this policy and "
	       "placement)");
	printf("\n  simulation: horizon %s (%s), %" PRIu64 " jobs, %" PRIu64
	       " miss%s, max tardiness %s\n",
	       cli_fmt_time(s, st->horizon, b1, sizeof(b1)),
	       sim_horizon_source_name(a->cs.h.source), st->jobs, st->misses,
	       st->misses == 1 ? "" : "es",
	       cli_fmt_time(s, st->max_tardiness, b2, sizeof(b2)));
	cli_horizon_note(stdout, s, &a->cs.h, "    ");
	if (a->cs.h.exact && s->cpus > 1)
		printf("    exact: each CPU's synchronous periodic release over "
		       "its busy period is its worst case\n");
	else if (a->cs.h.exact)
		printf("    exact: synchronous periodic release over the busy period "
		       "is the worst case on one CPU\n");
	else if (s->cpus > 1 && s->sched.cluster_size > 1)
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
	if (a->bound_kind == BOUND_EXACT || a->bound_kind == BOUND_UPPER) {
		bool exact = a->bound_kind == BOUND_EXACT;

		printf("\n  tardiness: %s %s%s, observed %s\n",
		       exact ? "exact bound" : "upper bound",
		       cli_fmt_time(s, a->bound, b1, sizeof(b1)),
		       exact ? (s->cpus > 1 ? " (per CPU)" : "") :
		       a->oblivious ? " (suspension-oblivious)" :
		       " (compliant vectors / Devi-Anderson, global EDF)",
		       cli_fmt_time(s, st->max_tardiness, b2, sizeof(b2)));
		for (size_t i = 0; i < s->ntasks; i++)
			printf("    %-12s %s %s (tardiness <= %s), observed %s\n",
			       s->tasks[i].name,
			       exact ? "worst response" : "response <=",
			       cli_fmt_time(s, a->resp[i], b1, sizeof(b1)),
			       cli_fmt_time(s, a->tard[i], b2, sizeof(b2)),
			       cli_fmt_time(s, st->tasks[i].max_response, b3,
					    sizeof(b3)));
	} else {
		printf("\n  tardiness: no bound (%s), observed %s\n",
		       a->bound_note[0] ? a->bound_note :
		       analyze_bound_name(a->bound_kind),
		       cli_fmt_time(s, st->max_tardiness, b1, sizeof(b1)));
	}
	if (a->oblivious)
		printf("\n  note: tasks self-suspend; tests, bounds and the default "
		       "horizon use the\n        suspension-oblivious task set "
		       "(C + suspension lengths): safe, not exact\n");
	if (a->admission_off)
		printf("\n  note: scheduler.admission / mode is not applied here: "
		       "the tests and the\n        simulation cover every task "
		       "(dlsim run applies the admission)\n");
	if (!a->conform)
		printf("\n  note: the scenario leaves the sporadic model (jitter, overrun "
		       "or releases closer than T);\n        tests and simulation "
		       "answer different questions, so they are not compared\n");
	printf("\n  verdict: ");
	analyze_print_verdict(a);
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
	struct scn_scenario *s = NULL, so;
	struct rt_task *ob = NULL;
	unsigned *cluster = NULL;
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
		rc = cli_place(s, &cluster);
	if (rc == CLI_EXIT_OK)
		rc = cli_horizon(s, until, cluster, &h);
	if (rc != CLI_EXIT_OK)
		goto out;
	a.cluster = cluster;
	a.conform = true;
	for (size_t i = 0; i < s->ntasks; i++)
		a.conform = a.conform && rt_task_is_sporadic_conform(&s->tasks[i]);
	rc = cli_oblivious(s, &ob);
	if (rc != CLI_EXIT_OK)
		goto out;
	if (ob) {               /* analyse the suspension-oblivious set */
		so = *s;
		so.tasks = ob;
		a.s = &so;
		a.oblivious = true;
	}
	analyze_fracs(&a);
	analyze_tests(&a);
	analyze_tardiness(&a);
	if (a.oblivious && a.bound_kind == BOUND_EXACT)
		a.bound_kind = BOUND_UPPER;
	/* The tests analyse every task, so the simulation they are compared
	 * with runs every task too: run-time admission (scheduler.admission
	 * / mode) is what `dlsim run` applies, not analyze. */
	a.admission_off = s->sched.admission_kind != SIM_ADMISSION_NONE;
	s->sched.admission_kind = SIM_ADMISSION_NONE;
	rc = cli_simulate(s, &h, cluster, NULL, 0, cli_progress_wanted(json), &a.cs);
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
	free(a.tard);
	free(ob);
	free(cluster);
	scn_free(s);
	return rc;
}
