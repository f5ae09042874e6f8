/* outstream.h - the stream an output file is written through (render/
 * internal, for outfile.c): a buffered FILE over a descriptor that counts
 * the bytes written, keeps the first write error (errno) and, for a
 * regular temporary file, streams a large output through the page cache
 * or takes a trace writer's blocks directly (O_DIRECT; outstream.c says
 * how).  The write-failure test seam render_outfile_fail_after()
 * (outfile.h) acts here, on direct writes too.
 */
#ifndef RENDER_OUTSTREAM_H
#define RENDER_OUTSTREAM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct render_outstream;

/* A FILE (64 KiB buffer) writing to fd, owned from now on even on
 * failure; 'stream': fd is a regular temporary file.  *out is the
 * stream's state, freed by the caller with rt_free once the FILE is
 * closed.  NULL with errno (ENOMEM) on failure, fd closed. */
FILE *render_outstream_open(int fd, bool stream, struct render_outstream **out);
int render_outstream_fd(const struct render_outstream *s);
/* The first write error (errno), 0 if none. */
int render_outstream_err(const struct render_outstream *s);
/* Bytes written to fd so far (the file's size). */
uint64_t render_outstream_bytes(const struct render_outstream *s);

/*
 * Direct writes of a large trace (O_DIRECT: from the writer's buffer to
 * the device, no copy into the page cache; outstream.c says why).  For
 * the trace writers' buffer (wbuf.c) only, which holds whole blocks of
 * RENDER_OUTSTREAM_ALIGN-multiple sizes at an aligned address:
 *
 *	s = render_outstream_of(f);             NULL: not a temporary file
 *	render_outstream_direct_begin(s, f, buf, &head)
 *	    flushes f; buf[0, head) are the file's last bytes past its last
 *	    aligned offset, from which the direct writes start again
 *	render_outstream_direct_write(s, buf, n)   n a multiple of ALIGN;
 *	    the write may still be in flight: buf[0, n) must stay as it is
 *	    until render_outstream_direct_wait(s, buf) (or the end)
 *	render_outstream_direct_end(s, buf, n)     the rest, any n; waits
 *	    for every write in flight; then f writes on at the end of the
 *	    file
 *
 * At most RENDER_OUTSTREAM_INFLIGHT writes are in flight (Linux AIO; where
 * the kernel refuses it, each write is done when direct_write returns).
 * A file system without O_DIRECT (or one that refuses a write of this
 * alignment) gets the same bytes by ordinary writes.  A failure is kept
 * as the stream's first error (render_outstream_err) and reported false,
 * by the call that finds it (a write's completion may be reaped by a
 * later call).  Closing the FILE waits for whatever is in flight.
 */
#define RENDER_OUTSTREAM_ALIGN 4096u
#define RENDER_OUTSTREAM_INFLIGHT 4u    /* direct writes in flight, at most */

struct render_outstream *render_outstream_of(FILE *f);
bool render_outstream_direct_begin(struct render_outstream *s, FILE *f,
				   char *buf, size_t *head);
bool render_outstream_direct_write(struct render_outstream *s,
				   const char *buf, size_t n);
void render_outstream_direct_wait(struct render_outstream *s,
				  const char *buf);
/* Is the write from buf still in flight?  (Reaps the writes done, without
 * waiting.) */
bool render_outstream_direct_busy(struct render_outstream *s,
				  const char *buf);
bool render_outstream_direct_end(struct render_outstream *s, const char *buf,
				 size_t n);
/* Bytes written by O_DIRECT so far (tests, benchmarks). */
uint64_t render_outstream_direct_bytes(const struct render_outstream *s);
/* Direct writes submitted and not yet reaped (tests). */
unsigned render_outstream_direct_pending(const struct render_outstream *s);
/* Test seams: the completion of the direct write n after this one
 * reports errno err (n < 0: none); io_setup refused (as by a kernel
 * without AIO) for the streams that go direct from now on. */
void render_outstream_fail_completion_after(long n, int err);
void render_outstream_refuse_aio(bool on);

#endif /* RENDER_OUTSTREAM_H */
