/* progress.h - progress on standard error while the library works: a
 * simulation's share of the horizon once it has taken more than a second,
 * an experiment's bar with its rate and ETA; drawn only on a terminal.
 * A SIGINT (cli_interrupted) during a simulation stops it at the end of
 * the step in progress. */
#ifndef CLI_PROGRESS_H
#define CLI_PROGRESS_H

#include <stdbool.h>

#include "cli/cli.h"

struct cli_progress {
	bool show;                      /* draw (standard error is a terminal
					 * and the command is not quiet) */
	bool drew;                      /* something is on the line */
	double start, shown;            /* wall-clock seconds */
};

/* True when progress may be drawn: standard error is a terminal. */
bool cli_progress_wanted(bool quiet);
/* Report db's progress into p from now on (start now). */
void cli_progress_begin(struct dlsim *db, struct cli_progress *p, bool show);
/* Clear what was drawn; stop reporting. */
void cli_progress_end(struct dlsim *db, struct cli_progress *p);

#endif /* CLI_PROGRESS_H */
