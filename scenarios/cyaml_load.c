/* cyaml_load.c - the libcyaml side of loading a scenario: its
 * configuration, allocator and log, the load itself with the scalar
 * shorthands, and its errors in the project's words.
 *
 * scn_cyaml_load() runs cyaml_load_data() with the all-strings schema
 * (schema.c) [-> if it stopped at 'arrival: periodic', the scalar-shorthand
 * scan (locate.c) and a second cyaml_load_data() on the patched text].
 * libcyaml allocates through rt_realloc / rt_free (so rt_mem_fail_after()
 * reaches it) and logs into a capture buffer, never to stderr.  Its error,
 * whose text names the innermost key and a backtrace with (line: L,
 * column: C), is rebuilt into the form of errors.c with FIELD as a path
 * (tasks[1].C) and the position found again by scn_locate() (libcyaml's
 * own position is the last event it read, which is often the previous
 * key, so it is only the fallback).
 */
#include "scenarios/internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "models/mem.h"

#define SCN_EMPTY_MSG \
	"%s: empty scenario; expected a mapping with format: 1 and tasks: [...]"

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
 * shorthand that cannot be patched) is reported. */
static enum rt_err scn_shorthand_load(const struct scn_ctx *c,
				      const uint8_t *text, size_t len,
				      struct scn_shorthands *sh)
{
	enum rt_err err = scn_shorthand_scan(text, len, sh);

	if (err)
		return rt_diagf(c->d, err, "%s: out of memory", c->file);
	for (size_t i = 0; i < sh->n; i++)
		if (!sh->v[i].patched)
			return scn_bad_shorthand(c, &sh->v[i]);
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

/*
 * Load buf with libcyaml into *y (free with scn_cyaml_free(); NULL for an
 * empty document).  On failure c->d has the message in the form of
 * errors.c; *y may still need freeing.  sh receives the scalar shorthands
 * found, cl platform.cpus given as a list (c->cpus then points to it;
 * scn_shorthands_fini() and scn_cpus_list_fini() in every case).  Both
 * are text patches: the text is read again once per patch, in the order
 * libcyaml meets their keys; files without them pay nothing.
 */
enum rt_err scn_cyaml_load(struct scn_ctx *c, struct scn_y_doc **y,
			   struct scn_shorthands *sh, struct scn_cpus_list *cl)
{
	struct scn_cylog lg;
	cyaml_config_t cfg = {
		.log_fn    = scn_cyaml_log,
		.log_ctx   = &lg,
		.mem_fn    = scn_cyaml_mem,
		.mem_ctx   = NULL,
		.log_level = CYAML_LOG_NOTICE,
		.flags     = CYAML_CFG_NO_ALIAS,
	};
	const uint8_t *text = c->buf;   /* what libcyaml reads */
	enum rt_err err;
	cyaml_err_t ce;

	*y = NULL;
	memset(&lg, 0, sizeof(lg));
	ce = cyaml_load_data(text, c->len, &cfg, &scn_y_doc_schema,
			     (cyaml_data_t **)y, NULL);
	for (int pass = 0; pass < 2; pass++) {
		if (!c->cpus && scn_cpus_list_error(ce, &lg)) {
			err = scn_cpus_scan(text, c->len, cl);
			if (err)
				return rt_diagf(c->d, err, "%s: out of memory",
						c->file);
			if (!cl->text) {
				/* a syntax error before the list's end is
				 * what the user has to fix first */
				if (cl->not_yaml)
					ce = CYAML_ERR_LIBYAML_PARSER;
				break;
			}
			text = cl->text;
			c->cpus = cl;
		} else if (!sh->text && !sh->n && scn_shorthand_error(ce, &lg)) {
			err = scn_shorthand_load(c, text, c->len, sh);
			if (err)
				return err;
			if (!sh->text)
				break;
			text = sh->text;
		} else {
			break;
		}
		memset(&lg, 0, sizeof(lg));
		ce = cyaml_load_data(text, c->len, &cfg, &scn_y_doc_schema,
				     (cyaml_data_t **)y, NULL);
	}
	if (ce != CYAML_OK)
		return scn_cyaml_error(c, ce, &lg);
	if (lg.extra_docs)
		return rt_diagf(c->d, RT_ERR_PARSE, "%s: more than one YAML "
				"document (---); expected one scenario per file",
				c->file);
	if (!*y)
		return rt_diagf(c->d, RT_ERR_PARSE, SCN_EMPTY_MSG, c->file);
	return RT_OK;
}

void scn_cyaml_free(struct scn_y_doc *y)
{
	cyaml_config_t cfg = {
		.mem_fn    = scn_cyaml_mem,
		.log_level = CYAML_LOG_NOTICE,
	};

	if (y)
		cyaml_free(&cfg, &scn_y_doc_schema, y, 0);
}
