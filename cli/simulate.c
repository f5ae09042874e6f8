/* simulate.c - run a scenario's simulation for `run` and `analyze`: choose
 * the horizon, build the engine, keep the list of misses out of memory (in
 * a temporary file, so memory stays independent of the horizon). */
#include "cli/simulate.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static enum rt_err sim_miss_emit(void *ctx, const struct sim_rec *r)
{
	struct cli_sim *cs = ctx;
	const struct sim_job_info *j = r->info;
	struct sim_miss m;

	if (!j)
		return RT_OK;
	memset(&m, 0, sizeof(m));
	m.task = r->task;
	m.job = r->job;
	m.release = j->release;
	m.deadline = j->abs_deadline;
	m.finish = j->finish;
	m.tardiness = r->value;
	if (fwrite(&m, sizeof(m), 1, cs->misses) != 1)
		return RT_ERR_IO;
	cs->nmisses++;
	return RT_OK;
}

static enum rt_err sim_admit_emit(void *ctx, const struct sim_rec *r)
{
	struct cli_sim *cs = ctx;
	struct cli_admission *a;

	if (cs->nadm == cs->adm_cap) {
		size_t cap = cs->adm_cap ? 2 * cs->adm_cap : 16;

		a = realloc(cs->adm, cap * sizeof(*a));
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
	return RT_OK;
}

int cli_horizon(const struct scn_scenario *s, rt_time until,
		struct sim_horizon *h)
{
	struct rt_diag d = { "" };

	/* Reservations (servers, linux-dl) may idle with work pending, so
	 * the busy period need not hold every job: ask for the
	 * hyperperiod-based default (as for several CPUs).  Only plain EDF
	 * makes a simulated horizon an exact test. */
	bool resv = s->nservers || !strcmp(s->sched.policy, "linux-dl");
	enum rt_err err;

	err = sim_choose_horizon(s->tasks, s->ntasks, resv ? 2 : s->cpus,
				 until != RT_TIME_NEVER ? until : s->horizon,
				 h, &d);
	if (err != RT_OK) {
		cli_error("%s: %s", s->path, d.msg[0] ? d.msg : rt_strerror(err));
		return cli_exit_for(err);
	}
	if (strcmp(s->sched.policy, "edf"))
		h->exact = false;
	return CLI_EXIT_OK;
}

int cli_simulate(const struct scn_scenario *s, const struct sim_horizon *h,
		 const struct sim_sink *extra, size_t nextra, struct cli_sim *cs)
{
	struct rt_diag d = { "" };
	struct sim_config cfg;
	struct sim_sink miss_sink, admit_sink;
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
	cfg.servers = s->servers;
	cfg.nservers = s->nservers;
	cfg.task_server = s->task_server;
	cfg.rt_runtime_us = s->sched.rt_runtime_us;
	cfg.rt_period_us = s->sched.rt_period_us;
	cfg.reclaim = s->sched.reclaim;
	cfg.hard_test = s->sched.hard_test;
	cfg.arrive_at = s->arrive_at;
	cfg.leave_at = s->leave_at;
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
	miss_sink.mask = SIM_MASK(SIM_REC_MISS);
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
	if (err == RT_OK)
		err = sim_engine_run(cs->e, &d);
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

bool cli_sim_next_miss(struct cli_sim *cs, struct sim_miss *m)
{
	return fread(m, sizeof(*m), 1, cs->misses) == 1;
}

void cli_sim_fini(struct cli_sim *cs)
{
	if (cs->misses)
		fclose(cs->misses);
	free(cs->adm);
	sim_engine_destroy(cs->e);
	memset(cs, 0, sizeof(*cs));
}
