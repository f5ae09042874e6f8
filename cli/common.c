/* common.c - error reporting, scenario loading and atomic output files
 * shared by every subcommand. */
#include "cli/cli.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/textio.h"
#include "render/text.h"

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

int cli_exit_for(enum rt_err err)
{
	switch (err) {
	case RT_OK:
		return CLI_EXIT_OK;
	case RT_ERR_IO:
		return CLI_EXIT_IO;
	default:
		return CLI_EXIT_INPUT;
	}
}

int cli_load(const char *path, struct scn_scenario **out)
{
	struct rt_diag d = { "" };
	enum rt_err err;

	if (!strcmp(path, "-"))         /* the scenario on standard input */
		return cli_load_any(path, out);
	err = scn_load_file(path, out, &d);

	if (err != RT_OK) {
		cli_error("%s", d.msg[0] ? d.msg : rt_strerror(err));
		return cli_exit_for(err);
	}
	return CLI_EXIT_OK;
}

rt_time cli_unit_scale(const struct scn_scenario *s)
{
	return cli_unit_scale_of(s->time_unit);
}

rt_time cli_unit_scale_of(enum scn_time_unit u)
{
	return scn_time_unit_scale(u);
}

const char *cli_fmt_time(const struct scn_scenario *s, rt_time t, char *buf,
			 size_t len)
{
	return cli_fmt_time_in(s->time_unit, t, buf, len);
}

const char *cli_fmt_time_in(enum scn_time_unit u, rt_time t, char *buf,
			    size_t len)
{
	if (t == RT_TIME_NEVER)
		snprintf(buf, len, "-");
	else
		rt_time_format(buf, len, t, cli_unit_scale_of(u));
	return buf;
}

const char *cli_fmt_fixed(double v, char *buf, size_t len)
{
	size_t n;

	snprintf(buf, len, "%.3f", v);
	n = strlen(buf);
	while (n > 0 && buf[n - 1] == '0')
		buf[--n] = '\0';
	if (n > 0 && buf[n - 1] == '.')
		buf[--n] = '\0';
	if (!strcmp(buf, "-0"))
		snprintf(buf, len, "0");
	return buf;
}

void cli_meta(const struct scn_scenario *s, rt_time horizon,
	      struct render_meta *m)
{
	memset(m, 0, sizeof(*m));
	m->scenario = s->name;
	m->time_unit = scn_internal_unit_name(s->time_unit);
	m->display_unit = scn_time_unit_name(s->time_unit);
	m->display_scale = cli_unit_scale(s);
	m->cpus = s->cpus;
	m->horizon = horizon;
	m->tasks = s->tasks;
	m->ntasks = s->ntasks;
	m->servers = s->servers;
	m->nservers = s->nservers;
	m->task_server = s->task_server;
	if (s->sched.fair_server.on) {
		m->fair_runtime = s->sched.fair_server.runtime;
		m->fair_period = s->sched.fair_server.period;
	}
}

int cli_parse_until(const char *cmd, const struct scn_scenario *s,
		    const char *text, rt_time *out)
{
	struct rt_diag d = { "" };

	*out = RT_TIME_NEVER;
	if (!text)
		return CLI_EXIT_OK;
	if (scn_parse_time(text, s->time_unit, out, &d) != RT_OK)
		return cli_usage_error(cmd, "--until %s: %s", text, d.msg);
	if (*out <= 0)
		return cli_usage_error(cmd, "--until %s: must be > 0", text);
	return CLI_EXIT_OK;
}

void cli_json_str(FILE *f, const char *s)
{
	render_json_string(f, s);
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
