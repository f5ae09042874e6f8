/* cmd_compare.c - `dlsim compare TRACE.txt SCENARIO.yaml`: a measured
 * schedule (trace-cmd report) against the simulated one. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/simulate.h"
#include "cli/textio.h"
#include "render/compare.h"

static const char compare_help[] =
"Usage: dlsim compare TRACE.txt SCENARIO.yaml [--gantt OUT.png|svg|pdf]\n"
"\n"
"Compare a real run with the simulation of the same releases.  TRACE.txt is\n"
"what 'trace-cmd report' prints ('-': stdin), for example of\n"
"  trace-cmd record -e sched_switch -e sched_wakeup -e sched_waking rt-app w.json\n"
"  trace-cmd report > TRACE.txt\n"
"(or a 'dlsim run --ftrace' output).  The scenario's tasks are found by comm\n"
"(the task name, or rt-app's NAME-<n>); each wake-up of a sleeping task\n"
"releases a job, which ends when the task sleeps again (once more per\n"
"suspension point it meets).  The scenario is then simulated with those\n"
"releases, and for each task the observed and simulated response times\n"
"(min, median, max), misses and the largest divergence are printed, then\n"
"the largest divergence of all with its instant.  Times are in the\n"
"scenario's unit from the first release (with time_unit tick, 1 us of\n"
"trace is 1 tick).  --gantt draws the measured rows above the simulated\n"
"ones.  docs/trace-cmd.md.\n"
"\n"
"Exit status 0 (also when they differ: that is a result), 1 usage, 2 bad\n"
"input, 3 I/O error.\n";

static int cli_compare_print(const struct scn_scenario *s,
			     const struct render_cmp *c, const char *trace);

static int cli_compare_gantt_check(const char *path)
{
	struct rt_diag d = { "" };
	enum render_gantt_format f;

	if (render_gantt_format_from_path(path, &f, &d) != RT_OK)
		return cli_usage_error("compare", "--gantt: %s", d.msg);
	return CLI_EXIT_OK;
}

static int cli_compare_gantt(const struct scn_scenario *s,
			     const struct render_cmp *c, const char *path)
{
	struct render_gantt_opts o = RENDER_GANTT_OPTS_DEFAULT;
	struct render_meta m;
	struct rt_diag d = { "" };

	cli_meta(s, c->end, &m);
	o.title = NULL;
	if (render_cmp_gantt(c, &m, &o, path, &d) != RT_OK) {
		cli_error("--gantt: %s", d.msg);
		return CLI_EXIT_IO;
	}
	return CLI_EXIT_OK;
}

/* The scenario with the measured releases, simulated as `run` does, up to
 * the end of the trace, into the compare's recorder. */
static int compare_simulate(const struct scn_scenario *s,
			    const unsigned *cluster, struct render_cmp *c)
{
	struct scn_scenario view = *s;  /* shallow: only the tasks differ */
	struct rt_diag d = { "" };
	struct sim_horizon h;
	struct cli_sim cs;
	struct sim_sink sink;
	const struct rt_task *tasks;
	int rc;

	if (render_cmp_sim_tasks(c, &tasks, &d) != RT_OK) {
		cli_error("%s", d.msg);
		return CLI_EXIT_IO;
	}
	view.tasks = (struct rt_task *)tasks;
	rc = cli_horizon(&view, render_cmp_horizon(c), cluster, &h);
	if (rc != CLI_EXIT_OK)
		return rc;
	sink = render_cmp_sim_sink(c);
	rc = cli_simulate(&view, &h, cluster, &sink, 1, false, &cs);
	if (rc != CLI_EXIT_OK)
		return rc;
	cli_sim_fini(&cs);
	if (render_cmp_finish(c, &d) != RT_OK) {
		cli_error("%s", d.msg);
		return CLI_EXIT_IO;
	}
	return CLI_EXIT_OK;
}

static const char *fmt(const struct scn_scenario *s, rt_time t, char *buf,
		       size_t n)
{
	if (t == RT_TIME_NEVER)
		return "-";
	return cli_fmt_time(s, t, buf, n);
}

int cmd_compare(int argc, char **argv)
{
	const char *trace = NULL, *scen = NULL, *gantt = NULL, *val = NULL;
	struct scn_scenario *s = NULL;
	struct render_cmp *c = NULL;
	struct render_cmp_input in;
	struct rt_diag d = { "" };
	unsigned *cluster = NULL;
	enum rt_err err;
	bool bad = false;
	FILE *f;
	int rc;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(compare_help, stdout);
			return CLI_EXIT_OK;
		} else if (cli_opt_value(argc, argv, &i, "--gantt", &val, &bad,
					 "compare")) {
			if (bad)
				return CLI_EXIT_USAGE;
			gantt = val;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_usage_error("compare", "unknown option '%s'", argv[i]);
		} else if (!trace) {
			trace = argv[i];
		} else if (!scen) {
			scen = argv[i];
		} else {
			return cli_usage_error("compare", "expected TRACE.txt and "
					       "SCENARIO.yaml");
		}
	}
	if (!trace || !scen)
		return cli_usage_error("compare", "expected TRACE.txt and "
				       "SCENARIO.yaml");
	if (gantt && cli_compare_gantt_check(gantt) != CLI_EXIT_OK)
		return CLI_EXIT_USAGE;
	rc = cli_load(scen, &s);
	if (rc != CLI_EXIT_OK)
		return rc;
	rc = cli_place(s, &cluster);
	if (rc != CLI_EXIT_OK)
		goto out;
	in = (struct render_cmp_input){ .tasks = s->tasks, .ntasks = s->ntasks,
					.cpus = s->cpus,
					.ticks = s->time_unit == SCN_UNIT_TICK };
	f = strcmp(trace, "-") ? fopen(trace, "r") : stdin;
	if (!f) {
		cli_error("%s: cannot open", trace);
		rc = CLI_EXIT_IO;
		goto out;
	}
	err = render_cmp_read(f, strcmp(trace, "-") ? trace : "<stdin>", &in,
			      &c, &d);
	if (f != stdin)
		fclose(f);
	if (err != RT_OK) {
		cli_error("%s", d.msg[0] ? d.msg : rt_strerror(err));
		rc = cli_exit_for(err);
		goto out;
	}
	rc = compare_simulate(s, cluster, c);
	if (rc != CLI_EXIT_OK)
		goto out;
	rc = cli_compare_print(s, c, trace);
	if (rc == CLI_EXIT_OK && gantt)
		rc = cli_compare_gantt(s, c, gantt);
out:
	render_cmp_free(c);
	free(cluster);
	scn_free(s);
	return rc;
}

static int cli_compare_print(const struct scn_scenario *s,
			     const struct render_cmp *c, const char *trace)
{
	char a[48], b[48], e[48], g[48], h[48], k[48], m[48];
	size_t njobs = 0;

	for (size_t i = 0; i < c->ntasks; i++)
		njobs += c->tasks[i].njobs;
	printf("%s vs %s: %zu jobs of %zu tasks from %" PRIu64 " of %" PRIu64
	       " sched events; time 0 = trace %" PRId64 ".%06" PRId64 " s, unit %s\n",
	       trace, s->name, njobs, c->ntasks, c->used, c->events,
	       c->origin_ns / 1000000000, (c->origin_ns % 1000000000) / 1000,
	       scn_time_unit_name(s->time_unit));
	printf("%-16s %5s  %-22s %-22s %8s %8s %9s\n", "task", "jobs",
	       "measured min/med/max", "simulated min/med/max", "miss-obs",
	       "miss-sim", "max-diff");
	for (size_t i = 0; i < c->ntasks; i++) {
		const struct render_cmp_task *t = &c->tasks[i];
		char obs[80], sim[80];

		snprintf(obs, sizeof(obs), "%s/%s/%s", fmt(s, t->obs_min, a, 48),
			 fmt(s, t->obs_med, b, 48), fmt(s, t->obs_max, e, 48));
		snprintf(sim, sizeof(sim), "%s/%s/%s", fmt(s, t->sim_min, g, 48),
			 fmt(s, t->sim_med, h, 48), fmt(s, t->sim_max, k, 48));
		printf("%-16s %5zu  %-22s %-22s %8" PRIu64 " %8" PRIu64 " %9s\n",
		       s->tasks[i].name, t->njobs, obs, sim, t->obs_miss,
		       t->sim_miss, t->pid < 0 ? "not seen" :
		       fmt(s, t->max_div, m, 48));
	}
	if (!c->diverged) {
		printf("%slargest divergence: 0%s (the simulation reproduces every "
		       "job of the trace)\n", cli_color(stdout, CLI_GREEN),
		       cli_color(stdout, CLI_RESET));
	} else {
		const struct render_cmp_job *j =
			&c->tasks[c->div_task].jobs[c->div_job];

		printf("%slargest divergence: %s at %s%s: %s job %zu released at %s, "
		       "measured response %s, simulated %s\n",
		       cli_color(stdout, CLI_BOLD_RED), fmt(s, c->div, a, 48),
		       fmt(s, j->release, b, 48), cli_color(stdout, CLI_RESET),
		       s->tasks[c->div_task].name, c->div_job,
		       fmt(s, j->release, e, 48),
		       j->obs_finish == RT_TIME_NEVER ? "unfinished" :
		       fmt(s, j->obs_finish - j->release, g, 48),
		       j->sim_finish == RT_TIME_NEVER ? "unfinished" :
		       fmt(s, j->sim_finish - j->release, h, 48));
	}
	return CLI_EXIT_OK;
}
