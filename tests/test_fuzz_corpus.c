/* test_fuzz_corpus.c - every file of the fuzz seed corpora (tests/fuzz/
 * scenario/, cli/, replay/, experiment/, rtapp/ and ftrace/, where each
 * crash found by `make fuzz` is added) through the scenario loader, the
 * event-log reader, the experiment loader, the rt-app importer and the
 * trace-cmd text reader, under the normal build and ASan: each must load
 * or fail with a message. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/exp.h"
#include "models/mem.h"
#include "render/ftrace_read.h"
#include "render/replay.h"
#include "scenarios/exp.h"
#include "scenarios/rtapp.h"
#include "scenarios/scn.h"
#include "tests/suites.h"

#define CORPUS DLSIM_SRCDIR "/tests/fuzz/"

/* Call fn on every regular file of dir; return how many. */
static size_t each_file(const char *dir, void (*fn)(const char *path))
{
	DIR *dp = opendir(dir);
	struct dirent *de;
	size_t n = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(dp);
	while ((de = readdir(dp))) {
		char path[512];

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		fn(path);
		n++;
	}
	closedir(dp);
	return n;
}

static void load_one(const char *path)
{
	struct scn_scenario *s = NULL;
	struct rt_diag d = { "" };
	enum rt_err err = scn_load_file(path, &s, &d);

	CU_ASSERT(err == RT_OK || (err == RT_ERR_PARSE && d.msg[0]));
	scn_free(s);
}

static void replay_one(const char *path)
{
	struct render_replay *rp = NULL;
	struct rt_diag d = { "" };
	FILE *f = fopen(path, "r");
	enum rt_err err;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	err = render_replay_open(f, path, &rp, &d);
	if (err == RT_OK)
		err = render_replay_run(rp, NULL, 0, &d);
	CU_ASSERT(err == RT_OK || d.msg[0]);
	render_replay_destroy(rp);
	fclose(f);
}

static void exp_one(const char *path)
{
	struct rt_exp *x = NULL;
	struct rt_diag d = { "" };
	enum rt_err err = scn_exp_load_file(path, &x, &d);

	CU_ASSERT(err == RT_OK || d.msg[0]);
	rt_exp_free(x);
}

static void rtapp_one(const char *path)
{
	struct scn_rtapp_opts o = { 0, NULL, NULL, NULL };
	struct rt_diag d = { "" };
	char *json, *yaml = NULL;
	size_t len = 0, ylen = 0;
	FILE *f = fopen(path, "rb");
	enum rt_err err;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	json = malloc(1 << 20);
	CU_ASSERT_PTR_NOT_NULL_FATAL(json);
	len = fread(json, 1, 1 << 20, f);
	fclose(f);
	err = scn_rtapp_import(json, len, path, &o, &yaml, &ylen, &d);
	CU_ASSERT(err == RT_OK ? yaml != NULL && ylen > 0 : d.msg[0] != '\0');
	rt_free(yaml);
	free(json);
}

static void ftrace_one(const char *path)
{
	struct render_ft_reader *r = NULL;
	struct render_ft_event ev;
	struct rt_diag d = { "" };
	FILE *f = fopen(path, "r");
	bool eof = false;
	enum rt_err err;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	err = render_ft_open(f, path, &r, &d);
	while (err == RT_OK && !eof)
		err = render_ft_next(r, &ev, &eof, &d);
	CU_ASSERT(err == RT_OK || d.msg[0]);
	render_ft_close(r);
	fclose(f);
}

static void test_scenario_corpus_loads_or_fails_cleanly(void)
{
	CU_ASSERT(each_file(CORPUS "scenario", load_one) >= 10);
	CU_ASSERT(each_file(CORPUS "cli", load_one) >= 10);
}

static void test_replay_corpus_reads_or_fails_cleanly(void)
{
	CU_ASSERT(each_file(CORPUS "replay", replay_one) >= 4);
}

static void test_import_corpora_read_or_fail_cleanly(void)
{
	CU_ASSERT(each_file(CORPUS "experiment", exp_one) >= 3);
	CU_ASSERT(each_file(CORPUS "rtapp", rtapp_one) >= 2);
	CU_ASSERT(each_file(CORPUS "ftrace", ftrace_one) >= 4);
}

CU_TestInfo fuzz_corpus_tests[] = {
	{ "the scenario fuzz corpus loads or fails cleanly",
	  test_scenario_corpus_loads_or_fails_cleanly },
	{ "the event-log fuzz corpus reads or fails cleanly",
	  test_replay_corpus_reads_or_fails_cleanly },
	{ "the experiment, rt-app and trace-cmd fuzz corpora read or fail "
	  "cleanly", test_import_corpora_read_or_fail_cleanly },
	CU_TEST_INFO_NULL
};
