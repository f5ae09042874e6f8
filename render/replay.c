/* replay.c - read a JSONL event log back into trace records (replay.h).
 *
 * Lines are read one at a time into a growing buffer (at most
 * RENDER_REPLAY_MAX_LINE bytes), parsed by scenarios/json.h (jansson)
 * and checked field by field; memory is O(tasks + longest line) whatever the log's
 * length.  Nothing here trusts the input: every index is range-checked
 * before a sink sees it.
 *
 * About 800 lines because each record kind has its own fields to check,
 * and the checks are the point of this file: one reader, one table of
 * record kinds, the JSONL and the binary layouts of the same records.
 */
#include "render/replay.h"

#include <assert.h>
#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "models/mem.h"
#include "render/log.h"
#include "scenarios/json.h"

struct render_replay {
	FILE *f;                        /* borrowed */
	const char *name;               /* borrowed, for messages */
	unsigned long line;             /* 1-based number of the last line read */
	char *buf;                      /* current line (rt_malloc'ed) */
	size_t cap;                     /* bytes allocated for buf */
	struct dj_doc *doc;            /* the current line, parsed */
	struct render_meta meta;        /* points into the fields below */
	char *scenario, *time_unit, *display_unit;
	struct rt_task *tasks;          /* ntasks, names owned below */
	char **names;                   /* names_cap entries, NULL if unused */
	size_t names_cap;
	char **resources;               /* meta.nresources entries, owned */
	struct rt_server *servers;      /* meta.nservers, names owned below */
	char **server_names;            /* meta.nservers entries */
	int32_t *task_server;           /* ntasks entries, -1: none */
	uint32_t *capacity;             /* ncapacity entries, owned, NULL */
	size_t ncapacity;
	uint64_t nreleased;             /* RELEASE records seen (next seq) */
	rt_time last_t;                 /* time of the previous record */
	bool bin;                       /* a binary log (log.h) */
	uint32_t bin_version;           /* its version */
	struct render_binlog_state bs;  /* version 2: what the records told */
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
static enum rt_err next_line(struct render_replay *rp, size_t *len, bool *eof,
			     struct rt_diag *d)
{
	enum rt_err rc;

	for (;;) {
		rc = read_line(rp, len, eof, d);
		if (rc != RT_OK || *eof)
			return rc;
		for (size_t i = 0; i < *len; i++)
			if (!strchr(" \t\r", rp->buf[i]))
				return RT_OK;
	}
}

/* Parse the current line as one JSON object ('what' names it in the
 * "text after ..." message).  Positions are the line's byte columns. */
static enum rt_err parse_line(struct render_replay *rp, size_t len,
			      const char *what, struct rt_diag *d)
{
	struct dj_err e;
	enum rt_err rc;
	size_t i = 0;

	dj_free(rp->doc);
	rp->doc = NULL;
	while (i < len && strchr(" \t\r", rp->buf[i]))
		i++;
	if (i == len || rp->buf[i] != '{')
		return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: expected '{' (column "
				"%zu)", rp->name, rp->line, i + 1);
	rc = dj_parse(rp->buf, len, RENDER_REPLAY_MAX_DEPTH, &rp->doc, &e);
	if (rc == RT_ERR_NOMEM)
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", rp->name);
	if (rc != RT_OK)
		return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: %s (column %lu)",
				rp->name, rp->line, e.kind == DJ_E_TRAILING ?
				what : e.msg, e.col);
	return RT_OK;
}

static enum rt_err bad(struct render_replay *rp, struct rt_diag *d,
		       const char *what, const char *key)
{
	return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: %s%s%s%s", rp->name, rp->line,
			key ? "\"" : "", key ? key : "", key ? "\": " : "", what);
}

/* v must be an integer: *out, or an error naming key. */
static enum rt_err get_int(struct render_replay *rp, const struct dj_val *v,
			   const char *key, int64_t *out, struct rt_diag *d)
{
	enum dj_type t = dj_type(v);

	if (t == DJ_INT) {
		*out = dj_int(v);
		return RT_OK;
	}
	return bad(rp, d, t == DJ_REAL ? "expected an integer, not a "
		   "fraction" : "expected an integer", key);
}

static enum rt_err get_str(struct render_replay *rp, const struct dj_val *v,
			   const char *key, const char **out, struct rt_diag *d)
{
	*out = dj_str(v);
	return *out ? RT_OK : bad(rp, d, "expected a string", key);
}

static enum rt_err dup_str(struct render_replay *rp, const struct dj_val *v,
			   const char *key, char **dst, struct rt_diag *d)
{
	const char *s;
	enum rt_err rc = get_str(rp, v, key, &s, d);

	if (rc != RT_OK)
		return rc;
	rt_free(*dst);
	*dst = rt_strdup(s);
	return *dst ? RT_OK : rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory",
				       rp->name);
}

static enum rt_err parse_task(struct render_replay *rp,
			      const struct dj_val *obj, struct rt_diag *d)
{
	struct dj_iter it = DJ_ITER_INIT;
	size_t i = rp->meta.ntasks;
	struct rt_task *t = &rp->tasks[i];
	bool seen[7] = { false };
	const struct dj_val *v;
	const char *key;
	enum rt_err rc;

	*t = rt_task_make(NULL, 0, 0, 0);
	if (dj_type(obj) != DJ_OBJECT)
		return bad(rp, d, "each task must be an object", "tasks");
	while (dj_next(obj, &it, &key, &v)) {
		rt_time *p = NULL;
		int k = !strcmp(key, "name") ? 0 : !strcmp(key, "C") ? 1 :
			!strcmp(key, "D") ? 2 : !strcmp(key, "T") ? 3 :
			!strcmp(key, "class") ? 4 : !strcmp(key, "cpu") ? 5 :
			!strcmp(key, "server") ? 6 : -1;
		int64_t cpu, sv;
		const char *s;

		if (k < 0)
			continue;
		seen[k] = true;
		if (k == 0) {
			rc = dup_str(rp, v, key, &rp->names[i], d);
			if (rc != RT_OK)
				return rc;
			continue;
		}
		if (k == 6) {   /* optional: its server ("servers") */
			rc = get_int(rp, v, key, &sv, d);
			if (rc != RT_OK)
				return rc;
			if (sv < 0 || sv > INT32_MAX)
				return bad(rp, d, "expected a server's index",
					   key);
			rp->task_server[i] = (int32_t)sv;
			continue;
		}
		if (k == 5) {   /* optional: the CPU it is pinned to */
			rc = get_int(rp, v, key, &cpu, d);
			if (rc != RT_OK)
				return rc;
			if (cpu < 0 || cpu >= (int64_t)RENDER_REPLAY_MAX_CPUS)
				return bad(rp, d, "expected a CPU number",
					   key);
			t->cpu = (int)cpu;
			continue;
		}
		if (k == 4) {   /* optional: absent, the task is hard */
			rc = get_str(rp, v, key, &s, d);
			if (rc != RT_OK)
				return rc;
			if (!strcmp(s, "fair"))
				t->klass = RT_CLASS_FAIR;
			else if (!strcmp(s, "soft"))
				t->klass = RT_CLASS_SOFT;
			else if (strcmp(s, "hard"))
				return bad(rp, d, "expected \"hard\", \"soft\" "
					   "or \"fair\"", key);
			continue;
		}
		p = k == 1 ? &t->wcet : k == 2 ? &t->deadline : &t->period;
		rc = get_int(rp, v, key, p, d);
		if (rc != RT_OK)
			return rc;
		if (*p <= 0)
			return bad(rp, d, "task parameters must be > 0", key);
	}
	if (!seen[0] || !seen[1] || !seen[2] || !seen[3])
		return bad(rp, d, "each task needs \"name\", \"C\", \"D\" and \"T\"",
			   "tasks");
	t->name = rp->names[i];
	rp->meta.ntasks++;
	return RT_OK;
}

static enum rt_err parse_tasks(struct render_replay *rp,
			       const struct dj_val *arr, struct rt_diag *d)
{
	size_t n = dj_len(arr);
	enum rt_err rc;

	if (dj_type(arr) != DJ_ARRAY)
		return bad(rp, d, "expected an array", "tasks");
	if (n == 0)
		return RT_OK;
	assert(!rp->tasks);     /* the parser refuses a key twice */
	rp->tasks = rt_calloc(n, sizeof(*rp->tasks));
	rp->names = rp->tasks ? rt_calloc(n, sizeof(*rp->names)) : NULL;
	rp->task_server = rp->names ? rt_calloc(n, sizeof(*rp->task_server)) :
			  NULL;
	if (!rp->task_server)
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", rp->name);
	for (size_t i = 0; i < n; i++)
		rp->task_server[i] = -1;
	rp->names_cap = n;
	for (size_t i = 0; i < n; i++) {
		rc = parse_task(rp, dj_at(arr, i), d);
		if (rc != RT_OK)
			return rc;
	}
	return RT_OK;
}

/* "resources": the names of the shared resources (optional). */
static enum rt_err parse_resources(struct render_replay *rp,
				   const struct dj_val *arr, struct rt_diag *d)
{
	size_t n = dj_len(arr);
	enum rt_err rc;

	if (dj_type(arr) != DJ_ARRAY)
		return bad(rp, d, "expected an array", "resources");
	if (n == 0 || rp->resources)
		return RT_OK;
	rp->resources = rt_calloc(n, sizeof(*rp->resources));
	if (!rp->resources)
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", rp->name);
	for (size_t k = 0; k < n; k++) {
		rc = dup_str(rp, dj_at(arr, k), "resources", &rp->resources[k],
			     d);
		if (rc != RT_OK)
			return rc;
		rp->meta.nresources = k + 1;
	}
	rp->meta.resources = (const char *const *)rp->resources;
	return RT_OK;
}

/* "capacity": each CPU's capacity, 1..1024 (optional; checked against
 * "cpus" once the header is read). */
static enum rt_err parse_capacity(struct render_replay *rp,
				  const struct dj_val *arr, struct rt_diag *d)
{
	size_t n = dj_len(arr);
	int64_t v;
	enum rt_err rc;

	if (dj_type(arr) != DJ_ARRAY || n == 0 ||
	    n > RENDER_REPLAY_MAX_CPUS)
		return bad(rp, d, "expected an array of 1..65536 capacities",
			   "capacity");
	if (rp->capacity)
		return RT_OK;
	rp->capacity = rt_calloc(n, sizeof(*rp->capacity));
	if (!rp->capacity)
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", rp->name);
	rp->ncapacity = n;
	for (size_t k = 0; k < n; k++) {
		rc = get_int(rp, dj_at(arr, k), "capacity", &v, d);
		if (rc != RT_OK)
			return rc;
		if (v < 1 || v > 1024)
			return bad(rp, d, "expected capacities in 1..1024",
				   "capacity");
		rp->capacity[k] = (uint32_t)v;
	}
	rp->meta.capacity = rp->capacity;
	return RT_OK;
}

enum header_key {
	HK_TYPE, HK_FORMAT, HK_TIME_UNIT, HK_CPUS, HK_HORIZON, HK_TASKS,
	HK_REQUIRED,                    /* keys above are required */
	HK_SCENARIO = HK_REQUIRED, HK_DISPLAY_UNIT, HK_DISPLAY_SCALE,
	HK_RESOURCES, HK_CAPACITY, HK_FAIR_SERVER, HK_SERVERS, HK_COUNT
};

static const char *const header_keys[HK_COUNT] = {
	"type", "format", "time_unit", "cpus", "horizon", "tasks",
	"scenario", "display_unit", "display_scale", "resources", "capacity",
	"fair_server", "servers",
};

/* "servers": [{"name": N, "Q": q, "D": d, "T": t}, ...], the table the
 * tasks' "server" indexes (optional). */
static enum rt_err parse_servers(struct render_replay *rp,
				 const struct dj_val *arr, struct rt_diag *d)
{
	size_t n = dj_len(arr);
	enum rt_err rc;

	if (dj_type(arr) != DJ_ARRAY)
		return bad(rp, d, "expected an array", "servers");
	if (n == 0)
		return RT_OK;
	assert(!rp->servers);   /* the parser refuses a key twice */
	rp->servers = rt_calloc(n, sizeof(*rp->servers));
	rp->server_names = rp->servers ?
			   rt_calloc(n, sizeof(*rp->server_names)) : NULL;
	if (!rp->server_names)
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", rp->name);
	for (size_t k = 0; k < n; k++) {
		const struct dj_val *o = dj_at(arr, k), *v;
		struct rt_server *sv = &rp->servers[k];
		const char *keys[4] = { "name", "Q", "D", "T" };
		rt_time *at[4] = { NULL, &sv->budget_max, &sv->deadline,
				   &sv->period };

		rp->meta.nservers = k + 1;
		if (dj_type(o) != DJ_OBJECT)
			return bad(rp, d, "each server must be an object",
				   "servers");
		for (int j = 0; j < 4; j++) {
			if (!(v = dj_get(o, keys[j])))
				return bad(rp, d, "each server needs \"name\", "
					   "\"Q\", \"D\" and \"T\"", "servers");
			rc = j ? get_int(rp, v, keys[j], at[j], d) :
			     dup_str(rp, v, keys[j], &rp->server_names[k], d);
			if (rc != RT_OK)
				return rc;
			if (j && *at[j] <= 0)
				return bad(rp, d, "server parameters must be "
					   "> 0", keys[j]);
		}
		sv->name = rp->server_names[k];
	}
	rp->meta.servers = rp->servers;
	return RT_OK;
}

/* "fair_server": linux-dl's fair server, {"runtime": R, "period": P},
 * 0 < R <= P (optional). */
static enum rt_err parse_fair_server(struct render_replay *rp,
				     const struct dj_val *obj,
				     struct rt_diag *d)
{
	bool is_obj = dj_type(obj) == DJ_OBJECT;
	const struct dj_val *r = is_obj ? dj_get(obj, "runtime") : NULL;
	const struct dj_val *p = is_obj ? dj_get(obj, "period") : NULL;
	int64_t rv, pv;
	enum rt_err rc;

	if (!r || !p)
		return bad(rp, d, "expected {\"runtime\": R, \"period\": P}",
			   "fair_server");
	rc = get_int(rp, r, "fair_server.runtime", &rv, d);
	if (rc == RT_OK)
		rc = get_int(rp, p, "fair_server.period", &pv, d);
	if (rc != RT_OK)
		return rc;
	if (rv <= 0 || pv <= 0 || rv > pv)
		return bad(rp, d, "expected 0 < runtime <= period",
			   "fair_server");
	rp->meta.fair_runtime = rv;
	rp->meta.fair_period = pv;
	return RT_OK;
}

static enum rt_err parse_header_key(struct render_replay *rp, int k,
				    const struct dj_val *val,
				    struct rt_diag *d)
{
	const char *key = header_keys[k], *s;
	enum rt_err rc;
	int64_t v = 0;

	switch (k) {
	case HK_TYPE:
		rc = get_str(rp, val, key, &s, d);
		if (rc == RT_OK && strcmp(s, "header"))
			return bad(rp, d, "expected \"header\"", key);
		return rc;
	case HK_SCENARIO:
		return dup_str(rp, val, key, &rp->scenario, d);
	case HK_TIME_UNIT:
		rc = dup_str(rp, val, key, &rp->time_unit, d);
		if (rc == RT_OK && strcmp(rp->time_unit, "tick") &&
		    strcmp(rp->time_unit, "ns"))
			return bad(rp, d, "expected \"tick\" or \"ns\"", key);
		return rc;
	case HK_DISPLAY_UNIT:
		return dup_str(rp, val, key, &rp->display_unit, d);
	case HK_TASKS:
		return parse_tasks(rp, val, d);
	case HK_RESOURCES:
		return parse_resources(rp, val, d);
	case HK_CAPACITY:
		return parse_capacity(rp, val, d);
	case HK_FAIR_SERVER:
		return parse_fair_server(rp, val, d);
	case HK_SERVERS:
		return parse_servers(rp, val, d);
	}
	rc = get_int(rp, val, key, &v, d);
	if (rc != RT_OK)
		return rc;
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

/* The header, in the order its keys appear (the first bad one is named). */
static enum rt_err parse_header(struct render_replay *rp, size_t len,
				struct rt_diag *d)
{
	struct dj_iter it = DJ_ITER_INIT;
	const struct dj_val *root, *v;
	bool seen[HK_COUNT] = { false };
	const char *key;
	enum rt_err rc;

	rc = parse_line(rp, len, "text after the header object", d);
	if (rc != RT_OK)
		return rc;
	root = dj_root(rp->doc);
	if (!dj_get(root, "type"))
		return bad(rp, d, "first line is not a dlsim log header "
			   "(missing \"type\":\"header\")", NULL);
	while (dj_next(root, &it, &key, &v)) {
		int k;

		for (k = 0; k < HK_COUNT; k++)
			if (!strcmp(key, header_keys[k]))
				break;
		if (k == HK_COUNT)
			continue;
		seen[k] = true; /* once: the parser refuses a key twice */
		rc = parse_header_key(rp, k, v, d);
		if (rc != RT_OK)
			return rc;
	}
	for (int k = 0; k < HK_REQUIRED; k++)
		if (!seen[k])
			return bad(rp, d, "missing in the header", header_keys[k]);
	if (rp->capacity && rp->ncapacity != rp->meta.cpus)
		return bad(rp, d, "expected one capacity per CPU (\"cpus\")",
			   "capacity");
	for (size_t i = 0; i < rp->meta.ntasks; i++) {
		if (rp->tasks[i].cpu >= (int)rp->meta.cpus)
			return bad(rp, d, "a task's CPU must be below \"cpus\"",
				   "tasks");
		if (rp->task_server[i] >= 0 &&
		    (size_t)rp->task_server[i] >= rp->meta.nservers)
			return bad(rp, d, "a task's server must index "
				   "\"servers\"", "tasks");
		if (rp->task_server[i] >= 0)
			rp->meta.task_server = rp->task_server;
	}
	return RT_OK;
}

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

/* ---- binary logs (log.h, docs/formats.md) ---------------------------- */

/* If f starts with the binary magic, read the version and the header
 * text into rp->buf, its length in *hlen (rp->bin set); otherwise leave
 * f as it was. */
static enum rt_err bin_open(struct render_replay *rp, size_t *hlen,
			    struct rt_diag *d)
{
	static const char magic[8] = "DLSIMBIN";
	unsigned char hd[16];
	uint32_t ver = 0, len = 0;
	int c = getc(rp->f);

	if (c == EOF)
		return ferror(rp->f) ? rt_diagf(d, RT_ERR_IO, "%s: read error",
						rp->name) : RT_OK;
	if (c != magic[0]) {
		ungetc(c, rp->f);
		return RT_OK;
	}
	hd[0] = (unsigned char)c;
	if (fread(hd + 1, 1, sizeof(hd) - 1, rp->f) != sizeof(hd) - 1 ||
	    memcmp(hd, magic, sizeof(magic)))
		return rt_diagf(d, RT_ERR_PARSE, "%s: not a dlsim log (neither "
				"JSONL nor the binary magic \"DLSIMBIN\")",
				rp->name);
	for (int i = 3; i >= 0; i--) {
		ver = ver << 8 | hd[8 + i];
		len = len << 8 | hd[12 + i];
	}
	if (ver < 1 || ver > RENDER_BINLOG_VERSION)
		return rt_diagf(d, RT_ERR_PARSE, "%s: binary log version %" PRIu32
				" (this dlsim reads versions 1 to %u)", rp->name,
				ver, RENDER_BINLOG_VERSION);
	if (len > RENDER_REPLAY_MAX_LINE)
		return rt_diagf(d, RT_ERR_PARSE, "%s: binary log header of %"
				PRIu32 " bytes (at most %u)", rp->name, len,
				RENDER_REPLAY_MAX_LINE);
	rp->buf = rt_malloc((size_t)len + 1);
	if (!rp->buf)
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", rp->name);
	rp->cap = (size_t)len + 1;
	if (fread(rp->buf, 1, len, rp->f) != len)
		return rt_diagf(d, RT_ERR_PARSE, "%s: truncated binary log "
				"header", rp->name);
	rp->bin = true;
	rp->bin_version = ver;
	rp->line = 1;
	*hlen = len;
	return RT_OK;
}

static bool bin_uvar(FILE *f, uint64_t *v)
{
	uint64_t x = 0;

	for (unsigned shift = 0; shift < 64; shift += 7) {
		int c = getc(f);

		if (c == EOF)
			return false;
		if (shift == 63 && c > 1)
			return false;           /* past 64 bits */
		x |= (uint64_t)(c & 0x7f) << shift;
		if (!(c & 0x80)) {
			*v = x;
			return true;
		}
	}
	return false;
}

/* base + a zigzag difference, modulo 2^64 (the writer's inverse). */
static bool bin_svar(FILE *f, int64_t base, int64_t *v)
{
	uint64_t z;

	if (!bin_uvar(f, &z))
		return false;
	*v = (int64_t)((uint64_t)base + ((z >> 1) ^ ((uint64_t)0 - (z & 1))));
	return true;
}

static enum rt_err bin_trunc(struct render_replay *rp, struct rt_diag *d)
{
	if (ferror(rp->f))
		return rt_diagf(d, RT_ERR_IO, "%s:%lu: read error", rp->name,
				rp->line);
	return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: truncated or malformed "
			"record", rp->name, rp->line);
}

/* A version 2 short record (log.h) whose first byte is b0 into rf: its
 * job and job info from what the records before it told (rp->bs). */
static enum rt_err bin_short_fields(struct render_replay *rp, int b0,
				    struct rec_fields *rf, struct rt_diag *d)
{
	unsigned char b[RENDER_BINLOG_SHORT];
	struct render_binlog_slot *s, e;
	uint64_t w0 = 0, w1 = 0, job;
	unsigned cpu, task, jd;
	int64_t *v = rf->v;

	b[0] = (unsigned char)b0;
	if (fread(b + 1, 1, sizeof(b) - 1, rp->f) != sizeof(b) - 1)
		return bin_trunc(rp, d);
	for (int i = 7; i >= 0; i--) {
		w0 = w0 << 8 | b[i];
		w1 = w1 << 8 | b[8 + i];
	}
	if ((w0 & 0x1f) >= SIM_REC__COUNT)
		return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: unknown event kind %u",
				rp->name, rp->line, (unsigned)(w0 & 0x1f));
	rf->kind = (enum sim_rec_kind)(w0 & 0x1f);
	cpu = (unsigned)(w0 >> 8) & 0xff;
	task = (unsigned)(w0 >> 16) & (RENDER_BINLOG_S_TASKS - 1);
	jd = (unsigned)(w0 >> 29) & (RENDER_BINLOG_S_JD - 1);
	for (int k = RK_T; k <= RK_VALUE; k++)
		rf->seen[k] = true;
	v[RK_T] = (int64_t)((uint64_t)rp->last_t + (w0 >> 32));
	rf->null[RK_CPU] = !(w0 & RENDER_BINLOG_S_CPU);
	v[RK_CPU] = cpu;
	v[RK_VALUE] = (int64_t)w1;
	if ((rf->null[RK_CPU] && cpu) ||
	    (rf->kind == SIM_REC_END && (w0 & (RENDER_BINLOG_S_JOB |
					       0xffff0000u))) ||
	    (!(w0 & RENDER_BINLOG_S_JOB) && (jd ||
					     rf->kind == SIM_REC_RELEASE)) ||
	    (rf->kind == SIM_REC_RELEASE && jd))
		return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: bad short record "
				"0x%016" PRIx64, rp->name, rp->line, w0);
	if (rf->kind == SIM_REC_END)
		return RT_OK;
	if (task >= rp->bs.nst)
		return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: short record of task "
				"index %u (the header has %zu tasks)", rp->name,
				rp->line, task, rp->meta.ntasks);
	rf->seen[RK_TASK_INDEX] = rf->seen[RK_JOB] = true;
	v[RK_TASK_INDEX] = task;
	v[RK_JOB] = 0;
	if (!(w0 & RENDER_BINLOG_S_JOB))
		return RT_OK;
	job = rp->bs.latest[task] + (rf->kind == SIM_REC_RELEASE) - jd;
	s = &rp->bs.slots[task * RENDER_BINLOG_SLOTS +
			  (job & (RENDER_BINLOG_SLOTS - 1))];
	if (rf->kind != SIM_REC_RELEASE) {
		if (s->job != job || job > INT64_MAX)
			return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: short record of "
					"a job no earlier record told (task "
					"index %u, %u jobs before its last "
					"release)", rp->name, rp->line, task,
					jd);
	} else if (job > INT64_MAX) {
		return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: short release of job "
				"index %" PRIu64 " (past 2^63 - 1)", rp->name,
				rp->line, job);
	}
	/* on a copy: render_binlog_know() learns it once the record passed
	 * every check */
	e = *s;
	render_binlog_apply(&e, rf->kind, v[RK_T], v[RK_VALUE],
			    rf->null[RK_CPU] ? -1 : (int64_t)cpu, job,
			    rp->bs.nrel);
	for (int k = RK_SEQ; k <= RK_LAST_CPU; k++)
		rf->seen[k] = true;
	v[RK_JOB] = (int64_t)job;
	v[RK_SEQ] = e.seq > INT64_MAX ? -1 : (int64_t)e.seq;
	v[RK_RELEASE] = e.release;
	v[RK_DEADLINE] = e.deadline;
	rf->null[RK_START] = e.start == RT_TIME_NEVER;
	v[RK_START] = e.start;
	rf->null[RK_FINISH] = e.finish == RT_TIME_NEVER;
	v[RK_FINISH] = e.finish;
	rf->null[RK_LAST_CPU] = e.cpu < 0;
	v[RK_LAST_CPU] = e.cpu;
	return RT_OK;
}

/* The next binary record into rf, as parse_rec_fields() would fill it
 * from the equivalent JSONL line; *eof at a clean end.  Version 1: every
 * record is a kind byte and the fields below; version 2: a short record
 * (bin_short_fields), or a long one, 0x80 | kind and the same fields. */
static enum rt_err bin_rec_fields(struct render_replay *rp,
				  struct rec_fields *rf, bool *eof,
				  struct rt_diag *d)
{
	const unsigned known = RENDER_BINLOG_CPU | RENDER_BINLOG_TASK |
			       RENDER_BINLOG_INFO | RENDER_BINLOG_START |
			       RENDER_BINLOG_FINISH | RENDER_BINLOG_LAST_CPU;
	FILE *f = rp->f;
	int64_t *v = rf->v;
	uint64_t u;
	int kind = getc(f), flags;

	*eof = false;
	if (kind == EOF) {
		if (ferror(f))
			return rt_diagf(d, RT_ERR_IO, "%s:%lu: read error",
					rp->name, rp->line + 1);
		*eof = true;
		return RT_OK;
	}
	rp->line++;
	if (rp->bin_version >= 2) {
		if (!(kind & RENDER_BINLOG_LONG))
			return bin_short_fields(rp, kind, rf, d);
		kind &= ~RENDER_BINLOG_LONG;
	}
	flags = getc(f);
	if (flags == EOF)
		goto trunc;
	if (kind >= SIM_REC__COUNT)
		return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: unknown event kind %d",
				rp->name, rp->line, kind);
	if ((unsigned)flags & ~known ||
	    ((flags & RENDER_BINLOG_INFO) && !(flags & RENDER_BINLOG_TASK)) ||
	    ((flags & (RENDER_BINLOG_START | RENDER_BINLOG_FINISH |
		       RENDER_BINLOG_LAST_CPU)) && !(flags & RENDER_BINLOG_INFO)))
		return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: bad record flags 0x%02x",
				rp->name, rp->line, flags);
	rf->kind = (enum sim_rec_kind)kind;
	for (int k = RK_T; k <= RK_VALUE; k++)
		rf->seen[k] = true;
	if (!bin_svar(f, rp->last_t, &v[RK_T]))
		goto trunc;
	rf->null[RK_CPU] = !(flags & RENDER_BINLOG_CPU);
	if (flags & RENDER_BINLOG_CPU) {
		if (!bin_uvar(f, &u))
			goto trunc;
		v[RK_CPU] = u > INT64_MAX ? -1 : (int64_t)u;
	}
	if (flags & RENDER_BINLOG_TASK) {
		rf->seen[RK_TASK_INDEX] = rf->seen[RK_JOB] = true;
		if (!bin_uvar(f, &u))
			goto trunc;
		v[RK_TASK_INDEX] = u > INT64_MAX ? -1 : (int64_t)u;
		if (!bin_uvar(f, &u))
			goto trunc;
		v[RK_JOB] = u > INT64_MAX ? -1 : (int64_t)u;
	} else if (rf->kind != SIM_REC_END) {
		return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: a %s record without "
				"its task", rp->name, rp->line,
				sim_rec_kind_name(rf->kind));
	}
	if (!bin_svar(f, 0, &v[RK_VALUE]))
		goto trunc;
	if (!(flags & RENDER_BINLOG_INFO))
		return RT_OK;
	for (int k = RK_SEQ; k <= RK_LAST_CPU; k++)
		rf->seen[k] = true;
	if (!bin_uvar(f, &u))
		goto trunc;
	v[RK_SEQ] = u > INT64_MAX ? -1 : (int64_t)u;
	if (!bin_svar(f, v[RK_T], &v[RK_RELEASE]) ||
	    !bin_svar(f, v[RK_RELEASE], &v[RK_DEADLINE]))
		goto trunc;
	rf->null[RK_START] = !(flags & RENDER_BINLOG_START);
	rf->null[RK_FINISH] = !(flags & RENDER_BINLOG_FINISH);
	rf->null[RK_LAST_CPU] = !(flags & RENDER_BINLOG_LAST_CPU);
	if (!rf->null[RK_START] && !bin_svar(f, v[RK_RELEASE], &v[RK_START]))
		goto trunc;
	if (!rf->null[RK_FINISH] && !bin_svar(f, v[RK_RELEASE], &v[RK_FINISH]))
		goto trunc;
	if (!rf->null[RK_LAST_CPU]) {
		if (!bin_uvar(f, &u))
			goto trunc;
		v[RK_LAST_CPU] = u > INT64_MAX ? -1 : (int64_t)u;
	}
	return RT_OK;
trunc:
	return bin_trunc(rp, d);
}

static void replay_free(struct render_replay *rp)
{
	for (size_t i = 0; i < rp->names_cap; i++)
		rt_free(rp->names[i]);
	rt_free(rp->names);
	for (size_t k = 0; k < rp->meta.nresources; k++)
		rt_free(rp->resources[k]);
	rt_free(rp->resources);
	rt_free(rp->capacity);
	for (size_t k = 0; k < rp->meta.nservers; k++)
		rt_free(rp->server_names[k]);
	rt_free(rp->server_names);
	rt_free(rp->servers);
	rt_free(rp->task_server);
	render_binlog_state_free(&rp->bs);
	rt_free(rp->tasks);
	rt_free(rp->scenario);
	rt_free(rp->time_unit);
	rt_free(rp->display_unit);
	rt_free(rp->buf);
	dj_free(rp->doc);
	rt_free(rp);
}

enum rt_err render_replay_open(FILE *f, const char *name,
			       struct render_replay **out, struct rt_diag *d)
{
	struct render_replay *rp;
	enum rt_err rc;
	size_t len = 0;
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
	rc = bin_open(rp, &len, d);
	if (rc == RT_OK && !rp->bin) {
		rc = next_line(rp, &len, &eof, d);
		if (rc == RT_OK && eof)
			rc = rt_diagf(d, RT_ERR_PARSE, "%s: empty log (no header "
				      "line)", rp->name);
	}
	if (rc == RT_OK)
		rc = parse_header(rp, len, d);
	if (rc == RT_OK && rp->bin_version >= 2 &&
	    !render_binlog_state_init(&rp->bs, rp->meta.ntasks))
		rc = rt_diagf(d, RT_ERR_NOMEM, "out of memory");
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

static enum rt_err parse_rec_fields(struct render_replay *rp, size_t len,
				    struct rec_fields *rf, struct rt_diag *d)
{
	struct dj_iter it = DJ_ITER_INIT;
	const struct dj_val *root, *v;
	const char *key, *s;
	enum rt_err rc;

	rc = parse_line(rp, len, "text after the record", d);
	if (rc != RT_OK)
		return rc;
	root = dj_root(rp->doc);
	if (dj_len(root) == 0)
		return bad(rp, d, "empty record", NULL);
	while (dj_next(root, &it, &key, &v)) {
		int k;

		for (k = 0; k < RK_COUNT; k++)
			if (!strcmp(key, rec_keys[k]))
				break;
		if (k == RK_COUNT)
			continue;       /* unknown keys: newer logs */
		rf->seen[k] = true;
		if (k == RK_TASK)
			continue;       /* the name; task_index rules */
		if (k == RK_EVENT) {
			rc = get_str(rp, v, key, &s, d);
			if (rc != RT_OK)
				return rc;
			rf->kind = sim_rec_kind_parse(s);
			if (rf->kind == SIM_REC__COUNT)
				return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: "
						"\"event\": unknown event name "
						"\"%.40s\"", rp->name, rp->line, s);
		} else if (dj_type(v) == DJ_NULL) {
			rf->null[k] = true;
		} else {
			rc = get_int(rp, v, key, &rf->v[k], d);
			if (rc != RT_OK)
				return rc;
		}
	}
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

	/* server and admission records may name a task without a
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
	/* the run handled [0, horizon] and ended at the horizon: a record
	 * past the header's horizon, or an end elsewhere, is a log edited or
	 * spliced (a chart drawn to the header's horizon would drop it) */
	if (rf->v[RK_T] > rp->meta.horizon)
		return bad(rp, d, "after the header's horizon", "t");
	if (end && rf->v[RK_T] != rp->meta.horizon)
		return bad(rp, d, "the \"end\" record is not at the header's "
			   "horizon", "t");
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
	size_t len = 0;
	bool eof, ended = false;
	enum rt_err rc;

	rt_diag_clear(d);
	if (rp->ran)
		return rt_diagf(d, RT_ERR_INVAL, "%s: already replayed", rp->name);
	rp->ran = true;
	for (;;) {
		struct rec_fields rf;

		memset(&rf, 0, sizeof(rf));
		rc = rp->bin ? bin_rec_fields(rp, &rf, &eof, d) :
		     next_line(rp, &len, &eof, d);
		if (rc != RT_OK)
			return rc;
		if (eof)
			break;
		if (ended)
			return bad(rp, d, "record after the \"end\" record", NULL);
		if (!rp->bin)
			rc = parse_rec_fields(rp, len, &rf, d);
		if (rc == RT_OK)
			rc = check_rec(rp, &rf, d);
		if (rc != RT_OK)
			return rc;
		build_rec(rp, &rf, &r, &ji);
		if (rp->bin_version >= 2)
			render_binlog_know(&rp->bs, &r);
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
