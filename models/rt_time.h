/* rt_time.h - simulated time: signed 64-bit integers, overflow checked.
 *
 * One unit is one abstract tick (time_unit: tick) or one nanosecond
 * (time_unit: ns|us|ms|s; converted once, at load time).  Time never wraps:
 * 2^63 ns is ~292 years, so a plain '<' is correct, and every add/multiply
 * that could overflow goes through the checked helpers below, which leave
 * *out untouched and return false on overflow (musl style: check, then
 * compute).  Exact comparisons of fractions use 128-bit products.
 */
#ifndef RT_TIME_H
#define RT_TIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef int64_t rt_time;                /* ticks or ns since simulation start */
__extension__ typedef __int128 rt_i128;         /* exact intermediates */
__extension__ typedef unsigned __int128 rt_u128;

#define RT_TIME_NEVER   INT64_MAX       /* "no such instant"; never add to it */
#define RT_TIME_MAX     (INT64_MAX - 1) /* largest real instant */

#define RT_NSEC_PER_USEC 1000LL
#define RT_NSEC_PER_MSEC 1000000LL
#define RT_NSEC_PER_SEC  1000000000LL

/* *out = a + b; false (and *out untouched) on overflow or if the result
 * would be RT_TIME_NEVER. */
static inline bool rt_time_add(rt_time a, rt_time b, rt_time *out)
{
	rt_time r;

	if (__builtin_add_overflow(a, b, &r) || r == RT_TIME_NEVER)
		return false;
	*out = r;
	return true;
}

/* *out = a - b; false (and *out untouched) on overflow. */
static inline bool rt_time_sub(rt_time a, rt_time b, rt_time *out)
{
	rt_time r;

	if (__builtin_sub_overflow(a, b, &r) || r == RT_TIME_NEVER)
		return false;
	*out = r;
	return true;
}

/* *out = a * b; false (and *out untouched) on overflow. */
static inline bool rt_time_mul(rt_time a, rt_time b, rt_time *out)
{
	rt_time r;

	if (__builtin_mul_overflow(a, b, &r) || r == RT_TIME_NEVER)
		return false;
	*out = r;
	return true;
}

/*
 * Compare a/b with c/d exactly (b, d > 0): returns <0, 0, >0.
 * Cross-multiplied, a*d vs c*b, in 128 bits: operands are < 2^63 so each
 * product is < 2^126 and cannot overflow.
 */
static inline int rt_frac_cmp64(int64_t a, int64_t b, int64_t c, int64_t d)
{
	rt_i128 l = (rt_i128)a * d, r = (rt_i128)c * b;

	return (l > r) - (l < r);
}

/* Greatest common divisor (Euclid); rt_gcd64(x, 0) = x. */
static inline uint64_t rt_gcd64(uint64_t x, uint64_t y)
{
	while (y) {
		uint64_t r = x % y;

		x = y;
		y = r;
	}
	return x;
}

/* Floor division for b > 0 (C's '/' truncates toward zero). */
static inline int64_t rt_floor_div(int64_t a, int64_t b)
{
	int64_t q = a / b;

	return (a % b != 0 && a < 0) ? q - 1 : q;
}

/* Ceiling division for b > 0. */
static inline int64_t rt_ceil_div(int64_t a, int64_t b)
{
	int64_t q = a / b;

	return (a % b != 0 && a > 0) ? q + 1 : q;
}

/* Write t / scale as an exact decimal ("12", "2.5", "-0.001"): no trailing
 * zeros, no exponent, at most 18 fractional digits (exact whenever scale
 * divides a power of ten up to 10^18, as every time unit does).  scale < 1
 * counts as 1.  Returns snprintf's result.  The one time formatter of
 * every text output (CLI tables, chart labels, messages). */
int rt_time_format(char *buf, size_t n, rt_time t, rt_time scale);

#endif /* RT_TIME_H */
