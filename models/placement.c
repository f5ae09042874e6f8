/* placement.c - binding tasks to CPUs or clusters (see placement.h).
 *
 * Without explicit CPUs, partitioned EDF placement is rt_partition(); the
 * packer below handles fixed tasks, fixed priority and clusters.  State: each cluster's
 * members as a singly linked list through next[] (O(n + clusters)
 * memory).  Placing a task costs, for best/worst fit, an exact stable
 * sort of the cluster loads (O(c^2) comparisons of member sums), then one
 * fit test per cluster tried: an exact sum (clustered) or QPA on the
 * CPU's tasks (partitioned).
 */
#include "models/placement.h"

#include <stdlib.h>
#include <string.h>

#include "models/analysis_global.h"
#include "models/mem.h"

#define PL_NONE ((size_t)-1)

enum pl_fit { PL_FIRST, PL_BEST, PL_WORST };

struct placer {
	const struct rt_task *ts;
	size_t n;
	unsigned ncl;                   /* clusters */
	unsigned k;                     /* CPUs per cluster */
	bool density;                   /* weight: density, else utilization */
	const enum rt_fp_order *fp;     /* per-CPU test: fp-rta, NULL: QPA */
	size_t *head;                   /* ncl: first member, PL_NONE */
	size_t *next;                   /* n: next member of the same cluster */
	size_t *count;                  /* ncl: members */
	unsigned *order;                /* ncl: clusters in the order to try */
	struct rt_task *scratch;        /* a CPU's tasks + the candidate */
	size_t *idx;                    /* their indices, ascending (fp) */
	struct rt_qsum q;               /* exact sums and comparisons */
	uint64_t budget;
	struct rt_diag *d;
};

/* Weight denominator: T, or min(D, T) for the density variants. */
static int64_t pl_den(const struct placer *p, const struct rt_task *t)
{
	return p->density && t->deadline < t->period ? t->deadline : t->period;
}

/* Add (sign > 0) or subtract the weights of cluster c's members. */
static enum rt_err pl_add_members(struct placer *p, unsigned c, int sign)
{
	enum rt_err err = RT_OK;

	for (size_t i = p->head[c]; i != PL_NONE && !err; i = p->next[i])
		err = rt_qsum_add(&p->q, sign * (rt_i128)p->ts[i].wcet,
				  pl_den(p, &p->ts[i]));
	return err;
}

static enum rt_err pl_sign(struct placer *p, int *s)
{
	enum rt_err err = rt_qsum_sign(&p->q, s);

	if (err == RT_ERR_UNSUPPORTED)
		return rt_diagf(p->d, err, "placement: cluster loads too close "
				"to compare exactly");
	if (err)
		return rt_diagf(p->d, err, "placement: %s", rt_strerror(err));
	return RT_OK;
}

/* *s = sign(load(a) - load(b)). */
static enum rt_err pl_load_cmp(struct placer *p, unsigned a, unsigned b,
			       int *s)
{
	enum rt_err err;

	rt_qsum_clear(&p->q);
	err = pl_add_members(p, a, 1);
	if (!err)
		err = pl_add_members(p, b, -1);
	if (err)
		return rt_diagf(p->d, err, "placement: %s", rt_strerror(err));
	return pl_sign(p, s);
}

/* Clusters in the order the heuristic tries them; a stable insertion
 * sort, so equal loads keep index order. */
static enum rt_err pl_order(struct placer *p, enum pl_fit fit)
{
	for (unsigned j = 0; j < p->ncl; j++)
		p->order[j] = j;
	if (fit == PL_FIRST)
		return RT_OK;
	for (unsigned i = 1; i < p->ncl; i++)
		for (unsigned j = i; j > 0; j--) {
			unsigned tmp;
			int s = 0;
			enum rt_err err = pl_load_cmp(p, p->order[j],
						      p->order[j - 1], &s);

			if (err)
				return err;
			if (!(fit == PL_BEST ? s > 0 : s < 0))
				break;
			tmp = p->order[j];
			p->order[j] = p->order[j - 1];
			p->order[j - 1] = tmp;
		}
	return RT_OK;
}

static int pl_idx_cmp(const void *pa, const void *pb)
{
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;

	return (a > b) - (a < b);
}

/* Does task ti fit in cluster c?  Clustered: w_i <= 1 and load + w_i <= k,
 * exactly.  Partitioned: QPA (or fp-rta) accepts the CPU's tasks plus
 * ti.  fp-rta breaks equal priorities by array position, and the order
 * (as the simulator's, analysis_fp.h) is by task index, so it gets the
 * CPU's tasks and ti in ascending index, not in the member list's
 * newest-first order; QPA does not depend on the order. */
static enum rt_err pl_fits(struct placer *p, unsigned c, size_t ti, bool *ok)
{
	const struct rt_task *t = &p->ts[ti];
	enum rt_err err;
	int s = 0;

	if (p->k > 1) {
		if (t->wcet > pl_den(p, t)) {
			*ok = false;
			return RT_OK;
		}
		rt_qsum_clear(&p->q);
		err = pl_add_members(p, c, 1);
		if (!err)
			err = rt_qsum_add(&p->q, t->wcet, pl_den(p, t));
		if (!err)
			err = rt_qsum_add(&p->q, -(rt_i128)p->k, 1);
		if (err)
			return rt_diagf(p->d, err, "placement: %s",
					rt_strerror(err));
		err = pl_sign(p, &s);
		*ok = !err && s <= 0;
		return err;
	} else {
		struct rt_diag why = { "" };
		struct rt_uni_result res;
		struct rt_fp_result fr;
		size_t m = 0;

		for (size_t i = p->head[c]; i != PL_NONE; i = p->next[i])
			p->idx[m++] = i;
		p->idx[m++] = ti;
		if (p->fp)
			qsort(p->idx, m, sizeof(*p->idx), pl_idx_cmp);
		for (size_t j = 0; j < m; j++)
			p->scratch[j] = p->ts[p->idx[j]];
		if (p->fp)
			err = rt_fp_rta(p->scratch, m, *p->fp, p->budget, NULL,
					&fr, &why);
		else
			err = rt_uni_qpa_limit(p->scratch, m, p->budget, &res,
					       &why);
		if (err)
			return rt_diagf(p->d, err, "placement: CPU %u with task "
					"%zu: %s", c, ti, why.msg[0] ? why.msg :
					rt_strerror(err));
		*ok = (p->fp ? fr.verdict : res.verdict) == RT_VERDICT_ACCEPT;
		return RT_OK;
	}
}

static void pl_put(struct placer *p, unsigned c, size_t ti)
{
	p->next[ti] = p->head[c];
	p->head[c] = ti;
	p->count[c]++;
}

struct pl_item {
	int64_t c, w;                   /* weight c / w */
	size_t idx;
};

/* Weight non-increasing, then index: a total order (qsort is then
 * stable in effect). */
static int pl_item_cmp(const void *pa, const void *pb)
{
	const struct pl_item *a = pa, *b = pb;
	int s = rt_frac_cmp64(b->c, b->w, a->c, a->w);

	if (s)
		return s;
	return (a->idx > b->idx) - (a->idx < b->idx);
}

static enum rt_err pl_check(const struct rt_task *ts, size_t n, unsigned m,
			    unsigned k, enum rt_part_heuristic h,
			    struct rt_diag *d)
{
	if (m == 0 || k == 0 || m % k != 0)
		return rt_diagf(d, RT_ERR_INVAL, "placement: %u CPUs cannot be "
				"split into clusters of %u", m, k);
	if ((unsigned)h >= RT_PART__COUNT)
		return rt_diagf(d, RT_ERR_INVAL, "placement: unknown heuristic "
				"%d", (int)h);
	if (rt_tasks_check_cdt(ts, n, d) != RT_OK)
		return RT_ERR_INVAL;
	for (size_t i = 0; i < n; i++) {
		const struct rt_task *t = &ts[i];

		if (t->cpu >= (int)m)
			return rt_diagf(d, RT_ERR_INVAL, "task %zu (%s): cpu %d "
					"but only %u CPUs", i,
					t->name ? t->name : "?", t->cpu, m);
	}
	return RT_OK;
}

/* No fixed task, one CPU per bin: exactly rt_partition(). */
static enum rt_err pl_partition(const struct rt_task *ts, size_t n,
				unsigned m, enum rt_part_heuristic h,
				uint64_t budget, unsigned *cluster,
				struct rt_place_result *r, struct rt_diag *d)
{
	struct rt_partition pr;
	int *cpu = rt_calloc(n ? n : 1, sizeof(*cpu));
	enum rt_err err;

	if (!cpu)
		return rt_diagf(d, RT_ERR_NOMEM, "placement: out of memory");
	err = rt_partition(ts, n, m, h, budget, cpu, &pr, d);
	if (!err) {
		r->verdict = pr.verdict;
		r->misfit = pr.verdict == RT_VERDICT_ACCEPT ? RT_PLACE_NO_TASK
							    : pr.misfit;
		r->fixed = 0;
		r->placed = pr.placed;
		for (size_t i = 0; i < n && pr.verdict == RT_VERDICT_ACCEPT; i++)
			cluster[i] = (unsigned)cpu[i];
	}
	rt_free(cpu);
	return err;
}

enum rt_err rt_place(const struct rt_task *ts, size_t n, unsigned m,
		     unsigned k, enum rt_part_heuristic h,
		     const enum rt_fp_order *fp, uint64_t budget,
		     unsigned *cluster, struct rt_place_result *out,
		     struct rt_diag *d)
{
	struct rt_place_result r = { RT_VERDICT_ACCEPT, RT_PLACE_NO_TASK, 0, 0 };
	struct pl_item *items = NULL;
	unsigned *where = NULL;
	struct placer p;
	size_t nfree = 0;
	enum rt_err err;

	err = pl_check(ts, n, m, k, h, d);
	if (err)
		return err;
	for (size_t i = 0; i < n; i++)
		r.fixed += ts[i].cpu >= 0;
	if (m / k == 1) {
		for (size_t i = 0; i < n; i++)
			cluster[i] = 0;
		r.placed = n;
		*out = r;
		return RT_OK;
	}
	if (fp && (unsigned)*fp >= RT_FP__COUNT)
		return rt_diagf(d, RT_ERR_INVAL, "placement: unknown priority "
				"order %d", (int)*fp);
	if (k == 1 && r.fixed == 0 && !fp) {
		err = pl_partition(ts, n, m, h, budget, cluster, &r, d);
		if (!err)
			*out = r;
		return err;
	}

	memset(&p, 0, sizeof(p));
	p.ts = ts;
	p.n = n;
	p.ncl = m / k;
	p.k = k;
	p.density = h >= RT_PART_FIRST_FIT_DEC_DENSITY;
	p.fp = fp;
	p.budget = budget;
	p.d = d;
	rt_qsum_init(&p.q);
	p.head = rt_calloc(p.ncl, sizeof(*p.head));
	p.next = rt_calloc(n, sizeof(*p.next));
	p.count = rt_calloc(p.ncl, sizeof(*p.count));
	p.order = rt_calloc(p.ncl, sizeof(*p.order));
	p.scratch = rt_calloc(n + 1, sizeof(*p.scratch));
	p.idx = rt_calloc(n + 1, sizeof(*p.idx));
	items = rt_calloc(n, sizeof(*items));
	where = rt_calloc(n, sizeof(*where));
	if (!p.head || !p.next || !p.count || !p.order || !p.scratch ||
	    !p.idx || !items || !where) {
		err = rt_diagf(d, RT_ERR_NOMEM, "placement: out of memory");
		goto done;
	}
	for (unsigned c = 0; c < p.ncl; c++)
		p.head[c] = PL_NONE;
	/* Fixed tasks first, then the others in packing order. */
	for (size_t i = 0; i < n; i++) {
		if (ts[i].cpu >= 0) {
			where[i] = (unsigned)ts[i].cpu / k;
			pl_put(&p, where[i], i);
			r.placed++;
		} else {
			items[nfree].c = ts[i].wcet;
			items[nfree].w = pl_den(&p, &ts[i]);
			items[nfree].idx = i;
			nfree++;
		}
	}
	if (h >= RT_PART_FIRST_FIT_DEC)
		qsort(items, nfree, sizeof(*items), pl_item_cmp);
	for (size_t s = 0; s < nfree && !err; s++) {
		size_t ti = items[s].idx;
		bool ok = false;

		err = pl_order(&p, (enum pl_fit)(h % 3));
		for (unsigned j = 0; j < p.ncl && !err && !ok; j++) {
			err = pl_fits(&p, p.order[j], ti, &ok);
			if (!err && ok) {
				where[ti] = p.order[j];
				pl_put(&p, p.order[j], ti);
				r.placed++;
			}
		}
		if (!err && !ok) {
			r.verdict = RT_VERDICT_REJECT;
			r.misfit = ti;
			break;
		}
	}
	if (!err) {
		if (r.verdict == RT_VERDICT_ACCEPT)
			memcpy(cluster, where, n * sizeof(*cluster));
		*out = r;
	}
done:
	rt_qsum_free(&p.q);
	rt_free(p.head);
	rt_free(p.next);
	rt_free(p.count);
	rt_free(p.order);
	rt_free(p.scratch);
	rt_free(p.idx);
	rt_free(items);
	rt_free(where);
	return err;
}
