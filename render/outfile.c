/* outfile.c - write to a temporary name, rename on success (see outfile.h).
 *
 * The temporary name carries the process id and a retry counter; O_EXCL
 * guarantees we never write into someone else's file, and a stale
 * temporary left by a crashed process with the same pid just makes us try
 * the next counter.
 */
#include "render/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "models/mem.h"

#define OUTFILE_TRIES 100               /* temporary names tried */

static char *tmp_name(const char *path, unsigned n)
{
	const char *slash = strrchr(path, '/');
	size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
	const char *base = path + dirlen;
	size_t len = strlen(path) + 64;
	char *t = rt_malloc(len);

	if (!t)
		return NULL;
	snprintf(t, len, "%.*s.%s.tmp-%ld-%u", (int)dirlen, path, base,
		 (long)getpid(), n);
	return t;
}

enum rt_err render_outfile_open(struct render_outfile *o, const char *path,
				FILE **f, struct rt_diag *d)
{
	char *p, *t = NULL;
	int fd = -1, err = 0;
	FILE *fp;

	rt_diag_clear(d);
	memset(o, 0, sizeof(*o));
	if (!path || !*path)
		return rt_diagf(d, RT_ERR_INVAL, "empty output file name");
	if (path[strlen(path) - 1] == '/')
		return rt_diagf(d, RT_ERR_IO, "%s: is a directory", path);
	p = rt_strdup(path);
	if (!p)
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", path);
	for (unsigned n = 0; n < OUTFILE_TRIES; n++) {
		t = tmp_name(path, n);
		if (!t) {
			rt_free(p);
			return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", path);
		}
		fd = open(t, O_WRONLY | O_CREAT | O_EXCL, 0666);
		if (fd >= 0)
			break;
		err = errno;
		rt_free(t);
		t = NULL;
		if (err != EEXIST)
			break;
	}
	if (fd < 0) {
		rt_free(p);
		return rt_diagf(d, RT_ERR_IO, "%s: cannot create: %s", path,
				strerror(err));
	}
	fp = fdopen(fd, "wb");
	if (!fp) {
		err = errno;
		close(fd);
		unlink(t);
		rt_free(t);
		rt_free(p);
		return rt_diagf(d, RT_ERR_IO, "%s: cannot open: %s", path,
				strerror(err));
	}
	o->path = p;
	o->tmp = t;
	o->f = fp;
	*f = fp;
	return RT_OK;
}

static void outfile_release(struct render_outfile *o)
{
	rt_free(o->path);
	rt_free(o->tmp);
	o->path = o->tmp = NULL;
	o->f = NULL;
}

enum rt_err render_outfile_commit(struct render_outfile *o, struct rt_diag *d)
{
	int err = 0;
	enum rt_err rc = RT_OK;

	if (!o->tmp)
		return rt_diagf(d, RT_ERR_INVAL, "output file not open");
	if (fflush(o->f) == EOF || ferror(o->f))
		err = errno ? errno : EIO;
	if (fclose(o->f) == EOF && !err)
		err = errno ? errno : EIO;
	o->f = NULL;
	if (err) {
		rc = rt_diagf(d, RT_ERR_IO, "%s: write failed: %s", o->path,
			      strerror(err));
	} else if (rename(o->tmp, o->path) != 0) {
		rc = rt_diagf(d, RT_ERR_IO, "%s: cannot rename into place: %s",
			      o->path, strerror(errno));
	}
	if (rc != RT_OK)
		unlink(o->tmp);
	outfile_release(o);
	return rc;
}

void render_outfile_abort(struct render_outfile *o)
{
	if (!o->tmp)
		return;
	if (o->f)
		fclose(o->f);
	unlink(o->tmp);
	outfile_release(o);
}

bool render_path_has_ext(const char *path, const char *ext)
{
	size_t n = strlen(path), k = strlen(ext);

	if (n < k)
		return false;
	for (size_t i = 0; i < k; i++) {
		char a = path[n - k + i], b = ext[i];

		if (a >= 'A' && a <= 'Z')
			a = (char)(a - 'A' + 'a');
		if (b >= 'A' && b <= 'Z')
			b = (char)(b - 'A' + 'a');
		if (a != b)
			return false;
	}
	return true;
}

const char *render_path_ext(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	const char *dot = strrchr(base, '.');

	return dot && dot != base ? dot : "";
}
