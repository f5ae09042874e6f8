/* bench_writers.c - what each trace writer costs per record (make bench).
 *
 *   bench_writers [WRITER...]     every writer (or the ones named), each
 *                                 timed BENCH_REPS times (default 5),
 *                                 interleaved, median printed
 *
 * The workload is bench_sol's edf-uni-10-1M (10 tasks drawn as bench_sol
 * draws them, 10^6 jobs, uniprocessor EDF), run in this process by the
 * engine with one sink attached, writing to /dev/null: the kernel's copy
 * of the bytes (which bench_sol's traced runs include) costs nothing
 * there, so what is left is the engine, the record hand-off and the
 * formatting.  Writers:
 *
 *   none        the engine alone (no sink)
 *   null        a sink that wants every record and does nothing: the
 *               engine's cost of building and handing off records
 *   null-wrapped  the same behind a pass-through sink that counts the
 *               records, as `dlsim run` puts one in front of every
 *               writer (cli/outputs.c: error blame, output budget); the
 *               writers below are measured behind it too
 *   jobs        --jobs CSV          log-csv    --log .csv
 *   log-jsonl   --log .jsonl        log-bin    --log .bin
 *   trace       --trace (Chrome)    ftrace     --ftrace
 *
 * Printed per writer: records it was handed, bytes written, CPU time of
 * the run (this thread: median and minimum, the least disturbed by other
 * load), ns per record over 'none' and the cost factor over 'none' (as
 * bench_sol's cost=, without the kernel's share; both from medians).  Under
 * valgrind --tool=callgrind, BENCH_REPS=1 and one writer give repeatable
 * instruction counts.
 */
#define _GNU_SOURCE             /* fopencookie */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/task.h"
#include "render/chrome.h"
#include "render/ftrace.h"
#include "render/jobs.h"
#include "render/log.h"
#include "sim/engine.h"

#include "bench/bench_common.h"

#define BW_MAX_REPS 15
#define BW_TASKS 10

enum bw_kind { BW_NONE, BW_NULL, BW_NULL_WRAPPED, BW_JOBS, BW_LOG_CSV,
	       BW_LOG_JSONL, BW_LOG_BIN, BW_TRACE, BW_FTRACE, BW__COUNT };

static const char *const bw_name[BW__COUNT] = {
	"none", "null", "null-wrapped", "jobs", "log-csv", "log-jsonl",
	"log-bin", "trace", "ftrace",
};

struct bw_res {
	double t[BW_MAX_REPS];
	uint64_t records, bytes, jobs;
};

/* A FILE that counts what reaches it and drops it. */
static ssize_t bw_count_write(void *ctx, const char *buf, size_t n)
{
	(void)buf;
	*(uint64_t *)ctx += n;
	return (ssize_t)n;
}

static enum rt_err bw_null_emit(void *ctx, const struct sim_rec *r)
{
	(void)r;
	++*(uint64_t *)ctx;
	return RT_OK;
}

/* A sink that counts the records handed to 'inner'. */
struct bw_counted {
	struct sim_sink inner;
	uint64_t n;
};

static enum rt_err bw_count_emit(void *ctx, const struct sim_rec *r)
{
	struct bw_counted *c = ctx;

	c->n++;
	return c->inner.emit(c->inner.ctx, r);
}

/* One run of writer k; false (after a message) on an error. */
static bool bw_run(enum bw_kind k, const struct sim_config *c,
		   const struct render_meta *m, struct bw_res *res, int rep)
{
	static const cookie_io_functions_t io = { .write = bw_count_write };
	uint64_t bytes = 0, nulls = 0;
	FILE *f = fopencookie(&bytes, "w", io);
	struct render_jobs *jb = NULL;
	struct render_log *lg = NULL;
	struct render_chrome *ch = NULL;
	struct render_ftrace *ft = NULL;
	struct sim_engine *e = NULL;
	struct bw_counted cnt = { .n = 0 };
	struct sim_sink s = { .mask = SIM_MASK_ALL, .emit = bw_null_emit,
			      .ctx = &nulls };
	struct rt_diag d = { "" };
	enum rt_err err;
	double t0;

	if (!f)
		return false;
	t0 = bench_cpu_s();
	err = sim_engine_create(c, &e, &d);
	if (!err && k >= BW_LOG_CSV && k <= BW_LOG_BIN)
		err = render_log_open(f, k == BW_LOG_CSV ? RENDER_LOG_CSV :
				      k == BW_LOG_JSONL ? RENDER_LOG_JSONL :
				      RENDER_LOG_BIN, m, &lg, &d);
	if (!err && k == BW_JOBS)
		err = render_jobs_open(f, m, &jb, &d);
	if (!err && k == BW_TRACE)
		err = render_chrome_open(f, m, &ch, &d);
	if (!err && k == BW_FTRACE)
		err = render_ftrace_open(f, m, &ft, &d);
	if (!err && k != BW_NONE) {
		cnt.inner = lg ? render_log_sink(lg) : jb ? render_jobs_sink(jb) :
			    ch ? render_chrome_sink(ch) : ft ?
			    render_ftrace_sink(ft) : s;
		s = cnt.inner;
		if (k != BW_NULL) {     /* count what the writer is handed */
			s.emit = bw_count_emit;
			s.ctx = &cnt;
		}
		err = sim_engine_add_sink(e, &s);
	}
	if (!err)
		err = sim_engine_run(e, &d);
	if (!err && lg)
		err = render_log_finish(lg, &d);
	if (!err && jb)
		err = render_jobs_finish(jb, &d);
	if (!err && ch)
		err = render_chrome_finish(ch, &d);
	if (!err && ft)
		err = render_ftrace_finish(ft, &d);
	if (!err && fflush(f) != 0)
		err = RT_ERR_IO;
	res->t[rep] = bench_cpu_s() - t0;
	res->records = k == BW_NULL ? nulls : cnt.n;
	res->bytes = bytes;
	if (e)
		res->jobs = sim_engine_stats(e)->jobs;
	sim_engine_destroy(e);
	fclose(f);
	if (err)
		fprintf(stderr, "bench_writers: %s: %s\n", bw_name[k], d.msg);
	return !err;
}

int main(int argc, char **argv)
{
	static struct bw_res res[BW__COUNT];
	bool want[BW__COUNT] = { false };
	const char *reps_s = getenv("BENCH_REPS");
	int reps = reps_s ? atoi(reps_s) : 5;
	struct rt_task tasks[BW_TASKS];
	char names[BW_TASKS][8];
	struct sol_task *st;
	struct sim_config c;
	double rate, none;
	struct render_meta m = {
		.scenario = "edf-uni-10-1M", .time_unit = "tick",
		.display_unit = "tick", .display_scale = 1, .cpus = 1,
		.tasks = tasks, .ntasks = BW_TASKS,
	};

	reps = reps < 1 ? 1 : reps > BW_MAX_REPS ? BW_MAX_REPS : reps;
	want[BW_NONE] = true;
	for (int i = 1; i < argc; i++) {
		int k = 0;

		while (k < BW__COUNT && strcmp(argv[i], bw_name[k]))
			k++;
		if (k == BW__COUNT) {
			fprintf(stderr, "usage: bench_writers [WRITER...]; "
				"writers:");
			for (k = 0; k < BW__COUNT; k++)
				fprintf(stderr, " %s", bw_name[k]);
			fputc('\n', stderr);
			return 1;
		}
		want[k] = true;
	}
	if (argc == 1)
		for (int k = 0; k < BW__COUNT; k++)
			want[k] = true;
	/* bench_sol's edf-uni-10-1M: seed 12345 + tasks + cpus */
	st = sol_tasks(BW_TASKS, 12345 + BW_TASKS + 1, 0.9, 1e4, 1, &rate);
	if (!st)
		return 1;
	for (int i = 0; i < BW_TASKS; i++) {
		snprintf(names[i], sizeof(names[i]), "t%d", i);
		tasks[i] = rt_task_make(names[i], st[i].C, st[i].D, st[i].T);
	}
	free(st);
	memset(&c, 0, sizeof(c));
	c.tasks = tasks;
	c.ntasks = BW_TASKS;
	c.cpus = 1;
	c.policy = "edf";
	c.horizon = m.horizon = (rt_time)(1e6 / rate);
	for (int r = 0; r < reps; r++)
		for (int k = 0; k < BW__COUNT; k++)
			if (want[k] && !bw_run((enum bw_kind)k, &c, &m, &res[k], r))
				return 1;
	none = bench_median(res[BW_NONE].t, reps);
	printf("bench_writers: edf-uni-10-1M in process, output to a counting "
	       "null FILE, median of %d interleaved runs\n", reps);
	for (int k = 0; k < BW__COUNT; k++) {
		double t;

		if (!want[k])
			continue;
		t = bench_median(res[k].t, reps);
		printf("writer=%s jobs=%llu time=%.3fs min=%.3fs", bw_name[k],
		       (unsigned long long)res[k].jobs, t, res[k].t[0]);
		if (k != BW_NONE)
			printf(" records=%llu bytes=%llu ns_per_record=%.1f "
			       "cost=%.2fx",
			       (unsigned long long)res[k].records,
			       (unsigned long long)res[k].bytes,
			       res[k].records ? (t - none) * 1e9 /
			       (double)res[k].records : 0.0, t / none);
		putchar('\n');
	}
	return 0;
}
