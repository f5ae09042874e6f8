/* plot.h - the figures an analysis paper shows besides the Gantt chart:
 * dbf(t) against t, response-time and tardiness distributions, per-CPU
 * utilization over time.  `dlsim plot KIND ...` draws them.
 *
 * A figure is a column of panels (struct render_panel), each an x/y plot
 * with nice ticks, axis labels, a small heading, a legend and its series
 * (step functions, polylines, histogram bars) and labelled point marks
 * (the dbf witness).  The data come from pure functions below (exact in
 * rt_time until converted for drawing) or from readers (render_jobs_csv)
 * and sinks (render_util); render_figure_write() draws PNG, SVG or PDF
 * through canvas.c, with the chart fonts (>= 8 pt) and deterministic
 * bytes.
 */
#ifndef RENDER_PLOT_H
#define RENDER_PLOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "models/rt_err.h"
#include "models/rt_time.h"
#include "models/task.h"
#include "render/gantt.h"
#include "sim/trace.h"

enum render_series_kind {
	RENDER_SERIES_STEP = 0,         /* y[i] holds on [x[i], x[i + 1]) */
	RENDER_SERIES_LINE,             /* polyline through (x[i], y[i]) */
	RENDER_SERIES_BARS              /* bar i spans [x[i], x[i + 1]), height
					 * y[i]; x has n + 1 entries */
};

struct render_series {
	const char *label;              /* legend text; NULL: not listed */
	int colour;                     /* palette index; -1: text colour */
	enum render_series_kind kind;
	const double *x, *y;
	size_t n;
	bool dashed;
};

struct render_point_mark {              /* a labelled point (witness) */
	double x, y;
	const char *label;
};

struct render_panel {
	const char *title;              /* heading above the panel, or NULL */
	const char *xlabel, *ylabel;
	const struct render_series *s;
	size_t ns;
	const struct render_point_mark *marks;
	size_t nmarks;
	double x0, x1, y0, y1;          /* ranges; x0 >= x1 (or y0 >= y1):
					 * from the data */
	bool ylog;                      /* log10 y axis (CCDF); y <= 0 is not
					 * drawn */
};

struct render_figure_opts {
	double width_pt;                /* 0: 3.5 in */
	double dpi;                     /* PNG; 0: 300 */
	const char *font;               /* render_style_font() */
};

/* Draw the panels, one under the other, into path (.png .svg .pdf).
 * RT_ERR_INVAL: other extension, no panel, a bad width; RT_ERR_IO. */
enum rt_err render_figure_write(const struct render_panel *p, size_t np,
				const struct render_figure_opts *o,
				const char *path, struct rt_diag *d);

/* The same into an open stream in format fmt (not TikZ); name is for
 * messages. */
enum rt_err render_figure_write_stream(const struct render_panel *p,
				       size_t np,
				       const struct render_figure_opts *o,
				       enum render_gantt_format fmt, FILE *f,
				       const char *name, struct rt_diag *d);

/* ---- ready-made figures (plot_figs.c) -------------------------------- */

/* dbf(t) of ts against the supply m t over [0, span], the first t with
 * dbf(t) > m t marked and labelled "dbf(t) = D > t"; times in units of
 * 'scale' named uname.  With server_q > 0: against the sbf of the
 * periodic resource (server_q, server_p) named server_name instead.
 * Into f (fmt) if f, else into path. */
enum rt_err render_dbf_figure(const struct rt_task *ts, size_t n, unsigned m,
			      rt_time server_q, rt_time server_p,
			      const char *server_name,
			      rt_time span, rt_time scale, const char *uname,
			      const struct render_figure_opts *o,
			      const char *path, FILE *f,
			      enum render_gantt_format fmt, bool *truncated,
			      struct rt_diag *d);

struct render_jobs_data;

/* Per task (the first 24): a histogram of response times (nbins), their
 * CCDF, and the tardiness CCDF when some job was late.  Into f or path as
 * above.  RT_ERR_INVAL when no job completed. */
enum rt_err render_response_figure(const struct render_jobs_data *jd,
				   size_t nbins, rt_time scale,
				   const char *uname,
				   const struct render_figure_opts *o,
				   const char *path, FILE *f,
				   enum render_gantt_format fmt,
				   struct rt_diag *d);

/* ---- pure data helpers (plot_data.c) -------------------------------- */

/* Nice linear ticks over [lo, hi] (lo < hi): step = {1, 2, 5} x 10^k with
 * at most max_ticks ticks; *first = the smallest multiple of step >= lo. */
void render_nice_ticks(double lo, double hi, unsigned max_ticks,
		       double *step, double *first);

/* The demand bound function of ts (fair tasks left out) as a step
 * function: *x, *y (allocated, rt_free both) get one point per distinct
 * absolute deadline t <= tmax (t = D_i + k T_i), y = dbf(t), starting
 * with (0, 0); times divided by 'scale'.  At most max_points points
 * (further deadlines are left out and *truncated set).  RT_ERR_OVERFLOW
 * when dbf overflows, RT_ERR_NOMEM. */
enum rt_err render_dbf_steps(const struct rt_task *ts, size_t n, rt_time tmax,
			     rt_time scale, size_t max_points, double **x,
			     double **y, size_t *np, bool *truncated);

/* The first absolute deadline t <= tmax with dbf(t) > m t (exact; the
 * processor demand criterion's witness on one CPU, the LOAD bound's on
 * m), scanning at most max_points deadlines; RT_TIME_NEVER if none. */
rt_time render_dbf_witness(const struct rt_task *ts, size_t n, unsigned m,
			   rt_time tmax, size_t max_points);

/* The same against the supply bound function of a periodic resource
 * (budget q every period p: a hard CBS server), render_sbf_periodic. */
rt_time render_dbf_witness_sbf(const struct rt_task *ts, size_t n, rt_time q,
			       rt_time p, rt_time tmax, size_t max_points);

/* sbf(t) of the periodic resource model (p, q) (Shin & Lee, RTSS 2003):
 * the least supply in any interval of length t, exactly: 0 during the
 * worst blackout 2 (p - q), then q in each period, the first q at once:
 * k q + min(q, r) with t - 2 (p - q) = k p + r.  0 for q <= 0 or p < q. */
rt_time render_sbf_periodic(rt_time q, rt_time p, rt_time t);

/* Its corner points over [0, tmax] (divided by scale) into x, y (cap
 * entries, at least 2); returns how many. */
size_t render_sbf_points(rt_time q, rt_time p, rt_time tmax, rt_time scale,
			 double *x, double *y, size_t cap);

/* The span a dbf plot shows by default: twice the witness when there is
 * one within the synchronous busy period (or, when U > 1 or the busy
 * period is out of reach, within 10 x the largest D or T), else the busy
 * period; at least the largest D.  Never fails (overflow saturates). */
rt_time render_dbf_default_span(const struct rt_task *ts, size_t n,
				unsigned m);

/* Histogram of v[0..n) over [lo, hi] in nbins equal bins (the last bin
 * includes hi; values outside are left out): edges (nbins + 1) and
 * counts (nbins) are caller-provided. */
void render_histogram(const double *v, size_t n, double lo, double hi,
		      size_t nbins, double *edges, double *counts);

/* The complementary CDF P(X > x) of v[0..n) (sorted in place, ascending)
 * as a step function: x[k] = the k-th distinct value, y[k] = share of
 * values > x[k]; with a first point (v_min, 1) at the front, so the curve
 * starts at 1.  x and y need n + 1 entries; returns the number of points
 * (0 for n == 0). */
size_t render_ccdf(double *v, size_t n, double *x, double *y);

/* ---- a --jobs CSV (jobs_csv.c) --------------------------------------- */

struct render_job_task {
	char *name;
	rt_time *resp;                  /* response times of completed jobs */
	size_t nresp, cresp;
	rt_time *tard;                  /* tardiness where known (completed;
					 * lower bound if pending at horizon) */
	size_t ntard, ctard;
};

struct render_jobs_data {
	struct render_job_task *t;      /* in order of first appearance */
	size_t n, cap;
	unsigned long rows;
};

/* Read a `dlsim run --jobs` CSV (header task,job,release,deadline,start,
 * finish,response,tardiness,cpu; RFC 4180 quoting).  Errors name
 * "name:LINE:" and the column: RT_ERR_PARSE, RT_ERR_NOMEM, RT_ERR_IO. */
enum rt_err render_jobs_csv_read(FILE *f, const char *name,
				 struct render_jobs_data *out,
				 struct rt_diag *d);
void render_jobs_data_fini(struct render_jobs_data *j);

/* A sink filling j from a run (COMPLETE: response = value; MISS:
 * tardiness = value, also for jobs pending at the horizon; completed jobs
 * on time: tardiness 0); names[i] is task i's name (borrowed, ntasks).
 * Its emit returns RT_ERR_NOMEM when a list cannot grow.  Memory O(jobs):
 * for reports, not long runs. */
struct render_jobs_sink {
	struct render_jobs_data *j;     /* zeroed before the run */
	const struct rt_task *tasks;
	size_t ntasks;
	/* private: the last aborted job */
	bool aborted;
	uint32_t aborted_task;
	uint64_t aborted_job;
};
struct sim_sink render_jobs_data_sink(struct render_jobs_sink *ctx);

/* ---- per-CPU utilization over time (util.c) --------------------------- */

struct render_util;

/* A sink summing each CPU's busy time in 'bins' equal bins over
 * [0, horizon) (START to PREEMPT/COMPLETE/SUSPEND/ABORT/END).
 * RT_ERR_INVAL: no CPU, bins 0 or horizon <= 0. */
enum rt_err render_util_create(unsigned cpus, rt_time horizon, size_t bins,
			       struct render_util **out, struct rt_diag *d);
struct sim_sink render_util_sink(struct render_util *u);
/* Busy share in [0, 1] of cpu in bin b (b < bins). */
double render_util_share(const struct render_util *u, unsigned cpu, size_t b);
/* The width of a bin in internal units (the last may be shorter). */
rt_time render_util_bin(const struct render_util *u);
void render_util_destroy(struct render_util *u);

#endif /* RENDER_PLOT_H */
