/* json_locate.c - where a member of a JSON document starts (json.h).
 *
 * jansson keeps no position per value, and the rt-app importer's errors
 * ("tasks.a.instance: -1 copies ...") still need a line.  As locate.c does
 * for YAML, the text is scanned again, only when an error is reported and
 * only up to the member asked for: O(bytes before it), no allocation,
 * nothing recursive (a skipped subtree is walked with a depth counter).
 * The text is one dj_parse() accepted, so the scanner trusts its syntax
 * and only guards against running off the end.
 */
#include "scenarios/json.h"

#include <stdint.h>
#include <string.h>

struct dj_scan {
	const char *s;
	size_t len, p;                  /* p: the next byte */
};

static void scan_ws(struct dj_scan *sc)
{
	while (sc->p < sc->len && strchr(" \t\r\n", sc->s[sc->p]) &&
	       sc->s[sc->p])
		sc->p++;
}

static unsigned scan_hex4(const struct dj_scan *sc, size_t at)
{
	unsigned v = 0;

	for (size_t i = at; i < at + 4 && i < sc->len; i++) {
		char ch = sc->s[i];

		v = v * 16 + (unsigned)(ch <= '9' ? ch - '0' :
					(ch | 0x20) - 'a' + 10);
	}
	return v;
}

/* The string at sc->p (its opening quote), decoded and compared with
 * 'want' (NULL: just skipped); sc->p ends past the closing quote. */
static bool scan_string(struct dj_scan *sc, const char *want)
{
	bool eq = want != NULL;
	size_t w = 0;

	sc->p++;
	while (sc->p < sc->len && sc->s[sc->p] != '"') {
		unsigned char out[4];
		size_t n = 1;

		out[0] = (unsigned char)sc->s[sc->p];
		if (out[0] != '\\') {
			sc->p++;
		} else if (sc->p + 1 < sc->len && sc->s[sc->p + 1] != 'u') {
			const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
			const char *k = strchr(from, sc->s[sc->p + 1]);

			out[0] = (unsigned char)(k ? to[k - from] : '?');
			sc->p += 2;
		} else {        /* \uXXXX, a surrogate pair as one code point */
			unsigned cp = scan_hex4(sc, sc->p + 2);

			sc->p += 6;
			if (cp >= 0xd800 && cp < 0xdc00 && sc->p + 6 <= sc->len &&
			    sc->s[sc->p] == '\\') {
				cp = 0x10000 + ((cp - 0xd800) << 10) +
				     (scan_hex4(sc, sc->p + 2) - 0xdc00);
				sc->p += 6;
			}
			if (cp < 0x80) {
				out[0] = (unsigned char)cp;
			} else if (cp < 0x800) {
				out[0] = (unsigned char)(0xc0 | cp >> 6);
				out[1] = (unsigned char)(0x80 | (cp & 0x3f));
				n = 2;
			} else if (cp < 0x10000) {
				out[0] = (unsigned char)(0xe0 | cp >> 12);
				out[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
				out[2] = (unsigned char)(0x80 | (cp & 0x3f));
				n = 3;
			} else {
				out[0] = (unsigned char)(0xf0 | cp >> 18);
				out[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3f));
				out[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
				out[3] = (unsigned char)(0x80 | (cp & 0x3f));
				n = 4;
			}
		}
		for (size_t i = 0; eq && i < n; i++, w++)
			eq = (unsigned char)want[w] == out[i];
	}
	sc->p++;
	return eq && want[w] == '\0';
}

/* Skip the value at sc->p (after white space). */
static void scan_skip(struct dj_scan *sc)
{
	size_t depth = 0;

	do {
		scan_ws(sc);
		if (sc->p >= sc->len)
			return;
		switch (sc->s[sc->p]) {
		case '"':
			scan_string(sc, NULL);
			break;
		case '{': case '[':
			depth++;
			sc->p++;
			break;
		case '}': case ']':
			depth--;
			sc->p++;
			break;
		case ',': case ':':
			sc->p++;
			break;
		default:        /* number, true, false, null */
			do
				sc->p++;
			while (sc->p < sc->len && sc->s[sc->p] &&
			       !strchr(" \t\r\n,:]}", sc->s[sc->p]));
		}
	} while (depth > 0);
}

bool dj_locate(const char *s, size_t len, const char *const *path, size_t n,
	       unsigned long *line, unsigned long *col)
{
	struct dj_scan sc = { s, len, 0 };
	size_t found = SIZE_MAX;        /* the deepest key found: its offset */
	size_t depth = 0;

	scan_ws(&sc);
	while (depth < n && sc.p < len && s[sc.p] == '{') {
		bool hit = false;

		sc.p++;
		for (;;) {
			size_t at;

			scan_ws(&sc);
			if (sc.p >= len || s[sc.p] != '"')
				break;          /* '}': not in this object */
			at = sc.p;
			hit = scan_string(&sc, path[depth]);
			scan_ws(&sc);
			sc.p++;                 /* ':' */
			if (hit) {
				found = at;
				break;
			}
			scan_skip(&sc);
			scan_ws(&sc);
			if (sc.p < len && s[sc.p] == ',')
				sc.p++;
		}
		if (!hit)
			break;
		depth++;
		scan_ws(&sc);
	}
	if (found == SIZE_MAX)
		return false;
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < found; i++) {
		if (s[i] == '\n') {
			++*line;
			*col = 1;
		} else {
			++*col;
		}
	}
	return true;
}
