/* tikz.h - a recorded Gantt chart as TikZ for LaTeX papers.
 *
 * render_gantt_write(g, "chart.tex") calls this; it is public so a caller
 * holding a FILE * (or wanting the text inline) can use it directly.  The
 * output is one standalone tikzpicture ("\usepackage{tikz}" in the
 * preamble; nothing else), with x in display time units and y in rows,
 * so it is easy to edit by hand: one \draw per execution box, arrows for
 * releases and deadlines, marks for completions and aborts, hatched
 * misses with their "+tardiness" labels, the time axis and labels
 * $\tau_{i}$ (C, D, T).  Task names are escaped for LaTeX.
 */
#ifndef RENDER_TIKZ_H
#define RENDER_TIKZ_H

#include <stdio.h>

#include "models/rt_err.h"
#include "render/gantt.h"

/* Write g as TikZ to f (borrowed).  RT_ERR_IO on a write error. */
enum rt_err render_tikz_write(const struct render_gantt *g, FILE *f,
			      struct rt_diag *d);

#endif /* RENDER_TIKZ_H */
