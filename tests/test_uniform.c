/* test_uniform.c - uniform platforms (CPUs of different capacities,
 * platform.cpus as a list): hand-worked timelines of the engine's
 * capacity rule (work at capacity/1024 per time unit, remaining kept
 * exact, completion rounded up), the scenario keys, and what is refused.
 *
 * Expected traces are one line per record: "TIME KIND TASK.JOB cCPU VALUE".
 */
#include <stdint.h>

#include <CUnit/CUnit.h>

#include "models/task.h"
#include "scenarios/scn.h"
#include "sim/engine.h"
#include "tests/scn_util.h"
#include "tests/suites.h"
#include "tests/trace_util.h"

/* The case: C = 4 on a CPU of capacity 512 takes 8 (4 * 1024 /
 * 512); the job of period 10 completes at 8 and 18. */
static void test_half_capacity_doubles(void)
{
	struct rt_task t[1] = { rt_task_make("A", 4, 10, 10) };
	uint32_t cap[1] = { 512 };
	struct sim_config c = { .tasks = t, .ntasks = 1, .cpus = 1,
				.policy = "edf", .horizon = 20, .seed = 1,
				.capacity = cap };
	struct sim_engine *e = tu_expect_sched(&c,
		"0 start 0.0 c0 4\n"
		"8 complete 0.0 c0 8\n"
		"10 start 0.1 c0 4\n"
		"18 complete 0.1 c0 8\n"
		"20 end 0.0 c-1 0\n");

	CU_ASSERT_EQUAL(sim_engine_stats(e)->cpu[0].busy, 16);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->misses, 0);
	sim_engine_destroy(e);
}

/*
 * One CPU of capacity 768 (3/4 of a unit of work per time unit); EDF.
 * A (C 3, D = T 20), B (C 2, D 5, T 20, offset 1); horizon 20.
 *   [0,1) A: 768/1024 of a unit done; remaining 3 (exact: 3 - 0.75)
 *   t=1 B (d 6) preempts A (d 20): PREEMPT value 3 (the ceiling);
 *   [1,4) B: 2 units need 2048/768 = 2.67 -> completes at 4 (rounded
 *        up), response 3;
 *   [4,7) A: 3072 - 768 = 2304 = 3 * 768 exactly: completes at 7.
 * Busy 7; every remaining value is exact work, never a rounded time.
 */
static void test_fraction_kept_across_preemption(void)
{
	struct rt_task t[2] = { rt_task_make("A", 3, 20, 20),
				rt_task_make("B", 2, 5, 20) };
	uint32_t cap[1] = { 768 };
	struct sim_config c = { .tasks = t, .ntasks = 2, .cpus = 1,
				.policy = "edf", .horizon = 20, .seed = 1,
				.capacity = cap };
	struct sim_engine *e;

	t[1].offset = 1;
	e = tu_expect_sched(&c,
		"0 start 0.0 c0 3\n"
		"1 preempt 0.0 c0 3\n"
		"1 start 1.0 c0 2\n"
		"4 complete 1.0 c0 3\n"
		"4 start 0.0 c0 3\n"
		"7 complete 0.0 c0 7\n"
		"20 end 0.0 c-1 0\n");
	CU_ASSERT_EQUAL(sim_engine_stats(e)->cpu[0].busy, 7);
	sim_engine_destroy(e);
}

/*
 * Global EDF on CPU 0 (1024) and CPUs 1, 2 (384), fp rule the same.
 * A (C 4, D = T 10), B (C 3, D = T 10), C (C 3, D 9, T 15); horizon 12.
 * At 0 C (d 9) takes CPU 0, A CPU 1, B CPU 2 (the idle CPUs in index
 * order, as on identical CPUs: no job moves to a faster CPU):
 *   C on 1024: 3;  B on 384: ceil(3072 / 384) = 8;
 *   A on 384: ceil(4096 / 384) = ceil(10.67) = 11 > 10: a miss by 1.
 * At 10 A.1 and B.1 are released: B.1 takes CPU 2 (free since 8), A.1
 * waits behind A.0; at 11 A.1 starts on CPU 1; at 12: 1 time unit at
 * 384 done, 4096 - 384 = 3712, remaining 4 (ceiling).
 */
static void test_global_on_two_capacities(void)
{
	struct rt_task t[3] = { rt_task_make("A", 4, 10, 10),
				rt_task_make("B", 3, 10, 10),
				rt_task_make("C", 3, 9, 15) };
	uint32_t cap[3] = { 1024, 384, 384 };
	struct sim_config c = { .tasks = t, .ntasks = 3, .cpus = 3,
				.policy = "edf", .horizon = 12, .seed = 1,
				.capacity = cap };
	struct sim_engine *e = tu_expect_sched(&c,
		"0 start 2.0 c0 3\n"
		"0 start 0.0 c1 4\n"
		"0 start 1.0 c2 3\n"
		"3 complete 2.0 c0 3\n"
		"8 complete 1.0 c2 8\n"
		"10 start 1.1 c2 3\n"
		"11 complete 0.0 c1 11\n"
		"11 deadline_miss 0.0 c1 1\n"
		"11 start 0.1 c1 4\n"
		"12 unfinished 0.1 c1 4\n"
		"12 unfinished 1.1 c2 3\n"
		"12 end 0.0 c-1 0\n");

	CU_ASSERT_EQUAL(sim_engine_stats(e)->misses, 1);
	sim_engine_destroy(e);
}

/* Engine refusals: a capacity out of 1..1024; a policy that is not
 * job-level (its budgets count time, not work). */
static void test_engine_refusals(void)
{
	struct rt_task t[1] = { rt_task_make("A", 1000, 10000, 10000) };
	uint32_t cap[2] = { 1024, 0 };
	struct sim_config c = { .tasks = t, .ntasks = 1, .cpus = 2,
				.policy = "edf", .horizon = 20, .seed = 1,
				.capacity = cap };
	struct sim_engine *e = NULL;
	struct rt_diag d;

	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	cap[1] = 512;
	c.policy = "cbs";
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_UNSUPPORTED);
	CU_ASSERT_PTR_NULL(e);
}

static void test_scenario_keys(void)
{
	struct scn_scenario *s = load_ok(
		"format: 1\nplatform:\n  cpus:\n"
		"    - capacity: 1024\n      count: 2\n"
		"    - {capacity: 512, count: 3}\n"
		"    - capacity: 100\n"
		"tasks: [{name: A, C: 1, T: 10}]\n");
	static const uint32_t want[6] = { 1024, 1024, 512, 512, 512, 100 };

	CU_ASSERT_EQUAL_FATAL(s->cpus, 6);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s->capacity);
	for (unsigned i = 0; i < 6; i++)
		CU_ASSERT_EQUAL(s->capacity[i], want[i]);
	scn_free(s);
	/* every CPU 1024: the identical platform */
	s = load_ok("format: 1\nplatform: {cpus: [{capacity: 1024, count: 4}]}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n");
	CU_ASSERT_EQUAL(s->cpus, 4);
	CU_ASSERT_PTR_NULL(s->capacity);
	scn_free(s);
	/* with a shorthand elsewhere in the file (the second text patch) */
	s = load_ok("format: 1\ntasks: [{name: A, C: 1, T: 10, arrival: "
		    "periodic}]\nplatform: {cpus: [{capacity: 256, count: 1}]}\n");
	CU_ASSERT_EQUAL(s->capacity[0], 256);
	scn_free(s);
	expect_fail("format: 1\nplatform: {cpus: [{capacity: 2048}]}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "t.yaml:2:", "platform.cpus[0].capacity", NULL);
	expect_fail("format: 1\nplatform: {cpus: [{count: 2}]}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "platform.cpus[0]", "missing capacity", NULL);
	expect_fail("format: 1\nplatform: {cpus: [{capacity: 5, speed: 2}]}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "t.yaml:2:", "speed", "unknown key", NULL);
	/* frequency keys (tests/test_energy.c has the rest) */
	expect_fail("format: 1\nplatform: {cpus: [{capacity: 5, "
		    "frequencies: []}]}\ntasks: [{name: A, C: 1, T: 10}]\n",
		    RT_ERR_PARSE, "platform.cpus[0].frequencies",
		    "0 frequencies", NULL);
	expect_fail("format: 1\nplatform: {cpus: 2, governor: schedutil, "
		    "frequencies: [1, 2]}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "t.yaml:2:", "platform.governor", "not modelled",
		    "global scheduling", NULL);
	expect_fail("format: 1\nplatform: {cpus: [3]}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "platform.cpus[0]", "expected a mapping", NULL);
	expect_fail("format: 1\nplatform: {cpus: []}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "platform.cpus", "empty list", NULL);
	/* linux-dl is modelled there (test_uniform_dl.c); cbs is not */
	expect_fail("format: 1\nscheduler: {policy: cbs}\n"
		    "platform: {cpus: [{capacity: 512, count: 2}]}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "t.yaml:3:", "platform.cpus", "not implemented yet",
		    "policy cbs", NULL);
	expect_fail("format: 1\nscheduler: {placement: partitioned}\n"
		    "platform: {cpus: [{capacity: 512, count: 2}]}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "platform.cpus", "not implemented yet", "partitioned",
		    NULL);
	expect_fail("format: 1\nscheduler: {admission: gfb}\n"
		    "platform: {cpus: [{capacity: 512, count: 2}]}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n", RT_ERR_PARSE,
		    "platform.cpus", "admission", NULL);
}

CU_TestInfo uniform_tests[] = {
	{ "C = 4 on capacity 512 takes 8", test_half_capacity_doubles },
	{ "remaining exact across a preemption",
	  test_fraction_kept_across_preemption },
	{ "global EDF on two capacities", test_global_on_two_capacities },
	{ "engine refusals", test_engine_refusals },
	{ "platform.cpus as a list", test_scenario_keys },
	CU_TEST_INFO_NULL,
};
