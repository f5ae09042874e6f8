/* test_cbs_prop.c - random property tests of the CBS servers (policy
 * cbs): no server misses its deadline under a bandwidth bound, a hard CBS
 * never gives more than Q in a window and random mixes of servers and tasks
 * on several CPUs keep the engine's invariants.  Each prints the failing
 * scenario (seeded).  Last, the engine's zero-length loop guard
 * (white-box: a broken copy of the cbs policy's hooks).
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/rng.h"
#include "models/server.h"
#include "scenarios/scn.h"
#include "sim/engine.h"
#include "sim/internal.h"
#include "sim/policy.h"
#include "tests/cbs_util.h"
#include "tests/sched_check.h"
#include "tests/suites.h"

/* ---- property tests ----------------------------------------------------- */

/* A random server set on one CPU with sum Q/min(D,T) <= 1 (D = T except
 * for revised-cbs, which may have D < T when no server of the set uses
 * GRUB), random kinds and GRUB, and
 * tasks with random (often overrunning) demand and sporadic arrivals. */
/* The text of the last random set (printed when a property fails). */
static char cbs_random_text[4096];

static struct scn_scenario *cbs_random(struct rt_rng *g, bool hard_only)
{
	static const char *const kinds[] = { "cbs", "hard-cbs", "revised-cbs" };
	char *buf = cbs_random_text;
	const size_t bufsz = sizeof(cbs_random_text);
	size_t n = 1 + (size_t)rt_rng_range(g, 0, 4), o = 0, made = 0;
	int64_t left = 1000;            /* density left, in 1/1000 */
	/* GRUB (Lipari & Baruah) is for implicit deadlines: a set either
	 * reclaims with D = T servers or has no GRUB at all */
	bool grub = rt_rng_range(g, 0, 2) == 0;

	o += (size_t)snprintf(buf + o, bufsz - o,
			      "format: 1\nhorizon: %" PRId64 "\nservers:\n",
			      rt_rng_range(g, 50, 400));
	for (size_t i = 0; i < n && left > 0; i++) {
		int64_t T = rt_rng_range(g, 2, 40), D = T, Q;
		int kind = hard_only ? 1 + (int)rt_rng_range(g, 0, 1) :
			   (int)rt_rng_range(g, 0, 2);

		if (kind == 2 && !grub && rt_rng_range(g, 0, 1))
			D = rt_rng_range(g, 1, T);
		/* Q/D <= left/1000 / (servers still to come) */
		Q = D * (left / (int64_t)(n - i)) / 1000;
		if (Q < 1)
			break;
		left -= (Q * 1000 + D - 1) / D;
		o += (size_t)snprintf(buf + o, bufsz - o,
				      "  - { name: S%zu, kind: %s, budget: %"
				      PRId64 ", deadline: %" PRId64 ", period: %"
				      PRId64 "%s }\n", i, kinds[kind], Q, D, T,
				      grub && rt_rng_range(g, 0, 1) ?
				      ", reclaim: grub" : "");
		made++;
	}
	if (!made)
		return NULL;
	o += (size_t)snprintf(buf + o, bufsz - o, "tasks:\n");
	for (size_t i = 0; i < made; i++) {
		size_t m = 1 + (size_t)rt_rng_range(g, 0, 1);

		for (size_t k = 0; k < m; k++)
			o += (size_t)snprintf(buf + o, bufsz - o,
				"  - { name: t%zu_%zu, C: 1, T: %" PRId64
				", server: S%zu, arrival: { model: sporadic,"
				" max_delay: %" PRId64 " }, exec: { model: "
				"uniform, min: 1, max: %" PRId64 " } }\n", i, k,
				rt_rng_range(g, 1, 30), i,
				rt_rng_range(g, 0, 20), rt_rng_range(g, 1, 25));
	}
	return cbs_load_text_n(buf, o);
}

static void test_no_server_misses_under_a_bandwidth_bound(void)
{
	uint64_t seed = 0xcb5001;
	struct rt_rng g;
	unsigned sets = 0;

	rt_rng_seed(&g, seed);
	for (unsigned it = 0; it < 1000; it++) {
		struct scn_scenario *s = cbs_random(&g, false);
		struct tu_trace tr;
		struct sim_engine *e;
		const struct sim_stats *st;

		if (!s)
			continue;
		e = cbs_run(s, 0, &tr);
		st = sim_engine_stats(e);
		if (st->server_misses)
			fprintf(stderr, "\nseed %#" PRIx64 " set %u: %" PRIu64
				" server misses in\n%s", seed, it,
				st->server_misses, cbs_random_text);
		CU_ASSERT_EQUAL(st->server_misses, 0);
		sets++;
		cbs_done(e, s, &tr);
	}
	CU_ASSERT(sets >= 900);
}

static void test_hard_cbs_never_exceeds_q_in_a_window(void)
{
	uint64_t seed = 0xcb5002;
	struct rt_rng g;
	unsigned soft_over = 0;

	rt_rng_seed(&g, seed);
	for (unsigned it = 0; it < 1000; it++) {
		struct scn_scenario *s = cbs_random(&g, true);
		struct cbs_windows w;
		rt_time worst;

		if (!s)
			continue;
		for (size_t i = 0; i < s->nservers; i++)
			s->servers[i].reclaim = RT_RECLAIM_NONE;
		worst = cbs_window_excess(s, &w);
		if (worst > 0)
			fprintf(stderr, "\nseed %#" PRIx64 " set %u: server %zu "
				"got %" PRId64 " over Q in [%" PRId64 ", %" PRId64
				") in\n%s", seed, it, w.server, worst, w.from,
				w.to, cbs_random_text);
		CU_ASSERT(worst <= 0);
		/* the same sets as soft CBS do exceed Q somewhere (the check
		 * can fail) */
		for (size_t i = 0; i < s->nservers; i++)
			s->servers[i].kind = RT_SERVER_CBS;
		if (cbs_window_excess(s, &w) > 0)
			soft_over++;
		scn_free(s);
	}
	CU_ASSERT(soft_over > 0);
}

/* ---- robustness: random mixes on several CPUs ------------------------- */

static void test_random_mixes_on_several_cpus_run_cleanly(void)
{
	static const char *const kinds[] = { "cbs", "hard-cbs", "revised-cbs" };
	uint64_t seed = 0xcb5003;
	struct rt_rng g;

	rt_rng_seed(&g, seed);
	for (unsigned it = 0; it < 300; it++) {
		char buf[4096];
		size_t o = 0, ns = 1 + (size_t)rt_rng_range(&g, 0, 5);
		unsigned cpus = 1 + (unsigned)rt_rng_range(&g, 0, 3);
		struct scn_scenario *s;
		static struct sc_check k;
		struct sc_opts so = { .servers = true };
		struct sim_config c;

		o += (size_t)snprintf(buf + o, sizeof(buf) - o, "format: 1\n"
			"horizon: %" PRId64 "\nplatform: { cpus: %u }\n"
			"scheduler: { on_miss: %s, tie_break: %s }\nservers:\n",
			rt_rng_range(&g, 20, 200), cpus,
			rt_rng_range(&g, 0, 1) ? "abort" : "continue",
			rt_rng_range(&g, 0, 1) ? "fifo" : "task-order");
		for (size_t i = 0; i < ns; i++) {
			int64_t T = rt_rng_range(&g, 2, 20);
			int64_t D = rt_rng_range(&g, 1, T);
			int64_t Q = rt_rng_range(&g, 1, D);

			o += (size_t)snprintf(buf + o, sizeof(buf) - o,
				"  - { name: S%zu, kind: %s, budget: %" PRId64
				", deadline: %" PRId64 ", period: %" PRId64 "%s }\n",
				i, kinds[rt_rng_range(&g, 0, 2)], Q, D, T,
				cpus == 1 && rt_rng_range(&g, 0, 2) == 0 ?
				", reclaim: grub" : "");
		}
		o += (size_t)snprintf(buf + o, sizeof(buf) - o, "tasks:\n");
		for (size_t i = 0; i < 2 * ns; i++) {
			int64_t T = rt_rng_range(&g, 1, 25);

			o += (size_t)snprintf(buf + o, sizeof(buf) - o,
				"  - { name: t%zu, C: 2, D: %" PRId64 ", T: %"
				PRId64 "%s%zu, jitter: %" PRId64 ", exec: { model:"
				" uniform, min: 1, max: %" PRId64 " } }\n", i,
				rt_rng_range(&g, 1, T), T,
				i % 3 == 2 ? ", priority: " : ", server: S",
				i % 3 == 2 ? i : i % ns, rt_rng_range(&g, 0, 3),
				rt_rng_range(&g, 1, 12));
		}
		s = cbs_load_text_n(buf, o);
		CU_ASSERT_PTR_NOT_NULL_FATAL(s);
		c = cbs_config(s);
		so.task_server = s->task_server;
		if (sc_run(&k, &c, &so))
			fprintf(stderr, "\nseed %#" PRIx64 " set %u: %s in\n%s",
				seed, it, k.why, buf);
		CU_ASSERT_EQUAL(k.fails, 0);
		sc_free(&k);
		scn_free(s);
	}
}

/* ---- the zero-length loop guard ---------------------------------------- */

/* A policy whose budget timer re-arms itself at the same instant, or
 * whose dispatch always asks for another: a bug that would hang the run.
 * The engine's guard stops it with an error naming the instant
 * (white-box: the cbs policy's ops swapped for a broken copy). */
static struct sim_engine *spin_e;
static struct sim_policy_ops spin_ops;

static enum rt_err spin_timer(void *state, struct sim_event *ev)
{
	(void)state;
	return sim_engine_arm(spin_e, ev, sim_engine_now(spin_e),
			      SIM_RANK_BUDGET);
}

static enum rt_err spin_schedule(void *state)
{
	enum rt_err err = sim_policy_cbs.schedule(state);

	if (sim_engine_now(spin_e) >= 1)
		sim_engine_resched(spin_e);
	return err;
}

static void test_a_zero_length_loop_stops_with_an_error(void)
{
	/* hard CBS (1, 4), no reclaiming: the job of 3 exhausts the budget
	 * at 1 (the timer), and a dispatch happens there */
	struct scn_scenario *s = cbs_load_text(
		"format: 1\nhorizon: 20\n"
		"servers:\n  - { name: S, kind: hard-cbs, budget: 1,"
		" period: 4 }\n"
		"tasks:\n  - { name: a, C: 3, T: 10, server: S }\n");
	struct sim_config c = cbs_config(s);
	struct rt_diag d = { "" };

	for (int which = 0; which < 2; which++) {
		CU_ASSERT_EQUAL_FATAL(sim_engine_create(&c, &spin_e, &d), RT_OK);
		spin_ops = *spin_e->ops;
		if (which == 0)
			spin_ops.timer = spin_timer;
		else
			spin_ops.schedule = spin_schedule;
		spin_e->ops = &spin_ops;
		CU_ASSERT_EQUAL(sim_engine_run(spin_e, &d), RT_ERR_INVAL);
		CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "policy cbs: no progress "
					      "at time 1: more than 4288 policy "
					      "timers and dispatches at this "
					      "one instant"));
		CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, which == 0 ?
			"the last a policy timer (a zero-length event loop" :
			"the last a dispatch (a zero-length event loop"));
		sim_engine_destroy(spin_e);
	}
	spin_e = NULL;
	scn_free(s);
}

CU_TestInfo cbs_prop_tests[] = {
	{ "no server misses its deadline under a bandwidth bound (1000 sets)",
	  test_no_server_misses_under_a_bandwidth_bound },
	{ "hard CBS never gives more than Q in a window (1000 sets)",
	  test_hard_cbs_never_exceeds_q_in_a_window },
	{ "random mixes on several CPUs run cleanly (300 sets)",
	  test_random_mixes_on_several_cpus_run_cleanly },
	{ "a zero-length event loop stops with an error",
	  test_a_zero_length_loop_stops_with_an_error },
	CU_TEST_INFO_NULL
};
