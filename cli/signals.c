/* signals.c - signal handling for runs that write files (see signals.h). */
#include "cli/signals.h"

#include <string.h>

#include <dlsim.h>

volatile sig_atomic_t cli_interrupted;
static volatile sig_atomic_t cli_soft;

static void cli_on_signal(int sig)
{
	if (sig == SIGINT && cli_soft && !cli_interrupted) {
		cli_interrupted = 1;
		return;
	}
	dlsim_cleanup_signal();
	signal(sig, SIG_DFL);
	raise(sig);
}

void cli_signals_install(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
	static bool done;
	struct sigaction sa;

	if (done)
		return;
	done = true;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = cli_on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		struct sigaction old;

		/* a signal ignored by the parent (nohup, a shell's &) stays
		 * ignored */
		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[i], &sa, NULL);
	}
}

void cli_signals_soft(bool on)
{
	cli_soft = on;
}
