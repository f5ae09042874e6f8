/* test_export.c - event log (CSV, JSONL) and per-job CSV writers, the
 * JSONL reader that replays logs, and atomic output files.
 *
 * Record streams are built by hand (the engine is not needed): 'struct tb'
 * keeps the sim_job_info of each job as the engine would and emits records
 * to the sinks under test.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <CUnit/CUnit.h>

#include "models/mem.h"
#include "models/rng.h"
#include "render/chrome.h"
#include "render/jobs.h"
#include "render/log.h"
#include "render/outfile.h"
#include "render/replay.h"
#include "tests/suites.h"

/* ---- a hand-driven trace ------------------------------------------- */

#define TB_MAX 64

struct tb {
	struct sim_job_info jobs[TB_MAX];       /* by seq */
	uint64_t per_task[8];                   /* next job index per task */
	size_t njobs;
	struct sim_sink sinks[4];
	size_t nsinks;
	enum rt_err rc;                         /* first sink error */
};

static void tb_emit(struct tb *b, rt_time t, enum sim_rec_kind k, int cpu,
		    const struct sim_job_info *ji, rt_time value)
{
	struct sim_rec r = {
		.time = t, .kind = k, .cpu = cpu, .value = value, .info = ji,
		.task = ji ? ji->task : 0, .job = ji ? ji->job : 0,
	};

	for (size_t i = 0; i < b->nsinks && b->rc == RT_OK; i++)
		if (b->sinks[i].mask & SIM_MASK(k))
			b->rc = b->sinks[i].emit(b->sinks[i].ctx, &r);
}

/* Release a job of 'task' with absolute deadline d; returns its seq. */
static size_t tb_release(struct tb *b, rt_time t, uint32_t task, rt_time d,
			 rt_time demand)
{
	struct sim_job_info *ji = &b->jobs[b->njobs];

	*ji = (struct sim_job_info){
		.task = task, .job = b->per_task[task]++, .seq = b->njobs,
		.arrival = t, .release = t, .abs_deadline = d, .demand = demand,
		.remaining = demand, .start = RT_TIME_NEVER,
		.finish = RT_TIME_NEVER, .cpu = -1,
	};
	tb_emit(b, t, SIM_REC_RELEASE, -1, ji, d);
	return b->njobs++;
}

static void tb_run(struct tb *b, rt_time t, size_t seq, int cpu)
{
	struct sim_job_info *ji = &b->jobs[seq];

	if (ji->start == RT_TIME_NEVER)
		ji->start = t;
	if (ji->cpu >= 0 && ji->cpu != cpu)
		tb_emit(b, t, SIM_REC_MIGRATE, cpu, ji, ji->cpu);
	ji->cpu = cpu;
	tb_emit(b, t, SIM_REC_START, cpu, ji, ji->remaining);
}

static void tb_stop(struct tb *b, rt_time t, size_t seq, rt_time ran)
{
	struct sim_job_info *ji = &b->jobs[seq];

	ji->remaining -= ran;
	tb_emit(b, t, SIM_REC_PREEMPT, ji->cpu, ji, ji->remaining);
}

/* Complete; emits MISS after COMPLETE for a late job, as the engine. */
static void tb_complete(struct tb *b, rt_time t, size_t seq)
{
	struct sim_job_info *ji = &b->jobs[seq];

	ji->remaining = 0;
	ji->finish = t;
	tb_emit(b, t, SIM_REC_COMPLETE, ji->cpu, ji, t - ji->release);
	if (t > ji->abs_deadline)
		tb_emit(b, t, SIM_REC_MISS, ji->cpu, ji, t - ji->abs_deadline);
}

/* Horizon: MISS (if d <= h) then UNFINISHED for every pending job, END. */
static void tb_end(struct tb *b, rt_time h)
{
	for (size_t s = 0; s < b->njobs; s++) {
		struct sim_job_info *ji = &b->jobs[s];

		if (ji->finish != RT_TIME_NEVER || ji->remaining < 0)
			continue;
		if (ji->abs_deadline <= h)
			tb_emit(b, h, SIM_REC_MISS, -1, ji, h - ji->abs_deadline);
		tb_emit(b, h, SIM_REC_UNFINISHED, -1, ji, ji->remaining);
	}
	tb_emit(b, h, SIM_REC_END, -1, NULL, 0);
}

static void tb_abort(struct tb *b, rt_time t, size_t seq)
{
	struct sim_job_info *ji = &b->jobs[seq];

	tb_emit(b, t, SIM_REC_ABORT, -1, ji, ji->remaining);
	ji->remaining = -1;             /* gone: tb_end skips it */
}

static struct rt_task dario_tasks[2];

static struct render_meta dario_meta(void)
{
	struct render_meta m = {
		.scenario = "dario", .time_unit = "tick", .display_unit = "tick",
		.display_scale = 1, .cpus = 1, .horizon = 20,
		.tasks = dario_tasks, .ntasks = 2,
	};

	dario_tasks[0] = rt_task_make("P1", 4, 5, 10);
	dario_tasks[1] = rt_task_make("P2", 4, 5, 10);
	return m;
}

/* Dario's case: U = 0.8, yet P2 misses by 3 in every period. */
static void tb_dario(struct tb *b)
{
	for (rt_time t = 0; t < 20; t += 10) {
		size_t a = tb_release(b, t, 0, t + 5, 4);
		size_t c = tb_release(b, t, 1, t + 5, 4);

		tb_run(b, t, a, 0);
		tb_complete(b, t + 4, a);
		tb_run(b, t + 4, c, 0);
		tb_complete(b, t + 8, c);
	}
	tb_end(b, 20);
}

/* ---- in-memory files ---------------------------------------------- */

struct membuf {
	char *buf;
	size_t len;
	FILE *f;
};

static void mb_open(struct membuf *m)
{
	m->buf = NULL;
	m->len = 0;
	m->f = open_memstream(&m->buf, &m->len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(m->f);
}

static const char *mb_text(struct membuf *m)
{
	fflush(m->f);
	return m->buf;
}

static void mb_close(struct membuf *m)
{
	fclose(m->f);
	free(m->buf);
}

static enum rt_err log_dario(enum render_log_format fmt, struct membuf *out)
{
	struct render_meta m = dario_meta();
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


/* ---- per-job CSV ----------------------------------------------------- */

static const char jobs_head[] =
	"task,job,release,deadline,start,finish,response,tardiness,cpu\n";

static void test_jobs_csv_gives_dario_tardiness_of_3(void)
{
	struct render_meta m = dario_meta();
	struct render_jobs *j;
	struct membuf mb;
	struct tb b = { .nsinks = 1 };
	char want[512];

	mb_open(&mb);
	CU_ASSERT_EQUAL_FATAL(render_jobs_open(mb.f, &m, &j, NULL), RT_OK);
	b.sinks[0] = render_jobs_sink(j);
	tb_dario(&b);
	CU_ASSERT_EQUAL(b.rc, RT_OK);
	CU_ASSERT_EQUAL(render_jobs_finish(j, NULL), RT_OK);
	snprintf(want, sizeof(want), "%s%s", jobs_head,
		 "P1,0,0,5,0,4,4,0,0\n"
		 "P2,0,0,5,4,8,8,3,0\n"
		 "P1,1,10,15,10,14,4,0,0\n"
		 "P2,1,10,15,14,18,8,3,0\n");
	CU_ASSERT_STRING_EQUAL(mb_text(&mb), want);
	mb_close(&mb);
}

static struct rt_task six[6];

static struct render_meta six_meta(void)
{
	static const char *const n[6] = { "A", "B", "C", "D", "E", "F" };
	struct render_meta m = { .scenario = "six", .time_unit = "tick",
				 .cpus = 2, .horizon = 20, .tasks = six,
				 .ntasks = 6 };

	for (int i = 0; i < 6; i++)
		six[i] = rt_task_make(n[i], 10, 10, 100);
	return m;
}

/* Out-of-order completions, a late completion (COMPLETE then MISS), a
 * pending late job at the horizon (MISS then UNFINISHED), a job that never
 * ran, an aborted job. */
static void six_trace(struct tb *b, struct membuf *mb)
{
	size_t a = tb_release(b, 0, 0, 100, 10);
	size_t bb = tb_release(b, 0, 1, 3, 2);
	size_t c, dd, f;

	tb_run(b, 0, a, 0);
	tb_run(b, 0, bb, 1);
	c = tb_release(b, 1, 2, 4, 5);
	tb_complete(b, 2, bb);
	tb_run(b, 2, c, 1);
	tb_complete(b, 7, c);
	if (mb)         /* A (seq 0) still runs: B's and C's rows must wait */
		CU_ASSERT_STRING_EQUAL(mb_text(mb), jobs_head);
	tb_complete(b, 10, a);
	if (mb)
		CU_ASSERT_PTR_NOT_NULL(strstr(mb_text(mb), "C,0,1,4,2,7,6,3,1\n"));
	dd = tb_release(b, 12, 3, 15, 10);
	tb_run(b, 12, dd, 0);
	tb_release(b, 13, 4, 30, 1);
	f = tb_release(b, 14, 5, 16, 3);
	tb_abort(b, 16, f);
	tb_stop(b, 20, dd, 8);
	tb_end(b, 20);
}

static void test_jobs_csv_rows_come_in_release_order_one_per_job(void)
{
	struct render_meta m = six_meta();
	struct render_jobs *j;
	struct membuf mb;
	struct tb b = { .nsinks = 1 };
	char want[512];

	mb_open(&mb);
	CU_ASSERT_EQUAL_FATAL(render_jobs_open(mb.f, &m, &j, NULL), RT_OK);
	b.sinks[0] = render_jobs_sink(j);
	six_trace(&b, &mb);
	CU_ASSERT_EQUAL(b.rc, RT_OK);
	CU_ASSERT_EQUAL(render_jobs_finish(j, NULL), RT_OK);
	snprintf(want, sizeof(want), "%s%s", jobs_head,
		 "A,0,0,100,0,10,10,0,0\n"
		 "B,0,0,3,0,2,2,0,1\n"
		 "C,0,1,4,2,7,6,3,1\n"
		 "D,0,12,15,12,,,5,0\n"
		 "E,0,13,30,,,,,\n"
		 "F,0,14,16,,,,,\n");
	CU_ASSERT_STRING_EQUAL(mb_text(&mb), want);
	mb_close(&mb);
}

static void test_jobs_csv_writes_jobs_left_open_when_the_run_stops(void)
{
	struct render_meta m = six_meta();
	struct render_jobs *j;
	struct membuf mb;
	struct tb b = { .nsinks = 1 };
	size_t a;

	mb_open(&mb);
	CU_ASSERT_EQUAL_FATAL(render_jobs_open(mb.f, &m, &j, NULL), RT_OK);
	b.sinks[0] = render_jobs_sink(j);
	a = tb_release(&b, 0, 0, 5, 10);
	tb_run(&b, 0, a, 1);
	CU_ASSERT_EQUAL(render_jobs_finish(j, NULL), RT_OK);
	CU_ASSERT_PTR_NOT_NULL(strstr(mb_text(&mb), "A,0,0,5,0,,,15,1\n"));
	mb_close(&mb);
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
	struct render_meta m = dario_meta();
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

/* ---- atomic output files ------------------------------------------ */

#define OUTDIR DLSIM_SRCDIR "/build/test-out/export"

static void outdir(void)
{
	mkdir(DLSIM_SRCDIR "/build", 0777);
	mkdir(DLSIM_SRCDIR "/build/test-out", 0777);
	mkdir(OUTDIR, 0777);
}

static char *slurp(const char *path)
{
	static char buf[256];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void test_outfile_appears_only_on_commit(void)
{
	const char *path = OUTDIR "/a.txt";
	struct render_outfile o;
	struct rt_diag d;
	FILE *f;

	outdir();
	unlink(path);
	CU_ASSERT_EQUAL_FATAL(render_outfile_open(&o, path, &f, &d), RT_OK);
	fputs("hello\n", f);
	CU_ASSERT_PTR_NULL(slurp(path));
	CU_ASSERT_PTR_NOT_NULL(strstr(o.tmp, "/.a.txt.tmp-"));
	CU_ASSERT_EQUAL(render_outfile_commit(&o, &d), RT_OK);
	CU_ASSERT_STRING_EQUAL(slurp(path), "hello\n");
	CU_ASSERT_PTR_NULL(o.tmp);
}

static void test_outfile_abort_keeps_the_old_file_and_leaves_no_temp(void)
{
	const char *path = OUTDIR "/b.txt";
	struct render_outfile o;
	struct rt_diag d;
	char tmp[512];
	FILE *f;

	outdir();
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs("old\n", f);
	fclose(f);
	CU_ASSERT_EQUAL_FATAL(render_outfile_open(&o, path, &f, &d), RT_OK);
	snprintf(tmp, sizeof(tmp), "%s", o.tmp);
	fputs("new\n", f);
	render_outfile_abort(&o);
	render_outfile_abort(&o);       /* twice is harmless */
	CU_ASSERT_STRING_EQUAL(slurp(path), "old\n");
	CU_ASSERT_EQUAL(access(tmp, F_OK), -1);
}

static void test_outfile_in_a_missing_directory_is_an_io_error(void)
{
	struct render_outfile o;
	struct rt_diag d;
	FILE *f = NULL;

	CU_ASSERT_EQUAL(render_outfile_open(&o, OUTDIR "/no/such/dir/x.csv",
					    &f, &d), RT_ERR_IO);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "x.csv: cannot create"));
	CU_ASSERT_PTR_NULL(f);
	CU_ASSERT_EQUAL(render_outfile_open(&o, "", &f, &d), RT_ERR_INVAL);
}

/* ---- Chrome trace ------------------------------------------------ */

/* A strict JSON validator (RFC 8259), independent of render/json.c. */
static const char *jv_ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return p;
}

static const char *jv_value(const char *p, int depth);

static const char *jv_string(const char *p)
{
	if (*p++ != '"')
		return NULL;
	for (; *p != '"'; p++) {
		if ((unsigned char)*p < 0x20)
			return NULL;
		if (*p != '\\')
			continue;
		p++;
		if (*p == 'u') {
			for (int i = 1; i <= 4; i++)
				if (!strchr("0123456789abcdefABCDEF", p[i]) || !p[i])
					return NULL;
			p += 4;
		} else if (!*p || !strchr("\"\\/bfnrt", *p)) {
			return NULL;
		}
	}
	return p + 1;
}

static const char *jv_digits(const char *p)
{
	const char *s = p;

	while (*p >= '0' && *p <= '9')
		p++;
	return p > s ? p : NULL;
}

static const char *jv_number(const char *p)
{
	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (!(p = jv_digits(p)))
		return NULL;
	if (*p == '.' && !(p = jv_digits(p + 1)))
		return NULL;
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		p = jv_digits(p);
	}
	return p;
}

static const char *jv_items(const char *p, char close, bool obj, int depth)
{
	p = jv_ws(p + 1);
	if (*p == close)
		return p + 1;
	for (;;) {
		if (obj) {
			if (!(p = jv_string(jv_ws(p))))
				return NULL;
			p = jv_ws(p);
			if (*p++ != ':')
				return NULL;
		}
		if (!(p = jv_value(p, depth + 1)))
			return NULL;
		p = jv_ws(p);
		if (*p == close)
			return p + 1;
		if (*p++ != ',')
			return NULL;
	}
}

static const char *jv_value(const char *p, int depth)
{
	p = jv_ws(p);
	if (depth > 64)
		return NULL;
	switch (*p) {
	case '{': return jv_items(p, '}', true, depth);
	case '[': return jv_items(p, ']', false, depth);
	case '"': return jv_string(p);
	case 't': return strncmp(p, "true", 4) ? NULL : p + 4;
	case 'f': return strncmp(p, "false", 5) ? NULL : p + 5;
	case 'n': return strncmp(p, "null", 4) ? NULL : p + 4;
	default: return jv_number(p);
	}
}

static bool json_valid(const char *s)
{
	const char *p = jv_value(s, 0);

	return p && !*jv_ws(p);
}

static size_t count(const char *s, const char *what)
{
	size_t n = 0;

	for (; (s = strstr(s, what)); s++)
		n++;
	return n;
}

static void test_json_validator_rejects_what_it_should(void)
{
	CU_ASSERT_TRUE(json_valid("{\"a\":[1,-2.5e3,true,null,\"x\\n\"]}"));
	CU_ASSERT_FALSE(json_valid("{\"a\":[1,]}"));
	CU_ASSERT_FALSE(json_valid("{\"a\":1,}"));
	CU_ASSERT_FALSE(json_valid("{\"a\":01}"));
	CU_ASSERT_FALSE(json_valid("{\"a\":\"\n\"}"));
	CU_ASSERT_FALSE(json_valid("{\"a\":1} x"));
}

static void test_chrome_trace_is_json_with_slices_jobs_and_misses(void)
{
	struct render_meta m = dario_meta();
	struct render_chrome *c;
	struct membuf mb;
	struct tb b = { .nsinks = 1 };
	const char *t;

	mb_open(&mb);
	CU_ASSERT_EQUAL_FATAL(render_chrome_open(mb.f, &m, &c, NULL), RT_OK);
	b.sinks[0] = render_chrome_sink(c);
	tb_dario(&b);
	CU_ASSERT_EQUAL(b.rc, RT_OK);
	CU_ASSERT_EQUAL(render_chrome_finish(c, NULL), RT_OK);
	t = mb_text(&mb);
	CU_ASSERT_TRUE(json_valid(t));
	CU_ASSERT_EQUAL(count(t, "\"ph\":\"X\""), 4);
	CU_ASSERT_EQUAL(count(t, "\"ph\":\"b\""), 4);
	CU_ASSERT_EQUAL(count(t, "\"ph\":\"e\""), 4);
	CU_ASSERT_EQUAL(count(t, "\"ph\":\"i\""), 2);
	CU_ASSERT_EQUAL(count(t, "\"ph\":\"M\""), 2 + 1 + 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(t, "{\"name\":\"P2\",\"ph\":\"X\",\"pid\":1,"
		"\"tid\":0,\"ts\":4,\"dur\":4,\"cat\":\"exec\","
		"\"args\":{\"task\":1,\"job\":0}}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(t, "{\"name\":\"P2\",\"ph\":\"b\",\"pid\":2,"
		"\"tid\":2,\"ts\":10,\"cat\":\"job\",\"id\":\"j3\",\"args\":{"
		"\"job\":1,\"deadline\":15}}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(t, "{\"name\":\"deadline miss\",\"ph\":\"i\","
		"\"pid\":2,\"tid\":2,\"ts\":8,\"s\":\"t\",\"cat\":\"miss\","
		"\"args\":{\"job\":0,\"tardiness\":3}}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(t, "\"displayTimeUnit\":\"ms\""));
	mb_close(&mb);
}

static void test_chrome_timestamps_are_exact_microseconds(void)
{
	struct rt_task tasks[2] = { rt_task_make("say \"x\"\n", 1250, 3000, 5000),
				    rt_task_make("B", 1, 2, 3) };
	struct render_meta m = { .scenario = "ns", .time_unit = "ns",
				 .cpus = 2, .horizon = 10001, .tasks = tasks,
				 .ntasks = 2 };
	struct render_chrome *c;
	struct membuf mb;
	struct tb b = { .nsinks = 1 };
	const char *t;
	size_t a, late;

	mb_open(&mb);
	CU_ASSERT_EQUAL_FATAL(render_chrome_open(mb.f, &m, &c, NULL), RT_OK);
	b.sinks[0] = render_chrome_sink(c);
	a = tb_release(&b, 1500, 0, 4500, 1250);
	tb_run(&b, 1500, a, 1);
	tb_complete(&b, 2750, a);
	/* a late job overlapping its successor: two ids, both open */
	late = tb_release(&b, 5000, 0, 8000, 4000);
	tb_run(&b, 5000, late, 0);
	tb_release(&b, 10000, 0, 13000, 1);
	tb_end(&b, 10001);
	CU_ASSERT_EQUAL(render_chrome_finish(c, NULL), RT_OK);
	t = mb_text(&mb);
	CU_ASSERT_TRUE(json_valid(t));
	CU_ASSERT_PTR_NOT_NULL(strstr(t, "\"tid\":1,\"ts\":1.500,\"dur\":1.250,"));
	CU_ASSERT_PTR_NOT_NULL(strstr(t, "\"id\":\"j1\",\"args\":{\"job\":1,"
				      "\"deadline\":8.000}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(t, "\"id\":\"j2\",\"args\":{\"job\":2,"
				      "\"deadline\":13.000}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(t, "\"ts\":10.001,\"s\":\"t\",\"cat\":"
				      "\"miss\",\"args\":{\"job\":1,"
				      "\"tardiness\":2.001}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(t, "\"args\":{\"name\":\"say \\\"x\\\"\\n "
				      "events\"}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(t, "\"displayTimeUnit\":\"ns\""));
	mb_close(&mb);
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
	{ "jobs csv gives dario's tardiness of 3",
	  test_jobs_csv_gives_dario_tardiness_of_3 },
	{ "jobs csv rows come in release order, one per job",
	  test_jobs_csv_rows_come_in_release_order_one_per_job },
	{ "jobs csv writes jobs left open when the run stops",
	  test_jobs_csv_writes_jobs_left_open_when_the_run_stops },
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
	{ "output file appears only on commit",
	  test_outfile_appears_only_on_commit },
	{ "output file abort keeps the old file and leaves no temp",
	  test_outfile_abort_keeps_the_old_file_and_leaves_no_temp },
	{ "output file in a missing directory is an i/o error",
	  test_outfile_in_a_missing_directory_is_an_io_error },
	{ "json validator rejects what it should",
	  test_json_validator_rejects_what_it_should },
	{ "chrome trace is json with slices, jobs and misses",
	  test_chrome_trace_is_json_with_slices_jobs_and_misses },
	{ "chrome timestamps are exact microseconds",
	  test_chrome_timestamps_are_exact_microseconds },
	CU_TEST_INFO_NULL
};
