/* text.h - escaping text for the files dlsim writes: RFC 4180 CSV fields
 * and JSON string literals (always valid UTF-8 JSON).  Public so that the
 * CLI's JSON output escapes exactly as the writers do. */
#ifndef RENDER_TEXT_H
#define RENDER_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Write s as one CSV field: quoted (with "" for ") when it contains a
 * comma, quote, CR or LF, or starts/ends with a space; verbatim otherwise.
 * NULL writes an empty field.  Returns false on a write error. */
bool render_csv_field(FILE *f, const char *s);

/* Length (1..4) of the well-formed UTF-8 sequence at s, looking at most
 * 'avail' bytes; 0 if malformed (overlong, surrogate, > U+10FFFF or
 * truncated; RFC 3629 section 4). */
size_t render_utf8_len(const unsigned char *s, size_t avail);

/* Write s as a JSON string literal with its quotes.  ", \ and control
 * characters are escaped; bytes that are not valid UTF-8 become U+FFFD so
 * the output is always valid JSON.  NULL writes "".  False on write error. */
bool render_json_string(FILE *f, const char *s);
/* The same escaping without the quotes (to build one string in parts). */
bool render_json_chars(FILE *f, const char *s);

#endif /* RENDER_TEXT_H */
