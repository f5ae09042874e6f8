/* test_heap.c - the indexed 4-ary heap of sim/heap.h on its own: a
 * min- and a max-order instantiated here, random operations checked
 * against a plain array after every step (SQLite bitvec style), the
 * runqueue wrapper (sim/rq.h) the same way, and growth failures. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/mem.h"
#include "models/rng.h"
#include "sim/heap.h"
#include "sim/rq.h"
#include "tests/suites.h"

#define NITEM 300

struct item {
	struct sim_key key;
	uint32_t pos;                   /* the heap's slot, or NONE */
};

static bool min_less(const struct sim_key *a, const struct sim_key *b)
{
	return sim_key_cmp(a, b) < 0;
}

static bool max_less(const struct sim_key *a, const struct sim_key *b)
{
	return sim_key_cmp(a, b) > 0;
}

/* The heap's invariant: every node's item knows its slot, the cached key
 * is the item's, no node before its parent; and exactly the items marked
 * queued are in it. */
static bool heap_ok(const struct sim_heap *h, const struct item *it,
		    size_t nit, sim_heap_less *less)
{
	size_t queued = 0;

	for (size_t k = 0; k < nit; k++)
		queued += it[k].pos != SIM_HEAP_NONE;
	if (queued != h->n)
		return false;
	for (uint32_t i = 0; i < h->n; i++) {
		const struct item *x = (const struct item *)(const void *)
				       ((const char *)h->node[i].pos -
					offsetof(struct item, pos));

		if (*h->node[i].pos != i ||
		    sim_key_cmp(&h->node[i].key, &x->key) != 0)
			return false;
		if (i > 0 && less(&h->node[i].key, &h->node[(i - 1) / 4].key))
			return false;
	}
	return true;
}

/* The least queued item by 'less' (a scan), or NULL. */
static const struct item *ref_top(const struct item *it, size_t nit,
				  sim_heap_less *less)
{
	const struct item *best = NULL;

	for (size_t k = 0; k < nit; k++)
		if (it[k].pos != SIM_HEAP_NONE &&
		    (!best || less(&it[k].key, &best->key)))
			best = &it[k];
	return best;
}

/* Small key ranges, so that equal first words (and whole equal keys)
 * happen often; keys are made unique by k2 unless 'dups'. */
static void draw_key(struct rt_rng *g, struct sim_key *k, uint64_t uniq,
		     bool dups)
{
	k->k0 = rt_rng_range(g, -5, 20);
	k->k1 = rt_rng_range(g, 0, 3);
	k->k2 = dups ? (uint64_t)rt_rng_range(g, 0, 1) : uniq;
}

static void run_random(sim_heap_less *less, uint64_t seed, bool dups)
{
	struct item it[NITEM];
	struct sim_heap h;
	struct rt_rng g;
	uint64_t uniq = 0;
	bool ok = true;

	rt_rng_seed(&g, seed);
	sim_heap_init(&h);
	CU_ASSERT_EQUAL_FATAL(sim_heap_reserve(&h, NITEM), RT_OK);
	for (size_t k = 0; k < NITEM; k++)
		it[k].pos = SIM_HEAP_NONE;
	for (int step = 0; step < 20000 && ok; step++) {
		struct item *x = &it[rt_rng_range(&g, 0, NITEM - 1)];
		const struct item *top = ref_top(it, NITEM, less);
		int op = (int)rt_rng_range(&g, 0, 4);

		if (x->pos == SIM_HEAP_NONE) {          /* push */
			draw_key(&g, &x->key, uniq++, dups);
			sim_heap_push(&h, &x->key, &x->pos, less);
		} else if (op == 0) {                   /* remove anywhere */
			sim_heap_remove(&h, x->pos, less);
			ok = x->pos == SIM_HEAP_NONE;
		} else if (op == 1) {                   /* re-key, either way */
			draw_key(&g, &x->key, uniq++, dups);
			h.node[x->pos].key = x->key;
			sim_heap_fix(&h, x->pos, less);
		} else if (op == 2 && top) {            /* pop the top */
			const struct item *t = (const struct item *)(const void *)
				((const char *)h.node[0].pos -
				 offsetof(struct item, pos));

			/* equal keys: any of them may be on top */
			ok = sim_key_cmp(&t->key, &top->key) == 0;
			sim_heap_remove(&h, 0, less);
		} else if (op == 3 && top) {            /* replace the top */
			struct item *y = NULL;
			uint32_t *old;

			for (size_t k = 0; k < NITEM && !y; k++)
				if (it[k].pos == SIM_HEAP_NONE)
					y = &it[k];
			if (!y)
				continue;
			draw_key(&g, &y->key, uniq++, dups);
			old = sim_heap_replace_top(&h, &y->key, &y->pos, less);
			ok = *old == 0 || *old == SIM_HEAP_NONE;
			*old = SIM_HEAP_NONE;   /* the caller places it: out */
		}
		ok = ok && heap_ok(&h, it, NITEM, less);
		top = ref_top(it, NITEM, less);
		ok = ok && (h.n == 0) == (top == NULL);
		ok = ok && (!top || sim_key_cmp(&h.node[0].key, &top->key) == 0);
	}
	if (!ok)
		fprintf(stderr, "\n  heap: seed %" PRIu64 " failed\n", seed);
	CU_ASSERT_TRUE(ok);
	sim_heap_fini(&h);
	for (size_t k = 0; k < NITEM; k++)
		CU_ASSERT_EQUAL(it[k].pos, SIM_HEAP_NONE);
}

static void test_heap_min_random(void)
{
	for (uint64_t seed = 1; seed <= 4; seed++)
		run_random(min_less, seed, false);
}

static void test_heap_max_random(void)
{
	for (uint64_t seed = 11; seed <= 14; seed++)
		run_random(max_less, seed, false);
}

static void test_heap_equal_keys(void)
{
	run_random(min_less, 21, true);
	run_random(max_less, 22, true);
}

/* Popping everything gives the keys in order: a heap sort. */
static void test_heap_sorts(void)
{
	struct item it[NITEM];
	struct sim_heap h;
	struct rt_rng g;
	struct sim_key prev = { INT64_MIN, INT64_MIN, 0 };

	rt_rng_seed(&g, 31);
	sim_heap_init(&h);
	for (size_t k = 0; k < NITEM; k++) {
		draw_key(&g, &it[k].key, k, false);
		if (h.n == h.cap)
			CU_ASSERT_EQUAL_FATAL(sim_heap_grow(&h), RT_OK);
		sim_heap_push(&h, &it[k].key, &it[k].pos, min_less);
	}
	CU_ASSERT_TRUE(h.cap >= NITEM);
	while (h.n) {
		CU_ASSERT_TRUE(sim_key_cmp(&prev, &h.node[0].key) < 0);
		prev = h.node[0].key;
		sim_heap_remove(&h, 0, min_less);
	}
	sim_heap_fini(&h);
}

/* Growth that cannot allocate leaves the heap as it was. */
static void test_heap_grow_failure(void)
{
	struct item it[20];
	struct sim_heap h;

	sim_heap_init(&h);
	CU_ASSERT_EQUAL(sim_heap_grow(&h), RT_OK);
	CU_ASSERT_EQUAL(h.cap, 16);
	for (int k = 0; k < 16; k++) {
		it[k].key = (struct sim_key){ 16 - k, 0, 0 };
		sim_heap_push(&h, &it[k].key, &it[k].pos, min_less);
	}
	rt_mem_fail_after(0);
	CU_ASSERT_EQUAL(sim_heap_grow(&h), RT_ERR_NOMEM);
	rt_mem_fail_after(-1);
	CU_ASSERT_EQUAL(h.cap, 16);
	CU_ASSERT_EQUAL(h.n, 16);
	CU_ASSERT_EQUAL(h.node[0].key.k0, 1);
	CU_ASSERT_EQUAL(sim_heap_reserve(&h, SIM_HEAP_NONE), RT_ERR_NOMEM);
	CU_ASSERT_EQUAL(sim_heap_reserve(&h, 8), RT_OK);        /* no shrink */
	CU_ASSERT_EQUAL(h.cap, 16);
	sim_heap_fini(&h);
	CU_ASSERT_EQUAL(it[3].pos, SIM_HEAP_NONE);
}

/* The runqueue wrapper: min and max heaps of jobs, the two-heap
 * exchange of a preemption, against a scan. */
static void test_rq_exchange(void)
{
	struct sim_job job[40];
	struct sim_rq ready, running;
	struct rt_rng g;
	bool ok = true;

	memset(job, 0, sizeof(job));
	rt_rng_seed(&g, 41);
	sim_rq_init(&ready, false);
	sim_rq_init(&running, true);
	for (int k = 0; k < 40; k++) {
		job[k].key = (struct sim_key){ rt_rng_range(&g, 0, 9), k, 0 };
		job[k].rq_idx = SIM_RQ_NONE;
		CU_ASSERT_EQUAL(sim_rq_push(k < 4 ? &running : &ready, &job[k]),
				RT_OK);
	}
	/* Four CPUs: while the earliest waiting job is before the latest
	 * running one, swap them. */
	for (int step = 0; step < 200 && ok; step++) {
		struct sim_job *w = sim_rq_top(&ready), *r = sim_rq_top(&running);
		struct sim_job *x = &job[rt_rng_range(&g, 0, 39)];

		if (sim_key_cmp(&w->key, &r->key) < 0) {
			ok = sim_rq_replace_top(&ready, r) == w &&
			     sim_rq_replace_top(&running, w) == r;
		} else {                /* re-key some job, wherever it is */
			x->key.k0 = rt_rng_range(&g, 0, 9);
			sim_rq_update(x->rq_idx < sim_rq_size(&running) &&
				      sim_rq_at(&running, x->rq_idx) == x ?
				      &running : &ready, x);
		}
		for (int k = 0; k < 40; k++) {
			struct sim_rq *q = sim_rq_size(&running) > job[k].rq_idx &&
					   sim_rq_at(&running, job[k].rq_idx) ==
					   &job[k] ? &running : &ready;

			ok = ok && sim_rq_at(q, job[k].rq_idx) == &job[k];
			ok = ok && (q == &running ?
				    sim_key_cmp(&job[k].key, &sim_rq_top(q)->key) <= 0 :
				    sim_key_cmp(&job[k].key, &sim_rq_top(q)->key) >= 0);
		}
	}
	CU_ASSERT_TRUE(ok);
	CU_ASSERT_EQUAL(sim_rq_size(&running), 4);
	CU_ASSERT_EQUAL(sim_rq_size(&ready), 36);
	for (size_t n = 36; n > 0; n--)
		CU_ASSERT_PTR_NOT_NULL(sim_rq_pop(&ready));
	CU_ASSERT_PTR_NULL(sim_rq_pop(&ready));
	sim_rq_fini(&ready);
	sim_rq_fini(&running);
	CU_ASSERT_EQUAL(job[0].rq_idx, SIM_RQ_NONE);
}

CU_TestInfo heap_tests[] = {
	{ "min-heap: random operations keep the invariant and the least on top",
	  test_heap_min_random },
	{ "max-heap: random operations keep the invariant and the most on top",
	  test_heap_max_random },
	{ "equal keys are allowed (any of them on top)", test_heap_equal_keys },
	{ "popping every node gives the keys in order", test_heap_sorts },
	{ "growth that cannot allocate leaves the heap unchanged",
	  test_heap_grow_failure },
	{ "runqueues: the two-heap exchange of a preemption", test_rq_exchange },
	CU_TEST_INFO_NULL
};
