/* plot.c - the figures besides the Gantt chart (`dlsim plot`):
 *
 *   dbf SCENARIO       dbf(t) and the supply, the witness marked
 *   response JOBS.csv  response-time histogram and CCDFs
 *   util SCENARIO      per-CPU busy share (one simulation of the pipeline)
 *
 * (The figures of experiment results are plot_exp.c's.)  Every option
 * is checked before the input is read, in the order the command line
 * reports them.  A figure goes to a file (render/ opens it when the
 * figure is ready) or to a memory file (":memory:NAME"). */
#include "api/sim.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "models/mem.h"
#include "render/geom.h"
#include "render/plot.h"

struct plot_opts {
	const char *kind, *input, *out, *width, *dpi, *font, *axis_unit;
	const char *until, *bins, *unit, *server;
	struct render_figure_opts fo;
	enum render_gantt_format fmt;   /* of out */
	size_t nbins;
};

static const char *const plot_keys[] = {
	"width", "dpi", "font", "axis-unit", "until", "bins", "unit", "server",
	NULL
};

/* The settings of one figure (plot_parse's value checks). */
static enum dlsim_status plot_settings(struct dlsim *db, struct plot_opts *o)
{
	struct rt_diag d = { "" };

	/* the chart's message would offer .tex, which plots are not */
	if (render_gantt_format_from_path(o->out, &o->fmt, &d) != RT_OK ||
	    o->fmt == RENDER_GANTT_TIKZ)
		return api_fail(db, DLSIM_USAGE, "-o %s: plots are .png, .svg "
				"or .pdf", o->out);
	o->fo.dpi = 0;
	if (o->dpi) {
		int64_t v;

		if (api_parse_count(db, "--dpi", o->dpi, 10, 2400, &v))
			return DLSIM_USAGE;
		o->fo.dpi = (double)v;
	}
	if (o->width && render_parse_length(o->width, o->fo.dpi ? o->fo.dpi :
					    300, &o->fo.width_pt, &d) != RT_OK)
		return api_fail(db, DLSIM_USAGE, "--width %s: %s", o->width,
				d.msg);
	/* render_figure_write's bound, named here as the option */
	if (o->width && o->fo.width_pt < 144)
		return api_fail(db, DLSIM_USAGE, "--width %s: a figure is 2in to "
				"200in wide", o->width);
	/* as every chart's --font (api_outputs_chart): "" is no font */
	if (o->font && !*o->font)
		return api_fail(db, DLSIM_USAGE, "--font: expected sans, serif "
				"or a font family name");
	o->fo.font = o->font;
	o->nbins = !strcmp(o->kind, "util") ? 100 : 20;
	if (o->bins) {
		int64_t v;

		if (api_parse_count(db, "--bins", o->bins, 1, 10000, &v))
			return DLSIM_USAGE;
		o->nbins = (size_t)v;
	}
	if (o->unit && strcmp(o->unit, "tick") && strcmp(o->unit, "ns"))
		return api_fail(db, DLSIM_USAGE, "--unit %s: expected tick or "
				"ns", o->unit);
	if (o->unit && strcmp(o->kind, "response"))
		return api_fail(db, DLSIM_USAGE, "--unit is for 'plot response'");
	if (o->server && strcmp(o->kind, "dbf"))
		return api_fail(db, DLSIM_USAGE, "--server is for 'plot dbf'");
	if (o->until && !strcmp(o->kind, "response"))
		return api_fail(db, DLSIM_USAGE, "--until is for dbf and util");
	/* dbf draws every step: no option is silently ignored */
	if (o->bins && !strcmp(o->kind, "dbf"))
		return api_fail(db, DLSIM_USAGE, "--bins is for response and "
				"util");
	return DLSIM_OK;
}

static enum dlsim_status axis_unit(struct dlsim *db,
				   const struct plot_opts *o,
				   const char *internal, rt_time display_scale,
				   rt_time span, const char **name,
				   rt_time *scale)
{
	struct rt_diag d = { "" };

	if (render_axis_unit(internal, display_scale, span, o->axis_unit, name,
			     scale, &d) != RT_OK)
		return api_fail(db, DLSIM_USAGE, "--axis-unit: %s", d.msg);
	return DLSIM_OK;
}

/* Where a figure goes: a path on disk (the renderer opens it itself, f
 * NULL) or a memory file (opened here: f). */
enum rt_err api_fig_open(struct dlsim *db, struct api_file *af,
			 const char *out, FILE **f, struct rt_diag *d)
{
	*f = NULL;
	api_file_init(af);
	if (!api_is_memory_path(db, out))
		return RT_OK;
	return api_file_open(db, af, out, f, d);
}

enum rt_err api_fig_close(struct api_file *af, enum rt_err err,
			  struct rt_diag *d)
{
	if (err == RT_OK && af->open)
		return api_file_commit(af, d);
	api_file_abort(af);
	return err;
}

static enum dlsim_status plot_dbf(struct dlsim *db, const struct plot_opts *o)
{
	struct scn_scenario *s = NULL;
	struct rt_diag d = { "" };
	struct rt_task *ts = NULL;
	const struct rt_server *sv = NULL;
	const char *uname;
	rt_time span, scale;
	size_t n = 0;
	bool trunc = false;
	struct api_file af;
	enum rt_err err;
	FILE *f;
	enum dlsim_status st = api_load(db, o->input, &s);

	if (st)
		return st;
	if (!(ts = rt_calloc(s->ntasks ? s->ntasks : 1, sizeof(*ts)))) {
		scn_free(s);
		return api_fail(db, DLSIM_NOMEM, "out of memory");
	}
	if (o->server) {        /* the tasks that server serves */
		size_t k;

		for (k = 0; k < s->nservers; k++)
			if (!strcmp(s->servers[k].name, o->server))
				break;
		if (k == s->nservers) {
			st = api_fail(db, DLSIM_USAGE, "--server %s: %s has no "
				      "such server", o->server, o->input);
			goto out;
		}
		sv = &s->servers[k];
		for (size_t i = 0; i < s->ntasks; i++)
			if (s->task_server && s->task_server[i] == (int32_t)k)
				ts[n++] = s->tasks[i];
	} else {
		memcpy(ts, s->tasks, s->ntasks * sizeof(*ts));
		n = s->ntasks;
	}
	if (o->until)
		st = api_parse_until(db, s, o->until, &span);
	else if (sv)            /* a few server periods past the tasks' */
		span = render_dbf_default_span(ts, n, 1) + 2 * sv->period;
	else
		span = render_dbf_default_span(ts, n, s->cpus);
	if (st == DLSIM_OK)
		st = axis_unit(db, o, scn_internal_unit_name(s->time_unit),
			       scn_time_unit_scale(s->time_unit), span, &uname,
			       &scale);
	if (st != DLSIM_OK)
		goto out;
	err = api_fig_open(db, &af, o->out, &f, &d);
	if (err == RT_OK)
		err = render_dbf_figure(ts, n, s->cpus, sv ? sv->budget_max : 0,
					sv ? sv->period : 0, sv ? sv->name : NULL,
					span, scale, uname, &o->fo, o->out, f,
					o->fmt, &trunc, &d);
	err = api_fig_close(&af, err, &d);
	if (err != RT_OK)
		st = api_err(db, err, &d);
	else if (trunc)
		api_notice(db, DLSIM_INFO, "dbf: the first 20000 deadlines only "
			   "(use a shorter --until)");
out:
	rt_free(ts);
	scn_free(s);
	return st;
}

static enum dlsim_status plot_response(struct dlsim *db,
				       const struct plot_opts *o)
{
	struct render_jobs_data jd;
	struct rt_diag d = { "" };
	const char *uname;
	rt_time scale, maxv = 1;
	struct api_file af;
	enum dlsim_status st;
	enum rt_err err;
	FILE *in = api_open_input(o->input), *f;

	if (!in)
		return api_fail(db, DLSIM_IO, "cannot read %s: %s", o->input,
				strerror(errno));
	err = render_jobs_csv_read(in, o->input, &jd, &d);
	api_close_input(in);
	if (err != RT_OK) {
		render_jobs_data_fini(&jd);
		return api_err(db, err, &d);
	}
	for (size_t i = 0; i < jd.n; i++)
		for (size_t k = 0; k < jd.t[i].nresp; k++)
			if (jd.t[i].resp[k] > maxv)
				maxv = jd.t[i].resp[k];
	st = axis_unit(db, o, o->unit && !strcmp(o->unit, "ns") ? "ns" :
		       "tick", 1, maxv, &uname, &scale);
	if (st == DLSIM_OK) {
		if (jd.n > 24)
			api_notice(db, DLSIM_INFO, "response: the first 24 of %zu "
				   "tasks only", jd.n);
		err = api_fig_open(db, &af, o->out, &f, &d);
		if (err == RT_OK)
			err = render_response_figure(&jd, o->nbins, scale, uname,
						     &o->fo, o->out, f, o->fmt,
						     &d);
		err = api_fig_close(&af, err, &d);
		if (err != RT_OK)
			st = api_err(db, err, &d);
	}
	render_jobs_data_fini(&jd);
	return st;
}

/* Each CPU's busy share per bin as step series, written out. */
static enum dlsim_status util_figure(struct dlsim *db,
				     const struct plot_opts *o,
				     const struct render_util *u, unsigned cpus,
				     rt_time horizon, const char *uname,
				     rt_time scale)
{
	struct render_series ser[64];
	struct render_panel p;
	struct rt_diag d = { "" };
	char xl[64], lab[64][16];
	unsigned nc = cpus < 64 ? cpus : 64;
	size_t nb = (size_t)rt_ceil_div(horizon, render_util_bin(u));
	double *buf = rt_calloc((size_t)nc * 2 * (nb + 1), sizeof(*buf));
	struct api_file af;
	enum rt_err err;
	FILE *f;

	if (!buf)
		return api_fail(db, DLSIM_NOMEM, "out of memory");
	for (unsigned c = 0; c < nc; c++) {
		double *x = buf + (size_t)c * 2 * (nb + 1), *y = x + nb + 1;

		for (size_t b = 0; b < nb; b++) {
			x[b] = (double)((rt_time)b * render_util_bin(u)) /
			       (double)scale;
			y[b] = 100.0 * render_util_share(u, c, b);
		}
		snprintf(lab[c], sizeof(lab[c]), "CPU %u", c);
		ser[c] = (struct render_series){ .label = lab[c],
			.colour = (int)c, .kind = RENDER_SERIES_STEP, .x = x,
			.y = y, .n = nb, .dashed = c % 2 == 1 };
	}
	snprintf(xl, sizeof(xl), "time (%s)", uname);
	p = (struct render_panel){ .xlabel = xl, .ylabel = "busy (%)",
		.s = ser, .ns = nc, .x0 = 0,
		.x1 = (double)horizon / (double)scale, .y0 = 0, .y1 = 105 };
	err = api_fig_open(db, &af, o->out, &f, &d);
	if (err == RT_OK && f)
		err = render_figure_write_stream(&p, 1, &o->fo, o->fmt, f,
						 o->out, &d);
	else if (err == RT_OK)
		err = render_figure_write(&p, 1, &o->fo, o->out, &d);
	err = api_fig_close(&af, err, &d);
	rt_free(buf);
	return err ? api_err(db, err, &d) : DLSIM_OK;
}

static enum dlsim_status plot_util(struct dlsim *db, const struct plot_opts *o)
{
	struct scn_scenario *s = NULL;
	struct render_util *u = NULL;
	struct rt_diag d = { "" };
	enum rt_err err;
	struct dlsim_sim *sim = NULL;
	struct api_sim_req r;
	struct sim_horizon h;
	struct sim_sink sink;
	const char *uname;
	rt_time scale;
	enum dlsim_status st = api_load(db, o->input, &s);

	if (st)
		return st;
	memset(&r, 0, sizeof(r));
	st = api_parse_until(db, s, o->until, &r.until);
	if (st == DLSIM_OK)
		st = api_horizon(db, s, r.until, &h);
	if (st == DLSIM_OK)
		st = axis_unit(db, o, scn_internal_unit_name(s->time_unit),
			       scn_time_unit_scale(s->time_unit), h.horizon,
			       &uname, &scale);
	if (st != DLSIM_OK)
		goto out;
	if ((err = render_util_create(s->cpus, h.horizon, o->nbins, &u,
				      &d)) != RT_OK) {
		st = api_fail(db, api_status(err), "%s", d.msg);
		goto out;
	}
	sink = render_util_sink(u);
	r.horizon = &h;
	r.extra = &sink;
	r.nextra = 1;
	st = api_sim_create(db, s, &r, &sim);
	if (st == DLSIM_OK)
		st = api_sim_run(db, sim, NULL);
	if (st == DLSIM_OK)
		st = util_figure(db, o, u, s->cpus, h.horizon, uname, scale);
out:
	dlsim_sim_free(sim);
	render_util_destroy(u);
	scn_free(s);
	return st;
}

enum dlsim_status dlsim_plot(struct dlsim *db, const char *figure,
			     const char *input, const char *out,
			     const struct dlsim_opts *opts)
{
	struct plot_opts o;
	enum dlsim_status st;

	if (!db || !figure || !input || !out)
		return api_misuse(db, "dlsim_plot: NULL argument");
	if (strcmp(figure, "dbf") && strcmp(figure, "response") &&
	    strcmp(figure, "util"))
		return api_fail(db, DLSIM_USAGE, "unknown figure '%s': expected "
				"dbf, response or util", figure);
	st = api_opts_only(db, opts, plot_keys, "plot");
	if (st)
		return st;
	memset(&o, 0, sizeof(o));
	o.kind = figure;
	o.input = input;
	o.out = out;
	o.width = api_opt(opts, "width");
	o.dpi = api_opt(opts, "dpi");
	o.font = api_opt(opts, "font");
	o.axis_unit = api_opt(opts, "axis-unit");
	o.until = api_opt(opts, "until");
	o.bins = api_opt(opts, "bins");
	o.unit = api_opt(opts, "unit");
	o.server = api_opt(opts, "server");
	st = plot_settings(db, &o);
	if (st == DLSIM_OK)
		st = !strcmp(figure, "dbf") ? plot_dbf(db, &o) :
		     !strcmp(figure, "response") ? plot_response(db, &o) :
		     plot_util(db, &o);
	return st ? st : api_ok(db);
}
