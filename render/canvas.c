/* canvas.c - cairo surfaces for every chart and plot: PNG, SVG, PDF from
 * one draw function, deterministic bytes, SVG text as <text> (see
 * canvas.h). */
#include "render/canvas.h"

#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>

#include "models/mem.h"
#include "render/outfile.h"
#include "render/style.h"

#define PNG_MAX_SIDE 32767              /* cairo image surface limit */

/* ---- SVG text ----------------------------------------------------------
 * cairo's SVG surface writes text as glyph outlines (not editable or
 * searchable).  For SVG the drawing code hands its text to a collector
 * attached to the cairo context instead, and the SVG gets one <text>
 * element per string, at the same positions, on top of the shapes. */

struct svg_text {
	double x, y, size, rgb[3], alpha;
	double angle;                   /* degrees: a rotated user space */
	bool bold;
	double halo;                    /* stroke width of a halo, 0: none */
	double halo_rgb[3];
	char *s;
};

struct svg_texts {
	struct svg_text *v;
	size_t n, cap;
	bool oom;
	double size;                    /* current font */
	bool bold;
};

static const cairo_user_data_key_t svg_text_key;
static const cairo_user_data_key_t nomem_key;   /* a bool: canvas_nomem */

void canvas_nomem(cairo_t *cr)
{
	bool *nomem = cairo_get_user_data(cr, &nomem_key);

	if (nomem)
		*nomem = true;
}

static struct svg_texts *texts_of(cairo_t *cr)
{
	return cairo_get_user_data(cr, &svg_text_key);
}

static void texts_add(cairo_t *cr, struct svg_texts *tx, double x, double y,
		      const char *s, const struct render_rgb *halo, double hw)
{
	struct svg_text *t;
	double r = 0, gg = 0, b = 0, a = 1;
	cairo_matrix_t mx;

	if (tx->oom)
		return;
	if (tx->n == tx->cap) {
		size_t cap = tx->cap ? 2 * tx->cap : 64;
		struct svg_text *v = rt_reallocarray(tx->v, cap, sizeof(*v));

		if (!v) {
			tx->oom = true;
			return;
		}
		tx->v = v;
		tx->cap = cap;
	}
	cairo_pattern_get_rgba(cairo_get_source(cr), &r, &gg, &b, &a);
	/* the SVG surface is unscaled: device space is the page; a rotated
	 * (or translated) user space is carried over as a rotate() */
	cairo_get_matrix(cr, &mx);
	cairo_user_to_device(cr, &x, &y);
	t = &tx->v[tx->n];
	*t = (struct svg_text){ .x = x, .y = y, .size = tx->size,
				.angle = atan2(mx.yx, mx.xx) * 180 / 3.14159265358979323846,
				.rgb = { r, gg, b }, .alpha = a, .bold = tx->bold,
				.halo = halo ? hw : 0 };
	if (halo) {
		t->halo_rgb[0] = halo->r;
		t->halo_rgb[1] = halo->g;
		t->halo_rgb[2] = halo->b;
	}
	if (!(t->s = rt_strdup(s))) {
		tx->oom = true;
		return;
	}
	tx->n++;
}

static void texts_fini(void *p)
{
	struct svg_texts *tx = p;

	for (size_t i = 0; i < tx->n; i++)
		rt_free(tx->v[i].s);
	rt_free(tx->v);
	tx->v = NULL;
	tx->n = tx->cap = 0;
}

void canvas_text(cairo_t *cr, double x, double y, const char *s)
{
	struct svg_texts *tx = texts_of(cr);

	if (tx) {
		texts_add(cr, tx, x, y, s, NULL, 0);
		return;
	}
	cairo_move_to(cr, x, y);
	cairo_show_text(cr, s);
}

void canvas_font_setup(cairo_t *cr)
{
	cairo_font_options_t *fo = cairo_font_options_create();

	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
}

void canvas_font(cairo_t *cr, const char *family, double size, bool bold)
{
	struct svg_texts *tx = texts_of(cr);

	if (tx) {
		tx->size = size;
		tx->bold = bold;
	}
	cairo_select_font_face(cr, family, CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD :
			       CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size);
}

double canvas_text_w(cairo_t *cr, const char *s)
{
	cairo_text_extents_t e;

	cairo_text_extents(cr, s, &e);
	return e.x_advance;
}

/* One off-screen context for measuring, kept between calls (a chart
 * measures every label; creating a surface each time doubled the drawing
 * time of big charts); render_release_caches() frees it.  The library is
 * single-threaded like cairo's toy font API it uses. */
static cairo_t *measure_cr;

double canvas_measure(const char *family, const char *text, double size,
		      bool bold)
{
	double w;

	if (!measure_cr) {
		cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_A8,
								1, 1);

		measure_cr = cairo_create(s);
		cairo_surface_destroy(s);       /* the context keeps it */
		canvas_font_setup(measure_cr);
	}
	canvas_font(measure_cr, family, size, bold);
	w = canvas_text_w(measure_cr, text);
	if (cairo_status(measure_cr) != CAIRO_STATUS_SUCCESS) {
		cairo_destroy(measure_cr);      /* start afresh next time */
		measure_cr = NULL;
		w = 0;
	}
	return w;
}

bool canvas_text_halo(cairo_t *cr, double x, double y, const char *s,
		      const struct render_rgb *halo, double width)
{
	struct svg_texts *tx = texts_of(cr);

	if (!tx)
		return false;
	texts_add(cr, tx, x, y, s, halo, width);
	return true;
}


struct sink_ctx {
	FILE *f;
	bool svg;                       /* buffer the document (post-processed) */
	char *buf;
	size_t n, cap;
	bool oom;
	int err;                        /* errno of the first failed write */
};

static cairo_status_t write_fn(void *closure, const unsigned char *data,
			       unsigned int length)
{
	struct sink_ctx *s = closure;

	if (!s->svg) {
		errno = 0;
		if (fwrite(data, 1, length, s->f) == length)
			return CAIRO_STATUS_SUCCESS;
		if (!s->err)
			s->err = errno ? errno : EIO;
		return CAIRO_STATUS_WRITE_ERROR;
	}
	if (s->n + length + 1 > s->cap) {
		size_t cap = s->cap ? s->cap : 65536;
		char *b;

		while (cap < s->n + length + 1)
			cap *= 2;
		if (!(b = rt_reallocarray(s->buf, cap, 1))) {
			s->oom = true;
			return CAIRO_STATUS_NO_MEMORY;
		}
		s->buf = b;
		s->cap = cap;
	}
	memcpy(s->buf + s->n, data, length);
	s->n += length;
	s->buf[s->n] = '\0';
	return CAIRO_STATUS_SUCCESS;
}

static bool xml_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		const char *rep = NULL;

		switch (*s) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		default: break;
		}
		if (rep ? fputs(rep, f) < 0 : fputc(*s, f) == EOF)
			return false;
	}
	return true;
}

static void hex(char *b, const double *c)
{
	snprintf(b, 8, "#%02X%02X%02X", (unsigned)lround(c[0] * 255),
		 (unsigned)lround(c[1] * 255), (unsigned)lround(c[2] * 255));
}

/* Write the buffered SVG: cairo's per-process <g id="surfaceN"> counter
 * as 1 (same input, same bytes), and the collected text as <text>
 * elements before </svg>. */
static bool svg_write(const struct sink_ctx *s, const struct svg_texts *tx,
		      const char *family)
{
	static const char pat[] = "<g id=\"surface";
	const char *p = s->buf, *end = s->buf + s->n, *close, *q;
	bool serif = !strcmp(family, RENDER_FONT_SERIF);
	bool ok = true;

	close = NULL;
	for (q = p; (q = strstr(q, "</svg>")); q++)
		close = q;
	if (!close)
		close = end;
	while (ok && p < close) {
		const char *m = strstr(p, pat);

		if (!m || m >= close) {
			ok = fwrite(p, 1, (size_t)(close - p), s->f) ==
			     (size_t)(close - p);
			break;
		}
		m += sizeof(pat) - 1;
		ok = fwrite(p, 1, (size_t)(m - p), s->f) == (size_t)(m - p) &&
		     fputc('1', s->f) != EOF;
		while (m < close && *m >= '0' && *m <= '9')
			m++;
		p = m;
	}
	for (size_t i = 0; ok && i < tx->n; i++) {
		const struct svg_text *t = &tx->v[i];
		char c[8], h[8];

		hex(c, t->rgb);
		fprintf(s->f, "<text x=\"%.2f\" y=\"%.2f\" font-family=\"", t->x,
			t->y);
		xml_text(s->f, family);
		fprintf(s->f, ", %s\" font-size=\"%.2f\"%s fill=\"%s\"",
			serif ? "serif" : "sans-serif", t->size,
			t->bold ? " font-weight=\"bold\"" : "", c);
		if (t->alpha < 1)
			fprintf(s->f, " fill-opacity=\"%.2f\"", t->alpha);
		if (t->halo > 0) {
			hex(h, t->halo_rgb);
			fprintf(s->f, " stroke=\"%s\" stroke-width=\"%.2f\" "
				"paint-order=\"stroke\"", h, t->halo);
		}
		if (t->angle > 1e-9 || t->angle < -1e-9)
			fprintf(s->f, " transform=\"rotate(%.4g %.2f %.2f)\"",
				t->angle, t->x, t->y);
		fputs(" xml:space=\"preserve\">", s->f);
		xml_text(s->f, t->s);
		ok = fputs("</text>\n", s->f) >= 0;
	}
	if (ok && close < end)
		ok = fwrite(close, 1, (size_t)(end - close), s->f) ==
		     (size_t)(end - close);
	return ok && !ferror(s->f);
}

enum rt_err canvas_write(enum render_gantt_format fmt, FILE *f,
			 const char *path, double W, double H, double dpi,
			 const char *family, const char *title,
			 void (*draw)(cairo_t *cr, void *ctx), void *ctx,
			 struct rt_diag *d)
{
	struct sink_ctx sc = { .f = f, .svg = fmt == RENDER_GANTT_SVG };
	bool nomem = false;             /* canvas_nomem */
	struct svg_texts tx = { 0 };
	double scale = dpi / 72.0;
	cairo_status_t st, st2;
	cairo_surface_t *s;
	cairo_t *cr;

	if (fmt == RENDER_GANTT_PNG) {
		double wpx = ceil(W * scale), hpx = ceil(H * scale);

		if (wpx > PNG_MAX_SIDE || hpx > PNG_MAX_SIDE)
			return rt_diagf(d, RT_ERR_INVAL, "%s: %.0fx%.0f pixels is "
					"too large for PNG (max %d a side); use "
					"SVG/PDF, a lower dpi or fewer rows",
					path, wpx, hpx, PNG_MAX_SIDE);
		s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)wpx,
					       (int)hpx);
	} else if (fmt == RENDER_GANTT_SVG) {
		s = cairo_svg_surface_create_for_stream(write_fn, &sc, W,
							H);
		cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PT);
	} else {
		s = cairo_pdf_surface_create_for_stream(write_fn, &sc, W,
							H);
		/* fixed dates: same input, same bytes */
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATE_DATE,
					       "1970-01-01T00:00:00Z");
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_MOD_DATE,
					       "1970-01-01T00:00:00Z");
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR,
					       "dlsim");
		if (title)
			cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE,
						       title);
	}
	cr = cairo_create(s);
	if (cairo_set_user_data(cr, &nomem_key, &nomem, NULL) !=
	    CAIRO_STATUS_SUCCESS)
		nomem = true;
	if (fmt == RENDER_GANTT_PNG)
		cairo_scale(cr, scale, scale);
	if (fmt == RENDER_GANTT_SVG)
		cairo_set_user_data(cr, &svg_text_key, &tx, NULL);
	canvas_font_setup(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	if (!nomem)
		draw(cr, ctx);
	st = cairo_status(cr);
	cairo_destroy(cr);
	if (st == CAIRO_STATUS_SUCCESS && fmt == RENDER_GANTT_PNG)
		st = cairo_surface_write_to_png_stream(s, write_fn, &sc);
	cairo_surface_finish(s);
	st2 = cairo_surface_status(s);
	cairo_surface_destroy(s);
	if (st == CAIRO_STATUS_SUCCESS)
		st = st2;
	if (sc.oom || tx.oom || nomem)
		st = CAIRO_STATUS_NO_MEMORY;
	errno = 0;
	if (st == CAIRO_STATUS_SUCCESS && sc.svg && !svg_write(&sc, &tx,
							       family)) {
		st = CAIRO_STATUS_WRITE_ERROR;
		if (!sc.err)
			sc.err = errno ? errno : EIO;
	}
	rt_free(sc.buf);
	texts_fini(&tx);
	if (st == CAIRO_STATUS_WRITE_ERROR) {
		int e = sc.err ? sc.err : EIO;
		const char *n = render_errno_name(e);

		/* standard output by its one name (render/outfile.c) */
		return rt_diagf(d, RT_ERR_IO, "%s: write failed: %s%s%s%s",
				render_path_is_stdout(path) ? "standard output" :
				path, strerror(e), *n ? " (" : "", n,
				*n ? ")" : "");
	}
	if (st == CAIRO_STATUS_NO_MEMORY)
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", path);
	if (st != CAIRO_STATUS_SUCCESS)
		return rt_diagf(d, RT_ERR_IO, "%s: cairo: %s", path,
				cairo_status_to_string(st));
	return RT_OK;
}

/* FcFini lives in libfontconfig, which cairo loads but the build does not
 * link directly; find it in the already-loaded library (POSIX dlopen of a
 * loaded object just takes a reference). */
void render_release_caches(void)
{
	void *fc;

	if (measure_cr) {
		cairo_destroy(measure_cr);
		measure_cr = NULL;
	}
	cairo_debug_reset_static_data();
	fc = dlopen("libfontconfig.so.1", RTLD_LAZY);
	if (fc) {
		void (*fini)(void);
		void *sym = dlsym(fc, "FcFini");

		memcpy(&fini, &sym, sizeof(fini));      /* ISO C: no cast */
		if (fini)
			fini();
		dlclose(fc);
	}
}

void canvas_hatch(cairo_t *cr, double x, double y, double w, double h,
		  enum render_hatch kind, double step)
{
	if (kind == RENDER_HATCH_NONE)
		return;
	cairo_save(cr);
	cairo_rectangle(cr, x, y, w, h);
	cairo_clip(cr);
	for (double s = -h; s < w + h; s += step) {
		if (kind != RENDER_HATCH_BACK) {        /* "/" */
			cairo_move_to(cr, x + s, y + h);
			cairo_line_to(cr, x + s + h, y);
		}
		if (kind != RENDER_HATCH_FWD) {         /* "\" */
			cairo_move_to(cr, x + s, y);
			cairo_line_to(cr, x + s + h, y + h);
		}
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}
