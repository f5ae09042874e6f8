/* test_resv_prop.c - verdicts only where the model holds: random task
 * sets that leave the sporadic model (release jitter, offsets, sporadic
 * delays, demand above C) and random reservation sets (linux-dl, cbs),
 * analysed the way `dlsim analyze` does (models/analysis_resv.h, the
 * registry) and simulated.  Properties, over >= 1000 sets each (the seed
 * and the failing scenario are printed):
 *
 *   - an exact or sufficient EDF test that accepts the analysed set
 *     (rt_task_analysis_model: D - jitter, largest demand) is never
 *     contradicted by a simulated miss, and the tardiness bound covers
 *     every observed tardiness;
 *   - the linux admission replay refuses exactly the tasks the simulated
 *     kernel refuses; an exact test accepting the admitted reservations
 *     means no server deadline miss and no miss of an admitted task that
 *     keeps to its reservation, and the bound covers the servers;
 *   - cbs-bandwidth accepting a domain means no server deadline miss,
 *     and a guaranteed task ends each job within D_s of its release.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "include/dlsim.h"
#include "models/analysis_resv.h"
#include "models/analysis_uni.h"
#include "models/linux_dl.h"
#include "models/rng.h"
#include "models/tests.h"
#include "scenarios/scn.h"
#include "sim/engine.h"
#include "tests/cbs_util.h"
#include "tests/suites.h"

#define SETS 1000

static char text[8192];

static void fail_print(const char *what, uint64_t seed, int k)
{
	fprintf(stderr, "\n  [%s: seed %" PRIu64 " set %d]\n%s\n", what, seed,
		k, text);
}

/* Random EDF set on one CPU: jitter, offsets, sporadic delays, overruns. */
static struct scn_scenario *random_plain(struct rt_rng *g)
{
	size_t n = 1 + (size_t)rt_rng_range(g, 0, 3), o = 0;

	o += (size_t)snprintf(text + o, sizeof(text) - o, "format: 1\n"
			      "horizon: %" PRId64 "\nseed: %" PRId64 "\ntasks:\n",
			      rt_rng_range(g, 100, 600), rt_rng_range(g, 0, 1000));
	for (size_t i = 0; i < n; i++) {
		int64_t T = rt_rng_range(g, 4, 40);
		int64_t C = rt_rng_range(g, 1, T / 2 > 1 ? T / 2 : 1);
		int64_t D = rt_rng_range(g, C, 2 * T);

		o += (size_t)snprintf(text + o, sizeof(text) - o,
				      "  - { name: t%zu, C: %" PRId64 ", D: %" PRId64
				      ", T: %" PRId64, i, C, D, T);
		if (rt_rng_range(g, 0, 1))
			o += (size_t)snprintf(text + o, sizeof(text) - o,
					      ", offset: %" PRId64,
					      rt_rng_range(g, 0, 20));
		if (rt_rng_range(g, 0, 1))
			o += (size_t)snprintf(text + o, sizeof(text) - o,
					      ", jitter: %" PRId64,
					      rt_rng_range(g, 1, D + 2));
		if (rt_rng_range(g, 0, 2) == 0)
			o += (size_t)snprintf(text + o, sizeof(text) - o,
					      ", arrival: { model: sporadic, "
					      "max_delay: %" PRId64 " }",
					      rt_rng_range(g, 0, 10));
		if (rt_rng_range(g, 0, 3) == 0)
			o += (size_t)snprintf(text + o, sizeof(text) - o,
					      ", exec: { model: uniform, min: 1, "
					      "max: %" PRId64 " }",
					      rt_rng_range(g, 1, C + 2));
		o += (size_t)snprintf(text + o, sizeof(text) - o, " }\n");
	}
	return cbs_load_text_n(text, o);
}

static void test_jitter_offsets_delays_never_accept_a_miss(void)
{
	const uint64_t seed = 0x9a11e7;
	struct rt_rng g;
	int accepts = 0, misses = 0, jitters = 0;

	rt_rng_seed(&g, seed);
	for (int k = 0; k < SETS; k++) {
		struct scn_scenario *s = random_plain(&g);
		struct rt_task *m;
		struct tu_trace tr;
		struct sim_engine *e;
		const struct sim_stats *st;
		unsigned bits = 0;
		bool ge_d = false, bad = false;
		rt_time delta = 0, *resp;
		bool rx;
		struct rt_diag d = { "" };

		CU_ASSERT_FATAL(s != NULL);
		m = calloc(s->ntasks, sizeof(*m));
		resp = calloc(s->ntasks, sizeof(*resp));
		CU_ASSERT_FATAL(m && resp);
		for (size_t i = 0; i < s->ntasks; i++) {
			unsigned w = rt_task_analysis_model(&s->tasks[i], &m[i]);

			bits |= w;
			ge_d = ge_d || (w & RT_MODEL_JITTER_GE_D);
		}
		jitters += (bits & RT_MODEL_JITTER) != 0;
		e = cbs_run(s, 0, &tr);
		st = sim_engine_stats(e);
		misses += st->misses > 0;
		for (size_t t = 0; rt_tests[t]; t++) {
			const struct rt_test_info *ti = rt_tests[t];
			struct rt_test_result r;

			if (!rt_test_analyses_match(ti, RT_AN_EDF, RT_AN_UNI) ||
			    !ti->applies(1) || ((bits & RT_MODEL_JITTER) &&
			    !ti->jitter) || ge_d)
				continue;
			CU_ASSERT_EQUAL_FATAL(ti->run(m, s->ntasks, 1, &r, &d), RT_OK);
			if (r.verdict != RT_VERDICT_ACCEPT ||
			    (r.kind != RT_KIND_EXACT && r.kind != RT_KIND_SUFFICIENT))
				continue;
			accepts++;
			if (st->misses) {
				CU_FAIL("a test accepts, the simulation misses");
				bad = true;
			}
		}
		/* the bound covers what was observed */
		if (!ge_d && rt_uni_tardiness_bounds(m, s->ntasks,
						     RT_UNI_BUDGET_DEFAULT,
						     &delta, resp, &rx, &d) == RT_OK &&
		    st->max_tardiness > delta) {
			CU_FAIL("observed tardiness above the bound");
			bad = true;
		}
		if (bad)
			fail_print("jitter", seed, k);
		free(m);
		free(resp);
		cbs_done(e, s, &tr);
	}
	/* the sample exercises both sides */
	CU_ASSERT(accepts > 100);
	CU_ASSERT(misses > 100);
	CU_ASSERT(jitters > 300);
}

/* The case: C 1, D 2, T 10, jitter 5 is not schedulable. */
static void test_jitter_beyond_the_deadline_is_not_schedulable(void)
{
	struct rt_task t = rt_task_make("J", 1, 2, 10), m;
	struct rt_task ok = rt_task_make("K", 2, 8, 10);
	struct rt_test_result r;

	t.jitter = 5;
	CU_ASSERT_EQUAL(rt_task_analysis_model(&t, &m),
			RT_MODEL_JITTER | RT_MODEL_JITTER_GE_D);
	/* J < D: D' = D - J = 8 - 3 = 5 >= C = 2, and pdc accepts */
	ok.jitter = 3;
	CU_ASSERT_EQUAL(rt_task_analysis_model(&ok, &m), RT_MODEL_JITTER);
	CU_ASSERT_EQUAL(m.deadline, 5);
	CU_ASSERT_EQUAL(rt_test_find("pdc")->run(&m, 1, 1, &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	/* two tasks whose D - J windows overlap: (2, 4-1, 10) twice has
	 * dbf(3) = 4 > 3, so pdc rejects what D alone would accept */
	{
		struct rt_task two[2] = { rt_task_make("a", 2, 4, 10),
					  rt_task_make("b", 2, 4, 10) }, mm[2];

		CU_ASSERT_EQUAL(rt_test_find("pdc")->run(two, 2, 1, &r, NULL), RT_OK);
		CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
		two[0].jitter = two[1].jitter = 1;
		rt_task_analysis_model(&two[0], &mm[0]);
		rt_task_analysis_model(&two[1], &mm[1]);
		CU_ASSERT_EQUAL(rt_test_find("pdc")->run(mm, 2, 1, &r, NULL), RT_OK);
		CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
		CU_ASSERT_EQUAL(r.witness, 3);
		CU_ASSERT_EQUAL(r.demand, 4);
	}
	/* global tests have no jitter extension, uniprocessor ones do;
	 * fp-rta its own, on D and J (not D - J) */
	CU_ASSERT_FALSE(rt_test_find("gfb")->jitter);
	CU_ASSERT_TRUE(rt_test_find("fp-rta")->jitter);
	CU_ASSERT_TRUE(rt_test_find("fp-rta")->jitter_native);
	CU_ASSERT_FALSE(rt_test_find("qpa")->jitter_native);
	CU_ASSERT_TRUE(rt_test_find("qpa")->jitter);
}

/* The kernel arithmetic of scenarios/examples/linux-dl.yaml (G.6):
 * 2 x 419430 = 838860 <= 996147 < 3 x 419430. */
static void test_linux_admission_of_the_example(void)
{
	struct rt_task ts[3] = { rt_task_make("P1", 4000000, 5000000, 10000000),
				 rt_task_make("P2", 4000000, 5000000, 10000000),
				 rt_task_make("P3", 4000000, 5000000, 10000000) };
	unsigned cpus = 1;
	struct rt_dl_adm_input in = { .tasks = ts, .n = 3, .dom_cpus = &cpus,
				      .ndom = 1, .rt_runtime_us = 950000,
				      .rt_period_us = 1000000 };
	struct rt_dl_adm_task tk[3];
	struct rt_dl_adm_dom dom;
	struct rt_test_result r;

	CU_ASSERT_EQUAL(rt_dl_admission(&in, tk, &dom, NULL), RT_OK);
	CU_ASSERT_EQUAL(tk[0].dl_bw, 419430);
	CU_ASSERT_TRUE(tk[0].accepted && tk[1].accepted && !tk[2].accepted);
	CU_ASSERT_EQUAL(tk[2].before, 838860);
	CU_ASSERT_EQUAL(dom.total, 838860);
	CU_ASSERT_EQUAL(dom.cap_bw, 996147);
	CU_ASSERT(dom.cap == 996147);
	CU_ASSERT_EQUAL(dom.accepted, 2);
	CU_ASSERT_EQUAL(dom.rejected, 1);
	/* the registry entry says the same */
	CU_ASSERT_EQUAL(rt_test_find("linux")->run(ts, 3, 1, &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(r.kind, RT_KIND_ADMISSION);
	CU_ASSERT_EQUAL(r.task, 2);
	/* a leave returns the bandwidth: P3 joining at 20 after P1 left at 10 */
	{
		rt_time arrive[3] = { 0, 0, 20 }, leave[3] = { 10, RT_TIME_NEVER,
							      RT_TIME_NEVER };

		in.arrive_at = arrive;
		in.leave_at = leave;
		CU_ASSERT_EQUAL(rt_dl_admission(&in, tk, &dom, NULL), RT_OK);
		CU_ASSERT_TRUE(tk[2].accepted);
		CU_ASSERT_EQUAL(tk[2].before, 419430);
		/* at the same instant joins come before leaves */
		leave[0] = 20;
		CU_ASSERT_EQUAL(rt_dl_admission(&in, tk, &dom, NULL), RT_OK);
		CU_ASSERT_FALSE(tk[2].accepted);
	}
	/* P1's bandwidth returns at its 0-lag time, somewhere in [10, 25]
	 * after it leaves at 10: P3 joining at 20 finds 419430 (P1 back) or
	 * 838860 (not yet): admitted or refused as the schedule falls, so
	 * undetermined (counted as admitted); at 25 it is back */
	{
		rt_time arrive[3] = { 0, 0, 20 }, leave[3] = { 10, RT_TIME_NEVER,
							      RT_TIME_NEVER };
		rt_time lo[3] = { 10, RT_TIME_NEVER, RT_TIME_NEVER };
		rt_time hi[3] = { 25, RT_TIME_NEVER, RT_TIME_NEVER };

		in.arrive_at = arrive;
		in.leave_at = leave;
		in.free_lo = lo;
		in.free_hi = hi;
		CU_ASSERT_EQUAL(rt_dl_admission(&in, tk, &dom, NULL), RT_OK);
		CU_ASSERT_TRUE(tk[2].undetermined && tk[2].accepted);
		CU_ASSERT_EQUAL(tk[2].before, 419430);
		CU_ASSERT_EQUAL(tk[2].before_hi, 838860);
		CU_ASSERT_EQUAL(dom.undetermined, 1);
		CU_ASSERT_EQUAL(dom.accepted, 2);
		CU_ASSERT_EQUAL(dom.rejected, 0);
		/* a return after the exit (the 0-lag timer) comes before a
		 * join of the same instant: at 25 P3 is admitted */
		arrive[2] = 25;
		CU_ASSERT_EQUAL(rt_dl_admission(&in, tk, &dom, NULL), RT_OK);
		CU_ASSERT_TRUE(tk[2].accepted && !tk[2].undetermined);
		CU_ASSERT_EQUAL(tk[2].before_hi, 419430);
		/* three admitted over time, never more than two at once */
		CU_ASSERT_EQUAL(dom.total, 3 * 419430);
		CU_ASSERT_EQUAL(dom.peak, 838860);
		/* a return at the exit itself comes after the joins of that
		 * instant (as the simulation orders them) */
		lo[0] = hi[0] = 10;
		arrive[2] = 10;
		CU_ASSERT_EQUAL(rt_dl_admission(&in, tk, &dom, NULL), RT_OK);
		CU_ASSERT_FALSE(tk[2].accepted || tk[2].undetermined);
		in.free_lo = in.free_hi = NULL;
	}
	/* class fair: neither counted nor refused */
	ts[0].klass = RT_CLASS_FAIR;
	in.arrive_at = in.leave_at = NULL;
	CU_ASSERT_EQUAL(rt_dl_admission(&in, tk, &dom, NULL), RT_OK);
	CU_ASSERT_FALSE(tk[0].deadline);
	CU_ASSERT_TRUE(tk[0].accepted && tk[1].accepted && tk[2].accepted);
	CU_ASSERT_EQUAL(dom.total, 838860);
}

/* Random linux-dl sets on one CPU (us): admission, then the admitted
 * reservations. */
static struct scn_scenario *random_linux(struct rt_rng *g)
{
	size_t n = 1 + (size_t)rt_rng_range(g, 0, 4), o = 0;

	o += (size_t)snprintf(text + o, sizeof(text) - o, "format: 1\n"
			      "time_unit: us\nhorizon: %" PRId64 "\nseed: %" PRId64
			      "\nscheduler: { policy: linux-dl }\ntasks:\n",
			      rt_rng_range(g, 2000, 8000), rt_rng_range(g, 0, 99));
	for (size_t i = 0; i < n; i++) {
		int64_t T = rt_rng_range(g, 100, 1000);
		int64_t C = rt_rng_range(g, 2, T / 2);
		int64_t D = rt_rng_range(g, 0, 1) ? T : rt_rng_range(g, C, T);

		o += (size_t)snprintf(text + o, sizeof(text) - o,
				      "  - { name: t%zu, runtime: %" PRId64
				      ", deadline: %" PRId64 ", period: %" PRId64,
				      i, C, D, T);
		if (rt_rng_range(g, 0, 2) == 0)
			o += (size_t)snprintf(text + o, sizeof(text) - o,
					      ", arrival: { model: sporadic, "
					      "max_delay: %" PRId64 " }",
					      rt_rng_range(g, 0, 300));
		if (rt_rng_range(g, 0, 3) == 0)
			o += (size_t)snprintf(text + o, sizeof(text) - o,
					      ", exec: { model: uniform, min: 1, "
					      "max: %" PRId64 " }",
					      rt_rng_range(g, 1, 2 * C));
		if (rt_rng_range(g, 0, 3) == 0)
			o += (size_t)snprintf(text + o, sizeof(text) - o,
					      ", offset: %" PRId64,
					      rt_rng_range(g, 0, 500));
		o += (size_t)snprintf(text + o, sizeof(text) - o, " }\n");
	}
	return cbs_load_text_n(text, o);
}

static void test_random_linux_sets_agree_with_the_simulation(void)
{
	const uint64_t seed = 0x11d1;
	struct rt_rng g;
	int refused = 0, accepts = 0, overruns = 0, guaranteed = 0;
	int bounded = 0;

	rt_rng_seed(&g, seed);
	for (int k = 0; k < SETS; k++) {
		struct scn_scenario *s = random_linux(&g);
		unsigned cpus = 1;
		struct rt_dl_adm_input in;
		struct rt_dl_adm_task tk[8];
		struct rt_dl_adm_dom dom;
		struct rt_task res[8];
		size_t nres = 0, map[8];
		struct tu_trace tr;
		struct sim_engine *e;
		const struct sim_stats *st;
		struct rt_test_result r;
		rt_time delta, resp[8];
		bool rx, bad = false, kept = true;

		CU_ASSERT_FATAL(s != NULL && s->ntasks <= 8);
		in = (struct rt_dl_adm_input){ .tasks = s->tasks, .n = s->ntasks,
			.dom_cpus = &cpus, .ndom = 1,
			.rt_runtime_us = s->sched.rt_runtime_us,
			.rt_period_us = s->sched.rt_period_us,
			/* the profile's fair server (6.12: counted) */
			.fair_bw = rt_dl_reserved_bw(&s->sched.dl, 1) };
		CU_ASSERT_EQUAL_FATAL(rt_dl_admission(&in, tk, &dom, NULL), RT_OK);
		e = cbs_run(s, 0, &tr);
		st = sim_engine_stats(e);
		for (size_t i = 0; i < s->ntasks; i++) {
			struct rt_task m;

			if (st->tasks[i].rejected == tk[i].accepted) {
				CU_FAIL("admission replay differs from the kernel");
				bad = true;
			}
			refused += !tk[i].accepted;
			if (!tk[i].accepted)
				continue;
			map[nres] = i;
			res[nres++] = rt_task_make(s->tasks[i].name, s->tasks[i].wcet,
						   s->tasks[i].deadline,
						   s->tasks[i].period);
			overruns += rt_task_analysis_model(&s->tasks[i], &m) != 0;
		}
		CU_ASSERT_EQUAL(rt_test_find("qpa")->run(res, nres, 1, &r, NULL),
				RT_OK);
		/* one reservation not kept voids the guarantees of its
		 * domain (the kernel's 2^10 ns wake-up granularity) */
		for (size_t q = 0; q < nres; q++)
			if (rt_dl_task_no_guarantee(&s->tasks[map[q]]))
				kept = false;
		if (!kept)
			nres = 0;
		if (r.verdict == RT_VERDICT_ACCEPT) {
			accepts++;
			for (size_t q = 0; q < nres; q++) {
				size_t i = map[q];

				if (rt_dl_task_no_guarantee(&s->tasks[i]))
					continue;
				guaranteed++;
				/* the kernel keeps d == now with < 2^10 ns of
				 * runtime left: up to 1023 ns late */
				if (st->servers[i].deadline_misses &&
				    st->servers[i].max_lateness >=
				    RT_DL_RUNTIME_MIN) {
					CU_FAIL("qpa accepts the reservations, a "
						"kept reservation missed");
					bad = true;
				}
				if (st->tasks[i].missed) {
					CU_FAIL("a task keeping to its reservation "
						"missed");
					bad = true;
				}
			}
		}
		/* the bound over the reservations covers each server */
		if (nres && rt_uni_tardiness_bounds(res, nres, RT_UNI_BUDGET_DEFAULT,
						    &delta, resp, &rx, NULL) == RT_OK)
			for (size_t q = 0; q < nres; q++) {
				const struct sim_server_stats *ss =
					&st->servers[map[q]];
				size_t i = map[q];
				rt_time tq = resp[q] > res[q].deadline ?
					     resp[q] - res[q].deadline : 0;

				if (rt_dl_task_no_guarantee(&s->tasks[i]))
					continue;
				if (ss->deadline_misses &&
				    ss->max_lateness >= tq + RT_DL_RUNTIME_MIN) {
					CU_FAIL("server lateness above the bound");
					bad = true;
				}
				if (delta == 0 && st->tasks[i].max_tardiness > 0) {
					CU_FAIL("task tardiness above the bound");
					bad = true;
				}
				/* with every reservation deadline met, a
				 * kept task's jobs end within its
				 * reservation's response bound (others'
				 * leftovers below 2^10 ns must not delay
				 * it: rt_dl_task_no_guarantee) */
				if (delta != 0)
					continue;
				if (st->tasks[i].max_response > resp[q]) {
					CU_FAIL("task response above the bound");
					bad = true;
				}
				bounded++;
			}
		if (bad)
			fail_print("linux-dl", seed, k);
		cbs_done(e, s, &tr);
	}
	CU_ASSERT(refused > 100);
	CU_ASSERT(accepts > 100);
	CU_ASSERT(overruns > 100);
	CU_ASSERT(guaranteed > 100);
	if (bounded <= 300)
		fprintf(stderr, "\n  [%d responses compared]\n", bounded);
	CU_ASSERT(bounded > 300);
}

/*
 * The kernel's 2^10 ns granularity at a wake-up, timeline (ns): A
 * (runtime 500000, D = T = 4000000, each job demanding 499802) and B
 * (runtime 600000, D 1300000, T 4000000), both released at 0 and 4000000.
 *   0        B runs (d 1300000 < 4000000)
 *   600000   B ends; A runs
 *   1099802  A ends, 198 ns of runtime left, reservation deadline 4000000
 *   4000000  A's next job: deadline == now, and dl_entity_overflow()
 *            compares (198 >> 10) = 0: it keeps d = 4000000 and 198 ns,
 *            the earliest deadline, and runs them first
 *   4000198  A exhausted, replenished to d 8000000; B runs
 *   4600198  B ends: response 600198, past its reservation's bound
 *            600000.
 * So A (a demand within 1023 ns below its runtime, D = T) is not kept,
 * and its root domain guarantees nothing (`dlsim analyze`: no
 * contradiction).  A demand 1024 ns or more below the runtime leaves
 * enough for the check to see the overflow; D < T starts each job after
 * the old deadline.
 */
static void test_a_leftover_below_2_to_the_10_ns_is_not_kept(void)
{
	static const rt_time vals[][2] = {
		{ 499802, 1 }, { 499999, 1 }, { 500000 - 1023, 1 },
		{ 500000 - 1024, 0 }, { 500000, 0 }, { 400000, 0 } };
	struct rt_task t = rt_task_make("A", 500000, 4000000, 4000000);
	struct scn_scenario *s;
	struct sim_engine *e;
	struct tu_trace tr;

	for (size_t k = 0; k < sizeof(vals) / sizeof(vals[0]); k++) {
		t.exec = RT_EXEC_LIST;
		t.exec_values = &vals[k][0];
		t.nexec_values = 1;
		t.deadline = 4000000;
		CU_ASSERT_EQUAL(rt_dl_task_no_guarantee(&t) != NULL,
				vals[k][1] != 0);
		/* D < T: the next job starts after the old deadline */
		t.deadline = 3000000;
		CU_ASSERT_PTR_NULL(rt_dl_task_no_guarantee(&t));
	}
	t.deadline = 4000000;
	t.exec = RT_EXEC_UNIFORM;
	t.exec_min = 100000;
	t.exec_max = 500000 - 1023;
	CU_ASSERT_PTR_NOT_NULL(rt_dl_task_no_guarantee(&t));
	t.exec_max = 500000 - 1024;
	CU_ASSERT_PTR_NULL(rt_dl_task_no_guarantee(&t));
	t.exec_min = t.exec_max = 500000;
	CU_ASSERT_PTR_NULL(rt_dl_task_no_guarantee(&t));
	s = cbs_load_text("format: 1\ntime_unit: ns\nhorizon: 8000000\n"
			  "scheduler: { policy: linux-dl, kernel: \"6.6\" }\n"
			  "tasks:\n"
			  "  - { name: A, runtime: 500000, deadline: 4000000, "
			  "period: 4000000, exec: { model: list, values: "
			  "[499802] } }\n"
			  "  - { name: B, runtime: 600000, deadline: 1300000, "
			  "period: 4000000 }\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	e = cbs_run(s, 0, &tr);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->tasks[1].max_response, 600198);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->servers[0].max_lateness, 198);
	CU_ASSERT_PTR_NOT_NULL(rt_dl_task_no_guarantee(&s->tasks[0]));
	cbs_done(e, s, &tr);
}

/* Random cbs sets on one CPU: servers of each kind, served and plain
 * tasks with random demand and arrivals. */
static struct scn_scenario *random_cbs(struct rt_rng *g)
{
	static const char *const kinds[] = { "cbs", "hard-cbs", "revised-cbs" };
	size_t ns = 1 + (size_t)rt_rng_range(g, 0, 2), o = 0;

	o += (size_t)snprintf(text + o, sizeof(text) - o, "format: 1\n"
			      "horizon: %" PRId64 "\nseed: %" PRId64 "\nservers:\n",
			      rt_rng_range(g, 100, 500), rt_rng_range(g, 0, 99));
	for (size_t j = 0; j < ns; j++) {
		int64_t T = rt_rng_range(g, 4, 30);
		int64_t Q = rt_rng_range(g, 1, T / 2);
		int kind = (int)rt_rng_range(g, 0, 2);
		int64_t D = kind == 2 ? rt_rng_range(g, Q, T) : T;

		o += (size_t)snprintf(text + o, sizeof(text) - o,
				      "  - { name: S%zu, kind: %s, budget: %" PRId64
				      ", deadline: %" PRId64 ", period: %" PRId64
				      " }\n", j, kinds[kind], Q, D, T);
	}
	o += (size_t)snprintf(text + o, sizeof(text) - o, "tasks:\n");
	for (size_t j = 0; j < ns; j++) {
		size_t m = 1 + (size_t)rt_rng_range(g, 0, 1);

		for (size_t k = 0; k < m; k++) {
			int64_t T = rt_rng_range(g, 3, 40);

			o += (size_t)snprintf(text + o, sizeof(text) - o,
				"  - { name: t%zu_%zu, C: 1, D: %" PRId64 ", T: %"
				PRId64 ", server: S%zu, arrival: { model: sporadic,"
				" max_delay: %" PRId64 " }, exec: { model: "
				"uniform, min: 1, max: %" PRId64 " } }\n", j, k,
				rt_rng_range(g, 1, 2 * T), T, j,
				rt_rng_range(g, 0, 10), rt_rng_range(g, 1, 8));
		}
	}
	if (rt_rng_range(g, 0, 1))
		o += (size_t)snprintf(text + o, sizeof(text) - o,
				      "  - { name: plain, C: %" PRId64 ", T: 20 }\n",
				      rt_rng_range(g, 1, 4));
	return cbs_load_text_n(text, o);
}

static void test_random_cbs_sets_keep_their_guarantees(void)
{
	const uint64_t seed = 0xcb5;
	struct rt_rng g;
	int accepts = 0, guaranteed = 0;

	rt_rng_seed(&g, seed);
	for (int k = 0; k < SETS; k++) {
		struct scn_scenario *s = random_cbs(&g);
		struct rt_task set[16];
		size_t n = 0;
		struct tu_trace tr;
		struct sim_engine *e;
		const struct sim_stats *st;
		struct rt_test_result r;
		bool bad = false, ok;

		CU_ASSERT_FATAL(s != NULL && s->ntasks + s->nservers <= 16);
		for (size_t j = 0; j < s->nservers; j++)
			set[n++] = rt_server_as_task(&s->servers[j]);
		for (size_t i = 0; i < s->ntasks; i++)
			if (s->task_server[i] < 0)
				rt_task_analysis_model(&s->tasks[i], &set[n++]);
		CU_ASSERT_EQUAL(rt_test_find("cbs-bandwidth")->run(set, n, 1, &r,
								   NULL), RT_OK);
		ok = r.verdict == RT_VERDICT_ACCEPT && r.kind == RT_KIND_EXACT;
		e = cbs_run(s, 0, &tr);
		st = sim_engine_stats(e);
		if (ok) {
			accepts++;
			if (st->server_misses) {
				CU_FAIL("cbs-bandwidth accepts, a server missed");
				bad = true;
			}
		}
		for (size_t i = 0; i < s->ntasks; i++) {
			enum rt_cbs_guarantee gu = rt_cbs_task_guarantee(s->tasks,
				s->ntasks, s->task_server, s->servers, i, ok);
			const struct rt_server *sv;

			if (gu != RT_CBS_GUARANTEED)
				continue;
			guaranteed++;
			sv = &s->servers[s->task_server[i]];
			if (st->tasks[i].max_response > sv->deadline) {
				CU_FAIL("a guaranteed task responded after D_s");
				bad = true;
			}
		}
		if (bad)
			fail_print("cbs", seed, k);
		cbs_done(e, s, &tr);
	}
	CU_ASSERT(accepts > 100);
	CU_ASSERT(guaranteed > 100);
}

/* Tasks that arrive and leave under linux-dl (one CPU or several, exact
 * or tick accounting, a leaving task's bandwidth returned at its 0-lag
 * time or at once): analyze's admission replay and tests never
 * contradict the simulation (a task whose admission the schedule
 * decides is "depends", not a verdict). */
static void test_arrivals_and_leaves_never_contradict(void)
{
	const uint64_t seed = 0x1ea5e;
	struct rt_rng g;
	struct dlsim *db = NULL;
	int undetermined = 0, refused = 0, leaving = 0;

	rt_rng_seed(&g, seed);
	CU_ASSERT_EQUAL_FATAL(dlsim_open(&db), DLSIM_OK);
	for (int k = 0; k < SETS; k++) {
		size_t n = (size_t)rt_rng_range(&g, 2, 6), o = 0;
		struct dlsim_scenario *sc = NULL;
		struct dlsim_analysis *an = NULL;
		char *txt = NULL;
		size_t len = 0;

		o += (size_t)snprintf(text + o, sizeof(text) - o, "format: 1\n"
			"time_unit: ms\nhorizon: 200\nplatform: {cpus: %"
			PRId64 "}\nscheduler: {policy: linux-dl, accounting: "
			"%s, bw_release: %s}\ntasks:\n",
			rt_rng_range(&g, 0, 2) ? 1 : rt_rng_range(&g, 2, 3),
			rt_rng_range(&g, 0, 2) ? "exact" : "tick",
			rt_rng_range(&g, 0, 2) ? "zero-lag" : "immediate");
		for (size_t i = 0; i < n; i++) {
			int64_t T = 5 * rt_rng_range(&g, 1, 5);
			int64_t C = rt_rng_range(&g, 1, T * 7 / 10 > 1 ?
						 T * 7 / 10 : 1);
			int64_t D = rt_rng_range(&g, 0, 1) ? T :
				    rt_rng_range(&g, C, T);
			int64_t arr = rt_rng_range(&g, 0, 60);

			o += (size_t)snprintf(text + o, sizeof(text) - o,
				"  - {name: t%zu, C: %" PRId64 ", D: %" PRId64
				", T: %" PRId64 ", arrive_at: %" PRId64, i, C,
				D, T, arr);
			if (rt_rng_range(&g, 0, 4) < 3) {
				o += (size_t)snprintf(text + o, sizeof(text) - o,
					", leave_at: %" PRId64,
					arr + rt_rng_range(&g, 0, 40));
				leaving++;
			}
			if (rt_rng_range(&g, 0, 3) == 0)
				o += (size_t)snprintf(text + o, sizeof(text) - o,
					", arrival: {model: sporadic, "
					"max_delay: 3}");
			if (rt_rng_range(&g, 0, 4) == 0)
				o += (size_t)snprintf(text + o, sizeof(text) - o,
					", exec: {model: uniform, min: 1, "
					"max: %" PRId64 "}", C);
			o += (size_t)snprintf(text + o, sizeof(text) - o, "}\n");
		}
		CU_ASSERT_EQUAL_FATAL(dlsim_scenario_load_string(db, text, o,
				      "r.yaml", &sc), DLSIM_OK);
		CU_ASSERT_EQUAL_FATAL(dlsim_analyze(db, sc, NULL, &an),
				      DLSIM_OK);
		if (dlsim_analysis_ncontradictions(an)) {
			fprintf(stderr, "\n  seed %" PRIu64 " set %d: %s\n%.*s",
				seed, k, dlsim_analysis_contradiction(an, 0),
				(int)o, text);
			CU_FAIL("a contradiction");
		}
		if (dlsim_analysis_text(db, an, 0, &txt, &len) == DLSIM_OK) {
			undetermined += strstr(txt, "depends :") != NULL;
			refused += strstr(txt, "REFUSED") != NULL;
		}
		free(txt);
		dlsim_analysis_free(an);
		dlsim_scenario_free(sc);
	}
	dlsim_close(db);
	/* the sets exercise what they should */
	CU_ASSERT(leaving > SETS);
	CU_ASSERT(refused > SETS / 20);
	CU_ASSERT(undetermined > 0 && undetermined < SETS / 5);
}

CU_TestInfo resv_prop_tests[] = {
	{ "jitter beyond the deadline is not schedulable",
	  test_jitter_beyond_the_deadline_is_not_schedulable },
	{ "jitter, offsets and delays: no accept with a miss (1000 sets)",
	  test_jitter_offsets_delays_never_accept_a_miss },
	{ "linux admission of the example, leaves and fair tasks",
	  test_linux_admission_of_the_example },
	{ "random linux-dl sets agree with the simulation (1000 sets)",
	  test_random_linux_sets_agree_with_the_simulation },
	{ "a leftover below 2^10 ns is not kept",
	  test_a_leftover_below_2_to_the_10_ns_is_not_kept },
	{ "random cbs sets keep their guarantees (1000 sets)",
	  test_random_cbs_sets_keep_their_guarantees },
	{ "linux-dl arrivals and leaves never contradict (1000 sets)",
	  test_arrivals_and_leaves_never_contradict },
	CU_TEST_INFO_NULL
};
