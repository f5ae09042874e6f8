/* policy.c - the registry of scheduling policies (NULL-terminated, looked
 * up by name at run time; no compile-time selection). */
#include "sim/policy.h"

#include <stdio.h>
#include <string.h>

/* Every SIM_POLICY_* flag is its own bit (two branches once gave two
 * flags the same one): their sum equals their union only then. */
#define SIM_POLICY_FLAGS_SUM (SIM_POLICY_SERVERS + \
	SIM_POLICY_CLUSTERS + \
	SIM_POLICY_ADMISSION + \
	SIM_POLICY_KERNEL + \
	SIM_POLICY_RESERVATIONS + \
	SIM_POLICY_PRIORITIES + \
	SIM_POLICY_CLASSES + \
	SIM_POLICY_CRITICAL_INSTANT + \
	SIM_POLICY_JOB_LEVEL + \
	SIM_POLICY_LOCKS_FP + \
	SIM_POLICY_LOCKS_EDF + \
	SIM_POLICY_LOCKS_DL + \
	SIM_POLICY_FP_SERVERS + \
	SIM_POLICY_CAPACITY)
#define SIM_POLICY_FLAGS_OR (SIM_POLICY_SERVERS | \
	SIM_POLICY_CLUSTERS | \
	SIM_POLICY_ADMISSION | \
	SIM_POLICY_KERNEL | \
	SIM_POLICY_RESERVATIONS | \
	SIM_POLICY_PRIORITIES | \
	SIM_POLICY_CLASSES | \
	SIM_POLICY_CRITICAL_INSTANT | \
	SIM_POLICY_JOB_LEVEL | \
	SIM_POLICY_LOCKS_FP | \
	SIM_POLICY_LOCKS_EDF | \
	SIM_POLICY_LOCKS_DL | \
	SIM_POLICY_FP_SERVERS | \
	SIM_POLICY_CAPACITY)
_Static_assert(SIM_POLICY_FLAGS_SUM == SIM_POLICY_FLAGS_OR,
	       "two SIM_POLICY_* flags share a bit");

static const struct sim_policy_ops *const sim_policies[] = {
	&sim_policy_edf,
	&sim_policy_fp,
	&sim_policy_cbs,
	&sim_policy_linux_dl,
	&sim_policy_split,
	NULL
};

const struct sim_policy_ops *sim_policy_find(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; sim_policies[i]; i++)
		if (!strcmp(sim_policies[i]->name, name))
			return sim_policies[i];
	return NULL;
}

const struct sim_policy_ops *sim_policy_at(size_t i)
{
	size_t n = sizeof(sim_policies) / sizeof(sim_policies[0]) - 1;

	return i < n ? sim_policies[i] : NULL;
}

const char *sim_policy_names(unsigned with, unsigned without, char *buf,
			     size_t len)
{
	size_t n = 0, k = 0, o = 0;

	for (size_t i = 0; sim_policies[i]; i++)
		n += (sim_policies[i]->flags & with) == with &&
		     !(sim_policies[i]->flags & without);
	if (len)
		buf[0] = '\0';
	for (size_t i = 0; sim_policies[i] && o < len; i++) {
		const struct sim_policy_ops *p = sim_policies[i];

		if ((p->flags & with) != with || (p->flags & without))
			continue;
		k++;
		o += (size_t)snprintf(buf + o, len - o, "%s%s",
				      k == 1 ? "" : k == n ? " or " : ", ",
				      p->name);
	}
	return buf;
}

static bool policy_desc(const struct sim_policy_ops *p,
			struct sim_policy_desc *out)
{
	if (!p)
		return false;
	out->name = p->name;
	out->admission = (p->flags & SIM_POLICY_ADMISSION) && p->analysed_as;
	out->analysed_as = p->analysed_as;
	out->keys = p->keys ? p->keys : "";
	out->flags = p->flags;
	out->protocols = p->flags & SIM_POLICY_LOCKS_FP ?
			 SIM_PROTO_BIT(SIM_PROTO_NONE) |
			 SIM_PROTO_BIT(SIM_PROTO_PIP) |
			 SIM_PROTO_BIT(SIM_PROTO_PCP) |
			 SIM_PROTO_BIT(SIM_PROTO_SRP) :
			 p->flags & SIM_POLICY_LOCKS_EDF ?
			 SIM_PROTO_BIT(SIM_PROTO_NONE) |
			 SIM_PROTO_BIT(SIM_PROTO_SRP) :
			 p->flags & SIM_POLICY_LOCKS_DL ?
			 SIM_PROTO_BIT(SIM_PROTO_NONE) |
			 SIM_PROTO_BIT(SIM_PROTO_INHERIT) : 0;
	out->job_level = p->flags & SIM_POLICY_JOB_LEVEL;
	out->capacities = p->flags & SIM_POLICY_CAPACITY;
	return true;
}

bool sim_policy_describe(const char *name, struct sim_policy_desc *out)
{
	return policy_desc(sim_policy_find(name), out);
}

bool sim_policy_describe_at(size_t i, struct sim_policy_desc *out)
{
	return policy_desc(sim_policy_at(i), out);
}
