/* wbuf.c - the trace writers' output buffer (see wbuf.h). */
#include "render/wbuf.h"

#include <stdarg.h>
#include <stdlib.h>

#include "models/mem.h"
#include "render/meta.h"

bool render_wbuf_init(struct render_wbuf *w, FILE *f, size_t record_max)
{
	w->slack = render_wbuf_slack(record_max);
	w->buf = w->slack <= SIZE_MAX - RENDER_WBUF_SIZE ?
		 rt_malloc(RENDER_WBUF_SIZE + w->slack) : NULL;
	w->n = 0;
	w->f = f;
	w->failed = false;
	return w->buf != NULL;
}

/* Write the first n bytes held (one fwrite); after a failure, output is
 * dropped. */
static void wbuf_write(struct render_wbuf *w, size_t n)
{
	if (!w->failed && n && fwrite(w->buf, 1, n, w->f) != n)
		w->failed = true;
}

bool render_wbuf_drain(struct render_wbuf *w)
{
	wbuf_write(w, w->n);
	w->n = 0;
	return !w->failed;
}

void render_wbuf_spill(struct render_wbuf *w)
{
	wbuf_write(w, RENDER_WBUF_SIZE);
	w->n -= RENDER_WBUF_SIZE;
	memmove(w->buf, w->buf + RENDER_WBUF_SIZE, w->n);
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

void render_wbuf_put(struct render_wbuf *w, const char *s, size_t n)
{
	while (n) {
		size_t k = RENDER_WBUF_SIZE - w->n;

		if (k > n)
			k = n;
		memcpy(w->buf + w->n, s, k);
		w->n += k;
		s += k;
		n -= k;
		if (w->n >= RENDER_WBUF_SIZE)
			render_wbuf_spill(w);
	}
}

/* render_digits4[i]: the digits of i as bytes, thousands first. */
#define D4(i) ((uint32_t)(i) / 1000 | (uint32_t)(i) / 100 % 10 << 8 |	\
	       (uint32_t)(i) / 10 % 10 << 16 | (uint32_t)(i) % 10 << 24)
#define D4_10(i) D4(i), D4((i) + 1), D4((i) + 2), D4((i) + 3),		\
	D4((i) + 4), D4((i) + 5), D4((i) + 6), D4((i) + 7), D4((i) + 8),	\
	D4((i) + 9)
#define D4_100(i) D4_10(i), D4_10((i) + 10), D4_10((i) + 20),		\
	D4_10((i) + 30), D4_10((i) + 40), D4_10((i) + 50),		\
	D4_10((i) + 60), D4_10((i) + 70), D4_10((i) + 80), D4_10((i) + 90)
#define D4_1000(i) D4_100(i), D4_100((i) + 100), D4_100((i) + 200),	\
	D4_100((i) + 300), D4_100((i) + 400), D4_100((i) + 500),	\
	D4_100((i) + 600), D4_100((i) + 700), D4_100((i) + 800),	\
	D4_100((i) + 900)

const uint32_t render_digits4[10000] = {
	D4_1000(0), D4_1000(1000), D4_1000(2000), D4_1000(3000),
	D4_1000(4000), D4_1000(5000), D4_1000(6000), D4_1000(7000),
	D4_1000(8000), D4_1000(9000)
};

#undef D4_1000
#undef D4_100
#undef D4_10
#undef D4

const char render_digit_pairs[200] =
	"00010203040506070809101112131415161718192021222324"
	"25262728293031323334353637383940414243444546474849"
	"50515253545556575859606162636465666768697071727374"
	"75767778798081828384858687888990919293949596979899";

char *render_wbuf_digits(char *end, uint64_t v)
{
	const char *pairs = render_digit_pairs;
	char *p = end;

	while (v >= 100) {
		unsigned k = (unsigned)(v % 100) * 2;

		v /= 100;
		*--p = pairs[k + 1];
		*--p = pairs[k];
	}
	if (v >= 10) {
		unsigned k = (unsigned)v * 2;

		*--p = pairs[k + 1];
		*--p = pairs[k];
	} else {
		*--p = (char)('0' + v);
	}
	return p;
}

char *render_put_u64_slow(char *p, uint64_t v)
{
	char tmp[20], *s = render_wbuf_digits(tmp + sizeof(tmp), v);

	return render_put_bytes(p, s, (size_t)(tmp + sizeof(tmp) - s));
}

void render_numcache_fill(struct render_numcache *c, unsigned slot,
			  uint64_t v)
{
	char *p = c->digits[slot];

	memset(p, '0', sizeof(c->digits[slot]));
	/* at most 16 digits: render_put_u64 stores at most 16 bytes here */
	render_put_u64(p, v);
	c->key[slot] = v;
}

char *render_put_us_slow(char *p, int64_t t, int64_t units_per_us)
{
	uint64_t mag = t < 0 ? (uint64_t)0 - (uint64_t)t : (uint64_t)t;
	uint64_t div = (uint64_t)units_per_us;
	char tmp[20], *s;
	int digits = 0;

	if (div <= 1)
		return render_put_i64(p, t);
	for (uint64_t q = 1; q < div && digits < 18; q *= 10)
		digits++;
	if (t < 0)
		*p++ = '-';
	p = render_put_u64(p, mag / div);
	*p++ = '.';
	/* mag % div zero-padded to 'digits' ("%0*" PRIu64): a value wider
	 * than 'digits' (div not a power of ten) is written whole */
	s = render_wbuf_digits(tmp + sizeof(tmp), mag % div);
	while (tmp + sizeof(tmp) - s < digits)
		*--s = '0';
	return render_put_bytes(p, s, (size_t)(tmp + sizeof(tmp) - s));
}

FILE *render_frag_open(struct render_fragbuf *b)
{
	b->mem = NULL;
	b->n = 0;
	b->f = open_memstream(&b->mem, &b->n);
	return b->f;
}

bool render_frag_set(struct render_frag *out, const char *s, size_t n)
{
	/* at least RENDER_FRAG_PAD bytes, zero-padded */
	out->s = rt_calloc(n + 1 > RENDER_FRAG_PAD ? n + 1 : RENDER_FRAG_PAD, 1);
	out->len = n;
	if (out->s && n)
		memcpy(out->s, s, n);
	return out->s != NULL;
}

bool render_frag_printf(struct render_frag *out, const char *fmt, ...)
{
	struct render_fragbuf b;
	FILE *mf = render_frag_open(&b);
	va_list ap;
	bool ok;

	if (!mf)
		return false;
	va_start(ap, fmt);
	ok = vfprintf(mf, fmt, ap) >= 0;
	va_end(ap);
	if (!render_frag_close(&b, out))
		return false;
	if (!ok)
		render_frag_free(out);
	return ok;
}

bool render_frag_close(struct render_fragbuf *b, struct render_frag *out)
{
	bool ok = fclose(b->f) == 0 && b->mem;

	/* open_memstream memory comes from malloc: copy into rt_ memory */
	ok = ok && render_frag_set(out, b->mem, b->n);
	free(b->mem);
	b->mem = NULL;
	b->f = NULL;
	return ok;
}

void render_frag_free(struct render_frag *f)
{
	rt_free(f->s);
	f->s = NULL;
	f->len = 0;
}

void render_frags_free(struct render_frag *v, size_t n)
{
	if (!v)
		return;
	for (size_t i = 0; i < n; i++)
		rt_free(v[i].s);
	rt_free(v);
}

size_t render_frags_max_len(const struct render_frag *v, size_t n)
{
	size_t m = 0;

	for (size_t i = 0; i < n; i++)
		if (v[i].len > m)
			m = v[i].len;
	return m;
}

bool render_frags_tasks(struct render_frag **out, const struct render_meta *m,
			const char *missing,
			bool (*put)(FILE *f, size_t i, const char *name,
				    const void *ctx), const void *ctx)
{
	struct render_frag *v = rt_calloc(m->ntasks + 1, sizeof(*v));

	if (!v)
		return false;
	for (size_t i = 0; i <= m->ntasks; i++) {
		const char *name = i < m->ntasks && m->tasks[i].name ?
				   m->tasks[i].name : missing;
		struct render_fragbuf b;
		FILE *mf = render_frag_open(&b);
		bool ok;

		if (!mf) {
			render_frags_free(v, m->ntasks + 1);
			return false;
		}
		ok = put(mf, i, name, ctx);
		if (!render_frag_close(&b, &v[i]) || !ok) {
			render_frags_free(v, m->ntasks + 1);
			return false;
		}
	}
	*out = v;
	return true;
}
