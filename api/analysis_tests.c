/* analysis_tests.c - the test table of an analysis: every registry test
 * that applies to the platform (models/tests.h), run on the analysed task
 * set, each marked with whether it analyses the simulated policy and
 * placement (then it is compared with the simulation) and whether the
 * table shows it without --all.  The registries decide: what a test
 * analyses is its descriptor, what a policy is its entry in
 * sim/policy.c; no test or policy is named here. */
#include "api/analysis.h"

#include <string.h>

#include "models/frac.h"
#include "models/mem.h"
#include "sim/policy.h"

char *api_analysis_frac(enum rt_err (*fn)(const struct rt_task *, size_t,
					  struct rt_frac **),
			const struct rt_task *ts, size_t n, char *dec,
			size_t declen)
{
	struct rt_frac *f = NULL;
	char *buf = NULL;

	snprintf(dec, declen, "?");
	if (fn(ts, n, &f) == RT_OK) {
		size_t need = rt_frac_format(f, NULL, 0);

		buf = rt_malloc(need + 1);
		if (buf)
			rt_frac_format(f, buf, need + 1);
		rt_frac_format_decimal(f, 6, dec, declen);
	}
	rt_frac_destroy(f);
	return buf ? buf : rt_strdup("?");      /* NULL: out of memory */
}

/* The scheduling model of the scenario's policy (the policy registry:
 * analysed_as, models/tests.h RT_AN_*). */
unsigned api_analysis_policy_bits(const struct dlsim_analysis *a)
{
	const struct sim_policy_ops *ops = sim_policy_find(a->s->sched.policy);

	return ops ? ops->analysed_as : 0;
}

static bool analyze_policy_match(const struct dlsim_analysis *a,
				 const struct rt_test_info *ti)
{
	return (ti->analyses.policies & api_analysis_policy_bits(a)) != 0;
}

/* A test about this reservation policy alone (linux, cbs-bandwidth):
 * one row per domain. */
static bool analyze_domain_test(const struct dlsim_analysis *a,
				const struct rt_test_info *ti)
{
	return (a->kind == AK_LINUX || a->kind == AK_CBS) &&
	       ti->analyses.policies == api_analysis_policy_bits(a);
}

/* Does registry test ti analyse the simulated policy and placement?  The
 * registry's descriptor says which policy models and platforms; this
 * maps the scenario's placement to a platform.  linux-dl: the EDF tests
 * over the admitted reservations of its one root domain. */
static bool analyze_about_sim(const struct dlsim_analysis *a,
			      const struct rt_test_info *ti)
{
	const struct scn_scenario *s = a->s;
	const struct scn_scheduler *k = &s->sched;
	unsigned pol = api_analysis_policy_bits(a), p;

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

static struct analyze_test *analyze_new_test(struct dlsim_analysis *a,
					     const struct rt_test_info *ti)
{
	struct analyze_test *t;

	if (a->ntests == a->cap_tests) {
		size_t cap = a->cap_tests ? 2 * a->cap_tests : 32;
		struct analyze_test *nt = rt_reallocarray(a->tests, cap,
							  sizeof(*nt));

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
static bool analyze_linux_rows(struct dlsim_analysis *a, const struct rt_test_info *ti)
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
			if (api_analysis_task_dom(a, i) == c && a->adm[i].deadline &&
			    !a->adm[i].accepted) {
				t->res.task = i;
				break;
			}
	}
	return true;
}

/* cbs-bandwidth: the registry test over each domain's servers and plain
 * tasks. */
static bool analyze_cbs_rows(struct dlsim_analysis *a, const struct rt_test_info *ti)
{
	struct rt_task *sub = api_analysis_calloc(a->nmodel, sizeof(*sub));

	if (!sub)
		return false;
	for (unsigned c = 0; c < a->ndom; c++) {
		struct analyze_test *t = analyze_new_test(a, ti);
		struct rt_diag d = { "" };
		char dec[8];
		size_t n = 0;
		enum rt_err err;

		if (!t) {
			rt_free(sub);
			return false;
		}
		t->dom = (int)c;
		for (size_t k = 0; k < a->nmodel; k++)
			if (a->model_dom[k] == c)
				sub[n++] = a->model[k];
		err = ti->run(sub, n, a->dom_cpus[c], &t->res, &d);
		if (err)
			analyze_test_error(t, err, &d);
		t->value = api_analysis_frac(rt_frac_utilization, sub, n, dec,
					     sizeof(dec));
		if (err == RT_ERR_NOMEM || !t->value) {
			rt_free(sub);
			return false;
		}
		if (strlen(t->value) > 2 &&
		    !strcmp(t->value + strlen(t->value) - 2, "/1"))
			t->value[strlen(t->value) - 2] = '\0';  /* "1", not "1/1" */
		a->dom_ok[c] = t->res.verdict == RT_VERDICT_ACCEPT &&
			       t->res.kind == RT_KIND_EXACT;
	}
	rt_free(sub);
	return true;
}

/* fp-rta over the model of fp servers (explicit ranks): "explicit
 * priorities..." becomes "<the scenario's order> priorities, servers as
 * tasks...". */
static void analyze_fpsrv_note(const struct dlsim_analysis *a,
			       struct analyze_test *t)
{
	static const char ex[] = "explicit priorities";
	char note[sizeof(t->res.note)];

	if (strncmp(t->res.note, ex, sizeof(ex) - 1))
		return;
	snprintf(note, sizeof(note), "%s priorities, servers as tasks%s",
		 rt_fp_order_name(a->s->sched.priorities),
		 t->res.note + sizeof(ex) - 1);
	memcpy(t->res.note, note, sizeof(note));
}

bool api_analysis_tests(struct dlsim_analysis *a)
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
		/* a deferrable server interferes as a task with release
		 * jitter: only fp-rta (run_order) has that extension */
		if (a->srv_jitter && !(ti->run_order && api_analysis_fp(a))) {
			t->res.kind = RT_KIND_SUFFICIENT;
			snprintf(t->res.note, sizeof(t->res.note), "a deferrable "
				 "server (release jitter T - Q): only fp-rta "
				 "analyses it");
			continue;
		}
		/* fp-rta with the simulated priority order, not the
		 * registry's deadline-monotonic default. */
		if (ti->run_order && api_analysis_fp(a))
			err = ti->run_order(a->model, a->nmodel, m,
					    (int)api_analysis_fp_order(a),
					    &t->res, &d);
		else
			err = ti->run(a->model, a->nmodel, m, &t->res, &d);
		if (err == RT_ERR_NOMEM)
			return false;
		if (err != RT_OK) {
			analyze_test_error(t, err, &d);
			continue;
		}
		if (t->res.kind == RT_KIND_EXACT && ti->exact_for &&
		    !(ti->exact_for & api_analysis_policy_bits(a)))
			t->res.kind = RT_KIND_NECESSARY;
		/* fp servers: the served work is not a sporadic task, so
		 * no test is exact for the system; the note names the
		 * scenario's order, not the ranks the model carries */
		if (a->kind == AK_FPSRV && ti->run_order)
			analyze_fpsrv_note(a, t);
		if (t->res.kind == RT_KIND_EXACT && a->kind == AK_FPSRV)
			t->res.kind = RT_KIND_SUFFICIENT;
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
			t->assign = api_analysis_calloc(a->nmodel,
							sizeof(*t->assign));
			if (!t->assign)
				return false;
			err = rt_test_assignment(ti, a->model, a->nmodel, m,
						 t->assign, &d);
			if (err == RT_ERR_NOMEM)
				return false;
			if (err) {
				rt_free(t->assign);
				t->assign = NULL;
			}
		}
	}
	return true;
}
