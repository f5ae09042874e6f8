/* admit.c - admission by the test registry at every join (
 * engine.h enum sim_admission).
 *
 * For a policy with SIM_POLICY_ADMISSION and sim_config.admission set,
 * every task joins through join.c (at its arrive_at; at one instant in
 * task order) and is admitted iff
 *
 *     (the tasks admitted so far in its domain) + it
 *
 * pass the domain's test on the domain's CPUs: one CPU for a partitioned
 * placement (and each one-CPU cluster or cpuset), the cluster or cpuset
 * otherwise, the whole machine for global placement.  The tests are the
 * registry's (models/tests.h), chosen by what they analyse: the policy's
 * model (sim_policy_ops.analysed_as) on the domain's platform (RT_AN_UNI
 * for one CPU, RT_AN_GLOBAL for more):
 *
 *   SIM_ADMISSION_TEST   the one test the scenario names;
 *   SIM_ADMISSION_HARD   the RT_AN_MODE_HARD tests (qpa / fp-rta on one
 *                        CPU; the sufficient global EDF tests on more):
 *                        the first that accepts admits;
 *   SIM_ADMISSION_SOFT   the RT_AN_MODE_SOFT test (utilization: U <= m).
 *
 * Each task is analysed as rt_task_analysable() makes it (the demand
 * `dlsim analyze` charges, rt_task_analysed_demand: largest job demand
 * plus suspension, times the releases listed at one instant; jitter as a
 * shorter deadline, listed releases as a shorter period); a task no test
 * can model (jitter J >= D) is rejected.  Under
 * fp the task keeps D and J, any J < D (also J >= T): fp-rta has the
 * jitter extension (Tindell, Burns & Wellings 1994; docs/theory.md "FP"),
 * R_i = J_i + w_i with w_i = C_i + sum_{j in hp(i)} ceil((w_i + J_j) /
 * T_j) C_j over the jobs of the level-i busy period, accepted iff R_i <=
 * D_i, in the simulator's order (deadline-monotonic by D, not D - J: a
 * task could otherwise be tested above a task that preempts it), the
 * analysis `dlsim analyze` runs, so the two decide alike (J >= D: analyze
 * rejects the set, admission the task).  Under policy cbs a
 * served task counts as its server, a sporadic task (Q_s, D_s, T_s), once
 * however many of its tasks are admitted.  A test that cannot decide
 * (n/a: budget, overflow) rejects: admission only admits what is proven
 * (or, for soft, what fits the capacity).
 *
 * A task that leaves (leave_at) keeps its share until its domain is next
 * idle (no pending job on its CPUs) after its last release: only then is
 * it out of the set the next joins are tested with.  Returning it at
 * leave_at, at its last job's completion or at its deadline is unsound:
 * a busy interval that began with its jobs (or with a job of another task
 * released beside them) goes on after them, and a newcomer's demand then
 * adds to theirs in one window no test looked at (docs/theory.md "A.8
 * Leaving tasks").  After an idle instant every later job belongs to a task of
 * the set the last join was tested with, released from an empty system,
 * which is all the sporadic analyses assume.  Hence per domain a count of
 * pending jobs (sim_admit_job_new / _gone, from release.c and
 * dispatch.c) and of the instants it dropped to zero (idle_gen).
 *
 * Cost per join: O(tasks) to collect its domain plus one run of each
 * candidate test over the domain (QPA: a few dbf evaluations).
 *
 * Also the names of the tests that ADMIT / REJECT records carry, the
 * policies' own and the registry's (sim_admit_test_name, engine.h).
 */
#include "models/analysis_resv.h"
#include "models/analysis_uni.h"
#include "models/mem.h"
#include "models/tardiness.h"
#include "sim/internal.h"

struct sim_admit {
	bool *admitted;                 /* ntasks entries */
	bool *ever;                     /* ntasks entries: admitted once */
	bool *unsure;                   /* ntasks entries: admitted (last) by
					 * a result that guarantees nothing
					 * for the set (a necessary test's
					 * accept, an admission rule) */
	struct rt_task *scratch;        /* ntasks entries: the set under test */
	uint64_t *stamp;                /* nservers entries: the join that
					 * last counted server s */
	uint64_t epoch;                 /* joins so far */
	uint32_t *index;                /* ntasks entries: sim_admit_end's
					 * scratch position -> task, or
					 * UINT32_MAX for a server */
	bool *held;                     /* ntasks entries: left, its share
					 * not yet returned */
	uint64_t *held_gen;             /* ntasks entries: idle_gen of its
					 * domain at its leave or its last
					 * release after it */
	uint64_t *npend;                /* nclusters entries: jobs released
					 * and not completed nor aborted */
	uint64_t *idle_gen;             /* nclusters entries: times npend
					 * dropped to 0 */
};

static unsigned adm_platform(unsigned ncpus)
{
	return ncpus == 1 ? RT_AN_UNI : RT_AN_GLOBAL;
}

static unsigned adm_mode(enum sim_admission a)
{
	return a == SIM_ADMISSION_HARD ? RT_AN_MODE_HARD : RT_AN_MODE_SOFT;
}

/* The i-th candidate test of a domain of 'ncpus' CPUs (NULL past the
 * last). */
static const struct rt_test_info *adm_candidate(const struct sim_engine *e,
						unsigned ncpus, size_t i)
{
	const struct sim_config *cfg = &e->cfg;

	if (cfg->admission == SIM_ADMISSION_TEST)
		return i == 0 ? cfg->admission_test : NULL;
	return rt_test_for_mode(adm_mode(cfg->admission), e->ops->analysed_as,
				adm_platform(ncpus), i);
}

static unsigned adm_record(const struct rt_test_info *t)
{
	size_t i = 0;

	while (rt_tests[i] && rt_tests[i] != t)
		i++;
	return SIM_ADMIT_REGISTRY + (unsigned)i;
}

static unsigned adm_ncpus(const struct sim_engine *e, unsigned c)
{
	return e->cl_first[c + 1] - e->cl_first[c];
}

enum rt_err sim_admit_init(struct sim_engine *e, struct rt_diag *d)
{
	const struct sim_config *cfg = &e->cfg;
	const struct sim_policy_ops *ops = e->ops;
	struct sim_admit *a;
	size_t n = cfg->ntasks;

	if (cfg->admission == SIM_ADMISSION_NONE)
		return RT_OK;
	if ((unsigned)cfg->admission > SIM_ADMISSION_SOFT)
		return rt_diagf(d, RT_ERR_INVAL, "admission: unknown value %d",
				(int)cfg->admission);
	if (!(ops->flags & SIM_POLICY_ADMISSION) || !ops->analysed_as)
		return rt_diagf(d, RT_ERR_INVAL, "policy %s has its own "
				"admission; it takes no admission test or mode",
				ops->name);
	if (cfg->admission == SIM_ADMISSION_TEST && !cfg->admission_test)
		return rt_diagf(d, RT_ERR_INVAL, "admission: no test given");
	for (unsigned c = 0; c < e->nclusters; c++) {
		unsigned m = adm_ncpus(e, c);
		const struct rt_test_info *t = adm_candidate(e, m, 0);

		if (!t)
			return rt_diagf(d, RT_ERR_UNSUPPORTED, "mode: %s: no "
					"test in the registry analyses policy "
					"%s on %u CPU%s", cfg->admission ==
					SIM_ADMISSION_HARD ? "hard" : "soft",
					ops->name, m, m == 1 ? "" : "s");
		if (!rt_test_analyses_match(t, ops->analysed_as,
					    adm_platform(m)))
			return rt_diagf(d, RT_ERR_INVAL, "admission test %s "
					"does not analyse policy %s on %u "
					"CPU%s", t->name, ops->name, m,
					m == 1 ? "" : "s");
	}
	a = rt_calloc(1, sizeof(*a));
	if (!a)
		return rt_diagf(d, RT_ERR_NOMEM, "admission: out of memory");
	a->admitted = rt_calloc(n ? n : 1, sizeof(*a->admitted));
	a->ever = rt_calloc(n ? n : 1, sizeof(*a->ever));
	a->unsure = rt_calloc(n ? n : 1, sizeof(*a->unsure));
	a->index = rt_calloc(n ? n : 1, sizeof(*a->index));
	a->scratch = rt_calloc(n ? n : 1, sizeof(*a->scratch));
	a->stamp = rt_calloc(cfg->nservers ? cfg->nservers : 1,
			     sizeof(*a->stamp));
	a->held = rt_calloc(n ? n : 1, sizeof(*a->held));
	a->held_gen = rt_calloc(n ? n : 1, sizeof(*a->held_gen));
	a->npend = rt_calloc(e->nclusters, sizeof(*a->npend));
	a->idle_gen = rt_calloc(e->nclusters, sizeof(*a->idle_gen));
	e->adm = a;
	if (!a->admitted || !a->ever || !a->unsure || !a->index || !a->scratch ||
	    !a->stamp || !a->held || !a->held_gen || !a->npend ||
	    !a->idle_gen)
		return rt_diagf(d, RT_ERR_NOMEM, "admission: out of memory");
	return RT_OK;
}

void sim_admit_fini(struct sim_engine *e)
{
	struct sim_admit *a = e->adm;

	rt_free(e->noguar);
	e->noguar = NULL;
	if (!a)
		return;
	rt_free(a->admitted);
	rt_free(a->ever);
	rt_free(a->unsure);
	rt_free(a->index);
	rt_free(a->scratch);
	rt_free(a->stamp);
	rt_free(a->held);
	rt_free(a->held_gen);
	rt_free(a->npend);
	rt_free(a->idle_gen);
	rt_free(a);
	e->adm = NULL;
}

/* Served task i (cbs) counts through its server, once per epoch, as the
 * sporadic task (Q, D, T): true (and *out written) for the first of the
 * server's tasks this epoch, false for the others. */
static bool adm_server_task(struct sim_admit *a, const struct sim_config *cfg,
			    uint32_t i, struct rt_task *out)
{
	int32_t k = cfg->task_server[i];
	const struct rt_server *s = &cfg->servers[k];

	if (a->stamp[k] == a->epoch)
		return false;
	a->stamp[k] = a->epoch;
	*out = rt_task_make(s->name, s->budget_max, s->deadline, s->period);
	return true;
}

/* Left task i, held in domain c: is its share still held?  No once the
 * domain was idle after its last release, or is idle now with no release
 * of it planned (a jittered one may be). */
static bool adm_still_held(struct sim_engine *e, uint32_t i, unsigned c)
{
	struct sim_admit *a = e->adm;

	if (a->held[i] && (a->idle_gen[c] != a->held_gen[i] ||
			   (a->npend[c] == 0 &&
			    !sim_event_queued(&e->trt[i].rel))))
		a->held[i] = false;
	return a->held[i];
}

/* The domain of 'task' (its admitted tasks, the left ones whose share is
 * still held, and it, in task order, cbs servers once) into a->scratch;
 * *n of them.  *unmodelled: the joining
 * task has no analysable form (it must be rejected). */
static enum rt_err adm_collect(struct sim_engine *e, uint32_t task,
			       size_t *n, bool *unmodelled)
{
	const struct sim_config *cfg = &e->cfg;
	struct sim_admit *a = e->adm;
	unsigned c = sim_engine_task_cluster(e, task);
	bool fp = e->ops->analysed_as == RT_AN_FP;
	bool cbs = e->ops->analysed_as == RT_AN_CBS && cfg->task_server;
	struct rt_diag why = { "" };

	*n = 0;
	*unmodelled = false;
	a->epoch++;
	for (uint32_t i = 0; i < cfg->ntasks; i++) {
		enum rt_err err;

		if (sim_engine_task_cluster(e, i) != c ||
		    (!a->admitted[i] && i != task &&
		     !adm_still_held(e, i, c)))
			continue;
		if (cbs && cfg->task_server[i] >= 0) {
			if (adm_server_task(a, cfg, i, &a->scratch[*n]))
				(*n)++;
			continue;
		}
		err = rt_task_analysable(&cfg->tasks[i], fp,
					 &a->scratch[*n], &why);
		if (err == RT_ERR_UNSUPPORTED && i == task) {
			*unmodelled = true;
			return RT_OK;
		}
		if (err)
			return err;
		(*n)++;
	}
	return RT_OK;
}

enum rt_err sim_admit_join(struct sim_engine *e, uint32_t task, bool *accept,
			   unsigned *test)
{
	const struct sim_config *cfg = &e->cfg;
	struct sim_admit *a = e->adm;
	unsigned m = adm_ncpus(e, sim_engine_task_cluster(e, task));
	const struct rt_test_info *t;
	bool unmodelled;
	size_t n, i;
	enum rt_err err;

	*accept = false;
	*test = adm_record(adm_candidate(e, m, 0));
	if (cfg->admission_never && cfg->admission_never[task])
		return RT_OK;           /* fits on no CPU */
	err = adm_collect(e, task, &n, &unmodelled);
	if (err || unmodelled)
		return err;
	for (i = 0; (t = adm_candidate(e, m, i)) != NULL; i++) {
		struct rt_test_result r;
		struct rt_diag d = { "" };

		if (e->ops->analysed_as == RT_AN_FP && t->run_order)
			err = t->run_order(a->scratch, n, m,
					   (int)cfg->priorities, &r, &d);
		else
			err = t->run(a->scratch, n, m, &r, &d);
		if (err)
			return err;
		if (r.verdict == RT_VERDICT_ACCEPT) {
			*accept = true;
			*test = adm_record(t);
			a->admitted[task] = true;
			a->ever[task] = true;
			a->unsure[task] = r.kind == RT_KIND_NECESSARY ||
					  r.kind == RT_KIND_ADMISSION;
			return RT_OK;
		}
	}
	if (i > 1)
		*test = SIM_ADMIT_HARD_ALL;
	return RT_OK;
}

bool sim_admit_unsure(const struct sim_engine *e, uint32_t task)
{
	return (e->adm && e->adm->unsure[task]) ||
	       (e->noguar && e->noguar[task]);
}

/* ---- which admitted tasks have a guarantee ------------------------------ */

/*
 * Admission tests a set of sporadic tasks; a miss of an admitted task is a
 * guarantee violation only where a theorem carries that test's accept
 * over to the task's own jobs.  Conservative: where none is known here,
 * the task's misses are unguaranteed (e->noguar), however it was admitted.
 *
 * cbs (admission tests each server as the sporadic task (Q_s, D_s, T_s)):
 *
 *  - A domain's accept covers its servers' deadlines only if each server
 *    demands no more than its sporadic task (bandwidth isolation;
 *    rt_cbs_server_sporadic, models/analysis_resv.h, the rule `dlsim
 *    analyze` and experiments apply too):
 *      on one CPU, a cbs or hard-cbs server with D_s = T_s (Abeni &
 *      Buttazzo 1998, property (a); Marzario et al. 2004 for the hard
 *      reservation), a revised-cbs server (Abeni, Lipari & Lelli 2015:
 *      the revised wake-up bounds it for D_s < T_s too), a GRUB server
 *      with D_s = T_s (Lipari & Baruah 2000: isolation for sum U <= 1,
 *      proven for implicit servers only);
 *      a cbs or hard-cbs server with D_s < T_s is not isolated (E.3: the
 *      original wake-up rule hands out Q again within D_s, the "domino
 *      effect"), nor is any server on several CPUs (the isolation proofs
 *      are uniprocessor; the registry's global tests assume sporadic
 *      jobs), unless its jobs are exactly those of a sporadic task
 *      (Q_s, D_s, T_s): it serves one task whose every job finds it
 *      idle with a fresh budget that covers the job (below).
 *    A domain with a server that is not isolated guarantees none of its
 *    tasks, served or not.
 *  - A served task's own deadlines: "hard schedulability property"
 *    (sched-deadline.rst 3.4, an extension of Lemma 1 of Abeni & Buttazzo
 *    1998; docs/theory.md E.1 (c)): a sporadic task served alone by a
 *    server with Q_s >= its WCET and T_s <= its minimum separation gets a
 *    fresh budget and server deadline r + D_s at each release r, so with
 *    the server deadlines met each job ends by r + D_s.  Here:
 *    rt_cbs_task_covered, models/analysis_resv.h: rt_cbs_task_guarantee
 *    (alone in its server, largest job demand <= Q_s, releases >= T_s
 *    apart counting jitter, revised-cbs with D_s < T_s: the REVISED_LATE
 *    case excluded, no self-suspension (the theorem is for tasks that do
 *    not suspend: a wake-up goes through the wake-up rule and may take a
 *    later server deadline, even with C + the suspensions <= Q_s), GRUB
 *    only with D_s = T_s), and jitter + D_s <= D (a job arriving at a is
 *    released by a + J and ends by a + J + D_s).  Anything else (several tasks in
 *    one server, C or an exec value above Q_s, a soft overrun, releases
 *    closer than T_s, suspension) is served but not guaranteed.
 *  - Unserved tasks: as under edf, in an isolated domain.
 *
 * edf-split (its own admission: the hard class's tests run on each hard
 * task's C, D, T as written, not on the analysed demand): a hard task is
 * guaranteed (Liu & Layland 1973, Baruah et al. 1990 for the tests, the
 * soft class running only in the hard class's slack) only when every hard
 * task of the scenario is sporadic as written: no jitter, no release
 * closer than T, no job above C, no suspension.  One that is not may take
 * more than the test gave it and make any hard task late, so then no hard
 * task is guaranteed.  Soft tasks never are (they are not counted here:
 * they have no guarantee to violate).
 *
 * Static over the scenario (every server and task of a domain, whether
 * or when admitted): a task rejected or not yet joined still counts, on
 * the safe side.  Cost O(tasks + servers) once, O(tasks^2) for the
 * served tasks' "alone in its server" checks.
 */
static bool grt_conform(const struct rt_task *t)
{
	return rt_task_is_sporadic_conform(t) && !rt_task_suspends(t);
}

/* Served task i's server does not isolate its domain (cbs; i served):
 * the rule `dlsim analyze` and experiments use too
 * (rt_cbs_server_sporadic). */
static bool grt_breaks_isolation(const struct sim_engine *e, uint32_t i)
{
	const struct sim_config *cfg = &e->cfg;
	unsigned c = sim_engine_task_cluster(e, i);

	return !rt_cbs_server_sporadic(cfg->tasks, cfg->ntasks,
				       cfg->task_server, cfg->servers,
				       (size_t)cfg->task_server[i],
				       adm_ncpus(e, c));
}

enum rt_err sim_guarantee_init(struct sim_engine *e, struct rt_diag *d)
{
	const struct sim_config *cfg = &e->cfg;
	bool split = e->ops->flags & SIM_POLICY_CLASSES;
	bool *bad;
	size_t n = cfg->ntasks;

	if (!split && !(e->adm && e->ops->analysed_as == RT_AN_CBS &&
			cfg->task_server))
		return RT_OK;
	e->noguar = rt_calloc(n ? n : 1, sizeof(*e->noguar));
	bad = rt_calloc(e->nclusters, sizeof(*bad));
	if (!e->noguar || !bad) {
		rt_free(bad);
		return rt_diagf(d, RT_ERR_NOMEM, "admission: out of memory");
	}
	if (split) {
		bool any = false;

		for (size_t i = 0; i < n; i++)
			any = any || (cfg->tasks[i].klass != RT_CLASS_SOFT &&
				      !grt_conform(&cfg->tasks[i]));
		for (size_t i = 0; i < n; i++)
			e->noguar[i] = any &&
				       cfg->tasks[i].klass != RT_CLASS_SOFT;
		rt_free(bad);
		return RT_OK;
	}
	/* cbs: the domains with a server that is not isolated */
	for (uint32_t i = 0; i < n; i++)
		if (cfg->task_server[i] >= 0 && grt_breaks_isolation(e, i))
			bad[sim_engine_task_cluster(e, i)] = true;
	for (uint32_t i = 0; i < n; i++) {
		if (bad[sim_engine_task_cluster(e, i)])
			e->noguar[i] = true;
		else if (cfg->task_server[i] >= 0)
			e->noguar[i] = !rt_cbs_task_covered(cfg->tasks, n,
							    cfg->task_server,
							    cfg->servers, i);
	}
	rt_free(bad);
	return RT_OK;
}

void sim_admit_leave(struct sim_engine *e, uint32_t task)
{
	struct sim_admit *a = e->adm;

	if (!a || !a->admitted[task])
		return;
	a->admitted[task] = false;
	a->held[task] = true;
	a->held_gen[task] =
		a->idle_gen[sim_engine_task_cluster(e, task)];
}

void sim_admit_job_new(struct sim_engine *e, uint32_t task)
{
	struct sim_admit *a = e->adm;
	unsigned c = sim_engine_task_cluster(e, task);

	a->npend[c]++;
	if (a->held[task])
		a->held_gen[task] = a->idle_gen[c];
}

void sim_admit_job_gone(struct sim_engine *e, uint32_t task)
{
	struct sim_admit *a = e->adm;
	unsigned c = sim_engine_task_cluster(e, task);

	assert(a->npend[c] > 0);
	if (--a->npend[c] == 0)
		a->idle_gen[c]++;
}

/* Every D_i >= T_i and U <= 1 (exactly). */
static bool adm_implicit_ok(const struct rt_task *ts, size_t n)
{
	bool ok = false;

	for (size_t i = 0; i < n; i++)
		if (ts[i].deadline < ts[i].period)
			return false;
	return rt_uni_utilization_test(ts, n, &ok) == RT_OK && ok;
}

/*
 * Tardiness bounds at the horizon, per domain, over the tasks ever
 * admitted there (a superset of the set at any instant: the bound holds
 * for every one of them).  One CPU: 0 when every D_i >= T_i and U <= 1,
 * else Spuri's exact worst-case response times R_i (rt_uni_rta_limit,
 * U <= 1), bound max(0, R_i - D_i); m > 1:
 * the compliant-vector bounds of global EDF (rt_tard_cva).  Only for the
 * EDF models (and cbs, for its unserved tasks, with every server as a
 * task), and only when every task of the domain is sporadic without
 * jitter (rt_task_is_sporadic_conform), each analysed as admission
 * analyses it (rt_task_analysable: for such a task C + the suspension
 * lengths, D, T), and under cbs every server of the domain isolates
 * (grt_breaks_isolation: a server that does not may demand more than
 * the sporadic task counted for it): otherwise, or when the analysis
 * cannot decide, the bound stays RT_TIME_NEVER (unknown).
 */
void sim_admit_end(struct sim_engine *e)
{
	const struct sim_config *cfg = &e->cfg;
	struct sim_admit *a = e->adm;
	unsigned model = e->ops->analysed_as;
	bool cbs = model == RT_AN_CBS && cfg->task_server;
	rt_time *r;

	if (!a || !cfg->tardiness_bounds ||
	    (model != RT_AN_EDF && model != RT_AN_CBS))
		return;
	r = rt_calloc(cfg->ntasks ? cfg->ntasks : 1, sizeof(*r));
	if (!r)
		return;                 /* bounds stay unknown */
	for (unsigned c = 0; c < e->nclusters; c++) {
		unsigned m = adm_ncpus(e, c);
		struct rt_tard_result tr;
		struct rt_diag d = { "" };
		bool conform = true;
		size_t n = 0;
		enum rt_err err;

		a->epoch++;
		for (uint32_t i = 0; i < cfg->ntasks; i++) {
			const struct rt_task *t = &cfg->tasks[i];

			if (!a->ever[i] || sim_engine_task_cluster(e, i) != c)
				continue;
			if (cbs && cfg->task_server[i] >= 0) {
				/* a server that does not isolate demands
				 * more than (Q_s, D_s, T_s): no bound */
				conform &= !grt_breaks_isolation(e, i);
				if (adm_server_task(a, cfg, i, &a->scratch[n]))
					a->index[n++] = UINT32_MAX;
				continue;
			}
			conform &= t->jitter == 0 &&
				   rt_task_is_sporadic_conform(t);
			if (rt_task_analysable(t, false, &a->scratch[n], &d)
			    != RT_OK)
				conform = false;
			a->index[n++] = i;
		}
		if (!n || !conform)
			continue;
		if (m == 1 && adm_implicit_ok(a->scratch, n)) {
			/* D >= T and U <= 1 on one CPU: no job is ever
			 * late (Liu & Layland 1973), no search needed */
			for (size_t k = 0; k < n; k++)
				if (a->index[k] != UINT32_MAX)
					e->st.tasks[a->index[k]].tardiness_bound = 0;
			continue;
		}
		if (m == 1)
			err = rt_uni_rta_limit(a->scratch, n,
					       RT_UNI_BUDGET_DEFAULT, r, &d);
		else
			err = rt_tard_cva(a->scratch, n, m, &tr, NULL, r, &d);
		if (err || (m > 1 && tr.status != RT_TARD_BOUNDED))
			continue;
		for (size_t k = 0; k < n; k++) {
			if (a->index[k] == UINT32_MAX || r[k] == RT_TIME_NEVER)
				continue;
			e->st.tasks[a->index[k]].tardiness_bound =
				r[k] > a->scratch[k].deadline ?
				r[k] - a->scratch[k].deadline : 0;
		}
	}
	rt_free(r);
}

const char *sim_admit_test_name(unsigned t)
{
	if (t >= SIM_ADMIT_REGISTRY) {
		size_t i = t - SIM_ADMIT_REGISTRY, k = 0;

		while (rt_tests[k] && k < i)
			k++;
		return rt_tests[k] ? rt_tests[k]->name : "?";
	}
	switch ((enum sim_admit_test)t) {
	case SIM_ADMIT_NONE:            return "none";
	case SIM_ADMIT_LINUX:           return "linux";
	case SIM_ADMIT_EXACT:           return "exact";
	case SIM_ADMIT_DENSITY:         return "density";
	case SIM_ADMIT_D_EQUALS_T:      return "d-equals-t";
	case SIM_ADMIT_UTILIZATION:     return "utilization";
	case SIM_ADMIT_HARD_ALL:        return "hard";
	case SIM_ADMIT_REGISTRY:        break;
	}
	return "?";
}
