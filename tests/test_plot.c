/* test_plot.c - the plots besides the Gantt chart (render/plot.h): the
 * dbf step function and its witness (known answers, and PDC's witness on
 * random seeded sets), histograms, CCDFs, nice ticks, the --jobs CSV
 * reader, the utilization sink, and figure files (status OK, SVG text,
 * same bytes twice; never compared against stored images). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <CUnit/CUnit.h>

#include "models/analysis_uni.h"
#include "models/mem.h"
#include "models/rng.h"
#include "render/gantt.h"
#include "render/plot.h"
#include "tests/file_util.h"
#include "tests/suites.h"

#define OUT DLSIM_SRCDIR "/build/test-out/plot"

static void outdir(void)
{
	mkdir(DLSIM_SRCDIR "/build", 0777);
	mkdir(DLSIM_SRCDIR "/build/test-out", 0777);
	mkdir(OUT, 0777);
}

/* Dario's case, two (C 4, D 5, T 10) tasks: the absolute deadlines are
 * 5, 15, 25, ... and each adds 2 x 4: dbf(5) = 8, dbf(15) = 16,
 * dbf(25) = 24.  dbf(5) = 8 > 5 is the first violation (the witness),
 * and the default span is twice it. */
static void test_dbf_steps_of_darios_case(void)
{
	struct rt_task t[2] = { rt_task_make("P1", 4, 5, 10),
				rt_task_make("P2", 4, 5, 10) };
	double *x, *y;
	size_t n;
	bool trunc;

	CU_ASSERT_EQUAL_FATAL(render_dbf_steps(t, 2, 25, 1, 100, &x, &y, &n,
					       &trunc), RT_OK);
	CU_ASSERT_EQUAL_FATAL(n, 4);
	CU_ASSERT_FALSE(trunc);
	CU_ASSERT_DOUBLE_EQUAL(x[0], 0, 0);
	CU_ASSERT_DOUBLE_EQUAL(y[0], 0, 0);
	CU_ASSERT_DOUBLE_EQUAL(x[1], 5, 0);
	CU_ASSERT_DOUBLE_EQUAL(y[1], 8, 0);
	CU_ASSERT_DOUBLE_EQUAL(x[3], 25, 0);
	CU_ASSERT_DOUBLE_EQUAL(y[3], 24, 0);
	rt_free(x);
	rt_free(y);
	CU_ASSERT_EQUAL(render_dbf_steps(t, 2, 25, 1, 2, &x, &y, &n, &trunc),
			RT_OK);
	CU_ASSERT_EQUAL(n, 2);
	CU_ASSERT_TRUE(trunc);
	rt_free(x);
	rt_free(y);
	CU_ASSERT_EQUAL(render_dbf_witness(t, 2, 1, 100, 100), 5);
	CU_ASSERT_EQUAL(render_dbf_witness(t, 2, 2, 100, 100), RT_TIME_NEVER);
	CU_ASSERT_EQUAL(render_dbf_witness(t, 2, 1, 4, 100), RT_TIME_NEVER);
	CU_ASSERT_EQUAL(render_dbf_default_span(t, 2, 1), 10);
	/* a fair task has no deadline and no demand */
	t[1].klass = RT_CLASS_FAIR;
	CU_ASSERT_EQUAL(render_dbf_witness(t, 1 + 1, 1, 100, 100),
			RT_TIME_NEVER);
}

/* Property: on random constrained-deadline sets with U <= 1 (seeded),
 * the plot's witness over the busy period is the processor demand
 * criterion's first violating deadline, and none when PDC accepts. */
static void test_dbf_witness_matches_the_demand_criterion(void)
{
	const uint64_t seed = 15;
	struct rt_rng r;
	int accepts = 0, rejects = 0;

	rt_rng_seed(&r, seed);
	for (int trial = 0; trial < 300; trial++) {
		struct rt_task t[5];
		struct rt_uni_result pdc;
		size_t n = (size_t)rt_rng_range(&r, 1, 5);
		rt_time lb, w;

		for (size_t i = 0; i < n; i++) {
			rt_time T = rt_rng_range(&r, 4, 40);
			rt_time C = rt_rng_range(&r, 1, T / (rt_time)n > 1 ?
						 T / (rt_time)n : 1);
			rt_time D = rt_rng_range(&r, C, T);

			t[i] = rt_task_make("t", C, D, T);
		}
		if (rt_uni_pdc(t, n, &pdc) != RT_OK ||
		    rt_uni_busy_period(t, n, &lb) != RT_OK)
			continue;       /* U > 1: not this property */
		w = render_dbf_witness(t, n, 1, lb, 1000000);
		accepts += pdc.verdict == RT_VERDICT_ACCEPT;
		rejects += pdc.verdict == RT_VERDICT_REJECT;
		if (pdc.verdict == RT_VERDICT_ACCEPT) {
			CU_ASSERT_EQUAL(w, RT_TIME_NEVER);
		} else if (w != pdc.witness) {
			printf("seed %llu trial %d: witness %lld, PDC %lld\n",
			       (unsigned long long)seed, trial, (long long)w,
			       (long long)pdc.witness);
			CU_FAIL("dbf witness differs from PDC's");
		}
	}
	CU_ASSERT(accepts > 10 && rejects > 10);        /* both sides tried */
}

/* The periodic resource (Q 3, T 6), Shin & Lee: the worst interval
 * starts right after a budget served early, then waits for one served
 * late: blackout 2 (6 - 3) = 6, then 3 at once per period:
 * sbf(6) = 0, sbf(7) = 1, sbf(9) = 3, sbf(12) = 3, sbf(15) = 6.  A task
 * (3, 6, 6) alone in it: dbf(6) = 3 > sbf(6) = 0, the witness.  Seeded
 * property: sbf is non-decreasing, grows at most at rate 1, and stays
 * between the linear bounds (Q/T)(t - 2(T - Q)) and (Q/T) t + Q. */
static void test_server_supply_bound_function(void)
{
	struct rt_task b = rt_task_make("B", 3, 6, 6);
	double x[16], y[16];
	struct rt_rng r;

	CU_ASSERT_EQUAL(render_sbf_periodic(3, 6, 6), 0);
	CU_ASSERT_EQUAL(render_sbf_periodic(3, 6, 7), 1);
	CU_ASSERT_EQUAL(render_sbf_periodic(3, 6, 9), 3);
	CU_ASSERT_EQUAL(render_sbf_periodic(3, 6, 12), 3);
	CU_ASSERT_EQUAL(render_sbf_periodic(3, 6, 15), 6);
	CU_ASSERT_EQUAL(render_sbf_periodic(6, 6, 5), 5);       /* a full CPU */
	CU_ASSERT_EQUAL(render_dbf_witness_sbf(&b, 1, 3, 6, 100, 100), 6);
	CU_ASSERT_EQUAL(render_dbf_witness_sbf(&b, 1, 6, 6, 100, 100),
			RT_TIME_NEVER);
	/* corners: (0,0) (6,0) (9,3) (12,3) (15,6) */
	CU_ASSERT_EQUAL_FATAL(render_sbf_points(3, 6, 14, 1, x, y, 16), 5);
	CU_ASSERT_DOUBLE_EQUAL(x[1], 6, 0);
	CU_ASSERT_DOUBLE_EQUAL(x[2], 9, 0);
	CU_ASSERT_DOUBLE_EQUAL(y[2], 3, 0);
	CU_ASSERT_DOUBLE_EQUAL(x[4], 15, 0);
	CU_ASSERT_DOUBLE_EQUAL(y[4], 6, 0);
	rt_rng_seed(&r, 7);
	for (int trial = 0; trial < 200; trial++) {
		rt_time p = rt_rng_range(&r, 1, 50), q = rt_rng_range(&r, 1, p);
		rt_time prev = 0;

		for (rt_time t = 0; t <= 6 * p; t++) {
			rt_time v = render_sbf_periodic(q, p, t);
			double lo = (double)q / (double)p *
				    (double)(t - 2 * (p - q));

			if (v < prev || v > prev + 1 || (double)v < lo - 1e-9 ||
			    (double)v > (double)q / (double)p * (double)t +
					(double)q) {
				printf("seed 7 trial %d: sbf(Q %lld, T %lld, "
				       "t %lld) = %lld\n", trial, (long long)q,
				       (long long)p, (long long)t, (long long)v);
				CU_FAIL("sbf out of its bounds");
				break;
			}
			prev = v;
		}
	}
}

static void test_histograms_and_ccdfs(void)
{
	double v[6] = { 3, 1, 2, 2, 4, 4 }, e[5], c[4], x[7], y[7];
	size_t k;
	double st, first;

	render_histogram(v, 6, 0, 4, 4, e, c);
	/* bins [0,1) [1,2) [2,3) [3,4]: 0, 1, 2, 3 */
	CU_ASSERT_DOUBLE_EQUAL(e[4], 4, 0);
	CU_ASSERT_DOUBLE_EQUAL(c[0], 0, 0);
	CU_ASSERT_DOUBLE_EQUAL(c[1], 1, 0);
	CU_ASSERT_DOUBLE_EQUAL(c[2], 2, 0);
	CU_ASSERT_DOUBLE_EQUAL(c[3], 3, 0);
	/* P(X > x): sorted 1 2 2 3 4 4 -> (1,1) then (1,5/6) (2,3/6)
	 * (3,2/6) (4,0) */
	k = render_ccdf(v, 6, x, y);
	CU_ASSERT_EQUAL_FATAL(k, 5);
	CU_ASSERT_DOUBLE_EQUAL(x[0], 1, 0);
	CU_ASSERT_DOUBLE_EQUAL(y[0], 1, 0);
	CU_ASSERT_DOUBLE_EQUAL(y[1], 5.0 / 6, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(x[2], 2, 0);
	CU_ASSERT_DOUBLE_EQUAL(y[2], 0.5, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(x[4], 4, 0);
	CU_ASSERT_DOUBLE_EQUAL(y[4], 0, 0);
	CU_ASSERT_EQUAL(render_ccdf(v, 0, x, y), 0);
	render_nice_ticks(0, 97, 5, &st, &first);
	CU_ASSERT_DOUBLE_EQUAL(st, 20, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(first, 0, 1e-12);
	render_nice_ticks(0.013, 0.05, 4, &st, &first);
	CU_ASSERT_DOUBLE_EQUAL(st, 0.01, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(first, 0.02, 1e-12);
}

static FILE *text_file(const char *s)
{
	FILE *f = tmpfile();

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs(s, f);
	rewind(f);
	return f;
}

static void test_jobs_csv_reads_back(void)
{
	struct render_jobs_data j;
	struct rt_diag d;
	FILE *f = text_file("task,job,release,deadline,start,finish,response,"
			    "tardiness,cpu\n"
			    "P1,0,0,5,0,4,4,0,0\n"
			    "\"a,\"\"b\",0,0,5,4,8,8,3,0\n"
			    "P1,1,10,15,10,,,5,0\n"
			    "E,0,13,30,,,,,\n");

	CU_ASSERT_EQUAL_FATAL(render_jobs_csv_read(f, "j.csv", &j, &d), RT_OK);
	fclose(f);
	CU_ASSERT_EQUAL(j.rows, 4);
	CU_ASSERT_EQUAL_FATAL(j.n, 3);
	CU_ASSERT_STRING_EQUAL(j.t[1].name, "a,\"b");
	CU_ASSERT_EQUAL(j.t[0].nresp, 1);       /* the pending job has none */
	CU_ASSERT_EQUAL(j.t[0].ntard, 2);       /* ... but a lower bound 5 */
	CU_ASSERT_EQUAL(j.t[0].tard[1], 5);
	CU_ASSERT_EQUAL(j.t[1].resp[0], 8);
	CU_ASSERT_EQUAL(j.t[2].nresp + j.t[2].ntard, 0);
	render_jobs_data_fini(&j);
	f = text_file("task,job,response,tardiness\nP1,0,4x,0\n");
	CU_ASSERT_EQUAL(render_jobs_csv_read(f, "j.csv", &j, &d), RT_ERR_PARSE);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "j.csv:2: column response"));
	render_jobs_data_fini(&j);
	fclose(f);
	f = text_file("t,release\n1,2\n");
	CU_ASSERT_EQUAL(render_jobs_csv_read(f, "j.csv", &j, &d), RT_ERR_PARSE);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "j.csv:1: not a --jobs CSV"));
	render_jobs_data_fini(&j);
	fclose(f);
	f = text_file("task,job,response,tardiness\nP1,0,4\n");
	CU_ASSERT_EQUAL(render_jobs_csv_read(f, "j.csv", &j, &d), RT_ERR_PARSE);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "j.csv:2: 3 columns"));
	render_jobs_data_fini(&j);
	fclose(f);
}

static void rec(struct sim_sink s, rt_time t, enum sim_rec_kind k, int cpu,
		uint32_t task, uint64_t job)
{
	struct sim_rec r = { .time = t, .kind = k, .cpu = cpu, .task = task,
			     .job = job };

	CU_ASSERT_EQUAL(s.emit(s.ctx, &r), RT_OK);
}

/* CPU 0 busy [0, 3) and [5, 10), CPU 1 busy [1, 2) then aborted at 2 (the
 * abort names no CPU); horizon 10 in 5 bins of 2:
 * CPU 0: [0,2) 1, [2,4) 0.5, [4,6) 0.5, [6,8) 1, [8,10) 1 (END closes);
 * CPU 1: [0,2) 0.5, then 0. */
static void test_utilization_bins_sum_busy_time(void)
{
	struct render_util *u = NULL;
	struct sim_sink s;

	CU_ASSERT_EQUAL(render_util_create(0, 10, 5, &u, NULL), RT_ERR_INVAL);
	CU_ASSERT_EQUAL_FATAL(render_util_create(2, 10, 5, &u, NULL), RT_OK);
	s = render_util_sink(u);
	rec(s, 0, SIM_REC_START, 0, 0, 0);
	rec(s, 1, SIM_REC_START, 1, 1, 0);
	rec(s, 2, SIM_REC_ABORT, -1, 1, 0);
	rec(s, 3, SIM_REC_COMPLETE, 0, 0, 0);
	rec(s, 5, SIM_REC_START, 0, 0, 1);
	rec(s, 10, SIM_REC_END, -1, 0, 0);
	CU_ASSERT_EQUAL(render_util_bin(u), 2);
	CU_ASSERT_DOUBLE_EQUAL(render_util_share(u, 0, 0), 1, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(render_util_share(u, 0, 1), 0.5, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(render_util_share(u, 0, 2), 0.5, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(render_util_share(u, 0, 4), 1, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(render_util_share(u, 1, 0), 0.5, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(render_util_share(u, 1, 1), 0, 1e-12);
	render_util_destroy(u);
}

/* Occurrences of needle in the SVG at path (-1: unreadable). */
static int svg_count(const char *path, const char *needle)
{
	size_t n;
	char *b = test_slurp(path, &n);
	int k = 0;

	if (!b)
		return -1;
	for (const char *p = b; (p = strstr(p, needle)); p++)
		k++;
	free(b);
	return k;
}

/* The number of distinct stroke-dasharray values in the SVG at path. */
static int svg_distinct_dashes(const char *path)
{
	size_t n;
	char *b = test_slurp(path, &n), seen[8][64];
	int k = 0;

	if (!b)
		return -1;
	for (const char *p = b; (p = strstr(p, "stroke-dasharray:")); p++) {
		char v[64];
		size_t len = strcspn(p, ";\"");
		int j;

		if (len >= sizeof(v))
			len = sizeof(v) - 1;
		memcpy(v, p, len);
		v[len] = '\0';
		for (j = 0; j < k && strcmp(seen[j], v); j++)
			;
		if (j == k && k < 8)
			strcpy(seen[k++], v);
	}
	free(b);
	return k;
}

/* Past the palette's six hues a series' colour repeats (t0 and t6 the
 * same blue): the repeat is dashed (a line, in the plot and in the
 * legend) or hatched (bars), so that no two of the first 24 series look
 * the same, dashed ones included.  Colours 0 and 1 are two hues: nothing
 * dashed. */
static void test_repeated_colours_are_told_apart(void)
{
	double x[2] = { 0, 10 }, y[2] = { 1, 0.5 }, e[3] = { 0, 1, 2 },
	       c[2] = { 3, 4 };
	struct render_series s[2] = {
		{ .label = "a", .colour = 0, .kind = RENDER_SERIES_STEP,
		  .x = x, .y = y, .n = 2 },
		{ .label = "b", .colour = 6, .kind = RENDER_SERIES_STEP,
		  .x = x, .y = y, .n = 2 },
	};
	struct render_panel p = { .xlabel = "x", .ylabel = "y", .s = s,
				  .ns = 2 };
	struct rt_diag d;
	int plain, hatched;

	outdir();
	CU_ASSERT_EQUAL_FATAL(render_figure_write(&p, 1, NULL, OUT "/rep6.svg",
						  &d), RT_OK);
	CU_ASSERT_EQUAL(svg_count(OUT "/rep6.svg", "stroke-dasharray"), 2);
	s[1].colour = 1;
	CU_ASSERT_EQUAL_FATAL(render_figure_write(&p, 1, NULL, OUT "/rep1.svg",
						  &d), RT_OK);
	CU_ASSERT_EQUAL(svg_count(OUT "/rep1.svg", "stroke-dasharray"), 0);
	/* two dashed series (the util plot dashes every other CPU), CPU 1
	 * and CPU 7 of one hue: their dashes differ */
	s[0].colour = 1;
	s[1].colour = 7;
	s[0].dashed = s[1].dashed = true;
	CU_ASSERT_EQUAL_FATAL(render_figure_write(&p, 1, NULL, OUT "/rep7.svg",
						  &d), RT_OK);
	CU_ASSERT_EQUAL(svg_count(OUT "/rep7.svg", "stroke-dasharray"), 4);
	CU_ASSERT_EQUAL(svg_distinct_dashes(OUT "/rep7.svg"), 2);
	/* bars: the repeat's bars and legend swatch carry hatch lines */
	s[0] = (struct render_series){ .label = "a", .colour = 0,
				       .kind = RENDER_SERIES_BARS, .x = e,
				       .y = c, .n = 2 };
	p.ns = 1;
	CU_ASSERT_EQUAL_FATAL(render_figure_write(&p, 1, NULL, OUT "/bar0.svg",
						  &d), RT_OK);
	s[0].colour = 6;
	CU_ASSERT_EQUAL_FATAL(render_figure_write(&p, 1, NULL, OUT "/bar6.svg",
						  &d), RT_OK);
	plain = svg_count(OUT "/bar0.svg", "<path");
	hatched = svg_count(OUT "/bar6.svg", "<path");
	CU_ASSERT(plain > 0 && hatched >= plain + 3);
	render_release_caches();
}

static void test_figures_are_written_deterministically(void)
{
	static const char *const ext[] = { "png", "svg", "pdf" };
	double x[3] = { 0, 5, 15 }, y[3] = { 0, 8, 16 }, sx[2] = { 0, 20 },
	       sy[2] = { 0, 20 };
	struct render_series s[2] = {
		{ .label = "dbf(t)", .colour = 0, .kind = RENDER_SERIES_STEP,
		  .x = x, .y = y, .n = 3 },
		{ .label = "supply t", .colour = -1, .kind = RENDER_SERIES_LINE,
		  .x = sx, .y = sy, .n = 2, .dashed = true },
	};
	struct render_point_mark mk = { 5, 8, "dbf(5) = 8 > 5" };
	struct render_panel p = { .xlabel = "interval length t (ticks)",
				  .ylabel = "demand", .s = s, .ns = 2,
				  .marks = &mk, .nmarks = 1 };
	struct rt_diag d;

	outdir();
	for (int i = 0; i < 3; i++) {
		char a[256], b[256];
		char *ba, *bb;
		size_t na, nb;

		snprintf(a, sizeof(a), OUT "/dbf1.%s", ext[i]);
		snprintf(b, sizeof(b), OUT "/dbf2.%s", ext[i]);
		CU_ASSERT_EQUAL(render_figure_write(&p, 1, NULL, a, &d), RT_OK);
		CU_ASSERT_EQUAL(render_figure_write(&p, 1, NULL, b, &d), RT_OK);
		ba = test_slurp(a, &na);
		bb = test_slurp(b, &nb);
		CU_ASSERT_PTR_NOT_NULL_FATAL(ba);
		CU_ASSERT_PTR_NOT_NULL_FATAL(bb);
		CU_ASSERT(na > 100 && na == nb && !memcmp(ba, bb, na));
		if (i == 1)
			CU_ASSERT_PTR_NOT_NULL(strstr(ba,
				">dbf(5) = 8 &gt; 5</text>"));
		free(ba);
		free(bb);
	}
	CU_ASSERT_EQUAL(render_figure_write(&p, 1, NULL, OUT "/x.tex", &d),
			RT_ERR_INVAL);
	CU_ASSERT_EQUAL(render_figure_write(&p, 0, NULL, OUT "/x.png", &d),
			RT_ERR_INVAL);
	render_release_caches();
}

CU_TestInfo plot_tests[] = {
	{ "dbf steps of Dario's case", test_dbf_steps_of_darios_case },
	{ "dbf witness matches the demand criterion",
	  test_dbf_witness_matches_the_demand_criterion },
	{ "server supply bound function", test_server_supply_bound_function },
	{ "histograms and CCDFs", test_histograms_and_ccdfs },
	{ "jobs CSV reads back", test_jobs_csv_reads_back },
	{ "utilization bins sum busy time",
	  test_utilization_bins_sum_busy_time },
	{ "repeated colours are told apart",
	  test_repeated_colours_are_told_apart },
	{ "figures are written deterministically",
	  test_figures_are_written_deterministically },
	CU_TEST_INFO_NULL
};
