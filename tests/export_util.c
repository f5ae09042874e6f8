/* export_util.c - helpers shared by the export suites (see
 * export_util.h). */
#include "tests/export_util.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "tests/gen_util.h"

void tb_emit(struct tb *b, rt_time t, enum sim_rec_kind k, int cpu,
	     const struct sim_job_info *ji, rt_time value)
{
	struct sim_rec r = {
		.time = t, .kind = k, .cpu = cpu, .value = value, .info = ji,
		.task = ji ? ji->task : 0, .job = ji ? ji->job : 0,
	};

	for (size_t i = 0; i < b->nsinks && b->rc == RT_OK; i++)
		if (b->sinks[i].mask & SIM_MASK(k))
			b->rc = b->sinks[i].emit(b->sinks[i].ctx, &r);
}

/* Release a job of 'task' with absolute deadline d; returns its seq. */
size_t tb_release(struct tb *b, rt_time t, uint32_t task, rt_time d,
		  rt_time demand)
{
	struct sim_job_info *ji = &b->jobs[b->njobs];

	*ji = (struct sim_job_info){
		.task = task, .job = b->per_task[task]++, .seq = b->njobs,
		.arrival = t, .release = t, .abs_deadline = d, .demand = demand,
		.remaining = demand, .start = RT_TIME_NEVER,
		.finish = RT_TIME_NEVER, .cpu = -1,
	};
	tb_emit(b, t, SIM_REC_RELEASE, -1, ji, d);
	return b->njobs++;
}

void tb_run(struct tb *b, rt_time t, size_t seq, int cpu)
{
	struct sim_job_info *ji = &b->jobs[seq];

	if (ji->start == RT_TIME_NEVER)
		ji->start = t;
	if (ji->cpu >= 0 && ji->cpu != cpu)
		tb_emit(b, t, SIM_REC_MIGRATE, cpu, ji, ji->cpu);
	ji->cpu = cpu;
	tb_emit(b, t, SIM_REC_START, cpu, ji, ji->remaining);
}

void tb_stop(struct tb *b, rt_time t, size_t seq, rt_time ran)
{
	struct sim_job_info *ji = &b->jobs[seq];

	ji->remaining -= ran;
	tb_emit(b, t, SIM_REC_PREEMPT, ji->cpu, ji, ji->remaining);
}

/* Complete; emits MISS after COMPLETE for a late job, as the engine. */
void tb_complete(struct tb *b, rt_time t, size_t seq)
{
	struct sim_job_info *ji = &b->jobs[seq];

	ji->remaining = 0;
	ji->finish = t;
	tb_emit(b, t, SIM_REC_COMPLETE, ji->cpu, ji, t - ji->release);
	if (t > ji->abs_deadline)
		tb_emit(b, t, SIM_REC_MISS, ji->cpu, ji, t - ji->abs_deadline);
}

/* Horizon: MISS (if d <= h) then UNFINISHED for every pending job, END. */
void tb_end(struct tb *b, rt_time h)
{
	for (size_t s = 0; s < b->njobs; s++) {
		struct sim_job_info *ji = &b->jobs[s];

		if (ji->finish != RT_TIME_NEVER || ji->remaining < 0)
			continue;
		if (ji->abs_deadline <= h)
			tb_emit(b, h, SIM_REC_MISS, -1, ji, h - ji->abs_deadline);
		tb_emit(b, h, SIM_REC_UNFINISHED, -1, ji, ji->remaining);
	}
	tb_emit(b, h, SIM_REC_END, -1, NULL, 0);
}

void tb_abort(struct tb *b, rt_time t, size_t seq)
{
	struct sim_job_info *ji = &b->jobs[seq];

	tb_emit(b, t, SIM_REC_ABORT, -1, ji, ji->remaining);
	ji->remaining = -1;             /* gone: tb_end skips it */
}

static struct rt_task dario_tasks[2];

struct render_meta tb_dario_meta(void)
{
	struct render_meta m = {
		.scenario = "dario", .time_unit = "tick", .display_unit = "tick",
		.display_scale = 1, .cpus = 1, .horizon = 20,
		.tasks = dario_tasks, .ntasks = 2,
	};

	dario_tasks[0] = rt_task_make("P1", 4, 5, 10);
	dario_tasks[1] = rt_task_make("P2", 4, 5, 10);
	return m;
}

/* Dario's case: U = 0.8, yet P2 misses by 3 in every period. */
void tb_dario(struct tb *b)
{
	for (rt_time t = 0; t < 20; t += 10) {
		size_t a = tb_release(b, t, 0, t + 5, 4);
		size_t c = tb_release(b, t, 1, t + 5, 4);

		tb_run(b, t, a, 0);
		tb_complete(b, t + 4, a);
		tb_run(b, t + 4, c, 0);
		tb_complete(b, t + 8, c);
	}
	tb_end(b, 20);
}

void mb_open(struct membuf *m)
{
	m->buf = NULL;
	m->len = 0;
	m->f = open_memstream(&m->buf, &m->len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(m->f);
}

const char *mb_text(struct membuf *m)
{
	fflush(m->f);
	return m->buf;
}

void mb_close(struct membuf *m)
{
	fclose(m->f);
	free(m->buf);
}

struct render_meta mb_meta_of(const struct sim_config *c)
{
	struct render_meta m = {
		.scenario = "prop", .time_unit = "tick",
		.display_unit = "tick", .display_scale = 1, .cpus = c->cpus,
		.horizon = c->horizon, .tasks = c->tasks, .ntasks = c->ntasks,
	};

	return m;
}

enum rt_err mb_engine_run(const struct sim_config *c,
			  const struct sim_sink *s,
			  sim_emit_job_fn *const *jobs, size_t n)
{
	struct sim_engine *e = NULL;
	enum rt_err rc;

	CU_ASSERT_EQUAL_FATAL(sim_engine_create(c, &e, NULL), RT_OK);
	for (size_t k = 0; k < n; k++)
		CU_ASSERT_EQUAL(sim_engine_add_sink_job(e, &s[k], jobs[k]),
				RT_OK);
	rc = sim_engine_run(e, NULL);
	sim_engine_destroy(e);
	return rc;
}

size_t mb_same_on_random_sets(uint64_t seed0, mb_run_fn *run,
			      const char *what)
{
	size_t bytes = 0;
	int failed = 0;

	for (uint64_t seed = seed0; seed < seed0 + 400 && failed < 3; seed++) {
		static struct gen_set g;
		const struct gen_opts o = {
			.max_tasks = GEN_MAXT, .placements = seed & 1,
			.max_cpus = 4, .max_period = 30, .max_horizon = 300,
			.jitter_periods = 1,
		};
		struct membuf a, b;
		bool same;

		gen_random_set(seed, &o, &g);
		CU_ASSERT_EQUAL(run(&g.c, false, &a), RT_OK);
		CU_ASSERT_EQUAL(run(&g.c, true, &b), RT_OK);
		same = a.len == b.len && !memcmp(a.buf, b.buf, a.len);
		CU_ASSERT(same);
		if (!same) {
			fprintf(stderr, "\nseed %" PRIu64 " (%s): %zu and %zu "
				"bytes\n", seed, what, a.len, b.len);
			failed++;
		}
		bytes += a.len;
		mb_close(&a);
		mb_close(&b);
	}
	return bytes;
}
