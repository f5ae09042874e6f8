/* evq.h - the event queue: timed events in the indexed 4-ary min-heap
 * of heap.h.
 *
 * Events are structs embedded in their owners (a job's completion, a task's
 * next release, a policy's timer); the heap stores (time, order) keys with
 * a pointer to each event's slot index, so cancel and move are O(log n)
 * without searching.  The key is (time, rank, seq):
 *
 *   time   instant the event fires
 *   rank   what kind of event it is (enum sim_rank): at one instant, lower
 *          ranks are handled first (docs/design.md §3, sim/README.md rank table)
 *   seq    insertion counter of this queue, bumped on every push and move,
 *          so events with equal (time, rank) come out FIFO and the whole
 *          order is total and deterministic (never left to heap internals)
 *
 * rank and seq are packed into one 64-bit 'order' word (rank in the top 8
 * bits, seq in the low 56); 2^56 pushes (~2 years at 10^9 per second) end
 * the queue with RT_ERR_OVERFLOW rather than wrap.
 *
 * The queue owns only its node array; events belong to their owners, who
 * must cancel them before freeing them.
 */
#ifndef SIM_EVQ_H
#define SIM_EVQ_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/rt_err.h"
#include "models/rt_time.h"
#include "sim/heap.h"

/* Same-instant order (lower first); see sim/README.md. */
enum sim_rank {
	SIM_RANK_COMPLETE = 0,  /* job completion (finish == d is a hit) */
	SIM_RANK_DEADLINE,      /* deadline timer (on_miss: abort) */
	SIM_RANK_BUDGET,        /* server budget exhausted (CBS, reserved) */
	SIM_RANK_REPLENISH,     /* server replenished (CBS, reserved) */
	SIM_RANK_RELEASE,       /* job release */
	SIM_RANK_TASK,          /* task arrival / leave (reserved) */
	SIM_RANK_HORIZON,       /* end of the simulation */
	SIM_RANK__COUNT
};

#define SIM_EVQ_NONE    SIM_HEAP_NONE   /* idx of an event not in a queue */
#define SIM_EVQ_SEQ_MAX ((UINT64_C(1) << 56) - 1)

struct sim_event {
	uint32_t idx;           /* heap slot; SIM_EVQ_NONE when not queued */
	uint8_t kind;           /* owner's dispatch tag; opaque to the queue */
};

/* The heap (heap.h) holds nodes keyed (time, rank << 56 | seq, 0) that
 * point at their events' idx. */
struct sim_evq {
	struct sim_heap h;              /* h.node[0] is the next event */
	uint64_t seq;                   /* next insertion number */
};

/* An event that is not queued (use for every embedded event). */
static inline void sim_event_init(struct sim_event *ev, uint8_t kind)
{
	ev->idx = SIM_EVQ_NONE;
	ev->kind = kind;
}

static inline bool sim_event_queued(const struct sim_event *ev)
{
	return ev->idx != SIM_EVQ_NONE;
}

/* Empty queue, no memory.  sim_evq_fini frees the node array (the events
 * themselves are their owners'; queued ones are marked not queued); both
 * accept a zeroed queue. */
void sim_evq_init(struct sim_evq *q);
void sim_evq_fini(struct sim_evq *q);

/* Make room for 'cap' events so that pushes up to that size cannot fail
 * with RT_ERR_NOMEM.  On failure the queue is unchanged.  A queue with
 * room (cap > 0) can be read with sim_evq_next_time. */
enum rt_err sim_evq_reserve(struct sim_evq *q, size_t cap);

/* The queue's order on keys (time, order): k2 is always 0.  Twice, as
 * heap.h wants it: short-circuit, and as selections without branches
 * (sim_heap_order).  For the operations inline here and in evq.c. */
static inline bool sim_evq_less_(const struct sim_key *a, const struct sim_key *b)
{
	return a->k0 < b->k0 || (a->k0 == b->k0 && a->k1 < b->k1);
}

static inline bool sim_evq_less_bf_(const struct sim_key *a,
			       const struct sim_key *b)
{
	return a->k0 != b->k0 ? a->k0 < b->k0 : a->k1 < b->k1;
}

static const struct sim_heap_order sim_evq_order_ = {
	sim_evq_less_, sim_evq_less_bf_
};

/* Out-of-line parts of the inline operations below (not for callers):
 * push ev with key (t, order) (room available); grow-and-push; remove
 * slot i; re-key slot i to (t, order). */
void sim_evq_insert(struct sim_evq *q, struct sim_event *ev, rt_time t,
		    uint64_t order);
enum rt_err sim_evq_push_slow(struct sim_evq *q, struct sim_event *ev,
			      rt_time t, enum sim_rank rank);
void sim_evq_remove(struct sim_evq *q, uint32_t i);
void sim_evq_rekey(struct sim_evq *q, uint32_t i, rt_time t, uint64_t order);

/* The event a node points at (its idx is the event's first member). */
static inline struct sim_event *sim_evq_event(const struct sim_heap_node *nd)
{
	return (struct sim_event *)(void *)((char *)nd->pos -
					    offsetof(struct sim_event, idx));
}

/* ev (not queued) becomes the one event of q, which is empty and has
 * room: no sift, no test but seq's (the completion of a one-CPU engine).
 * Errors as sim_evq_push. */
static inline enum rt_err sim_evq_push_empty(struct sim_evq *q,
					     struct sim_event *ev, rt_time t,
					     enum sim_rank rank)
{
	uint64_t order;

	assert(!sim_event_queued(ev) && q->h.n == 0 && q->h.cap > 0);
	if (q->seq > SIM_EVQ_SEQ_MAX)
		return sim_evq_push_slow(q, ev, t, rank);
	order = (uint64_t)rank << 56 | q->seq++;
	q->h.node[0].key.k0 = t;
	q->h.node[0].key.k1 = (int64_t)order;
	q->h.node[0].key.k2 = 0;
	q->h.node[0].pos = &ev->idx;
	ev->idx = 0;
	q->h.n = 1;
	return RT_OK;
}

/* Queue ev (not queued) at (t, rank).  RT_ERR_NOMEM if growing failed,
 * RT_ERR_OVERFLOW if seq ran out; the queue is unchanged on failure.
 * Inline fast path: room available (the engine reserves it). */
static inline enum rt_err sim_evq_push(struct sim_evq *q, struct sim_event *ev,
				       rt_time t, enum sim_rank rank)
{
	uint32_t i = q->h.n;

	assert(!sim_event_queued(ev));
	if (i == q->h.cap || q->seq > SIM_EVQ_SEQ_MAX)
		return sim_evq_push_slow(q, ev, t, rank);
	if (i > 0) {
		sim_evq_insert(q, ev, t, (uint64_t)rank << 56 | q->seq++);
		return RT_OK;
	}
	return sim_evq_push_empty(q, ev, t, rank);      /* no sift */
}

/* Out-of-line part of sim_evq_move (not for callers): an event that is
 * not queued, or when seq ran out. */
enum rt_err sim_evq_move_slow(struct sim_evq *q, struct sim_event *ev,
			      rt_time t, enum sim_rank rank);

/* Re-key ev to (t, rank) with a fresh seq, queued or not (then it is
 * pushed).  O(log n).  Errors as sim_evq_push. */
static inline enum rt_err sim_evq_move(struct sim_evq *q, struct sim_event *ev,
				       rt_time t, enum sim_rank rank)
{
	if (!sim_event_queued(ev) || q->seq > SIM_EVQ_SEQ_MAX)
		return sim_evq_move_slow(q, ev, t, rank);
	sim_evq_rekey(q, ev->idx, t, (uint64_t)rank << 56 | q->seq++);
	return RT_OK;
}

/* ev, the event being handled, moves to (t, rank) with a fresh seq: one
 * sift from the top, inline (a periodic timer's hold: the release of a
 * task's next job).  ev is the top of q unless its handler queued an
 * event that comes before it (a lower rank at this instant: a policy
 * timer armed by the enqueue of the job just released, e.g. the budget
 * timer of a GRUB server re-rated by this wake-up, armed at now); then
 * (ev->idx != 0) it moves as sim_evq_move does: re-keying the top there
 * would overwrite the earlier event's node and leave ev's in the heap
 * twice.  Errors as sim_evq_move. */
static inline __attribute__((always_inline)) enum rt_err
sim_evq_move_top(struct sim_evq *q, struct sim_event *ev, rt_time t,
		 enum sim_rank rank)
{
	struct sim_heap_node nd;

	if (__builtin_expect(ev->idx != 0, 0))
		return sim_evq_move(q, ev, t, rank);
	assert(q->h.node[0].pos == &ev->idx);
	if (q->seq > SIM_EVQ_SEQ_MAX)
		return sim_evq_move_slow(q, ev, t, rank);
	nd.key.k0 = t;
	nd.key.k1 = (int64_t)((uint64_t)rank << 56 | q->seq++);
	nd.key.k2 = 0;
	nd.pos = &ev->idx;
	sim_heap_down(&q->h, 0, nd, &sim_evq_order_);
	return RT_OK;
}

/* Remove ev if queued (no-op otherwise).  O(log n); cannot fail. */
static inline void sim_evq_cancel(struct sim_evq *q, struct sim_event *ev)
{
	uint32_t i = ev->idx;

	if (i == SIM_EVQ_NONE)
		return;
	assert(i < q->h.n && q->h.node[i].pos == &ev->idx);
	if (i == q->h.n - 1) {          /* the last node: no hole to fill */
		ev->idx = SIM_EVQ_NONE;
		q->h.n = i;
		q->h.node[i].key.k0 = RT_TIME_NEVER;    /* sim_evq_next_time */
		return;
	}
	sim_evq_remove(q, i);
}

/* The next event (NULL if empty), its time and rank; not removed. */
static inline struct sim_event *sim_evq_peek(const struct sim_evq *q)
{
	return q->h.n ? sim_evq_event(&q->h.node[0]) : NULL;
}

static inline rt_time sim_evq_peek_time(const struct sim_evq *q)
{
	return q->h.n ? q->h.node[0].key.k0 : RT_TIME_NEVER;
}

/* The same for a queue with room reserved (sim_evq_reserve): one load,
 * no test (an empty queue's first node keeps the time RT_TIME_NEVER). */
static inline rt_time sim_evq_next_time(const struct sim_evq *q)
{
	assert(q->h.cap > 0 && (q->h.n > 0 ||
				q->h.node[0].key.k0 == RT_TIME_NEVER));
	return q->h.node[0].key.k0;
}

/* Remove and return the next event (NULL if empty). */
struct sim_event *sim_evq_pop(struct sim_evq *q);

/* Time and rank a queued event is keyed with. */
rt_time sim_evq_time(const struct sim_evq *q, const struct sim_event *ev);
enum sim_rank sim_evq_rank(const struct sim_evq *q, const struct sim_event *ev);

/* Number of queued events. */
static inline size_t sim_evq_size(const struct sim_evq *q)
{
	return q->h.n;
}

#endif /* SIM_EVQ_H */
