/* multi_util.c - helpers shared by the multicore suites (see
 * multi_util.h). */
#include "tests/multi_util.h"

struct sim_config mcfg(const struct rt_task *t, size_t n, unsigned cpus,
		       rt_time horizon)
{
	struct sim_config c = {
		.tasks = t, .ntasks = n, .cpus = cpus, .policy = "edf",
		.horizon = horizon, .seed = 1,
	};
	return c;
}
