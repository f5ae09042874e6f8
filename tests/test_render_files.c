/* test_render_files.c - smoke tests of the chart files: PNG pixel width,
 * well-formed SVG and PDF, the same bytes for the same input, no file
 * left by a failed write, the format chosen by extension, both row views
 * on 4 CPUs, TikZ output, and the font caches.
 *
 * Images are never compared with reference bytes (docs/design.md §8); the tests
 * check file signatures and sizes, well-formedness, and that the same
 * input gives the same bytes twice in one process.  Files go to
 * build/test-out/render/.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <CUnit/CUnit.h>

#include "render/gantt.h"
#include "render/tikz.h"
#include "tests/render_util.h"
#include "tests/suites.h"

#define OUT DLSIM_SRCDIR "/build/test-out/render"

static void outdir(void)
{
	mkdir(DLSIM_SRCDIR "/build", 0777);
	mkdir(DLSIM_SRCDIR "/build/test-out", 0777);
	mkdir(OUT, 0777);
}

/* Whole file into a malloc'ed buffer (NULL if absent). */
static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *b;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	b = malloc((size_t)n + 1);
	if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
		free(b);
		b = NULL;
	}
	if (b)
		b[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return b;
}

/* ---- files -------------------------------------------------------- */

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

/* Every element opened is closed, properly nested, one root <svg>. */
static bool svg_balanced(const char *s)
{
	char stack[64][32];
	int depth = 0, roots = 0;

	while ((s = strchr(s, '<')) != NULL) {
		const char *e;
		size_t n;

		if (!strncmp(s, "<?", 2) || !strncmp(s, "<!", 2)) {
			s++;
			continue;
		}
		e = strchr(s, '>');
		if (!e)
			return false;
		if (s[1] == '/') {
			n = strcspn(s + 2, " >");
			if (depth == 0 || strlen(stack[depth - 1]) != n ||
			    strncmp(stack[depth - 1], s + 2, n))
				return false;
			depth--;
		} else if (e[-1] != '/') {
			n = strcspn(s + 1, " />\n");
			if (depth == 64 || n >= 32)
				return false;
			if (depth == 0 && roots++)
				return false;
			memcpy(stack[depth], s + 1, n);
			stack[depth++][n] = '\0';
			if (depth == 1 && strcmp(stack[0], "svg"))
				return false;
		}
		s = e;
	}
	return depth == 0 && roots == 1;
}

static void write_dario(const char *path, double width_pt, double dpi,
			enum rt_err want)
{
	struct render_meta m = dario_meta(30);
	struct render_gantt_opts o = RENDER_GANTT_OPTS_DEFAULT;
	struct render_gantt *g = NULL;
	struct rt_diag d;
	enum rt_err rc;

	o.width_pt = width_pt;
	o.dpi = dpi;
	CU_ASSERT_EQUAL_FATAL(render_gantt_create(&m, &o, &g, &d), RT_OK);
	run_into(&m, render_gantt_sink(g), 30);
	rc = render_gantt_write(g, path, &d);
	if (rc != want)
		fprintf(stderr, "\n  %s: %s\n", path, d.msg);
	CU_ASSERT_EQUAL(rc, want);
	render_gantt_destroy(g);
}

static void test_png_has_the_requested_pixel_width(void)
{
	unsigned char *b;
	size_t n;

	outdir();
	write_dario(OUT "/dario-col.png", 3.5 * 72, 300, RT_OK);
	b = slurp(OUT "/dario-col.png", &n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT(n > 33 && !memcmp(b, "\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
	CU_ASSERT_EQUAL(be32(b + 16), 1050);
	CU_ASSERT(be32(b + 20) > 150 && be32(b + 20) < 1050);
	free(b);
	write_dario(OUT "/dario-1600.png", 1600 * 72.0 / 150, 150, RT_OK);
	b = slurp(OUT "/dario-1600.png", &n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_EQUAL(be32(b + 16), 1600);
	free(b);
}

static void test_svg_and_pdf_are_well_formed(void)
{
	unsigned char *b;
	size_t n;

	outdir();
	write_dario(OUT "/dario.svg", 0, 0, RT_OK);
	b = slurp(OUT "/dario.svg", &n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT(!strncmp((char *)b, "<?xml", 5));
	CU_ASSERT_PTR_NOT_NULL(strstr((char *)b, "width=\"515.52pt\""));
	CU_ASSERT(svg_balanced((char *)b));
	/* text is text (editable, searchable), not glyph outlines */
	CU_ASSERT_PTR_NOT_NULL(strstr((char *)b, "xml:space=\"preserve\">"
				      "\xcf\x84\xe2\x82\x81 (4, 5, 10)</text>"));
	CU_ASSERT_PTR_NOT_NULL(strstr((char *)b, ">+3</text>"));
	CU_ASSERT_PTR_NOT_NULL(strstr((char *)b, ">time (ticks)</text>"));
	CU_ASSERT_PTR_NULL(strstr((char *)b, "<symbol"));
	CU_ASSERT_PTR_NULL(strstr((char *)b, "glyph"));
	free(b);
	write_dario(OUT "/dario.pdf", 0, 0, RT_OK);
	b = slurp(OUT "/dario.pdf", &n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT(n > 100 && !strncmp((char *)b, "%PDF-", 5));
	CU_ASSERT(!strncmp((char *)b + n - 6, "%%EOF\n", 6));
	free(b);
}

static void test_same_input_gives_the_same_bytes(void)
{
	static const char *const ext[] = { "png", "svg", "pdf", "tex" };

	outdir();
	for (int i = 0; i < 4; i++) {
		char p1[256], p2[256];
		unsigned char *a, *b;
		size_t na, nb;

		snprintf(p1, sizeof(p1), OUT "/same-1.%s", ext[i]);
		snprintf(p2, sizeof(p2), OUT "/same-2.%s", ext[i]);
		write_dario(p1, 0, 0, RT_OK);
		write_dario(p2, 0, 0, RT_OK);
		a = slurp(p1, &na);
		b = slurp(p2, &nb);
		CU_ASSERT_PTR_NOT_NULL(a);
		CU_ASSERT_PTR_NOT_NULL(b);
		CU_ASSERT(a && b && na == nb && !memcmp(a, b, na));
		free(a);
		free(b);
	}
}

static bool temp_files_left(void)
{
	DIR *dir = opendir(OUT);
	struct dirent *e;
	bool found = false;

	while (dir && (e = readdir(dir)) != NULL)
		found = found || strstr(e->d_name, ".tmp-") != NULL;
	if (dir)
		closedir(dir);
	return found;
}

static void test_failed_writes_leave_no_file(void)
{
	outdir();
	unlink(OUT "/bad.bmp");
	write_dario(OUT "/bad.bmp", 0, 0, RT_ERR_INVAL);
	CU_ASSERT_EQUAL(access(OUT "/bad.bmp", F_OK), -1);
	write_dario(OUT "/no-such-dir/x.png", 0, 0, RT_ERR_IO);
	write_dario(OUT "/noext", 0, 0, RT_ERR_INVAL);
	CU_ASSERT_EQUAL(access(OUT "/noext", F_OK), -1);
	/* 200 in at 2400 dpi is too large for a PNG: nothing is written */
	unlink(OUT "/huge.png");
	write_dario(OUT "/huge.png", 200 * 72, 2400, RT_ERR_INVAL);
	CU_ASSERT_EQUAL(access(OUT "/huge.png", F_OK), -1);
	CU_ASSERT_FALSE(temp_files_left());
}

static void test_chart_format_is_chosen_by_extension(void)
{
	enum render_gantt_format f;
	struct rt_diag d;

	CU_ASSERT_EQUAL(render_gantt_format_from_path("a.PNG", &f, &d), RT_OK);
	CU_ASSERT_EQUAL(f, RENDER_GANTT_PNG);
	CU_ASSERT_EQUAL(render_gantt_format_from_path("a.svg", &f, &d), RT_OK);
	CU_ASSERT_EQUAL(f, RENDER_GANTT_SVG);
	CU_ASSERT_EQUAL(render_gantt_format_from_path("a.pdf", &f, &d), RT_OK);
	CU_ASSERT_EQUAL(f, RENDER_GANTT_PDF);
	CU_ASSERT_EQUAL(render_gantt_format_from_path("a.tikz", &f, &d), RT_OK);
	CU_ASSERT_EQUAL(f, RENDER_GANTT_TIKZ);
	CU_ASSERT_EQUAL(render_gantt_format_from_path("a.jpeg", &f, &d),
			RT_ERR_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "'.jpeg'"));
}

static void test_four_cpus_twenty_tasks_render_in_both_views(void)
{
	static const char *const names[2] = { "task", "cpu" };
	struct render_meta m = many_meta();

	outdir();
	for (int v = 0; v < 2; v++) {
		struct render_gantt *g = chart(&m, v ? RENDER_ROWS_CPU :
					       RENDER_ROWS_TASK, 0);
		const struct render_axis *ax;
		char path[256];
		unsigned char *b;
		struct rt_diag d;
		size_t n;

		CU_ASSERT_PTR_NOT_NULL_FATAL(g);
		run_into(&m, render_gantt_sink(g), 60);
		ax = render_gantt_axis(g);
		CU_ASSERT(ax->x0 > 0 && ax->x1 > ax->x0 && ax->x1 < 7.16 * 72);
		for (const char *e = "png\0svg\0pdf\0tex\0"; *e; e += 4) {
			snprintf(path, sizeof(path), OUT "/gedf-4x20-%s.%s",
				 names[v], e);
			CU_ASSERT_EQUAL(render_gantt_write(g, path, &d), RT_OK);
		}
		snprintf(path, sizeof(path), OUT "/gedf-4x20-%s.png", names[v]);
		b = slurp(path, &n);
		CU_ASSERT_PTR_NOT_NULL_FATAL(b);
		CU_ASSERT_EQUAL(be32(b + 16), 2148);    /* 7.16 in, 300 dpi */
		free(b);
		render_gantt_destroy(g);
	}
}

static void test_tikz_has_one_draw_per_box_and_escapes_names(void)
{
	struct rt_task t[2] = { rt_task_make("a_b&c%$#{}~^\\", 4, 5, 10),
				rt_task_make("P2", 4, 5, 10) };
	struct render_meta m = dario_meta(30);
	struct render_gantt *g;
	unsigned char *b;
	const char *p;
	size_t n, draws = 0, boxes = 0;

	m.tasks = t;
	g = chart(&m, RENDER_ROWS_TASK, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	run_into(&m, render_gantt_sink(g), 30);
	outdir();
	CU_ASSERT_EQUAL(render_gantt_write(g, OUT "/dario.tex", NULL), RT_OK);
	b = slurp(OUT "/dario.tex", &n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	p = (const char *)b;
	CU_ASSERT_PTR_NOT_NULL(strstr(p, "\\begin{tikzpicture}"));
	CU_ASSERT(n > 17 && !strcmp(p + n - 18, "\\end{tikzpicture}\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(p, "{a\\_b\\&c\\%\\$\\#\\{\\}\\~{}\\^{}"
				      "\\textbackslash{}}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(p, "{$\\tau_{1}$ (4, 5, 10)}"));
	CU_ASSERT_PTR_NOT_NULL(strstr(p, "{+3}"));
	for (const char *q = p; (q = strstr(q, "\\draw[dlsimbox")); q++)
		draws++;
	for (size_t r = 0; r < 2; r++)
		boxes += render_gantt_boxes(g, r)->n;
	CU_ASSERT_EQUAL(draws, boxes);  /* 1 CPU: no legend swatches */
	CU_ASSERT_EQUAL(boxes, 6);
	free(b);
	render_gantt_destroy(g);
}

/* Last: leak checkers must see no font caches at exit (make check-asan). */
static void test_font_caches_can_be_released_and_rebuilt(void)
{
	unsigned char *b;
	size_t n;

	render_release_caches();
	outdir();
	write_dario(OUT "/after-release.png", 0, 0, RT_OK);
	b = slurp(OUT "/after-release.png", &n);
	CU_ASSERT_PTR_NOT_NULL(b);
	free(b);
	render_release_caches();
}

CU_TestInfo render_files_tests[] = {
	{ "png has the requested pixel width",
	  test_png_has_the_requested_pixel_width },
	{ "svg and pdf are well formed", test_svg_and_pdf_are_well_formed },
	{ "same input gives the same bytes",
	  test_same_input_gives_the_same_bytes },
	{ "failed writes leave no file", test_failed_writes_leave_no_file },
	{ "chart format is chosen by extension",
	  test_chart_format_is_chosen_by_extension },
	{ "four cpus and twenty tasks render in both views",
	  test_four_cpus_twenty_tasks_render_in_both_views },
	{ "tikz has one draw per box and escapes names",
	  test_tikz_has_one_draw_per_box_and_escapes_names },
	{ "font caches can be released and rebuilt",
	  test_font_caches_can_be_released_and_rebuilt },
	CU_TEST_INFO_NULL
};
