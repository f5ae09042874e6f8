/* gen_util.c - see gen_util.h. */
#include "tests/gen_util.h"

#include <string.h>

unsigned gen_cluster_cpus(const struct sim_config *c)
{
	return c->placement == SIM_PLACE_GLOBAL ? c->cpus :
	       c->placement == SIM_PLACE_PARTITIONED ? 1 : c->cluster_size;
}

/* The platform and scheduler draws (the order is part of each seed's
 * set). */
static void gen_platform(struct rt_rng *g, const struct gen_opts *o,
			 struct sim_config *c, size_t *n)
{
	static const unsigned ms[3] = { 2, 4, 8 };

	if (!o->placements) {
		*n = (size_t)rt_rng_range(g, 1, (int64_t)o->max_tasks);
		c->cpus = rt_rng_range(g, 0, 1) ? 1 :
			  (unsigned)rt_rng_range(g, 2, o->max_cpus);
		c->policy = "edf";
		return;
	}
	c->cpus = ms[rt_rng_range(g, 0, 2)];
	c->placement = (enum sim_placement)rt_rng_range(g, 0, 2);
	do
		c->cluster_size = 1u << rt_rng_range(g, 0, 3);
	while (c->cpus % c->cluster_size);
	*n = (size_t)rt_rng_range(g, 1, (int64_t)o->max_tasks);
	c->policy = rt_rng_range(g, 0, 1) ? "fp" : "edf";
	c->priorities = (enum rt_fp_order)rt_rng_range(g, 0, RT_FP__COUNT - 1);
}

void gen_random_set(uint64_t seed, const struct gen_opts *o,
		    struct gen_set *s)
{
	struct rt_rng g;
	struct sim_config *c = &s->c;
	rt_time *lists = s->lists;
	unsigned ncl;
	size_t n;

	rt_rng_seed(&g, seed);
	memset(s, 0, sizeof(*s));
	gen_platform(&g, o, c, &n);
	ncl = c->cpus / gen_cluster_cpus(c);
	c->tasks = s->t;
	c->ntasks = n;
	if (o->placements)
		c->task_cluster = s->cl;
	c->on_miss = rt_rng_range(&g, 0, 2) == 0 ? SIM_ON_MISS_ABORT
						: SIM_ON_MISS_CONTINUE;
	c->tie_break = rt_rng_range(&g, 0, 1) ? SIM_TIE_FIFO
					       : SIM_TIE_TASK_ORDER;
	c->horizon = rt_rng_range(&g, 30, o->max_horizon);
	c->seed = seed;
	for (size_t i = 0; i < n; i++) {
		struct rt_task *t = &s->t[i];
		rt_time T = rt_rng_range(&g, 2, o->max_period);
		rt_time C = rt_rng_range(&g, 1, (T * (rt_time)c->cpus + 1) /
					 (rt_time)n + 1);
		rt_time *l = lists + i * 8;

		if (o->placements)
			s->cl[i] = (unsigned)rt_rng_range(&g, 0, ncl - 1);
		*t = rt_task_make("r", C, rt_rng_range(&g, 1, 2 * T), T);
		if (o->placements)
			t->priority = rt_rng_range(&g, -2, 2);
		if (rt_rng_range(&g, 0, 2) == 0)
			t->offset = rt_rng_range(&g, 0, T);
		if (!o->deterministic && rt_rng_range(&g, 0, 4) == 0)
			t->jitter = rt_rng_range(&g, 0, o->jitter_periods * T);
		switch (rt_rng_range(&g, 0, 9)) {
		case 0: case 1:
			if (o->deterministic)
				break;
			t->arrival = RT_ARRIVAL_SPORADIC;
			t->max_delay = rt_rng_range(&g, 0, T);
			break;
		case 2:
			t->arrival = RT_ARRIVAL_LIST;
			t->nreleases = 8;
			t->releases = l;
			for (int q = 0; q < 8; q++)
				l[q] = (q ? l[q - 1] : 0) +
				       rt_rng_range(&g, 0, c->horizon / 6);
			break;
		}
		switch (rt_rng_range(&g, 0, 4)) {
		case 0:
			if (o->deterministic)
				break;
			t->exec = RT_EXEC_UNIFORM;
			t->exec_min = 1;
			t->exec_max = C + rt_rng_range(&g, 0, 2);
			break;
		case 1:
			t->exec = RT_EXEC_LIST;
			t->exec_values = lists + GEN_MAXT * 8 + i * 3;
			t->nexec_values = 3;
			for (int q = 0; q < 3; q++)
				lists[GEN_MAXT * 8 + i * 3 + q] =
					rt_rng_range(&g, 1, 2 * C);
			break;
		}
	}
}

struct rt_task gen_table_task(struct rt_rng *g, const char *name,
			      bool feasible)
{
	static const rt_time periods[] = { 4, 5, 6, 8, 10, 12, 20 };
	rt_time t = periods[rt_rng_range(g, 0, 6)];
	rt_time c, d;

	if (feasible) {
		c = rt_rng_range(g, 1, t / 2 + 1);
		d = rt_rng_range(g, c, t);
	} else {
		c = rt_rng_range(g, 1, t / 2);
		d = rt_rng_range(g, 1, t);
	}
	return rt_task_make(name, c, d, t);
}
