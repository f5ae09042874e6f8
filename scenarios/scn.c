/* scn.c - loading a scenario: file I/O, libcyaml, and error messages.
 *
 * scn_load_data() runs: size check -> cyaml_load_data() with the
 * all-strings schema (schema.c) [-> if it stopped at 'arrival: periodic',
 * the scalar-shorthand scan (locate.c) and a second cyaml_load_data() on
 * the patched text] -> convert (convert.c) -> cyaml_free().  libcyaml allocates through rt_realloc /
 * rt_free (so rt_mem_fail_after() reaches it) and logs into a capture
 * buffer, never to stderr.  Its error, whose text names the innermost
 * key and a backtrace with (line: L, column: C), is rebuilt into the
 * project's form
 *
 *     FILE:LINE:COL: FIELD: what is wrong; expected ...
 *
 * with FIELD as a path (tasks[1].C) and the position found again by
 * scn_locate() (libcyaml's own position is the last event it read, which
 * is often the previous key, so it is only the fallback).
 */
#include "scenarios/scn.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "models/mem.h"
#include "scenarios/internal.h"

/* ---- error messages ------------------------------------------------------ */

#define SCN_EMPTY_MSG \
	"%s: empty scenario; expected a mapping with format: 1 and tasks: [...]"

/* Copy s into out[n], cut short if need be (messages may be truncated). */
static void scn_copy(char *out, size_t n, const char *s)
{
	size_t len = strlen(s);

	if (len >= n)
		len = n - 1;
	memcpy(out, s, len);
	out[len] = '\0';
}

enum rt_err scn_fail_at(const struct scn_ctx *c, enum rt_err err,
			struct scn_mark m, const char *path, const char *fmt,
			...)
{
	char what[RT_DIAG_MAX], pos[48] = "";
	va_list ap;

	if (!c->d)
		return err;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (m.line)
		snprintf(pos, sizeof(pos), ":%zu:%zu", m.line, m.col);
	return rt_diagf(c->d, err, "%s%s: %s%s%s", c->file, pos, path,
			*path ? ": " : "", what);
}

/* "tasks[0]" + "bogus" -> "tasks[0].bogus"; odd keys are quoted. */
static void scn_join(char *out, size_t n, const char *path, const char *key)
{
	char q[72];
	bool plain = *key != '\0' && strlen(key) < 64;

	for (const char *k = key; *k; k++)
		if (!((*k >= 'a' && *k <= 'z') || (*k >= 'A' && *k <= 'Z') ||
		      (*k >= '0' && *k <= '9') || *k == '_' || *k == '-'))
			plain = false;
	if (plain)
		scn_copy(q, sizeof(q), key);
	else
		scn_quote(q, sizeof(q), key);
	snprintf(out, n, "%s%s%s", path, *path ? "." : "", q);
}

enum rt_err scn_fail(const struct scn_ctx *c, enum rt_err err,
		     const char *path, const char *key, unsigned nth,
		     enum scn_at at, const char *fmt, ...)
{
	char what[RT_DIAG_MAX], full[160];
	struct scn_where w;
	struct scn_mark m;
	va_list ap;

	if (!c->d)
		return err;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	scn_locate(c->buf, c->len, path, key, nth, &w);
	m = at == SCN_AT_KEY && w.key.line ? w.key : w.value;
	if (!m.line)
		m = c->fallback;
	if (key)
		scn_join(full, sizeof(full), path, key);
	else
		scn_copy(full, sizeof(full), path);
	return scn_fail_at(c, err, m, full, "%s", what);
}

/* ---- libcyaml's log ------------------------------------------------------ */

#define SCN_BT_MAX 16

/* What libcyaml said about the error: its first message and backtrace
 * (innermost first), parsed from lines such as
 *   "Load: Unexpected key: bogus"
 *   "  in mapping field 'C' (line: 3, column: 18)"
 *   "  in sequence entry '2' (line: 4, column: 5)"   (1-based count) */
struct scn_cylog {
	char msg[1280];                 /* first "Load: " error, sans prefix
	                                 * (room for a 1024-byte plain key) */
	bool have_msg;
	bool extra_docs;                /* "Ignoring documents after first" */
	unsigned nbt;
	struct {
		char key[64];           /* mapping field; "" for others */
		unsigned entry;         /* sequence entry count, 0: none */
		struct scn_mark m;
	} bt[SCN_BT_MAX];
};

static void scn_cyaml_log(cyaml_log_t level, void *ctx, const char *fmt,
			  va_list args)
{
	struct scn_cylog *lg = ctx;
	char line[1400];
	size_t len;
	unsigned entry;

	vsnprintf(line, sizeof(line), fmt, args);
	len = strlen(line);
	if (len && line[len - 1] == '\n')
		line[--len] = '\0';
	if (strstr(line, "Ignoring documents after first"))
		lg->extra_docs = true;
	if (level < CYAML_LOG_ERROR)
		return;
	if (!strncmp(line, "  in ", 5)) {
		char key[64];
		struct scn_mark m = { 0, 0 };

		if (lg->nbt >= SCN_BT_MAX)
			return;
		key[0] = '\0';
		entry = 0;
		if (sscanf(line, "  in mapping field '%63[^']' (line: %zu, column: %zu)",
			   key, &m.line, &m.col) == 3 ||
		    sscanf(line, "  in sequence entry '%u' (line: %zu, column: %zu)",
			   &entry, &m.line, &m.col) == 3 ||
		    sscanf(line, "  in mapping (line: %zu, column: %zu)",
			   &m.line, &m.col) == 2) {
			scn_copy(lg->bt[lg->nbt].key, sizeof(lg->bt[0].key), key);
			lg->bt[lg->nbt].entry = entry;
			lg->bt[lg->nbt++].m = m;
		}
		return;
	}
	if (!lg->have_msg && !strncmp(line, "Load: ", 6) &&
	    strcmp(line, "Load: Backtrace:")) {
		scn_copy(lg->msg, sizeof(lg->msg), line + 6);
		lg->have_msg = true;
	}
}

/* libcyaml grows a sequence by one entry per realloc; with a million tasks
 * (or under ASan, whose realloc always copies) that is quadratic.  So each
 * block carries its capacity in a header and grows geometrically: O(log n)
 * copies per sequence.  Everything still goes through rt_realloc/rt_free,
 * so rt_mem_fail_after() reaches libcyaml too. */
union scn_blk {
	size_t cap;                     /* usable bytes after the header */
	max_align_t align;
};

static void *scn_cyaml_mem(void *ctx, void *ptr, size_t size)
{
	union scn_blk *h = ptr ? (union scn_blk *)ptr - 1 : NULL, *nh;
	size_t cap = size;

	(void)ctx;
	if (size == 0) {
		rt_free(h);
		return NULL;
	}
	if (h && size <= h->cap)
		return ptr;
	if (h && h->cap <= SIZE_MAX / 4 && cap < h->cap * 2)
		cap = h->cap * 2;
	if (cap > SIZE_MAX - sizeof(*h))
		return NULL;
	nh = rt_realloc(h, sizeof(*h) + cap);
	if (!nh)
		return NULL;
	nh->cap = cap;
	return nh + 1;
}

/* The backtrace as a path: "tasks[1].C" (outermost first). */
static void scn_bt_path(const struct scn_cylog *lg, char *out, size_t n)
{
	size_t o = 0;

	out[0] = '\0';
	for (unsigned i = lg->nbt; i-- > 0 && o < n;) {
		int w = 0;

		if (lg->bt[i].key[0])
			w = snprintf(out + o, n - o, "%s%s", o ? "." : "",
				     lg->bt[i].key);
		else if (lg->bt[i].entry)
			w = snprintf(out + o, n - o, "[%u]", lg->bt[i].entry - 1);
		if (w > 0)
			o += (size_t)w;
	}
}

/* libcyaml's event and type names ("SEQUENCE_START") in words. */
static const char *scn_kind(const char *s)
{
	if (!strncmp(s, "SCALAR", 6) || !strncmp(s, "STRING", 6))
		return "a single value";
	if (!strncmp(s, "SEQUENCE", 8))
		return "a list";
	if (!strncmp(s, "MAPPING", 7))
		return "a mapping";
	if (!strncmp(s, "ALIAS", 5))
		return "an alias";
	return "something else";
}

static enum rt_err scn_cyaml_error(const struct scn_ctx *ctx, cyaml_err_t e,
				   const struct scn_cylog *lg)
{
	struct scn_ctx cc = *ctx, *c = &cc;     /* with libcyaml's position */
	static const char prefix_key[] = "Unexpected key: ";
	static const char prefix_dup[] = "Mapping field already seen: ";
	char path[160], keys[256], exp[32], got[32], msg[RT_DIAG_MAX];
	struct scn_mark m = { 0, 0 };

	if (e == CYAML_ERR_OOM)
		return rt_diagf(c->d, RT_ERR_NOMEM, "%s: out of memory", c->file);
	if (lg->nbt)
		cc.fallback = m = lg->bt[0].m;
	scn_bt_path(lg, path, sizeof(path));

	if (e == CYAML_ERR_LIBYAML_PARSER) {
		if (scn_syntax_error(c->buf, c->len, &m, msg, sizeof(msg)))
			return scn_fail_at(c, RT_ERR_PARSE, m, "",
					   "not valid YAML: %s", msg);
		return scn_fail_at(c, RT_ERR_PARSE, m, "", "not valid YAML: %s",
				   lg->have_msg ? lg->msg : "parse error");
	}
	if (e == CYAML_ERR_ALIAS) {
		if (!scn_find_alias(c->buf, c->len, &m))
			m.line = 0;
		return scn_fail_at(c, RT_ERR_PARSE, m, "",
				   "YAML aliases (*name) are not supported; "
				   "expected the value written out");
	}
	if (e == CYAML_ERR_INVALID_KEY &&
	    !strncmp(lg->msg, prefix_key, sizeof(prefix_key) - 1)) {
		const char *key = lg->msg + sizeof(prefix_key) - 1;

		scn_schema_keys(path, keys, sizeof(keys));
		if ((!*path || !strcmp(path, "platform")) &&
		    scn_energy_key(key))
			return scn_fail(c, RT_ERR_PARSE, path, key, 0, SCN_AT_KEY,
					"not implemented yet: frequency "
					"scaling, governors and energy; "
					"expected one of: %s", keys);
		return scn_fail(c, RT_ERR_PARSE, path, key, 0, SCN_AT_KEY,
				"unknown key; expected one of: %s", keys);
	}
	if (!strncmp(lg->msg, prefix_dup, sizeof(prefix_dup) - 1)) {
		const char *key = lg->msg + sizeof(prefix_dup) - 1;
		size_t plen = strlen(path), klen = strlen(key);
		char parent[160];

		/* the backtrace usually ends with the repeated key itself */
		if (plen >= klen && !strcmp(path + plen - klen, key) &&
		    (plen == klen || path[plen - klen - 1] == '.'))
			plen = plen == klen ? 0 : plen - klen - 1;
		snprintf(parent, sizeof(parent), "%.*s", (int)plen, path);
		return scn_fail(c, RT_ERR_PARSE, parent, key, 1, SCN_AT_KEY,
				"given twice; each key may appear once");
	}
	if (sscanf(lg->msg, "Expecting %31s got event: %31s", exp, got) == 2) {
		if (!*path) {
			struct scn_where w;

			/* "---" alone: a document whose root is empty */
			scn_locate(c->buf, c->len, "", NULL, 0, &w);
			if (w.empty)
				return rt_diagf(c->d, RT_ERR_PARSE,
						SCN_EMPTY_MSG, c->file);
			return scn_fail(c, RT_ERR_PARSE, "", NULL, 0, SCN_AT_VALUE,
					"the scenario is %s; expected a mapping "
					"(format: 1, tasks: [...])", scn_kind(got));
		}
		if (!strncmp(path, "overheads.", 10) &&
		    strncmp(path, "overheads.by_cpus", 17) &&
		    strncmp(got, "SCA", 3) && strncmp(got, "STR", 3))
			return scn_fail(c, RT_ERR_PARSE, path, NULL, 0,
					SCN_AT_VALUE, "got %s; expected one "
					"time (overheads per CPU count: "
					"by_cpus: [{cpus: N, ...}])",
					scn_kind(got));
		return scn_fail(c, RT_ERR_PARSE, path, NULL, 0, SCN_AT_VALUE,
				"got %s; expected %s", scn_kind(got),
				scn_kind(exp));
	}
	if (e == CYAML_ERR_INTERNAL_ERROR && scn_find_complex_key(c->buf, c->len, &m))
		return scn_fail_at(c, RT_ERR_PARSE, m, "", "a key that is a "
				   "list or a mapping; expected key: value with "
				   "a plain key");
	if (e == CYAML_ERR_SEQUENCE_ENTRIES_MIN)
		return scn_fail(c, RT_ERR_PARSE, path, NULL, 0, SCN_AT_VALUE,
				"empty list; expected at least one entry");
	return scn_fail_at(c, RT_ERR_PARSE, m, path, "%s (libcyaml: %s)",
			   lg->have_msg ? lg->msg : "rejected",
			   cyaml_strerror(e));
}

/* ---- entry points -------------------------------------------------------- */

/* Report a shorthand scalar that could not become a mapping. */
static enum rt_err scn_bad_shorthand(const struct scn_ctx *c,
				     const struct scn_shorthand *r)
{
	char path[64], q[72];
	bool arr = r->field == SCN_SH_ARRIVAL;

	snprintf(path, sizeof(path), "tasks[%zu].%s", r->task,
		 arr ? "arrival" : "exec");
	scn_quote(q, sizeof(q), r->value);
	return scn_fail(c, RT_ERR_PARSE, path, NULL, 0, SCN_AT_VALUE,
			"%s is not valid; expected %s on one line, or a mapping "
			"{model: ...}", q,
			arr ? "periodic | sporadic" : "fixed | uniform | list");
}

/* Did libcyaml stop at 'arrival: X' / 'exec: X' (a scalar where the schema
 * has a mapping)?  Only then is the text scanned for shorthands: files
 * without them pay nothing, files with them one extra libyaml pass. */
static bool scn_shorthand_error(cyaml_err_t e, const struct scn_cylog *lg)
{
	return e == CYAML_ERR_INVALID_VALUE && lg->nbt == 3 &&
	       !strcmp(lg->msg, "Expecting MAPPING, got event: SCALAR") &&
	       (!strcmp(lg->bt[0].key, "arrival") ||
		!strcmp(lg->bt[0].key, "exec")) &&
	       lg->bt[1].entry && !strcmp(lg->bt[2].key, "tasks");
}

/* Scan 'text' for shorthands into *sh; an error (out of memory, a
 * shorthand that cannot be patched) is reported and *sh freed. */
static enum rt_err scn_shorthand_load(const struct scn_ctx *c,
				      const uint8_t *text, size_t len,
				      struct scn_shorthands *sh)
{
	enum rt_err err = scn_shorthand_scan(text, len, sh);

	if (err) {
		scn_shorthands_fini(sh);
		return rt_diagf(c->d, err, "%s: out of memory", c->file);
	}
	for (size_t i = 0; i < sh->n; i++) {
		if (!sh->v[i].patched) {
			err = scn_bad_shorthand(c, &sh->v[i]);
			scn_shorthands_fini(sh);
			return err;
		}
	}
	return RT_OK;
}

/* Did libcyaml stop at platform.cpus given as a list? */
static bool scn_cpus_list_error(cyaml_err_t e, const struct scn_cylog *lg)
{
	char path[160];

	if (e != CYAML_ERR_INVALID_VALUE || !strstr(lg->msg, "got event: SEQ"))
		return false;
	scn_bt_path(lg, path, sizeof(path));
	return !strcmp(path, "platform.cpus");
}

enum rt_err scn_load_data(const uint8_t *buf, size_t len, const char *name,
			  struct scn_scenario **out, struct rt_diag *d)
{
	struct scn_ctx c = { name ? name : "<data>", buf, len, d, { 0, 0 },
			     NULL };
	struct scn_shorthands sh = { 0 };
	struct scn_cpus_list cl = { 0 };
	const uint8_t *text = buf;      /* what libcyaml reads */
	struct scn_cylog lg;
	struct scn_y_doc *y = NULL;
	cyaml_config_t cfg = {
		.log_fn    = scn_cyaml_log,
		.log_ctx   = &lg,
		.mem_fn    = scn_cyaml_mem,
		.mem_ctx   = NULL,
		.log_level = CYAML_LOG_NOTICE,
		.flags     = CYAML_CFG_NO_ALIAS,
	};
	enum rt_err err;
	cyaml_err_t ce;
	struct scn_mark nul;

	rt_diag_clear(d);
	if (!buf) {
		if (len)
			return rt_diagf(d, RT_ERR_INVAL, "%s: no data", c.file);
		c.buf = buf = (const uint8_t *)"";
	}
	if (len > SCN_MAX_BYTES)
		return rt_diagf(d, RT_ERR_PARSE,
				"%s: %zu bytes; expected a scenario of at most "
				"%u MiB", c.file, len, SCN_MAX_BYTES >> 20);
	memset(&lg, 0, sizeof(lg));
	ce = cyaml_load_data(buf, len, &cfg, &scn_y_doc_schema,
			     (cyaml_data_t **)&y, NULL);
	/* the two text patches, in the order libcyaml meets their keys */
	for (int pass = 0; pass < 2; pass++) {
		if (!c.cpus && scn_cpus_list_error(ce, &lg)) {
			err = scn_cpus_scan(text, len, &cl);
			if (err) {
				scn_cpus_list_fini(&cl);
				scn_shorthands_fini(&sh);
				return rt_diagf(d, err, "%s: out of memory",
						c.file);
			}
			if (!cl.text)
				break;
			text = cl.text;
			c.cpus = &cl;
		} else if (!sh.text && !sh.n && scn_shorthand_error(ce, &lg)) {
			err = scn_shorthand_load(&c, text, len, &sh);
			if (err) {
				scn_cpus_list_fini(&cl);
				return err;
			}
			if (!sh.text)
				break;
			text = sh.text;
		} else {
			break;
		}
		memset(&lg, 0, sizeof(lg));
		ce = cyaml_load_data(text, len, &cfg, &scn_y_doc_schema,
				     (cyaml_data_t **)&y, NULL);
	}
	if (ce != CYAML_OK) {
		err = scn_cyaml_error(&c, ce, &lg);
	} else if (lg.extra_docs) {
		err = rt_diagf(d, RT_ERR_PARSE, "%s: more than one YAML document "
			       "(---); expected one scenario per file", c.file);
	} else if (!y) {
		err = rt_diagf(d, RT_ERR_PARSE, SCN_EMPTY_MSG, c.file);
	} else if (scn_find_nul(buf, len, &nul)) {
		err = scn_fail_at(&c, RT_ERR_PARSE, nul, "", "a string holds a NUL "
				  "character (\\0); expected text without NUL");
	} else {
		err = scn_convert(&c, y, &sh, out);
	}
	if (y)
		cyaml_free(&cfg, &scn_y_doc_schema, y, 0);
	scn_shorthands_fini(&sh);
	scn_cpus_list_fini(&cl);
	return err;
}

/* Read all of f (a regular file, pipe or device) into *buf. */
static enum rt_err scn_read_all(FILE *f, const char *path, uint8_t **buf,
				size_t *len, struct rt_diag *d)
{
	struct stat st;
	size_t cap = 1 << 16, n = 0;
	uint8_t *b;

	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) {
		if ((uintmax_t)st.st_size > SCN_MAX_BYTES)
			return rt_diagf(d, RT_ERR_PARSE,
					"%s: %jd bytes; expected a scenario of at "
					"most %u MiB", path, (intmax_t)st.st_size,
					SCN_MAX_BYTES >> 20);
		cap = (size_t)st.st_size + 1;
	}
	b = rt_malloc(cap);
	if (!b)
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", path);
	for (;;) {
		n += fread(b + n, 1, cap - n, f);
		if (ferror(f)) {
			int e = errno;

			rt_free(b);
			return rt_diagf(d, RT_ERR_IO, "%s: cannot read: %s", path,
					strerror(e));
		}
		if (n > SCN_MAX_BYTES) {
			rt_free(b);
			return rt_diagf(d, RT_ERR_PARSE,
					"%s: more than %u MiB; expected a scenario "
					"of at most %u MiB", path,
					SCN_MAX_BYTES >> 20, SCN_MAX_BYTES >> 20);
		}
		if (feof(f))
			break;
		if (n == cap) {
			uint8_t *nb = rt_realloc(b, cap * 2);

			if (!nb) {
				rt_free(b);
				return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory",
						path);
			}
			b = nb;
			cap *= 2;
		}
	}
	*buf = b;
	*len = n;
	return RT_OK;
}

enum rt_err scn_load_file(const char *path, struct scn_scenario **out,
			  struct rt_diag *d)
{
	uint8_t *buf = NULL;
	size_t len = 0;
	enum rt_err err;
	FILE *f;

	rt_diag_clear(d);
	f = fopen(path, "rb");
	if (!f)
		return rt_diagf(d, RT_ERR_IO, "%s: cannot open: %s", path,
				strerror(errno));
	errno = 0;
	err = scn_read_all(f, path, &buf, &len, d);
	fclose(f);
	if (err)
		return err;
	err = scn_load_data(buf, len, path, out, d);
	rt_free(buf);
	return err;
}

const char *scn_placement_name(enum scn_placement p)
{
	switch (p) {
	case SCN_PLACE_PARTITIONED:
		return "partitioned";
	case SCN_PLACE_CLUSTERED:
		return "clustered";
	case SCN_PLACE_CPUSETS:
		return "cpusets";
	case SCN_PLACE_GLOBAL:
		break;
	}
	return "global";
}

static enum sim_placement scn_sim_placement(enum scn_placement p)
{
	switch (p) {
	case SCN_PLACE_PARTITIONED:
		return SIM_PLACE_PARTITIONED;
	case SCN_PLACE_CLUSTERED:
		return SIM_PLACE_CLUSTERED;
	case SCN_PLACE_CPUSETS:
		return SIM_PLACE_CPUSETS;
	case SCN_PLACE_GLOBAL:
		break;
	}
	return SIM_PLACE_GLOBAL;
}

void scn_sim_config(const struct scn_scenario *s, const unsigned *task_cluster,
		    rt_time horizon, struct sim_config *out)
{
	const struct scn_scheduler *k = &s->sched;

	memset(out, 0, sizeof(*out));
	out->tasks = s->tasks;
	out->ntasks = s->ntasks;
	out->cpus = s->cpus;
	out->policy = k->policy;
	out->on_miss = k->on_miss;
	out->tie_break = k->tie_break;
	out->horizon = horizon;
	out->seed = s->seed;
	out->placement = scn_sim_placement(k->placement);
	out->cluster_size = k->cluster_size;
	out->task_cluster = task_cluster;
	out->nsets = (unsigned)k->ncpusets;
	out->cpu_set = k->cpu_set;
	out->priorities = k->priorities;
	out->servers = s->servers;
	out->nservers = s->nservers;
	out->task_server = s->task_server;
	out->rt_runtime_us = k->rt_runtime_us;
	out->rt_period_us = k->rt_period_us;
	out->reclaim = k->reclaim;
	if (k->fair_server.on) {
		out->fair_runtime = k->fair_server.runtime;
		out->fair_deadline = k->fair_server.deadline;
		out->fair_period = k->fair_server.period;
		out->fair_reserve = k->fair_server.reserve;
		out->fair_defer = k->fair_server.defer;
	}
	out->dl_rules = &k->dl;
	out->overheads = rt_ovh_any(&s->overheads) ? &s->overheads : NULL;
	out->capacity = s->capacity;
	out->hard_test = k->hard_test;
	out->arrive_at = s->arrive_at;
	out->leave_at = s->leave_at;
	out->admission = k->admission_kind;
	out->admission_test = k->admission_test;
	out->admission_never = k->task_unplaced;
	out->tardiness_bounds = k->has_mode && k->mode == SCN_MODE_SOFT;
	out->dl_flags = s->dl_flags;
	out->dl_yield_at = s->yield_at;
	out->dl_changes = s->changes;
}

void scn_free(struct scn_scenario *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->ntasks; i++) {
		/* the rt_task pointers are const for their borrowers; the
		 * scenario owns them (scn.h) */
		rt_free((void *)s->tasks[i].name);
		rt_free((void *)s->tasks[i].releases);
		rt_free((void *)s->tasks[i].exec_values);
		rt_free((void *)s->tasks[i].suspend);
	}
	rt_free(s->tasks);
	rt_free(s->name);
	rt_free(s->description);
	rt_free(s->path);
	rt_free(s->capacity);
	rt_free(s->sched.policy);
	rt_free(s->sched.admission);
	for (size_t i = 0; i < s->sched.ncpusets; i++)
		rt_free(s->sched.cpusets[i].name);
	rt_free(s->sched.cpusets);
	rt_free(s->sched.cpu_set);
	rt_free(s->sched.task_set);
	rt_free(s->sched.task_cluster);
	rt_free(s->sched.task_unplaced);
	for (size_t i = 0; i < s->nservers; i++)
		rt_free((void *)s->servers[i].name);
	rt_free(s->servers);
	rt_free(s->task_server);
	rt_free(s->arrive_at);
	rt_free(s->leave_at);
	rt_free(s->dl_flags);
	for (size_t i = 0; s->yield_at && i < s->ntasks; i++)
		rt_free((void *)s->yield_at[i].at);
	rt_free(s->yield_at);
	for (size_t i = 0; s->changes && i < s->ntasks; i++)
		rt_free((void *)s->changes[i].v);
	rt_free(s->changes);
	rt_free(s);
}
