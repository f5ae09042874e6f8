/* server_svc.c - engine services for policies that run servers or admit
 * tasks (sim/policy.h): records that are not about one job's life, the
 * server statistics, admission test names. */
#include <string.h>

#include "models/mem.h"
#include "sim/internal.h"

const char *sim_admit_test_name(unsigned t)
{
	if (t >= SIM_ADMIT_REGISTRY) {
		size_t i = t - SIM_ADMIT_REGISTRY, k = 0;

		while (rt_tests[k] && k < i)
			k++;
		return rt_tests[k] ? rt_tests[k]->name : "?";
	}
	switch ((enum sim_admit_test)t) {
	case SIM_ADMIT_NONE:            return "none";
	case SIM_ADMIT_LINUX:           return "linux";
	case SIM_ADMIT_EXACT:           return "exact";
	case SIM_ADMIT_DENSITY:         return "density";
	case SIM_ADMIT_D_EQUALS_T:      return "d-equals-t";
	case SIM_ADMIT_UTILIZATION:     return "utilization";
	case SIM_ADMIT_HARD_ALL:        return "hard";
	case SIM_ADMIT_REGISTRY:        break;
	}
	return "?";
}

void sim_engine_emit(struct sim_engine *e, enum sim_rec_kind kind, int cpu,
		     uint32_t task, const struct sim_job *j, rt_time value)
{
	struct sim_rec r;

	if (!(e->want & SIM_MASK(kind)))
		return;
	if (j) {
		sim_emit_slow(e, kind, cpu, j, value);
		return;
	}
	memset(&r, 0, sizeof(r));
	r.time = e->now;
	r.kind = kind;
	r.cpu = cpu;
	r.task = task;
	r.value = value;
	for (size_t i = 0; i < e->nsinks; i++) {
		const struct sim_sink *s = &e->sinks[i];
		enum rt_err err;

		if (!(s->mask & SIM_MASK(kind)))
			continue;
		err = s->emit(s->ctx, &r);
		if (err) {
			sim_fail(e, err, "sink %zu failed on a %s record",
				 i, sim_rec_kind_name(kind));
			return;
		}
	}
}

struct sim_server_stats *sim_engine_server_stats(struct sim_engine *e,
						 size_t n)
{
	struct sim_server_stats *v;

	if (e->st.servers || n == 0)
		return e->st.servers;
	v = rt_calloc(n, sizeof(*v));
	if (!v)
		return NULL;
	e->st.servers = v;
	e->st.nservers = n;
	return v;
}

void sim_engine_server_miss(struct sim_engine *e, size_t i, rt_time late)
{
	struct sim_server_stats *s = &e->st.servers[i];

	s->deadline_misses++;
	e->st.server_misses++;
	if (late > s->max_lateness)
		s->max_lateness = late;
}
