/* bignum.h - fixed-size unsigned integers on GMP's mpn layer (bignum.c),
 * private to models/frac*.c.
 *
 * Every function works on caller-owned 'struct big' values and never
 * allocates or fails; the caller guarantees that results fit BIG_CAP
 * limbs (frac.c keeps exact numerators and denominators below
 * RT_FRAC_MAX_BITS, so their products and shifts fit).
 */
#ifndef RT_BIGNUM_H
#define RT_BIGNUM_H

#include <stddef.h>
#include <stdint.h>

#include <gmp.h>

#include "models/frac.h"
#include "models/rt_time.h"

#define BIG_CAP     (2 * (RT_FRAC_MAX_BITS / 64) + 8)   /* products, shifts */
#define DEC_MAX     (BIG_CAP * 20 + 4)          /* decimal digits of a big */

struct big {
	size_t n;                       /* limbs in use; d[n-1] != 0; 0 = zero */
	mp_limb_t d[BIG_CAP];           /* little endian */
};

/* Drop leading zero limbs. */
void big_norm(struct big *x);
/* x = v. */
void big_set_u128(struct big *x, rt_u128 v);
/* <0, 0, >0 as x <, ==, > y. */
int big_cmp(const struct big *x, const struct big *y);
/* r = x + y; r may alias x or y. */
void big_add(struct big *r, const struct big *x, const struct big *y);
/* x += 1. */
void big_inc(struct big *x);
/* r = x * m; r may alias x. */
void big_mul_u64(struct big *r, const struct big *x, uint64_t m);
/* r = x * y; r must not alias x or y; x->n + y->n <= BIG_CAP. */
void big_mul(struct big *r, const struct big *x, const struct big *y);
/* q = x / m (q may alias x, or be NULL); returns x mod m.  m > 0. */
uint64_t big_divmod_u64(struct big *q, const struct big *x, uint64_t m);
/* r = x * 2^(64*k); r may alias x. */
void big_shl_limbs(struct big *r, const struct big *x, size_t k);
/* q = floor(x / y), r = x mod y (y > 0); q, r distinct from x, y and
 * from each other. */
void big_divmod(struct big *q, struct big *r, const struct big *x,
		const struct big *y);
/* Decimal digits of x into out (NUL-terminated, room for DEC_MAX);
 * returns the length. */
size_t big_to_dec(const struct big *x, char *out);
/* x ~ (returned mantissa) * 2^*e from the top 128 bits, for doubles. */
double big_to_double(const struct big *x, int *e);

#endif /* RT_BIGNUM_H */
