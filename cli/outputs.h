/* outputs.h - the output files of `run` and `render`: event log, per-job
 * CSV, Chrome trace, Gantt chart (PNG/SVG/PDF) and TikZ.  Each is a sink
 * fed by the engine or by a replayed log; files appear whole or not at
 * all (render/outfile.h). */
#ifndef CLI_OUTPUTS_H
#define CLI_OUTPUTS_H

#include <stdbool.h>
#include <stdio.h>

#include "render/chrome.h"
#include "render/ftrace.h"
#include "render/gantt.h"
#include "render/jobs.h"
#include "render/log.h"
#include "render/meta.h"
#include "render/outfile.h"
#include "sim/trace.h"

struct cli_outputs_opts {
	const char *log;                /* --log F.csv|F.jsonl */
	const char *jobs;               /* --jobs F.csv */
	const char *trace;              /* --trace F.json (Chrome/Perfetto) */
	const char *ftrace;             /* --ftrace F.txt (trace-cmd report) */
	const char *gantt;              /* --gantt F.png|svg|pdf (render: -o) */
	const char *tikz;               /* --tikz F.tex */
	const char *rows;               /* --gantt-rows task|cpu */
	const char *window;             /* --window T0:T1 */
	const char *width;              /* --width 3.5in|7.16in|PIXELS */
	const char *dpi;                /* --dpi N */
	const char *title;              /* --title TEXT */
	const char *font;               /* --font sans|serif|FAMILY */
	const char *axis_unit;          /* --axis-unit ns|us|ms|s|tick */
	const char *color_by;           /* --color-by task|cpu */
};

#define CLI_OUTPUTS_MAX 6

struct cli_outputs {
	struct sim_sink sinks[CLI_OUTPUTS_MAX];
	size_t nsinks;
	struct render_outfile log_out, jobs_out, trace_out, ftrace_out;
	struct render_log *log;
	struct render_jobs *jobs;
	struct render_chrome *chrome;
	struct render_ftrace *ftrace;
	struct render_gantt *gantt;
	const struct cli_outputs_opts *o;
};

/* If argv[*i] is one of the output options, store it (advancing *i) and
 * return true; *bad is set on a missing value (usage error printed). */
bool cli_outputs_parse(int argc, char **argv, int *i,
		       struct cli_outputs_opts *o, bool *bad, const char *cmd);

/* Help text lines for the output options. */
extern const char cli_outputs_help[];

/* Check every option (extensions, window, width) before any work is done;
 * times (--window) are read in display_unit ("ms", "tick", ...) or with
 * their own unit suffix.  Prints a usage error and returns its exit code. */
int cli_outputs_check(const struct cli_outputs_opts *o, const char *cmd,
		      const char *display_unit);

/* Open every requested output for the run m (borrowed, must outlive
 * out).  Prints errors; returns an exit code (on failure nothing is left
 * open or on disk). */
int cli_outputs_open(struct cli_outputs *out, const struct cli_outputs_opts *o,
		     const struct render_meta *m, const char *cmd);

/* ok: finish and commit every file (charts drawn now); !ok: remove them.
 * Prints errors; returns an exit code. */
int cli_outputs_close(struct cli_outputs *out, bool ok);

#endif /* CLI_OUTPUTS_H */
