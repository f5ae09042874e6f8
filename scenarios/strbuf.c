/* strbuf.c - growing text buffer (strbuf.h). */
#include "scenarios/strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "models/mem.h"

static bool reserve(struct scn_sb *b, size_t extra)
{
	size_t cap;
	char *nb;

	if (b->nomem)
		return false;
	if (b->len + extra + 1 <= b->cap)
		return true;
	cap = b->cap ? b->cap : 256;
	while (cap < b->len + extra + 1) {
		if (cap > ((size_t)-1) / 2) {
			b->nomem = true;
			return false;
		}
		cap *= 2;
	}
	nb = rt_realloc(b->buf, cap);
	if (!nb) {
		b->nomem = true;
		return false;
	}
	b->buf = nb;
	b->cap = cap;
	return true;
}

void scn_sb_put(struct scn_sb *b, const char *s, size_t n)
{
	if (!reserve(b, n))
		return;
	memcpy(b->buf + b->len, s, n);
	b->len += n;
	b->buf[b->len] = '\0';
}

void scn_sb_printf(struct scn_sb *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !reserve(b, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(b->buf + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

bool scn_sb_take(struct scn_sb *b, char **out, size_t *len)
{
	if (b->nomem || !reserve(b, 0)) {
		scn_sb_free(b);
		return false;
	}
	*out = b->buf;
	if (len)
		*len = b->len;
	b->buf = NULL;
	b->len = b->cap = 0;
	return true;
}

void scn_sb_free(struct scn_sb *b)
{
	rt_free(b->buf);
	b->buf = NULL;
	b->len = b->cap = 0;
	b->nomem = false;
}
