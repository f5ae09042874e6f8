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

struct ra_ctx {
	const char *file;
	struct rt_diag *d;
	struct scn_sb out;
	enum ra_policy default_policy;
	unsigned cpus_seen;             /* 1 + largest CPU in "cpus" arrays */
	char **names;                   /* task names emitted, for messages */
	size_t nnames, names_cap;
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

/* The message "FILE: tasks.T.phases.P.KEY: thread "T", phase "P": ..."
 * (thread NULL: "FILE: KEY: ..."); returns rc. */
enum rt_err ra_fail(struct ra_ctx *c, enum rt_err rc, const char *thread,
		    const char *phase, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
/* A task name emitted (kept for messages about duplicates). */
enum rt_err ra_add_name(struct ra_ctx *c, const char *name);
/* One pass of p: the timer's period, else its demand and sleeps. */
rt_time ra_phase_period(const struct ra_phase *p);

/* ---- rtapp_emit.c ---------------------------------------------------- */

/* s as a double-quoted YAML scalar. */
void ra_yaml_str(struct scn_sb *b, const char *s);
/* The task of thread t into c->out, commented with its JSON sources;
 * phases that do not make one task are errors naming them. */
enum rt_err ra_emit_task(struct ra_ctx *c, const struct ra_thread *t);

#endif /* SCENARIOS_RTAPP_INT_H */
