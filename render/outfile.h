/* outfile.h - output files that appear whole or not at all, and never
 * damage what the name points at.
 *
 * What render_outfile_open() does depends on what the path names (checked
 * when the file is opened, i.e. before any simulation work):
 *
 *   path                  written how
 *   -------------------   ------------------------------------------------
 *   "-", "/dev/stdout"    standard output, in place, through a copy of
 *                         its descriptor (so that a write error keeps its
 *                         reason: "-: write failed: No space left on
 *                         device (ENOSPC)"); descriptor 1 stays open
 *   missing               temporary ".<name>.tmp-<pid>-<n>" in the same
 *                         directory, renamed over the name at commit; mode
 *                         0666 minus the umask, as fopen would create it
 *   regular file          the same, and the temporary gets the old file's
 *                         mode (a 0600 file stays 0600) and, when allowed,
 *                         its owner and group
 *   regular, hard-linked  the temporary is written whole first, then at
 *   (st_nlink > 1)        commit copied into the existing file in place, so
 *                         every link sees the new content (the links are
 *                         kept, not broken; only a crash during that final
 *                         copy can leave the target short)
 *   device, FIFO          opened and written in place (never replaced: a
 *                         copy of /dev/full reports ENOSPC, /dev/null stays
 *                         a device); a FIFO blocks until a reader opens it
 *   socket                cannot be opened for writing: an error, never
 *                         replaced
 *   symlink               followed (up to 40 links) to its target, which is
 *                         then handled as above; the link itself stays.  A
 *                         dangling link creates its target.
 *   directory             an error ("is a directory")
 *
 * Temporary files are registered so that render_outfile_cleanup_signal()
 * (async-signal-safe) can remove them from a SIGINT/SIGTERM handler; a
 * temporary left by a process that died (SIGKILL) is found by the next
 * open of the same target and removed (its owner pid no longer runs, or it
 * carries our own pid without being ours), and counted in o->stale.
 *
 * Two-phase commit: render_outfile_finish() flushes and closes (all write
 * errors, e.g. ENOSPC, surface here, and the target is untouched);
 * render_outfile_publish() then renames (or copies in place).  A caller
 * with several outputs finishes them all before publishing any, so a full
 * disk never leaves some outputs new and others old.
 *
 * Every error message names the file and the system's reason with its
 * errno name ("out.csv: write failed: No space left on device (ENOSPC)").
 *
 *	struct render_outfile o;
 *	FILE *f;
 *	if (render_outfile_open(&o, "out.csv", &f, &diag) != RT_OK) ...
 *	... write to f ...
 *	rc = ok ? render_outfile_commit(&o, &diag) : (render_outfile_abort(&o), rc);
 */
#ifndef RENDER_OUTFILE_H
#define RENDER_OUTFILE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "models/rt_err.h"

enum render_outfile_kind {
	RENDER_OUT_REPLACE,             /* temporary renamed over the target */
	RENDER_OUT_COPY,                /* temporary copied into a hard-linked file */
	RENDER_OUT_STREAM,              /* written in place: device, FIFO */
	RENDER_OUT_STDOUT               /* standard output */
};

struct render_outfile {
	char *path;                     /* name as given (messages; owned) */
	char *target;                   /* symlinks resolved (owned) */
	char *tmp;                      /* temporary name (owned); NULL for
					 * STREAM/STDOUT and once published */
	FILE *f;                        /* open for writing; NULL once closed */
	enum render_outfile_kind kind;
	bool open;                      /* opened and neither published nor aborted */
	bool finished;                  /* flushed and closed, not yet published */
	int slot;                       /* signal-cleanup slot, -1 if none */
	unsigned stale;                 /* stale temporaries removed at open */
	uint64_t avail;                 /* bytes free on its file system at
					 * open (UINT64_MAX: unknown/none) */
	struct render_outstream *cookie; /* the stream's byte counter, first
					 * error (owned; private) */
};

/* Open the output 'path' as the table above says.  On success *f (owned
 * by o: do not fclose it) is open for writing and o must be committed
 * (finish + publish) or aborted; on failure (RT_ERR_IO naming the path
 * and the system error, RT_ERR_NOMEM) nothing new exists on disk and o
 * needs no cleanup. */
enum rt_err render_outfile_open(struct render_outfile *o, const char *path,
				FILE **f, struct rt_diag *d);
/* Flush and close (standard output: its copy).  The target is not yet
 * touched.  On failure RT_ERR_IO names the file and the reason; o must
 * still be aborted (or published, for a stream that already wrote). */
enum rt_err render_outfile_finish(struct render_outfile *o, struct rt_diag *d);
/* Put a finished file in place: rename over the target, or copy into a
 * hard-linked one.  Streams: nothing to do.  o is released either way; on
 * failure the temporary is removed and the target keeps its old content
 * (except a copy that failed half-way: the message says so). */
enum rt_err render_outfile_publish(struct render_outfile *o, struct rt_diag *d);
/* finish + publish. */
enum rt_err render_outfile_commit(struct render_outfile *o, struct rt_diag *d);
/* Close and remove the temporary file; release o.  Safe to call on an o
 * that was already committed or aborted, or never opened if zeroed
 * (no-op). */
void render_outfile_abort(struct render_outfile *o);

/* Bytes written so far to the file (flushed from the stream's buffer;
 * standard output: 0). */
uint64_t render_outfile_size(const struct render_outfile *o);
/* When o's stream has an error, format "PATH: write failed: REASON
 * (ENAME)" into d (retrying the flush to learn errno) and return true. */
bool render_outfile_failed(struct render_outfile *o, struct rt_diag *d);

/* Test seam: the (n+1)-th write from now to any output file fails with
 * errno err (n = 0: the next one); n = -1 disables (the default).  Tests
 * only; not thread-safe. */
void render_outfile_fail_after(long n, int err);

/* Remove every registered temporary file.  Async-signal-safe: for a
 * signal handler, which then re-raises the signal. */
void render_outfile_cleanup_signal(void);

/* True if writing 'path' writes in place rather than replacing a file:
 * standard output ("-", "/dev/stdout", ...) or an existing device, FIFO
 * or socket (symlinks followed).  Such an output has no "next to it" for
 * a sidecar, and cannot be rewritten or read back. */
bool render_outfile_is_stream(const char *path);

/* True if 'path' names standard output: "-", "/dev/stdout", "/dev/fd/1"
 * or "/proc/self/fd/1".  Such a name has no extension: the writers whose
 * format follows the extension pick a text format for it (an event log
 * JSONL, a chart SVG). */
bool render_path_is_stdout(const char *path);

/* "ENOSPC" for ENOSPC, ... ("" when unknown). */
const char *render_errno_name(int err);

/* True if path ends with ext (".png"), ignoring ASCII case. */
bool render_path_has_ext(const char *path, const char *ext);
/* The extension of the last path component (".png"), or "" if none. */
const char *render_path_ext(const char *path);

#endif /* RENDER_OUTFILE_H */
