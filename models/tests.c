/* tests.c - the registry of admission tests (docs/design.md §5).
 *
 * Each entry wraps one analysis function and reports, for the task set and
 * CPU count at hand: the verdict, the kind of the test (exact / sufficient /
 * necessary, which can depend on the set: the utilization test is exact
 * only for m == 1 and all D_i >= T_i), a witness instant for exact rejects,
 * and a short note.
 *
 * Error policy: a test that runs but cannot decide (step budget exhausted:
 * "too large: ..."; an interval or value past RT_TIME_MAX, a fraction too
 * close to its bound to compare: "undecided: ...") returns RT_OK with
 * verdict n/a and the reason in 'note', so `dlsim analyze` still prints
 * the other tests.  Only invalid input
 * (RT_ERR_INVAL: a task with C, D or T <= 0) and allocation failure
 * (RT_ERR_NOMEM) come back as errors, with 'd' filled.
 *
 * About 700 lines: the table is the file's reason to exist, and each
 * entry's wrapper (applicability, kind, note) sits beside its row; the
 * analyses themselves live in their own files.
 */
#include "models/tests.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "models/analysis_fp.h"
#include "models/analysis_resv.h"
#include "models/analysis_global.h"
#include "models/frac.h"
#include "models/linux_dl.h"
#include "models/mem.h"
#include "models/partition.h"

const char *rt_test_kind_name(enum rt_test_kind k)
{
	switch (k) {
	case RT_KIND_EXACT:
		return "exact";
	case RT_KIND_SUFFICIENT:
		return "sufficient";
	case RT_KIND_NECESSARY:
		return "necessary";
	case RT_KIND_ADMISSION:
		return "admission";
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

static bool applies_multi(unsigned m)
{
	return m > 1;
}

static void out_init(struct rt_test_result *out, enum rt_test_kind kind)
{
	rt_test_result_init(out, kind);
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
	rt_test_note_undecided(out, why->msg[0] ? why->msg : rt_strerror(err));
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

/* "<label> = p/q", or "<label> ≈ <decimal>" (correctly rounded, 6
 * significant digits) when p/q does not fit the note. */
static void note_frac(struct rt_test_result *out, const char *label,
		      const struct rt_frac *f, const char *suffix)
{
	char buf[sizeof(out->note)];
	size_t need = rt_frac_format(f, buf, sizeof(buf));

	if (need < 60) {
		note(out, "%s = %s%s", label, buf, suffix);
	} else {
		rt_frac_format_decimal(f, 6, buf, sizeof(buf));
		note(out, "%s \u2248 %s%s", label, buf, suffix);
	}
}

/*
 * utilization: U <= m (docs/theory.md §A.1, B.0).  Exact for m == 1 when every
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

/* density: Lambda = sum C_i/min(D_i, T_i) <= 1 (docs/theory.md §A.2), sufficient,
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

/* pdc / qpa: exact on one CPU (docs/theory.md §A.3, A.5). */
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
	if (r.verdict == RT_VERDICT_REJECT && r.witness != RT_TIME_NEVER)
		out->demand = r.witness_demand;
	if (r.verdict == RT_VERDICT_REJECT && r.witness == RT_TIME_NEVER)
		note(out, "U > 1");
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

/* ---- global EDF (docs/theory.md §B) ------------------------------------- */

/* Task label for notes: "task 3 (name)" or "task 3". */
static void task_label(char *buf, size_t len, const struct rt_task *ts,
		       size_t i)
{
	if (ts[i].name)
		snprintf(buf, len, "task %zu (%s)", i, ts[i].name);
	else
		snprintf(buf, len, "task %zu", i);
}

typedef enum rt_err (*global_fn)(const struct rt_task *, size_t, unsigned,
				 struct rt_global_result *, struct rt_diag *);

/*
 * A global test as a registry entry: sufficient on m > 1.  Precondition
 * rejects (infeasible task, U > m) and n/a reasons come from the
 * analysis' 'why'; a budget, overflow or undecidable fraction becomes n/a
 * with the reason in the note.
 */
static enum rt_err run_global(global_fn fn, const struct rt_task *ts, size_t n,
			      unsigned m, struct rt_test_result *out,
			      struct rt_diag *d)
{
	struct rt_diag why = { "" };
	struct rt_global_result r;
	char who[64];
	enum rt_err err;

	out_init(out, RT_KIND_SUFFICIENT);
	err = check_tasks(ts, n, d);
	if (err)
		return err;
	if (m < 2) {
		note(out, "applies to m >= 2 CPUs (m = %u)", m);
		return RT_OK;
	}
	err = fn(ts, n, m, &r, &why);
	if (err)
		return out_undecided(out, err, &why, d);
	out->verdict = r.verdict;
	if (r.task != RT_GLOBAL_NO_TASK) {
		task_label(who, sizeof(who), ts, r.task);
		if (r.verdict == RT_VERDICT_REJECT)
			out->task = r.task;
	}
	if (r.why[0] && r.task != RT_GLOBAL_NO_TASK)
		note(out, "%s: %s", r.why, who);
	else if (r.why[0])
		note(out, "%s", r.why);
	else if (r.verdict == RT_VERDICT_REJECT && r.witness != RT_TIME_NEVER) {
		note(out, "condition fails for %s", who);
		out->offset = r.witness;
	} else if (r.verdict == RT_VERDICT_REJECT && r.task != RT_GLOBAL_NO_TASK)
		note(out, "condition fails for %s", who);
	return RT_OK;
}

static enum rt_err global_bcli(const struct rt_task *ts, size_t n, unsigned m,
			       struct rt_global_result *r, struct rt_diag *d)
{
	return rt_global_bcl_iterative(ts, n, m, RT_GLOBAL_BUDGET_DEFAULT, r, d);
}

static enum rt_err global_rta(const struct rt_task *ts, size_t n, unsigned m,
			      struct rt_global_result *r, struct rt_diag *d)
{
	return rt_global_rta(ts, n, m, RT_RTA_ROUNDS_DEFAULT,
			     RT_GLOBAL_BUDGET_DEFAULT, NULL, r, d);
}

static enum rt_err global_bar(const struct rt_task *ts, size_t n, unsigned m,
			      struct rt_global_result *r, struct rt_diag *d)
{
	return rt_global_bar(ts, n, m, RT_GLOBAL_BUDGET_DEFAULT, r, d);
}

static enum rt_err global_ffdbf(const struct rt_task *ts, size_t n, unsigned m,
				struct rt_global_result *r, struct rt_diag *d)
{
	return rt_global_ffdbf(ts, n, m, RT_FFDBF_EPS_NUM, RT_FFDBF_EPS_DEN,
			       RT_FFDBF_SIGMA_DEN, RT_GLOBAL_BUDGET_DEFAULT, r, d);
}

#define GLOBAL_RUN(fname, fn)                                                \
	static enum rt_err fname(const struct rt_task *ts, size_t n,          \
				 unsigned m, struct rt_test_result *out,      \
				 struct rt_diag *d)                           \
	{                                                                     \
		return run_global(fn, ts, n, m, out, d);                      \
	}

GLOBAL_RUN(run_gfb, rt_global_gfb)
GLOBAL_RUN(run_bak, rt_global_bak)
GLOBAL_RUN(run_bcl, rt_global_bcl)
GLOBAL_RUN(run_bcli, global_bcli)
GLOBAL_RUN(run_rta, global_rta)
GLOBAL_RUN(run_bar, global_bar)
GLOBAL_RUN(run_ffdbf, global_ffdbf)

/* ---- partitioned EDF (docs/theory.md §C) ----------------------------------- */

/*
 * partitioned-<heuristic>: bin packing with QPA per CPU; sufficient on
 * m > 1.  Accept notes the assignment (as far as it fits the note); reject
 * names the task that fits on no CPU.
 */
static enum rt_err run_partitioned(enum rt_part_heuristic h,
				   const struct rt_task *ts, size_t n,
				   unsigned m, struct rt_test_result *out,
				   struct rt_diag *d)
{
	struct rt_diag why = { "" };
	struct rt_partition r;
	enum rt_err err;
	char who[64];
	int *cpu;

	out_init(out, RT_KIND_SUFFICIENT);
	err = check_tasks(ts, n, d);
	if (err)
		return err;
	if (m < 2) {
		note(out, "applies to m >= 2 CPUs (m = %u)", m);
		return RT_OK;
	}
	cpu = rt_calloc(n ? n : 1, sizeof(*cpu));
	if (!cpu)
		return rt_diagf(d, RT_ERR_NOMEM, "%s", rt_strerror(RT_ERR_NOMEM));
	err = rt_partition(ts, n, m, h, RT_GLOBAL_BUDGET_DEFAULT, cpu, &r, &why);
	if (err) {
		rt_free(cpu);
		return out_undecided(out, err, &why, d);
	}
	out->verdict = r.verdict;
	if (r.verdict == RT_VERDICT_REJECT) {
		task_label(who, sizeof(who), ts, r.misfit);
		out->task = r.misfit;
		note(out, "%s fits on no CPU (%zu of %zu placed)", who, r.placed, n);
	} else {
		unsigned used = 0;

		for (size_t i = 0; i < n; i++)
			if (cpu[i] >= 0 && (unsigned)cpu[i] + 1 > used)
				used = (unsigned)cpu[i] + 1;
		/* the whole assignment: rt_test_assignment() */
		note(out, "%zu task%s on %u CPU%s", n, n == 1 ? "" : "s", used,
		     used == 1 ? "" : "s");
	}
	rt_free(cpu);
	return RT_OK;
}

#define PART_RUN(fname, h)                                                    \
	static enum rt_err fname(const struct rt_task *ts, size_t n,          \
				 unsigned m, struct rt_test_result *out,      \
				 struct rt_diag *d)                           \
	{                                                                     \
		return run_partitioned(h, ts, n, m, out, d);                  \
	}

PART_RUN(run_p_ff, RT_PART_FIRST_FIT)
PART_RUN(run_p_bf, RT_PART_BEST_FIT)
PART_RUN(run_p_wf, RT_PART_WORST_FIT)
PART_RUN(run_p_ffd, RT_PART_FIRST_FIT_DEC)
PART_RUN(run_p_bfd, RT_PART_BEST_FIT_DEC)
PART_RUN(run_p_wfd, RT_PART_WORST_FIT_DEC)
PART_RUN(run_p_ffdd, RT_PART_FIRST_FIT_DEC_DENSITY)
PART_RUN(run_p_bfdd, RT_PART_BEST_FIT_DEC_DENSITY)
PART_RUN(run_p_wfdd, RT_PART_WORST_FIT_DEC_DENSITY)

/* ---- reservations (docs/theory.md §E) ------------------------------------- */

/*
 * linux: the SCHED_DEADLINE admission (sched_dl_overflow()) of the whole
 * set into one root domain of m CPUs with the default cap:
 * sum floor(C 2^20 / T) <= floor(0.95 2^20) m.  Tasks join in index order;
 * the note names the first one refused.  Kind "admission": the kernel's
 * arithmetic proves neither that deadlines are met nor that they are
 * missed (it only bounds tardiness under global EDF).  `dlsim analyze`
 * runs the per-domain form (models/analysis_resv.h) with the scenario's
 * cap, fair servers and root domains.
 */
static enum rt_err run_linux(const struct rt_task *ts, size_t n, unsigned m,
			     struct rt_test_result *out, struct rt_diag *d)
{
	struct rt_dl_adm_input in = {
		.tasks = ts, .n = n, .dom_cpus = &m, .ndom = 1,
		.rt_runtime_us = RT_DL_RT_RUNTIME_US_DEFAULT,
		.rt_period_us = RT_DL_RT_PERIOD_US_DEFAULT,
	};
	struct rt_dl_adm_task *tk;
	struct rt_dl_adm_dom dom;
	enum rt_err err;

	out_init(out, RT_KIND_ADMISSION);
	err = check_tasks(ts, n, d);
	if (err)
		return err;
	tk = rt_calloc(n ? n : 1, sizeof(*tk));
	if (!tk)
		return rt_diagf(d, RT_ERR_NOMEM, "%s", rt_strerror(RT_ERR_NOMEM));
	err = rt_dl_admission(&in, tk, &dom, d);
	if (err) {
		rt_free(tk);
		return err;
	}
	for (size_t i = 0; i < n && out->task == RT_TEST_NO_TASK; i++)
		if (!tk[i].accepted)
			out->task = i;
	out->verdict = dom.rejected ? RT_VERDICT_REJECT : RT_VERDICT_ACCEPT;
	if (dom.rejected) {
		char who[64];

		task_label(who, sizeof(who), ts, out->task);
		note(out, "sum dl_bw %llu <= cap %llu; %zu refused, first %s",
		     (unsigned long long)dom.total,
		     (unsigned long long)dom.cap, dom.rejected, who);
	} else {
		note(out, "sum dl_bw %llu <= cap %llu",
		     (unsigned long long)dom.total, (unsigned long long)dom.cap);
	}
	rt_free(tk);
	return RT_OK;
}

/*
 * cbs-bandwidth: every task as its own server (Q = C, D, T): the servers'
 * deadlines are met on one CPU iff their demand passes the processor
 * demand criterion (for D = T: sum Q/T <= 1; Abeni & Buttazzo 1998), on m
 * CPUs sum Q/T <= m is necessary.  `dlsim analyze` runs the per-domain
 * form over the scenario's servers (models/analysis_resv.h).
 */
static enum rt_err run_cbs_bandwidth(const struct rt_task *ts, size_t n,
				     unsigned m, struct rt_test_result *out,
				     struct rt_diag *d)
{
	enum rt_err err;

	if (m == 1) {
		err = run_uni_exact("qpa", rt_uni_qpa_limit, ts, n, m, out, d);
		if (!err && out->verdict != RT_VERDICT_NA)
			note(out, "server deadlines");
		return err;
	}
	err = run_utilization(ts, n, m, out, d);
	if (!err)
		out->kind = RT_KIND_NECESSARY;
	return err;
}

static const struct rt_test_info test_utilization = {
	.name     = "utilization",
	.applies  = applies_any,
	.run      = run_utilization,
	/* U <= m is necessary for every policy; exact only for EDF on one
	 * CPU with D >= T (the kind says so per set) */
	.analyses = { RT_AN_EDF | RT_AN_FP | RT_AN_CBS,
		      RT_AN_UNI | RT_AN_GLOBAL, "any", RT_AN_MODE_SOFT },
	.jitter   = true,
	.exact_for = RT_AN_EDF | RT_AN_CBS,
};

static const struct rt_test_info test_density = {
	.name     = "density",
	.applies  = applies_uni,
	.run      = run_density,
	.analyses = { RT_AN_EDF | RT_AN_CBS, RT_AN_UNI, "edf/1cpu" },
	.jitter   = true,
};

static const struct rt_test_info test_pdc = {
	.name     = "pdc",
	.applies  = applies_uni,
	.run      = run_pdc,
	.analyses = { RT_AN_EDF | RT_AN_CBS, RT_AN_UNI, "edf/1cpu" },
	.jitter   = true,
};

static const struct rt_test_info test_qpa = {
	.name     = "qpa",
	.applies  = applies_uni,
	.run      = run_qpa,
	.analyses = { RT_AN_EDF | RT_AN_CBS, RT_AN_UNI, "edf/1cpu",
		      RT_AN_MODE_HARD },
	.jitter   = true,
};

static const struct rt_test_info test_linux = {
	.name     = "linux",
	.applies  = applies_any,
	.run      = run_linux,
	.analyses = { RT_AN_LINUX_DL, RT_AN_UNI | RT_AN_GLOBAL, "linux-dl" },
	.jitter   = true,               /* the arithmetic ignores releases */
};

static const struct rt_test_info test_cbs_bandwidth = {
	.name     = "cbs-bandwidth",
	.applies  = applies_any,
	.run      = run_cbs_bandwidth,
	.analyses = { RT_AN_CBS, RT_AN_UNI | RT_AN_GLOBAL, "cbs" },
	.jitter   = true,               /* servers absorb jitter; plain
					 * tasks come with D - J */
};

/* The global tests assume sporadic releases (no jitter extension here);
 * partitioned-<h> is uniprocessor EDF per CPU, where D - J is valid. */
#define MULTI_TEST(var, tname, fn, plat, label, mode, jit)                   \
	static const struct rt_test_info var = {                             \
		.name     = tname,                                            \
		.applies  = applies_multi,                                    \
		.run      = fn,                                               \
		.analyses = { RT_AN_EDF | RT_AN_CBS, plat, label, mode },     \
		.jitter   = jit,                                              \
	};
#define GLOBAL_TEST(var, tname, fn)                                           \
	MULTI_TEST(var, tname, fn, RT_AN_GLOBAL, "edf/global",                \
		   RT_AN_MODE_HARD, false)
#define PART_TEST(var, tname, fn)                                             \
	MULTI_TEST(var, tname, fn, RT_AN_PARTITIONED, "edf/partitioned", 0,   \
		   true)

GLOBAL_TEST(test_gfb, "gfb", run_gfb)
GLOBAL_TEST(test_bak, "bak", run_bak)
GLOBAL_TEST(test_bcl, "bcl", run_bcl)
GLOBAL_TEST(test_bcli, "bcl-iterative", run_bcli)
GLOBAL_TEST(test_rta, "rta", run_rta)
GLOBAL_TEST(test_bar, "bar", run_bar)
GLOBAL_TEST(test_ffdbf, "ffdbf", run_ffdbf)
PART_TEST(test_p_ff, "partitioned-first-fit", run_p_ff)
PART_TEST(test_p_bf, "partitioned-best-fit", run_p_bf)
PART_TEST(test_p_wf, "partitioned-worst-fit", run_p_wf)
PART_TEST(test_p_ffd, "partitioned-first-fit-decreasing", run_p_ffd)
PART_TEST(test_p_bfd, "partitioned-best-fit-decreasing", run_p_bfd)
PART_TEST(test_p_wfd, "partitioned-worst-fit-decreasing", run_p_wfd)
PART_TEST(test_p_ffdd, "partitioned-first-fit-decreasing-density", run_p_ffdd)
PART_TEST(test_p_bfdd, "partitioned-best-fit-decreasing-density", run_p_bfdd)
PART_TEST(test_p_wfdd, "partitioned-worst-fit-decreasing-density", run_p_wfdd)

/* m == 1: utilization, density, pdc, qpa; m > 1: utilization, the global
 * tests in docs/theory.md §B.10 order, then the partitioned heuristics; then
 * fp-rta (m == 1) and the reservation tests. */
const struct rt_test_info *const rt_tests[] = {
	&test_utilization,
	&test_density,
	&test_pdc,
	&test_qpa,
	&test_gfb,
	&test_bak,
	&test_bcl,
	&test_bcli,
	&test_rta,
	&test_bar,
	&test_ffdbf,
	&test_p_ff,
	&test_p_bf,
	&test_p_wf,
	&test_p_ffd,
	&test_p_bfd,
	&test_p_wfd,
	&test_p_ffdd,
	&test_p_bfdd,
	&test_p_wfdd,
	&rt_test_fp_rta,
	&test_linux,
	&test_cbs_bandwidth,
	NULL
};

const struct rt_test_info *rt_test_find(const char *name)
{
	for (size_t i = 0; rt_tests[i]; i++)
		if (!strcmp(rt_tests[i]->name, name))
			return rt_tests[i];
	return NULL;
}

bool rt_test_analyses_match(const struct rt_test_info *t, unsigned policies,
			    unsigned platforms)
{
	return t && platforms && (t->analyses.policies & policies) &&
	       (t->analyses.platforms & platforms) == platforms;
}

const struct rt_test_info *rt_test_for_mode(unsigned mode, unsigned policy,
					    unsigned platform, size_t i)
{
	for (size_t k = 0; rt_tests[k]; k++) {
		if (!(rt_tests[k]->analyses.modes & mode) ||
		    !rt_test_analyses_match(rt_tests[k], policy, platform))
			continue;
		if (i-- == 0)
			return rt_tests[k];
	}
	return NULL;
}

const char *rt_test_names_for(unsigned policies, unsigned platforms,
			      char *buf, size_t len)
{
	size_t o = 0;

	if (!len)
		return buf;
	buf[0] = '\0';
	for (size_t i = 0; rt_tests[i] && o < len; i++) {
		if (!rt_test_analyses_match(rt_tests[i], policies, platforms))
			continue;
		o += (size_t)snprintf(buf + o, len - o, "%s%s", o ? ", " : "",
				      rt_tests[i]->name);
	}
	return buf;
}

enum rt_err rt_test_assignment(const struct rt_test_info *ti,
			       const struct rt_task *ts, size_t n, unsigned m,
			       int *cpu, struct rt_diag *d)
{
	struct rt_diag why = { "" };
	enum rt_part_heuristic h;
	struct rt_partition r;
	enum rt_err err;

	if (!(ti->analyses.platforms & RT_AN_PARTITIONED) ||
	    strncmp(ti->name, "partitioned-", 12) != 0 ||
	    !rt_part_find(ti->name + 12, &h))
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "%s: not a partitioning "
				"test", ti->name);
	err = rt_partition(ts, n, m, h, RT_GLOBAL_BUDGET_DEFAULT, cpu, &r, &why);
	if (err) {
		if (d)
			*d = why;
		return err;
	}
	if (r.verdict != RT_VERDICT_ACCEPT)
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "%s: no partition found",
				ti->name);
	return RT_OK;
}

void rt_test_note_undecided(struct rt_test_result *out, const char *why)
{
	if (!strncmp(why, "too large", 9))
		note(out, "%s", why);
	else
		note(out, "undecided: %s", why);
}

void rt_test_result_init(struct rt_test_result *out, enum rt_test_kind kind)
{
	out->verdict = RT_VERDICT_NA;
	out->kind = kind;
	out->witness = RT_TIME_NEVER;
	out->demand = RT_TIME_NEVER;
	out->task = RT_TEST_NO_TASK;
	out->response = RT_TIME_NEVER;
	out->deadline = RT_TIME_NEVER;
	out->offset = RT_TIME_NEVER;
	out->note[0] = '\0';
}

bool rt_test_partitions_with(const struct rt_test_info *ti,
			     enum rt_part_heuristic h)
{
	enum rt_part_heuristic th;

	return (ti->analyses.platforms & RT_AN_PARTITIONED) &&
	       !strncmp(ti->name, "partitioned-", 12) &&
	       rt_part_find(ti->name + 12, &th) && th == h;
}

enum rt_contra rt_test_contradiction(const struct rt_test_result *r,
				     bool missed, bool exact_met)
{
	if (r->verdict == RT_VERDICT_ACCEPT && missed &&
	    (r->kind == RT_KIND_EXACT || r->kind == RT_KIND_SUFFICIENT))
		return RT_CONTRA_ACCEPT_MISSED;
	if (r->verdict == RT_VERDICT_REJECT && r->kind == RT_KIND_EXACT &&
	    exact_met)
		return RT_CONTRA_REJECT_MET;
	return RT_CONTRA_NONE;
}
