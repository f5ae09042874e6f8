/* analysis_uni.c - exact uniprocessor EDF analysis (docs/theory.md §A.1-A.7, D.3).
 *
 * Model: sporadic tasks tau_i = (C_i, D_i, T_i) on one preemptive CPU,
 * integer time (ticks or ns), arbitrary deadlines (D < C allowed: such a
 * set is unschedulable, nothing special happens).  Notation as docs/theory.md §0.1:
 * u_i = C_i/T_i, U = sum u_i, h(t) = dbf(t) the demand bound function,
 * 'D-set' = absolute deadlines k*T_i + D_i (k >= 0) of the synchronous
 * arrival sequence.
 *
 * Arithmetic: all times are rt_time; anything that multiplies or sums
 * them is done in 128 bits (rt_i128) and checked against RT_TIME_MAX
 * before it is narrowed.  Rationals (U, L_a) go through models/frac.h.  No
 * floating point decides anything (one double is used as a *starting
 * guess* for the exact search of ceil(L_a)).
 *
 * Complexity: dbf O(n); U, density O(n log n); busy period O(n) per
 * iteration; PDC and Delta O(P log n) for P deadline points below L; QPA
 * O(n) per evaluation (typically few); RTA O(n) per fixed-point step, over
 * O(n * L / T_min) offsets per task.  The pseudo-polynomial ones are capped
 * by a step budget (analysis_uni.h).
 */
#include "models/analysis_uni.h"

#include <math.h>
#include <stdint.h>

#include "models/frac.h"
#include "models/mem.h"

typedef rt_i128 i128;

#define I128_TIME_MAX ((i128)RT_TIME_MAX)
#define NO_POINT      ((rt_time)-1)            /* "no deadline below x" */

/* Budget accounting shared by one analysis call. */
struct uni_ctx {
	const struct rt_task *ts;
	size_t n;
	uint64_t budget;                /* steps allowed */
	uint64_t used;                  /* steps spent */
	struct rt_diag *d;
};

static void ctx_init(struct uni_ctx *c, const struct rt_task *ts, size_t n,
		     uint64_t budget, struct rt_diag *d)
{
	c->ts = ts;
	c->n = n;
	c->budget = budget;
	c->used = 0;
	c->d = d;
}

/* Spend k steps; false once the budget is exhausted. */
static bool ctx_charge(struct uni_ctx *c, uint64_t k)
{
	if (k > c->budget - c->used)
		return false;
	c->used += k;
	return true;
}

static enum rt_err ctx_over(struct uni_ctx *c, const char *what)
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
static enum rt_err uni_check(const struct rt_task *ts, size_t n,
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
static i128 uni_h(const struct rt_task *ts, size_t n, rt_time t)
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
static enum rt_err uni_sum_cmp1(const struct rt_task *ts, size_t n,
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

/*
 * Synchronous busy period (docs/theory.md §A.4.2; Ripoll, Crespo, Mok 1996; Spuri
 * 1996): the least w > 0 with
 *
 *     w = W(w),   W(w) = sum_i ceil(w / T_i) * C_i,
 *
 * iterated from w0 = sum C_i.  W is monotone, so the iterates rise to the
 * least fixed point; one exists iff U <= 1 (for U > 1, W(w) >= U*w > w), so
 * callers check U first.  With U == 1 it still converges (W(H) = H for the
 * hyperperiod H) but may take long; there is no iteration cap other than
 * overflow (w > RT_TIME_MAX -> RT_ERR_OVERFLOW) and the step budget (n
 * steps per iteration -> RT_ERR_UNSUPPORTED).  ceil rounds up (w > 0);
 * products < 2^126 in 128 bits, the sum saturates above RT_TIME_MAX.
 *
 * 'stop' (<= RT_TIME_MAX; RT_TIME_MAX + 1 = none): give up as soon as an
 * iterate reaches it, with *reached = true and *w_out untouched -- then
 * L_b >= stop (used to cap L at ceil(L_a)).
 */
static enum rt_err uni_busy(struct uni_ctx *c, i128 stop, rt_time *w_out,
			    bool *reached)
{
	const struct rt_task *ts = c->ts;
	i128 w = 0;

	for (size_t i = 0; i < c->n && w <= I128_TIME_MAX; i++)
		w += ts[i].wcet;
	for (;;) {
		i128 next = 0;

		if (stop <= I128_TIME_MAX && w >= stop) {
			*reached = true;
			return RT_OK;
		}
		if (w > I128_TIME_MAX)
			return rt_diagf(c->d, RT_ERR_OVERFLOW,
					"busy period exceeds the largest time value");
		if (!ctx_charge(c, c->n))
			return ctx_over(c, "busy period");
		for (size_t i = 0; i < c->n && next <= I128_TIME_MAX; i++)
			next += (i128)rt_ceil_div((rt_time)w, ts[i].period) *
				ts[i].wcet;
		if (next == w) {
			*w_out = (rt_time)w;
			*reached = false;
			return RT_OK;
		}
		w = next;
	}
}

/* U compared with 1, with the message every caller needs for U > 1. */
static enum rt_err uni_require_u_le_1(struct uni_ctx *c, const char *what,
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

enum rt_err rt_uni_busy_period_limit(const struct rt_task *ts, size_t n,
				     uint64_t budget, rt_time *lb,
				     struct rt_diag *d)
{
	struct uni_ctx c;
	enum rt_err err;
	bool reached;
	int ucmp;

	ctx_init(&c, ts, n, budget, d);
	err = uni_check(ts, n, d);
	if (!err)
		err = uni_require_u_le_1(&c, "busy period", &ucmp);
	if (!err)
		err = uni_busy(&c, I128_TIME_MAX + 1, lb, &reached);
	return err;
}

enum rt_err rt_uni_busy_period(const struct rt_task *ts, size_t n, rt_time *lb)
{
	return rt_uni_busy_period_limit(ts, n, RT_UNI_BUDGET_DEFAULT, lb, NULL);
}

/*
 * L_a test: does g(k) <= k hold, where (docs/theory.md §A.4.1)
 *
 *     g(k) = sum_i C_i * (k + T_i - D_i) / T_i      (k >= k0 = max(0, D_i - T_i))
 *
 * g(k) <= k  <=>  k*(1 - U) >= sum_i (T_i - D_i)*u_i  <=>  k >= that / (1 - U).
 * Numerators C_i*(k + T_i - D_i) < 2^63 * 2^64 fit 128 bits; the sum is an
 * exact rational (frac.h).  If frac cannot decide (value equal to k with a
 * denominator past its cap) the answer is "no": L grows by one, the safe
 * side.
 */
static enum rt_err la_holds(struct uni_ctx *c, struct rt_frac_term *terms,
			    rt_time k, bool *holds)
{
	struct rt_frac *g = NULL;
	enum rt_err err;
	double s = 0;
	int cmp;

	for (size_t i = 0; i < c->n; i++) {
		const struct rt_task *t = &c->ts[i];

		/* k + T - D >= 0 (k >= k0); formed in double, its absolute
		 * error is below 2u max(k, |T - D|) <= 2u k + 2u (T - D)^+,
		 * which with U < 1 stays inside rt_frac_filter's margin */
		s += (double)t->wcet *
		     ((double)k + (double)(t->period - t->deadline)) /
		     (double)t->period;
	}
	if (rt_frac_filter(s, (double)k, c->n, &cmp)) {
		*holds = cmp <= 0;
		return RT_OK;
	}
	for (size_t i = 0; i < c->n; i++) {
		const struct rt_task *t = &c->ts[i];

		terms[i].num = (rt_u128)t->wcet *
			       (rt_u128)((i128)k + t->period - t->deadline);
		terms[i].den = t->period;
	}
	err = rt_frac_sum(terms, c->n, &g);
	if (err)
		return rt_diagf(c->d, err, "L_a: %s", rt_strerror(err));
	err = rt_frac_compare(g, k, 1, &cmp);
	rt_frac_destroy(g);
	*holds = err == RT_OK && cmp <= 0;
	return RT_OK;
}

/*
 * ceil(L_a) (docs/theory.md §A.4.1; Baruah et al. 1990, form of Zhang & Burns 2009):
 *
 *     L_a = max( max_i (D_i - T_i),  sum_i (T_i - D_i)*u_i / (1 - U) ),  U < 1
 *
 * Rounded UP (underestimating L is unsafe) and clamped at 0 (L_a <= 0 means
 * no deadline needs testing).  Computed as the least k >= k0 with g(k) <= k
 * (la_holds; monotone in k since U < 1): a double estimate of the quotient
 * gives a starting point, then an exact galloping + binary search settles
 * it (typically 2 evaluations; at most ~130).  Exact whenever U's exact
 * form fits frac's cap, otherwise at most 1 too large.  Requires U < 1
 * (caller).  RT_ERR_OVERFLOW if ceil(L_a) > RT_TIME_MAX.
 */
static enum rt_err uni_la(struct uni_ctx *c, rt_time *la)
{
	const struct rt_task *ts = c->ts;
	struct rt_frac_term *terms;
	rt_time k0 = 0, lo, hi, est;
	double x = 0.0, u = 0.0, q;
	enum rt_err err = RT_OK;
	bool ok = false;

	for (size_t i = 0; i < c->n; i++) {
		if (ts[i].deadline - ts[i].period > k0)
			k0 = ts[i].deadline - ts[i].period;
		x += (double)(ts[i].period - ts[i].deadline) *
		     ((double)ts[i].wcet / (double)ts[i].period);
		u += (double)ts[i].wcet / (double)ts[i].period;
	}
	q = ceil(x / (1.0 - u));
	est = (q == q && q > (double)k0 && q < 9.0e18) ? (rt_time)q : k0;
	terms = rt_calloc(c->n ? c->n : 1, sizeof(*terms));
	if (!terms)
		return rt_diagf(c->d, RT_ERR_NOMEM, "L_a: out of memory");
	/* Find lo < hi with holds(hi), !holds(lo) (or hi == k0). */
	err = la_holds(c, terms, est, &ok);
	if (err)
		goto out;
	if (ok) {
		rt_time step = 1;

		hi = est;
		for (;;) {
			lo = hi - step >= k0 ? hi - step : k0;
			if (lo == hi)
				break;
			err = la_holds(c, terms, lo, &ok);
			if (err)
				goto out;
			if (!ok)
				break;
			hi = lo;
			if (step < RT_TIME_MAX / 2)
				step *= 2;
		}
		if (lo == hi) {
			*la = hi;
			goto out;
		}
	} else {
		rt_time step = 1;

		lo = est;
		for (;;) {
			hi = lo <= RT_TIME_MAX - step ? lo + step : RT_TIME_MAX;
			err = la_holds(c, terms, hi, &ok);
			if (err)
				goto out;
			if (ok)
				break;
			if (hi == RT_TIME_MAX) {
				err = rt_diagf(c->d, RT_ERR_OVERFLOW,
					       "L_a exceeds the largest time value");
				goto out;
			}
			lo = hi;
			if (step < RT_TIME_MAX / 2)
				step *= 2;
		}
	}
	while (hi - lo > 1) {           /* invariant: !holds(lo), holds(hi) */
		rt_time mid = lo + (hi - lo) / 2;

		err = la_holds(c, terms, mid, &ok);
		if (err)
			goto out;
		if (ok)
			hi = mid;
		else
			lo = mid;
	}
	*la = hi;
out:
	rt_free(terms);
	return err;
}

enum rt_err rt_uni_la(const struct rt_task *ts, size_t n, rt_time *la,
		      bool *defined)
{
	struct uni_ctx c;
	enum rt_err err;
	int ucmp;

	ctx_init(&c, ts, n, RT_UNI_BUDGET_DEFAULT, NULL);
	err = uni_check(ts, n, NULL);
	if (!err)
		err = uni_sum_cmp1(ts, n, false, &ucmp, NULL);
	if (err)
		return err;
	if (ucmp >= 0) {
		*defined = false;
		return RT_OK;
	}
	err = uni_la(&c, la);
	if (!err)
		*defined = true;
	return err;
}

/*
 * Testing interval (docs/theory.md §A.4 "combined"): L = min(L_b, ceil(L_a)) for
 * U < 1, L = L_b for U == 1.  The busy-period iteration stops as soon as
 * it passes ceil(L_a) (then L_b >= L_a and L = ceil(L_a)), so sets with
 * U < 1 never pay for a long busy period.  If ceil(L_a) overflows, L_b
 * alone is used (still exact).  Requires ucmp = sign(U - 1) <= 0.
 */
static enum rt_err uni_interval(struct uni_ctx *c, int ucmp, rt_time *L)
{
	rt_time la = 0, lb = 0;
	bool have_la = false, reached = false;
	enum rt_err err;

	if (ucmp < 0) {
		err = uni_la(c, &la);
		if (err == RT_OK)
			have_la = true;
		else if (err != RT_ERR_OVERFLOW)
			return err;
	}
	err = uni_busy(c, have_la ? (i128)la : I128_TIME_MAX + 1, &lb, &reached);
	if (err)
		return err;
	*L = reached ? la : (have_la && la < lb ? la : lb);
	return RT_OK;
}

enum rt_err rt_uni_testing_interval(const struct rt_task *ts, size_t n,
				    uint64_t budget, rt_time *L,
				    struct rt_diag *d)
{
	struct uni_ctx c;
	enum rt_err err;
	int ucmp;

	ctx_init(&c, ts, n, budget, d);
	err = uni_check(ts, n, d);
	if (!err)
		err = uni_require_u_le_1(&c, "testing interval", &ucmp);
	if (!err)
		err = uni_interval(&c, ucmp, L);
	return err;
}

/* ---- deadline enumeration (PDC, Delta) ----------------------------------- */

struct dl_heap_item {
	rt_time t;                      /* next absolute deadline of the task */
	size_t task;                    /* index into ts */
};

static void heap_down(struct dl_heap_item *h, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, m = i;
		struct dl_heap_item tmp;

		if (l < n && h[l].t < h[m].t)
			m = l;
		if (l + 1 < n && h[l + 1].t < h[m].t)
			m = l + 1;
		if (m == i)
			return;
		tmp = h[i];
		h[i] = h[m];
		h[m] = tmp;
		i = m;
	}
}

/* Number of deadlines k*T_i + D_i < L, saturated at UINT64_MAX. */
static uint64_t count_points(const struct rt_task *ts, size_t n, rt_time L)
{
	uint64_t total = 0;

	for (size_t i = 0; i < n; i++) {
		uint64_t k;

		if (ts[i].deadline >= L)
			continue;
		k = (uint64_t)rt_ceil_div(L - ts[i].deadline, ts[i].period);
		if (__builtin_add_overflow(total, k, &total))
			return UINT64_MAX;
	}
	return total;
}

struct scan_out {
	rt_time first;                  /* first t with h(t) > t, or NEVER */
	i128 first_h;                   /* h(first) */
	i128 max_excess;                /* max(0, max h(t) - t) */
	size_t points;                  /* distinct deadlines visited */
};

/*
 * Visit every deadline t < L of the synchronous pattern in increasing
 * order (min-heap of each task's next deadline), keeping h(t) as a running
 * sum (each deadline of task i adds C_i; equal deadlines are merged before
 * h(t) is looked at).  'stop_first': return at the first t with h(t) > t.
 * h stays below 2^127: at most 'budget' (< 2^64) additions of C < 2^63.
 */
static enum rt_err uni_scan(struct uni_ctx *c, rt_time L, bool stop_first,
			    struct scan_out *o)
{
	const struct rt_task *ts = c->ts;
	uint64_t pts = count_points(ts, c->n, L);
	struct dl_heap_item *heap;
	size_t hn = 0;
	i128 h = 0;

	o->first = RT_TIME_NEVER;
	o->first_h = 0;
	o->max_excess = 0;
	o->points = 0;
	if (!ctx_charge(c, pts))
		return rt_diagf(c->d, RT_ERR_UNSUPPORTED,
				"too large: testing interval too long: %llu "
				"points below L = %lld (budget %llu steps)",
				(unsigned long long)pts, (long long)L,
				(unsigned long long)c->budget);
	heap = rt_calloc(c->n ? c->n : 1, sizeof(*heap));
	if (!heap)
		return rt_diagf(c->d, RT_ERR_NOMEM, "out of memory");
	for (size_t i = 0; i < c->n; i++)
		if (ts[i].deadline < L)
			heap[hn++] = (struct dl_heap_item){ ts[i].deadline, i };
	for (size_t i = hn / 2; i-- > 0;)
		heap_down(heap, hn, i);
	while (hn) {
		rt_time t = heap[0].t;

		while (hn && heap[0].t == t) {
			const struct rt_task *k = &ts[heap[0].task];
			rt_time next;

			h += k->wcet;
			if (rt_time_add(t, k->period, &next) && next < L) {
				heap[0].t = next;
			} else {
				heap[0] = heap[--hn];
			}
			heap_down(heap, hn, 0);
		}
		o->points++;
		if (h - t > o->max_excess)
			o->max_excess = h - t;
		if (h > t && o->first == RT_TIME_NEVER) {
			o->first = t;
			o->first_h = h;
			if (stop_first)
				break;
		}
	}
	rt_free(heap);
	return RT_OK;
}

static void result_init(struct rt_uni_result *r)
{
	r->verdict = RT_VERDICT_ACCEPT;
	r->witness = RT_TIME_NEVER;
	r->witness_demand = 0;
	r->evaluations = 0;
}

static void result_reject(struct rt_uni_result *r, rt_time t, i128 h)
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
static enum rt_err uni_demand_start(struct uni_ctx *c, struct rt_uni_result *r,
				    rt_time *L, bool *done)
{
	enum rt_err err = uni_check(c->ts, c->n, c->d);
	int ucmp;

	*done = false;
	if (!err)
		err = uni_sum_cmp1(c->ts, c->n, false, &ucmp, c->d);
	if (err)
		return err;
	result_init(r);
	if (ucmp > 0) {
		r->verdict = RT_VERDICT_REJECT;
		*done = true;
		return RT_OK;
	}
	return uni_interval(c, ucmp, L);
}

/*
 * Processor demand criterion (docs/theory.md §A.3; Baruah, Rosier, Howell 1990;
 * Baruah, Mok, Rosier 1990): schedulable iff U <= 1 and
 *
 *     h(t) <= t   for every deadline t of the synchronous pattern, t < L,
 *
 * L = min(L_b, ceil(L_a)) (A.4; strictly below L: h(L_b) <= L_b always).
 * Brute force in increasing t: the witness is the FIRST violating deadline.
 * U > 1 rejects with witness NEVER (the violation lies beyond every bound).
 * h in 128 bits (uni_scan).  'evaluations' = distinct deadlines checked.
 */
enum rt_err rt_uni_pdc_limit(const struct rt_task *ts, size_t n,
			     uint64_t budget, struct rt_uni_result *r,
			     struct rt_diag *d)
{
	struct uni_ctx c;
	struct scan_out o;
	enum rt_err err;
	rt_time L;
	bool done;

	ctx_init(&c, ts, n, budget, d);
	err = uni_demand_start(&c, r, &L, &done);
	if (!err && !done)
		err = uni_scan(&c, L, true, &o);
	if (err || done)
		return err;
	r->evaluations = o.points;
	if (o.first != RT_TIME_NEVER)
		result_reject(r, o.first, o.first_h);
	return RT_OK;
}

enum rt_err rt_uni_pdc(const struct rt_task *ts, size_t n,
		       struct rt_uni_result *r)
{
	return rt_uni_pdc_limit(ts, n, RT_UNI_BUDGET_DEFAULT, r, NULL);
}

/* Largest deadline k*T_i + D_i strictly below x, or NO_POINT (A.5:
 * k = floor((x - 1 - D_i)/T_i) over tasks with D_i < x). */
static rt_time max_deadline_below(const struct rt_task *ts, size_t n, rt_time x)
{
	rt_time best = NO_POINT;

	for (size_t i = 0; i < n; i++) {
		rt_time dl;

		if (ts[i].deadline >= x)
			continue;
		dl = (x - 1 - ts[i].deadline) / ts[i].period * ts[i].period +
		     ts[i].deadline;
		if (dl > best)
			best = dl;
	}
	return best;
}

/*
 * QPA, Quick Processor-demand Analysis (docs/theory.md §A.5; Zhang & Burns, IEEE
 * TC 58(9), 2009), exactly as specified there:
 *
 *     U > 1: reject.   L = min(L_b, ceil(L_a));  d_min = min D_i
 *     t = max{d in D-set : d < L}  (none: accept)
 *     loop: h = h(t)
 *           h > t       -> reject, witness t
 *           h <= d_min  -> accept
 *           h < t       -> t = h
 *           h == t      -> t = max{d in D-set : d < t}
 *
 * t strictly decreases, so it terminates; the witness is the violating t
 * QPA stops at (not necessarily the first one: see PDC).  h in 128 bits,
 * saturated above RT_TIME_MAX (uni_h).  n steps per evaluation.
 */
enum rt_err rt_uni_qpa_limit(const struct rt_task *ts, size_t n,
			     uint64_t budget, struct rt_uni_result *r,
			     struct rt_diag *d)
{
	struct uni_ctx c;
	enum rt_err err;
	rt_time L, t, dmin = RT_TIME_MAX;
	bool done;

	ctx_init(&c, ts, n, budget, d);
	err = uni_demand_start(&c, r, &L, &done);
	if (err || done)
		return err;
	for (size_t i = 0; i < n; i++)
		if (ts[i].deadline < dmin)
			dmin = ts[i].deadline;
	t = max_deadline_below(ts, n, L);
	while (t != NO_POINT) {
		i128 h;

		if (!ctx_charge(&c, n ? n : 1))
			return ctx_over(&c, "QPA");
		h = uni_h(ts, n, t);
		r->evaluations++;
		if (h > t) {
			result_reject(r, t, h);
			return RT_OK;
		}
		if (h <= dmin)
			break;
		t = h < t ? (rt_time)h : max_deadline_below(ts, n, t);
	}
	return RT_OK;
}

enum rt_err rt_uni_qpa(const struct rt_task *ts, size_t n,
		       struct rt_uni_result *r)
{
	return rt_uni_qpa_limit(ts, n, RT_UNI_BUDGET_DEFAULT, r, NULL);
}

/*
 * Exact maximum tardiness of preemptive EDF on one CPU (docs/theory.md §D.3,
 * derived there from the busy-period/demand argument of Spuri 1996 and
 * Baruah et al. 1990):
 *
 *     Delta = max(0, max_{t in D-set, t < L_b} (h(t) - t))
 *
 * Requires U <= 1 (RT_ERR_INVAL otherwise: tardiness is unbounded).  Only
 * t < L = min(L_b, ceil(L_a)) is scanned: h(t) > t implies t < L_a, so
 * points past L_a cannot raise the maximum above 0.  Units: the task
 * unit; the result is checked to fit rt_time.
 */
enum rt_err rt_uni_max_tardiness_limit(const struct rt_task *ts, size_t n,
				       uint64_t budget, rt_time *delta,
				       struct rt_diag *d)
{
	struct uni_ctx c;
	struct scan_out o;
	enum rt_err err;
	rt_time L;
	int ucmp;

	ctx_init(&c, ts, n, budget, d);
	err = uni_check(ts, n, d);
	if (!err)
		err = uni_require_u_le_1(&c, "maximum tardiness", &ucmp);
	if (!err)
		err = uni_interval(&c, ucmp, &L);
	if (!err)
		err = uni_scan(&c, L, false, &o);
	if (err)
		return err;
	if (o.max_excess > I128_TIME_MAX)
		return rt_diagf(d, RT_ERR_OVERFLOW,
				"maximum tardiness exceeds the largest time value");
	*delta = (rt_time)o.max_excess;
	return RT_OK;
}

enum rt_err rt_uni_max_tardiness(const struct rt_task *ts, size_t n,
				 rt_time *delta)
{
	return rt_uni_max_tardiness_limit(ts, n, RT_UNI_BUDGET_DEFAULT, delta,
					  NULL);
}

/*
 * Worst-case response time of task i for one offset a (docs/theory.md §A.7; Spuri,
 * INRIA RR-2772, 1996): the analysed job is released at a and has deadline
 * a + D_i; every other task is synchronous from 0 and wins every tie
 * (adversarial tie-break: deadlines EQUAL to a + D_i interfere).
 *
 *     own = (floor(a/T_i) + 1) * C_i
 *     w   = own + sum_{j != i, D_j <= a + D_i}
 *                 min(ceil(w/T_j), floor((a + D_i - D_j)/T_j) + 1) * C_j
 *     R_i(a) = max(C_i, w - a)       (w the least fixed point from w = own)
 *
 * The iteration is monotone and bounded by the min() caps, so it ends.
 * 128-bit throughout: a + D_i < 2^64, counts < 2^64, products < 2^127; w
 * above 4 * RT_TIME_MAX means R > RT_TIME_MAX -> RT_ERR_OVERFLOW.
 */
static enum rt_err rta_offset(struct uni_ctx *c, size_t i, rt_time a, i128 *R)
{
	const struct rt_task *ts = c->ts, *ti = &ts[i];
	i128 dl = (i128)a + ti->deadline;
	i128 own = (i128)(a / ti->period + 1) * ti->wcet, w = own;

	for (;;) {
		i128 next = own;

		if (!ctx_charge(c, c->n))
			return ctx_over(c, "response-time analysis");
		for (size_t j = 0; j < c->n && next <= 4 * I128_TIME_MAX; j++) {
			i128 jobs, cap;

			if (j == i || ts[j].deadline > dl)
				continue;
			jobs = (w + ts[j].period - 1) / ts[j].period;
			cap = (dl - ts[j].deadline) / ts[j].period + 1;
			next += (jobs < cap ? jobs : cap) * ts[j].wcet;
		}
		if (next > 4 * I128_TIME_MAX)
			return rt_diagf(c->d, RT_ERR_OVERFLOW,
					"response time exceeds the largest time value");
		if (next == w)
			break;
		w = next;
	}
	*R = w - a > ti->wcet ? w - a : ti->wcet;
	return RT_OK;
}

/*
 * Spuri's exact per-task worst-case response time (docs/theory.md §A.7):
 *
 *     R_i = max_{a in A_i} R_i(a),
 *     A_i = { k*T_j + D_j - D_i : j any task, k >= 0, 0 <= a < L_b }
 *
 * in INPUT order.  Requires U <= 1 (RT_ERR_INVAL otherwise); works when
 * deadlines are missed (R_i > D_i, tardiness R_i - D_i).  Needs at least
 * n^2 steps (the offset ranges) before any fixed point is run.
 */
enum rt_err rt_uni_rta_limit(const struct rt_task *ts, size_t n,
			     uint64_t budget, rt_time *resp,
			     struct rt_diag *d)
{
	struct uni_ctx c;
	enum rt_err err;
	rt_time L;
	bool reached;
	int ucmp;

	ctx_init(&c, ts, n, budget, d);
	err = uni_check(ts, n, d);
	if (!err)
		err = uni_require_u_le_1(&c, "response-time analysis", &ucmp);
	if (!err)
		err = uni_busy(&c, I128_TIME_MAX + 1, &L, &reached);
	if (err)
		return err;
	if ((n && n > UINT64_MAX / n) || !ctx_charge(&c, (uint64_t)n * n))
		return ctx_over(&c, "response-time analysis");
	for (size_t i = 0; i < n; i++) {
		i128 best = ts[i].wcet;

		for (size_t j = 0; j < n; j++) {
			/* a = k*T_j + D_j - D_i >= 0  <=>  k >= kmin */
			rt_time gap = ts[i].deadline - ts[j].deadline;
			i128 a = gap > 0 ? (i128)rt_ceil_div(gap, ts[j].period) *
					   ts[j].period - gap : -(i128)gap;

			for (; a < L; a += ts[j].period) {
				i128 R = 0;

				err = rta_offset(&c, i, (rt_time)a, &R);
				if (err)
					return err;
				if (R > best)
					best = R;
			}
		}
		if (best > I128_TIME_MAX)
			return rt_diagf(d, RT_ERR_OVERFLOW,
					"response time exceeds the largest time value");
		resp[i] = (rt_time)best;
	}
	return RT_OK;
}

enum rt_err rt_uni_rta(const struct rt_task *ts, size_t n, rt_time *resp)
{
	return rt_uni_rta_limit(ts, n, RT_UNI_BUDGET_DEFAULT, resp, NULL);
}

enum rt_err rt_uni_tardiness_bounds(const struct rt_task *ts, size_t n,
				    uint64_t budget, rt_time *delta,
				    rt_time *resp, bool *resp_exact,
				    struct rt_diag *d)
{
	struct rt_uni_result q;
	struct rt_diag why = { "" };
	bool u_ok = false;
	uint64_t rbudget;
	enum rt_err err;

	err = rt_uni_utilization_test(ts, n, &u_ok);
	if (err)
		return rt_diagf(d, err, "%s", rt_strerror(err));
	if (!u_ok)
		return rt_diagf(d, RT_ERR_INVAL, "U > 1: tardiness grows "
				"without bound");
	/* Schedulable (QPA: immediate when every D >= T, since then L_a
	 * is 0) means Delta = 0 without scanning the busy period. */
	err = rt_uni_qpa_limit(ts, n, budget, &q, &why);
	if (!err && q.verdict == RT_VERDICT_ACCEPT) {
		*delta = 0;
	} else {
		err = rt_uni_max_tardiness_limit(ts, n, budget, delta, d);
		if (err)
			return err;
	}
	/* Per-task response times are a refinement: with Delta known they
	 * get a budget proportional to n (analysis_uni.h), so a large set
	 * still answers quickly, falling back to D_i + Delta; Spuri's
	 * analysis needs n^2 steps before its first fixed point, so a set
	 * past that is not started at all. */
	rbudget = RT_UNI_RTA_REFINE_BASE + RT_UNI_RTA_REFINE_PER_TASK * n;
	if (rbudget > budget / 10)
		rbudget = budget / 10 ? budget / 10 : 1;
	if (n > 0 && n > rbudget / n)
		err = RT_ERR_UNSUPPORTED;
	else
		err = rt_uni_rta_limit(ts, n, rbudget, resp, &why);
	*resp_exact = !err;
	if (err == RT_ERR_NOMEM)
		return rt_diagf(d, err, "%s", why.msg);
	if (err) {
		/* no per-task answer in the budget: every job finishes within
		 * D_i + Delta of its release */
		for (size_t i = 0; i < n; i++)
			if (!rt_time_add(ts[i].deadline, *delta, &resp[i]))
				resp[i] = RT_TIME_MAX;
	}
	return RT_OK;
}
