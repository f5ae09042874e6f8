/* test_ftrace.c - the trace-cmd report writer (render/ftrace.h), its
 * reader (render/ftrace_read.h) and dlsim compare's reconstruction
 * (render/compare.h).  The layout is checked against the documented
 * format (libtraceevent: "%16s-%-5d [%03d] %5lu.%06lu: %s: " + the event
 * name padded to 20; the sched plugin's sched_switch / sched_wakeup, the
 * kernel's TP_printk for sched_waking), not against a stored file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <CUnit/CUnit.h>

#include "api/sim.h"
#include "render/compare.h"
#include "render/ftrace.h"
#include "render/ftrace_read.h"
#include "scenarios/scn.h"
#include "sim/engine.h"
#include "models/rng.h"
#include "tests/export_util.h"
#include "tests/suites.h"

#define EX DLSIM_SRCDIR "/scenarios/examples/"
#define DATA DLSIM_SRCDIR "/tests/data/ftrace/"

static struct scn_scenario *load_text(const char *yaml)
{
	struct scn_scenario *s = NULL;
	struct rt_diag d;

	if (scn_load_data((const uint8_t *)yaml, strlen(yaml), "t.yaml", &s,
			  &d) != RT_OK)
		fprintf(stderr, "\n  %s\n", d.msg);
	return s;
}

/* Simulate s up to h through the library's pipeline (api/sim.h, as
 * `dlsim run --ftrace` does) with the ftrace writer into m. */
static void export(const struct scn_scenario *s, rt_time h, struct membuf *m)
{
	struct render_meta meta = {
		.scenario = s->name, .time_unit = scn_internal_unit_name(s->time_unit),
		.display_unit = scn_time_unit_name(s->time_unit), .display_scale = 1,
		.cpus = s->cpus, .horizon = h, .tasks = s->tasks, .ntasks = s->ntasks,
	};
	struct render_ftrace *w = NULL;
	struct dlsim *db = NULL;
	struct dlsim_sim *sim = NULL;
	struct api_sim_req r;
	struct sim_sink sink;
	enum dlsim_status st;

	mb_open(m);
	CU_ASSERT_EQUAL_FATAL(render_ftrace_open(m->f, &meta, &w, NULL), RT_OK);
	CU_ASSERT_EQUAL_FATAL(dlsim_open(&db), DLSIM_OK);
	sink = render_ftrace_sink(w);
	memset(&r, 0, sizeof(r));
	r.until = h;
	r.extra = &sink;
	r.nextra = 1;
	st = api_sim_create(db, s, &r, &sim);
	if (st == DLSIM_OK)
		st = api_sim_run(db, sim, NULL);
	if (st != DLSIM_OK)
		fprintf(stderr, "\n  %s: %s\n", s->name, dlsim_errmsg(db));
	CU_ASSERT_EQUAL(st, DLSIM_OK);
	CU_ASSERT_EQUAL(render_ftrace_finish(w, NULL), RT_OK);
	dlsim_sim_free(sim);
	dlsim_close(db);
	mb_text(m);
}

/* The steps of compare.h with the library's own simulation step
 * (api_compare_simulate, as `dlsim compare` does): read, simulate the
 * measured releases, finish. */
static enum rt_err compare_run(FILE *f, const char *name,
			       const struct scn_scenario *s,
			       struct render_cmp **out, struct rt_diag *d)
{
	struct render_cmp_input in = {
		.tasks = s->tasks, .ntasks = s->ntasks, .cpus = s->cpus,
		.ticks = s->time_unit == SCN_UNIT_TICK,
	};
	struct render_cmp *c = NULL;
	struct dlsim *db = NULL;
	enum rt_err rc = render_cmp_read(f, name, &in, &c, d);

	if (rc == RT_OK) {
		CU_ASSERT_EQUAL_FATAL(dlsim_open(&db), DLSIM_OK);
		rc = (enum rt_err)api_compare_simulate(db, s, c);
		if (rc != RT_OK)
			rt_diagf(d, rc, "%s", dlsim_errmsg(db));
		dlsim_close(db);
	}
	if (rc != RT_OK) {
		render_cmp_free(c);
		return rc;
	}
	*out = c;
	return RT_OK;
}

static size_t count(const char *text, const char *what)
{
	size_t n = 0;

	for (const char *p = text; (p = strstr(p, what)) != NULL; p++)
		n++;
	return n;
}

/* Dario's case to 20 (ticks, shown as us), hand-worked:
 *   0  P1, P2 released (both asleep: waking + wakeup each), idle -> P1
 *   4  P1 completes (sleeps: S)                               P1 -> P2
 *   8  P2 completes, nothing ready                            P2 -> idle
 *  10  both released again, idle -> P1; 14 P1 -> P2; 18 P2 -> idle
 * Six context switches, six sched_switch lines. */
static const char *const dario_lines[] = {
	"cpus=1\n",
	"          <idle>-0     [000]     0.000000: sched_waking:         "
	"comm=P1 pid=1000 prio=-1 target_cpu=000\n",
	"          <idle>-0     [000]     0.000000: sched_wakeup:         "
	"P1:1000 [-1] CPU:000\n",
	"          <idle>-0     [000]     0.000000: sched_switch:         "
	"swapper/0:0 [120] R ==> P1:1000 [-1]\n",
	"              P1-1000  [000]     0.000004: sched_switch:         "
	"P1:1000 [-1] S ==> P2:1001 [-1]\n",
	"              P2-1001  [000]     0.000008: sched_switch:         "
	"P2:1001 [-1] S ==> swapper/0:0 [120]\n",
	"          <idle>-0     [000]     0.000010: sched_switch:         "
	"swapper/0:0 [120] R ==> P1:1000 [-1]\n",
	"              P1-1000  [000]     0.000014: sched_switch:         "
	"P1:1000 [-1] S ==> P2:1001 [-1]\n",
	"              P2-1001  [000]     0.000018: sched_switch:         "
	"P2:1001 [-1] S ==> swapper/0:0 [120]\n",
};

static void test_dario_has_one_sched_switch_per_context_switch(void)
{
	struct scn_scenario *s = NULL;
	struct membuf m;

	CU_ASSERT_EQUAL_FATAL(scn_load_file(EX "dario.yaml", &s, NULL), RT_OK);
	export(s, 20, &m);
	CU_ASSERT_EQUAL(count(m.buf, "sched_switch:"), 6);
	CU_ASSERT_EQUAL(count(m.buf, "sched_wakeup:"), 4);
	CU_ASSERT_EQUAL(count(m.buf, "sched_waking:"), 4);
	CU_ASSERT_EQUAL(strncmp(m.buf, "cpus=1\n", 7), 0);
	for (size_t i = 0; i < sizeof(dario_lines) / sizeof(dario_lines[0]); i++) {
		if (!strstr(m.buf, dario_lines[i]))
			fprintf(stderr, "\n  missing: %s", dario_lines[i]);
		CU_ASSERT_PTR_NOT_NULL(strstr(m.buf, dario_lines[i]));
	}
	/* every event line reads back with the documented fields */
	{
		char *copy = strdup(m.buf), *save = NULL;
		size_t n = 0;

		for (char *l = strtok_r(copy, "\n", &save); l;
		     l = strtok_r(NULL, "\n", &save)) {
			struct render_ft_event ev;
			const char *why = NULL;

			if (!strncmp(l, "cpus=", 5))
				continue;
			CU_ASSERT_EQUAL(render_ft_parse_line(l, &ev, &why), 1);
			CU_ASSERT_EQUAL(ev.cpu, 0);
			CU_ASSERT_EQUAL(ev.ns % 1000, 0);
			n++;
		}
		CU_ASSERT_EQUAL(n, 14);
		free(copy);
	}
	mb_close(&m);
	scn_free(s);
}

/* EDF, one CPU, us: A (C 2, D = T 10) at 0; B (C 1, D 2, T 10) at 1.
 *   0  A runs; 1 B wakes (the wake-up runs in A's context: "A-1000"), its
 *   deadline 3 < 10 preempts A: "A R+ ==> B"; 2 B done: "B S ==> A";
 *   3 A done: "A S ==> idle". */
static void test_preemption_wakeup_context_and_units(void)
{
	struct scn_scenario *s = load_text(
		"format: 1\ntime_unit: ms\ntasks:\n"
		"  - { name: A, C: 2, T: 10 }\n"
		"  - { name: my task:B, C: 1, D: 2, T: 10, offset: 1 }\n");
	struct membuf m;

	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	export(s, 5000000, &m);
	CU_ASSERT_PTR_NOT_NULL(strstr(m.buf,
		"               A-1000  [000]     0.001000: sched_waking:         "
		"comm=my_task_B pid=1001 prio=-1 target_cpu=000\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(m.buf,
		"               A-1000  [000]     0.001000: sched_switch:         "
		"A:1000 [-1] R+ ==> my_task_B:1001 [-1]\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(m.buf,
		"       my_task_B-1001  [000]     0.002000: sched_switch:         "
		"my_task_B:1001 [-1] S ==> A:1000 [-1]\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(m.buf,
		"               A-1000  [000]     0.003000: sched_switch:         "
		"A:1000 [-1] S ==> swapper/0:0 [120]\n"));
	CU_ASSERT_EQUAL(count(m.buf, "sched_switch:"), 4);
	mb_close(&m);
	scn_free(s);
}

static void test_reader_takes_both_layouts(void)
{
	static const struct {
		const char *line;
		int rc;
		enum render_ft_kind kind;
		long long ns;
		const char *comm, *state, *next;
		int pid, next_pid, target;
	} cases[] = {
		{ "  kworker/u8:2-77    [003]  7431.609373: sched_switch:         "
		  "kworker/u8:2:77 [120] S ==> rt-app-0:22166 [-1]", 1,
		  RENDER_FT_SWITCH, 7431609373000LL, "kworker/u8:2", "S",
		  "rt-app-0", 77, 22166, 0 },
		{ "  <idle>-0 [001] d..2. 12.000000001: sched_switch: prev_comm=swapper/1 "
		  "prev_pid=0 prev_prio=120 prev_state=R+ ==> next_comm=a b "
		  "next_pid=5 next_prio=-1", 1, RENDER_FT_SWITCH, 12000000001LL,
		  "swapper/1", "R+", "a b", 0, 5, 0 },
		{ "  <idle>-0 [002] 1.5: sched_wakeup: cam:9 [-1] success=1 CPU:002",
		  1, RENDER_FT_WAKEUP, 1500000000LL, "cam", NULL, NULL, 9, 0, 2 },
		{ "  x-1 [000] 0.000002: sched_waking: comm=cam pid=9 prio=-1 "
		  "target_cpu=001", 1, RENDER_FT_WAKING, 2000LL, "cam", NULL, NULL,
		  9, 0, 1 },
		{ "  x-1 [000] 0.000002: print: tracking_mark_write: hi", 0, RENDER_FT_SWITCH, 0, NULL, NULL, NULL, 0, 0, 0 },
		{ "CPU 3 is empty", 0, RENDER_FT_SWITCH, 0, NULL, NULL, NULL, 0, 0, 0 },
		{ "version = 6", 0, RENDER_FT_SWITCH, 0, NULL, NULL, NULL, 0, 0, 0 },
		{ "  x-1 [000] 0.000002: sched_switch: garbage", -1, RENDER_FT_SWITCH, 0, NULL, NULL, NULL, 0, 0, 0 },
		{ "  x-1 [000] 0.000002: sched_wakeup: nopid [1]", -1, RENDER_FT_SWITCH, 0, NULL, NULL, NULL, 0, 0, 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct render_ft_event ev;
		const char *why = NULL;
		int rc = render_ft_parse_line(cases[i].line, &ev, &why);

		if (rc != cases[i].rc)
			fprintf(stderr, "\n  case %zu: rc %d\n", i, rc);
		CU_ASSERT_EQUAL(rc, cases[i].rc);
		if (rc < 0)
			CU_ASSERT_PTR_NOT_NULL(why);
		if (rc != 1)
			continue;
		CU_ASSERT_EQUAL(ev.kind, cases[i].kind);
		CU_ASSERT_EQUAL(ev.ns, cases[i].ns);
		CU_ASSERT_STRING_EQUAL(ev.comm, cases[i].comm);
		CU_ASSERT_EQUAL(ev.pid, cases[i].pid);
		if (cases[i].state) {
			CU_ASSERT_STRING_EQUAL(ev.state, cases[i].state);
			CU_ASSERT_STRING_EQUAL(ev.next_comm, cases[i].next);
			CU_ASSERT_EQUAL(ev.next_pid, cases[i].next_pid);
		} else {
			CU_ASSERT_EQUAL(ev.target_cpu, cases[i].target);
		}
	}
	CU_ASSERT_TRUE(render_cmp_comm_matches("P1", "P1"));
	CU_ASSERT_TRUE(render_cmp_comm_matches("P1-12", "P1"));
	CU_ASSERT_FALSE(render_cmp_comm_matches("P1-x", "P1"));
	CU_ASSERT_FALSE(render_cmp_comm_matches("P10", "P1"));
	CU_ASSERT_TRUE(render_cmp_comm_matches("a_very_long_nam", "a very long name"));
	/* rt-app's "decoder_thread-3" of the 14-byte thread "decoder_thread"
	 * is "decoder_thread-" once the kernel cuts it to 15 bytes */
	CU_ASSERT_TRUE(render_cmp_comm_matches("decoder_thread-", "decoder_thread"));
	CU_ASSERT_FALSE(render_cmp_comm_matches("P1-", "P1"));  /* not cut */
	CU_ASSERT_FALSE(render_cmp_comm_matches("decoder_threa-", "decoder_thread"));
}

static struct render_cmp *compare_file(FILE *f, const char *scen,
				       struct scn_scenario **sp)
{
	struct render_cmp *c = NULL;
	struct rt_diag d;

	CU_ASSERT_EQUAL_FATAL(scn_load_file(scen, sp, NULL), RT_OK);
	if (compare_run(f, "t.txt", *sp, &c, &d) != RT_OK)
		fprintf(stderr, "\n  %s\n", d.msg);
	return c;
}

static void test_compare_of_the_export_is_exact(void)
{
	struct scn_scenario *s = NULL, *s2 = NULL;
	struct render_cmp *c;
	struct membuf m;
	FILE *f;

	CU_ASSERT_EQUAL_FATAL(scn_load_file(EX "dario.yaml", &s, NULL), RT_OK);
	export(s, 20, &m);
	f = fmemopen(m.buf, m.len, "r");
	c = compare_file(f, EX "dario.yaml", &s2);
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_FALSE(c->diverged);
	CU_ASSERT_EQUAL(c->tasks[0].njobs, 2);
	CU_ASSERT_EQUAL(c->tasks[1].njobs, 2);
	CU_ASSERT_EQUAL(c->tasks[1].obs_max, 8);        /* P2 finishes at 8 */
	CU_ASSERT_EQUAL(c->tasks[1].sim_max, 8);
	CU_ASSERT_EQUAL(c->tasks[1].obs_miss, 2);
	CU_ASSERT_EQUAL(c->tasks[1].sim_miss, 2);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[1].release, 10);
	CU_ASSERT_EQUAL(c->end, 18);
	CU_ASSERT_EQUAL(c->nobs_runs, 4);
	CU_ASSERT_EQUAL(c->nsim_runs, 4);
	render_cmp_free(c);
	mb_close(&m);
	scn_free(s);
	scn_free(s2);
}

static void test_compare_finds_the_perturbation_at_its_instant(void)
{
	struct scn_scenario *s = NULL;
	struct render_cmp *c;
	FILE *f = fopen(DATA "dario-perturbed.txt", "r");

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	c = compare_file(f, EX "dario.yaml", &s);
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_TRUE(c->diverged);
	CU_ASSERT_EQUAL(c->div, 1);
	CU_ASSERT_EQUAL(c->div_task, 0);                /* P1 (first of equals) */
	CU_ASSERT_EQUAL(c->div_job, 1);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[1].release, 10);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[1].obs_finish, 15);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[1].sim_finish, 14);
	CU_ASSERT_EQUAL(c->tasks[1].max_div, 1);        /* P2: 19 vs 18 */
	CU_ASSERT_EQUAL(c->tasks[0].max_div_job, 1);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[0].obs_finish, 4);   /* job 0 exact */
	render_cmp_free(c);
	scn_free(s);
}

static void test_compare_reads_a_kernel_trace_of_rt_app(void)
{
	struct scn_scenario *s = NULL;
	struct render_cmp *c;
	FILE *f = fopen(DATA "dario-kernel.txt", "r");
	struct render_gantt_opts o = RENDER_GANTT_OPTS_DEFAULT;
	struct render_meta m = { 0 };
	struct rt_diag d;
	struct stat st;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	c = compare_file(f, EX "dario.yaml", &s);
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_FALSE(c->diverged);
	CU_ASSERT_EQUAL(c->origin_ns, 105512000000000LL);
	CU_ASSERT_EQUAL(c->tasks[0].pid, 22166);        /* P1-0 */
	CU_ASSERT_EQUAL(c->tasks[1].pid, 22167);
	CU_ASSERT_EQUAL(c->events, 16);                 /* kworker switches too */
	CU_ASSERT_EQUAL(c->used, 14);
	/* both schedules in one chart */
	m.scenario = s->name;
	m.time_unit = "tick";
	m.display_unit = "tick";
	m.display_scale = 1;
	m.cpus = 1;
	m.tasks = s->tasks;
	m.ntasks = s->ntasks;
	mkdir(DLSIM_SRCDIR "/build", 0777);
	mkdir(DLSIM_SRCDIR "/build/test-out", 0777);
	CU_ASSERT_EQUAL(render_cmp_gantt(c, &m, &o, DLSIM_SRCDIR
					 "/build/test-out/compare.svg", &d), RT_OK);
	CU_ASSERT_EQUAL(stat(DLSIM_SRCDIR "/build/test-out/compare.svg", &st), 0);
	CU_ASSERT(st.st_size > 1000);
	render_release_caches();
	render_cmp_free(c);
	scn_free(s);
}

static void test_compare_errors(void)
{
	static const struct { const char *text, *msg; } cases[] = {
		{ "cpus=1\n  x-5 [000] 0.000001: sched_switch: x:5 [1] S ==> y:6 [1]\n",
		  "t.txt: no sched_switch or sched_wakeup of the scenario's tasks" },
		{ "  x-5 [000] 0.000001: sched_switch: nonsense\n",
		  "t.txt:1: sched_switch: expected" },
		{ "  P1-1 [000] 0.000002: sched_wakeup: P1:1 [-1] CPU:000\n"
		  "  P1-1 [000] 0.000001: sched_wakeup: P1:1 [-1] CPU:000\n",
		  "t.txt:2: time goes backwards" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct scn_scenario *s = NULL;
		struct render_cmp *c = NULL;
		struct rt_diag d = { "" };
		FILE *f = fmemopen((void *)cases[i].text, strlen(cases[i].text), "r");

		CU_ASSERT_EQUAL_FATAL(scn_load_file(EX "dario.yaml", &s, NULL), RT_OK);
		CU_ASSERT_EQUAL(compare_run(f, "t.txt", s, &c, &d),
				RT_ERR_PARSE);
		if (!strstr(d.msg, cases[i].msg))
			fprintf(stderr, "\n  case %zu: '%s'\n", i, d.msg);
		CU_ASSERT_PTR_NOT_NULL(strstr(d.msg, cases[i].msg));
		CU_ASSERT_PTR_NULL(c);
		fclose(f);
		scn_free(s);
	}
}

/* export -> compare of s is exact: the trace of a simulation, read back
 * and simulated with its releases, gives the same jobs. */
static bool self_compare(const struct scn_scenario *s, rt_time h,
			 char *why, size_t n)
{
	struct render_cmp *c = NULL;
	struct rt_diag d = { "" };
	struct membuf m;
	bool ok;
	FILE *f;

	export(s, h, &m);
	f = fmemopen(m.buf, m.len, "r");
	ok = compare_run(f, "self.txt", s, &c, &d) == RT_OK && !c->diverged;
	if (!ok)
		snprintf(why, n, "%s", c ? "diverged" : d.msg);
	if (c && c->diverged)
		snprintf(why, n, "diverged: task %zu job %zu by %lld", c->div_task,
			 c->div_job, (long long)c->div);
	fclose(f);
	render_cmp_free(c);
	mb_close(&m);
	return ok;
}

static void test_every_example_compares_exactly_with_itself(void)
{
	static const char *const names[] = {
		"abort", "cbs-grub", "cbs-isolation", "cbs-revised", "cbs-single",
		"cbs-wakeup", "dario", "dhall", "edf-split", "linux-dl-cpusets",
		"linux-dl-fair-server", "linux-dl-grub", "linux-dl-wakeup",
		"linux-dl", "linuxdoc", "offsets", "overrun",
		"partition-fails-global-ok", "rm-vs-edf", "seed2", "sporadic",
		"suspend-edf", "suspend-wakeup", "sync-not-worst",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char path[512], why[RT_DIAG_MAX];
		struct scn_scenario *s = NULL;
		rt_time h, tmax = 1;

		snprintf(path, sizeof(path), EX "%s.yaml", names[i]);
		CU_ASSERT_EQUAL_FATAL(scn_load_file(path, &s, NULL), RT_OK);
		for (size_t k = 0; k < s->ntasks; k++)
			if (s->tasks[k].period > tmax)
				tmax = s->tasks[k].period;
		h = s->horizon != RT_TIME_NEVER ? s->horizon : 20 * tmax;
		if (!self_compare(s, h, why, sizeof(why)))
			fprintf(stderr, "\n  %s: %s\n", names[i], why);
		CU_ASSERT_TRUE(self_compare(s, h, why, sizeof(why)));
		scn_free(s);
	}
}

/* 200 scenarios from gen (its YAML, with a horizon:, into yaml of size
 * bytes, drawn from r), exported and compared with themselves; the first
 * three failures are printed with the seed, iteration and YAML. */
static void self_compare_random(uint64_t seed,
				void (*gen)(struct rt_rng *r, char *yaml,
					    size_t size))
{
	struct rt_rng r;
	int failures = 0;

	rt_rng_seed(&r, seed);
	for (int it = 0; it < 200; it++) {
		char yaml[4096], why[RT_DIAG_MAX];
		struct scn_scenario *s;

		gen(&r, yaml, sizeof(yaml));
		s = load_text(yaml);
		CU_ASSERT_PTR_NOT_NULL_FATAL(s);
		if (!self_compare(s, s->horizon, why, sizeof(why)) &&
		    failures++ < 3)
			fprintf(stderr, "\n  seed %llu iteration %d: %s\n%s",
				(unsigned long long)seed, it, why, yaml);
		scn_free(s);
	}
	CU_ASSERT_EQUAL(failures, 0);
}

/* EDF sets on 1-3 CPUs, some overloaded (jobs back to back, late jobs,
 * migrations). */
static void gen_edf_set(struct rt_rng *r, char *yaml, size_t size)
{
	int n = (int)rt_rng_range(r, 2, 5), len;
	unsigned cpus = (unsigned)rt_rng_range(r, 1, 3);

	len = snprintf(yaml, size, "format: 1\nplatform: { cpus: %u }"
		       "\nhorizon: 80\ntasks:\n", cpus);
	for (int k = 0; k < n; k++) {
		int64_t t = rt_rng_range(r, 3, 15), c = rt_rng_range(r, 1, 6);

		len += snprintf(yaml + len, size - (size_t)len,
				"  - { name: t%d, C: %lld, D: %lld, T: %lld, "
				"offset: %lld }\n", k, (long long)c,
				(long long)rt_rng_range(r, 1, t),
				(long long)t, (long long)rt_rng_range(r, 0, 3));
	}
	CU_ASSERT_FATAL(len < (int)size);
}

static void test_random_sets_compare_exactly_with_themselves(void)
{
	self_compare_random(1616, gen_edf_set);
}

/* A self-suspending task that overruns: A (C 7, D = T 5, suspends after 5
 * for 2), EDF, one CPU, ticks, hand-worked:
 *   0  job 0 released, runs                       waking, wakeup, idle -> A
 *   5  job 0 suspends (S) as job 1 is released: the thread sleeps in
 *      rt-app's sleep event, the release does not wake it  A S ==> idle
 *   7  job 0 resumes                              waking, wakeup, idle -> A
 *   9  job 0 done (response 9); job 1 (released 5) goes on at once: no
 *      switch, no boundary in the trace
 *  14  job 1 suspends (S) until 16 (job 2's release at 15: no wake-up);
 *  16  resumes; 18 job 1 done (response 13), job 2 (10) goes on at once;
 *  23  job 2 suspends; 25 resumes (the last event of the trace up to 30).
 * compare must infer job 0's end at 9 and job 1's at 18 from the demand
 * (7 per job, after its one suspension), and count job 2 unfinished. */
static const char susp_yaml[] =
	"format: 1\nname: w\ntime_unit: tick\nscheduler: { policy: edf }\n"
	"tasks:\n  - { name: A, C: 7, D: 5, T: 5, suspend: [ { after: 5, for: 2 } ] }\n";

static void test_suspension_at_a_release_sleeps(void)
{
	static const char *const lines[] = {
		"cpus=1\n",
		"          <idle>-0     [000]     0.000000: sched_waking:         "
		"comm=A pid=1000 prio=-1 target_cpu=000\n",
		"          <idle>-0     [000]     0.000000: sched_wakeup:         "
		"A:1000 [-1] CPU:000\n",
		"          <idle>-0     [000]     0.000000: sched_switch:         "
		"swapper/0:0 [120] R ==> A:1000 [-1]\n",
		"               A-1000  [000]     0.000005: sched_switch:         "
		"A:1000 [-1] S ==> swapper/0:0 [120]\n",
		"          <idle>-0     [000]     0.000007: sched_waking:         "
		"comm=A pid=1000 prio=-1 target_cpu=000\n",
		"          <idle>-0     [000]     0.000007: sched_wakeup:         "
		"A:1000 [-1] CPU:000\n",
		"          <idle>-0     [000]     0.000007: sched_switch:         "
		"swapper/0:0 [120] R ==> A:1000 [-1]\n",
	};
	struct scn_scenario *s = load_text(susp_yaml);
	struct membuf m;
	size_t at = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	export(s, 12, &m);
	/* exactly these lines, in this order */
	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		size_t n = strlen(lines[i]);
		bool same = at + n <= m.len && !memcmp(m.buf + at, lines[i], n);

		if (!same)
			fprintf(stderr, "\n  line %zu: expected %s  got %.*s", i,
				lines[i], (int)(m.len - at < n ? m.len - at : n),
				m.buf + at);
		CU_ASSERT_TRUE(same);
		at += n;
	}
	CU_ASSERT_EQUAL(at, m.len);
	mb_close(&m);
	scn_free(s);
}

static void test_compare_infers_the_end_of_a_suspending_job(void)
{
	struct scn_scenario *s = load_text(susp_yaml);
	struct render_cmp *c = NULL;
	struct rt_diag d = { "" };
	struct membuf m;
	FILE *f;

	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	export(s, 30, &m);
	f = fmemopen(m.buf, m.len, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	if (compare_run(f, "w.txt", s, &c, &d) != RT_OK)
		fprintf(stderr, "\n  %s\n", d.msg);
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_FALSE(c->diverged);
	CU_ASSERT_EQUAL_FATAL(c->tasks[0].njobs, 3);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[0].release, 0);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[0].obs_finish, 9);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[1].release, 5);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[1].obs_start, 9);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[1].obs_finish, 18);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[2].release, 10);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[2].obs_start, 18);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[2].obs_finish, RT_TIME_NEVER);
	CU_ASSERT_EQUAL(c->tasks[0].obs_max, 13);
	CU_ASSERT_EQUAL(c->tasks[0].sim_max, 13);
	render_cmp_free(c);
	mb_close(&m);
	scn_free(s);
}

/* Two releases listed at one instant: a (C 2, D = T 10, releases 0, 0,
 * 10) and b (C 1, D = T 5), EDF, one CPU, ticks, hand-worked:
 *   0  a0, a1 (deadline 10) and b0 (5) released: one wake-up each of a, b
 *      b0 runs 0-1; a0 1-3 (a0 before a1: equal deadlines, lower job)
 *   3  a0 done; a1 (released 0) goes on at once: no switch, no boundary
 *   5  a1 done: a sleeps (S); b1 released, runs 5-6
 *  10  a2 (deadline 20) and b2 (15) released: b2 runs 10-11, a2 11-13
 *  15  b3 runs 15-16
 * compare must infer a0's end at 3 and a1 (released 0, the next listed
 * instant) starting there: one wake-up, two jobs. */
static void test_compare_infers_jobs_listed_at_one_instant(void)
{
	struct scn_scenario *s = load_text(
		"format: 1\nname: w\ntime_unit: tick\nscheduler: { policy: edf }\n"
		"tasks:\n  - { name: a, C: 2, D: 10, T: 10, releases: [0, 0, 10] }\n"
		"  - { name: b, C: 1, D: 5, T: 5 }\n");
	struct render_cmp *c = NULL;
	struct rt_diag d = { "" };
	struct membuf m;
	FILE *f;

	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	export(s, 20, &m);
	CU_ASSERT_EQUAL(count(m.buf, "sched_wakeup:         a:"), 2);
	f = fmemopen(m.buf, m.len, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	if (compare_run(f, "w.txt", s, &c, &d) != RT_OK)
		fprintf(stderr, "\n  %s\n", d.msg);
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_FALSE(c->diverged);
	CU_ASSERT_EQUAL_FATAL(c->tasks[0].njobs, 3);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[0].release, 0);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[0].obs_start, 1);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[0].obs_finish, 3);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[1].release, 0);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[1].obs_start, 3);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[1].obs_finish, 5);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[2].release, 10);
	CU_ASSERT_EQUAL(c->tasks[0].jobs[2].obs_finish, 13);
	CU_ASSERT_EQUAL(c->tasks[0].obs_max, 5);
	CU_ASSERT_EQUAL(c->tasks[0].sim_max, 5);
	render_cmp_free(c);
	mb_close(&m);
	scn_free(s);
}

/* Listed releases (a repeated instant in most) and periodic tasks, EDF
 * on 1-2 CPUs, overloads included. */
static void gen_listed_set(struct rt_rng *r, char *yaml, size_t size)
{
	int n = (int)rt_rng_range(r, 1, 4), len;
	unsigned cpus = (unsigned)rt_rng_range(r, 1, 2);

	len = snprintf(yaml, size, "format: 1\nplatform: { cpus: %u }"
		       "\nhorizon: 120\ntasks:\n", cpus);
	for (int k = 0; k < n; k++) {
		int64_t c = rt_rng_range(r, 1, 6);
		int64_t t = rt_rng_range(r, c + 2, 30);
		int64_t rel[9];
		int nr = (int)rt_rng_range(r, 1, 8);

		len += snprintf(yaml + len, size - (size_t)len,
				"  - { name: t%d, C: %lld, D: %lld, T: %lld, ",
				k, (long long)c,
				(long long)rt_rng_range(r, c, t), (long long)t);
		if (rt_rng_range(r, 0, 4) < 2) {
			len += snprintf(yaml + len, size - (size_t)len,
					"offset: %lld }\n",
					(long long)rt_rng_range(r, 0, 5));
			continue;
		}
		for (int i = 0; i < nr; i++)
			rel[i] = rt_rng_range(r, 0, 90);
		/* sorted; then one instant repeated, most of the time */
		for (int i = 1; i < nr; i++)
			for (int j = i; j > 0 && rel[j - 1] > rel[j]; j--) {
				int64_t x = rel[j];

				rel[j] = rel[j - 1];
				rel[j - 1] = x;
			}
		if (rt_rng_range(r, 0, 9) < 7) {
			int at = (int)rt_rng_range(r, 0, nr - 1);

			for (int i = nr; i > at; i--)
				rel[i] = rel[i - 1];
			nr++;
		}
		len += snprintf(yaml + len, size - (size_t)len, "releases: [");
		for (int i = 0; i < nr; i++)
			len += snprintf(yaml + len, size - (size_t)len, "%s%lld",
					i ? ", " : "", (long long)rel[i]);
		len += snprintf(yaml + len, size - (size_t)len, "] }\n");
	}
	CU_ASSERT_FATAL(len < (int)size);
}

static void test_random_listed_sets_compare_exactly(void)
{
	self_compare_random(2026, gen_listed_set);
}

/* Self-suspensions and demands above C (jobs back to back, suspensions
 * at releases), under edf and fp on 1-3 CPUs (ticks: exact; linux-dl's
 * revised wake-up rule makes sub-microsecond budgets, which the trace
 * rounds). */
static void gen_suspending_set(struct rt_rng *r, char *yaml, size_t size)
{
	static const char *const pol[] = {
		"edf", "fp",
	};
	int n = (int)rt_rng_range(r, 1, 4), len, p = (int)rt_rng_range(r, 0, 1);
	unsigned cpus = (unsigned)rt_rng_range(r, 1, 3);

	len = snprintf(yaml, size, "format: 1\ntime_unit: tick\n"
		       "platform: { cpus: %u }\nscheduler: { policy: %s%s }"
		       "\nhorizon: 80\ntasks:\n", cpus, pol[p],
		       cpus > 1 ? ", placement: global" : "");
	for (int k = 0; k < n; k++) {
		int64_t t = rt_rng_range(r, 4, 15);
		int64_t c = rt_rng_range(r, 1, t / 2);
		int64_t e0 = rt_rng_range(r, 1, 2 * t), e1 = rt_rng_range(r, 1, 2 * t);
		int64_t e = e0 < e1 ? e0 : e1;

		len += snprintf(yaml + len, size - (size_t)len,
				"  - { name: t%d, C: %lld, D: %lld, T: %lld, "
				"offset: %lld, exec: { model: list, values: "
				"[%lld, %lld] }", k, (long long)c,
				(long long)rt_rng_range(r, c, t),
				(long long)t, (long long)rt_rng_range(r, 0, 3),
				(long long)e0, (long long)e1);
		if (e > 1)
			len += snprintf(yaml + len, size - (size_t)len,
					", suspend: [ { after: %lld, for: %lld } ]",
					(long long)rt_rng_range(r, 1, e - 1),
					(long long)rt_rng_range(r, 1, 4));
		len += snprintf(yaml + len, size - (size_t)len, " }\n");
	}
	CU_ASSERT_FATAL(len < (int)size);
}

static void test_random_suspending_sets_compare_exactly(void)
{
	self_compare_random(2718, gen_suspending_set);
}

/* A two-CPU trace of tasks A (pid 1000, CPU 0) and B (pid 1001, CPU 1),
 * released together at 0 and 10 us; A's jobs run a0 / a1 us, B's b0 / b1.
 * A comes first in the trace, B first in the scenario. */
static struct render_cmp *compare_tie(int a0, int a1, int b0, int b1,
				      struct scn_scenario **sp)
{
	static const char yaml[] =
		"format: 1\nname: tie\ntime_unit: tick\nplatform: { cpus: 2 }\n"
		"scheduler: { policy: edf, mode: soft, on_miss: continue }\n"
		"tasks:\n  - { name: B, C: 4, D: 10, T: 10 }\n"
		"  - { name: A, C: 4, D: 10, T: 10 }\n";
	struct render_cmp *c;
	char buf[4096];
	size_t n = 0;
	FILE *f;

	CU_ASSERT_EQUAL_FATAL(scn_load_data((const uint8_t *)yaml,
					    sizeof(yaml) - 1, "tie.yaml", sp,
					    NULL), RT_OK);
	n += (size_t)snprintf(buf + n, sizeof(buf) - n, "cpus=2\n");
	for (int r = 0; r <= 10; r += 10) {
		int da = r ? a1 : a0, db = r ? b1 : b0;

		n += (size_t)snprintf(buf + n, sizeof(buf) - n,
			" <idle>-0 [000] 0.%06d: sched_wakeup: A:1000 [-1] CPU:000\n"
			" <idle>-0 [001] 0.%06d: sched_wakeup: B:1001 [-1] CPU:001\n"
			" <idle>-0 [000] 0.%06d: sched_switch: swapper/0:0 [120] R ==> A:1000 [-1]\n"
			" <idle>-0 [001] 0.%06d: sched_switch: swapper/1:0 [120] R ==> B:1001 [-1]\n",
			r, r, r, r);
		/* the switch-outs in time order */
		for (int k = 0; k < 2; k++) {
			bool a = (da <= db) == (k == 0);

			n += (size_t)snprintf(buf + n, sizeof(buf) - n, a ?
				" A-1000 [000] 0.%06d: sched_switch: A:1000 [-1] S ==> swapper/0:0 [120]\n" :
				" B-1001 [001] 0.%06d: sched_switch: B:1001 [-1] S ==> swapper/1:0 [120]\n",
				r + (a ? da : db));
		}
	}
	CU_ASSERT_FATAL(n < sizeof(buf));
	f = fmemopen(buf, n, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	c = NULL;
	if (f) {
		struct rt_diag d;

		if (compare_run(f, "tie.txt", *sp, &c, &d) != RT_OK)
			fprintf(stderr, "\n  %s\n", d.msg);
		fclose(f);
	}
	return c;
}

/* Ties on the largest divergence: the earliest release, then the lowest
 * task index (scenario order, not trace order), then the lowest job. */
static void test_compare_divergence_ties(void)
{
	static const struct {
		int a0, a1, b0, b1;
		size_t task, job;
	} cases[] = {
		{ 5, 5, 5, 5, 0, 0 },   /* all equal: B (task 0) job 0 */
		{ 4, 5, 4, 5, 0, 1 },   /* both at 10: B, not A (trace first) */
		{ 5, 4, 4, 5, 1, 0 },   /* A at 0 before B at 10 */
		{ 4, 5, 5, 4, 0, 0 },   /* B at 0 before A at 10 */
		{ 5, 6, 5, 4, 1, 1 },   /* larger first: A's 2 at 10 */
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct scn_scenario *s = NULL;
		struct render_cmp *c = compare_tie(cases[i].a0, cases[i].a1,
						   cases[i].b0, cases[i].b1,
						   &s);

		CU_ASSERT_PTR_NOT_NULL_FATAL(c);
		CU_ASSERT_TRUE(c->diverged);
		if (c->div_task != cases[i].task || c->div_job != cases[i].job)
			fprintf(stderr, "\n  case %zu: task %zu job %zu\n", i,
				c->div_task, c->div_job);
		CU_ASSERT_EQUAL(c->div_task, cases[i].task);
		CU_ASSERT_EQUAL(c->div_job, cases[i].job);
		render_cmp_free(c);
		scn_free(s);
	}
}

CU_TestInfo ftrace_tests[] = {
	{ "every example compares exactly with itself",
	  test_every_example_compares_exactly_with_itself },
	{ "200 random sets compare exactly with themselves",
	  test_random_sets_compare_exactly_with_themselves },
	{ "dario has one sched_switch per context switch",
	  test_dario_has_one_sched_switch_per_context_switch },
	{ "preemption, wake-up context and units",
	  test_preemption_wakeup_context_and_units },
	{ "reader takes both layouts", test_reader_takes_both_layouts },
	{ "compare of the export is exact", test_compare_of_the_export_is_exact },
	{ "compare finds the perturbation at its instant",
	  test_compare_finds_the_perturbation_at_its_instant },
	{ "compare reads a kernel trace of rt-app",
	  test_compare_reads_a_kernel_trace_of_rt_app },
	{ "compare errors", test_compare_errors },
	{ "compare divergence ties", test_compare_divergence_ties },
	{ "a suspension at a release sleeps", test_suspension_at_a_release_sleeps },
	{ "compare infers the end of a suspending job",
	  test_compare_infers_the_end_of_a_suspending_job },
	{ "200 random suspending sets compare exactly",
	  test_random_suspending_sets_compare_exactly },
	{ "compare infers jobs listed at one instant",
	  test_compare_infers_jobs_listed_at_one_instant },
	{ "200 random listed sets compare exactly",
	  test_random_listed_sets_compare_exactly },
	CU_TEST_INFO_NULL,
};
