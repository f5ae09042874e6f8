/* job.c - the job pool (chunks of jobs handed out through a free list)
 * and the per-task FIFO of pending jobs.
 *
 * Chunks are never freed before sim_job_pool_fini, so the pool's size is
 * the peak number of simultaneously pending jobs (rounded up to the
 * geometric chunk sizes), whatever the horizon.
 */
#include "sim/job.h"

#include <assert.h>

#include "models/mem.h"

struct sim_job_chunk {
	struct sim_job_chunk *next;     /* chunk list, newest first */
	size_t n;                       /* jobs in this chunk */
	struct sim_job jobs[];          /* n jobs */
};

void sim_job_pool_init(struct sim_job_pool *p, uint8_t done, uint8_t timer,
		       uint8_t wake)
{
	p->kind[0] = done;
	p->kind[1] = timer;
	p->kind[2] = wake;
	p->free = NULL;
	p->chunks = NULL;
	p->next_chunk = SIM_POOL_FIRST;
	p->live = p->cap = p->max = 0;
}

void sim_job_pool_fini(struct sim_job_pool *p)
{
	struct sim_job_chunk *c = p->chunks;

	while (c) {
		struct sim_job_chunk *next = c->next;

		rt_free(c);
		c = next;
	}
	sim_job_pool_init(p, p->kind[0], p->kind[1], p->kind[2]);
}

int sim_job_pool_grow(struct sim_job_pool *p)
{
	size_t n = p->next_chunk;
	struct sim_job_chunk *c;

	if (p->max && p->cap >= p->max)
		return -1;
	if (p->max && n > p->max - p->cap)
		n = p->max - p->cap;
	if (n > ((size_t)-1 - sizeof(*c)) / sizeof(c->jobs[0]))
		return -1;
	c = rt_malloc(sizeof(*c) + n * sizeof(c->jobs[0]));
	if (!c)
		return -1;
	c->n = n;
	c->next = p->chunks;
	p->chunks = c;
	/* Thread in reverse so jobs come out in address order.  A job's
	 * events keep their kinds for good and are never queued while it is
	 * free, so a job handed out needs neither set. */
	for (size_t i = n; i-- > 0;) {
		struct sim_job *j = &c->jobs[i];

		sim_event_init(&j->done, p->kind[0]);
		sim_event_init(&j->timer, p->kind[1]);
		sim_event_init(&j->wake, p->kind[2]);
		j->next = p->free;
		p->free = j;
	}
	p->cap += n;
	if (n <= (size_t)-1 / 2)
		p->next_chunk = n * 2;
	return 0;
}

void sim_job_put(struct sim_job_pool *p, struct sim_job *j)
{
	assert(!sim_event_queued(&j->done) && !sim_event_queued(&j->timer) &&
	       !sim_event_queued(&j->wake));
	assert(p->live > 0);
	j->next = p->free;
	p->free = j;
	p->live--;
}

void sim_fifo_append(struct sim_job_fifo *f, struct sim_job *j)
{
	j->next = NULL;
	j->prev = f->tail;
	if (f->tail)
		f->tail->next = j;
	else
		f->head = j;
	f->tail = j;
}

void sim_fifo_remove(struct sim_job_fifo *f, struct sim_job *j)
{
	assert(f->head && f->tail);
	if (j->prev)
		j->prev->next = j->next;
	else
		f->head = j->next;
	if (j->next)
		j->next->prev = j->prev;
	else
		f->tail = j->prev;
	j->next = j->prev = NULL;
}
