/* cmd_plot.c - `dlsim plot ...`: dispatch on the first word.  A path
 * ending in .csv is an experiment's results (cmd_plot_acc.c); the words
 * dbf, response and util select the figures of cmd_plot_fig.c. */
#include <string.h>

#include "cli/cli.h"
#include "render/outfile.h"

static const char plot_help[] =
"Usage: dlsim plot RESULTS.csv -o OUT.png|svg|pdf [OPTIONS]\n"
"       dlsim plot dbf|response|util INPUT -o OUT.png|svg|pdf [OPTIONS]\n"
"\n"
"  RESULTS.csv   acceptance ratio of an experiment (dlsim plot RESULTS.csv\n"
"                --help for its options)\n"
"  dbf SCENARIO.yaml     dbf(t) against the supply, the witness marked\n"
"  response JOBS.csv     response-time histogram and CCDFs (--jobs CSV)\n"
"  util SCENARIO.yaml    per-CPU busy share over time\n"
"                (dlsim plot dbf --help for their options)\n";

int cmd_plot(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		fputs(plot_help, argc < 2 ? stderr : stdout);
		return argc < 2 ? CLI_EXIT_USAGE : CLI_EXIT_OK;
	}
	if (!strcmp(argv[1], "dbf") || !strcmp(argv[1], "response") ||
	    !strcmp(argv[1], "util"))
		return cmd_plot_fig(argc, argv);
	if (render_path_has_ext(argv[1], ".csv"))
		return cmd_plot_acc(argc, argv);
	return cli_usage_error("plot", "'%s': expected RESULTS.csv, or dbf, "
			       "response or util", argv[1]);
}
