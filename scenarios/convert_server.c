/* convert_server.c - CBS servers, the tasks that use them, run-time
 * admission times, and the scheduler keys of linux-dl and edf-split
 * (scenarios/README.md "Servers", docs/theory.md §E).
 *
 *   servers: [{name, kind: cbs | hard-cbs | revised-cbs, budget, period,
 *              deadline (default: period), reclaim: none | grub}]
 *            (policy cbs...), or [{name, kind: polling | deferrable |
 *              sporadic, budget, period, priority}] (policy fp)
 *   tasks[i].server: a server's name; tasks[i].arrive_at / leave_at: times
 *   scheduler: rt_runtime_us (-1 | 0..), rt_period_us (> 0), reclaim,
 *              hard_test: exact | density | d-equals-t
 *
 * With servers and no scheduler.policy the policy is cbs.  With policy
 * linux-dl the time unit must be physical (the kernel counts ns; its
 * parameter rules are checked by the policy).  O(servers + tasks) with a
 * linear name lookup per task (O(tasks x servers); servers are few).
 */
#include "scenarios/internal.h"

#include <stdio.h>
#include <string.h>

#include "models/mem.h"
#include "models/server.h"

/* in enum rt_server_kind order */
static const char *const scn_kinds[] = { "cbs", "hard-cbs", "revised-cbs",
					 "polling", "deferrable", "sporadic" };
static const char *const scn_reclaims[] = { "none", "grub" };
static const char *const scn_hard_tests[] = { "exact", "density",
					      "d-equals-t" };

/* The keys of the fixed-priority kinds (policy fp): priority, and no
 * deadline or reclaim; the CBS kinds take no priority.  Under fp the
 * kind must be a fixed-priority one and the other way round. */
static enum rt_err scn_server_fp(const struct scn_ctx *c,
				 const struct scn_scenario *s,
				 const struct scn_y_server *y, const char *p,
				 struct rt_server *v)
{
	bool fp = rt_server_is_fp(v->kind);
	bool pol = !strcmp(s->sched.policy, "fp");

	if (fp != pol)
		return scn_fail(c, RT_ERR_INVAL, p, "kind", 0, SCN_AT_VALUE,
				"%s is a %s server; under policy: %s expected "
				"%s", rt_server_kind_name(v->kind),
				fp ? "fixed-priority" : "deadline",
				s->sched.policy, pol ? "polling, deferrable or "
				"sporadic" : "cbs, hard-cbs or revised-cbs "
				"(polling, deferrable and sporadic need policy: "
				"fp)");
	if (fp && (y->deadline || y->reclaim))
		return scn_fail(c, RT_ERR_PARSE, p, y->deadline ? "deadline" :
				"reclaim", 0, SCN_AT_KEY, "a %s server has no "
				"%s; expected only name, kind, budget, period "
				"and priority", rt_server_kind_name(v->kind),
				y->deadline ? "deadline" : "reclaiming");
	if (!y->priority)
		return fp && s->sched.priorities == RT_FP_EXPLICIT ?
		       scn_fail(c, RT_ERR_PARSE, p, NULL, 0, SCN_AT_VALUE,
				"missing priority; expected one with "
				"priorities: explicit, e.g. priority: 1") :
		       RT_OK;
	if (!fp || s->sched.priorities != RT_FP_EXPLICIT)
		return scn_fail(c, RT_ERR_PARSE, p, "priority", 0, SCN_AT_KEY,
				"only for fixed-priority servers with "
				"priorities: explicit; expected no priority "
				"here (%s)", fp ? "the server ranks by its "
				"period as a task would" : "a deadline server");
	v->has_priority = true;
	return scn_int_at(c, y->priority, p, "priority", INT64_MIN, INT64_MAX,
			  &v->priority);
}

static enum rt_err scn_server(const struct scn_ctx *c, struct scn_scenario *s,
			      const struct scn_y_server *y, size_t i,
			      struct rt_server *v)
{
	enum scn_time_unit u = s->time_unit;
	char p[48], q[72];
	struct rt_diag tmp;
	enum rt_err err;
	int e;

	snprintf(p, sizeof(p), "servers[%zu]", i);
	if (!y->name)
		return scn_fail(c, RT_ERR_PARSE, p, NULL, 0, SCN_AT_VALUE,
				"missing name; expected a unique server name, "
				"e.g. name: S1");
	if (!y->name[0] || strlen(y->name) > SCN_MAX_NAME)
		return scn_fail(c, RT_ERR_PARSE, p, "name", 0, SCN_AT_VALUE,
				"%s; expected 1 to %d bytes",
				y->name[0] ? "too long" : "empty", SCN_MAX_NAME);
	if (scn_ctrl_char(y->name) >= 0)
		return scn_fail(c, RT_ERR_PARSE, p, "name", 0, SCN_AT_VALUE,
				"holds the control character 0x%02x; expected "
				"printable text", scn_ctrl_char(y->name));
	for (size_t k = 0; k < i; k++) {
		if (!strcmp(s->servers[k].name, y->name)) {
			scn_quote(q, sizeof(q), y->name);
			return scn_fail(c, RT_ERR_PARSE, p, "name", 0,
					SCN_AT_VALUE, "%s is already the name of "
					"servers[%zu]; expected unique server "
					"names", q, k);
		}
	}
	v->name = rt_strdup(y->name);
	if (!v->name)
		return RT_ERR_NOMEM;
	if (y->kind) {
		if ((err = scn_enum_at(c, y->kind, p, "kind",
				       SCN_NAMES(scn_kinds), &e)))
			return err;
		v->kind = (enum rt_server_kind)e;
	}
	if ((err = scn_server_fp(c, s, y, p, v)))
		return err;
	if (y->reclaim) {
		if ((err = scn_enum_at(c, y->reclaim, p, "reclaim",
				       SCN_NAMES(scn_reclaims), &e)))
			return err;
		v->reclaim = (enum rt_reclaim)e;
	}
	if (!y->budget || !y->period)
		return scn_fail(c, RT_ERR_PARSE, p, NULL, 0, SCN_AT_VALUE,
				"missing %s; expected budget and period, e.g. "
				"{name: S1, budget: 2, period: 5}",
				y->budget ? "period" : "budget");
	if ((err = scn_time_at(c, u, y->budget, p, "budget", -1, SCN_SIGN_POS,
			       &v->budget_max)) ||
	    (err = scn_time_at(c, u, y->period, p, "period", -1, SCN_SIGN_POS,
			       &v->period)))
		return err;
	v->deadline = v->period;
	if (y->deadline && (err = scn_time_at(c, u, y->deadline, p, "deadline",
					      -1, SCN_SIGN_POS, &v->deadline)))
		return err;
	if ((err = rt_server_check(v, &tmp)))
		return scn_fail(c, err, p, NULL, 0, SCN_AT_VALUE, "%s", tmp.msg);
	return RT_OK;
}

static enum rt_err scn_servers(const struct scn_ctx *c,
			       const struct scn_y_doc *y,
			       struct scn_scenario *s)
{
	enum rt_err err;

	if (!y->servers)
		return RT_OK;
	s->servers = rt_calloc(y->servers_count, sizeof(*s->servers));
	if (!s->servers)
		return RT_ERR_NOMEM;
	for (size_t i = 0; i < y->servers_count; i++) {
		s->servers[i] = rt_server_make(NULL, 0, 0, 0);
		s->nservers = i + 1;
		if ((err = scn_server(c, s, &y->servers[i], i, &s->servers[i])))
			return err;
	}
	return RT_OK;
}

/* tasks[i].server, arrive_at, leave_at */
static enum rt_err scn_task_links(const struct scn_ctx *c,
				  const struct scn_y_doc *y,
				  struct scn_scenario *s)
{
	bool any_server = false, any_time = false;
	enum rt_err err;

	for (size_t i = 0; i < s->ntasks; i++) {
		any_server |= y->tasks[i].server != NULL;
		any_time |= y->tasks[i].arrive_at || y->tasks[i].leave_at;
	}
	if (any_server) {
		s->task_server = rt_calloc(s->ntasks, sizeof(*s->task_server));
		if (!s->task_server)
			return RT_ERR_NOMEM;
	}
	if (any_time) {
		s->arrive_at = rt_calloc(s->ntasks, sizeof(*s->arrive_at));
		s->leave_at = rt_calloc(s->ntasks, sizeof(*s->leave_at));
		if (!s->arrive_at || !s->leave_at)
			return RT_ERR_NOMEM;
	}
	for (size_t i = 0; i < s->ntasks; i++) {
		const struct scn_y_task *t = &y->tasks[i];
		char p[48], q[72];

		snprintf(p, sizeof(p), "tasks[%zu]", i);
		if (s->task_server) {
			size_t k = 0;

			s->task_server[i] = -1;
			for (; t->server && k < s->nservers; k++)
				if (!strcmp(s->servers[k].name, t->server))
					break;
			if (t->server && k == s->nservers) {
				scn_quote(q, sizeof(q), t->server);
				return scn_fail(c, RT_ERR_PARSE, p, "server", 0,
						SCN_AT_VALUE, "%s is not a server; "
						"expected the name of an entry of "
						"servers: [...]", q);
			}
			if (t->server)
				s->task_server[i] = (int32_t)k;
		}
		if (!s->arrive_at)
			continue;
		s->leave_at[i] = RT_TIME_NEVER;
		if (t->arrive_at && (err = scn_time_at(c, s->time_unit,
						       t->arrive_at, p,
						       "arrive_at", -1,
						       SCN_SIGN_NONNEG,
						       &s->arrive_at[i])))
			return err;
		if (t->leave_at && (err = scn_time_at(c, s->time_unit,
						      t->leave_at, p, "leave_at",
						      -1, SCN_SIGN_NONNEG,
						      &s->leave_at[i])))
			return err;
		if (s->leave_at[i] < s->arrive_at[i])
			return scn_fail(c, RT_ERR_INVAL, p, "leave_at", 0,
					SCN_AT_VALUE, "is before arrive_at; "
					"expected leave_at >= arrive_at");
	}
	return RT_OK;
}

/* scheduler: rt_runtime_us, rt_period_us, reclaim, hard_test */
static enum rt_err scn_sched_resv(const struct scn_ctx *c,
				  const struct scn_y_doc *y,
				  struct scn_scenario *s)
{
	const struct scn_y_sched *k = y->scheduler;
	struct scn_scheduler *v = &s->sched;
	enum rt_err err;
	int64_t n;
	int e;

	v->rt_runtime_us = 950000;
	v->rt_period_us = 1000000;
	if (y->servers && (!k || !k->policy)) {
		char *cbs = rt_strdup("cbs");

		if (!cbs)
			return RT_ERR_NOMEM;
		rt_free(v->policy);
		v->policy = cbs;
	}
	if (!k)
		return RT_OK;
	/* sched_rt_period_us is 1..INT_MAX; sched_rt_runtime_us is -1 or
	 * 0..period (kernel sched_rt_global_validate()) */
	if (k->rt_period_us &&
	    (err = scn_int_at(c, k->rt_period_us, "scheduler", "rt_period_us",
			      1, INT32_MAX, &v->rt_period_us)))
		return err;
	if (k->rt_runtime_us &&
	    (err = scn_int_at(c, k->rt_runtime_us, "scheduler",
			      "rt_runtime_us", -1, INT32_MAX, &n)))
		return err;
	if (k->rt_runtime_us)
		v->rt_runtime_us = n;
	if (v->rt_runtime_us > v->rt_period_us)
		return scn_fail(c, RT_ERR_INVAL, "scheduler", "rt_runtime_us", 0,
				SCN_AT_VALUE, "%lld > rt_period_us %lld; expected "
				"-1 or 0..rt_period_us",
				(long long)v->rt_runtime_us,
				(long long)v->rt_period_us);
	if (k->reclaim) {
		if ((err = scn_enum_at(c, k->reclaim, "scheduler", "reclaim",
				       SCN_NAMES(scn_reclaims), &e)))
			return err;
		v->reclaim = (enum rt_reclaim)e;
	}
	if (k->hard_test) {
		if ((err = scn_enum_at(c, k->hard_test, "scheduler", "hard_test",
				       SCN_NAMES(scn_hard_tests), &e)))
			return err;
		v->hard_test = (enum sim_hard_test)e;
	}
	return RT_OK;
}

/* policy linux-dl counts nanoseconds (its parameter rules,
 * __checkparam_dl, are the policy's: sim/policy_linux_dl.c) */
static enum rt_err scn_linux_dl(const struct scn_ctx *c,
				const struct scn_scenario *s)
{
	if (scn_policy_model(s->sched.policy) != RT_AN_LINUX_DL ||
	    s->time_unit != SCN_UNIT_TICK)
		return RT_OK;
	return scn_fail(c, RT_ERR_INVAL, "scheduler", "policy", 0,
			SCN_AT_VALUE, "linux-dl models the kernel in "
			"nanoseconds; expected time_unit: ns, us, ms or s");
}

enum rt_err scn_convert_resv(const struct scn_ctx *c, const struct scn_y_doc *y,
			     struct scn_scenario *s)
{
	enum rt_err err;

	if ((err = scn_sched_resv(c, y, s)) || (err = scn_servers(c, y, s)) ||
	    (err = scn_task_links(c, y, s)) || (err = scn_linux_dl(c, s)))
		return err;
	return RT_OK;
}
