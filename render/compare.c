/* compare.c - trace reconstruction and trace-vs-simulation comparison
 * (compare.h). */
#include "render/compare.h"

#include <stdlib.h>
#include <string.h>

#include "models/mem.h"
#include "render/ftrace.h"
#include "render/ftrace_read.h"

/* The trace's resolution in a scenario of physical time (ns): trace-cmd
 * prints microseconds. */
#define CMP_RES_NS 1000

struct tstate {
	int pid;                        /* -1: not matched yet */
	bool awake, running, active;
	unsigned sleeps;                /* sleeps in the active job */
	int64_t exec;                   /* ns executed by the active job */
	int64_t run_since;              /* ns */
	int cpu;
	struct render_cmp_job *jobs;    /* times in ns until rebased */
	size_t njobs, cap;
};

static bool grow(void **p, size_t *cap, size_t n, size_t size)
{
	size_t nc;
	void *np;

	if (n < *cap)
		return true;
	nc = *cap ? *cap * 2 : 16;
	np = rt_reallocarray(*p, nc, size);
	if (!np)
		return false;
	*p = np;
	*cap = nc;
	return true;
}

bool render_cmp_comm_matches(const char *comm, const char *name)
{
	char c[RENDER_FTRACE_COMM_MAX + 1];
	size_t n;

	render_ftrace_comm(name, c);
	if (!strcmp(comm, c))
		return true;
	/* rt-app names a thread NAME-<index> (cut to 15 bytes: a 14-byte
	 * NAME keeps only the '-') */
	n = strlen(c);
	if (strncmp(comm, c, n) || comm[n] != '-')
		return false;
	if (!comm[n + 1])
		return n + 1 == RENDER_FTRACE_COMM_MAX;
	for (const char *p = comm + n + 1; *p; p++)
		if (*p < '0' || *p > '9')
			return false;
	return true;
}

/* Sleeps that end job k of t: one per suspension point met, plus one. */
static unsigned sleeps_needed(const struct rt_task *t, size_t k)
{
	rt_time e = t->exec == RT_EXEC_LIST ? t->exec_values[k % t->nexec_values] :
		    t->exec == RT_EXEC_UNIFORM ? t->exec_max : t->wcet;
	unsigned m = 0;

	for (size_t j = 0; j < t->nsuspend; j++)
		if (t->suspend[j].after < e)
			m++;
	return m + 1;
}

struct cmp_ctx {
	const struct render_cmp_input *s;
	struct render_cmp *c;
	struct tstate *ts;
	size_t runs_cap;
	bool nomem;
};

static int64_t find_task(struct cmp_ctx *x, const char *comm, int pid)
{
	for (size_t i = 0; i < x->s->ntasks; i++)
		if (x->ts[i].pid == pid)
			return (int64_t)i;
	for (size_t i = 0; i < x->s->ntasks; i++)
		if (x->ts[i].pid < 0 && render_cmp_comm_matches(comm, x->s->tasks[i].name)) {
			x->ts[i].pid = pid;
			return (int64_t)i;
		}
	return -1;
}

static void new_job(struct cmp_ctx *x, size_t i, int64_t ns)
{
	struct tstate *t = &x->ts[i];

	if (!grow((void **)&t->jobs, &t->cap, t->njobs, sizeof(*t->jobs))) {
		x->nomem = true;
		return;
	}
	t->jobs[t->njobs++] = (struct render_cmp_job){
		.release = ns, .obs_start = RT_TIME_NEVER,
		.obs_finish = RT_TIME_NEVER, .sim_start = RT_TIME_NEVER,
		.sim_finish = RT_TIME_NEVER,
	};
	t->active = true;
	t->sleeps = 0;
	t->exec = 0;
}

static void add_run(struct cmp_ctx *x, size_t i, int cpu, int64_t from,
		    int64_t to)
{
	struct render_cmp *c = x->c;
	struct tstate *t = &x->ts[i];

	if (!t->njobs || to <= from)
		return;
	if (!grow((void **)&c->obs_runs, &x->runs_cap, c->nobs_runs,
		  sizeof(*c->obs_runs))) {
		x->nomem = true;
		return;
	}
	c->obs_runs[c->nobs_runs++] = (struct render_cmp_run){
		.task = (uint32_t)i, .job = t->njobs - 1, .cpu = cpu,
		.from = from, .to = to,
	};
}

/* Demand of job k of task i in ns (the scenario's model; uniform: max). */
static int64_t demand_ns(const struct cmp_ctx *x, size_t i, size_t k)
{
	const struct rt_task *t = &x->s->tasks[i];
	rt_time e = t->exec == RT_EXEC_LIST ? t->exec_values[k % t->nexec_values] :
		    t->exec == RT_EXEC_UNIFORM ? t->exec_max : t->wcet;

	return x->s->ticks ? e * 1000 : e;
}

/* The release after job n of task k (released at rel, in ns) in a trace
 * that shows no boundary between them: one period on for a periodic task,
 * the next listed instant's distance on for a listed one (0 for two
 * releases listed at one instant: one wake-up, two jobs).  false when
 * the scenario does not say (sporadic; past the list; past int64). */
static bool cmp_next_release(const struct rt_task *k, size_t n, int64_t rel,
			     int64_t unit, int64_t *next)
{
	int64_t gap;

	if (k->arrival == RT_ARRIVAL_PERIODIC)
		gap = k->period;
	else if (k->arrival == RT_ARRIVAL_LIST && n + 1 < k->nreleases)
		gap = k->releases[n + 1] - k->releases[n];
	else
		return false;
	return !__builtin_mul_overflow(gap, unit, &gap) &&
	       !__builtin_add_overflow(rel, gap, next);
}

/* Task i ran [from, to).  A task that never sleeps between two jobs (the
 * next one was already released: it overran, or two releases were listed
 * at one instant) shows no boundary in a trace; infer it for a periodic
 * or listed task: once the job has met all its suspension points (slept
 * once per point), it ends when its demand has run, if by then the
 * scenario's next release had come (cmp_next_release), and the next job
 * goes on at once.  With a physical unit the run's ends are rounded to
 * 1 us: a run within 1 us of the demand left that ends without a sleep
 * ends the job there (tol; 0 with ticks). */
static void ran(struct cmp_ctx *x, size_t i, int cpu, int64_t from, int64_t to,
		bool sleeps)
{
	struct tstate *t = &x->ts[i];
	const struct rt_task *k = &x->s->tasks[i];
	int64_t unit = x->s->ticks ? 1000 : 1;

	while (t->active &&
	       t->sleeps + 1 >= sleeps_needed(k, t->njobs - 1) && to > from) {
		struct render_cmp_job *j = &t->jobs[t->njobs - 1];
		int64_t left = demand_ns(x, i, t->njobs - 1) - t->exec;
		int64_t next;
		int64_t tol = x->s->ticks ? 0 : CMP_RES_NS;
		bool inside, edge;

		if (!cmp_next_release(k, t->njobs - 1, j->release, unit,
				      &next))
			break;
		/* the run lengths are rounded (up to 1 us each): a job whose
		 * rounded runs add up to within 1 us over its demand is done */
		if (left < 0 && left >= -tol)
			left = 0;
		/* done inside the run, or at its end without sleeping (within
		 * the resolution: the run's ends are rounded) */
		inside = to - from > left + tol;
		edge = !inside && to - from >= left - tol && !sleeps;
		if (left < 0 || !(inside || edge) || next > from + left + tol)
			break;
		if (edge)
			left = to - from;
		add_run(x, i, cpu, from, from + left);
		j->obs_finish = from + left;
		x->c->inferred++;
		from += left;
		new_job(x, i, next);
		if (x->nomem)
			return;
		if (inside)
			t->jobs[t->njobs - 1].obs_start = from;
	}
	if (t->active)
		t->exec += to - from;
	add_run(x, i, cpu, from, to);
}

static void on_event(struct cmp_ctx *x, const struct render_ft_event *ev)
{
	int64_t i, j;

	x->c->events++;
	if (ev->kind != RENDER_FT_SWITCH) {
		i = find_task(x, ev->comm, ev->pid);
		if (i < 0)
			return;
		x->c->used++;
		if (!x->ts[i].awake) {
			x->ts[i].awake = true;
			if (!x->ts[i].active)
				new_job(x, (size_t)i, ev->ns);
		}
		return;
	}
	i = find_task(x, ev->comm, ev->pid);
	j = find_task(x, ev->next_comm, ev->next_pid);
	if (i >= 0 || j >= 0)
		x->c->used++;
	if (i >= 0 && x->ts[i].running) {
		struct tstate *t = &x->ts[i];

		t->running = false;
		ran(x, (size_t)i, t->cpu, t->run_since, ev->ns,
		    ev->state[0] != 'R');
		if (ev->state[0] != 'R') {
			t->awake = false;
			if (t->active && ++t->sleeps >= sleeps_needed(
				    &x->s->tasks[i], t->njobs - 1)) {
				t->jobs[t->njobs - 1].obs_finish = ev->ns;
				t->active = false;
			}
		}
	}
	i = j;
	if (i >= 0) {
		struct tstate *t = &x->ts[i];

		if (!t->awake && !t->active)
			new_job(x, (size_t)i, ev->ns);  /* no wake-up seen */
		t->awake = t->running = true;
		t->run_since = ev->ns;
		t->cpu = (int)ev->cpu;
		if (t->active && t->jobs[t->njobs - 1].obs_start == RT_TIME_NEVER)
			t->jobs[t->njobs - 1].obs_start = ev->ns;
	}
}

/* ---- the simulation ------------------------------------------------------ */

struct render_cmp_sim {
	struct render_cmp *c;
	struct render_cmp_run *open;    /* per CPU; task UINT32_MAX: none */
	unsigned cpus;
	size_t cap;
	bool nomem;
};

static void sim_close(struct render_cmp_sim *x, unsigned cpu, rt_time t)
{
	struct render_cmp_run *r = &x->open[cpu];

	if (r->task == UINT32_MAX)
		return;
	r->to = t;
	if (r->to > r->from) {
		if (!grow((void **)&x->c->sim_runs, &x->cap, x->c->nsim_runs,
			  sizeof(*x->c->sim_runs)))
			x->nomem = true;
		else
			x->c->sim_runs[x->c->nsim_runs++] = *r;
	}
	r->task = UINT32_MAX;
}

static enum rt_err sim_emit(void *ctx, const struct sim_rec *r)
{
	struct render_cmp_sim *x = ctx;
	struct render_cmp_task *t;
	bool cpu_ok = r->cpu >= 0 && (unsigned)r->cpu < x->cpus;

	if (r->kind == SIM_REC_END) {
		for (unsigned i = 0; i < x->cpus; i++)
			sim_close(x, i, r->time);
		return x->nomem ? RT_ERR_NOMEM : RT_OK;
	}
	if (r->task >= x->c->ntasks)
		return RT_OK;
	t = &x->c->tasks[r->task];
	switch (r->kind) {
	case SIM_REC_START:
		if (cpu_ok) {
			sim_close(x, (unsigned)r->cpu, r->time);
			x->open[r->cpu] = (struct render_cmp_run){
				.task = r->task, .job = r->job, .cpu = r->cpu,
				.from = r->time,
			};
		}
		if (r->job < t->njobs && t->jobs[r->job].sim_start == RT_TIME_NEVER)
			t->jobs[r->job].sim_start = r->time;
		break;
	case SIM_REC_PREEMPT:
	case SIM_REC_SUSPEND:
		if (cpu_ok)
			sim_close(x, (unsigned)r->cpu, r->time);
		break;
	case SIM_REC_COMPLETE:
		if (cpu_ok)
			sim_close(x, (unsigned)r->cpu, r->time);
		if (r->job < t->njobs)
			t->jobs[r->job].sim_finish = r->time;
		break;
	case SIM_REC_ABORT:
		/* on_miss: abort - the job ends there; a trace shows the task
		 * going to sleep at that instant */
		for (unsigned i = 0; i < x->cpus; i++)
			if (x->open[i].task == r->task && x->open[i].job == r->job)
				sim_close(x, i, r->time);
		if (r->job < t->njobs)
			t->jobs[r->job].sim_finish = r->time;
		break;
	default:
		break;
	}
	return x->nomem ? RT_ERR_NOMEM : RT_OK;
}

/* The scenario's own release of t nearest to the scenario instant x
 * (offset + kT, or a listed one); RT_TIME_NEVER when it has none
 * (sporadic, jitter, T below 2 us: two candidates within the window). */
static rt_time cmp_nominal(const struct rt_task *t, rt_time x)
{
	rt_time best = RT_TIME_NEVER, k, lo;

	if (t->jitter)
		return RT_TIME_NEVER;
	if (t->arrival == RT_ARRIVAL_PERIODIC) {
		if (t->period < 2 * CMP_RES_NS)
			return RT_TIME_NEVER;
		if (x < t->offset)
			return t->offset;
		k = (x - t->offset) / t->period;
		lo = t->offset + k * t->period;         /* <= x, no overflow */
		return x - lo <= t->period / 2 || lo > RT_TIME_MAX - t->period ?
		       lo : lo + t->period;
	}
	for (size_t i = 0; t->arrival == RT_ARRIVAL_LIST && i < t->nreleases;
	     i++) {
		rt_time r = t->releases[i];

		if (best == RT_TIME_NEVER ||
		    (r > x ? r - x : x - r) < (best > x ? best - x : x - best))
			best = r;
	}
	return best;
}

/* The scenario instant of the rebased 0: the earliest first release of
 * the tasks seen (the first release of the trace is one of theirs). */
static rt_time cmp_shift(const struct render_cmp *c)
{
	rt_time sh = RT_TIME_NEVER;

	for (size_t i = 0; i < c->ntasks; i++) {
		const struct rt_task *t = &c->in.tasks[i];
		rt_time f = t->arrival == RT_ARRIVAL_LIST ?
			    (t->nreleases ? t->releases[0] : RT_TIME_NEVER) :
			    t->offset;

		if (c->tasks[i].njobs && f != RT_TIME_NEVER &&
		    (sh == RT_TIME_NEVER || f < sh))
			sh = f;
	}
	return sh;
}

/*
 * The release the simulation uses for an observed (rounded, rebased) one
 * r: the scenario's own release when it lies within the trace's
 * resolution of r.  The trace rounds every instant to the microsecond,
 * the rebased 0 included, so r and the true instant differ by less than
 * 1 us (two roundings of at most 500 ns each); a release that close to
 * the scenario's is indistinguishable from it in the trace, and taking
 * the rounded one instead would feed the simulation releases up to 1 us
 * early or late (a SCHED_DEADLINE task woken 400 ns before its period
 * throttles, and the schedules part by milliseconds).  Never below prev
 * (the list stays non-decreasing).  sh: cmp_shift(c); *hit: a scenario
 * release was taken.  With ticks (resolution 0) r itself.
 */
static rt_time cmp_snap(const struct render_cmp *c, rt_time sh,
			const struct rt_task *t, rt_time r, rt_time prev,
			bool *hit)
{
	rt_time n, x;

	*hit = false;
	if (!c->resolution || sh == RT_TIME_NEVER || r > RT_TIME_MAX - sh)
		return r;
	x = r + sh;
	n = cmp_nominal(t, x);
	if (n == RT_TIME_NEVER || (n > x ? n - x : x - n) >= CMP_RES_NS ||
	    n - sh < prev)
		return r;
	*hit = true;
	return n - sh;
}

rt_time render_cmp_horizon(const struct render_cmp *c)
{
	return c->end + c->resolution > 0 ? c->end + c->resolution : 1;
}

enum rt_err render_cmp_sim_tasks(struct render_cmp *c,
				 const struct rt_task **out, struct rt_diag *d)
{
	const struct render_cmp_input *s = &c->in;
	rt_time sh = cmp_shift(c);

	if (!c->sim_tasks) {
		c->sim_tasks = rt_calloc(s->ntasks ? s->ntasks : 1,
					 sizeof(*c->sim_tasks));
		c->sim_rel = rt_calloc(s->ntasks ? s->ntasks : 1,
				       sizeof(*c->sim_rel));
		if (!c->sim_tasks || !c->sim_rel)
			return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
		for (size_t i = 0; i < s->ntasks; i++) {
			const struct render_cmp_task *ct = &c->tasks[i];
			struct rt_task *t = &c->sim_tasks[i];

			c->sim_rel[i] = rt_calloc(ct->njobs ? ct->njobs : 1,
						  sizeof(**c->sim_rel));
			if (!c->sim_rel[i])
				return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
			for (size_t k = 0; k < ct->njobs; k++) {
				bool hit;

				c->sim_rel[i][k] = cmp_snap(c, sh, &s->tasks[i],
					ct->jobs[k].release,
					k ? c->sim_rel[i][k - 1] : 0, &hit);
				c->rounded += c->resolution && !hit;
			}
			*t = s->tasks[i];
			t->arrival = RT_ARRIVAL_LIST;
			t->releases = c->sim_rel[i];
			t->nreleases = ct->njobs;
			t->offset = t->jitter = t->max_delay = 0;
		}
	}
	*out = c->sim_tasks;
	return RT_OK;
}

struct sim_sink render_cmp_sim_sink(struct render_cmp *c)
{
	struct sim_sink sink = {
		.mask = SIM_MASK(SIM_REC_START) | SIM_MASK(SIM_REC_PREEMPT) |
			SIM_MASK(SIM_REC_SUSPEND) | SIM_MASK(SIM_REC_COMPLETE) |
			SIM_MASK(SIM_REC_ABORT) | SIM_MASK(SIM_REC_END),
		.emit = sim_emit, .ctx = c->sim,
	};

	return sink;
}

/* ---- statistics ------------------------------------------------------------ */

static int cmp_time(const void *a, const void *b)
{
	rt_time x = *(const rt_time *)a, y = *(const rt_time *)b;

	return (x > y) - (x < y);
}

/* min, median (lower), max of the finished responses; counts, misses */
static enum rt_err stats(const struct render_cmp *c, const struct rt_task *t,
			 struct render_cmp_task *ct, bool sim)
{
	rt_time *r = rt_calloc(ct->njobs ? ct->njobs : 1, sizeof(*r));
	size_t n = 0;
	uint64_t miss = 0;

	if (!r)
		return RT_ERR_NOMEM;
	for (size_t k = 0; k < ct->njobs; k++) {
		const struct render_cmp_job *j = &ct->jobs[k];
		rt_time f = sim ? j->sim_finish : j->obs_finish;
		rt_time dl = j->release + t->deadline;

		if (f != RT_TIME_NEVER)
			r[n++] = f - j->release;
		if ((f != RT_TIME_NEVER && f > dl) ||
		    (f == RT_TIME_NEVER && c->end > dl))
			miss++;
	}
	qsort(r, n, sizeof(*r), cmp_time);
	if (sim) {
		ct->sim_done = n;
		ct->sim_miss = miss;
		ct->sim_min = n ? r[0] : RT_TIME_NEVER;
		ct->sim_med = n ? r[(n - 1) / 2] : RT_TIME_NEVER;
		ct->sim_max = n ? r[n - 1] : RT_TIME_NEVER;
	} else {
		ct->obs_done = n;
		ct->obs_miss = miss;
		ct->obs_min = n ? r[0] : RT_TIME_NEVER;
		ct->obs_med = n ? r[(n - 1) / 2] : RT_TIME_NEVER;
		ct->obs_max = n ? r[n - 1] : RT_TIME_NEVER;
	}
	rt_free(r);
	return RT_OK;
}

static void divergence(struct render_cmp *c)
{
	for (size_t i = 0; i < c->ntasks; i++) {
		struct render_cmp_task *ct = &c->tasks[i];
		bool seen = false;

		for (size_t k = 0; k < ct->njobs; k++) {
			const struct render_cmp_job *j = &ct->jobs[k];
			bool fo = j->obs_finish != RT_TIME_NEVER;
			bool fs = j->sim_finish != RT_TIME_NEVER;
			rt_time of = fo ? j->obs_finish : c->end;
			rt_time sf = fs ? j->sim_finish : c->end;
			rt_time dv = of > sf ? of - sf : sf - of;

			if (dv <= c->resolution && (fo == fs || c->resolution))
				continue;       /* within the trace's resolution */
			/* among equal divergences: the earliest release,
			 * then the lowest task index (i, scenario order),
			 * then the lowest job index (k); both loops increase
			 * and only a strictly better one replaces */
			if (!seen || dv > ct->max_div) {
				seen = true;
				ct->max_div = dv;
				ct->max_div_job = k;
			}
			if (!c->diverged || dv > c->div ||
			    (dv == c->div && j->release <
			     c->tasks[c->div_task].jobs[c->div_job].release)) {
				c->diverged = true;
				c->div = dv;
				c->div_task = i;
				c->div_job = k;
			}
		}
	}
}

enum rt_err render_cmp_read(FILE *f, const char *name,
			    const struct render_cmp_input *in,
			    struct render_cmp **out, struct rt_diag *d)
{
	struct render_ft_reader *rd = NULL;
	struct render_ft_event ev;
	struct cmp_ctx x = { .s = in };
	const struct render_cmp_input *s = in;
	struct render_cmp *c;
	int64_t origin = INT64_MAX, last = INT64_MIN, div;
	enum rt_err rc;
	bool eof = false;

	rt_diag_clear(d);
	c = rt_calloc(1, sizeof(*c));
	x.ts = rt_calloc(s->ntasks ? s->ntasks : 1, sizeof(*x.ts));
	if (c) {
		c->in = *in;
		c->tasks = rt_calloc(s->ntasks ? s->ntasks : 1, sizeof(*c->tasks));
		c->sim = rt_calloc(1, sizeof(*c->sim));
		if (c->sim) {
			c->sim->c = c;
			c->sim->cpus = s->cpus;
			c->sim->open = rt_calloc(s->cpus ? s->cpus : 1,
						 sizeof(*c->sim->open));
		}
	}
	if (!c || !x.ts || !c->tasks || !c->sim || !c->sim->open) {
		rc = rt_diagf(d, RT_ERR_NOMEM, "out of memory");
		goto fail;
	}
	c->ntasks = s->ntasks;
	x.c = c;
	for (size_t i = 0; i < s->ntasks; i++)
		x.ts[i].pid = -1;
	rc = render_ft_open(f, name, &rd, d);
	while (rc == RT_OK && !x.nomem) {
		rc = render_ft_next(rd, &ev, &eof, d);
		if (rc != RT_OK || eof)
			break;
		if (ev.ns < last) {
			rc = rt_diagf(d, RT_ERR_PARSE, "%s:%lu: time goes backwards "
				      "(a trace-cmd report is in time order)",
				      name, ev.line);
			break;
		}
		last = ev.ns;
		on_event(&x, &ev);
	}
	render_ft_close(rd);
	for (size_t i = 0; rc == RT_OK && i < s->ntasks; i++)
		if (x.ts[i].running)
			ran(&x, i, x.ts[i].cpu, x.ts[i].run_since, last, false);
	if (rc == RT_OK && x.nomem)
		rc = rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	if (rc != RT_OK)
		goto fail;
	if (c->used == 0) {
		rc = rt_diagf(d, RT_ERR_PARSE, "%s: no sched_switch or sched_wakeup "
			      "of the scenario's tasks (matched by comm: the task "
			      "name, or rt-app's NAME-<n>)", name);
		goto fail;
	}
	/* rebase: the first release is 0; tick scenarios: 1 us = 1 tick */
	for (size_t i = 0; i < s->ntasks; i++)
		if (x.ts[i].njobs && x.ts[i].jobs[0].release < origin)
			origin = x.ts[i].jobs[0].release;
	if (origin == INT64_MAX)
		origin = 0;
	div = s->ticks ? 1000 : 1;
	c->origin_ns = origin;
	/* trace-cmd rounds to the microsecond: with ns scenarios a finish may
	 * differ by up to 1 us from the exact simulated one */
	c->resolution = s->ticks ? 0 : CMP_RES_NS;
	c->end = (last - origin) / div;
	for (size_t i = 0; i < s->ntasks; i++) {
		struct render_cmp_task *ct = &c->tasks[i];

		ct->jobs = x.ts[i].jobs;
		ct->njobs = x.ts[i].njobs;
		ct->pid = x.ts[i].pid;
		x.ts[i].jobs = NULL;
		for (size_t k = 0; k < ct->njobs; k++) {
			struct render_cmp_job *j = &ct->jobs[k];

			j->release = (j->release - origin) / div;
			if (j->obs_start != RT_TIME_NEVER)
				j->obs_start = (j->obs_start - origin) / div;
			if (j->obs_finish != RT_TIME_NEVER)
				j->obs_finish = (j->obs_finish - origin) / div;
		}
	}
	for (size_t k = 0; k < c->nobs_runs; k++) {
		c->obs_runs[k].from = (c->obs_runs[k].from - origin) / div;
		c->obs_runs[k].to = (c->obs_runs[k].to - origin) / div;
	}
	for (unsigned i = 0; i < s->cpus; i++)
		c->sim->open[i].task = UINT32_MAX;
	for (size_t i = 0; i < s->ntasks; i++)
		rt_free(x.ts[i].jobs);
	rt_free(x.ts);
	*out = c;
	return RT_OK;
fail:
	for (size_t i = 0; x.ts && i < s->ntasks; i++)
		rt_free(x.ts[i].jobs);
	rt_free(x.ts);
	render_cmp_free(c);
	return rc;
}

enum rt_err render_cmp_finish(struct render_cmp *c, struct rt_diag *d)
{
	enum rt_err rc = RT_OK;

	if (c->sim->nomem)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	for (size_t i = 0; rc == RT_OK && i < c->ntasks; i++) {
		rc = stats(c, &c->in.tasks[i], &c->tasks[i], false);
		if (rc == RT_OK)
			rc = stats(c, &c->in.tasks[i], &c->tasks[i], true);
	}
	if (rc != RT_OK)
		return rt_diagf(d, rc, "out of memory");
	divergence(c);
	return RT_OK;
}

void render_cmp_free(struct render_cmp *c)
{
	if (!c)
		return;
	for (size_t i = 0; c->sim_rel && i < c->in.ntasks; i++)
		rt_free(c->sim_rel[i]);
	rt_free(c->sim_rel);
	rt_free(c->sim_tasks);
	if (c->sim)
		rt_free(c->sim->open);
	rt_free(c->sim);
	for (size_t i = 0; c->tasks && i < c->ntasks; i++)
		rt_free(c->tasks[i].jobs);
	rt_free(c->tasks);
	rt_free(c->obs_runs);
	rt_free(c->sim_runs);
	rt_free(c);
}
