/* sim_write.c - what `dlsim run` prints after a run: the text report
 * (header, per-task table, percentiles, servers, admission, CPUs, every
 * miss) and the --json object (docs/cli.md). */
#include "api/sim.h"

#include <inttypes.h>
#include <string.h>

#include "models/linux_dl.h"
#include "sim/policy.h"

/* Per class (hard / soft) sums for edf-split: admitted tasks, jobs,
 * misses, max tardiness, and 'ung': the misses no guarantee covers.  A
 * miss of an admitted hard task is a guarantee violation unless a hard
 * task's jobs leave the C, D, T its test charged (sim/admit.c
 * sim_guarantee_init); a soft miss never is. */
struct run_class {
	size_t tasks, admitted;
	uint64_t jobs, misses, ung;
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
		k->ung += s->tasks[i].klass == RT_CLASS_SOFT ? t->missed :
			  t->missed_unguaranteed;
		if (t->max_tardiness > k->max_tardiness)
			k->max_tardiness = t->max_tardiness;
	}
}

static bool run_is_split(const struct scn_scenario *s)
{
	return api_policy_flags(s) & SIM_POLICY_CLASSES;
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

/* scheduler.mode: hard counts every miss of a task admitted with a
 * guarantee as a guarantee violation (rejected tasks never run; a task
 * admitted by a test that guarantees nothing for it, a necessary test's
 * accept or a cbs server's that does not cover the task's jobs,
 * sim/admit.c, misses without violating anything: unguaranteed_misses);
 * soft compares each task's observed tardiness with its bound. */
static void run_print_json_mode(FILE *f, const struct scn_scenario *s,
				const struct sim_stats *st)
{
	if (!s->sched.has_mode || run_is_split(s))
		return;
	fprintf(f, ",\n \"mode\": \"%s\"", s->sched.mode == SCN_MODE_HARD ?
		   "hard" : "soft");
	if (s->sched.mode == SCN_MODE_HARD) {
		fprintf(f, ", \"guarantee_violations\": %" PRIu64
			   ", \"unguaranteed_misses\": %" PRIu64,
			   st->misses - st->misses_unguaranteed,
			   st->misses_unguaranteed);
		return;
	}
	fprintf(f, ", \"tardiness_bound_exceeded\": %" PRIu64 ", "
		   "\"tardiness_bounds\": [", run_bound_exceeded(st));
	for (size_t i = 0; i < st->ntasks; i++) {
		const struct sim_task_stats *t = &st->tasks[i];

		fprintf(f, "%s{\"task\": ", i ? ", " : "");
		api_json_str(f, s->tasks[i].name);
		if (t->tardiness_bound == RT_TIME_NEVER)
			fprintf(f, ", \"bound\": null");
		else
			fprintf(f, ", \"bound\": %" PRId64, t->tardiness_bound);
		fprintf(f, ", \"observed\": %" PRId64 "}", t->max_tardiness);
	}
	fprintf(f, "]");
}

/* Keys appended for servers and admission (docs/cli.md). */
static void run_print_json_resv(FILE *f, const struct scn_scenario *s,
				const struct dlsim_sim *cs)
{
	const struct sim_stats *st = cs->stats;
	static const char *const names[2] = { "hard", "soft" };
	struct run_class c[2];

	fprintf(f, ",\n \"server_misses\": %" PRIu64 ", \"rejected\": %" PRIu64
		   ",\n \"servers\": [", st->server_misses, st->rejected);
	for (size_t i = 0, n = 0; i < st->nservers; i++) {
		const struct sim_server_stats *v = &st->servers[i];

		if (!v->name)           /* an entry the policy left unused */
			continue;
		fprintf(f, "%s\n  {\"name\": ", n++ ? "," : "");
		api_json_str(f, v->name ? v->name : "");
		fprintf(f, ", \"budget_exhaustions\": %" PRIu64 ", \"deadline_misses\": %"
			   PRIu64 ", \"throttled_time\": %" PRId64 ", \"replenishments\": %"
			   PRIu64 ", \"max_lateness\": %" PRId64
			   ", \"throttled_idle_time\": %" PRId64,
			   v->budget_exhaustions, v->deadline_misses,
			   v->throttled_time, v->replenishments, v->max_lateness,
			   v->throttled_idle_time);
		if (api_policy_flags(s) & SIM_POLICY_KERNEL)
			fprintf(f, ", \"overruns\": %" PRIu64 ", \"max_overrun\": %"
				   PRId64 ", \"dl_overrun\": %" PRIu64, v->overruns,
				   v->max_overrun, v->dl_overrun);
		fprintf(f, "}");
	}
	fprintf(f, "],\n \"admission\": [");
	for (size_t i = 0; i < cs->nadm; i++) {
		const struct api_admission *a = &cs->adm[i];

		fprintf(f, "%s\n  {\"time\": %" PRId64 ", \"task\": ", i ? "," : "",
			   a->time);
		api_json_str(f, s->tasks[a->task].name);
		fprintf(f, ", \"test\": \"%s\", \"verdict\": \"%s\"",
			   sim_admit_test_name(a->test),
			   a->accept ? "accept" : "reject");
		if (a->has_bw)
			fprintf(f, ", \"total_bw\": %" PRIu64, a->total_bw);
		fprintf(f, "}");
	}
	fprintf(f, "]");
	run_print_json_mode(f, s, st);
	if (!run_is_split(s))
		return;
	run_classes(s, st, c);
	fprintf(f, ",\n \"classes\": {");
	for (int k = 0; k < 2; k++)
		fprintf(f, "%s\"%s\": {\"tasks\": %zu, \"admitted\": %zu, "
			   "\"jobs\": %" PRIu64 ", \"misses\": %" PRIu64
			   ", \"max_tardiness\": %" PRId64 ", "
			   "\"guarantee_violations\": %" PRIu64
			   ", \"unguaranteed_misses\": %" PRIu64 "}", k ? ", " : "",
			   names[k], c[k].tasks, c[k].admitted, c[k].jobs,
			   c[k].misses, c[k].max_tardiness, c[k].misses - c[k].ung,
			   c[k].ung);
	fprintf(f, "}");
}

/* Percentile keys of task i (nearest rank over completed jobs; null when
 * none completed). */
static void run_print_json_pctl(FILE *f, struct sim_pctl *pc, size_t i)
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

		if (pc && sim_pctl_value(pc, i, keys[k].m, keys[k].permille, &v,
					 &exact)) {
			fprintf(f, ", \"%s\": %" PRId64, keys[k].key, v);
			all_exact = all_exact && exact;
		} else {
			fprintf(f, ", \"%s\": null", keys[k].key);
		}
	}
	fprintf(f, ", \"percentiles_exact\": %s", all_exact ? "true" : "false");
}

/* Shared resources or a protocol: the blocking statistics are shown. */
static bool run_has_resources(const struct scn_scenario *s)
{
	return s->nresources || s->sched.protocol != SIM_PROTO_NONE;
}

/* Frequencies (scenarios/README.md "Frequencies and energy"): the
 * level a CPU runs at (its fixed one; schedutil: where it ended), its
 * changes, its energy with power. */
static int64_t run_energy_total(const struct sim_stats *st)
{
	int64_t sum = 0;

	/* each fits and so does the sum (sim_config_check) */
	for (size_t c = 0; c < st->ncpus; c++)
		sum += st->cpu[c].energy;
	return sum;
}

static void run_print_json_freq(FILE *f, const struct scn_scenario *s,
				const struct sim_stats *st, size_t c)
{
	const struct sim_freq *q = &s->freq[c];

	if (s->governor != SCN_GOV_SCHEDUTIL)
		fprintf(f, ", \"frequency\": %" PRIu64, q->f[q->level]);
	fprintf(f, ", \"frequency_changes\": %" PRIu64,
		st->cpu[c].freq_changes);
	if (q->power)
		fprintf(f, ", \"energy\": %" PRId64, st->cpu[c].energy);
}

static void run_print_text_freq(FILE *f, const struct scn_scenario *s,
				const struct sim_stats *st, size_t c)
{
	const struct sim_freq *q = &s->freq[c];

	if (s->governor != SCN_GOV_SCHEDUTIL)
		fprintf(f, ", frequency %" PRIu64, q->f[q->level]);
	else
		fprintf(f, ", schedutil: %" PRIu64 " frequency change%s",
			st->cpu[c].freq_changes,
			st->cpu[c].freq_changes == 1 ? "" : "s");
	if (q->power)
		fprintf(f, ", energy %" PRId64, st->cpu[c].energy);
}

static void run_print_json(FILE *f, const struct scn_scenario *s, struct dlsim_sim *cs,
			   struct sim_pctl *pc)
{
	const struct sim_stats *st = cs->stats;
	const unsigned *cluster = cs->view.sched.task_cluster;
	struct api_miss m;
	bool first = true;

	fprintf(f, "{\"scenario\": ");
	api_json_str(f, s->name);
	fprintf(f, ", \"time_unit\": \"%s\", \"policy\": ",
		   scn_internal_unit_name(s->time_unit));
	api_json_str(f, s->sched.policy);
	if (api_policy_flags(s) & SIM_POLICY_PRIORITIES)
		fprintf(f, ", \"priorities\": \"%s\"",
			   rt_fp_order_name(s->sched.priorities));
	fprintf(f, ", \"placement\": \"%s\", \"cluster_size\": %u",
		   scn_placement_name(s->sched.placement), s->sched.cluster_size);
	if (cluster)
		fprintf(f, ", \"partitioning\": \"%s\"",
			   rt_part_name(s->sched.partitioning));
	fprintf(f, ", \"horizon\": %" PRId64 ", \"horizon_source\": \"%s\", "
		   "\"exact\": %s, \"jobs\": %" PRIu64 ", \"completed\": %" PRIu64
		   ", \"misses\": %" PRIu64 ", \"max_tardiness\": %" PRId64 ",\n",
		   st->horizon, sim_horizon_source_name(cs->h.source),
		   cs->h.exact ? "true" : "false", st->jobs, st->completed,
		   st->misses, st->max_tardiness);
	fprintf(f, " \"tasks\": [");
	for (size_t i = 0; i < st->ntasks; i++) {
		const struct sim_task_stats *t = &st->tasks[i];
		double mean_r = t->completed ? (double)t->sum_response / (double)t->completed : 0;
		double mean_t = t->completed ? (double)t->sum_tardiness / (double)t->completed : 0;

		fprintf(f, "%s\n  {\"name\": ", i ? "," : "");
		api_json_str(f, s->tasks[i].name);
		fprintf(f, ", \"released\": %" PRIu64 ", \"completed\": %" PRIu64
			   ", \"missed\": %" PRIu64 ", \"aborted\": %" PRIu64
			   ", \"max_response\": %" PRId64 ", \"mean_response\": %.6g"
			   ", \"max_tardiness\": %" PRId64 ", \"mean_tardiness\": %.6g"
			   ", \"preemptions\": %" PRIu64 ", \"migrations\": %" PRIu64,
			   t->released, t->completed, t->missed, t->aborted,
			   t->max_response, mean_r, t->max_tardiness, mean_t,
			   t->preemptions, t->migrations);
		if (cluster && s->sched.placement == SCN_PLACE_CPUSETS) {
			fprintf(f, ", \"cpuset\": ");
			api_json_str(f, s->sched.cpusets[cluster[i]].name);
		} else if (cluster) {
			fprintf(f, ", \"%s\": %u", s->sched.cluster_size == 1 ?
				   "cpu" : "cluster", cluster[i]);
		}
		run_print_json_pctl(f, pc, i);
		if (run_has_resources(s))
			fprintf(f, ", \"max_blocking\": %" PRId64,
				   t->max_blocking);
		fprintf(f, "}");
	}
	fprintf(f, "],\n \"cpus\": [");
	for (size_t c = 0; c < st->ncpus; c++) {
		fprintf(f, "%s{\"cpu\": %zu, \"busy\": %" PRId64, c ? ", " : "", c,
			   st->cpu[c].busy);
		if (s->capacity)        /* appended on a uniform platform */
			fprintf(f, ", \"capacity\": %" PRIu32, s->capacity[c]);
		if (rt_ovh_any(&s->overheads))  /* appended with overheads */
			fprintf(f, ", \"overhead\": %" PRId64,
				st->cpu[c].overhead);
		if (s->freq)            /* appended with frequencies */
			run_print_json_freq(f, s, st, c);
		fprintf(f, "}");
	}
	if (s->freq && s->freq[0].power)
		fprintf(f, "],\n \"energy\": %" PRId64 ",\n \"misses_list\": [",
			run_energy_total(st));
	else
		fprintf(f, "],\n \"misses_list\": [");
	while (api_sim_next_miss(cs, &m)) {
		fprintf(f, "%s\n  {\"task\": ", first ? "" : ",");
		api_json_str(f, s->tasks[m.task].name);
		fprintf(f, ", \"job\": %" PRIu64 ", \"release\": %" PRId64
			   ", \"deadline\": %" PRId64 ", \"finish\": ", m.job,
			   m.release, m.deadline);
		if (m.finish == RT_TIME_NEVER)
			fprintf(f, "null");
		else
			fprintf(f, "%" PRId64, m.finish);
		/* unknown tardiness (aborted, or pending at the horizon):
		 * null plus the lower bound */
		if (m.finish == RT_TIME_NEVER)
			fprintf(f, ", \"tardiness\": null, \"tardiness_lower\": %"
				   PRId64 "%s}", m.tardiness,
				   m.aborted ? ", \"aborted\": true" : "");
		else
			fprintf(f, ", \"tardiness\": %" PRId64 "}", m.tardiness);
		first = false;
	}
	fprintf(f, "]");
	if (api_sim_nmisses(cs) > api_sim_misses_listed(cs))
		fprintf(f, ", \"misses_list_omitted\": %" PRIu64,
			   api_sim_nmisses(cs) - api_sim_misses_listed(cs));
	run_print_json_resv(f, s, cs);
	api_kernel_json(f, s);
	if (run_has_resources(s)) {
		fprintf(f, ",\n \"protocol\": \"%s\", \"deadlocks\": %"
			   PRIu64 ", \"first_deadlock\": ",
			   sim_protocol_name(s->sched.protocol), st->deadlocks);
		if (st->deadlocks)
			fprintf(f, "%" PRId64, st->first_deadlock);
		else
			fprintf(f, "null");
	}
	if (cs->partial)
		fprintf(f, ",\n \"partial\": true, \"simulated_until\": %" PRId64,
			   st->now);
	fprintf(f, "}\n");
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
static void run_print_text_mode(FILE *f, const struct scn_scenario *s,
				const struct sim_stats *st)
{
	char b1[48], b2[48];
	const char *u = scn_time_unit_name(s->time_unit);
	uint64_t over;

	if (!s->sched.has_mode || run_is_split(s))
		return;
	if (s->sched.mode == SCN_MODE_HARD) {
		uint64_t v = st->misses - st->misses_unguaranteed;

		if (v)
			fprintf(f, "mode hard: %" PRIu64 " deadline miss%s of "
				   "admitted tasks -- GUARANTEE VIOLATED\n",
				   v, v == 1 ? "" : "es");
		else if (!st->misses_unguaranteed)
			fprintf(f, "mode hard: every admitted task met every "
				   "deadline (guarantee held)\n");
		if (st->misses_unguaranteed)
			fprintf(f, "mode hard: %" PRIu64 " deadline miss%s of "
				   "tasks admitted by a test that guarantees "
				   "nothing for them (a necessary test's "
				   "accept, or a reservation that does not "
				   "cover their jobs): no guarantee was "
				   "given\n",
				   st->misses_unguaranteed,
				   st->misses_unguaranteed == 1 ? "" : "es");
		return;
	}
	over = run_bound_exceeded(st);
	for (size_t i = 0; i < st->ntasks; i++) {
		const struct sim_task_stats *t = &st->tasks[i];

		if (t->rejected)
			continue;
		if (t->tardiness_bound == RT_TIME_NEVER)
			fprintf(f, "mode soft: task %s: max tardiness %s %s, no "
				   "bound known\n", s->tasks[i].name,
				   api_fmt_time(s, t->max_tardiness, b1,
						sizeof(b1)), u);
		else
			fprintf(f, "mode soft: task %s: max tardiness %s %s %s "
				   "bound %s %s%s\n", s->tasks[i].name,
				   api_fmt_time(s, t->max_tardiness, b1, sizeof(b1)),
				   u, t->max_tardiness > t->tardiness_bound ? ">" :
				   "<=", api_fmt_time(s, t->tardiness_bound, b2,
						      sizeof(b2)), u,
				   t->max_tardiness > t->tardiness_bound ?
				   " -- TARDINESS BOUND EXCEEDED" : "");
	}
	if (over)
		fprintf(f, "mode soft: %" PRIu64 " task%s over the tardiness "
			   "bound\n", over, over == 1 ? "" : "s");
}

/* Servers and admission decisions, when there are any. */
static void run_print_text_resv(FILE *f, const struct scn_scenario *s,
				const struct dlsim_sim *cs)
{
	const struct sim_stats *st = cs->stats;
	const char *u = scn_time_unit_name(s->time_unit);
	char b1[48], b2[48];
	bool tick;

	for (size_t i = 0; i < cs->nadm; i++) {
		const struct api_admission *a = &cs->adm[i];

		if (!a->accept)
			fprintf(f, "task %s rejected at %s %s by admission test %s: "
				   "it never ran\n", s->tasks[a->task].name,
				   api_fmt_time(s, a->time, b1, sizeof(b1)), u,
				   sim_admit_test_name(a->test));
	}
	run_print_text_mode(f, s, st);
	if (run_is_split(s)) {
		struct run_class c[2];

		run_classes(s, st, c);
		fprintf(f, "hard class: %zu of %zu tasks admitted, %" PRIu64 " jobs, "
			   "%" PRIu64 " missed%s\n", c[0].admitted, c[0].tasks,
			   c[0].jobs, c[0].misses, c[0].misses > c[0].ung ?
			   " -- GUARANTEE VIOLATED (admitted hard tasks missed)" :
			   c[0].misses ? " -- no guarantee was given (a hard "
			   "task's jobs leave the C, D, T its test charged)" : "");
		fprintf(f, "soft class: %zu of %zu tasks admitted, %" PRIu64 " jobs, "
			   "%" PRIu64 " missed, max tardiness %s %s\n", c[1].admitted,
			   c[1].tasks, c[1].jobs, c[1].misses,
			   api_fmt_time(s, c[1].max_tardiness, b1, sizeof(b1)), u);
	}
	if (!st->nservers)
		return;
	/* linux-dl tick accounting: the overruns (runtime < 0 when the
	 * kernel noticed the exhaustion) */
	tick = (api_policy_flags(s) & SIM_POLICY_KERNEL) &&
	       s->sched.dl.accounting == RT_DL_ACCT_TICK;
	fprintf(f, "servers (times in %s):\n", u);
	fprintf(f, "%-16s %11s %14s %12s %12s %12s", "server", "exhaustions",
		   "replenishments", "srv-misses", "max-late", "throttled");
	fprintf(f, tick ? " %9s %12s\n" : "\n", "overruns", "max-overrun");
	for (size_t i = 0; i < st->nservers; i++) {
		const struct sim_server_stats *v = &st->servers[i];

		if (!v->name)
			continue;
		fprintf(f, "%-16.16s %11" PRIu64 " %14" PRIu64 " %12" PRIu64
			   " %12s %12s", v->name ? v->name : "",
			   v->budget_exhaustions, v->replenishments,
			   v->deadline_misses,
			   api_fmt_time(s, v->max_lateness, b1, sizeof(b1)),
			   api_fmt_time(s, v->throttled_time, b2, sizeof(b2)));
		if (tick)
			fprintf(f, " %9" PRIu64 " %12s", v->overruns,
				   api_fmt_time(s, v->max_overrun, b1, sizeof(b1)));
		fprintf(f, "\n");
	}
}

/* Response-time and tardiness percentiles per task (nearest rank over
 * completed jobs); '~' marks a histogram value (percentile.h). */
static void run_print_text_pctl(FILE *f, const struct scn_scenario *s,
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

	fprintf(f, "\nresponse-time percentiles, nearest rank over completed jobs "
		   "(times in %s):\n", scn_time_unit_name(s->time_unit));
	fprintf(f, "%-*s %9s %10s %10s %10s %10s %10s\n", w, "task", "completed",
		   "p50-resp", "p90-resp", "p99-resp", "max-resp", "p99-tard");
	for (size_t i = 0; i < s->ntasks; i++) {
		fprintf(f, "%-*.*s %9" PRIu64, w, w, s->tasks[i].name,
			   sim_pctl_count(pc, i));
		for (size_t k = 0; k < sizeof(cols) / sizeof(cols[0]); k++) {
			char b[48], c[52];
			rt_time v;
			bool exact;

			if (!sim_pctl_value(pc, i, cols[k].m, cols[k].permille,
					    &v, &exact)) {
				fprintf(f, " %10s", "-");
				continue;
			}
			snprintf(c, sizeof(c), "%s%s", exact ? "" : "~",
				 api_fmt_time(s, v, b, sizeof(b)));
			approx = approx || !exact;
			fprintf(f, " %10s", c);
		}
		fprintf(f, "\n");
	}
	if (approx)
		fprintf(f, "  ~ from a histogram: at most 1/%u above the true value\n",
			   1u << SIM_PCTL_SUB_BITS);
}

static void run_print_text(FILE *f, const struct scn_scenario *s, struct dlsim_sim *cs,
			   struct sim_pctl *pc, bool quiet)
{
	const struct sim_stats *st = cs->stats;
	const unsigned *cluster = cs->view.sched.task_cluster;
	int w = (int)run_name_width(s);
	char b1[48], b2[48], b3[48], b4[48], b5[48], b6[48], desc[160];
	bool sets = s->sched.placement == SCN_PLACE_CPUSETS;
	const char *where = !cluster ? NULL : sets ? "cpuset" :
			    s->sched.cluster_size == 1 ? "cpu" : "cluster";
	struct api_miss m;
	const char *u = scn_time_unit_name(s->time_unit);

	fprintf(f, "%s: %zu task%s on %u CPU%s, policy %s, horizon %s %s (%s%s)\n",
		   s->name, s->ntasks, s->ntasks == 1 ? "" : "s", s->cpus,
		   s->cpus == 1 ? "" : "s", api_sched_desc(s, desc, sizeof(desc)),
		   api_fmt_time(s, st->horizon, b1, sizeof(b1)),
		   scn_time_unit_name(s->time_unit),
		   sim_horizon_source_name(cs->h.source),
		   cs->h.exact ? ", exact" : "");
	if (cs->partial)
		fprintf(f, "PARTIAL: interrupted at %s; the counts cover [0, %s)\n",
			   api_fmt_time(s, st->now, b1, sizeof(b1)), b1);
	fprintf(f, "%" PRIu64 " jobs, %" PRIu64 " completed, %" PRIu64 " missed, "
		   "max tardiness %s %s\n", st->jobs, st->completed, st->misses,
		   api_fmt_time(s, st->max_tardiness, b1, sizeof(b1)), u);
	if (quiet)
		return;
	api_horizon_note(f, s, &cs->h, "");
	api_kernel_lines(f, s, "");
	fprintf(f, "\ntasks (times in %s):\n", u);
	fprintf(f, "%-*s %8s %8s %8s %9s %9s %7s %7s %9s %9s %9s %7s %5s", w, "task",
		   "C", "D", "T", "released", "completed", "missed", "aborted",
		   "max-resp", "mean-resp", "max-tard", "preempt", "migr");
	if (where)
		fprintf(f, " %7s", where);
	if (run_has_resources(s))
		fprintf(f, " %9s", "max-block");
	fprintf(f, "\n");
	for (size_t i = 0; i < st->ntasks; i++) {
		const struct sim_task_stats *t = &st->tasks[i];
		const struct rt_task *k = &s->tasks[i];
		double mean = t->completed ?
			(double)t->sum_response / (double)t->completed /
			(double)scn_time_unit_scale(s->time_unit) : 0;

		fprintf(f, "%-*.*s %8s %8s %8s %9" PRIu64 " %9" PRIu64 " %7" PRIu64
			   " %7" PRIu64 " %9s %9s %9s %7" PRIu64 " %5" PRIu64,
			   w, w, k->name, api_fmt_time(s, k->wcet, b1, sizeof(b1)),
			   api_fmt_time(s, k->deadline, b2, sizeof(b2)),
			   api_fmt_time(s, k->period, b3, sizeof(b3)),
			   t->released, t->completed, t->missed, t->aborted,
			   api_fmt_time(s, t->max_response, b4, sizeof(b4)),
			   api_fmt_fixed(mean, b6, sizeof(b6)),
			   api_fmt_time(s, t->max_tardiness, b5, sizeof(b5)),
			   t->preemptions, t->migrations);
		if (where && sets)
			fprintf(f, " %7s", s->sched.cpusets[cluster[i]].name);
		else if (where)
			fprintf(f, " %7u", cluster[i]);
		if (run_has_resources(s))
			fprintf(f, " %9s", api_fmt_time(s, t->max_blocking, b1,
							 sizeof(b1)));
		fprintf(f, "\n");
	}
	if (run_has_resources(s) && st->deadlocks)
		fprintf(f, "DEADLOCK: %" PRIu64 " (the first at %s %s): jobs "
			   "blocked on each other for good\n", st->deadlocks,
			   api_fmt_time(s, st->first_deadlock, b1, sizeof(b1)),
			   u);
	if (pc)         /* percentiles kept (dlsim_sim_create) */
		run_print_text_pctl(f, s, pc, w);
	run_print_text_resv(f, s, cs);
	for (size_t c = 0; c < st->ncpus; c++) {
		fprintf(f, "cpu %zu: busy %s %s (%.1f%%)", c,
			   api_fmt_time(s, st->cpu[c].busy, b1, sizeof(b1)), u,
			   st->horizon ? 100.0 * (double)st->cpu[c].busy / (double)st->horizon : 0);
		if (s->capacity)
			fprintf(f, ", capacity %" PRIu32, s->capacity[c]);
		if (rt_ovh_any(&s->overheads))
			fprintf(f, ", overhead %s %s (%.1f%%)",
				api_fmt_time(s, st->cpu[c].overhead, b1,
					     sizeof(b1)), u, st->horizon ?
				100.0 * (double)st->cpu[c].overhead /
				(double)st->horizon : 0);
		if (s->freq)
			run_print_text_freq(f, s, st, c);
		fprintf(f, "\n");
	}
	if (s->freq && s->freq[0].power)
		fprintf(f, "energy: %" PRId64 " (power units x %s)\n",
			run_energy_total(st),
			scn_internal_unit_name(s->time_unit));
	if (!api_sim_nmisses(cs)) {
		fprintf(f, "\nno deadline miss\n");
		return;
	}
	if (cs->misses_off) {
		fprintf(f, "\n%" PRIu64 " deadline miss%s, not listed (the "
			   "simulation was made with misses-list off)\n",
			   api_sim_nmisses(cs),
			   api_sim_nmisses(cs) == 1 ? "" : "es");
		return;
	}
	fprintf(f, "\n%" PRIu64 " deadline miss%s (times in %s):\n", cs->nmisses,
		   cs->nmisses == 1 ? "" : "es", scn_time_unit_name(s->time_unit));
	fprintf(f, "  %-*s %8s %10s %10s %10s %10s\n", w, "task", "job", "release",
		   "deadline", "finish", "tardiness");
	while (api_sim_next_miss(cs, &m)) {
		char bt[48], bl[56];

		/* a miss whose tardiness is unknown: "-" (aborted) or ">= x"
		 * (pending at the horizon), never a plain number */
		if (m.finish == RT_TIME_NEVER && !m.aborted && m.tardiness > 0)
			snprintf(bl, sizeof(bl), ">= %s",
				 api_fmt_time(s, m.tardiness, bt, sizeof(bt)));
		else if (m.finish == RT_TIME_NEVER)
			snprintf(bl, sizeof(bl), "-");
		else
			api_fmt_time(s, m.tardiness, bl, sizeof(bl));
		fprintf(f, "  %-*.*s %8" PRIu64 " %10s %10s %10s %10s%s\n", w, w,
			   s->tasks[m.task].name, m.job,
			   api_fmt_time(s, m.release, b1, sizeof(b1)),
			   api_fmt_time(s, m.deadline, b2, sizeof(b2)),
			   m.finish == RT_TIME_NEVER ? "-" :
			   api_fmt_time(s, m.finish, b3, sizeof(b3)),
			   bl, m.aborted ? "  (aborted at its deadline)" :
			   m.finish == RT_TIME_NEVER ? "  (unfinished at horizon)" : "");
	}
	if (cs->nmisses > API_MISSES_KEPT)
		fprintf(f, "  ... and %" PRIu64 " more misses, not listed (the first "
			   "%u are)\n", cs->nmisses - API_MISSES_KEPT,
			   API_MISSES_KEPT);
}

void api_sim_print_json(FILE *f, struct dlsim_sim *sim)
{
	api_sim_rewind(sim);
	run_print_json(f, &sim->view, sim, sim->pc);
}

void api_sim_print_text(FILE *f, struct dlsim_sim *sim, bool quiet)
{
	api_sim_rewind(sim);
	run_print_text(f, &sim->view, sim, sim->pc, quiet);
}
