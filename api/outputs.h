/* outputs.h - the output files of a run or a replayed log: event log,
 * per-job CSV, Chrome trace, trace-cmd text, Gantt chart (PNG/SVG/PDF)
 * and TikZ.  Each is a sink fed by the engine or by render/replay.h;
 * every file is opened before the run (an unwritable one fails before any
 * work) and they appear together, whole, or not at all (api_file).
 *
 * The settings are the option keys of dlsim_sim_create (include/dlsim.h),
 * and messages name them as the command line spells them. */
#ifndef API_OUTPUTS_H
#define API_OUTPUTS_H

#include <stdbool.h>
#include <stdint.h>

#include "api/internal.h"
#include "render/chrome.h"
#include "render/ftrace.h"
#include "render/gantt.h"
#include "render/jobs.h"
#include "render/log.h"
#include "sim/trace.h"

struct api_outputs_opts {
	const char *log;                /* log F.csv|F.jsonl|F.bin */
	const char *jobs;               /* jobs F.csv */
	const char *trace;              /* trace F.json (Chrome/Perfetto) */
	const char *ftrace;             /* ftrace F.txt (trace-cmd report) */
	const char *gantt;              /* gantt F.png|svg|pdf|tex */
	const char *tikz;               /* tikz F.tex */
	const char *rows;               /* gantt-rows task|cpu */
	const char *window;             /* window T0:T1 */
	const char *width;              /* width 3.5in|7.16in|PIXELS */
	const char *dpi;                /* dpi N */
	const char *title;              /* title TEXT */
	const char *max_output;         /* max-output SIZE (default 10G) */
	const char *font;               /* font sans|serif|FAMILY */
	const char *axis_unit;          /* axis-unit ns|us|ms|s|tick */
	const char *color_by;           /* color-by task|cpu */
};

/* The option keys above, NULL-terminated (for api_opts_only). */
extern const char *const api_output_keys[];

/* The files, in the order they are opened and committed. */
enum api_out_file { API_OUT_LOG, API_OUT_JOBS, API_OUT_TRACE, API_OUT_FTRACE,
		    API_OUT_GANTT, API_OUT_TIKZ, API_OUT__COUNT };

#define API_OUTPUTS_MAX 6
#define API_MAX_OUTPUT_DEFAULT (10ull << 30)    /* max-output 10G */

struct api_outputs;

/* A sink wrapped to name the file it writes when it fails and to check the
 * output budget (a replayed log; a simulation calls the writers' own sinks
 * and checks the budget through sim_engine_set_meter: api_outputs_attach). */
struct api_out_wrap {
	struct api_outputs *out;
	struct sim_sink inner;
	int file;                       /* enum api_out_file, -1: none */
	unsigned unless_final;          /* kinds of inner.mask an engine
					 * need not send (render/jobs.h) */
};

struct api_outputs {
	struct sim_sink sinks[API_OUTPUTS_MAX];  /* wrapped: what a replay
						  * calls */
	struct api_out_wrap wrap[API_OUTPUTS_MAX];
	size_t nsinks;
	struct api_file files[API_OUT__COUNT];
	FILE *fp[API_OUT__COUNT];       /* their streams (owned by files) */
	const char *paths[API_OUT__COUNT];      /* borrowed from o */
	struct render_log *log;
	struct render_jobs *jobs;
	struct render_chrome *chrome;
	struct render_ftrace *ftrace;
	struct render_gantt *gantt;
	const struct api_outputs_opts *o;
	uint64_t max_bytes;             /* max-output */
	uint64_t records;               /* records written (budget checks) */
	rt_time horizon;                /* of the run (budget forecast) */
	bool failed;                    /* 'why' explains a stopped run */
	struct rt_diag why;
};

/* Read the output keys of o (values borrowed from o). */
void api_outputs_get(const struct dlsim_opts *o, struct api_outputs_opts *out);
/* Is any output file asked for?  Is one of them standard output? */
bool api_outputs_any(const struct api_outputs_opts *o);
bool api_outputs_use_stdout(const struct api_outputs_opts *o);

/* The command-line spelling of each file's option ("--log", ...). */
extern const char *const api_output_opt[API_OUT__COUNT];
/* The file of each enum api_out_file (NULL: not asked for). */
void api_outputs_paths(const struct api_outputs_opts *o,
		       const char *p[API_OUT__COUNT]);
/* Is a chart (gantt, tikz) asked for?  Its options into g (DLSIM_USAGE
 * naming the option; times of window in display_unit). */
bool api_outputs_want_chart(const struct api_outputs_opts *o);
enum dlsim_status api_outputs_chart(struct dlsim *db,
				    const struct api_outputs_opts *o,
				    const char *display_unit,
				    struct render_gantt_opts *g);
/* A byte count with an optional K, M, G, T suffix (powers of 1024, "Ki"
 * and "B" accepted: 10M, 10MiB, 10MB are all 10485760); false if bad. */
bool api_outputs_size(const char *text, uint64_t *out);

/* Check every option (extensions, window, width, sizes, two outputs on one
 * file, an output on the input file 'input': NULL or "-" for none) before
 * any work; times (window) in display_unit or with their own unit.
 * DLSIM_USAGE naming the option. */
enum dlsim_status api_outputs_check(struct dlsim *db,
				    const struct api_outputs_opts *o,
				    const char *display_unit, const char *input);
/* True if writing the output 'out' would replace the input file 'in' (one
 * regular file, under any name: symlinks and hard links followed);
 * standard input and output, devices and FIFOs never count. */
bool api_output_is_input(const char *out, const char *in);
/* api_output_is_input as DLSIM_USAGE: "OPT OUT names the input IN". */
enum dlsim_status api_output_not_input(struct dlsim *db, const char *opt,
				       const char *out, const char *in);

/* The one check of a chart's window against the run m (borrowed): a
 * DLSIM_WARNING notice when window (the option's text, NULL: none) starts
 * at t0 >= m->horizon, so the chart shows no execution.  Used by the
 * charts of api_outputs_open and by dlsim_report. */
void api_outputs_window_notice(struct dlsim *db, const char *window,
			       rt_time t0, const struct render_meta *m);

/* Open every requested output for the run m (borrowed, must outlive out),
 * charts included.  Notices for stale temporaries removed and a window
 * past the horizon.  On failure nothing is left open or on disk:
 * DLSIM_IO, DLSIM_OPTION (a chart that cannot be drawn), DLSIM_USAGE. */
enum dlsim_status api_outputs_open(struct dlsim *db, struct api_outputs *out,
				   const struct api_outputs_opts *o,
				   const struct render_meta *m);

/* After a failed run: if an output caused it (write error, budget), its
 * message is db's and true is returned. */
bool api_outputs_explain(struct dlsim *db, const struct api_outputs *out);
/* Attach the writers' sinks to an engine, unwrapped, with the output
 * budget checked every few thousand records (sim_engine_set_meter). */
enum rt_err api_outputs_attach(struct api_outputs *out, struct sim_engine *e);
/* After a failed run of an engine the outputs were attached to: if one of
 * their sinks failed, remember which file (api_outputs_explain then says
 * so). */
void api_outputs_failed_run(struct api_outputs *out,
			    const struct sim_engine *e, enum rt_err err);

/* ok: finish every file (charts drawn now), then put them all in place
 * (nothing is replaced unless every file was written whole); !ok: remove
 * them.  Every problem, and with !ok and 'why' what that means for the
 * files, is added as a line to db's message; DLSIM_IO if the files could
 * not all be written, else DLSIM_OK (db's status is then left alone). */
enum dlsim_status api_outputs_close(struct dlsim *db, struct api_outputs *out,
				    bool ok, const char *why);

#endif /* API_OUTPUTS_H */
