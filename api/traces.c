/* traces.c - traces in and out: a saved event log replayed into the output
 * files (`dlsim render`), and a measured schedule (trace-cmd report)
 * against the simulation of the same releases (`dlsim compare`, the
 * simulation being the pipeline's, api/sim.h). */
#include "api/sim.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "render/compare.h"
#include "render/replay.h"

/* ---- dlsim render -------------------------------------------------------------- */

enum dlsim_status dlsim_render_log(struct dlsim *db, const char *log,
				   const struct dlsim_opts *o)
{
	struct api_outputs_opts oo;
	struct api_outputs outs;
	struct render_replay *rp = NULL;
	struct rt_diag d = { "" };
	enum dlsim_status st;
	enum rt_err err;
	FILE *f;

	if (!db || !log)
		return api_misuse(db, "dlsim_render_log: NULL argument");
	st = api_opts_only(db, o, api_output_keys, "render");
	if (st)
		return st;
	api_outputs_get(o, &oo);
	/* --ftrace alone was refused here, though render writes it */
	if (!oo.gantt && !oo.tikz && !oo.jobs && !oo.trace && !oo.ftrace &&
	    !oo.log)
		return api_fail(db, DLSIM_USAGE, "nothing to write: give -o "
				"OUT.png (or --tikz, --jobs, --trace, --ftrace, "
				"--log)");
	f = api_open_input(log);
	if (!f)
		return api_fail(db, DLSIM_IO, "cannot read %s: %s", log,
				strerror(errno));
	err = render_replay_open(f, log, &rp, &d);
	if (err != RT_OK) {
		st = api_err(db, err, &d);
		goto out;
	}
	st = api_outputs_check(db, &oo, render_replay_meta(rp)->display_unit,
			       log);
	if (st == DLSIM_OK)
		st = api_outputs_open(db, &outs, &oo, render_replay_meta(rp));
	if (st != DLSIM_OK)
		goto out;
	api_ok(db);
	err = render_replay_run(rp, outs.sinks, outs.nsinks, &d);
	if (err != RT_OK) {
		st = api_err(db, err, &d);
		api_outputs_close(db, &outs, false, "render failed");
		goto out;
	}
	st = api_outputs_close(db, &outs, true, NULL);
out:
	render_replay_destroy(rp);
	api_close_input(f);
	return st ? st : api_ok(db);
}

/* ---- dlsim compare ------------------------------------------------------------ */

enum dlsim_status api_compare_simulate(struct dlsim *db,
				       const struct scn_scenario *s,
				       struct render_cmp *c)
{
	struct rt_diag d = { "" };
	struct dlsim_sim *sim = NULL;
	struct api_sim_req r;
	struct sim_sink sink;
	const struct rt_task *tasks;
	enum dlsim_status st;

	if (render_cmp_sim_tasks(c, &tasks, &d) != RT_OK)
		return api_fail(db, DLSIM_IO, "%s", d.msg);
	memset(&r, 0, sizeof(r));
	r.tasks = tasks;
	r.until = render_cmp_horizon(c);
	sink = render_cmp_sim_sink(c);
	r.extra = &sink;
	r.nextra = 1;
	st = api_sim_create(db, s, &r, &sim);
	if (st == DLSIM_OK)
		st = api_sim_run(db, sim, NULL);
	dlsim_sim_free(sim);
	if (st != DLSIM_OK)
		return st;
	if (render_cmp_finish(c, &d) != RT_OK)
		return api_fail(db, DLSIM_IO, "%s", d.msg);
	return DLSIM_OK;
}

/* The first task with a time below the trace's 1 us resolution (C, D, T,
 * offset, a demand, a suspension or a listed release not a whole number
 * of microseconds), or -1; ticks: -1. */
static long sub_us_task(const struct scn_scenario *s)
{
	for (size_t i = 0; s->time_unit != SCN_UNIT_TICK && i < s->ntasks; i++) {
		const struct rt_task *t = &s->tasks[i];
		bool sub = t->wcet % 1000 || t->period % 1000 ||
			   t->deadline % 1000 || t->offset % 1000 ||
			   (t->exec == RT_EXEC_UNIFORM &&
			    (t->exec_min % 1000 || t->exec_max % 1000));

		for (size_t k = 0; t->exec == RT_EXEC_LIST &&
				   k < t->nexec_values; k++)
			sub = sub || t->exec_values[k] % 1000;
		for (size_t k = 0; k < t->nsuspend; k++)
			sub = sub || t->suspend[k].after % 1000 ||
			      t->suspend[k].len % 1000;
		for (size_t k = 0; t->arrival == RT_ARRIVAL_LIST &&
				   k < t->nreleases; k++)
			sub = sub || t->releases[k] % 1000;
		if (sub)
			return (long)i;
	}
	return -1;
}

/* A divergence in a trace with job ends inferred from rounded run
 * lengths, of a scenario with times below the trace's resolution: say
 * that the rounding may show. */
static void compare_warn(struct dlsim *db, const struct scn_scenario *s,
			 const struct render_cmp *c)
{
	long i = (c->inferred || c->rounded) && c->diverged ?
		 sub_us_task(s) : -1;

	if (i < 0)
		return;
	api_notice(db, DLSIM_WARNING, "times below the trace's 1 us resolution "
		   "(task %s): %" PRIu64 " release(s) simulated at the trace's "
		   "rounded instant (up to 1 us off; none of the scenario's "
		   "within 1 us) and %" PRIu64 " job end(s) inferred from "
		   "rounded run lengths (jobs run back to back; up to 1 us off "
		   "per run), docs/trace-cmd.md: differences larger than 1 us "
		   "may come from the rounding", s->tasks[i].name, c->rounded,
		   c->inferred);
}

static const char *fmt(const struct scn_scenario *s, rt_time t, char *buf,
		       size_t n)
{
	if (t == RT_TIME_NEVER)
		return "-";
	return api_fmt_time(s, t, buf, n);
}

/* Task i's measured and simulated min/med/max and its max-diff cell. */
static void compare_cells(const struct scn_scenario *s,
			  const struct render_cmp *c, size_t i, char obs[160],
			  char sim[160], char diff[48])
{
	const struct render_cmp_task *t = &c->tasks[i];
	char a[48], b[48], e[48];

	snprintf(obs, 160, "%s/%s/%s", fmt(s, t->obs_min, a, 48),
		 fmt(s, t->obs_med, b, 48), fmt(s, t->obs_max, e, 48));
	snprintf(sim, 160, "%s/%s/%s", fmt(s, t->sim_min, a, 48),
		 fmt(s, t->sim_med, b, 48), fmt(s, t->sim_max, e, 48));
	snprintf(diff, 48, "%s", t->pid < 0 ? "not seen" :
		 fmt(s, t->max_div, a, 48));
}

static void compare_print(FILE *f, const struct scn_scenario *s,
			  const struct render_cmp *c, const char *trace,
			  bool colour)
{
	const char *green = colour ? "\033[32m" : "";
	const char *red = colour ? "\033[1;31m" : "";
	const char *reset = colour ? "\033[0m" : "";
	char a[48], b[48], e[48], g[48], h[48];
	char obs[160], sim[160], diff[48];
	size_t njobs = 0;
	/* column widths: the widest cell (a 30-character task name, a time
	 * of many digits), never less than the header's layout */
	int wn = 16, wo = 22, ws = 22, wd = 9;

	for (size_t i = 0; i < c->ntasks; i++) {
		size_t n = strlen(s->tasks[i].name);

		njobs += c->tasks[i].njobs;
		compare_cells(s, c, i, obs, sim, diff);
		if (n > (size_t)wn)
			wn = (int)n;
		if (strlen(obs) > (size_t)wo)
			wo = (int)strlen(obs);
		if (strlen(sim) > (size_t)ws)
			ws = (int)strlen(sim);
		if (strlen(diff) > (size_t)wd)
			wd = (int)strlen(diff);
	}
	fprintf(f, "%s vs %s: %zu jobs of %zu tasks from %" PRIu64 " of %"
		PRIu64 " sched events; time 0 = trace %" PRId64 ".%06" PRId64
		" s, unit %s\n", trace, s->name, njobs, c->ntasks, c->used,
		c->events, c->origin_ns / 1000000000,
		(c->origin_ns % 1000000000) / 1000,
		scn_time_unit_name(s->time_unit));
	fprintf(f, "%-*s %5s  %-*s %-*s %8s %8s %*s\n", wn, "task", "jobs",
		wo, "measured min/med/max", ws, "simulated min/med/max",
		"miss-obs", "miss-sim", wd, "max-diff");
	for (size_t i = 0; i < c->ntasks; i++) {
		const struct render_cmp_task *t = &c->tasks[i];

		compare_cells(s, c, i, obs, sim, diff);
		fprintf(f, "%-*s %5zu  %-*s %-*s %8" PRIu64 " %8" PRIu64
			" %*s\n", wn, s->tasks[i].name, t->njobs, wo, obs, ws,
			sim, t->obs_miss, t->sim_miss, wd, diff);
	}
	if (!c->diverged) {
		fprintf(f, "%slargest divergence: 0%s (the simulation reproduces "
			"every job of the trace)\n", green, reset);
	} else {
		const struct render_cmp_job *j =
			&c->tasks[c->div_task].jobs[c->div_job];

		fprintf(f, "%slargest divergence: %s at %s%s: %s job %zu "
			"released at %s, measured response %s, simulated %s\n",
			red, fmt(s, c->div, a, 48), fmt(s, j->release, b, 48),
			reset, s->tasks[c->div_task].name, c->div_job,
			fmt(s, j->release, e, 48),
			j->obs_finish == RT_TIME_NEVER ? "unfinished" :
			fmt(s, j->obs_finish - j->release, g, 48),
			j->sim_finish == RT_TIME_NEVER ? "unfinished" :
			fmt(s, j->sim_finish - j->release, h, 48));
	}
}

/* Draw the chart into the file af (opened before the work) and finish it:
 * flushed, not yet in place. */
static enum dlsim_status compare_gantt(struct dlsim *db,
				       const struct scn_scenario *s,
				       const struct render_cmp *c,
				       const char *path, struct api_file *af,
				       FILE *f)
{
	struct render_gantt_opts o = RENDER_GANTT_OPTS_DEFAULT;
	struct render_meta m;
	struct rt_diag d = { "" };
	enum rt_err err;

	api_meta(s, c->end, &m);
	o.title = NULL;
	err = render_cmp_gantt_stream(c, &m, &o, path, f, &d);
	if (err == RT_OK)
		err = api_file_finish(af, &d);
	if (err != RT_OK)
		return api_fail(db, DLSIM_IO, "--gantt: %s", d.msg);
	return DLSIM_OK;
}

enum dlsim_status dlsim_compare_write(struct dlsim *db, const char *trace,
				      const char *scenario, const char *gantt,
				      unsigned flags, FILE *out)
{
	struct scn_scenario *s = NULL;
	struct render_cmp *c = NULL;
	struct render_cmp_input in;
	struct rt_diag d = { "" };
	enum render_gantt_format gf;
	struct api_file af;
	enum dlsim_status st;
	enum rt_err err;
	FILE *f, *gfp = NULL;

	if (!db || !trace || !scenario || !out)
		return api_misuse(db, "dlsim_compare_write: NULL argument");
	if (flags & ~DLSIM_COLOR)
		return api_misuse(db, "dlsim_compare_write: flags");
	/* one standard input: the scenario found it drained by the trace
	 * ("<stdin>:1:1: the scenario is a single value", exit 2) */
	if (!strcmp(trace, "-") && !strcmp(scenario, "-"))
		return api_fail(db, DLSIM_USAGE, "the trace and the scenario "
				"cannot both be read from standard input ('-'): "
				"give one of them as a file");
	if (gantt && render_gantt_format_from_path(gantt, &gf, &d) != RT_OK)
		return api_fail(db, DLSIM_USAGE, "--gantt: %s", d.msg);
	/* the chart's file is opened before any work, as run opens its
	 * outputs: one that cannot be written fails here, before a line of
	 * the report is printed */
	api_file_init(&af);
	if (gantt && (err = api_file_open(db, &af, gantt, &gfp, &d)) != RT_OK)
		return api_fail(db, api_status(err), "--gantt: %s", d.msg);
	st = api_load(db, scenario, &s);
	if (st)
		goto out;
	in = (struct render_cmp_input){ .tasks = s->tasks, .ntasks = s->ntasks,
					.cpus = s->cpus,
					.ticks = s->time_unit == SCN_UNIT_TICK };
	f = api_open_input(trace);
	if (!f) {
		st = api_fail(db, DLSIM_IO, "%s: cannot open", trace);
		goto out;
	}
	err = render_cmp_read(f, strcmp(trace, "-") ? trace : "<stdin>", &in,
			      &c, &d);
	api_close_input(f);
	if (err != RT_OK) {
		st = api_err(db, err, &d);
		goto out;
	}
	st = api_compare_simulate(db, s, c);
	if (st != DLSIM_OK)
		goto out;
	/* the chart is written whole (a full disk shows here) before the
	 * report is printed, and put in place after it */
	if (gantt)
		st = compare_gantt(db, s, c, gantt, &af, gfp);
	if (st != DLSIM_OK)
		goto out;
	compare_print(out, s, c, trace, flags & DLSIM_COLOR);
	compare_warn(db, s, c);
	if (gantt && api_file_publish(&af, &d) != RT_OK)
		st = api_fail(db, DLSIM_IO, "--gantt: %s", d.msg);
out:
	api_file_abort(&af);
	render_cmp_free(c);
	scn_free(s);
	return st ? st : api_ok(db);
}

enum dlsim_status dlsim_compare_text(struct dlsim *db, const char *trace,
				     const char *scenario, const char *gantt,
				     unsigned flags, char **text, size_t *len)
{
	struct api_text t;
	enum dlsim_status st;

	if (!db || !text || !len)
		return api_misuse(db, "dlsim_compare_text: NULL argument");
	st = api_text_open(db, &t);
	if (st)
		return st;
	st = dlsim_compare_write(db, trace, scenario, gantt, flags, t.f);
	return api_text_close(db, &t, st, text, len);
}
