/* textio.h - the text subcommands (import, export, compare) and the
 * text input/output they share: '-' is stdin/stdout wherever a file is
 * taken; output files are atomic (render/outfile.h). */
#ifndef CLI_TEXTIO_H
#define CLI_TEXTIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "scenarios/scn.h"

#define CLI_MAX_INPUT (256u << 20)      /* bytes read from one input */

int cmd_import(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_compare(int argc, char **argv);

/* Read all of path ('-': stdin) into *buf (malloc'ed, NUL-terminated).
 * Prints the error; returns an exit code. */
int cli_read_all(const char *path, char **buf, size_t *len);
/* Write text to path (NULL or '-': stdout) atomically.  Exit code. */
int cli_write_text(const char *path, const char *text, size_t len);
/* cli_load, with '-' for a scenario on stdin. */
int cli_load_any(const char *path, struct scn_scenario **out);

/* Colour on terminals only (no-color.org): the escape sequence for one
 * of these when f is a terminal, NO_COLOR is unset or empty and TERM is
 * not "dumb"; CLICOLOR_FORCE=1 forces it (NO_COLOR still wins); else "". */
enum cli_colour { CLI_RESET = 0, CLI_BOLD_RED, CLI_GREEN, CLI_BOLD };
const char *cli_color(FILE *f, enum cli_colour c);

#endif /* CLI_TEXTIO_H */
