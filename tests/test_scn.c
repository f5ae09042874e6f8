/* test_scn.c - scenario loading: every field and spelling, defaults, unit
 * conversion, each kind of bad input with the message it must produce,
 * hostile input, large input, allocation failures, the bundled examples.
 *
 * YAML is kept inline and loaded with scn_load_data() under the name
 * "t.yaml", so expected messages start with "t.yaml:LINE:COL: ".  Files are
 * written only under build/. */
#include <dirent.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "models/mem.h"
#include "models/rt_err.h"
#include "models/rt_time.h"
#include "scenarios/scn.h"
#include "tests/suites.h"

#ifndef DLSIM_SRCDIR
#define DLSIM_SRCDIR "."
#endif

#define MS 1000000LL                    /* ns per ms */

static struct scn_scenario *load_ok(const char *yaml)
{
	struct scn_scenario *s = NULL;
	struct rt_diag d;
	enum rt_err err;

	err = scn_load_data((const uint8_t *)yaml, strlen(yaml), "t.yaml", &s, &d);
	if (err != RT_OK)
		fprintf(stderr, "\n  unexpected error: %s\n", d.msg);
	CU_ASSERT_EQUAL_FATAL(err, RT_OK);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	return s;
}

/* Loading 'yaml' must fail with 'want' and a message holding every one of
 * the NULL-terminated fragments; *out must stay untouched. */
static void expect_fail(const char *yaml, enum rt_err want, ...)
{
	struct scn_scenario *sentinel = (struct scn_scenario *)&sentinel;
	struct scn_scenario *s = sentinel;
	struct rt_diag d;
	enum rt_err err;
	const char *frag;
	va_list ap;

	err = scn_load_data((const uint8_t *)yaml, strlen(yaml), "t.yaml", &s, &d);
	CU_ASSERT_EQUAL(err, want);
	CU_ASSERT_PTR_EQUAL(s, sentinel);
	if (err != want)
		fprintf(stderr, "\n  got %s: %s\n", rt_strerror(err), d.msg);
	if (err == RT_OK && s != sentinel)
		scn_free(s);
	va_start(ap, want);
	while ((frag = va_arg(ap, const char *)) != NULL) {
		CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, frag));
		if (!strstr(d.msg, frag))
			fprintf(stderr, "\n  \"%s\" not in: %s\n", frag, d.msg);
	}
	va_end(ap);
}

/* ---- good input ---------------------------------------------------------- */

static void test_classic_scenario_loads_with_defaults(void)
{
	struct scn_scenario *s = load_ok(
		"format: 1\n"
		"tasks:\n"
		"  - { name: P1, C: 4, D: 5, T: 10 }\n"
		"  - { name: P2, runtime: 4, deadline: 5, period: 10 }\n");
	const struct rt_task *t = s->tasks;

	CU_ASSERT_EQUAL(s->format, 1);
	CU_ASSERT_STRING_EQUAL(s->name, "t");           /* from "t.yaml" */
	CU_ASSERT_STRING_EQUAL(s->description, "");
	CU_ASSERT_STRING_EQUAL(s->path, "t.yaml");
	CU_ASSERT_EQUAL(s->time_unit, SCN_UNIT_TICK);
	CU_ASSERT_EQUAL(s->horizon, RT_TIME_NEVER);
	CU_ASSERT_FALSE(s->has_seed);
	CU_ASSERT_EQUAL(s->seed, 0);
	CU_ASSERT_EQUAL(s->cpus, 1);
	CU_ASSERT_STRING_EQUAL(s->sched.policy, "edf");
	CU_ASSERT_STRING_EQUAL(s->sched.admission, "none");
	CU_ASSERT_EQUAL(s->sched.mode, SCN_MODE_SOFT);
	CU_ASSERT_EQUAL(s->sched.placement, SCN_PLACE_GLOBAL);
	CU_ASSERT_EQUAL(s->sched.on_miss, SIM_ON_MISS_CONTINUE);
	CU_ASSERT_EQUAL(s->sched.tie_break, SIM_TIE_TASK_ORDER);
	CU_ASSERT_EQUAL_FATAL(s->ntasks, 2);
	for (size_t i = 0; i < 2; i++) {
		CU_ASSERT_STRING_EQUAL(t[i].name, i ? "P2" : "P1");
		CU_ASSERT_EQUAL(t[i].wcet, 4);
		CU_ASSERT_EQUAL(t[i].deadline, 5);
		CU_ASSERT_EQUAL(t[i].period, 10);
		CU_ASSERT_EQUAL(t[i].offset, 0);
		CU_ASSERT_EQUAL(t[i].jitter, 0);
		CU_ASSERT_EQUAL(t[i].arrival, RT_ARRIVAL_PERIODIC);
		CU_ASSERT_EQUAL(t[i].exec, RT_EXEC_FIXED);
		CU_ASSERT_EQUAL(t[i].klass, RT_CLASS_HARD);
		CU_ASSERT_EQUAL(t[i].cpu, -1);
		CU_ASSERT_EQUAL(t[i].priority, 0);
		CU_ASSERT_PTR_NULL(t[i].releases);
		CU_ASSERT_PTR_NULL(t[i].exec_values);
	}
	scn_free(s);
	scn_free(NULL);                 /* a no-op */
}

static void test_every_optional_field_is_read(void)
{
	struct scn_scenario *s = load_ok(
		"format: 1\n"
		"name: full\n"
		"description: every field\n"
		"time_unit: us\n"
		"horizon: 2s\n"
		"seed: 18446744073709551615\n"
		"platform: { cpus: 4 }\n"
		"scheduler:\n"
		"  policy: linux-dl\n"
		"  mode: hard\n"
		"  placement: partitioned\n"
		"  admission: partitioned-first-fit\n"
		"  on_miss: abort\n"
		"  tie_break: fifo\n"
		"tasks:\n"
		"  - name: A\n"
		"    C: 100\n"
		"    T: 1ms\n"
		"    offset: 5\n"
		"    jitter: 1.5\n"
		"    class: soft\n"
		"    cpu: 3\n"
		"    priority: -7\n"
		"  - { name: B, C: 2, D: 3, T: 200, cpu: -1, class: hard, "
		"priority: 9223372036854775807 }\n");
	const struct rt_task *a = &s->tasks[0], *b = &s->tasks[1];

	CU_ASSERT_STRING_EQUAL(s->name, "full");
	CU_ASSERT_STRING_EQUAL(s->description, "every field");
	CU_ASSERT_EQUAL(s->time_unit, SCN_UNIT_US);
	CU_ASSERT_EQUAL(s->horizon, 2000 * MS);
	CU_ASSERT_TRUE(s->has_seed);
	CU_ASSERT_EQUAL(s->seed, UINT64_MAX);
	CU_ASSERT_EQUAL(s->cpus, 4);
	CU_ASSERT_STRING_EQUAL(s->sched.policy, "linux-dl");
	CU_ASSERT_EQUAL(s->sched.mode, SCN_MODE_HARD);
	CU_ASSERT_EQUAL(s->sched.placement, SCN_PLACE_PARTITIONED);
	CU_ASSERT_STRING_EQUAL(s->sched.admission, "partitioned-first-fit");
	CU_ASSERT_EQUAL(s->sched.on_miss, SIM_ON_MISS_ABORT);
	CU_ASSERT_EQUAL(s->sched.tie_break, SIM_TIE_FIFO);
	CU_ASSERT_EQUAL(a->wcet, 100000);
	CU_ASSERT_EQUAL(a->period, MS);
	CU_ASSERT_EQUAL(a->deadline, MS);
	CU_ASSERT_EQUAL(a->offset, 5000);
	CU_ASSERT_EQUAL(a->jitter, 1500);
	CU_ASSERT_EQUAL(a->klass, RT_CLASS_SOFT);
	CU_ASSERT_EQUAL(a->cpu, 3);
	CU_ASSERT_EQUAL(a->priority, -7);
	CU_ASSERT_EQUAL(b->wcet, 2000);
	CU_ASSERT_EQUAL(b->deadline, 3000);
	CU_ASSERT_EQUAL(b->klass, RT_CLASS_HARD);
	CU_ASSERT_EQUAL(b->cpu, -1);
	CU_ASSERT_EQUAL(b->priority, INT64_MAX);
	scn_free(s);
}

static void test_placement_and_seed_spellings(void)
{
	struct scn_scenario *s = load_ok(
		"format: 1\nseed: 0x2A\n"
		"scheduler: { placement: clustered, cluster_size: 1, mode: soft,"
		" on_miss: continue, tie_break: task-order }\n"
		"tasks: [{name: a, C: 1, T: 2}]\n");

	CU_ASSERT_EQUAL(s->seed, 42);
	CU_ASSERT_EQUAL(s->sched.placement, SCN_PLACE_CLUSTERED);
	scn_free(s);
	s = load_ok("format: 1\nseed: 0\nname: \"\"\ntasks: [{name: a, C: 1, T: 2}]\n");
	CU_ASSERT_TRUE(s->has_seed);
	CU_ASSERT_EQUAL(s->seed, 0);
	CU_ASSERT_STRING_EQUAL(s->name, "");
	scn_free(s);
}

static void test_time_units_convert_to_nanoseconds(void)
{
	static const struct {
		const char *unit;
		enum scn_time_unit u;
		rt_time c;              /* "C: 3" */
	} cases[] = {
		{ "ns", SCN_UNIT_NS, 3 },
		{ "us", SCN_UNIT_US, 3000 },
		{ "ms", SCN_UNIT_MS, 3 * MS },
		{ "s",  SCN_UNIT_S,  3000 * MS },
		{ "tick", SCN_UNIT_TICK, 3 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char yaml[256];
		struct scn_scenario *s;

		snprintf(yaml, sizeof(yaml), "format: 1\ntime_unit: %s\n"
			 "tasks: [{name: a, C: 3, T: %s}]\n", cases[i].unit,
			 cases[i].u == SCN_UNIT_TICK ? "7" : "7ms");
		s = load_ok(yaml);
		CU_ASSERT_EQUAL(s->time_unit, cases[i].u);
		CU_ASSERT_EQUAL(s->tasks[0].wcet, cases[i].c);
		CU_ASSERT_EQUAL(s->tasks[0].period,
				cases[i].u == SCN_UNIT_TICK ? 7 : 7 * MS);
		scn_free(s);
	}
}

static void test_parse_time_is_exact_or_rejects(void)
{
	static const struct {
		const char *in;
		enum scn_time_unit u;
		enum rt_err err;
		rt_time want;
		const char *frag;       /* in the message when err != RT_OK */
	} cases[] = {
		{ "4", SCN_UNIT_TICK, RT_OK, 4, NULL },
		{ "+4", SCN_UNIT_TICK, RT_OK, 4, NULL },
		{ "-4", SCN_UNIT_TICK, RT_OK, -4, NULL },
		{ "4ticks", SCN_UNIT_TICK, RT_OK, 4, NULL },
		{ "4 tick", SCN_UNIT_TICK, RT_OK, 4, NULL },
		{ "1.0", SCN_UNIT_TICK, RT_OK, 1, NULL },
		{ "1.5", SCN_UNIT_TICK, RT_ERR_PARSE, 0, "not a whole number of ticks" },
		{ "10ms", SCN_UNIT_TICK, RT_ERR_PARSE, 0, "physical unit" },
		{ "500us", SCN_UNIT_MS, RT_OK, 500000, NULL },
		{ "1.5ms", SCN_UNIT_US, RT_OK, 1500000, NULL },
		{ "1.5", SCN_UNIT_MS, RT_OK, 1500000, NULL },
		{ "2s", SCN_UNIT_NS, RT_OK, 2000000000, NULL },
		{ "0.000000001s", SCN_UNIT_MS, RT_OK, 1, NULL },
		{ "1.2500000000000", SCN_UNIT_US, RT_OK, 1250, NULL },
		{ "007", SCN_UNIT_NS, RT_OK, 7, NULL },
		{ "0", SCN_UNIT_S, RT_OK, 0, NULL },
		{ "-0.5ms", SCN_UNIT_S, RT_OK, -500000, NULL },
		{ "0.5ns", SCN_UNIT_NS, RT_ERR_PARSE, 0, "not a whole number of nanoseconds" },
		{ "0.0000000001s", SCN_UNIT_S, RT_ERR_PARSE, 0, "at most 9 decimal" },
		{ "1.2345ms", SCN_UNIT_MS, RT_OK, 1234500, NULL },
		{ "1.2345678ms", SCN_UNIT_MS, RT_ERR_PARSE, 0, "at most 6 decimal" },
		{ "4ticks", SCN_UNIT_MS, RT_ERR_PARSE, 0, "counts ticks" },
		{ "", SCN_UNIT_MS, RT_ERR_PARSE, 0, "is not a time" },
		{ "ms", SCN_UNIT_MS, RT_ERR_PARSE, 0, "is not a time" },
		{ "1.", SCN_UNIT_MS, RT_ERR_PARSE, 0, "is not a time" },
		{ ".5", SCN_UNIT_MS, RT_ERR_PARSE, 0, "is not a time" },
		{ "1e3", SCN_UNIT_MS, RT_ERR_PARSE, 0, "is not a time" },
		{ "4 5", SCN_UNIT_TICK, RT_ERR_PARSE, 0, "whole number of ticks, e.g." },
		{ "10 m", SCN_UNIT_MS, RT_ERR_PARSE, 0, "unit ns, us, ms or s" },
		{ "0x10", SCN_UNIT_NS, RT_ERR_PARSE, 0, "is not a time" },
		{ "9223372036854775806", SCN_UNIT_NS, RT_OK, INT64_MAX - 1, NULL },
		{ "9223372036854775807", SCN_UNIT_NS, RT_ERR_OVERFLOW, 0,
		  "\"9223372036854775807\" overflows" },
		{ "9223372036.854775806s", SCN_UNIT_NS, RT_OK, INT64_MAX - 1, NULL },
		{ "9223372037s", SCN_UNIT_NS, RT_ERR_OVERFLOW, 0, "overflows" },
		{ "99999999999999999999999999999999999999999", SCN_UNIT_S,
		  RT_ERR_OVERFLOW, 0, "overflows" },
		{ "-9223372036854775806", SCN_UNIT_TICK, RT_OK, -(INT64_MAX - 1), NULL },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct rt_diag d;
		rt_time v = 12345;
		enum rt_err err = scn_parse_time(cases[i].in, cases[i].u, &v, &d);

		if (err != cases[i].err || (err == RT_OK && v != cases[i].want))
			fprintf(stderr, "\n  case %zu \"%s\": %s %lld (%s)\n", i,
				cases[i].in, rt_strerror(err), (long long)v, d.msg);
		CU_ASSERT_EQUAL(err, cases[i].err);
		if (err == RT_OK) {
			CU_ASSERT_EQUAL(v, cases[i].want);
			CU_ASSERT_STRING_EQUAL(d.msg, "");
		} else {
			CU_ASSERT_EQUAL(v, 12345);              /* untouched */
			CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, cases[i].frag));
		}
	}
}

static void test_unit_names_are_documented(void)
{
	CU_ASSERT_STRING_EQUAL(scn_time_unit_name(SCN_UNIT_TICK), "tick");
	CU_ASSERT_STRING_EQUAL(scn_time_unit_name(SCN_UNIT_NS), "ns");
	CU_ASSERT_STRING_EQUAL(scn_time_unit_name(SCN_UNIT_US), "us");
	CU_ASSERT_STRING_EQUAL(scn_time_unit_name(SCN_UNIT_MS), "ms");
	CU_ASSERT_STRING_EQUAL(scn_time_unit_name(SCN_UNIT_S), "s");
	CU_ASSERT_STRING_EQUAL(scn_internal_unit_name(SCN_UNIT_TICK), "tick");
	CU_ASSERT_STRING_EQUAL(scn_internal_unit_name(SCN_UNIT_MS), "ns");
	CU_ASSERT_STRING_EQUAL(scn_internal_unit_name(SCN_UNIT_S), "ns");
}

static void test_sporadic_and_uniform_models_are_read(void)
{
	struct scn_scenario *s = load_ok(
		"format: 1\ntime_unit: ms\nseed: 7\n"
		"tasks:\n"
		"  - name: s\n"
		"    C: 2\n"
		"    T: 10\n"
		"    arrival: { model: sporadic, max_delay: 500us }\n"
		"    exec: { model: uniform, min: 1, max: 1.5 }\n"
		"  - { name: p, C: 1, T: 5, arrival: { model: periodic },"
		" exec: { model: fixed } }\n"
		"  - { name: z, C: 1, T: 5, arrival: { model: sporadic,"
		" max_delay: 0 } }\n");
	const struct rt_task *t = s->tasks;

	CU_ASSERT_TRUE(s->has_seed);
	CU_ASSERT_EQUAL(s->seed, 7);
	CU_ASSERT_EQUAL(t[0].arrival, RT_ARRIVAL_SPORADIC);
	CU_ASSERT_EQUAL(t[0].max_delay, 500000);
	CU_ASSERT_EQUAL(t[0].exec, RT_EXEC_UNIFORM);
	CU_ASSERT_EQUAL(t[0].exec_min, MS);
	CU_ASSERT_EQUAL(t[0].exec_max, 1500000);
	CU_ASSERT_EQUAL(t[1].arrival, RT_ARRIVAL_PERIODIC);
	CU_ASSERT_EQUAL(t[1].exec, RT_EXEC_FIXED);
	CU_ASSERT_EQUAL(t[2].arrival, RT_ARRIVAL_SPORADIC);
	CU_ASSERT_EQUAL(t[2].max_delay, 0);
	scn_free(s);
}

static void test_release_and_exec_lists_are_read_in_order(void)
{
	struct scn_scenario *s = load_ok(
		"format: 1\n"
		"tasks:\n"
		"  - name: r\n"
		"    C: 2\n"
		"    T: 10\n"
		"    releases: [0, 3, 3, 40]\n"
		"    exec: { model: list, values: [2, 5, 1] }\n"
		"  - { name: one, C: 1, T: 1, releases: [7], arrival: periodic }\n");
	const struct rt_task *t = s->tasks;

	CU_ASSERT_EQUAL(t[0].arrival, RT_ARRIVAL_LIST);
	CU_ASSERT_EQUAL_FATAL(t[0].nreleases, 4);
	CU_ASSERT_EQUAL(t[0].releases[0], 0);
	CU_ASSERT_EQUAL(t[0].releases[1], 3);
	CU_ASSERT_EQUAL(t[0].releases[2], 3);
	CU_ASSERT_EQUAL(t[0].releases[3], 40);
	CU_ASSERT_EQUAL(t[0].exec, RT_EXEC_LIST);
	CU_ASSERT_EQUAL_FATAL(t[0].nexec_values, 3);
	CU_ASSERT_EQUAL(t[0].exec_values[0], 2);
	CU_ASSERT_EQUAL(t[0].exec_values[1], 5);
	CU_ASSERT_EQUAL(t[0].exec_values[2], 1);
	CU_ASSERT_EQUAL(t[1].arrival, RT_ARRIVAL_LIST);
	CU_ASSERT_EQUAL(t[1].nreleases, 1);
	scn_free(s);
}

static void test_arrival_and_exec_accept_the_scalar_shorthand(void)
{
	struct scn_scenario *s = load_ok(
		"format: 1\n"
		"tasks:\n"
		"  - { name: a, C: 1, T: 5, arrival: periodic, exec: fixed }\n"
		"  - { name: b, C: 1, T: 5 }\n"
		"  - name: c\n"
		"    C: 1\n"
		"    T: 5\n"
		"    arrival: \"periodic\"   # quoted\n"
		"    exec: 'fixed'\n"
		"  - { name: \xc3\xa9t\xc3\xa9, C: 1, T: 5, arrival: !!str periodic }\n");

	CU_ASSERT_EQUAL_FATAL(s->ntasks, 4);
	for (size_t i = 0; i < 4; i++) {
		CU_ASSERT_EQUAL(s->tasks[i].arrival, RT_ARRIVAL_PERIODIC);
		CU_ASSERT_EQUAL(s->tasks[i].exec, RT_EXEC_FIXED);
	}
	CU_ASSERT_STRING_EQUAL(s->tasks[3].name, "\xc3\xa9t\xc3\xa9");
	scn_free(s);
	expect_fail("format: 1\ntasks:\n"
		    "  - { name: a, C: 1, T: 5, arrival: sporadic }\n",
		    RT_ERR_PARSE, "t.yaml:3:37: tasks[0].arrival: ",
		    "sporadic needs max_delay", NULL);
	expect_fail("format: 1\ntasks:\n"
		    "  - { name: a, C: 1, T: 5, exec: uniform }\n",
		    RT_ERR_PARSE, "t.yaml:3:34: tasks[0].exec: ",
		    "needs min and max", NULL);
	expect_fail("format: 1\ntasks:\n"
		    "  - { name: a, C: 1, T: 5, arrival: bursty }\n",
		    RT_ERR_PARSE, "t.yaml:3:37: tasks[0].arrival: \"bursty\" is "
		    "not valid; expected periodic | sporadic", NULL);
	expect_fail("format: 1\ntasks:\n"
		    "  - { name: a, C: 1, T: 5 }\n"
		    "  - { name: b, C: 1, T: 5, arrival: x }\n",
		    RT_ERR_PARSE, "t.yaml:4:37: tasks[1].arrival: \"x\" is not "
		    "valid", NULL);
	expect_fail("format: 1\ntasks:\n"
		    "  - name: a\n    C: 1\n    T: 5\n    exec:\n",
		    RT_ERR_PARSE, "tasks[0].exec: \"\" is not valid", NULL);
	expect_fail("format: 1\ntasks:\n"
		    "  - name: a\n    C: 1\n    T: 5\n    arrival: |\n"
		    "      periodic\n",
		    RT_ERR_PARSE, "t.yaml:6:14: tasks[0].arrival:",
		    "on one line", NULL);
	expect_fail("format: 1\ntasks:\n"
		    "  - { name: a, C: 1, T: 5, arrival: {} }\n",
		    RT_ERR_PARSE, "t.yaml:3:37: tasks[0].arrival: missing model",
		    NULL);
}

/* ---- bad input: each message names file, line, column and field ---------- */

static void test_empty_input_is_an_empty_scenario(void)
{
	struct scn_scenario *s = NULL;
	struct rt_diag d;

	expect_fail("", RT_ERR_PARSE, "t.yaml: empty scenario", NULL);
	expect_fail("# nothing but a comment\n\n   \n", RT_ERR_PARSE,
		    "empty scenario", NULL);
	expect_fail("---\n...\n", RT_ERR_PARSE, "empty scenario", NULL);
	CU_ASSERT_EQUAL(scn_load_data(NULL, 0, NULL, &s, &d), RT_ERR_PARSE);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "<data>: empty scenario"));
	CU_ASSERT_PTR_NULL(s);
}

static void test_text_that_is_not_yaml_names_the_error_line(void)
{
	expect_fail("format: 1\n\ttasks: 2\n", RT_ERR_PARSE,
		    "t.yaml:2:1: not valid YAML: found a tab character", NULL);
	expect_fail("format: 1\ntasks: [{name: a\n", RT_ERR_PARSE,
		    "t.yaml:3:1: not valid YAML", NULL);
	expect_fail("format: \"1\n", RT_ERR_PARSE, "t.yaml:2:1: not valid YAML",
		    "end of stream", NULL);
	expect_fail("format: 1\nname: a\x01z\n", RT_ERR_PARSE,
		    "t.yaml:2:8: not valid YAML", "control characters", NULL);
	expect_fail("format: 1\nname: \xff\xfe\n", RT_ERR_PARSE,
		    "t.yaml:2:7: not valid YAML", "UTF-8", NULL);
}

static void test_top_level_must_be_a_mapping(void)
{
	expect_fail("- format: 1\n- tasks: []\n", RT_ERR_PARSE,
		    "t.yaml:1:1: the scenario is a list; expected a mapping", NULL);
	expect_fail("42\n", RT_ERR_PARSE,
		    "t.yaml:1:1: the scenario is a single value", NULL);
	expect_fail("format: 1\ntasks: {name: a}\n", RT_ERR_PARSE,
		    "t.yaml:2:8: tasks: got a mapping; expected a list", NULL);
	expect_fail("format: 1\ntasks: [P1]\n", RT_ERR_PARSE,
		    "t.yaml:2:9: tasks[0]: got a single value; expected a mapping",
		    NULL);
	expect_fail("format: 1\nplatform: 2\ntasks: [{name: a, C: 1, T: 2}]\n",
		    RT_ERR_PARSE, "t.yaml:2:11: platform: got a single value; "
		    "expected a mapping", NULL);
	expect_fail("format: [1]\n", RT_ERR_PARSE,
		    "t.yaml:1:9: format: got a list; expected a single value", NULL);
	expect_fail("format: 1\ntasks:\n", RT_ERR_PARSE,
		    "tasks: got a single value; expected a list", NULL);
	expect_fail("format: 1\ntasks: []\n", RT_ERR_PARSE,
		    "t.yaml:2:8: tasks: empty list; expected at least one", NULL);
}

static void test_unknown_keys_are_rejected_with_the_keys_allowed(void)
{
	expect_fail("format: 1\nbogus: 1\n", RT_ERR_PARSE,
		    "t.yaml:2:1: bogus: unknown key; expected one of: format, "
		    "name, description, time_unit, horizon, seed, platform, "
		    "scheduler, tasks", NULL);
	expect_fail("format: 1\ntasks:\n  - { name: a, C: 1, T: 2 }\n"
		    "  - { name: b, C: 1, wcet: 1, T: 2 }\n", RT_ERR_PARSE,
		    "t.yaml:4:22: tasks[1].wcet: unknown key; expected one of: "
		    "name, C, runtime, D, deadline, T, period, offset, jitter, "
		    "arrival, releases, exec, class, cpu, priority", NULL);
	expect_fail("format: 1\nscheduler:\n  policy: edf\n  Mode: hard\n",
		    RT_ERR_PARSE, "t.yaml:4:3: scheduler.Mode: unknown key; "
		    "expected one of: policy, mode, placement, admission, "
		    "on_miss, tie_break", NULL);
	expect_fail("format: 1\nplatform: {cpus: 1, smt: 2}\n", RT_ERR_PARSE,
		    "t.yaml:2:21: platform.smt: unknown key; expected one of: cpus",
		    NULL);
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 2,"
		    " arrival: {model: sporadic, delay: 1}}]\n", RT_ERR_PARSE,
		    "t.yaml:2:58: tasks[0].arrival.delay: unknown key; expected "
		    "one of: model, max_delay", NULL);
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 2,"
		    " exec: {model: list, value: [1]}}]\n", RT_ERR_PARSE,
		    "tasks[0].exec.value: unknown key; expected one of: model, "
		    "min, max, values", NULL);
	expect_fail("format: 1\n\"we.ird\\n\": 1\n", RT_ERR_PARSE,
		    "t.yaml:2:1: \"we.ird\\x0a\": unknown key", NULL);
}

static void test_missing_fields_are_named_at_their_mapping(void)
{
	expect_fail("tasks: [{name: a, C: 1, T: 2}]\n", RT_ERR_PARSE,
		    "t.yaml:1:1: missing format; expected format: 1", NULL);
	expect_fail("format: 1\nname: x\n", RT_ERR_PARSE,
		    "t.yaml:1:1: missing tasks", NULL);
	expect_fail("format: 1\ntasks:\n  - { C: 4, T: 10 }\n", RT_ERR_PARSE,
		    "t.yaml:3:5: tasks[0]: missing name", NULL);
	expect_fail("format: 1\ntasks:\n  - name: a\n    T: 10\n", RT_ERR_PARSE,
		    "t.yaml:3:5: tasks[0]: missing C (or runtime)", NULL);
	expect_fail("format: 1\ntasks:\n  - { name: a, C: 4 }\n", RT_ERR_PARSE,
		    "t.yaml:3:5: tasks[0]: missing T (or period)", NULL);
	expect_fail("format: 1\ntasks:\n  - { name: a, C: 4, T: 9, exec: "
		    "{model: list} }\n", RT_ERR_PARSE,
		    "t.yaml:3:34: tasks[0].exec: model list needs values", NULL);
}

static void test_zero_and_negative_parameters_are_rejected(void)
{
	expect_fail("format: 1\ntasks:\n  - { name: a, C: 0, T: 10 }\n",
		    RT_ERR_INVAL, "t.yaml:3:19: tasks[0].C: \"0\" is zero; "
		    "expected a time > 0", NULL);
	expect_fail("format: 1\ntasks:\n  - { name: a, runtime: -4, T: 10 }\n",
		    RT_ERR_INVAL, "t.yaml:3:25: tasks[0].runtime: \"-4\" is "
		    "negative; expected a time > 0", NULL);
	expect_fail("format: 1\ntasks:\n  - { name: a, C: 1, period: 0 }\n",
		    RT_ERR_INVAL, "t.yaml:3:30: tasks[0].period: \"0\" is zero", NULL);
	expect_fail("format: 1\ntasks:\n  - { name: a, C: 1, T: -1ms }\n",
		    RT_ERR_PARSE, "tasks[0].T: \"-1ms\" has a physical unit", NULL);
	expect_fail("format: 1\ntasks:\n  - { name: a, C: 1, T: 3, D: 0 }\n",
		    RT_ERR_INVAL, "t.yaml:3:31: tasks[0].D: \"0\" is zero", NULL);
	expect_fail("format: 1\ntasks:\n  - { name: a, C: 1, T: 3, offset: -1 }\n",
		    RT_ERR_INVAL, "tasks[0].offset: \"-1\" is negative; expected "
		    "a time >= 0", NULL);
	expect_fail("format: 1\ntasks:\n  - { name: a, C: 1, T: 3, jitter: -2 }\n",
		    RT_ERR_INVAL, "tasks[0].jitter: \"-2\" is negative", NULL);
	expect_fail("format: 1\nhorizon: 0\ntasks: [{name: a, C: 1, T: 2}]\n",
		    RT_ERR_INVAL, "t.yaml:2:10: horizon: \"0\" is zero", NULL);
	/* D < C is legal input (it must miss) */
	scn_free(load_ok("format: 1\ntasks: [{name: a, C: 5, D: 2, T: 9}]\n"));
}

static void test_a_parameter_given_twice_is_rejected(void)
{
	expect_fail("format: 1\ntasks:\n  - { name: a, C: 4, runtime: 4, T: 10 }\n",
		    RT_ERR_PARSE, "t.yaml:3:22: tasks[0].runtime: C and runtime "
		    "are the same parameter", NULL);
	expect_fail("format: 1\ntasks:\n  - { name: a, period: 4, C: 1, T: 10 }\n",
		    RT_ERR_PARSE, "t.yaml:3:33: tasks[0].T: T and period are the "
		    "same parameter", NULL);
	expect_fail("format: 1\ntasks:\n  - { name: a, C: 1, T: 4, deadline: 3,"
		    " D: 3 }\n", RT_ERR_PARSE, "t.yaml:3:41: tasks[0].D: D and "
		    "deadline", NULL);
	expect_fail("format: 1\ntasks:\n  - { name: a, C: 4, C: 5, T: 10 }\n",
		    RT_ERR_PARSE, "t.yaml:3:22: tasks[0].C: given twice", NULL);
	expect_fail("format: 1\nformat: 1\n", RT_ERR_PARSE,
		    "t.yaml:2:1: format: given twice", NULL);
	expect_fail("format: 1\nscheduler:\n  mode: hard\n  mode: soft\n",
		    RT_ERR_PARSE, "t.yaml:4:3: scheduler.mode: given twice", NULL);
}

static void test_units_must_fit_the_time_unit_exactly(void)
{
	expect_fail("format: 1\ntasks:\n  - { name: a, C: 10ms, T: 20 }\n",
		    RT_ERR_PARSE, "t.yaml:3:19: tasks[0].C: \"10ms\" has a "
		    "physical unit but time_unit is tick", NULL);
	expect_fail("format: 1\ntasks:\n  - { name: a, C: 1.5, T: 20 }\n",
		    RT_ERR_PARSE, "t.yaml:3:19: tasks[0].C: \"1.5\" is not a "
		    "whole number of ticks", NULL);
	expect_fail("format: 1\ntime_unit: ns\ntasks:\n"
		    "  - { name: a, C: 0.5, T: 20 }\n", RT_ERR_PARSE,
		    "t.yaml:4:19: tasks[0].C: \"0.5\" is not a whole number of "
		    "nanoseconds", NULL);
	expect_fail("format: 1\ntime_unit: ms\ntasks:\n"
		    "  - { name: a, C: 1, T: 20, jitter: 0.5ns }\n", RT_ERR_PARSE,
		    "tasks[0].jitter: \"0.5ns\" is not a whole number", NULL);
	expect_fail("format: 1\ntime_unit: ms\ntasks:\n"
		    "  - { name: a, C: 4ticks, T: 20 }\n", RT_ERR_PARSE,
		    "tasks[0].C: \"4ticks\" counts ticks but time_unit is ms", NULL);
	expect_fail("format: 1\ntasks:\n  - { name: a, C: four, T: 20 }\n",
		    RT_ERR_PARSE, "tasks[0].C: \"four\" is not a time", NULL);
	expect_fail("format: 1\ntasks:\n  - { name: a, C: 1, T: 20, releases:"
		    " [0, 2.5] }\n", RT_ERR_PARSE, "t.yaml:3:43: "
		    "tasks[0].releases[1]: \"2.5\" is not a whole number", NULL);
}

static void test_overflowing_values_are_rejected_naming_them(void)
{
	expect_fail("format: 1\ntasks:\n  - { name: a, C: 9223372036854775807,"
		    " T: 2 }\n", RT_ERR_OVERFLOW, "t.yaml:3:19: tasks[0].C: "
		    "\"9223372036854775807\" overflows the 64-bit time range", NULL);
	expect_fail("format: 1\ntime_unit: s\ntasks:\n"
		    "  - { name: a, C: 1, T: 9223372037 }\n", RT_ERR_OVERFLOW,
		    "tasks[0].T: \"9223372037\" overflows", "ns", NULL);
	expect_fail("format: 1\nhorizon: 100000000000000000000000000000000000\n",
		    RT_ERR_OVERFLOW, "t.yaml:2:10: horizon: ", "overflows", NULL);
}

static void test_bad_enum_values_list_the_valid_names(void)
{
	expect_fail("format: 1\ntime_unit: sec\n", RT_ERR_PARSE,
		    "t.yaml:2:12: time_unit: \"sec\" is not valid; expected tick | "
		    "ns | us | ms | s", NULL);
	expect_fail("format: 1\nscheduler: { mode: Hard }\n", RT_ERR_PARSE,
		    "t.yaml:2:20: scheduler.mode: \"Hard\" is not valid; expected "
		    "soft | hard", NULL);
	expect_fail("format: 1\nscheduler: { placement: local }\n", RT_ERR_PARSE,
		    "scheduler.placement: \"local\" is not valid; expected global | "
		    "partitioned | clustered", NULL);
	expect_fail("format: 1\nscheduler: { on_miss: skip }\n", RT_ERR_PARSE,
		    "scheduler.on_miss: \"skip\" is not valid; expected continue | "
		    "abort", NULL);
	expect_fail("format: 1\nscheduler: { tie_break: lifo }\n", RT_ERR_PARSE,
		    "scheduler.tie_break: \"lifo\" is not valid; expected "
		    "task-order | fifo", NULL);
	expect_fail("format: 1\nscheduler: { policy: \"e d f\" }\n", RT_ERR_PARSE,
		    "scheduler.policy: \"e d f\" is not a name", NULL);
	expect_fail("format: 1\nscheduler: { admission: \"\" }\n", RT_ERR_PARSE,
		    "scheduler.admission: empty", NULL);
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 2, class: firm}]\n",
		    RT_ERR_PARSE, "t.yaml:2:38: tasks[0].class: \"firm\" is not "
		    "valid; expected hard | soft", NULL);
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 2, exec: {model: "
		    "normal}}]\n", RT_ERR_PARSE, "tasks[0].exec.model: \"normal\" "
		    "is not valid; expected fixed | uniform | list", NULL);
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 2, arrival: {model: "
		    "poisson}}]\n", RT_ERR_PARSE, "t.yaml:2:48: "
		    "tasks[0].arrival.model: \"poisson\" is not valid", NULL);
}

static void test_model_combinations_are_checked(void)
{
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 9, releases: [0, 5, 3]}]\n",
		    RT_ERR_INVAL, "t.yaml:2:48: tasks[0].releases[2]: \"3\" is "
		    "before releases[1] = \"5\"", NULL);
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 9, releases: [-1]}]\n",
		    RT_ERR_INVAL, "tasks[0].releases[0]: \"-1\" is negative", NULL);
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 9, releases: []}]\n",
		    RT_ERR_PARSE, "tasks[0].releases: empty list", NULL);
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 9, offset: 2, "
		    "releases: [3]}]\n", RT_ERR_PARSE, "t.yaml:2:31: "
		    "tasks[0].offset: does not apply to explicit releases", NULL);
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 9, arrival: {model: "
		    "sporadic, max_delay: 1}, releases: [3]}]\n", RT_ERR_PARSE,
		    "tasks[0].releases: cannot be combined with arrival model "
		    "sporadic", NULL);
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 9, arrival: {model: "
		    "periodic, max_delay: 1}}]\n", RT_ERR_PARSE,
		    "tasks[0].arrival.max_delay: applies only to model: sporadic",
		    NULL);
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 9, arrival: {model: "
		    "sporadic, max_delay: -1}}]\n", RT_ERR_INVAL,
		    "tasks[0].arrival.max_delay: \"-1\" is negative", NULL);
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 9, exec: {model: "
		    "uniform, min: 3, max: 2}}]\n", RT_ERR_INVAL,
		    "tasks[0].exec.max: \"2\" is less than min = \"3\"", NULL);
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 9, exec: {model: "
		    "uniform, min: 0, max: 2}}]\n", RT_ERR_INVAL,
		    "tasks[0].exec.min: \"0\" is zero", NULL);
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 9, exec: {model: "
		    "fixed, values: [1]}}]\n", RT_ERR_PARSE, "t.yaml:2:52: "
		    "tasks[0].exec.values: does not apply to model fixed", NULL);
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 9, exec: {model: "
		    "list, values: [1], max: 3}}]\n", RT_ERR_PARSE,
		    "tasks[0].exec.max: does not apply to model list", NULL);
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 9, exec: {model: "
		    "list, values: [1, 0]}}]\n", RT_ERR_INVAL,
		    "tasks[0].exec.values[1]: \"0\" is zero", NULL);
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 9, releases: [1, [2]]}]\n",
		    RT_ERR_PARSE, "t.yaml:2:45: tasks[0].releases[1]: got a list; "
		    "expected a single value", NULL);
}

static void test_task_names_are_unique_and_not_empty(void)
{
	expect_fail("format: 1\ntasks:\n  - { name: P1, C: 4, T: 10 }\n"
		    "  - { name: P2, C: 4, T: 10 }\n  - { name: P1, C: 4, T: 10 }\n",
		    RT_ERR_PARSE, "t.yaml:5:13: tasks[2].name: \"P1\" is already "
		    "the name of tasks[0]", NULL);
	expect_fail("format: 1\ntasks: [{name: \"\", C: 1, T: 2}]\n",
		    RT_ERR_PARSE, "t.yaml:2:16: tasks[0].name: empty", NULL);
}

static void test_counts_are_range_checked(void)
{
	expect_fail("format: 2\n", RT_ERR_PARSE,
		    "t.yaml:1:9: format: \"2\" is not a supported format; expected 1",
		    NULL);
	expect_fail("format: 1.0\n", RT_ERR_PARSE, "format: \"1.0\" is not a "
		    "supported", NULL);
	expect_fail("format: 1\nplatform: {cpus: 0}\n", RT_ERR_PARSE,
		    "t.yaml:2:18: platform.cpus: \"0\" is out of range; expected an "
		    "integer from 1 to 65536", NULL);
	expect_fail("format: 1\nplatform: {cpus: 1.5}\n", RT_ERR_PARSE,
		    "platform.cpus: \"1.5\" is not an integer", NULL);
	expect_fail("format: 1\nplatform: {cpus: 99999999999999999999999}\n",
		    RT_ERR_PARSE, "platform.cpus: ", "out of range", NULL);
	expect_fail("format: 1\nplatform: {cpus: 2}\n"
		    "tasks: [{name: a, C: 1, T: 2, cpu: 2}]\n", RT_ERR_PARSE,
		    "t.yaml:3:36: tasks[0].cpu: \"2\" is out of range; expected an "
		    "integer from -1 to 1", NULL);
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 2, cpu: -2}]\n",
		    RT_ERR_PARSE, "tasks[0].cpu: \"-2\" is out of range", NULL);
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 2, priority: "
		    "9223372036854775808}]\n", RT_ERR_PARSE,
		    "tasks[0].priority: \"9223372036854775808\" is out of range", NULL);
	expect_fail("format: 1\nseed: -1\n", RT_ERR_PARSE,
		    "t.yaml:2:7: seed: \"-1\" is not a 64-bit unsigned integer", NULL);
	expect_fail("format: 1\nseed: 18446744073709551616\n", RT_ERR_PARSE,
		    "seed: \"18446744073709551616\" is not", NULL);
	expect_fail("format: 1\nseed: 0x\n", RT_ERR_PARSE, "seed: \"0x\"", NULL);
}

static void test_aliases_and_extra_documents_are_rejected(void)
{
	expect_fail("format: 1\ntasks: [{name: &x a, C: 1, T: *x}]\n",
		    RT_ERR_PARSE, "t.yaml:2:31: YAML aliases (*name) are not "
		    "supported", NULL);
	expect_fail("format: 1\ntasks: [{name: a, C: 1, T: 2}]\n---\nformat: 1\n",
		    RT_ERR_PARSE, "t.yaml: more than one YAML document", NULL);
	expect_fail("? [a]\n: b\n", RT_ERR_PARSE, "t.yaml:1:3: a key that "
		    "is a list or a mapping", NULL);
	expect_fail("format: 1\ntasks:\n  - {name: a, C: 1, {x: 1}: 3}\n",
		    RT_ERR_PARSE, "t.yaml:3:21: a key that is a list", NULL);
}

/* ---- hostile and large input --------------------------------------------- */

static char *repeat(const char *head, char ch, size_t n, const char *tail)
{
	size_t lh = strlen(head), lt = strlen(tail);
	char *b = malloc(lh + n + lt + 1);

	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	memcpy(b, head, lh);
	memset(b + lh, ch, n);
	memcpy(b + lh + n, tail, lt + 1);
	return b;
}

static void test_hostile_input_fails_cleanly(void)
{
	const size_t ten_mb = 10u << 20;
	char *b;

	b = repeat("format: 1\ntasks: [{name: ", 'x', ten_mb, ", C: 1, T: 2}]\n");
	expect_fail(b, RT_ERR_PARSE, "t.yaml:2:16: tasks[0].name: too long", NULL);
	free(b);
	b = repeat("", 'x', ten_mb, "\n");
	expect_fail(b, RT_ERR_PARSE, "t.yaml:1:1: the scenario is a single value",
		    NULL);
	free(b);
	b = repeat("format: 1\ndescription: \"", 'y', ten_mb, "\"\n");
	expect_fail(b, RT_ERR_PARSE, "t.yaml:2:14: description: too long", NULL);
	free(b);
	b = repeat("format: 1\nbogus", 'k', ten_mb, ": 1\n");
	expect_fail(b, RT_ERR_PARSE, "t.yaml:", "not valid YAML", NULL);
	free(b);
	b = repeat("format: 1\n", 'k', 1000, ": 1\n");
	expect_fail(b, RT_ERR_PARSE, "t.yaml:2:", "\"kkkkk", "...\": unknown key",
		    NULL);
	free(b);
	b = repeat("", '[', ten_mb, "\n");
	expect_fail(b, RT_ERR_PARSE, "t.yaml:1:1: the scenario is a list", NULL);
	free(b);
	b = repeat("format: 1\ntasks: ", '[', ten_mb, "\n");
	expect_fail(b, RT_ERR_PARSE, "t.yaml:2:9: tasks[0]: got a list", NULL);
	free(b);
	b = repeat("format: 1\ntasks:\n  - {name: a, C: 1, T: 2, arrival: x, "
		   "zz: ", '{', 1u << 20, "\n");
	expect_fail(b, RT_ERR_PARSE, "tasks[0].arrival: \"x\" is not valid", NULL);
	free(b);
	b = repeat("format: 1\ntasks:\n  - {name: a, C: 1, T: 2, exec: ", '[',
		   1u << 20, "\n");
	expect_fail(b, RT_ERR_PARSE, "tasks[0].exec: got a list; expected a "
		    "mapping", NULL);
	free(b);
}

static void test_a_hundred_thousand_tasks_load(void)
{
	const size_t n = 100000;
	size_t cap = 64 * n, o;
	char *b = malloc(cap);
	struct scn_scenario *s;
	struct rt_diag d;

	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	o = (size_t)snprintf(b, cap, "format: 1\ntasks:\n");
	for (size_t i = 0; i < n; i++)
		o += (size_t)snprintf(b + o, cap - o, "  - { name: t%zu, C: %zu, "
				      "T: %zu, arrival: periodic }\n", i, 1 + i % 7,
				      10 + i);
	CU_ASSERT_EQUAL(scn_load_data((const uint8_t *)b, o, "big.yaml", &s, &d),
			RT_OK);
	CU_ASSERT_EQUAL_FATAL(s->ntasks, n);
	CU_ASSERT_STRING_EQUAL(s->tasks[n - 1].name, "t99999");
	CU_ASSERT_EQUAL(s->tasks[n - 1].wcet, 1 + (n - 1) % 7);
	CU_ASSERT_EQUAL(s->tasks[n - 1].period, (rt_time)(10 + n - 1));
	scn_free(s);
	/* a duplicate name at the very end is found, and located */
	o += (size_t)snprintf(b + o, cap - o, "  - { name: t5, C: 1, T: 2 }\n");
	s = NULL;
	CU_ASSERT_EQUAL(scn_load_data((const uint8_t *)b, o, "big.yaml", &s, &d),
			RT_ERR_PARSE);
	CU_ASSERT_PTR_NULL(s);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "big.yaml:100003:13: "
				      "tasks[100000].name: \"t5\" is already the "
				      "name of tasks[5]"));
	free(b);
}

/* ---- memory -------------------------------------------------------------- */

static void test_every_allocation_failure_is_reported(void)
{
	static const char yaml[] =
		"format: 1\nname: sweep\ndescription: all paths\n"
		"time_unit: us\nhorizon: 1s\nseed: 3\nplatform: {cpus: 2}\n"
		"scheduler: {policy: edf, admission: qpa, mode: hard}\n"
		"tasks:\n"
		"  - { name: a, C: 1, T: 5, arrival: periodic, exec: fixed }\n"
		"  - { name: b, runtime: 1, deadline: 4, period: 5, releases: [0, 9],"
		" exec: { model: list, values: [1, 2] } }\n"
		"  - { name: c, C: 1, T: 5, arrival: { model: sporadic, "
		"max_delay: 2 }, exec: { model: uniform, min: 1, max: 2 } }\n";
	static const char bad[] =
		"format: 1\ntasks:\n  - { name: a, C: 1, T: 5, arrival: periodic }\n"
		"  - { name: a, C: 1, T: 5 }\n";
	unsigned nomem = 0, n;
	bool ok = false;

	for (n = 0; !ok && n < 100000; n++) {
		struct scn_scenario *s = NULL;
		struct rt_diag d;
		enum rt_err err;

		rt_mem_fail_after((long)n);
		err = scn_load_data((const uint8_t *)yaml, sizeof(yaml) - 1,
				    "t.yaml", &s, &d);
		rt_mem_fail_after(-1);
		CU_ASSERT(err == RT_OK || err == RT_ERR_NOMEM);
		if (err == RT_ERR_NOMEM) {
			nomem++;
			CU_ASSERT_PTR_NULL(s);
			CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "out of memory"));
		} else if (err == RT_OK) {
			ok = true;
			CU_ASSERT_EQUAL(s->ntasks, 3);
			scn_free(s);
		} else {
			fprintf(stderr, "\n  n=%u: %s\n", n, d.msg);
			break;
		}
	}
	CU_ASSERT_TRUE(ok);
	CU_ASSERT(nomem > 20);          /* the sweep reached many allocations */
	/* the same sweep over a failing load: NOMEM or the real error */
	for (n = 0, ok = false; !ok && n < 100000; n++) {
		struct scn_scenario *s = NULL;
		struct rt_diag d;
		enum rt_err err;

		rt_mem_fail_after((long)n);
		err = scn_load_data((const uint8_t *)bad, sizeof(bad) - 1,
				    "t.yaml", &s, &d);
		rt_mem_fail_after(-1);
		CU_ASSERT(err == RT_ERR_PARSE || err == RT_ERR_NOMEM);
		CU_ASSERT_PTR_NULL(s);
		ok = err == RT_ERR_PARSE;
		if (ok)
			CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "t.yaml:4:13: "
						      "tasks[1].name"));
	}
	CU_ASSERT_TRUE(ok);
}

/* ---- files --------------------------------------------------------------- */

static void build_path(char *out, size_t n, const char *name)
{
	snprintf(out, n, "%s/build/test-scn-%ld-%s", DLSIM_SRCDIR, (long)getpid(),
		 name);
}

static void test_missing_files_and_directories_are_io_errors(void)
{
	struct scn_scenario *s = NULL;
	struct rt_diag d;

	CU_ASSERT_EQUAL(scn_load_file(DLSIM_SRCDIR "/no/such/file.yaml", &s, &d),
			RT_ERR_IO);
	CU_ASSERT_PTR_NULL(s);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "/no/such/file.yaml: cannot open: "
				      "No such file or directory"));
	CU_ASSERT_EQUAL(scn_load_file(DLSIM_SRCDIR "/scenarios", &s, &d),
			RT_ERR_IO);
	CU_ASSERT_PTR_NULL(s);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "/scenarios: cannot read: "
				      "Is a directory"));
}

static void test_files_load_and_the_size_limit_holds(void)
{
	static const char yaml[] = "format: 1\ntasks:\n  - { name: a, C: 0, T: 2 }\n";
	struct scn_scenario *s = NULL;
	struct rt_diag d;
	char path[512];
	FILE *f;
	int fd;

	build_path(path, sizeof(path), "small.yaml");
	f = fopen(path, "wb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs(yaml, f);
	fclose(f);
	CU_ASSERT_EQUAL(scn_load_file(path, &s, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "small.yaml:3:19: tasks[0].C:"));
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, path));
	f = fopen(path, "wb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs("format: 1\ntasks: [{name: a, C: 1, T: 2}]\n", f);
	fclose(f);
	CU_ASSERT_EQUAL(scn_load_file(path, &s, &d), RT_OK);
	CU_ASSERT_STRING_EQUAL(s->path, path);
	CU_ASSERT_PTR_NOT_NULL(strstr(s->name, "small"));
	CU_ASSERT_PTR_NULL(strstr(s->name, ".yaml"));
	scn_free(s);
	remove(path);

	/* a sparse file just over the limit: rejected before reading */
	build_path(path, sizeof(path), "huge.yaml");
	fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT_EQUAL(ftruncate(fd, (off_t)SCN_MAX_BYTES + 1), 0);
	close(fd);
	s = NULL;
	CU_ASSERT_EQUAL(scn_load_file(path, &s, &d), RT_ERR_PARSE);
	CU_ASSERT_PTR_NULL(s);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "at most 256 MiB"));
	remove(path);
}

static void test_every_example_loads(void)
{
	DIR *dir = opendir(DLSIM_SRCDIR "/scenarios/examples");
	struct dirent *e;
	unsigned n = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(dir);
	while ((e = readdir(dir)) != NULL) {
		size_t len = strlen(e->d_name);
		char path[512];
		struct scn_scenario *s = NULL;
		struct rt_diag d;
		enum rt_err err;
		FILE *f;
		int c;

		if (len < 6 || strcmp(e->d_name + len - 5, ".yaml"))
			continue;
		snprintf(path, sizeof(path), "%s/scenarios/examples/%s",
			 DLSIM_SRCDIR, e->d_name);
		err = scn_load_file(path, &s, &d);
		if (err)
			fprintf(stderr, "\n  %s\n", d.msg);
		CU_ASSERT_EQUAL(err, RT_OK);
		if (err == RT_OK) {
			CU_ASSERT(s->ntasks >= 1);
			scn_free(s);
		}
		/* each example starts with a comment saying what it shows */
		f = fopen(path, "r");
		CU_ASSERT_PTR_NOT_NULL_FATAL(f);
		c = fgetc(f);
		fclose(f);
		CU_ASSERT_EQUAL(c, '#');
		n++;
	}
	closedir(dir);
	CU_ASSERT(n >= 7);
}

static struct scn_scenario *load_example(const char *name)
{
	char path[512];
	struct scn_scenario *s = NULL;
	struct rt_diag d;

	snprintf(path, sizeof(path), "%s/scenarios/examples/%s", DLSIM_SRCDIR,
		 name);
	CU_ASSERT_EQUAL_FATAL(scn_load_file(path, &s, &d), RT_OK);
	return s;
}

static void test_examples_hold_the_documented_task_sets(void)
{
	static const rt_time seed2[3][3] = { {1, 2, 10}, {2, 4, 20}, {3, 6, 50} };
	struct scn_scenario *s;

	s = load_example("dario.yaml");
	CU_ASSERT_STRING_EQUAL(s->name, "dario-4-10-5");
	CU_ASSERT_EQUAL_FATAL(s->ntasks, 2);
	for (size_t i = 0; i < 2; i++) {
		CU_ASSERT_EQUAL(s->tasks[i].wcet, 4);
		CU_ASSERT_EQUAL(s->tasks[i].deadline, 5);
		CU_ASSERT_EQUAL(s->tasks[i].period, 10);
	}
	scn_free(s);
	s = load_example("seed2.yaml");
	CU_ASSERT_EQUAL_FATAL(s->ntasks, 3);
	for (size_t i = 0; i < 3; i++) {
		CU_ASSERT_EQUAL(s->tasks[i].wcet, seed2[i][0]);
		CU_ASSERT_EQUAL(s->tasks[i].deadline, seed2[i][1]);
		CU_ASSERT_EQUAL(s->tasks[i].period, seed2[i][2]);
	}
	scn_free(s);
	s = load_example("linuxdoc.yaml");
	CU_ASSERT_EQUAL_FATAL(s->ntasks, 2);
	CU_ASSERT_EQUAL(s->time_unit, SCN_UNIT_MS);
	CU_ASSERT_EQUAL(s->tasks[0].wcet, 50 * MS);
	CU_ASSERT_EQUAL(s->tasks[0].deadline, 50 * MS);
	CU_ASSERT_EQUAL(s->tasks[1].wcet, 10 * MS);
	CU_ASSERT_EQUAL(s->tasks[1].deadline, 100 * MS);
	CU_ASSERT_EQUAL(s->tasks[1].period, 100 * MS);
	scn_free(s);
	s = load_example("offsets.yaml");
	CU_ASSERT_EQUAL(s->tasks[1].offset, 5);
	scn_free(s);
	s = load_example("sporadic.yaml");
	CU_ASSERT_TRUE(s->has_seed);
	CU_ASSERT_EQUAL(s->tasks[0].arrival, RT_ARRIVAL_SPORADIC);
	CU_ASSERT_EQUAL(s->tasks[0].exec, RT_EXEC_UNIFORM);
	scn_free(s);
	s = load_example("overrun.yaml");
	CU_ASSERT_EQUAL(s->tasks[0].exec, RT_EXEC_LIST);
	CU_ASSERT_EQUAL_FATAL(s->tasks[0].nexec_values, 4);
	CU_ASSERT(s->tasks[0].exec_values[2] > s->tasks[0].wcet);
	scn_free(s);
	s = load_example("abort.yaml");
	CU_ASSERT_EQUAL(s->sched.on_miss, SIM_ON_MISS_ABORT);
	scn_free(s);
}

/* The annotated example of scenarios/README.md (its first yaml block). */
static void test_the_readme_example_loads(void)
{
	FILE *f = fopen(DLSIM_SRCDIR "/scenarios/README.md", "r");
	static char text[1 << 16];
	char *start, *end;
	struct scn_scenario *s;
	size_t n;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = '\0';
	start = strstr(text, "```yaml\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(start);
	start += 8;
	end = strstr(start, "```");
	CU_ASSERT_PTR_NOT_NULL_FATAL(end);
	*end = '\0';
	s = load_ok(start);
	CU_ASSERT_EQUAL(s->ntasks, 3);
	CU_ASSERT_EQUAL(s->cpus, 4);
	CU_ASSERT_EQUAL(s->sched.cluster_size, 2);
	CU_ASSERT_EQUAL(s->tasks[1].arrival, RT_ARRIVAL_SPORADIC);
	CU_ASSERT_EQUAL(s->tasks[2].arrival, RT_ARRIVAL_LIST);
	scn_free(s);
}

CU_TestInfo scn_tests[] = {
	{ "the classic two-task scenario loads with every default",
	  test_classic_scenario_loads_with_defaults },
	{ "every optional field is read", test_every_optional_field_is_read },
	{ "placement, seed and name spellings are read",
	  test_placement_and_seed_spellings },
	{ "time units convert bare numbers to nanoseconds",
	  test_time_units_convert_to_nanoseconds },
	{ "scn_parse_time is exact or rejects", test_parse_time_is_exact_or_rejects },
	{ "unit names are as documented", test_unit_names_are_documented },
	{ "sporadic arrivals and uniform execution are read",
	  test_sporadic_and_uniform_models_are_read },
	{ "release and execution lists are read in order",
	  test_release_and_exec_lists_are_read_in_order },
	{ "arrival and exec accept the scalar shorthand",
	  test_arrival_and_exec_accept_the_scalar_shorthand },
	{ "an empty or comment-only file is an empty scenario",
	  test_empty_input_is_an_empty_scenario },
	{ "text that is not YAML names the line of the error",
	  test_text_that_is_not_yaml_names_the_error_line },
	{ "the top level must be a mapping", test_top_level_must_be_a_mapping },
	{ "unknown keys are rejected with the keys allowed",
	  test_unknown_keys_are_rejected_with_the_keys_allowed },
	{ "missing fields are named at their mapping",
	  test_missing_fields_are_named_at_their_mapping },
	{ "zero and negative parameters are rejected at the value",
	  test_zero_and_negative_parameters_are_rejected },
	{ "a parameter given twice is rejected naming both",
	  test_a_parameter_given_twice_is_rejected },
	{ "units must fit the time unit exactly",
	  test_units_must_fit_the_time_unit_exactly },
	{ "overflowing values are rejected naming them",
	  test_overflowing_values_are_rejected_naming_them },
	{ "bad enum values list the valid names",
	  test_bad_enum_values_list_the_valid_names },
	{ "arrival, release and exec combinations are checked",
	  test_model_combinations_are_checked },
	{ "task names are unique and not empty",
	  test_task_names_are_unique_and_not_empty },
	{ "counts are range-checked", test_counts_are_range_checked },
	{ "aliases and extra documents are rejected",
	  test_aliases_and_extra_documents_are_rejected },
	{ "hostile input fails cleanly and quickly",
	  test_hostile_input_fails_cleanly },
	{ "a hundred thousand tasks load", test_a_hundred_thousand_tasks_load },
	{ "every allocation failure is reported as out of memory",
	  test_every_allocation_failure_is_reported },
	{ "missing files and directories are I/O errors",
	  test_missing_files_and_directories_are_io_errors },
	{ "files load and the size limit holds",
	  test_files_load_and_the_size_limit_holds },
	{ "every example in scenarios/examples loads", test_every_example_loads },
	{ "the examples hold the documented task sets",
	  test_examples_hold_the_documented_task_sets },
	{ "the annotated example in scenarios/README.md loads",
	  test_the_readme_example_loads },
	CU_TEST_INFO_NULL
};
