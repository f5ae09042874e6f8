/* log.c - the event log writers: CSV, JSON Lines and binary (formats:
 * docs/formats.md).
 *
 * One row per trace record, written as the record arrives: memory O(1),
 * independent of the horizon.  Names are escaped (RFC 4180 for CSV, JSON
 * string escapes with invalid UTF-8 replaced by U+FFFD), so any task name
 * round-trips through `dlsim render`.  A write error stops the run with
 * RT_ERR_IO at the record that failed.
 *
 * Each format has its own emit function, and a text record is a few
 * copies of text formatted at open (per kind: the event name and the keys
 * around it; per task: its escaped name, index and keys) with the numbers
 * between them written by hand (wbuf.h).
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

/*
 * A JSONL record repeats what never changes in a job's life between its
 * cpu and its first start: the task, its index and the job key, then
 * (after the value) the sequence number, release and deadline.  The
 * writer keeps that text of the last LOG_SEGS jobs, in the slot of
 * their seq, with the fields it was written from: a record of the job
 * whose fields all match copies it (two copies of fixed size) instead
 * of formatting four numbers and four names again.  Any record may come
 * (a replayed log's too): the fields decide, not a premise on who sent
 * it.  A job whose text would not fit is not kept (alen 0).
 */
#define LOG_SEGS 32u                    /* jobs kept (seq's low bits) */
#define LOG_SEG_A 64                    /* ,"task":..,"job":J,"value": */
#define LOG_SEG_B 112                   /* ,"seq":..,"deadline":D,"start": */

struct log_seg {
	uint64_t seq, job;
	rt_time release, deadline;
	uint32_t task;
	uint8_t alen, blen;             /* 0: nothing kept */
	char a[LOG_SEG_A];
	char b[LOG_SEG_B];
};

struct render_log {
	FILE *f;                        /* borrowed */
	enum render_log_format fmt;
	const struct render_meta *m;    /* borrowed */
	struct render_wbuf w;           /* records are formatted here */
	/* What a record holds between its cpu and its job, per task
	 * (m->ntasks + 1; the last for a task index out of range): CSV
	 * ",NAME,", JSONL ",\"task\":NAME,\"task_index\":I,\"job\":" (out of
	 * range: ",\"task\":\"\"", the index and job key follow) */
	struct render_frag *tasks;
	/* What follows the time, per kind: CSV ",KIND,", JSONL
	 * ",\"event\":\"KIND\",\"cpu\":" */
	struct render_frag kinds[SIM_REC__COUNT];
	rt_time last_t;                 /* binary: time of the last record */
	struct render_binlog_state bs;  /* binary: what its reader knows */
	struct render_numcache nums;    /* text: digits of recent times */
	struct log_seg segs[LOG_SEGS];  /* JSONL: recent jobs' fixed text */
	bool keep_no_text;              /* render_log_keep_no_text() */
};

static bool log_keep_no_text;

void render_log_keep_no_text(bool on)
{
	log_keep_no_text = on;
}

/* The fixed text of a record, numbers at their widest, besides its task
 * fragment. */
#define LOG_CSV_FIXED 256
#define LOG_JSONL_FIXED 512

static const struct render_frag *kind_frag(const struct render_log *l,
					   enum sim_rec_kind k)
{
	return &l->kinds[(unsigned)k < SIM_REC__COUNT ? k : 0];
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
			     ",\"T\":%" PRId64, t->wcet, t->deadline,
			     t->period) >= 0 &&
		     /* a task that is not hard says its class (a chart and
		      * ftrace drawn from the log show a fair task as the
		      * run does) */
		     (t->klass == RT_CLASS_HARD ||
		      fprintf(f, ",\"class\":\"%s\"",
			      t->klass == RT_CLASS_FAIR ? "fair" : "soft") >= 0) &&
		     /* and a pinned task its CPU (where ftrace wakes it) */
		     (t->cpu < 0 || fprintf(f, ",\"cpu\":%d", t->cpu) >= 0) &&
		     /* and a served task its server (the chart's label) */
		     (!m->task_server || m->task_server[i] < 0 ||
		      (size_t)m->task_server[i] >= m->nservers ||
		      fprintf(f, ",\"server\":%" PRId32,
			      m->task_server[i]) >= 0) &&
		     fputs("}", f) >= 0;
	}
	ok = ok && fputs("]", f) >= 0;
	/* appended when there are resources (older readers skip it) */
	for (size_t k = 0; ok && k < m->nresources; k++)
		ok = fputs(k ? "," : ",\"resources\":[", f) >= 0 &&
		     render_json_string(f, m->resources[k]);
	if (ok && m->nresources)
		ok = fputs("]", f) >= 0;
	/* appended on CPUs of different capacities (a chart drawn from the
	 * log drains a reservation's runtime at capacity/1024) */
	for (unsigned c = 0; ok && m->capacity && c < m->cpus; c++)
		ok = fprintf(f, "%s%" PRIu32, c ? "," : ",\"capacity\":[",
			     m->capacity[c]) >= 0;
	if (ok && m->capacity)
		ok = fputs("]", f) >= 0;
	/* appended with servers: the table tasks' "server" indexes */
	for (size_t k = 0; ok && m->task_server && k < m->nservers; k++) {
		const struct rt_server *sv = &m->servers[k];

		ok = fputs(k ? ",{\"name\":" : ",\"servers\":[{\"name\":",
			   f) >= 0 &&
		     render_json_string(f, sv->name ? sv->name : "") &&
		     fprintf(f, ",\"Q\":%" PRId64 ",\"D\":%" PRId64
			     ",\"T\":%" PRId64 "}", sv->budget_max,
			     sv->deadline, sv->period) >= 0;
	}
	if (ok && m->task_server && m->nservers)
		ok = fputs("]", f) >= 0;
	/* appended with linux-dl's fair server (its budget in the chart) */
	if (ok && m->fair_period > 0)
		ok = fprintf(f, ",\"fair_server\":{\"runtime\":%" PRId64
			     ",\"period\":%" PRId64 "}", m->fair_runtime,
			     m->fair_period) >= 0;
	return ok && fputs("}\n", f) >= 0;
}

/* The file's header: CSV the column names, JSONL the header line (both to
 * the FILE), binary "DLSIMBIN", version (u32 LE), header length (u32 LE),
 * the JSONL header line (into the buffer).  RT_ERR_NOMEM or RT_ERR_IO. */
static enum rt_err log_header(struct render_log *l)
{
	struct render_fragbuf b;
	struct render_frag hd;
	unsigned char magic[16] = "DLSIMBIN";
	FILE *mf;
	bool ok;

	if (l->fmt == RENDER_LOG_CSV)
		return fputs("time,event,cpu,task,job,value\n", l->f) >= 0 ?
		       RT_OK : RT_ERR_IO;
	if (l->fmt == RENDER_LOG_JSONL)
		return jsonl_header_to(l->f, l->m) ? RT_OK : RT_ERR_IO;
	mf = render_frag_open(&b);
	if (!mf)
		return RT_ERR_NOMEM;
	ok = jsonl_header_to(mf, l->m);
	if (!render_frag_close(&b, &hd))
		return RT_ERR_NOMEM;
	ok = ok && hd.len <= UINT32_MAX;
	for (int i = 0; i < 4; i++) {
		magic[8 + i] = (unsigned char)(RENDER_BINLOG_VERSION >> (8 * i));
		magic[12 + i] = (unsigned char)((uint32_t)hd.len >> (8 * i));
	}
	if (ok) {
		render_wbuf_put(&l->w, (const char *)magic, sizeof(magic));
		render_wbuf_put(&l->w, hd.s, hd.len);
	}
	render_frag_free(&hd);
	return ok && !l->w.failed ? RT_OK : RT_ERR_IO;
}

/* ---- binary log (docs/formats.md "Binary", log.h) ----
 *
 * Version 2: a short record where the reader infers the job info from
 * what it knows (l->bs, kept here as it will), else a long record (the
 * version 1 layout after 0x80 | kind). */

/* A record is at most 2 + 11 varints of 10 bytes (a long one). */
#define BIN_REC_MAX (2 + 11 * 10)

/* v as an unsigned LEB128 varint.  A loop: its branches are well
 * predicted at each field, and the next field's address does not wait
 * for this one's length (a branchless form, which makes it wait, is
 * slower). */
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

bool render_binlog_state_init(struct render_binlog_state *st, size_t ntasks)
{
	*st = (struct render_binlog_state){
		.nst = ntasks < RENDER_BINLOG_S_TASKS ? ntasks :
		       RENDER_BINLOG_S_TASKS,
	};
	if (!st->nst)
		return true;
	st->latest = rt_malloc(st->nst * sizeof(*st->latest));
	st->slots = rt_malloc(st->nst * RENDER_BINLOG_SLOTS *
			      sizeof(*st->slots));
	if (!st->latest || !st->slots)
		return false;
	for (size_t i = 0; i < st->nst; i++)
		st->latest[i] = UINT64_MAX;
	for (size_t i = 0; i < st->nst * RENDER_BINLOG_SLOTS; i++)
		st->slots[i] = (struct render_binlog_slot){ .job = UINT64_MAX };
	return true;
}

void render_binlog_state_free(struct render_binlog_state *st)
{
	rt_free(st->latest);
	rt_free(st->slots);
	st->latest = NULL;
	st->slots = NULL;
}

void render_binlog_know(struct render_binlog_state *st,
			const struct sim_rec *r)
{
	const struct sim_job_info *ji = r->info;
	struct render_binlog_slot *s;

	st->nrel += r->kind == SIM_REC_RELEASE;
	if (r->kind == SIM_REC_END || r->task >= st->nst)
		return;
	if (r->kind == SIM_REC_RELEASE)
		st->latest[r->task] = r->job;
	if (!ji)
		return;
	s = &st->slots[r->task * RENDER_BINLOG_SLOTS +
		       (r->job & (RENDER_BINLOG_SLOTS - 1))];
	*s = (struct render_binlog_slot){
		.job = r->job, .seq = ji->seq, .release = ji->release,
		.deadline = ji->abs_deadline, .start = ji->start,
		.finish = ji->finish, .cpu = ji->cpu,
	};
}

/* r as a long record: 0x80 | kind, then the version 1 record's flags and
 * varints. */
static char *bin_long(struct render_log *l, const struct sim_rec *r, char *p)
{
	const struct sim_job_info *ji = r->info;
	bool job = r->kind != SIM_REC_END;
	unsigned flags = (r->cpu >= 0 ? RENDER_BINLOG_CPU : 0) |
			 (job ? RENDER_BINLOG_TASK : 0);

	if (job && ji)
		flags |= RENDER_BINLOG_INFO |
			 (ji->start != RT_TIME_NEVER ? RENDER_BINLOG_START : 0) |
			 (ji->finish != RT_TIME_NEVER ? RENDER_BINLOG_FINISH : 0) |
			 (ji->cpu >= 0 ? RENDER_BINLOG_LAST_CPU : 0);
	*p++ = (char)(RENDER_BINLOG_LONG | (unsigned)r->kind);
	*p++ = (char)flags;
	p = bin_svar(p, r->time, l->last_t);
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
	return p;
}

/* The job part of a short record of kind k with job info r->info (its
 * task below l->bs.nst): 0 when the reader could not infer that info (a
 * job out of the short range, or info other than the rule's); else w
 * with its job distance and RENDER_BINLOG_S_JOB, and the reader's state
 * updated to what it then knows.  Inlined with k a constant into bin_emit's
 * per-kind paths (render_binlog_apply() reduces to what the kind
 * changes), and with k = r->kind into bin_short. */
static inline __attribute__((always_inline)) uint64_t
bin_job_short(struct render_log *l, struct sim_rec r, enum sim_rec_kind k,
	      uint64_t w, bool by_rule)
{
	uint64_t *latest = &l->bs.latest[r.task];
	uint64_t job = r.job;
	struct render_binlog_slot *s =
		&l->bs.slots[(size_t)r.task * RENDER_BINLOG_SLOTS +
			     (job & (RENDER_BINLOG_SLOTS - 1))];
	uint64_t nrel = l->bs.nrel;

	if (k == SIM_REC_RELEASE) {
		if (job != *latest + 1)
			return 0;
	} else {
		uint64_t jd = *latest - job;

		if (jd >= RENDER_BINLOG_S_JD || s->job != job)
			return 0;
		w |= jd << 29;
	}
	render_binlog_apply(s, k, r.time, r.value, r.cpu, job, nrel);
	if (by_rule)            /* render_log_engine_sinks() */
		assert(render_binlog_slot_is(s, r.info));
	else if (!render_binlog_slot_is(s, r.info))
		return 0;           /* the slot: render_binlog_know() */
	if (k == SIM_REC_RELEASE) {
		*latest = job;
		l->bs.nrel = nrel + 1;
	}
	return w | RENDER_BINLOG_S_JOB;
}

/* The short record of r in *w0 (w1 is its value), and what the reader
 * knows once it has read it; or false when r needs a long one (then
 * render_binlog_know() sets what the reader will know): a field out of
 * the short ranges, or job info other than what the reader would infer
 * from the job's earlier records (docs/formats.md "Binary").  The
 * general case, for what bin_emit's fast path does not take. */
static bool bin_short(struct render_log *l, const struct sim_rec *r,
		      uint64_t *w0)
{
	uint64_t dt = (uint64_t)r->time - (uint64_t)l->last_t;
	uint64_t w = (uint64_t)r->kind | dt << 32;

	if (dt > UINT32_MAX)
		return false;
	if (r->cpu >= 0) {
		if (r->cpu > 255)
			return false;
		w |= RENDER_BINLOG_S_CPU | (uint64_t)r->cpu << 8;
	}
	if (r->kind == SIM_REC_END) {
		*w0 = w;
		return true;
	}
	if (r->task >= l->bs.nst)
		return false;
	w |= (uint64_t)r->task << 16;
	if (!r->info) {
		if (r->job != 0 || r->kind == SIM_REC_RELEASE)
			return false;
	} else if (!(w = bin_job_short(l, *r, r->kind, w, false))) {
		return false;
	}
	*w0 = w;
	return true;
}

/* A full buffer's spill after a short record, out of line (the record's
 * path then makes no call but tail calls, and saves no registers). */
static __attribute__((noinline)) enum rt_err bin_spill(struct render_log *l)
{
	render_wbuf_spill(&l->w);
	return l->w.failed ? RT_ERR_IO : RT_OK;
}

/* The 16 bytes of a short record at the buffer's end (render_wbuf_begin
 * and render_wbuf_end); the record's time becomes the last.  A failed
 * write is reported by the spill that finds it (the run then stops: no
 * record comes after), so the record's path does not test it. */
static inline __attribute__((always_inline)) enum rt_err
bin_put_short(struct render_log *l, struct sim_rec r, uint64_t w0)
{
	size_t n = l->w.n;
	char *p = l->w.buf + n;
	uint64_t w1 = (uint64_t)r.value;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(p, &w0, 8);
	memcpy(p + 8, &w1, 8);
#else
	for (int i = 0; i < 8; i++) {
		p[i] = (char)(w0 >> (8 * i));
		p[8 + i] = (char)(w1 >> (8 * i));
	}
#endif
	l->last_t = r.time;
	l->w.n = n += RENDER_BINLOG_SHORT;
	if (__builtin_expect(n >= l->w.limit, 0))
		return bin_spill(l);
	return RT_OK;
}

/* r as a long record, and what the reader then knows. */
static __attribute__((noinline)) enum rt_err
bin_emit_long(struct render_log *l, const struct sim_rec *r)
{
	char *p = render_wbuf_begin(&l->w);

	p = bin_long(l, r, p);
	render_binlog_know(&l->bs, r);
	l->last_t = r->time;
	render_wbuf_end(&l->w, p);
	return l->w.failed ? RT_ERR_IO : RT_OK;
}

/* Any record: short where bin_short says so, else long. */
static __attribute__((noinline)) enum rt_err
bin_emit_any(struct render_log *l, const struct sim_rec *r)
{
	uint64_t w0;

	if (bin_short(l, r, &w0))
		return bin_put_short(l, *r, w0);
	return bin_emit_long(l, r);
}

/* One of the two (any: bin_emit_any, else bin_emit_long) for an
 * engine's record given as arguments (sim_emit_job_fn), out of line:
 * the record is stored here, so the fast path keeps its fields in
 * registers. */
static __attribute__((noinline)) enum rt_err
bin_emit_args(struct render_log *l, bool any, enum sim_rec_kind k,
	      rt_time t, int cpu, const struct sim_job_info *ji, rt_time v)
{
	struct sim_rec r = sim_rec_of_job(k, t, cpu, ji, v);

	return any ? bin_emit_any(l, &r) : bin_emit_long(l, &r);
}

/* The fast path's way out to the general one (any: bin_emit_any, else
 * bin_emit_long), for the record r (a copy in registers) that came as
 * *orig, or (orig NULL) as arguments. */
static inline __attribute__((always_inline)) enum rt_err
bin_out(struct render_log *l, bool any, struct sim_rec r,
	const struct sim_rec *orig)
{
	if (!orig)
		return bin_emit_args(l, any, r.kind, r.time, r.cpu, r.info,
				     r.value);
	return any ? bin_emit_any(l, orig) : bin_emit_long(l, orig);
}

/* A record of kind k (a constant) with job info, of a task below
 * l->bs.nst, its cpu -1 to 255 and its time step below 2^32 (w0 holds
 * them): short where bin_job_short says so, else long.  Each kind its
 * own copy: the record's path holds no branch on its kind past
 * bin_emit's switch. */
static inline __attribute__((always_inline)) enum rt_err
bin_emit_job(struct render_log *l, struct sim_rec r,
	     const struct sim_rec *orig, uint64_t w0, enum sim_rec_kind k,
	     bool by_rule)
{
	uint64_t w = bin_job_short(l, r, k, w0, by_rule);

	if (__builtin_expect(!w, 0))
		return bin_out(l, false, r, orig);
	return bin_put_short(l, r, w | (uint64_t)k);
}

/* The fast path's first word (w0: time step, task, cpu) of a record
 * with job info in the short ranges; false for anything else (END, no
 * job info, a field out of range: bin_emit_any, out of line). */
static inline __attribute__((always_inline)) bool
bin_w0(const struct render_log *l, struct sim_rec r, uint64_t *w0)
{
	uint64_t dt = (uint64_t)r.time - (uint64_t)l->last_t;
	uint32_t cpu1 = (uint32_t)r.cpu + 1;    /* 0: no cpu */

	if (__builtin_expect(!r.info || dt > UINT32_MAX || cpu1 > 256 ||
			     r.task >= l->bs.nst, 0))
		return false;
	*w0 = dt << 32 | (uint64_t)r.task << 16 |
	      (cpu1 ? RENDER_BINLOG_S_CPU | (uint64_t)(cpu1 - 1) << 8 : 0);
	return true;
}

/* render_log_sink's: one copy per common kind (bin_emit_job), the rest
 * through bin_emit_any.  A record that needs a long one after all goes
 * to bin_emit_long, with its slot changed: render_binlog_know() sets it
 * afresh. */
static enum rt_err bin_emit(void *ctx, const struct sim_rec *r)
{
	struct render_log *l = ctx;
	struct sim_rec v = *r;
	uint64_t w0;

	if (!bin_w0(l, v, &w0))
		return bin_emit_any(l, r);
	switch (v.kind) {
	case SIM_REC_RELEASE:
		return bin_emit_job(l, v, r, w0, SIM_REC_RELEASE, false);
	case SIM_REC_START:
		return bin_emit_job(l, v, r, w0, SIM_REC_START, false);
	case SIM_REC_PREEMPT:
		return bin_emit_job(l, v, r, w0, SIM_REC_PREEMPT, false);
	case SIM_REC_COMPLETE:
		return bin_emit_job(l, v, r, w0, SIM_REC_COMPLETE, false);
	default:
		return bin_emit_any(l, r);
	}
}

/* A sim_engine's record of kind k (a constant: render_log_engine_sinks
 * gives each common kind a sink of its own), without the switch. */
static inline __attribute__((always_inline)) enum rt_err
bin_emit_engine(void *ctx, struct sim_rec r, const struct sim_rec *orig,
		enum sim_rec_kind k)
{
	struct render_log *l = ctx;
	uint64_t w0;

	if (!bin_w0(l, r, &w0))
		return bin_out(l, true, r, orig);
	return bin_emit_job(l, r, orig, w0, k, true);
}

/* Each common kind's sink: emit (a record in memory) and emit_job (its
 * fields in registers: sim_emit_rec's call). */
#define BIN_ENGINE_SINK(name, K)						\
	static enum rt_err name(void *ctx, const struct sim_rec *r)	\
	{								\
		return bin_emit_engine(ctx, *r, r, K);			\
	}								\
	static enum rt_err name##_job(void *ctx, enum sim_rec_kind k,	\
				      rt_time t, int cpu,		\
				      const struct sim_job_info *ji,	\
				      rt_time v)			\
	{								\
		(void)k;        /* K: only this kind comes here */	\
		return bin_emit_engine(ctx,				\
				       sim_rec_of_job(K, t, cpu, ji, v),\
				       NULL, K);			\
	}
BIN_ENGINE_SINK(bin_emit_release, SIM_REC_RELEASE)
BIN_ENGINE_SINK(bin_emit_start, SIM_REC_START)
BIN_ENGINE_SINK(bin_emit_preempt, SIM_REC_PREEMPT)
BIN_ENGINE_SINK(bin_emit_complete, SIM_REC_COMPLETE)
#undef BIN_ENGINE_SINK

/* ---- CSV and JSON Lines ---- */

static enum rt_err csv_emit(void *ctx, const struct sim_rec *r)
{
	struct render_log *l = ctx;
	char *p = render_wbuf_begin(&l->w);

	p = render_put_i64c(p, &l->nums, r->time);
	p = render_put_frag(p, kind_frag(l, r->kind));
	if (r->cpu >= 0)
		p = render_put_u64(p, (uint64_t)r->cpu);
	if (r->kind != SIM_REC_END) {
		p = render_put_frag(p, &l->tasks[r->task < l->m->ntasks ?
						 r->task : l->m->ntasks]);
		p = render_put_u64(p, r->job);
		*p++ = ',';
	} else {
		RENDER_PUT_LIT(p, ",,,");
	}
	p = render_put_i64(p, r->value);
	*p++ = '\n';
	render_wbuf_end(&l->w, p);
	return l->w.failed ? RT_ERR_IO : RT_OK;
}

/* ,"key":v or ,"key":null; 'lit' is the literal with its quotes, comma
 * and colon. */
#define JSON_OPT(p, lit, v, present) do {                               \
		RENDER_PUT_LIT(p, lit);                                 \
		if (present)                                            \
			p = render_put_i64c(p, &l->nums, (v));          \
		else                                                    \
			RENDER_PUT_LIT(p, "null");                      \
	} while (0)

/* Does g hold the text of r's job as r would have it? */
static inline bool log_seg_holds(const struct log_seg *g,
				 const struct sim_rec *r,
				 const struct sim_job_info *ji)
{
	return ((g->seq ^ ji->seq) | (g->job ^ r->job) |
		((uint64_t)g->release ^ (uint64_t)ji->release) |
		((uint64_t)g->deadline ^ (uint64_t)ji->abs_deadline) |
		(uint64_t)(g->task ^ r->task)) == 0 && g->alen;
}

/* Keep r's job's text a[0, alen) and b[0, blen) in g (out of line: once
 * a job). */
static __attribute__((noinline)) void
log_seg_keep(const struct render_log *l, struct log_seg *g,
	     const struct sim_rec *r, const struct sim_job_info *ji,
	     const char *a, size_t alen, const char *b, size_t blen)
{
	g->alen = 0;            /* alen >= 9 (",\"value\":") once kept */
	if (alen > LOG_SEG_A || blen > LOG_SEG_B || l->keep_no_text)
		return;
	g->seq = ji->seq;
	g->job = r->job;
	g->release = ji->release;
	g->deadline = ji->abs_deadline;
	g->task = r->task;
	memcpy(g->a, a, alen);
	memcpy(g->b, b, blen);
	g->alen = (uint8_t)alen;
	g->blen = (uint8_t)blen;
}

/* A record's closing brace and newline at p, and the record done. */
static inline __attribute__((always_inline)) enum rt_err
jsonl_end(struct render_log *l, char *p)
{
	RENDER_PUT_LIT(p, "}\n");
	render_wbuf_end(&l->w, p);
	return l->w.failed ? RT_ERR_IO : RT_OK;
}

/* A job record's end, from its first start's value on. */
static inline __attribute__((always_inline)) enum rt_err
jsonl_tail(struct render_log *l, char *p, const struct sim_job_info *ji)
{
	if (ji->start != RT_TIME_NEVER)
		p = render_put_i64c(p, &l->nums, ji->start);
	else
		RENDER_PUT_LIT(p, "null");
	JSON_OPT(p, ",\"finish\":", ji->finish, ji->finish != RT_TIME_NEVER);
	RENDER_PUT_LIT(p, ",\"last_cpu\":");
	if (ji->cpu >= 0)
		p = render_put_u64(p, (uint64_t)ji->cpu);
	else
		RENDER_PUT_LIT(p, "null");
	return jsonl_end(l, p);
}

static enum rt_err jsonl_emit(void *ctx, const struct sim_rec *r)
{
	struct render_log *l = ctx;
	const struct sim_job_info *ji = r->info;
	char *p = render_wbuf_begin(&l->w), *a, *b;
	struct log_seg *g = NULL;
	size_t alen;

	RENDER_PUT_LIT(p, "{\"t\":");
	p = render_put_i64c(p, &l->nums, r->time);
	p = render_put_frag(p, kind_frag(l, r->kind));
	if (r->cpu >= 0)
		p = render_put_u64(p, (uint64_t)r->cpu);
	else
		RENDER_PUT_LIT(p, "null");
	if (r->kind == SIM_REC_END) {
		RENDER_PUT_LIT(p, ",\"task\":null,\"task_index\":null,"
			       "\"job\":null,\"value\":");
		p = render_put_i64c(p, &l->nums, r->value);
		return jsonl_end(l, p);
	}
	if (ji) {
		g = &l->segs[ji->seq & (LOG_SEGS - 1)];
		if (log_seg_holds(g, r, ji)) {
			memcpy(p, g->a, LOG_SEG_A);
			p += g->alen;
			p = render_put_i64c(p, &l->nums, r->value);
			memcpy(p, g->b, LOG_SEG_B);
			return jsonl_tail(l, p + g->blen, ji);
		}
	}
	a = p;
	if (r->task < l->m->ntasks) {
		p = render_put_frag(p, &l->tasks[r->task]);
	} else {
		p = render_put_frag(p, &l->tasks[l->m->ntasks]);
		RENDER_PUT_LIT(p, ",\"task_index\":");
		p = render_put_u64(p, r->task);
		RENDER_PUT_LIT(p, ",\"job\":");
	}
	p = render_put_u64(p, r->job);
	RENDER_PUT_LIT(p, ",\"value\":");
	alen = (size_t)(p - a);
	p = render_put_i64c(p, &l->nums, r->value);
	if (!ji)
		return jsonl_end(l, p);
	b = p;
	RENDER_PUT_LIT(p, ",\"seq\":");
	p = render_put_u64(p, ji->seq);
	RENDER_PUT_LIT(p, ",\"release\":");
	p = render_put_i64c(p, &l->nums, ji->release);
	RENDER_PUT_LIT(p, ",\"deadline\":");
	p = render_put_i64c(p, &l->nums, ji->abs_deadline);
	RENDER_PUT_LIT(p, ",\"start\":");
	log_seg_keep(l, g, r, ji, a, alen, b, (size_t)(p - b));
	return jsonl_tail(l, p, ji);
}

static void log_free(struct render_log *l)
{
	render_frags_free(l->tasks, l->m->ntasks + 1);
	for (unsigned k = 0; k < SIM_REC__COUNT; k++)
		render_frag_free(&l->kinds[k]);
	render_binlog_state_free(&l->bs);
	render_wbuf_discard(&l->w);
	rt_free(l);
}

/* What a record holds about its task, between its cpu and its job. */
static bool csv_task(FILE *f, size_t i, const char *name, const void *ctx)
{
	(void)i;
	(void)ctx;
	return fputc(',', f) != EOF && render_csv_field(f, name) &&
	       fputc(',', f) != EOF;
}

/* ctx: the number of tasks; out of range, the index and the job key
 * follow in the record itself. */
static bool jsonl_task(FILE *f, size_t i, const char *name, const void *ctx)
{
	const size_t *ntasks = ctx;

	return fputs(",\"task\":", f) >= 0 && render_json_string(f, name) &&
	       (i == *ntasks ||
		fprintf(f, ",\"task_index\":%zu,\"job\":", i) >= 0);
}

/* The kind and task fragments of a text log. */
static bool log_frags(struct render_log *l)
{
	bool json = l->fmt == RENDER_LOG_JSONL;

	for (unsigned k = 0; k < SIM_REC__COUNT; k++) {
		const char *s = sim_rec_kind_name((enum sim_rec_kind)k);

		if (!(json ? render_frag_printf(&l->kinds[k], ",\"event\":\"%s\","
						"\"cpu\":", s) :
		      render_frag_printf(&l->kinds[k], ",%s,", s)))
			return false;
	}
	return render_frags_tasks(&l->tasks, l->m, "", json ? jsonl_task :
				  csv_task, &l->m->ntasks);
}

enum rt_err render_log_open(FILE *f, enum render_log_format fmt,
			    const struct render_meta *m,
			    struct render_log **out, struct rt_diag *d)
{
	struct render_log *l;
	size_t rec_max = BIN_REC_MAX;
	enum rt_err rc;

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
	l->keep_no_text = log_keep_no_text;
	if (fmt == RENDER_LOG_BIN &&
	    !render_binlog_state_init(&l->bs, m->ntasks)) {
		log_free(l);
		return rt_diagf(d, RT_ERR_NOMEM, "event log: out of memory");
	}
	if (fmt != RENDER_LOG_BIN) {
		if (!log_frags(l)) {
			log_free(l);
			return rt_diagf(d, RT_ERR_NOMEM, "event log: out of memory");
		}
		rec_max = (fmt == RENDER_LOG_CSV ? LOG_CSV_FIXED :
			   LOG_JSONL_FIXED) +
			  render_frags_max_len(l->tasks, m->ntasks + 1);
	}
	if (!render_wbuf_init(&l->w, f, rec_max)) {
		log_free(l);
		return rt_diagf(d, RT_ERR_NOMEM, "event log: out of memory");
	}
	rc = log_header(l);
	if (rc) {
		log_free(l);
		return rt_diagf(d, rc, rc == RT_ERR_NOMEM ?
				"event log: out of memory" :
				"event log: write failed");
	}
	*out = l;
	return RT_OK;
}

struct sim_sink render_log_sink(struct render_log *l)
{
	struct sim_sink s = {
		.mask = SIM_MASK_ALL,
		.emit = l->fmt == RENDER_LOG_CSV ? csv_emit :
			l->fmt == RENDER_LOG_JSONL ? jsonl_emit : bin_emit,
		.ctx = l,
	};

	return s;
}

size_t render_log_engine_sinks(struct render_log *l, struct sim_sink *out,
			       sim_emit_job_fn **jobs)
{
	static const struct {
		enum sim_rec_kind k;
		enum rt_err (*emit)(void *ctx, const struct sim_rec *r);
		sim_emit_job_fn *emit_job;
	} own[] = {
		{ SIM_REC_RELEASE, bin_emit_release, bin_emit_release_job },
		{ SIM_REC_START, bin_emit_start, bin_emit_start_job },
		{ SIM_REC_PREEMPT, bin_emit_preempt, bin_emit_preempt_job },
		{ SIM_REC_COMPLETE, bin_emit_complete, bin_emit_complete_job },
	};
	size_t n = 0;

	jobs[n] = NULL;
	out[n++] = render_log_sink(l);
	if (l->fmt != RENDER_LOG_BIN)
		return n;
	for (size_t i = 0; i < sizeof(own) / sizeof(own[0]); i++) {
		out[0].mask &= ~SIM_MASK(own[i].k);
		jobs[n] = own[i].emit_job;
		out[n++] = (struct sim_sink){ .mask = SIM_MASK(own[i].k),
					      .emit = own[i].emit, .ctx = l };
	}
	return n;
}

enum rt_err render_log_finish(struct render_log *l, struct rt_diag *d)
{
	bool failed;

	if (!l)
		return RT_OK;
	failed = !render_wbuf_finish(&l->w);
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
	    render_path_has_ext(path, ".json") || render_path_is_stdout(path)) {
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
