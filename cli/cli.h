/* cli.h - the dlsim command: a thin client of libdlsim (include/dlsim.h),
 * as lua.c is of lua.h.  It parses argv, turns options into the library's
 * settings, chooses standard output or error, draws progress, handles
 * signals, prints what the library answers and exits; one cmd_<verb>.c
 * per subcommand.  It includes nothing of the library but <dlsim.h>. */
#ifndef CLI_CLI_H
#define CLI_CLI_H

#include <dlsim.h>
#include <stdbool.h>
#include <stdio.h>

/* Exit codes (docs/design.md §7). */
enum cli_exit {
	CLI_EXIT_OK = 0,                /* success; misses are results */
	CLI_EXIT_USAGE = 1,             /* bad command line */
	CLI_EXIT_INPUT = 2,             /* invalid input (scenario, values) */
	CLI_EXIT_IO = 3,                /* file could not be read/written */
	CLI_EXIT_MISS = 4,              /* --fail-on-miss and a job missed */
	CLI_EXIT_CONTRADICTION = 5,     /* analyze: a test contradicts the sim */
	CLI_EXIT_INTERRUPTED = 130      /* SIGINT, partial results (128 + 2) */
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
int cmd_report(int argc, char **argv);
int cmd_import(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_compare(int argc, char **argv);

/* Print "dlsim: <msg>" to stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print "dlsim CMD: <msg>\nTry 'dlsim CMD --help'." and return
 * CLI_EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The usage error "-o OUT names the input IN" of command cmd when the
 * output out (NULL: none) would replace the input in, under any name
 * (dlsim_output_is_input); CLI_EXIT_OK otherwise. */
int cli_output_not_input(const char *cmd, const char *out, const char *in);
/* The exit code of a library status. */
int cli_exit_for(enum dlsim_status st);
/* Print the library's message for status st of command cmd (a usage
 * error as such, any other message line by line as errors) and return
 * its exit code. */
int cli_fail(struct dlsim *db, const char *cmd, enum dlsim_status st);

/* A session for command cmd whose notices are printed on standard error
 * ("dlsim: note: ...", "dlsim CMD: warning: ...", "dlsim CMD: ...");
 * NULL (message printed) when out of memory. */
struct dlsim *cli_session(const char *cmd);
/* New settings with 'n' key/value pairs from kv (NULL values skipped):
 * NULL (message printed) when out of memory. */
struct dlsim_opts *cli_opts(struct dlsim *db, const char *const *kv,
			    size_t n);

/* Option parsing: returns true and sets *val if argv[*i] is "--name VALUE"
 * or "--name=VALUE" (advancing *i); on a missing value, or when *val is
 * already set (the option given twice), prints a usage error and sets
 * *bad.  *val must start NULL. */
bool cli_opt_value(int argc, char **argv, int *i, const char *name,
		   const char **val, bool *bad, const char *cmd);

/* Make stdout a stream over descriptor 1 that keeps the errno of its
 * first failed write (main calls it first). */
void cli_stdout_wrap(void);
/* That errno, 0 if no write to stdout failed. */
int cli_stdout_errno(void);
/* Flush stdout; on a write error print "standard output: write failed:
 * REASON (ENAME)" and return CLI_EXIT_IO, else CLI_EXIT_OK. */
int cli_stdout_flush(void);
/* Text the library made, to path (NULL or "-": standard output). */
int cli_write_text(struct dlsim *db, const char *path, const char *text,
		   size_t len);

/* Help texts that name what the library's registries hold (dlsim_names):
 * 'text' word-wrapped at 79 columns, the first line after 'first', the
 * others after 'indent'; ends with a newline. */
void cli_help_wrap(FILE *f, const char *first, const char *indent,
		   const char *text);
/* 'indent' spaces, the label padded to 'width' columns, then the names of
 * dlsim_names(which) and 'after' (may be NULL) wrapped under the names. */
void cli_help_names(FILE *f, int indent, const char *label, int width,
		    enum dlsim_names which, const char *after);

/* Colour on terminals only (no-color.org): the escape sequence for one
 * of these when f is a terminal, NO_COLOR is unset or empty and TERM is
 * not "dumb"; CLICOLOR_FORCE=1 forces it (NO_COLOR still wins); else "". */
enum cli_colour { CLI_RESET = 0, CLI_BOLD_RED, CLI_GREEN, CLI_BOLD };
const char *cli_color(FILE *f, enum cli_colour c);

#endif /* CLI_CLI_H */
