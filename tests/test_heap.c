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
	return sim_key_less(a, b);
}

static bool max_less(const struct sim_key *a, const struct sim_key *b)
{
	return sim_key_cmp(a, b) > 0;
}

static bool max_less_bf(const struct sim_key *a, const struct sim_key *b)
{
	return sim_key_less_bf(b, a);
}

/* The orders under test: min with the library's two comparisons, max
 * with the reference one and a branch-free one. */
static const struct sim_heap_order min_order = { min_less, sim_key_less_bf };
static const struct sim_heap_order max_order = { max_less, max_less_bf };

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

static void run_random(const struct sim_heap_order *o, uint64_t seed,
		       bool dups)
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
		const struct item *top = ref_top(it, NITEM, o->less);
		int op = (int)rt_rng_range(&g, 0, 4);

		if (x->pos == SIM_HEAP_NONE) {          /* push */
			draw_key(&g, &x->key, uniq++, dups);
			sim_heap_push(&h, x->key, &x->pos, o);
		} else if (op == 0) {                   /* remove anywhere */
			sim_heap_remove(&h, x->pos, o);
			ok = x->pos == SIM_HEAP_NONE;
		} else if (op == 1) {                   /* re-key, either way */
			draw_key(&g, &x->key, uniq++, dups);
			h.node[x->pos].key = x->key;
			sim_heap_fix(&h, x->pos, o);
		} else if (op == 2 && top) {            /* pop the top */
			const struct item *t = (const struct item *)(const void *)
				((const char *)h.node[0].pos -
				 offsetof(struct item, pos));

			/* equal keys: any of them may be on top */
			ok = sim_key_cmp(&t->key, &top->key) == 0;
			sim_heap_remove(&h, 0, o);
		} else if (op == 3 && top) {            /* replace the top */
			struct item *y = NULL;
			uint32_t *old;

			for (size_t k = 0; k < NITEM && !y; k++)
				if (it[k].pos == SIM_HEAP_NONE)
					y = &it[k];
			if (!y)
				continue;
			draw_key(&g, &y->key, uniq++, dups);
			old = sim_heap_replace_top(&h, y->key, &y->pos, o);
			ok = *old == 0 || *old == SIM_HEAP_NONE;
			*old = SIM_HEAP_NONE;   /* the caller places it: out */
		}
		ok = ok && heap_ok(&h, it, NITEM, o->less);
		top = ref_top(it, NITEM, o->less);
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
		run_random(&min_order, seed, false);
}

static void test_heap_max_random(void)
{
	for (uint64_t seed = 11; seed <= 14; seed++)
		run_random(&max_order, seed, false);
}

static void test_heap_equal_keys(void)
{
	run_random(&min_order, 21, true);
	run_random(&max_order, 22, true);
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
		sim_heap_push(&h, it[k].key, &it[k].pos, &min_order);
	}
	CU_ASSERT_TRUE(h.cap >= NITEM);
	while (h.n) {
		CU_ASSERT_TRUE(sim_key_cmp(&prev, &h.node[0].key) < 0);
		prev = h.node[0].key;
		sim_heap_remove(&h, 0, &min_order);
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
		sim_heap_push(&h, it[k].key, &it[k].pos, &min_order);
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

/* sim_key_less and sim_key_less_bf (first words, then the second, then
 * the third) are the lexicographic order of sim_key_cmp, extremes and
 * signs included. */
static void test_heap_key_order(void)
{
	static const int64_t w[] = { INT64_MIN, INT64_MIN + 1, -2, -1, 0, 1,
				     2, INT64_MAX - 1, INT64_MAX };
	const size_t nw = sizeof(w) / sizeof(w[0]);
	struct rt_rng g;
	bool ok = true;

	rt_rng_seed(&g, 51);
	for (int n = 0; n < 200000 && ok; n++) {
		struct sim_key a = { w[rt_rng_range(&g, 0, (int64_t)nw - 1)],
				     w[rt_rng_range(&g, 0, (int64_t)nw - 1)],
				     (uint64_t)w[rt_rng_range(&g, 0,
							      (int64_t)nw - 1)] };
		struct sim_key b = { w[rt_rng_range(&g, 0, (int64_t)nw - 1)],
				     w[rt_rng_range(&g, 0, (int64_t)nw - 1)],
				     (uint64_t)w[rt_rng_range(&g, 0,
							      (int64_t)nw - 1)] };

		if (n % 3 == 0)
			b.k0 = a.k0;
		if (n % 5 == 0)
			b.k1 = a.k1;
		ok = sim_key_less(&a, &b) == (sim_key_cmp(&a, &b) < 0) &&
		     sim_key_less_bf(&a, &b) == (sim_key_cmp(&a, &b) < 0);
	}
	CU_ASSERT_TRUE(ok);
}

/* A max-heap of jobs (keys cached complemented) with extreme keys comes
 * out largest first. */
static void test_rq_max_extremes(void)
{
	static const int64_t k0[] = { INT64_MIN, -7, 0, 5, INT64_MAX, 0 };
	static const uint64_t k2[] = { 0, 3, UINT64_MAX, 1, 0, 0 };
	struct sim_job job[6];
	struct sim_rq q;
	struct sim_job *prev = NULL, *j;

	memset(job, 0, sizeof(job));
	sim_rq_init(&q, true);
	for (int k = 0; k < 6; k++) {
		job[k].key = (struct sim_key){ k0[k], k == 5 ? INT64_MIN : 0,
					       k2[k] };
		CU_ASSERT_EQUAL(sim_rq_push(&q, &job[k]), RT_OK);
	}
	CU_ASSERT_PTR_EQUAL(sim_rq_top(&q), &job[4]);
	while ((j = sim_rq_pop(&q)) != NULL) {
		if (prev)
			CU_ASSERT_TRUE(sim_key_cmp(&prev->key, &j->key) > 0);
		prev = j;
	}
	CU_ASSERT_PTR_EQUAL(prev, &job[0]);
	sim_rq_fini(&q);
}

/* The runqueue (sim/rq.h): the top kept out of the heap, min or max,
 * against a scan after every random operation. */
static bool rq_ok(const struct sim_rq *q, struct sim_job *job, const bool *in,
		  size_t nj, bool max)
{
	const struct sim_job *best = NULL;
	size_t n = 0;

	for (size_t k = 0; k < nj; k++) {
		if (!in[k])
			continue;
		n++;
		if (!best || (max ? sim_key_cmp(&job[k].key, &best->key) > 0 :
			      sim_key_cmp(&job[k].key, &best->key) < 0))
			best = &job[k];
	}
	if (sim_rq_size(q) != n || sim_rq_top(q) != best)
		return false;
	for (uint32_t i = 0; i < n; i++) {
		struct sim_job *j = sim_rq_at(q, i);

		if (j < job || j >= job + nj || !in[j - job])
			return false;
		if (i > 0 && (j->rq_idx != i - 1 ||
			      sim_key_cmp(&j->key, &best->key) == 0))
			return false;
	}
	return n == 0 || best->rq_idx == SIM_RQ_FRONT;
}

static void run_rq(bool max, uint64_t seed)
{
	struct sim_job job[60];
	bool in[60] = { false };
	struct sim_rq q;
	struct rt_rng g;
	bool ok = true;

	memset(job, 0, sizeof(job));
	rt_rng_seed(&g, seed);
	sim_rq_init(&q, max);
	CU_ASSERT_EQUAL_FATAL(sim_rq_reserve(&q, 60), RT_OK);
	for (int step = 0; step < 20000 && ok; step++) {
		size_t k = (size_t)rt_rng_range(&g, 0, 59);
		int op = (int)rt_rng_range(&g, 0, 3);
		struct sim_job *j = &job[k];

		if (!in[k]) {                           /* push */
			j->key = (struct sim_key){ rt_rng_range(&g, 0, 30),
						   rt_rng_range(&g, 0, 2), k };
			ok = sim_rq_push(&q, j) == RT_OK;
			in[k] = true;
		} else if (op == 0) {                   /* remove anywhere */
			sim_rq_remove(&q, j);
			in[k] = false;
		} else if (op == 1) {                   /* re-key */
			j->key.k0 = rt_rng_range(&g, 0, 30);
			j->key.k1 = rt_rng_range(&g, 0, 2);
			sim_rq_update(&q, j);
		} else if (op == 2) {                   /* pop */
			struct sim_job *t = sim_rq_pop(&q);

			ok = t && t->rq_idx == SIM_RQ_NONE;
			if (t)
				in[t - job] = false;
		} else {                                /* replace the top */
			size_t f = 0;

			while (f < 60 && in[f])
				f++;
			if (f == 60)
				continue;
			job[f].key = (struct sim_key){ rt_rng_range(&g, 0, 30),
						       rt_rng_range(&g, 0, 2),
						       f };
			in[sim_rq_replace_top(&q, &job[f]) - job] = false;
			in[f] = true;
		}
		ok = ok && rq_ok(&q, job, in, 60, max);
	}
	if (!ok)
		fprintf(stderr, "\n  rq: seed %" PRIu64 " failed\n", seed);
	CU_ASSERT_TRUE(ok);
	sim_rq_fini(&q);
	for (size_t k = 0; k < 60; k++)
		CU_ASSERT_TRUE(!in[k] || job[k].rq_idx == SIM_RQ_NONE);
}

static void test_rq_min_random(void)
{
	run_rq(false, 61);
	run_rq(false, 62);
}

static void test_rq_max_random(void)
{
	run_rq(true, 71);
	run_rq(true, 72);
}

/* The two-heap exchange of a preemption: the earliest waiting job and
 * the latest running one swap with one replace_top in each runqueue. */
static void test_rq_exchange(void)
{
	struct sim_job job[40];
	bool running[40];
	struct sim_rq ready, run;
	struct rt_rng g;
	bool ok = true;

	memset(job, 0, sizeof(job));
	rt_rng_seed(&g, 41);
	sim_rq_init(&ready, false);
	sim_rq_init(&run, true);
	for (int k = 0; k < 40; k++) {
		job[k].key = (struct sim_key){ rt_rng_range(&g, 0, 9), k, 0 };
		running[k] = k < 4;
		CU_ASSERT_EQUAL(sim_rq_push(running[k] ? &run : &ready, &job[k]),
				RT_OK);
	}
	for (int step = 0; step < 300 && ok; step++) {
		struct sim_job *w = sim_rq_top(&ready), *r = sim_rq_top(&run);
		struct sim_job *x = &job[rt_rng_range(&g, 0, 39)];

		if (sim_key_cmp(&w->key, &r->key) < 0) {
			ok = sim_rq_replace_top(&ready, r) == w &&
			     sim_rq_replace_top(&run, w) == r;
			running[w - job] = true;
			running[r - job] = false;
		} else {                /* re-key some job, wherever it is */
			x->key.k0 = rt_rng_range(&g, 0, 9);
			sim_rq_update(running[x - job] ? &run : &ready, x);
		}
		ok = ok && sim_rq_size(&run) == 4 && sim_rq_size(&ready) == 36;
		for (int k = 0; k < 40 && ok; k++) {
			bool is_r = running[k];

			ok = sim_key_cmp(&job[k].key, &sim_rq_top(is_r ? &run :
						     &ready)->key) * (is_r ? 1 : -1) <= 0;
		}
	}
	CU_ASSERT_TRUE(ok);
	CU_ASSERT_EQUAL(sim_rq_size(&run), 4);
	CU_ASSERT_EQUAL(sim_rq_size(&ready), 36);
	sim_rq_fini(&ready);
	sim_rq_fini(&run);
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
	{ "keys: both comparisons are the order of sim_key_cmp, extremes included",
	  test_heap_key_order },
	{ "runqueues: a max-heap with extreme keys", test_rq_max_extremes },
	{ "runqueues: random operations on a min-runqueue (top kept apart)",
	  test_rq_min_random },
	{ "runqueues: random operations on a max-runqueue (top kept apart)",
	  test_rq_max_random },
	{ "runqueues: the two-heap exchange of a preemption", test_rq_exchange },
	CU_TEST_INFO_NULL
};
