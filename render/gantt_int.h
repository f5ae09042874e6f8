/* gantt_int.h - the Gantt chart's private state, shared by the recorder
 * (gantt.c), the cairo back end (gantt_draw.c) and TikZ (tikz.c). */
#ifndef RENDER_GANTT_INT_H
#define RENDER_GANTT_INT_H

#include <stdbool.h>
#include <stdio.h>

#include "render/gantt.h"
#include "render/style.h"

#define GANTT_MIN_BOX_PX  2.0   /* boxes narrower than this merge (pixels) */
#define GANTT_MIN_MARK_PX 1.0   /* marks closer than this merge (pixels) */
#define GANTT_DEFAULT_WIDTH_PT (7.16 * 72.0)
#define GANTT_DEFAULT_DPI 300.0
#define GANTT_MAX_DPI 2400.0

struct gantt_row {
	struct render_boxes boxes;
	struct render_marks marks[RENDER_MARK__COUNT];
	struct render_misses misses;
	char *label;                    /* "τ₁ (4, 5, 10)" or "CPU 0" */
	char *sublabel;                 /* task name (cleaned) or NULL */
	/* server lanes (gantt_resv.c) */
	struct render_budget budget;    /* budget curve */
	struct render_boxes throttles;  /* throttled intervals */
	rt_time throttle_from;          /* open throttle, or RT_TIME_NEVER */
	struct render_marks sdl;        /* server deadlines set */
	struct render_boxes postpones;  /* [old, new) server deadline moves */
	rt_time sdl_cur;                /* current server deadline or NEVER */
	rt_time reject_at;              /* REJECT time, or RT_TIME_NEVER */
	char *srvlabel;                 /* "SA (2, 4)" for served tasks, NULL */
	bool fair;                      /* a fair (SCHED_OTHER) task */
	bool running;                   /* a job of the row runs (budget drains) */
	rt_time run_from;               /* since when (running) */
	rt_time q_known;                /* level at the last server record */
	rt_time exec_acc;               /* work executed since then (closed
					 * runs), in 1/1024 units */
	uint32_t run_cap;               /* the running job's CPU capacity */
	struct render_boxes reclaim;    /* execution beyond the budget (GRUB) */
	/* self-suspension (task rows): SUSPEND to RESUME/ABORT/END */
	struct render_boxes suspends;   /* suspended intervals */
	rt_time susp_from;              /* open suspension, or RT_TIME_NEVER */
	/* shared resources (task rows, gantt_locks.c) */
	struct render_boxes sections;   /* execution holding a resource
					 * (colour: its index) */
	struct render_boxes blocks;     /* blocked intervals */
	bool *held;                     /* nresources entries or NULL */
	rt_time *seg;                   /* per resource: start of the open
					 * running segment, or NEVER */
	rt_time block_from;             /* open block, or RT_TIME_NEVER */
};

struct gantt_task_state {               /* per task: the last job started */
	uint64_t job;                   /* UINT64_MAX: none yet */
	int cpu;                        /* where it last started */
};

struct gantt_run {                      /* what runs on one CPU */
	bool on;
	uint32_t task;
	uint64_t job;
	rt_time since;                  /* start of the current interval */
};

/* Horizontal layout in points, fixed at creation (merging needs it). */
struct gantt_xlayout {
	double width;                   /* page width */
	double font;                    /* base font size (row labels); every
					 * length derives from it */
	double small;                   /* every other text: ticks, legend,
					 * names, miss labels; >= 8 pt */
	double margin;                  /* outer margin */
	double label_w;                 /* label column (text + padding) */
};

struct render_gantt {
	const struct render_meta *m;    /* borrowed */
	struct render_gantt_opts o;     /* o.title owned (NULL: none) */
	struct gantt_xlayout xl;
	struct render_axis ax;          /* window -> plot x (points) */
	size_t nrows;
	struct gantt_row *rows;
	struct gantt_run *run;          /* m->cpus entries */
	struct gantt_task_state *ts;    /* m->ntasks entries */
	char *family;                   /* font family (owned) */
	const char *unit;               /* axis unit name ("ms", "ticks") */
	rt_time uscale;                 /* internal units per axis unit */
	const char *punit;              /* unit of tuples and budgets: the
					 * scenario's ("ticks", "us") */
	rt_time pscale;                 /* internal units per punit */
	unsigned long nopen;            /* misses still pending (legend) */
	unsigned long nmigr;            /* migrations recorded (legend) */
	unsigned long nsdl, npostpone, nreject;  /* server marks (legend) */
	unsigned long nreclaim;
	unsigned long nmiss, nabort;    /* for the legend */
	unsigned long nsusp;            /* SUSPEND records (legend) */
	unsigned long nblock;           /* blocked intervals drawn (legend) */
	uint64_t res_used;              /* resources with a hatched segment
					 * (bit k; 63: any beyond) */
	bool ended;                     /* END seen */
};

#define GANTT_TEXT_MAX 64        /* bytes of a name shown, then "…" */

/* "τ₁₂": tau with the 1-based index in Unicode subscript digits; returns
 * the length written. */
size_t gantt_tau_name(char *buf, size_t n, size_t index);

/* Copy src into dst (n bytes) as text cairo accepts: valid UTF-8 only
 * (bad bytes become '?'), control characters as spaces, cut at a
 * character boundary after GANTT_TEXT_MAX bytes with "…".  NULL src
 * gives "". */
void gantt_clean_text(char *dst, size_t n, const char *src);

/* ---- layout (gantt_layout.c) ---- */

/* Labels wider than 0.4 of the page: task rows put "τᵢ name" on the first
 * line and the tuple under it.  RT_ERR_NOMEM (labels unchanged). */
enum rt_err gantt_fit_labels(struct render_gantt *g);
/* The label column, fonts and g->ax from the labels and g->o (at
 * creation: the recorder's merging needs the scale). */
void gantt_xlayout(struct render_gantt *g);

/* Vertical layout in points (rows are stacks of lanes). */
struct gantt_ylayout {
	double F;                       /* base font size */
	double title_y;                 /* title baseline (0: no title) */
	double top;                     /* y of the first row */
	double row_h;                   /* row pitch */
	double lane_y[RENDER_LANE__COUNT];      /* lane offsets in a row */
	double lane_h[RENDER_LANE__COUNT];      /* lane heights (0: unused) */
	double axis_y;                  /* y of the axis line */
	double legend_y;                /* top of the legend */
	int miss_levels;                /* miss label lines (max over rows) */
	double miss_h;                  /* miss lane without the extra lines */
	double height;                  /* page height (set by the back end) */
	bool oom;                       /* out of memory laying it out: the
					 * back end reports it, draws nothing */
};

/* Marks are drawn only when they are at least 0.8 F apart on average:
 * denser arrows are noise (the boxes carry the information).  Memory is
 * bounded anyway by the recorder's one-per-pixel rule. */
bool gantt_marks_drawable(const struct render_gantt *g,
			  const struct render_marks *mk);

void gantt_ylayout(const struct render_gantt *g, struct gantt_ylayout *y);

enum gantt_legend_kind {
	GANTT_LEG_SWATCH, GANTT_LEG_RELEASE, GANTT_LEG_DEADLINE,
	GANTT_LEG_COMPLETE, GANTT_LEG_MISS, GANTT_LEG_ABORT,
	GANTT_LEG_SUSPEND,              /* self-suspension: dashed line */
	GANTT_LEG_MISS_OPEN,            /* miss pending at the horizon */
	GANTT_LEG_MIGRATE,              /* migration mark */
	GANTT_LEG_NOTE,                 /* text only (the tuple, box digits) */
	GANTT_LEG_BUDGET,               /* server budget line */
	GANTT_LEG_THROTTLE,             /* throttled band */
	GANTT_LEG_SDEADLINE,            /* server (scheduling) deadline */
	GANTT_LEG_POSTPONE,             /* deadline postponement arrow */
	GANTT_LEG_REJECT,               /* rejected by admission */
	GANTT_LEG_RECLAIM,              /* GRUB-reclaimed execution */
	GANTT_LEG_FAIR,                 /* fair (background) work */
	GANTT_LEG_SECTION,              /* holds resource 'colour' (hatch) */
	GANTT_LEG_BLOCK                 /* blocked on a resource */
};

struct gantt_legend_item {
	enum gantt_legend_kind kind;
	int colour;                     /* GANTT_LEG_SWATCH: palette index */
	char text[128];
};

/* The legend's items in order (at most 'max'); returns how many.  CPU
 * colours (task rows, cpus > 1) or task colours (CPU rows), then the
 * symbols that occur. */
/* The palette index a box of row 'row' is filled with, by --color-by:
 * task colours in every view by default, CPU colours on request. */
int gantt_box_fill(const struct render_gantt *g, size_t row,
		   const struct render_box *b);

size_t gantt_legend_items(const struct render_gantt *g,
			  struct gantt_legend_item *it, size_t max);

/* Width of 'text' at font size 'size' (points), measured with the chart
 * font; the cairo back end implements it.  Never fails (0 on error). */
double gantt_text_width(const char *family, const char *text, double size,
			bool bold);

/* Miss labels of a row placed without collisions (render_place_labels):
 * for each miss, its label text, x and level (-1: unlabelled); returns
 * the number of levels (0: none), or -1 out of memory (the arrays then
 * hold nothing: the chart is an error, not drawn without its labels).
 * x/level/text have row->misses.n entries, allocated by the caller; NULL
 * arrays: only count levels (allocates internally). */
int gantt_miss_labels(const struct render_gantt *g, const struct gantt_row *row,
		      double *x, int *level, char (*text)[48]);
#define GANTT_MISS_LEVELS 3

/* A row's miss labels placed in arrays of their own (the cairo and TikZ
 * back ends draw them): row->misses.n entries each, NULL for a row
 * without misses. */
struct gantt_miss_text {
	double *x;
	int *level;
	char (*text)[48];
};
/* Allocate and place them (gantt_miss_labels); false out of memory, *mt
 * then empty.  Free with gantt_miss_text_free. */
bool gantt_miss_text_place(const struct render_gantt *g,
			   const struct gantt_row *row,
			   struct gantt_miss_text *mt);
void gantt_miss_text_free(struct gantt_miss_text *mt);

/* ---- server lanes (gantt_resv.c) ---- */

/* Record a server record (budget, throttle), and START/PREEMPT/COMPLETE/
 * SUSPEND of a row that has a budget curve; called by the sink for every
 * record before anything else.  END closes open throttles. */
enum rt_err gantt_resv_emit(struct render_gantt *g, const struct sim_rec *r);
/* The record kinds gantt_resv_emit() needs. */
#define GANTT_RESV_MASK (SIM_MASK(SIM_REC_BUDGET_EXHAUSTED) |            \
			 SIM_MASK(SIM_REC_REPLENISH) |                   \
			 SIM_MASK(SIM_REC_SERVER_DEADLINE) |             \
			 SIM_MASK(SIM_REC_REJECT) |                      \
			 SIM_MASK(SIM_REC_SERVER_WAKEUP) |               \
			 SIM_MASK(SIM_REC_THROTTLE) |                    \
			 SIM_MASK(SIM_REC_UNTHROTTLE))
/* True if some row has a budget curve or a throttle (the lanes get a
 * height). */
bool gantt_resv_used(const struct render_gantt *g);
bool gantt_resv_row_used(const struct gantt_row *r);
void gantt_resv_row_init(struct gantt_row *r);
/* The budget curve of b in the lane [by, by + bh] as device points:
 * emit(ctx, x, y) per vertex (cairo and TikZ). */
void gantt_resv_curve(const struct render_gantt *g, const struct render_budget *b,
		      double by, double bh,
		      void (*emit)(void *ctx, double x, double y), void *ctx);
/* The largest budget level of b (the lane's scale), at least 1. */
rt_time gantt_resv_qmax(const struct render_budget *b);
void gantt_resv_row_fini(struct gantt_row *r);

/* ---- shared resources (gantt_locks.c) ---- */

/* Record LOCK, UNLOCK, BLOCK and the execution records of task rows
 * (with resources in the meta); END closes what is open. */
enum rt_err gantt_locks_emit(struct render_gantt *g, const struct sim_rec *r);
#define GANTT_LOCKS_MASK (SIM_MASK(SIM_REC_LOCK) | SIM_MASK(SIM_REC_UNLOCK) | \
			  SIM_MASK(SIM_REC_BLOCK))
enum rt_err gantt_locks_row_init(struct render_gantt *g, struct gantt_row *r);
void gantt_locks_row_fini(struct gantt_row *r);
/* Append the legend items (one per resource drawn, blocked) after n. */
size_t gantt_locks_legend(const struct render_gantt *g,
			  struct gantt_legend_item *it, size_t n, size_t max);
/* The hatch of resource k. */
enum render_hatch gantt_locks_hatch(size_t k);

/* A vector chart (SVG, PDF, TikZ) is at most 200 inches a side, the PDF
 * page limit and the largest --width: its size grows with the rows, and
 * its file with them (O(rows x width in pixels) boxes). */
#define GANTT_VECTOR_MAX_PT (200 * 72.0)

/* The page of g: its y layout into yl, its height in points returned. */
double gantt_page_height(const struct render_gantt *g,
			 struct gantt_ylayout *yl);
/* The one rule: a W x H points vector page is within
 * GANTT_VECTOR_MAX_PT a side.  gantt_check_vector_size and
 * render_gantt_vector_fits (`dlsim report`) both ask it. */
bool gantt_vector_size_ok(double W, double H);
/* RT_ERR_INVAL naming path and what to do if a W x H points page of
 * format 'what' ("SVG", ...) is too large; checked before any byte. */
enum rt_err gantt_check_vector_size(const char *path, const char *what,
				    double W, double H, struct rt_diag *d);

/* Draw with cairo into an opened file: PNG, SVG or PDF. */
enum rt_err gantt_draw_cairo(const struct render_gantt *g,
			     enum render_gantt_format fmt, FILE *f,
			     const char *path, struct rt_diag *d);

#endif /* RENDER_GANTT_INT_H */
