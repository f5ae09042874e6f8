/* compare_gantt.c - measured above simulated, one chart (compare.h).
 *
 * The runs, releases, completions and misses of both schedules become
 * trace records, sorted by (time, rank, sequence) so that at one instant
 * ends come before starts, and are fed to one Gantt recorder whose tasks
 * are the measured rows then the simulated rows, and whose CPUs are
 * doubled (a measured and a simulated run never share a CPU lane). */
#include "render/compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/mem.h"

struct grec {
	struct sim_rec r;
	struct sim_job_info ji;
	int rank;
	size_t seq;
};

struct gbuf {
	struct grec *v;
	size_t n, cap;
	bool nomem;
};

static void put(struct gbuf *b, rt_time t, enum sim_rec_kind k, int cpu,
		uint32_t row, uint64_t job, rt_time release, rt_time deadline,
		rt_time finish, rt_time value)
{
	struct grec *g;

	if (b->n == b->cap) {
		size_t nc = b->cap ? 2 * b->cap : 256;
		struct grec *nv = rt_reallocarray(b->v, nc, sizeof(*nv));

		if (!nv) {
			b->nomem = true;
			return;
		}
		b->v = nv;
		b->cap = nc;
	}
	g = &b->v[b->n];
	memset(g, 0, sizeof(*g));
	g->r.time = t;
	g->r.kind = k;
	g->r.cpu = cpu;
	g->r.task = row;
	g->r.job = job;
	g->r.value = value;
	g->ji.task = row;
	g->ji.job = job;
	g->ji.release = g->ji.arrival = release;
	g->ji.abs_deadline = deadline;
	g->ji.finish = finish;
	g->ji.start = RT_TIME_NEVER;
	g->ji.cpu = cpu;
	g->rank = k == SIM_REC_PREEMPT || k == SIM_REC_COMPLETE ? 0 :
		  k == SIM_REC_MISS ? 1 : k == SIM_REC_RELEASE ? 2 : 3;
	g->seq = b->n++;
}

static int cmp_grec(const void *a, const void *b)
{
	const struct grec *x = a, *y = b;

	if (x->r.time != y->r.time)
		return x->r.time < y->r.time ? -1 : 1;
	if (x->rank != y->rank)
		return x->rank - y->rank;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

static void one_side(struct gbuf *b, const struct render_cmp *c,
		     const struct render_meta *m0, bool sim)
{
	uint32_t base = sim ? (uint32_t)c->ntasks : 0;
	int cpu0 = sim ? (int)m0->cpus : 0;
	const struct render_cmp_run *runs = sim ? c->sim_runs : c->obs_runs;
	size_t nruns = sim ? c->nsim_runs : c->nobs_runs;

	for (size_t i = 0; i < c->ntasks; i++) {
		const struct render_cmp_task *t = &c->tasks[i];
		rt_time dl_rel = m0->tasks[i].deadline;

		for (size_t k = 0; k < t->njobs; k++) {
			const struct render_cmp_job *j = &t->jobs[k];
			rt_time f = sim ? j->sim_finish : j->obs_finish;
			rt_time dl = j->release + dl_rel;

			put(b, j->release, SIM_REC_RELEASE, -1, base + (uint32_t)i,
			    k, j->release, dl, f, 0);
			if (f != RT_TIME_NEVER)
				put(b, f, SIM_REC_COMPLETE, -1, base + (uint32_t)i,
				    k, j->release, dl, f, 0);
			if (f != RT_TIME_NEVER ? f > dl : c->end > dl)
				put(b, f != RT_TIME_NEVER ? f : c->end,
				    SIM_REC_MISS, -1, base + (uint32_t)i, k,
				    j->release, dl, f,
				    (f != RT_TIME_NEVER ? f : c->end) - dl);
		}
	}
	for (size_t k = 0; k < nruns; k++) {
		const struct render_cmp_run *r = &runs[k];

		if (r->cpu < 0 || (unsigned)r->cpu >= m0->cpus)
			continue;
		put(b, r->from, SIM_REC_START, cpu0 + r->cpu, base + r->task,
		    r->job, 0, 0, RT_TIME_NEVER, 0);
		put(b, r->to, SIM_REC_PREEMPT, cpu0 + r->cpu, base + r->task,
		    r->job, 0, 0, RT_TIME_NEVER, 0);
	}
}

enum rt_err render_cmp_gantt(const struct render_cmp *c,
			     const struct render_meta *m0,
			     const struct render_gantt_opts *o,
			     const char *path, struct rt_diag *d)
{
	return render_cmp_gantt_stream(c, m0, o, path, NULL, d);
}

enum rt_err render_cmp_gantt_stream(const struct render_cmp *c,
				    const struct render_meta *m0,
				    const struct render_gantt_opts *o,
				    const char *path, FILE *f,
				    struct rt_diag *d)
{
	struct render_meta m = *m0;
	struct rt_task *tasks = rt_calloc(2 * c->ntasks + 1, sizeof(*tasks));
	char **names = rt_calloc(2 * c->ntasks + 1, sizeof(*names));
	struct render_gantt *g = NULL;
	struct gbuf b = { 0 };
	struct sim_sink sink;
	enum rt_err rc = RT_ERR_NOMEM;
	rt_time end = c->end;

	if (!tasks || !names)
		goto out;
	for (size_t i = 0; i < 2 * c->ntasks; i++) {
		const struct rt_task *t = &m0->tasks[i % c->ntasks];
		size_t n = strlen(t->name) + 12;

		names[i] = rt_malloc(n);
		if (!names[i])
			goto out;
		snprintf(names[i], n, "%s %s", t->name, i < c->ntasks ?
			 "measured" : "simulated");
		tasks[i] = *t;
		tasks[i].name = names[i];
	}
	m.tasks = tasks;
	m.ntasks = 2 * c->ntasks;
	m.cpus = 2 * m0->cpus;
	m.horizon = end;
	one_side(&b, c, m0, false);
	one_side(&b, c, m0, true);
	if (b.nomem)
		goto out;
	qsort(b.v, b.n, sizeof(*b.v), cmp_grec);
	rc = render_gantt_create(&m, o, &g, d);
	if (rc != RT_OK)
		goto out;
	sink = render_gantt_sink(g);
	for (size_t k = 0; k < b.n && rc == RT_OK; k++) {
		struct grec *x = &b.v[k];

		x->r.info = &x->ji;
		if (x->r.time <= end)
			rc = sink.emit(sink.ctx, &x->r);
	}
	if (rc == RT_OK) {
		struct sim_rec e = { .time = end, .kind = SIM_REC_END, .cpu = -1 };

		rc = sink.emit(sink.ctx, &e);
	}
	if (rc == RT_OK && f)
		rc = render_gantt_write_to(g, f, path, d);
	else if (rc == RT_OK)
		rc = render_gantt_write(g, path, d);
	else
		rt_diagf(d, rc, "compare chart: %s", rt_strerror(rc));
out:
	if (rc == RT_ERR_NOMEM && d && !d->msg[0])
		rt_diagf(d, rc, "out of memory");
	render_gantt_destroy(g);
	for (size_t i = 0; names && i < 2 * c->ntasks; i++)
		rt_free(names[i]);
	rt_free(names);
	rt_free(tasks);
	rt_free(b.v);
	return rc;
}
