/* analysis.h - `dlsim analyze` as a library object (struct dlsim_analysis):
 * every applicable admission test, the simulation, the tardiness bounds
 * and every contradiction between them (docs/design.md §5).
 *
 *   analysis.c          the pipeline: scenario -> analysed task set ->
 *                       tests -> bounds -> simulation -> comparison
 *   analysis_model.c    domains and the analysed task set
 *   analysis_tests.c    the test table (what each test analyses: the
 *                       registry, models/tests.h and sim/policy.h)
 *   analysis_bounds.c   tardiness and response bounds, domain by domain
 *   analysis_compare.c  contradictions and the verdict
 *   analysis_json.c     the object of `analyze --json`
 *   analysis_text.c     the text `analyze` prints
 *
 * What each test analyses comes from the registry (models/tests.h:
 * policies and platform): a test is compared with the simulation only
 * when it analyses the simulated policy and placement; tests about other
 * policies are listed only with --all (JSON: always).
 *
 * The analysed task set is what the tests may assume, by what the policy
 * registry says the policy is (sim/policy.h):
 *   plain      (edf, fp) every task as the sporadic task that covers its
 *              jobs (rt_task_analysis_model: largest demand, smallest
 *              release gap, D - jitter); a test without the jitter
 *              extension answers n/a when a task has jitter; fp-rta,
 *              which has its own, sees D and J (api_analysis_native);
 *   kernel     (SIM_POLICY_KERNEL: linux-dl) the kernel admission
 *              (rt_dl_admission) per root domain, then the reservations
 *              (runtime, deadline, period) of the admitted deadline tasks
 *              (class: fair tasks and refused ones are left out, and said
 *              so) plus the fair servers; a reservation's deadlines are
 *              guaranteed by the tests whatever its jobs do (the CBS
 *              isolates), its jobs' deadlines only when they keep to it;
 *   servers    (SIM_POLICY_SERVERS: cbs) the servers (Q_s, D_s, T_s) and
 *              the plain tasks, per domain (cbs-bandwidth), and each
 *              served task's guarantee (rt_cbs_task_guarantee, on the
 *              tasks as written); a domain with a server that may
 *              demand more (rt_cbs_server_sporadic: the domino effect
 *              of cbs/hard-cbs with D_s < T_s, ...) has every test over
 *              the servers n/a and no bound (dom_srv);
 *   fp servers (SIM_POLICY_FP_SERVERS with servers: fp) the plain tasks,
 *              then each polling server as the task (Q_s, T_s, T_s) and
 *              each deferrable one with release jitter T_s - Q_s
 *              (analysis_fp.h, servers); only fp-rta, which has the jitter
 *              extension, is run when a deferrable server exists, and it
 *              is never exact here; a served task's response is bounded
 *              when it is its server's only task (rt_fp_served_bound).
 *
 * Self-suspending tasks: the tests and bounds know nothing about
 * suspension, so they analyse the suspension-oblivious task set (C and
 * each exec value + the suspension lengths, rt_task_oblivious; the
 * served-task guarantees too), which is safe but no longer exact for the
 * simulated system: an exact test's accept is then a sufficient one, its
 * reject proves nothing, a bound is an upper bound, and the output says
 * so.
 */
#ifndef API_ANALYSIS_H
#define API_ANALYSIS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "api/internal.h"
#include "api/sim.h"
#include "models/analysis_resv.h"
#include "models/frac.h"
#include "models/linux_dl.h"
#include "models/tests.h"

#define NO_IDX ((size_t)-1)

struct analyze_test {
	const struct rt_test_info *info;
	const char *name;               /* info->name, or for an
					 * overhead-aware row (ovh) its own
					 * "NAME+overheads" (owned) */
	bool ovh;                       /* on the overhead-aware task set
					 * (docs/theory.md §H.2) */
	struct rt_test_result res;
	bool about_sim;                 /* analyses the simulated system */
	bool shown;                     /* in the text table without --all */
	int dom;                        /* linux / cbs-bandwidth: the domain */
	int *assign;                    /* partitioned accept: CPU per
					 * analysed task, or NULL */
	char *value;                    /* cbs-bandwidth: sum Q/T, or NULL */
};

struct analyze_contra {
	char test[64];
	char detail[240];
	char line[310];                 /* "test: detail" */
};

enum analyze_bound {
	BOUND_NONE = 0,                 /* no bound applies */
	BOUND_UNBOUNDED,                /* tardiness grows without bound */
	BOUND_EXACT,                    /* exact worst case */
	BOUND_UPPER                     /* an upper bound */
};

enum analyze_kind { AK_PLAIN = 0, AK_LINUX, AK_CBS, AK_FPSRV };

struct dlsim_analysis {
	const struct scn_scenario *s;   /* the (suspension-oblivious) scenario */
	const struct scn_scenario *orig;/* the scenario as written */
	struct scn_scenario so;         /* s when tasks suspend: orig with
					 * the oblivious tasks */
	struct rt_task *ob;             /* those tasks (owned) or NULL */
	const unsigned *cluster;        /* the loader's binding or NULL */
	enum analyze_kind kind;
	char *u, *density;              /* exact fractions (rt_malloc'd) */
	char u_dec[64], density_dec[64];/* rounded decimals */
	/* domains: clusters, root domains, cpusets */
	unsigned ndom;
	unsigned *dom_cpus;             /* ndom entries */
	uint64_t *dom_cap;              /* ndom entries: the sum of the
					 * domain's CPU capacities (1024 x
					 * CPUs on identical CPUs) */
	/* the analysed task set */
	struct rt_task *model;          /* nmodel entries */
	size_t nmodel;
	size_t *model_task;             /* model -> scenario task, or NO_IDX */
	int *model_srv;                 /* model -> sim server index, or -1 */
	unsigned *model_dom;            /* model -> domain */
	rt_time *model_jit;             /* model -> jitter taken off D */
	unsigned bits;                  /* RT_MODEL_* over the model */
	size_t ge_d_task;               /* a task with jitter >= D, or NO_IDX */
	const char **left_out;          /* per task: why not analysed, or NULL */
	const char **no_job;            /* per task: why its jobs have no
					 * guarantee (linux-dl, cbs), or NULL */
	struct rt_dl_adm_task *adm;     /* linux-dl: per task */
	struct rt_dl_adm_dom *admdom;   /* linux-dl: per domain */
	const char **dom_void;          /* linux-dl: why a domain guarantees
					 * nothing, or NULL */
	enum rt_cbs_guarantee *cbs_g;   /* cbs: per task */
	bool *dom_ok;                   /* cbs: server deadlines guaranteed */
	size_t *dom_srv;                /* cbs: per domain, a server that may
					 * demand more than (Q_s, D_s, T_s)
					 * (rt_cbs_server_sporadic), or
					 * NO_IDX: no test over the servers
					 * speaks for such a domain */
	/* tests */
	struct analyze_test *tests;
	size_t ntests, cap_tests;
	bool conform;                   /* scenario within the sporadic model */
	/* tardiness */
	enum analyze_bound bound_kind;
	bool resp_exact;                /* per-task responses exact */
	rt_time bound;                  /* max tardiness bound (EXACT/UPPER) */
	char bound_note[RT_DIAG_MAX];
	bool admission_off;             /* the scenario admits at run time;
					 * analyze simulates every task */
	rt_time *resp;                  /* per task, RT_TIME_NEVER: none */
	rt_time *tard;                  /* per task, RT_TIME_NEVER: none */
	rt_time *srv_bound;             /* per sim server: lateness bound */
	const char **bound_why;         /* per task: why no bound, or NULL */
	rt_time da_x;                   /* Devi-Anderson x, or RT_TIME_NEVER */
	/* simulation */
	struct dlsim_sim *sim;          /* owned */
	bool *tard_unknown;             /* per task: a miss whose tardiness is
					 * unknown (aborted or pending) */
	bool any_unknown;
	bool oblivious;                 /* tasks suspend: s is the oblivious set */
	size_t chg_task;                /* linux-dl: an admitted reservation
					 * with changes: (sched_setattr at
					 * run time), or NO_IDX: the tests
					 * analyse one (Q, D, P) per task, so
					 * they and the bounds are n/a (set
					 * by api_analysis_tests) */
	bool cover;                     /* the analysed set over-approximates
					 * the jobs (oblivious, or a task not
					 * rt_task_analysis_tight): no test is
					 * exact, a reject proves no miss, no
					 * bound is exact or "unbounded" (set
					 * by api_analysis_tests) */
	rt_time *blk;                   /* fp with sections: B_i per task
					 * (scenario order; RT_TIME_NEVER:
					 * none), else NULL */
	bool locks;                     /* tasks have critical sections: the
					 * plain tests and bounds do not
					 * apply; the blocking-aware test
					 * does (api_analysis_locks) */
	bool srv_jitter;                /* fp servers: a deferrable one (its
					 * task has release jitter) */
	struct analyze_contra *contra;
	size_t ncontra, cap_contra;
	char verdict[512];              /* the verdict line, without '\n' */
};

/* ---- analysis.c --------------------------------------------------------- */

/* "unbounded", "exact", "upper", "none" */
const char *api_analysis_bound_name(enum analyze_bound b);
/* The SIM_POLICY_* flags of the policy; static priorities? */
unsigned api_analysis_flags(const struct dlsim_analysis *a);
bool api_analysis_fp(const struct dlsim_analysis *a);
/* The order fp-rta runs the model with: the scenario's, or explicit for
 * fp servers (the model's priorities are then the ranks of
 * rt_fp_server_ranks). */
enum rt_fp_order api_analysis_fp_order(const struct dlsim_analysis *a);
/* x + y, RT_TIME_MAX when it overflows. */
rt_time api_analysis_add(rt_time x, rt_time y);
/* rt_calloc of at least one element. */
void *api_analysis_calloc(size_t n, size_t size);

/* ---- analysis_model.c --------------------------------------------------- */

unsigned api_analysis_task_dom(const struct dlsim_analysis *a, size_t i);
/* Clusters (placement), root domains (linux-dl), cpusets; false: NOMEM. */
bool api_analysis_domains(struct dlsim_analysis *a);
/* The analysed task set (see above). */
enum rt_err api_analysis_model(struct dlsim_analysis *a, struct rt_diag *d);
/* Why linux-dl with accounting: tick has no test verdicts, job
 * guarantees or bounds (its note). */
extern const char api_analysis_tick_why[];
/* 'model' (a->nmodel tasks: the analysed set or its overhead-aware form)
 * with each task's own deadline D back in place of D - jitter, its
 * jitter J kept: what a test with the jitter extension of its own
 * (rt_test_info.jitter_native: fp-rta) analyses.  rt_calloc'd, NULL when
 * out of memory. */
struct rt_task *api_analysis_native(const struct dlsim_analysis *a,
				    const struct rt_task *model);

/* ---- analysis_tests.c --------------------------------------------------- */

/* The RT_AN_* model of the policy (the registry's analysed_as). */
unsigned api_analysis_policy_bits(const struct dlsim_analysis *a);
/* p/q of fn over ts exactly (rt_malloc'd) and a rounded decimal. */
char *api_analysis_frac(enum rt_err (*fn)(const struct rt_task *, size_t,
					  struct rt_frac **),
			const struct rt_task *ts, size_t n, char *dec,
			size_t declen);
/* Run every test that applies; false: NOMEM. */
bool api_analysis_tests(struct dlsim_analysis *a);
/* With critical sections: every plain test row n/a ("does not model
 * shared resources") and the blocking-aware row of the scenario's
 * policy and protocol (fp: fp-rta with B_i; edf with srp: Baker's
 * B(t) + dbf(t) <= t).  False: out of memory. */
bool api_analysis_locks(struct dlsim_analysis *a);

/* ---- analysis_bounds.c -------------------------------------------------- */

/* The bounds of the scenario's tasks (and servers) from the model's;
 * false: out of memory. */
bool api_analysis_tardiness(struct dlsim_analysis *a);
/* With a bound (exact or upper) that covers only some tasks (a task
 * with no tardiness bound: left out, no job guarantee, ...): true, and
 * *obs / *unknown the largest observed tardiness over the covered tasks
 * alone (whether one of theirs is unknown), the figure the bound speaks
 * for; the overall one is then "observed_all".  False otherwise (the
 * overall figure is the covered one, or there is no bound). */
bool api_analysis_observed_bounded(const struct dlsim_analysis *a,
				   rt_time *obs, bool *unknown);

/* ---- analysis_compare.c ------------------------------------------------- */

/* cbs: task i meets its deadlines when its domain's servers do (never in
 * a domain with a server that is not sporadic, api_analysis_cbs_void). */
bool api_analysis_cbs_meets(const struct dlsim_analysis *a, size_t i);

/* cbs: why domain c (or, c < 0, any domain) has no test over its servers
 * (a server not sporadic, rt_cbs_server_why) into buf; false if it has. */
bool api_analysis_cbs_void(const struct dlsim_analysis *a, int c, char *buf,
			   size_t len);
/* Which tasks had a miss whose tardiness the simulation cannot know;
 * false: NOMEM. */
bool api_analysis_unknown(struct dlsim_analysis *a);
/* Every disagreement between a claim about the simulated system and the
 * simulation; false: NOMEM. */
bool api_analysis_compare(struct dlsim_analysis *a);
/* The verdict line into a->verdict. */
void api_analysis_verdict(struct dlsim_analysis *a);

/* ---- analysis_json.c, analysis_text.c ----------------------------------- */

/* A test row's task name: domain rows name scenario tasks, the others
 * analysed ones; NULL if none. */
const char *api_analysis_res_task(const struct dlsim_analysis *a,
				  const struct analyze_test *t);
void api_analysis_print_json(FILE *f, const struct dlsim_analysis *a);
/* What the text table prints after a test's "analyses" column (witness,
 * domain, note; each part after a space) into f. */
void api_analysis_print_detail(FILE *f, const struct dlsim_analysis *a,
			       const struct analyze_test *t);
void api_analysis_print_text(FILE *f, const struct dlsim_analysis *a,
			     bool all);

/* The blocking-aware tests (analysis_tests.c): rows of analyze when
 * tasks share resources; not in the registry of models/tests.c, whose
 * tests take no blocking terms. */
extern const struct rt_test_info api_test_fp_blocking;
extern const struct rt_test_info api_test_edf_srp;

#endif /* API_ANALYSIS_H */
