/* test_json.c - scenarios/json.h: the jansson wrapper.  Every error names
 * the line and byte column where the offending token starts. */
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/mem.h"
#include "scenarios/json.h"
#include "tests/suites.h"

static enum rt_err parse(const char *s, unsigned depth, struct scn_json **doc,
			 struct scn_json_err *e)
{
	return scn_json_parse(s, strlen(s), depth, doc, e);
}

static void test_values_and_member_order(void)
{
	const char *s = "{\"z\": 1, \"a\": [true, null, -9223372036854775808],"
			" \"m\": \"x\\u00e9\\ud83d\\ude00\", \"r\": 1.5e3}";
	struct scn_json_iter it = SCN_JSON_ITER_INIT;
	const struct scn_json_val *root, *v, *a;
	struct scn_json *doc = NULL;
	const char *key, *order[4];
	int n = 0;

	CU_ASSERT_EQUAL_FATAL(parse(s, 8, &doc, NULL), RT_OK);
	root = scn_json_root(doc);
	CU_ASSERT_EQUAL(scn_json_type(root), SCN_JSON_OBJECT);
	CU_ASSERT_EQUAL(scn_json_len(root), 4);
	while (scn_json_next(root, &it, &key, &v) && n < 4)
		order[n++] = key;
	/* document order, not hash order */
	CU_ASSERT_EQUAL_FATAL(n, 4);
	CU_ASSERT_STRING_EQUAL(order[0], "z");
	CU_ASSERT_STRING_EQUAL(order[1], "a");
	CU_ASSERT_STRING_EQUAL(order[2], "m");
	CU_ASSERT_STRING_EQUAL(order[3], "r");
	CU_ASSERT_EQUAL(scn_json_int(scn_json_get(root, "z")), 1);
	a = scn_json_get(root, "a");
	CU_ASSERT_EQUAL(scn_json_len(a), 3);
	CU_ASSERT_TRUE(scn_json_bool(scn_json_at(a, 0)));
	CU_ASSERT_EQUAL(scn_json_type(scn_json_at(a, 1)), SCN_JSON_NULL);
	CU_ASSERT_EQUAL(scn_json_int(scn_json_at(a, 2)), INT64_MIN);
	CU_ASSERT_PTR_NULL(scn_json_at(a, 3));
	CU_ASSERT_STRING_EQUAL(scn_json_str(scn_json_get(root, "m")),
			       "x\xc3\xa9\xf0\x9f\x98\x80");
	CU_ASSERT_EQUAL(scn_json_type(scn_json_get(root, "r")), SCN_JSON_REAL);
	CU_ASSERT_DOUBLE_EQUAL(scn_json_real(scn_json_get(root, "r")), 1500, 0);
	CU_ASSERT_PTR_NULL(scn_json_get(root, "nope"));
	CU_ASSERT_PTR_NULL(scn_json_str(scn_json_get(root, "z")));
	scn_json_free(doc);
	scn_json_free(NULL);
}

static const struct {
	const char *text;
	unsigned long line, col;
	const char *msg;
	enum scn_json_err_kind kind;
} bad[] = {
	{ "{\"t\":1,\"t\":2}", 1, 8, "\"t\": duplicate key", SCN_JSON_E_DUPLICATE },
	{ "{\n  \"a\": 1,\n  \"b\": 99999999999999999999}", 3, 8,
	  "integer out of range", SCN_JSON_E_SYNTAX },
	{ "{\"a\": 01}", 1, 7, "leading zero in number", SCN_JSON_E_SYNTAX },
	{ "{\"a\": \"open", 1, 7, "unterminated string", SCN_JSON_E_SYNTAX },
	{ "{\"a\": \"\\q\"}", 1, 7, "invalid escape in string", SCN_JSON_E_SYNTAX },
	{ "{\"a\": \"\\ud800\"}", 1, 7, "unpaired high surrogate", SCN_JSON_E_SYNTAX },
	{ "{\"a\": \"\\udc00\"}", 1, 7, "unpaired low surrogate", SCN_JSON_E_SYNTAX },
	{ "{\"a\": \"\\u0000\"}", 1, 7, "not allowed in names", SCN_JSON_E_SYNTAX },
	{ "{\"a\": \"\xc3\x28\"}", 1, 0, "invalid UTF-8", SCN_JSON_E_SYNTAX },
	{ "{\"a\": 1,}", 1, 9, "expected a string", SCN_JSON_E_SYNTAX },
	{ "{\"a\": 1} x", 1, 10, "text after the JSON value", SCN_JSON_E_TRAILING },
	{ "{\"a\": NaN}", 1, 7, "expected a JSON value", SCN_JSON_E_SYNTAX },
	{ "{\"a\": 1 /* c */}", 1, 0, "", SCN_JSON_E_SYNTAX },
	{ "[[[[1]]]]", 1, 1, "nested too deeply", SCN_JSON_E_DEPTH },
	{ "", 1, 0, "", SCN_JSON_E_SYNTAX },
};

static void test_errors_name_line_and_column(void)
{
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct scn_json *doc = NULL;
		struct scn_json_err e;
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
	struct scn_json *doc = NULL;

	CU_ASSERT_EQUAL(parse("[[[1]]]", 3, &doc, NULL), RT_OK);
	scn_json_free(doc);
	doc = NULL;
	CU_ASSERT_EQUAL(parse("{\"a\":[{}]}", 3, &doc, NULL), RT_OK);
	scn_json_free(doc);
	doc = NULL;
	CU_ASSERT_EQUAL(parse("{\"a\":[{\"b\":[]}]}", 3, &doc, NULL),
			RT_ERR_PARSE);
	CU_ASSERT_PTR_NULL(doc);
}

static void test_every_allocation_failure_is_nomem(void)
{
	const char *s = "{\"a\": [1, 2, {\"b\": \"a longer string value\"}],"
			" \"c\": {\"d\": null}}";
	enum rt_err rc = RT_ERR_NOMEM;
	long n;

	for (n = 0; n < 200 && rc != RT_OK; n++) {
		struct scn_json *doc = NULL;
		struct scn_json_err e;

		rt_mem_fail_after(n);
		rc = parse(s, 8, &doc, &e);
		rt_mem_fail_after(-1);
		CU_ASSERT(rc == RT_OK || (rc == RT_ERR_NOMEM &&
					  e.kind == SCN_JSON_E_NOMEM));
		scn_json_free(doc);
	}
	CU_ASSERT_EQUAL(rc, RT_OK);
	CU_ASSERT(n > 3);
}

CU_TestInfo json_tests[] = {
	{ "values and member order", test_values_and_member_order },
	{ "errors name line and column", test_errors_name_line_and_column },
	{ "depth limit counts the root", test_depth_limit_counts_the_root },
	{ "every allocation failure is nomem",
	  test_every_allocation_failure_is_nomem },
	CU_TEST_INFO_NULL,
};
