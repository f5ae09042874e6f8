/* json.h - JSON documents, read with Debian's libjansson.
 *
 * scenarios/json.c is the only code that includes jansson (`make check-layers`); no
 * jansson type leaves scenarios/json.c.  Used by the rt-app importer
 * (scenarios/rtapp.c) and by the event-log reader behind `dlsim render`
 * (render/replay.c).  Input is untrusted:
 *
 *   - strict RFC 8259: no comments, trailing commas, NaN, leading zeros;
 *     invalid UTF-8, unpaired surrogates and \u0000 are refused (every
 *     string is a C string);
 *   - duplicate keys are refused (an object means one thing);
 *   - integers must fit int64_t; a number with a
 *     fraction or exponent is a DJ_REAL, never rounded to an int;
 *   - nesting is limited by the caller ('max_depth' containers, the root
 *     counting as 1); jansson itself never recurses deeper than 2048;
 *   - errors carry the 1-based line and byte column of the offending
 *     token and a short message ("integer out of range", ...).
 *
 * Values are borrowed from their document and live until dj_free().
 * Objects keep their members in document order.
 */
#ifndef DJ_JSON_H
#define DJ_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/rt_err.h"

struct dj_doc;                        /* a parsed document */
struct dj_val;                    /* a value inside one (borrowed) */

enum dj_type {
	DJ_NULL = 0,
	DJ_BOOL,
	DJ_INT,                   /* fits int64_t */
	DJ_REAL,                  /* had a fraction or an exponent */
	DJ_STRING,
	DJ_OBJECT,
	DJ_ARRAY
};

enum dj_err_kind {
	DJ_E_NONE = 0,
	DJ_E_SYNTAX,              /* not JSON, or not what we accept */
	DJ_E_TRAILING,            /* a value, then more text */
	DJ_E_DUPLICATE,           /* a key seen twice in one object */
	DJ_E_DEPTH,               /* nested deeper than max_depth */
	DJ_E_NOMEM
};

struct dj_err {
	enum dj_err_kind kind;
	unsigned long line;             /* 1-based */
	unsigned long col;              /* 1-based byte column on that line */
	char msg[160];                  /* e.g. "\"t\": duplicate key" */
};

/* Parse [s, s + len) (no NUL needed).  On success *out is owned by the
 * caller (dj_free); on failure *out is untouched, e says what and
 * where, and the result is RT_ERR_PARSE (RT_ERR_NOMEM when memory ran
 * out).  All memory goes through models/mem.h (failure injection works). */
enum rt_err dj_parse(const char *s, size_t len, unsigned max_depth,
			   struct dj_doc **out, struct dj_err *e);
void dj_free(struct dj_doc *doc);         /* NULL is a no-op */

const struct dj_val *dj_root(const struct dj_doc *doc);

enum dj_type dj_type(const struct dj_val *v);
const char *dj_type_name(enum dj_type t);  /* "an integer", ... */
int64_t dj_int(const struct dj_val *v);    /* 0 unless INT */
double dj_real(const struct dj_val *v);    /* INT or REAL */
bool dj_bool(const struct dj_val *v);
const char *dj_str(const struct dj_val *v); /* NULL unless STRING */

/* Arrays: elements; objects: members.  0 for scalars. */
size_t dj_len(const struct dj_val *v);
/* Array element i (NULL when out of range or not an array). */
const struct dj_val *dj_at(const struct dj_val *v, size_t i);
/* Object member 'key' (NULL when absent or not an object). */
const struct dj_val *dj_get(const struct dj_val *v,
					const char *key);

/* Walk an object's members in document order:
 *	struct dj_iter it = DJ_ITER_INIT;
 *	while (dj_next(obj, &it, &key, &val)) ... */
struct dj_iter {
	void *it;
	bool started;
};
#define DJ_ITER_INIT { NULL, false }
bool dj_next(const struct dj_val *obj, struct dj_iter *it,
		   const char **key, const struct dj_val **val);

/* Where the member at 'path' (n object keys from the root: "tasks", "a",
 * "instance") starts in the text [s, s + len) of a document dj_parse
 * accepted: the 1-based line and byte column of its key (of the deepest
 * key of the path found when the rest is missing).  False, *line and *col
 * untouched, when not even path[0] is there.  Scans the text again, up
 * to that key: O(bytes before it), no allocation (json_locate.c). */
bool dj_locate(const char *s, size_t len, const char *const *path, size_t n,
	       unsigned long *line, unsigned long *col);

#endif /* DJ_JSON_H */
