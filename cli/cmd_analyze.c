/* cmd_analyze.c - `dlsim analyze SCENARIO.yaml`: every applicable admission
 * test, the simulation, and the tardiness bound side by side, with every
 * contradiction between them flagged (docs/design.md §5).
 *
 * What each test analyses comes from the registry (models/tests.h:
 * policies and platform): a test is compared with the simulation only
 * when it analyses the simulated policy and placement (analyze_about_sim);
 * tests about other policies are listed only with --all (JSON: always).
 *
 * The analysed task set (analyze_model) is what the tests may assume:
 *   edf, fp    every task as the sporadic task that covers its jobs
 *              (rt_task_analysis_model: largest demand, smallest release
 *              gap, D - jitter); a test without the jitter extension
 *              answers n/a when a task has jitter;
 *   linux-dl   the kernel admission (rt_dl_admission) per root domain,
 *              then the reservations (runtime, deadline, period) of the
 *              admitted SCHED_DEADLINE tasks (class: fair tasks and
 *              refused ones are left out, and said so) plus the fair
 *              servers; a reservation's deadlines are guaranteed by the
 *              tests whatever its jobs do (the CBS isolates), its jobs'
 *              deadlines only when they keep to the reservation;
 *   cbs        the servers (Q_s, D_s, T_s) and the plain tasks, per
 *              domain (cbs-bandwidth), and each served task's guarantee
 *              (rt_cbs_task_guarantee).
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
#include "models/analysis_resv.h"
#include "models/analysis_uni.h"
#include "models/frac.h"
#include "models/linux_dl.h"
#include "models/partition.h"
#include "models/bounds.h"
#include "models/tests.h"
#include "sim/policy.h"

static const char analyze_help[] =
"Usage: dlsim analyze SCENARIO.yaml [--json] [--all] [--until T]\n"
"\n"
"Answer 'will every deadline be met?' three ways and compare them:\n"
"  1. admission tests for the platform (one CPU: utilization U <= 1,\n"
"     density sum C/min(D,T) <= 1, processor demand criterion 'pdc' and QPA\n"
"     'qpa', both exact, and the fixed-priority response-time analysis\n"
"     'fp-rta'; m CPUs: U <= m, the global EDF tests gfb, bak, bcl,\n"
"     bcl-iterative, rta, bar, ffdbf, and partitioned-<heuristic>; for\n"
"     linux-dl the kernel admission 'linux' per root domain, then the EDF\n"
"     tests over the admitted tasks; for cbs 'cbs-bandwidth' per domain\n"
"     and each served task's guarantee), in exact arithmetic; the column\n"
"     'analyses' says which policy and placement each test is about;\n"
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
"above a bound; an admission decision the simulation did not take) is\n"
"listed and makes the exit status 5.  The tests assume the sporadic model;\n"
"a task with release jitter is analysed with D - jitter by the tests that\n"
"have that extension (the others answer n/a), a task whose jobs may\n"
"demand more than C with its largest demand, listed releases closer than\n"
"T with the smallest gap.  Self-suspending tasks are analysed\n"
"suspension-oblivious (suspension counted as execution: safe, not exact).\n"
"\n"
"Options:\n"
"  --json      print one JSON object (fields: docs/cli.md)\n"
"  --all       also list the tests about other policies\n"
"  --until T   simulation horizon (default as for 'dlsim run')\n"
"  --help      this text\n"
"\n"
"Example (Dario's case: utilization accepts, density and exact tests\n"
"reject, the simulation misses by 3):\n"
"  dlsim analyze scenarios/examples/dario.yaml\n";

#define NO_IDX ((size_t)-1)

struct analyze_test {
	const struct rt_test_info *info;
	struct rt_test_result res;
	bool about_sim;                 /* analyses the simulated system */
	bool shown;                     /* in the text table without --all */
	int dom;                        /* linux / cbs-bandwidth: the domain */
	int *assign;                    /* partitioned accept: CPU per
					 * analysed task, or NULL */
	char *value;                    /* cbs-bandwidth: sum Q/T, or NULL */
};

struct analyze_contra {
	char test[64];
	char detail[240];
};

enum analyze_bound {
	BOUND_NONE = 0,                 /* no bound applies */
	BOUND_UNBOUNDED,                /* tardiness grows without bound */
	BOUND_EXACT,                    /* exact worst case */
	BOUND_UPPER                     /* an upper bound */
};

enum analyze_kind { AK_PLAIN = 0, AK_LINUX, AK_CBS };

struct analyze {
	const struct scn_scenario *s;   /* the (suspension-oblivious) scenario */
	const struct scn_scenario *orig;/* the scenario as written */
	const unsigned *cluster;        /* cli_place result or NULL */
	enum analyze_kind kind;
	char *u, *density;              /* exact fractions (malloc'd) */
	char u_dec[64], density_dec[64];/* rounded decimals */
	/* domains: clusters, root domains, cpusets */
	unsigned ndom;
	unsigned *dom_cpus;             /* ndom entries */
	/* the analysed task set */
	struct rt_task *model;          /* nmodel entries */
	size_t nmodel;
	size_t *model_task;             /* model -> scenario task, or NO_IDX */
	int *model_srv;                 /* model -> sim server index, or -1 */
	unsigned *model_dom;            /* model -> domain */
	rt_time *model_jit;             /* model -> jitter taken off D */
	unsigned bits;                  /* RT_MODEL_* over the model */
	size_t ge_d_task;               /* a task with jitter >= D, or NO_IDX */
	const char **left_out;          /* per task: why not analysed, or NULL */
	const char **no_job;            /* per task: why its jobs have no
					 * guarantee (linux-dl, cbs), or NULL */
	struct rt_dl_adm_task *adm;     /* linux-dl: per task */
	struct rt_dl_adm_dom *admdom;   /* linux-dl: per domain */
	const char **dom_void;          /* linux-dl: why a domain guarantees
					 * nothing, or NULL */
	enum rt_cbs_guarantee *cbs_g;   /* cbs: per task */
	bool *dom_ok;                   /* cbs: server deadlines guaranteed */
	/* tests */
	struct analyze_test *tests;
	size_t ntests, cap_tests;
	bool conform;                   /* scenario within the sporadic model */
	/* tardiness */
	enum analyze_bound bound_kind;
	bool resp_exact;                /* per-task responses exact */
	rt_time bound;                  /* max tardiness bound (EXACT/UPPER) */
	char bound_note[RT_DIAG_MAX];
	bool admission_off;             /* the scenario admits at run time;
					 * analyze simulates every task */
	rt_time *resp;                  /* per task, RT_TIME_NEVER: none */
	rt_time *tard;                  /* per task, RT_TIME_NEVER: none */
	rt_time *srv_bound;             /* per sim server: lateness bound */
	const char **bound_why;         /* per task: why no bound, or NULL */
	rt_time da_x;                   /* Devi-Anderson x, or RT_TIME_NEVER */
	/* simulation */
	struct cli_sim cs;
	bool *tard_unknown;             /* per task: a miss whose tardiness is
					 * unknown (aborted or pending) */
	bool any_unknown;
	bool oblivious;                 /* tasks suspend: s is the oblivious set */
	struct analyze_contra *contra;
	size_t ncontra, cap_contra;
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

/* The scenario's policy as the registry describes it (sim/policy.h). */
static unsigned analyze_flags(const struct scn_scenario *s)
{
	const struct sim_policy_ops *ops = sim_policy_find(s->sched.policy);

	return ops ? ops->flags : 0;
}

/* Static priorities: fixed-priority analyses with the scenario's order. */
static bool analyze_fp(const struct analyze *a)
{
	return analyze_flags(a->s) & SIM_POLICY_PRIORITIES;
}

/* p/q exactly (malloc'd) and a rounded decimal for text. */
static char *analyze_frac(enum rt_err (*fn)(const struct rt_task *, size_t,
					    struct rt_frac **),
			  const struct rt_task *ts, size_t n, char *dec,
			  size_t declen)
{
	struct rt_frac *f = NULL;
	char *buf = NULL;

	snprintf(dec, declen, "?");
	if (fn(ts, n, &f) == RT_OK) {
		size_t need = rt_frac_format(f, NULL, 0);

		buf = malloc(need + 1);
		if (buf)
			rt_frac_format(f, buf, need + 1);
		rt_frac_format_decimal(f, 6, dec, declen);
	}
	rt_frac_destroy(f);
	return buf ? buf : strdup("?");
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

static void *analyze_calloc(size_t n, size_t size)
{
	return calloc(n ? n : 1, size);
}

/* ---- domains and the analysed task set ------------------------------------ */

static unsigned analyze_task_dom(const struct analyze *a, size_t i)
{
	return a->cluster ? a->cluster[i] : 0;
}

/* Clusters (placement), root domains (linux-dl), cpusets. */
static bool analyze_domains(struct analyze *a)
{
	const struct scn_scenario *s = a->s;
	const struct scn_scheduler *k = &s->sched;

	if (k->placement == SCN_PLACE_CPUSETS)
		a->ndom = (unsigned)k->ncpusets;
	else
		a->ndom = s->cpus / k->cluster_size;
	if (!a->cluster)
		a->ndom = 1;
	a->dom_cpus = analyze_calloc(a->ndom, sizeof(*a->dom_cpus));
	if (!a->dom_cpus)
		return false;
	for (unsigned c = 0; c < a->ndom; c++)
		a->dom_cpus[c] = !a->cluster ? s->cpus :
				 k->placement == SCN_PLACE_CPUSETS ?
				 k->cpusets[c].ncpus : k->cluster_size;
	return true;
}

static void analyze_model_add(struct analyze *a, struct rt_task t, size_t task,
			      int srv, unsigned dom, rt_time jit)
{
	size_t k = a->nmodel++;

	a->model[k] = t;
	a->model_task[k] = task;
	a->model_srv[k] = srv;
	a->model_dom[k] = dom;
	a->model_jit[k] = jit;
}

/* A scenario task as analysed (rt_task_analysis_model). */
static void analyze_model_task(struct analyze *a, size_t i, int srv)
{
	const struct rt_task *t = &a->s->tasks[i];
	struct rt_task m;
	unsigned what = rt_task_analysis_model(t, &m);

	a->bits |= what;
	if ((what & RT_MODEL_JITTER_GE_D) && a->ge_d_task == NO_IDX)
		a->ge_d_task = i;
	analyze_model_add(a, m, i, srv, analyze_task_dom(a, i),
			  (what & RT_MODEL_JITTER) ? t->deadline - m.deadline : 0);
}

/* linux-dl: the kernel admission, then the admitted reservations. */
static enum rt_err analyze_model_linux(struct analyze *a, struct rt_diag *d)
{
	const struct scn_scenario *s = a->s;
	const struct scn_fair_server *fs = &s->sched.fair_server;
	struct rt_dl_adm_input in = {
		.tasks = a->orig->tasks, .n = s->ntasks, .task_dom = a->cluster,
		.dom_cpus = a->dom_cpus, .ndom = a->ndom,
		.arrive_at = s->arrive_at, .leave_at = s->leave_at,
		.rt_runtime_us = s->sched.rt_runtime_us,
		.rt_period_us = s->sched.rt_period_us,
		.fair_bw = rt_dl_reserved_bw(&s->sched.dl, 1),
	};
	bool *fair_dom = NULL;
	enum rt_err err;

	a->dom_void = analyze_calloc(a->ndom, sizeof(*a->dom_void));
	if (!a->dom_void)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	a->adm = analyze_calloc(s->ntasks, sizeof(*a->adm));
	a->admdom = analyze_calloc(a->ndom, sizeof(*a->admdom));
	fair_dom = analyze_calloc(a->ndom, sizeof(*fair_dom));
	if (!a->adm || !a->admdom || !fair_dom) {
		free(fair_dom);
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	}
	err = rt_dl_admission(&in, a->adm, a->admdom, d);
	for (size_t i = 0; !err && i < s->ntasks; i++) {
		const struct rt_task *t = &a->orig->tasks[i];

		if (!a->adm[i].deadline) {
			a->left_out[i] = "class fair (SCHED_OTHER): no reservation";
			fair_dom[analyze_task_dom(a, i)] = true;
			continue;
		}
		if (!a->adm[i].accepted) {
			a->left_out[i] = "refused by the kernel admission (linux)";
			continue;
		}
		a->no_job[i] = rt_dl_task_no_guarantee(t);
		analyze_model_add(a, rt_task_make(t->name, t->wcet, t->deadline,
						  t->period), i, (int)i,
				  analyze_task_dom(a, i), 0);
	}
	/* A reservation not kept (overrun, early release, ...) is no longer
	 * the sporadic task analysed: the kernel's 2^10 ns granularity in
	 * dl_entity_overflow() lets it overrun its deadline slightly, which
	 * can delay the others past their bound by as much.  So a domain
	 * guarantees nothing once one of its reservations (or a busy fair
	 * server) is not kept. */
	for (size_t i = 0; !err && i < s->ntasks; i++) {
		unsigned c = analyze_task_dom(a, i);

		if (!a->adm[i].deadline && fs->on)
			a->dom_void[c] = "a fair server serves fair tasks";
		else if (a->adm[i].deadline && a->adm[i].accepted && a->no_job[i])
			a->dom_void[c] = "a reservation in its root domain is "
					 "not kept (the kernel's 1.024 us wake-up "
					 "granularity)";
	}
	for (size_t i = 0; !err && i < s->ntasks; i++)
		if (a->adm[i].deadline && a->adm[i].accepted && !a->no_job[i] &&
		    a->dom_void[analyze_task_dom(a, i)])
			a->no_job[i] = a->dom_void[analyze_task_dom(a, i)];
	/* the fair servers of the domains with fair tasks: reservations too
	 * (sim servers ntasks + cpu) */
	for (unsigned c = 0, cpu = 0; !err && fs->on && c < a->ndom; c++)
		for (unsigned k = 0; k < a->dom_cpus[c]; k++, cpu++)
			if (fair_dom[c])
				analyze_model_add(a, rt_task_make("fair_server",
						  fs->runtime, fs->deadline,
						  fs->period), NO_IDX,
						  (int)(s->ntasks + cpu), c, 0);
	free(fair_dom);
	return err;
}

/* cbs: the servers (as sporadic tasks) and the plain tasks. */
static enum rt_err analyze_model_cbs(struct analyze *a, struct rt_diag *d)
{
	const struct scn_scenario *s = a->s;

	a->cbs_g = analyze_calloc(s->ntasks, sizeof(*a->cbs_g));
	a->dom_ok = analyze_calloc(a->ndom, sizeof(*a->dom_ok));
	if (!a->cbs_g || !a->dom_ok)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	for (size_t j = 0; j < s->nservers; j++) {
		size_t first = NO_IDX;

		for (size_t i = 0; i < s->ntasks && first == NO_IDX; i++)
			if (s->task_server && s->task_server[i] == (int32_t)j)
				first = i;
		if (first == NO_IDX)
			continue;               /* serves nothing: never wakes */
		analyze_model_add(a, rt_server_as_task(&s->servers[j]), NO_IDX,
				  (int)j, analyze_task_dom(a, first), 0);
	}
	for (size_t i = 0; i < s->ntasks; i++) {
		if (s->task_server && s->task_server[i] >= 0) {
			a->left_out[i] = "analysed through its server";
			continue;
		}
		analyze_model_task(a, i, -1);
	}
	return RT_OK;
}

static enum rt_err analyze_model(struct analyze *a, struct rt_diag *d)
{
	const struct scn_scenario *s = a->s;
	size_t cap = s->ntasks + s->nservers + s->cpus;

	a->ge_d_task = NO_IDX;
	a->model = analyze_calloc(cap, sizeof(*a->model));
	a->model_task = analyze_calloc(cap, sizeof(*a->model_task));
	a->model_srv = analyze_calloc(cap, sizeof(*a->model_srv));
	a->model_dom = analyze_calloc(cap, sizeof(*a->model_dom));
	a->model_jit = analyze_calloc(cap, sizeof(*a->model_jit));
	a->left_out = analyze_calloc(s->ntasks, sizeof(*a->left_out));
	a->no_job = analyze_calloc(s->ntasks, sizeof(*a->no_job));
	if (!a->model || !a->model_task || !a->model_srv || !a->model_dom ||
	    !a->model_jit || !a->left_out || !a->no_job)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	if (a->kind == AK_LINUX)
		return analyze_model_linux(a, d);
	if (a->kind == AK_CBS)
		return analyze_model_cbs(a, d);
	for (size_t i = 0; i < s->ntasks; i++)
		analyze_model_task(a, i, -1);
	return RT_OK;
}

/* ---- tests ------------------------------------------------------------------ */

/* The scheduling model of the scenario's policy (the policy registry:
 * analysed_as, models/tests.h RT_AN_*). */
static unsigned analyze_policy_bits(const struct analyze *a)
{
	const struct sim_policy_ops *ops = sim_policy_find(a->s->sched.policy);

	return ops ? ops->analysed_as : 0;
}

static bool analyze_policy_match(const struct analyze *a,
				 const struct rt_test_info *ti)
{
	return (ti->analyses.policies & analyze_policy_bits(a)) != 0;
}

/* A test about this reservation policy alone (linux, cbs-bandwidth):
 * one row per domain. */
static bool analyze_domain_test(const struct analyze *a,
				const struct rt_test_info *ti)
{
	return a->kind != AK_PLAIN &&
	       ti->analyses.policies == analyze_policy_bits(a);
}

/* Does registry test ti analyse the simulated policy and placement?  The
 * registry's descriptor says which policy models and platforms; this
 * maps the scenario's placement to a platform.  linux-dl: the EDF tests
 * over the admitted reservations of its one root domain. */
static bool analyze_about_sim(const struct analyze *a,
			      const struct rt_test_info *ti)
{
	const struct scn_scenario *s = a->s;
	const struct scn_scheduler *k = &s->sched;
	unsigned pol = analyze_policy_bits(a), p;

	if (analyze_domain_test(a, ti))
		return true;
	if (a->kind == AK_LINUX) {      /* EDF over one root domain */
		if (a->ndom != 1)
			return false;
		return rt_test_analyses_match(ti, RT_AN_EDF, a->dom_cpus[0] == 1 ?
					      RT_AN_UNI : RT_AN_GLOBAL);
	}
	if (k->placement == SCN_PLACE_CPUSETS && k->ncpusets > 1)
		return false;   /* no registry test analyses cpusets */
	if (s->cpus == 1) {
		p = RT_AN_UNI;
	} else if (k->cluster_size == s->cpus) {
		p = RT_AN_GLOBAL;
	} else {
		if (k->placement != SCN_PLACE_PARTITIONED ||
		    !rt_test_partitions_with(ti, k->partitioning))
			return false;
		for (size_t i = 0; i < s->ntasks; i++)
			if (s->tasks[i].cpu >= 0)
				return false;   /* not the test's own packing */
		p = RT_AN_PARTITIONED;
	}
	return rt_test_analyses_match(ti, pol, p);
}

static struct analyze_test *analyze_new_test(struct analyze *a,
					     const struct rt_test_info *ti)
{
	struct analyze_test *t;

	if (a->ntests == a->cap_tests) {
		size_t cap = a->cap_tests ? 2 * a->cap_tests : 32;
		struct analyze_test *nt = realloc(a->tests, cap * sizeof(*nt));

		if (!nt)
			return NULL;
		a->tests = nt;
		a->cap_tests = cap;
	}
	t = &a->tests[a->ntests++];
	memset(t, 0, sizeof(*t));
	t->info = ti;
	t->dom = -1;
	rt_test_result_init(&t->res, RT_KIND_SUFFICIENT);
	t->about_sim = analyze_about_sim(a, ti);
	t->shown = t->about_sim || (analyze_policy_match(a, ti) &&
		   (analyze_domain_test(a, ti) || a->kind == AK_PLAIN));
	return t;
}

static void analyze_test_error(struct analyze_test *t, enum rt_err err,
			       const struct rt_diag *d)
{
	t->res.verdict = RT_VERDICT_NA;
	snprintf(t->res.note, sizeof(t->res.note), "%.*s",
		 (int)sizeof(t->res.note) - 1,
		 d->msg[0] ? d->msg : rt_strerror(err));
}

/* linux: one row per root domain (the replay of analyze_model_linux). */
static bool analyze_linux_rows(struct analyze *a, const struct rt_test_info *ti)
{
	for (unsigned c = 0; c < a->ndom; c++) {
		struct analyze_test *t = analyze_new_test(a, ti);

		if (!t)
			return false;
		t->dom = (int)c;
		t->res.kind = RT_KIND_ADMISSION;
		t->res.verdict = a->admdom[c].rejected ? RT_VERDICT_REJECT :
				 RT_VERDICT_ACCEPT;
		for (size_t i = 0; i < a->s->ntasks; i++)
			if (analyze_task_dom(a, i) == c && a->adm[i].deadline &&
			    !a->adm[i].accepted) {
				t->res.task = i;
				break;
			}
	}
	return true;
}

/* cbs-bandwidth: the registry test over each domain's servers and plain
 * tasks. */
static bool analyze_cbs_rows(struct analyze *a, const struct rt_test_info *ti)
{
	struct rt_task *sub = analyze_calloc(a->nmodel, sizeof(*sub));

	if (!sub)
		return false;
	for (unsigned c = 0; c < a->ndom; c++) {
		struct analyze_test *t = analyze_new_test(a, ti);
		struct rt_diag d = { "" };
		char dec[8];
		size_t n = 0;
		enum rt_err err;

		if (!t) {
			free(sub);
			return false;
		}
		t->dom = (int)c;
		for (size_t k = 0; k < a->nmodel; k++)
			if (a->model_dom[k] == c)
				sub[n++] = a->model[k];
		err = ti->run(sub, n, a->dom_cpus[c], &t->res, &d);
		if (err)
			analyze_test_error(t, err, &d);
		t->value = analyze_frac(rt_frac_utilization, sub, n, dec,
					sizeof(dec));
		if (t->value && strlen(t->value) > 2 &&
		    !strcmp(t->value + strlen(t->value) - 2, "/1"))
			t->value[strlen(t->value) - 2] = '\0';  /* "1", not "1/1" */
		a->dom_ok[c] = t->res.verdict == RT_VERDICT_ACCEPT &&
			       t->res.kind == RT_KIND_EXACT;
	}
	free(sub);
	return true;
}

static bool analyze_tests(struct analyze *a)
{
	const struct scn_scenario *s = a->s;
	unsigned m = a->kind == AK_LINUX && a->ndom == 1 ? a->dom_cpus[0] :
		     s->cpus;

	for (size_t i = 0; rt_tests[i]; i++) {
		const struct rt_test_info *ti = rt_tests[i];
		struct analyze_test *t;
		struct rt_diag d = { "" };
		enum rt_err err;

		if (ti->applies && !ti->applies(m))
			continue;
		if (analyze_domain_test(a, ti)) {
			if (!(a->kind == AK_LINUX ? analyze_linux_rows(a, ti) :
			      analyze_cbs_rows(a, ti)))
				return false;
			continue;
		}
		t = analyze_new_test(a, ti);
		if (!t)
			return false;
		if ((a->bits & RT_MODEL_JITTER) && !ti->jitter) {
			t->res.kind = RT_KIND_SUFFICIENT;
			snprintf(t->res.note, sizeof(t->res.note), "release "
				 "jitter: this test has no jitter extension");
			continue;
		}
		/* fp-rta with the simulated priority order, not the
		 * registry's deadline-monotonic default. */
		if (ti->run_order && analyze_fp(a))
			err = ti->run_order(a->model, a->nmodel, m,
					    (int)s->sched.priorities, &t->res,
					    &d);
		else
			err = ti->run(a->model, a->nmodel, m, &t->res, &d);
		if (err != RT_OK) {
			analyze_test_error(t, err, &d);
			continue;
		}
		if (t->res.kind == RT_KIND_EXACT && ti->exact_for &&
		    !(ti->exact_for & analyze_policy_bits(a)))
			t->res.kind = RT_KIND_NECESSARY;
		if (a->ge_d_task != NO_IDX && t->res.verdict != RT_VERDICT_NA &&
		    t->res.kind != RT_KIND_ADMISSION) {
			t->res.verdict = RT_VERDICT_REJECT;
			t->res.task = a->ge_d_task;
			t->res.witness = RT_TIME_NEVER;
			snprintf(t->res.note, sizeof(t->res.note), "task %s: "
				 "jitter >= D, a job released that late cannot "
				 "meet its deadline",
				 s->tasks[a->ge_d_task].name);
		}
		if (t->res.verdict == RT_VERDICT_ACCEPT &&
		    (ti->analyses.platforms & RT_AN_PARTITIONED)) {
			t->assign = analyze_calloc(a->nmodel, sizeof(*t->assign));
			if (t->assign && rt_test_assignment(ti, a->model, a->nmodel,
							    m, t->assign, &d)) {
				free(t->assign);
				t->assign = NULL;
			}
		}
	}
	return true;
}

/* ---- tardiness bounds, domain by domain (docs/theory.md §D) --------------- */

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
	free(a->srv_bound);
	a->resp = a->tard = a->srv_bound = NULL;
}

/*
 * One domain's bounds into resp/tard (n entries, in the order of 'sub'),
 * *delta = the domain's maximum tardiness bound (models/bounds.h).
 * Returns false (with the reason set) if there is no bound.
 */
static bool analyze_cluster_bound(struct analyze *a, const struct rt_task *sub,
				  size_t n, unsigned k, bool jitter,
				  const char *where, rt_time *resp,
				  rt_time *tard, rt_time *delta)
{
	const struct scn_scenario *s = a->s;
	const enum rt_fp_order *fp = analyze_fp(a) ? &s->sched.priorities :
				     NULL;
	struct rt_bound_domain b;

	if (rt_bound_domain(sub, n, k, fp, jitter, where, resp, tard, &b) !=
	    RT_OK) {
		analyze_no_bound(a, BOUND_NONE, "out of memory");
		return false;
	}
	if (b.status != RT_BOUND_OK) {
		analyze_no_bound(a, b.status == RT_BOUND_UNBOUNDED ?
				 BOUND_UNBOUNDED : BOUND_NONE, "%s", b.why);
		return false;
	}
	if (!b.resp_exact)
		a->resp_exact = false;
	if (b.da_x != RT_TIME_NEVER && k == s->cpus)
		a->da_x = b.da_x;       /* one cluster: global EDF */
	*delta = b.delta;
	return true;
}

static rt_time analyze_add(rt_time x, rt_time y)
{
	rt_time r;

	return rt_time_add(x, y, &r) ? r : RT_TIME_MAX;
}

/* Bounds for the scenario's tasks (and servers) from the model's. */
static void analyze_tardiness(struct analyze *a)
{
	const struct scn_scenario *s = a->s;
	size_t nsrv = a->kind == AK_LINUX ? s->ntasks + s->cpus :
		      a->kind == AK_CBS ? s->nservers : 0;
	struct rt_task *sub = NULL;
	size_t *idx = NULL;
	rt_time *r = NULL, *t = NULL;
	bool plain1 = true;

	a->bound_kind = BOUND_NONE;
	a->resp_exact = true;
	if (!analyze_policy_bits(a) && a->kind == AK_PLAIN) {
		snprintf(a->bound_note, sizeof(a->bound_note),
			 "no tardiness bound for policy %s", s->sched.policy);
		return;
	}
	for (unsigned c = 0; c < a->ndom; c++) {
		if (a->dom_cpus[c] > 1)
			plain1 = false;
		if (a->dom_cpus[c] > 1 && analyze_fp(a)) {
			snprintf(a->bound_note, sizeof(a->bound_note),
				 "no tardiness bound for fixed priority on %u "
				 "CPUs sharing a runqueue", a->dom_cpus[c]);
			return;
		}
		if (a->dom_cpus[c] > 1 && a->kind == AK_CBS) {
			snprintf(a->bound_note, sizeof(a->bound_note),
				 "no tardiness bound for servers under global "
				 "EDF (%u CPUs in a domain)", a->dom_cpus[c]);
			return;
		}
	}
	a->resp = analyze_calloc(s->ntasks, sizeof(*a->resp));
	a->tard = analyze_calloc(s->ntasks, sizeof(*a->tard));
	a->bound_why = analyze_calloc(s->ntasks, sizeof(*a->bound_why));
	a->srv_bound = analyze_calloc(nsrv, sizeof(*a->srv_bound));
	sub = analyze_calloc(a->nmodel, sizeof(*sub));
	idx = analyze_calloc(a->nmodel, sizeof(*idx));
	r = analyze_calloc(a->nmodel, sizeof(*r));
	t = analyze_calloc(a->nmodel, sizeof(*t));
	if (!a->resp || !a->tard || !a->srv_bound || !a->bound_why || !sub ||
	    !idx || !r || !t) {
		analyze_no_bound(a, BOUND_NONE, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < s->ntasks; i++)
		a->resp[i] = a->tard[i] = RT_TIME_NEVER;
	for (size_t j = 0; j < nsrv; j++)
		a->srv_bound[j] = RT_TIME_NEVER;
	if (a->ge_d_task != NO_IDX) {
		analyze_no_bound(a, BOUND_NONE, "task %s: jitter >= D: its jobs "
				 "may be released after their deadline",
				 s->tasks[a->ge_d_task].name);
		goto out;
	}
	a->bound_kind = plain1 && a->kind == AK_PLAIN && !a->oblivious &&
			!(a->bits & RT_MODEL_JITTER) ? BOUND_EXACT : BOUND_UPPER;
	a->bound = 0;
	for (unsigned c = 0; c < a->ndom; c++) {
		char where[64] = "";
		bool jit = false;
		size_t n = 0;
		rt_time delta;

		for (size_t k = 0; k < a->nmodel; k++)
			if (a->model_dom[k] == c) {
				idx[n] = k;
				jit = jit || a->model_jit[k] > 0;
				sub[n++] = a->model[k];
			}
		if (!n)
			continue;
		if (a->ndom > 1)
			snprintf(where, sizeof(where), "%s %u: ",
				 a->dom_cpus[c] == 1 ? "CPU" : "domain", c);
		if (!analyze_cluster_bound(a, sub, n, a->dom_cpus[c], jit, where,
					   r, t, &delta))
			goto out;
		for (size_t q = 0; q < n; q++) {
			size_t k = idx[q], i = a->model_task[k];

			/* linux-dl: only a reservation kept is the sporadic
			 * task analysed (the kernel's 2^10 ns wake-up check
			 * lets others overrun their deadline slightly) */
			if (a->kind == AK_LINUX && (i == NO_IDX || a->no_job[i]))
				continue;
			/* cbs: a soft CBS recharges before its virtual
			 * release, so only "never late" (delta 0, Abeni &
			 * Buttazzo's isolation) is claimed */
			if (a->kind == AK_CBS && delta > 0)
				continue;
			if (a->model_srv[k] >= 0)
				a->srv_bound[a->model_srv[k]] = t[q];
			/* a late reservation's backlog is never made up (a
			 * hard reservation gives exactly Q per period), so
			 * its jobs have a bound only when none is late */
			if (i != NO_IDX && a->kind == AK_LINUX && delta > 0)
				a->bound_why[i] = "its domain's reservations may "
						  "be late, and a hard reservation "
						  "never makes up a backlog: "
						  "servers only";
			if (i == NO_IDX || (a->kind == AK_LINUX && delta > 0))
				continue;
			/* response from the release: the model's deadline
			 * is D - jitter, the job's D from its arrival */
			a->resp[i] = analyze_add(r[q], a->model_jit[k]);
			a->tard[i] = t[q];
			/* cbs: Spuri's per-task interference assumes servers
			 * release like tasks, which a soft CBS does not;
			 * with delta 0 each job ends by its deadline */
			if (a->kind == AK_CBS) {
				a->resp[i] = analyze_add(a->model[k].deadline,
							 a->model_jit[k]);
				a->resp_exact = false;
			}
		}
	}
	/* cbs: a served task with the guarantee's conditions finishes by
	 * r + D_s when its server is never late */
	for (size_t i = 0; a->kind == AK_CBS && i < s->ntasks; i++) {
		int32_t j = s->task_server ? s->task_server[i] : -1;
		enum rt_cbs_guarantee g;
		rt_time late, dl;

		if (j < 0 || a->srv_bound[j] != 0)
			continue;       /* late servers: see above */
		g = rt_cbs_task_guarantee(s->tasks, s->ntasks, s->task_server,
					  s->servers, i, true);
		if (g != RT_CBS_GUARANTEED)
			continue;
		a->resp[i] = s->servers[j].deadline;
		late = analyze_add(a->resp[i], s->tasks[i].jitter);
		dl = s->tasks[i].deadline;
		a->tard[i] = late > dl ? late - dl : 0;
	}
	for (size_t i = 0; i < s->ntasks; i++)
		if (a->tard[i] != RT_TIME_NEVER && a->tard[i] > a->bound)
			a->bound = a->tard[i];
	for (size_t j = 0; j < nsrv; j++)         /* and the servers' */
		if (a->srv_bound[j] != RT_TIME_NEVER && a->srv_bound[j] > a->bound)
			a->bound = a->srv_bound[j];
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

	if (a->ncontra == a->cap_contra) {
		size_t cap = a->cap_contra ? 2 * a->cap_contra : 16;
		struct analyze_contra *nc = realloc(a->contra, cap * sizeof(*nc));

		if (!nc)
			return;
		a->contra = nc;
		a->cap_contra = cap;
	}
	c = &a->contra[a->ncontra++];
	snprintf(c->test, sizeof(c->test), "%s", test);
	va_start(ap, fmt);
	vsnprintf(c->detail, sizeof(c->detail), fmt, ap);
	va_end(ap);
}

/* cbs: task i meets its deadlines when its domain's servers do: a plain
 * task, or a guaranteed one with jitter + D_s <= D. */
static bool analyze_cbs_meets(const struct analyze *a, size_t i)
{
	const struct scn_scenario *s = a->s;
	int32_t j = s->task_server ? s->task_server[i] : -1;

	if (a->cbs_g[i] == RT_CBS_NOT_SERVED)
		return true;
	return a->cbs_g[i] == RT_CBS_GUARANTEED &&
	       analyze_add(s->tasks[i].jitter, s->servers[j].deadline) <=
	       s->tasks[i].deadline;
}

/* Misses of the tasks a test's accept speaks for: every task (edf, fp);
 * the admitted tasks whose jobs keep to their reservation (linux-dl); the
 * guaranteed and plain tasks of domain 'dom' (cbs; -1: all). */
static uint64_t analyze_covered_misses(const struct analyze *a, int dom)
{
	const struct sim_stats *st = a->cs.stats;
	uint64_t n = 0;

	if (a->kind == AK_PLAIN)
		return st->misses;
	for (size_t i = 0; i < a->s->ntasks; i++) {
		if (dom >= 0 && analyze_task_dom(a, i) != (unsigned)dom)
			continue;
		if (a->kind == AK_LINUX && (a->left_out[i] || a->no_job[i]))
			continue;
		if (a->kind == AK_CBS && !analyze_cbs_meets(a, i))
			continue;
		n += st->tasks[i].missed;
	}
	return n;
}

/* How far a reservation kept may pass its deadline: linux-dl keeps a
 * deadline equal to the wake-up time when less than 2^DL_SCALE ns of
 * runtime remain (dl_entity_overflow() compares runtime >> 10), so it
 * may run up to 1023 ns past it; exact servers (cbs) not at all. */
static rt_time analyze_srv_slack(const struct analyze *a)
{
	return a->kind == AK_LINUX ? RT_DL_RUNTIME_MIN : 1;
}

/* Server deadline misses of domain 'dom' (-1: all), except those within
 * analyze_srv_slack. */
static uint64_t analyze_server_misses(const struct analyze *a, int dom)
{
	const struct sim_stats *st = a->cs.stats;
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

/* linux: the analysis' admission against the simulation's records. */
static void analyze_compare_admission(struct analyze *a)
{
	const struct cli_sim *cs = &a->cs;

	for (size_t k = 0; k < cs->nadm; k++) {
		size_t i = cs->adm[k].task;

		if (i >= a->s->ntasks || !a->adm[i].deadline ||
		    cs->adm[k].accept == a->adm[i].accepted)
			continue;
		analyze_add_contra(a, "linux", "%s: the analysis %s it, the "
				   "simulation %s it", a->s->tasks[i].name,
				   a->adm[i].accepted ? "admits" : "refuses",
				   cs->adm[k].accept ? "admitted" : "refused");
	}
}

/* Every disagreement between a claim about the simulated system and the
 * simulation (docs/design.md §5). */
static void analyze_compare(struct analyze *a)
{
	const struct scn_scenario *s = a->s;
	const struct sim_stats *st = a->cs.stats;
	bool cont = s->sched.on_miss == SIM_ON_MISS_CONTINUE;
	char b1[48], b2[48];

	if (a->kind == AK_LINUX)
		analyze_compare_admission(a);
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
					  a->cs.h.exact && a->conform &&
					  a->kind == AK_PLAIN);
		if (c == RT_CONTRA_ACCEPT_MISSED)
			analyze_add_contra(a, t->info->name,
					   "%s test accepts, but the simulation missed "
					   "%" PRIu64 " job deadline(s) and %" PRIu64
					   " server deadline(s) it covers",
					   rt_test_kind_name(k), jm, sm);
		else if (c == RT_CONTRA_REJECT_MET)
			analyze_add_contra(a, t->info->name,
					   "exact test rejects, but the exact simulation "
					   "over the busy period has no miss");
	}
	if (a->bound_kind != BOUND_EXACT && a->bound_kind != BOUND_UPPER)
		return;
	for (size_t i = 0; i < s->ntasks; i++) {
		const struct sim_task_stats *ts = &st->tasks[i];

		if (a->tard[i] != RT_TIME_NEVER && ts->max_tardiness > a->tard[i])
			analyze_add_contra(a, "tardiness", "%s: observed tardiness "
					   "%s exceeds the bound %s",
					   s->tasks[i].name,
					   cli_fmt_time(s, ts->max_tardiness, b1,
							sizeof(b1)),
					   cli_fmt_time(s, a->tard[i], b2,
							sizeof(b2)));
		if (a->resp[i] != RT_TIME_NEVER && ts->completed &&
		    ts->max_response > a->resp[i])
			analyze_add_contra(a, "response", "%s: observed response "
					   "time %s exceeds the bound %s",
					   s->tasks[i].name,
					   cli_fmt_time(s, ts->max_response, b1,
							sizeof(b1)),
					   cli_fmt_time(s, a->resp[i], b2,
							sizeof(b2)));
	}
	for (size_t j = 0; a->srv_bound && j < st->nservers; j++) {
		const struct sim_server_stats *ss = &st->servers[j];

		if (!ss->name || a->srv_bound[j] == RT_TIME_NEVER ||
		    !ss->deadline_misses ||
		    ss->max_lateness < analyze_add(a->srv_bound[j],
						   analyze_srv_slack(a)))
			continue;
		analyze_add_contra(a, "server", "%s: server deadline overrun %s "
				   "exceeds the bound %s", ss->name,
				   cli_fmt_time(s, ss->max_lateness, b1, sizeof(b1)),
				   cli_fmt_time(s, a->srv_bound[j], b2, sizeof(b2)));
	}
	if (a->bound_kind == BOUND_EXACT && a->cs.h.exact && cont &&
	    a->conform && st->max_tardiness != a->bound)
		analyze_add_contra(a, "tardiness",
				   "exact simulation's maximum tardiness %s"
				   " differs from the exact bound %s",
				   cli_fmt_time(s, st->max_tardiness, b1, sizeof(b1)),
				   cli_fmt_time(s, a->bound, b2, sizeof(b2)));
}

/* Which tasks had a miss whose tardiness the simulation cannot know. */
static bool analyze_unknown(struct analyze *a)
{
	struct cli_miss m;

	a->tard_unknown = analyze_calloc(a->s->ntasks, sizeof(*a->tard_unknown));
	if (!a->tard_unknown)
		return false;
	while (cli_sim_next_miss(&a->cs, &m))
		if (m.finish == RT_TIME_NEVER && m.task < a->s->ntasks) {
			a->tard_unknown[m.task] = true;
			a->any_unknown = true;
		}
	return true;
}

/* ---- output ------------------------------------------------------------------ */

static void analyze_json_time(rt_time t)
{
	if (t == RT_TIME_NEVER)
		printf("null");
	else
		printf("%" PRId64, t);
}

/* A task's name for a test result: domain rows name scenario tasks,
 * the others analysed ones. */
static const char *analyze_res_task(const struct analyze *a,
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
		return cli_fmt_time(s, v, buf, len);
	if (v <= 0) {
		snprintf(buf, len, "-");
		return buf;
	}
	snprintf(buf, len, ">= %s", cli_fmt_time(s, v, b, sizeof(b)));
	return buf;
}

static void analyze_json_obs(const char *key, rt_time v, bool unknown)
{
	if (unknown)
		printf("\"%s\": null, \"%s_lower\": %" PRId64, key, key, v);
	else
		printf("\"%s\": %" PRId64, key, v);
}

static void analyze_json_test(const struct analyze *a,
			      const struct analyze_test *t)
{
	const struct scn_scenario *s = a->s;
	const char *who = analyze_res_task(a, t);

	printf("\n  {\"name\": \"%s\", \"kind\": \"%s\", \"verdict\": \"%s\"",
	       t->info->name, rt_test_kind_name(t->res.kind),
	       rt_verdict_name(t->res.verdict));
	if (t->res.witness != RT_TIME_NEVER)
		printf(", \"witness\": %" PRId64, t->res.witness);
	if (t->res.note[0] && t->res.verdict == RT_VERDICT_NA) {
		printf(", \"note\": ");
		cli_json_str(stdout, t->res.note);
	}
	printf(", \"analyses\": \"%s\"", t->info->analyses.label);
	if (t->res.demand != RT_TIME_NEVER)
		printf(", \"demand\": %" PRId64, t->res.demand);
	if (who && t->dom < 0) {
		printf(", \"task\": ");
		cli_json_str(stdout, who);
	}
	if (t->res.response != RT_TIME_NEVER || t->res.deadline != RT_TIME_NEVER) {
		printf(", \"response\": ");
		analyze_json_time(t->res.response);
		printf(", \"deadline\": ");
		analyze_json_time(t->res.deadline);
	}
	if (t->res.offset != RT_TIME_NEVER)
		printf(", \"offset\": %" PRId64, t->res.offset);
	if (t->assign) {
		printf(", \"assignment\": [");
		for (size_t k = 0; k < a->nmodel; k++)
			printf("%s%d", k ? ", " : "", t->assign[k]);
		printf("]");
	}
	if (t->dom >= 0)
		printf(", \"domain\": %d, \"cpus\": %u", t->dom,
		       a->dom_cpus[t->dom]);
	if (t->dom >= 0 && a->kind == AK_LINUX) {
		const struct rt_dl_adm_dom *dd = &a->admdom[t->dom];
		bool first = true;

		printf(", \"cap\": ");
		if (dd->unlimited)
			printf("null");
		else
			printf("%" PRIu64, (uint64_t)dd->cap);
		printf(", \"fair\": %" PRIu64 ", \"total\": %" PRIu64
		       ", \"tasks\": [", dd->fair, dd->total);
		for (size_t i = 0; i < s->ntasks; i++) {
			if (analyze_task_dom(a, i) != (unsigned)t->dom ||
			    !a->adm[i].deadline)
				continue;
			printf("%s{\"task\": ", first ? "" : ", ");
			cli_json_str(stdout, s->tasks[i].name);
			printf(", \"dl_bw\": %" PRIu64 ", \"before\": %" PRIu64
			       ", \"admitted\": %s}", a->adm[i].dl_bw,
			       a->adm[i].before,
			       a->adm[i].accepted ? "true" : "false");
			first = false;
		}
		printf("]");
	}
	if (t->value) {
		printf(", \"bandwidth\": ");
		cli_json_str(stdout, t->value);
	}
	printf("}");
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
	if (analyze_fp(a))
		printf(", \"priorities\": \"%s\"",
		       rt_fp_order_name(s->sched.priorities));
	printf(", \"placement\": \"%s\", \"cluster_size\": %u",
	       scn_placement_name(s->sched.placement), s->sched.cluster_size);
	printf(", \"utilization\": \"%s\", \"density\": \"%s\",\n \"tests\": [",
	       a->u, a->density);
	for (size_t i = 0; i < a->ntests; i++) {
		printf("%s", i ? "," : "");
		analyze_json_test(a, &a->tests[i]);
	}
	printf("],\n \"compared\": [");
	for (size_t i = 0; i < a->ntests; i++) {
		if (!a->tests[i].about_sim || (i && a->tests[i - 1].about_sim &&
		    a->tests[i - 1].info == a->tests[i].info))
			continue;       /* one name for a test's domain rows */
		printf("%s\"%s\"", first ? "" : ", ", a->tests[i].info->name);
		first = false;
	}
	printf("],\n \"model\": {\"sporadic\": %s, \"jitter\": %s, "
	       "\"demand_above_c\": %s, \"releases_closer_than_t\": %s},\n",
	       a->conform ? "true" : "false",
	       a->bits & RT_MODEL_JITTER ? "true" : "false",
	       a->bits & RT_MODEL_DEMAND ? "true" : "false",
	       a->bits & RT_MODEL_CLOSE ? "true" : "false");
	printf(" \"simulation\": {\"horizon\": %" PRId64 ", \"horizon_source\": \"%s\", "
	       "\"exact\": %s, \"jobs\": %" PRIu64 ", \"misses\": %" PRIu64 ", ",
	       st->horizon, sim_horizon_source_name(a->cs.h.source),
	       a->cs.h.exact ? "true" : "false", st->jobs, st->misses);
	analyze_json_obs("max_tardiness", st->max_tardiness, a->any_unknown);
	printf(", \"first_miss\": ");
	if (st->has_first_miss) {
		const struct sim_miss *fm = &st->first_miss;

		printf("{\"task\": ");
		cli_json_str(stdout, s->tasks[fm->task].name);
		printf(", \"job\": %" PRIu64 ", \"release\": %" PRId64
		       ", \"deadline\": %" PRId64 ", \"finish\": ", fm->job,
		       fm->release, fm->deadline);
		analyze_json_time(fm->finish);
		printf("}");
	} else {
		printf("null");
	}
	printf(", \"server_misses\": %" PRIu64 "},\n \"tardiness\": {\"bound\": ",
	       st->server_misses);
	if (a->bound_kind == BOUND_EXACT || a->bound_kind == BOUND_UPPER)
		printf("%" PRId64, a->bound);
	else
		printf("null");
	printf(", \"bound_source\": \"%s\", ", analyze_bound_name(a->bound_kind));
	analyze_json_obs("observed", st->max_tardiness, a->any_unknown);
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
			printf(", \"response_bound\": ");
			analyze_json_time(a->resp[i]);
			printf(", \"tardiness_bound\": ");
			analyze_json_time(a->tard[i]);
			printf(", \"observed_response\": %" PRId64 ", ",
			       st->tasks[i].max_response);
			analyze_json_obs("observed_tardiness",
					 st->tasks[i].max_tardiness,
					 a->tard_unknown[i]);
			printf("}");
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
	printf("]%s", a->oblivious ? ", \"suspension\": \"oblivious\"" : "");
	printf(", \"left_out\": [");
	first = true;
	for (size_t i = 0; i < s->ntasks; i++) {
		if (!a->left_out[i])
			continue;
		printf("%s{\"task\": ", first ? "" : ", ");
		cli_json_str(stdout, s->tasks[i].name);
		printf(", \"reason\": ");
		cli_json_str(stdout, a->left_out[i]);
		printf("}");
		first = false;
	}
	printf("], \"no_job_guarantee\": [");
	first = true;
	for (size_t i = 0; i < s->ntasks; i++) {
		const char *why = a->kind == AK_CBS ?
			(a->cbs_g[i] == RT_CBS_GUARANTEED ||
			 a->cbs_g[i] == RT_CBS_NOT_SERVED ? NULL :
			 rt_cbs_guarantee_reason(a->cbs_g[i])) : a->no_job[i];

		if (!why)
			continue;
		printf("%s{\"task\": ", first ? "" : ", ");
		cli_json_str(stdout, s->tasks[i].name);
		printf(", \"reason\": ");
		cli_json_str(stdout, why);
		printf("}");
		first = false;
	}
	printf("]}\n");
}

/* Tasks whose jobs an accept does not cover (linux-dl, cbs). */
static size_t analyze_uncovered(const struct analyze *a, char *buf, size_t len)
{
	size_t n = 0, pos = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < a->s->ntasks; i++) {
		bool out = a->kind == AK_LINUX ?
			   (a->no_job[i] || (a->adm[i].deadline == false)) :
			   a->kind == AK_CBS ? !analyze_cbs_meets(a, i) : false;

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
static void analyze_print_verdict(const struct analyze *a)
{
	const struct sim_stats *st = a->cs.stats;
	char un[200];
	size_t nun = analyze_uncovered(a, un, sizeof(un));

	if (st->misses) {
		for (size_t i = 0; i < a->ntests; i++) {
			const struct analyze_test *t = &a->tests[i];

			if (t->about_sim && t->res.kind == RT_KIND_EXACT &&
			    t->res.verdict == RT_VERDICT_REJECT && !a->oblivious) {
				printf("NOT schedulable (exact test %s)\n",
				       t->info->name);
				return;
			}
		}
		printf("NOT schedulable (the simulation found a miss)\n");
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
			/* suspension-oblivious: an accept is only sufficient,
			 * a reject proves nothing */
			if (a->oblivious && t->res.verdict == RT_VERDICT_REJECT)
				continue;
			if (t->res.verdict == RT_VERDICT_REJECT) {
				printf("NOT schedulable (exact test %s)\n",
				       t->info->name);
				return;
			}
			if (nun) {
				printf("%s deadlines guaranteed (%s test %s); no "
				       "job guarantee for %s\n",
				       a->kind == AK_CBS ? "server" : "reservation",
				       what, t->info->name, un);
				return;
			}
			printf("schedulable (%s test %s%s%s)\n", what,
			       t->info->name, a->oblivious ? " on the "
			       "suspension-oblivious set" : "",
			       a->kind == AK_LINUX ? ", over the admitted tasks" :
			       a->kind == AK_CBS ? ", with the server guarantees" :
			       "");
			return;
		}
	if (a->cs.h.exact && a->conform && a->kind == AK_PLAIN)
		printf("schedulable (exact simulation)\n");
	else
		printf("no miss observed; not a proof (no exact test for this "
		       "policy and placement)\n");
}

/* The detail of a test row (times in the scenario's unit). */
static void analyze_print_detail(const struct analyze *a,
				 const struct analyze_test *t)
{
	const struct scn_scenario *s = a->s;
	const char *who = analyze_res_task(a, t);
	char b1[48], b2[48];

	if (t->res.witness != RT_TIME_NEVER) {
		printf(" dbf(t) > t at t = %s",
		       cli_fmt_time(s, t->res.witness, b1, sizeof(b1)));
		if (t->res.demand != RT_TIME_NEVER)
			printf(" (dbf(%s) = %s > %s%s%s)", b1,
			       cli_fmt_time(s, t->res.demand, b2, sizeof(b2)), b1,
			       t->res.note[0] ? "; " : "", t->res.note);
		else if (t->res.note[0])
			printf(" (%s)", t->res.note);
		return;
	}
	if (t->dom >= 0 && a->kind == AK_LINUX) {
		const struct rt_dl_adm_dom *dd = &a->admdom[t->dom];

		printf(" (root domain %d, %u CPU%s: %zu admitted, %zu refused; "
		       "sum dl_bw %" PRIu64, t->dom, dd->cpus,
		       dd->cpus == 1 ? "" : "s", dd->accepted, dd->rejected,
		       dd->total);
		if (dd->unlimited)
			printf(", no cap: rt_runtime_us -1)");
		else
			printf(" <= cap %" PRIu64 " = %" PRIu64 " x %u)",
			       (uint64_t)dd->cap, dd->cap_bw, dd->cpus);
		return;
	}
	if (t->dom >= 0 && t->value) {
		char ub[96];

		printf(" (domain %d, %u CPU%s: sum Q/T %s%s%s)", t->dom,
		       a->dom_cpus[t->dom], a->dom_cpus[t->dom] == 1 ? "" : "s",
		       analyze_frac_text(t->value, "?", ub, sizeof(ub)),
		       t->res.note[0] ? "; " : "", t->res.note);
		return;
	}
	if (t->res.note[0] || t->res.offset != RT_TIME_NEVER ||
	    t->res.response != RT_TIME_NEVER) {
		printf(" (%s", t->res.note);
		if (t->res.offset != RT_TIME_NEVER)
			printf(" at offset A = %s",
			       cli_fmt_time(s, t->res.offset, b1, sizeof(b1)));
		if (who && t->res.response != RT_TIME_NEVER &&
		    t->res.deadline != RT_TIME_NEVER)
			printf(": R = %s > D = %s",
			       cli_fmt_time(s, t->res.response, b1, sizeof(b1)),
			       cli_fmt_time(s, t->res.deadline, b2, sizeof(b2)));
		printf(")");
	}
}

/* linux rows: the tasks of the domain and the kernel's arithmetic. */
static void analyze_print_linux_tasks(const struct analyze *a, int dom)
{
	const struct scn_scenario *s = a->s;
	const struct rt_dl_adm_dom *dd = &a->admdom[dom];

	for (size_t i = 0; i < s->ntasks; i++) {
		const struct rt_dl_adm_task *k = &a->adm[i];

		if (analyze_task_dom(a, i) != (unsigned)dom || !k->deadline)
			continue;
		printf("      %-12s dl_bw %7" PRIu64 "  %s: %" PRIu64 " + %" PRIu64
		       " = %" PRIu64 " %s %" PRIu64 "\n", s->tasks[i].name,
		       k->dl_bw, k->accepted ? "admitted" : "REFUSED ",
		       k->before, k->dl_bw, k->before + k->dl_bw,
		       k->accepted ? "<=" : ">", (uint64_t)dd->cap);
	}
}

static void analyze_print_assignment(const struct analyze *a,
				     const struct analyze_test *t)
{
	int top = -1;

	for (size_t k = 0; k < a->nmodel; k++)
		if (t->assign[k] > top)
			top = t->assign[k];
	for (int c = 0; c <= top; c++) {
		printf("      CPU %d:", c);
		for (size_t k = 0; k < a->nmodel; k++)
			if (t->assign[k] == c)
				printf(" %s", a->model[k].name ? a->model[k].name :
				       "?");
		printf("\n");
	}
}

static void analyze_print_row(const struct analyze *a,
			      const struct analyze_test *t, int w)
{
	bool more = t->res.witness != RT_TIME_NEVER || t->dom >= 0 ||
		    t->res.note[0] || t->res.offset != RT_TIME_NEVER ||
		    t->res.response != RT_TIME_NEVER;

	printf("  %-*s %-11s %-8s %-*s", w, t->info->name,
	       rt_test_kind_name(t->res.kind), rt_verdict_name(t->res.verdict),
	       more ? 16 : 0, t->info->analyses.label);
	if (more)
		analyze_print_detail(a, t);
	printf("\n");
	if (t->dom >= 0 && a->kind == AK_LINUX)
		analyze_print_linux_tasks(a, t->dom);
	if (t->assign)
		analyze_print_assignment(a, t);
}

static void analyze_print_text(struct analyze *a, bool all)
{
	const struct scn_scenario *s = a->s;
	const struct sim_stats *st = a->cs.stats;
	char b1[48], b2[48], b3[48], desc[160], ub[96], db[96];
	size_t hidden = 0;
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
	printf("  utilization U %s, density %s\n\n",
	       analyze_frac_text(a->u, a->u_dec, ub, sizeof(ub)),
	       analyze_frac_text(a->density, a->density_dec, db, sizeof(db)));
	printf("  %-*s %-11s %-8s %-16s %s\n", w, "test", "kind", "verdict",
	       "analyses", "witness");
	for (size_t i = 0; i < a->ntests; i++) {
		if (!a->tests[i].shown) {
			hidden++;
			continue;
		}
		analyze_print_row(a, &a->tests[i], w);
	}
	if (hidden && all) {
		printf("  other policies (not compared with the simulation):\n");
		for (size_t i = 0; i < a->ntests; i++)
			if (!a->tests[i].shown)
				analyze_print_row(a, &a->tests[i], w);
	} else if (hidden) {
		printf("  (%zu test%s about other policies: --all lists %s)\n",
		       hidden, hidden == 1 ? "" : "s",
		       hidden == 1 ? "it" : "them");
	}
	printf("  compared with the simulation:");
	for (size_t i = 0; i < a->ntests; i++)
		if (a->tests[i].about_sim && !(i && a->tests[i - 1].about_sim &&
		    a->tests[i - 1].info == a->tests[i].info)) {
			printf("%s %s", any ? "," : "", a->tests[i].info->name);
			any = true;
		}
	printf("%s\n", any ? "" : " none (no test analyses this policy and "
	       "placement)");
	any = false;
	for (size_t i = 0; i < s->ntasks; i++)
		if (a->left_out[i]) {
			if (!any)
				printf("  left out of the analysed task set:\n");
			any = true;
			printf("    %-12s %s\n", s->tasks[i].name, a->left_out[i]);
		}
	any = false;
	for (size_t i = 0; a->kind != AK_PLAIN && i < s->ntasks; i++) {
		const char *why = a->kind == AK_CBS ?
			(a->cbs_g[i] == RT_CBS_NOT_SERVED ? NULL :
			 a->cbs_g[i] == RT_CBS_GUARANTEED &&
			 !analyze_cbs_meets(a, i) ? "response <= D_s, but "
			 "jitter + D_s > D: its deadline may be missed" :
			 rt_cbs_guarantee_reason(a->cbs_g[i])) : a->no_job[i];

		if (!why || (a->left_out[i] && a->kind == AK_LINUX))
			continue;
		if (!any)
			printf("  job guarantees (%s):\n", a->kind == AK_CBS ?
			       "a job released at r ends by r + D_s when its "
			       "server is guaranteed" : "reservation kept");
		any = true;
		printf("    %-12s %s\n", s->tasks[i].name, why);
	}
	printf("\n  simulation: horizon %s (%s), %" PRIu64 " jobs, %" PRIu64
	       " miss%s, max tardiness %s\n",
	       cli_fmt_time(s, st->horizon, b1, sizeof(b1)),
	       sim_horizon_source_name(a->cs.h.source), st->jobs, st->misses,
	       st->misses == 1 ? "" : "es",
	       analyze_fmt_obs(s, st->max_tardiness, a->any_unknown, b2,
			       sizeof(b2)));
	if (a->kind != AK_PLAIN)
		printf("    server deadline misses: %" PRIu64 "\n",
		       st->server_misses);
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
		const struct sim_miss *fm = &st->first_miss;

		printf("    first miss: %s job %" PRIu64 ", released %s, deadline %s, "
		       "finished %s\n", s->tasks[fm->task].name, fm->job,
		       cli_fmt_time(s, fm->release, b1, sizeof(b1)),
		       cli_fmt_time(s, fm->deadline, b2, sizeof(b2)),
		       fm->finish == RT_TIME_NEVER ? "never (aborted or pending "
		       "at the horizon)" : cli_fmt_time(s, fm->finish, b3,
							 sizeof(b3)));
	}
	if (a->bound_kind == BOUND_EXACT || a->bound_kind == BOUND_UPPER) {
		bool exact = a->bound_kind == BOUND_EXACT;
		bool rx = exact && a->resp_exact;

		printf("\n  tardiness: %s %s%s, observed %s\n",
		       exact ? "exact bound" : "upper bound",
		       cli_fmt_time(s, a->bound, b1, sizeof(b1)),
		       exact ? (s->cpus > 1 ? " (per CPU)" : "") :
		       a->oblivious ? " (suspension-oblivious)" :
		       a->kind == AK_LINUX ? " (over the admitted reservations)" :
		       a->kind == AK_CBS ? " (servers and served tasks)" :
		       a->bits & RT_MODEL_JITTER ? " (with release jitter)" :
		       " (compliant vectors / Devi-Anderson, global EDF)",
		       analyze_fmt_obs(s, st->max_tardiness, a->any_unknown, b2,
				       sizeof(b2)));
		for (size_t i = 0; i < s->ntasks; i++) {
			if (a->resp[i] == RT_TIME_NEVER) {
				printf("    %-12s no bound (%s), observed %s\n",
				       s->tasks[i].name, a->left_out[i] ?
				       a->left_out[i] : a->bound_why[i] ?
				       a->bound_why[i] : a->no_job[i] ?
				       a->no_job[i] : a->cbs_g ?
				       rt_cbs_guarantee_reason(a->cbs_g[i]) :
				       "none", cli_fmt_time(s,
				       st->tasks[i].max_response, b3, sizeof(b3)));
				continue;
			}
			printf("    %-12s %s %s (tardiness <= %s), observed %s\n",
			       s->tasks[i].name,
			       rx ? "worst response" : "response <=",
			       cli_fmt_time(s, a->resp[i], b1, sizeof(b1)),
			       cli_fmt_time(s, a->tard[i], b2, sizeof(b2)),
			       cli_fmt_time(s, st->tasks[i].max_response, b3,
					    sizeof(b3)));
		}
	} else {
		printf("\n  tardiness: no bound (%s), observed %s\n",
		       a->bound_note[0] ? a->bound_note :
		       analyze_bound_name(a->bound_kind),
		       analyze_fmt_obs(s, st->max_tardiness, a->any_unknown, b1,
				       sizeof(b1)));
	}
	if (a->oblivious)
		printf("\n  note: tasks self-suspend; tests, bounds and the default "
		       "horizon use the\n        suspension-oblivious task set "
		       "(C + suspension lengths): safe, not exact\n");
	if (a->admission_off)
		printf("\n  note: scheduler.admission / mode is not applied here: "
		       "the tests and the\n        simulation cover every task "
		       "(dlsim run applies the admission)\n");
	if (!a->conform && a->kind == AK_PLAIN)
		printf("\n  note: the scenario leaves the sporadic model; the tests "
		       "analyse each task\n        with its largest demand, its "
		       "smallest release gap and D - jitter\n");
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

static void analyze_fini(struct analyze *a)
{
	for (size_t i = 0; i < a->ntests; i++) {
		free(a->tests[i].assign);
		free(a->tests[i].value);
	}
	free(a->tests);
	free(a->contra);
	free(a->u);
	free(a->density);
	free(a->dom_cpus);
	free(a->model);
	free(a->model_task);
	free(a->model_srv);
	free(a->model_dom);
	free(a->model_jit);
	free(a->left_out);
	free(a->no_job);
	free(a->adm);
	free(a->admdom);
	free(a->dom_void);
	free(a->cbs_g);
	free(a->dom_ok);
	free(a->resp);
	free(a->tard);
	free(a->srv_bound);
	free(a->bound_why);
	free(a->tard_unknown);
}

int cmd_analyze(int argc, char **argv)
{
	const char *path = NULL, *until_s = NULL;
	bool json = false, all = false;
	struct scn_scenario *s = NULL, so;
	struct rt_task *ob = NULL;
	unsigned *cluster = NULL;
	struct rt_diag d = { "" };
	struct analyze a;
	struct sim_horizon h;
	rt_time until;
	int rc;

	memset(&a, 0, sizeof(a));
	for (int i = 1; i < argc; i++) {
		bool bad = false;

		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(analyze_help, stdout);
			return CLI_EXIT_OK;
		} else if (!strcmp(argv[i], "--json")) {
			json = true;
		} else if (!strcmp(argv[i], "--all")) {
			all = true;
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
	a.s = a.orig = s;
	a.da_x = RT_TIME_NEVER;
	a.kind = analyze_flags(s) & SIM_POLICY_KERNEL ? AK_LINUX :
		 analyze_flags(s) & SIM_POLICY_SERVERS ? AK_CBS : AK_PLAIN;
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
	a.u = analyze_frac(rt_frac_utilization, a.s->tasks, a.s->ntasks,
			   a.u_dec, sizeof(a.u_dec));
	a.density = analyze_frac(rt_frac_density, a.s->tasks, a.s->ntasks,
				 a.density_dec, sizeof(a.density_dec));
	if (!analyze_domains(&a) || analyze_model(&a, &d) != RT_OK ||
	    !analyze_tests(&a)) {
		cli_error("%s: analysis: %s", s->path, d.msg[0] ? d.msg :
			  "out of memory");
		rc = CLI_EXIT_INPUT;
		goto out;
	}
	for (size_t i = 0; a.kind == AK_CBS && i < s->ntasks; i++)
		a.cbs_g[i] = rt_cbs_task_guarantee(s->tasks, s->ntasks,
						   s->task_server, s->servers, i,
						   a.dom_ok[analyze_task_dom(&a, i)]);
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
	if (!analyze_unknown(&a)) {
		cli_error("out of memory");
		rc = CLI_EXIT_INPUT;
		cli_sim_fini(&a.cs);
		goto out;
	}
	analyze_compare(&a);
	if (json)
		analyze_print_json(&a);
	else
		analyze_print_text(&a, all);
	cli_sim_fini(&a.cs);
	if (fflush(stdout) != 0) {
		cli_error("cannot write to standard output");
		rc = CLI_EXIT_IO;
	} else if (a.ncontra) {
		rc = CLI_EXIT_CONTRADICTION;
	}
out:
	analyze_fini(&a);
	free(ob);
	free(cluster);
	scn_free(s);
	return rc;
}
