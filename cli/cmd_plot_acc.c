/* cmd_plot_acc.c - `dlsim plot RESULTS.csv -o OUT`: the acceptance-ratio
 * figure (render/plot_acc.h). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "render/plot_acc.h"

static const char plot_acc_help[] =
"Usage: dlsim plot RESULTS.csv -o OUT.png|svg|pdf [--width 3.5in|7.16in|PT]\n"
"                  [--dpi N] [--title TEXT] [--xlabel TEXT]\n"
"\n"
"Acceptance ratio against utilization from the CSV of dlsim experiment (or\n"
"dlsim merge): one curve per test, plus the simulation (the sets it met),\n"
"each with its own marker and dash pattern, 95 % Wilson intervals as error\n"
"bars.  Width: 3.5in (a paper column, default) or 7.16in (a page), or in\n"
"points.  PNG at --dpi (default 300).\n";

/* "3.5in", "7.16in", "252" (points), "252pt". */
static bool plot_width(const char *s, double *pt)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || !(v > 0))
		return false;
	if (!strcmp(end, "in"))
		v *= 72;
	else if (*end && strcmp(end, "pt"))
		return false;
	*pt = v;
	return true;
}

int cmd_plot_acc(int argc, char **argv)
{
	const char *in = argv[1], *out = NULL, *w = NULL, *dpi = NULL;
	struct render_acc_plot_opts o = { 0, 0, NULL, NULL };
	struct render_acc *t = NULL;
	struct rt_diag d = { "" };
	bool bad = false;
	enum rt_err err;

	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(plot_acc_help, stdout);
			return CLI_EXIT_OK;
		}
		if (cli_opt_value(argc, argv, &i, "-o", &out, &bad, "plot") ||
		    cli_opt_value(argc, argv, &i, "--width", &w, &bad, "plot") ||
		    cli_opt_value(argc, argv, &i, "--dpi", &dpi, &bad, "plot") ||
		    cli_opt_value(argc, argv, &i, "--title", &o.title, &bad, "plot") ||
		    cli_opt_value(argc, argv, &i, "--xlabel", &o.xlabel, &bad,
				  "plot")) {
			if (bad)
				return CLI_EXIT_USAGE;
			continue;
		}
		return cli_usage_error("plot", "unknown argument '%s'", argv[i]);
	}
	if (!out)
		return cli_usage_error("plot", "missing -o OUT.png|svg|pdf");
	if (w && !plot_width(w, &o.width_pt))
		return cli_usage_error("plot", "--width '%s': expected e.g. 3.5in, "
				       "7.16in or 252 (points)", w);
	if (dpi) {
		char *end;

		o.dpi = strtod(dpi, &end);
		if (end == dpi || *end)
			return cli_usage_error("plot", "--dpi '%s': expected a "
					       "number", dpi);
	}
	err = render_acc_read(in, &t, &d);
	if (!err)
		err = render_acc_plot(t, &o, out, &d);
	render_acc_free(t);
	if (err) {
		cli_error("%s", d.msg);
		return err == RT_ERR_INVAL ? CLI_EXIT_USAGE : cli_exit_for(err);
	}
	return CLI_EXIT_OK;
}
