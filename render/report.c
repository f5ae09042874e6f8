/* report.c - HTML pieces of `dlsim report` (see report.h). */
#include "render/report.h"

#include <stdlib.h>
#include <string.h>

#include "render/gantt_int.h"

static const char css[] =
"body{font-family:'Liberation Serif','Times New Roman',serif;max-width:60em;"
"margin:2em auto;padding:0 1em;color:#1a1a1a;line-height:1.35}"
"h1{font-size:1.6em}h2{font-size:1.25em;margin-top:1.6em;"
"border-bottom:1px solid #ddd}"
"table{border-collapse:collapse;margin:.6em 0;font-size:.92em}"
"th,td{border:1px solid #ccc;padding:.2em .55em;text-align:left}"
"th{background:#f4f4f4}td.n{text-align:right;font-variant-numeric:"
"tabular-nums}"
"figure{margin:1em 0}figure svg{max-width:100%;height:auto}"
"figcaption{font-size:.9em;color:#555}"
".reject{color:#c00;font-weight:bold}.accept{color:#063}"
"p.note{color:#555;font-size:.9em}";

void render_html_text(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		default: fputc(*s, f);
		}
	}
}

void render_html_begin(FILE *f, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset="
	      "\"utf-8\">\n<meta name=\"generator\" content=\"dlsim\">\n<title>",
	      f);
	render_html_text(f, title);
	fprintf(f, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", css);
	render_html_text(f, title);
	fputs("</h1>\n", f);
}

void render_html_end(FILE *f)
{
	fputs("</body>\n</html>\n", f);
}

void render_html_h2(FILE *f, const char *s)
{
	fputs("<h2>", f);
	render_html_text(f, s);
	fputs("</h2>\n", f);
}

void render_html_p(FILE *f, const char *s)
{
	fputs("<p>", f);
	render_html_text(f, s);
	fputs("</p>\n", f);
}

void render_html_note(FILE *f, const char *s)
{
	fputs("<p class=\"note\">", f);
	render_html_text(f, s);
	fputs("</p>\n", f);
}

void render_html_table_begin(FILE *f, const char *const *head, size_t n)
{
	fputs("<table>\n<tr>", f);
	for (size_t i = 0; i < n; i++) {
		fputs("<th>", f);
		render_html_text(f, head[i]);
		fputs("</th>", f);
	}
	fputs("</tr>\n", f);
}

void render_html_row(FILE *f, const char *const *cells, size_t n)
{
	fputs("<tr>", f);
	for (size_t i = 0; i < n; i++) {
		const char *c = cells[i] ? cells[i] : "";
		bool num = *c == '\t';
		const char *cls = "";

		if (!strcmp(c, "reject"))
			cls = " class=\"reject\"";
		else if (!strcmp(c, "accept"))
			cls = " class=\"accept\"";
		fprintf(f, "<td%s>", num ? " class=\"n\"" : cls);
		render_html_text(f, c + num);
		fputs("</td>", f);
	}
	fputs("</tr>\n", f);
}

void render_html_table_end(FILE *f)
{
	fputs("</table>\n", f);
}

enum rt_err render_html_svg(FILE *f, const char *svg, size_t n,
			    const char *prefix, const char *caption,
			    struct rt_diag *d)
{
	static const char *const pats[] = { "id=\"", "url(#", "href=\"#" };
	const char *p = NULL, *end = svg + n;

	for (const char *q = svg; q + 4 <= end; q++)
		if (!strncmp(q, "<svg", 4)) {
			p = q;
			break;
		}
	if (!p)
		return rt_diagf(d, RT_ERR_INVAL, "report: not an SVG image");
	fputs("<figure>\n", f);
	/* one pass: copy, and after each pattern write the prefix */
	for (const char *q = p; q < end; q++) {
		fputc(*q, f);
		for (size_t k = 0; k < 3; k++) {
			size_t l = strlen(pats[k]);

			if ((size_t)(q - p) + 1 >= l &&
			    !strncmp(q + 1 - l, pats[k], l)) {
				fputs(prefix, f);
				fputc('-', f);
				break;
			}
		}
	}
	if (caption) {
		fputs("<figcaption>", f);
		render_html_text(f, caption);
		fputs("</figcaption>\n", f);
	}
	fputs("</figure>\n", f);
	return RT_OK;
}

enum rt_err render_mem_open(struct render_mem *m, struct rt_diag *d)
{
	m->buf = NULL;
	m->n = 0;
	m->f = open_memstream(&m->buf, &m->n);
	return m->f ? RT_OK : rt_diagf(d, RT_ERR_NOMEM, "report: out of memory");
}

enum rt_err render_mem_close(struct render_mem *m, struct rt_diag *d)
{
	if (!m->f)
		return RT_OK;
	if (fclose(m->f) != 0) {
		m->f = NULL;
		return rt_diagf(d, RT_ERR_NOMEM, "report: out of memory");
	}
	m->f = NULL;
	return RT_OK;
}

enum rt_err render_html_gantt(FILE *f, const struct render_gantt *g,
			      const char *prefix, const char *caption,
			      struct rt_diag *d)
{
	struct render_mem m;
	enum rt_err rc = render_mem_open(&m, d);

	if (rc != RT_OK)
		return rc;
	rc = gantt_draw_cairo(g, RENDER_GANTT_SVG, m.f, "report chart", d);
	if (render_mem_close(&m, rc == RT_OK ? d : NULL) != RT_OK && rc == RT_OK)
		rc = RT_ERR_NOMEM;
	if (rc == RT_OK)
		rc = render_html_svg(f, m.buf, m.n, prefix, caption, d);
	free(m.buf);
	return rc;
}
