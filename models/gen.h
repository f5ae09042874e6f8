/* gen.h - random task sets for schedulability experiments.
 *
 * Utilization vectors (sum exactly U before rounding, up to the double
 * rounding of the last component):
 *
 *   uunifast          Bini & Buttazzo 2005: uniform on the simplex
 *                     {u_i >= 0, sum u_i = U}; components may exceed the
 *                     per-task cap (no rejection).
 *   uunifast-discard  Davis & Burns 2009: UUniFast, vectors with any
 *                     u_i > cap redrawn (at most RT_GEN_DISCARD_TRIES
 *                     times, then RT_ERR_UNSUPPORTED): uniform on the
 *                     simplex cut by the cube [0, cap]^n.
 *   randfixedsum      Stafford 2006 / Emberson, Stafford & Davis 2010:
 *                     uniform on the same set, directly (no rejection),
 *                     for any 0 <= U <= n * cap.
 *   drs               Griffin, Bate & Davis 2020 (Dirichlet-Rescale,
 *                     gen_drs.c): uniform on {sum u_i = U, l_i <= u_i <=
 *                     h_i} with per-task bounds (default 0 and cap), for
 *                     any sum l <= U <= sum h.
 *
 * Periods: the multiples k g of the granularity g in [min, max], k in
 * [klo, khi] = [ceil(min / g), floor(max / g)] (none: refused):
 * log-uniform (Emberson et al. 2010: T = exp(U[ln(klo g),
 * ln((khi + 1) g))), T = floor(T / g) g, so every multiple has the mass
 * of its whole bin), uniform (k uniform in [klo, khi]: every multiple
 * equally likely), or drawn uniformly from a fixed set.
 *
 * Execution times C_i = ceil(u_i * T_i), at least 1 (or cmin) and at
 * most T_i, so
 * the realised utilization sum C_i / T_i is at least the target and
 * differs from it: callers report the realised value.  Deadlines:
 * implicit D = T; constrained D = C + floor(x (T - C + 1)) clamped to
 * [C, T], x ~ U[xmin, xmax] (schedcat's uniform_slack); arbitrary the
 * same without the clamp to T (x up to 2 gives D up to C + 2 (T - C)).
 *
 * Pure and reentrant: all randomness comes from the caller's rt_rng, so a
 * set is a function of (parameters, target, seed).  O(n) per vector except
 * randfixedsum, O(n^2) time and space (workspace from the caller), and
 * drs, O(n) per rescale.
 */
#ifndef RT_GEN_H
#define RT_GEN_H

#include <stdbool.h>
#include <stddef.h>

#include "models/rng.h"
#include "models/rt_err.h"
#include "models/task.h"

#define RT_GEN_DISCARD_TRIES 100000     /* uunifast-discard redraws at most */
#define RT_GEN_DRS_TRIES     1000       /* drs: draws that may fail to settle */
#define RT_GEN_DRS_RESCALES  1000       /* drs: rescales of one draw at most */
#define RT_GEN_MAX_TASKS     4096       /* n per set */

enum rt_gen_method {
	RT_GEN_UUNIFAST = 0,
	RT_GEN_UUNIFAST_DISCARD,
	RT_GEN_RANDFIXEDSUM,
	RT_GEN_DRS
};

enum rt_gen_periods {
	RT_GEN_PERIODS_LOG_UNIFORM = 0,
	RT_GEN_PERIODS_UNIFORM,
	RT_GEN_PERIODS_SET
};

enum rt_gen_deadlines {
	RT_GEN_DEADLINES_IMPLICIT = 0,
	RT_GEN_DEADLINES_CONSTRAINED,
	RT_GEN_DEADLINES_ARBITRARY
};

struct rt_gen_params {
	size_t ntasks;                  /* 1..RT_GEN_MAX_TASKS */
	enum rt_gen_method method;
	double cap;                     /* per-task utilization cap, (0, 1] */
	enum rt_gen_periods periods;
	rt_time pmin, pmax;             /* 1 <= pmin <= pmax (time units) */
	rt_time granularity;            /* >= 1, <= pmax */
	const rt_time *pset;            /* RT_GEN_PERIODS_SET: npset > 0
					 * periods > 0, borrowed */
	size_t npset;
	enum rt_gen_deadlines deadlines;
	double xmin, xmax;              /* deadline slack factor range,
					 * 0 <= xmin <= xmax (<= 1 for
					 * constrained) */
	rt_time cmin;                   /* least C (0 or 1: 1; linux-dl:
					 * 1024 ns, the kernel's least
					 * runtime); <= the least period */
	const double *lower, *upper;    /* drs: ntasks per-task bounds each,
					 * borrowed, or NULL (0, cap) */
};

/* "uunifast", "uunifast-discard", "randfixedsum", "drs" (and the other
 * enums). */
const char *rt_gen_method_name(enum rt_gen_method m);
const char *rt_gen_periods_name(enum rt_gen_periods p);
const char *rt_gen_deadlines_name(enum rt_gen_deadlines d);
bool rt_gen_method_from_name(const char *s, enum rt_gen_method *out);
bool rt_gen_periods_from_name(const char *s, enum rt_gen_periods *out);
bool rt_gen_deadlines_from_name(const char *s, enum rt_gen_deadlines *out);

/* Check p (and that 'total' is reachable when total >= 0: total <= n *
 * cap for the capped methods, within [sum lower, sum upper] for drs);
 * RT_ERR_INVAL naming the field. */
enum rt_err rt_gen_check(const struct rt_gen_params *p, double total,
			 struct rt_diag *d);

/* The slack range x ~ U[xmin, xmax] shapes constrained and arbitrary
 * deadlines only; with implicit deadlines (D = T) a range the caller was
 * given would do nothing: RT_ERR_INVAL "WHAT is for constrained and
 * arbitrary deadlines" ('what' names the setting as the caller's user
 * wrote it), else RT_OK.  The one check of the experiment loader and of
 * `dlsim gen`. */
enum rt_err rt_gen_slack_check(enum rt_gen_deadlines dl, const char *what,
			       struct rt_diag *d);

/* Workspace for rt_gen_taskset / rt_gen_util: reusable across calls with
 * the same or fewer tasks.  rt_gen_ws_fini(NULL) is a no-op. */
struct rt_gen_ws {
	size_t n;                       /* capacity in tasks */
	double *u;                      /* n */
	double *w, *t;                  /* randfixedsum tables, n (n + 1) each */
	double *v;                      /* drs scratch, 4 n */
};
enum rt_err rt_gen_ws_init(struct rt_gen_ws *ws, size_t n);
void rt_gen_ws_fini(struct rt_gen_ws *ws);

/* Draw n utilizations summing to 'total' into u[0..n) (ws->n >= n).
 * RT_ERR_UNSUPPORTED when uunifast-discard finds no vector within the
 * cap in RT_GEN_DISCARD_TRIES draws (drs: no draw settles in
 * RT_GEN_DRS_TRIES); RT_ERR_INVAL for a total out of range.  drs here
 * has the bounds [0, cap]. */
enum rt_err rt_gen_util(enum rt_gen_method m, size_t n, double total,
			double cap, struct rt_rng *r, struct rt_gen_ws *ws,
			double *u, struct rt_diag *d);

/* Dirichlet-Rescale (gen_drs.c): u[0..n) uniform on {sum u = total,
 * lower_i <= u_i <= upper_i}; lower NULL: 0, upper NULL: cap.  The sum is
 * total up to the double rounding of one component.  RT_ERR_INVAL for
 * bounds out of [0, 1], lower > upper or a total outside [sum lower, sum
 * upper]; RT_ERR_UNSUPPORTED when no draw settles. */
enum rt_err rt_gen_drs(size_t n, double total, const double *lower,
		       const double *upper, double cap, struct rt_rng *r,
		       struct rt_gen_ws *ws, double *u, struct rt_diag *d);
/* Its checks alone (total < 0: the bounds only); RT_ERR_INVAL naming the
 * task or the range. */
enum rt_err rt_gen_drs_check(size_t n, double total, const double *lower,
			     const double *upper, double cap,
			     struct rt_diag *d);

/* The least and the greatest period p draws (the extreme multiples of the
 * granularity in [pmin, pmax], or of the set); false when there is none
 * (no multiple of the granularity in [pmin, pmax], an empty set). */
bool rt_gen_period_range(const struct rt_gen_params *p, rt_time *lo,
			 rt_time *hi);

/* One period according to p (p passes rt_gen_check). */
rt_time rt_gen_period(const struct rt_gen_params *p, struct rt_rng *r);

/* Draw one task set of p->ntasks tasks aiming at utilization 'total' into
 * ts[0..n): C, D and T are set, every other field is left as it was
 * (start from rt_task_make(); a draw loop then rewrites only three
 * fields per task).  p must pass rt_gen_check.  Errors as rt_gen_util. */
enum rt_err rt_gen_taskset(const struct rt_gen_params *p, double total,
			   struct rt_rng *r, struct rt_gen_ws *ws,
			   struct rt_task *ts, struct rt_diag *d);

/* sum C_i / T_i in double (reporting, bins: see rt_gen_util_cmp). */
double rt_gen_realised(const struct rt_task *ts, size_t n);

/* Compare the exact utilization of ts with num / den (den > 0): -1, 0, 1.
 * Decided in double when the two are more than 1e-9 apart, else exactly
 * (frac.h).  RT_ERR_NOMEM / RT_ERR_OVERFLOW from the exact path. */
enum rt_err rt_gen_util_cmp(const struct rt_task *ts, size_t n, int64_t num,
			    int64_t den, int *cmp);

#endif /* RT_GEN_H */
