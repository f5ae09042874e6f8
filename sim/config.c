/* config.c - a simulation configuration checked before an engine is
 * built, and its placement resolved into clusters (sim_engine_create).
 *
 * Every field of struct sim_config that the engine or a policy relies on
 * is checked here, once, with a message naming the field or the task:
 * ranges (cpus, horizon, enums), the tasks (rt_task_check), the policy
 * (known to the registry, with every required hook), the placement (a
 * cluster_size dividing cpus; cpusets covering every CPU, none empty;
 * the cluster of every task), the servers (rt_server_check, a policy
 * that runs them, the server of every task), arrive_at / leave_at, and
 * that scheduler.admission is asked only of a policy that honours it.
 * Policies check what is theirs alone in their init().
 *
 * Placement: the CPUs are numbered into clusters (engine.h: one per CPU
 * partitioned, k consecutive CPUs clustered, all of them global, the
 * sets of cpusets), each cluster's CPUs in index order.  O(cpus + tasks).
 */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "models/mem.h"
#include "sim/internal.h"

#define SIM_MAX_CPUS 65536u

/* Some task self-suspends. */
static bool cfg_suspends(const struct sim_config *cfg)
{
	for (size_t i = 0; i < cfg->ntasks; i++)
		if (cfg->tasks[i].nsuspend)
			return true;
	return false;
}

/* Some CPU runs below its highest frequency, or may (schedutil). */
static bool cfg_slowed(const struct sim_config *cfg)
{
	if (!cfg->freq)
		return false;
	if (cfg->schedutil)
		return true;
	for (unsigned c = 0; c < cfg->cpus; c++)
		if (cfg->freq[c].level + 1 != cfg->freq[c].n)
			return true;
	return false;
}

/* sim_config.freq (sim/freq.c): levels, power, the governor's scope,
 * and energy within int64 at the horizon. */
static enum rt_err cfg_check_freq(const struct sim_config *cfg,
				  const struct sim_policy_ops *ops,
				  struct rt_diag *d)
{
	uint64_t lcm = 1;
	rt_i128 pmax_sum = 0;

	if (!cfg->freq)
		return cfg->schedutil ? rt_diagf(d, RT_ERR_INVAL, "schedutil "
						 "without frequency levels")
				      : RT_OK;
	for (unsigned c = 0; c < cfg->cpus; c++) {
		const struct sim_freq *q = &cfg->freq[c];
		uint64_t pmax;

		if (q->n < 1 || q->n > SIM_FREQ_MAX_LEVELS || !q->f)
			return rt_diagf(d, RT_ERR_INVAL, "CPU %u: %" PRIu32
					" frequency levels (expected 1..%u)",
					c, q->n, SIM_FREQ_MAX_LEVELS);
		for (uint32_t l = 0; l < q->n; l++)
			if (q->f[l] < 1 || q->f[l] > SIM_FREQ_MAX ||
			    (l && q->f[l] <= q->f[l - 1]))
				return rt_diagf(d, RT_ERR_INVAL, "CPU %u: "
						"frequencies must be strictly "
						"ascending in 1..%u", c,
						SIM_FREQ_MAX);
		if (!cfg->schedutil && q->level >= q->n)
			return rt_diagf(d, RT_ERR_INVAL, "CPU %u: level %"
					PRIu32 " of %" PRIu32, c, q->level,
					q->n);
		if (!!q->power != !!cfg->freq[0].power)
			return rt_diagf(d, RT_ERR_INVAL, "CPU %u: power given "
					"for some CPUs only", c);
		pmax = q->power ? q->idle_power : 0;
		for (uint32_t l = 0; q->power && l < q->n; l++)
			pmax = q->power[l] > pmax ? q->power[l] : pmax;
		if (pmax > SIM_POWER_MAX)
			return rt_diagf(d, RT_ERR_INVAL, "CPU %u: power above "
					"%u", c, SIM_POWER_MAX);
		pmax_sum += pmax;
		lcm = lcm / rt_gcd64(lcm, q->f[q->n - 1]) * q->f[q->n - 1];
		if (lcm > (UINT64_C(1) << 31))
			return rt_diagf(d, RT_ERR_UNSUPPORTED, "the CPUs' "
					"highest frequencies have a least "
					"common multiple above 2^31 (speeds "
					"are kept exact over it)");
	}
	if (pmax_sum * cfg->horizon > INT64_MAX)
		return rt_diagf(d, RT_ERR_OVERFLOW, "energy: the highest "
				"power times the horizon %" PRId64 " exceeds "
				"2^63 - 1", cfg->horizon);
	if (cfg->overheads && rt_ovh_any(cfg->overheads))
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "not implemented yet: "
				"scheduling overheads with frequency levels");
	if (cfg->schedutil && cfg->cpus != 1)
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "governor schedutil "
				"on %u CPUs: not modelled: per-runqueue "
				"running bandwidth under global scheduling",
				cfg->cpus);
	if (cfg_slowed(cfg) && (!(ops->flags & SIM_POLICY_JOB_LEVEL) ||
				cfg_suspends(cfg)))
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "frequencies below the "
				"highest: not modelled for policy %s or "
				"self-suspending tasks", ops->name);
	return RT_OK;
}

/* CPUs per cluster for a uniform placement (cfg already checked). */
static unsigned cfg_cluster_size(const struct sim_config *cfg)
{
	switch (cfg->placement) {
	case SIM_PLACE_PARTITIONED:
		return 1;
	case SIM_PLACE_CLUSTERED:
		return cfg->cluster_size;
	case SIM_PLACE_GLOBAL:
	case SIM_PLACE_CPUSETS:
		break;
	}
	return cfg->cpus;
}

static unsigned cfg_nclusters(const struct sim_config *cfg)
{
	if (cfg->placement == SIM_PLACE_CPUSETS)
		return cfg->nsets;
	return cfg->cpus / cfg_cluster_size(cfg);
}

/* cpusets: every CPU in a set, every set non-empty.  O(cpus). */
static enum rt_err cfg_check_cpusets(const struct sim_config *cfg,
				     struct rt_diag *d)
{
	unsigned *n;
	unsigned empty = UINT_MAX;

	if (cfg->nsets < 1 || cfg->nsets > cfg->cpus || !cfg->cpu_set)
		return rt_diagf(d, RT_ERR_INVAL, "cpusets: %u sets for %u CPUs "
				"(expected 1..%u sets and the set of every CPU)",
				cfg->nsets, cfg->cpus, cfg->cpus);
	for (unsigned c = 0; c < cfg->cpus; c++)
		if (cfg->cpu_set[c] >= cfg->nsets)
			return rt_diagf(d, RT_ERR_INVAL, "cpusets: CPU %u in set "
					"%u, out of range (%u sets)", c,
					cfg->cpu_set[c], cfg->nsets);
	n = rt_calloc(cfg->nsets, sizeof(*n));
	if (!n)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory for the engine");
	for (unsigned c = 0; c < cfg->cpus; c++)
		n[cfg->cpu_set[c]]++;
	for (unsigned set = 0; set < cfg->nsets && empty == UINT_MAX; set++)
		if (!n[set])
			empty = set;
	rt_free(n);
	if (empty != UINT_MAX)
		return rt_diagf(d, RT_ERR_INVAL, "cpusets: set %u has no CPU",
				empty);
	return RT_OK;
}

static enum rt_err cfg_check_placement(const struct sim_config *cfg,
				       struct rt_diag *d)
{
	unsigned nclusters;
	enum rt_err err;
	const char *what;

	switch (cfg->placement) {
	case SIM_PLACE_GLOBAL:
		return RT_OK;
	case SIM_PLACE_CLUSTERED:
		if (cfg->cluster_size < 1 || cfg->cluster_size > cfg->cpus ||
		    cfg->cpus % cfg->cluster_size != 0)
			return rt_diagf(d, RT_ERR_INVAL, "cluster_size %u does not "
					"divide %u CPUs into clusters",
					cfg->cluster_size, cfg->cpus);
		break;
	case SIM_PLACE_CPUSETS:
		if ((err = cfg_check_cpusets(cfg, d)))
			return err;
		break;
	case SIM_PLACE_PARTITIONED:
		break;
	default:
		return rt_diagf(d, RT_ERR_INVAL, "placement: unknown value %d",
				(int)cfg->placement);
	}
	nclusters = cfg_nclusters(cfg);
	if (nclusters == 1 || cfg->ntasks == 0)
		return RT_OK;
	what = cfg->placement == SIM_PLACE_PARTITIONED ? "CPU" :
	       cfg->placement == SIM_PLACE_CPUSETS ? "cpuset" : "cluster";
	if (!cfg->task_cluster)
		return rt_diagf(d, RT_ERR_INVAL, "%s placement needs the %s of "
				"every task (task_cluster)",
				cfg->placement == SIM_PLACE_PARTITIONED ?
				"partitioned" : cfg->placement ==
				SIM_PLACE_CPUSETS ? "cpusets" : "clustered",
				what);
	for (size_t i = 0; i < cfg->ntasks; i++)
		if (cfg->task_cluster[i] >= nclusters)
			return rt_diagf(d, RT_ERR_INVAL, "task %s: %s %u out of "
					"range (%u %ss)", cfg->tasks[i].name ?
					cfg->tasks[i].name : "?", what,
					cfg->task_cluster[i], nclusters, what);
	return RT_OK;
}

/* The CPU lists of the clusters (cl_cpus, cl_first): a counting sort of
 * the CPUs by cluster, O(cpus + clusters). */
enum rt_err sim_config_clusters(struct sim_engine *e)
{
	const struct sim_config *cfg = &e->cfg;
	unsigned n = cfg_nclusters(cfg), k = cfg_cluster_size(cfg);
	bool sets = cfg->placement == SIM_PLACE_CPUSETS;

	e->nclusters = n;
	e->cl_cpus = rt_calloc(cfg->cpus, sizeof(*e->cl_cpus));
	e->cl_first = rt_calloc((size_t)n + 1, sizeof(*e->cl_first));
	if (!e->cl_cpus || !e->cl_first)
		return RT_ERR_NOMEM;
	/* cl_first[c + 1] counts cluster c, then the prefix sums make
	 * cl_first[c + 1] the end of c; filling moves each start up */
	for (unsigned cpu = 0; cpu < cfg->cpus; cpu++)
		e->cl_first[(sets ? cfg->cpu_set[cpu] : cpu / k) + 1]++;
	for (unsigned c = 0; c < n; c++)
		e->cl_first[c + 1] += e->cl_first[c];
	for (unsigned cpu = 0; cpu < cfg->cpus; cpu++)
		e->cl_cpus[e->cl_first[sets ? cfg->cpu_set[cpu] : cpu / k]++] =
			cpu;
	for (unsigned c = n; c > 0; c--)        /* back to the starts */
		e->cl_first[c] = e->cl_first[c - 1];
	e->cl_first[0] = 0;
	assert(e->cl_first[n] == cfg->cpus);
	return RT_OK;
}

/* Servers, their tasks, arrive_at/leave_at. */
static enum rt_err cfg_check_servers(const struct sim_config *cfg,
				     const struct sim_policy_ops *ops,
				     struct rt_diag *d)
{
	if (cfg->nservers && !cfg->servers)
		return rt_diagf(d, RT_ERR_INVAL, "%zu servers but no server "
				"array", cfg->nservers);
	if (cfg->placement != SIM_PLACE_GLOBAL &&
	    !(ops->flags & SIM_POLICY_CLUSTERS))
		return rt_diagf(d, RT_ERR_INVAL, "policy %s runs one global "
				"runqueue; partitioned, clustered or cpuset "
				"placement needs another policy", ops->name);
	if ((cfg->nservers || cfg->task_server) &&
	    !(ops->flags & (SIM_POLICY_SERVERS | SIM_POLICY_FP_SERVERS)))
		return rt_diagf(d, RT_ERR_INVAL, "policy %s does not run "
				"servers; use policy cbs (EDF over jobs and "
				"servers)", ops->name);
	for (size_t i = 0; i < cfg->nservers; i++) {
		const struct rt_server *v = &cfg->servers[i];
		bool fp = rt_server_is_fp(v->kind);
		enum rt_err err = rt_server_check(v, d);

		if (err)
			return err;
		/* polling/deferrable need fixed priorities, the CBS kinds
		 * an EDF policy */
		if (!(ops->flags & (fp ? SIM_POLICY_FP_SERVERS :
				    SIM_POLICY_SERVERS)))
			return rt_diagf(d, RT_ERR_INVAL, "server %s: kind %s "
					"needs policy %s, not %s", v->name ?
					v->name : "?",
					rt_server_kind_name(v->kind),
					fp ? "fp" : "cbs", ops->name);
	}
	for (size_t i = 0; i < cfg->ntasks; i++) {
		const char *n = cfg->tasks[i].name ? cfg->tasks[i].name : "?";

		if (cfg->task_server && (cfg->task_server[i] < -1 ||
		    cfg->task_server[i] >= (int64_t)cfg->nservers))
			return rt_diagf(d, RT_ERR_INVAL, "task %s: server %"
					PRId32 " does not exist", n,
					cfg->task_server[i]);
		if (cfg->arrive_at && (cfg->arrive_at[i] < 0 ||
				       cfg->arrive_at[i] > RT_TIME_MAX))
			return rt_diagf(d, RT_ERR_INVAL, "task %s: arrive_at "
					"must be >= 0", n);
		if (cfg->leave_at && cfg->leave_at[i] < 0)
			return rt_diagf(d, RT_ERR_INVAL, "task %s: leave_at "
					"must be >= 0", n);
	}
	return RT_OK;
}

/* Resources: sections on known resources, a protocol the policy defines
 * (SIM_POLICY_LOCKS_FP: none, pip, pcp, srp; _EDF: none, srp; _DL: none,
 * inherit, on deadline tasks without changes:), one CPU
 * (the protocols here are uniprocessor ones). */
static enum rt_err cfg_check_resources(const struct sim_config *cfg,
				       const struct sim_policy_ops *ops,
				       struct rt_diag *d)
{
	bool any = cfg->protocol != SIM_PROTO_NONE;
	bool fp = ops->flags & SIM_POLICY_LOCKS_FP;
	bool edf = ops->flags & SIM_POLICY_LOCKS_EDF;
	bool dl = ops->flags & SIM_POLICY_LOCKS_DL;

	if ((unsigned)cfg->protocol >= SIM_PROTO__COUNT)
		return rt_diagf(d, RT_ERR_INVAL, "protocol: unknown value %d",
				(int)cfg->protocol);
	for (size_t i = 0; i < cfg->ntasks; i++) {
		const struct rt_task *t = &cfg->tasks[i];
		size_t bad, other;
		enum rt_err err;

		if (!t->nsections)
			continue;
		any = true;
		err = rt_sections_check(t->name, t->sections, t->nsections,
					cfg->nresources, &bad, &other, d);
		if (err)
			return err;
	}
	if (!any)
		return RT_OK;
	if (!fp && !edf && !dl)
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "policy %s: shared "
				"resources and locking protocols are defined "
				"for policies fp, edf and linux-dl only",
				ops->name);
	if (dl != (cfg->protocol == SIM_PROTO_INHERIT) &&
	    cfg->protocol != SIM_PROTO_NONE)
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "protocol %s is not "
				"defined under policy %s; expected %s",
				sim_protocol_name(cfg->protocol), ops->name,
				dl ? "none or inherit" : fp ?
				"none, pip, pcp or srp" : "none or srp");
	if (dl) {
		for (size_t i = 0; i < cfg->ntasks; i++) {
			const struct rt_task *t = &cfg->tasks[i];

			if (!t->nsections)
				continue;
			if (t->klass == RT_CLASS_FAIR)
				return rt_diagf(d, RT_ERR_UNSUPPORTED,
						"task %s: sections in a class: "
						"fair task are not modelled "
						"under linux-dl (a boosted "
						"SCHED_OTHER holder)", t->name);
			if (cfg->dl_changes && cfg->dl_changes[i].n)
				return rt_diagf(d, RT_ERR_UNSUPPORTED,
						"task %s: changes "
						"(sched_setattr()) with "
						"sections are not modelled "
						"(__setscheduler_dl_pi())",
						t->name);
		}
	}
	if (!fp && !dl && cfg->protocol != SIM_PROTO_NONE &&
	    cfg->protocol != SIM_PROTO_SRP)
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "protocol %s is not "
				"defined under policy %s; expected none or srp",
				sim_protocol_name(cfg->protocol), ops->name);
	if (cfg->cpus != 1)
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "shared resources need "
				"one CPU (%u given): multiprocessor locking "
				"protocols are not implemented", cfg->cpus);
	if ((cfg->overheads && rt_ovh_any(cfg->overheads)) ||
	    (cfg->capacity && cfg->capacity[0] != SIM_CAP_SCALE) ||
	    cfg_slowed(cfg))
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "not implemented yet: "
				"shared resources with scheduling overheads, "
				"a CPU capacity other than %u or a frequency "
				"below the highest", SIM_CAP_SCALE);
	return RT_OK;
}

enum rt_err sim_config_check(const struct sim_config *cfg,
			     const struct sim_policy_ops **ops,
			     struct rt_diag *d)
{
	enum rt_err err;

	if (!cfg)
		return rt_diagf(d, RT_ERR_INVAL, "no simulation configuration");
	if (cfg->ntasks && !cfg->tasks)
		return rt_diagf(d, RT_ERR_INVAL, "%zu tasks but no task array",
				cfg->ntasks);
	if (cfg->ntasks > UINT32_MAX)
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "%zu tasks: at most %"
				PRIu32 " are supported", cfg->ntasks,
				UINT32_MAX);
	if (cfg->cpus < 1 || cfg->cpus > SIM_MAX_CPUS)
		return rt_diagf(d, RT_ERR_INVAL, "cpus must be in 1..%u, not %u",
				SIM_MAX_CPUS, cfg->cpus);
	if (cfg->horizon <= 0 || cfg->horizon > RT_TIME_MAX)
		return rt_diagf(d, RT_ERR_INVAL, "horizon must be in 1..%" PRId64
				", not %" PRId64, (int64_t)RT_TIME_MAX,
				cfg->horizon);
	if (cfg->on_miss != SIM_ON_MISS_CONTINUE &&
	    cfg->on_miss != SIM_ON_MISS_ABORT)
		return rt_diagf(d, RT_ERR_INVAL, "on_miss: unknown value %d",
				(int)cfg->on_miss);
	if (cfg->tie_break != SIM_TIE_TASK_ORDER &&
	    cfg->tie_break != SIM_TIE_FIFO)
		return rt_diagf(d, RT_ERR_INVAL, "tie_break: unknown value %d",
				(int)cfg->tie_break);
	if ((unsigned)cfg->priorities >= RT_FP__COUNT)
		return rt_diagf(d, RT_ERR_INVAL, "priorities: unknown value %d",
				(int)cfg->priorities);
	err = cfg_check_placement(cfg, d);
	if (err)
		return err;
	*ops = sim_policy_find(cfg->policy);
	if (!*ops) {
		const struct sim_policy_ops *p;
		char known[128] = "";

		for (size_t i = 0; (p = sim_policy_at(i)) != NULL; i++) {
			size_t len = strlen(known);

			snprintf(known + len, sizeof(known) - len, "%s%s",
				 i ? ", " : "", p->name);
		}
		return rt_diagf(d, RT_ERR_INVAL, "unknown policy '%s' "
				"(known: %s)", cfg->policy ? cfg->policy : "",
				known);
	}
	if (cfg->nservers && (*ops)->servers)   /* its variant with servers */
		*ops = (*ops)->servers;
	if (!(*ops)->init || !(*ops)->fini || !(*ops)->enqueue ||
	    !(*ops)->dequeue || !(*ops)->schedule)
		return rt_diagf(d, RT_ERR_INVAL, "policy %s lacks a required "
				"hook", (*ops)->name);
	for (size_t i = 0; i < cfg->ntasks; i++) {
		err = rt_task_check(&cfg->tasks[i], d);
		if (err)
			return err;
	}
	for (unsigned c = 0; cfg->capacity && c < cfg->cpus; c++) {
		if (cfg->capacity[c] < 1 || cfg->capacity[c] > SIM_CAP_SCALE)
			return rt_diagf(d, RT_ERR_INVAL, "CPU %u: capacity %"
					PRIu32 " (expected 1..%u)", c,
					cfg->capacity[c], SIM_CAP_SCALE);
		if (cfg->capacity[c] != SIM_CAP_SCALE &&
		    (!((*ops)->flags & (SIM_POLICY_JOB_LEVEL |
					SIM_POLICY_CAPACITY)) ||
		     cfg_suspends(cfg)))
			return rt_diagf(d, RT_ERR_UNSUPPORTED, "CPUs of "
					"different capacities: not modelled "
					"for policy %s or self-suspending "
					"tasks", (*ops)->name);
	}
	if (cfg->admission != SIM_ADMISSION_NONE &&
	    (!((*ops)->flags & SIM_POLICY_ADMISSION) || !(*ops)->analysed_as))
		return rt_diagf(d, RT_ERR_INVAL, "policy %s has its own "
				"admission; it takes no admission test or mode",
				(*ops)->name);
	err = cfg_check_servers(cfg, *ops, d);
	if (!err)
		err = cfg_check_freq(cfg, *ops, d);
	return err ? err : cfg_check_resources(cfg, *ops, d);
}
