/* check.c - the last step of loading: everything `dlsim run` needs to be
 * true before it simulates, checked once here so that `run`, `analyze`
 * and `validate` accept and refuse exactly the same files, with the same
 * FILE:LINE:COL message.
 *
 *   policy      a name of the policy registry (sim/policy.c), and no
 *               policy-specific key (rt_runtime_us, reclaim, hard_test,
 *               ...) it does not honour (sim_policy_desc.keys);
 *   admission   none, or a registry test that analyses the policy's model
 *               on the platform of every domain (models/tests.h); a
 *               policy with its own admission (linux-dl, edf-split)
 *               takes none;
 *   mode        only for policies that admit by the registry; hard needs
 *               a test of RT_AN_MODE_HARD for every domain;
 *   placement   the task-to-CPU/cluster binding (models/placement.h):
 *               a task that fits nowhere is an error naming it;
 *   the engine  the configuration the simulation would use is built once
 *               (sim_engine_create on a horizon of 1, then destroyed), so
 *               every check of the engine and the policies (servers need
 *               cbs, placement the policy cannot run, GRUB on several
 *               CPUs, fair-server bandwidth, ...) is a load error too.
 *
 * The rule for mode and admission together (scenarios/README.md): an
 * admission test given by name is the test, whatever the mode; mode then
 * only says how misses are reported (hard: guarantee violations; soft:
 * tardiness against the bound).  mode: hard with admission: none is an
 * error (a guarantee needs a test).
 */
#include "scenarios/internal.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "models/analysis_resv.h"
#include "models/mem.h"
#include "models/placement.h"
#include "models/tests.h"
#include "sim/engine.h"

/* The registered policies' names, "a, b" into buf (cut at len): those
 * analysed as one of the bits of 'models' (0: every policy) and, if
 * 'admitting', only those that take scheduler.admission. */
static const char *scn_policy_list(unsigned models, bool admitting,
				   char *buf, size_t len)
{
	struct sim_policy_desc p;
	size_t o = 0;

	buf[0] = '\0';
	for (size_t i = 0; sim_policy_describe_at(i, &p) && o < len; i++)
		if ((!models || (p.analysed_as & models)) &&
		    (!admitting || p.admission))
			o += (size_t)snprintf(buf + o, len - o, "%s%s",
					      o ? ", " : "", p.name);
	return buf;
}

/* "edf, fp, cbs, linux-dl, edf-split" (only those that take admission
 * if 'admitting') */
static const char *scn_policy_names(bool admitting, char *buf, size_t len)
{
	return scn_policy_list(0, admitting, buf, len);
}

unsigned scn_policy_model(const char *name)
{
	struct sim_policy_desc p;

	return name && sim_policy_describe(name, &p) ? p.analysed_as : 0;
}

const char *scn_policy_names_as(unsigned models, char *buf, size_t len)
{
	return scn_policy_list(models, false, buf, len);
}

/* Is 'key' a word of the space-separated list 'keys'? */
static bool scn_has_key(const char *keys, const char *key)
{
	size_t n = strlen(key);

	for (const char *k = keys; (k = strstr(k, key)) != NULL; k += n)
		if ((k == keys || k[-1] == ' ') && (k[n] == ' ' || !k[n]))
			return true;
	return false;
}

/*
 * A policy-specific scheduler key given to a policy that does not honour
 * it would do nothing: refused, naming the policies that take it (the
 * registry's sim_policy_desc.keys).
 */
static enum rt_err scn_check_keys(const struct scn_ctx *c,
				  const struct scn_y_sched *ys,
				  const struct sim_policy_desc *ops,
				  const struct scn_scenario *s)
{
	const struct { const char *key; const char *given; } k[] = {
		{ "rt_runtime_us", ys ? ys->rt_runtime_us : NULL },
		{ "rt_period_us", ys ? ys->rt_period_us : NULL },
		{ "reclaim", ys ? ys->reclaim : NULL },
		{ "hard_test", ys ? ys->hard_test : NULL },
	};

	for (size_t i = 0; i < sizeof(k) / sizeof(k[0]); i++) {
		struct sim_policy_desc p;
		char pols[128] = "";
		size_t o = 0;

		if (!k[i].given || scn_has_key(ops->keys, k[i].key))
			continue;
		for (size_t j = 0; sim_policy_describe_at(j, &p) &&
		     o < sizeof(pols); j++)
			if (scn_has_key(p.keys, k[i].key))
				o += (size_t)snprintf(pols + o, sizeof(pols) - o,
						      "%s%s", o ? " or " : "",
						      p.name);
		return scn_fail(c, RT_ERR_PARSE, "scheduler", k[i].key, 0,
				SCN_AT_KEY, "only with policy: %s; expected no "
				"%s with policy: %s", pols, k[i].key,
				s->sched.policy);
	}
	return RT_OK;
}

/* The platforms of the scenario's domains: RT_AN_UNI if some domain has
 * one CPU, RT_AN_GLOBAL if some has more. */
static unsigned scn_platforms(const struct scn_scenario *s)
{
	const struct scn_scheduler *k = &s->sched;
	unsigned need = 0;

	if (k->placement == SCN_PLACE_CPUSETS) {
		for (size_t i = 0; i < k->ncpusets; i++)
			need |= k->cpusets[i].ncpus == 1 ? RT_AN_UNI
							 : RT_AN_GLOBAL;
		return need;
	}
	return k->cluster_size == 1 ? RT_AN_UNI : RT_AN_GLOBAL;
}

static const char *scn_platform_desc(unsigned need)
{
	if (need == (RT_AN_UNI | RT_AN_GLOBAL))
		return "on domains of one and of several CPUs";
	return need == RT_AN_UNI ? "on one CPU" : "on a global runqueue";
}

/* Admission with shared resources: the registry's tests and the soft
 * mode's tardiness bounds count no blocking, so an admitted task could
 * miss by a blocking no test saw (edf, srp: (C 5, D 20, T 20) holding R
 * for 4 and (C 1, D 2, T 10) using R, offset 1: qpa admits both, the
 * second misses by 2; "GUARANTEE VIOLATED" would blame the test).  The
 * blocking-aware tests of `dlsim analyze` (fp-rta-blocking, edf-srp) are
 * not admission tests yet. */
static enum rt_err scn_admission_resources(const struct scn_ctx *c,
					   const struct scn_scenario *s)
{
	const struct scn_scheduler *k = &s->sched;

	if (k->admission_kind == SIM_ADMISSION_NONE)
		return RT_OK;
	for (size_t i = 0; i < s->ntasks; i++)
		if (s->tasks[i].nsections)
			return scn_fail(c, RT_ERR_UNSUPPORTED,
					k->admission_kind == SIM_ADMISSION_TEST ?
					"scheduler.admission" :
					"scheduler.mode", NULL, 0,
					SCN_AT_VALUE, "not implemented yet: "
					"admission with shared resources "
					"(tasks[%zu].sections): the admission "
					"tests and tardiness bounds do not "
					"count blocking; expected no admission "
					"or mode (dlsim analyze has the "
					"blocking-aware tests)", i);
	return RT_OK;
}

static enum rt_err scn_check_admission(const struct scn_ctx *c,
				       const struct scn_y_sched *ys,
				       const struct sim_policy_desc *ops,
				       struct scn_scenario *s)
{
	struct scn_scheduler *k = &s->sched;
	unsigned need = scn_platforms(s);
	bool own = !ops->admission;
	bool none = !strcmp(k->admission, "none");
	char names[512], pols[128], q[72];

	k->admission_kind = SIM_ADMISSION_NONE;
	k->admission_test = NULL;
	/* the registry's tests analyse tasks, not fp's servers */
	if (ys && ((ys->admission && !none) || ys->mode) && s->nservers &&
	    !strcmp(k->policy, "fp"))
		return scn_fail(c, RT_ERR_INVAL, ys->mode ? "scheduler.mode" :
				"scheduler.admission", NULL, 0, SCN_AT_VALUE,
				"no admission test analyses fp's servers; "
				"expected no admission or mode with servers");
	if (ys && ys->mode && own)
		return scn_fail(c, RT_ERR_INVAL, "scheduler.mode", NULL, 0,
				SCN_AT_VALUE, "policy %s has its own admission, "
				"so mode would do nothing; expected no mode, "
				"or a policy of: %s", ops->name,
				scn_policy_names(true, pols, sizeof(pols)));
	if (ys && ys->admission && !none) {
		const struct rt_test_info *t = rt_test_find(k->admission);

		scn_quote(q, sizeof(q), k->admission);
		if (own)
			return scn_fail(c, RT_ERR_INVAL, "scheduler.admission",
					NULL, 0, SCN_AT_VALUE, "policy %s has "
					"its own admission; expected none, or "
					"a policy of: %s", ops->name,
					scn_policy_names(true, pols,
							 sizeof(pols)));
		if (!rt_test_analyses_match(t, ops->analysed_as, need))
			return scn_fail(c, RT_ERR_INVAL, "scheduler.admission",
					NULL, 0, SCN_AT_VALUE, "%s is not a "
					"test that analyses policy %s %s; "
					"expected none or one of: %s", q,
					ops->name, scn_platform_desc(need),
					rt_test_names_for(ops->analysed_as,
							  need, names,
							  sizeof(names)));
		k->admission_kind = SIM_ADMISSION_TEST;
		k->admission_test = t;
		return scn_admission_resources(c, s);
	}
	if (!ys || !ys->mode)
		return RT_OK;
	if (k->mode == SCN_MODE_HARD && ys->admission)
		return scn_fail(c, RT_ERR_INVAL, "scheduler.admission", NULL, 0,
				SCN_AT_VALUE, "none with mode: hard; expected a "
				"test (a guarantee needs one) or no admission "
				"key (mode: hard picks the strongest)");
	if (k->mode == SCN_MODE_SOFT && ys->admission)
		return RT_OK;           /* admission: none: no test */
	for (unsigned bit = RT_AN_UNI; bit <= RT_AN_GLOBAL; bit <<= 1) {
		unsigned mode = k->mode == SCN_MODE_HARD ? RT_AN_MODE_HARD
							 : RT_AN_MODE_SOFT;

		if ((need & bit) &&
		    !rt_test_for_mode(mode, ops->analysed_as, bit, 0))
			return scn_fail(c, RT_ERR_INVAL, "scheduler.mode", NULL,
					0, SCN_AT_VALUE, "no sound test "
					"analyses policy %s %s, so nothing can "
					"be guaranteed; expected mode: soft, or "
					"placement: partitioned", ops->name,
					scn_platform_desc(bit));
	}
	k->admission_kind = k->mode == SCN_MODE_HARD ? SIM_ADMISSION_HARD
						     : SIM_ADMISSION_SOFT;
	return scn_admission_resources(c, s);
}

/* What a packing item is (scn_pack_items). */
enum scn_pack {
	SCN_PACK_TASKS,                 /* every task its own item */
	SCN_PACK_CBS,                   /* cbs servers, then the plain tasks */
	SCN_PACK_FP                     /* the plain tasks, then fp servers */
};

/*
 * An fp server as a packing item: rt_fp_server_task (C = Q_s, T = T_s, a
 * deferrable server's release jitter J_s = T_s - Q_s) with D = T_s + J_s.
 * fp-rta's R_s counts J_s, so R_s <= D says w_s = R_s - J_s <= T_s: the
 * server delivers Q_s within T_s of each period start, the condition of
 * its served tasks' bound (rt_fp_served_bound).  With D = T_s a
 * deferrable server (R_s >= Q_s + J_s = T_s) would fit only alone.
 */
static struct rt_task scn_fp_server_item(const struct rt_server *sv)
{
	struct rt_task t = rt_fp_server_task(sv);

	if (!rt_time_add(t.period, t.jitter, &t.deadline))
		t.deadline = RT_TIME_MAX;       /* no response reaches it */
	return t;
}

/* Each server that serves a task (not skipped) as one item at ts[*n..]:
 * cbs rt_server_as_task, fp scn_fp_server_item at priority rank[ntasks +
 * j]; its cpu: the first of its tasks' cpu: keys. */
static void scn_pack_servers(const struct scn_scenario *s, enum scn_pack how,
			     const uint32_t *rank, const bool *skip,
			     struct rt_task *ts, size_t *item, size_t *first,
			     size_t *n)
{
	for (size_t j = 0; j < s->nservers; j++) {
		bool any = false;

		for (size_t i = 0; i < s->ntasks; i++) {
			if (s->task_server[i] != (int32_t)j ||
			    (skip && skip[i]))
				continue;
			if (!any && how == SCN_PACK_CBS) {
				ts[*n] = rt_server_as_task(&s->servers[j]);
			} else if (!any) {
				ts[*n] = scn_fp_server_item(&s->servers[j]);
				ts[*n].priority = rank[s->ntasks + j];
			}
			if (!any)
				first[*n] = i;
			any = true;
			if (ts[*n].cpu < 0)
				ts[*n].cpu = s->tasks[i].cpu;
			item[i] = *n;
		}
		*n += any;
	}
}

/*
 * What the packing places (models/placement.h).  With servers the engine
 * runs each server's tasks where the server is (sim/server.c: one domain
 * per server, a load error otherwise), and what occupies a CPU is the
 * server's budget, not its tasks' C: each server that serves a task is
 * one item, at the position and with the priority analyze's model gives
 * it (api/analysis_model.c), so that with no cpu: keys `run` binds what
 * analyze analyses:
 *   cbs  the sporadic task (Q_s, D_s, T_s) of rt_server_as_task, servers
 *        first and in server order, then the plain tasks -- the set and
 *        order analyze's partitioned-<h> packs;
 *   fp   the plain tasks, then the servers as scn_fp_server_item, every
 *        item's priority its rank of rt_fp_server_ranks (the caller
 *        packs with RT_FP_EXPLICIT): the order analyze's fp-rta sees.
 * Otherwise (SCN_PACK_TASKS) every task is its own item.  A server's
 * cpu: is the first of its tasks' cpu: keys.  Tasks with skip[i] are
 * left out (a server of only such tasks too).  item[i]: task i's item
 * (n entries), first[k]: a task of item k; ts: *nitems.
 */
static void scn_pack_items(const struct scn_scenario *s, enum scn_pack how,
			   const uint32_t *rank, const bool *skip,
			   struct rt_task *ts, size_t *item, size_t *first,
			   size_t *nitems)
{
	size_t n = 0;

	if (how == SCN_PACK_CBS)
		scn_pack_servers(s, how, rank, skip, ts, item, first, &n);
	for (size_t i = 0; i < s->ntasks; i++) {
		if ((skip && skip[i]) ||
		    (how != SCN_PACK_TASKS && s->task_server[i] >= 0))
			continue;
		ts[n] = s->tasks[i];
		if (how == SCN_PACK_FP)
			ts[n].priority = rank[i];
		first[n] = i;
		item[i] = n++;
	}
	if (how == SCN_PACK_FP)
		scn_pack_servers(s, how, rank, skip, ts, item, first, &n);
	*nitems = n;
}

/*
 * With admission, a task the packing can put nowhere is not an error but
 * a task admission will refuse: pack, drop the misfit, pack the rest
 * again, until every remaining task is bound; each dropped task is
 * marked in task_unplaced (rejected when it joins) and nominally bound
 * to cluster 0.  Under mode: soft (capacity) the packing is by capacity
 * as well (U <= 1 per CPU, U <= k per cluster).  O(misfits x one
 * packing).  how: SCN_PACK_TASKS or _CBS (fp's servers take no
 * admission: scn_check_admission).
 */
static enum rt_err scn_place_admitting(const struct scn_ctx *c, bool fp,
				       enum scn_pack how,
				       struct scn_scenario *s)
{
	struct scn_scheduler *k = &s->sched;
	size_t cap = s->ntasks + s->nservers ? s->ntasks + s->nservers : 1;
	struct rt_task *sub = rt_calloc(cap, sizeof(*sub));
	size_t *map = rt_calloc(cap, sizeof(*map));
	size_t *item = rt_calloc(cap, sizeof(*item));
	unsigned *cl = rt_calloc(cap, sizeof(*cl));
	struct rt_diag tmp = { "" };
	bool soft = k->admission_kind == SIM_ADMISSION_SOFT;
	enum rt_err err = RT_OK;

	assert(how != SCN_PACK_FP);
	k->task_unplaced = rt_calloc(s->ntasks ? s->ntasks : 1,
				     sizeof(*k->task_unplaced));
	if (!sub || !map || !item || !cl || !k->task_unplaced) {
		err = RT_ERR_NOMEM;
		goto out;
	}
	for (;;) {
		struct rt_place_result r;
		size_t n = 0;

		scn_pack_items(s, how, NULL, k->task_unplaced, sub, item, map,
			       &n);
		/* mode: soft admits by capacity, so it packs by capacity
		 * too: with every D = T the exact EDF test of a CPU is
		 * U <= 1 */
		for (size_t j = 0; soft && j < n; j++)
			sub[j].deadline = sub[j].period;
		err = rt_place(sub, n, s->cpus, k->cluster_size,
			       k->partitioning, fp && !soft ? &k->priorities
							   : NULL,
			       RT_UNI_BUDGET_DEFAULT, cl, &r, &tmp);
		if (err) {
			err = scn_fail(c, err, "scheduler", "placement", 0,
				       SCN_AT_VALUE, "%s", tmp.msg[0] ?
				       tmp.msg : rt_strerror(err));
			goto out;
		}
		if (r.verdict == RT_VERDICT_ACCEPT) {
			for (size_t i = 0; i < s->ntasks; i++)
				if (!k->task_unplaced[i])
					k->task_cluster[i] = cl[item[i]];
			break;
		}
		/* a server that fits nowhere: every task it serves */
		for (size_t i = 0; i < s->ntasks; i++)
			if (!k->task_unplaced[i] && item[i] == r.misfit)
				k->task_unplaced[i] = true;
	}
out:
	rt_free(sub);
	rt_free(map);
	rt_free(item);
	rt_free(cl);
	return err;
}

/* The binding of partitioned / clustered tasks (cpusets: the sets').
 * Without admission a task that fits nowhere is an error. */
static enum rt_err scn_check_place(const struct scn_ctx *c,
				   const struct sim_policy_desc *ops,
				   struct scn_scenario *s)
{
	struct scn_scheduler *k = &s->sched;
	struct rt_diag tmp = { "" };
	struct rt_place_result r;
	bool fp = ops->analysed_as == RT_AN_FP;
	bool srv = (ops->analysed_as == RT_AN_CBS || fp) && s->nservers &&
		   s->task_server;
	enum scn_pack how = !srv ? SCN_PACK_TASKS : fp ? SCN_PACK_FP :
			    SCN_PACK_CBS;
	enum rt_fp_order order = k->priorities;
	size_t cap = s->ntasks + s->nservers ? s->ntasks + s->nservers : 1;
	struct rt_task *sub = NULL;
	size_t *item = NULL, *first = NULL, n = 0;
	uint32_t *rank = NULL;
	unsigned *cl = NULL;
	enum rt_err err;
	char path[48];

	if (k->placement == SCN_PLACE_CPUSETS ? k->ncpusets == 1 :
	    k->placement == SCN_PLACE_GLOBAL || s->cpus / k->cluster_size == 1)
		return RT_OK;           /* one cluster: no binding needed */
	k->task_cluster = rt_calloc(s->ntasks ? s->ntasks : 1,
				    sizeof(*k->task_cluster));
	if (!k->task_cluster)
		return RT_ERR_NOMEM;
	if (k->placement == SCN_PLACE_CPUSETS) {
		memcpy(k->task_cluster, k->task_set,
		       s->ntasks * sizeof(*k->task_cluster));
		return RT_OK;
	}
	if (k->admission_kind != SIM_ADMISSION_NONE)
		return scn_place_admitting(c, fp, how, s);
	sub = rt_calloc(cap, sizeof(*sub));
	item = rt_calloc(cap, sizeof(*item));
	first = rt_calloc(cap, sizeof(*first));
	cl = rt_calloc(cap, sizeof(*cl));
	rank = rt_calloc(cap, sizeof(*rank));
	if (!sub || !item || !first || !cl || !rank) {
		err = RT_ERR_NOMEM;
		goto out;
	}
	/* fp servers: the ranks analyze gives (explicit order, distinct) */
	if (how == SCN_PACK_FP) {
		err = rt_fp_server_ranks(s->tasks, s->ntasks, s->servers,
					 s->nservers, s->task_server,
					 k->priorities, rank, &tmp);
		if (err) {
			err = scn_fail(c, err, "scheduler", "priorities", 0,
				       SCN_AT_VALUE, "%s", tmp.msg[0] ?
				       tmp.msg : rt_strerror(err));
			goto out;
		}
		order = RT_FP_EXPLICIT;
	}
	scn_pack_items(s, how, rank, NULL, sub, item, first, &n);
	err = rt_place(sub, n, s->cpus, k->cluster_size,
		       k->partitioning, fp ? &order : NULL,
		       RT_UNI_BUDGET_DEFAULT, cl, &r, &tmp);
	if (err) {
		err = scn_fail(c, err, "scheduler", "placement", 0,
			       SCN_AT_VALUE, "%s", tmp.msg[0] ? tmp.msg :
			       rt_strerror(err));
		goto out;
	}
	if (r.verdict == RT_VERDICT_ACCEPT) {
		for (size_t i = 0; i < s->ntasks; i++)
			k->task_cluster[i] = cl[item[i]];
		goto out;
	}
	if (srv && s->task_server[first[r.misfit]] >= 0)
		snprintf(path, sizeof(path), "servers[%d]",
			 (int)s->task_server[first[r.misfit]]);
	else
		snprintf(path, sizeof(path), "tasks[%zu]", first[r.misfit]);
	err = scn_fail(c, RT_ERR_INVAL, path, NULL, 0, SCN_AT_VALUE,
		       "%s %s fits on no %s with partitioning: %s (%zu of %zu "
		       "%s placed%s); use more CPUs, give tasks a cpu:, "
		       "another partitioning, or placement: global",
		       srv ? (path[0] == 's' ? "server" : "task") : "task",
		       sub[r.misfit].name ? sub[r.misfit].name : "?",
		       k->cluster_size == 1 ? "CPU" : "cluster",
		       rt_part_name(k->partitioning), r.placed, n,
		       srv ? "servers and plain tasks" : "tasks",
		       k->cluster_size > 1 ? ", each cluster admitted while "
		       "its utilization <= cluster_size" : fp ? ", each CPU "
		       "admitted by fp-rta" : ", each CPU admitted by the "
		       "exact EDF test");
out:
	rt_free(sub);
	rt_free(item);
	rt_free(first);
	rt_free(rank);
	rt_free(cl);
	return err;
}

/*
 * A job whose deadline a + D does not fit in rt_time stops a run
 * (sim/release.c: RT_ERR_OVERFLOW).  The jobs surely released are the
 * ones with a < leave_at and a + jitter < horizon; their arrivals are
 * known in advance for the first job of every task, every job of a
 * periodic task up to the horizon (the scenario's, or without one the
 * default a run chooses, c->horizon: `validate` then checks what `run`
 * reaches; with neither only the first job is checked) and every listed
 * release.  Sporadic jobs after the first arrive at random
 * times a_{k+1} >= a_k + T: with a horizon, any instant in [a + T, lim]
 * may be an arrival (max_delay >= 0 spreads them), so the latest one,
 * lim, is checked: a run whose seed puts a job there would fail, so
 * validate refuses it whatever the seed.
 */
static enum rt_err scn_check_deadlines(const struct scn_ctx *c,
				       const struct scn_scenario *s)
{
	bool given = s->horizon != RT_TIME_NEVER;
	rt_time h = given ? s->horizon : RT_TIME_MAX;

	if (!given && c->horizon && c->horizon(s, &h) == RT_OK && h > 0)
		given = true;
	else if (!given)
		h = RT_TIME_MAX;

	for (size_t i = 0; i < s->ntasks; i++) {
		const struct rt_task *t = &s->tasks[i];
		rt_time base = s->arrive_at ? s->arrive_at[i] : 0;
		rt_time leave = s->leave_at ? s->leave_at[i] : RT_TIME_NEVER;
		rt_time lim = h - 1 - t->jitter, a = -1, d;
		char path[48];

		if (leave != RT_TIME_NEVER && leave - 1 < lim)
			lim = leave - 1;
		if (t->arrival == RT_ARRIVAL_LIST) {
			for (size_t k = 0; k < t->nreleases && a < 0; k++)
				if (t->releases[k] >= base &&
				    t->releases[k] <= lim &&
				    !rt_time_add(t->releases[k], t->deadline, &d))
					a = t->releases[k];
		} else if (rt_time_add(base, t->offset, &a) && a <= lim) {
			/* the last periodic arrival <= lim: no overflow */
			rt_time last = !given ? a :
				       t->arrival == RT_ARRIVAL_PERIODIC ?
				       a + (lim - a) / t->period * t->period :
				       lim - a >= t->period ? lim : a;

			if (rt_time_add(a, t->deadline, &d))
				a = rt_time_add(last, t->deadline, &d) ? -1
								       : last;
		} else {
			a = -1;
		}
		if (a < 0)
			continue;
		snprintf(path, sizeof(path), "tasks[%zu]", i);
		return scn_fail(c, RT_ERR_OVERFLOW, path, NULL, 0, SCN_AT_VALUE,
				"the job arriving at %lld would have deadline "
				"%lld + %lld, past the time range; expected "
				"smaller times (or a shorter horizon)",
				(long long)a, (long long)a,
				(long long)t->deadline);
	}
	return RT_OK;
}

enum rt_err scn_check(const struct scn_ctx *c, const struct scn_y_doc *y,
		      struct scn_scenario *s)
{
	const struct scn_y_sched *ys = y->scheduler;
	struct sim_policy_desc desc;
	const struct sim_policy_desc *ops =
		sim_policy_describe(s->sched.policy, &desc) ? &desc : NULL;
	struct rt_diag tmp = { "" };
	struct sim_engine *e = NULL;
	struct sim_config cfg;
	char names[128], q[72];
	enum rt_err err;

	if (!ops) {
		scn_quote(q, sizeof(q), s->sched.policy);
		return scn_fail(c, RT_ERR_INVAL, "scheduler.policy", NULL, 0,
				SCN_AT_VALUE, "%s is not a policy; expected one "
				"of: %s", q, scn_policy_names(false, names,
							     sizeof(names)));
	}
	if ((err = scn_check_keys(c, ys, ops, s)) ||
	    (err = scn_check_admission(c, ys, ops, s)) ||
	    (err = scn_check_place(c, ops, s)) ||
	    (err = scn_check_deadlines(c, s)))
		return err;
	scn_sim_config(s, s->sched.task_cluster,
		       s->horizon != RT_TIME_NEVER ? s->horizon : 1, &cfg);
	err = sim_engine_create(&cfg, &e, &tmp);
	sim_engine_destroy(e);
	if (err == RT_ERR_NOMEM)
		return err;
	if (err)
		return scn_fail(c, err, ys ? "scheduler" : "",
				ys && ys->policy ? "policy" : NULL, 0,
				SCN_AT_VALUE, "%s", tmp.msg[0] ? tmp.msg :
				rt_strerror(err));
	return RT_OK;
}
