/* test_global_prop.c - seeded property tests of the global EDF tests
 * (docs/theory.md §B): the plain references of tests/global_ref.c (RTA by
 * schedcat's iteration, BCL-iterative, BAR and FF-DBF evaluated point by
 * point) agree with the library's accelerated versions; no test accepts a set that misses a deadline in a
 * synchronous unit-step G-EDF simulation or that fails the LOAD
 * condition; LOAD agrees with a brute-force scan.  Each prints its seed
 * and the failing set.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "models/analysis_global.h"
#include "models/analysis_global_int.h"
#include "models/rng.h"
#include "models/tests.h"
#include "tests/analysis_util.h"
#include "tests/global_ref.h"
#include "tests/suites.h"
#include "tests/trace_util.h"

static void print_set(uint64_t seed, size_t set, const struct rt_task *ts,
		      size_t n, unsigned m)
{
	fprintf(stderr, "\n  [seed %#" PRIx64 ", set %zu, m = %u:", seed, set, m);
	tu_print_tasks(ts, n);
}

static void test_rta_fixed_point_equals_plain_iteration(void)
{
	const uint64_t seed = 0x67ed0a11;
	struct rt_rng rng;
	size_t accepted = 0;

	rt_rng_seed(&rng, seed);
	for (size_t set = 0; set < 1500; set++) {
		unsigned m = (unsigned)rt_rng_range(&rng, 2, 4);
		size_t n = (size_t)rt_rng_range(&rng, 2, 8);
		rt_time scale = set % 3 ? 1 : 997, resp[8], want[8];
		struct rt_task ts[8];
		struct rt_global_result r;
		size_t task;
		bool plain;
		unsigned before = CU_get_number_of_failures();

		for (size_t i = 0; i < n; i++) {
			rt_time t = rt_rng_range(&rng, 4, 60) * scale;
			rt_time c = rt_rng_range(&rng, 1, t * 3 * (rt_time)m /
						 (4 * (rt_time)n) + 1);
			rt_time d;

			if (c > t)
				c = t;
			d = rt_rng_range(&rng, 0, 1) ? t : rt_rng_range(&rng, c, t);
			ts[i] = TK(c, t, d);
		}
		plain = gref_rta(ts, n, m, want, &task);
		CU_ASSERT_EQUAL_FATAL(rt_global_rta(ts, n, m, 25, RT_GLOBAL_BUDGET_DEFAULT,
						    resp, &r, NULL), RT_OK);
		CU_ASSERT_EQUAL(r.verdict == RT_VERDICT_ACCEPT, plain);
		CU_ASSERT_EQUAL(r.task, task);
		for (size_t i = 0; i < n && plain; i++) {
			CU_ASSERT_EQUAL(resp[i], want[i]);
			CU_ASSERT(resp[i] >= ts[i].wcet && resp[i] <= ts[i].deadline);
		}
		accepted += plain;
		if (CU_get_number_of_failures() != before) {
			print_set(seed, set, ts, n, m);
			return;
		}
	}
	if (accepted <= 300 || accepted >= 1400)
		fprintf(stderr, "\n  [accepted %zu of 1500]\n", accepted);
	CU_ASSERT(accepted > 300 && accepted < 1400);
}

/* ---- the fast tests against their plain references --------------------------- */

/*
 * Random constrained-deadline sets in four shapes: the experiment's (20
 * tasks on 4 CPUs, periods 10..1000), small integers, ns-scaled, and
 * parameters past 2^40 (the 128-bit paths).  Verdict, failing task, BAR's
 * offset and RTA's bounds must be the references' exactly.
 */
static void test_fast_tests_equal_their_plain_references(void)
{
	const uint64_t seed = 0xfa57ef;
	size_t accepted[4] = { 0 }, compared = 0;
	struct rt_rng rng;

	rt_rng_seed(&rng, seed);
	for (size_t set = 0; set < 1200; set++) {
		unsigned shape = set % 4, m = (unsigned)rt_rng_range(&rng, 2, 4);
		size_t n = shape ? (size_t)rt_rng_range(&rng, 2, 10) : 20;
		rt_time scale = shape == 2 ? 1000003 : shape == 3 ?
				((rt_time)1 << 41) + 9 : 1;
		rt_time resp[20], want[20];
		struct rt_task ts[20];
		struct rt_global_result r, r2;
		size_t task;
		rt_time off;
		unsigned before = CU_get_number_of_failures();
		bool ok;

		if (!shape)
			m = 4;
		for (size_t i = 0; i < n; i++) {
			rt_time t = rt_rng_range(&rng, shape ? 3 : 10,
						 shape ? 40 : 1000);
			rt_time hi = t * 3 * (rt_time)m / (2 * (rt_time)n);
			rt_time c = rt_rng_range(&rng, 1, hi < 1 ? 1 : hi < t ? hi : t);

			ts[i] = TK(c * scale, t * scale,
				   rt_rng_range(&rng, c, t) * scale);
		}
		CU_ASSERT_EQUAL_FATAL(rt_global_bar(ts, n, m, RT_GLOBAL_BUDGET_DEFAULT,
						    &r, NULL), RT_OK);
		if (r.why[0] && r.verdict == RT_VERDICT_REJECT &&
		    strcmp(r.why, "U = m: the BAR testing interval is unbounded"))
			continue;               /* infeasible or U > m */
		compared++;
		ok = gref_bar(ts, n, m, &task, &off);
		CU_ASSERT_EQUAL(r.verdict == RT_VERDICT_ACCEPT, ok);
		CU_ASSERT_EQUAL(r.task, task);
		CU_ASSERT_EQUAL(r.witness, off);
		accepted[0] += ok;
		CU_ASSERT_EQUAL_FATAL(rt_global_bcl_iterative(ts, n, m,
				RT_GLOBAL_BUDGET_DEFAULT, &r, NULL), RT_OK);
		ok = gref_bcl_iterative(ts, n, m, &task);
		CU_ASSERT_EQUAL(r.verdict == RT_VERDICT_ACCEPT, ok);
		CU_ASSERT_EQUAL(r.task, task);
		accepted[1] += ok;
		/* RTA: the default words against the 128-bit ones on every
		 * shape, and against schedcat's plain iteration where that
		 * does not creep by +1 for ages (the unscaled shapes) */
		CU_ASSERT_EQUAL_FATAL(rt_global_rta(ts, n, m, 25,
				RT_GLOBAL_BUDGET_DEFAULT, resp, &r, NULL), RT_OK);
		CU_ASSERT_EQUAL_FATAL(gl_rta_words(ts, n, m, 25,
				RT_GLOBAL_BUDGET_DEFAULT, true, want, &r2, NULL),
				RT_OK);
		ok = r.verdict == RT_VERDICT_ACCEPT;
		CU_ASSERT_EQUAL(r2.verdict, r.verdict);
		CU_ASSERT_EQUAL(r2.task, r.task);
		for (size_t i = 0; i < n && ok; i++)
			CU_ASSERT_EQUAL(resp[i], want[i]);
		if (shape < 2) {
			ok = gref_rta(ts, n, m, want, &task);
			CU_ASSERT_EQUAL(r.verdict == RT_VERDICT_ACCEPT, ok);
			CU_ASSERT_EQUAL(r.task, task);
			for (size_t i = 0; i < n && ok; i++)
				CU_ASSERT_EQUAL(resp[i], want[i]);
		}
		accepted[2] += ok;
		CU_ASSERT_EQUAL_FATAL(rt_global_ffdbf(ts, n, m, RT_FFDBF_EPS_NUM,
				RT_FFDBF_EPS_DEN, RT_FFDBF_SIGMA_DEN,
				RT_GLOBAL_BUDGET_DEFAULT, &r, NULL), RT_OK);
		ok = gref_ffdbf(ts, n, m);
		CU_ASSERT_EQUAL(r.verdict == RT_VERDICT_ACCEPT, ok);
		accepted[3] += ok;
		if (CU_get_number_of_failures() != before) {
			print_set(seed, set, ts, n, m);
			return;
		}
	}
	/* both verdicts must occur for every test, else this proves little */
	for (size_t k = 0; k < 4; k++) {
		if (accepted[k] < 50 || accepted[k] + 50 > compared)
			fprintf(stderr, "\n  [test %zu: %zu of %zu accepted]\n", k,
				accepted[k], compared);
		CU_ASSERT(accepted[k] >= 50 && accepted[k] + 50 <= compared);
	}
}

/* ---- soundness: synchronous unit-step G-EDF simulation --------------------------- */

/*
 * Synchronous periodic G-EDF, WCET jobs, sequential jobs per task, ties to
 * the lower task index, one tick at a time (fine for T <= 12).  Returns
 * true if a job misses (finishes after, or is unfinished at, its deadline)
 * in [0, horizon).  A miss proves the set not G-EDF schedulable (B.0).
 */
#define SIM_MAX 9                       /* tasks */

static bool sim_misses(const struct rt_task *ts, size_t n, unsigned m,
		       rt_time horizon)
{
	rt_time rel[SIM_MAX], rem[SIM_MAX], dl[SIM_MAX], next[SIM_MAX];
	size_t pend[SIM_MAX];

	for (size_t i = 0; i < n; i++) {
		pend[i] = 0;
		next[i] = 0;
		rem[i] = 0;
		rel[i] = 0;
		dl[i] = 0;
	}
	for (rt_time t = 0; t < horizon; t++) {
		bool run[SIM_MAX] = { false };

		for (size_t i = 0; i < n; i++) {
			if (t == next[i]) {
				if (!pend[i]++) {
					rel[i] = t;
					rem[i] = ts[i].wcet;
					dl[i] = t + ts[i].deadline;
				}
				next[i] += ts[i].period;
			}
			if (pend[i] && dl[i] < t + 1 && rem[i] > 0)
				return true;            /* due, unfinished */
		}
		for (unsigned c = 0; c < m; c++) {
			size_t best = n;

			for (size_t i = 0; i < n; i++)
				if (pend[i] && !run[i] &&
				    (best == n || dl[i] < dl[best]))
					best = i;
			if (best < n)
				run[best] = true;
		}
		for (size_t i = 0; i < n; i++) {
			if (!run[i] || --rem[i])
				continue;
			if (t + 1 > dl[i])
				return true;
			if (--pend[i]) {                /* next job of the task */
				rel[i] += ts[i].period;
				rem[i] = ts[i].wcet;
				dl[i] = rel[i] + ts[i].deadline;
			}
		}
	}
	return false;
}

static rt_time lcm64(rt_time a, rt_time b)
{
	rt_time x = a, y = b;

	while (y) {
		rt_time r = x % y;

		x = y;
		y = r;
	}
	return a / x * b;
}

static void test_no_test_accepts_a_set_that_misses_or_overloads(void)
{
	const uint64_t seed = 0x5eed6ed;
	struct rt_rng rng;
	size_t missed = 0, accepted = 0;

	rt_rng_seed(&rng, seed);
	for (size_t set = 0; set < 600; set++) {
		unsigned m = (unsigned)rt_rng_range(&rng, 2, 3);
		size_t n = (size_t)rt_rng_range(&rng, m + 1, 3 * m);
		struct rt_task ts[SIM_MAX];
		struct rt_global_result load;
		rt_time h = 1, dmax = 0;
		bool miss;
		unsigned before = CU_get_number_of_failures();

		for (size_t i = 0; i < n; i++) {
			rt_time t = rt_rng_range(&rng, 2, 12);
			rt_time hi = t * 5 * (rt_time)m / (4 * (rt_time)n);
			rt_time c = rt_rng_range(&rng, 1, hi > 1 ? hi : 1);
			rt_time d = rt_rng_range(&rng, 0, 1) ? t : rt_rng_range(&rng, c, t);

			ts[i] = TK(c, t, d);
			h = lcm64(h, t);
			if (d > dmax)
				dmax = d;
		}
		miss = sim_misses(ts, n, m, 2 * h + dmax);
		missed += miss;
		CU_ASSERT_EQUAL_FATAL(rt_global_load(ts, n, m, RT_GLOBAL_BUDGET_DEFAULT,
						     &load, NULL), RT_OK);
		for (size_t k = 0; k < 7; k++) {
			struct rt_test_result out;

			if (tu_run_test(gnames[k], ts, n, m, &out) != RT_VERDICT_ACCEPT)
				continue;
			accepted++;
			CU_ASSERT_FALSE(miss);
			CU_ASSERT_EQUAL(load.verdict, RT_VERDICT_ACCEPT);
			if (miss)
				fprintf(stderr, "\n  [%s accepts a missing set]\n",
					gnames[k]);
		}
		if (CU_get_number_of_failures() != before) {
			print_set(seed, set, ts, n, m);
			return;
		}
	}
	/* both outcomes must occur, else the test proves nothing */
	if (missed <= 50 || accepted <= 300)
		fprintf(stderr, "\n  [missed %zu, accepted %zu]\n", missed, accepted);
	CU_ASSERT(missed > 50);
	CU_ASSERT(accepted > 300);
}

/*
 * Arbitrary deadlines (some D > T): every global test is n/a, so none can
 * accept a set that misses.  schedcat's BAK form (beta_i with lambda_k =
 * C_k / min(D_k, T_k), evaluated here in doubles as bak.py does) accepts
 * the set below although the first task falls behind for good: a task
 * with D_i > D_k + T_i gets beta_i < 0 and takes demand off the sum
 * (docs/theory.md B.2).  The random sets check the simulation finds such
 * misses for that form too, so the rule is not vacuous.
 */
static bool schedcat_bak(const struct rt_task *ts, size_t n, unsigned m)
{
	for (size_t k = 0; k < n; k++) {
		double dk = (double)ts[k].deadline;
		double l = (double)ts[k].wcet /
			   (double)(ts[k].deadline < ts[k].period ?
				    ts[k].deadline : ts[k].period);
		double sum = 0;

		if (l > 1)
			return false;
		for (size_t i = 0; i < n; i++) {
			double c = (double)ts[i].wcet, t = (double)ts[i].period;
			double u = c / t, b;

			b = u * (1 + (t - (double)ts[i].deadline) / dk);
			if (l < u)
				b += (c - l * t) / dk;
			sum += b < 1 ? b : 1;
		}
		if (sum > (double)m - (double)(m - 1) * l)
			return false;
	}
	return true;
}

static void test_arbitrary_deadlines_are_na_where_bak_would_miss(void)
{
	struct rt_task miss5[] = { TK(21, 21, 22), TK(5, 33, 48),
				   TK(1, 8, 16), TK(1, 10, 11),
				   TK(13, 67, 122) };
	const uint64_t seed = 0xa4b17;
	struct rt_rng rng;
	size_t unsound = 0, arb = 0;

	CU_ASSERT_TRUE(schedcat_bak(miss5, 5, 2));
	CU_ASSERT_TRUE(sim_misses(miss5, 5, 2, 400));
	for (size_t k = 0; k < 7; k++) {
		struct rt_test_result out;

		CU_ASSERT_EQUAL(tu_run_test(gnames[k], miss5, 5, 2, &out),
				RT_VERDICT_NA);
		CU_ASSERT_PTR_NOT_NULL(strstr(out.note, "constrained"));
	}
	rt_rng_seed(&rng, seed);
	for (size_t set = 0; set < 3000; set++) {
		unsigned m = 2;
		size_t n = (size_t)rt_rng_range(&rng, 3, 5);
		struct rt_task ts[SIM_MAX];
		rt_time h = 1, dmax = 0;
		bool anyarb = false;
		unsigned before = CU_get_number_of_failures();

		for (size_t i = 0; i < n; i++) {
			rt_time t = rt_rng_range(&rng, 2, 12);
			rt_time c = rt_rng_range(&rng, 1, t);
			rt_time d = rt_rng_range(&rng, c, 4 * t);

			ts[i] = TK(c, t, d);
			anyarb = anyarb || d > t;
			h = lcm64(h, t);
			if (d > dmax)
				dmax = d;
		}
		if (!anyarb || h > 5000)
			continue;
		arb++;
		for (size_t k = 0; k < 7; k++) {
			struct rt_test_result out;

			CU_ASSERT_NOT_EQUAL(tu_run_test(gnames[k], ts, n, m,
							&out),
					    RT_VERDICT_ACCEPT);
		}
		if (schedcat_bak(ts, n, m) && sim_misses(ts, n, m, 3 * h + dmax))
			unsound++;
		if (CU_get_number_of_failures() != before) {
			print_set(seed, set, ts, n, m);
			return;
		}
	}
	if (unsound == 0 || arb < 1000)
		fprintf(stderr, "\n  [arbitrary %zu, schedcat BAK misses %zu]\n",
			arb, unsound);
	CU_ASSERT(arb >= 1000);
	CU_ASSERT(unsound > 0);
}

/* ---- LOAD ------------------------------------------------------------------------ */

static void test_load_matches_a_brute_force_scan(void)
{
	const uint64_t seed = 0x10ad;
	struct rt_task seed1[] = { TK(4, 10, 5), TK(4, 10, 5) };
	struct rt_task um[] = { TK(1, 2, 1), TK(1, 2, 2) };     /* U = 1, Y > 0 */
	struct rt_task umbad[] = { TK(1, 2, 1), TK(1, 2, 1) };
	struct rt_global_result r;
	struct rt_rng rng;
	size_t rejects = 0;

	CU_ASSERT_EQUAL(rt_global_load(seed1, 2, 1, 1000, &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(r.witness, 5);                  /* dbf(5) = 8 > 5 */
	CU_ASSERT_EQUAL(rt_global_load(seed1, 2, 2, 1000, &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(rt_global_load(um, 2, 1, 1000, &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_ACCEPT);
	CU_ASSERT_EQUAL(rt_global_load(umbad, 2, 1, 1000, &r, NULL), RT_OK);
	CU_ASSERT_EQUAL(r.verdict, RT_VERDICT_REJECT);
	CU_ASSERT_EQUAL(r.witness, 1);
	rt_rng_seed(&rng, seed);
	for (size_t set = 0; set < 400; set++) {
		unsigned m = (unsigned)rt_rng_range(&rng, 1, 3);
		size_t n = (size_t)rt_rng_range(&rng, 1, 6);
		struct rt_task ts[6];
		rt_time first = RT_TIME_NEVER, h = 1;
		unsigned before = CU_get_number_of_failures();

		for (size_t i = 0; i < n; i++) {
			rt_time t = rt_rng_range(&rng, 2, 15);

			ts[i] = TK(rt_rng_range(&rng, 1, t), t, rt_rng_range(&rng, 1, 2 * t));
			h = lcm64(h, t);
		}
		/* U > m: LOAD > m without a witness */
		rt_time uh = 0;

		for (size_t i = 0; i < n; i++)
			uh += ts[i].wcet * (h / ts[i].period);
		if (uh > (rt_time)m * h)
			first = 0;
		/* past H + max D the excess dbf(t) - m t only shrinks */
		for (rt_time t = 1; t <= h + 30 && first == RT_TIME_NEVER; t++) {
			rt_time dem = 0;

			for (size_t i = 0; i < n; i++)
				if (t >= ts[i].deadline)
					dem += ((t - ts[i].deadline) / ts[i].period + 1) *
					       ts[i].wcet;
			if (dem > (rt_time)m * t)
				first = t;
		}
		CU_ASSERT_EQUAL_FATAL(rt_global_load(ts, n, m, RT_GLOBAL_BUDGET_DEFAULT,
						     &r, NULL), RT_OK);
		CU_ASSERT_EQUAL(r.verdict == RT_VERDICT_REJECT, first != RT_TIME_NEVER);
		if (first)
			CU_ASSERT_EQUAL(r.witness, first);
		rejects += first != RT_TIME_NEVER;
		if (CU_get_number_of_failures() != before) {
			print_set(seed, set, ts, n, m);
			return;
		}
	}
	CU_ASSERT(rejects > 50 && rejects < 350);
}

CU_TestInfo global_prop_tests[] = {
	{ "RTA's fixed point equals the plain iteration",
	  test_rta_fixed_point_equals_plain_iteration },
	{ "the fast global tests equal their plain references",
	  test_fast_tests_equal_their_plain_references },
	{ "no test accepts a set that misses or overloads",
	  test_no_test_accepts_a_set_that_misses_or_overloads },
	{ "arbitrary deadlines are n/a where BAK would miss",
	  test_arbitrary_deadlines_are_na_where_bak_would_miss },
	{ "LOAD matches a brute-force scan", test_load_matches_a_brute_force_scan },
	CU_TEST_INFO_NULL
};
