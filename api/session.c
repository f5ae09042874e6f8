/* session.c - the session (struct dlsim): status and message of the last
 * call, notices, progress, memory files, text into memory, version. */
#include "api/internal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "models/mem.h"
#include "render/gantt.h"
#include "sim/trace.h"

_Static_assert((int)DLSIM_NOMEM == (int)RT_ERR_NOMEM &&
	       (int)DLSIM_INVALID == (int)RT_ERR_INVAL &&
	       (int)DLSIM_IO == (int)RT_ERR_IO &&
	       (int)DLSIM_PARSE == (int)RT_ERR_PARSE &&
	       (int)DLSIM_OVERFLOW == (int)RT_ERR_OVERFLOW &&
	       (int)DLSIM_UNSUPPORTED == (int)RT_ERR_UNSUPPORTED,
	       "enum dlsim_status mirrors enum rt_err");
_Static_assert((int)DLSIM_REC__COUNT == (int)SIM_REC__COUNT &&
	       (int)DLSIM_REC_SETATTR == (int)SIM_REC_SETATTR &&
	       (int)DLSIM_REC_INHERIT == (int)SIM_REC_INHERIT &&
	       (int)DLSIM_REC_ADMIT == (int)SIM_REC_ADMIT,
	       "enum dlsim_record_kind mirrors enum sim_rec_kind");

const char *dlsim_libversion(void)
{
	return DLSIM_VERSION;
}

int dlsim_libversion_number(void)
{
	return DLSIM_VERSION_NUMBER;
}

const char *dlsim_status_name(enum dlsim_status status)
{
	switch (status) {
	case DLSIM_OK:          return "ok";
	case DLSIM_USAGE:       return "bad option value";
	case DLSIM_OPTION:      return "options cannot be honoured";
	case DLSIM_INTERRUPTED: return "interrupted";
	case DLSIM_MISUSE:      return "library misuse";
	case DLSIM_NOMEM: case DLSIM_INVALID: case DLSIM_IO: case DLSIM_PARSE:
	case DLSIM_OVERFLOW: case DLSIM_UNSUPPORTED:
		return rt_strerror((enum rt_err)status);
	}
	return "unknown status";
}

enum dlsim_status dlsim_open(struct dlsim **out)
{
	struct dlsim *db;

	if (!out)
		return DLSIM_MISUSE;
	db = rt_calloc(1, sizeof(*db));
	if (!db)
		return DLSIM_NOMEM;
	*out = db;
	return DLSIM_OK;
}

void dlsim_close(struct dlsim *db)
{
	if (!db)
		return;
	for (size_t i = 0; i < db->nmem; i++) {
		rt_free(db->mem[i].path);
		rt_free(db->mem[i].data);
	}
	rt_free(db->mem);
	rt_free(db);
}

const char *dlsim_errmsg(const struct dlsim *db)
{
	return db ? db->msg : "out of memory";
}

enum dlsim_status dlsim_errcode(const struct dlsim *db)
{
	return db ? db->code : DLSIM_NOMEM;
}

void dlsim_free(void *p)
{
	rt_free(p);
}

void dlsim_set_notice(struct dlsim *db, dlsim_notice_fn fn, void *ctx)
{
	if (!db)
		return;
	db->notice = fn;
	db->notice_ctx = ctx;
}

void dlsim_set_progress(struct dlsim *db, dlsim_progress_fn fn, void *ctx)
{
	if (!db)
		return;
	db->progress = fn;
	db->progress_ctx = ctx;
}

void dlsim_set_memory_files(struct dlsim *db, int on)
{
	if (db)
		db->no_memory = !on;
}

void dlsim_cleanup_signal(void)
{
	render_outfile_cleanup_signal();
}

void dlsim_release_caches(void)
{
	render_release_caches();
}

const char *dlsim_errno_name(int err)
{
	return render_errno_name(err);
}

const char *dlsim_record_kind_name(int kind)
{
	if (kind < 0 || kind >= DLSIM_REC__COUNT)
		return "?";
	return sim_rec_kind_name((enum sim_rec_kind)kind);
}

/* ---- status and messages ------------------------------------------------- */

enum dlsim_status api_ok(struct dlsim *db)
{
	db->code = DLSIM_OK;
	db->msg[0] = '\0';
	return DLSIM_OK;
}

enum dlsim_status api_fail(struct dlsim *db, enum dlsim_status st,
			   const char *fmt, ...)
{
	va_list ap;

	db->code = st;
	va_start(ap, fmt);
	vsnprintf(db->msg, sizeof(db->msg), fmt, ap);
	va_end(ap);
	return st;
}

void api_add_line(struct dlsim *db, const char *fmt, ...)
{
	size_t n = strlen(db->msg);
	va_list ap;

	if (n && n + 1 < sizeof(db->msg))
		db->msg[n++] = '\n';
	if (n + 1 >= sizeof(db->msg))
		return;
	va_start(ap, fmt);
	vsnprintf(db->msg + n, sizeof(db->msg) - n, fmt, ap);
	va_end(ap);
}

enum dlsim_status api_status(enum rt_err err)
{
	return err >= RT_OK && err < RT_ERR__COUNT ? (enum dlsim_status)err :
	       DLSIM_INVALID;
}

enum dlsim_status api_err(struct dlsim *db, enum rt_err err,
			  const struct rt_diag *d)
{
	return api_fail(db, api_status(err), "%s",
			d && d->msg[0] ? d->msg : rt_strerror(err));
}

enum dlsim_status api_misuse(struct dlsim *db, const char *what)
{
	if (!db)
		return DLSIM_MISUSE;
	return api_fail(db, DLSIM_MISUSE, "library misuse: %s", what);
}

void api_notice(struct dlsim *db, enum dlsim_notice kind, const char *fmt,
		...)
{
	char buf[1024];
	va_list ap;

	if (!db->notice)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	db->notice(db->notice_ctx, (int)kind, buf);
}

/* ---- text into memory ---------------------------------------------------- */

enum dlsim_status api_text_open(struct dlsim *db, struct api_text *t)
{
	t->buf = NULL;
	t->len = 0;
	t->f = open_memstream(&t->buf, &t->len);
	if (!t->f)
		return api_fail(db, DLSIM_NOMEM, "out of memory");
	return DLSIM_OK;
}

enum dlsim_status api_text_close(struct dlsim *db, struct api_text *t,
				 enum dlsim_status st, char **text,
				 size_t *len)
{
	char *out;

	if (fclose(t->f) != 0 && st == DLSIM_OK)
		st = api_fail(db, DLSIM_NOMEM, "out of memory");
	t->f = NULL;
	if (st == DLSIM_OK) {
		out = rt_malloc(t->len + 1);
		if (!out) {
			st = api_fail(db, DLSIM_NOMEM, "out of memory");
		} else {
			memcpy(out, t->buf ? t->buf : "", t->len);
			out[t->len] = '\0';
			*text = out;
			*len = t->len;
		}
	}
	free(t->buf);           /* open_memstream's: from malloc */
	t->buf = NULL;
	return st;
}

/* ---- memory files ---------------------------------------------------------- */

enum dlsim_status dlsim_memory_take(struct dlsim *db, const char *path,
				    char **data, size_t *len)
{
	if (!db || !path || !data || !len)
		return api_misuse(db, "dlsim_memory_take: NULL argument");
	for (size_t i = 0; i < db->nmem; i++) {
		struct api_memfile *m = &db->mem[i];

		if (strcmp(m->path, path))
			continue;
		*data = m->data;
		*len = m->len;
		rt_free(m->path);
		db->mem[i] = db->mem[--db->nmem];
		return api_ok(db);
	}
	return api_fail(db, DLSIM_USAGE, "%s: no such memory file in the "
			"session", path);
}
