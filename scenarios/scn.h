/* scn.h - scenario files (docs/design.md §6, format 1): YAML in, models/ structs out.
 *
 * The only code that includes libcyaml (and libyaml, used to map every
 * value back to its line and column).  The schema is documented in
 * scenarios/README.md.  Every user number is read as a string and parsed
 * here ("10ms" -> exact internal units, or an error): libcyaml 1.3.1 would
 * silently truncate it.  Errors name the file, line, column and field, and
 * say what was expected, e.g.
 *
 *   dario.yaml:22:26: tasks[1].runtime: "1.5" is not a whole number of ticks
 */
#ifndef SCN_SCN_H
#define SCN_SCN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/analysis_fp.h"
#include "models/linux_dl.h"
#include "models/overhead.h"
#include "models/partition.h"
#include "models/rt_err.h"
#include "models/task.h"
#include "sim/engine.h"

#define SCN_FORMAT      1               /* the only scenario format so far */
#define SCN_MAX_BYTES   (256u << 20)    /* largest scenario accepted: 256 MiB */
#define SCN_MAX_NAME    255             /* bytes in a task or scenario name */
#define SCN_MAX_DESCRIPTION 65536       /* bytes in the description */
#define SCN_MAX_IDENT   64              /* bytes in policy / admission names */
#define SCN_MAX_CPUS    65536           /* platform.cpus is 1..SCN_MAX_CPUS */

enum scn_time_unit {
	SCN_UNIT_TICK = 0,              /* internal unit: abstract tick */
	SCN_UNIT_NS,                    /* the others: internal unit ns */
	SCN_UNIT_US,
	SCN_UNIT_MS,
	SCN_UNIT_S
};

enum scn_mode {
	SCN_MODE_SOFT = 0,              /* admission: none/U <= capacity */
	SCN_MODE_HARD
};

enum scn_placement {
	SCN_PLACE_GLOBAL = 0,
	SCN_PLACE_PARTITIONED,
	SCN_PLACE_CLUSTERED,
	SCN_PLACE_CPUSETS               /* scheduler.cpusets given */
};

/* An exclusive cpuset (a Linux root domain): scheduler.cpusets[i], or
 * the set of the CPUs in no listed set ("root"). */
struct scn_cpuset {
	char *name;                     /* owned */
	unsigned ncpus;                 /* >= 1 */
};

/* The per-CPU fair server (Linux >= 6.8, docs/theory.md §E.6):
 * scheduler.fair_server. */
struct scn_fair_server {
	bool on;                        /* given */
	rt_time runtime, deadline, period;      /* ns */
	bool reserve;                   /* its bandwidth counts in the
					 * SCHED_DEADLINE admission of its
					 * root domain (default true) */
	bool defer;                     /* dl_defer (the profile's default) */
};

struct scn_scheduler {
	char *policy;                   /* "edf" (registry name), owned */
	enum scn_mode mode;
	bool has_mode;                  /* scheduler.mode was given: hard
					 * reports guarantee violations, soft
					 * checks tardiness bounds */
	enum scn_placement placement;
	unsigned cluster_size;          /* CPUs per cluster, dividing cpus:
					 * cpus (global), 1 (partitioned),
					 * scheduler.cluster_size (clustered) */
	bool has_partitioning;          /* scheduler.partitioning was given */
	enum rt_part_heuristic partitioning;  /* packs tasks without cpu:
					 * (default first-fit-decreasing) */
	enum rt_fp_order priorities;    /* policy fp (default
					 * deadline-monotonic) */
	char *admission;                /* "none" or a test name, owned */
	enum sim_on_miss on_miss;
	enum sim_tie_break tie_break;
	/* linux-dl and edf-split: */
	int64_t rt_runtime_us;          /* default 950000; -1: no admission */
	int64_t rt_period_us;           /* default 1000000 */
	enum rt_reclaim reclaim;        /* default none */
	enum sim_hard_test hard_test;   /* default exact */
	/* placement: cpusets (linux-dl root domains; any policy that
	 * honours placement) */
	size_t ncpusets;
	struct scn_cpuset *cpusets;     /* owned; NULL unless cpusets */
	unsigned *cpu_set;              /* cpus entries: the set of each CPU;
					 * owned, NULL unless cpusets */
	unsigned *task_set;             /* ntasks entries: the set of each
					 * task; owned, NULL unless cpusets */
	struct scn_fair_server fair_server;     /* linux-dl: the resolved
						 * fair server (on: any) */
	/* linux-dl: the kernel profile (scheduler.kernel, default
	 * RT_DL_KERNEL_DEFAULT) with the scenario's own settings applied
	 * (fair_server, accounting, hz, tick_phase, hrtick, bw_release);
	 * dl.fair_* mirror fair_server. */
	struct rt_dl_rules dl;
	enum sim_protocol protocol;     /* scheduler.protocol (default
					 * none) */
	/* Resolved when loading (scenarios/check.c): */
	enum sim_admission admission_kind;      /* from admission and mode:
					 * none, the named test, or mode's */
	const struct rt_test_info *admission_test; /* _TEST: the registry
					 * entry named by admission */
	unsigned *task_cluster;         /* ntasks entries, owned: the CPU
					 * (partitioned), cluster or cpuset of
					 * each task; NULL with one cluster */
	bool *task_unplaced;            /* ntasks entries, owned, or NULL:
					 * with admission, the tasks the
					 * packing bound nowhere (rejected at
					 * their join) */
};

struct sim_freq;
struct scn_scenario;

/* platform.governor: the kernel's cpufreq governors. */
enum scn_governor {
	SCN_GOV_PERFORMANCE = 0,        /* the highest frequency (default) */
	SCN_GOV_POWERSAVE,              /* the lowest */
	SCN_GOV_USERSPACE,              /* frequency: per CPU type */
	SCN_GOV_SCHEDUTIL               /* follows the running bandwidth */
};

/* "performance", "powersave", "userspace", "schedutil" */
const char *scn_governor_name(enum scn_governor g);
/* Some CPU may run below its highest frequency (governor not
 * performance, with frequencies of more than one level). */
bool scn_freq_slowed(const struct scn_scenario *s);

struct scn_scenario {
	int format;                     /* 1 */
	char *name;                     /* owned; default: file name sans .yaml */
	char *description;              /* owned, "" if absent */
	char *path;                     /* file it came from, owned ("<data>") */
	uint8_t *src;                   /* the text it was loaded from, owned
					 * (src_len bytes; NULL if built in
					 * code): later messages locate keys
					 * in it, from standard input too */
	size_t src_len;
	enum scn_time_unit time_unit;
	bool time_unit_given;           /* time_unit: written (false: the
					 * default, tick) */
	rt_time horizon;                /* RT_TIME_NEVER: not given (choose) */
	bool has_seed;
	uint64_t seed;                  /* 0 if not given */
	unsigned cpus;                  /* platform.cpus >= 1 */
	uint32_t *capacity;             /* cpus entries (1..1024, the
					 * kernel's SCHED_CAPACITY_SCALE = 1024)
					 * from platform.cpus given as a list,
					 * owned; NULL: every CPU 1024 */
	/* Frequencies (platform.cpus[i].frequencies or platform.frequencies,
	 * scenarios/README.md "Frequencies and energy"): */
	struct sim_freq *freq;          /* cpus entries, owned, or NULL:
					 * none (no energy) */
	uint64_t *freq_vals;            /* owned: what freq[] points into */
	enum scn_governor governor;     /* platform.governor */
	struct scn_scheduler sched;
	size_t ntasks;
	struct rt_task *tasks;          /* owned; names/arrays owned too (each
	                                 * rt_task's name, releases,
	                                 * exec_values and suspend are
	                                 * rt_malloc'd here and freed by
	                                 * scn_free) */
	/* CBS servers and run-time admission: */
	size_t nservers;
	struct rt_server *servers;      /* owned (names too); NULL if none */
	int32_t *task_server;           /* ntasks entries (-1: none), owned;
					 * NULL if no task names a server */
	rt_time *arrive_at;             /* ntasks entries, owned; NULL if no
					 * task has arrive_at or leave_at */
	rt_time *leave_at;              /* same (RT_TIME_NEVER: never) */
	struct sim_dl_changes *changes; /* linux-dl: ntasks entries (the 'v'
					 * arrays owned), NULL if no task has
					 * changes: */
	struct sim_times *yield_at;     /* linux-dl: ntasks entries (the
					 * 'at' arrays owned), NULL if no task
					 * has yield_at: */
	size_t nresources;
	char **resources;               /* resources[i].name, owned (each
					 * too); NULL if none.  Every
					 * rt_task's sections are owned by
					 * the scenario too */
	struct rt_overheads overheads;  /* overheads: (all zero: none) */
	unsigned *dl_flags;             /* linux-dl: ntasks entries of
					 * RT_DL_FLAG_*, owned; NULL if no task
					 * has flags: */
};

/* "global", "partitioned", "clustered", "cpusets" */
const char *scn_placement_name(enum scn_placement p);

/* The engine configuration for scenario s, simulated up to 'horizon':
 * every field the scenario sets (tasks, CPUs, policy and its keys,
 * placement, servers, admission times and tests, fair server).
 * task_cluster is the task-to-cluster binding for a placement other than
 * global (one entry per task: s->sched.task_cluster, computed when
 * loading), else NULL.  Pointers into s are borrowed: s must outlive
 * the engine. */
void scn_sim_config(const struct scn_scenario *s, const unsigned *task_cluster,
		    rt_time horizon, struct sim_config *out);
/* "tick", "ns", "us", "ms", "s" */
const char *scn_time_unit_name(enum scn_time_unit u);
/* The internal unit of a scenario: "tick" for tick, else "ns". */
const char *scn_internal_unit_name(enum scn_time_unit u);

/* The horizon a run of s would choose when the scenario gives none: the
 * caller's rule (api/ passes the one of `dlsim run`, sim/horizon.h, which
 * this layer does not include).  RT_OK and *h > 0, or an error: then the
 * load checks only what every horizon reaches. */
typedef enum rt_err (*scn_horizon_fn)(const struct scn_scenario *s,
				      rt_time *h);

/* Load a scenario from a file.  On success *out is a new scenario owned by
 * the caller (free it with scn_free()); on failure *out is untouched and d
 * (may be NULL) explains why, as one line:
 *
 *   FILE:LINE:COL: FIELD: what is wrong; expected ...
 *
 * FIELD is a path such as tasks[1].C (0-based index, the key as the user
 * spelled it); ":LINE:COL" and "FIELD: " are left out where there is none
 * (an unreadable file, an empty one).  Returns
 *   RT_ERR_IO        the file cannot be opened or read ("PATH: cannot
 *                    open: <strerror>")
 *   RT_ERR_PARSE     not YAML, not the schema, a bad value or unit, or
 *                    larger than SCN_MAX_BYTES
 *   RT_ERR_INVAL     a value breaks a model invariant (C <= 0, ...), or
 *                    the scenario is one `dlsim run` could not simulate:
 *                    an unknown policy, an admission test that does not
 *                    analyse it, a task that fits on no CPU, a
 *                    configuration the engine or the policy refuses
 *                    (scenarios/check.c): loading checks everything run
 *                    checks
 *   RT_ERR_OVERFLOW  a time does not fit in rt_time
 *   RT_ERR_NOMEM     out of memory */
enum rt_err scn_load_file(const char *path, struct scn_scenario **out,
			  struct rt_diag *d);

/* Same from memory (buf need not be NUL-terminated; NULL with len 0 is an
 * empty scenario); 'name' (NULL: "<data>") is the file name in messages
 * and in s->path.  buf is only read during the call. */
enum rt_err scn_load_data(const uint8_t *buf, size_t len, const char *name,
			  struct scn_scenario **out, struct rt_diag *d);
/* scn_load_file / scn_load_data that check the deadlines of the jobs a
 * run would reach up to the horizon hf chooses (NULL: as the two above,
 * the first job of each task only) when the scenario gives no horizon. */
enum rt_err scn_load_file_h(const char *path, scn_horizon_fn hf,
			    struct scn_scenario **out, struct rt_diag *d);
enum rt_err scn_load_data_h(const uint8_t *buf, size_t len, const char *name,
			    scn_horizon_fn hf, struct scn_scenario **out,
			    struct rt_diag *d);

void scn_free(struct scn_scenario *s);          /* NULL is a no-op */

/* Parse a time value ("4", "500us", "1.5ms", "-2") in scenario unit 'u' to
 * the internal unit, exactly: bare numbers are in 'u'; suffixes ns, us, ms,
 * s only when u is physical, tick/ticks only when u is tick.  RT_ERR_PARSE
 * for malformed, inexact ("1.5" ticks, "0.5ns") or wrongly-united values,
 * RT_ERR_OVERFLOW beyond RT_TIME_MAX; *out is untouched on failure and d
 * gets a message without location ("\"1.5\" is not a whole number of
 * ticks; expected an integer").  The sign is not checked.  Exposed for the
 * CLI (--until). */
enum rt_err scn_parse_time(const char *s, enum scn_time_unit u, rt_time *out,
			   struct rt_diag *d);

/* Parse a window "T0:T1" (each side as scn_parse_time in unit 'u', so
 * "0:70ms" and "2.5:10" both work) with 0 <= T0 < T1.  RT_ERR_PARSE for
 * a malformed side or a missing colon, RT_ERR_INVAL for an empty window;
 * *t0 and *t1 untouched on failure.  Used by every CLI window option. */
enum rt_err scn_parse_window(const char *s, enum scn_time_unit u, rt_time *t0,
			     rt_time *t1, struct rt_diag *d);

/* Unsigned 64-bit integer, decimal or 0x-hexadecimal, digits only (no
 * sign, no blank: "-1" is not 2^64 - 1), no overflow: the rule of a
 * scenario's or experiment's `seed:`, exposed for the CLI's --seed (run,
 * gen).  RT_ERR_PARSE with a message without location ("\"-1\" is not
 * a 64-bit unsigned integer; expected 0 to 18446744073709551615 (decimal
 * or 0x hexadecimal)"); *out untouched on failure. */
enum rt_err scn_parse_u64(const char *s, uint64_t *out, struct rt_diag *d);

/* A decimal integer in [min, max], digits only (no sign, no blank, no
 * 0x, no exponent): the rule of every counting option of the CLI (--dpi,
 * --bins, -j, --shard, --tasks, --cpus, --periods).  The message has no
 * location and names no option ("\"1e3\" is not an integer; expected an
 * integer from 10 to 2400"): the caller prefixes the option.  *out
 * untouched on failure. */
enum rt_err scn_parse_count(const char *s, int64_t min, int64_t max,
			    int64_t *out, struct rt_diag *d);

/* A non-negative decimal number: digits with at most one '.', at least
 * one digit ("0.5", "2", ".5", "3."); no sign, blank, exponent, hex,
 * inf or nan.  The rule of the CLI's real-valued options (--utilization,
 * --cap, --slack); the message names no option.  *out untouched on
 * failure. */
enum rt_err scn_parse_decimal(const char *s, double *out, struct rt_diag *d);

/* Internal units per one u: 1 (tick, ns), 10^3, 10^6, 10^9. */
rt_time scn_time_unit_scale(enum scn_time_unit u);
/* The unit named 'name' ("tick", "ns", "us", "ms", "s"); false if none. */
bool scn_time_unit_from_name(const char *name, enum scn_time_unit *out);

#endif /* SCN_SCN_H */
