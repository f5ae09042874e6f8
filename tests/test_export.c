/* test_export.c - the event log writers (CSV, JSONL) and the JSONL
 * reader that replays logs.  The per-job CSV, atomic output files and the
 * Chrome trace are in test_export_outputs.c.
 *
 * Record streams are built by hand (struct tb, tests/export_util.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/mem.h"
#include "models/rng.h"
#include "render/jobs.h"
#include "render/log.h"
#include "render/replay.h"
#include "sim/engine.h"
#include "tests/export_util.h"
#include "tests/gen_util.h"
#include "tests/suites.h"

static enum rt_err log_dario(enum render_log_format fmt, struct membuf *out)
{
	struct render_meta m = tb_dario_meta();
	struct render_log *l = NULL;
	struct tb b = { .nsinks = 1 };
	enum rt_err rc;

	mb_open(out);
	rc = render_log_open(out->f, fmt, &m, &l, NULL);
	if (rc != RT_OK)
		return rc;
	b.sinks[0] = render_log_sink(l);
	tb_dario(&b);
	rc = render_log_finish(l, NULL);
	return b.rc != RT_OK ? b.rc : rc;
}

static void test_csv_log_has_one_row_per_record(void)
{
	struct membuf mb;
	const char *want =
		"time,event,cpu,task,job,value\n"
		"0,release,,P1,0,5\n"
		"0,release,,P2,0,5\n"
		"0,start,0,P1,0,4\n"
		"4,complete,0,P1,0,4\n"
		"4,start,0,P2,0,4\n"
		"8,complete,0,P2,0,8\n"
		"8,deadline_miss,0,P2,0,3\n"
		"10,release,,P1,1,15\n"
		"10,release,,P2,1,15\n"
		"10,start,0,P1,1,4\n"
		"14,complete,0,P1,1,4\n"
		"14,start,0,P2,1,4\n"
		"18,complete,0,P2,1,8\n"
		"18,deadline_miss,0,P2,1,3\n"
		"20,end,,,,0\n";

	CU_ASSERT_EQUAL(log_dario(RENDER_LOG_CSV, &mb), RT_OK);
	CU_ASSERT_STRING_EQUAL(mb_text(&mb), want);
	mb_close(&mb);
}

static void test_jsonl_log_starts_with_a_header_and_names_fields(void)
{
	struct membuf mb;
	const char *t, *nl;

	CU_ASSERT_EQUAL(log_dario(RENDER_LOG_JSONL, &mb), RT_OK);
	t = mb_text(&mb);
	nl = strchr(t, '\n');
	CU_ASSERT_FATAL(nl != NULL);
	CU_ASSERT_NSTRING_EQUAL(t,
		"{\"type\":\"header\",\"format\":1,\"scenario\":\"dario\","
		"\"time_unit\":\"tick\",\"display_unit\":\"tick\","
		"\"display_scale\":1,\"cpus\":1,\"horizon\":20,\"tasks\":["
		"{\"name\":\"P1\",\"C\":4,\"D\":5,\"T\":10},"
		"{\"name\":\"P2\",\"C\":4,\"D\":5,\"T\":10}]}\n",
		(size_t)(nl - t + 1));
	CU_ASSERT_PTR_NOT_NULL(strstr(t,
		"{\"t\":8,\"event\":\"deadline_miss\",\"cpu\":0,\"task\":\"P2\","
		"\"task_index\":1,\"job\":0,\"value\":3,\"seq\":1,\"release\":0,"
		"\"deadline\":5,\"start\":4,\"finish\":8,\"last_cpu\":0}\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(t,
		"{\"t\":0,\"event\":\"release\",\"cpu\":null,\"task\":\"P1\","
		"\"task_index\":0,\"job\":0,\"value\":5,\"seq\":0,\"release\":0,"
		"\"deadline\":5,\"start\":null,\"finish\":null,"
		"\"last_cpu\":null}\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(t,
		"{\"t\":20,\"event\":\"end\",\"cpu\":null,\"task\":null,"
		"\"task_index\":null,\"job\":null,\"value\":0}\n"));
	mb_close(&mb);
}

/* Names with every character class that needs escaping. */
static const char *const hostile[] = {
	"a,b", "say \"hi\"", "line\nbreak", "tab\there", "back\\slash",
	"\x01\x1f", "τ_1 ünï", "bad\xff\xfeutf8", " padded ", "\xe2\x82",
};
#define NHOSTILE (sizeof(hostile) / sizeof(hostile[0]))

static void test_csv_fields_are_quoted_per_rfc_4180(void)
{
	struct rt_task tasks[3] = {
		rt_task_make("a,b", 1, 2, 3), rt_task_make("say \"hi\"", 1, 2, 3),
		rt_task_make("two\nlines", 1, 2, 3),
	};
	struct render_meta m = { .scenario = "s", .time_unit = "tick",
				 .cpus = 1, .horizon = 5, .tasks = tasks,
				 .ntasks = 3 };
	struct render_log *l;
	struct membuf mb;
	struct tb b = { .nsinks = 1 };

	mb_open(&mb);
	CU_ASSERT_EQUAL_FATAL(render_log_open(mb.f, RENDER_LOG_CSV, &m, &l, NULL),
			      RT_OK);
	b.sinks[0] = render_log_sink(l);
	tb_release(&b, 0, 0, 2, 1);
	tb_release(&b, 0, 1, 2, 1);
	tb_release(&b, 0, 2, 2, 1);
	CU_ASSERT_EQUAL(render_log_finish(l, NULL), RT_OK);
	CU_ASSERT_STRING_EQUAL(mb_text(&mb),
		"time,event,cpu,task,job,value\n"
		"0,release,,\"a,b\",0,2\n"
		"0,release,,\"say \"\"hi\"\"\",0,2\n"
		"0,release,,\"two\nlines\",0,2\n");
	mb_close(&mb);
}

static void test_jsonl_escapes_quotes_controls_and_bad_utf8(void)
{
	struct rt_task tasks[NHOSTILE];
	struct render_meta m = { .scenario = "q\"s", .time_unit = "tick",
				 .cpus = 1, .horizon = 5, .tasks = tasks,
				 .ntasks = NHOSTILE };
	struct render_log *l;
	struct membuf mb;
	const char *t;

	for (size_t i = 0; i < NHOSTILE; i++)
		tasks[i] = rt_task_make(hostile[i], 1, 2, 3);
	mb_open(&mb);
	CU_ASSERT_EQUAL_FATAL(render_log_open(mb.f, RENDER_LOG_JSONL, &m, &l,
					      NULL), RT_OK);
	CU_ASSERT_EQUAL(render_log_finish(l, NULL), RT_OK);
	t = mb_text(&mb);
	CU_ASSERT_PTR_NOT_NULL(strstr(t, "\"scenario\":\"q\\\"s\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(t, "\"name\":\"say \\\"hi\\\"\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(t, "\"name\":\"line\\nbreak\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(t, "\"name\":\"tab\\there\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(t, "\"name\":\"back\\\\slash\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(t, "\"name\":\"\\u0001\\u001f\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(t, "\"name\":\"τ_1 ünï\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(t, "\"name\":\"bad\\ufffd\\ufffdutf8\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(t, "\"name\":\"\\ufffd\\ufffd\""));
	/* one line: no raw newline inside the header */
	CU_ASSERT_EQUAL(strchr(t, '\n'), t + strlen(t) - 1);
	mb_close(&mb);
}

static void test_log_format_is_chosen_by_extension(void)
{
	enum render_log_format f = RENDER_LOG_JSONL;
	struct rt_diag d;

	CU_ASSERT_EQUAL(render_log_format_from_path("a/b.csv", &f, &d), RT_OK);
	CU_ASSERT_EQUAL(f, RENDER_LOG_CSV);
	CU_ASSERT_EQUAL(render_log_format_from_path("x.JSONL", &f, &d), RT_OK);
	CU_ASSERT_EQUAL(f, RENDER_LOG_JSONL);
	CU_ASSERT_EQUAL(render_log_format_from_path("x.Csv", &f, &d), RT_OK);
	CU_ASSERT_EQUAL(f, RENDER_LOG_CSV);
	CU_ASSERT_EQUAL(render_log_format_from_path("x.json", &f, &d), RT_OK);
	CU_ASSERT_EQUAL(f, RENDER_LOG_JSONL);
	CU_ASSERT_EQUAL(render_log_format_from_path("out.txt", &f, &d),
			RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "'.txt'"));
	CU_ASSERT_EQUAL(render_log_format_from_path("dir.v2/out", &f, &d),
			RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "no file extension"));
}

/* ---- replay ------------------------------------------------------- */

static enum rt_err replay_text(const char *text, size_t len, const char *name,
			       struct membuf *csv, struct membuf *jobs,
			       struct rt_diag *d)
{
	FILE *f = fmemopen((void *)(uintptr_t)text, len ? len : 1, "r");
	struct render_replay *rp = NULL;
	struct render_log *l = NULL;
	struct render_jobs *j = NULL;
	struct sim_sink s[2];
	enum rt_err rc, rc2;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	if (!len)
		fgetc(f);       /* fmemopen cannot make an empty stream */
	rc = render_replay_open(f, name, &rp, d);
	if (rc == RT_OK)
		rc = render_log_open(csv->f, RENDER_LOG_CSV,
				     render_replay_meta(rp), &l, NULL);
	if (rc == RT_OK)
		rc = render_jobs_open(jobs->f, render_replay_meta(rp), &j, NULL);
	if (rc == RT_OK) {
		s[0] = render_log_sink(l);
		s[1] = render_jobs_sink(j);
		rc = render_replay_run(rp, s, 2, d);
	}
	rc2 = render_log_finish(l, NULL);
	if (rc == RT_OK)
		rc = rc2;
	rc2 = render_jobs_finish(j, NULL);
	if (rc == RT_OK)
		rc = rc2;
	render_replay_destroy(rp);
	fclose(f);
	return rc;
}

static void test_replayed_jsonl_gives_the_same_csv_and_jobs(void)
{
	struct membuf js, csv, direct, jobs, djobs;
	struct render_meta m = tb_dario_meta();
	struct render_jobs *j;
	struct tb b = { .nsinks = 1 };
	struct rt_diag d;

	CU_ASSERT_EQUAL_FATAL(log_dario(RENDER_LOG_JSONL, &js), RT_OK);
	CU_ASSERT_EQUAL_FATAL(log_dario(RENDER_LOG_CSV, &direct), RT_OK);
	mb_open(&djobs);
	CU_ASSERT_EQUAL_FATAL(render_jobs_open(djobs.f, &m, &j, NULL), RT_OK);
	b.sinks[0] = render_jobs_sink(j);
	tb_dario(&b);
	CU_ASSERT_EQUAL(render_jobs_finish(j, NULL), RT_OK);
	mb_open(&csv);
	mb_open(&jobs);
	mb_text(&js);
	CU_ASSERT_EQUAL(replay_text(js.buf, js.len, "d.jsonl", &csv, &jobs, &d),
			RT_OK);
	CU_ASSERT_STRING_EQUAL(mb_text(&csv), mb_text(&direct));
	CU_ASSERT_STRING_EQUAL(mb_text(&jobs), mb_text(&djobs));
	mb_close(&js);
	mb_close(&csv);
	mb_close(&direct);
	mb_close(&jobs);
	mb_close(&djobs);
}

static void test_replay_restores_header_and_hostile_names(void)
{
	struct rt_task tasks[NHOSTILE];
	struct render_meta m = { .scenario = "s\"c", .time_unit = "ns",
				 .display_unit = "ms", .display_scale = 1000000,
				 .cpus = 4, .horizon = 77, .tasks = tasks,
				 .ntasks = NHOSTILE };
	const struct render_meta *g;
	struct render_replay *rp;
	struct render_log *l;
	struct membuf mb;
	struct tb b = { .nsinks = 1 };
	struct rt_diag d;
	FILE *f;

	for (size_t i = 0; i < NHOSTILE; i++)
		tasks[i] = rt_task_make(hostile[i], (rt_time)i + 1, 20, 30);
	mb_open(&mb);
	CU_ASSERT_EQUAL_FATAL(render_log_open(mb.f, RENDER_LOG_JSONL, &m, &l,
					      NULL), RT_OK);
	b.sinks[0] = render_log_sink(l);
	tb_end(&b, 77);
	CU_ASSERT_EQUAL(render_log_finish(l, NULL), RT_OK);
	mb_text(&mb);
	f = fmemopen(mb.buf, mb.len, "r");
	CU_ASSERT_EQUAL_FATAL(render_replay_open(f, "h.jsonl", &rp, &d), RT_OK);
	g = render_replay_meta(rp);
	CU_ASSERT_STRING_EQUAL(g->scenario, "s\"c");
	CU_ASSERT_STRING_EQUAL(g->time_unit, "ns");
	CU_ASSERT_STRING_EQUAL(g->display_unit, "ms");
	CU_ASSERT_EQUAL(g->display_scale, 1000000);
	CU_ASSERT_EQUAL(g->cpus, 4);
	CU_ASSERT_EQUAL(g->horizon, 77);
	CU_ASSERT_EQUAL_FATAL(g->ntasks, NHOSTILE);
	for (size_t i = 0; i < NHOSTILE; i++) {
		CU_ASSERT_EQUAL(g->tasks[i].wcet, (rt_time)i + 1);
		CU_ASSERT_EQUAL(g->tasks[i].deadline, 20);
		CU_ASSERT_EQUAL(g->tasks[i].period, 30);
	}
	for (size_t i = 0; i < 7; i++)  /* valid UTF-8 names: exact */
		CU_ASSERT_STRING_EQUAL(g->tasks[i].name, hostile[i]);
	CU_ASSERT_STRING_EQUAL(g->tasks[7].name, "bad\xef\xbf\xbd\xef\xbf\xbdutf8");
	CU_ASSERT_EQUAL(render_replay_run(rp, NULL, 0, &d), RT_OK);
	render_replay_destroy(rp);
	fclose(f);
	mb_close(&mb);
}

#define H "{\"type\":\"header\",\"format\":1,\"time_unit\":\"tick\"," \
	  "\"cpus\":2,\"horizon\":20,\"tasks\":[{\"name\":\"A\",\"C\":1," \
	  "\"D\":2,\"T\":3}]}\n"
#define REL "{\"t\":0,\"event\":\"release\",\"cpu\":null,\"task_index\":0," \
	    "\"job\":0,\"value\":2,\"seq\":0,\"release\":0,\"deadline\":2}\n"
#define END "{\"t\":20,\"event\":\"end\",\"cpu\":null,\"value\":0}\n"
#define JOB(t, ev, cpu) "{\"t\":" #t ",\"event\":\"" ev "\",\"cpu\":" #cpu \
	",\"task_index\":0,\"job\":0,\"value\":1,\"seq\":0,\"release\":0," \
	"\"deadline\":2}\n"

static const struct { const char *text, *msg; } bad_logs[] = {
	{ "", "bad.jsonl: empty log" },
	{ "\n  \n", "bad.jsonl: empty log" },
	{ "not json\n", "bad.jsonl:1: expected '{' (column 1)" },
	{ "{\"type\":\"header\"}\n", "bad.jsonl:1: \"format\": missing" },
	{ "{\"format\":1}\n", "not a dlsim log header" },
	{ "{\"type\":\"header\",\"format\":2}", "unsupported log format" },
	{ "{\"type\":\"head\"}", "bad.jsonl:1: \"type\": expected \"header\"" },
	{ "{\"type\":\"header\",\"format\":1,\"time_unit\":\"tick\",\"cpus\":0,"
	  "\"horizon\":1,\"tasks\":[]}", "\"cpus\": expected 1..65536" },
	{ "{\"type\":\"header\",\"format\":1,\"time_unit\":\"s\",\"cpus\":1,"
	  "\"horizon\":1,\"tasks\":[]}", "\"time_unit\": expected" },
	{ "{\"type\":\"header\",\"format\":1,\"time_unit\":\"tick\",\"cpus\":1,"
	  "\"horizon\":1,\"tasks\":[{\"name\":\"x\",\"C\":0,\"D\":1,\"T\":1}]}",
	  "\"C\": task parameters must be > 0" },
	{ "{\"type\":\"header\",\"format\":1,\"time_unit\":\"tick\",\"cpus\":1,"
	  "\"horizon\":1,\"tasks\":[{\"name\":\"x\",\"C\":1}]}",
	  "each task needs" },
	{ "{\"type\":\"header\",\"format\":1,\"time_unit\":\"tick\",\"cpus\":2,"
	  "\"horizon\":1,\"tasks\":[],\"capacity\":[512]}",
	  "\"capacity\": expected one capacity per CPU" },
	/* a key twice, an array's too: refused by the parser, the second
	 * named */
	{ "{\"type\":\"header\",\"format\":1,\"time_unit\":\"tick\",\"cpus\":1,"
	  "\"horizon\":1,\"tasks\":[],\"tasks\":[{\"name\":\"x\",\"C\":1,"
	  "\"D\":1,\"T\":1}]}", "bad.jsonl:1: \"tasks\": duplicate key (column 80)" },
	{ "{\"type\":\"header\",\"format\":1,\"time_unit\":\"tick\",\"cpus\":1,"
	  "\"horizon\":1,\"tasks\":[],\"servers\":[{\"name\":\"S\",\"Q\":1,"
	  "\"D\":2,\"T\":2}],\"servers\":[{\"name\":\"R\",\"Q\":1,\"D\":2,"
	  "\"T\":2}]}", "bad.jsonl:1: \"servers\": duplicate key (column 123)" },
	{ "{\"type\":\"header\",\"format\":1,\"time_unit\":\"tick\",\"cpus\":1,"
	  "\"horizon\":1,\"tasks\":[],\"capacity\":[2048]}",
	  "\"capacity\": expected capacities in 1..1024" },
	{ "{\"type\":\"header\",\"format\":1,\"time_unit\":\"tick\",\"cpus\":1,"
	  "\"horizon\":1,\"tasks\":[],\"capacity\":512}",
	  "\"capacity\": expected an array" },
	{ H "\n" REL JOB(0, "start", 5), "bad.jsonl:4: \"cpu\": 5 is not a CPU "
	  "of this run (0..1)" },
	{ H REL JOB(0, "start", null), "bad.jsonl:3: \"cpu\": this event needs" },
	{ H REL JOB(0, "launch", 0), "bad.jsonl:3: \"event\": unknown event" },
	{ H REL JOB(5, "start", 0) JOB(4, "preempt", 0), "bad.jsonl:4: \"t\": "
	  "time goes backwards" },
	{ H JOB(0, "start", 0), "bad.jsonl:2: \"seq\": no job with this" },
	{ H "{\"t\":0,\"event\":\"release\",\"cpu\":null,\"task_index\":0,"
	  "\"job\":0,\"value\":2,\"seq\":1,\"release\":0,\"deadline\":2}",
	  "bad.jsonl:2: \"seq\": release sequence numbers" },
	{ H REL "{\"t\":0,\"event\":\"start\",\"cpu\":0,\"task_index\":3,"
	  "\"job\":0,\"value\":1,\"seq\":0,\"release\":0,\"deadline\":2}",
	  "\"task_index\": not a task" },
	{ H REL "{\"t\":0,\"event\":\"start\",\"cpu\":0,\"task_index\":0,"
	  "\"job\":0,\"value\":1,\"seq\":0,\"release\":0}",
	  "bad.jsonl:3: \"deadline\": missing" },
	{ H END END, "bad.jsonl:3: record after the \"end\" record" },
	/* the header says horizon 20: a record at 21 or an end at 19 was
	 * read, and a chart drawn to 20 dropped what lay past it */
	{ H REL JOB(21, "start", 0), "bad.jsonl:3: \"t\": after the "
	  "header's horizon" },
	{ H REL "{\"t\":19,\"event\":\"end\",\"cpu\":null,\"value\":0}\n",
	  "bad.jsonl:3: \"t\": the \"end\" record is not at the header's "
	  "horizon" },
	{ H REL, "bad.jsonl:2: no \"end\" record (truncated log?)" },
	{ H "{\"t\":0,\"ev\0ent\":1}\n", "bad.jsonl:2: NUL byte" },
	{ H "{\"t\":99999999999999999999}", "integer out of range (column 6)" },
	{ H "{\"t\":1.5}", "expected an integer, not a fraction" },
	{ H "{\"t\":-0,\"event\":\"end\",\"cpu\":null,\"value\":01}",
	  "leading zero" },
	{ H "{\"t\":1,\"event\":\"en", "unterminated string" },
	{ H "{\"t\":1,\"event\":\"e\xc3\x28\"}", "invalid UTF-8" },
	{ H "{\"t\":1,\"event\":\"e\\q\"}", "invalid escape" },
	{ H "{\"t\":1,\"task\":\"\\ud800x\"}", "unpaired high surrogate" },
	{ H "{\"t\":1,\"task\":\"\\u0000\"}", "not allowed in names" },
	{ H "{\"t\":1,\"x\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]"
	  "]]]]]]]]]]]]]]]]]]]]]]]]]]]]}", "nested too deeply" },
	{ H "{\"t\":1,\"t\":2}", "bad.jsonl:2: \"t\": duplicate key" },
	{ H END "x", "bad.jsonl:3: record after" },
	{ H "{\"t\":20,\"event\":\"end\",\"cpu\":null,\"value\":0} x",
	  "text after the record" },
	{ H "{\"t\":20,\"event\":\"end\",\"cpu\":null,\"value\":0,}",
	  "expected a string" },
	{ H "[1,2]", "bad.jsonl:2: expected '{'" },
	{ H "{}", "empty record" },
	{ H "{\"t\":20,\"event\":\"end\",\"cpu\":null}", "\"value\": missing" },
};

static void test_replay_rejects_bad_logs_naming_the_line(void)
{
	for (size_t i = 0; i < sizeof(bad_logs) / sizeof(bad_logs[0]); i++) {
		const char *t = bad_logs[i].text;
		size_t len = strlen(t);
		struct membuf csv, jobs;
		struct rt_diag d;
		enum rt_err rc;

		if (strstr(bad_logs[i].msg, "NUL byte"))
			len += strlen(t + len + 1) + 1;
		mb_open(&csv);
		mb_open(&jobs);
		rc = replay_text(t, len, "bad.jsonl", &csv, &jobs, &d);
		if (rc != RT_ERR_PARSE || !strstr(d.msg, bad_logs[i].msg))
			fprintf(stderr, "\n  case %zu: rc %d, msg '%s', want '%s'\n",
				i, rc, d.msg, bad_logs[i].msg);
		CU_ASSERT_EQUAL(rc, RT_ERR_PARSE);
		CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, bad_logs[i].msg));
		mb_close(&csv);
		mb_close(&jobs);
	}
}

static void test_replay_survives_random_corruption(void)
{
	const uint64_t seed = 20240611;
	struct membuf js;
	struct rt_rng r;
	char *copy;

	CU_ASSERT_EQUAL_FATAL(log_dario(RENDER_LOG_JSONL, &js), RT_OK);
	mb_text(&js);
	copy = malloc(js.len + 8);
	CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
	rt_rng_seed(&r, seed);
	for (int it = 0; it < 400; it++) {
		struct membuf csv, jobs;
		struct rt_diag d;
		size_t len = js.len;
		enum rt_err rc;
		int n = (int)rt_rng_range(&r, 1, 4);

		memcpy(copy, js.buf, js.len);
		for (int k = 0; k < n; k++) {
			size_t at = (size_t)rt_rng_range(&r, 0, (int64_t)len - 1);

			switch (rt_rng_range(&r, 0, 3)) {
			case 0: copy[at] = (char)rt_rng_range(&r, 0, 255); break;
			case 1: len = at + 1; break;
			case 2: copy[at] = "{}[],:\"\\0-9n\n"[rt_rng_range(&r, 0, 13)];
				break;
			default: memmove(copy + at, copy + at + 1, len - at - 1);
				 len--;
			}
		}
		mb_open(&csv);
		mb_open(&jobs);
		rc = replay_text(copy, len, "fuzz.jsonl", &csv, &jobs, &d);
		if (rc != RT_OK && rc != RT_ERR_PARSE)
			fprintf(stderr, "\n  seed %" PRIu64 " iteration %d: rc %d "
				"(%s)\n", seed, it, rc, d.msg);
		CU_ASSERT(rc == RT_OK || rc == RT_ERR_PARSE);
		CU_ASSERT(rc == RT_OK || !strncmp(d.msg, "fuzz.jsonl:", 11));
		mb_close(&csv);
		mb_close(&jobs);
	}
	free(copy);
	mb_close(&js);
}

static void test_replay_and_writers_survive_every_allocation_failure(void)
{
	struct membuf js;
	enum rt_err rc = RT_ERR_NOMEM;

	CU_ASSERT_EQUAL_FATAL(log_dario(RENDER_LOG_JSONL, &js), RT_OK);
	mb_text(&js);
	for (long n = 0; n < 1000 && rc != RT_OK; n++) {
		struct membuf csv, jobs;
		struct rt_diag d;

		mb_open(&csv);
		mb_open(&jobs);
		rt_mem_fail_after(n);
		rc = replay_text(js.buf, js.len, "m.jsonl", &csv, &jobs, &d);
		rt_mem_fail_after(-1);
		if (rc != RT_OK && rc != RT_ERR_NOMEM)
			fprintf(stderr, "\n  fail after %ld: rc %d (%s)\n", n, rc,
				d.msg);
		CU_ASSERT(rc == RT_OK || rc == RT_ERR_NOMEM);
		mb_close(&csv);
		mb_close(&jobs);
	}
	CU_ASSERT_EQUAL(rc, RT_OK);
	mb_close(&js);
}

/*
 * The jobs CSV of an engine's run through the writer's engine entry
 * (render_jobs_emit_job, as api_outputs_attach adds it: a one-CPU run
 * hands it COMPLETE inline) is byte for byte the CSV written from the
 * same records by its emit, on random sets of every gen_util model
 * (jitter, sporadic and list arrivals, overruns, both miss policies:
 * ABORT and UNFINISHED rows; 1..8 CPUs, every placement).
 */
static enum rt_err jobs_engine_csv(const struct sim_config *c, bool entry,
				   struct membuf *out)
{
	struct render_meta m = mb_meta_of(c);
	struct render_jobs *j = NULL;
	sim_emit_job_fn *emit_job = entry ? render_jobs_emit_job : NULL;
	struct sim_sink s;
	enum rt_err rc, rc2;

	mb_open(out);
	CU_ASSERT_EQUAL_FATAL(render_jobs_open(out->f, &m, &j, NULL), RT_OK);
	s = render_jobs_sink(j);
	s.mask &= ~RENDER_JOBS_UNLESS_FINAL;
	rc = mb_engine_run(c, &s, &emit_job, 1);
	rc2 = render_jobs_finish(j, NULL);
	mb_text(out);
	return rc != RT_OK ? rc : rc2;
}

static void test_jobs_engine_entry_writes_what_emit_does(void)
{
	CU_ASSERT(mb_same_on_random_sets(0x10b5000, jobs_engine_csv,
					 "jobs CSV from records, from the "
					 "engine entry") > 400 * 500);
}

/*
 * The JSONL writer keeps each recent job's fixed text (task, job key,
 * seq, release, deadline: log.c) and copies it into the job's later
 * records.  Its log is byte for byte the one of a writer that formats
 * every record in full (render_log_keep_no_text), on random sets of every
 * model; and from a hand-made stream whose job fields change between
 * records (a replayed log may do anything), each record shows its own.
 */
/* A JSONL log on f that keeps jobs' text (keep) or formats every
 * record in full. */
static struct render_log *jsonl_open(FILE *f, const struct render_meta *m,
				     bool keep)
{
	struct render_log *l = NULL;
	enum rt_err rc;

	render_log_keep_no_text(!keep);
	rc = render_log_open(f, RENDER_LOG_JSONL, m, &l, NULL);
	render_log_keep_no_text(false);
	CU_ASSERT_EQUAL_FATAL(rc, RT_OK);
	return l;
}

static enum rt_err jsonl_engine_log(const struct sim_config *c, bool keep,
				    struct membuf *out)
{
	struct render_meta m = mb_meta_of(c);
	sim_emit_job_fn *none = NULL;
	struct render_log *l;
	struct sim_sink s;
	enum rt_err rc, rc2;

	mb_open(out);
	l = jsonl_open(out->f, &m, keep);
	s = render_log_sink(l);
	rc = mb_engine_run(c, &s, &none, 1);
	rc2 = render_log_finish(l, NULL);
	mb_text(out);
	return rc != RT_OK ? rc : rc2;
}

static void test_jsonl_log_copies_a_job_text_only_while_it_holds(void)
{
	struct render_meta m = tb_dario_meta();
	struct membuf out[2];

	CU_ASSERT(mb_same_on_random_sets(0x150c000, jsonl_engine_log,
					 "JSONL in full, with kept text") >
		  400 * 5000);
	for (int keep = 0; keep < 2; keep++) {
		struct tb b = { .nsinks = 1 };
		struct render_log *l;
		size_t a, c;

		mb_open(&out[keep]);
		l = jsonl_open(out[keep].f, &m, keep);
		b.sinks[0] = render_log_sink(l);
		a = tb_release(&b, 0, 0, 5, 4);
		c = tb_release(&b, 0, 1, 5, 4);
		tb_run(&b, 0, a, 0);
		b.jobs[a].abs_deadline = 7;     /* no record says so */
		tb_stop(&b, 1, a, 1);
		b.jobs[c].release = 1;
		tb_run(&b, 1, c, 0);
		b.jobs[c].job = 9;
		b.jobs[a].seq = c;              /* another job's slot */
		tb_complete(&b, 4, c);
		{
			/* c's fields but its task */
			struct sim_job_info x = b.jobs[c];

			x.task = 0;
			tb_emit(&b, 4, SIM_REC_MISS, 0, &x, 0);
		}
		tb_run(&b, 4, a, 0);
		for (uint64_t k = 1; k <= 4; k++) {
			/* a's fields but its seq: slots collide somewhere */
			struct sim_job_info x = b.jobs[a];

			x.seq = a + 16 * k;
			tb_emit(&b, 5, SIM_REC_PREEMPT, 0, &x, 2);
		}
		tb_complete(&b, 7, a);
		tb_end(&b, 20);
		CU_ASSERT_EQUAL(b.rc, RT_OK);
		CU_ASSERT_EQUAL(render_log_finish(l, NULL), RT_OK);
		mb_text(&out[keep]);
	}
	CU_ASSERT_EQUAL(out[0].len, out[1].len);
	CU_ASSERT(out[0].len == out[1].len &&
		  !memcmp(out[0].buf, out[1].buf, out[0].len));
	/* the changes show: the deadline 7 after the start, job 9 */
	CU_ASSERT_PTR_NOT_NULL(strstr(out[1].buf, "\"event\":\"preempt\",\"cpu\":0,"
				      "\"task\":\"P1\",\"task_index\":0,\"job\":0,"
				      "\"value\":3,\"seq\":0,\"release\":0,"
				      "\"deadline\":7,"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out[1].buf, "\"job\":9,"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out[1].buf, "\"seq\":64,"));
	mb_close(&out[0]);
	mb_close(&out[1]);
}

CU_TestInfo export_tests[] = {
	{ "csv log has one row per record", test_csv_log_has_one_row_per_record },
	{ "jsonl log starts with a header and names fields",
	  test_jsonl_log_starts_with_a_header_and_names_fields },
	{ "csv fields are quoted per rfc 4180",
	  test_csv_fields_are_quoted_per_rfc_4180 },
	{ "jsonl escapes quotes, controls and bad utf-8",
	  test_jsonl_escapes_quotes_controls_and_bad_utf8 },
	{ "log format is chosen by extension",
	  test_log_format_is_chosen_by_extension },
	{ "replayed jsonl gives the same csv and jobs",
	  test_replayed_jsonl_gives_the_same_csv_and_jobs },
	{ "replay restores the header and hostile names",
	  test_replay_restores_header_and_hostile_names },
	{ "replay rejects bad logs naming the line",
	  test_replay_rejects_bad_logs_naming_the_line },
	{ "replay survives random corruption",
	  test_replay_survives_random_corruption },
	{ "replay and writers survive every allocation failure",
	  test_replay_and_writers_survive_every_allocation_failure },
	{ "jobs engine entry writes what emit does",
	  test_jobs_engine_entry_writes_what_emit_does },
	{ "jsonl log copies a job's text only while it holds",
	  test_jsonl_log_copies_a_job_text_only_while_it_holds },
	CU_TEST_INFO_NULL
};
