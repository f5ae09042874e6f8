/* cbs_util.h - helpers shared by the server, linux-dl and split suites
 * (test_cbs.c, test_linux_dl.c, test_split.c): load a scenario, run it
 * through the engine with a text trace, and measure what each server got
 * in its windows. */
#ifndef TESTS_CBS_UTIL_H
#define TESTS_CBS_UTIL_H

#include <stddef.h>

#include "scenarios/scn.h"
#include "sim/engine.h"
#include "tests/trace_util.h"

#define CBS_COMPLETE    SIM_MASK(SIM_REC_COMPLETE)
#define CBS_RUN         (SIM_MASK(SIM_REC_START) | SIM_MASK(SIM_REC_PREEMPT))

/* docs/theory.md §E.7 vectors 4 and 5 from t = 2 ms (in ns): the server wake-up,
 * deadline, throttle and replenish records (cbs_run trace lines) that both
 * revised-cbs (exact) and linux-dl (kernel arithmetic) must produce on the
 * cbs-revised / linux-dl-wakeup examples. */
#define CBS_E7_WAKEUPS_4_5 \
	"2000000 server_wakeup C2.1 1000000\n" \
	"2000000 server_deadline C2.1 4000000\n" \
	"3000000 throttle C2.1 10000000\n" \
	"3000000 server_wakeup C3.1 500000\n" \
	"3000000 server_deadline C3.1 4000000\n" \
	"3500000 throttle C3.1 10000000\n" \
	"4000000 server_wakeup I4.1 1000000\n" \
	"4000000 server_deadline I4.1 10000000\n" \
	"5000000 throttle I4.1 10000000\n" \
	"5000000 server_wakeup C5.1 0\n" \
	"5000000 throttle C5.1 10000000\n" \
	"6000000 server_wakeup I6.1 2000000\n" \
	"6000000 server_deadline I6.1 16000000\n" \
	"10000000 replenish C2.0 2000000\n" \
	"10000000 server_deadline C2.0 14000000\n" \
	"10000000 replenish C3.1 2000000\n" \
	"10000000 server_deadline C3.1 14000000\n" \
	"10000000 replenish I4.0 2000000\n" \
	"10000000 server_deadline I4.0 20000000\n" \
	"10000000 replenish C5.1 2000000\n" \
	"10000000 server_deadline C5.1 14000000\n"

/* scenarios/examples/NAME.yaml; a CUnit fatal failure if it does not
 * load. */
struct scn_scenario *cbs_load_example(const char *name);
/* Inline YAML, named t.yaml; fatal failure if it does not load. */
struct scn_scenario *cbs_load_text(const char *yaml);
/* Same for a buffer; NULL (message printed) instead of a failure. */
struct scn_scenario *cbs_load_text_n(const char *yaml, size_t n);
/* Loading must fail with a message containing 'want'. */
void cbs_load_fail(const char *yaml, const char *want);

/* The engine configuration the library's pipeline simulates s with
 * (api_sim_config: the loader's binding, the horizon `dlsim run` chooses:
 * the scenario's horizon:, else the default rule), for tests that drive
 * or alter the engine themselves. */
struct sim_config cbs_config(const struct scn_scenario *s);

/* Simulate s through the library's pipeline (api/sim.h, as `dlsim run`
 * does) with a trace of the kinds in mask (0: none), one line "TIME KIND
 * NAME.JOB VALUE" per record (tu_trace with names, no CPU column);
 * asserts success.  Returns the pipeline's engine (statistics); free it
 * with cbs_done(). */
struct sim_engine *cbs_run(const struct scn_scenario *s, unsigned mask,
			   struct tu_trace *tr);
struct sim_engine *cbs_run_from(const struct scn_scenario *s, unsigned mask,
				rt_time from, struct tu_trace *tr);
void cbs_expect(const struct tu_trace *tr, const char *want);
/* Free what cbs_run returned (and, for cbs_done, s and the trace). */
void cbs_release(struct sim_engine *e);
void cbs_done(struct sim_engine *e, struct scn_scenario *s,
	      struct tu_trace *tr);

/* The window [d - T, d) where a server got the most above Q. */
struct cbs_windows {
	size_t server;
	rt_time from, to;
};

/* Run s and return max over servers and over their deadlines d (except
 * those a wake-up replaced before they passed) of (execution of the
 * server's jobs in [d - T, d)) - Q; <= 0 means no window got more than Q.
 * *w names the worst window. */
rt_time cbs_window_excess(const struct scn_scenario *s, struct cbs_windows *w);

/* Load yaml (*s, for the caller to free), run it with a trace of the
 * records in 'mask' and compare it with want (tu_expect_text, "TIME KIND
 * TASK.JOB cCPU VALUE" lines, a short end); the engine is returned for
 * its statistics (sim_engine_destroy it). */
struct sim_engine *cbs_check_trace(const char *yaml, unsigned mask,
				   const char *want, struct scn_scenario **s);
/* Destroy what cbs_check_trace returned and loaded. */
void cbs_check_done(struct sim_engine *e, struct scn_scenario *s);

/* The records of shared resources and the jobs around them. */
#define CBS_LOCKS_MASK (SIM_MASK(SIM_REC_START) | SIM_MASK(SIM_REC_PREEMPT) | \
			SIM_MASK(SIM_REC_COMPLETE) | SIM_MASK(SIM_REC_LOCK) | \
			SIM_MASK(SIM_REC_UNLOCK) | SIM_MASK(SIM_REC_BLOCK) | \
			SIM_MASK(SIM_REC_INHERIT) | SIM_MASK(SIM_REC_END))

#endif /* TESTS_CBS_UTIL_H */
