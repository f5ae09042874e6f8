/* heap.h - the indexed 4-ary min-heap behind the event queue (evq.h) and
 * the runqueues (rq.h): one implementation, generic over the order.
 *
 * Items (events, jobs) live in their owners; a node caches the item's key
 * (struct sim_key) and points at the item's slot index ('pos'), which the
 * heap keeps equal to the node's slot.  So an item is removed or re-keyed
 * in O(log n) without a search, and sifting reads only the node array,
 * never the items.  Node i has children 4i+1 .. 4i+4 and parent (i-1)/4:
 * half the depth of a binary heap, so sift-up (a push, an earlier key)
 * visits half the levels; sift-down finds the least of four children as a
 * tournament of two pairs (three comparisons, two of them independent),
 * without branches (sim_heap_order).
 *
 * The order (struct sim_heap_order: a 'less' function, twice) is handed
 * to every operation.  The operations are static inline and always
 * inlined, so a user calling them with its own order (evq.c: time, rank,
 * seq; rq.c: a policy's key) gets a heap compiled for that order: the
 * comparison inlined, no indirect call, no flag tested per comparison.  Users wrap
 * the operations in their own few functions, so each is compiled once per
 * order; only memory management is out of line (heap.c).
 *
 * Invariant: for every i > 0, !less(node[i], node[(i-1)/4]), and
 * *node[i].pos == i.  Keys that compare equal are allowed (which of them
 * comes out first is then unspecified): users that need a total order
 * make keys unique (the event queue's seq, the policies' tie-breaks).
 *
 * Costs: push, sift-up O(log4 n) comparisons; remove, replace-top,
 * re-key O(log4 n) levels of three.  Memory: 32 bytes a node, grown by
 * doubling; nothing is allocated while the reserved room lasts.
 */
#ifndef SIM_HEAP_H
#define SIM_HEAP_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/rt_err.h"

/* A key of three words, ordered by its user's less (lexicographic in
 * every user so far).  The event queue: (time, rank << 56 | seq, 0); a
 * runqueue: the policy's key (job.h). */
struct sim_key {
	int64_t k0;
	int64_t k1;
	uint64_t k2;
};

/* Lexicographic (k0, k1, k2): a before b.  Heaps compare mostly keys
 * whose first words differ: one well-predicted test, then one compare. */
static inline bool sim_key_less(const struct sim_key *a,
				const struct sim_key *b)
{
	return a->k0 < b->k0 ||
	       (a->k0 == b->k0 && (a->k1 < b->k1 ||
				   (a->k1 == b->k1 && a->k2 < b->k2)));
}

/* The same order written as selections, which compilers turn into
 * conditional moves: no branch (sift-down of a large heap). */
static inline bool sim_key_less_bf(const struct sim_key *a,
				   const struct sim_key *b)
{
	return a->k0 != b->k0 ? a->k0 < b->k0 :
	       a->k1 != b->k1 ? a->k1 < b->k1 : a->k2 < b->k2;
}

/* Lexicographic (k0, k1, k2): -1, 0, 1. */
static inline int sim_key_cmp(const struct sim_key *a, const struct sim_key *b)
{
	if (a->k0 != b->k0)
		return a->k0 < b->k0 ? -1 : 1;
	if (a->k1 != b->k1)
		return a->k1 < b->k1 ? -1 : 1;
	if (a->k2 != b->k2)
		return a->k2 < b->k2 ? -1 : 1;
	return 0;
}

#define SIM_HEAP_NONE UINT32_MAX        /* *pos of an item in no heap */

struct sim_heap_node {
	struct sim_key key;             /* the item's key, cached */
	uint32_t *pos;                  /* the item's slot index (borrowed):
					 * == this node's slot */
};

struct sim_heap {
	struct sim_heap_node *node;     /* node[0] is the top (the least) */
	uint32_t n;                     /* nodes in use */
	uint32_t cap;                   /* nodes allocated, < SIM_HEAP_NONE */
};

/* An order: true iff a must come out before b. */
typedef bool sim_heap_less(const struct sim_key *a, const struct sim_key *b);

/* A heap's order, given twice: 'less' as short-circuit tests, and
 * 'less_bf' written as selections, which compilers turn into conditional
 * moves (no branch).  Which of four children is least is a coin toss a
 * branch predictor loses, so sift-down picks it by arithmetic on
 * less_bf's answers; everything else (is the node in place? sift-up, a
 * last level of fewer than four) is a test that predicts well, with
 * 'less'.  Measured (dlsim run, uniprocessor EDF, CPU time against the
 * same code with branches): 1000 tasks -27%, 10 tasks -3%; with less_bf
 * everywhere, 1-2% slower than this.  Both must be the same order. */
struct sim_heap_order {
	sim_heap_less *less;
	sim_heap_less *less_bf;
};

/* Empty heap, no memory. */
void sim_heap_init(struct sim_heap *h);
/* Free the node array; items still queued get pos SIM_HEAP_NONE.  A
 * zeroed heap is fine.  Leaves h empty (init). */
void sim_heap_fini(struct sim_heap *h);
/* Room for 'cap' nodes, so that pushes up to that size cannot fail.
 * RT_ERR_NOMEM (the heap unchanged) if that cannot be allocated or cap
 * reaches SIM_HEAP_NONE. */
enum rt_err sim_heap_reserve(struct sim_heap *h, size_t cap);
/* Room for one more node: twice the room (at least 16).  Errors as
 * sim_heap_reserve. */
enum rt_err sim_heap_grow(struct sim_heap *h);

/* ---- the operations, instantiated by each user with its order ---- */

#define SIM_HEAP_OP static inline __attribute__((always_inline))

/* Put nd in slot i and tell its item.  Word by word: the words are
 * read back one by one (the next event's time, its item), and a load
 * that falls inside a wider store is not always forwarded from it. */
SIM_HEAP_OP void sim_heap_set(struct sim_heap *h, uint32_t i,
			      struct sim_heap_node nd)
{
	struct sim_heap_node *d = &h->node[i];

	d->key.k0 = nd.key.k0;
	d->key.k1 = nd.key.k1;
	d->key.k2 = nd.key.k2;
	d->pos = nd.pos;
	*nd.pos = i;
}

/* The sifts move a node given by value into a hole at slot i (whatever
 * slot i holds is overwritten): the node travels in registers, never
 * stored to be loaded back at once (a wide load of a node just written
 * in pieces cannot be forwarded from the stores and stalls). */

/* Put nd at hole i or above it, where it belongs. */
SIM_HEAP_OP void sim_heap_up(struct sim_heap *h, uint32_t i,
			     struct sim_heap_node nd,
			     const struct sim_heap_order *o)
{
	while (i > 0) {
		uint32_t p = (i - 1) / 4;

		if (!o->less(&nd.key, &h->node[p].key))
			break;
		sim_heap_set(h, i, h->node[p]);
		i = p;
	}
	sim_heap_set(h, i, nd);
}

/* Put nd at hole i or below it, where it belongs.  Four children: the
 * least is found as a tournament of two pairs, by arithmetic on the
 * branch-free order's answers (see sim_heap_order). */
SIM_HEAP_OP void sim_heap_down(struct sim_heap *h, uint32_t i,
			       struct sim_heap_node nd,
			       const struct sim_heap_order *o)
{
	const struct sim_heap_node *a = h->node;
	size_t n = h->n;

	for (;;) {
		size_t c = (size_t)i * 4 + 1, best;

		if (c + 3 < n) {
			size_t b01 = c + o->less_bf(&a[c + 1].key, &a[c].key);
			size_t b23 = c + 2 +
				     o->less_bf(&a[c + 3].key, &a[c + 2].key);
			size_t m = -(size_t)o->less_bf(&a[b23].key,
						       &a[b01].key);

			best = b01 ^ ((b01 ^ b23) & m);
		} else if (c < n) {
			best = c;
			for (c++; c < n; c++)
				if (o->less(&a[c].key, &a[best].key))
					best = c;
		} else {
			break;
		}
		if (!o->less(&a[best].key, &nd.key))
			break;
		sim_heap_set(h, i, a[best]);
		i = (uint32_t)best;
	}
	sim_heap_set(h, i, nd);
}

/* Put nd at hole i: up if it comes before the parent, else down. */
SIM_HEAP_OP void sim_heap_place(struct sim_heap *h, uint32_t i,
				struct sim_heap_node nd,
				const struct sim_heap_order *o)
{
	if (i > 0 && o->less(&nd.key, &h->node[(i - 1) / 4].key))
		sim_heap_up(h, i, nd, o);
	else
		sim_heap_down(h, i, nd, o);
}

/* The key of the node at slot i changed in place: restore the order. */
SIM_HEAP_OP void sim_heap_fix(struct sim_heap *h, uint32_t i,
			      const struct sim_heap_order *o)
{
	sim_heap_place(h, i, h->node[i], o);
}

/* Add an item (its *pos is set) with 'key'.  Needs room: h->n < h->cap
 * (sim_heap_reserve / sim_heap_grow first). */
SIM_HEAP_OP void sim_heap_push(struct sim_heap *h, struct sim_key key,
			       uint32_t *pos, const struct sim_heap_order *o)
{
	struct sim_heap_node nd = { key, pos };

	assert(h->n < h->cap);
	sim_heap_up(h, h->n++, nd, o);
}

/* Remove the node at slot i; its item's pos becomes SIM_HEAP_NONE. */
SIM_HEAP_OP void sim_heap_remove(struct sim_heap *h, uint32_t i,
				 const struct sim_heap_order *o)
{
	assert(i < h->n);
	*h->node[i].pos = SIM_HEAP_NONE;
	if (i != --h->n)                /* the last node fills the hole */
		sim_heap_place(h, i, h->node[h->n], o);
}

/* Replace the top (h not empty) by an item with 'key', in one sift
 * instead of a remove and a push; returns the old top's pos pointer,
 * whose *pos is left as it was (the caller places that item at once). */
SIM_HEAP_OP uint32_t *sim_heap_replace_top(struct sim_heap *h,
					   struct sim_key key, uint32_t *pos,
					   const struct sim_heap_order *o)
{
	uint32_t *old = h->node[0].pos;
	struct sim_heap_node nd = { key, pos };

	assert(h->n > 0);
	sim_heap_down(h, 0, nd, o);
	return old;
}

#endif /* SIM_HEAP_H */
