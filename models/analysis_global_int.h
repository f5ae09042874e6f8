/* analysis_global_int.h - private helpers of the global EDF tests, shared
 * by models/analysis_global*.c only (not part of the library API).
 *
 * Checked 128-bit arithmetic (inline), and the context every test runs in
 * (struct gctx): the task set, the work budget, a scratch rt_qsum and the
 * common preconditions.  A test's skeleton is
 *
 *     gl_ctx_init(&c, "BAR", ts, n, m, budget, d);
 *     err = gl_begin(&c, &r, constrained_only, &done);
 *     if (err || done)
 *             return gl_end(&c, &r, out, err);
 *     ... its formula, charging work with gl_charge() ...
 *     return gl_end(&c, &r, out, err);
 *
 * See analysis_global.h for the rules every test follows (docs/theory.md §B).
 */
#ifndef RT_ANALYSIS_GLOBAL_INT_H
#define RT_ANALYSIS_GLOBAL_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/analysis_global.h"

typedef rt_i128 i128;
typedef rt_u128 u128;

#define I128_MAX ((i128)(~(u128)0 >> 1))

/* ---- checked 128-bit helpers -------------------------------------------- */

static inline bool mul_ok(i128 a, i128 b, i128 *out)
{
	return !__builtin_mul_overflow(a, b, out);
}

static inline bool add_ok(i128 a, i128 b, i128 *out)
{
	return !__builtin_add_overflow(a, b, out);
}

/* floor(a / b) for b > 0 (C's '/' truncates toward zero). */
static inline i128 fdiv(i128 a, i128 b)
{
	i128 q = a / b;

	return (a % b != 0 && a < 0) ? q - 1 : q;
}

static inline i128 imin(i128 a, i128 b)
{
	return a < b ? a : b;
}

static inline i128 imax(i128 a, i128 b)
{
	return a > b ? a : b;
}

/* ---- the test context (analysis_global.c) ------------------------------- */

struct gctx {
	const char *test;               /* "BAR", for messages */
	const struct rt_task *ts;
	size_t n;
	unsigned m;
	uint64_t budget;                /* steps allowed */
	uint64_t used;                  /* steps spent */
	struct rt_diag *d;
	struct rt_qsum q;               /* scratch exact sum */
	int ucmp;                       /* sign(U - m), set by gl_begin() */
	double ud, yd;                  /* U and Y = sum u_i (T_i - D_i)^+ in
					 * double, set by gl_u_cmp_m(): filters
					 * and starting guesses only */
};

/* No memory yet; gl_end() (or rt_qsum_free(&c->q)) releases the scratch. */
void gl_ctx_init(struct gctx *c, const char *test,
		 const struct rt_task *ts, size_t n, unsigned m,
		 uint64_t budget, struct rt_diag *d);
/* Spend k steps; false once the budget is exhausted. */
bool gl_charge(struct gctx *c, uint64_t k);
/* RT_ERR_UNSUPPORTED / RT_ERR_OVERFLOW with a diagnostic naming the test. */
enum rt_err gl_over_budget(struct gctx *c);
enum rt_err gl_overflow(struct gctx *c, const char *what);
/* Sign of the scratch sum; add num/den to it (diagnostics on error). */
enum rt_err gl_sign(struct gctx *c, const char *what, int *sign);
enum rt_err gl_add(struct gctx *c, i128 num, int64_t den);
/* m >= 1, a task array if n > 0, every C, D, T > 0 (RT_ERR_INVAL). */
enum rt_err gl_check_tasks(const struct rt_task *ts, size_t n, unsigned m,
			   const char *test, struct rt_diag *d);
/* sign(U - m), exact (a floating-point filter, then the scratch sum);
 * also sets c->ud and c->yd. */
enum rt_err gl_u_cmp_m(struct gctx *c, int *sign);
/* Accept, no task, no witness, no steps, why "". */
void gl_result_init(struct rt_global_result *r);
/* Validate and decide what needs no formula; *done: r is final. */
enum rt_err gl_begin(struct gctx *c, struct rt_global_result *r,
		     bool constrained_only, bool *done);
/* Record steps, release the scratch sum, copy r to *out on success. */
enum rt_err gl_end(struct gctx *c, struct rt_global_result *r,
		   struct rt_global_result *out, enum rt_err err);

/* ---- shared by several tests -------------------------------------------- */

/* analysis_global_density.c: index of the largest density C_j/min(D_j,
 * T_j) (first on ties). */
size_t gl_max_density(const struct rt_task *ts, size_t n);

/* analysis_global_rta.c: rt_global_rta() with the 128-bit words forced
 * when 'wide' (otherwise 64-bit words whenever the parameters allow), so
 * that tests can hold the two against each other. */
enum rt_err gl_rta_words(const struct rt_task *ts, size_t n, unsigned m,
			 unsigned rounds, uint64_t budget, bool wide,
			 rt_time *resp, struct rt_global_result *out,
			 struct rt_diag *d);

/* analysis_global_load.c: the largest integer x >= lo with (m - U) x - Y -
 * R <= 0 (< 0 if strict); U < m and c->ud, c->yd set (gl_u_cmp_m). */
enum rt_err gl_lin_last(struct gctx *c, i128 R, rt_time lo, bool strict,
			rt_time *out, bool *found);

#endif /* RT_ANALYSIS_GLOBAL_INT_H */
