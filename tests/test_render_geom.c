/* test_render_geom.c - the Gantt chart's geometry as pure functions:
 * the time axis and its tick steps, exact time labels, parsing sizes,
 * merging boxes below the resolution (bounded for a
 * million slices), dropping marks closer than a pixel, and deadline-miss
 * spans with their labels.  No chart, no file (STYLE 2.9).
 */
#include <math.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/rng.h"
#include "render/geom.h"
#include "tests/suites.h"

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

CU_TestInfo render_geom_tests[] = {
	{ "axis maps the window linearly onto the plot",
	  test_axis_maps_the_window_linearly_onto_the_plot },
	{ "tick steps are 1, 2 or 5 times a power of ten",
	  test_tick_steps_are_1_2_5_times_a_power_of_ten },
	{ "time labels are exact decimals", test_time_labels_are_exact_decimals },
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
	CU_TEST_INFO_NULL
};
