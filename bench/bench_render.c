/* bench_render.c - a 1,000,000-job Gantt chart: time and peak memory.
 *
 *   build/release/bench/bench_render [OUT.png]   (make bench)
 *
 * Synthesises the records of 1e6 jobs (10 tasks on 4 CPUs, every 5th job
 * preempted once, every 1000th job late), feeds them to a task-view and a
 * CPU-view chart, and writes both as PNG (default build/bench_render*.png).
 * The chart merges what a 7.16 in, 300 dpi page cannot show, so memory
 * must stay flat whatever the number of jobs: the run prints the peak RSS
 * and fails if it exceeds 64 MiB.
 */
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "render/gantt.h"

#include "bench/bench_common.h"

#define NJOBS   1000000
#define NTASKS  10
#define NCPUS   4
#define PERIOD  100
#define MAX_RSS_KB (64 * 1024)

static unsigned long nrec;

static int emit(const struct sim_sink *s, size_t n, rt_time t,
		enum sim_rec_kind k, int cpu, const struct sim_job_info *ji,
		rt_time v)
{
	struct sim_rec r = { .time = t, .kind = k, .cpu = cpu, .value = v,
			     .info = ji, .task = ji ? ji->task : 0,
			     .job = ji ? ji->job : 0 };

	nrec++;
	for (size_t i = 0; i < n; i++)
		if ((s[i].mask & SIM_MASK(k)) && s[i].emit(s[i].ctx, &r) != RT_OK)
			return 1;
	return 0;
}

/* Jobs of task i run back to back on CPU i % 4 within each period. */
static int synthesise(const struct sim_sink *s, size_t n)
{
	rt_time slot[NCPUS];
	uint64_t seq = 0;

	for (uint64_t k = 0; seq < NJOBS; k++) {
		memset(slot, 0, sizeof(slot));
		for (uint32_t i = 0; i < NTASKS && seq < NJOBS; i++, seq++) {
			rt_time r = (rt_time)k * PERIOD, c = 8 + i % 3;
			int cpu = (int)(i % NCPUS);
			rt_time st = r + slot[cpu], d = r + 20 + 5 * i;
			struct sim_job_info j = {
				.task = i, .job = k, .seq = seq, .arrival = r,
				.release = r, .abs_deadline = d, .demand = c,
				.remaining = c, .start = st,
				.finish = RT_TIME_NEVER, .cpu = cpu };
			rt_time fin = st + c + (seq % 1000 == 0 ? 30 : 0);

			if (emit(s, n, r, SIM_REC_RELEASE, -1, &j, d) ||
			    emit(s, n, st, SIM_REC_START, cpu, &j, c))
				return 1;
			if (seq % 5 == 0 &&
			    (emit(s, n, st + c / 2, SIM_REC_PREEMPT, cpu, &j, c / 2) ||
			     emit(s, n, st + c / 2 + 1, SIM_REC_START, cpu, &j, c / 2)))
				return 1;
			if (seq % 5 == 0)
				fin++;
			j.finish = fin;
			if (emit(s, n, fin, SIM_REC_COMPLETE, cpu, &j, fin - r) ||
			    (fin > d && emit(s, n, fin, SIM_REC_MISS, cpu, &j, fin - d)))
				return 1;
			slot[cpu] = fin - r;
		}
	}
	return emit(s, n, (rt_time)(NJOBS / NTASKS + 1) * PERIOD, SIM_REC_END,
		    -1, NULL, 0);
}

int main(int argc, char **argv)
{
	const char *out = argc > 1 ? argv[1] : "build/bench_render.png";
	struct rt_task tasks[NTASKS];
	char names[NTASKS][8], cpu_out[512];
	struct render_meta m = {
		.scenario = "bench: 1,000,000 jobs", .time_unit = "tick",
		.display_unit = "tick", .display_scale = 1, .cpus = NCPUS,
		.horizon = (rt_time)(NJOBS / NTASKS + 1) * PERIOD,
		.tasks = tasks, .ntasks = NTASKS,
	};
	struct render_gantt_opts o = RENDER_GANTT_OPTS_DEFAULT;
	struct render_gantt *g[2] = { NULL, NULL };
	struct sim_sink sinks[2];
	struct rt_diag d;
	struct rusage ru;
	double t0, t1, t2;

	for (int i = 0; i < NTASKS; i++) {
		snprintf(names[i], sizeof(names[i]), "T%d", i);
		tasks[i] = rt_task_make(names[i], 8 + i % 3, 20 + 5 * i, PERIOD);
	}
	for (int v = 0; v < 2; v++) {
		o.rows = v ? RENDER_ROWS_CPU : RENDER_ROWS_TASK;
		if (render_gantt_create(&m, &o, &g[v], &d) != RT_OK) {
			fprintf(stderr, "bench_render: %s\n", d.msg);
			return 1;
		}
		sinks[v] = render_gantt_sink(g[v]);
	}
	t0 = bench_now_s();
	if (synthesise(sinks, 2)) {
		fprintf(stderr, "bench_render: recording failed\n");
		return 1;
	}
	t1 = bench_now_s();
	snprintf(cpu_out, sizeof(cpu_out), "%.*s-cpu.png",
		 (int)(strlen(out) > 4 ? strlen(out) - 4 : strlen(out)), out);
	if (render_gantt_write(g[0], out, &d) != RT_OK ||
	    render_gantt_write(g[1], cpu_out, &d) != RT_OK) {
		fprintf(stderr, "bench_render: %s\n", d.msg);
		return 1;
	}
	t2 = bench_now_s();
	getrusage(RUSAGE_SELF, &ru);
	printf("bench_render: %d jobs, %lu records x 2 charts: record %.2f s "
	       "(%.1f M records/s, jobs recorded ratio_to_sol=%.3f), draw 2 "
	       "PNG %.2f s, max RSS %ld KiB\n",
	       NJOBS, nrec, t1 - t0, (double)nrec * 2 / (t1 - t0) / 1e6,
	       (double)NJOBS / (t1 - t0) / bench_sol_jps(), t2 - t1,
	       ru.ru_maxrss);
	render_gantt_destroy(g[0]);
	render_gantt_destroy(g[1]);
	render_release_caches();
	if (ru.ru_maxrss > MAX_RSS_KB) {
		fprintf(stderr, "bench_render: memory not bounded (%ld KiB)\n",
			ru.ru_maxrss);
		return 1;
	}
	return 0;
}
