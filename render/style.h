/* style.h - colours, hatching and fonts shared by every chart back end.
 *
 * Task and CPU colours come from the Okabe-Ito palette (Okabe & Ito 2008,
 * "Color Universal Design"), which stays distinguishable under the common
 * forms of colour blindness.  Its vermillion and black are left out (too
 * close to the red of deadline misses, and the colour of text), so six
 * hues remain for tasks; beyond six, the
 * hues repeat with a hatch pattern (none, /, \, x), giving 24 distinct
 * styles before anything repeats (line plots dash the lines of a
 * repeated hue instead: render/plot.c).  Rows and labels carry the identity as
 * well, so colour is never the only cue.
 */
#ifndef RENDER_STYLE_H
#define RENDER_STYLE_H

#define RENDER_FONT_FAMILY "DejaVu Sans"        /* has Greek and arrows */
#define RENDER_FONT_SERIF "Liberation Serif"    /* Times New Roman metrics
						 * (fonts-liberation2): Greek,
						 * subscripts, arrows */
#define RENDER_PALETTE_SIZE 6

enum render_hatch {
	RENDER_HATCH_NONE = 0,
	RENDER_HATCH_FWD,               /* "/" */
	RENDER_HATCH_BACK,              /* "\" */
	RENDER_HATCH_CROSS              /* "x" */
};

struct render_rgb {
	double r, g, b;                 /* 0..1 */
	const char *hex;                /* "#0072B2", for text formats */
};

/* Fill colour and hatch for palette index i (>= 0); i < 0 (merged boxes
 * of several colours) is a neutral grey without hatch. */
struct render_rgb render_style_fill(int i, enum render_hatch *hatch);

extern const struct render_rgb render_style_miss;       /* red; misses always
						 * also carry a hatch and a label */
extern const struct render_rgb render_style_text;       /* near black */
extern const struct render_rgb render_style_muted;      /* grey text */
extern const struct render_rgb render_style_grid;       /* light grey */
extern const struct render_rgb render_style_band;       /* row stripe */
extern const struct render_rgb render_style_fair;       /* fair (background)
						 * work: light grey */
extern const struct render_rgb render_style_server;     /* server deadlines and
						 * postponements: dark blue-grey */

/* The family for a --font value: NULL, "" or "sans": RENDER_FONT_FAMILY;
 * "serif": RENDER_FONT_SERIF; anything else is a fontconfig family name
 * (fontconfig substitutes a similar one when it is not installed). */
const char *render_style_font(const char *opt);

#endif /* RENDER_STYLE_H */
