/* internal.h - what the files of api/ share; included by api/ (and by the
 * tests that look inside the pipeline), never by the layers below.
 *
 * api/ is the top of the library: the code behind include/dlsim.h, and the
 * only library code that may include all of scenarios/, sim/ and render/.
 * Below it every function reports with enum rt_err and a struct rt_diag;
 * a public call turns that into the session's status and message
 * (api_err) and never prints.  Every public call that can fail starts
 * with api_ok() (or ends with it) so that a success leaves "".
 */
#ifndef API_INTERNAL_H
#define API_INTERNAL_H

#include <dlsim.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "models/rt_err.h"
#include "models/rt_time.h"
#include "render/meta.h"
#include "render/outfile.h"
#include "scenarios/scn.h"
#include "sim/horizon.h"

#define API_MSG_MAX 4096                /* bytes of a session's message */

/* A file the session keeps in memory (":memory:NAME" paths). */
struct api_memfile {
	char *path;                     /* ":memory:NAME", owned */
	char *data;                     /* owned (rt_malloc), NUL after len */
	size_t len;
};

struct dlsim {
	enum dlsim_status code;         /* of the last call that can fail */
	char msg[API_MSG_MAX];          /* its message, "" after a success */
	dlsim_notice_fn notice;         /* NULL: notices dropped */
	void *notice_ctx;
	dlsim_progress_fn progress;     /* NULL: none */
	void *progress_ctx;
	struct api_memfile *mem;        /* nmem memory files, owned */
	size_t nmem, cap_mem;
	bool no_memory;                 /* ":memory:" paths are plain names */
};

struct dlsim_scenario {
	struct scn_scenario *s;         /* owned */
};

struct api_kv {
	char *key, *value;              /* owned */
};

struct dlsim_opts {
	struct api_kv *kv;              /* n pairs, owned */
	size_t n, cap;
};

/* ---- status and messages (session.c) ---------------------------------- */

/* Clear db's message: status DLSIM_OK.  Returns DLSIM_OK. */
enum dlsim_status api_ok(struct dlsim *db);
/* Set db's status and message; returns st. */
enum dlsim_status api_fail(struct dlsim *db, enum dlsim_status st,
			   const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Append one line to db's message (a message may hold several). */
void api_add_line(struct dlsim *db, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The status of a library error (RT_ERR_IO -> DLSIM_IO, ...). */
enum dlsim_status api_status(enum rt_err err);
/* Fail with err and d's message (rt_strerror(err) when d has none). */
enum dlsim_status api_err(struct dlsim *db, enum rt_err err,
			  const struct rt_diag *d);
/* A NULL argument or a call out of order: DLSIM_MISUSE naming 'what'. */
enum dlsim_status api_misuse(struct dlsim *db, const char *what);
/* Tell the notice callback, if any. */
void api_notice(struct dlsim *db, enum dlsim_notice kind, const char *fmt,
		...)
	__attribute__((format(printf, 3, 4)));

/* ---- text into memory (session.c) -------------------------------------- */

struct api_text {
	FILE *f;                        /* open_memstream */
	char *buf;
	size_t len;
};
/* Open a stream into memory; DLSIM_NOMEM. */
enum dlsim_status api_text_open(struct dlsim *db, struct api_text *t);
/* Close it; when st is DLSIM_OK hand the bytes over as *text (rt_malloc,
 * NUL-terminated) and *len, else drop them.  Returns st or DLSIM_NOMEM. */
enum dlsim_status api_text_close(struct dlsim *db, struct api_text *t,
				 enum dlsim_status st, char **text,
				 size_t *len);

/* ---- options (opts.c) -------------------------------------------------- */

/* The value of key in o (NULL: unset, or o NULL). */
const char *api_opt(const struct dlsim_opts *o, const char *key);
/* DLSIM_USAGE "unknown option --KEY" for a key of o not in the
 * NULL-terminated list 'keys' ('what' names the operation). */
enum dlsim_status api_opts_only(struct dlsim *db, const struct dlsim_opts *o,
				const char *const *keys, const char *what);
/* "on" / "off" value of key (default when unset); DLSIM_USAGE else. */
enum dlsim_status api_opt_bool(struct dlsim *db, const struct dlsim_opts *o,
			       const char *key, bool dflt, bool *out);
/* Every counting option goes through these (scn_parse_count: digits
 * only, in [min, max]): text of option 'opt' as spelled on the command
 * line ("--dpi", "--shard"), DLSIM_USAGE "OPT: \"TEXT\" is not an
 * integer; expected ..." else; *out untouched on failure. */
enum dlsim_status api_parse_count(struct dlsim *db, const char *opt,
				  const char *text, int64_t min, int64_t max,
				  int64_t *out);
/* The same for the value of key ("--KEY: ..."); *out untouched when the
 * key is unset. */
enum dlsim_status api_opt_count(struct dlsim *db, const struct dlsim_opts *o,
				const char *key, int64_t min, int64_t max,
				int64_t *out);
/* A real-valued key as scn_parse_decimal reads it ("--KEY: ..."); *out
 * untouched when unset or on failure. */
enum dlsim_status api_opt_decimal(struct dlsim *db,
				  const struct dlsim_opts *o, const char *key,
				  double *out);

/* ---- files (files.c) --------------------------------------------------- */

/* An output file: on disk (render/outfile.h: whole or not at all) or kept
 * in the session (a ":memory:" path). */
struct api_file {
	struct render_outfile of;       /* on disk */
	struct dlsim *db;               /* memory: where it goes */
	char *path;                     /* memory: the path, owned */
	char *buf;                      /* memory: open_memstream's */
	size_t len;
	FILE *mem;                      /* memory: the stream, until finish */
	bool is_mem;
	bool open;                      /* opened, not published or aborted */
	bool finished;                  /* memory: closed, not yet published */
};

/* True for a ":memory:" path (unless db turned memory files off). */
bool api_is_memory_path(const struct dlsim *db, const char *path);
/* Prepare f (before any use: api_file_abort() is then safe). */
void api_file_init(struct api_file *f);
/* Open path as render_outfile_open() does, or in memory for db.  *fp is
 * owned by f.  On failure nothing is left open. */
enum rt_err api_file_open(struct dlsim *db, struct api_file *f,
			  const char *path, FILE **fp, struct rt_diag *d);
/* As render_outfile_finish / _publish / _commit / _abort; a published
 * memory file replaces any of the same path in the session. */
enum rt_err api_file_finish(struct api_file *f, struct rt_diag *d);
enum rt_err api_file_publish(struct api_file *f, struct rt_diag *d);
enum rt_err api_file_commit(struct api_file *f, struct rt_diag *d);
void api_file_abort(struct api_file *f);
/* Bytes written so far; the free space of its file system at open
 * (UINT64_MAX: unknown, memory); whether it goes through a temporary
 * (false: written in place, a device or standard output); stale
 * temporaries removed at open. */
uint64_t api_file_size(const struct api_file *f);
uint64_t api_file_avail(const struct api_file *f);
bool api_file_temporary(const struct api_file *f);
unsigned api_file_stale(const struct api_file *f);
/* When f's stream has an error, its message into d and true. */
bool api_file_failed(struct api_file *f, struct rt_diag *d);
/* The sidecar 'meta' (OUT.meta) of an experiment's or merge's CSV must
 * be a file that can be read back: an existing device, FIFO or socket
 * (render_outfile_is_stream, symlinks followed) is refused before
 * anything is written, never written in place.  DLSIM_IO naming it. */
enum dlsim_status api_sidecar_check(struct dlsim *db, const char *meta);

/* A figure's output (plot.c): a memory path opened as a file (*f), a
 * disk path left to the renderer (*f NULL: it writes the file
 * atomically when the figure is ready); closing commits the memory file
 * on RT_OK and drops it otherwise, returning err. */
enum rt_err api_fig_open(struct dlsim *db, struct api_file *af,
			 const char *out, FILE **f, struct rt_diag *d);
enum rt_err api_fig_close(struct api_file *af, enum rt_err err,
			  struct rt_diag *d);

/* Read all of path ("-": standard input) into *buf (rt_malloc,
 * NUL-terminated) and *len, at most 256 MiB.  RT_ERR_IO ("PATH: cannot
 * open: ...", "PATH: read error"), RT_ERR_INVAL (too large),
 * RT_ERR_NOMEM. */
enum rt_err api_read_all(const char *path, char **buf, size_t *len,
			 struct rt_diag *d);
/* Open path for reading ("-": standard input; fclose only when not
 * stdin). */
FILE *api_open_input(const char *path);
void api_close_input(FILE *f);

/* ---- scenarios (scenario.c) -------------------------------------------- */

/* Load path ("-": standard input) as dlsim_scenario_load does. */
enum dlsim_status api_load(struct dlsim *db, const char *path,
			   struct scn_scenario **out);
/* The SIM_POLICY_* flags of s's policy (sim/policy.h). */
unsigned api_policy_flags(const struct scn_scenario *s);
/* Times in the scenario's display unit (dlsim_format_time); a measured
 * mean with at most three decimals. */
const char *api_fmt_time(const struct scn_scenario *s, rt_time t, char *buf,
			 size_t len);
const char *api_fmt_time_in(enum scn_time_unit u, rt_time t, char *buf,
			    size_t len);
const char *api_fmt_fixed(double v, char *buf, size_t len);
/* --until TEXT (NULL: RT_TIME_NEVER) in s's unit, > 0; DLSIM_USAGE. */
enum dlsim_status api_parse_until(struct dlsim *db,
				  const struct scn_scenario *s,
				  const char *text, rt_time *out);
/* What a writer or chart needs to know of s (pointers borrowed). */
void api_meta(const struct scn_scenario *s, rt_time horizon,
	      struct render_meta *m);
/* The policy (with its priority order or kernel profile) and, on
 * several CPUs, ", placement ..." (report headers). */
const char *api_sched_desc(const struct scn_scenario *s, char *buf,
			   size_t len);
/* A kernel-model policy: its profile and accounting lines (text, after
 * indent) and JSON keys; nothing for other policies. */
void api_kernel_lines(FILE *f, const struct scn_scenario *s,
		      const char *indent);
void api_kernel_json(FILE *f, const struct scn_scenario *s);
/* The horizon of s (sim_horizon_for with the loader's binding). */
enum dlsim_status api_horizon(struct dlsim *db, const struct scn_scenario *s,
			      rt_time until, struct sim_horizon *h);
/* A capped default horizon: one line naming the cap (nothing else). */
void api_horizon_note(FILE *f, const struct scn_scenario *s,
		      const struct sim_horizon *h, const char *indent);
/* JSON string literal of s into f. */
void api_json_str(FILE *f, const char *s);

#endif /* API_INTERNAL_H */
