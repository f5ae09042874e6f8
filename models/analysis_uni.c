/* analysis_uni.c - uniprocessor EDF analysis: the frame every test shares,
 * the demand bound function and the utilization and density tests
 * (docs/theory.md §A.1-A.3).
 *
 * Model: sporadic tasks tau_i = (C_i, D_i, T_i) on one preemptive CPU,
 * integer time (ticks or ns), arbitrary deadlines (D < C allowed: such a
 * set is unschedulable, nothing special happens).  Notation as
 * docs/theory.md §0.1: u_i = C_i/T_i, U = sum u_i, h(t) = dbf(t) the
 * demand bound function, 'D-set' = absolute deadlines k*T_i + D_i (k >= 0)
 * of the synchronous arrival sequence.
 *
 * The analysis lives one concept a file: this one (the step budget of a
 * call, the task check, h(t), U and density against 1, the start PDC and
 * QPA share), analysis_uni_busy.c (busy period, L_a, the testing
 * interval), analysis_uni_pdc.c (the scan of the deadlines below L: PDC),
 * analysis_uni_qpa.c (QPA), analysis_uni_tardiness.c (the exact maximum
 * tardiness, Spuri's response times, the tardiness bounds of one CPU);
 * analysis_uni_int.h is their shared table of contents.
 *
 * Arithmetic (all files): all times are rt_time; anything that multiplies
 * or sums them is done in 128 bits (rt_i128) and checked against
 * RT_TIME_MAX before it is narrowed.  Rationals (U, L_a) go through
 * models/frac.h.  No floating point decides anything (doubles are the
 * filter of frac.h and a *starting guess* for the exact search of
 * ceil(L_a)).
 *
 * Complexity: dbf O(n); U, density O(n log n) (O(n) when the filter
 * decides).  The others are in their files; the pseudo-polynomial ones
 * are capped by a step budget (analysis_uni.h).
 */
#include "models/analysis_uni_int.h"

#include "models/frac.h"

void uni_ctx_init(struct uni_ctx *c, const struct rt_task *ts, size_t n,
		  uint64_t budget, struct rt_diag *d)
{
	c->ts = ts;
	c->n = n;
	c->budget = budget;
	c->used = 0;
	c->d = d;
}

/* Spend k steps; false once the budget is exhausted. */
bool uni_charge(struct uni_ctx *c, uint64_t k)
{
	if (k > c->budget - c->used)
		return false;
	c->used += k;
	return true;
}

enum rt_err uni_over(struct uni_ctx *c, const char *what)
{
	return rt_diagf(c->d, RT_ERR_UNSUPPORTED,
			"too large: %s needs more than %llu steps for %zu tasks "
			"(budget exhausted)", what,
			(unsigned long long)c->budget, c->n);
}

const char *rt_verdict_name(enum rt_verdict v)
{
	switch (v) {
	case RT_VERDICT_ACCEPT:
		return "accept";
	case RT_VERDICT_REJECT:
		return "reject";
	case RT_VERDICT_NA:
		break;
	}
	return "n/a";
}

/* C, D, T > 0 for every task (task.h invariants relevant here). */
enum rt_err uni_check(const struct rt_task *ts, size_t n,
		      struct rt_diag *d)
{
	return rt_tasks_check_cdt(ts, n, d);
}

/*
 * Demand bound function (docs/theory.md §A.3; Baruah, Rosier, Howell 1990):
 *
 *     h(t) = sum_i dbf_i(t),  dbf_i(t) = 0                          if t < D_i
 *                                      = (floor((t-D_i)/T_i) + 1) * C_i  else
 *
 * The t < D_i guard comes first, so the division only sees t - D_i >= 0
 * and C's truncation equals floor.  Units: the task's time unit.  Each
 * product is < 2^63 * 2^63 = 2^126 in 128 bits; the sum is checked after
 * every term and saturates at RT_TIME_MAX + 1 ("more than any instant"),
 * which is all PDC/QPA need (h > t is then certain).
 */
i128 uni_h(const struct rt_task *ts, size_t n, rt_time t)
{
	i128 h = 0;

	for (size_t i = 0; i < n; i++) {
		if (t < ts[i].deadline)
			continue;
		h += (i128)((t - ts[i].deadline) / ts[i].period + 1) * ts[i].wcet;
		if (h > I128_TIME_MAX)
			return I128_TIME_MAX + 1;
	}
	return h;
}

enum rt_err rt_uni_dbf(const struct rt_task *ts, size_t n, rt_time t,
		       rt_time *out)
{
	enum rt_err err = uni_check(ts, n, NULL);
	i128 h;

	if (err)
		return err;
	h = uni_h(ts, n, t);
	if (h > I128_TIME_MAX)
		return RT_ERR_OVERFLOW;
	*out = (rt_time)h;
	return RT_OK;
}

/*
 * Utilization and density tests (docs/theory.md §A.1, A.2; Liu & Layland 1973;
 * sched-deadline.rst 3.2):
 *
 *     U = sum C_i/T_i <= 1,   Lambda = sum C_i/min(D_i, T_i) <= 1
 *
 * compared as exact rationals (frac.h); equality accepts.  No rounding.
 * *cmp = sign(sum - 1); RT_ERR_UNSUPPORTED if frac cannot decide.
 *
 * The sums go through the floating-point filter of frac.h first: each
 * term is formed from at most three int64 -> double conversions, one
 * product and one quotient (relative error below 6u, u = 2^-53), the
 * recursive summation of n non-negative terms adds at most (n - 1)u of the
 * sum and (double)b carries u, within rt_frac_filter's (n + 8)u max(s, b).
 */
enum rt_err uni_sum_cmp1(const struct rt_task *ts, size_t n,
			 bool density, int *cmp, struct rt_diag *d)
{
	struct rt_frac *f = NULL;
	enum rt_err err;
	double s = 0;

	for (size_t i = 0; i < n; i++) {
		rt_time den = ts[i].period;

		if (density && ts[i].deadline < den)
			den = ts[i].deadline;
		s += (double)ts[i].wcet / (double)den;
	}
	if (rt_frac_filter(s, 1.0, n, cmp))
		return RT_OK;
	err = density ? rt_frac_density(ts, n, &f) : rt_frac_utilization(ts, n, &f);
	if (err)
		return rt_diagf(d, err, "%s: %s", density ? "density" : "utilization",
				rt_strerror(err));
	err = rt_frac_compare(f, 1, 1, cmp);
	rt_frac_destroy(f);
	if (err)
		return rt_diagf(d, err, "%s is too close to 1 to decide with "
				"%d-bit exact fractions",
				density ? "density" : "U", RT_FRAC_MAX_BITS);
	return RT_OK;
}

/* sum_i C_i / T_i <= 1 (density: C_i / min(D_i, T_i)), exactly. */
static enum rt_err uni_sum_test(const struct rt_task *ts, size_t n,
				bool density, bool *accept)
{
	enum rt_err err = uni_check(ts, n, NULL);
	int c;

	if (!err)
		err = uni_sum_cmp1(ts, n, density, &c, NULL);
	if (!err)
		*accept = c <= 0;
	return err;
}

enum rt_err rt_uni_utilization_test(const struct rt_task *ts, size_t n,
				    bool *accept)
{
	return uni_sum_test(ts, n, false, accept);
}

enum rt_err rt_uni_density_test(const struct rt_task *ts, size_t n,
				bool *accept)
{
	return uni_sum_test(ts, n, true, accept);
}

/* U compared with 1, with the message every caller needs for U > 1. */
enum rt_err uni_require_u_le_1(struct uni_ctx *c, const char *what,
			       int *ucmp)
{
	enum rt_err err = uni_sum_cmp1(c->ts, c->n, false, ucmp, c->d);

	if (err)
		return err;
	if (*ucmp > 0)
		return rt_diagf(c->d, RT_ERR_INVAL,
				"%s: U > 1, so demand grows without bound "
				"(no busy period ends; tardiness is unbounded)", what);
	return RT_OK;
}

void uni_result_init(struct rt_uni_result *r)
{
	r->verdict = RT_VERDICT_ACCEPT;
	r->witness = RT_TIME_NEVER;
	r->witness_demand = 0;
	r->evaluations = 0;
}

void uni_result_reject(struct rt_uni_result *r, rt_time t, i128 h)
{
	r->verdict = RT_VERDICT_REJECT;
	r->witness = t;
	r->witness_demand = h > I128_TIME_MAX ? RT_TIME_NEVER : (rt_time)h;
}

/*
 * What PDC and QPA do first: check the tasks, compare U with 1 exactly,
 * reset *r; U > 1 rejects at once (*done, witness NEVER); otherwise *L is
 * the testing interval (uni_interval).
 */
enum rt_err uni_demand_start(struct uni_ctx *c, struct rt_uni_result *r,
			     rt_time *L, bool *done)
{
	enum rt_err err = uni_check(c->ts, c->n, c->d);
	int ucmp;

	*done = false;
	if (!err)
		err = uni_sum_cmp1(c->ts, c->n, false, &ucmp, c->d);
	if (err)
		return err;
	uni_result_init(r);
	if (ucmp > 0) {
		r->verdict = RT_VERDICT_REJECT;
		*done = true;
		return RT_OK;
	}
	return uni_interval(c, ucmp, L);
}
