/* rq.h - runqueue heap: jobs in the indexed 4-ary heap of heap.h ordered
 * by their policy key (struct sim_key), for policies to build runqueues
 * from.
 *
 * The top is kept out of the heap (the runqueue's 'front'): looking at
 * it costs no indirection, a runqueue of one job (the running "heap" of
 * a one-CPU cluster) is never a heap at all, and a preempted job that
 * goes back before every waiting one (the usual case: it ran because it
 * was the most urgent) is put back in O(1), then resumes in O(1).
 *
 * A min-heap keeps the most urgent ready job on top (EDF: earliest
 * deadline); a max-heap of the jobs running on a set of CPUs keeps the
 * preemption victim on top (the least urgent running job, as the kernel's
 * cpudl heap), so global dispatch finds it in O(1) and updates in
 * O(log m).  A job is in at most one heap at a time: its slot lives in
 * job->rq_idx.  Keys are copied into the nodes at push, so sifting never
 * touches job memory; a key may only change through sim_rq_update().
 *
 * A max-heap caches its keys complemented (every word XOR all ones:
 * ~x < ~y iff x > y, for the signed and the unsigned words alike), so it
 * is the same min-heap and no comparison tests the direction.  Keys of
 * distinct jobs may compare equal (a policy that does not break ties);
 * the heap is still correct, only the choice among equals is then
 * unspecified, so policies that care (EDF's tie_break) make keys unique.
 * The operations are inline where they do not touch the heap (a
 * runqueue of one job never does), and out of line (rq.c) where they
 * do.
 */
#ifndef SIM_RQ_H
#define SIM_RQ_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/rt_err.h"
#include "sim/heap.h"
#include "sim/job.h"

#define SIM_RQ_NONE SIM_HEAP_NONE       /* rq_idx of a job in no heap */
#define SIM_RQ_FRONT (SIM_HEAP_NONE - 1)/* rq_idx of a runqueue's front */

struct sim_rq {
	struct sim_job *front;          /* the top, kept out of the heap:
					 * before every job of h; NULL iff
					 * the runqueue is empty */
	struct sim_key fkey;            /* its key as cached (flip) */
	struct sim_heap h;              /* the other jobs; nodes point at
					 * job->rq_idx */
	uint64_t flip;                  /* 0: a min-heap; all ones: a
					 * max-heap, caching every key word
					 * complemented (which reverses the
					 * order), so both are the one
					 * min-heap of sim_key_less */
};

/* Empty runqueue; 'max' chooses the direction.  fini frees the array
 * (jobs still in it get rq_idx SIM_RQ_NONE) and accepts a zeroed one. */
static inline void sim_rq_init(struct sim_rq *q, bool max)
{
	q->front = NULL;
	sim_heap_init(&q->h);
	q->flip = max ? UINT64_MAX : 0;
}

static inline void sim_rq_fini(struct sim_rq *q)
{
	if (q->front)
		q->front->rq_idx = SIM_RQ_NONE;
	q->front = NULL;
	sim_heap_fini(&q->h);
}

/* Room for 'cap' jobs, so pushes up to that size cannot fail.  On failure
 * (RT_ERR_NOMEM) the runqueue is unchanged. */
static inline enum rt_err sim_rq_reserve(struct sim_rq *q, size_t cap)
{
	return sim_heap_reserve(&q->h, cap > 0 ? cap - 1 : 0);
}

static inline size_t sim_rq_size(const struct sim_rq *q)
{
	return q->h.n + (q->front != NULL);
}

static inline struct sim_job *sim_rq_top(const struct sim_rq *q)
{
	return q->front;
}

/* The job of a heap node. */
static inline struct sim_job *sim_rq_job_(const struct sim_heap_node *nd)
{
	return (struct sim_job *)(void *)((char *)nd->pos -
					  offsetof(struct sim_job, rq_idx));
}

/* The i-th job (i < size; 0 is the top, the others in no order). */
static inline struct sim_job *sim_rq_at(const struct sim_rq *q, uint32_t i)
{
	return i == 0 ? q->front : sim_rq_job_(&q->h.node[i - 1]);
}

/* j's key as q caches it. */
static inline struct sim_key sim_rq_key(const struct sim_rq *q,
					const struct sim_job *j)
{
	struct sim_key k = {
		.k0 = (int64_t)((uint64_t)j->key.k0 ^ q->flip),
		.k1 = (int64_t)((uint64_t)j->key.k1 ^ q->flip),
		.k2 = j->key.k2 ^ q->flip,
	};

	return k;
}

static inline void sim_rq_set_front_(struct sim_rq *q, struct sim_job *j,
				     const struct sim_key *k)
{
	q->front = j;
	q->fkey = *k;
	j->rq_idx = SIM_RQ_FRONT;
}

/* Out-of-line parts of the operations below (rq.c; not for callers):
 * push j when q has a front; the heap's top becomes the front; replace
 * the front by j when the heap's top comes before j; remove j from the
 * heap. */
enum rt_err sim_rq_push_slow(struct sim_rq *q, struct sim_job *j);
void sim_rq_promote(struct sim_rq *q);
void sim_rq_replace_slow(struct sim_rq *q, struct sim_job *j);
void sim_rq_remove_slow(struct sim_rq *q, struct sim_job *j);

/* j (in no runqueue, or the top of one it is being swapped out of) is
 * the one job of q, which is empty or holds only the job j replaces,
 * and never holds two: its key is not cached, since nothing compares
 * with the front of a runqueue that holds no other job (the running
 * set of a one-CPU cluster, whose job the dispatch compares by its own
 * key).  Returns the job replaced, or NULL.  Cannot fail. */
static inline struct sim_job *sim_rq_put_only(struct sim_rq *q,
					      struct sim_job *j)
{
	struct sim_job *old = q->front;

	assert(q->h.n == 0);
	q->front = j;
	j->rq_idx = SIM_RQ_FRONT;
	return old;
}

/* Add j (in no runqueue) with key j->key.  RT_ERR_NOMEM if the heap had
 * to grow and could not (runqueue unchanged). */
static inline enum rt_err sim_rq_push(struct sim_rq *q, struct sim_job *j)
{
	struct sim_key k;

	if (q->front)
		return sim_rq_push_slow(q, j);
	k = sim_rq_key(q, j);
	sim_rq_set_front_(q, j, &k);
	return RT_OK;
}

/* Remove and return the top (NULL if empty). */
static inline struct sim_job *sim_rq_pop(struct sim_rq *q)
{
	struct sim_job *j = q->front;

	if (!j)
		return NULL;
	if (q->h.n)
		sim_rq_promote(q);
	else
		q->front = NULL;
	j->rq_idx = SIM_RQ_NONE;
	return j;
}

/* Remove j (in q).  Cannot fail. */
static inline void sim_rq_remove(struct sim_rq *q, struct sim_job *j)
{
	if (j == q->front)
		sim_rq_pop(q);
	else
		sim_rq_remove_slow(q, j);
}

/* Replace the top (q not empty) by j (in no runqueue, or the top of one
 * it is being swapped out of: the two-heap exchange of a preemption) and
 * return the old top, whose rq_idx is left alone: the caller places it
 * in a runqueue right away.  O(1) when j comes before every other job,
 * else one sift.  Cannot fail. */
static inline struct sim_job *sim_rq_replace_top(struct sim_rq *q,
						 struct sim_job *j)
{
	struct sim_job *old = q->front;
	struct sim_key k = sim_rq_key(q, j);

	assert(old);
	if (q->h.n && !sim_key_less(&k, &q->h.node[0].key))
		sim_rq_replace_slow(q, j);      /* the heap's top first */
	else
		sim_rq_set_front_(q, j, &k);
	return old;
}

/* j->key changed: restore the order.  Cannot fail. */
void sim_rq_update(struct sim_rq *q, struct sim_job *j);

#endif /* SIM_RQ_H */
