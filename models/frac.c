/* frac.c - exact non-negative rationals: 128-bit fast path, bignum
 * fallback (GMP's mpn functions), and an enclosure past a size cap.
 *
 * A fraction is in one of three forms and only ever moves down the list:
 *
 *   SMALL   'num'/'den' in unsigned 128 bits, reduced (gcd = 1, den > 0).
 *   BIG     'a'/'b' = num/den as little-endian 64-bit limb arrays, reduced,
 *           each at most FRAC_LIMBS limbs (RT_FRAC_MAX_BITS bits).
 *   APPROX  'a'/2^128 <= value <= 'b'/2^128: lower and upper bound in fixed
 *           point with FRAC_SHIFT = 128 fraction bits.
 *
 * Addition of a reduced term c/d (Knuth, TAOCP vol. 2, 4.5.1): with
 * d1 = gcd(den, d),  t = num*(d/d1) + c*(den/d1),  d2 = gcd(t, d1),
 *
 *     num/den + c/d = (t/d2) / ((den/d1) * (d/d2))        (already reduced)
 *
 * so every gcd has a 64-bit operand (d < 2^63) and the bignum only needs
 * multiply/divide by one limb, add, compare.  No heap memory is used past
 * rt_frac_create(): limb arrays are fixed-size (BIG_CAP limbs, enough for
 * the product of two capped values), so adding never fails.
 *
 * Why the cap: the exact denominator divides lcm(T_i), which for n
 * pairwise coprime ns periods has ~30n bits; an uncapped sum of 10^6 such
 * terms would cost O(n^2) limb operations.  Past FRAC_LIMBS an addition
 * costs O(1) limbs (APPROX), the width of the enclosure grows by at most
 * 2^-128 per term, and comparisons the enclosure cannot decide are
 * reported (RT_ERR_UNSUPPORTED), never guessed.
 *
 * Cost: SMALL add O(1) (a few 128-bit divisions); BIG add O(FRAC_LIMBS);
 * BIG -> APPROX conversion O(FRAC_LIMBS^2 * 64) bit steps, once.
 */
#include "models/frac.h"

#include <gmp.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "models/mem.h"

#define FRAC_LIMBS  (RT_FRAC_MAX_BITS / 64)     /* cap of an exact p or q */
#define BIG_CAP     (2 * FRAC_LIMBS + 8)        /* products, shifts */
#define FRAC_SHIFT  128                         /* APPROX fraction bits */
#define DEC_MAX     (BIG_CAP * 20 + 4)          /* decimal digits of a big */

typedef rt_u128 u128;

#if GMP_LIMB_BITS != 64 || GMP_NAIL_BITS != 0
#error "frac.c assumes 64-bit GMP limbs without nails"
#endif

struct big {
	size_t n;                       /* limbs in use; d[n-1] != 0; 0 = zero */
	mp_limb_t d[BIG_CAP];           /* little endian */
};

enum frac_form { FRAC_SMALL, FRAC_BIG, FRAC_APPROX };

struct rt_frac {
	enum frac_form form;
	u128 num, den;                  /* SMALL: reduced, den > 0 */
	struct big a, b;                /* BIG: num, den; APPROX: lo, hi */
};

/* ---- bignum: GMP's mpn layer on fixed arrays ---------------------------
 *
 * The limb arithmetic is GMP's (mpn_add, mpn_add_1, mpn_mul, mpn_mul_1,
 * mpn_divrem_1, mpn_mod_1, mpn_tdiv_qr, mpn_get_str).  The mpn layer
 * rather than mpz because it works on caller-owned limb arrays: the fixed-size 'struct
 * big' keeps "adding never fails" true (mpz would allocate through GMP's
 * allocator, which cannot report failure: it aborts), and GMP's scratch
 * space for these sizes (< 2 KiB) is on the stack.  The helpers below
 * only keep 'n' normalised (d[n-1] != 0, 0 for zero) around the calls. */

static void big_norm(struct big *x)
{
	while (x->n && !x->d[x->n - 1])
		x->n--;
}

static void big_set_u128(struct big *x, u128 v)
{
	x->d[0] = (mp_limb_t)v;
	x->d[1] = (mp_limb_t)(v >> 64);
	x->n = 2;
	big_norm(x);
}

static int big_cmp(const struct big *x, const struct big *y)
{
	if (x->n != y->n)
		return x->n < y->n ? -1 : 1;
	return x->n ? mpn_cmp(x->d, y->d, (mp_size_t)x->n) : 0;
}

/* r = x + y; r may alias x or y.  Caller guarantees capacity. */
static void big_add(struct big *r, const struct big *x, const struct big *y)
{
	const struct big *l = x->n >= y->n ? x : y, *s = l == x ? y : x;
	mp_limb_t carry;
	size_t n = l->n;

	if (!s->n) {
		if (r != l)
			*r = *l;
		return;
	}
	carry = mpn_add(r->d, l->d, (mp_size_t)l->n, s->d, (mp_size_t)s->n);
	r->n = n;
	if (carry)
		r->d[r->n++] = carry;
}

/* x += 1 */
static void big_inc(struct big *x)
{
	if (!x->n) {
		x->d[0] = 1;
		x->n = 1;
	} else if (mpn_add_1(x->d, x->d, (mp_size_t)x->n, 1)) {
		x->d[x->n++] = 1;
	}
}

/* r = x * m; r may alias x. */
static void big_mul_u64(struct big *r, const struct big *x, uint64_t m)
{
	mp_limb_t carry;

	if (!m || !x->n) {
		r->n = 0;
		return;
	}
	carry = mpn_mul_1(r->d, x->d, (mp_size_t)x->n, m);
	r->n = x->n;
	if (carry)
		r->d[r->n++] = carry;
}

/* r = x * y; r must not alias x or y; x->n + y->n <= BIG_CAP. */
static void big_mul(struct big *r, const struct big *x, const struct big *y)
{
	const struct big *l = x->n >= y->n ? x : y, *s = l == x ? y : x;

	if (!s->n) {
		r->n = 0;
		return;
	}
	mpn_mul(r->d, l->d, (mp_size_t)l->n, s->d, (mp_size_t)s->n);
	r->n = l->n + s->n;
	big_norm(r);
}

/* q = x / m (q may alias x, or be NULL); returns x mod m.  m > 0. */
static uint64_t big_divmod_u64(struct big *q, const struct big *x, uint64_t m)
{
	mp_limb_t rem;

	if (!x->n) {
		if (q)
			q->n = 0;
		return 0;
	}
	if (!q)
		return mpn_mod_1(x->d, (mp_size_t)x->n, m);
	rem = mpn_divrem_1(q->d, 0, x->d, (mp_size_t)x->n, m);
	q->n = x->n;
	big_norm(q);
	return rem;
}

/* r = x * 2^(64*k); r may alias x. */
static void big_shl_limbs(struct big *r, const struct big *x, size_t k)
{
	if (!x->n) {
		r->n = 0;
		return;
	}
	memmove(r->d + k, x->d, x->n * sizeof(x->d[0]));
	memset(r->d, 0, k * sizeof(x->d[0]));
	r->n = x->n + k;
}

/* q = floor(x / y), r = x mod y (y > 0).  q, r distinct from x, y and
 * from each other. */
static void big_divmod(struct big *q, struct big *r, const struct big *x,
		       const struct big *y)
{
	if (x->n < y->n) {
		q->n = 0;
		*r = *x;
		return;
	}
	mpn_tdiv_qr(q->d, r->d, 0, x->d, (mp_size_t)x->n, y->d,
		    (mp_size_t)y->n);
	q->n = x->n - y->n + 1;
	r->n = y->n;
	big_norm(q);
	big_norm(r);
}

/* Decimal digits of x into out (NUL-terminated, room for DEC_MAX);
 * returns the length. */
static size_t big_to_dec(const struct big *x, char *out)
{
	struct big t = *x;              /* mpn_get_str clobbers its input */
	size_t len;

	if (!t.n) {
		out[0] = '0';
		out[1] = '\0';
		return 1;
	}
	len = mpn_get_str((unsigned char *)out, 10, t.d, (mp_size_t)t.n);
	while (len > 1 && out[0] == 0) {         /* "there may be leading
						  * zeros in the string" */
		memmove(out, out + 1, --len);
	}
	for (size_t i = 0; i < len; i++)
		out[i] = (char)('0' + out[i]);
	out[len] = '\0';
	return len;
}

/* x as m * 2^e with m the top (up to) 128 bits, for double conversion. */
static double big_to_double(const struct big *x, int *e)
{
	u128 m;

	*e = 0;
	if (!x->n)
		return 0.0;
	if (x->n == 1)
		return (double)x->d[0];
	m = ((u128)x->d[x->n - 1] << 64) | x->d[x->n - 2];
	*e = (int)(64 * (x->n - 2));
	return (double)m;
}

/* ---- forms --------------------------------------------------------------- */

/* Exact num/den of an exact fraction as bigs. */
static void frac_exact_view(const struct rt_frac *f, struct big *num,
			    struct big *den)
{
	if (f->form == FRAC_SMALL) {
		big_set_u128(num, f->num);
		big_set_u128(den, f->den);
	} else {
		*num = f->a;
		*den = f->b;
	}
}

/* Enclosure lo/2^128 <= num/den <= hi/2^128 of an exact num/den. */
static void frac_enclose(const struct big *num, const struct big *den,
			 struct big *lo, struct big *hi)
{
	struct big x, r;

	big_shl_limbs(&x, num, FRAC_SHIFT / 64);
	big_divmod(lo, &r, &x, den);
	*hi = *lo;
	if (r.n)
		big_inc(hi);
}

/* Any fraction's enclosure (exact ones converted on the fly). */
static void frac_bounds(const struct rt_frac *f, struct big *lo, struct big *hi)
{
	struct big num, den;

	if (f->form == FRAC_APPROX) {
		*lo = f->a;
		*hi = f->b;
		return;
	}
	frac_exact_view(f, &num, &den);
	frac_enclose(&num, &den, lo, hi);
}

/* Store an exact reduced num/den: BIG if within the cap, else APPROX. */
static void frac_store_big(struct rt_frac *f, const struct big *num,
			   const struct big *den)
{
	if (num->n <= FRAC_LIMBS && den->n <= FRAC_LIMBS) {
		f->form = FRAC_BIG;
		f->a = *num;
		f->b = *den;
		return;
	}
	f->form = FRAC_APPROX;
	frac_enclose(num, den, &f->a, &f->b);
}

/* SMALL += c/d with c/d reduced; false (f untouched) if 128 bits overflow. */
static bool frac_small_add(struct rt_frac *f, u128 c, uint64_t d)
{
	uint64_t d1 = rt_gcd64((uint64_t)(f->den % d), d), d2;
	u128 t, u, den1 = f->den / d1, den;

	if (__builtin_mul_overflow(f->num, (u128)(d / d1), &t) ||
	    __builtin_mul_overflow(c, den1, &u) ||
	    __builtin_add_overflow(t, u, &t))
		return false;
	d2 = rt_gcd64((uint64_t)(t % d1), d1);
	if (__builtin_mul_overflow(den1, (u128)(d / d2), &den))
		return false;
	f->num = t / d2;
	f->den = den;
	return true;
}

/* BIG += c/d with c/d reduced (same formula on limbs). */
static void frac_big_add(struct rt_frac *f, u128 c, uint64_t d)
{
	struct big cb, den1, t, u;
	uint64_t d1, d2;

	if (!f->a.n) {                  /* 0 + c/d */
		big_set_u128(&t, c);
		big_set_u128(&u, d);
		frac_store_big(f, &t, &u);
		return;
	}
	d1 = rt_gcd64(big_divmod_u64(NULL, &f->b, d), d);
	big_divmod_u64(&den1, &f->b, d1);
	big_mul_u64(&t, &f->a, d / d1);
	big_set_u128(&cb, c);
	big_mul(&u, &den1, &cb);
	big_add(&t, &t, &u);
	d2 = rt_gcd64(big_divmod_u64(NULL, &t, d1), d1);
	big_divmod_u64(&t, &t, d2);
	big_mul_u64(&den1, &den1, d / d2);
	frac_store_big(f, &t, &den1);
}

/* APPROX += c/d: lo += floor(c*2^128/d), hi += ceil(c*2^128/d). */
static void frac_approx_add(struct rt_frac *f, u128 c, uint64_t d)
{
	struct big x;
	uint64_t rem;

	big_set_u128(&x, c);
	big_shl_limbs(&x, &x, FRAC_SHIFT / 64);
	rem = big_divmod_u64(&x, &x, d);
	big_add(&f->a, &f->a, &x);
	big_add(&f->b, &f->b, &x);
	if (rem)
		big_inc(&f->b);
}

/* f += c/d for any c >= 0, 0 < d < 2^63.  Never fails. */
static void frac_add_term(struct rt_frac *f, u128 c, uint64_t d)
{
	uint64_t g;

	if (!c)
		return;
	g = rt_gcd64((uint64_t)(c % d), d);
	c /= g;
	d /= g;
	switch (f->form) {
	case FRAC_SMALL:
		if (!f->num) {
			f->num = c;
			f->den = d;
			return;
		}
		if (frac_small_add(f, c, d))
			return;
		big_set_u128(&f->a, f->num);
		big_set_u128(&f->b, f->den);
		f->form = FRAC_BIG;
		frac_big_add(f, c, d);
		return;
	case FRAC_BIG:
		frac_big_add(f, c, d);
		return;
	case FRAC_APPROX:
		frac_approx_add(f, c, d);
		return;
	}
}

/* ---- public API ---------------------------------------------------------- */

struct rt_frac *rt_frac_create(void)
{
	struct rt_frac *f = rt_malloc(sizeof(*f));

	if (!f)
		return NULL;
	f->form = FRAC_SMALL;
	f->num = 0;
	f->den = 1;
	f->a.n = 0;
	f->b.n = 0;
	return f;
}

void rt_frac_destroy(struct rt_frac *f)
{
	rt_free(f);
}

enum rt_err rt_frac_add(struct rt_frac *f, int64_t num, int64_t den)
{
	if (num < 0 || den <= 0)
		return RT_ERR_INVAL;
	frac_add_term(f, (u128)num, (uint64_t)den);
	return RT_OK;
}

enum rt_err rt_frac_add_wide(struct rt_frac *f, rt_u128 num, int64_t den)
{
	if (den <= 0)
		return RT_ERR_INVAL;
	frac_add_term(f, num, (uint64_t)den);
	return RT_OK;
}

bool rt_frac_is_exact(const struct rt_frac *f)
{
	return f->form != FRAC_APPROX;
}

enum rt_err rt_frac_compare(const struct rt_frac *f, int64_t a, int64_t b,
			    int *out)
{
	struct big num, den, l, r, ab;

	if (a < 0 || b <= 0)
		return RT_ERR_INVAL;
	if (f->form != FRAC_APPROX) {
		/* num/den vs a/b  <=>  num*b vs a*den (exact, no overflow) */
		frac_exact_view(f, &num, &den);
		big_mul_u64(&l, &num, (uint64_t)b);
		big_mul_u64(&r, &den, (uint64_t)a);
		*out = big_cmp(&l, &r);
		return RT_OK;
	}
	/* lo*b, hi*b vs a*2^128 */
	big_set_u128(&ab, (u128)a);
	big_shl_limbs(&ab, &ab, FRAC_SHIFT / 64);
	big_mul_u64(&r, &f->b, (uint64_t)b);
	if (big_cmp(&r, &ab) < 0) {
		*out = -1;
		return RT_OK;
	}
	big_mul_u64(&l, &f->a, (uint64_t)b);
	if (big_cmp(&l, &ab) > 0) {
		*out = 1;
		return RT_OK;
	}
	if (!big_cmp(&f->a, &f->b)) {   /* degenerate enclosure: exact */
		*out = big_cmp(&l, &ab);
		return RT_OK;
	}
	return RT_ERR_UNSUPPORTED;
}

enum rt_err rt_frac_compare_frac(const struct rt_frac *f,
				 const struct rt_frac *g, int *out)
{
	struct big fn, fd, gn, gd, l, r;

	if (f->form != FRAC_APPROX && g->form != FRAC_APPROX) {
		frac_exact_view(f, &fn, &fd);
		frac_exact_view(g, &gn, &gd);
		big_mul(&l, &fn, &gd);
		big_mul(&r, &gn, &fd);
		*out = big_cmp(&l, &r);
		return RT_OK;
	}
	frac_bounds(f, &fn, &fd);       /* fn = lo(f), fd = hi(f) */
	frac_bounds(g, &gn, &gd);
	if (big_cmp(&fd, &gn) < 0) {
		*out = -1;
		return RT_OK;
	}
	if (big_cmp(&fn, &gd) > 0) {
		*out = 1;
		return RT_OK;
	}
	if (!big_cmp(&fn, &fd) && !big_cmp(&gn, &gd)) {
		*out = big_cmp(&fn, &gn);
		return RT_OK;
	}
	return RT_ERR_UNSUPPORTED;
}

int rt_frac_cmp(const struct rt_frac *f, int64_t a, int64_t b)
{
	int c;

	if (rt_frac_compare(f, a, b, &c) != RT_OK)
		return RT_FRAC_UNDECIDED;
	return c;
}

int rt_frac_cmp_frac(const struct rt_frac *f, const struct rt_frac *g)
{
	int c;

	if (rt_frac_compare_frac(f, g, &c) != RT_OK)
		return RT_FRAC_UNDECIDED;
	return c;
}

/* Append s to buf at *pos, truncating at len - 1; *pos counts all. */
static void put(char *buf, size_t len, size_t *pos, const char *s)
{
	for (; *s; s++, (*pos)++)
		if (len && *pos < len - 1)
			buf[*pos] = *s;
}

size_t rt_frac_format(const struct rt_frac *f, char *buf, size_t len)
{
	char dec[DEC_MAX];
	size_t pos = 0;
	struct big num, den;

	if (f->form == FRAC_APPROX) {
		/* "~" floor(lo / 2^128) "." 18 digits of the fraction part */
		struct big ip = f->a, fp = f->a;
		char digits[24];
		uint64_t v;

		ip.n = ip.n > 2 ? ip.n - 2 : 0;
		if (ip.n)
			memmove(ip.d, f->a.d + 2, ip.n * sizeof(ip.d[0]));
		fp.n = fp.n > 2 ? 2 : fp.n;
		big_norm(&fp);
		big_mul_u64(&fp, &fp, 1000000000000000000ULL);  /* 10^18 */
		v = fp.n > 2 ? fp.d[2] : 0;
		for (int k = 17; k >= 0; k--) {
			digits[k] = (char)('0' + v % 10);
			v /= 10;
		}
		digits[18] = '\0';
		put(buf, len, &pos, "~");
		big_to_dec(&ip, dec);
		put(buf, len, &pos, dec);
		put(buf, len, &pos, ".");
		put(buf, len, &pos, digits);
	} else {
		frac_exact_view(f, &num, &den);
		big_to_dec(&num, dec);
		put(buf, len, &pos, dec);
		put(buf, len, &pos, "/");
		big_to_dec(&den, dec);
		put(buf, len, &pos, dec);
	}
	if (len)
		buf[pos < len ? pos : len - 1] = '\0';
	return pos;
}

size_t rt_frac_format_decimal(const struct rt_frac *f, unsigned sig,
			      char *buf, size_t len)
{
	/* digits[0..nd) of floor(value * 10^nf), nf fraction digits */
	char digits[DEC_MAX + 80];
	char out[DEC_MAX + 90];
	struct big num, den, q, r, t;
	size_t nd, first = 0, keep, pos = 0, nf = 0;

	if (sig == 0)
		sig = 1;
	if (f->form == FRAC_APPROX)
		return rt_frac_format(f, buf, len);
	frac_exact_view(f, &num, &den);
	big_divmod(&q, &r, &num, &den);
	nd = big_to_dec(&q, digits);
	if (nd == 1 && digits[0] == '0')
		first = 1;              /* leading integer zero: not significant */
	/* fraction digits until 'sig' significant ones and one more */
	while (nf < 64 + sig) {
		size_t signif = 0;

		for (size_t k = 0; k < nd; k++)
			if (signif || digits[k] != '0')
				signif++;
		if (signif > sig)
			break;
		big_mul_u64(&t, &r, 10);
		big_divmod(&q, &r, &t, &den);
		digits[nd++] = (char)('0' + (q.n ? q.d[0] : 0));
		nf++;
	}
	/* keep = digits up to the sig-th significant one (at least the
	 * integer part) */
	while (first < nd && digits[first] == '0')
		first++;
	keep = first + sig;
	if (keep < nd - nf)
		keep = nd - nf;
	if (keep > nd)
		keep = nd;
	/* round half up: the first dropped digit decides */
	if (keep < nd && digits[keep] >= '5') {
		size_t k = keep;

		while (k > 0 && digits[k - 1] == '9')
			digits[--k] = '0';
		if (k == 0) {
			memmove(digits + 1, digits, nd);
			digits[0] = '1';
			nd++;
			keep++;
		} else {
			digits[k - 1]++;
		}
	}
	/* print: integer part, then the kept fraction digits */
	{
		size_t ip = nd - nf;            /* integer digits */

		for (size_t k = 0; k < ip; k++)
			out[pos++] = digits[k];
		if (keep > ip) {
			out[pos++] = '.';
			for (size_t k = ip; k < keep; k++)
				out[pos++] = digits[k];
		}
		out[pos] = '\0';
	}
	pos = 0;
	put(buf, len, &pos, out);
	if (len)
		buf[pos < len ? pos : len - 1] = '\0';
	return pos;
}

double rt_frac_to_double(const struct rt_frac *f)
{
	struct big num, den;
	double mn, md;
	int en, ed;

	if (f->form == FRAC_SMALL)
		return (double)f->num / (double)f->den;
	if (f->form == FRAC_APPROX) {
		mn = big_to_double(&f->a, &en);
		return ldexp(mn, en - FRAC_SHIFT);
	}
	frac_exact_view(f, &num, &den);
	mn = big_to_double(&num, &en);
	md = big_to_double(&den, &ed);
	return ldexp(mn / md, en - ed);
}

/*
 * Sort terms by denominator: introsort (median-of-3 quicksort, heapsort
 * when the depth passes 2 log2 n, insertion sort below 16 elements).  Typed
 * because libc qsort's callback made 10^6 terms cost 0.4 s.
 */
static void term_swap(struct rt_frac_term *x, struct rt_frac_term *y)
{
	struct rt_frac_term t = *x;

	*x = *y;
	*y = t;
}

/* Max-heap sift-down of a[i] within a[0, len). */
static void term_sift(struct rt_frac_term *a, size_t len, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, m = i;

		if (l < len && a[l].den > a[m].den)
			m = l;
		if (l + 1 < len && a[l + 1].den > a[m].den)
			m = l + 1;
		if (m == i)
			return;
		term_swap(&a[i], &a[m]);
		i = m;
	}
}

static void term_heapsort(struct rt_frac_term *a, size_t n)
{
	for (size_t i = n / 2; i-- > 0;)
		term_sift(a, n, i);
	for (size_t len = n; len > 1; len--) {
		term_swap(&a[0], &a[len - 1]);
		term_sift(a, len - 1, 0);
	}
}

static void term_sort(struct rt_frac_term *a, size_t n, unsigned depth)
{
	while (n > 16) {
		int64_t x, y, z, p;
		size_t i, j;

		if (depth-- == 0) {
			term_heapsort(a, n);
			return;
		}
		x = a[0].den;
		y = a[n / 2].den;
		z = a[n - 1].den;
		p = x < y ? (y < z ? y : (x < z ? z : x))
			  : (x < z ? x : (y < z ? z : y));
		/* Hoare partition: [0, j] <= p <= [j+1, n); the median of
		 * three keeps both parts non-empty */
		i = 0;
		j = n - 1;
		for (;;) {
			while (a[i].den < p)
				i++;
			while (a[j].den > p)
				j--;
			if (i >= j)
				break;
			term_swap(&a[i++], &a[j--]);
		}
		if (j + 1 < n - j - 1) {
			term_sort(a, j + 1, depth);
			a += j + 1;
			n -= j + 1;
		} else {
			term_sort(a + j + 1, n - j - 1, depth);
			n = j + 1;
		}
	}
	for (size_t i = 1; i < n; i++)
		for (size_t k = i; k > 0 && a[k - 1].den > a[k].den; k--)
			term_swap(&a[k - 1], &a[k]);
}

enum rt_err rt_frac_sum(struct rt_frac_term *terms, size_t n,
			struct rt_frac **out)
{
	struct rt_frac *f;

	for (size_t i = 0; i < n; i++)
		if (terms[i].den <= 0)
			return RT_ERR_INVAL;
	f = rt_frac_create();
	if (!f)
		return RT_ERR_NOMEM;
	{
		unsigned depth = 0;

		for (size_t m = n; m; m >>= 1)
			depth += 2;
		term_sort(terms, n, depth);
	}
	/* Equal denominators: add numerators in 128 bits first (flush on
	 * overflow), so the exact addition runs once per distinct period. */
	for (size_t i = 0; i < n;) {
		int64_t den = terms[i].den;
		u128 acc = 0;

		for (; i < n && terms[i].den == den; i++) {
			u128 s;

			if (__builtin_add_overflow(acc, terms[i].num, &s)) {
				frac_add_term(f, acc, (uint64_t)den);
				s = terms[i].num;
			}
			acc = s;
		}
		frac_add_term(f, acc, (uint64_t)den);
	}
	*out = f;
	return RT_OK;
}

/* U (density = false) or Lambda (density = true). */
static enum rt_err frac_task_sum(const struct rt_task *ts, size_t n,
				 bool density, struct rt_frac **out)
{
	struct rt_frac_term *terms;
	enum rt_err err;

	for (size_t i = 0; i < n; i++)
		if (ts[i].wcet < 0 || ts[i].period <= 0 || ts[i].deadline <= 0)
			return RT_ERR_INVAL;
	terms = rt_calloc(n ? n : 1, sizeof(*terms));
	if (!terms)
		return RT_ERR_NOMEM;
	for (size_t i = 0; i < n; i++) {
		int64_t den = ts[i].period;

		if (density && ts[i].deadline < den)
			den = ts[i].deadline;
		terms[i].num = (u128)ts[i].wcet;
		terms[i].den = den;
	}
	err = rt_frac_sum(terms, n, out);
	rt_free(terms);
	return err;
}

enum rt_err rt_frac_utilization(const struct rt_task *ts, size_t n,
				struct rt_frac **out)
{
	return frac_task_sum(ts, n, false, out);
}

enum rt_err rt_frac_density(const struct rt_task *ts, size_t n,
			    struct rt_frac **out)
{
	return frac_task_sum(ts, n, true, out);
}
