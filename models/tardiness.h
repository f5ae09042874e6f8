/* tardiness.h - soft real-time bounds for global EDF (docs/theory.md §D.1, D.2).
 *
 * Upper bounds on tardiness (max(0, finish - deadline)) and response time
 * (finish - release) of every job under preemptive global EDF on m CPUs,
 * for task sets that may miss deadlines but whose tardiness is bounded:
 * U <= m and every C_i <= T_i (sequential jobs).
 *
 * - Devi & Anderson (D.1): implicit deadlines; one x for all tasks,
 *   tardiness_i <= x + C_i, response_i <= D_i + C_i + x.
 * - Compliant-vector analysis (D.2, Erickson, Devi, Baruah 2010 with the
 *   piecewise-linear solution of Erickson, Guan, Baruah 2010, schedcat
 *   gel_pl): any deadlines, a response bound R_i per task, usually
 *   tighter; tardiness_i <= max(0, R_i - D_i).
 *
 * Exact integer/rational arithmetic (see analysis_global.h, rt_qsum): the
 * bounds are the exact ceilings of the formulas.  RT_ERR_OVERFLOW when an
 * intermediate or a bound does not fit (never a wrapped value),
 * RT_ERR_UNSUPPORTED when models/frac.h cannot decide a comparison,
 * RT_ERR_INVAL for tasks with C, D or T <= 0 or m == 0.  Output arrays
 * are written on RT_OK with status BOUNDED only.
 */
#ifndef RT_TARDINESS_H
#define RT_TARDINESS_H

#include <stddef.h>

#include "models/rt_err.h"
#include "models/rt_time.h"
#include "models/task.h"

enum rt_tard_status {
	RT_TARD_BOUNDED = 0,    /* bounds computed */
	RT_TARD_UNBOUNDED,      /* U > m or some C_i > T_i: no bound exists */
	RT_TARD_NA              /* the analysis does not cover this set */
};

struct rt_tard_result {
	enum rt_tard_status status;
	rt_time x;              /* Devi-Anderson x; -1 for CVA or if not
				 * bounded */
	const char *why;        /* static reason unless BOUNDED, else "" */
};

/* Devi & Anderson's x (docs/theory.md §D.1; schedcat da.tardiness_x):
 *   Lambda = ceil(U) - 1, E = sum of the Lambda largest C_i,
 *   V = sum of the Lambda - 1 largest u_i, x = ceil(max(0, E - C_min) / (m - V)),
 * x = 0 for m = 1 and U <= 1.  Needs implicit deadlines (D_i == T_i;
 * status NA otherwise).  tard, resp (each NULL or n entries) receive
 * x + C_i and D_i + C_i + x. */
enum rt_err rt_tard_devi_anderson(const struct rt_task *ts, size_t n,
				  unsigned m, struct rt_tard_result *r,
				  rt_time *tard, rt_time *resp,
				  struct rt_diag *d);

/* Compliant-vector response bounds for G-EDF (docs/theory.md §D.2; schedcat
 * gel_pl.compute_response_bounds with priority points Y_i = D_i, exact
 * root).  resp[i] = R_i, tard[i] = max(0, R_i - D_i) (each NULL or n
 * entries).  Works for any deadlines and m >= 1. */
enum rt_err rt_tard_cva(const struct rt_task *ts, size_t n, unsigned m,
			struct rt_tard_result *r, rt_time *tard, rt_time *resp,
			struct rt_diag *d);

#endif /* RT_TARDINESS_H */
