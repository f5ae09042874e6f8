/* simulate.c - run a scenario's simulation for `run` and `analyze`: choose
 * the horizon, build the engine, keep the list of misses out of memory (in
 * a temporary file, so memory stays independent of the horizon). */
#include "cli/simulate.h"

#include <errno.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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
	if (fwrite(&m, sizeof(m), 1, cs->misses) != 1)
		return RT_ERR_IO;
	cs->nmisses++;
	return RT_OK;
}

int cli_horizon(const struct scn_scenario *s, rt_time until,
		struct sim_horizon *h)
{
	struct rt_diag d = { "" };
	enum rt_err err;

	err = sim_choose_horizon(s->tasks, s->ntasks, s->cpus,
				 until != RT_TIME_NEVER ? until : s->horizon,
				 h, &d);
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

/*
 * Run in 1000 steps and, once a run has taken more than a second, show
 * "simulated time / horizon" on standard error (a terminal) twice a second.
 */
static enum rt_err sim_progress_run(struct sim_engine *e, rt_time horizon,
				    struct rt_diag *d)
{
	rt_time step = horizon / 1000 > 0 ? horizon / 1000 : 1;
	double start = sim_wall(), shown = 0;
	bool finished = false, drew = false;
	enum rt_err err = RT_OK;

	for (rt_time p = step; err == RT_OK && !finished;
	     p = p > RT_TIME_MAX - step ? RT_TIME_MAX : p + step) {
		double now;

		err = sim_engine_run_until(e, p, &finished, d);
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
		 const struct sim_sink *extra, size_t nextra, bool progress,
		 struct cli_sim *cs)
{
	struct rt_diag d = { "" };
	struct sim_config cfg;
	struct sim_sink miss_sink;
	enum rt_err err;

	memset(cs, 0, sizeof(*cs));
	cs->h = *h;
	memset(&cfg, 0, sizeof(cfg));
	cfg.tasks = s->tasks;
	cfg.ntasks = s->ntasks;
	cfg.cpus = s->cpus;
	cfg.policy = s->sched.policy;
	cfg.on_miss = s->sched.on_miss;
	cfg.tie_break = s->sched.tie_break;
	cfg.horizon = cs->h.horizon;
	cfg.seed = s->seed;
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
	for (size_t i = 0; err == RT_OK && i < nextra; i++)
		err = sim_engine_add_sink(cs->e, &extra[i]);
	if (err == RT_OK)
		err = progress ? sim_progress_run(cs->e, cs->h.horizon, &d)
			       : sim_engine_run(cs->e, &d);
	if (err != RT_OK) {
		cli_error("%s: simulation failed: %s", s->path,
			  d.msg[0] ? d.msg : rt_strerror(err));
		cli_sim_fini(cs);
		return cli_exit_for(err);
	}
	cs->stats = sim_engine_stats(cs->e);
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
	sim_engine_destroy(cs->e);
	memset(cs, 0, sizeof(*cs));
}
