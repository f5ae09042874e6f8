/* tikz.c - a recorded Gantt chart as one TikZ picture (see tikz.h).
 *
 * Coordinates are in the chart's own units: x is time in the axis unit
 * from the window start (x = \dlsimxscale times the width of a unit at
 * the chosen page width), y is in lanes (growing downwards), so a document
 * rescales the picture with \def\dlsimxscale{0.8} before \input without
 * touching text: nodes keep their font size, and what sits left of the
 * plot (labels, scale) is placed with absolute xshift.  Numbers are
 * printed in the C locale; text goes through tex_escape().
 */
#include "render/tikz.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "render/gantt_int.h"
#include "render/style.h"

/* LaTeX-escape s: the ten special characters, control characters as
 * spaces; UTF-8 passes through (LaTeX reads UTF-8 by default). */
static bool tex_escape(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		const char *rep = NULL;
		char c = *s;

		switch (c) {
		case '\\': rep = "\\textbackslash{}"; break;
		case '{': rep = "\\{"; break;
		case '}': rep = "\\}"; break;
		case '$': rep = "\\$"; break;
		case '&': rep = "\\&"; break;
		case '#': rep = "\\#"; break;
		case '%': rep = "\\%"; break;
		case '_': rep = "\\_"; break;
		case '^': rep = "\\^{}"; break;
		case '~': rep = "\\~{}"; break;
		default:
			if ((unsigned char)c < 0x20 || c == 0x7f)
				rep = " ";
		}
		if (rep ? fputs(rep, f) < 0 : fputc(c, f) == EOF)
			return false;
	}
	return true;
}

static const char *colour_name(int colour, char *buf, size_t n)
{
	if (colour < 0)
		snprintf(buf, n, "dlsimmixed");
	else
		snprintf(buf, n, "dlsimc%d", colour % RENDER_PALETTE_SIZE);
	return buf;
}

static const char *const hatch_opt[4] = {
	"", ", postaction={pattern=north east lines}",
	", postaction={pattern=north west lines}",
	", postaction={pattern=crosshatch}",
};

/* The pattern of a resource's hatch (gantt_locks_hatch), darker than a
 * task's own. */
static const char *const lock_pattern[4] = {
	"", "pattern=north east lines, pattern color=black",
	"pattern=north west lines, pattern color=black",
	"pattern=crosshatch, pattern color=black",
};

struct tk {
	FILE *f;
	const struct render_gantt *g;
	double F;                       /* y unit (points) */
	double xu;                      /* x unit: points per axis unit */
	bool oom;                       /* out of memory: the picture is an
					 * error */
};

/* x coordinate of instant t: (t - t0) in axis units, exact decimals. */
static const char *tx(const struct tk *k, rt_time t, char *b, size_t n)
{
	render_format_time(b, n, t - k->g->ax.t0, k->g->uscale);
	return b;
}

/* x coordinate of a device x (points; for curves). */
static double dx(const struct tk *k, double x)
{
	return (x - k->g->ax.x0) / k->xu;
}

/* y coordinate of a layout y (points). */
static double ty(const struct tk *k, double y)
{
	return y / k->F;
}

/* A legend/label text: τ with subscript digits or ᵢ, and ≥, as math
 * (plain pdflatex has no Greek); the rest through tex_escape(). */
static void tex_text(FILE *f, const char *s)
{
	char buf[256];
	size_t k = 0;

	for (; *s; ) {
		bool tau = !strncmp(s, "\xcf\x84", 2);
		bool geq = !strncmp(s, "\xe2\x89\xa5", 3);

		if (tau || geq || k + 1 >= sizeof(buf)) {
			buf[k] = '\0';
			tex_escape(f, buf);
			k = 0;
		}
		if (geq) {
			fputs("$\\geq$", f);
			s += 3;
		} else if (tau) {
			fputs("$\\tau_{", f);
			for (s += 2; ; ) {
				if (!strncmp(s, "\xe1\xb5\xa2", 3)) {
					fputc('i', f);
					s += 3;
				} else if (!strncmp(s, "\xe2\x82", 2) &&
					   (unsigned char)s[2] >= 0x80 &&
					   (unsigned char)s[2] <= 0x89) {
					fputc('0' + ((unsigned char)s[2] - 0x80), f);
					s += 3;
				} else {
					break;
				}
			}
			fputs("}$", f);
		} else {
			buf[k++] = *s++;
		}
	}
	buf[k] = '\0';
	tex_escape(f, buf);
}

static void tikz_marks(const struct tk *k, const struct render_marks *mk,
		       const char *style, double ya, double yb)
{
	char b[48];

	for (size_t i = 0; gantt_marks_drawable(k->g, mk) && i < mk->n; i++) {
		tx(k, mk->v[i], b, sizeof(b));
		fprintf(k->f, "\\draw[%s] (%s,%.3f) -- (%s,%.3f);\n", style, b,
			ya, b, yb);
	}
}

static void tikz_resv(const struct tk *k, const struct gantt_row *row,
		      const struct gantt_ylayout *yl, double ry);

static void tikz_row(struct tk *k, size_t i,
		     const struct gantt_ylayout *yl)
{
	const struct render_gantt *g = k->g;
	const struct gantt_row *row = &g->rows[i];
	FILE *f = k->f;
	double ry = yl->top + (double)i * yl->row_h, F = yl->F;
	double ey = ty(k, ry + yl->lane_y[RENDER_LANE_EXEC]);
	double eb = ey + ty(k, yl->lane_h[RENDER_LANE_EXEC]);
	double at = ty(k, ry + yl->lane_y[RENDER_LANE_ARROWS] + 0.05 * F);
	double my = ty(k, ry + yl->lane_y[RENDER_LANE_MISS] + 0.1 * F);
	double mb = my + ty(k, yl->miss_h - 0.25 * F);
	char cn[32], a[48], b[48], lbl[48];
	struct gantt_miss_text mt;

	fprintf(f, "%% row %zu\n", i);
	if (i % 2)      /* banding guides the eye */
		fprintf(f, "\\fill[dlsimband] ([xshift=-%.2fpt]0,%.3f) rectangle "
			"(%s,%.3f);\n", g->ax.x0 - g->xl.margin + 0.3 * F,
			ty(k, ry), tx(k, g->ax.t1, a, sizeof(a)),
			ty(k, ry + yl->row_h));
	fprintf(f, "\\draw[dlsimgrid] (0,%.3f) -- (%s,%.3f);\n", eb,
		tx(k, g->ax.t1, a, sizeof(a)), eb);
	if (g->o.rows == RENDER_ROWS_TASK) {
		const char *cdt = strchr(row->label, '(');

		double lw = g->ax.x0 - g->xl.margin;

		fprintf(f, "\\node[dlsimlabel] at ([xshift=-%.2fpt]0,%.3f) "
			"{$\\tau_{%zu}$ %s};\n", lw, ey + 0.45 * (eb - ey), i + 1,
			row->fair ? "fair" : cdt ? cdt : "");
		fprintf(f, "\\node[dlsimlabel, font=\\footnotesize, "
			"text=dlsimmuted] at ([xshift=-%.2fpt]0,%.3f) {", lw,
			eb + 0.25);
		tex_escape(f, row->sublabel);
		fputs("};\n", f);
	} else {
		fprintf(f, "\\node[dlsimlabel] at ([xshift=-%.2fpt]0,%.3f) "
			"{CPU %zu};\n", g->ax.x0 - g->xl.margin,
			(ey + eb) / 2 + 0.35, i);
	}
	for (size_t j = 0; j < row->boxes.n; j++) {
		const struct render_box *bx = &row->boxes.v[j];
		enum render_hatch hk;
		double cover = (double)bx->busy / (double)(bx->b - bx->a);
		int fill = gantt_box_fill(g, i, bx);

		render_style_fill(fill, &hk);
		fprintf(f, "\\draw[dlsimbox, fill=%s%s%s] (%s,%.3f) rectangle "
			"(%s,%.3f)", row->fair ? "dlsimfair" :
			colour_name(fill, cn, sizeof(cn)),
			cover < 1 ? ", fill opacity=0.5" : "",
			row->fair ? "" : hatch_opt[hk],
			tx(k, bx->a, a, sizeof(a)), ey, tx(k, bx->b, b, sizeof(b)),
			eb);
		if (bx->colour >= 0 && g->o.rows == RENDER_ROWS_CPU)
			fprintf(f, " node[midway, dlsimin] {$\\tau_{%d}$}",
				bx->colour + 1);
		else if (bx->colour >= 0 && g->m->cpus > 1 &&
			 g->o.colour_by == RENDER_COLOUR_BY_TASK)
			fprintf(f, " node[midway, dlsimin] {%d}", bx->colour);
		fputs(";\n", f);
	}
	for (size_t j = 0; j < row->reclaim.n; j++)
		fprintf(f, "\\fill[white, opacity=0.55] (%s,%.3f) rectangle "
			"(%s,%.3f);\n", tx(k, row->reclaim.v[j].a, a, sizeof(a)),
			ey, tx(k, row->reclaim.v[j].b, b, sizeof(b)), eb);
	for (size_t j = 0; j < row->suspends.n; j++)
		fprintf(f, "\\draw[dlsimsusp] (%s,%.3f) -- (%s,%.3f);\n",
			tx(k, row->suspends.v[j].a, a, sizeof(a)), (ey + eb) / 2,
			tx(k, row->suspends.v[j].b, b, sizeof(b)), (ey + eb) / 2);
	/* shared resources: hatched sections, blocked bands */
	for (size_t j = 0; j < row->sections.n; j++)
		fprintf(f, "\\fill[%s] (%s,%.3f) rectangle (%s,%.3f);\n",
			lock_pattern[gantt_locks_hatch((size_t)
				     row->sections.v[j].colour)],
			tx(k, row->sections.v[j].a, a, sizeof(a)), ey,
			tx(k, row->sections.v[j].b, b, sizeof(b)), eb);
	for (size_t j = 0; j < row->blocks.n; j++)
		fprintf(f, "\\draw[dlsimblock] (%s,%.3f) rectangle (%s,%.3f);\n",
			tx(k, row->blocks.v[j].a, a, sizeof(a)),
			ey + 0.6 * (eb - ey),
			tx(k, row->blocks.v[j].b, b, sizeof(b)), eb);
	tikz_marks(k, &row->marks[RENDER_MARK_RELEASE], "dlsimarrow", eb, at);
	tikz_marks(k, &row->marks[RENDER_MARK_DEADLINE], "dlsimarrow", at, eb);
	tikz_marks(k, &row->marks[RENDER_MARK_COMPLETE], "dlsimdone",
		   ey - ty(k, 0.3 * F), eb);
	for (size_t j = 0; gantt_marks_drawable(g, &row->marks[RENDER_MARK_ABORT]) &&
	     j < row->marks[RENDER_MARK_ABORT].n; j++)
		fprintf(f, "\\node[text=dlsimmiss] at (%s,%.3f) {$\\times$};\n",
			tx(k, row->marks[RENDER_MARK_ABORT].v[j], a, sizeof(a)),
			(ey + eb) / 2);
	for (size_t j = 0; gantt_marks_drawable(g, &row->marks[RENDER_MARK_MIGRATE]) &&
	     j < row->marks[RENDER_MARK_MIGRATE].n; j++)
		fprintf(f, "\\node[dlsimmigrate] at (%s,%.3f) {};\n",
			tx(k, row->marks[RENDER_MARK_MIGRATE].v[j], a, sizeof(a)),
			ey);
	if (!gantt_miss_text_place(g, row, &mt))
		k->oom = true;  /* no picture without its labels */
	for (size_t j = 0; j < row->misses.n; j++) {
		const struct render_miss *m = &row->misses.v[j];

		tx(k, m->d, a, sizeof(a));
		tx(k, m->f, b, sizeof(b));
		if (m->open)    /* no right edge: it goes on */
			fprintf(f, "\\fill[dlsimmissfill] (%s,%.3f) rectangle "
				"(%s,%.3f);\n\\draw[dlsimmissline] (%s,%.3f) -- "
				"(%s,%.3f) -- (%s,%.3f) -- (%s,%.3f);\n"
				"\\draw[dlsimmissline, -{Latex}] (%s,%.3f) -- "
				"+(4pt,0);\n", a, my, b, mb, b, my, a, my, a, mb,
				b, mb, b, (my + mb) / 2);
		else
			fprintf(f, "\\draw[dlsimmissbox] (%s,%.3f) rectangle "
				"(%s,%.3f);\n", a, my, b, mb);
		fprintf(f, "\\draw[dlsimmissline] (%s,%.3f) -- (%s,%.3f);\n",
			a, ey, a, my);
		if (!mt.level || mt.level[j] < 0)
			continue;
		render_miss_label(lbl, sizeof(lbl), m, g->uscale);
		fprintf(f, "\\node[dlsimmisslabel] at ([xshift=%.2fpt]%s,%.3f) {",
			mt.x[j] - render_axis_x(&g->ax, m->f), b,
			mb + 0.45 + (double)mt.level[j]);
		tex_text(f, lbl);
		fputs("};\n", f);
	}
	gantt_miss_text_free(&mt);
	tikz_resv(k, row, yl, ry);
}

struct tk_curve {
	const struct tk *k;
	bool first;
};

static void tikz_resv_pt(void *ctx, double x, double y)
{
	struct tk_curve *c = ctx;

	fprintf(c->k->f, "%s(%.4f,%.3f)", c->first ? "" : " -- ",
		dx(c->k, x), ty(c->k, y));
	c->first = false;
}

static void tikz_resv(const struct tk *k, const struct gantt_row *row,
		      const struct gantt_ylayout *yl, double ry)
{
	const struct render_gantt *g = k->g;
	FILE *f = k->f;
	double F = yl->F;
	double by = ry + yl->lane_y[RENDER_LANE_BUDGET] + 0.1 * F;
	double bh = yl->lane_h[RENDER_LANE_BUDGET] - 0.2 * F;
	double tyy = ry + yl->lane_y[RENDER_LANE_THROTTLE] + 0.05 * F;
	double th = yl->lane_h[RENDER_LANE_THROTTLE] - 0.15 * F;
	char a[48], b[48], q[32];
	struct tk_curve curve = { k, true };

	if (row->reject_at != RT_TIME_NEVER) {
		double ey = ty(k, ry + yl->lane_y[RENDER_LANE_EXEC] +
			       yl->lane_h[RENDER_LANE_EXEC] / 2);

		render_format_time(q, sizeof(q), row->reject_at, g->uscale);
		fprintf(f, "\\node[text=dlsimmiss, anchor=west, font=\\footnotesize"
			"\\bfseries] at (%s,%.3f) {$\\times$ rejected at %s};\n",
			tx(k, row->reject_at < g->ax.t0 ? g->ax.t0 : row->reject_at,
			   a, sizeof(a)), ey, q);
	}
	if (bh <= 0 || th <= 0)
		return;
	for (size_t i = 0; i < row->throttles.n; i++)
		fprintf(f, "\\draw[dlsimthrottle] (%s,%.3f) rectangle "
			"(%s,%.3f);\n", tx(k, row->throttles.v[i].a, a, sizeof(a)),
			ty(k, tyy), tx(k, row->throttles.v[i].b, b, sizeof(b)),
			ty(k, tyy + th));
	for (size_t i = 0; gantt_marks_drawable(g, &row->sdl) && i < row->sdl.n;
	     i++)
		fprintf(f, "\\draw[dlsimsdl] (%s,%.3f) -- (%s,%.3f);\n",
			tx(k, row->sdl.v[i], a, sizeof(a)),
			ty(k, ry + yl->lane_y[RENDER_LANE_BUDGET]),
			a, ty(k, tyy + th));
	for (size_t i = 0; i < row->postpones.n; i++)
		fprintf(f, "\\draw[dlsimpostpone] (%s,%.3f) to[bend left=40] "
			"(%s,%.3f);\n", tx(k, row->postpones.v[i].a, a, sizeof(a)),
			ty(k, ry + yl->lane_y[RENDER_LANE_BUDGET]),
			tx(k, row->postpones.v[i].b, b, sizeof(b)),
			ty(k, ry + yl->lane_y[RENDER_LANE_BUDGET]));
	if (!row->budget.n)
		return;
	render_format_time_sig(q, sizeof(q), gantt_resv_qmax(&row->budget),
			       g->pscale, 3);
	fprintf(f, "\\draw[dlsimgrid] (0,%.3f) -- (0,%.3f);\n"
		"\\node[dlsimscale] at ([xshift=-2pt]0,%.3f) "
		"{%s};\n\\node[dlsimscale] at "
		"([xshift=-2pt]0,%.3f) {0};\n", ty(k, by), ty(k, by + bh),
		ty(k, by), q, ty(k, by + bh));
	if (row->srvlabel) {
		fprintf(f, "\\node[anchor=west, font=\\footnotesize, "
			"text=dlsimmuted] at ([xshift=-%.2fpt]0,%.3f) {",
			g->ax.x0 - g->xl.margin, ty(k, by + bh / 2));
		tex_escape(f, row->srvlabel);
		fputs("};\n", f);
	}
	fputs("\\draw[dlsimbudget] ", f);
	gantt_resv_curve(g, &row->budget, by, bh, tikz_resv_pt, &curve);
	fputs(";\n", f);
}

/* The time axis; with 'grid', only the grid lines (drawn under the rows). */
static void tikz_axis(const struct tk *k, const struct gantt_ylayout *yl,
		      bool grid)
{
	const struct render_gantt *g = k->g;
	const struct render_axis *ax = &g->ax;
	FILE *f = k->f;
	double F = yl->F, y = ty(k, yl->axis_y), pw = ax->x1 - ax->x0;
	unsigned max_ticks = (unsigned)(pw / (5.0 * F)) + 1;
	rt_time step = render_nice_step(ax->t1 - ax->t0, max_ticks);
	rt_time tick = rt_ceil_div(ax->t0, step) * step;
	char t[48], x[48];

	fputs(grid ? "% grid\n" : "% time axis\n", f);
	if (!grid)
		fprintf(f, "\\draw[dlsimaxis] (0,%.3f) -- (%s,%.3f);\n", y,
			tx(k, ax->t1, x, sizeof(x)), y);
	for (; tick <= ax->t1; tick += step) {
		tx(k, tick, x, sizeof(x));
		render_format_time(t, sizeof(t), tick, g->uscale);
		if (grid)
			fprintf(f, "\\draw[dlsimgrid] (%s,%.3f) -- (%s,%.3f);\n",
				x, ty(k, yl->top), x, y);
		else
			fprintf(f, "\\draw[dlsimaxis] (%s,%.3f) -- ++(0,-3pt) "
				"node[below, font=\\footnotesize] {%s};\n", x, y, t);
		if (tick > ax->t1 - step)
			break;
	}
	if (grid)
		return;
	fprintf(f, "\\node[below, font=\\footnotesize] at (%s/2,%.3f) "
		"[yshift=-12pt] {time (%s)};\n", tx(k, ax->t1, x, sizeof(x)),
		y, g->unit);
}

static void tikz_legend(const struct tk *k, const struct gantt_ylayout *yl)
{
	const struct render_gantt *g = k->g;
	FILE *f = k->f;
	struct gantt_legend_item it[80];
	size_t n = gantt_legend_items(g, it, sizeof(it) / sizeof(it[0]));
	char cn[32];

	fprintf(f, "%% legend\n\\node[anchor=north west, font=\\footnotesize, "
		"text width=%.2fpt, align=left, inner sep=0pt] at "
		"([xshift=-%.2fpt]0,%.3f) {", g->xl.width - 2 * g->xl.margin,
		g->ax.x0 - g->xl.margin, ty(k, yl->legend_y));
	for (size_t i = 0; i < n; i++) {
		bool note = it[i].kind == GANTT_LEG_NOTE;

		switch (it[i].kind) {
		case GANTT_LEG_SWATCH:
			fprintf(f, "\\tikz\\draw[dlsimbox, fill=%s] (0,0) "
				"rectangle (8pt,6pt);~",
				colour_name(it[i].colour, cn, sizeof(cn)));
			tex_text(f, it[i].text);
			break;
		case GANTT_LEG_FAIR:
			fputs("\\tikz\\draw[dlsimbox, fill=dlsimfair] (0,0) "
			      "rectangle (8pt,6pt);~", f);
			tex_text(f, it[i].text);
			break;
		case GANTT_LEG_RECLAIM:
			fputs("\\tikz{\\draw[dlsimbox, fill=dlsimmixed] (0,0) "
			      "rectangle (8pt,6pt); \\fill[white, opacity=0.55] "
			      "(4pt,0) rectangle (8pt,6pt);}~", f);
			tex_text(f, it[i].text);
			break;
		case GANTT_LEG_RELEASE:
		case GANTT_LEG_DEADLINE:
			fprintf(f, "\\tikz\\draw[dlsimarrow] (0,%s) -- (0,%s);~",
				it[i].kind == GANTT_LEG_RELEASE ? "0" : "7pt",
				it[i].kind == GANTT_LEG_RELEASE ? "7pt" : "0");
			tex_text(f, it[i].text);
			break;
		case GANTT_LEG_COMPLETE:
			fputs("\\tikz\\draw[dlsimdone] (0,0) -- (0,7pt);~", f);
			tex_text(f, it[i].text);
			break;
		case GANTT_LEG_MISS:
			fputs("\\tikz\\draw[dlsimmissbox] (0,0) rectangle "
			      "(10pt,5pt);~", f);
			tex_text(f, it[i].text);
			break;
		case GANTT_LEG_MISS_OPEN:
			fputs("\\tikz{\\fill[dlsimmissfill] (0,0) rectangle "
			      "(8pt,5pt); \\draw[dlsimmissline] (8pt,5pt) -- "
			      "(0,5pt) -- (0,0) -- (8pt,0); \\draw[dlsimmissline, "
			      "-{Latex}] (8pt,2.5pt) -- (12pt,2.5pt);}~", f);
			tex_text(f, it[i].text);
			break;
		case GANTT_LEG_ABORT:
		case GANTT_LEG_REJECT:
			fputs("\\textcolor{dlsimmiss}{$\\times$}~", f);
			tex_text(f, it[i].text);
			break;
		case GANTT_LEG_SUSPEND:
			fputs("\\tikz\\draw[dlsimsusp] (0,0) -- (8pt,0);~", f);
			tex_text(f, it[i].text);
			break;
		case GANTT_LEG_SECTION:
			fprintf(f, "\\tikz\\draw[dlsimbox, %s] (0,0) rectangle "
				"(8pt,6pt);~", lock_pattern[gantt_locks_hatch(
				(size_t)it[i].colour)]);
			tex_text(f, it[i].text);
			break;
		case GANTT_LEG_BLOCK:
			fputs("\\tikz\\draw[dlsimblock] (0,0) rectangle "
			      "(8pt,4pt);~", f);
			tex_text(f, it[i].text);
			break;
		case GANTT_LEG_MIGRATE:
			fputs("\\tikz\\node[dlsimmigrate] {};~", f);
			tex_text(f, it[i].text);
			break;
		case GANTT_LEG_BUDGET:
			fputs("\\tikz\\draw[dlsimbudget] (0,6pt) -- (6pt,0) -- "
			      "(6pt,6pt) -- (10pt,6pt);~", f);
			tex_text(f, it[i].text);
			break;
		case GANTT_LEG_THROTTLE:
			fputs("\\tikz\\draw[dlsimthrottle] (0,0) rectangle "
			      "(10pt,4pt);~", f);
			tex_text(f, it[i].text);
			break;
		case GANTT_LEG_SDEADLINE:
			fputs("\\tikz\\draw[dlsimsdl] (0,7pt) -- (0,0);~", f);
			tex_text(f, it[i].text);
			break;
		case GANTT_LEG_POSTPONE:
			fputs("\\tikz\\draw[dlsimpostpone] (0,0) to[bend left=40] "
			      "(10pt,0);~", f);
			tex_text(f, it[i].text);
			break;
		case GANTT_LEG_NOTE:
			tex_text(f, it[i].text);
			break;
		}
		/* notes on lines of their own, like the PNG */
		if (i + 1 < n)
			fputs(note || it[i + 1].kind == GANTT_LEG_NOTE ?
			      "\\\\\n" : "\\quad\n", f);
	}
	fputs("};\n", f);
}

enum rt_err render_tikz_write(const struct render_gantt *g, FILE *f,
			      const char *path, struct rt_diag *d)
{
	struct gantt_ylayout yl;
	enum render_hatch hk;
	struct tk k;
	char x[48];

	rt_diag_clear(d);
	if (gantt_check_vector_size(path, "TikZ", g->xl.width,
				    gantt_page_height(g, &yl), d) != RT_OK)
		return RT_ERR_INVAL;
	if (yl.oom)
		return rt_diagf(d, RT_ERR_NOMEM, "TikZ: out of memory");
	k = (struct tk){ .f = f, .g = g, .F = yl.F };
	/* points per axis unit, as the PNG/PDF at this width */
	k.xu = (g->ax.x1 - g->ax.x0) * (double)g->uscale /
	       (double)(g->ax.t1 - g->ax.t0);
	fputs("% Gantt chart written by dlsim.  Needs \\usepackage{tikz} and\n"
	      "% \\usetikzlibrary{patterns,arrows.meta}.  x: time in ", f);
	fputs(g->unit, f);
	fputs(" from the window start; y: lanes.  To rescale\n"
	      "% the picture but not its text: \\def\\dlsimxscale{0.8} (and/or "
	      "\\dlsimyscale)\n% before \\input.\n", f);
	fputs("% Scenario: ", f);
	tex_escape(f, g->m->scenario);
	fprintf(f, "\n\\providecommand\\dlsimxscale{1}"
		"\\providecommand\\dlsimyscale{1}\n"
		"\\begin{tikzpicture}[x={\\dlsimxscale*%.4fpt}, "
		"y={-\\dlsimyscale*%.2fpt},\n", k.xu, k.F);
	if (g->m->nresources)   /* only then: other pictures unchanged */
		fputs("  dlsimblock/.style={draw=violet, line width=0.4pt, "
		      "fill=violet!20},\n", f);
	fputs("  line cap=butt,\n"
	      "  dlsimbox/.style={draw=black!70, line width=0.3pt},\n"
	      "  dlsimband/.style={fill=black!4},\n"
	      "  dlsimgrid/.style={draw=black!15, line width=0.3pt},\n"
	      "  dlsimaxis/.style={draw=black, line width=0.5pt},\n"
	      "  dlsimarrow/.style={-{Latex[length=3pt]}, draw=black, "
	      "line width=0.5pt},\n"
	      "  dlsimdone/.style={draw=black, line width=1pt},\n"
	      "  dlsimsusp/.style={draw=black, dashed, line width=0.6pt},\n"
	      "  dlsimmissfill/.style={fill=dlsimmiss!20, postaction={"
	      "pattern=north east lines, pattern color=dlsimmiss}},\n"
	      "  dlsimmissbox/.style={draw=dlsimmiss, line width=0.5pt, "
	      "dlsimmissfill},\n"
	      "  dlsimmissline/.style={draw=dlsimmiss, line width=0.6pt},\n"
	      "  dlsimmisslabel/.style={anchor=base west, inner sep=0pt, "
	      "font=\\footnotesize\\bfseries, text=dlsimmiss},\n"
	      "  dlsimin/.style={font=\\footnotesize, inner sep=0pt},\n"
	      "  dlsimmigrate/.style={diamond, draw=black, fill=white, "
	      "inner sep=1.2pt, line width=0.5pt},\n"
	      "  dlsimbudget/.style={draw=black, line width=0.6pt},\n"
	      "  dlsimthrottle/.style={draw=dlsimmuted, fill=dlsimmuted!25, "
	      "postaction={pattern=north east lines, pattern color=dlsimmuted}},\n"
	      "  dlsimsdl/.style={-{Latex[length=3pt]}, draw=dlsimserver, "
	      "dashed, line width=0.5pt},\n"
	      "  dlsimpostpone/.style={-{Latex[length=3pt]}, draw=dlsimserver, "
	      "line width=0.5pt},\n"
	      "  dlsimlabel/.style={anchor=base west, inner sep=0pt, "
	      "font=\\small},\n"
	      "  dlsimscale/.style={anchor=east, font=\\scriptsize}]\n", f);
	for (int i = 0; i < RENDER_PALETTE_SIZE; i++)
		fprintf(f, "\\definecolor{dlsimc%d}{HTML}{%s}\n", i,
			render_style_fill(i, &hk).hex + 1);
	fprintf(f, "\\definecolor{dlsimmixed}{HTML}{%s}\n"
		"\\definecolor{dlsimmiss}{HTML}{%s}\n"
		"\\definecolor{dlsimmuted}{HTML}{%s}\n"
		"\\definecolor{dlsimfair}{HTML}{%s}\n"
		"\\definecolor{dlsimserver}{HTML}{%s}\n",
		render_style_fill(-1, &hk).hex + 1, render_style_miss.hex + 1,
		render_style_muted.hex + 1, render_style_fair.hex + 1,
		render_style_server.hex + 1);
	if (g->o.title) {
		fprintf(f, "\\node[font=\\bfseries] at (%s/2,%.3f) {",
			tx(&k, g->ax.t1, x, sizeof(x)),
			ty(&k, yl.title_y - 0.4 * yl.F));
		tex_escape(f, g->o.title);
		fputs("};\n", f);
	}
	tikz_axis(&k, &yl, true);
	for (size_t i = 0; i < g->nrows; i++)
		tikz_row(&k, i, &yl);
	tikz_axis(&k, &yl, false);
	tikz_legend(&k, &yl);
	fputs("\\end{tikzpicture}\n", f);
	if (k.oom)
		return rt_diagf(d, RT_ERR_NOMEM, "TikZ: out of memory");
	if (fflush(f) == EOF || ferror(f))
		return rt_diagf(d, RT_ERR_IO, "TikZ: write failed");
	return RT_OK;
}
