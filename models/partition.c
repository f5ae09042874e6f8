/* partition.c - bin-packing heuristics with an exact per-CPU test (C.2).
 *
 * State: each CPU's tasks form a list in placement order ('first', 'last'
 * per CPU, 'next' per task), and each CPU keeps two fixed-point
 * enclosures [lo, hi] (units of 2^-64) of its utilization and density
 * sums, updated in O(1) per placement.  An enclosure decides "sum + the
 * candidate <= 1" and "load(a) vs load(b)" at once unless the two sides
 * are within n * 2^-64 of each other; only then is the CPU's exact sum
 * consulted, kept lazily (struct xsum: each task added once, when first
 * needed; equal tasks make every comparison of equal loads need it), and
 * rebuilt from the CPU's list (rt_qsum, O(k) for k tasks on the CPU) only
 * when that is unavailable, so the verdicts are those of exact
 * arithmetic.
 *
 * CPU order: first fit tries CPUs in index order; best fit (worst fit)
 * keeps 'order' sorted by load non-increasing (non-decreasing), ties by
 * index, and after a placement moves only the CPU that changed (binary
 * search for its new place: O(log m) comparisons, O(distance) moves).  That is the order a stable
 * sort from index order gives, so the heuristics answer exactly as
 * schedcat's.
 *
 * Cost: O(n log n) for the task order, plus per task the CPUs tried
 * (O(1) each while the shortcuts decide: U > 1 rejects, density <= 1
 * accepts; CPUs provably too full are skipped in O(log m): a segment tree
 * for first fit, a binary search in the sorted order for best and worst
 * fit) and the reordering; QPA runs only for a constrained-
 * deadline CPU whose density exceeds 1, within 'budget'.  Worst case
 * O(n * m) for n tasks and m CPUs (every CPU tried for every task);
 * 100,000 tasks on 64 CPUs or 20,000 on 4,096 take well under a second
 * (tests/test_partition_scale.c).
 *
 * Length (about 650 lines): one data structure, the packer, whose
 * enclosures, CPU orders and exact fallbacks share its invariants; each
 * piece alone would expose them to the others.
 */
#include "models/partition.h"

#include <string.h>

#include "models/analysis_global.h"
#include "models/frac.h"
#include "models/mem.h"

static const char *const part_names[RT_PART__COUNT] = {
	[RT_PART_FIRST_FIT]             = "first-fit",
	[RT_PART_BEST_FIT]              = "best-fit",
	[RT_PART_WORST_FIT]             = "worst-fit",
	[RT_PART_FIRST_FIT_DEC]         = "first-fit-decreasing",
	[RT_PART_BEST_FIT_DEC]          = "best-fit-decreasing",
	[RT_PART_WORST_FIT_DEC]         = "worst-fit-decreasing",
	[RT_PART_FIRST_FIT_DEC_DENSITY] = "first-fit-decreasing-density",
	[RT_PART_BEST_FIT_DEC_DENSITY]  = "best-fit-decreasing-density",
	[RT_PART_WORST_FIT_DEC_DENSITY] = "worst-fit-decreasing-density",
};

const char *rt_part_name(enum rt_part_heuristic h)
{
	if ((unsigned)h >= RT_PART__COUNT)
		return "?";
	return part_names[h];
}

bool rt_part_find(const char *name, enum rt_part_heuristic *h)
{
	for (unsigned i = 0; i < RT_PART__COUNT; i++)
		if (name && !strcmp(name, part_names[i])) {
			*h = (enum rt_part_heuristic)i;
			return true;
		}
	return false;
}

enum fit { FIT_FIRST, FIT_BEST, FIT_WORST };

#define PART_NONE ((size_t)-1)

/* A fixed-point enclosure lo <= x <= hi of a nonnegative sum, in units of
 * 2^-64.  Terms are C/w with C < 2^63 and w < 2^63, each enclosed as
 * floor(C/w) * 2^64 + floor(r * 2^64 / w) (+1 for hi when r != 0), so n
 * terms are enclosed within n * 2^-64; the sums below stay < 2^127 as a
 * CPU only ever holds a load <= 1 plus one candidate < 2^63. */
struct encl {
	rt_u128 lo, hi;
};

#define ENCL_ONE ((rt_u128)1 << 64)

static struct encl encl_term(int64_t c, int64_t w)
{
	uint64_t q = (uint64_t)c / (uint64_t)w, r = (uint64_t)c % (uint64_t)w;
	rt_u128 f = ((rt_u128)r << 64) / (uint64_t)w;
	struct encl e;

	e.lo = ((rt_u128)q << 64) + f;
	e.hi = e.lo + (r != 0);
	return e;
}

/* A CPU's exact sum, brought up to date only when an enclosure cannot
 * decide (x_sync): each task is added once, so deciding between CPUs of
 * equal loads (equal tasks: every comparison) costs O(1) amortized, not
 * a rebuild of both lists. */
struct xsum {
	struct rt_frac *f;              /* sum over the CPU's list up to 'upto'
					 * (NULL: nothing added yet) */
	size_t upto;                    /* the last task added (f != NULL) */
	bool bad;                       /* out of memory or past the exact
					 * form: use the lists (rt_qsum) */
};

struct packer {
	const struct rt_task *ts;
	size_t n;
	unsigned m;
	bool density;                   /* weight = density, else utilization */
	size_t *first, *last;           /* CPU j's first / last task, PART_NONE */
	size_t *next;                   /* next task on the same CPU */
	size_t *count;                  /* tasks on CPU j */
	struct encl *uload, *dload;     /* U and density sums of CPU j */
	struct encl *uterm, *dterm;     /* task i's U and density terms */
	unsigned *order;                /* CPUs in the order to try */
	unsigned *pos;                  /* pos[j]: j's index in order */
	rt_u128 *seg;                   /* first fit: min uload.lo per subtree */
	unsigned leaves;                /* seg: power of two >= m */
	bool monotone;                  /* U > 1 is a prefix (best) or suffix
					 * (worst) of 'order' */
	struct rt_task *scratch;        /* one CPU's tasks + the candidate */
	struct xsum *xu, *xd;           /* CPU j's exact U and density sums */
	struct rt_qsum q;               /* exact fallbacks */
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

static int64_t dens_den(const struct rt_task *t)
{
	return t->deadline < t->period ? t->deadline : t->period;
}

/* CPU j's load in the heuristic's weight. */
static const struct encl *load_of(const struct packer *p, unsigned j)
{
	return p->density ? &p->dload[j] : &p->uload[j];
}

/*
 * Stable merge sort of idx[0..n) by weight non-increasing (schedcat
 * decreasing(): Python's sort(key=weight, reverse=True) keeps equal items
 * in input order).  C_a/w_a vs C_b/w_b by 128-bit cross products, exact.
 * The keys (C, w, index) are copied into one compact array first: merging
 * through indices into the task array was bound by its cache misses.
 */
struct wkey {
	int64_t c, w;           /* weight C/w */
	size_t i;               /* task index */
};

static enum rt_err sort_by_weight(const struct packer *p, size_t *idx)
{
	size_t n = p->n;
	struct wkey *a = rt_calloc(n ? 2 * n : 1, sizeof(*a)), *b, *t;

	if (!a)
		return rt_diagf(p->d, RT_ERR_NOMEM, "partition: %s",
				rt_strerror(RT_ERR_NOMEM));
	b = a + n;
	for (size_t i = 0; i < n; i++) {
		a[i].c = p->ts[i].wcet;
		a[i].w = weight_den(p, &p->ts[i]);
		a[i].i = i;
	}
	for (size_t w = 1; w < n; w *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = lo + w < n ? lo + w : n;
			size_t hi = lo + 2 * w < n ? lo + 2 * w : n;
			size_t i = lo, j = mid, k = lo;

			while (i < mid && j < hi) {
				if (rt_frac_cmp64(a[j].c, a[j].w, a[i].c, a[i].w) > 0)
					b[k++] = a[j++];
				else
					b[k++] = a[i++];
			}
			while (i < mid)
				b[k++] = a[i++];
			while (j < hi)
				b[k++] = a[j++];
		}
		t = a;
		a = b;
		b = t;
	}
	for (size_t i = 0; i < n; i++)
		idx[i] = a[i].i;
	rt_free(a < b ? a : b);
	return RT_OK;
}

/* CPU j's exact sum (density or U) up to date; NULL: use the list. */
static const struct rt_frac *x_sync(struct packer *p, unsigned j,
				    bool density)
{
	struct xsum *x = density ? &p->xd[j] : &p->xu[j];
	size_t i;

	if (x->bad)
		return NULL;
	if (!x->f) {
		if (p->first[j] == PART_NONE || !(x->f = rt_frac_create())) {
			x->bad = x->f == NULL && p->first[j] != PART_NONE;
			return NULL;
		}
		i = p->first[j];
	} else {
		i = p->next[x->upto];
	}
	for (; i != PART_NONE; i = p->next[i]) {
		const struct rt_task *k = &p->ts[i];

		if (rt_frac_add(x->f, k->wcet, density ? dens_den(k) :
				k->period) != RT_OK) {
			rt_frac_destroy(x->f);
			x->f = NULL;
			x->bad = true;
			return NULL;
		}
		x->upto = i;
	}
	return x->f;
}

/* sign(load(a) - load(b)), exact: the enclosures, else the exact sums,
 * else both lists. */
static enum rt_err load_cmp(struct packer *p, unsigned a, unsigned b, int *s)
{
	const struct encl *ea = load_of(p, a), *eb = load_of(p, b);
	const struct rt_frac *fa, *fb;
	enum rt_err err = RT_OK;

	if (ea->lo == ea->hi && eb->lo == eb->hi) {
		*s = ea->lo < eb->lo ? -1 : ea->lo > eb->lo;
		return RT_OK;
	}
	if (ea->lo > eb->hi || ea->hi < eb->lo) {
		*s = ea->lo > eb->hi ? 1 : -1;
		return RT_OK;
	}
	/* overlapping enclosures: a CPU with no task has load 0 exactly */
	fa = x_sync(p, a, p->density);
	fb = x_sync(p, b, p->density);
	if (p->first[a] == PART_NONE && fb &&
	    rt_frac_compare(fb, 0, 1, s) == RT_OK) {
		*s = -*s;
		return RT_OK;
	}
	if (p->first[b] == PART_NONE && fa &&
	    rt_frac_compare(fa, 0, 1, s) == RT_OK)
		return RT_OK;
	if (fa && fb && rt_frac_compare_frac(fa, fb, s) == RT_OK)
		return RT_OK;
	rt_qsum_clear(&p->q);
	for (size_t i = p->first[a]; i != PART_NONE && !err; i = p->next[i])
		err = rt_qsum_add(&p->q, p->ts[i].wcet, weight_den(p, &p->ts[i]));
	for (size_t i = p->first[b]; i != PART_NONE && !err; i = p->next[i])
		err = rt_qsum_add(&p->q, -(rt_i128)p->ts[i].wcet,
				  weight_den(p, &p->ts[i]));
	if (!err)
		err = rt_qsum_sign(&p->q, s);
	if (err == RT_ERR_UNSUPPORTED)
		return rt_diagf(p->d, err, "partition: CPU loads %u and %u are too "
				"close to compare exactly", a, b);
	if (err)
		return rt_diagf(p->d, err, "partition: %s", rt_strerror(err));
	return RT_OK;
}

/* Does CPU a go before CPU b in the order of the fit?  Best fit: larger
 * load first; worst fit: smaller first; equal loads: lower index. */
static enum rt_err before(struct packer *p, enum fit fit, unsigned a,
			  unsigned b, bool *yes)
{
	int s = 0;
	enum rt_err err = load_cmp(p, a, b, &s);

	if (err)
		return err;
	*yes = fit == FIT_BEST ? s > 0 || (s == 0 && a < b)
			       : s < 0 || (s == 0 && a < b);
	return RT_OK;
}

/* CPU j's load grew: move it to its place in 'order' (best fit moves it
 * toward the front, worst fit toward the back).  The rest of 'order' is
 * still sorted, so the place is found by binary search (O(log m)
 * comparisons) and the CPUs in between shift by one (O(distance) moves). */
static enum rt_err reorder(struct packer *p, enum fit fit, unsigned j)
{
	unsigned at = p->pos[j], lo, hi, to;
	enum rt_err err;
	bool yes;

	if (fit == FIT_FIRST)
		return RT_OK;
	/* front part [0, at): the first position whose CPU j goes before */
	lo = 0;
	hi = at;
	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;

		if ((err = before(p, fit, j, p->order[mid], &yes)) != RT_OK)
			return err;
		if (yes)
			hi = mid;
		else
			lo = mid + 1;
	}
	to = lo;
	if (to == at) {
		/* back part (at, m): past every CPU that goes before j */
		lo = at + 1;
		hi = p->m;
		while (lo < hi) {
			unsigned mid = lo + (hi - lo) / 2;

			if ((err = before(p, fit, p->order[mid], j, &yes)) != RT_OK)
				return err;
			if (yes)
				lo = mid + 1;
			else
				hi = mid;
		}
		to = lo - 1;
	}
	if (to < at) {
		memmove(&p->order[to + 1], &p->order[to],
			(at - to) * sizeof(*p->order));
		for (unsigned k = to + 1; k <= at; k++)
			p->pos[p->order[k]] = k;
	} else if (to > at) {
		memmove(&p->order[at], &p->order[at + 1],
			(to - at) * sizeof(*p->order));
		for (unsigned k = at; k < to; k++)
			p->pos[p->order[k]] = k;
	}
	p->order[to] = j;
	p->pos[j] = to;
	return RT_OK;
}

/*
 * sign(sum C_i/w_i - 1) over CPU j's tasks plus ti, with w = T (U) or
 * min(D, T) (density); exact: the enclosure, else the list.
 */
static enum rt_err sum_cmp1(struct packer *p, unsigned j, size_t ti,
			    bool density, int *s)
{
	const struct encl *l = density ? &p->dload[j] : &p->uload[j];
	const struct encl *t = density ? &p->dterm[ti] : &p->uterm[ti];
	rt_u128 lo = l->lo + t->lo, hi = l->hi + t->hi;
	enum rt_err err = RT_OK;

	if (hi <= ENCL_ONE && (lo == hi || hi < ENCL_ONE)) {
		*s = hi < ENCL_ONE ? -1 : 0;
		return RT_OK;
	}
	if (lo > ENCL_ONE) {
		*s = 1;
		return RT_OK;
	}
	/* sign(F + c/w - 1) = sign(F - (w - c)/w) for c <= w; c > w: 1 */
	{
		const struct rt_task *k = &p->ts[ti];
		int64_t w = density ? dens_den(k) : k->period;
		const struct rt_frac *f = x_sync(p, j, density);

		if (k->wcet > w) {
			*s = 1;
			return RT_OK;
		}
		if (p->first[j] == PART_NONE) {
			*s = k->wcet < w ? -1 : 0;
			return RT_OK;
		}
		if (f && rt_frac_compare(f, w - k->wcet, w, s) == RT_OK)
			return RT_OK;
	}
	rt_qsum_clear(&p->q);
	for (size_t i = p->first[j]; ; i = p->next[i]) {
		const struct rt_task *k = &p->ts[i == PART_NONE ? ti : i];

		err = rt_qsum_add(&p->q, k->wcet, density ? dens_den(k) : k->period);
		if (err || i == PART_NONE)
			break;
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
	size_t k = p->count[j], i = 0;
	struct rt_uni_result res;
	uint64_t limit = 64 * (uint64_t)(k + 1);
	enum rt_err err;
	int cmp = 0;

	p->runs++;
	err = sum_cmp1(p, j, ti, false, &cmp);
	if (err || cmp > 0) {
		*ok = false;
		return err;
	}
	err = sum_cmp1(p, j, ti, true, &cmp);
	if (err || cmp <= 0) {
		*ok = true;
		return err;
	}
	for (size_t t = p->first[j]; t != PART_NONE; t = p->next[t])
		p->scratch[i++] = p->ts[t];
	p->scratch[k] = p->ts[ti];
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

/*
 * First fit skips the CPUs that are provably full: a segment tree over
 * the CPU numbers holds the least lower bound of the utilization loads
 * below each node, so "the first CPU >= k whose load could still admit
 * the task" is O(log m).  A skipped CPU is one fits() would reject at its
 * first step (U > 1, decided by the same enclosure), so it is counted as
 * a check.
 */
static void seg_set(struct packer *p, unsigned j)
{
	size_t i = p->leaves + j;

	p->seg[i] = p->uload[j].lo;
	for (i /= 2; i >= 1; i /= 2)
		p->seg[i] = p->seg[2 * i] < p->seg[2 * i + 1] ? p->seg[2 * i]
							   : p->seg[2 * i + 1];
}

/* The first CPU j >= k with uload[j].lo <= thr, or m if none. */
static unsigned seg_first(const struct packer *p, unsigned k, rt_u128 thr)
{
	size_t i = p->leaves + k;

	if (k >= p->m)
		return p->m;
	if (p->seg[i] <= thr)
		return k;
	/* climb while i is a right child or its right sibling fails */
	for (;;) {
		if (i == 1)
			return p->m;
		if (!(i & 1) && p->seg[i + 1] <= thr) {
			i++;
			break;
		}
		i /= 2;
	}
	while (i < p->leaves)
		i = p->seg[2 * i] <= thr ? 2 * i : 2 * i + 1;
	return (unsigned)(i - p->leaves) < p->m ? (unsigned)(i - p->leaves) : p->m;
}

/* Best fit (load non-increasing): the CPUs where U + u > 1 come first;
 * worst fit: last.  The first position of the other kind, by binary
 * search with the exact test ('monotone' orders only). */
static enum rt_err u_boundary(struct packer *p, enum fit fit, size_t ti,
			      unsigned *b)
{
	unsigned lo = 0, hi = p->m;

	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;
		int cmp = 0;
		enum rt_err err = sum_cmp1(p, p->order[mid], ti, false, &cmp);

		if (err)
			return err;
		if ((cmp > 0) == (fit == FIT_BEST))
			lo = mid + 1;
		else
			hi = mid;
	}
	*b = lo;
	return RT_OK;
}

/* Put task ti on CPU j (at the end of its list). */
static void place(struct packer *p, unsigned j, size_t ti)
{
	p->next[ti] = PART_NONE;
	if (p->last[j] == PART_NONE)
		p->first[j] = ti;
	else
		p->next[p->last[j]] = ti;
	p->last[j] = ti;
	p->count[j]++;
	p->uload[j].lo += p->uterm[ti].lo;
	p->uload[j].hi += p->uterm[ti].hi;
	p->dload[j].lo += p->dterm[ti].lo;
	p->dload[j].hi += p->dterm[ti].hi;
	if (p->seg)
		seg_set(p, j);
}

/*
 * Place task ti by the fit's order: *ok false if it fits nowhere.  Checks
 * are counted as if every CPU up to the chosen one had been tried.
 */
static enum rt_err place_one(struct packer *p, enum fit fit, size_t ti,
			     int *where, bool *ok)
{
	const struct encl *t = &p->uterm[ti];
	unsigned from = 0, to = p->m, j;
	enum rt_err err = RT_OK;

	*ok = false;
	if (fit == FIT_FIRST) {
		rt_u128 thr = t->lo > ENCL_ONE ? 0 : ENCL_ONE - t->lo;
		bool none = t->lo > ENCL_ONE;

		for (unsigned k = 0; k < p->m && !*ok;) {
			j = none ? p->m : seg_first(p, k, thr);
			p->runs += j - k;       /* skipped: U > 1 */
			if (j == p->m)
				break;
			if ((err = fits(p, j, ti, ok)))
				return err;
			if (*ok) {
				place(p, j, ti);
				*where = (int)j;
			}
			k = j + 1;
		}
		return RT_OK;
	}
	if (p->monotone) {
		unsigned b;

		if ((err = u_boundary(p, fit, ti, &b)))
			return err;
		if (fit == FIT_BEST)
			from = b;
		else
			to = b;
		p->runs += fit == FIT_BEST ? b : 0;
	}
	for (unsigned k = from; k < to && !err && !*ok; k++) {
		j = p->order[k];
		err = fits(p, j, ti, ok);
		if (!err && *ok) {
			place(p, j, ti);
			*where = (int)j;
			err = reorder(p, fit, j);
		}
	}
	if (!err && !*ok)
		p->runs += p->m - to;   /* worst fit: the full ones at the end */
	return err;
}

static void packer_free(struct packer *p)
{
	for (unsigned j = 0; j < p->m; j++) {
		if (p->xu)
			rt_frac_destroy(p->xu[j].f);
		if (p->xd)
			rt_frac_destroy(p->xd[j].f);
	}
	rt_free(p->xu);
	rt_free(p->xd);
	rt_qsum_free(&p->q);
	rt_free(p->first);
	rt_free(p->last);
	rt_free(p->next);
	rt_free(p->count);
	rt_free(p->uload);
	rt_free(p->dload);
	rt_free(p->uterm);
	rt_free(p->dterm);
	rt_free(p->order);
	rt_free(p->pos);
	rt_free(p->seg);
	rt_free(p->scratch);
}

static bool packer_alloc(struct packer *p, enum fit fit)
{
	size_t n = p->n, m = p->m;

	p->first = rt_calloc(m, sizeof(*p->first));
	p->last = rt_calloc(m, sizeof(*p->last));
	p->next = rt_calloc(n + 1, sizeof(*p->next));
	p->count = rt_calloc(m, sizeof(*p->count));
	p->uload = rt_calloc(m, sizeof(*p->uload));
	p->dload = rt_calloc(m, sizeof(*p->dload));
	p->uterm = rt_calloc(n + 1, sizeof(*p->uterm));
	p->dterm = rt_calloc(n + 1, sizeof(*p->dterm));
	p->order = rt_calloc(m, sizeof(*p->order));
	p->pos = rt_calloc(m, sizeof(*p->pos));
	p->scratch = rt_calloc(n + 1, sizeof(*p->scratch));
	p->xu = rt_calloc(m, sizeof(*p->xu));
	p->xd = rt_calloc(m, sizeof(*p->xd));
	if (!p->first || !p->last || !p->next || !p->count || !p->uload ||
	    !p->dload || !p->uterm || !p->dterm || !p->order || !p->pos ||
	    !p->scratch || !p->xu || !p->xd)
		return false;
	for (unsigned j = 0; j < p->m; j++) {
		p->first[j] = p->last[j] = PART_NONE;
		p->order[j] = p->pos[j] = j;
	}
	p->monotone = true;
	for (size_t i = 0; i < n; i++) {
		p->uterm[i] = encl_term(p->ts[i].wcet, p->ts[i].period);
		p->dterm[i] = encl_term(p->ts[i].wcet, dens_den(&p->ts[i]));
		/* a density order is a utilization order when D >= T */
		if (p->density && p->ts[i].deadline < p->ts[i].period)
			p->monotone = false;
	}
	if (fit == FIT_FIRST) {
		for (p->leaves = 1; p->leaves < m; p->leaves *= 2)
			;
		p->seg = rt_calloc(2 * (size_t)p->leaves, sizeof(*p->seg));
		if (!p->seg)
			return false;
		for (size_t i = m; i < p->leaves; i++)
			p->seg[p->leaves + i] = ~(rt_u128)0;    /* no CPU */
		for (size_t i = p->leaves - 1; i >= 1; i--)
			p->seg[i] = p->seg[2 * i] < p->seg[2 * i + 1] ?
				    p->seg[2 * i] : p->seg[2 * i + 1];
	}
	return true;
}

enum rt_err rt_partition(const struct rt_task *ts, size_t n, unsigned m,
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
	if (rt_tasks_check_cdt(ts, n, d) != RT_OK)
		return RT_ERR_INVAL;
	fit = (enum fit)(h % 3);
	memset(&p, 0, sizeof(p));
	p.ts = ts;
	p.n = n;
	p.m = m;
	p.density = h >= RT_PART_FIRST_FIT_DEC_DENSITY;
	p.budget = budget;
	p.d = d;
	rt_qsum_init(&p.q);
	seq = rt_calloc(n + 1, sizeof(*seq));
	where = rt_calloc(n + 1, sizeof(*where));
	if (!packer_alloc(&p, fit) || !seq || !where) {
		err = rt_diagf(d, RT_ERR_NOMEM, "partition: %s",
			       rt_strerror(RT_ERR_NOMEM));
		goto done;
	}
	for (size_t i = 0; i < n; i++) {
		seq[i] = i;
		where[i] = -1;
	}
	if (h >= RT_PART_FIRST_FIT_DEC)
		err = sort_by_weight(&p, seq);
	for (size_t s = 0; s < n && !err; s++) {
		size_t ti = seq[s];
		bool ok = false;

		err = place_one(&p, fit, ti, &where[ti], &ok);
		if (!err && ok)
			r.placed++;
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
	packer_free(&p);
	rt_free(seq);
	rt_free(where);
	return err;
}
