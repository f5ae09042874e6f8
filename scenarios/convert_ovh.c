/* convert_ovh.c - the scenario's 'overheads' mapping (scenarios/README.md
 * "Overheads", docs/theory.md §H): times in the scenario's unit, the
 * tick rate hz (ticks per second, so only with a real time unit), or a
 * table of the times by number of CPUs (by_cpus: the row of the
 * platform's CPU count, else of the next larger count listed), and only
 * for a policy that charges them (sim_policy_desc.job_level: edf, fp).
 * Each key is refused where it would do nothing.
 */
#include "scenarios/internal.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The five times at 'pre' ("overheads" or "overheads.by_cpus[i]"). */
static enum rt_err ovh_times(const struct scn_ctx *c,
			     const struct scn_scenario *s, const char *pre,
			     const struct scn_y_ovh_times *y,
			     struct rt_overheads *o)
{
	static const char *const key[] = { "context_switch", "schedule",
					   "release", "migration", "tick" };
	const char *str[] = { y->context_switch, y->schedule, y->release,
			      y->migration, y->tick };
	rt_time *out[] = { &o->context_switch, &o->schedule, &o->release,
			   &o->migration, &o->tick };
	enum rt_err err;

	for (size_t k = 0; k < sizeof(key) / sizeof(key[0]); k++)
		if (str[k] && (err = scn_time_at(c, s->time_unit, str[k], pre,
						 key[k], -1, SCN_SIGN_NONNEG,
						 out[k])))
			return err;
	return RT_OK;
}

static bool ovh_any_given(const struct scn_y_ovh_times *y)
{
	return y->context_switch || y->schedule || y->release ||
	       y->migration || y->tick;
}

/* by_cpus: every row checked; the row for s->cpus into *o. */
static enum rt_err ovh_by_cpus(const struct scn_ctx *c,
			       const struct scn_y_overheads *yo,
			       const struct scn_scenario *s,
			       struct rt_overheads *o)
{
	size_t best = SIZE_MAX;
	int64_t best_n = 0, n;
	enum rt_err err;
	char pre[48];

	if (ovh_any_given(&yo->t))
		return scn_fail(c, RT_ERR_PARSE, "overheads", "by_cpus", 0,
				SCN_AT_KEY, "given with times outside it; "
				"expected either the times or by_cpus");
	for (size_t i = 0; i < yo->by_cpus_count; i++) {
		struct rt_overheads row = { 0 };

		snprintf(pre, sizeof(pre), "overheads.by_cpus[%zu]", i);
		if (!yo->by_cpus[i].cpus)
			return scn_fail(c, RT_ERR_PARSE, pre, NULL, 0,
					SCN_AT_VALUE, "missing cpus; expected "
					"the number of CPUs the row is for");
		if ((err = scn_int_at(c, yo->by_cpus[i].cpus, pre, "cpus", 1,
				      SCN_MAX_CPUS, &n)) ||
		    (err = ovh_times(c, s, pre, &yo->by_cpus[i].t, &row)))
			return err;
		for (size_t k = 0; k < i; k++)
			if (!strcmp(yo->by_cpus[k].cpus, yo->by_cpus[i].cpus))
				return scn_fail(c, RT_ERR_PARSE, pre, "cpus",
						0, SCN_AT_VALUE, "a second row "
						"for %lld CPUs; expected one",
						(long long)n);
		if (n >= (int64_t)s->cpus && (best == SIZE_MAX || n < best_n)) {
			best = i;
			best_n = n;
			*o = row;
		}
	}
	if (best == SIZE_MAX)
		return scn_fail(c, RT_ERR_PARSE, "overheads", "by_cpus", 0,
				SCN_AT_KEY, "no row for %u CPUs or more; "
				"expected a row with cpus >= %u", s->cpus,
				s->cpus);
	return RT_OK;
}

enum rt_err scn_convert_ovh(const struct scn_ctx *c, const struct scn_y_doc *y,
			    struct scn_scenario *s)
{
	const struct scn_y_overheads *yo = y->overheads;
	struct rt_overheads *o = &s->overheads;
	struct sim_policy_desc pd;
	bool rows_tick = false;         /* a by_cpus row has a tick */
	enum rt_err err;
	int64_t hz;

	memset(o, 0, sizeof(*o));
	if (!yo)
		return RT_OK;
	if ((err = yo->by_cpus ? ovh_by_cpus(c, yo, s, o) :
		   ovh_times(c, s, "overheads", &yo->t, o)))
		return err;
	if (yo->hz) {
		if (s->time_unit == SCN_UNIT_TICK)
			return scn_fail(c, RT_ERR_PARSE, "overheads", "hz", 0,
					SCN_AT_KEY, "ticks per second need a "
					"time unit; expected time_unit: ns, us, "
					"ms or s");
		if ((err = scn_int_at(c, yo->hz, "overheads", "hz", 1,
				      RT_NSEC_PER_SEC, &hz)))
			return err;
		/* the kernel's TICK_NSEC: (NSEC_PER_SEC + HZ/2) / HZ */
		o->tick_period = (RT_NSEC_PER_SEC + hz / 2) / hz;
	}
	if (o->tick > 0 && !yo->hz)
		return scn_fail(c, RT_ERR_PARSE, "overheads", "tick", 0,
				SCN_AT_KEY, "a tick overhead needs the tick "
				"rate; expected hz (e.g. hz: 1000)");
	for (size_t i = 0; yo->by_cpus && i < yo->by_cpus_count; i++)
		rows_tick = rows_tick || yo->by_cpus[i].t.tick;
	if (yo->hz && o->tick == 0 && !rows_tick)
		return scn_fail(c, RT_ERR_PARSE, "overheads", "hz", 0,
				SCN_AT_KEY, "does nothing without a tick "
				"overhead; expected tick (> 0) or no hz");
	if (o->tick >= o->tick_period && o->tick > 0)
		return scn_fail(c, RT_ERR_PARSE, "overheads", "tick", 0,
				SCN_AT_VALUE, "not shorter than the tick "
				"period 1/hz; expected tick < 1/hz");
	if (!rt_ovh_any(o))
		return RT_OK;
	if (sim_policy_describe(s->sched.policy, &pd) &&
	    !pd.job_level)
		return scn_fail(c, RT_ERR_PARSE, "overheads", NULL, 0,
				SCN_AT_KEY, "not modelled for policy %s; "
				"expected policy edf or fp (or no overheads)",
				pd.name);
	return RT_OK;
}
