/* analysis_resv.c - SCHED_DEADLINE admission per root domain, CBS
 * guarantees, and the analysed task model (see analysis_resv.h).
 *
 * The admission replay sorts the join and leave instants once:
 * O(n log n) time, O(n) memory. */
#include "models/analysis_resv.h"

#include <stdio.h>
#include <stdlib.h>

#include "models/linux_dl.h"
#include "models/mem.h"

/* ---- the task the analysis sees ------------------------------------------ */

unsigned rt_task_analysis_model(const struct rt_task *t, struct rt_task *out)
{
	unsigned what = 0;

	*out = *t;
	/* the demand and period admission analyses too (models/task.h) */
	out->wcet = rt_task_analysed_demand(t, false);
	if (out->wcet != t->wcet)
		what |= RT_MODEL_DEMAND;
	out->period = rt_task_analysed_period(t);
	if (out->period != t->period)
		what |= RT_MODEL_CLOSE;
	if (t->jitter > 0) {
		what |= RT_MODEL_JITTER;
		if (t->jitter >= t->deadline) {
			out->deadline = 1;
			what |= RT_MODEL_JITTER_GE_D;
		} else {
			out->deadline = t->deadline - t->jitter;
		}
	}
	return what;
}

/* ---- SCHED_DEADLINE admission ------------------------------------------ */

struct adm_ev {
	rt_time at;
	int order;                      /* at one instant: 0 a return by the
					 * 0-lag timer (after the exit), 1
					 * joins, 2 a return at the exit
					 * (leave_at): as the simulation */
	int leave;                      /* 0: join, 1: a leaving task's
					 * bandwidth returns at the earliest,
					 * 2: at the latest */
	size_t task;
};

static int adm_ev_cmp(const void *pa, const void *pb)
{
	const struct adm_ev *a = pa, *b = pb;

	if (a->at != b->at)
		return a->at < b->at ? -1 : 1;
	if (a->order != b->order)
		return a->order - b->order;
	if (a->leave != b->leave)
		return a->leave - b->leave;
	return a->task < b->task ? -1 : a->task > b->task;
}

enum rt_err rt_dl_admission(const struct rt_dl_adm_input *in,
			    struct rt_dl_adm_task *tasks_out,
			    struct rt_dl_adm_dom *doms_out, struct rt_diag *d)
{
	int64_t runtime = in->rt_runtime_us, period = in->rt_period_us;
	struct rt_dl_adm_dom *dom;
	struct rt_dl_adm_task *tk;
	struct adm_ev *ev;
	uint64_t *now;                  /* current total_bw per domain, and
					 * (ndom more) with leaving tasks'
					 * bandwidth returned at the latest */
	bool *in_lo, *in_hi;            /* admitted in either replay */
	bool *split;                    /* per domain: undetermined since */
	size_t nev = 0;

	if (period == 0) {
		runtime = RT_DL_RT_RUNTIME_US_DEFAULT;
		period = RT_DL_RT_PERIOD_US_DEFAULT;
	}
	if (in->ndom == 0 || period < 0 || runtime < RT_DL_RUNTIME_INF ||
	    runtime > period)
		return rt_diagf(d, RT_ERR_INVAL, "linux admission: %u domains, "
				"rt_runtime_us %lld, rt_period_us %lld",
				in->ndom, (long long)runtime, (long long)period);
	for (size_t i = 0; in->task_dom && i < in->n; i++)
		if (in->task_dom[i] >= in->ndom)
			return rt_diagf(d, RT_ERR_INVAL, "linux admission: task "
					"%zu in domain %u of %u", i,
					in->task_dom[i], in->ndom);
	dom = rt_calloc(in->ndom, sizeof(*dom));
	tk = rt_calloc(in->n ? in->n : 1, sizeof(*tk));
	ev = rt_calloc(in->n ? 3 * in->n : 1, sizeof(*ev));
	now = rt_calloc(2 * (size_t)in->ndom, sizeof(*now));
	in_lo = rt_calloc(in->n ? 2 * in->n : 1, sizeof(*in_lo));
	split = rt_calloc(in->ndom, sizeof(*split));
	if (!dom || !tk || !ev || !now || !in_lo || !split) {
		rt_free(dom);
		rt_free(tk);
		rt_free(ev);
		rt_free(now);
		rt_free(in_lo);
		rt_free(split);
		return rt_diagf(d, RT_ERR_NOMEM, "linux admission: out of memory");
	}
	in_hi = in_lo + in->n;
	for (unsigned r = 0; r < in->ndom; r++) {
		dom[r].cpus = in->dom_cpus[r];
		dom[r].unlimited = runtime == RT_DL_RUNTIME_INF;
		dom[r].cap_bw = rt_dl_to_ratio(period, runtime);
		dom[r].capacity = in->dom_cap ? in->dom_cap[r] :
				  (uint64_t)dom[r].cpus << RT_CAP_SHIFT;
		dom[r].cap = ((rt_u128)dom[r].cap_bw * dom[r].capacity) >>
			     RT_CAP_SHIFT;
		dom[r].fair = in->fair_bw * dom[r].cpus;
		dom[r].total = dom[r].peak = now[r] = dom[r].fair;
		now[in->ndom + r] = dom[r].fair;
	}
	for (size_t i = 0; i < in->n; i++) {
		const struct rt_task *t = &in->tasks[i];
		rt_time lo, hi;

		tk[i].deadline = t->klass != RT_CLASS_FAIR;
		tk[i].accepted = !tk[i].deadline;
		if (!tk[i].deadline)
			continue;
		tk[i].dl_bw = rt_dl_to_ratio(t->period, t->wcet);
		ev[nev++] = (struct adm_ev){ in->arrive_at ? in->arrive_at[i] : 0,
					     1, 0, i };
		if (!in->leave_at || in->leave_at[i] == RT_TIME_NEVER)
			continue;
		lo = hi = in->leave_at[i];
		if (in->free_lo && in->free_hi) {
			lo = in->free_lo[i];
			hi = in->free_hi[i];
		}
		ev[nev++] = (struct adm_ev){ lo, lo > in->leave_at[i] ? 0 : 2,
					     1, i };
		if (hi != RT_TIME_NEVER)
			ev[nev++] = (struct adm_ev){ hi, hi > in->leave_at[i] ?
						     0 : 2, 2, i };
	}
	qsort(ev, nev, sizeof(*ev), adm_ev_cmp);
	for (size_t k = 0; k < nev; k++) {
		size_t i = ev[k].task;
		unsigned r = in->task_dom ? in->task_dom[i] : 0;
		uint64_t *hi_now = &now[in->ndom + r];
		bool a_lo, a_hi;

		if (ev[k].leave == 1) {
			if (in_lo[i])
				now[r] -= tk[i].dl_bw;
			continue;
		}
		if (ev[k].leave == 2) {
			if (in_hi[i])
				*hi_now -= tk[i].dl_bw;
			continue;
		}
		tk[i].before = now[r];
		tk[i].before_hi = *hi_now;
		a_lo = rt_dl_admit_cap(now[r], tk[i].dl_bw, dom[r].cap_bw,
				       dom[r].capacity, dom[r].unlimited);
		a_hi = rt_dl_admit_cap(*hi_now, tk[i].dl_bw, dom[r].cap_bw,
				       dom[r].capacity, dom[r].unlimited);
		if (a_lo != a_hi)
			split[r] = true;
		in_lo[i] = a_lo;
		in_hi[i] = a_hi;
		if (a_lo)
			now[r] += tk[i].dl_bw;
		if (a_hi) {
			*hi_now += tk[i].dl_bw;
			if (*hi_now > dom[r].peak)
				dom[r].peak = *hi_now;
		}
		tk[i].undetermined = split[r];
		tk[i].accepted = a_lo || a_hi || split[r];
		if (tk[i].undetermined) {
			dom[r].undetermined++;
		} else if (tk[i].accepted) {
			dom[r].total += tk[i].dl_bw;
			dom[r].accepted++;
		} else {
			dom[r].rejected++;
		}
	}
	for (size_t i = 0; i < in->n; i++)
		tasks_out[i] = tk[i];
	for (unsigned r = 0; r < in->ndom; r++)
		doms_out[r] = dom[r];
	rt_free(dom);
	rt_free(tk);
	rt_free(ev);
	rt_free(now);
	rt_free(in_lo);
	rt_free(split);
	return RT_OK;
}

/* ---- CBS ----------------------------------------------------------------- */

const char *rt_cbs_guarantee_reason(enum rt_cbs_guarantee g)
{
	switch (g) {
	case RT_CBS_GUARANTEED:
		return "guaranteed";
	case RT_CBS_NOT_SERVED:
		return "not served by a server";
	case RT_CBS_SHARED:
		return "its server serves another task too";
	case RT_CBS_DEMAND:
		return "a job may demand more than the server budget";
	case RT_CBS_CLOSE:
		return "releases may come closer than the server period";
	case RT_CBS_REVISED_LATE:
		return "revised wake-up (D_s < T_s): a job using the whole budget "
		       "and released after the next period start may get less";
	case RT_CBS_SERVER_MISSES:
		return "the server's deadlines are not guaranteed";
	case RT_CBS_SUSPENDS:
		return "self-suspension: a wake-up may take a later server "
		       "deadline";
	case RT_CBS_GRUB:
		return "GRUB reclaiming with D_s != T_s (no isolation proof)";
	}
	return "?";
}

enum rt_cbs_guarantee rt_cbs_task_guarantee(const struct rt_task *ts, size_t n,
					    const int32_t *task_server,
					    const struct rt_server *servers,
					    size_t i, bool server_ok)
{
	const struct rt_server *s;
	struct rt_task m;
	int32_t si = task_server ? task_server[i] : -1;
	rt_time sep;

	if (si < 0)
		return RT_CBS_NOT_SERVED;
	for (size_t j = 0; j < n; j++)
		if (j != i && task_server[j] == si)
			return RT_CBS_SHARED;
	s = &servers[si];
	if (rt_task_suspends(&ts[i]))
		return RT_CBS_SUSPENDS;
	if (s->reclaim == RT_RECLAIM_GRUB && s->deadline != s->period)
		return RT_CBS_GRUB;
	rt_task_analysis_model(&ts[i], &m);
	if (m.wcet > s->budget_max)
		return RT_CBS_DEMAND;
	/* smallest release separation: T' minus the jitter (a job released
	 * late, the next one on time) */
	sep = m.period - ts[i].jitter;
	if (sep < s->period)
		return RT_CBS_CLOSE;
	if (s->kind == RT_SERVER_REVISED_CBS && s->deadline < s->period &&
	    m.wcet >= s->budget_max && !(ts[i].arrival == RT_ARRIVAL_PERIODIC &&
	    ts[i].jitter == 0 && ts[i].period == s->period))
		return RT_CBS_REVISED_LATE;
	return server_ok ? RT_CBS_GUARANTEED : RT_CBS_SERVER_MISSES;
}

bool rt_cbs_task_covered(const struct rt_task *ts, size_t n,
			 const int32_t *task_server,
			 const struct rt_server *servers, size_t i)
{
	rt_time late;

	return rt_cbs_task_guarantee(ts, n, task_server, servers, i, true) ==
	       RT_CBS_GUARANTEED &&
	       rt_time_add(servers[task_server[i]].deadline, ts[i].jitter,
			   &late) && late <= ts[i].deadline;
}

bool rt_cbs_server_isolates(const struct rt_server *s, unsigned ncpus)
{
	if (ncpus != 1)
		return false;
	if (s->reclaim == RT_RECLAIM_GRUB)
		return s->deadline == s->period;
	return s->kind == RT_SERVER_REVISED_CBS || s->deadline == s->period;
}

bool rt_cbs_server_sporadic(const struct rt_task *ts, size_t n,
			    const int32_t *task_server,
			    const struct rt_server *servers, size_t k,
			    unsigned ncpus)
{
	size_t first = n;

	if (rt_cbs_server_isolates(&servers[k], ncpus))
		return true;
	for (size_t i = 0; task_server && i < n && first == n; i++)
		if (task_server[i] == (int32_t)k)
			first = i;
	return first == n ||
	       rt_cbs_task_guarantee(ts, n, task_server, servers, first,
				     true) == RT_CBS_GUARANTEED;
}

void rt_cbs_server_why(const struct rt_server *s, unsigned ncpus, char *buf,
		       size_t len)
{
	if (ncpus != 1)
		snprintf(buf, len, "server %s is on %u CPUs (CBS isolation is "
			 "proven on one) and its task's jobs are not exactly "
			 "(Q_s, D_s, T_s)", s->name, ncpus);
	else if (s->reclaim == RT_RECLAIM_GRUB)
		snprintf(buf, len, "server %s (GRUB, D_s %lld != T_s %lld) is "
			 "not isolated", s->name, (long long)s->deadline,
			 (long long)s->period);
	else
		snprintf(buf, len, "server %s (%s, D_s %lld < T_s %lld) is not "
			 "isolated: the wake-up rule hands out Q_s again within "
			 "D_s (the domino effect)", s->name,
			 rt_server_kind_name(s->kind), (long long)s->deadline,
			 (long long)s->period);
}

/* Some job of t may leave 0 < r < 2^DL_SCALE ns of its runtime C: its
 * demand (an exec model's value or range; a fixed demand is C and leaves
 * nothing) lies in [C - 1023, C - 1]. */
static bool dl_leaves_less_than_scale(const struct rt_task *t)
{
	rt_time hi = t->wcet - 1;
	rt_time lo = t->wcet > RT_DL_RUNTIME_MIN ?
		     t->wcet - (RT_DL_RUNTIME_MIN - 1) : 1;

	switch (t->exec) {
	case RT_EXEC_UNIFORM:
		return t->exec_min <= hi && t->exec_max >= lo;
	case RT_EXEC_LIST:
		for (size_t k = 0; k < t->nexec_values; k++)
			if (t->exec_values[k] >= lo && t->exec_values[k] <= hi)
				return true;
		return false;
	default:
		return false;
	}
}

const char *rt_dl_task_no_guarantee(const struct rt_task *t)
{
	struct rt_task m;
	unsigned what = rt_task_analysis_model(t, &m);

	if (what & RT_MODEL_DEMAND)
		return "a job may demand more than its runtime (throttled)";
	if (what & RT_MODEL_CLOSE)
		return "releases closer than its period";
	if (what & RT_MODEL_JITTER)
		return "release jitter: its reservation starts at the release";
	if (rt_task_suspends(t))
		return "self-suspension";
	if (t->deadline < t->period && m.wcet >= t->wcet &&
	    !(t->arrival == RT_ARRIVAL_PERIODIC && t->jitter == 0))
		return "revised wake-up (D < P): a job using its whole runtime "
		       "and released after the next period start may get less";
	/* D = P: the next job may arrive at the reservation's deadline d;
	 * with less than 2^10 ns of runtime left, dl_entity_overflow()
	 * (runtime >> DL_SCALE = 0) keeps d = now, and that rest runs
	 * first, past d, ahead of tasks the analysis bounds */
	if (t->deadline >= t->period && dl_leaves_less_than_scale(t))
		return "a job may leave less than 1.024 us of runtime, which "
		       "runs past its deadline at the next release "
		       "(dl_entity_overflow() compares runtime >> 10)";
	return NULL;
}

struct rt_task rt_server_as_task(const struct rt_server *s)
{
	return rt_task_make(s->name, s->budget_max, s->deadline, s->period);
}
