/* wbuf.c - the trace writers' output buffer (see wbuf.h). */
#define _GNU_SOURCE             /* madvise's MADV_HUGEPAGE */
#include "render/wbuf.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/mman.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "models/mem.h"
#include "render/meta.h"
#include "render/outstream.h"

#define WBUF_HUGE (2u << 20)    /* a huge page: the direct buffer's
				 * alignment */

bool render_wbuf_init(struct render_wbuf *w, FILE *f, size_t record_max)
{
	w->slack = render_wbuf_slack(record_max);
	w->buf = w->slack <= SIZE_MAX - RENDER_WBUF_DIRECT -
		 RENDER_OUTSTREAM_ALIGN - WBUF_HUGE ?
		 rt_malloc(RENDER_WBUF_SIZE + w->slack) : NULL;
	w->n = 0;
	w->limit = RENDER_WBUF_SIZE;
	w->f = f;
	w->direct = NULL;
	w->tried = w->big = false;
	w->ring = w->stage = w->dst = NULL;
	w->stride = w->fill = w->blim = 0;
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

static pthread_once_t wbuf_huge_once = PTHREAD_ONCE_INIT;
static bool wbuf_huge;          /* transparent huge pages on request */

static void wbuf_huge_probe(void)
{
	char mode[128] = "";
	FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");

	if (f) {
		if (!fgets(mode, sizeof(mode), f))
			mode[0] = '\0';
		fclose(f);
	}
	wbuf_huge = strstr(mode, "[always]") || strstr(mode, "[madvise]");
}

bool render_wbuf_huge_pages(void)
{
	pthread_once(&wbuf_huge_once, wbuf_huge_probe);
	return wbuf_huge;
}

/* What a direct block keeps free past its write: the room for the head
 * (direct_begin's bytes past the file's last aligned offset) and a
 * record's slack, in whole ALIGN units. */
static size_t wbuf_room(const struct render_wbuf *w)
{
	return (2 * (size_t)RENDER_OUTSTREAM_ALIGN + w->slack - 1) /
	       RENDER_OUTSTREAM_ALIGN * RENDER_OUTSTREAM_ALIGN;
}

/* The buffer to fill once w->buf's block is in flight: the ring's first
 * one free (so a writer the device keeps up with touches two of them),
 * or, every other one in flight, the first once they are done. */
static char *wbuf_next(struct render_wbuf *w)
{
	char *b = NULL;

	for (unsigned i = 0; i < RENDER_WBUF_RING; i++) {
		char *r = w->ring + (size_t)i * w->stride;

		if (r == w->dst)
			continue;
		if (!b)
			b = r;
		if (!render_outstream_direct_busy(w->direct, r))
			return r;
	}
	render_outstream_direct_wait(w->direct, b);
	return b;
}

/*
 * Go direct (see wbuf.h; outstream.c says why) if w->f is a temporary
 * file's and the kernel gives huge pages on request: what is held is
 * written as before, and the buffer moves to the ring, on huge pages,
 * the file's bytes past its last aligned offset in front.  (From 4 KiB
 * pages a direct write costs more system time, and on the development
 * VM's disk took twice as long as the page cache's streaming:
 * bench/README.md.)  Anything else (another FILE, no huge pages, no
 * memory, a file system that refuses) keeps the ordinary writes.
 */
static void wbuf_direct_begin(struct render_wbuf *w)
{
	char head[RENDER_OUTSTREAM_ALIGN];
	struct render_outstream *s;
	size_t h;

	w->tried = true;
	if (w->failed || !(s = render_outstream_of(w->f)))
		return;
	if (!render_wbuf_huge_pages())
		return;
	wbuf_write(w, w->n);            /* what is held: as before */
	w->n = 0;
	if (!w->big) {
		/* a block of RENDER_WBUF_DIRECT bytes holds the head, the
		 * records and their slack: its direct write is a little
		 * shorter.  The ring is whole huge pages, two blocks to
		 * the first (a page touched is a page the kernel zeroes,
		 * and a writer the device keeps up with uses two blocks);
		 * from its start, a block of ordinary writes and its slack
		 * fit too. */
		size_t stride = RENDER_WBUF_DIRECT, room = wbuf_room(w), len;
		char *big;

		if (room > stride / 4)
			stride = (RENDER_WBUF_DIRECT + room +
				  RENDER_OUTSTREAM_ALIGN - 1) /
				 RENDER_OUTSTREAM_ALIGN * RENDER_OUTSTREAM_ALIGN;
		len = (stride * RENDER_WBUF_RING + RENDER_WBUF_STAGE +
		       w->slack + WBUF_HUGE - 1) / WBUF_HUGE * WBUF_HUGE;
		big = rt_aligned_alloc(WBUF_HUGE, len);
		if (!big)
			return;
		madvise(big, len, MADV_HUGEPAGE);
		rt_free(w->buf);
		w->buf = w->ring = big;
		w->stride = stride;
		w->stage = big + stride * RENDER_WBUF_RING;
		w->big = true;
	}
	if (w->failed || !render_outstream_direct_begin(s, w->f, head, &h))
		return;
	w->buf = w->stage;
	memcpy(w->buf, head, h);
	w->n = h;
	w->direct = s;
	w->limit = RENDER_WBUF_STAGE;
	w->dst = w->ring;
	w->fill = 0;
	w->blim = (w->stride - wbuf_room(w)) / RENDER_WBUF_STAGE *
		  RENDER_WBUF_STAGE;
}

/*
 * A ring block is read by the device (on a VM, by the host's CPU) after
 * its write is submitted, so its lines leave this CPU's cache or stay in
 * it shared: formatting into it again would have to take each line back
 * first, a wait for every 64 bytes (on the development VM the formatting
 * of a trace to its disk ran at about half its speed into /dev/null).
 * So records are formatted in the staging buffer, which the device never
 * reads and the cache keeps, and each full piece of it goes to the block
 * with non-temporal stores, which write whole lines without taking them
 * first (bench/README.md, eleventh round).
 */
static void wbuf_stream(char *dst, const char *src, size_t n)
{
#if defined(__SSE2__)
	for (size_t i = 0; i < n; i += 64) {
		__m128i a = _mm_load_si128((const __m128i *)(src + i));
		__m128i b = _mm_load_si128((const __m128i *)(src + i + 16));
		__m128i c = _mm_load_si128((const __m128i *)(src + i + 32));
		__m128i d = _mm_load_si128((const __m128i *)(src + i + 48));

		_mm_stream_si128((__m128i *)(dst + i), a);
		_mm_stream_si128((__m128i *)(dst + i + 16), b);
		_mm_stream_si128((__m128i *)(dst + i + 32), c);
		_mm_stream_si128((__m128i *)(dst + i + 48), d);
	}
#else
	memcpy(dst, src, n);
#endif
}

/* The non-temporal stores before are seen by the device (before a
 * write is submitted). */
static void wbuf_fence(void)
{
#if defined(__SSE2__)
	_mm_sfence();
#endif
}

/* Direct: the stage's first piece to the block; a full block is written
 * and the next one taken. */
static void wbuf_stage_spill(struct render_wbuf *w)
{
	/* a record longer than the stage (a long task name) leaves more
	 * than one piece */
	while (w->n >= RENDER_WBUF_STAGE) {
		wbuf_stream(w->dst + w->fill, w->buf, RENDER_WBUF_STAGE);
		w->fill += RENDER_WBUF_STAGE;
		w->n -= RENDER_WBUF_STAGE;
		memmove(w->buf, w->buf + RENDER_WBUF_STAGE, w->n);
		if (w->fill < w->blim)
			continue;
		wbuf_fence();
		if (!w->failed &&
		    !render_outstream_direct_write(w->direct, w->dst,
						   w->blim))
			w->failed = true;
		w->fill = 0;
		if (render_outstream_direct_pending(w->direct))
			w->dst = wbuf_next(w);
	}
}

bool render_wbuf_drain(struct render_wbuf *w)
{
	if (w->direct) {
		/* the rest after the block's pieces: fill <= blim - STAGE
		 * and n < STAGE, so it ends before blim */
		memcpy(w->dst + w->fill, w->buf, w->n);
		wbuf_fence();
		/* always: it also ends O_DIRECT after a failure */
		if (!render_outstream_direct_end(w->direct, w->dst,
						 w->fill + w->n))
			w->failed = true;
		w->dst = NULL;
		w->fill = 0;
		w->direct = NULL;
		w->limit = RENDER_WBUF_SIZE;
		w->tried = false;
		w->buf = w->ring;       /* nothing in flight: from the start */
	} else {
		wbuf_write(w, w->n);
	}
	w->n = 0;
	return !w->failed;
}

void render_wbuf_spill(struct render_wbuf *w)
{
	if (!w->direct && !w->tried) {
		wbuf_direct_begin(w);
		if (w->n < w->limit)
			return;         /* written, and gone direct (or not) */
	}
	if (w->direct) {
		wbuf_stage_spill(w);
		return;
	}
	wbuf_write(w, w->limit);
	w->n -= w->limit;
	/* written: the rest moves to the front */
	memmove(w->buf, w->buf + w->limit, w->n);
}

bool render_wbuf_finish(struct render_wbuf *w)
{
	bool ok;

	if (!w->buf)
		return !w->failed;
	ok = render_wbuf_drain(w) && fflush(w->f) != EOF && !ferror(w->f);
	rt_free(w->big ? w->ring : w->buf);
	w->buf = w->ring = NULL;
	w->failed = !ok;
	return ok;
}

void render_wbuf_discard(struct render_wbuf *w)
{
	/* no write may be in flight from memory freed here (the FILE is
	 * still open: a writer is discarded before its file) */
	for (unsigned i = 0; w->direct && i < RENDER_WBUF_RING; i++)
		render_outstream_direct_wait(w->direct,
					     w->ring + (size_t)i * w->stride);
	rt_free(w->big ? w->ring : w->buf);
	w->buf = w->ring = NULL;
	w->n = 0;
	w->direct = NULL;
}

void render_wbuf_put(struct render_wbuf *w, const char *s, size_t n)
{
	while (n) {
		size_t k = w->limit - w->n;

		if (k > n)
			k = n;
		memcpy(w->buf + w->n, s, k);
		w->n += k;
		s += k;
		n -= k;
		if (w->n >= w->limit)
			render_wbuf_spill(w);
	}
}

/* render_digits4[i]: the ASCII digits of i, thousands first. */
#define D4(i) (0x30303030u | (uint32_t)(i) / 1000 |			\
	       (uint32_t)(i) / 100 % 10 << 8 |				\
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

char *render_put_i64w_slow(char *p, struct render_numwin *w, int64_t v)
{
	/* w is 'home' here (the copy is the caller's affair) */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (v >= 100000000 && v < 10000000000000000ll) {
		uint32_t h = (uint32_t)((uint64_t)v / 100000000);
		size_t len = 1;
		uint64_t digits = render_digits8(h);

		for (uint32_t t = h; t >= 10; t /= 10)
			len++;
		w->base = (uint64_t)h * 100000000;
		w->head = digits >> (8 * (8 - len));
		w->len = len;
		return render_put_i64w(p, w, w, v);
	}
#else
	(void)w;
#endif
	return render_put_i64(p, v);
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
