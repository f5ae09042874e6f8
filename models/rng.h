/* rng.h - xoshiro256** seeded by splitmix64 (Blackman & Vigna 2018).
 *
 * The only source of randomness in dlsim (never rand()).  The state is a
 * value the caller owns, so independent streams (one per task, one per
 * experiment sample) are reproducible whatever the order of use.
 */
#ifndef RT_RNG_H
#define RT_RNG_H

#include <stdint.h>

struct rt_rng {
	uint64_t s[4];          /* xoshiro256** state; never all zero */
};

/* Seed from one 64-bit value through splitmix64 (any seed is fine). */
void rt_rng_seed(struct rt_rng *r, uint64_t seed);
/* Derive an independent seed from (master, a, b): splitmix64 chaining. */
uint64_t rt_rng_derive(uint64_t master, uint64_t a, uint64_t b);
uint64_t rt_rng_next(struct rt_rng *r);
/* Uniform integer in [lo, hi] (lo <= hi), unbiased (rejection sampling). */
int64_t rt_rng_range(struct rt_rng *r, int64_t lo, int64_t hi);
/* Uniform double in [0, 1) with 53 random bits (generators only). */
double rt_rng_unit(struct rt_rng *r);

#endif /* RT_RNG_H */
