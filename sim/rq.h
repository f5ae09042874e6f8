/* rq.h - runqueue heap: jobs in the indexed 4-ary heap of heap.h ordered
 * by their policy key (struct sim_key), for policies to build runqueues
 * from.
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
#include "sim/heap.h"
#include "sim/job.h"

#define SIM_RQ_NONE SIM_HEAP_NONE       /* rq_idx of a job in no heap */

struct sim_rq {
	struct sim_heap h;              /* nodes point at job->rq_idx */
	bool max;                       /* true: largest key on top */
};

/* Empty heap; 'max' chooses the direction.  fini frees the array (jobs
 * still in it get rq_idx SIM_RQ_NONE) and accepts a zeroed heap. */
void sim_rq_init(struct sim_rq *q, bool max);
void sim_rq_fini(struct sim_rq *q);

/* Room for 'cap' jobs, so pushes up to that size cannot fail.  On failure
 * (RT_ERR_NOMEM) the heap is unchanged. */
enum rt_err sim_rq_reserve(struct sim_rq *q, size_t cap);

/* The job of the node at slot i (i < size). */
static inline struct sim_job *sim_rq_at(const struct sim_rq *q, uint32_t i)
{
	return (struct sim_job *)(void *)((char *)q->h.node[i].pos -
					  offsetof(struct sim_job, rq_idx));
}

/* Add j (in no heap) with key j->key.  RT_ERR_NOMEM if growing failed
 * (heap unchanged). */
enum rt_err sim_rq_push(struct sim_rq *q, struct sim_job *j);
/* Remove j (in q).  Cannot fail. */
void sim_rq_remove(struct sim_rq *q, struct sim_job *j);
/* j->key changed: restore the order.  Cannot fail. */
void sim_rq_update(struct sim_rq *q, struct sim_job *j);
/* Remove and return the top (NULL if empty). */
struct sim_job *sim_rq_pop(struct sim_rq *q);
/* Replace the top (q not empty) by j and return the old top: one sift
 * instead of a pop and a push.  j may still sit in another heap whose
 * top it is being swapped out of (the two-heap exchange of a
 * preemption); the old top's rq_idx is left alone, so the caller must
 * place it in a heap right away.  Cannot fail. */
struct sim_job *sim_rq_replace_top(struct sim_rq *q, struct sim_job *j);

static inline struct sim_job *sim_rq_top(const struct sim_rq *q)
{
	return q->h.n ? sim_rq_at(q, 0) : NULL;
}

/* The key of the top as cached in the heap (q not empty). */
static inline const struct sim_key *sim_rq_top_key(const struct sim_rq *q)
{
	assert(q->h.n > 0);
	return &q->h.node[0].key;
}

static inline size_t sim_rq_size(const struct sim_rq *q)
{
	return q->h.n;
}

#endif /* SIM_RQ_H */
