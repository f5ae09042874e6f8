/* outputs.c - opening, feeding and committing the output files of a run
 * or a replayed log (see outputs.h). */
#define _XOPEN_SOURCE 700       /* realpath */
#include "api/outputs.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "models/mem.h"

const char *const api_output_keys[] = {
	"log", "jobs", "trace", "ftrace", "gantt", "tikz", "gantt-rows",
	"window", "width", "dpi", "title", "max-output", "font", "axis-unit",
	"color-by", NULL
};

void api_outputs_get(const struct dlsim_opts *o, struct api_outputs_opts *out)
{
	out->log = api_opt(o, "log");
	out->jobs = api_opt(o, "jobs");
	out->trace = api_opt(o, "trace");
	out->ftrace = api_opt(o, "ftrace");
	out->gantt = api_opt(o, "gantt");
	out->tikz = api_opt(o, "tikz");
	out->rows = api_opt(o, "gantt-rows");
	out->window = api_opt(o, "window");
	out->width = api_opt(o, "width");
	out->dpi = api_opt(o, "dpi");
	out->title = api_opt(o, "title");
	out->max_output = api_opt(o, "max-output");
	out->font = api_opt(o, "font");
	out->axis_unit = api_opt(o, "axis-unit");
	out->color_by = api_opt(o, "color-by");
}

bool api_outputs_any(const struct api_outputs_opts *o)
{
	return o->log || o->jobs || o->trace || o->ftrace || o->gantt ||
	       o->tikz;
}

static bool outputs_want_chart(const struct api_outputs_opts *o)
{
	return o->gantt || o->tikz;
}

/* Chart options from their settings; DLSIM_USAGE naming the option. */
static enum dlsim_status outputs_chart_opts(struct dlsim *db,
					    const struct api_outputs_opts *o,
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
			return api_fail(db, DLSIM_USAGE, "--dpi %s: expected a number "
					"from 10 to 2400", o->dpi);
		g->dpi = v;
	}
	if (o->width && render_parse_length(o->width, g->dpi != 0 ? g->dpi : 300,
					    &g->width_pt, &d) != RT_OK)
		return api_fail(db, DLSIM_USAGE, "--width %s: %s", o->width, d.msg);
	if (o->window && (!scn_time_unit_from_name(display_unit, &unit) ||
			  scn_parse_window(o->window, unit, &g->t0, &g->t1,
					   &d) != RT_OK))
		return api_fail(db, DLSIM_USAGE, "--window %s: %s", o->window,
				d.msg[0] ? d.msg : "unknown time unit");
	if (o->rows) {
		if (!strcmp(o->rows, "task"))
			g->rows = RENDER_ROWS_TASK;
		else if (!strcmp(o->rows, "cpu"))
			g->rows = RENDER_ROWS_CPU;
		else
			return api_fail(db, DLSIM_USAGE, "--gantt-rows %s: expected "
					"'task' or 'cpu'", o->rows);
	}
	if (o->color_by) {
		if (!strcmp(o->color_by, "task"))
			g->colour_by = RENDER_COLOUR_BY_TASK;
		else if (!strcmp(o->color_by, "cpu"))
			g->colour_by = RENDER_COLOUR_BY_CPU;
		else
			return api_fail(db, DLSIM_USAGE, "--color-by %s: expected "
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
			return api_fail(db, DLSIM_USAGE, "--axis-unit %s: expected ns, "
					"us, ms, s or tick", o->axis_unit);
	}
	if (o->font && !*o->font)
		return api_fail(db, DLSIM_USAGE, "--font: expected sans, serif or a "
				"font family name");
	g->title = o->title;
	g->font = o->font;
	g->axis_unit = o->axis_unit;
	return DLSIM_OK;
}

static const char *const out_opt[API_OUT__COUNT] = {
	"--log", "--jobs", "--trace", "--ftrace", "--gantt", "--tikz"
};

static void outputs_paths(const struct api_outputs_opts *o,
			  const char *p[API_OUT__COUNT])
{
	p[API_OUT_LOG] = o->log;
	p[API_OUT_JOBS] = o->jobs;
	p[API_OUT_TRACE] = o->trace;
	p[API_OUT_FTRACE] = o->ftrace;
	p[API_OUT_GANTT] = o->gantt;
	p[API_OUT_TIKZ] = o->tikz;
}

static bool is_stdout(const char *p)
{
	return !strcmp(p, "-") || !strcmp(p, "/dev/stdout") ||
	       !strcmp(p, "/dev/fd/1") || !strcmp(p, "/proc/self/fd/1");
}

bool api_outputs_use_stdout(const struct api_outputs_opts *o)
{
	const char *p[API_OUT__COUNT];

	outputs_paths(o, p);
	for (int k = 0; k < API_OUT__COUNT; k++)
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
static enum dlsim_status outputs_same_file(struct dlsim *db,
					   const struct api_outputs_opts *o)
{
	const char *p[API_OUT__COUNT];

	outputs_paths(o, p);
	for (int a = 0; a < API_OUT__COUNT; a++)
		for (int b = a + 1; b < API_OUT__COUNT && p[a]; b++)
			if (p[b] && same_target(p[a], p[b]))
				return api_fail(db, DLSIM_USAGE, "%s %s and %s %s name "
						"the same file", out_opt[a],
						p[a], out_opt[b], p[b]);
	return DLSIM_OK;
}

/* A byte count with an optional K, M, G, T suffix (powers of 1024, "Ki"
 * and "B" accepted: 10M, 10MiB, 10MB are all 10485760); false if bad. */
static bool api_parse_size(const char *text, uint64_t *out)
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

enum dlsim_status api_outputs_check(struct dlsim *db,
				    const struct api_outputs_opts *o,
				    const char *display_unit)
{
	struct rt_diag d = { "" };
	struct render_gantt_opts g;
	enum render_gantt_format gf;
	enum render_log_format lf;
	enum dlsim_status rc;

	if (o->log && render_log_format_from_path(o->log, &lf, &d) != RT_OK)
		return api_fail(db, DLSIM_USAGE, "--log: %s", d.msg);
	if (o->gantt && render_gantt_format_from_path(o->gantt, &gf, &d) != RT_OK)
		return api_fail(db, DLSIM_USAGE, "--gantt: %s", d.msg);
	if (o->tikz && !render_path_has_ext(o->tikz, ".tex") &&
	    !render_path_has_ext(o->tikz, ".tikz"))
		return api_fail(db, DLSIM_USAGE, "--tikz %s: expected a .tex or .tikz "
				"file name", o->tikz);
	if (o->trace && !render_path_has_ext(o->trace, ".json"))
		return api_fail(db, DLSIM_USAGE, "--trace %s: expected a .json file "
				"name", o->trace);
	if (!outputs_want_chart(o) && (o->rows || o->window || o->width ||
				       o->dpi || o->title || o->font ||
				       o->axis_unit || o->color_by))
		return api_fail(db, DLSIM_USAGE, "chart options need --gantt or --tikz");
	rc = outputs_chart_opts(db, o, display_unit, &g);
	if (rc == DLSIM_OK && o->max_output) {
		uint64_t v;

		if (!api_parse_size(o->max_output, &v))
			return api_fail(db, DLSIM_USAGE, "--max-output %s: expected a "
					"size such as 500K, 10M or 2G",
					o->max_output);
	}
	if (rc == DLSIM_OK)
		rc = outputs_same_file(db, o);
	return rc;
}


/* Remember why the run stopped because of an output (first reason kept). */
static void outputs_blame(struct api_outputs *out, int file, enum rt_err err)
{
	if (out->failed)
		return;
	out->failed = true;
	if (file >= 0 && api_file_failed(&out->files[file], &out->why))
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
static enum rt_err outputs_budget(struct api_outputs *out, rt_time now)
{
	uint64_t total = 0, avail = UINT64_MAX, reserve;
	int where = -1;
	char b1[32], b2[32];
	double forecast = 0;

	for (int k = 0; k < API_OUT__COUNT; k++) {
		const struct api_file *of = &out->files[k];

		if (!of->open)
			continue;
		total += api_file_size(of);
		if (api_file_temporary(of) && api_file_avail(of) < avail) {
			avail = api_file_avail(of);
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
	struct api_out_wrap *w = ctx;
	struct api_outputs *out = w->out;
	enum rt_err err = w->inner.emit(w->inner.ctx, r);

	if (err) {
		outputs_blame(out, w->file, err);
		return err;
	}
	if (++out->records % OUTPUTS_CHECK_EVERY == 0)
		return outputs_budget(out, r->time);
	return RT_OK;
}

static void outputs_add_sink(struct api_outputs *out, struct sim_sink inner,
			     int file)
{
	struct api_out_wrap *w = &out->wrap[out->nsinks];

	w->out = out;
	w->inner = inner;
	w->file = file;
	out->sinks[out->nsinks].mask = inner.mask;
	out->sinks[out->nsinks].emit = outputs_emit;
	out->sinks[out->nsinks].ctx = w;
	out->nsinks++;
}

bool api_outputs_explain(struct dlsim *db, const struct api_outputs *out)
{
	if (!out || !out->failed)
		return false;
	api_fail(db, DLSIM_IO, "%s", out->why.msg);
	return true;
}

/* Open every file first (an unwritable target fails before any work),
 * with a note for stale temporaries removed. */
static enum dlsim_status outputs_open_files(struct dlsim *db,
					    struct api_outputs *out)
{
	struct rt_diag d = { "" };

	for (int k = 0; k < API_OUT__COUNT; k++) {
		struct api_file *of = &out->files[k];
		unsigned stale;

		if (!out->paths[k])
			continue;
		if (api_file_open(db, of, out->paths[k], &out->fp[k], &d) !=
		    RT_OK)
			return api_fail(db, DLSIM_IO, "%s", d.msg);
		stale = api_file_stale(of);
		if (stale)
			api_notice(db, DLSIM_NOTE, "removed %u stale temporary "
				   "file%s of %s (left by an interrupted run)",
				   stale, stale == 1 ? "" : "s", out->paths[k]);
	}
	return DLSIM_OK;
}

/* m->horizon in m's display unit. */
static const char *outputs_fmt_horizon(const struct render_meta *m, char *buf,
				       size_t len)
{
	enum scn_time_unit u = SCN_UNIT_TICK;

	scn_time_unit_from_name(m->display_unit, &u);
	return api_fmt_time_in(u, m->horizon, buf, len);
}

enum dlsim_status api_outputs_open(struct dlsim *db, struct api_outputs *out,
				   const struct api_outputs_opts *o,
				   const struct render_meta *m)
{
	char hb[48];
	struct rt_diag d = { "" };
	enum dlsim_status rc;

	memset(out, 0, sizeof(*out));
	for (int k = 0; k < API_OUT__COUNT; k++)
		api_file_init(&out->files[k]);
	out->o = o;
	out->horizon = m->horizon;
	out->max_bytes = API_MAX_OUTPUT_DEFAULT;
	if (o->max_output && !api_parse_size(o->max_output, &out->max_bytes))
		return api_fail(db, DLSIM_USAGE, "--max-output %s: expected a "
				"size", o->max_output);
	outputs_paths(o, out->paths);
	if ((rc = outputs_open_files(db, out)) != DLSIM_OK)
		goto fail;
	if (o->log) {
		enum render_log_format fmt;

		if (render_log_format_from_path(o->log, &fmt, &d) != RT_OK)
			goto usage;
		if (render_log_open(out->fp[API_OUT_LOG], fmt, m, &out->log,
				    &d) != RT_OK)
			goto io;
		outputs_add_sink(out, render_log_sink(out->log), API_OUT_LOG);
	}
	if (o->jobs) {
		if (render_jobs_open(out->fp[API_OUT_JOBS], m, &out->jobs,
				     &d) != RT_OK)
			goto io;
		outputs_add_sink(out, render_jobs_sink(out->jobs), API_OUT_JOBS);
	}
	if (o->trace) {
		if (render_chrome_open(out->fp[API_OUT_TRACE], m,
				       &out->chrome, &d) != RT_OK)
			goto io;
		outputs_add_sink(out, render_chrome_sink(out->chrome),
				 API_OUT_TRACE);
	}
	if (o->ftrace) {
		if (render_ftrace_open(out->fp[API_OUT_FTRACE], m,
				       &out->ftrace, &d) != RT_OK)
			goto io;
		outputs_add_sink(out, render_ftrace_sink(out->ftrace),
				 API_OUT_FTRACE);
	}
	if (outputs_want_chart(o)) {
		struct render_gantt_opts g;
		enum rt_err err;

		rc = outputs_chart_opts(db, o, m->display_unit, &g);
		if (rc != DLSIM_OK)
			goto fail;
		if (o->window && m->horizon > 0 && g.t0 >= m->horizon)
			api_notice(db, DLSIM_WARNING, "--window %s starts at or "
				   "after the end of the simulation (horizon %s "
				   "%s): the chart shows no execution; simulate "
				   "longer with --until", o->window,
				   outputs_fmt_horizon(m, hb, sizeof(hb)),
				   m->display_unit);
		err = render_gantt_create(m, &g, &out->gantt, &d);
		if (err != RT_OK) {
			rc = api_fail(db, err == RT_ERR_INVAL ? DLSIM_OPTION :
				      DLSIM_IO, "chart: %s", d.msg);
			goto fail;
		}
		outputs_add_sink(out, render_gantt_sink(out->gantt), -1);
	}
	return DLSIM_OK;
usage:
	rc = api_fail(db, DLSIM_USAGE, "%s", d.msg);
	goto fail;
io:
	rc = api_fail(db, DLSIM_IO, "%s", d.msg);
fail:
	api_outputs_close(db, out, false, NULL);
	return rc;
}

/* A writer's finish: on failure name the file and the system's reason. */
static bool outputs_writer_done(struct dlsim *db, struct api_outputs *out,
				int k, enum rt_err err, const struct rt_diag *d)
{
	struct rt_diag why = { "" };

	if (err == RT_OK)
		return true;
	if (api_file_failed(&out->files[k], &why))
		api_add_line(db, "%s", why.msg);
	else
		api_add_line(db, "%s %s: %s", out_opt[k], out->paths[k], d->msg);
	return false;
}

/* Drop every file not yet in place, saying what that means. */
static void outputs_discard(struct dlsim *db, struct api_outputs *out,
			    const char *why)
{
	char written[512] = "";
	size_t n = 0;

	for (int k = 0; k < API_OUT__COUNT; k++) {
		struct api_file *of = &out->files[k];

		if (of->open && !api_file_temporary(of) && n < sizeof(written))
			n += (size_t)snprintf(written + n, sizeof(written) - n,
					      "%s%s", n ? ", " : "",
					      out->paths[k]);
		api_file_abort(of);
	}
	if (!why)
		return;
	if (n)
		api_add_line(db, "%s: no output file was replaced; %s %s "
			     "written in place and may be incomplete", why,
			     written, strchr(written, ',') ? "were" : "was");
	else
		api_add_line(db, "%s: no output file was written or replaced",
			     why);
}

enum dlsim_status api_outputs_close(struct dlsim *db, struct api_outputs *out,
				    bool ok, const char *why)
{
	struct rt_diag d = { "" };
	bool good = ok;
	enum rt_err err;
	char done[512] = "", left[512] = "";
	size_t nd = 0, nl = 0;

	/* 1. the writers' trailers and the charts, into the open files */
	err = render_log_finish(out->log, good ? &d : NULL);
	good = good && (!out->log ||
			outputs_writer_done(db, out, API_OUT_LOG, err, &d));
	err = render_jobs_finish(out->jobs, good ? &d : NULL);
	good = good && (!out->jobs ||
			outputs_writer_done(db, out, API_OUT_JOBS, err, &d));
	err = render_chrome_finish(out->chrome, good ? &d : NULL);
	good = good && (!out->chrome ||
			outputs_writer_done(db, out, API_OUT_TRACE, err, &d));
	err = render_ftrace_finish(out->ftrace, good ? &d : NULL);
	good = good && (!out->ftrace ||
			outputs_writer_done(db, out, API_OUT_FTRACE, err, &d));
	out->log = NULL;
	out->jobs = NULL;
	out->chrome = NULL;
	out->ftrace = NULL;
	for (int k = API_OUT_GANTT; good && k <= API_OUT_TIKZ; k++) {
		if (!out->paths[k] || !out->gantt)
			continue;
		err = render_gantt_write_to(out->gantt, out->fp[k],
					    out->paths[k], &d);
		good = outputs_writer_done(db, out, k, err, &d);
	}
	render_gantt_destroy(out->gantt);
	out->gantt = NULL;
	out->nsinks = 0;
	/* 2. flush and close every file: a full disk shows here, while
	 * every target still holds its old content */
	for (int k = 0; good && k < API_OUT__COUNT; k++) {
		if (!out->files[k].open)
			continue;
		if (api_file_finish(&out->files[k], &d) != RT_OK) {
			api_add_line(db, "%s", d.msg);
			good = false;
		}
	}
	if (!good) {
		outputs_discard(db, out, ok ? "output error" : why);
		if (ok)
			db->code = DLSIM_IO;
		return ok ? DLSIM_IO : DLSIM_OK;
	}
	/* 3. put them all in place */
	for (int k = 0; k < API_OUT__COUNT; k++) {
		bool was = out->files[k].open;

		if (!was)
			continue;
		if (api_file_publish(&out->files[k], &d) != RT_OK) {
			api_add_line(db, "%s", d.msg);
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
		api_add_line(db, "outputs only partly replaced: written: %s; not "
			     "written (old content kept): %s", nd ? done : "none",
			     left);
		db->code = DLSIM_IO;
		return DLSIM_IO;
	}
	return DLSIM_OK;
}
