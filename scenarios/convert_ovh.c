/* convert_ovh.c - the scenario's 'overheads' mapping (scenarios/README.md
 * "Overheads", docs/theory.md §H): times in the scenario's unit, the
 * tick rate hz (ticks per second, so only with a real time unit), and
 * only for a policy that charges them (sim_policy_desc.job_level: edf, fp).
 * Each key is refused where it would do nothing.
 */
#include "scenarios/internal.h"

#include <string.h>

enum rt_err scn_convert_ovh(const struct scn_ctx *c, const struct scn_y_doc *y,
			    struct scn_scenario *s)
{
	const struct scn_y_overheads *yo = y->overheads;
	struct rt_overheads *o = &s->overheads;
	struct sim_policy_desc pd;
	enum rt_err err;
	int64_t hz;

	memset(o, 0, sizeof(*o));
	if (!yo)
		return RT_OK;
	if ((yo->context_switch &&
	     (err = scn_time_at(c, s->time_unit, yo->context_switch,
				"overheads", "context_switch", -1,
				SCN_SIGN_NONNEG, &o->context_switch))) ||
	    (yo->schedule &&
	     (err = scn_time_at(c, s->time_unit, yo->schedule, "overheads",
				"schedule", -1, SCN_SIGN_NONNEG,
				&o->schedule))) ||
	    (yo->release &&
	     (err = scn_time_at(c, s->time_unit, yo->release, "overheads",
				"release", -1, SCN_SIGN_NONNEG, &o->release))) ||
	    (yo->migration &&
	     (err = scn_time_at(c, s->time_unit, yo->migration, "overheads",
				"migration", -1, SCN_SIGN_NONNEG,
				&o->migration))) ||
	    (yo->tick &&
	     (err = scn_time_at(c, s->time_unit, yo->tick, "overheads", "tick",
				-1, SCN_SIGN_NONNEG, &o->tick))))
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
	if (yo->hz && o->tick == 0)
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
