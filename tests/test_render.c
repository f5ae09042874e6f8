/* test_render.c - the Gantt recorder: boxes, arrows and misses of
 * hand-made and replayed record streams, preemptions, open misses at the
 * horizon, aborts, colours by CPU or task, bad options, zoom windows,
 * long runs, and corrupt logs.  The pure geometry is in
 * test_render_geom.c, the image files in test_render_files.c.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/rng.h"
#include "render/chrome.h"
#include "render/gantt.h"
#include "render/gantt_int.h"     /* row labels and the legend */
#include "render/log.h"
#include "render/replay.h"
#include "tests/render_util.h"
#include "tests/suites.h"

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

/* ---- the recorder ------------------------------------------------- */

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
	/* finish 18 is outside, but the tardiness (3) is known: labelled */
	CU_ASSERT_TRUE(ms->v[1].label);
	CU_ASSERT_EQUAL(render_gantt_marks(g, 0, RENDER_MARK_RELEASE)->n, 1);
	render_gantt_destroy(g);
}

static void feed(struct sim_sink s, rt_time t, enum sim_rec_kind k, int cpu,
		 const struct sim_job_info *ji)
{
	struct sim_rec r = { .time = t, .kind = k, .cpu = cpu, .info = ji,
			     .task = ji ? ji->task : 0, .job = ji ? ji->job : 0 };

	CU_ASSERT_EQUAL(s.emit(s.ctx, &r), RT_OK);
}

/* A migration, by hand on 2 CPUs: P1's job 0 (C 4, D 5) runs [0, 2) on
 * CPU 0, is preempted, and resumes [3, 5) on CPU 1: one migration mark
 * at 3 in its task row, and in the CPU view on CPU 1's row.  Job 1
 * starting on CPU 0 after job 0 ran on CPU 1 is no migration.  In the
 * CPU view job 0's release 0 and deadline 5 go on CPU 0, where it first
 * ran. */
static void test_a_job_resuming_elsewhere_is_a_migration(void)
{
	struct render_meta m = dario_meta(20);
	struct sim_job_info j0 = { .task = 0, .job = 0, .release = 0,
				   .abs_deadline = 5, .start = 0,
				   .finish = RT_TIME_NEVER, .cpu = 0 };
	struct sim_job_info j1 = { .task = 0, .job = 1, .seq = 1,
				   .release = 10, .abs_deadline = 15,
				   .start = 10, .finish = RT_TIME_NEVER };

	m.cpus = 2;
	for (int view = 0; view < 2; view++) {
		struct render_gantt *g = chart(&m, view ? RENDER_ROWS_CPU :
					       RENDER_ROWS_TASK, 500);
		struct sim_sink s = render_gantt_sink(g);
		const struct render_marks *mk;

		feed(s, 0, SIM_REC_RELEASE, -1, &j0);
		feed(s, 0, SIM_REC_START, 0, &j0);
		feed(s, 2, SIM_REC_PREEMPT, 0, &j0);
		feed(s, 3, SIM_REC_START, 1, &j0);
		feed(s, 5, SIM_REC_COMPLETE, 1, &j0);
		feed(s, 10, SIM_REC_RELEASE, -1, &j1);
		feed(s, 10, SIM_REC_START, 0, &j1);
		feed(s, 14, SIM_REC_COMPLETE, 0, &j1);
		feed(s, 20, SIM_REC_END, -1, NULL);
		mk = render_gantt_marks(g, view ? 1 : 0, RENDER_MARK_MIGRATE);
		CU_ASSERT_EQUAL_FATAL(mk->n, 1);
		CU_ASSERT_EQUAL(mk->v[0], 3);
		CU_ASSERT_EQUAL(render_gantt_marks(g, view ? 0 : 1,
						   RENDER_MARK_MIGRATE)->n, 0);
		if (view) {
			mk = render_gantt_marks(g, 0, RENDER_MARK_RELEASE);
			CU_ASSERT_EQUAL_FATAL(mk->n, 2);
			CU_ASSERT_EQUAL(mk->v[0], 0);
			CU_ASSERT_EQUAL(mk->v[1], 10);
			mk = render_gantt_marks(g, 0, RENDER_MARK_DEADLINE);
			CU_ASSERT_EQUAL_FATAL(mk->n, 2);
			CU_ASSERT_EQUAL(mk->v[0], 5);
			CU_ASSERT_EQUAL(render_gantt_marks(g, 1,
					RENDER_MARK_RELEASE)->n, 0);
		}
		render_gantt_destroy(g);
	}
}

/* Labels and legend at paper widths: at 3.5 in Dario's rows read
 * "τ₁ (4, 5, 10)" over the name; on a 1 in page that label is wider than
 * 0.4 of the page, so the rows become "τ₁ P1" over "(4, 5, 10)" instead
 * of being clipped.  The legend says what the tuple is and, after a run
 * with misses, explains the miss span; no title unless asked for. */
static void test_labels_and_legend_read_at_paper_widths(void)
{
	struct render_meta m = dario_meta(20);
	struct render_gantt_opts o = RENDER_GANTT_OPTS_DEFAULT;
	struct render_gantt *g = NULL;
	struct gantt_legend_item it[32];
	size_t n;
	bool tuple = false, miss = false;

	o.width_pt = 3.5 * 72;
	CU_ASSERT_EQUAL_FATAL(render_gantt_create(&m, &o, &g, NULL), RT_OK);
	CU_ASSERT_STRING_EQUAL(g->rows[0].label,
			       "\xcf\x84\xe2\x82\x81 (4, 5, 10)");
	CU_ASSERT_STRING_EQUAL(g->rows[0].sublabel, "P1");
	CU_ASSERT_PTR_NULL(g->o.title);
	CU_ASSERT(g->xl.font >= 8 && g->xl.small >= 8);
	run_into(&m, render_gantt_sink(g), 20);
	n = gantt_legend_items(g, it, 32);
	for (size_t i = 0; i < n; i++) {
		tuple = tuple || strstr(it[i].text, "(C, D, T): WCET, relative "
					"deadline, period, in ticks");
		miss = miss || (it[i].kind == GANTT_LEG_MISS &&
				!strcmp(it[i].text, "deadline miss, +tardiness"));
	}
	CU_ASSERT_TRUE(tuple);
	CU_ASSERT_TRUE(miss);
	render_gantt_destroy(g);
	o.width_pt = 72;
	o.title = "T";
	CU_ASSERT_EQUAL_FATAL(render_gantt_create(&m, &o, &g, NULL), RT_OK);
	CU_ASSERT_STRING_EQUAL(g->rows[1].label, "\xcf\x84\xe2\x82\x82 P2");
	CU_ASSERT_STRING_EQUAL(g->rows[1].sublabel, "(4, 5, 10)");
	CU_ASSERT_STRING_EQUAL(g->o.title, "T");
	render_gantt_destroy(g);
}

/* The axis leaves room for its last tick label, centred on the axis's
 * end: a window far into a long run has 11-digit labels
 * ("25000400000"), which ran past the page at the default right margin
 * (1.5 font sizes); short labels keep that margin. */
static void test_last_tick_label_fits_the_page(void)
{
	struct render_meta m = dario_meta(30000000000);
	struct render_gantt_opts o = RENDER_GANTT_OPTS_DEFAULT;
	struct render_gantt *g = NULL;
	double w, short_x1;

	o.width_pt = 3.5 * 72;
	CU_ASSERT_EQUAL_FATAL(render_gantt_create(&m, &o, &g, NULL), RT_OK);
	w = gantt_text_width(g->family, "30000000000", g->xl.small, false);
	CU_ASSERT(g->ax.x1 + w / 2 <= g->xl.width);
	render_gantt_destroy(g);
	o.t0 = 25000000000;
	o.t1 = 25000400000;
	CU_ASSERT_EQUAL_FATAL(render_gantt_create(&m, &o, &g, NULL), RT_OK);
	w = gantt_text_width(g->family, "25000400000", g->xl.small, false);
	CU_ASSERT(w > 3 * g->xl.font);
	CU_ASSERT(g->ax.x1 + w / 2 <= g->xl.width);
	/* and a label of one more digit (a decimal, ns scenarios) */
	w = gantt_text_width(g->family, "250003999995", g->xl.small, false);
	CU_ASSERT(g->ax.x1 + w / 2 <= g->xl.width);
	render_gantt_destroy(g);
	m = dario_meta(20);
	o = (struct render_gantt_opts)RENDER_GANTT_OPTS_DEFAULT;
	o.width_pt = 3.5 * 72;
	CU_ASSERT_EQUAL_FATAL(render_gantt_create(&m, &o, &g, NULL), RT_OK);
	short_x1 = g->ax.x1;
	CU_ASSERT_DOUBLE_EQUAL(short_x1, g->xl.width - 1.5 * g->xl.font,
			       1e-9);
	render_gantt_destroy(g);
}

/* --window [T0, T1) holds for every mark: Dario's case run to 30 and
 * drawn in [0, 20) has releases 0 and 10 only (the release at 20, and
 * the deadline 25 of the job released at 20, belong to the next
 * window); deadlines 5 and 15 (both tasks), completions 4, 14 (P1) and
 * 8, 18 (P2); P2's misses have deadlines 5 and 15 only. */
static void test_window_end_is_exclusive_for_marks(void)
{
	struct render_meta m = dario_meta(30);
	struct render_gantt_opts o = RENDER_GANTT_OPTS_DEFAULT;
	struct render_gantt *g = NULL;
	const struct render_marks *mk;

	o.t0 = 0;
	o.t1 = 20;
	CU_ASSERT_EQUAL_FATAL(render_gantt_create(&m, &o, &g, NULL), RT_OK);
	run_into(&m, render_gantt_sink(g), 30);
	for (size_t row = 0; row < 2; row++) {
		mk = render_gantt_marks(g, row, RENDER_MARK_RELEASE);
		CU_ASSERT_EQUAL_FATAL(mk->n, 2);
		CU_ASSERT_EQUAL(mk->v[0], 0);
		CU_ASSERT_EQUAL(mk->v[1], 10);
		mk = render_gantt_marks(g, row, RENDER_MARK_DEADLINE);
		CU_ASSERT_EQUAL_FATAL(mk->n, 2);
		CU_ASSERT_EQUAL(mk->v[1], 15);
	}
	mk = render_gantt_marks(g, 1, RENDER_MARK_COMPLETE);
	CU_ASSERT_EQUAL_FATAL(mk->n, 2);
	CU_ASSERT_EQUAL(mk->v[1], 18);
	CU_ASSERT_EQUAL(render_gantt_misses(g, 1)->n, 2);
	render_gantt_destroy(g);
	/* a completion at T1 ends a box drawn inside: kept (P2 at 18) */
	o.t1 = 18;
	CU_ASSERT_EQUAL_FATAL(render_gantt_create(&m, &o, &g, NULL), RT_OK);
	run_into(&m, render_gantt_sink(g), 30);
	mk = render_gantt_marks(g, 1, RENDER_MARK_COMPLETE);
	CU_ASSERT_EQUAL_FATAL(mk->n, 2);
	CU_ASSERT_EQUAL(mk->v[1], 18);
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

CU_TestInfo render_tests[] = {
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
	{ "labels and legend read at paper widths",
	  test_labels_and_legend_read_at_paper_widths },
	{ "a job resuming elsewhere is a migration",
	  test_a_job_resuming_elsewhere_is_a_migration },
	{ "the last tick label fits the page",
	  test_last_tick_label_fits_the_page },
	{ "window end is exclusive for marks",
	  test_window_end_is_exclusive_for_marks },
	{ "zoom window clips what is recorded",
	  test_zoom_window_clips_what_is_recorded },
	{ "a long run records what a column can show",
	  test_a_long_run_records_what_a_column_can_show },
	{ "replayed log draws the same chart",
	  test_replayed_log_draws_the_same_chart },
	{ "corrupt logs never crash the chart sinks",
	  test_corrupt_logs_never_crash_the_chart_sinks },
	CU_TEST_INFO_NULL
};
