/* rq.c - indexed 4-ary heap of jobs by policy key (see rq.h).
 *
 * Same layout as the event queue (evq.c): children of i are 4i+1..4i+4.
 * Invariant: no node is 'before' its parent, where before(a, b) is
 * key(a) < key(b) for a min-heap and key(a) > key(b) for a max-heap, and
 * heap[i].job->rq_idx == i.  Keys of distinct jobs may compare equal
 * (a policy that does not break ties); the heap is still correct, only
 * the choice among equals is then unspecified, so policies that care
 * (EDF's tie_break) make keys unique.
 */
#include "sim/rq.h"

#include <assert.h>

#include "models/mem.h"

#define RQ_D 4
#define RQ_MIN_CAP 16

static inline bool rq_before(const struct sim_rq *q,
			     const struct sim_rq_node *a,
			     const struct sim_rq_node *b)
{
	int c = sim_key_cmp(&a->key, &b->key);

	return q->max ? c > 0 : c < 0;
}

static inline void rq_place(struct sim_rq *q, uint32_t i,
			    struct sim_rq_node nd)
{
	q->heap[i] = nd;
	nd.job->rq_idx = i;
}

void sim_rq_sift_up(struct sim_rq *q, uint32_t i)
{
	struct sim_rq_node nd = q->heap[i];

	while (i > 0) {
		uint32_t p = (i - 1) / RQ_D;

		if (!rq_before(q, &nd, &q->heap[p]))
			break;
		rq_place(q, i, q->heap[p]);
		i = p;
	}
	rq_place(q, i, nd);
}

static void rq_sift_down(struct sim_rq *q, uint32_t i)
{
	struct sim_rq_node nd = q->heap[i];
	uint32_t n = q->n;

	for (;;) {
		uint32_t c = i * RQ_D + 1, end, best;

		if (c >= n)
			break;
		end = c + RQ_D < n ? c + RQ_D : n;
		best = c;
		for (c++; c < end; c++)
			if (rq_before(q, &q->heap[c], &q->heap[best]))
				best = c;
		if (!rq_before(q, &q->heap[best], &nd))
			break;
		rq_place(q, i, q->heap[best]);
		i = best;
	}
	rq_place(q, i, nd);
}

/* Restore order around slot i after its node changed. */
static void rq_fix(struct sim_rq *q, uint32_t i)
{
	if (i > 0 && rq_before(q, &q->heap[i], &q->heap[(i - 1) / RQ_D]))
		sim_rq_sift_up(q, i);
	else
		rq_sift_down(q, i);
}

void sim_rq_init(struct sim_rq *q, bool max)
{
	q->heap = NULL;
	q->n = q->cap = 0;
	q->max = max;
}

void sim_rq_fini(struct sim_rq *q)
{
	rt_free(q->heap);
	sim_rq_init(q, q->max);
}

enum rt_err sim_rq_reserve(struct sim_rq *q, size_t cap)
{
	struct sim_rq_node *h;

	if (cap <= q->cap)
		return RT_OK;
	if (cap >= SIM_RQ_NONE)
		return RT_ERR_NOMEM;
	h = rt_reallocarray(q->heap, cap, sizeof(*h));
	if (!h)
		return RT_ERR_NOMEM;
	q->heap = h;
	q->cap = (uint32_t)cap;
	return RT_OK;
}

enum rt_err sim_rq_push_slow(struct sim_rq *q, struct sim_job *j)
{
	enum rt_err err = sim_rq_reserve(q, q->cap ? (size_t)q->cap * 2
					     : RQ_MIN_CAP);

	if (err)
		return err;
	return sim_rq_push(q, j);
}

void sim_rq_fill(struct sim_rq *q, uint32_t i)
{
	rq_place(q, i, q->heap[q->n]);
	rq_fix(q, i);
}

void sim_rq_update(struct sim_rq *q, struct sim_job *j)
{
	uint32_t i = j->rq_idx;

	assert(i < q->n && q->heap[i].job == j);
	q->heap[i].key = j->key;
	rq_fix(q, i);
}

struct sim_job *sim_rq_replace_top(struct sim_rq *q, struct sim_job *j)
{
	struct sim_job *old = q->heap[0].job;

	assert(q->n > 0);
	q->heap[0].key = j->key;
	q->heap[0].job = j;
	rq_sift_down(q, 0);
	return old;
}
