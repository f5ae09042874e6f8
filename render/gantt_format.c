/* gantt_format.c - a recorded chart written in the format its file name
 * asks for: .png, .svg, .pdf (cairo, gantt_draw.c) or .tex / .tikz
 * (tikz.c).  render_gantt_write() goes through render/outfile.h, so the
 * target is replaced only by a complete file.
 */
#include "render/gantt_int.h"

#include "render/internal.h"
#include "render/outfile.h"
#include "render/tikz.h"

enum rt_err render_gantt_format_from_path(const char *path,
					  enum render_gantt_format *fmt,
					  struct rt_diag *d)
{
	static const struct { const char *ext; enum render_gantt_format f; }
	exts[] = {
		{ ".png", RENDER_GANTT_PNG }, { ".svg", RENDER_GANTT_SVG },
		{ ".pdf", RENDER_GANTT_PDF }, { ".tex", RENDER_GANTT_TIKZ },
		{ ".tikz", RENDER_GANTT_TIKZ },
	};
	const char *ext;

	for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
		if (render_path_has_ext(path, exts[i].ext)) {
			*fmt = exts[i].f;
			return RT_OK;
		}
	}
	if (render_path_is_stdout(path)) {     /* text on a terminal or pipe */
		*fmt = RENDER_GANTT_SVG;
		return RT_OK;
	}
	ext = render_path_ext(path);
	if (!*ext)
		return rt_diagf(d, RT_ERR_INVAL, "%s: no file extension; use "
				".png, .svg, .pdf or .tex for a chart", path);
	return rt_diagf(d, RT_ERR_INVAL, "%s: unknown chart extension '%s'; "
			"use .png, .svg, .pdf or .tex", path, ext);
}

enum rt_err render_gantt_write_to(const struct render_gantt *g, FILE *f,
				  const char *path, struct rt_diag *d)
{
	enum render_gantt_format fmt;
	enum rt_err rc;

	rt_diag_clear(d);
	if (!g || !path || !f)
		return rt_diagf(d, RT_ERR_INVAL, "chart: bad arguments");
	rc = render_gantt_format_from_path(path, &fmt, d);
	if (rc != RT_OK)
		return rc;
	if (fmt == RENDER_GANTT_TIKZ)
		return render_tikz_write(g, f, path, d);
	return gantt_draw_cairo(g, fmt, f, path, d);
}

enum rt_err render_gantt_write(const struct render_gantt *g, const char *path,
			       struct rt_diag *d)
{
	enum render_gantt_format fmt;
	struct render_outfile of;
	enum rt_err rc;
	FILE *f;

	rt_diag_clear(d);
	if (!g || !path)
		return rt_diagf(d, RT_ERR_INVAL, "chart: bad arguments");
	rc = render_gantt_format_from_path(path, &fmt, d);
	if (rc != RT_OK)
		return rc;
	rc = render_outfile_open(&of, path, &f, d);
	if (rc != RT_OK)
		return rc;
	rc = render_gantt_write_to(g, f, path, d);
	if (rc != RT_OK) {
		render_outfile_abort(&of);
		return rc;
	}
	return render_outfile_commit(&of, d);
}

