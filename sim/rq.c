/* rq.c - the runqueue operations that touch the heap (rq.h): the heap of
 * heap.h instantiated with the one order of every runqueue, sim_key_less
 * on keys as the runqueue caches them. */
#include "sim/rq.h"

#include <assert.h>

/* The one order of every runqueue: sim_key_less on keys as cached. */
static const struct sim_heap_order sim_rq_order = {
	sim_key_less, sim_key_less_bf
};

/* The job of a heap node. */
static inline struct sim_job *rq_job(const struct sim_heap_node *nd)
{
	return (struct sim_job *)(void *)((char *)nd->pos -
					  offsetof(struct sim_job, rq_idx));
}

enum rt_err sim_rq_push_slow(struct sim_rq *q, struct sim_job *j)
{
	struct sim_key k = sim_rq_key(q, j);

	if (q->h.n == q->h.cap) {
		enum rt_err err = sim_heap_grow(&q->h);

		if (err)
			return err;
	}
	if (sim_key_less(&k, &q->fkey)) {       /* j is the new top */
		sim_heap_push(&q->h, q->fkey, &q->front->rq_idx,
			      &sim_rq_order);
		sim_rq_set_front_(q, j, &k);
	} else {
		sim_heap_push(&q->h, k, &j->rq_idx, &sim_rq_order);
	}
	return RT_OK;
}

void sim_rq_promote(struct sim_rq *q)
{
	struct sim_job *t = rq_job(&q->h.node[0]);
	struct sim_key k = q->h.node[0].key;

	sim_heap_remove(&q->h, 0, &sim_rq_order);
	sim_rq_set_front_(q, t, &k);
}

/* The heap's top becomes the front and j (key k) takes its place in the
 * heap, or j becomes the front if it comes first. */
static void rq_replace(struct sim_rq *q, struct sim_job *j,
		       const struct sim_key *k)
{
	struct sim_job *t;
	struct sim_key tk;

	if (sim_key_less(k, &q->h.node[0].key)) {
		sim_rq_set_front_(q, j, k);
		return;
	}
	t = rq_job(&q->h.node[0]);
	tk = q->h.node[0].key;
	sim_heap_replace_top(&q->h, *k, &j->rq_idx, &sim_rq_order);
	sim_rq_set_front_(q, t, &tk);
}

void sim_rq_replace_slow(struct sim_rq *q, struct sim_job *j)
{
	struct sim_key k = sim_rq_key(q, j);

	rq_replace(q, j, &k);
}

void sim_rq_remove_slow(struct sim_rq *q, struct sim_job *j)
{
	assert(j->rq_idx < q->h.n && q->h.node[j->rq_idx].pos == &j->rq_idx);
	sim_heap_remove(&q->h, j->rq_idx, &sim_rq_order);
}

void sim_rq_update(struct sim_rq *q, struct sim_job *j)
{
	struct sim_key k = sim_rq_key(q, j);

	if (j != q->front) {
		uint32_t i = j->rq_idx;
		struct sim_heap_node nd = { k, &j->rq_idx };

		assert(i < q->h.n && q->h.node[i].pos == &j->rq_idx);
		sim_heap_place(&q->h, i, nd, &sim_rq_order);
		if (!sim_key_less(&q->h.node[0].key, &q->fkey))
			return;
		/* a heap job now comes first: it and the front swap */
		k = q->fkey;
		j = q->front;
	}
	if (q->h.n && sim_key_less(&q->h.node[0].key, &k))
		rq_replace(q, j, &k);
	else
		q->fkey = k;
}
