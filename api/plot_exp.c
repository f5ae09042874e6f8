/* plot_exp.c - the figures of experiment results (`dlsim plot
 * RESULTS.csv...`):
 *
 *   RESULTS.csv                the acceptance ratio of each test and of
 *                              the simulation
 *   RESULTS.csv, tardiness     per point, the largest tardiness simulated
 *                              and the largest bound (tardiness: true)
 *   A.csv B.csv ..., weighted  the weighted schedulability of each curve
 *                              of each CSV, against the parameter their
 *                              sidecars say they vary
 *
 * The curves are render/plot_acc.h's; the sidecars (render/acc_csv.h)
 * give the time unit and the parameters.  Options are checked before
 * any input is read. */
#include "api/internal.h"
#include "api/outputs.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "models/mem.h"
#include "render/acc_csv.h"
#include "render/plot_acc.h"

/* "3.5in", "7.16in", "252" (points), "252pt": the number as
 * scn_parse_decimal reads it (no exponent, sign or hex). */
static bool plot_width(const char *s, double *pt)
{
	struct rt_diag d = { "" };
	char num[64];
	size_t n = strspn(s, "0123456789.");
	double v;

	if (n >= sizeof(num))
		return false;
	memcpy(num, s, n);
	num[n] = '\0';
	if (scn_parse_decimal(num, &v, &d) != RT_OK || !(v > 0))
		return false;
	if (!strcmp(s + n, "in"))
		v *= 72;
	else if (s[n] && strcmp(s + n, "pt"))
		return false;
	*pt = v;
	return true;
}

/* The figure options every experiment plot takes. */
static enum dlsim_status plot_exp_opts(struct dlsim *db,
				       const struct dlsim_opts *opts,
				       struct render_acc_plot_opts *o)
{
	const char *w = api_opt(opts, "width"), *dpi = api_opt(opts, "dpi");

	memset(o, 0, sizeof(*o));
	o->title = api_opt(opts, "title");
	o->xlabel = api_opt(opts, "xlabel");
	if (w && !plot_width(w, &o->width_pt))
		return api_fail(db, DLSIM_USAGE, "--width '%s': expected e.g. "
				"3.5in, 7.16in or 252 (points)", w);
	/* render_lines_plot's bound, named here as the option */
	if (w && !(o->width_pt >= 72 && o->width_pt <= 200 * 72.0))
		return api_fail(db, DLSIM_USAGE, "--width '%s': a figure is 1in "
				"to 200in wide", w);
	if (dpi) {
		int64_t v;

		if (api_parse_count(db, "--dpi", dpi, 10, 2400, &v))
			return DLSIM_USAGE;
		o->dpi = (double)v;
	}
	return DLSIM_OK;
}

/* The sidecar of results 'csv' into *m; the message names it. */
static enum rt_err plot_meta(const char *csv, struct render_acc_meta *m,
			     struct rt_diag *d)
{
	size_t n = strlen(csv) + sizeof(".meta");
	char *p = rt_malloc(n);
	enum rt_err err;

	if (!p)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	snprintf(p, n, "%s.meta", csv);
	err = render_acc_meta_read(p, m, d);
	rt_free(p);
	return err;
}

/* The tardiness axis: the unit of the experiment's sidecar (times in
 * the CSV are ticks, or ns with a physical time unit). */
static void plot_tard_unit(const char *csv, double *scale, const char **unit)
{
	static const char *const units[] = { "ns", "us", "ms", "s" };
	static const double per[] = { 1, 1e3, 1e6, 1e9 };
	struct render_acc_meta m;
	struct rt_diag d = { "" };
	const char *tu;

	*scale = 1;
	*unit = "time units";
	if (plot_meta(csv, &m, &d) || !(tu = render_acc_meta_param(&m,
								   "time_unit")))
		return;
	if (!strcmp(tu, "tick"))
		*unit = "ticks";
	for (size_t i = 0; i < 4; i++)
		if (!strcmp(tu, units[i])) {
			*scale = per[i];
			*unit = units[i];
		}
}

enum dlsim_status dlsim_plot_acceptance(struct dlsim *db, const char *csv,
					const char *out,
					const struct dlsim_opts *opts)
{
	static const char *const keys[] = { "width", "dpi", "title", "xlabel",
					    "tardiness", NULL };
	struct render_acc_plot_opts o;
	struct render_acc *t = NULL;
	struct rt_diag d = { "" };
	struct api_file af;
	enum dlsim_status st;
	const char *unit;
	double scale;
	enum rt_err err;
	bool tard;
	FILE *f = NULL;

	if (!db || !csv || !out)
		return api_misuse(db, "dlsim_plot_acceptance: NULL argument");
	st = api_opts_only(db, opts, keys, "plot");
	if (!st)
		st = plot_exp_opts(db, opts, &o);
	if (!st)
		st = api_opt_bool(db, opts, "tardiness", false, &tard);
	if (!st)
		st = api_output_not_input(db, "-o", out, csv);
	if (st)
		return st;
	err = render_acc_read(csv, &t, &d);
	if (!err)
		err = api_fig_open(db, &af, out, &f, &d);
	if (!err) {
		if (tard) {
			plot_tard_unit(csv, &scale, &unit);
			err = render_tard_plot(t, scale, unit, &o, out, f, &d);
		} else if (f) {
			err = render_acc_plot_stream(t, &o, out, f, &d);
		} else {
			err = render_acc_plot(t, &o, out, &d);
		}
		err = api_fig_close(&af, err, &d);
	}
	render_acc_free(t);
	if (err)
		return api_fail(db, err == RT_ERR_INVAL ? DLSIM_OPTION :
				api_status(err), "%s", d.msg);
	return api_ok(db);
}

/* ---- weighted schedulability ----------------------------------------------- */

/* The sidecar parameters a series of experiments may vary (numbers). */
static const char *const plot_w_keys[] = {
	"cpus", "tasks", "cap", "period_min", "period_max", "budget_factor",
	"period_divisor"
};

static bool plot_num(const char *s, double *v)
{
	char *end;

	if (!s || !*s)
		return false;
	errno = 0;
	*v = strtod(s, &end);
	return !*end && !errno;
}

/* The parameter the n sidecars m[] vary: 'by' if given (each must have
 * it), else the one of plot_w_keys whose values differ.  *key and xv[k]
 * on success. */
static enum dlsim_status plot_w_param(struct dlsim *db,
				      const char *const *csv,
				      const struct render_acc_meta *m,
				      size_t n, const char *by,
				      const char **key, double *xv)
{
	char differ[256] = "";
	size_t nd = 0, o = 0;

	for (size_t i = 0; !by && i < sizeof(plot_w_keys) /
	     sizeof(plot_w_keys[0]); i++) {
		bool all = true, diff = false;
		double v0 = 0, v;

		for (size_t k = 0; all && k < n; k++) {
			all = plot_num(render_acc_meta_param(&m[k],
							     plot_w_keys[i]), &v);
			if (all && k == 0)
				v0 = v;
			diff |= all && v != v0;
		}
		if (all && diff) {
			*key = plot_w_keys[i];
			nd++;
			o += (size_t)snprintf(differ + o, sizeof(differ) - o,
					      "%s%s", nd > 1 ? ", " : "",
					      plot_w_keys[i]);
			if (o >= sizeof(differ))
				o = sizeof(differ) - 1;
		}
	}
	if (!by && nd == 0)
		return api_fail(db, DLSIM_OPTION, "plot --weighted: the results "
				"vary none of the parameters their sidecars name "
				"(cpus, tasks, cap, period_min, period_max, "
				"budget_factor, period_divisor); give the one "
				"they vary with --by KEY");
	if (!by && nd > 1)
		return api_fail(db, DLSIM_OPTION, "plot --weighted: the results "
				"vary %s; choose one with --by KEY", differ);
	if (by)
		*key = by;
	for (size_t k = 0; k < n; k++)
		if (!plot_num(render_acc_meta_param(&m[k], *key), &xv[k]))
			return api_fail(db, DLSIM_OPTION, "plot --weighted: "
					"%s.meta has no number '%s: ...'", csv[k],
					*key);
	return DLSIM_OK;
}

static const char *plot_w_label(const char *key)
{
	return !strcmp(key, "cpus") ? "number of CPUs m" :
	       !strcmp(key, "tasks") ? "number of tasks n" :
	       !strcmp(key, "budget_factor") ? "budget factor" :
	       !strcmp(key, "period_divisor") ? "period divisor" :
	       !strcmp(key, "cap") ? "per-task utilization cap" : key;
}

/* The table (out ends in .csv) or the figure of the series. */
static enum rt_err plot_w_write(struct dlsim *db, const char *out,
				const char *key,
				const struct render_acc_series *s, size_t n,
				const struct render_acc_plot_opts *o,
				struct rt_diag *d)
{
	struct api_file af;
	size_t len = strlen(out);
	enum rt_err err;
	FILE *f = NULL;

	if (len > 4 && !strcmp(out + len - 4, ".csv")) {
		api_file_init(&af);
		err = api_file_open(db, &af, out, &f, d);
		if (err)
			return err;
		err = render_acc_weighted_write(f, key, s, n, d);
		if (err) {
			api_file_abort(&af);
			return err;
		}
		return api_file_commit(&af, d);
	}
	err = api_fig_open(db, &af, out, &f, d);
	if (!err) {
		err = render_acc_weighted_plot(s, n, plot_w_label(key), o, out,
					       f, d);
		err = api_fig_close(&af, err, d);
	}
	return err;
}

enum dlsim_status dlsim_plot_weighted(struct dlsim *db,
				      const char *const *csv, size_t n,
				      const char *out,
				      const struct dlsim_opts *opts)
{
	static const char *const keys[] = { "width", "dpi", "title", "xlabel",
					    "by", NULL };
	struct render_acc_series s[RENDER_ACC_MAX_SERIES];
	struct render_acc_plot_opts o;
	struct render_acc_meta *m = NULL;
	struct render_acc **t = NULL;
	struct rt_diag d = { "" };
	enum dlsim_status st;
	const char *key = NULL;
	double *xv = NULL;
	enum rt_err err = RT_OK;
	size_t ns = 0;

	if (!db || !csv || !n || !out)
		return api_misuse(db, "dlsim_plot_weighted: NULL argument");
	st = api_opts_only(db, opts, keys, "plot");
	if (!st)
		st = plot_exp_opts(db, opts, &o);
	for (size_t k = 0; !st && k < n; k++)
		st = api_output_not_input(db, "-o", out, csv[k]);
	if (st)
		return st;
	t = rt_calloc(n, sizeof(*t));
	m = rt_calloc(n, sizeof(*m));
	xv = rt_calloc(n, sizeof(*xv));
	if (!t || !m || !xv) {
		st = api_fail(db, DLSIM_NOMEM, "out of memory");
		goto done;
	}
	for (size_t k = 0; !err && k < n; k++) {
		err = render_acc_read(csv[k], &t[k], &d);
		if (!err)
			err = plot_meta(csv[k], &m[k], &d);
	}
	if (err) {
		st = api_fail(db, api_status(err), "plot --weighted: %s", d.msg);
		goto done;
	}
	st = plot_w_param(db, csv, m, n, api_opt(opts, "by"), &key, xv);
	if (st)
		goto done;
	/* render_acc_weighted refuses these too, by index: name the files */
	for (size_t k = 0; !st && k < n; k++) {
		for (size_t j = 0; !st && j < k; j++)
			if (xv[j] == xv[k])
				st = api_fail(db, DLSIM_OPTION, "plot --weighted: "
					      "%s and %s have the same %s (%g): "
					      "one point per value; name the "
					      "key they differ in with --by KEY",
					      csv[j], csv[k], key, xv[k]);
		if (!st && (render_acc_col(t[k], "tasks") >= 0 ||
			    render_acc_col(t[k], "cpus") >= 0))
			st = api_fail(db, DLSIM_OPTION, "plot --weighted: %s "
				      "sweeps the number of %s, not the "
				      "utilization: it has no utilization "
				      "sweep to weigh", csv[k],
				      render_acc_col(t[k], "tasks") >= 0 ?
				      "tasks" : "CPUs");
	}
	if (st)
		goto done;
	err = render_acc_weighted(t, xv, n, s, &ns, &d);
	if (!err) {
		err = plot_w_write(db, out, key, s, ns, &o, &d);
		render_acc_series_free(s, ns);
	}
	if (err)
		st = api_fail(db, err == RT_ERR_INVAL ? DLSIM_OPTION :
			      api_status(err), "%s", d.msg);
done:
	for (size_t k = 0; t && k < n; k++)
		render_acc_free(t[k]);
	rt_free(t);
	rt_free(m);
	rt_free(xv);
	return st ? st : api_ok(db);
}
