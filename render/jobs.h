/* jobs.h - per-job CSV (contract):
 *
 *   task,job,release,deadline,start,finish,response,tardiness,cpu
 *
 * one row per job in release order (global release sequence), integer times
 * in the internal unit; start/finish/response empty when not applicable;
 * tardiness = max(0, finish - deadline) (for an unfinished job with
 * deadline <= horizon: horizon - deadline; otherwise empty); cpu = the CPU
 * the job last ran on (empty if it never ran).  Rows are emitted as soon as
 * every earlier-released job is done, so memory is O(pending jobs).
 */
#ifndef RENDER_JOBS_H
#define RENDER_JOBS_H

#include <stdio.h>

#include "models/rt_err.h"
#include "render/meta.h"
#include "sim/trace.h"

struct render_jobs;

enum rt_err render_jobs_open(FILE *f, const struct render_meta *m,
			     struct render_jobs **out, struct rt_diag *d);
/* The sink: RELEASE and the final records (COMPLETE, ABORT, UNFINISHED);
 * a job's final record carries its release, deadline, first start and
 * last CPU. */
struct sim_sink render_jobs_sink(struct render_jobs *j);
/* The kinds of that sink wanted only from a source that might not end
 * every released job with a final record (a replayed log): the engine
 * does (sim_engine_add_sink), so the caller leaves them out of the mask
 * there, and the writer knows an open job from the gap it leaves. */
#define RENDER_JOBS_UNLESS_FINAL SIM_MASK(SIM_REC_RELEASE)
/* The same sink's entry for an engine's records given as arguments
 * (sim_emit_job_fn, sim_engine_add_sink_job), ctx the render_jobs: the
 * same rows as its emit. */
sim_emit_job_fn render_jobs_emit_job;
/* Write the rows still held, flush, report write errors (RT_ERR_IO),
 * free; NULL is a no-op.  A replayed log without a final record for
 * some released jobs gets their rows as unfinished at the horizon, with
 * what their release told: no start, no CPU.  A job below the newest one
 * seen with no record at all (no RELEASE sent, no final record) is
 * RT_ERR_INVAL: its row cannot be written. */
enum rt_err render_jobs_finish(struct render_jobs *j, struct rt_diag *d);

#endif /* RENDER_JOBS_H */
