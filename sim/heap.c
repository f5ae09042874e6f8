/* heap.c - memory of the indexed 4-ary heap (heap.h); the operations are
 * inline in the header, instantiated by each user with its order. */
#include "sim/heap.h"

#include "models/mem.h"

#define HEAP_MIN_CAP 16

void sim_heap_init(struct sim_heap *h)
{
	h->node = NULL;
	h->n = h->cap = 0;
}

void sim_heap_fini(struct sim_heap *h)
{
	for (uint32_t i = 0; i < h->n; i++)
		*h->node[i].pos = SIM_HEAP_NONE;
	rt_free(h->node);
	sim_heap_init(h);
}

enum rt_err sim_heap_reserve(struct sim_heap *h, size_t cap)
{
	struct sim_heap_node *v;

	if (cap <= h->cap)
		return RT_OK;
	if (cap >= SIM_HEAP_NONE)
		return RT_ERR_NOMEM;
	v = rt_reallocarray(h->node, cap, sizeof(*v));
	if (!v)
		return RT_ERR_NOMEM;
	h->node = v;
	h->cap = (uint32_t)cap;
	return RT_OK;
}

enum rt_err sim_heap_grow(struct sim_heap *h)
{
	return sim_heap_reserve(h, h->cap ? (size_t)h->cap * 2 : HEAP_MIN_CAP);
}
