/* test_energy.c - frequency levels, governors and energy
 * (sim/freq.c, scenarios/convert_freq.c): hand-worked timelines of the
 * schedutil, userspace and powersave governors (speed c * f / (1024 *
 * fmax), work kept exact, completions rounded up), energies computed by
 * hand, the documented example scenarios/examples/energy.yaml, the
 * scenario keys and every refusal.
 *
 * Expected traces are one line per record: "TIME KIND TASK.JOB cCPU VALUE".
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/task.h"
#include "scenarios/scn.h"
#include "sim/engine.h"
#include "sim/horizon.h"
#include "tests/scn_util.h"
#include "tests/suites.h"
#include "tests/trace_util.h"

/*
 * schedutil on one CPU of capacity 1024, levels 250 / 500 / 1000 (speeds
 * 1/4, 1/2, 1), busy power 40 / 100 / 300, idle power 5; EDF, horizon 16.
 * A: C 2, D = T 8 (bandwidth 1/4).  B: C 2, D = T 8, offset 1, demands 1
 * then 2 (exec list).  The level is the lowest whose speed covers the
 * running bandwidth (bw).
 *   t=0  A.0 released (d 8): bw 1/4 -> 250 (1/4, no change: the level
 *        starts at the lowest).  A.0 starts: 2 units at 1/4 -> 8.
 *   t=1  B.0 released (d 9): bw 1/2 -> 500 (change 1).  A.0 did 1/4 in
 *        [0,1): 1.75 left at 1/2 = 3.5 -> completes at 4.5, rounded up 5.
 *   t=5  A.0 completes, ran its full C: 0-lag time = d = 8 > 5, the
 *        bandwidth stays until 8.  B.0 starts: 1 unit at 1/2 -> 2.
 *   t=7  B.0 completes having run 1 of C 2: 0-lag time = 9 - (2 - 1) *
 *        8 / 2 = 5 <= 7: its 1/4 leaves at once: bw 1/4 -> 250
 *        (change 2).  The CPU idles.
 *   t=8  A's 0-lag timer: bw 0 (250 stays); A.1 released (d 16): bw 1/4
 *        (250).  A.1 starts: 2 units at 1/4.
 *   t=9  B.1 released (d 17): bw 1/2 -> 500 (change 3).  A.1 did 1/4:
 *        1.75 left at 1/2 -> 12.5, rounded up 13.
 *   t=13 A.1 completes (0-lag 16 = the horizon: no timer).  B.1 starts:
 *        2 units at 1/2 -> 17 > 16, not armed.
 *   t=16 B.1 did 3 * 1/2 = 1.5 units: 1 whole unit left (remaining 1).
 * Energy: busy [0,1) at 250: 40; [1,7) at 500: 6 * 100 = 600; idle
 * [7,8): 5; [8,9) at 250: 40; [9,16) at 500: 7 * 100 = 700.
 * Total 40 + 600 + 5 + 40 + 700 = 1385; busy 15.  3 frequency changes.
 */
static const uint64_t su_f[3] = { 250, 500, 1000 };
static const uint64_t su_p[3] = { 40, 100, 300 };

static void test_schedutil_timeline(void)
{
	static const rt_time bexec[2] = { 1, 2 };
	struct rt_task t[2] = { rt_task_make("A", 2, 8, 8),
				rt_task_make("B", 2, 8, 8) };
	struct sim_freq q = { .n = 3, .f = su_f, .power = su_p,
			      .idle_power = 5 };
	struct sim_config c = { .tasks = t, .ntasks = 2, .cpus = 1,
				.policy = "edf", .horizon = 16, .seed = 1,
				.freq = &q, .schedutil = true };
	struct sim_engine *e;
	const struct sim_stats *st;

	t[1].offset = 1;
	t[1].exec = RT_EXEC_LIST;
	t[1].exec_values = bexec;
	t[1].nexec_values = 2;
	e = tu_expect_sched(&c,
		"0 start 0.0 c0 2\n"
		"5 complete 0.0 c0 5\n"
		"5 start 1.0 c0 1\n"
		"7 complete 1.0 c0 6\n"
		"8 start 0.1 c0 2\n"
		"13 complete 0.1 c0 5\n"
		"13 start 1.1 c0 2\n"
		"16 unfinished 1.1 c0 1\n"
		"16 end 0.0 c-1 0\n");
	st = sim_engine_stats(e);
	CU_ASSERT_EQUAL(st->cpu[0].busy, 15);
	CU_ASSERT_EQUAL(st->cpu[0].energy, 1385);
	CU_ASSERT_EQUAL(st->cpu[0].freq_changes, 3);
	CU_ASSERT_EQUAL(st->misses, 0);
	sim_engine_destroy(e);
}

/*
 * The level schedutil picks at time 0 is where the CPU starts, not a
 * change; a bandwidth that leaves and comes back at one instant changes
 * nothing.  A: C 3, D = T 4 (3/4) on levels 250 / 500 / 1000: 1000 from
 * 0 (3/4 > 1/2); A.0 runs [0,3) at speed 1; at 4 its 0-lag timer and
 * A.1 at the same instant; horizon 8.  Energy: busy 6 at 300, no idle
 * power.
 */
static void test_schedutil_start_level(void)
{
	struct rt_task t[1] = { rt_task_make("A", 3, 4, 4) };
	struct sim_freq q = { .n = 3, .f = su_f, .power = su_p };
	struct sim_config c = { .tasks = t, .ntasks = 1, .cpus = 1,
				.policy = "edf", .horizon = 8, .seed = 1,
				.freq = &q, .schedutil = true };
	struct sim_engine *e = tu_expect_sched(&c,
		"0 start 0.0 c0 3\n"
		"3 complete 0.0 c0 3\n"
		"4 start 0.1 c0 3\n"
		"7 complete 0.1 c0 3\n"
		"8 end 0.0 c-1 0\n");

	CU_ASSERT_EQUAL(sim_engine_stats(e)->cpu[0].freq_changes, 0);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->cpu[0].energy, 6 * 300);
	sim_engine_destroy(e);
}

/*
 * schedutil with D < T: the bandwidth C/T leaves at the deadline, and a
 * level chosen for C/T can be too low for a job's deadline: misses are
 * simulated, not prevented.  One CPU, levels 250 / 500 / 1000; EDF.
 * A: C 1, D = T 4 (1/4).  B: C 2, D 5, T 8, offset 2 (1/4).  Horizon 12.
 *   t=0  A.0 (d 4): bw 1/4 -> 250.  A.0 runs at 1/4: 1 unit -> 4.
 *   t=2  B.0 (d 7): bw 1/2 -> 500 (change 1).  A.0 did 1/2: 1/2 left
 *        at 1/2 -> completes at 3.  0-lag 4 > 3: timer.
 *   t=3  B.0 starts: 2 units at 1/2 -> 7.
 *   t=4  A's timer then A.1 (d 8): bw 1/4 then 1/2, 500 stays.  B.0
 *        (d 7) keeps the CPU.
 *   t=7  B.0 completes (d 7: a hit); 0-lag = 7 <= 7: bw 1/4 -> 250
 *        (change 2).  A.1 starts: 1 unit at 1/4 -> 11 > d 8: a miss by 3.
 *   t=8  A.2 released (d 12): A still contending, bw 1/4 (250).
 *   t=10 B.1 released (d 15): bw 1/2 -> 500 (change 3).  A.1 did 3/4 at
 *        1/4; 1/4 left at 1/2 -> 10.5, rounded up 11.
 *   t=11 A.1 completes, misses by 3; A.2 is pending, so A stays
 *        contending.  A.2 (d 12) starts at 1/2: at 12, 1/2 done, 1
 *        whole unit left; it misses at the horizon (d 12 <= 12,
 *        tardiness 0 so far), B.1 never ran.
 */
static void test_schedutil_constrained_misses(void)
{
	struct rt_task t[2] = { rt_task_make("A", 1, 4, 4),
				rt_task_make("B", 2, 5, 8) };
	struct sim_freq q = { .n = 3, .f = su_f };
	struct sim_config c = { .tasks = t, .ntasks = 2, .cpus = 1,
				.policy = "edf", .horizon = 12, .seed = 1,
				.freq = &q, .schedutil = true };
	struct sim_engine *e;

	t[1].offset = 2;
	e = tu_expect_sched(&c,
		"0 start 0.0 c0 1\n"
		"3 complete 0.0 c0 3\n"
		"3 start 1.0 c0 2\n"
		"7 complete 1.0 c0 5\n"
		"7 start 0.1 c0 1\n"
		"11 complete 0.1 c0 7\n"
		"11 deadline_miss 0.1 c0 3\n"
		"11 start 0.2 c0 1\n"
		"12 deadline_miss 0.2 c0 0\n"
		"12 unfinished 0.2 c0 1\n"
		"12 unfinished 1.1 c-1 2\n"
		"12 end 0.0 c-1 0\n");
	CU_ASSERT_EQUAL(sim_engine_stats(e)->cpu[0].freq_changes, 3);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->cpu[0].energy, 0); /* no power */
	sim_engine_destroy(e);
}

/*
 * Fixed levels on two CPU types, global EDF: CPU 0 capacity 512, levels
 * 1000 / 2000 at 1000 (speed 512/1024 * 1/2 = 1/4); CPU 1 capacity 1024,
 * levels 500 / 1500 at 500 (speed 1/3) - powersave on both.  F =
 * lcm(2000, 1500) = 6000, den = 1024 * 6000: speeds 1536000 / 6144000
 * and 2048000 / 6144000.
 * A: C 1, D = T 10; B: C 2, D = T 10; horizon 10.
 *   t=0 A (task order first on equal deadlines) takes CPU 0: 1 unit at
 *       1/4 -> 4; B takes CPU 1: 2 units at 1/3 -> 6.
 * Energy: CPU 0 busy 4 x 70 + idle 6 x 3 = 298; CPU 1 busy 6 x 20 +
 * idle 4 x 1 = 124.  No changes.
 */
static void test_powersave_two_types(void)
{
	static const uint64_t f0[2] = { 1000, 2000 }, p0[2] = { 70, 90 };
	static const uint64_t f1[2] = { 500, 1500 }, p1[2] = { 20, 50 };
	struct rt_task t[2] = { rt_task_make("A", 1, 10, 10),
				rt_task_make("B", 2, 10, 10) };
	uint32_t cap[2] = { 512, 1024 };
	struct sim_freq q[2] = {
		{ .n = 2, .f = f0, .power = p0, .idle_power = 3, .level = 0 },
		{ .n = 2, .f = f1, .power = p1, .idle_power = 1, .level = 0 },
	};
	struct sim_config c = { .tasks = t, .ntasks = 2, .cpus = 2,
				.policy = "edf", .horizon = 10, .seed = 1,
				.capacity = cap, .freq = q };
	struct sim_engine *e = tu_expect_sched(&c,
		"0 start 0.0 c0 1\n"
		"0 start 1.0 c1 2\n"
		"4 complete 0.0 c0 4\n"
		"6 complete 1.0 c1 6\n"
		"10 end 0.0 c-1 0\n");
	const struct sim_stats *st = sim_engine_stats(e);

	CU_ASSERT_EQUAL(st->cpu[0].energy, 298);
	CU_ASSERT_EQUAL(st->cpu[1].energy, 124);
	CU_ASSERT_EQUAL(st->cpu[0].freq_changes, 0);
	sim_engine_destroy(e);
}

/*
 * userspace at 800 of 400 / 800 / 1200 (speed 2/3), fp, one CPU:
 * A (prio by RM: T 6): C 2 -> 3 time units; B: C 1, T 12 -> 1.5, rounded
 * up.  Horizon 12.
 *   t=0  A.0 runs [0,3); B.0 [3,4.5) -> completes at 5 (rounded up).
 *   t=6  A.1 [6,9).  Busy 3 + 2 + 3 = 8.
 * Energy at power 1/2/3 busy, idle 0 (idle_power absent): 8 x 2 = 16.
 * At the highest level (performance) the same set takes 2 + 1 + 2 = 5
 * busy: 5 x 3 = 15.
 */
static void test_userspace_fp(void)
{
	static const uint64_t f[3] = { 400, 800, 1200 }, p[3] = { 1, 2, 3 };
	struct rt_task t[2] = { rt_task_make("A", 2, 6, 6),
				rt_task_make("B", 1, 12, 12) };
	struct sim_freq q = { .n = 3, .f = f, .power = p, .level = 1 };
	struct sim_config c = { .tasks = t, .ntasks = 2, .cpus = 1,
				.policy = "fp", .horizon = 12, .seed = 1,
				.freq = &q };
	struct sim_engine *e = tu_expect_sched(&c,
		"0 start 0.0 c0 2\n"
		"3 complete 0.0 c0 3\n"
		"3 start 1.0 c0 1\n"
		"5 complete 1.0 c0 5\n"
		"6 start 0.1 c0 2\n"
		"9 complete 0.1 c0 3\n"
		"12 end 0.0 c-1 0\n");

	CU_ASSERT_EQUAL(sim_engine_stats(e)->cpu[0].busy, 8);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->cpu[0].energy, 16);
	sim_engine_destroy(e);
	/* performance: the identical CPUs' path, energy from busy time */
	q.level = 2;
	e = tu_expect_sched(&c,
		"0 start 0.0 c0 2\n"
		"2 complete 0.0 c0 2\n"
		"2 start 1.0 c0 1\n"
		"3 complete 1.0 c0 3\n"
		"6 start 0.1 c0 2\n"
		"8 complete 0.1 c0 2\n"
		"12 end 0.0 c-1 0\n");
	CU_ASSERT_EQUAL(sim_engine_stats(e)->cpu[0].energy, 15);
	sim_engine_destroy(e);
}

/* Engine refusals: levels not ascending, a level out of range, power on
 * some CPUs only, schedutil on two CPUs, a policy that is not job-level
 * below the highest level, energy overflowing int64. */
static void test_engine_refusals(void)
{
	static const uint64_t bad[2] = { 500, 500 }, big[1] = { 1000000000 };
	struct rt_task t[1] = { rt_task_make("A", 1, 10, 10) };
	struct sim_freq q[2] = { { .n = 3, .f = su_f, .level = 2 },
				 { .n = 3, .f = su_f, .level = 2 } };
	struct sim_config c = { .tasks = t, .ntasks = 1, .cpus = 2,
				.policy = "edf", .horizon = 20, .seed = 1,
				.freq = q };
	struct sim_engine *e = NULL;
	struct rt_diag d;

	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_OK);
	sim_engine_destroy(e);
	e = NULL;
	q[1].f = bad;
	q[1].n = 2;
	q[1].level = 1;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	q[1] = q[0];
	q[1].level = 3;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	q[1] = q[0];
	q[1].power = su_p;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	q[1] = q[0];
	c.schedutil = true;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_UNSUPPORTED);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "global scheduling"));
	c.schedutil = false;
	q[0].level = q[1].level = 0;
	c.policy = "cbs";
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_UNSUPPORTED);
	c.policy = "edf";
	q[0].level = q[1].level = 2;
	q[0].n = q[1].n = 1;
	q[0].f = q[1].f = big;
	q[0].power = q[1].power = big;
	c.horizon = INT64_MAX / 1000000000 + 1;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_INVAL);
	q[0].level = q[1].level = 0;
	CU_ASSERT_EQUAL(sim_engine_create(&c, &e, &d), RT_ERR_OVERFLOW);
	CU_ASSERT_PTR_NULL(e);
}

/* The keys, on identical CPUs and on a list of CPU types. */
static void test_scenario_keys(void)
{
	struct scn_scenario *s = load_ok(
		"format: 1\nplatform:\n  governor: userspace\n  cpus:\n"
		"    - {capacity: 1024, count: 2, frequencies: [500, 1000],\n"
		"       power: [10, 30], idle_power: 1, frequency: 500}\n"
		"    - capacity: 512\n      frequencies:\n        - 800\n"
		"        - 1600\n      power: [4, 9]\n      frequency: 1600\n"
		"tasks: [{name: A, C: 1, T: 10}]\n");

	CU_ASSERT_EQUAL_FATAL(s->cpus, 3);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s->freq);
	CU_ASSERT_EQUAL(s->governor, SCN_GOV_USERSPACE);
	CU_ASSERT_EQUAL(s->freq[1].n, 2);
	CU_ASSERT_EQUAL(s->freq[1].f[1], 1000);
	CU_ASSERT_EQUAL(s->freq[1].power[1], 30);
	CU_ASSERT_EQUAL(s->freq[1].idle_power, 1);
	CU_ASSERT_EQUAL(s->freq[1].level, 0);
	CU_ASSERT_EQUAL(s->freq[2].f[0], 800);
	CU_ASSERT_EQUAL(s->freq[2].level, 1);
	CU_ASSERT_EQUAL(s->freq[2].idle_power, 0);
	CU_ASSERT(scn_freq_slowed(s));
	scn_free(s);
	s = load_ok("format: 1\nplatform: {cpus: 4, frequencies: [1, 2, 3]}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n");
	CU_ASSERT_EQUAL(s->governor, SCN_GOV_PERFORMANCE);
	CU_ASSERT_EQUAL(s->freq[3].level, 2);
	CU_ASSERT_PTR_NULL(s->freq[3].power);
	CU_ASSERT(!scn_freq_slowed(s));
	scn_free(s);
	s = load_ok("format: 1\nplatform: {governor: powersave, frequencies: "
		    "[7]}\ntasks: [{name: A, C: 1, T: 10}]\n");
	CU_ASSERT(!scn_freq_slowed(s));         /* one level */
	scn_free(s);
	s = load_ok("format: 1\nplatform: {governor: schedutil, frequencies: "
		    "[1, 2], power: [1, 2]}\n"
		    "tasks: [{name: A, C: 1, T: 10}]\n");
	CU_ASSERT_EQUAL(s->governor, SCN_GOV_SCHEDUTIL);
	scn_free(s);
}

static void test_scenario_errors(void)
{
	static const char tail[] = "tasks: [{name: A, C: 1, T: 10}]\n";
	char y[512];

#define FAIL(plat, ...) do { \
		snprintf(y, sizeof(y), "format: 1\n%s\n%s", plat, tail); \
		expect_fail(y, RT_ERR_PARSE, __VA_ARGS__, NULL); \
	} while (0)
	FAIL("platform: {frequencies: [2, 1]}", "t.yaml:2:29:",
	     "platform.frequencies[1]", "not above", "ascending");
	FAIL("platform: {frequencies: [2, 2]}", "platform.frequencies[1]",
	     "not above");
	FAIL("platform: {frequencies: [0]}", "platform.frequencies[0]");
	FAIL("platform: {frequencies: [1.5]}", "platform.frequencies[0]");
	FAIL("platform: {frequencies: [1, 2], power: [3]}", "platform.power",
	     "1 powers for 2 frequencies");
	FAIL("platform: {power: [3]}", "t.yaml:2:12:", "platform.power",
	     "power without frequencies");
	FAIL("platform: {frequencies: [1], idle_power: 3}",
	     "platform.idle_power", "idle_power without power");
	FAIL("platform: {frequencies: [1, 2], frequency: 2}",
	     "platform.frequency", "governor userspace");
	FAIL("platform: {governor: userspace, frequencies: [1, 2], "
	     "frequency: 3}", "platform.frequency", "3 is not one of");
	FAIL("platform: {governor: userspace, frequencies: [1, 2]}",
	     "platform", "missing frequency");
	FAIL("platform: {governor: ondemand, frequencies: [1]}",
	     "platform.governor", "schedutil");
	FAIL("platform: {governor: schedutil}", "platform.governor",
	     "without frequencies");
	FAIL("platform: {cpus: 2, governor: schedutil, frequencies: [1, 2]}",
	     "platform.governor", "per-runqueue running bandwidth under "
	     "global scheduling");
	FAIL("platform: {frequencies: {a: 1}}", "platform");
	FAIL("platform: {cpus: [{capacity: 9, frequencies: 3}]}",
	     "platform.cpus[0].frequencies", "a list of numbers");
	FAIL("platform: {cpus: [{capacity: 9, frequencies: [[1]]}]}",
	     "platform.cpus[0].frequencies", "a list of numbers");
	FAIL("platform: {cpus: [{capacity: 9, frequencies: [1, 3]}, "
	     "{capacity: 5}]}", "platform.cpus[1]", "no frequencies",
	     "every CPU type");
	FAIL("platform: {cpus: [{capacity: 9, frequencies: [1], power: [2]},"
	     " {capacity: 5, frequencies: [1]}]}", "platform.cpus[1]",
	     "no power");
	FAIL("platform: {cpus: [{capacity: 9, frequencies: [1, 3], "
	     "power: [1, x]}]}", "platform.cpus[0].power[1]");
	FAIL("platform: {cpus: [{capacity: 9}], frequencies: [1]}",
	     "platform.frequencies", "each of its entries");
	FAIL("platform: {cpus: [{capacity: 9, energy: 1}]}", "energy",
	     "unknown key");
	FAIL("platform: {energy: 1}", "platform.energy", "unknown key");
	FAIL("scheduler: {policy: cbs}\nplatform: {governor: powersave, "
	     "frequencies: [1, 2]}", "platform.governor", "policy cbs",
	     "not implemented yet");
	FAIL("scheduler: {placement: partitioned}\nplatform: {cpus: 2, "
	     "governor: powersave, frequencies: [1, 2]}", "platform.governor",
	     "placement partitioned");
#undef FAIL
}

/*
 * scenarios/examples/energy.yaml, the documented example
 * (scenarios/README.md "Frequencies and energy"), computed by hand:
 * one CPU, levels 250 / 500 / 1000 (speeds 1/4, 1/2, 1), busy power
 * 100 / 250 / 700, idle 20; EDF, schedutil, horizon 20.
 * A: C 1, D = T 5 (bw 1/5).  B: C 2, D = T 20, offset 5 (bw 1/10).
 *   t=0  A.0: bw 1/5 <= 1/4 -> 250.  A.0 runs [0,4) (1 unit at 1/4);
 *        0-lag time 5.
 *   t=5  A's timer (bw 0), A.1 (bw 1/5), B.0 (bw 3/10 > 1/4) -> 500
 *        (change 1).  A.1 (d 10) [5,7); B.0 (d 25) [7,10): 1.5 units.
 *   t=10 A's timer and A.2 (bw unchanged); A.2 (d 15) preempts B.0
 *        (remaining 1 whole unit, 0.5 of it done): [10,12); B.0 0.5
 *        unit at 1/2: [12,13).  B's 0-lag 25 >= 20: no timer.
 *   t=15 A.3 [15,17).
 * Energy: 4 x 100 + 1 x 20 + 8 x 250 + 2 x 20 + 2 x 250 + 3 x 20 = 3020;
 * busy 14.  performance: busy 1 + 1 + 2 + 1 + 1 = 6 at 700 = 4200, idle
 * 14 x 20 = 280: 4480.
 */
static void test_documented_example(void)
{
	struct scn_scenario *s = NULL;
	struct sim_config c;
	struct sim_engine *e;
	struct rt_diag d;
	const struct sim_stats *st;

	CU_ASSERT_EQUAL_FATAL(scn_load_file(DLSIM_SRCDIR
		"/scenarios/examples/energy.yaml", &s, &d), RT_OK);
	scn_sim_config(s, NULL, s->horizon, &c);
	e = tu_expect_sched(&c,
		"0 start 0.0 c0 1\n"
		"4 complete 0.0 c0 4\n"
		"5 start 0.1 c0 1\n"
		"7 complete 0.1 c0 2\n"
		"7 start 1.0 c0 2\n"
		"10 preempt 1.0 c0 1\n"
		"10 start 0.2 c0 1\n"
		"12 complete 0.2 c0 2\n"
		"12 start 1.0 c0 1\n"
		"13 complete 1.0 c0 8\n"
		"15 start 0.3 c0 1\n"
		"17 complete 0.3 c0 2\n"
		"20 end 0.0 c-1 0\n");
	st = sim_engine_stats(e);
	CU_ASSERT_EQUAL(st->cpu[0].busy, 14);
	CU_ASSERT_EQUAL(st->cpu[0].energy, 3020);
	CU_ASSERT_EQUAL(st->cpu[0].freq_changes, 1);
	CU_ASSERT_EQUAL(st->misses, 0);
	sim_engine_destroy(e);
	s->governor = SCN_GOV_PERFORMANCE;
	s->freq[0].level = 2;
	scn_sim_config(s, NULL, s->horizon, &c);
	CU_ASSERT_FALSE(c.schedutil);
	CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &e, &d), RT_OK);
	CU_ASSERT_EQUAL_FATAL(sim_engine_run(e, &d), RT_OK);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->cpu[0].busy, 6);
	CU_ASSERT_EQUAL(sim_engine_stats(e)->cpu[0].energy, 4480);
	sim_engine_destroy(e);
	scn_free(s);
}

/* The horizon below the highest frequency: the busy period at speed 1
 * (3 for C 1 + 2) bounds nothing at speed 1/4; the hyperperiod rule
 * (lcm 30 + max D 15 = 45), never exact. */
static void test_horizon_slowed(void)
{
	struct rt_task t[2] = { rt_task_make("A", 1, 10, 10),
				rt_task_make("B", 2, 15, 15) };
	struct sim_horizon_req r = { .tasks = t, .ntasks = 2, .cpus = 1,
				     .policy = "edf", .user = RT_TIME_NEVER };
	struct sim_horizon h;
	struct rt_diag d;

	CU_ASSERT_EQUAL_FATAL(sim_horizon_for(&r, &h, &d), RT_OK);
	CU_ASSERT_EQUAL(h.source, SIM_HORIZON_BUSY_PERIOD);
	CU_ASSERT_EQUAL(h.horizon, 3);
	CU_ASSERT(h.exact);
	r.slow = true;
	CU_ASSERT_EQUAL_FATAL(sim_horizon_for(&r, &h, &d), RT_OK);
	CU_ASSERT_EQUAL(h.source, SIM_HORIZON_HYPERPERIOD);
	CU_ASSERT_EQUAL(h.horizon, 45);
	CU_ASSERT(!h.exact);
}

CU_TestInfo energy_tests[] = {
	{ "horizon below the highest frequency", test_horizon_slowed },
	{ "schedutil timeline with a 0-lag before the deadline",
	  test_schedutil_timeline },
	{ "schedutil: the level at 0 is no change",
	  test_schedutil_start_level },
	{ "schedutil with D < T: misses simulated",
	  test_schedutil_constrained_misses },
	{ "powersave on two CPU types", test_powersave_two_types },
	{ "userspace and performance under fp", test_userspace_fp },
	{ "engine refusals", test_engine_refusals },
	{ "scenario keys", test_scenario_keys },
	{ "scenario errors", test_scenario_errors },
	{ "the documented example (energy.yaml)", test_documented_example },
	CU_TEST_INFO_NULL,
};
