/* mem.c - allocation wrappers with test-time fault injection. */
#include "models/mem.h"

#include <stdlib.h>
#include <string.h>

static long rt_mem_countdown = -1;      /* <0: injection off (tests only) */

void rt_mem_fail_after(long n)
{
	rt_mem_countdown = n;
}

static int rt_mem_should_fail(void)
{
	if (rt_mem_countdown < 0)
		return 0;
	if (rt_mem_countdown == 0)
		return 1;
	rt_mem_countdown--;
	return 0;
}

void *rt_malloc(size_t size)
{
	if (rt_mem_should_fail())
		return NULL;
	return malloc(size ? size : 1);
}

void *rt_calloc(size_t n, size_t size)
{
	if (size && n > (size_t)-1 / size)
		return NULL;
	if (rt_mem_should_fail())
		return NULL;
	return calloc(n ? n : 1, size ? size : 1);
}

void *rt_realloc(void *p, size_t size)
{
	if (rt_mem_should_fail())
		return NULL;
	return realloc(p, size ? size : 1);
}

void *rt_reallocarray(void *p, size_t n, size_t size)
{
	if (size && n > (size_t)-1 / size)
		return NULL;
	return rt_realloc(p, n * size);
}

char *rt_strdup(const char *s)
{
	size_t len = strlen(s) + 1;
	char *r = rt_malloc(len);

	if (r)
		memcpy(r, s, len);
	return r;
}

void *rt_aligned_alloc(size_t align, size_t size)
{
	void *p;

	if (rt_mem_should_fail())
		return NULL;
	return posix_memalign(&p, align, size ? size : 1) == 0 ? p : NULL;
}

void rt_free(void *p)
{
	free(p);
}
