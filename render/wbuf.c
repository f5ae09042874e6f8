/* wbuf.c - the trace writers' output buffer (see wbuf.h). */
#include "render/wbuf.h"

#include <stdlib.h>

#include "models/mem.h"
#include "render/internal.h"
#include "render/meta.h"

bool render_wbuf_init(struct render_wbuf *w, FILE *f)
{
	w->buf = rt_malloc(RENDER_WBUF_SIZE);
	w->n = 0;
	w->f = f;
	w->failed = false;
	return w->buf != NULL;
}

bool render_wbuf_drain(struct render_wbuf *w)
{
	if (!w->failed && w->n && fwrite(w->buf, 1, w->n, w->f) != w->n)
		w->failed = true;
	w->n = 0;               /* after a failure, output is dropped */
	return !w->failed;
}

bool render_wbuf_finish(struct render_wbuf *w)
{
	bool ok;

	if (!w->buf)
		return !w->failed;
	ok = render_wbuf_drain(w) && fflush(w->f) != EOF && !ferror(w->f);
	rt_free(w->buf);
	w->buf = NULL;
	w->failed = !ok;
	return ok;
}

void render_wbuf_discard(struct render_wbuf *w)
{
	rt_free(w->buf);
	w->buf = NULL;
	w->n = 0;
}

void render_wbuf_put_slow(struct render_wbuf *w, const char *s, size_t n)
{
	while (n) {
		size_t k = RENDER_WBUF_SIZE - w->n;

		if (k == 0) {
			render_wbuf_drain(w);
			continue;
		}
		if (k > n)
			k = n;
		memcpy(w->buf + w->n, s, k);
		w->n += k;
		s += k;
		n -= k;
	}
}

void render_wbuf_us(struct render_wbuf *w, int64_t t, int64_t units_per_us)
{
	uint64_t mag = t < 0 ? (uint64_t)0 - (uint64_t)t : (uint64_t)t;
	uint64_t div = (uint64_t)units_per_us, frac;
	char tmp[20];
	int digits = 0;

	if (div <= 1) {
		render_wbuf_i64(w, t);
		return;
	}
	for (uint64_t p = 1; p < div && digits < 18; p *= 10)
		digits++;
	if (t < 0)
		render_wbuf_ch(w, '-');
	render_wbuf_u64(w, mag / div);
	render_wbuf_ch(w, '.');
	/* mag % div zero-padded to 'digits' ("%0*" PRIu64): a value wider
	 * than 'digits' (div not a power of ten) is written whole */
	frac = mag % div;
	{
		char *p = render_wbuf_digits(tmp + sizeof(tmp), frac);

		while (tmp + sizeof(tmp) - p < digits)
			*--p = '0';
		render_wbuf_str(w, p, (size_t)(tmp + sizeof(tmp) - p));
	}
}

/* Run an escaper writing to a FILE into memory: the writers' own bytes,
 * computed once per name instead of once per record. */
static bool escape_mem(bool (*put)(FILE *, const char *), const char *s,
		       char **out, size_t *len)
{
	char *mem = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&mem, &n);
	bool ok;

	if (!f)
		return false;
	ok = put(f, s);
	if (fclose(f) != 0 || !ok || !mem) {
		free(mem);
		return false;
	}
	/* open_memstream memory comes from malloc: copy into rt_ memory,
	 * at least RENDER_NAME_PAD bytes, zero-padded */
	*out = rt_calloc(n + 1 > RENDER_NAME_PAD ? n + 1 : RENDER_NAME_PAD, 1);
	if (*out) {
		memcpy(*out, mem, n);
		*len = n;
	}
	free(mem);
	return *out != NULL;
}

bool render_escape_csv(const char *s, char **out, size_t *len)
{
	return escape_mem(render_csv_field, s, out, len);
}

bool render_escape_json(const char *s, char **out, size_t *len)
{
	return escape_mem(render_json_string, s, out, len);
}

bool render_names_init(struct render_name **out, const struct render_meta *m,
		       bool json, const char *missing)
{
	struct render_name *v = rt_calloc(m->ntasks + 1, sizeof(*v));

	if (!v)
		return false;
	for (size_t i = 0; i <= m->ntasks; i++) {
		const char *name = i < m->ntasks && m->tasks[i].name ?
				   m->tasks[i].name : missing;
		bool ok = json ? render_escape_json(name, &v[i].s, &v[i].len) :
			  render_escape_csv(name, &v[i].s, &v[i].len);

		if (!ok) {
			render_names_free(v, m->ntasks);
			return false;
		}
	}
	*out = v;
	return true;
}

void render_names_free(struct render_name *v, size_t ntasks)
{
	if (!v)
		return;
	for (size_t i = 0; i <= ntasks; i++)
		rt_free(v[i].s);
	rt_free(v);
}
