/* signals.h - what SIGINT, SIGTERM, SIGHUP and SIGPIPE do to a run.
 *
 * SIGTERM, SIGHUP, SIGPIPE, and SIGINT outside a simulation: remove every
 * temporary output file (render_outfile_cleanup_signal) and die by the
 * signal as before (exit status 128 + N).  SIGINT during a simulation
 * (cli_signals_soft(true)): set cli_interrupted; the simulation stops at
 * its next step, the run prints what it has, marked partial, and writes
 * no output file.  A second SIGINT acts at once.
 */
#ifndef CLI_SIGNALS_H
#define CLI_SIGNALS_H

#include <signal.h>
#include <stdbool.h>

extern volatile sig_atomic_t cli_interrupted;   /* SIGINT seen */

/* Install the handlers (idempotent). */
void cli_signals_install(void);
/* While true, the first SIGINT only sets cli_interrupted. */
void cli_signals_soft(bool on);

#endif /* CLI_SIGNALS_H */
