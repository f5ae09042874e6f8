/* cli.h - shared pieces of the dlsim command (the only code that prints or
 * exits).  One cmd_<verb>.c per subcommand. */
#ifndef CLI_CLI_H
#define CLI_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "models/rt_err.h"
#include "models/rt_time.h"
#include "render/meta.h"
#include "scenarios/scn.h"

/* Exit codes (docs/design.md §7). */
enum cli_exit {
	CLI_EXIT_OK = 0,                /* success; misses are results */
	CLI_EXIT_USAGE = 1,             /* bad command line */
	CLI_EXIT_INPUT = 2,             /* invalid input (scenario, values) */
	CLI_EXIT_IO = 3,                /* file could not be read/written */
	CLI_EXIT_MISS = 4,              /* --fail-on-miss and a job missed */
	CLI_EXIT_CONTRADICTION = 5,     /* analyze: a test contradicts the sim */
	CLI_EXIT_INTERRUPTED = 130      /* run: SIGINT, partial results (128 + 2) */
};

extern const char *cli_prog;            /* "dlsim" */

int cmd_run(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_validate(int argc, char **argv);
int cmd_render(int argc, char **argv);
int cmd_experiment(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_plot_acc(int argc, char **argv);  /* argv[1] is the CSV */
int cmd_plot_fig(int argc, char **argv);  /* argv[1]: dbf, response, util */
int cmd_report(int argc, char **argv);

#define DLSIM_VERSION "0.1.0"

/* Print "dlsim: <msg>" to stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print "dlsim CMD: <msg>\nTry 'dlsim CMD --help'." and return CLI_EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Exit code for a library error. */
int cli_exit_for(enum rt_err err);

/* Load a scenario, printing the error; returns CLI_EXIT_OK or an exit code. */
int cli_load(const char *path, struct scn_scenario **out);

/* Fill a render_meta from a scenario (pointers borrowed from s). */
void cli_meta(const struct scn_scenario *s, rt_time horizon,
	      struct render_meta *m);

/* Format a time given in the internal unit as an exact decimal in the
 * scenario's display unit ("4", "1.5" for 1500000 ns when time_unit is ms),
 * into buf; returns buf. */
const char *cli_fmt_time(const struct scn_scenario *s, rt_time t, char *buf,
			 size_t len);
/* A measured (inexact) quantity such as a mean, in fixed notation with at
 * most three decimals and no trailing zeros ("3.333", "17830.5", "4"):
 * never an exponent.  Returns buf. */
const char *cli_fmt_fixed(double v, char *buf, size_t len);
/* The same for a time_unit u (no scenario at hand: a replayed log). */
const char *cli_fmt_time_in(enum scn_time_unit u, rt_time t, char *buf,
			    size_t len);
/* Internal units per display unit (1 for tick and ns). */
rt_time cli_unit_scale(const struct scn_scenario *s);
rt_time cli_unit_scale_of(enum scn_time_unit u);

/* Parse --until TEXT (NULL: *out = RT_TIME_NEVER) in the scenario's unit;
 * prints usage errors; returns an exit code. */
int cli_parse_until(const char *cmd, const struct scn_scenario *s,
		    const char *text, rt_time *out);

/* JSON helpers (stdout or any stream). */
void cli_json_str(FILE *f, const char *s);

/* Option parsing: returns true and sets *val if argv[*i] is "--name VALUE"
 * or "--name=VALUE" (advancing *i); on a missing value, or when *val is
 * already set (the option given twice), prints a usage error and sets
 * *bad.  *val must start NULL. */
bool cli_opt_value(int argc, char **argv, int *i, const char *name,
		   const char **val, bool *bad, const char *cmd);

#endif /* CLI_CLI_H */
