/* tikz.h - a recorded Gantt chart as TikZ for LaTeX papers.
 *
 * render_gantt_write(g, "chart.tex") calls this; it is public so a caller
 * holding a FILE * (or wanting the text inline) can use it directly.  The
 * output is one tikzpicture to \input into a document that loads tikz
 * and the patterns and arrows.meta libraries, in the chart's own units
 * (x: time from the window start, scaled by \dlsimxscale; y: lanes;
 * text nodes keep their size when the picture is rescaled), with one
 * \draw per execution box
 * ("% row i" comments separate the rows, for editing by hand), arrows for
 * releases and deadlines, marks for completions and aborts, red miss
 * spans with their "+tardiness" labels, the time axis and labels
 * $\tau_{i}$ (C, D, T).  Task names are escaped for LaTeX.
 */
#ifndef RENDER_TIKZ_H
#define RENDER_TIKZ_H

#include <stdio.h>

#include "models/rt_err.h"
#include "render/gantt.h"

/* Write g as TikZ to f (borrowed); path names it in messages.  RT_ERR_IO
 * on a write error; RT_ERR_INVAL, before any byte, for a picture larger
 * than 200 inches a side (too many rows). */
enum rt_err render_tikz_write(const struct render_gantt *g, FILE *f,
			      const char *path, struct rt_diag *d);

#endif /* RENDER_TIKZ_H */
