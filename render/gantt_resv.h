/* gantt_resv.h - the cairo side of the server lanes (gantt_resv.c), for
 * gantt_draw.c. */
#ifndef RENDER_GANTT_RESV_H
#define RENDER_GANTT_RESV_H

#include <cairo.h>

#include "render/gantt_int.h"

/* Draw row's budget curve and throttled intervals into its BUDGET and
 * THROTTLE lanes (no-op when the lanes have no height). */
void gantt_draw_resv(cairo_t *cr, const struct render_gantt *g,
		     const struct gantt_row *row,
		     const struct gantt_ylayout *yl, double ry);

/* Select the chart's font at 'size' (gantt_draw.c). */
void gantt_cairo_font(cairo_t *cr, const struct render_gantt *g, double size,
		      bool bold);

/* Draw s with its baseline starting at (x, y) in the current font and
 * source colour (SVG: a <text> element). */
void gantt_show_text(cairo_t *cr, double x, double y, const char *s);

/* The legend glyph of a server element (budget line, throttled band,
 * server deadline, postponement) in the box [x, x + w] x [y, y + h]. */
void gantt_resv_legend_glyph(cairo_t *cr, enum gantt_legend_kind k, double x,
			     double y, double w, double h, double F);

#endif /* RENDER_GANTT_RESV_H */
