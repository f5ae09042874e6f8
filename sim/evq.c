/* evq.c - the event queue (evq.h): the heap of heap.h instantiated with
 * the (time, rank, seq) order.
 *
 * Keys are (time, rank << 56 | seq, 0); seq makes them unique, so the
 * order of events is total and never depends on the heap's layout.
 */
#include "sim/evq.h"

#include <assert.h>

void sim_evq_insert(struct sim_evq *q, struct sim_event *ev, rt_time t,
		    uint64_t order)
{
	struct sim_key k = { t, (int64_t)order, 0 };

	sim_heap_push(&q->h, k, &ev->idx, &sim_evq_order_);
}

void sim_evq_remove(struct sim_evq *q, uint32_t i)
{
	sim_heap_remove(&q->h, i, &sim_evq_order_);
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

/* An empty queue's first node says RT_TIME_NEVER (sim_evq_next_time);
 * every way out of a queue of one event goes through sim_evq_cancel,
 * which keeps it so. */
static void evq_room(struct sim_evq *q)
{
	if (q->h.n == 0)
		q->h.node[0].key.k0 = RT_TIME_NEVER;
}

enum rt_err sim_evq_reserve(struct sim_evq *q, size_t cap)
{
	enum rt_err err = sim_heap_reserve(&q->h, cap);

	if (!err && q->h.cap)
		evq_room(q);
	return err;
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
	sim_heap_push(&q->h, key, &ev->idx, &sim_evq_order_);
	return RT_OK;
}

void sim_evq_rekey(struct sim_evq *q, uint32_t i, rt_time t, uint64_t order)
{
	struct sim_heap_node nd = { { t, (int64_t)order, 0 }, q->h.node[i].pos };

	/* a fresh seq makes the key larger unless the time or rank dropped */
	sim_heap_place(&q->h, i, nd, &sim_evq_order_);
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
