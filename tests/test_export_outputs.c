/* test_export_outputs.c - the per-job CSV (one row per job, in release
 * order, open jobs included), atomic output files (appear on commit only,
 * abort keeps the old file) and the Chrome trace (valid JSON, exact
 * microseconds).
 *
 * Record streams are built by hand (struct tb, tests/export_util.h).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <CUnit/CUnit.h>

#include "models/task.h"
#include "render/chrome.h"
#include "render/jobs.h"
#include "render/outfile.h"
#include "tests/export_util.h"
#include "tests/suites.h"

/* ---- per-job CSV ----------------------------------------------------- */

static const char jobs_head[] =
	"task,job,release,deadline,start,finish,response,tardiness,cpu\n";

static void test_jobs_csv_gives_dario_tardiness_of_3(void)
{
	struct render_meta m = tb_dario_meta();
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
	/* A completes: A's, B's and C's rows leave the reorder ring now, into
	 * the writer's 1 MiB buffer (render/wbuf.h); the file sees them at
	 * finish, in release order (checked by the caller). */
	tb_complete(b, 10, a);
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
	/* unfinished at the horizon 20, 15 past its deadline; its start and
	 * CPU come only with a final record, which never came */
	CU_ASSERT_PTR_NOT_NULL(strstr(mb_text(&mb), "A,0,0,5,,,,15,\n"));
	mb_close(&mb);
}

/* As the engine's caller sets it: without RELEASE records
 * (RENDER_JOBS_UNLESS_FINAL), the final records alone give the same
 * rows. */
static void test_jobs_csv_needs_no_release_records_from_the_engine(void)
{
	struct render_meta m = six_meta();
	struct render_jobs *j;
	struct membuf mb, lean;
	struct tb b = { .nsinks = 1 }, c = { .nsinks = 1 };

	mb_open(&mb);
	mb_open(&lean);
	CU_ASSERT_EQUAL_FATAL(render_jobs_open(mb.f, &m, &j, NULL), RT_OK);
	b.sinks[0] = render_jobs_sink(j);
	six_trace(&b, NULL);
	CU_ASSERT_EQUAL(render_jobs_finish(j, NULL), RT_OK);
	CU_ASSERT_EQUAL_FATAL(render_jobs_open(lean.f, &m, &j, NULL), RT_OK);
	c.sinks[0] = render_jobs_sink(j);
	c.sinks[0].mask &= ~RENDER_JOBS_UNLESS_FINAL;
	CU_ASSERT_FALSE(c.sinks[0].mask & SIM_MASK(SIM_REC_RELEASE));
	six_trace(&c, NULL);
	CU_ASSERT_EQUAL(c.rc, RT_OK);
	CU_ASSERT_EQUAL(render_jobs_finish(j, NULL), RT_OK);
	CU_ASSERT_STRING_EQUAL(mb_text(&lean), mb_text(&mb));
	CU_ASSERT_PTR_NOT_NULL(strstr(mb_text(&lean), "F,0,14,16,,,,,\n"));
	mb_close(&mb);
	mb_close(&lean);
}

/* Without RELEASE records, a job below a closed one that never got a
 * final record cannot have its row: the file is refused, not short. */
static void test_jobs_csv_refuses_a_job_seen_by_no_record(void)
{
	struct render_meta m = six_meta();
	struct render_jobs *j;
	struct membuf mb;
	struct tb b = { .nsinks = 1 };
	struct rt_diag d;

	mb_open(&mb);
	CU_ASSERT_EQUAL_FATAL(render_jobs_open(mb.f, &m, &j, NULL), RT_OK);
	b.sinks[0] = render_jobs_sink(j);
	b.sinks[0].mask &= ~RENDER_JOBS_UNLESS_FINAL;
	tb_release(&b, 0, 0, 5, 10);            /* seq 0: never closed */
	tb_run(&b, 0, tb_release(&b, 0, 1, 3, 2), 0);
	tb_complete(&b, 2, 1);
	CU_ASSERT_EQUAL(b.rc, RT_OK);
	CU_ASSERT_EQUAL(render_jobs_finish(j, &d), RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "job 0 of the release order "
				      "has no final record"));
	CU_ASSERT_STRING_EQUAL(mb_text(&mb), jobs_head);
	mb_close(&mb);
}

/* The rows' times go through a window of 10^8 values whose leading
 * digits are formatted once (render_put_i64w): times below 10^8, across
 * the window of 10^8..2*10^8 (H = 1), a jump to H = 50, 16 digits
 * (H = 99999999), 17 digits (past the windows: plain formatting), out of
 * order (a row through the ring), a two-digit CPU, a name over 16 bytes
 * (the long copy) and a job unfinished at the horizon.  Every row worked
 * by hand:
 *   seq 0 A: r 99999990, d 100000005, runs 99999990 on CPU 0 and ends
 *            100000002: response 12, tardiness 0
 *   seq 1 L: r 99999995, d 100000100, runs 100000002-100000010: 15
 *   seq 2 A: r 5088552660, d 5088598704, on CPU 1 5088552660-5088598710:
 *            response 46050, tardiness 6 (COMPLETE then MISS)
 *   seq 3 L: r 9999999999000000, d 10000000000000005, runs on CPU 0 from
 *            9999999999000003 to 10000000000000001: response 1000001
 *   seq 4 A: r 9999999999000001, d 9999999999000101, on CPU 12 from its
 *            release to 9999999999000003 (before seq 3 ends): response 2
 *   seq 5 A: r 10000000000000002, d 10000000000000004, never runs;
 *            horizon 10000000000000010: tardiness 6, the rest empty
 * With RELEASE records and without (as the engine sends them). */
static void test_jobs_csv_times_of_every_width_through_the_window(void)
{
	static struct rt_task t[2];
	struct render_meta m = { .scenario = "wide", .time_unit = "tick",
				 .cpus = 13, .horizon = 10000000000000010,
				 .tasks = t, .ntasks = 2 };
	const char *want_rows =
		"A,0,99999990,100000005,99999990,100000002,12,0,0\n"
		"a_task_named_over_sixteen,0,99999995,100000100,100000002,"
		"100000010,15,0,0\n"
		"A,1,5088552660,5088598704,5088552660,5088598710,46050,6,1\n"
		"a_task_named_over_sixteen,1,9999999999000000,"
		"10000000000000005,9999999999000003,10000000000000001,"
		"1000001,0,0\n"
		"A,2,9999999999000001,9999999999000101,9999999999000001,"
		"9999999999000003,2,0,12\n"
		"A,3,10000000000000002,10000000000000004,,,,6,\n";
	char want[1024];

	t[0] = rt_task_make("A", 10, 10, 100);
	t[1] = rt_task_make("a_task_named_over_sixteen", 10, 10, 100);
	snprintf(want, sizeof(want), "%s%s", jobs_head, want_rows);
	for (int lean = 0; lean < 2; lean++) {
		struct render_jobs *j;
		struct membuf mb;
		struct tb b = { .nsinks = 1 };
		size_t s0, s1, s2, s3, s4;

		mb_open(&mb);
		CU_ASSERT_EQUAL_FATAL(render_jobs_open(mb.f, &m, &j, NULL),
				      RT_OK);
		b.sinks[0] = render_jobs_sink(j);
		if (lean)
			b.sinks[0].mask &= ~RENDER_JOBS_UNLESS_FINAL;
		s0 = tb_release(&b, 99999990, 0, 100000005, 12);
		tb_run(&b, 99999990, s0, 0);
		s1 = tb_release(&b, 99999995, 1, 100000100, 8);
		tb_complete(&b, 100000002, s0);
		tb_run(&b, 100000002, s1, 0);
		tb_complete(&b, 100000010, s1);
		s2 = tb_release(&b, 5088552660, 0, 5088598704, 46050);
		tb_run(&b, 5088552660, s2, 1);
		tb_complete(&b, 5088598710, s2);
		s3 = tb_release(&b, 9999999999000000, 1, 10000000000000005,
				1000000);
		s4 = tb_release(&b, 9999999999000001, 0, 9999999999000101, 2);
		tb_run(&b, 9999999999000001, s4, 12);
		tb_complete(&b, 9999999999000003, s4);
		tb_run(&b, 9999999999000003, s3, 0);
		tb_complete(&b, 10000000000000001, s3);
		tb_release(&b, 10000000000000002, 0, 10000000000000004, 1);
		tb_end(&b, 10000000000000010);
		CU_ASSERT_EQUAL(b.rc, RT_OK);
		CU_ASSERT_EQUAL(render_jobs_finish(j, NULL), RT_OK);
		CU_ASSERT_STRING_EQUAL(mb_text(&mb), want);
		mb_close(&mb);
	}
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

/* A file larger than the outfile's streaming threshold (32 MiB, then
 * 8 MiB chunks given to writeback and dropped from the page cache four
 * chunks behind) comes back byte for byte, with an odd write size so
 * that writes straddle the chunks. */
static void test_outfile_large_file_streams_through_the_cache_intact(void)
{
	const char *path = OUTDIR "/big.bin";
	const size_t total = 60u << 20, step = 65537;
	struct render_outfile o;
	struct rt_diag d;
	unsigned char *buf = malloc(step);
	uint64_t x = 14, y;
	size_t done, bad = 0;
	FILE *f;

	CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
	outdir();
	CU_ASSERT_EQUAL_FATAL(render_outfile_open(&o, path, &f, &d), RT_OK);
	for (done = 0; done < total; done += step) {
		size_t n = total - done < step ? total - done : step;

		for (size_t i = 0; i < n; i++) {
			x = x * 6364136223846793005u + 1442695040888963407u;
			buf[i] = (unsigned char)(x >> 56);
		}
		CU_ASSERT_EQUAL_FATAL(fwrite(buf, 1, n, f), n);
	}
	CU_ASSERT_EQUAL_FATAL(render_outfile_commit(&o, &d), RT_OK);
	f = fopen(path, "rb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	x = 14;
	for (done = 0; done < total; done += step) {
		size_t n = total - done < step ? total - done : step;

		CU_ASSERT_EQUAL_FATAL(fread(buf, 1, n, f), n);
		for (size_t i = 0; i < n; i++) {
			x = x * 6364136223846793005u + 1442695040888963407u;
			bad += buf[i] != (unsigned char)(x >> 56);
		}
	}
	CU_ASSERT_EQUAL(fread(&y, 1, 1, f), 0);         /* and no more */
	CU_ASSERT_EQUAL(bad, 0);
	fclose(f);
	free(buf);
	unlink(path);
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
	struct render_meta m = tb_dario_meta();
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

CU_TestInfo export_outputs_tests[] = {
	{ "jobs csv gives dario's tardiness of 3",
	  test_jobs_csv_gives_dario_tardiness_of_3 },
	{ "jobs csv rows come in release order, one per job",
	  test_jobs_csv_rows_come_in_release_order_one_per_job },
	{ "jobs csv writes jobs left open when the run stops",
	  test_jobs_csv_writes_jobs_left_open_when_the_run_stops },
	{ "jobs csv needs no release records from the engine",
	  test_jobs_csv_needs_no_release_records_from_the_engine },
	{ "jobs csv refuses a job seen by no record",
	  test_jobs_csv_refuses_a_job_seen_by_no_record },
	{ "jobs csv times of every width through the window",
	  test_jobs_csv_times_of_every_width_through_the_window },
	{ "output file appears only on commit",
	  test_outfile_appears_only_on_commit },
	{ "output file abort keeps the old file and leaves no temp",
	  test_outfile_abort_keeps_the_old_file_and_leaves_no_temp },
	{ "output file in a missing directory is an i/o error",
	  test_outfile_in_a_missing_directory_is_an_io_error },
	{ "output file: a large file streams through the cache intact",
	  test_outfile_large_file_streams_through_the_cache_intact },
	{ "json validator rejects what it should",
	  test_json_validator_rejects_what_it_should },
	{ "chrome trace is json with slices, jobs and misses",
	  test_chrome_trace_is_json_with_slices_jobs_and_misses },
	{ "chrome timestamps are exact microseconds",
	  test_chrome_timestamps_are_exact_microseconds },
	CU_TEST_INFO_NULL
};
