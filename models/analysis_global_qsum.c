/* analysis_global_qsum.c - exact signs of sums of fractions (rt_qsum).
 *
 * A sum of terms num_j/den_j (128-bit signed numerators, positive 64-bit
 * denominators) is kept as two arrays, positive terms and magnitudes of
 * negative ones.  Its sign is first read off a fixed-point enclosure with
 * 64 fraction bits (O(terms), width <= terms * 2^-64), which decides
 * every sum not within that width of 0; only the rest (typically the
 * equality cases the tests must accept, docs/theory.md §B.1 gfb_tight) is
 * recomputed exactly as two rt_frac sums (models/frac.h), which can
 * answer RT_ERR_UNSUPPORTED but never a wrong sign.  Used by every global
 * test (U vs m, Lambda, BAK's beta sums, the interval bounds), by
 * tardiness.c and by partition.c.
 */
#include "models/analysis_global_int.h"

#include "models/frac.h"
#include "models/mem.h"

#define TWO64    ((i128)1 << 64)

void rt_qsum_init(struct rt_qsum *q)
{
	q->pos = NULL;
	q->neg = NULL;
	q->npos = 0;
	q->nneg = 0;
	q->cap = 0;
}

void rt_qsum_free(struct rt_qsum *q)
{
	rt_free(q->pos);
	rt_free(q->neg);
	rt_qsum_init(q);
}

void rt_qsum_clear(struct rt_qsum *q)
{
	q->npos = 0;
	q->nneg = 0;
}

enum rt_err rt_qsum_add(struct rt_qsum *q, i128 num, int64_t den)
{
	bool neg = num < 0;
	size_t *used = neg ? &q->nneg : &q->npos;
	struct rt_frac_term *arr;

	if (den <= 0 || num == -I128_MAX - 1)
		return RT_ERR_INVAL;
	if (!num)
		return RT_OK;
	if (*used == q->cap) {
		size_t cap = q->cap ? 2 * q->cap : 16;
		struct rt_frac_term *p, *g;

		p = rt_reallocarray(q->pos, cap, sizeof(*p));
		if (!p)
			return RT_ERR_NOMEM;
		q->pos = p;             /* larger, still valid at old cap */
		g = rt_reallocarray(q->neg, cap, sizeof(*g));
		if (!g)
			return RT_ERR_NOMEM;
		q->neg = g;
		q->cap = cap;
	}
	arr = neg ? q->neg : q->pos;
	arr[*used].num = neg ? (u128)-num : (u128)num;
	arr[*used].den = den;
	(*used)++;
	return RT_OK;
}

/*
 * Enclosure of s * sum_j c_j/d_j (s = +1 or -1) in fixed point:
 *
 *     c/d = qt + r/d,  qt = floor(c/d),  f = floor(r * 2^64 / d),
 *     qt + f/2^64  <=  c/d  <=  qt + (f + [r != 0])/2^64
 *
 * accumulated as *w (whole units) and *lo, *hi (units of 2^-64).  r < d <
 * 2^63, so r * 2^64 < 2^127; qt < 2^127.  *lo, *hi stay within n * 2^64.
 * False if the whole part overflows 128 bits (caller goes exact).
 */
static bool qsum_enclose(const struct rt_frac_term *t, size_t n, int s,
			 i128 *w, i128 *lo, i128 *hi)
{
	for (size_t j = 0; j < n; j++) {
		u128 d = (u128)t[j].den, qt = t[j].num / d, r = t[j].num % d;
		i128 f = r ? (i128)((r << 64) / d) : 0, g = r ? f + 1 : f;

		if (qt > (u128)I128_MAX)
			return false;
		if (s > 0) {
			if (!add_ok(*w, (i128)qt, w))
				return false;
			*lo += f;
			*hi += g;
		} else {
			if (!add_ok(*w, -(i128)qt, w))
				return false;
			*lo -= g;
			*hi -= f;
		}
	}
	return true;
}

/* floor(x / 2^64) for |x| small (no shift of negative values). */
static i128 floor_two64(i128 x)
{
	return x >= 0 ? x / TWO64 : -((-x + TWO64 - 1) / TWO64);
}

enum rt_err rt_qsum_sign(struct rt_qsum *q, int *sign)
{
	struct rt_frac *p = NULL, *m = NULL;
	i128 w = 0, lo = 0, hi = 0;
	enum rt_err err;
	int c;

	if (qsum_enclose(q->pos, q->npos, 1, &w, &lo, &hi) &&
	    qsum_enclose(q->neg, q->nneg, -1, &w, &lo, &hi)) {
		i128 lw = w + floor_two64(lo), lrem = lo - floor_two64(lo) * TWO64;
		i128 hw = w + floor_two64(hi);

		if (lo == hi) {                 /* every term was an integer */
			*sign = (w > 0) - (w < 0);
			return RT_OK;
		}
		if (lw >= 1 || (lw == 0 && lrem > 0)) {
			*sign = 1;
			return RT_OK;
		}
		if (hw <= -1) {
			*sign = -1;
			return RT_OK;
		}
	}
	/* Too close to 0 for the enclosure: exact sums of both parts. */
	err = rt_frac_sum(q->pos, q->npos, &p);
	if (!err)
		err = rt_frac_sum(q->neg, q->nneg, &m);
	if (!err)
		err = rt_frac_compare_frac(p, m, &c);
	rt_frac_destroy(p);
	rt_frac_destroy(m);
	if (!err)
		*sign = c;
	return err;
}
