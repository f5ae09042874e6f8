/* test_rtapp.c - rt-app JSON in and out (scenarios/rtapp.h).
 *
 * Known answers for each rule of the mapping (docs/rt-app.md), errors that
 * name the thread, phase and JSON path, and round trips: import -> export
 * -> import gives the same scenario, and export is a fixed point, for
 * hand-written files and 300 random seeded ones. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/mem.h"
#include "models/rng.h"
#include "scenarios/rtapp.h"
#include "tests/suites.h"

#define US 1000                 /* ns per microsecond */

static enum rt_err import(const char *json, struct scn_scenario **s,
			  char **yaml_out, struct rt_diag *d)
{
	char *yaml = NULL;
	size_t len;
	enum rt_err rc = scn_rtapp_import(json, strlen(json), "w.json", NULL,
					  &yaml, &len, d);

	if (rc != RT_OK)
		return rc;
	rc = scn_load_data((const uint8_t *)yaml, len, "w.yaml", s, d);
	if (yaml_out)
		*yaml_out = yaml;
	else
		rt_free(yaml);
	return rc;
}

static const struct rt_task *task(const struct scn_scenario *s,
				  const char *name)
{
	for (size_t i = 0; i < s->ntasks; i++)
		if (!strcmp(s->tasks[i].name, name))
			return &s->tasks[i];
	CU_FAIL("task not found");
	return &s->tasks[0];
}

static rt_time leave_of(const struct scn_scenario *s, const struct rt_task *t)
{
	return s->leave_at ? s->leave_at[t - s->tasks] : RT_TIME_NEVER;
}

/* The tutorial's thread: SCHED_DEADLINE 1 ms / 10 ms / 33 ms (LWN), a job
 * that runs 400 us, sleeps 100 us, runs 500 us, then waits for its 33 ms
 * timer. */
static const char video_json[] =
"{ \"global\": { \"duration\": 2, \"default_policy\": \"SCHED_OTHER\" },\n"
"  \"tasks\": {\n"
"    \"video\": { \"policy\": \"SCHED_DEADLINE\", \"dl-runtime\": 1000,\n"
"      \"dl-deadline\": 10000, \"dl-period\": 33000,\n"
"      \"run0\": 400, \"sleep0\": 100, \"runtime1\": 500,\n"
"      \"timer0\": { \"ref\": \"unique\", \"period\": 33000 } },\n"
"    \"logger\": { \"instance\": 2, \"delay\": 500, \"loop\": 10,\n"
"      \"run\": 2000, \"sleep\": 8000 },\n"
"    \"cam\": { \"policy\": \"SCHED_DEADLINE\", \"dl-runtime\": 3000,\n"
"      \"dl-period\": 20000, \"loop\": 4, \"phases\": {\n"
"        \"warm\": { \"loop\": 2, \"runtime\": 1000,\n"
"                  \"timer\": { \"ref\": \"unique\", \"period\": 20000 } },\n"
"        \"hot\": { \"loop\": 3, \"runtime\": 3000,\n"
"                 \"timer\": { \"ref\": \"unique\", \"period\": 20000,\n"
"                            \"mode\": \"absolute\" } } } }\n"
"  } }\n";

static void test_import_maps_each_rule(void)
{
	struct scn_scenario *s = NULL;
	struct rt_diag d;
	const struct rt_task *t;
	char *yaml = NULL;

	CU_ASSERT_EQUAL_FATAL(import(video_json, &s, &yaml, &d), RT_OK);
	CU_ASSERT_STRING_EQUAL(s->name, "w");
	CU_ASSERT_EQUAL(s->time_unit, SCN_UNIT_US);
	CU_ASSERT_EQUAL(s->horizon, 2000000 * (rt_time)US);     /* duration 2 s */
	CU_ASSERT_EQUAL(s->cpus, 1);
	CU_ASSERT_STRING_EQUAL(s->sched.policy, "linux-dl");
	CU_ASSERT_EQUAL_FATAL(s->ntasks, 4);    /* video, logger x2, cam */
	/* video: the reservation from dl-*, the demand 400 + 500 = 900 from
	 * the runs, one suspension after 400 us for 100 us, periodic 33 ms */
	t = task(s, "video");
	CU_ASSERT_EQUAL(t->wcet, 1000 * US);
	CU_ASSERT_EQUAL(t->deadline, 10000 * US);
	CU_ASSERT_EQUAL(t->period, 33000 * US);
	CU_ASSERT_EQUAL(t->klass, RT_CLASS_HARD);
	CU_ASSERT_EQUAL(t->arrival, RT_ARRIVAL_PERIODIC);
	CU_ASSERT_EQUAL_FATAL(t->exec, RT_EXEC_LIST);
	CU_ASSERT_EQUAL_FATAL(t->nexec_values, 1);
	CU_ASSERT_EQUAL(t->exec_values[0], 900 * US);
	CU_ASSERT_EQUAL_FATAL(t->nsuspend, 1);
	CU_ASSERT_EQUAL(t->suspend[0].after, 400 * US);
	CU_ASSERT_EQUAL(t->suspend[0].len, 100 * US);
	CU_ASSERT_EQUAL(leave_of(s, t), RT_TIME_NEVER); /* loop -1: forever */
	/* logger: SCHED_OTHER by default_policy -> fair; no timer, so the
	 * period is run + sleep = 10 ms; instance 2 -> two tasks; no phases
	 * and loop 10 -> 10 jobs: the last at 500 + 9 * 10000 us */
	t = task(s, "logger-1");
	CU_ASSERT_EQUAL(t->klass, RT_CLASS_FAIR);
	CU_ASSERT_EQUAL(t->wcet, 2000 * US);
	CU_ASSERT_EQUAL(t->period, 10000 * US);
	CU_ASSERT_EQUAL(t->deadline, 10000 * US);
	CU_ASSERT_EQUAL(t->offset, 500 * US);
	CU_ASSERT_EQUAL(t->nsuspend, 0);
	CU_ASSERT_EQUAL(leave_of(s, t), (500 + 10 * 10000) * (rt_time)US);
	CU_ASSERT_PTR_NOT_NULL(task(s, "logger-0"));
	/* cam: phases warm x2 (1 ms) and hot x3 (3 ms) are the per-job list;
	 * dl-deadline defaults to dl-period; thread loop 4 x 5 = 20 jobs */
	t = task(s, "cam");
	CU_ASSERT_EQUAL(t->deadline, 20000 * US);
	CU_ASSERT_EQUAL_FATAL(t->exec, RT_EXEC_LIST);
	CU_ASSERT_EQUAL_FATAL(t->nexec_values, 5);
	CU_ASSERT_EQUAL(t->exec_values[0], 1000 * US);
	CU_ASSERT_EQUAL(t->exec_values[1], 1000 * US);
	CU_ASSERT_EQUAL(t->exec_values[4], 3000 * US);
	CU_ASSERT_EQUAL(leave_of(s, t), 20 * 20000 * (rt_time)US);
	/* comments say where values came from */
	CU_ASSERT_PTR_NOT_NULL(strstr(yaml, "# tasks.video.dl-runtime"));
	CU_ASSERT_PTR_NOT_NULL(strstr(yaml, "# global.duration"));
	CU_ASSERT_PTR_NOT_NULL(strstr(yaml, "# tasks.logger.delay"));
	CU_ASSERT_PTR_NOT_NULL(strstr(yaml, "no dl-deadline: rt-app uses "
				      "dl-period"));
	CU_ASSERT_PTR_NOT_NULL(strstr(yaml, "phases warm (x2), hot (x3)"));
	rt_free(yaml);
	scn_free(s);
}

static void test_import_defaults_and_legacy_keys(void)
{
	/* dl-period defaults to dl-runtime... so give only the legacy
	 * thread-level "period" and "deadline"; affinity sets the CPU count */
	const char *j = "{\"tasks\":{\"a\":{\"policy\":\"SCHED_DEADLINE\","
			"\"dl-runtime\":2000,\"period\":8000,\"deadline\":6000,"
			"\"cpus\":[0,3],\"priority\":0,\"util_min\":10,"
			"\"run\":2000,\"timer\":{\"ref\":\"t\",\"period\":8000}}}}";
	struct scn_scenario *s = NULL;
	struct rt_diag d;

	CU_ASSERT_EQUAL_FATAL(import(j, &s, NULL, &d), RT_OK);
	CU_ASSERT_EQUAL(s->tasks[0].wcet, 2000 * US);
	CU_ASSERT_EQUAL(s->tasks[0].deadline, 6000 * US);
	CU_ASSERT_EQUAL(s->tasks[0].period, 8000 * US);
	CU_ASSERT_EQUAL(s->tasks[0].exec, RT_EXEC_FIXED);  /* demand = runtime */
	CU_ASSERT_EQUAL(s->cpus, 4);
	CU_ASSERT_EQUAL(s->horizon, RT_TIME_NEVER);     /* no duration */
	scn_free(s);
}

static const struct {
	const char *json;
	enum rt_err rc;
	const char *msg;
} bad[] = {
	{ "{\"tasks\":{\"a\":{\"run\":1,\n \"run\":2}}}", RT_ERR_PARSE,
	  "w.json:2:2: \"run\": duplicate key" },
	{ "{\"tasks\":{\"a\":{\"run\":1,}}}", RT_ERR_PARSE, "w.json:1:24: expected "
	  "a string" },
	{ "[1]", RT_ERR_PARSE, "w.json: an rt-app file is a JSON object" },
	{ "{\"global\":{}}", RT_ERR_PARSE, "w.json: tasks: required" },
	{ "{\"tasks\":{}, \"extra\":1}", RT_ERR_PARSE, "extra: unknown key" },
	{ "{\"tasks\":{\"a\":{\"policy\":\"SCHED_FIFO\",\"run\":1,\"sleep\":1}}}",
	  RT_ERR_UNSUPPORTED, "w.json:1:16: tasks.a.policy: thread \"a\": SCHED_FIFO "
	  "is not modelled" },
	{ "{\"tasks\":{\"b\":{\"policy\":\"SCHED_RR\",\"run\":1,\"sleep\":1}}}",
	  RT_ERR_UNSUPPORTED, "thread \"b\": SCHED_RR is not modelled" },
	{ "{\"global\":{\"default_policy\":\"SCHED_FIFO\"},\"tasks\":{\"c\":"
	  "{\"run\":1,\"sleep\":1}}}", RT_ERR_UNSUPPORTED,
	  "w.json:1:52: tasks.c: thread \"c\": SCHED_FIFO" },
	{ "{\"tasks\":{\"a\":{\"policy\":\"SCHED_BATCH\"}}}", RT_ERR_PARSE,
	  "tasks.a.policy: thread \"a\": expected SCHED_OTHER" },
	{ "{\"tasks\":{\"a\":{\"phases\":{\"p0\":{\"run\":1,\"sleep\":1},"
	  "\"p1\":{\"run\":1,\"lock0\":\"m\",\"sleep\":1}}}}}", RT_ERR_UNSUPPORTED,
	  "w.json:1:65: tasks.a.phases.p1.lock0: thread \"a\", phase \"p1\": event "
	  "\"lock\" is not modelled" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"slep\":1}}}", RT_ERR_PARSE,
	  "tasks.a.slep: thread \"a\": unknown key" },
	{ "{\"tasks\":{\"a\":{\"run\":\"1\",\"sleep\":1}}}", RT_ERR_PARSE,
	  "tasks.a.run: thread \"a\": expected an integer, got a string" },
	{ "{\"tasks\":{\"a\":{\"run\":-5,\"sleep\":1}}}", RT_ERR_PARSE,
	  "tasks.a.run: thread \"a\": -5 is out of range" },
	{ "{\"tasks\":{\"a\":{\"sleep\":5,\"run\":1,\"timer\":{\"period\":9}}}}",
	  RT_ERR_UNSUPPORTED, "tasks.a.sleep: thread \"a\": a sleep before the "
	  "first run" },
	{ "{\"tasks\":{\"a\":{\"run\":1}}}", RT_ERR_UNSUPPORTED,
	  "thread \"a\": neither a timer nor a final sleep" },
	{ "{\"tasks\":{\"a\":{\"loop\":3}}}", RT_ERR_PARSE,
	  "thread \"a\": no events" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"timer\":{\"period\":9},\"run2\":1}}}",
	  RT_ERR_UNSUPPORTED, "tasks.a.run2: thread \"a\": event after the timer" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"timer\":{\"ref\":\"x\"}}}}",
	  RT_ERR_PARSE, "tasks.a.timer: thread \"a\": the timer needs a" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"timer\":{\"period\":9,\"mode\":\"x\"}}}}",
	  RT_ERR_PARSE, "\"mode\": expected" },
	{ "{\"tasks\":{\"a\":{\"policy\":\"SCHED_DEADLINE\",\"dl-runtime\":1000,"
	  "\"dl-period\":10000,\"run\":1,\"timer\":{\"period\":20000}}}}",
	  RT_ERR_UNSUPPORTED, "tasks.a.timer: thread \"a\": the thread's period "
	  "20000 us (timer period) differs from dl-period 10000 us" },
	{ "{\"tasks\":{\"a\":{\"policy\":\"SCHED_DEADLINE\",\"run\":1,"
	  "\"timer\":{\"period\":20000}}}}", RT_ERR_PARSE,
	  "tasks.a.dl-runtime: thread \"a\": SCHED_DEADLINE needs dl-runtime" },
	{ "{\"tasks\":{\"a\":{\"policy\":\"SCHED_DEADLINE\",\"dl-runtime\":5000,"
	  "\"dl-period\":1000,\"run\":1,\"timer\":{\"period\":1000}}}}",
	  RT_ERR_INVAL, "thread \"a\": task a: __checkparam_dl" },
	{ "{\"tasks\":{\"a\":{\"phases\":{\"p0\":{\"run\":1,\"sleep\":9},"
	  "\"p1\":{\"run\":1,\"sleep\":19}}}}}", RT_ERR_UNSUPPORTED,
	  "tasks.a.phases.p1: thread \"a\", phase \"p1\": its period 20 us differs" },
	{ "{\"tasks\":{\"a\":{\"phases\":{\"p0\":{\"run\":1,\"policy\":"
	  "\"SCHED_DEADLINE\",\"sleep\":1}}}}}", RT_ERR_UNSUPPORTED,
	  "phase \"p0\": a phase that changes the scheduling parameters" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"phases\":{\"p0\":{\"run\":1,\"sleep\":1}}}}}",
	  RT_ERR_PARSE, "tasks.a.run: thread \"a\": an event next to \"phases\"" },
	{ "{\"tasks\":{\"a\":{\"phases\":{\"p0\":{\"run\":1,\"sleep\":1,"
	  "\"loop\":0}}}}}", RT_ERR_PARSE, "phase \"p0\": expected an integer" },
	{ "{\"tasks\":{\"a\":{\"instance\":0,\"run\":1,\"sleep\":1}}}",
	  RT_ERR_PARSE, "no thread to import" },
	{ "{\"tasks\":{\"a\":{\"run\":1,\"sleep\":1,\"cpus\":[70000]}}}",
	  RT_ERR_PARSE, "tasks.a.cpus: thread \"a\": CPU 70000 is beyond" },
	{ "{\"global\":{\"duration\":0},\"tasks\":{}}", RT_ERR_PARSE,
	  "global.duration: expected -1" },
	/* positive but beyond rt-app's int: the message says the range */
	{ "{\"global\":{\"duration\":99999999999},\"tasks\":{}}", RT_ERR_PARSE,
	  "global.duration: expected -1 (until the threads end) or whole "
	  "seconds 1..2147483647" },
};

static void test_import_errors_name_thread_phase_and_path(void)
{
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct scn_scenario *s = NULL;
		struct rt_diag d = { "" };
		enum rt_err rc = import(bad[i].json, &s, NULL, &d);

		if (rc != bad[i].rc || !strstr(d.msg, bad[i].msg))
			fprintf(stderr, "\n  case %zu: rc %d '%s'\n  want %d '%s'\n",
				i, rc, d.msg, bad[i].rc, bad[i].msg);
		CU_ASSERT_EQUAL(rc, bad[i].rc);
		CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, bad[i].msg));
		CU_ASSERT_PTR_NULL(s);
	}
}

/* ---- round trips ---------------------------------------------------------- */

static bool same_times(const rt_time *a, const rt_time *b, size_t n)
{
	return n == 0 || !memcmp(a, b, n * sizeof(*a));
}

static bool same_scenario(const struct scn_scenario *a,
			  const struct scn_scenario *b)
{
	if (strcmp(a->name, b->name) || a->time_unit != b->time_unit ||
	    a->horizon != b->horizon || a->cpus != b->cpus ||
	    strcmp(a->sched.policy, b->sched.policy) || a->ntasks != b->ntasks)
		return false;
	for (size_t i = 0; i < a->ntasks; i++) {
		const struct rt_task *x = &a->tasks[i], *y = &b->tasks[i];

		if (strcmp(x->name, y->name) || x->wcet != y->wcet ||
		    x->deadline != y->deadline || x->period != y->period ||
		    x->offset != y->offset || x->arrival != y->arrival ||
		    x->exec != y->exec || x->klass != y->klass ||
		    x->nexec_values != y->nexec_values ||
		    !same_times(x->exec_values, y->exec_values, x->nexec_values) ||
		    x->nsuspend != y->nsuspend ||
		    leave_of(a, x) != leave_of(b, y))
			return false;
		for (size_t k = 0; k < x->nsuspend; k++)
			if (x->suspend[k].after != y->suspend[k].after ||
			    x->suspend[k].len != y->suspend[k].len)
				return false;
	}
	return true;
}

/* import(json) = A; export(A) = J; import(J) = B: A == B, export(B) == J. */
static bool round_trip(const char *json, struct rt_diag *d)
{
	struct scn_scenario *a = NULL, *b = NULL;
	char *j1 = NULL, *j2 = NULL;
	size_t n1, n2;
	bool ok = false;

	if (import(json, &a, NULL, d) != RT_OK ||
	    scn_rtapp_export(a, &j1, &n1, d) != RT_OK ||
	    import(j1, &b, NULL, d) != RT_OK ||
	    scn_rtapp_export(b, &j2, &n2, d) != RT_OK)
		goto out;
	ok = same_scenario(a, b) && n1 == n2 && !memcmp(j1, j2, n1);
	if (!ok)
		snprintf(d->msg, sizeof(d->msg), "not the same scenario; export:\n%s",
			 j1);
out:
	scn_free(a);
	scn_free(b);
	rt_free(j1);
	rt_free(j2);
	return ok;
}

static void test_import_export_import_is_the_identity(void)
{
	const char *files[] = {
		video_json,
		"{\"tasks\":{\"a\":{\"policy\":\"SCHED_DEADLINE\",\"dl-runtime\":"
		"4000,\"dl-deadline\":5000,\"dl-period\":10000,\"run\":4000,"
		"\"timer\":{\"ref\":\"unique\",\"period\":10000}},\"b\":{\"policy\":"
		"\"SCHED_DEADLINE\",\"dl-runtime\":4000,\"dl-deadline\":5000,"
		"\"dl-period\":10000,\"delay\":7,\"loop\":3,\"run\":100,\"sleep\":"
		"50,\"run1\":200,\"sleep1\":9,\"run2\":1,\"timer\":{\"ref\":\"u\","
		"\"period\":10000}}}}",
		"{\"global\":{\"duration\":5,\"log_basename\":\"mine\"},\"tasks\":"
		"{\"f\":{\"run\":10,\"sleep\":990,\"loop\":7}}}",
	};
	struct scn_scenario *s = NULL;
	struct rt_diag d = { "" };
	char *j = NULL;
	size_t n;

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		bool ok = round_trip(files[i], &d);

		if (!ok)
			fprintf(stderr, "\n  file %zu: %s\n", i, d.msg);
		CU_ASSERT_TRUE(ok);
	}
	/* export of the kernel example set, and the name travels in
	 * global.log_basename */
	CU_ASSERT_EQUAL_FATAL(scn_load_file(DLSIM_SRCDIR
					    "/scenarios/examples/linux-dl.yaml",
					    &s, &d), RT_OK);
	CU_ASSERT_EQUAL_FATAL(scn_rtapp_export(s, &j, &n, &d), RT_OK);
	CU_ASSERT_PTR_NOT_NULL(strstr(j, "\"log_basename\": \"linux-dl\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(j, "\"P3\": {\n      \"policy\": "
				      "\"SCHED_DEADLINE\",\n      \"dl-runtime\": "
				      "4000,\n      \"dl-period\": 10000,\n      "
				      "\"dl-deadline\": 5000,\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(j, "\"duration\": 1,"));   /* 20 ms up */
	CU_ASSERT_TRUE(round_trip(j, &d));
	rt_free(j);
	scn_free(s);
}

/* scenario(m CPUs) -> export -> import keeps m, and export is then a
 * fixed point; placement on one CPU per task (partitioned, m > 1) is
 * refused, not flattened into a global set. */
static void test_export_keeps_the_cpu_count(void)
{
	static const unsigned ms[] = { 1, 2, 4 };
	static const char *part[] = {
		"format: 1\ntime_unit: us\nplatform: {cpus: 2}\nscheduler: "
		"{policy: linux-dl, placement: partitioned}\ntasks: [{name: a, "
		"C: 1000, T: 4000, cpu: 0}, {name: b, C: 1000, T: 4000, cpu: 1}]\n",
		"format: 1\ntime_unit: us\nplatform: {cpus: 4}\nscheduler: "
		"{policy: edf, placement: partitioned}\ntasks: [{name: a, "
		"C: 1, T: 4, cpu: 3}, {name: b, C: 1, T: 4}]\n",
	};

	for (size_t i = 0; i < sizeof(ms) / sizeof(ms[0]); i++) {
		struct scn_scenario *a = NULL, *b = NULL;
		struct rt_diag d = { "" };
		char yaml[512], *j1 = NULL, *j2 = NULL;
		size_t n1, n2;

		snprintf(yaml, sizeof(yaml), "format: 1\nname: m%u\ntime_unit: "
			 "us\nhorizon: 1s\nplatform: {cpus: %u}\nscheduler: "
			 "{policy: linux-dl}\ntasks: [{name: a, C: 1000, D: 5000, "
			 "T: 10000}, {name: b, C: 2000, T: 20000, offset: 7}]\n",
			 ms[i], ms[i]);
		CU_ASSERT_EQUAL_FATAL(scn_load_data((const uint8_t *)yaml,
						    strlen(yaml), "m.yaml", &a,
						    &d), RT_OK);
		CU_ASSERT_EQUAL_FATAL(scn_rtapp_export(a, &j1, &n1, &d), RT_OK);
		CU_ASSERT_EQUAL_FATAL(import(j1, &b, NULL, &d), RT_OK);
		if (b->cpus != ms[i])
			fprintf(stderr, "\n  m = %u came back as %u:\n%s", ms[i],
				b->cpus, j1);
		CU_ASSERT_EQUAL(b->cpus, ms[i]);
		CU_ASSERT_TRUE(same_scenario(a, b));
		CU_ASSERT_EQUAL_FATAL(scn_rtapp_export(b, &j2, &n2, &d), RT_OK);
		CU_ASSERT_TRUE(n1 == n2 && !memcmp(j1, j2, n1));
		CU_ASSERT_EQUAL(strstr(j1, "\"cpus\"") != NULL, ms[i] > 1);
		scn_free(a);
		scn_free(b);
		rt_free(j1);
		rt_free(j2);
	}
	for (size_t i = 0; i < sizeof(part) / sizeof(part[0]); i++) {
		struct scn_scenario *s = NULL;
		struct rt_diag d = { "" };
		char *j = NULL;
		size_t n;

		CU_ASSERT_EQUAL_FATAL(scn_load_data((const uint8_t *)part[i],
						    strlen(part[i]), "p.yaml", &s,
						    &d), RT_OK);
		CU_ASSERT_EQUAL(scn_rtapp_export(s, &j, &n, &d),
				RT_ERR_UNSUPPORTED);
		CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "partitioned placement "
					      "cannot be expressed in rt-app"));
		CU_ASSERT_PTR_NULL(j);
		scn_free(s);
	}
}

/* A random valid rt-app file: DL or OTHER threads, 1..3 phases sharing a
 * timer period and a list of sleeps, demands past the last sleep point. */
static void random_json(struct rt_rng *r, char *buf, size_t cap)
{
	int nthreads = (int)rt_rng_range(r, 1, 4);
	size_t n = 0;

#define P(...) (n += (size_t)snprintf(buf + n, n < cap ? cap - n : 0, __VA_ARGS__))
	P("{\"global\":{\"duration\":%d},\"tasks\":{",
	  (int)rt_rng_range(r, 1, 3));
	for (int th = 0; th < nthreads; th++) {
		bool dl = rt_rng_range(r, 0, 2) > 0;
		int64_t period = rt_rng_range(r, 200, 50000);
		int64_t runtime = rt_rng_range(r, 10, period / 2);
		int64_t deadline = rt_rng_range(r, runtime, period);
		int nsl = (int)rt_rng_range(r, 0, 2), nph = (int)rt_rng_range(r, 1, 3);
		int64_t after[2], len[2], at = 0;

		for (int k = 0; k < nsl; k++) {
			after[k] = at + rt_rng_range(r, 1, 5);
			at = after[k];
			len[k] = rt_rng_range(r, 1, 20);
		}
		P("%s\"t%d\":{", th ? "," : "", th);
		if (dl)
			P("\"policy\":\"SCHED_DEADLINE\",\"dl-runtime\":%" PRId64
			  ",\"dl-deadline\":%" PRId64 ",\"dl-period\":%" PRId64 ",",
			  runtime, deadline, period);
		if (rt_rng_range(r, 0, 1))
			P("\"delay\":%d,", (int)rt_rng_range(r, 1, 900));
		if (rt_rng_range(r, 0, 1))
			P("\"loop\":%d,", (int)rt_rng_range(r, 1, 9));
		P("\"phases\":{");
		for (int p = 0; p < nph; p++) {
			int64_t done = 0;

			P("%s\"p%d\":{\"loop\":%d,", p ? "," : "", p,
			  (int)rt_rng_range(r, 1, 3));
			for (int k = 0; k < nsl; k++) {
				P("\"run%d\":%" PRId64 ",\"sleep%d\":%" PRId64 ",", k,
				  after[k] - done, k, len[k]);
				done = after[k];
			}
			P("\"run%d\":%" PRId64 ",\"timer\":{\"ref\":\"unique\","
			  "\"period\":%" PRId64 "}}", nsl, rt_rng_range(r, 1, 40),
			  period);
		}
		P("}}");
	}
	P("}}");
#undef P
}

static void test_random_files_round_trip(void)
{
	const uint64_t seed = 1616;
	struct rt_rng r;
	char buf[8192];
	int failures = 0;

	rt_rng_seed(&r, seed);
	for (int it = 0; it < 300; it++) {
		struct rt_diag d = { "" };

		random_json(&r, buf, sizeof(buf));
		if (!round_trip(buf, &d) && failures++ < 3)
			fprintf(stderr, "\n  seed %" PRIu64 " iteration %d: %s\n  "
				"input %s\n", seed, it, d.msg, buf);
	}
	CU_ASSERT_EQUAL(failures, 0);
}

static void test_export_refuses_what_rt_app_cannot_say(void)
{
	static const struct { const char *yaml, *msg; } cases[] = {
		/* a time_unit the file does not write: no line to point at,
		 * so the message names the file and says where the unit
		 * comes from (it said "x.yaml: time_unit tick has no ...",
		 * as if the file had written it) */
		{ "format: 1\ntasks: [{name: a, C: 1, T: 4}]\n",
		  "x.yaml: time_unit (not given: the default, tick): ticks "
		  "have no physical length; rt-app needs us, ms, s or ns" },
		{ "format: 1\ntime_unit: tick\ntasks: [{name: a, C: 1, T: 4}]\n",
		  /* loaded from memory: the position all the same (the
		   * scenario keeps its text) */
		  "x.yaml:2:12: time_unit tick has no physical length" },
		{ "format: 1\ntime_unit: ns\ntasks: [{name: a, C: 1500, T: 4000}]\n",
		  "tasks[0] \"a\": runtime = 1500 ns is not a whole number of "
		  "microseconds" },
		{ "format: 1\ntime_unit: us\ntasks: [{name: a, C: 1, T: 4, arrival: "
		  "{model: sporadic, max_delay: 2}}]\n", "tasks[0] \"a\": arrival: "
		  "sporadic cannot be expressed in rt-app" },
		{ "format: 1\ntime_unit: us\ntasks: [{name: a, C: 1, T: 4, "
		  "jitter: 1}]\n", "\"a\": jitter cannot" },
		{ "format: 1\ntime_unit: us\ntasks: [{name: a, C: 1, T: 4, "
		  "releases: [0, 9]}]\n", "\"a\": a releases list cannot" },
		{ "format: 1\ntime_unit: us\ntasks: [{name: a, C: 3, T: 4, exec: "
		  "{model: uniform, min: 1, max: 3}}]\n", "exec: uniform cannot" },
		{ "format: 1\ntime_unit: us\nplatform: {cpus: [{capacity: 512}]}\n"
		  "tasks: [{name: a, C: 1, T: 4}]\n", "platform: CPU capacities "
		  "and frequencies cannot be expressed in rt-app" },
		{ "format: 1\ntime_unit: us\nplatform: {cpus: 1, frequencies: "
		  "[500, 1000], power: [1, 3]}\ntasks: [{name: a, C: 1, T: 4}]\n",
		  "platform: CPU capacities and frequencies cannot" },
		/* a workload rt-app cannot run was exported without them
		 * (the sched_setattr() at 30 ms, the sched_yield() at 5 ms,
		 * the flags, the abort), silently: refused now (the position of
		 * the key is checked by tests/cli.sh) */
		{ "format: 1\ntime_unit: ms\nscheduler: {policy: linux-dl}\n"
		  "tasks: [{name: a, runtime: 2, period: 10, changes: [{at: 30, "
		  "runtime: 3, deadline: 10, period: 10}]}]\n",
		  "tasks[0] \"a\": changes (sched_setattr() calls) "
		  "cannot be expressed in rt-app" },
		{ "format: 1\ntime_unit: ms\nscheduler: {policy: linux-dl}\n"
		  "tasks: [{name: a, runtime: 2, period: 10, yield_at: [5]}]\n",
		  "tasks[0] \"a\": yield_at (sched_yield() calls) "
		  "cannot be expressed in rt-app" },
		{ "format: 1\ntime_unit: ms\nscheduler: {policy: linux-dl}\n"
		  "tasks: [{name: a, runtime: 2, period: 10, flags: [dl-overrun]}]\n",
		  "tasks[0] \"a\": flags (sched_flags: reclaim, "
		  "dl-overrun) cannot be expressed in rt-app" },
		{ "format: 1\ntime_unit: ms\nscheduler: {policy: linux-dl, "
		  "reclaim: grub}\ntasks: [{name: a, runtime: 2, period: 10}]\n",
		  "scheduler.reclaim: grub (SCHED_FLAG_RECLAIM) "
		  "cannot be expressed in rt-app" },
		{ "format: 1\ntime_unit: ms\nscheduler: {on_miss: abort}\n"
		  "tasks: [{name: a, C: 2, T: 10}]\n",
		  "scheduler.on_miss: abort cannot be expressed in "
		  "rt-app" },
		/* rt-app reads global.duration and "loop" as C ints, and the
		 * importer refuses more: 3e9 s, and 3e9 jobs of 100 us, were
		 * written out as they were */
		{ "format: 1\ntime_unit: ms\nhorizon: 3000000000s\n"
		  "tasks: [{name: a, C: 1, T: 10}]\n",
		  "horizon: 3000000000 s is beyond rt-app's global.duration "
		  "(2^31 - 1 s)" },
		{ "format: 1\ntime_unit: us\ntasks: [{name: a, C: 10, T: 100, "
		  "leave_at: 300000s}]\n", "tasks[0] \"a\": leave_at after "
		  "3000000000 passes, beyond rt-app's loop count 2^31 - 1" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct scn_scenario *s = NULL;
		struct rt_diag d = { "" };
		char *j = NULL;
		size_t n;

		CU_ASSERT_EQUAL_FATAL(scn_load_data((const uint8_t *)cases[i].yaml,
						    strlen(cases[i].yaml), "x.yaml",
						    &s, &d), RT_OK);
		CU_ASSERT_EQUAL(scn_rtapp_export(s, &j, &n, &d), RT_ERR_UNSUPPORTED);
		if (!strstr(d.msg, cases[i].msg))
			fprintf(stderr, "\n  case %zu: '%s'\n", i, d.msg);
		CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, cases[i].msg));
		CU_ASSERT_PTR_NULL(j);
		scn_free(s);
	}
}

static void test_import_survives_every_allocation_failure(void)
{
	enum rt_err rc = RT_ERR_NOMEM;
	long n;

	for (n = 0; n < 5000 && rc != RT_OK; n++) {
		char *yaml = NULL;
		size_t len;
		struct rt_diag d;

		rt_mem_fail_after(n);
		rc = scn_rtapp_import(video_json, strlen(video_json), "w.json",
				      NULL, &yaml, &len, &d);
		rt_mem_fail_after(-1);
		CU_ASSERT(rc == RT_OK || rc == RT_ERR_NOMEM);
		if (rc == RT_OK)
			CU_ASSERT_PTR_NOT_NULL(strstr(yaml, "name: \"cam\""));
		rt_free(yaml);
	}
	CU_ASSERT_EQUAL(rc, RT_OK);
}

/* D3: "instance": 10^9 would be 10^9 tasks; refused at once, naming the
 * field and the limit. */
static void test_import_caps_instance(void)
{
	static const char json[] =
		"{ \"tasks\": { \"t1\": { \"instance\": 1000000000,\n"
		"  \"policy\": \"SCHED_DEADLINE\", \"dl-runtime\": 1000,\n"
		"  \"dl-period\": 10000, \"dl-deadline\": 10000,\n"
		"  \"run\": 1000, \"timer\": { \"ref\": \"t1\", \"period\": 10000 } } } }";
	struct scn_scenario *s = NULL;
	struct rt_diag d = { "" };

	CU_ASSERT_EQUAL(import(json, &s, NULL, &d), RT_ERR_PARSE);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "instance"));
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "at most 4096"));
	CU_ASSERT_PTR_NULL(s);
}

/* "instance": N (docs/rt-app.md): N tasks NAME-0 .. NAME-(N-1), one task
 * NAME for 1, none for 0, at most 4096.  Thread "b" is there so that 0
 * leaves a task.  Errors name the file, the line and column of the
 * "instance" key (line 4, after six spaces: column 7) and the field. */
static void test_import_instance_copies_and_errors(void)
{
	static const char fmt[] =
		"{\n"
		"  \"tasks\": {\n"
		"    \"a\": {\n"
		"      \"instance\": %s,\n"
		"      \"run\": 1000, \"sleep\": 9000\n"
		"    },\n"
		"    \"b\": { \"run\": 1, \"sleep\": 9 }\n"
		"  }\n"
		"}\n";
	static const struct {
		const char *n;
		size_t ntasks;          /* with b; 0: an error */
		const char *first, *last;       /* of a's tasks */
		const char *msg;
	} cases[] = {
		{ "0", 1, NULL, NULL, NULL },
		{ "1", 2, "a", "a", NULL },
		{ "3", 4, "a-0", "a-2", NULL },
		{ "4096", 4097, "a-0", "a-4095", NULL },
		{ "4097", 0, NULL, NULL, "w.json:4:7: tasks.a.instance: thread "
		  "\"a\": 4097 copies of one thread; at most 4096 are imported" },
		{ "-1", 0, NULL, NULL, "w.json:4:7: tasks.a.instance: thread "
		  "\"a\": -1 copies of one thread; expected 0..4096" },
		{ "2.5", 0, NULL, NULL, "w.json:4:7: tasks.a.instance: thread "
		  "\"a\": expected an integer, got a number with a fraction" },
		{ "\"3\"", 0, NULL, NULL, "w.json:4:7: tasks.a.instance: thread "
		  "\"a\": expected an integer, got a string" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct scn_scenario *s = NULL;
		struct rt_diag d = { "" };
		char json[sizeof(fmt) + 16];
		enum rt_err rc;

		snprintf(json, sizeof(json), fmt, cases[i].n);
		rc = import(json, &s, NULL, &d);
		if (!cases[i].ntasks) {
			if (!strstr(d.msg, cases[i].msg))
				fprintf(stderr, "\n  instance %s: '%s'\n  want "
					"'%s'\n", cases[i].n, d.msg, cases[i].msg);
			CU_ASSERT_EQUAL(rc, RT_ERR_PARSE);
			CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, cases[i].msg));
			CU_ASSERT_PTR_NULL(s);
			continue;
		}
		CU_ASSERT_EQUAL_FATAL(rc, RT_OK);
		CU_ASSERT_EQUAL(s->ntasks, cases[i].ntasks);
		CU_ASSERT_STRING_EQUAL(s->tasks[s->ntasks - 1].name, "b");
		if (cases[i].first) {
			CU_ASSERT_STRING_EQUAL(s->tasks[0].name, cases[i].first);
			CU_ASSERT_STRING_EQUAL(s->tasks[s->ntasks - 2].name,
					       cases[i].last);
		}
		scn_free(s);
	}
}

/* Instance names must not meet another thread's name, in either order:
 * the message names both, at the line of the later one. */
static void test_import_instance_names_collide(void)
{
	static const struct {
		const char *json, *msg;
	} cases[] = {
		{ "{\n"
		  "  \"tasks\": {\n"
		  "    \"a-1\": { \"run\": 1, \"sleep\": 9 },\n"
		  "    \"a\": { \"instance\": 3, \"run\": 1, \"sleep\": 9 }\n"
		  "  }\n"
		  "}\n",
		  "w.json:4:12: tasks.a.instance: thread \"a\": instance 1 is "
		  "named \"a-1\", the name of thread \"a-1\"; expected unique "
		  "task names" },
		{ "{\n"
		  "  \"tasks\": {\n"
		  "    \"a\": { \"instance\": 3, \"run\": 1, \"sleep\": 9 },\n"
		  "    \"a-1\": { \"run\": 1, \"sleep\": 9 }\n"
		  "  }\n"
		  "}\n",
		  "w.json:4:5: tasks.a-1: thread \"a-1\": the task name \"a-1\" "
		  "is already the name of instance 1 of thread \"a\"; expected "
		  "unique task names" },
	};
	struct scn_scenario *s = NULL;
	struct rt_diag d = { "" };

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		enum rt_err rc = import(cases[i].json, &s, NULL, &d);

		if (!strstr(d.msg, cases[i].msg))
			fprintf(stderr, "\n  case %zu: '%s'\n  want '%s'\n", i,
				d.msg, cases[i].msg);
		CU_ASSERT_EQUAL(rc, RT_ERR_PARSE);
		CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, cases[i].msg));
		CU_ASSERT_PTR_NULL(s);
	}
	/* no clash: "a" with 2 copies next to "a-2", and 0 copies next to
	 * "a-0" */
	CU_ASSERT_EQUAL(import("{\"tasks\":{\"a-2\":{\"run\":1,\"sleep\":9},"
			       "\"a\":{\"instance\":2,\"run\":1,\"sleep\":9}}}",
			       &s, NULL, &d), RT_OK);
	CU_ASSERT(s && s->ntasks == 3);
	scn_free(s);
	s = NULL;
	CU_ASSERT_EQUAL(import("{\"tasks\":{\"a-0\":{\"run\":1,\"sleep\":9},"
			       "\"a\":{\"instance\":0,\"run\":1,\"sleep\":9}}}",
			       &s, NULL, &d), RT_OK);
	CU_ASSERT(s && s->ntasks == 1);
	scn_free(s);
}

/* A control character in a name or key (any JSON string may hold one)
 * is an error naming the user's file and the JSON path, shown escaped,
 * never one of the generated YAML ("w.yaml", "imported"). */
static void test_import_control_characters_name_the_json_path(void)
{
	static const struct {
		const char *json, *msg;
	} cases[] = {
		{ "{\"tasks\":{\"a\\u0001b\":{\"run\":1,\"sleep\":1}}}",
		  "w.json:1:11: tasks.a\\x01b: thread \"a\\x01b\": the thread name "
		  "(the task's name) holds the control character 0x01" },
		{ "{\"tasks\":{\"a\":{\"phases\":{\"p\\u001b\":{\"run\":1,"
		  "\"sleep\":1}}}}}",
		  "w.json:1:26: tasks.a.phases.p\\x1b: thread \"a\", phase \"p\\x1b\": "
		  "the phase name holds the control character 0x1b" },
		{ "{\"tasks\":{\"a\":{\"run\\u0007\":1,\"sleep\":1}}}",
		  "w.json:1:16: tasks.a.run\\x07: thread \"a\": the key holds the "
		  "control character 0x07" },
		{ "{\"global\":{\"x\\n\":1},\"tasks\":{}}",
		  "w.json:1:2: global: unknown key \"x\\x0a\"" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct scn_scenario *s = NULL;
		struct rt_diag d = { "" };
		enum rt_err rc = import(cases[i].json, &s, NULL, &d);

		if (!strstr(d.msg, cases[i].msg))
			fprintf(stderr, "\n  case %zu: '%s'\n  want '%s'\n", i,
				d.msg, cases[i].msg);
		CU_ASSERT_EQUAL(rc, RT_ERR_PARSE);
		CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, cases[i].msg));
		CU_ASSERT_PTR_NULL(strstr(d.msg, "imported"));
		CU_ASSERT_PTR_NULL(strstr(d.msg, "w.yaml"));
		CU_ASSERT_PTR_NULL(s);
	}
}

/* A log_basename that cannot be a name (too long, not printable) leaves
 * the name to the file, as documented. */
static void test_import_unprintable_log_basename_uses_file_name(void)
{
	struct scn_scenario *s = NULL;
	struct rt_diag d = { "" };

	CU_ASSERT_EQUAL(import("{\"global\":{\"log_basename\":\"x\\u0007\"},"
			       "\"tasks\":{\"a\":{\"run\":1,\"sleep\":1}}}",
			       &s, NULL, &d), RT_OK);
	if (s)
		CU_ASSERT_STRING_EQUAL(s->name, "w");
	scn_free(s);
}

CU_TestInfo rtapp_tests[] = {
	{ "import: control characters name the JSON path, not the YAML",
	  test_import_control_characters_name_the_json_path },
	{ "import: an unprintable log_basename leaves the name to the file",
	  test_import_unprintable_log_basename_uses_file_name },
	{ "import caps \"instance\" with a clear error", test_import_caps_instance },
	{ "import: instance 0, 1, 3, 4096 copies; 4097, -1, 2.5, \"3\" refused at their line",
	  test_import_instance_copies_and_errors },
	{ "import: an instance named as another thread is refused, naming both",
	  test_import_instance_names_collide },
	{ "import maps each rule", test_import_maps_each_rule },
	{ "import defaults and legacy keys", test_import_defaults_and_legacy_keys },
	{ "import errors name thread, phase and path",
	  test_import_errors_name_thread_phase_and_path },
	{ "import, export, import is the identity",
	  test_import_export_import_is_the_identity },
	{ "export keeps the CPU count (m = 1, 2, 4), refuses partitioned",
	  test_export_keeps_the_cpu_count },
	{ "300 random files round trip", test_random_files_round_trip },
	{ "export refuses what rt-app cannot say",
	  test_export_refuses_what_rt_app_cannot_say },
	{ "import survives every allocation failure",
	  test_import_survives_every_allocation_failure },
	CU_TEST_INFO_NULL,
};
