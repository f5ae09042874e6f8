/* common.c - what every subcommand shares: printing errors and usage
 * errors, exit codes, the library session and its notices, option values,
 * text output and terminal colours. */
#define _GNU_SOURCE             /* fopencookie */
#include "cli/cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *cli_prog = "dlsim";

void cli_error(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s%s:%s ", cli_color(stderr, CLI_BOLD_RED), cli_prog,
		cli_color(stderr, CLI_RESET));
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s %s: ", cli_prog, cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s %s --help'.\n", cli_prog, cmd);
	return CLI_EXIT_USAGE;
}

int cli_output_not_input(const char *cmd, const char *out, const char *in)
{
	if (!out || !dlsim_output_is_input(out, in))
		return CLI_EXIT_OK;
	return cli_usage_error(cmd, "-o %s names the input %s: writing it "
			       "would replace the input; choose another name",
			       out, in);
}

int cli_exit_for(enum dlsim_status st)
{
	switch (st) {
	case DLSIM_OK:
		return CLI_EXIT_OK;
	case DLSIM_USAGE:
	case DLSIM_OPTION:
		return CLI_EXIT_USAGE;
	case DLSIM_IO:
		return CLI_EXIT_IO;
	case DLSIM_INTERRUPTED:
		return CLI_EXIT_INTERRUPTED;
	default:
		return CLI_EXIT_INPUT;
	}
}

int cli_fail(struct dlsim *db, const char *cmd, enum dlsim_status st)
{
	const char *msg = dlsim_errmsg(db);

	if (st == DLSIM_USAGE)
		return cli_usage_error(cmd, "%s", msg);
	while (*msg) {          /* one error per line */
		size_t n = strcspn(msg, "\n");

		cli_error("%.*s", (int)n, msg);
		msg += n + (msg[n] == '\n');
	}
	return cli_exit_for(st);
}

static void cli_notice(void *ctx, int kind, const char *msg)
{
	const char *cmd = ctx;

	if (kind == DLSIM_NOTE) {
		cli_error("note: %s", msg);
		return;
	}
	fprintf(stderr, "%s %s: %s%s\n", cli_prog, cmd,
		kind == DLSIM_WARNING ? "warning: " : "", msg);
}

struct dlsim *cli_session(const char *cmd)
{
	struct dlsim *db = NULL;

	if (dlsim_open(&db) != DLSIM_OK) {
		cli_error("out of memory");
		return NULL;
	}
	dlsim_set_notice(db, cli_notice, (void *)cmd);
	dlsim_set_memory_files(db, 0);  /* every file name reaches the disk */
	return db;
}

struct dlsim_opts *cli_opts(struct dlsim *db, const char *const *kv,
			    size_t n)
{
	struct dlsim_opts *o = NULL;
	enum dlsim_status st = dlsim_opts_create(db, &o);

	for (size_t i = 0; st == DLSIM_OK && i < n; i++)
		if (kv[2 * i + 1])
			st = dlsim_opts_set(db, o, kv[2 * i], kv[2 * i + 1]);
	if (st != DLSIM_OK) {
		dlsim_opts_free(o);
		cli_error("%s", dlsim_errmsg(db));
		return NULL;
	}
	return o;
}

bool cli_opt_value(int argc, char **argv, int *i, const char *name,
		   const char **val, bool *bad, const char *cmd)
{
	const char *a = argv[*i];
	size_t n = strlen(name);

	const char *v;

	if (strncmp(a, name, n) != 0 || (a[n] != '=' && a[n] != '\0'))
		return false;
	if (a[n] == '=') {
		v = a + n + 1;
	} else if (*i + 1 >= argc) {
		cli_usage_error(cmd, "option %s needs a value", name);
		*bad = true;
		return true;
	} else {
		v = argv[++*i];
	}
	/* one value per option: a second one would silently win */
	if (*val) {
		cli_usage_error(cmd, "option %s given twice ('%s', then '%s'); "
				"it takes one value", name, *val, v);
		*bad = true;
		return true;
	}
	*val = v;
	return true;
}

/*
 * Standard output is a stream of our own over descriptor 1 (fopencookie),
 * buffered as stdio buffers it (by lines on a terminal, else fully), so
 * that a failed write keeps its reason: glibc's stdout drops the buffer of
 * a failed write and forgets its errno, so that a full disk could only be
 * reported as a guessed EIO.  The first failing write's errno is kept
 * here; writes go to descriptor 1 itself, so a dup2() onto it (run's
 * report moved to standard error) is followed.  A failed write returns 0
 * (fopencookie(3): never a negative value).
 */
static int stdout_errno;

static ssize_t cli_stdout_write(void *ctx, const char *buf, size_t n)
{
	size_t done = 0;

	(void)ctx;
	while (done < n) {
		ssize_t k = write(STDOUT_FILENO, buf + done, n - done);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			if (!stdout_errno)
				stdout_errno = k < 0 ? errno : EIO;
			errno = stdout_errno;
			return 0;       /* never -1: render/outstream.c */
		}
		done += (size_t)k;
	}
	return (ssize_t)n;
}

void cli_stdout_wrap(void)
{
	static const cookie_io_functions_t io = { .write = cli_stdout_write };
	FILE *f = fopencookie(NULL, "w", io);

	if (!f)
		return;                 /* glibc's stdout, as before */
	setvbuf(f, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, BUFSIZ);
	stdout = f;
}

int cli_stdout_errno(void)
{
	return stdout_errno;
}

int cli_stdout_flush(void)
{
	int e;
	const char *en;

	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return CLI_EXIT_OK;
	e = stdout_errno ? stdout_errno : errno ? errno : EIO;
	en = dlsim_errno_name(e);
	cli_error("standard output: write failed: %s%s%s%s", strerror(e),
		  *en ? " (" : "", en, *en ? ")" : "");
	return CLI_EXIT_IO;
}

int cli_write_text(struct dlsim *db, const char *path, const char *text,
		   size_t len)
{
	enum dlsim_status st;

	if (!path || !strcmp(path, "-")) {
		fwrite(text, 1, len, stdout);
		return cli_stdout_flush();
	}
	st = dlsim_write_file(db, path, text, len);
	if (st != DLSIM_OK) {
		cli_error("%s", dlsim_errmsg(db));
		return CLI_EXIT_IO;
	}
	return CLI_EXIT_OK;
}

const char *cli_color(FILE *f, enum cli_colour c)
{
	static const char *const seq[] = {
		"\033[0m", "\033[1;31m", "\033[32m", "\033[1m",
	};
	const char *no = getenv("NO_COLOR"), *force = getenv("CLICOLOR_FORCE");
	const char *term = getenv("TERM");
	bool on;

	if (no && *no)
		return "";
	on = (force && *force && strcmp(force, "0")) ||
	     (isatty(f == stdout ? STDOUT_FILENO : fileno(f)) &&
	      !(term && !strcmp(term, "dumb")));
	return on ? seq[c] : "";
}

void cli_help_wrap(FILE *f, const char *first, const char *indent,
		   const char *text)
{
	size_t col = strlen(first), ind = strlen(indent);
	const char *p = text;

	fputs(first, f);
	while (*p) {
		size_t w = strcspn(p, " ");

		if (p != text && col + 1 + w > 79) {
			fprintf(f, "\n%s", indent);
			col = ind;
		} else if (p != text) {
			fputc(' ', f);
			col++;
		}
		fwrite(p, 1, w, f);
		col += w;
		p += w;
		p += strspn(p, " ");
	}
	fputc('\n', f);
}

void cli_help_names(FILE *f, int indent, const char *label, int width,
		    enum dlsim_names which, const char *after)
{
	char names[2048], text[2304], first[80], pad[80];

	snprintf(first, sizeof(first), "%*s%-*s ", indent, "", width, label);
	snprintf(pad, sizeof(pad), "%*s", (int)strlen(first), "");
	snprintf(text, sizeof(text), "%s%s%s",
		 dlsim_names(which, names, sizeof(names)), after ? " " : "",
		 after ? after : "");
	cli_help_wrap(f, first, pad, text);
}
