/* frac_text.c - exact fractions as text and as doubles: "p/q", a
 * correctly rounded decimal, and the nearest double (reporting only).
 *
 * "p/q" and the decimal come from the exact numerator and denominator
 * (bignum.c's conversion to decimal, O(limbs^2)); an enclosure (a
 * fraction past RT_FRAC_MAX_BITS, see frac.c) prints as "~" and its lower
 * bound, which never parses as "p/q".  No allocation: the digit buffers
 * are on the stack (DEC_MAX).
 */
#include "models/frac.h"

#include <math.h>
#include <string.h>

#include "models/frac_int.h"

typedef rt_u128 u128;

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
