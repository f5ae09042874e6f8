/* jobs.c - per-job CSV, one row per job in release order (format: jobs.h,
 * docs/formats.md).
 *
 * Jobs finish out of release order, so rows wait in a reorder buffer: a
 * ring indexed by the job's global release sequence number (seq), whose
 * head 'base' is the oldest job without a row yet.  A job's slot is closed
 * by its one final record, whose job info tells everything the row needs
 * (a closed slot at the head is written at once, by the one loop that
 * formats rows, jobs_advance).  The engine's caller sends no RELEASE records
 * (RENDER_JOBS_UNLESS_FINAL: the engine ends every job with a final
 * record, so an empty slot below the newest seq seen is an open job); a
 * replayed log does, and they mark the slot open with the job's release:
 *
 *   COMPLETE    finish = time, response = value, tardiness = max(0, f - d)
 *   ABORT       finish, response and tardiness empty
 *   UNFINISHED  finish, response empty; tardiness = h - d if d <= h
 *
 * The final record's job info carries the first start and the last CPU,
 * so the writer does not ask for START records (the most frequent kind).
 * MISS never closes a slot: a late job's MISS follows its COMPLETE (same
 * instant) and a pending late job's MISS precedes its UNFINISHED, and in
 * both cases the final record alone gives the tardiness.  Records for a
 * job whose row is already out are ignored, so every job yields exactly
 * one row.  After each close the head advances over closed slots, writing
 * their rows.  Memory is O(span of seq between the oldest unfinished job
 * and the newest release) -- the pending jobs -- never O(horizon).
 *
 * A row's four times go through a window of 10^8 values (wbuf.h,
 * render_put_i64w), kept in registers while rows are written: a job's
 * times and its neighbours' share their leading digits (bench/README.md,
 * eighth round).
 */
#include "render/jobs.h"

#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "models/mem.h"
#include "render/internal.h"
#include "render/wbuf.h"

enum jobs_state {
	JOB_EMPTY = 0,                  /* no record seen (below top: an open
					 * job, its RELEASE not sent) */
	JOB_PENDING,                    /* released, no final record yet */
	JOB_COMPLETE,
	JOB_ABORT,
	JOB_UNFINISHED
};

struct jobs_row {
	enum jobs_state state;
	uint32_t task;                  /* task index */
	int cpu;                        /* last CPU, -1 if never ran */
	uint64_t job;                   /* per-task job index */
	rt_time release, deadline;      /* r, d */
	rt_time start;                  /* first start, RT_TIME_NEVER if none */
	rt_time finish;                 /* COMPLETE: finish; UNFINISHED: horizon h */
	rt_time response;               /* COMPLETE: response time */
};

struct render_jobs {
	FILE *f;                        /* borrowed */
	const struct render_meta *m;    /* borrowed */
	struct jobs_row *ring;          /* cap slots; seq s lives at s & (cap-1) */
	size_t cap;                     /* 0 or a power of two */
	uint64_t base;                  /* oldest seq without a row */
	uint64_t top;                   /* one past the largest seq seen */
	struct render_wbuf w;           /* rows are formatted here */
	struct render_frag *names;      /* "NAME," CSV-escaped; [ntasks] = "," */
	struct render_numwin win;       /* the times' leading digits */
	size_t ntasks;                  /* m->ntasks */
	bool short_names;               /* every names[] is 16 bytes at most */
	bool failed;                    /* a write failed */
};

/* A row's text besides its name: eight numbers at their widest. */
#define JOBS_ROW_FIXED 256

static void jobs_free(struct render_jobs *j)
{
	render_frags_free(j->names, j->m->ntasks + 1);
	render_wbuf_discard(&j->w);
	rt_free(j->ring);
	rt_free(j);
}

/* A task's CSV-escaped name and the comma after it. */
static bool jobs_name(FILE *f, size_t i, const char *name, const void *ctx)
{
	(void)i;
	(void)ctx;
	return render_csv_field(f, name) && fputc(',', f) != EOF;
}

enum rt_err render_jobs_open(FILE *f, const struct render_meta *m,
			     struct render_jobs **out, struct rt_diag *d)
{
	struct render_jobs *j;

	rt_diag_clear(d);
	if (!f || !m || !out)
		return rt_diagf(d, RT_ERR_INVAL, "jobs CSV: bad arguments");
	j = rt_calloc(1, sizeof(*j));
	if (!j)
		return rt_diagf(d, RT_ERR_NOMEM, "jobs CSV: out of memory");
	j->f = f;
	j->m = m;
	j->win = (struct render_numwin)RENDER_NUMWIN_INIT;
	if (!render_frags_tasks(&j->names, m, "", jobs_name, NULL) ||
	    !render_wbuf_init(&j->w, f, JOBS_ROW_FIXED +
			      render_frags_max_len(j->names, m->ntasks + 1))) {
		jobs_free(j);
		return rt_diagf(d, RT_ERR_NOMEM, "jobs CSV: out of memory");
	}
	j->ntasks = m->ntasks;
	j->short_names = render_frags_max_len(j->names, m->ntasks + 1) <= 16;
	if (fputs("task,job,release,deadline,start,finish,response,"
		  "tardiness,cpu\n", f) < 0) {
		jobs_free(j);
		return rt_diagf(d, RT_ERR_IO, "jobs CSV: write failed");
	}
	*out = j;
	return RT_OK;
}

/* Format w's row into the buffer (a failed write shows in j->w.failed,
 * tested by the caller after its rows).  Inlined in its one caller,
 * jobs_advance. */
static inline __attribute__((always_inline)) void
write_row(struct render_jobs *j, struct render_numwin *win,
	  const struct jobs_row *w)
{
	const struct render_frag *name =
		&j->names[w->task < j->ntasks ? w->task : j->ntasks];
	bool done = w->state == JOB_COMPLETE, has_tard = false;
	rt_time tard = 0;
	char *p;

	if (done) {
		/* tardiness = max(0, f - d) */
		has_tard = rt_time_sub(w->finish, w->deadline, &tard);
		if (tard < 0)
			tard = 0;
	} else if (w->state == JOB_UNFINISHED && w->deadline <= w->finish) {
		/* pending at the horizon h = 'finish' with d <= h: h - d */
		has_tard = rt_time_sub(w->finish, w->deadline, &tard);
	}
	p = render_wbuf_begin(&j->w);
	if (j->short_names) {
		memcpy(p, name->s, 16); /* padded: RENDER_FRAG_PAD */
		p += name->len;
	} else {
		p = render_put_frag(p, name);
	}
	if (w->job < 100000000)
		p = render_put_u8d_nb(p, (uint32_t)w->job);
	else
		p = render_put_u64(p, w->job);
	*p++ = ',';
	p = render_put_i64w(p, win, &j->win, w->release);
	*p++ = ',';
	p = render_put_i64w(p, win, &j->win, w->deadline);
	*p++ = ',';
	if (w->start != RT_TIME_NEVER)
		p = render_put_i64w(p, win, &j->win, w->start);
	*p++ = ',';
	if (done) {
		p = render_put_i64w(p, win, &j->win, w->finish);
		*p++ = ',';
		if ((uint64_t)w->response < 100000000)
			p = render_put_u8d_nb(p, (uint32_t)w->response);
		else
			p = render_put_i64(p, w->response);
	} else {
		*p++ = ',';
	}
	*p++ = ',';
	if (has_tard) {
		if (tard == 0)
			*p++ = '0';
		else
			p = render_put_i64(p, tard);
	}
	*p++ = ',';
	if ((unsigned)w->cpu < 10)
		*p++ = (char)('0' + w->cpu);
	else if (w->cpu >= 0)
		p = render_put_u64(p, (uint64_t)w->cpu);
	*p++ = '\n';
	render_wbuf_end(&j->w, p);
}

/* Write the rows of every closed job at the head (out of line: the
 * record's path into the ring needs no saved registers). */
static __attribute__((noinline)) enum rt_err
jobs_advance(struct render_jobs *j)
{
	uint64_t base = j->base;
	struct render_numwin win = j->win;      /* in registers */

	while (base < j->top) {
		struct jobs_row *w = &j->ring[base & (j->cap - 1)];

		if (w->state <= JOB_PENDING)
			break;          /* open: released, not final yet */
		write_row(j, &win, w);
		w->state = JOB_EMPTY;
		base++;
	}
	j->base = base;
	if (j->w.failed) {
		j->failed = true;
		return RT_ERR_IO;
	}
	return RT_OK;
}

/* Make room for seq in the ring (doubling), keeping [base, top). */
static enum rt_err jobs_reserve(struct render_jobs *j, uint64_t seq)
{
	size_t cap = j->cap ? j->cap : 64;
	struct jobs_row *nr;

	if (seq - j->base < j->cap)
		return RT_OK;
	while (seq - j->base >= cap) {
		if (cap > SIZE_MAX / 2 / sizeof(*nr))
			return RT_ERR_NOMEM;
		cap *= 2;
	}
	nr = rt_calloc(cap, sizeof(*nr));
	if (!nr)
		return RT_ERR_NOMEM;
	for (uint64_t s = j->base; s < j->top; s++)
		nr[s & (cap - 1)] = j->ring[s & (j->cap - 1)];
	rt_free(j->ring);
	j->ring = nr;
	j->cap = cap;
	return RT_OK;
}

/* The state a record of each kind puts its job in (JOB_EMPTY: none). */
static const unsigned char jobs_state_of[SIM_REC__COUNT] = {
	[SIM_REC_RELEASE] = JOB_PENDING,
	[SIM_REC_COMPLETE] = JOB_COMPLETE,
	[SIM_REC_ABORT] = JOB_ABORT,
	[SIM_REC_UNFINISHED] = JOB_UNFINISHED,
};

/* A record of job seq (its slot in the ring) puts it in state st: its
 * fields go to the slot unless it is closed already; when the oldest
 * open job ends, its row and those closed after it go out.  'time' is
 * the finish (UNFINISHED: the horizon), 'value' the response (COMPLETE
 * only).  Inline in jobs_emit and render_jobs_emit_job. */
static inline __attribute__((always_inline)) enum rt_err
jobs_put(struct render_jobs *j, uint64_t seq, enum jobs_state st,
	 uint32_t task, uint64_t job, const struct sim_job_info *ji,
	 rt_time time, rt_time value)
{
	struct jobs_row *w;

	j->top = seq >= j->top ? seq + 1 : j->top;      /* no branch */
	w = &j->ring[seq & (j->cap - 1)];
	if (w->state > JOB_PENDING)
		return RT_OK;           /* already closed */
	w->state = st;
	w->task = task;
	w->job = job;
	w->release = ji->release;
	w->deadline = ji->abs_deadline;
	w->start = ji->start;
	w->cpu = ji->cpu;
	w->finish = time;
	w->response = value;
	if (seq == j->base && st != JOB_PENDING)
		return jobs_advance(j);
	return RT_OK;
}

static enum rt_err jobs_emit(void *ctx, const struct sim_rec *r);

/* r's job is outside the ring: ignored if its row is out, else the ring
 * grows and r is taken again (out of line: the common path saves no
 * registers). */
static __attribute__((noinline, cold)) enum rt_err
jobs_grow(struct render_jobs *j, const struct sim_rec *r, uint64_t seq)
{
	enum rt_err rc;

	if (seq < j->base)
		return RT_OK;   /* a job whose row is out */
	rc = jobs_reserve(j, seq);
	if (rc != RT_OK)
		return rc;
	return jobs_emit(j, r);
}

static enum rt_err jobs_emit(void *ctx, const struct sim_rec *r)
{
	struct render_jobs *j = ctx;
	const struct sim_job_info *ji = r->info;
	enum jobs_state st;
	uint64_t seq;

	if (j->failed)
		return RT_ERR_IO;
	if (!ji || (unsigned)r->kind >= SIM_REC__COUNT)
		return RT_OK;           /* END */
	st = jobs_state_of[r->kind];
	seq = ji->seq;
	if (st == JOB_EMPTY)
		return RT_OK;
	if (seq - j->base >= j->cap)
		return jobs_grow(j, r, seq);
	return jobs_put(j, seq, st, r->task, r->job, ji, r->time, r->value);
}

/* render_jobs_emit_job's other records, as a record (out of line: the
 * common path saves no registers). */
static __attribute__((noinline, cold)) enum rt_err
jobs_emit_other(struct render_jobs *j, enum sim_rec_kind kind, rt_time time,
		int cpu, const struct sim_job_info *ji, rt_time value)
{
	struct sim_rec r = sim_rec_of_job(kind, time, cpu, ji, value);

	return jobs_emit(j, &r);
}

/* The engine's entry (render_jobs_emit_job): a COMPLETE whose job has
 * its slot in the ring is closed here from the arguments, without a
 * record built by the engine and read back here; anything else goes
 * through jobs_emit. */
enum rt_err render_jobs_emit_job(void *ctx, enum sim_rec_kind kind,
				 rt_time time, int cpu,
				 const struct sim_job_info *ji, rt_time value)
{
	struct render_jobs *j = ctx;
	uint64_t seq = ji->seq;

	if (__builtin_expect(kind != SIM_REC_COMPLETE || j->failed ||
			     seq - j->base >= j->cap, 0))
		return jobs_emit_other(j, kind, time, cpu, ji, value);
	return jobs_put(j, seq, JOB_COMPLETE, ji->task, ji->job, ji, time,
			value);
}

struct sim_sink render_jobs_sink(struct render_jobs *j)
{
	struct sim_sink s = {
		.mask = SIM_MASK(SIM_REC_RELEASE) | SIM_MASK(SIM_REC_COMPLETE) |
			SIM_MASK(SIM_REC_ABORT) | SIM_MASK(SIM_REC_UNFINISHED),
		.emit = jobs_emit,
		.ctx = j,
	};

	return s;
}

enum rt_err render_jobs_finish(struct render_jobs *j, struct rt_diag *d)
{
	enum rt_err rc = RT_OK;

	if (!j)
		return RT_OK;
	/* Jobs never closed (a replayed log that lacks final records) are
	 * written as unfinished at the horizon, with what their release told
	 * (start and CPU unknown: only final records carry them).  A job
	 * seen by no record at all (a gap in seq) can only be a source
	 * without RELEASE records that broke its promise of final records:
	 * its row cannot be written, and the file is refused. */
	for (uint64_t s = j->base; !j->failed && s < j->top; s++) {
		struct jobs_row *w = &j->ring[s & (j->cap - 1)];

		if (w->state == JOB_PENDING) {
			w->state = JOB_UNFINISHED;
			w->finish = j->m->horizon;
			w->start = RT_TIME_NEVER;
			w->cpu = -1;
		} else if (w->state == JOB_EMPTY) {
			jobs_free(j);
			return rt_diagf(d, RT_ERR_INVAL, "jobs CSV: job %" PRIu64
					" of the release order has no final "
					"record", s);
		}
	}
	if (!j->failed)
		rc = jobs_advance(j);
	if (!render_wbuf_finish(&j->w) || j->failed)
		rc = rt_diagf(d, RT_ERR_IO, "jobs CSV: write failed");
	jobs_free(j);
	return rc;
}
