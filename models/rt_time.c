/* rt_time.c - exact decimal text for times (see rt_time.h). */
#include "models/rt_time.h"

#include <inttypes.h>
#include <stdio.h>

int rt_time_format(char *buf, size_t n, rt_time t, rt_time scale)
{
	uint64_t mag = t < 0 ? (uint64_t)0 - (uint64_t)t : (uint64_t)t;
	uint64_t sc = scale > 0 ? (uint64_t)scale : 1;
	uint64_t ip = mag / sc, frac = mag % sc;
	char digits[24];
	int nd = 0;

	if (!frac)
		return snprintf(buf, n, "%s%" PRIu64, t < 0 ? "-" : "", ip);
	/* fractional digits of frac / sc, exactly: sc need not be 10^k */
	while (frac && nd < 18) {
		frac *= 10;
		digits[nd++] = (char)('0' + frac / sc);
		frac %= sc;
	}
	digits[nd] = '\0';
	return snprintf(buf, n, "%s%" PRIu64 ".%s", t < 0 ? "-" : "", ip,
			digits);
}
