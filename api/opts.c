/* opts.c - the key/value settings of one call (struct dlsim_opts).
 *
 * Keys are the dlsim command's long options without their dashes and
 * values their text; each operation reads the keys it knows and refuses
 * any other (api_opts_only), so that no setting is silently ignored.  A
 * handful of keys per call: a linear search is all it needs. */
#include "api/internal.h"

#include <stdio.h>
#include <string.h>

#include "models/mem.h"

enum dlsim_status dlsim_opts_create(struct dlsim *db, struct dlsim_opts **out)
{
	struct dlsim_opts *o;

	if (!db || !out)
		return api_misuse(db, "dlsim_opts_create: NULL argument");
	o = rt_calloc(1, sizeof(*o));
	if (!o)
		return api_fail(db, DLSIM_NOMEM, "out of memory");
	*out = o;
	return api_ok(db);
}

void dlsim_opts_free(struct dlsim_opts *o)
{
	if (!o)
		return;
	for (size_t i = 0; i < o->n; i++) {
		rt_free(o->kv[i].key);
		rt_free(o->kv[i].value);
	}
	rt_free(o->kv);
	rt_free(o);
}

static struct api_kv *opts_find(const struct dlsim_opts *o, const char *key)
{
	for (size_t i = 0; o && i < o->n; i++)
		if (!strcmp(o->kv[i].key, key))
			return &o->kv[i];
	return NULL;
}

enum dlsim_status dlsim_opts_set(struct dlsim *db, struct dlsim_opts *o,
				 const char *key, const char *value)
{
	struct api_kv *kv;
	char *v = NULL;

	if (!db || !o || !key)
		return api_misuse(db, "dlsim_opts_set: NULL argument");
	kv = opts_find(o, key);
	if (!value) {                   /* unset */
		if (kv) {
			rt_free(kv->key);
			rt_free(kv->value);
			*kv = o->kv[--o->n];
		}
		return api_ok(db);
	}
	v = rt_strdup(value);
	if (!v)
		return api_fail(db, DLSIM_NOMEM, "out of memory");
	if (kv) {
		rt_free(kv->value);
		kv->value = v;
		return api_ok(db);
	}
	if (o->n == o->cap) {
		size_t cap = o->cap ? 2 * o->cap : 8;
		struct api_kv *nkv = rt_reallocarray(o->kv, cap, sizeof(*nkv));

		if (!nkv) {
			rt_free(v);
			return api_fail(db, DLSIM_NOMEM, "out of memory");
		}
		o->kv = nkv;
		o->cap = cap;
	}
	o->kv[o->n].key = rt_strdup(key);
	if (!o->kv[o->n].key) {
		rt_free(v);
		return api_fail(db, DLSIM_NOMEM, "out of memory");
	}
	o->kv[o->n++].value = v;
	return api_ok(db);
}

const char *api_opt(const struct dlsim_opts *o, const char *key)
{
	const struct api_kv *kv = opts_find(o, key);

	return kv ? kv->value : NULL;
}

enum dlsim_status api_opts_only(struct dlsim *db, const struct dlsim_opts *o,
				const char *const *keys, const char *what)
{
	for (size_t i = 0; o && i < o->n; i++) {
		size_t k = 0;

		while (keys[k] && strcmp(keys[k], o->kv[i].key))
			k++;
		if (!keys[k])
			return api_fail(db, DLSIM_USAGE, "%s: unknown option "
					"--%s", what, o->kv[i].key);
	}
	return DLSIM_OK;
}

enum dlsim_status api_opt_bool(struct dlsim *db, const struct dlsim_opts *o,
			       const char *key, bool dflt, bool *out)
{
	const char *v = api_opt(o, key);

	*out = dflt;            /* defined on an error too */
	if (!v)
		return DLSIM_OK;
	if (!strcmp(v, "on"))
		*out = true;
	else if (!strcmp(v, "off"))
		*out = false;
	else
		return api_fail(db, DLSIM_USAGE, "--%s %s: expected on or off",
				key, v);
	return DLSIM_OK;
}

enum dlsim_status api_parse_count(struct dlsim *db, const char *opt,
				  const char *text, int64_t min, int64_t max,
				  int64_t *out)
{
	struct rt_diag d = { "" };

	if (scn_parse_count(text, min, max, out, &d) != RT_OK)
		return api_fail(db, DLSIM_USAGE, "%s: %s", opt, d.msg);
	return DLSIM_OK;
}

enum dlsim_status api_opt_count(struct dlsim *db, const struct dlsim_opts *o,
				const char *key, int64_t min, int64_t max,
				int64_t *out)
{
	const char *v = api_opt(o, key);
	char opt[64];

	if (!v)
		return DLSIM_OK;
	snprintf(opt, sizeof(opt), "--%s", key);
	return api_parse_count(db, opt, v, min, max, out);
}

enum dlsim_status api_opt_decimal(struct dlsim *db,
				  const struct dlsim_opts *o, const char *key,
				  double *out)
{
	const char *v = api_opt(o, key);
	struct rt_diag d = { "" };

	if (v && scn_parse_decimal(v, out, &d) != RT_OK)
		return api_fail(db, DLSIM_USAGE, "--%s: %s", key, d.msg);
	return DLSIM_OK;
}
