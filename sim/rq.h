/* rq.h - runqueue heap: an indexed 4-ary heap of jobs ordered by their
 * policy key (struct sim_key), for policies to build runqueues from.
 *
 * A min-heap keeps the most urgent ready job on top (EDF: earliest
 * deadline); a max-heap of the jobs running on a set of CPUs keeps the
 * preemption victim on top (the least urgent running job, as the kernel's
 * cpudl heap), so global dispatch finds it in O(1) and updates in
 * O(log m).  A job is in at most one heap at a time: its slot lives in
 * job->rq_idx.  Keys are copied into the nodes at push, so sifting never
 * touches job memory; a key may only change through sim_rq_update().
 */
#ifndef SIM_RQ_H
#define SIM_RQ_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/rt_err.h"
#include "sim/job.h"

#define SIM_RQ_NONE UINT32_MAX          /* rq_idx of a job in no heap */

struct sim_rq_node {
	struct sim_key key;             /* copy of job->key */
	struct sim_job *job;            /* borrowed; engine-owned */
};

struct sim_rq {
	struct sim_rq_node *heap;       /* heap[0] is the top */
	uint32_t n;                     /* jobs queued */
	uint32_t cap;                   /* slots allocated */
	bool max;                       /* true: largest key on top */
};

/* Empty heap; 'max' chooses the direction.  fini frees the array and
 * accepts a zeroed heap. */
void sim_rq_init(struct sim_rq *q, bool max);
void sim_rq_fini(struct sim_rq *q);

/* Room for 'cap' jobs, so pushes up to that size cannot fail.  On failure
 * (RT_ERR_NOMEM) the heap is unchanged. */
enum rt_err sim_rq_reserve(struct sim_rq *q, size_t cap);

/* Out-of-line parts of the inline operations below (not for callers). */
void sim_rq_sift_up(struct sim_rq *q, uint32_t i);
enum rt_err sim_rq_push_slow(struct sim_rq *q, struct sim_job *j);
void sim_rq_fill(struct sim_rq *q, uint32_t i);

/* Add j (in no heap) with key j->key.  RT_ERR_NOMEM if growing failed
 * (heap unchanged). */
static inline enum rt_err sim_rq_push(struct sim_rq *q, struct sim_job *j)
{
	uint32_t i = q->n;

	if (i == q->cap)
		return sim_rq_push_slow(q, j);
	q->heap[i].key = j->key;
	q->heap[i].job = j;
	j->rq_idx = i;
	q->n = i + 1;
	if (i > 0)
		sim_rq_sift_up(q, i);
	return RT_OK;
}

/* Remove j (in q).  Cannot fail. */
static inline void sim_rq_remove(struct sim_rq *q, struct sim_job *j)
{
	uint32_t i = j->rq_idx;

	assert(i < q->n && q->heap[i].job == j);
	j->rq_idx = SIM_RQ_NONE;
	if (i != --q->n)
		sim_rq_fill(q, i);      /* the last node fills the hole */
}

/* j->key changed: restore the order.  Cannot fail. */
void sim_rq_update(struct sim_rq *q, struct sim_job *j);
/* Remove and return the top (NULL if empty). */
static inline struct sim_job *sim_rq_pop(struct sim_rq *q)
{
	struct sim_job *j = q->n ? q->heap[0].job : NULL;

	if (j)
		sim_rq_remove(q, j);
	return j;
}
/* Replace the top (q not empty) by j and return the old top: one sift
 * instead of a pop and a push.  j may still sit in another heap whose
 * top it is being swapped out of (the two-heap exchange of a
 * preemption); the old top's rq_idx is left alone, so the caller must
 * place it in a heap right away.  Cannot fail. */
struct sim_job *sim_rq_replace_top(struct sim_rq *q, struct sim_job *j);

static inline struct sim_job *sim_rq_top(const struct sim_rq *q)
{
	return q->n ? q->heap[0].job : NULL;
}

static inline size_t sim_rq_size(const struct sim_rq *q)
{
	return q->n;
}

#endif /* SIM_RQ_H */
