/* test_fuzz_corpus.c - every file of the fuzz seed corpora (tests/fuzz/
 * scenario/ and tests/fuzz/replay/, where each crash found by `make fuzz`
 * is added) through the scenario loader and the event-log reader, under
 * the normal build and ASan: each must load or fail with a message. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/replay.h"
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

static void test_scenario_corpus_loads_or_fails_cleanly(void)
{
	CU_ASSERT(each_file(CORPUS "scenario", load_one) >= 10);
	CU_ASSERT(each_file(CORPUS "cli", load_one) >= 10);
}

static void test_replay_corpus_reads_or_fails_cleanly(void)
{
	CU_ASSERT(each_file(CORPUS "replay", replay_one) >= 4);
}

CU_TestInfo fuzz_corpus_tests[] = {
	{ "the scenario fuzz corpus loads or fails cleanly",
	  test_scenario_corpus_loads_or_fails_cleanly },
	{ "the event-log fuzz corpus reads or fails cleanly",
	  test_replay_corpus_reads_or_fails_cleanly },
	CU_TEST_INFO_NULL
};
