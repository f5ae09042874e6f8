/* outstream.c - the stream an output file is written through (see
 * outstream.h): a FILE over the descriptor (fopencookie) that counts
 * bytes, keeps the first write error, streams large temporary files
 * through the page cache, and hosts the write-failure test seam.
 */
#define _GNU_SOURCE             /* fopencookie, sync_file_range */
#include "render/outstream.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "models/mem.h"
#include "render/outfile.h"

struct render_outstream {
	int fd;
	int err;                        /* first write errno, 0 if none */
	uint64_t bytes;                 /* written to fd */
	bool stream;                    /* a temporary file: large outputs
					 * stream through the page cache */
	uint64_t chunk;                 /* start of the first chunk not yet
					 * given to writeback */
};

/*
 * A trace of hundreds of MiB would otherwise sit dirty in the page cache
 * until the fsync at finish: every page of it freshly allocated (costly
 * system time, on a VM more so: the host backs each new page on first
 * touch) and, past the dirty limits, the writer throttled.  Instead each
 * full 8 MiB chunk is handed to writeback at once (SYNC_FILE_RANGE_WRITE,
 * asynchronous), and once 32 MiB are written the chunk four behind the
 * newest is waited for and dropped from the cache (POSIX_FADV_DONTNEED):
 * the cache holds about 40 MiB of the file, whose pages are reused
 * chunk after chunk.  Files under 8 MiB are untouched and files under
 * 32 MiB stay cached; the fsync at finish waited for the disk anyway, so
 * only when, not how long, changes.  On tmpfs both calls do nothing.  A
 * writeback error is a write error.
 */
#define OUTFILE_CHUNK (8u << 20)
#define OUTFILE_LAG 4                   /* chunks kept behind the newest */
#define OUTFILE_STREAM_FROM (32u << 20) /* bytes before dropping any */

static void cookie_stream(struct render_outstream *c)
{
	while (!c->err && c->bytes - c->chunk >= OUTFILE_CHUNK) {
		off_t at = (off_t)c->chunk;
		off_t old = at - OUTFILE_LAG * (off_t)OUTFILE_CHUNK;

		c->chunk += OUTFILE_CHUNK;
		if (sync_file_range(c->fd, at, OUTFILE_CHUNK,
				    SYNC_FILE_RANGE_WRITE) != 0) {
			if (errno == EINVAL || errno == ESPIPE || errno == ENOSYS)
				c->stream = false;      /* not supported here */
			else
				c->err = errno;
			return;
		}
		if (old < 0 || c->bytes < OUTFILE_STREAM_FROM)
			continue;
		if (sync_file_range(c->fd, old, OUTFILE_CHUNK,
				    SYNC_FILE_RANGE_WAIT_BEFORE |
				    SYNC_FILE_RANGE_WRITE |
				    SYNC_FILE_RANGE_WAIT_AFTER) != 0) {
			c->err = errno;
			return;
		}
		posix_fadvise(c->fd, old, OUTFILE_CHUNK, POSIX_FADV_DONTNEED);
	}
}

static long outfile_fail_countdown = -1;        /* tests only */
static int outfile_fail_errno;

void render_outfile_fail_after(long n, int err)
{
	outfile_fail_countdown = n;
	outfile_fail_errno = err;
}

static bool outfile_inject(int *err)
{
	if (outfile_fail_countdown < 0)
		return false;
	if (outfile_fail_countdown > 0) {
		outfile_fail_countdown--;
		return false;
	}
	*err = outfile_fail_errno ? outfile_fail_errno : EIO;
	return true;
}

static ssize_t cookie_write(void *ctx, const char *buf, size_t n)
{
	struct render_outstream *c = ctx;
	size_t done = 0;

	if (c->err) {
		errno = c->err;
		return -1;
	}
	if (outfile_inject(&c->err)) {
		errno = c->err;
		return -1;
	}
	while (done < n) {
		ssize_t k = write(c->fd, buf + done, n - done);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			c->err = k < 0 ? errno : EIO;
			errno = c->err;
			return -1;
		}
		done += (size_t)k;
		c->bytes += (uint64_t)k;
	}
	if (c->stream)
		cookie_stream(c);
	if (c->err) {
		errno = c->err;
		return -1;
	}
	return (ssize_t)n;
}

static int cookie_close(void *ctx)
{
	struct render_outstream *c = ctx;
	int rc = 0;

	if (c->fd >= 0 && close(c->fd) != 0 && !c->err)
		c->err = errno;
	if (c->err) {
		errno = c->err;
		rc = -1;
	}
	return rc;
}

FILE *render_outstream_open(int fd, bool stream, struct render_outstream **out)
{
	static const cookie_io_functions_t io = {
		.write = cookie_write, .close = cookie_close,
	};
	struct render_outstream *c = rt_calloc(1, sizeof(*c));
	FILE *f;

	if (!c) {
		close(fd);
		errno = ENOMEM;
		return NULL;
	}
	c->fd = fd;
	c->stream = stream;
	f = fopencookie(c, "w", io);
	if (!f) {
		close(fd);
		rt_free(c);
		errno = ENOMEM;
		return NULL;
	}
	setvbuf(f, NULL, _IOFBF, 1 << 16);
	*out = c;
	return f;
}

int render_outstream_fd(const struct render_outstream *c)
{
	return c->fd;
}

int render_outstream_err(const struct render_outstream *c)
{
	return c->err;
}

uint64_t render_outstream_bytes(const struct render_outstream *c)
{
	return c->bytes;
}
