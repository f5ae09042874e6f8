/* json.c - the jansson wrapper (json.h).
 *
 * jansson (Debian libjansson-dev) does the parsing; this file maps its
 * errors onto dlsim's messages and positions, enforces the caller's depth
 * limit and hides every jansson type.  jansson reports where a token
 * ends; we report where it starts (the token's text is quoted in its
 * message, so start = end - length, checked against the input).
 */
#include "scenarios/json.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "models/mem.h"

/* Every value of a document lives in its arena: jansson allocates many
 * small blocks per value (a line of an event log needs some 25), so the
 * allocator hands out slices of chunks the document owns, free() is a
 * no-op, and dj_free() releases the chunks in one go.  jansson only calls
 * malloc and free (its buffers grow by malloc + copy + free), and no
 * value outlives its document, so dj_free() never needs json_decref. */
struct dj_chunk {
	struct dj_chunk *next;
	size_t used, cap;               /* bytes of data[] */
	max_align_t data[];
};

struct dj_doc {
	json_t *root;
	struct dj_chunk *chunks;        /* newest first */
};

#define DJ_CHUNK_MIN  4096u             /* first chunk of a document */
#define DJ_CHUNK_MAX  (1u << 20)        /* chunks grow by doubling to this */

/* jansson's allocator is process-wide: dj_parse() installs this one and
 * points 'building' at the document being parsed; a failure is noted so
 * that an error caused by memory running out is reported as such,
 * whatever jansson's message says. */
static _Thread_local struct dj_doc *building;
static _Thread_local bool alloc_failed;

static void *json_alloc(size_t n)
{
	struct dj_chunk *c = building->chunks;
	size_t align = sizeof(max_align_t), need;
	void *p;

	if (n > SIZE_MAX / 2) {
		alloc_failed = true;
		return NULL;
	}
	need = (n + align - 1) / align * align;
	if (!c || c->cap - c->used < need) {
		size_t cap = c ? (c->cap < DJ_CHUNK_MAX ? 2 * c->cap : c->cap) :
			     DJ_CHUNK_MIN;
		struct dj_chunk *nc;

		if (cap < need)
			cap = need;
		nc = rt_malloc(sizeof(*nc) + cap);
		if (!nc) {
			alloc_failed = true;
			return NULL;
		}
		nc->next = c;
		nc->used = 0;
		nc->cap = cap;
		building->chunks = c = nc;
	}
	p = (char *)c->data + c->used;
	c->used += need;
	return p;
}

static void json_free_nothing(void *p)
{
	(void)p;                        /* the arena goes with its document */
}

static void free_chunks(struct dj_chunk *c)
{
	while (c) {
		struct dj_chunk *next = c->next;

		rt_free(c);
		c = next;
	}
}

#define J(v) ((json_t *)(v))
#define V(j) ((const struct dj_val *)(j))

static void set_pos(struct dj_err *e, const char *s, size_t len,
		    size_t at)
{
	size_t line_start = 0;

	if (at > len)
		at = len;
	e->line = 1;
	for (size_t i = 0; i < at; i++)
		if (s[i] == '\n') {
			e->line++;
			line_start = i + 1;
		}
	e->col = (unsigned long)(at - line_start) + 1;
}

static void set_msg(struct dj_err *e, enum dj_err_kind k,
		    const char *msg)
{
	e->kind = k;
	snprintf(e->msg, sizeof(e->msg), "%s", msg);
}

/* The token jansson quotes as "... near 'TOKEN'", or "" (near end of
 * file).  Copied into tok (truncated to its size). */
static void near_token(const char *text, char *tok, size_t size)
{
	const char *p = strstr(text, " near '");
	const char *q;
	size_t n;

	tok[0] = '\0';
	if (!p)
		return;
	p += strlen(" near '");
	q = strrchr(p, '\'');
	if (!q)
		return;
	n = (size_t)(q - p);
	if (n >= size)
		n = size - 1;
	memcpy(tok, p, n);
	tok[n] = '\0';
}

static void map_error(const json_error_t *je, const char *s, size_t len,
		      struct dj_err *e)
{
	char tok[JSON_ERROR_TEXT_LENGTH], what[JSON_ERROR_TEXT_LENGTH];
	size_t end = je->position < 0 ? 0 : (size_t)je->position;
	size_t n, start;
	const char *cut;

	near_token(je->text, tok, sizeof(tok));
	n = strlen(tok);
	start = end;
	if (n <= end && end <= len && !memcmp(s + end - n, tok, n))
		start = end - n;
	set_pos(e, s, len, start);
	switch (json_error_code(je)) {
	case json_error_out_of_memory:
		set_msg(e, DJ_E_NOMEM, "out of memory");
		return;
	case json_error_stack_overflow:
		set_msg(e, DJ_E_DEPTH, "values nested too deeply");
		return;
	case json_error_duplicate_key:
		e->kind = DJ_E_DUPLICATE;
		snprintf(e->msg, sizeof(e->msg), "%.120s: duplicate key",
			 n ? tok : "\"\"");
		return;
	case json_error_numeric_overflow:
		set_msg(e, DJ_E_SYNTAX, "integer out of range");
		return;
	case json_error_null_character:
		set_msg(e, DJ_E_SYNTAX, "\\u0000 is not allowed in names");
		return;
	case json_error_invalid_utf8:
		set_msg(e, DJ_E_SYNTAX, "invalid UTF-8 in string");
		return;
	case json_error_end_of_input_expected:
		set_msg(e, DJ_E_TRAILING, "text after the JSON value");
		return;
	case json_error_premature_end_of_input:
		set_msg(e, DJ_E_SYNTAX, tok[0] == '"' ?
			"unterminated string" : "unexpected end of input");
		return;
	default:
		break;
	}
	if (strstr(je->text, "invalid Unicode '\\u")) {
		const char *h = strstr(je->text, "'\\u") + 3;
		int hi = (h[0] == 'D' || h[0] == 'd') &&
			 strchr("89abAB", h[1]) != NULL;

		set_msg(e, DJ_E_SYNTAX, hi ? "unpaired high surrogate" :
			"unpaired low surrogate");
	} else if (strstr(je->text, "invalid escape")) {
		set_msg(e, DJ_E_SYNTAX, "invalid escape in string");
	} else if (strstr(je->text, "control character")) {
		set_msg(e, DJ_E_SYNTAX, "control character in string");
	} else if (strstr(je->text, "string or '}' expected")) {
		set_msg(e, DJ_E_SYNTAX, "expected a string");
	} else if ((!strcmp(tok, "0") || !strcmp(tok, "-0")) && end < len &&
		   s[end] >= '0' && s[end] <= '9') {
		set_msg(e, DJ_E_SYNTAX, "leading zero in number");
	} else if (!strncmp(je->text, "invalid token", 13) ||
		   !strncmp(je->text, "unexpected token", 16)) {
		set_msg(e, DJ_E_SYNTAX, "expected a JSON value");
	} else {
		/* jansson's own words without the " near ..." tail */
		snprintf(what, sizeof(what), "%s", je->text);
		cut = strstr(what, " near ");
		if (cut)
			what[cut - what] = '\0';
		set_msg(e, DJ_E_SYNTAX, what);
	}
}

/* Deepest nesting of containers below v (v counts as 1 if it is one);
 * stops counting past 'limit'.  jansson bounds the recursion (2048). */
static unsigned depth_of(json_t *v, unsigned limit)
{
	unsigned best = 0, d;
	size_t i;
	const char *k;
	json_t *x;

	if (!json_is_object(v) && !json_is_array(v))
		return 0;
	if (limit == 0)
		return 1;
	if (json_is_array(v)) {
		json_array_foreach(v, i, x) {
			d = depth_of(x, limit - 1);
			if (d > best)
				best = d;
			if (best >= limit)
				break;
		}
	} else {
		json_object_foreach(v, k, x) {
			d = depth_of(x, limit - 1);
			if (d > best)
				best = d;
			if (best >= limit)
				break;
		}
	}
	return best + 1;
}

enum rt_err dj_parse(const char *s, size_t len, unsigned max_depth,
			   struct dj_doc **out, struct dj_err *e)
{
	struct dj_err scratch;
	struct dj_doc *doc;
	json_error_t je;
	json_t *root;

	if (!e)
		e = &scratch;
	memset(e, 0, sizeof(*e));
	doc = rt_calloc(1, sizeof(*doc));
	if (!doc) {
		set_msg(e, DJ_E_NOMEM, "out of memory");
		e->line = e->col = 1;
		return RT_ERR_NOMEM;
	}
	json_set_alloc_funcs(json_alloc, json_free_nothing);
	alloc_failed = false;
	building = doc;
	root = json_loadb(s ? s : "", s ? len : 0,
			  JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &je);
	building = NULL;
	if (!root) {
		free_chunks(doc->chunks);
		rt_free(doc);
		map_error(&je, s ? s : "", s ? len : 0, e);
		if (alloc_failed)
			set_msg(e, DJ_E_NOMEM, "out of memory");
		return e->kind == DJ_E_NOMEM ? RT_ERR_NOMEM : RT_ERR_PARSE;
	}
	if (depth_of(root, max_depth) > max_depth) {
		free_chunks(doc->chunks);
		rt_free(doc);
		set_msg(e, DJ_E_DEPTH, "values nested too deeply");
		e->line = e->col = 1;
		return RT_ERR_PARSE;
	}
	doc->root = root;
	*out = doc;
	return RT_OK;
}

void dj_free(struct dj_doc *doc)
{
	if (!doc)
		return;
	free_chunks(doc->chunks);
	rt_free(doc);
}

const struct dj_val *dj_root(const struct dj_doc *doc)
{
	return V(doc->root);
}

enum dj_type dj_type(const struct dj_val *v)
{
	switch (json_typeof(J(v))) {
	case JSON_OBJECT: return DJ_OBJECT;
	case JSON_ARRAY: return DJ_ARRAY;
	case JSON_STRING: return DJ_STRING;
	case JSON_INTEGER: return DJ_INT;
	case JSON_REAL: return DJ_REAL;
	case JSON_TRUE: case JSON_FALSE: return DJ_BOOL;
	case JSON_NULL: break;
	}
	return DJ_NULL;
}

const char *dj_type_name(enum dj_type t)
{
	static const char *const names[] = {
		"null", "a boolean", "an integer", "a number with a fraction",
		"a string", "an object", "an array",
	};

	return (unsigned)t < sizeof(names) / sizeof(names[0]) ? names[t] :
	       "a value";
}

int64_t dj_int(const struct dj_val *v)
{
	return json_is_integer(J(v)) ? (int64_t)json_integer_value(J(v)) : 0;
}

double dj_real(const struct dj_val *v)
{
	return json_number_value(J(v));
}

bool dj_bool(const struct dj_val *v)
{
	return json_is_true(J(v));
}

const char *dj_str(const struct dj_val *v)
{
	return json_string_value(J(v));
}

size_t dj_len(const struct dj_val *v)
{
	if (json_is_array(J(v)))
		return json_array_size(J(v));
	if (json_is_object(J(v)))
		return json_object_size(J(v));
	return 0;
}

const struct dj_val *dj_at(const struct dj_val *v, size_t i)
{
	return V(json_array_get(J(v), i));
}

const struct dj_val *dj_get(const struct dj_val *v,
					const char *key)
{
	return V(json_object_get(J(v), key));
}

bool dj_next(const struct dj_val *obj, struct dj_iter *it,
		   const char **key, const struct dj_val **val)
{
	if (!json_is_object(J(obj)))
		return false;
	it->it = it->started ? json_object_iter_next(J(obj), it->it) :
		 json_object_iter(J(obj));
	it->started = true;
	if (!it->it)
		return false;
	*key = json_object_iter_key(it->it);
	*val = V(json_object_iter_value(it->it));
	return true;
}
