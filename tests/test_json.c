/* test_json.c - scenarios/json.h: the jansson wrapper.  Every error names
 * the line and byte column where the offending token starts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/mem.h"
#include "scenarios/json.h"
#include "tests/suites.h"

static enum rt_err parse(const char *s, unsigned depth, struct dj_doc **doc,
			 struct dj_err *e)
{
	return dj_parse(s, strlen(s), depth, doc, e);
}

static void test_values_and_member_order(void)
{
	const char *s = "{\"z\": 1, \"a\": [true, null, -9223372036854775808],"
			" \"m\": \"x\\u00e9\\ud83d\\ude00\", \"r\": 1.5e3}";
	struct dj_iter it = DJ_ITER_INIT;
	const struct dj_val *root, *v, *a;
	struct dj_doc *doc = NULL;
	const char *key, *order[4];
	int n = 0;

	CU_ASSERT_EQUAL_FATAL(parse(s, 8, &doc, NULL), RT_OK);
	root = dj_root(doc);
	CU_ASSERT_EQUAL(dj_type(root), DJ_OBJECT);
	CU_ASSERT_EQUAL(dj_len(root), 4);
	while (dj_next(root, &it, &key, &v) && n < 4)
		order[n++] = key;
	/* document order, not hash order */
	CU_ASSERT_EQUAL_FATAL(n, 4);
	CU_ASSERT_STRING_EQUAL(order[0], "z");
	CU_ASSERT_STRING_EQUAL(order[1], "a");
	CU_ASSERT_STRING_EQUAL(order[2], "m");
	CU_ASSERT_STRING_EQUAL(order[3], "r");
	CU_ASSERT_EQUAL(dj_int(dj_get(root, "z")), 1);
	a = dj_get(root, "a");
	CU_ASSERT_EQUAL(dj_len(a), 3);
	CU_ASSERT_TRUE(dj_bool(dj_at(a, 0)));
	CU_ASSERT_EQUAL(dj_type(dj_at(a, 1)), DJ_NULL);
	CU_ASSERT_EQUAL(dj_int(dj_at(a, 2)), INT64_MIN);
	CU_ASSERT_PTR_NULL(dj_at(a, 3));
	CU_ASSERT_STRING_EQUAL(dj_str(dj_get(root, "m")),
			       "x\xc3\xa9\xf0\x9f\x98\x80");
	CU_ASSERT_EQUAL(dj_type(dj_get(root, "r")), DJ_REAL);
	CU_ASSERT_DOUBLE_EQUAL(dj_real(dj_get(root, "r")), 1500, 0);
	CU_ASSERT_PTR_NULL(dj_get(root, "nope"));
	CU_ASSERT_PTR_NULL(dj_str(dj_get(root, "z")));
	dj_free(doc);
	dj_free(NULL);
}

static const struct {
	const char *text;
	unsigned long line, col;
	const char *msg;
	enum dj_err_kind kind;
} bad[] = {
	{ "{\"t\":1,\"t\":2}", 1, 8, "\"t\": duplicate key", DJ_E_DUPLICATE },
	{ "{\n  \"a\": 1,\n  \"b\": 99999999999999999999}", 3, 8,
	  "integer out of range", DJ_E_SYNTAX },
	{ "{\"a\": 01}", 1, 7, "leading zero in number", DJ_E_SYNTAX },
	{ "{\"a\": \"open", 1, 7, "unterminated string", DJ_E_SYNTAX },
	{ "{\"a\": \"\\q\"}", 1, 7, "invalid escape in string", DJ_E_SYNTAX },
	{ "{\"a\": \"\\ud800\"}", 1, 7, "unpaired high surrogate", DJ_E_SYNTAX },
	{ "{\"a\": \"\\udc00\"}", 1, 7, "unpaired low surrogate", DJ_E_SYNTAX },
	{ "{\"a\": \"\\u0000\"}", 1, 7, "not allowed in names", DJ_E_SYNTAX },
	{ "{\"a\": \"\xc3\x28\"}", 1, 0, "invalid UTF-8", DJ_E_SYNTAX },
	{ "{\"a\": 1,}", 1, 9, "expected a string", DJ_E_SYNTAX },
	{ "{\"a\": 1} x", 1, 10, "text after the JSON value", DJ_E_TRAILING },
	{ "{\"a\": NaN}", 1, 7, "expected a JSON value", DJ_E_SYNTAX },
	{ "{\"a\": 1 /* c */}", 1, 0, "", DJ_E_SYNTAX },
	{ "[[[[1]]]]", 1, 1, "nested too deeply", DJ_E_DEPTH },
	{ "", 1, 0, "", DJ_E_SYNTAX },
};

static void test_errors_name_line_and_column(void)
{
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct dj_doc *doc = NULL;
		struct dj_err e;
		enum rt_err rc = parse(bad[i].text, 3, &doc, &e);

		if (rc != RT_ERR_PARSE || e.kind != bad[i].kind ||
		    !strstr(e.msg, bad[i].msg) || e.line != bad[i].line ||
		    (bad[i].col && e.col != bad[i].col))
			fprintf(stderr, "\n  case %zu: rc %d kind %d %lu:%lu '%s'\n",
				i, rc, e.kind, e.line, e.col, e.msg);
		CU_ASSERT_EQUAL(rc, RT_ERR_PARSE);
		CU_ASSERT_PTR_NULL(doc);
		CU_ASSERT_EQUAL(e.kind, bad[i].kind);
		CU_ASSERT_PTR_NOT_NULL(strstr(e.msg, bad[i].msg));
		CU_ASSERT_EQUAL(e.line, bad[i].line);
		if (bad[i].col)
			CU_ASSERT_EQUAL(e.col, bad[i].col);
	}
}

static void test_depth_limit_counts_the_root(void)
{
	struct dj_doc *doc = NULL;

	CU_ASSERT_EQUAL(parse("[[[1]]]", 3, &doc, NULL), RT_OK);
	dj_free(doc);
	doc = NULL;
	CU_ASSERT_EQUAL(parse("{\"a\":[{}]}", 3, &doc, NULL), RT_OK);
	dj_free(doc);
	doc = NULL;
	CU_ASSERT_EQUAL(parse("{\"a\":[{\"b\":[]}]}", 3, &doc, NULL),
			RT_ERR_PARSE);
	CU_ASSERT_PTR_NULL(doc);
}

/* A document of many values needs several arena chunks: every one of
 * those allocations failing is reported as out of memory, never as a
 * syntax error, and leaks nothing (ASan). */
static void test_every_allocation_failure_is_nomem(void)
{
	char *s = malloc(40000);
	size_t n = 0;
	enum rt_err rc = RT_ERR_NOMEM;
	long k;

	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	n += (size_t)sprintf(s + n, "{\"a\": [");
	for (int i = 0; i < 3000; i++)
		n += (size_t)sprintf(s + n, "%s%d", i ? "," : "", i);
	n += (size_t)sprintf(s + n, "], \"b\": {\"c\": \"a longer string value\"}}");
	for (k = 0; k < 200 && rc != RT_OK; k++) {
		struct dj_doc *doc = NULL;
		struct dj_err e;

		rt_mem_fail_after(k);
		rc = dj_parse(s, n, 8, &doc, &e);
		rt_mem_fail_after(-1);
		CU_ASSERT(rc == RT_OK || (rc == RT_ERR_NOMEM &&
					  e.kind == DJ_E_NOMEM));
		if (rc == RT_OK) {
			CU_ASSERT_EQUAL(dj_len(dj_get(dj_root(doc), "a")), 3000);
			CU_ASSERT_EQUAL(dj_int(dj_at(dj_get(dj_root(doc), "a"),
						     2999)), 2999);
		}
		dj_free(doc);
	}
	CU_ASSERT_EQUAL(rc, RT_OK);
	CU_ASSERT(k > 3);               /* the document, then several chunks */
	free(s);
}

/* dj_locate: the key's line and byte column, through strings holding
 * quotes, brackets and escapes, \u escapes (a surrogate pair too) in the
 * key asked for, nested values skipped; the deepest key found when the
 * rest is missing; false when the first is not there. */
static void test_locate_finds_the_key(void)
{
	static const char s[] =
		"{\"x\": [1, {\"a\": \"}]\\\"{\"}, true],\n"          /* line 1 */
		"  \"t\\u00e9\": {\"k\": null,\n"                      /* line 2 */
		"    \"\\ud83d\\ude00\": {\"deep\": -1.5e3}}}\n";      /* line 3 */
	const char *p1[] = { "t\xc3\xa9", "k" };
	const char *p2[] = { "t\xc3\xa9", "\xf0\x9f\x98\x80", "deep" };
	const char *p3[] = { "t\xc3\xa9", "missing" };
	const char *p4[] = { "a" };     /* inside "x": not a root member */
	const char *p5[] = { "x", "a" };        /* "x" is an array */
	unsigned long line = 0, col = 0;
	struct dj_doc *doc = NULL;
	struct dj_err e;

	CU_ASSERT_EQUAL_FATAL(dj_parse(s, strlen(s), 8, &doc, &e), RT_OK);
	dj_free(doc);
	CU_ASSERT(dj_locate(s, strlen(s), p1, 2, &line, &col));
	CU_ASSERT(line == 2 && col == 15);      /* "k": 2 + 9 + ": {" */
	CU_ASSERT(dj_locate(s, strlen(s), p2, 3, &line, &col));
	CU_ASSERT(line == 3 && col == 22);      /* "deep" */
	CU_ASSERT(dj_locate(s, strlen(s), p3, 2, &line, &col));
	CU_ASSERT(line == 2 && col == 3);       /* "t\u00e9" itself */
	line = col = 0;
	CU_ASSERT_FALSE(dj_locate(s, strlen(s), p4, 1, &line, &col));
	CU_ASSERT(line == 0 && col == 0);
	CU_ASSERT(dj_locate(s, strlen(s), p5, 2, &line, &col));
	CU_ASSERT(line == 1 && col == 2);       /* "x" */
}

CU_TestInfo json_tests[] = {
	{ "values and member order", test_values_and_member_order },
	{ "errors name line and column", test_errors_name_line_and_column },
	{ "depth limit counts the root", test_depth_limit_counts_the_root },
	{ "every allocation failure is nomem",
	  test_every_allocation_failure_is_nomem },
	{ "locate finds a key's line and column", test_locate_finds_the_key },
	CU_TEST_INFO_NULL,
};
