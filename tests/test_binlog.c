/* test_binlog.c - the binary event log (--log F.bin, render/log.h,
 * docs/formats.md "Binary"): its header, that replaying it gives the
 * JSONL log byte for byte (extreme values, names that need escaping --
 * valid UTF-8: invalid bytes become U+FFFD in any log's header, so they
 * cannot come back as they were --, records without a job), and that the reader refuses every truncation and survives
 * random corruption.  The examples' logs are compared end to end by
 * tests/golden.sh.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/rng.h"
#include "render/log.h"
#include "render/replay.h"
#include "render/internal.h"
#include "render/wbuf.h"
#include "tests/export_util.h"
#include "tests/suites.h"

static struct rt_task bl_tasks[3];

static struct render_meta bl_meta(void)
{
	struct render_meta m = { .scenario = "bin \"log\"", .time_unit = "ns",
				 .display_unit = "ms", .display_scale = 1000000,
				 .cpus = 3, .horizon = 40, .tasks = bl_tasks,
				 .ntasks = 3 };

	bl_tasks[0] = rt_task_make("a,b", 4, 5, 10);
	bl_tasks[1] = rt_task_make("τ_1 \"x\"\n", 4, 5, 10);
	bl_tasks[2] = rt_task_make("tab\tand \\ \x01", 1, RT_TIME_MAX - 1, RT_TIME_MAX);
	return m;
}

/* A stream with every shape of record: releases, starts on CPUs 0..2, a
 * migration, preemptions, a late completion (MISS), an abort, a server
 * record without a job, a deadline near INT64_MAX, and the horizon. */
static void bl_trace(struct tb *b)
{
	size_t a = tb_release(b, 0, 0, 5, 4);
	size_t c = tb_release(b, 0, 1, 5, 4);
	size_t big, e;

	tb_run(b, 0, a, 0);
	tb_run(b, 0, c, 2);
	tb_emit(b, 0, SIM_REC_SERVER_WAKEUP, -1, NULL, -12345);
	big = tb_release(b, 1, 2, RT_TIME_MAX - 1, 3);
	tb_run(b, 1, big, 1);
	tb_stop(b, 2, c, 2);
	tb_run(b, 3, c, 0);                     /* c moves: MIGRATE 2 -> 0 */
	tb_complete(b, 4, a);
	tb_complete(b, 9, c);                   /* late: COMPLETE, MISS */
	e = tb_release(b, 10, 0, 15, 4);
	tb_abort(b, 15, e);
	tb_emit(b, 20, SIM_REC_BUDGET_EXHAUSTED, 1, NULL, INT64_MIN + 1);
	tb_end(b, 40);
}

static enum rt_err bl_log(enum render_log_format fmt, struct membuf *out)
{
	struct render_meta m = bl_meta();
	struct render_log *l = NULL;
	struct tb b = { .nsinks = 1 };
	enum rt_err rc;

	mb_open(out);
	rc = render_log_open(out->f, fmt, &m, &l, NULL);
	if (rc != RT_OK)
		return rc;
	b.sinks[0] = render_log_sink(l);
	bl_trace(&b);
	rc = render_log_finish(l, NULL);
	mb_text(out);
	return b.rc != RT_OK ? b.rc : rc;
}

/* Replay len bytes of buf into a JSONL log in *jsonl (opened here). */
static enum rt_err bl_replay(const char *buf, size_t len, struct membuf *jsonl,
			     struct rt_diag *d)
{
	FILE *f = fmemopen((void *)(uintptr_t)buf, len ? len : 1, "r");
	struct render_replay *rp = NULL;
	struct render_log *l = NULL;
	struct sim_sink s;
	enum rt_err rc, rc2;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	if (!len)
		fgetc(f);
	mb_open(jsonl);
	rc = render_replay_open(f, "x.bin", &rp, d);
	if (rc == RT_OK)
		rc = render_log_open(jsonl->f, RENDER_LOG_JSONL,
				     render_replay_meta(rp), &l, NULL);
	if (rc == RT_OK) {
		s = render_log_sink(l);
		rc = render_replay_run(rp, &s, 1, d);
	}
	rc2 = render_log_finish(l, NULL);
	if (rc == RT_OK)
		rc = rc2;
	render_replay_destroy(rp);
	fclose(f);
	mb_text(jsonl);
	return rc;
}

static void test_binary_log_header_is_magic_version_and_jsonl_header(void)
{
	struct membuf bin, js;
	const unsigned char *p;
	const char *nl;
	uint32_t len;

	CU_ASSERT_EQUAL_FATAL(bl_log(RENDER_LOG_BIN, &bin), RT_OK);
	CU_ASSERT_EQUAL_FATAL(bl_log(RENDER_LOG_JSONL, &js), RT_OK);
	CU_ASSERT_FATAL(bin.len > 16);
	p = (const unsigned char *)bin.buf;
	CU_ASSERT_EQUAL(memcmp(p, "DLSIMBIN", 8), 0);
	CU_ASSERT_EQUAL(p[8] | p[9] << 8 | p[10] << 16 | (uint32_t)p[11] << 24,
			RENDER_BINLOG_VERSION);
	len = p[12] | p[13] << 8 | p[14] << 16 | (uint32_t)p[15] << 24;
	nl = strchr(js.buf, '\n');
	CU_ASSERT_FATAL(nl != NULL);
	/* the header is the JSONL log's first line, LF included */
	CU_ASSERT_EQUAL(len, (uint32_t)(nl - js.buf + 1));
	CU_ASSERT_EQUAL(memcmp(bin.buf + 16, js.buf, len), 0);
	/* records: far smaller than the JSONL ones */
	CU_ASSERT(bin.len - 16 - len < (js.len - len) / 5);
	mb_close(&bin);
	mb_close(&js);
}

static void test_binary_log_replays_to_the_jsonl_log_byte_for_byte(void)
{
	struct membuf bin, js, back;
	struct rt_diag d;

	CU_ASSERT_EQUAL_FATAL(bl_log(RENDER_LOG_BIN, &bin), RT_OK);
	CU_ASSERT_EQUAL_FATAL(bl_log(RENDER_LOG_JSONL, &js), RT_OK);
	CU_ASSERT_EQUAL(bl_replay(bin.buf, bin.len, &back, &d), RT_OK);
	CU_ASSERT_EQUAL(back.len, js.len);
	CU_ASSERT_STRING_EQUAL(back.buf, js.buf);
	/* the stream really has the extreme values */
	CU_ASSERT_PTR_NOT_NULL(strstr(js.buf, "\"value\":-9223372036854775807"));
	CU_ASSERT_PTR_NOT_NULL(strstr(js.buf, "\"deadline\":9223372036854775805"));
	CU_ASSERT_PTR_NOT_NULL(strstr(js.buf, "\"event\":\"migrate\""));
	mb_close(&bin);
	mb_close(&js);
	mb_close(&back);
}

static void test_binary_log_refuses_every_truncation(void)
{
	struct membuf bin;

	CU_ASSERT_EQUAL_FATAL(bl_log(RENDER_LOG_BIN, &bin), RT_OK);
	for (size_t n = 0; n < bin.len; n++) {
		struct membuf back;
		struct rt_diag d;
		enum rt_err rc = bl_replay(bin.buf, n, &back, &d);

		if (rc != RT_ERR_PARSE)
			fprintf(stderr, "\n  prefix of %zu bytes: rc %d (%s)\n",
				n, rc, d.msg);
		CU_ASSERT_EQUAL(rc, RT_ERR_PARSE);
		CU_ASSERT(n == 0 || !strncmp(d.msg, "x.bin", 5));
		mb_close(&back);
	}
	mb_close(&bin);
}

static void test_binary_log_refuses_other_versions_and_bad_flags(void)
{
	struct membuf bin, back;
	struct rt_diag d;
	uint32_t len;
	char *copy;

	CU_ASSERT_EQUAL_FATAL(bl_log(RENDER_LOG_BIN, &bin), RT_OK);
	copy = malloc(bin.len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
	memcpy(copy, bin.buf, bin.len);
	copy[8] = 2;
	CU_ASSERT_EQUAL(bl_replay(copy, bin.len, &back, &d), RT_ERR_PARSE);
	CU_ASSERT_STRING_EQUAL(d.msg, "x.bin: binary log version 2 (this "
			       "dlsim reads version 1)");
	mb_close(&back);
	memcpy(copy, bin.buf, bin.len);
	copy[7] = 'X';
	CU_ASSERT_EQUAL(bl_replay(copy, bin.len, &back, &d), RT_ERR_PARSE);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "not a dlsim log"));
	mb_close(&back);
	/* the first record's flags byte: an unknown bit */
	memcpy(copy, bin.buf, bin.len);
	len = (unsigned char)copy[12] | (unsigned char)copy[13] << 8;
	copy[16 + len + 1] = (char)0x80;
	CU_ASSERT_EQUAL(bl_replay(copy, bin.len, &back, &d), RT_ERR_PARSE);
	CU_ASSERT_STRING_EQUAL(d.msg, "x.bin:2: bad record flags 0x80");
	mb_close(&back);
	/* its kind byte: out of range */
	memcpy(copy, bin.buf, bin.len);
	copy[16 + len] = (char)SIM_REC__COUNT;
	CU_ASSERT_EQUAL(bl_replay(copy, bin.len, &back, &d), RT_ERR_PARSE);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "x.bin:2: unknown event kind"));
	mb_close(&back);
	free(copy);
	mb_close(&bin);
}

static void test_binary_log_reader_survives_random_corruption(void)
{
	const uint64_t seed = 20261203;
	struct membuf bin;
	struct rt_rng r;
	char *copy;

	CU_ASSERT_EQUAL_FATAL(bl_log(RENDER_LOG_BIN, &bin), RT_OK);
	copy = malloc(bin.len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
	rt_rng_seed(&r, seed);
	for (int it = 0; it < 2000; it++) {
		struct membuf back;
		struct rt_diag d;
		enum rt_err rc;
		int n = (int)rt_rng_range(&r, 1, 3);

		memcpy(copy, bin.buf, bin.len);
		for (int k = 0; k < n; k++) {
			/* past the magic and version: the header and records */
			size_t at = (size_t)rt_rng_range(&r, 12,
							 (int64_t)bin.len - 1);

			copy[at] = (char)rt_rng_range(&r, 0, 255);
		}
		rc = bl_replay(copy, bin.len, &back, &d);
		if (rc != RT_OK && rc != RT_ERR_PARSE)
			fprintf(stderr, "\n  seed %" PRIu64 " iteration %d: rc %d "
				"(%s)\n", seed, it, rc, d.msg);
		CU_ASSERT(rc == RT_OK || rc == RT_ERR_PARSE);
		mb_close(&back);
	}
	free(copy);
	mb_close(&bin);
}

/* A FILE that takes 4 kB and then fails every write: each writer must
 * stop the run with RT_ERR_IO once its 1 MiB buffer goes out, and report
 * it again at finish. */
static void test_writers_report_a_failed_write(void)
{
	static const enum render_log_format fmts[] = {
		RENDER_LOG_CSV, RENDER_LOG_JSONL, RENDER_LOG_BIN,
	};

	for (size_t k = 0; k < sizeof(fmts) / sizeof(fmts[0]); k++) {
		static char small[4096];
		struct render_meta m = bl_meta();
		struct render_log *l = NULL;
		struct tb b = { .nsinks = 1 };
		struct rt_diag d;
		FILE *f = fmemopen(small, sizeof(small), "w");
		uint64_t n = 0;

		CU_ASSERT_PTR_NOT_NULL_FATAL(f);
		setvbuf(f, NULL, _IONBF, 0);
		CU_ASSERT_EQUAL_FATAL(render_log_open(f, fmts[k], &m, &l, NULL),
				      RT_OK);
		b.sinks[0] = render_log_sink(l);
		/* 2 MiB of records at least (each is > 2 bytes) */
		while (b.rc == RT_OK && n < (2u << 20)) {
			b.njobs = 0;
			b.per_task[0] = 0;
			tb_release(&b, 0, 0, 5, 4);
			n++;
		}
		CU_ASSERT_EQUAL(b.rc, RT_ERR_IO);
		CU_ASSERT(n < (2u << 20));
		CU_ASSERT_EQUAL(render_log_finish(l, &d), RT_ERR_IO);
		CU_ASSERT_STRING_EQUAL(d.msg, "event log: write failed");
		fclose(f);
	}
}

/* The writers' hand-rolled integers are printf's, byte for byte: every
 * power of ten +-2, the extremes, and random values of every magnitude
 * (seeded); microseconds as render_json_us() writes them; through the
 * digit cache too, each value twice and again later (hits, misses and
 * slots taken over by other values). */
static void test_wbuf_integers_are_printf_integers(void)
{
	const uint64_t seed = 14;
	struct membuf mine, ref;
	static struct render_numcache nc;       /* zeroed: empty */
	struct render_numwin home = RENDER_NUMWIN_INIT, copy = home;
	struct render_wbuf w;
	struct rt_rng r;
	int64_t v[600];
	size_t n = 0;

	v[n++] = INT64_MIN;
	v[n++] = INT64_MAX;
	v[n++] = 0;
	for (int64_t p = 1; p <= INT64_MAX / 10; p *= 10)
		for (int d = -2; d <= 2; d++) {
			v[n++] = p + d;
			v[n++] = -(p + d);
		}
	rt_rng_seed(&r, seed);
	while (n < sizeof(v) / sizeof(v[0])) {
		int bits = (int)rt_rng_range(&r, 0, 63);

		v[n++] = (int64_t)(rt_rng_next(&r) >> (63 - bits)) *
			 (rt_rng_range(&r, 0, 1) ? 1 : -1);
	}
	mb_open(&mine);
	mb_open(&ref);
	CU_ASSERT_FATAL(render_wbuf_init(&w, mine.f, 256));
	for (size_t i = 0; i < n; i++) {
		/* the next value (wrapping: implementation-defined, GCC's) */
		int64_t next = (int64_t)((uint64_t)v[i / 2] + 1);
		char *p = render_wbuf_begin(&w);

		p = render_put_i64(p, v[i]);
		*p++ = ' ';
		p = render_put_u64(p, (uint64_t)v[i]);
		*p++ = ' ';
		p = render_put_us(p, v[i], 1000);
		*p++ = ' ';
		p = render_put_us(p, v[i], 1);
		*p++ = ' ';
		p = render_put_i64c(p, &nc, v[i]);
		*p++ = ' ';
		p = render_put_i64c(p, &nc, v[i]);
		*p++ = ' ';
		p = render_put_u64c(p, &nc, (uint64_t)v[i / 2]);
		*p++ = ' ';
		p = render_put_i64w(p, &home, &home, v[i]);
		*p++ = ' ';
		p = render_put_i64w(p, &copy, &home, v[i / 2]);
		*p++ = ' ';
		p = render_put_i64w(p, &copy, &home, next);
		*p++ = '\n';
		render_wbuf_end(&w, p);
		fprintf(ref.f, "%" PRId64 " %" PRIu64 " ", v[i], (uint64_t)v[i]);
		render_json_us(ref.f, v[i], 1000);
		fputc(' ', ref.f);
		render_json_us(ref.f, v[i], 1);
		fprintf(ref.f, " %" PRId64 " %" PRId64 " %" PRIu64, v[i], v[i],
			(uint64_t)v[i / 2]);
		fprintf(ref.f, " %" PRId64 " %" PRId64 " %" PRId64 "\n", v[i],
			v[i / 2], next);
	}
	CU_ASSERT(render_wbuf_finish(&w));
	if (strcmp(mb_text(&mine), mb_text(&ref)))
		fprintf(stderr, "\n  seed %" PRIu64 ": integers differ\n", seed);
	CU_ASSERT_STRING_EQUAL(mb_text(&mine), mb_text(&ref));
	mb_close(&mine);
	mb_close(&ref);
}

/* render_digits8 divides by 10^4 with a multiply-shift exact below
 * 4.9e8: every x < 10^8 against a counter of 8 ASCII digits. */
static void test_wbuf_digits8_of_every_number_below_10_8(void)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	char ref[8];
	uint32_t bad = 0, first_bad = 0;

	memset(ref, '0', sizeof(ref));
	for (uint32_t x = 0; x < 100000000; x++) {
		uint64_t d = render_digits8(x);

		if (memcmp(&d, ref, 8) && !bad++)
			first_bad = x;
		for (int i = 7; i >= 0 && ++ref[i] > '9'; i--)
			ref[i] = '0';
	}
	if (bad)
		fprintf(stderr, "\n  render_digits8(%u) is wrong\n", first_bad);
	CU_ASSERT_EQUAL(bad, 0);
#endif
}

/* The window of render_put_i64w, value by value (worked by hand): it
 * starts at H = 1, [10^8, 2*10^8); a value in it is H's digits and 8
 * more; one below 10^8, negative or of 17 digits or more is formatted
 * plainly and leaves it; one of 9 to 16 digits outside it moves it to
 * its own H = v / 10^8. */
static void test_wbuf_number_window_moves_as_worked_by_hand(void)
{
	static const struct {
		int64_t v;
		const char *text;
		uint64_t base;          /* the window after v */
		size_t len;
	} step[] = {
		{ 150000000, "150000000", 100000000, 1 },       /* in H = 1 */
		{ 100000000, "100000000", 100000000, 1 },       /* its first */
		{ 199999999, "199999999", 100000000, 1 },       /* its last */
		{ 99999999, "99999999", 100000000, 1 },         /* < 10^8 */
		{ 0, "0", 100000000, 1 },
		{ -5, "-5", 100000000, 1 },
		{ 200000000, "200000000", 200000000, 1 },       /* H = 2 */
		{ 5088552660, "5088552660", 5000000000, 2 },    /* H = 50 */
		{ 5000000000, "5000000000", 5000000000, 2 },    /* d = 0 */
		{ 5000000007, "5000000007", 5000000000, 2 },    /* zeros kept */
		{ 5099999999, "5099999999", 5000000000, 2 },
		{ 5100000000, "5100000000", 5100000000, 2 },    /* H = 51 */
		{ 9999999999999999, "9999999999999999", 9999999900000000, 8 },
		{ 9999999900000001, "9999999900000001", 9999999900000000, 8 },
		{ 10000000000000000, "10000000000000000", 9999999900000000, 8 },
		{ INT64_MAX, "9223372036854775807", 9999999900000000, 8 },
		{ INT64_MIN, "-9223372036854775808", 9999999900000000, 8 },
		{ 123456789012, "123456789012", 123400000000, 4 },
	};
	struct render_numwin home = RENDER_NUMWIN_INIT, copy = home;

	for (size_t i = 0; i < sizeof(step) / sizeof(step[0]); i++) {
		char buf[64] = { 0 }, buf2[64] = { 0 };
		char *e = render_put_i64w(buf, &home, &home, step[i].v);
		char *e2 = render_put_i64w(buf2, &copy, &home, step[i].v);

		*e = '\0';
		*e2 = '\0';
		CU_ASSERT_STRING_EQUAL(buf, step[i].text);
		CU_ASSERT_STRING_EQUAL(buf2, step[i].text);
		CU_ASSERT_EQUAL(home.base, step[i].base);
		CU_ASSERT_EQUAL(home.len, step[i].len);
		CU_ASSERT_EQUAL(copy.base, home.base);
		CU_ASSERT_EQUAL(copy.head, home.head);
	}
}

CU_TestInfo binlog_tests[] = {
	{ "wbuf integers are printf integers",
	  test_wbuf_integers_are_printf_integers },
	{ "wbuf digits8 of every number below 10^8",
	  test_wbuf_digits8_of_every_number_below_10_8 },
	{ "wbuf number window moves as worked by hand",
	  test_wbuf_number_window_moves_as_worked_by_hand },
	{ "writers report a failed write", test_writers_report_a_failed_write },
	{ "binary log header is magic, version and the jsonl header",
	  test_binary_log_header_is_magic_version_and_jsonl_header },
	{ "binary log replays to the jsonl log byte for byte",
	  test_binary_log_replays_to_the_jsonl_log_byte_for_byte },
	{ "binary log refuses every truncation",
	  test_binary_log_refuses_every_truncation },
	{ "binary log refuses other versions and bad flags",
	  test_binary_log_refuses_other_versions_and_bad_flags },
	{ "binary log reader survives random corruption",
	  test_binary_log_reader_survives_random_corruption },
	CU_TEST_INFO_NULL,
};
