/* test_evq.c - the event queue: same-instant order, cancel, move, and a
 * random differential test against a sorted array (SQLite bitvec style). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "models/mem.h"
#include "models/rng.h"
#include "sim/evq.h"
#include "tests/suites.h"

#define NEV 64

/* Events pushed at one (time, rank) come out in push order, and a lower
 * rank at the same time comes out first whatever the push order. */
static void test_evq_same_time_is_fifo(void)
{
	struct sim_evq q;
	struct sim_event ev[NEV];

	sim_evq_init(&q);
	for (int i = 0; i < NEV; i++)
		sim_event_init(&ev[i], (uint8_t)i);
	/* Interleave ranks: odd events are releases, even completions. */
	for (int i = 0; i < NEV; i++)
		CU_ASSERT_EQUAL(sim_evq_push(&q, &ev[i], 7, i % 2 ?
					     SIM_RANK_RELEASE :
					     SIM_RANK_COMPLETE), RT_OK);
	for (int i = 0; i < NEV; i += 2)
		CU_ASSERT_PTR_EQUAL(sim_evq_pop(&q), &ev[i]);
	for (int i = 1; i < NEV; i += 2)
		CU_ASSERT_PTR_EQUAL(sim_evq_pop(&q), &ev[i]);
	CU_ASSERT_PTR_NULL(sim_evq_pop(&q));
	CU_ASSERT_EQUAL(sim_evq_peek_time(&q), RT_TIME_NEVER);
	sim_evq_fini(&q);
}

static void test_evq_orders_by_time_then_rank(void)
{
	struct sim_evq q;
	struct sim_event a, b, c, h;

	sim_evq_init(&q);
	sim_event_init(&a, 0);
	sim_event_init(&b, 0);
	sim_event_init(&c, 0);
	sim_event_init(&h, 0);
	CU_ASSERT_EQUAL(sim_evq_push(&q, &h, 10, SIM_RANK_HORIZON), RT_OK);
	CU_ASSERT_EQUAL(sim_evq_push(&q, &a, 10, SIM_RANK_RELEASE), RT_OK);
	CU_ASSERT_EQUAL(sim_evq_push(&q, &b, 10, SIM_RANK_COMPLETE), RT_OK);
	CU_ASSERT_EQUAL(sim_evq_push(&q, &c, 9, SIM_RANK_HORIZON), RT_OK);
	CU_ASSERT_EQUAL(sim_evq_time(&q, &a), 10);
	CU_ASSERT_EQUAL(sim_evq_rank(&q, &a), SIM_RANK_RELEASE);
	CU_ASSERT_PTR_EQUAL(sim_evq_pop(&q), &c);
	CU_ASSERT_PTR_EQUAL(sim_evq_pop(&q), &b);
	CU_ASSERT_PTR_EQUAL(sim_evq_pop(&q), &a);
	CU_ASSERT_PTR_EQUAL(sim_evq_pop(&q), &h);
	CU_ASSERT_FALSE(sim_event_queued(&h));
	sim_evq_fini(&q);
}

/* Cancel removes from anywhere (and is a no-op when not queued); move
 * re-keys in place, gets a fresh seq (goes behind equals) and pushes an
 * unqueued event. */
static void test_evq_cancel_and_move(void)
{
	struct sim_evq q;
	struct sim_event ev[5];

	sim_evq_init(&q);
	for (int i = 0; i < 5; i++) {
		sim_event_init(&ev[i], (uint8_t)i);
		CU_ASSERT_EQUAL(sim_evq_push(&q, &ev[i], 10 * (i + 1),
					     SIM_RANK_RELEASE), RT_OK);
	}
	sim_evq_cancel(&q, &ev[2]);             /* 30 */
	CU_ASSERT_FALSE(sim_event_queued(&ev[2]));
	sim_evq_cancel(&q, &ev[2]);             /* no-op */
	CU_ASSERT_EQUAL(sim_evq_size(&q), 4);
	CU_ASSERT_EQUAL(sim_evq_move(&q, &ev[4], 5, SIM_RANK_RELEASE), RT_OK);
	CU_ASSERT_EQUAL(sim_evq_move(&q, &ev[0], 20, SIM_RANK_RELEASE), RT_OK);
	CU_ASSERT_EQUAL(sim_evq_move(&q, &ev[2], 20, SIM_RANK_COMPLETE),
			RT_OK);
	/* Now: ev4@5, ev2@20/complete, ev1@20 (older seq), ev0@20, ev3@40. */
	CU_ASSERT_PTR_EQUAL(sim_evq_pop(&q), &ev[4]);
	CU_ASSERT_PTR_EQUAL(sim_evq_pop(&q), &ev[2]);
	CU_ASSERT_PTR_EQUAL(sim_evq_pop(&q), &ev[1]);
	CU_ASSERT_PTR_EQUAL(sim_evq_pop(&q), &ev[0]);
	CU_ASSERT_PTR_EQUAL(sim_evq_pop(&q), &ev[3]);
	CU_ASSERT_EQUAL(sim_evq_size(&q), 0);
	sim_evq_fini(&q);
}

/* The reference: an array of (time, rank, seq, id) kept sorted. */
struct ref_ev {
	rt_time time;
	unsigned rank;
	uint64_t seq;
	int id;
};

static int ref_cmp(const void *pa, const void *pb)
{
	const struct ref_ev *a = pa, *b = pb;

	if (a->time != b->time)
		return a->time < b->time ? -1 : 1;
	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static int ref_find(const struct ref_ev *r, int n, int id)
{
	for (int i = 0; i < n; i++)
		if (r[i].id == id)
			return i;
	return -1;
}

/* Random pushes, pops, cancels and moves on a small time range (many
 * ties) agree with the sorted array, operation by operation. */
static void test_evq_matches_a_sorted_array(void)
{
	enum { N = 300, OPS = 20000 };
	static struct sim_event ev[N];
	static struct ref_ev ref[N];
	const uint64_t seed = 20240611;
	struct rt_rng rng;
	struct sim_evq q;
	uint64_t seq = 0;
	int n = 0, bad = 0;

	rt_rng_seed(&rng, seed);
	sim_evq_init(&q);
	for (int i = 0; i < N; i++)
		sim_event_init(&ev[i], 0);
	for (int op = 0; op < OPS && !bad; op++) {
		int id = (int)rt_rng_range(&rng, 0, N - 1);
		int what = (int)rt_rng_range(&rng, 0, 9);
		rt_time t = rt_rng_range(&rng, 0, 50);
		unsigned rank = (unsigned)rt_rng_range(&rng, 0,
						       SIM_RANK__COUNT - 1);
		int at = ref_find(ref, n, id);

		if (what < 4) {                 /* push or move */
			if (sim_evq_move(&q, &ev[id], t, rank) != RT_OK) {
				bad = 1;
				break;
			}
			if (at < 0)
				at = n++;
			ref[at] = (struct ref_ev){ t, rank, seq++, id };
			qsort(ref, (size_t)n, sizeof(ref[0]), ref_cmp);
		} else if (what < 6) {          /* cancel */
			sim_evq_cancel(&q, &ev[id]);
			if (at >= 0) {
				memmove(&ref[at], &ref[at + 1],
					(size_t)(n - at - 1) * sizeof(ref[0]));
				n--;
			}
		} else {                        /* pop */
			struct sim_event *got = sim_evq_pop(&q);

			if (n == 0) {
				bad = got != NULL;
				continue;
			}
			if (got != &ev[ref[0].id])
				bad = 1;
			n--;
			if (n > 0)
				memmove(&ref[0], &ref[1],
					(size_t)n * sizeof(ref[0]));
		}
		if (sim_evq_size(&q) != (size_t)n)
			bad = 1;
		if (n && sim_evq_peek_time(&q) != ref[0].time)
			bad = 1;
		if (bad)
			fprintf(stderr, "\nevq differs from reference at op %d "
				"(seed %" PRIu64 ")\n", op, seed);
	}
	CU_ASSERT_FALSE(bad);
	sim_evq_fini(&q);
	for (int i = 0; i < N; i++)
		CU_ASSERT_FALSE(sim_event_queued(&ev[i]));
}

/* A push that cannot grow the array fails cleanly and changes nothing. */
static void test_evq_push_failure_leaves_queue_unchanged(void)
{
	struct sim_evq q;
	struct sim_event ev[40];
	enum rt_err err = RT_OK;
	int i;

	sim_evq_init(&q);
	for (i = 0; i < 40; i++)
		sim_event_init(&ev[i], 0);
	rt_mem_fail_after(1);                   /* first growth ok, second fails */
	for (i = 0; i < 40; i++) {
		err = sim_evq_push(&q, &ev[i], 40 - i, SIM_RANK_RELEASE);
		if (err)
			break;
	}
	rt_mem_fail_after(-1);
	CU_ASSERT_EQUAL(err, RT_ERR_NOMEM);
	CU_ASSERT_EQUAL(sim_evq_size(&q), (size_t)i);
	CU_ASSERT_FALSE(sim_event_queued(&ev[i]));
	CU_ASSERT_PTR_EQUAL(sim_evq_pop(&q), &ev[i - 1]);
	sim_evq_fini(&q);
}

/* The release path moves the event it is handling with sim_evq_move_top,
 * assuming it is still the top; the job's enqueue may have queued an
 * event before it meanwhile (a GRUB server's budget timer armed at now,
 * rank BUDGET < RELEASE).  The move must keep both: re-keying the top in
 * place overwrote the timer's node and left the release in the heap
 * twice (a run that looped at one instant, a crash at destroy). */
static void test_evq_move_top_after_an_earlier_push(void)
{
	struct sim_evq q;
	struct sim_event rel, bud, other, h;

	sim_evq_init(&q);
	sim_event_init(&rel, 0);
	sim_event_init(&bud, 0);
	sim_event_init(&other, 0);
	sim_event_init(&h, 0);
	CU_ASSERT_EQUAL(sim_evq_push(&q, &h, 100, SIM_RANK_HORIZON), RT_OK);
	CU_ASSERT_EQUAL(sim_evq_push(&q, &other, 30, SIM_RANK_RELEASE), RT_OK);
	CU_ASSERT_EQUAL(sim_evq_push(&q, &rel, 22, SIM_RANK_RELEASE), RT_OK);
	CU_ASSERT_EQUAL(rel.idx, 0);            /* the top, being handled */
	CU_ASSERT_EQUAL(sim_evq_push(&q, &bud, 22, SIM_RANK_BUDGET), RT_OK);
	CU_ASSERT_EQUAL(bud.idx, 0);            /* now the top */
	CU_ASSERT_EQUAL(sim_evq_move_top(&q, &rel, 44, SIM_RANK_RELEASE),
			RT_OK);
	CU_ASSERT_EQUAL(sim_evq_time(&q, &rel), 44);
	CU_ASSERT_PTR_EQUAL(sim_evq_pop(&q), &bud);
	CU_ASSERT_PTR_EQUAL(sim_evq_pop(&q), &other);
	CU_ASSERT_PTR_EQUAL(sim_evq_pop(&q), &rel);
	CU_ASSERT_PTR_EQUAL(sim_evq_pop(&q), &h);
	CU_ASSERT_PTR_NULL(sim_evq_pop(&q));
	/* and the usual case, the top moved in place */
	CU_ASSERT_EQUAL(sim_evq_push(&q, &rel, 5, SIM_RANK_RELEASE), RT_OK);
	CU_ASSERT_EQUAL(sim_evq_push(&q, &other, 7, SIM_RANK_RELEASE), RT_OK);
	CU_ASSERT_EQUAL(sim_evq_move_top(&q, &rel, 9, SIM_RANK_RELEASE),
			RT_OK);
	CU_ASSERT_PTR_EQUAL(sim_evq_pop(&q), &other);
	CU_ASSERT_PTR_EQUAL(sim_evq_pop(&q), &rel);
	CU_ASSERT_PTR_NULL(sim_evq_pop(&q));
	sim_evq_fini(&q);
}

CU_TestInfo evq_tests[] = {
	{ "same-time events are FIFO", test_evq_same_time_is_fifo },
	{ "events are ordered by time, then rank",
	  test_evq_orders_by_time_then_rank },
	{ "move_top after an earlier push keeps both events",
	  test_evq_move_top_after_an_earlier_push },
	{ "cancel and move re-key events in place", test_evq_cancel_and_move },
	{ "random operations match a sorted array",
	  test_evq_matches_a_sorted_array },
	{ "a failed push leaves the queue unchanged",
	  test_evq_push_failure_leaves_queue_unchanged },
	CU_TEST_INFO_NULL
};
