/* errors.c - the scenario loader's error channel: every message about a
 * file is "FILE:LINE:COL: PATH: what is wrong; expected ...".
 *
 * PATH names the field as the user wrote it (tasks[1].C, unknown keys
 * quoted when they are not plain words); LINE:COL is found again in the
 * source text by scn_locate() (locate.c), from the path, so callers never
 * carry positions around; when the path is not in the text (a default, a
 * derived value) the context's fallback position is used, and when that
 * is unknown too the position is left out.  Messages are formatted into
 * the caller's fixed-size struct rt_diag: nothing here allocates.
 */
#include "scenarios/internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Copy s into out[n], cut short if need be (messages may be truncated). */
void scn_copy(char *out, size_t n, const char *s)
{
	size_t len = strlen(s);

	if (len >= n)
		len = n - 1;
	memcpy(out, s, len);
	out[len] = '\0';
}

enum rt_err scn_fail_at(const struct scn_ctx *c, enum rt_err err,
			struct scn_mark m, const char *path, const char *fmt,
			...)
{
	char what[RT_DIAG_MAX], pos[48] = "";
	va_list ap;

	if (!c->d)
		return err;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (m.line)
		snprintf(pos, sizeof(pos), ":%zu:%zu", m.line, m.col);
	return rt_diagf(c->d, err, "%s%s: %s%s%s", c->file, pos, path,
			*path ? ": " : "", what);
}

/* "tasks[0]" + "bogus" -> "tasks[0].bogus"; odd keys are quoted. */
static void scn_join(char *out, size_t n, const char *path, const char *key)
{
	char q[72];
	bool plain = *key != '\0' && strlen(key) < 64;

	for (const char *k = key; *k; k++)
		if (!((*k >= 'a' && *k <= 'z') || (*k >= 'A' && *k <= 'Z') ||
		      (*k >= '0' && *k <= '9') || *k == '_' || *k == '-'))
			plain = false;
	if (plain)
		scn_copy(q, sizeof(q), key);
	else
		scn_quote(q, sizeof(q), key);
	snprintf(out, n, "%s%s%s", path, *path ? "." : "", q);
}

enum rt_err scn_fail(const struct scn_ctx *c, enum rt_err err,
		     const char *path, const char *key, unsigned nth,
		     enum scn_at at, const char *fmt, ...)
{
	char what[RT_DIAG_MAX], full[160];
	struct scn_where w;
	struct scn_mark m;
	va_list ap;

	if (!c->d)
		return err;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	scn_locate(c->buf, c->len, path, key, nth, &w);
	m = at == SCN_AT_KEY && w.key.line ? w.key : w.value;
	if (!m.line)
		m = c->fallback;
	if (key)
		scn_join(full, sizeof(full), path, key);
	else
		scn_copy(full, sizeof(full), path);
	return scn_fail_at(c, err, m, full, "%s", what);
}

