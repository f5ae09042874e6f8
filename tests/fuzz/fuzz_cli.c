/* fuzz_cli.c - libFuzzer target: the CLI path.  The input is written to a
 * scenario file and run through `dlsim validate`, `dlsim run --until` (a
 * short horizon, so a run stays bounded) with a per-job CSV, and
 * `dlsim analyze --until`; every command must return an exit code and
 * never crash (make fuzz).  Standard output goes to /dev/null, and so does
 * standard error while a command runs (libFuzzer reports on it in between;
 * a crash inside a command is kept as an artifact: rerun it to see the
 * report). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <fcntl.h>

#include "cli/cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static char path[64], out[64];
static int null_fd = -1, err_fd = -1;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	snprintf(path, sizeof(path), "/tmp/dlsim-fuzz-%ld.yaml", (long)getpid());
	snprintf(out, sizeof(out), "/tmp/dlsim-fuzz-%ld.csv", (long)getpid());
	if (!freopen("/dev/null", "w", stdout))
		abort();
	null_fd = open("/dev/null", O_WRONLY);
	err_fd = dup(STDERR_FILENO);
	if (null_fd < 0 || err_fd < 0)
		abort();
	return 0;
}

static int run(int argc, char **argv, int (*cmd)(int, char **))
{
	int rc;

	fflush(stderr);
	dup2(null_fd, STDERR_FILENO);
	rc = cmd(argc, argv);
	fflush(stderr);
	dup2(err_fd, STDERR_FILENO);
	return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FILE *f = fopen(path, "wb");
	char *v[] = { (char *)"validate", path, NULL };
	char *r1[] = { (char *)"run", path, (char *)"--until", (char *)"50ns",
		       (char *)"--jobs", out, NULL };
	char *r2[] = { (char *)"run", path, (char *)"--until", (char *)"50",
		       (char *)"--json", NULL };
	char *a[] = { (char *)"analyze", path, (char *)"--until", (char *)"50",
		      NULL };
	int rc;

	if (!f)
		abort();
	if (size && fwrite(data, 1, size, f) != size)
		abort();
	fclose(f);
	if (run(2, v, cmd_validate) != CLI_EXIT_OK)
		return 0;       /* invalid: the other commands say the same */
	rc = run(6, r1, cmd_run);
	if (rc == CLI_EXIT_USAGE)       /* a tick scenario: no ns unit */
		run(5, r2, cmd_run);
	run(4, a, cmd_analyze);
	return 0;
}
