/* minheap.c - the binary min-heap of (key, index) pairs (minheap.h):
 * children of i at 2i + 1 and 2i + 2. */
#include "models/minheap.h"

void rt_heap_down(struct rt_heap_item *h, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, m = i;
		struct rt_heap_item tmp;

		if (l < n && h[l].key < h[m].key)
			m = l;
		if (l + 1 < n && h[l + 1].key < h[m].key)
			m = l + 1;
		if (m == i)
			return;
		tmp = h[i];
		h[i] = h[m];
		h[m] = tmp;
		i = m;
	}
}

void rt_heap_up(struct rt_heap_item *h, size_t i)
{
	struct rt_heap_item x = h[i];

	for (; i > 0 && h[(i - 1) / 2].key > x.key; i = (i - 1) / 2)
		h[i] = h[(i - 1) / 2];
	h[i] = x;
}

void rt_heap_make(struct rt_heap_item *h, size_t n)
{
	for (size_t i = n / 2; i-- > 0;)
		rt_heap_down(h, n, i);
}
