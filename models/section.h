/* section.h - critical sections of a task's jobs on shared resources.
 *
 * A section (resource R, after x, for y) is a stretch of a job's
 * execution: once the job has executed x units of its demand it locks R,
 * and it unlocks R once it has executed x + y.  Sections of one task are
 * properly nested: any two are disjoint (one may end where the other
 * starts) or one lies inside the other; a resource is never locked again
 * inside its own section.  Two sections over the same interval: the one
 * listed first is the outer one.
 *
 * A job demanding less than C meets its sections in execution order: a
 * section whose lock point x is at or after the job's demand does not
 * apply to it; a section it enters but whose end x + y lies past its
 * demand ends when the job completes (every resource the job still
 * holds is unlocked at its completion, inner first).
 *
 * The boundary points (locks and unlocks) of a task, in the order a job
 * meets them: by executed demand; at one point, unlocks before locks,
 * the unlocks inner first and the locks outer first.
 */
#ifndef RT_SECTION_H
#define RT_SECTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/rt_err.h"
#include "models/rt_time.h"

struct rt_section {
	uint32_t resource;              /* index into the resources */
	rt_time after;                  /* >= 0: executed demand at the lock */
	rt_time len;                    /* > 0: executed demand inside */
};

struct rt_section_pt {
	rt_time at;                     /* executed demand at the point */
	uint32_t resource;
	uint32_t section;               /* its index in the task's list */
	bool lock;                      /* lock (true) or unlock */
};

/* Check n sections (s may be NULL when n == 0): after >= 0, len > 0,
 * after + len representable, resource < nres, properly nested, no
 * resource inside its own section.  On failure *bad is the index of the
 * offending section (the later of a pair), *other the earlier one of a
 * pair (or *bad), and d says why, naming the task 'name'. */
enum rt_err rt_sections_check(const char *name, const struct rt_section *s,
			      size_t n, size_t nres, size_t *bad,
			      size_t *other, struct rt_diag *d);

/* The 2n boundary points of n checked sections into out, in the order a
 * job meets them (above). */
void rt_sections_points(const struct rt_section *s, size_t n,
			struct rt_section_pt *out);

#endif /* RT_SECTION_H */
