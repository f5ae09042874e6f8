/* cmd_gen.c - `dlsim gen`: one random task set (models/gen.h) written as
 * a scenario (scenarios/exp.h scn_emit_scenario). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "models/gen.h"
#include "models/mem.h"
#include "render/outfile.h"
#include "scenarios/exp.h"
#include "sim/policy.h"

static const char gen_help[] =
"Usage: dlsim gen [--tasks N] [--utilization U] [--method M] [--cap C]\n"
"                 [--periods MIN:MAX[:G]] [--period-dist log-uniform|uniform]\n"
"                 [--deadlines implicit|constrained|arbitrary] [--slack A:B]\n"
"                 [--cpus M] [--policy edf|fp] [--seed S] [--name NAME]\n"
"                 [-o OUT.yaml]\n"
"\n"
"Draw one random task set and write it as a scenario (time_unit: tick) that\n"
"dlsim validate / run / analyze load.  Defaults: 10 tasks, U = 0.8,\n"
"uunifast-discard (also uunifast, randfixedsum), cap 1, log-uniform periods\n"
"10:1000 with granularity 1, implicit deadlines (constrained: D = C +\n"
"x (T - C) with x uniform in --slack, default 0:1; arbitrary: default\n"
"0:2), 1 CPU, edf, seed 1, standard output.  C = ceil(u T) >= 1, so the\n"
"realised U (in the file's comment) is at least the target.\n";

static bool gen_num_pair(const char *s, double *a, double *b)
{
	char *end;

	errno = 0;
	*a = strtod(s, &end);
	if (end == s || *end != ':')
		return false;
	s = end + 1;
	*b = strtod(s, &end);
	return end != s && !*end && !errno;
}

static bool gen_periods(const char *s, struct rt_gen_params *p)
{
	long long a, b, g = 1;
	int used = 0;

	if (sscanf(s, "%lld:%lld%n", &a, &b, &used) != 2)
		return false;
	if (s[used] == ':' && sscanf(s + used + 1, "%lld%n", &g, &used) == 1)
		;
	else if (s[used])
		return false;
	p->pmin = a;
	p->pmax = b;
	p->granularity = g;
	return true;
}

static bool gen_name_ok(const char *s)
{
	if (!*s || strlen(s) > SCN_MAX_NAME)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '_' || *s == '-' ||
		      *s == '.'))
			return false;
	return true;
}

int cmd_gen(int argc, char **argv)
{
	const char *o_tasks = NULL, *o_u = NULL, *o_method = NULL, *o_cap = NULL;
	const char *o_periods = NULL, *o_dist = NULL, *o_dl = NULL;
	const char *o_slack = NULL, *o_cpus = NULL, *o_policy = NULL;
	const char *o_seed = NULL, *o_name = NULL, *out = NULL;
	struct rt_gen_params p = {
		.ntasks = 10, .method = RT_GEN_UUNIFAST_DISCARD, .cap = 1,
		.periods = RT_GEN_PERIODS_LOG_UNIFORM, .pmin = 10, .pmax = 1000,
		.granularity = 1, .deadlines = RT_GEN_DEADLINES_IMPLICIT,
		.xmin = 0, .xmax = 1,
	};
	struct rt_diag d = { "" };
	struct rt_gen_ws ws;
	struct rt_task *ts = NULL;
	struct scn_emit e;
	struct rt_rng r;
	double u = 0.8;
	unsigned long long seed = 1;
	unsigned long cpus = 1;
	const struct sim_policy_ops *ops;
	char comment[1024], plain[128], *text = NULL, *end;
	size_t len;
	bool bad = false;
	enum rt_err err;
	int rc = CLI_EXIT_OK;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(gen_help, stdout);
			return CLI_EXIT_OK;
		}
		if (cli_opt_value(argc, argv, &i, "--tasks", &o_tasks, &bad, "gen") ||
		    cli_opt_value(argc, argv, &i, "--utilization", &o_u, &bad, "gen") ||
		    cli_opt_value(argc, argv, &i, "--method", &o_method, &bad, "gen") ||
		    cli_opt_value(argc, argv, &i, "--cap", &o_cap, &bad, "gen") ||
		    cli_opt_value(argc, argv, &i, "--periods", &o_periods, &bad, "gen") ||
		    cli_opt_value(argc, argv, &i, "--period-dist", &o_dist, &bad, "gen") ||
		    cli_opt_value(argc, argv, &i, "--deadlines", &o_dl, &bad, "gen") ||
		    cli_opt_value(argc, argv, &i, "--slack", &o_slack, &bad, "gen") ||
		    cli_opt_value(argc, argv, &i, "--cpus", &o_cpus, &bad, "gen") ||
		    cli_opt_value(argc, argv, &i, "--policy", &o_policy, &bad, "gen") ||
		    cli_opt_value(argc, argv, &i, "--seed", &o_seed, &bad, "gen") ||
		    cli_opt_value(argc, argv, &i, "--name", &o_name, &bad, "gen") ||
		    cli_opt_value(argc, argv, &i, "-o", &out, &bad, "gen")) {
			if (bad)
				return CLI_EXIT_USAGE;
			continue;
		}
		return cli_usage_error("gen", "unknown argument '%s'", argv[i]);
	}
	errno = 0;
	if (o_tasks) {
		unsigned long n = strtoul(o_tasks, &end, 10);

		if (end == o_tasks || *end || n < 1 || n > RT_GEN_MAX_TASKS)
			return cli_usage_error("gen", "--tasks '%s': expected 1..%d",
					       o_tasks, RT_GEN_MAX_TASKS);
		p.ntasks = n;
	}
	if (o_u && (u = strtod(o_u, &end), end == o_u || *end || !(u >= 0)))
		return cli_usage_error("gen", "--utilization '%s': expected a "
				       "number >= 0", o_u);
	if (o_method && !rt_gen_method_from_name(o_method, &p.method))
		return cli_usage_error("gen", "--method '%s': expected uunifast, "
				       "uunifast-discard or randfixedsum", o_method);
	if (o_cap && (p.cap = strtod(o_cap, &end), end == o_cap || *end))
		return cli_usage_error("gen", "--cap '%s': expected a number",
				       o_cap);
	if (o_periods && !gen_periods(o_periods, &p))
		return cli_usage_error("gen", "--periods '%s': expected MIN:MAX "
				       "or MIN:MAX:GRANULARITY", o_periods);
	if (o_dist && (!rt_gen_periods_from_name(o_dist, &p.periods) ||
		       p.periods == RT_GEN_PERIODS_SET))
		return cli_usage_error("gen", "--period-dist '%s': expected "
				       "log-uniform or uniform", o_dist);
	if (o_dl && !rt_gen_deadlines_from_name(o_dl, &p.deadlines))
		return cli_usage_error("gen", "--deadlines '%s': expected "
				       "implicit, constrained or arbitrary", o_dl);
	if (p.deadlines == RT_GEN_DEADLINES_ARBITRARY)
		p.xmax = 2;
	if (o_slack && !gen_num_pair(o_slack, &p.xmin, &p.xmax))
		return cli_usage_error("gen", "--slack '%s': expected A:B", o_slack);
	if (o_cpus && (cpus = strtoul(o_cpus, &end, 10), end == o_cpus || *end ||
		       cpus < 1 || cpus > SCN_MAX_CPUS))
		return cli_usage_error("gen", "--cpus '%s': expected 1..%d",
				       o_cpus, SCN_MAX_CPUS);
	ops = sim_policy_find(o_policy);
	for (size_t i = 0; !o_policy && (ops = sim_policy_at(i)); i++)
		if (!(ops->flags & SIM_POLICY_NOT_PLAIN))
			break;          /* default: the first plain policy */
	if (!ops || (ops->flags & SIM_POLICY_NOT_PLAIN))
		return cli_usage_error("gen", "--policy '%s': expected %s",
				       o_policy, sim_policy_names(0,
				       SIM_POLICY_NOT_PLAIN, plain,
				       sizeof(plain)));
	if (o_seed && (seed = strtoull(o_seed, &end, 0), end == o_seed || *end))
		return cli_usage_error("gen", "--seed '%s': expected an integer",
				       o_seed);
	if (o_name && !gen_name_ok(o_name))
		return cli_usage_error("gen", "--name '%s': expected letters, "
				       "digits, '_', '-', '.'", o_name);
	err = rt_gen_check(&p, u, &d);
	if (err) {
		cli_error("gen: %s", d.msg);
		return CLI_EXIT_USAGE;
	}
	ts = calloc(p.ntasks, sizeof(*ts));
	if (!ts || rt_gen_ws_init(&ws, p.ntasks)) {
		free(ts);
		cli_error("out of memory");
		return CLI_EXIT_INPUT;
	}
	for (size_t i = 0; i < p.ntasks; i++)
		ts[i] = rt_task_make(NULL, 1, 1, 1);
	rt_rng_seed(&r, seed);
	err = rt_gen_taskset(&p, u, &r, &ws, ts, &d);
	rt_gen_ws_fini(&ws);
	if (err) {
		cli_error("gen: %s", d.msg);
		free(ts);
		return cli_exit_for(err);
	}
	snprintf(comment, sizeof(comment),
		 "generated by dlsim gen: %zu tasks, %s, target U = %g, "
		 "realised U = sum C/T = %.6g\n"
		 "periods %s %lld..%lld (granularity %lld), deadlines %s, seed %llu",
		 p.ntasks, rt_gen_method_name(p.method), u,
		 rt_gen_realised(ts, p.ntasks), rt_gen_periods_name(p.periods),
		 (long long)p.pmin, (long long)p.pmax, (long long)p.granularity,
		 rt_gen_deadlines_name(p.deadlines), seed);
	memset(&e, 0, sizeof(e));
	e.name = o_name ? o_name : "gen";
	e.comment = comment;
	e.cpus = (unsigned)cpus;
	e.policy = ops->name;
	e.placement = RT_EXP_PLACE_GLOBAL;
	e.priorities = RT_FP_DEADLINE_MONOTONIC;
	e.tasks = ts;
	e.ntasks = p.ntasks;
	err = scn_emit_scenario(&e, &text, &len, &d);
	free(ts);
	if (err) {
		cli_error("%s", d.msg);
		return cli_exit_for(err);
	}
	if (out) {
		struct render_outfile of;
		FILE *f;

		err = render_outfile_open(&of, out, &f, &d);
		if (!err && fwrite(text, 1, len, f) != len) {
			render_outfile_abort(&of);
			err = rt_diagf(&d, RT_ERR_IO, "%s: write error", out);
		} else if (!err) {
			err = render_outfile_commit(&of, &d);
		}
		if (err) {
			cli_error("%s", d.msg);
			rc = cli_exit_for(err);
		}
	} else {
		fwrite(text, 1, len, stdout);
	}
	rt_free(text);
	return rc;
}
