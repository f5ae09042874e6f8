/* tikz.c - a recorded Gantt chart as one TikZ picture (see tikz.h).
 *
 * Coordinates are the chart's own layout in points (x=1pt, y=-1pt: y
 * grows downwards as on the page), so the picture matches the PNG/PDF
 * geometry; TeX's dimension limit (16383pt) is never approached because
 * the layout is at most 200 in wide.  Numbers are printed with two
 * decimals in the C locale; text goes through tex_escape().
 */
#include "render/tikz.h"

#include <inttypes.h>
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

static void tikz_row(FILE *f, const struct render_gantt *g, size_t i,
		     const struct gantt_ylayout *yl)
{
	const struct gantt_row *row = &g->rows[i];
	const struct render_axis *ax = &g->ax;
	double ry = yl->top + (double)i * yl->row_h, F = yl->F;
	double ey = ry + yl->lane_y[RENDER_LANE_EXEC];
	double eb = ey + yl->lane_h[RENDER_LANE_EXEC];
	double at = ry + yl->lane_y[RENDER_LANE_ARROWS] + 0.05 * F;
	double my = ry + yl->lane_y[RENDER_LANE_MISS] + 0.1 * F;
	double mb = my + yl->lane_h[RENDER_LANE_MISS] - 0.25 * F;
	const struct render_marks *mk;
	char cn[32], lbl[48];

	fprintf(f, "%% row %zu\n\\draw[dlsimgrid] (%.2f,%.2f) -- (%.2f,%.2f);\n",
		i, ax->x0, eb, ax->x1, eb);
	if (g->o.rows == RENDER_ROWS_TASK) {
		const char *cdt = strchr(row->label, '(');

		fprintf(f, "\\node[dlsimlabel] at (%.2f,%.2f) {$\\tau_{%zu}$ "
			"%s};\n", ax->x0 - 0.4 * F, (ey + eb) / 2, i + 1,
			cdt ? cdt : "");
		fprintf(f, "\\node[dlsimlabel, font=\\scriptsize, text=dlsimmuted] "
			"at (%.2f,%.2f) {", ax->x0 - 0.4 * F, eb + 0.45 * F);
		tex_escape(f, row->sublabel);
		fputs("};\n", f);
	} else {
		fprintf(f, "\\node[dlsimlabel] at (%.2f,%.2f) {CPU %zu};\n",
			ax->x0 - 0.4 * F, (ey + eb) / 2, i);
	}
	for (size_t k = 0; k < row->boxes.n; k++) {
		const struct render_box *b = &row->boxes.v[k];
		enum render_hatch hk;
		double cover = (double)b->busy / (double)(b->b - b->a);

		render_style_fill(b->colour, &hk);
		fprintf(f, "\\draw[dlsimbox, fill=%s%s%s] (%.2f,%.2f) rectangle "
			"(%.2f,%.2f);\n", colour_name(b->colour, cn, sizeof(cn)),
			cover < 1 ? ", fill opacity=0.5" : "", hatch_opt[hk],
			render_axis_x(ax, b->a), ey, render_axis_x(ax, b->b), eb);
	}
	for (size_t k = 0; k < row->suspends.n; k++)
		fprintf(f, "\\draw[dlsimsusp] (%.2f,%.2f) -- (%.2f,%.2f);\n",
			render_axis_x(ax, row->suspends.v[k].a), (ey + eb) / 2,
			render_axis_x(ax, row->suspends.v[k].b), (ey + eb) / 2);
	mk = &row->marks[RENDER_MARK_RELEASE];
	for (size_t k = 0; gantt_marks_drawable(g, mk) && k < mk->n; k++)
		fprintf(f, "\\draw[dlsimarrow] (%.2f,%.2f) -- (%.2f,%.2f);\n",
			render_axis_x(ax, mk->v[k]), eb,
			render_axis_x(ax, mk->v[k]), at);
	mk = &row->marks[RENDER_MARK_DEADLINE];
	for (size_t k = 0; gantt_marks_drawable(g, mk) && k < mk->n; k++)
		fprintf(f, "\\draw[dlsimarrow] (%.2f,%.2f) -- (%.2f,%.2f);\n",
			render_axis_x(ax, mk->v[k]), at,
			render_axis_x(ax, mk->v[k]), eb);
	mk = &row->marks[RENDER_MARK_COMPLETE];
	for (size_t k = 0; gantt_marks_drawable(g, mk) && k < mk->n; k++)
		fprintf(f, "\\draw[dlsimdone] (%.2f,%.2f) -- (%.2f,%.2f);\n",
			render_axis_x(ax, mk->v[k]), ey - 0.3 * F,
			render_axis_x(ax, mk->v[k]), eb);
	mk = &row->marks[RENDER_MARK_ABORT];
	for (size_t k = 0; gantt_marks_drawable(g, mk) && k < mk->n; k++)
		fprintf(f, "\\node[text=dlsimmiss] at (%.2f,%.2f) {$\\times$};\n",
			render_axis_x(ax, mk->v[k]), (ey + eb) / 2);
	for (size_t k = 0; k < row->misses.n; k++) {
		const struct render_miss *m = &row->misses.v[k];
		double x0 = render_axis_x(ax, m->d), x1 = render_axis_x(ax, m->f);

		fprintf(f, "\\draw[dlsimmissbox] (%.2f,%.2f) rectangle "
			"(%.2f,%.2f);\n\\draw[dlsimmissline] (%.2f,%.2f) -- "
			"(%.2f,%.2f);\n", x0, my, x1, mb, x0, ey, x0, my);
		if (!m->label)
			continue;
		render_miss_label(lbl, sizeof(lbl), m, g->uscale);
		/* "≥" as a LaTeX command: no UTF-8 needed */
		fprintf(f, "\\node[dlsimmisslabel] at (%.2f,%.2f) {%s%s};\n",
			x1, (my + mb) / 2, m->open ? "$\\geq$" : "",
			lbl + (m->open ? 3 : 0));
	}
	gantt_tikz_resv(f, g, row, yl, ry);
}

/* The time axis; with 'grid', only the grid lines (drawn under the rows). */
static void tikz_axis(FILE *f, const struct render_gantt *g,
		      const struct gantt_ylayout *yl, bool grid)
{
	const struct render_axis *ax = &g->ax;
	rt_time scale = g->uscale > 0 ? g->uscale : 1;
	double F = yl->F, y = yl->axis_y, pw = ax->x1 - ax->x0;
	unsigned max_ticks = (unsigned)(pw / (5.0 * F)) + 1;
	rt_time step = render_nice_step(ax->t1 - ax->t0, max_ticks);
	rt_time tick = rt_ceil_div(ax->t0, step) * step;
	char t[48];

	fputs(grid ? "% grid\n" : "% time axis\n", f);
	if (!grid)
		fprintf(f, "\\draw[dlsimaxis] (%.2f,%.2f) -- (%.2f,%.2f);\n",
			ax->x0, y, ax->x1, y);
	for (; tick <= ax->t1; tick += step) {
		double x = render_axis_x(ax, tick);

		render_format_time(t, sizeof(t), tick, scale);
		if (grid)
			fprintf(f, "\\draw[dlsimgrid] (%.2f,%.2f) -- (%.2f,%.2f);\n",
				x, yl->top, x, y);
		else
			fprintf(f, "\\draw[dlsimaxis] (%.2f,%.2f) -- (%.2f,%.2f) "
				"node[below, font=\\scriptsize] {%s};\n",
				x, y, x, y + 0.35 * F, t);
		if (tick > ax->t1 - step)
			break;
	}
	if (grid)
		return;
	fprintf(f, "\\node[below, font=\\scriptsize] at (%.2f,%.2f) "
		"{time (%s)};\n", (ax->x0 + ax->x1) / 2, y + 1.6 * F, g->unit);
}

static void tikz_legend(FILE *f, const struct render_gantt *g,
			const struct gantt_ylayout *yl)
{
	struct gantt_legend_item it[64];
	size_t n = gantt_legend_items(g, it, sizeof(it) / sizeof(it[0]));
	char cn[32];

	fprintf(f, "%% legend\n\\node[anchor=north west, font=\\scriptsize, "
		"text width=%.2fpt, align=left] at (%.2f,%.2f) {",
		g->xl.width - 2 * g->xl.margin, g->xl.margin, yl->legend_y);
	for (size_t i = 0; i < n; i++) {
		switch (it[i].kind) {
		case GANTT_LEG_SWATCH:
			fprintf(f, "\\tikz\\draw[dlsimbox, fill=%s] (0,0) "
				"rectangle (8pt,6pt);~",
				colour_name(it[i].colour, cn, sizeof(cn)));
			if (g->o.rows == RENDER_ROWS_CPU) {
				fprintf(f, "$\\tau_{%d}$ ", it[i].colour + 1);
				tex_escape(f, g->m->tasks[it[i].colour].name);
			} else {
				tex_escape(f, it[i].text);
			}
			break;
		case GANTT_LEG_RELEASE:
			fputs("$\\uparrow$~release", f);
			break;
		case GANTT_LEG_DEADLINE:
			fputs("$\\downarrow$~deadline", f);
			break;
		case GANTT_LEG_COMPLETE:
			fputs("$\\vert$~completion", f);
			break;
		case GANTT_LEG_MISS:
			fputs("\\tikz\\draw[dlsimmissbox] (0,0) rectangle "
			      "(8pt,4pt);~deadline miss (+tardiness)", f);
			break;
		case GANTT_LEG_ABORT:
			fputs("\\textcolor{dlsimmiss}{$\\times$}~aborted", f);
			break;
		case GANTT_LEG_SUSPEND:
			fputs("\\tikz\\draw[dlsimsusp] (0,0) -- (8pt,0);"
			      "~self-suspended", f);
			break;
		case GANTT_LEG_MISS_OPEN:
			fputs("\\tikz\\draw[dlsimmissbox] (0,0) rectangle "
			      "(8pt,4pt);$\\rightarrow$~miss unfinished at the "
			      "horizon (tardiness $\\geq$ +x)", f);
			break;
		case GANTT_LEG_MIGRATE:
			fputs("$\\diamond$~migration", f);
			break;
		case GANTT_LEG_NOTE:
		case GANTT_LEG_BUDGET:
		case GANTT_LEG_THROTTLE:
		case GANTT_LEG_SDEADLINE:
		case GANTT_LEG_POSTPONE:
		case GANTT_LEG_REJECT:
		case GANTT_LEG_RECLAIM:
		case GANTT_LEG_FAIR:
			tex_escape(f, it[i].text);
			break;
		}
		fputs(i + 1 < n ? "\\quad\n" : "", f);
	}
	fputs("};\n", f);
}

enum rt_err render_tikz_write(const struct render_gantt *g, FILE *f,
			      struct rt_diag *d)
{
	struct gantt_ylayout yl;
	enum render_hatch hk;

	rt_diag_clear(d);
	gantt_ylayout(g, &yl);
	fputs("% Gantt chart written by dlsim; coordinates in points.  Needs\n"
	      "% \\usepackage{tikz}, and \\usetikzlibrary{patterns} when more\n"
	      "% than six colours are used (hatched boxes).\n", f);
	fputs("% Scenario: ", f);
	tex_escape(f, g->m->scenario);
	fputs("\n\\begin{tikzpicture}[x=1pt, y=-1pt, line cap=butt,\n"
	      "  dlsimbox/.style={draw=black!70, line width=0.3pt},\n"
	      "  dlsimgrid/.style={draw=black!15, line width=0.3pt},\n"
	      "  dlsimaxis/.style={draw=black, line width=0.5pt},\n"
	      "  dlsimarrow/.style={->, draw=black, line width=0.5pt},\n"
	      "  dlsimdone/.style={draw=black, line width=1pt},\n"
	      "  dlsimsusp/.style={draw=black, dashed, line width=0.6pt},\n"
	      "  dlsimmissbox/.style={draw=dlsimmiss, fill=dlsimmiss!20, "
	      "line width=0.5pt},\n"
	      "  dlsimmissline/.style={draw=dlsimmiss, line width=0.6pt},\n"
	      "  dlsimmisslabel/.style={right, font=\\scriptsize\\bfseries, "
	      "text=dlsimmiss},\n"
	      "  dlsimlabel/.style={anchor=east, font=\\small}]\n", f);
	for (int i = 0; i < RENDER_PALETTE_SIZE; i++)
		fprintf(f, "\\definecolor{dlsimc%d}{HTML}{%s}\n", i,
			render_style_fill(i, &hk).hex + 1);
	fprintf(f, "\\definecolor{dlsimmixed}{HTML}{%s}\n"
		"\\definecolor{dlsimmiss}{HTML}{%s}\n"
		"\\definecolor{dlsimmuted}{HTML}{%s}\n",
		render_style_fill(-1, &hk).hex + 1, render_style_miss.hex + 1,
		render_style_muted.hex + 1);
	if (g->o.title) {
		fprintf(f, "\\node[font=\\bfseries] at (%.2f,%.2f) {",
			g->xl.width / 2, yl.title_y - 0.4 * yl.F);
		tex_escape(f, g->o.title);
		fputs("};\n", f);
	}
	tikz_axis(f, g, &yl, true);
	for (size_t i = 0; i < g->nrows; i++)
		tikz_row(f, g, i, &yl);
	tikz_axis(f, g, &yl, false);
	tikz_legend(f, g, &yl);
	fputs("\\end{tikzpicture}\n", f);
	if (fflush(f) == EOF || ferror(f))
		return rt_diagf(d, RT_ERR_IO, "TikZ: write failed");
	return RT_OK;
}
