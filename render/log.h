/* log.h - event logs other tools open: CSV or JSON Lines, one row per
 * trace record, integer times in the internal unit.
 *
 * CSV header:  time,event,cpu,task,job,value
 *   (task = task name; cpu empty when not CPU-specific)
 * JSONL: first line a header object
 *   {"type":"header","format":1,"scenario":..,"time_unit":..,"cpus":..,
 *    "horizon":..,"tasks":[{"name":..,"C":..,"D":..,"T":..},..]}
 * then one object per record
 *   {"t":..,"event":"release","cpu":null|N,"task":"P1","task_index":0,
 *    "job":0,"value":..,"release":..,"deadline":..}
 * (event names from sim_rec_kind_name).
 * Binary (".bin"): the same records, compact (docs/formats.md): the magic
 * "DLSIMBIN", a version, the JSONL header line, then the records: in
 * version 2 (written) mostly fixed 16-byte records whose job info follows
 * from the job's earlier records, else a long record: the version 1
 * layout (read too), a kind byte, a flags byte (RENDER_BINLOG_*) and
 * LEB128 varints.
 * `dlsim render` reads JSONL and binary logs back (replay.h).
 *
 * Records are formatted by hand into a 1 MiB buffer (wbuf.h) written to
 * the FILE when full and at render_log_finish().
 */
#ifndef RENDER_LOG_H
#define RENDER_LOG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "models/rt_err.h"
#include "render/meta.h"
#include "sim/trace.h"

enum render_log_format {
	RENDER_LOG_CSV = 0,
	RENDER_LOG_JSONL,
	RENDER_LOG_BIN
};

#define RENDER_BINLOG_VERSION 2u        /* binary log format written */
/* Version 2 (docs/formats.md "Binary"): a record is short or long.  A
 * short record is 16 bytes, two little-endian u64 words w0, w1:
 *   w0 bits 0-4   kind
 *      bit 5      cpu present (bits 8-15)
 *      bit 6      a job record whose job info follows from the job's
 *                 earlier records (the rule in docs/formats.md); else no
 *                 job info, job 0 (or, for end, no task and no job)
 *      bit 7      0 (a long record has it set)
 *      bits 8-15  cpu
 *      bits 16-28 task index
 *      bits 29-31 jd: job = the task's last released job - jd
 *      bits 32-63 t - t of the previous record
 *   w1            value (int64)
 * A long record is a byte 0x80 | kind, then a version 1 record without
 * its kind byte (the flags byte and the varints below). */
#define RENDER_BINLOG_SHORT       16u   /* bytes of a short record */
#define RENDER_BINLOG_LONG        0x80u /* first byte: a long record */
#define RENDER_BINLOG_S_CPU       0x20u /* short: cpu present */
#define RENDER_BINLOG_S_JOB       0x40u /* short: job info implied */
#define RENDER_BINLOG_S_TASKS     8192u /* short: task index below this */
#define RENDER_BINLOG_S_JD        8u    /* short: jd below this */
#define RENDER_BINLOG_SLOTS       4u    /* jobs remembered per task: job j
					 * in slot j % SLOTS */
/* Flags byte of a version 1 record (a version 2 long record): which
 * optional fields follow. */
#define RENDER_BINLOG_CPU       0x01u   /* cpu (else -1 / null) */
#define RENDER_BINLOG_TASK      0x02u   /* task index and job (not END) */
#define RENDER_BINLOG_INFO      0x04u   /* seq, release, deadline */
#define RENDER_BINLOG_START     0x08u   /* start (else null) */
#define RENDER_BINLOG_FINISH    0x10u   /* finish (else null) */
#define RENDER_BINLOG_LAST_CPU  0x20u   /* last_cpu (else null) */

/* What a reader of a version 2 binary log knows of one job: its info as
 * of the last record about it (docs/formats.md "Binary").  The writer
 * keeps the same, to write a short record only where the reader infers
 * the job info the engine has. */
struct render_binlog_slot {
	uint64_t job;                   /* UINT64_MAX: none yet */
	uint64_t seq;
	rt_time release, deadline, start, finish;
	int64_t cpu;                    /* last CPU, -1 */
	uint64_t pad;                   /* 64 bytes: a slot's index is a
					 * shift */
};

/* Apply what a short record tells of its job to the job's slot s: of
 * kind k at time t with value v (cpu < 0: none), nrel RELEASE records
 * before it.  A release starts the info afresh (job, seq nrel, release
 * t, deadline v, no start, finish or CPU); a START sets the first start
 * and the last CPU; a COMPLETE the finish; other kinds leave it as it
 * was.  (In place: the writer then compares the slot with the engine's
 * info, the reader reads it.) */
static inline void
render_binlog_apply(struct render_binlog_slot *s, enum sim_rec_kind k,
		    rt_time t, rt_time v, int64_t cpu, uint64_t job,
		    uint64_t nrel)
{
	if (k == SIM_REC_RELEASE) {
		*s = (struct render_binlog_slot){
			.job = job, .seq = nrel, .release = t, .deadline = v,
			.start = RT_TIME_NEVER, .finish = RT_TIME_NEVER,
			.cpu = -1,
		};
	} else if (k == SIM_REC_START) {
		/* stores of the same value where nothing changes: a
		 * conditional move, not a branch (a job's first start or
		 * not is a coin flip to the predictor) */
		s->start = s->start == RT_TIME_NEVER ? t : s->start;
		s->cpu = cpu >= 0 ? cpu : s->cpu;
	} else if (k == SIM_REC_COMPLETE) {
		s->finish = t;
	}
}

/* Does slot s hold the engine's info ji (seq, release, deadline, first
 * start, finish, last CPU)?  One test of the fields' differences ORed
 * together: no branch per field. */
static inline bool
render_binlog_slot_is(const struct render_binlog_slot *s,
		      const struct sim_job_info *ji)
{
	return ((s->seq ^ ji->seq) |
		((uint64_t)s->release ^ (uint64_t)ji->release) |
		((uint64_t)s->deadline ^ (uint64_t)ji->abs_deadline) |
		((uint64_t)s->start ^ (uint64_t)ji->start) |
		((uint64_t)s->finish ^ (uint64_t)ji->finish) |
		((uint64_t)s->cpu ^ (uint64_t)(int64_t)ji->cpu)) == 0;
}

/* What a reader of a version 2 log knows before each record: the last
 * released job of each of the first nst tasks (UINT64_MAX before the
 * first), the info of the last RENDER_BINLOG_SLOTS jobs seen of each
 * (job j in slot [task * SLOTS + j % SLOTS]), and the RELEASE records
 * read.  The writer keeps the same. */
struct render_binlog_state {
	uint64_t *latest;
	struct render_binlog_slot *slots;
	size_t nst;                     /* min(tasks, RENDER_BINLOG_S_TASKS) */
	uint64_t nrel;
};

/* Empty, for ntasks tasks; false when out of memory (then free it). */
bool render_binlog_state_init(struct render_binlog_state *st, size_t ntasks);
void render_binlog_state_free(struct render_binlog_state *st);
/* Learn what record r (short or long) tells. */
void render_binlog_know(struct render_binlog_state *st,
			const struct sim_rec *r);

struct render_log;

/* Start a log on f (borrowed; the caller opens and closes it).  Writes the
 * header.  *out owned by the caller; close with render_log_finish(). */
enum rt_err render_log_open(FILE *f, enum render_log_format fmt,
			    const struct render_meta *m,
			    struct render_log **out, struct rt_diag *d);
/* A sink (all kinds) writing to the log. */
struct sim_sink render_log_sink(struct render_log *l);
/* The same, for the records of a sim_engine run, which change a job's
 * info only as render_binlog_apply() says, each change followed by its
 * record before any other of the job (sim/release.c, sim/dispatch.c:
 * RELEASE, START, COMPLETE; docs/formats.md "Binary"): a binary log
 * writes a job's RELEASE, START, PREEMPT and COMPLETE records short
 * without comparing the engine's info with what the reader infers
 * (builds without NDEBUG still compare, and assert), each kind through
 * a sink of its own (no test of the kind) with its emit_job (the
 * record's fields in registers: sim_engine_add_sink_job), the other
 * kinds through one more.  Stores them in out and their emit_job (or
 * NULL) in jobs (RENDER_LOG_ENGINE_SINKS at most) and returns how many:
 * 1 for the other formats (render_log_sink()). */
#define RENDER_LOG_ENGINE_SINKS 5
size_t render_log_engine_sinks(struct render_log *l, struct sim_sink *out,
			       sim_emit_job_fn **jobs);
/* Flush, report any write error (RT_ERR_IO), free.  NULL is a no-op. */
enum rt_err render_log_finish(struct render_log *l, struct rt_diag *d);

/* Test seam: JSONL logs opened from now on (on: true) keep no job's
 * fixed text (log.c), so every record is formatted in full. */
void render_log_keep_no_text(bool on);

/* Choose the format from a file name: ".csv", ".jsonl"/".json" or ".bin".
 * RT_ERR_INVAL (message names the extension) otherwise. */
enum rt_err render_log_format_from_path(const char *path,
					enum render_log_format *fmt,
					struct rt_diag *d);

#endif /* RENDER_LOG_H */
