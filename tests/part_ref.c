/* part_ref.c - the O(n * m^2) partitioner as it was before the
 * incremental one (models/partition.c), kept verbatim as the reference of
 * a differential test (tests/test_partition_scale.c): both must place
 * every task on the same CPU. */
#include "tests/part_ref.h"

#include <string.h>

#include "models/analysis_global.h"
#include "models/analysis_global_int.h"
#include "models/mem.h"

enum fit { FIT_FIRST, FIT_BEST, FIT_WORST };

struct packer {
	const struct rt_task *ts;
	size_t n;
	unsigned m;
	bool density;                   /* weight = density, else utilization */
	size_t *slot;                   /* CPU j's tasks: slot[start[j]..] */
	size_t *count;                  /* tasks on CPU j */
	size_t *order;                  /* CPUs in the order to try */
	struct rt_task *scratch;        /* one CPU's tasks + the candidate */
	struct rt_qsum q;               /* load comparisons */
	uint64_t budget, used, runs;    /* steps allowed / charged; checks */
	struct rt_diag *d;
};

/* Weight of a task: C/T, or C/min(D, T) for the density variants. */
static int64_t weight_den(const struct packer *p, const struct rt_task *t)
{
	if (p->density && t->deadline < t->period)
		return t->deadline;
	return t->period;
}

/*
 * Stable merge sort of idx[0..n) by weight non-increasing (schedcat
 * decreasing(): Python's sort(key=weight, reverse=True) keeps equal items
 * in input order).  C_a/w_a vs C_b/w_b by 128-bit cross products, exact.
 */
static void sort_by_weight(const struct packer *p, size_t *idx, size_t *tmp)
{
	size_t n = p->n;

	for (size_t w = 1; w < n; w *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = lo + w < n ? lo + w : n;
			size_t hi = lo + 2 * w < n ? lo + 2 * w : n;
			size_t i = lo, j = mid, k = lo;

			while (i < mid && j < hi) {
				const struct rt_task *x = &p->ts[idx[i]];
				const struct rt_task *y = &p->ts[idx[j]];

				if (rt_frac_cmp64(y->wcet, weight_den(p, y), x->wcet,
						  weight_den(p, x)) > 0)
					tmp[k++] = idx[j++];
				else
					tmp[k++] = idx[i++];
			}
			while (i < mid)
				tmp[k++] = idx[i++];
			while (j < hi)
				tmp[k++] = idx[j++];
		}
		memcpy(idx, tmp, n * sizeof(*idx));
	}
}

/* First slot of CPU j: CPUs are stored back to back in the order of their
 * numbers, so the tasks of j follow those of CPUs 0..j-1. */
static size_t bin_start(const struct packer *p, unsigned j)
{
	size_t s = 0;

	for (unsigned i = 0; i < j; i++)
		s += p->count[i];
	return s;
}

/* sign(load(a) - load(b)), exact. */
static enum rt_err load_cmp(struct packer *p, unsigned a, unsigned b, int *s)
{
	size_t sa = bin_start(p, a), sb = bin_start(p, b);
	enum rt_err err = RT_OK;

	rt_qsum_clear(&p->q);
	for (size_t i = 0; i < p->count[a] && !err; i++) {
		const struct rt_task *t = &p->ts[p->slot[sa + i]];

		err = rt_qsum_add(&p->q, t->wcet, weight_den(p, t));
	}
	for (size_t i = 0; i < p->count[b] && !err; i++) {
		const struct rt_task *t = &p->ts[p->slot[sb + i]];

		err = rt_qsum_add(&p->q, -(rt_i128)t->wcet, weight_den(p, t));
	}
	if (!err)
		err = rt_qsum_sign(&p->q, s);
	if (err == RT_ERR_UNSUPPORTED)
		return rt_diagf(p->d, err, "partition: CPU loads %u and %u are too "
				"close to compare exactly", a, b);
	if (err)
		return rt_diagf(p->d, err, "partition: %s", rt_strerror(err));
	return RT_OK;
}

/*
 * CPUs in the order a heuristic tries them: index order (first fit), load
 * non-increasing (best fit: the fullest CPU that fits wins) or load
 * non-decreasing (worst fit).  Insertion sort, stable, so equal loads
 * keep index order: "ties -> lowest index" exactly as schedcat's stable
 * sort / list.index(max(...)).
 */
static enum rt_err cpu_order(struct packer *p, enum fit fit)
{
	enum rt_err err;

	for (unsigned j = 0; j < p->m; j++)
		p->order[j] = j;
	if (fit == FIT_FIRST)
		return RT_OK;
	for (unsigned i = 1; i < p->m; i++)
		for (unsigned j = i; j > 0; j--) {
			int s = 0;
			size_t tmp;

			err = load_cmp(p, (unsigned)p->order[j],
				       (unsigned)p->order[j - 1], &s);
			if (err)
				return err;
			if (!(fit == FIT_BEST ? s > 0 : s < 0))
				break;
			tmp = p->order[j];
			p->order[j] = p->order[j - 1];
			p->order[j - 1] = tmp;
		}
	return RT_OK;
}

/*
 * sign(sum C_i/w_i - 1) over CPU j's tasks plus ti, with w = T (U) or
 * min(D, T) (density); exact.
 */
static enum rt_err sum_cmp1(struct packer *p, size_t k, bool density, int *s)
{
	enum rt_err err = RT_OK;

	rt_qsum_clear(&p->q);
	for (size_t i = 0; i < k + 1 && !err; i++) {
		const struct rt_task *t = &p->scratch[i];
		int64_t w = density && t->deadline < t->period ? t->deadline
							       : t->period;

		err = rt_qsum_add(&p->q, t->wcet, w);
	}
	if (!err)
		err = rt_qsum_add(&p->q, -1, 1);
	if (!err)
		err = rt_qsum_sign(&p->q, s);
	if (err)
		return rt_diagf(p->d, err, "partition: %s on a CPU: %s",
				density ? "density" : "U", rt_strerror(err));
	return RT_OK;
}

/*
 * Does task 'ti' fit on CPU j, i.e. is CPU j's set plus ti EDF-schedulable
 * on one processor?  Exact, in three steps that all give QPA's verdict:
 * U > 1 -> no (A.1); density <= 1 -> yes (A.2, sufficient); else QPA (A.5).
 * The shortcuts decide every implicit-deadline case without QPA.
 *
 * Budget: QPA does not report the steps it used, so it runs with a limit
 * that starts at 64 steps per task and grows 8x while it reports "budget
 * exhausted"; every attempt is charged its full limit.  The charged total
 * bounds the real work, and a cheap test costs at most its first limit.
 */
static enum rt_err fits(struct packer *p, unsigned j, size_t ti, bool *ok)
{
	size_t s = bin_start(p, j), k = p->count[j];
	struct rt_uni_result res;
	uint64_t limit = 64 * (uint64_t)(k + 1);
	enum rt_err err;
	int cmp = 0;

	for (size_t i = 0; i < k; i++)
		p->scratch[i] = p->ts[p->slot[s + i]];
	p->scratch[k] = p->ts[ti];
	p->runs++;
	err = sum_cmp1(p, k, false, &cmp);
	if (err || cmp > 0) {
		*ok = false;
		return err;
	}
	err = sum_cmp1(p, k, true, &cmp);
	if (err || cmp <= 0) {
		*ok = true;
		return err;
	}
	for (;;) {
		struct rt_diag why = { "" };
		uint64_t left = p->budget - p->used;

		if (limit > left)
			limit = left;
		err = rt_uni_qpa_limit(p->scratch, k + 1, limit, &res, &why);
		p->used += limit;
		if (err == RT_ERR_UNSUPPORTED && limit < left &&
		    strstr(why.msg, "budget exhausted")) {
			limit = limit > left / 8 ? left : 8 * limit;
			continue;
		}
		if (err)
			return rt_diagf(p->d, err, "partition: CPU %u with task "
					"%zu: %s", j, ti,
					why.msg[0] ? why.msg : rt_strerror(err));
		break;
	}
	*ok = res.verdict == RT_VERDICT_ACCEPT;
	return RT_OK;
}

/* Put task ti on CPU j (shift the later CPUs' slots up by one). */
static void place(struct packer *p, unsigned j, size_t ti)
{
	size_t end = bin_start(p, j) + p->count[j], total = 0;

	for (unsigned i = 0; i < p->m; i++)
		total += p->count[i];
	memmove(&p->slot[end + 1], &p->slot[end], (total - end) * sizeof(*p->slot));
	p->slot[end] = ti;
	p->count[j]++;
}

enum rt_err ref_partition(const struct rt_task *ts, size_t n, unsigned m,
			 enum rt_part_heuristic h, uint64_t budget, int *cpu,
			 struct rt_partition *out, struct rt_diag *d)
{
	struct rt_partition r = { RT_VERDICT_ACCEPT, RT_PART_NO_TASK, 0, 0 };
	struct packer p;
	enum rt_err err = RT_OK;
	enum fit fit;
	size_t *seq = NULL;
	int *where = NULL;

	if (m == 0 || (unsigned)h >= RT_PART__COUNT)
		return rt_diagf(d, RT_ERR_INVAL, "partition: need m >= 1 and a "
				"known heuristic");
	for (size_t i = 0; i < n; i++)
		if (ts[i].wcet <= 0 || ts[i].deadline <= 0 || ts[i].period <= 0)
			return rt_diagf(d, RT_ERR_INVAL,
					"task %zu (%s): C, D and T must be > 0",
					i, ts[i].name ? ts[i].name : "?");
	fit = (enum fit)(h % 3);
	memset(&p, 0, sizeof(p));
	p.ts = ts;
	p.n = n;
	p.m = m;
	p.density = h >= RT_PART_FIRST_FIT_DEC_DENSITY;
	p.budget = budget;
	p.d = d;
	rt_qsum_init(&p.q);
	p.slot = rt_calloc(n + 1, sizeof(*p.slot));
	p.count = rt_calloc(m, sizeof(*p.count));
	p.order = rt_calloc(m, sizeof(*p.order));
	p.scratch = rt_calloc(n + 1, sizeof(*p.scratch));
	seq = rt_calloc(2 * n + 1, sizeof(*seq));
	where = rt_calloc(n + 1, sizeof(*where));
	if (!p.slot || !p.count || !p.order || !p.scratch || !seq || !where) {
		err = rt_diagf(d, RT_ERR_NOMEM, "partition: %s",
			       rt_strerror(RT_ERR_NOMEM));
		goto done;
	}
	for (size_t i = 0; i < n; i++) {
		seq[i] = i;
		where[i] = -1;
	}
	if (h >= RT_PART_FIRST_FIT_DEC)
		sort_by_weight(&p, seq, seq + n);
	for (size_t s = 0; s < n && !err; s++) {
		size_t ti = seq[s];
		bool ok = false;

		err = cpu_order(&p, fit);
		for (unsigned k = 0; k < m && !err && !ok; k++) {
			err = fits(&p, (unsigned)p.order[k], ti, &ok);
			if (!err && ok) {
				place(&p, (unsigned)p.order[k], ti);
				where[ti] = (int)p.order[k];
				r.placed++;
			}
		}
		if (!err && !ok) {
			r.verdict = RT_VERDICT_REJECT;
			r.misfit = ti;
			break;
		}
	}
done:
	r.checks = p.runs;
	if (!err) {
		for (size_t i = 0; i < n; i++)
			cpu[i] = where[i];
		*out = r;
	}
	rt_qsum_free(&p.q);
	rt_free(p.slot);
	rt_free(p.count);
	rt_free(p.order);
	rt_free(p.scratch);
	rt_free(seq);
	rt_free(where);
	return err;
}
