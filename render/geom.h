/* geom.h - Gantt chart geometry as pure functions (no cairo, no I/O).
 *
 * Times stay rt_time (exact) until the last step, render_axis_x(), which
 * maps an instant to a device x in points as a double.  Everything a chart
 * stores is reduced here to what can be seen at the output resolution:
 *
 *  - boxes (execution intervals) of one row merge when they are less than
 *    half a device pixel apart and one of them is narrower than 'min_px'
 *    pixels; merged boxes remember how much of their span really executed
 *    ('busy'), and a merge across colours gets RENDER_COLOUR_MIXED;
 *  - point marks (releases, deadlines, completions, aborts) closer than
 *    'min_px' pixels to the previous mark of the same list are dropped;
 *  - miss spans merge like boxes, and also when one starts within
 *    'min_px' pixels of the previous start (overlapping late jobs), and
 *    keep the largest tardiness.
 *
 * So a row holds at most about 2.5 x (width in pixels) boxes whatever the
 * number of jobs: memory is bounded by what can be drawn.  Inputs outside
 * the window [t0, t1) are clipped or dropped.
 */
#ifndef RENDER_GEOM_H
#define RENDER_GEOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/rt_err.h"
#include "models/rt_time.h"

#define RENDER_COLOUR_MIXED (-1)        /* merged boxes of several colours */

/* Maps the window [t0, t1) linearly onto [x0, x1] (device points). */
struct render_axis {
	rt_time t0, t1;                 /* window, t0 < t1 */
	double x0, x1;                  /* device x of t0 and of t1 */
	double px;                      /* one device pixel, in the same units as x */
};

/* x of instant t (not clamped: t outside the window maps outside). */
double render_axis_x(const struct render_axis *ax, rt_time t);

/* The smallest "nice" step s = {1, 2, 5} x 10^k (k >= 0, internal units)
 * such that span / s <= max_ticks; span > 0, max_ticks >= 1.  Because
 * display scales are powers of ten (1 tick, 1e3 ns = 1 us, ...), a nice
 * internal step is also nice in the display unit.  Saturates at the
 * largest such step below 2^63. */
rt_time render_nice_step(rt_time span, unsigned max_ticks);

/* rt_time_format (models/rt_time.h) under the chart code's name. */
int render_format_time(char *buf, size_t n, rt_time t, rt_time scale);

/* Parse a length: "3.5in", "7.16in", "18cm", "90mm", "500pt", "1600px" or
 * "1600" (pixels), into points (1/72 in); pixels convert at 'dpi'.  Must
 * be > 0 and at most 200 in. */
enum rt_err render_parse_length(const char *s, double dpi, double *pt,
				struct rt_diag *d);

/* One drawn execution box. */
struct render_box {
	rt_time a, b;                   /* [a, b) within the window, a < b */
	rt_time busy;                   /* executed time in [a, b), <= b - a */
	int colour;                     /* palette index or RENDER_COLOUR_MIXED */
};

struct render_boxes {
	struct render_box *v;
	size_t n, cap;
};

/* Add the execution [a, b) in 'colour', clipped to the window, merging
 * with the last box as described above (min_px: narrowest box kept on its
 * own, in device pixels).  Nothing is added for an empty intersection.
 * RT_ERR_NOMEM leaves bx unchanged. */
enum rt_err render_boxes_add(struct render_boxes *bx,
			     const struct render_axis *ax, rt_time a,
			     rt_time b, int colour, double min_px);
void render_boxes_fini(struct render_boxes *bx);

/* Instants of one kind of point mark, in insertion order. */
struct render_marks {
	rt_time *v;
	size_t n, cap;
};

/* Add instant t if it lies in [t0, t1] and is at least min_px pixels from
 * the last kept mark.  RT_ERR_NOMEM leaves mk unchanged. */
enum rt_err render_marks_add(struct render_marks *mk,
			     const struct render_axis *ax, rt_time t,
			     double min_px);
void render_marks_fini(struct render_marks *mk);

/* A deadline miss: tardiness span from the deadline d to the finish f. */
struct render_miss {
	rt_time d, f;                   /* span [d, f), clipped to the window */
	rt_time tardiness;              /* largest of the merged misses */
	bool open;                      /* still pending at the horizon: f is
					 * the horizon, tardiness a lower bound */
	bool label;                     /* the real f lies in [t0, t1] */
};

struct render_misses {
	struct render_miss *v;
	size_t n, cap;
};

/* Add a miss of a job with deadline d, finished (or seen pending) at f
 * with tardiness 'tard'.  RT_ERR_NOMEM leaves ms unchanged. */
enum rt_err render_misses_add(struct render_misses *ms,
			      const struct render_axis *ax, rt_time d,
			      rt_time f, rt_time tard, bool open,
			      double min_px);
void render_misses_fini(struct render_misses *ms);

/* The label of a miss: "+3", or "≥+3" when open (a lower bound), in
 * units of 'scale', rounded to 3 significant digits
 * (render_format_time_sig).  Returns snprintf's result. */
int render_miss_label(char *buf, size_t n, const struct render_miss *m,
		      rt_time scale);

/* The unit a chart's time axis and labels use.  internal_unit is "tick"
 * (then only "tick" exists) or "ns"; display_scale (internal units per
 * scenario unit) gives the scenario's own unit.  want NULL: automatic,
 * the scenario unit made 1000x larger (us -> ms -> s) while the window
 * span [0, span] would need labels of five or more integer digits;
 * otherwise one of "ns", "us", "ms", "s" (or "tick" for tick scenarios).
 * *name is a static string ("ms"; "ticks" for ticks), *scale internal
 * units per axis unit.  RT_ERR_INVAL names the allowed units. */
enum rt_err render_axis_unit(const char *internal_unit, rt_time display_scale,
			     rt_time span, const char *want, const char **name,
			     rt_time *scale, struct rt_diag *d);

/* Write t / scale for a chart label, readable rather than exact: values
 * with more than 'sig' significant digits are rounded to 'sig' of them
 * (never fewer than the integer digits, never to 0 for t != 0), trailing
 * zeros dropped ("3.69" for 3688402 ns in ms, sig 3; "12" stays "12").
 * sig >= 1.  Returns snprintf's result. */
int render_format_time_sig(char *buf, size_t n, rt_time t, rt_time scale,
			   int sig);

/* Collision-free placement of labels along one row (miss labels).  Label
 * i wants to start at want[i], is w[i] wide, and belongs to a
 * span [span_a[i], span_b[i]] drawn in level 0.  Each label gets a level
 * (0: the spans' own line, 1, 2, ...: lines below) and an x: it stays at
 * want[i] when that fits before xmax, otherwise it moves left to end at
 * xmax (and then never sits in level 0, where it would cover its span).
 * w[i] < 0: span i has no label (level -1) but is still an obstacle.
 * In a level, labels keep 'gap' apart; in level 0 they also keep off
 * every span.  Greedy, first level that fits; at most max_levels levels:
 * a label that fits nowhere gets level -1 (only when more than
 * max_levels labels pile up within one label width).  Spans are sorted
 * by span_a.  Returns the number of levels used (0 for n == 0).  Pure:
 * O(n x (max_levels + spans starting before the label's end)); a row
 * holds O(width in pixels) misses (geom merging), so this stays small. */
int render_place_labels(const double *want, const double *w,
			const double *span_a, const double *span_b, size_t n,
			double xmax, double gap, int max_levels, double *x,
			int *level);

#endif /* RENDER_GEOM_H */
