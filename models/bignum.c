/* bignum.c - fixed-size unsigned integers on GMP's mpn layer, for the
 * exact fractions of frac.c.
 *
 * A 'struct big' is a little-endian array of BIG_CAP 64-bit limbs with
 * 'n' in use (normalised: d[n-1] != 0, 0 for zero).  The limb arithmetic
 * is GMP's (mpn_add, mpn_add_1, mpn_mul, mpn_mul_1, mpn_divrem_1,
 * mpn_mod_1, mpn_tdiv_qr, mpn_get_str); these helpers only keep 'n'
 * normalised around the calls.  Cost: O(n) for additions and one-limb
 * operations, O(n m) for products and divisions at these sizes (GMP's
 * basecase; n, m <= BIG_CAP = 136 limbs).
 *
 * Why mpn on caller-owned arrays and not mpz (the GMP manual, section 13
 * "Custom Allocation"): mpz allocates through GMP's allocation functions,
 * which are process-wide (mp_set_memory_functions replaces them for every
 * GMP user in the process, and only while no GMP object exists -- a
 * library that others embed, next to their own GMP, cannot install its
 * own), and "there's currently no defined way for the allocation functions
 * to recover from an error such as out of memory, they must terminate
 * program execution; a longjmp ... will have undefined results".  dlsim's
 * library answers RT_ERR_NOMEM instead (tests/test_faults.c fails every
 * allocation in turn), and with fixed arrays adding a term never
 * allocates at all: the only allocation of a fraction is
 * rt_frac_create().  GMP's scratch space for these sizes (< 2 KiB) is on
 * the stack.  Speed does not decide it: measured on this machine, summing
 * 20 to 60 coprime ns-period utilizations (the BIG form) with mpq_add is
 * about 20 % faster than frac.c, three terms (the 128-bit SMALL form)
 * 30 % slower; and a sum reaches the BIG form only when its denominator
 * passes 128 bits, after the floating-point filter and the SMALL form.
 */
#include "models/bignum.h"

#include <string.h>

#if GMP_LIMB_BITS != 64 || GMP_NAIL_BITS != 0
#error "bignum.c assumes 64-bit GMP limbs without nails"
#endif

void big_norm(struct big *x)
{
	while (x->n && !x->d[x->n - 1])
		x->n--;
}

void big_set_u128(struct big *x, rt_u128 v)
{
	x->d[0] = (mp_limb_t)v;
	x->d[1] = (mp_limb_t)(v >> 64);
	x->n = 2;
	big_norm(x);
}

int big_cmp(const struct big *x, const struct big *y)
{
	if (x->n != y->n)
		return x->n < y->n ? -1 : 1;
	return x->n ? mpn_cmp(x->d, y->d, (mp_size_t)x->n) : 0;
}

/* r = x + y; r may alias x or y.  Caller guarantees capacity. */
void big_add(struct big *r, const struct big *x, const struct big *y)
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
void big_inc(struct big *x)
{
	if (!x->n) {
		x->d[0] = 1;
		x->n = 1;
	} else if (mpn_add_1(x->d, x->d, (mp_size_t)x->n, 1)) {
		x->d[x->n++] = 1;
	}
}

/* r = x * m; r may alias x. */
void big_mul_u64(struct big *r, const struct big *x, uint64_t m)
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
void big_mul(struct big *r, const struct big *x, const struct big *y)
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
uint64_t big_divmod_u64(struct big *q, const struct big *x, uint64_t m)
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
void big_shl_limbs(struct big *r, const struct big *x, size_t k)
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
void big_divmod(struct big *q, struct big *r, const struct big *x,
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
size_t big_to_dec(const struct big *x, char *out)
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
double big_to_double(const struct big *x, int *e)
{
	rt_u128 m;

	*e = 0;
	if (!x->n)
		return 0.0;
	if (x->n == 1)
		return (double)x->d[0];
	m = ((rt_u128)x->d[x->n - 1] << 64) | x->d[x->n - 2];
	*e = (int)(64 * (x->n - 2));
	return (double)m;
}
