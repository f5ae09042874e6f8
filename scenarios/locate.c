/* locate.c - positions in the YAML text, read with libyaml's event parser.
 *
 * libcyaml turns the text into strings but forgets where each came from;
 * errors that convert.c finds ("tasks[1].C: 1.5 is not a whole number of
 * ticks") still need a line and column.  Rather than keep a position for
 * every value (a million tasks would need tens of millions), the text is
 * parsed again, only when an error is reported, and only up to the node
 * asked for: O(bytes before it), once per failed load.
 *
 * Nesting: scenario nodes are at most 5 deep.  Skipping a subtree is
 * iterative, and anything nested deeper than SCN_LOC_MAX_DEPTH is given up
 * on (libcyaml rejects it anyway), so hostile input cannot make this code
 * walk a ten-million-level tree.
 *
 * Over 600 lines because the two text patches libcyaml needs (the scalar
 * shorthands, the list form of platform.cpus) share the event walker and
 * the character-to-byte mapping with the locator.
 */
#include "scenarios/internal.h"

#include <stdio.h>
#include <string.h>

#include <yaml.h>

#include "models/mem.h"

#define SCN_LOC_MAX_DEPTH 64    /* deeper subtrees are not walked */

struct scn_yp {
	yaml_parser_t parser;
	yaml_event_t ev;                /* current event, valid if 'have' */
	bool have;
};

static bool scn_yp_init(struct scn_yp *y, const uint8_t *buf, size_t len)
{
	y->have = false;
	if (!yaml_parser_initialize(&y->parser))
		return false;
	yaml_parser_set_input_string(&y->parser, len ? buf : (const uint8_t *)"",
				     len);
	return true;
}

static void scn_yp_fini(struct scn_yp *y)
{
	if (y->have)
		yaml_event_delete(&y->ev);
	y->have = false;
	yaml_parser_delete(&y->parser);
}

/* Advance to the next event; false at a parse error and after one, and
 * after the end of the stream.  libyaml's yaml_parser_parse() answers
 * those with success and an empty event (YAML_NO_EVENT) forever: taken as
 * an event, a loop waiting for an end never ends (found by the fuzzer). */
static bool scn_yp_next(struct scn_yp *y)
{
	if (y->have)
		yaml_event_delete(&y->ev);
	y->have = yaml_parser_parse(&y->parser, &y->ev) != 0;
	if (y->have && y->ev.type == YAML_NO_EVENT) {
		yaml_event_delete(&y->ev);
		y->have = false;
	}
	if (!y->have)
		memset(&y->ev, 0, sizeof(y->ev));
	return y->have;
}

/* The current event starts a node: move to its last event. */
static bool scn_yp_skip(struct scn_yp *y)
{
	size_t depth;

	if (!y->have)
		return false;
	if (y->ev.type != YAML_SEQUENCE_START_EVENT &&
	    y->ev.type != YAML_MAPPING_START_EVENT)
		return true;
	for (depth = 1; depth > 0;) {
		if (!scn_yp_next(y))
			return false;
		switch (y->ev.type) {
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			if (++depth > SCN_LOC_MAX_DEPTH)
				return false;
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			depth--;
			break;
		default:
			break;
		}
	}
	return true;
}

/* Move to the root node of the first document. */
static bool scn_yp_root(struct scn_yp *y)
{
	return scn_yp_next(y) && y->ev.type == YAML_STREAM_START_EVENT &&
	       scn_yp_next(y) && y->ev.type == YAML_DOCUMENT_START_EVENT &&
	       scn_yp_next(y);
}

static struct scn_mark scn_mark_of(yaml_mark_t m)
{
	struct scn_mark r = { m.line + 1, m.column + 1 };

	return r;
}

static bool scn_is_key(const yaml_event_t *ev, const char *key, size_t len)
{
	return ev->type == YAML_SCALAR_EVENT &&
	       ev->data.scalar.length == len &&
	       !memcmp(ev->data.scalar.value, key, len);
}

/* One step of a path: a mapping key (key != NULL) or a sequence index. */
struct scn_seg {
	const char *key;
	size_t len;
	size_t index;
};

#define SCN_LOC_MAX_SEGS 16

static size_t scn_split_path(const char *path, struct scn_seg *segs)
{
	const char *p = path;
	size_t n = 0;

	while (*p && n < SCN_LOC_MAX_SEGS) {
		if (*p == '[') {
			size_t i = 0;

			for (p++; *p >= '0' && *p <= '9'; p++)
				i = i * 10 + (size_t)(*p - '0');
			if (*p == ']')
				p++;
			segs[n].key = NULL;
			segs[n++].index = i;
		} else {
			if (*p == '.')
				p++;
			segs[n].key = p;
			segs[n].len = strcspn(p, ".[");
			p += segs[n++].len;
		}
	}
	return n;
}

/* The current event starts the node at segs[0..k): descend to segs[n-1].
 * 'nth' applies to the last segment.  Recursion depth <= n. */
static bool scn_loc_node(struct scn_yp *y, const struct scn_seg *segs,
			 size_t n, size_t k, unsigned nth, struct scn_where *w)
{
	if (k == n) {
		w->value = scn_mark_of(y->ev.start_mark);
		w->empty = y->ev.type == YAML_SCALAR_EVENT &&
			   y->ev.data.scalar.length == 0;
		w->found = true;
		return true;
	}
	if (segs[k].key) {
		unsigned seen = 0;

		if (y->ev.type != YAML_MAPPING_START_EVENT)
			return false;
		for (;;) {
			struct scn_mark km;

			if (!scn_yp_next(y) || y->ev.type == YAML_MAPPING_END_EVENT)
				return false;
			km = scn_mark_of(y->ev.start_mark);
			if (scn_is_key(&y->ev, segs[k].key, segs[k].len) &&
			    (k + 1 < n || seen++ == nth)) {
				if (!scn_yp_next(y))
					return false;
				if (k + 1 == n)
					w->key = km;
				return scn_loc_node(y, segs, n, k + 1, nth, w);
			}
			if (!scn_yp_skip(y) || !scn_yp_next(y) || !scn_yp_skip(y))
				return false;
		}
	}
	if (y->ev.type != YAML_SEQUENCE_START_EVENT)
		return false;
	for (size_t i = 0;; i++) {
		if (!scn_yp_next(y) || y->ev.type == YAML_SEQUENCE_END_EVENT)
			return false;
		if (i == segs[k].index)
			return scn_loc_node(y, segs, n, k + 1, nth, w);
		if (!scn_yp_skip(y))
			return false;
	}
}

void scn_locate(const uint8_t *buf, size_t len, const char *path,
		const char *key, unsigned nth, struct scn_where *w)
{
	struct scn_seg segs[SCN_LOC_MAX_SEGS + 1];
	struct scn_yp y;
	size_t n;

	memset(w, 0, sizeof(*w));
	n = scn_split_path(path, segs);
	if (key) {
		segs[n].key = key;
		segs[n++].len = strlen(key);
	}
	if (!scn_yp_init(&y, buf, len))
		return;
	if (scn_yp_root(&y) && y.ev.type != YAML_DOCUMENT_END_EVENT)
		scn_loc_node(&y, segs, n, 0, nth, w);
	scn_yp_fini(&y);
}

/* Line and column of byte 'off' (reader errors give only an offset). */
static struct scn_mark scn_mark_at(const uint8_t *buf, size_t len, size_t off)
{
	struct scn_mark m = { 1, 1 };

	for (size_t i = 0; i < off && i < len; i++) {
		if (buf[i] == '\n') {
			m.line++;
			m.col = 1;
		} else {
			m.col++;
		}
	}
	return m;
}

bool scn_syntax_error(const uint8_t *buf, size_t len, struct scn_mark *m,
		      char *msg, size_t n)
{
	struct scn_yp y;
	bool bad = false;

	if (!scn_yp_init(&y, buf, len))
		return false;
	for (;;) {
		if (!scn_yp_next(&y)) {
			bad = true;
			break;
		}
		if (y.ev.type == YAML_STREAM_END_EVENT)
			break;
	}
	if (bad) {
		const yaml_parser_t *p = &y.parser;
		const char *problem = p->problem ? p->problem : "malformed YAML";

		if (p->error == YAML_READER_ERROR)
			*m = scn_mark_at(buf, len, p->problem_offset);
		else
			*m = scn_mark_of(p->problem_mark);
		if (p->context)
			snprintf(msg, n, "%s (%s)", problem, p->context);
		else
			snprintf(msg, n, "%s", problem);
	}
	scn_yp_fini(&y);
	return bad;
}

bool scn_find_alias(const uint8_t *buf, size_t len, struct scn_mark *m)
{
	struct scn_yp y;
	bool found = false;

	if (!scn_yp_init(&y, buf, len))
		return false;
	while (scn_yp_next(&y) && y.ev.type != YAML_STREAM_END_EVENT) {
		if (y.ev.type == YAML_ALIAS_EVENT) {
			*m = scn_mark_of(y.ev.start_mark);
			found = true;
			break;
		}
	}
	scn_yp_fini(&y);
	return found;
}

int scn_ctrl_char(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			return *p;
	return -1;
}

bool scn_find_nul(const uint8_t *buf, size_t len, struct scn_mark *m)
{
	struct scn_yp y;
	bool found = false;

	/* a NUL can only come from an escape (\0, \x00, \u0000, ...) in a
	 * double-quoted scalar: no backslash, no parse */
	if (!memchr(buf, '\\', len) || !scn_yp_init(&y, buf, len))
		return false;
	while (scn_yp_next(&y) && y.ev.type != YAML_STREAM_END_EVENT) {
		if (y.ev.type == YAML_SCALAR_EVENT &&
		    memchr(y.ev.data.scalar.value, 0, y.ev.data.scalar.length)) {
			*m = scn_mark_of(y.ev.start_mark);
			found = true;
			break;
		}
	}
	scn_yp_fini(&y);
	return found;
}

bool scn_find_complex_key(const uint8_t *buf, size_t len, struct scn_mark *m)
{
	/* per open collection: is it a mapping whose next node is a key? */
	bool key_next[SCN_LOC_MAX_DEPTH];
	bool is_map[SCN_LOC_MAX_DEPTH];
	size_t depth = 0;
	struct scn_yp y;
	bool found = false;

	if (!scn_yp_init(&y, buf, len))
		return false;
	while (!found && scn_yp_next(&y) && y.ev.type != YAML_STREAM_END_EVENT) {
		yaml_event_type_t t = y.ev.type;
		bool node = t == YAML_SCALAR_EVENT || t == YAML_ALIAS_EVENT ||
			    t == YAML_SEQUENCE_START_EVENT ||
			    t == YAML_MAPPING_START_EVENT;

		if (t == YAML_SEQUENCE_END_EVENT || t == YAML_MAPPING_END_EVENT) {
			if (depth)
				depth--;
			continue;
		}
		if (!node)
			continue;
		if (depth && is_map[depth - 1]) {
			if (key_next[depth - 1] && t != YAML_SCALAR_EVENT) {
				*m = scn_mark_of(y.ev.start_mark);
				found = true;
			}
			key_next[depth - 1] = !key_next[depth - 1];
		}
		if (t == YAML_SEQUENCE_START_EVENT || t == YAML_MAPPING_START_EVENT) {
			if (depth == SCN_LOC_MAX_DEPTH)
				break;
			is_map[depth] = t == YAML_MAPPING_START_EVENT;
			key_next[depth++] = true;
		}
	}
	scn_yp_fini(&y);
	return found;
}

/* ---- scalar shorthands (see internal.h) ---------------------------------- */

static enum rt_err scn_sh_add(struct scn_shorthands *sh, size_t task,
			      enum scn_sh_field field, const yaml_event_t *ev)
{
	struct scn_shorthand *r;
	size_t vlen = ev->data.scalar.length;

	if (sh->n == sh->cap) {
		size_t cap = sh->cap ? sh->cap * 2 : 16;
		struct scn_shorthand *v = rt_reallocarray(sh->v, cap, sizeof(*v));

		if (!v)
			return RT_ERR_NOMEM;
		sh->v = v;
		sh->cap = cap;
	}
	r = &sh->v[sh->n];
	r->value = rt_malloc(vlen + 1);
	if (!r->value)
		return RT_ERR_NOMEM;
	memcpy(r->value, ev->data.scalar.value, vlen);
	r->value[vlen] = '\0';
	r->task = task;
	r->field = field;
	r->start = ev->start_mark.index;
	r->end = ev->end_mark.index;
	/* character indexes until scn_sh_spans(); block scalars start
	 * with '|' or '>' and a line break, no room for "{}" */
	r->patched = ev->data.scalar.style != YAML_LITERAL_SCALAR_STYLE &&
		     ev->data.scalar.style != YAML_FOLDED_SCALAR_STYLE;
	sh->n++;
	return RT_OK;
}

/* Walk one task mapping (current event: its start). */
static enum rt_err scn_sh_task(struct scn_yp *y, size_t task,
			       struct scn_shorthands *sh, bool *ok)
{
	for (;;) {
		int field = -1;

		if (!scn_yp_next(y) || y->ev.type == YAML_MAPPING_END_EVENT)
			break;
		if (scn_is_key(&y->ev, "arrival", 7))
			field = SCN_SH_ARRIVAL;
		else if (scn_is_key(&y->ev, "exec", 4))
			field = SCN_SH_EXEC;
		if (!scn_yp_skip(y) || !scn_yp_next(y))
			break;
		if (field >= 0 && y->ev.type == YAML_SCALAR_EVENT) {
			enum rt_err err = scn_sh_add(sh, task,
						     (enum scn_sh_field)field,
						     &y->ev);
			if (err)
				return err;
		}
		if (!scn_yp_skip(y))
			break;
	}
	*ok = y->have && y->ev.type == YAML_MAPPING_END_EVENT;
	return RT_OK;
}

static enum rt_err scn_sh_walk(struct scn_yp *y, struct scn_shorthands *sh)
{
	if (!scn_yp_root(y) || y->ev.type != YAML_MAPPING_START_EVENT)
		return RT_OK;
	for (;;) {
		bool tasks;

		if (!scn_yp_next(y) || y->ev.type == YAML_MAPPING_END_EVENT)
			return RT_OK;
		tasks = scn_is_key(&y->ev, "tasks", 5);
		if (!scn_yp_skip(y) || !scn_yp_next(y))
			return RT_OK;
		if (tasks)
			break;
		if (!scn_yp_skip(y))
			return RT_OK;
	}
	if (y->ev.type != YAML_SEQUENCE_START_EVENT)
		return RT_OK;
	for (size_t i = 0;; i++) {
		bool ok = true;

		if (!scn_yp_next(y) || y->ev.type == YAML_SEQUENCE_END_EVENT)
			return RT_OK;
		if (y->ev.type == YAML_MAPPING_START_EVENT) {
			enum rt_err err = scn_sh_task(y, i, sh, &ok);

			if (err)
				return err;
		} else {
			ok = scn_yp_skip(y);
		}
		if (!ok)
			return RT_OK;
	}
}

/* libyaml marks count characters (CR LF as two), after any UTF-8 BOM;
 * move the byte cursor *b (character *c) forward to character 'target'. */
static size_t scn_char_to_byte(const uint8_t *buf, size_t len, size_t *b,
			       size_t *c, size_t target)
{
	while (*c < target && *b < len) {
		for ((*b)++; *b < len && (buf[*b] & 0xc0) == 0x80; (*b)++)
			;
		(*c)++;
	}
	return *b;
}

/* Turn the character spans of the records into byte spans, and keep
 * 'patched' only where the bytes look like the scalar's first character
 * and "{}" fits on its first line. */
static bool scn_sh_spans(const uint8_t *buf, size_t len,
			 struct scn_shorthands *sh)
{
	bool bom = len >= 3 && buf[0] == 0xef && buf[1] == 0xbb && buf[2] == 0xbf;
	size_t b = bom ? 3 : 0, c = 0;
	bool any = false;

	/* UTF-16/32 text: libyaml's characters are not our bytes */
	if (len >= 2 && (buf[0] == 0 || buf[1] == 0 || buf[0] >= 0xfe))
		return false;
	for (size_t i = 0; i < sh->n; i++) {
		struct scn_shorthand *r = &sh->v[i];
		uint8_t first;

		r->start = scn_char_to_byte(buf, len, &b, &c, r->start);
		r->end = scn_char_to_byte(buf, len, &b, &c, r->end);
		if (!r->patched)
			continue;
		first = r->start < len ? buf[r->start] : 0;
		r->patched = r->end <= len && r->end >= r->start + 2 &&
			     buf[r->start + 1] != '\n' &&
			     buf[r->start + 1] != '\r' &&
			     (first == (uint8_t)r->value[0] || first == '"' ||
			      first == '\'' || first == '!' || first == '&');
		any |= r->patched;
	}
	return any;
}

enum rt_err scn_shorthand_scan(const uint8_t *buf, size_t len,
			       struct scn_shorthands *sh)
{
	struct scn_yp y;
	enum rt_err err;

	memset(sh, 0, sizeof(*sh));
	if (!scn_yp_init(&y, buf, len))
		return RT_ERR_NOMEM;
	err = scn_sh_walk(&y, sh);
	scn_yp_fini(&y);
	if (err)
		return err;
	if (!scn_sh_spans(buf, len, sh)) {
		for (size_t i = 0; i < sh->n; i++)
			sh->v[i].patched = false;
		return RT_OK;
	}
	sh->text = rt_malloc(len);
	if (!sh->text)
		return RT_ERR_NOMEM;
	memcpy(sh->text, buf, len);
	for (size_t i = 0; i < sh->n; i++) {
		const struct scn_shorthand *r = &sh->v[i];

		if (!r->patched)
			continue;
		for (size_t k = r->start; k < r->end; k++)
			if (sh->text[k] != '\n' && sh->text[k] != '\r')
				sh->text[k] = ' ';
		sh->text[r->start] = '{';
		sh->text[r->start + 1] = '}';
	}
	return RT_OK;
}

void scn_shorthands_fini(struct scn_shorthands *sh)
{
	for (size_t i = 0; i < sh->n; i++)
		rt_free(sh->v[i].value);
	rt_free(sh->v);
	rt_free(sh->text);
	memset(sh, 0, sizeof(*sh));
}

/* ---- platform.cpus as a list (see internal.h) ---------------------------- */

/* The scalar at the current event, copied (NULL on allocation failure). */
static char *scn_yp_strdup(const struct scn_yp *y)
{
	size_t n = y->ev.data.scalar.length;
	char *v = rt_malloc(n + 1);

	if (v) {
		memcpy(v, y->ev.data.scalar.value, n);
		v[n] = '\0';
	}
	return v;
}

/* A sequence of scalars (current event: the value) into *v (a repeated
 * key: read again, the first kept); RT_ERR_PARSE if it is not one. */
static enum rt_err scn_cpus_seq(struct scn_yp *y, char ***v, size_t *n)
{
	bool first = !*v, bad = false;

	if (y->ev.type != YAML_SEQUENCE_START_EVENT)
		return scn_yp_skip(y) ? RT_ERR_PARSE : RT_OK;
	for (size_t cap = 0;;) {
		char **nv;

		if (!scn_yp_next(y))
			return RT_OK;
		if (y->ev.type == YAML_SEQUENCE_END_EVENT)
			return bad ? RT_ERR_PARSE : RT_OK;
		if (y->ev.type != YAML_SCALAR_EVENT) {
			if (!scn_yp_skip(y))
				return RT_OK;
			bad = true;
			continue;
		}
		if (!first || bad)
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 4;
			nv = rt_reallocarray(*v, cap, sizeof(*nv));
			if (!nv)
				return RT_ERR_NOMEM;
			*v = nv;
		}
		if (!((*v)[*n] = scn_yp_strdup(y)))
			return RT_ERR_NOMEM;
		(*n)++;
	}
}

/* One entry {capacity, count} (current event: its start). */
static enum rt_err scn_cpus_entry(struct scn_yp *y, struct scn_cpus_list *cl,
				  bool *ok)
{
	struct scn_cpus_entry *e;

	if (cl->n == cl->cap) {
		size_t cap = cl->cap ? cl->cap * 2 : 4;
		struct scn_cpus_entry *v = rt_reallocarray(cl->v, cap,
							   sizeof(*v));

		if (!v)
			return RT_ERR_NOMEM;
		cl->v = v;
		cl->cap = cap;
	}
	e = &cl->v[cl->n++];
	memset(e, 0, sizeof(*e));
	if (y->ev.type != YAML_MAPPING_START_EVENT) {
		e->not_map = true;
		*ok = scn_yp_skip(y);
		return RT_OK;
	}
	for (;;) {
		char **slot = NULL, *key;

		if (!scn_yp_next(y) || y->ev.type == YAML_MAPPING_END_EVENT)
			break;
		char ***seq = NULL;
		size_t *nseq = NULL;
		const char *skey = NULL;

		if (scn_is_key(&y->ev, "capacity", 8))
			slot = &e->capacity;
		else if (scn_is_key(&y->ev, "count", 5))
			slot = &e->count;
		else if (scn_is_key(&y->ev, "idle_power", 10))
			slot = &e->fk.idle_power;
		else if (scn_is_key(&y->ev, "frequency", 9))
			slot = &e->fk.frequency;
		else if (scn_is_key(&y->ev, "frequencies", 11)) {
			seq = &e->fk.freq;
			nseq = &e->fk.nfreq;
			skey = "frequencies";
			e->fk.has_freq = true;
		} else if (scn_is_key(&y->ev, "power", 5)) {
			seq = &e->fk.power;
			nseq = &e->fk.npower;
			skey = "power";
			e->fk.has_power = true;
		} else if (y->ev.type == YAML_SCALAR_EVENT && !e->unknown) {
			key = scn_yp_strdup(y);
			if (!key)
				return RT_ERR_NOMEM;
			e->unknown = key;
		}
		if (!scn_yp_skip(y) || !scn_yp_next(y))
			break;
		if (seq) {
			enum rt_err err = scn_cpus_seq(y, seq, nseq);

			if (err == RT_ERR_PARSE && !e->fk.bad)
				e->fk.bad = skey;
			else if (err && err != RT_ERR_PARSE)
				return err;
		} else if (slot && y->ev.type == YAML_SCALAR_EVENT && !*slot) {
			*slot = scn_yp_strdup(y);
			if (!*slot)
				return RT_ERR_NOMEM;
		} else if (slot) {
			e->not_scalar = true;
		}
		if (!scn_yp_skip(y))
			break;
	}
	*ok = y->have && y->ev.type == YAML_MAPPING_END_EVENT;
	return RT_OK;
}

/* Find platform.cpus; if it is a sequence, read its entries and its
 * character span. */
static enum rt_err scn_cpus_walk(struct scn_yp *y, struct scn_cpus_list *cl)
{
	if (!scn_yp_root(y) || y->ev.type != YAML_MAPPING_START_EVENT)
		return RT_OK;
	for (bool in_platform = false;;) {
		bool want;

		if (!scn_yp_next(y) || y->ev.type == YAML_MAPPING_END_EVENT) {
			if (!in_platform)
				return RT_OK;
			in_platform = false;    /* platform had no list */
			continue;
		}
		want = in_platform ? scn_is_key(&y->ev, "cpus", 4) :
		       scn_is_key(&y->ev, "platform", 8);
		if (!scn_yp_skip(y) || !scn_yp_next(y))
			return RT_OK;
		if (want && !in_platform &&
		    y->ev.type == YAML_MAPPING_START_EVENT) {
			in_platform = true;
			continue;
		}
		if (want && in_platform) {
			if (y->ev.type != YAML_SEQUENCE_START_EVENT)
				return RT_OK;
			break;
		}
		if (!scn_yp_skip(y))
			return RT_OK;
	}
	cl->start = y->ev.start_mark.index;
	for (;;) {
		bool ok = true;
		enum rt_err err;

		if (!scn_yp_next(y))
			return RT_OK;
		if (y->ev.type == YAML_SEQUENCE_END_EVENT)
			break;
		if ((err = scn_cpus_entry(y, cl, &ok)))
			return err;
		if (!ok)
			return RT_OK;
	}
	cl->end = y->ev.end_mark.index;
	cl->found = true;
	return RT_OK;
}

enum rt_err scn_cpus_scan(const uint8_t *buf, size_t len,
			  struct scn_cpus_list *cl)
{
	struct scn_yp y;
	enum rt_err err;
	size_t b = 0, c = 0;

	memset(cl, 0, sizeof(*cl));
	if (!scn_yp_init(&y, buf, len))
		return RT_ERR_NOMEM;
	err = scn_cpus_walk(&y, cl);
	cl->not_yaml = y.parser.error != YAML_NO_ERROR;
	scn_yp_fini(&y);
	if (err || !cl->found)
		return err;
	if ((len >= 2 && (buf[0] == 0 || buf[1] == 0 || buf[0] >= 0xfe))) {
		cl->found = false;      /* UTF-16/32: libcyaml reports it */
		return RT_OK;
	}
	if (len >= 3 && buf[0] == 0xef && buf[1] == 0xbb && buf[2] == 0xbf)
		b = 3;
	cl->start = scn_char_to_byte(buf, len, &b, &c, cl->start);
	cl->end = scn_char_to_byte(buf, len, &b, &c, cl->end);
	cl->text = rt_malloc(len ? len : 1);
	if (!cl->text)
		return RT_ERR_NOMEM;
	memcpy(cl->text, buf, len);
	/* the list becomes the scalar 1 at the same place, every other
	 * position unchanged */
	for (size_t k = cl->start; k < cl->end && k < len; k++)
		if (cl->text[k] != '\n' && cl->text[k] != '\r')
			cl->text[k] = ' ';
	if (cl->start < len)
		cl->text[cl->start] = '1';
	return RT_OK;
}

void scn_cpus_list_fini(struct scn_cpus_list *cl)
{
	for (size_t i = 0; i < cl->n; i++) {
		rt_free(cl->v[i].capacity);
		rt_free(cl->v[i].count);
		rt_free(cl->v[i].unknown);
		rt_free(cl->v[i].fk.idle_power);
		rt_free(cl->v[i].fk.frequency);
		for (size_t k = 0; k < cl->v[i].fk.nfreq; k++)
			rt_free(cl->v[i].fk.freq[k]);
		for (size_t k = 0; k < cl->v[i].fk.npower; k++)
			rt_free(cl->v[i].fk.power[k]);
		rt_free(cl->v[i].fk.freq);
		rt_free(cl->v[i].fk.power);
	}
	rt_free(cl->v);
	rt_free(cl->text);
	memset(cl, 0, sizeof(*cl));
}
