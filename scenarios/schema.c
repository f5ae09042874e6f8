/* schema.c - the libcyaml schema of scenario format 1.
 *
 * Built bottom-up as libcyaml's planner example does: field arrays, then
 * value schemas, then the top level.  Design rules, all deliberate:
 *
 *  - every scalar is CYAML_STRING: libcyaml 1.3.1 silently truncates
 *    numbers ("10ms" -> 10, "1.5" -> 1) and wraps negative unsigned ones,
 *    so units.c parses them;
 *  - every field is OPTIONAL: convert.c checks required fields itself, so
 *    the message can point at the mapping that lacks one and say what to
 *    write (libcyaml's own message points at the last field it read);
 *  - enums are strings too, checked in convert.c with the list of valid
 *    names in the message;
 *  - unknown keys are not ignored (no CYAML_CFG_IGNORE_UNKNOWN_KEYS) and
 *    libcyaml rejects a key given twice.
 */
#include "scenarios/internal.h"

#include <stdio.h>
#include <string.h>

#define SCN_STR(key, st, member) \
	CYAML_FIELD_STRING_PTR(key, CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL, \
			       st, member, 0, CYAML_UNLIMITED)

/* entries of sequences of strings (releases, exec values) */
static const cyaml_schema_value_t scn_y_string = {
	CYAML_VALUE_STRING(CYAML_FLAG_POINTER, char, 0, CYAML_UNLIMITED),
};

/* tasks[i].arrival: {model, max_delay}; 'arrival: X' is handled by
 * scn_shorthand_scan() */
static const cyaml_schema_field_t scn_y_arrival_fields[] = {
	SCN_STR("model",     struct scn_y_arrival, model),
	SCN_STR("max_delay", struct scn_y_arrival, max_delay),
	CYAML_FIELD_END
};

/* tasks[i].exec: {model, min, max, values}; values needs one entry at
 * least, so that 'values: []' is an error rather than "not given" */
static const cyaml_schema_field_t scn_y_exec_fields[] = {
	SCN_STR("model", struct scn_y_exec, model),
	SCN_STR("min",   struct scn_y_exec, min),
	SCN_STR("max",   struct scn_y_exec, max),
	CYAML_FIELD_SEQUENCE("values", CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
			     struct scn_y_exec, values, &scn_y_string,
			     1, CYAML_UNLIMITED),
	CYAML_FIELD_END
};

/* tasks[i].changes[k]: {at, runtime, deadline, period} (linux-dl) */
static const cyaml_schema_field_t scn_y_change_fields[] = {
	SCN_STR("at",       struct scn_y_change, at),
	SCN_STR("runtime",  struct scn_y_change, runtime),
	SCN_STR("deadline", struct scn_y_change, deadline),
	SCN_STR("period",   struct scn_y_change, period),
	CYAML_FIELD_END
};

static const cyaml_schema_value_t scn_y_change_schema = {
	CYAML_VALUE_MAPPING(CYAML_FLAG_DEFAULT, struct scn_y_change,
			    scn_y_change_fields),
};

/* tasks[i].suspend[k]: {after, for}; 'suspend: []' is an error */
static const cyaml_schema_field_t scn_y_suspend_fields[] = {
	SCN_STR("after", struct scn_y_suspend, after),
	SCN_STR("for",   struct scn_y_suspend, len),
	CYAML_FIELD_END
};

static const cyaml_schema_value_t scn_y_suspend_schema = {
	CYAML_VALUE_MAPPING(CYAML_FLAG_DEFAULT, struct scn_y_suspend,
			    scn_y_suspend_fields),
};

/* tasks[i].sections[k]: {resource, after, for} */
static const cyaml_schema_field_t scn_y_section_fields[] = {
	SCN_STR("resource", struct scn_y_section, resource),
	SCN_STR("after",    struct scn_y_section, after),
	SCN_STR("for",      struct scn_y_section, len),
	CYAML_FIELD_END
};

static const cyaml_schema_value_t scn_y_section_schema = {
	CYAML_VALUE_MAPPING(CYAML_FLAG_DEFAULT, struct scn_y_section,
			    scn_y_section_fields),
};

/* resources[i]: {name} */
static const cyaml_schema_field_t scn_y_resource_fields[] = {
	SCN_STR("name", struct scn_y_resource, name),
	CYAML_FIELD_END
};

static const cyaml_schema_value_t scn_y_resource_schema = {
	CYAML_VALUE_MAPPING(CYAML_FLAG_DEFAULT, struct scn_y_resource,
			    scn_y_resource_fields),
};

/* tasks[i]: C/D/T in both spellings (textbook and SCHED_DEADLINE) */
static const cyaml_schema_field_t scn_y_task_fields[] = {
	SCN_STR("name",     struct scn_y_task, name),
	SCN_STR("C",        struct scn_y_task, c),
	SCN_STR("runtime",  struct scn_y_task, runtime),
	SCN_STR("D",        struct scn_y_task, d),
	SCN_STR("deadline", struct scn_y_task, deadline),
	SCN_STR("T",        struct scn_y_task, t),
	SCN_STR("period",   struct scn_y_task, period),
	SCN_STR("offset",   struct scn_y_task, offset),
	SCN_STR("jitter",   struct scn_y_task, jitter),
	CYAML_FIELD_MAPPING_PTR("arrival",
				CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
				struct scn_y_task, arrival, scn_y_arrival_fields),
	CYAML_FIELD_SEQUENCE("releases", CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
			     struct scn_y_task, releases, &scn_y_string,
			     1, CYAML_UNLIMITED),
	CYAML_FIELD_MAPPING_PTR("exec", CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
				struct scn_y_task, exec, scn_y_exec_fields),
	SCN_STR("class",    struct scn_y_task, klass),
	SCN_STR("cpu",      struct scn_y_task, cpu),
	SCN_STR("priority", struct scn_y_task, priority),
	SCN_STR("server",    struct scn_y_task, server),
	SCN_STR("arrive_at", struct scn_y_task, arrive_at),
	SCN_STR("leave_at",  struct scn_y_task, leave_at),
	CYAML_FIELD_SEQUENCE("flags", CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
			     struct scn_y_task, flags, &scn_y_string,
			     0, CYAML_UNLIMITED),
	CYAML_FIELD_SEQUENCE("yield_at", CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
			     struct scn_y_task, yield_at, &scn_y_string,
			     1, CYAML_UNLIMITED),
	CYAML_FIELD_SEQUENCE("changes", CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
			     struct scn_y_task, changes, &scn_y_change_schema,
			     1, CYAML_UNLIMITED),
	CYAML_FIELD_SEQUENCE("suspend", CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
			     struct scn_y_task, suspend, &scn_y_suspend_schema,
			     1, CYAML_UNLIMITED),
	CYAML_FIELD_SEQUENCE("sections", CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
			     struct scn_y_task, sections, &scn_y_section_schema,
			     1, CYAML_UNLIMITED),
	CYAML_FIELD_END
};

static const cyaml_schema_value_t scn_y_task_schema = {
	CYAML_VALUE_MAPPING(CYAML_FLAG_DEFAULT, struct scn_y_task,
			    scn_y_task_fields),
};

static const cyaml_schema_field_t scn_y_platform_fields[] = {
	SCN_STR("cpus", struct scn_y_platform, cpus),
	SCN_STR("governor", struct scn_y_platform, governor),
	CYAML_FIELD_SEQUENCE("frequencies", CYAML_FLAG_POINTER |
			     CYAML_FLAG_OPTIONAL, struct scn_y_platform,
			     frequencies, &scn_y_string, 0, CYAML_UNLIMITED),
	CYAML_FIELD_SEQUENCE("power", CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
			     struct scn_y_platform, power, &scn_y_string, 0,
			     CYAML_UNLIMITED),
	SCN_STR("idle_power", struct scn_y_platform, idle_power),
	SCN_STR("frequency", struct scn_y_platform, frequency),
	CYAML_FIELD_END
};

/* scheduler.cpusets[i]: {name, cpus: [0, "2-3"], tasks: [A, B]} */
static const cyaml_schema_field_t scn_y_cpuset_fields[] = {
	SCN_STR("name", struct scn_y_cpuset, name),
	CYAML_FIELD_SEQUENCE("cpus", CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
			     struct scn_y_cpuset, cpus, &scn_y_string,
			     1, CYAML_UNLIMITED),
	CYAML_FIELD_SEQUENCE("tasks", CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
			     struct scn_y_cpuset, tasks, &scn_y_string,
			     1, CYAML_UNLIMITED),
	CYAML_FIELD_END
};

static const cyaml_schema_value_t scn_y_cpuset_schema = {
	CYAML_VALUE_MAPPING(CYAML_FLAG_DEFAULT, struct scn_y_cpuset,
			    scn_y_cpuset_fields),
};

/* scheduler.fair_server: {runtime, period, deadline, reserve, defer} */
static const cyaml_schema_field_t scn_y_fair_fields[] = {
	SCN_STR("runtime",  struct scn_y_fair, runtime),
	SCN_STR("deadline", struct scn_y_fair, deadline),
	SCN_STR("period",   struct scn_y_fair, period),
	SCN_STR("reserve",  struct scn_y_fair, reserve),
	SCN_STR("defer",    struct scn_y_fair, defer),
	CYAML_FIELD_END
};

static const cyaml_schema_field_t scn_y_sched_fields[] = {
	SCN_STR("policy",    struct scn_y_sched, policy),
	SCN_STR("mode",      struct scn_y_sched, mode),
	SCN_STR("placement", struct scn_y_sched, placement),
	SCN_STR("admission", struct scn_y_sched, admission),
	SCN_STR("on_miss",   struct scn_y_sched, on_miss),
	SCN_STR("tie_break", struct scn_y_sched, tie_break),
	SCN_STR("cluster_size", struct scn_y_sched, cluster_size),
	SCN_STR("partitioning", struct scn_y_sched, partitioning),
	SCN_STR("priorities",   struct scn_y_sched, priorities),
	SCN_STR("rt_runtime_us", struct scn_y_sched, rt_runtime_us),
	SCN_STR("rt_period_us",  struct scn_y_sched, rt_period_us),
	SCN_STR("reclaim",       struct scn_y_sched, reclaim),
	SCN_STR("hard_test",     struct scn_y_sched, hard_test),
	SCN_STR("kernel",        struct scn_y_sched, kernel),
	SCN_STR("accounting",    struct scn_y_sched, accounting),
	SCN_STR("hz",            struct scn_y_sched, hz),
	SCN_STR("tick_phase",    struct scn_y_sched, tick_phase),
	SCN_STR("hrtick",        struct scn_y_sched, hrtick),
	SCN_STR("bw_release",    struct scn_y_sched, bw_release),
	SCN_STR("protocol",      struct scn_y_sched, protocol),
	CYAML_FIELD_SEQUENCE("cpusets", CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
			     struct scn_y_sched, cpusets, &scn_y_cpuset_schema,
			     1, CYAML_UNLIMITED),
	CYAML_FIELD_MAPPING_PTR("fair_server",
				CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
				struct scn_y_sched, fair_server,
				scn_y_fair_fields),
	CYAML_FIELD_END
};

/* servers[i]: a CBS server {name, kind, budget, period, deadline,
 * reclaim} or a fixed-priority one {name, kind, budget, period,
 * priority} (convert_server.c) */
static const cyaml_schema_field_t scn_y_server_fields[] = {
	SCN_STR("name",     struct scn_y_server, name),
	SCN_STR("kind",     struct scn_y_server, kind),
	SCN_STR("budget",   struct scn_y_server, budget),
	SCN_STR("period",   struct scn_y_server, period),
	SCN_STR("deadline", struct scn_y_server, deadline),
	SCN_STR("reclaim",  struct scn_y_server, reclaim),
	SCN_STR("priority", struct scn_y_server, priority),
	CYAML_FIELD_END
};

static const cyaml_schema_value_t scn_y_server_schema = {
	CYAML_VALUE_MAPPING(CYAML_FLAG_DEFAULT, struct scn_y_server,
			    scn_y_server_fields),
};

/* overheads.by_cpus[i]: {cpus, context_switch, schedule, release,
 * migration, tick} */
static const cyaml_schema_field_t scn_y_ovh_row_fields[] = {
	SCN_STR("cpus",           struct scn_y_ovh_row, cpus),
	SCN_STR("context_switch", struct scn_y_ovh_row, t.context_switch),
	SCN_STR("schedule",       struct scn_y_ovh_row, t.schedule),
	SCN_STR("release",        struct scn_y_ovh_row, t.release),
	SCN_STR("migration",      struct scn_y_ovh_row, t.migration),
	SCN_STR("tick",           struct scn_y_ovh_row, t.tick),
	CYAML_FIELD_END
};

static const cyaml_schema_value_t scn_y_ovh_row_schema = {
	CYAML_VALUE_MAPPING(CYAML_FLAG_DEFAULT, struct scn_y_ovh_row,
			    scn_y_ovh_row_fields),
};

/* overheads: {context_switch, schedule, release, migration, tick, hz,
 * by_cpus} */
static const cyaml_schema_field_t scn_y_overheads_fields[] = {
	SCN_STR("context_switch", struct scn_y_overheads, t.context_switch),
	SCN_STR("schedule",       struct scn_y_overheads, t.schedule),
	SCN_STR("release",        struct scn_y_overheads, t.release),
	SCN_STR("migration",      struct scn_y_overheads, t.migration),
	SCN_STR("tick",           struct scn_y_overheads, t.tick),
	SCN_STR("hz",             struct scn_y_overheads, hz),
	CYAML_FIELD_SEQUENCE("by_cpus", CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
			     struct scn_y_overheads, by_cpus,
			     &scn_y_ovh_row_schema, 1, CYAML_UNLIMITED),
	CYAML_FIELD_END
};

/* the document; 'tasks: []' is an error (at least one task) */
static const cyaml_schema_field_t scn_y_doc_fields[] = {
	SCN_STR("format",      struct scn_y_doc, format),
	SCN_STR("name",        struct scn_y_doc, name),
	SCN_STR("description", struct scn_y_doc, description),
	SCN_STR("time_unit",   struct scn_y_doc, time_unit),
	SCN_STR("horizon",     struct scn_y_doc, horizon),
	SCN_STR("seed",        struct scn_y_doc, seed),
	CYAML_FIELD_MAPPING_PTR("platform",
				CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
				struct scn_y_doc, platform, scn_y_platform_fields),
	CYAML_FIELD_MAPPING_PTR("scheduler",
				CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
				struct scn_y_doc, scheduler, scn_y_sched_fields),
	CYAML_FIELD_SEQUENCE("tasks", CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
			     struct scn_y_doc, tasks, &scn_y_task_schema,
			     1, CYAML_UNLIMITED),
	CYAML_FIELD_SEQUENCE("servers", CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
			     struct scn_y_doc, servers, &scn_y_server_schema,
			     1, CYAML_UNLIMITED),
	CYAML_FIELD_SEQUENCE("resources", CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
			     struct scn_y_doc, resources, &scn_y_resource_schema,
			     1, CYAML_UNLIMITED),
	CYAML_FIELD_MAPPING_PTR("overheads",
				CYAML_FLAG_POINTER | CYAML_FLAG_OPTIONAL,
				struct scn_y_doc, overheads,
				scn_y_overheads_fields),
	CYAML_FIELD_END
};

const cyaml_schema_value_t scn_y_doc_schema = {
	CYAML_VALUE_MAPPING(CYAML_FLAG_POINTER, struct scn_y_doc,
			    scn_y_doc_fields),
};

/* Follow 'path' through the schema; NULL if it leaves it. */
static const cyaml_schema_value_t *scn_schema_at(const char *path)
{
	const cyaml_schema_value_t *v = &scn_y_doc_schema;
	const char *p = path;

	while (*p) {
		if (*p == '[') {
			const char *close = strchr(p, ']');

			if (v->type != CYAML_SEQUENCE || !close)
				return NULL;
			v = v->sequence.entry;
			p = close + 1;
		} else {
			const cyaml_schema_field_t *f;
			size_t len;

			if (*p == '.')
				p++;
			len = strcspn(p, ".[");
			if (v->type != CYAML_MAPPING)
				return NULL;
			for (f = v->mapping.fields; f->key; f++)
				if (strlen(f->key) == len && !memcmp(f->key, p, len))
					break;
			if (!f->key)
				return NULL;
			v = &f->value;
			p += len;
		}
	}
	return v;
}

bool scn_schema_keys(const char *path, char *buf, size_t n)
{
	const cyaml_schema_value_t *v = scn_schema_at(path);
	size_t o = 0;

	if (n)
		buf[0] = '\0';
	if (!v || v->type != CYAML_MAPPING)
		return false;
	for (const cyaml_schema_field_t *f = v->mapping.fields; f->key; f++) {
		int w = snprintf(buf + o, n - o, "%s%s", o ? ", " : "", f->key);

		if (w < 0 || (size_t)w >= n - o)
			break;
		o += (size_t)w;
	}
	return true;
}
