/* internal.h - helpers shared by render/ files, not part of its API.
 *
 * Text escaping for the writers (RFC 4180 CSV fields, JSON strings) and a
 * small pull lexer for the flat JSON objects the event log writes, used to
 * read logs back.  The lexer works on one line held in memory; it never
 * reads past 'end', never recurses more than RENDER_JSON_MAX_DEPTH, and
 * reports the first problem as a message with the column it occurred at.
 */
#ifndef RENDER_INTERNAL_H
#define RENDER_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "models/rt_err.h"
#include "render/text.h"

#define RENDER_JSON_MAX_DEPTH 32        /* nesting accepted when skipping values */

/* Write an rt_time in microseconds from 'units_per_us' internal units per
 * microsecond (1 for ticks taken as us, 1000 for ns): exact decimal with
 * three fractional digits when units_per_us == 1000.  False on error. */
bool render_json_us(FILE *f, int64_t t, int64_t units_per_us);

enum render_json_type {
	RENDER_JSON_NULL = 0,
	RENDER_JSON_BOOL,
	RENDER_JSON_INT,                /* integer that fits int64_t */
	RENDER_JSON_STRING,
	RENDER_JSON_OBJECT,             /* only reported by peek */
	RENDER_JSON_ARRAY               /* only reported by peek */
};

struct render_json {
	const char *p;                  /* next unread byte */
	const char *begin, *end;        /* the line; [begin, end) */
	char *buf;                      /* decoded string (rt_malloc'ed) */
	size_t cap;                     /* bytes allocated for buf */
	char err[160];                  /* first error, "" if none */
	size_t err_col;                 /* 1-based column of the error */
	bool nomem;                     /* the error is an allocation failure */
};

/* Start lexing [s, s + len).  lx->buf/cap are kept, so one lexer can be
 * reused line after line; free with render_json_fini(). */
void render_json_reset(struct render_json *lx, const char *s, size_t len);
void render_json_fini(struct render_json *lx);

/* Each returns false and sets lx->err (if not already set) on failure. */
bool render_json_punct(struct render_json *lx, char c);   /* {, }, [, ], :, , */
bool render_json_try(struct render_json *lx, char c);     /* consume c if next */
/* A string; *out points into lx->buf, valid until the next string. */
bool render_json_str(struct render_json *lx, const char **out);
bool render_json_int(struct render_json *lx, int64_t *out);
/* An integer or null: *is_null tells which. */
bool render_json_int_or_null(struct render_json *lx, int64_t *out,
			     bool *is_null);
bool render_json_skip(struct render_json *lx);            /* any value */
/* Type of the next value without consuming it (false at end of input). */
bool render_json_peek(struct render_json *lx, enum render_json_type *t);
/* Only whitespace left. */
bool render_json_at_end(struct render_json *lx);
/* Set the error (first one wins); returns false. */
bool render_json_fail(struct render_json *lx, const char *what);

#endif /* RENDER_INTERNAL_H */
