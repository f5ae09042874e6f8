/* render_util.c - helpers shared by the Gantt suites (see
 * render_util.h). */
#include "tests/render_util.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/rng.h"

static void em(struct gen *g, rt_time t, enum sim_rec_kind k, int cpu,
	       const struct sim_job_info *ji, rt_time v)
{
	struct sim_rec r = { .time = t, .kind = k, .cpu = cpu, .value = v,
			     .info = ji, .task = ji ? ji->task : 0,
			     .job = ji ? ji->job : 0 };

	for (size_t i = 0; i < g->nsinks && g->rc == RT_OK; i++)
		if (g->sink[i].mask & SIM_MASK(k))
			g->rc = g->sink[i].emit(g->sink[i].ctx, &r);
}

static bool pending(const struct sim_job_info *j)
{
	return j->finish == RT_TIME_NEVER;
}

void gedf(struct gen *g, const struct rt_task *ts, size_t n,
	  unsigned m, rt_time h)
{
	int run[8] = { -1, -1, -1, -1, -1, -1, -1, -1 };
	uint64_t per[32] = { 0 };
	static char chosen[MAXJ];

	for (rt_time t = 0; t <= h; t++) {
		for (unsigned c = 0; c < m; c++) {
			struct sim_job_info *ji;

			if (run[c] < 0 || g->j[run[c]].remaining)
				continue;
			ji = &g->j[run[c]];
			ji->finish = t;
			em(g, t, SIM_REC_COMPLETE, (int)c, ji, t - ji->release);
			if (t > ji->abs_deadline)
				em(g, t, SIM_REC_MISS, (int)c, ji, t - ji->abs_deadline);
			run[c] = -1;
		}
		if (t == h)
			break;
		for (size_t i = 0; i < n && g->nj < MAXJ; i++) {
			struct sim_job_info *ji = &g->j[g->nj];

			if (t % ts[i].period)
				continue;
			*ji = (struct sim_job_info){
				.task = (uint32_t)i, .job = per[i]++, .seq = g->nj,
				.arrival = t, .release = t,
				.abs_deadline = t + ts[i].deadline,
				.demand = ts[i].wcet, .remaining = ts[i].wcet,
				.start = RT_TIME_NEVER, .finish = RT_TIME_NEVER,
				.cpu = -1 };
			g->nj++;
			em(g, t, SIM_REC_RELEASE, -1, ji, ji->abs_deadline);
		}
		memset(chosen, 0, g->nj);
		for (unsigned k = 0; k < m; k++) {
			long best = -1;

			for (size_t s = 0; s < g->nj; s++)
				if (!chosen[s] && pending(&g->j[s]) &&
				    (best < 0 || g->j[s].abs_deadline <
				     g->j[best].abs_deadline))
					best = (long)s;
			if (best >= 0)
				chosen[best] = 1;
		}
		for (unsigned c = 0; c < m; c++) {
			if (run[c] >= 0 && !chosen[run[c]]) {
				em(g, t, SIM_REC_PREEMPT, (int)c, &g->j[run[c]],
				   g->j[run[c]].remaining);
				run[c] = -1;
			}
		}
		for (size_t s = 0; s < g->nj; s++) {
			struct sim_job_info *ji = &g->j[s];
			int cpu = -1;

			if (!chosen[s])
				continue;
			for (unsigned c = 0; c < m; c++)
				if (run[c] == (int)s)
					cpu = -2;
			if (cpu == -2)
				continue;
			if (ji->cpu >= 0 && run[ji->cpu] < 0)
				cpu = ji->cpu;
			for (unsigned c = 0; c < m && cpu < 0; c++)
				if (run[c] < 0)
					cpu = (int)c;
			if (ji->start == RT_TIME_NEVER)
				ji->start = t;
			if (ji->cpu >= 0 && ji->cpu != cpu)
				em(g, t, SIM_REC_MIGRATE, cpu, ji, ji->cpu);
			ji->cpu = cpu;
			run[cpu] = (int)s;
			em(g, t, SIM_REC_START, cpu, ji, ji->remaining);
		}
		for (unsigned c = 0; c < m; c++)
			if (run[c] >= 0)
				g->j[run[c]].remaining--;
	}
	for (size_t s = 0; s < g->nj; s++) {
		if (!pending(&g->j[s]))
			continue;
		if (g->j[s].abs_deadline <= h)
			em(g, h, SIM_REC_MISS, -1, &g->j[s], h - g->j[s].abs_deadline);
		em(g, h, SIM_REC_UNFINISHED, -1, &g->j[s], g->j[s].remaining);
	}
	em(g, h, SIM_REC_END, -1, NULL, 0);
}

static struct rt_task dario[2];

struct render_meta dario_meta(rt_time horizon)
{
	struct render_meta m = {
		.scenario = "dario", .time_unit = "tick", .display_unit = "tick",
		.display_scale = 1, .cpus = 1, .horizon = horizon,
		.tasks = dario, .ntasks = 2,
	};

	dario[0] = rt_task_make("P1", 4, 5, 10);
	dario[1] = rt_task_make("P2", 4, 5, 10);
	return m;
}

static struct rt_task many[20];
static char many_names[20][16];

struct render_meta many_meta(void)
{
	struct render_meta m = {
		.scenario = "gedf: 4 CPUs, 20 tasks", .time_unit = "tick",
		.display_unit = "tick", .display_scale = 1, .cpus = 4,
		.horizon = 60, .tasks = many, .ntasks = 20,
	};
	struct rt_rng r;

	rt_rng_seed(&r, 7);
	for (int i = 0; i < 20; i++) {
		rt_time t = rt_rng_range(&r, 5, 25), c = rt_rng_range(&r, 1, t / 3 + 1);

		snprintf(many_names[i], sizeof(many_names[i]), "task%d", i);
		many[i] = rt_task_make(many_names[i], c,
				       t - rt_rng_range(&r, 0, 2), t);
	}
	return m;
}

void run_into(const struct render_meta *m, struct sim_sink s, rt_time h)
{
	static struct gen g;

	memset(&g, 0, sizeof(g));
	g.sink[0] = s;
	g.nsinks = 1;
	gedf(&g, m->tasks, m->ntasks, m->cpus, h);
	CU_ASSERT_EQUAL(g.rc, RT_OK);
}

struct render_gantt *chart(const struct render_meta *m,
			   enum render_rows rows, double width_pt)
{
	struct render_gantt_opts o = RENDER_GANTT_OPTS_DEFAULT;
	struct render_gantt *g = NULL;
	struct rt_diag d;

	o.rows = rows;
	o.width_pt = width_pt;
	CU_ASSERT_EQUAL(render_gantt_create(m, &o, &g, &d), RT_OK);
	return g;
}
