/* convert.c - the loaded strings become a struct scn_scenario.
 *
 * The document level: format, time unit, name, horizon, seed, platform,
 * scheduler (each with its default: libcyaml 1.3.1 has none), then the
 * task list, one task at a time by convert_task.c.  Task names must be
 * unique: a hash set of task indexes makes that O(1) expected per task, so
 * a million tasks convert in O(n).  On failure the half-built scenario is
 * freed and *out is untouched.
 */
#include "scenarios/internal.h"

#include <stdio.h>
#include <string.h>

#include "models/mem.h"
#include "models/rt_time.h"
#include "models/task.h"

static const char *const scn_units[] = { "tick", "ns", "us", "ms", "s" };
static const char *const scn_modes[] = { "soft", "hard" };
static const char *const scn_places[] = { "global", "partitioned", "clustered",
					  "cpusets" };
static const char *const scn_misses[] = { "continue", "abort" };
static const char *const scn_ties[] = { "task-order", "fifo" };

static enum rt_err scn_ident_at(const struct scn_ctx *c, const char *str,
				const char *path, char **out)
{
	struct rt_diag tmp;
	enum rt_err err = scn_parse_ident(str, SCN_MAX_IDENT, &tmp);

	if (err)
		return scn_fail(c, err, path, NULL, 0, SCN_AT_VALUE, "%s", tmp.msg);
	*out = rt_strdup(str);
	return *out ? RT_OK : RT_ERR_NOMEM;
}

static enum rt_err scn_tasks(const struct scn_ctx *c, const struct scn_y_doc *y,
			     const struct scn_shorthands *sh,
			     struct scn_scenario *s)
{
	struct scn_nameset ns;
	size_t k = 0, dup;
	enum rt_err err;

	if (!y->tasks)
		return scn_fail(c, RT_ERR_PARSE, "", NULL, 0, SCN_AT_VALUE,
				"missing tasks; expected tasks: [{name: P1, C: 4, "
				"T: 10}, ...]");
	s->tasks = rt_calloc(y->tasks_count, sizeof(*s->tasks));
	if (!s->tasks)
		return RT_ERR_NOMEM;
	for (size_t i = 0; i < y->tasks_count; i++)
		s->tasks[i] = rt_task_make(NULL, 0, 0, 0);
	s->ntasks = y->tasks_count;
	if ((err = scn_nameset_init(&ns, &s->tasks[0].name,
				     sizeof(s->tasks[0]), s->ntasks)))
		return err;
	for (size_t i = 0; i < s->ntasks; i++) {
		const char *arr_sh = NULL, *exec_sh = NULL;

		for (; k < (sh ? sh->n : 0) && sh->v[k].task == i; k++) {
			if (sh->v[k].field == SCN_SH_ARRIVAL)
				arr_sh = sh->v[k].value;
			else
				exec_sh = sh->v[k].value;
		}
		if ((err = scn_convert_task(c, s, &y->tasks[i], i, arr_sh,
					    exec_sh, &s->tasks[i])))
			break;
		if (!scn_nameset_add(&ns, i, &dup)) {
			char path[64], q[72];

			snprintf(path, sizeof(path), "tasks[%zu].name", i);
			scn_quote(q, sizeof(q), s->tasks[i].name);
			err = scn_fail(c, RT_ERR_PARSE, path, NULL, 0, SCN_AT_VALUE,
				       "%s is already the name of tasks[%zu]; "
				       "expected unique task names", q, dup);
			break;
		}
	}
	scn_nameset_fini(&ns);
	return err;
}

/* ---- the document -------------------------------------------------------- */

char *scn_default_name(const char *file)
{
	const char *b = strrchr(file, '/');
	size_t len;
	char *n;

	b = b ? b + 1 : file;
	len = strlen(b);
	if (len > 5 && !strcmp(b + len - 5, ".yaml"))
		len -= 5;
	else if (len > 4 && !strcmp(b + len - 4, ".yml"))
		len -= 4;
	if (!len)
		return rt_strdup(file);
	n = rt_malloc(len + 1);
	if (n) {
		memcpy(n, b, len);
		n[len] = '\0';
	}
	return n;
}

static enum rt_err scn_header(const struct scn_ctx *c, const struct scn_y_doc *y,
			      struct scn_scenario *s)
{
	struct rt_diag tmp;
	enum rt_err err;
	int64_t v;
	int e;

	if (!y->format)
		return scn_fail(c, RT_ERR_PARSE, "", NULL, 0, SCN_AT_VALUE,
				"missing format; expected format: 1 as the first "
				"line");
	if (strcmp(y->format, "1")) {
		char q[72];

		scn_quote(q, sizeof(q), y->format);
		return scn_fail(c, RT_ERR_PARSE, "format", NULL, 0, SCN_AT_VALUE,
				"%s is not a supported format; expected 1", q);
	}
	s->format = SCN_FORMAT;
	s->time_unit = SCN_UNIT_TICK;
	if (y->time_unit) {
		if ((err = scn_enum_at(c, y->time_unit, "", "time_unit",
				       SCN_NAMES(scn_units), &e)))
			return err;
		s->time_unit = (enum scn_time_unit)e;
		s->time_unit_given = true;
	}
	if (y->name && strlen(y->name) > SCN_MAX_NAME)
		return scn_fail(c, RT_ERR_PARSE, "name", NULL, 0, SCN_AT_VALUE,
				"too long; expected at most %d bytes", SCN_MAX_NAME);
	if (y->name && scn_ctrl_char(y->name) >= 0)
		return scn_fail(c, RT_ERR_PARSE, "name", NULL, 0, SCN_AT_VALUE,
				"holds the control character 0x%02x; expected "
				"printable text", scn_ctrl_char(y->name));
	if (y->description && strlen(y->description) > SCN_MAX_DESCRIPTION)
		return scn_fail(c, RT_ERR_PARSE, "description", NULL, 0,
				SCN_AT_VALUE, "too long; expected at most %d bytes",
				SCN_MAX_DESCRIPTION);
	s->name = y->name ? rt_strdup(y->name) : scn_default_name(c->file);
	s->description = rt_strdup(y->description ? y->description : "");
	s->path = rt_strdup(c->file);
	if (!s->name || !s->description || !s->path)
		return RT_ERR_NOMEM;
	s->horizon = RT_TIME_NEVER;
	if (y->horizon && (err = scn_time_at(c, s->time_unit, y->horizon, "",
					     "horizon", -1, SCN_SIGN_POS,
					     &s->horizon)))
		return err;
	if (y->seed) {
		if ((err = scn_parse_u64(y->seed, &s->seed, &tmp)))
			return scn_fail(c, err, "seed", NULL, 0, SCN_AT_VALUE, "%s",
					tmp.msg);
		s->has_seed = true;
	}
	s->cpus = 1;
	if (c->cpus)
		return scn_convert_cpus(c, s);
	if (y->platform && y->platform->cpus) {
		if ((err = scn_int_at(c, y->platform->cpus, "platform", "cpus", 1,
				      SCN_MAX_CPUS, &v)))
			return err;
		s->cpus = (unsigned)v;
	}
	return RT_OK;
}

static enum rt_err scn_sched(const struct scn_ctx *c, const struct scn_y_sched *y,
			     struct scn_scheduler *k)
{
	static const struct scn_y_sched none = { 0 };
	enum rt_err err;
	int e;

	if (!y)
		y = &none;
	k->mode = SCN_MODE_SOFT;
	k->placement = SCN_PLACE_GLOBAL;
	k->on_miss = SIM_ON_MISS_CONTINUE;
	k->tie_break = SIM_TIE_TASK_ORDER;
	if ((err = scn_ident_at(c, y->policy ? y->policy : "edf",
				"scheduler.policy", &k->policy)) ||
	    (err = scn_ident_at(c, y->admission ? y->admission : "none",
				"scheduler.admission", &k->admission)))
		return err;
	if (y->mode) {
		if ((err = scn_enum_at(c, y->mode, "scheduler", "mode",
				       SCN_NAMES(scn_modes), &e)))
			return err;
		k->mode = (enum scn_mode)e;
		k->has_mode = true;
	}
	if (y->placement) {
		if ((err = scn_enum_at(c, y->placement, "scheduler", "placement",
				       SCN_NAMES(scn_places), &e)))
			return err;
		k->placement = (enum scn_placement)e;
	}
	if (y->on_miss) {
		if ((err = scn_enum_at(c, y->on_miss, "scheduler", "on_miss",
				       SCN_NAMES(scn_misses), &e)))
			return err;
		k->on_miss = (enum sim_on_miss)e;
	}
	if (y->tie_break) {
		if ((err = scn_enum_at(c, y->tie_break, "scheduler", "tie_break",
				       SCN_NAMES(scn_ties), &e)))
			return err;
		k->tie_break = (enum sim_tie_break)e;
	}
	return RT_OK;
}

/*
 * Placement and priority keys, checked once the tasks are known (docs/design.md
 * 3, 4).  Each key is refused where it would have no effect, so that a
 * scenario never says more than the simulation does:
 *   cluster_size   only with placement: clustered (and required there),
 *                  1..cpus, dividing cpus
 *   partitioning   only with partitioned / clustered; a heuristic name
 *   priorities     only with policy: fp
 *   tasks[i].cpu   >= 0 only with partitioned / clustered
 */
static enum rt_err scn_sched_check(const struct scn_ctx *c,
				   const struct scn_y_doc *y,
				   struct scn_scenario *s)
{
	static const struct scn_y_sched none = { 0 };
	const struct scn_y_sched *ys = y->scheduler ? y->scheduler : &none;
	struct scn_scheduler *k = &s->sched;
	const char *part[RT_PART__COUNT], *prio[RT_FP__COUNT];
	bool global = k->placement == SCN_PLACE_GLOBAL && !ys->cpusets;
	enum rt_err err;
	int64_t v;
	int e;

	for (unsigned i = 0; i < RT_PART__COUNT; i++)
		part[i] = rt_part_name((enum rt_part_heuristic)i);
	for (unsigned i = 0; i < RT_FP__COUNT; i++)
		prio[i] = rt_fp_order_name((enum rt_fp_order)i);
	k->cluster_size = k->placement == SCN_PLACE_PARTITIONED ? 1 : s->cpus;
	k->partitioning = RT_PART_FIRST_FIT_DEC;
	k->priorities = RT_FP_DEADLINE_MONOTONIC;
	if (ys->cluster_size) {
		if (k->placement != SCN_PLACE_CLUSTERED)
			return scn_fail(c, RT_ERR_PARSE, "scheduler.cluster_size",
					NULL, 0, SCN_AT_VALUE, "only with placement: "
					"clustered; expected no cluster_size here "
					"(or placement: clustered)");
		if ((err = scn_int_at(c, ys->cluster_size, "scheduler",
				      "cluster_size", 1, s->cpus, &v)))
			return err;
		if (s->cpus % (unsigned)v != 0)
			return scn_fail(c, RT_ERR_PARSE, "scheduler.cluster_size",
					NULL, 0, SCN_AT_VALUE, "%u CPUs cannot be "
					"split into clusters of %u; expected a "
					"divisor of %u", s->cpus, (unsigned)v,
					s->cpus);
		k->cluster_size = (unsigned)v;
	} else if (k->placement == SCN_PLACE_CLUSTERED) {
		return scn_fail(c, RT_ERR_PARSE, y->scheduler ? "scheduler" : "",
				NULL, 0, SCN_AT_VALUE, "missing cluster_size; "
				"expected the CPUs per cluster with placement: "
				"clustered, e.g. cluster_size: 2");
	}
	if (ys->partitioning) {
		if (global)
			return scn_fail(c, RT_ERR_PARSE, "scheduler.partitioning",
					NULL, 0, SCN_AT_VALUE, "only with placement: "
					"partitioned or clustered; expected no "
					"partitioning with placement: global");
		if ((err = scn_enum_at(c, ys->partitioning, "scheduler",
				       "partitioning", SCN_NAMES(part), &e)))
			return err;
		k->partitioning = (enum rt_part_heuristic)e;
		k->has_partitioning = true;
	}
	if (ys->priorities) {
		if (scn_policy_model(k->policy) != RT_AN_FP)
			return scn_fail(c, RT_ERR_PARSE, "scheduler.priorities",
					NULL, 0, SCN_AT_VALUE, "only with policy: "
					"fp; expected no priorities with policy: %s",
					k->policy);
		if ((err = scn_enum_at(c, ys->priorities, "scheduler",
				       "priorities", SCN_NAMES(prio), &e)))
			return err;
		k->priorities = (enum rt_fp_order)e;
	}
	/* Under fp every task (and server) has its own rank, equal
	 * priorities going to the lower task index: no two waiting
	 * entities ever share a key, so fifo could not change anything. */
	if (ys->tie_break && k->tie_break == SIM_TIE_FIFO &&
	    scn_policy_model(k->policy) == RT_AN_FP)
		return scn_fail(c, RT_ERR_PARSE, "scheduler.tie_break", NULL, 0,
				SCN_AT_VALUE, "fifo does nothing under policy: "
				"fp (ranks are distinct: equal priorities go to "
				"the lower task index); expected task-order or "
				"no tie_break");
	for (size_t i = 0; global && i < s->ntasks; i++) {
		char path[48];

		if (s->tasks[i].cpu < 0)
			continue;
		snprintf(path, sizeof(path), "tasks[%zu].cpu", i);
		return scn_fail(c, RT_ERR_PARSE, path, NULL, 0, SCN_AT_VALUE,
				"a pinned CPU needs placement: partitioned or "
				"clustered; expected no cpu (or -1) with "
				"placement: global");
	}
	return RT_OK;
}

enum rt_err scn_convert(const struct scn_ctx *c, const struct scn_y_doc *y,
			const struct scn_shorthands *sh,
			struct scn_scenario **out)
{
	struct scn_scenario *s = rt_calloc(1, sizeof(*s));
	enum rt_err err;

	if (!s)
		return rt_diagf(c->d, RT_ERR_NOMEM, "%s: out of memory", c->file);
	if ((err = scn_header(c, y, s)) ||
	    (err = scn_sched(c, y->scheduler, &s->sched)) ||
	    (err = scn_tasks(c, y, sh, s)) ||
	    (err = scn_sched_check(c, y, s)) ||
	    (err = scn_convert_ovh(c, y, s)) ||
	    (err = scn_check_platform(c, y, s)) ||
	    (err = scn_convert_resv(c, y, s)) ||
	    (err = scn_convert_cpusets(c, y, s)) ||
	    (err = scn_check_platform_reclaim(c, s)) ||
	    (err = scn_convert_resources(c, y, s)) ||
	    (err = scn_check(c, y, s))) {
		if (err == RT_ERR_NOMEM)
			rt_diagf(c->d, err, "%s: out of memory", c->file);
		scn_free(s);
		return err;
	}
	*out = s;
	return RT_OK;
}

