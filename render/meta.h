/* meta.h - what a writer or chart needs to know about the run besides the
 * records themselves.  All pointers are borrowed. */
#ifndef RENDER_META_H
#define RENDER_META_H

#include <stddef.h>
#include <stdint.h>

#include "models/server.h"
#include "models/task.h"
#include "models/rt_time.h"

struct render_meta {
	const char *scenario;           /* scenario name */
	const char *time_unit;          /* internal unit: "tick" or "ns" */
	const char *display_unit;       /* scenario's time_unit ("ms", ...) */
	rt_time display_scale;          /* internal units per display unit (1e6 for ms) */
	unsigned cpus;
	rt_time horizon;
	const struct rt_task *tasks;
	size_t ntasks;
	/* optional (charts): the servers and which task each serves; NULL
	 * task_server: none known (a replayed log) */
	const struct rt_server *servers;
	size_t nservers;
	const int32_t *task_server;     /* ntasks entries, -1: no server */
	rt_time fair_runtime, fair_period;      /* linux-dl fair server; 0: none */
	/* optional: the shared resources' names (the value of LOCK,
	 * UNLOCK and BLOCK records indexes them); 0: none */
	const char *const *resources;
	size_t nresources;
	/* appended, optional: cpus entries, each CPU's capacity (1..1024:
	 * a job executes capacity/1024 of work per time unit, and a
	 * reservation's runtime drains as fast); NULL: all 1024 */
	const uint32_t *capacity;
};

#endif /* RENDER_META_H */
