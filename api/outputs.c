/* outputs.c - opening, feeding and committing the output files of a run
 * or a replayed log (see outputs.h; their settings: outputs_check.c). */
#include "api/outputs.h"

#include <inttypes.h>
#include <string.h>

#include "models/mem.h"
#include "render/tikz.h"

/* Remember why the run stopped because of an output (first reason kept). */
static void outputs_blame(struct api_outputs *out, int file, enum rt_err err)
{
	if (out->failed)
		return;
	out->failed = true;
	if (file >= 0 && api_file_failed(&out->files[file], &out->why))
		return;
	rt_diagf(&out->why, err, "%s %s: %s", file >= 0 ? api_output_opt[file] :
		 "chart", file >= 0 ? out->paths[file] : "", rt_strerror(err));
}

static void fmt_bytes(uint64_t v, char *buf, size_t len)
{
	if (v >= 1ull << 30)
		snprintf(buf, len, "%.1f GiB", (double)v / (double)(1ull << 30));
	else if (v >= 1ull << 20)
		snprintf(buf, len, "%.1f MiB", (double)v / (double)(1ull << 20));
	else if (v >= 1ull << 10)
		snprintf(buf, len, "%.1f KiB", (double)v / (double)(1ull << 10));
	else
		snprintf(buf, len, "%" PRIu64 " bytes", v);
}

#define OUTPUTS_CHECK_EVERY 4096        /* records between budget checks */
#define OUTPUTS_FORECAST_MIN (4ull << 20) /* bytes before forecasting */
#define OUTPUTS_RESERVE (1ull << 20)    /* left free on a file system (at
					 * most a tenth of what was free) */

/*
 * The output budget: the bytes written so far to temporary files against
 * --max-output and the free space their file systems had when opened,
 * and, once 4 MiB are written, a linear forecast to the horizon (periodic
 * workloads write at a constant rate).  Devices and FIFOs count against
 * --max-output but not against free space; standard output is not
 * counted.
 */
static enum rt_err outputs_budget(struct api_outputs *out, rt_time now)
{
	uint64_t total = 0, avail = UINT64_MAX, reserve;
	int where = -1;
	char b1[32], b2[32];
	double forecast = 0;

	for (int k = 0; k < API_OUT__COUNT; k++) {
		const struct api_file *of = &out->files[k];

		if (!of->open)
			continue;
		total += api_file_size(of);
		if (api_file_temporary(of) && api_file_avail(of) < avail) {
			avail = api_file_avail(of);
			where = k;
		}
	}
	if (total >= OUTPUTS_FORECAST_MIN && now > 0 && out->horizon > now)
		forecast = (double)total / (double)now * (double)out->horizon;
	if (total > out->max_bytes || forecast > (double)out->max_bytes) {
		char b3[32];
		bool over = total > out->max_bytes;

		fmt_bytes(total, b1, sizeof(b1));
		fmt_bytes(out->max_bytes, b2, sizeof(b2));
		fmt_bytes(over ? total : (uint64_t)forecast, b3, sizeof(b3));
		rt_diagf(&out->why, RT_ERR_IO, "output budget: the output files "
			 "%s %s%s, more than --max-output %s (%" PRIu64 " > %"
			 PRIu64 " bytes; stopped at %.2f%% "
			 "of the horizon, %s written); raise --max-output, "
			 "shorten --until or drop an output",
			 over ? "reached" : "would reach about", b3,
			 over ? "" : " by the horizon", b2,
			 over ? total : (uint64_t)forecast, out->max_bytes,
			 out->horizon ? 100.0 * (double)now /
			 (double)out->horizon : 0.0, b1);
		out->failed = true;
		return RT_ERR_IO;
	}
	reserve = avail == UINT64_MAX ? 0 : avail / 10 < OUTPUTS_RESERVE ?
		  avail / 10 : OUTPUTS_RESERVE;
	if (where >= 0 && avail != UINT64_MAX &&
	    (total + reserve > avail || forecast + (double)reserve >
	     (double)avail)) {
		fmt_bytes(avail, b2, sizeof(b2));
		rt_diagf(&out->why, RT_ERR_IO, "%s: No space left on device "
			 "(ENOSPC) expected: the outputs would not fit in the %s "
			 "free on its file system when the run started (stopped "
			 "before filling it)", out->paths[where], b2);
		out->failed = true;
		return RT_ERR_IO;
	}
	return RT_OK;
}

static enum rt_err outputs_emit(void *ctx, const struct sim_rec *r)
{
	struct api_out_wrap *w = ctx;
	struct api_outputs *out = w->out;
	enum rt_err err = w->inner.emit(w->inner.ctx, r);

	if (err) {
		outputs_blame(out, w->file, err);
		return err;
	}
	if (++out->records % OUTPUTS_CHECK_EVERY == 0)
		return outputs_budget(out, r->time);
	return RT_OK;
}

static enum rt_err outputs_meter(void *ctx, rt_time now)
{
	return outputs_budget(ctx, now);
}

enum rt_err api_outputs_attach(struct api_outputs *out, struct sim_engine *e)
{
	enum rt_err err = RT_OK;

	for (size_t i = 0; err == RT_OK && i < out->nsinks; i++) {
		struct sim_sink s[RENDER_LOG_ENGINE_SINKS] = {
			out->wrap[i].inner,
		};
		sim_emit_job_fn *jobs[RENDER_LOG_ENGINE_SINKS] = { NULL };
		size_t n = 1;

		/* an engine's records: the log's sinks for them (a replay,
		 * whose records may come from anywhere, keeps the other) */
		if (out->wrap[i].file == API_OUT_LOG)
			n = render_log_engine_sinks(out->log, s, jobs);
		else if (out->wrap[i].file == API_OUT_JOBS)
			jobs[0] = render_jobs_emit_job;
		for (size_t k = 0; err == RT_OK && k < n; k++) {
			s[k].mask &= ~out->wrap[i].unless_final;
			err = sim_engine_add_sink_job(e, &s[k], jobs[k]);
		}
	}
	if (err == RT_OK && out->nsinks)
		err = sim_engine_set_meter(e, outputs_meter, out,
					   OUTPUTS_CHECK_EVERY);
	return err;
}

void api_outputs_failed_run(struct api_outputs *out,
			    const struct sim_engine *e, enum rt_err err)
{
	const void *ctx = sim_engine_failed_sink(e);

	for (size_t i = 0; ctx && i < out->nsinks; i++)
		if (out->wrap[i].inner.ctx == ctx) {
			outputs_blame(out, out->wrap[i].file, err);
			return;
		}
}

static void outputs_add_sink(struct api_outputs *out, struct sim_sink inner,
			     int file)
{
	struct api_out_wrap *w = &out->wrap[out->nsinks];

	w->out = out;
	w->inner = inner;
	w->file = file;
	w->unless_final = file == API_OUT_JOBS ? RENDER_JOBS_UNLESS_FINAL : 0;
	out->sinks[out->nsinks].mask = inner.mask;
	out->sinks[out->nsinks].emit = outputs_emit;
	out->sinks[out->nsinks].ctx = w;
	out->nsinks++;
}

bool api_outputs_explain(struct dlsim *db, const struct api_outputs *out)
{
	if (!out || !out->failed)
		return false;
	api_fail(db, DLSIM_IO, "%s", out->why.msg);
	return true;
}

/* Open every file first (an unwritable target fails before any work),
 * with a note for stale temporaries removed. */
static enum dlsim_status outputs_open_files(struct dlsim *db,
					    struct api_outputs *out)
{
	struct rt_diag d = { "" };

	for (int k = 0; k < API_OUT__COUNT; k++) {
		struct api_file *of = &out->files[k];
		unsigned stale;

		if (!out->paths[k])
			continue;
		if (api_file_open(db, of, out->paths[k], &out->fp[k], &d) !=
		    RT_OK)
			return api_fail(db, DLSIM_IO, "%s", d.msg);
		stale = api_file_stale(of);
		if (stale)
			api_notice(db, DLSIM_NOTE, "removed %u stale temporary "
				   "file%s of %s (left by an interrupted run)",
				   stale, stale == 1 ? "" : "s", out->paths[k]);
	}
	return DLSIM_OK;
}

/* m->horizon in m's display unit. */
static const char *outputs_fmt_horizon(const struct render_meta *m, char *buf,
				       size_t len)
{
	enum scn_time_unit u = SCN_UNIT_TICK;

	scn_time_unit_from_name(m->display_unit, &u);
	return api_fmt_time_in(u, m->horizon, buf, len);
}

void api_outputs_window_notice(struct dlsim *db, const char *window,
			       rt_time t0, const struct render_meta *m)
{
	char hb[48];

	if (window && m->horizon > 0 && t0 >= m->horizon)
		api_notice(db, DLSIM_WARNING, "--window %s starts at or after "
			   "the end of the simulation (horizon %s %s): the "
			   "chart shows no execution; simulate longer with "
			   "--until", window,
			   outputs_fmt_horizon(m, hb, sizeof(hb)),
			   m->display_unit);
}

enum dlsim_status api_outputs_open(struct dlsim *db, struct api_outputs *out,
				   const struct api_outputs_opts *o,
				   const struct render_meta *m)
{
	struct rt_diag d = { "" };
	enum dlsim_status rc;

	memset(out, 0, sizeof(*out));
	for (int k = 0; k < API_OUT__COUNT; k++)
		api_file_init(&out->files[k]);
	out->o = o;
	out->horizon = m->horizon;
	out->max_bytes = API_MAX_OUTPUT_DEFAULT;
	if (o->max_output && !api_outputs_size(o->max_output, &out->max_bytes))
		return api_fail(db, DLSIM_USAGE, "--max-output %s: expected a "
				"size", o->max_output);
	api_outputs_paths(o, out->paths);
	if ((rc = outputs_open_files(db, out)) != DLSIM_OK)
		goto fail;
	if (o->log) {
		enum render_log_format fmt;

		if (render_log_format_from_path(o->log, &fmt, &d) != RT_OK)
			goto usage;
		if (render_log_open(out->fp[API_OUT_LOG], fmt, m, &out->log,
				    &d) != RT_OK)
			goto io;
		outputs_add_sink(out, render_log_sink(out->log), API_OUT_LOG);
	}
	if (o->jobs) {
		if (render_jobs_open(out->fp[API_OUT_JOBS], m, &out->jobs,
				     &d) != RT_OK)
			goto io;
		outputs_add_sink(out, render_jobs_sink(out->jobs), API_OUT_JOBS);
	}
	if (o->trace) {
		if (render_chrome_open(out->fp[API_OUT_TRACE], m,
				       &out->chrome, &d) != RT_OK)
			goto io;
		outputs_add_sink(out, render_chrome_sink(out->chrome),
				 API_OUT_TRACE);
	}
	if (o->ftrace) {
		if (render_ftrace_open(out->fp[API_OUT_FTRACE], m,
				       &out->ftrace, &d) != RT_OK)
			goto io;
		outputs_add_sink(out, render_ftrace_sink(out->ftrace),
				 API_OUT_FTRACE);
	}
	if (api_outputs_want_chart(o)) {
		struct render_gantt_opts g;
		enum rt_err err;

		rc = api_outputs_chart(db, o, m->display_unit, &g);
		if (rc != DLSIM_OK)
			goto fail;
		api_outputs_window_notice(db, o->window, g.t0, m);
		err = render_gantt_create(m, &g, &out->gantt, &d);
		if (err != RT_OK) {
			rc = api_fail(db, err == RT_ERR_INVAL ? DLSIM_OPTION :
				      DLSIM_IO, "chart: %s", d.msg);
			goto fail;
		}
		outputs_add_sink(out, render_gantt_sink(out->gantt), -1);
	}
	return DLSIM_OK;
usage:
	rc = api_fail(db, DLSIM_USAGE, "%s", d.msg);
	goto fail;
io:
	rc = api_fail(db, DLSIM_IO, "%s", d.msg);
fail:
	api_outputs_close(db, out, false, NULL);
	return rc;
}

/* A writer's finish: on failure name the file and the system's reason. */
static bool outputs_writer_done(struct dlsim *db, struct api_outputs *out,
				int k, enum rt_err err, const struct rt_diag *d)
{
	struct rt_diag why = { "" };

	if (err == RT_OK)
		return true;
	if (api_file_failed(&out->files[k], &why))
		api_add_line(db, "%s", why.msg);
	else
		api_add_line(db, "%s %s: %s", api_output_opt[k], out->paths[k], d->msg);
	return false;
}

/* Drop every file not yet in place, saying what that means. */
static void outputs_discard(struct dlsim *db, struct api_outputs *out,
			    const char *why)
{
	char written[512] = "";
	size_t n = 0;

	for (int k = 0; k < API_OUT__COUNT; k++) {
		struct api_file *of = &out->files[k];

		if (of->open && !api_file_temporary(of) && n < sizeof(written))
			n += (size_t)snprintf(written + n, sizeof(written) - n,
					      "%s%s", n ? ", " : "",
					      out->paths[k]);
		api_file_abort(of);
	}
	if (!why)
		return;
	if (n)
		api_add_line(db, "%s: no output file was replaced; %s %s "
			     "written in place and may be incomplete", why,
			     written, strchr(written, ',') ? "were" : "was");
	else
		api_add_line(db, "%s: no output file was written or replaced",
			     why);
}

enum dlsim_status api_outputs_close(struct dlsim *db, struct api_outputs *out,
				    bool ok, const char *why)
{
	struct rt_diag d = { "" };
	bool good = ok;
	enum rt_err err;
	char done[512] = "", left[512] = "";
	size_t nd = 0, nl = 0;

	/* 1. the writers' trailers and the charts, into the open files */
	err = render_log_finish(out->log, good ? &d : NULL);
	good = good && (!out->log ||
			outputs_writer_done(db, out, API_OUT_LOG, err, &d));
	err = render_jobs_finish(out->jobs, good ? &d : NULL);
	good = good && (!out->jobs ||
			outputs_writer_done(db, out, API_OUT_JOBS, err, &d));
	err = render_chrome_finish(out->chrome, good ? &d : NULL);
	good = good && (!out->chrome ||
			outputs_writer_done(db, out, API_OUT_TRACE, err, &d));
	err = render_ftrace_finish(out->ftrace, good ? &d : NULL);
	good = good && (!out->ftrace ||
			outputs_writer_done(db, out, API_OUT_FTRACE, err, &d));
	out->log = NULL;
	out->jobs = NULL;
	out->chrome = NULL;
	out->ftrace = NULL;
	for (int k = API_OUT_GANTT; good && k <= API_OUT_TIKZ; k++) {
		if (!out->paths[k] || !out->gantt)
			continue;
		/* --tikz is TikZ whatever its name ('-' has no extension) */
		err = k == API_OUT_TIKZ ?
		      render_tikz_write(out->gantt, out->fp[k],
					  out->paths[k], &d) :
		      render_gantt_write_to(out->gantt, out->fp[k],
					    out->paths[k], &d);
		good = outputs_writer_done(db, out, k, err, &d);
	}
	render_gantt_destroy(out->gantt);
	out->gantt = NULL;
	out->nsinks = 0;
	/* 1b. the exact budget: the complete files (trailers and charts
	 * included, stdio buffers flushed) against --max-output, before any
	 * is put in place; the checks during the run are only periodic */
	for (int k = 0; good && k < API_OUT__COUNT; k++)
		if (out->files[k].open && out->fp[k])
			fflush(out->fp[k]);
	if (good && outputs_budget(out, out->horizon) != RT_OK) {
		api_add_line(db, "%s", out->why.msg);
		good = false;
	}
	/* 2. flush and close every file: a full disk shows here, while
	 * every target still holds its old content */
	for (int k = 0; good && k < API_OUT__COUNT; k++) {
		if (!out->files[k].open)
			continue;
		if (api_file_finish(&out->files[k], &d) != RT_OK) {
			api_add_line(db, "%s", d.msg);
			good = false;
		}
	}
	if (!good) {
		outputs_discard(db, out, ok ? "output error" : why);
		if (ok)
			db->code = DLSIM_IO;
		return ok ? DLSIM_IO : DLSIM_OK;
	}
	/* 3. put them all in place */
	for (int k = 0; k < API_OUT__COUNT; k++) {
		bool was = out->files[k].open;

		if (!was)
			continue;
		if (api_file_publish(&out->files[k], &d) != RT_OK) {
			api_add_line(db, "%s", d.msg);
			good = false;
			nl += (size_t)snprintf(left + nl, nl < sizeof(left) ?
					       sizeof(left) - nl : 0, "%s%s",
					       nl ? ", " : "", out->paths[k]);
		} else {
			nd += (size_t)snprintf(done + nd, nd < sizeof(done) ?
					       sizeof(done) - nd : 0, "%s%s",
					       nd ? ", " : "", out->paths[k]);
		}
		if (nl >= sizeof(left))
			nl = sizeof(left) - 1;
		if (nd >= sizeof(done))
			nd = sizeof(done) - 1;
	}
	if (!good) {
		api_add_line(db, "outputs only partly replaced: written: %s; not "
			     "written (old content kept): %s", nd ? done : "none",
			     left);
		db->code = DLSIM_IO;
		return DLSIM_IO;
	}
	return DLSIM_OK;
}
