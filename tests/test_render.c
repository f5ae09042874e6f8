/* test_render.c - Gantt geometry (pure functions), the Gantt recorder,
 * smoke tests of the PNG/SVG/PDF/TikZ files, and the Chrome trace.
 *
 * Images are never compared with reference bytes (STYLE 2.9); the tests
 * check geometry, file signatures and sizes, well-formedness, and that
 * the same input gives the same bytes twice in one process.  Files go to
 * build/test-out/render/.
 */
#include <dirent.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <CUnit/CUnit.h>

#include "models/rng.h"
#include "render/chrome.h"
#include "render/gantt.h"
#include "render/log.h"
#include "render/replay.h"
#include "render/tikz.h"
#include "tests/suites.h"

#define OUT DLSIM_SRCDIR "/build/test-out/render"

/* ---- a record stream driven by a tiny tick-stepped global EDF ----- */

#define MAXJ 8192

struct gen {
	struct sim_job_info j[MAXJ];
	size_t nj;
	struct sim_sink sink[2];
	size_t nsinks;
	enum rt_err rc;
};

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

/* Global EDF on m CPUs, one unit of time per step (test-sized only):
 * deadline ties go to the lower seq; a job keeps its CPU when it can. */
static void gedf(struct gen *g, const struct rt_task *ts, size_t n,
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

static struct render_meta dario_meta(rt_time horizon)
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

/* 20 random tasks for 4 CPUs (seeded), overloaded enough to miss. */
static struct render_meta many_meta(void)
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

/* Feed the global EDF schedule of m's tasks up to h into sink s. */
static void run_into(const struct render_meta *m, struct sim_sink s,
		     rt_time h)
{
	static struct gen g;

	memset(&g, 0, sizeof(g));
	g.sink[0] = s;
	g.nsinks = 1;
	gedf(&g, m->tasks, m->ntasks, m->cpus, h);
	CU_ASSERT_EQUAL(g.rc, RT_OK);
}

static void emit1(struct sim_sink s, rt_time t, enum sim_rec_kind k, int cpu,
		  const struct sim_job_info *ji, rt_time v)
{
	struct sim_rec r = { .time = t, .kind = k, .cpu = cpu, .value = v,
			     .info = ji, .task = ji ? ji->task : 0,
			     .job = ji ? ji->job : 0 };

	if (s.mask & SIM_MASK(k))
		CU_ASSERT_EQUAL(s.emit(s.ctx, &r), RT_OK);
}

static struct sim_job_info job(uint32_t task, uint64_t seq, rt_time r,
			       rt_time d)
{
	struct sim_job_info j = { .task = task, .job = 0, .seq = seq,
				  .arrival = r, .release = r, .abs_deadline = d,
				  .start = RT_TIME_NEVER,
				  .finish = RT_TIME_NEVER, .cpu = -1 };
	return j;
}

static void outdir(void)
{
	mkdir(DLSIM_SRCDIR "/build", 0777);
	mkdir(DLSIM_SRCDIR "/build/test-out", 0777);
	mkdir(OUT, 0777);
}

/* Whole file into a malloc'ed buffer (NULL if absent). */
static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *b;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	b = malloc((size_t)n + 1);
	if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
		free(b);
		b = NULL;
	}
	if (b)
		b[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return b;
}

/* ---- pure geometry ----------------------------------------------- */

static void test_axis_maps_the_window_linearly_onto_the_plot(void)
{
	struct render_axis ax = { .t0 = 10, .t1 = 20, .x0 = 100, .x1 = 200,
				  .px = 1 };

	CU_ASSERT_DOUBLE_EQUAL(render_axis_x(&ax, 10), 100, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(render_axis_x(&ax, 20), 200, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(render_axis_x(&ax, 15), 150, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(render_axis_x(&ax, 0), 0, 1e-9);
	ax.t0 = 0;
	ax.t1 = RT_TIME_MAX;            /* no overflow in (t - t0) */
	CU_ASSERT_DOUBLE_EQUAL(render_axis_x(&ax, RT_TIME_MAX), 200, 1e-6);
}

static void test_tick_steps_are_1_2_5_times_a_power_of_ten(void)
{
	struct rt_rng r;

	CU_ASSERT_EQUAL(render_nice_step(20, 10), 2);
	CU_ASSERT_EQUAL(render_nice_step(30, 10), 5);
	CU_ASSERT_EQUAL(render_nice_step(100, 10), 10);
	CU_ASSERT_EQUAL(render_nice_step(7, 10), 1);
	CU_ASSERT_EQUAL(render_nice_step(3, 1), 5);
	CU_ASSERT_EQUAL(render_nice_step(1000000000, 8), 200000000);
	CU_ASSERT_EQUAL(render_nice_step(0, 8), 1);
	CU_ASSERT(render_nice_step(INT64_MAX, 1) > 0);
	rt_rng_seed(&r, 99);
	for (int i = 0; i < 2000; i++) {
		rt_time span = rt_rng_range(&r, 1, INT64_C(1) << rt_rng_range(&r, 1, 50));
		unsigned max = (unsigned)rt_rng_range(&r, 1, 30);
		rt_time s = render_nice_step(span, max), p = s;

		while (p % 10 == 0)
			p /= 10;
		CU_ASSERT(p == 1 || p == 2 || p == 5);
		CU_ASSERT(rt_ceil_div(span, s) <= max);
		/* the next smaller nice step would give too many ticks */
		if (s > 1) {
			rt_time smaller = p == 1 ? s / 2 : p == 2 ? s / 2 : s * 2 / 5;

			CU_ASSERT(rt_ceil_div(span, smaller) > max);
		}
	}
}

static void test_time_labels_are_exact_decimals(void)
{
	char b[40];

	render_format_time(b, sizeof(b), 2500000, 1000000);
	CU_ASSERT_STRING_EQUAL(b, "2.5");
	render_format_time(b, sizeof(b), 0, 1);
	CU_ASSERT_STRING_EQUAL(b, "0");
	render_format_time(b, sizeof(b), -1500, 1000);
	CU_ASSERT_STRING_EQUAL(b, "-1.5");
	render_format_time(b, sizeof(b), 1, 1000000000);
	CU_ASSERT_STRING_EQUAL(b, "0.000000001");
	render_format_time(b, sizeof(b), INT64_MAX, 1);
	CU_ASSERT_STRING_EQUAL(b, "9223372036854775807");
	render_format_time(b, sizeof(b), INT64_MIN, 1000);
	CU_ASSERT_STRING_EQUAL(b, "-9223372036854775.808");
}

static void test_window_times_parse_exactly_or_not_at_all(void)
{
	struct rt_diag d;
	rt_time t = -7;

	CU_ASSERT_EQUAL(render_parse_time("2.5", 1000000, &t, &d), RT_OK);
	CU_ASSERT_EQUAL(t, 2500000);
	CU_ASSERT_EQUAL(render_parse_time("2.000", 1, &t, &d), RT_OK);
	CU_ASSERT_EQUAL(t, 2);
	CU_ASSERT_EQUAL(render_parse_time("0.0000001", 1000000, &t, &d),
			RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "decimals"));
	CU_ASSERT_EQUAL(render_parse_time("1e3", 1, &t, &d), RT_ERR_INVAL);
	CU_ASSERT_EQUAL(render_parse_time("", 1, &t, &d), RT_ERR_INVAL);
	CU_ASSERT_EQUAL(render_parse_time(".", 1, &t, &d), RT_ERR_INVAL);
	CU_ASSERT_EQUAL(render_parse_time("9223372036854775807", 10, &t, &d),
			RT_ERR_INVAL);
	CU_ASSERT_EQUAL(t, 2);          /* untouched on failure */
}

static void test_windows_parse_as_start_colon_end(void)
{
	rt_time a = -1, b = -1;
	struct rt_diag d;

	CU_ASSERT_EQUAL(render_parse_window("2.5:10", 1000, &a, &b, &d), RT_OK);
	CU_ASSERT_EQUAL(a, 2500);
	CU_ASSERT_EQUAL(b, 10000);
	CU_ASSERT_EQUAL(render_parse_window("5:5", 1, &a, &b, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "empty"));
	CU_ASSERT_EQUAL(render_parse_window("7:3", 1, &a, &b, &d), RT_ERR_INVAL);
	CU_ASSERT_EQUAL(render_parse_window("-1:3", 1, &a, &b, &d), RT_ERR_INVAL);
	CU_ASSERT_EQUAL(render_parse_window("10", 1, &a, &b, &d), RT_ERR_INVAL);
	CU_ASSERT_EQUAL(render_parse_window("1:x", 1, &a, &b, &d), RT_ERR_INVAL);
	CU_ASSERT_EQUAL(a, 2500);       /* untouched on failure */
	CU_ASSERT_EQUAL(b, 10000);
}

static void test_sizes_parse_in_inches_centimetres_and_pixels(void)
{
	struct rt_diag d;
	double pt = 0;

	CU_ASSERT_EQUAL(render_parse_length("3.5in", 300, &pt, &d), RT_OK);
	CU_ASSERT_DOUBLE_EQUAL(pt, 252, 1e-9);
	CU_ASSERT_EQUAL(render_parse_length("7.16in", 300, &pt, &d), RT_OK);
	CU_ASSERT_DOUBLE_EQUAL(pt, 515.52, 1e-9);
	CU_ASSERT_EQUAL(render_parse_length("1600", 300, &pt, &d), RT_OK);
	CU_ASSERT_DOUBLE_EQUAL(pt, 384, 1e-9);
	CU_ASSERT_EQUAL(render_parse_length("800px", 144, &pt, &d), RT_OK);
	CU_ASSERT_DOUBLE_EQUAL(pt, 400, 1e-9);
	CU_ASSERT_EQUAL(render_parse_length("2.54cm", 300, &pt, &d), RT_OK);
	CU_ASSERT_DOUBLE_EQUAL(pt, 72, 1e-9);
	CU_ASSERT_EQUAL(render_parse_length("0in", 300, &pt, &d), RT_ERR_INVAL);
	CU_ASSERT_EQUAL(render_parse_length("3ft", 300, &pt, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "'ft'"));
	CU_ASSERT_EQUAL(render_parse_length("-3in", 300, &pt, &d), RT_ERR_INVAL);
	CU_ASSERT_EQUAL(render_parse_length("", 300, &pt, &d), RT_ERR_INVAL);
	CU_ASSERT_EQUAL(render_parse_length("1e9", 300, &pt, &d), RT_ERR_INVAL);
}

static void test_boxes_merge_only_below_the_resolution(void)
{
	struct render_axis wide = { .t0 = 0, .t1 = 1000, .x0 = 0, .x1 = 1000,
				    .px = 1 };
	struct render_axis fine = { .t0 = 0, .t1 = 1000000, .x0 = 0,
				    .x1 = 1000, .px = 1 };
	struct render_boxes b = { 0 };

	/* back-to-back jobs stay two boxes when they are visible */
	render_boxes_add(&b, &wide, 0, 4, 0, 2);
	render_boxes_add(&b, &wide, 4, 8, 0, 2);
	CU_ASSERT_EQUAL(b.n, 2);
	/* clipped to the window; nothing outside it */
	render_boxes_add(&b, &wide, -5, 3, 1, 2);
	render_boxes_add(&b, &wide, 1000, 1200, 1, 2);
	CU_ASSERT_EQUAL_FATAL(b.n, 3);
	CU_ASSERT_EQUAL(b.v[2].a, 0);
	CU_ASSERT_EQUAL(b.v[2].b, 3);
	render_boxes_fini(&b);
	/* sub-pixel slices a sub-pixel apart: one box, 'busy' < span */
	render_boxes_add(&b, &fine, 0, 100, 0, 2);
	render_boxes_add(&b, &fine, 150, 250, 0, 2);
	render_boxes_add(&b, &fine, 300, 400, 0, 2);
	CU_ASSERT_EQUAL_FATAL(b.n, 1);
	CU_ASSERT_EQUAL(b.v[0].a, 0);
	CU_ASSERT_EQUAL(b.v[0].b, 400);
	CU_ASSERT_EQUAL(b.v[0].busy, 300);
	CU_ASSERT_EQUAL(b.v[0].colour, 0);
	render_boxes_add(&b, &fine, 400, 450, 3, 2);    /* another colour */
	CU_ASSERT_EQUAL(b.v[0].colour, RENDER_COLOUR_MIXED);
	render_boxes_add(&b, &fine, 2000, 2100, 0, 2);  /* 1.55 px gap */
	CU_ASSERT_EQUAL(b.n, 2);
	render_boxes_fini(&b);
}

static void test_a_million_slices_keep_a_bounded_number_of_boxes(void)
{
	struct render_axis ax = { .t0 = 0, .t1 = 10000000, .x0 = 0,
				  .x1 = 1000, .px = 1 };
	struct render_boxes b = { 0 };
	struct rt_rng r;
	rt_time t = 0;

	rt_rng_seed(&r, 5);
	for (int i = 0; i < 1000000 && t < ax.t1; i++) {
		rt_time len = rt_rng_range(&r, 1, 40), gap = rt_rng_range(&r, 0, 20);

		CU_ASSERT_EQUAL_FATAL(render_boxes_add(&b, &ax, t, t + len,
						       (int)(i % 5), 2), RT_OK);
		t += len + gap;
	}
	CU_ASSERT(b.n <= 2500 + 1);
	for (size_t i = 0; i < b.n; i++)
		CU_ASSERT(b.v[i].a < b.v[i].b && b.v[i].busy <= b.v[i].b - b.v[i].a);
	render_boxes_fini(&b);
}

static void test_marks_closer_than_a_pixel_are_dropped(void)
{
	struct render_axis ax = { .t0 = 0, .t1 = 100, .x0 = 0, .x1 = 50,
				  .px = 1 };  /* 2 units per pixel */
	struct render_marks m = { 0 };

	render_marks_add(&m, &ax, 0, 1);
	render_marks_add(&m, &ax, 1, 1);        /* half a pixel away */
	render_marks_add(&m, &ax, 2, 1);        /* one pixel: kept */
	render_marks_add(&m, &ax, 100, 1);      /* on the right edge: kept */
	render_marks_add(&m, &ax, 101, 1);      /* outside */
	render_marks_add(&m, &ax, -1, 1);       /* outside */
	CU_ASSERT_EQUAL_FATAL(m.n, 3);
	CU_ASSERT_EQUAL(m.v[0], 0);
	CU_ASSERT_EQUAL(m.v[1], 2);
	CU_ASSERT_EQUAL(m.v[2], 100);
	render_marks_fini(&m);
}

static void test_miss_spans_run_from_deadline_to_finish_with_labels(void)
{
	struct render_axis ax = { .t0 = 0, .t1 = 20, .x0 = 0, .x1 = 200,
				  .px = 1 };
	struct render_misses ms = { 0 };
	char b[32];

	render_misses_add(&ms, &ax, 5, 8, 3, false, 2);
	render_misses_add(&ms, &ax, 15, 20, 5, true, 2);
	render_misses_add(&ms, &ax, 18, 25, 7, false, 2);  /* clipped */
	CU_ASSERT_EQUAL_FATAL(ms.n, 3);
	CU_ASSERT_EQUAL(ms.v[0].d, 5);
	CU_ASSERT_EQUAL(ms.v[0].f, 8);
	render_miss_label(b, sizeof(b), &ms.v[0], 1);
	CU_ASSERT_STRING_EQUAL(b, "+3");
	render_miss_label(b, sizeof(b), &ms.v[1], 1);
	CU_ASSERT_STRING_EQUAL(b, "+5\xe2\x80\xa6");
	CU_ASSERT_EQUAL(ms.v[2].f, 20);
	CU_ASSERT_FALSE(ms.v[2].label);
	ms.v[0].tardiness = 2500;
	render_miss_label(b, sizeof(b), &ms.v[0], 1000);
	CU_ASSERT_STRING_EQUAL(b, "+2.5");
	render_misses_fini(&ms);
}

/* ---- the recorder ------------------------------------------------- */

static struct render_gantt *chart(const struct render_meta *m,
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

static void assert_box(const struct render_boxes *b, size_t i, rt_time a,
		       rt_time e, int colour)
{
	CU_ASSERT_FATAL(i < b->n);
	CU_ASSERT_EQUAL(b->v[i].a, a);
	CU_ASSERT_EQUAL(b->v[i].b, e);
	CU_ASSERT_EQUAL(b->v[i].busy, e - a);
	CU_ASSERT_EQUAL(b->v[i].colour, colour);
}

static void test_dario_chart_has_boxes_arrows_and_misses_of_3(void)
{
	struct render_meta m = dario_meta(30);
	struct render_gantt *g = chart(&m, RENDER_ROWS_TASK, 0);
	const struct render_boxes *b;
	const struct render_misses *ms;
	const struct render_marks *mk;

	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	run_into(&m, render_gantt_sink(g), 30);
	CU_ASSERT_EQUAL(render_gantt_nrows(g), 2);
	b = render_gantt_boxes(g, 0);
	CU_ASSERT_EQUAL(b->n, 3);
	for (int k = 0; k < 3; k++)
		assert_box(b, (size_t)k, 10 * k, 10 * k + 4, 0);
	b = render_gantt_boxes(g, 1);
	CU_ASSERT_EQUAL(b->n, 3);
	for (int k = 0; k < 3; k++)
		assert_box(b, (size_t)k, 10 * k + 4, 10 * k + 8, 1);
	CU_ASSERT_EQUAL(render_gantt_misses(g, 0)->n, 0);
	ms = render_gantt_misses(g, 1);
	CU_ASSERT_EQUAL_FATAL(ms->n, 3);
	for (size_t k = 0; k < 3; k++) {
		CU_ASSERT_EQUAL(ms->v[k].d, 10 * (rt_time)k + 5);
		CU_ASSERT_EQUAL(ms->v[k].f, 10 * (rt_time)k + 8);
		CU_ASSERT_EQUAL(ms->v[k].tardiness, 3);
		CU_ASSERT_FALSE(ms->v[k].open);
		CU_ASSERT_TRUE(ms->v[k].label);
	}
	mk = render_gantt_marks(g, 1, RENDER_MARK_RELEASE);
	CU_ASSERT_EQUAL_FATAL(mk->n, 3);
	CU_ASSERT_EQUAL(mk->v[2], 20);
	mk = render_gantt_marks(g, 1, RENDER_MARK_DEADLINE);
	CU_ASSERT_EQUAL_FATAL(mk->n, 3);
	CU_ASSERT_EQUAL(mk->v[0], 5);
	mk = render_gantt_marks(g, 0, RENDER_MARK_COMPLETE);
	CU_ASSERT_EQUAL_FATAL(mk->n, 3);
	CU_ASSERT_EQUAL(mk->v[1], 14);
	render_gantt_destroy(g);
}

static void test_preemption_splits_a_job_into_two_boxes(void)
{
	struct render_meta m = dario_meta(10);
	struct render_gantt *g = chart(&m, RENDER_ROWS_TASK, 0);
	struct sim_job_info a = job(0, 0, 0, 10), b = job(1, 1, 2, 4);
	struct sim_sink s;

	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	s = render_gantt_sink(g);
	emit1(s, 0, SIM_REC_RELEASE, -1, &a, 10);
	emit1(s, 0, SIM_REC_START, 0, &a, 4);
	emit1(s, 2, SIM_REC_RELEASE, -1, &b, 4);
	emit1(s, 2, SIM_REC_PREEMPT, 0, &a, 2);
	emit1(s, 2, SIM_REC_START, 0, &b, 1);
	emit1(s, 3, SIM_REC_COMPLETE, 0, &b, 1);
	emit1(s, 3, SIM_REC_START, 0, &a, 2);
	emit1(s, 5, SIM_REC_COMPLETE, 0, &a, 5);
	emit1(s, 10, SIM_REC_END, -1, NULL, 0);
	CU_ASSERT_EQUAL(render_gantt_boxes(g, 0)->n, 2);
	assert_box(render_gantt_boxes(g, 0), 0, 0, 2, 0);
	assert_box(render_gantt_boxes(g, 0), 1, 3, 5, 0);
	assert_box(render_gantt_boxes(g, 1), 0, 2, 3, 1);
	render_gantt_destroy(g);
}

static void test_pending_late_job_shows_an_open_miss_at_the_horizon(void)
{
	struct render_meta m = dario_meta(27);
	struct render_gantt *g = chart(&m, RENDER_ROWS_TASK, 0);
	const struct render_misses *ms;
	const struct render_boxes *b;

	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	run_into(&m, render_gantt_sink(g), 27);
	ms = render_gantt_misses(g, 1);
	CU_ASSERT_EQUAL_FATAL(ms->n, 3);
	CU_ASSERT_EQUAL(ms->v[2].d, 25);
	CU_ASSERT_EQUAL(ms->v[2].f, 27);
	CU_ASSERT_EQUAL(ms->v[2].tardiness, 2);
	CU_ASSERT_TRUE(ms->v[2].open);
	b = render_gantt_boxes(g, 1);   /* the running box closes at END */
	assert_box(b, 2, 24, 27, 1);
	render_gantt_destroy(g);
}

static void test_abort_ends_the_box_and_leaves_a_mark(void)
{
	struct render_meta m = dario_meta(10);
	struct render_gantt *g = chart(&m, RENDER_ROWS_TASK, 0);
	struct sim_job_info a = job(0, 0, 0, 3);
	const struct render_marks *mk;
	struct sim_sink s;

	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	s = render_gantt_sink(g);
	emit1(s, 0, SIM_REC_RELEASE, -1, &a, 3);
	a.cpu = 0;
	emit1(s, 0, SIM_REC_START, 0, &a, 5);
	emit1(s, 3, SIM_REC_ABORT, -1, &a, 2);
	emit1(s, 10, SIM_REC_END, -1, NULL, 0);
	assert_box(render_gantt_boxes(g, 0), 0, 0, 3, 0);
	mk = render_gantt_marks(g, 0, RENDER_MARK_ABORT);
	CU_ASSERT_EQUAL_FATAL(mk->n, 1);
	CU_ASSERT_EQUAL(mk->v[0], 3);
	render_gantt_destroy(g);
}

static void test_boxes_are_coloured_by_cpu_or_by_task(void)
{
	struct render_meta m = many_meta();
	struct render_gantt *gt = chart(&m, RENDER_ROWS_TASK, 0);
	struct render_gantt *gc = chart(&m, RENDER_ROWS_CPU, 0);
	size_t nt = 0, nc = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(gt);
	CU_ASSERT_PTR_NOT_NULL_FATAL(gc);
	run_into(&m, render_gantt_sink(gt), 60);
	run_into(&m, render_gantt_sink(gc), 60);
	CU_ASSERT_EQUAL(render_gantt_nrows(gt), 20);
	CU_ASSERT_EQUAL(render_gantt_nrows(gc), 4);
	for (size_t r = 0; r < 20; r++) {
		const struct render_boxes *b = render_gantt_boxes(gt, r);

		for (size_t i = 0; i < b->n; i++) {
			CU_ASSERT(b->v[i].colour >= 0 && b->v[i].colour < 4);
			nt += (size_t)(b->v[i].b - b->v[i].a);
		}
	}
	for (size_t r = 0; r < 4; r++) {
		const struct render_boxes *b = render_gantt_boxes(gc, r);

		for (size_t i = 0; i < b->n; i++) {
			CU_ASSERT(b->v[i].colour >= 0 && b->v[i].colour < 20);
			nc += (size_t)(b->v[i].b - b->v[i].a);
		}
	}
	CU_ASSERT(nt > 100);
	CU_ASSERT_EQUAL(nt, nc);        /* the same work, two ways */
	render_gantt_destroy(gt);
	render_gantt_destroy(gc);
}

static void test_empty_windows_and_bad_options_are_rejected(void)
{
	struct render_meta m = dario_meta(30), m0 = dario_meta(0);
	struct render_gantt_opts o = RENDER_GANTT_OPTS_DEFAULT;
	struct render_gantt *g = NULL;
	struct rt_diag d;

	o.t0 = 5;
	o.t1 = 5;
	CU_ASSERT_EQUAL(render_gantt_create(&m, &o, &g, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "empty"));
	o.t0 = 7;
	o.t1 = 3;
	CU_ASSERT_EQUAL(render_gantt_create(&m, &o, &g, &d), RT_ERR_INVAL);
	CU_ASSERT_EQUAL(render_gantt_create(&m0, NULL, &g, &d), RT_ERR_INVAL);
	o = (struct render_gantt_opts)RENDER_GANTT_OPTS_DEFAULT;
	o.dpi = 5;
	CU_ASSERT_EQUAL(render_gantt_create(&m, &o, &g, &d), RT_ERR_INVAL);
	o.dpi = 0;
	o.width_pt = 10;
	CU_ASSERT_EQUAL(render_gantt_create(&m, &o, &g, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NULL(g);
}

static void test_zoom_window_clips_what_is_recorded(void)
{
	struct render_meta m = dario_meta(30);
	struct render_gantt_opts o = RENDER_GANTT_OPTS_DEFAULT;
	struct render_gantt *g = NULL;
	const struct render_boxes *b;
	const struct render_misses *ms;

	o.t0 = 6;
	o.t1 = 16;
	CU_ASSERT_EQUAL_FATAL(render_gantt_create(&m, &o, &g, NULL), RT_OK);
	run_into(&m, render_gantt_sink(g), 30);
	b = render_gantt_boxes(g, 1);
	CU_ASSERT_EQUAL(b->n, 2);
	assert_box(b, 0, 6, 8, 1);
	assert_box(b, 1, 14, 16, 1);
	ms = render_gantt_misses(g, 1);
	CU_ASSERT_EQUAL_FATAL(ms->n, 2);
	CU_ASSERT_EQUAL(ms->v[0].d, 6);
	CU_ASSERT_EQUAL(ms->v[1].f, 16);
	CU_ASSERT_FALSE(ms->v[1].label);        /* finish 18 is outside */
	CU_ASSERT_EQUAL(render_gantt_marks(g, 0, RENDER_MARK_RELEASE)->n, 1);
	render_gantt_destroy(g);
}

static void test_a_long_run_records_what_a_column_can_show(void)
{
	struct rt_task t = rt_task_make("fast", 1, 2, 2);
	struct render_meta m = { .scenario = "long", .time_unit = "tick",
				 .display_unit = "tick", .display_scale = 1,
				 .cpus = 1, .horizon = 200000, .tasks = &t,
				 .ntasks = 1 };
	struct render_gantt *g = chart(&m, RENDER_ROWS_TASK, 252);
	struct sim_sink s;

	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	s = render_gantt_sink(g);
	for (rt_time k = 0; k < 100000; k++) {  /* 100000 jobs, C=1, T=2 */
		struct sim_job_info j = job(0, (uint64_t)k, 2 * k, 2 * k + 2);

		j.job = (uint64_t)k;
		emit1(s, 2 * k, SIM_REC_RELEASE, -1, &j, j.abs_deadline);
		emit1(s, 2 * k, SIM_REC_START, 0, &j, 1);
		emit1(s, 2 * k + 1, SIM_REC_COMPLETE, 0, &j, 1);
	}
	emit1(s, 200000, SIM_REC_END, -1, NULL, 0);
	/* 3.5 in at 300 dpi: 1050 pixels */
	CU_ASSERT(render_gantt_boxes(g, 0)->n <= 3 * 1050);
	CU_ASSERT(render_gantt_marks(g, 0, RENDER_MARK_RELEASE)->n <= 1050);
	/* the first merged box ran half of its span (C = 1, T = 2) */
	CU_ASSERT(llabs(render_gantt_boxes(g, 0)->v[0].busy * 2 -
			(render_gantt_boxes(g, 0)->v[0].b -
			 render_gantt_boxes(g, 0)->v[0].a)) <= 1);
	render_gantt_destroy(g);
}

static void test_replayed_log_draws_the_same_chart(void)
{
	struct render_meta m = dario_meta(30);
	struct render_gantt *direct = chart(&m, RENDER_ROWS_TASK, 0), *again;
	struct render_replay *rp;
	struct render_log *l;
	struct sim_sink s;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL_FATAL(render_log_open(f, RENDER_LOG_JSONL, &m, &l, NULL),
			      RT_OK);
	run_into(&m, render_log_sink(l), 30);
	CU_ASSERT_EQUAL(render_log_finish(l, NULL), RT_OK);
	fclose(f);
	run_into(&m, render_gantt_sink(direct), 30);
	f = fmemopen(buf, len, "r");
	CU_ASSERT_EQUAL_FATAL(render_replay_open(f, "x.jsonl", &rp, NULL), RT_OK);
	again = chart(render_replay_meta(rp), RENDER_ROWS_TASK, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(again);
	s = render_gantt_sink(again);
	CU_ASSERT_EQUAL(render_replay_run(rp, &s, 1, NULL), RT_OK);
	for (size_t r = 0; r < 2; r++) {
		const struct render_boxes *a = render_gantt_boxes(direct, r);
		const struct render_boxes *b = render_gantt_boxes(again, r);
		const struct render_misses *ma = render_gantt_misses(direct, r);
		const struct render_misses *mb = render_gantt_misses(again, r);

		CU_ASSERT_EQUAL_FATAL(a->n, b->n);
		for (size_t i = 0; i < a->n; i++)
			assert_box(b, i, a->v[i].a, a->v[i].b, a->v[i].colour);
		CU_ASSERT_EQUAL_FATAL(ma->n, mb->n);
		for (size_t i = 0; i < ma->n; i++) {
			CU_ASSERT_EQUAL(ma->v[i].d, mb->v[i].d);
			CU_ASSERT_EQUAL(ma->v[i].f, mb->v[i].f);
			CU_ASSERT_EQUAL(ma->v[i].tardiness, mb->v[i].tardiness);
			CU_ASSERT_EQUAL(ma->v[i].open, mb->v[i].open);
		}
	}
	render_gantt_destroy(again);
	render_replay_destroy(rp);
	render_gantt_destroy(direct);
	fclose(f);
	free(buf);
}

/* Corrupted logs replayed into charts and a Chrome trace: every run ends
 * in RT_OK or RT_ERR_PARSE, never a crash (ASan in make check-asan). */
static void test_corrupt_logs_never_crash_the_chart_sinks(void)
{
	const uint64_t seed = 424242;
	struct render_meta m = many_meta();
	struct render_log *l;
	struct rt_rng r;
	char *buf = NULL, *copy;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL_FATAL(render_log_open(f, RENDER_LOG_JSONL, &m, &l, NULL),
			      RT_OK);
	run_into(&m, render_log_sink(l), 30);
	CU_ASSERT_EQUAL(render_log_finish(l, NULL), RT_OK);
	fclose(f);
	copy = malloc(len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
	rt_rng_seed(&r, seed);
	for (int it = 0; it < 200; it++) {
		struct render_gantt *g[2] = { NULL, NULL };
		struct render_chrome *c = NULL;
		struct render_replay *rp = NULL;
		struct sim_sink s[3];
		char *out = NULL;
		size_t olen = 0, n = len;
		FILE *in, *of;
		enum rt_err rc;

		memcpy(copy, buf, len);
		for (int k = (int)rt_rng_range(&r, 1, 3); k > 0; k--) {
			size_t at = (size_t)rt_rng_range(&r, 0, (int64_t)n - 1);

			if (rt_rng_range(&r, 0, 4) == 0)
				n = at + 1;
			else
				copy[at] = "0123456789-,:{}\\"[rt_rng_range(&r, 0, 15)];
		}
		in = fmemopen(copy, n, "r");
		of = open_memstream(&out, &olen);
		rc = render_replay_open(in, "fuzz.jsonl", &rp, NULL);
		if (rc == RT_OK) {
			const struct render_meta *rm = render_replay_meta(rp);

			g[0] = chart(rm, RENDER_ROWS_TASK, 0);
			g[1] = chart(rm, RENDER_ROWS_CPU, 0);
			CU_ASSERT_EQUAL(render_chrome_open(of, rm, &c, NULL), RT_OK);
			if (g[0] && g[1] && c) {
				s[0] = render_gantt_sink(g[0]);
				s[1] = render_gantt_sink(g[1]);
				s[2] = render_chrome_sink(c);
				rc = render_replay_run(rp, s, 3, NULL);
			}
			CU_ASSERT_EQUAL(render_chrome_finish(c, NULL), RT_OK);
		}
		if (rc != RT_OK && rc != RT_ERR_PARSE)
			fprintf(stderr, "\n  seed %" PRIu64 " iteration %d: rc %d\n",
				seed, it, rc);
		CU_ASSERT(rc == RT_OK || rc == RT_ERR_PARSE);
		render_gantt_destroy(g[0]);
		render_gantt_destroy(g[1]);
		render_replay_destroy(rp);
		fclose(in);
		fclose(of);
		free(out);
	}
	free(copy);
	free(buf);
}

/* ---- files -------------------------------------------------------- */

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

/* Every element opened is closed, properly nested, one root <svg>. */
static bool svg_balanced(const char *s)
{
	char stack[64][32];
	int depth = 0, roots = 0;

	while ((s = strchr(s, '<')) != NULL) {
		const char *e;
		size_t n;

		if (!strncmp(s, "<?", 2) || !strncmp(s, "<!", 2)) {
			s++;
			continue;
		}
		e = strchr(s, '>');
		if (!e)
			return false;
		if (s[1] == '/') {
			n = strcspn(s + 2, " >");
			if (depth == 0 || strlen(stack[depth - 1]) != n ||
			    strncmp(stack[depth - 1], s + 2, n))
				return false;
			depth--;
		} else if (e[-1] != '/') {
			n = strcspn(s + 1, " />\n");
			if (depth == 64 || n >= 32)
				return false;
			if (depth == 0 && roots++)
				return false;
			memcpy(stack[depth], s + 1, n);
			stack[depth++][n] = '\0';
			if (depth == 1 && strcmp(stack[0], "svg"))
				return false;
		}
		s = e;
	}
	return depth == 0 && roots == 1;
}

static void write_dario(const char *path, double width_pt, double dpi,
			enum rt_err want)
{
	struct render_meta m = dario_meta(30);
	struct render_gantt_opts o = RENDER_GANTT_OPTS_DEFAULT;
	struct render_gantt *g = NULL;
	struct rt_diag d;
	enum rt_err rc;

	o.width_pt = width_pt;
	o.dpi = dpi;
	CU_ASSERT_EQUAL_FATAL(render_gantt_create(&m, &o, &g, &d), RT_OK);
	run_into(&m, render_gantt_sink(g), 30);
	rc = render_gantt_write(g, path, &d);
	if (rc != want)
		fprintf(stderr, "\n  %s: %s\n", path, d.msg);
	CU_ASSERT_EQUAL(rc, want);
	render_gantt_destroy(g);
}

static void test_png_has_the_requested_pixel_width(void)
{
	unsigned char *b;
	size_t n;

	outdir();
	write_dario(OUT "/dario-col.png", 3.5 * 72, 300, RT_OK);
	b = slurp(OUT "/dario-col.png", &n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT(n > 33 && !memcmp(b, "\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
	CU_ASSERT_EQUAL(be32(b + 16), 1050);
	CU_ASSERT(be32(b + 20) > 150 && be32(b + 20) < 1050);
	free(b);
	write_dario(OUT "/dario-1600.png", 1600 * 72.0 / 150, 150, RT_OK);
	b = slurp(OUT "/dario-1600.png", &n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_EQUAL(be32(b + 16), 1600);
	free(b);
}

static void test_svg_and_pdf_are_well_formed(void)
{
	unsigned char *b;
	size_t n;

	outdir();
	write_dario(OUT "/dario.svg", 0, 0, RT_OK);
	b = slurp(OUT "/dario.svg", &n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT(!strncmp((char *)b, "<?xml", 5));
	CU_ASSERT_PTR_NOT_NULL(strstr((char *)b, "width=\"515.52pt\""));
	CU_ASSERT(svg_balanced((char *)b));
	free(b);
	write_dario(OUT "/dario.pdf", 0, 0, RT_OK);
	b = slurp(OUT "/dario.pdf", &n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT(n > 100 && !strncmp((char *)b, "%PDF-", 5));
	CU_ASSERT(!strncmp((char *)b + n - 6, "%%EOF\n", 6));
	free(b);
}

static void test_same_input_gives_the_same_bytes(void)
{
	static const char *const ext[] = { "png", "svg", "pdf", "tex" };

	outdir();
	for (int i = 0; i < 4; i++) {
		char p1[256], p2[256];
		unsigned char *a, *b;
		size_t na, nb;

		snprintf(p1, sizeof(p1), OUT "/same-1.%s", ext[i]);
		snprintf(p2, sizeof(p2), OUT "/same-2.%s", ext[i]);
		write_dario(p1, 0, 0, RT_OK);
		write_dario(p2, 0, 0, RT_OK);
		a = slurp(p1, &na);
		b = slurp(p2, &nb);
		CU_ASSERT_PTR_NOT_NULL(a);
		CU_ASSERT_PTR_NOT_NULL(b);
		CU_ASSERT(a && b && na == nb && !memcmp(a, b, na));
		free(a);
		free(b);
	}
}

static bool temp_files_left(void)
{
	DIR *dir = opendir(OUT);
	struct dirent *e;
	bool found = false;

	while (dir && (e = readdir(dir)) != NULL)
		found = found || strstr(e->d_name, ".tmp-") != NULL;
	if (dir)
		closedir(dir);
	return found;
}

static void test_failed_writes_leave_no_file(void)
{
	outdir();
	unlink(OUT "/bad.bmp");
	write_dario(OUT "/bad.bmp", 0, 0, RT_ERR_INVAL);
	CU_ASSERT_EQUAL(access(OUT "/bad.bmp", F_OK), -1);
	write_dario(OUT "/no-such-dir/x.png", 0, 0, RT_ERR_IO);
	write_dario(OUT "/noext", 0, 0, RT_ERR_INVAL);
	CU_ASSERT_EQUAL(access(OUT "/noext", F_OK), -1);
	/* 200 in at 2400 dpi is too large for a PNG: nothing is written */
	unlink(OUT "/huge.png");
	write_dario(OUT "/huge.png", 200 * 72, 2400, RT_ERR_INVAL);
	CU_ASSERT_EQUAL(access(OUT "/huge.png", F_OK), -1);
	CU_ASSERT_FALSE(temp_files_left());
}

static void test_chart_format_is_chosen_by_extension(void)
{
	enum render_gantt_format f;
	struct rt_diag d;

	CU_ASSERT_EQUAL(render_gantt_format_from_path("a.PNG", &f, &d), RT_OK);
	CU_ASSERT_EQUAL(f, RENDER_GANTT_PNG);
	CU_ASSERT_EQUAL(render_gantt_format_from_path("a.svg", &f, &d), RT_OK);
	CU_ASSERT_EQUAL(f, RENDER_GANTT_SVG);
	CU_ASSERT_EQUAL(render_gantt_format_from_path("a.pdf", &f, &d), RT_OK);
	CU_ASSERT_EQUAL(f, RENDER_GANTT_PDF);
	CU_ASSERT_EQUAL(render_gantt_format_from_path("a.tikz", &f, &d), RT_OK);
	CU_ASSERT_EQUAL(f, RENDER_GANTT_TIKZ);
	CU_ASSERT_EQUAL(render_gantt_format_from_path("a.jpeg", &f, &d),
			RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "'.jpeg'"));
}

static void test_four_cpus_twenty_tasks_render_in_both_views(void)
{
	static const char *const names[2] = { "task", "cpu" };
	struct render_meta m = many_meta();

	outdir();
	for (int v = 0; v < 2; v++) {
		struct render_gantt *g = chart(&m, v ? RENDER_ROWS_CPU :
					       RENDER_ROWS_TASK, 0);
		const struct render_axis *ax;
		char path[256];
		unsigned char *b;
		struct rt_diag d;
		size_t n;

		CU_ASSERT_PTR_NOT_NULL_FATAL(g);
		run_into(&m, render_gantt_sink(g), 60);
		ax = render_gantt_axis(g);
		CU_ASSERT(ax->x0 > 0 && ax->x1 > ax->x0 && ax->x1 < 7.16 * 72);
		for (const char *e = "png\0svg\0pdf\0tex\0"; *e; e += 4) {
			snprintf(path, sizeof(path), OUT "/gedf-4x20-%s.%s",
				 names[v], e);
			CU_ASSERT_EQUAL(render_gantt_write(g, path, &d), RT_OK);
		}
		snprintf(path, sizeof(path), OUT "/gedf-4x20-%s.png", names[v]);
		b = slurp(path, &n);
		CU_ASSERT_PTR_NOT_NULL_FATAL(b);
		CU_ASSERT_EQUAL(be32(b + 16), 2148);    /* 7.16 in, 300 dpi */
		free(b);
		render_gantt_destroy(g);
	}
}

static void test_tikz_has_one_draw_per_box_and_escapes_names(void)
{
	struct rt_task t[2] = { rt_task_make("a_b&c%$#{}~^\\", 4, 5, 10),
				rt_task_make("P2", 4, 5, 10) };
	struct render_meta m = dario_meta(30);
	struct render_gantt *g;
	unsigned char *b;
	const char *p;
	size_t n, draws = 0, boxes = 0;

	m.tasks = t;
	g = chart(&m, RENDER_ROWS_TASK, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	run_into(&m, render_gantt_sink(g), 30);
	outdir();
	CU_ASSERT_EQUAL(render_gantt_write(g, OUT "/dario.tex", NULL), RT_OK);
	b = slurp(OUT "/dario.tex", &n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	p = (const char *)b;
	CU_ASSERT_PTR_NOT_NULL(strstr(p, "\\begin{tikzpicture}"));
	CU_ASSERT(n > 17 && !strcmp(p + n - 18, "\\end{tikzpicture}\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(p, "{a\\_b\\&c\\%\\$\\#\\{\\}\\~{}\\^{}"
				      "\\textbackslash{}}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(p, "{$\\tau_{1}$ (4, 5, 10)}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(p, "{+3}"));
	for (const char *q = p; (q = strstr(q, "\\draw[dlsimbox")); q++)
		draws++;
	for (size_t r = 0; r < 2; r++)
		boxes += render_gantt_boxes(g, r)->n;
	CU_ASSERT_EQUAL(draws, boxes);  /* 1 CPU: no legend swatches */
	CU_ASSERT_EQUAL(boxes, 6);
	free(b);
	render_gantt_destroy(g);
}

/* Last: leak checkers must see no font caches at exit (make check-asan). */
static void test_font_caches_can_be_released_and_rebuilt(void)
{
	unsigned char *b;
	size_t n;

	render_release_caches();
	outdir();
	write_dario(OUT "/after-release.png", 0, 0, RT_OK);
	b = slurp(OUT "/after-release.png", &n);
	CU_ASSERT_PTR_NOT_NULL(b);
	free(b);
	render_release_caches();
}

CU_TestInfo render_tests[] = {
	{ "axis maps the window linearly onto the plot",
	  test_axis_maps_the_window_linearly_onto_the_plot },
	{ "tick steps are 1, 2 or 5 times a power of ten",
	  test_tick_steps_are_1_2_5_times_a_power_of_ten },
	{ "time labels are exact decimals", test_time_labels_are_exact_decimals },
	{ "window times parse exactly or not at all",
	  test_window_times_parse_exactly_or_not_at_all },
	{ "windows parse as start:end", test_windows_parse_as_start_colon_end },
	{ "sizes parse in inches, centimetres and pixels",
	  test_sizes_parse_in_inches_centimetres_and_pixels },
	{ "boxes merge only below the resolution",
	  test_boxes_merge_only_below_the_resolution },
	{ "a million slices keep a bounded number of boxes",
	  test_a_million_slices_keep_a_bounded_number_of_boxes },
	{ "marks closer than a pixel are dropped",
	  test_marks_closer_than_a_pixel_are_dropped },
	{ "miss spans run from deadline to finish with labels",
	  test_miss_spans_run_from_deadline_to_finish_with_labels },
	{ "dario chart has boxes, arrows and misses of 3",
	  test_dario_chart_has_boxes_arrows_and_misses_of_3 },
	{ "preemption splits a job into two boxes",
	  test_preemption_splits_a_job_into_two_boxes },
	{ "pending late job shows an open miss at the horizon",
	  test_pending_late_job_shows_an_open_miss_at_the_horizon },
	{ "abort ends the box and leaves a mark",
	  test_abort_ends_the_box_and_leaves_a_mark },
	{ "boxes are coloured by cpu or by task",
	  test_boxes_are_coloured_by_cpu_or_by_task },
	{ "empty windows and bad options are rejected",
	  test_empty_windows_and_bad_options_are_rejected },
	{ "zoom window clips what is recorded",
	  test_zoom_window_clips_what_is_recorded },
	{ "a long run records what a column can show",
	  test_a_long_run_records_what_a_column_can_show },
	{ "replayed log draws the same chart",
	  test_replayed_log_draws_the_same_chart },
	{ "corrupt logs never crash the chart sinks",
	  test_corrupt_logs_never_crash_the_chart_sinks },
	{ "png has the requested pixel width",
	  test_png_has_the_requested_pixel_width },
	{ "svg and pdf are well formed", test_svg_and_pdf_are_well_formed },
	{ "same input gives the same bytes",
	  test_same_input_gives_the_same_bytes },
	{ "failed writes leave no file", test_failed_writes_leave_no_file },
	{ "chart format is chosen by extension",
	  test_chart_format_is_chosen_by_extension },
	{ "four cpus and twenty tasks render in both views",
	  test_four_cpus_twenty_tasks_render_in_both_views },
	{ "tikz has one draw per box and escapes names",
	  test_tikz_has_one_draw_per_box_and_escapes_names },
	{ "font caches can be released and rebuilt",
	  test_font_caches_can_be_released_and_rebuilt },
	CU_TEST_INFO_NULL
};
