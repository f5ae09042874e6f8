/* sim.c - the simulation step of the pipeline (see sim.h) and the public
 * dlsim_sim_* calls on it: settings, record callbacks, stepping, the
 * output files' commit, results. */
#include "api/sim.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "models/mem.h"
#include "sim/policy.h"

/* ---- the collectors ---------------------------------------------------- */

/* Records every miss into sim->misses; an ABORT is remembered so that the
 * MISS following it (same job) is marked as aborted. */
static enum rt_err sim_miss_emit(void *ctx, const struct sim_rec *r)
{
	struct dlsim_sim *sim = ctx;
	const struct sim_job_info *j = r->info;
	struct api_miss m;

	if (!j)
		return RT_OK;
	if (r->kind == SIM_REC_ABORT) {
		sim->abort_seq = j->seq;
		sim->abort_pending = true;
		return RT_OK;
	}
	memset(&m, 0, sizeof(m));
	m.task = r->task;
	m.job = r->job;
	m.release = j->release;
	m.deadline = j->abs_deadline;
	m.finish = j->finish;
	m.tardiness = r->value;
	m.aborted = sim->abort_pending && sim->abort_seq == j->seq;
	sim->abort_pending = false;
	sim->nmisses++;
	if (sim->nmisses > API_MISSES_KEPT)
		return RT_OK;   /* counted, not listed: bounded disk use */
	if (fwrite(&m, sizeof(m), 1, sim->misses) != 1)
		return RT_ERR_IO;
	return RT_OK;
}

static enum rt_err sim_admit_emit(void *ctx, const struct sim_rec *r)
{
	struct dlsim_sim *sim = ctx;
	struct api_admission *a;

	if (sim->nadm == sim->adm_cap) {
		size_t cap = sim->adm_cap ? 2 * sim->adm_cap : 16;

		a = rt_reallocarray(sim->adm, cap, sizeof(*a));
		if (!a)
			return RT_ERR_NOMEM;
		sim->adm = a;
		sim->adm_cap = cap;
	}
	a = &sim->adm[sim->nadm++];
	a->time = r->time;
	a->task = r->task;
	a->test = (unsigned)r->value;
	a->accept = r->kind == SIM_REC_ADMIT;
	a->has_bw = sim_engine_total_bw(sim->e, r->task, &a->total_bw);
	return RT_OK;
}

/* A caller's record callback, as an engine sink. */
static enum rt_err sim_user_emit(void *ctx, const struct sim_rec *r)
{
	const struct api_rec_cb *cb = ctx;
	struct dlsim_record pub = {
		.time = r->time, .kind = (int)r->kind, .cpu = r->cpu,
		.task = r->task, .job = r->job, .value = r->value,
	};

	cb->fn(cb->ctx, &pub);
	return RT_OK;
}

/* ---- creation -------------------------------------------------------------- */

void dlsim_sim_free(struct dlsim_sim *sim)
{
	if (!sim)
		return;
	if (sim->has_out && !sim->finished) {
		struct dlsim scratch;   /* the discard's message goes nowhere */

		memset(&scratch, 0, sizeof(scratch));
		api_outputs_close(&scratch, &sim->out, false, NULL);
	}
	while (sim->cbs) {
		struct api_rec_cb *next = sim->cbs->next;

		rt_free(sim->cbs);
		sim->cbs = next;
	}
	if (sim->misses)
		fclose(sim->misses);
	rt_free(sim->adm);
	sim_engine_destroy(sim->e);
	sim_pctl_destroy(sim->pc);
	dlsim_opts_free(sim->opts);
	rt_free(sim);
}

void api_sim_config(const struct scn_scenario *s, const struct sim_horizon *h,
		    struct sim_config *cfg)
{
	scn_sim_config(s, s->sched.task_cluster, h->horizon, cfg);
}

/* The default of max-memory: half of the physical memory (0, no limit,
 * when the system does not say). */
static uint64_t sim_default_max_memory(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);

	if (pages <= 0 || size <= 0 ||
	    (uint64_t)pages > UINT64_MAX / (uint64_t)size)
		return 0;
	return (uint64_t)pages * (uint64_t)size / 2;
}

/* The engine and its collectors. */
static enum dlsim_status sim_engine_make(struct dlsim *db,
					 struct dlsim_sim *sim,
					 const struct api_sim_req *r)
{
	struct rt_diag d = { "" };
	struct sim_config cfg;
	struct sim_sink miss_sink, admit_sink;
	enum rt_err err;

	api_sim_config(&sim->view, &sim->h, &cfg);
	err = sim_engine_create(&cfg, &sim->e, &d);
	if (err != RT_OK)
		return api_fail(db, api_status(err), "%s: %s", sim->view.path,
				d.msg[0] ? d.msg : rt_strerror(err));
	sim_engine_set_max_memory(sim->e, r->have_max_memory ? r->max_memory :
				  sim_default_max_memory());
	sim->misses_off = r->misses_off;
	if (!sim->misses_off) {
		sim->misses = tmpfile();
		if (!sim->misses)
			return api_fail(db, DLSIM_IO, "cannot create a temporary "
					"file: %s", strerror(errno));
		miss_sink.mask = SIM_MASK(SIM_REC_MISS) |
				 SIM_MASK(SIM_REC_ABORT);
		miss_sink.emit = sim_miss_emit;
		miss_sink.ctx = sim;
		err = sim_engine_add_sink(sim->e, &miss_sink);
	}
	admit_sink.mask = SIM_MASK(SIM_REC_ADMIT) | SIM_MASK(SIM_REC_REJECT);
	admit_sink.emit = sim_admit_emit;
	admit_sink.ctx = sim;
	if (err == RT_OK)
		err = sim_engine_add_sink(sim->e, &admit_sink);
	if (err == RT_OK && sim->has_out)
		err = api_outputs_attach(&sim->out, sim->e);
	if (err == RT_OK && sim->pc) {
		struct sim_sink ps = sim_pctl_sink(sim->pc);

		err = sim_engine_add_sink(sim->e, &ps);
	}
	for (size_t i = 0; err == RT_OK && i < r->nextra; i++)
		err = sim_engine_add_sink(sim->e, &r->extra[i]);
	if (err != RT_OK)
		return api_fail(db, api_status(err), "%s: simulation failed: %s",
				sim->view.path, rt_strerror(err));
	sim->stats = sim_engine_stats(sim->e);
	return DLSIM_OK;
}

enum dlsim_status api_sim_create(struct dlsim *db,
				 const struct scn_scenario *s,
				 const struct api_sim_req *r,
				 struct dlsim_sim **out)
{
	struct rt_diag d = { "" };
	struct dlsim_sim *sim = rt_calloc(1, sizeof(*sim));
	enum dlsim_status st = DLSIM_OK;

	if (!sim)
		return api_fail(db, DLSIM_NOMEM, "out of memory");
	sim->view = *s;
	if (r->tasks)
		sim->view.tasks = (struct rt_task *)r->tasks;
	if (r->have_seed)
		sim->view.seed = r->seed;
	if (r->admission_off)
		sim->view.sched.admission_kind = SIM_ADMISSION_NONE;
	if (r->horizon)
		sim->h = *r->horizon;
	else
		st = api_horizon(db, &sim->view, r->until, &sim->h);
	if (st == DLSIM_OK && r->percentiles &&
	    sim_pctl_create(s->ntasks, 0, &sim->pc, &d) != RT_OK)
		st = api_fail(db, DLSIM_NOMEM, "%s", d.msg);
	if (st == DLSIM_OK && r->outputs) {
		sim->oo = *r->outputs;
		api_meta(&sim->view, sim->h.horizon, &sim->meta);
		st = api_outputs_open(db, &sim->out, &sim->oo, &sim->meta);
		sim->has_out = st == DLSIM_OK;
	}
	if (st == DLSIM_OK)
		st = sim_engine_make(db, sim, r);
	if (st != DLSIM_OK) {
		dlsim_sim_free(sim);
		return st;
	}
	*out = sim;
	return DLSIM_OK;
}

static const char *const sim_keys[] = {
	"until", "seed", "percentiles", "misses-list", "max-memory", NULL
};


/* The settings of dlsim_sim_create, checked in the order `dlsim run`
 * checks its command line. */
static enum dlsim_status sim_settings(struct dlsim *db,
				      const struct scn_scenario *s,
				      const struct dlsim_opts *o,
				      struct api_sim_req *r,
				      struct api_outputs_opts *oo)
{
	const char *seed = api_opt(o, "seed");
	enum dlsim_status st;

	for (size_t i = 0; o && i < o->n; i++) {
		const char *k = o->kv[i].key;
		bool known = false;

		for (size_t j = 0; !known && sim_keys[j]; j++)
			known = !strcmp(k, sim_keys[j]);
		for (size_t j = 0; !known && api_output_keys[j]; j++)
			known = !strcmp(k, api_output_keys[j]);
		if (!known)
			return api_fail(db, DLSIM_USAGE, "simulation: unknown "
					"option --%s", k);
	}
	memset(r, 0, sizeof(*r));
	st = api_parse_until(db, s, api_opt(o, "until"), &r->until);
	if (st == DLSIM_OK && seed) {
		/* the scenario's seed: rule (strtoull took " -1" as 2^64 - 1
		 * and "0755" as octal) */
		struct rt_diag d = { "" };

		if (scn_parse_u64(seed, &r->seed, &d) != RT_OK)
			return api_fail(db, DLSIM_USAGE, "--seed: %s", d.msg);
		r->have_seed = true;
	}
	if (st == DLSIM_OK)
		st = api_opt_bool(db, o, "percentiles", true, &r->percentiles);
	if (st == DLSIM_OK) {
		bool list;

		st = api_opt_bool(db, o, "misses-list", true, &list);
		r->misses_off = !list;
	}
	if (st == DLSIM_OK && api_opt(o, "max-memory")) {
		r->have_max_memory = true;
		if (!api_outputs_size(api_opt(o, "max-memory"), &r->max_memory))
			return api_fail(db, DLSIM_USAGE, "--max-memory %s: expected "
					"a size (10G, 512M; 0: no limit)",
					api_opt(o, "max-memory"));
	}
	api_outputs_get(o, oo);
	if (st == DLSIM_OK)
		st = api_outputs_check(db, oo,
				       scn_time_unit_name(s->time_unit),
				       s->path);
	r->outputs = oo;
	return st;
}

/* A private copy of the caller's settings (they may be freed after
 * create; the output files keep their names). */
static enum dlsim_status sim_copy_opts(struct dlsim *db,
				       const struct dlsim_opts *o,
				       struct dlsim_opts **out)
{
	enum dlsim_status st = dlsim_opts_create(db, out);

	for (size_t i = 0; st == DLSIM_OK && o && i < o->n; i++)
		st = dlsim_opts_set(db, *out, o->kv[i].key, o->kv[i].value);
	return st;
}

enum dlsim_status dlsim_sim_create(struct dlsim *db,
				   const struct dlsim_scenario *sc,
				   const struct dlsim_opts *o,
				   struct dlsim_sim **out)
{
	struct dlsim_opts *copy = NULL;
	struct api_outputs_opts oo;
	struct api_sim_req r;
	enum dlsim_status st;

	if (!db || !sc || !out)
		return api_misuse(db, "dlsim_sim_create: NULL argument");
	st = sim_copy_opts(db, o, &copy);
	if (st == DLSIM_OK)
		st = sim_settings(db, sc->s, copy, &r, &oo);
	if (st == DLSIM_OK)
		st = api_sim_create(db, sc->s, &r, out);
	if (st != DLSIM_OK) {
		dlsim_opts_free(copy);
		return st;
	}
	(*out)->opts = copy;
	return api_ok(db);
}

/* ---- running ----------------------------------------------------------------- */

enum dlsim_status dlsim_sim_on_record(struct dlsim *db, struct dlsim_sim *sim,
				      unsigned mask, dlsim_record_fn fn,
				      void *ctx)
{
	struct api_rec_cb *cb;
	struct sim_sink sink;
	enum rt_err err;

	if (!db || !sim || !fn)
		return api_misuse(db, "dlsim_sim_on_record: NULL argument");
	if (sim->started)
		return api_misuse(db, "dlsim_sim_on_record: after the run "
				  "started");
	cb = rt_calloc(1, sizeof(*cb));
	if (!cb)
		return api_fail(db, DLSIM_NOMEM, "out of memory");
	cb->fn = fn;
	cb->ctx = ctx;
	sink.mask = mask & DLSIM_REC_MASK_ALL;
	sink.emit = sim_user_emit;
	sink.ctx = cb;
	err = sim_engine_add_sink(sim->e, &sink);
	if (err != RT_OK) {
		rt_free(cb);
		return api_fail(db, api_status(err), "out of memory");
	}
	cb->next = sim->cbs;
	sim->cbs = cb;
	return api_ok(db);
}

void dlsim_sim_set_stop(struct dlsim_sim *sim,
			const volatile sig_atomic_t *flag)
{
	if (!sim)
		return;
	sim->stop = flag;
	sim_engine_set_stop(sim->e, flag);
}

/* A failed step: the message (the output's own reason when an output
 * caused it), then the outputs discarded. */
static enum dlsim_status sim_failed(struct dlsim *db, struct dlsim_sim *sim,
				    enum rt_err err, const struct rt_diag *d,
				    const char *why)
{
	sim->done = sim->failed = true;
	if (sim->has_out)
		api_outputs_failed_run(&sim->out, sim->e, err);
	if (!api_outputs_explain(db, sim->has_out ? &sim->out : NULL))
		api_fail(db, api_status(err), "%s: simulation failed: %s",
			 sim->view.path, d->msg[0] ? d->msg : rt_strerror(err));
	else
		db->code = api_status(err);
	if (sim->has_out && !sim->finished) {
		sim->finished = true;
		api_outputs_close(db, &sim->out, false, sim->out.failed ? why :
				  NULL);
	}
	return db->code;
}

/* After a stop: the statistics cover [0, now). */
static enum dlsim_status sim_stopped(struct dlsim *db, struct dlsim_sim *sim)
{
	char b1[48], b2[48];

	sim->done = sim->partial = true;
	return api_fail(db, DLSIM_INTERRUPTED, "interrupted at %s of %s %s",
			api_fmt_time(&sim->view, sim->stats->now, b1, sizeof(b1)),
			api_fmt_time(&sim->view, sim->h.horizon, b2, sizeof(b2)),
			scn_time_unit_name(sim->view.time_unit));
}

enum dlsim_status dlsim_sim_run_until(struct dlsim *db, struct dlsim_sim *sim,
				      int64_t t, int *finished)
{
	struct rt_diag d = { "" };
	bool fin = false;
	enum rt_err err;

	if (!db || !sim)
		return api_misuse(db, "dlsim_sim_run_until: NULL argument");
	if (sim->done)
		return api_misuse(db, "dlsim_sim_run_until: the run is over");
	sim->started = true;
	/* the horizon's own events (END, the misses pending at it) belong
	 * to the run: t at or past it runs to the end */
	err = sim_engine_run_until(sim->e, t >= sim->h.horizon ?
				   RT_TIME_NEVER : t, &fin, &d);
	if (err != RT_OK)
		return sim_failed(db, sim, err, &d, "run stopped");
	if (fin)
		sim->done = true;
	else if (sim->stop && *sim->stop)
		return sim_stopped(db, sim);
	if (finished)
		*finished = fin;
	return api_ok(db);
}

enum dlsim_status api_sim_run(struct dlsim *db, struct dlsim_sim *sim,
			      const char *why)
{
	rt_time horizon = sim->h.horizon;
	rt_time step = horizon / 1000 > 0 ? horizon / 1000 : 1;
	struct rt_diag d = { "" };
	bool finished = false;
	enum rt_err err = RT_OK;

	if (sim->done)
		return api_misuse(db, "the simulation has run");
	sim->started = true;
	for (rt_time p = step; !finished;
	     p = p > RT_TIME_MAX - step ? RT_TIME_MAX : p + step) {
		struct dlsim_progress pr;

		err = sim_engine_run_until(sim->e, p, &finished, &d);
		if (err != RT_OK)
			return sim_failed(db, sim, err, &d, why);
		if (finished)
			break;
		if (sim->stop && *sim->stop)
			return sim_stopped(db, sim);
		if (!db->progress)
			continue;
		pr.what = DLSIM_PROGRESS_SIMULATION;
		pr.done = sim->stats->now;
		pr.total = horizon;
		pr.jobs = sim->stats->jobs;
		if (db->progress(db->progress_ctx, &pr))
			return sim_stopped(db, sim);
	}
	sim->done = true;
	return api_ok(db);
}

enum dlsim_status dlsim_sim_run(struct dlsim *db, struct dlsim_sim *sim)
{
	if (!db || !sim)
		return api_misuse(db, "dlsim_sim_run: NULL argument");
	return api_sim_run(db, sim, "run stopped");
}

enum dlsim_status dlsim_sim_finish(struct dlsim *db, struct dlsim_sim *sim)
{
	if (!db || !sim)
		return api_misuse(db, "dlsim_sim_finish: NULL argument");
	if (!sim->done || sim->failed)
		return api_misuse(db, "dlsim_sim_finish: no complete run");
	if (sim->finished)
		return api_ok(db);
	api_ok(db);
	sim->finished = true;
	if (sim->partial) {
		if (sim->has_out)
			api_outputs_close(db, &sim->out, false, "interrupted");
		else
			api_add_line(db, "interrupted: no output file was "
				     "written or replaced");
		db->code = DLSIM_INTERRUPTED;
		return DLSIM_INTERRUPTED;
	}
	if (sim->has_out)
		return api_outputs_close(db, &sim->out, true, NULL);
	return DLSIM_OK;
}

/* ---- results ------------------------------------------------------------------- */

void api_sim_rewind(struct dlsim_sim *sim)
{
	if (sim->misses)
		rewind(sim->misses);
}

bool api_sim_next_miss(struct dlsim_sim *sim, struct api_miss *m)
{
	return sim->misses && fread(m, sizeof(*m), 1, sim->misses) == 1;
}

uint64_t api_sim_nmisses(const struct dlsim_sim *sim)
{
	return sim->misses_off ? sim->stats->misses : sim->nmisses;
}

uint64_t api_sim_misses_listed(const struct dlsim_sim *sim)
{
	if (sim->misses_off)
		return 0;
	return sim->nmisses < API_MISSES_KEPT ? sim->nmisses : API_MISSES_KEPT;
}

int64_t dlsim_sim_horizon(const struct dlsim_sim *sim)
{
	return sim ? sim->h.horizon : 0;
}

int64_t dlsim_sim_now(const struct dlsim_sim *sim)
{
	return sim ? sim->stats->now : 0;
}

const char *dlsim_sim_horizon_source(const struct dlsim_sim *sim)
{
	return sim ? sim_horizon_source_name(sim->h.source) : NULL;
}

int dlsim_sim_exact(const struct dlsim_sim *sim)
{
	return sim && sim->h.exact;
}

uint64_t dlsim_sim_jobs(const struct dlsim_sim *sim)
{
	return sim ? sim->stats->jobs : 0;
}

uint64_t dlsim_sim_completed(const struct dlsim_sim *sim)
{
	return sim ? sim->stats->completed : 0;
}

uint64_t dlsim_sim_misses(const struct dlsim_sim *sim)
{
	return sim ? sim->stats->misses : 0;
}

int64_t dlsim_sim_max_tardiness(const struct dlsim_sim *sim)
{
	return sim ? sim->stats->max_tardiness : 0;
}

int dlsim_sim_partial(const struct dlsim_sim *sim)
{
	return sim && sim->partial;
}

int dlsim_sim_uses_stdout(const struct dlsim_sim *sim)
{
	return sim && sim->has_out && api_outputs_use_stdout(&sim->oo);
}

enum dlsim_status dlsim_sim_task_stats(struct dlsim *db,
				       const struct dlsim_sim *sim, size_t i,
				       struct dlsim_task_stats *out)
{
	const struct sim_task_stats *t;

	if (!db || !sim || !out)
		return api_misuse(db, "dlsim_sim_task_stats: NULL argument");
	if (i >= sim->stats->ntasks)
		return api_misuse(db, "dlsim_sim_task_stats: no such task");
	t = &sim->stats->tasks[i];
	memset(out, 0, sizeof(*out));
	out->released = t->released;
	out->completed = t->completed;
	out->missed = t->missed;
	out->aborted = t->aborted;
	out->preemptions = t->preemptions;
	out->migrations = t->migrations;
	out->max_response = t->max_response;
	out->max_tardiness = t->max_tardiness;
	out->mean_response = t->completed ? (double)t->sum_response /
			     (double)t->completed : 0;
	out->mean_tardiness = t->completed ? (double)t->sum_tardiness /
			      (double)t->completed : 0;
	out->rejected = t->rejected;
	return api_ok(db);
}

enum dlsim_status dlsim_sim_write(struct dlsim *db, struct dlsim_sim *sim,
				  unsigned flags, FILE *f)
{
	if (!db || !sim || !f)
		return api_misuse(db, "dlsim_sim_write: NULL argument");
	if (flags & ~(DLSIM_JSON | DLSIM_QUIET))
		return api_misuse(db, "dlsim_sim_write: flags");
	if (!sim->done || sim->failed)
		return api_misuse(db, "dlsim_sim_write: no complete run");
	if (flags & DLSIM_JSON)
		api_sim_print_json(f, sim);
	else
		api_sim_print_text(f, sim, flags & DLSIM_QUIET);
	return api_ok(db);
}

enum dlsim_status dlsim_sim_text(struct dlsim *db, struct dlsim_sim *sim,
				 unsigned flags, char **text, size_t *len)
{
	struct api_text t;
	enum dlsim_status st;

	if (!db || !sim || !text || !len)
		return api_misuse(db, "dlsim_sim_text: NULL argument");
	st = api_text_open(db, &t);
	if (st)
		return st;
	st = dlsim_sim_write(db, sim, flags, t.f);
	return api_text_close(db, &t, st, text, len);
}
