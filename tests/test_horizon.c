/* test_horizon.c - default simulation horizons (sim/horizon.c). */
#include "models/task.h"
#include "sim/horizon.h"
#include "tests/suites.h"

static void test_sync_periodic_uses_busy_period(void)
{
	struct rt_task ts[2] = { rt_task_make("P1", 4, 5, 10),
				 rt_task_make("P2", 4, 5, 10) };
	struct sim_horizon h;

	CU_ASSERT_EQUAL(sim_choose_horizon(ts, 2, 1, RT_TIME_NEVER, &h, NULL), RT_OK);
	CU_ASSERT_EQUAL(h.horizon, 8);
	CU_ASSERT_EQUAL(h.busy_period, 8);
	CU_ASSERT_EQUAL(h.source, SIM_HORIZON_BUSY_PERIOD);
	CU_ASSERT_TRUE(h.exact);
}

static void test_user_horizon_is_exact_only_if_it_covers_busy_period(void)
{
	struct rt_task ts[2] = { rt_task_make("P1", 4, 5, 10),
				 rt_task_make("P2", 4, 5, 10) };
	struct sim_horizon h;

	CU_ASSERT_EQUAL(sim_choose_horizon(ts, 2, 1, 30, &h, NULL), RT_OK);
	CU_ASSERT_EQUAL(h.horizon, 30);
	CU_ASSERT_EQUAL(h.source, SIM_HORIZON_USER);
	CU_ASSERT_TRUE(h.exact);
	CU_ASSERT_EQUAL(sim_choose_horizon(ts, 2, 1, 7, &h, NULL), RT_OK);
	CU_ASSERT_FALSE(h.exact);
	CU_ASSERT_EQUAL(sim_choose_horizon(ts, 2, 2, 30, &h, NULL), RT_OK);
	CU_ASSERT_FALSE(h.exact);               /* 2 CPUs: never exact */
}

static void test_offsets_use_hyperperiod(void)
{
	struct rt_task ts[2] = { rt_task_make("a", 1, 4, 4),
				 rt_task_make("b", 2, 6, 6) };
	struct sim_horizon h;

	ts[1].offset = 3;
	CU_ASSERT_EQUAL(sim_choose_horizon(ts, 2, 1, RT_TIME_NEVER, &h, NULL), RT_OK);
	CU_ASSERT_EQUAL(h.horizon, 12 + 3 + 6);         /* lcm + offset + D */
	CU_ASSERT_EQUAL(h.source, SIM_HORIZON_HYPERPERIOD);
	CU_ASSERT_FALSE(h.exact);
}

static void test_overload_uses_hyperperiod(void)
{
	struct rt_task ts[2] = { rt_task_make("a", 3, 4, 4),
				 rt_task_make("b", 3, 6, 6) };
	struct sim_horizon h;

	CU_ASSERT_EQUAL(sim_choose_horizon(ts, 2, 1, RT_TIME_NEVER, &h, NULL), RT_OK);
	CU_ASSERT_EQUAL(h.horizon, 12 + 6);
	CU_ASSERT_EQUAL(h.busy_period, RT_TIME_NEVER);
	CU_ASSERT_FALSE(h.exact);
}

static void test_huge_hyperperiod_is_capped(void)
{
	/* distinct large primes: lcm overflows int64 */
	struct rt_task ts[4] = { rt_task_make("a", 1, 1000003, 1000003),
				 rt_task_make("b", 1, 1000033, 1000033),
				 rt_task_make("c", 1, 1000037, 1000037),
				 rt_task_make("d", 1, 1000039, 1000039) };
	struct sim_horizon h;

	ts[0].offset = 1;
	CU_ASSERT_EQUAL(sim_choose_horizon(ts, 4, 1, RT_TIME_NEVER, &h, NULL), RT_OK);
	CU_ASSERT_EQUAL(h.source, SIM_HORIZON_CAPPED);
	CU_ASSERT(h.horizon > 0);
	/* at most the job cap in total */
	CU_ASSERT((uint64_t)(h.horizon / 1000003 + 1) * 4 <= SIM_HORIZON_JOB_CAP);
	/* what the rule wanted is kept for the message: the lcm does not fit */
	CU_ASSERT_EQUAL(h.hyperperiod, RT_TIME_NEVER);
	CU_ASSERT_EQUAL(h.uncapped, RT_TIME_NEVER);
}

/* A hyperperiod that fits but releases more than the cap: 10 tasks, T = 1
 * and one of T = 10^7 + 1 (lcm 10^7 + 1, horizon lcm + 1 + max D). */
static void test_capped_horizon_keeps_the_hyperperiod_it_cut(void)
{
	struct rt_task ts[2] = { rt_task_make("fast", 1, 3, 3),
				 rt_task_make("slow", 1, 10000019, 10000019) };
	struct sim_horizon h;

	ts[1].offset = 1;               /* not synchronous: hyperperiod rule */
	CU_ASSERT_EQUAL(sim_choose_horizon(ts, 2, 1, RT_TIME_NEVER, &h, NULL), RT_OK);
	CU_ASSERT_EQUAL(h.source, SIM_HORIZON_CAPPED);
	CU_ASSERT_EQUAL(h.hyperperiod, 30000057);
	CU_ASSERT_EQUAL(h.uncapped, 30000057 + 1 + 10000019);
	CU_ASSERT(h.horizon < h.uncapped);
	/* uncapped choices report themselves */
	CU_ASSERT_EQUAL(sim_choose_horizon(ts, 2, 1, 99, &h, NULL), RT_OK);
	CU_ASSERT_EQUAL(h.uncapped, 99);
	CU_ASSERT_EQUAL(h.hyperperiod, 30000057);
}

static void test_no_tasks_is_an_error(void)
{
	struct sim_horizon h;

	CU_ASSERT_EQUAL(sim_choose_horizon(NULL, 0, 1, RT_TIME_NEVER, &h, NULL),
			RT_ERR_INVAL);
}

/* D4: the default horizon with overheads is the busy period of the
 * overhead-inflated set (C + rel + 2 (sched + cs), tick as a task): the
 * plain L_b = 3 stops before X's miss at 6 > 5 (cs = 1: A switches in at
 * [0, 1), runs [1, 2), out [2, 3); B [3, 4); X in [4, 5)... [5, 6)). */
static void test_overheads_inflate_the_busy_period(void)
{
	struct rt_task ts[3] = { rt_task_make("A", 1, 4, 20),
				 rt_task_make("B", 1, 5, 20),
				 rt_task_make("X", 1, 5, 20) };
	struct rt_overheads o = { .context_switch = 1 };
	struct sim_horizon_req r = { .tasks = ts, .ntasks = 3, .cpus = 1,
				     .policy = "edf", .user = RT_TIME_NEVER,
				     .overheads = true };
	struct sim_horizon h;

	CU_ASSERT_EQUAL_FATAL(sim_horizon_for(&r, &h, NULL), RT_OK);
	CU_ASSERT_EQUAL(h.horizon, 3);          /* without the overheads */
	r.ovh = &o;
	CU_ASSERT_EQUAL_FATAL(sim_horizon_for(&r, &h, NULL), RT_OK);
	CU_ASSERT_EQUAL(h.horizon, 9);          /* 3 x (1 + 2 cs) */
	CU_ASSERT_EQUAL(h.source, SIM_HORIZON_BUSY_PERIOD_OVERHEADS);
	CU_ASSERT_FALSE(h.exact);
	o.tick = 1;                             /* + a tick task (1, 10) */
	o.tick_period = 10;
	CU_ASSERT_EQUAL_FATAL(sim_horizon_for(&r, &h, NULL), RT_OK);
	CU_ASSERT_EQUAL(h.horizon, 10);
	CU_ASSERT_STRING_EQUAL(sim_horizon_source_name(h.source),
			       "busy-period+overheads");
}

/*
 * A task that joins late or leaves: the default horizon took the first
 * arrival from the offset alone and called the synchronous run exact.
 * A (2, 10, 10), B (9, 10, 10) joining at 50: U = 11/10, so the
 * hyperperiod rule, lcm 10 + first arrival 0 + D 10 = 20, ended before
 * B's first job (B never simulated); with B's arrival 50 it is 70, and
 * B's jobs at 50 and 60 (A [50, 52), B [52, 61) late by 1) are in it.
 * A (5, 10, 24), B (6, 10, 10) joining at 16, leaving at 42, user
 * horizon 386: the run (A [0, 5), B [16, 22), ...) misses nothing while
 * qpa rejects (dbf(10) = 11 > 10) only because B never arrives with A:
 * the run was "exact" and analyze reported a contradiction.  Both now
 * never exact; with B leaving alone (arrive_at 0) too.
 */
static void test_late_join_and_leave(void)
{
	struct rt_task ts[2] = { rt_task_make("A", 2, 10, 10),
				 rt_task_make("B", 9, 10, 10) };
	struct rt_task us[2] = { rt_task_make("A", 5, 10, 24),
				 rt_task_make("B", 6, 10, 10) };
	rt_time arrive[2] = { 0, 50 }, arrive2[2] = { 0, 16 };
	rt_time leave[2] = { RT_TIME_NEVER, 42 };
	struct sim_horizon_req r = { .tasks = ts, .ntasks = 2, .cpus = 1,
				     .policy = "edf", .user = RT_TIME_NEVER };
	struct sim_horizon h;

	CU_ASSERT_EQUAL_FATAL(sim_horizon_for(&r, &h, NULL), RT_OK);
	CU_ASSERT_EQUAL(h.horizon, 20);         /* all at 0 */
	r.arrive_at = arrive;
	CU_ASSERT_EQUAL_FATAL(sim_horizon_for(&r, &h, NULL), RT_OK);
	CU_ASSERT_EQUAL(h.horizon, 70);
	CU_ASSERT_EQUAL(h.source, SIM_HORIZON_HYPERPERIOD);
	CU_ASSERT_FALSE(h.exact);

	r.tasks = us;
	r.arrive_at = NULL;
	r.user = 386;
	CU_ASSERT_EQUAL_FATAL(sim_horizon_for(&r, &h, NULL), RT_OK);
	CU_ASSERT_TRUE(h.exact);                /* synchronous, covers L_b */
	r.arrive_at = arrive2;
	r.leave_at = leave;
	CU_ASSERT_EQUAL_FATAL(sim_horizon_for(&r, &h, NULL), RT_OK);
	CU_ASSERT_FALSE(h.exact);
	r.arrive_at = NULL;                     /* leaving alone */
	CU_ASSERT_EQUAL_FATAL(sim_horizon_for(&r, &h, NULL), RT_OK);
	CU_ASSERT_FALSE(h.exact);
}

CU_TestInfo horizon_tests[] = {
	{ "synchronous periodic on one CPU uses the busy period, exactly", test_sync_periodic_uses_busy_period },
	{ "a user horizon is exact only if it covers the busy period", test_user_horizon_is_exact_only_if_it_covers_busy_period },
	{ "offsets use the hyperperiod plus offset and deadline", test_offsets_use_hyperperiod },
	{ "overload (U > 1) uses the hyperperiod", test_overload_uses_hyperperiod },
	{ "an overflowing hyperperiod is capped by job count", test_huge_hyperperiod_is_capped },
	{ "no tasks is an error", test_no_tasks_is_an_error },
	{ "a capped horizon keeps the hyperperiod it cut",
	  test_capped_horizon_keeps_the_hyperperiod_it_cut },
	{ "with overheads the default horizon is the inflated busy period",
	  test_overheads_inflate_the_busy_period },
	{ "a late join moves the first arrival; joins and leaves are never "
	  "exact", test_late_join_and_leave },
	CU_TEST_INFO_NULL
};
