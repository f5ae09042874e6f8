/* frac.h - exact non-negative rationals for utilization and density.
 *
 * U = sum C_i/T_i and Lambda = sum C_i/min(D_i, T_i) must be compared with
 * bounds exactly (THEORY 0.2: a double sum gets {(1,2),(1,2),(1,2^60)}
 * wrong).  A fraction is kept reduced in 128-bit numerator/denominator; when
 * a sum would overflow 128 bits it falls back to arbitrary precision, so
 * results are always exact (only slower).
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

/* Compare f with a/b (a >= 0, b > 0): <0, 0, >0. */
int rt_frac_cmp(const struct rt_frac *f, int64_t a, int64_t b);
/* Compare f with g exactly. */
int rt_frac_cmp_frac(const struct rt_frac *f, const struct rt_frac *g);

/* Write "p/q" (reduced; "0/1" for zero, "3/1" for integers) into buf.
 * Returns the length needed (like snprintf); truncates if len is short. */
size_t rt_frac_format(const struct rt_frac *f, char *buf, size_t len);

/* Nearest double (reporting only, never for a decision). */
double rt_frac_to_double(const struct rt_frac *f);

/* U = sum C_i/T_i and Lambda = sum C_i/min(D_i,T_i) of a task set, as new
 * fractions owned by the caller (*out untouched on failure). */
enum rt_err rt_frac_utilization(const struct rt_task *ts, size_t n,
				struct rt_frac **out);
enum rt_err rt_frac_density(const struct rt_task *ts, size_t n,
			    struct rt_frac **out);

#endif /* RT_FRAC_H */
