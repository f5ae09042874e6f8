/* tests.c - the registry of admission tests (DESIGN 5).
 *
 * Each entry wraps one analysis function and reports, for the task set and
 * CPU count at hand: the verdict, the kind of the test (exact / sufficient /
 * necessary, which can depend on the set: the utilization test is exact
 * only for m == 1 and all D_i >= T_i), a witness instant for exact rejects,
 * and a short note.
 *
 * Error policy: a test that runs but cannot decide (step budget exhausted,
 * an interval or value past RT_TIME_MAX, a fraction too close to its bound
 * to compare) returns RT_OK with verdict n/a and the reason in 'note', so
 * `dlsim analyze` still prints the other tests.  Only invalid input
 * (RT_ERR_INVAL: a task with C, D or T <= 0) and allocation failure
 * (RT_ERR_NOMEM) come back as errors, with 'd' filled.
 */
#include "models/tests.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "models/analysis_fp.h"
#include "models/frac.h"

const char *rt_test_kind_name(enum rt_test_kind k)
{
	switch (k) {
	case RT_KIND_EXACT:
		return "exact";
	case RT_KIND_SUFFICIENT:
		return "sufficient";
	case RT_KIND_NECESSARY:
		return "necessary";
	}
	return "?";
}

/* Format the note; long notes are cut at the buffer (by design). */
static void note(struct rt_test_result *out, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void note(struct rt_test_result *out, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(out->note, sizeof(out->note), fmt, ap);
	va_end(ap);
}

static bool applies_any(unsigned m)
{
	return m >= 1;
}

static bool applies_uni(unsigned m)
{
	return m == 1;
}

static void out_init(struct rt_test_result *out, enum rt_test_kind kind)
{
	out->verdict = RT_VERDICT_NA;
	out->kind = kind;
	out->witness = RT_TIME_NEVER;
	out->note[0] = '\0';
}

/* "could not decide" goes into the note; real errors are returned. */
static enum rt_err out_undecided(struct rt_test_result *out, enum rt_err err,
				 const struct rt_diag *why, struct rt_diag *d)
{
	if (err == RT_ERR_NOMEM || err == RT_ERR_INVAL) {
		if (d)
			memcpy(d->msg, why->msg, sizeof(d->msg));
		return err;
	}
	out->verdict = RT_VERDICT_NA;
	note(out, "undecided: %s",
		 why->msg[0] ? why->msg : rt_strerror(err));
	return RT_OK;
}

static enum rt_err check_tasks(const struct rt_task *ts, size_t n,
			       struct rt_diag *d)
{
	for (size_t i = 0; i < n; i++) {
		enum rt_err err = rt_task_check(&ts[i], d);

		if (err)
			return err;
	}
	return RT_OK;
}

/* "<label> = p/q", or an approximation when p/q does not fit the note. */
static void note_frac(struct rt_test_result *out, const char *label,
		      const struct rt_frac *f, const char *suffix)
{
	char buf[sizeof(out->note)];
	size_t need = rt_frac_format(f, buf, sizeof(buf));

	if (need < 100)
		note(out, "%s = %s%s", label, buf,
			 suffix);
	else
		note(out, "%s ~ %.17g (exact fraction: %zu characters)%s", label,
			 rt_frac_to_double(f), need, suffix);
}

/*
 * utilization: U <= m (THEORY A.1, B.0).  Exact for m == 1 when every
 * D_i >= T_i (then dbf(t) <= U*t); necessary otherwise.
 */
static enum rt_err run_utilization(const struct rt_task *ts, size_t n,
				   unsigned m, struct rt_test_result *out,
				   struct rt_diag *d)
{
	struct rt_diag why = { "" };
	enum rt_test_kind kind = RT_KIND_EXACT;
	struct rt_frac *u = NULL;
	enum rt_err err;
	int cmp;

	for (size_t i = 0; i < n; i++)
		if (ts[i].deadline < ts[i].period)
			kind = RT_KIND_NECESSARY;
	if (m != 1)
		kind = RT_KIND_NECESSARY;
	out_init(out, kind);
	err = check_tasks(ts, n, d);
	if (err)
		return err;
	if (m == 0)
		return rt_diagf(d, RT_ERR_INVAL, "utilization: need m >= 1 CPUs");
	err = rt_frac_utilization(ts, n, &u);
	if (err)
		return rt_diagf(d, err, "utilization: %s", rt_strerror(err));
	err = rt_frac_compare(u, (int64_t)m, 1, &cmp);
	if (err) {
		rt_diagf(&why, err, "U is too close to %u to decide exactly "
			 "(denominator past %d bits)", m, RT_FRAC_MAX_BITS);
		err = out_undecided(out, err, &why, d);
	} else {
		out->verdict = cmp <= 0 ? RT_VERDICT_ACCEPT : RT_VERDICT_REJECT;
		note_frac(out, "U", u, cmp == 0 ? " (exactly the bound)" : "");
	}
	rt_frac_destroy(u);
	return err;
}

/* density: Lambda = sum C_i/min(D_i, T_i) <= 1 (THEORY A.2), sufficient,
 * one CPU only. */
static enum rt_err run_density(const struct rt_task *ts, size_t n, unsigned m,
			       struct rt_test_result *out, struct rt_diag *d)
{
	struct rt_diag why = { "" };
	struct rt_frac *f = NULL;
	enum rt_err err;
	int cmp;

	out_init(out, RT_KIND_SUFFICIENT);
	err = check_tasks(ts, n, d);
	if (err)
		return err;
	if (m != 1) {
		note(out, "applies to 1 CPU only (m = %u)", m);
		return RT_OK;
	}
	err = rt_frac_density(ts, n, &f);
	if (err)
		return rt_diagf(d, err, "density: %s", rt_strerror(err));
	err = rt_frac_compare(f, 1, 1, &cmp);
	if (err) {
		rt_diagf(&why, err, "density is too close to 1 to decide exactly "
			 "(denominator past %d bits)", RT_FRAC_MAX_BITS);
		err = out_undecided(out, err, &why, d);
	} else {
		out->verdict = cmp <= 0 ? RT_VERDICT_ACCEPT : RT_VERDICT_REJECT;
		note_frac(out, "density", f, cmp == 0 ? " (exactly 1)" : "");
	}
	rt_frac_destroy(f);
	return err;
}

typedef enum rt_err (*uni_exact_fn)(const struct rt_task *, size_t, uint64_t,
				    struct rt_uni_result *, struct rt_diag *);

/* pdc / qpa: exact on one CPU (THEORY A.3, A.5). */
static enum rt_err run_uni_exact(const char *name, uni_exact_fn fn,
				 const struct rt_task *ts, size_t n,
				 unsigned m, struct rt_test_result *out,
				 struct rt_diag *d)
{
	struct rt_diag why = { "" };
	struct rt_uni_result r;
	enum rt_err err;

	out_init(out, RT_KIND_EXACT);
	err = check_tasks(ts, n, d);
	if (err)
		return err;
	if (m != 1) {
		note(out, "applies to 1 CPU only (m = %u)", m);
		return RT_OK;
	}
	err = fn(ts, n, RT_UNI_BUDGET_DEFAULT, &r, &why);
	if (err)
		return out_undecided(out, err, &why, d);
	out->verdict = r.verdict;
	out->witness = r.witness;
	if (r.verdict == RT_VERDICT_REJECT && r.witness == RT_TIME_NEVER)
		note(out, "U > 1");
	else if (r.verdict == RT_VERDICT_REJECT && r.witness_demand != RT_TIME_NEVER)
		note(out, "dbf(%lld) = %lld > %lld; %zu %s", (long long)r.witness,
			 (long long)r.witness_demand, (long long)r.witness,
			 r.evaluations, !strcmp(name, "pdc") ? "deadlines checked"
							     : "dbf evaluations");
	else
		note(out, "%zu %s", r.evaluations,
			 !strcmp(name, "pdc") ? "deadlines checked"
					      : "dbf evaluations");
	return RT_OK;
}

static enum rt_err run_pdc(const struct rt_task *ts, size_t n, unsigned m,
			   struct rt_test_result *out, struct rt_diag *d)
{
	return run_uni_exact("pdc", rt_uni_pdc_limit, ts, n, m, out, d);
}

static enum rt_err run_qpa(const struct rt_task *ts, size_t n, unsigned m,
			   struct rt_test_result *out, struct rt_diag *d)
{
	return run_uni_exact("qpa", rt_uni_qpa_limit, ts, n, m, out, d);
}

static const struct rt_test_info test_utilization = {
	.name    = "utilization",
	.applies = applies_any,
	.run     = run_utilization,
};

static const struct rt_test_info test_density = {
	.name    = "density",
	.applies = applies_uni,
	.run     = run_density,
};

static const struct rt_test_info test_pdc = {
	.name    = "pdc",
	.applies = applies_uni,
	.run     = run_pdc,
};

static const struct rt_test_info test_qpa = {
	.name    = "qpa",
	.applies = applies_uni,
	.run     = run_qpa,
};

const struct rt_test_info *const rt_tests[] = {
	&test_utilization,
	&test_density,
	&test_pdc,
	&test_qpa,
	&rt_test_fp_rta,
	NULL
};

const struct rt_test_info *rt_test_find(const char *name)
{
	for (size_t i = 0; rt_tests[i]; i++)
		if (!strcmp(rt_tests[i]->name, name))
			return rt_tests[i];
	return NULL;
}
