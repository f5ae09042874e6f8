/* test_exp.c - experiments: the loader (scenarios/exp.h), the batch
 * runner (sim/batch.h) and the results table (render/acc_csv.h). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/mem.h"
#include "render/acc_csv.h"
#include "render/gantt.h"
#include "render/plot_acc.h"
#include "scenarios/exp.h"
#include "sim/batch.h"
#include "scenarios/scn.h"
#include "tests/exp_util.h"
#include "tests/suites.h"

static const char exp_uni[] =
"format: 1\n"
"name: acc-uni\n"
"platform: {cpus: 1}\n"
"scheduler: {policy: edf}\n"
"generator:\n"
"  tasks: 10\n"
"  method: uunifast-discard\n"
"  periods: {dist: log-uniform, min: 10, max: 1000, granularity: 1}\n"
"  deadlines: {model: constrained, min: 0.5, max: 1.0}\n"
"utilization: {from: 0.5, to: 1.0, step: 0.05}\n"
"sets: 40\n"
"tests: [utilization, density, qpa, pdc]\n"
"simulate: true\n"
"seed: 42\n";

static void test_exp_load_keys(void)
{
	struct rt_diag d;
	struct rt_exp *x = exp_load(exp_uni, &d);

	CU_ASSERT_FATAL(x != NULL);
	CU_ASSERT_STRING_EQUAL(x->name, "acc-uni");
	CU_ASSERT(x->cpus == 1 && !strcmp(x->policy, "edf"));
	CU_ASSERT(x->gen.ntasks == 10 && x->gen.method == RT_GEN_UUNIFAST_DISCARD);
	CU_ASSERT(x->gen.periods == RT_GEN_PERIODS_LOG_UNIFORM &&
		  x->gen.pmin == 10 && x->gen.pmax == 1000 &&
		  x->gen.granularity == 1);
	CU_ASSERT(x->gen.deadlines == RT_GEN_DEADLINES_CONSTRAINED &&
		  x->gen.xmin == 0.5 && x->gen.xmax == 1.0);
	CU_ASSERT(x->from == 500000 && x->to == 1000000 && x->step == 50000);
	CU_ASSERT(x->npoints == 11 && x->sets == 40 && x->seed == 42);
	CU_ASSERT(x->ntests == 4 && !strcmp(x->tests[2]->name, "qpa"));
	CU_ASSERT(x->simulate);
	CU_ASSERT(rt_exp_point_value(x, 10) == 1000000);
	rt_exp_free(x);
}

static void test_exp_load_errors(void)
{
	exp_expect_error(exp_uni, "tests: [utilization, density, qpa, pdc]",
		     "tests: [utilization, gfb]",
		     "exp.yaml:12:22: tests[1]: \"gfb\" does not analyse this "
		     "policy and placement; expected one of: utilization, "
		     "density, pdc, qpa");
	exp_expect_error(exp_uni, "tests: [utilization, density, qpa, pdc]",
		     "tests: [utilisation]",
		     "exp.yaml:12:9: tests[0]: \"utilisation\" is not a test");
	exp_expect_error(exp_uni, "method: uunifast-discard", "method: uunifast-dicard",
		     "exp.yaml:7:11: generator.method: \"uunifast-dicard\"; "
		     "expected one of: uunifast, uunifast-discard, randfixedsum");
	exp_expect_error(exp_uni, "sets: 40", "sets: 4.5", "exp.yaml:11:7: sets:");
	exp_expect_error(exp_uni, "seed: 42", "sed: 42",
		     "exp.yaml:14:1: sed: unknown key; expected one of: "
		     "format, name");
	exp_expect_error(exp_uni, "step: 0.05", "step: 0.0000001",
		     "exp.yaml:10:41: utilization.step: \"0.0000001\"");
	exp_expect_error(exp_uni, "max: 1.0}", "max: 1.5}",
		     "generator.deadlines.max: 1.5; expected <= 1");
	exp_expect_error(exp_uni, "min: 10, max: 1000", "min: 100, max: 10",
		     "generator.periods.max: 10 < min 100");
	exp_expect_error(exp_uni, "platform: {cpus: 1}", "platform: {cpus: 1, cpu: 2}",
		     "exp.yaml:3:21: platform.cpu: unknown key; expected "
		     "one of: cpus");
	exp_expect_error(exp_uni, "format: 1", "format: 2", "exp.yaml:1:9: format:");
	exp_expect_error(exp_uni, "seed: 42", "seed: 42\nseed: 43", "seed: given twice");
	exp_expect_error(exp_uni, "utilization: {from: 0.5, to: 1.0, step: 0.05}",
		     "utilization: {from: 0.5, to: 11.0, step: 0.05}",
		     "utilization.to: total 11 is more than tasks x cap = 10");
	exp_expect_error(exp_uni, "format: 1", "format: [1", "exp.yaml:");
}

/* Uniprocessor EDF, seed 42: at every point qpa and pdc accept exactly
 * the sets the exact simulation meets, density <= qpa <= utilization,
 * every simulation is exact, no contradiction; the counts are the same
 * with 1 and 3 threads and as 3 shards summed. */
static void test_exp_uni_sweep(void)
{
	struct rt_diag d;
	struct rt_exp *x = exp_load(exp_uni, &d);
	struct rt_exp_counts a[11], b[11], s[11], part[11];
	bool ha[11] = { false }, hb[11] = { false }, hs[11] = { false };
	unsigned contra = 0;

	CU_ASSERT_FATAL(x != NULL);
	memset(a, 0, sizeof(a));
	memset(b, 0, sizeof(b));
	memset(s, 0, sizeof(s));
	exp_run(x, 1, 1, 1, a, ha, &contra);
	exp_run(x, 3, 1, 1, b, hb, NULL);
	for (unsigned i = 1; i <= 3; i++) {
		bool hp[11] = { false };

		memset(part, 0, sizeof(part));
		exp_run(x, 2, i, 3, part, hp, NULL);
		for (size_t p = 0; p < 11; p++)
			if (hp[p]) {
				rt_exp_counts_add(&s[p], &part[p]);
				hs[p] = true;
			}
	}
	CU_ASSERT(contra == 0);
	for (size_t p = 0; p < 11; p++) {
		CU_ASSERT(ha[p] && hb[p] && hs[p]);
		CU_ASSERT(memcmp(&a[p], &b[p], sizeof(a[p])) == 0);
		CU_ASSERT(memcmp(&a[p], &s[p], sizeof(a[p])) == 0);
		CU_ASSERT(a[p].sets == 40);
		CU_ASSERT(a[p].exact == 40);
		CU_ASSERT(a[p].accepted[2] == a[p].sets - a[p].missed);  /* qpa */
		CU_ASSERT(a[p].accepted[3] == a[p].sets - a[p].missed);  /* pdc */
		CU_ASSERT(a[p].accepted[1] <= a[p].accepted[2]);
		CU_ASSERT(a[p].accepted[2] <= a[p].accepted[0]);
		CU_ASSERT(a[p].contradictions == 0);
	}
	/* the sweep crosses the interesting region: some misses near 1 */
	CU_ASSERT(a[10].missed > 0 && a[0].missed == 0);
	rt_exp_free(x);
}

/* Every drawn set lies in its point's bin (exact comparison). */
static void test_exp_realised_in_bin(void)
{
	struct rt_diag d;
	struct rt_exp *x = exp_load(exp_uni, &d);
	struct sim_exp_ws ws;

	CU_ASSERT_FATAL(x != NULL && sim_exp_ws_init(&ws, x) == RT_OK);
	for (size_t p = 0; p < x->npoints; p++) {
		for (uint64_t s = 0; s < 20; s++) {
			unsigned redrawn;
			double u, lo = (double)(rt_exp_point_value(x, p) -
						x->step / 2) / RT_EXP_UNIT;

			CU_ASSERT_FATAL(sim_exp_draw(x, p, s, &ws, &redrawn, &d) ==
					RT_OK);
			u = rt_gen_realised(ws.ts, x->gen.ntasks);
			CU_ASSERT(u >= lo - 1e-12 && u < lo + 0.05 + 1e-12);
		}
	}
	sim_exp_ws_fini(&ws);
	rt_exp_free(x);
}

/* Global EDF (m = 4) and partitioned: no sufficient test accepts a set
 * the simulation misses; the simulation's met count is at least each
 * sufficient test's accepted count. */
static void test_exp_multi_sound(void)
{
	static const char glob[] =
		"format: 1\nname: g\nplatform: {cpus: 4}\n"
		"generator: {tasks: 8, method: randfixedsum, periods: {dist: "
		"uniform, min: 10, max: 100, granularity: 10}, deadlines: "
		"{model: constrained}}\n"
		"utilization: {from: 1.5, to: 4.0, step: 0.5}\nsets: 12\n"
		"max_jobs: 5000\nseed: 3\n";
	static const char part[] =
		"format: 1\nname: p\nplatform: {cpus: 2}\n"
		"scheduler: {policy: edf, placement: partitioned, "
		"partitioning: worst-fit-decreasing}\n"
		"generator: {tasks: 6, method: randfixedsum, periods: {dist: "
		"log-uniform, min: 10, max: 200}, deadlines: {model: "
		"constrained, min: 0.3, max: 1}}\n"
		"utilization: {from: 0.5, to: 1.0, step: 0.1, per_cpu: true}\n"
		"sets: 15\nseed: 5\n";
	const char *texts[] = { glob, part };

	for (int k = 0; k < 2; k++) {
		struct rt_diag d;
		struct rt_exp *x = exp_load(texts[k], &d);
		struct rt_exp_counts c[8];
		bool have[8] = { false };
		unsigned contra = 0;

		if (!x)
			printf("\n  %s\n", d.msg);
		CU_ASSERT_FATAL(x != NULL && x->npoints <= 8);
		memset(c, 0, sizeof(c));
		exp_run(x, 2, 1, 1, c, have, &contra);
		CU_ASSERT(contra == 0);
		for (size_t p = 0; p < x->npoints; p++) {
			CU_ASSERT(c[p].contradictions == 0);
			for (size_t i = 0; i < x->ntests; i++)
				if (strcmp(x->tests[i]->name, "utilization"))
					CU_ASSERT(c[p].accepted[i] <=
						  c[p].sets - c[p].missed);
		}
		rt_exp_free(x);
	}
}

/* Partitioned: a set the heuristic cannot place is not simulated; it is
 * not schedulable under that partitioning, for certain, so it counts as
 * missed with an exact verdict (docs/experiments.md "Simulation"), in
 * sim_unplaced, and never as a contradiction. */
static void test_exp_unplaced_exact(void)
{
	static const char text[] =
		"format: 1\nname: u\nplatform: {cpus: 2}\n"
		"scheduler: {policy: edf, placement: partitioned, "
		"partitioning: first-fit-decreasing}\n"
		"generator: {tasks: 5, method: randfixedsum, periods: {dist: "
		"log-uniform, min: 10, max: 100}, deadlines: {model: "
		"implicit}}\n"
		"utilization: {from: 0.9, to: 1.0, step: 0.1, per_cpu: true}\n"
		"sets: 20\nseed: 7\n";
	struct rt_diag d;
	struct rt_exp *x = exp_load(text, &d);
	struct rt_exp_counts c[2];
	bool have[2] = { false };
	struct sim_exp_ws ws;
	unsigned unplaced = 0;

	if (!x)
		printf("\n  %s\n", d.msg);
	CU_ASSERT_FATAL(x != NULL && x->npoints == 2);
	CU_ASSERT_FATAL(sim_exp_ws_init(&ws, x) == RT_OK);
	for (size_t p = 0; p < x->npoints; p++) {
		for (uint64_t s = 0; s < x->sets; s++) {
			struct sim_exp_item it;

			CU_ASSERT_FATAL(sim_exp_item(x, p, s, &ws, &it, &d) ==
					RT_OK);
			if (!it.unplaced)
				continue;
			unplaced++;
			CU_ASSERT(it.missed && it.exact && !it.contradiction);
		}
	}
	sim_exp_ws_fini(&ws);
	CU_ASSERT(unplaced > 0);
	memset(c, 0, sizeof(c));
	exp_run(x, 1, 1, 1, c, have, NULL);
	CU_ASSERT(c[0].unplaced + c[1].unplaced == unplaced);
	for (size_t p = 0; p < x->npoints; p++) {
		CU_ASSERT(c[p].unplaced <= c[p].missed);
		CU_ASSERT(c[p].unplaced <= c[p].exact);
		CU_ASSERT(c[p].contradictions == 0);
	}
	rt_exp_free(x);
}

/* A set written by scn_exp_scenario loads as the same tasks. */
static void test_exp_scenario_roundtrip(void)
{
	struct rt_diag d;
	struct rt_exp *x = exp_load(exp_uni, &d);
	struct scn_scenario *s = NULL;
	struct sim_exp_ws ws;
	unsigned redrawn;
	char *text = NULL;
	size_t len;

	CU_ASSERT_FATAL(x != NULL && sim_exp_ws_init(&ws, x) == RT_OK);
	CU_ASSERT_FATAL(sim_exp_draw(x, 7, 3, &ws, &redrawn, &d) == RT_OK);
	CU_ASSERT_FATAL(scn_exp_scenario(x, 7, 3, ws.ts, &text, &len, &d) ==
			RT_OK);
	CU_ASSERT_FATAL(scn_load_data((const uint8_t *)text, len, "set.yaml", &s,
				      &d) == RT_OK);
	CU_ASSERT(s->ntasks == 10 && s->cpus == 1);
	CU_ASSERT_STRING_EQUAL(s->name, "acc-uni-p7-s3");
	for (size_t i = 0; i < s->ntasks; i++)
		CU_ASSERT(s->tasks[i].wcet == ws.ts[i].wcet &&
			  s->tasks[i].deadline == ws.ts[i].deadline &&
			  s->tasks[i].period == ws.ts[i].period);
	scn_free(s);
	rt_free(text);
	sim_exp_ws_fini(&ws);
	rt_exp_free(x);
}

/* The hash ignores spelling, comments and key order, but not values. */
static void test_exp_hash(void)
{
	struct rt_diag d;
	struct rt_exp *a = exp_load(exp_uni, &d);
	char *t1 = exp_variant(exp_uni, "seed: 42", "seed: 0x2a  # same");
	char *t2 = exp_variant(exp_uni, "seed: 42", "seed: 43");
	struct rt_exp *b = exp_load(t1, &d), *c = exp_load(t2, &d);

	CU_ASSERT_FATAL(a && b && c);
	CU_ASSERT(rt_exp_hash(a) == rt_exp_hash(b));
	CU_ASSERT(rt_exp_hash(a) != rt_exp_hash(c));
	rt_exp_free(a);
	rt_exp_free(b);
	rt_exp_free(c);
	free(t1);
	free(t2);
}

/* Shards split the sets into contiguous ranges that cover each point
 * exactly once. */
static void test_exp_slices(void)
{
	struct rt_diag d;
	struct rt_exp *x = exp_load(exp_uni, &d);

	CU_ASSERT_FATAL(x != NULL);
	for (unsigned n = 1; n <= 7; n++) {
		for (size_t p = 0; p < x->npoints; p++) {
			uint64_t total = 0, next = 0;

			for (unsigned i = 1; i <= n; i++) {
				struct rt_exp_slice sl = { i, n };
				uint64_t a, b;

				rt_exp_slice_range(x, &sl, p, &a, &b);
				if (b > a) {
					CU_ASSERT(a == next);
					next = b;
				}
				total += b - a;
			}
			CU_ASSERT(total == x->sets);
		}
	}
	rt_exp_free(x);
}

/* The CSV header and a row; util text; merge sums rows per point. */
static void test_exp_csv(void)
{
	struct rt_diag d;
	struct rt_exp *x = exp_load(exp_uni, &d);
	struct rt_exp_counts c[11];
	bool have[11] = { false };
	struct render_acc *t = NULL, *m = NULL, *two[2];
	char buf[32], path[] = "build/test-exp-csv.csv";
	FILE *f;

	CU_ASSERT_FATAL(x != NULL);
	memset(c, 0, sizeof(c));
	c[3].sets = 40;
	c[3].accepted[0] = 40;
	c[3].accepted[2] = 37;
	c[3].missed = 3;
	c[3].exact = 40;
	have[3] = true;
	CU_ASSERT_FATAL(render_acc_from_exp(x, c, have, &t, &d) == RT_OK);
	f = fopen(path, "w");
	CU_ASSERT_FATAL(f != NULL);
	CU_ASSERT(render_acc_write(f, t, &d) == RT_OK);
	fclose(f);
	render_acc_free(t);
	t = NULL;
	f = fopen(path, "r");
	CU_ASSERT_FATAL(f != NULL);
	CU_ASSERT(fgets(buf, sizeof(buf), f) != NULL);
	fclose(f);
	CU_ASSERT(strncmp(buf, "point,utilization,sets,util", 27) == 0);
	CU_ASSERT_FATAL(render_acc_read(path, &t, &d) == RT_OK);
	CU_ASSERT(t->ncols == 3 + 4 + 3 + 3);
	CU_ASSERT_STRING_EQUAL(t->names[3], "utilization_accepted");
	CU_ASSERT_STRING_EQUAL(t->names[7], "sim_missed");
	CU_ASSERT_STRING_EQUAL(t->names[9], "contradictions");
	CU_ASSERT(t->nrows == 1 && t->rows[0].point == 3);
	CU_ASSERT_STRING_EQUAL(t->rows[0].util, "0.65");
	CU_ASSERT(t->rows[0].v[0] == 40 && t->rows[0].v[3] == 37);
	{       /* back to counts (resume): the finished point only */
		struct rt_exp_counts back[11];
		struct rt_exp_slice one = { 1, 1 }, half = { 2, 2 };
		bool hb[11] = { false };

		memset(back, 0, sizeof(back));
		CU_ASSERT(render_acc_to_counts(t, x, &one, back, hb, &d) == RT_OK);
		CU_ASSERT(hb[3] && !hb[2]);
		CU_ASSERT(memcmp(&back[3], &c[3], sizeof(c[3])) == 0);
		hb[3] = false;  /* point 3 is not shard 2/2's */
		CU_ASSERT(render_acc_to_counts(t, x, &half, back, hb, &d) == RT_OK);
		CU_ASSERT(!hb[3]);
		x->ntests--;    /* another header */
		CU_ASSERT(render_acc_to_counts(t, x, &one, back, hb, &d) ==
			  RT_ERR_PARSE);
		x->ntests++;
	}
	two[0] = two[1] = t;
	CU_ASSERT(render_acc_merge(two, 2, &m, &d) == RT_OK);
	CU_ASSERT(m->nrows == 1 && m->rows[0].v[0] == 80 && m->rows[0].v[3] == 74);
	render_acc_free(m);
	render_acc_free(t);
	render_acc_util_text(1000000, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "1");
	render_acc_util_text(50000, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "0.05");
	render_acc_util_text(2125000, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "2.125");
	remove(path);
	rt_exp_free(x);
}

/* Wilson 95 % intervals (Wilson 1927; values from the closed form):
 * 0/200 -> [0, 3.8415/203.8415], 50/100 -> [0.40383, 0.59617]. */
static void test_exp_wilson(void)
{
	double lo, hi;

	render_wilson(0, 200, &lo, &hi);
	CU_ASSERT_DOUBLE_EQUAL(lo, 0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(hi, 0.0188455, 1e-6);
	render_wilson(200, 200, &lo, &hi);
	CU_ASSERT_DOUBLE_EQUAL(lo, 1 - 0.0188455, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(hi, 1, 1e-12);
	render_wilson(50, 100, &lo, &hi);
	CU_ASSERT_DOUBLE_EQUAL(lo, 0.40383, 1e-5);
	CU_ASSERT_DOUBLE_EQUAL(hi, 0.59617, 1e-5);
}

/* The curves of a table: one per test plus the simulation (met = sets -
 * missed); the figure is written in all three formats. */
static void test_exp_plot(void)
{
	struct rt_diag d;
	struct rt_exp *x = exp_load(exp_uni, &d);
	struct rt_exp_counts c[11];
	bool have[11];
	struct render_acc *t = NULL;
	struct render_acc_series s[RENDER_ACC_MAX_SERIES];
	const char *out[] = { "build/test-exp-plot.png", "build/test-exp-plot.svg",
			      "build/test-exp-plot.pdf" };
	size_t n;

	CU_ASSERT_FATAL(x != NULL);
	memset(c, 0, sizeof(c));
	for (size_t p = 0; p < 11; p++) {
		have[p] = p != 4;       /* a missing point is skipped */
		c[p].sets = 100;
		c[p].accepted[0] = 100;
		c[p].accepted[1] = 100 - 10 * p;
		c[p].accepted[2] = 100 - 5 * p;
		c[p].accepted[3] = 100 - 5 * p;
		c[p].missed = 5 * p;
		c[p].exact = 100;
	}
	CU_ASSERT_FATAL(render_acc_from_exp(x, c, have, &t, &d) == RT_OK);
	CU_ASSERT_FATAL(render_acc_series(t, s, &n, &d) == RT_OK);
	CU_ASSERT(n == 5);
	CU_ASSERT_STRING_EQUAL(s[1].label, "density");
	CU_ASSERT_STRING_EQUAL(s[4].label, "simulation");
	CU_ASSERT(s[4].sim && !s[0].sim);
	CU_ASSERT(s[1].npts == 10);
	CU_ASSERT_DOUBLE_EQUAL(s[1].pts[4].x, 0.75, 1e-12);     /* point 5 */
	CU_ASSERT_DOUBLE_EQUAL(s[1].pts[4].y, 0.5, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(s[4].pts[4].y, 0.75, 1e-12);
	CU_ASSERT(s[4].pts[4].lo < 0.75 && s[4].pts[4].hi > 0.75);
	render_acc_series_free(s, n);
	for (int k = 0; k < 3; k++) {
		FILE *f;

		CU_ASSERT(render_acc_plot(t, NULL, out[k], &d) == RT_OK);
		f = fopen(out[k], "rb");
		CU_ASSERT(f != NULL);
		if (f) {
			CU_ASSERT(fseek(f, 0, SEEK_END) == 0 && ftell(f) > 1000);
			fclose(f);
		}
		remove(out[k]);
	}
	CU_ASSERT(render_acc_plot(t, NULL, "build/x.gif", &d) == RT_ERR_INVAL);
	render_acc_free(t);
	rt_exp_free(x);
	render_release_caches();        /* the figure loaded fonts */
}

/* The runner's double-decided utilization and density agree with the
 * registry (verdict and kind) on random sets, on 1 and 4 CPUs. */
static void test_exp_fast_tests_match_registry(void)
{
	static const char four[] =
		"format: 1\nname: g\nplatform: {cpus: 4}\n"
		"generator: {tasks: 8, method: randfixedsum, periods: {dist: "
		"uniform, min: 2, max: 12}, deadlines: {model: constrained, "
		"min: 0, max: 1}}\n"
		"utilization: {from: 3.5, to: 4.0, step: 0.1}\nsets: 1\n"
		"tests: [utilization]\nseed: 8\n";
	const char *texts[] = { exp_uni, four };

	for (int k = 0; k < 2; k++) {
		struct rt_diag d;
		struct rt_exp *x = exp_load(texts[k], &d);
		struct sim_exp_ws ws;
		unsigned seen[2] = { 0, 0 };

		CU_ASSERT_FATAL(x != NULL && sim_exp_ws_init(&ws, x) == RT_OK);
		for (size_t p = 0; p < x->npoints; p++) {
			for (uint64_t sm = 0; sm < 60; sm++) {
				unsigned rd;

				CU_ASSERT_FATAL(sim_exp_draw(x, p, sm, &ws, &rd,
							     &d) == RT_OK);
				for (size_t i = 0; i < x->ntests; i++) {
					struct rt_test_result a, b;

					CU_ASSERT_FATAL(sim_exp_test_run(x, i, ws.ts,
						&a, &d) == RT_OK);
					CU_ASSERT_FATAL(x->tests[i]->run(ws.ts,
						x->gen.ntasks, x->cpus, &b, &d) ==
						RT_OK);
					CU_ASSERT(a.verdict == b.verdict);
					CU_ASSERT(a.kind == b.kind);
					seen[a.verdict == RT_VERDICT_ACCEPT]++;
				}
			}
		}
		CU_ASSERT(seen[0] > 0 && seen[1] > 0);  /* both verdicts met */
		sim_exp_ws_fini(&ws);
		rt_exp_free(x);
	}
}

/* A sweep over the number of tasks (or CPUs): one utilization, points
 * with n = 2, 4, 6; every set of point p has n_p tasks; the counts do not
 * depend on the threads; the CSV carries a tasks column that merge keeps. */
static void test_exp_sweep_tasks(void)
{
	static const char text[] =
		"format: 1\nname: sw\nplatform: {cpus: 1}\n"
		"generator: {tasks: 2, method: uunifast-discard, periods: {dist: "
		"log-uniform, min: 10, max: 100}, deadlines: {model: constrained}}\n"
		"sweep: {variable: tasks, from: 2, to: 6, step: 2}\n"
		"utilization: {value: 0.8, step: 0.1}\nsets: 20\nseed: 4\n";
	struct rt_diag d;
	struct rt_exp *x = exp_load(text, &d);
	struct rt_exp_counts a[3], b[3];
	bool ha[3] = { false }, hb[3] = { false };
	struct render_acc *t = NULL, *m = NULL, *two[2];
	struct sim_exp_ws ws;
	unsigned contra = 0, rd;
	char *bad;

	if (!x)
		printf("\n  %s\n", d.msg);
	CU_ASSERT_FATAL(x != NULL);
	CU_ASSERT(x->npoints == 3 && x->sweep == RT_EXP_SWEEP_TASKS);
	CU_ASSERT(rt_exp_point_tasks(x, 2) == 6 && rt_exp_max_tasks(x) == 6);
	CU_ASSERT(rt_exp_point_value(x, 2) == 800000);
	CU_ASSERT_FATAL(sim_exp_ws_init(&ws, x) == RT_OK);
	CU_ASSERT_FATAL(sim_exp_draw(x, 1, 0, &ws, &rd, &d) == RT_OK);
	CU_ASSERT(ws.ts[3].wcet >= 1);          /* 4 tasks drawn */
	sim_exp_ws_fini(&ws);
	memset(a, 0, sizeof(a));
	memset(b, 0, sizeof(b));
	exp_run(x, 1, 1, 1, a, ha, &contra);
	exp_run(x, 2, 1, 1, b, hb, NULL);
	CU_ASSERT(contra == 0);
	for (int p = 0; p < 3; p++) {
		CU_ASSERT(ha[p] && a[p].sets == 20);
		CU_ASSERT(memcmp(&a[p], &b[p], sizeof(a[p])) == 0);
	}
	CU_ASSERT_FATAL(render_acc_from_exp(x, a, ha, &t, &d) == RT_OK);
	CU_ASSERT_STRING_EQUAL(t->names[t->ncols - 1], "tasks");
	CU_ASSERT(t->rows[2].v[t->ncols - 3] == 6);
	two[0] = two[1] = t;
	CU_ASSERT_FATAL(render_acc_merge(two, 2, &m, &d) == RT_OK);
	CU_ASSERT(m->rows[2].v[m->ncols - 3] == 6);     /* kept, not summed */
	CU_ASSERT(m->rows[2].v[0] == 40);
	render_acc_free(m);
	render_acc_free(t);
	rt_exp_free(x);
	bad = malloc(sizeof(text));
	CU_ASSERT_FATAL(bad != NULL);
	memcpy(bad, text, sizeof(text));
	memcpy(strstr(bad, "{value: 0.8"), "{from: 0.7", 10);
	x = exp_load(bad, &d);
	CU_ASSERT(x == NULL);
	CU_ASSERT(strstr(d.msg, "missing to") != NULL);
	free(bad);
}

/* Allocation failures anywhere in loading, drawing, running and writing
 * the table come back as RT_ERR_NOMEM, never a crash or a leak (ASan). */
static void test_exp_allocation_failures(void)
{
	bool done = false;

	for (long k = 0; k < 400 && !done; k++) {
		struct rt_diag d = { "" };
		struct rt_exp *x = NULL;
		struct rt_exp_counts c[11];
		bool have[11] = { false };
		struct render_acc *t = NULL;
		struct sim_exp_item it;
		struct sim_exp_ws ws;
		enum rt_err err;

		memset(c, 0, sizeof(c));
		rt_mem_fail_after(k);
		err = scn_exp_load_data((const uint8_t *)exp_uni, strlen(exp_uni),
					"exp.yaml", &x, &d);
		if (!err) {
			err = sim_exp_ws_init(&ws, x);
			if (!err) {
				err = sim_exp_item(x, 10, 1, &ws, &it, &d);
				sim_exp_ws_fini(&ws);
			}
			if (!err)
				err = render_acc_from_exp(x, c, have, &t, &d);
		}
		rt_mem_fail_after(-1);
		CU_ASSERT(err == RT_OK || err == RT_ERR_NOMEM);
		done = err == RT_OK;
		render_acc_free(t);
		rt_exp_free(x);
	}
	CU_ASSERT(done);
}

/* Policy cbs: every task its own server, Q = ceil(factor C / divisor),
 * D_s = T_s = floor(T / divisor): C = 4, T = 10, factor 1.2, divisor 2
 * gives Q = ceil(2.4) = 3, T_s = 5.  The experiment runs the tests of
 * EDF over the servers by default, without a contradiction, and a set
 * written out loads with its servers. */
static void test_exp_cbs_reservations(void)
{
	static const char text[] =
		"format: 1\nname: c\nscheduler: {policy: cbs}\n"
		"reservation: {kind: hard-cbs, budget_factor: 1.2, "
		"period_divisor: 2}\n"
		"generator: {tasks: 4, method: randfixedsum, periods: {dist: "
		"uniform, min: 10, max: 40, granularity: 10}, deadlines: {model: "
		"implicit}}\n"
		"utilization: {from: 0.5, to: 0.9, step: 0.2}\nsets: 10\n"
		"max_jobs: 2000\nseed: 2\n";
	struct rt_task one = rt_task_make(NULL, 4, 10, 10);
	struct rt_exp_counts c[3];
	bool have[3] = { false };
	struct scn_scenario *sc = NULL;
	struct rt_server sv;
	struct sim_exp_ws ws;
	struct rt_diag d;
	struct rt_exp *x = exp_load(text, &d), v;
	unsigned contra = 0, rd;
	int32_t map;
	char *yaml = NULL;
	size_t len;

	if (!x)
		printf("\n  %s\n", d.msg);
	CU_ASSERT_FATAL(x != NULL);
	CU_ASSERT(x->ntests == 5 && x->server_kind == RT_SERVER_HARD_CBS);
	CU_ASSERT_STRING_EQUAL(x->tests[4]->name, "cbs-bandwidth");
	v = *x;
	v.gen.ntasks = 1;
	rt_exp_servers(&v, &one, &sv, &map);
	CU_ASSERT(sv.budget_max == 3 && sv.period == 5 && sv.deadline == 5);
	CU_ASSERT(sv.kind == RT_SERVER_HARD_CBS && map == 0);
	memset(c, 0, sizeof(c));
	exp_run(x, 2, 1, 1, c, have, &contra);
	CU_ASSERT(contra == 0 && have[2] && c[2].sets == 10);
	CU_ASSERT_FATAL(sim_exp_ws_init(&ws, x) == RT_OK);
	CU_ASSERT_FATAL(sim_exp_draw(x, 1, 4, &ws, &rd, &d) == RT_OK);
	CU_ASSERT_FATAL(scn_exp_scenario(x, 1, 4, ws.ts, &yaml, &len, &d) ==
			RT_OK);
	CU_ASSERT_FATAL(scn_load_data((const uint8_t *)yaml, len, "c.yaml", &sc,
				      &d) == RT_OK);
	CU_ASSERT(sc->nservers == 4 && !strcmp(sc->sched.policy, "cbs"));
	CU_ASSERT(sc->task_server && sc->task_server[3] == 3);
	scn_free(sc);
	rt_free(yaml);
	sim_exp_ws_fini(&ws);
	rt_exp_free(x);
}

/* Policy fp on one CPU: fp-rta (exact for synchronous fixed priority)
 * accepts exactly the sets the simulation meets; U <= 1 (exact for EDF
 * only) accepts sets fp misses, which is no contradiction under fp. */
static void test_exp_fp(void)
{
	static const char text[] =
		"format: 1\nname: f\nscheduler: {policy: fp, priorities: "
		"rate-monotonic}\n"
		"generator: {tasks: 6, method: uunifast-discard, periods: {dist: "
		"log-uniform, min: 10, max: 500}, deadlines: {model: implicit}}\n"
		"utilization: {from: 0.8, to: 1.0, step: 0.05}\nsets: 40\n"
		"seed: 6\n";
	struct rt_diag d;
	struct rt_exp *x = exp_load(text, &d);
	struct rt_exp_counts c[5];
	bool have[5] = { false };
	unsigned contra = 0;
	uint64_t gap = 0;

	CU_ASSERT_FATAL(x != NULL && x->ntests == 2);
	CU_ASSERT_STRING_EQUAL(x->tests[1]->name, "fp-rta");
	memset(c, 0, sizeof(c));
	exp_run(x, 2, 1, 1, c, have, &contra);
	CU_ASSERT(contra == 0);
	for (int p = 0; p < 5; p++) {
		CU_ASSERT(c[p].accepted[1] == c[p].sets - c[p].missed);
		gap += c[p].accepted[0] - c[p].accepted[1];
	}
	CU_ASSERT(gap > 0);     /* U <= 1 accepted sets that fp missed */
	rt_exp_free(x);
}

/* A test that accepts every set, its kind exact (for the exact_for of
 * test_exp_fp_kind_from_the_registry). */
static enum rt_err fp_kind_accept(const struct rt_task *ts, size_t n,
				  unsigned m, struct rt_test_result *out,
				  struct rt_diag *d)
{
	(void)ts;
	(void)n;
	(void)m;
	(void)d;
	rt_test_result_init(out, RT_KIND_EXACT);
	out->verdict = RT_VERDICT_ACCEPT;
	return RT_OK;
}

/* Run every set of x through sim_exp_item: *missed (sets the simulation
 * missed), *contra, acc[i] the sets test i accepted. */
static void exp_items(const struct rt_exp *x, uint64_t *missed,
		      uint64_t *contra, uint64_t *acc)
{
	struct sim_exp_ws ws;
	struct rt_diag d;

	*missed = *contra = 0;
	acc[0] = acc[1] = 0;
	CU_ASSERT_FATAL(sim_exp_ws_init(&ws, x) == RT_OK);
	for (size_t p = 0; p < x->npoints; p++)
		for (uint64_t sm = 0; sm < x->sets; sm++) {
			struct sim_exp_item it;

			CU_ASSERT_FATAL(sim_exp_item(x, p, sm, &ws, &it, &d) ==
					RT_OK);
			*contra += it.contradiction;
			*missed += it.missed;
			for (size_t i = 0; i < 2; i++)
				acc[i] += it.accepted[i];
		}
	sim_exp_ws_fini(&ws);
}

/*
 * The runner takes a test's kind under fp from the registry's exact_for,
 * as analyze does, not from the test's name (sim/batch.c).  On the
 * rate-monotonic sets of test_exp_fp (some missed), a test that accepts
 * every set and calls itself exact: with exact_for = EDF it is only
 * necessary under fp, and its accepts beside misses are no
 * contradiction; with exact_for = 0 (exact for its every policy, fp
 * here) each missed set is one.  By name ("not fp-rta") it was necessary
 * both times.  fp-rta under another name is still exact and runs in the
 * experiment's order (run_order): it accepts exactly the met sets.
 */
static void test_exp_fp_kind_from_the_registry(void)
{
	static const char text[] =
		"format: 1\nname: f\nscheduler: {policy: fp, priorities: "
		"rate-monotonic}\n"
		"generator: {tasks: 6, method: uunifast-discard, periods: {dist: "
		"log-uniform, min: 10, max: 500}, deadlines: {model: implicit}}\n"
		"utilization: {from: 0.8, to: 1.0, step: 0.1}\nsets: 20\n"
		"seed: 6\n";
	struct rt_test_info fake = {
		.name     = "accept-all",
		.run      = fp_kind_accept,
		.analyses = { RT_AN_FP, RT_AN_UNI, "fp/1cpu", 0 },
		.exact_for = RT_AN_EDF,
	};
	struct rt_test_info copy;
	struct rt_diag d;
	struct rt_exp *x = exp_load(text, &d);
	uint64_t missed, contra, acc[2], sets;

	CU_ASSERT_FATAL(x != NULL && x->ntests == 2);
	CU_ASSERT_STRING_EQUAL_FATAL(x->tests[1]->name, "fp-rta");
	sets = x->npoints * x->sets;
	copy = *x->tests[1];
	copy.name = "fp-rta-copy";
	x->tests[0] = &fake;
	x->tests[1] = &copy;
	exp_items(x, &missed, &contra, acc);
	CU_ASSERT_FATAL(missed > 0 && missed < sets);
	CU_ASSERT_EQUAL(contra, 0);
	CU_ASSERT_EQUAL(acc[0], sets);
	CU_ASSERT_EQUAL(acc[1], sets - missed);
	fake.exact_for = 0;
	exp_items(x, &missed, &contra, acc);
	CU_ASSERT_EQUAL(contra, missed);        /* an exact accept, a miss */
	rt_exp_free(x);
}

CU_TestInfo exp_tests[] = {
	{ "fp: fp-rta = met, U <= 1 is only necessary", test_exp_fp },
	{ "fp: a test's kind comes from the registry's exact_for",
	  test_exp_fp_kind_from_the_registry },
	{ "cbs: one reservation per task, budget and period rules",
	  test_exp_cbs_reservations },
	{ "allocation failures are errors, not crashes",
	  test_exp_allocation_failures },
	{ "a sweep over the number of tasks", test_exp_sweep_tasks },
	{ "95 % Wilson intervals", test_exp_wilson },
	{ "acceptance curves and the figure in PNG, SVG, PDF", test_exp_plot },
	{ "fast utilization and density equal the registry",
	  test_exp_fast_tests_match_registry },
	{ "the issue's experiment file loads with every key", test_exp_load_keys },
	{ "bad experiment files name file:line:col and the field",
	  test_exp_load_errors },
	{ "uniprocessor sweep: qpa = pdc = met, density <= qpa <= U, same "
	  "counts for 1, 3 threads and 3 shards", test_exp_uni_sweep },
	{ "every set's realised U lies in its point's bin",
	  test_exp_realised_in_bin },
	{ "partitioned: an unplaced set is missed, exact, not a contradiction",
	  test_exp_unplaced_exact },
	{ "global and partitioned: sufficient tests never accept a missed set",
	  test_exp_multi_sound },
	{ "a set written as a scenario loads back the same", test_exp_scenario_roundtrip },
	{ "the experiment hash follows values, not spelling", test_exp_hash },
	{ "shards cover every point's samples exactly once", test_exp_slices },
	{ "results CSV: header, rows, read back and merged", test_exp_csv },
	CU_TEST_INFO_NULL
};
