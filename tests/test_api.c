/* test_api.c - the public API (include/dlsim.h) as an embedder sees it:
 * loading from memory, Dario's case analysed and simulated with the very
 * answers `dlsim analyze` and `dlsim run` print (tests/golden/pipeline/),
 * stepping in halves against one run, the record callback against the
 * event log, error messages that name line and field, out-parameters left
 * alone on failure, memory files, and an allocation-failure sweep over
 * load + analyze + run. */
#include <dlsim.h>

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/mem.h"
#include "tests/suites.h"

/* Dario's case (scenarios/examples/dario.yaml): two tasks C=4 D=5 T=10;
 * U = 0.8 and yet P2 misses its deadline 5 by 3. */
static const char dario[] =
	"format: 1\n"
	"name: dario\n"
	"time_unit: tick\n"
	"platform: { cpus: 1 }\n"
	"scheduler: { policy: edf }\n"
	"tasks:\n"
	"  - { name: P1, C: 4, D: 5, T: 10 }\n"
	"  - { name: P2, C: 4, D: 5, T: 10 }\n";

static struct dlsim *api_open(void)
{
	struct dlsim *db = NULL;

	CU_ASSERT_EQUAL_FATAL(dlsim_open(&db), DLSIM_OK);
	CU_ASSERT_PTR_NOT_NULL_FATAL(db);
	return db;
}

static struct dlsim_scenario *api_example(struct dlsim *db, const char *name)
{
	struct dlsim_scenario *sc = NULL;
	char path[512];

	snprintf(path, sizeof(path), "%s/scenarios/examples/%s.yaml",
		 DLSIM_SRCDIR, name);
	if (dlsim_scenario_load(db, path, &sc) != DLSIM_OK)
		fprintf(stderr, "\n  %s\n", dlsim_errmsg(db));
	CU_ASSERT_PTR_NOT_NULL_FATAL(sc);
	return sc;
}

/* tests/golden/pipeline/NAME.KIND without its last line ("exit N"). */
static char *api_golden(const char *name, const char *kind)
{
	char path[512], *buf, *end;
	FILE *f;
	long n;

	snprintf(path, sizeof(path), "%s/tests/golden/pipeline/%s.%s",
		 DLSIM_SRCDIR, name, kind);
	f = fopen(path, "rb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = calloc((size_t)n + 1, 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
	CU_ASSERT_EQUAL(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	end = strstr(buf, "exit ");
	while (end && end != buf && end[-1] != '\n')
		end = strstr(end + 1, "exit ");
	CU_ASSERT_PTR_NOT_NULL_FATAL(end);
	*end = '\0';
	return buf;
}

static void test_api_version(void)
{
	CU_ASSERT_STRING_EQUAL(dlsim_libversion(), DLSIM_VERSION);
	CU_ASSERT_EQUAL(dlsim_libversion_number(), DLSIM_VERSION_NUMBER);
	CU_ASSERT_STRING_EQUAL(dlsim_status_name(DLSIM_OK), "ok");
	CU_ASSERT_STRING_EQUAL(dlsim_status_name(DLSIM_NOMEM), "out of memory");
	CU_ASSERT_STRING_EQUAL(dlsim_record_kind_name(DLSIM_REC_MISS),
			       "deadline_miss");
	CU_ASSERT_STRING_EQUAL(dlsim_errmsg(NULL), "out of memory");
}

/* True when name is one of the ", " separated names of list. */
static bool names_has(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; *p; ) {
		size_t w = strcspn(p, ",");

		if (w == n && !strncmp(p, name, n))
			return true;
		p += w + (p[w] ? 2 : 0);
	}
	return false;
}

/* dlsim_names lists the registries: every name it gives loads as a policy
 * or is a test analyze prints; nothing more; a short buffer is cut but
 * terminated. */
static void test_api_names(void)
{
	char buf[4096], text[256], cut[6];
	struct dlsim *db = NULL;
	const char *p;

	CU_ASSERT_STRING_EQUAL(dlsim_names(DLSIM_NAMES_PLAIN_POLICIES, buf,
					   sizeof(buf)), "edf, fp");
	CU_ASSERT_STRING_EQUAL(dlsim_names(DLSIM_NAMES_KERNEL_POLICIES, buf,
					   sizeof(buf)), "linux-dl");
	CU_ASSERT_STRING_EQUAL(dlsim_names(DLSIM_NAMES_SERVER_POLICIES, buf,
					   sizeof(buf)), "cbs");
	CU_ASSERT_STRING_EQUAL(dlsim_names(DLSIM_NAMES_TESTS_UNI, buf,
					   sizeof(buf)),
			       "utilization, density, pdc, qpa, fp-rta");
	CU_ASSERT_STRING_EQUAL(dlsim_names(DLSIM_NAMES_TESTS_KERNEL, buf,
					   sizeof(buf)), "linux");
	CU_ASSERT_STRING_EQUAL(dlsim_names(DLSIM_NAMES_TESTS_SERVERS, buf,
					   sizeof(buf)), "cbs-bandwidth");
	CU_ASSERT_STRING_EQUAL(dlsim_names(DLSIM_NAMES_TESTS_RESOURCES, buf,
					   sizeof(buf)), "fp-rta-blocking, edf-srp");
	dlsim_names(DLSIM_NAMES_TESTS_GLOBAL, buf, sizeof(buf));
	CU_ASSERT(names_has(buf, "gfb") && names_has(buf, "ffdbf") &&
		  !names_has(buf, "qpa"));
	dlsim_names(DLSIM_NAMES_TESTS_PARTITIONED, buf, sizeof(buf));
	CU_ASSERT(names_has(buf, "partitioned-first-fit") &&
		  names_has(buf, "partitioned-worst-fit-decreasing-density"));
	/* every policy listed loads (plain ones with a bare task set) */
	CU_ASSERT_EQUAL_FATAL(dlsim_open(&db), DLSIM_OK);
	dlsim_names(DLSIM_NAMES_PLAIN_POLICIES, buf, sizeof(buf));
	for (p = buf; *p; ) {
		size_t w = strcspn(p, ",");
		struct dlsim_scenario *sc = NULL;

		snprintf(text, sizeof(text), "format: 1\ntasks: [{name: a, C: 1, "
			 "T: 4}]\nscheduler: {policy: %.*s}\n", (int)w, p);
		CU_ASSERT_EQUAL(dlsim_scenario_load_string(db, text, strlen(text),
				"names.yaml", &sc),
				DLSIM_OK);
		dlsim_scenario_free(sc);
		p += w + (p[w] ? 2 : 0);
	}
	dlsim_close(db);
	p = dlsim_names(DLSIM_NAMES_POLICIES, cut, sizeof(cut));
	CU_ASSERT_PTR_EQUAL(p, cut);
	CU_ASSERT_STRING_EQUAL(cut, "edf, ");
	CU_ASSERT_STRING_EQUAL(dlsim_names((enum dlsim_names)99, buf,
					   sizeof(buf)), "");
}

static void test_api_load_string(void)
{
	struct dlsim *db = api_open();
	struct dlsim_scenario *sc = NULL;
	char buf[32];

	CU_ASSERT_EQUAL(dlsim_scenario_load_string(db, dario, strlen(dario),
						   "d.yaml", &sc), DLSIM_OK);
	CU_ASSERT_STRING_EQUAL(dlsim_errmsg(db), "");
	CU_ASSERT_PTR_NOT_NULL_FATAL(sc);
	CU_ASSERT_STRING_EQUAL(dlsim_scenario_name(sc), "dario");
	CU_ASSERT_STRING_EQUAL(dlsim_scenario_policy(sc), "edf");
	CU_ASSERT_EQUAL(dlsim_scenario_cpus(sc), 1);
	CU_ASSERT_EQUAL(dlsim_scenario_ntasks(sc), 2);
	CU_ASSERT_STRING_EQUAL(dlsim_scenario_task_name(sc, 1), "P2");
	CU_ASSERT_PTR_NULL(dlsim_scenario_task_name(sc, 2));
	CU_ASSERT_STRING_EQUAL(dlsim_scenario_time_unit(sc), "tick");
	CU_ASSERT_STRING_EQUAL(dlsim_format_time(sc, 8, buf, sizeof(buf)), "8");
	CU_ASSERT_STRING_EQUAL(dlsim_format_time(sc, DLSIM_TIME_NEVER, buf,
						 sizeof(buf)), "-");
	dlsim_scenario_free(sc);
	dlsim_close(db);
}

/* linux-dl with a fair server serving a late fair task: the printed
 * bound (0, over the reservations) was below the observed tardiness
 * (95 ms, the fair task's) with no contradiction; no sound bound is
 * known with the fair server, so none is claimed. */
static void test_api_analyze_fair_server(void)
{
	static const char yaml[] =
		"format: 1\nname: f1\ntime_unit: ms\nhorizon: 200\n"
		"scheduler:\n  policy: linux-dl\n  kernel: \"6.12\"\n"
		"  rt_runtime_us: -1\n"
		"  fair_server: { runtime: 3, period: 10, reserve: false }\n"
		"tasks:\n"
		"  - { name: A, runtime: 7, deadline: 10, period: 10 }\n"
		"  - { name: F, C: 30, D: 5, T: 100, class: fair }\n";
	struct dlsim *db = api_open();
	struct dlsim_scenario *sc = NULL;
	struct dlsim_analysis *an = NULL;

	CU_ASSERT_EQUAL_FATAL(dlsim_scenario_load_string(db, yaml, sizeof(yaml) - 1, "f1.yaml",
							 &sc), DLSIM_OK);
	CU_ASSERT_EQUAL_FATAL(dlsim_analyze(db, sc, NULL, &an), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_sim_max_tardiness(dlsim_analysis_sim(an)),
			95000000);
	CU_ASSERT_STRING_EQUAL(dlsim_analysis_bound_source(an), "none");
	CU_ASSERT_EQUAL(dlsim_analysis_ncontradictions(an), 0);
	dlsim_analysis_free(an);
	dlsim_scenario_free(sc);
	dlsim_close(db);
}

/* Dario's case: what `dlsim analyze` prints, text and JSON, byte for
 * byte, and the numbers an embedder reads. */
static void test_api_analyze_dario(void)
{
	struct dlsim *db = api_open();
	struct dlsim_scenario *sc = api_example(db, "dario");
	struct dlsim_analysis *an = NULL;
	struct dlsim_sim *sim;
	struct dlsim_task_stats ts;
	char *text = NULL, *want;
	size_t len = 0;

	CU_ASSERT_EQUAL_FATAL(dlsim_analyze(db, sc, NULL, &an), DLSIM_OK);
	CU_ASSERT_STRING_EQUAL(dlsim_analysis_verdict(an),
			       "NOT schedulable (exact test pdc)");
	CU_ASSERT_EQUAL(dlsim_analysis_bound(an), 3);
	CU_ASSERT_STRING_EQUAL(dlsim_analysis_bound_source(an), "exact");
	CU_ASSERT_EQUAL(dlsim_analysis_ncontradictions(an), 0);
	CU_ASSERT_STRING_EQUAL(dlsim_analysis_test_name(an, 2), "pdc");
	CU_ASSERT_STRING_EQUAL(dlsim_analysis_test_kind(an, 2), "exact");
	CU_ASSERT_STRING_EQUAL(dlsim_analysis_test_verdict(an, 2), "reject");
	CU_ASSERT_TRUE(dlsim_analysis_test_compared(an, 2));
	sim = dlsim_analysis_sim(an);
	CU_ASSERT_EQUAL(dlsim_sim_misses(sim), 1);
	CU_ASSERT_EQUAL(dlsim_sim_max_tardiness(sim), 3);
	CU_ASSERT_EQUAL(dlsim_sim_task_stats(db, sim, 1, &ts), DLSIM_OK);
	CU_ASSERT_EQUAL(ts.missed, 1);
	CU_ASSERT_EQUAL(ts.max_tardiness, 3);
	CU_ASSERT_EQUAL(ts.max_response, 8);
	CU_ASSERT_EQUAL(dlsim_analysis_text(db, an, DLSIM_JSON, &text, &len),
			DLSIM_OK);
	want = api_golden("dario", "analyze.json");
	CU_ASSERT_EQUAL(len, strlen(want));
	CU_ASSERT_STRING_EQUAL(text, want);
	free(want);
	dlsim_free(text);
	CU_ASSERT_EQUAL(dlsim_analysis_text(db, an, 0, &text, &len), DLSIM_OK);
	want = api_golden("dario", "analyze.txt");
	CU_ASSERT_STRING_EQUAL(text, want);
	free(want);
	dlsim_free(text);
	/* a flag the writer does not take is refused, not ignored */
	text = (char *)dario;
	CU_ASSERT_EQUAL(dlsim_analysis_text(db, an, DLSIM_KERNEL, &text, &len),
			DLSIM_MISUSE);
	CU_ASSERT_PTR_EQUAL(text, dario);
	dlsim_analysis_free(an);
	dlsim_scenario_free(sc);
	dlsim_close(db);
}

/* What `dlsim run` prints, text and JSON, from the library. */
static void test_api_run_dario(void)
{
	struct dlsim *db = api_open();
	struct dlsim_scenario *sc = api_example(db, "dario");
	struct dlsim_sim *sim = NULL;
	char *text = NULL, *want;
	size_t len;

	CU_ASSERT_EQUAL_FATAL(dlsim_sim_create(db, sc, NULL, &sim), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_sim_run(db, sim), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_sim_finish(db, sim), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_sim_horizon(sim), 8);
	CU_ASSERT_STRING_EQUAL(dlsim_sim_horizon_source(sim), "busy-period");
	CU_ASSERT_TRUE(dlsim_sim_exact(sim));
	CU_ASSERT_EQUAL(dlsim_sim_jobs(sim), 2);
	CU_ASSERT_EQUAL(dlsim_sim_misses(sim), 1);
	CU_ASSERT_EQUAL(dlsim_sim_text(db, sim, 0, &text, &len), DLSIM_OK);
	want = api_golden("dario", "run.txt");
	CU_ASSERT_STRING_EQUAL(text, want);
	free(want);
	dlsim_free(text);
	CU_ASSERT_EQUAL(dlsim_sim_text(db, sim, DLSIM_JSON, &text, &len),
			DLSIM_OK);
	want = api_golden("dario", "run.json");
	CU_ASSERT_STRING_EQUAL(text, want);
	free(want);
	dlsim_free(text);
	dlsim_sim_free(sim);
	dlsim_scenario_free(sc);
	dlsim_close(db);
}

/* misses-list off: the misses are counted, none listed; the text and the
 * JSON say so, and every other line is the run's with the list on.
 * Dario's case to 20: P2 misses by 3 in [0, 10) and [10, 20), so 2
 * misses (jobs 0 and 1, finishing at 8 and 18 past deadlines 5 and 15). */
static void test_api_misses_list_off(void)
{
	struct dlsim *db = api_open();
	struct dlsim_scenario *sc = api_example(db, "dario");
	struct dlsim_sim *on = NULL, *off = NULL;
	struct dlsim_opts *o = NULL, *o2 = NULL;
	char *a = NULL, *b = NULL;
	size_t la, lb;

	CU_ASSERT_EQUAL_FATAL(dlsim_opts_create(db, &o), DLSIM_OK);
	CU_ASSERT_EQUAL_FATAL(dlsim_opts_create(db, &o2), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_opts_set(db, o, "until", "20"), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_opts_set(db, o2, "until", "20"), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_opts_set(db, o2, "misses-list", "off"), DLSIM_OK);
	CU_ASSERT_EQUAL_FATAL(dlsim_sim_create(db, sc, o, &on), DLSIM_OK);
	CU_ASSERT_EQUAL_FATAL(dlsim_sim_create(db, sc, o2, &off), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_sim_run(db, on), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_sim_run(db, off), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_sim_finish(db, on), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_sim_finish(db, off), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_sim_misses(off), 2);
	CU_ASSERT_EQUAL(dlsim_sim_text(db, on, 0, &a, &la), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_sim_text(db, off, 0, &b, &lb), DLSIM_OK);
	if (a && b) {
		const char *ta = strstr(a, "\n2 deadline misses (times in tick):");
		const char *tb = strstr(b, "\n2 deadline misses, not listed "
					"(the simulation was made with "
					"misses-list off)\n");

		CU_ASSERT_PTR_NOT_NULL(ta);
		CU_ASSERT_PTR_NOT_NULL(tb);
		CU_ASSERT_PTR_NOT_NULL(strstr(a, "  P2          1         10         15         18          3\n"));
		CU_ASSERT_PTR_NULL(strstr(b, "  P2          1         10         15         18          3\n"));
		/* everything before the miss section is the same */
		if (ta && tb) {
			CU_ASSERT_EQUAL(ta - a, tb - b);
			CU_ASSERT_EQUAL(memcmp(a, b, (size_t)(ta - a)), 0);
		}
	}
	dlsim_free(a);
	dlsim_free(b);
	a = b = NULL;
	CU_ASSERT_EQUAL(dlsim_sim_text(db, off, DLSIM_JSON, &b, &lb), DLSIM_OK);
	CU_ASSERT_PTR_NOT_NULL(b ? strstr(b, "\"misses_list\": [], "
				       "\"misses_list_omitted\": 2") : NULL);
	dlsim_free(b);
	/* a value other than on/off is refused */
	CU_ASSERT_EQUAL(dlsim_opts_set(db, o2, "misses-list", "maybe"),
			DLSIM_OK);
	dlsim_sim_free(off);
	off = NULL;
	CU_ASSERT_EQUAL(dlsim_sim_create(db, sc, o2, &off), DLSIM_USAGE);
	CU_ASSERT_PTR_NULL(off);
	dlsim_sim_free(on);
	dlsim_opts_free(o);
	dlsim_opts_free(o2);
	dlsim_scenario_free(sc);
	dlsim_close(db);
}

/* A simulation run in two halves ends with the statistics and answers of
 * one run. */
static void test_api_step_halves(void)
{
	static const char *const names[] = { "dario", "dhall", "cbs-isolation",
					     "linux-dl", "edf-split" };
	struct dlsim *db = api_open();

	for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
		struct dlsim_scenario *sc = api_example(db, names[k]);
		struct dlsim_sim *one = NULL, *two = NULL;
		char *a = NULL, *b = NULL;
		size_t la, lb;
		int fin = 0;
		int64_t h;

		CU_ASSERT_EQUAL_FATAL(dlsim_sim_create(db, sc, NULL, &one),
				      DLSIM_OK);
		CU_ASSERT_EQUAL_FATAL(dlsim_sim_create(db, sc, NULL, &two),
				      DLSIM_OK);
		CU_ASSERT_EQUAL(dlsim_sim_run(db, one), DLSIM_OK);
		h = dlsim_sim_horizon(two);
		CU_ASSERT_EQUAL(dlsim_sim_run_until(db, two, h / 2, &fin),
				DLSIM_OK);
		CU_ASSERT_FALSE(fin);
		CU_ASSERT_TRUE(dlsim_sim_now(two) <= h / 2);
		CU_ASSERT_EQUAL(dlsim_sim_run_until(db, two, h, &fin), DLSIM_OK);
		CU_ASSERT_TRUE(fin);
		/* after the end: a misuse, never a second run */
		CU_ASSERT_EQUAL(dlsim_sim_run_until(db, two, h, &fin),
				DLSIM_MISUSE);
		CU_ASSERT_EQUAL(dlsim_sim_jobs(one), dlsim_sim_jobs(two));
		CU_ASSERT_EQUAL(dlsim_sim_misses(one), dlsim_sim_misses(two));
		CU_ASSERT_EQUAL(dlsim_sim_max_tardiness(one),
				dlsim_sim_max_tardiness(two));
		for (size_t i = 0; i < dlsim_scenario_ntasks(sc); i++) {
			struct dlsim_task_stats x, y;

			CU_ASSERT_EQUAL(dlsim_sim_task_stats(db, one, i, &x),
					DLSIM_OK);
			CU_ASSERT_EQUAL(dlsim_sim_task_stats(db, two, i, &y),
					DLSIM_OK);
			CU_ASSERT(x.released == y.released &&
				  x.completed == y.completed &&
				  x.missed == y.missed &&
				  x.max_response == y.max_response &&
				  x.max_tardiness == y.max_tardiness &&
				  x.preemptions == y.preemptions);
		}
		CU_ASSERT_EQUAL(dlsim_sim_text(db, one, DLSIM_JSON, &a, &la),
				DLSIM_OK);
		CU_ASSERT_EQUAL(dlsim_sim_text(db, two, DLSIM_JSON, &b, &lb),
				DLSIM_OK);
		CU_ASSERT(a && b && la == lb && !strcmp(a, b));
		dlsim_free(a);
		dlsim_free(b);
		dlsim_sim_free(one);
		dlsim_sim_free(two);
		dlsim_scenario_free(sc);
	}
	dlsim_close(db);
}

struct api_count {
	uint64_t all, kind[DLSIM_REC__COUNT];
	int64_t last;                   /* time of the last record */
	int ordered;                    /* times never went back */
};

static void api_count_rec(void *ctx, const struct dlsim_record *r)
{
	struct api_count *c = ctx;

	c->all++;
	if (r->kind >= 0 && r->kind < DLSIM_REC__COUNT)
		c->kind[r->kind]++;
	if (r->time < c->last)
		c->ordered = 0;
	c->last = r->time;
}

/* The record callback sees every record: as many as the event log holds
 * (one CSV line each, after the header), in time order, and the releases,
 * completions and misses the statistics count. */
static void test_api_record_callback(void)
{
	struct dlsim *db = api_open();
	struct dlsim_scenario *sc = api_example(db, "cbs-isolation");
	struct dlsim_opts *o = NULL;
	struct dlsim_sim *sim = NULL;
	struct api_count c = { .ordered = 1 };
	uint64_t lines = 0, completed = 0;
	char *log = NULL;
	size_t len;

	CU_ASSERT_EQUAL_FATAL(dlsim_opts_create(db, &o), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_opts_set(db, o, "log", ":memory:events.csv"),
			DLSIM_OK);
	CU_ASSERT_EQUAL_FATAL(dlsim_sim_create(db, sc, o, &sim), DLSIM_OK);
	dlsim_opts_free(o);     /* the simulation keeps its own copy */
	CU_ASSERT_EQUAL(dlsim_sim_on_record(db, sim, DLSIM_REC_MASK_ALL,
					    api_count_rec, &c), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_sim_run(db, sim), DLSIM_OK);
	/* callbacks are attached before the run, not after */
	CU_ASSERT_EQUAL(dlsim_sim_on_record(db, sim, DLSIM_REC_MASK_ALL,
					    api_count_rec, &c), DLSIM_MISUSE);
	CU_ASSERT_EQUAL(dlsim_sim_finish(db, sim), DLSIM_OK);
	CU_ASSERT_EQUAL_FATAL(dlsim_memory_take(db, ":memory:events.csv", &log,
						&len), DLSIM_OK);
	for (size_t i = 0; i < len; i++)
		lines += log[i] == '\n';
	CU_ASSERT_TRUE(c.all > 20);
	CU_ASSERT_EQUAL(c.all, lines - 1);
	CU_ASSERT_TRUE(c.ordered);
	CU_ASSERT_EQUAL(c.kind[DLSIM_REC_RELEASE], dlsim_sim_jobs(sim));
	CU_ASSERT_EQUAL(c.kind[DLSIM_REC_END], 1);
	for (size_t i = 0; i < dlsim_scenario_ntasks(sc); i++) {
		struct dlsim_task_stats ts;

		dlsim_sim_task_stats(db, sim, i, &ts);
		completed += ts.completed;
	}
	CU_ASSERT_EQUAL(c.kind[DLSIM_REC_COMPLETE], completed);
	CU_ASSERT_EQUAL(c.kind[DLSIM_REC_MISS], dlsim_sim_misses(sim));
	/* taken: the session holds it no more */
	CU_ASSERT_EQUAL(dlsim_memory_take(db, ":memory:events.csv", &log, &len),
			DLSIM_USAGE);
	dlsim_free(log);
	dlsim_sim_free(sim);
	dlsim_scenario_free(sc);
	dlsim_close(db);
}

/* A bad scenario: the message names file, line, column and field; every
 * out-parameter is untouched. */
static void test_api_errors(void)
{
	static const char bad[] =
		"format: 1\n"
		"time_unit: tick\n"
		"platform: { cpus: 1 }\n"
		"tasks:\n"
		"  - { name: A, C: 4, D: 5, T: 10 }\n"
		"  - { name: B, C: 4, D: five, T: 10 }\n";
	struct dlsim *db = api_open();
	struct dlsim_scenario *sc = (struct dlsim_scenario *)&db, *good = NULL;
	struct dlsim_sim *sim = (struct dlsim_sim *)&db;
	struct dlsim_analysis *an = (struct dlsim_analysis *)&db;
	struct dlsim_opts *o = NULL;
	int64_t t = 42;

	CU_ASSERT_EQUAL(dlsim_scenario_load_string(db, bad, strlen(bad),
						   "bad.yaml", &sc),
			DLSIM_PARSE);
	CU_ASSERT_EQUAL(dlsim_errcode(db), DLSIM_PARSE);
	CU_ASSERT_PTR_EQUAL(sc, &db);
	CU_ASSERT_PTR_NOT_NULL(strstr(dlsim_errmsg(db), "bad.yaml:6:"));
	CU_ASSERT_PTR_NOT_NULL(strstr(dlsim_errmsg(db), "tasks[1].D"));
	CU_ASSERT_EQUAL(dlsim_scenario_load(db, "/nonexistent/x.yaml", &sc),
			DLSIM_IO);
	CU_ASSERT_PTR_EQUAL(sc, &db);
	CU_ASSERT_PTR_NOT_NULL(strstr(dlsim_errmsg(db), "/nonexistent/x.yaml"));
	CU_ASSERT_EQUAL_FATAL(dlsim_scenario_load_string(db, dario,
							 strlen(dario), NULL,
							 &good), DLSIM_OK);
	/* a malformed setting names the option as the command line does */
	CU_ASSERT_EQUAL_FATAL(dlsim_opts_create(db, &o), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_opts_set(db, o, "until", "3x"), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_sim_create(db, good, o, &sim), DLSIM_USAGE);
	CU_ASSERT_PTR_EQUAL(sim, &db);
	CU_ASSERT_PTR_NOT_NULL(strstr(dlsim_errmsg(db), "--until 3x: "));
	CU_ASSERT_EQUAL(dlsim_analyze(db, good, o, &an), DLSIM_USAGE);
	CU_ASSERT_PTR_EQUAL(an, &db);
	/* an option no call takes is refused, never ignored */
	CU_ASSERT_EQUAL(dlsim_opts_set(db, o, "until", NULL), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_opts_set(db, o, "bogus", "1"), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_analyze(db, good, o, &an), DLSIM_USAGE);
	CU_ASSERT_PTR_NOT_NULL(strstr(dlsim_errmsg(db), "--bogus"));
	CU_ASSERT_EQUAL(dlsim_sim_create(db, good, o, &sim), DLSIM_USAGE);
	CU_ASSERT_PTR_EQUAL(sim, &db);
	CU_ASSERT_EQUAL(dlsim_parse_time(db, good, "1.5", &t), DLSIM_PARSE);
	CU_ASSERT_EQUAL(t, 42);
	/* NULL where an object is required: a misuse, not a crash */
	CU_ASSERT_EQUAL(dlsim_sim_run(db, NULL), DLSIM_MISUSE);
	CU_ASSERT_EQUAL(dlsim_analyze(NULL, good, NULL, &an), DLSIM_MISUSE);
	CU_ASSERT_PTR_EQUAL(an, &db);
	/* and a success clears the message */
	CU_ASSERT_EQUAL(dlsim_parse_time(db, good, "7", &t), DLSIM_OK);
	CU_ASSERT_EQUAL(t, 7);
	CU_ASSERT_STRING_EQUAL(dlsim_errmsg(db), "");
	dlsim_opts_free(o);
	dlsim_scenario_free(good);
	dlsim_close(db);
}

/* A chart written into memory is the chart written to a file. */
static void test_api_memory_chart(void)
{
	struct dlsim *db = api_open();
	struct dlsim_scenario *sc = api_example(db, "dario");
	struct dlsim_opts *o = NULL;
	struct dlsim_sim *sim = NULL;
	char *svg = NULL, *tex = NULL;
	size_t ls, lt;

	CU_ASSERT_EQUAL_FATAL(dlsim_opts_create(db, &o), DLSIM_OK);
	dlsim_opts_set(db, o, "gantt", ":memory:chart.svg");
	dlsim_opts_set(db, o, "tikz", ":memory:chart.tex");
	CU_ASSERT_EQUAL_FATAL(dlsim_sim_create(db, sc, o, &sim), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_sim_run(db, sim), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_sim_finish(db, sim), DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_memory_take(db, ":memory:chart.svg", &svg, &ls),
			DLSIM_OK);
	CU_ASSERT_EQUAL(dlsim_memory_take(db, ":memory:chart.tex", &tex, &lt),
			DLSIM_OK);
	CU_ASSERT(svg && ls > 100 && strstr(svg, "<svg"));
	CU_ASSERT(tex && lt > 100 && strstr(tex, "tikzpicture"));
	dlsim_free(svg);
	dlsim_free(tex);
	dlsim_sim_free(sim);
	dlsim_opts_free(o);
	dlsim_scenario_free(sc);
	dlsim_close(db);
	dlsim_release_caches();         /* the chart loaded fonts */
}

/* One pass of load + analyze + run + the answers with allocation n
 * failing: every call ends in DLSIM_OK or DLSIM_NOMEM, nothing leaks
 * (ASan's leak check); true when nothing failed at all. */
static bool api_sweep_once(long n, const char *yaml)
{
	struct dlsim *db = NULL;
	struct dlsim_scenario *sc = NULL;
	struct dlsim_analysis *an = NULL;
	struct dlsim_sim *sim = NULL;
	enum dlsim_status st;
	char *text = NULL;
	size_t len;
	bool clean = true;

	rt_mem_fail_after(n);
	st = dlsim_open(&db);
	if (st != DLSIM_OK) {
		rt_mem_fail_after(-1);
		CU_ASSERT_EQUAL(st, DLSIM_NOMEM);
		return false;
	}
#define SWEEP(call) do { st = (call); \
		if (st != DLSIM_OK) { \
			clean = false; \
			if (st != DLSIM_NOMEM) \
				fprintf(stderr, "\n  n = %ld: %s: %s\n", n, #call, \
					dlsim_errmsg(db)); \
			CU_ASSERT_EQUAL(st, DLSIM_NOMEM); \
			goto out; \
		} } while (0)
	SWEEP(dlsim_scenario_load_string(db, yaml, strlen(yaml), "t.yaml",
					 &sc));
	SWEEP(dlsim_analyze(db, sc, NULL, &an));
	SWEEP(dlsim_analysis_text(db, an, DLSIM_JSON, &text, &len));
	dlsim_free(text);
	text = NULL;
	SWEEP(dlsim_sim_create(db, sc, NULL, &sim));
	SWEEP(dlsim_sim_run(db, sim));
	SWEEP(dlsim_sim_finish(db, sim));
	SWEEP(dlsim_sim_text(db, sim, 0, &text, &len));
#undef SWEEP
out:
	rt_mem_fail_after(-1);
	dlsim_free(text);
	dlsim_sim_free(sim);
	dlsim_analysis_free(an);
	dlsim_scenario_free(sc);
	dlsim_close(db);
	return clean;
}

static void test_api_nomem_sweep(void)
{
	static const char *const yamls[] = {
		dario,
		"format: 1\n"
		"time_unit: ms\n"
		"platform: { cpus: 2 }\n"
		"scheduler: { policy: cbs }\n"
		"servers:\n"
		"  - { name: S, budget: 2, period: 5 }\n"
		"tasks:\n"
		"  - { name: A, C: 2, D: 5, T: 5, server: S }\n"
		"  - { name: B, C: 3, D: 7, T: 7 }\n"
		"  - { name: C, C: 1, D: 4, T: 8, suspend: [ { after: 0.5, for: 1 } ] }\n",
	};

	for (size_t k = 0; k < sizeof(yamls) / sizeof(yamls[0]); k++) {
		long n;

		for (n = 0; n < 100000 && !api_sweep_once(n, yamls[k]); n++)
			;
		CU_ASSERT_TRUE(n > 50);         /* the sweep reached deep */
		CU_ASSERT_TRUE(n < 100000);     /* and a clean pass */
	}
}

CU_TestInfo api_tests[] = {
	{ "version, status and record names", test_api_version },
	{ "the names of the registries", test_api_names },
	{ "a scenario loads from a string", test_api_load_string },
	{ "Dario's case analysed: the answers of dlsim analyze",
	  test_api_analyze_dario },
	{ "linux-dl with a fair server claims no tardiness bound",
	  test_api_analyze_fair_server },
	{ "Dario's case simulated: the answers of dlsim run",
	  test_api_run_dario },
	{ "misses-list off: misses counted, not listed",
	  test_api_misses_list_off },
	{ "a run in two halves gives the statistics of one run",
	  test_api_step_halves },
	{ "the record callback sees every record of the event log",
	  test_api_record_callback },
	{ "errors name line and field; out-parameters untouched",
	  test_api_errors },
	{ "charts written into memory files", test_api_memory_chart },
	{ "allocation failures over load, analyze and run end in NOMEM",
	  test_api_nomem_sweep },
	CU_TEST_INFO_NULL
};
