/* test_gen.c - task-set generators (models/gen.h): sums, uniformity on
 * the simplex (statistical, fixed seeds, stated tolerances), periods,
 * rounding and deadlines. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/gen.h"
#include "tests/suites.h"

#define GEN_SAMPLES 20000
/* Kolmogorov-Smirnov critical value at alpha = 0.001: 1.95 / sqrt(N). */
#define GEN_KS_CRIT (1.95 / sqrt((double)GEN_SAMPLES))

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* sup |F_n(x) - F(x)| of the sample v (sorted here). */
static double ks_stat(double *v, size_t n, double (*cdf)(double))
{
	double dmax = 0;

	qsort(v, n, sizeof(*v), cmp_double);
	for (size_t i = 0; i < n; i++) {
		double f = cdf(v[i]);
		double lo = f - (double)i / (double)n;
		double hi = (double)(i + 1) / (double)n - f;

		if (lo > dmax)
			dmax = lo;
		if (hi > dmax)
			dmax = hi;
	}
	return dmax;
}

/* Marginal of one coordinate, uniform on {u >= 0, u1 + u2 + u3 = 1}:
 * Beta(1, 2), F(x) = 1 - (1 - x)^2. */
static double cdf_simplex3(double x)
{
	return 1 - (1 - x) * (1 - x);
}

/* Marginal of one coordinate, uniform on {u in [0,1]^3, sum = 1.5}: the
 * slice u1 = x leaves the segment u2 + u3 = 1.5 - x in the unit square,
 * of length 0.5 + x (x <= 0.5) or 1.5 - x (x >= 0.5): density
 * proportional to that, total mass 0.75. */
static double cdf_cube3(double x)
{
	if (x <= 0.5)
		return (0.5 * x + x * x / 2) / 0.75;
	return 0.5 + (1.5 * (x - 0.5) - (x * x - 0.25) / 2) / 0.75;
}

static void check_sums(enum rt_gen_method m, size_t n, double total, double cap)
{
	struct rt_gen_ws ws;
	struct rt_rng r;
	double u[16];

	CU_ASSERT_FATAL(rt_gen_ws_init(&ws, n) == RT_OK);
	rt_rng_seed(&r, 7);
	for (int k = 0; k < 2000; k++) {
		double s = 0;

		CU_ASSERT_FATAL(rt_gen_util(m, n, total, cap, &r, &ws, u,
					    NULL) == RT_OK);
		for (size_t i = 0; i < n; i++) {
			CU_ASSERT(u[i] >= -1e-12);
			if (m != RT_GEN_UUNIFAST)
				CU_ASSERT(u[i] <= cap + 1e-12);
			s += u[i];
		}
		CU_ASSERT(fabs(s - total) < 1e-9);
	}
	rt_gen_ws_fini(&ws);
}

static void test_gen_sums(void)
{
	check_sums(RT_GEN_UUNIFAST, 10, 0.9, 1);
	check_sums(RT_GEN_UUNIFAST_DISCARD, 10, 0.9, 1);
	check_sums(RT_GEN_UUNIFAST_DISCARD, 8, 3.2, 1);
	check_sums(RT_GEN_UUNIFAST_DISCARD, 10, 2.0, 0.5);
	check_sums(RT_GEN_RANDFIXEDSUM, 10, 0.9, 1);
	check_sums(RT_GEN_RANDFIXEDSUM, 8, 6.5, 1);
	check_sums(RT_GEN_RANDFIXEDSUM, 10, 4.0, 0.5);
	check_sums(RT_GEN_RANDFIXEDSUM, 1, 0.7, 1);
	check_sums(RT_GEN_DRS, 10, 0.9, 1);
	check_sums(RT_GEN_DRS, 8, 6.5, 1);
	check_sums(RT_GEN_DRS, 10, 4.0, 0.5);
	check_sums(RT_GEN_DRS, 10, 4.9, 0.5);   /* the corner: rescales */
	check_sums(RT_GEN_DRS, 1, 0.7, 1);
}

/* KS of coordinates 0 and 2 (a generator biased by position fails one)
 * against 'cdf', for GEN_SAMPLES vectors of 3 summing to total. */
static void check_uniform(enum rt_gen_method m, double total, uint64_t seed,
			  double (*cdf)(double))
{
	double *a = malloc(GEN_SAMPLES * sizeof(*a));
	double *b = malloc(GEN_SAMPLES * sizeof(*b));
	struct rt_gen_ws ws;
	struct rt_rng r;
	double u[3], da, db;

	CU_ASSERT_FATAL(a && b && rt_gen_ws_init(&ws, 3) == RT_OK);
	rt_rng_seed(&r, seed);
	for (size_t k = 0; k < GEN_SAMPLES; k++) {
		CU_ASSERT_FATAL(rt_gen_util(m, 3, total, 1, &r, &ws, u, NULL) ==
				RT_OK);
		a[k] = u[0];
		b[k] = u[2];
	}
	da = ks_stat(a, GEN_SAMPLES, cdf);
	db = ks_stat(b, GEN_SAMPLES, cdf);
	if (da >= GEN_KS_CRIT || db >= GEN_KS_CRIT)
		printf("\n  %s U=%g seed %llu: KS %.4f %.4f >= %.4f\n",
		       rt_gen_method_name(m), total, (unsigned long long)seed,
		       da, db, GEN_KS_CRIT);
	CU_ASSERT(da < GEN_KS_CRIT);
	CU_ASSERT(db < GEN_KS_CRIT);
	rt_gen_ws_fini(&ws);
	free(a);
	free(b);
}

static void test_gen_uniform_marginals(void)
{
	check_uniform(RT_GEN_UUNIFAST, 1.0, 11, cdf_simplex3);
	check_uniform(RT_GEN_UUNIFAST_DISCARD, 1.0, 12, cdf_simplex3);
	check_uniform(RT_GEN_RANDFIXEDSUM, 1.0, 13, cdf_simplex3);
	check_uniform(RT_GEN_UUNIFAST_DISCARD, 1.5, 14, cdf_cube3);
	check_uniform(RT_GEN_RANDFIXEDSUM, 1.5, 15, cdf_cube3);
	check_uniform(RT_GEN_DRS, 1.0, 16, cdf_simplex3);
	check_uniform(RT_GEN_DRS, 1.5, 17, cdf_cube3);
}

/* Joint uniformity on the triangle u0 + u1 <= 1 (n = 3, U = 1): the 45
 * cells of a 0.1 grid that lie wholly inside have equal area 0.01 of the
 * triangle's 0.5, so each expects N / 50 points; every cell must be
 * within 4.5 standard deviations (sqrt(expected)) of it. */
static void check_joint(enum rt_gen_method m, uint64_t seed)
{
	unsigned cell[10][10] = { { 0 } };
	double expect = GEN_SAMPLES / 50.0, worst = 0;
	struct rt_gen_ws ws;
	struct rt_rng r;
	double u[3];

	CU_ASSERT_FATAL(rt_gen_ws_init(&ws, 3) == RT_OK);
	rt_rng_seed(&r, seed);
	for (size_t k = 0; k < GEN_SAMPLES; k++) {
		int i, j;

		CU_ASSERT_FATAL(rt_gen_util(m, 3, 1.0, 1, &r, &ws, u, NULL) ==
				RT_OK);
		i = (int)(u[0] * 10);
		j = (int)(u[1] * 10);
		if (i >= 0 && i < 10 && j >= 0 && j < 10)
			cell[i][j]++;
	}
	for (int i = 0; i < 10; i++)
		for (int j = 0; i + j + 2 <= 10; j++) {
			double z = fabs(cell[i][j] - expect) / sqrt(expect);

			if (z > worst)
				worst = z;
		}
	CU_ASSERT(worst < 4.5);
	rt_gen_ws_fini(&ws);
}

static void test_gen_uniform_joint(void)
{
	check_joint(RT_GEN_UUNIFAST_DISCARD, 21);
	check_joint(RT_GEN_RANDFIXEDSUM, 22);
	check_joint(RT_GEN_DRS, 23);
}

/* ---- Dirichlet-Rescale with per-task bounds -------------------------------
 *
 * Region A: n = 3, U = 1, lower (0, 0.1, 0), upper (0.3, 0.8, 1): in the
 * (u0, u1) plane {0 <= u0 <= 0.3, 0.1 <= u1 <= 0.8, u0 + u1 <= 1}, area
 * 0.21 - 0.005 = 0.205 (the rectangle less the corner u0 + u1 > 1).
 * Region B: n = 3, U = 1, upper (0.9, 0.9, 0.15): the band 0.85 <= u0 +
 * u1 <= 1 with u0, u1 <= 0.9, area 0.12875; there sum c - 1 = 0.95 < 1,
 * so DRS works in the turned simplex of the upper bounds, whose own
 * bounds (c / 0.95) still need rescales. */
static const double drs_lo_a[3] = { 0, 0.1, 0 }, drs_hi_a[3] = { 0.3, 0.8, 1 };
static const double drs_hi_b[3] = { 0.9, 0.9, 0.15 };

/* Marginal CDFs of region A: u0's slice is 0.7 long up to 0.2, then
 * 0.9 - u0; u1's is 0.3 up to 0.7, then 1 - u1. */
static double cdf_a0(double a)
{
	if (a <= 0.2)
		return 0.7 * a / 0.205;
	return (0.14 + 0.9 * (a - 0.2) - (a * a - 0.04) / 2) / 0.205;
}

static double cdf_a1(double b)
{
	if (b <= 0.7)
		return 0.3 * (b - 0.1) / 0.205;
	return (0.18 + (b - 0.7) - (b * b - 0.49) / 2) / 0.205;
}

/* 0.05 cells (i, j) of the (u0, u1) plane wholly inside each region. */
static bool cell_a(int i, int j)
{
	return i + 1 <= 6 && j >= 2 && j + 1 <= 16 && i + j + 2 <= 20;
}

static bool cell_b(int i, int j)
{
	return i + 1 <= 18 && j + 1 <= 18 && i + j >= 17 && i + j + 2 <= 20;
}

/* GEN_SAMPLES draws of region (lo, hi): within the bounds, summing to 1,
 * the cells wholly inside each within 4.5 standard deviations of N *
 * 0.0025 / area; the marginals of u0 and u1 (when given) pass KS. */
static void check_drs(const double *lo, const double *hi, double area,
		      bool (*inside)(int, int), double (*cdf0)(double),
		      double (*cdf1)(double), uint64_t seed)
{
	static unsigned cell[20][20];
	double *a = malloc(GEN_SAMPLES * sizeof(*a));
	double *b = malloc(GEN_SAMPLES * sizeof(*b));
	double expect = GEN_SAMPLES * 0.0025 / area, worst = 0;
	struct rt_gen_ws ws;
	struct rt_rng r;
	int ncells = 0;
	double u[3];

	memset(cell, 0, sizeof(cell));
	CU_ASSERT_FATAL(a && b && rt_gen_ws_init(&ws, 3) == RT_OK);
	rt_rng_seed(&r, seed);
	for (size_t k = 0; k < GEN_SAMPLES; k++) {
		int i, j;

		CU_ASSERT_FATAL(rt_gen_drs(3, 1.0, lo, hi, 1, &r, &ws, u,
					   NULL) == RT_OK);
		for (int q = 0; q < 3; q++)
			CU_ASSERT((lo ? lo[q] : 0) - 1e-12 <= u[q] &&
				  u[q] <= hi[q] + 1e-12);
		CU_ASSERT(fabs(u[0] + u[1] + u[2] - 1) < 1e-9);
		a[k] = u[0];
		b[k] = u[1];
		i = (int)(u[0] * 20);
		j = (int)(u[1] * 20);
		if (i >= 0 && i < 20 && j >= 0 && j < 20)
			cell[i][j]++;
	}
	for (int i = 0; i < 20; i++)
		for (int j = 0; j < 20; j++) {
			double z = fabs(cell[i][j] - expect) / sqrt(expect);

			if (!inside(i, j))
				continue;
			ncells++;
			worst = z > worst ? z : worst;
		}
	if (worst >= 4.5)
		printf("\n  drs seed %llu: a cell %.2f sd off %.1f\n",
		       (unsigned long long)seed, worst, expect);
	CU_ASSERT(ncells > 30 && worst < 4.5);
	if (cdf0) {
		double da = ks_stat(a, GEN_SAMPLES, cdf0);
		double db = ks_stat(b, GEN_SAMPLES, cdf1);

		if (da >= GEN_KS_CRIT || db >= GEN_KS_CRIT)
			printf("\n  drs seed %llu: KS %.4f %.4f >= %.4f\n",
			       (unsigned long long)seed, da, db, GEN_KS_CRIT);
		CU_ASSERT(da < GEN_KS_CRIT && db < GEN_KS_CRIT);
	}
	rt_gen_ws_fini(&ws);
	free(a);
	free(b);
}

/* DRS with per-task bounds is uniform on the polytope they cut (two
 * regions, one through the turned simplex); bounds out of order or a
 * total out of reach are refused. */
static void test_gen_drs_bounds(void)
{
	struct rt_gen_ws ws;
	struct rt_rng r;
	struct rt_diag d = { "" };
	double u[3], bad_lo[3] = { 0.5, 0, 0 }, bad_hi[3] = { 0.4, 1, 1 };

	check_drs(drs_lo_a, drs_hi_a, 0.205, cell_a, cdf_a0, cdf_a1, 31);
	check_drs(NULL, drs_hi_b, 0.12875, cell_b, NULL, NULL, 32);
	CU_ASSERT_FATAL(rt_gen_ws_init(&ws, 3) == RT_OK);
	rt_rng_seed(&r, 1);
	CU_ASSERT(rt_gen_drs(3, 1.0, bad_lo, bad_hi, 1, &r, &ws, u, &d) ==
		  RT_ERR_INVAL);
	CU_ASSERT(rt_gen_drs(3, 2.0, NULL, drs_hi_b, 1, &r, &ws, u, &d) ==
		  RT_ERR_INVAL);
	CU_ASSERT(strstr(d.msg, "is outside [sum of lower bounds") != NULL);
	/* every task at its upper bound, or at its lower one */
	CU_ASSERT(rt_gen_drs(3, 1.95, NULL, drs_hi_b, 1, &r, &ws, u, &d) ==
		  RT_OK);
	CU_ASSERT(fabs(u[0] - 0.9) < 1e-12 && fabs(u[2] - 0.15) < 1e-12);
	CU_ASSERT(rt_gen_drs(3, 0.1, drs_lo_a, drs_hi_a, 1, &r, &ws, u, &d) ==
		  RT_OK);
	CU_ASSERT(u[0] == 0 && u[1] == 0.1 && u[2] == 0);
	rt_gen_ws_fini(&ws);
}

static struct rt_gen_params params_default(void)
{
	struct rt_gen_params p = {
		.ntasks = 10, .method = RT_GEN_UUNIFAST_DISCARD, .cap = 1,
		.periods = RT_GEN_PERIODS_LOG_UNIFORM, .pmin = 10, .pmax = 1000,
		.granularity = 1, .deadlines = RT_GEN_DEADLINES_CONSTRAINED,
		.xmin = 0.5, .xmax = 1.0,
	};
	return p;
}

/* Log-uniform periods in [10, 1000]: ln T uniform, so about half of them
 * below sqrt(10 * 1000) = 100 (within 0.02 for 20000 draws); granularity
 * 10: every period a multiple of 10 in [10, 1000]. */
static void test_gen_periods(void)
{
	struct rt_gen_params p = params_default();
	const rt_time set[] = { 5, 20, 40 };
	unsigned below = 0, seen[3] = { 0 };
	struct rt_rng r;

	rt_rng_seed(&r, 3);
	for (int k = 0; k < GEN_SAMPLES; k++) {
		rt_time t = rt_gen_period(&p, &r);

		CU_ASSERT(t >= 10 && t <= 1000);
		below += t < 100;
	}
	CU_ASSERT(fabs(below / (double)GEN_SAMPLES - 0.5) < 0.02);
	p.granularity = 10;
	for (int k = 0; k < 2000; k++) {
		rt_time t = rt_gen_period(&p, &r);

		CU_ASSERT(t % 10 == 0 && t >= 10 && t <= 1000);
	}
	p.periods = RT_GEN_PERIODS_UNIFORM;
	p.pmin = 15;
	for (int k = 0; k < 2000; k++) {
		rt_time t = rt_gen_period(&p, &r);

		CU_ASSERT(t % 10 == 0 && t >= 20 && t <= 1000);
	}
	p.periods = RT_GEN_PERIODS_SET;
	p.pset = set;
	p.npset = 3;
	for (int k = 0; k < 3000; k++) {
		rt_time t = rt_gen_period(&p, &r);

		seen[t == 5 ? 0 : t == 20 ? 1 : 2]++;
		CU_ASSERT(t == 5 || t == 20 || t == 40);
	}
	CU_ASSERT(seen[0] > 800 && seen[1] > 800 && seen[2] > 800);
}

/*
 * Periods with a granularity g are the multiples of g in [min, max], the
 * largest included at its full rate.  Pearson's chi-square of the counts
 * of GEN_SAMPLES * 5 draws (fixed seeds) against the expected ones, with
 * the critical value at alpha = 0.001 for K - 1 degrees of freedom (K
 * multiples); the count of the largest multiple is also held within 5
 * standard deviations of its expectation (before the fix: uniform
 * 5..1000 step 100 drew 1000 once in about 1000 draws, not one in 10).
 */
static double chi2_periods(struct rt_gen_params *p, uint64_t seed,
			   rt_time klo, rt_time khi, size_t draws)
{
	unsigned long cnt[16] = { 0 };
	size_t k = (size_t)(khi - klo + 1);
	rt_time g = p->granularity;
	double chi2 = 0, z = log((double)(khi + 1) / (double)klo);
	struct rt_rng r;

	CU_ASSERT_FATAL(k <= 16);
	rt_rng_seed(&r, seed);
	for (size_t i = 0; i < draws; i++) {
		rt_time t = rt_gen_period(p, &r);

		CU_ASSERT(t % g == 0 && t / g >= klo && t / g <= khi &&
			  t >= p->pmin && t <= p->pmax);
		if (t % g == 0 && t / g >= klo && t / g <= khi)
			cnt[t / g - klo]++;
	}
	for (size_t i = 0; i < k; i++) {
		double q = (double)(klo + (rt_time)i);
		double e = (double)draws * (p->periods == RT_GEN_PERIODS_UNIFORM ?
				1.0 / (double)k : log((q + 1) / q) / z);
		double dev = (double)cnt[i] - e;

		chi2 += dev * dev / e;
		if (i == k - 1)
			CU_ASSERT(fabs(dev) < 5 * sqrt(e));
	}
	return chi2;
}

static void test_gen_period_granularity(void)
{
	struct rt_gen_params p = params_default();
	size_t n = 5 * GEN_SAMPLES;
	double c;

	/* multiples 100..1000 of 100 in [5, 1000]: 9 degrees of freedom,
	 * chi2(0.001) = 27.88 */
	p.periods = RT_GEN_PERIODS_UNIFORM;
	p.pmin = 5;
	p.pmax = 1000;
	p.granularity = 100;
	c = chi2_periods(&p, 11, 1, 10, n);
	printf("[uniform 5..1000:100 chi2 %.2f] ", c);
	CU_ASSERT(c < 27.88);
	/* neither end a multiple: 200..1000 of 100 in [150, 1050], 8 dof,
	 * chi2(0.001) = 26.12 */
	p.pmin = 150;
	p.pmax = 1050;
	c = chi2_periods(&p, 12, 2, 10, n);
	printf("[uniform 150..1050:100 chi2 %.2f] ", c);
	CU_ASSERT(c < 26.12);
	/* 10, 20, 30 of 10 in [10, 35], 2 dof, chi2(0.001) = 13.82 */
	p.pmin = 10;
	p.pmax = 35;
	p.granularity = 10;
	c = chi2_periods(&p, 13, 1, 3, n);
	printf("[uniform 10..35:10 chi2 %.2f] ", c);
	CU_ASSERT(c < 13.82);
	/* log-uniform: multiple k g has the mass of its bin [k g, (k + 1) g),
	 * ln((k + 1) / k) / ln((khi + 1) / klo), the ends included */
	p.periods = RT_GEN_PERIODS_LOG_UNIFORM;
	p.pmin = 150;
	p.pmax = 1050;
	p.granularity = 100;
	c = chi2_periods(&p, 14, 2, 10, n);
	printf("[log-uniform 150..1050:100 chi2 %.2f] ", c);
	CU_ASSERT(c < 26.12);
	p.pmin = 10;
	p.pmax = 35;
	p.granularity = 10;
	c = chi2_periods(&p, 15, 1, 3, n);
	printf("[log-uniform 10..35:10 chi2 %.2f] ", c);
	CU_ASSERT(c < 13.82);
	/* no multiple of g in [min, max]: refused */
	{
		struct rt_diag d = { "" };

		p.pmin = 11;
		p.pmax = 19;
		CU_ASSERT(rt_gen_check(&p, 0.5, &d) == RT_ERR_INVAL);
		CU_ASSERT(strstr(d.msg, "no multiple") != NULL);
	}
}

/* C = ceil(u T) >= 1, <= T; realised U >= target; deadlines per model. */
static void test_gen_rounding_and_deadlines(void)
{
	struct rt_gen_params p = params_default();
	const rt_time ten[] = { 10 };
	struct rt_task ts[10];
	struct rt_gen_ws ws;
	struct rt_rng r;

	for (int i = 0; i < 10; i++)
		ts[i] = rt_task_make(NULL, 1, 1, 1);
	CU_ASSERT_FATAL(rt_gen_ws_init(&ws, 10) == RT_OK);
	rt_rng_seed(&r, 5);
	for (int k = 0; k < 3000; k++) {
		p.deadlines = (enum rt_gen_deadlines)(k % 3);
		p.xmax = p.deadlines == RT_GEN_DEADLINES_ARBITRARY ? 2.0 : 1.0;
		CU_ASSERT_FATAL(rt_gen_taskset(&p, 0.8, &r, &ws, ts, NULL) ==
				RT_OK);
		CU_ASSERT(rt_gen_realised(ts, 10) >= 0.8 - 1e-9);
		for (int i = 0; i < 10; i++) {
			CU_ASSERT(ts[i].wcet >= 1 && ts[i].wcet <= ts[i].period);
			CU_ASSERT(ts[i].deadline >= ts[i].wcet);
			if (p.deadlines == RT_GEN_DEADLINES_IMPLICIT)
				CU_ASSERT(ts[i].deadline == ts[i].period);
			if (p.deadlines == RT_GEN_DEADLINES_CONSTRAINED)
				CU_ASSERT(ts[i].deadline <= ts[i].period);
			CU_ASSERT(ts[i].deadline <= ts[i].wcet +
				  2 * (ts[i].period - ts[i].wcet) + 1);
		}
	}
	/* u = 0.3 of T = 10 is C = 3 (0.3 * 10 = 3.0000000000000004 in
	 * double must not round up to 4) */
	p.ntasks = 1;
	p.periods = RT_GEN_PERIODS_SET;
	p.pset = ten;
	p.npset = 1;
	p.deadlines = RT_GEN_DEADLINES_IMPLICIT;
	CU_ASSERT(rt_gen_taskset(&p, 0.3, &r, &ws, ts, NULL) == RT_OK);
	CU_ASSERT(ts[0].wcet == 3 && ts[0].deadline == 10 && ts[0].period == 10);
	CU_ASSERT(rt_gen_taskset(&p, 0.31, &r, &ws, ts, NULL) == RT_OK);
	CU_ASSERT(ts[0].wcet == 4);
	CU_ASSERT(rt_gen_taskset(&p, 0.0, &r, &ws, ts, NULL) == RT_OK);
	CU_ASSERT(ts[0].wcet == 1);     /* at least 1 */
	rt_gen_ws_fini(&ws);
}

static void test_gen_deterministic(void)
{
	struct rt_gen_params p = params_default();
	struct rt_task a[10], b[10];
	struct rt_gen_ws ws;
	struct rt_rng r1, r2;

	for (int i = 0; i < 10; i++)
		a[i] = b[i] = rt_task_make(NULL, 1, 1, 1);
	p.method = RT_GEN_RANDFIXEDSUM;
	CU_ASSERT_FATAL(rt_gen_ws_init(&ws, 10) == RT_OK);
	rt_rng_seed(&r1, rt_rng_derive(42, 3, 17));
	rt_rng_seed(&r2, rt_rng_derive(42, 3, 17));
	CU_ASSERT(rt_gen_taskset(&p, 0.9, &r1, &ws, a, NULL) == RT_OK);
	CU_ASSERT(rt_gen_taskset(&p, 0.9, &r2, &ws, b, NULL) == RT_OK);
	for (int i = 0; i < 10; i++)
		CU_ASSERT(a[i].wcet == b[i].wcet && a[i].deadline == b[i].deadline &&
			  a[i].period == b[i].period);
	rt_gen_ws_fini(&ws);
}

static void test_gen_check_and_cmp(void)
{
	struct rt_gen_params p = params_default();
	struct rt_task ts[2] = { rt_task_make(NULL, 1, 3, 3),
				 rt_task_make(NULL, 1, 6, 6) };
	struct rt_diag d;
	int cmp;

	CU_ASSERT(rt_gen_check(&p, 0.9, &d) == RT_OK);
	CU_ASSERT(rt_gen_check(&p, 10.5, &d) == RT_ERR_INVAL);
	p.pmin = 0;
	CU_ASSERT(rt_gen_check(&p, 0.9, &d) == RT_ERR_INVAL);
	p = params_default();
	p.xmax = 1.5;           /* constrained: x <= 1 */
	CU_ASSERT(rt_gen_check(&p, 0.9, &d) == RT_ERR_INVAL);
	p = params_default();
	p.cap = 0;
	CU_ASSERT(rt_gen_check(&p, 0.9, &d) == RT_ERR_INVAL);
	/* U = 1/3 + 1/6 = 1/2 exactly: the exact path decides ties */
	CU_ASSERT(rt_gen_util_cmp(ts, 2, 1, 2, &cmp) == RT_OK && cmp == 0);
	CU_ASSERT(rt_gen_util_cmp(ts, 2, 499999, 1000000, &cmp) == RT_OK &&
		  cmp == 1);
	CU_ASSERT(rt_gen_util_cmp(ts, 2, 500001, 1000000, &cmp) == RT_OK &&
		  cmp == -1);
	CU_ASSERT(rt_gen_util_cmp(ts, 2, 5000000001LL, 10000000000LL, &cmp) ==
		  RT_OK && cmp == -1);
}

CU_TestInfo gen_tests[] = {
	{ "every method sums to the target before rounding", test_gen_sums },
	{ "marginals are uniform on the simplex and the cut cube (KS)",
	  test_gen_uniform_marginals },
	{ "joint distribution is uniform on the triangle", test_gen_uniform_joint },
	{ "drs: uniform on the polytope of per-task bounds",
	  test_gen_drs_bounds },
	{ "periods: log-uniform, granularity, uniform, fixed set", test_gen_periods },
	{ "periods: every multiple of the granularity as likely, max included",
	  test_gen_period_granularity },
	{ "C rounded up in [1, T], realised U >= target, deadline models",
	  test_gen_rounding_and_deadlines },
	{ "a set is a function of the seed", test_gen_deterministic },
	{ "parameter checks and exact utilization comparison",
	  test_gen_check_and_cmp },
	CU_TEST_INFO_NULL
};
