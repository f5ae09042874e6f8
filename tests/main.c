/* main.c - CUnit runner for every suite.
 *
 *   build/release/run-tests              all suites
 *   build/release/run-tests SUITE...     only the named suites (e.g. edf)
 *
 * The suites run in a new temporary folder ($TMPDIR, else /tmp), with a
 * "build" folder in it: the files tests write under "build/" stay there,
 * and the folder is removed at the end.  Sources are read through
 * DLSIM_SRCDIR (absolute).  Exits non-zero if any test fails. */
#define _XOPEN_SOURCE 700       /* nftw */
#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <CUnit/Basic.h>

#include "tests/suites.h"

static CU_SuiteInfo suites[] = {
	{ "models",   NULL, NULL, NULL, NULL, models_tests },
	{ "frac",     NULL, NULL, NULL, NULL, frac_tests },
	{ "analysis", NULL, NULL, NULL, NULL, analysis_tests },
	{ "scn",      NULL, NULL, NULL, NULL, scn_tests },
	{ "evq",      NULL, NULL, NULL, NULL, evq_tests },
	{ "heap",     NULL, NULL, NULL, NULL, heap_tests },
	{ "edf",      NULL, NULL, NULL, NULL, edf_tests },
	{ "prop",     NULL, NULL, NULL, NULL, prop_tests },
	{ "export",   NULL, NULL, NULL, NULL, export_tests },
	{ "binlog",   NULL, NULL, NULL, NULL, binlog_tests },
	{ "render",   NULL, NULL, NULL, NULL, render_tests },
	{ "horizon",  NULL, NULL, NULL, NULL, horizon_tests },
	{ "crosscheck", NULL, NULL, NULL, NULL, crosscheck_tests },
	{ "global",   NULL, NULL, NULL, NULL, global_tests },
	{ "tardiness", NULL, NULL, NULL, NULL, tardiness_tests },
	{ "partition", NULL, NULL, NULL, NULL, partition_tests },
	{ "partition-scale", NULL, NULL, NULL, NULL, partition_scale_tests },
	{ "robust", NULL, NULL, NULL, NULL, robust_tests },
	{ "fuzz-corpus", NULL, NULL, NULL, NULL, fuzz_corpus_tests },
	{ "faults", NULL, NULL, NULL, NULL, faults_tests },
	{ "direct", NULL, NULL, NULL, NULL, direct_tests },
	{ "multi",    NULL, NULL, NULL, NULL, multi_tests },
	{ "fp",       NULL, NULL, NULL, NULL, fp_tests },
	{ "cbs",      NULL, NULL, NULL, NULL, cbs_tests },
	{ "fp-servers", NULL, NULL, NULL, NULL, fp_servers_tests },
	{ "linux_dl", NULL, NULL, NULL, NULL, linux_dl_tests },
	{ "linux_kernel", NULL, NULL, NULL, NULL, linux_kernel_tests },
	{ "domains", NULL, NULL, NULL, NULL, domains_tests },
	{ "split",    NULL, NULL, NULL, NULL, split_tests },
	{ "global_prop", NULL, NULL, NULL, NULL, global_prop_tests },
	{ "analysis_limits", NULL, NULL, NULL, NULL, analysis_limits_tests },
	{ "budget", NULL, NULL, NULL, NULL, budget_tests },
	{ "cbs_prop", NULL, NULL, NULL, NULL, cbs_prop_tests },
	{ "edf_engine", NULL, NULL, NULL, NULL, edf_engine_tests },
	{ "scn_errors", NULL, NULL, NULL, NULL, scn_errors_tests },
	{ "export_outputs", NULL, NULL, NULL, NULL, export_outputs_tests },
	{ "render_geom", NULL, NULL, NULL, NULL, render_geom_tests },
	{ "render_files", NULL, NULL, NULL, NULL, render_files_tests },
	{ "multi_random", NULL, NULL, NULL, NULL, multi_random_tests },
	{ "multi_binding", NULL, NULL, NULL, NULL, multi_binding_tests },
	{ "plot",     NULL, NULL, NULL, NULL, plot_tests },
	{ "suspend",  NULL, NULL, NULL, NULL, suspend_tests },
	{ "locks",    NULL, NULL, NULL, NULL, lock_tests },
	{ "locks_random", NULL, NULL, NULL, NULL, lock_random_tests },
	{ "locks_dl", NULL, NULL, NULL, NULL, lock_dl_tests },
	{ "percentile", NULL, NULL, NULL, NULL, percentile_tests },
	{ "overhead", NULL, NULL, NULL, NULL, overhead_tests },
	{ "uniform", NULL, NULL, NULL, NULL, uniform_tests },
	{ "energy", NULL, NULL, NULL, NULL, energy_tests },
	{ "uniform_dl", NULL, NULL, NULL, NULL, uniform_dl_tests },
	{ "admit",    NULL, NULL, NULL, NULL, admit_tests },
	{ "json",     NULL, NULL, NULL, NULL, json_tests },
	{ "rtapp",    NULL, NULL, NULL, NULL, rtapp_tests },
	{ "ftrace",   NULL, NULL, NULL, NULL, ftrace_tests },
	{ "gen",      NULL, NULL, NULL, NULL, gen_tests },
	{ "exp",      NULL, NULL, NULL, NULL, exp_tests },
	{ "exp_resv", NULL, NULL, NULL, NULL, exp_resv_tests },
	{ "exp_plot", NULL, NULL, NULL, NULL, exp_plot_tests },
	{ "exp_api",  NULL, NULL, NULL, NULL, exp_api_tests },
	{ "resv_prop", NULL, NULL, NULL, NULL, resv_prop_tests },
	{ "api",      NULL, NULL, NULL, NULL, api_tests },
	{ "analyze",  NULL, NULL, NULL, NULL, analyze_tests },
	CU_SUITE_INFO_NULL
};

static int rm_entry(const char *path, const struct stat *st, int flag,
		    struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* A fresh temporary folder with "build" in it, made the working
 * directory; its path in dir.  False (with a message) if it cannot be. */
static bool enter_tmpdir(char *dir, size_t size)
{
	const char *t = getenv("TMPDIR");

	snprintf(dir, size, "%s/dlsim-tests-XXXXXX", t && *t ? t : "/tmp");
	if (!mkdtemp(dir) || chdir(dir) != 0 || mkdir("build", 0700) != 0) {
		perror("run-tests: temporary folder");
		return false;
	}
	return true;
}

int main(int argc, char **argv)
{
	char dir[4096];
	CU_SuiteInfo selected[sizeof(suites) / sizeof(suites[0])];
	size_t n = 0;
	unsigned failures;

	if (argc > 1) {
		for (int a = 1; a < argc; a++) {
			size_t i;

			for (i = 0; suites[i].pName; i++)
				if (!strcmp(suites[i].pName, argv[a]))
					break;
			if (!suites[i].pName) {
				fprintf(stderr, "run-tests: no suite '%s'\n", argv[a]);
				return EXIT_FAILURE;
			}
			selected[n++] = suites[i];
		}
		selected[n] = suites[sizeof(suites) / sizeof(suites[0]) - 1];
	}
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	if (CU_register_suites(argc > 1 ? selected : suites) != CUE_SUCCESS) {
		fprintf(stderr, "run-tests: %s\n", CU_get_error_msg());
		CU_cleanup_registry();
		return EXIT_FAILURE;
	}
	if (!enter_tmpdir(dir, sizeof(dir))) {
		CU_cleanup_registry();
		return EXIT_FAILURE;
	}
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	failures = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
	CU_cleanup_registry();
	if (chdir("/") != 0 ||
	    nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS) != 0)
		fprintf(stderr, "run-tests: could not remove %s\n", dir);
	return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
