/* test_domains.c - root domains (cpusets, partitioned reservations) and
 * the linux-dl fair server and fair tasks (docs/theory.md §E.4 item 8, E.6).
 * Timelines are worked out by hand in the comments. */
#include <CUnit/CUnit.h>

#include <stdio.h>
#include <string.h>

#include "models/rng.h"

#include "cbs_util.h"
#include "suites.h"
#include "tests/trace_util.h"

#define MS 1000000

/* Three CPUs; set rt = CPU 0 with P1..P3, the rest ("root", CPUs 1-2)
 * with Q1..Q3, all (4, 5, 10) ms.  rt admits two (838860 <= 996147),
 * root three (1258290 <= 1992294).  rt: P1 [0,4), P2 [4,8) on CPU 0;
 * root: Q1, Q2 [0,4) on CPUs 1, 2, Q3 [4,8). */
static void test_cpusets_are_root_domains(void)
{
	struct scn_scenario *s = cbs_load_example("linux-dl-cpusets");
	struct tu_trace tr;
	struct sim_engine *e;
	const struct sim_stats *st;

	CU_ASSERT_EQUAL(s->sched.placement, SCN_PLACE_CPUSETS);
	CU_ASSERT_EQUAL(s->sched.ncpusets, 2);
	CU_ASSERT_STRING_EQUAL(s->sched.cpusets[1].name, "root");
	CU_ASSERT_EQUAL(s->sched.cpu_set[0], 0);
	CU_ASSERT_EQUAL(s->sched.cpu_set[1], 1);
	CU_ASSERT_EQUAL(s->sched.cpu_set[2], 1);
	s->horizon = 10 * MS;
	e = cbs_run(s, SIM_MASK(SIM_REC_START) | SIM_MASK(SIM_REC_REJECT),
		    &tr);
	cbs_expect(&tr,
		   "0 reject P3.0 1\n"
		   "0 start Q1.0 4000000\n"
		   "0 start Q2.0 4000000\n"
		   "0 start P1.0 4000000\n"
		   "4000000 start P2.0 4000000\n"
		   "4000000 start Q3.0 4000000\n");
	st = sim_engine_stats(e);
	CU_ASSERT_EQUAL(st->rejected, 1);
	CU_ASSERT_EQUAL(st->cpu[0].busy, 8 * MS);
	CU_ASSERT_EQUAL(st->cpu[1].busy + st->cpu[2].busy, 12 * MS);
	cbs_done(e, s, &tr);
}

/* Partitioned placement gives every CPU its own domain: two (4, 5, 10)
 * tasks on two CPUs never miss, on one CPU the second misses by 3. */
static void test_partitioned_reservations_do_not_share_a_cpu(void)
{
	struct scn_scenario *s = cbs_load_text(
		"format: 1\ntime_unit: ms\nhorizon: 10\nplatform: { cpus: 2 }\n"
		"scheduler: { policy: linux-dl, cpusets: [{ name: a, cpus: [0], "
		"tasks: [x] }, { name: b, cpus: [1], tasks: [y] }] }\n"
		"tasks:\n  - { name: x, C: 4, D: 5, T: 10 }\n"
		"  - { name: y, C: 4, D: 5, T: 10 }\n");
	struct tu_trace tr;
	struct sim_engine *e = cbs_run(s, CBS_COMPLETE, &tr);

	cbs_expect(&tr, "4000000 complete y.0 4000000\n"
		   "4000000 complete x.0 4000000\n");
	CU_ASSERT_EQUAL(sim_engine_stats(e)->misses, 0);
	cbs_done(e, s, &tr);
}

/* A server's tasks must share a domain; cbs works per cpuset. */
static void test_a_server_stays_in_one_domain(void)
{
	/* the engine refuses it, so loading does (run = validate) */
	cbs_load_fail("format: 1\nplatform: { cpus: 2 }\n"
		      "servers: [{ name: S, budget: 2, period: 5 }]\n"
		      "scheduler: { policy: cbs, cpusets: [{ name: a, cpus: [0], "
		      "tasks: [x] }] }\n"
		      "tasks:\n  - { name: x, C: 1, T: 5, server: S }\n"
		      "  - { name: y, C: 1, T: 5, server: S }\n",
		      "t.yaml:4:22: scheduler.policy: server S serves tasks x "
		      "and y, which run on different CPUs");
}

/* Fair server (2, 10) ms with A (4, 10, 10): at 0 both have deadline 10,
 * A (lower index) runs [0,4) and, its runtime used up, is throttled
 * until 10 as it completes; the server runs F [4,6), is throttled
 * until 10 and F goes on in background [6,10); at 10 A (d 20) runs
 * [10,14), the server F [14,16), background [16,18): F (C = 10) is done
 * at 18. */
static void test_fair_server_and_background(void)
{
	static const char yaml[] =
		"format: 1\ntime_unit: ms\nhorizon: 20\n"
		"scheduler:\n  policy: linux-dl\n%s"
		"tasks:\n  - { name: A, runtime: 4, deadline: 10, period: 10 }\n"
		"  - { name: F, C: 10, T: 40, class: fair }\n";
	char buf[512];
	struct scn_scenario *s;
	struct tu_trace tr;
	struct sim_engine *e;

	snprintf(buf, sizeof(buf), yaml,
		 "  fair_server: { runtime: 2, period: 10, defer: false }\n");
	s = cbs_load_text(buf);
	e = cbs_run(s, CBS_COMPLETE | SIM_MASK(SIM_REC_THROTTLE) |
		    SIM_MASK(SIM_REC_START), &tr);
	cbs_expect(&tr,
		   "0 start A.0 4000000\n"
		   "4000000 throttle A.0 10000000\n"
		   "4000000 complete A.0 4000000\n"
		   "4000000 start F.0 10000000\n"
		   "6000000 throttle F.0 10000000\n"
		   "10000000 start A.1 4000000\n"
		   "14000000 throttle A.1 20000000\n"
		   "14000000 complete A.1 4000000\n"
		   "14000000 start F.0 4000000\n"
		   "16000000 throttle F.0 20000000\n"
		   "18000000 complete F.0 18000000\n");
	CU_ASSERT_EQUAL(sim_engine_stats(e)->nservers, 3);
	CU_ASSERT_STRING_EQUAL(sim_engine_stats(e)->servers[2].name,
			       "fair@cpu0");
	CU_ASSERT_PTR_NULL(sim_engine_stats(e)->servers[1].name);
	cbs_done(e, s, &tr);
	/* without a fair server F only runs when A does not: the same
	 * here, as A leaves the CPU idle */
	snprintf(buf, sizeof(buf), yaml, "  kernel: \"6.6\"\n");
	s = cbs_load_text(buf);
	e = cbs_run(s, CBS_COMPLETE, &tr);
	cbs_expect(&tr, "4000000 complete A.0 4000000\n"
		   "14000000 complete A.1 4000000\n"
		   "18000000 complete F.0 18000000\n");
	cbs_done(e, s, &tr);
}

/* A (8, 10, 10) leaves 2 ms per period.  Without a fair server F (C = 3)
 * runs [8,10) and [18,19): done at 19.  With (2, 10) and no admission:
 * A [0,8), F by the server [8,10), exhausted at 10 with its next period
 * at 10, so replenished at once (d 20); A, replenished at 10 with d 20,
 * does not preempt an equal deadline: F runs on [10,11), done at 11;
 * then A [11,19). */
static void test_fair_server_boosts_starved_fair_work(void)
{
	static const char yaml[] =
		"format: 1\ntime_unit: ms\nhorizon: 20\n"
		"scheduler:\n  policy: linux-dl\n  rt_runtime_us: -1\n%s"
		"tasks:\n  - { name: A, runtime: 8, deadline: 10, period: 10 }\n"
		"  - { name: F, C: 3, T: 40, class: fair }\n";
	char buf[512];
	struct scn_scenario *s;
	struct tu_trace tr;
	struct sim_engine *e;

	snprintf(buf, sizeof(buf), yaml, "  kernel: \"6.6\"\n");
	s = cbs_load_text(buf);
	e = cbs_run(s, CBS_COMPLETE, &tr);
	cbs_expect(&tr, "8000000 complete A.0 8000000\n"
		   "18000000 complete A.1 8000000\n"
		   "19000000 complete F.0 19000000\n");
	cbs_done(e, s, &tr);
	snprintf(buf, sizeof(buf), yaml,
		 "  fair_server: { runtime: 2, period: 10, reserve: false, "
		 "defer: false }\n");
	s = cbs_load_text(buf);
	e = cbs_run(s, CBS_COMPLETE, &tr);
	cbs_expect(&tr, "8000000 complete A.0 8000000\n"
		   "11000000 complete F.0 11000000\n"
		   "19000000 complete A.1 9000000\n");
	cbs_done(e, s, &tr);
}

/* reserve: true takes the fair server's bandwidth from the domain's
 * admission: 52428 (50/1000 ms) + 2 x 419430 fits 996147, a third task
 * does not; with reserve: false the server must fit in 2^20 - 996147. */
static void test_fair_server_bandwidth_in_admission(void)
{
	static const char yaml[] =
		"format: 1\ntime_unit: ms\nhorizon: 10\n"
		"scheduler:\n  policy: linux-dl\n"
		"  fair_server: { runtime: %s, period: 1000%s }\n"
		"tasks:\n  - { name: A, runtime: 4, deadline: 5, period: 10 }\n"
		"  - { name: B, runtime: 4, deadline: 5, period: 10 }\n"
		"  - { name: C, runtime: 1, deadline: 10, period: 10 }\n";
	char buf[512];
	struct scn_scenario *s;
	struct sim_config c;
	struct sim_engine *e = NULL;
	struct rt_diag d;

	/* 838860 + 104857 (C) + 52428 = 996145 <= 996147: all admitted */
	snprintf(buf, sizeof(buf), yaml, "50", "");
	s = cbs_load_text(buf);
	c = cbs_config(s);
	e = tu_engine_run(&c, NULL);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->rejected, 0);
	sim_engine_destroy(e);
	scn_free(s);
	/* 60 ms: 62914 + 943717 > 996147: C is rejected */
	snprintf(buf, sizeof(buf), yaml, "60", "");
	s = cbs_load_text(buf);
	c = cbs_config(s);
	e = tu_engine_run(&c, NULL);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->rejected, 1);
	CU_ASSERT_TRUE(sim_engine_stats(e)->tasks[2].rejected);
	sim_engine_destroy(e);
	scn_free(s);
	/* not reserved: all three fit, but 60 ms > what RT leaves */
	snprintf(buf, sizeof(buf), yaml, "60", ", reserve: false");
	cbs_load_fail(buf, "t.yaml:6:27: scheduler.fair_server.runtime: "
		      "fair server bandwidth runtime/period = 60000000/"
		      "1000000000 ns (62914/2^20) exceeds what the admission "
		      "cap");
	snprintf(buf, sizeof(buf), yaml, "60", "");
	s = cbs_load_text(buf);
	c = cbs_config(s);
	c.fair_reserve = false;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "fair_server bandwidth 62914 > "
				      "2^20 - 996147"));
	scn_free(s);
}

static void test_cpuset_and_fair_errors_name_the_field(void)
{
	cbs_load_fail("format: 1\nplatform: { cpus: 2 }\nscheduler:\n"
		      "  cpusets:\n    - { name: a, cpus: [0, 1] }\n"
		      "    - { name: b, cpus: [\"1\"] }\n"
		      "tasks: [{ name: x, C: 1, T: 2 }]\n",
		      "t.yaml:6:25: scheduler.cpusets[1].cpus[0]: CPU 1 is in "
		      "cpusets[0] already");
	cbs_load_fail("format: 1\nplatform: { cpus: 2 }\nscheduler:\n"
		      "  cpusets: [{ name: a, cpus: [0], tasks: [z] }]\n"
		      "tasks: [{ name: x, C: 1, T: 2 }]\n",
		      "scheduler.cpusets[0].tasks[0]: \"z\" is not a task");
	cbs_load_fail("format: 1\nplatform: { cpus: 3 }\nscheduler:\n"
		      "  cpusets: [{ name: a, cpus: [0] }, { name: a, cpus: [1] }]\n"
		      "tasks: [{ name: x, C: 1, T: 2 }]\n",
		      "t.yaml:4:45: scheduler.cpusets[1].name: \"a\" names "
		      "another cpuset too");
	cbs_load_fail("format: 1\nplatform: { cpus: 3 }\nscheduler:\n"
		      "  cpusets: [{ name: root, cpus: [0], tasks: [x] }]\n"
		      "tasks: [{ name: x, C: 1, T: 2 }]\n",
		      "a cpuset is named root while CPUs are left in no set");
	cbs_load_fail("format: 1\nplatform: { cpus: 3 }\nscheduler:\n"
		      "  cpusets: [{ name: s, cpus: [0], tasks: [x, x] }]\n"
		      "tasks: [{ name: x, C: 1, T: 2 }]\n",
		      "scheduler.cpusets[0].tasks[1]: task \"x\" is in "
		      "cpusets[0] already");
	cbs_load_fail("format: 1\nplatform: { cpus: 2 }\nscheduler:\n"
		      "  placement: partitioned\n"
		      "  cpusets: [{ name: a, cpus: [0] }]\n"
		      "tasks: [{ name: x, C: 1, T: 2 }]\n",
		      "scheduler.placement: not with cpusets");
	cbs_load_fail("format: 1\nplatform: { cpus: 2 }\nscheduler:\n"
		      "  cpusets: [{ name: a, cpus: [0], tasks: [x] }]\n"
		      "tasks: [{ name: x, C: 1, T: 2, cpu: 1 }]\n",
		      "tasks[0].cpu: CPU 1 is not in the task's cpuset a");
	cbs_load_fail("format: 1\nscheduler: { policy: edf, fair_server: "
		      "{ runtime: 1, period: 2 } }\n"
		      "tasks: [{ name: x, C: 1, T: 2 }]\n",
		      "fair_server: only with policy: linux-dl");
	cbs_load_fail("format: 1\ntasks: [{ name: x, C: 1, T: 2, "
		      "class: fair }]\n",
		      "tasks[0].class: fair only with policy: linux-dl");
	cbs_load_fail("format: 1\ntime_unit: ms\nscheduler: { policy: linux-dl, "
		      "fair_server: { runtime: 2 } }\n"
		      "tasks: [{ name: x, C: 1, T: 2 }]\n",
		      "scheduler.fair_server: missing period");
}

/* Every START: the CPU must be in the task's set (set a = CPUs
 * 0..split-1 for tasks 0..2, the rest for tasks 3..5), and no CPU runs
 * two jobs at once (a start on a CPU whose job is still running without
 * a preempt/complete in between is caught by the engine's own asserts;
 * here: counts). */
struct dom_check {
	unsigned split;
	unsigned bad;                   /* starts outside the task's set */
	unsigned starts;
};

static enum rt_err dom_emit(void *ctx, const struct sim_rec *r)
{
	struct dom_check *k = ctx;
	bool in_a = r->cpu >= 0 && (unsigned)r->cpu < k->split;

	k->starts++;
	if (in_a != (r->task < 3))
		k->bad++;
	return RT_OK;
}

/* Property: random sets a = CPUs 0..k-1 (k = 1..5 of 6) with three random
 * linux-dl tasks each side, no admission: every job of a task starts only
 * on a CPU of its set. */
static void test_jobs_never_leave_their_cpuset(void)
{
	uint64_t seed = 0x5e75;
	struct rt_rng r;

	rt_rng_seed(&r, seed);
	for (int round = 0; round < 200; round++) {
		char yaml[2048];
		size_t o = 0;
		struct dom_check k = { (unsigned)rt_rng_range(&r, 1, 5), 0, 0 };
		struct sim_sink sink = { SIM_MASK(SIM_REC_START), dom_emit, &k };
		struct scn_scenario *s;
		struct sim_config c;
		struct sim_engine *e;

		o += (size_t)snprintf(yaml + o, sizeof(yaml) - o,
				      "format: 1\ntime_unit: ms\nhorizon: 60\n"
				      "platform: { cpus: 6 }\nscheduler:\n"
				      "  policy: linux-dl\n  rt_runtime_us: -1\n"
				      "  cpusets: [{ name: a, cpus: [\"0-%u\"], "
				      "tasks: [t0, t1, t2] }]\ntasks:\n",
				      k.split - 1);
		for (int i = 0; i < 6; i++) {
			uint64_t T = rt_rng_range(&r, 4, 20);
			uint64_t C = rt_rng_range(&r, 1, T);

			o += (size_t)snprintf(yaml + o, sizeof(yaml) - o,
					      "  - { name: t%d, C: %u, T: %u }\n",
					      i, (unsigned)C, (unsigned)T);
		}
		s = cbs_load_text(yaml);
		c = cbs_config(s);
		e = tu_engine_run(&c, &sink);
		if (k.bad || !k.starts)
			fprintf(stderr, "\n  seed %#llx round %d: %u of %u "
				"starts outside their set\n%s",
				(unsigned long long)seed, round, k.bad,
				k.starts, yaml);
		CU_ASSERT_EQUAL(k.bad, 0);
		CU_ASSERT_TRUE(k.starts > 0);
		sim_engine_destroy(e);
		scn_free(s);
	}
}

CU_TestInfo domains_tests[] = {
	{ "cpusets are root domains with their own admission",
	  test_cpusets_are_root_domains },
	{ "partitioned reservations do not share a CPU",
	  test_partitioned_reservations_do_not_share_a_cpu },
	{ "a server stays in one domain", test_a_server_stays_in_one_domain },
	{ "the fair server runs fair work, throttled it runs in background",
	  test_fair_server_and_background },
	{ "the fair server boosts starved fair work",
	  test_fair_server_boosts_starved_fair_work },
	{ "fair server bandwidth counts in admission or must fit what RT leaves",
	  test_fair_server_bandwidth_in_admission },
	{ "cpuset and fair server errors name the field",
	  test_cpuset_and_fair_errors_name_the_field },
	{ "jobs never leave their cpuset", test_jobs_never_leave_their_cpuset },
	CU_TEST_INFO_NULL
};
