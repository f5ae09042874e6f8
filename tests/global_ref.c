/* global_ref.c - plain reference versions of BCL-iterative, RTA, BAR and
 * FF-DBF (global_ref.h).  Straight from docs/theory.md §B.4-B.7 and
 * schedcat: every step recomputed, 128-bit integers, exact fractions
 * through rt_qsum, no budget and none of the library's shortcuts
 * (incremental state, skipped recomputations, floating-point filters,
 * the FF-DBF tail bound).  Slow on purpose; only for small sets. */
#include "tests/global_ref.h"

#include <stdlib.h>

#include "models/analysis_global.h"
#include "models/frac.h"

typedef rt_i128 i128;

static i128 rmin(i128 a, i128 b)
{
	return a < b ? a : b;
}

static i128 rmax(i128 a, i128 b)
{
	return a > b ? a : b;
}

bool gref_bcl_iterative(const struct rt_task *ts, size_t n, unsigned m,
			size_t *task)
{
	i128 *slack = calloc(n ? n : 1, sizeof(*slack));
	bool feasible = false, updated = true;

	while (updated && !feasible) {
		feasible = true;
		updated = false;
		*task = RT_GLOBAL_NO_TASK;
		for (size_t k = 0; k < n; k++) {
			i128 dk = ts[k].deadline, lim = dk - ts[k].wcet + 1;
			i128 sum = 0, nb;

			for (size_t i = 0; i < n; i++) {
				i128 ci = ts[i].wcet, ti = ts[i].period;
				i128 j = dk / ti;

				if (i != k)
					sum += rmin(j * ci + rmin(ci, rmax(0, dk -
						slack[i] - j * ti)), lim);
			}
			nb = dk - ts[k].wcet - sum / m;
			if (nb < 0) {
				feasible = false;
				if (*task == RT_GLOBAL_NO_TASK)
					*task = k;
			}
			if (nb > slack[k]) {
				slack[k] = nb;
				updated = true;
			}
		}
	}
	free(slack);
	return feasible;
}

bool gref_rta(const struct rt_task *ts, size_t n, unsigned m, rt_time *resp,
	      size_t *task)
{
	i128 *slack = calloc(n ? n : 1, sizeof(*slack));
	bool sched = false, updated = true;

	for (unsigned round = 0; updated && !sched && round < 25; round++) {
		sched = true;
		updated = false;
		*task = RT_GLOBAL_NO_TASK;
		for (size_t k = 0; k < n; k++) {
			i128 dk = ts[k].deadline, last = ts[k].wcet, est;

			for (;;) {
				i128 sum = 0, lim = last - ts[k].wcet + 1;

				for (size_t i = 0; i < n; i++) {
					i128 ci = ts[i].wcet, ti = ts[i].period;
					i128 x = last + ts[i].deadline - ci - slack[i];
					i128 w = x / ti * ci + rmin(ci, x % ti);
					i128 e = dk / ti * ci +
						 rmin(ci, rmax(0, dk % ti - slack[i]));

					if (i != k)
						sum += rmin(rmin(w, e), lim);
				}
				est = ts[k].wcet + sum / m;
				if (est == last || est > dk)
					break;
				last = est;
			}
			if (est <= dk) {
				if (dk - est != slack[k]) {
					slack[k] = dk - est;
					updated = true;
				}
			} else {
				sched = false;
				if (*task == RT_GLOBAL_NO_TASK)
					*task = k;
			}
		}
	}
	for (size_t i = 0; i < n && sched; i++)
		resp[i] = (rt_time)(ts[i].deadline - slack[i]);
	if (sched)
		*task = RT_GLOBAL_NO_TASK;
	free(slack);
	return sched;
}

/* sign(m x - R - sum_i C_i (x + (T_i - D_i)^+) / T_i), exactly. */
static int lin_sign(const struct rt_task *ts, size_t n, unsigned m, i128 x,
		    i128 R)
{
	struct rt_qsum q;
	int s = 0;

	rt_qsum_init(&q);
	rt_qsum_add(&q, (i128)m * x - R, 1);
	for (size_t i = 0; i < n; i++)
		rt_qsum_add(&q, -(i128)ts[i].wcet *
			    (x + rmax(0, (i128)ts[i].period - ts[i].deadline)),
			    ts[i].period);
	rt_qsum_sign(&q, &s);
	rt_qsum_free(&q);
	return s;
}

static int cmp_desc(const void *a, const void *b)
{
	i128 x = *(const i128 *)a, y = *(const i128 *)b;

	return (x < y) - (x > y);
}

/* One BAR point (k, t) evaluated from the definitions. */
static bool bar_holds(const struct rt_task *ts, size_t n, unsigned m, size_t k,
		      i128 t, i128 *diff)
{
	i128 ck = ts[k].wcet, a = t - ts[k].deadline, lim = t - ck + 1;
	i128 sum = 0;

	for (size_t i = 0; i < n; i++) {
		i128 ci = ts[i].wcet, ti = ts[i].period, di = ts[i].deadline;
		i128 dbf = t >= di ? ((t - di) / ti + 1) * ci : 0;
		i128 dbfp = t / ti * ci + rmin(ci, t % ti), i1, i2;

		i1 = i == k ? rmin(dbf - ck, a) : rmin(dbf, lim);
		i2 = i == k ? rmin(dbfp - ck, a) : rmin(dbfp, lim);
		sum += i1;
		diff[i] = i2 - i1;
	}
	qsort(diff, n, sizeof(*diff), cmp_desc);
	for (size_t i = 0; i + 1 < m && i < n; i++)
		sum += diff[i];
	return sum <= (i128)m * (t - ck);
}

bool gref_bar(const struct rt_task *ts, size_t n, unsigned m, size_t *task,
	      rt_time *offset)
{
	i128 *diff = calloc(n ? n : 1, sizeof(*diff));
	i128 *cur = calloc(n ? n : 1, sizeof(*cur));
	i128 *last = calloc(n ? n : 1, sizeof(*last));
	i128 cs = 0, cmax = RT_TIME_MAX;
	bool active = true, ok = true;
	struct rt_qsum q;
	int us = 0;

	*task = RT_GLOBAL_NO_TASK;
	*offset = RT_TIME_NEVER;
	rt_qsum_init(&q);
	for (size_t i = 0; i < n; i++)
		rt_qsum_add(&q, ts[i].wcet, ts[i].period);
	rt_qsum_add(&q, -(i128)m, 1);
	rt_qsum_sign(&q, &us);
	rt_qsum_free(&q);
	if (us == 0)
		ok = false;                     /* U = m: unbounded */
	for (size_t i = 0; i < n; i++)
		diff[i] = ts[i].wcet;
	qsort(diff, n, sizeof(*diff), cmp_desc);
	for (size_t i = 0; i + 1 < m && i < n; i++)
		cs += diff[i];
	for (size_t k = 0; k < n && ok; k++) {
		i128 R = cs + (i128)m * ts[k].wcet, lo = ts[k].deadline, hi;

		cur[k] = ts[k].deadline;
		if (lin_sign(ts, n, m, lo, R) > 0) {
			last[k] = -1;
			continue;
		}
		if (lin_sign(ts, n, m, cmax, R) <= 0) {
			last[k] = cmax;
			continue;
		}
		hi = cmax;                      /* holds at lo, fails at hi */
		while (hi - lo > 1) {
			i128 mid = lo + (hi - lo) / 2;

			if (lin_sign(ts, n, m, mid, R) <= 0)
				lo = mid;
			else
				hi = mid;
		}
		last[k] = lo;
	}
	while (ok && active) {
		active = false;
		for (size_t k = 0; k < n && ok; k++) {
			i128 t = cur[k], next = RT_TIME_NEVER;

			if (t > last[k])
				continue;
			active = true;
			if (!bar_holds(ts, n, m, k, t, diff)) {
				ok = false;
				*task = k;
				*offset = (rt_time)(t - ts[k].deadline);
				break;
			}
			for (size_t i = 0; i < n; i++) {
				i128 di = ts[i].deadline, ti = ts[i].period;
				i128 nd = t < di ? di : ((t - di) / ti + 1) * ti + di;

				next = rmin(next, nd);
			}
			cur[k] = next;
		}
	}
	free(diff);
	free(cur);
	free(last);
	return ok;
}

struct gref_sigma {
	i128 p, q;
};

static struct gref_sigma sigma_of(i128 p, i128 q)
{
	struct gref_sigma s;
	i128 a = p, b = q;

	while (b) {
		i128 r = a % b;

		a = b;
		b = r;
	}
	s.p = p / a;
	s.q = q / a;
	return s;
}

/* sigma <= 1 and U + (m - 1) sigma + (m - 1)/10 - m <= 0, exactly. */
static bool sigma_ok(const struct rt_task *ts, size_t n, unsigned m,
		     struct gref_sigma s)
{
	struct rt_qsum q;
	int sg = 1;

	if (s.p > s.q)
		return false;
	rt_qsum_init(&q);
	for (size_t i = 0; i < n; i++)
		rt_qsum_add(&q, ts[i].wcet, ts[i].period);
	rt_qsum_add(&q, (i128)(m - 1) * s.p, (int64_t)s.q);
	rt_qsum_add(&q, (i128)(m - 1), 10);
	rt_qsum_add(&q, -(i128)m, 1);
	rt_qsum_sign(&q, &sg);
	rt_qsum_free(&q);
	return sg <= 0;
}

/* sum_i ffdbf_i(t/P, sigma) <= (m - (m - 1) sigma) t/P, exactly. */
static bool ff_holds(const struct rt_task *ts, size_t n, unsigned m, i128 t,
		     i128 P, struct gref_sigma s)
{
	rt_i128 num = 0, den = 0;

	rt_global_ffdbf_demand(ts, n, (int64_t)t, (int64_t)P, (int64_t)s.p,
			       (int64_t)s.q, &num, &den);
	return num <= ((i128)m * s.q - (i128)(m - 1) * s.p) * t;
}

bool gref_ffdbf(const struct rt_task *ts, size_t n, unsigned m)
{
	const i128 grid = 50;
	struct gref_sigma cur;
	size_t j = 0;
	i128 csum = 0, g, x = 0;

	for (size_t i = 0; i < n; i++) {
		csum += ts[i].wcet;
		if ((i128)ts[i].wcet * ts[j].deadline >
		    (i128)ts[j].wcet * ts[i].deadline)
			j = i;
	}
	cur = sigma_of(ts[j].wcet, ts[j].deadline);
	g = cur.p * grid / cur.q + 1;
	if (!sigma_ok(ts, n, m, cur))
		return false;
	for (;;) {
		i128 t = -1;

		for (size_t i = 0; i < n; i++) {        /* next point > x */
			i128 tp = ts[i].period * cur.p, dp = ts[i].deadline * cur.p;
			i128 off = rmin(ts[i].wcet * cur.q, dp);

			i128 base[2] = { dp - off, dp };        /* off > 0 */

			for (size_t b = 0; b < 2; b++) {
				i128 v = x < base[b] ? base[b] :
					 ((x - base[b]) / tp + 1) * tp + base[b];

				t = t < 0 ? v : rmin(t, v);
			}
		}
		if (t > 10 * csum * cur.p)
			return true;                    /* past sum C / eps */
		if (ff_holds(ts, n, m, t, cur.p, cur)) {
			x = t;
			continue;
		}
		for (;;) {
			struct gref_sigma nx;

			if (g > grid)
				return false;
			nx = sigma_of(g++, grid);
			if (!sigma_ok(ts, n, m, nx))
				return false;
			if (ff_holds(ts, n, m, t, cur.p, nx)) {
				x = t * nx.p / cur.p;
				cur = nx;
				break;
			}
		}
	}
}
