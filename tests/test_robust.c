/* test_robust.c - hostile names and failing output files.
 *
 * Names: a NUL inside a quoted string ("A\0B", which libcyaml would cut to
 * "A") and control characters in task, server and scenario names are
 * errors with file:line:col.  Output files: the write-failure seam
 * (render_outfile_fail_after) fails the n-th write for every n through a
 * file of several buffers; every failure names the file and the errno and
 * leaves the old target untouched; modes are kept.  Files go under
 * build/test-out/robust only.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "render/outfile.h"
#include "scenarios/scn.h"
#include "tests/suites.h"

#define OUTDIR DLSIM_SRCDIR "/build/test-out/robust"

static void load_fails(const char *yaml, const char *want)
{
	struct scn_scenario *s = NULL;
	struct rt_diag d = { "" };

	CU_ASSERT_EQUAL(scn_load_data((const uint8_t *)yaml, strlen(yaml),
				      "t.yaml", &s, &d), RT_ERR_PARSE);
	CU_ASSERT_PTR_NULL(s);
	if (!strstr(d.msg, want)) {
		fprintf(stderr, "\n  [got '%s', want '%s']", d.msg, want);
		CU_FAIL("message");
	}
	scn_free(s);
}

static void test_nul_and_control_characters_in_names_are_rejected(void)
{
	load_fails("format: 1\ntasks:\n  - { name: \"A\\0B\", C: 1, T: 4 }\n",
		   "t.yaml:3:13: a string holds a NUL character");
	load_fails("format: 1\ntasks:\n  - { name: \"A\\x00\", C: 1, T: 4 }\n",
		   "t.yaml:3:13: a string holds a NUL character");
	load_fails("format: 1\ntasks:\n  - { name: \"A\\u0000B\", C: 1, T: 4 }\n",
		   "NUL");
	load_fails("format: 1\ntasks:\n  - { name: \"A\\tB\", C: 1, T: 4 }\n",
		   "t.yaml:3:13: tasks[0].name: holds the control character 0x09");
	load_fails("format: 1\ntasks:\n  - { name: \"A\\e[31m\", C: 1, T: 4 }\n",
		   "control character 0x1b");
	load_fails("format: 1\nname: \"a\\nb\"\ntasks:\n  - { name: A, C: 1, T: 4 }\n",
		   "t.yaml:2:7: name: holds the control character 0x0a");
	load_fails("format: 1\ntasks:\n  - { name: \"A\\x7f\", C: 1, T: 4 }\n",
		   "0x7f");
}

static void test_printable_unicode_names_load(void)
{
	static const char yaml[] =
		"format: 1\ntasks:\n  - { name: \"caf\\u00e9 \\u03c4\", C: 1, T: 4 }\n";
	struct scn_scenario *s = NULL;
	struct rt_diag d = { "" };

	CU_ASSERT_EQUAL_FATAL(scn_load_data((const uint8_t *)yaml,
					    sizeof(yaml) - 1, "t.yaml", &s, &d),
			      RT_OK);
	CU_ASSERT_STRING_EQUAL(s->tasks[0].name, "caf\xc3\xa9 \xcf\x84");
	scn_free(s);
}

static bool file_is(const char *path, const char *text)
{
	char buf[64] = "";
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return false;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	return !strcmp(buf, text);
}

/* Write 'bytes' bytes to path through an outfile, the n-th write failing. */
static enum rt_err write_with_failure(const char *path, long n, size_t bytes,
				      struct rt_diag *d)
{
	struct render_outfile o;
	enum rt_err err;
	FILE *f;

	err = render_outfile_open(&o, path, &f, d);
	if (err)
		return err;
	render_outfile_fail_after(n, ENOSPC);
	for (size_t i = 0; i < bytes; i++)
		fputc('x', f);
	err = render_outfile_commit(&o, d);
	render_outfile_fail_after(-1, 0);
	return err;
}

static void test_every_write_failure_names_the_file_and_keeps_the_target(void)
{
	const char *path = OUTDIR "/old.csv";
	size_t fails = 0;
	FILE *f;

	mkdir(DLSIM_SRCDIR "/build/test-out", 0777);
	mkdir(OUTDIR, 0777);
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs("old\n", f);
	fclose(f);
	chmod(path, 0640);
	/* 300 KiB: several buffer-fulls; fail each write in turn until a
	 * run gets through */
	for (long n = 0; n < 1000; n++) {
		struct rt_diag d = { "" };
		enum rt_err err = write_with_failure(path, n, 300 * 1024, &d);

		if (err == RT_OK)
			break;
		fails++;
		CU_ASSERT_EQUAL(err, RT_ERR_IO);
		CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "old.csv: write failed: "
					      "No space left on device (ENOSPC)"));
		CU_ASSERT_TRUE(file_is(path, "old\n"));
	}
	CU_ASSERT(fails >= 5 && fails < 1000);
	{
		struct stat st;

		CU_ASSERT_EQUAL(stat(path, &st), 0);
		CU_ASSERT_EQUAL(st.st_mode & 0777, 0640);  /* kept on replace */
		CU_ASSERT_EQUAL(st.st_size, 300 * 1024);
	}
}

static void test_streams_and_stdout_are_never_replaced(void)
{
	struct render_outfile o;
	struct rt_diag d = { "" };
	FILE *f;

	CU_ASSERT_EQUAL_FATAL(render_outfile_open(&o, "-", &f, &d), RT_OK);
	CU_ASSERT_EQUAL(o.kind, RENDER_OUT_STDOUT);
	CU_ASSERT_EQUAL(render_outfile_commit(&o, &d), RT_OK);
	/* written through a copy of descriptor 1: stdout stays open */
	CU_ASSERT_NOT_EQUAL(fcntl(STDOUT_FILENO, F_GETFD), -1);
	CU_ASSERT_EQUAL(fflush(stdout), 0);
	CU_ASSERT_EQUAL(render_outfile_open(&o, OUTDIR, &f, &d), RT_ERR_IO);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "Is a directory (EISDIR)"));
	CU_ASSERT_STRING_EQUAL(render_errno_name(ENOSPC), "ENOSPC");
}

/* An output on standard output that fails says why: the errno of the
 * failed write (here ENOSPC, from the seam, at the first of two buffers),
 * not a guessed EIO.  stdio's own stdout forgets it: glibc drops the
 * buffer of a failed write, so the flush at finish succeeded and the
 * message said "Input/output error (EIO)" (run --jobs - > /dev/full). */
static void test_a_failed_write_to_stdout_keeps_its_reason(void)
{
	struct render_outfile o;
	struct rt_diag d = { "" };
	FILE *f;

	CU_ASSERT_EQUAL_FATAL(render_outfile_open(&o, "-", &f, &d), RT_OK);
	render_outfile_fail_after(0, ENOSPC);
	for (size_t i = 0; i < 100 * 1024; i++)
		fputc('x', f);
	CU_ASSERT_TRUE(render_outfile_failed(&o, &d));
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "standard output: write failed: "
				      "No space left on device (ENOSPC)"));
	d.msg[0] = '\0';
	CU_ASSERT_EQUAL(render_outfile_commit(&o, &d), RT_ERR_IO);
	render_outfile_fail_after(-1, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "standard output: write failed: "
				      "No space left on device (ENOSPC)"));
	CU_ASSERT_NOT_EQUAL(fcntl(STDOUT_FILENO, F_GETFD), -1);
}

CU_TestInfo robust_tests[] = {
	{ "NUL and control characters in names are rejected",
	  test_nul_and_control_characters_in_names_are_rejected },
	{ "printable unicode names load", test_printable_unicode_names_load },
	{ "every write failure names the file and keeps the target",
	  test_every_write_failure_names_the_file_and_keeps_the_target },
	{ "standard output is never closed; a directory is an error",
	  test_streams_and_stdout_are_never_replaced },
	{ "a failed write to standard output keeps its reason",
	  test_a_failed_write_to_stdout_keeps_its_reason },
	CU_TEST_INFO_NULL
};
