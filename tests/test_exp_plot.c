/* test_exp_plot.c - the figures of experiment results beyond the
 * acceptance ratio (render/plot_acc.h): the tardiness curves and the
 * weighted schedulability of several results, computed by hand, and
 * their files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/acc_csv.h"
#include "render/gantt.h"
#include "render/plot_acc.h"
#include "tests/suites.h"

/* Write 'text' to build/NAME and read it as a results table. */
static struct render_acc *table(const char *name, const char *text)
{
	char path[256];
	struct render_acc *t = NULL;
	struct rt_diag d = { "" };
	FILE *f;

	snprintf(path, sizeof(path), "build/%s", name);
	f = fopen(path, "w");
	CU_ASSERT_FATAL(f != NULL);
	fputs(text, f);
	fclose(f);
	if (render_acc_read(path, &t, &d) != RT_OK)
		printf("\n  %s\n", d.msg);
	CU_ASSERT_FATAL(t != NULL);
	remove(path);
	return t;
}

static bool file_big(const char *path)
{
	FILE *f = fopen(path, "rb");
	bool big = false;

	if (f) {
		big = fseek(f, 0, SEEK_END) == 0 && ftell(f) > 1000;
		fclose(f);
	}
	remove(path);
	return big;
}

#define HEAD "point,utilization,sets,qpa_accepted,sim_missed,sim_exact," \
	     "contradictions,redrawn,sim_unplaced,simulated"

/* Tardiness: a point without sets with a bound is left out; the values
 * are scaled to the axis unit; no tardiness column is an error. */
static void test_plot_tardiness(void)
{
	struct render_acc *t = table("tp.csv", HEAD ",tardiness_sets,"
		"max_tardiness,max_tardiness_bound\n"
		"0,0.8,10,10,0,10,0,0,0,10,10,0,0\n"
		"1,0.9,10,7,3,10,0,0,0,10,10,4000000,6000000\n"
		"2,1,10,0,10,10,0,0,0,10,0,0,0\n");
	struct render_acc *u = table("tq.csv", HEAD "\n0,0.8,10,10,0,10,0,0,0,10\n");
	struct render_acc_series s[2];
	struct rt_diag d = { "" };
	size_t n;

	CU_ASSERT_FATAL(render_tard_series(t, 1e6, s, &n, &d) == RT_OK);
	CU_ASSERT(n == 2 && !s[0].sim && s[1].sim);
	CU_ASSERT_STRING_EQUAL(s[0].label, "bound (largest)");
	CU_ASSERT(s[0].npts == 2 && s[1].npts == 2);
	CU_ASSERT_DOUBLE_EQUAL(s[0].pts[1].x, 0.9, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(s[0].pts[1].y, 6, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(s[1].pts[1].y, 4, 1e-12);
	CU_ASSERT(s[1].pts[1].n == 10);
	render_acc_series_free(s, n);
	CU_ASSERT(render_tard_plot(t, 1e6, "ms", NULL, "build/tp.svg", NULL,
				   &d) == RT_OK);
	CU_ASSERT(file_big("build/tp.svg"));
	CU_ASSERT(render_tard_plot(t, 1, "ticks", NULL, "build/tp.png", NULL,
				   &d) == RT_OK);
	CU_ASSERT(file_big("build/tp.png"));
	CU_ASSERT(render_tard_series(u, 1, s, &n, &d) == RT_ERR_INVAL);
	CU_ASSERT(strstr(d.msg, "tardiness: true") != NULL);
	render_acc_free(t);
	render_acc_free(u);
	render_release_caches();
}

/* W = sum u S(u) / sum u, by hand:
 *   A (cpus 4): u 0.5, 1.0; qpa 10/10, 4/10; simulation met 10, 6
 *     qpa W = (0.5 * 1 + 1 * 0.4) / 1.5 = 0.6
 *     sim W = (0.5 * 1 + 1 * 0.6) / 1.5 = 0.733333
 *   B (cpus 2): u 0.5, 1.0, 1.5 (0 sets: left out); qpa 10/10, 10/10
 *     qpa W = 1, sim W = (0.5 + 1 * 0.8) / 1.5 = 0.866667
 * Series in increasing x (B before A), the table and the figure. */
static void test_plot_weighted(void)
{
	struct render_acc *t[2];
	struct render_acc_series s[RENDER_ACC_MAX_SERIES];
	double xv[2] = { 4, 2 }, same[2] = { 3, 3 };
	struct rt_diag d = { "" };
	char buf[512] = "";
	size_t n, len;
	FILE *f;

	t[0] = table("wa.csv", HEAD "\n0,0.5,10,10,0,10,0,0,0,10\n"
		     "1,1,10,4,4,10,0,0,0,10\n");
	t[1] = table("wb.csv", HEAD "\n0,0.5,10,10,0,10,0,0,0,10\n"
		     "1,1,10,10,2,10,0,0,0,10\n2,1.5,0,0,0,0,0,0,0,0\n");
	CU_ASSERT_FATAL(render_acc_weighted(t, xv, 2, s, &n, &d) == RT_OK);
	CU_ASSERT(n == 2);
	CU_ASSERT_STRING_EQUAL(s[0].label, "qpa");
	CU_ASSERT_STRING_EQUAL(s[1].label, "simulation");
	CU_ASSERT(s[1].sim && s[0].npts == 2);
	CU_ASSERT_DOUBLE_EQUAL(s[0].pts[0].x, 2, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(s[0].pts[0].y, 1, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(s[0].pts[1].y, 0.6, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(s[1].pts[0].y, 1.3 / 1.5, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(s[1].pts[1].y, 1.1 / 1.5, 1e-12);
	CU_ASSERT(s[0].pts[1].n == 20);
	f = fopen("build/w.csv", "w+");
	CU_ASSERT_FATAL(f != NULL);
	CU_ASSERT(render_acc_weighted_write(f, "cpus", s, n, &d) == RT_OK);
	rewind(f);
	len = fread(buf, 1, sizeof(buf) - 1, f);
	buf[len] = '\0';
	fclose(f);
	remove("build/w.csv");
	CU_ASSERT_STRING_EQUAL(buf, "cpus,qpa,simulation\n"
			       "2,1.000000,0.866667\n4,0.600000,0.733333\n");
	CU_ASSERT(render_acc_weighted_plot(s, n, "number of CPUs m", NULL,
					   "build/w.pdf", NULL, &d) == RT_OK);
	CU_ASSERT(file_big("build/w.pdf"));
	render_acc_series_free(s, n);
	/* equal x values, and a sweep over tasks: refused */
	CU_ASSERT(render_acc_weighted(t, same, 2, s, &n, &d) == RT_ERR_INVAL);
	CU_ASSERT(strstr(d.msg, "the same value 3") != NULL);
	render_acc_free(t[1]);
	t[1] = table("wc.csv", HEAD ",tasks\n0,1.2,10,10,0,10,0,0,0,10,4\n");
	CU_ASSERT(render_acc_weighted(t, xv, 2, s, &n, &d) == RT_ERR_INVAL);
	CU_ASSERT(strstr(d.msg, "sweep the number of tasks") != NULL);
	render_acc_free(t[0]);
	render_acc_free(t[1]);
	render_release_caches();
}

/* The sidecar's parameter lines: written, read back, found by key;
 * unknown keys skipped. */
static void test_plot_sidecar_params(void)
{
	struct render_acc_meta m, r;
	struct rt_diag d = { "" };
	FILE *f;

	memset(&m, 0, sizeof(m));
	m.shard = m.shards = 1;
	snprintf(m.pkey[0], sizeof(m.pkey[0]), "cpus");
	snprintf(m.pval[0], sizeof(m.pval[0]), "8");
	snprintf(m.pkey[1], sizeof(m.pkey[1]), "budget_factor");
	snprintf(m.pval[1], sizeof(m.pval[1]), "1.25");
	m.nparams = 2;
	f = fopen("build/p.csv.meta", "w");
	CU_ASSERT_FATAL(f != NULL);
	CU_ASSERT(render_acc_meta_write(f, &m, &d) == RT_OK);
	fputs("colour: blue\n", f);     /* a key of a newer dlsim */
	fclose(f);
	CU_ASSERT_FATAL(render_acc_meta_read("build/p.csv.meta", &r, &d) ==
			RT_OK);
	remove("build/p.csv.meta");
	CU_ASSERT(r.nparams == 2);
	CU_ASSERT_STRING_EQUAL(render_acc_meta_param(&r, "cpus"), "8");
	CU_ASSERT_STRING_EQUAL(render_acc_meta_param(&r, "budget_factor"),
			       "1.25");
	CU_ASSERT(render_acc_meta_param(&r, "colour") == NULL);
}

CU_TestInfo exp_plot_tests[] = {
	{ "tardiness curves: largest bound and simulated, scaled",
	  test_plot_tardiness },
	{ "weighted schedulability by hand, its table and figure",
	  test_plot_weighted },
	{ "sidecar parameters written, read, looked up", test_plot_sidecar_params },
	CU_TEST_INFO_NULL
};
