/* bench_tardiness.c - the uniprocessor tardiness bounds on large sets
 * (make bench: a set with U <= 1 and every D >= T gets its
 * bound 0 without a busy-period search).
 *
 *   bench_tardiness            n = 100 and 1000 tasks, U = 0.89, D = T,
 *                              periods log-uniform in [10^4, 10^6] ns
 *
 * Prints the bound and the seconds rt_uni_tardiness_bounds takes (target:
 * < 1 s for 1000 tasks; the per-task response times fall back to D + bound
 * when Spuri's analysis exceeds its budget).
 */
#include <stdio.h>
#include <stdlib.h>

#include "models/analysis_uni.h"
#include "models/rng.h"
#include "models/task.h"

#include "bench/bench_common.h"

static int run(size_t n)
{
	struct rt_task *t = calloc(n, sizeof(*t));
	rt_time *resp = calloc(n, sizeof(*resp)), delta = -1;
	double *w = calloc(n, sizeof(*w)), wsum, t0, dt;
	struct rt_rng g;
	bool exact = false;
	enum rt_err err;

	if (!t || !resp || !w)
		return 1;
	rt_rng_seed(&g, 89 + n);
	wsum = bench_weights(&g, w, n);
	for (size_t i = 0; i < n; i++) {
		rt_time p = bench_period(&g, 1e4);
		rt_time c = (rt_time)(0.89 * w[i] / wsum * (double)p);

		t[i] = rt_task_make(NULL, c > 0 ? c : 1, p, p);
	}
	t0 = bench_now_s();
	err = rt_uni_tardiness_bounds(t, n, RT_UNI_BUDGET_DEFAULT, &delta, resp,
				      &exact, NULL);
	dt = bench_now_s() - t0;
	printf("tardiness bound, %5zu tasks, U = 0.89, D = T: %s, bound %lld, "
	       "responses %s, %.3f s\n", n, err ? rt_strerror(err) : "ok",
	       (long long)delta, exact ? "exact" : "D + bound", dt);
	free(t);
	free(resp);
	free(w);
	return err != RT_OK || delta != 0;
}

int main(void)
{
	return run(100) | run(1000);
}
