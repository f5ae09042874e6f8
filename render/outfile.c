/* outfile.c - safe output targets (see outfile.h).
 *
 * The temporary name carries the process id and a retry counter; O_EXCL
 * guarantees we never write into someone else's file.  The table of live
 * temporaries (for the signal handler) is the one piece of mutable global
 * state in the library: a signal handler has no other way to reach it.
 * Slots hold pointers to strings owned by the outfiles; a slot is set only
 * once its string is complete and cleared before the string is freed.
 */
#include "render/outfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "models/mem.h"
#include "render/outstream.h"

#define OUTFILE_TRIES 100               /* temporary names tried */
#define OUTFILE_MAX_LINKS 40            /* symlinks followed (as Linux) */
#define OUTFILE_LIVE 32                 /* temporaries the handler knows */

static char *volatile outfile_live[OUTFILE_LIVE];

static int live_add(char *tmp)
{
	for (int i = 0; i < OUTFILE_LIVE; i++)
		if (!outfile_live[i]) {
			outfile_live[i] = tmp;
			return i;
		}
	return -1;              /* not covered; the next run removes it */
}

static bool live_has(const char *tmp)
{
	for (int i = 0; i < OUTFILE_LIVE; i++)
		if (outfile_live[i] && !strcmp(outfile_live[i], tmp))
			return true;
	return false;
}

void render_outfile_cleanup_signal(void)
{
	for (int i = 0; i < OUTFILE_LIVE; i++) {
		char *t = outfile_live[i];

		if (t)
			unlink(t);
	}
}

const char *render_errno_name(int err)
{
	static const struct { int e; const char *n; } names[] = {
		{ ENOSPC, "ENOSPC" }, { EDQUOT, "EDQUOT" }, { EIO, "EIO" },
		{ EACCES, "EACCES" }, { EPERM, "EPERM" }, { EROFS, "EROFS" },
		{ ENOENT, "ENOENT" }, { ENOTDIR, "ENOTDIR" }, { EISDIR, "EISDIR" },
		{ ELOOP, "ELOOP" }, { ENAMETOOLONG, "ENAMETOOLONG" },
		{ EPIPE, "EPIPE" }, { EFBIG, "EFBIG" }, { ENXIO, "ENXIO" },
		{ EXDEV, "EXDEV" }, { EBUSY, "EBUSY" }, { ETXTBSY, "ETXTBSY" },
		{ EMFILE, "EMFILE" }, { ENFILE, "ENFILE" }, { EINTR, "EINTR" },
		{ EBADF, "EBADF" }, { EINVAL, "EINVAL" }, { ENOMEM, "ENOMEM" },
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].e == err)
			return names[i].n;
	return "";
}

static enum rt_err sys_err(struct rt_diag *d, const char *path,
			   const char *what, int err)
{
	const char *n = render_errno_name(err);

	/* standard output has one name in every message, the CLI's own
	 * ("standard output: write failed: ...", cli/main.c) included */
	if (render_path_is_stdout(path))
		path = "standard output";
	return rt_diagf(d, RT_ERR_IO, "%s: %s: %s%s%s%s", path, what,
			strerror(err), *n ? " (" : "", n, *n ? ")" : "");
}

bool render_path_is_stdout(const char *p)
{
	return !strcmp(p, "-") || !strcmp(p, "/dev/stdout") ||
	       !strcmp(p, "/dev/fd/1") || !strcmp(p, "/proc/self/fd/1");
}

/* Directory part of p with its slash ("" for none). */
static size_t dir_len(const char *p)
{
	const char *slash = strrchr(p, '/');

	return slash ? (size_t)(slash - p) + 1 : 0;
}

/* Follow symlinks at the last component: *out (owned) is the file the
 * name finally designates (it may not exist). */
static enum rt_err resolve(const char *path, char **out, struct rt_diag *d)
{
	char *cur = rt_strdup(path);

	if (!cur)
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", path);
	for (int hops = 0;; hops++) {
		struct stat st;
		char buf[4096], *next;
		ssize_t n;
		size_t dl;

		if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
			break;
		if (hops == OUTFILE_MAX_LINKS) {
			rt_free(cur);
			return sys_err(d, path, "cannot follow", ELOOP);
		}
		n = readlink(cur, buf, sizeof(buf) - 1);
		if (n < 0 || (size_t)n >= sizeof(buf) - 1) {
			int e = n < 0 ? errno : ENAMETOOLONG;

			rt_free(cur);
			return sys_err(d, path, "cannot follow symlink", e);
		}
		buf[n] = '\0';
		dl = buf[0] == '/' ? 0 : dir_len(cur);
		next = rt_malloc(dl + (size_t)n + 1);
		if (!next) {
			rt_free(cur);
			return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", path);
		}
		memcpy(next, cur, dl);
		memcpy(next + dl, buf, (size_t)n + 1);
		rt_free(cur);
		cur = next;
	}
	*out = cur;
	return RT_OK;
}

bool render_outfile_is_stream(const char *path)
{
	struct stat st;

	if (!path || !*path)
		return false;
	if (render_path_is_stdout(path))
		return true;
	return stat(path, &st) == 0 && !S_ISREG(st.st_mode) &&
	       !S_ISDIR(st.st_mode);
}

static char *tmp_name(const char *path, unsigned n)
{
	size_t dl = dir_len(path);
	size_t len = strlen(path) + 64;
	char *t = rt_malloc(len);

	if (!t)
		return NULL;
	snprintf(t, len, "%.*s.%s.tmp-%ld-%u", (int)dl, path, path + dl,
		 (long)getpid(), n);
	return t;
}

/* Is 'name' (a directory entry) ".BASE.tmp-PID-N"?  Then *pid is PID. */
static bool stale_match(const char *name, const char *base, long *pid)
{
	size_t bl = strlen(base);
	const char *p;
	char *end;

	if (name[0] != '.' || strncmp(name + 1, base, bl) ||
	    strncmp(name + 1 + bl, ".tmp-", 5))
		return false;
	p = name + 1 + bl + 5;
	if (*p < '0' || *p > '9')
		return false;
	errno = 0;
	*pid = strtol(p, &end, 10);
	if (errno || *end != '-' || end[1] < '0' || end[1] > '9')
		return false;
	strtoul(end + 1, &end, 10);
	return !*end;
}

/* Remove the temporaries of 'target' left by dead processes (or by an
 * earlier process that had our pid); count them in o->stale. */
static void remove_stale(struct render_outfile *o, const char *target)
{
	size_t dl = dir_len(target);
	char *dir = rt_malloc(dl + 2);
	DIR *dp;
	struct dirent *de;

	if (!dir)
		return;
	memcpy(dir, target, dl);
	dir[dl] = '\0';
	dp = opendir(dl ? dir : ".");
	while (dp && (de = readdir(dp))) {
		long pid;
		char *full;
		size_t tl;

		if (!stale_match(de->d_name, target + dl, &pid))
			continue;
		/* spelled as tmp_name() spells it, for live_has() */
		tl = dl + strlen(de->d_name) + 1;
		full = rt_malloc(tl);
		if (!full)
			break;
		snprintf(full, tl, "%s%s", dir, de->d_name);
		if (pid == (long)getpid() ? !live_has(full) :
		    pid <= 0 || (kill((pid_t)pid, 0) != 0 && errno == ESRCH)) {
			if (unlink(full) == 0)
				o->stale++;
		}
		rt_free(full);
	}
	if (dp)
		closedir(dp);
	rt_free(dir);
}

static uint64_t fd_avail(int fd)
{
	struct statvfs vs;

	if (fstatvfs(fd, &vs) != 0 || (vs.f_bavail == 0 && vs.f_blocks == 0))
		return UINT64_MAX;
	return (uint64_t)vs.f_bavail * (uint64_t)vs.f_frsize;
}

static void outfile_release(struct render_outfile *o)
{
	if (o->slot >= 0)
		outfile_live[o->slot] = NULL;
	rt_free(o->path);
	rt_free(o->target);
	rt_free(o->tmp);
	rt_free(o->cookie);
	o->cookie = NULL;
	o->path = o->target = o->tmp = NULL;
	o->f = NULL;
	o->slot = -1;
	o->open = o->finished = false;
}

/* A temporary next to o->target; *fd open on it. */
static enum rt_err open_tmp(struct render_outfile *o, const struct stat *old,
			    int *fd, struct rt_diag *d)
{
	int err = 0;

	*fd = -1;
	for (unsigned n = 0; n < OUTFILE_TRIES; n++) {
		o->tmp = tmp_name(o->target, n);
		if (!o->tmp)
			return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory",
					o->path);
		*fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOCTTY, 0666);
		if (*fd >= 0)
			break;
		err = errno;
		rt_free(o->tmp);
		o->tmp = NULL;
		if (err != EEXIST)
			break;
	}
	if (*fd < 0)
		return sys_err(d, o->path, "cannot create a file next to it",
			       err);
	o->slot = live_add(o->tmp);
	if (old && o->kind == RENDER_OUT_REPLACE) {
		/* keep the replaced file's owner and mode; chown only works
		 * for root (or the same owner), so its failure is ignored */
		if (fchown(*fd, old->st_uid, old->st_gid) != 0)
			errno = 0;
		if (fchmod(*fd, old->st_mode & 07777) != 0) {
			err = errno;
			close(*fd);
			*fd = -1;
			unlink(o->tmp);
			return sys_err(d, o->path, "cannot set its mode", err);
		}
	}
	return RT_OK;
}

enum rt_err render_outfile_open(struct render_outfile *o, const char *path,
				FILE **f, struct rt_diag *d)
{
	struct stat st;
	bool exists;
	enum rt_err rc;
	int fd = -1, err;

	rt_diag_clear(d);
	memset(o, 0, sizeof(*o));
	o->slot = -1;
	o->avail = UINT64_MAX;
	if (!path || !*path)
		return rt_diagf(d, RT_ERR_INVAL, "empty output file name");
	o->path = rt_strdup(path);
	if (!o->path)
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", path);
	if (render_path_is_stdout(path)) {
		/* through a stream of our own over a copy of descriptor 1, as
		 * a device is written, so that a write error keeps its errno:
		 * stdio's stdout forgets it (glibc drops the buffer of a
		 * failed write, and flushing again succeeds) */
		o->kind = RENDER_OUT_STDOUT;
		fflush(stdout);         /* what was printed before goes first */
		fd = dup(STDOUT_FILENO);
		if (fd < 0) {
			rc = sys_err(d, path, "cannot write", errno);
			goto fail;
		}
		goto stream;
	}
	if (path[strlen(path) - 1] == '/') {
		rc = sys_err(d, path, "cannot write", EISDIR);
		goto fail;
	}
	rc = resolve(path, &o->target, d);
	if (rc != RT_OK)
		goto fail;
	exists = stat(o->target, &st) == 0;
	if (!exists && errno != ENOENT) {
		rc = sys_err(d, path, "cannot write", errno);
		goto fail;
	}
	if (exists && S_ISDIR(st.st_mode)) {
		rc = sys_err(d, path, "cannot write", EISDIR);
		goto fail;
	}
	if (exists && !S_ISREG(st.st_mode)) {
		/* device, FIFO, socket: in place, never replaced */
		o->kind = RENDER_OUT_STREAM;
		fd = open(o->target, O_WRONLY | O_NOCTTY);
		if (fd < 0) {
			rc = sys_err(d, path, S_ISSOCK(st.st_mode) ?
				     "cannot write (a socket; never replaced)" :
				     "cannot open for writing", errno);
			goto fail;
		}
	} else {
		if (exists && access(o->target, W_OK) != 0) {
			rc = sys_err(d, path, "cannot write", errno);
			goto fail;
		}
		o->kind = exists && st.st_nlink > 1 ? RENDER_OUT_COPY
						    : RENDER_OUT_REPLACE;
		remove_stale(o, o->target);
		rc = open_tmp(o, exists ? &st : NULL, &fd, d);
		if (rc != RT_OK)
			goto fail;
		o->avail = fd_avail(fd);
	}
stream:
	o->f = render_outstream_open(fd, o->tmp != NULL, &o->cookie);
	if (!o->f) {
		err = errno;
		if (o->tmp)
			unlink(o->tmp);
		rc = err == ENOMEM ? rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory",
					      path)
				   : sys_err(d, path, "cannot open", err);
		goto fail;
	}
	o->open = true;
	*f = o->f;
	return RT_OK;
fail:
	outfile_release(o);
	return rc;
}

enum rt_err render_outfile_finish(struct render_outfile *o, struct rt_diag *d)
{
	const struct render_outstream *c = o->cookie;
	int err = 0;

	if (!o->open)
		return rt_diagf(d, RT_ERR_INVAL, "output file not open");
	if (o->finished)
		return RT_OK;
	errno = 0;
	/* a direct write's failure (outstream.h) is the stream's alone */
	if (fflush(o->f) == EOF || ferror(o->f) ||
	    (c && render_outstream_err(c)))
		err = c && render_outstream_err(c) ? render_outstream_err(c) :
		      errno ? errno : EIO;
	if (!err && o->tmp && fsync(render_outstream_fd(c)) != 0 &&
	    errno != EINVAL)
		err = errno;
	if (fclose(o->f) == EOF && !err)
		err = render_outstream_err(c) ? render_outstream_err(c) :
		      errno ? errno : EIO;
	o->f = NULL;
	o->finished = true;
	return err ? sys_err(d, o->path, "write failed", err) : RT_OK;
}

/* Copy the finished temporary into the hard-linked target in place. */
static enum rt_err copy_in_place(struct render_outfile *o, struct rt_diag *d)
{
	char buf[65536];
	int in = open(o->tmp, O_RDONLY), out, err = 0;
	ssize_t n;

	if (in < 0)
		return sys_err(d, o->path, "cannot reopen its temporary", errno);
	out = open(o->target, O_WRONLY | O_TRUNC | O_NOCTTY);
	if (out < 0) {
		err = errno;
		close(in);
		return sys_err(d, o->path, "cannot write", err);
	}
	while ((n = read(in, buf, sizeof(buf))) > 0) {
		for (ssize_t w = 0; w < n;) {
			ssize_t k = write(out, buf + w, (size_t)(n - w));

			if (k < 0 && errno == EINTR)
				continue;
			if (k < 0) {
				err = errno;
				break;
			}
			w += k;
		}
		if (err)
			break;
	}
	if (n < 0 && !err)
		err = errno;
	if (!err && fsync(out) != 0 && errno != EINVAL)
		err = errno;
	if (close(out) != 0 && !err)
		err = errno;
	close(in);
	return err ? sys_err(d, o->path, "write failed while copying into "
			     "the hard-linked file (it may be incomplete)",
			     err) : RT_OK;
}

enum rt_err render_outfile_publish(struct render_outfile *o, struct rt_diag *d)
{
	enum rt_err rc = RT_OK;

	if (!o->open || !o->finished) {
		rc = rt_diagf(d, RT_ERR_INVAL, "%s: not finished",
			      o->path ? o->path : "output");
		render_outfile_abort(o);
		return rc;
	}
	if (o->kind == RENDER_OUT_REPLACE) {
		if (rename(o->tmp, o->target) != 0)
			rc = sys_err(d, o->path, "cannot rename into place",
				     errno);
	} else if (o->kind == RENDER_OUT_COPY) {
		rc = copy_in_place(o, d);
	}
	if (o->tmp && (rc != RT_OK || o->kind == RENDER_OUT_COPY))
		unlink(o->tmp);
	outfile_release(o);
	return rc;
}

enum rt_err render_outfile_commit(struct render_outfile *o, struct rt_diag *d)
{
	enum rt_err rc = render_outfile_finish(o, d);

	if (rc != RT_OK) {
		render_outfile_abort(o);
		return rc;
	}
	return render_outfile_publish(o, d);
}

void render_outfile_abort(struct render_outfile *o)
{
	if (!o->open && !o->path)
		return;
	if (o->f)
		fclose(o->f);
	if (o->tmp)
		unlink(o->tmp);
	outfile_release(o);
}

uint64_t render_outfile_size(const struct render_outfile *o)
{
	const struct render_outstream *c = o->cookie;

	return o->open && c && o->kind != RENDER_OUT_STDOUT ?
	       render_outstream_bytes(c) : 0;
}

bool render_outfile_failed(struct render_outfile *o, struct rt_diag *d)
{
	const struct render_outstream *c = o->cookie;

	if (!o->open || !o->f ||
	    (!ferror(o->f) && !(c && render_outstream_err(c))))
		return false;
	sys_err(d, o->path, "write failed", c && render_outstream_err(c) ?
		render_outstream_err(c) : EIO);
	return true;
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
