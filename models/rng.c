/* rng.c - xoshiro256** 1.0 and splitmix64, public-domain algorithms by
 * D. Blackman and S. Vigna ("Scrambled linear pseudorandom number
 * generators", ACM TOMS 2021), re-implemented from the paper. */
#include "models/rng.h"

#include <assert.h>

static uint64_t rng_splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static inline uint64_t rng_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

void rt_rng_seed(struct rt_rng *r, uint64_t seed)
{
	uint64_t x = seed;

	for (int i = 0; i < 4; i++)
		r->s[i] = rng_splitmix64(&x);
	if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3]))
		r->s[0] = 1;
}

uint64_t rt_rng_derive(uint64_t master, uint64_t a, uint64_t b)
{
	uint64_t x = master;
	uint64_t h = rng_splitmix64(&x);

	x = h ^ a;
	h = rng_splitmix64(&x);
	x = h ^ b;
	return rng_splitmix64(&x);
}

uint64_t rt_rng_next(struct rt_rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rng_rotl(s[3], 45);
	return result;
}

int64_t rt_rng_range(struct rt_rng *r, int64_t lo, int64_t hi)
{
	uint64_t span = (uint64_t)hi - (uint64_t)lo;     /* hi - lo, mod 2^64 */
	uint64_t x, limit;

	assert(lo <= hi);
	if (span == UINT64_MAX)
		return (int64_t)rt_rng_next(r);
	span++;
	/* Reject the top partial bucket so every value is equally likely. */
	limit = UINT64_MAX - (UINT64_MAX % span);
	do
		x = rt_rng_next(r);
	while (x >= limit);
	return (int64_t)((uint64_t)lo + x % span);
}

double rt_rng_unit(struct rt_rng *r)
{
	return (double)(rt_rng_next(r) >> 11) * 0x1.0p-53;
}
