/* render_util.h - helpers shared by the Gantt suites (test_render.c, the
 * recorder; test_render_files.c, the PNG/SVG/PDF/TikZ files): a record
 * stream from a tiny tick-stepped global EDF, Dario's case and 20 random
 * tasks on 4 CPUs as chart inputs, and a chart recorder. */
#ifndef TESTS_RENDER_UTIL_H
#define TESTS_RENDER_UTIL_H

#include <stddef.h>

#include "render/gantt.h"
#include "render/meta.h"
#include "sim/trace.h"

#define MAXJ 8192

struct gen {
	struct sim_job_info j[MAXJ];
	size_t nj;
	struct sim_sink sink[2];
	size_t nsinks;
	enum rt_err rc;
};

/* Global EDF on m CPUs, one unit of time per step (test-sized only):
 * deadline ties go to the lower seq; a job keeps its CPU when it can. */
void gedf(struct gen *g, const struct rt_task *ts, size_t n,
	  unsigned m, rt_time h);

/* Dario's two tasks (C=4, D=5, T=10) on one CPU up to 'horizon'. */
struct render_meta dario_meta(rt_time horizon);
/* 20 random tasks for 4 CPUs (seeded), overloaded enough to miss. */
struct render_meta many_meta(void);
/* Feed the global EDF schedule of m's tasks up to h into sink s. */
void run_into(const struct render_meta *m, struct sim_sink s, rt_time h);

/* A recorder for m with the given rows and width (asserts it is made). */
struct render_gantt *chart(const struct render_meta *m,
			   enum render_rows rows, double width_pt);

#endif /* TESTS_RENDER_UTIL_H */
