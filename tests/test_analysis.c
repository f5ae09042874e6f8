/* test_analysis.c - uniprocessor EDF analysis and the test registry.
 *
 * Known answers: docs/theory.md §G.1 (uniprocessor vectors), G.4 (response times),
 * G.5 (dbf points, density), every row of the reference sample
 * uni-sample.jsonl (tests/data/uni-vectors.h, generated), the registry;
 * then a seeded property test against brute force on small random sets.
 * Exact-arithmetic edge cases and limits are in test_analysis_limits.c. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "models/analysis_uni.h"
#include "models/rng.h"
#include "models/tests.h"
#include "tests/analysis_util.h"
#include "tests/suites.h"
#include "tests/trace_util.h"

struct uni_vec_task {
	rt_time c, d, t;
};

struct uni_vector {
	const char *id;
	const struct uni_vec_task *tasks;
	size_t n;
	const char *utilization, *density;
	bool util, dens, pdc, qpa;              /* expected verdicts */
	rt_time max_tardiness, busy_period;     /* -1: null */
};

#include "tests/data/uni-vectors.h"

/* ---- docs/theory.md §G.1 --------------------------------------------------- */

struct g1_case {
	const char *id;
	struct rt_task ts[9];
	size_t n;
	const char *u, *dens;           /* NULL: not given */
	rt_time lb, la;                 /* la -1: undefined (U >= 1) */
	bool schedulable;
	rt_time qpa_witness, qpa_demand;
	size_t qpa_evals;
	rt_time pdc_witness, pdc_demand, delta;
	rt_time rta[9];                 /* input order; rta[0] == 0: not given */
};

#define QPA8_TASKS TKS(6000, 31000, 18000), TKS(2000, 9800, 9000), \
	TKS(1000, 17000, 12000), TKS(90, 4200, 3000), TKS(8, 96, 78), \
	TKS(2, 12, 16), TKS(10, 280, 120), TKS(26, 660, 160)

static const struct g1_case g1[] = {
	{ "seed1", { TKS(4, 10, 5), TKS(4, 10, 5) }, 2, "4/5", "8/5", 8, 20,
	  false, 5, 8, 1, 5, 8, 3, { 8, 8 } },
	{ "seed2", { TKS(1, 10, 2), TKS(2, 20, 4), TKS(3, 50, 6) }, 3, "13/50", "3/2",
	  6, 7, true, RT_TIME_NEVER, 0, 2, RT_TIME_NEVER, 0, 0, { 2, 4, 6 } },
	{ "linuxdoc", { TKS(50, 100, 50), TKS(10, 100, 100) }, 2, "3/5", "11/10",
	  60, 63, true, RT_TIME_NEVER, 0, 1, RT_TIME_NEVER, 0, 0, { 50, 60 } },
	/* R: computed by the Python reference of A.7 (not in docs/theory.md) */
	{ "QPA8", { QPA8_TASKS }, 8, "13685509/17043180", "55409/46800",
	  16984, 15357, true, RT_TIME_NEVER, 0, 7, RT_TIME_NEVER, 0, 0,
	  { 16066, 7066, 10066, 1066, 10, 2, 22, 54 } },
	{ "QPA9", { QPA8_TASKS, TKS(10, 100, 15) }, 9, "15389827/17043180",
	  "86609/46800", 25480, 31275, false, 19900, 19902, 15, 18800, 19364,
	  564, { 0 } },
	{ "ts1", { TKS(331, 15000, 2688), TKS(3654, 77000, 3849) }, 2,
	  "11471/165000", NULL, 3985, 4023, false, 3849, 3985, 1, 3849, 3985,
	  136, { 0 } },
	{ "ts2", { TKS(331, 15000, 2688), TKS(413, 34000, 1061),
		   TKS(3654, 77000, 3849), TKS(349, 70000, 20189),
		   TKS(1113, 83000, 10683) }, 5, "40768547/407426250", NULL,
	  5860, 5958, false, 3849, 4398, 1, 3849, 4398, 549, { 0 } },
	{ "bar3", { TKS(10, 100, 100), TKS(33, 200, 200), TKS(10, 300, 100) }, 3,
	  "179/600", "73/200", 53, 10, true, RT_TIME_NEVER, 0, 0,
	  RT_TIME_NEVER, 0, 0, { 20, 53, 20 } },
	{ "float-trap", { TKS(7, 57, 57), TKS(6, 17, 17), TKS(6, 17, 17),
			  TKS(6, 51, 51), TKS(52, 969, 969) }, 5, "1/1", "1/1",
	  969, -1, true, RT_TIME_NEVER, 0, 30, RT_TIME_NEVER, 0, 0,
	  { 57, 17, 17, 51, 969 } },
};

static void test_theory_g1_uniprocessor_vectors(void)
{
	for (size_t k = 0; k < NTS(g1); k++) {
		const struct g1_case *c = &g1[k];
		struct rt_uni_result q, p;
		rt_time lb = -7, la = -7, delta = -7, resp[9];
		bool defined = true, acc;
		unsigned before = CU_get_number_of_failures();

		CU_ASSERT_STRING_EQUAL(u_str(c->ts, c->n), c->u);
		if (c->dens)
			CU_ASSERT_STRING_EQUAL(dens_str(c->ts, c->n), c->dens);
		CU_ASSERT_EQUAL(rt_uni_busy_period(c->ts, c->n, &lb), RT_OK);
		CU_ASSERT_EQUAL(lb, c->lb);
		CU_ASSERT_EQUAL(rt_uni_la(c->ts, c->n, &la, &defined), RT_OK);
		CU_ASSERT_EQUAL(defined, c->la >= 0);
		if (c->la >= 0)
			CU_ASSERT_EQUAL(la, c->la);
		CU_ASSERT_EQUAL(rt_uni_utilization_test(c->ts, c->n, &acc), RT_OK);
		CU_ASSERT_TRUE(acc);
		CU_ASSERT_EQUAL_FATAL(rt_uni_qpa(c->ts, c->n, &q), RT_OK);
		CU_ASSERT_EQUAL_FATAL(rt_uni_pdc(c->ts, c->n, &p), RT_OK);
		CU_ASSERT_EQUAL(q.verdict, c->schedulable ? RT_VERDICT_ACCEPT
							  : RT_VERDICT_REJECT);
		CU_ASSERT_EQUAL(p.verdict, q.verdict);
		CU_ASSERT_EQUAL(q.witness, c->qpa_witness);
		CU_ASSERT_EQUAL(q.witness_demand, c->qpa_demand);
		CU_ASSERT_EQUAL(q.evaluations, c->qpa_evals);
		CU_ASSERT_EQUAL(p.witness, c->pdc_witness);
		CU_ASSERT_EQUAL(p.witness_demand, c->pdc_demand);
		CU_ASSERT_EQUAL(rt_uni_max_tardiness(c->ts, c->n, &delta), RT_OK);
		CU_ASSERT_EQUAL(delta, c->delta);
		if (c->rta[0]) {
			CU_ASSERT_EQUAL(rt_uni_rta(c->ts, c->n, resp), RT_OK);
			for (size_t i = 0; i < c->n; i++)
				CU_ASSERT_EQUAL(resp[i], c->rta[i]);
		}
		if (CU_get_number_of_failures() != before)
			fprintf(stderr, "\n  [G.1 %s]\n", c->id);
	}
}

static void test_theory_g1_overloaded_sets_reject_without_witness(void)
{
	struct rt_task bar4[] = { TK(10, 100, 100), TK(33, 200, 200),
				  TK(10, 300, 100), TK(27, 28, 28) };
	struct rt_task sim3[] = { TK(2, 3, 3), TK(2, 3, 3), TK(2, 3, 3) };
	struct rt_task *sets[] = { bar4, sim3 };
	size_t ns[] = { 4, 3 };
	struct rt_diag d = { "" };

	CU_ASSERT_STRING_EQUAL(u_str(bar4, 4), "5303/4200");
	CU_ASSERT_STRING_EQUAL(u_str(sim3, 3), "2/1");
	for (size_t k = 0; k < 2; k++) {
		struct rt_uni_result r;
		rt_time v = 42, resp[4] = { 42, 42, 42, 42 };
		bool defined = true, acc = true;

		CU_ASSERT_EQUAL(rt_uni_utilization_test(sets[k], ns[k], &acc), RT_OK);
		CU_ASSERT_FALSE(acc);
		CU_ASSERT_EQUAL(rt_uni_qpa(sets[k], ns[k], &r), RT_OK);
		CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
		CU_ASSERT_EQUAL(r.witness, RT_TIME_NEVER);
		CU_ASSERT_EQUAL(rt_uni_pdc(sets[k], ns[k], &r), RT_OK);
		CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
		CU_ASSERT_EQUAL(r.witness, RT_TIME_NEVER);
		CU_ASSERT_EQUAL(rt_uni_la(sets[k], ns[k], &v, &defined), RT_OK);
		CU_ASSERT_FALSE(defined);
		CU_ASSERT_EQUAL(rt_uni_busy_period(sets[k], ns[k], &v), RT_ERR_INVAL);
		CU_ASSERT_EQUAL(rt_uni_max_tardiness(sets[k], ns[k], &v), RT_ERR_INVAL);
		CU_ASSERT_EQUAL(rt_uni_rta(sets[k], ns[k], resp), RT_ERR_INVAL);
		CU_ASSERT_EQUAL(v, 42);
		CU_ASSERT_EQUAL(resp[0], 42);
	}
	CU_ASSERT_EQUAL(rt_uni_max_tardiness_limit(bar4, 4, 1000, &(rt_time){ 0 },
						   &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "U > 1"));
}

/* ---- docs/theory.md §G.4, G.5 ------------------------------------------------ */

static void test_theory_g4_spuri_response_times(void)
{
	/* G.4 lists R in deadline order; here they are in input order. */
	static const struct {
		struct rt_task ts[3];
		size_t n;
		rt_time r[3];
	} v[] = {
		{ { TKS(3, 12, 12), TKS(2, 4, 4) }, 2, { 7, 2 } },
		{ { TKS(2, 9, 9), TKS(3, 12, 12), TKS(2, 4, 4) }, 3, { 8, 11, 3 } },
		{ { TKS(1, 4, 4), TKS(1, 12, 12), TKS(3, 16, 16) }, 3, { 1, 2, 6 } },
		{ { TKS(1, 4, 4), TKS(2, 4, 4) }, 2, { 3, 3 } },  /* adversarial ties */
		{ { TKS(2, 5, 4), TKS(3, 6, 5) }, 2, { 4, 5 } },
		{ { TKS(2, 4, 3), TKS(3, 12, 10), TKS(2, 9, 7) }, 3, { 3, 10, 7 } },
	};
	struct rt_task over[] = { TK(3, 12, 12), TK(2, 3, 3), TK(2, 4, 4) };
	rt_time resp[3];

	for (size_t k = 0; k < NTS(v); k++) {
		CU_ASSERT_EQUAL_FATAL(rt_uni_rta(v[k].ts, v[k].n, resp), RT_OK);
		for (size_t i = 0; i < v[k].n; i++)
			CU_ASSERT_EQUAL(resp[i], v[k].r[i]);
	}
	/* ts2 of G.4: U > 1, schedcat returns False */
	CU_ASSERT_EQUAL(rt_uni_rta(over, 3, resp), RT_ERR_INVAL);
}

static void test_theory_g5_dbf_points_and_density(void)
{
	struct rt_task ts[] = { TK(10, 100, 100), TK(33, 200, 200),
				TK(10, 300, 100) };
	struct rt_task t1[] = { TK(5000, 10000, 10000) };
	rt_time prev = 0, h = -1;

	/* dbf_points_of_change(1000) = 100, 200, ..., 1000 */
	for (rt_time t = 1; t <= 1000; t++) {
		CU_ASSERT_EQUAL_FATAL(rt_uni_dbf(ts, 3, t, &h), RT_OK);
		CU_ASSERT_EQUAL(h != prev, t % 100 == 0);
		CU_ASSERT_EQUAL(h, brute_dbf(ts, 3, t));
		prev = h;
	}
	CU_ASSERT_EQUAL(rt_uni_dbf(ts, 3, 1000, &h), RT_OK);
	CU_ASSERT_EQUAL(h, 10 * 10 + 5 * 33 + 4 * 10);
	/* t < D gives 0 (guarded before dividing), also for t <= 0 */
	CU_ASSERT_EQUAL(rt_uni_dbf(t1, 1, 9999, &h), RT_OK);
	CU_ASSERT_EQUAL(h, 0);
	CU_ASSERT_EQUAL(rt_uni_dbf(t1, 1, -5, &h), RT_OK);
	CU_ASSERT_EQUAL(h, 0);
	CU_ASSERT_EQUAL(rt_uni_dbf(t1, 1, 10000, &h), RT_OK);
	CU_ASSERT_EQUAL(h, 5000);
	CU_ASSERT_EQUAL(rt_uni_dbf(t1, 1, 19999, &h), RT_OK);
	CU_ASSERT_EQUAL(h, 5000);
	/* density uses min(D, T) */
	CU_ASSERT_STRING_EQUAL(dens_str((struct rt_task[]){ TK(5, 19, 15) }, 1), "1/3");
	CU_ASSERT_STRING_EQUAL(dens_str((struct rt_task[]){ TK(25, 50, 75) }, 1), "1/2");
}

/* ---- reference sample ------------------------------------------------------- */

static void test_reference_sample_rows_match(void)
{
	for (size_t k = 0; k < NTS(uni_vectors); k++) {
		const struct uni_vector *v = &uni_vectors[k];
		struct rt_task ts[32];
		struct rt_test_result out;
		rt_time x = -1;
		unsigned before = CU_get_number_of_failures();

		CU_ASSERT_FATAL(v->n <= NTS(ts));
		for (size_t i = 0; i < v->n; i++)
			ts[i] = rt_task_make(NULL, v->tasks[i].c, v->tasks[i].d,
					     v->tasks[i].t);
		CU_ASSERT_STRING_EQUAL(u_str(ts, v->n), v->utilization);
		CU_ASSERT_STRING_EQUAL(dens_str(ts, v->n), v->density);
		CU_ASSERT_EQUAL(tu_run_test("utilization", ts, v->n, 1, &out),
				v->util ? RT_VERDICT_ACCEPT : RT_VERDICT_REJECT);
		CU_ASSERT_EQUAL(tu_run_test("density", ts, v->n, 1, &out),
				v->dens ? RT_VERDICT_ACCEPT : RT_VERDICT_REJECT);
		CU_ASSERT_EQUAL(tu_run_test("pdc", ts, v->n, 1, &out),
				v->pdc ? RT_VERDICT_ACCEPT : RT_VERDICT_REJECT);
		CU_ASSERT_EQUAL(tu_run_test("qpa", ts, v->n, 1, &out),
				v->qpa ? RT_VERDICT_ACCEPT : RT_VERDICT_REJECT);
		if (out.verdict == RT_VERDICT_REJECT && out.witness != RT_TIME_NEVER) {
			CU_ASSERT(brute_dbf(ts, v->n, out.witness) > out.witness);
		}
		if (v->max_tardiness >= 0) {
			CU_ASSERT_EQUAL(rt_uni_max_tardiness(ts, v->n, &x), RT_OK);
			CU_ASSERT_EQUAL(x, v->max_tardiness);
		}
		if (v->busy_period >= 0) {
			CU_ASSERT_EQUAL(rt_uni_busy_period(ts, v->n, &x), RT_OK);
			CU_ASSERT_EQUAL(x, v->busy_period);
		}
		if (CU_get_number_of_failures() != before)
			fprintf(stderr, "\n  [uni-sample %s]\n", v->id);
	}
}

/* ---- registry ---------------------------------------------------------------- */

static void test_registry_lists_tests_with_kinds(void)
{
	struct rt_task constrained[] = { TK(4, 10, 5), TK(4, 10, 5) };
	struct rt_task implicit[] = { TK(6, 10, 10), TK(6, 10, 10) };
	struct rt_task arbitrary[] = { TK(6, 10, 12), TK(4, 10, 20) };
	struct rt_test_result out;
	const char *order[] = { "utilization", "density", "pdc", "qpa",
				"fp-rta", "linux", "cbs-bandwidth" };
	size_t n = 0;

	/* on one CPU exactly these, in this order (m > 1: test_global.c) */
	for (size_t i = 0; rt_tests[i]; i++)
		if (rt_tests[i]->applies(1)) {
			CU_ASSERT_FATAL(n < 7);
			CU_ASSERT_STRING_EQUAL(rt_tests[i]->name, order[n]);
			n++;
		}
	CU_ASSERT_EQUAL(n, 7);
	CU_ASSERT_PTR_NULL(rt_test_find("nonsense"));
	CU_ASSERT_TRUE(rt_test_find("utilization")->applies(4));
	CU_ASSERT_FALSE(rt_test_find("density")->applies(2));
	CU_ASSERT_FALSE(rt_test_find("pdc")->applies(2));
	CU_ASSERT_TRUE(rt_test_find("qpa")->applies(1));
	/* what each test analyses: the registry answers, and the
	 * names listed for a policy/platform are exactly the matching ones */
	CU_ASSERT_TRUE(rt_test_analyses_match(rt_test_find("qpa"), RT_AN_EDF,
					      RT_AN_UNI));
	CU_ASSERT_FALSE(rt_test_analyses_match(rt_test_find("qpa"), RT_AN_FP,
					       RT_AN_UNI));
	CU_ASSERT_FALSE(rt_test_analyses_match(rt_test_find("qpa"), RT_AN_EDF,
					       RT_AN_GLOBAL));
	CU_ASSERT_TRUE(rt_test_analyses_match(rt_test_find("fp-rta"), RT_AN_FP,
					      RT_AN_UNI));
	CU_ASSERT_FALSE(rt_test_analyses_match(rt_test_find("fp-rta"),
					       RT_AN_EDF, RT_AN_UNI));
	CU_ASSERT_TRUE(rt_test_analyses_match(rt_test_find("bcl"), RT_AN_CBS,
					      RT_AN_GLOBAL));
	CU_ASSERT_TRUE(rt_test_analyses_match(rt_test_find("utilization"),
					      RT_AN_FP, RT_AN_GLOBAL));
	CU_ASSERT_FALSE(rt_test_analyses_match(NULL, RT_AN_EDF, RT_AN_UNI));
	CU_ASSERT_STRING_EQUAL(rt_test_find("pdc")->analyses.label, "edf/1cpu");
	CU_ASSERT_STRING_EQUAL(rt_test_find("partitioned-first-fit")->analyses.label,
			       "edf/partitioned");
	{
		char buf[256];

		CU_ASSERT_STRING_EQUAL(rt_test_names_for(RT_AN_FP, RT_AN_UNI,
							 buf, sizeof(buf)),
				       "utilization, fp-rta");
		CU_ASSERT_STRING_EQUAL(rt_test_names_for(RT_AN_EDF, RT_AN_UNI,
							 buf, sizeof(buf)),
				       "utilization, density, pdc, qpa");
		CU_ASSERT_STRING_EQUAL(rt_test_names_for(RT_AN_EDF,
							 RT_AN_GLOBAL, buf,
							 sizeof(buf)),
				       "utilization, gfb, bak, bcl, "
				       "bcl-iterative, rta, bar, ffdbf");
		for (size_t i = 0; rt_tests[i]; i++)
			CU_ASSERT_PTR_NOT_NULL(rt_tests[i]->analyses.label);
	}
	CU_ASSERT_STRING_EQUAL(rt_test_kind_name(RT_KIND_EXACT), "exact");
	CU_ASSERT_STRING_EQUAL(rt_test_kind_name(RT_KIND_SUFFICIENT), "sufficient");
	CU_ASSERT_STRING_EQUAL(rt_test_kind_name(RT_KIND_NECESSARY), "necessary");
	CU_ASSERT_STRING_EQUAL(rt_verdict_name(RT_VERDICT_ACCEPT), "accept");
	CU_ASSERT_STRING_EQUAL(rt_verdict_name(RT_VERDICT_REJECT), "reject");
	CU_ASSERT_STRING_EQUAL(rt_verdict_name(RT_VERDICT_NA), "n/a");

	/* utilization: exact iff m == 1 and all D >= T; on m CPUs U <= m */
	CU_ASSERT_EQUAL(tu_run_test("utilization", constrained, 2, 1, &out), RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(out.kind, RT_KIND_NECESSARY);
	CU_ASSERT_EQUAL(tu_run_test("utilization", arbitrary, 2, 1, &out), RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(out.kind, RT_KIND_EXACT);
	CU_ASSERT_EQUAL(tu_run_test("utilization", implicit, 2, 1, &out), RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(out.kind, RT_KIND_EXACT);
	CU_ASSERT_STRING_EQUAL(out.note, "U = 6/5");
	CU_ASSERT_EQUAL(out.witness, RT_TIME_NEVER);
	CU_ASSERT_EQUAL(tu_run_test("utilization", implicit, 2, 2, &out), RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(out.kind, RT_KIND_NECESSARY);
	/* uniprocessor-only tests say n/a elsewhere */
	CU_ASSERT_EQUAL(tu_run_test("density", implicit, 2, 2, &out), RT_VERDICT_NA);
	CU_ASSERT_EQUAL(tu_run_test("pdc", implicit, 2, 2, &out), RT_VERDICT_NA);
	CU_ASSERT_EQUAL(tu_run_test("qpa", implicit, 2, 2, &out), RT_VERDICT_NA);
	CU_ASSERT_PTR_NOT_NULL(strstr(out.note, "1 CPU"));
	/* witnesses of exact rejects */
	CU_ASSERT_EQUAL(tu_run_test("pdc", constrained, 2, 1, &out), RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(out.kind, RT_KIND_EXACT);
	CU_ASSERT_EQUAL(out.witness, 5);
	CU_ASSERT_EQUAL(out.demand, 8);
	CU_ASSERT_EQUAL(tu_run_test("qpa", constrained, 2, 1, &out), RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(out.witness, 5);
	CU_ASSERT_EQUAL(tu_run_test("density", constrained, 2, 1, &out), RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(out.witness, RT_TIME_NEVER);
	CU_ASSERT_EQUAL(tu_run_test("qpa", arbitrary, 2, 1, &out), RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(out.witness, RT_TIME_NEVER);
}

/* ---- property test against brute force --------------------------------------- */

struct brute {
	bool over;                      /* U > 1 */
	rt_time lb;                     /* least w >= 1 with W(w) = w */
	rt_time first;                  /* first t in [1, lb) with h > t, or NEVER */
	rt_time delta;                  /* max(0, max_{t in [1, lb)} h(t) - t) */
	rt_time la;                     /* max(0, ceil(L_a)), -1 if U >= 1 */
};

static void brute_force(const struct rt_task *ts, size_t n, struct brute *b)
{
	int64_t P = 1, un = 0, xn = 0, k0 = 0;

	/* common denominator P = prod T_i <= 40^5: exact in 64 bits */
	for (size_t i = 0; i < n; i++)
		P *= ts[i].period;
	for (size_t i = 0; i < n; i++) {
		un += ts[i].wcet * (P / ts[i].period);
		xn += (ts[i].period - ts[i].deadline) * ts[i].wcet * (P / ts[i].period);
		if (ts[i].deadline - ts[i].period > k0)
			k0 = ts[i].deadline - ts[i].period;
	}
	b->over = un > P;
	b->la = -1;
	if (un < P) {                   /* ceil(xn / (P - un)), floor at k0 */
		int64_t den = P - un;
		int64_t c = xn > 0 ? (xn + den - 1) / den : -((-xn) / den);

		b->la = c > k0 ? c : k0;
	}
	b->lb = 0;
	b->first = RT_TIME_NEVER;
	b->delta = 0;
	if (b->over)
		return;
	for (rt_time w = 1;; w++) {
		rt_time W = 0;

		for (size_t i = 0; i < n; i++)
			W += rt_ceil_div(w, ts[i].period) * ts[i].wcet;
		if (W == w) {
			b->lb = w;
			break;
		}
	}
	for (rt_time t = 1; t < b->lb; t++) {
		rt_time h = brute_dbf(ts, n, t);

		if (h > t && b->first == RT_TIME_NEVER)
			b->first = t;
		if (h - t > b->delta)
			b->delta = h - t;
	}
}

static void test_random_sets_agree_with_brute_force(void)
{
	const uint64_t seed = 0x5eed0001;
	struct rt_rng rng;
	size_t tested = 0, feasible = 0, sched = 0;

	rt_rng_seed(&rng, seed);
	while (feasible < 1000 && tested < 5000) {
		struct rt_task ts[5];
		size_t n = (size_t)rt_rng_range(&rng, 2, 5);
		struct rt_uni_result q, p;
		struct brute b;
		rt_time delta = -1, lb = -1, la = -1, resp[5];
		bool defined;
		unsigned before = CU_get_number_of_failures();

		for (size_t i = 0; i < n; i++) {
			rt_time t = rt_rng_range(&rng, 1, 40), d = t;
			rt_time c = rt_rng_range(&rng, 1, t * 3 / (2 * (rt_time)n) + 1);

			switch (rt_rng_range(&rng, 0, 3)) {
			case 1:                 /* constrained (D < C possible) */
			case 3:
				d = rt_rng_range(&rng, 1, t);
				break;
			case 2:                 /* arbitrary */
				d = rt_rng_range(&rng, t, 2 * t);
				break;
			}
			ts[i] = rt_task_make(NULL, c, d, t);
		}
		tested++;
		brute_force(ts, n, &b);
		CU_ASSERT_EQUAL_FATAL(rt_uni_qpa(ts, n, &q), RT_OK);
		CU_ASSERT_EQUAL_FATAL(rt_uni_pdc(ts, n, &p), RT_OK);
		CU_ASSERT_EQUAL(q.verdict, p.verdict);
		if (q.verdict == RT_VERDICT_REJECT && !b.over) {
			CU_ASSERT(brute_dbf(ts, n, q.witness) > q.witness);
			CU_ASSERT_EQUAL(q.witness_demand, brute_dbf(ts, n, q.witness));
		}
		CU_ASSERT_EQUAL(p.witness, b.over ? RT_TIME_NEVER : b.first);
		CU_ASSERT_EQUAL(rt_uni_la(ts, n, &la, &defined), RT_OK);
		CU_ASSERT_EQUAL(defined, b.la >= 0);
		if (defined)
			CU_ASSERT_EQUAL(la, b.la);
		if (!b.over) {
			rt_time worst = 0;

			feasible++;
			sched += q.verdict == RT_VERDICT_ACCEPT;
			CU_ASSERT_EQUAL(q.verdict == RT_VERDICT_ACCEPT,
					b.first == RT_TIME_NEVER);
			CU_ASSERT_EQUAL(rt_uni_busy_period(ts, n, &lb), RT_OK);
			CU_ASSERT_EQUAL(lb, b.lb);
			CU_ASSERT_EQUAL(rt_uni_max_tardiness(ts, n, &delta), RT_OK);
			CU_ASSERT_EQUAL(delta, b.delta);
			/* Spuri is exact per task, so its worst lateness over
			 * all tasks is the exact system-wide Delta (D.3) */
			CU_ASSERT_EQUAL_FATAL(rt_uni_rta(ts, n, resp), RT_OK);
			for (size_t i = 0; i < n; i++) {
				CU_ASSERT(resp[i] >= ts[i].wcet);
				if (resp[i] - ts[i].deadline > worst)
					worst = resp[i] - ts[i].deadline;
			}
			CU_ASSERT_EQUAL(worst, b.delta);
		}
		if (CU_get_number_of_failures() != before) {
			fprintf(stderr, "\n  [seed %#" PRIx64 ", set %zu:", seed, tested);
			tu_print_tasks(ts, n);
			return;
		}
	}
	/* the generator must exercise both outcomes (else the test is weak) */
	CU_ASSERT(feasible >= 1000);
	CU_ASSERT(sched >= 250 && sched + 250 <= feasible);
}

CU_TestInfo analysis_tests[] = {
	{ "docs/theory.md §G.1 uniprocessor vectors match", test_theory_g1_uniprocessor_vectors },
	{ "overloaded sets reject without a witness",
	  test_theory_g1_overloaded_sets_reject_without_witness },
	{ "docs/theory.md §G.4 Spuri response times match", test_theory_g4_spuri_response_times },
	{ "docs/theory.md §G.5 dbf steps and density match", test_theory_g5_dbf_points_and_density },
	{ "every reference sample row matches", test_reference_sample_rows_match },
	{ "registry lists the tests with their kinds", test_registry_lists_tests_with_kinds },
	{ "random sets agree with brute force", test_random_sets_agree_with_brute_force },
	CU_TEST_INFO_NULL
};
