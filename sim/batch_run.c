/* batch_run.c - running an experiment slice on worker threads.
 *
 * The work is a queue of chunks (BATCH_CHUNK consecutive samples of one
 * point, points in order).  A worker takes a chunk under the lock, runs
 * its sets with its own workspace, then, under the lock again, reports
 * the chunk's contradictions, adds its counts to the point's and, when
 * the point's last chunk is in, calls point_done.  Counts are sums, so the
 * result is the same for any number of threads and any interleaving;
 * only the order of the hook calls varies.
 */
#include "sim/batch.h"

#include <pthread.h>
#include <string.h>

#include "models/mem.h"

#define BATCH_CHUNK 16                  /* samples per unit of work */

struct batch_point {
	uint64_t first, last;           /* samples of the slice */
	uint64_t remaining;             /* not yet counted */
	struct rt_exp_counts c;
};

struct batch {
	const struct rt_exp *x;
	const struct sim_exp_hooks *h;
	const volatile sig_atomic_t *stop;
	pthread_mutex_t lock;
	struct batch_point *pt;
	size_t p;                       /* point being handed out */
	uint64_t next;                  /* its next sample */
	uint64_t done, total;           /* sets of the run */
	enum rt_err err;                /* first error, under the lock */
	struct rt_diag d;
	bool stopped;
};

/* Under the lock: the next chunk, or false when there is none. */
static bool batch_take(struct batch *b, size_t *p, uint64_t *s0, uint64_t *s1)
{
	if (b->err)
		return false;
	if (b->stop && *b->stop) {
		b->stopped = true;
		return false;
	}
	while (b->p < b->x->npoints && b->next >= b->pt[b->p].last) {
		b->p++;
		if (b->p < b->x->npoints)
			b->next = b->pt[b->p].first;
	}
	if (b->p >= b->x->npoints)
		return false;
	*p = b->p;
	*s0 = b->next;
	*s1 = b->pt[b->p].last - b->next > BATCH_CHUNK ? b->next + BATCH_CHUNK
						       : b->pt[b->p].last;
	b->next = *s1;
	return true;
}

static void batch_fail(struct batch *b, enum rt_err err, const struct rt_diag *d)
{
	if (!b->err) {
		b->err = err;
		memcpy(&b->d, d, sizeof(b->d));
	}
}

static void *batch_worker(void *arg)
{
	struct batch *b = arg;
	const struct rt_exp *x = b->x;
	struct sim_exp_ws ws;
	uint64_t contra[BATCH_CHUNK];
	struct rt_diag d = { "" };
	enum rt_err err = sim_exp_ws_init(&ws, x);

	pthread_mutex_lock(&b->lock);
	if (err) {
		rt_diagf(&d, err, "experiment workspace: %s", rt_strerror(err));
		batch_fail(b, err, &d);
	}
	for (;;) {
		struct rt_exp_counts c;
		size_t p, nc = 0;
		uint64_t s0, s1;

		if (!batch_take(b, &p, &s0, &s1))
			break;
		pthread_mutex_unlock(&b->lock);
		memset(&c, 0, sizeof(c));
		for (uint64_t s = s0; s < s1 && !err; s++) {
			struct sim_exp_item it;

			err = sim_exp_item(x, p, s, &ws, &it, &d);
			if (err)
				break;
			c.sets++;
			for (size_t i = 0; i < x->ntests; i++)
				c.accepted[i] += it.accepted[i];
			c.missed += it.missed;
			c.exact += it.exact;
			c.unplaced += it.unplaced;
			c.refused += it.refused;
			c.redrawn += it.redrawn;
			if (it.bounded) {
				c.tard_sets++;
				if (it.tard_obs > c.max_tard)
					c.max_tard = it.tard_obs;
				if (it.bound > c.max_bound)
					c.max_bound = it.bound;
			}
			if (it.contradiction) {
				c.contradictions++;
				contra[nc++] = s;
			}
		}
		pthread_mutex_lock(&b->lock);
		if (err) {
			rt_diag_prefix(&d, "point %zu: ", p);
			batch_fail(b, err, &d);
			break;
		}
		for (size_t i = 0; i < nc && !b->err && b->h->contradiction; i++) {
			err = b->h->contradiction(b->h->ctx, p, contra[i]);
			if (err) {
				rt_diagf(&d, err, "saving contradiction %zu:%llu",
					 p, (unsigned long long)contra[i]);
				batch_fail(b, err, &d);
			}
		}
		rt_exp_counts_add(&b->pt[p].c, &c);
		b->pt[p].remaining -= s1 - s0;
		b->done += s1 - s0;
		if (b->h->progress)
			b->h->progress(b->h->ctx, b->done, b->total);
		if (!b->pt[p].remaining && !b->err && b->h->point_done) {
			err = b->h->point_done(b->h->ctx, p, &b->pt[p].c);
			if (err) {
				rt_diagf(&d, err, "point %zu: %s", p,
					 rt_strerror(err));
				batch_fail(b, err, &d);
			}
		}
	}
	pthread_mutex_unlock(&b->lock);
	sim_exp_ws_fini(&ws);
	return NULL;
}

enum rt_err sim_exp_run(const struct rt_exp *x,
			const struct rt_exp_slice *sl, const bool *skip,
			unsigned threads, const struct sim_exp_hooks *h,
			const volatile sig_atomic_t *stop, bool *stopped,
			struct rt_diag *d)
{
	struct batch b;
	pthread_t *tid;
	unsigned started = 0;

	*stopped = false;
	if (!sl->count || sl->index < 1 || sl->index > sl->count)
		return rt_diagf(d, RT_ERR_INVAL, "shard %u/%u: expected 1 <= I "
				"<= N", sl->index, sl->count);
	if (threads < 1)
		threads = 1;
	memset(&b, 0, sizeof(b));
	b.x = x;
	b.h = h;
	b.stop = stop;
	b.pt = rt_calloc(x->npoints, sizeof(*b.pt));
	tid = rt_calloc(threads, sizeof(*tid));
	if (!b.pt || !tid) {
		rt_free(b.pt);
		rt_free(tid);
		return rt_diagf(d, RT_ERR_NOMEM, "experiment: out of memory");
	}
	for (size_t p = 0; p < x->npoints; p++) {
		struct batch_point *pt = &b.pt[p];

		rt_exp_slice_range(x, sl, p, &pt->first, &pt->last);
		if (skip && skip[p])
			pt->last = pt->first;
		pt->remaining = pt->last - pt->first;
		b.total += pt->remaining;
	}
	b.next = b.pt[0].first;
	if (pthread_mutex_init(&b.lock, NULL)) {
		rt_free(b.pt);
		rt_free(tid);
		return rt_diagf(d, RT_ERR_NOMEM, "experiment: no mutex");
	}
	for (unsigned i = 1; i < threads; i++) {
		if (pthread_create(&tid[i], NULL, batch_worker, &b))
			break;
		started++;
	}
	batch_worker(&b);               /* the calling thread works too */
	for (unsigned i = 1; i <= started; i++)
		pthread_join(tid[i], NULL);
	pthread_mutex_destroy(&b.lock);
	rt_free(b.pt);
	rt_free(tid);
	*stopped = b.stopped;
	if (b.err && d)
		memcpy(d, &b.d, sizeof(*d));
	return b.err;
}
