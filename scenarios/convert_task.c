/* convert_task.c - one loaded task mapping becomes a struct rt_task.
 *
 * C, D, T in either spelling (textbook C/D/T or SCHED_DEADLINE runtime/
 * deadline/period; both at once is an error), defaults (D = T, offset and
 * jitter 0, periodic arrivals, fixed execution, hard class, no CPU), the
 * arrival and execution models, the self-suspension points, and every
 * sign the model requires, each
 * checked at the value so the message can point at it.  rt_task_check()
 * has the final word; its message is placed at the task.  O(values).
 */
#include "scenarios/internal.h"

#include <stdio.h>
#include <string.h>

#include "models/mem.h"
#include "models/rt_time.h"
#include "models/task.h"

static const char *const scn_classes[] = { "hard", "soft", "fair" };
static const char *const scn_arrivals[] = { "periodic", "sporadic" };
static const char *const scn_execs[] = { "fixed", "uniform", "list" };

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

const char *scn_task_demand_text(const struct scn_y_task *y,
				 const struct rt_task *t, char *out, size_t n)
{
	char q[72];
	size_t w;

	(void)rt_task_max_demand(t, &w);
	if (t->exec == RT_EXEC_UNIFORM && y->exec && y->exec->max) {
		scn_quote(q, sizeof(q), y->exec->max);
		snprintf(out, n, "exec.max = %s", q);
	} else if (t->exec == RT_EXEC_LIST && y->exec && y->exec->values &&
		   w < y->exec->values_count) {
		scn_quote(q, sizeof(q), y->exec->values[w]);
		snprintf(out, n, "exec.values[%zu] = %s", w, q);
	} else {
		scn_quote(q, sizeof(q), y->c ? y->c : y->runtime ? y->runtime :
			  "?");
		snprintf(out, n, "%s = %s", y->runtime ? "runtime" : "C", q);
	}
	return out;
}

/* tasks[i].suspend: [{after: X, for: Y}, ...], X > 0 strictly
 * increasing, Y > 0, X before the largest demand of a job (a point at or
 * after it is met by no job), times in the scenario's units. */
static enum rt_err scn_task_suspend(struct scn_tctx *tc, struct rt_task *t)
{
	const struct scn_y_task *y = tc->y;
	enum scn_time_unit u = tc->s->time_unit;
	struct rt_suspend *v;
	char path[96];
	enum rt_err err;

	if (!y->suspend)
		return RT_OK;
	v = rt_calloc(y->suspend_count, sizeof(*v));
	if (!v)
		return RT_ERR_NOMEM;
	t->suspend = v;                 /* owned by *t from here (scn_free) */
	t->nsuspend = y->suspend_count;
	for (unsigned k = 0; k < y->suspend_count; k++) {
		const struct scn_y_suspend *p = &y->suspend[k];

		scn_path(path, sizeof(path), tc->p, "suspend", (long)k);
		if (!p->after || !p->len)
			return scn_fail(tc->c, RT_ERR_PARSE, path, NULL, 0,
					SCN_AT_VALUE, "missing %s; expected "
					"{after: X, for: Y} (suspend for Y once "
					"X of the job's demand has executed)",
					p->after ? "for" : "after");
		if ((err = scn_time_at(tc->c, u, p->after, path, "after", -1,
				       SCN_SIGN_POS, &v[k].after)) ||
		    (err = scn_time_at(tc->c, u, p->len, path, "for", -1,
				       SCN_SIGN_POS, &v[k].len)))
			return err;
		if (k && v[k].after <= v[k - 1].after) {
			char q[72], q0[72], at[96];

			scn_quote(q, sizeof(q), p->after);
			scn_quote(q0, sizeof(q0), y->suspend[k - 1].after);
			return scn_fail(tc->c, RT_ERR_INVAL,
					scn_path(at, sizeof(at), path, "after", -1),
					NULL, 0, SCN_AT_VALUE, "%s is not after "
					"suspend[%u].after = %s; expected strictly "
					"increasing points", q, k - 1, q0);
		}
		if (v[k].after >= rt_task_max_demand(t, NULL)) {
			char q[72], qd[128], at[96];

			scn_quote(q, sizeof(q), p->after);
			return scn_fail(tc->c, RT_ERR_INVAL,
					scn_path(at, sizeof(at), path, "after", -1),
					NULL, 0, SCN_AT_VALUE, "%s is not before "
					"the job's end (%s, the largest demand of "
					"a job): no job would suspend there; "
					"expected after < %s", q,
					scn_task_demand_text(y, t, qd,
							     sizeof(qd)),
					t->exec == RT_EXEC_FIXED ? "C" :
					"the largest demand");
		}
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
	if ((cls = scn_ctrl_char(y->name)) >= 0)
		return scn_fail(tc->c, RT_ERR_PARSE, SCN_SUB(tc, path, "name"),
				NULL, 0, SCN_AT_VALUE, "holds the control "
				"character 0x%02x; expected printable text", cls);
	name = rt_strdup(y->name);
	if (!name)
		return RT_ERR_NOMEM;
	t->name = name;
	if ((err = scn_task_cdt(tc, t)) || (err = scn_task_arrival(tc, t)) ||
	    (err = scn_task_exec(tc, t)) || (err = scn_task_suspend(tc, t)))
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

enum rt_err scn_convert_task(const struct scn_ctx *c,
			     const struct scn_scenario *s,
			     const struct scn_y_task *y, size_t i,
			     const char *arr_sh, const char *exec_sh,
			     struct rt_task *t)
{
	struct scn_tctx tc = { c, s, y, arr_sh, exec_sh, "" };

	snprintf(tc.p, sizeof(tc.p), "tasks[%zu]", i);
	return scn_task(&tc, t);
}
