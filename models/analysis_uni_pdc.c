/* analysis_uni_pdc.c - the processor demand criterion on one CPU
 * (docs/theory.md §A.3): every deadline of the synchronous pattern below
 * the testing interval L, in increasing order.
 *
 * The deadlines come from a min-heap of each task's next deadline
 * (minheap.h), so a
 * scan of P points costs O(P log n); the points are counted (O(n)) and
 * charged to the budget before any is visited.  The same scan gives the
 * exact maximum tardiness (analysis_uni_tardiness.c).
 */
#include "models/analysis_uni_int.h"

#include "models/mem.h"
#include "models/minheap.h"

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

/*
 * Visit every deadline t < L of the synchronous pattern in increasing
 * order (min-heap of each task's next deadline), keeping h(t) as a running
 * sum (each deadline of task i adds C_i; equal deadlines are merged before
 * h(t) is looked at).  'stop_first': return at the first t with h(t) > t.
 * h stays below 2^127: at most 'budget' (< 2^64) additions of C < 2^63.
 */
enum rt_err uni_scan(struct uni_ctx *c, rt_time L, bool stop_first,
		     struct scan_out *o)
{
	const struct rt_task *ts = c->ts;
	uint64_t pts = count_points(ts, c->n, L);
	struct rt_heap_item *heap;
	size_t hn = 0;
	i128 h = 0;

	o->first = RT_TIME_NEVER;
	o->first_h = 0;
	o->max_excess = 0;
	o->points = 0;
	if (!uni_charge(c, pts))
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
			heap[hn++] = (struct rt_heap_item){ ts[i].deadline, i };
	rt_heap_make(heap, hn);
	while (hn) {
		rt_time t = heap[0].key;

		while (hn && heap[0].key == t) {
			const struct rt_task *k = &ts[heap[0].idx];
			rt_time next;

			h += k->wcet;
			if (rt_time_add(t, k->period, &next) && next < L) {
				heap[0].key = next;
			} else {
				heap[0] = heap[--hn];
			}
			rt_heap_down(heap, hn, 0);
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

	uni_ctx_init(&c, ts, n, budget, d);
	err = uni_demand_start(&c, r, &L, &done);
	if (!err && !done)
		err = uni_scan(&c, L, true, &o);
	if (err || done)
		return err;
	r->evaluations = o.points;
	if (o.first != RT_TIME_NEVER)
		uni_result_reject(r, o.first, o.first_h);
	return RT_OK;
}

enum rt_err rt_uni_pdc(const struct rt_task *ts, size_t n,
		       struct rt_uni_result *r)
{
	return rt_uni_pdc_limit(ts, n, RT_UNI_BUDGET_DEFAULT, r, NULL);
}
