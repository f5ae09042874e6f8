/* sched_check.c - see sched_check.h. */
#include "tests/sched_check.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sc_fail(struct sc_check *k, const char *what, const struct sim_rec *r)
{
	if (k->fails++)
		return;
	snprintf(k->why, sizeof(k->why), "%.120s at t=%" PRId64 " (%s task %"
		 PRIu32 " job %" PRIu64 " cpu %d value %" PRId64 ")", what,
		 r ? r->time : -1, r ? sim_rec_kind_name(r->kind) : "-",
		 r ? r->task : 0, r ? r->job : 0, r ? r->cpu : 0,
		 r ? r->value : 0);
}

#define CHECK(k, cond, r) do { if (!(cond)) sc_fail(k, #cond, r); } while (0)

/* The fp key of task i under order o (smaller runs first). */
static int64_t sc_fp_key(const struct rt_task *t, enum rt_fp_order o)
{
	return o == RT_FP_RATE_MONOTONIC ? t->period :
	       o == RT_FP_EXPLICIT ? t->priority : t->deadline;
}

void sc_init(struct sc_check *k, const struct sim_config *c,
	     const struct sc_opts *o)
{
	memset(k, 0, sizeof(*k));
	k->c = c;
	if (o)
		k->o = *o;
	k->order = !k->o.servers && (!strcmp(c->policy, "edf") ||
				     !strcmp(c->policy, "fp"));
	k->k = c->placement == SIM_PLACE_GLOBAL ? c->cpus :
	       c->placement == SIM_PLACE_PARTITIONED ? 1 : c->cluster_size;
	if (c->ntasks > SC_MAXT || c->cpus > SC_MAXCPU || !k->k ||
	    c->cpus % k->k)
		sc_fail(k, "test limit: set too large or bad clusters", NULL);
	/* FP ranks, by brute force: how many tasks precede i. */
	for (size_t i = 0; i < c->ntasks && i < SC_MAXT; i++)
		for (size_t j = 0; j < c->ntasks; j++) {
			int64_t a = sc_fp_key(&c->tasks[j], c->priorities);
			int64_t b = sc_fp_key(&c->tasks[i], c->priorities);

			k->t[i].rank += a < b || (a == b && j < i);
		}
}

static unsigned sc_cluster(const struct sc_check *k, size_t task)
{
	return k->c->cpus / k->k == 1 ? 0 : k->c->task_cluster[task];
}

/* Policy key of task i's head job (smaller is more urgent). */
static int64_t sc_key(const struct sc_check *k, size_t i)
{
	const struct sc_task *t = &k->t[i];

	return strcmp(k->c->policy, "fp") ? t->j[t->head].deadline : t->rank;
}

/* After the dispatch of instant k->last: per cluster, work conservation
 * and no waiting job strictly more urgent than a running one. */
static void sc_instant(struct sc_check *k)
{
	struct sim_rec at = { .time = k->last, .kind = SIM_REC_END, .cpu = -1 };

	if (!k->order)
		return;
	for (unsigned cl = 0; cl < k->c->cpus / k->k; cl++) {
		size_t heads = 0, running = 0, busy = 0;
		int64_t max_run = INT64_MIN, min_wait = INT64_MAX;

		for (size_t i = 0; i < k->c->ntasks; i++) {
			const struct sc_task *t = &k->t[i];

			if (sc_cluster(k, i) != cl || t->head >= t->n ||
			    t->j[t->head].suspended)
				continue;
			heads++;
			if (t->j[t->head].cpu >= 0) {
				running++;
				if (sc_key(k, i) > max_run)
					max_run = sc_key(k, i);
			} else if (sc_key(k, i) < min_wait) {
				min_wait = sc_key(k, i);
			}
		}
		for (unsigned c = cl * k->k; c < (cl + 1) * k->k; c++)
			busy += k->cpu[c].busy;
		CHECK(k, running == (heads < k->k ? heads : k->k), &at);
		CHECK(k, busy == running, &at);
		CHECK(k, max_run <= min_wait, &at);
	}
}

static struct sc_job *sc_job(struct sc_check *k, const struct sim_rec *r)
{
	struct sc_task *t;

	if (r->task >= k->c->ntasks) {
		sc_fail(k, "task index out of range", r);
		return NULL;
	}
	t = &k->t[r->task];
	if (r->job >= t->n) {
		sc_fail(k, "record for a job never released", r);
		return NULL;
	}
	return &t->j[r->job];
}

/* j stops running on r->cpu at r->time. */
static void sc_stop(struct sc_check *k, struct sc_job *j,
		    const struct sim_rec *r)
{
	int c = r->cpu;

	if (c < 0 || c >= (int)k->c->cpus || !k->cpu[c].busy ||
	    k->cpu[c].task != r->task || k->cpu[c].job != r->job ||
	    j->cpu != c) {
		sc_fail(k, "stop of a job not running there", r);
		return;
	}
	j->executed += r->time - k->cpu[c].since;
	k->busy[c] += r->time - k->cpu[c].since;
	k->cpu[c].busy = false;
	j->cpu = -1;
}

static void sc_done(struct sc_task *t, struct sc_job *j)
{
	j->done = true;
	while (t->head < t->n && t->j[t->head].done)
		t->head++;
}

static void sc_release(struct sc_check *k, const struct sim_rec *r)
{
	const struct sim_job_info *in = r->info;
	const struct rt_task *tk;
	struct sc_task *t;
	struct sc_job *j;

	if (r->task >= k->c->ntasks) {
		sc_fail(k, "task index out of range", r);
		return;
	}
	tk = &k->c->tasks[r->task];
	t = &k->t[r->task];
	if (!in || r->job != t->n) {
		sc_fail(k, "release without info or out of order", r);
		return;
	}
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 64;
		struct sc_job *v = realloc(t->j, cap * sizeof(*v));

		if (!v) {
			sc_fail(k, "test out of memory", r);
			return;
		}
		t->j = v;
		t->cap = cap;
	}
	j = &t->j[t->n++];
	j->arrival = in->arrival;
	j->release = in->release;
	j->deadline = in->abs_deadline;
	j->demand = in->demand;
	j->executed = 0;
	j->cpu = j->last_cpu = -1;
	j->done = j->unfinished = j->suspended = false;
	j->nsusp = 0;
	j->wake = 0;
	CHECK(k, in->release == r->time && r->time < k->c->horizon, r);
	CHECK(k, in->release - in->arrival >= 0, r);
	CHECK(k, in->release - in->arrival <= tk->jitter, r);
	CHECK(k, in->abs_deadline == in->arrival + tk->deadline, r);
	CHECK(k, r->value == in->abs_deadline, r);
	CHECK(k, t->n == 1 || in->release >= t->j[t->n - 2].release, r);
	CHECK(k, t->n == 1 || in->arrival - t->j[t->n - 2].arrival >=
	      (tk->arrival == RT_ARRIVAL_LIST ? 0 : tk->period), r);
}

/* The server of r's task, -1 if none. */
static int32_t sc_server(const struct sc_check *k, const struct sim_rec *r)
{
	int32_t sv;

	if (!k->o.servers || r->task >= k->c->ntasks)
		return -1;
	sv = k->o.task_server ? k->o.task_server[r->task] : (int32_t)r->task;
	return sv >= 0 && sv < SC_MAXSRV ? sv : -1;
}

/* A server record: only with servers; tracks throttling. */
static void sc_server_rec(struct sc_check *k, const struct sim_rec *r)
{
	int32_t sv = sc_server(k, r);

	if (!k->o.servers) {
		sc_fail(k, "server or admission record without servers", r);
		return;
	}
	if (r->kind == SIM_REC_THROTTLE && sv >= 0)
		k->throttled[sv] = true;
	else if (r->kind == SIM_REC_UNTHROTTLE && sv >= 0)
		k->throttled[sv] = false;
}

/* Number of points a job of t with this demand meets (after < demand). */
static uint32_t sc_points(const struct rt_task *t, rt_time demand)
{
	uint32_t n = 0;

	while (n < t->nsuspend && t->suspend[n].after < demand)
		n++;
	return n;
}

/* j leaves its CPU to suspend: the executed demand is the next point's
 * 'after' (points come in order and lie before the demand). */
static void sc_suspend(struct sc_check *k, struct sc_job *j,
		       const struct sim_rec *r)
{
	const struct rt_task *t = &k->c->tasks[r->task];

	sc_stop(k, j, r);
	CHECK(k, !j->suspended && j->nsusp < t->nsuspend, r);
	if (j->nsusp >= t->nsuspend)
		return;
	CHECK(k, j->executed == t->suspend[j->nsusp].after, r);
	CHECK(k, j->executed < j->demand, r);
	CHECK(k, r->value == t->suspend[j->nsusp].len, r);
	j->wake = r->time + t->suspend[j->nsusp].len;
	j->nsusp++;
	j->suspended = true;
}

static void sc_start(struct sc_check *k, struct sc_task *t, struct sc_job *j,
		     const struct sim_rec *r)
{
	const struct sim_job_info *in = r->info;
	int32_t sv = sc_server(k, r);

	if (r->cpu < 0 || r->cpu >= (int)k->c->cpus) {
		sc_fail(k, "start on a bad cpu", r);
		return;
	}
	CHECK(k, !k->cpu[r->cpu].busy, r);      /* CPU runs one job */
	CHECK(k, j->cpu < 0, r);                /* job on one CPU */
	CHECK(k, !j->suspended, r);
	CHECK(k, sv < 0 || !k->throttled[sv], r);  /* its server may run */
	CHECK(k, !j->done && r->job == t->head, r);  /* sequential */
	/* never outside the task's cluster (its CPU, partitioned) */
	CHECK(k, (unsigned)r->cpu / k->k == sc_cluster(k, r->task), r);
	CHECK(k, r->value == j->demand - j->executed, r);
	CHECK(k, r->value > 0 && r->value == in->remaining, r);
	CHECK(k, j->last_cpu < 0 || j->last_cpu == r->cpu ||
	      t->migrations > 0, r);            /* a MIGRATE came */
	k->cpu[r->cpu].busy = true;
	k->cpu[r->cpu].task = r->task;
	k->cpu[r->cpu].job = r->job;
	k->cpu[r->cpu].since = r->time;
	j->cpu = j->last_cpu = r->cpu;
}

enum rt_err sc_emit(void *ctx, const struct sim_rec *r)
{
	struct sc_check *k = ctx;
	const struct sim_job_info *in = r->info;
	struct sc_task *t;
	struct sc_job *j;

	k->records++;
	if (r->kind < SIM_REC__COUNT)
		k->count[r->kind]++;
	CHECK(k, !k->ended, r);
	CHECK(k, r->time >= k->last, r);
	if (r->time > k->last)
		sc_instant(k);
	k->last = r->time;
	if (r->kind == SIM_REC_END) {
		CHECK(k, r->time == k->c->horizon && !in, r);
		for (unsigned c = 0; c < k->c->cpus; c++)
			if (k->cpu[c].busy)
				k->busy[c] += r->time - k->cpu[c].since;
		k->ended = true;
		return RT_OK;
	}
	if (r->kind == SIM_REC_RELEASE) {
		sc_release(k, r);
		return RT_OK;
	}
	if (r->kind >= SIM_REC_BUDGET_EXHAUSTED &&
	    r->kind <= SIM_REC_LEAVE) {
		sc_server_rec(k, r);
		return RT_OK;
	}
	j = sc_job(k, r);
	if (!j)
		return RT_OK;
	t = &k->t[r->task];
	if (!in || in->task != r->task || in->job != r->job) {
		sc_fail(k, "record without matching info", r);
		return RT_OK;
	}
	switch (r->kind) {
	case SIM_REC_START:
		sc_start(k, t, j, r);
		break;
	case SIM_REC_MIGRATE:
		CHECK(k, k->c->placement != SIM_PLACE_PARTITIONED, r);
		CHECK(k, r->value == j->last_cpu && r->value != r->cpu, r);
		t->migrations++;
		break;
	case SIM_REC_PREEMPT:
		sc_stop(k, j, r);
		CHECK(k, r->value == j->demand - j->executed && r->value > 0, r);
		break;
	case SIM_REC_COMPLETE:
		sc_stop(k, j, r);
		CHECK(k, j->executed == j->demand, r);
		CHECK(k, in->finish == r->time && in->remaining == 0, r);
		CHECK(k, r->value == r->time - j->release, r);
		CHECK(k, !j->suspended, r);
		CHECK(k, j->nsusp == sc_points(&k->c->tasks[r->task], j->demand),
		      r);
		t->completed++;
		sc_done(t, j);
		break;
	case SIM_REC_ABORT:
		CHECK(k, k->c->on_miss == SIM_ON_MISS_ABORT, r);
		if (r->cpu >= 0)
			sc_stop(k, j, r);
		else
			CHECK(k, j->cpu < 0, r);
		CHECK(k, r->value == j->demand - j->executed, r);
		CHECK(k, r->time == (j->deadline > j->release ? j->deadline
				     : j->release), r);
		t->aborted++;
		sc_done(t, j);
		break;
	case SIM_REC_MISS:
		CHECK(k, r->time >= j->deadline, r);
		CHECK(k, r->value == r->time - j->deadline, r);
		CHECK(k, !j->done || in->finish == r->time ||
		      k->c->on_miss == SIM_ON_MISS_ABORT, r);
		t->missed++;
		k->misses++;
		if (r->value > t->max_tard)
			t->max_tard = r->value;
		if (r->value > k->max_tard)
			k->max_tard = r->value;
		break;
	case SIM_REC_SUSPEND:
		sc_suspend(k, j, r);
		break;
	case SIM_REC_RESUME:
		CHECK(k, j->suspended && r->time == j->wake && r->cpu < 0, r);
		CHECK(k, r->value == j->demand - j->executed, r);
		j->suspended = false;
		break;
	case SIM_REC_UNFINISHED:
		CHECK(k, r->time == k->c->horizon && !j->done, r);
		CHECK(k, !j->unfinished, r);
		j->unfinished = true;
		CHECK(k, r->cpu == j->cpu, r);
		CHECK(k, r->value == j->demand - j->executed -
		      (j->cpu >= 0 ? r->time - k->cpu[j->cpu].since : 0), r);
		break;
	default:
		sc_fail(k, "unexpected record kind", r);
	}
	return RT_OK;
}

void sc_stats(struct sc_check *k, const struct sim_stats *st)
{
	rt_time exec = 0, busy = 0;
	uint64_t jobs = 0, completed = 0;

	CHECK(k, k->ended, NULL);
	for (size_t i = 0; i < k->c->ntasks && i < SC_MAXT; i++) {
		const struct sc_task *t = &k->t[i];
		const struct sim_task_stats *ts = &st->tasks[i];

		for (size_t n = 0; n < t->n; n++)
			exec += t->j[n].executed +
				(t->j[n].cpu >= 0 ?
				 k->c->horizon - k->cpu[t->j[n].cpu].since : 0);
		for (size_t n = 0; n < t->n; n++)
			CHECK(k, t->j[n].done || t->j[n].unfinished ||
			      (t->j[n].executed == 0 && t->j[n].cpu < 0), NULL);
		jobs += t->n;
		completed += t->completed;
		CHECK(k, ts->released == t->n, NULL);
		CHECK(k, ts->completed == t->completed, NULL);
		CHECK(k, ts->missed == t->missed, NULL);
		CHECK(k, ts->aborted == t->aborted, NULL);
		CHECK(k, ts->max_tardiness == t->max_tard, NULL);
		CHECK(k, ts->migrations == t->migrations, NULL);
		CHECK(k, k->c->placement != SIM_PLACE_PARTITIONED ||
		      ts->migrations == 0, NULL);
	}
	for (unsigned c = 0; c < k->c->cpus && c < SC_MAXCPU; c++) {
		CHECK(k, st->cpu[c].busy == k->busy[c], NULL);
		busy += st->cpu[c].busy;
	}
	CHECK(k, busy == exec, NULL);
	CHECK(k, st->jobs == jobs && st->completed == completed, NULL);
	CHECK(k, st->misses == k->misses, NULL);
	CHECK(k, st->max_tardiness == k->max_tard, NULL);
	CHECK(k, st->has_first_miss == (k->misses > 0), NULL);
	CHECK(k, st->now == k->c->horizon, NULL);
}

int sc_run(struct sc_check *k, const struct sim_config *c,
	   const struct sc_opts *o)
{
	struct sim_sink sink = { SIM_MASK_ALL, sc_emit, k };
	struct sim_engine *e = NULL;
	struct rt_diag d = { "" };

	sc_init(k, c, o);
	if (k->fails)
		return k->fails;
	if (sim_engine_create(c, &e, &d) != RT_OK ||
	    sim_engine_add_sink(e, &sink) != RT_OK ||
	    sim_engine_run(e, &d) != RT_OK)
		sc_fail(k, d.msg, NULL);
	else
		sc_stats(k, sim_engine_stats(e));
	sim_engine_destroy(e);
	return k->fails;
}

void sc_free(struct sc_check *k)
{
	for (size_t i = 0; i < SC_MAXT; i++) {
		free(k->t[i].j);
		k->t[i].j = NULL;
	}
}
