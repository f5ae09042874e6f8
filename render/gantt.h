/* gantt.h - Gantt charts of a run: PNG, SVG, PDF (cairo) and TikZ.
 *
 * A chart is a sink: create it before the run (it needs the window and the
 * output width to know what is visible), attach render_gantt_sink() to the
 * engine or to render_replay_run(), then write it to one or more files:
 *
 *	struct render_gantt_opts o = RENDER_GANTT_OPTS_DEFAULT;
 *	o.rows = RENDER_ROWS_CPU;
 *	rc = render_gantt_create(&meta, &o, &g, &diag);
 *	... run with render_gantt_sink(g) ...
 *	rc = render_gantt_write(g, "out.pdf", &diag);
 *	render_gantt_destroy(g);
 *
 * Rows: one per task (default; boxes coloured by CPU when cpus > 1, by
 * task otherwise) or one per CPU (boxes coloured by task, named inside
 * when they fit).  Each row is a stack of lanes (render_lane): arrows,
 * execution boxes, misses, and lanes reserved for server budget and
 * throttling, so server charts add lanes without changing the layout code.
 * Drawn: labels tau_i (C, D, T) and the task name, execution boxes
 * (preemptions show as split boxes), release up-arrows, deadline
 * down-arrows, completion marks, deadline misses as a red hatched span
 * from the deadline to the finish labelled "+tardiness" ("+5…" when still
 * pending at the horizon), aborted jobs as a cross, self-suspensions as a
 * thin dashed line at mid-height of the task's row from SUSPEND to
 * RESUME (task rows only), time axis with nice ticks and the unit, title,
 * legend.
 *
 * Memory: what is recorded is merged at the output resolution (geom.h),
 * so it is O(rows x width in pixels) whatever the number of jobs.
 * Determinism: the same records and options give the same PNG, SVG and
 * PDF bytes (fixed font options, fixed PDF dates, normalised SVG ids) on
 * one cairo version; different cairo versions may differ.
 */
#ifndef RENDER_GANTT_H
#define RENDER_GANTT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "models/rt_err.h"
#include "models/rt_time.h"
#include "render/geom.h"
#include "render/meta.h"
#include "sim/trace.h"

enum render_rows {
	RENDER_ROWS_TASK = 0,           /* one row per task */
	RENDER_ROWS_CPU                 /* one row per CPU */
};

/* What the fill colour of an execution box means (--color-by); the other
 * one is still shown (CPU views name the task inside the box, task views
 * with colour by CPU have a CPU legend). */
enum render_colour_by {
	RENDER_COLOUR_BY_TASK = 0,      /* every view: one colour per task */
	RENDER_COLOUR_BY_CPU
};

enum render_gantt_format {
	RENDER_GANTT_PNG = 0,
	RENDER_GANTT_SVG,
	RENDER_GANTT_PDF,
	RENDER_GANTT_TIKZ               /* .tex / .tikz */
};

struct render_gantt_opts {
	rt_time t0, t1;                 /* window [t0, t1) in internal units;
					 * t0 == t1 == 0: [0, horizon) */
	double width_pt;                /* chart width in points (1/72 in);
					 * 0: 7.16 in (render_parse_length) */
	double dpi;                     /* PNG pixels per inch; 0: 300.
					 * Also the resolution of merging. */
	enum render_rows rows;
	const char *title;              /* NULL or "": none (papers use
					 * captions) */
	const char *font;               /* "sans" (NULL: DejaVu Sans), "serif"
					 * (Liberation Serif, Times metrics) or
					 * a fontconfig family name */
	const char *axis_unit;          /* NULL: automatic (render_axis_unit);
					 * "ns" "us" "ms" "s" (or "tick") */
	enum render_colour_by colour_by;
};

#define RENDER_GANTT_OPTS_DEFAULT \
	{ .t0 = 0, .t1 = 0, .width_pt = 0, .dpi = 0, \
	  .rows = RENDER_ROWS_TASK, .title = NULL, .font = NULL, \
	  .axis_unit = NULL, .colour_by = RENDER_COLOUR_BY_TASK }

/* Lane kinds of a row, top to bottom. */
enum render_lane {
	RENDER_LANE_ARROWS = 0,         /* heads of release/deadline arrows */
	RENDER_LANE_EXEC,               /* execution boxes */
	RENDER_LANE_MISS,               /* tardiness spans and their labels */
	RENDER_LANE_BUDGET,             /* server budget (reserved, height 0) */
	RENDER_LANE_THROTTLE,           /* server throttled (reserved, height 0) */
	RENDER_LANE__COUNT
};

/* Point marks recorded per row. */
enum render_mark {
	RENDER_MARK_RELEASE = 0,
	RENDER_MARK_DEADLINE,
	RENDER_MARK_COMPLETE,
	RENDER_MARK_ABORT,
	RENDER_MARK_MIGRATE,            /* a job resumes on another CPU */
	RENDER_MARK__COUNT
};

struct render_gantt;

/* The format for a file name by extension (.png .svg .pdf .tex .tikz,
 * any case).  RT_ERR_INVAL naming the extension otherwise; call it before
 * the run to fail early. */
enum rt_err render_gantt_format_from_path(const char *path,
					  enum render_gantt_format *fmt,
					  struct rt_diag *d);

/* A new, empty chart for a run described by m (borrowed: must outlive the
 * chart).  o may be NULL (defaults); it is copied (title too).
 * RT_ERR_INVAL for an empty window (t0 >= t1, or horizon 0 without a
 * window), bad width or dpi; *out untouched on failure. */
enum rt_err render_gantt_create(const struct render_meta *m,
				const struct render_gantt_opts *o,
				struct render_gantt **out, struct rt_diag *d);

/* A sink recording what the chart draws (releases, starts, preemptions,
 * completions, misses, aborts, end).  Its emit returns RT_ERR_NOMEM if a
 * list cannot grow (the chart then stays as recorded so far). */
struct sim_sink render_gantt_sink(struct render_gantt *g);

/* Draw the chart into path, format by extension.  The file appears
 * complete or not at all (render/outfile.h).  RT_ERR_INVAL: unknown
 * extension, a PNG larger than 32767 pixels a side, or an SVG, PDF or
 * TikZ chart larger than 200 inches a side (checked before any byte is
 * written: too many rows); RT_ERR_IO: the file
 * cannot be written (message names it); RT_ERR_NOMEM.  May be called
 * several times (several formats), before or after the run ends. */
enum rt_err render_gantt_write(const struct render_gantt *g, const char *path,
			       struct rt_diag *d);

/* The same into an open stream f (the caller owns it and its file, e.g.
 * a render_outfile opened before the run); 'path' chooses the format and
 * names the file in messages. */
enum rt_err render_gantt_write_to(const struct render_gantt *g, FILE *f,
				  const char *path, struct rt_diag *d);

/* Whether g, drawn as SVG, PDF or TikZ, stays within the size that
 * render_gantt_write accepts (200 inches a side: the same rule).  The
 * page's width and height in points go to *w_pt and *h_pt (either may
 * be NULL).  The height follows the rows and the legend, which lists what
 * was drawn: ask after the run, before writing.  Never fails. */
bool render_gantt_vector_fits(const struct render_gantt *g, double *w_pt,
			      double *h_pt);

void render_gantt_destroy(struct render_gantt *g);     /* NULL is a no-op */

/* Release the process-wide font caches cairo and fontconfig keep after
 * drawing text (cairo_debug_reset_static_data, FcFini), so that leak
 * checkers (ASan, valgrind) see a clean exit.  Call once, at exit, when no
 * chart is being drawn; charts drawn later still work (the caches are
 * rebuilt).  Never fails. */
void render_release_caches(void);

/* ---- what was recorded (for tests and other back ends) ---- */

size_t render_gantt_nrows(const struct render_gantt *g);
const struct render_axis *render_gantt_axis(const struct render_gantt *g);
const struct render_boxes *render_gantt_boxes(const struct render_gantt *g,
					      size_t row);
const struct render_marks *render_gantt_marks(const struct render_gantt *g,
					      size_t row, enum render_mark k);
const struct render_misses *render_gantt_misses(const struct render_gantt *g,
						size_t row);
/* The suspended intervals of task row 'row' (merged as execution boxes
 * are; colour 0); empty in the CPU view. */
const struct render_boxes *render_gantt_suspensions(const struct render_gantt *g,
						    size_t row);

/* Shared resources (task rows, meta with resources; render/gantt_locks.c):
 * the execution of row 'row' inside a critical section, one box per
 * resource held (colour: the resource's index; nested sections overlap),
 * and its blocked intervals (BLOCK to the job's next START; colour 0).
 * Empty in the CPU view or without resources. */
const struct render_boxes *render_gantt_sections(const struct render_gantt *g,
						 size_t row);
const struct render_boxes *render_gantt_blocks(const struct render_gantt *g,
					       size_t row);

/* ---- server lanes (render/gantt_resv.c) ---- */

/* One point of a row's budget curve: from t on, the budget is q, and it
 * drains at rate/1024 while 'drain' (a job of the row runs) until the
 * next point.  Points closer than a pixel are merged (the later wins), so a
 * row holds O(width in pixels) points. */
struct render_budget_pt {
	rt_time t, q;
	bool drain;
	uint32_t rate;                  /* while draining: runtime per time
					 * unit in 1/1024 (the CPU's
					 * capacity, render_meta.capacity) */
};

struct render_budget {
	struct render_budget_pt *v;
	size_t n, cap;
};

/* What a row recorded for its server: the budget curve (lane BUDGET, a
 * step line; GRUB's slower drain shows only at the next server event) and
 * the throttled intervals (lane THROTTLE, hatched).  Both empty for a
 * task without a server. */
const struct render_budget *render_gantt_budget(const struct render_gantt *g,
						size_t row);
const struct render_boxes *render_gantt_throttles(const struct render_gantt *g,
						  size_t row);

/* Server (scheduling) deadlines of row 'row' (SERVER_DEADLINE records,
 * inside [t0, t1)), and its postponements: boxes [old, new) for each
 * deadline moved while the old one was still ahead (drawn as arcs,
 * RTSched's \DeadlineMove). */
const struct render_marks *render_gantt_server_deadlines(
	const struct render_gantt *g, size_t row);
const struct render_boxes *render_gantt_postponements(
	const struct render_gantt *g, size_t row);
/* Execution beyond the budget (GRUB reclaiming): at each budget
 * exhaustion, executed time since the last server record minus the
 * budget consumed (level then minus level now) is the reclaimed time,
 * recorded as the last that many units executed before the exhaustion
 * (the log has no finer information: GRUB drains slower throughout). */
const struct render_boxes *render_gantt_reclaimed(const struct render_gantt *g,
						  size_t row);
/* When admission refused the row's task (REJECT), or RT_TIME_NEVER. */
rt_time render_gantt_rejected_at(const struct render_gantt *g, size_t row);

#endif /* RENDER_GANTT_H */
