/* blocking.c - blocking terms and the blocking-aware tests
 * (models/blocking.h). */
#include "models/blocking.h"

#include "models/analysis_uni.h"
#include "models/frac.h"
#include "models/mem.h"

#include <stdbool.h>
#include <stdint.h>

void rt_levels_by_deadline(const struct rt_task *ts, size_t n, uint32_t *lvl)
{
	for (size_t i = 0; i < n; i++) {
		uint32_t l = 0;

		for (size_t k = 0; k < n; k++) {
			bool dup = false;

			if (ts[k].deadline >= ts[i].deadline)
				continue;
			for (size_t m = 0; m < k && !dup; m++)
				dup = ts[m].deadline == ts[k].deadline;
			l += !dup;
		}
		lvl[i] = l;
	}
}

/* len(j, R) for every task and resource into len[j * nres + R] (0: no
 * section), ceil[R] (UINT32_MAX: unused). */
static void blk_tables(const struct rt_task *ts, size_t n, size_t nres,
		       const uint32_t *lvl, rt_time *len, uint32_t *ceil)
{
	for (size_t k = 0; k < nres; k++)
		ceil[k] = UINT32_MAX;
	for (size_t j = 0; j < n; j++)
		for (size_t s = 0; s < ts[j].nsections; s++) {
			const struct rt_section *x = &ts[j].sections[s];
			rt_time *l = &len[j * nres + x->resource];

			if (x->len > *l)
				*l = x->len;
			if (lvl[j] < ceil[x->resource])
				ceil[x->resource] = lvl[j];
		}
}

/* Section b of one task lies inside section a (a != b): its interval is
 * within a's, and of two over the same interval the first listed is the
 * outer one (models/section.h): the job locks it first (section.c), so
 * it may hold a while it requests b, never b while it requests a. */
static bool lo_inside(const struct rt_section *s, size_t a, size_t b)
{
	rt_time ea = s[a].after + s[a].len, eb = s[b].after + s[b].len;

	if (a == b || s[b].after < s[a].after || eb > ea)
		return false;
	if (s[b].after == s[a].after && eb == ea)
		return a < b;
	return true;
}

/* The one walk over nested sections: step(ctx, R', R) for every pair of
 * one task's sections where the one on R lies inside the one on R'
 * (lo_inside: a job holding R' may request R), the lock-order edges
 * R' -> R.  True when some step returned true (changed something). */
static bool blk_nested_walk(const struct rt_task *ts, size_t n,
			    bool (*step)(void *ctx, uint32_t outer,
					 uint32_t inner),
			    void *ctx)
{
	bool changed = false;

	for (size_t j = 0; j < n; j++) {
		const struct rt_section *s = ts[j].sections;

		for (size_t o = 0; o < ts[j].nsections; o++)
			for (size_t x = 0; x < ts[j].nsections; x++)
				if (lo_inside(s, o, x))
					changed |= step(ctx, s[o].resource,
							s[x].resource);
	}
	return changed;
}

struct blk_raise {
	uint32_t *ceil;
	bool nested;                    /* some task nests */
};

/* pip: R requested inside R' blocks whoever R' blocks: ceil(R) rises to
 * ceil(R') (not the other way: a job never requests R' holding R). */
static bool blk_raise_step(void *ctx, uint32_t outer, uint32_t inner)
{
	struct blk_raise *r = ctx;

	r->nested = true;
	if (r->ceil[outer] >= r->ceil[inner])
		return false;
	r->ceil[inner] = r->ceil[outer];
	return true;
}

/* none: whoever may wait on R' may wait on R as well: R''s holder may
 * request R inside that section and wait there (a chain). */
static bool blk_wait_step(void *ctx, uint32_t outer, uint32_t inner)
{
	bool *w = ctx;

	if (!w[outer] || w[inner])
		return false;
	w[inner] = true;
	return true;
}

/* pip with nested sections: a job holding R' that requests R (R nested
 * in R') makes R block whoever R' blocks (transitive blocking), so R's
 * ceiling rises to R''s, to a fixed point (each step lowers a ceiling's
 * level number, so it ends).  *nested: some task nests. */
static void blk_transitive(const struct rt_task *ts, size_t n,
			   uint32_t *ceil, bool *nested)
{
	struct blk_raise r = { .ceil = ceil, .nested = false };

	while (blk_nested_walk(ts, n, blk_raise_step, &r))
		;
	*nested = r.nested;
}

/* none: can a job of task i wait while a lower-level job runs?  It waits
 * on the resources it uses; the holder of one of them, if it requests R
 * inside its section there, waits on R in turn (a chain through a
 * higher-priority holder: i waits for h, h for a lower j).  w[] (nres
 * entries) is scratch: the resources i can wait on, to a fixed point
 * (entries only become true, so it ends). */
static bool blk_none_blocked(const struct rt_task *ts, size_t n, size_t nres,
			     const uint32_t *lvl, const rt_time *len, size_t i,
			     bool *w)
{
	for (size_t k = 0; k < nres; k++)
		w[k] = len[i * nres + k] > 0;
	while (blk_nested_walk(ts, n, blk_wait_step, w))
		;
	for (size_t j = 0; j < n; j++)
		for (size_t k = 0; k < nres && lvl[j] > lvl[i]; k++)
			if (w[k] && len[j * nres + k] > 0)
				return true;
	return false;
}

static bool blk_add(rt_time *sum, rt_time v)
{
	return rt_time_add(*sum, v, sum);
}

enum rt_err rt_blocking_terms(const struct rt_task *ts, size_t n,
			      size_t nres, const uint32_t *lvl,
			      enum rt_lock_protocol p, rt_time *B,
			      struct rt_diag *d)
{
	size_t cells = n * nres;
	rt_time *len = rt_calloc(cells > 0 ? cells : 1, sizeof(*len));
	uint32_t *ceil = rt_calloc(nres ? nres : 1, sizeof(*ceil));
	bool *w = rt_calloc(nres ? nres : 1, sizeof(*w));
	enum rt_err err = RT_OK;
	bool nested = false;

	if (!len || !ceil || !w) {
		err = rt_diagf(d, RT_ERR_NOMEM, "blocking: out of memory");
		goto out;
	}
	blk_tables(ts, n, nres, lvl, len, ceil);
	if (p == RT_LOCK_PIP)
		blk_transitive(ts, n, ceil, &nested);
	for (size_t i = 0; i < n; i++) {
		rt_time bl = 0, bs = 0, one = 0;

		for (size_t j = 0; j < n; j++) {
			rt_time m = 0;

			if (lvl[j] <= lvl[i] || j == i)
				continue;
			for (size_t k = 0; k < nres; k++) {
				rt_time l = len[j * nres + k];

				if (!l || ceil[k] > lvl[i])
					continue;
				if (l > m)
					m = l;
			}
			if (m > one)
				one = m;
			if (!blk_add(&bl, m))
				goto overflow;
		}
		for (size_t k = 0; k < nres; k++) {
			rt_time m = 0;

			if (ceil[k] > lvl[i])
				continue;
			for (size_t j = 0; j < n; j++)
				if (lvl[j] > lvl[i] && len[j * nres + k] > m)
					m = len[j * nres + k];
			if (!blk_add(&bs, m))
				goto overflow;
		}
		switch (p) {
		case RT_LOCK_NONE:
			B[i] = blk_none_blocked(ts, n, nres, lvl, len, i, w) ?
			       RT_TIME_NEVER : 0;
			break;
		case RT_LOCK_PIP:
			/* nested: blocking may chain through one resource
			 * several times; only the per-task sum holds */
			B[i] = nested || bl < bs ? bl : bs;
			break;
		case RT_LOCK_PCP:
		case RT_LOCK_SRP:
			B[i] = one;
			break;
		}
	}
	goto out;
overflow:
	err = rt_diagf(d, RT_ERR_OVERFLOW, "blocking: a sum of section "
		       "lengths past %lld", (long long)RT_TIME_MAX);
out:
	rt_free(len);
	rt_free(ceil);
	rt_free(w);
	return err;
}

/* B(t): the longest section of a task with D > t on a resource used by a
 * task with D <= t. */
static rt_time srp_b(const struct rt_task *ts, size_t n, const rt_time *mind,
		     rt_time t)
{
	rt_time b = 0;

	for (size_t j = 0; j < n; j++) {
		if (ts[j].deadline <= t)
			continue;
		for (size_t s = 0; s < ts[j].nsections; s++) {
			const struct rt_section *x = &ts[j].sections[s];

			if (mind[x->resource] <= t && x->len > b)
				b = x->len;
		}
	}
	return b;
}

enum rt_err rt_edf_srp_test(const struct rt_task *ts, size_t n, size_t nres,
			    uint64_t budget, enum rt_verdict *v,
			    rt_time *witness, struct rt_diag *d)
{
	rt_time *mind = rt_calloc(nres ? nres : 1, sizeof(*mind));
	rt_time L = 0, dmax = 0;
	uint64_t steps = 0;
	enum rt_err err;
	bool accept;

	*v = RT_VERDICT_ACCEPT;
	*witness = RT_TIME_NEVER;
	if (!mind)
		return rt_diagf(d, RT_ERR_NOMEM, "edf-srp: out of memory");
	err = rt_uni_utilization_test(ts, n, &accept);
	if (err) {
		rt_diagf(d, err, "edf-srp: U cannot be compared with 1");
		goto out;
	}
	if (!accept) {
		*v = RT_VERDICT_REJECT;
		goto out;
	}
	err = rt_uni_testing_interval(ts, n, budget, &L, d);
	if (err)
		goto out;
	for (size_t k = 0; k < nres; k++)
		mind[k] = RT_TIME_NEVER;
	for (size_t j = 0; j < n; j++) {
		if (ts[j].deadline > dmax)
			dmax = ts[j].deadline;
		for (size_t s = 0; s < ts[j].nsections; s++) {
			uint32_t k = ts[j].sections[s].resource;

			if (ts[j].deadline < mind[k])
				mind[k] = ts[j].deadline;
		}
	}
	if (dmax > L)
		L = dmax;
	/* every absolute deadline t = D_i + k T_i < L (and t = D_max) */
	for (size_t i = 0; i < n && *v == RT_VERDICT_ACCEPT; i++) {
		for (rt_time t = ts[i].deadline; t <= L;) {
			rt_time h, b;

			if (t == L && t != dmax)
				break;
			if (++steps > budget) {
				err = rt_diagf(d, RT_ERR_UNSUPPORTED, "edf-srp: "
					       "budget exhausted after %llu "
					       "deadlines",
					       (unsigned long long)steps);
				goto out;
			}
			err = rt_uni_dbf(ts, n, t, &h);
			if (err) {
				rt_diagf(d, err, "edf-srp: dbf(%lld) overflows",
					 (long long)t);
				goto out;
			}
			b = srp_b(ts, n, mind, t);
			if (h > t || b > t - h) {
				*v = RT_VERDICT_REJECT;
				*witness = t;
				break;
			}
			if (!rt_time_add(t, ts[i].period, &t))
				break;
		}
	}
out:
	rt_free(mind);
	return err;
}

/* ---- lock order ---------------------------------------------------------- */

struct blk_edges {
	unsigned char *adj;             /* nres x nres */
	size_t nres;
};

static bool blk_edge_step(void *ctx, uint32_t outer, uint32_t inner)
{
	struct blk_edges *e = ctx;

	e->adj[outer * e->nres + inner] = 1;
	return false;
}

enum rt_err rt_lock_order_cycle(const struct rt_task *ts, size_t n,
				size_t nres, uint32_t *cyc, size_t *len)
{
	unsigned char *adj, *col;       /* col: 0 new, 1 on the path, 2 done */
	size_t *par, *next;
	struct blk_edges lo;
	enum rt_err err = RT_OK;

	*len = 0;
	if (nres == 0)
		return RT_OK;
	if (nres > SIZE_MAX / nres)
		return RT_ERR_NOMEM;
	adj = rt_calloc(nres * nres, 1);
	col = rt_calloc(nres, 1);
	par = rt_calloc(nres, sizeof(*par));
	next = rt_calloc(nres, sizeof(*next));
	if (!adj || !col || !par || !next) {
		err = RT_ERR_NOMEM;
		goto out;
	}
	lo.adj = adj;
	lo.nres = nres;
	blk_nested_walk(ts, n, blk_edge_step, &lo);
	/* iterative depth-first search; a grey successor closes a cycle */
	for (size_t r0 = 0; r0 < nres && !*len; r0++) {
		size_t u = r0;

		if (col[r0])
			continue;
		col[u] = 1;
		par[u] = SIZE_MAX;
		next[u] = 0;
		while (u != SIZE_MAX && !*len) {
			size_t v = next[u]++;

			if (v >= nres) {
				col[u] = 2;
				u = par[u];
				continue;
			}
			if (!adj[u * nres + v])
				continue;
			if (col[v] == 1) {      /* v ... u -> v */
				size_t k = 0, w;

				for (w = u; w != v; w = par[w])
					k++;
				*len = k + 2;
				cyc[0] = (uint32_t)v;
				cyc[k + 1] = (uint32_t)v;
				for (w = u; w != v; w = par[w])
					cyc[k--] = (uint32_t)w;
			} else if (!col[v]) {
				col[v] = 1;
				par[v] = u;
				next[v] = 0;
				u = v;
			}
		}
	}
out:
	rt_free(adj);
	rt_free(col);
	rt_free(par);
	rt_free(next);
	return err;
}
