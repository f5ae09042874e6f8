/* policy_split.c - edf-split: a hard EDF class strictly above a soft EDF
 * class on one CPU (docs/design.md §4; Zijlstra 2010; Brandenburg & Anderson's
 * HSB).  Soft work runs only in the hard class's slack, so it can never
 * delay a hard job.
 *
 * Every task joins through admission (at its arrive_at, 0 by default):
 *
 *   hard (class: hard)  the admitted hard tasks plus it must pass
 *                       scheduler.hard_test:
 *                         exact       QPA (docs/theory.md §A.5), exact on 1 CPU;
 *                         density     sum C/min(D,T) <= 1 (A.2);
 *                         d-equals-t  every hard D == T and U <= 1 (A.1);
 *   soft (class: soft)  U(admitted hard) + U(admitted soft) + u <= 1: the
 *                       utilization the hard class leaves (then EDF
 *                       tardiness stays bounded; docs/theory.md §D.3).
 *
 * A hard task is admitted on the hard test alone (the soft class never
 * blocks it; soft tardiness may then grow).  A miss of an admitted hard
 * task is a guarantee violation (the CLI flags it).  Tests are exact
 * (models/analysis_uni.h); a test that cannot decide (n/a, too long an
 * interval) rejects.  Scheduling is the entity core of sim/server.c with
 * key class 0 (hard) before class 1 (soft), EDF within a class, a running
 * job kept on an equal deadline.  Admission costs O(n) (density,
 * utilization) or one QPA over the admitted hard tasks.
 */
#include "models/analysis_uni.h"
#include "models/mem.h"
#include "sim/policy.h"
#include "sim/server.h"

struct split {
	struct sv_rq rq;                /* first: the core's state */
	const struct rt_task *tasks;    /* borrowed: cfg.tasks */
	enum sim_hard_test test;
	struct rt_task *scratch;        /* ntasks entries: sets under test */
};

static void split_fini(void *state)
{
	struct split *p = state;

	if (!p)
		return;
	sv_fini(&p->rq);
	rt_free(p->scratch);
	rt_free(p);
}

static enum rt_err split_init(struct sim_engine *e, void **state,
			      struct rt_diag *d)
{
	const struct sim_config *cfg = sim_engine_config(e);
	struct split *p;
	enum rt_err err;

	if (cfg->cpus != 1)
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "edf-split: the hard "
				"tests (exact, density, d-equals-t) are "
				"uniprocessor; use cpus: 1");
	if (cfg->hard_test != SIM_HARD_TEST_EXACT &&
	    cfg->hard_test != SIM_HARD_TEST_DENSITY &&
	    cfg->hard_test != SIM_HARD_TEST_D_EQUALS_T)
		return rt_diagf(d, RT_ERR_INVAL, "edf-split: unknown hard test "
				"%d", (int)cfg->hard_test);
	p = rt_calloc(1, sizeof(*p));
	if (!p)
		return rt_diagf(d, RT_ERR_NOMEM, "edf-split: out of memory");
	err = sv_init(&p->rq, e, 0, d);
	if (err) {
		rt_free(p);
		return err;
	}
	p->scratch = rt_calloc(cfg->ntasks ? cfg->ntasks : 1,
			       sizeof(*p->scratch));
	if (!p->scratch) {
		split_fini(p);
		return rt_diagf(d, RT_ERR_NOMEM, "edf-split: out of memory");
	}
	p->tasks = cfg->tasks;
	p->test = cfg->hard_test;
	for (size_t i = 0; i < cfg->ntasks; i++) {
		p->rq.tasks[i].klass = cfg->tasks[i].klass == RT_CLASS_SOFT;
		p->rq.tasks[i].admitted = false;
	}
	*state = p;
	return RT_OK;
}

/* The admitted tasks of class 'klass' (all admitted if klass < 0), then
 * 'extra', into scratch; returns how many. */
static size_t split_collect(struct split *p, int klass, uint32_t extra)
{
	size_t n = 0;

	for (size_t i = 0; i < p->rq.ntasks; i++)
		if (p->rq.tasks[i].admitted &&
		    (klass < 0 || p->rq.tasks[i].klass == klass))
			p->scratch[n++] = p->tasks[i];
	p->scratch[n++] = p->tasks[extra];
	return n;
}

static enum rt_err split_hard(struct split *p, uint32_t task, bool *accept,
			      unsigned *test)
{
	size_t n = split_collect(p, 0, task);
	struct rt_uni_result r;
	enum rt_err err = RT_OK;

	*accept = false;
	switch (p->test) {
	case SIM_HARD_TEST_EXACT:
		*test = SIM_ADMIT_EXACT;
		err = rt_uni_qpa(p->scratch, n, &r);
		*accept = !err && r.verdict == RT_VERDICT_ACCEPT;
		break;
	case SIM_HARD_TEST_DENSITY:
		*test = SIM_ADMIT_DENSITY;
		err = rt_uni_density_test(p->scratch, n, accept);
		break;
	case SIM_HARD_TEST_D_EQUALS_T:
		*test = SIM_ADMIT_D_EQUALS_T;
		for (size_t i = 0; i < n; i++)
			if (p->scratch[i].deadline != p->scratch[i].period)
				return RT_OK;   /* the test does not apply */
		err = rt_uni_utilization_test(p->scratch, n, accept);
		break;
	}
	/* a test that cannot decide (size cap, overflow, budget) rejects */
	if (err == RT_ERR_UNSUPPORTED || err == RT_ERR_OVERFLOW) {
		*accept = false;
		err = RT_OK;
	}
	return err;
}

static enum rt_err split_admit(void *state, uint32_t task, bool *accept,
			       unsigned *test)
{
	struct split *p = state;
	enum rt_err err;

	if (p->rq.tasks[task].klass == 0) {
		err = split_hard(p, task, accept, test);
	} else {
		*test = SIM_ADMIT_UTILIZATION;
		err = rt_uni_utilization_test(p->scratch,
					      split_collect(p, -1, task), accept);
		if (err == RT_ERR_UNSUPPORTED || err == RT_ERR_OVERFLOW) {
			*accept = false;
			err = RT_OK;
		}
	}
	if (!err && *accept)
		p->rq.tasks[task].admitted = true;
	return err;
}

static void split_leave(void *state, uint32_t task)
{
	struct split *p = state;

	p->rq.tasks[task].admitted = false;
}

static enum rt_err split_enqueue(void *state, struct sim_job *j, unsigned f)
{
	return sv_enqueue(&((struct split *)state)->rq, j, f);
}

static void split_dequeue(void *state, struct sim_job *j, unsigned f)
{
	sv_dequeue(&((struct split *)state)->rq, j, f);
}

static enum rt_err split_schedule(void *state)
{
	return sv_schedule(&((struct split *)state)->rq);
}

const struct sim_policy_ops sim_policy_split = {
	.name        = "edf-split",
	.init        = split_init,
	.fini        = split_fini,
	.enqueue     = split_enqueue,
	.dequeue     = split_dequeue,
	.schedule    = split_schedule,
	.update_curr = NULL,
	.timer       = NULL,
	.flags       = SIM_POLICY_CLASSES,
	.admit       = split_admit,
	.leave       = split_leave,
	.end         = NULL,
	.analysed_as = 0,
	.keys        = "hard_test",
};
