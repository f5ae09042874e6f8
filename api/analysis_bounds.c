/* analysis_bounds.c - the tardiness and response bounds of an analysis,
 * domain by domain (docs/theory.md §D): each domain's analysed tasks go
 * to models/bounds.h, and the results are mapped back to the scenario's
 * tasks and servers with what each policy model may claim (a kernel
 * model's reservations only when kept; a soft CBS only "never late"). */
#include "api/analysis.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "models/bounds.h"
#include "models/mem.h"
#include "models/overhead.h"

static void analyze_no_bound(struct dlsim_analysis *a, enum analyze_bound kind,
			     const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void analyze_no_bound(struct dlsim_analysis *a, enum analyze_bound kind,
			     const char *fmt, ...)
{
	va_list ap;

	a->bound_kind = kind;
	va_start(ap, fmt);
	vsnprintf(a->bound_note, sizeof(a->bound_note), fmt, ap);
	va_end(ap);
	rt_free(a->resp);
	rt_free(a->tard);
	rt_free(a->srv_bound);
	a->resp = a->tard = a->srv_bound = NULL;
}

/*
 * One domain's bounds into resp/tard (n entries, in the order of 'sub'),
 * *delta = the domain's maximum tardiness bound (models/bounds.h).
 * Returns false (with the reason set) if there is no bound; *nomem then
 * says whether memory ran out.
 */
static bool analyze_cluster_bound(struct dlsim_analysis *a,
				  const struct rt_task *sub, size_t n, unsigned k,
				  bool jitter, const char *where, rt_time *resp,
				  rt_time *tard, rt_time *delta, bool *nomem)
{
	const struct scn_scenario *s = a->s;
	enum rt_fp_order order = api_analysis_fp_order(a);
	const enum rt_fp_order *fp = api_analysis_fp(a) ? &order : NULL;
	struct rt_bound_domain b;

	if (rt_bound_domain(sub, n, k, fp, jitter, where, resp, tard, &b) !=
	    RT_OK) {
		analyze_no_bound(a, BOUND_NONE, "out of memory");
		*nomem = true;
		return false;
	}
	/* a U > 1 of an analysed set that over-approximates the jobs
	 * (a->cover) says nothing of the jobs' tardiness */
	if (b.status == RT_BOUND_UNBOUNDED && a->cover) {
		analyze_no_bound(a, BOUND_NONE, "%sa utilization above 1 on "
				 "the analysed set, which over-approximates "
				 "the jobs: no bound known", where);
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

/* fp servers: a served task alone in its server gets the bound
 * rt_fp_served_bound from its server's task response fps[j].  Not one
 * that suspends in a polling server: the server drops its budget when
 * the job suspends (it has no work then), so each suspension can cost a
 * whole period, which the suspension-oblivious C + S <= Q_s does not
 * cover (docs/theory.md §E.8). */
static void analyze_fp_served(struct dlsim_analysis *a, const rt_time *fps)
{
	const struct scn_scenario *s = a->s;

	for (size_t i = 0; i < s->ntasks; i++) {
		int32_t j = s->task_server ? s->task_server[i] : -1;
		struct rt_task m;
		size_t n = 0;
		rt_time b, late;

		if (j < 0 || (s->servers[j].kind == RT_SERVER_POLLING &&
			      rt_task_suspends(&a->orig->tasks[i])))
			continue;
		for (size_t k = 0; k < s->ntasks; k++)
			n += s->task_server[k] == j;
		if (n != 1 || rt_task_analysable(&s->tasks[i], true, &m,
						 NULL) != RT_OK)
			continue;
		b = rt_fp_served_bound(&s->servers[j], fps[j], &m);
		if (b == RT_TIME_NEVER)
			continue;
		/* the bound holds from the release; the deadline counts
		 * from the arrival */
		a->resp[i] = b;
		late = api_analysis_add(b, s->tasks[i].jitter);
		a->tard[i] = late > s->tasks[i].deadline ?
			     late - s->tasks[i].deadline : 0;
		a->resp_exact = false;
	}
}

/* linux-dl: does a reservation of domain c reclaim (GRUB for every task,
 * or a task's SCHED_FLAG_RECLAIM)? */
static bool analyze_dom_grub(const struct dlsim_analysis *a, unsigned c)
{
	const struct scn_scenario *s = a->s;

	if (s->sched.reclaim == RT_RECLAIM_GRUB)
		return true;
	for (size_t i = 0; s->dl_flags && i < s->ntasks; i++)
		if ((s->dl_flags[i] & RT_DL_FLAG_RECLAIM) &&
		    api_analysis_task_dom(a, i) == c)
			return true;
	return false;
}

/* Bounds for the scenario's tasks (and servers) from the model's. */
bool api_analysis_tardiness(struct dlsim_analysis *a)
{
	const struct scn_scenario *s = a->s;
	size_t nsrv = a->kind == AK_LINUX ? s->ntasks + s->cpus :
		      a->kind == AK_CBS || a->kind == AK_FPSRV ? s->nservers : 0;
	struct rt_task *sub = NULL;
	size_t *idx = NULL;
	rt_time *r = NULL, *t = NULL, *fps = NULL;
	bool plain1 = true, ok = true, nomem = false;
	bool fp = api_analysis_fp(a);

	a->bound_kind = BOUND_NONE;
	a->resp_exact = true;
	if (!api_analysis_policy_bits(a) && a->kind == AK_PLAIN) {
		snprintf(a->bound_note, sizeof(a->bound_note),
			 "no tardiness bound for policy %s", s->sched.policy);
		return true;
	}
	if (s->capacity) {
		snprintf(a->bound_note, sizeof(a->bound_note), "no tardiness "
			 "or response bound on CPUs of different capacities");
		return true;
	}
	if (scn_freq_slowed(s)) {
		snprintf(a->bound_note, sizeof(a->bound_note), "no tardiness "
			 "or response bound below the highest frequency "
			 "(governor %s)", scn_governor_name(s->governor));
		return true;
	}
	if (rt_ovh_any(&s->overheads)) {
		snprintf(a->bound_note, sizeof(a->bound_note), "no tardiness "
			 "or response bound with overheads (docs/theory.md "
			 "§H: only the overhead-aware tests)");
		return true;
	}
	for (unsigned c = 0; c < a->ndom; c++) {
		if (a->dom_cpus[c] > 1)
			plain1 = false;
		if (a->dom_cpus[c] > 1 && api_analysis_fp(a)) {
			snprintf(a->bound_note, sizeof(a->bound_note),
				 "no tardiness bound for fixed priority on %u "
				 "CPUs sharing a runqueue", a->dom_cpus[c]);
			return true;
		}
		if (a->dom_cpus[c] > 1 && a->kind == AK_CBS) {
			snprintf(a->bound_note, sizeof(a->bound_note),
				 "no tardiness bound for servers under global "
				 "EDF (%u CPUs in a domain)", a->dom_cpus[c]);
			return true;
		}
	}
	a->resp = api_analysis_calloc(s->ntasks, sizeof(*a->resp));
	a->tard = api_analysis_calloc(s->ntasks, sizeof(*a->tard));
	a->bound_why = api_analysis_calloc(s->ntasks, sizeof(*a->bound_why));
	a->srv_bound = api_analysis_calloc(nsrv, sizeof(*a->srv_bound));
	sub = api_analysis_calloc(a->nmodel, sizeof(*sub));
	idx = api_analysis_calloc(a->nmodel, sizeof(*idx));
	r = api_analysis_calloc(a->nmodel, sizeof(*r));
	t = api_analysis_calloc(a->nmodel, sizeof(*t));
	fps = api_analysis_calloc(nsrv, sizeof(*fps));
	if (!a->resp || !a->tard || !a->srv_bound || !a->bound_why || !sub ||
	    !idx || !r || !t || !fps) {
		analyze_no_bound(a, BOUND_NONE, "out of memory");
		ok = false;
		goto out;
	}
	for (size_t i = 0; i < s->ntasks; i++)
		a->resp[i] = a->tard[i] = RT_TIME_NEVER;
	for (size_t j = 0; j < nsrv; j++)
		a->srv_bound[j] = fps[j] = RT_TIME_NEVER;
	if (a->locks) {
		analyze_no_bound(a, BOUND_NONE, "tasks share resources: the "
				 "response-time bounds do not count blocking "
				 "(see the blocking-aware test)");
		goto out;
	}
	/* linux-dl: a fair server's SCHED_OTHER work has no deadline the
	 * bound speaks for, yet its jobs count in the observed tardiness;
	 * and a deferred server (dl_defer) is not the sporadic task the
	 * EDF bounds assume.  No sound bound is known: n/a. */
	for (size_t i = 0; a->kind == AK_LINUX && s->sched.fair_server.on &&
	     i < s->ntasks; i++)
		if (a->adm && !a->adm[i].deadline) {
			analyze_no_bound(a, BOUND_NONE, "a fair server serves "
					 "fair tasks: no sound tardiness bound "
					 "with the fair server");
			goto out;
		}
	if (a->kind == AK_LINUX &&
	    s->sched.dl.accounting == RT_DL_ACCT_TICK) {
		analyze_no_bound(a, BOUND_NONE, "%s", api_analysis_tick_why);
		goto out;
	}
	if (a->chg_task != NO_IDX) {
		analyze_no_bound(a, BOUND_NONE, "task %s changes its "
				 "reservation at run time (changes:)",
				 s->tasks[a->chg_task].name);
		goto out;
	}
	if (a->ge_d_task != NO_IDX) {
		analyze_no_bound(a, BOUND_NONE, "task %s: jitter >= D: its jobs "
				 "may be released after their deadline",
				 s->tasks[a->ge_d_task].name);
		goto out;
	}
	/* cbs: a server that may demand more than (Q_s, D_s, T_s) (the
	 * domino effect) is not the sporadic task the bounds count */
	if (a->kind == AK_CBS && api_analysis_cbs_void(a, -1, a->bound_note,
						       sizeof(a->bound_note))) {
		char why[sizeof(a->bound_note)];

		memcpy(why, a->bound_note, sizeof(why));
		analyze_no_bound(a, BOUND_NONE, "%s", why);
		goto out;
	}
	a->bound_kind = plain1 && a->kind == AK_PLAIN && !a->cover &&
			!(a->bits & RT_MODEL_JITTER) ? BOUND_EXACT : BOUND_UPPER;
	a->bound = 0;
	for (unsigned c = 0; c < a->ndom; c++) {
		char where[64] = "";
		bool jit = false;
		size_t n = 0;
		rt_time delta;

		/* fp: fp-rta counts the jitter itself, on D (not D - J);
		 * its R_i is from the arrival */
		for (size_t k = 0; k < a->nmodel; k++)
			if (a->model_dom[k] == c) {
				idx[n] = k;
				jit = jit || a->model_jit[k] > 0;
				sub[n] = a->model[k];
				if (fp)
					sub[n].deadline += a->model_jit[k];
				n++;
			}
		if (!n)
			continue;
		if (a->ndom > 1)
			snprintf(where, sizeof(where), "%s %u: ",
				 a->dom_cpus[c] == 1 ? "CPU" : "domain", c);
		if (!analyze_cluster_bound(a, sub, n, a->dom_cpus[c], jit, where,
					   r, t, &delta, &nomem)) {
			ok = !nomem;
			goto out;
		}
		/* linux-dl with GRUB: a reclaiming reservation drains its
		 * runtime slower than 1 while others are inactive, so it
		 * runs past Q before its deadline moves, more than the
		 * (Q, D, T) demand delta counts.  GRUB keeps deadlines that
		 * can all be met (delta 0, Lipari and Baruah 2000); once
		 * they can pass, nothing bounds by how much. */
		if (a->kind == AK_LINUX && delta > 0 && analyze_dom_grub(a, c)) {
			analyze_no_bound(a, BOUND_NONE, "%sGRUB (reclaim) with "
					 "reservations whose deadlines may pass: "
					 "a reclaiming reservation runs past its "
					 "runtime, which no bound counts", where);
			goto out;
		}
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
			/* fp servers: a server's task response, for its
			 * served task's bound below (no server deadline) */
			if (a->kind == AK_FPSRV && a->model_srv[k] >= 0) {
				fps[a->model_srv[k]] = r[q];
				continue;
			}
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
			 * is D - jitter, the job's D from its arrival (fp:
			 * R_i already counts J_i) */
			a->resp[i] = fp ? r[q] :
				     api_analysis_add(r[q], a->model_jit[k]);
			a->tard[i] = t[q];
			/* cbs: Spuri's per-task interference assumes servers
			 * release like tasks, which a soft CBS does not;
			 * with delta 0 each job ends by its deadline */
			if (a->kind == AK_CBS) {
				a->resp[i] = api_analysis_add(
					a->model[k].deadline, a->model_jit[k]);
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
		g = rt_cbs_task_guarantee(a->orig->tasks, s->ntasks,
					  s->task_server,
					  s->servers, i, true);
		if (g != RT_CBS_GUARANTEED)
			continue;
		a->resp[i] = s->servers[j].deadline;
		late = api_analysis_add(a->resp[i], s->tasks[i].jitter);
		dl = s->tasks[i].deadline;
		a->tard[i] = late > dl ? late - dl : 0;
	}
	if (a->kind == AK_FPSRV)
		analyze_fp_served(a, fps);
	for (size_t i = 0; i < s->ntasks; i++)
		if (a->tard[i] != RT_TIME_NEVER && a->tard[i] > a->bound)
			a->bound = a->tard[i];
	for (size_t j = 0; j < nsrv; j++)         /* and the servers' */
		if (a->srv_bound[j] != RT_TIME_NEVER && a->srv_bound[j] > a->bound)
			a->bound = a->srv_bound[j];
out:
	rt_free(sub);
	rt_free(idx);
	rt_free(r);
	rt_free(t);
	rt_free(fps);
	return ok;
}

bool api_analysis_observed_bounded(const struct dlsim_analysis *a,
				   rt_time *obs, bool *unknown)
{
	const struct sim_stats *st = a->sim->stats;
	bool partial = false;

	*obs = 0;
	*unknown = false;
	if ((a->bound_kind != BOUND_EXACT && a->bound_kind != BOUND_UPPER) ||
	    !a->tard)
		return false;
	for (size_t i = 0; i < a->s->ntasks; i++) {
		if (a->tard[i] == RT_TIME_NEVER) {
			partial = true;
			continue;
		}
		if (st->tasks[i].max_tardiness > *obs)
			*obs = st->tasks[i].max_tardiness;
		if (a->tard_unknown && a->tard_unknown[i])
			*unknown = true;
	}
	return partial;
}
