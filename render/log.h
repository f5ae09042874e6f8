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
 * "DLSIMBIN", a version, the JSONL header line, then per record a kind
 * byte, a flags byte (RENDER_BINLOG_*) and LEB128 varints.
 * `dlsim render` reads JSONL and binary logs back (replay.h).
 *
 * Records are formatted by hand into a 1 MiB buffer (wbuf.h) written to
 * the FILE when full and at render_log_finish().
 */
#ifndef RENDER_LOG_H
#define RENDER_LOG_H

#include <stdio.h>

#include "models/rt_err.h"
#include "render/meta.h"
#include "sim/trace.h"

enum render_log_format {
	RENDER_LOG_CSV = 0,
	RENDER_LOG_JSONL,
	RENDER_LOG_BIN
};

#define RENDER_BINLOG_VERSION 1u        /* binary log format version */
/* Flags byte of a binary record: which optional fields follow. */
#define RENDER_BINLOG_CPU       0x01u   /* cpu (else -1 / null) */
#define RENDER_BINLOG_TASK      0x02u   /* task index and job (not END) */
#define RENDER_BINLOG_INFO      0x04u   /* seq, release, deadline */
#define RENDER_BINLOG_START     0x08u   /* start (else null) */
#define RENDER_BINLOG_FINISH    0x10u   /* finish (else null) */
#define RENDER_BINLOG_LAST_CPU  0x20u   /* last_cpu (else null) */

struct render_log;

/* Start a log on f (borrowed; the caller opens and closes it).  Writes the
 * header.  *out owned by the caller; close with render_log_finish(). */
enum rt_err render_log_open(FILE *f, enum render_log_format fmt,
			    const struct render_meta *m,
			    struct render_log **out, struct rt_diag *d);
/* A sink (all kinds) writing to the log. */
struct sim_sink render_log_sink(struct render_log *l);
/* Flush, report any write error (RT_ERR_IO), free.  NULL is a no-op. */
enum rt_err render_log_finish(struct render_log *l, struct rt_diag *d);

/* Choose the format from a file name: ".csv", ".jsonl"/".json" or ".bin".
 * RT_ERR_INVAL (message names the extension) otherwise. */
enum rt_err render_log_format_from_path(const char *path,
					enum render_log_format *fmt,
					struct rt_diag *d);

#endif /* RENDER_LOG_H */
