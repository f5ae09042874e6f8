/* cmd_render.c - `dlsim render LOG.jsonl|LOG.bin -o OUT`: draw (or convert) a saved
 * event log without simulating again. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/outputs.h"
#include "render/replay.h"

static const char render_help_fmt[] =
"Usage: dlsim render LOG.jsonl|LOG.bin -o OUT.png|svg|pdf|tex [OPTIONS]\n"
"\n"
"Draw a Gantt chart from an event log written by 'dlsim run --log F.jsonl'\n"
"(or --log F.bin, the binary form),\n"
"or convert it to the other outputs.  -o is the same as --gantt.\n"
"\n"
"Options:\n"
"  -o FILE           the chart (format by extension)\n"
"%s"
"  --help            this text\n"
"\n"
"Example:\n"
"  dlsim run scenarios/examples/dario.yaml --until 20 --log run.jsonl\n"
"  dlsim render run.jsonl -o dario.svg --width 3.5in\n";

int cmd_render(int argc, char **argv)
{
	struct cli_outputs_opts o;
	struct cli_outputs outs;
	const char *path = NULL;
	struct render_replay *rp = NULL;
	struct rt_diag d = { "" };
	enum rt_err err;
	FILE *f;
	int rc;

	memset(&o, 0, sizeof(o));
	for (int i = 1; i < argc; i++) {
		bool bad = false;

		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			printf(render_help_fmt, cli_outputs_help);
			return CLI_EXIT_OK;
		} else if (cli_opt_value(argc, argv, &i, "-o", &o.gantt, &bad, "render") ||
			   cli_outputs_parse(argc, argv, &i, &o, &bad, "render")) {
			if (bad)
				return CLI_EXIT_USAGE;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_usage_error("render", "unknown option '%s'", argv[i]);
		} else if (path) {
			return cli_usage_error("render", "only one log file, please");
		} else {
			path = argv[i];
		}
	}
	if (!path)
		return cli_usage_error("render", "missing LOG.jsonl");
	if (!o.gantt && !o.tikz && !o.jobs && !o.trace && !o.log)
		return cli_usage_error("render", "nothing to write: give -o OUT.png "
				       "(or --tikz, --jobs, --trace, --log)");
	f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	if (!f) {
		cli_error("cannot read %s: %s", path, strerror(errno));
		return CLI_EXIT_IO;
	}
	err = render_replay_open(f, path, &rp, &d);
	if (err != RT_OK) {
		cli_error("%s", d.msg);
		rc = cli_exit_for(err);
		goto out;
	}
	rc = cli_outputs_check(&o, "render", render_replay_meta(rp)->display_unit);
	if (rc != CLI_EXIT_OK)
		goto out;
	rc = cli_outputs_open(&outs, &o, render_replay_meta(rp), "render");
	if (rc != CLI_EXIT_OK)
		goto out;
	err = render_replay_run(rp, outs.sinks, outs.nsinks, &d);
	if (err != RT_OK) {
		cli_error("%s", d.msg);
		cli_outputs_close(&outs, false, "render failed");
		rc = cli_exit_for(err);
		goto out;
	}
	rc = cli_outputs_close(&outs, true, NULL);
out:
	render_replay_destroy(rp);
	if (f != stdin)
		fclose(f);
	return rc;
}
