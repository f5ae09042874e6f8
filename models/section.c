/* section.c - checks and boundary points of critical sections
 * (models/section.h). */
#include "models/section.h"


static bool sec_end(const struct rt_section *s, rt_time *end)
{
	return rt_time_add(s->after, s->len, end);
}

enum rt_err rt_sections_check(const char *name, const struct rt_section *s,
			      size_t n, size_t nres, size_t *bad,
			      size_t *other, struct rt_diag *d)
{
	const char *nm = name ? name : "?";

	for (size_t j = 0; j < n; j++) {
		rt_time aj = s[j].after, ej;

		*bad = *other = j;
		if (aj < 0)
			return rt_diagf(d, RT_ERR_INVAL, "task %s: sections[%zu]"
					".after must be >= 0", nm, j);
		if (s[j].len <= 0)
			return rt_diagf(d, RT_ERR_INVAL, "task %s: sections[%zu]"
					".for must be > 0", nm, j);
		if (!sec_end(&s[j], &ej))
			return rt_diagf(d, RT_ERR_OVERFLOW, "task %s: sections"
					"[%zu]: after + for overflows", nm, j);
		if (s[j].resource >= nres)
			return rt_diagf(d, RT_ERR_INVAL, "task %s: sections[%zu]"
					".resource %u is not one of the %zu "
					"resources", nm, j, s[j].resource, nres);
		for (size_t i = 0; i < j; i++) {
			rt_time ai = s[i].after, ei = 0;

			(void)sec_end(&s[i], &ei);
			*other = i;
			if (ei <= aj || ej <= ai)
				continue;               /* disjoint */
			if (!((ai <= aj && ej <= ei) || (aj <= ai && ei <= ej)))
				return rt_diagf(d, RT_ERR_INVAL, "task %s: "
						"sections[%zu] overlaps sections"
						"[%zu] without being inside it; "
						"sections must be properly "
						"nested", nm, j, i);
			if (s[i].resource == s[j].resource)
				return rt_diagf(d, RT_ERR_INVAL, "task %s: "
						"sections[%zu] locks the "
						"resource of sections[%zu] "
						"inside it (a self-deadlock)",
						nm, j, i);
		}
	}
	return RT_OK;
}

/* Does point a come before point b (at one 'at': unlocks before locks;
 * locks: the outer (later end) first, then the one listed first;
 * unlocks: the inner (later start) first, then the one listed later:
 * over one interval, the one listed first is the outer one)? */
static bool sec_before(const struct rt_section *s, const struct rt_section_pt *a,
		       const struct rt_section_pt *b)
{
	const struct rt_section *x = &s[a->section], *y = &s[b->section];

	if (a->at != b->at)
		return a->at < b->at;
	if (a->lock != b->lock)
		return !a->lock;
	if (a->lock) {
		if (x->len != y->len)           /* same start: longer is outer */
			return x->len > y->len;
		return a->section < b->section;
	}
	if (x->after != y->after)
		return x->after > y->after;
	return a->section > b->section;
}

void rt_sections_points(const struct rt_section *s, size_t n,
			struct rt_section_pt *out)
{
	for (size_t k = 0; k < 2 * n; k++) {
		const struct rt_section *x = &s[k / 2];
		struct rt_section_pt p = {
			.at = k % 2 ? x->after + x->len : x->after,
			.resource = x->resource, .section = (uint32_t)(k / 2),
			.lock = k % 2 == 0,
		};
		size_t i = k;

		/* insertion sort: a task has few sections */
		while (i > 0 && sec_before(s, &p, &out[i - 1])) {
			out[i] = out[i - 1];
			i--;
		}
		out[i] = p;
	}
}
