/* util.c - per-CPU utilization over time: a sink summing busy time per
 * CPU in equal bins (see plot.h).  O(cpus x bins) memory; a START..stop
 * interval costs O(bins it spans). */
#include "render/plot.h"

#include "models/mem.h"

struct render_util {
	unsigned cpus;
	rt_time horizon, bin;
	size_t bins;
	rt_time *busy;                  /* cpus x bins */
	rt_time *since;                 /* per CPU: running since, or NEVER */
	uint32_t *task;                 /* per CPU: what runs there */
	uint64_t *job;
};

enum rt_err render_util_create(unsigned cpus, rt_time horizon, size_t bins,
			       struct render_util **out, struct rt_diag *d)
{
	struct render_util *u;

	rt_diag_clear(d);
	if (cpus < 1 || bins < 1 || horizon <= 0)
		return rt_diagf(d, RT_ERR_INVAL, "utilization plot: need CPUs, "
				"bins and a horizon > 0");
	if ((rt_time)bins > horizon)
		bins = (size_t)horizon;
	u = rt_calloc(1, sizeof(*u));
	if (!u || !(u->busy = rt_calloc((size_t)cpus * bins, sizeof(rt_time))) ||
	    !(u->since = rt_calloc(cpus, sizeof(rt_time))) ||
	    !(u->task = rt_calloc(cpus, sizeof(uint32_t))) ||
	    !(u->job = rt_calloc(cpus, sizeof(uint64_t)))) {
		render_util_destroy(u);
		return rt_diagf(d, RT_ERR_NOMEM, "utilization plot: out of memory");
	}
	u->cpus = cpus;
	u->horizon = horizon;
	u->bins = bins;
	u->bin = rt_ceil_div(horizon, (rt_time)bins);
	u->bins = (size_t)rt_ceil_div(horizon, u->bin);
	for (unsigned c = 0; c < cpus; c++)
		u->since[c] = RT_TIME_NEVER;
	*out = u;
	return RT_OK;
}

static void add_busy(struct render_util *u, unsigned cpu, rt_time a, rt_time b)
{
	if (b > u->horizon)
		b = u->horizon;
	while (a < b) {
		size_t k = (size_t)(a / u->bin);
		rt_time end = (rt_time)(k + 1) * u->bin;

		if (k >= u->bins)
			return;
		if (end > b)
			end = b;
		u->busy[(size_t)cpu * u->bins + k] += end - a;
		a = end;
	}
}

static void stop(struct render_util *u, int cpu, rt_time t)
{
	if (cpu < 0 || (unsigned)cpu >= u->cpus ||
	    u->since[cpu] == RT_TIME_NEVER)
		return;
	add_busy(u, (unsigned)cpu, u->since[cpu], t);
	u->since[cpu] = RT_TIME_NEVER;
}

static enum rt_err util_emit(void *ctx, const struct sim_rec *r)
{
	struct render_util *u = ctx;

	switch (r->kind) {
	case SIM_REC_START:
		stop(u, r->cpu, r->time);
		if (r->cpu >= 0 && (unsigned)r->cpu < u->cpus) {
			u->since[r->cpu] = r->time;
			u->task[r->cpu] = r->task;
			u->job[r->cpu] = r->job;
		}
		break;
	case SIM_REC_PREEMPT:
	case SIM_REC_COMPLETE:
	case SIM_REC_SUSPEND:
		stop(u, r->cpu, r->time);
		break;
	case SIM_REC_ABORT:
		for (unsigned c = 0; c < u->cpus; c++)  /* the aborted job */
			if (u->since[c] != RT_TIME_NEVER &&
			    u->task[c] == r->task && u->job[c] == r->job)
				stop(u, (int)c, r->time);
		break;
	case SIM_REC_END:
		for (unsigned c = 0; c < u->cpus; c++)
			stop(u, (int)c, r->time);
		break;
	default:
		break;
	}
	return RT_OK;
}

struct sim_sink render_util_sink(struct render_util *u)
{
	struct sim_sink s = {
		.mask = SIM_MASK(SIM_REC_START) | SIM_MASK(SIM_REC_PREEMPT) |
			SIM_MASK(SIM_REC_COMPLETE) | SIM_MASK(SIM_REC_SUSPEND) |
			SIM_MASK(SIM_REC_ABORT) | SIM_MASK(SIM_REC_END),
		.emit = util_emit,
		.ctx = u,
	};

	return s;
}

double render_util_share(const struct render_util *u, unsigned cpu, size_t b)
{
	rt_time a = (rt_time)b * u->bin, e = a + u->bin;

	if (cpu >= u->cpus || b >= u->bins)
		return 0;
	if (e > u->horizon)
		e = u->horizon;
	return e > a ? (double)u->busy[(size_t)cpu * u->bins + b] /
		       (double)(e - a) : 0;
}

rt_time render_util_bin(const struct render_util *u)
{
	return u->bin;
}

void render_util_destroy(struct render_util *u)
{
	if (!u)
		return;
	rt_free(u->busy);
	rt_free(u->since);
	rt_free(u->task);
	rt_free(u->job);
	rt_free(u);
}
