/* exp_read.c - the experiment loader's value readers (exp_int.h): every
 * scalar parsed strictly (no silent truncation of "1.5" to 1), mappings
 * checked for unknown and repeated keys, each failure naming
 * FILE:LINE:COL: FIELD. */
#include "scenarios/exp_int.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/mem.h"
#include "scenarios/internal.h"

enum rt_err xl_fail(const struct xl *c, const yaml_node_t *n,
		    const char *field, const char *fmt, ...)
{
	char what[RT_DIAG_MAX], pos[48] = "";
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (n)
		snprintf(pos, sizeof(pos), ":%zu:%zu", n->start_mark.line + 1,
			 n->start_mark.column + 1);
	return rt_diagf(c->d, RT_ERR_PARSE, "%s%s: %s%s%s", c->file, pos, field,
			*field ? ": " : "", what);
}

const char *xl_kind(const yaml_node_t *n)
{
	switch (n->type) {
	case YAML_SCALAR_NODE:
		return "a single value";
	case YAML_SEQUENCE_NODE:
		return "a list";
	case YAML_MAPPING_NODE:
		return "a mapping";
	default:
		return "nothing";
	}
}

/* A key that needs no quotes in a message. */
static bool xl_plain(const char *k)
{
	if (!*k || strlen(k) > 60)
		return false;
	for (; *k; k++)
		if (!((*k >= 'a' && *k <= 'z') || (*k >= 'A' && *k <= 'Z') ||
		      (*k >= '0' && *k <= '9') || *k == '_' || *k == '-'))
			return false;
	return true;
}

/* The mapping n (at 'path') with keys among keys[0..nk): vals[i] is the
 * value of keys[i] or NULL.  Unknown or repeated keys are errors. */
enum rt_err xl_map(const struct xl *c, yaml_node_t *n, const char *path,
		   const char *const *keys, size_t nk, yaml_node_t **vals)
{
	char list[512];
	size_t o = 0;

	for (size_t i = 0; i < nk; i++) {
		vals[i] = NULL;
		o += (size_t)snprintf(list + o, o < sizeof(list) ? sizeof(list) - o
						: 0, "%s%s", i ? ", " : "", keys[i]);
		if (o >= sizeof(list))
			o = sizeof(list) - 1;
	}
	if (n->type != YAML_MAPPING_NODE)
		return xl_fail(c, n, path, "got %s; expected a mapping with: %s",
			       xl_kind(n), list);
	for (yaml_node_pair_t *pr = n->data.mapping.pairs.start;
	     pr < n->data.mapping.pairs.top; pr++) {
		yaml_node_t *k = yaml_document_get_node((yaml_document_t *)&c->doc,
							pr->key);
		yaml_node_t *v = yaml_document_get_node((yaml_document_t *)&c->doc,
							pr->value);
		char full[160], q[72];
		size_t i;

		if (!k || !v || k->type != YAML_SCALAR_NODE)
			return xl_fail(c, k, path, "a key that is not a plain "
				       "value; expected key: value");
		for (i = 0; i < nk; i++)
			if (!strcmp((const char *)k->data.scalar.value, keys[i]))
				break;
		if (xl_plain((const char *)k->data.scalar.value))
			snprintf(q, sizeof(q), "%s",
				 (const char *)k->data.scalar.value);
		else
			scn_quote(q, sizeof(q),
				  (const char *)k->data.scalar.value);
		snprintf(full, sizeof(full), "%s%s%s", path, *path ? "." : "",
			 i < nk ? keys[i] : q);
		if (i == nk)
			return xl_fail(c, k, full, "unknown key; expected one "
				       "of: %s", list);
		if (vals[i])
			return xl_fail(c, k, full, "given twice; each key may "
				       "appear once");
		vals[i] = v;
	}
	return RT_OK;
}

enum rt_err xl_str(const struct xl *c, const yaml_node_t *n,
		   const char *field, const char **out)
{
	*out = "";
	if (n->type != YAML_SCALAR_NODE)
		return xl_fail(c, n, field, "got %s; expected a single value",
			       xl_kind(n));
	*out = (const char *)n->data.scalar.value;
	return RT_OK;
}

enum rt_err xl_int(const struct xl *c, const yaml_node_t *n,
		   const char *field, int64_t min, int64_t max,
		   int64_t *out)
{
	struct rt_diag why;
	const char *s;
	enum rt_err err = xl_str(c, n, field, &s);

	if (err)
		return err;
	if (scn_parse_int(s, min, max, out, &why))
		return xl_fail(c, n, field, "%s", why.msg);
	return RT_OK;
}

enum rt_err xl_bool(const struct xl *c, const yaml_node_t *n,
		    const char *field, bool *out)
{
	const char *s;
	enum rt_err err = xl_str(c, n, field, &s);
	char q[72];

	if (err)
		return err;
	if (!strcmp(s, "true") || !strcmp(s, "yes")) {
		*out = true;
	} else if (!strcmp(s, "false") || !strcmp(s, "no")) {
		*out = false;
	} else {
		scn_quote(q, sizeof(q), s);
		return xl_fail(c, n, field, "%s; expected true or false", q);
	}
	return RT_OK;
}

/* A finite decimal number (strtod over the whole string). */
enum rt_err xl_double(const struct xl *c, const yaml_node_t *n,
		      const char *field, double *out)
{
	const char *s;
	enum rt_err err = xl_str(c, n, field, &s);
	char *end, q[72];
	double v;

	if (err)
		return err;
	errno = 0;
	v = strtod(s, &end);
	if (!*s || *end || errno || !isfinite(v)) {
		scn_quote(q, sizeof(q), s);
		return xl_fail(c, n, field, "%s is not a number; expected e.g. "
			       "0.5", q);
	}
	*out = v;
	return RT_OK;
}

/* A decimal >= 0 with at most 6 fraction digits, in millionths. */
enum rt_err xl_micro(const struct xl *c, const yaml_node_t *n,
		     const char *field, int64_t *out)
{
	const char *s, *p;
	int64_t ip = 0, fp = 0;
	int nf = 0;
	char q[72];
	enum rt_err err = xl_str(c, n, field, &s);

	if (err)
		return err;
	p = s;
	if (*p < '0' || *p > '9')
		goto bad;
	for (; *p >= '0' && *p <= '9'; p++) {
		ip = ip * 10 + (*p - '0');
		if (ip > 1000000000)
			goto bad;
	}
	if (*p == '.') {
		for (p++; *p >= '0' && *p <= '9'; p++) {
			if (++nf > 6)
				goto bad;
			fp = fp * 10 + (*p - '0');
		}
	}
	if (*p)
		goto bad;
	for (; nf < 6; nf++)
		fp *= 10;
	*out = ip * RT_EXP_UNIT + fp;
	return RT_OK;
bad:
	scn_quote(q, sizeof(q), s);
	return xl_fail(c, n, field, "%s; expected a decimal >= 0 with at most "
		       "6 digits after the point", q);
}

enum rt_err xl_enum(const struct xl *c, const yaml_node_t *n,
		    const char *field, bool (*find)(const char *, int *),
		    const char *valid, int *out)
{
	const char *s;
	char q[72];
	enum rt_err err = xl_str(c, n, field, &s);

	if (err)
		return err;
	if (!find(s, out)) {
		scn_quote(q, sizeof(q), s);
		return xl_fail(c, n, field, "%s; expected one of: %s", q, valid);
	}
	return RT_OK;
}
