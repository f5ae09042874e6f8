/* cmd_plot.c - `dlsim plot ...`: dispatch on the first word.  A path
 * ending in .csv is an experiment's results (cmd_plot_acc.c). */
#include <string.h>

#include "cli/cli.h"
#include "render/outfile.h"

static const char plot_help[] =
"Usage: dlsim plot RESULTS.csv -o OUT.png|svg|pdf [OPTIONS]\n"
"\n"
"  RESULTS.csv   acceptance ratio of an experiment (dlsim plot RESULTS.csv\n"
"                --help for its options)\n";

int cmd_plot(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		fputs(plot_help, argc < 2 ? stderr : stdout);
		return argc < 2 ? CLI_EXIT_USAGE : CLI_EXIT_OK;
	}
	if (render_path_has_ext(argv[1], ".csv"))
		return cmd_plot_acc(argc, argv);
	return cli_usage_error("plot", "'%s': expected RESULTS.csv", argv[1]);
}
