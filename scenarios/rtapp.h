/* rtapp.h - rt-app workload files (JSON) in and out.
 *
 * rt-app (github.com/scheduler-tools/rt-app, doc/tutorial.txt) runs a
 * workload of threads on a real kernel; dlsim imports its JSON as a
 * scenario and exports a scenario as rt-app JSON, so that a simulated set
 * runs on Linux and a real workload is simulated.  The mapping (every
 * rule and its limits) is documented in docs/rt-app.md:
 *
 *   thread, policy SCHED_DEADLINE  -> a linux-dl task: runtime = dl-runtime,
 *                                     deadline = dl-deadline, period =
 *                                     dl-period (us; rt-app's defaults)
 *   thread, policy SCHED_OTHER     -> class: fair (C = demand, T = period)
 *   SCHED_FIFO, SCHED_RR, SCHED_IDLE -> RT_ERR_UNSUPPORTED naming the thread
 *   one pass through a phase       -> one job: run/runtime events add to
 *                                     its demand, a sleep between runs is a
 *                                     self-suspension (suspend: after/for),
 *                                     a final timer gives the period
 *   instance N                     -> N tasks NAME-0 .. NAME-(N-1)
 *   delay                          -> offset
 *   loop (thread, phases)          -> number of jobs: leave_at
 *   global.duration (s)            -> horizon
 *
 * Both directions return text owned by the caller (rt_free).  Errors name
 * the input, and for JSON the line and column (of the token for syntax,
 * of the key for meaning) and for meaning the thread, phase and JSON
 * path, e.g.
 *   w.json:9:9: tasks.cam.phases.p1.lock0: thread "cam", phase "p1": event
 *   "lock" is not modelled; dlsim imports run, runtime, sleep and timer
 */
#ifndef SCN_RTAPP_H
#define SCN_RTAPP_H

#include <stddef.h>

#include "models/rt_err.h"
#include "scenarios/scn.h"

#define SCN_RTAPP_MAX_JOBS_LIST 4096    /* per-job demands one task may list */

struct scn_rtapp_opts {
	unsigned cpus;                  /* platform.cpus; 0: 1 + the largest
					 * CPU named in any "cpus" array */
	const char *name;               /* scenario name; NULL: the file
					 * name without .json */
	/* Called with each warning ("FILE:LINE:COL: tasks.T.KEY: thread
	 * \"T\": ..."): input rt-app accepts that does not do what it
	 * seems to (dl-* keys of a thread that is not SCHED_DEADLINE).
	 * NULL: warnings are dropped. */
	void (*warn)(void *ctx, const char *msg);
	void *warn_ctx;
};

/* rt-app JSON [json, json + len) read from 'file' (for messages and the
 * default name) -> scenario YAML with comments saying where each value
 * came from.  The result is checked by loading it (scn_load_data), so
 * what is returned is a valid scenario.  RT_ERR_PARSE (bad JSON or
 * rt-app grammar), RT_ERR_UNSUPPORTED (valid rt-app that dlsim does not
 * model), RT_ERR_INVAL (a value the kernel refuses), RT_ERR_NOMEM.  On
 * failure *yaml is untouched. */
/* The scenario name an importer is given (--name): printable and at most
 * SCN_MAX_NAME bytes, else RT_ERR_INVAL with a message naming --name (the
 * text shown with control characters as \xNN). */
enum rt_err scn_rtapp_check_name(const char *name, struct rt_diag *d);
enum rt_err scn_rtapp_import(const char *json, size_t len, const char *file,
			     const struct scn_rtapp_opts *o, char **yaml,
			     size_t *yaml_len, struct rt_diag *d);

/* Scenario -> rt-app JSON (one thread per task, "runtime" events, absolute
 * timers).  Needs a physical time unit and times in whole microseconds;
 * RT_ERR_UNSUPPORTED names the task and the key that rt-app cannot express
 * (sporadic arrivals, jitter, release lists, uniform demand, servers,
 * critical sections, arrive_at, linux-dl changes, yield_at and flags,
 * scheduler.reclaim grub, on_miss abort).  The horizon becomes global.duration rounded up to whole
 * seconds. */
enum rt_err scn_rtapp_export(const struct scn_scenario *s, char **json,
			     size_t *json_len, struct rt_diag *d);

#endif /* SCN_RTAPP_H */
