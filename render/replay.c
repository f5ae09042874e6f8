/* replay.c - read a JSONL event log back into trace records (replay.h).
 *
 * Lines are read one at a time into a growing buffer (at most
 * RENDER_REPLAY_MAX_LINE bytes), lexed by render/json.c and checked
 * field by field; memory is O(tasks + longest line) whatever the log's
 * length.  Nothing here trusts the input: every index is range-checked
 * before a sink sees it.
 */
#include "render/replay.h"

#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "models/mem.h"
#include "render/internal.h"

struct render_replay {
	FILE *f;                        /* borrowed */
	const char *name;               /* borrowed, for messages */
	unsigned long line;             /* 1-based number of the last line read */
	char *buf;                      /* current line (rt_malloc'ed) */
	size_t cap;                     /* bytes allocated for buf */
	struct render_json lx;
	struct render_meta meta;        /* points into the fields below */
	char *scenario, *time_unit, *display_unit;
	struct rt_task *tasks;          /* ntasks, names owned below */
	char **names;                   /* names_cap entries, NULL if unused */
	size_t names_cap;
	uint64_t nreleased;             /* RELEASE records seen (next seq) */
	rt_time last_t;                 /* time of the previous record */
	bool ran;
};

/* Read one line (without its '\n' or '\r\n') into rp->buf.  Returns RT_OK
 * with *len set, or RT_ERR_IO / RT_ERR_PARSE; *eof when nothing is left. */
static enum rt_err read_line(struct render_replay *rp, size_t *len, bool *eof,
			     struct rt_diag *d)
{
	size_t n = 0;
	int c;

	*eof = false;
	while ((c = getc(rp->f)) != EOF && c != '\n') {
		if (c == '\0')
			return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: NUL byte "
					"(not a text log)", rp->name, rp->line + 1);
		if (n + 1 >= rp->cap) {
			size_t cap = rp->cap ? rp->cap * 2 : 256;
			char *nb;

			if (cap > RENDER_REPLAY_MAX_LINE)
				return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: line "
						"longer than %u bytes", rp->name,
						rp->line + 1, RENDER_REPLAY_MAX_LINE);
			nb = rt_realloc(rp->buf, cap);
			if (!nb)
				return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory",
						rp->name);
			rp->buf = nb;
			rp->cap = cap;
		}
		rp->buf[n++] = (char)c;
	}
	if (ferror(rp->f))
		return rt_diagf(d, RT_ERR_IO, "%s:%lu: read error", rp->name,
				rp->line + 1);
	if (c == EOF && n == 0) {
		*eof = true;
		return RT_OK;
	}
	rp->line++;
	if (n && rp->buf[n - 1] == '\r')
		n--;
	*len = n;
	return RT_OK;
}

/* Next line that is not blank; *eof at the end. */
static enum rt_err next_line(struct render_replay *rp, bool *eof,
			     struct rt_diag *d)
{
	size_t len = 0;
	enum rt_err rc;

	for (;;) {
		rc = read_line(rp, &len, eof, d);
		if (rc != RT_OK || *eof)
			return rc;
		render_json_reset(&rp->lx, rp->buf ? rp->buf : "", len);
		if (!render_json_at_end(&rp->lx)) {
			render_json_reset(&rp->lx, rp->buf, len);
			return RT_OK;
		}
	}
}

static enum rt_err syntax(struct render_replay *rp, struct rt_diag *d)
{
	if (rp->lx.nomem)
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", rp->name);
	return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: %s (column %zu)", rp->name,
			rp->line, rp->lx.err[0] ? rp->lx.err : "invalid JSON",
			rp->lx.err_col);
}

static enum rt_err bad(struct render_replay *rp, struct rt_diag *d,
		       const char *what, const char *key)
{
	return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: %s%s%s%s", rp->name, rp->line,
			key ? "\"" : "", key ? key : "", key ? "\": " : "", what);
}

static bool dup_str(struct render_replay *rp, char **dst)
{
	const char *s;

	if (!render_json_str(&rp->lx, &s))
		return false;
	rt_free(*dst);
	*dst = rt_strdup(s);
	if (!*dst)
		rp->lx.nomem = true;
	return *dst || render_json_fail(&rp->lx, "out of memory");
}

static enum rt_err parse_task(struct render_replay *rp, struct rt_diag *d)
{
	struct render_json *lx = &rp->lx;
	size_t i = rp->meta.ntasks;
	struct rt_task *t = &rp->tasks[i];
	bool seen[4] = { false };
	const char *key;

	*t = rt_task_make(NULL, 0, 0, 0);
	if (!render_json_punct(lx, '{'))
		return syntax(rp, d);
	if (!render_json_try(lx, '}')) {
		do {
			rt_time *v = NULL;
			int k;

			if (!render_json_str(lx, &key) || !render_json_punct(lx, ':'))
				return syntax(rp, d);
			k = !strcmp(key, "name") ? 0 : !strcmp(key, "C") ? 1 :
			    !strcmp(key, "D") ? 2 : !strcmp(key, "T") ? 3 : -1;
			if (k == 0 && !dup_str(rp, &rp->names[i]))
				return syntax(rp, d);
			if (k > 0)
				v = k == 1 ? &t->wcet : k == 2 ? &t->deadline :
				    &t->period;
			if (v && !render_json_int(lx, v))
				return syntax(rp, d);
			if (v && *v <= 0)
				return bad(rp, d, "task parameters must be > 0",
					   key);
			if (k < 0 && !render_json_skip(lx))
				return syntax(rp, d);
			if (k >= 0)
				seen[k] = true;
		} while (render_json_try(lx, ','));
		if (!render_json_punct(lx, '}'))
			return syntax(rp, d);
	}
	if (!seen[0] || !seen[1] || !seen[2] || !seen[3])
		return bad(rp, d, "each task needs \"name\", \"C\", \"D\" and \"T\"",
			   "tasks");
	t->name = rp->names[i];
	rp->meta.ntasks++;
	return RT_OK;
}

static enum rt_err parse_tasks(struct render_replay *rp, struct rt_diag *d)
{
	struct render_json *lx = &rp->lx;
	size_t cap = 0;
	enum rt_err rc;

	if (!render_json_punct(lx, '['))
		return syntax(rp, d);
	if (render_json_try(lx, ']'))
		return RT_OK;
	do {
		if (rp->meta.ntasks == cap) {
			size_t nc = cap ? cap * 2 : 8;
			struct rt_task *nt = rt_reallocarray(rp->tasks, nc,
							     sizeof(*nt));
			char **nn;

			if (nt)
				rp->tasks = nt;
			nn = nt ? rt_reallocarray(rp->names, nc, sizeof(*nn)) : NULL;
			if (!nn)
				return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory",
						rp->name);
			rp->names = nn;
			for (size_t i = cap; i < nc; i++)
				nn[i] = NULL;
			rp->names_cap = cap = nc;
		}
		rc = parse_task(rp, d);
		if (rc != RT_OK)
			return rc;
	} while (render_json_try(lx, ','));
	if (!render_json_punct(lx, ']'))
		return syntax(rp, d);
	return RT_OK;
}

enum header_key {
	HK_TYPE, HK_FORMAT, HK_TIME_UNIT, HK_CPUS, HK_HORIZON, HK_TASKS,
	HK_REQUIRED,                    /* keys above are required */
	HK_SCENARIO = HK_REQUIRED, HK_DISPLAY_UNIT, HK_DISPLAY_SCALE, HK_COUNT
};

static const char *const header_keys[HK_COUNT] = {
	"type", "format", "time_unit", "cpus", "horizon", "tasks",
	"scenario", "display_unit", "display_scale",
};

static enum rt_err parse_header_key(struct render_replay *rp, int k,
				    struct rt_diag *d)
{
	struct render_json *lx = &rp->lx;
	const char *key = header_keys[k], *s;
	int64_t v = 0;

	switch (k) {
	case HK_TYPE:
		if (!render_json_str(lx, &s))
			return syntax(rp, d);
		if (strcmp(s, "header"))
			return bad(rp, d, "expected \"header\"", key);
		return RT_OK;
	case HK_SCENARIO:
		return dup_str(rp, &rp->scenario) ? RT_OK : syntax(rp, d);
	case HK_TIME_UNIT:
		if (!dup_str(rp, &rp->time_unit))
			return syntax(rp, d);
		if (strcmp(rp->time_unit, "tick") && strcmp(rp->time_unit, "ns"))
			return bad(rp, d, "expected \"tick\" or \"ns\"", key);
		return RT_OK;
	case HK_DISPLAY_UNIT:
		return dup_str(rp, &rp->display_unit) ? RT_OK : syntax(rp, d);
	case HK_TASKS:
		return parse_tasks(rp, d);
	}
	if (!render_json_int(lx, &v))
		return syntax(rp, d);
	switch (k) {
	case HK_FORMAT:
		if (v != 1)
			return bad(rp, d, "unsupported log format (this dlsim "
				   "reads format 1)", key);
		break;
	case HK_CPUS:
		if (v < 1 || v > (int64_t)RENDER_REPLAY_MAX_CPUS)
			return bad(rp, d, "expected 1..65536", key);
		rp->meta.cpus = (unsigned)v;
		break;
	case HK_HORIZON:
		if (v < 0)
			return bad(rp, d, "must be >= 0", key);
		rp->meta.horizon = v;
		break;
	case HK_DISPLAY_SCALE:
		if (v < 1)
			return bad(rp, d, "must be >= 1", key);
		rp->meta.display_scale = v;
		break;
	}
	return RT_OK;
}

static enum rt_err parse_header(struct render_replay *rp, struct rt_diag *d)
{
	struct render_json *lx = &rp->lx;
	bool seen[HK_COUNT] = { false };
	const char *key;
	enum rt_err rc;

	if (!render_json_punct(lx, '{'))
		return syntax(rp, d);
	if (!render_json_try(lx, '}')) {
		do {
			int k;

			if (!render_json_str(lx, &key) || !render_json_punct(lx, ':'))
				return syntax(rp, d);
			for (k = 0; k < HK_COUNT; k++)
				if (!strcmp(key, header_keys[k]))
					break;
			if (k == HK_COUNT) {
				if (!render_json_skip(lx))
					return syntax(rp, d);
				continue;
			}
			if (seen[k])
				return bad(rp, d, "duplicate key", header_keys[k]);
			seen[k] = true;
			rc = parse_header_key(rp, k, d);
			if (rc != RT_OK)
				return rc;
		} while (render_json_try(lx, ','));
		if (!render_json_punct(lx, '}'))
			return syntax(rp, d);
	}
	if (!render_json_at_end(lx))
		return render_json_fail(lx, "text after the header object"),
		       syntax(rp, d);
	if (!seen[HK_TYPE])
		return bad(rp, d, "first line is not a dlsim log header "
			   "(missing \"type\":\"header\")", NULL);
	for (int k = 0; k < HK_REQUIRED; k++)
		if (!seen[k])
			return bad(rp, d, "missing in the header", header_keys[k]);
	return RT_OK;
}

static void replay_free(struct render_replay *rp)
{
	for (size_t i = 0; i < rp->names_cap; i++)
		rt_free(rp->names[i]);
	rt_free(rp->names);
	rt_free(rp->tasks);
	rt_free(rp->scenario);
	rt_free(rp->time_unit);
	rt_free(rp->display_unit);
	rt_free(rp->buf);
	render_json_fini(&rp->lx);
	rt_free(rp);
}

enum rt_err render_replay_open(FILE *f, const char *name,
			       struct render_replay **out, struct rt_diag *d)
{
	struct render_replay *rp;
	enum rt_err rc;
	bool eof;

	rt_diag_clear(d);
	if (!f || !out)
		return rt_diagf(d, RT_ERR_INVAL, "replay: bad arguments");
	rp = rt_calloc(1, sizeof(*rp));
	if (!rp)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	rp->f = f;
	rp->name = name ? name : "<log>";
	rp->meta.display_scale = 1;
	rc = next_line(rp, &eof, d);
	if (rc == RT_OK && eof)
		rc = rt_diagf(d, RT_ERR_PARSE, "%s: empty log (no header line)",
			      rp->name);
	if (rc == RT_OK)
		rc = parse_header(rp, d);
	if (rc == RT_OK && !rp->scenario && !(rp->scenario = rt_strdup("")))
		rc = rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	if (rc == RT_OK && !rp->display_unit &&
	    !(rp->display_unit = rt_strdup(rp->time_unit)))
		rc = rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	if (rc != RT_OK) {
		replay_free(rp);
		return rc;
	}
	rp->meta.scenario = rp->scenario;
	rp->meta.time_unit = rp->time_unit;
	rp->meta.display_unit = rp->display_unit;
	rp->meta.tasks = rp->tasks;
	*out = rp;
	return RT_OK;
}

const struct render_meta *render_replay_meta(const struct render_replay *rp)
{
	return &rp->meta;
}

void render_replay_destroy(struct render_replay *rp)
{
	if (rp)
		replay_free(rp);
}

/* ---- records ---------------------------------------------------------- */

enum rec_key {
	RK_T, RK_EVENT, RK_CPU, RK_VALUE,       /* required in every record */
	RK_TASK_INDEX, RK_JOB, RK_SEQ, RK_RELEASE, RK_DEADLINE, /* job records */
	RK_START, RK_FINISH, RK_LAST_CPU, RK_TASK, RK_COUNT
};

static const char *const rec_keys[RK_COUNT] = {
	"t", "event", "cpu", "value", "task_index", "job", "seq", "release",
	"deadline", "start", "finish", "last_cpu", "task",
};

struct rec_fields {
	int64_t v[RK_COUNT];
	bool null[RK_COUNT], seen[RK_COUNT];
	enum sim_rec_kind kind;
};

static enum rt_err parse_rec_fields(struct render_replay *rp,
				    struct rec_fields *rf, struct rt_diag *d)
{
	struct render_json *lx = &rp->lx;
	const char *key, *s;

	if (!render_json_punct(lx, '{'))
		return syntax(rp, d);
	if (render_json_try(lx, '}'))
		return bad(rp, d, "empty record", NULL);
	do {
		int k;

		if (!render_json_str(lx, &key) || !render_json_punct(lx, ':'))
			return syntax(rp, d);
		for (k = 0; k < RK_COUNT; k++)
			if (!strcmp(key, rec_keys[k]))
				break;
		if (k < RK_COUNT && rf->seen[k])
			return bad(rp, d, "duplicate key", rec_keys[k]);
		if (k == RK_COUNT || k == RK_TASK) {
			/* unknown keys, and the task name (task_index rules) */
			if (!render_json_skip(lx))
				return syntax(rp, d);
			if (k == RK_TASK)
				rf->seen[k] = true;
			continue;
		}
		rf->seen[k] = true;
		if (k == RK_EVENT) {
			if (!render_json_str(lx, &s))
				return syntax(rp, d);
			rf->kind = sim_rec_kind_parse(s);
			if (rf->kind == SIM_REC__COUNT)
				return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: "
						"\"event\": unknown event name "
						"\"%.40s\"", rp->name, rp->line, s);
		} else if (!render_json_int_or_null(lx, &rf->v[k], &rf->null[k])) {
			return syntax(rp, d);
		}
	} while (render_json_try(lx, ','));
	if (!render_json_punct(lx, '}'))
		return syntax(rp, d);
	if (!render_json_at_end(lx))
		return render_json_fail(lx, "text after the record"),
		       syntax(rp, d);
	return RT_OK;
}

static enum rt_err check_cpu(struct render_replay *rp, int64_t v,
			     const char *key, struct rt_diag *d)
{
	if (v >= 0 && v < (int64_t)rp->meta.cpus)
		return RT_OK;
	return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: \"%s\": %" PRId64 " is not a "
			"CPU of this run (0..%u)", rp->name, rp->line, key, v,
			rp->meta.cpus - 1);
}

/* Check the fields against the header and the records so far. */
static enum rt_err check_rec(struct render_replay *rp, struct rec_fields *rf,
			     struct rt_diag *d)
{
	bool end = rf->kind == SIM_REC_END;
	enum rt_err rc;

	/* server and admission records (issue 5) may name a task without a
	 * job: seq, release and deadline are then absent */
	bool jobless = ((rf->kind >= SIM_REC_BUDGET_EXHAUSTED &&
			 rf->kind <= SIM_REC_LEAVE) ||
			rf->kind == SIM_REC_SETATTR) && !rf->seen[RK_SEQ];

	for (int k = RK_T; k < (end ? RK_TASK_INDEX : jobless ? RK_SEQ :
				RK_START); k++)
		if (!rf->seen[k] || (k != RK_CPU && rf->null[k]))
			return bad(rp, d, rf->seen[k] ? "must not be null" :
				   "missing", rec_keys[k]);
	if (rf->v[RK_T] < 0 || rf->v[RK_T] == RT_TIME_NEVER)
		return bad(rp, d, "time out of range", "t");
	if (rf->v[RK_T] < rp->last_t)
		return bad(rp, d, "time goes backwards", "t");
	if (!rf->null[RK_CPU]) {
		rc = check_cpu(rp, rf->v[RK_CPU], "cpu", d);
		if (rc != RT_OK)
			return rc;
	} else if (rf->kind == SIM_REC_START || rf->kind == SIM_REC_PREEMPT ||
		   rf->kind == SIM_REC_COMPLETE || rf->kind == SIM_REC_SUSPEND) {
		return bad(rp, d, "this event needs a CPU", "cpu");
	}
	if (end)
		return RT_OK;
	if (rf->v[RK_TASK_INDEX] < 0 ||
	    (uint64_t)rf->v[RK_TASK_INDEX] >= rp->meta.ntasks)
		return bad(rp, d, "not a task of the header", "task_index");
	if (rf->v[RK_JOB] < 0)
		return bad(rp, d, "must be >= 0", "job");
	if (rf->kind == SIM_REC_RELEASE &&
	    (uint64_t)rf->v[RK_SEQ] != rp->nreleased)
		return bad(rp, d, "release sequence numbers must be 0, 1, 2, "
			   "... in order", "seq");
	if (jobless)
		return RT_OK;
	if (rf->kind != SIM_REC_RELEASE &&
	    (rf->v[RK_SEQ] < 0 || (uint64_t)rf->v[RK_SEQ] >= rp->nreleased))
		return bad(rp, d, "no job with this sequence number was "
			   "released", "seq");
	for (int k = RK_RELEASE; k <= RK_FINISH; k++)
		if (rf->seen[k] && !rf->null[k] &&
		    (rf->v[k] < 0 || rf->v[k] == RT_TIME_NEVER))
			return bad(rp, d, "time out of range", rec_keys[k]);
	if (rf->seen[RK_LAST_CPU] && !rf->null[RK_LAST_CPU])
		return check_cpu(rp, rf->v[RK_LAST_CPU], "last_cpu", d);
	return RT_OK;
}

static void build_rec(const struct render_replay *rp,
		      const struct rec_fields *rf, struct sim_rec *r,
		      struct sim_job_info *ji)
{
	const int64_t *v = rf->v;
	enum sim_rec_kind k = rf->kind;
	bool rem = k == SIM_REC_START || k == SIM_REC_PREEMPT ||
		   k == SIM_REC_ABORT || k == SIM_REC_UNFINISHED ||
		   k == SIM_REC_RESUME;

	memset(r, 0, sizeof(*r));
	r->time = v[RK_T];
	r->kind = k;
	r->cpu = rf->null[RK_CPU] ? -1 : (int)v[RK_CPU];
	r->value = v[RK_VALUE];
	if (k == SIM_REC_END)
		return;
	memset(ji, 0, sizeof(*ji));
	ji->task = r->task = (uint32_t)v[RK_TASK_INDEX];
	ji->job = r->job = (uint64_t)v[RK_JOB];
	if (!rf->seen[RK_SEQ])
		return;         /* a record without a job (info NULL) */
	ji->seq = (uint64_t)v[RK_SEQ];
	ji->release = v[RK_RELEASE];
	ji->abs_deadline = v[RK_DEADLINE];
	if (!rt_time_sub(ji->abs_deadline, rp->tasks[ji->task].deadline,
			 &ji->arrival) || ji->arrival < 0)
		ji->arrival = ji->release;
	ji->remaining = rem ? r->value : 0;
	ji->start = rf->seen[RK_START] && !rf->null[RK_START] ?
		    v[RK_START] : RT_TIME_NEVER;
	ji->finish = rf->seen[RK_FINISH] && !rf->null[RK_FINISH] ?
		     v[RK_FINISH] : RT_TIME_NEVER;
	ji->cpu = rf->seen[RK_LAST_CPU] && !rf->null[RK_LAST_CPU] ?
		  (int)v[RK_LAST_CPU] : -1;
	r->info = ji;
}

enum rt_err render_replay_run(struct render_replay *rp,
			      const struct sim_sink *sinks, size_t nsinks,
			      struct rt_diag *d)
{
	struct sim_job_info ji;
	struct sim_rec r;
	bool eof, ended = false;
	enum rt_err rc;

	rt_diag_clear(d);
	if (rp->ran)
		return rt_diagf(d, RT_ERR_INVAL, "%s: already replayed", rp->name);
	rp->ran = true;
	for (;;) {
		struct rec_fields rf;

		rc = next_line(rp, &eof, d);
		if (rc != RT_OK)
			return rc;
		if (eof)
			break;
		if (ended)
			return bad(rp, d, "record after the \"end\" record", NULL);
		memset(&rf, 0, sizeof(rf));
		rc = parse_rec_fields(rp, &rf, d);
		if (rc == RT_OK)
			rc = check_rec(rp, &rf, d);
		if (rc != RT_OK)
			return rc;
		build_rec(rp, &rf, &r, &ji);
		rp->last_t = r.time;
		if (r.kind == SIM_REC_RELEASE)
			rp->nreleased++;
		ended = r.kind == SIM_REC_END;
		for (size_t i = 0; i < nsinks; i++) {
			if (!(sinks[i].mask & SIM_MASK(r.kind)))
				continue;
			rc = sinks[i].emit(sinks[i].ctx, &r);
			if (rc != RT_OK)
				return rt_diagf(d, rc, "%s:%lu: %s", rp->name,
						rp->line, rt_strerror(rc));
		}
	}
	if (!ended)
		return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: no \"end\" record "
				"(truncated log?)", rp->name, rp->line);
	return RT_OK;
}
