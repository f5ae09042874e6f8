/* part_ref.h - reference partitioner for differential tests. */
#ifndef TESTS_PART_REF_H
#define TESTS_PART_REF_H

#include "models/partition.h"

/* rt_partition() as it was (quadratic): same contract. */
enum rt_err ref_partition(const struct rt_task *ts, size_t n, unsigned m,
			  enum rt_part_heuristic h, uint64_t budget, int *cpu,
			  struct rt_partition *out, struct rt_diag *d);

#endif /* TESTS_PART_REF_H */
