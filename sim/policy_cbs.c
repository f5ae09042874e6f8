/* policy_cbs.c - EDF over jobs and Constant Bandwidth Servers (docs/design.md §4,
 * docs/theory.md §E.1-E.3, E.5).
 *
 * The scenario's servers (cfg.servers) each serve, FIFO, the jobs of the
 * tasks attached to them (cfg.task_server); the other tasks are plain EDF
 * entities.  One EDF order over both: a plain task's ready job by its
 * absolute deadline, a server by its scheduling deadline d_s (sim/server.c
 * is the EDF core over entities, sim/server_rules.c has the CBS rules).  With cpus > 1 this is global EDF over the entities
 * (Baruah, Goossens, Lipari 2002), or EDF per partition / cluster /
 * cpuset with placement (a server and its tasks stay in one).
 *
 * Ties: as under edf and linux-dl, a running entity is never preempted by
 * an equal deadline (kernel dl_entity_preempt(): strict '<'); tie_break
 * orders only the waiting ones.  (docs/theory.md's E.7 vector 3 table breaks such
 * a tie for the lower index instead: a hard server replenished at 8 with
 * the running one's deadline; here the running one keeps the CPU.)
 *
 * GRUB (reclaim: grub) is uniprocessor (Lipari & Baruah 2000; per CPU
 * when partitioned): with U_max
 * = 1 and plain tasks' C/T counted as always active, a reclaiming server
 * drains at dq = -max{U_i, U_act} dt (the kernel's formula, docs/theory.md §E.5,
 * reduces to this on one CPU).  Bandwidths are 2^20 fixed point rounded
 * up, and a constrained server (D < T) counts with its density Q/D, so
 * reclaiming never takes what a server needs.  The budget drained at a
 * fractional rate is kept exactly (sim/server_rules.c, qfrac); what
 * remains at the last whole time unit before it runs out is forfeited.
 *
 * This file only builds the servers from the scenario (cbs_init: kind ->
 * rules, budget, deadline, period, GRUB refused on a domain of several
 * CPUs) and hands every hook to the core (sv_enqueue, sv_dequeue,
 * sv_schedule, sv_timer, sv_end).
 */
#include "models/mem.h"
#include "sim/policy.h"
#include "sim/server.h"

static void cbs_fini(void *state)
{
	struct sv_rq *rq = state;

	if (!rq)
		return;
	sv_fini(rq);
	rt_free(rq);
}

static enum sv_rules cbs_rules(enum rt_server_kind k)
{
	switch (k) {
	case RT_SERVER_HARD_CBS:        return SV_RULES_HARD;
	case RT_SERVER_REVISED_CBS:     return SV_RULES_REVISED;
	case RT_SERVER_CBS:             break;
	case RT_SERVER_POLLING:         /* policy fp's (sim/config.c) */
	case RT_SERVER_DEFERRABLE:
	case RT_SERVER_SPORADIC:        break;
	}
	return SV_RULES_CBS;
}

static enum rt_err cbs_init(struct sim_engine *e, void **state,
			    struct rt_diag *d)
{
	const struct sim_config *cfg = sim_engine_config(e);
	struct sv_rq *rq = rt_calloc(1, sizeof(*rq));
	enum rt_err err;

	if (!rq)
		return rt_diagf(d, RT_ERR_NOMEM, "cbs: out of memory");
	err = sv_init(rq, e, cfg->nservers, d);
	if (err) {
		rt_free(rq);
		return err;
	}
	for (size_t i = 0; i < cfg->nservers; i++) {
		const struct rt_server *p = &cfg->servers[i];
		struct sv_server *s = &rq->srv[i];

		s->name = p->name;
		s->rules = cbs_rules(p->kind);
		s->grub = p->reclaim == RT_RECLAIM_GRUB;
		s->Q = p->budget_max;
		s->D = p->deadline;
		s->P = p->period;
		s->st->name = p->name;
	}
	for (size_t i = 0; cfg->task_server && i < cfg->ntasks; i++)
		rq->tasks[i].server = cfg->task_server[i];
	err = sv_setup(rq, RT_DL_RUNTIME_INF, 0, d);
	for (size_t i = 0; !err && i < cfg->nservers; i++) {
		const struct sv_server *s = &rq->srv[i];

		if (s->grub && rq->cs.cl[s->dom].ncpus > 1)
			err = rt_diagf(d, RT_ERR_UNSUPPORTED, "server %s: "
				       "reclaim: grub is uniprocessor (Lipari & "
				       "Baruah 2000); use cpus: 1 or partitioned "
				       "placement", s->name ? s->name : "?");
	}
	if (err) {
		cbs_fini(rq);
		return err;
	}
	*state = rq;
	return RT_OK;
}

static enum rt_err cbs_enqueue(void *state, struct sim_job *j, unsigned flags)
{
	return sv_enqueue(state, j, flags);
}

static void cbs_dequeue(void *state, struct sim_job *j, unsigned flags)
{
	sv_dequeue(state, j, flags);
}

static enum rt_err cbs_schedule(void *state)
{
	return sv_schedule(state);
}

static enum rt_err cbs_timer(void *state, struct sim_event *ev)
{
	return sv_timer(state, ev);
}

static enum rt_err cbs_end(void *state)
{
	return sv_end(state);
}

const struct sim_policy_ops sim_policy_cbs = {
	.name        = "cbs",
	.init        = cbs_init,
	.fini        = cbs_fini,
	.enqueue     = cbs_enqueue,
	.dequeue     = cbs_dequeue,
	.schedule    = cbs_schedule,
	.update_curr = NULL,
	.timer       = cbs_timer,
	.flags       = SIM_POLICY_SERVERS | SIM_POLICY_CLUSTERS |
		       SIM_POLICY_ADMISSION,
	.admit       = NULL,
	.leave       = NULL,
	.end         = cbs_end,
	.analysed_as = RT_AN_CBS,
};
