/* plot_figs.c - the ready-made figures of `dlsim plot` and `dlsim
 * report` (see plot.h): dbf against the supply, response distributions. */
#include "render/plot.h"

#include <stdio.h>
#include <string.h>

#include "models/mem.h"
#include "render/geom.h"

static enum rt_err out(const struct render_panel *p, size_t np,
		       const struct render_figure_opts *o, const char *path,
		       FILE *f, enum render_gantt_format fmt, struct rt_diag *d)
{
	if (f)
		return render_figure_write_stream(p, np, o, fmt, f, path, d);
	return render_figure_write(p, np, o, path, d);
}

enum rt_err render_dbf_figure(const struct rt_task *ts, size_t n, unsigned m,
			      rt_time server_q, rt_time server_p,
			      const char *server_name,
			      rt_time span, rt_time scale, const char *uname,
			      const struct render_figure_opts *o,
			      const char *path, FILE *f,
			      enum render_gantt_format fmt, bool *truncated,
			      struct rt_diag *d)
{
	double *x = NULL, *y = NULL, sx[2], sy[2], *bx = NULL, *by = NULL;
	char xl[64], wl[160], w1[32], w2[32], sl[128], q1[32], p1[32];
	struct render_series ser[2];
	struct render_point_mark mk;
	struct render_panel p;
	size_t np = 0;
	rt_time w;
	enum rt_err rc;

	rt_diag_clear(d);
	rc = render_dbf_steps(ts, n, span, scale, 20000, &x, &y, &np, truncated);
	if (rc != RT_OK)
		return rt_diagf(d, rc, "dbf: %s", rt_strerror(rc));
	w = server_q > 0 ? render_dbf_witness_sbf(ts, n, server_q, server_p,
						   span, 20000) :
	    render_dbf_witness(ts, n, m, span, 20000);
	sx[0] = 0;
	sy[0] = 0;
	sx[1] = (double)span / (double)scale;
	sy[1] = sx[1] * m;
	ser[0] = (struct render_series){ .label = "dbf(t)", .colour = 0,
					 .kind = RENDER_SERIES_STEP, .x = x,
					 .y = y, .n = np };
	ser[1] = (struct render_series){ .label = m > 1 ? "supply m t" :
					 "supply t", .colour = -1,
					 .kind = RENDER_SERIES_LINE, .x = sx,
					 .y = sy, .n = 2, .dashed = true };
	if (server_q > 0) {     /* a server's guaranteed supply */
		size_t cap = 2 * (size_t)(span / server_p) + 8, k;

		if (cap > 50000)
			cap = 50000;
		bx = rt_calloc(cap, sizeof(*bx));
		by = rt_calloc(cap, sizeof(*by));
		if (!bx || !by) {
			rt_free(bx);
			rt_free(by);
			rt_free(x);
			rt_free(y);
			return rt_diagf(d, RT_ERR_NOMEM, "dbf: out of memory");
		}
		k = render_sbf_points(server_q, server_p, span, scale, bx, by,
				      cap);
		render_format_time(q1, sizeof(q1), server_q, scale);
		render_format_time(p1, sizeof(p1), server_p, scale);
		snprintf(sl, sizeof(sl), "sbf of %s (Q %s, T %s)",
			 server_name ? server_name : "the server", q1, p1);
		ser[1] = (struct render_series){ .label = sl, .colour = -1,
			.kind = RENDER_SERIES_LINE, .x = bx, .y = by, .n = k,
			.dashed = true };
	}
	snprintf(xl, sizeof(xl), "interval length t (%s)", uname);
	p = (struct render_panel){ .xlabel = xl, .ylabel = "demand",
				   .s = ser, .ns = 2, .x0 = 0, .x1 = sx[1] };
	if (w != RT_TIME_NEVER) {
		/* the witness's demand: the step value at w */
		mk = (struct render_point_mark){ .x = (double)w / (double)scale,
						 .label = wl };
		for (size_t k = 0; k < np; k++)
			if (x[k] <= mk.x)
				mk.y = y[k];
		render_format_time_sig(w1, sizeof(w1), w, scale, 6);
		snprintf(w2, sizeof(w2), "%.6g", mk.y);
		if (server_q > 0)
			snprintf(wl, sizeof(wl), "dbf(%s) = %s > sbf", w1, w2);
		else
			snprintf(wl, sizeof(wl), "dbf(%s) = %s > %s%s", w1, w2,
				 m > 1 ? "m \xc2\xb7 " : "", w1);
		p.marks = &mk;
		p.nmarks = 1;
	}
	rc = out(&p, 1, o, path, f, fmt, d);
	rt_free(x);
	rt_free(y);
	rt_free(bx);
	rt_free(by);
	return rc;
}

enum rt_err render_response_figure(const struct render_jobs_data *jd,
				   size_t nbins, rt_time scale,
				   const char *uname,
				   const struct render_figure_opts *o,
				   const char *path, FILE *f,
				   enum render_gantt_format fmt,
				   struct rt_diag *d)
{
	struct render_series ser[3][24];
	struct render_panel p[3];
	double *buf, xmax;
	char xr[64], xt[64];
	rt_time maxv = 1, maxt = 1;
	size_t nt = jd->n < 24 ? jd->n : 24, np = 0, off = 0, total = 0;
	bool late = false, any = false;
	enum rt_err rc;

	rt_diag_clear(d);
	for (size_t i = 0; i < nt; i++) {
		total += 3 * (jd->t[i].nresp + jd->t[i].ntard) + 2 * nbins + 16;
		any = any || jd->t[i].nresp;
		for (size_t k = 0; k < jd->t[i].nresp; k++)
			if (jd->t[i].resp[k] > maxv)
				maxv = jd->t[i].resp[k];
		for (size_t k = 0; k < jd->t[i].ntard; k++) {
			late = late || jd->t[i].tard[k] > 0;
			if (jd->t[i].tard[k] > maxt)
				maxt = jd->t[i].tard[k];
		}
	}
	if (!any)
		return rt_diagf(d, RT_ERR_INVAL, "%s: no completed job to plot",
				path);
	if (!(buf = rt_calloc(total, sizeof(*buf))))
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", path);
	xmax = (double)maxv / (double)scale;
	for (size_t i = 0; i < nt; i++) {
		const struct render_job_task *t = &jd->t[i];
		size_t k;
		double *v = buf + off, *e, *c, *cx, *cy;

		/* histogram over [0, max response] (common bins) */
		for (k = 0; k < t->nresp; k++)
			v[k] = (double)t->resp[k] / (double)scale;
		e = v + t->nresp;
		c = e + nbins + 1;
		render_histogram(v, t->nresp, 0, xmax, nbins, e, c);
		ser[0][i] = (struct render_series){ .label = t->name,
			.colour = (int)i, .kind = RENDER_SERIES_BARS, .x = e,
			.y = c, .n = t->nresp ? nbins : 0 };
		cx = c + nbins;
		cy = cx + t->nresp + 1;
		k = render_ccdf(v, t->nresp, cx, cy);
		ser[1][i] = (struct render_series){ .label = t->name,
			.colour = (int)i, .kind = RENDER_SERIES_STEP, .x = cx,
			.y = cy, .n = k };
		off += 3 * t->nresp + 2 * nbins + 4;
		v = buf + off;
		for (k = 0; k < t->ntard; k++)
			v[k] = (double)t->tard[k] / (double)scale;
		cx = v + t->ntard;
		cy = cx + t->ntard + 1;
		k = render_ccdf(v, t->ntard, cx, cy);
		ser[2][i] = (struct render_series){ .label = t->name,
			.colour = (int)i, .kind = RENDER_SERIES_STEP, .x = cx,
			.y = cy, .n = k };
		off += 3 * t->ntard + 4;
	}
	snprintf(xr, sizeof(xr), "response time (%s)", uname);
	snprintf(xt, sizeof(xt), "tardiness (%s)", uname);
	/* from 0, a little past the largest value: the last drop shows */
	p[np++] = (struct render_panel){ .title = "Response times",
		.xlabel = xr, .ylabel = "jobs", .s = ser[0], .ns = nt,
		.x0 = 0, .x1 = 1.05 * xmax };
	p[np++] = (struct render_panel){ .title = "Response-time CCDF",
		.xlabel = xr, .ylabel = "P(R > x)", .s = ser[1], .ns = nt,
		.ylog = true, .x0 = 0, .x1 = 1.05 * xmax };
	if (late)
		p[np++] = (struct render_panel){ .title = "Tardiness CCDF",
			.xlabel = xt, .ylabel = "P(tardiness > x)", .s = ser[2],
			.ns = nt, .ylog = true, .x0 = 0,
			.x1 = 1.05 * (double)maxt / (double)scale };
	rc = out(p, np, o, path, f, fmt, d);
	rt_free(buf);
	return rc;
}
