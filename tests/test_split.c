/* test_split.c - policy edf-split: hard EDF above soft EDF, admission by
 * class (hard: exact | density | d-equals-t; soft: leftover utilization),
 * and the property that soft work never delays an admitted hard job. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/rng.h"
#include "scenarios/scn.h"
#include "sim/engine.h"
#include "tests/cbs_util.h"
#include "tests/suites.h"

#define ADMISSION (SIM_MASK(SIM_REC_ADMIT) | SIM_MASK(SIM_REC_REJECT))

static void test_the_example_admits_by_class_and_hard_never_misses(void)
{
	struct scn_scenario *s = cbs_load_example("edf-split");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, ADMISSION | SIM_MASK(SIM_REC_MISS),
				       &tr);
	const struct sim_stats *st = sim_engine_stats(e);

	/* value: 2 exact, 5 utilization (enum sim_admit_test) */
	cbs_expect(&tr,
		   "0 admit H1.0 2\n"
		   "0 admit H2.0 2\n"
		   "0 reject H3.0 2\n"
		   "0 admit S1.0 5\n"
		   "0 reject S2.0 5\n"
		   "29 deadline_miss S1.1 9\n"
		   "37 deadline_miss S1.2 7\n");
	CU_ASSERT_EQUAL(st->tasks[0].missed + st->tasks[1].missed, 0);
	CU_ASSERT_EQUAL(st->rejected, 2);
	cbs_done(e, s, &tr);
}

/* docs/theory.md §G.1 seed 2, all hard: density 3/2 rejects the third task, QPA
 * accepts all three, d-equals-t refuses constrained deadlines. */
static void test_the_hard_tests_differ_as_theory_says(void)
{
	static const char yaml[] =
		"format: 1\nhorizon: 100\n"
		"scheduler: { policy: edf-split, hard_test: %s }\n"
		"tasks:\n"
		"  - { name: A, C: 1, D: 2, T: 10 }\n"
		"  - { name: B, C: 2, D: 4, T: 20 }\n"
		"  - { name: C, C: 3, D: 6, T: 50 }\n";
	static const struct {
		const char *test, *want;
	} cases[] = {
		{ "exact", "0 admit A.0 2\n0 admit B.0 2\n0 admit C.0 2\n" },
		{ "density", "0 admit A.0 3\n0 admit B.0 3\n0 reject C.0 3\n" },
		{ "d-equals-t", "0 reject A.0 4\n0 reject B.0 4\n"
				"0 reject C.0 4\n" },
	};

	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		char buf[512];
		struct scn_scenario *s;
		struct tu_trace tr;
		struct sim_engine *e;

		snprintf(buf, sizeof(buf), yaml, cases[k].test);
		s = cbs_load_text(buf);
		e = cbs_run(s, ADMISSION, &tr);
		cbs_expect(&tr, cases[k].want);
		CU_ASSERT_EQUAL(sim_engine_stats(e)->misses, 0);
		cbs_done(e, s, &tr);
	}
}

/* The soft class never blocks a hard task: H joins at 20 while soft work
 * uses 0.9 of the CPU; H is admitted and meets its deadlines, the soft
 * task becomes tardy. */
static void test_a_late_hard_task_is_admitted_over_soft_load(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\nhorizon: 100\nscheduler: { policy: edf-split }\n"
		"tasks:\n"
		"  - { name: S, C: 9, T: 10, class: soft }\n"
		"  - { name: H, C: 5, T: 10, class: hard, arrive_at: 20 }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, ADMISSION, &tr);
	const struct sim_stats *st = sim_engine_stats(e);

	cbs_expect(&tr, "0 admit S.0 5\n20 admit H.0 2\n");
	CU_ASSERT_EQUAL(st->tasks[1].missed, 0);
	CU_ASSERT_EQUAL(st->tasks[1].released, 8);
	CU_ASSERT(st->tasks[0].missed > 0);
	cbs_done(e, s, &tr);
}

static void test_edf_split_is_uniprocessor(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\nscheduler: { policy: edf-split }\n"
		"tasks: [{ name: A, C: 1, T: 2 }]\n");
	struct sim_config c = cbs_config(s);
	struct sim_engine *e = NULL;
	struct rt_diag d;

	cbs_load_fail("format: 1\nplatform: { cpus: 2 }\n"
		      "scheduler: { policy: edf-split }\n"
		      "tasks: [{ name: A, C: 1, T: 2 }]\n",
		      "t.yaml:3:22: scheduler.policy: edf-split: the hard tests "
		      "(exact, density, d-equals-t) are uniprocessor");
	c.cpus = 2;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_UNSUPPORTED);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "uniprocessor"));
	scn_free(s);
}

/* ---- property: soft work never delays an admitted hard job ------------- */

/* Finish time of every hard job, by (task name, job): the lines of the
 * complete records of hard tasks. */
static char *split_hard_finishes(const struct scn_scenario *s,
				 uint64_t *hard_misses)
{
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, CBS_COMPLETE | SIM_MASK(SIM_REC_MISS)
				       | SIM_MASK(SIM_REC_UNFINISHED), &tr);
	const struct sim_stats *st = sim_engine_stats(e);
	char *out = calloc(tr.len + 1, 1), *line, *save = NULL;
	size_t o = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(out);
	*hard_misses = 0;
	for (size_t i = 0; i < st->ntasks; i++)
		if (s->tasks[i].klass == RT_CLASS_HARD)
			*hard_misses += st->tasks[i].missed;
	for (line = tr.buf ? strtok_r(tr.buf, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (strstr(line, " H")) {
			size_t n = strlen(line);

			memcpy(out + o, line, n);
			out[o + n] = '\n';
			o += n + 1;
		}
	}
	cbs_release(e);
	free(tr.buf);
	return out;
}

static void test_soft_work_never_delays_an_admitted_hard_job(void)
{
	uint64_t seed = 0x5917;
	struct rt_rng g;

	rt_rng_seed(&g, seed);
	for (unsigned it = 0; it < 1000; it++) {
		char all[4096], hard[4096];
		size_t oa = 0, oh = 0, nh = 1 + (size_t)rt_rng_range(&g, 0, 3);
		size_t ns = 1 + (size_t)rt_rng_range(&g, 0, 3);
		static const char *const tests[] = { "exact", "density",
						     "d-equals-t" };
		const char *test = tests[rt_rng_range(&g, 0, 2)];
		struct scn_scenario *sa, *sh;
		uint64_t ma, mh;
		char *fa, *fh;

		oa += (size_t)snprintf(all, sizeof(all), "format: 1\nhorizon: %"
				       PRId64 "\nscheduler: { policy: edf-split,"
				       " hard_test: %s }\ntasks:\n",
				       rt_rng_range(&g, 50, 300), test);
		memcpy(hard, all, oa + 1);
		oh = oa;
		for (size_t i = 0; i < nh; i++) {
			int64_t T = rt_rng_range(&g, 3, 30);
			int64_t D = rt_rng_range(&g, 2, T);
			int64_t C = rt_rng_range(&g, 1, D / 2 + 1);
			char line[200];
			int n = snprintf(line, sizeof(line), "  - { name: H%zu, "
					 "C: %" PRId64 ", D: %" PRId64 ", T: %"
					 PRId64 ", offset: %" PRId64 " }\n", i,
					 C, rt_rng_range(&g, 0, 1) ? D : T, T,
					 rt_rng_range(&g, 0, 5));

			memcpy(all + oa, line, (size_t)n + 1);
			memcpy(hard + oh, line, (size_t)n + 1);
			oa += (size_t)n;
			oh += (size_t)n;
		}
		for (size_t i = 0; i < ns; i++)
			oa += (size_t)snprintf(all + oa, sizeof(all) - oa,
				"  - { name: s%zu, C: %" PRId64 ", T: %" PRId64
				", class: soft, exec: { model: uniform, min: 1,"
				" max: %" PRId64 " }, arrive_at: %" PRId64
				" }\n", i, rt_rng_range(&g, 1, 5),
				rt_rng_range(&g, 5, 30), rt_rng_range(&g, 1, 40),
				rt_rng_range(&g, 0, 20));
		sa = cbs_load_text_n(all, oa);
		sh = cbs_load_text_n(hard, oh);
		CU_ASSERT_PTR_NOT_NULL_FATAL(sa);
		CU_ASSERT_PTR_NOT_NULL_FATAL(sh);
		fa = split_hard_finishes(sa, &ma);
		fh = split_hard_finishes(sh, &mh);
		if (strcmp(fa, fh) || ma)
			fprintf(stderr, "\nseed %#" PRIx64 " set %u:\n%s--- with "
				"soft\n%s--- hard alone\n%s", seed, it, all, fa,
				fh);
		CU_ASSERT_STRING_EQUAL(fa, fh);
		CU_ASSERT_EQUAL(ma, 0);
		free(fa);
		free(fh);
		scn_free(sa);
		scn_free(sh);
	}
}

CU_TestInfo split_tests[] = {
	{ "the example admits by class and hard never misses",
	  test_the_example_admits_by_class_and_hard_never_misses },
	{ "the hard tests differ as docs/theory.md says (seed 2)",
	  test_the_hard_tests_differ_as_theory_says },
	{ "a late hard task is admitted over soft load",
	  test_a_late_hard_task_is_admitted_over_soft_load },
	{ "edf-split is uniprocessor", test_edf_split_is_uniprocessor },
	{ "soft work never delays an admitted hard job (1000 sets)",
	  test_soft_work_never_delays_an_admitted_hard_job },
	CU_TEST_INFO_NULL
};
