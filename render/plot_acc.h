/* plot_acc.h - the figures of experiment results: the acceptance ratio
 * of a CSV, its tardiness, and the weighted schedulability of several.
 *
 * One curve per test (the <test>_accepted columns) plus the simulation
 * (sets the simulation met: sets - sim_missed, when 'simulated' > 0),
 * against the swept utilization.  Each curve has its own marker shape
 * and dash pattern as well as an Okabe-Ito colour, so it survives
 * black-and-white printing; each point carries its 95 % Wilson score
 * interval as an error bar (Wilson 1927), dodged sideways per curve so
 * the bars do not hide each other.  The caption gives the sets per
 * point.  Laid out in points for a 3.5 in column (252 pt, the default)
 * or a 7.16 in page; format by extension: .png (dpi), .svg, .pdf.
 */
#ifndef RENDER_PLOT_ACC_H
#define RENDER_PLOT_ACC_H

#include <stddef.h>
#include <stdio.h>

#include "models/rt_err.h"
#include "render/acc_csv.h"

#define RENDER_ACC_MAX_SERIES (RT_EXP_MAX_TESTS + 1)

/* A curve's point: its value y (a ratio, a time, W) with the interval
 * lo..hi (lo = hi = y where none applies) and the sets behind it. */

struct render_acc_point {
	double x;                       /* utilization of the point */
	double y;                       /* accepted / sets */
	double lo, hi;                  /* 95 % Wilson interval */
	uint64_t n;                     /* sets */
};

struct render_acc_series {
	char label[96];                 /* test name, or "simulation" */
	bool sim;
	size_t npts;
	struct render_acc_point *pts;   /* t->nrows entries, owned */
};

/* The curves of table t (pure: no cairo): *n series into s[] (up to
 * RENDER_ACC_MAX_SERIES), each with one point per row that has sets > 0.
 * Free with render_acc_series_free.  RT_ERR_INVAL if t has no
 * <test>_accepted column and no simulation, RT_ERR_NOMEM. */
enum rt_err render_acc_series(const struct render_acc *t,
			      struct render_acc_series *s, size_t *n,
			      struct rt_diag *d);
void render_acc_series_free(struct render_acc_series *s, size_t n);

/* 95 % Wilson score interval of k successes in n trials (n > 0). */
void render_wilson(uint64_t k, uint64_t n, double *lo, double *hi);

struct render_acc_plot_opts {
	double width_pt;                /* 0: 252 (3.5 in); 72..14400 */
	double dpi;                     /* PNG only; 0: 300 */
	const char *title;              /* NULL: none */
	const char *xlabel;             /* NULL: "utilization U = sum C_i/T_i" */
};

/* Draw t into 'path' (written atomically).  RT_ERR_INVAL for an unknown
 * extension or bad options, RT_ERR_IO, RT_ERR_NOMEM. */
enum rt_err render_acc_plot(const struct render_acc *t,
			    const struct render_acc_plot_opts *o,
			    const char *path, struct rt_diag *d);
/* The same into the open stream f; 'name' gives the format by its
 * extension and names the figure in messages. */
enum rt_err render_acc_plot_stream(const struct render_acc *t,
				   const struct render_acc_plot_opts *o,
				   const char *name, FILE *f,
				   struct rt_diag *d);

/*
 * Tardiness (an experiment with tardiness: true): per point with
 * tardiness_sets > 0, the largest tardiness bound and the largest
 * tardiness simulated (the 'sim' curve) of its sets that have a bound,
 * divided by 'scale' (internal units per axis unit); lo = hi = y, n the
 * sets with a bound.  Two curves into s[0..2), *n = 2; free with
 * render_acc_series_free.  RT_ERR_INVAL when t has no tardiness columns.
 */
enum rt_err render_tard_series(const struct render_acc *t, double scale,
			       struct render_acc_series *s, size_t *n,
			       struct rt_diag *d);
/* Their figure, the y axis "maximum tardiness (UNIT)"; f NULL: into
 * 'path' written atomically (as render_acc_plot_stream otherwise). */
enum rt_err render_tard_plot(const struct render_acc *t, double scale,
			     const char *unit,
			     const struct render_acc_plot_opts *o,
			     const char *path, FILE *f, struct rt_diag *d);

/*
 * Weighted schedulability (Bastoni, Brandenburg & Anderson 2010) of
 * every curve of the nt results t[k], a utilization sweep each: W =
 * sum_u u S(u) / sum_u u over its points with sets (S the acceptance
 * ratio, u the point's utilization), put at x = xv[k] (the parameter
 * the results vary; distinct).  One series per curve label (tests, the
 * simulation) across the results, points in increasing x, n the sets of
 * the sweep.  RT_ERR_INVAL for a sweep over tasks or CPUs, equal x
 * values or nothing to weigh; RT_ERR_NOMEM.  Free the series with
 * render_acc_series_free.
 */
enum rt_err render_acc_weighted(struct render_acc *const *t, const double *xv,
				size_t nt, struct render_acc_series *s,
				size_t *n, struct rt_diag *d);
/* As CSV: "PARAM,<label>..." then one row per x value (W with six
 * decimals, empty where a curve has no point). */
enum rt_err render_acc_weighted_write(FILE *f, const char *param,
				      const struct render_acc_series *s,
				      size_t n, struct rt_diag *d);
/* The figure: W against the parameter (x axis 'xlabel'), one curve per
 * label; f NULL: into 'path' written atomically. */
enum rt_err render_acc_weighted_plot(const struct render_acc_series *s,
				     size_t n, const char *xlabel,
				     const struct render_acc_plot_opts *o,
				     const char *path, FILE *f,
				     struct rt_diag *d);

#endif /* RENDER_PLOT_ACC_H */
