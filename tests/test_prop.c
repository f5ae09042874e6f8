/* test_prop.c - property tests of the engine on seeded random task sets
 * (each failure prints the seed of its set).
 *
 * A checking sink replays the records and verifies, at every record and
 * at every instant:
 *   - no CPU runs two jobs and no job runs on two CPUs;
 *   - a job starts only when its predecessor of the same task is done
 *     (sequentiality) and only after its release;
 *   - record values agree with the replayed state (remaining demand,
 *     response, tardiness), executed time == demand at completion;
 *   - after each instant's dispatch: the number of running jobs is
 *     min(cpus, tasks with a pending job) (work conservation; on 1 CPU,
 *     the CPU is never idle while a job is pending) and no waiting job has
 *     an earlier deadline than a running one (EDF; global EDF on m CPUs);
 *   - CPU busy time == executed demand, and the statistics equal what the
 *     records add up to.
 * Every allocation of create + run may fail and must then be reported.
 * And on synchronous periodic sets with U <= 1 simulated over [0, L_b):
 * the simulation misses iff dbf(t) > t for some deadline t < L_b, and its
 * maximum tardiness is max(0, max dbf(t) - t) (THEORY A.6, D.3), computed
 * here by brute force.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/mem.h"
#include "models/rng.h"
#include "models/task.h"
#include "sim/engine.h"
#include "tests/suites.h"

#define MAXT 6
#define MAXCPU 4
#define NSETS 1200

struct pjob {
	rt_time arrival, release, deadline, demand;
	rt_time executed;               /* replayed from START..stop */
	int cpu;                        /* running on, -1 if not */
	int last_cpu;                   /* -1 if never ran */
	int done;                       /* completed or aborted */
};

struct ptask {
	struct pjob *j;
	size_t n, cap;
	size_t head;                    /* first job not done */
	uint64_t completed, missed, aborted, preempt_or_mig;
	rt_time max_tard;
};

struct checker {
	const struct sim_config *c;
	uint64_t seed;
	struct ptask t[MAXT];
	struct {
		int busy;
		uint32_t task;
		uint64_t job;
		rt_time since;
	} cpu[MAXCPU];
	rt_time busy[MAXCPU];
	rt_time last;                   /* time of the previous record */
	rt_time max_tard;
	uint64_t misses, records;
	int ended;
	int fails;
	char why[200];
};

static void chk_fail(struct checker *k, const char *what, const struct sim_rec *r)
{
	if (k->fails++)
		return;
	snprintf(k->why, sizeof(k->why), "%.120s at t=%" PRId64 " (%s task %"
		 PRIu32 " job %" PRIu64 " cpu %d value %" PRId64 ")", what,
		 r ? r->time : -1, r ? sim_rec_kind_name(r->kind) : "-",
		 r ? r->task : 0, r ? r->job : 0, r ? r->cpu : 0,
		 r ? r->value : 0);
}

#define CHECK(k, cond, r) do { if (!(cond)) chk_fail(k, #cond, r); } while (0)

/* State after the dispatch of instant k->last. */
static void chk_instant(struct checker *k)
{
	size_t heads = 0, running = 0;
	rt_time max_run = INT64_MIN, min_wait = INT64_MAX;
	struct sim_rec at = { .time = k->last, .kind = SIM_REC_END, .cpu = -1 };

	for (size_t i = 0; i < k->c->ntasks; i++) {
		struct ptask *t = &k->t[i];
		struct pjob *h;

		if (t->head >= t->n)
			continue;
		heads++;
		h = &t->j[t->head];
		if (h->cpu >= 0) {
			if (h->deadline > max_run)
				max_run = h->deadline;
		} else if (h->deadline < min_wait) {
			min_wait = h->deadline;
		}
	}
	for (unsigned c = 0; c < k->c->cpus; c++)
		running += (size_t)k->cpu[c].busy;
	CHECK(k, running == (heads < k->c->cpus ? heads : k->c->cpus), &at);
	CHECK(k, max_run <= min_wait, &at);
}

static struct pjob *chk_job(struct checker *k, const struct sim_rec *r)
{
	struct ptask *t;

	if (r->task >= k->c->ntasks) {
		chk_fail(k, "task index out of range", r);
		return NULL;
	}
	t = &k->t[r->task];
	if (r->job >= t->n) {
		chk_fail(k, "record for a job never released", r);
		return NULL;
	}
	return &t->j[r->job];
}

/* j stops running on r->cpu at r->time. */
static void chk_stop(struct checker *k, struct pjob *j, const struct sim_rec *r)
{
	int c = r->cpu;

	if (c < 0 || c >= (int)k->c->cpus || !k->cpu[c].busy ||
	    k->cpu[c].task != r->task || k->cpu[c].job != r->job ||
	    j->cpu != c) {
		chk_fail(k, "stop of a job not running there", r);
		return;
	}
	j->executed += r->time - k->cpu[c].since;
	k->busy[c] += r->time - k->cpu[c].since;
	k->cpu[c].busy = 0;
	j->cpu = -1;
}

static void chk_done(struct ptask *t, struct pjob *j)
{
	j->done = 1;
	while (t->head < t->n && t->j[t->head].done)
		t->head++;
}

static enum rt_err chk_emit(void *ctx, const struct sim_rec *r)
{
	struct checker *k = ctx;
	const struct sim_job_info *in = r->info;
	struct ptask *t;
	struct pjob *j;

	k->records++;
	CHECK(k, !k->ended, r);
	CHECK(k, r->time >= k->last, r);
	if (r->time > k->last)
		chk_instant(k);
	k->last = r->time;
	if (r->kind == SIM_REC_END) {
		CHECK(k, r->time == k->c->horizon && !in, r);
		for (unsigned c = 0; c < k->c->cpus; c++)
			if (k->cpu[c].busy)
				k->busy[c] += r->time - k->cpu[c].since;
		k->ended = 1;
		return RT_OK;
	}
	if (r->kind == SIM_REC_RELEASE) {
		const struct rt_task *tk = &k->c->tasks[r->task];

		t = &k->t[r->task];
		CHECK(k, r->job == t->n && in, r);
		if (t->n == t->cap) {
			size_t cap = t->cap ? t->cap * 2 : 64;
			struct pjob *v = realloc(t->j, cap * sizeof(*v));

			if (!v) {
				chk_fail(k, "test out of memory", r);
				return RT_OK;
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
		j->done = 0;
		CHECK(k, in->release == r->time && r->time < k->c->horizon, r);
		CHECK(k, in->release - in->arrival >= 0, r);
		CHECK(k, in->release - in->arrival <= tk->jitter, r);
		CHECK(k, in->abs_deadline == in->arrival + tk->deadline, r);
		CHECK(k, r->value == in->abs_deadline, r);
		CHECK(k, t->n == 1 || in->release >= t->j[t->n - 2].release, r);
		CHECK(k, t->n == 1 || in->arrival - t->j[t->n - 2].arrival >=
		      (tk->arrival == RT_ARRIVAL_LIST ? 0 : tk->period), r);
		return RT_OK;
	}
	j = chk_job(k, r);
	if (!j)
		return RT_OK;
	t = &k->t[r->task];
	CHECK(k, in && in->task == r->task && in->job == r->job, r);
	switch (r->kind) {
	case SIM_REC_START:
		if (r->cpu < 0 || r->cpu >= (int)k->c->cpus) {
			chk_fail(k, "start on a bad cpu", r);
			break;
		}
		CHECK(k, !k->cpu[r->cpu].busy, r);      /* CPU runs one job */
		CHECK(k, j->cpu < 0, r);                /* job on one CPU */
		CHECK(k, !j->done && r->job == t->head, r);  /* sequential */
		CHECK(k, r->value == j->demand - j->executed, r);
		CHECK(k, r->value > 0 && r->value == in->remaining, r);
		k->cpu[r->cpu].busy = 1;
		k->cpu[r->cpu].task = r->task;
		k->cpu[r->cpu].job = r->job;
		k->cpu[r->cpu].since = r->time;
		if (j->last_cpu >= 0 && j->last_cpu != r->cpu)
			CHECK(k, t->preempt_or_mig > 0, r);  /* MIGRATE came */
		j->cpu = j->last_cpu = r->cpu;
		break;
	case SIM_REC_MIGRATE:
		CHECK(k, r->value == j->last_cpu && r->value != r->cpu, r);
		t->preempt_or_mig++;
		break;
	case SIM_REC_PREEMPT:
		chk_stop(k, j, r);
		CHECK(k, r->value == j->demand - j->executed && r->value > 0, r);
		break;
	case SIM_REC_COMPLETE:
		chk_stop(k, j, r);
		CHECK(k, j->executed == j->demand, r);
		CHECK(k, in->finish == r->time && in->remaining == 0, r);
		CHECK(k, r->value == r->time - j->release, r);
		t->completed++;
		chk_done(t, j);
		break;
	case SIM_REC_ABORT:
		CHECK(k, k->c->on_miss == SIM_ON_MISS_ABORT, r);
		if (r->cpu >= 0)
			chk_stop(k, j, r);
		else
			CHECK(k, j->cpu < 0, r);
		CHECK(k, r->value == j->demand - j->executed, r);
		CHECK(k, r->time == (j->deadline > j->release ? j->deadline
				     : j->release), r);
		t->aborted++;
		chk_done(t, j);
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
	case SIM_REC_UNFINISHED:
		CHECK(k, r->time == k->c->horizon && !j->done, r);
		CHECK(k, r->cpu == j->cpu, r);
		CHECK(k, r->value == j->demand - j->executed -
		      (j->cpu >= 0 ? r->time - k->cpu[j->cpu].since : 0), r);
		break;
	default:
		chk_fail(k, "unexpected record kind", r);
	}
	return RT_OK;
}

static void chk_free(struct checker *k)
{
	for (size_t i = 0; i < MAXT; i++)
		free(k->t[i].j);
}

/* Compare the statistics with what the records added up to. */
static void chk_stats(struct checker *k, const struct sim_stats *st)
{
	rt_time exec = 0, busy = 0;
	uint64_t jobs = 0, completed = 0;

	CHECK(k, k->ended, NULL);
	for (size_t i = 0; i < k->c->ntasks; i++) {
		const struct ptask *t = &k->t[i];
		const struct sim_task_stats *ts = &st->tasks[i];

		for (size_t n = 0; n < t->n; n++)
			exec += t->j[n].executed +
				(t->j[n].cpu >= 0 ?
				 k->c->horizon - k->cpu[t->j[n].cpu].since : 0);
		jobs += t->n;
		completed += t->completed;
		CHECK(k, ts->released == t->n, NULL);
		CHECK(k, ts->completed == t->completed, NULL);
		CHECK(k, ts->missed == t->missed, NULL);
		CHECK(k, ts->aborted == t->aborted, NULL);
		CHECK(k, ts->max_tardiness == t->max_tard, NULL);
		CHECK(k, ts->migrations <= t->preempt_or_mig, NULL);
	}
	for (unsigned c = 0; c < k->c->cpus; c++) {
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

/* A random task set exercising every model: offsets, jitter, sporadic and
 * list arrivals, uniform and list demand (with overruns), D < C, both
 * tie-breaks, both miss policies, 1..MAXCPU CPUs. */
static void gen_set(uint64_t seed, struct rt_task *t, rt_time *lists,
		    struct sim_config *c)
{
	struct rt_rng g;
	size_t n;

	rt_rng_seed(&g, seed);
	n = (size_t)rt_rng_range(&g, 1, MAXT);
	memset(c, 0, sizeof(*c));
	c->tasks = t;
	c->ntasks = n;
	c->cpus = rt_rng_range(&g, 0, 1) ? 1 : (unsigned)rt_rng_range(&g, 2, MAXCPU);
	c->policy = "edf";
	c->on_miss = rt_rng_range(&g, 0, 2) == 0 ? SIM_ON_MISS_ABORT
						: SIM_ON_MISS_CONTINUE;
	c->tie_break = rt_rng_range(&g, 0, 1) ? SIM_TIE_FIFO
					       : SIM_TIE_TASK_ORDER;
	c->horizon = rt_rng_range(&g, 30, 500);
	c->seed = seed;
	for (size_t i = 0; i < n; i++) {
		rt_time T = rt_rng_range(&g, 2, 40);
		rt_time C = rt_rng_range(&g, 1, (T * (rt_time)c->cpus + 1) /
					 (rt_time)n + 1);
		rt_time *l = lists + i * 8;

		t[i] = rt_task_make("r", C, rt_rng_range(&g, 1, 2 * T), T);
		if (rt_rng_range(&g, 0, 2) == 0)
			t[i].offset = rt_rng_range(&g, 0, T);
		if (rt_rng_range(&g, 0, 4) == 0)
			t[i].jitter = rt_rng_range(&g, 0, 2 * T);
		switch (rt_rng_range(&g, 0, 9)) {
		case 0: case 1:
			t[i].arrival = RT_ARRIVAL_SPORADIC;
			t[i].max_delay = rt_rng_range(&g, 0, T);
			break;
		case 2:
			t[i].arrival = RT_ARRIVAL_LIST;
			t[i].nreleases = 8;
			t[i].releases = l;
			for (int k = 0; k < 8; k++)
				l[k] = (k ? l[k - 1] : 0) +
				       rt_rng_range(&g, 0, c->horizon / 6);
			break;
		}
		switch (rt_rng_range(&g, 0, 4)) {
		case 0:
			t[i].exec = RT_EXEC_UNIFORM;
			t[i].exec_min = 1;
			t[i].exec_max = C + rt_rng_range(&g, 0, 2);
			break;
		case 1:
			t[i].exec = RT_EXEC_LIST;
			t[i].exec_values = lists + MAXT * 8 + i * 3;
			t[i].nexec_values = 3;
			for (int k = 0; k < 3; k++)
				lists[MAXT * 8 + i * 3 + k] =
					rt_rng_range(&g, 1, 2 * C);
			break;
		}
	}
}

static void test_random_sets_keep_every_schedule_invariant(void)
{
	const uint64_t base = 0x5eed0001;
	int failed = 0;

	for (uint64_t s = base; s < base + NSETS && failed < 3; s++) {
		struct rt_task t[MAXT];
		rt_time lists[MAXT * 8 + MAXT * 3];
		struct sim_config c;
		static struct checker k;
		struct sim_sink sink = { SIM_MASK_ALL, chk_emit, &k };
		struct sim_engine *e = NULL;
		struct rt_diag d;

		gen_set(s, t, lists, &c);
		memset(&k, 0, sizeof(k));
		k.c = &c;
		k.seed = s;
		if (sim_engine_create(&c, &e, &d) != RT_OK ||
		    sim_engine_add_sink(e, &sink) != RT_OK ||
		    sim_engine_run(e, &d) != RT_OK)
			chk_fail(&k, d.msg, NULL);
		else
			chk_stats(&k, sim_engine_stats(e));
		if (k.fails) {
			fprintf(stderr, "\nseed %" PRIu64 ": %s\n", s, k.why);
			failed++;
		}
		CU_ASSERT_EQUAL(k.fails, 0);
		chk_free(&k);
		sim_engine_destroy(e);
	}
}

/* dbf(t) = sum_i max(0, floor((t - D_i)/T_i) + 1) * C_i  (THEORY A.3). */
static rt_time dbf(const struct rt_task *t, size_t n, rt_time x)
{
	rt_time h = 0;

	for (size_t i = 0; i < n; i++)
		if (x >= t[i].deadline)
			h += ((x - t[i].deadline) / t[i].period + 1) * t[i].wcet;
	return h;
}

/* Synchronous periodic sets with U <= 1 over [0, L_b): the simulation
 * misses iff some deadline t < L_b has dbf(t) > t, and its maximum
 * tardiness is max(0, max_t dbf(t) - t); under both tie-breaks. */
static void test_sync_simulation_matches_brute_force_dbf(void)
{
	const uint64_t base = 0xdbf0000;
	int done = 0, missing = 0, failed = 0;

	for (uint64_t s = base; done < NSETS && failed < 3; s++) {
		struct rt_task t[5];
		struct rt_rng g;
		size_t n;
		uint64_t L = 1, demand = 0;
		rt_time w, next, delta = 0;
		bool miss = false;
		double target, wsum, weight[5];

		rt_rng_seed(&g, s);
		n = (size_t)rt_rng_range(&g, 1, 5);
		/* Target U in [0.8, 1.05], split by random weights: busy
		 * periods get long near U = 1, and some sets are rejected. */
		target = 0.8 + 0.25 * rt_rng_unit(&g);
		wsum = 0;
		for (size_t i = 0; i < n; i++)
			wsum += weight[i] = (double)rt_rng_range(&g, 1, 100);
		for (size_t i = 0; i < n; i++) {
			rt_time T = rt_rng_range(&g, 3, 100);
			rt_time C = (rt_time)(target * weight[i] / wsum *
					      (double)T + 0.5);

			t[i] = rt_task_make("b", C > 0 ? C : 1,
					    rt_rng_range(&g, 1, 2 * T), T);
			L = L / rt_gcd64(L, (uint64_t)T) * (uint64_t)T;
		}
		/* U <= 1 exactly: sum C_i * (L / T_i) <= L, L = lcm(T). */
		for (size_t i = 0; i < n; i++)
			demand += (uint64_t)t[i].wcet * (L / (uint64_t)t[i].period);
		if (demand > L)
			continue;
		/* L_b: least fixed point of W(w) = sum ceil(w/T_i) C_i. */
		w = 0;
		for (size_t i = 0; i < n; i++)
			w += t[i].wcet;
		for (;;) {
			next = 0;
			for (size_t i = 0; i < n; i++)
				next += (w + t[i].period - 1) / t[i].period *
					t[i].wcet;
			if (next == w || next > 20000)
				break;
			w = next;
		}
		if (next != w)
			continue;       /* too long to simulate here */
		for (size_t i = 0; i < n; i++)
			for (rt_time x = t[i].deadline; x < w; x += t[i].period) {
				rt_time h = dbf(t, n, x);

				if (h > x)
					miss = true;
				if (h - x > delta)
					delta = h - x;
			}
		missing += miss;
		for (int tie = 0; tie < 2; tie++) {
			struct sim_config c = {
				.tasks = t, .ntasks = n, .cpus = 1,
				.policy = "edf", .horizon = w,
				.tie_break = tie ? SIM_TIE_FIFO
						 : SIM_TIE_TASK_ORDER,
			};
			struct sim_engine *e = NULL;
			const struct sim_stats *st;
			bool ok;

			CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, NULL),
					      RT_OK);
			CU_ASSERT_EQUAL(sim_engine_run(e, NULL), RT_OK);
			st = sim_engine_stats(e);
			ok = (st->misses > 0) == miss &&
			     st->max_tardiness == delta &&
			     st->completed == st->jobs;
			if (!ok) {
				fprintf(stderr, "\nseed %" PRIu64 " tie %d: L_b %"
					PRId64 " brute miss %d delta %" PRId64
					", sim misses %" PRIu64 " max tardiness %"
					PRId64 "\n", s, tie, w, miss, delta,
					st->misses, st->max_tardiness);
				failed++;
			}
			CU_ASSERT(ok);
			sim_engine_destroy(e);
		}
		done++;
	}
	/* The sample must contain both verdicts to mean anything. */
	CU_ASSERT(missing > done / 20);
	CU_ASSERT(missing < done - done / 20);
}

static struct sim_config prop_cfg(const struct rt_task *t, size_t n,
				   rt_time horizon)
{
	struct sim_config c = {
		.tasks = t, .ntasks = n, .cpus = 1, .policy = "edf",
		.horizon = horizon, .seed = 1,
	};
	return c;
}

/* Every allocation of create + run may fail: the result is then RT_OK or
 * RT_ERR_NOMEM, never a crash or a leak (ASan).  The set is overloaded
 * (U = 1.5, abort off) so the job pool and the timer-free queue grow; a
 * second pass uses on_miss abort so the event queue grows too. */
static void test_allocation_failures_are_reported(void)
{
	struct rt_task t[3] = { rt_task_make("a", 3, 4, 4),
				rt_task_make("b", 1, 2, 4),
				rt_task_make("c", 1, 8, 8) };
	long n;

	t[2].jitter = 3;
	for (int abort_mode = 0; abort_mode < 2; abort_mode++) {
		struct sim_config c = prop_cfg(t, 3, 4000);

		c.cpus = abort_mode ? 2 : 1;
		c.on_miss = abort_mode ? SIM_ON_MISS_ABORT
				       : SIM_ON_MISS_CONTINUE;
		for (n = 0; n < 10000; n++) {
			struct sim_engine *e = NULL;
			enum rt_err err, err2 = RT_OK;

			rt_mem_fail_after(n);
			err = sim_engine_create(&c, &e, NULL);
			if (err == RT_OK)
				err2 = sim_engine_run(e, NULL);
			rt_mem_fail_after(-1);
			CU_ASSERT(err == RT_OK || err == RT_ERR_NOMEM);
			CU_ASSERT(err2 == RT_OK || err2 == RT_ERR_NOMEM);
			if (err == RT_OK)
				CU_ASSERT_PTR_NOT_NULL(e);
			sim_engine_destroy(e);
			if (err == RT_OK && err2 == RT_OK)
				break;
		}
		CU_ASSERT(n > 5);       /* the sweep reached into run() */
		CU_ASSERT(n < 10000);
	}
}

CU_TestInfo prop_tests[] = {
	{ "random sets keep every schedule invariant",
	  test_random_sets_keep_every_schedule_invariant },
	{ "synchronous simulation matches brute-force dbf",
	  test_sync_simulation_matches_brute_force_dbf },
	{ "allocation failures are reported, not crashes or leaks",
	  test_allocation_failures_are_reported },
	CU_TEST_INFO_NULL
};
