/* names.c - the names the library knows (dlsim_names): the policy registry
 * (sim/policy.h) by flags and the test registry (models/tests.h) by what
 * each test analyses, for help texts and front ends. */
#include "api/internal.h"

#include <stdio.h>
#include <string.h>

#include "api/analysis.h"
#include "models/tests.h"
#include "sim/policy.h"

/* Every policy whose flags include 'with' and exclude 'without', ", "
 * separated (sim_policy_names joins the last with "or": a list here). */
static const char *names_policies(unsigned with, unsigned without, char *buf,
				  size_t len)
{
	const struct sim_policy_ops *p;
	size_t o = 0;

	buf[0] = '\0';
	for (size_t i = 0; (p = sim_policy_at(i)) && o < len; i++) {
		if ((p->flags & with) != with || (p->flags & without))
			continue;
		o += (size_t)snprintf(buf + o, len - o, "%s%s", o ? ", " : "",
				      p->name);
	}
	return buf;
}

/* The tests that analyse only the policy model 'only' (one RT_AN_* bit):
 * a policy's own tests, not the EDF tests it shares. */
static const char *names_own_tests(unsigned only, char *buf, size_t len)
{
	size_t o = 0;

	for (size_t i = 0; rt_tests[i] && o < len; i++)
		if (rt_tests[i]->analyses.policies == only)
			o += (size_t)snprintf(buf + o, len - o, "%s%s",
					      o ? ", " : "", rt_tests[i]->name);
	return buf;
}

const char *dlsim_names(enum dlsim_names which, char *buf, size_t len)
{
	if (!buf || !len)
		return buf;
	buf[0] = '\0';
	switch (which) {
	case DLSIM_NAMES_POLICIES:
		return names_policies(0, 0, buf, len);
	case DLSIM_NAMES_PLAIN_POLICIES:
		return names_policies(0, SIM_POLICY_NOT_PLAIN, buf, len);
	case DLSIM_NAMES_KERNEL_POLICIES:
		return names_policies(SIM_POLICY_KERNEL, 0, buf, len);
	case DLSIM_NAMES_SERVER_POLICIES:
		return names_policies(SIM_POLICY_SERVERS, 0, buf, len);
	case DLSIM_NAMES_TESTS_UNI:
		return rt_test_names_for(RT_AN_EDF | RT_AN_FP, RT_AN_UNI, buf,
					 len);
	case DLSIM_NAMES_TESTS_GLOBAL:
		return rt_test_names_for(RT_AN_EDF, RT_AN_GLOBAL, buf, len);
	case DLSIM_NAMES_TESTS_PARTITIONED:
		return rt_test_names_for(RT_AN_EDF, RT_AN_PARTITIONED, buf,
					 len);
	case DLSIM_NAMES_TESTS_KERNEL:
		return names_own_tests(RT_AN_LINUX_DL, buf, len);
	case DLSIM_NAMES_TESTS_SERVERS:
		return names_own_tests(RT_AN_CBS, buf, len);
	case DLSIM_NAMES_TESTS_RESOURCES:
		snprintf(buf, len, "%s, %s", api_test_fp_blocking.name,
			 api_test_edf_srp.name);
		return buf;
	}
	return buf;
}
