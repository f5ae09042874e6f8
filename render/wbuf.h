/* wbuf.h - the trace writers' output buffer: records are formatted by
 * hand into a 1 MiB buffer that goes to the FILE in one fwrite() when
 * full (and at the end), so a record costs a few stores, not an fprintf.
 *
 * The FILE is borrowed (the caller opens and commits it: outfile.h);
 * the buffer only batches.  Errors are sticky: the first failed fwrite
 * marks the buffer failed, later output is dropped and every call after
 * that reports false.  Formatting is exactly printf's: render_wbuf_i64
 * writes what "%" PRId64 writes, render_wbuf_u64 "%" PRIu64.
 *
 *	struct render_wbuf w;
 *	if (!render_wbuf_init(&w, f)) ...                 out of memory
 *	render_wbuf_str(&w, "t=", 2); render_wbuf_i64(&w, t); ...
 *	ok = render_wbuf_finish(&w);                      write, fflush, free
 */
#ifndef RENDER_WBUF_H
#define RENDER_WBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define RENDER_WBUF_SIZE (1u << 20)     /* bytes per write */
#define RENDER_WBUF_SLACK 256           /* room render_wbuf_room() may ask */

struct render_wbuf {
	char *buf;              /* RENDER_WBUF_SIZE bytes, owned */
	size_t n;               /* bytes held */
	FILE *f;                /* borrowed */
	bool failed;            /* a write failed: output is dropped */
};

/* Allocate the buffer; false (nothing allocated) if out of memory. */
bool render_wbuf_init(struct render_wbuf *w, FILE *f);
/* Write what is held (one fwrite); false if this or an earlier write
 * failed.  The FILE is not flushed. */
bool render_wbuf_drain(struct render_wbuf *w);
/* Drain, fflush the FILE and free the buffer; false on any write error.
 * Safe on a zeroed or already finished buffer (then only the result). */
bool render_wbuf_finish(struct render_wbuf *w);
/* Free without writing (a failed run). */
void render_wbuf_discard(struct render_wbuf *w);

/* Make sure k <= RENDER_WBUF_SLACK more bytes fit, draining if needed;
 * returns where to write them (the caller then adds to w->n). */
static inline char *render_wbuf_room(struct render_wbuf *w, size_t k)
{
	if (w->n + k > RENDER_WBUF_SIZE)
		render_wbuf_drain(w);
	return w->buf + w->n;
}

/* Append n bytes of s (any n). */
void render_wbuf_put_slow(struct render_wbuf *w, const char *s, size_t n);

static inline void render_wbuf_str(struct render_wbuf *w, const char *s,
				   size_t n)
{
	if (n > RENDER_WBUF_SLACK) {
		render_wbuf_put_slow(w, s, n);
		return;
	}
	memcpy(render_wbuf_room(w, n), s, n);
	w->n += n;
}

/* A string literal. */
#define RENDER_WBUF_LIT(w, lit) render_wbuf_str((w), (lit), sizeof(lit) - 1)

static inline void render_wbuf_ch(struct render_wbuf *w, char c)
{
	*render_wbuf_room(w, 1) = c;
	w->n++;
}

/* Decimal digits of v into the 20 bytes ending at 'end'; returns the
 * first digit. */
static inline char *render_wbuf_digits(char *end, uint64_t v)
{
	static const char pairs[201] =
		"00010203040506070809101112131415161718192021222324"
		"25262728293031323334353637383940414243444546474849"
		"50515253545556575859606162636465666768697071727374"
		"75767778798081828384858687888990919293949596979899";
	char *p = end;
	uint32_t x;

	while (v > UINT32_MAX) {        /* 64-bit steps only above 2^32 */
		unsigned k = (unsigned)(v % 100) * 2;

		v /= 100;
		*--p = pairs[k + 1];
		*--p = pairs[k];
	}
	x = (uint32_t)v;                /* then cheaper 32-bit ones */
	while (x >= 100) {
		unsigned k = (x % 100) * 2;

		x /= 100;
		*--p = pairs[k + 1];
		*--p = pairs[k];
	}
	if (x >= 10) {
		unsigned k = x * 2;

		*--p = pairs[k + 1];
		*--p = pairs[k];
	} else {
		*--p = (char)('0' + x);
	}
	return p;
}

/* Number of decimal digits of v (1..20): t = floor(bits x 1233 / 4096)
 * (1233 / 4096 ~ log10 2) is log10 of v or one more, told apart by one
 * comparison.  v | 1 counts 0 as one digit and never crosses a power of
 * ten (those are even). */
static inline unsigned render_wbuf_ndigits(uint64_t v)
{
	static const uint64_t p10[20] = {
		1, 10, 100, 1000, 10000, 100000, 1000000, 10000000,
		100000000, 1000000000, 10000000000ULL, 100000000000ULL,
		1000000000000ULL, 10000000000000ULL, 100000000000000ULL,
		1000000000000000ULL, 10000000000000000ULL,
		100000000000000000ULL, 1000000000000000000ULL,
		10000000000000000000ULL,
	};
	uint64_t x = v | 1;
	unsigned bits = 64 - (unsigned)__builtin_clzll(x);
	unsigned t = (bits * 1233) >> 12;

	return t + 1 - (x < p10[t]);
}

/* v in decimal, straight into the buffer. */
static inline void render_wbuf_u64(struct render_wbuf *w, uint64_t v)
{
	unsigned n = render_wbuf_ndigits(v);
	char *p = render_wbuf_room(w, 20);

	render_wbuf_digits(p + n, v);
	w->n += n;
}

static inline void render_wbuf_i64(struct render_wbuf *w, int64_t v)
{
	if (v < 0) {
		render_wbuf_ch(w, '-');
		render_wbuf_u64(w, (uint64_t)0 - (uint64_t)v);
		return;
	}
	render_wbuf_u64(w, (uint64_t)v);
}

/* An rt_time in microseconds from 'units_per_us' units per us, as
 * render_json_us() writes it (three decimals when units_per_us is 1000,
 * a plain integer when it is 1). */
void render_wbuf_us(struct render_wbuf *w, int64_t t, int64_t units_per_us);

/* An escaped text and its length.  The storage of the names made here
 * holds at least RENDER_NAME_PAD bytes (zero-padded), so that a short
 * name is copied as one fixed-size block (render_wbuf_name). */
#define RENDER_NAME_PAD 32
struct render_name {
	char *s;
	size_t len;
};

static inline void render_wbuf_name(struct render_wbuf *w,
				    const struct render_name *nm)
{
	if (nm->len <= RENDER_NAME_PAD) {
		memcpy(render_wbuf_room(w, RENDER_NAME_PAD), nm->s,
		       RENDER_NAME_PAD);
		w->n += nm->len;
		return;
	}
	render_wbuf_str(w, nm->s, nm->len);
}

/* The task names of m escaped once for the writers: v[i] for task i
 * (a NULL name as 'missing'), v[m->ntasks] = 'missing' (for a task index
 * out of range).  json: JSON string literals, else CSV fields.  *out
 * (m->ntasks + 1 entries) is freed with render_names_free(); false if out
 * of memory (nothing to free). */
struct render_meta;
bool render_names_init(struct render_name **out, const struct render_meta *m,
		       bool json, const char *missing);
void render_names_free(struct render_name *v, size_t ntasks);

/* Text pre-escaped once (task names): the bytes render_csv_field() /
 * render_json_string() would write for s.  *out is rt_malloc'ed (free
 * with rt_free), *len its length; false if out of memory. */
bool render_escape_csv(const char *s, char **out, size_t *len);
bool render_escape_json(const char *s, char **out, size_t *len);

#endif /* RENDER_WBUF_H */
