/* analysis_tests.c - the test table of an analysis: every registry test
 * that applies to the platform (models/tests.h), run on the analysed task
 * set, each marked with whether it analyses the simulated policy and
 * placement (then it is compared with the simulation) and whether the
 * table shows it without --all.  The registries decide: what a test
 * analyses is its descriptor, what a policy is its entry in
 * sim/policy.c; no test or policy is named here. */
#include "api/analysis.h"
#include "models/overhead.h"

#include <string.h>

#include "models/blocking.h"
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
	t->name = ti->name;
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

/* Test t does not speak for the simulated system: n/a with 'why' as its
 * note, no packing shown. */
static void analyze_test_void(struct analyze_test *t, const char *why)
{
	rt_free(t->assign);
	t->assign = NULL;
	t->res.verdict = RT_VERDICT_NA;
	snprintf(t->res.note, sizeof(t->res.note), "%s", why);
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
		/* a task whose verdict depends on when leaving tasks'
		 * bandwidth returns: n/a, unless another is refused anyway */
		t->res.verdict = a->admdom[c].rejected ? RT_VERDICT_REJECT :
				 a->admdom[c].undetermined ? RT_VERDICT_NA :
				 RT_VERDICT_ACCEPT;
		for (size_t i = 0; i < a->s->ntasks; i++)
			if (api_analysis_task_dom(a, i) == c && a->adm[i].deadline &&
			    !a->adm[i].accepted && !a->adm[i].undetermined) {
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
			       t->res.kind == RT_KIND_EXACT &&
			       a->dom_srv[c] == NO_IDX;
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

/*
 * A partitioned test about the simulated system decides on the partition
 * the simulation runs.  The scenario is packed once, at load, by the
 * heuristic on each task's C (scenarios/check.c, s->sched.task_cluster);
 * the test packs 'model', whose demands may be larger (an exec model's
 * largest demand, or C'' with overheads), and can find another partition:
 * both of C 5, T 10 fit on CPU 0 by C, while a largest demand of 8 (or
 * C'' > 5) puts one on each CPU, which the test accepts and the
 * simulation, both on CPU 0, misses.  So each simulated CPU's tasks of
 * 'model' are checked by the exact uniprocessor test (qpa; U <= 1 first,
 * as the packing does), an accept showing that partition, unless the
 * test accepted that very partition.  A verdict not to be had from C
 * (n/a, jitter >= D) is left.  False: out of memory.
 */
static bool analyze_sim_partition(struct dlsim_analysis *a,
				  struct analyze_test *t,
				  const struct rt_task *model, unsigned m)
{
	const struct scn_scenario *s = a->s;
	const struct rt_test_info *qpa = rt_test_find("qpa");
	struct rt_task *sub;
	int *cpu;
	size_t *idx;
	bool ok = true;

	if (!t->about_sim || !(t->info->analyses.platforms &
			       RT_AN_PARTITIONED) || !s->sched.task_cluster ||
	    !qpa || t->res.verdict == RT_VERDICT_NA ||
	    a->ge_d_task != NO_IDX)
		return true;
	sub = api_analysis_calloc(a->nmodel, sizeof(*sub));
	cpu = api_analysis_calloc(a->nmodel, sizeof(*cpu));
	idx = api_analysis_calloc(a->nmodel, sizeof(*idx));
	if (!sub || !cpu || !idx) {
		ok = false;
		goto done;
	}
	for (size_t k = 0; k < a->nmodel; k++) {
		size_t i = a->model_task[k];

		cpu[k] = i < s->ntasks && !(s->sched.task_unplaced &&
					    s->sched.task_unplaced[i]) ?
			 (int)s->sched.task_cluster[i] : -1;
	}
	/* the test's own partition: its answer stands */
	if (t->res.verdict == RT_VERDICT_ACCEPT && t->assign &&
	    !memcmp(t->assign, cpu, a->nmodel * sizeof(*cpu)))
		goto done;
	rt_test_result_init(&t->res, RT_KIND_SUFFICIENT);
	t->res.verdict = RT_VERDICT_ACCEPT;
	snprintf(t->res.note, sizeof(t->res.note), "the simulated "
		 "partition, qpa on each CPU");
	for (unsigned c = 0; c < m; c++) {
		struct rt_test_result r;
		struct rt_diag d = { "" };
		size_t n = 0;
		enum rt_err err;

		for (size_t k = 0; k < a->nmodel; k++)
			if (cpu[k] == (int)c) {
				idx[n] = k;
				sub[n++] = model[k];
			}
		if (!n)
			continue;
		rt_test_result_init(&r, RT_KIND_EXACT);
		err = qpa->run(sub, n, 1, &r, &d);
		if (err == RT_ERR_NOMEM) {
			ok = false;
			goto done;
		}
		if (err) {
			analyze_test_error(t, err, &d);
			break;
		}
		if (r.verdict == RT_VERDICT_ACCEPT)
			continue;
		t->res.verdict = r.verdict;
		if (r.verdict == RT_VERDICT_REJECT) {
			t->res.task = r.task < n ? idx[r.task] : r.task;
			t->res.witness = r.witness;
			t->res.demand = r.demand;
		}
		snprintf(t->res.note, sizeof(t->res.note), "the simulated "
			 "partition: CPU %u, qpa: %.100s", c, r.note);
		break;
	}
	rt_free(t->assign);
	t->assign = NULL;
	if (t->res.verdict == RT_VERDICT_ACCEPT) {
		t->assign = cpu;
		cpu = NULL;
	}
done:
	rt_free(sub);
	rt_free(cpu);
	rt_free(idx);
	return ok;
}

/* Run t's test on 'model' (a->nmodel tasks, the analysed set or its
 * overhead-aware form) on m CPUs; false: out of memory. */
static bool analyze_run(struct dlsim_analysis *a, struct analyze_test *t,
			const struct rt_task *model, unsigned m)
{
	const struct scn_scenario *s = a->s;
	const struct rt_test_info *ti = t->info;
	struct rt_task *native = NULL;
	struct rt_diag d = { "" };
	enum rt_err err;

	if ((a->bits & RT_MODEL_JITTER) && !ti->jitter) {
		t->res.kind = RT_KIND_SUFFICIENT;
		snprintf(t->res.note, sizeof(t->res.note), "release "
			 "jitter: this test has no jitter extension");
		return true;
	}
	/* a deferrable or sporadic server interferes as a task with
	 * release jitter: only fp-rta (run_order) has that extension */
	if (a->srv_jitter && !(ti->run_order && api_analysis_fp(a))) {
		t->res.kind = RT_KIND_SUFFICIENT;
		snprintf(t->res.note, sizeof(t->res.note), "a deferrable or "
			 "sporadic server (release jitter T - Q): only fp-rta "
			 "analyses it");
		return true;
	}
	/* a test with its own jitter extension (fp-rta) sees D and J, so
	 * that it adds J once and ranks by D as the simulator does */
	if (ti->jitter_native && (a->bits & RT_MODEL_JITTER)) {
		native = api_analysis_native(a, model);
		if (!native)
			return false;
	}
	/* fp-rta with the simulated priority order, not the
	 * registry's deadline-monotonic default. */
	if (ti->run_order && api_analysis_fp(a))
		err = ti->run_order(native ? native : model, a->nmodel, m,
				    (int)api_analysis_fp_order(a), &t->res,
				    &d);
	else
		err = ti->run(native ? native : model, a->nmodel, m, &t->res,
			      &d);
	rt_free(native);
	if (err == RT_ERR_NOMEM)
		return false;
	if (err != RT_OK) {
		analyze_test_error(t, err, &d);
		return true;
	}
	if (t->res.kind == RT_KIND_EXACT && ti->exact_for &&
	    !(ti->exact_for & api_analysis_policy_bits(a)))
		t->res.kind = RT_KIND_NECESSARY;
	/* fp servers: the served work is not a sporadic task, so no test
	 * is exact for the system; the note names the scenario's order,
	 * not the ranks the model carries */
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
		err = rt_test_assignment(ti, model, a->nmodel, m,
					 t->assign, &d);
		if (err == RT_ERR_NOMEM)
			return false;
		if (err) {
			rt_free(t->assign);
			t->assign = NULL;
		}
	}
	return analyze_sim_partition(a, t, model, m);
}

/*
 * What a test's answer on the overhead-aware set (C'' = C + the
 * overheads a job may meet, each at its worst, docs/theory.md §H.2) says
 * of the simulated system, the one rule for every "+overheads" row:
 * - exact on the inflated set is sufficient for the system: up to the
 *   first miss the simulated schedule is one of the inflated set, so an
 *   accept guarantees; a reject proves nothing (the kind says so);
 * - a necessary test's reject becomes n/a: C'' charges every job the
 *   worst case of overheads that most jobs never pay, so the inflated
 *   demand may exceed what the system needs (fp, cs 1, release 1: U'' =
 *   27/20 and no miss), and the reject is neither necessary nor
 *   sufficient for it.  Its accept stays, labelled necessary: it claims
 *   nothing either way.  A reject that does not come from C (a task with
 *   jitter >= D, analyze_run) stays.
 */
static void analyze_over_verdict(const struct dlsim_analysis *a,
				 struct analyze_test *t, const char *set)
{
	char note[sizeof(t->res.note)];

	if (t->res.kind == RT_KIND_EXACT)
		t->res.kind = RT_KIND_SUFFICIENT;
	if (t->res.kind != RT_KIND_NECESSARY ||
	    t->res.verdict != RT_VERDICT_REJECT || a->ge_d_task != NO_IDX)
		return;
	/* the test's own note (U = p/q) cut to fit after the reason */
	snprintf(note, sizeof(note), "a reject on %s proves no miss%s%.80s%s",
		 set, t->res.note[0] ? " (" : "", t->res.note,
		 t->res.note[0] ? ")" : "");
	rt_test_result_init(&t->res, RT_KIND_NECESSARY);
	memcpy(t->res.note, note, sizeof(note));
}

/* With overheads (policies edf, fp): the tests about the simulated
 * system run again on the overhead-aware task set (rt_ovh_inflate,
 * docs/theory.md §H.2), as rows "NAME+overheads" beside the plain ones;
 * only those speak of the simulation now. */
static bool analyze_ovh_rows(struct dlsim_analysis *a, unsigned m)
{
	const struct scn_scenario *s = a->s;
	size_t n0 = a->ntests;
	struct rt_task *inf;
	struct rt_diag d = { "" };
	enum rt_err ierr;

	if (!rt_ovh_any(&s->overheads) || a->kind != AK_PLAIN)
		return true;
	inf = api_analysis_calloc(a->nmodel ? a->nmodel : 1, sizeof(*inf));
	if (!inf)
		return false;
	ierr = rt_ovh_inflate(&s->overheads, a->model, a->nmodel,
			      s->sched.cluster_size > 1, inf, &d);
	for (size_t i = 0; i < n0; i++) {
		struct analyze_test *t;
		char name[96];

		if (!a->tests[i].about_sim)
			continue;
		a->tests[i].about_sim = false;
		t = analyze_new_test(a, a->tests[i].info);
		if (!t) {
			rt_free(inf);
			return false;
		}
		snprintf(name, sizeof(name), "%s+overheads", t->info->name);
		t->name = rt_strdup(name);
		if (!t->name) {
			t->name = t->info->name;
			rt_free(inf);
			return false;
		}
		t->ovh = true;
		t->about_sim = t->shown = true;
		if (ierr) {
			analyze_test_error(t, ierr, &d);
			continue;
		}
		if (!analyze_run(a, t, inf, m)) {
			rt_free(inf);
			return false;
		}
		analyze_over_verdict(a, t, "C inflated by the overheads "
				     "(each at its worst)");
	}
	rt_free(inf);
	return true;
}


/*
 * What a test's answer on an analysed set that over-approximates the jobs
 * (a->cover: C + the suspensions, a release list's smallest gap and its
 * releases at one instant, an exec list's largest value for every job)
 * says of the scenario, the rule of analyze_over_verdict for the same
 * reason: an accept stands (sufficient for an exact test), an exact
 * reject proves no miss (sufficient), and a necessary test's reject is
 * n/a: {A (1, 2, 10), releases [0, 1]; B (1, 10, 10)} is analysed with
 * A as (1, 2, 1), U' = 11/10, yet its jobs run [0, 1), [1, 2), [2, 3)
 * and meet every deadline.  A reject that does not come from C or T (a
 * task with jitter >= D) stays.
 */
static void analyze_cover_verdict(const struct dlsim_analysis *a,
				  struct analyze_test *t)
{
	analyze_over_verdict(a, t, a->oblivious ? "C + the suspensions (the "
			     "suspension-oblivious set)" : "the analysed set "
			     "(listed releases closer than T, list demands "
			     "above C)");
}

bool api_analysis_tests(struct dlsim_analysis *a)
{
	const struct scn_scenario *s = a->s;
	unsigned m = a->kind == AK_LINUX && a->ndom == 1 ? a->dom_cpus[0] :
		     s->cpus;

	a->chg_task = NO_IDX;
	for (size_t i = 0; a->kind == AK_LINUX && s->changes &&
			   a->chg_task == NO_IDX && i < s->ntasks; i++)
		if (s->changes[i].n && a->adm[i].deadline &&
		    a->adm[i].accepted)
			a->chg_task = i;
	/* the tasks analysed as themselves (not a reservation or server) */
	a->cover = a->oblivious;
	for (size_t k = 0; !a->cover && k < a->nmodel; k++)
		a->cover = a->model_srv[k] < 0 && a->model_task[k] != NO_IDX &&
			   !rt_task_analysis_tight(
				   &a->orig->tasks[a->model_task[k]]);
	for (size_t i = 0; rt_tests[i]; i++) {
		const struct rt_test_info *ti = rt_tests[i];
		struct analyze_test *t;

		if (ti->applies && !ti->applies(m))
			continue;
		if (analyze_domain_test(a, ti)) {
			if (!(a->kind == AK_LINUX ? analyze_linux_rows(a, ti) :
			      analyze_cbs_rows(a, ti)))
				return false;
			continue;
		}
		t = analyze_new_test(a, ti);
		if (!t || !analyze_run(a, t, a->model, m))
			return false;
	}
	if (!analyze_ovh_rows(a, m))
		return false;
	for (size_t i = 0; a->cover && i < a->ntests; i++)
		analyze_cover_verdict(a, &a->tests[i]);
	/* a reservation whose (Q, D, P) change at run time is not the
	 * sporadic task the tests analyse (its first parameters): a smaller
	 * runtime starves its jobs, a larger one delays the others */
	for (size_t i = 0; a->chg_task != NO_IDX && i < a->ntests; i++) {
		struct analyze_test *t = &a->tests[i];
		char why[sizeof(t->res.note)];

		if (t->res.kind == RT_KIND_ADMISSION)
			continue;
		snprintf(why, sizeof(why), "task %s changes its reservation "
			 "at run time (changes:); the tests analyse one (Q, D, "
			 "P) per task", s->tasks[a->chg_task].name);
		analyze_test_void(t, why);
	}
	/* linux-dl, accounting: tick: a reservation is throttled at the
	 * tick after its runtime ran out, so in one period it may run up
	 * to a tick more than (Q, D, P), which the tests analyse (its
	 * later periods pay it back, the others do not get it back) */
	for (size_t i = 0; a->kind == AK_LINUX &&
			   s->sched.dl.accounting == RT_DL_ACCT_TICK &&
			   i < a->ntests; i++) {
		struct analyze_test *t = &a->tests[i];

		if (t->res.kind == RT_KIND_ADMISSION)
			continue;
		rt_test_result_init(&t->res, t->res.kind);   /* no witness */
		analyze_test_void(t, api_analysis_tick_why);
	}
	/* cbs: a server that may demand more than (Q_s, D_s, T_s)
	 * (rt_cbs_server_sporadic: the domino effect of cbs and hard-cbs
	 * with D_s < T_s, ...) is not the sporadic task the tests analyse
	 * for it: its domain's rows and the rows over every domain n/a.
	 * {S cbs (2, 2, 10) serving A, releases 0, 3, 6; B (6, 8, 10),
	 * offset 2}: qpa accepted, and B ends at 12 > 10 (S takes 2 at
	 * [0, 2), [3, 5) and [6, 8), each with a fresh deadline). */
	for (size_t i = 0; a->kind == AK_CBS && i < a->ntests; i++) {
		struct analyze_test *t = &a->tests[i];
		char why[sizeof(t->res.note)];

		if (t->res.kind == RT_KIND_ADMISSION ||
		    !api_analysis_cbs_void(a, t->dom, why, sizeof(why)))
			continue;
		analyze_test_void(t, why);
	}
	/* every registry test assumes identical CPUs of speed 1 */
	for (size_t i = 0; (s->capacity || scn_freq_slowed(s)) &&
			   i < a->ntests; i++) {
		struct analyze_test *t = &a->tests[i];
		char why[sizeof(t->res.note)];

		if (s->capacity)
			snprintf(why, sizeof(why), "assumes identical CPUs; "
				 "this platform's capacities differ");
		else
			snprintf(why, sizeof(why), "assumes speed 1; governor "
				 "%s runs below the highest frequency",
				 scn_governor_name(s->governor));
		analyze_test_void(t, why);
	}
	return true;
}

/* ---- shared resources ---------------------------------------------------- */

const struct rt_test_info api_test_fp_blocking = {
	.name     = "fp-rta-blocking",
	.analyses = { RT_AN_FP, RT_AN_UNI, "fp/1cpu", 0 },
};

const struct rt_test_info api_test_edf_srp = {
	.name     = "edf-srp",
	.analyses = { RT_AN_EDF, RT_AN_UNI, "edf/1cpu", 0 },
};

/* "B: H 1, M 2, L 0" into the row's note (cut to fit). */
static void analyze_b_note(const struct dlsim_analysis *a, const rt_time *B,
			   const char *proto, struct rt_test_result *r)
{
	size_t o = (size_t)snprintf(r->note, sizeof(r->note), "%s, B:", proto);

	for (size_t k = 0; k < a->nmodel && o < sizeof(r->note); k++) {
		size_t i = a->model_task[k];

		if (B[k] == RT_TIME_NEVER)
			o += (size_t)snprintf(r->note + o, sizeof(r->note) - o,
					      "%s %s unbounded", k ? "," : "",
					      a->s->tasks[i].name);
		else
			o += (size_t)snprintf(r->note + o, sizeof(r->note) - o,
					      "%s %s %lld", k ? "," : "",
					      a->s->tasks[i].name,
					      (long long)B[k]);
	}
}

bool api_analysis_locks(struct dlsim_analysis *a)
{
	const struct scn_scenario *s = a->s;
	enum rt_lock_protocol p = (enum rt_lock_protocol)s->sched.protocol;
	const char *proto = sim_protocol_name(s->sched.protocol);
	bool fp = api_analysis_fp(a);
	struct analyze_test *t;
	struct rt_diag d = { "" };
	struct rt_task *native = NULL;
	const struct rt_task *fpset;
	uint32_t *lvl;
	rt_time *B;
	enum rt_err err = RT_OK;

	_Static_assert((int)RT_LOCK_SRP == (int)SIM_PROTO_SRP &&
		       (int)RT_LOCK_PIP == (int)SIM_PROTO_PIP,
		       "enum rt_lock_protocol mirrors enum sim_protocol");
	if (!a->locks)
		return true;
	for (size_t k = 0; k < a->ntests; k++) {
		struct rt_test_result *r = &a->tests[k].res;

		if (r->kind == RT_KIND_ADMISSION || r->verdict == RT_VERDICT_NA)
			continue;
		r->verdict = RT_VERDICT_NA;
		snprintf(r->note, sizeof(r->note), "does not model shared "
			 "resources (see the blocking-aware test)");
	}
	t = analyze_new_test(a, fp ? &api_test_fp_blocking : &api_test_edf_srp);
	if (t && a->kind == AK_LINUX) {
		/* the blocking-aware tests are for fp and edf */
		t->res.kind = RT_KIND_SUFFICIENT;
		t->res.verdict = RT_VERDICT_NA;
		snprintf(t->res.note, sizeof(t->res.note), "policy linux-dl, "
			 "protocol %s: the blocking-aware tests are for fp and "
			 "edf", proto);
		return true;
	}
	if (t && (p == RT_LOCK_PIP || p == RT_LOCK_NONE)) {
		/* pcp and srp exclude deadlock; pip and none do not */
		uint32_t *cyc = api_analysis_calloc(s->nresources + 1,
						    sizeof(*cyc));
		size_t len = 0;

		if (!cyc || rt_lock_order_cycle(s->tasks, s->ntasks,
						s->nresources, cyc, &len)) {
			rt_free(cyc);
			return false;
		}
		if (len) {
			size_t o;

			t->res.kind = RT_KIND_SUFFICIENT;
			t->res.verdict = RT_VERDICT_NA;
			o = (size_t)snprintf(t->res.note, sizeof(t->res.note),
					     "possible deadlock:");
			for (size_t k = 0; k < len && o < sizeof(t->res.note);
			     k++)
				o += (size_t)snprintf(t->res.note + o,
						      sizeof(t->res.note) - o,
						      "%s %s", k ? " ->" : "",
						      s->resources[cyc[k]]);
			rt_free(cyc);
			return true;
		}
		rt_free(cyc);
	}
	if (t && a->oblivious) {
		/* B_i counts one blocking per job; a job that suspends can be
		 * blocked again at each wake-up, and a holder that suspends
		 * inside its section blocks for its suspension too: the
		 * suspension-oblivious set does not cover either. */
		t->res.kind = RT_KIND_SUFFICIENT;
		t->res.verdict = RT_VERDICT_NA;
		snprintf(t->res.note, sizeof(t->res.note), "self-suspension: "
			 "blocking terms assume tasks that do not suspend");
		return true;
	}
	lvl = api_analysis_calloc(a->nmodel, sizeof(*lvl));
	B = api_analysis_calloc(a->nmodel, sizeof(*B));
	if (!t || !lvl || !B) {
		rt_free(lvl);
		rt_free(B);
		return false;
	}
	t->res.kind = RT_KIND_SUFFICIENT;
	/* fp: fp-rta's own jitter extension, on D and J (ranks by D) */
	if (fp && (a->bits & RT_MODEL_JITTER)) {
		native = api_analysis_native(a, a->model);
		if (!native)
			goto nomem;
	}
	fpset = native ? native : a->model;
	if (fp)
		err = rt_fp_ranks(fpset, a->nmodel, s->sched.priorities, lvl,
				  &d);
	else
		rt_levels_by_deadline(a->model, a->nmodel, lvl);
	if (!err)
		err = rt_blocking_terms(fpset, a->nmodel, s->nresources, lvl,
					p, B, &d);
	if (err == RT_ERR_NOMEM)
		goto nomem;
	if (err) {
		analyze_test_error(t, err, &d);
	} else if (fp) {
		struct rt_fp_result fr;
		rt_time *R = api_analysis_calloc(a->nmodel, sizeof(*R));

		if (!R)
			goto nomem;
		err = rt_fp_rta_blocking(fpset, a->nmodel,
					 s->sched.priorities, B,
					 RT_UNI_BUDGET_DEFAULT, R, &fr, &d);
		if (err == RT_ERR_NOMEM) {
			rt_free(R);
			goto nomem;
		}
		if (err) {
			analyze_test_error(t, err, &d);
		} else {
			a->blk = api_analysis_calloc(s->ntasks, sizeof(*a->blk));
			if (!a->blk) {
				rt_free(R);
				goto nomem;
			}
			for (size_t i = 0; i < s->ntasks; i++)
				a->blk[i] = RT_TIME_NEVER;
			for (size_t k = 0; k < a->nmodel; k++)
				if (a->model_task[k] < s->ntasks)
					a->blk[a->model_task[k]] = B[k];
			analyze_b_note(a, B, proto, &t->res);
			t->res.verdict = fr.verdict;
			for (size_t k = 0; k < a->nmodel; k++)
				if (B[k] == RT_TIME_NEVER)
					t->res.verdict = RT_VERDICT_NA;
			if (fr.verdict == RT_VERDICT_REJECT &&
			    t->res.verdict == RT_VERDICT_REJECT) {
				t->res.task = a->model_task[fr.task];
				t->res.response = R[fr.task];
				t->res.deadline = fpset[fr.task].deadline;
			}
		}
		rt_free(R);
	} else if (p != RT_LOCK_SRP) {
		t->res.verdict = RT_VERDICT_NA;
		snprintf(t->res.note, sizeof(t->res.note), "protocol %s: no "
			 "blocking bound (srp has one)", proto);
	} else if (a->bits & RT_MODEL_JITTER) {
		/* SRP's preemption levels rank jobs by D; a job released
		 * late by its jitter has a shorter window and may be held
		 * off by a job of a smaller D, which B(t) over D - J does
		 * not count ((C 2, D 7, T 6) with a section and (C 3, D 16,
		 * T 18, J 13): accepted over D - J = 3, missed at 16) */
		t->res.verdict = RT_VERDICT_NA;
		snprintf(t->res.note, sizeof(t->res.note), "release jitter: "
			 "srp's preemption levels rank by D, which a job "
			 "released late breaks; no jitter extension");
	} else {
		err = rt_edf_srp_test(a->model, a->nmodel, s->nresources,
				      RT_UNI_BUDGET_DEFAULT, &t->res.verdict,
				      &t->res.witness, &d);
		if (err == RT_ERR_NOMEM)
			goto nomem;
		if (err)
			analyze_test_error(t, err, &d);
		else
			snprintf(t->res.note, sizeof(t->res.note), "srp, "
				 "B(t) + dbf(t) <= t (Baker 1991)%s",
				 t->res.witness != RT_TIME_NEVER ?
				 ": fails at the witness" : "");
	}
	rt_free(native);
	rt_free(lvl);
	rt_free(B);
	return true;
nomem:
	rt_free(native);
	rt_free(lvl);
	rt_free(B);
	return false;
}
