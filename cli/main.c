/* main.c - the dlsim command: dispatch to one cmd_<verb>.c per subcommand.
 * The CLI is the only code that prints or exits (docs/design.md §1); the
 * work is libdlsim's (include/dlsim.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

#include "version.h"             /* generated: DLSIM_GIT_DESCRIBE */

static const char main_help[] =
"dlsim - real-time scheduling simulator and schedulability analysis\n"
"\n"
"Will every deadline of a set of sporadic tasks (C = runtime/WCET,\n"
"D = relative deadline, T = period) be met, and if not, by how much is it\n"
"missed?  dlsim answers by simulation and by admission tests, side by side.\n"
"\n"
"Usage: dlsim COMMAND [OPTIONS] ...\n"
"\n"
"Commands:\n"
"  run SCENARIO.yaml       simulate; print per-task statistics and every miss\n"
"  analyze SCENARIO.yaml   admission tests + simulation + tardiness, compared\n"
"  validate SCENARIO.yaml  check a scenario file and print what it contains\n"
"  render LOG.jsonl -o OUT draw a Gantt chart (PNG/SVG/PDF/TikZ) from a saved log\n"
"                         (LOG.jsonl or LOG.bin)\n"
"  import rt-app F.json    an rt-app workload as a scenario\n"
"  export rt-app SCENARIO  a scenario as an rt-app workload, to run on a kernel\n"
"  compare TRACE SCENARIO  a trace-cmd report of a real run vs the simulation\n"
"  experiment EXP.yaml     acceptance-ratio sweep over random task sets (CSV)\n"
"  merge -o OUT SHARD...   combine the shard CSVs of one experiment\n"
"  gen [OPTIONS]           write one random task set as a scenario\n"
"  plot RESULTS.csv -o OUT acceptance-ratio figure of an experiment\n"
"  plot dbf|response|util  dbf(t) vs t, response-time distributions, CPU busy\n"
"  report SCENARIO.yaml    one self-contained HTML page: tests, run, figures\n"
"  help [COMMAND]          this text, or a command's help\n"
"\n"
"Options: --help (also after a command), --version\n"
"\n"
"Example (two tasks C=4, D=5, T=10: U = 0.8 <= 1, yet one job misses by 3):\n"
"  dlsim analyze scenarios/examples/dario.yaml\n"
"  dlsim run scenarios/examples/dario.yaml --until 20 --gantt dario.png\n"
"\n"
"Exit status: 0 success (deadline misses are results, not failures),\n"
"1 usage error, 2 invalid input, 3 I/O error, 4 a miss with --fail-on-miss,\n"
"5 analyze found a test contradicting the simulation (a bug: please report),\n"
"130 interrupted (Ctrl-C; experiment: re-run to resume).\n"
"\n"
"Scenario format: scenarios/README.md.  Output formats: docs/formats.md.\n";

/* Once installed (make install), the files the help texts name (docs/...,
 * scenarios/...) are in PREFIX/share/doc/dlsim beside PREFIX/bin/dlsim:
 * the main help says where when that folder exists.  Nothing is printed
 * in a source tree, or when /proc/self/exe cannot be read. */
static void main_docdir(FILE *f)
{
	static const char rel[] = "/share/doc/dlsim";
	char path[4096];
	struct stat st;
	ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);

	if (n <= 0)
		return;
	path[n] = '\0';
	for (int up = 0; up < 2; up++) {        /* drop "/dlsim", then "/bin" */
		char *slash = strrchr(path, '/');

		if (!slash)
			return;
		*slash = '\0';
	}
	if (strlen(path) + sizeof(rel) > sizeof(path))
		return;
	strcat(path, rel);
	if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
		return;
	fprintf(f, "Installed, these paths and those of each command's help are "
		"relative to\n%s\n", path);
}

static void main_usage(FILE *f)
{
	fputs(main_help, f);
	main_docdir(f);
}

struct cli_cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
};

static const struct cli_cmd cli_cmds[] = {
	{ "run",      cmd_run },
	{ "analyze",  cmd_analyze },
	{ "validate", cmd_validate },
	{ "render",   cmd_render },
	{ "import",   cmd_import },
	{ "export",   cmd_export },
	{ "compare",  cmd_compare },
	{ "experiment", cmd_experiment },
	{ "merge",    cmd_merge },
	{ "gen",      cmd_gen },
	{ "plot",     cmd_plot },
	{ "report",   cmd_report },
	{ NULL, NULL }
};

static const struct cli_cmd *cli_find(const char *name)
{
	for (const struct cli_cmd *c = cli_cmds; c->name; c++)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

/* Standard output is checked once, at exit, for every command (as
 * gnulib's close_stdout): a write that failed earlier (ferror), the final
 * flush and the close.  A failure is an I/O error, "dlsim: standard
 * output: write failed: REASON (ENAME)", the words of every other failed
 * write to standard output (errno of the failing call; a stream whose
 * error was set by an earlier call is flushed again to learn it), unless
 * the command already failed.  A closed standard output (>&-) that
 * nothing was written to is no error: fclose's EBADF alone is ignored. */
static int main_close_stdout(int rc)
{
	bool failed = ferror(stdout) != 0;
	int err = 0;
	const char *en;

	if (failed) {
		clearerr(stdout);
		errno = 0;
		if (fflush(stdout) != 0)
			err = errno;
	} else if (fflush(stdout) != 0) {
		failed = true;
		err = errno;
	}
	if (failed && cli_stdout_errno())
		err = cli_stdout_errno();       /* the first failed write's */
	errno = 0;
	if (fclose(stdout) != 0 && !failed && errno != EBADF) {
		failed = true;
		err = errno;
	}
	/* the stream over descriptor 1 leaves it open: close it, as
	 * glibc's fclose(stdout) did (an error of NFS shows at close) */
	errno = 0;
	if (close(STDOUT_FILENO) != 0 && !failed && errno != EBADF &&
	    errno != EINTR) {
		failed = true;
		err = errno;
	}
	if (!failed)
		return rc;
	/* a command that failed said why (on its own output to stdout: the
	 * ENOSPC of "-: write failed"); a second line would repeat it */
	if (rc != CLI_EXIT_OK && rc != CLI_EXIT_MISS &&
	    rc != CLI_EXIT_CONTRADICTION)
		return rc;
	/* not cli_error: it flushes stdout, which is closed now; the one
	 * format of a failed standard output (cli_stdout_flush, an output
	 * "-" of the library: render/outfile.c) */
	err = err ? err : EIO;
	en = dlsim_errno_name(err);
	fprintf(stderr, "%s%s:%s standard output: write failed: %s%s%s%s\n",
		cli_color(stderr, CLI_BOLD_RED), cli_prog,
		cli_color(stderr, CLI_RESET), strerror(err), *en ? " (" : "",
		en, *en ? ")" : "");
	return rc == CLI_EXIT_OK || rc == CLI_EXIT_MISS ||
	       rc == CLI_EXIT_CONTRADICTION ? CLI_EXIT_IO : rc;
}

static int main_dispatch(int argc, char **argv)
{
	const struct cli_cmd *c;
	int rc;

	if (argc < 2) {
		main_usage(stderr);
		return CLI_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		main_usage(stdout);
		return CLI_EXIT_OK;
	}
	if (!strcmp(argv[1], "--version")) {
		/* outside a git checkout the describe string is empty */
		if (DLSIM_GIT_DESCRIBE[0])
			printf("dlsim %s (git %s)\n", DLSIM_VERSION,
			       DLSIM_GIT_DESCRIBE);
		else
			printf("dlsim %s\n", DLSIM_VERSION);
		return CLI_EXIT_OK;
	}
	if (!strcmp(argv[1], "help")) {
		char *hargv[] = { argv[2], (char *)"--help", NULL };

		if (argc < 3) {
			main_usage(stdout);
			return CLI_EXIT_OK;
		}
		c = cli_find(argv[2]);
		if (!c) {
			cli_error("unknown command '%s' (see 'dlsim --help')", argv[2]);
			return CLI_EXIT_USAGE;
		}
		return c->fn(2, hargv);
	}
	c = cli_find(argv[1]);
	if (!c) {
		cli_error("unknown command '%s' (see 'dlsim --help')", argv[1]);
		return CLI_EXIT_USAGE;
	}
	rc = c->fn(argc - 1, argv + 1);
	dlsim_release_caches();         /* leak checkers see a clean exit */
	return rc;
}

/* A standard stream the caller closed (>&-) would be reused by the next
 * open(), and then text meant for standard output would land in an
 * output file.  Each closed one gets /dev/null opened the other way round
 * (read-only for 1 and 2, write-only for 0): the descriptor is taken, and
 * every write to it fails with EBADF, as on the closed stream. */
static void main_hold_std_fds(void)
{
	for (int fd = 0; fd <= 2; fd++) {
		int nfd;

		if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
			continue;
		nfd = open("/dev/null", fd ? O_RDONLY : O_WRONLY);
		if (nfd >= 0 && nfd != fd) {    /* a lower one was closed too */
			dup2(nfd, fd);
			close(nfd);
		}
	}
}

int main(int argc, char **argv)
{
	main_hold_std_fds();
	cli_stdout_wrap();
	return main_close_stdout(main_dispatch(argc, argv));
}
