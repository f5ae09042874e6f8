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
 * (event names from sim_rec_kind_name).  `dlsim render` reads JSONL back.
 */
#ifndef RENDER_LOG_H
#define RENDER_LOG_H

#include <stdio.h>

#include "models/rt_err.h"
#include "render/meta.h"
#include "sim/trace.h"

enum render_log_format {
	RENDER_LOG_CSV = 0,
	RENDER_LOG_JSONL
};

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

/* Choose the format from a file name: ".csv" or ".jsonl"/".json".
 * RT_ERR_INVAL (message names the extension) otherwise. */
enum rt_err render_log_format_from_path(const char *path,
					enum render_log_format *fmt,
					struct rt_diag *d);

#endif /* RENDER_LOG_H */
