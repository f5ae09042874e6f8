/* test_scn.c - scenario loading: every field and spelling, defaults, unit
 * conversion, files and the bundled examples.  Bad, hostile and large
 * input and allocation failures are in test_scn_errors.c.
 *
 * YAML is kept inline and loaded with scn_load_data() under the name
 * "t.yaml", so expected messages start with "t.yaml:LINE:COL: ".  Files are
 * written only under build/. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "models/rt_err.h"
#include "models/rt_time.h"
#include "scenarios/scn.h"
#include "tests/scn_util.h"
#include "tests/suites.h"

#ifndef DLSIM_SRCDIR
#define DLSIM_SRCDIR "."
#endif

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
		"  policy: edf\n"
		"  mode: hard\n"
		"  placement: partitioned\n"
		"  admission: qpa\n"
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
	CU_ASSERT_STRING_EQUAL(s->sched.policy, "edf");
	CU_ASSERT_EQUAL(s->sched.mode, SCN_MODE_HARD);
	CU_ASSERT_EQUAL(s->sched.placement, SCN_PLACE_PARTITIONED);
	CU_ASSERT_STRING_EQUAL(s->sched.admission, "qpa");
	CU_ASSERT_EQUAL(s->sched.admission_kind, SIM_ADMISSION_TEST);
	CU_ASSERT_PTR_EQUAL(s->sched.admission_test, rt_test_find("qpa"));
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

/* Windows use the same grammar as every time in a scenario: a bare number
 * is in the scenario's unit, a suffix gives its own ("0:70ms" in a us
 * scenario is [0, 70000000) ns). */
static void test_windows_parse_with_the_scenario_time_grammar(void)
{
	static const struct {
		const char *in;
		enum scn_time_unit u;
		enum rt_err err;
		rt_time t0, t1;
		const char *frag;
	} cases[] = {
		{ "0:70ms", SCN_UNIT_MS, RT_OK, 0, 70000000, NULL },
		{ "0:70ms", SCN_UNIT_US, RT_OK, 0, 70000000, NULL },
		{ "2.5:10", SCN_UNIT_US, RT_OK, 2500, 10000, NULL },
		{ "500us:1.5ms", SCN_UNIT_S, RT_OK, 500000, 1500000, NULL },
		{ "3:20", SCN_UNIT_TICK, RT_OK, 3, 20, NULL },
		{ " 0 : 70 ms ", SCN_UNIT_US, RT_OK, 0, 70000000, NULL },
		{ "0:70ms:80", SCN_UNIT_MS, RT_ERR_PARSE, 0, 0, "START:END" },
		{ ":5", SCN_UNIT_TICK, RT_ERR_PARSE, 0, 0, "is not a time" },
		{ "0:20ms", SCN_UNIT_TICK, RT_ERR_PARSE, 0, 0, "time_unit is tick" },
		{ "5:5", SCN_UNIT_TICK, RT_ERR_INVAL, 0, 0, "empty" },
		{ "7:3", SCN_UNIT_TICK, RT_ERR_INVAL, 0, 0, "empty" },
		{ "-1:3", SCN_UNIT_TICK, RT_ERR_INVAL, 0, 0, "empty" },
		{ "10", SCN_UNIT_TICK, RT_ERR_PARSE, 0, 0, "START:END" },
		{ "1:x", SCN_UNIT_TICK, RT_ERR_PARSE, 0, 0, "is not a time" },
		{ "1.5:3", SCN_UNIT_TICK, RT_ERR_PARSE, 0, 0, "whole number" },
		{ "0.0000001:1", SCN_UNIT_MS, RT_ERR_PARSE, 0, 0, "decimal" },
		{ "0:9223372037s", SCN_UNIT_MS, RT_ERR_OVERFLOW, 0, 0, "overflows" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct rt_diag d;
		rt_time a = -7, b = -7;
		enum rt_err err = scn_parse_window(cases[i].in, cases[i].u, &a,
						   &b, &d);

		if (err != cases[i].err)
			fprintf(stderr, "\n  case %zu \"%s\": %s (%s)\n", i,
				cases[i].in, rt_strerror(err), d.msg);
		CU_ASSERT_EQUAL(err, cases[i].err);
		if (err == RT_OK) {
			CU_ASSERT_EQUAL(a, cases[i].t0);
			CU_ASSERT_EQUAL(b, cases[i].t1);
		} else {
			CU_ASSERT_EQUAL(a, -7);                 /* untouched */
			CU_ASSERT_EQUAL(b, -7);
			CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, cases[i].frag));
		}
	}
}

/* The counting options of the CLI (--dpi, --bins, -j, --shard, --tasks,
 * --cpus, --periods) and its real-valued ones (--utilization, --cap,
 * --slack) go through these two.  strtod/strtoul took "1e3" as 1000,
 * "0x10" as 16, " 12" and "+5" as 12 and 5, and strtoul "-1" as 2^64 - 1;
 * each of those is refused, and *out stays untouched. */
static void test_option_numbers_are_plain_decimals(void)
{
	static const struct {
		const char *in;
		enum rt_err err;
		int64_t v;
		const char *frag;
	} counts[] = {                  /* in [10, 2400], as --dpi */
		{ "10", RT_OK, 10, NULL },
		{ "2400", RT_OK, 2400, NULL },
		{ "0300", RT_OK, 300, NULL },
		{ "1e3", RT_ERR_PARSE, 0, "\"1e3\" is not an integer" },
		{ "0x10", RT_ERR_PARSE, 0, "\"0x10\" is not an integer" },
		{ " 12", RT_ERR_PARSE, 0, "is not an integer" },
		{ "12 ", RT_ERR_PARSE, 0, "is not an integer" },
		{ "+50", RT_ERR_PARSE, 0, "is not an integer" },
		{ "-1", RT_ERR_PARSE, 0, "is not an integer" },
		{ "12abc", RT_ERR_PARSE, 0, "is not an integer" },
		{ "", RT_ERR_PARSE, 0, "is not an integer" },
		{ "9", RT_ERR_PARSE, 0, "out of range; expected an integer "
		  "from 10 to 2400" },
		{ "2401", RT_ERR_PARSE, 0, "out of range" },
		{ "18446744073709551616", RT_ERR_PARSE, 0, "out of range" },
	};
	static const struct {
		const char *in;
		enum rt_err err;
		double v;
	} decs[] = {
		{ "0.5", RT_OK, 0.5 }, { "2", RT_OK, 2 }, { ".25", RT_OK, 0.25 },
		{ "3.", RT_OK, 3 }, { "1e3", RT_ERR_PARSE, 0 },
		{ "0x10", RT_ERR_PARSE, 0 }, { " 1", RT_ERR_PARSE, 0 },
		{ "+1", RT_ERR_PARSE, 0 }, { "-1", RT_ERR_PARSE, 0 },
		{ "inf", RT_ERR_PARSE, 0 }, { "nan", RT_ERR_PARSE, 0 },
		{ ".", RT_ERR_PARSE, 0 }, { "1.2.3", RT_ERR_PARSE, 0 },
		{ "", RT_ERR_PARSE, 0 },
	};

	for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
		struct rt_diag d = { "" };
		int64_t v = -7;
		enum rt_err err = scn_parse_count(counts[i].in, 10, 2400, &v, &d);

		if (err != counts[i].err)
			fprintf(stderr, "\n  count \"%s\": %s\n", counts[i].in,
				d.msg);
		CU_ASSERT_EQUAL(err, counts[i].err);
		if (err == RT_OK) {
			CU_ASSERT_EQUAL(v, counts[i].v);
		} else {
			CU_ASSERT_EQUAL(v, -7);         /* untouched */
			CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, counts[i].frag));
		}
	}
	for (size_t i = 0; i < sizeof(decs) / sizeof(decs[0]); i++) {
		struct rt_diag d = { "" };
		double v = -7;
		enum rt_err err = scn_parse_decimal(decs[i].in, &v, &d);

		if (err != decs[i].err)
			fprintf(stderr, "\n  decimal \"%s\": %s\n", decs[i].in,
				d.msg);
		CU_ASSERT_EQUAL(err, decs[i].err);
		CU_ASSERT_EQUAL(v, err == RT_OK ? decs[i].v : -7);
		if (err != RT_OK)
			CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "is not a decimal "
						      "number"));
	}
}

static void test_unit_names_are_documented(void)
{
	enum scn_time_unit u = SCN_UNIT_TICK;

	CU_ASSERT_TRUE(scn_time_unit_from_name("ms", &u));
	CU_ASSERT_EQUAL(u, SCN_UNIT_MS);
	CU_ASSERT_TRUE(scn_time_unit_from_name("tick", &u));
	CU_ASSERT_EQUAL(u, SCN_UNIT_TICK);
	CU_ASSERT_FALSE(scn_time_unit_from_name("msec", &u));
	CU_ASSERT_FALSE(scn_time_unit_from_name(NULL, &u));
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
	{ "windows parse with the scenario time grammar",
	  test_windows_parse_with_the_scenario_time_grammar },
	{ "option numbers are plain decimals (no exponent, hex, sign or blank)",
	  test_option_numbers_are_plain_decimals },
	{ "unit names are as documented", test_unit_names_are_documented },
	{ "sporadic arrivals and uniform execution are read",
	  test_sporadic_and_uniform_models_are_read },
	{ "release and execution lists are read in order",
	  test_release_and_exec_lists_are_read_in_order },
	{ "arrival and exec accept the scalar shorthand",
	  test_arrival_and_exec_accept_the_scalar_shorthand },
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
