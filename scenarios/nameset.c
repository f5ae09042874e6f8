/* nameset.c - a hash set of the names of an array's entries (task names,
 * cpuset names): duplicate checks and lookups in O(1) expected, so a
 * scenario of 10^6 tasks loads in linear time (see internal.h). */
#include "scenarios/internal.h"

#include <stdint.h>
#include <string.h>

#include "models/mem.h"

static uint64_t scn_hash(const char *s)
{
	uint64_t h = 14695981039346656037u;     /* FNV-1a, 64 bit */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	return h;
}

static const char *scn_name_at(const struct scn_nameset *ns, size_t i)
{
	const char *const *p = (const char *const *)(const void *)
			       (ns->base + i * ns->stride);

	return *p;
}

enum rt_err scn_nameset_init(struct scn_nameset *ns, const void *base,
			     size_t stride, size_t n)
{
	size_t size = 16;

	while (size < 2 * n)
		size *= 2;
	ns->base = base;
	ns->stride = stride;
	ns->slot = rt_calloc(size, sizeof(*ns->slot));
	ns->mask = size - 1;
	return ns->slot ? RT_OK : RT_ERR_NOMEM;
}

void scn_nameset_fini(struct scn_nameset *ns)
{
	rt_free(ns->slot);
	ns->slot = NULL;
}

/* The slot holding 'name', or the empty slot where it would go. */
static size_t scn_nameset_slot(const struct scn_nameset *ns, const char *name)
{
	size_t h = (size_t)scn_hash(name) & ns->mask;

	while (ns->slot[h] && strcmp(scn_name_at(ns, ns->slot[h] - 1), name))
		h = (h + 1) & ns->mask;
	return h;
}

bool scn_nameset_add(struct scn_nameset *ns, size_t i, size_t *dup)
{
	size_t h = scn_nameset_slot(ns, scn_name_at(ns, i));

	if (ns->slot[h]) {
		*dup = ns->slot[h] - 1;
		return false;
	}
	ns->slot[h] = i + 1;
	return true;
}

size_t scn_nameset_find(const struct scn_nameset *ns, const char *name)
{
	size_t h = scn_nameset_slot(ns, name);

	return ns->slot[h] ? ns->slot[h] - 1 : SIZE_MAX;
}
