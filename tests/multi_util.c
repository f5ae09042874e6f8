/* multi_util.c - helpers shared by the multicore suites (see
 * multi_util.h). */
#include "tests/multi_util.h"

#include "tests/trace_util.h"

enum rt_err mtext_emit(void *ctx, const struct sim_rec *r)
{
	struct mtext *s = ctx;
	uint32_t task = r->task;
	int cpu = r->cpu;
	rt_time value = r->value;

	if (s->keep && r->kind != SIM_REC_END) {
		if (!s->keep[r->task])
			return RT_OK;
		task = s->map[r->task];
		if (cpu >= 0)
			cpu -= s->cpu0;
		if (r->kind == SIM_REC_MIGRATE)
			value -= s->cpu0;       /* the previous CPU */
	}
	return tu_append_rec(&s->buf, &s->len, &s->cap, r, task, cpu, value);
}

struct sim_config mcfg(const struct rt_task *t, size_t n, unsigned cpus,
		       rt_time horizon)
{
	struct sim_config c = {
		.tasks = t, .ntasks = n, .cpus = cpus, .policy = "edf",
		.horizon = horizon, .seed = 1,
	};
	return c;
}
