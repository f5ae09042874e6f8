/* log.c - CSV and JSON Lines event log writers (formats: docs/formats.md).
 *
 * One row per trace record, written as the record arrives: memory O(1),
 * independent of the horizon.  Names are escaped (RFC 4180 for CSV, JSON
 * string escapes with invalid UTF-8 replaced by U+FFFD), so any task name
 * round-trips through `dlsim render`.  A write error stops the run with
 * RT_ERR_IO at the record that failed.
 */
#include "render/log.h"

#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "models/mem.h"
#include "render/internal.h"
#include "render/outfile.h"
#include "render/wbuf.h"

struct render_log {
	FILE *f;                        /* borrowed */
	enum render_log_format fmt;
	const struct render_meta *m;    /* borrowed */
	struct render_wbuf w;           /* records are formatted here */
	struct render_name *names;      /* m->ntasks + 1: the escaped task
					 * names, then "" (a task out of
					 * range) */
	struct render_name kinds[SIM_REC__COUNT]; /* kind names, in kbuf */
	char kbuf[SIM_REC__COUNT][RENDER_NAME_PAD];
	rt_time last_t;                 /* binary: time of the last record */
	bool failed;                    /* a write failed */
};

static const struct render_name *task_name(const struct render_log *l,
					   uint32_t task)
{
	return &l->names[task < l->m->ntasks ? task : l->m->ntasks];
}

static const struct render_name *kind_name(const struct render_log *l,
					   enum sim_rec_kind k)
{
	return &l->kinds[(unsigned)k < SIM_REC__COUNT ? k : 0];
}

static bool csv_header(struct render_log *l)
{
	return fputs("time,event,cpu,task,job,value\n", l->f) >= 0;
}

static bool jsonl_header_to(FILE *f, const struct render_meta *m)
{
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

static bool jsonl_header(struct render_log *l)
{
	return jsonl_header_to(l->f, l->m);
}

/* ---- binary log (docs/formats.md "Binary event log") ---- */

/* "DLSIMBIN", version (u32 LE), header length (u32 LE), the JSONL header
 * line. */
static bool bin_header(struct render_log *l)
{
	char *mem = NULL;
	size_t n = 0;
	FILE *mf = open_memstream(&mem, &n);
	unsigned char hd[16] = "DLSIMBIN";
	bool ok;

	if (!mf)
		return false;
	ok = jsonl_header_to(mf, l->m);
	if (fclose(mf) != 0 || !mem || n > UINT32_MAX)
		ok = false;
	if (ok) {
		for (int i = 0; i < 4; i++) {
			hd[8 + i] = (unsigned char)(RENDER_BINLOG_VERSION >> (8 * i));
			hd[12 + i] = (unsigned char)((uint32_t)n >> (8 * i));
		}
		render_wbuf_str(&l->w, (const char *)hd, sizeof(hd));
		render_wbuf_put_slow(&l->w, mem, n);
		ok = !l->w.failed;
	}
	free(mem);
	return ok;
}

/* A record is at most 2 + 11 varints of 10 bytes: room for all of it is
 * made once, then the bytes are stored without further checks. */
#define BIN_REC_MAX (2 + 11 * 10)

static inline char *bin_uvar(char *p, uint64_t v)
{
	while (v >= 0x80) {
		*p++ = (char)(v | 0x80);
		v >>= 7;
	}
	*p++ = (char)v;
	return p;
}

/* A difference a - b of two int64 values, modulo 2^64, zigzag-encoded:
 * exact for any a, b (the reader adds it back modulo 2^64). */
static inline char *bin_svar(char *p, int64_t a, int64_t b)
{
	uint64_t d = (uint64_t)a - (uint64_t)b;

	return bin_uvar(p, (d << 1) ^ ((uint64_t)0 - (d >> 63)));
}

static void bin_record(struct render_log *l, const struct sim_rec *r)
{
	const struct sim_job_info *ji = r->info;
	struct render_wbuf *w = &l->w;
	bool job = r->kind != SIM_REC_END;
	unsigned flags = (r->cpu >= 0 ? RENDER_BINLOG_CPU : 0) |
			 (job ? RENDER_BINLOG_TASK : 0);
	char *p0, *p;

	if (job && ji)
		flags |= RENDER_BINLOG_INFO |
			 (ji->start != RT_TIME_NEVER ? RENDER_BINLOG_START : 0) |
			 (ji->finish != RT_TIME_NEVER ? RENDER_BINLOG_FINISH : 0) |
			 (ji->cpu >= 0 ? RENDER_BINLOG_LAST_CPU : 0);
	p0 = p = render_wbuf_room(w, BIN_REC_MAX);
	*p++ = (char)r->kind;
	*p++ = (char)flags;
	p = bin_svar(p, r->time, l->last_t);
	l->last_t = r->time;
	if (flags & RENDER_BINLOG_CPU)
		p = bin_uvar(p, (uint64_t)r->cpu);
	if (job) {
		p = bin_uvar(p, r->task);
		p = bin_uvar(p, r->job);
	}
	p = bin_svar(p, r->value, 0);
	if (flags & RENDER_BINLOG_INFO) {
		p = bin_uvar(p, ji->seq);
		p = bin_svar(p, ji->release, r->time);
		p = bin_svar(p, ji->abs_deadline, ji->release);
		if (flags & RENDER_BINLOG_START)
			p = bin_svar(p, ji->start, ji->release);
		if (flags & RENDER_BINLOG_FINISH)
			p = bin_svar(p, ji->finish, ji->release);
		if (flags & RENDER_BINLOG_LAST_CPU)
			p = bin_uvar(p, (uint64_t)ji->cpu);
	}
	w->n += (size_t)(p - p0);
}

static void csv_record(struct render_log *l, const struct sim_rec *r)
{
	struct render_wbuf *w = &l->w;
	const struct render_name *kn = kind_name(l, r->kind);

	render_wbuf_i64(w, r->time);
	render_wbuf_ch(w, ',');
	render_wbuf_name(w, kn);
	render_wbuf_ch(w, ',');
	if (r->cpu >= 0)
		render_wbuf_i64(w, r->cpu);
	render_wbuf_ch(w, ',');
	if (r->kind != SIM_REC_END) {
		const struct render_name *tn = task_name(l, r->task);

		render_wbuf_name(w, tn);
		render_wbuf_ch(w, ',');
		render_wbuf_u64(w, r->job);
		render_wbuf_ch(w, ',');
	} else {
		RENDER_WBUF_LIT(w, ",,");
	}
	render_wbuf_i64(w, r->value);
	render_wbuf_ch(w, '\n');
}

/* ,"key":v or ,"key":null; 'key' is the literal with its quotes,
 * comma and colon. */
static inline void json_opt(struct render_wbuf *w, const char *key, size_t klen,
		     rt_time v, bool present)
{
	render_wbuf_str(w, key, klen);
	if (present)
		render_wbuf_i64(w, v);
	else
		RENDER_WBUF_LIT(w, "null");
}

#define JSON_OPT(w, lit, v, present) \
	json_opt((w), (lit), sizeof(lit) - 1, (v), (present))

static void jsonl_record(struct render_log *l, const struct sim_rec *r)
{
	const struct sim_job_info *ji = r->info;
	struct render_wbuf *w = &l->w;
	const struct render_name *kn = kind_name(l, r->kind), *tn;

	RENDER_WBUF_LIT(w, "{\"t\":");
	render_wbuf_i64(w, r->time);
	RENDER_WBUF_LIT(w, ",\"event\":\"");
	render_wbuf_name(w, kn);
	render_wbuf_ch(w, '"');
	JSON_OPT(w, ",\"cpu\":", r->cpu, r->cpu >= 0);
	if (r->kind == SIM_REC_END) {
		RENDER_WBUF_LIT(w, ",\"task\":null,\"task_index\":null,"
				"\"job\":null,\"value\":");
		render_wbuf_i64(w, r->value);
		RENDER_WBUF_LIT(w, "}\n");
		return;
	}
	tn = task_name(l, r->task);
	RENDER_WBUF_LIT(w, ",\"task\":");
	render_wbuf_name(w, tn);
	RENDER_WBUF_LIT(w, ",\"task_index\":");
	render_wbuf_u64(w, r->task);
	RENDER_WBUF_LIT(w, ",\"job\":");
	render_wbuf_u64(w, r->job);
	RENDER_WBUF_LIT(w, ",\"value\":");
	render_wbuf_i64(w, r->value);
	if (ji) {
		RENDER_WBUF_LIT(w, ",\"seq\":");
		render_wbuf_u64(w, ji->seq);
		RENDER_WBUF_LIT(w, ",\"release\":");
		render_wbuf_i64(w, ji->release);
		RENDER_WBUF_LIT(w, ",\"deadline\":");
		render_wbuf_i64(w, ji->abs_deadline);
		JSON_OPT(w, ",\"start\":", ji->start,
			 ji->start != RT_TIME_NEVER);
		JSON_OPT(w, ",\"finish\":", ji->finish,
			 ji->finish != RT_TIME_NEVER);
		JSON_OPT(w, ",\"last_cpu\":", ji->cpu, ji->cpu >= 0);
	}
	RENDER_WBUF_LIT(w, "}\n");
}

static enum rt_err log_emit(void *ctx, const struct sim_rec *r)
{
	struct render_log *l = ctx;
	bool ok;

	if (l->failed)
		return RT_ERR_IO;
	if (l->fmt == RENDER_LOG_CSV)
		csv_record(l, r);
	else if (l->fmt == RENDER_LOG_JSONL)
		jsonl_record(l, r);
	else
		bin_record(l, r);
	ok = !l->w.failed;
	if (!ok) {
		l->failed = true;
		return RT_ERR_IO;
	}
	return RT_OK;
}

static void log_free(struct render_log *l)
{
	render_names_free(l->names, l->m->ntasks);
	render_wbuf_discard(&l->w);
	rt_free(l);
}

/* The escaped task names (and "" last) and the kind names. */
static bool log_names(struct render_log *l)
{
	for (unsigned k = 0; k < SIM_REC__COUNT; k++) {
		const char *s = sim_rec_kind_name((enum sim_rec_kind)k);

		l->kinds[k].len = strlen(s);
		assert(l->kinds[k].len < RENDER_NAME_PAD);
		memcpy(l->kbuf[k], s, l->kinds[k].len);  /* rest: calloc's 0 */
		l->kinds[k].s = l->kbuf[k];
	}
	return render_names_init(&l->names, l->m, l->fmt == RENDER_LOG_JSONL,
				 "");
}

enum rt_err render_log_open(FILE *f, enum render_log_format fmt,
			    const struct render_meta *m,
			    struct render_log **out, struct rt_diag *d)
{
	struct render_log *l;
	bool ok;

	rt_diag_clear(d);
	if (!f || !m || !out || (fmt != RENDER_LOG_CSV && fmt != RENDER_LOG_JSONL &&
				 fmt != RENDER_LOG_BIN))
		return rt_diagf(d, RT_ERR_INVAL, "event log: bad arguments");
	l = rt_calloc(1, sizeof(*l));
	if (!l)
		return rt_diagf(d, RT_ERR_NOMEM, "event log: out of memory");
	l->f = f;
	l->fmt = fmt;
	l->m = m;
	if (!render_wbuf_init(&l->w, f) ||
	    (fmt != RENDER_LOG_BIN && !log_names(l))) {
		log_free(l);
		return rt_diagf(d, RT_ERR_NOMEM, "event log: out of memory");
	}
	ok = fmt == RENDER_LOG_CSV ? csv_header(l) :
	     fmt == RENDER_LOG_JSONL ? jsonl_header(l) : bin_header(l);
	if (!ok) {
		log_free(l);
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
	failed = !render_wbuf_finish(&l->w) || l->failed;
	log_free(l);
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
	if (render_path_has_ext(path, ".bin")) {
		*fmt = RENDER_LOG_BIN;
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
				"use .csv, .jsonl or .bin for an event log", path);
	return rt_diagf(d, RT_ERR_INVAL, "%s: unknown event log extension "
			"'%s'; use .csv, .jsonl or .bin", path, ext);
}
