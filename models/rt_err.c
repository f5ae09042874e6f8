/* rt_err.c - error strings and diagnostics formatting. */
#include "models/rt_err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const rt_err_str[RT_ERR__COUNT] = {
	[RT_OK]               = "success",
	[RT_ERR_NOMEM]        = "out of memory",
	[RT_ERR_INVAL]        = "invalid parameters",
	[RT_ERR_IO]           = "input/output error",
	[RT_ERR_PARSE]        = "invalid scenario",
	[RT_ERR_OVERFLOW]     = "time arithmetic overflow",
	[RT_ERR_UNSUPPORTED]  = "not supported",
};

const char *rt_strerror(enum rt_err err)
{
	if ((unsigned)err >= RT_ERR__COUNT)
		return "unknown error";
	return rt_err_str[err];
}

enum rt_err rt_diagf(struct rt_diag *d, enum rt_err err, const char *fmt, ...)
{
	va_list ap;

	if (!d)
		return err;
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
	va_end(ap);
	return err;
}

void rt_diag_prefix(struct rt_diag *d, const char *fmt, ...)
{
	char pre[RT_DIAG_MAX], old[RT_DIAG_MAX];
	va_list ap;
	size_t lp;

	if (!d)
		return;
	va_start(ap, fmt);
	vsnprintf(pre, sizeof(pre), fmt, ap);
	va_end(ap);
	memcpy(old, d->msg, sizeof(old));
	old[sizeof(old) - 1] = '\0';
	lp = strlen(pre);
	memcpy(d->msg, pre, lp + 1);
	if (lp < sizeof(d->msg) - 1) {
		size_t room = sizeof(d->msg) - 1 - lp, lo = strlen(old);

		if (lo > room)
			lo = room;
		memcpy(d->msg + lp, old, lo);
		d->msg[lp + lo] = '\0';
	}
}

void rt_diag_clear(struct rt_diag *d)
{
	if (d)
		d->msg[0] = '\0';
}
