/* convert_cpuset.c - exclusive cpusets (root domains), fair tasks and the
 * per-CPU fair server (scenarios/README.md "Cpusets", docs/theory.md
 * E.4 item 8, E.6).
 *
 *   scheduler:
 *     cpusets:                    # placement: cpusets (implied)
 *       - { name: rt, cpus: [0, 1], tasks: [A, B] }
 *       - { name: iso, cpus: ["2-3"] }
 *     fair_server: { runtime: 50ms, period: 1000ms, reserve: true,
 *                    defer: true }
 *     kernel: "6.12"              # the profile (models/linux_dl.h)
 *     accounting: tick            # exact | tick; hrtick: true | false
 *     hz: 250                     # tick: 100 | 250 | 300 | 1000
 *     tick_phase: 0.1ms           # tick: the first tick, < 1/hz
 *     bw_release: zero-lag        # zero-lag | immediate
 *   tasks[i].class: fair          # linux-dl: a SCHED_OTHER task
 *
 * Sets are exclusive (a CPU in at most one); the CPUs in no listed set
 * form one more set named "root", where the tasks that no set lists
 * run.  (About 650 lines: the sets, the fair tasks and the fair server
 * are resolved together, since each needs the others' CPUs and
 * bandwidth.)  The linux-dl kernel profile and its rules are resolved here
 * (scn_linux_rules(), then scheduler.fair_server over the profile's
 * server).  Also here: the linux-dl parameter checks (__checkparam_dl) of
 * every SCHED_DEADLINE task, so that validate, run and analyze all
 * refuse them at load time with the task's position.  O(cpus + sets +
 * tasks + listed names): names are found through hash sets (nameset.c).
 */
#include "scenarios/internal.h"

#include <stdio.h>
#include <string.h>

#include "models/linux_dl.h"
#include "models/mem.h"

#define SCN_NO_SET UINT32_MAX

static const char *const scn_bools[] = { "false", "true" };

/* "3" or "0-2" (a cpuset.cpus range) within 0..cpus-1 */
static enum rt_err scn_cpu_range(const struct scn_ctx *c, const char *str,
				 const char *path, unsigned cpus,
				 unsigned *lo, unsigned *hi)
{
	char buf[64], q[72];
	const char *dash = strchr(str, '-');
	int64_t a, b;
	struct rt_diag tmp;

	scn_quote(q, sizeof(q), str);
	if (!dash) {
		if (scn_parse_int(str, 0, (int64_t)cpus - 1, &a, &tmp))
			goto bad;
		*lo = *hi = (unsigned)a;
		return RT_OK;
	}
	if ((size_t)(dash - str) >= sizeof(buf) || dash == str)
		goto bad;
	memcpy(buf, str, (size_t)(dash - str));
	buf[dash - str] = '\0';
	if (scn_parse_int(buf, 0, (int64_t)cpus - 1, &a, &tmp) ||
	    scn_parse_int(dash + 1, 0, (int64_t)cpus - 1, &b, &tmp) || b < a)
		goto bad;
	*lo = (unsigned)a;
	*hi = (unsigned)b;
	return RT_OK;
bad:
	return scn_fail(c, RT_ERR_PARSE, path, NULL, 0, SCN_AT_VALUE,
			"%s; expected a CPU number or a range lo-hi within "
			"0..%u", q, cpus - 1);
}

/* cpusets[i]: name (unique in 'names'), CPUs (into cpu_set) */
static enum rt_err scn_cpuset(const struct scn_ctx *c, struct scn_scenario *s,
			      const struct scn_y_cpuset *y, size_t i,
			      struct scn_nameset *names)
{
	struct scn_scheduler *k = &s->sched;
	char p[64], pc[96], q[72];
	struct rt_diag tmp;
	size_t dup;

	snprintf(p, sizeof(p), "scheduler.cpusets[%zu]", i);
	if (!y->name || scn_parse_ident(y->name, SCN_MAX_NAME, &tmp))
		return scn_fail(c, RT_ERR_PARSE, p, y->name ? "name" : NULL, 0,
				SCN_AT_VALUE, "%s; expected a name of letters, "
				"digits, '_', '-', '.', e.g. name: rt",
				y->name ? "not a name" : "missing name");
	if (!(k->cpusets[i].name = rt_strdup(y->name)))
		return RT_ERR_NOMEM;
	if (!scn_nameset_add(names, i, &dup)) {
		scn_quote(q, sizeof(q), y->name);
		return scn_fail(c, RT_ERR_PARSE, p, "name", 0, SCN_AT_VALUE,
				"%s names another cpuset too; expected unique "
				"names", q);
	}
	if (!y->cpus)
		return scn_fail(c, RT_ERR_PARSE, p, NULL, 0, SCN_AT_VALUE,
				"missing cpus; expected its CPUs, e.g. cpus: "
				"[0, 1] or cpus: [\"0-3\"]");
	for (size_t n = 0; n < y->cpus_count; n++) {
		unsigned lo = 0, hi = 0;
		enum rt_err err;

		snprintf(pc, sizeof(pc), "%s.cpus[%zu]", p, n);
		if ((err = scn_cpu_range(c, y->cpus[n], pc, s->cpus, &lo, &hi)))
			return err;
		for (unsigned cpu = lo; cpu <= hi; cpu++) {
			if (k->cpu_set[cpu] == i)
				continue;
			if (k->cpu_set[cpu] != SCN_NO_SET)
				return scn_fail(c, RT_ERR_PARSE, pc, NULL, 0,
						SCN_AT_VALUE, "CPU %u is in "
						"cpusets[%u] already; expected "
						"exclusive cpusets (a CPU in one "
						"set at most)", cpu,
						k->cpu_set[cpu]);
			k->cpu_set[cpu] = (unsigned)i;
			k->cpusets[i].ncpus++;
		}
	}
	return RT_OK;
}

/* cpusets[i].tasks: the set of each listed task ('tasks': the task
 * names) */
static enum rt_err scn_cpuset_tasks(const struct scn_ctx *c,
				    struct scn_scenario *s,
				    const struct scn_y_cpuset *y, size_t i,
				    const struct scn_nameset *tasks)
{
	char p[80], q[72];

	for (size_t n = 0; n < y->tasks_count; n++) {
		size_t t = scn_nameset_find(tasks, y->tasks[n]);

		snprintf(p, sizeof(p), "scheduler.cpusets[%zu].tasks[%zu]", i, n);
		scn_quote(q, sizeof(q), y->tasks[n]);
		if (t == SIZE_MAX)
			return scn_fail(c, RT_ERR_PARSE, p, NULL, 0,
					SCN_AT_VALUE, "%s is not a task; expected "
					"the name of an entry of tasks", q);
		if (s->sched.task_set[t] != SCN_NO_SET)
			return scn_fail(c, RT_ERR_PARSE, p, NULL, 0,
					SCN_AT_VALUE, "task %s is in cpusets[%u] "
					"already; expected each task in one "
					"cpuset", q, s->sched.task_set[t]);
		s->sched.task_set[t] = (unsigned)i;
	}
	return RT_OK;
}

/* The CPUs in no listed set form the set "root"; unlisted tasks go
 * there.  'names': the listed sets' names. */
static enum rt_err scn_cpuset_root(const struct scn_ctx *c,
				   struct scn_scenario *s,
				   const struct scn_nameset *names)
{
	struct scn_scheduler *k = &s->sched;
	size_t root = k->ncpusets;
	unsigned left = 0;

	for (unsigned cpu = 0; cpu < s->cpus; cpu++)
		left += k->cpu_set[cpu] == SCN_NO_SET;
	if (left) {
		if (scn_nameset_find(names, "root") != SIZE_MAX)
			return scn_fail(c, RT_ERR_PARSE, "scheduler", "cpusets",
					0, SCN_AT_KEY, "a cpuset is named root "
					"while CPUs are left in no set; expected "
					"another name (the CPUs in no set form "
					"the set root)");
		if (!(k->cpusets[root].name = rt_strdup("root")))
			return RT_ERR_NOMEM;
		k->cpusets[root].ncpus = left;
		k->ncpusets++;
		for (unsigned cpu = 0; cpu < s->cpus; cpu++)
			if (k->cpu_set[cpu] == SCN_NO_SET)
				k->cpu_set[cpu] = (unsigned)root;
	}
	for (size_t t = 0; t < s->ntasks; t++) {
		char p[48];

		if (k->task_set[t] != SCN_NO_SET)
			continue;
		if (!left) {
			snprintf(p, sizeof(p), "tasks[%zu]", t);
			return scn_fail(c, RT_ERR_PARSE, p, NULL, 0,
					SCN_AT_VALUE, "in no cpuset, and every "
					"CPU is in one; expected its name in "
					"the tasks of a cpuset, or a CPU left "
					"out of every set");
		}
		k->task_set[t] = (unsigned)root;
	}
	return RT_OK;
}

static enum rt_err scn_cpusets(const struct scn_ctx *c,
			       const struct scn_y_sched *y,
			       struct scn_scenario *s)
{
	struct scn_scheduler *k = &s->sched;
	struct scn_nameset names = { 0 }, tasks = { 0 };
	enum rt_err err;

	if (k->has_partitioning)
		return scn_fail(c, RT_ERR_PARSE, "scheduler", "partitioning",
				0, SCN_AT_VALUE, "not with cpusets; expected "
				"the tasks of each cpuset in its tasks list");
	k->placement = SCN_PLACE_CPUSETS;
	k->cpusets = rt_calloc((size_t)y->cpusets_count + 1,
			       sizeof(*k->cpusets));
	k->cpu_set = rt_calloc(s->cpus, sizeof(*k->cpu_set));
	k->task_set = rt_calloc(s->ntasks ? s->ntasks : 1,
				sizeof(*k->task_set));
	if (!k->cpusets || !k->cpu_set || !k->task_set)
		return RT_ERR_NOMEM;
	for (unsigned cpu = 0; cpu < s->cpus; cpu++)
		k->cpu_set[cpu] = SCN_NO_SET;
	for (size_t t = 0; t < s->ntasks; t++)
		k->task_set[t] = SCN_NO_SET;
	if ((err = scn_nameset_init(&names, &k->cpusets[0].name,
				    sizeof(k->cpusets[0]), y->cpusets_count)) ||
	    (err = scn_nameset_init(&tasks, &s->tasks[0].name,
				    sizeof(s->tasks[0]), s->ntasks)))
		goto out;
	for (size_t i = 0; i < y->cpusets_count && !err; i++) {
		k->ncpusets = i + 1;
		err = scn_cpuset(c, s, &y->cpusets[i], i, &names);
	}
	for (size_t t = 0; t < s->ntasks && !err; t++) {
		size_t dup;

		scn_nameset_add(&tasks, t, &dup);       /* names are unique */
	}
	for (size_t i = 0; i < y->cpusets_count && !err; i++)
		err = scn_cpuset_tasks(c, s, &y->cpusets[i], i, &tasks);
	if (!err)
		err = scn_cpuset_root(c, s, &names);
out:
	scn_nameset_fini(&names);
	scn_nameset_fini(&tasks);
	if (err)
		return err;
	for (size_t t = 0; t < s->ntasks; t++) {
		char p[48];
		int cpu = s->tasks[t].cpu;

		if (cpu < 0 || k->cpu_set[cpu] == k->task_set[t])
			continue;
		snprintf(p, sizeof(p), "tasks[%zu]", t);
		return scn_fail(c, RT_ERR_PARSE, p, "cpu", 0, SCN_AT_VALUE,
				"CPU %d is not in the task's cpuset %s; expected "
				"a CPU of its set (or no cpu)", cpu,
				k->cpusets[k->task_set[t]].name);
	}
	return RT_OK;
}

/* scheduler.fair_server: overrides the profile's fair server; runtime 0
 * turns it off (as writing 0 to the kernel's debugfs runtime does) */
static enum rt_err scn_fair_server(const struct scn_ctx *c,
				   const struct scn_y_fair *y,
				   struct scn_scenario *s)
{
	static const char p[] = "scheduler.fair_server";
	struct scn_fair_server *f = &s->sched.fair_server;
	struct rt_diag tmp;
	enum rt_err err;
	int e;

	if (scn_policy_model(s->sched.policy) != RT_AN_LINUX_DL)
		return scn_fail(c, RT_ERR_PARSE, "scheduler", "fair_server", 0,
				SCN_AT_KEY, "only with policy: linux-dl; "
				"expected no fair_server with policy: %s",
				s->sched.policy);
	if (y->runtime && (err = scn_time_at(c, s->time_unit, y->runtime, p,
					     "runtime", -1, SCN_SIGN_NONNEG,
					     &f->runtime)))
		return err;
	if (y->runtime && f->runtime == 0) {
		f->on = false;
		s->sched.dl.fair_server = false;
		return RT_OK;
	}
	if (!y->runtime || !y->period)
		return scn_fail(c, RT_ERR_PARSE, p, NULL, 0, SCN_AT_VALUE,
				"missing %s; expected runtime and period, e.g. "
				"{runtime: 50ms, period: 1000ms} (runtime: 0 "
				"turns the server off)",
				y->runtime ? "period" : "runtime");
	if ((err = scn_time_at(c, s->time_unit, y->period, p, "period", -1,
			       SCN_SIGN_POS, &f->period)))
		return err;
	f->deadline = f->period;
	if (y->deadline && (err = scn_time_at(c, s->time_unit, y->deadline, p,
					      "deadline", -1, SCN_SIGN_POS,
					      &f->deadline)))
		return err;
	f->reserve = true;
	if (y->reserve) {
		if ((err = scn_enum_at(c, y->reserve, p, "reserve",
				       SCN_NAMES(scn_bools), &e)))
			return err;
		f->reserve = e == 1;
	}
	if (y->defer) {
		if ((err = scn_enum_at(c, y->defer, p, "defer",
				       SCN_NAMES(scn_bools), &e)))
			return err;
		f->defer = e == 1;
	}
	if ((err = rt_dl_checkparam("fair_server", f->runtime, f->deadline,
				    f->period, scn_time_unit_scale(s->time_unit),
				    scn_time_unit_name(s->time_unit), &tmp)))
		return scn_fail(c, err, p, NULL, 0, SCN_AT_VALUE, "%s", tmp.msg);
	f->on = true;
	return RT_OK;
}

/*
 * The fair servers' bandwidth against the root domain's cap, as the
 * kernel's dl_server_apply_params() checks it: __dl_overflow() with
 * cap = dl_bw_capacity() = 1024 x dl_bw_cpus() on symmetric CPUs, i.e.
 *
 *     cpus x to_ratio(period, runtime) <= cpus x to_ratio(rt_period_us,
 *                                                       rt_runtime_us)
 *
 * (the servers are applied one CPU at a time, so the last one binds;
 * -EBUSY above it).  With reserve: false the server is checked against
 * what RT throttling leaves per CPU, 2^20 - cap: the limit is
 * sim_dl_fair_bw_limit(), which the engine applies too
 * (sim/policy_linux_dl.c, ldl_fair_admit()); CPUs of different
 * capacities are left to it.  Reported at the fair server's runtime, or
 * at rt_runtime_us when the server is the kernel profile's.
 */
static enum rt_err scn_fair_cap(const struct scn_ctx *c,
				const struct scn_y_sched *k,
				const struct scn_scenario *s)
{
	const struct scn_fair_server *f = &s->sched.fair_server;
	bool own = k && k->fair_server;
	uint64_t bw, cap;

	if (!f->on || f->runtime <= 0 || s->capacity ||
	    scn_policy_model(s->sched.policy) != RT_AN_LINUX_DL ||
	    s->sched.rt_runtime_us == RT_DL_RUNTIME_INF)
		return RT_OK;
	bw = rt_dl_to_ratio(f->period, f->runtime);
	cap = rt_dl_to_ratio(s->sched.rt_period_us, s->sched.rt_runtime_us);
	if (bw <= sim_dl_fair_bw_limit(cap, f->reserve))
		return RT_OK;
	if (f->reserve)
		return scn_fail(c, RT_ERR_INVAL, own ? "scheduler.fair_server" :
				"scheduler", own ? "runtime" : "rt_runtime_us",
				0, SCN_AT_VALUE, "fair server bandwidth "
				"runtime/period = %lld/%lld ns (%llu/2^20) "
				"exceeds the admission cap rt_runtime_us/"
				"rt_period_us = %lld/%lld (%llu/2^20) per CPU; "
				"the kernel refuses it (dl_server_apply_params(): "
				"__dl_overflow(), -EBUSY); expected runtime/period "
				"<= the cap",
				(long long)f->runtime, (long long)f->period,
				(unsigned long long)bw,
				(long long)s->sched.rt_runtime_us,
				(long long)s->sched.rt_period_us,
				(unsigned long long)cap);
	return scn_fail(c, RT_ERR_INVAL, own ? "scheduler.fair_server" :
			"scheduler", own ? "runtime" : "rt_runtime_us",
			0, SCN_AT_VALUE, "fair server bandwidth "
			"runtime/period = %lld/%lld ns (%llu/2^20) "
			"exceeds what the admission cap rt_runtime_us/"
			"rt_period_us = %lld/%lld leaves per CPU "
			"(2^20 - %llu) with reserve: false; expected "
			"runtime/period <= 1 - the cap",
			(long long)f->runtime, (long long)f->period,
			(unsigned long long)bw,
			(long long)s->sched.rt_runtime_us,
			(long long)s->sched.rt_period_us,
			(unsigned long long)cap);
}

/*
 * GRUB (scheduler.reclaim: grub, or a task's flags: [reclaim]) where
 * sim/policy_linux_dl.c does not model it (sim_dl_grub_verdict(), which
 * ldl_init() applies too), refused at the field that asks for it: with
 * accounting: tick, and in a root domain of more than one CPU (placement
 * global or clustered; cpusets are left to the engine; CPUs of different
 * capacities to scn_check_platform_reclaim()).
 */
static enum rt_err scn_dl_reclaim(const struct scn_ctx *c,
				  const struct scn_y_sched *k,
				  const struct scn_scenario *s)
{
	/* cpusets: each set is a root domain of its own, left to the
	 * engine */
	enum sim_dl_grub v = sim_dl_grub_verdict(
		s->sched.dl.accounting == RT_DL_ACCT_TICK,
		s->sched.placement != SCN_PLACE_CPUSETS ?
		s->sched.cluster_size : 1);
	const char *why = v == SIM_DL_GRUB_TICK ?
			  "reclaim: grub with accounting: tick is not "
			  "modelled (grub_reclaim() would charge each "
			  "tick at the rate of its end); expected "
			  "accounting: exact" :
			  "reclaim: grub is modelled in root domains of "
			  "one CPU only (the kernel reclaims per "
			  "runqueue); expected cpus: 1, partitioned "
			  "placement or one-CPU cpusets";
	char p[32];

	if (scn_policy_model(s->sched.policy) != RT_AN_LINUX_DL ||
	    s->capacity || v == SIM_DL_GRUB_OK)
		return RT_OK;
	if (s->sched.reclaim == RT_RECLAIM_GRUB)
		return scn_fail(c, RT_ERR_UNSUPPORTED, "scheduler",
				k && k->reclaim ? "reclaim" : "policy", 0,
				SCN_AT_VALUE, "%s", why);
	for (size_t i = 0; s->dl_flags && i < s->ntasks; i++) {
		if (!(s->dl_flags[i] & RT_DL_FLAG_RECLAIM))
			continue;
		snprintf(p, sizeof(p), "tasks[%zu]", i);
		return scn_fail(c, RT_ERR_UNSUPPORTED, p, "flags", 0,
				SCN_AT_VALUE, "%s", why);
	}
	return RT_OK;
}

static const char *const scn_flag_names[] = { "reclaim", "dl-overrun" };

/* tasks[i].flags: [reclaim, dl-overrun] (linux-dl sched_flags) */
static enum rt_err scn_dl_flags(const struct scn_ctx *c,
				const struct scn_y_doc *y,
				struct scn_scenario *s)
{
	bool any = false;

	for (size_t i = 0; i < s->ntasks; i++)
		any |= y->tasks[i].flags != NULL;
	if (!any)
		return RT_OK;
	s->dl_flags = rt_calloc(s->ntasks, sizeof(*s->dl_flags));
	if (!s->dl_flags)
		return RT_ERR_NOMEM;
	for (size_t i = 0; i < s->ntasks; i++) {
		const struct scn_y_task *t = &y->tasks[i];
		char p[48], sub[32];
		enum rt_err err;
		int e;

		if (!t->flags)
			continue;
		snprintf(p, sizeof(p), "tasks[%zu]", i);
		if (scn_policy_model(s->sched.policy) != RT_AN_LINUX_DL ||
		    s->tasks[i].klass == RT_CLASS_FAIR)
			return scn_fail(c, RT_ERR_PARSE, p, "flags", 0, SCN_AT_KEY,
					"SCHED_DEADLINE flags: only for deadline "
					"tasks under policy: linux-dl");
		for (unsigned k = 0; k < t->flags_count; k++) {
			snprintf(sub, sizeof(sub), "flags[%u]", k);
			if ((err = scn_enum_at(c, t->flags[k], p, sub,
					       SCN_NAMES(scn_flag_names), &e)))
				return err;
			s->dl_flags[i] |= 1u << e;
		}
	}
	return RT_OK;
}

/* tasks[i].yield_at: [t, ...] increasing instants >= 0 (linux-dl) */
static enum rt_err scn_dl_yields(const struct scn_ctx *c,
				 const struct scn_y_doc *y,
				 struct scn_scenario *s)
{
	bool any = false;

	for (size_t i = 0; i < s->ntasks; i++)
		any |= y->tasks[i].yield_at != NULL;
	if (!any)
		return RT_OK;
	s->yield_at = rt_calloc(s->ntasks, sizeof(*s->yield_at));
	if (!s->yield_at)
		return RT_ERR_NOMEM;
	for (size_t i = 0; i < s->ntasks; i++) {
		const struct scn_y_task *t = &y->tasks[i];
		rt_time *at;
		char p[48];
		enum rt_err err;

		if (!t->yield_at)
			continue;
		snprintf(p, sizeof(p), "tasks[%zu]", i);
		if (scn_policy_model(s->sched.policy) != RT_AN_LINUX_DL ||
		    s->tasks[i].klass == RT_CLASS_FAIR)
			return scn_fail(c, RT_ERR_PARSE, p, "yield_at", 0,
					SCN_AT_KEY, "sched_yield() of a deadline "
					"task: only under policy: linux-dl");
		at = rt_calloc(t->yield_at_count, sizeof(*at));
		if (!at)
			return RT_ERR_NOMEM;
		s->yield_at[i].at = at;
		s->yield_at[i].n = t->yield_at_count;
		for (unsigned k = 0; k < t->yield_at_count; k++) {
			if ((err = scn_time_at(c, s->time_unit, t->yield_at[k], p,
					       "yield_at", (long)k,
					       SCN_SIGN_NONNEG, &at[k])))
				return err;
			if (k && at[k] <= at[k - 1]) {
				char path[96];

				return scn_fail(c, RT_ERR_PARSE,
						scn_path(path, sizeof(path), p,
							 "yield_at", (long)k),
						NULL, 0, SCN_AT_VALUE, "not after "
						"yield_at[%u]; expected "
						"increasing instants", k - 1);
			}
		}
	}
	return RT_OK;
}

/* tasks[i].changes: [{at, runtime, deadline, period}] (linux-dl):
 * sched_setattr() calls; a key left out keeps the value before; each
 * change must pass __checkparam_dl (the kernel's -EINVAL). */
static enum rt_err scn_dl_changes(const struct scn_ctx *c,
				  const struct scn_y_doc *y,
				  struct scn_scenario *s)
{
	bool any = false;

	for (size_t i = 0; i < s->ntasks; i++)
		any |= y->tasks[i].changes != NULL;
	if (!any)
		return RT_OK;
	s->changes = rt_calloc(s->ntasks, sizeof(*s->changes));
	if (!s->changes)
		return RT_ERR_NOMEM;
	for (size_t i = 0; i < s->ntasks; i++) {
		const struct scn_y_task *t = &y->tasks[i];
		const struct rt_task *k = &s->tasks[i];
		rt_time Q = k->wcet, D = k->deadline, P = k->period, prev = -1;
		struct sim_dl_change *v;
		char p[48];

		if (!t->changes)
			continue;
		snprintf(p, sizeof(p), "tasks[%zu]", i);
		if (scn_policy_model(s->sched.policy) != RT_AN_LINUX_DL ||
		    k->klass == RT_CLASS_FAIR)
			return scn_fail(c, RT_ERR_PARSE, p, "changes", 0,
					SCN_AT_KEY, "sched_setattr() of a "
					"deadline task: only under policy: "
					"linux-dl");
		v = rt_calloc(t->changes_count, sizeof(*v));
		if (!v)
			return RT_ERR_NOMEM;
		s->changes[i].v = v;
		s->changes[i].n = t->changes_count;
		for (unsigned n = 0; n < t->changes_count; n++) {
			const struct scn_y_change *ch = &t->changes[n];
			struct rt_diag tmp;
			char q[96];
			enum rt_err err;

			scn_path(q, sizeof(q), p, "changes", (long)n);
			if (!ch->at)
				return scn_fail(c, RT_ERR_PARSE, q, NULL, 0,
						SCN_AT_VALUE, "missing at; "
						"expected {at, runtime, deadline, "
						"period}");
			if ((err = scn_time_at(c, s->time_unit, ch->at, q, "at",
					       -1, SCN_SIGN_NONNEG, &v[n].at)) ||
			    (ch->runtime &&
			     (err = scn_time_at(c, s->time_unit, ch->runtime, q,
						"runtime", -1, SCN_SIGN_POS, &Q))) ||
			    (ch->deadline &&
			     (err = scn_time_at(c, s->time_unit, ch->deadline, q,
						"deadline", -1, SCN_SIGN_POS, &D))) ||
			    (ch->period &&
			     (err = scn_time_at(c, s->time_unit, ch->period, q,
						"period", -1, SCN_SIGN_POS, &P))))
				return err;
			if (v[n].at <= prev)
				return scn_fail(c, RT_ERR_PARSE, q, "at", 0,
						SCN_AT_VALUE, "not after the "
						"change before; expected "
						"increasing instants");
			prev = v[n].at;
			if ((err = rt_dl_checkparam(k->name, Q, D, P,
					scn_time_unit_scale(s->time_unit),
					scn_time_unit_name(s->time_unit),
					&tmp)))
				return scn_fail(c, err, q, NULL, 0, SCN_AT_VALUE,
						"%s", tmp.msg);
			v[n].runtime = Q;
			v[n].deadline = D;
			v[n].period = P;
		}
	}
	return RT_OK;
}

static const char *const scn_accountings[] = { "exact", "tick" };
static const char *const scn_releases[] = { "zero-lag", "immediate" };

/* scheduler.kernel and the linux-dl rules set on their own */
static enum rt_err scn_linux_rules(const struct scn_ctx *c,
				   const struct scn_y_sched *k,
				   struct scn_scenario *s)
{
	struct rt_dl_rules *r = &s->sched.dl;
	const struct rt_dl_rules *prof;
	bool ldl = scn_policy_model(s->sched.policy) == RT_AN_LINUX_DL;
	const char *given[] = { k ? k->kernel : NULL, k ? k->accounting : NULL,
				k ? k->hz : NULL, k ? k->tick_phase : NULL,
				k ? k->hrtick : NULL, k ? k->bw_release : NULL };
	static const char *const keys[] = { "kernel", "accounting", "hz",
					    "tick_phase", "hrtick",
					    "bw_release" };
	enum rt_err err;
	int64_t hz;
	int e;

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (given[i] && !ldl)
			return scn_fail(c, RT_ERR_PARSE, "scheduler", keys[i], 0,
					SCN_AT_KEY, "only with policy: linux-dl; "
					"expected no %s with policy: %s",
					keys[i], s->sched.policy);
	prof = rt_dl_profile(k ? k->kernel : NULL);
	if (!prof)
		return scn_fail(c, RT_ERR_PARSE, "scheduler", "kernel", 0,
				SCN_AT_VALUE, "'%s' is no kernel profile; expected "
				"one of " RT_DL_KERNEL_NAMES " (quoted: kernel: "
				"\"6.12\")", k->kernel);
	*r = *prof;
	if (!ldl) {
		r->fair_server = false;
		return RT_OK;
	}
	if (k && k->accounting) {
		if ((err = scn_enum_at(c, k->accounting, "scheduler",
				       "accounting", SCN_NAMES(scn_accountings),
				       &e)))
			return err;
		r->accounting = (enum rt_dl_accounting)e;
	}
	if (k && k->hrtick) {
		if ((err = scn_enum_at(c, k->hrtick, "scheduler", "hrtick",
				       SCN_NAMES(scn_bools), &e)))
			return err;
		if (k->accounting && (e == 1) != (r->accounting ==
						   RT_DL_ACCT_EXACT))
			return scn_fail(c, RT_ERR_PARSE, "scheduler", "hrtick", 0,
					SCN_AT_VALUE, "contradicts accounting: "
					"%s; expected hrtick: true with "
					"accounting: exact, false with tick",
					scn_accountings[r->accounting]);
		r->accounting = e == 1 ? RT_DL_ACCT_EXACT : RT_DL_ACCT_TICK;
	}
	if (k && k->hz) {
		if ((err = scn_int_at(c, k->hz, "scheduler", "hz", 1, 100000,
				      &hz)))
			return err;
		if (hz != 100 && hz != 250 && hz != 300 && hz != 1000)
			return scn_fail(c, RT_ERR_PARSE, "scheduler", "hz", 0,
					SCN_AT_VALUE, "%lld is no CONFIG_HZ; "
					"expected 100, 250, 300 or 1000",
					(long long)hz);
		r->hz = (unsigned)hz;
	}
	if (k && k->tick_phase &&
	    (err = scn_time_at(c, s->time_unit, k->tick_phase, "scheduler",
			       "tick_phase", -1, SCN_SIGN_NONNEG,
			       &r->tick_phase)))
		return err;
	if ((k && (k->hz || k->tick_phase)) &&
	    r->accounting != RT_DL_ACCT_TICK)
		return scn_fail(c, RT_ERR_PARSE, "scheduler", k->hz ? "hz" :
				"tick_phase", 0, SCN_AT_KEY, "only with "
				"accounting: tick (runtime is enforced exactly "
				"otherwise)");
	if (r->tick_phase >= rt_dl_tick_nsec(r->hz))
		return scn_fail(c, RT_ERR_PARSE, "scheduler", "tick_phase", 0,
				SCN_AT_VALUE, "%lld ns >= the tick %lld ns; "
				"expected 0 <= tick_phase < 1/hz",
				(long long)r->tick_phase,
				(long long)rt_dl_tick_nsec(r->hz));
	if (k && k->bw_release) {
		if ((err = scn_enum_at(c, k->bw_release, "scheduler",
				       "bw_release", SCN_NAMES(scn_releases),
				       &e)))
			return err;
		r->release = (enum rt_dl_release)e;
	}
	/* the profile's fair server, which scheduler.fair_server overrides */
	s->sched.fair_server.on = r->fair_server;
	s->sched.fair_server.runtime = r->fair_runtime;
	s->sched.fair_server.deadline = r->fair_deadline;
	s->sched.fair_server.period = r->fair_period;
	s->sched.fair_server.reserve = r->fair_reserve;
	s->sched.fair_server.defer = r->fair_defer;
	return RT_OK;
}

/* class: fair only under linux-dl; __checkparam_dl for the others */
static enum rt_err scn_dl_tasks(const struct scn_ctx *c,
				const struct scn_scenario *s)
{
	bool ldl = scn_policy_model(s->sched.policy) == RT_AN_LINUX_DL;

	for (size_t i = 0; i < s->ntasks; i++) {
		const struct rt_task *t = &s->tasks[i];
		struct rt_diag tmp;
		enum rt_err err;
		char p[48];

		snprintf(p, sizeof(p), "tasks[%zu]", i);
		if (t->klass == RT_CLASS_FAIR && !ldl)
			return scn_fail(c, RT_ERR_PARSE, p, "class", 0,
					SCN_AT_VALUE, "fair only with policy: "
					"linux-dl; expected hard or soft");
		if (!ldl || t->klass == RT_CLASS_FAIR)
			continue;
		if ((err = rt_dl_checkparam(t->name, t->wcet, t->deadline,
					    t->period,
					    scn_time_unit_scale(s->time_unit),
					    scn_time_unit_name(s->time_unit),
					    &tmp)))
			return scn_fail(c, err, p, NULL, 0, SCN_AT_VALUE, "%s",
					tmp.msg);
	}
	return RT_OK;
}

enum rt_err scn_convert_cpusets(const struct scn_ctx *c,
				const struct scn_y_doc *y,
				struct scn_scenario *s)
{
	const struct scn_y_sched *k = y->scheduler;
	enum rt_err err;

	if ((err = scn_dl_tasks(c, s)) || (err = scn_linux_rules(c, k, s)) ||
	    (err = scn_dl_flags(c, y, s)) || (err = scn_dl_yields(c, y, s)) ||
	    (err = scn_dl_changes(c, y, s)))
		return err;
	if (k && k->fair_server &&
	    (err = scn_fair_server(c, k->fair_server, s)))
		return err;
	if ((err = scn_fair_cap(c, k, s)) || (err = scn_dl_reclaim(c, k, s)))
		return err;
	s->sched.dl.fair_server = s->sched.fair_server.on;
	s->sched.dl.fair_runtime = s->sched.fair_server.runtime;
	s->sched.dl.fair_deadline = s->sched.fair_server.deadline;
	s->sched.dl.fair_period = s->sched.fair_server.period;
	s->sched.dl.fair_reserve = s->sched.fair_server.reserve;
	s->sched.dl.fair_defer = s->sched.fair_server.defer;
	if (k && k->cpusets) {
		if (k->placement && s->sched.placement != SCN_PLACE_CPUSETS)
			return scn_fail(c, RT_ERR_PARSE, "scheduler", "placement",
					0, SCN_AT_VALUE, "not with cpusets; "
					"expected placement: cpusets (or no "
					"placement)");
		return scn_cpusets(c, k, s);
	}
	if (s->sched.placement == SCN_PLACE_CPUSETS)
		return scn_fail(c, RT_ERR_PARSE, "scheduler", "placement", 0,
				SCN_AT_VALUE, "cpusets without a cpusets list; "
				"expected scheduler.cpusets: [{name, cpus}]");
	return RT_OK;
}
