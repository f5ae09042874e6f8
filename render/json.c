/* json.c - a small pull lexer for the JSON objects of one log line.
 *
 * Enough JSON (RFC 8259) to read back what render/log.c writes and to
 * reject anything else with a precise message: strings with every escape
 * (surrogate pairs included, U+0000 refused because names are C strings),
 * integers (no fractions or exponents: times are integers), true, false,
 * null, and nested values when skipping unknown keys (depth-limited).
 * Input is untrusted: every read is bounds-checked against 'end'.
 */
#include "render/internal.h"

#include <string.h>

#include "models/mem.h"

void render_json_reset(struct render_json *lx, const char *s, size_t len)
{
	lx->p = lx->begin = s;
	lx->end = s + len;
	lx->err[0] = '\0';
	lx->err_col = 0;
	lx->nomem = false;
}

void render_json_fini(struct render_json *lx)
{
	rt_free(lx->buf);
	lx->buf = NULL;
	lx->cap = 0;
}

bool render_json_fail(struct render_json *lx, const char *what)
{
	if (!lx->err[0]) {
		size_t n = strlen(what);

		if (n >= sizeof(lx->err))
			n = sizeof(lx->err) - 1;
		memcpy(lx->err, what, n);
		lx->err[n] = '\0';
		lx->err_col = (size_t)(lx->p - lx->begin) + 1;
	}
	return false;
}

static void skip_ws(struct render_json *lx)
{
	while (lx->p < lx->end && (*lx->p == ' ' || *lx->p == '\t' ||
				   *lx->p == '\r' || *lx->p == '\n'))
		lx->p++;
}

bool render_json_at_end(struct render_json *lx)
{
	skip_ws(lx);
	return lx->p == lx->end;
}

bool render_json_try(struct render_json *lx, char c)
{
	skip_ws(lx);
	if (lx->p < lx->end && *lx->p == c) {
		lx->p++;
		return true;
	}
	return false;
}

bool render_json_punct(struct render_json *lx, char c)
{
	static const char *const msg[] = {
		"expected '{'", "expected '}'", "expected '['", "expected ']'",
		"expected ':'", "expected ','",
	};
	const char *set = "{}[]:,";

	if (render_json_try(lx, c))
		return true;
	return render_json_fail(lx, msg[strchr(set, c) - set]);
}

bool render_json_peek(struct render_json *lx, enum render_json_type *t)
{
	skip_ws(lx);
	if (lx->p == lx->end)
		return render_json_fail(lx, "unexpected end of line");
	switch (*lx->p) {
	case '{': *t = RENDER_JSON_OBJECT; return true;
	case '[': *t = RENDER_JSON_ARRAY; return true;
	case '"': *t = RENDER_JSON_STRING; return true;
	case 'n': *t = RENDER_JSON_NULL; return true;
	case 't': case 'f': *t = RENDER_JSON_BOOL; return true;
	default:
		if (*lx->p == '-' || (*lx->p >= '0' && *lx->p <= '9')) {
			*t = RENDER_JSON_INT;
			return true;
		}
	}
	return render_json_fail(lx, "expected a JSON value");
}

static bool word(struct render_json *lx, const char *w)
{
	size_t n = strlen(w);

	skip_ws(lx);
	if ((size_t)(lx->end - lx->p) < n || memcmp(lx->p, w, n))
		return false;
	lx->p += n;
	return true;
}

static bool buf_put(struct render_json *lx, size_t *len, const char *s,
		    size_t n)
{
	if (*len + n + 1 > lx->cap) {
		size_t cap = lx->cap ? lx->cap : 64;
		char *nb;

		while (cap < *len + n + 1)
			cap *= 2;
		nb = rt_realloc(lx->buf, cap);
		if (!nb) {
			lx->nomem = true;
			return render_json_fail(lx, "out of memory");
		}
		lx->buf = nb;
		lx->cap = cap;
	}
	memcpy(lx->buf + *len, s, n);
	*len += n;
	lx->buf[*len] = '\0';
	return true;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static bool hex4(struct render_json *lx, unsigned *out)
{
	unsigned v = 0;

	if (lx->end - lx->p < 4)
		return render_json_fail(lx, "truncated \\u escape");
	for (int i = 0; i < 4; i++) {
		int h = hexval(lx->p[i]);

		if (h < 0)
			return render_json_fail(lx, "bad hex digit in \\u escape");
		v = v * 16 + (unsigned)h;
	}
	lx->p += 4;
	*out = v;
	return true;
}

static size_t utf8_encode(unsigned cp, char *o)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xC0 | (cp >> 6));
		o[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xE0 | (cp >> 12));
		o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		o[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	o[0] = (char)(0xF0 | (cp >> 18));
	o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	o[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/* \uXXXX (p just past the 'u'), pairing surrogates (RFC 8259 section 7). */
static bool unicode_escape(struct render_json *lx, size_t *len)
{
	unsigned cp, lo;
	char o[4];

	if (!hex4(lx, &cp))
		return false;
	if (cp >= 0xDC00 && cp <= 0xDFFF)
		return render_json_fail(lx, "unpaired low surrogate");
	if (cp >= 0xD800 && cp <= 0xDBFF) {
		if (lx->end - lx->p < 2 || lx->p[0] != '\\' || lx->p[1] != 'u')
			return render_json_fail(lx, "unpaired high surrogate");
		lx->p += 2;
		if (!hex4(lx, &lo))
			return false;
		if (lo < 0xDC00 || lo > 0xDFFF)
			return render_json_fail(lx, "unpaired high surrogate");
		cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
	}
	if (cp == 0)
		return render_json_fail(lx, "\\u0000 is not allowed in names");
	return buf_put(lx, len, o, utf8_encode(cp, o));
}

bool render_json_str(struct render_json *lx, const char **out)
{
	size_t len = 0;

	skip_ws(lx);
	if (lx->p == lx->end || *lx->p != '"')
		return render_json_fail(lx, "expected a string");
	lx->p++;
	if (!buf_put(lx, &len, "", 0))
		return false;
	for (;;) {
		unsigned char c;
		const char *run = lx->p;

		while (lx->p < lx->end && *lx->p != '"' && *lx->p != '\\' &&
		       (unsigned char)*lx->p >= 0x20 &&
		       (unsigned char)*lx->p < 0x80)
			lx->p++;
		if (lx->p > run && !buf_put(lx, &len, run, (size_t)(lx->p - run)))
			return false;
		if (lx->p == lx->end)
			return render_json_fail(lx, "unterminated string");
		c = (unsigned char)*lx->p;
		if (c == '"') {
			lx->p++;
			*out = lx->buf;
			return true;
		}
		if (c < 0x20)
			return render_json_fail(lx, "control character in string");
		if (c >= 0x80) {
			size_t n = render_utf8_len((const unsigned char *)lx->p,
						   (size_t)(lx->end - lx->p));

			if (!n)
				return render_json_fail(lx, "invalid UTF-8 in string");
			if (!buf_put(lx, &len, lx->p, n))
				return false;
			lx->p += n;
			continue;
		}
		if (++lx->p == lx->end)
			return render_json_fail(lx, "unterminated escape");
		c = (unsigned char)*lx->p++;
		switch (c) {
		case '"': case '\\': case '/':
			if (!buf_put(lx, &len, (const char *)&c, 1))
				return false;
			break;
		case 'b': if (!buf_put(lx, &len, "\b", 1)) return false; break;
		case 'f': if (!buf_put(lx, &len, "\f", 1)) return false; break;
		case 'n': if (!buf_put(lx, &len, "\n", 1)) return false; break;
		case 'r': if (!buf_put(lx, &len, "\r", 1)) return false; break;
		case 't': if (!buf_put(lx, &len, "\t", 1)) return false; break;
		case 'u':
			if (!unicode_escape(lx, &len))
				return false;
			break;
		default:
			lx->p--;
			return render_json_fail(lx, "invalid escape in string");
		}
	}
}

bool render_json_int(struct render_json *lx, int64_t *out)
{
	bool neg = false;
	uint64_t v = 0, lim;
	const char *start;

	skip_ws(lx);
	start = lx->p;
	if (lx->p < lx->end && *lx->p == '-') {
		neg = true;
		lx->p++;
	}
	if (lx->p == lx->end || *lx->p < '0' || *lx->p > '9') {
		lx->p = start;
		return render_json_fail(lx, "expected an integer");
	}
	if (*lx->p == '0' && lx->end - lx->p > 1 && lx->p[1] >= '0' &&
	    lx->p[1] <= '9')
		return render_json_fail(lx, "leading zero in number");
	lim = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	while (lx->p < lx->end && *lx->p >= '0' && *lx->p <= '9') {
		unsigned dgt = (unsigned)(*lx->p - '0');

		if (v > (lim - dgt) / 10) {
			lx->p = start;
			return render_json_fail(lx, "integer out of range");
		}
		v = v * 10 + dgt;
		lx->p++;
	}
	if (lx->p < lx->end && (*lx->p == '.' || *lx->p == 'e' || *lx->p == 'E'))
		return render_json_fail(lx, "expected an integer, not a fraction");
	*out = neg ? (int64_t)(0 - v) : (int64_t)v;
	return true;
}

bool render_json_int_or_null(struct render_json *lx, int64_t *out,
			     bool *is_null)
{
	if (word(lx, "null")) {
		*is_null = true;
		return true;
	}
	*is_null = false;
	return render_json_int(lx, out);
}

static bool digits(struct render_json *lx)
{
	const char *s = lx->p;

	while (lx->p < lx->end && *lx->p >= '0' && *lx->p <= '9')
		lx->p++;
	return lx->p > s;
}

/* Any JSON number (unknown keys may carry fractions):
 * -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
static bool skip_number(struct render_json *lx)
{
	if (lx->p < lx->end && *lx->p == '-')
		lx->p++;
	if (lx->p < lx->end && *lx->p == '0')
		lx->p++;
	else if (!digits(lx))
		return render_json_fail(lx, "bad number");
	if (lx->p < lx->end && *lx->p == '.') {
		lx->p++;
		if (!digits(lx))
			return render_json_fail(lx, "bad number");
	}
	if (lx->p < lx->end && (*lx->p == 'e' || *lx->p == 'E')) {
		lx->p++;
		if (lx->p < lx->end && (*lx->p == '+' || *lx->p == '-'))
			lx->p++;
		if (!digits(lx))
			return render_json_fail(lx, "bad number");
	}
	return true;
}

static bool skip_depth(struct render_json *lx, int depth)
{
	enum render_json_type t;
	const char *s;

	if (depth > RENDER_JSON_MAX_DEPTH)
		return render_json_fail(lx, "values nested too deeply");
	if (!render_json_peek(lx, &t))
		return false;
	switch (t) {
	case RENDER_JSON_NULL:
		return word(lx, "null") || render_json_fail(lx, "expected null");
	case RENDER_JSON_BOOL:
		return word(lx, "true") || word(lx, "false") ||
		       render_json_fail(lx, "expected true or false");
	case RENDER_JSON_STRING:
		return render_json_str(lx, &s);
	case RENDER_JSON_INT:
		return skip_number(lx);
	case RENDER_JSON_OBJECT:
		lx->p++;
		if (render_json_try(lx, '}'))
			return true;
		do {
			if (!render_json_str(lx, &s) || !render_json_punct(lx, ':') ||
			    !skip_depth(lx, depth + 1))
				return false;
		} while (render_json_try(lx, ','));
		return render_json_punct(lx, '}');
	case RENDER_JSON_ARRAY:
		lx->p++;
		if (render_json_try(lx, ']'))
			return true;
		do {
			if (!skip_depth(lx, depth + 1))
				return false;
		} while (render_json_try(lx, ','));
		return render_json_punct(lx, ']');
	}
	return false;
}

bool render_json_skip(struct render_json *lx)
{
	return skip_depth(lx, 0);
}
