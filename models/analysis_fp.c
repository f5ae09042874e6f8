/* analysis_fp.c - fixed-priority orders and exact response-time analysis
 * on one CPU, and servers as tasks (see analysis_fp.h for the model and
 * the formulas). */
#include "models/analysis_fp.h"
#include "models/blocking.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/frac.h"
#include "models/mem.h"

static const char *const fp_order_names[RT_FP__COUNT] = {
	[RT_FP_DEADLINE_MONOTONIC] = "deadline-monotonic",
	[RT_FP_RATE_MONOTONIC]     = "rate-monotonic",
	[RT_FP_EXPLICIT]           = "explicit",
};

const char *rt_fp_order_name(enum rt_fp_order o)
{
	return (unsigned)o < RT_FP__COUNT ? fp_order_names[o] : "?";
}

bool rt_fp_order_find(const char *name, enum rt_fp_order *o)
{
	for (unsigned i = 0; name && i < RT_FP__COUNT; i++) {
		if (!strcmp(fp_order_names[i], name)) {
			*o = (enum rt_fp_order)i;
			return true;
		}
	}
	return false;
}

/* ---- priority order ------------------------------------------------------ */

struct fp_item {
	int64_t key;                    /* D, T or the explicit priority */
	size_t idx;                     /* task index: the tie-break */
};

static int fp_item_cmp(const void *pa, const void *pb)
{
	const struct fp_item *a = pa, *b = pb;

	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return (a->idx > b->idx) - (a->idx < b->idx);
}

/* by[r] = index of the task of rank r (n entries, caller frees). */
static enum rt_err fp_sorted(const struct rt_task *ts, size_t n,
			     enum rt_fp_order o, size_t **by,
			     struct rt_diag *d)
{
	struct fp_item *v;
	size_t *out;

	if ((unsigned)o >= RT_FP__COUNT)
		return rt_diagf(d, RT_ERR_INVAL, "unknown priority order %d",
				(int)o);
	if (n > UINT32_MAX)
		return rt_diagf(d, RT_ERR_INVAL, "%zu tasks: at most %u are "
				"supported", n, (unsigned)UINT32_MAX);
	v = rt_calloc(n ? n : 1, sizeof(*v));
	out = rt_calloc(n ? n : 1, sizeof(*out));
	if (!v || !out) {
		rt_free(v);
		rt_free(out);
		return rt_diagf(d, RT_ERR_NOMEM, "priority order: out of memory");
	}
	for (size_t i = 0; i < n; i++) {
		v[i].idx = i;
		v[i].key = o == RT_FP_DEADLINE_MONOTONIC ? ts[i].deadline :
			   o == RT_FP_RATE_MONOTONIC ? ts[i].period :
			   ts[i].priority;
	}
	/* (key, index) is a total order, so qsort's instability is moot. */
	qsort(v, n, sizeof(*v), fp_item_cmp);
	for (size_t r = 0; r < n; r++)
		out[r] = v[r].idx;
	rt_free(v);
	*by = out;
	return RT_OK;
}

enum rt_err rt_fp_ranks(const struct rt_task *ts, size_t n,
			enum rt_fp_order o, uint32_t *rank,
			struct rt_diag *d)
{
	size_t *by = NULL;
	enum rt_err err = fp_sorted(ts, n, o, &by, d);

	if (err)
		return err;
	for (size_t r = 0; r < n; r++)
		rank[by[r]] = (uint32_t)r;
	rt_free(by);
	return RT_OK;
}

/* ---- response-time analysis ---------------------------------------------- */

struct fp_rta {
	const struct rt_task *ts;
	size_t n;                       /* tasks */
	const rt_time *blk;             /* B_i per task, or NULL (none) */
	const size_t *by;               /* tasks in priority order */
	uint64_t budget, steps;
	struct rt_diag *d;
};

/* Jobs of t that can fall in a window of length w >= 0: ceil(w / T),
 * with release jitter J ceil((w + J) / T) (Tindell, Burns & Wellings
 * 1994), in 128 bits (w + J < 2^64). */
static rt_u128 fp_jobs_in(rt_time w, const struct rt_task *t)
{
	rt_u128 x = (rt_u128)w + (rt_u128)t->jitter;

	return (x + (rt_u128)t->period - 1) / (rt_u128)t->period;
}

/*
 * Least fixed point of w = own + sum_{r < k} ceil(w / T_j) C_j, with j =
 * by[r] (the k tasks above the analysed one), iterated up from 'w', a
 * lower bound with f(w) >= w (see rt_fp_rta).  Each term is at most
 * 2^63 * 2^63 < 2^126 and the running sum is checked against RT_TIME_MAX
 * after every term, so the 128-bit accumulator never wraps.
 */
static enum rt_err fp_fixpoint(struct fp_rta *a, size_t k, rt_time own,
			       rt_time *w)
{
	rt_time x = *w;

	for (;;) {
		rt_u128 sum = (rt_u128)own;

		if (a->steps + k + 1 > a->budget)
			return rt_diagf(a->d, RT_ERR_UNSUPPORTED, "too large: "
					"fp-rta needs more than %llu steps for "
					"%zu tasks (budget exhausted)",
					(unsigned long long)a->budget, a->n);
		a->steps += k + 1;
		for (size_t r = 0; r < k; r++) {
			const struct rt_task *t = &a->ts[a->by[r]];

			sum += fp_jobs_in(x, t) * (rt_u128)t->wcet;
			if (sum > (rt_u128)RT_TIME_MAX)
				return rt_diagf(a->d, RT_ERR_OVERFLOW, "fp-rta: "
						"busy window past %lld",
						(long long)RT_TIME_MAX);
		}
		if ((rt_time)sum == x)
			break;
		x = (rt_time)sum;
	}
	*w = x;
	return RT_OK;
}

/* R of the task of rank k (level-i utilization <= 1 already checked):
 * jobs q = 0, 1, ... of the level-i busy period (Lehoczky 1990). */
static enum rt_err fp_response(struct fp_rta *a, size_t k, rt_time *resp)
{
	const struct rt_task *t = &a->ts[a->by[k]];
	rt_time own = a->blk ? a->blk[a->by[k]] : 0;
	rt_time w = own, worst = 0, start, end;
	enum rt_err err;

	/* w_0 starts at B_i plus the sum of C over hp(i) + i: f(that) >=
	 * that. */
	for (size_t r = 0; r <= k; r++)
		if (!rt_time_add(w, a->ts[a->by[r]].wcet, &w))
			return rt_diagf(a->d, RT_ERR_OVERFLOW, "fp-rta: sum of C "
					"past %lld", (long long)RT_TIME_MAX);
	for (uint64_t q = 0;; q++) {
		/* own = (q + 1) C_i; w_{q-1} + C_i is a lower bound of w_q
		 * with f_q(w) >= w, so the iteration climbs to the least
		 * fixed point. */
		if (!rt_time_add(own, t->wcet, &own) ||
		    (q > 0 && !rt_time_add(w, t->wcet, &w)))
			return rt_diagf(a->d, RT_ERR_OVERFLOW, "fp-rta: busy "
					"window past %lld", (long long)RT_TIME_MAX);
		err = fp_fixpoint(a, k, own, &w);
		if (err)
			return err;
		/* start = q T_i <= w - C_i fits; end = (q + 1) T_i may not,
		 * and then w <= end holds trivially. */
		if (!rt_time_mul((rt_time)q, t->period, &start))
			return rt_diagf(a->d, RT_ERR_OVERFLOW, "fp-rta: release "
					"of job %llu past %lld",
					(unsigned long long)q,
					(long long)RT_TIME_MAX);
		/* R_{i,q} = w_q - q T_i + J_i; the busy period goes on
		 * while the job's window reaches past the next release */
		if (w - start > worst)
			worst = w - start;
		if (!rt_time_add(start, t->period, &end) ||
		    (uint64_t)w + (uint64_t)t->jitter <= (uint64_t)end)
			break;
	}
	if (!rt_time_add(worst, t->jitter, resp))
		return rt_diagf(a->d, RT_ERR_OVERFLOW, "fp-rta: response "
				"past %lld", (long long)RT_TIME_MAX);
	return RT_OK;
}

enum rt_err rt_fp_rta(const struct rt_task *ts, size_t n, enum rt_fp_order o,
		      uint64_t budget, rt_time *resp, struct rt_fp_result *r,
		      struct rt_diag *d)
{
	return rt_fp_rta_blocking(ts, n, o, NULL, budget, resp, r, d);
}

enum rt_err rt_fp_rta_blocking(const struct rt_task *ts, size_t n,
			       enum rt_fp_order o, const rt_time *B,
			       uint64_t budget, rt_time *resp,
			       struct rt_fp_result *r, struct rt_diag *d)
{
	struct fp_rta a = { .ts = ts, .n = n, .blk = B, .budget = budget,
			    .d = d };
	struct rt_fp_result res = { RT_VERDICT_ACCEPT, RT_FP_NO_TASK, 0 };
	struct rt_frac *u = NULL;
	rt_time *out = NULL;
	size_t *by = NULL;
	bool unbounded = false, jit = false;
	enum rt_err err;

	for (size_t i = 0; i < n; i++) {
		err = rt_task_check(&ts[i], d);
		if (err)
			return err;
	}
	err = fp_sorted(ts, n, o, &by, d);
	if (err)
		return err;
	a.by = by;
	u = rt_frac_create();
	out = rt_calloc(n ? n : 1, sizeof(*out));
	if (!u || !out) {
		err = rt_diagf(d, RT_ERR_NOMEM, "fp-rta: out of memory");
		goto done;
	}
	for (size_t k = 0; k < n; k++) {
		size_t i = by[k];
		int cmp = 0;

		jit = jit || ts[i].jitter > 0;

		/* Level-i utilization, exactly: once above 1 it stays so. */
		if (!unbounded) {
			err = rt_frac_add(u, ts[i].wcet, ts[i].period);
			if (!err)
				err = rt_frac_compare(u, 1, 1, &cmp);
			if (err) {
				rt_diagf(d, err, "fp-rta: level utilization of "
					 "task %zu cannot be compared with 1", i);
				goto done;
			}
			unbounded = cmp > 0;
		}
		/* B_i > 0, or release jitter at or above level i, with a
		 * level utilization of exactly 1: f(w) >= U w + (B_i or
		 * J_j C_j / T_j) > w, the busy period never ends */
		if (unbounded || (cmp == 0 && jit) ||
		    (B && (B[i] == RT_TIME_NEVER || (B[i] > 0 && cmp == 0)))) {
			out[i] = RT_TIME_NEVER;
		} else {
			err = fp_response(&a, k, &out[i]);
			if (err)
				goto done;
		}
		if (out[i] > ts[i].deadline && res.task == RT_FP_NO_TASK) {
			res.verdict = RT_VERDICT_REJECT;
			res.task = i;
		}
	}
	res.steps = a.steps;
	if (resp)
		memcpy(resp, out, n * sizeof(*resp));
	*r = res;
done:
	rt_frac_destroy(u);
	rt_free(out);
	rt_free(by);
	return err;
}

/* ---- servers as tasks (policy fp with servers) ------------------------ */

struct rt_task rt_fp_server_task(const struct rt_server *s)
{
	struct rt_task t = rt_task_make(s->name, s->budget_max, s->period,
					s->period);

	t.priority = s->priority;
	if (s->kind == RT_SERVER_DEFERRABLE || s->kind == RT_SERVER_SPORADIC)
		t.jitter = s->period - s->budget_max;
	return t;
}

rt_time rt_fp_served_bound(const struct rt_server *s, rt_time rs,
			   const struct rt_task *t)
{
	rt_time js = rt_fp_server_task(s).jitter, ws, r;

	/* J_t >= T_t: two releases may coincide (r_k = max(a_k + delay,
	 * r_{k-1}), sim/release.c), no gap to finish in */
	if (rs == RT_TIME_NEVER || rs < js || t->jitter >= t->period)
		return RT_TIME_NEVER;
	ws = rs - js;
	if (t->wcet > s->budget_max || ws > s->period ||
	    !rt_time_add(s->period, ws, &r) || r > t->period - t->jitter)
		return RT_TIME_NEVER;
	return r;
}

enum rt_err rt_fp_server_ranks(const struct rt_task *ts, size_t n,
			       const struct rt_server *sv, size_t ns,
			       const int32_t *task_server, enum rt_fp_order o,
			       uint32_t *rank, struct rt_diag *d)
{
	struct rt_task *all;
	uint32_t *r;
	enum rt_err err;

	for (size_t k = 0; k < ns; k++)
		if (o == RT_FP_EXPLICIT && !sv[k].has_priority)
			return rt_diagf(d, RT_ERR_INVAL, "server %s: priorities: "
					"explicit needs its priority",
					sv[k].name ? sv[k].name : "?");
	all = rt_calloc(n + ns ? n + ns : 1, sizeof(*all));
	r = rt_calloc(n + ns ? n + ns : 1, sizeof(*r));
	if (!all || !r) {
		rt_free(all);
		rt_free(r);
		return rt_diagf(d, RT_ERR_NOMEM, "fp: out of memory");
	}
	for (size_t i = 0; i < n; i++)
		all[i] = ts[i];
	for (size_t k = 0; k < ns; k++)
		all[n + k] = rt_fp_server_task(&sv[k]);
	err = rt_fp_ranks(all, n + ns, o, r, d);
	if (!err) {
		for (size_t i = 0; i < n + ns; i++)
			rank[i] = r[i];
		for (size_t i = 0; task_server && i < n; i++)
			if (task_server[i] >= 0)
				rank[i] = r[n + (size_t)task_server[i]];
	}
	rt_free(all);
	rt_free(r);
	return err;
}

/* ---- registry entry -------------------------------------------------------- */

static void fp_note(struct rt_test_result *out, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void fp_note(struct rt_test_result *out, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(out->note, sizeof(out->note), fmt, ap);
	va_end(ap);
}

enum rt_err rt_fp_rta_test(const struct rt_task *ts, size_t n, unsigned m,
			   enum rt_fp_order o, struct rt_test_result *out,
			   struct rt_diag *d)
{
	struct rt_diag why = { "" };
	struct rt_fp_result r;
	rt_time *resp;
	enum rt_err err;

	rt_test_result_init(out, RT_KIND_EXACT);
	for (size_t i = 0; i < n; i++) {
		err = rt_task_check(&ts[i], d);
		if (err)
			return err;
	}
	if (m != 1) {
		fp_note(out, "applies to 1 CPU only (m = %u)", m);
		return RT_OK;
	}
	resp = rt_calloc(n ? n : 1, sizeof(*resp));
	if (!resp)
		return rt_diagf(d, RT_ERR_NOMEM, "fp-rta: out of memory");
	err = rt_fp_rta(ts, n, o, RT_UNI_BUDGET_DEFAULT, resp, &r, &why);
	if (err == RT_ERR_NOMEM || err == RT_ERR_INVAL) {
		if (d)
			*d = why;
	} else if (err) {
		rt_test_note_undecided(out, why.msg[0] ? why.msg :
				       rt_strerror(err));
		err = RT_OK;
	} else if (r.verdict == RT_VERDICT_ACCEPT) {
		out->verdict = RT_VERDICT_ACCEPT;
		fp_note(out, "%s priorities", rt_fp_order_name(o));
	} else {
		const struct rt_task *t = &ts[r.task];
		bool jit = false;

		out->verdict = RT_VERDICT_REJECT;
		out->task = r.task;
		out->response = resp[r.task];
		out->deadline = t->deadline;
		for (size_t i = 0; i < n; i++)
			jit = jit || ts[i].jitter > 0;
		/* a level utilization of exactly 1 with jitter may leave
		 * every response bounded: then the reject is only
		 * sufficient */
		if (resp[r.task] == RT_TIME_NEVER && jit)
			out->kind = RT_KIND_SUFFICIENT;
		if (resp[r.task] == RT_TIME_NEVER)
			fp_note(out, "%s priorities; task %zu (%s): unbounded, "
				"level utilization %s", rt_fp_order_name(o),
				r.task, t->name ? t->name : "?",
				jit ? ">= 1 with release jitter" : "> 1");
		else
			fp_note(out, "%s priorities; task %zu (%s)",
				rt_fp_order_name(o), r.task,
				t->name ? t->name : "?");
	}
	rt_free(resp);
	return err;
}

static bool fp_applies(unsigned m)
{
	return m == 1;
}

static enum rt_err fp_run_dm(const struct rt_task *ts, size_t n, unsigned m,
			     struct rt_test_result *out, struct rt_diag *d)
{
	return rt_fp_rta_test(ts, n, m, RT_FP_DEADLINE_MONOTONIC, out, d);
}

static enum rt_err fp_run_order(const struct rt_task *ts, size_t n,
				unsigned m, int order,
				struct rt_test_result *out, struct rt_diag *d)
{
	return rt_fp_rta_test(ts, n, m, (enum rt_fp_order)order, out, d);
}

const struct rt_test_info rt_test_fp_rta = {
	.name    = "fp-rta",
	.applies = fp_applies,
	.run     = fp_run_dm,
	.analyses = { RT_AN_FP, RT_AN_UNI, "fp/1cpu", RT_AN_MODE_HARD },
	.run_order = fp_run_order,
	.jitter   = true,               /* its own: ceil((w + J_j) / T_j) */
	.jitter_native = true,
};
