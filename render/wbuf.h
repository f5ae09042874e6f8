/* wbuf.h - the trace writers' output buffer and the pieces their records
 * are made of.
 *
 * A record is formatted with a cursor into a 1 MiB buffer, with no bounds
 * check inside the record: the writer declares at init the most bytes one
 * record may store (its 'slack'), and the buffer always has that much room
 * past what it holds.  Whenever a record ends with RENDER_WBUF_SIZE bytes
 * or more held, exactly RENDER_WBUF_SIZE of them go to the FILE in one
 * fwrite() and the rest moves to the front, so the file is written in
 * 1 MiB blocks whatever the records' sizes:
 *
 *	struct render_wbuf w;
 *	if (!render_wbuf_init(&w, f, slack)) ...          out of memory
 *	char *p = render_wbuf_begin(&w);                  one record:
 *	RENDER_PUT_LIT(p, "t=");
 *	p = render_put_i64(p, t);
 *	p = render_put_frag(p, &names[task]);
 *	render_wbuf_end(&w, p);
 *	ok = render_wbuf_finish(&w);                      write, fflush, free
 *
 * The cursor is a local pointer, so the compiler keeps it in a register
 * (stores through the buffer cannot change it).  The render_put_*()
 * helpers may store up to RENDER_PUT_OVER bytes past the end they return,
 * and render_put_frag() up to RENDER_FRAG_PAD: those bytes are
 * overwritten by what follows or never written out, and the buffer's
 * room covers them.
 *
 * A large output to a temporary file (outfile.h) is written around the
 * FILE once it passes its first RENDER_WBUF_SIZE (written as before):
 * the buffer moves to huge pages at an aligned address and writes blocks
 * of a little less than RENDER_WBUF_DIRECT bytes (the rest of a block is
 * the room for a record's slack) with O_DIRECT (outstream.h), saving the
 * kernel's copy of every byte.  Those writes are asynchronous: the
 * blocks are a ring of RENDER_WBUF_RING, one filled while others' are in
 * flight, the first free one next.  Records are then formatted in a
 * staging buffer of RENDER_WBUF_STAGE bytes (the cursor's buffer changes
 * when the writes go direct and at a drain: a record is begun again from
 * render_wbuf_begin, as always), whose full pieces go to the block with
 * non-temporal stores: a block the device has read is not written
 * through this CPU's cache again (wbuf.c says why).  A drain (and
 * finish) waits for them and ends the direct writes, so the FILE can
 * write on.  Bytes written to the FILE must be drained before (as they
 * always had to be).
 *
 * The FILE is borrowed (the caller opens and commits it: outfile.h).
 * Errors are sticky: the first failed write marks the buffer failed,
 * later output is dropped and every call after that reports false.
 * Integers are exactly printf's: render_put_i64 writes what "%" PRId64
 * writes, render_put_u64 "%" PRIu64.
 */
#ifndef RENDER_WBUF_H
#define RENDER_WBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define RENDER_WBUF_SIZE (1u << 20)     /* bytes per write */
#define RENDER_WBUF_DIRECT (1u << 20)   /* a direct block, its write a
					 * few KiB less */
#define RENDER_WBUF_RING 4u             /* direct buffers: one filled while
					 * the others' writes are in flight */
#define RENDER_WBUF_STAGE (16u << 10) /* a direct block fills in
					 * pieces of this many bytes */
#define RENDER_PUT_OVER 16              /* a put may store this far past
					 * its end */
#define RENDER_FRAG_PAD 64              /* render_put_frag() copies this
					 * many bytes of a short fragment */

struct render_outstream;

struct render_wbuf {
	char *buf;              /* limit + slack bytes at least, owned */
	size_t n;               /* bytes held; < limit between records */
	size_t limit;           /* a block: RENDER_WBUF_SIZE, or
				 * stride less the room for the head
				 * and the slack while direct */
	size_t slack;           /* room always free past n */
	FILE *f;                /* borrowed */
	struct render_outstream *direct; /* writing directly to its file */
	bool tried;             /* direct writes were tried (since a drain) */
	bool big;               /* buf is one of the aligned direct
				 * buffers, ring[0, RENDER_WBUF_RING) */
	char *ring;             /* their allocation, 'stride' bytes each */
	size_t stride;
	/* while direct, records are formatted in a small staging buffer
	 * (w->buf, limit RENDER_WBUF_STAGE) and copied to the ring block
	 * 'dst' in whole pieces with non-temporal stores (wbuf.c) */
	char *stage;            /* in the ring's allocation, past it */
	char *dst;              /* the ring block being filled */
	size_t fill;            /* bytes in it */
	size_t blim;            /* a block's write: a multiple of the
				 * stage's size */
	bool failed;            /* a write failed: output is dropped */
};

/* Allocate the buffer for records of at most 'record_max' bytes (their
 * length; the room the puts may store beyond it is added: see
 * render_wbuf_slack()); false (nothing allocated) if out of memory. */
bool render_wbuf_init(struct render_wbuf *w, FILE *f, size_t record_max);
/* The slack for records of at most 'bytes' bytes, with the room the
 * puts' over-stores need. */
static inline size_t render_wbuf_slack(size_t bytes)
{
	return bytes + RENDER_FRAG_PAD + RENDER_PUT_OVER;
}
/* Write what is held (one fwrite, or the end of the direct writes);
 * false if this or an earlier write failed.  The FILE is not flushed. */
bool render_wbuf_drain(struct render_wbuf *w);
/* Drain, fflush the FILE and free the buffer; false on any write error.
 * Safe on a zeroed or already finished buffer (then only the result). */
bool render_wbuf_finish(struct render_wbuf *w);
/* Free without writing (a failed run), once no block is in flight:
 * before the FILE is closed. */
void render_wbuf_discard(struct render_wbuf *w);
/* Append n bytes of s, any n (headers, trailers). */
void render_wbuf_put(struct render_wbuf *w, const char *s, size_t n);
/* Does the kernel give huge pages on request (madvise)?  Direct writes
 * need them. */
bool render_wbuf_huge_pages(void);
/* Write the first 'limit' bytes held and keep the rest (the first time,
 * perhaps going direct instead). */
void render_wbuf_spill(struct render_wbuf *w);

/* Where the next record starts: w->slack bytes may be stored from here. */
static inline char *render_wbuf_begin(struct render_wbuf *w)
{
	return w->buf + w->n;
}

/* The record ends at p (from render_wbuf_begin, at most w->slack bytes
 * on). */
static inline void render_wbuf_end(struct render_wbuf *w, char *p)
{
	w->n = (size_t)(p - w->buf);
	if (w->n >= w->limit)
		render_wbuf_spill(w);
}

/* ---- the pieces of a record ---- */

/* A string literal. */
#define RENDER_PUT_LIT(p, lit) \
	(memcpy((p), (lit), sizeof(lit) - 1), (p) += sizeof(lit) - 1)

static inline char *render_put_bytes(char *p, const char *s, size_t n)
{
	memcpy(p, s, n);
	return p + n;
}

/* Bytes formatted once (an escaped task name with the keys around it):
 * s holds len bytes, zero-padded to at least RENDER_FRAG_PAD, so that a
 * short fragment is copied as one fixed-size block. */
struct render_frag {
	char *s;
	size_t len;
};

static inline char *render_put_frag(char *p, const struct render_frag *f)
{
	if (f->len <= RENDER_FRAG_PAD)
		memcpy(p, f->s, RENDER_FRAG_PAD);
	else
		memcpy(p, f->s, f->len);
	return p + f->len;
}

/* Decimal digits of v into the 20 bytes ending at 'end'; returns the
 * first digit. */
char *render_wbuf_digits(char *end, uint64_t v);
/* v in decimal at p, any v (the general case of render_put_u64). */
char *render_put_u64_slow(char *p, uint64_t v);

/* The four decimal digits of each i < 10^4 in ASCII, most significant
 * first in memory order, as the bytes of a little-endian 32-bit word: a
 * 40 KB table built by the compiler (wbuf.c). */
extern const uint32_t render_digits4[10000];

/* The 8 decimal digits of x < 10^8, zero-padded, most significant first
 * in memory order, as the bytes of a little-endian word (ASCII; the
 * table held 0..9 until the eighth round, each use adding '0' to all
 * eight): two lookups of four digits.  One multiply-shift splits x, where
 * computing the digits (radix-100 then radix-10 lanes split by
 * multiply-shifts, P. Khuong, "How to print integers really fast", 2017)
 * took about 25 instructions: the text writers' rows are 5-10 % cheaper
 * (bench/README.md, fourth round). */
static inline uint64_t render_digits8(uint32_t x)
{
	/* x / 10^4 for x < 4.9e8 (here x < 10^8): M = ceil(2^40 / 10^4) =
	 * 109951163 errs by M * 10^4 - 2^40 = 2224, exact below 2^40 / 2224;
	 * M fits an instruction's 32-bit immediate, where the compiler's
	 * own x / 10000 loads a constant into a register (bench/README.md,
	 * eighth round; tested for every x < 10^8) */
	uint64_t hi = ((uint64_t)x * 109951163) >> 40;

	return (uint64_t)render_digits4[hi] |
	       (uint64_t)render_digits4[x - hi * 10000] << 32;
}

/* "00" "01" ... "99". */
extern const char render_digit_pairs[200];

/* The digits of x < 100 without a leading zero at p (2 bytes stored);
 * returns the end. */
static inline char *render_put_u2d(char *p, uint32_t x)
{
	memcpy(p, render_digit_pairs + 2 * x + (x < 10), 2);
	return p + 2 - (x < 10);
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* The last n of the 8 ASCII digits d at p (8 bytes stored); returns the
 * end. */
#define RENDER_PUT_LAST(p, d, n) \
	(memcpy((p), &(uint64_t){ (d) >> (8 * (8 - (n))) }, 8), (p) + (n))

/* The digits of x < 10^8 without leading zeros at p (8 bytes stored);
 * returns the end.  The length comes from comparisons, not from the
 * digits: once the branches are predicted (a field's size rarely
 * changes), where the next field goes does not wait for this one's
 * multiplications, so the fields of a record are formatted in
 * parallel. */
__attribute__((always_inline))
static inline char *render_put_u8d(char *p, uint32_t x)
{
	uint64_t d;

	if (x < 100)
		return render_put_u2d(p, x);
	d = render_digits8(x);
	if (x < 10000)
		return x < 1000 ? RENDER_PUT_LAST(p, d, 3) :
		       RENDER_PUT_LAST(p, d, 4);
	if (x < 1000000)
		return x < 100000 ? RENDER_PUT_LAST(p, d, 5) :
		       RENDER_PUT_LAST(p, d, 6);
	return x < 10000000 ? RENDER_PUT_LAST(p, d, 7) :
	       RENDER_PUT_LAST(p, d, 8);
}

/* As render_put_u8d, the length from the digits without a branch (the
 * leading '0' bytes): for a field whose length changes from record to
 * record, where render_put_u8d's comparisons are mispredicted (the jobs
 * CSV's job index and response time, rows of tasks of every size
 * interleaved: bench/README.md, eighth round). */
__attribute__((always_inline))
static inline char *render_put_u8d_nb(char *p, uint32_t x)
{
	uint64_t d = render_digits8(x);
	/* the last digit counts as significant: x = 0 is "0" */
	uint64_t sig = (d ^ 0x3030303030303030ull) | (1ull << 56);
	unsigned lz = (unsigned)__builtin_ctzll(sig) >> 3;

	d >>= 8 * lz;
	memcpy(p, &d, 8);
	return p + 8 - lz;
}

__attribute__((always_inline))
static inline char *render_put_u64(char *p, uint64_t v)
{
	if (v < 100000000)
		return render_put_u8d(p, (uint32_t)v);
	if (v < 10000000000000000ull) {
		uint64_t hi = v / 100000000;
		uint64_t lo = render_digits8((uint32_t)(v - hi * 100000000));

		p = render_put_u8d(p, (uint32_t)hi);
		memcpy(p, &lo, 8);
		return p + 8;
	}
	return render_put_u64_slow(p, v);
}
#else
static inline char *render_put_u64(char *p, uint64_t v)
{
	if (v < 100)
		return render_put_u2d(p, (uint32_t)v);
	return render_put_u64_slow(p, v);
}
#endif

__attribute__((always_inline))
static inline char *render_put_i64(char *p, int64_t v)
{
	if (v < 0) {
		*p++ = '-';
		return render_put_u64(p, (uint64_t)0 - (uint64_t)v);
	}
	return render_put_u64(p, (uint64_t)v);
}

/* Times recur from record to record (a job's release, deadline and start
 * are in each of its records; several records share an instant), so the
 * text logs keep the digits of the last large numbers they wrote: a
 * direct-mapped cache keyed by the value, for values of 9 to 16 digits
 * (smaller ones are cheaper to format than to look up).  Zeroed, it is
 * empty (0 is never such a key). */
#define RENDER_NUMCACHE_SIZE 64
struct render_numcache {
	uint64_t key[RENDER_NUMCACHE_SIZE];
	char digits[RENDER_NUMCACHE_SIZE][16];
};

/* Fill the slot of v (10^8 <= v < 10^16): its digits, without leading
 * zeros, then zeros. */
void render_numcache_fill(struct render_numcache *c, unsigned slot,
			  uint64_t v);

/* v in decimal as render_put_u64 writes it, through the cache (16 bytes
 * stored).  The length comes from comparisons, as in render_put_u8d. */
__attribute__((always_inline))
static inline char *render_put_u64c(char *p, struct render_numcache *c,
				    uint64_t v)
{
	unsigned slot;

	if (v < 100000000 || v >= 10000000000000000ull)
		return render_put_u64(p, v);
	slot = (unsigned)((v * 0x9E3779B97F4A7C15ull) >> 58);
	if (c->key[slot] != v)
		render_numcache_fill(c, slot, v);
	memcpy(p, c->digits[slot], 16);
	if (v < 10000000000ull)
		return p + (v < 1000000000 ? 9 : 10);
	if (v < 1000000000000ull)
		return p + (v < 100000000000ull ? 11 : 12);
	if (v < 100000000000000ull)
		return p + (v < 10000000000000ull ? 13 : 14);
	return p + (v < 1000000000000000ull ? 15 : 16);
}

__attribute__((always_inline))
static inline char *render_put_i64c(char *p, struct render_numcache *c,
				    int64_t v)
{
	if (v < 0) {
		*p++ = '-';
		return render_put_u64(p, (uint64_t)0 - (uint64_t)v);
	}
	return render_put_u64c(p, c, (uint64_t)v);
}

/* The times of one CSV row (a job's release, deadline, start and finish)
 * and of the rows around it share their leading digits, so the jobs CSV
 * keeps a window of 10^8 values [base, base + 10^8), base = H * 10^8
 * with H < 10^8, and the digits of H formatted once: a value in the
 * window is those digits and the 8 of value - base, zero-padded (what
 * printf writes for it), one lookup of render_digits8 and no length to
 * find.  A value out of it moves the window there (10^8 <= v < 10^16) or
 * is formatted as render_put_i64 does (bench/README.md, eighth round).
 * RENDER_NUMWIN_INIT is the window of H = 1. */
struct render_numwin {
	uint64_t base;          /* H * 10^8 */
	uint64_t head;          /* the ASCII digits of H, first in memory
				 * order, then zeros */
	size_t len;             /* how many: 1 to 8 */
};
#define RENDER_NUMWIN_INIT { 100000000, '1', 1 }

/* v outside the window *home (render_put_i64w's general case), which
 * it moves to v's when 10^8 <= v < 10^16. */
char *render_put_i64w_slow(char *p, struct render_numwin *home, int64_t v);

/* v in decimal as render_put_i64 writes it, through the window (16 bytes
 * stored).  The window lives at 'home' between records; w is the
 * caller's copy of it for the record (a local the compiler keeps in
 * registers, since the digits' stores could alias 'home'), or 'home'
 * itself. */
__attribute__((always_inline))
static inline char *render_put_i64w(char *p, struct render_numwin *w,
				    struct render_numwin *home, int64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t d = (uint64_t)v - w->base;

	if (__builtin_expect(d < 100000000, 1)) {
		uint64_t lo = render_digits8((uint32_t)d);

		memcpy(p, &w->head, 8);
		p += w->len;
		memcpy(p, &lo, 8);
		return p + 8;
	}
#endif
	p = render_put_i64w_slow(p, home, v);
	if (w != home)
		*w = *home;
	return p;
}

/* An rt_time in microseconds from 'units_per_us' units per us, as
 * render_json_us() writes it (three decimals when units_per_us is 1000,
 * a plain integer when it is 1). */
char *render_put_us_slow(char *p, int64_t t, int64_t units_per_us);

static inline char *render_put_us(char *p, int64_t t, int64_t units_per_us)
{
	if (units_per_us == 1)
		return render_put_i64(p, t);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (units_per_us == 1000 && t >= 0) {
		/* the last three of 8 digits, after the '.' */
		uint64_t frac = render_digits8((uint32_t)(t % 1000)) >> 32;

		p = render_put_u64(p, (uint64_t)t / 1000);
		frac = (frac & ~(uint64_t)0xFF) | '.';
		memcpy(p, &frac, 8);
		return p + 4;
	}
#endif
	return render_put_us_slow(p, t, units_per_us);
}

/* ---- fragments ---- */

/* A fragment is built by printing into a memory stream:
 *
 *	struct render_fragbuf b;
 *	FILE *mf = render_frag_open(&b);
 *	if (!mf) ...                                      out of memory
 *	fputs(",\"task\":", mf); render_json_string(mf, name); ...
 *	if (!render_frag_close(&b, &frag)) ...            out of memory
 */
struct render_fragbuf {
	FILE *f;
	char *mem;
	size_t n;
};

FILE *render_frag_open(struct render_fragbuf *b);
/* Close the stream and move what was printed into *out (padded storage
 * from rt_calloc; free with render_frag_free).  False (nothing to free)
 * if out of memory. */
bool render_frag_close(struct render_fragbuf *b, struct render_frag *out);
/* *out = the n bytes of s; false if out of memory. */
bool render_frag_set(struct render_frag *out, const char *s, size_t n);
/* *out = what printf would print; false if out of memory. */
__attribute__((format(printf, 2, 3)))
bool render_frag_printf(struct render_frag *out, const char *fmt, ...);
void render_frag_free(struct render_frag *f);
/* Free n fragments of v, then v; NULL is a no-op. */
void render_frags_free(struct render_frag *v, size_t n);
/* The longest of n fragments. */
size_t render_frags_max_len(const struct render_frag *v, size_t n);

/* One fragment per task of m and one more for a task index out of range
 * (*out, m->ntasks + 1 entries, freed with render_frags_free): what
 * put(f, i, name, ctx) prints, i the task's index (m->ntasks for the
 * last) and name its name, or 'missing' for a NULL name and the last.
 * False (nothing to free) if out of memory or put failed. */
struct render_meta;
bool render_frags_tasks(struct render_frag **out, const struct render_meta *m,
			const char *missing,
			bool (*put)(FILE *f, size_t i, const char *name,
				    const void *ctx), const void *ctx);

#endif /* RENDER_WBUF_H */
