/* canvas.h - the cairo surfaces every chart and plot is drawn on (PNG,
 * SVG, PDF), and the text helpers that keep SVG text editable.
 *
 * canvas_write() creates the surface for the format, paints it white,
 * calls draw(cr, ctx) once with user units in points (PNG scaled by
 * dpi/72), and streams the file: fixed font options, fixed PDF dates and
 * the SVG surface counter rewritten, so the same input gives the same
 * bytes on one cairo version.  For SVG, text drawn through canvas_text()
 * (and canvas_text_halo()) is collected and written as <text> elements
 * on top of the shapes, instead of cairo's glyph outlines.
 */
#ifndef RENDER_CANVAS_H
#define RENDER_CANVAS_H

#include <stdbool.h>
#include <stdio.h>

#include <cairo.h>

#include "models/rt_err.h"
#include "render/gantt.h"
#include "render/style.h"

enum rt_err canvas_write(enum render_gantt_format fmt, FILE *f,
			 const char *path, double W, double H, double dpi,
			 const char *family, const char *title,
			 void (*draw)(cairo_t *cr, void *ctx), void *ctx,
			 struct rt_diag *d);

/* From a draw callback of canvas_write: out of memory, the page is not
 * what it should be (canvas_write then fails with RT_ERR_NOMEM). */
void canvas_nomem(cairo_t *cr);
/* Grey antialiasing, no hinting, unhinted metrics (canvas_write does it). */
void canvas_font_setup(cairo_t *cr);
/* Select family at size (toy API). */
void canvas_font(cairo_t *cr, const char *family, double size, bool bold);
/* Advance width of s in the current font. */
double canvas_text_w(cairo_t *cr, const char *s);
/* Width of text in family at size, measured off-screen (0 on error). */
double canvas_measure(const char *family, const char *text, double size,
		      bool bold);
/* Draw s with its baseline starting at (x, y), current font and source. */
void canvas_text(cairo_t *cr, double x, double y, const char *s);
/* SVG only: s with a halo of 'width' in 'halo' behind it; returns false
 * (nothing done) on other surfaces, where the caller strokes a path. */
bool canvas_text_halo(cairo_t *cr, double x, double y, const char *s,
		      const struct render_rgb *halo, double width);
/* Lines of pattern 'kind' across the rectangle (x, y, w, h), 'step'
 * apart, in the current source and line width (nothing for
 * RENDER_HATCH_NONE). */
void canvas_hatch(cairo_t *cr, double x, double y, double w, double h,
		  enum render_hatch kind, double step);

#endif /* RENDER_CANVAS_H */
