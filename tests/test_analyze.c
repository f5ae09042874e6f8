/* test_analyze.c - `dlsim analyze` end to end through include/dlsim.h on
 * inline scenarios: fp-rta with release jitter (its own extension, D and
 * J, ranked by D as the simulator ranks); cbs partitioned, where the
 * servers are packed (what occupies a CPU); the observed tardiness over
 * the tasks the bound covers; run-time admission under fp decides as
 * analyze's fp-rta (random sets, jitter above the period included). */
#include <dlsim.h>

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/rng.h"
#include "tests/suites.h"

/* Analyse 'yaml'; the caller frees *an, *sc and the handle. */
static struct dlsim_analysis *an_run(const char *yaml, struct dlsim **db,
				     struct dlsim_scenario **sc)
{
	struct dlsim_analysis *an = NULL;

	*db = NULL;
	*sc = NULL;
	CU_ASSERT_EQUAL_FATAL(dlsim_open(db), DLSIM_OK);
	if (dlsim_scenario_load_string(*db, yaml, strlen(yaml), "t.yaml",
				       sc) != DLSIM_OK)
		fprintf(stderr, "\n  %s\n", dlsim_errmsg(*db));
	CU_ASSERT_PTR_NOT_NULL_FATAL(*sc);
	CU_ASSERT_EQUAL_FATAL(dlsim_analyze(*db, *sc, NULL, &an), DLSIM_OK);
	return an;
}

static void an_free(struct dlsim *db, struct dlsim_scenario *sc,
		    struct dlsim_analysis *an)
{
	dlsim_analysis_free(an);
	dlsim_scenario_free(sc);
	dlsim_close(db);
}

/* The verdict of test 'name', or NULL. */
static const char *an_verdict(const struct dlsim_analysis *an,
			      const char *name)
{
	for (size_t i = 0; i < dlsim_analysis_ntests(an); i++)
		if (!strcmp(dlsim_analysis_test_name(an, i), name))
			return dlsim_analysis_test_verdict(an, i);
	return NULL;
}

/* The report of 'an' in 'fmt' (0: text, DLSIM_JSON) holds 'needle'. */
static void an_report_has(struct dlsim *db, struct dlsim_analysis *an,
			  unsigned fmt, const char *needle)
{
	char *text = NULL;
	size_t len = 0;

	CU_ASSERT_EQUAL_FATAL(dlsim_analysis_text(db, an, fmt, &text, &len),
			      DLSIM_OK);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, needle));
	if (!strstr(text, needle))
		fprintf(stderr, "\n  [no \"%s\" in:]\n%s\n", needle, text);
	dlsim_free(text);
}

#define FP_HEAD "format: 1\nname: j\ntime_unit: tick\nhorizon: 400\n" \
		"scheduler: { policy: fp, priorities: deadline-monotonic }\n" \
		"tasks:\n"

/*
 * fp-rta was n/a under release jitter though it has the extension
 * (docs/theory.md §E.8, FP).  The vectors of tests/test_fp.c through
 * analyze: accepted (R_a = 3, R_b = 4, bound 0); rejected where ignoring
 * the jitter accepts (R_b = 7 > 6), the simulation confirming it with b
 * released as a's delayed job; rejected by the order by D (R_a = 6 > 5)
 * which the order by D - J would accept.
 */
static void test_analyze_fp_rta_jitter(void)
{
	static const char ok[] = FP_HEAD
		"  - { name: a, C: 1, D: 4, T: 4, jitter: 2 }\n"
		"  - { name: b, C: 2, D: 10, T: 10 }\n";
	static const char hit[] = FP_HEAD
		"  - { name: a, C: 2, D: 5, T: 5, jitter: 2 }\n"
		"  - { name: b, C: 3, D: 6, T: 20, offset: 2 }\n";
	static const char ord[] = FP_HEAD
		"  - { name: a, C: 1, D: 5, T: 10, jitter: 4 }\n"
		"  - { name: b, C: 1, D: 3, T: 10, offset: 4 }\n";
	struct dlsim *db;
	struct dlsim_scenario *sc;
	struct dlsim_analysis *an;

	an = an_run(ok, &db, &sc);
	CU_ASSERT_STRING_EQUAL(an_verdict(an, "fp-rta"), "accept");
	CU_ASSERT_STRING_EQUAL(dlsim_analysis_bound_source(an), "upper");
	CU_ASSERT_EQUAL(dlsim_analysis_bound(an), 0);
	CU_ASSERT_EQUAL(dlsim_sim_misses(dlsim_analysis_sim(an)), 0);
	CU_ASSERT_EQUAL(dlsim_analysis_ncontradictions(an), 0);
	an_free(db, sc, an);

	an = an_run(hit, &db, &sc);
	CU_ASSERT_STRING_EQUAL(an_verdict(an, "fp-rta"), "reject");
	CU_ASSERT_EQUAL(dlsim_analysis_bound(an), 1);
	CU_ASSERT(dlsim_sim_misses(dlsim_analysis_sim(an)) > 0);
	CU_ASSERT_EQUAL(dlsim_analysis_ncontradictions(an), 0);
	an_free(db, sc, an);

	an = an_run(ord, &db, &sc);
	CU_ASSERT_STRING_EQUAL(an_verdict(an, "fp-rta"), "reject");
	CU_ASSERT(dlsim_sim_misses(dlsim_analysis_sim(an)) > 0);
	CU_ASSERT_EQUAL(dlsim_analysis_ncontradictions(an), 0);
	an_free(db, sc, an);
}

#define CBS_HEAD "format: 1\nname: p\ntime_unit: tick\nhorizon: 120\n" \
	"platform: { cpus: 2 }\n" \
	"scheduler: { policy: cbs, placement: partitioned, " \
	"partitioning: first-fit }\n" \
	"servers:\n" \
	"  - { name: S1, kind: hard-cbs, budget: 6, period: 10 }\n" \
	"  - { name: S2, kind: hard-cbs, budget: 6, period: 10 }\n"

/*
 * cbs, partitioned: the loader packed the tasks by their own C (A, B
 * and P, 0.1 + 0.1 + 0.3, all on CPU 0) and the engine ran each server
 * where its task was (S1 + S2 + P = 1.5 on CPU 0: misses), while
 * analyze's partitioned-first-fit packed the servers (CPU 0: S1 P,
 * CPU 1: S2) and accepted.  Now the servers are packed, in analyze's
 * order: no miss, no contradiction; and a server that fits nowhere is
 * a load error naming it.
 */
static void test_analyze_cbs_partitioned_packs_servers(void)
{
	static const char fits[] = CBS_HEAD
		"tasks:\n"
		"  - { name: A, C: 1, T: 10, server: S1, "
		"exec: { model: list, values: [6] } }\n"
		"  - { name: B, C: 1, T: 10, server: S2, "
		"exec: { model: list, values: [6] } }\n"
		"  - { name: P, C: 3, T: 10 }\n";
	static const char over[] = CBS_HEAD
		"  - { name: S3, kind: hard-cbs, budget: 6, period: 10 }\n"
		"tasks:\n"
		"  - { name: A, C: 1, T: 10, server: S1 }\n"
		"  - { name: B, C: 1, T: 10, server: S2 }\n"
		"  - { name: C, C: 1, T: 10, server: S3 }\n";
	struct dlsim *db;
	struct dlsim_scenario *sc = NULL;
	struct dlsim_analysis *an;

	an = an_run(fits, &db, &sc);
	CU_ASSERT_STRING_EQUAL(an_verdict(an, "partitioned-first-fit"),
			       "accept");
	CU_ASSERT_EQUAL(dlsim_sim_misses(dlsim_analysis_sim(an)), 0);
	CU_ASSERT_EQUAL(dlsim_analysis_ncontradictions(an), 0);
	an_free(db, sc, an);

	sc = NULL;
	CU_ASSERT_EQUAL_FATAL(dlsim_open(&db), DLSIM_OK);
	CU_ASSERT_NOT_EQUAL(dlsim_scenario_load_string(db, over, strlen(over),
						       "p.yaml", &sc), DLSIM_OK);
	CU_ASSERT_PTR_NULL(sc);
	CU_ASSERT_PTR_NOT_NULL(strstr(dlsim_errmsg(db), "servers[2]: server "
				      "S3 fits on no CPU"));
	dlsim_close(db);
}

/*
 * The overall observed tardiness was every task's and sat beside a bound
 * that speaks only for some: A overruns its server (demand 10, C 2), has
 * no bound and is 15 late, B is guaranteed (bound 0, never late); analyze
 * printed "upper bound 0 ..., observed 15".  Now "observed" is over the
 * bounded tasks and "observed_all" (JSON; text "all tasks:") over all.
 */
static void test_analyze_observed_over_bounded_tasks(void)
{
	static const char yaml[] =
		"format: 1\nname: o\ntime_unit: tick\nhorizon: 24\n"
		"servers:\n"
		"  - { name: SA, kind: cbs, budget: 2, period: 4 }\n"
		"  - { name: SB, kind: cbs, budget: 3, period: 6 }\n"
		"tasks:\n"
		"  - { name: A, C: 2, D: 4, T: 100, server: SA, "
		"exec: { model: list, values: [10] } }\n"
		"  - { name: B, C: 3, D: 6, T: 6, server: SB }\n";
	struct dlsim *db;
	struct dlsim_scenario *sc;
	struct dlsim_analysis *an = an_run(yaml, &db, &sc);

	CU_ASSERT_EQUAL(dlsim_analysis_bound(an), 0);
	CU_ASSERT_EQUAL(dlsim_sim_max_tardiness(dlsim_analysis_sim(an)), 15);
	an_report_has(db, an, DLSIM_JSON, "\"bound_source\": \"upper\", "
		      "\"observed\": 0, \"observed_all\": 15,");
	an_report_has(db, an, 0, "observed 0 over the bounded tasks (all "
		      "tasks: 15)");
	an_free(db, sc, an);
}

/*
 * The blocking-aware tests count one blocking per job: a job that
 * suspends can be blocked again at each wake-up, and a holder that
 * suspends inside its section (the engine keeps the lock) blocks for its
 * suspension.  L holds R over [1, 4) of its demand and suspends at 2 for
 * 10 with R held: H, released at 2, blocks on R until 14 and misses its
 * deadline 10.  fp-rta-blocking accepted it (B_H = 3 on the
 * suspension-oblivious set); it is n/a now, with no contradiction, and
 * edf-srp likewise.
 */
static void test_analyze_blocking_na_with_suspension(void)
{
	static const char *const pol[] = { "fp, protocol: pip",
					   "edf, protocol: srp" };
	static const char *const name[] = { "fp-rta-blocking", "edf-srp" };

	for (size_t k = 0; k < 2; k++) {
		char yaml[640];
		struct dlsim *db;
		struct dlsim_scenario *sc;
		struct dlsim_analysis *an;

		snprintf(yaml, sizeof(yaml),
			 "format: 1\nname: s\nhorizon: 40\n"
			 "scheduler: { policy: %s }\n"
			 "resources: [{ name: R }]\ntasks:\n"
			 "  - { name: H, C: 3, D: 8, T: 20, offset: 2, "
			 "sections: [{ resource: R, after: 1, for: 1 }] }\n"
			 "  - { name: L, C: 5, D: 40, T: 40, "
			 "sections: [{ resource: R, after: 1, for: 3 }], "
			 "suspend: [{ after: 2, for: 10 }] }\n", pol[k]);
		an = an_run(yaml, &db, &sc);
		CU_ASSERT_STRING_EQUAL(an_verdict(an, name[k]), "n/a");
		CU_ASSERT(dlsim_sim_misses(dlsim_analysis_sim(an)) > 0);
		CU_ASSERT_EQUAL(dlsim_analysis_ncontradictions(an), 0);
		an_report_has(db, an, 0, "self-suspension: blocking terms "
			      "assume tasks");
		an_free(db, sc, an);
	}
}

/*
 * edf-srp with release jitter: SRP's preemption levels rank jobs by D,
 * but a job released late by its jitter has a shorter window.  B (C 3,
 * D 16, T 18, J 13) is released at 13 and due at 16; A (C 2, D 7, T 6)
 * started at 12 and holds nothing B needs, yet B's level (D 16) is below
 * A's (D 7), so B waits until 14 and ends at 17.  edf-srp accepted the
 * set over D - J = 3 (a random scenario found it); it is n/a now, with no
 * contradiction.  Without the jitter (D 3 written as D) it still
 * decides.  fp-rta-blocking keeps its jitter extension (fixed levels).
 */
static void test_analyze_edf_srp_na_with_jitter(void)
{
	static const char *const bj[] = { "D: 16, T: 18, jitter: 13",
					   "D: 3, T: 18" };

	for (size_t k = 0; k < 2; k++) {
		char yaml[640];
		struct dlsim *db;
		struct dlsim_scenario *sc;
		struct dlsim_analysis *an;

		snprintf(yaml, sizeof(yaml),
			 "format: 1\nname: j\nhorizon: 36\n"
			 "scheduler: { policy: edf, protocol: srp }\n"
			 "resources: [{ name: R }]\ntasks:\n"
			 "  - { name: A, C: 2, D: 7, T: 6, "
			 "sections: [{ resource: R, after: 1, for: 1 }] }\n"
			 "  - { name: B, C: 3, %s }\n", bj[k]);
		an = an_run(yaml, &db, &sc);
		CU_ASSERT_EQUAL(dlsim_analysis_ncontradictions(an), 0);
		if (k) {
			CU_ASSERT_STRING_NOT_EQUAL(an_verdict(an, "edf-srp"),
						   "n/a");
			an_free(db, sc, an);
			continue;
		}
		CU_ASSERT_STRING_EQUAL(an_verdict(an, "edf-srp"), "n/a");
		CU_ASSERT(dlsim_sim_misses(dlsim_analysis_sim(an)) > 0);
		an_report_has(db, an, 0, "release jitter: srp's preemption "
			      "levels rank by D");
		an_free(db, sc, an);
	}
}

/*
 * linux-dl, D = T, a job leaving 198 ns of runtime (test_resv_prop.c has
 * the timeline): at its next release the kernel keeps the old deadline
 * and runs those 198 ns first, so B ends at 600198 past its reservation
 * bound 600000.  analyze claimed that bound ("response: B: observed
 * 600198 exceeds the bound 600000", a random scenario found it); now A is
 * not kept and its domain bounds nothing, with no contradiction.
 */
static void test_analyze_linux_leftover_below_granularity(void)
{
	static const char yaml[] =
		"format: 1\nname: k\ntime_unit: ns\nhorizon: 8000000\n"
		"scheduler: { policy: linux-dl, kernel: \"6.6\" }\ntasks:\n"
		"  - { name: A, runtime: 500000, deadline: 4000000, "
		"period: 4000000, exec: { model: list, values: [499802] } }\n"
		"  - { name: B, runtime: 600000, deadline: 1300000, "
		"period: 4000000 }\n";
	struct dlsim *db;
	struct dlsim_scenario *sc;
	struct dlsim_analysis *an = an_run(yaml, &db, &sc);

	CU_ASSERT_EQUAL(dlsim_analysis_ncontradictions(an), 0);
	an_report_has(db, an, 0, "A            no bound (a job may leave "
		      "less than 1.024 us of runtime");
	an_report_has(db, an, 0, "B            no bound (a reservation in "
		      "its root domain is not kept");
	an_free(db, sc, an);
}

/*
 * linux-dl with accounting: tick (HZ 250): runtime is checked at the
 * tick, so a reservation runs up to 4 ms past it before it is throttled.
 * analyze bounded the server lateness by the (Q, D, P) analysis, 2 ms,
 * and t1's server was 4.1 ms late (random scenarios found it).  The
 * tests over (Q, D, P) are n/a now, with no job guarantee and no bound;
 * the kernel's admission row stays.
 */
static void test_analyze_linux_tick_accounting_is_na(void)
{
	static const char yaml[] =
		"format: 1\nname: k\ntime_unit: ms\n"
		"scheduler: { policy: linux-dl, kernel: \"6.12\", "
		"accounting: tick }\ntasks:\n"
		"  - { name: t0, runtime: 0.8, deadline: 5, period: 5 }\n"
		"  - { name: t1, runtime: 1.3, deadline: 10, period: 10 }\n"
		"  - { name: t2, runtime: 9.1, deadline: 9.7, period: 36 }\n";
	struct dlsim *db;
	struct dlsim_scenario *sc;
	struct dlsim_analysis *an = an_run(yaml, &db, &sc);

	CU_ASSERT_EQUAL(dlsim_analysis_ncontradictions(an), 0);
	CU_ASSERT_STRING_EQUAL(an_verdict(an, "pdc"), "n/a");
	CU_ASSERT_STRING_EQUAL(an_verdict(an, "qpa"), "n/a");
	CU_ASSERT_STRING_EQUAL(an_verdict(an, "linux"), "accept");
	CU_ASSERT(dlsim_sim_misses(dlsim_analysis_sim(an)) > 0);
	an_report_has(db, an, 0, "tardiness: no bound (accounting: tick: a "
		      "reservation runs up to a tick past its runtime");
	an_free(db, sc, an);
}

/*
 * pip (and none) do not exclude deadlock: A locks R1 then R2 inside it, B
 * R2 then R1; the simulation deadlocks at 3 (tests/test_locks.c).
 * fp-rta-blocking accepted the set (B_A = 3); the lock-order graph's
 * cycle makes it n/a with the cycle as its witness, in text and JSON.
 * Nested the same way round in both tasks, no cycle: accepted.
 */
static void test_analyze_pip_lock_order_cycle(void)
{
	static const char *const b2[] = {
		"[{resource: R2, after: 0, for: 3}, {resource: R1, after: 2, "
		"for: 1}]",
		"[{resource: R1, after: 0, for: 3}, {resource: R2, after: 2, "
		"for: 1}]" };

	for (size_t k = 0; k < 2; k++) {
		char yaml[640], *text = NULL;
		size_t len = 0;
		struct dlsim *db;
		struct dlsim_scenario *sc;
		struct dlsim_analysis *an;

		snprintf(yaml, sizeof(yaml),
			 "format: 1\nname: d\nhorizon: 30\n"
			 "scheduler: { policy: fp, protocol: pip }\n"
			 "resources: [{name: R1}, {name: R2}]\ntasks:\n"
			 "  - {name: A, C: 4, D: 10, T: 30, offset: 1, sections: "
			 "[{resource: R1, after: 0, for: 3}, {resource: R2, "
			 "after: 1, for: 1}]}\n"
			 "  - {name: B, C: 4, D: 20, T: 30, sections: %s}\n",
			 b2[k]);
		an = an_run(yaml, &db, &sc);
		CU_ASSERT_EQUAL(dlsim_analysis_ncontradictions(an), 0);
		if (k) {
			CU_ASSERT_STRING_EQUAL(an_verdict(an, "fp-rta-blocking"),
					       "accept");
			CU_ASSERT_EQUAL(dlsim_sim_misses(dlsim_analysis_sim(an)),
					0);
			an_free(db, sc, an);
			continue;
		}
		CU_ASSERT_STRING_EQUAL(an_verdict(an, "fp-rta-blocking"), "n/a");
		CU_ASSERT(dlsim_sim_misses(dlsim_analysis_sim(an)) > 0);
		an_report_has(db, an, 0, "(possible deadlock: R1 -> R2 -> R1)");
		CU_ASSERT_EQUAL_FATAL(dlsim_analysis_text(db, an, DLSIM_JSON,
							  &text, &len),
				      DLSIM_OK);
		CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"note\": \"possible "
					      "deadlock: R1 -> R2 -> R1\""));
		dlsim_free(text);
		an_free(db, sc, an);
	}
}

/*
 * Under none a job can wait for a lower one through a chain: M waits on
 * R2, held by H, which waits (inside R2) on R1, held by L.  Explicit
 * priorities H > M > L; H (C 2, offset 1) holds R2 over [0,2) of its
 * demand with R1 inside over [1,2); M (C 2, offset 2) R2 over [0,1); L
 * (C 4) R1 over [0,3); T = D = 20:
 *   [0,1) L locks R1;  [1,2) H locks R2;  2: H blocks on R1, M on R2;
 *   [2,4) L (M waits while L runs: blocking 2), 4: L unlocks R1;
 *   [4,5) H, ends at 5;  [5,7) M;  [7,8) L.
 * B_M was 0 (M shares no resource with L), so analyze reported a
 * contradiction "observed blocking 2 exceeds B = 0"; M is blocked by a
 * lower task, so under none its B is unbounded, as H's.
 */
static void test_analyze_none_blocking_chain(void)
{
	static const char yaml[] =
		"format: 1\nname: chain\nhorizon: 20\n"
		"scheduler: { policy: fp, protocol: none, priorities: "
		"explicit }\n"
		"resources: [{ name: R1 }, { name: R2 }]\ntasks:\n"
		"  - { name: H, C: 2, T: 20, offset: 1, priority: 1, sections: "
		"[{ resource: R2, after: 0, for: 2 }, { resource: R1, after: 1, "
		"for: 1 }] }\n"
		"  - { name: M, C: 2, T: 20, offset: 2, priority: 2, sections: "
		"[{ resource: R2, after: 0, for: 1 }] }\n"
		"  - { name: L, C: 4, T: 20, priority: 3, sections: "
		"[{ resource: R1, after: 0, for: 3 }] }\n";
	struct dlsim *db;
	struct dlsim_scenario *sc;
	struct dlsim_analysis *an = an_run(yaml, &db, &sc);

	CU_ASSERT_EQUAL(dlsim_sim_misses(dlsim_analysis_sim(an)), 0);
	CU_ASSERT_EQUAL(dlsim_analysis_ncontradictions(an), 0);
	CU_ASSERT_STRING_EQUAL(an_verdict(an, "fp-rta-blocking"), "n/a");
	an_report_has(db, an, 0, "(none, B: H unbounded, M unbounded, L 0)");
	an_free(db, sc, an);
}

/*
 * The partitioned test about the simulated system decides on the
 * partition the simulation runs: the scenario is packed at load by
 * first-fit-decreasing on each task's C, so A and B (C 5, T = D = 10) both
 * go to CPU 0 (U = 1).  The test packed its own model instead, where the
 * demand is larger, found one task per CPU and accepted, while the
 * simulation of both on CPU 0 missed (a contradiction, exit 5):
 *   - B's jobs demand 8 (exec list): the model's demand 8 + 5 > 10;
 *   - context_switch 1: C''_A = C''_B = 5 + 3 = 8 (+overheads row).
 *     CPU 0: [0,1) switch, A [1,6), switch [6,7) (one for A's exit and
 *     B's entry), B [7,12): B misses its deadline 10 by 2.
 * Now both reject: CPU 0 of the simulated partition has U > 1.
 */
static void test_analyze_partition_is_the_simulated_one(void)
{
	static const char *const var[][2] = {
		{ "", "exec: { model: list, values: [8] }" },
		{ "overheads: { context_switch: 1 }\n", "D: 10" },
	};
	static const char *const row[] = {
		"partitioned-first-fit-decreasing",
		"partitioned-first-fit-decreasing+overheads" };

	for (size_t k = 0; k < 2; k++) {
		char yaml[640];
		struct dlsim *db;
		struct dlsim_scenario *sc;
		struct dlsim_analysis *an;

		snprintf(yaml, sizeof(yaml),
			 "format: 1\nname: p\nhorizon: 20\n"
			 "platform: { cpus: 2 }\n"
			 "scheduler: { policy: edf, placement: partitioned }\n"
			 "%stasks:\n"
			 "  - { name: A, C: 5, T: 10 }\n"
			 "  - { name: B, C: 5, T: 10, %s }\n", var[k][0],
			 var[k][1]);
		an = an_run(yaml, &db, &sc);
		CU_ASSERT(dlsim_sim_misses(dlsim_analysis_sim(an)) > 0);
		CU_ASSERT_EQUAL(dlsim_analysis_ncontradictions(an), 0);
		CU_ASSERT_STRING_EQUAL(an_verdict(an, row[k]), "reject");
		an_report_has(db, an, 0, "(the simulated partition: CPU 0, "
			      "qpa: U > 1)");
		an_free(db, sc, an);
	}
}

/*
 * Property: under fp, run-time admission (scheduler.admission: fp-rta,
 * every task joining at 0) admits the whole set iff `dlsim analyze`'s
 * fp-rta row accepts it.  Random sets of 1-5 tasks, the three priority
 * orders, deadlines up to 3T and release jitter up to D on two tasks in
 * three (so J >= T and J = D occur).  Greedy admission admits all iff
 * the whole set passes: under fixed priorities a subset of a schedulable
 * set is schedulable (fewer tasks, less interference).
 */
#define ADM_FP_SETS 400

static void test_analyze_fp_admission_agrees_with_fp_rta(void)
{
	static const int64_t periods[] = { 4, 5, 6, 8, 10, 12, 20 };
	static const char *const orders[] = { "deadline-monotonic",
		"rate-monotonic", "explicit" };
	const uint64_t seed = 0xad3f9;
	unsigned accepted = 0, above = 0, done = 0;
	struct rt_rng g;
	struct dlsim *db;

	CU_ASSERT_EQUAL_FATAL(dlsim_open(&db), DLSIM_OK);
	rt_rng_seed(&g, seed);
	for (unsigned set = 0; set < ADM_FP_SETS; set++) {
		unsigned n = (unsigned)rt_rng_range(&g, 1, 5);
		bool all = true, jit_ge_t = false;
		const char *v;
		char text[2048];
		size_t len;
		struct dlsim_scenario *sc = NULL;
		struct dlsim_analysis *an = NULL;
		struct dlsim_sim *sim = NULL;

		len = (size_t)snprintf(text, sizeof(text),
			"format: 1\ntime_unit: tick\nhorizon: 40\n"
			"scheduler: { policy: fp, admission: fp-rta, "
			"priorities: %s }\ntasks:\n",
			orders[rt_rng_range(&g, 0, 2)]);
		for (unsigned i = 0; i < n; i++) {
			int64_t T = periods[rt_rng_range(&g, 0, 6)];
			int64_t C = rt_rng_range(&g, 1, T / 2);
			int64_t D = rt_rng_range(&g, C, 3 * T);
			int64_t J = rt_rng_range(&g, 0, 2) ?
				    rt_rng_range(&g, 0, D) : 0;

			jit_ge_t = jit_ge_t || J >= T;
			len += (size_t)snprintf(text + len, sizeof(text) - len,
				"  - { name: t%u, C: %" PRId64 ", D: %" PRId64
				", T: %" PRId64 ", jitter: %" PRId64
				", priority: %" PRId64 " }\n", i, C, D, T, J,
				rt_rng_range(&g, -3, 3));
		}
		CU_ASSERT_FATAL(len < sizeof(text));
		if (dlsim_scenario_load_string(db, text, len, "p.yaml", &sc) !=
		    DLSIM_OK) {
			CU_FAIL("a generated scenario does not load");
			fprintf(stderr, "\n%s\n%s\n", text, dlsim_errmsg(db));
			continue;
		}
		CU_ASSERT_EQUAL_FATAL(dlsim_analyze(db, sc, NULL, &an),
				      DLSIM_OK);
		v = an_verdict(an, "fp-rta");
		CU_ASSERT_PTR_NOT_NULL_FATAL(v);
		CU_ASSERT_EQUAL_FATAL(dlsim_sim_create(db, sc, NULL, &sim),
				      DLSIM_OK);
		CU_ASSERT_EQUAL_FATAL(dlsim_sim_run(db, sim), DLSIM_OK);
		for (size_t i = 0; i < n; i++) {
			struct dlsim_task_stats ts;

			CU_ASSERT_EQUAL_FATAL(dlsim_sim_task_stats(db, sim, i,
								   &ts),
					      DLSIM_OK);
			all = all && !ts.rejected;
		}
		if (all != !strcmp(v, "accept")) {
			CU_FAIL("admission and fp-rta disagree");
			fprintf(stderr, "\n[seed %#" PRIx64 ", set %u] fp-rta "
				"%s, admission %s\n%s", seed, set, v,
				all ? "admits all" : "rejects", text);
		}
		accepted += all;
		above += all && jit_ge_t;
		done++;
		dlsim_sim_free(sim);
		dlsim_analysis_free(an);
		dlsim_scenario_free(sc);
	}
	dlsim_close(db);
	printf("\n      %u sets: %u admitted, %u of them with J >= T ", done,
	       accepted, above);
	/* not vacuous: accepts (some with J >= T) and rejects */
	CU_ASSERT(accepted >= done / 10);
	CU_ASSERT(accepted <= done - done / 10);
	CU_ASSERT(above >= done / 20);
}

/*
 * With overheads a necessary test's reject on the inflated C is n/a
 * (api/analysis_tests.c analyze_ovh_verdict).  fp, cs 1, release 1, A
 * (2, 10, 10), B (3, 20, 20): U = 7/20, and the overhead-aware set
 * (docs/theory.md §H.2) has U'' = 27/20 > 1, yet the simulation meets
 * every deadline: the reject is not necessary for the system.  The row
 * keeps its kind, says n/a and why; fp-rta+overheads (sufficient) keeps
 * its reject, which claims nothing.  A light set (C 1, T 40 and 80, U''
 * = 23/80) keeps the necessary accept.
 */
static void test_analyze_overheads_necessary_reject_is_na(void)
{
	static const char heavy[] = "format: 1\ntime_unit: tick\n"
		"horizon: 200\nscheduler: { policy: fp }\n"
		"overheads: { context_switch: 1, release: 1 }\ntasks:\n"
		"  - { name: A, C: 2, D: 10, T: 10 }\n"
		"  - { name: B, C: 3, D: 20, T: 20 }\n";
	static const char light[] = "format: 1\ntime_unit: tick\n"
		"horizon: 200\nscheduler: { policy: fp }\n"
		"overheads: { context_switch: 1, release: 1 }\ntasks:\n"
		"  - { name: A, C: 1, D: 40, T: 40 }\n"
		"  - { name: B, C: 1, D: 80, T: 80 }\n";
	struct dlsim *db;
	struct dlsim_scenario *sc;
	struct dlsim_analysis *an;

	an = an_run(heavy, &db, &sc);
	CU_ASSERT_STRING_EQUAL(an_verdict(an, "utilization"), "accept");
	CU_ASSERT_STRING_EQUAL(an_verdict(an, "utilization+overheads"), "n/a");
	CU_ASSERT_STRING_EQUAL(an_verdict(an, "fp-rta+overheads"), "reject");
	for (size_t i = 0; i < dlsim_analysis_ntests(an); i++)
		if (!strcmp(dlsim_analysis_test_name(an, i),
			    "utilization+overheads"))
			CU_ASSERT_STRING_EQUAL(dlsim_analysis_test_kind(an, i),
					       "necessary");
	CU_ASSERT_EQUAL(dlsim_sim_misses(dlsim_analysis_sim(an)), 0);
	an_report_has(db, an, 0, "(a reject on C inflated by the overheads "
		      "(each at its worst) proves no miss (U = 27/20))");
	an_free(db, sc, an);

	an = an_run(light, &db, &sc);
	CU_ASSERT_STRING_EQUAL(an_verdict(an, "utilization+overheads"),
			       "accept");
	an_free(db, sc, an);
}

/*
 * A served task that suspends and has an exec list above its C: the
 * suspension-oblivious task (C + S) kept the listed values without S, so
 * the served-task guarantees charged max(C + S, largest value) instead
 * of largest value + S, gave a bound, and the simulation broke it.
 *   cbs: A (C 4, values [16], suspend after 2 for 2) alone in S (Q 16,
 *     T 20): charged max(6, 16) = 16 <= Q, "guaranteed, response <= 20";
 *     it demands 16 + 2 = 18 > 16.  Timeline: A runs [0, 2), suspends;
 *     B (in R, Q 4, T 20) released at 3, server deadline 23, runs
 *     [3, 7); A wakes at 4 with q 14 >= (20 - 4) 16/20 = 12.8: the CBS
 *     wake-up rule gives d = 24 > 23, so A waits, runs [7, 21): response
 *     21 > 20, a "contradiction".  Now: no bound for A, none (the
 *     guarantee's reason: self-suspension, which voids it whatever
 *     the demand, as in the simulator's mode: hard).
 *   fp, deferrable P (Q 4, T 10): A (C 1, values [4], suspend after 1
 *     and after 2, each for 1): charged max(3, 4) = 4 <= Q, bound T +
 *     w_s = 10 + 4 = 14; it demands 4 + 2 = 6 > Q.  Now: no bound for A
 *     (the deferrable server keeps its budget: A ends at 6 here).
 *   fp, polling P (Q 4000, T 10000, us): A (C 2000, three points of 1
 *     us, C + S = 2003 <= Q) had the bound 14000; the polling server
 *     drops its budget at each suspension: A runs [0, 500), suspends,
 *     [10000, 10500), [20000, 20500), [30000, 30500): 30500 > 14000, a
 *     "contradiction".  Now: a suspending task in a polling server has
 *     no bound (docs/theory.md §E.8).
 */
static void test_analyze_served_oblivious_demand_counts_values(void)
{
	static const char cbs[] =
		"format: 1\nname: c\ntime_unit: tick\nhorizon: 40\n"
		"servers:\n"
		"  - { name: S, kind: cbs, budget: 16, period: 20 }\n"
		"  - { name: R, kind: cbs, budget: 4, period: 20 }\n"
		"tasks:\n"
		"  - { name: A, C: 4, D: 20, T: 20, releases: [0], exec: "
		"{ model: list, values: [16] }, suspend: [{ after: 2, for: 2 "
		"}], server: S }\n"
		"  - { name: B, C: 4, D: 20, T: 20, releases: [3], "
		"server: R }\n";
	static const char fps[] =
		"format: 1\nname: f\ntime_unit: tick\nhorizon: 60\n"
		"scheduler: { policy: fp }\n"
		"servers: [{ name: P, kind: deferrable, budget: 4, period: 10 "
		"}]\ntasks:\n"
		"  - { name: A, C: 1, D: 30, T: 30, exec: { model: list, "
		"values: [4] }, suspend: [{ after: 1, for: 1 }, { after: 2, "
		"for: 1 }], server: P }\n";
	static const char poll[] =
		"format: 1\nname: p\ntime_unit: us\nhorizon: 60000\n"
		"scheduler: { policy: fp }\n"
		"servers: [{ name: P, kind: polling, budget: 4000, period: "
		"10000 }]\ntasks:\n"
		"  - { name: A, C: 2000, D: 40000, T: 40000, suspend: [{ after: "
		"500, for: 1 }, { after: 1000, for: 1 }, { after: 1500, for: 1 "
		"}], server: P }\n";
	const char *const yaml[] = { cbs, fps, poll };
	const char *const seen[] = { "observed 21", "observed 6",
				     "observed 30500" };

	for (size_t k = 0; k < 3; k++) {
		char *text = NULL;
		size_t len = 0;
		struct dlsim *db;
		struct dlsim_scenario *sc;
		struct dlsim_analysis *an = an_run(yaml[k], &db, &sc);

		CU_ASSERT_EQUAL(dlsim_analysis_ncontradictions(an), 0);
		CU_ASSERT_EQUAL_FATAL(dlsim_analysis_text(db, an, 0, &text,
							  &len), DLSIM_OK);
		CU_ASSERT_PTR_NOT_NULL(strstr(text, "A            no bound "
					      "(analysed through its server)"));
		if (k == 0)
			CU_ASSERT_PTR_NOT_NULL(strstr(text, "A            "
					       "self-suspension: a wake-up may "
					       "take a later server deadline"));
		CU_ASSERT_PTR_NOT_NULL(strstr(text, seen[k]));
		dlsim_free(text);
		an_free(db, sc, an);
	}
}

/* The kind of test 'name', or NULL. */
static const char *an_kind(const struct dlsim_analysis *an, const char *name)
{
	for (size_t i = 0; i < dlsim_analysis_ntests(an); i++)
		if (!strcmp(dlsim_analysis_test_name(an, i), name))
			return dlsim_analysis_test_kind(an, i);
	return NULL;
}

/*
 * A task the analysis sees as a sporadic task its jobs cannot be (a
 * release list closer than T, an exec list whose largest value is above
 * C while others are not) makes the analysed set an over-approximation:
 * no test is exact, a necessary reject is n/a, and a utilization above
 * 1 there says nothing of the jobs' tardiness.  They said "exact" and
 * "NOT schedulable (exact test utilization)" with no miss.
 *
 * rel: A (C 1, D 1, T 10) released at 0 and 2 only, analysed as (1, 1,
 * 2); B (3, 5, 5).  U' = 1/2 + 3/5 = 11/10 > 1 (utilization necessary:
 * A's D < T').  EDF, by hand: A0 [0, 1) due 1, B0 [1, 2), A1 [2, 3) due
 * 3, B0 [3, 5) due 5, then B alone: [5, 8), [10, 13), [15, 18).  No
 * miss, and no legal pattern has one (any window holds at most A's 2
 * and one B job of 3 within 5).
 *
 * lst: A (1, 4, 4) demanding 1, 3, 1, 3, ... (list), analysed as C' =
 * 3; B (2, 4, 4).  U' = 3/4 + 2/4 = 5/4, but the jobs need (1 + 3 + 2 +
 * 2) = 8 every 8: U = 1, tardiness bounded.  By hand: A0 [0, 1), B0
 * [1, 3); A1 [4, 7), B1 [7, 9) due 8 (late by 1); B1 ends [8, 9), A2
 * [9, 10), B2 [10, 12); and so on: B's odd jobs miss by 1.  The bound
 * is "none" (not known), never "unbounded".
 */
static void test_analyze_cover_no_exact_reject(void)
{
	static const char rel[] = "format: 1\ntime_unit: tick\n"
		"horizon: 20\ntasks:\n"
		"  - { name: A, C: 1, D: 1, T: 10, releases: [0, 2] }\n"
		"  - { name: B, C: 3, D: 5, T: 5 }\n";
	static const char lst[] = "format: 1\ntime_unit: tick\n"
		"horizon: 40\ntasks:\n"
		"  - { name: A, C: 1, D: 4, T: 4, exec: { model: list, "
		"values: [1, 3] } }\n"
		"  - { name: B, C: 2, D: 4, T: 4 }\n";
	static const char *const exact[] = { "pdc", "qpa", "fp-rta" };
	struct dlsim *db;
	struct dlsim_scenario *sc;
	struct dlsim_analysis *an;
	const struct dlsim_sim *sim;

	an = an_run(rel, &db, &sc);
	sim = dlsim_analysis_sim(an);
	CU_ASSERT_EQUAL(dlsim_sim_misses(sim), 0);
	CU_ASSERT_STRING_EQUAL(an_verdict(an, "utilization"), "n/a");
	CU_ASSERT_STRING_EQUAL(an_kind(an, "utilization"), "necessary");
	for (size_t k = 0; k < 3; k++) {
		CU_ASSERT_STRING_EQUAL(an_verdict(an, exact[k]), "reject");
		CU_ASSERT_STRING_EQUAL(an_kind(an, exact[k]), "sufficient");
	}
	CU_ASSERT_PTR_NULL(strstr(dlsim_analysis_verdict(an), "NOT"));
	CU_ASSERT_STRING_EQUAL(dlsim_analysis_bound_source(an), "none");
	CU_ASSERT_EQUAL(dlsim_analysis_ncontradictions(an), 0);
	an_free(db, sc, an);

	an = an_run(lst, &db, &sc);
	sim = dlsim_analysis_sim(an);
	CU_ASSERT_EQUAL(dlsim_sim_misses(sim), 5);
	CU_ASSERT_STRING_EQUAL(an_kind(an, "utilization"), "sufficient");
	CU_ASSERT_STRING_EQUAL(an_kind(an, "qpa"), "sufficient");
	CU_ASSERT_STRING_EQUAL(dlsim_analysis_verdict(an),
			       "NOT schedulable (the simulation found a miss)");
	CU_ASSERT_STRING_EQUAL(dlsim_analysis_bound_source(an), "none");
	an_free(db, sc, an);
}

/*
 * linux-dl: a reservation changed by sched_setattr() (changes:) was
 * analysed with its first (Q, D, P) only.  A (runtime 2, D 4, P 10 ms,
 * jobs of 2 ms) and B (2, 4, 10): pdc accepted (dbf(4) = 4), but A's
 * runtime drops to 1 ms at 10 ms: A's job released at 20 runs [20, 21),
 * is throttled until 30 and ends at 31 > 24, which analyze reported as
 * contradictions of density, pdc and qpa and of A's bounds.  The tests
 * now answer n/a for the domain (the admission row stays) and no bound
 * is derived.
 */
static void test_analyze_linux_changes_na(void)
{
	static const char yaml[] = "format: 1\ntime_unit: ms\n"
		"horizon: 100\nscheduler: { policy: linux-dl }\ntasks:\n"
		"  - { name: A, runtime: 2, deadline: 4, period: 10, "
		"changes: [{at: 10, runtime: 1, deadline: 4, period: 10}] }\n"
		"  - { name: B, runtime: 2, deadline: 4, period: 10 }\n";
	static const char *const na[] = { "utilization", "density", "pdc",
					  "qpa" };
	struct dlsim *db;
	struct dlsim_scenario *sc;
	struct dlsim_analysis *an = an_run(yaml, &db, &sc);

	CU_ASSERT(dlsim_sim_misses(dlsim_analysis_sim(an)) > 0);
	for (size_t k = 0; k < 4; k++)
		CU_ASSERT_STRING_EQUAL(an_verdict(an, na[k]), "n/a");
	CU_ASSERT_STRING_EQUAL(an_verdict(an, "linux"), "accept");
	CU_ASSERT_STRING_EQUAL(dlsim_analysis_bound_source(an), "none");
	CU_ASSERT_EQUAL(dlsim_analysis_ncontradictions(an), 0);
	an_free(db, sc, an);
}

/*
 * cbs with D_s < T_s under the original wake-up rule: the domino effect.
 * S (Q 2, D_s 2, T_s 10) serves A (C 2, releases 0, 3, 6); B (6, 8, 10)
 * is plain, released at 2.  The tests see S as the sporadic (2, 2, 10):
 * with B, dbf(2) = 2, dbf(8) = 8, dbf(12) = 10, dbf(18) = 14, U = 4/5:
 * pdc, qpa and cbs-bandwidth accepted ("exact"), the bound was 0.  The
 * simulation (EDF on deadlines; cbs and hard-cbs alike):
 *   [0, 2)  A.0 on S (d 2); the budget runs out as A.0 ends: q 2, d 12
 *           (hard-cbs: throttled until 2, then the same)
 *   [2, 3)  B.0 (d 10)
 *   3       A.1 wakes S: q 2 >= (12 - 3) 2/10 = 1.8, so a fresh q 2 and
 *           d 3 + 2 = 5
 *   [3, 5)  A.1 (d 5 < 10); out of budget: q 2, d 15
 *   [5, 6)  B.0
 *   6       A.2 wakes S: 2 >= (15 - 6) 2/10 = 1.8: d 8
 *   [6, 8)  A.2; [8, 12) B.0, done at 12 > 10: late by 2
 * S took 6 within [0, 8), where (2, 2, 10) takes 2: five CONTRADICTIONS
 * (pdc, qpa, cbs-bandwidth, B's tardiness and response).  Now every test
 * over the servers is n/a for the domain and there is no bound (the
 * rule of the simulator's guarantees, rt_cbs_server_sporadic).  With
 * revised-cbs S is isolated (Abeni, Lipari & Lelli 2015): A.0 leaves S
 * throttled until 10 and A.1, A.2 wait; B runs [2, 8) (response 6):
 * qpa accepts, bound 0, and the one miss is A.2's (pending at 20; A has
 * no guarantee: releases closer than T_s), which no test covers.
 */
static void test_analyze_cbs_domino_na(void)
{
	static const char set[] =
		"format: 1\nhorizon: 20\nscheduler: { policy: cbs }\n"
		"servers:\n  - { name: S, kind: %s, budget: 2, deadline: 2, "
		"period: 10 }\n"
		"tasks:\n"
		"  - { name: A, C: 2, T: 10, releases: [0, 3, 6], server: S }\n"
		"  - { name: B, C: 6, D: 8, T: 10, offset: 2 }\n";
	static const char *const kinds[] = { "cbs", "hard-cbs", "revised-cbs" };
	static const char *const tests[] = { "utilization", "pdc", "qpa",
					     "cbs-bandwidth" };

	for (size_t k = 0; k < 3; k++) {
		char yaml[512], *text = NULL;
		size_t len = 0;
		struct dlsim *db;
		struct dlsim_scenario *sc;
		struct dlsim_analysis *an;

		snprintf(yaml, sizeof(yaml), set, kinds[k]);
		an = an_run(yaml, &db, &sc);
		CU_ASSERT_EQUAL(dlsim_analysis_ncontradictions(an), 0);
		CU_ASSERT_EQUAL_FATAL(dlsim_analysis_text(db, an, 0, &text,
							  &len), DLSIM_OK);
		for (size_t t = 0; t < 4; t++)
			CU_ASSERT_STRING_EQUAL(an_verdict(an, tests[t]),
					       k < 2 ? "n/a" : "accept");
		if (k < 2) {
			CU_ASSERT_EQUAL(dlsim_sim_misses(dlsim_analysis_sim(an)),
					1);
			CU_ASSERT_STRING_EQUAL(dlsim_analysis_bound_source(an),
					       "none");
			CU_ASSERT_PTR_NOT_NULL(strstr(text, "tardiness: no bound "
					       "(server S ("));
			CU_ASSERT_PTR_NOT_NULL(strstr(text, "D_s 2 < T_s 10) "
					       "is not isolated"));
		} else {
			CU_ASSERT_EQUAL(dlsim_sim_misses(dlsim_analysis_sim(an)),
					1);
			CU_ASSERT_PTR_NOT_NULL(strstr(text, "B            "
					       "response <= 8 (tardiness <= 0), "
					       "observed 6"));
		}
		dlsim_free(text);
		an_free(db, sc, an);
	}
}

/*
 * A served task that suspends, with C + S <= Q_s: A (C 12, suspend
 * after 2 for 2) alone in S (cbs, Q 16, D_s = T_s 20).  The oblivious
 * task (14, 20, 20) fits the budget, and analyze said "guaranteed,
 * response <= 20", which the simulator (mode: hard) never claimed: the
 * hard schedulability property is for tasks that do not suspend, and A
 * wakes at 4 through the wake-up rule: q 14 >= (20 - 4) 16/20 = 12.8
 * gives S the deadline 4 + 20 = 24 > R's 20 (here: A [0, 2), B [2, 6),
 * A [6, 16): in time, but by no theorem).
 * Both sides now use rt_cbs_task_guarantee, which says "self-suspension".
 * D_s = T_s keeps S isolated: the tests still accept (S and R).
 */
static void test_analyze_cbs_suspension_no_guarantee(void)
{
	static const char yaml[] =
		"format: 1\nhorizon: 40\nscheduler: { policy: cbs }\n"
		"servers:\n"
		"  - { name: S, kind: cbs, budget: 16, period: 20 }\n"
		"  - { name: R, kind: cbs, budget: 4, period: 20 }\n"
		"tasks:\n"
		"  - { name: A, C: 12, T: 20, suspend: [{ after: 2, for: 2 }], "
		"server: S }\n"
		"  - { name: B, C: 4, T: 20, server: R }\n";
	char *text = NULL;
	size_t len = 0;
	struct dlsim *db;
	struct dlsim_scenario *sc;
	struct dlsim_analysis *an = an_run(yaml, &db, &sc);

	CU_ASSERT_EQUAL(dlsim_analysis_ncontradictions(an), 0);
	CU_ASSERT_STRING_EQUAL(an_verdict(an, "qpa"), "accept");
	CU_ASSERT_EQUAL_FATAL(dlsim_analysis_text(db, an, 0, &text, &len),
			      DLSIM_OK);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "A            self-suspension: a "
				      "wake-up may take a later server "
				      "deadline"));
	CU_ASSERT_PTR_NULL(strstr(text, "A            response <= 20"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "B            response <= 20"));
	dlsim_free(text);
	an_free(db, sc, an);
}

/*
 * linux-dl with GRUB: the server bound delta of the reservations as
 * sporadic tasks (Q, D, T) was claimed for reclaiming ones too.  Kernel
 * 6.6 (no fair server), one CPU, reclaim: grub, A (4, 4, 8 ms) and
 * B (1, 4, 4 ms): dbf(4) = 5 > 4, EDF over the reservations is late by
 * delta = 1 (A first at the tie, B's deadline 4 met at 5).  Simulated:
 *   [0, 4)  A.0 (rate 1: every reservation active), done at 4 with its
 *           runtime used: inactive at once (0-lag time d - 0 = 4)
 *   4       B.1 released behind B.0; u = 1/4, U_inact = 1/2, U_extra
 *           = 0.95 - 3/4 = 0.2: B drains at max{u, U_max - U_inact -
 *           U_extra}/U_max = 0.25/0.95 = 0.263 (grub_reclaim())
 *   [4, 5)  B.0, 0.263 of runtime used: 0.737 left, deadline still 4
 *   [5, 6)  B.1 on the same reservation (0.263 more: no replenishment),
 *           so B's deadline 4 is overrun by 2 > delta = 1, which analyze
 *           reported as a contradiction.  Without GRUB B.0 uses its
 *           whole runtime at 5 and B.1 runs on deadline 8.
 * No bound is claimed now with GRUB and delta > 0.
 */
static void test_analyze_linux_grub_late_no_server_bound(void)
{
	static const char yaml[] = "format: 1\ntime_unit: ms\n"
		"scheduler: { policy: linux-dl, reclaim: grub, kernel: \"6.6\" }\n"
		"tasks:\n"
		"  - { name: A, C: 4, D: 4, T: 8 }\n"
		"  - { name: B, C: 1, D: 4, T: 4 }\n";
	struct dlsim *db;
	struct dlsim_scenario *sc;
	struct dlsim_analysis *an = an_run(yaml, &db, &sc);

	CU_ASSERT_STRING_EQUAL(an_verdict(an, "linux"), "accept");
	CU_ASSERT_STRING_EQUAL(an_verdict(an, "pdc"), "reject");
	CU_ASSERT_STRING_EQUAL(dlsim_analysis_bound_source(an), "none");
	CU_ASSERT_EQUAL(dlsim_analysis_ncontradictions(an), 0);
	an_free(db, sc, an);
}

CU_TestInfo analyze_tests[] = {
	{ "fp-rta analyses release jitter with its own extension",
	  test_analyze_fp_rta_jitter },
	{ "cbs partitioned packs the servers, as analyze does",
	  test_analyze_cbs_partitioned_packs_servers },
	{ "the observed tardiness beside a bound is over the bounded tasks",
	  test_analyze_observed_over_bounded_tasks },
	{ "blocking-aware tests are n/a when a task self-suspends",
	  test_analyze_blocking_na_with_suspension },
	{ "edf-srp is n/a with release jitter",
	  test_analyze_edf_srp_na_with_jitter },
	{ "linux-dl: a leftover below 1.024 us voids the bounds",
	  test_analyze_linux_leftover_below_granularity },
	{ "linux-dl: accounting tick has no test verdict or bound",
	  test_analyze_linux_tick_accounting_is_na },
	{ "pip: a cycle in the lock order is a possible deadlock",
	  test_analyze_pip_lock_order_cycle },
	{ "none: a job blocked through a chain has no bound, no "
	  "contradiction", test_analyze_none_blocking_chain },
	{ "partitioned: the test decides on the simulated partition",
	  test_analyze_partition_is_the_simulated_one },
	{ "overheads: a necessary reject on the inflated C is n/a",
	  test_analyze_overheads_necessary_reject_is_na },
	{ "served tasks: the oblivious demand counts the exec values; "
	  "no polling bound with suspension",
	  test_analyze_served_oblivious_demand_counts_values },
	{ "an analysed set over-approximating the jobs: no exact reject",
	  test_analyze_cover_no_exact_reject },
	{ "linux-dl: a reservation with changes: makes the tests n/a",
	  test_analyze_linux_changes_na },
	{ "cbs: a server with the domino effect makes the tests n/a",
	  test_analyze_cbs_domino_na },
	{ "cbs: a suspending served task has no guarantee",
	  test_analyze_cbs_suspension_no_guarantee },
	{ "linux-dl: GRUB with late reservations has no server bound",
	  test_analyze_linux_grub_late_no_server_bound },
	{ "fp admission admits a set iff fp-rta accepts it (400 sets)",
	  test_analyze_fp_admission_agrees_with_fp_rta },
	CU_TEST_INFO_NULL
};
