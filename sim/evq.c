/* evq.c - the event queue (evq.h): the heap of heap.h instantiated with
 * the (time, rank, seq) order.
 *
 * Keys are (time, rank << 56 | seq, 0); seq makes them unique, so the
 * order of events is total and never depends on the heap's layout.
 */
#include "sim/evq.h"

#include <assert.h>

/* (time, order): k2 is always 0.  Twice: short-circuit, and as
 * selections without branches (sim_heap_order). */
static inline bool evq_less(const struct sim_key *a, const struct sim_key *b)
{
	return a->k0 < b->k0 || (a->k0 == b->k0 && a->k1 < b->k1);
}

static inline bool evq_less_bf(const struct sim_key *a,
			       const struct sim_key *b)
{
	return a->k0 != b->k0 ? a->k0 < b->k0 : a->k1 < b->k1;
}

static const struct sim_heap_order evq_order = { evq_less, evq_less_bf };

void sim_evq_insert(struct sim_evq *q, struct sim_event *ev, rt_time t,
		    uint64_t order)
{
	struct sim_key k = { t, (int64_t)order, 0 };

	sim_heap_push(&q->h, k, &ev->idx, &evq_order);
}

void sim_evq_remove(struct sim_evq *q, uint32_t i)
{
	sim_heap_remove(&q->h, i, &evq_order);
}

void sim_evq_init(struct sim_evq *q)
{
	sim_heap_init(&q->h);
	q->seq = 0;
}

void sim_evq_fini(struct sim_evq *q)
{
	sim_heap_fini(&q->h);
	q->seq = 0;
}

enum rt_err sim_evq_reserve(struct sim_evq *q, size_t cap)
{
	return sim_heap_reserve(&q->h, cap);
}

static enum rt_err evq_key(struct sim_evq *q, rt_time t, enum sim_rank rank,
			   struct sim_key *key)
{
	assert((unsigned)rank < SIM_RANK__COUNT);
	if (q->seq > SIM_EVQ_SEQ_MAX)
		return RT_ERR_OVERFLOW;
	key->k0 = t;
	key->k1 = (int64_t)((uint64_t)rank << 56 | q->seq++);
	key->k2 = 0;
	return RT_OK;
}

enum rt_err sim_evq_push_slow(struct sim_evq *q, struct sim_event *ev,
			      rt_time t, enum sim_rank rank)
{
	struct sim_key key;
	enum rt_err err;

	assert(!sim_event_queued(ev));
	if (q->h.n == q->h.cap && (err = sim_heap_grow(&q->h)) != RT_OK)
		return err;
	if ((err = evq_key(q, t, rank, &key)) != RT_OK)
		return err;
	sim_heap_push(&q->h, key, &ev->idx, &evq_order);
	return RT_OK;
}

void sim_evq_rekey(struct sim_evq *q, uint32_t i, rt_time t, uint64_t order)
{
	struct sim_heap_node nd = { { t, (int64_t)order, 0 }, q->h.node[i].pos };

	/* a fresh seq makes the key larger unless the time or rank dropped */
	sim_heap_place(&q->h, i, nd, &evq_order);
}

enum rt_err sim_evq_move_slow(struct sim_evq *q, struct sim_event *ev,
			      rt_time t, enum sim_rank rank)
{
	if (!sim_event_queued(ev))
		return sim_evq_push(q, ev, t, rank);
	return RT_ERR_OVERFLOW;         /* seq ran out: ev left as it was */
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
	assert(sim_event_queued(ev) && ev->idx < q->h.n);
	return q->h.node[ev->idx].key.k0;
}

enum sim_rank sim_evq_rank(const struct sim_evq *q, const struct sim_event *ev)
{
	assert(sim_event_queued(ev) && ev->idx < q->h.n);
	return (enum sim_rank)((uint64_t)q->h.node[ev->idx].key.k1 >> 56);
}
