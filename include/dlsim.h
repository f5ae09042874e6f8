/* dlsim.h - libdlsim, the real-time scheduling simulator and
 * schedulability analysis behind the dlsim command (which is one client of
 * this header, as lua.c is of lua.h).
 *
 * Will every deadline of a set of sporadic tasks be met, and if not, by
 * how much is one missed?  libdlsim answers by simulation (every release,
 * every policy of the scenario format: EDF, fixed priority, CBS servers,
 * Linux SCHED_DEADLINE, hard/soft classes), by admission tests and
 * tardiness bounds, and by comparing both.  A program embeds it as:
 *
 *	struct dlsim *db;
 *	struct dlsim_scenario *sc;
 *	struct dlsim_analysis *an;
 *
 *	dlsim_open(&db);
 *	if (dlsim_scenario_load(db, "dario.yaml", &sc) != DLSIM_OK)
 *		fprintf(stderr, "%s\n", dlsim_errmsg(db));
 *	dlsim_analyze(db, sc, NULL, &an);
 *	dlsim_analysis_write(db, an, 0, stdout);   (what `dlsim analyze` prints)
 *	dlsim_analysis_free(an);
 *	dlsim_scenario_free(sc);
 *	dlsim_close(db);
 *
 * Rules every function keeps:
 *
 *   Errors.  A call that can fail takes the session 'db' first and
 *     returns an enum dlsim_status; its message is then dlsim_errmsg(db)
 *     and its status dlsim_errcode(db), until the next call on db that
 *     can fail (a success leaves ""); a message may hold several lines,
 *     each a complete message.  Out-parameters are written on success
 *     only: on failure they are untouched.  Passing NULL for a required
 *     pointer is DLSIM_MISUSE, never a crash.
 *   Ownership.  An object returned through 'out' is the caller's; free it
 *     with its _free function (NULL is a no-op).  An object made from
 *     another borrows it: a simulation or an analysis borrows its
 *     scenario, which must outlive it.  Text and data returned through
 *     (char **text, size_t *len) are the caller's: NUL-terminated (len
 *     leaves the NUL out), freed with dlsim_free().
 *   Threads.  A session and what was made with it serve one thread at a
 *     time; separate sessions are independent.  Callbacks are called on
 *     the calling thread, except an experiment's progress callback (from
 *     its worker threads, one call at a time).
 *   Times.  int64_t in the scenario's internal unit: ticks for
 *     time_unit: tick, nanoseconds otherwise; DLSIM_TIME_NEVER for "none".
 *   Options.  Operations take their settings as string key/value pairs
 *     (struct dlsim_opts; NULL: defaults).  A key is the long option of
 *     the dlsim command without its dashes ("until", "gantt-rows") and
 *     takes the value that option takes; messages name it as the command
 *     line spells it ("--until 3x: ...").  A key an operation does not
 *     know is DLSIM_USAGE: no option is silently ignored.
 *   Writers.  Every text writer comes twice: _write(..., FILE *f) into a
 *     stream (errors of f are the caller's to check: ferror) and
 *     _text(..., char **text, size_t *len) into memory.  A file path
 *     given to the library may instead start with ":memory:" (e.g.
 *     ":memory:chart.svg", the rest chooses the format as a file name
 *     would): the file is then kept in the session, and
 *     dlsim_memory_take() hands it over (dlsim_set_memory_files turns
 *     this off).  "-" is standard output (input:
 *     standard input).
 *   The library never prints, never exits and installs no signal
 *   handler.
 *
 * Formats of every text and JSON answer: docs/cli.md; output files:
 * docs/formats.md; the scenario format: scenarios/README.md.
 */
#ifndef DLSIM_H
#define DLSIM_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- version ----------------------------------------------------------- */

#define DLSIM_VERSION "0.1.0"
#define DLSIM_VERSION_NUMBER 1000       /* major * 10^6 + minor * 10^3 + patch */

/* The version of the library linked (DLSIM_VERSION when built from this
 * header), and its number. */
const char *dlsim_libversion(void);
int dlsim_libversion_number(void);

/* ---- the names the library knows ---------------------------------------- */

/* What dlsim_names() lists: the library's registries, so that a help text
 * or a front end names what this build has without a copy of the list. */
enum dlsim_names {
	DLSIM_NAMES_POLICIES,           /* every scheduler.policy */
	DLSIM_NAMES_PLAIN_POLICIES,     /* those that schedule a bare task set
					 * (dlsim gen --policy; the first is
					 * its default) */
	DLSIM_NAMES_KERNEL_POLICIES,    /* those that model a kernel class
					 * (a kernel profile, dlsim validate
					 * --linux) */
	DLSIM_NAMES_SERVER_POLICIES,    /* those that schedule servers */
	DLSIM_NAMES_TESTS_UNI,          /* the tests of EDF and FP on one CPU */
	DLSIM_NAMES_TESTS_GLOBAL,       /* the tests of global EDF on m CPUs */
	DLSIM_NAMES_TESTS_PARTITIONED,  /* the partitioned tests (heuristics) */
	DLSIM_NAMES_TESTS_KERNEL,       /* the kernel policies' admission */
	DLSIM_NAMES_TESTS_SERVERS,      /* the server policies' tests */
	DLSIM_NAMES_TESTS_RESOURCES     /* the blocking-aware tests of tasks
					 * sharing resources (analyze runs
					 * them instead of the plain ones) */
};

/* The names of 'which' in registry order, "a, b, c", into buf (cut at
 * len, always terminated when len > 0); returns buf, "" for an unknown
 * 'which'. */
const char *dlsim_names(enum dlsim_names which, char *buf, size_t len);

/* ---- status, session, memory ------------------------------------------- */

enum dlsim_status {
	DLSIM_OK = 0,
	DLSIM_NOMEM,                    /* out of memory; nothing changed */
	DLSIM_INVALID,                  /* the input breaks a model invariant
					 * or cannot be simulated */
	DLSIM_IO,                       /* a file could not be read or written */
	DLSIM_PARSE,                    /* malformed input (syntax, schema,
					 * a value or unit) */
	DLSIM_OVERFLOW,                 /* a time does not fit in 64 bits */
	DLSIM_UNSUPPORTED,              /* valid input this build cannot
					 * handle */
	DLSIM_USAGE,                    /* an option value or argument is
					 * malformed (the message names it) */
	DLSIM_OPTION,                   /* well-formed options that cannot be
					 * honoured (an empty chart window, a
					 * generator that cannot reach its
					 * target) */
	DLSIM_INTERRUPTED,              /* stopped on request before the end:
					 * the partial results are readable */
	DLSIM_MISUSE                    /* a NULL argument, a call out of
					 * order, a flag the call does not take */
};

#define DLSIM_TIME_NEVER INT64_MAX      /* "no such time" */

/* "ok", "out of memory", ... (never NULL). */
const char *dlsim_status_name(enum dlsim_status status);

struct dlsim;                           /* a session: the message channel */

/* A new session in *out (dlsim_close() it).  DLSIM_NOMEM (then *out is
 * untouched; there is no session to hold a message). */
enum dlsim_status dlsim_open(struct dlsim **out);
/* Free the session and the memory files it still holds (NULL: no-op). */
void dlsim_close(struct dlsim *db);
/* The message of the last failed call on db ("" after a success; "out of
 * memory" for a NULL db).  Borrowed: valid until the next call on db. */
const char *dlsim_errmsg(const struct dlsim *db);
/* The status of the last call on db that can fail (DLSIM_NOMEM for a NULL
 * db). */
enum dlsim_status dlsim_errcode(const struct dlsim *db);

/* Free text or data the library returned (NULL: no-op). */
void dlsim_free(void *p);

/* Notices: what a successful call wants said besides its answer. */
enum dlsim_notice {
	DLSIM_NOTE = 0,                 /* a fact ("removed 1 stale temporary
					 * file of out.csv ...") */
	DLSIM_WARNING,                  /* an option that will likely not do
					 * what was meant */
	DLSIM_INFO                      /* a limit the answer kept to ("dbf:
					 * the first 20000 deadlines only ...") */
};
typedef void (*dlsim_notice_fn)(void *ctx, int kind, const char *msg);
/* Call fn(ctx, kind, msg) for every notice of the calls on db, as it
 * arises (msg borrowed for the call); NULL fn: notices are dropped (the
 * default). */
void dlsim_set_notice(struct dlsim *db, dlsim_notice_fn fn, void *ctx);

/* Progress of a long call. */
enum dlsim_progress_what {
	DLSIM_PROGRESS_SIMULATION = 0,  /* done = simulated time, total = the
					 * horizon, jobs = jobs released */
	DLSIM_PROGRESS_EXPERIMENT       /* done, total = task sets; jobs 0 */
};
struct dlsim_progress {
	int what;                       /* enum dlsim_progress_what */
	int64_t done, total;
	uint64_t jobs;
};
/* A simulation run to its end (dlsim_sim_run, dlsim_analyze, ...) goes in
 * about 1000 steps and calls fn after every step but the last; a nonzero
 * return stops it there (DLSIM_INTERRUPTED, partial results).  An
 * experiment calls fn after every task set (from its worker threads, one
 * call at a time) and ignores the return value.  NULL: none. */
typedef int (*dlsim_progress_fn)(void *ctx, const struct dlsim_progress *p);
void dlsim_set_progress(struct dlsim *db, dlsim_progress_fn fn, void *ctx);

/* Hand over the memory file 'path' (":memory:NAME") the last call wrote:
 * *data (NUL-terminated after *len bytes; dlsim_free() it) and *len.  The
 * session forgets it.  DLSIM_USAGE if the session holds no such file. */
enum dlsim_status dlsim_memory_take(struct dlsim *db, const char *path, char **data,
		      size_t *len);

/* on = 0: a ":memory:" path is an ordinary file name for the calls on db
 * (the dlsim command does so: every name it is given reaches the disk);
 * on = 1 (the default): memory files. */
void dlsim_set_memory_files(struct dlsim *db, int on);

/* Write len bytes to path whole or not at all (a temporary renamed over
 * the target; "-" standard output; ":memory:" kept in the session).
 * DLSIM_IO naming the file and the system's reason. */
enum dlsim_status dlsim_write_file(struct dlsim *db, const char *path, const void *data,
		     size_t len);
/* Could the output 'path' be written now?  A regular file or a new name:
 * a temporary is created next to it and removed at once, so a missing
 * folder, a directory or a read-only one is found before any work, with
 * the message writing it would give; standard output, a device, a FIFO
 * and ":memory:" are not opened (they are written in place: a FIFO would
 * wait for its reader).  DLSIM_IO naming the file and the reason. */
enum dlsim_status dlsim_output_check(struct dlsim *db, const char *path);
/* 1 if the output 'path' is written in place, not replaced: standard
 * output ("-", /dev/stdout) or an existing device, FIFO or socket
 * (symlinks followed); such an output cannot be read back. */
int dlsim_output_in_place(const char *path);
/* 1 if writing the output 'out' would replace the input file 'in' (the
 * same regular file under any name: symlinks and hard links followed),
 * else 0; "-", standard output, devices and FIFOs are never the input. */
int dlsim_output_is_input(const char *out, const char *in);

/* Remove every temporary output file of this process.  Async-signal-safe:
 * for a signal handler that then dies by the signal. */
void dlsim_cleanup_signal(void);
/* Release process-wide caches (fonts), so a leak checker sees a clean
 * exit.  Call last, with no session in use. */
void dlsim_release_caches(void);
/* "ENOSPC" for ENOSPC, ... ("" when unknown). */
const char *dlsim_errno_name(int err);

/* ---- options ------------------------------------------------------------ */

struct dlsim_opts;                      /* key/value settings of one call */

enum dlsim_status dlsim_opts_create(struct dlsim *db, struct dlsim_opts **out);
/* Set key to a copy of value (NULL value: unset the key). */
enum dlsim_status dlsim_opts_set(struct dlsim *db, struct dlsim_opts *o, const char *key,
		   const char *value);
void dlsim_opts_free(struct dlsim_opts *o);

/* Flags of the writers (each writer says which it takes; another is
 * DLSIM_MISUSE). */
#define DLSIM_JSON      0x01u           /* one JSON object instead of text */
#define DLSIM_QUIET     0x02u           /* text: the summary line(s) only */
#define DLSIM_ALL       0x04u           /* analysis: also the tests about
					 * other policies */
#define DLSIM_COLOR     0x08u           /* text: terminal colours */
#define DLSIM_KERNEL    0x10u           /* scenario summary: the kernel
					 * profile and its rules */

/* ---- scenarios ---------------------------------------------------------- */

struct dlsim_scenario;

/* Load and check a scenario file ("-": standard input): everything `dlsim
 * run` would refuse is refused here, with a message naming file, line,
 * column and field.  DLSIM_IO, DLSIM_PARSE, DLSIM_INVALID,
 * DLSIM_OVERFLOW, DLSIM_NOMEM. */
enum dlsim_status dlsim_scenario_load(struct dlsim *db, const char *path,
			struct dlsim_scenario **out);
/* The same from len bytes of YAML text (need not be NUL-terminated);
 * 'name' (NULL: "<data>") stands for the file name in messages. */
enum dlsim_status dlsim_scenario_load_string(struct dlsim *db, const char *text,
			       size_t len, const char *name,
			       struct dlsim_scenario **out);
void dlsim_scenario_free(struct dlsim_scenario *sc);

/* What a scenario holds (borrowed strings, valid while sc lives). */
const char *dlsim_scenario_name(const struct dlsim_scenario *sc);
const char *dlsim_scenario_policy(const struct dlsim_scenario *sc);
unsigned dlsim_scenario_cpus(const struct dlsim_scenario *sc);
size_t dlsim_scenario_ntasks(const struct dlsim_scenario *sc);
/* Task i's name; NULL past the last. */
const char *dlsim_scenario_task_name(const struct dlsim_scenario *sc,
				     size_t i);
/* The time unit times are shown in ("tick", "ns", "us", "ms", "s"), and
 * the internal unit of every int64_t time ("tick" or "ns"). */
const char *dlsim_scenario_time_unit(const struct dlsim_scenario *sc);
const char *dlsim_scenario_internal_unit(const struct dlsim_scenario *sc);

/* t (internal unit) as an exact decimal in the scenario's time unit ("4",
 * "1.5"; "-" for DLSIM_TIME_NEVER) into buf (cut at len); returns buf. */
char *dlsim_format_time(const struct dlsim_scenario *sc, int64_t t,
			char *buf, size_t len);
/* Parse a time as the scenario's files write it ("20" in its unit,
 * "500us") to the internal unit.  DLSIM_PARSE, DLSIM_OVERFLOW. */
enum dlsim_status dlsim_parse_time(struct dlsim *db, const struct dlsim_scenario *sc,
		     const char *text, int64_t *out);

/* What `dlsim validate` prints: the summary line naming the scenario as
 * 'shown_as' (NULL: its path), unless DLSIM_QUIET; with DLSIM_KERNEL the
 * kernel profile lines (or a line saying the policy has none). */
enum dlsim_status dlsim_scenario_write_summary(struct dlsim *db,
				 const struct dlsim_scenario *sc,
				 const char *shown_as, unsigned flags,
				 FILE *f);
enum dlsim_status dlsim_scenario_summary_text(struct dlsim *db,
				const struct dlsim_scenario *sc,
				const char *shown_as, unsigned flags,
				char **text, size_t *len);

/* ---- simulation ---------------------------------------------------------- */

struct dlsim_sim;

/*
 * Prepare the simulation of sc (borrowed until dlsim_sim_free): the
 * binding of tasks to CPUs the loader computed, the horizon (--until,
 * else the scenario's horizon:, else the default rule of `dlsim run
 * --help`), the engine, and the output files, opened now so that an
 * unwritable one fails before any work.  Keys:
 *   until        the horizon, in the scenario's unit or with a unit
 *   seed         overrides the scenario's seed (random arrivals, demands)
 *   percentiles  "on" (default) or "off": response-time percentiles
 *   misses-list  "on" (default) or "off": the list of misses (kept in a
 *                temporary file, the first million) that dlsim_sim_write
 *                prints; off: they are only counted (no temporary file),
 *                the text says they are not listed and JSON's misses_list
 *                is empty with misses_list_omitted = all of them
 *   max-memory   bytes of pending jobs at most ("512M"; "0": no limit;
 *                default half of the physical memory): a release beyond
 *                it fails dlsim_sim_run with DLSIM_NOMEM and a message
 *                naming the budget (an overloaded platform's backlog)
 *   log jobs trace ftrace gantt tikz      output files (docs/formats.md)
 *   gantt-rows window width dpi title font axis-unit color-by
 *                chart options; max-output  the output budget
 * DLSIM_USAGE (a malformed value), DLSIM_OPTION (a chart that cannot be
 * drawn), DLSIM_IO (an output that cannot be opened), DLSIM_INVALID,
 * DLSIM_OVERFLOW, DLSIM_NOMEM.
 */
enum dlsim_status dlsim_sim_create(struct dlsim *db, const struct dlsim_scenario *sc,
		     const struct dlsim_opts *o, struct dlsim_sim **out);
/* Discards output files not yet finished (NULL: no-op). */
void dlsim_sim_free(struct dlsim_sim *sim);

/* Records, as the engine emits them (docs/formats.md, event log). */
enum dlsim_record_kind {
	DLSIM_REC_RELEASE = 0, DLSIM_REC_START, DLSIM_REC_PREEMPT,
	DLSIM_REC_COMPLETE, DLSIM_REC_MISS, DLSIM_REC_ABORT,
	DLSIM_REC_UNFINISHED, DLSIM_REC_MIGRATE, DLSIM_REC_END,
	DLSIM_REC_BUDGET_EXHAUSTED, DLSIM_REC_REPLENISH, DLSIM_REC_THROTTLE,
	DLSIM_REC_UNTHROTTLE, DLSIM_REC_SERVER_DEADLINE,
	DLSIM_REC_SERVER_WAKEUP, DLSIM_REC_SERVER_MISS,
	DLSIM_REC_SERVER_INACTIVE, DLSIM_REC_ADMIT, DLSIM_REC_REJECT,
	DLSIM_REC_LEAVE, DLSIM_REC_SUSPEND, DLSIM_REC_RESUME,
	DLSIM_REC_SETATTR,
	/* shared resources: value = the resource's index (inherit: the
	 * new effective priority rank; linux-dl: the index of the task
	 * whose deadline parameters the holder runs with) */
	DLSIM_REC_LOCK, DLSIM_REC_UNLOCK, DLSIM_REC_BLOCK, DLSIM_REC_INHERIT,
	DLSIM_REC__COUNT                /* not a kind */
};
#define DLSIM_REC_MASK(kind)    (1u << (kind))
#define DLSIM_REC_MASK_ALL      ((1u << DLSIM_REC__COUNT) - 1)

struct dlsim_record {
	int64_t time;
	int kind;                       /* enum dlsim_record_kind */
	int cpu;                        /* -1: none */
	uint32_t task;                  /* index into the scenario's tasks */
	uint64_t job;                   /* the task's job index, 0-based */
	int64_t value;                  /* per kind: docs/formats.md */
};
/* "release", "start", ... as event logs name them; "?" if unknown. */
const char *dlsim_record_kind_name(int kind);

typedef void (*dlsim_record_fn)(void *ctx, const struct dlsim_record *r);
/* Call fn(ctx, r) for every record whose kind is in mask (r borrowed for
 * the call), in the engine's order.  Before the first run only
 * (DLSIM_MISUSE after). */
enum dlsim_status dlsim_sim_on_record(struct dlsim *db, struct dlsim_sim *sim,
			unsigned mask, dlsim_record_fn fn, void *ctx);
/* When *flag becomes nonzero (a signal handler may set it; NULL: never)
 * the run stops at the next simulated instant (DLSIM_INTERRUPTED). */
void dlsim_sim_set_stop(struct dlsim_sim *sim,
			const volatile sig_atomic_t *flag);

/* Simulate every event before time t, or, for t at or past the horizon,
 * to the end of the run (the horizon's own events included); stepping on
 * later continues exactly where this left off, so steps give the same
 * results as one run.  *finished (may be NULL) is 1 once the run is over
 * (then any further step is DLSIM_MISUSE).  DLSIM_INTERRUPTED (stop flag), or an
 * error: the output files are then discarded, and the message says so
 * when an output caused the error. */
enum dlsim_status dlsim_sim_run_until(struct dlsim *db, struct dlsim_sim *sim, int64_t t,
			int *finished);
/* Simulate to the horizon in about 1000 steps, calling the session's
 * progress callback between them (see dlsim_set_progress). */
enum dlsim_status dlsim_sim_run(struct dlsim *db, struct dlsim_sim *sim);
/* After the run: complete the output files and put them in place (all or
 * none replaced).  After a stopped run the files are discarded instead:
 * DLSIM_INTERRUPTED.  DLSIM_IO naming the files. */
enum dlsim_status dlsim_sim_finish(struct dlsim *db, struct dlsim_sim *sim);

/* Results so far (after a run: of the run). */
int64_t dlsim_sim_horizon(const struct dlsim_sim *sim);
int64_t dlsim_sim_now(const struct dlsim_sim *sim);
/* "busy-period", "hyperperiod", "capped" or "user"; and whether
 * simulating [0, horizon) is an exact test (1) or not (0). */
const char *dlsim_sim_horizon_source(const struct dlsim_sim *sim);
int dlsim_sim_exact(const struct dlsim_sim *sim);
uint64_t dlsim_sim_jobs(const struct dlsim_sim *sim);
uint64_t dlsim_sim_completed(const struct dlsim_sim *sim);
uint64_t dlsim_sim_misses(const struct dlsim_sim *sim);
int64_t dlsim_sim_max_tardiness(const struct dlsim_sim *sim);
/* 1 when the run stopped before its horizon (stop flag, progress). */
int dlsim_sim_partial(const struct dlsim_sim *sim);
/* 1 when an output file is standard output (the caller then prints its
 * own report elsewhere). */
int dlsim_sim_uses_stdout(const struct dlsim_sim *sim);

struct dlsim_task_stats {
	uint64_t released, completed, missed, aborted;
	uint64_t preemptions, migrations;
	int64_t max_response;           /* 0 if no job completed */
	int64_t max_tardiness;          /* 0 if no miss */
	double mean_response;           /* over completed jobs */
	double mean_tardiness;
	int rejected;                   /* refused by admission: never ran */
};
/* Task i's statistics.  DLSIM_MISUSE past the last task. */
enum dlsim_status dlsim_sim_task_stats(struct dlsim *db, const struct dlsim_sim *sim,
			 size_t i, struct dlsim_task_stats *out);

/* What `dlsim run` prints after the run: the text report (DLSIM_QUIET:
 * its summary lines) or, with DLSIM_JSON, the object of `run --json`. */
enum dlsim_status dlsim_sim_write(struct dlsim *db, struct dlsim_sim *sim, unsigned flags,
		    FILE *f);
enum dlsim_status dlsim_sim_text(struct dlsim *db, struct dlsim_sim *sim, unsigned flags,
		   char **text, size_t *len);

/* ---- analysis ------------------------------------------------------------ */

struct dlsim_analysis;

/*
 * What `dlsim analyze` does: every admission test that applies, a
 * simulation of the scenario (every task: run-time admission is not
 * applied), the tardiness and response bounds, and every contradiction
 * between them.  sc is borrowed until dlsim_analysis_free.  Keys: until.
 * The simulation reports progress as dlsim_sim_run does.
 */
enum dlsim_status dlsim_analyze(struct dlsim *db, const struct dlsim_scenario *sc,
		  const struct dlsim_opts *o, struct dlsim_analysis **out);
void dlsim_analysis_free(struct dlsim_analysis *an);

/* The text `dlsim analyze` prints (DLSIM_ALL: with --all), or with
 * DLSIM_JSON the object of `analyze --json`. */
enum dlsim_status dlsim_analysis_write(struct dlsim *db, const struct dlsim_analysis *an,
			 unsigned flags, FILE *f);
enum dlsim_status dlsim_analysis_text(struct dlsim *db, const struct dlsim_analysis *an,
			unsigned flags, char **text, size_t *len);

/* The rows of the test table, in order (borrowed strings; NULL past the
 * last row): name, kind ("exact", "sufficient", "necessary",
 * "admission"), verdict ("accept", "reject", "n/a"), and whether the row
 * is compared with the simulation (it analyses the simulated policy and
 * placement). */
size_t dlsim_analysis_ntests(const struct dlsim_analysis *an);
const char *dlsim_analysis_test_name(const struct dlsim_analysis *an,
				     size_t i);
const char *dlsim_analysis_test_kind(const struct dlsim_analysis *an,
				     size_t i);
const char *dlsim_analysis_test_verdict(const struct dlsim_analysis *an,
					size_t i);
int dlsim_analysis_test_compared(const struct dlsim_analysis *an, size_t i);
/* The verdict line ("NOT schedulable (exact test pdc)"), borrowed. */
const char *dlsim_analysis_verdict(const struct dlsim_analysis *an);
/* The tardiness bound (DLSIM_TIME_NEVER: none) and its source ("exact",
 * "upper", "unbounded", "none"). */
int64_t dlsim_analysis_bound(const struct dlsim_analysis *an);
const char *dlsim_analysis_bound_source(const struct dlsim_analysis *an);
/* Contradictions ("TEST: detail"; borrowed; NULL past the last).  Any is
 * a bug in dlsim. */
size_t dlsim_analysis_ncontradictions(const struct dlsim_analysis *an);
const char *dlsim_analysis_contradiction(const struct dlsim_analysis *an,
					 size_t i);
/* The analysis' simulation (borrowed: its result accessors and writers
 * work, without percentiles, which an analysis does not keep; freed with
 * the analysis). */
struct dlsim_sim *dlsim_analysis_sim(const struct dlsim_analysis *an);

/* ---- charts, reports and traces ------------------------------------------ */

/* `dlsim render`: replay a saved event log (.jsonl or .bin; "-": standard
 * input) into the output files of the keys log, jobs, trace, ftrace,
 * gantt, tikz and the chart options, as dlsim_sim_create takes them.
 * DLSIM_USAGE when no output is given. */
enum dlsim_status dlsim_render_log(struct dlsim *db, const char *log,
		     const struct dlsim_opts *o);

/* `dlsim report`: simulate the scenario file and write one self-contained
 * HTML page to out (.html).  Keys: until, window, font.  A Gantt chart
 * larger than an SVG chart may be (200 inches a side: too many rows) is
 * left out, decided before the page is written: the page says so in a
 * note and a DLSIM_WARNING notice names the size; the call succeeds. */
enum dlsim_status dlsim_report(struct dlsim *db, const char *scenario, const char *out,
		 const struct dlsim_opts *o);

/* `dlsim plot FIGURE`: 'figure' "dbf" (input a scenario file), "response"
 * (a per-job CSV of run --jobs) or "util" (a scenario file, simulated),
 * drawn into out (.png, .svg, .pdf).  Keys: width, dpi, font, axis-unit,
 * until (dbf, util), bins (response, util; refused for dbf), unit
 * (response), server (dbf).  Notices (DLSIM_INFO) say what was left out. */
enum dlsim_status dlsim_plot(struct dlsim *db, const char *figure, const char *input,
	       const char *out, const struct dlsim_opts *o);
/* `dlsim plot RESULTS.csv`: the acceptance-ratio figure of an experiment's
 * results; with tardiness "on" (`--tardiness`) the tardiness figure of an
 * experiment run with tardiness: true (per point the largest tardiness
 * simulated and the largest bound, in the sidecar's time unit).  Keys:
 * width, dpi, title, xlabel, tardiness.  DLSIM_OPTION when the figure
 * cannot be drawn with them. */
enum dlsim_status dlsim_plot_acceptance(struct dlsim *db, const char *csv,
			  const char *out, const struct dlsim_opts *o);
/* `dlsim plot A.csv B.csv ... --weighted`: the weighted schedulability W
 * = sum_u u S(u) / sum_u u (Bastoni, Brandenburg & Anderson 2010) of each
 * test and of the simulation in each of the n results (utilization
 * sweeps), against the parameter they vary: key 'by' (a number of every
 * sidecar, e.g. cpus, tasks, budget_factor), by default the one of
 * cpus, tasks, cap, period_min, period_max, budget_factor,
 * period_divisor whose values differ.  out .png/.svg/.pdf draws it, .csv
 * writes the table.  Keys: width, dpi, title, xlabel, by.  DLSIM_OPTION
 * when the results cannot make the figure together (none of the keys or
 * several differ, two share the value of 'by', a sidecar lacks it, a
 * sweep of tasks or CPUs). */
enum dlsim_status dlsim_plot_weighted(struct dlsim *db, const char *const *csv,
			size_t n, const char *out, const struct dlsim_opts *o);

/* `dlsim compare`: a trace-cmd report of a real run ("-": standard input)
 * against the simulation of the scenario file with the same releases; the
 * table and the largest divergence (DLSIM_COLOR: terminal colours), and
 * with gantt (NULL: none) a chart of both. */
enum dlsim_status dlsim_compare_write(struct dlsim *db, const char *trace,
			const char *scenario, const char *gantt,
			unsigned flags, FILE *f);
enum dlsim_status dlsim_compare_text(struct dlsim *db, const char *trace,
		       const char *scenario, const char *gantt,
		       unsigned flags, char **text, size_t *len);

/* ---- scenarios written by the library ------------------------------------- */

/* `dlsim gen`: one random task set as scenario text.  Keys: tasks,
 * utilization, method, cap, periods, period-dist, deadlines, slack, cpus,
 * policy, seed, name (their values as `dlsim gen --help` says). */
enum dlsim_status dlsim_gen(struct dlsim *db, const struct dlsim_opts *o, char **text,
	      size_t *len);
/* `dlsim import rt-app`: an rt-app JSON file ("-": standard input) as
 * scenario text.  Keys: cpus, name.  Input rt-app accepts but that does
 * nothing (dl-* keys of a thread that is not SCHED_DEADLINE) is a
 * DLSIM_WARNING notice naming FILE:LINE:COL, the key and the thread. */
enum dlsim_status dlsim_import_rtapp(struct dlsim *db, const char *path,
		       const struct dlsim_opts *o, char **text, size_t *len);
/* `dlsim export rt-app`: the scenario as an rt-app workload (JSON). */
enum dlsim_status dlsim_export_rtapp(struct dlsim *db, const struct dlsim_scenario *sc,
		       char **text, size_t *len);

/* ---- experiments ------------------------------------------------------------ */

struct dlsim_experiment;

/* Load and check an experiment file (docs/experiments.md). */
enum dlsim_status dlsim_experiment_load(struct dlsim *db, const char *path,
			  struct dlsim_experiment **out);
void dlsim_experiment_free(struct dlsim_experiment *x);
const char *dlsim_experiment_name(const struct dlsim_experiment *x);

/* Task set "POINT:SAMPLE" of the experiment as scenario text. */
enum dlsim_status dlsim_experiment_item(struct dlsim *db,
			  const struct dlsim_experiment *x, const char *spec,
			  char **text, size_t *len);
/*
 * Run the experiment (or one shard of it) into its CSV and sidecar,
 * resuming from them when they exist.  Keys: output (default NAME.csv,
 * NAME-shardI-of-N.csv with a shard), shard ("I/N"), jobs (worker
 * threads, default 1).  When *stop becomes nonzero (NULL: never) no new
 * set starts: DLSIM_INTERRUPTED, every finished point kept.  Progress
 * goes to the session's callback.  Contradictions found are saved as
 * OUT-contradiction-P-S.yaml and counted (a success all the same).
 */
enum dlsim_status dlsim_experiment_run(struct dlsim *db, struct dlsim_experiment *x,
			 const struct dlsim_opts *o,
			 const volatile sig_atomic_t *stop);
/* After a run: the CSV written, the prefix of the contradiction files,
 * the points done and wanted (this shard's), the sets counted and the
 * contradictions found. */
const char *dlsim_experiment_output(const struct dlsim_experiment *x);
const char *dlsim_experiment_contradiction_prefix(
	const struct dlsim_experiment *x);
size_t dlsim_experiment_points_done(const struct dlsim_experiment *x);
size_t dlsim_experiment_points_wanted(const struct dlsim_experiment *x);
/* After a run: 1 when the CSV was written in place (standard output, a
 * device, a FIFO): once, at the end, without a sidecar, so it cannot be
 * resumed, merged or read back; contradictions are then NAME-... files
 * in the current directory. */
int dlsim_experiment_stream(const struct dlsim_experiment *x);
uint64_t dlsim_experiment_sets(const struct dlsim_experiment *x);
uint64_t dlsim_experiment_contradictions(const struct dlsim_experiment *x);

/* `dlsim merge`: the n shard CSVs of one experiment (each with its .meta
 * sidecar) into the CSV one run would have written, and its sidecar. */
enum dlsim_status dlsim_merge(struct dlsim *db, const char *out, const char *const *in,
		size_t n);

#ifdef __cplusplus
}
#endif

#endif /* DLSIM_H */
