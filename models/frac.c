/* frac.c - exact non-negative rationals: 128-bit fast path, bignum
 * fallback (bignum.c, on GMP's mpn layer), and an enclosure past a size
 * cap.  Their decimal text is frac_text.c.
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
 * the product of two capped values), so adding never fails (why mpn and
 * not mpz: bignum.c).
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

#include <stdint.h>

#include "models/frac_int.h"
#include "models/mem.h"

typedef rt_u128 u128;

/* ---- forms --------------------------------------------------------------- */

/* Exact num/den of an exact fraction as bigs. */
void frac_exact_view(const struct rt_frac *f, struct big *num,
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
