/* test_direct.c - large outputs written around the FILE with O_DIRECT
 * (render/wbuf.h, render/outstream.h).
 *
 * Each test writes a file the way the trace writers do: a header through
 * the FILE (any length, so the file's end is seldom aligned when the
 * direct writes begin), records of pseudo-random lengths through a write
 * buffer, a drain and a trailer through the FILE, and more records (the
 * buffer goes direct a second time).  The file must be exactly the bytes
 * written, in order, and past the first MiB they must have gone by
 * O_DIRECT where the file system takes it and the kernel gives huge
 * pages (probed first: elsewhere ordinary writes give the same bytes).  Files are written
 * in the run's temporary folder (tests/main.c).
 */
#define _GNU_SOURCE             /* O_DIRECT */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/aio_abi.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "models/mem.h"
#include "render/outfile.h"
#include "render/outstream.h"
#include "render/wbuf.h"
#include "tests/suites.h"

/* Does the file system of the current folder take O_DIRECT, and the
 * kernel give huge pages for the buffer? */
static bool direct_supported(void)
{
	int fd = open("direct-probe", O_WRONLY | O_CREAT | O_TRUNC | O_DIRECT,
		      0600);

	if (fd >= 0)
		close(fd);
	unlink("direct-probe");
	return fd >= 0 && render_wbuf_huge_pages();
}

/* Does the kernel take Linux AIO (then the direct writes are
 * asynchronous: outstream.c)? */
static bool aio_supported(void)
{
	aio_context_t ctx = 0;

	if (syscall(SYS_io_setup, 1L, &ctx) != 0)
		return false;
	syscall(SYS_io_destroy, ctx);
	return true;
}

/* The expected bytes, kept as they are written. */
struct expect {
	char *s;
	size_t n, cap;
};

static void expect_add(struct expect *e, const char *s, size_t n)
{
	if (e->n + n > e->cap) {
		e->cap = (e->n + n) * 2;
		e->s = realloc(e->s, e->cap);
		CU_ASSERT_PTR_NOT_NULL_FATAL(e->s);
	}
	memcpy(e->s + e->n, s, n);
	e->n += n;
}

/* 'bytes' bytes of records through w, lengths 1..300 from *seed. */
static void put_records(struct render_wbuf *w, struct expect *e, size_t bytes,
			unsigned *seed)
{
	char rec[300];
	size_t done = 0;

	while (done < bytes) {
		size_t len = 1 + (size_t)(rand_r(seed) % 300);
		char *p = render_wbuf_begin(w);

		for (size_t i = 0; i < len; i++)
			rec[i] = (char)('a' + (done + i) % 26);
		rec[len - 1] = '\n';
		memcpy(p, rec, len);
		render_wbuf_end(w, p + len);
		expect_add(e, rec, len);
		done += len;
	}
}

/* Is the file at path exactly e? */
static bool file_equals(const char *path, const struct expect *e)
{
	FILE *f = fopen(path, "rb");
	char *got;
	size_t n;
	bool same;

	if (!f)
		return false;
	got = malloc(e->n + 1);
	n = got ? fread(got, 1, e->n + 1, f) : 0;
	fclose(f);
	same = got && n == e->n && !memcmp(got, e->s, n);
	free(got);
	return same;
}

/* Write the test file to path: a header of 'head' bytes, 'bytes' of
 * records, a trailer, 'bytes' more.  The bytes written directly go to
 * *direct; the result of the commit is returned (d its message). */
static enum rt_err write_file(const char *path, size_t head, size_t bytes,
			      struct expect *e, uint64_t *direct,
			      struct rt_diag *d)
{
	struct render_outfile o;
	struct render_wbuf w;
	unsigned seed = (unsigned)(head * 7919 + bytes);
	enum rt_err err;
	FILE *f;

	e->n = 0;
	err = render_outfile_open(&o, path, &f, d);
	CU_ASSERT_EQUAL_FATAL(err, RT_OK);
	CU_ASSERT_TRUE_FATAL(render_wbuf_init(&w, f, 300));
	for (size_t i = 0; i < head; i++) {
		char c = (char)('A' + i % 26);

		fputc(c, f);
		expect_add(e, &c, 1);
	}
	put_records(&w, e, bytes, &seed);
	render_wbuf_drain(&w);
	fputs("-- trailer --\n", f);
	expect_add(e, "-- trailer --\n", 14);
	put_records(&w, e, bytes, &seed);
	render_wbuf_finish(&w);
	*direct = render_outstream_direct_bytes(o.cookie);
	return render_outfile_commit(&o, d);
}

static void test_large_outputs_go_direct_byte_for_byte(void)
{
	static const size_t heads[] = { 0, 1, 61, 4095, 4096, 4097, 70000 };
	bool direct = direct_supported();
	struct expect e = { NULL, 0, 0 };

	for (size_t i = 0; i < sizeof(heads) / sizeof(heads[0]); i++) {
		struct rt_diag d = { "" };
		uint64_t dbytes = 0;

		/* 9.5 MiB twice: direct blocks of 1 MiB and an odd end */
		CU_ASSERT_EQUAL(write_file("direct.txt", heads[i],
					   (19u << 19) + heads[i], &e,
					   &dbytes, &d), RT_OK);
		CU_ASSERT_TRUE(file_equals("direct.txt", &e));
		if (direct) {
			/* both rounds: at least two blocks each */
			CU_ASSERT(dbytes >= 4 * (uint64_t)RENDER_WBUF_DIRECT);
			CU_ASSERT(dbytes <= e.n + RENDER_OUTSTREAM_ALIGN);
		}
	}
	free(e.s);
	unlink("direct.txt");
}

static void test_small_outputs_and_other_files_stay_buffered(void)
{
	struct expect e = { NULL, 0, 0 };
	struct rt_diag d = { "" };
	struct render_wbuf w;
	unsigned seed = 1;
	uint64_t dbytes = 1;
	FILE *f;

	/* under one buffer: never direct */
	CU_ASSERT_EQUAL(write_file("small.txt", 10, 100000, &e, &dbytes, &d),
			RT_OK);
	CU_ASSERT_EQUAL(dbytes, 0);
	CU_ASSERT_TRUE(file_equals("small.txt", &e));
	unlink("small.txt");
	/* a FILE of the caller's own: written through it, whatever size */
	e.n = 0;
	f = fopen("plain.txt", "wb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_PTR_NULL(render_outstream_of(f));
	CU_ASSERT_TRUE_FATAL(render_wbuf_init(&w, f, 300));
	put_records(&w, &e, 5u << 20, &seed);
	CU_ASSERT_TRUE(render_wbuf_finish(&w));
	CU_ASSERT_FALSE(w.big);
	fclose(f);
	CU_ASSERT_TRUE(file_equals("plain.txt", &e));
	unlink("plain.txt");
	free(e.s);
}

/* Every write failing in turn (the seam counts the direct writes too):
 * each names the file and the errno and leaves the old target. */
static void test_a_failed_direct_write_names_the_file(void)
{
	struct expect e = { NULL, 0, 0 };
	size_t fails = 0;
	FILE *f = fopen("old.txt", "w");

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs("old\n", f);
	fclose(f);
	for (long n = 0; n < 200; n++) {
		struct rt_diag d = { "" };
		uint64_t dbytes;
		enum rt_err err;
		char buf[8] = "";

		render_outfile_fail_after(n, ENOSPC);
		err = write_file("old.txt", 61, 5u << 20, &e, &dbytes, &d);
		render_outfile_fail_after(-1, 0);
		if (err == RT_OK)
			break;
		fails++;
		CU_ASSERT_EQUAL(err, RT_ERR_IO);
		CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "old.txt: write failed: "
					      "No space left on device "
					      "(ENOSPC)"));
		f = fopen("old.txt", "r");
		CU_ASSERT_PTR_NOT_NULL_FATAL(f);
		CU_ASSERT_EQUAL(fread(buf, 1, sizeof(buf) - 1, f), 4);
		fclose(f);
		CU_ASSERT_STRING_EQUAL(buf, "old\n");
	}
	/* the header's write, the first direct blocks, the end's two writes,
	 * the trailer, the second round's: several points to fail at */
	CU_ASSERT(fails >= 4 && fails < 200);
	CU_ASSERT_TRUE(file_equals("old.txt", &e));
	unlink("old.txt");
	free(e.s);
}

/* Is a temporary of 'name' (".NAME.tmp-PID-N": outfile.c) left in the
 * current folder? */
static bool temporary_left(const char *name)
{
	DIR *dir = opendir(".");
	struct dirent *de;
	size_t n = strlen(name);
	bool left = false;

	CU_ASSERT_PTR_NOT_NULL_FATAL(dir);
	while ((de = readdir(dir)))
		if (de->d_name[0] == '.' && !strncmp(de->d_name + 1, name, n) &&
		    !strncmp(de->d_name + 1 + n, ".tmp-", 5))
			left = true;
	closedir(dir);
	return left;
}

/* Does old.txt still hold "old\n"? */
static bool old_kept(void)
{
	FILE *f = fopen("old.txt", "r");
	char buf[8] = "";
	size_t n;

	if (!f)
		return false;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	return n == 4 && !strcmp(buf, "old\n");
}

static void write_old(void)
{
	FILE *f = fopen("old.txt", "w");

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs("old\n", f);
	fclose(f);
}

/* A direct write that fails when it completes, not when it is submitted
 * (asynchronous writes): each completion failing in turn, the run is
 * told at the next wait or at the end, names the file and the errno, and
 * the old target stays. */
static void test_a_failed_completion_names_the_file(void)
{
	struct expect e = { NULL, 0, 0 };
	size_t fails = 0;

	if (!direct_supported() || !aio_supported())
		return;         /* no asynchronous writes to fail here */
	write_old();
	for (long n = 0; n < 50; n++) {
		struct rt_diag d = { "" };
		uint64_t dbytes;
		enum rt_err err;

		render_outstream_fail_completion_after(n, EIO);
		err = write_file("old.txt", 61, 5u << 20, &e, &dbytes, &d);
		render_outstream_fail_completion_after(-1, 0);
		if (err == RT_OK)
			break;
		fails++;
		CU_ASSERT_EQUAL(err, RT_ERR_IO);
		CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, "old.txt: write failed: "
					      "Input/output error (EIO)"));
		CU_ASSERT_TRUE(old_kept());
	}
	/* each round of 5 MiB goes direct past its first MiB and submits
	 * four blocks of a little less than 1 MiB (the rest is written
	 * when it ends, synchronously): eight completions to fail */
	CU_ASSERT_EQUAL(fails, 8);
	CU_ASSERT_TRUE(file_equals("old.txt", &e));
	unlink("old.txt");
	free(e.s);
}

/* Where the kernel refuses: without AIO (io_setup refused) the blocks
 * are written directly and synchronously, as before; a completion
 * refused by the file system (EINVAL) is written again by ordinary
 * writes, and the direct writes stop.  Same bytes either way. */
static void test_refused_asynchronous_writes_fall_back(void)
{
	struct expect e = { NULL, 0, 0 };
	bool direct = direct_supported();
	struct rt_diag d = { "" };
	uint64_t all = 0, dbytes = 0;

	/* 9.5 MiB twice, as above: blocks of 1 MiB, 4 MiB at least */
	CU_ASSERT_EQUAL(write_file("fb.txt", 100, 19u << 19, &e, &all, &d),
			RT_OK);
	CU_ASSERT_TRUE(file_equals("fb.txt", &e));
	render_outstream_refuse_aio(true);
	CU_ASSERT_EQUAL(write_file("fb.txt", 100, 19u << 19, &e, &dbytes,
				   &d), RT_OK);
	render_outstream_refuse_aio(false);
	CU_ASSERT_TRUE(file_equals("fb.txt", &e));
	CU_ASSERT_EQUAL(dbytes, all);
	if (direct)
		CU_ASSERT(dbytes >= 4 * (uint64_t)RENDER_WBUF_DIRECT);
	if (direct && aio_supported()) {
		/* the first block refused: it and the round's rest by
		 * ordinary writes; the second round is direct again */
		render_outstream_fail_completion_after(0, EINVAL);
		CU_ASSERT_EQUAL(write_file("fb.txt", 100, 19u << 19, &e,
					   &dbytes, &d), RT_OK);
		render_outstream_fail_completion_after(-1, 0);
		CU_ASSERT_TRUE(file_equals("fb.txt", &e));
		CU_ASSERT(dbytes < all);
		CU_ASSERT(dbytes >= 2 * (uint64_t)RENDER_WBUF_DIRECT);
	}
	unlink("fb.txt");
	free(e.s);
}

/* The writer's buffers wait for their writes: at most RING - 1 in
 * flight.  A writer discarded with blocks in flight waits for them before
 * its buffers are freed, and an aborted file leaves nothing behind: the
 * old target as it was, no temporary. */
static void test_an_abort_leaves_nothing_in_flight(void)
{
	struct expect e = { NULL, 0, 0 };
	struct render_outfile o;
	struct rt_diag d = { "" };
	struct render_wbuf w;
	struct render_outstream *s;
	unsigned seed = 5, most = 0;
	FILE *f;

	write_old();
	CU_ASSERT_EQUAL_FATAL(render_outfile_open(&o, "old.txt", &f, &d),
			      RT_OK);
	CU_ASSERT_TRUE_FATAL(render_wbuf_init(&w, f, 300));
	s = render_outstream_of(f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	/* 20 MB: some twenty blocks of 1 MiB; a buffer is filled only
	 * once its write is reaped, so at most RING - 1 are in flight
	 * between records */
	for (int i = 0; i < 200; i++) {
		put_records(&w, &e, 100000, &seed);
		most = render_outstream_direct_pending(s) > most ?
		       render_outstream_direct_pending(s) : most;
	}
	CU_ASSERT(most <= RENDER_WBUF_RING - 1);
	if (direct_supported() && aio_supported()) {
		/* on to a block in flight */
		for (int i = 0; i < 100 &&
		     !render_outstream_direct_pending(s); i++)
			put_records(&w, &e, 100000, &seed);
		CU_ASSERT(render_outstream_direct_pending(s) > 0);
	}
	render_wbuf_discard(&w);
	CU_ASSERT_EQUAL(render_outstream_direct_pending(s), 0);
	render_outfile_abort(&o);
	CU_ASSERT_TRUE(old_kept());
	CU_ASSERT_FALSE(temporary_left("old.txt"));
	unlink("old.txt");
	free(e.s);
}

/* A device that keeps up: every write done before the next block is
 * chosen.  Then the writer fills the ring's first free buffer, so only
 * two of them are ever touched, both in the ring's first huge page (each
 * huge page touched is one the kernel zeroes: bench/README.md, eighth
 * and ninth rounds), and the file is byte for byte what was written,
 * with blocks of a little less than RENDER_WBUF_DIRECT. */
static void test_a_device_that_keeps_up_uses_two_buffers(void)
{
	struct expect e = { NULL, 0, 0 };
	struct render_outfile o;
	struct rt_diag d = { "" };
	struct render_wbuf w;
	struct render_outstream *s;
	const char *seen[RENDER_WBUF_RING] = { NULL };
	unsigned seed = 9, nseen = 0;
	FILE *f;

	if (!direct_supported() || !aio_supported())
		return;
	CU_ASSERT_EQUAL_FATAL(render_outfile_open(&o, "keep.txt", &f, &d),
			      RT_OK);
	CU_ASSERT_TRUE_FATAL(render_wbuf_init(&w, f, 300));
	s = render_outstream_of(f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	for (int i = 0; i < 300; i++) {         /* 30 MB */
		unsigned k;

		put_records(&w, &e, 100000, &seed);
		if (!w.direct)
			continue;
		for (k = 0; k < RENDER_WBUF_RING; k++) /* all done */
			render_outstream_direct_wait(s, w.ring + k * w.stride);
		for (k = 0; k < nseen && seen[k] != w.dst; k++)
			;
		if (k == nseen && nseen < RENDER_WBUF_RING)
			seen[nseen++] = w.dst;
		/* records are formatted in the stage, past the ring */
		CU_ASSERT_PTR_EQUAL(w.buf, w.stage);
		CU_ASSERT(w.stage >= w.ring + RENDER_WBUF_RING * w.stride);
	}
	CU_ASSERT_PTR_NOT_NULL(w.direct);
	CU_ASSERT_EQUAL(nseen, 2);
	for (unsigned k = 0; k < nseen; k++)
		CU_ASSERT((size_t)(seen[k] - w.ring) + w.stride <= 2u << 20);
	CU_ASSERT_EQUAL(w.limit, RENDER_WBUF_STAGE);
	CU_ASSERT(w.blim < RENDER_WBUF_DIRECT);
	CU_ASSERT(w.blim >= RENDER_WBUF_DIRECT - 4 * RENDER_OUTSTREAM_ALIGN);
	CU_ASSERT_EQUAL(w.blim % RENDER_OUTSTREAM_ALIGN, 0);
	CU_ASSERT_EQUAL(w.blim % RENDER_WBUF_STAGE, 0);
	CU_ASSERT(render_outstream_direct_bytes(s) >= 6 * (uint64_t)w.blim);
	CU_ASSERT_TRUE(render_wbuf_finish(&w));
	CU_ASSERT_EQUAL(render_outfile_commit(&o, &d), RT_OK);
	CU_ASSERT_TRUE(file_equals("keep.txt", &e));
	unlink("keep.txt");
	free(e.s);
}

/* Records longer than the stage's piece (a task name of tens of KiB):
 * a record may leave several pieces at once, and a block still ends on
 * a piece; the file is byte for byte what was written, direct or not. */
static void test_records_longer_than_a_piece_go_direct(void)
{
	const size_t max = 3 * RENDER_WBUF_STAGE + 100;
	struct expect e = { NULL, 0, 0 };
	struct render_outfile o;
	struct rt_diag d = { "" };
	struct render_wbuf w;
	unsigned seed = 5;
	char *rec = malloc(max);
	FILE *f;

	CU_ASSERT_PTR_NOT_NULL_FATAL(rec);
	CU_ASSERT_EQUAL_FATAL(render_outfile_open(&o, "long.txt", &f, &d),
			      RT_OK);
	CU_ASSERT_TRUE_FATAL(render_wbuf_init(&w, f, max));
	for (size_t done = 0; done < (5u << 20);) {
		/* mostly short records, one in eight up to 'max' bytes */
		size_t len = rand_r(&seed) % 8 ?
			     1 + (size_t)(rand_r(&seed) % 200) :
			     1 + (size_t)rand_r(&seed) % max;
		char *p = render_wbuf_begin(&w);

		for (size_t i = 0; i < len; i++)
			rec[i] = (char)('a' + (done + i * 7) % 26);
		rec[len - 1] = '\n';
		memcpy(p, rec, len);
		render_wbuf_end(&w, p + len);
		expect_add(&e, rec, len);
		done += len;
		CU_ASSERT(w.n < w.limit);
	}
	if (direct_supported())
		CU_ASSERT_PTR_NOT_NULL(w.direct);
	CU_ASSERT_TRUE(render_wbuf_finish(&w));
	CU_ASSERT_EQUAL(render_outfile_commit(&o, &d), RT_OK);
	CU_ASSERT_TRUE(file_equals("long.txt", &e));
	unlink("long.txt");
	free(rec);
	free(e.s);
}

CU_TestInfo direct_tests[] = {
	{ "large outputs go direct, byte for byte",
	  test_large_outputs_go_direct_byte_for_byte },
	{ "records longer than a piece go direct, byte for byte",
	  test_records_longer_than_a_piece_go_direct },
	{ "small outputs and other files stay buffered",
	  test_small_outputs_and_other_files_stay_buffered },
	{ "a failed direct write names the file",
	  test_a_failed_direct_write_names_the_file },
	{ "a failed completion names the file",
	  test_a_failed_completion_names_the_file },
	{ "refused asynchronous writes fall back",
	  test_refused_asynchronous_writes_fall_back },
	{ "an abort leaves nothing in flight",
	  test_an_abort_leaves_nothing_in_flight },
	{ "a device that keeps up uses two buffers",
	  test_a_device_that_keeps_up_uses_two_buffers },
	CU_TEST_INFO_NULL
};
