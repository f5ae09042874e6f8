/* test_binlog.c - the binary event log (--log F.bin, render/log.h,
 * docs/formats.md "Binary"): its header, that replaying it gives the
 * JSONL log byte for byte (extreme values, names that need escaping --
 * valid UTF-8: invalid bytes become U+FFFD in any log's header, so they
 * cannot come back as they were --, records without a job), and that the reader refuses every truncation and survives
 * random corruption.  The examples' logs are compared end to end by
 * tests/golden.sh (and the version 1 logs kept in tests/golden/v1/).
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
#include "tests/gen_util.h"
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
	copy[8] = 3;
	CU_ASSERT_EQUAL(bl_replay(copy, bin.len, &back, &d), RT_ERR_PARSE);
	CU_ASSERT_STRING_EQUAL(d.msg, "x.bin: binary log version 3 (this "
			       "dlsim reads versions 1 to 2)");
	mb_close(&back);
	copy[8] = 0;
	CU_ASSERT_EQUAL(bl_replay(copy, bin.len, &back, &d), RT_ERR_PARSE);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "binary log version 0"));
	mb_close(&back);
	memcpy(copy, bin.buf, bin.len);
	copy[7] = 'X';
	CU_ASSERT_EQUAL(bl_replay(copy, bin.len, &back, &d), RT_ERR_PARSE);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "not a dlsim log"));
	mb_close(&back);
	/* the first record, a short release, made long: its flags byte has
	 * an unknown bit */
	memcpy(copy, bin.buf, bin.len);
	len = (unsigned char)copy[12] | (unsigned char)copy[13] << 8;
	CU_ASSERT_EQUAL_FATAL(copy[16 + len], 0x40);  /* release, job info */
	copy[16 + len] = (char)RENDER_BINLOG_LONG;
	copy[16 + len + 1] = (char)0x80;
	CU_ASSERT_EQUAL(bl_replay(copy, bin.len, &back, &d), RT_ERR_PARSE);
	CU_ASSERT_STRING_EQUAL(d.msg, "x.bin:2: bad record flags 0x80");
	mb_close(&back);
	/* its kind: out of range, short and long */
	memcpy(copy, bin.buf, bin.len);
	copy[16 + len] = (char)(0x40 | SIM_REC__COUNT);
	CU_ASSERT_EQUAL(bl_replay(copy, bin.len, &back, &d), RT_ERR_PARSE);
	CU_ASSERT_STRING_EQUAL(d.msg, "x.bin:2: unknown event kind 27");
	mb_close(&back);
	copy[16 + len] = (char)(RENDER_BINLOG_LONG | 99);
	CU_ASSERT_EQUAL(bl_replay(copy, bin.len, &back, &d), RT_ERR_PARSE);
	CU_ASSERT_STRING_EQUAL(d.msg, "x.bin:2: unknown event kind 99");
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

/* The bytes after a binary log's header. */
static const unsigned char *bl_records(const struct membuf *bin, size_t *n)
{
	const unsigned char *p = (const unsigned char *)bin->buf;
	uint32_t len = p[12] | p[13] << 8 | p[14] << 16 | (uint32_t)p[15] << 24;

	*n = bin->len - 16 - len;
	return p + 16 + len;
}

/* A short record's 16 bytes: w0 (kind, flags, cpu, task, jd, dt), the
 * value. */
static void bl_short(unsigned char *p, uint64_t w0, int64_t value)
{
	for (int i = 0; i < 8; i++) {
		p[i] = (unsigned char)(w0 >> (8 * i));
		p[8 + i] = (unsigned char)((uint64_t)value >> (8 * i));
	}
}

/* Dario's P1, worked by hand (docs/formats.md "Binary"): its job 0
 * released at 0 (deadline 5), started at 0 on CPU 0, completed at 4;
 * then a record whose job info the reader cannot infer (the engine set
 * the job's first start to 3 after the fact, at a PREEMPT), a release of
 * P2 skipping jobs (job 7 after none), its start on CPU 0 at 10, the
 * horizon. */
static void test_binary_log_v2_records_worked_by_hand(void)
{
	static const unsigned char want[] = {
		/* release P1/0 at 0: kind 0, job info, dt 0; value 5 */
		0x40, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0,
		/* start on CPU 0: kind 1, cpu 0x20, job 0x40; value 4 */
		0x61, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0,
		/* complete at 4: kind 3, dt 4; value (response) 4 */
		0x63, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0,
		/* long preempt (0x80 | 2): flags CPU TASK INFO START FINISH
		 * LAST_CPU (0x3f), dt 0, cpu 0, task 0, job 0, value 0, seq 0,
		 * release - t = -4 (zz 7), deadline - release 5 (zz 10),
		 * start - release 3 (zz 6), finish - release 4 (zz 8), last
		 * CPU 0 */
		0x82, 0x3f, 0, 0, 0, 0, 0, 0, 7, 10, 6, 8, 0,
		/* release P2/7 at 10: long (0x80), flags TASK INFO (0x06),
		 * dt 6 (zz 12), task 1, job 7, value 25 (zz 50), seq 1,
		 * release - t 0, deadline - release 15 (zz 30) */
		0x80, 0x06, 12, 1, 7, 50, 1, 0, 30,
		/* start P2/7 on CPU 0 at 10: task 1 (bits 16..), dt 0;
		 * value (remaining) 2 */
		0x61, 0, 1, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0,
		/* the horizon at 20 (dt 10): P2/7 unfinished (kind 6, job
		 * info, no cpu; remaining 2), then the end (kind 8) */
		0x46, 0, 1, 0, 10, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0,
		0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	};
	struct render_meta m = tb_dario_meta();
	struct membuf bin, js, back;
	const unsigned char *rec;
	struct tb b = { .nsinks = 1 };
	struct render_log *l = NULL;
	struct rt_diag d;
	size_t a, c, n;

	for (int fmt = 0; fmt < 2; fmt++) {
		struct membuf *out = fmt ? &js : &bin;

		memset(&b, 0, sizeof(b));
		b.nsinks = 1;
		mb_open(out);
		CU_ASSERT_EQUAL_FATAL(render_log_open(out->f, fmt ?
						      RENDER_LOG_JSONL :
						      RENDER_LOG_BIN, &m, &l,
						      NULL), RT_OK);
		b.sinks[0] = render_log_sink(l);
		a = tb_release(&b, 0, 0, 5, 4);
		tb_run(&b, 0, a, 0);
		tb_complete(&b, 4, a);
		b.jobs[a].start = 3;
		tb_emit(&b, 4, SIM_REC_PREEMPT, 0, &b.jobs[a], 0);
		b.per_task[1] = 7;
		c = tb_release(&b, 10, 1, 25, 2);
		tb_run(&b, 10, c, 0);
		tb_end(&b, 20);
		CU_ASSERT_EQUAL(b.rc, RT_OK);
		CU_ASSERT_EQUAL(render_log_finish(l, NULL), RT_OK);
		mb_text(out);
	}
	rec = bl_records(&bin, &n);
	CU_ASSERT_EQUAL(n, sizeof(want));
	CU_ASSERT(n == sizeof(want) && !memcmp(rec, want, n));
	for (size_t i = 0; i < n && i < sizeof(want); i++)
		if (rec[i] != want[i]) {
			fprintf(stderr, "\n  byte %zu of the records: 0x%02x, "
				"not 0x%02x\n", i, rec[i], want[i]);
			break;
		}
	/* and it reads back as the JSONL log of the same records */
	CU_ASSERT_EQUAL(bl_replay(bin.buf, bin.len, &back, &d), RT_OK);
	CU_ASSERT_STRING_EQUAL(back.buf, js.buf);
	CU_ASSERT_PTR_NOT_NULL(strstr(js.buf, "{\"t\":4,\"event\":\"preempt\","
				      "\"cpu\":0,\"task\":\"P1\",\"task_index\":0,"
				      "\"job\":0,\"value\":0,\"seq\":0,"
				      "\"release\":0,\"deadline\":5,\"start\":3,"
				      "\"finish\":4,\"last_cpu\":0}"));
	mb_close(&bin);
	mb_close(&js);
	mb_close(&back);
}

/* One job's five records written by the binary log: RELEASE at 10
 * (deadline 15), START on CPU 0 at 11, PREEMPT at 12, COMPLETE at 13,
 * UNFINISHED at 13 (any other kind); the engine's info follows the rule
 * the reader infers by, but at record 'bad' (0-4) field 'field' (0-5:
 * seq, release, deadline, start, finish, last CPU) differs from it, from
 * then on.  The first bytes of the five records into kinds[] (0x80 |
 * kind: long; 0 past a long one); the replayed log must be the JSONL log
 * of the same records (but for a wrong seq, which the reader refuses). */
static void bl_one_job(int bad, int field, unsigned char kinds[5])
{
	static const enum sim_rec_kind k[5] = {
		SIM_REC_RELEASE, SIM_REC_START, SIM_REC_PREEMPT,
		SIM_REC_COMPLETE, SIM_REC_UNFINISHED,
	};
	static const rt_time t[5] = { 10, 11, 12, 13, 13 };
	static const int cpu[5] = { -1, 0, 0, 0, -1 };
	static const rt_time value[5] = { 15, 4, 3, 3, 0 };
	struct render_meta m = tb_dario_meta();
	struct membuf bin, js, back;
	struct sim_job_info ji = {
		.task = 0, .job = 0, .seq = 0, .release = 10,
		.abs_deadline = 15, .start = RT_TIME_NEVER,
		.finish = RT_TIME_NEVER, .cpu = -1,
	};
	const unsigned char *rec;
	struct rt_diag d;
	size_t n;

	m.cpus = 3;
	for (int fmt = 0; fmt < 2; fmt++) {
		struct membuf *out = fmt ? &js : &bin;
		struct sim_job_info e = ji;
		struct tb b = { .nsinks = 1 };
		struct render_log *l = NULL;

		mb_open(out);
		CU_ASSERT_EQUAL_FATAL(render_log_open(out->f, fmt ?
						      RENDER_LOG_JSONL :
						      RENDER_LOG_BIN, &m, &l,
						      NULL), RT_OK);
		b.sinks[0] = render_log_sink(l);
		for (int i = 0; i < 5; i++) {
			if (k[i] == SIM_REC_START) {
				e.start = t[i];
				e.cpu = cpu[i];
			} else if (k[i] == SIM_REC_COMPLETE) {
				e.finish = t[i];
			}
			if (i == bad) {
				switch (field) {
				case 0: e.seq++; break;
				case 1: e.release--; break;
				case 2: e.abs_deadline++; break;
				case 3: e.start = e.start == RT_TIME_NEVER ?
						  0 : RT_TIME_NEVER; break;
				case 4: e.finish = e.finish == RT_TIME_NEVER ?
						   7 : RT_TIME_NEVER; break;
				default: e.cpu = e.cpu < 0 ? 2 : -1; break;
				}
			}
			tb_emit(&b, t[i], k[i], cpu[i], &e, value[i]);
		}
		tb_end(&b, 20);
		CU_ASSERT_EQUAL(b.rc, RT_OK);
		CU_ASSERT_EQUAL(render_log_finish(l, NULL), RT_OK);
		mb_text(out);
	}
	rec = bl_records(&bin, &n);
	for (int i = 0; i < 5; i++) {
		kinds[i] = n ? rec[0] : 0;
		if (n && !(rec[0] & RENDER_BINLOG_LONG)) {
			rec += RENDER_BINLOG_SHORT;
			n -= n < RENDER_BINLOG_SHORT ? n : RENDER_BINLOG_SHORT;
		} else {
			n = 0;  /* past a long one: kinds[] 0 */
		}
	}
	if (field != 0) {
		CU_ASSERT_EQUAL(bl_replay(bin.buf, bin.len, &back, &d), RT_OK);
		CU_ASSERT_STRING_EQUAL(back.buf, js.buf);
		mb_close(&back);
	}
	mb_close(&bin);
	mb_close(&js);
}

/* The writer checks every field of the engine's info against what the
 * reader will infer, at every kind it writes short (each has its own
 * path in log.c): a difference makes that record long, and the records
 * before it stay short.  Without it, the reader would infer info the
 * engine never had: e.g. a START whose engine info kept no first start
 * (field 3, record 1) written short reads back with start 1. */
static void test_binary_log_v2_every_kind_checks_every_field(void)
{
	static const unsigned char all_short[5] = {
		0x40, 0x61, 0x62, 0x63, 0x46,
	};
	unsigned char kinds[5];

	bl_one_job(-1, 0, kinds);
	CU_ASSERT(!memcmp(kinds, all_short, sizeof(kinds)));
	for (int bad = 0; bad < 5; bad++)
		for (int field = 0; field < 6; field++) {
			bl_one_job(bad, field, kinds);
			for (int i = 0; i < bad; i++)
				CU_ASSERT_EQUAL(kinds[i], all_short[i]);
			/* long: 0x80 | kind */
			CU_ASSERT_EQUAL(kinds[bad], RENDER_BINLOG_LONG |
					(all_short[bad] & 0x1f));
			if (kinds[bad] != (RENDER_BINLOG_LONG |
					   (all_short[bad] & 0x1f)))
				fprintf(stderr, "\n  record %d, field %d: "
					"first byte 0x%02x\n", bad, field,
					kinds[bad]);
		}
}

/*
 * The engine's sinks (render_log_engine_sinks) write a job's RELEASE,
 * START, PREEMPT and COMPLETE records short without comparing the
 * engine's info with what the reader infers, on the premise that a
 * sim_engine changes a job's info only as render_binlog_apply() says.
 * On random sets of every model of gen_util.h (offsets, jitter, sporadic
 * and list arrivals, overruns, D < C, both tie-breaks and miss policies,
 * 1..8 CPUs, every placement, edf and fp), its log is byte for byte the
 * checking sink's, long records included.  And the premise matters: a
 * stream that breaks it (one job's deadline changed between records,
 * built by hand) gives another log from the engine's sink (release
 * builds: in others it asserts).
 */
/* The run of c logged into *out through the checking sink, or (engine)
 * through the engine's sinks, alone (so a one-CPU run hands them the
 * common kinds inline, by their emit_job: sim_emit_rec). */
static enum rt_err bl_engine_log(const struct sim_config *c, bool engine,
				 struct membuf *out)
{
	struct render_meta m = mb_meta_of(c);
	struct render_log *l = NULL;
	struct sim_sink s[RENDER_LOG_ENGINE_SINKS];
	sim_emit_job_fn *j[RENDER_LOG_ENGINE_SINKS];
	enum rt_err rc, rc2;
	size_t n = 1;

	mb_open(out);
	CU_ASSERT_EQUAL_FATAL(render_log_open(out->f, RENDER_LOG_BIN, &m, &l,
					      NULL), RT_OK);
	s[0] = render_log_sink(l);
	j[0] = NULL;
	if (engine) {
		n = render_log_engine_sinks(l, s, j);
		CU_ASSERT_EQUAL(n, RENDER_LOG_ENGINE_SINKS);
	}
	/* the first takes the other kinds (render_log_sink's) */
	for (size_t i = 1; i < n; i++)
		CU_ASSERT(s[i].emit != s[0].emit && j[i]);
	rc = mb_engine_run(c, s, j, n);
	rc2 = render_log_finish(l, NULL);
	mb_text(out);
	return rc != RT_OK ? rc : rc2;
}

static void test_binary_log_engine_sink_writes_what_the_checking_one_does(void)
{
	CU_ASSERT(mb_same_on_random_sets(0xb1e000, bl_engine_log,
					 "binary log from the checking sink, "
					 "from the engine's") > 400 * 1000);
#ifdef NDEBUG
	{
		struct render_meta m = tb_dario_meta();
		struct membuf out[2];

		for (int i = 0; i < 2; i++) {
			struct tb b = { .nsinks = 1 };
			sim_emit_job_fn *jobs[RENDER_LOG_ENGINE_SINKS];
			struct render_log *l = NULL;
			size_t a;

			mb_open(&out[i]);
			CU_ASSERT_EQUAL_FATAL(render_log_open(out[i].f,
							      RENDER_LOG_BIN,
							      &m, &l, NULL),
					      RT_OK);
			if (i)
				b.nsinks = render_log_engine_sinks(l, b.sinks,
								   jobs);
			else
				b.sinks[0] = render_log_sink(l);
			a = tb_release(&b, 0, 0, 5, 4);
			b.jobs[a].abs_deadline = 7;     /* no record says so */
			tb_run(&b, 1, a, 0);
			tb_complete(&b, 5, a);
			tb_end(&b, 20);
			CU_ASSERT_EQUAL(render_log_finish(l, NULL), RT_OK);
			mb_text(&out[i]);
		}
		/* the START: long (deadline 7) from the checking sink, short
		 * (read back as 5) from the engine's */
		CU_ASSERT(out[0].len != out[1].len ||
			  memcmp(out[0].buf, out[1].buf, out[0].len));
		mb_close(&out[0]);
		mb_close(&out[1]);
	}
#endif
}

/* The ranges of a short record at bin_emit's first test: a cpu up to
 * 255 and a time step up to 2^32 - 1 fit, 256 and 2^32 make the record
 * long (one job of Dario's P1, its info as the reader infers it). */
static void test_binary_log_v2_short_ranges_at_their_edges(void)
{
	struct render_meta m = tb_dario_meta();
	struct sim_job_info e = {
		.task = 0, .job = 0, .seq = 0, .release = 0,
		.abs_deadline = 5, .start = RT_TIME_NEVER,
		.finish = RT_TIME_NEVER, .cpu = -1,
	};
	const rt_time big = (rt_time)UINT32_MAX;
	const unsigned char *rec;
	struct membuf bin;
	size_t n;

	for (int cpu = 255; cpu <= 256; cpu++) {
		struct tb b = { .nsinks = 1 };
		struct render_log *l = NULL;

		e.start = RT_TIME_NEVER;
		e.cpu = -1;
		mb_open(&bin);
		CU_ASSERT_EQUAL_FATAL(render_log_open(bin.f, RENDER_LOG_BIN,
						      &m, &l, NULL), RT_OK);
		b.sinks[0] = render_log_sink(l);
		tb_emit(&b, 0, SIM_REC_RELEASE, -1, &e, 5);
		e.start = 0;
		e.cpu = cpu;
		tb_emit(&b, 0, SIM_REC_START, cpu, &e, 4);
		/* a time step of 2^32 - 1, then of 2^32 */
		tb_emit(&b, big, SIM_REC_PREEMPT, -1, &e, 4);
		tb_emit(&b, 2 * big + 1, SIM_REC_PREEMPT, -1, &e, 4);
		CU_ASSERT_EQUAL(b.rc, RT_OK);
		CU_ASSERT_EQUAL(render_log_finish(l, NULL), RT_OK);
		mb_text(&bin);
		rec = bl_records(&bin, &n);
		CU_ASSERT_FATAL(n > 3 * RENDER_BINLOG_SHORT);
		CU_ASSERT_EQUAL(rec[0], 0x40);          /* short release */
		if (cpu == 255) {
			/* short start, cpu 0xff; short preempt, dt
			 * 0xffffffff; long preempt (0x80 | 2) */
			CU_ASSERT_EQUAL(rec[16], 0x61);
			CU_ASSERT_EQUAL(rec[17], 0xff);
			CU_ASSERT_EQUAL(rec[32], 0x42);
			CU_ASSERT_EQUAL(rec[36] & rec[37] & rec[38] & rec[39],
					0xff);
			CU_ASSERT_EQUAL(rec[48], 0x82);
		} else {
			CU_ASSERT_EQUAL(rec[16], 0x81); /* long start */
		}
		mb_close(&bin);
	}
}

/* Short records the reader cannot take: each names the record. */
static void test_binary_log_v2_reader_refuses_bad_short_records(void)
{
	static const struct {
		uint64_t w0;
		const char *msg;
	} bad[] = {
		/* kind 31 */
		{ 0x5f, "x.bin:2: unknown event kind 31" },
		/* cpu bits without the cpu flag */
		{ 0x40 | 1u << 8, "x.bin:2: bad short record 0x0000000000000140" },
		/* a release without job info */
		{ 0x00, "x.bin:2: bad short record 0x0000000000000000" },
		/* jd on a release */
		{ 0x40 | 1u << 29, "x.bin:2: bad short record 0x0000000020000040" },
		/* end with a task */
		{ 0x08 | 1u << 16, "x.bin:2: bad short record 0x0000000000010008" },
		/* task index 5 of 2 */
		{ 0x40 | 5u << 16, "x.bin:2: short record of task index 5 (the "
		  "header has 2 tasks)" },
		/* a start of a job never released */
		{ 0x61, "x.bin:2: short record of a job no earlier record told "
		  "(task index 0, 0 jobs before its last release)" },
	};
	struct render_meta m = tb_dario_meta();
	struct render_log *l = NULL;
	struct membuf bin, back;
	struct tb b = { .nsinks = 1 };
	struct rt_diag d;
	size_t n;

	/* a log of Dario's header and its end alone */
	mb_open(&bin);
	CU_ASSERT_EQUAL_FATAL(render_log_open(bin.f, RENDER_LOG_BIN, &m, &l,
					      NULL), RT_OK);
	b.sinks[0] = render_log_sink(l);
	tb_end(&b, 20);
	CU_ASSERT_EQUAL(render_log_finish(l, NULL), RT_OK);
	mb_text(&bin);
	bl_records(&bin, &n);
	CU_ASSERT_EQUAL_FATAL(n, RENDER_BINLOG_SHORT);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		size_t len = bin.len + RENDER_BINLOG_SHORT;
		unsigned char *copy = malloc(len);

		CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
		/* the bad record before the end */
		memcpy(copy, bin.buf, bin.len - RENDER_BINLOG_SHORT);
		bl_short(copy + bin.len - RENDER_BINLOG_SHORT, bad[i].w0, 5);
		memcpy(copy + bin.len, bin.buf + bin.len - RENDER_BINLOG_SHORT,
		       RENDER_BINLOG_SHORT);
		CU_ASSERT_EQUAL(bl_replay((const char *)copy, len, &back, &d),
				RT_ERR_PARSE);
		if (strcmp(d.msg, bad[i].msg))
			fprintf(stderr, "\n  case %zu: %s\n", i, d.msg);
		CU_ASSERT_STRING_EQUAL(d.msg, bad[i].msg);
		mb_close(&back);
		free(copy);
	}
	mb_close(&bin);
}

/* Version 1 logs (written before version 2, every record a kind byte,
 * flags and varints) still read: Dario's P1/0 released at 0, the end at
 * 20, worked by hand. */
static void test_binary_log_version_1_still_reads(void)
{
	struct render_meta m = tb_dario_meta();
	struct render_log *l = NULL;
	struct membuf js, back;
	struct tb b = { .nsinks = 1 };
	struct rt_diag d;
	const char *nl;
	char *v1;
	size_t hl, len;
	/* release: kind 0, flags TASK INFO, dt 0, task 0, job 0, value 5
	 * (zz 10), seq 0, release - t 0, deadline - release 5 (zz 10); end:
	 * kind 8, no flags, dt 20 (zz 40), value 0 */
	static const unsigned char recs[] = {
		0, 0x06, 0, 0, 0, 10, 0, 0, 10,
		8, 0, 40, 0,
	};

	mb_open(&js);
	CU_ASSERT_EQUAL_FATAL(render_log_open(js.f, RENDER_LOG_JSONL, &m, &l,
					      NULL), RT_OK);
	b.sinks[0] = render_log_sink(l);
	tb_release(&b, 0, 0, 5, 4);
	tb_emit(&b, 20, SIM_REC_END, -1, NULL, 0);
	CU_ASSERT_EQUAL(render_log_finish(l, NULL), RT_OK);
	mb_text(&js);
	nl = strchr(js.buf, '\n');
	CU_ASSERT_PTR_NOT_NULL_FATAL(nl);
	hl = (size_t)(nl - js.buf + 1);
	len = 16 + hl + sizeof(recs);
	v1 = malloc(len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(v1);
	memcpy(v1, "DLSIMBIN\1\0\0\0", 12);
	for (int i = 0; i < 4; i++)
		v1[12 + i] = (char)(hl >> (8 * i));
	memcpy(v1 + 16, js.buf, hl);
	memcpy(v1 + 16 + hl, recs, sizeof(recs));
	CU_ASSERT_EQUAL(bl_replay(v1, len, &back, &d), RT_OK);
	CU_ASSERT_STRING_EQUAL(back.buf, js.buf);
	mb_close(&back);
	free(v1);
	mb_close(&js);
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
	{ "binary log v2 records worked by hand",
	  test_binary_log_v2_records_worked_by_hand },
	{ "binary log v2: every kind checks every field",
	  test_binary_log_v2_every_kind_checks_every_field },
	{ "binary log engine sink writes what the checking one does",
	  test_binary_log_engine_sink_writes_what_the_checking_one_does },
	{ "binary log v2: short ranges at their edges",
	  test_binary_log_v2_short_ranges_at_their_edges },
	{ "binary log v2 reader refuses bad short records",
	  test_binary_log_v2_reader_refuses_bad_short_records },
	{ "binary log version 1 still reads",
	  test_binary_log_version_1_still_reads },
	CU_TEST_INFO_NULL,
};
