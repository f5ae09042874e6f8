/* plot_acc.h - the acceptance-ratio figure of an experiment CSV.
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

#endif /* RENDER_PLOT_ACC_H */
