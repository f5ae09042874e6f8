/* outstream.h - the stream an output file is written through (render/
 * internal, for outfile.c): a buffered FILE over a descriptor that counts
 * the bytes written, keeps the first write error (errno) and, for a
 * regular temporary file, streams a large output through the page cache
 * (outstream.c says how).  The write-failure test seam
 * render_outfile_fail_after() (outfile.h) acts here.
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
/* Bytes written to fd so far. */
uint64_t render_outstream_bytes(const struct render_outstream *s);

#endif /* RENDER_OUTSTREAM_H */
