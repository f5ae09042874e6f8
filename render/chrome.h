/* chrome.h - Chrome Trace Event JSON (chrome://tracing, ui.perfetto.dev).
 *
 * Streams as records arrive (memory O(CPUs)); the caller owns the FILE *
 * (use render/outfile.h for an atomic file).  Layout in the viewer:
 *
 *   process "CPUs" (pid 1)   one thread per CPU (tid = cpu): a complete
 *                            event "X" per execution interval, named after
 *                            the task, args {task, job}
 *   process "Jobs" (pid 2)   one async track per task: each job is a
 *                            "b"/"e" pair with id "j<seq>" from release to
 *                            completion, abort or horizon (overlapping late
 *                            jobs of one task stay separate); one thread
 *                            per task (tid = task + 1, "<name> events")
 *                            with instant events "i" for deadline misses
 *                            (args {job, tardiness}), aborts, and
 *                            self-suspensions: "suspend" (args {job,
 *                            for}) and "resume" (args {job})
 *
 * Timestamps are microseconds: with time_unit tick, 1 tick is shown as
 * 1 us; with ns, exact decimals with three fractional digits.  See
 * docs/formats.md.
 */
#ifndef RENDER_CHROME_H
#define RENDER_CHROME_H

#include <stdio.h>

#include "models/rt_err.h"
#include "render/meta.h"
#include "sim/trace.h"

struct render_chrome;

/* Start a trace on f (borrowed) for the run m (borrowed, must outlive the
 * writer); writes the metadata events.  *out owned by the caller, closed
 * by render_chrome_finish(); untouched on failure. */
enum rt_err render_chrome_open(FILE *f, const struct render_meta *m,
			       struct render_chrome **out, struct rt_diag *d);
/* A sink for the records the trace shows. */
struct sim_sink render_chrome_sink(struct render_chrome *c);
/* Close the JSON document, flush, report write errors (RT_ERR_IO), free.
 * NULL is a no-op. */
enum rt_err render_chrome_finish(struct render_chrome *c, struct rt_diag *d);

#endif /* RENDER_CHROME_H */
