/* textio.c - whole-file input and atomic text output for the CLI. */
#include "cli/textio.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "render/outfile.h"

int cli_read_all(const char *path, char **buf, size_t *len)
{
	bool is_stdin = !strcmp(path, "-");
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	size_t n = 0, cap = 0;
	char *b = NULL;

	if (!f) {
		cli_error("%s: cannot open: %s", path, strerror(errno));
		return CLI_EXIT_IO;
	}
	for (;;) {
		size_t got;

		if (cap - n < 4096) {
			size_t nc = cap ? cap * 2 : 65536;
			char *nb;

			if (nc > CLI_MAX_INPUT + 4096u) {
				cli_error("%s: larger than %u MiB", path,
					  CLI_MAX_INPUT >> 20);
				goto fail_input;
			}
			nb = realloc(b, nc);
			if (!nb) {
				cli_error("%s: out of memory", path);
				goto fail_input;
			}
			b = nb;
			cap = nc;
		}
		got = fread(b + n, 1, cap - n - 1, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		cli_error("%s: read error", path);
		free(b);
		if (!is_stdin)
			fclose(f);
		return CLI_EXIT_IO;
	}
	if (!is_stdin)
		fclose(f);
	b[n] = '\0';
	*buf = b;
	*len = n;
	return CLI_EXIT_OK;
fail_input:
	free(b);
	if (!is_stdin)
		fclose(f);
	return CLI_EXIT_INPUT;
}

int cli_write_text(const char *path, const char *text, size_t len)
{
	struct render_outfile o;
	struct rt_diag d = { "" };
	FILE *f;

	if (!path || !strcmp(path, "-")) {
		if (fwrite(text, 1, len, stdout) != len || fflush(stdout)) {
			cli_error("stdout: write error");
			return CLI_EXIT_IO;
		}
		return CLI_EXIT_OK;
	}
	if (render_outfile_open(&o, path, &f, &d) != RT_OK) {
		cli_error("%s", d.msg);
		return CLI_EXIT_IO;
	}
	if (fwrite(text, 1, len, f) != len) {
		render_outfile_abort(&o);
		cli_error("%s: write error", path);
		return CLI_EXIT_IO;
	}
	if (render_outfile_commit(&o, &d) != RT_OK) {
		cli_error("%s", d.msg);
		return CLI_EXIT_IO;
	}
	return CLI_EXIT_OK;
}

int cli_load_any(const char *path, struct scn_scenario **out)
{
	struct rt_diag d = { "" };
	enum rt_err err;
	char *buf;
	size_t len;
	int rc;

	if (strcmp(path, "-"))
		return cli_load(path, out);
	rc = cli_read_all(path, &buf, &len);
	if (rc != CLI_EXIT_OK)
		return rc;
	err = scn_load_data((const uint8_t *)buf, len, "<stdin>", out, &d);
	free(buf);
	if (err != RT_OK) {
		cli_error("%s", d.msg[0] ? d.msg : rt_strerror(err));
		return cli_exit_for(err);
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
	     (isatty(fileno(f)) && !(term && !strcmp(term, "dumb")));
	return on ? seq[c] : "";
}
