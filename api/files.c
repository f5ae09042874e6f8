/* files.c - the files the library writes and reads for a call.
 *
 * An output is a render/outfile.h target (written whole or not at all)
 * or, for a path starting with ":memory:", a buffer that the session keeps
 * once the file is published (dlsim_memory_take hands it over).  Both go
 * through the same open / finish / publish / abort steps, so every writer
 * (the run's outputs, charts, reports, plots) can write into memory.
 * Inputs: a path or "-" (standard input), read whole up to 256 MiB. */
#include "api/internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "models/mem.h"

#define API_MEMORY_PREFIX ":memory:"
#define API_MAX_INPUT (256u << 20)      /* bytes read from one input */

bool api_is_memory_path(const struct dlsim *db, const char *path)
{
	return path && !db->no_memory && !strncmp(path, API_MEMORY_PREFIX,
						  sizeof(API_MEMORY_PREFIX) - 1);
}

void api_file_init(struct api_file *f)
{
	memset(f, 0, sizeof(*f));
	f->of.slot = -1;
}

enum rt_err api_file_open(struct dlsim *db, struct api_file *f,
			  const char *path, FILE **fp, struct rt_diag *d)
{
	enum rt_err err;

	api_file_init(f);
	if (!api_is_memory_path(db, path)) {
		err = render_outfile_open(&f->of, path, fp, d);
		f->open = err == RT_OK;
		return err;
	}
	f->is_mem = true;
	f->db = db;
	f->path = rt_strdup(path);
	if (!f->path)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	f->mem = open_memstream(&f->buf, &f->len);
	if (!f->mem) {
		rt_free(f->path);
		f->path = NULL;
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	}
	f->open = true;
	*fp = f->mem;
	return RT_OK;
}

enum rt_err api_file_finish(struct api_file *f, struct rt_diag *d)
{
	if (!f->is_mem)
		return render_outfile_finish(&f->of, d);
	if (f->mem && fclose(f->mem) != 0) {
		f->mem = NULL;
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", f->path);
	}
	f->mem = NULL;
	f->finished = true;
	return RT_OK;
}

/* Keep the finished buffer in the session under f->path. */
static enum rt_err file_keep(struct api_file *f, struct rt_diag *d)
{
	struct dlsim *db = f->db;
	char *data = rt_malloc(f->len + 1);
	size_t i;

	if (!data)
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", f->path);
	memcpy(data, f->buf ? f->buf : "", f->len);
	data[f->len] = '\0';
	for (i = 0; i < db->nmem && strcmp(db->mem[i].path, f->path); i++)
		;
	if (i == db->nmem && db->nmem == db->cap_mem) {
		size_t cap = db->cap_mem ? 2 * db->cap_mem : 4;
		struct api_memfile *m = rt_reallocarray(db->mem, cap,
							sizeof(*m));

		if (!m) {
			rt_free(data);
			return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory",
					f->path);
		}
		db->mem = m;
		db->cap_mem = cap;
	}
	if (i < db->nmem) {             /* the same path again: replaced */
		rt_free(db->mem[i].data);
		rt_free(f->path);
	} else {
		db->mem[db->nmem++].path = f->path;
	}
	db->mem[i].data = data;
	db->mem[i].len = f->len;
	f->path = NULL;
	return RT_OK;
}

enum rt_err api_file_publish(struct api_file *f, struct rt_diag *d)
{
	enum rt_err err;

	if (!f->is_mem) {
		f->open = false;
		return render_outfile_publish(&f->of, d);
	}
	err = f->finished ? file_keep(f, d) :
	      rt_diagf(d, RT_ERR_INVAL, "%s: not finished", f->path);
	api_file_abort(f);
	return err;
}

enum rt_err api_file_commit(struct api_file *f, struct rt_diag *d)
{
	enum rt_err err = api_file_finish(f, d);

	if (err != RT_OK) {
		api_file_abort(f);
		return err;
	}
	return api_file_publish(f, d);
}

void api_file_abort(struct api_file *f)
{
	if (!f->is_mem) {
		render_outfile_abort(&f->of);
		f->open = false;
		return;
	}
	if (f->mem)
		fclose(f->mem);
	free(f->buf);           /* open_memstream's: from malloc */
	rt_free(f->path);
	f->mem = NULL;
	f->buf = NULL;
	f->path = NULL;
	f->len = 0;
	f->open = f->finished = false;
}

uint64_t api_file_size(const struct api_file *f)
{
	if (!f->is_mem)
		return render_outfile_size(&f->of);
	if (f->mem)
		fflush(f->mem);
	return f->len;
}

uint64_t api_file_avail(const struct api_file *f)
{
	return f->is_mem ? UINT64_MAX : f->of.avail;
}

bool api_file_temporary(const struct api_file *f)
{
	return f->is_mem || f->of.tmp != NULL;
}

unsigned api_file_stale(const struct api_file *f)
{
	return f->is_mem ? 0 : f->of.stale;
}

bool api_file_failed(struct api_file *f, struct rt_diag *d)
{
	if (!f->is_mem)
		return render_outfile_failed(&f->of, d);
	if (f->mem && ferror(f->mem)) {
		rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", f->path);
		return true;
	}
	return false;
}

enum dlsim_status api_sidecar_check(struct dlsim *db, const char *meta)
{
	if (api_is_memory_path(db, meta) || !render_outfile_is_stream(meta))
		return DLSIM_OK;
	return api_fail(db, DLSIM_IO, "%s: cannot write: a device, FIFO or "
			"socket; a sidecar is read back to resume and merge, so "
			"it is never written in place (remove it or choose "
			"another -o)", meta);
}

enum dlsim_status dlsim_output_check(struct dlsim *db, const char *path)
{
	struct rt_diag d = { "" };
	struct render_outfile o;
	enum rt_err err;
	FILE *f;

	if (!db || !path)
		return api_misuse(db, "dlsim_output_check: NULL argument");
	if (api_is_memory_path(db, path) || render_outfile_is_stream(path))
		return api_ok(db);
	err = render_outfile_open(&o, path, &f, &d);
	if (err)
		return api_err(db, err, &d);
	render_outfile_abort(&o);
	return api_ok(db);
}

enum dlsim_status dlsim_write_file(struct dlsim *db, const char *path,
				   const void *data, size_t len)
{
	struct rt_diag d = { "" };
	struct api_file f;
	enum rt_err err;
	FILE *fp;

	if (!db || !path || (!data && len))
		return api_misuse(db, "dlsim_write_file: NULL argument");
	err = api_file_open(db, &f, path, &fp, &d);
	if (err)
		return api_err(db, err, &d);
	if (len && fwrite(data, 1, len, fp) != len) {
		api_file_abort(&f);
		return api_fail(db, DLSIM_IO, "%s: write error", path);
	}
	err = api_file_commit(&f, &d);
	if (err)
		return api_err(db, err, &d);
	return api_ok(db);
}

/* ---- inputs ----------------------------------------------------------------- */

FILE *api_open_input(const char *path)
{
	return strcmp(path, "-") ? fopen(path, "rb") : stdin;
}

void api_close_input(FILE *f)
{
	if (f && f != stdin)
		fclose(f);
}

enum rt_err api_read_all(const char *path, char **buf, size_t *len,
			 struct rt_diag *d)
{
	FILE *f = api_open_input(path);
	size_t n = 0, cap = 0;
	char *b = NULL;
	enum rt_err err = RT_OK;

	if (!f)
		return rt_diagf(d, RT_ERR_IO, "%s: cannot open: %s", path,
				strerror(errno));
	for (;;) {
		size_t got;

		if (cap - n < 4096) {
			size_t nc = cap ? cap * 2 : 65536;
			char *nb;

			if (nc > API_MAX_INPUT + 4096u) {
				err = rt_diagf(d, RT_ERR_INVAL, "%s: larger than "
					       "%u MiB", path, API_MAX_INPUT >> 20);
				goto fail;
			}
			nb = rt_realloc(b, nc);
			if (!nb) {
				err = rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory",
					       path);
				goto fail;
			}
			b = nb;
			cap = nc;
		}
		got = fread(b + n, 1, cap - n - 1, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		err = rt_diagf(d, RT_ERR_IO, "%s: read error", path);
		goto fail;
	}
	api_close_input(f);
	b[n] = '\0';
	*buf = b;
	*len = n;
	return RT_OK;
fail:
	rt_free(b);
	api_close_input(f);
	return err;
}
