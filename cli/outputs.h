/* outputs.h - the output files of `run` and `render`: event log, per-job
 * CSV, Chrome trace, Gantt chart (PNG/SVG/PDF) and TikZ.  Each is a sink
 * fed by the engine or by a replayed log; files appear whole or not at
 * all (render/outfile.h). */
#ifndef CLI_OUTPUTS_H
#define CLI_OUTPUTS_H

#include <stdbool.h>
#include <stdint.h>
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
	const char *max_output;         /* --max-output SIZE (default 10G) */
	const char *font;               /* --font sans|serif|FAMILY */
	const char *axis_unit;          /* --axis-unit ns|us|ms|s|tick */
	const char *color_by;           /* --color-by task|cpu */
};

/* The files, in the order they are opened and committed. */
enum cli_out_file { CLI_OUT_LOG, CLI_OUT_JOBS, CLI_OUT_TRACE, CLI_OUT_FTRACE,
		    CLI_OUT_GANTT, CLI_OUT_TIKZ, CLI_OUT__COUNT };

#define CLI_OUTPUTS_MAX 6
#define CLI_MAX_OUTPUT_DEFAULT (10ull << 30)    /* --max-output 10G */

struct cli_outputs;

/* A sink wrapped to name the file it writes when it fails and to check the
 * output budget. */
struct cli_out_wrap {
	struct cli_outputs *out;
	struct sim_sink inner;
	int file;                       /* enum cli_out_file, -1: none */
};

struct cli_outputs {
	struct sim_sink sinks[CLI_OUTPUTS_MAX];  /* what the engine calls */
	struct cli_out_wrap wrap[CLI_OUTPUTS_MAX];
	size_t nsinks;
	struct render_outfile files[CLI_OUT__COUNT];
	const char *paths[CLI_OUT__COUNT];      /* borrowed from o */
	struct render_log *log;
	struct render_jobs *jobs;
	struct render_chrome *chrome;
	struct render_ftrace *ftrace;
	struct render_gantt *gantt;
	const struct cli_outputs_opts *o;
	uint64_t max_bytes;             /* --max-output */
	uint64_t records;               /* records written (budget checks) */
	rt_time horizon;                /* of the run (budget forecast) */
	bool failed;                    /* 'why' explains a stopped run */
	struct rt_diag why;
};

/* If argv[*i] is one of the output options, store it (advancing *i) and
 * return true; *bad is set on a missing value (usage error printed). */
bool cli_outputs_parse(int argc, char **argv, int *i,
		       struct cli_outputs_opts *o, bool *bad, const char *cmd);

/* Parse a byte count with an optional K, M, G, T suffix (powers of 1024,
 * "Ki"/"B" accepted: 10M, 10MiB, 10MB are all 10485760); false if bad. */
bool cli_parse_size(const char *text, uint64_t *out);

/* Help text lines for the output options. */
extern const char cli_outputs_help[];

/* True when some output goes to standard output ('-', /dev/stdout): the
 * caller then prints its own report elsewhere (standard error). */
bool cli_outputs_use_stdout(const struct cli_outputs_opts *o);

/* Check every option (extensions, window, width, sizes, two outputs on one
 * file) before any work is done; times (--window) are read in display_unit
 * ("ms", "tick", ...) or with their own unit suffix.  Prints a usage error
 * and returns its exit code. */
int cli_outputs_check(const struct cli_outputs_opts *o, const char *cmd,
		      const char *display_unit);

/* Open every requested output for the run m (borrowed, must outlive out),
 * charts included, so an unwritable target is reported before the run;
 * installs the signal handlers (cli/signals.h).  Prints errors; returns an
 * exit code (on failure nothing is left open or on disk). */
int cli_outputs_open(struct cli_outputs *out, const struct cli_outputs_opts *o,
		     const struct render_meta *m, const char *cmd);

/* After a failed run: if an output caused it (write error, budget), print
 * why, naming the file, and return true. */
bool cli_outputs_explain(const struct cli_outputs *out);

/* ok: finish every file (charts drawn now), then put them all in place
 * (nothing is replaced unless every file was written whole; a failure in
 * the last step lists which files were written); !ok: remove them
 * ('why' says what to print about them: NULL prints nothing).  Prints
 * errors; returns an exit code. */
int cli_outputs_close(struct cli_outputs *out, bool ok, const char *why);

#endif /* CLI_OUTPUTS_H */
