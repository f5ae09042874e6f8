/* outstream.c - the stream an output file is written through (see
 * outstream.h): a FILE over the descriptor (fopencookie) that counts
 * bytes, keeps the first write error, streams large temporary files
 * through the page cache or writes them directly (O_DIRECT), and hosts
 * the write-failure test seam.
 */
#define _GNU_SOURCE             /* fopencookie, sync_file_range, O_DIRECT,
				 * fallocate */
#include "render/outstream.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/aio_abi.h>
#include <linux/magic.h>
#include <pthread.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <time.h>
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
	FILE *f;                        /* the FILE over it (stream only) */
	struct render_outstream *next;  /* the registry of streams */
	bool direct;                    /* O_DIRECT is set on fd */
	uint64_t pos;                   /* the descriptor's offset: where the
					 * next write goes */
	uint64_t dbytes;                /* bytes written with O_DIRECT */
	char tail[RENDER_OUTSTREAM_ALIGN]; /* the file's last bytes % ALIGN,
					 * as the FILE wrote them */
	/* asynchronous direct writes (below) */
	aio_context_t aio;              /* 0: none */
	bool aio_tried;                 /* io_setup was called */
	unsigned inflight;              /* writes submitted, not reaped */
	const char *slot_buf[RENDER_OUTSTREAM_INFLIGHT]; /* NULL: free */
	struct iocb slot[RENDER_OUTSTREAM_INFLIGHT];
	uint64_t alloc;                 /* the file is allocated (its size
					 * set) up to here: fallocate */
	bool alloc_off;                 /* fallocate refused: none */
	bool cut;                       /* allocated past c->bytes: cut at
					 * the end of the direct writes */
	bool stale;                     /* the descriptor's offset is behind
					 * c->pos (writes were submitted) */
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

/* After n bytes from buf were appended: c->tail holds the file's last
 * bytes % ALIGN bytes (those past its last aligned offset), so that direct
 * writes can start again from that offset without reading the file
 * (it is open for writing only). */
static void keep_tail(struct render_outstream *c, const char *buf, size_t n)
{
	size_t h = (size_t)(c->bytes % RENDER_OUTSTREAM_ALIGN);

	if (n >= h)
		memcpy(c->tail, buf + n - h, h);
	else            /* the same block: the old tail was h - n bytes */
		memcpy(c->tail + h - n, buf, n);
}

/* O_DIRECT on or off for the descriptor (direct writes: below). */
static bool set_direct(struct render_outstream *c, bool on)
{
	int fl = fcntl(c->fd, F_GETFL);

	if (fl < 0 || fcntl(c->fd, F_SETFL, on ? fl | O_DIRECT :
			    fl & ~O_DIRECT) != 0)
		return false;
	c->direct = on;
	return true;
}

/* All n bytes from buf at the descriptor's offset (c->pos), directly if
 * O_DIRECT is set (a refusal, EINVAL, turns it off and writes on), for
 * the FILE and the direct writes alike; false with c->err on a failure
 * (the first error is kept, and the test seam acts here). */
static bool fd_put(struct render_outstream *c, const char *buf, size_t n)
{
	size_t done = 0;

	if (c->err)
		return false;
	if (outfile_inject(&c->err))
		return false;
	while (done < n) {
		ssize_t k = write(c->fd, buf + done, n - done);

		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0 && errno == EINVAL && c->direct) {
			/* refused (alignment, file system): ordinary writes;
			 * a failed write moved nothing */
			if (!set_direct(c, false)) {
				c->err = errno;
				return false;
			}
			continue;
		}
		if (k <= 0) {
			c->err = k < 0 ? errno : EIO;
			return false;
		}
		if (c->direct)
			c->dbytes += (uint64_t)k;
		done += (size_t)k;
		c->pos += (uint64_t)k;
		if (c->pos > c->bytes)
			c->bytes = c->pos;
		if (done < n && c->direct && !set_direct(c, false)) {
			/* a short write leaves the rest unaligned */
			c->err = errno;
			return false;
		}
	}
	return true;
}

/*
 * The direct writes are asynchronous where the kernel takes Linux AIO
 * (io_setup, io_submit, io_getevents: raw system calls, no library).  A
 * synchronous direct write returns when the device has the block, a few
 * ms in which the run sleeps (bench/README.md, seventh and eighth
 * rounds); instead each block is submitted and the writer fills another
 * buffer (wbuf.c holds a few), reusing one only once its write is reaped
 * (render_outstream_direct_wait).  ext4 performs a direct write that
 * extends the file synchronously, so the file is allocated ahead,
 * OUTSTREAM_ALLOC at a time (fallocate, which sets its size too), and cut
 * to its exact length when the direct writes end.  Where the kernel
 * refuses (io_setup, io_submit, a completion with EINVAL) the blocks are
 * written as before, synchronously; a short completion's rest is written
 * with ordinary writes; any other failure is the stream's first error.
 * Nothing is left in flight when the direct writes end, when the stream
 * closes (or is aborted: outfile.c closes it), or after a failure.
 */
#define OUTSTREAM_ALLOC (32u << 20)

static long aio_fail_countdown = -1;    /* tests only */
static int aio_fail_errno;
static bool aio_refused;                /* tests only */

void render_outstream_fail_completion_after(long n, int err)
{
	aio_fail_countdown = n;
	aio_fail_errno = err;
}

void render_outstream_refuse_aio(bool on)
{
	aio_refused = on;
}

/* n bytes from buf at offset off by ordinary writes (O_DIRECT off): what
 * the kernel did not take directly. */
static void fd_pwrite(struct render_outstream *c, const char *buf, size_t n,
		      uint64_t off)
{
	if (c->direct && !set_direct(c, false)) {
		c->err = errno;
		return;
	}
	while (n && !c->err) {
		ssize_t k = pwrite(c->fd, buf, n, (off_t)off);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			c->err = k < 0 ? errno : EIO;
			return;
		}
		buf += k;
		n -= (size_t)k;
		off += (uint64_t)k;
	}
}

/* One reaped completion; its buffer is free from now on. */
static void aio_done(struct render_outstream *c, const struct io_event *ev)
{
	unsigned i = (unsigned)ev->data;
	const struct iocb *cb = &c->slot[i];
	const char *buf = c->slot_buf[i];
	int64_t res = ev->res;

	c->slot_buf[i] = NULL;
	c->inflight--;
	if (aio_fail_countdown == 0)
		res = -(int64_t)(aio_fail_errno ? aio_fail_errno : EIO);
	if (aio_fail_countdown >= 0)
		aio_fail_countdown--;
	if (res == (int64_t)cb->aio_nbytes) {
		c->dbytes += cb->aio_nbytes;
		return;
	}
	if (c->err)
		return;
	if (res == -EINVAL || (res >= 0 && (uint64_t)res < cb->aio_nbytes)) {
		/* refused (the file system) or short: the rest by ordinary
		 * writes, and no more direct ones */
		uint64_t done = res > 0 ? (uint64_t)res : 0;

		c->dbytes += done;
		fd_pwrite(c, buf + done, cb->aio_nbytes - done,
			  cb->aio_offset + done);
		return;
	}
	c->err = res < 0 ? (int)-res : EIO;
}

/* io_getevents for at least 'least' completions (0: those done, not
 * waiting), retried on EINTR, each one reaped (aio_done); the count, or
 * -1 with errno when the kernel fails to say. */
static long aio_collect(struct render_outstream *c, long least)
{
	struct io_event ev[RENDER_OUTSTREAM_INFLIGHT];
	struct timespec now = { 0, 0 };
	long k;

	do
		k = syscall(SYS_io_getevents, c->aio, least,
			    (long)RENDER_OUTSTREAM_INFLIGHT, ev,
			    least ? NULL : &now);
	while (k < 0 && errno == EINTR);
	for (long j = 0; j < k; j++)
		aio_done(c, &ev[j]);
	return k;
}

/* No more asynchronous writes: every one in flight waited for (by the
 * kernel's io_destroy if reaping fails). */
static void aio_stop(struct render_outstream *c)
{
	if (!c->aio)
		return;
	while (c->inflight) {
		if (aio_collect(c, (long)c->inflight) < 0) {
			if (!c->err)
				c->err = errno;
			break;
		}
	}
	syscall(SYS_io_destroy, c->aio);        /* waits for the rest */
	c->aio = 0;
	c->inflight = 0;
	memset(c->slot_buf, 0, sizeof(c->slot_buf));
}

/* Reap the completions there are, waiting for 'least' of them (0: not
 * waiting); false (the asynchronous writes stopped) if the kernel fails
 * to say. */
static bool aio_reap(struct render_outstream *c, long least)
{
	if (aio_collect(c, least) >= 0)
		return true;
	if (!c->err)
		c->err = errno;
	aio_stop(c);
	return false;
}

static bool aio_busy(const struct render_outstream *c, const char *buf)
{
	for (unsigned i = 0; i < RENDER_OUTSTREAM_INFLIGHT; i++)
		if (c->slot_buf[i] == buf)
			return true;
	return false;
}

void render_outstream_direct_wait(struct render_outstream *c,
				  const char *buf)
{
	/* all of them: one wake-up for several blocks (on the development
	 * VM a wake-up costs the run user time: bench/README.md) */
	while (c->inflight && aio_busy(c, buf) &&
	       aio_reap(c, (long)c->inflight))
		;
}

bool render_outstream_direct_busy(struct render_outstream *c,
				  const char *buf)
{
	/* the kernel asked only when buf was in flight at the last look */
	return c->inflight && aio_busy(c, buf) && aio_reap(c, 0) &&
	       aio_busy(c, buf);
}

/* Everything in flight reaped and the descriptor's offset at c->pos,
 * for the synchronous writes; false on a failure. */
static bool aio_settle(struct render_outstream *c)
{
	while (c->inflight && aio_reap(c, (long)c->inflight))
		;
	if (c->stale && !c->err) {
		if (lseek(c->fd, (off_t)c->pos, SEEK_SET) != (off_t)c->pos)
			c->err = errno;
		else
			c->stale = false;
	}
	return !c->err;
}

/* The file allocated (and its size set) past end where the file system
 * can: then a direct write up to end does not extend it. */
static void aio_allocate(struct render_outstream *c, uint64_t end)
{
	uint64_t to;

	if (c->alloc_off || end <= c->alloc)
		return;
	to = end + OUTSTREAM_ALLOC;
	c->cut = true;
	if (fallocate(c->fd, 0, (off_t)c->alloc, (off_t)(to - c->alloc)) != 0)
		c->alloc_off = true;    /* the writes extend it */
	else
		c->alloc = to;
}

/* A failed write returns 0 with errno set, never -1: fopencookie(3)
 * says the function must not return a negative value, and glibc takes
 * -1 as a count (fwrite then read past the caller's buffer: valgrind on
 * tests/test_direct.c, a failed write). */
static ssize_t cookie_write(void *ctx, const char *buf, size_t n)
{
	struct render_outstream *c = ctx;

	if (!fd_put(c, buf, n)) {
		errno = c->err;
		return 0;
	}
	if (c->stream) {
		keep_tail(c, buf, n);
		cookie_stream(c);
	}
	if (c->err) {
		errno = c->err;
		return 0;
	}
	return (ssize_t)n;
}

/* The streams of temporary files, for render_outstream_of(). */
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct render_outstream *registry;

static void registry_remove(struct render_outstream *c)
{
	pthread_mutex_lock(&registry_lock);
	for (struct render_outstream **p = &registry; *p; p = &(*p)->next)
		if (*p == c) {
			*p = c->next;
			break;
		}
	pthread_mutex_unlock(&registry_lock);
}

struct render_outstream *render_outstream_of(FILE *f)
{
	struct render_outstream *c;

	pthread_mutex_lock(&registry_lock);
	for (c = registry; c && c->f != f; c = c->next)
		;
	pthread_mutex_unlock(&registry_lock);
	return c;
}

static int cookie_close(void *ctx)
{
	struct render_outstream *c = ctx;
	int rc = 0;

	if (c->stream)
		registry_remove(c);
	aio_stop(c);            /* an abort: nothing may stay in flight */
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
	if (stream) {
		c->f = f;
		pthread_mutex_lock(&registry_lock);
		c->next = registry;
		registry = c;
		pthread_mutex_unlock(&registry_lock);
	}
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

/*
 * Direct writes.  Streaming through the page cache (above) still costs
 * the kernel's copy of every byte into a cache page: about 0.3 ns a byte
 * of system time, three times the whole run's time for a JSONL log of
 * 10^6 jobs (bench/README.md).  With O_DIRECT the device reads the
 * writer's buffer itself; from a buffer on huge pages, in blocks of
 * 4 MiB, a write costs almost no system time (wbuf.c, bench/README.md).
 * The file must be written at aligned offsets, in aligned sizes, from an
 * aligned address: the writer's buffer is, and it starts again from the
 * file's last aligned offset with the bytes past it (c->tail) in front.
 * Before the first direct write the kernel writes back and drops the
 * cached pages of that range, so the file is always what was written, in
 * order.  A file system that refuses O_DIRECT (fcntl or the write:
 * EINVAL) gets ordinary writes instead.
 */
bool render_outstream_direct_begin(struct render_outstream *c, FILE *f,
				   char *buf, size_t *head)
{
	size_t h;
	off_t at;

	if (!c->stream || c->err || fflush(f) == EOF || c->err)
		return false;
	h = (size_t)(c->bytes % RENDER_OUTSTREAM_ALIGN);
	at = (off_t)(c->bytes - h);
	if (lseek(c->fd, 0, SEEK_CUR) != (off_t)c->bytes || !set_direct(c, true))
		return false;
	if (lseek(c->fd, at, SEEK_SET) != at) {
		c->err = errno;
		set_direct(c, false);
		return false;
	}
	memcpy(buf, c->tail, h);
	c->pos = (uint64_t)at;
	c->alloc = c->bytes;
	if (!c->aio_tried) {
		/* at most INFLIGHT writes in flight; refused (ENOSYS, EAGAIN
		 * past fs.aio-max-nr, a sandbox): synchronous writes.  Not on
		 * tmpfs: its direct writes are copies, done at submission,
		 * and allocating ahead would only cost memory */
		struct statfs fs;

		c->aio_tried = true;
		if (aio_refused ||
		    (fstatfs(c->fd, &fs) == 0 && fs.f_type == TMPFS_MAGIC) ||
		    syscall(SYS_io_setup, (long)RENDER_OUTSTREAM_INFLIGHT,
			    &c->aio) != 0)
			c->aio = 0;
	}
	*head = h;
	return true;
}

bool render_outstream_direct_write(struct render_outstream *c,
				   const char *buf, size_t n)
{
	struct iocb *list[1];
	unsigned i = 0;

	if (c->aio && c->inflight == RENDER_OUTSTREAM_INFLIGHT)
		aio_reap(c, 1);
	if (!c->aio || !c->direct || c->err)
		return aio_settle(c) && fd_put(c, buf, n);
	if (outfile_inject(&c->err))
		return false;
	aio_allocate(c, c->pos + n);
	while (c->slot_buf[i])
		i++;
	memset(&c->slot[i], 0, sizeof(c->slot[i]));
	c->slot[i].aio_data = i;
	c->slot[i].aio_lio_opcode = IOCB_CMD_PWRITE;
	c->slot[i].aio_fildes = (uint32_t)c->fd;
	c->slot[i].aio_buf = (uint64_t)(uintptr_t)buf;
	c->slot[i].aio_nbytes = n;
	c->slot[i].aio_offset = (int64_t)c->pos;
	list[0] = &c->slot[i];
	while (syscall(SYS_io_submit, c->aio, 1L, list) != 1) {
		if (errno == EINTR)
			continue;
		/* refused: synchronous writes from here on */
		aio_stop(c);
		return aio_settle(c) && fd_put(c, buf, n);
	}
	c->slot_buf[i] = buf;
	c->inflight++;
	c->stale = true;
	c->pos += n;
	if (c->pos > c->bytes)
		c->bytes = c->pos;
	return true;
}

bool render_outstream_direct_end(struct render_outstream *c, const char *buf,
				 size_t n)
{
	size_t whole = n - n % RENDER_OUTSTREAM_ALIGN;
	bool ok = aio_settle(c) && fd_put(c, buf, whole);

	if (c->direct && !set_direct(c, false) && !c->err)
		c->err = errno;
	ok = ok && !c->err && fd_put(c, buf + whole, n - whole);
	/* allocated ahead: the file ends at its last byte */
	if (ok && c->cut && ftruncate(c->fd, (off_t)c->bytes) != 0) {
		c->err = errno;
		ok = false;
	}
	c->cut = false;
	if (ok)
		keep_tail(c, buf, n);
	/* the chunks written directly are not in the cache */
	c->chunk = c->bytes - c->bytes % OUTFILE_CHUNK;
	return ok;
}

uint64_t render_outstream_direct_bytes(const struct render_outstream *c)
{
	return c->dbytes;
}

unsigned render_outstream_direct_pending(const struct render_outstream *c)
{
	return c->inflight;
}
