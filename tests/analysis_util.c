/* analysis_util.c - helpers shared by the analysis suites (see
 * analysis_util.h). */
#include "tests/analysis_util.h"

#include "models/frac.h"
#include "tests/trace_util.h"

const char *const gnames[7] = {
	"gfb", "bak", "bcl", "bcl-iterative", "rta", "bar", "ffdbf"
};

const char *u_str(const struct rt_task *ts, size_t n)
{
	struct rt_frac *f = NULL;

	if (rt_frac_utilization(ts, n, &f) != RT_OK)
		return "?";
	return tu_frac_str(f);
}

const char *dens_str(const struct rt_task *ts, size_t n)
{
	struct rt_frac *f = NULL;

	if (rt_frac_density(ts, n, &f) != RT_OK)
		return "?";
	return tu_frac_str(f);
}

/* dbf by enumerating jobs (independent of the closed form). */
rt_time brute_dbf(const struct rt_task *ts, size_t n, rt_time t)
{
	rt_time h = 0;

	for (size_t i = 0; i < n; i++)
		for (rt_time r = 0; r + ts[i].deadline <= t; r += ts[i].period)
			h += ts[i].wcet;
	return h;
}

