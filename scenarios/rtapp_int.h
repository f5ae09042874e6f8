/* rtapp_int.h - what the rt-app importer's files share (rtapp.c reads the
 * JSON, rtapp_emit.c writes the scenario): the parsed threads and phases,
 * the context and its error channel. */
#ifndef SCENARIOS_RTAPP_INT_H
#define SCENARIOS_RTAPP_INT_H

#include "scenarios/rtapp.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/rt_time.h"
#include "scenarios/internal.h"
#include "scenarios/strbuf.h"

#define RA_MAX_DEPTH   64u              /* JSON nesting accepted */
#define RA_MAX_SUSP    64u              /* sleeps between runs in a phase */
#define RA_MAX_INT     2147483647       /* rt-app reads ints as C int */
#define RA_MAX_INSTANCE 4096            /* "instance" copies of one thread */

enum ra_policy { RA_OTHER, RA_DEADLINE, RA_FIFO, RA_RR, RA_IDLE, RA_BAD };

extern const char *const ra_policy_names[];     /* by enum ra_policy */

struct ra_phase {
	const char *name;               /* phase key; NULL: the thread itself */
	int64_t loop;                   /* passes, >= 1 */
	rt_time demand;                 /* us, sum of run/runtime */
	size_t nsusp;
	struct rt_suspend susp[RA_MAX_SUSP];
	rt_time sleeps;                 /* every sleep of the pass */
	bool has_timer;
	rt_time timer_period;
	const char *timer_key;
	bool trailing_sleep;            /* ends with a sleep, no timer */
};

struct ra_name {
	char *name;                     /* a task's name (owned) */
	const char *thread;             /* its thread (borrowed: the JSON) */
	int64_t inst;                   /* its instance; -1: the thread's only
					 * task, named as the thread */
};

struct ra_ctx {
	const char *file;
	const char *text;               /* the JSON (borrowed), for lines */
	size_t text_len;
	struct rt_diag *d;
	struct scn_sb out;
	enum ra_policy default_policy;
	unsigned cpus_seen;             /* 1 + largest CPU in "cpus" arrays */
	struct ra_name *names;          /* task names emitted, in order */
	size_t nnames, names_cap;
	struct scn_nameset name_set;    /* over names[].name: duplicates */
	void (*warn)(void *ctx, const char *msg);       /* NULL: none */
	void *warn_ctx;
	/* Warnings so far, each NUL-terminated: given to warn only once the
	 * import succeeded (an import that fails says its error alone). */
	struct scn_sb warned;
};

struct ra_sched {
	enum ra_policy policy;
	const char *policy_src;         /* where the policy came from */
	int64_t runtime, period, deadline;      /* us; 0: not given */
	const char *runtime_key, *period_key, *deadline_key;
};

struct ra_thread {
	const char *name;
	struct ra_sched sched;
	int64_t instances, delay, loop;         /* loop -1: forever */
	bool has_delay, loop_given;
	struct ra_phase *phases;
	size_t nphases;
};

/* The message "FILE:LINE:COL: tasks.T.phases.P.KEY: thread "T", phase
 * "P": ..." (thread NULL: "FILE:LINE:COL: KEY: ..."), LINE:COL where
 * that key starts in the JSON (of the deepest part of the path there;
 * none when nothing of it is); returns rc. */
enum rt_err ra_fail(struct ra_ctx *c, enum rt_err rc, const char *thread,
		    const char *phase, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
/* The same message as a warning, kept for c->warn (nothing when it is
 * NULL) once the import has succeeded; the import goes on. */
void ra_warn(struct ra_ctx *c, const char *thread, const char *phase,
	     const char *key, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* Task 'name' emitted for instance 'inst' (-1: the only one) of
 * 'thread'; RT_ERR_PARSE naming both if the name is already a task's
 * (thread "a-1" and instance 1 of thread "a"), RT_ERR_NOMEM.  Names are
 * kept for messages about the generated scenario.  O(1) expected. */
enum rt_err ra_add_name(struct ra_ctx *c, const char *name,
			const char *thread, int64_t inst);
/* Free the names (c->names, the set). */
void ra_names_free(struct ra_ctx *c);
/* One pass of p: the timer's period, else its demand and sleeps. */
rt_time ra_phase_period(const struct ra_phase *p);

/* ---- rtapp_emit.c ---------------------------------------------------- */

/* s as a double-quoted YAML scalar. */
void ra_yaml_str(struct scn_sb *b, const char *s);
/* The task of thread t into c->out, commented with its JSON sources;
 * phases that do not make one task are errors naming them. */
enum rt_err ra_emit_task(struct ra_ctx *c, const struct ra_thread *t);

#endif /* SCENARIOS_RTAPP_INT_H */
