/* edf_util.c - helpers shared by the EDF engine suites (see edf_util.h). */
#include "tests/edf_util.h"

#include <string.h>

#include <CUnit/CUnit.h>

#include "tests/trace_util.h"

struct sim_config cfg_make(const struct rt_task *t, size_t n,
			   rt_time horizon)
{
	struct sim_config c = {
		.tasks = t, .ntasks = n, .cpus = 1, .policy = "edf",
		.on_miss = SIM_ON_MISS_CONTINUE,
		.tie_break = SIM_TIE_TASK_ORDER, .horizon = horizon, .seed = 1,
	};
	return c;
}

struct sim_engine *run_text(const struct sim_config *c, unsigned mask,
			    struct tu_trace *s)
{
	struct sim_sink sink = { .mask = mask, .emit = tu_trace_emit, .ctx = s };
	struct sim_engine *e;

	memset(s, 0, sizeof(*s));
	e = tu_engine_run(c, &sink);
	CU_ASSERT_EQUAL(s->bad, 0);
	return e;
}

void expect_trace(const struct tu_trace *s, const char *want)
{
	tu_expect_text(s->buf, want);
}
