/* overhead.c - scheduling overheads charged on the CPU that pays them
 * (sim/README.md "Overheads", docs/theory.md §H; after Brandenburg's
 * accounting in LITMUS^RT, PhD thesis 2011, ch. 3).
 *
 * Overhead is busy time that executes no job.  A CPU pays:
 *   - sched + cs when it switches to a job (dispatch), unless a job left
 *     it at this very instant (one decision and one switch serve both:
 *     the switch away was already charged);
 *   - mig on top when that job last ran on another CPU (charged to the
 *     job that migrates);
 *   - sched + cs when a job leaves it (completion, suspension, abort):
 *     the switch away;
 *   - rel for every job release of a task bound to its cluster, if it is
 *     the cluster's first CPU (the one that takes the release interrupts:
 *     an IRQ affinity);
 *   - tck at every tick k/hz (k >= 0), every CPU.
 * A charge delays the job that runs on the CPU (its 'since' moves later
 * and its completion is re-armed), or, on an idle CPU, extends the
 * overhead backlog 'ovh_end' that a job started there waits for.
 * Overheads queue: none is preempted, and a job preempted during its
 * switch-in leaves the rest of it as backlog.  Per-CPU overhead time
 * within [0, H] is counted (sim_cpu_stats.overhead).  Releases and
 * stops are seen through their records (sim_ovh_record, from report.c's
 * fan-out), so the engine's hot paths test nothing for them.
 */
#include <inttypes.h>

#include "sim/internal.h"

static rt_time ovh_max(rt_time a, rt_time b)
{
	return a > b ? a : b;
}

/* Count o time units of overhead starting at 'from' on c, within
 * [0, H]; the instant they end (RT_TIME_NEVER past the range). */
static rt_time ovh_count(struct sim_engine *e, struct sim_cpu *c,
			 rt_time from, rt_time o)
{
	rt_time end;

	if (from < e->cfg.horizon)
		c->ovh += o < e->cfg.horizon - from ? o : e->cfg.horizon - from;
	if (!rt_time_add(from, o, &end))
		return RT_TIME_NEVER;
	return end;
}

enum rt_err sim_ovh_init(struct sim_engine *e, struct rt_diag *d)
{
	const struct rt_overheads *o = e->cfg.overheads;
	enum rt_err err;

	if (!o || !rt_ovh_any(o))
		return RT_OK;
	if ((err = rt_ovh_check(o, d)))
		return err;
	if (!(e->ops->flags & SIM_POLICY_JOB_LEVEL))
		return rt_diagf(d, RT_ERR_UNSUPPORTED, "overheads: not modelled "
				"for policy %s; expected a job-level policy "
				"(edf or fp)", e->ops->name);
	e->ovh = o;
	e->want |= SIM_MASK(SIM_REC_RELEASE) | SIM_MASK(SIM_REC_PREEMPT) |
		   SIM_MASK(SIM_REC_COMPLETE) | SIM_MASK(SIM_REC_SUSPEND) |
		   SIM_MASK(SIM_REC_ABORT);
	for (unsigned c = 0; c < e->cfg.cpus; c++)
		e->cpu[c].sw_at = -1;   /* no job left it yet */
	sim_event_init(&e->tick, SIM_EV_TICK);
	if (o->tick > 0 && (err = sim_evq_push(&e->evq, &e->tick, 0,
					       SIM_RANK_RELEASE)))
		return rt_diagf(d, err, "cannot queue the first tick");
	return RT_OK;
}

rt_time sim_ovh_start(struct sim_engine *e, struct sim_job *j, unsigned cpu,
		      bool migrated)
{
	struct sim_cpu *c = &e->cpu[cpu];
	rt_time from = ovh_max(e->now, c->ovh_end), o = 0;

	(void)j;
	if (c->sw_at != e->now)
		o = e->ovh->schedule + e->ovh->context_switch;
	if (migrated)
		o += e->ovh->migration;
	c->ovh_end = ovh_count(e, c, from, o);
	return c->ovh_end;
}

static void ovh_stop(struct sim_engine *e, const struct sim_job *j,
		     unsigned cpu, bool left)
{
	struct sim_cpu *c = &e->cpu[cpu];

	/* the rest of its switch-in (or of a delay) stays on the CPU */
	c->ovh_end = ovh_max(ovh_max(c->ovh_end, j->since), e->now);
	if (!left)
		return;
	c->ovh_end = ovh_count(e, c, c->ovh_end, e->ovh->schedule +
			       e->ovh->context_switch);
	c->sw_at = e->now;
}

/* cpu pays o now: its job is delayed, or its backlog grows. */
static void ovh_charge(struct sim_engine *e, unsigned cpu, rt_time o)
{
	struct sim_cpu *c = &e->cpu[cpu];
	struct sim_job *j = c->curr;

	if (o == 0)
		return;
	if (!j) {
		c->ovh_end = ovh_count(e, c, ovh_max(e->now, c->ovh_end), o);
		return;
	}
	sim_evq_cancel(&e->cq, &j->done);
	sim_account(e, j);              /* since = now, or later if delayed */
	j->since = ovh_count(e, c, ovh_max(e->now, j->since), o);
	sim_dispatch_rearm(e, j);
}

void sim_ovh_record(struct sim_engine *e, enum sim_rec_kind kind, int cpu,
		    const struct sim_job *j)
{
	unsigned n;
	const unsigned *cpus;

	switch (kind) {
	case SIM_REC_RELEASE:
		cpus = sim_engine_cluster_cpus(e,
				sim_engine_task_cluster(e, j->info.task), &n);
		ovh_charge(e, cpus[0], e->ovh->release);
		break;
	case SIM_REC_PREEMPT:
		ovh_stop(e, j, (unsigned)cpu, false);
		break;
	case SIM_REC_COMPLETE:
	case SIM_REC_SUSPEND:
	case SIM_REC_ABORT:
		if (cpu >= 0)
			ovh_stop(e, j, (unsigned)cpu, true);
		break;
	default:
		break;
	}
}

void sim_ovh_tick(struct sim_engine *e)
{
	rt_time next;
	enum rt_err err;

	sim_evq_cancel(&e->evq, &e->tick);
	for (unsigned c = 0; c < e->cfg.cpus; c++)
		ovh_charge(e, c, e->ovh->tick);
	if (!rt_time_add(e->now, e->ovh->tick_period, &next) ||
	    next >= e->cfg.horizon)
		return;
	err = sim_evq_push(&e->evq, &e->tick, next, SIM_RANK_RELEASE);
	if (err)
		sim_fail(e, err, "cannot arm the tick at %" PRId64, next);
}
