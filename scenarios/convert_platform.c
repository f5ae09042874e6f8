/* convert_platform.c - platform.cpus given as a list of CPU types
 * [{capacity, count}, ...] (scenarios/README.md "Uniform platforms"):
 * CPUs numbered in list order, each type's count of CPUs of that
 * capacity (1..1024: work progresses at capacity/1024, the kernel's
 * arch_scale_cpu_capacity() against SCHED_CAPACITY_SCALE).  The list
 * was read from the text by scn_cpus_scan() (locate.c).  A list whose
 * every capacity is 1024 is the identical platform (s->capacity NULL).
 * What is not modelled on CPUs of different capacities is refused.
 */
#include "scenarios/internal.h"

#include <stdio.h>
#include <string.h>

#include "models/mem.h"

enum rt_err scn_convert_cpus(const struct scn_ctx *c, struct scn_scenario *s)
{
	const struct scn_cpus_list *cl = c->cpus;
	uint64_t total = 0;
	bool all_full = true;
	enum rt_err err;
	int64_t cap, cnt;
	char path[48];

	if (!cl->n)
		return scn_fail(c, RT_ERR_PARSE, "platform.cpus", NULL, 0,
				SCN_AT_VALUE, "empty list; expected at least "
				"one {capacity, count}");
	for (size_t i = 0; i < cl->n; i++) {
		const struct scn_cpus_entry *e = &cl->v[i];

		snprintf(path, sizeof(path), "platform.cpus[%zu]", i);
		if (e->not_map || e->not_scalar)
			return scn_fail(c, RT_ERR_PARSE, path, NULL, 0,
					SCN_AT_VALUE, "expected a mapping "
					"{capacity: N, count: K} of numbers");
		if (e->unknown)
			return scn_fail(c, RT_ERR_PARSE, path, e->unknown, 0,
					SCN_AT_KEY, "unknown key; expected one "
					"of: capacity, count, frequencies, "
					"power, idle_power, frequency");
		if (!e->capacity)
			return scn_fail(c, RT_ERR_PARSE, path, NULL, 0,
					SCN_AT_VALUE, "missing capacity; "
					"expected 1..1024 (1024: the fastest "
					"CPU, SCHED_CAPACITY_SCALE)");
		if ((err = scn_int_at(c, e->capacity, path, "capacity", 1, 1024,
				      &cap)))
			return err;
		cnt = 1;
		if (e->count && (err = scn_int_at(c, e->count, path, "count", 1,
						  SCN_MAX_CPUS, &cnt)))
			return err;
		total += (uint64_t)cnt;
		if (total > SCN_MAX_CPUS)
			return scn_fail(c, RT_ERR_PARSE, "platform.cpus", NULL,
					0, SCN_AT_VALUE, "%llu CPUs; expected at "
					"most %u", (unsigned long long)total,
					SCN_MAX_CPUS);
		all_full = all_full && cap == 1024;
	}
	s->cpus = (unsigned)total;
	if (all_full)
		return RT_OK;
	s->capacity = rt_calloc(total, sizeof(*s->capacity));
	if (!s->capacity)
		return RT_ERR_NOMEM;
	total = 0;
	for (size_t i = 0; i < cl->n; i++) {
		snprintf(path, sizeof(path), "platform.cpus[%zu]", i);
		scn_int_at(c, cl->v[i].capacity, path, "capacity", 1, 1024, &cap);
		cnt = 1;
		if (cl->v[i].count)
			scn_int_at(c, cl->v[i].count, path, "count", 1,
				   SCN_MAX_CPUS, &cnt);
		for (int64_t k = 0; k < cnt; k++)
			s->capacity[total++] = (uint32_t)cap;
	}
	return RT_OK;
}

/* linux-dl on CPUs of different capacities (docs/linux-dl.md): root
 * domains of all CPUs (placement global) or the exclusive cpusets;
 * refused: what sim/policy_linux_dl.c does not model there (GRUB is
 * refused once scheduler.reclaim and the tasks' flags are read,
 * scn_check_platform_reclaim; the engine refuses them too, ldl_caps()). */
static enum rt_err scn_check_platform_dl(const struct scn_ctx *c,
					 const struct scn_scenario *s)
{
	if (s->sched.placement != SCN_PLACE_GLOBAL &&
	    s->sched.placement != SCN_PLACE_CPUSETS)
		return scn_fail(c, RT_ERR_PARSE, "platform.cpus", NULL, 0,
				SCN_AT_VALUE, "not implemented yet: placement "
				"%s under policy linux-dl on CPUs of different "
				"capacities; expected placement: global or "
				"cpusets",
				scn_placement_name(s->sched.placement));
	for (size_t i = 0; i < s->ntasks; i++) {
		char p[32];

		if (s->tasks[i].nsuspend)
			return scn_fail(c, RT_ERR_PARSE, "platform.cpus", NULL,
					0, SCN_AT_VALUE, "not implemented yet: "
					"self-suspension (task %s) on CPUs of "
					"different capacities",
					s->tasks[i].name);
		if (s->tasks[i].klass != RT_CLASS_FAIR)
			continue;
		snprintf(p, sizeof(p), "tasks[%zu]", i);
		return scn_fail(c, RT_ERR_PARSE, p, "class", 0, SCN_AT_VALUE,
				"not implemented yet: class: fair under policy "
				"linux-dl on CPUs of different capacities "
				"(platform.cpus; the kernel pins each fair "
				"server to its CPU); expected hard or soft");
	}
	return RT_OK;
}

enum rt_err scn_check_platform_reclaim(const struct scn_ctx *c,
				       const struct scn_scenario *s)
{
	struct sim_policy_desc pd;

	if (!s->capacity || !sim_policy_describe(s->sched.policy, &pd) ||
	    !pd.capacities)
		return RT_OK;
	if (s->sched.reclaim == RT_RECLAIM_GRUB)
		return scn_fail(c, RT_ERR_PARSE, "scheduler", "reclaim", 0,
				SCN_AT_VALUE, "not implemented yet: reclaim: "
				"grub on CPUs of different capacities "
				"(platform.cpus); expected none");
	for (size_t i = 0; s->dl_flags && i < s->ntasks; i++) {
		char p[32];

		if (!(s->dl_flags[i] & RT_DL_FLAG_RECLAIM))
			continue;
		snprintf(p, sizeof(p), "tasks[%zu]", i);
		return scn_fail(c, RT_ERR_PARSE, p, "flags", 0, SCN_AT_VALUE,
				"not implemented yet: reclaim (grub) on CPUs "
				"of different capacities (platform.cpus); "
				"expected [dl-overrun] or no flags");
	}
	return RT_OK;
}

enum rt_err scn_check_slow(const struct scn_ctx *c,
			   const struct scn_scenario *s, const char *path,
			   const char *what, const char *policies)
{
	struct sim_policy_desc pd;

	if (sim_policy_describe(s->sched.policy, &pd) && !pd.job_level)
		return scn_fail(c, RT_ERR_PARSE, path, NULL, 0,
				SCN_AT_VALUE, "not implemented yet: policy %s "
				"%s; expected policy %s", pd.name, what,
				policies);
	if (s->sched.placement != SCN_PLACE_GLOBAL || s->sched.ncpusets)
		return scn_fail(c, RT_ERR_PARSE, path, NULL, 0,
				SCN_AT_VALUE, "not implemented yet: placement "
				"%s %s; expected placement: global",
				scn_placement_name(s->sched.placement), what);
	if (strcmp(s->sched.admission, "none") != 0 || s->sched.has_mode)
		return scn_fail(c, RT_ERR_PARSE, path, NULL, 0,
				SCN_AT_VALUE, "not implemented yet: admission "
				"and mode %s", what);
	for (size_t i = 0; i < s->ntasks; i++)
		if (s->tasks[i].nsuspend)
			return scn_fail(c, RT_ERR_PARSE, path, NULL,
					0, SCN_AT_VALUE, "not implemented yet: "
					"self-suspension (task %s) %s",
					s->tasks[i].name, what);
	return RT_OK;
}

enum rt_err scn_check_platform(const struct scn_ctx *c,
			       const struct scn_y_doc *y,
			       struct scn_scenario *s)
{
	struct sim_policy_desc pd;
	enum rt_err err;

	if (s->capacity && sim_policy_describe(s->sched.policy, &pd) &&
	    pd.capacities)
		err = scn_check_platform_dl(c, s);
	else if (s->capacity)
		err = scn_check_slow(c, s, "platform.cpus", "on CPUs of "
				     "different capacities",
				     "edf, fp or linux-dl");
	else
		err = RT_OK;
	if (err)
		return err;
	return scn_convert_freq(c, y, s);
}
