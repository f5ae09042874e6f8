/* log.c - CSV and JSON Lines event log writers (formats: docs/formats.md).
 *
 * One row per trace record, written as the record arrives: memory O(1),
 * independent of the horizon.  Names are escaped (RFC 4180 for CSV, JSON
 * string escapes with invalid UTF-8 replaced by U+FFFD), so any task name
 * round-trips through `dlsim render`.  A write error stops the run with
 * RT_ERR_IO at the record that failed.
 */
#include "render/log.h"

#include <inttypes.h>
#include <string.h>

#include "models/mem.h"
#include "render/internal.h"
#include "render/outfile.h"

struct render_log {
	FILE *f;                        /* borrowed */
	enum render_log_format fmt;
	const struct render_meta *m;    /* borrowed */
	bool failed;                    /* a write failed */
};

static const char *task_name(const struct render_meta *m, uint32_t task)
{
	if (task < m->ntasks && m->tasks[task].name)
		return m->tasks[task].name;
	return "";
}

static bool csv_header(struct render_log *l)
{
	return fputs("time,event,cpu,task,job,value\n", l->f) >= 0;
}

static bool jsonl_header(struct render_log *l)
{
	const struct render_meta *m = l->m;
	FILE *f = l->f;
	bool ok;

	ok = fputs("{\"type\":\"header\",\"format\":1,\"scenario\":", f) >= 0 &&
	     render_json_string(f, m->scenario) &&
	     fputs(",\"time_unit\":", f) >= 0 &&
	     render_json_string(f, m->time_unit) &&
	     fputs(",\"display_unit\":", f) >= 0 &&
	     render_json_string(f, m->display_unit ? m->display_unit :
				m->time_unit) &&
	     fprintf(f, ",\"display_scale\":%" PRId64 ",\"cpus\":%u,"
		     "\"horizon\":%" PRId64 ",\"tasks\":[",
		     m->display_scale > 0 ? m->display_scale : 1, m->cpus,
		     m->horizon) >= 0;
	for (size_t i = 0; ok && i < m->ntasks; i++) {
		const struct rt_task *t = &m->tasks[i];

		ok = fputs(i ? ",{\"name\":" : "{\"name\":", f) >= 0 &&
		     render_json_string(f, t->name) &&
		     fprintf(f, ",\"C\":%" PRId64 ",\"D\":%" PRId64
			     ",\"T\":%" PRId64 "}", t->wcet, t->deadline,
			     t->period) >= 0;
	}
	return ok && fputs("]}\n", f) >= 0;
}

static bool csv_record(struct render_log *l, const struct sim_rec *r)
{
	FILE *f = l->f;
	bool has_job = r->kind != SIM_REC_END;

	if (fprintf(f, "%" PRId64 ",%s,", r->time, sim_rec_kind_name(r->kind)) < 0)
		return false;
	if (r->cpu >= 0 && fprintf(f, "%d", r->cpu) < 0)
		return false;
	if (fputc(',', f) == EOF ||
	    (has_job && !render_csv_field(f, task_name(l->m, r->task))))
		return false;
	if (has_job)
		return fprintf(f, ",%" PRIu64 ",%" PRId64 "\n", r->job,
			       r->value) >= 0;
	return fprintf(f, ",,%" PRId64 "\n", r->value) >= 0;
}

static bool json_opt(FILE *f, const char *key, rt_time v, bool present)
{
	if (!present)
		return fprintf(f, ",\"%s\":null", key) >= 0;
	return fprintf(f, ",\"%s\":%" PRId64, key, v) >= 0;
}

static bool jsonl_record(struct render_log *l, const struct sim_rec *r)
{
	const struct sim_job_info *ji = r->info;
	FILE *f = l->f;

	if (fprintf(f, "{\"t\":%" PRId64 ",\"event\":\"%s\"", r->time,
		    sim_rec_kind_name(r->kind)) < 0 ||
	    !json_opt(f, "cpu", r->cpu, r->cpu >= 0))
		return false;
	if (r->kind == SIM_REC_END)
		return fprintf(f, ",\"task\":null,\"task_index\":null,"
			       "\"job\":null,\"value\":%" PRId64 "}\n",
			       r->value) >= 0;
	if (fputs(",\"task\":", f) < 0 ||
	    !render_json_string(f, task_name(l->m, r->task)) ||
	    fprintf(f, ",\"task_index\":%" PRIu32 ",\"job\":%" PRIu64
		    ",\"value\":%" PRId64, r->task, r->job, r->value) < 0)
		return false;
	if (ji && (fprintf(f, ",\"seq\":%" PRIu64 ",\"release\":%" PRId64
			   ",\"deadline\":%" PRId64, ji->seq, ji->release,
			   ji->abs_deadline) < 0 ||
		   !json_opt(f, "start", ji->start, ji->start != RT_TIME_NEVER) ||
		   !json_opt(f, "finish", ji->finish,
			     ji->finish != RT_TIME_NEVER) ||
		   !json_opt(f, "last_cpu", ji->cpu, ji->cpu >= 0)))
		return false;
	return fputs("}\n", f) >= 0;
}

static enum rt_err log_emit(void *ctx, const struct sim_rec *r)
{
	struct render_log *l = ctx;
	bool ok;

	if (l->failed)
		return RT_ERR_IO;
	ok = l->fmt == RENDER_LOG_CSV ? csv_record(l, r) : jsonl_record(l, r);
	if (!ok) {
		l->failed = true;
		return RT_ERR_IO;
	}
	return RT_OK;
}

enum rt_err render_log_open(FILE *f, enum render_log_format fmt,
			    const struct render_meta *m,
			    struct render_log **out, struct rt_diag *d)
{
	struct render_log *l;
	bool ok;

	rt_diag_clear(d);
	if (!f || !m || !out || (fmt != RENDER_LOG_CSV && fmt != RENDER_LOG_JSONL))
		return rt_diagf(d, RT_ERR_INVAL, "event log: bad arguments");
	l = rt_calloc(1, sizeof(*l));
	if (!l)
		return rt_diagf(d, RT_ERR_NOMEM, "event log: out of memory");
	l->f = f;
	l->fmt = fmt;
	l->m = m;
	ok = fmt == RENDER_LOG_CSV ? csv_header(l) : jsonl_header(l);
	if (!ok) {
		rt_free(l);
		return rt_diagf(d, RT_ERR_IO, "event log: write failed");
	}
	*out = l;
	return RT_OK;
}

struct sim_sink render_log_sink(struct render_log *l)
{
	struct sim_sink s = { .mask = SIM_MASK_ALL, .emit = log_emit, .ctx = l };

	return s;
}

enum rt_err render_log_finish(struct render_log *l, struct rt_diag *d)
{
	bool failed;

	if (!l)
		return RT_OK;
	failed = l->failed || fflush(l->f) == EOF || ferror(l->f);
	rt_free(l);
	if (failed)
		return rt_diagf(d, RT_ERR_IO, "event log: write failed");
	return RT_OK;
}

enum rt_err render_log_format_from_path(const char *path,
					enum render_log_format *fmt,
					struct rt_diag *d)
{
	const char *ext;

	rt_diag_clear(d);
	if (render_path_has_ext(path, ".csv")) {
		*fmt = RENDER_LOG_CSV;
		return RT_OK;
	}
	if (render_path_has_ext(path, ".jsonl") ||
	    render_path_has_ext(path, ".json")) {
		*fmt = RENDER_LOG_JSONL;
		return RT_OK;
	}
	ext = render_path_ext(path);
	if (!*ext)
		return rt_diagf(d, RT_ERR_INVAL, "%s: no file extension; "
				"use .csv or .jsonl for an event log", path);
	return rt_diagf(d, RT_ERR_INVAL, "%s: unknown event log extension "
			"'%s'; use .csv or .jsonl", path, ext);
}
