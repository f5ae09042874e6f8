/* outputs.c - opening, feeding and committing the output files of `run`
 * and `render` (see outputs.h). */
#define _XOPEN_SOURCE 700       /* realpath */
#include "cli/outputs.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/signals.h"

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
"                    would exceed SIZE bytes (K, M, G, T suffixes: powers of\n"
"                    1024; default 10G) or their file system's free space\n"
"  FILE may be '-' or /dev/stdout (standard output), a device or FIFO\n"
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

static bool outputs_want_chart(const struct cli_outputs_opts *o)
{
	return o->gantt || o->tikz;
}

/* Chart options from the command line; prints usage errors. */
static int outputs_chart_opts(const struct cli_outputs_opts *o, const char *cmd,
			      const char *display_unit,
			      struct render_gantt_opts *g)
{
	enum scn_time_unit unit = SCN_UNIT_TICK;

	struct render_gantt_opts def = RENDER_GANTT_OPTS_DEFAULT;
	struct rt_diag d = { "" };

	*g = def;
	if (o->dpi) {
		char *end;
		double v = strtod(o->dpi, &end);

		if (*end || !(v >= 10 && v <= 2400))
			return cli_usage_error(cmd, "--dpi %s: expected a number "
					       "from 10 to 2400", o->dpi);
		g->dpi = v;
	}
	if (o->width && render_parse_length(o->width, g->dpi != 0 ? g->dpi : 300,
					    &g->width_pt, &d) != RT_OK)
		return cli_usage_error(cmd, "--width %s: %s", o->width, d.msg);
	if (o->window && (!scn_time_unit_from_name(display_unit, &unit) ||
			  scn_parse_window(o->window, unit, &g->t0, &g->t1,
					   &d) != RT_OK))
		return cli_usage_error(cmd, "--window %s: %s", o->window,
				       d.msg[0] ? d.msg : "unknown time unit");
	if (o->rows) {
		if (!strcmp(o->rows, "task"))
			g->rows = RENDER_ROWS_TASK;
		else if (!strcmp(o->rows, "cpu"))
			g->rows = RENDER_ROWS_CPU;
		else
			return cli_usage_error(cmd, "--gantt-rows %s: expected "
					       "'task' or 'cpu'", o->rows);
	}
	if (o->color_by) {
		if (!strcmp(o->color_by, "task"))
			g->colour_by = RENDER_COLOUR_BY_TASK;
		else if (!strcmp(o->color_by, "cpu"))
			g->colour_by = RENDER_COLOUR_BY_CPU;
		else
			return cli_usage_error(cmd, "--color-by %s: expected "
					       "'task' or 'cpu'", o->color_by);
	}
	if (o->axis_unit) {
		static const char *const units[] = {
			"tick", "ticks", "ns", "us", "ms", "s"
		};
		size_t k = 0;

		while (k < 6 && strcmp(o->axis_unit, units[k]))
			k++;
		if (k == 6)
			return cli_usage_error(cmd, "--axis-unit %s: expected ns, "
					       "us, ms, s or tick", o->axis_unit);
	}
	if (o->font && !*o->font)
		return cli_usage_error(cmd, "--font: expected sans, serif or a "
				       "font family name");
	g->title = o->title;
	g->font = o->font;
	g->axis_unit = o->axis_unit;
	return CLI_EXIT_OK;
}

static const char *const out_opt[CLI_OUT__COUNT] = {
	"--log", "--jobs", "--trace", "--ftrace", "--gantt", "--tikz"
};

static void outputs_paths(const struct cli_outputs_opts *o,
			  const char *p[CLI_OUT__COUNT])
{
	p[CLI_OUT_LOG] = o->log;
	p[CLI_OUT_JOBS] = o->jobs;
	p[CLI_OUT_TRACE] = o->trace;
	p[CLI_OUT_FTRACE] = o->ftrace;
	p[CLI_OUT_GANTT] = o->gantt;
	p[CLI_OUT_TIKZ] = o->tikz;
}

static bool is_stdout(const char *p)
{
	return !strcmp(p, "-") || !strcmp(p, "/dev/stdout") ||
	       !strcmp(p, "/dev/fd/1") || !strcmp(p, "/proc/self/fd/1");
}

bool cli_outputs_use_stdout(const struct cli_outputs_opts *o)
{
	const char *p[CLI_OUT__COUNT];

	outputs_paths(o, p);
	for (int k = 0; k < CLI_OUT__COUNT; k++)
		if (p[k] && is_stdout(p[k]))
			return true;
	return false;
}

/* The directory of p resolved (realpath) plus its last component, so that
 * "a.csv" and "./a.csv" compare equal before either exists; NULL if the
 * directory cannot be resolved (malloc'd). */
static char *canon_name(const char *p)
{
	const char *slash = strrchr(p, '/');
	char *dir = slash ? strndup(p, (size_t)(slash - p + 1)) : strdup(".");
	char *real = dir ? realpath(dir, NULL) : NULL, *out = NULL;
	const char *base = slash ? slash + 1 : p;

	if (real) {
		size_t n = strlen(real) + strlen(base) + 2;

		out = malloc(n);
		if (out)
			snprintf(out, n, "%s/%s", real, base);
	}
	free(dir);
	free(real);
	return out;
}

static bool same_target(const char *a, const char *b)
{
	struct stat sa, sb;
	bool ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0, same;
	char *ca, *cb;

	if (!strcmp(a, b) || (is_stdout(a) && is_stdout(b)))
		return true;
	if (is_stdout(a) || is_stdout(b))
		return false;
	if (ea && eb)   /* symlinks and hard links to one file */
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino &&
		       !S_ISCHR(sa.st_mode);
	ca = canon_name(a);
	cb = canon_name(b);
	same = ca && cb && !strcmp(ca, cb);
	free(ca);
	free(cb);
	return same;
}

/* Two outputs on one file would overwrite each other: a usage error.  (A
 * character device such as /dev/null may take several.) */
static int outputs_same_file(const struct cli_outputs_opts *o, const char *cmd)
{
	const char *p[CLI_OUT__COUNT];

	outputs_paths(o, p);
	for (int a = 0; a < CLI_OUT__COUNT; a++)
		for (int b = a + 1; b < CLI_OUT__COUNT && p[a]; b++)
			if (p[b] && same_target(p[a], p[b]))
				return cli_usage_error(cmd, "%s %s and %s %s name "
						       "the same file", out_opt[a],
						       p[a], out_opt[b], p[b]);
	return CLI_EXIT_OK;
}

bool cli_parse_size(const char *text, uint64_t *out)
{
	char *end;
	unsigned long long v;
	unsigned shift = 0;

	if (!text || *text < '0' || *text > '9')
		return false;
	errno = 0;
	v = strtoull(text, &end, 10);
	if (errno)
		return false;
	switch (*end) {
	case 'k': case 'K': shift = 10; end++; break;
	case 'm': case 'M': shift = 20; end++; break;
	case 'g': case 'G': shift = 30; end++; break;
	case 't': case 'T': shift = 40; end++; break;
	default: break;
	}
	if (shift && *end == 'i')
		end++;
	if (*end == 'B' || *end == 'b')
		end++;
	if (*end || (shift && v > (UINT64_MAX >> shift)))
		return false;
	*out = (uint64_t)v << shift;
	return true;
}

int cli_outputs_check(const struct cli_outputs_opts *o, const char *cmd,
		      const char *display_unit)
{
	struct rt_diag d = { "" };
	struct render_gantt_opts g;
	enum render_gantt_format gf;
	enum render_log_format lf;
	int rc;

	if (o->log && render_log_format_from_path(o->log, &lf, &d) != RT_OK)
		return cli_usage_error(cmd, "--log: %s", d.msg);
	if (o->gantt && render_gantt_format_from_path(o->gantt, &gf, &d) != RT_OK)
		return cli_usage_error(cmd, "--gantt: %s", d.msg);
	if (o->tikz && !render_path_has_ext(o->tikz, ".tex") &&
	    !render_path_has_ext(o->tikz, ".tikz"))
		return cli_usage_error(cmd, "--tikz %s: expected a .tex or .tikz "
				       "file name", o->tikz);
	if (o->trace && !render_path_has_ext(o->trace, ".json"))
		return cli_usage_error(cmd, "--trace %s: expected a .json file "
				       "name", o->trace);
	if (!outputs_want_chart(o) && (o->rows || o->window || o->width ||
				       o->dpi || o->title || o->font ||
				       o->axis_unit || o->color_by))
		return cli_usage_error(cmd, "chart options need --gantt or --tikz");
	rc = outputs_chart_opts(o, cmd, display_unit, &g);
	if (rc == CLI_EXIT_OK && o->max_output) {
		uint64_t v;

		if (!cli_parse_size(o->max_output, &v))
			return cli_usage_error(cmd, "--max-output %s: expected a "
					       "size such as 500K, 10M or 2G",
					       o->max_output);
	}
	if (rc == CLI_EXIT_OK)
		rc = outputs_same_file(o, cmd);
	return rc;
}


/* Remember why the run stopped because of an output (first reason kept). */
static void outputs_blame(struct cli_outputs *out, int file, enum rt_err err)
{
	if (out->failed)
		return;
	out->failed = true;
	if (file >= 0 && render_outfile_failed(&out->files[file], &out->why))
		return;
	rt_diagf(&out->why, err, "%s %s: %s", file >= 0 ? out_opt[file] :
		 "chart", file >= 0 ? out->paths[file] : "", rt_strerror(err));
}

static void fmt_bytes(uint64_t v, char *buf, size_t len)
{
	if (v >= 1ull << 30)
		snprintf(buf, len, "%.1f GiB", (double)v / (double)(1ull << 30));
	else if (v >= 1ull << 20)
		snprintf(buf, len, "%.1f MiB", (double)v / (double)(1ull << 20));
	else if (v >= 1ull << 10)
		snprintf(buf, len, "%.1f KiB", (double)v / (double)(1ull << 10));
	else
		snprintf(buf, len, "%" PRIu64 " bytes", v);
}

#define OUTPUTS_CHECK_EVERY 4096        /* records between budget checks */
#define OUTPUTS_FORECAST_MIN (4ull << 20) /* bytes before forecasting */
#define OUTPUTS_RESERVE (1ull << 20)    /* left free on a file system (at
					 * most a tenth of what was free) */

/*
 * The output budget: the bytes written so far to temporary files against
 * --max-output and the free space their file systems had when opened,
 * and, once 4 MiB are written, a linear forecast to the horizon (periodic
 * workloads write at a constant rate).  Devices and FIFOs count against
 * --max-output but not against free space; standard output is not
 * counted.
 */
static enum rt_err outputs_budget(struct cli_outputs *out, rt_time now)
{
	uint64_t total = 0, avail = UINT64_MAX, reserve;
	int where = -1;
	char b1[32], b2[32];
	double forecast = 0;

	for (int k = 0; k < CLI_OUT__COUNT; k++) {
		const struct render_outfile *of = &out->files[k];

		if (!of->open)
			continue;
		total += render_outfile_size(of);
		if (of->tmp && of->avail < avail) {
			avail = of->avail;
			where = k;
		}
	}
	if (total >= OUTPUTS_FORECAST_MIN && now > 0 && out->horizon > now)
		forecast = (double)total / (double)now * (double)out->horizon;
	if (total > out->max_bytes || forecast > (double)out->max_bytes) {
		char b3[32];
		bool over = total > out->max_bytes;

		fmt_bytes(total, b1, sizeof(b1));
		fmt_bytes(out->max_bytes, b2, sizeof(b2));
		fmt_bytes(over ? total : (uint64_t)forecast, b3, sizeof(b3));
		rt_diagf(&out->why, RT_ERR_IO, "output budget: the output files "
			 "%s %s%s, more than --max-output %s (stopped at %.2f%% "
			 "of the horizon, %s written); raise --max-output, "
			 "shorten --until or drop an output",
			 over ? "reached" : "would reach about", b3,
			 over ? "" : " by the horizon", b2,
			 out->horizon ? 100.0 * (double)now /
			 (double)out->horizon : 0.0, b1);
		out->failed = true;
		return RT_ERR_IO;
	}
	reserve = avail == UINT64_MAX ? 0 : avail / 10 < OUTPUTS_RESERVE ?
		  avail / 10 : OUTPUTS_RESERVE;
	if (where >= 0 && avail != UINT64_MAX &&
	    (total + reserve > avail || forecast + (double)reserve >
	     (double)avail)) {
		fmt_bytes(avail, b2, sizeof(b2));
		rt_diagf(&out->why, RT_ERR_IO, "%s: No space left on device "
			 "(ENOSPC) expected: the outputs would not fit in the %s "
			 "free on its file system when the run started (stopped "
			 "before filling it)", out->paths[where], b2);
		out->failed = true;
		return RT_ERR_IO;
	}
	return RT_OK;
}

static enum rt_err outputs_emit(void *ctx, const struct sim_rec *r)
{
	struct cli_out_wrap *w = ctx;
	struct cli_outputs *out = w->out;
	enum rt_err err = w->inner.emit(w->inner.ctx, r);

	if (err) {
		outputs_blame(out, w->file, err);
		return err;
	}
	if (++out->records % OUTPUTS_CHECK_EVERY == 0)
		return outputs_budget(out, r->time);
	return RT_OK;
}

static void outputs_add_sink(struct cli_outputs *out, struct sim_sink inner,
			     int file)
{
	struct cli_out_wrap *w = &out->wrap[out->nsinks];

	w->out = out;
	w->inner = inner;
	w->file = file;
	out->sinks[out->nsinks].mask = inner.mask;
	out->sinks[out->nsinks].emit = outputs_emit;
	out->sinks[out->nsinks].ctx = w;
	out->nsinks++;
}

bool cli_outputs_explain(const struct cli_outputs *out)
{
	if (!out || !out->failed)
		return false;
	cli_error("%s", out->why.msg);
	return true;
}

/* Open every file first (an unwritable target fails before any work),
 * printing a note for stale temporaries removed. */
static int outputs_open_files(struct cli_outputs *out)
{
	struct rt_diag d = { "" };

	for (int k = 0; k < CLI_OUT__COUNT; k++) {
		struct render_outfile *of = &out->files[k];
		FILE *f;

		if (!out->paths[k])
			continue;
		if (render_outfile_open(of, out->paths[k], &f, &d) != RT_OK) {
			cli_error("%s", d.msg);
			return CLI_EXIT_IO;
		}
		if (of->stale)
			cli_error("note: removed %u stale temporary file%s of %s "
				  "(left by an interrupted run)", of->stale,
				  of->stale == 1 ? "" : "s", out->paths[k]);
	}
	return CLI_EXIT_OK;
}

/* m->horizon in m's display unit. */
static const char *outputs_fmt_horizon(const struct render_meta *m, char *buf,
				       size_t len)
{
	enum scn_time_unit u = SCN_UNIT_TICK;

	scn_time_unit_from_name(m->display_unit, &u);
	return cli_fmt_time_in(u, m->horizon, buf, len);
}

int cli_outputs_open(struct cli_outputs *out, const struct cli_outputs_opts *o,
		     const struct render_meta *m, const char *cmd)
{
	char hb[48];
	struct rt_diag d = { "" };
	int rc;

	memset(out, 0, sizeof(*out));
	for (int k = 0; k < CLI_OUT__COUNT; k++)
		out->files[k].slot = -1;
	out->o = o;
	out->horizon = m->horizon;
	out->max_bytes = CLI_MAX_OUTPUT_DEFAULT;
	if (o->max_output && !cli_parse_size(o->max_output, &out->max_bytes))
		return cli_usage_error(cmd, "--max-output %s: expected a size",
				       o->max_output);
	outputs_paths(o, out->paths);
	cli_signals_install();
	if ((rc = outputs_open_files(out)) != CLI_EXIT_OK)
		goto fail;
	if (o->log) {
		enum render_log_format fmt;

		if (render_log_format_from_path(o->log, &fmt, &d) != RT_OK)
			goto usage;
		if (render_log_open(out->files[CLI_OUT_LOG].f, fmt, m, &out->log,
				    &d) != RT_OK)
			goto io;
		outputs_add_sink(out, render_log_sink(out->log), CLI_OUT_LOG);
	}
	if (o->jobs) {
		if (render_jobs_open(out->files[CLI_OUT_JOBS].f, m, &out->jobs,
				     &d) != RT_OK)
			goto io;
		outputs_add_sink(out, render_jobs_sink(out->jobs), CLI_OUT_JOBS);
	}
	if (o->trace) {
		if (render_chrome_open(out->files[CLI_OUT_TRACE].f, m,
				       &out->chrome, &d) != RT_OK)
			goto io;
		outputs_add_sink(out, render_chrome_sink(out->chrome),
				 CLI_OUT_TRACE);
	}
	if (o->ftrace) {
		if (render_ftrace_open(out->files[CLI_OUT_FTRACE].f, m,
				       &out->ftrace, &d) != RT_OK)
			goto io;
		outputs_add_sink(out, render_ftrace_sink(out->ftrace),
				 CLI_OUT_FTRACE);
	}
	if (outputs_want_chart(o)) {
		struct render_gantt_opts g;
		enum rt_err err;

		rc = outputs_chart_opts(o, cmd, m->display_unit, &g);
		if (rc != CLI_EXIT_OK)
			goto fail;
		if (o->window && m->horizon > 0 && g.t0 >= m->horizon)
			fprintf(stderr, "%s %s: warning: --window %s starts at or "
				"after the end of the simulation (horizon %s %s): "
				"the chart shows no execution; simulate longer "
				"with --until\n", cli_prog, cmd, o->window,
				outputs_fmt_horizon(m, hb, sizeof(hb)),
				m->display_unit);
		err = render_gantt_create(m, &g, &out->gantt, &d);
		if (err != RT_OK) {
			rc = err == RT_ERR_INVAL ? CLI_EXIT_USAGE : CLI_EXIT_IO;
			cli_error("chart: %s", d.msg);
			goto fail;
		}
		outputs_add_sink(out, render_gantt_sink(out->gantt), -1);
	}
	return CLI_EXIT_OK;
usage:
	rc = cli_usage_error(cmd, "%s", d.msg);
	goto fail;
io:
	cli_error("%s", d.msg);
	rc = CLI_EXIT_IO;
fail:
	cli_outputs_close(out, false, NULL);
	return rc;
}

/* A writer's finish: on failure name the file and the system's reason. */
static bool outputs_writer_done(struct cli_outputs *out, int k,
				enum rt_err err, const struct rt_diag *d)
{
	struct rt_diag why = { "" };

	if (err == RT_OK)
		return true;
	if (render_outfile_failed(&out->files[k], &why))
		cli_error("%s", why.msg);
	else
		cli_error("%s %s: %s", out_opt[k], out->paths[k], d->msg);
	return false;
}

/* Drop every file not yet in place, saying what that means. */
static void outputs_discard(struct cli_outputs *out, const char *why)
{
	char written[512] = "";
	size_t n = 0;

	for (int k = 0; k < CLI_OUT__COUNT; k++) {
		struct render_outfile *of = &out->files[k];

		if (of->open && !of->tmp && n < sizeof(written))
			n += (size_t)snprintf(written + n, sizeof(written) - n,
					      "%s%s", n ? ", " : "",
					      out->paths[k]);
		render_outfile_abort(of);
	}
	if (!why)
		return;
	if (n)
		cli_error("%s: no output file was replaced; %s %s written in "
			  "place and may be incomplete", why, written,
			  strchr(written, ',') ? "were" : "was");
	else
		cli_error("%s: no output file was written or replaced", why);
}

int cli_outputs_close(struct cli_outputs *out, bool ok, const char *why)
{
	struct rt_diag d = { "" };
	bool good = ok;
	enum rt_err err;
	char done[512] = "", left[512] = "";
	size_t nd = 0, nl = 0;

	/* 1. the writers' trailers and the charts, into the open files */
	err = render_log_finish(out->log, good ? &d : NULL);
	good = good && (!out->log || outputs_writer_done(out, CLI_OUT_LOG, err, &d));
	err = render_jobs_finish(out->jobs, good ? &d : NULL);
	good = good && (!out->jobs || outputs_writer_done(out, CLI_OUT_JOBS, err, &d));
	err = render_chrome_finish(out->chrome, good ? &d : NULL);
	good = good && (!out->chrome || outputs_writer_done(out, CLI_OUT_TRACE, err, &d));
	err = render_ftrace_finish(out->ftrace, good ? &d : NULL);
	good = good && (!out->ftrace || outputs_writer_done(out, CLI_OUT_FTRACE, err, &d));
	out->log = NULL;
	out->jobs = NULL;
	out->chrome = NULL;
	out->ftrace = NULL;
	for (int k = CLI_OUT_GANTT; good && k <= CLI_OUT_TIKZ; k++) {
		if (!out->paths[k] || !out->gantt)
			continue;
		err = render_gantt_write_to(out->gantt, out->files[k].f,
					    out->paths[k], &d);
		good = outputs_writer_done(out, k, err, &d);
	}
	render_gantt_destroy(out->gantt);
	out->gantt = NULL;
	out->nsinks = 0;
	/* 2. flush and close every file: a full disk shows here, while
	 * every target still holds its old content */
	for (int k = 0; good && k < CLI_OUT__COUNT; k++) {
		if (!out->files[k].open)
			continue;
		if (render_outfile_finish(&out->files[k], &d) != RT_OK) {
			cli_error("%s", d.msg);
			good = false;
		}
	}
	if (!good) {
		outputs_discard(out, ok ? "output error" : why);
		return CLI_EXIT_IO;
	}
	/* 3. put them all in place */
	for (int k = 0; k < CLI_OUT__COUNT; k++) {
		bool was = out->files[k].open;

		if (!was)
			continue;
		if (render_outfile_publish(&out->files[k], &d) != RT_OK) {
			cli_error("%s", d.msg);
			good = false;
			nl += (size_t)snprintf(left + nl, nl < sizeof(left) ?
					       sizeof(left) - nl : 0, "%s%s",
					       nl ? ", " : "", out->paths[k]);
		} else {
			nd += (size_t)snprintf(done + nd, nd < sizeof(done) ?
					       sizeof(done) - nd : 0, "%s%s",
					       nd ? ", " : "", out->paths[k]);
		}
		if (nl >= sizeof(left))
			nl = sizeof(left) - 1;
		if (nd >= sizeof(done))
			nd = sizeof(done) - 1;
	}
	if (!good) {
		cli_error("outputs only partly replaced: written: %s; not "
			  "written (old content kept): %s", nd ? done : "none",
			  left);
		return CLI_EXIT_IO;
	}
	return CLI_EXIT_OK;
}
