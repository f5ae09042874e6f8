/* job.h - a job as the engine and the policies see it, and its pool.
 *
 * A job J_{i,k} lives from its release until it completes, is aborted or
 * the simulation ends.  Life cycle (engine view):
 *
 *     release --> waiting in its task's FIFO (behind a predecessor)
 *                    |  predecessor completed/aborted
 *                    v
 *                 ready (head of the FIFO: in the policy's runqueue)
 *                    |  ^  dispatch / preemption
 *                    v  |
 *                 running on a CPU (run_cpu >= 0, completion armed)
 *                    |  ^
 *                    |  |  wake-up (after 'len'): ready again
 *                    |  suspended (at a suspension point: still the head
 *                    |  of its FIFO, not in the policy; 'wake' armed)
 *                    v
 *        completed | aborted (deadline timer) | unfinished at H
 *
 * Suspension points (rt_task.suspend) are met in order: 'susp' indexes
 * the next one; its 'done' event fires at the earlier of completion and
 * that point, and the engine tells them apart by the demand left.
 *
 * Only the head of a task's FIFO is ever given to the policy (intra-task
 * sequentiality, docs/theory.md §0.1).  Jobs come from a pool of chunks with a free
 * list: steady state never calls malloc, and memory is O(pending jobs).
 */
#ifndef SIM_JOB_H
#define SIM_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/rt_err.h"
#include "models/rt_time.h"
#include "sim/evq.h"
#include "sim/trace.h"

struct sim_task_rt;

struct sim_job {
	struct sim_job_info info;       /* what records point at; kept current
					 * (remaining is exact whenever a record
					 * is emitted) */
	struct sim_event done;          /* completion; armed while running */
	struct sim_event timer;         /* deadline timer (on_miss: abort) */
	struct sim_event wake;          /* end of a self-suspension */
	uint32_t susp;                  /* next suspension point (index) */
	uint32_t nsusp;                 /* its task's points (a copy: a start
					 * reads no task) */
	bool suspended;                 /* between SUSPEND and RESUME */
	bool blocked;                   /* waiting for a resource, or held
					 * back by SRP before its start
					 * (sim/resource.h): not the
					 * policy's */
	uint32_t sect;                  /* next section boundary point
					 * (sim_task_rt.spt) */
	uint32_t nsect;                 /* its task's points (0: none) */
	int run_cpu;                    /* CPU it runs on now, -1 if none
					 * (here: frac is 8-aligned without a
					 * hole) */
	uint64_t frac;                  /* work executed beyond the whole
					 * units taken off remaining, in
					 * 1/e->den units (CPU speeds) */
	struct sim_job *next, *prev;    /* task FIFO; next = free list link */
	struct sim_task_rt *trt;        /* its task's engine record */
	rt_time since;                  /* running: instant it (re)started */
	/* Owned by the policy (the engine never reads them): */
	struct sim_key key;             /* runqueue order (heap.h), compared
					 * lexicographically (k0, k1, k2);
					 * lower is more urgent.  EDF: k0 =
					 * absolute deadline, (k1, k2) the
					 * tie-break */
	uint32_t rq_idx;                /* slot in a policy heap */
	int pcpu;                       /* CPU the policy placed it on, -1 */
};

/* A task's pending jobs in job order (doubly linked through next/prev, so
 * an aborted job leaves from the middle in O(1)). */
struct sim_job_fifo {
	struct sim_job *head;           /* oldest pending job, NULL if none */
	struct sim_job *tail;           /* newest pending job */
};

static inline void sim_fifo_init(struct sim_job_fifo *f)
{
	f->head = f->tail = NULL;
}

/* Append j (not in any FIFO) at the tail. */
void sim_fifo_append(struct sim_job_fifo *f, struct sim_job *j);
/* Unlink j (in f) from wherever it is. */
void sim_fifo_remove(struct sim_job_fifo *f, struct sim_job *j);

/* Engine-internal pool: chunks of jobs, a free list, grown geometrically
 * (first chunk SIM_POOL_FIRST jobs, each next one twice the previous). */
struct sim_job_chunk;

struct sim_job_pool {
	struct sim_job *free;           /* free list through job->next */
	uint8_t kind[3];                /* of every job's done, timer and
					 * wake events (set once per job) */
	struct sim_job_chunk *chunks;   /* every chunk, freed at fini */
	size_t next_chunk;              /* size of the next chunk (jobs) */
	size_t live;                    /* jobs handed out, not yet put back */
	size_t cap;                     /* jobs in all chunks */
	size_t max;                     /* at most this many jobs in all
					 * chunks; 0: no limit */
};

#define SIM_POOL_FIRST 64

/* An empty pool whose jobs' done, timer and wake events have the kinds
 * given (the engine's dispatch tags, struct sim_event.kind). */
void sim_job_pool_init(struct sim_job_pool *p, uint8_t done, uint8_t timer,
		       uint8_t wake);
void sim_job_pool_fini(struct sim_job_pool *p);        /* frees every chunk */

/* Out-of-line part of sim_job_get (not for callers): a new chunk on the
 * free list (the last one cut to p->max); -1 if it could not be allocated
 * or p->max jobs are out already (pool unchanged). */
int sim_job_pool_grow(struct sim_job_pool *p);

/* A job from the pool, or NULL if a new chunk could not be allocated or
 * p->max jobs are out (pool unchanged; p->max && p->live == p->max tells
 * the limit).  Its events are not queued and have the pool's kinds;
 * every other field is undefined.  Inline: a release takes one. */
static inline struct sim_job *sim_job_get(struct sim_job_pool *p)
{
	struct sim_job *j;

	if (!p->free && sim_job_pool_grow(p) != 0)
		return NULL;
	j = p->free;
	p->free = j->next;
	p->live++;
	return j;
}

/* Return j to the pool; its events must not be queued. */
void sim_job_put(struct sim_job_pool *p, struct sim_job *j);

#endif /* SIM_JOB_H */
