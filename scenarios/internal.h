/* internal.h - private interfaces shared by the scenario loader's files
 * in scenarios/ (the other readers and writers have their own headers:
 * exp.h, json.h, rtapp.h, strbuf.h).
 *
 * Loading a scenario, file by file in the order the text flows:
 *
 *   scn.c           the entry points (scn_load_data, scn_load_file), the
 *                   engine configuration of a scenario, scn_free
 *   cyaml_load.c    libcyaml: its configuration, allocator (rt_realloc)
 *                   and captured log, the load with the scalar shorthands,
 *                   its errors in the project's words
 *   schema.c        the libcyaml schema: every scalar is loaded as a string
 *   locate.c        libyaml, for positions only: where a path's key and
 *                   value start, where a syntax error is, and the
 *                   'arrival: periodic' / 'exec: fixed' scalar shorthands
 *                   that a libcyaml 1.3.1 schema cannot express
 *   convert.c       strings -> struct scn_scenario: the document, platform
 *                   and scheduler, then the tasks list
 *   convert_task.c  one task; every number parsed by units.c
 *   convert_server.c  CBS servers, admission times, linux-dl and edf-split
 *                   scheduler keys
 *   convert_cpuset.c  cpusets (root domains), fair tasks, the fair server
 *   convert_platform.c  platform.cpus as a list of CPU types
 *   convert_freq.c  frequencies, power and the governor
 *   check.c         the last step: everything `dlsim run` needs before it
 *                   simulates
 *   units.c         user numbers: times with units, integers, enum names,
 *                   identifiers, quoting
 *   nameset.c       a hash set of names (tasks, cpusets) for O(1) lookups
 *   errors.c        the error channel: FILE:LINE:COL: PATH: message
 *
 * Besides the loader, exp.c (experiment files) uses units.c, locate.c and
 * scn_default_name(); emit.c writes a task set as a scenario.  Nothing
 * here leaves scenarios/: no libcyaml or libyaml type appears in scn.h.
 */
#ifndef SCN_INTERNAL_H
#define SCN_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cyaml/cyaml.h>

#include "models/rt_err.h"
#include "models/tests.h"
#include "scenarios/scn.h"

/* ---- the document as libcyaml loads it (schema.c) ------------------------
 * Every member is a NUL-terminated string (NULL when the key is absent) or
 * a nested mapping / sequence of them; nothing is interpreted yet. */

struct scn_y_arrival {
	char *model;                    /* periodic | sporadic */
	char *max_delay;                /* time, sporadic only */
};

struct scn_y_exec {
	char *model;                    /* fixed | uniform | list */
	char *min, *max;                /* times, uniform only */
	char **values;                  /* times, list only */
	unsigned values_count;
};

struct scn_y_change {                   /* tasks[i].changes[k] (linux-dl) */
	char *at, *runtime, *deadline, *period;
};

struct scn_y_suspend {                  /* tasks[i].suspend[k] */
	char *after;                    /* time > 0 of executed demand */
	char *len;                      /* YAML key "for": time > 0 */
};

struct scn_y_section {                  /* tasks[i].sections[k] */
	char *resource;                 /* a resources[] name */
	char *after;                    /* time >= 0 of executed demand */
	char *len;                      /* YAML key "for": time > 0 */
};

struct scn_y_resource {                 /* resources[i] */
	char *name;
};

struct scn_y_task {
	char *name;
	char *c, *runtime;              /* C_i: two spellings, one allowed */
	char *d, *deadline;             /* D_i */
	char *t, *period;               /* T_i */
	char *offset, *jitter;
	struct scn_y_arrival *arrival;
	char **releases;
	unsigned releases_count;
	struct scn_y_exec *exec;
	char *klass;                    /* YAML key "class" */
	char *cpu, *priority;
	char *server;                   /* name of a servers[] entry */
	char *arrive_at, *leave_at;     /* times: dynamic admission */
	char **flags;                   /* linux-dl sched_flags */
	unsigned flags_count;
	char **yield_at;                /* linux-dl sched_yield() instants */
	unsigned yield_at_count;
	struct scn_y_change *changes;   /* linux-dl sched_setattr() calls */
	unsigned changes_count;
	struct scn_y_suspend *suspend;  /* self-suspension points */
	unsigned suspend_count;
	struct scn_y_section *sections; /* critical sections */
	unsigned sections_count;
};

struct scn_y_server {                   /* servers[i] (convert_server.c) */
	char *name, *kind;
	char *budget, *period, *deadline;
	char *reclaim;
	char *priority;                 /* polling / deferrable, explicit */
};

struct scn_y_platform {
	char *cpus;
	char *governor;                 /* convert_platform.c */
	char **frequencies;             /* identical CPUs' frequency keys */
	unsigned frequencies_count;
	char **power;
	unsigned power_count;
	char *idle_power, *frequency;
};

struct scn_y_sched {
	char *policy, *mode, *placement, *admission, *on_miss, *tie_break;
	char *cluster_size, *partitioning, *priorities;
	char *rt_runtime_us, *rt_period_us; /* linux-dl admission */
	char *reclaim;                  /* linux-dl: none | grub */
	char *hard_test;                /* edf-split */
	char *kernel, *accounting, *hz, *tick_phase, *hrtick; /* linux-dl */
	char *bw_release;               /* linux-dl: zero-lag | immediate */
	char *protocol;                 /* none | pip | pcp | srp | inherit */
	struct scn_y_cpuset *cpusets;   /* cpusets (convert_cpuset.c) */
	unsigned cpusets_count;
	struct scn_y_fair *fair_server; /* linux-dl */
};

struct scn_y_cpuset {
	char *name;
	char **cpus;                    /* "3" or "0-2" each */
	unsigned cpus_count;
	char **tasks;                   /* task names (or tasks[i].cpuset) */
	unsigned tasks_count;
};

struct scn_y_fair {
	char *runtime, *deadline, *period, *reserve, *defer;
};

struct scn_y_ovh_times {                /* the times of overheads, or of
					 * one overheads.by_cpus[i] */
	char *context_switch, *schedule, *release, *migration, *tick;
};

struct scn_y_ovh_row {                  /* overheads.by_cpus[i] */
	char *cpus;
	struct scn_y_ovh_times t;
};

struct scn_y_overheads {                /* overheads (convert_ovh.c) */
	struct scn_y_ovh_times t;
	char *hz;
	struct scn_y_ovh_row *by_cpus;
	unsigned by_cpus_count;
};

struct scn_y_doc {
	char *format, *name, *description, *time_unit, *horizon, *seed;
	struct scn_y_platform *platform;
	struct scn_y_overheads *overheads;
	struct scn_y_sched *scheduler;
	struct scn_y_task *tasks;
	unsigned tasks_count;
	struct scn_y_server *servers;
	unsigned servers_count;
	struct scn_y_resource *resources;
	unsigned resources_count;
};

extern const cyaml_schema_value_t scn_y_doc_schema;

/* Write the keys the schema allows in the mapping at 'path' ("" = top,
 * "tasks[3]", "tasks[0].exec", ...) into buf as "a, b, c".  False (buf = "")
 * if 'path' is not a mapping of the schema. */
bool scn_schema_keys(const char *path, char *buf, size_t n);

/* What the registry says policy 'name' is analysed as (RT_AN_EDF, _FP,
 * _CBS, _LINUX_DL of models/tests.h; 0 for an unknown policy or one no
 * test analyses): the loader asks this, never the name (check.c). */
unsigned scn_policy_model(const char *name);
/* The names of the policies analysed as one of the bits of 'models',
 * "a, b" into buf (cut at len); returns buf. */
const char *scn_policy_names_as(unsigned models, char *buf, size_t len);

/* ---- positions in the source text (locate.c) ---------------------------- */

/* Read all of f (a regular file, pipe or device; at most SCN_MAX_BYTES)
 * into *buf (rt_free), naming 'path' in errors (scn.c). */
enum rt_err scn_read_all(FILE *f, const char *path, uint8_t **buf,
			 size_t *len, struct rt_diag *d);

struct scn_mark {
	size_t line, col;               /* 1-based; line 0: unknown */
};

struct scn_where {
	bool found;
	struct scn_mark key;            /* the last path segment's key, if any */
	struct scn_mark value;          /* first character of the value node */
	bool empty;                     /* the value is an empty scalar */
};

/* Find the node at 'path' ("" = the document's root node, "tasks[3].C":
 * keys separated by '.', sequence indexes 0-based in brackets) in the first
 * document of buf.  If 'key' is not NULL it is one more mapping key after
 * 'path', compared verbatim (it may contain '.' or '['), and 'nth' picks
 * which occurrence of it (0 = first; 1 = the duplicate of a key given
 * twice).  w->found is false if the path is not in the text (or the text
 * is not YAML up to there).  O(size of the text before the node). */
void scn_locate(const uint8_t *buf, size_t len, const char *path,
		const char *key, unsigned nth, struct scn_where *w);

/* If buf is not well-formed YAML, set *m to where libyaml gave up and
 * write its explanation into msg, and return true. */
bool scn_syntax_error(const uint8_t *buf, size_t len, struct scn_mark *m,
		      char *msg, size_t n);

/* Mark of the first alias (*name) in buf; false if none was found. */
bool scn_find_alias(const uint8_t *buf, size_t len, struct scn_mark *m);

/* The first control character (< 0x20 or 0x7f: tab, newline, escape, ...)
 * in s, or -1 if none: names must be printable. */
int scn_ctrl_char(const char *s);

/* Mark of the first scalar holding a NUL character (an escape such as
 * "A\0B", which libcyaml would silently cut to "A"); false if none. */
bool scn_find_nul(const uint8_t *buf, size_t len, struct scn_mark *m);

/* Mark of the first mapping key that is a list or a mapping ("? [a]"). */
bool scn_find_complex_key(const uint8_t *buf, size_t len, struct scn_mark *m);

enum scn_sh_field {
	SCN_SH_ARRIVAL = 0,             /* tasks[i].arrival: X */
	SCN_SH_EXEC                     /* tasks[i].exec: X */
};

struct scn_shorthand {
	size_t task;                    /* index in tasks */
	enum scn_sh_field field;
	char *value;                    /* the scalar, owned */
	bool patched;                   /* false: could not be rewritten */
	size_t start, end;              /* byte span of the scalar in buf */
};

struct scn_shorthands {
	struct scn_shorthand *v;        /* in task order */
	size_t n, cap;
	uint8_t *text;                  /* patched copy of buf, or NULL */
};

/*
 * libcyaml 1.3.1 cannot load a key whose value is either a scalar or a
 * mapping, yet 'arrival: periodic' is the natural spelling of
 * 'arrival: {model: periodic}' (same for exec).  This finds every such
 * scalar under tasks[i].arrival / tasks[i].exec, records it, and, when
 * there is one, makes sh->text a copy of buf in which each is overwritten
 * by "{}" and spaces (newlines kept): an empty mapping at the very same
 * line and column, so every position libcyaml reports stays true.  The
 * loader then reads the model from the record.  A scalar too short to
 * hold "{}" (or a block scalar) is recorded with patched = false.
 * Gives up silently on input that is not the expected shape (libcyaml
 * reports that).  RT_ERR_NOMEM on allocation failure; free with
 * scn_shorthands_fini() in every case. */
enum rt_err scn_shorthand_scan(const uint8_t *buf, size_t len,
			       struct scn_shorthands *sh);
void scn_shorthands_fini(struct scn_shorthands *sh);

/* platform.cpus given as a list [{capacity, count}, ...]: libcyaml reads
 * one schema type per key, so the list is read here and, in a copy of
 * the text (text), replaced by the scalar 1 at the same line and column
 * (newlines kept); the loader then takes the entries from the record. */
/* The frequency keys of one CPU type (platform.cpus[i], or platform for
 * identical CPUs): owned by a scn_cpus_entry, borrowed from the scn_y_doc
 * for platform. */
struct scn_fkeys {
	char **freq;                    /* frequencies: nfreq scalars */
	size_t nfreq;
	char **power;                   /* power: npower scalars */
	size_t npower;
	bool has_freq, has_power;       /* the key was given */
	char *idle_power, *frequency;   /* scalars; NULL: absent */
	const char *bad;                /* the key whose value is not a
					 * (sequence of) scalar(s), or NULL */
};

struct scn_cpus_entry {
	char *capacity, *count;         /* the scalars, owned; NULL: absent */
	struct scn_fkeys fk;            /* owned */
	char *unknown;                  /* the first other key, owned */
	bool not_map;                   /* the entry is not a mapping */
	bool not_scalar;                /* capacity or count is not a scalar */
};

struct scn_cpus_list {
	bool found;                     /* platform.cpus is a sequence */
	bool not_yaml;                  /* the text stops being YAML first */
	struct scn_cpus_entry *v;       /* n entries, in order */
	size_t n, cap;
	size_t start, end;              /* its byte span in the text */
	uint8_t *text;                  /* the patched copy, or NULL */
};

/* RT_ERR_NOMEM; free with scn_cpus_list_fini() in every case. */
enum rt_err scn_cpus_scan(const uint8_t *buf, size_t len,
			  struct scn_cpus_list *cl);
void scn_cpus_list_fini(struct scn_cpus_list *cl);

/* ---- error messages (errors.c) ------------------------------------------ */

struct scn_ctx {
	const char *file;               /* name used in messages */
	const uint8_t *buf;             /* the original text */
	size_t len;
	struct rt_diag *d;              /* may be NULL */
	struct scn_mark fallback;       /* position if a path is not found */
	const struct scn_cpus_list *cpus;       /* platform.cpus as a list,
						 * or NULL */
	scn_horizon_fn horizon;         /* the run's default horizon, or
					 * NULL (scn.h) */
};

enum scn_at {
	SCN_AT_VALUE = 0,               /* point at the value */
	SCN_AT_KEY                      /* point at the key (unknown, twice) */
};

/* Fill c->d with "FILE:LINE:COL: PATH: <fmt>" (PATH and its ": " left out
 * when empty; LINE:COL is c->fallback when the path cannot be found, and
 * left out if that is unknown too) and return err.
 * 'key' and 'nth' as for scn_locate(); the key is appended to PATH. */
enum rt_err scn_fail(const struct scn_ctx *c, enum rt_err err,
		     const char *path, const char *key, unsigned nth,
		     enum scn_at at, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));

/* Same, at a known position (m->line 0: none). */
enum rt_err scn_fail_at(const struct scn_ctx *c, enum rt_err err,
			struct scn_mark m, const char *path, const char *fmt,
			...)
	__attribute__((format(printf, 5, 6)));

/* Copy s into out[n] (n > 0), cut short if need be. */
void scn_copy(char *out, size_t n, const char *s);

/* ---- libcyaml (cyaml_load.c) --------------------------------------------- */

/* Load c->buf with libcyaml into *y (NULL at first; free with
 * scn_cyaml_free() whatever the result).  sh receives the scalar
 * shorthands found (scn_shorthands_fini() in every case).  On failure
 * c->d says why in the form above: not YAML, an alias, an unknown or
 * repeated key, a value of the wrong kind, an empty document, more than
 * one document, RT_ERR_NOMEM. */
enum rt_err scn_cyaml_load(struct scn_ctx *c, struct scn_y_doc **y,
			   struct scn_shorthands *sh, struct scn_cpus_list *cl);
void scn_cyaml_free(struct scn_y_doc *y);       /* NULL is a no-op */

/* ---- values (units.c) --------------------------------------------------- */

/* Copy s into out (size n >= 8) as a double-quoted, escaped string,
 * shortened with "..." to fit: user text of any length can go into an
 * rt_diag. */
void scn_quote(char *out, size_t n, const char *s);

/* Decimal integer in [min, max] (optional sign, digits only). */
enum rt_err scn_parse_int(const char *s, int64_t min, int64_t max,
			  int64_t *out, struct rt_diag *d);

/* scn_parse_u64 (a seed): scn.h */

/* One of 'names' (count n, values 0..n-1); the message lists them. */
enum rt_err scn_parse_enum(const char *s, const char *const *names, size_t n,
			   int *out, struct rt_diag *d);

/* Non-empty identifier of letters, digits, '_', '-', '.' (<= max bytes). */
enum rt_err scn_parse_ident(const char *s, size_t max, struct rt_diag *d);

/* The located variants: parse the value found at path "pre.sub[idx]"
 * (pre may be "", idx < 0: no index) and on failure fill c->d through
 * scn_fail().  The path is only built when there is a message to write. */

enum scn_sign {
	SCN_SIGN_ANY = 0,
	SCN_SIGN_POS,                   /* > 0 */
	SCN_SIGN_NONNEG                 /* >= 0 */
};

#define SCN_NAMES(a) (a), (sizeof(a) / sizeof((a)[0]))

const char *scn_path(char *out, size_t n, const char *pre, const char *sub,
		     long idx);
enum rt_err scn_time_at(const struct scn_ctx *c, enum scn_time_unit u,
			const char *str, const char *pre, const char *sub,
			long idx, enum scn_sign sign, rt_time *out);
enum rt_err scn_enum_at(const struct scn_ctx *c, const char *str,
			const char *pre, const char *sub,
			const char *const *names, size_t n, int *out);
enum rt_err scn_int_at(const struct scn_ctx *c, const char *str,
		       const char *pre, const char *sub, int64_t min,
		       int64_t max, int64_t *out);

/* ---- names (nameset.c) --------------------------------------------------- */

/* Open-addressing hash set (FNV-1a) of the names of an array's entries:
 * entry i's name is the char pointer at base + i * stride (e.g.
 * &tasks[0].name, sizeof(tasks[0])), so the set holds only indexes.
 * Add and find are O(1) expected; the array must not move while the set
 * is in use. */
struct scn_nameset {
	const char *base;               /* borrowed: &entry[0].name */
	size_t stride;                  /* bytes between entries */
	size_t *slot;                   /* entry index + 1; 0 = empty */
	size_t mask;                    /* size - 1, size a power of 2 */
};

/* Room for n names.  RT_ERR_NOMEM (ns->slot NULL) on failure. */
enum rt_err scn_nameset_init(struct scn_nameset *ns, const void *base,
			     size_t stride, size_t n);
void scn_nameset_fini(struct scn_nameset *ns);
/* Add entry i; if its name is taken, return false and the owner in *dup. */
bool scn_nameset_add(struct scn_nameset *ns, size_t i, size_t *dup);
/* The entry named 'name', or SIZE_MAX. */
size_t scn_nameset_find(const struct scn_nameset *ns, const char *name);

/* ---- conversion (convert.c, convert_task.c) ----------------------------- */

/* Task i of the document: y -> *t (t starts as rt_task_make() defaults;
 * its name, releases and exec_values are allocated and stay with *t even
 * on failure, for scn_free()).  arr_sh / exec_sh: the scalar shorthand
 * given for arrival / exec, or NULL.  s gives the time unit and cpus. */
enum rt_err scn_convert_task(const struct scn_ctx *c,
			     const struct scn_scenario *s,
			     const struct scn_y_task *y, size_t i,
			     const char *arr_sh, const char *exec_sh,
			     struct rt_task *t);

/* "C = \"3\"", "exec.max = \"5\"" or "exec.values[1] = \"4\"": the
 * key and text of the largest demand a job of the converted task t
 * (document entry y) can have (rt_task_max_demand), for a message. */
const char *scn_task_demand_text(const struct scn_y_task *y,
				 const struct rt_task *t, char *out, size_t n);

/* Servers, the tasks' server/arrive_at/leave_at, the scheduler keys of
 * linux-dl and edf-split, and the linux-dl parameter checks
 * (convert_server.c); after the tasks are converted.  On failure c->d
 * says why; what was allocated stays in s for scn_free(). */
enum rt_err scn_convert_resv(const struct scn_ctx *c, const struct scn_y_doc *y,
			     struct scn_scenario *s);

/* resources:, tasks[i].sections and scheduler.protocol
 * (convert_resource.c); after scn_convert_cpusets.  Same failure
 * contract. */
enum rt_err scn_convert_resources(const struct scn_ctx *c,
				  const struct scn_y_doc *y,
				  struct scn_scenario *s);

/* scheduler.cpusets (placement cpusets) and scheduler.fair_server
 * (convert_cpuset.c); after scn_convert_resv.  Same failure contract. */
enum rt_err scn_convert_cpusets(const struct scn_ctx *c,
				const struct scn_y_doc *y,
				struct scn_scenario *s);

/* overheads (convert_ovh.c): the times, hz, and a policy that takes
 * them; after scn_sched_check.  Same failure contract. */
enum rt_err scn_convert_ovh(const struct scn_ctx *c, const struct scn_y_doc *y,
			    struct scn_scenario *s);

/* platform.cpus as a list (convert_platform.c): the capacities into
 * s->capacity and s->cpus (scn_header); then, after scn_sched_check,
 * what CPUs of different capacities support (policy, placement,
 * admission, suspension).  Same failure contract. */
enum rt_err scn_convert_cpus(const struct scn_ctx *c, struct scn_scenario *s);
/* The frequency levels, power and governor (convert_freq.c, from
 * scn_check_platform): s->freq, s->governor.  Same failure contract. */
enum rt_err scn_convert_freq(const struct scn_ctx *c,
			     const struct scn_y_doc *y,
			     struct scn_scenario *s);
enum rt_err scn_check_platform(const struct scn_ctx *c,
			       const struct scn_y_doc *y,
			       struct scn_scenario *s);
/* What CPUs slower than full speed support, for edf and fp (capacities
 * below 1024, frequencies below the highest: 'what'): the policy (else
 * "expected policy <policies>"), placement global, no admission or mode,
 * no self-suspension; failures point at 'path'.  Same failure
 * contract. */
enum rt_err scn_check_slow(const struct scn_ctx *c,
			   const struct scn_scenario *s, const char *path,
			   const char *what, const char *policies);
/* linux-dl on CPUs of different capacities, once scheduler.reclaim and
 * the tasks' flags are read (after scn_convert_cpusets): GRUB is not
 * implemented there.  Same failure contract. */
enum rt_err scn_check_platform_reclaim(const struct scn_ctx *c,
				       const struct scn_scenario *s);

/* Everything `dlsim run` checks before it simulates (check.c): the
 * policy name, admission and mode, the placement binding
 * (s->sched.task_cluster), the engine configuration; after every other
 * step.  Same failure contract. */
enum rt_err scn_check(const struct scn_ctx *c, const struct scn_y_doc *y,
		      struct scn_scenario *s);

/* Turn the loaded strings into a scenario.  On success *out is new and
 * caller-owned; on failure *out is untouched and c->d says why. */
enum rt_err scn_convert(const struct scn_ctx *c, const struct scn_y_doc *y,
			const struct scn_shorthands *sh,
			struct scn_scenario **out);

/* The default name of a document read from 'file': its base name without
 * .yaml / .yml ("dir/dario.yaml" -> "dario"; the whole file name when
 * nothing would be left).  rt_malloc'd; NULL when out of memory.  For
 * scenarios and experiment files alike. */
char *scn_default_name(const char *file);

#endif /* SCN_INTERNAL_H */
