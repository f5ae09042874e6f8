/* frac_int.h - the representation of struct rt_frac, private to
 * models/frac.c (arithmetic and comparisons) and models/frac_text.c
 * (decimal text and doubles).  See frac.c for the three forms. */
#ifndef RT_FRAC_INT_H
#define RT_FRAC_INT_H

#include "models/bignum.h"
#include "models/frac.h"

#define FRAC_LIMBS  (RT_FRAC_MAX_BITS / 64)     /* cap of an exact p or q */
#define FRAC_SHIFT  128                         /* APPROX fraction bits */

enum frac_form { FRAC_SMALL, FRAC_BIG, FRAC_APPROX };

struct rt_frac {
	enum frac_form form;
	rt_u128 num, den;               /* SMALL: reduced, den > 0 */
	struct big a, b;                /* BIG: num, den; APPROX: lo, hi */
};

/* Exact num/den of a SMALL or BIG fraction as bigs (frac.c). */
void frac_exact_view(const struct rt_frac *f, struct big *num,
		     struct big *den);

#endif /* RT_FRAC_INT_H */
