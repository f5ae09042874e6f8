/* percentile.c - nearest-rank percentiles, exact then histogram (see
 * percentile.h).
 *
 * A series (one task, one metric) is in one of two forms and only moves
 * from the first to the second:
 *
 *   EXACT  'v[0..n)', the samples themselves (sorted lazily, on query);
 *   HIST   'row[r][i]' counters: row 0 holds the values 0..SUB-1 one per
 *          bucket; a value v >= SUB with top bit e (2^e <= v < 2^(e+1))
 *          goes to row r = e - SUB_BITS + 1, bucket (v >> (r - 1)) - SUB,
 *          which covers [(i + SUB) << (r - 1), (i + SUB + 1) << (r - 1)).
 *
 * With SUB = 2^SUB_BITS a bucket of row r >= 1 has width 2^(r-1) and
 * starts at >= SUB * 2^(r-1), hence the relative resolution 2^-SUB_BITS.
 */
#include "sim/percentile.h"

#include <stdlib.h>
#include <string.h>

#include "models/mem.h"

#define SUB             (1u << SIM_PCTL_SUB_BITS)
#define ROWS            (64 - SIM_PCTL_SUB_BITS + 1)    /* r = 0 .. 57 */

struct pctl_series {
	rt_time *v;                     /* EXACT: samples, NULL in HIST */
	size_t n, vcap;                 /* EXACT: samples held, room in v */
	bool sorted;                    /* EXACT: v[0..n) ascending */
	bool hist;                      /* HIST form */
	uint64_t *row[ROWS];            /* HIST: SUB counters each, or NULL */
	uint64_t total;                 /* samples seen */
	rt_time max;                    /* largest sample (exact in both) */
};

struct sim_pctl {
	size_t ntasks;
	size_t cap;                     /* exact samples per series */
	size_t bytes;                   /* storage held (sim_pctl_bytes) */
	struct pctl_series *s;          /* ntasks * SIM_PCTL__COUNT */
};

enum rt_err sim_pctl_create(size_t ntasks, size_t exact_budget,
			    struct sim_pctl **out, struct rt_diag *d)
{
	struct sim_pctl *p = rt_calloc(1, sizeof(*p));
	size_t per;

	if (!exact_budget)
		exact_budget = SIM_PCTL_EXACT_BUDGET;
	per = ntasks ? exact_budget / (ntasks * SIM_PCTL__COUNT) : 0;
	if (p)
		p->s = rt_calloc(ntasks ? ntasks * SIM_PCTL__COUNT : 1,
				 sizeof(*p->s));
	if (!p || !p->s) {
		rt_free(p);
		return rt_diagf(d, RT_ERR_NOMEM, "percentiles: out of memory");
	}
	p->ntasks = ntasks;
	p->cap = per < SIM_PCTL_EXACT_MIN ? SIM_PCTL_EXACT_MIN : per;
	*out = p;
	return RT_OK;
}

static void series_free(struct pctl_series *s)
{
	rt_free(s->v);
	for (size_t r = 0; r < ROWS; r++)
		rt_free(s->row[r]);
}

void sim_pctl_destroy(struct sim_pctl *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->ntasks * SIM_PCTL__COUNT; i++)
		series_free(&p->s[i]);
	rt_free(p->s);
	rt_free(p);
}

/* Row and bucket of v >= 0. */
static void bucket_of(rt_time v, size_t *r, size_t *i)
{
	uint64_t u = (uint64_t)v;
	int e;

	if (u < SUB) {
		*r = 0;
		*i = (size_t)u;
		return;
	}
	e = 63 - __builtin_clzll(u);
	*r = (size_t)(e - SIM_PCTL_SUB_BITS + 1);
	*i = (size_t)((u >> (*r - 1)) - SUB);
}

/* The largest value of bucket (r, i). */
static rt_time bucket_top(size_t r, size_t i)
{
	if (r == 0)
		return (rt_time)i;
	return (rt_time)((((uint64_t)i + SUB + 1) << (r - 1)) - 1);
}

static enum rt_err hist_add(struct sim_pctl *p, struct pctl_series *s,
			    rt_time v)
{
	size_t r, i;

	bucket_of(v, &r, &i);
	if (!s->row[r]) {
		s->row[r] = rt_calloc(SUB, sizeof(uint64_t));
		if (!s->row[r])
			return RT_ERR_NOMEM;
		p->bytes += SUB * sizeof(uint64_t);
	}
	s->row[r][i]++;
	return RT_OK;
}

/* EXACT -> HIST once the series holds cap samples and another comes. */
static enum rt_err series_to_hist(struct sim_pctl *p, struct pctl_series *s)
{
	enum rt_err err;

	for (size_t k = 0; k < s->n; k++)
		if ((err = hist_add(p, s, s->v[k])) != RT_OK)
			return err;
	rt_free(s->v);
	p->bytes -= s->vcap * sizeof(rt_time);
	s->v = NULL;
	s->n = s->vcap = 0;
	s->hist = true;
	return RT_OK;
}

static enum rt_err series_add(struct sim_pctl *p, struct pctl_series *s,
			      rt_time v)
{
	enum rt_err err;

	if (v < 0)
		v = 0;
	if (!s->hist && s->n == p->cap &&
	    (err = series_to_hist(p, s)) != RT_OK)
		return err;
	if (s->hist) {
		if ((err = hist_add(p, s, v)) != RT_OK)
			return err;
	} else {
		if (s->n == s->vcap) {  /* grow geometrically up to cap */
			size_t want = s->vcap ? 2 * s->vcap : 16;
			rt_time *nv;

			if (want > p->cap)
				want = p->cap;
			nv = rt_reallocarray(s->v, want, sizeof(*nv));
			if (!nv)
				return RT_ERR_NOMEM;
			p->bytes += (want - s->vcap) * sizeof(*nv);
			s->v = nv;
			s->vcap = want;
		}
		s->v[s->n++] = v;
		s->sorted = false;
	}
	if (!s->total || v > s->max)
		s->max = v;
	s->total++;
	return RT_OK;
}

static enum rt_err pctl_emit(void *ctx, const struct sim_rec *rec)
{
	struct sim_pctl *p = ctx;
	struct pctl_series *s;
	rt_time tard;
	enum rt_err err;

	if (rec->kind != SIM_REC_COMPLETE || !rec->info ||
	    rec->task >= p->ntasks)
		return RT_OK;
	s = &p->s[(size_t)rec->task * SIM_PCTL__COUNT];
	tard = rec->time > rec->info->abs_deadline ?
	       rec->time - rec->info->abs_deadline : 0;
	if ((err = series_add(p, &s[SIM_PCTL_RESPONSE], rec->value)) != RT_OK ||
	    (err = series_add(p, &s[SIM_PCTL_TARDINESS], tard)) != RT_OK)
		return err;
	return RT_OK;
}

struct sim_sink sim_pctl_sink(struct sim_pctl *p)
{
	struct sim_sink k = {
		.mask = SIM_MASK(SIM_REC_COMPLETE),
		.emit = pctl_emit,
		.ctx = p,
	};
	return k;
}

uint64_t sim_pctl_count(const struct sim_pctl *p, size_t task)
{
	return task < p->ntasks ?
	       p->s[task * SIM_PCTL__COUNT + SIM_PCTL_RESPONSE].total : 0;
}

static int time_cmp(const void *a, const void *b)
{
	rt_time x = *(const rt_time *)a, y = *(const rt_time *)b;

	return (x > y) - (x < y);
}

bool sim_pctl_value(struct sim_pctl *p, size_t task, enum sim_pctl_metric m,
		    unsigned permille, rt_time *out, bool *exact)
{
	struct pctl_series *s;
	uint64_t k, seen = 0;

	if (task >= p->ntasks || (unsigned)m >= SIM_PCTL__COUNT ||
	    permille < 1 || permille > 1000)
		return false;
	s = &p->s[task * SIM_PCTL__COUNT + m];
	if (!s->total)
		return false;
	/* nearest rank: k = ceil(permille * n / 1000), 1 <= k <= n */
	k = (uint64_t)(((rt_u128)permille * s->total + 999) / 1000);
	if (k < 1)
		k = 1;
	if (!s->hist) {
		if (!s->sorted) {
			qsort(s->v, s->n, sizeof(*s->v), time_cmp);
			s->sorted = true;
		}
		*out = s->v[k - 1];
		*exact = true;
		return true;
	}
	for (size_t r = 0; r < ROWS; r++) {
		if (!s->row[r])
			continue;
		for (size_t i = 0; i < SUB; i++) {
			seen += s->row[r][i];
			if (seen >= k) {
				rt_time top = bucket_top(r, i);

				*out = top < s->max ? top : s->max;
				*exact = r == 0 || k == s->total;
				return true;
			}
		}
	}
	*out = s->max;                  /* not reached: counts sum to total */
	*exact = true;
	return true;
}

size_t sim_pctl_bytes(const struct sim_pctl *p)
{
	return p->bytes;
}
