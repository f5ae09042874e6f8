/* report.h - pieces of the one-file HTML report (`dlsim report`): escaped
 * text, tables, and figures inlined as SVG (ids made unique per figure so
 * several charts share one page).  No JavaScript, no network: the page is
 * complete in itself. */
#ifndef RENDER_REPORT_H
#define RENDER_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "models/rt_err.h"
#include "render/gantt.h"
#include "render/plot.h"

/* <!DOCTYPE html>, head with the title and the stylesheet, <body>. */
void render_html_begin(FILE *f, const char *title);
void render_html_end(FILE *f);
/* Text with & < > " escaped (UTF-8 passes through). */
void render_html_text(FILE *f, const char *s);
/* <h2>text</h2> and <p>text</p> (escaped). */
void render_html_h2(FILE *f, const char *s);
void render_html_p(FILE *f, const char *s);
/* <p class="note">text</p> (escaped): a remark in smaller grey type. */
void render_html_note(FILE *f, const char *s);
/* A table: header cells, then rows of n cells each (escaped); a cell
 * starting with '\t' is right-aligned (numbers), the tab not shown. */
void render_html_table_begin(FILE *f, const char *const *head, size_t n);
void render_html_row(FILE *f, const char *const *cells, size_t n);
void render_html_table_end(FILE *f);

/* Inline an SVG document (svg, n bytes) in a <figure> with caption:
 * the XML declaration dropped, every id, url(#...) and href="#..." given
 * the prefix.  RT_ERR_INVAL if it has no <svg. */
enum rt_err render_html_svg(FILE *f, const char *svg, size_t n,
			    const char *prefix, const char *caption,
			    struct rt_diag *d);
/* The Gantt chart g as inline SVG. */
enum rt_err render_html_gantt(FILE *f, const struct render_gantt *g,
			      const char *prefix, const char *caption,
			      struct rt_diag *d);

/* An SVG drawn into memory: *buf (free() it), *n. */
struct render_mem {
	char *buf;
	size_t n;
	FILE *f;                        /* open_memstream */
};
enum rt_err render_mem_open(struct render_mem *m, struct rt_diag *d);
/* Close the stream (buf, n valid afterwards). */
enum rt_err render_mem_close(struct render_mem *m, struct rt_diag *d);

#endif /* RENDER_REPORT_H */
