/* plot_lines.h - the line figure the experiment plots share (acceptance
 * ratio, tardiness, weighted schedulability; render/ only).
 *
 * Curves of points, each with its own marker shape and dash pattern as
 * well as an Okabe-Ito colour, so that they survive black-and-white
 * printing; the simulation's curve (series.sim) solid black with
 * circles.  Optional error bars (each point's lo..hi), dodged sideways per
 * curve so equal points stay visible.  Laid out in points for a 3.5 in
 * column (252 pt, the default) or a 7.16 in page, fonts >= 8 pt: title,
 * plot box (0.55 of the width high), x tick labels and axis label, a
 * caption line, then the legend in rows of up to three entries.  The
 * format is the path's extension: .png (at dpi), .svg, .pdf.
 */
#ifndef RENDER_PLOT_LINES_H
#define RENDER_PLOT_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "models/rt_err.h"
#include "render/plot_acc.h"

struct render_lines {
	const struct render_acc_series *s;      /* n curves, n >= 1 */
	size_t n;
	const char *xlabel;             /* unless the options give one */
	const char *ylabel;
	const char *caption;            /* the line under the x label */
	double ymax;                    /* the y axis spans [0, ymax] */
	bool ratio;                     /* y ticks 0.0, 0.2, ..., 1.0 */
	bool bars;                      /* error bars lo..hi, dodged */
	bool integer_x;                 /* x ticks on whole numbers only */
	bool sim_below;                 /* draw the sim curves first, so a
					 * curve equal to one stays visible */
};

/* Draw fig into f, or (f NULL) into 'path' written atomically; 'path'
 * gives the format and names the figure in messages.  RT_ERR_INVAL for an
 * unknown extension, bad options or no point to draw; RT_ERR_IO,
 * RT_ERR_NOMEM. */
enum rt_err render_lines_plot(const struct render_lines *fig,
			      const struct render_acc_plot_opts *o,
			      const char *path, FILE *f, struct rt_diag *d);

#endif /* RENDER_PLOT_LINES_H */
