/* engine.c - building, running and tearing down a simulation (docs/design.md §3).
 *
 * The loop (sim/README.md has it as pseudocode): take the earliest event
 * (time, rank, seq) from the two queues (predicted completions live in
 * their own small queue 'cq', every other event in 'evq'; completions
 * have the lowest rank, so "cq first on equal times" is the exact
 * order); if its time is later than 'now' and a reschedule is pending,
 * dispatch once for 'now' first (which may arm earlier completions, so
 * look again); otherwise advance 'now' and handle the event.  Handlers
 * only change state and mark the reschedule.  The horizon event (rank
 * HORIZON, the last at H) ends the run: completions at H have been
 * handled, releases at H never exist.
 *
 * Memory: evq holds one release event per task, one deadline timer per
 * pending job (on_miss: abort), policy timers and the horizon; cq at most
 * one completion per CPU; jobs come from a pool sized by the peak number
 * of pending jobs.  Nothing grows with the horizon.
 */
#include "sim/engine.h"

#include <assert.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "models/mem.h"
#include "models/rng.h"
#include "sim/internal.h"

void sim_fail(struct sim_engine *e, enum rt_err err, const char *fmt, ...)
{
	va_list ap;

	if (e->err)
		return;
	e->err = err;
	va_start(ap, fmt);
	vsnprintf(e->diag.msg, sizeof(e->diag.msg), fmt, ap);
	va_end(ap);
	e->want = 0;            /* no records after a failure */
	e->fan_one = 0;
}

void sim_engine_destroy(struct sim_engine *e)
{
	if (!e)
		return;
	sim_admit_fini(e);
	sim_res_fini(e);
	if (e->ops && e->pstate)
		e->ops->fini(e->pstate);
	sim_evq_fini(&e->evq);
	sim_evq_fini(&e->cq);
	sim_freq_fini(e);       /* its events are off the queue now */
	sim_job_pool_fini(&e->pool);
	rt_free(e->trt);
	rt_free(e->cpu);
	rt_free(e->dirty);
	rt_free(e->cl_cpus);
	rt_free(e->cl_first);
	rt_free(e->sinks);
	rt_free(e->sink_jobs);
	rt_free(e->fan);
	rt_free(e->st.tasks);
	rt_free(e->st.cpu);
	rt_free(e->st.servers);
	rt_free(e);
}

static void eng_task_init(struct sim_engine *e, size_t i)
{
	struct sim_task_rt *t = &e->trt[i];
	uint64_t seed = e->cfg.seed;

	t->task = &e->cfg.tasks[i];
	t->idx = (uint32_t)i;
	e->st.tasks[i].tardiness_bound = RT_TIME_NEVER;
	sim_event_init(&t->rel, SIM_EV_RELEASE);
	sim_fifo_init(&t->fifo);
	rt_rng_seed(&t->rng_arrival,
		    rt_rng_derive(seed, i, SIM_STREAM_ARRIVAL));
	rt_rng_seed(&t->rng_jitter, rt_rng_derive(seed, i, SIM_STREAM_JITTER));
	rt_rng_seed(&t->rng_exec, rt_rng_derive(seed, i, SIM_STREAM_EXEC));
	sim_event_init(&t->join, SIM_EV_JOIN);
	t->base = e->cfg.arrive_at ? e->cfg.arrive_at[i] : 0;
	t->leave = e->cfg.leave_at ? e->cfg.leave_at[i] : RT_TIME_NEVER;
	t->until = t->leave < e->cfg.horizon ? t->leave : e->cfg.horizon;
	t->plain = t->task->arrival == RT_ARRIVAL_PERIODIC &&
		   t->task->jitter == 0;
	e->susp = e->susp || t->task->nsuspend > 0;
}

enum rt_err sim_engine_create(const struct sim_config *cfg,
			      struct sim_engine **out, struct rt_diag *d)
{
	const struct sim_policy_ops *ops = NULL;
	struct sim_engine *e;
	size_t n, m;
	enum rt_err err;

	rt_diag_clear(d);
	err = sim_config_check(cfg, &ops, d);
	if (err)
		return err;
	n = cfg->ntasks;
	m = cfg->cpus;
	e = rt_calloc(1, sizeof(*e));
	if (!e)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory for the engine");
	e->cfg = *cfg;
	e->cfg.policy = ops->name;      /* the caller's string is not kept */
	e->stats = !cfg->totals_only;
	e->meter_left = UINT64_MAX;     /* no meter */
	sim_evq_init(&e->evq);
	sim_evq_init(&e->cq);
	sim_job_pool_init(&e->pool, SIM_EV_COMPLETE, SIM_EV_DEADLINE,
			  SIM_EV_WAKEUP);
	sim_event_init(&e->horizon, SIM_EV_HORIZON);
	e->trt = rt_calloc(n, sizeof(*e->trt));
	e->cpu = rt_calloc(m, sizeof(*e->cpu));
	e->dirty = rt_calloc(m, sizeof(*e->dirty));
	e->st.tasks = rt_calloc(n, sizeof(*e->st.tasks));
	e->st.cpu = rt_calloc(m, sizeof(*e->st.cpu));
	if (!e->trt || !e->cpu || !e->dirty || !e->st.tasks || !e->st.cpu ||
	    sim_config_clusters(e) != RT_OK)
		goto nomem;
	/* Releases, joins and the horizon; completions: no growth without
	 * timers. */
	if (sim_evq_reserve(&e->evq, 2 * n + 2) != RT_OK ||
	    sim_evq_reserve(&e->cq, m) != RT_OK)
		goto nomem;
	e->den = SIM_CAP_SCALE;
	for (size_t c = 0; c < m; c++) {
		e->cpu[c].cap = cfg->capacity ? cfg->capacity[c] : SIM_CAP_SCALE;
		e->cpu[c].num = e->cpu[c].cap;
		e->caps = e->caps || e->cpu[c].cap != SIM_CAP_SCALE;
	}
	if (cfg->freq && (err = sim_freq_init(e, d)) != RT_OK)
		goto fail;
	e->st.horizon = cfg->horizon;
	e->st.ntasks = n;
	e->st.ncpus = m;
	e->st.first_deadlock = RT_TIME_NEVER;
	e->ops = ops;           /* its flags, for the resources */
	err = sim_res_init(e, d);
	if (err)
		goto fail;
	err = ops->init(e, &e->pstate, d);
	if (err)
		goto fail;
	e->ops = ops;
	err = sim_admit_init(e, d);
	if (!err)
		err = sim_guarantee_init(e, d);
	if (!err)
		err = sim_ovh_init(e, d);
	if (err)
		goto fail;
	e->slow = e->caps || e->ovh;
	for (size_t i = 0; i < n && !err; i++) {
		eng_task_init(e, i);
		/* With admission or arrive/leave times every task joins at
		 * its arrive_at (rank TASK); otherwise it simply starts. */
		if (ops->admit || e->adm || cfg->arrive_at || cfg->leave_at)
			err = sim_evq_push(&e->evq, &e->trt[i].join,
					   e->trt[i].base, SIM_RANK_TASK);
		else
			err = sim_release_first(e, &e->trt[i]);
	}
	if (!err)
		err = sim_evq_push(&e->evq, &e->horizon, cfg->horizon,
				   SIM_RANK_HORIZON);
	if (err) {
		rt_diagf(d, err, "cannot queue the first events");
		goto fail;
	}
	*out = e;
	return RT_OK;
nomem:
	err = rt_diagf(d, RT_ERR_NOMEM, "out of memory for the engine");
fail:
	sim_engine_destroy(e);  /* fini()s the policy only if init succeeded */
	return err;
}
/* The horizon: account running jobs up to H, report every pending job
 * (task order, then job order): MISS if d <= H (tardiness H - d, a lower
 * bound), UNFINISHED always; then END. */
static void eng_finish(struct sim_engine *e)
{
	rt_time h = e->now;
	enum rt_err err;

	for (unsigned c = 0; c < e->cfg.cpus; c++)
		if (e->cpu[c].curr)
			sim_account(e, e->cpu[c].curr);
	err = sim_pol_end(e);
	if (err)
		sim_fail(e, err, "policy %s: end failed", e->ops->name);
	sim_admit_end(e);
	for (size_t i = 0; i < e->cfg.ntasks; i++) {
		for (struct sim_job *j = e->trt[i].fifo.head; j; j = j->next) {
			if (j->info.abs_deadline <= h) {
				sim_stats_miss(e, j, RT_TIME_NEVER,
					       h - j->info.abs_deadline);
				sim_emit(e, SIM_REC_MISS, j->run_cpu, j,
					 h - j->info.abs_deadline);
			}
			sim_emit(e, SIM_REC_UNFINISHED, j->run_cpu, j,
				 j->info.remaining);
		}
	}
	sim_emit(e, SIM_REC_END, -1, NULL, 0);
}

enum rt_err sim_engine_run(struct sim_engine *e, struct rt_diag *d)
{
	bool finished;

	return sim_engine_run_until(e, RT_TIME_NEVER, &finished, d);
}

/* The time of the next event and whether it is cq's (*complete): the
 * earlier of the two queues' tops, the completion on equal times (rank
 * COMPLETE comes first).  evq holds the horizon event (at H <=
 * RT_TIME_MAX) until the end, so it is never empty and an empty cq
 * (RT_TIME_NEVER) never wins; both have room reserved. */
static inline __attribute__((always_inline)) rt_time
eng_next(struct sim_engine *e, bool *complete)
{
	rt_time t = sim_evq_next_time(&e->evq);
	rt_time tc = sim_evq_next_time(&e->cq);

	*complete = tc <= t;
	return tc <= t ? tc : t;
}

/*
 * The zero-length loop guard.  Time only moves forward, so a run ends
 * unless handlers keep queuing work at the same instant: a policy timer
 * armed at now that arms another at now, a dispatch that asks for
 * another, forever.  The rules are built so that this cannot happen (each
 * timer at now changes the state it fires on: sim/server_rules.c); the
 * guard turns a bug that would hang into an error that names the instant.
 * The policy timers of one instant are counted, and the dispatches whose
 * schedule() asked for another dispatch (the only way a dispatch can
 * follow a dispatch with no event between: sim/dispatch.c), from the
 * first at that instant (sim_spin, internal.h); a legitimate instant
 * needs a few per server, task and CPU, the limit is far above that.
 * Releases, completions and deadlines are not counted: each belongs to a
 * job and fires once.  Counting every dispatch, with a reset each time
 * the clock moved, cost edf-uni-10 18 instructions a job (2.7 %); this
 * costs it nothing measurable (callgrind, 10^6 jobs).
 */
#define ENG_SPIN_BASE 4096
#define ENG_SPIN_EACH 64

static uint64_t eng_spin_max(const struct sim_engine *e)
{
	return ENG_SPIN_BASE + ENG_SPIN_EACH * ((uint64_t)e->cfg.ntasks +
						e->cfg.nservers + e->cfg.cpus);
}

void sim_spin_fail(struct sim_engine *e, const char *what)
{
	sim_fail(e, RT_ERR_INVAL, "policy %s: no progress at time %" PRId64
		 ": more than %" PRIu64 " policy timers and dispatches at "
		 "this one instant, the last a %s (a zero-length event loop: "
		 "a bug in the policy; please report it with the scenario)",
		 e->ops->name, e->now, e->spin_max, what);
}

/* The event loop until 'pause' (see sim_engine_run_until); 'rec' (a
 * constant): e->lean == SIM_LEAN_REC, whose handlers it calls directly
 * (the other modes' choice is made inside sim_dispatch and the others,
 * one test each). */
static inline __attribute__((always_inline)) enum rt_err
eng_loop(struct sim_engine *e, rt_time pause, bool *finished,
	 struct rt_diag *d, const volatile sig_atomic_t *stop, bool rec)
{
	uint64_t events = 0;            /* counted here, published at return */

	while (!e->err) {
		struct sim_event *ev;
		bool complete;
		rt_time t = eng_next(e, &complete);

		if (t != e->now) {
			/* Every event at 'now' is handled: decide, once. */
			if (e->resched) {
				if (rec)
					sim_dispatch_rec(e);
				else
					sim_dispatch(e);
				continue;
			}
			if (t >= pause || *stop) {
				sim_stats_publish(e, events);
				return RT_OK;    /* paused: 'now' fully decided */
			}
			if (e->res)
				sim_res_advance(e, t);
			e->now = t;
		}
		events++;
		if (complete) {         /* cq holds completions only */
			struct sim_job *j;

			ev = sim_evq_event(&e->cq.h.node[0]);
			assert(ev->kind == SIM_EV_COMPLETE);
			j = SIM_CONTAINER(ev, struct sim_job, done);
			if (rec)
				sim_on_complete_rec(e, j);
			else
				sim_on_complete(e, j);
			continue;
		}
		ev = sim_evq_event(&e->evq.h.node[0]);
		/* An if-chain, most frequent first: cheaper to predict than a
		 * jump table. */
		if (ev->kind == SIM_EV_RELEASE) {
			struct sim_task_rt *rt = SIM_CONTAINER(ev,
						struct sim_task_rt, rel);

			if (rec)
				sim_release_fire_rec(e, rt);
			else
				sim_release_fire(e, rt);
		} else if (ev->kind == SIM_EV_DEADLINE) {
			sim_on_deadline(e, SIM_CONTAINER(ev, struct sim_job,
							 timer));
		} else if (ev->kind == SIM_EV_WAKEUP) {
			sim_on_wakeup(e, SIM_CONTAINER(ev, struct sim_job, wake));
		} else if (ev->kind == SIM_EV_JOIN) {
			struct sim_task_rt *jt = SIM_CONTAINER(ev,
						struct sim_task_rt, join);

			sim_evq_cancel(&e->evq, ev);
			sim_task_join(e, jt);
		} else if (ev->kind == SIM_EV_POLICY) {
			enum rt_err err;

			sim_evq_cancel(&e->evq, ev);
			if (sim_spin(e, "policy timer"))
				break;
			err = sim_pol_timer(e, ev);
			if (err)
				sim_fail(e, err, "policy %s: timer failed",
					 e->ops->name);
		} else if (ev->kind == SIM_EV_TICK) {
			sim_ovh_tick(e);
		} else if (ev->kind == SIM_EV_ZEROLAG) {
			sim_evq_cancel(&e->evq, ev);
			if (sim_spin(e, "0-lag timer"))
				break;
			sim_freq_zerolag(e, ev);
		} else {
			assert(ev->kind == SIM_EV_HORIZON);
			sim_evq_cancel(&e->evq, ev);
			eng_finish(e);
			sim_stats_publish(e, events);
			e->ran = true;
			*finished = true;
			return e->err ? rt_diagf(d, e->err, "%s", e->diag.msg)
				      : RT_OK;
		}
	}
	sim_stats_publish(e, events);
	e->ran = true;
	return rt_diagf(d, e->err, "%s", e->diag.msg);
}

/* The loop of a traced one-CPU run, out of line. */
static __attribute__((noinline)) enum rt_err
eng_loop_rec(struct sim_engine *e, rt_time pause, bool *finished,
	     struct rt_diag *d, const volatile sig_atomic_t *stop)
{
	return eng_loop(e, pause, finished, d, stop, true);
}

enum rt_err sim_engine_run_until(struct sim_engine *e, rt_time pause,
				 bool *finished, struct rt_diag *d)
{
	static const volatile sig_atomic_t no_stop;
	const volatile sig_atomic_t *stop = e->stop ? e->stop : &no_stop;

	rt_diag_clear(d);
	*finished = false;
	if (e->ran)
		return rt_diagf(d, RT_ERR_INVAL, "the engine has already run");
	e->started = true;
	e->spin_max = eng_spin_max(e);
	e->spin_at = RT_TIME_NEVER;
	/* The handlers' copies for the common case (internal.h): nothing
	 * it excludes changes during a run (sinks are added before it,
	 * and a failure only clears e->want). */
	e->lean = e->cfg.cpus != 1 || e->res || e->slow || e->caps ||
		  e->susp || e->su || e->ovh || e->ops->update_curr ?
		  SIM_LEAN_OFF : e->want & SIM_LEAN_UNWANTED ? SIM_LEAN_REC :
		  SIM_LEAN_QUIET;
	if (e->lean == SIM_LEAN_REC)
		return eng_loop_rec(e, pause, finished, d, stop);
	return eng_loop(e, pause, finished, d, stop, false);
}

void sim_engine_set_max_memory(struct sim_engine *e, uint64_t bytes)
{
	uint64_t jobs = bytes / sizeof(struct sim_job);

	e->max_memory = bytes;
	e->pool.max = !bytes ? 0 : !jobs ? 1 :
		      jobs > SIZE_MAX ? SIZE_MAX : (size_t)jobs;
}

void sim_engine_set_stop(struct sim_engine *e,
			 const volatile sig_atomic_t *flag)
{
	e->stop = flag;
}
