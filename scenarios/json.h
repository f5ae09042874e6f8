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
 *   - integers must fit int64_t (INT64_MIN excluded); a number with a
 *     fraction or exponent is a SCN_JSON_REAL, never rounded to an int;
 *   - nesting is limited by the caller ('max_depth' containers, the root
 *     counting as 1); jansson itself never recurses deeper than 2048;
 *   - errors carry the 1-based line and byte column of the offending
 *     token and a short message ("integer out of range", ...).
 *
 * Values are borrowed from their document and live until scn_json_free().
 * Objects keep their members in document order.
 */
#ifndef SCN_JSON_H
#define SCN_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/rt_err.h"

struct scn_json;                        /* a parsed document */
struct scn_json_val;                    /* a value inside one (borrowed) */

enum scn_json_type {
	SCN_JSON_NULL = 0,
	SCN_JSON_BOOL,
	SCN_JSON_INT,                   /* fits int64_t */
	SCN_JSON_REAL,                  /* had a fraction or an exponent */
	SCN_JSON_STRING,
	SCN_JSON_OBJECT,
	SCN_JSON_ARRAY
};

enum scn_json_err_kind {
	SCN_JSON_E_NONE = 0,
	SCN_JSON_E_SYNTAX,              /* not JSON, or not what we accept */
	SCN_JSON_E_TRAILING,            /* a value, then more text */
	SCN_JSON_E_DUPLICATE,           /* a key seen twice in one object */
	SCN_JSON_E_DEPTH,               /* nested deeper than max_depth */
	SCN_JSON_E_NOMEM
};

struct scn_json_err {
	enum scn_json_err_kind kind;
	unsigned long line;             /* 1-based */
	unsigned long col;              /* 1-based byte column on that line */
	char msg[160];                  /* e.g. "\"t\": duplicate key" */
};

/* Parse [s, s + len) (no NUL needed).  On success *out is owned by the
 * caller (scn_json_free); on failure *out is untouched, e says what and
 * where, and the result is RT_ERR_PARSE (RT_ERR_NOMEM when memory ran
 * out).  All memory goes through models/mem.h (failure injection works). */
enum rt_err scn_json_parse(const char *s, size_t len, unsigned max_depth,
			   struct scn_json **out, struct scn_json_err *e);
void scn_json_free(struct scn_json *doc);         /* NULL is a no-op */

const struct scn_json_val *scn_json_root(const struct scn_json *doc);

enum scn_json_type scn_json_type(const struct scn_json_val *v);
const char *scn_json_type_name(enum scn_json_type t);  /* "an integer", ... */
int64_t scn_json_int(const struct scn_json_val *v);    /* 0 unless INT */
double scn_json_real(const struct scn_json_val *v);    /* INT or REAL */
bool scn_json_bool(const struct scn_json_val *v);
const char *scn_json_str(const struct scn_json_val *v); /* NULL unless STRING */

/* Arrays: elements; objects: members.  0 for scalars. */
size_t scn_json_len(const struct scn_json_val *v);
/* Array element i (NULL when out of range or not an array). */
const struct scn_json_val *scn_json_at(const struct scn_json_val *v, size_t i);
/* Object member 'key' (NULL when absent or not an object). */
const struct scn_json_val *scn_json_get(const struct scn_json_val *v,
					const char *key);

/* Walk an object's members in document order:
 *	struct scn_json_iter it = SCN_JSON_ITER_INIT;
 *	while (scn_json_next(obj, &it, &key, &val)) ... */
struct scn_json_iter {
	void *it;
	bool started;
};
#define SCN_JSON_ITER_INIT { NULL, false }
bool scn_json_next(const struct scn_json_val *obj, struct scn_json_iter *it,
		   const char **key, const struct scn_json_val **val);

#endif /* SCN_JSON_H */
