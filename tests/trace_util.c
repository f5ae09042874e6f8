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

enum rt_err tu_append_rec(char **buf, size_t *len, size_t *cap,
			  const struct sim_rec *r, uint32_t task, int cpu,
			  rt_time value)
{
	return tu_appendf(buf, len, cap, "%" PRId64 " %s %" PRIu32 ".%"
			  PRIu64 " c%d %" PRId64 "\n", r->time,
			  sim_rec_kind_name(r->kind), task, r->job, cpu,
			  value);
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
