/* cmd_render.c - `dlsim render LOG.jsonl|LOG.bin -o OUT`: draw (or
 * convert) a saved event log without simulating again
 * (dlsim_render_log). */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/outputs.h"
#include "cli/signals.h"

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
	const char *path = NULL;
	struct dlsim *db;
	struct dlsim_opts *opts;
	enum dlsim_status st;
	int rc = CLI_EXIT_OK;

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
	db = cli_session("render");
	if (!db)
		return CLI_EXIT_INPUT;
	opts = cli_opts(db, NULL, 0);
	if (!opts || !cli_outputs_set(db, opts, &o)) {
		rc = CLI_EXIT_INPUT;
		goto out;
	}
	cli_signals_install();
	st = dlsim_render_log(db, path, opts);
	if (st != DLSIM_OK)
		rc = cli_fail(db, "render", st);
out:
	dlsim_opts_free(opts);
	dlsim_close(db);
	return rc;
}
