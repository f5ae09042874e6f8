/* outputs_check.c - the settings of the output files (see outputs.h):
 * read from the call's options, and checked before any work (extensions,
 * chart options, sizes, two outputs on one file). */
#define _XOPEN_SOURCE 700       /* realpath */
#include "api/outputs.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


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

bool api_outputs_want_chart(const struct api_outputs_opts *o)
{
	return o->gantt || o->tikz;
}

enum dlsim_status api_outputs_chart(struct dlsim *db,
				    const struct api_outputs_opts *o,
				    const char *display_unit,
				    struct render_gantt_opts *g)
{
	enum scn_time_unit unit = SCN_UNIT_TICK;

	struct render_gantt_opts def = RENDER_GANTT_OPTS_DEFAULT;
	struct rt_diag d = { "" };
	bool tick;

	*g = def;
	if (o->dpi) {
		int64_t v;

		if (api_parse_count(db, "--dpi", o->dpi, 10, 2400, &v))
			return DLSIM_USAGE;
		g->dpi = (double)v;
	}
	if (o->width && render_parse_length(o->width, g->dpi != 0 ? g->dpi : 300,
					    &g->width_pt, &d) != RT_OK)
		return api_fail(db, DLSIM_USAGE, "--width %s: %s", o->width, d.msg);
	/* render_gantt_create's bound, named here as the option */
	if (o->width && g->width_pt < 72)
		return api_fail(db, DLSIM_USAGE, "--width %s: a chart is 1in to "
				"200in wide", o->width);
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
		/* render_axis_unit's rule, checked before any work and named
		 * as the option: a tick scenario has no physical unit */
		tick = !display_unit || !strcmp(display_unit, "tick");
		if (tick && k >= 2)
			return api_fail(db, DLSIM_USAGE, "--axis-unit %s: the "
					"scenario counts in ticks (time_unit "
					"tick); use tick", o->axis_unit);
		if (!tick && k < 2)
			return api_fail(db, DLSIM_USAGE, "--axis-unit %s: the "
					"scenario's time_unit is %s; use ns, us, "
					"ms or s", o->axis_unit, display_unit);
	}
	if (o->font && !*o->font)
		return api_fail(db, DLSIM_USAGE, "--font: expected sans, serif or a "
				"font family name");
	g->title = o->title;
	g->font = o->font;
	g->axis_unit = o->axis_unit;
	return DLSIM_OK;
}

const char *const api_output_opt[API_OUT__COUNT] = {
	"--log", "--jobs", "--trace", "--ftrace", "--gantt", "--tikz"
};

void api_outputs_paths(const struct api_outputs_opts *o,
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

	api_outputs_paths(o, p);
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

/* p with its symlink chain followed (at most 40 links, as the kernel), so
 * that a dangling link names the file it would create; then canon_name.
 * NULL on a loop or an error (malloc'd). */
static char *final_name(const char *p)
{
	char *cur = strdup(p);

	for (int n = 0; cur && n < 40; n++) {
		struct stat st;
		char buf[4096], *next;
		ssize_t len;
		const char *slash;

		if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode)) {
			char *out = canon_name(cur);

			free(cur);
			return out;
		}
		len = readlink(cur, buf, sizeof(buf) - 1);
		if (len < 0)
			break;
		buf[len] = '\0';
		slash = strrchr(cur, '/');
		if (buf[0] == '/' || !slash) {
			next = strdup(buf);
		} else {        /* relative to the link's folder */
			size_t dl = (size_t)(slash - cur + 1);

			next = malloc(dl + (size_t)len + 1);
			if (next) {
				memcpy(next, cur, dl);
				memcpy(next + dl, buf, (size_t)len + 1);
			}
		}
		free(cur);
		cur = next;
	}
	free(cur);
	return NULL;
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
	ca = final_name(a);
	cb = final_name(b);
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

	api_outputs_paths(o, p);
	for (int a = 0; a < API_OUT__COUNT; a++)
		for (int b = a + 1; b < API_OUT__COUNT && p[a]; b++)
			if (p[b] && same_target(p[a], p[b]))
				return api_fail(db, DLSIM_USAGE, "%s %s and %s %s name "
						"the same file", api_output_opt[a],
						p[a], api_output_opt[b], p[b]);
	return DLSIM_OK;
}

bool api_output_is_input(const char *out, const char *in)
{
	struct stat so, si;

	if (!out || !in || !strcmp(in, "-") || is_stdout(out) ||
	    stat(out, &so) != 0 || stat(in, &si) != 0)
		return false;
	return S_ISREG(so.st_mode) && so.st_dev == si.st_dev &&
	       so.st_ino == si.st_ino;
}

enum dlsim_status api_output_not_input(struct dlsim *db, const char *opt,
				       const char *out, const char *in)
{
	if (!api_output_is_input(out, in))
		return DLSIM_OK;
	return api_fail(db, DLSIM_USAGE, "%s %s names the input %s: writing "
			"it would replace the input; choose another name", opt,
			out, in);
}

int dlsim_output_is_input(const char *out, const char *in)
{
	return api_output_is_input(out, in);
}

int dlsim_output_in_place(const char *path)
{
	return path && render_outfile_is_stream(path);
}

/* No output may replace the input it is made from. */
static enum dlsim_status outputs_not_input(struct dlsim *db,
					   const struct api_outputs_opts *o,
					   const char *input)
{
	const char *p[API_OUT__COUNT];
	enum dlsim_status st = DLSIM_OK;

	api_outputs_paths(o, p);
	for (int a = 0; a < API_OUT__COUNT && st == DLSIM_OK; a++)
		if (p[a])
			st = api_output_not_input(db, api_output_opt[a], p[a],
						  input);
	return st;
}

bool api_outputs_size(const char *text, uint64_t *out)
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
				    const char *display_unit, const char *input)
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
	if (o->tikz && !is_stdout(o->tikz) &&
	    !render_path_has_ext(o->tikz, ".tex") &&
	    !render_path_has_ext(o->tikz, ".tikz"))
		return api_fail(db, DLSIM_USAGE, "--tikz %s: expected a .tex or .tikz "
				"file name", o->tikz);
	if (o->trace && !is_stdout(o->trace) &&
	    !render_path_has_ext(o->trace, ".json"))
		return api_fail(db, DLSIM_USAGE, "--trace %s: expected a .json file "
				"name", o->trace);
	if (!api_outputs_want_chart(o) && (o->rows || o->window || o->width ||
				       o->dpi || o->title || o->font ||
				       o->axis_unit || o->color_by))
		return api_fail(db, DLSIM_USAGE, "chart options need --gantt or --tikz");
	rc = api_outputs_chart(db, o, display_unit, &g);
	if (rc == DLSIM_OK && o->max_output) {
		uint64_t v;

		if (!api_outputs_size(o->max_output, &v))
			return api_fail(db, DLSIM_USAGE, "--max-output %s: expected a "
					"size such as 500K, 10M or 2G",
					o->max_output);
	}
	if (rc == DLSIM_OK)
		rc = outputs_same_file(db, o);
	if (rc == DLSIM_OK)
		rc = outputs_not_input(db, o, input);
	return rc;
}
