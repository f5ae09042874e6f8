/* trace_util.c - see trace_util.h. */
#include "tests/trace_util.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

enum rt_err tu_appendf(char **buf, size_t *len, size_t *cap,
		       const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return RT_ERR_INVAL;
	if (*len + (size_t)n + 1 > *cap) {
		size_t c = (*cap + (size_t)n + 1) * 2;
		char *b = realloc(*buf, c);

		if (!b)
			return RT_ERR_NOMEM;
		*buf = b;
		*cap = c;
	}
	va_start(ap, fmt);
	vsnprintf(*buf + *len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	*len += (size_t)n;
	return RT_OK;
}

enum rt_err tu_trace_emit(void *ctx, const struct sim_rec *r)
{
	struct tu_trace *s = ctx;
	uint32_t task = r->task;
	int cpu = r->cpu;
	rt_time value = r->value;
	char num[16];
	const char *name = num;
	enum rt_err err;

	s->calls++;
	if (s->fail_at && s->calls == s->fail_at)
		return RT_ERR_IO;
	if (r->info && (r->info->task != r->task || r->info->job != r->job))
		s->bad++;
	if (r->time < s->from)
		return RT_OK;
	if (s->keep && r->kind != SIM_REC_END) {
		if (!s->keep[r->task])
			return RT_OK;
		task = s->map[r->task];
		if (cpu >= 0)
			cpu -= s->cpu0;
		if (r->kind == SIM_REC_MIGRATE)
			value -= s->cpu0;       /* the previous CPU */
	}
	if (r->kind == SIM_REC_END && s->short_end)
		return tu_appendf(&s->buf, &s->len, &s->cap, "%" PRId64
				  " end\n", r->time);
	if (s->names)
		name = task < s->nnames ? s->names[task].name : "?";
	else
		snprintf(num, sizeof(num), "%" PRIu32, task);
	err = tu_appendf(&s->buf, &s->len, &s->cap, "%" PRId64 " %s %s",
			 r->time, sim_rec_kind_name(r->kind), name);
	if (!err && !s->admit)
		err = tu_appendf(&s->buf, &s->len, &s->cap, ".%" PRIu64, r->job);
	if (!err && !s->admit && !s->no_cpu)
		err = tu_appendf(&s->buf, &s->len, &s->cap, " c%d", cpu);
	if (err)
		return err;
	if (s->admit)
		return tu_appendf(&s->buf, &s->len, &s->cap, " %s\n",
				  sim_admit_test_name((unsigned)value));
	return tu_appendf(&s->buf, &s->len, &s->cap, " %" PRId64 "\n", value);
}

void tu_expect_text(const char *got, const char *want)
{
	if (!got)
		got = "";
	if (strcmp(got, want) != 0)
		fprintf(stderr, "\n--- expected\n%s--- got\n%s---\n", want, got);
	CU_ASSERT_STRING_EQUAL(got, want);
}

struct sim_engine *tu_engine_run(const struct sim_config *c,
				 const struct sim_sink *sink)
{
	struct sim_engine *e = NULL;
	struct rt_diag d;
	enum rt_err err = sim_engine_create(c, &e, &d);

	if (err)
		fprintf(stderr, "\n  create: %s\n", d.msg);
	CU_ASSERT_EQUAL_FATAL(err, RT_OK);
	if (sink)
		CU_ASSERT_EQUAL_FATAL(sim_engine_add_sink(e, sink), RT_OK);
	err = sim_engine_run(e, &d);
	if (err)
		fprintf(stderr, "\n  run: %s\n", d.msg);
	CU_ASSERT_EQUAL(err, RT_OK);
	return e;
}

struct sim_engine *tu_expect_sched(const struct sim_config *c,
				   const char *want)
{
	struct tu_trace s = { 0 };
	struct sim_sink sink = { TU_SCHED, tu_trace_emit, &s };
	struct sim_engine *e = tu_engine_run(c, &sink);

	tu_expect_text(s.buf, want);
	free(s.buf);
	return e;
}

enum rt_verdict tu_run_test(const char *name, const struct rt_task *ts,
			    size_t n, unsigned m, struct rt_test_result *out)
{
	const struct rt_test_info *ti = rt_test_find(name);
	struct rt_diag d = { "" };

	CU_ASSERT_PTR_NOT_NULL_FATAL(ti);
	CU_ASSERT_EQUAL(ti->run(ts, n, m, out, &d), RT_OK);
	return out->verdict;
}

char *tu_frac_str(struct rt_frac *f)
{
	static char buf[1024];

	rt_frac_format(f, buf, sizeof(buf));
	rt_frac_destroy(f);
	return buf;
}

void tu_print_tasks(const struct rt_task *ts, size_t n)
{
	for (size_t i = 0; i < n; i++)
		fprintf(stderr, " (C=%" PRId64 ",T=%" PRId64 ",D=%" PRId64 ")",
			ts[i].wcet, ts[i].period, ts[i].deadline);
	fprintf(stderr, "]\n");
}
