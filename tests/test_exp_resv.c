/* test_exp_resv.c - experiments over reservations (cbs, linux-dl), the
 * tardiness of a sweep and per-task utilization bounds (drs): the keys,
 * the reservation rules worked out by hand, the kernel's admission
 * against the simulated kernel, the sets written as scenarios, the
 * observed tardiness against its bound, sets within their bounds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/linux_dl.h"
#include "models/mem.h"
#include "render/acc_csv.h"
#include "scenarios/exp.h"
#include "scenarios/scn.h"
#include "sim/batch.h"
#include "tests/exp_util.h"
#include "tests/suites.h"

static const char exp_linux[] =
"format: 1\n"
"name: lx\n"
"platform: {cpus: 1}\n"
"scheduler: {policy: linux-dl}\n"
"time_unit: ms\n"
"generator:\n"
"  tasks: 5\n"
"  method: randfixedsum\n"
"  periods: {dist: log-uniform, min: 10, max: 40, granularity: 1}\n"
"  deadlines: {model: constrained, min: 0.5, max: 1.0}\n"
"utilization: {from: 0.72, to: 1.0, step: 0.07}\n"
"sets: 12\n"
"max_jobs: 400\n"
"seed: 7\n";

/* The keys: the default kernel, the time unit (periods in ns), the
 * least C; what SCHED_DEADLINE or the model refuses, at its position. */
static void test_resv_linux_keys(void)
{
	struct rt_diag d = { "" };
	struct rt_exp *x = exp_load(exp_linux, &d);

	if (!x)
		printf("\n  %s\n", d.msg);
	CU_ASSERT_FATAL(x != NULL);
	CU_ASSERT_STRING_EQUAL(x->kernel, RT_DL_KERNEL_DEFAULT);
	CU_ASSERT_STRING_EQUAL(x->time_unit, "ms");
	CU_ASSERT(x->unit == 1000000 && x->gen.pmin == 10000000 &&
		  x->gen.pmax == 40000000 && x->gen.granularity == 1000000);
	CU_ASSERT(x->gen.cmin == RT_DL_RUNTIME_MIN);
	CU_ASSERT(x->resv_deadline == RT_EXP_RESV_DL_TASK);
	/* the tests of linux-dl: the EDF tests of its root domain, linux */
	CU_ASSERT(x->ntests == 5);
	CU_ASSERT_STRING_EQUAL(x->tests[4]->name, "linux");
	rt_exp_free(x);
	exp_expect_error(exp_linux, "time_unit: ms\n", "",
		    "time_unit: policy linux-dl needs a physical unit");
	exp_expect_error(exp_linux, "scheduler: {policy: linux-dl}",
		    "scheduler: {policy: linux-dl}\nreservation: "
		    "{period_divisor: 2}",
		    "exp.yaml:5:31: reservation.period_divisor: 2; a linux-dl "
		    "task is its own reservation");
	exp_expect_error(exp_linux, "scheduler: {policy: linux-dl}",
		    "scheduler: {policy: linux-dl}\nreservation: {kind: cbs}",
		    "reservation.kind: only with policy cbs");
	exp_expect_error(exp_linux, "scheduler: {policy: linux-dl}",
		    "scheduler: {policy: linux-dl}\nreservation: "
		    "{deadline: period}", "reservation.deadline: period;");
	exp_expect_error(exp_linux, "{policy: linux-dl}", "{policy: linux-dl, kernel: \"5.4\"}",
		    "scheduler.kernel: \"5.4\"; expected one of: 6.6, 6.12");
	exp_expect_error(exp_linux, "{policy: linux-dl}", "{policy: edf, kernel: \"6.6\"}",
		    "scheduler.kernel: only with policy linux-dl");
	exp_expect_error(exp_linux, "min: 10, max: 40", "min: 1, max: 40000",
		    "generator.periods: 1000000..40000000000 ns; "
		    "__checkparam_dl needs periods within");
	exp_expect_error(exp_linux, "model: constrained, min: 0.5, max: 1.0",
		    "model: arbitrary", "generator.deadlines: arbitrary");
	exp_expect_error(exp_linux, "time_unit: ms", "time_unit: hours",
		    "exp.yaml:5:12: time_unit: \"hours\"; expected tick, ns");
	exp_expect_error(exp_linux, "platform: {cpus: 1}\nscheduler: {policy: linux-dl}",
		    "platform: {cpus: 2}\nscheduler: {policy: linux-dl, "
		    "placement: partitioned}", "scheduler.placement: policy "
		    "linux-dl runs one root domain of all CPUs here");
}

/* The reservation rules, by hand (models/exp.h):
 *   cbs, factor 1, divisor 2, deadline task: C 4, D 8, T 10 ->
 *     T_s = 5, D_s = min(5, 8/2) = 4, Q = ceil(4/2) = 2;
 *   cbs, factor 3, deadline period: C 4, T 10 -> Q = 12 capped at 10;
 *   linux-dl, factor 0.5: C 1500 ns -> Q = max(750, 1024) = 1024;
 *   linux-dl, factor 2: C 600 us, D 1 ms -> Q = 1 ms (capped at D). */
static void test_resv_rules(void)
{
	struct rt_diag d = { "" };
	struct rt_exp *x = exp_load(exp_linux, &d), v;
	struct rt_task t, r;

	CU_ASSERT_FATAL(x != NULL);
	v = *x;
	v.gen.ntasks = 1;
	v.policy = (char *)"cbs";
	v.model = RT_AN_CBS;
	v.period_divisor = 2;
	v.budget_factor = 1;
	v.resv_deadline = RT_EXP_RESV_DL_TASK;
	t = rt_task_make(NULL, 4, 8, 10);
	rt_exp_reservations(&v, &t, &r);
	CU_ASSERT(r.wcet == 2 && r.deadline == 4 && r.period == 5);
	v.period_divisor = 1;
	v.budget_factor = 3;
	v.resv_deadline = RT_EXP_RESV_DL_PERIOD;
	rt_exp_reservations(&v, &t, &r);
	CU_ASSERT(r.wcet == 10 && r.deadline == 10 && r.period == 10);
	v.policy = x->policy;           /* linux-dl */
	v.model = x->model;
	v.resv_deadline = RT_EXP_RESV_DL_TASK;
	v.budget_factor = 0.5;
	t = rt_task_make(NULL, 1500, 200000, 200000);
	rt_exp_reservations(&v, &t, &r);
	CU_ASSERT(r.wcet == 1024 && r.deadline == 200000 && r.period == 200000);
	v.budget_factor = 2;
	t = rt_task_make(NULL, 600000, 1000000, 2000000);
	rt_exp_reservations(&v, &t, &r);
	CU_ASSERT(r.wcet == 1000000 && r.deadline == 1000000 &&
		  r.period == 2000000);
	rt_exp_free(x);
}

/* linux-dl: the kernel's admission ('linux', with the profile's fair
 * servers) accepts exactly the sets the simulated kernel admits whole,
 * at every point, under both profiles; 6.12's fair servers refuse more;
 * no contradiction; the EDF tests of the reservations never accept a set
 * the kernel then misses (budget factor 1: every task guaranteed). */
static void test_resv_linux_admission(void)
{
	const char *kernels[] = { "{policy: linux-dl, kernel: \"6.6\"}",
				  "{policy: linux-dl}" };
	uint64_t refused[2] = { 0, 0 };

	for (int k = 0; k < 2; k++) {
		char *text = exp_variant(exp_linux, "{policy: linux-dl}", kernels[k]);
		struct rt_diag d = { "" };
		struct rt_exp *x = exp_load(text, &d);
		struct rt_exp_counts c[5];
		bool have[5] = { false };
		unsigned contra = 0;

		CU_ASSERT_FATAL(x != NULL && x->npoints == 5);
		memset(c, 0, sizeof(c));
		exp_run(x, 2, 1, 1, c, have, &contra);
		CU_ASSERT(contra == 0);
		for (size_t p = 0; p < 5; p++) {
			CU_ASSERT(have[p] && c[p].sets == 12);
			CU_ASSERT(c[p].accepted[4] == c[p].sets - c[p].refused);
			for (size_t i = 1; i < 4; i++)  /* density pdc qpa */
				CU_ASSERT(c[p].accepted[i] <=
					  c[p].sets - c[p].missed +
					  c[p].refused);
			refused[k] += c[p].refused;
		}
		CU_ASSERT(c[4].refused > 0);    /* U near 1 passes no cap */
		rt_exp_free(x);
		free(text);
	}
	/* U in [0.895, 0.965): under the 0.95 cap, over the 0.90 left by
	 * 6.12's fair servers */
	CU_ASSERT(refused[1] > refused[0]);
}

/* Every set of a linux-dl experiment, written as a scenario, loads (the
 * kernel's __checkparam_dl at load time): runtime >= 1024 ns, runtime
 * <= deadline <= period, periods in range; with a budget factor below 1
 * its jobs demand the drawn C through an execution list. */
static void test_resv_linux_sets_load(void)
{
	char *text = exp_variant(exp_linux, "scheduler: {policy: linux-dl}",
				   "scheduler: {policy: linux-dl}\n"
				   "reservation: {budget_factor: 0.6}");
	struct rt_diag d = { "" };
	struct rt_exp *x = exp_load(text, &d);
	struct sim_exp_ws ws;
	size_t listed = 0;

	CU_ASSERT_FATAL(x != NULL && sim_exp_ws_init(&ws, x) == RT_OK);
	for (size_t p = 0; p < x->npoints; p++) {
		for (uint64_t s = 0; s < 6; s++) {
			struct scn_scenario *sc = NULL;
			unsigned rd;
			char *yaml = NULL;
			size_t len;

			CU_ASSERT_FATAL(sim_exp_draw(x, p, s, &ws, &rd, &d) ==
					RT_OK);
			CU_ASSERT_FATAL(scn_exp_scenario(x, p, s, ws.ts, &yaml,
							 &len, &d) == RT_OK);
			if (scn_load_data((const uint8_t *)yaml, len, "s.yaml",
					  &sc, &d) != RT_OK)
				printf("\n  %s\n%s", d.msg, yaml);
			CU_ASSERT_FATAL(sc != NULL);
			CU_ASSERT_STRING_EQUAL(sc->sched.policy, "linux-dl");
			for (size_t i = 0; i < sc->ntasks; i++) {
				const struct rt_task *t = &sc->tasks[i];

				CU_ASSERT(rt_dl_checkparam(NULL, t->wcet,
							   t->deadline,
							   t->period, 1, "ns",
							   &d) == RT_OK);
				CU_ASSERT(t->deadline == ws.ts[i].deadline &&
					  t->period == ws.ts[i].period);
				if (t->exec == RT_EXEC_LIST) {
					CU_ASSERT(t->exec_values[0] ==
						  ws.ts[i].wcet);
					listed++;
				}
			}
			scn_free(sc);
			rt_free(yaml);
		}
	}
	CU_ASSERT(listed > 0);
	sim_exp_ws_fini(&ws);
	rt_exp_free(x);
	free(text);
}

/* cbs over servers with the task's deadline: with budget factor 1 every
 * task is guaranteed by its server, so no sufficient or exact test of the
 * servers accepts a set the simulation misses; with a divisor the tests
 * still speak only for the servers (no contradiction either). */
static void test_resv_cbs_sound(void)
{
	static const char text[] =
		"format: 1\nname: c\nscheduler: {policy: cbs}\n"
		"reservation: {kind: %s, budget_factor: %s, period_divisor: %s, "
		"deadline: task}\n"
		"generator: {tasks: 5, method: randfixedsum, periods: {dist: "
		"log-uniform, min: 10, max: 60}, deadlines: {model: "
		"constrained, min: 0.5, max: 1}}\n"
		"utilization: {from: 0.6, to: 1.0, step: 0.1}\nsets: 15\n"
		"max_jobs: 3000\nseed: 4\n";
	const char *cases[][3] = {
		{ "hard-cbs", "1", "1" }, { "cbs", "1", "1" },
		{ "revised-cbs", "1.2", "1" }, { "hard-cbs", "1.5", "2" },
	};

	for (size_t k = 0; k < 4; k++) {
		char buf[1024];
		struct rt_diag d = { "" };
		struct rt_exp *x;
		struct rt_exp_counts c[5];
		bool have[5] = { false };
		unsigned contra = 0;

		snprintf(buf, sizeof(buf), text, cases[k][0], cases[k][1],
			 cases[k][2]);
		x = exp_load(buf, &d);
		if (!x)
			printf("\n  %s\n", d.msg);
		CU_ASSERT_FATAL(x != NULL && x->npoints == 5);
		memset(c, 0, sizeof(c));
		exp_run(x, 2, 1, 1, c, have, &contra);
		CU_ASSERT(contra == 0);
		for (size_t p = 0; p < 5; p++) {
			CU_ASSERT(c[p].contradictions == 0);
			if (k < 2)      /* qpa (exact on the servers) */
				CU_ASSERT(c[p].accepted[3] <=
					  c[p].sets - c[p].missed);
		}
		CU_ASSERT(c[4].missed > 0);
		rt_exp_free(x);
	}
}

static const char exp_tard[] =
"format: 1\nname: t\nplatform: {cpus: 1}\n"
"generator: {tasks: 6, method: uunifast-discard, periods: {dist: "
"log-uniform, min: 10, max: 500}, deadlines: {model: constrained, min: "
"0.3, max: 1}}\n"
"utilization: {from: 0.8, to: 1.0, step: 0.1}\nsets: 30\n"
"tardiness: true\nseed: 11\n";

/* One CPU, EDF, synchronous periodic over the busy period: the largest
 * tardiness simulated is the exact bound Delta = max(0, max dbf(t) - t)
 * for every set with U <= 1 (theory.md §D.3), which are exactly the
 * bounded sets; sets with U > 1 have none. */
static void test_tard_uni_exact(void)
{
	struct rt_diag d = { "" };
	struct rt_exp *x = exp_load(exp_tard, &d);
	struct sim_exp_ws ws;
	size_t bounded = 0, late = 0;

	CU_ASSERT_FATAL(x != NULL && x->tardiness);
	CU_ASSERT_FATAL(sim_exp_ws_init(&ws, x) == RT_OK);
	for (size_t p = 0; p < x->npoints; p++) {
		for (uint64_t s = 0; s < x->sets; s++) {
			struct sim_exp_item it;
			int cmp;

			CU_ASSERT_FATAL(sim_exp_item(x, p, s, &ws, &it, &d) ==
					RT_OK);
			CU_ASSERT_FATAL(rt_gen_util_cmp(ws.ts, x->gen.ntasks, 1,
							1, &cmp) == RT_OK);
			CU_ASSERT(it.bounded == (cmp <= 0));
			CU_ASSERT(!it.contradiction);
			if (!it.bounded)
				continue;
			bounded++;
			late += it.bound > 0;
			if (it.tard_obs != it.bound)
				printf("\n  %zu:%llu observed %lld bound %lld\n",
				       p, (unsigned long long)s,
				       (long long)it.tard_obs,
				       (long long)it.bound);
			CU_ASSERT(it.tard_obs == it.bound);
			CU_ASSERT(it.missed == (it.bound > 0));
		}
	}
	CU_ASSERT(bounded > 30 && late > 5);
	sim_exp_ws_fini(&ws);
	rt_exp_free(x);
}

/* Global EDF (m = 3) and partitioned: the observed tardiness never
 * exceeds the bound (a contradiction otherwise), points count the bounded
 * sets, and the CSV has the tardiness columns only when asked for;
 * merging two shards keeps the largest maxima. */
static void test_tard_multi_and_csv(void)
{
	static const char glob[] =
		"format: 1\nname: g\nplatform: {cpus: 3}\n"
		"generator: {tasks: 7, method: randfixedsum, periods: {dist: "
		"uniform, min: 10, max: 60, granularity: 5}, deadlines: {model: "
		"implicit}}\n"
		"utilization: {from: 1.5, to: 2.5, step: 0.5}\nsets: 12\n"
		"max_jobs: 3000\ntardiness: true\nseed: 5\n";
	struct rt_diag d = { "" };
	struct rt_exp *x = exp_load(glob, &d);
	struct rt_exp_counts c[3], s1[3], s2[3];
	bool have[3] = { false }, h1[3] = { false }, h2[3] = { false };
	struct render_acc *t = NULL, *a = NULL, *b = NULL, *m = NULL, *two[2];
	unsigned contra = 0;
	uint64_t tardy = 0;

	if (!x)
		printf("\n  %s\n", d.msg);
	CU_ASSERT_FATAL(x != NULL);
	memset(c, 0, sizeof(c));
	exp_run(x, 2, 1, 1, c, have, &contra);
	CU_ASSERT(contra == 0);
	for (size_t p = 0; p < 3; p++) {
		CU_ASSERT(c[p].tard_sets > 0 && c[p].tard_sets <= c[p].sets);
		CU_ASSERT(c[p].max_tard <= c[p].max_bound);
		tardy += c[p].max_tard > 0;
	}
	CU_ASSERT(tardy > 0);
	CU_ASSERT_FATAL(render_acc_from_exp(x, c, have, &t, &d) == RT_OK);
	CU_ASSERT(t->ncols == 3 + 8 + 6 + 3);
	CU_ASSERT_STRING_EQUAL(t->names[t->ncols - 3], "tardiness_sets");
	CU_ASSERT_STRING_EQUAL(t->names[t->ncols - 1], "max_tardiness_bound");
	CU_ASSERT(t->rows[2].v[t->ncols - 4] == (uint64_t)c[2].max_tard);
	/* two shards merged: counts add, maxima are the larger */
	memset(s1, 0, sizeof(s1));
	memset(s2, 0, sizeof(s2));
	exp_run(x, 1, 1, 2, s1, h1, NULL);
	exp_run(x, 1, 2, 2, s2, h2, NULL);
	CU_ASSERT_FATAL(render_acc_from_exp(x, s1, h1, &a, &d) == RT_OK);
	CU_ASSERT_FATAL(render_acc_from_exp(x, s2, h2, &b, &d) == RT_OK);
	two[0] = a;
	two[1] = b;
	CU_ASSERT_FATAL(render_acc_merge(two, 2, &m, &d) == RT_OK);
	CU_ASSERT(m->nrows == t->nrows);
	for (size_t r = 0; r < m->nrows; r++)
		CU_ASSERT(memcmp(m->rows[r].v, t->rows[r].v,
				 sizeof(uint64_t) * (t->ncols - 2)) == 0);
	render_acc_free(a);
	render_acc_free(b);
	render_acc_free(m);
	render_acc_free(t);
	t = NULL;
	x->tardiness = false;   /* not asked for: the columns of before */
	CU_ASSERT_FATAL(render_acc_from_exp(x, c, have, &t, &d) == RT_OK);
	CU_ASSERT(t->ncols == 3 + 8 + 6);
	render_acc_free(t);
	rt_exp_free(x);
	/* tardiness needs a simulation and a policy with bounds */
	x = exp_load("format: 1\ngenerator: {tasks: 2, method: uunifast, "
		     "periods: {dist: uniform, min: 10, max: 20}, deadlines: "
		     "{model: implicit}}\nutilization: {from: 0.5, to: 0.5, "
		     "step: 0.1}\nsets: 1\nsimulate: false\ntardiness: true\n",
		     &d);
	CU_ASSERT(x == NULL && strstr(d.msg, "exp.yaml:6:12: tardiness: "
				      "needs simulate: true"));
}

/* method: drs with per-task bounds: every drawn set keeps each task's
 * utilization (before C is rounded up) within them and lands in its bin;
 * the keys' errors name the field. */
static void test_exp_drs(void)
{
	static const char text[] =
		"format: 1\nname: b\nplatform: {cpus: 2}\n"
		"generator: {tasks: 4, method: drs, lower: 0.05, upper: [0.9, "
		"0.8, 0.3, 0.2], periods: {dist: log-uniform, min: 100, max: "
		"10000}, deadlines: {model: implicit}}\n"
		"utilization: {from: 0.5, to: 2.0, step: 0.25}\nsets: 20\n"
		"max_jobs: 3000\nseed: 3\n";
	static const struct { const char *from, *to, *msg; } bad[] = {
		{ "upper: [0.9, 0.8, 0.3, 0.2]", "upper: [0.9, 0.8]",
		  "exp.yaml:4:56: generator.upper: expected a number, or a list "
		  "of 4 numbers" },
		{ "method: drs", "method: randfixedsum",
		  "generator.lower: per-task bounds need method: drs" },
		{ "to: 2.0", "to: 2.5", "utilization 2.5 is outside [sum of "
		  "lower bounds, sum of upper bounds] = [0.2, 2.2]" },
		{ "lower: 0.05", "lower: 1.5", "generator.lower: 1.5; expected "
		  "0 .. 1" },
	};
	struct rt_diag d = { "" };
	struct rt_exp *x = exp_load(text, &d);
	struct sim_exp_ws ws;
	struct rt_exp_counts c[7];
	bool have[7] = { false };
	unsigned contra = 0;

	if (!x)
		printf("\n  %s\n", d.msg);
	CU_ASSERT_FATAL(x != NULL && x->gen.method == RT_GEN_DRS);
	CU_ASSERT(x->gen.lower[3] == 0.05 && x->gen.upper[1] == 0.8);
	CU_ASSERT_FATAL(sim_exp_ws_init(&ws, x) == RT_OK);
	for (size_t p = 0; p < x->npoints; p++)
		for (uint64_t s = 0; s < 5; s++) {
			unsigned rd;

			CU_ASSERT_FATAL(sim_exp_draw(x, p, s, &ws, &rd, &d) ==
					RT_OK);
			for (size_t i = 0; i < 4; i++) {
				double u = (double)ws.ts[i].wcet /
					   (double)ws.ts[i].period;

				/* C = ceil(u T) adds less than 1 / T */
				CU_ASSERT(u >= x->gen.lower[i] - 1e-12 &&
					  u < x->gen.upper[i] + 1.0 /
					  (double)ws.ts[i].period + 1e-12);
			}
		}
	sim_exp_ws_fini(&ws);
	memset(c, 0, sizeof(c));
	exp_run(x, 2, 1, 1, c, have, &contra);
	CU_ASSERT(contra == 0 && have[6] && c[6].sets == 20);
	rt_exp_free(x);
	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++)
		exp_expect_error(text, bad[k].from, bad[k].to, bad[k].msg);
}

/*
 * exp_covered under cbs: the reservations (budget_factor 0.7, deadline:
 * task) of t0 (C 4, D 4, T 5) and t1 (C 2, D 5, T 5) are S0 (Q 3 =
 * ceil(2.8), D_s 4, T_s 5) and S1 (2, 5, 5).  qpa accepts them as
 * sporadic tasks: dbf(4) = 3, dbf(5) = 5, dbf(9) = 8, dbf(10) = 10,
 * U = 1.  t1 fits its budget (covered before).  Simulated (kind cbs):
 *   [0, 3)  t0.0 on S0 (d 4); out of budget at 3: q 3, d 9
 *   [3, 5)  t1.0 on S1 (d 5); out of budget as it ends: q 2, d 10
 *   [5, 6)  t0.0 (d 9 < 10), done at 6 (late by 2)
 *   6       t0.1 (released 5) wakes S0: q 2 >= (9 - 6) 3/5 = 1.8, so a
 *           fresh q 3 and d 6 + 4 = 10 (the domino effect: S0 owes
 *           3 + 1 + 3 = 7 by 10 where (3, 4, 5) owes 6)
 *   [6, 9)  t0.1 (d 10, the tie with S1 to S0), [9, 11) t1.1: S1's
 *           deadline 10 is missed by 1, and t1.1's
 * (by 10 the servers owe 7 + 4 = 11 > 10: a deadline <= 10 is missed
 * whichever wins the tie).  Before, the server miss and the covered t1
 * were a contradiction against qpa's accept; now S0 is not sporadic
 * (rt_cbs_server_sporadic: cbs, D_s < T_s, demand 4 > Q), so nothing in
 * its domain is covered.  With t0's D = 5 (S0 (3, 5, 5), isolated) t1 is
 * covered and nothing it covers is missed (t0 is late, S0 and S1 never).
 */
static void test_resv_cbs_domino_not_covered(void)
{
	static const char text[] =
		"format: 1\nname: c\nscheduler: {policy: cbs}\n"
		"reservation: {kind: cbs, budget_factor: 0.7, deadline: task}\n"
		"generator: {tasks: 2, method: randfixedsum, periods: {dist: "
		"log-uniform, min: 4, max: 20}, deadlines: {model: "
		"constrained, min: 0.5, max: 1}}\n"
		"utilization: {from: 0.9, to: 0.9, step: 0.1}\nsets: 1\n"
		"max_jobs: 3000\nseed: 1\n";
	struct rt_diag d = { "" };
	struct rt_exp *x = exp_load(text, &d);
	struct sim_exp_ws ws;
	struct rt_exp v;

	CU_ASSERT_FATAL(x != NULL && sim_exp_ws_init(&ws, x) == RT_OK);
	rt_exp_at(x, 0, &v);
	CU_ASSERT_FATAL(v.gen.ntasks == 2);
	for (int k = 0; k < 2; k++) {
		struct sim_exp_item it;

		ws.ts[0] = rt_task_make("t0", 4, k ? 5 : 4, 5);
		ws.ts[1] = rt_task_make("t1", 2, 5, 5);
		rt_exp_reservations(&v, ws.ts, ws.rs);
		CU_ASSERT(ws.rs[0].wcet == 3 && ws.rs[1].wcet == 2);
		memset(&it, 0, sizeof(it));
		CU_ASSERT_FATAL(sim_exp_simulate(&v, &ws, &it, &d) == RT_OK);
		CU_ASSERT(it.missed);
		CU_ASSERT(!it.covered_missed);
		CU_ASSERT(ws.dom_ok[0] == (k == 1) && ws.dom_ok[1] == (k == 1));
		CU_ASSERT(!ws.covered[0]);
		CU_ASSERT(ws.covered[1] == (k == 1));
	}
	sim_exp_ws_fini(&ws);
	rt_exp_free(x);
}

CU_TestInfo exp_resv_tests[] = {
	{ "drs: per-task bounds kept, keys checked", test_exp_drs },
	{ "linux-dl experiment keys and what the kernel refuses",
	  test_resv_linux_keys },
	{ "reservation budget, deadline and period rules by hand",
	  test_resv_rules },
	{ "linux = the sets the simulated kernel admits, both profiles",
	  test_resv_linux_admission },
	{ "every linux-dl set written out passes __checkparam_dl",
	  test_resv_linux_sets_load },
	{ "cbs: tests of the servers never accept a missed guaranteed set",
	  test_resv_cbs_sound },
	{ "cbs: a server with the domino effect covers nothing in its "
	  "domain", test_resv_cbs_domino_not_covered },
	{ "one CPU: observed max tardiness = exact bound, set by set",
	  test_tard_uni_exact },
	{ "global: observed tardiness <= bound; columns only when asked; "
	  "merge keeps maxima", test_tard_multi_and_csv },
	CU_TEST_INFO_NULL
};
