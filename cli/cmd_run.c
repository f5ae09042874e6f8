/* cmd_run.c - `dlsim run SCENARIO.yaml`: simulate, print statistics and
 * every deadline miss; optionally write event logs and per-job CSV. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/simulate.h"
#include "cli/outputs.h"
#include "sim/percentile.h"
#include "sim/policy.h"

static const char run_help_fmt[] =
"Usage: dlsim run SCENARIO.yaml [OPTIONS]\n"
"\n"
"Simulate the scenario: release every job, schedule it with the scenario's\n"
"policy, and report per-task statistics and every deadline miss (task, job\n"
"index, release, deadline, finish, tardiness).  A miss is a result: the exit\n"
"status is 0 unless --fail-on-miss is given.\n"
"\n"
"Options:\n"
"  --until T         simulate [0, T) (releases before T; completions at T\n"
"                    count); T in the scenario's time_unit or with a unit\n"
"                    (\"500us\").  Default: the scenario's 'horizon:', else\n"
"                    the synchronous busy period L_b when that is exact (one\n"
"                    CPU, U <= 1, synchronous periodic), else the hyperperiod\n"
"                    plus the largest offset and deadline, capped at 10^7 jobs.\n"
"%s"
"  --json            print one JSON object instead of tables (docs/formats.md)\n"
"  --quiet           print only the summary line (and errors)\n"
"  --fail-on-miss    exit with status 4 if any job missed its deadline\n"
"  --seed N          override the scenario's seed (random arrivals/exec)\n"
"  --help            this text\n"
"\n"
"Times in --json, --log and --jobs output are integers in the internal unit\n"
"(ticks, or nanoseconds for time_unit ns/us/ms/s); tables use time_unit.\n"
"\n"
"Example:\n"
"  dlsim run scenarios/examples/dario.yaml --jobs jobs.csv\n";

struct run_opts {
	const char *path;
	const char *until;
	const char *seed;
	struct cli_outputs_opts out;
	bool json, quiet, fail_on_miss;
};

static int run_parse(int argc, char **argv, struct run_opts *o, bool *help)
{
	memset(o, 0, sizeof(*o));
	*help = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		bool bad = false;

		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			*help = true;
			return CLI_EXIT_OK;
		} else if (!strcmp(a, "--json")) {
			o->json = true;
		} else if (!strcmp(a, "--quiet") || !strcmp(a, "-q")) {
			o->quiet = true;
		} else if (!strcmp(a, "--fail-on-miss")) {
			o->fail_on_miss = true;
		} else if (cli_opt_value(argc, argv, &i, "--until", &o->until, &bad, "run") ||
			   cli_opt_value(argc, argv, &i, "--seed", &o->seed, &bad, "run") ||
			   cli_outputs_parse(argc, argv, &i, &o->out, &bad, "run")) {
			if (bad)
				return CLI_EXIT_USAGE;
		} else if (a[0] == '-' && a[1]) {
			return cli_usage_error("run", "unknown option '%s'", a);
		} else if (o->path) {
			return cli_usage_error("run", "only one scenario file, please "
					       "(got '%s' and '%s')", o->path, a);
		} else {
			o->path = a;
		}
	}
	if (!o->path)
		return cli_usage_error("run", "missing SCENARIO.yaml");
	return CLI_EXIT_OK;
}

/* Per class (hard / soft) sums for edf-split: admitted tasks, jobs,
 * misses, max tardiness.  A miss of an admitted hard task is a guarantee
 * violation. */
struct run_class {
	size_t tasks, admitted;
	uint64_t jobs, misses;
	rt_time max_tardiness;
};

static void run_classes(const struct scn_scenario *s,
			const struct sim_stats *st, struct run_class c[2])
{
	memset(c, 0, 2 * sizeof(*c));
	for (size_t i = 0; i < st->ntasks; i++) {
		struct run_class *k = &c[s->tasks[i].klass == RT_CLASS_SOFT];
		const struct sim_task_stats *t = &st->tasks[i];

		k->tasks++;
		k->admitted += !t->rejected;
		k->jobs += t->released;
		k->misses += t->missed;
		if (t->max_tardiness > k->max_tardiness)
			k->max_tardiness = t->max_tardiness;
	}
}

static bool run_is_split(const struct scn_scenario *s)
{
	return cli_policy_flags(s) & SIM_POLICY_CLASSES;
}

/* Tasks whose observed tardiness exceeds the bound admission computed
 * (mode: soft). */
static uint64_t run_bound_exceeded(const struct sim_stats *st)
{
	uint64_t n = 0;

	for (size_t i = 0; i < st->ntasks; i++)
		n += st->tasks[i].tardiness_bound != RT_TIME_NEVER &&
		     st->tasks[i].max_tardiness > st->tasks[i].tardiness_bound;
	return n;
}

/* scheduler.mode: hard counts every miss of an admitted task as
 * a guarantee violation (rejected tasks never run, so that is every
 * miss); soft compares each task's observed tardiness with its bound. */
static void run_print_json_mode(const struct scn_scenario *s,
				const struct sim_stats *st)
{
	if (!s->sched.has_mode || run_is_split(s))
		return;
	printf(",\n \"mode\": \"%s\"", s->sched.mode == SCN_MODE_HARD ?
	       "hard" : "soft");
	if (s->sched.mode == SCN_MODE_HARD) {
		printf(", \"guarantee_violations\": %" PRIu64, st->misses);
		return;
	}
	printf(", \"tardiness_bound_exceeded\": %" PRIu64 ", "
	       "\"tardiness_bounds\": [", run_bound_exceeded(st));
	for (size_t i = 0; i < st->ntasks; i++) {
		const struct sim_task_stats *t = &st->tasks[i];

		printf("%s{\"task\": ", i ? ", " : "");
		cli_json_str(stdout, s->tasks[i].name);
		if (t->tardiness_bound == RT_TIME_NEVER)
			printf(", \"bound\": null");
		else
			printf(", \"bound\": %" PRId64, t->tardiness_bound);
		printf(", \"observed\": %" PRId64 "}", t->max_tardiness);
	}
	printf("]");
}

/* Keys appended for servers and admission (docs/cli.md). */
static void run_print_json_resv(const struct scn_scenario *s,
				const struct cli_sim *cs)
{
	const struct sim_stats *st = cs->stats;
	static const char *const names[2] = { "hard", "soft" };
	struct run_class c[2];

	printf(",\n \"server_misses\": %" PRIu64 ", \"rejected\": %" PRIu64
	       ",\n \"servers\": [", st->server_misses, st->rejected);
	for (size_t i = 0, n = 0; i < st->nservers; i++) {
		const struct sim_server_stats *v = &st->servers[i];

		if (!v->name)           /* an entry the policy left unused */
			continue;
		printf("%s\n  {\"name\": ", n++ ? "," : "");
		cli_json_str(stdout, v->name ? v->name : "");
		printf(", \"budget_exhaustions\": %" PRIu64 ", \"deadline_misses\": %"
		       PRIu64 ", \"throttled_time\": %" PRId64 ", \"replenishments\": %"
		       PRIu64 ", \"max_lateness\": %" PRId64
		       ", \"throttled_idle_time\": %" PRId64,
		       v->budget_exhaustions, v->deadline_misses,
		       v->throttled_time, v->replenishments, v->max_lateness,
		       v->throttled_idle_time);
		if (cli_policy_flags(s) & SIM_POLICY_KERNEL)
			printf(", \"overruns\": %" PRIu64 ", \"max_overrun\": %"
			       PRId64 ", \"dl_overrun\": %" PRIu64, v->overruns,
			       v->max_overrun, v->dl_overrun);
		printf("}");
	}
	printf("],\n \"admission\": [");
	for (size_t i = 0; i < cs->nadm; i++) {
		const struct cli_admission *a = &cs->adm[i];

		printf("%s\n  {\"time\": %" PRId64 ", \"task\": ", i ? "," : "",
		       a->time);
		cli_json_str(stdout, s->tasks[a->task].name);
		printf(", \"test\": \"%s\", \"verdict\": \"%s\"",
		       sim_admit_test_name(a->test),
		       a->accept ? "accept" : "reject");
		if (a->has_bw)
			printf(", \"total_bw\": %" PRIu64, a->total_bw);
		printf("}");
	}
	printf("]");
	run_print_json_mode(s, st);
	if (!run_is_split(s))
		return;
	run_classes(s, st, c);
	printf(",\n \"classes\": {");
	for (int k = 0; k < 2; k++)
		printf("%s\"%s\": {\"tasks\": %zu, \"admitted\": %zu, "
		       "\"jobs\": %" PRIu64 ", \"misses\": %" PRIu64
		       ", \"max_tardiness\": %" PRId64 ", "
		       "\"guarantee_violations\": %" PRIu64 "}", k ? ", " : "",
		       names[k], c[k].tasks, c[k].admitted, c[k].jobs,
		       c[k].misses, c[k].max_tardiness, k ? 0 : c[k].misses);
	printf("}");
}

/* Percentile keys of task i (nearest rank over completed jobs; null when
 * none completed). */
static void run_print_json_pctl(struct sim_pctl *pc, size_t i)
{
	static const struct {
		const char *key;
		enum sim_pctl_metric m;
		unsigned permille;
	} keys[] = {
		{ "p50_response", SIM_PCTL_RESPONSE, 500 },
		{ "p90_response", SIM_PCTL_RESPONSE, 900 },
		{ "p99_response", SIM_PCTL_RESPONSE, 990 },
		{ "p99_tardiness", SIM_PCTL_TARDINESS, 990 },
	};
	bool all_exact = true;

	for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
		rt_time v;
		bool exact;

		if (sim_pctl_value(pc, i, keys[k].m, keys[k].permille, &v,
				   &exact)) {
			printf(", \"%s\": %" PRId64, keys[k].key, v);
			all_exact = all_exact && exact;
		} else {
			printf(", \"%s\": null", keys[k].key);
		}
	}
	printf(", \"percentiles_exact\": %s", all_exact ? "true" : "false");
}

static void run_print_json(const struct scn_scenario *s, struct cli_sim *cs,
			   struct sim_pctl *pc)
{
	const struct sim_stats *st = cs->stats;
	struct cli_miss m;
	bool first = true;

	printf("{\"scenario\": ");
	cli_json_str(stdout, s->name);
	printf(", \"time_unit\": \"%s\", \"policy\": ",
	       scn_internal_unit_name(s->time_unit));
	cli_json_str(stdout, s->sched.policy);
	if (cli_policy_flags(s) & SIM_POLICY_PRIORITIES)
		printf(", \"priorities\": \"%s\"",
		       rt_fp_order_name(s->sched.priorities));
	printf(", \"placement\": \"%s\", \"cluster_size\": %u",
	       scn_placement_name(s->sched.placement), s->sched.cluster_size);
	if (cs->cluster)
		printf(", \"partitioning\": \"%s\"",
		       rt_part_name(s->sched.partitioning));
	printf(", \"horizon\": %" PRId64 ", \"horizon_source\": \"%s\", "
	       "\"exact\": %s, \"jobs\": %" PRIu64 ", \"completed\": %" PRIu64
	       ", \"misses\": %" PRIu64 ", \"max_tardiness\": %" PRId64 ",\n",
	       st->horizon, sim_horizon_source_name(cs->h.source),
	       cs->h.exact ? "true" : "false", st->jobs, st->completed,
	       st->misses, st->max_tardiness);
	printf(" \"tasks\": [");
	for (size_t i = 0; i < st->ntasks; i++) {
		const struct sim_task_stats *t = &st->tasks[i];
		double mean_r = t->completed ? (double)t->sum_response / (double)t->completed : 0;
		double mean_t = t->completed ? (double)t->sum_tardiness / (double)t->completed : 0;

		printf("%s\n  {\"name\": ", i ? "," : "");
		cli_json_str(stdout, s->tasks[i].name);
		printf(", \"released\": %" PRIu64 ", \"completed\": %" PRIu64
		       ", \"missed\": %" PRIu64 ", \"aborted\": %" PRIu64
		       ", \"max_response\": %" PRId64 ", \"mean_response\": %.6g"
		       ", \"max_tardiness\": %" PRId64 ", \"mean_tardiness\": %.6g"
		       ", \"preemptions\": %" PRIu64 ", \"migrations\": %" PRIu64,
		       t->released, t->completed, t->missed, t->aborted,
		       t->max_response, mean_r, t->max_tardiness, mean_t,
		       t->preemptions, t->migrations);
		if (cs->cluster && s->sched.placement == SCN_PLACE_CPUSETS) {
			printf(", \"cpuset\": ");
			cli_json_str(stdout,
				     s->sched.cpusets[cs->cluster[i]].name);
		} else if (cs->cluster) {
			printf(", \"%s\": %u", s->sched.cluster_size == 1 ?
			       "cpu" : "cluster", cs->cluster[i]);
		}
		run_print_json_pctl(pc, i);
		printf("}");
	}
	printf("],\n \"cpus\": [");
	for (size_t c = 0; c < st->ncpus; c++)
		printf("%s{\"cpu\": %zu, \"busy\": %" PRId64 "}", c ? ", " : "", c,
		       st->cpu[c].busy);
	printf("],\n \"misses_list\": [");
	while (cli_sim_next_miss(cs, &m)) {
		printf("%s\n  {\"task\": ", first ? "" : ",");
		cli_json_str(stdout, s->tasks[m.task].name);
		printf(", \"job\": %" PRIu64 ", \"release\": %" PRId64
		       ", \"deadline\": %" PRId64 ", \"finish\": ", m.job,
		       m.release, m.deadline);
		if (m.finish == RT_TIME_NEVER)
			printf("null");
		else
			printf("%" PRId64, m.finish);
		/* unknown tardiness (aborted, or pending at the horizon):
		 * null plus the lower bound */
		if (m.finish == RT_TIME_NEVER)
			printf(", \"tardiness\": null, \"tardiness_lower\": %"
			       PRId64 "%s}", m.tardiness,
			       m.aborted ? ", \"aborted\": true" : "");
		else
			printf(", \"tardiness\": %" PRId64 "}", m.tardiness);
		first = false;
	}
	printf("]");
	if (cs->nmisses > CLI_MISSES_KEPT)
		printf(", \"misses_list_omitted\": %" PRIu64,
		       cs->nmisses - CLI_MISSES_KEPT);
	run_print_json_resv(s, cs);
	cli_linux_json(s);
	if (cs->partial)
		printf(",\n \"partial\": true, \"simulated_until\": %" PRId64,
		       st->now);
	printf("}\n");
}

static size_t run_name_width(const struct scn_scenario *s)
{
	size_t w = 4;

	for (size_t i = 0; i < s->ntasks; i++)
		if (strlen(s->tasks[i].name) > w)
			w = strlen(s->tasks[i].name);
	return w > 24 ? 24 : w;
}

/* mode: hard / soft, when given. */
static void run_print_text_mode(const struct scn_scenario *s,
				const struct sim_stats *st)
{
	char b1[48], b2[48];
	const char *u = scn_time_unit_name(s->time_unit);
	uint64_t over;

	if (!s->sched.has_mode || run_is_split(s))
		return;
	if (s->sched.mode == SCN_MODE_HARD) {
		if (st->misses)
			printf("mode hard: %" PRIu64 " deadline miss%s of "
			       "admitted tasks -- GUARANTEE VIOLATED\n",
			       st->misses, st->misses == 1 ? "" : "es");
		else
			printf("mode hard: every admitted task met every "
			       "deadline (guarantee held)\n");
		return;
	}
	over = run_bound_exceeded(st);
	for (size_t i = 0; i < st->ntasks; i++) {
		const struct sim_task_stats *t = &st->tasks[i];

		if (t->rejected)
			continue;
		if (t->tardiness_bound == RT_TIME_NEVER)
			printf("mode soft: task %s: max tardiness %s %s, no "
			       "bound known\n", s->tasks[i].name,
			       cli_fmt_time(s, t->max_tardiness, b1,
					    sizeof(b1)), u);
		else
			printf("mode soft: task %s: max tardiness %s %s %s "
			       "bound %s %s%s\n", s->tasks[i].name,
			       cli_fmt_time(s, t->max_tardiness, b1, sizeof(b1)),
			       u, t->max_tardiness > t->tardiness_bound ? ">" :
			       "<=", cli_fmt_time(s, t->tardiness_bound, b2,
						  sizeof(b2)), u,
			       t->max_tardiness > t->tardiness_bound ?
			       " -- TARDINESS BOUND EXCEEDED" : "");
	}
	if (over)
		printf("mode soft: %" PRIu64 " task%s over the tardiness "
		       "bound\n", over, over == 1 ? "" : "s");
}

/* Servers and admission decisions, when there are any. */
static void run_print_text_resv(const struct scn_scenario *s,
				const struct cli_sim *cs)
{
	const struct sim_stats *st = cs->stats;
	const char *u = scn_time_unit_name(s->time_unit);
	char b1[48], b2[48];
	bool tick;

	for (size_t i = 0; i < cs->nadm; i++) {
		const struct cli_admission *a = &cs->adm[i];

		if (!a->accept)
			printf("task %s rejected at %s %s by admission test %s: "
			       "it never ran\n", s->tasks[a->task].name,
			       cli_fmt_time(s, a->time, b1, sizeof(b1)), u,
			       sim_admit_test_name(a->test));
	}
	run_print_text_mode(s, st);
	if (run_is_split(s)) {
		struct run_class c[2];

		run_classes(s, st, c);
		printf("hard class: %zu of %zu tasks admitted, %" PRIu64 " jobs, "
		       "%" PRIu64 " missed%s\n", c[0].admitted, c[0].tasks,
		       c[0].jobs, c[0].misses, c[0].misses ?
		       " -- GUARANTEE VIOLATED (admitted hard tasks missed)" : "");
		printf("soft class: %zu of %zu tasks admitted, %" PRIu64 " jobs, "
		       "%" PRIu64 " missed, max tardiness %s %s\n", c[1].admitted,
		       c[1].tasks, c[1].jobs, c[1].misses,
		       cli_fmt_time(s, c[1].max_tardiness, b1, sizeof(b1)), u);
	}
	if (!st->nservers)
		return;
	/* linux-dl tick accounting: the overruns (runtime < 0 when the
	 * kernel noticed the exhaustion) */
	tick = (cli_policy_flags(s) & SIM_POLICY_KERNEL) &&
	       s->sched.dl.accounting == RT_DL_ACCT_TICK;
	printf("servers (times in %s):\n", u);
	printf("%-16s %11s %14s %12s %12s %12s", "server", "exhaustions",
	       "replenishments", "srv-misses", "max-late", "throttled");
	printf(tick ? " %9s %12s\n" : "\n", "overruns", "max-overrun");
	for (size_t i = 0; i < st->nservers; i++) {
		const struct sim_server_stats *v = &st->servers[i];

		if (!v->name)
			continue;
		printf("%-16.16s %11" PRIu64 " %14" PRIu64 " %12" PRIu64
		       " %12s %12s", v->name ? v->name : "",
		       v->budget_exhaustions, v->replenishments,
		       v->deadline_misses,
		       cli_fmt_time(s, v->max_lateness, b1, sizeof(b1)),
		       cli_fmt_time(s, v->throttled_time, b2, sizeof(b2)));
		if (tick)
			printf(" %9" PRIu64 " %12s", v->overruns,
			       cli_fmt_time(s, v->max_overrun, b1, sizeof(b1)));
		printf("\n");
	}
}

/* Response-time and tardiness percentiles per task (nearest rank over
 * completed jobs); '~' marks a histogram value (percentile.h). */
static void run_print_text_pctl(const struct scn_scenario *s,
				struct sim_pctl *pc, int w)
{
	static const struct {
		enum sim_pctl_metric m;
		unsigned permille;
	} cols[] = {
		{ SIM_PCTL_RESPONSE, 500 }, { SIM_PCTL_RESPONSE, 900 },
		{ SIM_PCTL_RESPONSE, 990 }, { SIM_PCTL_RESPONSE, 1000 },
		{ SIM_PCTL_TARDINESS, 990 },
	};
	bool approx = false;

	printf("\nresponse-time percentiles, nearest rank over completed jobs "
	       "(times in %s):\n", scn_time_unit_name(s->time_unit));
	printf("%-*s %9s %10s %10s %10s %10s %10s\n", w, "task", "completed",
	       "p50-resp", "p90-resp", "p99-resp", "max-resp", "p99-tard");
	for (size_t i = 0; i < s->ntasks; i++) {
		printf("%-*.*s %9" PRIu64, w, w, s->tasks[i].name,
		       sim_pctl_count(pc, i));
		for (size_t k = 0; k < sizeof(cols) / sizeof(cols[0]); k++) {
			char b[48], c[52];
			rt_time v;
			bool exact;

			if (!sim_pctl_value(pc, i, cols[k].m, cols[k].permille,
					    &v, &exact)) {
				printf(" %10s", "-");
				continue;
			}
			snprintf(c, sizeof(c), "%s%s", exact ? "" : "~",
				 cli_fmt_time(s, v, b, sizeof(b)));
			approx = approx || !exact;
			printf(" %10s", c);
		}
		printf("\n");
	}
	if (approx)
		printf("  ~ from a histogram: at most 1/%u above the true value\n",
		       1u << SIM_PCTL_SUB_BITS);
}

static void run_print_text(const struct scn_scenario *s, struct cli_sim *cs,
			   struct sim_pctl *pc, bool quiet)
{
	const struct sim_stats *st = cs->stats;
	int w = (int)run_name_width(s);
	char b1[48], b2[48], b3[48], b4[48], b5[48], b6[48], desc[160];
	bool sets = s->sched.placement == SCN_PLACE_CPUSETS;
	const char *where = !cs->cluster ? NULL : sets ? "cpuset" :
			    s->sched.cluster_size == 1 ? "cpu" : "cluster";
	struct cli_miss m;
	const char *u = scn_time_unit_name(s->time_unit);

	printf("%s: %zu task%s on %u CPU%s, policy %s, horizon %s %s (%s%s)\n",
	       s->name, s->ntasks, s->ntasks == 1 ? "" : "s", s->cpus,
	       s->cpus == 1 ? "" : "s", cli_sched_desc(s, desc, sizeof(desc)),
	       cli_fmt_time(s, st->horizon, b1, sizeof(b1)),
	       scn_time_unit_name(s->time_unit),
	       sim_horizon_source_name(cs->h.source),
	       cs->h.exact ? ", exact" : "");
	if (cs->partial)
		printf("PARTIAL: interrupted at %s; the counts cover [0, %s)\n",
		       cli_fmt_time(s, st->now, b1, sizeof(b1)), b1);
	printf("%" PRIu64 " jobs, %" PRIu64 " completed, %" PRIu64 " missed, "
	       "max tardiness %s %s\n", st->jobs, st->completed, st->misses,
	       cli_fmt_time(s, st->max_tardiness, b1, sizeof(b1)), u);
	if (quiet)
		return;
	cli_horizon_note(stdout, s, &cs->h, "");
	cli_linux_lines(s, "");
	printf("\ntasks (times in %s):\n", u);
	printf("%-*s %8s %8s %8s %9s %9s %7s %7s %9s %9s %9s %7s %5s", w, "task",
	       "C", "D", "T", "released", "completed", "missed", "aborted",
	       "max-resp", "mean-resp", "max-tard", "preempt", "migr");
	if (where)
		printf(" %7s", where);
	printf("\n");
	for (size_t i = 0; i < st->ntasks; i++) {
		const struct sim_task_stats *t = &st->tasks[i];
		const struct rt_task *k = &s->tasks[i];
		double mean = t->completed ?
			(double)t->sum_response / (double)t->completed /
			(double)cli_unit_scale(s) : 0;

		printf("%-*.*s %8s %8s %8s %9" PRIu64 " %9" PRIu64 " %7" PRIu64
		       " %7" PRIu64 " %9s %9s %9s %7" PRIu64 " %5" PRIu64,
		       w, w, k->name, cli_fmt_time(s, k->wcet, b1, sizeof(b1)),
		       cli_fmt_time(s, k->deadline, b2, sizeof(b2)),
		       cli_fmt_time(s, k->period, b3, sizeof(b3)),
		       t->released, t->completed, t->missed, t->aborted,
		       cli_fmt_time(s, t->max_response, b4, sizeof(b4)),
		       cli_fmt_fixed(mean, b6, sizeof(b6)),
		       cli_fmt_time(s, t->max_tardiness, b5, sizeof(b5)),
		       t->preemptions, t->migrations);
		if (where && sets)
			printf(" %7s", s->sched.cpusets[cs->cluster[i]].name);
		else if (where)
			printf(" %7u", cs->cluster[i]);
		printf("\n");
	}
	run_print_text_pctl(s, pc, w);
	run_print_text_resv(s, cs);
	for (size_t c = 0; c < st->ncpus; c++)
		printf("cpu %zu: busy %s %s (%.1f%%)\n", c,
		       cli_fmt_time(s, st->cpu[c].busy, b1, sizeof(b1)), u,
		       st->horizon ? 100.0 * (double)st->cpu[c].busy / (double)st->horizon : 0);
	if (!cs->nmisses) {
		printf("\nno deadline miss\n");
		return;
	}
	printf("\n%" PRIu64 " deadline miss%s (times in %s):\n", cs->nmisses,
	       cs->nmisses == 1 ? "" : "es", scn_time_unit_name(s->time_unit));
	printf("  %-*s %8s %10s %10s %10s %10s\n", w, "task", "job", "release",
	       "deadline", "finish", "tardiness");
	while (cli_sim_next_miss(cs, &m)) {
		char bt[48], bl[56];

		/* a miss whose tardiness is unknown: "-" (aborted) or ">= x"
		 * (pending at the horizon), never a plain number */
		if (m.finish == RT_TIME_NEVER && !m.aborted && m.tardiness > 0)
			snprintf(bl, sizeof(bl), ">= %s",
				 cli_fmt_time(s, m.tardiness, bt, sizeof(bt)));
		else if (m.finish == RT_TIME_NEVER)
			snprintf(bl, sizeof(bl), "-");
		else
			cli_fmt_time(s, m.tardiness, bl, sizeof(bl));
		printf("  %-*.*s %8" PRIu64 " %10s %10s %10s %10s%s\n", w, w,
		       s->tasks[m.task].name, m.job,
		       cli_fmt_time(s, m.release, b1, sizeof(b1)),
		       cli_fmt_time(s, m.deadline, b2, sizeof(b2)),
		       m.finish == RT_TIME_NEVER ? "-" :
		       cli_fmt_time(s, m.finish, b3, sizeof(b3)),
		       bl, m.aborted ? "  (aborted at its deadline)" :
		       m.finish == RT_TIME_NEVER ? "  (unfinished at horizon)" : "");
	}
	if (cs->nmisses > CLI_MISSES_KEPT)
		printf("  ... and %" PRIu64 " more misses, not listed (the first "
		       "%u are)\n", cs->nmisses - CLI_MISSES_KEPT,
		       CLI_MISSES_KEPT);
}

int cmd_run(int argc, char **argv)
{
	struct run_opts o;
	struct scn_scenario *s = NULL;
	struct cli_outputs outs;
	struct sim_sink sinks[CLI_OUTPUTS_MAX + 1];
	struct sim_pctl *pc = NULL;
	struct rt_diag pd = { "" };
	size_t nsinks;
	struct cli_sim cs;
	struct sim_horizon h;
	struct render_meta meta;
	unsigned *cluster = NULL;
	rt_time until;
	bool help;
	int rc;

	rc = run_parse(argc, argv, &o, &help);
	if (help) {
		printf(run_help_fmt, cli_outputs_help);
		return CLI_EXIT_OK;
	}
	if (rc != CLI_EXIT_OK)
		return rc;
	rc = cli_load(o.path, &s);
	if (rc != CLI_EXIT_OK)
		return rc;
	rc = cli_parse_until("run", s, o.until, &until);
	if (rc == CLI_EXIT_OK && o.seed) {
		char *end;
		unsigned long long v;

		errno = 0;
		v = strtoull(o.seed, &end, 0);
		if (errno || *end || !*o.seed || o.seed[0] == '-')
			rc = cli_usage_error("run", "--seed %s: expected an unsigned integer", o.seed);
		s->seed = v;
	}
	if (rc == CLI_EXIT_OK)
		rc = cli_outputs_check(&o.out, "run",
				       scn_time_unit_name(s->time_unit));
	if (rc == CLI_EXIT_OK)
		rc = cli_place(s, &cluster);
	if (rc == CLI_EXIT_OK)
		rc = cli_horizon(s, until, cluster, &h);
	if (rc != CLI_EXIT_OK)
		goto out;
	cli_meta(s, h.horizon, &meta);
	/* percentiles are printed unless --quiet: only then pay for them */
	if (!o.quiet && sim_pctl_create(s->ntasks, 0, &pc, &pd) != RT_OK) {
		cli_error("%s", pd.msg);
		rc = CLI_EXIT_IO;
		goto out;
	}
	rc = cli_outputs_open(&outs, &o.out, &meta, "run");
	if (rc != CLI_EXIT_OK)
		goto out;
	memcpy(sinks, outs.sinks, outs.nsinks * sizeof(sinks[0]));
	nsinks = outs.nsinks;
	if (pc)
		sinks[nsinks++] = sim_pctl_sink(pc);
	rc = cli_simulate_out(s, &h, cluster, sinks, nsinks, &outs,
			      cli_progress_wanted(o.quiet || o.json), &cs);
	if (rc != CLI_EXIT_OK) {
		cli_outputs_close(&outs, false, outs.failed ? "run stopped" :
				  NULL);
		goto out;
	}
	if (cs.partial) {
		char b1[48], b2[48];

		cli_outputs_close(&outs, false, "interrupted");
		cli_error("interrupted (SIGINT) at %s of %s %s: the results "
			  "below are PARTIAL", cli_fmt_time(s, cs.stats->now, b1,
							    sizeof(b1)),
			  cli_fmt_time(s, h.horizon, b2, sizeof(b2)),
			  scn_time_unit_name(s->time_unit));
		rc = CLI_EXIT_INTERRUPTED;
	} else {
		rc = cli_outputs_close(&outs, true, NULL);
	}
	if (rc == CLI_EXIT_OK || cs.partial) {
		/* an output went to standard output: the report goes to
		 * standard error, so a pipe gets the file alone */
		int saved = -1;

		if (cli_outputs_use_stdout(&o.out)) {
			fflush(stdout);
			saved = dup(STDOUT_FILENO);
			if (saved >= 0)
				dup2(STDERR_FILENO, STDOUT_FILENO);
		}
		if (o.json)
			run_print_json(s, &cs, pc);
		else
			run_print_text(s, &cs, pc, o.quiet);
		errno = 0;
		if (saved >= 0) {
			fflush(stdout);
			dup2(saved, STDOUT_FILENO);
			close(saved);
		}
		if (fflush(stdout) != 0 || ferror(stdout)) {
			int e = errno ? errno : EIO;
			const char *en = render_errno_name(e);

			cli_error("standard output: write failed: %s%s%s%s",
				  strerror(e), *en ? " (" : "", en, *en ? ")" : "");
			rc = CLI_EXIT_IO;
		} else if (o.fail_on_miss && cs.stats->misses && !cs.partial) {
			rc = CLI_EXIT_MISS;
		}
	}
	cli_sim_fini(&cs);
out:
	sim_pctl_destroy(pc);
	free(cluster);
	scn_free(s);
	return rc;
}
