/* analysis_model.c - the domains of a scenario and the task set the tests
 * and bounds analyse (see analysis.h): each task as the sporadic task that
 * covers its jobs; for a kernel model the admission replay and the
 * admitted reservations; for servers the servers and the plain tasks
 * (cbs: servers first; fp: plain tasks first, as the priority ties). */
#include "api/analysis.h"

#include "models/mem.h"
#include "models/server.h"

unsigned api_analysis_task_dom(const struct dlsim_analysis *a, size_t i)
{
	return a->cluster ? a->cluster[i] : 0;
}

bool api_analysis_domains(struct dlsim_analysis *a)
{
	const struct scn_scenario *s = a->s;
	const struct scn_scheduler *k = &s->sched;

	if (k->placement == SCN_PLACE_CPUSETS)
		a->ndom = (unsigned)k->ncpusets;
	else
		a->ndom = s->cpus / k->cluster_size;
	if (!a->cluster)
		a->ndom = 1;
	a->dom_cpus = api_analysis_calloc(a->ndom, sizeof(*a->dom_cpus));
	if (!a->dom_cpus)
		return false;
	for (unsigned c = 0; c < a->ndom; c++)
		a->dom_cpus[c] = !a->cluster ? s->cpus :
				 k->placement == SCN_PLACE_CPUSETS ?
				 k->cpusets[c].ncpus : k->cluster_size;
	a->dom_cap = api_analysis_calloc(a->ndom, sizeof(*a->dom_cap));
	if (!a->dom_cap)
		return false;
	for (unsigned cpu = 0; cpu < s->cpus; cpu++) {
		unsigned c = a->ndom == 1 ? 0 :
			     k->placement == SCN_PLACE_CPUSETS ?
			     k->cpu_set[cpu] : cpu / k->cluster_size;

		a->dom_cap[c] += s->capacity ? s->capacity[cpu] : 1024;
	}
	return true;
}

static void analyze_model_add(struct dlsim_analysis *a, struct rt_task t, size_t task,
			      int srv, unsigned dom, rt_time jit)
{
	size_t k = a->nmodel++;

	a->model[k] = t;
	a->model_task[k] = task;
	a->model_srv[k] = srv;
	a->model_dom[k] = dom;
	a->model_jit[k] = jit;
}

/* A scenario task as analysed (rt_task_analysis_model; on the
 * suspension-oblivious set its exec model counts the suspension too, so
 * the demand is the one admission charges, rt_task_analysable). */
static void analyze_model_task(struct dlsim_analysis *a, size_t i, int srv)
{
	const struct rt_task *t = &a->s->tasks[i];
	struct rt_task m;
	unsigned what = rt_task_analysis_model(t, &m);

	a->bits |= what;
	if ((what & RT_MODEL_JITTER_GE_D) && a->ge_d_task == NO_IDX)
		a->ge_d_task = i;
	analyze_model_add(a, m, i, srv, api_analysis_task_dom(a, i),
			  (what & RT_MODEL_JITTER) ? t->deadline - m.deadline : 0);
}

struct rt_task *api_analysis_native(const struct dlsim_analysis *a,
				    const struct rt_task *model)
{
	struct rt_task *v = api_analysis_calloc(a->nmodel, sizeof(*v));

	for (size_t k = 0; v && k < a->nmodel; k++) {
		v[k] = model[k];
		/* D' + (D - D') = D: no overflow (J >= D: D' = 1) */
		v[k].deadline += a->model_jit[k];
	}
	return v;
}

/*
 * When a leaving task's bandwidth returns to its root domain's total_bw:
 * at its 0-lag time after its last job (docs/linux-dl.md "A leaving
 * task's bandwidth"), t0 = d - q P/Q, at once if passed when it exits
 * (at leave_at, or when its last job completes); a task that exits
 * throttled returns it at its replenishment (dl_task_timer()), where t0
 * = d has passed.  The schedule decides; the window [*lo, *hi] holds it:
 * - bw_release: immediate: leave_at;
 * - in a root domain of one CPU of capacity 1024 where its reservation is
 *   kept, exact accounting, no GRUB (its runtime drains at rate 1),
 *   sections or changes: its last job (arrival a < leave_at) completes
 *   by a + D, either with runtime left (t0 < a + D) or exhausted at
 *   completion and throttled until a + T: by a + T < leave_at + T;
 *   - and when every job demands C, arrivals are periodic without
 *     jitter: each job exhausts its runtime as it completes, so the
 *     return is at a + T, by the timer (before the joins of that
 *     instant); a + T == leave_at, the exit's instant, could go either
 *     way: [leave_at - 1, leave_at + 1];
 * - else (several CPUs: a job may complete after its deadline; tick
 *   accounting or capacities: an overrun or rounding moves d): [leave_at,
 *   never].
 */
static void analyze_leave_window(const struct dlsim_analysis *a, size_t i,
				 rt_time *lo, rt_time *hi)
{
	const struct scn_scenario *s = a->s;
	const struct rt_task *t = &a->orig->tasks[i];
	rt_time leave = s->leave_at ? s->leave_at[i] : RT_TIME_NEVER;
	rt_time first, last, end;

	*lo = *hi = leave;
	if (leave == RT_TIME_NEVER ||
	    s->sched.dl.release == RT_DL_RELEASE_AT_ONCE)
		return;
	*hi = RT_TIME_NEVER;
	if (a->dom_cpus[api_analysis_task_dom(a, i)] != 1 || s->capacity ||
	    s->sched.dl.accounting != RT_DL_ACCT_EXACT || a->locks ||
	    s->sched.reclaim == RT_RECLAIM_GRUB ||
	    (s->dl_flags && (s->dl_flags[i] & RT_DL_FLAG_RECLAIM)) ||
	    (s->changes && s->changes[i].n) || rt_dl_task_no_guarantee(t))
		return;
	if (!rt_time_add(leave, t->period, &end))
		return;
	*hi = end;
	if (!rt_time_add(s->arrive_at ? s->arrive_at[i] : 0, t->offset,
			 &first) || t->arrival != RT_ARRIVAL_PERIODIC ||
	    t->jitter || t->exec != RT_EXEC_FIXED || first >= leave)
		return;
	last = first + (leave - first - 1) / t->period * t->period;
	if (!rt_time_add(last, t->period, &end))
		return;
	if (end > leave) {
		*lo = *hi = end;
	} else {
		*lo = leave > 0 ? leave - 1 : 0;
		*hi = leave + 1;
	}
}

/* linux-dl: the kernel admission, then the admitted reservations. */
static enum rt_err analyze_model_linux(struct dlsim_analysis *a, struct rt_diag *d)
{
	const struct scn_scenario *s = a->s;
	const struct scn_fair_server *fs = &s->sched.fair_server;
	struct rt_dl_adm_input in = {
		.tasks = a->orig->tasks, .n = s->ntasks, .task_dom = a->cluster,
		.dom_cpus = a->dom_cpus, .dom_cap = a->dom_cap,
		.ndom = a->ndom,
		.arrive_at = s->arrive_at, .leave_at = s->leave_at,
		.rt_runtime_us = s->sched.rt_runtime_us,
		.rt_period_us = s->sched.rt_period_us,
		.fair_bw = rt_dl_reserved_bw(&s->sched.dl, 1),
	};
	bool *fair_dom = NULL;
	rt_time *free_lo = NULL;
	enum rt_err err;

	a->dom_void = api_analysis_calloc(a->ndom, sizeof(*a->dom_void));
	if (!a->dom_void)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	a->adm = api_analysis_calloc(s->ntasks, sizeof(*a->adm));
	a->admdom = api_analysis_calloc(a->ndom, sizeof(*a->admdom));
	fair_dom = api_analysis_calloc(a->ndom, sizeof(*fair_dom));
	if (!a->adm || !a->admdom || !fair_dom) {
		rt_free(fair_dom);
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	}
	if (s->leave_at) {
		free_lo = api_analysis_calloc(2 * s->ntasks, sizeof(*free_lo));
		if (!free_lo) {
			rt_free(fair_dom);
			return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
		}
		for (size_t i = 0; i < s->ntasks; i++)
			analyze_leave_window(a, i, &free_lo[i],
					     &free_lo[s->ntasks + i]);
		in.free_lo = free_lo;
		in.free_hi = free_lo + s->ntasks;
	}
	err = rt_dl_admission(&in, a->adm, a->admdom, d);
	rt_free(free_lo);
	for (size_t i = 0; !err && i < s->ntasks; i++) {
		const struct rt_task *t = &a->orig->tasks[i];

		if (!a->adm[i].deadline) {
			a->left_out[i] = "class fair (SCHED_OTHER): no reservation";
			fair_dom[api_analysis_task_dom(a, i)] = true;
			continue;
		}
		if (!a->adm[i].accepted) {
			a->left_out[i] = "refused by the kernel admission (linux)";
			continue;
		}
		a->no_job[i] = rt_dl_task_no_guarantee(t);
		analyze_model_add(a, rt_task_make(t->name, t->wcet, t->deadline,
						  t->period), i, (int)i,
				  api_analysis_task_dom(a, i), 0);
	}
	/* A reservation not kept (overrun, early release, ...) is no longer
	 * the sporadic task analysed: the kernel's 2^10 ns granularity in
	 * dl_entity_overflow() lets it overrun its deadline slightly, which
	 * can delay the others past their bound by as much.  So a domain
	 * guarantees nothing once one of its reservations (or a busy fair
	 * server) is not kept. */
	for (size_t i = 0; !err && i < s->ntasks; i++) {
		unsigned c = api_analysis_task_dom(a, i);

		/* rt_mutex: a blocked task waits for another's section,
		 * which its reservation does not count (and a boosted holder
		 * runs on its donor's parameters) */
		if (a->locks && a->adm[i].deadline && a->adm[i].accepted)
			a->dom_void[c] = "tasks share resources: blocking on "
					 "an rt_mutex is outside the "
					 "reservation's guarantee";
		else if (!a->adm[i].deadline && fs->on)
			a->dom_void[c] = "a fair server serves fair tasks";
		else if (a->adm[i].deadline && a->adm[i].accepted && a->no_job[i])
			a->dom_void[c] = "a reservation in its root domain is "
					 "not kept (the kernel's 1.024 us wake-up "
					 "granularity)";
		else if (s->sched.dl.accounting == RT_DL_ACCT_TICK)
			a->dom_void[c] = api_analysis_tick_why;
	}
	for (size_t i = 0; !err && i < s->ntasks; i++)
		if (a->adm[i].deadline && a->adm[i].accepted && !a->no_job[i] &&
		    a->dom_void[api_analysis_task_dom(a, i)])
			a->no_job[i] = a->dom_void[api_analysis_task_dom(a, i)];
	/* the fair servers of the domains with fair tasks: reservations too
	 * (sim servers ntasks + cpu) */
	for (unsigned c = 0, cpu = 0; !err && fs->on && c < a->ndom; c++)
		for (unsigned k = 0; k < a->dom_cpus[c]; k++, cpu++)
			if (fair_dom[c])
				analyze_model_add(a, rt_task_make("fair_server",
						  fs->runtime, fs->deadline,
						  fs->period), NO_IDX,
						  (int)(s->ntasks + cpu), c, 0);
	rt_free(fair_dom);
	return err;
}

/* cbs: the servers (as sporadic tasks) and the plain tasks. */
static enum rt_err analyze_model_cbs(struct dlsim_analysis *a, struct rt_diag *d)
{
	const struct scn_scenario *s = a->s;

	a->cbs_g = api_analysis_calloc(s->ntasks, sizeof(*a->cbs_g));
	a->dom_ok = api_analysis_calloc(a->ndom, sizeof(*a->dom_ok));
	a->dom_srv = api_analysis_calloc(a->ndom, sizeof(*a->dom_srv));
	if (!a->cbs_g || !a->dom_ok || !a->dom_srv)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	for (unsigned c = 0; c < a->ndom; c++)
		a->dom_srv[c] = NO_IDX;
	for (size_t j = 0; j < s->nservers; j++) {
		size_t first = NO_IDX;
		unsigned c;

		for (size_t i = 0; i < s->ntasks && first == NO_IDX; i++)
			if (s->task_server && s->task_server[i] == (int32_t)j)
				first = i;
		if (first == NO_IDX)
			continue;               /* serves nothing: never wakes */
		/* the same rule as the simulator's guarantees (sim/admit.c),
		 * on the tasks as written (a suspension counts) */
		c = api_analysis_task_dom(a, first);
		if (a->dom_srv[c] == NO_IDX &&
		    !rt_cbs_server_sporadic(a->orig->tasks, s->ntasks,
					    s->task_server, s->servers, j,
					    a->dom_cpus[c]))
			a->dom_srv[c] = j;
		analyze_model_add(a, rt_server_as_task(&s->servers[j]), NO_IDX,
				  (int)j, api_analysis_task_dom(a, first), 0);
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

/* fp with servers: the plain tasks, then each server that serves a task
 * as its task (rt_fp_server_task; the order of rt_fp_server_ranks). */
static enum rt_err analyze_model_fpsrv(struct dlsim_analysis *a,
				       struct rt_diag *d)
{
	const struct scn_scenario *s = a->s;
	uint32_t *rank = api_analysis_calloc(s->ntasks + s->nservers,
					     sizeof(*rank));
	enum rt_err err;

	if (!rank)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	err = rt_fp_server_ranks(s->tasks, s->ntasks, s->servers, s->nservers,
				 s->task_server, s->sched.priorities, rank, d);
	if (err) {
		rt_free(rank);
		return err;
	}

	for (size_t i = 0; i < s->ntasks; i++) {
		if (s->task_server && s->task_server[i] >= 0) {
			a->left_out[i] = "analysed through its server";
			continue;
		}
		analyze_model_task(a, i, -1);
		a->model[a->nmodel - 1].priority = rank[i];
	}
	for (size_t j = 0; j < s->nservers; j++) {
		size_t first = NO_IDX;
		struct rt_task t = rt_fp_server_task(&s->servers[j]);

		for (size_t i = 0; i < s->ntasks && first == NO_IDX; i++)
			if (s->task_server && s->task_server[i] == (int32_t)j)
				first = i;
		if (first == NO_IDX)
			continue;               /* serves nothing: never runs */
		if (rt_fp_server_task(&s->servers[j]).jitter)
			a->srv_jitter = true;
		/* the model runs with these ranks (explicit order), so a
		 * server's task needs no deadline: its response only
		 * bounds its served task's (rt_fp_served_bound) */
		t.priority = rank[s->ntasks + j];
		t.deadline = RT_TIME_MAX;
		analyze_model_add(a, t, NO_IDX, (int)j,
				  api_analysis_task_dom(a, first), 0);
	}
	rt_free(rank);
	return RT_OK;
}

const char api_analysis_tick_why[] = "accounting: tick: a reservation "
	"runs up to a tick past its runtime before it is throttled, which "
	"(Q, D, P) does not count";

enum rt_err api_analysis_model(struct dlsim_analysis *a, struct rt_diag *d)
{
	const struct scn_scenario *s = a->s;
	size_t cap = s->ntasks + s->nservers + s->cpus;

	a->ge_d_task = NO_IDX;
	a->model = api_analysis_calloc(cap, sizeof(*a->model));
	a->model_task = api_analysis_calloc(cap, sizeof(*a->model_task));
	a->model_srv = api_analysis_calloc(cap, sizeof(*a->model_srv));
	a->model_dom = api_analysis_calloc(cap, sizeof(*a->model_dom));
	a->model_jit = api_analysis_calloc(cap, sizeof(*a->model_jit));
	a->left_out = api_analysis_calloc(s->ntasks, sizeof(*a->left_out));
	a->no_job = api_analysis_calloc(s->ntasks, sizeof(*a->no_job));
	if (!a->model || !a->model_task || !a->model_srv || !a->model_dom ||
	    !a->model_jit || !a->left_out || !a->no_job)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	if (a->kind == AK_LINUX)
		return analyze_model_linux(a, d);
	if (a->kind == AK_CBS)
		return analyze_model_cbs(a, d);
	if (a->kind == AK_FPSRV)
		return analyze_model_fpsrv(a, d);
	for (size_t i = 0; i < s->ntasks; i++)
		analyze_model_task(a, i, -1);
	return RT_OK;
}
