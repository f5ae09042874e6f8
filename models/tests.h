/* tests.h - registry of admission (schedulability) tests.
 *
 * Each entry has a fixed name (used by the CLI, JSON and experiment
 * columns; docs/design.md §5), a kind (exact / sufficient / necessary) for the task
 * set at hand, the platform it applies to, and a run function; callers
 * iterate the table.  On one CPU: utilization, density, pdc, qpa.  On
 * m > 1: utilization (U <= m, necessary), the sufficient global EDF tests
 * gfb, bak, bcl, bcl-iterative, rta, bar, ffdbf (analysis_global.h), then
 * partitioned-<heuristic> for the nine heuristics of partition.h
 * (sufficient: bin packing with an exact per-CPU test), and for the
 * reservation policies 'linux' (the SCHED_DEADLINE admission arithmetic)
 * and 'cbs-bandwidth' (sum of the reserved bandwidths).
 *
 * What a test analyses: its 'analyses' descriptor (below).
 *
 * Times in a result (witness, demand, response, deadline, offset) are in
 * the task set's internal unit; the note holds no times, so a caller can
 * print them in the unit of its choice.
 */
#ifndef RT_TESTS_H
#define RT_TESTS_H

#include <stdbool.h>
#include <stddef.h>

#include "models/analysis_uni.h"
#include "models/partition.h"
#include "models/rt_err.h"
#include "models/task.h"

enum rt_test_kind {
	RT_KIND_EXACT = 0,
	RT_KIND_SUFFICIENT,
	RT_KIND_NECESSARY,
	RT_KIND_ADMISSION               /* an admission rule (linux): proves
					 * neither meeting nor missing */
};

const char *rt_test_kind_name(enum rt_test_kind k);     /* "exact", ... */

#define RT_TEST_NO_TASK ((size_t)-1)

struct rt_test_result {
	enum rt_verdict verdict;
	enum rt_test_kind kind;         /* for THIS task set and m */
	rt_time witness;                /* pdc/qpa: t with dbf(t) > t;
					 * RT_TIME_NEVER if none */
	rt_time demand;                 /* pdc/qpa: dbf(witness);
					 * RT_TIME_NEVER if none or > RT_TIME_MAX */
	size_t task;                    /* the task a reject names (fp-rta:
					 * first R > D; global: the failing
					 * task; partitioned: the misfit),
					 * RT_TEST_NO_TASK if none */
	rt_time response;               /* fp-rta reject: R of 'task'
					 * (RT_TIME_NEVER: unbounded) */
	rt_time deadline;               /* fp-rta reject: D of 'task' */
	rt_time offset;                 /* global reject: the offset A where
					 * the condition fails, else NEVER */
	char note[160];                 /* optional human detail without
					 * times, "" if none */
};

/* Every field at "nothing": verdict n/a, times RT_TIME_NEVER, no task,
 * empty note. */
void rt_test_result_init(struct rt_test_result *out, enum rt_test_kind kind);

/* The note of a test that ran but could not decide (verdict stays n/a):
 * 'why' as it is when it starts with "too large" (a work budget ran out:
 * the set is past what the test decides in its time, the message says
 * how far), otherwise "undecided: <why>" (an intermediate past 128 bits,
 * a fraction too close to its bound).  Cut at the note's size. */
void rt_test_note_undecided(struct rt_test_result *out, const char *why);

/*
 * What a test analyses: the scheduling model its verdict speaks about
 * (a policy) and the platform it speaks about.  Callers ask the registry
 * (rt_test_analyses_match) instead of comparing test names: `dlsim
 * analyze` labels each row with 'label', and scheduler.admission accepts
 * only a test whose descriptor covers the scenario's policy (the policy
 * registry, sim/policy.c, says which model a policy is) and placement.
 *
 * Policies (bits of 'policies'):
 *   RT_AN_EDF       preemptive EDF over jobs
 *   RT_AN_FP        preemptive fixed priority
 *   RT_AN_CBS       EDF over CBS reservations: every server counts as a
 *                   sporadic task (Q_s, D_s, T_s) and every unserved task
 *                   as itself (Abeni & Buttazzo 1998: a CBS never demands
 *                   more than Q_s in any window of T_s)
 *   RT_AN_LINUX_DL  SCHED_DEADLINE's own admission arithmetic
 * Platforms (bits of 'platforms'):
 *   RT_AN_UNI          one CPU: also each CPU of a partitioned placement
 *                      and each one-CPU cluster or cpuset
 *   RT_AN_GLOBAL       one global runqueue over m >= 2 CPUs: also each
 *                      cluster or cpuset of m >= 2 CPUs
 *   RT_AN_PARTITIONED  the whole partitioned machine at once (bin
 *                      packing plus a per-CPU test); not a per-domain
 *                      question, so never an admission test
 */
#define RT_AN_EDF               0x01u
#define RT_AN_FP                0x02u
#define RT_AN_CBS               0x04u
#define RT_AN_LINUX_DL          0x08u

#define RT_AN_UNI               0x01u
#define RT_AN_GLOBAL            0x02u
#define RT_AN_PARTITIONED       0x04u

/* Which scheduler.mode uses a test for admission (bits of 'modes'):
 *   RT_AN_MODE_HARD  the policy's strongest sound test on that platform
 *                    (qpa for EDF and CBS on one CPU, fp-rta for FP; the
 *                    sufficient global EDF tests on m >= 2, tried in table
 *                    order: the first accept admits);
 *   RT_AN_MODE_SOFT  capacity only (U <= m). */
#define RT_AN_MODE_HARD         0x01u
#define RT_AN_MODE_SOFT         0x02u

struct rt_test_analyses {
	unsigned policies;              /* RT_AN_EDF | RT_AN_FP | ... */
	unsigned platforms;             /* RT_AN_UNI | RT_AN_GLOBAL | ... */
	const char *label;              /* for tables: "edf/1cpu",
					 * "edf/global", "edf/partitioned",
					 * "fp/1cpu", "any" */
	unsigned modes;                 /* RT_AN_MODE_*: 0 for most */
};

struct rt_test_info {
	const char *name;               /* "utilization", "density", "pdc", ... */
	/* Whether the test applies on m CPUs (a test that does not apply is
	 * not listed).  */
	bool (*applies)(unsigned m);
	/* Run on n tasks, m CPUs.  Errors (overflow, nomem) are returned;
	 * "does not apply to this set" is RT_OK with verdict n/a. */
	enum rt_err (*run)(const struct rt_task *ts, size_t n, unsigned m,
			   struct rt_test_result *out, struct rt_diag *d);
	/* Appended: what the verdict is about (see above). */
	struct rt_test_analyses analyses;
	/* Optional: the same test under fixed-priority order 'order' (an
	 * enum rt_fp_order); NULL for tests that do not depend on one. */
	enum rt_err (*run_order)(const struct rt_task *ts, size_t n,
				 unsigned m, int order,
				 struct rt_test_result *out, struct rt_diag *d);
	/* Appended: the test has the release-jitter extension:
	 * run on the task set with D_i - J_i (rt_task_analysis_model) it
	 * stays valid for jobs released up to J_i after their arrival.
	 * Tests without it answer n/a for tasks with jitter. */
	bool jitter;
	/* Appended: the policy models (RT_AN_*) for which an
	 * "exact" kind holds; for the others the test is only necessary
	 * (utilization: exact for EDF with D >= T, necessary under fixed
	 * priority).  0: for all its policies. */
	unsigned exact_for;
	/* Appended: the test models release jitter itself (t->jitter, as
	 * fp-rta's extension: interference ceil((w + J_j) / T_j) C_j and
	 * R_i = J_i + w_i <= D_i, Tindell, Burns & Wellings 1994), so it
	 * runs on the tasks with their own D and J, not D_i - J_i, and in
	 * the simulator's priority order (deadline-monotonic by D).  Set
	 * with 'jitter'. */
	bool jitter_native;
};

/* NULL-terminated table, in the order analyze prints them. */
extern const struct rt_test_info *const rt_tests[];

/* The entry named 'name', or NULL. */
const struct rt_test_info *rt_test_find(const char *name);

/* True when t analyses policy model 'policies' on every platform of
 * 'platforms' (both non-zero RT_AN_* masks; a policy mask of several
 * bits matches a test analysing any of them). */
bool rt_test_analyses_match(const struct rt_test_info *t, unsigned policies,
			    unsigned platforms);

/* The valid names for (policies, platforms) as "a, b, c" into buf (cut
 * at len); returns buf ("" if none). */
const char *rt_test_names_for(unsigned policies, unsigned platforms,
			      char *buf, size_t len);

/* The i-th test (0, 1, ...; NULL past the last) that scheduler.mode
 * 'mode' (RT_AN_MODE_*) uses for policy model 'policy' on platform
 * 'platform' (one RT_AN_* bit each), in table order. */
const struct rt_test_info *rt_test_for_mode(unsigned mode, unsigned policy,
					    unsigned platform, size_t i);
/* Is ti the partitioned test that packs with heuristic h (the one that
 * analyses a scenario partitioned by h)? */
bool rt_test_partitions_with(const struct rt_test_info *ti,
			     enum rt_part_heuristic h);

/* The partition a partitioned-<heuristic> test finds: cpu[i] (n entries)
 * for task i.  RT_ERR_UNSUPPORTED for a test that does not partition or
 * when no partition is found (the test rejects or is undecided). */
enum rt_err rt_test_assignment(const struct rt_test_info *ti,
			       const struct rt_task *ts, size_t n, unsigned m,
			       int *cpu, struct rt_diag *d);

/* What a verdict says against a simulation of the very system it
 * analyses (docs/design.md §5): */
enum rt_contra {
	RT_CONTRA_NONE = 0,
	RT_CONTRA_ACCEPT_MISSED,        /* an exact or sufficient test
					 * accepts, yet a deadline the
					 * verdict covers was missed */
	RT_CONTRA_REJECT_MET            /* an exact test rejects, yet an
					 * exact simulation met every
					 * deadline */
};

/* The comparison rule `dlsim analyze` and the experiments share.
 * 'missed': the simulation missed a deadline the verdict speaks for;
 * 'exact_met': the simulation is itself an exact test of that system
 * (exact horizon, the scenario within the model analysed) and missed no
 * deadline at all.  A n/a verdict, a necessary test and an admission rule
 * contradict nothing (a simulation never proves a set schedulable on its
 * own, and a miss never disproves a necessary condition). */
enum rt_contra rt_test_contradiction(const struct rt_test_result *r,
				     bool missed, bool exact_met);

#endif /* RT_TESTS_H */
