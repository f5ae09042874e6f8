/* mem.h - the one allocator all library code goes through.
 *
 * rt_mem_fail_after(n) makes the (n+1)-th allocation from now fail (n = 0:
 * the next one), so tests can sweep every allocation failure path; -1
 * disables injection (the default).  Not thread-safe while injection is
 * armed; tests only.
 */
#ifndef RT_MEM_H
#define RT_MEM_H

#include <stddef.h>

void *rt_malloc(size_t size);
void *rt_calloc(size_t n, size_t size);       /* n * size overflow -> NULL */
void *rt_realloc(void *p, size_t size);
/* realloc to n * size bytes; NULL (p still valid) on overflow/failure. */
void *rt_reallocarray(void *p, size_t n, size_t size);
char *rt_strdup(const char *s);
/* size bytes at a multiple of align (a power of two, a multiple of
 * sizeof(void *)); freed by rt_free. */
void *rt_aligned_alloc(size_t align, size_t size);
void rt_free(void *p);                          /* NULL is a no-op */

void rt_mem_fail_after(long n);

#endif /* RT_MEM_H */
