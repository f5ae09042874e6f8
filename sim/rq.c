/* rq.c - runqueue heaps (rq.h): the heap of heap.h instantiated twice,
 * as a min-heap and as a max-heap of policy keys.
 *
 * Each operation tests the direction once and runs the heap compiled for
 * it, so no comparison tests it.  Keys of distinct jobs may compare equal
 * (a policy that does not break ties); the heap is still correct, only
 * the choice among equals is then unspecified, so policies that care
 * (EDF's tie_break) make keys unique.
 */
#include "sim/rq.h"

#include <assert.h>

static inline bool rq_min_less(const struct sim_key *a,
			       const struct sim_key *b)
{
	return sim_key_cmp(a, b) < 0;
}

static inline bool rq_max_less(const struct sim_key *a,
			       const struct sim_key *b)
{
	return sim_key_cmp(a, b) > 0;
}

void sim_rq_init(struct sim_rq *q, bool max)
{
	sim_heap_init(&q->h);
	q->max = max;
}

void sim_rq_fini(struct sim_rq *q)
{
	sim_heap_fini(&q->h);
}

enum rt_err sim_rq_reserve(struct sim_rq *q, size_t cap)
{
	return sim_heap_reserve(&q->h, cap);
}

enum rt_err sim_rq_push(struct sim_rq *q, struct sim_job *j)
{
	enum rt_err err;

	if (q->h.n == q->h.cap && (err = sim_heap_grow(&q->h)) != RT_OK)
		return err;
	if (q->max)
		sim_heap_push(&q->h, &j->key, &j->rq_idx, rq_max_less);
	else
		sim_heap_push(&q->h, &j->key, &j->rq_idx, rq_min_less);
	return RT_OK;
}

void sim_rq_remove(struct sim_rq *q, struct sim_job *j)
{
	assert(j->rq_idx < q->h.n && q->h.node[j->rq_idx].pos == &j->rq_idx);
	if (q->max)
		sim_heap_remove(&q->h, j->rq_idx, rq_max_less);
	else
		sim_heap_remove(&q->h, j->rq_idx, rq_min_less);
}

void sim_rq_update(struct sim_rq *q, struct sim_job *j)
{
	uint32_t i = j->rq_idx;

	assert(i < q->h.n && q->h.node[i].pos == &j->rq_idx);
	q->h.node[i].key = j->key;
	if (q->max)
		sim_heap_fix(&q->h, i, rq_max_less);
	else
		sim_heap_fix(&q->h, i, rq_min_less);
}

struct sim_job *sim_rq_pop(struct sim_rq *q)
{
	struct sim_job *j = sim_rq_top(q);

	if (j)
		sim_rq_remove(q, j);
	return j;
}

struct sim_job *sim_rq_replace_top(struct sim_rq *q, struct sim_job *j)
{
	struct sim_job *old = sim_rq_top(q);

	assert(old);
	if (q->max)
		sim_heap_replace_top(&q->h, &j->key, &j->rq_idx, rq_max_less);
	else
		sim_heap_replace_top(&q->h, &j->key, &j->rq_idx, rq_min_less);
	return old;
}
