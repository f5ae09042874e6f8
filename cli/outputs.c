/* outputs.c - the output options of `run` and `render` on the command
 * line: their help text, parsing argv into them, and handing them to the
 * library as settings (the library checks and writes the files). */
#include "cli/outputs.h"

#include <stddef.h>
#include <string.h>

const char cli_outputs_help[] =
"  --log FILE        event log, one row per event: FILE.csv, FILE.jsonl or\n"
"                    FILE.bin (compact binary); .jsonl and .bin logs can be\n"
"                    drawn or converted later with 'dlsim render'\n"
"  --jobs FILE.csv   one row per job in release order:\n"
"                    task,job,release,deadline,start,finish,response,tardiness,cpu\n"
"  --trace FILE.json Chrome Trace Event JSON (ui.perfetto.dev, chrome://tracing)\n"
"  --ftrace FILE     the text 'trace-cmd report' prints: sched_switch,\n"
"                    sched_waking, sched_wakeup (docs/trace-cmd.md)\n"
"  --gantt FILE      Gantt chart; format by extension: .png .svg .pdf (.tex)\n"
"  --tikz FILE.tex   the chart as a standalone TikZ picture for LaTeX\n"
"  --gantt-rows R    'task' (one row per task, default) or 'cpu'\n"
"  --window T0:T1    draw only [T0, T1) (scenario time_unit, or with units)\n"
"  --width W         chart width: 3.5in (one column), 7.16in (two columns,\n"
"                    default), 18cm, or a pixel count\n"
"  --dpi N           PNG resolution (default 300)\n"
"  --title TEXT      chart title (default: none; papers use captions)\n"
"  --font F          'sans' (DejaVu Sans, default), 'serif' (Liberation\n"
"                    Serif: Times metrics) or a font family name\n"
"  --axis-unit U     time unit of the axis and labels: ns, us, ms, s (tick\n"
"                    scenarios: tick); default: the scenario's, made larger\n"
"                    while labels would need five or more digits\n"
"  --color-by K      box colour means the 'task' (default) or the 'cpu'\n"
"  --max-output SIZE stop (exit 3, nothing replaced) when the output files\n"
"                    would exceed SIZE bytes in all (exact: checked again on\n"
"                    the complete files; K, M, G, T suffixes: powers of\n"
"                    1024; default 10G) or their file system's free space\n"
"  FILE may be '-' or /dev/stdout (standard output: --log writes JSONL,\n"
"  --gantt SVG there; one output at most), a device or FIFO\n"
"  (written in place) or a symlink (followed); regular files are replaced\n"
"  whole, keeping their mode, only when the run succeeds (docs/cli.md)\n";

bool cli_outputs_parse(int argc, char **argv, int *i,
		       struct cli_outputs_opts *o, bool *bad, const char *cmd)
{
	static const struct {
		const char *name;
		size_t off;
	} opts[] = {
		{ "--log",        offsetof(struct cli_outputs_opts, log) },
		{ "--jobs",       offsetof(struct cli_outputs_opts, jobs) },
		{ "--trace",      offsetof(struct cli_outputs_opts, trace) },
		{ "--ftrace",     offsetof(struct cli_outputs_opts, ftrace) },
		{ "--gantt",      offsetof(struct cli_outputs_opts, gantt) },
		{ "--tikz",       offsetof(struct cli_outputs_opts, tikz) },
		{ "--gantt-rows", offsetof(struct cli_outputs_opts, rows) },
		{ "--window",     offsetof(struct cli_outputs_opts, window) },
		{ "--width",      offsetof(struct cli_outputs_opts, width) },
		{ "--dpi",        offsetof(struct cli_outputs_opts, dpi) },
		{ "--title",      offsetof(struct cli_outputs_opts, title) },
		{ "--max-output", offsetof(struct cli_outputs_opts, max_output) },
		{ "--font",       offsetof(struct cli_outputs_opts, font) },
		{ "--axis-unit",  offsetof(struct cli_outputs_opts, axis_unit) },
		{ "--color-by",   offsetof(struct cli_outputs_opts, color_by) },
	};

	for (size_t k = 0; k < sizeof(opts) / sizeof(opts[0]); k++) {
		const char **slot = (const char **)((char *)o + opts[k].off);

		if (cli_opt_value(argc, argv, i, opts[k].name, slot, bad, cmd))
			return true;
	}
	return false;
}

bool cli_outputs_set(struct dlsim *db, struct dlsim_opts *o,
		     const struct cli_outputs_opts *out)
{
	const char *const kv[] = {
		"log", out->log, "jobs", out->jobs, "trace", out->trace,
		"ftrace", out->ftrace, "gantt", out->gantt, "tikz", out->tikz,
		"gantt-rows", out->rows, "window", out->window,
		"width", out->width, "dpi", out->dpi, "title", out->title,
		"max-output", out->max_output, "font", out->font,
		"axis-unit", out->axis_unit, "color-by", out->color_by,
	};

	for (size_t i = 0; i < sizeof(kv) / sizeof(kv[0]); i += 2)
		if (kv[i + 1] && dlsim_opts_set(db, o, kv[i], kv[i + 1]) !=
		    DLSIM_OK) {
			cli_error("%s", dlsim_errmsg(db));
			return false;
		}
	return true;
}
