/* scn_util.c - helpers shared by the scenario suites (see scn_util.h). */
#include "tests/scn_util.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

struct scn_scenario *load_ok(const char *yaml)
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

void expect_fail(const char *yaml, enum rt_err want, ...)
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
