/* bounds.c - the bounds of one scheduling domain (see bounds.h). */
#include "models/bounds.h"

#include <stdarg.h>
#include <stdio.h>

#include "models/analysis_uni.h"
#include "models/mem.h"
#include "models/tardiness.h"

static void bound_none(struct rt_bound_domain *out, enum rt_bound_status st,
		       const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void bound_none(struct rt_bound_domain *out, enum rt_bound_status st,
		       const char *fmt, ...)
{
	va_list ap;

	out->status = st;
	va_start(ap, fmt);
	vsnprintf(out->why, sizeof(out->why), fmt, ap);
	va_end(ap);
}

static rt_time bound_add(rt_time x, rt_time y)
{
	rt_time r;

	return rt_time_add(x, y, &r) ? r : RT_TIME_MAX;
}

/* Global EDF on k > 1 CPUs: the compliant-vector bounds, and
 * Devi-Anderson's when every D = T, the smaller per task. */
static enum rt_err bound_global(const struct rt_task *sub, size_t n,
				unsigned k, const char *where, rt_time *resp,
				rt_time *tard, struct rt_bound_domain *out)
{
	struct rt_diag d = { "" };
	struct rt_tard_result r = { RT_TARD_NA, -1, "" }, rd = r;
	rt_time *rda = rt_calloc(n ? n : 1, sizeof(*rda));
	rt_time *tda = rt_calloc(n ? n : 1, sizeof(*tda));
	enum rt_err err;

	out->resp_exact = false;
	if (!rda || !tda) {
		rt_free(rda);
		rt_free(tda);
		return RT_ERR_NOMEM;
	}
	err = rt_tard_cva(sub, n, k, &r, tard, resp, &d);
	if (err == RT_ERR_NOMEM)
		goto out;
	if (err) {
		bound_none(out, RT_BOUND_NONE, "%s%s", where,
			   d.msg[0] ? d.msg : rt_strerror(err));
		err = RT_OK;
		goto out;
	}
	if (r.status != RT_TARD_BOUNDED) {
		bound_none(out, r.status == RT_TARD_UNBOUNDED ?
			   RT_BOUND_UNBOUNDED : RT_BOUND_NONE, "%s%s", where,
			   r.why);
		goto out;
	}
	err = rt_tard_devi_anderson(sub, n, k, &rd, tda, rda, NULL);
	if (err == RT_ERR_NOMEM)
		goto out;
	if (err == RT_OK && rd.status == RT_TARD_BOUNDED) {
		out->da_x = rd.x;
		for (size_t i = 0; i < n; i++) {
			if (rda[i] < resp[i])
				resp[i] = rda[i];
			if (tda[i] < tard[i])
				tard[i] = tda[i];
		}
	}
	err = RT_OK;
	for (size_t i = 0; i < n; i++)
		if (tard[i] > out->delta)
			out->delta = tard[i];
out:
	rt_free(rda);
	rt_free(tda);
	return err;
}

/* One CPU under fixed priority 'fp': the response-time analysis. */
static enum rt_err bound_fp(const struct rt_task *sub, size_t n,
			    enum rt_fp_order fp, const char *where,
			    rt_time *resp, rt_time *tard,
			    struct rt_bound_domain *out)
{
	struct rt_diag d = { "" };
	struct rt_fp_result r;
	enum rt_err err = rt_fp_rta(sub, n, fp, RT_UNI_BUDGET_DEFAULT, resp,
				    &r, &d);

	if (err == RT_ERR_NOMEM)
		return err;
	if (err) {
		bound_none(out, RT_BOUND_NONE, "%s%s", where, d.msg);
		return RT_OK;
	}
	for (size_t i = 0; i < n; i++) {
		if (resp[i] == RT_TIME_NEVER) {
			bound_none(out, RT_BOUND_UNBOUNDED, "%slevel utilization "
				   "of %s > 1: its tardiness grows without bound",
				   where, sub[i].name);
			return RT_OK;
		}
		tard[i] = resp[i] > sub[i].deadline ?
			  resp[i] - sub[i].deadline : 0;
		if (tard[i] > out->delta)
			out->delta = tard[i];
	}
	return RT_OK;
}

/* One CPU under EDF: Delta and Spuri's responses (every task Delta with
 * jitter). */
static enum rt_err bound_edf1(const struct rt_task *sub, size_t n,
			      bool jitter, const char *where, rt_time *resp,
			      rt_time *tard, struct rt_bound_domain *out)
{
	struct rt_diag d = { "" };
	bool u_ok = false, exact = false;
	enum rt_err err;

	if (rt_uni_utilization_test(sub, n, &u_ok) != RT_OK || !u_ok) {
		bound_none(out, RT_BOUND_UNBOUNDED, "%sU > 1: tardiness grows "
			   "without bound", where);
		return RT_OK;
	}
	err = rt_uni_tardiness_bounds(sub, n, RT_UNI_BUDGET_DEFAULT,
				      &out->delta, resp, &exact, &d);
	if (err == RT_ERR_NOMEM)
		return err;
	if (err) {
		bound_none(out, RT_BOUND_NONE, "%s%s", where,
			   d.msg[0] ? d.msg : rt_strerror(err));
		return RT_OK;
	}
	out->resp_exact = exact && !jitter;
	for (size_t i = 0; i < n; i++) {
		if (jitter) {
			tard[i] = out->delta;
			resp[i] = bound_add(sub[i].deadline, out->delta);
		} else {
			tard[i] = resp[i] > sub[i].deadline ?
				  resp[i] - sub[i].deadline : 0;
		}
	}
	return RT_OK;
}

enum rt_err rt_bound_domain(const struct rt_task *sub, size_t n, unsigned k,
			    const enum rt_fp_order *fp, bool jitter,
			    const char *where, rt_time *resp, rt_time *tard,
			    struct rt_bound_domain *out)
{
	out->status = RT_BOUND_OK;
	out->delta = 0;
	out->resp_exact = true;
	out->da_x = RT_TIME_NEVER;
	out->why[0] = '\0';
	if (jitter && k > 1) {
		bound_none(out, RT_BOUND_NONE, "%srelease jitter: no tardiness "
			   "bound for %s", where, fp ? "fixed priority on "
			   "several CPUs" : "global EDF");
		return RT_OK;
	}
	if (k == 1 && fp) {
		/* R_i counts J_i itself (fp-rta's extension); the simulated
		 * release pattern is drawn, so R_i is an upper bound */
		out->resp_exact = !jitter;
		return bound_fp(sub, n, *fp, where, resp, tard, out);
	}
	if (k == 1)
		return bound_edf1(sub, n, jitter, where, resp, tard, out);
	return bound_global(sub, n, k, where, resp, tard, out);
}
