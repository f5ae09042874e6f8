/* policy_linux_dl.c - Linux SCHED_DEADLINE as the kernel does it (DESIGN
 * 4; THEORY E.3-E.5, G.6; kernel/sched/deadline.c).
 *
 * Every task is its own reservation (runtime Q = C, deadline D, period P =
 * T): a hard CBS with the revised wake-up rule, throttling, the
 * replenishment loop with carried-over overrun and the "lagged too much"
 * reset, and dl_check_constrained_dl() at wake-up (sim/server.c,
 * SV_RULES_LINUX), in the kernel's fixed point.  Global EDF on the
 * scheduling deadlines over the CPUs of a root domain (the kernel
 * approximates it by push/pull); a running task is not preempted by an
 * equal deadline (dl_entity_preempt(): strict '<').  Root domains are the
 * engine's clusters: all CPUs (placement global), or the exclusive
 * cpusets (placement cpusets; partitioned = one CPU per set), each with
 * its own admission and GRUB state (THEORY E.4 item 8).
 *
 * Parameters: __checkparam_dl() for every task at init (RT_ERR_INVAL with
 * the kernel's rule).  Admission, when a task joins (sched_setattr()):
 * sched_dl_overflow() -> __dl_overflow():
 *
 *	sum_i floor(Q_i 2^20 / P_i) <= floor(rt_runtime 2^20 / rt_period) * M
 *
 * over the tasks and the M CPUs of the task's root domain (996147 * M by
 * default; rt_runtime_us -1 turns it off).  A rejected
 * task never runs.  A task that leaves returns its bandwidth at once
 * (task_dead_dl(): "XXX we should retain the bw until 0-lag").
 *
 * reclaim: grub (SCHED_FLAG_RECLAIM for every task) uses grub_reclaim()'s
 * rate in root domains of one CPU; on a domain of several CPUs the
 * kernel's per-runqueue accounting has no counterpart in global EDF, so
 * it is refused.
 */
#include "models/linux_dl.h"
#include "models/mem.h"
#include "sim/policy.h"
#include "sim/server.h"

struct ldl {
	struct sv_rq rq;                /* first: the core's state */
	uint64_t cap_bw;                /* dl_b->bw = to_ratio(period, runtime) */
	bool unlimited;                 /* rt_runtime_us == -1 */
};

static void ldl_fini(void *state)
{
	struct ldl *l = state;

	if (!l)
		return;
	sv_fini(&l->rq);
	rt_free(l);
}

static enum rt_err ldl_init(struct sim_engine *e, void **state,
			    struct rt_diag *d)
{
	const struct sim_config *cfg = sim_engine_config(e);
	int64_t runtime = cfg->rt_runtime_us, period = cfg->rt_period_us;
	struct ldl *l;
	enum rt_err err;

	if (period == 0) {              /* the kernel's defaults */
		runtime = 950000;
		period = 1000000;
	}
	if (period < 0 || runtime < RT_DL_RUNTIME_INF || runtime > period)
		return rt_diagf(d, RT_ERR_INVAL, "linux-dl: rt_runtime_us %lld, "
				"rt_period_us %lld; expected -1 or 0..period, and "
				"period > 0", (long long)runtime,
				(long long)period);
	for (size_t i = 0; i < cfg->ntasks; i++) {
		const struct rt_task *t = &cfg->tasks[i];

		err = rt_dl_checkparam(t->name, t->wcet, t->deadline, t->period,
				       d);
		if (err)
			return err;
	}
	l = rt_calloc(1, sizeof(*l));
	if (!l)
		return rt_diagf(d, RT_ERR_NOMEM, "linux-dl: out of memory");
	err = sv_init(&l->rq, e, cfg->ntasks, d);
	if (err) {
		rt_free(l);
		return err;
	}
	l->rq.kernel = true;
	l->unlimited = runtime == RT_DL_RUNTIME_INF;
	l->cap_bw = rt_dl_to_ratio(period, runtime);
	for (size_t i = 0; i < cfg->ntasks; i++) {
		const struct rt_task *t = &cfg->tasks[i];
		struct sv_server *s = &l->rq.srv[i];

		s->name = t->name;
		s->rules = SV_RULES_LINUX;
		s->grub = cfg->reclaim == RT_RECLAIM_GRUB;
		s->Q = t->wcet;
		s->D = t->deadline;
		s->P = t->period;
		s->st->name = t->name;
		l->rq.tasks[i].server = (int32_t)i;
		l->rq.tasks[i].admitted = false;        /* until it joins */
	}
	err = sv_setup(&l->rq, runtime, period, d);
	for (unsigned c = 0; !err && c < l->rq.ndom; c++)
		if (cfg->reclaim == RT_RECLAIM_GRUB && l->rq.dom[c].ncpus > 1)
			err = rt_diagf(d, RT_ERR_UNSUPPORTED, "linux-dl: reclaim: "
				       "grub is modelled in root domains of one "
				       "CPU only (the kernel reclaims per "
				       "runqueue); use cpus: 1, partitioned "
				       "placement or one-CPU cpusets");
	if (err) {
		ldl_fini(l);
		return err;
	}
	*state = l;
	return RT_OK;
}

static enum rt_err ldl_admit(void *state, uint32_t task, bool *accept,
			     unsigned *test)
{
	struct ldl *l = state;
	struct sv_server *s = &l->rq.srv[task];
	struct sv_dom *dom = sv_task_dom(&l->rq, task);

	*test = SIM_ADMIT_LINUX;
	*accept = rt_dl_admit(dom->total_bw, s->bw, l->cap_bw, dom->ncpus,
			      l->unlimited);
	if (!*accept)
		return RT_OK;
	dom->total_bw += s->bw;
	l->rq.tasks[task].admitted = true;
	dom->grub.this_bw += s->bw;
	return sv_this_bw_changed(&l->rq, dom);
}

static void ldl_leave(void *state, uint32_t task)
{
	struct ldl *l = state;
	struct sv_server *s = &l->rq.srv[task];
	struct sv_dom *dom = sv_task_dom(&l->rq, task);
	enum rt_err err;

	if (!l->rq.tasks[task].admitted)
		return;
	l->rq.tasks[task].admitted = false;
	dom->total_bw -= s->bw;
	dom->grub.this_bw -= s->bw;
	err = sv_this_bw_changed(&l->rq, dom);
	if (err)
		l->rq.err = err;
}

static enum rt_err ldl_enqueue(void *state, struct sim_job *j, unsigned flags)
{
	return sv_enqueue(&((struct ldl *)state)->rq, j, flags);
}

static void ldl_dequeue(void *state, struct sim_job *j, unsigned flags)
{
	sv_dequeue(&((struct ldl *)state)->rq, j, flags);
}

static enum rt_err ldl_schedule(void *state)
{
	return sv_schedule(&((struct ldl *)state)->rq);
}

static enum rt_err ldl_timer(void *state, struct sim_event *ev)
{
	return sv_timer(&((struct ldl *)state)->rq, ev);
}

static enum rt_err ldl_end(void *state)
{
	return sv_end(&((struct ldl *)state)->rq);
}

const struct sim_policy_ops sim_policy_linux_dl = {
	.name        = "linux-dl",
	.init        = ldl_init,
	.fini        = ldl_fini,
	.enqueue     = ldl_enqueue,
	.dequeue     = ldl_dequeue,
	.schedule    = ldl_schedule,
	.update_curr = NULL,
	.timer       = ldl_timer,
	.flags       = SIM_POLICY_CLUSTERS,
	.admit       = ldl_admit,
	.leave       = ldl_leave,
	.end         = ldl_end,
};
