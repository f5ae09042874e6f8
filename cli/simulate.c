/* simulate.c - run a scenario's simulation for `run` and `analyze`: choose
 * the horizon, build the engine, keep the list of misses out of memory (in
 * a temporary file, so memory stays independent of the horizon). */
#include "cli/simulate.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/outputs.h"
#include "cli/signals.h"
#include "models/linux_dl.h"
#include "models/mem.h"
#include "sim/policy.h"

/* Records every miss into cs->misses; an ABORT is remembered so that the
 * MISS following it (same job) is marked as aborted. */
static enum rt_err sim_miss_emit(void *ctx, const struct sim_rec *r)
{
	struct cli_sim *cs = ctx;
	const struct sim_job_info *j = r->info;
	struct cli_miss m;

	if (!j)
		return RT_OK;
	if (r->kind == SIM_REC_ABORT) {
		cs->abort_seq = j->seq;
		cs->abort_pending = true;
		return RT_OK;
	}
	memset(&m, 0, sizeof(m));
	m.task = r->task;
	m.job = r->job;
	m.release = j->release;
	m.deadline = j->abs_deadline;
	m.finish = j->finish;
	m.tardiness = r->value;
	m.aborted = cs->abort_pending && cs->abort_seq == j->seq;
	cs->abort_pending = false;
	cs->nmisses++;
	if (cs->nmisses > CLI_MISSES_KEPT)
		return RT_OK;   /* counted, not listed: bounded disk use */
	if (fwrite(&m, sizeof(m), 1, cs->misses) != 1)
		return RT_ERR_IO;
	return RT_OK;
}

static enum rt_err sim_admit_emit(void *ctx, const struct sim_rec *r)
{
	struct cli_sim *cs = ctx;
	struct cli_admission *a;

	if (cs->nadm == cs->adm_cap) {
		size_t cap = cs->adm_cap ? 2 * cs->adm_cap : 16;

		a = rt_reallocarray(cs->adm, cap, sizeof(*a));
		if (!a)
			return RT_ERR_NOMEM;
		cs->adm = a;
		cs->adm_cap = cap;
	}
	a = &cs->adm[cs->nadm++];
	a->time = r->time;
	a->task = r->task;
	a->test = (unsigned)r->value;
	a->accept = r->kind == SIM_REC_ADMIT;
	a->has_bw = sim_engine_total_bw(cs->e, r->task, &a->total_bw);
	return RT_OK;
}

unsigned cli_policy_flags(const struct scn_scenario *s)
{
	const struct sim_policy_ops *ops = sim_policy_find(s->sched.policy);

	return ops ? ops->flags : 0;
}

int cli_place(const struct scn_scenario *s, unsigned **out)
{
	unsigned *cl;

	*out = NULL;
	if (!s->sched.task_cluster)
		return CLI_EXIT_OK;     /* one cluster: no binding needed */
	cl = rt_calloc(s->ntasks ? s->ntasks : 1, sizeof(*cl));
	if (!cl) {
		cli_error("out of memory");
		return CLI_EXIT_INPUT;
	}
	memcpy(cl, s->sched.task_cluster, s->ntasks * sizeof(*cl));
	*out = cl;
	return CLI_EXIT_OK;
}

const char *cli_sched_desc(const struct scn_scenario *s, char *buf,
			   size_t len)
{
	const struct scn_scheduler *k = &s->sched;
	size_t o;
	unsigned fl = cli_policy_flags(s);

	if (fl & SIM_POLICY_PRIORITIES)
		o = (size_t)snprintf(buf, len, "%s (%s)", k->policy,
				     rt_fp_order_name(k->priorities));
	else if ((fl & SIM_POLICY_KERNEL) && k->dl.accounting == RT_DL_ACCT_TICK)
		o = (size_t)snprintf(buf, len, "%s (kernel %s, accounting "
				     "tick, hz %u)", k->policy, k->dl.kernel,
				     k->dl.hz);
	else if (fl & SIM_POLICY_KERNEL)
		o = (size_t)snprintf(buf, len, "%s (kernel %s, accounting "
				     "exact)", k->policy, k->dl.kernel);
	else
		o = (size_t)snprintf(buf, len, "%s", k->policy);
	if (o >= len || s->cpus == 1)
		return buf;
	if (k->placement == SCN_PLACE_PARTITIONED)
		snprintf(buf + o, len - o, ", placement partitioned (%s)",
			 rt_part_name(k->partitioning));
	else if (k->placement == SCN_PLACE_CPUSETS)
		snprintf(buf + o, len - o, ", placement cpusets (%zu root "
			 "domains)", k->ncpusets);
	else if (k->placement == SCN_PLACE_CLUSTERED)
		snprintf(buf + o, len - o, ", placement clustered (%u CPUs per "
			 "cluster, %s)", k->cluster_size,
			 rt_part_name(k->partitioning));
	else
		snprintf(buf + o, len - o, ", placement global");
	return buf;
}

void cli_linux_lines(const struct scn_scenario *s, const char *indent)
{
	char buf[320];

	if (!(cli_policy_flags(s) & SIM_POLICY_KERNEL))
		return;
	rt_time scale = scn_time_unit_scale(s->time_unit);
	const char *u = scn_time_unit_name(s->time_unit);

	printf("%s%s\n", indent, rt_dl_rules_line(&s->sched.dl, scale, u, buf,
						    sizeof(buf)));
	printf("%s%s\n", indent, rt_dl_accounting_line(&s->sched.dl, scale, u,
							 buf, sizeof(buf)));
}

void cli_linux_json(const struct scn_scenario *s)
{
	const struct rt_dl_rules *r = &s->sched.dl;

	if (!(cli_policy_flags(s) & SIM_POLICY_KERNEL))
		return;
	printf(", \"kernel\": \"%s\", \"accounting\": \"%s\"", r->kernel,
	       r->accounting == RT_DL_ACCT_TICK ? "tick" : "exact");
	if (r->accounting == RT_DL_ACCT_TICK)
		printf(", \"hz\": %u, \"tick_phase\": %" PRId64, r->hz,
		       r->tick_phase);
	printf(", \"fair_server\": %s", s->sched.fair_server.on ?
	       (s->sched.fair_server.defer ? "\"deferred\"" :
		"\"not deferred\"") : "null");
	printf(", \"bw_release\": \"%s\"", r->release ==
	       RT_DL_RELEASE_AT_ONCE ? "immediate" : "zero-lag");
}

int cli_oblivious(const struct scn_scenario *s, struct rt_task **out)
{
	struct rt_diag d = { "" };
	enum rt_err err = rt_taskset_oblivious(s->tasks, s->ntasks, out, &d);

	if (err == RT_ERR_NOMEM) {
		cli_error("out of memory");
		return CLI_EXIT_INPUT;
	}
	if (err != RT_OK) {
		cli_error("%s: %s", s->path, d.msg);
		return cli_exit_for(err);
	}
	return CLI_EXIT_OK;
}

int cli_horizon(const struct scn_scenario *s, rt_time until,
		const unsigned *cluster, struct sim_horizon *h)
{
	struct rt_diag d = { "" };
	struct sim_horizon_req req = {
		.tasks = s->tasks, .ntasks = s->ntasks, .cpus = s->cpus,
		.policy = s->sched.policy, .servers = s->nservers > 0,
		.cpu_of = s->sched.placement == SCN_PLACE_PARTITIONED ?
			  cluster : NULL,
		.user = until != RT_TIME_NEVER ? until : s->horizon,
	};
	enum rt_err err = sim_horizon_for(&req, h, &d);

	if (err == RT_ERR_NOMEM && !d.msg[0]) {
		cli_error("out of memory");
		return CLI_EXIT_INPUT;
	}
	if (err != RT_OK) {
		cli_error("%s: %s", s->path, d.msg[0] ? d.msg : rt_strerror(err));
		return cli_exit_for(err);
	}
	return CLI_EXIT_OK;
}

/* Wall-clock seconds (progress display only; nothing simulated reads it). */
static double sim_wall(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void cli_horizon_note(FILE *f, const struct scn_scenario *s,
		      const struct sim_horizon *h, const char *indent)
{
	char b1[48], b2[48];
	const char *u = scn_time_unit_name(s->time_unit);

	if (h->source != SIM_HORIZON_CAPPED)
		return;
	fprintf(f, "%snote: horizon capped at %s %s (the default releases at "
		"most %llu jobs); ", indent,
		cli_fmt_time(s, h->horizon, b1, sizeof(b1)), u,
		(unsigned long long)SIM_HORIZON_JOB_CAP);
	if (h->hyperperiod == RT_TIME_NEVER)
		fprintf(f, "the hyperperiod lcm(T) exceeds 2^63 internal units");
	else
		fprintf(f, "the hyperperiod lcm(T) is %s %s",
			cli_fmt_time(s, h->hyperperiod, b1, sizeof(b1)), u);
	if (h->uncapped != RT_TIME_NEVER)
		fprintf(f, " and the default horizon (%s) would be %s %s",
			h->uncapped == h->busy_period ? "busy period" :
			"hyperperiod + largest offset and deadline",
			cli_fmt_time(s, h->uncapped, b2, sizeof(b2)), u);
	fprintf(f, "; give --until T (or horizon: T) to choose the length\n");
}

/*
 * Run in 1000 steps and, once a run has taken more than a second, show
 * "simulated time / horizon" on standard error (when 'show') twice a
 * second.  A SIGINT (cli_interrupted) stops the run at the end of a step:
 * *stopped is then true and the statistics cover [0, now).
 */
static enum rt_err sim_progress_run(struct sim_engine *e, rt_time horizon,
				    bool show, bool *stopped,
				    struct rt_diag *d)
{
	rt_time step = horizon / 1000 > 0 ? horizon / 1000 : 1;
	double start = sim_wall(), shown = 0;
	bool finished = false, drew = false;
	enum rt_err err = RT_OK;

	*stopped = false;
	for (rt_time p = step; err == RT_OK && !finished;
	     p = p > RT_TIME_MAX - step ? RT_TIME_MAX : p + step) {
		double now;

		err = sim_engine_run_until(e, p, &finished, d);
		if (err == RT_OK && !finished && cli_interrupted) {
			*stopped = true;
			break;
		}
		if (!show)
			continue;
		now = sim_wall();
		if (!finished && now - start > 1.0 && now - shown > 0.5) {
			const struct sim_stats *st = sim_engine_stats(e);

			fprintf(stderr, "\r%s: simulating: %5.1f%% of the horizon, "
				"%llu jobs, %.0f s ", cli_prog,
				100.0 * (double)st->now / (double)horizon,
				(unsigned long long)st->jobs, now - start);
			shown = now;
			drew = true;
		}
	}
	if (drew)
		fprintf(stderr, "\r%*s\r", 72, "");
	return err;
}

int cli_simulate(const struct scn_scenario *s, const struct sim_horizon *h,
		 const unsigned *cluster, const struct sim_sink *extra,
		 size_t nextra, bool progress, struct cli_sim *cs)
{
	return cli_simulate_out(s, h, cluster, extra, nextra, NULL, progress,
				cs);
}

int cli_simulate_out(const struct scn_scenario *s, const struct sim_horizon *h,
		     const unsigned *cluster, const struct sim_sink *extra,
		     size_t nextra, const struct cli_outputs *outs,
		     bool progress, struct cli_sim *cs)
{
	struct rt_diag d = { "" };
	struct sim_config cfg;
	struct sim_sink miss_sink, admit_sink;
	enum rt_err err;
	bool stopped = false;

	memset(cs, 0, sizeof(*cs));
	cs->h = *h;
	cs->cluster = cluster;
	scn_sim_config(s, cs->cluster, cs->h.horizon, &cfg);
	err = sim_engine_create(&cfg, &cs->e, &d);
	if (err != RT_OK) {
		cli_error("%s: %s", s->path, d.msg[0] ? d.msg : rt_strerror(err));
		return cli_exit_for(err);
	}
	cs->misses = tmpfile();
	if (!cs->misses) {
		cli_error("cannot create a temporary file: %s", strerror(errno));
		cli_sim_fini(cs);
		return CLI_EXIT_IO;
	}
	miss_sink.mask = SIM_MASK(SIM_REC_MISS) | SIM_MASK(SIM_REC_ABORT);
	miss_sink.emit = sim_miss_emit;
	miss_sink.ctx = cs;
	err = sim_engine_add_sink(cs->e, &miss_sink);
	admit_sink.mask = SIM_MASK(SIM_REC_ADMIT) | SIM_MASK(SIM_REC_REJECT);
	admit_sink.emit = sim_admit_emit;
	admit_sink.ctx = cs;
	if (err == RT_OK)
		err = sim_engine_add_sink(cs->e, &admit_sink);
	for (size_t i = 0; err == RT_OK && i < nextra; i++)
		err = sim_engine_add_sink(cs->e, &extra[i]);
	if (outs)       /* `run`: SIGINT stops at the next instant */
		sim_engine_set_stop(cs->e, &cli_interrupted);
	cli_signals_soft(true);
	if (err == RT_OK)
		err = sim_progress_run(cs->e, cs->h.horizon, progress,
				       &stopped, &d);
	cli_signals_soft(false);
	if (err != RT_OK) {
		if (!cli_outputs_explain(outs))
			cli_error("%s: simulation failed: %s", s->path,
				  d.msg[0] ? d.msg : rt_strerror(err));
		cli_sim_fini(cs);
		return cli_exit_for(err);
	}
	cs->stats = sim_engine_stats(cs->e);
	cs->partial = stopped;
	rewind(cs->misses);
	return CLI_EXIT_OK;
}

bool cli_progress_wanted(bool quiet)
{
	return !quiet && isatty(STDERR_FILENO);
}

bool cli_sim_next_miss(struct cli_sim *cs, struct cli_miss *m)
{
	return fread(m, sizeof(*m), 1, cs->misses) == 1;
}

void cli_sim_fini(struct cli_sim *cs)
{
	if (cs->misses)
		fclose(cs->misses);
	rt_free(cs->adm);
	sim_engine_destroy(cs->e);
	memset(cs, 0, sizeof(*cs));
}
