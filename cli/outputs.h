/* outputs.h - the output options of `run` and `render` (event log,
 * per-job CSV, Chrome trace, trace-cmd text, Gantt chart, TikZ, chart
 * options, output budget) as the command line takes them.  The library
 * checks and writes the files (dlsim_sim_create, dlsim_render_log); the
 * settings' keys are the option names without their dashes. */
#ifndef CLI_OUTPUTS_H
#define CLI_OUTPUTS_H

#include <stdbool.h>

#include "cli/cli.h"

struct cli_outputs_opts {
	const char *log;                /* --log F.csv|F.jsonl|F.bin */
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

/* If argv[*i] is one of the output options, store it (advancing *i) and
 * return true; *bad is set on a missing value (usage error printed). */
bool cli_outputs_parse(int argc, char **argv, int *i,
		       struct cli_outputs_opts *o, bool *bad, const char *cmd);

/* Help text lines for the output options. */
extern const char cli_outputs_help[];

/* Every option given into o (false, message printed: out of memory). */
bool cli_outputs_set(struct dlsim *db, struct dlsim_opts *o,
		     const struct cli_outputs_opts *out);

#endif /* CLI_OUTPUTS_H */
