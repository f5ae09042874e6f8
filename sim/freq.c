/* freq.c - frequency levels, the schedutil governor and energy
 * (sim_config.freq; sim/README.md "Frequencies and energy").
 *
 * Speed.  With F the least common multiple of the CPUs' highest
 * frequencies, every speed is num / den with den = 1024 * F: a CPU of
 * capacity c at frequency f (highest fmax) has num = c * f * (F / fmax),
 * i.e. c * f / (1024 * fmax) work units per time unit, exactly (the work
 * fraction of a job is kept in 1/den units by dispatch.c).  A level change
 * while a job runs accounts the job up to now at the old speed, then
 * re-plans its completion at the new one.
 *
 * schedutil (one CPU): the running bandwidth is GRUB's running_bw
 * (kernel/sched/deadline.c): a task's C/T is added when a job of it is
 * released while it is not contending (task_contending(): if its
 * inactive timer is pending, the timer is cancelled and the bandwidth
 * stays), and removed at its 0-lag time once its last pending job
 * completes (task_non_contending(): zerolag = deadline - runtime *
 * dl_period / dl_runtime with the runtime left, C - executed here,
 * truncated as div64_long does; a 0-lag time not in the future removes
 * it at once, a later one arms the inactive timer).  The level is then
 * the lowest whose speed covers it: f * c / (1024 * fmax) >= running_bw
 * (schedutil's sugov_effective_cpu_perf() takes cpu_bw_dl() as the
 * minimum performance, get_next_freq() maps it to fmax * util / c and
 * cpufreq_driver_resolve_freq() picks the lowest listed frequency at or
 * above it), compared exactly: running_bw is kept as sum of C_i * (L /
 * T_i) over the contending tasks, L the periods' lcm.  Changes at one
 * instant count once (the level the CPU leaves the instant at); the
 * level chosen at time 0 is where the CPU starts, not a change.
 *
 * Energy: busy power of the level run at while a job executes, idle power
 * otherwise, in power units x time units; accounted with the job when the
 * speeds differ from the full one (sim_account_cap), from the busy time
 * otherwise (one level).
 */
#include <inttypes.h>
#include <string.h>

#include "models/mem.h"
#include "sim/internal.h"

struct sim_su_task {
	struct sim_event zl;            /* the inactive timer (0-lag time) */
	bool contending;                /* its w is in running_bw */
	rt_i128 w;                      /* C * (L / T) */
};

struct sim_sutil {
	rt_i128 bw;                     /* running_bw * L */
	rt_i128 *thr;                   /* per level of CPU 0: the largest
					 * running_bw * L its speed covers */
	struct sim_su_task *t;          /* ntasks entries */
};

/* The speed numerator of CPU c at level l. */
static uint64_t freq_num(const struct sim_engine *e, unsigned c, uint32_t l)
{
	const struct sim_freq *q = &e->cfg.freq[c];
	uint64_t f = e->den / SIM_CAP_SCALE;

	return (uint64_t)e->cpu[c].cap * q->f[l] * (f / q->f[q->n - 1]);
}

/* schedutil's state; the checks of sim_config_check already passed. */
static enum rt_err freq_su_init(struct sim_engine *e, struct rt_diag *d)
{
	const struct sim_freq *q = &e->cfg.freq[0];
	struct sim_sutil *su;
	rt_i128 sum = 0, l = 1, lim = (rt_i128)1 << 62;

	for (size_t i = 0; i < e->cfg.ntasks; i++) {
		uint64_t t = (uint64_t)e->cfg.tasks[i].period;
		uint64_t g = rt_gcd64((uint64_t)(l % t), t);

		l = l / g * t;
		if (l > lim)
			return rt_diagf(d, RT_ERR_UNSUPPORTED, "governor "
					"schedutil: the periods' least common "
					"multiple exceeds 2^62 (the running "
					"bandwidth is kept exact over it)");
	}
	su = rt_calloc(1, sizeof(*su));
	if (!su)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory for schedutil");
	e->su = su;
	su->t = rt_calloc(e->cfg.ntasks ? e->cfg.ntasks : 1, sizeof(*su->t));
	su->thr = rt_calloc(q->n, sizeof(*su->thr));
	if (!su->t || !su->thr ||
	    sim_evq_reserve(&e->evq, 3 * e->cfg.ntasks + 2) != RT_OK)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory for schedutil");
	for (size_t i = 0; i < e->cfg.ntasks; i++) {
		const struct rt_task *tk = &e->cfg.tasks[i];
		rt_i128 w;

		sim_event_init(&su->t[i].zl, SIM_EV_ZEROLAG);
		if (__builtin_mul_overflow((rt_i128)tk->wcet, l / tk->period,
					   &w) ||
		    __builtin_add_overflow(sum, w, &sum) || sum > lim * lim)
			return rt_diagf(d, RT_ERR_UNSUPPORTED, "governor "
					"schedutil: the tasks' bandwidths "
					"overflow exact arithmetic");
		su->t[i].w = w;
	}
	/* f * c * L / (1024 * fmax) <= 2^30 * 2^10 * 2^62 / 1024 */
	for (uint32_t k = 0; k < q->n; k++)
		su->thr[k] = (rt_i128)q->f[k] * e->cpu[0].cap * l /
			     ((rt_i128)q->f[q->n - 1] * SIM_CAP_SCALE);
	e->want |= SIM_MASK(SIM_REC_RELEASE) | SIM_MASK(SIM_REC_COMPLETE) |
		   SIM_MASK(SIM_REC_ABORT);
	return RT_OK;
}

enum rt_err sim_freq_init(struct sim_engine *e, struct rt_diag *d)
{
	uint64_t f = 1;

	for (unsigned c = 0; c < e->cfg.cpus; c++) {
		const struct sim_freq *q = &e->cfg.freq[c];

		f = f / rt_gcd64(f, q->f[q->n - 1]) * q->f[q->n - 1];
	}
	e->den = (uint64_t)SIM_CAP_SCALE * f;   /* f <= 2^31 (config.c) */
	for (unsigned c = 0; c < e->cfg.cpus; c++) {
		struct sim_cpu *cp = &e->cpu[c];

		cp->lvl = e->cfg.schedutil ? 0 : e->cfg.freq[c].level;
		cp->num = freq_num(e, c, cp->lvl);
		cp->fchg_at = -1;
		e->caps = e->caps || cp->num != e->den;
	}
	if (!e->cfg.schedutil)
		return RT_OK;
	e->caps = true;         /* the speed may change */
	return freq_su_init(e, d);
}

void sim_freq_fini(struct sim_engine *e)
{
	if (!e->su)
		return;
	rt_free(e->su->t);
	rt_free(e->su->thr);
	rt_free(e->su);
	e->su = NULL;
}

/* CPU c runs at level l from now. */
static void freq_set(struct sim_engine *e, unsigned c, uint32_t l)
{
	struct sim_cpu *cp = &e->cpu[c];
	struct sim_job *j = cp->curr;
	bool was, now;

	if (l == cp->lvl)
		return;
	if (j && j->run_cpu == (int)c) {
		sim_evq_cancel(&e->cq, &j->done);
		sim_account(e, j);      /* at the old speed */
	} else {
		j = NULL;
	}
	if (e->now == 0) {              /* where the CPU starts: no change */
		cp->lvl_was = l;
		was = false;
	} else if (cp->fchg_at != e->now) {
		cp->fchg_at = e->now;
		cp->lvl_was = cp->lvl;
		was = false;
	} else {
		was = cp->lvl != cp->lvl_was;
	}
	cp->lvl = l;
	cp->num = freq_num(e, c, l);
	now = l != cp->lvl_was;
	cp->nchg = cp->nchg + now - was;
	if (j)
		sim_dispatch_rearm(e, j);
}

/* The running bandwidth changed: CPU 0's level follows it. */
static void freq_eval(struct sim_engine *e)
{
	const struct sim_sutil *su = e->su;
	uint32_t n = e->cfg.freq[0].n, l = 0;

	while (l + 1 < n && su->bw > su->thr[l])
		l++;
	freq_set(e, 0, l);
}

static void freq_drop(struct sim_engine *e, struct sim_su_task *t)
{
	if (!t->contending)
		return;
	t->contending = false;
	e->su->bw -= t->w;
	freq_eval(e);
}

void sim_freq_record(struct sim_engine *e, enum sim_rec_kind kind,
		     const struct sim_job *j)
{
	struct sim_su_task *t;
	const struct rt_task *tk;
	rt_i128 lag, zl;
	enum rt_err err;

	if (kind != SIM_REC_RELEASE && kind != SIM_REC_COMPLETE &&
	    kind != SIM_REC_ABORT)
		return;
	t = &e->su->t[j->info.task];
	if (kind == SIM_REC_RELEASE) {
		if (sim_event_queued(&t->zl)) {
			sim_evq_cancel(&e->evq, &t->zl);
		} else if (!t->contending) {
			t->contending = true;
			e->su->bw += t->w;
			freq_eval(e);
		}
		return;
	}
	/* the task stays contending while another job of it is pending */
	if (j->trt->fifo.head != j || j->next)
		return;
	tk = j->trt->task;
	lag = (rt_i128)(tk->wcet - (j->info.demand - j->info.remaining)) *
	      tk->period / tk->wcet;
	zl = (rt_i128)j->info.abs_deadline - lag;
	if (zl <= e->now) {
		freq_drop(e, t);
		return;
	}
	if (zl >= e->cfg.horizon)
		return;         /* contending to the end */
	err = sim_evq_push(&e->evq, &t->zl, (rt_time)zl, SIM_RANK_REPLENISH);
	if (err)
		sim_fail(e, err, "cannot arm the 0-lag timer of task %" PRIu32,
			 j->info.task);
}

void sim_freq_zerolag(struct sim_engine *e, struct sim_event *ev)
{
	freq_drop(e, SIM_CONTAINER(ev, struct sim_su_task, zl));
}

void sim_freq_publish(struct sim_engine *e)
{
	for (unsigned c = 0; c < e->cfg.cpus; c++) {
		const struct sim_freq *q = &e->cfg.freq[c];
		const struct sim_cpu *cp = &e->cpu[c];
		rt_i128 en = 0;

		if (q->power) {
			/* within the bound sim_config_check proved */
			en = e->caps ? cp->ebusy :
			     (rt_i128)cp->busy * q->power[cp->lvl];
			en += (rt_i128)(e->now - cp->busy) * q->idle_power;
		}
		e->st.cpu[c].energy = (int64_t)en;
		e->st.cpu[c].freq_changes = cp->nchg;
	}
}
