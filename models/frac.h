/* frac.h - exact non-negative rationals for utilization and density.
 *
 * U = sum C_i/T_i and Lambda = sum C_i/min(D_i, T_i) must be compared with
 * bounds exactly (docs/theory.md §0.2: a double sum gets {(1,2),(1,2),(1,2^60)}
 * wrong).  A fraction is kept reduced in 128-bit numerator/denominator; when
 * a sum would overflow 128 bits it falls back to arbitrary precision, so
 * results stay exact (only slower) up to the size cap below.
 *
 * Size cap (see frac.c): the arbitrary-precision form holds numerators and
 * denominators of up to RT_FRAC_MAX_BITS bits (the denominator divides the
 * lcm of the periods, so this covers e.g. 60+ pairwise coprime 63-bit
 * periods, or any number of periods that share their factors).  Past the
 * cap the fraction becomes an *enclosure* [lo, hi] with 128 fraction bits
 * (rt_frac_is_exact() turns false): every comparison that the enclosure
 * decides is still exact, and one it cannot decide (the value equals the
 * bound, or lies within ~2^-100 of it) is reported as RT_ERR_UNSUPPORTED by
 * rt_frac_compare()/rt_frac_compare_frac() -- never a wrong answer.
 */
#ifndef RT_FRAC_H
#define RT_FRAC_H

#include <stdbool.h>
#include <stddef.h>

#include "models/rt_err.h"
#include "models/rt_time.h"
#include "models/task.h"

struct rt_frac;                 /* opaque; see frac.c */

/* New fraction 0/1.  NULL on allocation failure. */
struct rt_frac *rt_frac_create(void);
void rt_frac_destroy(struct rt_frac *f);        /* NULL is a no-op */

/* f += num/den (num >= 0, den > 0).  On failure f is unchanged. */
enum rt_err rt_frac_add(struct rt_frac *f, int64_t num, int64_t den);

/* Compare f with a/b (a >= 0, b > 0): <0, 0, >0.  Exact whenever
 * rt_frac_compare() would succeed; when it could not decide (inexact f,
 * see above) this returns RT_FRAC_UNDECIDED, which is > 0: "U <= bound"
 * style callers then refuse, the safe side.  Use rt_frac_compare() to tell
 * the cases apart. */
int rt_frac_cmp(const struct rt_frac *f, int64_t a, int64_t b);
/* Compare f with g exactly; RT_FRAC_UNDECIDED as above. */
int rt_frac_cmp_frac(const struct rt_frac *f, const struct rt_frac *g);

#define RT_FRAC_UNDECIDED 2             /* rt_frac_cmp*: could not decide */
#define RT_FRAC_MAX_BITS  4096          /* exact-form cap (bits of p or q) */

/* Checked comparisons: *out = sign(f - a/b) (resp. sign(f - g)).
 * RT_ERR_UNSUPPORTED (out untouched) when an inexact operand leaves the
 * answer open; RT_ERR_INVAL for a < 0 or b <= 0. */
enum rt_err rt_frac_compare(const struct rt_frac *f, int64_t a, int64_t b,
			    int *out);
enum rt_err rt_frac_compare_frac(const struct rt_frac *f,
				 const struct rt_frac *g, int *out);

/* False once f outgrew RT_FRAC_MAX_BITS and is only an enclosure. */
bool rt_frac_is_exact(const struct rt_frac *f);

/* f += num/den for a 128-bit numerator (num >= 0, den > 0). */
enum rt_err rt_frac_add_wide(struct rt_frac *f, rt_u128 num, int64_t den);

/* One term num/den of a sum (num >= 0, den > 0). */
struct rt_frac_term {
	rt_u128 num;            /* numerator, >= 0 */
	int64_t den;            /* denominator, > 0 */
};

/* *out = sum of the n terms as a new fraction owned by the caller.  Sorts
 * 'terms' by denominator in place and adds equal-denominator numerators
 * first, so n can be large (10^6 terms: one sort plus one exact addition
 * per distinct denominator).  *out untouched on failure. */
enum rt_err rt_frac_sum(struct rt_frac_term *terms, size_t n,
			struct rt_frac **out);

/* Write "p/q" (reduced; "0/1" for zero, "3/1" for integers) into buf.
 * Returns the length needed (like snprintf); truncates if len is short.
 * An inexact fraction prints as "~" and its lower bound truncated to 18
 * decimals ("~0.937500000000000000"), which never parses as "p/q". */
size_t rt_frac_format(const struct rt_frac *f, char *buf, size_t len);

/* The value as a decimal correctly rounded (half up) to 'sig'
 * significant digits, without exponent ("0.0000123457", "1.33333",
 * "12345.7"); an inexact fraction prints as rt_frac_format does.  Returns
 * the length needed, like rt_frac_format. */
size_t rt_frac_format_decimal(const struct rt_frac *f, unsigned sig,
			      char *buf, size_t len);

/* Nearest double (reporting only, never for a decision). */
double rt_frac_to_double(const struct rt_frac *f);

/*
 * Floating-point filter in front of an exact comparison of s with b.  The
 * caller computes s and b in double from n terms such that
 *
 *     |s - S| + |b - B| <= (n + 8) u max(s, b),   u = 2^-53,
 *
 * where S and B are the exact values (e.g. s a recursive sum of n
 * non-negative terms, each formed from a few int64 -> double conversions,
 * one product and one quotient: relative error below 6u a term, (n - 1)u
 * for the summation; Higham, Accuracy and Stability of Numerical
 * Algorithms, 2002, 4.2).  Outside the margin (n + 8) 2^-50 max(s, b),
 * eight times that bound, the sign of s - b is the sign of S - B: *cmp is
 * set and true returned.  Inside it false: decide exactly (this file).
 * Experiments run millions of sets, and nearly every comparison is far
 * from its bound.
 */
static inline bool rt_frac_filter(double s, double b, size_t n, int *cmp)
{
	double m = (double)(n + 8) * 0x1p-50 * (s > b ? s : b);

	if (s > b + m) {
		*cmp = 1;
		return true;
	}
	if (s < b - m) {
		*cmp = -1;
		return true;
	}
	return false;
}

/* U = sum C_i/T_i and Lambda = sum C_i/min(D_i,T_i) of a task set, as new
 * fractions owned by the caller (*out untouched on failure).  RT_ERR_INVAL
 * if some C_i < 0 or T_i, D_i <= 0; RT_ERR_NOMEM. */
enum rt_err rt_frac_utilization(const struct rt_task *ts, size_t n,
				struct rt_frac **out);
enum rt_err rt_frac_density(const struct rt_task *ts, size_t n,
			    struct rt_frac **out);

#endif /* RT_FRAC_H */
