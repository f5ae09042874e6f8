/* convert.c - the loaded strings become a struct scn_scenario.
 *
 * Every value is parsed here (units.c) and checked where the model needs
 * it, with the error pointing at the value: C, D, T > 0; offset, jitter,
 * max_delay, releases >= 0; exec values > 0 (models/task.h).  rt_task_check()
 * then runs on every task as the final word; its message is placed at the
 * task.  Defaults are filled in here, not in the schema (libcyaml 1.3.1
 * has none).  O(tasks + values); task names are checked for uniqueness
 * with a hash set (O(1) expected per task).
 */
#include "scenarios/internal.h"

#include <stdio.h>
#include <string.h>

#include "models/mem.h"
#include "models/rt_time.h"
#include "models/task.h"

static const char *const scn_units[] = { "tick", "ns", "us", "ms", "s" };
static const char *const scn_modes[] = { "soft", "hard" };
static const char *const scn_places[] = { "global", "partitioned", "clustered" };
static const char *const scn_misses[] = { "continue", "abort" };
static const char *const scn_ties[] = { "task-order", "fifo" };
static const char *const scn_classes[] = { "hard", "soft" };
static const char *const scn_arrivals[] = { "periodic", "sporadic" };
static const char *const scn_execs[] = { "fixed", "uniform", "list" };

#define SCN_NAMES(a) (a), (sizeof(a) / sizeof((a)[0]))

enum scn_sign {
	SCN_SIGN_ANY = 0,
	SCN_SIGN_POS,                   /* > 0 */
	SCN_SIGN_NONNEG                 /* >= 0 */
};

/* out = "pre.sub[idx]" (pre may be "", idx < 0: none).  Paths are only
 * built when a message needs one: a million tasks have many values. */
static const char *scn_path(char *out, size_t n, const char *pre,
			    const char *sub, long idx)
{
	int w = snprintf(out, n, "%s%s%s", pre, *pre ? "." : "", sub);

	if (idx >= 0 && w >= 0 && (size_t)w < n)
		snprintf(out + w, n - (size_t)w, "[%ld]", idx);
	return out;
}

/* Parse the time 'str' found at pre.sub[idx] and check its sign. */
static enum rt_err scn_time_at(const struct scn_ctx *c, enum scn_time_unit u,
			       const char *str, const char *pre,
			       const char *sub, long idx, enum scn_sign sign,
			       rt_time *out)
{
	struct rt_diag tmp;
	enum rt_err err;
	char q[72], path[128];
	rt_time v = 0;

	err = scn_parse_time(str, u, &v, &tmp);
	if (!err && (sign != SCN_SIGN_POS || v > 0) &&
	    (sign != SCN_SIGN_NONNEG || v >= 0)) {
		*out = v;
		return RT_OK;
	}
	scn_path(path, sizeof(path), pre, sub, idx);
	if (err)
		return scn_fail(c, err, path, NULL, 0, SCN_AT_VALUE, "%s", tmp.msg);
	scn_quote(q, sizeof(q), str);
	if (sign == SCN_SIGN_POS)
		return scn_fail(c, RT_ERR_INVAL, path, NULL, 0, SCN_AT_VALUE,
				"%s is %s; expected a time > 0", q,
				v ? "negative" : "zero");
	return scn_fail(c, RT_ERR_INVAL, path, NULL, 0, SCN_AT_VALUE,
			"%s is negative; expected a time >= 0", q);
}

static enum rt_err scn_enum_at(const struct scn_ctx *c, const char *str,
			       const char *pre, const char *sub,
			       const char *const *names, size_t n, int *out)
{
	struct rt_diag tmp;
	char path[128];

	if (!scn_parse_enum(str, names, n, out, &tmp))
		return RT_OK;
	return scn_fail(c, RT_ERR_PARSE, scn_path(path, sizeof(path), pre, sub, -1),
			NULL, 0, SCN_AT_VALUE, "%s", tmp.msg);
}

static enum rt_err scn_int_at(const struct scn_ctx *c, const char *str,
			      const char *pre, const char *sub, int64_t min,
			      int64_t max, int64_t *out)
{
	struct rt_diag tmp;
	char path[128];

	if (!scn_parse_int(str, min, max, out, &tmp))
		return RT_OK;
	return scn_fail(c, RT_ERR_PARSE, scn_path(path, sizeof(path), pre, sub, -1),
			NULL, 0, SCN_AT_VALUE, "%s", tmp.msg);
}

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

/* One parameter, two spellings (C | runtime): at most one may be given. */
static enum rt_err scn_pick(const struct scn_ctx *c, const char *tpath,
			    const char *a, const char *an,
			    const char *b, const char *bn,
			    const char **val, const char **key)
{
	if (a && b) {
		struct scn_where wa, wb;
		const char *later;

		/* point at whichever spelling comes second in the text */
		scn_locate(c->buf, c->len, tpath, an, 0, &wa);
		scn_locate(c->buf, c->len, tpath, bn, 0, &wb);
		later = wb.key.line > wa.key.line ||
			(wb.key.line == wa.key.line && wb.key.col > wa.key.col)
			? bn : an;
		return scn_fail(c, RT_ERR_PARSE, tpath, later, 0, SCN_AT_KEY,
				"%s and %s are the same parameter; expected only "
				"one of them", an, bn);
	}
	*val = a ? a : b;
	*key = a ? an : bn;
	return RT_OK;
}

/* ---- task names: open-addressing hash set of task indexes --------------- */

struct scn_nameset {
	size_t *slot;                   /* task index + 1; 0 = empty */
	size_t mask;                    /* size - 1, size a power of 2 */
};

static uint64_t scn_hash(const char *s)
{
	uint64_t h = 14695981039346656037u;     /* FNV-1a, 64 bit */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	return h;
}

static enum rt_err scn_nameset_init(struct scn_nameset *ns, size_t n)
{
	size_t size = 16;

	while (size < 2 * n)
		size *= 2;
	ns->slot = rt_calloc(size, sizeof(*ns->slot));
	ns->mask = size - 1;
	return ns->slot ? RT_OK : RT_ERR_NOMEM;
}

/* Add task i; if its name is taken, return false and the owner in *dup. */
static bool scn_nameset_add(struct scn_nameset *ns, const struct rt_task *t,
			    size_t i, size_t *dup)
{
	size_t h = (size_t)scn_hash(t[i].name) & ns->mask;

	for (; ns->slot[h]; h = (h + 1) & ns->mask) {
		if (!strcmp(t[ns->slot[h] - 1].name, t[i].name)) {
			*dup = ns->slot[h] - 1;
			return false;
		}
	}
	ns->slot[h] = i + 1;
	return true;
}

/* ---- one task ------------------------------------------------------------ */

struct scn_tctx {
	const struct scn_ctx *c;
	const struct scn_scenario *s;
	const struct scn_y_task *y;
	const char *arr_sh;             /* 'arrival: X' shorthand, or NULL */
	const char *exec_sh;            /* 'exec: X' shorthand, or NULL */
	char p[48];                     /* "tasks[i]" */
};

/* path = tasks[i].<sub>, for error messages only */
#define SCN_SUB(tc, buf, sub) scn_path((buf), sizeof(buf), (tc)->p, (sub), -1)

static enum rt_err scn_task_cdt(struct scn_tctx *tc, struct rt_task *t)
{
	const struct scn_y_task *y = tc->y;
	enum scn_time_unit u = tc->s->time_unit;
	const char *v = NULL, *k = NULL;
	enum rt_err err;

	if ((err = scn_pick(tc->c, tc->p, y->t, "T", y->period, "period", &v, &k)))
		return err;
	if (!v)
		return scn_fail(tc->c, RT_ERR_PARSE, tc->p, NULL, 0, SCN_AT_VALUE,
				"missing T (or period); expected the period, "
				"e.g. T: 10");
	if ((err = scn_time_at(tc->c, u, v, tc->p, k, -1, SCN_SIGN_POS,
			       &t->period)))
		return err;
	if ((err = scn_pick(tc->c, tc->p, y->c, "C", y->runtime, "runtime", &v, &k)))
		return err;
	if (!v)
		return scn_fail(tc->c, RT_ERR_PARSE, tc->p, NULL, 0, SCN_AT_VALUE,
				"missing C (or runtime); expected the worst-case "
				"execution time, e.g. C: 4");
	if ((err = scn_time_at(tc->c, u, v, tc->p, k, -1, SCN_SIGN_POS,
			       &t->wcet)))
		return err;
	if ((err = scn_pick(tc->c, tc->p, y->d, "D", y->deadline, "deadline",
			    &v, &k)))
		return err;
	t->deadline = t->period;                /* implicit deadline */
	if (v && (err = scn_time_at(tc->c, u, v, tc->p, k, -1, SCN_SIGN_POS,
				    &t->deadline)))
		return err;
	if (y->offset && (err = scn_time_at(tc->c, u, y->offset, tc->p,
					    "offset", -1, SCN_SIGN_NONNEG,
					    &t->offset)))
		return err;
	if (y->jitter && (err = scn_time_at(tc->c, u, y->jitter, tc->p,
					    "jitter", -1, SCN_SIGN_NONNEG,
					    &t->jitter)))
		return err;
	return RT_OK;
}

/* A list of times at tasks[i].<key>[k], each with 'sign'. */
static enum rt_err scn_time_list(struct scn_tctx *tc, const char *key,
				 char *const *vals, unsigned n,
				 enum scn_sign sign, rt_time **out)
{
	rt_time *a = rt_calloc(n, sizeof(*a));
	enum rt_err err;

	if (!a)
		return RT_ERR_NOMEM;
	for (unsigned k = 0; k < n; k++) {
		err = scn_time_at(tc->c, tc->s->time_unit, vals[k], tc->p, key,
				  (long)k, sign, &a[k]);
		if (err) {
			rt_free(a);
			return err;
		}
	}
	*out = a;
	return RT_OK;
}

static enum rt_err scn_task_arrival(struct scn_tctx *tc, struct rt_task *t)
{
	const struct scn_y_task *y = tc->y;
	const struct scn_y_arrival *a = y->arrival;
	const char *model = a ? a->model : NULL, *sub = "arrival.model";
	char path[96];
	enum rt_err err;
	int m = RT_ARRIVAL_PERIODIC;
	rt_time *rel;

	if (a && !model && tc->arr_sh) {
		model = tc->arr_sh;
		sub = "arrival";
	}
	if (a && !model)
		return scn_fail(tc->c, RT_ERR_PARSE, tc->p, "arrival", 0,
				SCN_AT_VALUE, "missing model; expected model: "
				"periodic | sporadic");
	if (model && (err = scn_enum_at(tc->c, model, tc->p, sub,
					SCN_NAMES(scn_arrivals), &m)))
		return err;
	if (m == RT_ARRIVAL_PERIODIC && a && a->max_delay)
		return scn_fail(tc->c, RT_ERR_PARSE, SCN_SUB(tc, path, "arrival"),
				"max_delay", 0, SCN_AT_KEY, "applies only to "
				"model: sporadic; expected no max_delay here");
	if (m == RT_ARRIVAL_SPORADIC) {
		if (!a->max_delay)
			return scn_fail(tc->c, RT_ERR_PARSE, tc->p, "arrival", 0,
					SCN_AT_VALUE, "model sporadic needs "
					"max_delay; expected {model: sporadic, "
					"max_delay: X} (extra delay after T, up "
					"to X)");
		if ((err = scn_time_at(tc->c, tc->s->time_unit, a->max_delay,
				       tc->p, "arrival.max_delay", -1,
				       SCN_SIGN_NONNEG, &t->max_delay)))
			return err;
	}
	t->arrival = (enum rt_arrival)m;
	if (!y->releases)
		return RT_OK;
	if (m == RT_ARRIVAL_SPORADIC)
		return scn_fail(tc->c, RT_ERR_PARSE, tc->p, "releases", 0,
				SCN_AT_KEY, "cannot be combined with arrival "
				"model sporadic; expected one or the other");
	if (y->offset)
		return scn_fail(tc->c, RT_ERR_PARSE, tc->p, "offset", 0,
				SCN_AT_KEY, "does not apply to explicit releases; "
				"expected the first release in releases instead");
	if ((err = scn_time_list(tc, "releases", y->releases, y->releases_count,
				 SCN_SIGN_NONNEG, &rel)))
		return err;
	t->releases = rel;
	t->nreleases = y->releases_count;
	t->arrival = RT_ARRIVAL_LIST;
	for (size_t k = 1; k < t->nreleases; k++) {
		if (rel[k] < rel[k - 1]) {
			char q[72], q0[72];

			scn_path(path, sizeof(path), tc->p, "releases", (long)k);
			scn_quote(q, sizeof(q), y->releases[k]);
			scn_quote(q0, sizeof(q0), y->releases[k - 1]);
			return scn_fail(tc->c, RT_ERR_INVAL, path, NULL, 0,
					SCN_AT_VALUE, "%s is before releases[%zu] "
					"= %s; expected non-decreasing times", q,
					k - 1, q0);
		}
	}
	return RT_OK;
}

/* A key of exec that the chosen model does not use. */
static enum rt_err scn_exec_extra(struct scn_tctx *tc, const char *key,
				  const char *model)
{
	char path[96];

	return scn_fail(tc->c, RT_ERR_PARSE, SCN_SUB(tc, path, "exec"), key, 0,
			SCN_AT_KEY, "does not apply to model %s; expected "
			"min/max with uniform, values with list", model);
}

static enum rt_err scn_task_exec(struct scn_tctx *tc, struct rt_task *t)
{
	const struct scn_y_exec *x = tc->y->exec;
	enum scn_time_unit u = tc->s->time_unit;
	const char *model = x ? x->model : NULL, *sub = "exec.model";
	char path[96];
	enum rt_err err;
	int m = RT_EXEC_FIXED;
	rt_time *vals;

	if (!x)
		return RT_OK;
	if (!model && tc->exec_sh) {
		model = tc->exec_sh;
		sub = "exec";
	}
	if (!model)
		return scn_fail(tc->c, RT_ERR_PARSE, tc->p, "exec", 0,
				SCN_AT_VALUE, "missing model; expected model: "
				"fixed | uniform | list");
	if ((err = scn_enum_at(tc->c, model, tc->p, sub, SCN_NAMES(scn_execs),
			       &m)))
		return err;
	t->exec = (enum rt_exec)m;
	if (m != RT_EXEC_UNIFORM && x->min)
		return scn_exec_extra(tc, "min", model);
	if (m != RT_EXEC_UNIFORM && x->max)
		return scn_exec_extra(tc, "max", model);
	if (m != RT_EXEC_LIST && x->values)
		return scn_exec_extra(tc, "values", model);
	if (m == RT_EXEC_UNIFORM) {
		if (!x->min || !x->max)
			return scn_fail(tc->c, RT_ERR_PARSE, tc->p, "exec", 0,
					SCN_AT_VALUE, "model uniform needs min and "
					"max; expected {model: uniform, min: X, "
					"max: Y}");
		if ((err = scn_time_at(tc->c, u, x->min, tc->p, "exec.min", -1,
				       SCN_SIGN_POS, &t->exec_min)) ||
		    (err = scn_time_at(tc->c, u, x->max, tc->p, "exec.max", -1,
				       SCN_SIGN_POS, &t->exec_max)))
			return err;
		if (t->exec_max < t->exec_min) {
			char q[72], q0[72];

			scn_quote(q, sizeof(q), x->max);
			scn_quote(q0, sizeof(q0), x->min);
			return scn_fail(tc->c, RT_ERR_INVAL,
					SCN_SUB(tc, path, "exec.max"), NULL, 0,
					SCN_AT_VALUE, "%s is less than min = %s; "
					"expected min <= max", q, q0);
		}
	}
	if (m == RT_EXEC_LIST) {
		if (!x->values)
			return scn_fail(tc->c, RT_ERR_PARSE, tc->p, "exec", 0,
					SCN_AT_VALUE, "model list needs values; "
					"expected {model: list, values: [..]}");
		if ((err = scn_time_list(tc, "exec.values", x->values,
					 x->values_count, SCN_SIGN_POS, &vals)))
			return err;
		t->exec_values = vals;
		t->nexec_values = x->values_count;
	}
	return RT_OK;
}

static enum rt_err scn_task(struct scn_tctx *tc, struct rt_task *t)
{
	const struct scn_y_task *y = tc->y;
	char path[96], *name;
	enum rt_err err;
	int64_t v;
	int cls;
	struct rt_diag tmp;

	if (!y->name)
		return scn_fail(tc->c, RT_ERR_PARSE, tc->p, NULL, 0, SCN_AT_VALUE,
				"missing name; expected a unique task name, "
				"e.g. name: P1");
	if (!y->name[0] || strlen(y->name) > SCN_MAX_NAME)
		return scn_fail(tc->c, RT_ERR_PARSE, SCN_SUB(tc, path, "name"),
				NULL, 0, SCN_AT_VALUE, "%s; expected 1 to %d bytes",
				y->name[0] ? "too long" : "empty", SCN_MAX_NAME);
	name = rt_strdup(y->name);
	if (!name)
		return RT_ERR_NOMEM;
	t->name = name;
	if ((err = scn_task_cdt(tc, t)) || (err = scn_task_arrival(tc, t)) ||
	    (err = scn_task_exec(tc, t)))
		return err;
	if (y->klass) {
		if ((err = scn_enum_at(tc->c, y->klass, tc->p, "class",
				       SCN_NAMES(scn_classes), &cls)))
			return err;
		t->klass = (enum rt_class)cls;
	}
	if (y->cpu) {
		if ((err = scn_int_at(tc->c, y->cpu, tc->p, "cpu", -1,
				      (int64_t)tc->s->cpus - 1, &v)))
			return err;
		t->cpu = (int)v;
	}
	if (y->priority &&
	    (err = scn_int_at(tc->c, y->priority, tc->p, "priority",
			      INT64_MIN, INT64_MAX, &t->priority)))
		return err;
	/* the model's own word on the whole task */
	if ((err = rt_task_check(t, &tmp)))
		return scn_fail(tc->c, err, tc->p, NULL, 0, SCN_AT_VALUE, "%s",
				tmp.msg);
	return RT_OK;
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
	if ((err = scn_nameset_init(&ns, s->ntasks)))
		return err;
	for (size_t i = 0; i < s->ntasks; i++) {
		struct scn_tctx tc = { c, s, &y->tasks[i], NULL, NULL, "" };

		snprintf(tc.p, sizeof(tc.p), "tasks[%zu]", i);
		for (; k < (sh ? sh->n : 0) && sh->v[k].task == i; k++) {
			if (sh->v[k].field == SCN_SH_ARRIVAL)
				tc.arr_sh = sh->v[k].value;
			else
				tc.exec_sh = sh->v[k].value;
		}
		if ((err = scn_task(&tc, &s->tasks[i])))
			break;
		if (!scn_nameset_add(&ns, s->tasks, i, &dup)) {
			char path[64], q[72];

			snprintf(path, sizeof(path), "%s.name", tc.p);
			scn_quote(q, sizeof(q), s->tasks[i].name);
			err = scn_fail(c, RT_ERR_PARSE, path, NULL, 0, SCN_AT_VALUE,
				       "%s is already the name of tasks[%zu]; "
				       "expected unique task names", q, dup);
			break;
		}
	}
	rt_free(ns.slot);
	return err;
}

/* ---- the document -------------------------------------------------------- */

/* "dir/dario.yaml" -> "dario" */
static char *scn_default_name(const char *file)
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
	}
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
	    (err = scn_tasks(c, y, sh, s))) {
		if (err == RT_ERR_NOMEM)
			rt_diagf(c->d, err, "%s: out of memory", c->file);
		scn_free(s);
		return err;
	}
	*out = s;
	return RT_OK;
}
