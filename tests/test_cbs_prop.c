/* test_cbs_prop.c - random property tests of the CBS servers (policy
 * cbs): no server misses its deadline under a bandwidth bound, a hard CBS
 * never gives more than Q in a window, random mixes of servers and tasks
 * on several CPUs keep the engine's invariants, and random GRUB sets
 * (constrained servers too) end within an event budget, conserve work
 * where GRUB must and keep each server within its bandwidth.  Each prints
 * the failing scenario (seeded).  Last, the engine's zero-length loop
 * guard (white-box: a broken copy of the cbs policy's hooks).
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

/* ---- GRUB: random sets ------------------------------------------------ */

/*
 * Random GRUB sets on one CPU: 1-4 servers of mixed kinds (cbs, hard-cbs,
 * revised-cbs), every one reclaim: grub, D_s <= T_s (constrained too:
 * such a server counts with its density Q/D, so a set may exceed 1, as
 * the set that hung did: 1/20 + 2/2), 1-2 tasks each with random
 * deadlines, offsets, jitter or sporadic arrivals and demands, sometimes
 * a plain task beside them.  Checked by a sink of every record, besides
 * the engine's own invariants (sched_check.h):
 *
 *   - the run ends: fewer records than an event budget linear in the
 *     horizon (the sink stops a run past it with an error, so a
 *     zero-length loop that records fails instead of hanging; one that
 *     does not is stopped by the engine's guard), and the engine's event
 *     count under the same budget;
 *   - work conservation where GRUB must have it: after each instant's
 *     dispatch the CPU is idle only if every pending job belongs to a
 *     throttled server (no plain job and no unthrottled server's job
 *     waits), and a soft server (kind cbs) is never throttled at all;
 *   - no server runs more than its reclaimable bandwidth allows: GRUB
 *     drains a budget at rate max{U_s, U_act} >= U_s = Q/min(D, T)
 *     (2^20 fixed point rounded up), so between two records that set a
 *     server's budget q (SERVER_WAKEUP, REPLENISH: value q, the exact
 *     budget being at most q) its jobs run at most floor(q min(D, T) / Q);
 *   - the engine is destroyed after every run (clean under the san
 *     build: make VARIANT=san, build/san/run-tests -s cbs_prop).
 */
#define GP_MAXS 4

struct grub_check {
	const struct sim_config *c;
	uint64_t records, budget;       /* records seen, their limit */
	rt_time now;                    /* instant of the last record */
	int running;                    /* task on the CPU, -1: idle */
	rt_time since;                  /* ... since then (or the last split) */
	uint32_t pending[SC_MAXT];      /* released, not completed/aborted */
	bool throttled[GP_MAXS];
	rt_time exec[GP_MAXS];          /* run since the budget was set */
	rt_time limit[GP_MAXS];         /* what that budget allows */
	int fails;
	char why[200];
};

static void gp_fail(struct grub_check *k, const char *what, rt_time t,
		    int64_t a, int64_t b)
{
	if (!k->fails++)
		snprintf(k->why, sizeof(k->why), "at %" PRId64 ": %s (%" PRId64
			 ", %" PRId64 ")", t, what, a, b);
}

static int32_t gp_server(const struct grub_check *k, uint32_t task)
{
	return k->c->task_server ? k->c->task_server[task] : -1;
}

/* Charge the running job's time up to t to its server. */
static void gp_account(struct grub_check *k, rt_time t)
{
	int32_t sv;

	if (k->running < 0)
		return;
	sv = gp_server(k, (uint32_t)k->running);
	if (sv >= 0) {
		k->exec[sv] += t - k->since;
		if (k->exec[sv] > k->limit[sv])
			gp_fail(k, "a server ran beyond its budget at rate U_s "
				"(ran, allowed)", t, k->exec[sv], k->limit[sv]);
	}
	k->since = t;
}

/* The instant k->now is over: the CPU idles only when every pending job
 * is a throttled server's. */
static void gp_instant(struct grub_check *k)
{
	if (k->running >= 0)
		return;
	for (uint32_t i = 0; i < k->c->ntasks; i++) {
		int32_t sv = gp_server(k, i);

		if (k->pending[i] && (sv < 0 || !k->throttled[sv]))
			gp_fail(k, "the CPU idles while a task has eligible "
				"work (task, server)", k->now, i, sv);
	}
}

static enum rt_err gp_emit(void *ctx, const struct sim_rec *r)
{
	struct grub_check *k = ctx;
	int32_t sv = r->kind == SIM_REC_END ? -1 : gp_server(k, r->task);

	if (++k->records > k->budget) {
		gp_fail(k, "more records than the event budget (records, "
			"horizon)", r->time, (int64_t)k->records,
			k->c->horizon);
		return RT_ERR_INVAL;    /* stops the run */
	}
	if (r->time > k->now) {
		gp_instant(k);
		k->now = r->time;
	}
	switch (r->kind) {
	case SIM_REC_RELEASE:
		k->pending[r->task]++;
		break;
	case SIM_REC_START:
		k->running = (int)r->task;
		k->since = r->time;
		break;
	case SIM_REC_PREEMPT:
	case SIM_REC_COMPLETE:
	case SIM_REC_ABORT:
		if (k->running == (int)r->task) {
			gp_account(k, r->time);
			k->running = -1;
		}
		if (r->kind != SIM_REC_PREEMPT)
			k->pending[r->task]--;
		break;
	case SIM_REC_THROTTLE:
		k->throttled[sv] = true;
		if (k->c->servers[sv].kind == RT_SERVER_CBS)
			gp_fail(k, "a soft CBS was throttled (server, until)",
				r->time, sv, r->value);
		break;
	case SIM_REC_UNTHROTTLE:
		k->throttled[sv] = false;
		break;
	case SIM_REC_SERVER_WAKEUP:
	case SIM_REC_REPLENISH: {
		const struct rt_server *p = &k->c->servers[sv];
		rt_time bwp = p->deadline < p->period ? p->deadline : p->period;

		gp_account(k, r->time);
		k->exec[sv] = 0;
		k->limit[sv] = r->value > 0 ? r->value * bwp / p->budget_max : 0;
		break;
	}
	case SIM_REC_END:
		gp_account(k, r->time);
		break;
	default:
		break;
	}
	return RT_OK;
}

/* A random GRUB set (text in cbs_random_text). */
static struct scn_scenario *grub_random(struct rt_rng *g)
{
	static const char *const kinds[] = { "cbs", "hard-cbs", "revised-cbs" };
	char *buf = cbs_random_text;
	const size_t bufsz = sizeof(cbs_random_text);
	size_t n = 1 + (size_t)rt_rng_range(g, 0, GP_MAXS - 1), o = 0, nt = 0;
	/* often all of one kind (soft only: fully work-conserving) */
	int64_t one = rt_rng_range(g, -3, 2);

	o += (size_t)snprintf(buf + o, bufsz - o,
			      "format: 1\nhorizon: %" PRId64 "\n"
			      "scheduler: { on_miss: %s }\nservers:\n",
			      rt_rng_range(g, 30, 300),
			      rt_rng_range(g, 0, 3) ? "continue" : "abort");
	for (size_t i = 0; i < n; i++) {
		int64_t T = rt_rng_range(g, 2, 30);
		int64_t D = rt_rng_range(g, 0, 1) ? T : rt_rng_range(g, 1, T);
		int64_t Q = rt_rng_range(g, 1, D < 6 ? D : D / 2);

		o += (size_t)snprintf(buf + o, bufsz - o,
			"  - { name: S%zu, kind: %s, budget: %" PRId64
			", deadline: %" PRId64 ", period: %" PRId64
			", reclaim: grub }\n", i,
			kinds[one >= 0 ? one : rt_rng_range(g, 0, 2)], Q, D, T);
	}
	o += (size_t)snprintf(buf + o, bufsz - o, "tasks:\n");
	for (size_t i = 0; i < n; i++) {
		size_t m = 1 + (size_t)rt_rng_range(g, 0, 1);

		for (size_t k = 0; k < m; k++, nt++) {
			int64_t T = rt_rng_range(g, 2, 40);
			int64_t C = rt_rng_range(g, 1, 6);

			o += (size_t)snprintf(buf + o, bufsz - o,
				"  - { name: t%zu, C: %" PRId64 ", D: %" PRId64
				", T: %" PRId64 ", offset: %" PRId64 ", server: S%zu",
				nt, C, rt_rng_range(g, 1, 2 * T), T,
				rt_rng_range(g, 0, 10), i);
			switch (rt_rng_range(g, 0, 3)) {
			case 0:
				o += (size_t)snprintf(buf + o, bufsz - o,
					", jitter: %" PRId64,
					rt_rng_range(g, 0, T));
				break;
			case 1:
				o += (size_t)snprintf(buf + o, bufsz - o,
					", arrival: { model: sporadic, "
					"max_delay: %" PRId64 " }",
					rt_rng_range(g, 0, 20));
				break;
			case 2:
				o += (size_t)snprintf(buf + o, bufsz - o,
					", exec: { model: uniform, min: 1, "
					"max: %" PRId64 " }", C);
				break;
			default:
				break;
			}
			o += (size_t)snprintf(buf + o, bufsz - o, " }\n");
		}
	}
	if (rt_rng_range(g, 0, 3) == 0) {
		int64_t T = rt_rng_range(g, 8, 50);

		o += (size_t)snprintf(buf + o, bufsz - o,
				      "  - { name: p, C: %" PRId64 ", T: %"
				      PRId64 " }\n", rt_rng_range(g, 1, T / 4),
				      T);
	}
	return cbs_load_text_n(buf, o);
}

static void test_random_grub_sets_end_conserve_work_and_stay_in_budget(void)
{
	uint64_t seed = 0x64b0b;
	struct rt_rng g;
	unsigned throttled = 0;

	rt_rng_seed(&g, seed);
	for (unsigned it = 0; it < 600; it++) {
		struct scn_scenario *s = grub_random(&g);
		static struct sc_check sc;
		static struct grub_check k;
		struct sc_opts so = { .servers = true };
		struct sim_config c;
		struct sim_engine *e = NULL;
		struct rt_diag d = { "" };
		struct sim_sink sink = { SIM_MASK_ALL, gp_emit, &k };
		struct sim_sink scs = { SIM_MASK_ALL, sc_emit, &sc };
		uint64_t events;

		CU_ASSERT_PTR_NOT_NULL_FATAL(s);
		c = cbs_config(s);
		so.task_server = s->task_server;
		memset(&k, 0, sizeof(k));
		k.c = &c;
		k.running = -1;
		/* a few records per job and per server and instant */
		events = 16 * ((uint64_t)c.horizon + 1) *
			 (c.ntasks + c.nservers + 1);
		k.budget = events;
		sc_init(&sc, &c, &so);
		if (sim_engine_create(&c, &e, &d) != RT_OK ||
		    sim_engine_add_sink(e, &sink) != RT_OK ||
		    sim_engine_add_sink(e, &scs) != RT_OK ||
		    sim_engine_run(e, &d) != RT_OK) {
			gp_fail(&k, d.msg, k.now, 0, 0);
		} else {
			sc_stats(&sc, sim_engine_stats(e));
			if (sim_engine_stats(e)->events > events)
				gp_fail(&k, "more events than the budget "
					"(events, budget)", k.now, (int64_t)
					sim_engine_stats(e)->events,
					(int64_t)events);
			for (size_t i = 0; i < sim_engine_stats(e)->nservers;
			     i++) {
				const struct sim_server_stats *ss =
					&sim_engine_stats(e)->servers[i];

				throttled += ss->budget_exhaustions > 0;
			}
		}
		sim_engine_destroy(e);
		if (k.fails || sc.fails)
			fprintf(stderr, "\nseed %#" PRIx64 " set %u: %s in\n%s",
				seed, it, k.fails ? k.why : sc.why,
				cbs_random_text);
		CU_ASSERT_EQUAL(k.fails, 0);
		CU_ASSERT_EQUAL(sc.fails, 0);
		sc_free(&sc);
		scn_free(s);
	}
	/* the sets exercise the rules (exhaustions happen) */
	CU_ASSERT(throttled > 100);
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
	{ "random GRUB sets end, conserve work, stay in budget (600 sets)",
	  test_random_grub_sets_end_conserve_work_and_stay_in_budget },
	{ "a zero-length event loop stops with an error",
	  test_a_zero_length_loop_stops_with_an_error },
	CU_TEST_INFO_NULL
};
