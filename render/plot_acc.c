/* plot_acc.c - the figures of experiment results (plot_acc.h): the
 * curves are computed here, purely, and drawn by the line figure
 * (plot_lines.h). */
#include "render/plot_acc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "models/mem.h"
#include "render/plot_lines.h"

void render_wilson(uint64_t k, uint64_t n, double *lo, double *hi)
{
	const double z = 1.959963984540054;     /* 97.5 % normal quantile */
	double p = (double)k / (double)n, nn = (double)n;
	double den = 1 + z * z / nn;
	double mid = (p + z * z / (2 * nn)) / den;
	double half = z * sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / den;

	*lo = mid - half < 0 ? 0 : mid - half;
	*hi = mid + half > 1 ? 1 : mid + half;
}

void render_acc_series_free(struct render_acc_series *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		rt_free(s[i].pts);
}

/* The swept column other than utilization ("tasks" or "cpus"), or -1. */
static int acc_xcol(const struct render_acc *t)
{
	int c = render_acc_col(t, "tasks");

	return c >= 0 ? c : render_acc_col(t, "cpus");
}

static enum rt_err acc_series_add(const struct render_acc *t,
				  struct render_acc_series *s, int col,
				  int sets, int missed, int simulated,
				  const char *label)
{
	int xcol = acc_xcol(t);

	memset(s, 0, sizeof(*s));
	snprintf(s->label, sizeof(s->label), "%s", label);
	s->sim = col < 0;
	s->pts = rt_calloc(t->nrows ? t->nrows : 1, sizeof(*s->pts));
	if (!s->pts)
		return RT_ERR_NOMEM;
	for (size_t r = 0; r < t->nrows; r++) {
		const struct render_acc_row *w = &t->rows[r];
		uint64_t n = w->v[sets - 2], k;
		struct render_acc_point *p;

		if (s->sim) {
			n = w->v[simulated - 2];
			k = n >= w->v[missed - 2] ? n - w->v[missed - 2] : 0;
		} else {
			k = w->v[col - 2];
		}
		if (!n)
			continue;
		p = &s->pts[s->npts++];
		p->x = xcol >= 0 ? (double)w->v[xcol - 2] : strtod(w->util, NULL);
		p->n = n;
		p->y = (double)k / (double)n;
		render_wilson(k, n, &p->lo, &p->hi);
	}
	return RT_OK;
}

enum rt_err render_acc_series(const struct render_acc *t,
			      struct render_acc_series *s, size_t *n,
			      struct rt_diag *d)
{
	int sets = render_acc_col(t, "sets");
	int missed = render_acc_col(t, "sim_missed");
	int simulated = render_acc_col(t, "simulated");
	bool any_sim = false;
	enum rt_err err = RT_OK;
	size_t k = 0;

	*n = 0;
	if (sets < 0)
		return rt_diagf(d, RT_ERR_INVAL, "no sets column");
	for (size_t i = 3; i < t->ncols && k < RENDER_ACC_MAX_SERIES - 1; i++) {
		size_t len = strlen(t->names[i]);
		char label[96];

		if (len <= 9 || strcmp(t->names[i] + len - 9, "_accepted"))
			continue;
		snprintf(label, sizeof(label), "%.*s", (int)(len - 9),
			 t->names[i]);
		err = acc_series_add(t, &s[k], (int)i, sets, missed, simulated,
				     label);
		if (err)
			break;
		k++;
	}
	for (size_t r = 0; !err && simulated >= 0 && r < t->nrows; r++)
		any_sim |= t->rows[r].v[simulated - 2] > 0;
	if (!err && any_sim && missed >= 0) {
		err = acc_series_add(t, &s[k], -1, sets, missed, simulated,
				     "simulation");
		if (!err)
			k++;
	}
	if (err) {
		render_acc_series_free(s, k);
		return rt_diagf(d, err, "plot: out of memory");
	}
	if (!k)
		return rt_diagf(d, RT_ERR_INVAL, "plot: no <test>_accepted column "
				"and no simulation to draw");
	*n = k;
	return RT_OK;
}

/* ---- the acceptance ratio ------------------------------------------------ */

/* "U = 2.4; " before the caption of a tasks or CPUs sweep, and the x
 * axis label. */
static const char *acc_xlabel(const struct render_acc *t, char *fixed,
			      size_t len)
{
	fixed[0] = '\0';
	if (acc_xcol(t) >= 0 && t->nrows)
		snprintf(fixed, len, "U = %s; ", t->rows[0].util);
	return render_acc_col(t, "tasks") >= 0 ? "number of tasks n" :
	       render_acc_col(t, "cpus") >= 0 ? "number of CPUs m" :
	       "utilization U = \xce\xa3 C\xe1\xb5\xa2/T\xe1\xb5\xa2";
}

/* The sets behind the points of s[0..n): "40" or "35-40" into buf, and
 * the largest y into *ymax. */
static void acc_sets_range(const struct render_acc_series *s, size_t n,
			   char *buf, size_t len, double *ymax)
{
	uint64_t smin = UINT64_MAX, smax = 0;

	*ymax = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < s[i].npts; k++) {
			*ymax = s[i].pts[k].y > *ymax ? s[i].pts[k].y : *ymax;
			smin = s[i].pts[k].n < smin ? s[i].pts[k].n : smin;
			smax = s[i].pts[k].n > smax ? s[i].pts[k].n : smax;
		}
	if (smin == smax)
		snprintf(buf, len, "%llu", (unsigned long long)smin);
	else
		snprintf(buf, len, "%llu-%llu", (unsigned long long)smin,
			 (unsigned long long)smax);
}

static enum rt_err acc_plot(const struct render_acc *t,
			    const struct render_acc_plot_opts *o,
			    const char *path, FILE *f, struct rt_diag *d)
{
	struct render_acc_series s[RENDER_ACC_MAX_SERIES];
	char fixed[48], caption[160], range[48];
	struct render_lines fig;
	enum rt_err err;
	double ymax;
	size_t n;

	err = render_acc_series(t, s, &n, d);
	if (err)
		return err;
	memset(&fig, 0, sizeof(fig));
	fig.xlabel = acc_xlabel(t, fixed, sizeof(fixed));
	acc_sets_range(s, n, range, sizeof(range), &ymax);
	snprintf(caption, sizeof(caption), "%s%s sets per point; bars: 95 %% "
		 "Wilson intervals", fixed, range);
	fig.s = s;
	fig.n = n;
	fig.ylabel = "acceptance ratio (fraction of sets)";
	fig.caption = caption;
	fig.ymax = 1;
	fig.ratio = true;
	fig.bars = true;
	err = render_lines_plot(&fig, o, path, f, d);
	if (err == RT_ERR_INVAL && !strcmp(d->msg, "plot: no point to draw"))
		rt_diagf(d, err, "plot: no point with sets > 0");
	render_acc_series_free(s, n);
	return err;
}

enum rt_err render_acc_plot(const struct render_acc *t,
			    const struct render_acc_plot_opts *opts,
			    const char *path, struct rt_diag *d)
{
	return acc_plot(t, opts, path, NULL, d);
}

enum rt_err render_acc_plot_stream(const struct render_acc *t,
				   const struct render_acc_plot_opts *opts,
				   const char *name, FILE *f,
				   struct rt_diag *d)
{
	return acc_plot(t, opts, name, f, d);
}

/* ---- tardiness ------------------------------------------------------------ */

enum rt_err render_tard_series(const struct render_acc *t, double scale,
			       struct render_acc_series *s, size_t *n,
			       struct rt_diag *d)
{
	int sets = render_acc_col(t, "tardiness_sets");
	int cols[2] = { render_acc_col(t, "max_tardiness_bound"),
			render_acc_col(t, "max_tardiness") };
	static const char *const labels[2] = { "bound (largest)",
					       "simulated (largest)" };
	int xcol = acc_xcol(t);

	*n = 0;
	if (sets < 0 || cols[0] < 0 || cols[1] < 0)
		return rt_diagf(d, RT_ERR_INVAL, "plot: no tardiness columns "
				"(tardiness_sets, max_tardiness, "
				"max_tardiness_bound): run the experiment with "
				"tardiness: true");
	if (!(scale > 0))
		scale = 1;
	for (size_t i = 0; i < 2; i++) {
		memset(&s[i], 0, sizeof(s[i]));
		snprintf(s[i].label, sizeof(s[i].label), "%s", labels[i]);
		s[i].sim = i == 1;
		s[i].pts = rt_calloc(t->nrows ? t->nrows : 1, sizeof(*s[i].pts));
		if (!s[i].pts) {
			render_acc_series_free(s, i);
			return rt_diagf(d, RT_ERR_NOMEM, "plot: out of memory");
		}
		for (size_t r = 0; r < t->nrows; r++) {
			const struct render_acc_row *w = &t->rows[r];
			struct render_acc_point *p;

			if (!w->v[sets - 2])
				continue;
			p = &s[i].pts[s[i].npts++];
			p->x = xcol >= 0 ? (double)w->v[xcol - 2] :
			       strtod(w->util, NULL);
			p->y = p->lo = p->hi = (double)w->v[cols[i] - 2] / scale;
			p->n = w->v[sets - 2];
		}
	}
	*n = 2;
	return RT_OK;
}

enum rt_err render_tard_plot(const struct render_acc *t, double scale,
			     const char *unit,
			     const struct render_acc_plot_opts *o,
			     const char *path, FILE *f, struct rt_diag *d)
{
	struct render_acc_series s[2];
	char fixed[48], caption[160], ylabel[64], range[48];
	struct render_lines fig;
	double ymax;
	enum rt_err err;
	size_t n;

	err = render_tard_series(t, scale, s, &n, d);
	if (err)
		return err;
	memset(&fig, 0, sizeof(fig));
	fig.xlabel = acc_xlabel(t, fixed, sizeof(fixed));
	acc_sets_range(s, n, range, sizeof(range), &ymax);
	snprintf(caption, sizeof(caption), "%slargest of the %s sets with a "
		 "bound, per point", fixed, range);
	snprintf(ylabel, sizeof(ylabel), "maximum tardiness (%s)", unit);
	fig.s = s;
	fig.n = n;
	fig.ylabel = ylabel;
	fig.caption = caption;
	fig.ymax = ymax > 0 ? ymax * 1.08 : 1;
	fig.integer_x = acc_xcol(t) >= 0;
	fig.sim_below = true;
	err = render_lines_plot(&fig, o, path, f, d);
	if (err == RT_ERR_INVAL && !strcmp(d->msg, "plot: no point to draw"))
		rt_diagf(d, err, "plot: no point with a tardiness bound");
	render_acc_series_free(s, n);
	return err;
}

/* ---- weighted schedulability ---------------------------------------------- */

/* The series labelled 'label' among s[0..*n), added (no points yet, room
 * for nt) when missing; NULL when out of room or memory. */
static struct render_acc_series *acc_w_series(struct render_acc_series *s,
					      size_t *n, const char *label,
					      bool sim, size_t nt)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp(s[i].label, label))
			return &s[i];
	if (*n == RENDER_ACC_MAX_SERIES)
		return NULL;
	memset(&s[*n], 0, sizeof(s[*n]));
	snprintf(s[*n].label, sizeof(s[*n].label), "%.*s",
		 (int)sizeof(s[*n].label) - 1, label);
	s[*n].sim = sim;
	s[*n].pts = rt_calloc(nt, sizeof(*s[*n].pts));
	return s[*n].pts ? &s[(*n)++] : NULL;
}

static int acc_w_cmp(const void *a, const void *b)
{
	const struct render_acc_point *p = a, *q = b;

	return (p->x > q->x) - (p->x < q->x);
}

enum rt_err render_acc_weighted(struct render_acc *const *t, const double *xv,
				size_t nt, struct render_acc_series *s,
				size_t *n, struct rt_diag *d)
{
	enum rt_err err = RT_OK;

	*n = 0;
	for (size_t k = 0; k < nt; k++)
		for (size_t j = 0; j < k; j++)
			if (xv[j] == xv[k])
				return rt_diagf(d, RT_ERR_INVAL, "weighted: "
						"results %zu and %zu have the "
						"same value %g", j + 1, k + 1,
						xv[k]);
	for (size_t k = 0; !err && k < nt; k++) {
		struct render_acc_series c[RENDER_ACC_MAX_SERIES];
		size_t nc;

		if (acc_xcol(t[k]) >= 0) {
			/* the curves of the results before it are freed */
			err = rt_diagf(d, RT_ERR_INVAL, "weighted: results %zu "
				       "sweep the number of %s, not the "
				       "utilization", k + 1,
				       render_acc_col(t[k], "tasks") >= 0 ?
				       "tasks" : "CPUs");
			break;
		}
		err = render_acc_series(t[k], c, &nc, d);
		if (err)
			break;
		for (size_t i = 0; !err && i < nc; i++) {
			struct render_acc_series *w;
			double num = 0, den = 0;
			uint64_t sets = 0;

			/* W = sum_u u S(u) / sum_u u (Bastoni, Brandenburg
			 * & Anderson 2010), over the points with sets */
			for (size_t q = 0; q < c[i].npts; q++) {
				num += c[i].pts[q].x * c[i].pts[q].y;
				den += c[i].pts[q].x;
				sets += c[i].pts[q].n;
			}
			if (!(den > 0))
				continue;
			w = acc_w_series(s, n, c[i].label, c[i].sim, nt);
			if (!w) {
				err = rt_diagf(d, RT_ERR_NOMEM, "weighted: out of "
					       "memory or more than %d curves",
					       RENDER_ACC_MAX_SERIES);
				break;
			}
			w->pts[w->npts].x = xv[k];
			w->pts[w->npts].y = w->pts[w->npts].lo =
				w->pts[w->npts].hi = num / den;
			w->pts[w->npts].n = sets;
			w->npts++;
		}
		render_acc_series_free(c, nc);
	}
	if (err) {
		render_acc_series_free(s, *n);
		*n = 0;
		return err;
	}
	if (!*n)
		return rt_diagf(d, RT_ERR_INVAL, "weighted: no curve with a point "
				"of utilization > 0");
	for (size_t i = 0; i < *n; i++)
		qsort(s[i].pts, s[i].npts, sizeof(s[i].pts[0]), acc_w_cmp);
	return RT_OK;
}

enum rt_err render_acc_weighted_write(FILE *f, const char *param,
				      const struct render_acc_series *s,
				      size_t n, struct rt_diag *d)
{
	size_t *at = rt_calloc(n ? n : 1, sizeof(*at));

	if (!at)
		return rt_diagf(d, RT_ERR_NOMEM, "weighted: out of memory");
	fprintf(f, "%s", param);
	for (size_t i = 0; i < n; i++)
		fprintf(f, ",%s", s[i].label);
	fputc('\n', f);
	for (;;) {              /* rows: the x values in increasing order */
		double x = INFINITY;

		for (size_t i = 0; i < n; i++)
			if (at[i] < s[i].npts && s[i].pts[at[i]].x < x)
				x = s[i].pts[at[i]].x;
		if (x == INFINITY)
			break;
		fprintf(f, "%.17g", x);
		for (size_t i = 0; i < n; i++) {
			if (at[i] < s[i].npts && s[i].pts[at[i]].x == x)
				fprintf(f, ",%.6f", s[i].pts[at[i]++].y);
			else
				fputc(',', f);
		}
		fputc('\n', f);
	}
	rt_free(at);
	if (ferror(f))
		return rt_diagf(d, RT_ERR_IO, "write error");
	return RT_OK;
}

enum rt_err render_acc_weighted_plot(const struct render_acc_series *s,
				     size_t n, const char *xlabel,
				     const struct render_acc_plot_opts *o,
				     const char *path, FILE *f,
				     struct rt_diag *d)
{
	struct render_lines fig;
	bool whole = true;

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < s[i].npts; k++)
			whole &= s[i].pts[k].x == floor(s[i].pts[k].x);
	memset(&fig, 0, sizeof(fig));
	fig.s = s;
	fig.n = n;
	fig.xlabel = xlabel;
	fig.ylabel = "weighted schedulability W";
	fig.caption = "W = \xce\xa3 u\xc2\xb7S(u) / \xce\xa3 u per sweep "
		      "(Bastoni et al. 2010)";
	fig.ymax = 1;
	fig.ratio = true;
	fig.integer_x = whole;
	return render_lines_plot(&fig, o, path, f, d);
}
