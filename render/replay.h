/* replay.h - read a JSONL or binary event log (log.h) back and feed its
 * records to sinks, as if the engine were running (`dlsim render LOG.jsonl
 * -o out.png`).  The format is told by the first bytes: the binary magic
 * "DLSIMBIN", else JSON Lines.
 *
 * Two steps, because sinks (a Gantt chart, a jobs CSV) need the run's
 * metadata before the first record:
 *
 *	struct render_replay *rp;
 *	rc = render_replay_open(f, "run.jsonl", &rp, &diag);    header line
 *	m  = render_replay_meta(rp);                            create sinks from m
 *	rc = render_replay_run(rp, sinks, nsinks, &diag);       every record
 *	render_replay_destroy(rp);
 *
 * The log is user input: every line is checked (JSON syntax, field types,
 * known event names, CPU and task indices within the header's ranges,
 * non-decreasing time up to the header's horizon, release sequence
 * numbers consecutive, one final "end" record at the horizon) and the first problem is reported as
 * "NAME:LINE: what is wrong" with RT_ERR_PARSE (RT_ERR_IO for read
 * errors).  Unknown keys are skipped, so newer logs stay readable.  A
 * binary record is decoded into the fields its JSONL line would have and
 * checked the same way; LINE is then the record's ordinal counting the
 * header as 1 (its line in the equivalent JSONL), and a binary log of
 * another version, unknown flags or a truncated record are errors.
 *
 * Replayed job info: arrival = deadline - D; demand is not logged (0);
 * remaining = the record's value for start/preempt/abort/unfinished, else 0.
 */
#ifndef RENDER_REPLAY_H
#define RENDER_REPLAY_H

#include <stddef.h>
#include <stdio.h>

#include "models/rt_err.h"
#include "render/meta.h"
#include "sim/trace.h"

#define RENDER_REPLAY_MAX_LINE  (16u << 20)     /* bytes per line */
#define RENDER_REPLAY_MAX_CPUS  65536u          /* header "cpus" upper bound */
#define RENDER_REPLAY_MAX_DEPTH 34u             /* nested containers per line,
						   the record itself included */

struct render_replay;

/* Read and check the header line from f (borrowed; the caller closes it).
 * 'name' (borrowed, kept for messages) names the input in errors.  On
 * success *out is owned by the caller (render_replay_destroy); on failure
 * *out is untouched and d says what is wrong. */
enum rt_err render_replay_open(FILE *f, const char *name,
			       struct render_replay **out, struct rt_diag *d);

/* The run's metadata from the header; owned by rp, valid until destroy. */
const struct render_meta *render_replay_meta(const struct render_replay *rp);

/* Read every record and emit it to each sink whose mask includes its kind,
 * in order.  Stops at the first invalid line (RT_ERR_PARSE), read error
 * (RT_ERR_IO) or sink error (that sink's code; d names the line).  Call
 * once. */
enum rt_err render_replay_run(struct render_replay *rp,
			      const struct sim_sink *sinks, size_t nsinks,
			      struct rt_diag *d);

/* Free rp (NULL is a no-op). */
void render_replay_destroy(struct render_replay *rp);

#endif /* RENDER_REPLAY_H */
