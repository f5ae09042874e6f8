/* minheap.h - a binary min-heap of (key, index) pairs in a caller-owned
 * array: the one the analyses share (each task's next deadline in the
 * deadline scan of analysis_uni_pdc.c, each task's next forced-forward
 * event in analysis_global_ffdbf.c, the m - 1 largest carry-in
 * differences in analysis_global_bar.c).
 *
 * Ties between equal keys are broken by position only: callers that
 * need a reproducible order among equal keys must not depend on it (none
 * does: every user processes all items of one key before looking at the
 * result).  O(log n) per operation, no allocation.
 */
#ifndef RT_MINHEAP_H
#define RT_MINHEAP_H

#include <stddef.h>
#include <stdint.h>

struct rt_heap_item {
	int64_t key;                    /* the heap order */
	size_t idx;                     /* the caller's payload (a task) */
};

/* Restore the order of h[0..n) below position i (after h[i].key grew,
 * e.g. the minimum's). */
void rt_heap_down(struct rt_heap_item *h, size_t n, size_t i);
/* Restore the order of h[0..i] above position i (after h[i].key shrank,
 * e.g. a new last item). */
void rt_heap_up(struct rt_heap_item *h, size_t i);
/* Order h[0..n) as a heap, O(n). */
void rt_heap_make(struct rt_heap_item *h, size_t n);

#endif /* RT_MINHEAP_H */
