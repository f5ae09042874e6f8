/* test_render_geom.c - the Gantt chart's geometry as pure functions:
 * the time axis and its tick steps, exact time labels, parsing sizes,
 * merging boxes below the resolution (bounded for a
 * million slices), dropping marks closer than a pixel, and deadline-miss
 * spans with their labels.  No chart, no file (docs/design.md §8).
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
	CU_ASSERT_STRING_EQUAL(b, "\xe2\x89\xa5+5");     /* "≥+5" */
	CU_ASSERT_EQUAL(ms.v[2].f, 20);
	CU_ASSERT_TRUE(ms.v[2].label);  /* finish 25 outside, tardiness known */
	ms.v[0].tardiness = 2500;
	render_miss_label(b, sizeof(b), &ms.v[0], 1000);
	CU_ASSERT_STRING_EQUAL(b, "+2.5");
	/* overlapping late jobs of an overload, each 10 px long, starting
	 * every 0.5 px: they merge (the list is bounded by the picture) and
	 * keep the largest tardiness */
	{
		struct render_axis ax2 = { .t0 = 0, .t1 = 2000, .x0 = 0,
					   .x1 = 200, .px = 1 };
		struct render_misses m2 = { 0 };

		for (rt_time k = 0; k < 400; k++)
			render_misses_add(&m2, &ax2, 5 * k, 5 * k + 100, 100 + k,
					  false, 2);
		CU_ASSERT(m2.n <= 200 / 2 + 1);
		CU_ASSERT_EQUAL(m2.v[m2.n - 1].tardiness, 499);
		render_misses_fini(&m2);
	}
	ms.v[0].tardiness = 3688402;    /* ns, shown in ms: 3 digits */
	render_miss_label(b, sizeof(b), &ms.v[0], 1000000);
	CU_ASSERT_STRING_EQUAL(b, "+3.69");
	render_misses_fini(&ms);
}

static void test_axis_unit_grows_until_labels_are_short(void)
{
	const char *name;
	rt_time sc;

	/* ticks have no unit to change */
	CU_ASSERT_EQUAL(render_axis_unit("tick", 1, 1000000, NULL, &name, &sc,
					 NULL), RT_OK);
	CU_ASSERT_STRING_EQUAL(name, "ticks");
	CU_ASSERT_EQUAL(sc, 1);
	CU_ASSERT_EQUAL(render_axis_unit("tick", 1, 10, "ms", &name, &sc,
					 NULL), RT_ERR_INVAL);
	/* us scenario, 9999 us: four digits stay in us */
	CU_ASSERT_EQUAL(render_axis_unit("ns", 1000, 9999000, NULL, &name, &sc,
					 NULL), RT_OK);
	CU_ASSERT_STRING_EQUAL(name, "us");
	CU_ASSERT_EQUAL(sc, 1000);
	/* 100000 us = 100 ms */
	CU_ASSERT_EQUAL(render_axis_unit("ns", 1000, 100000000, NULL, &name,
					 &sc, NULL), RT_OK);
	CU_ASSERT_STRING_EQUAL(name, "ms");
	CU_ASSERT_EQUAL(sc, 1000000);
	/* 2e13 ns = 20000 s: s is the largest unit */
	CU_ASSERT_EQUAL(render_axis_unit("ns", 1, 20000000000000LL, NULL,
					 &name, &sc, NULL), RT_OK);
	CU_ASSERT_STRING_EQUAL(name, "s");
	/* never smaller than the scenario's unit */
	CU_ASSERT_EQUAL(render_axis_unit("ns", 1000000, 5000000, NULL, &name,
					 &sc, NULL), RT_OK);
	CU_ASSERT_STRING_EQUAL(name, "ms");
	/* asked for */
	CU_ASSERT_EQUAL(render_axis_unit("ns", 1000000, 5, "us", &name, &sc,
					 NULL), RT_OK);
	CU_ASSERT_EQUAL(sc, 1000);
	CU_ASSERT_EQUAL(render_axis_unit("ns", 1000000, 5, "min", &name, &sc,
					 NULL), RT_ERR_INVAL);
}

static void test_rounded_labels_keep_three_significant_digits(void)
{
	char b[32];

	render_format_time_sig(b, sizeof(b), 3688402, 1000000, 3);
	CU_ASSERT_STRING_EQUAL(b, "3.69");
	render_format_time_sig(b, sizeof(b), 3688402, 1000, 3);
	CU_ASSERT_STRING_EQUAL(b, "3688");      /* integer digits kept */
	render_format_time_sig(b, sizeof(b), 123, 1000000, 3);
	CU_ASSERT_STRING_EQUAL(b, "0.000123");
	render_format_time_sig(b, sizeof(b), 1, 1000000000, 3);
	CU_ASSERT_STRING_EQUAL(b, "0.000000001");       /* never "0" */
	render_format_time_sig(b, sizeof(b), 9996, 1000, 3);
	CU_ASSERT_STRING_EQUAL(b, "10");        /* 9.996 -> 10.0 -> "10" */
	render_format_time_sig(b, sizeof(b), 2500, 1000, 3);
	CU_ASSERT_STRING_EQUAL(b, "2.5");
	render_format_time_sig(b, sizeof(b), 12, 1, 3);
	CU_ASSERT_STRING_EQUAL(b, "12");
	render_format_time_sig(b, sizeof(b), -1250, 1000, 2);
	CU_ASSERT_STRING_EQUAL(b, "-1.3");      /* half away from zero */
	render_format_time_sig(b, sizeof(b), 7, 3, 3);  /* not 10^k: exact */
	CU_ASSERT_STRING_EQUAL(b, "2.333333333333333333");
}

/* Two misses whose labels would overlap: the second moves one line
 * down; a label past the right edge moves left and off level 0; a label
 * may not cover another span in level 0. */
static void test_miss_labels_stack_instead_of_colliding(void)
{
	double want[4] = { 10, 14, 95, 0 }, w[4] = { 8, 8, 10, -1 };
	double sa[4] = { 2, 6, 90, 0 }, sb[4] = { 10, 14, 95, 0 };
	double x[4];
	int lv[4], n;

	n = render_place_labels(want, w, sa, sb, 3, 100, 1, 3, x, lv);
	CU_ASSERT_EQUAL(n, 2);
	CU_ASSERT_EQUAL(lv[0], 1);      /* [10, 18] would cover span [6, 14] */
	CU_ASSERT_DOUBLE_EQUAL(x[0], 10, 1e-12);
	CU_ASSERT_EQUAL(lv[1], 0);      /* [14, 22]: free in level 0 */
	CU_ASSERT_EQUAL(lv[2], 1);      /* moved left to end at 100 */
	CU_ASSERT_DOUBLE_EQUAL(x[2], 90, 1e-12);
	/* no spans in the way: side by side in level 0 */
	sa[1] = 30; sb[1] = 31; want[1] = 31;
	n = render_place_labels(want, w, sa, sb, 2, 100, 1, 3, x, lv);
	CU_ASSERT_EQUAL(n, 1);
	CU_ASSERT_EQUAL(lv[0], 0);
	CU_ASSERT_EQUAL(lv[1], 0);
	/* a span without a label is only an obstacle */
	n = render_place_labels(want + 3, w + 3, sa + 3, sb + 3, 1, 100, 1, 3,
				x, lv);
	CU_ASSERT_EQUAL(n, 0);
	CU_ASSERT_EQUAL(lv[0], -1);
}

/* Property: on random rows (seeded, printed on failure), labels placed in
 * one level never overlap each other, level-0 labels never overlap a
 * span other than their own, every label ends at or before xmax, and
 * with enough levels every label is placed. */
static void test_placed_labels_never_overlap(void)
{
	unsigned seed = 20261203u;

	for (int trial = 0; trial < 300; trial++) {
		double want[40], w[40], sa[40], sb[40], x[40];
		int lv[40], n = 1 + (int)(seed % 40);
		double pos = 0;

		for (int i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			pos += (double)(seed >> 16 & 0xff) / 16.0;
			sa[i] = pos;
			sb[i] = pos + (double)(seed >> 8 & 0x1f) / 8.0;
			want[i] = sb[i] + 0.5;
			w[i] = 3 + (double)(seed & 7);
		}
		render_place_labels(want, w, sa, sb, (size_t)n, 120, 0.5, 16,
				    x, lv);
		for (int i = 0; i < n; i++) {
			if (lv[i] < 0)
				continue;
			CU_ASSERT(x[i] + w[i] <= 120 + 1e-9);
			for (int j = 0; j < n; j++) {
				if (j != i && lv[j] == lv[i] &&
				    x[j] < x[i] + w[i] && x[i] < x[j] + w[j]) {
					printf("seed trial %d: labels %d, %d "
					       "overlap\n", trial, i, j);
					CU_FAIL("labels overlap");
				}
				if (lv[i] == 0 && j != i && sb[j] >= x[i] &&
				    sa[j] <= x[i] + w[i])
					CU_FAIL("level-0 label on a span");
			}
		}
	}
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
	{ "axis unit grows until labels are short",
	  test_axis_unit_grows_until_labels_are_short },
	{ "rounded labels keep three significant digits",
	  test_rounded_labels_keep_three_significant_digits },
	{ "miss labels stack instead of colliding",
	  test_miss_labels_stack_instead_of_colliding },
	{ "placed labels never overlap", test_placed_labels_never_overlap },
	CU_TEST_INFO_NULL
};
