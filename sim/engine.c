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

#define SIM_MAX_CPUS 65536u

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
}

void sim_emit_slow(struct sim_engine *e, enum sim_rec_kind kind, int cpu,
		   const struct sim_job *j, rt_time value)
{
	struct sim_rec r = {
		.time = e->now, .kind = kind, .cpu = cpu,
		.task = j ? j->info.task : 0, .job = j ? j->info.job : 0,
		.value = value, .info = j ? &j->info : NULL,
	};

	for (size_t i = 0; i < e->nsinks; i++) {
		const struct sim_sink *s = &e->sinks[i];
		enum rt_err err;

		if (!(s->mask & SIM_MASK(kind)))
			continue;
		err = s->emit(s->ctx, &r);
		if (err) {
			sim_fail(e, err, "sink %zu failed on a %s record at %"
				 PRId64, i, sim_rec_kind_name(kind), e->now);
			return;
		}
	}
}

void sim_stats_miss(struct sim_engine *e, const struct sim_job *j,
		    rt_time finish, rt_time tardiness)
{
	struct sim_task_stats *ts = &e->st.tasks[j->info.task];
	struct sim_miss *fm = &e->st.first_miss;

	ts->missed++;
	e->st.misses++;
	if (tardiness > ts->max_tardiness)
		ts->max_tardiness = tardiness;
	if (tardiness > e->st.max_tardiness)
		e->st.max_tardiness = tardiness;
	/* First miss: earliest deadline; ties: lower task, then earlier job. */
	if (e->st.has_first_miss) {
		if (j->info.abs_deadline > fm->deadline)
			return;
		if (j->info.abs_deadline == fm->deadline &&
		    (j->info.task > fm->task ||
		     (j->info.task == fm->task && j->info.job > fm->job)))
			return;
	}
	e->st.has_first_miss = true;
	fm->task = j->info.task;
	fm->job = j->info.job;
	fm->release = j->info.release;
	fm->deadline = j->info.abs_deadline;
	fm->finish = finish;
	fm->tardiness = tardiness;
}

/* CPUs per cluster for a uniform placement (cfg already checked). */
static unsigned eng_cluster_size(const struct sim_config *cfg)
{
	switch (cfg->placement) {
	case SIM_PLACE_PARTITIONED:
		return 1;
	case SIM_PLACE_CLUSTERED:
		return cfg->cluster_size;
	case SIM_PLACE_GLOBAL:
	case SIM_PLACE_CPUSETS:
		break;
	}
	return cfg->cpus;
}

static unsigned eng_nclusters(const struct sim_config *cfg)
{
	if (cfg->placement == SIM_PLACE_CPUSETS)
		return cfg->nsets;
	return cfg->cpus / eng_cluster_size(cfg);
}

/* cpusets: every CPU in a set, every set non-empty.  O(cpus). */
static enum rt_err eng_check_cpusets(const struct sim_config *cfg,
				     struct rt_diag *d)
{
	unsigned *n;
	unsigned empty = UINT_MAX;

	if (cfg->nsets < 1 || cfg->nsets > cfg->cpus || !cfg->cpu_set)
		return rt_diagf(d, RT_ERR_INVAL, "cpusets: %u sets for %u CPUs "
				"(expected 1..%u sets and the set of every CPU)",
				cfg->nsets, cfg->cpus, cfg->cpus);
	for (unsigned c = 0; c < cfg->cpus; c++)
		if (cfg->cpu_set[c] >= cfg->nsets)
			return rt_diagf(d, RT_ERR_INVAL, "cpusets: CPU %u in set "
					"%u, out of range (%u sets)", c,
					cfg->cpu_set[c], cfg->nsets);
	n = rt_calloc(cfg->nsets, sizeof(*n));
	if (!n)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory for the engine");
	for (unsigned c = 0; c < cfg->cpus; c++)
		n[cfg->cpu_set[c]]++;
	for (unsigned set = 0; set < cfg->nsets && empty == UINT_MAX; set++)
		if (!n[set])
			empty = set;
	rt_free(n);
	if (empty != UINT_MAX)
		return rt_diagf(d, RT_ERR_INVAL, "cpusets: set %u has no CPU",
				empty);
	return RT_OK;
}

static enum rt_err eng_check_placement(const struct sim_config *cfg,
				       struct rt_diag *d)
{
	unsigned nclusters;
	enum rt_err err;
	const char *what;

	switch (cfg->placement) {
	case SIM_PLACE_GLOBAL:
		return RT_OK;
	case SIM_PLACE_CLUSTERED:
		if (cfg->cluster_size < 1 || cfg->cluster_size > cfg->cpus ||
		    cfg->cpus % cfg->cluster_size != 0)
			return rt_diagf(d, RT_ERR_INVAL, "cluster_size %u does not "
					"divide %u CPUs into clusters",
					cfg->cluster_size, cfg->cpus);
		break;
	case SIM_PLACE_CPUSETS:
		if ((err = eng_check_cpusets(cfg, d)))
			return err;
		break;
	case SIM_PLACE_PARTITIONED:
		break;
	default:
		return rt_diagf(d, RT_ERR_INVAL, "placement: unknown value %d",
				(int)cfg->placement);
	}
	nclusters = eng_nclusters(cfg);
	if (nclusters == 1 || cfg->ntasks == 0)
		return RT_OK;
	what = cfg->placement == SIM_PLACE_PARTITIONED ? "CPU" :
	       cfg->placement == SIM_PLACE_CPUSETS ? "cpuset" : "cluster";
	if (!cfg->task_cluster)
		return rt_diagf(d, RT_ERR_INVAL, "%s placement needs the %s of "
				"every task (task_cluster)",
				cfg->placement == SIM_PLACE_PARTITIONED ?
				"partitioned" : cfg->placement ==
				SIM_PLACE_CPUSETS ? "cpusets" : "clustered",
				what);
	for (size_t i = 0; i < cfg->ntasks; i++)
		if (cfg->task_cluster[i] >= nclusters)
			return rt_diagf(d, RT_ERR_INVAL, "task %s: %s %u out of "
					"range (%u %ss)", cfg->tasks[i].name ?
					cfg->tasks[i].name : "?", what,
					cfg->task_cluster[i], nclusters, what);
	return RT_OK;
}

/* The CPU lists of the clusters (cl_cpus, cl_first): a counting sort of
 * the CPUs by cluster, O(cpus + clusters). */
static enum rt_err eng_clusters_init(struct sim_engine *e)
{
	const struct sim_config *cfg = &e->cfg;
	unsigned n = eng_nclusters(cfg), k = eng_cluster_size(cfg);
	bool sets = cfg->placement == SIM_PLACE_CPUSETS;

	e->nclusters = n;
	e->cl_cpus = rt_calloc(cfg->cpus, sizeof(*e->cl_cpus));
	e->cl_first = rt_calloc((size_t)n + 1, sizeof(*e->cl_first));
	if (!e->cl_cpus || !e->cl_first)
		return RT_ERR_NOMEM;
	/* cl_first[c + 1] counts cluster c, then the prefix sums make
	 * cl_first[c + 1] the end of c; filling moves each start up */
	for (unsigned cpu = 0; cpu < cfg->cpus; cpu++)
		e->cl_first[(sets ? cfg->cpu_set[cpu] : cpu / k) + 1]++;
	for (unsigned c = 0; c < n; c++)
		e->cl_first[c + 1] += e->cl_first[c];
	for (unsigned cpu = 0; cpu < cfg->cpus; cpu++)
		e->cl_cpus[e->cl_first[sets ? cfg->cpu_set[cpu] : cpu / k]++] =
			cpu;
	for (unsigned c = n; c > 0; c--)        /* back to the starts */
		e->cl_first[c] = e->cl_first[c - 1];
	e->cl_first[0] = 0;
	assert(e->cl_first[n] == cfg->cpus);
	return RT_OK;
}

/* Servers, their tasks, arrive_at/leave_at. */
static enum rt_err eng_check_servers(const struct sim_config *cfg,
				     const struct sim_policy_ops *ops,
				     struct rt_diag *d)
{
	if (cfg->nservers && !cfg->servers)
		return rt_diagf(d, RT_ERR_INVAL, "%zu servers but no server "
				"array", cfg->nservers);
	if (cfg->placement != SIM_PLACE_GLOBAL &&
	    !(ops->flags & SIM_POLICY_CLUSTERS))
		return rt_diagf(d, RT_ERR_INVAL, "policy %s runs one global "
				"runqueue; partitioned, clustered or cpuset "
				"placement needs another policy", ops->name);
	if ((cfg->nservers || cfg->task_server) &&
	    !(ops->flags & SIM_POLICY_SERVERS))
		return rt_diagf(d, RT_ERR_INVAL, "policy %s does not run "
				"servers; use policy cbs (EDF over jobs and "
				"servers)", ops->name);
	for (size_t i = 0; i < cfg->nservers; i++) {
		enum rt_err err = rt_server_check(&cfg->servers[i], d);

		if (err)
			return err;
	}
	for (size_t i = 0; i < cfg->ntasks; i++) {
		const char *n = cfg->tasks[i].name ? cfg->tasks[i].name : "?";

		if (cfg->task_server && (cfg->task_server[i] < -1 ||
		    cfg->task_server[i] >= (int64_t)cfg->nservers))
			return rt_diagf(d, RT_ERR_INVAL, "task %s: server %"
					PRId32 " does not exist", n,
					cfg->task_server[i]);
		if (cfg->arrive_at && (cfg->arrive_at[i] < 0 ||
				       cfg->arrive_at[i] > RT_TIME_MAX))
			return rt_diagf(d, RT_ERR_INVAL, "task %s: arrive_at "
					"must be >= 0", n);
		if (cfg->leave_at && cfg->leave_at[i] < 0)
			return rt_diagf(d, RT_ERR_INVAL, "task %s: leave_at "
					"must be >= 0", n);
	}
	return RT_OK;
}

static enum rt_err eng_check(const struct sim_config *cfg,
			     const struct sim_policy_ops **ops,
			     struct rt_diag *d)
{
	enum rt_err err;

	if (!cfg)
		return rt_diagf(d, RT_ERR_INVAL, "no simulation configuration");
	if (cfg->ntasks && !cfg->tasks)
		return rt_diagf(d, RT_ERR_INVAL, "%zu tasks but no task array",
				cfg->ntasks);
	if (cfg->ntasks > UINT32_MAX)
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "%zu tasks: at most %"
				PRIu32 " are supported", cfg->ntasks,
				UINT32_MAX);
	if (cfg->cpus < 1 || cfg->cpus > SIM_MAX_CPUS)
		return rt_diagf(d, RT_ERR_INVAL, "cpus must be in 1..%u, not %u",
				SIM_MAX_CPUS, cfg->cpus);
	if (cfg->horizon <= 0 || cfg->horizon > RT_TIME_MAX)
		return rt_diagf(d, RT_ERR_INVAL, "horizon must be in 1..%" PRId64
				", not %" PRId64, (int64_t)RT_TIME_MAX,
				cfg->horizon);
	if (cfg->on_miss != SIM_ON_MISS_CONTINUE &&
	    cfg->on_miss != SIM_ON_MISS_ABORT)
		return rt_diagf(d, RT_ERR_INVAL, "on_miss: unknown value %d",
				(int)cfg->on_miss);
	if (cfg->tie_break != SIM_TIE_TASK_ORDER &&
	    cfg->tie_break != SIM_TIE_FIFO)
		return rt_diagf(d, RT_ERR_INVAL, "tie_break: unknown value %d",
				(int)cfg->tie_break);
	if ((unsigned)cfg->priorities >= RT_FP__COUNT)
		return rt_diagf(d, RT_ERR_INVAL, "priorities: unknown value %d",
				(int)cfg->priorities);
	err = eng_check_placement(cfg, d);
	if (err)
		return err;
	*ops = sim_policy_find(cfg->policy);
	if (!*ops) {
		const struct sim_policy_ops *p;
		char known[128] = "";

		for (size_t i = 0; (p = sim_policy_at(i)) != NULL; i++) {
			size_t len = strlen(known);

			snprintf(known + len, sizeof(known) - len, "%s%s",
				 i ? ", " : "", p->name);
		}
		return rt_diagf(d, RT_ERR_INVAL, "unknown policy '%s' "
				"(known: %s)", cfg->policy ? cfg->policy : "",
				known);
	}
	if (!(*ops)->init || !(*ops)->fini || !(*ops)->enqueue ||
	    !(*ops)->dequeue || !(*ops)->schedule)
		return rt_diagf(d, RT_ERR_INVAL, "policy %s lacks a required "
				"hook", (*ops)->name);
	for (size_t i = 0; i < cfg->ntasks; i++) {
		err = rt_task_check(&cfg->tasks[i], d);
		if (err)
			return err;
	}
	if (cfg->admission != SIM_ADMISSION_NONE &&
	    (!((*ops)->flags & SIM_POLICY_ADMISSION) || !(*ops)->analysed_as))
		return rt_diagf(d, RT_ERR_INVAL, "policy %s has its own "
				"admission; it takes no admission test or mode",
				(*ops)->name);
	return eng_check_servers(cfg, *ops, d);
}

void sim_engine_destroy(struct sim_engine *e)
{
	if (!e)
		return;
	sim_admit_fini(e);
	if (e->ops && e->pstate)
		e->ops->fini(e->pstate);
	sim_evq_fini(&e->evq);
	sim_evq_fini(&e->cq);
	sim_job_pool_fini(&e->pool);
	rt_free(e->trt);
	rt_free(e->cpu);
	rt_free(e->dirty);
	rt_free(e->cl_cpus);
	rt_free(e->cl_first);
	rt_free(e->sinks);
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
}

enum rt_err sim_engine_create(const struct sim_config *cfg,
			      struct sim_engine **out, struct rt_diag *d)
{
	const struct sim_policy_ops *ops = NULL;
	struct sim_engine *e;
	size_t n, m;
	enum rt_err err;

	rt_diag_clear(d);
	err = eng_check(cfg, &ops, d);
	if (err)
		return err;
	n = cfg->ntasks;
	m = cfg->cpus;
	e = rt_calloc(1, sizeof(*e));
	if (!e)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory for the engine");
	e->cfg = *cfg;
	e->cfg.policy = ops->name;      /* the caller's string is not kept */
	sim_evq_init(&e->evq);
	sim_evq_init(&e->cq);
	sim_job_pool_init(&e->pool);
	sim_event_init(&e->horizon, SIM_EV_HORIZON);
	e->trt = rt_calloc(n, sizeof(*e->trt));
	e->cpu = rt_calloc(m, sizeof(*e->cpu));
	e->dirty = rt_calloc(m, sizeof(*e->dirty));
	e->st.tasks = rt_calloc(n, sizeof(*e->st.tasks));
	e->st.cpu = rt_calloc(m, sizeof(*e->st.cpu));
	if (!e->trt || !e->cpu || !e->dirty || !e->st.tasks || !e->st.cpu ||
	    eng_clusters_init(e) != RT_OK)
		goto nomem;
	/* Releases, joins and the horizon; completions: no growth without
	 * timers. */
	if (sim_evq_reserve(&e->evq, 2 * n + 1) != RT_OK ||
	    sim_evq_reserve(&e->cq, m) != RT_OK)
		goto nomem;
	e->st.horizon = cfg->horizon;
	e->st.ntasks = n;
	e->st.ncpus = m;
	err = ops->init(e, &e->pstate, d);
	if (err)
		goto fail;
	e->ops = ops;
	err = sim_admit_init(e, d);
	if (err)
		goto fail;
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

enum rt_err sim_engine_add_sink(struct sim_engine *e, const struct sim_sink *s)
{
	struct sim_sink *v;

	if (!s || !s->emit || e->ran || e->st.events)
		return RT_ERR_INVAL;
	v = rt_reallocarray(e->sinks, e->nsinks + 1, sizeof(*v));
	if (!v)
		return RT_ERR_NOMEM;
	e->sinks = v;
	v[e->nsinks] = *s;
	v[e->nsinks].mask &= SIM_MASK_ALL;
	e->want |= v[e->nsinks].mask;
	e->nsinks++;
	return RT_OK;
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

enum rt_err sim_engine_run_until(struct sim_engine *e, rt_time pause,
				 bool *finished, struct rt_diag *d)
{
	rt_diag_clear(d);
	*finished = false;
	if (e->ran)
		return rt_diagf(d, RT_ERR_INVAL, "the engine has already run");
	while (!e->err) {
		/* evq holds the horizon event until the end: never empty. */
		struct sim_evq *q = sim_evq_size(&e->cq) && sim_evq_peek_time(&e->cq) <=
				    sim_evq_peek_time(&e->evq) ? &e->cq : &e->evq;
		struct sim_event *ev = sim_evq_peek(q);
		rt_time t = sim_evq_peek_time(q);

		if (t != e->now) {
			/* Every event at 'now' is handled: decide, once. */
			if (e->resched) {
				sim_dispatch(e);
				continue;
			}
			if ((t >= pause && t != RT_TIME_NEVER) ||
			    (e->stop && *e->stop)) {
				e->st.now = e->now;
				return RT_OK;    /* paused: 'now' fully decided */
			}
			e->now = t;
		}
		e->st.events++;
		/* An if-chain, most frequent first: cheaper to predict than a
		 * jump table when releases and completions alternate. */
		if (ev->kind == SIM_EV_RELEASE) {
			sim_release_fire(e, SIM_CONTAINER(ev, struct sim_task_rt,
							  rel));
		} else if (ev->kind == SIM_EV_COMPLETE) {
			sim_on_complete(e, SIM_CONTAINER(ev, struct sim_job,
							 done));
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
			err = sim_pol_timer(e, ev);
			if (err)
				sim_fail(e, err, "policy %s: timer failed",
					 e->ops->name);
		} else {
			assert(ev->kind == SIM_EV_HORIZON);
			sim_evq_cancel(&e->evq, ev);
			eng_finish(e);
			e->st.now = e->now;
			e->ran = true;
			*finished = true;
			return e->err ? rt_diagf(d, e->err, "%s", e->diag.msg)
				      : RT_OK;
		}
	}
	e->st.now = e->now;
	e->ran = true;
	return rt_diagf(d, e->err, "%s", e->diag.msg);
}

void sim_engine_set_stop(struct sim_engine *e,
			 const volatile sig_atomic_t *flag)
{
	e->stop = flag;
}

const struct sim_stats *sim_engine_stats(const struct sim_engine *e)
{
	return &e->st;
}
