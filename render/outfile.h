/* outfile.h - output files that appear whole or not at all.
 *
 * render_outfile_open() creates a temporary file next to the destination
 * (same directory, so rename() is atomic): ".<name>.tmp-<pid>-<n>", mode
 * 0666 minus the umask, exactly as fopen would create the destination.
 * render_outfile_commit() flushes, closes and renames it over the final
 * path; render_outfile_abort() closes and unlinks it.  A crash, a write
 * error or an error in the producer therefore never leaves a truncated
 * result under the final name (DESIGN 7).  Every render/ writer that opens
 * files itself uses this; the CLI uses it for the writers that take a
 * FILE * (event log, jobs CSV).
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
#include <stdio.h>

#include "models/rt_err.h"

struct render_outfile {
	char *path;                     /* final name (owned) */
	char *tmp;                      /* temporary name (owned) */
	FILE *f;                        /* open on tmp; NULL once closed */
};

/* Create the temporary file.  On success *f (owned by o: do not fclose it)
 * is open for writing and o must be committed or aborted; on failure
 * (RT_ERR_IO naming the path and the system error, or RT_ERR_NOMEM)
 * nothing exists on disk and o needs no cleanup. */
enum rt_err render_outfile_open(struct render_outfile *o, const char *path,
				FILE **f, struct rt_diag *d);
/* Flush, close and rename over the final path.  On any failure the
 * temporary file is removed and RT_ERR_IO returned.  o is released either
 * way. */
enum rt_err render_outfile_commit(struct render_outfile *o, struct rt_diag *d);
/* Close and remove the temporary file; release o.  Safe to call on an o
 * that was already committed or aborted (no-op). */
void render_outfile_abort(struct render_outfile *o);

/* True if path ends with ext (".png"), ignoring ASCII case. */
bool render_path_has_ext(const char *path, const char *ext);
/* The extension of the last path component (".png"), or "" if none. */
const char *render_path_ext(const char *path);

#endif /* RENDER_OUTFILE_H */
