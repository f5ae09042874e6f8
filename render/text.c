/* text.c - escaping for the text writers: CSV fields (RFC 4180), JSON
 * strings (RFC 8259, always valid UTF-8 out) and exact microsecond
 * decimals for the Chrome trace. */
#include "render/text.h"

#include "render/internal.h"

#include <inttypes.h>
#include <string.h>

bool render_csv_field(FILE *f, const char *s)
{
	size_t n;

	if (!s || !*s)
		return true;
	n = strlen(s);
	/* RFC 4180 2.6/2.7: fields with , " CR LF are quoted, " doubled.
	 * Leading/trailing spaces are quoted too: some readers trim them. */
	if (!strpbrk(s, ",\"\r\n") && s[0] != ' ' && s[n - 1] != ' ')
		return fputs(s, f) >= 0;
	if (fputc('"', f) == EOF)
		return false;
	for (; *s; s++) {
		if (*s == '"' && fputc('"', f) == EOF)
			return false;
		if (fputc(*s, f) == EOF)
			return false;
	}
	return fputc('"', f) != EOF;
}

size_t render_utf8_len(const unsigned char *s, size_t avail)
{
	unsigned char c, lo = 0x80, hi = 0xBF;
	size_t n;

	if (avail == 0)
		return 0;
	c = s[0];
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		n = 2;
	else if (c >= 0xE0 && c <= 0xEF)
		n = 3;
	else if (c >= 0xF0 && c <= 0xF4)
		n = 4;
	else
		return 0;
	if (avail < n)
		return 0;
	if (c == 0xE0)
		lo = 0xA0;
	else if (c == 0xED)
		hi = 0x9F;
	else if (c == 0xF0)
		lo = 0x90;
	else if (c == 0xF4)
		hi = 0x8F;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xBF)
			return 0;
	return n;
}

bool render_json_string(FILE *f, const char *str)
{
	return fputc('"', f) != EOF && render_json_chars(f, str) &&
	       fputc('"', f) != EOF;
}

bool render_json_chars(FILE *f, const char *str)
{
	const unsigned char *s = (const unsigned char *)(str ? str : "");

	while (*s) {
		size_t n;
		int rc = 0;

		switch (*s) {
		case '"':  rc = fputs("\\\"", f); n = 1; break;
		case '\\': rc = fputs("\\\\", f); n = 1; break;
		case '\n': rc = fputs("\\n", f); n = 1; break;
		case '\r': rc = fputs("\\r", f); n = 1; break;
		case '\t': rc = fputs("\\t", f); n = 1; break;
		default:
			if (*s < 0x20) {
				rc = fprintf(f, "\\u%04x", *s);
				n = 1;
			} else if ((n = render_utf8_len(s, 4)) == 0) {
				/* 4 is safe: the NUL terminator fails the
				 * continuation check before any overread. */
				rc = fputs("\\ufffd", f);
				n = 1;
			} else {
				rc = fwrite(s, 1, n, f) == n ? 0 : -1;
			}
		}
		if (rc < 0)
			return false;
		s += n;
	}
	return true;
}

bool render_json_us(FILE *f, int64_t t, int64_t units_per_us)
{
	uint64_t mag = t < 0 ? (uint64_t)0 - (uint64_t)t : (uint64_t)t;
	uint64_t div = (uint64_t)units_per_us;
	int digits = 0;

	for (uint64_t p = 1; p < div && digits < 18; p *= 10)
		digits++;
	if (div <= 1)
		return fprintf(f, "%" PRId64, t) >= 0;
	return fprintf(f, "%s%" PRIu64 ".%0*" PRIu64, t < 0 ? "-" : "",
		       mag / div, digits, mag % div) >= 0;
}
