/* test_exp_api.c - experiments through the public API (include/dlsim.h),
 * the way the dlsim command runs them: an interrupted run keeps its
 * finished points and, run again, resumes to the bytes of an
 * uninterrupted run; threads change nothing; the weighted figure reads
 * the sidecars. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dlsim.h>

#include "tests/file_util.h"
#include "tests/suites.h"

static const char exp_text[] =
"format: 1\n"
"name: api-exp\n"
"platform: {cpus: 1}\n"
"generator:\n"
"  tasks: 8\n"
"  method: uunifast-discard\n"
"  periods: {dist: log-uniform, min: 10, max: 500}\n"
"  deadlines: {model: constrained, min: 0.5, max: 1.0}\n"
"utilization: {from: 0.5, to: 1.0, step: 0.05}\n"
"sets: 40\n"
"tests: [utilization, density, qpa]\n"
"tardiness: true\n"
"seed: 9\n";

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	CU_ASSERT_FATAL(f != NULL);
	fputs(text, f);
	fclose(f);
}

static void rm_outputs(const char *csv)
{
	char meta[256];

	snprintf(meta, sizeof(meta), "%s.meta", csv);
	remove(csv);
	remove(meta);
}

/* Set the stop flag once 'after' sets are done (as a SIGINT handler
 * would set it). */
struct stopper {
	volatile sig_atomic_t stop;
	int64_t after;
};

static int on_progress(void *ctx, const struct dlsim_progress *p)
{
	struct stopper *s = ctx;

	if (p->what == DLSIM_PROGRESS_EXPERIMENT && p->done >= s->after)
		s->stop = 1;
	return 0;
}

/* Run exp.yaml into csv with 'jobs' threads, stopping after 'after' sets
 * (0: never); the status. */
static enum dlsim_status run_exp(const char *yaml, const char *csv,
				 const char *jobs, int64_t after)
{
	struct dlsim *db = NULL;
	struct dlsim_experiment *xp = NULL;
	struct dlsim_opts *o = NULL;
	struct stopper s = { 0, after };
	enum dlsim_status st;

	CU_ASSERT_FATAL(dlsim_open(&db) == DLSIM_OK);
	dlsim_set_memory_files(db, 0);
	if (after)
		dlsim_set_progress(db, on_progress, &s);
	CU_ASSERT_FATAL(dlsim_opts_create(db, &o) == DLSIM_OK);
	CU_ASSERT_FATAL(dlsim_opts_set(db, o, "output", csv) == DLSIM_OK);
	CU_ASSERT_FATAL(dlsim_opts_set(db, o, "jobs", jobs) == DLSIM_OK);
	st = dlsim_experiment_load(db, yaml, &xp);
	if (st == DLSIM_OK)
		st = dlsim_experiment_run(db, xp, o, &s.stop);
	if (st != DLSIM_OK && st != DLSIM_INTERRUPTED)
		printf("\n  %s\n", dlsim_errmsg(db));
	dlsim_experiment_free(xp);
	dlsim_opts_free(o);
	dlsim_close(db);
	return st;
}

/* An experiment (with its appended tardiness columns) interrupted after
 * about three points on two threads keeps only finished points; run
 * again on one thread it finishes with the bytes of an uninterrupted run
 * on two; its sidecar says complete. */
static void test_api_interrupt_resume(void)
{
	const char *yaml = "build/test-api-exp.yaml";
	const char *full = "build/test-api-exp-full.csv";
	const char *cut = "build/test-api-exp-cut.csv";
	char *a, *b, *meta;
	size_t la = 0, lb = 0, lm = 0, rows = 0;

	write_file(yaml, exp_text);
	rm_outputs(full);
	rm_outputs(cut);
	CU_ASSERT_FATAL(run_exp(yaml, full, "2", 0) == DLSIM_OK);
	CU_ASSERT(run_exp(yaml, cut, "2", 130) == DLSIM_INTERRUPTED);
	b = test_slurp(cut, &lb);
	CU_ASSERT_FATAL(b != NULL);
	for (size_t i = 0; i < lb; i++)
		rows += b[i] == '\n';
	CU_ASSERT(rows >= 2 && rows < 12);     /* the header, some points */
	free(b);
	meta = test_slurp("build/test-api-exp-cut.csv.meta", &lm);
	CU_ASSERT(meta && strstr(meta, "complete: false"));
	free(meta);
	CU_ASSERT(run_exp(yaml, cut, "1", 0) == DLSIM_OK);
	a = test_slurp(full, &la);
	b = test_slurp(cut, &lb);
	CU_ASSERT_FATAL(a != NULL && b != NULL);
	CU_ASSERT(la == lb && memcmp(a, b, la) == 0);
	CU_ASSERT(strstr(a, ",max_tardiness,max_tardiness_bound\n") != NULL);
	free(a);
	free(b);
	meta = test_slurp("build/test-api-exp-cut.csv.meta", &lm);
	CU_ASSERT(meta && strstr(meta, "complete: true") &&
		  strstr(meta, "\ntasks: 8\n"));
	free(meta);
	rm_outputs(full);
	rm_outputs(cut);
	remove(yaml);
}

/* The weighted table of two runs that differ in their number of tasks,
 * through the public API, into memory. */
static void test_api_weighted(void)
{
	const char *yaml = "build/test-api-w.yaml", *yaml2 = "build/test-api-w2.yaml";
	const char *csv[2] = { "build/test-api-w.csv", "build/test-api-w2.csv" };
	struct dlsim *db = NULL;
	char *text = NULL, *five, *at = NULL;
	size_t len = 0;

	write_file(yaml, exp_text);
	five = strdup(exp_text);
	if (five)
		at = strstr(five, "tasks: 8");
	CU_ASSERT_FATAL(at != NULL);
	at[7] = '5';
	write_file(yaml2, five);
	free(five);
	rm_outputs(csv[0]);
	rm_outputs(csv[1]);
	CU_ASSERT_FATAL(run_exp(yaml, csv[0], "1", 0) == DLSIM_OK);
	CU_ASSERT_FATAL(run_exp(yaml2, csv[1], "1", 0) == DLSIM_OK);
	CU_ASSERT_FATAL(dlsim_open(&db) == DLSIM_OK);
	CU_ASSERT(dlsim_plot_weighted(db, csv, 2, ":memory:w.csv", NULL) ==
		  DLSIM_OK);
	CU_ASSERT(dlsim_memory_take(db, ":memory:w.csv", &text, &len) ==
		  DLSIM_OK);
	CU_ASSERT(text && !strncmp(text, "tasks,utilization,density,qpa,"
				   "simulation\n5,", 36));
	dlsim_free(text);
	CU_ASSERT(dlsim_plot_weighted(db, csv, 2, ":memory:w.png", NULL) ==
		  DLSIM_OK);
	/* CSVs fine in themselves that make no figure together: the
	 * options' fault (exit 1), as every other refusal of --weighted */
	CU_ASSERT(dlsim_plot_weighted(db, csv, 1, ":memory:w1.png", NULL) ==
		  DLSIM_OPTION);
	CU_ASSERT(strstr(dlsim_errmsg(db), "vary none of the parameters") !=
		  NULL);
	dlsim_close(db);
	rm_outputs(csv[0]);
	rm_outputs(csv[1]);
	remove(yaml);
	remove(yaml2);
}

CU_TestInfo exp_api_tests[] = {
	{ "interrupted on 2 threads, resumed on 1: the bytes of a full run",
	  test_api_interrupt_resume },
	{ "weighted schedulability of two runs into a memory file",
	  test_api_weighted },
	CU_TEST_INFO_NULL
};
