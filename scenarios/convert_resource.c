/* convert_resource.c - shared resources, critical sections and the
 * locking protocol (scenarios/README.md "Resources", docs/theory.md
 * "Resources"):
 *
 *   resources: [{name: R}, ...]            unique names
 *   tasks[i].sections: [{resource: R, after: x, for: y}, ...]
 *                                          x >= 0, y > 0, properly nested
 *   scheduler.protocol: none | pip | pcp | srp | inherit
 *
 * Which protocol each policy defines: fp none, pip, pcp, srp; edf none
 * and srp (preemption levels by relative deadline); linux-dl none and
 * inherit (the kernel's rt_mutex deadline inheritance); no other policy
 * takes sections or the key.  Resources need one CPU.
 * Every refusal names the key, its line and column.
 */
#include "scenarios/internal.h"

#include <stdio.h>
#include <string.h>

#include "models/mem.h"
#include "models/section.h"
#include "sim/engine.h"

static const char *const scn_protocols[] = {
	"none", "pip", "pcp", "srp", "inherit"
};
_Static_assert(SIM_PROTO_INHERIT == 4, "scn_protocols follows enum "
	       "sim_protocol");

static enum rt_err scn_resource_names(const struct scn_ctx *c,
				      const struct scn_y_doc *y,
				      struct scn_scenario *s)
{
	char p[48], q[72];

	if (!y->resources)
		return RT_OK;
	s->resources = rt_calloc(y->resources_count, sizeof(*s->resources));
	if (!s->resources)
		return RT_ERR_NOMEM;
	for (size_t i = 0; i < y->resources_count; i++) {
		const char *n = y->resources[i].name;

		snprintf(p, sizeof(p), "resources[%zu]", i);
		if (!n)
			return scn_fail(c, RT_ERR_PARSE, p, NULL, 0,
					SCN_AT_VALUE, "missing name; expected a "
					"unique resource name, e.g. name: R");
		if (!n[0] || strlen(n) > SCN_MAX_NAME)
			return scn_fail(c, RT_ERR_PARSE, p, "name", 0,
					SCN_AT_VALUE, "%s; expected 1 to %d bytes",
					n[0] ? "too long" : "empty",
					SCN_MAX_NAME);
		if (scn_ctrl_char(n) >= 0)
			return scn_fail(c, RT_ERR_PARSE, p, "name", 0,
					SCN_AT_VALUE, "holds the control "
					"character 0x%02x; expected printable "
					"text", scn_ctrl_char(n));
		for (size_t k = 0; k < i; k++)
			if (!strcmp(s->resources[k], n)) {
				scn_quote(q, sizeof(q), n);
				return scn_fail(c, RT_ERR_PARSE, p, "name", 0,
						SCN_AT_VALUE, "%s is already the "
						"name of resources[%zu]; expected "
						"unique resource names", q, k);
			}
		s->resources[i] = rt_strdup(n);
		if (!s->resources[i])
			return RT_ERR_NOMEM;
		s->nresources = i + 1;
	}
	return RT_OK;
}

/* The protocols the scenario's policy defines (SIM_PROTO_BIT()s). */
static unsigned scn_protocols_of(const struct scn_scenario *s)
{
	struct sim_policy_desc p;

	return sim_policy_describe(s->sched.policy, &p) ? p.protocols : 0;
}

static enum rt_err scn_protocol(const struct scn_ctx *c,
				const struct scn_y_sched *ys,
				struct scn_scenario *s)
{
	const char *pol = s->sched.policy;
	enum rt_err err;
	int e;

	s->sched.protocol = SIM_PROTO_NONE;
	if (!ys || !ys->protocol)
		return RT_OK;
	if ((err = scn_enum_at(c, ys->protocol, "scheduler", "protocol",
			       SCN_NAMES(scn_protocols), &e)))
		return err;
	if (!scn_protocols_of(s))
		return scn_fail(c, RT_ERR_UNSUPPORTED, "scheduler", "protocol",
				0, SCN_AT_KEY, "locking protocols are defined "
				"for policies fp, edf and linux-dl only; "
				"expected no protocol with policy: %s", pol);
	if (!(scn_protocols_of(s) & SIM_PROTO_BIT(e)))
		return scn_fail(c, RT_ERR_UNSUPPORTED, "scheduler.protocol",
				NULL, 0, SCN_AT_VALUE, "%s is not defined "
				"with policy: %s (%s); expected %s",
				scn_protocols[e], pol,
				e == SIM_PROTO_INHERIT ? "inherit is the "
				"kernel's rt_mutex deadline inheritance, "
				"policy linux-dl only" : !strcmp(pol,
				"linux-dl") ? "linux-dl takes the kernel's "
				"rt_mutex: none or inherit" : "pip and pcp "
				"are fixed-priority protocols",
				!strcmp(pol, "linux-dl") ? "none or inherit" :
				(scn_protocols_of(s) &
				 SIM_PROTO_BIT(SIM_PROTO_PIP)) ?
				"none, pip, pcp or srp" : "none or srp");
	s->sched.protocol = (enum sim_protocol)e;
	return RT_OK;
}

/* The resource named 'name', or SIZE_MAX. */
static size_t scn_resource_find(const struct scn_scenario *s,
				const char *name)
{
	for (size_t k = 0; k < s->nresources; k++)
		if (!strcmp(s->resources[k], name))
			return k;
	return SIZE_MAX;
}

static enum rt_err scn_task_sections(const struct scn_ctx *c,
				     const struct scn_y_task *y, size_t i,
				     struct scn_scenario *s)
{
	struct rt_task *t = &s->tasks[i];
	rt_time dmax = rt_task_max_demand(t, NULL);
	struct rt_section *v;
	char tp[48], p[96], q[72];
	size_t bad, other;
	struct rt_diag tmp;
	enum rt_err err;

	snprintf(tp, sizeof(tp), "tasks[%zu]", i);
	if (!scn_protocols_of(s))
		return scn_fail(c, RT_ERR_UNSUPPORTED, tp, "sections", 0,
				SCN_AT_KEY, "shared resources are defined for "
				"policies fp, edf and linux-dl only; expected "
				"no sections with policy: %s", s->sched.policy);
	if (s->cpus != 1)
		return scn_fail(c, RT_ERR_UNSUPPORTED, tp, "sections", 0,
				SCN_AT_KEY, "shared resources need one CPU "
				"(platform.cpus is %u): multiprocessor locking "
				"protocols are not implemented", s->cpus);
	/* the engine models locking at full speed only (sim/config.c);
	 * each refusal names the key that slows the CPU or charges it */
	if (scn_freq_slowed(s))
		return scn_fail(c, RT_ERR_UNSUPPORTED, "platform.governor",
				NULL, 0, SCN_AT_VALUE, "not implemented yet: "
				"shared resources (%s.sections) below the "
				"highest frequency; expected governor "
				"performance", tp);
	for (unsigned k = 0; s->capacity && k < s->cpus; k++)
		if (s->capacity[k] != SIM_CAP_SCALE)
			return scn_fail(c, RT_ERR_UNSUPPORTED, "platform.cpus",
					NULL, 0, SCN_AT_VALUE, "not implemented "
					"yet: shared resources (%s.sections) on a "
					"CPU of capacity %u; expected capacity "
					"%u", tp, s->capacity[k], SIM_CAP_SCALE);
	if (rt_ovh_any(&s->overheads))
		return scn_fail(c, RT_ERR_UNSUPPORTED, "overheads", NULL, 0,
				SCN_AT_KEY, "not implemented yet: scheduling "
				"overheads with shared resources (%s.sections); "
				"expected one of them", tp);
	if (!strcmp(s->sched.policy, "linux-dl") && t->klass == RT_CLASS_FAIR)
		return scn_fail(c, RT_ERR_UNSUPPORTED, tp, "sections", 0,
				SCN_AT_KEY, "not modelled: sections in a class: "
				"fair task under linux-dl (a boosted "
				"SCHED_OTHER holder); expected sections on "
				"deadline tasks only");
	if (!strcmp(s->sched.policy, "linux-dl") && y->changes_count)
		return scn_fail(c, RT_ERR_UNSUPPORTED, tp, "sections", 0,
				SCN_AT_KEY, "not modelled: sections on a task "
				"with changes (sched_setattr() of a task that "
				"may hold or inherit, __setscheduler_dl_pi()); "
				"expected sections or changes, not both");
	v = rt_calloc(y->sections_count, sizeof(*v));
	if (!v)
		return RT_ERR_NOMEM;
	t->sections = v;                /* owned by the scenario (scn_free) */
	t->nsections = y->sections_count;
	for (unsigned k = 0; k < y->sections_count; k++) {
		const struct scn_y_section *x = &y->sections[k];
		size_t r;

		snprintf(p, sizeof(p), "%s.sections[%u]", tp, k);
		if (!x->resource || !x->after || !x->len)
			return scn_fail(c, RT_ERR_PARSE, p, NULL, 0,
					SCN_AT_VALUE, "missing %s; expected "
					"{resource: R, after: X, for: Y} (hold R "
					"from X to X + Y of the job's demand)",
					!x->resource ? "resource" :
					!x->after ? "after" : "for");
		r = scn_resource_find(s, x->resource);
		if (r == SIZE_MAX) {
			scn_quote(q, sizeof(q), x->resource);
			return scn_fail(c, RT_ERR_INVAL, p, "resource", 0,
					SCN_AT_VALUE, "%s is not a resource; "
					"expected a name of resources: [...]%s",
					q, s->nresources ? "" :
					" (there is none)");
		}
		v[k].resource = (uint32_t)r;
		if ((err = scn_time_at(c, s->time_unit, x->after, p, "after",
				       -1, SCN_SIGN_NONNEG, &v[k].after)) ||
		    (err = scn_time_at(c, s->time_unit, x->len, p, "for", -1,
				       SCN_SIGN_POS, &v[k].len)))
			return err;
		/* X + Y <= the largest demand of a job (C with exec fixed,
		 * rt_task_max_demand): a section ending at it is unlocked at
		 * the completion; one ending past it is never held for its
		 * whole length by any job (README "Resources") */
		if (v[k].after > dmax || v[k].len > dmax - v[k].after) {
			char qa[72], qf[72], qd[128];

			scn_quote(qa, sizeof(qa), x->after);
			scn_quote(qf, sizeof(qf), x->len);
			return scn_fail(c, RT_ERR_INVAL, p, "for", 0,
					SCN_AT_VALUE, "section ends past the "
					"job's end: after %s + for %s exceeds "
					"%s%s; expected after + for <= %s", qa, qf,
					scn_task_demand_text(y, t, qd, sizeof(qd)),
					t->exec == RT_EXEC_FIXED ? "" :
					", the largest demand of a job",
					t->exec == RT_EXEC_FIXED ? "C" :
					"the largest demand");
		}
	}
	err = rt_sections_check(t->name, v, t->nsections, s->nresources,
				&bad, &other, &tmp);
	if (err) {
		snprintf(p, sizeof(p), "%s.sections[%zu]", tp, bad);
		return scn_fail(c, err, p, NULL, 0, SCN_AT_VALUE, "%s",
				tmp.msg);
	}
	return RT_OK;
}

/* A protocol other than the default none acts only on critical
 * sections: with none in the scenario it would do nothing, so it is
 * refused at its value (scenarios/README.md "Resources"). */
static enum rt_err scn_protocol_used(const struct scn_ctx *c,
				     const struct scn_scenario *s)
{
	if (s->sched.protocol == SIM_PROTO_NONE)
		return RT_OK;
	for (size_t i = 0; i < s->ntasks; i++)
		if (s->tasks[i].nsections)
			return RT_OK;
	return scn_fail(c, RT_ERR_INVAL, "scheduler.protocol", NULL, 0,
			SCN_AT_VALUE, "%s has nothing to act on: no task has "
			"critical sections; expected sections: [{resource: R, "
			"after: X, for: Y}] on a task, or no protocol",
			scn_protocols[s->sched.protocol]);
}

enum rt_err scn_convert_resources(const struct scn_ctx *c,
				  const struct scn_y_doc *y,
				  struct scn_scenario *s)
{
	enum rt_err err;

	if ((err = scn_resource_names(c, y, s)) ||
	    (err = scn_protocol(c, y->scheduler, s)))
		return err;
	for (size_t i = 0; i < s->ntasks; i++)
		if (y->tasks[i].sections &&
		    (err = scn_task_sections(c, &y->tasks[i], i, s)))
			return err;
	return scn_protocol_used(c, s);
}
