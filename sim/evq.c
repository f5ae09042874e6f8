/* evq.c - indexed 4-ary min-heap of events keyed by (time, rank, seq).
 *
 * Node i has children 4i+1 .. 4i+4 and parent (i-1)/4.  A 4-ary heap is
 * half as deep as a binary one, so sift-up (push, earlier move) touches
 * half the levels; sift-down compares up to four children per level, but
 * they share a cache line (4 x 24-byte nodes).  Every node move writes
 * the node's new slot back into its event (ev->idx), which is what makes
 * cancel and move O(log n) without a search.
 *
 * Invariant: for every i > 0, key(heap[(i-1)/4]) < key(heap[i]) (strict:
 * seq makes keys unique), and heap[i].ev->idx == i.
 */
#include "sim/evq.h"

#include <assert.h>

#include "models/mem.h"

#define EVQ_D 4                         /* arity */
#define EVQ_MIN_CAP 16

static inline bool evq_less(const struct sim_evq_node *a,
			    const struct sim_evq_node *b)
{
	return a->time < b->time || (a->time == b->time && a->order < b->order);
}

static inline void evq_place(struct sim_evq *q, uint32_t i,
			     struct sim_evq_node nd)
{
	q->heap[i] = nd;
	nd.ev->idx = i;
}

/* Move the node at slot i up to where it belongs. */
void sim_evq_sift_up(struct sim_evq *q, uint32_t i)
{
	struct sim_evq_node nd = q->heap[i];

	while (i > 0) {
		uint32_t p = (i - 1) / EVQ_D;

		if (!evq_less(&nd, &q->heap[p]))
			break;
		evq_place(q, i, q->heap[p]);
		i = p;
	}
	evq_place(q, i, nd);
}

/* Move the node at slot i down to where it belongs.  Four children: the
 * smallest is found as a tournament of two pairs (three comparisons, two
 * of them independent) rather than a scan (three dependent ones). */
static void evq_sift_down(struct sim_evq *q, uint32_t i)
{
	struct sim_evq_node nd = q->heap[i];
	uint32_t n = q->n;

	for (;;) {
		uint32_t c = i * EVQ_D + 1, best;

		if (c >= n)
			break;
		if (c + 3 < n) {
			const struct sim_evq_node *h = q->heap;
			uint32_t b01 = evq_less(&h[c + 1], &h[c]) ? c + 1 : c;
			uint32_t b23 = evq_less(&h[c + 3], &h[c + 2]) ? c + 3 :
				       c + 2;

			best = evq_less(&h[b23], &h[b01]) ? b23 : b01;
		} else {
			best = c;
			for (c++; c < n; c++)
				if (evq_less(&q->heap[c], &q->heap[best]))
					best = c;
		}
		if (!evq_less(&q->heap[best], &nd))
			break;
		evq_place(q, i, q->heap[best]);
		i = best;
	}
	evq_place(q, i, nd);
}

void sim_evq_init(struct sim_evq *q)
{
	q->heap = NULL;
	q->n = q->cap = 0;
	q->seq = 0;
}

void sim_evq_fini(struct sim_evq *q)
{
	for (uint32_t i = 0; i < q->n; i++)
		q->heap[i].ev->idx = SIM_EVQ_NONE;
	rt_free(q->heap);
	sim_evq_init(q);
}

enum rt_err sim_evq_reserve(struct sim_evq *q, size_t cap)
{
	struct sim_evq_node *h;

	if (cap <= q->cap)
		return RT_OK;
	if (cap >= SIM_EVQ_NONE)
		return RT_ERR_NOMEM;
	h = rt_reallocarray(q->heap, cap, sizeof(*h));
	if (!h)
		return RT_ERR_NOMEM;
	q->heap = h;
	q->cap = (uint32_t)cap;
	return RT_OK;
}

static enum rt_err evq_next_order(struct sim_evq *q, enum sim_rank rank,
				  uint64_t *order)
{
	assert((unsigned)rank < SIM_RANK__COUNT);
	if (q->seq > SIM_EVQ_SEQ_MAX)
		return RT_ERR_OVERFLOW;
	*order = (uint64_t)rank << 56 | q->seq++;
	return RT_OK;
}

enum rt_err sim_evq_push_slow(struct sim_evq *q, struct sim_event *ev,
			      rt_time t, enum sim_rank rank)
{
	struct sim_evq_node nd = { .time = t, .ev = ev };
	enum rt_err err;

	assert(!sim_event_queued(ev));
	if (q->n == q->cap) {
		size_t cap = q->cap ? (size_t)q->cap * 2 : EVQ_MIN_CAP;

		err = sim_evq_reserve(q, cap);
		if (err)
			return err;
	}
	err = evq_next_order(q, rank, &nd.order);
	if (err)
		return err;
	q->heap[q->n] = nd;
	sim_evq_sift_up(q, q->n++);
	return RT_OK;
}

enum rt_err sim_evq_move(struct sim_evq *q, struct sim_event *ev,
			 rt_time t, enum sim_rank rank)
{
	struct sim_evq_node *nd;
	struct sim_evq_node old;
	enum rt_err err;

	if (!sim_event_queued(ev))
		return sim_evq_push(q, ev, t, rank);
	nd = &q->heap[ev->idx];
	old = *nd;
	err = evq_next_order(q, rank, &nd->order);
	if (err)
		return err;
	nd->time = t;
	/* A fresh seq makes the key larger unless the time or rank dropped. */
	if (evq_less(nd, &old))
		sim_evq_sift_up(q, ev->idx);
	else
		evq_sift_down(q, ev->idx);
	return RT_OK;
}

void sim_evq_fill(struct sim_evq *q, uint32_t i)
{
	struct sim_evq_node last = q->heap[q->n];

	/* The last node fills the hole; it may belong above or below it. */
	q->heap[i] = last;
	last.ev->idx = i;
	if (i > 0 && evq_less(&last, &q->heap[(i - 1) / EVQ_D]))
		sim_evq_sift_up(q, i);
	else
		evq_sift_down(q, i);
}

struct sim_event *sim_evq_pop(struct sim_evq *q)
{
	struct sim_event *ev = sim_evq_peek(q);

	if (ev)
		sim_evq_cancel(q, ev);
	return ev;
}

rt_time sim_evq_time(const struct sim_evq *q, const struct sim_event *ev)
{
	assert(sim_event_queued(ev) && ev->idx < q->n);
	return q->heap[ev->idx].time;
}

enum sim_rank sim_evq_rank(const struct sim_evq *q, const struct sim_event *ev)
{
	assert(sim_event_queued(ev) && ev->idx < q->n);
	return (enum sim_rank)(q->heap[ev->idx].order >> 56);
}
