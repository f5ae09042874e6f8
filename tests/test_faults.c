/* test_faults.c - fault injection through the whole pipeline of an
 * example: load (scn_load_file), analyze (every applicable registry test),
 * simulate (the engine with every writer attached: event log, per-job CSV,
 * Chrome trace, Gantt chart), render (the chart as SVG and TikZ) and
 * commit the files (render/outfile.h).
 *
 * Allocation: rt_mem_fail_after(n) for n = 0, 1, 2, ... until a run gets
 * through: every run ends in RT_OK or RT_ERR_NOMEM (ASan/LSan: no leak),
 * and a failed run leaves the old targets untouched.  Writes: the output
 * seam render_outfile_fail_after(n) the same way: RT_ERR_IO naming the
 * file, old targets untouched.  (cairo and fontconfig allocate outside
 * rt_malloc and cannot be failed here.)  Files under build/test-out/faults.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "models/mem.h"
#include "models/tests.h"
#include "render/chrome.h"
#include "render/gantt.h"
#include "render/jobs.h"
#include "render/log.h"
#include "render/outfile.h"
#include "scenarios/scn.h"
#include "sim/engine.h"
#include "tests/file_util.h"
#include "tests/suites.h"

#define OUTDIR DLSIM_SRCDIR "/build/test-out/faults"
#define EXAMPLES DLSIM_SRCDIR "/scenarios/examples/"

enum { F_LOG, F_JOBS, F_TRACE, F_SVG, F_TEX, F_N };
static const char *const fnames[F_N] = {
	OUTDIR "/l.jsonl", OUTDIR "/j.csv", OUTDIR "/t.json", OUTDIR "/g.svg",
	OUTDIR "/g.tex"
};

static bool file_is(const char *path, const char *text)
{
	char buf[16] = "";
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return false;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	return !strcmp(buf, text);
}

/* The pipeline; every resource released on every path. */
static enum rt_err pipeline(const char *example, struct rt_diag *d)
{
	struct scn_scenario *s = NULL;
	struct render_outfile of[F_N];
	FILE *f[F_N];
	struct sim_engine *e = NULL;
	struct render_log *lg = NULL;
	struct render_jobs *jb = NULL;
	struct render_chrome *ch = NULL;
	struct render_gantt *g = NULL;
	struct render_meta m;
	struct sim_config cfg;
	struct sim_sink sk;
	size_t open = 0;
	enum rt_err err;

	memset(of, 0, sizeof(of));
	for (size_t k = 0; k < F_N; k++)
		of[k].slot = -1;
	err = scn_load_file(example, &s, d);
	for (const struct rt_test_info *const *t = rt_tests; !err && *t; t++) {
		struct rt_test_result r;

		if ((*t)->applies(s->cpus))
			err = (*t)->run(s->tasks, s->ntasks, s->cpus, &r, d);
		if (err == RT_ERR_UNSUPPORTED || err == RT_ERR_OVERFLOW)
			err = RT_OK;    /* an answer (n/a), not a failure */
	}
	if (err)
		goto out;
	memset(&m, 0, sizeof(m));
	m.scenario = s->name;
	m.time_unit = scn_internal_unit_name(s->time_unit);
	m.display_unit = scn_time_unit_name(s->time_unit);
	m.display_scale = 1;
	m.cpus = s->cpus;
	m.horizon = 40;
	m.tasks = s->tasks;
	m.ntasks = s->ntasks;
	for (; open < F_N && !err; open++)
		err = render_outfile_open(&of[open], fnames[open], &f[open], d);
	if (err)
		goto out;
	scn_sim_config(s, NULL, m.horizon, &cfg);
	if (!err)
		err = sim_engine_create(&cfg, &e, d);
	if (!err)
		err = render_log_open(f[F_LOG], RENDER_LOG_JSONL, &m, &lg, d);
	if (!err && (sk = render_log_sink(lg), 1))
		err = sim_engine_add_sink(e, &sk);
	if (!err)
		err = render_jobs_open(f[F_JOBS], &m, &jb, d);
	if (!err && (sk = render_jobs_sink(jb), 1))
		err = sim_engine_add_sink(e, &sk);
	if (!err)
		err = render_chrome_open(f[F_TRACE], &m, &ch, d);
	if (!err && (sk = render_chrome_sink(ch), 1))
		err = sim_engine_add_sink(e, &sk);
	if (!err)
		err = render_gantt_create(&m, NULL, &g, d);
	if (!err && (sk = render_gantt_sink(g), 1))
		err = sim_engine_add_sink(e, &sk);
	if (!err)
		err = sim_engine_run(e, d);
	if (!err)
		err = render_gantt_write_to(g, f[F_SVG], fnames[F_SVG], d);
	if (!err)
		err = render_gantt_write_to(g, f[F_TEX], fnames[F_TEX], d);
	{
		enum rt_err e1 = render_log_finish(lg, err ? NULL : d);
		enum rt_err e2 = render_jobs_finish(jb, err ? NULL : d);
		enum rt_err e3 = render_chrome_finish(ch, err ? NULL : d);

		lg = NULL;
		jb = NULL;
		ch = NULL;
		err = err ? err : e1 ? e1 : e2 ? e2 : e3;
	}
	/* two phases, as the CLI: finish all, then publish all */
	for (size_t k = 0; k < F_N && !err; k++)
		err = render_outfile_finish(&of[k], d);
	for (size_t k = 0; k < F_N && !err; k++)
		err = render_outfile_publish(&of[k], d);
out:
	/* as the CLI does: a writer's failure is explained by its file */
	for (size_t k = 0; err == RT_ERR_IO && k < open; k++)
		if (render_outfile_failed(&of[k], d))
			break;
	render_log_finish(lg, NULL);
	render_jobs_finish(jb, NULL);
	render_chrome_finish(ch, NULL);
	render_gantt_destroy(g);
	sim_engine_destroy(e);
	for (size_t k = 0; k < open; k++)
		render_outfile_abort(&of[k]);
	scn_free(s);
	return err;
}

static void reset_targets(void)
{
	mkdir(DLSIM_SRCDIR "/build/test-out", 0777);
	mkdir(OUTDIR, 0777);
	for (size_t k = 0; k < F_N; k++) {
		FILE *f = fopen(fnames[k], "w");

		CU_ASSERT_PTR_NOT_NULL_FATAL(f);
		fputs("old\n", f);
		fclose(f);
	}
}

static bool targets_old(void)
{
	for (size_t k = 0; k < F_N; k++)
		if (!file_is(fnames[k], "old\n"))
			return false;
	return true;
}

/* Every allocation of the pipeline failing in turn: each failure ends
 * in a clean NOMEM with the targets kept, and the first run that ends
 * well (no allocation left to fail) writes what a run without failures
 * writes, byte for byte: a failure swallowed on the way (a chart drawn
 * without the labels it could not place) would end the sweep early with
 * other bytes. */
static void sweep_alloc(const char *example)
{
	enum rt_err err = RT_ERR_NOMEM;
	struct rt_diag d0 = { "" };
	char *want[F_N];
	size_t wlen[F_N];
	long n;

	reset_targets();
	CU_ASSERT_EQUAL_FATAL(pipeline(example, &d0), RT_OK);
	for (size_t k = 0; k < F_N; k++) {
		want[k] = test_slurp(fnames[k], &wlen[k]);
		CU_ASSERT_PTR_NOT_NULL_FATAL(want[k]);
	}
	for (n = 0; n < 100000 && err != RT_OK; n++) {
		struct rt_diag d = { "" };

		reset_targets();
		rt_mem_fail_after(n);
		err = pipeline(example, &d);
		rt_mem_fail_after(-1);
		if (err != RT_OK && err != RT_ERR_NOMEM) {
			fprintf(stderr, "\n  [%s, allocation %ld: %s: %s]", example,
				n, rt_strerror(err), d.msg);
			CU_FAIL("not a clean NOMEM");
			return;
		}
		if (err != RT_OK && !targets_old()) {
			fprintf(stderr, "\n  [%s, allocation %ld: a target changed]",
				example, n);
			CU_FAIL("target changed");
			return;
		}
	}
	CU_ASSERT_EQUAL(err, RT_OK);
	CU_ASSERT(n > 50);              /* the sweep did cover the pipeline */
	CU_ASSERT_FALSE(targets_old());
	for (size_t k = 0; k < F_N; k++) {
		size_t len;
		char *got = test_slurp(fnames[k], &len);

		if (!got || len != wlen[k] || memcmp(got, want[k], len)) {
			fprintf(stderr, "\n  [%s, allocation %ld: %s differs "
				"from a run without failures]", example,
				n - 1, fnames[k]);
			CU_FAIL("an allocation failure was swallowed");
		}
		free(got);
		free(want[k]);
	}
}

static void test_every_allocation_failure_ends_cleanly(void)
{
	sweep_alloc(EXAMPLES "dario.yaml");
	sweep_alloc(EXAMPLES "cbs-isolation.yaml");
	sweep_alloc(EXAMPLES "linux-dl.yaml");
}

static void test_every_write_failure_ends_cleanly(void)
{
	enum rt_err err = RT_ERR_IO;
	long n;

	for (n = 0; n < 10000 && err != RT_OK; n++) {
		struct rt_diag d = { "" };

		reset_targets();
		render_outfile_fail_after(n, EIO);
		err = pipeline(EXAMPLES "cbs-isolation.yaml", &d);
		render_outfile_fail_after(-1, 0);
		if (err == RT_OK)
			break;
		CU_ASSERT_EQUAL(err, RT_ERR_IO);
		if (!strstr(d.msg, OUTDIR "/") ||
		    !strstr(d.msg, "Input/output error (EIO)")) {
			fprintf(stderr, "\n  [write %ld: '%s']", n, d.msg);
			CU_FAIL("the message names no file or reason");
		}
		CU_ASSERT_TRUE(targets_old());
	}
	CU_ASSERT_EQUAL(err, RT_OK);
	CU_ASSERT(n >= F_N);            /* at least one write per file */
}

CU_TestInfo faults_tests[] = {
	{ "every allocation failure through load, analyze, simulate, render "
	  "ends cleanly", test_every_allocation_failure_ends_cleanly },
	{ "every write failure names the file and keeps the old targets",
	  test_every_write_failure_ends_cleanly },
	CU_TEST_INFO_NULL
};
