/* report.c - what a run reports: records fanned out to the sinks, and
 * the statistics (engine.h).
 *
 * Records: every record, about a job (sim_emit, the engine's own) or
 * not (sim_engine_emit, for policies and joins: admission, servers),
 * goes through one fan-out, to the sinks whose mask has its kind, in the
 * order they were added; the first sink error stops the run
 * (sim_fail).  sim_emit() tests the sinks' union mask inline, so a kind
 * no sink wants costs one test, and the fan-out visits only the sinks of
 * the record's kind (a table built as sinks are added).  The one-CPU
 * handlers (the lean copies) hand a job's record of a kind exactly one
 * sink wants (fan_one) to that sink inline (sim_emit_rec, internal.h):
 * the same record (as arguments where the sink has an emit_job), the
 * same failure (sim_emit_failed) and meter (sim_emit_meter), without the
 * call and the loop.
 *
 * Statistics are kept by the engine as it goes (released, completed,
 * responses, preemptions, busy time: a few additions per job);
 * this file keeps the ones shared by several paths: misses (completion,
 * abort, horizon) with the first miss, and the servers' counters that
 * policies fill.
 */
#include <inttypes.h>

#include "models/mem.h"
#include "sim/internal.h"

/* Rebuild e->fan from e->sinks; false if out of memory (then e->fan is
 * unchanged). */
static bool rep_fan_build(struct sim_engine *e)
{
	struct sim_fan_ent *f;
	size_t n = 0;

	for (size_t i = 0; i < e->nsinks; i++)
		n += (size_t)__builtin_popcount(e->sinks[i].mask);
	f = rt_reallocarray(NULL, n ? n : 1, sizeof(*f));
	if (!f)
		return false;
	n = 0;
	for (unsigned k = 0; k < SIM_REC__COUNT; k++) {
		e->fan_at[k] = f + n;
		for (size_t i = 0; i < e->nsinks; i++)
			if (e->sinks[i].mask & SIM_MASK(k))
				f[n++] = (struct sim_fan_ent){
					e->sinks[i].emit, e->sinks[i].ctx, i,
					e->sink_jobs[i] };
	}
	e->fan_at[SIM_REC__COUNT] = f + n;
	rt_free(e->fan);
	e->fan = f;
	e->fan_one = 0;
	for (unsigned k = 0; k < SIM_REC__COUNT; k++)
		if (e->fan_at[k + 1] - e->fan_at[k] == 1)
			e->fan_one |= SIM_MASK(k);
	return true;
}

enum rt_err sim_engine_add_sink_job(struct sim_engine *e,
				    const struct sim_sink *s,
				    sim_emit_job_fn *emit_job)
{
	struct sim_sink *v;
	sim_emit_job_fn **vj;

	if (!s || !s->emit || e->ran || e->started)
		return RT_ERR_INVAL;
	vj = rt_reallocarray(e->sink_jobs, e->nsinks + 1, sizeof(*vj));
	if (!vj)
		return RT_ERR_NOMEM;
	e->sink_jobs = vj;
	v = rt_reallocarray(e->sinks, e->nsinks + 1, sizeof(*v));
	if (!v)
		return RT_ERR_NOMEM;
	e->sinks = v;
	v[e->nsinks] = *s;
	v[e->nsinks].mask &= SIM_MASK_ALL;
	vj[e->nsinks] = emit_job;
	e->nsinks++;
	if (!rep_fan_build(e)) {
		e->nsinks--;
		return RT_ERR_NOMEM;
	}
	e->want |= v[e->nsinks - 1].mask;
	return RT_OK;
}

enum rt_err sim_engine_add_sink(struct sim_engine *e, const struct sim_sink *s)
{
	return sim_engine_add_sink_job(e, s, NULL);
}

enum rt_err sim_engine_set_meter(struct sim_engine *e,
				 enum rt_err (*fn)(void *ctx, rt_time now),
				 void *ctx, uint64_t every)
{
	if (!fn || !every || e->ran || e->started)
		return RT_ERR_INVAL;
	e->meter = fn;
	e->meter_ctx = ctx;
	e->meter_every = e->meter_left = every;
	return RT_OK;
}

const void *sim_engine_failed_sink(const struct sim_engine *e)
{
	return e->failed_sink;
}

void sim_emit_failed(struct sim_engine *e, const struct sim_fan_ent *f,
		     enum sim_rec_kind kind, rt_time time, enum rt_err err)
{
	if (!e->failed_sink)
		e->failed_sink = f->ctx;
	sim_fail(e, err, "sink %zu failed on a %s record at %" PRId64, f->sink,
		 sim_rec_kind_name(kind), time);
}

void sim_emit_meter(struct sim_engine *e, rt_time time)
{
	enum rt_err err;

	e->meter_left = e->meter_every;
	err = e->meter ? e->meter(e->meter_ctx, time) : RT_OK;
	if (err)
		sim_fail(e, err, "output check failed at %" PRId64, time);
}

/* The one fan-out: r to every sink that wants its kind, in order;
 * inlined into sim_emit_slow (6 instructions a record fewer than a
 * call). */
static inline __attribute__((always_inline)) void
rep_fan_out(struct sim_engine *e, const struct sim_rec *r)
{
	const struct sim_fan_ent *f = e->fan_at[r->kind];
	/* size_t: the next entry's offset, not a 32-bit kind + 1 */
	const struct sim_fan_ent *end = e->fan_at[(size_t)r->kind + 1];

	for (; f < end; f++) {
		enum rt_err err = f->emit(f->ctx, r);

		if (err) {
			sim_emit_failed(e, f, r->kind, r->time, err);
			return;
		}
	}
	if (__builtin_expect(--e->meter_left == 0, 0))
		sim_emit_meter(e, r->time);
}

/* The models that watch the records (overheads, schedutil), out of line:
 * the record path of a run without them stays what LTO inlines. */
static __attribute__((noinline, cold)) void
rep_watchers(struct sim_engine *e, enum sim_rec_kind kind, int cpu,
	     const struct sim_job *j)
{
	if (e->ovh)
		sim_ovh_record(e, kind, cpu, j);
	if (e->su)
		sim_freq_record(e, kind, j);
}

void sim_emit_slow(struct sim_engine *e, enum sim_rec_kind kind, int cpu,
		   const struct sim_job *j, rt_time value)
{
	struct sim_rec r = {
		.time = e->now, .kind = kind, .cpu = cpu,
		.task = j ? j->info.task : 0, .job = j ? j->info.job : 0,
		.value = value, .info = j ? &j->info : NULL,
	};

	/* one test for both (a load and an OR, not two compares) */
	if (__builtin_expect(((uintptr_t)e->ovh | (uintptr_t)e->su) != 0, 0))
		rep_watchers(e, kind, cpu, j);
	rep_fan_out(e, &r);
}

void sim_engine_emit(struct sim_engine *e, enum sim_rec_kind kind, int cpu,
		     uint32_t task, const struct sim_job *j, rt_time value)
{
	struct sim_rec r = {
		.time = e->now, .kind = kind, .cpu = cpu,
		.task = j ? j->info.task : task, .job = j ? j->info.job : 0,
		.value = value, .info = j ? &j->info : NULL,
	};

	if (e->want & SIM_MASK(kind))
		rep_fan_out(e, &r);
}

void sim_stats_miss(struct sim_engine *e, const struct sim_job *j,
		    rt_time finish, rt_time tardiness)
{
	struct sim_task_stats *ts = &e->st.tasks[j->info.task];
	struct sim_miss *fm = &e->st.first_miss;
	bool unsure = sim_admit_unsure(e, j->info.task);

	e->st.misses++;
	e->st.misses_unguaranteed += unsure;
	if (e->stats) {
		ts->missed++;
		ts->missed_unguaranteed += unsure;
		if (tardiness > ts->max_tardiness)
			ts->max_tardiness = tardiness;
	}
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

struct sim_server_stats *sim_engine_server_stats(struct sim_engine *e,
						 size_t n)
{
	struct sim_server_stats *v;

	if (e->st.servers || n == 0)
		return e->st.servers;
	v = rt_calloc(n, sizeof(*v));
	if (!v)
		return NULL;
	e->st.servers = v;
	e->st.nservers = n;
	return v;
}

void sim_engine_server_miss(struct sim_engine *e, size_t i, rt_time late)
{
	struct sim_server_stats *s = &e->st.servers[i];

	s->deadline_misses++;
	e->st.server_misses++;
	if (late > s->max_lateness)
		s->max_lateness = late;
}

void sim_stats_publish(struct sim_engine *e, uint64_t events)
{
	uint64_t jobs = 0, completed = 0;

	for (size_t i = 0; i < e->cfg.ntasks; i++) {
		const struct sim_task_rt *t = &e->trt[i];
		struct sim_task_stats *ts = &e->st.tasks[i];

		jobs += t->released;
		completed += t->completed;
		if (!e->stats)
			continue;
		ts->released = t->released;
		ts->completed = t->completed;
		ts->preemptions = t->preemptions;
		ts->migrations = t->migrations;
		ts->max_response = t->max_response;
		ts->sum_response = t->sum_response;
	}
	for (size_t c = 0; e->stats && c < e->cfg.cpus; c++) {
		e->st.cpu[c].busy = e->cpu[c].busy;
		e->st.cpu[c].overhead = e->cpu[c].ovh;
	}
	if (e->cfg.freq && e->stats)
		sim_freq_publish(e);
	if (e->res && e->stats)
		sim_res_publish(e);
	e->st.jobs = jobs;
	e->st.completed = completed;
	e->st.events += events;
	e->st.now = e->now;
}

const struct sim_stats *sim_engine_stats(const struct sim_engine *e)
{
	return &e->st;
}
