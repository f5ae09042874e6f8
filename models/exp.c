/* exp.c - experiment descriptions (exp.h): checks, points, canonical
 * text and hash, slices, counts. */
#include "models/exp.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "models/analysis_resv.h"
#include "models/linux_dl.h"
#include "models/mem.h"
#include "models/partition.h"

void rt_exp_free(struct rt_exp *x)
{
	if (!x)
		return;
	rt_free(x->name);
	rt_free(x->policy);
	rt_free((void *)x->gen.pset);
	rt_free((void *)x->gen.lower);
	rt_free((void *)x->gen.upper);
	rt_free(x);
}

static bool exp_is_linux(const struct rt_exp *x)
{
	return x->model == RT_AN_LINUX_DL;
}

bool rt_exp_reserved(const struct rt_exp *x)
{
	return x->model == RT_AN_CBS || exp_is_linux(x);
}

/* The registry's own descriptor decides (rt_test_analyses_match, the
 * rule `dlsim analyze` follows): the policy model (edf, fp; cbs: EDF over
 * CBS reservations; linux-dl: the kernel's admission, or EDF over the
 * reservations of its one root domain) and the platform (one CPU,
 * global, partitioned).  A partitioned test must also use the
 * experiment's own heuristic, the one the simulation packs with;
 * clustered placements have no test. */
bool rt_exp_test_fits(const struct rt_exp *x, const struct rt_test_info *t)
{
	unsigned pol = exp_is_linux(x) ? 0 : x->model;
	unsigned plat = x->cpus == 1 ? RT_AN_UNI :
			x->placement == RT_EXP_PLACE_GLOBAL ? RT_AN_GLOBAL :
			x->placement == RT_EXP_PLACE_PARTITIONED ?
			RT_AN_PARTITIONED : 0;
	enum rt_part_heuristic h;

	if (exp_is_linux(x)) {          /* one root domain of all CPUs */
		if (x->placement != RT_EXP_PLACE_GLOBAL ||
		    (t->applies && !t->applies(x->cpus)))
			return false;
		return rt_test_analyses_match(t, RT_AN_LINUX_DL, plat) ||
		       (t->analyses.policies & RT_AN_EDF &&
			rt_test_analyses_match(t, RT_AN_EDF, plat));
	}
	if (!pol || !plat || (t->applies && !t->applies(x->cpus)) ||
	    !rt_test_analyses_match(t, pol, plat))
		return false;
	if (plat == RT_AN_PARTITIONED)
		return !strncmp(t->name, "partitioned-", 12) &&
		       rt_part_find(t->name + 12, &h) && h == x->partitioning;
	return true;
}

static enum rt_err exp_check_point(const struct rt_exp *x,
				   struct rt_diag *d);

/*
 * linux-dl: what SCHED_DEADLINE accepts (__checkparam_dl(),
 * models/linux_dl.h) is what the generator must produce.  The
 * generator's C is at least 2^DL_SCALE ns (gen.cmin) and Q at least that
 * (rt_exp_reservations), so runtime >= 1024 ns and runtime <= deadline
 * hold by construction; what a file can break is said here: a physical
 * time unit (the kernel counts nanoseconds), periods within
 * [sched_deadline_period_min_us, _max_us], deadline <= period (no
 * arbitrary deadlines), the reservation's period and deadline those of
 * its task (a linux-dl task is its own reservation: its jobs arrive
 * every period and are due at its deadline), one root domain.
 */
static enum rt_err exp_check_linux(const struct rt_exp *x, struct rt_diag *d)
{
	rt_time lo, hi;

	if (!strcmp(x->time_unit, "tick"))
		return rt_diagf(d, RT_ERR_INVAL, "time_unit: policy linux-dl "
				"needs a physical unit (ns, us, ms or s): the "
				"kernel counts nanoseconds");
	if (x->placement != RT_EXP_PLACE_GLOBAL)
		return rt_diagf(d, RT_ERR_INVAL, "scheduler.placement: policy "
				"linux-dl runs one root domain of all CPUs "
				"here; expected global");
	if (x->gen.deadlines == RT_GEN_DEADLINES_ARBITRARY)
		return rt_diagf(d, RT_ERR_INVAL, "generator.deadlines: "
				"arbitrary deadlines (D > T) break "
				"__checkparam_dl (deadline <= period); expected "
				"implicit or constrained");
	if (x->period_divisor != 1 || x->resv_deadline != RT_EXP_RESV_DL_TASK)
		return rt_diagf(d, RT_ERR_INVAL, "reservation: a linux-dl task is "
				"its own reservation (runtime, deadline, period: "
				"its jobs arrive every period and are due at "
				"the deadline); expected period_divisor: 1 and "
				"deadline: task (only budget_factor changes the "
				"runtime)");
	if (!rt_gen_period_range(&x->gen, &lo, &hi))
		return RT_OK;           /* rt_gen_check names it */
	if (lo < RT_DL_PERIOD_MIN || hi > RT_DL_PERIOD_MAX)
		return rt_diagf(d, RT_ERR_INVAL, "generator.periods: %lld..%lld "
				"ns; __checkparam_dl needs periods within "
				"[sched_deadline_period_min_us, _max_us] = "
				"[100 us, 4194304 us]", (long long)lo,
				(long long)hi);
	return RT_OK;
}

enum rt_err rt_exp_check(const struct rt_exp *x, struct rt_diag *d)
{
	if (x->npoints < 1 || x->npoints > RT_EXP_MAX_POINTS)
		return rt_diagf(d, RT_ERR_INVAL, "%zu points; expected 1..%d",
				x->npoints, RT_EXP_MAX_POINTS);
	if (x->sweep != RT_EXP_SWEEP_UTILIZATION &&
	    (x->sweep_step < 1 || x->sweep_from < 1 ||
	     x->sweep_to < x->sweep_from || x->from != x->to))
		return rt_diagf(d, RT_ERR_INVAL, "sweep: expected 1 <= from <= "
				"to, step >= 1, and one utilization value");
	for (size_t p = 0; p < x->npoints; p++) {
		struct rt_exp v;
		enum rt_err err;

		rt_exp_at(x, p, &v);
		err = exp_check_point(&v, d);
		if (err) {
			if (x->sweep != RT_EXP_SWEEP_UTILIZATION)
				rt_diag_prefix(d, "point %zu (%s %lld): ", p,
					       rt_exp_sweep_name(x->sweep),
					       (long long)(x->sweep_from +
					       (int64_t)p * x->sweep_step));
			return err;
		}
		if (x->sweep == RT_EXP_SWEEP_UTILIZATION)
			break;          /* the same CPUs and tasks everywhere */
	}
	return RT_OK;
}

static enum rt_err exp_check_point(const struct rt_exp *x, struct rt_diag *d)
{
	enum rt_err err;

	if (x->cpus < 1)
		return rt_diagf(d, RT_ERR_INVAL, "platform.cpus: expected >= 1");
	if (x->model != RT_AN_EDF && x->model != RT_AN_FP &&
	    !rt_exp_reserved(x))
		return rt_diagf(d, RT_ERR_INVAL, "scheduler.policy: \"%s\" "
				"has no experiment (one analysed as EDF, fixed "
				"priorities, CBS or the kernel's deadline "
				"class)", x->policy);
	if (x->unit < 1 || !x->time_unit)
		return rt_diagf(d, RT_ERR_INVAL, "time_unit: expected tick, ns, "
				"us, ms or s");
	if (rt_exp_reserved(x) &&
	    (!(x->budget_factor >= 1e-6 && x->budget_factor <= 1e6) ||
	     x->period_divisor < 1))
		return rt_diagf(d, RT_ERR_INVAL, "reservation: budget factor in "
				"[1e-6, 1e6] and period divisor >= 1 expected");
	if (exp_is_linux(x)) {
		err = exp_check_linux(x, d);
		if (err)
			return err;
	}
	if (x->tardiness && (!x->simulate || rt_exp_reserved(x)))
		return rt_diagf(d, RT_ERR_INVAL, "tardiness: true needs simulate: "
				"true and policy edf or fp (no tardiness bound "
				"covers the jobs of a reservation)");
	if (x->cluster_size < 1 || x->cpus % x->cluster_size)
		return rt_diagf(d, RT_ERR_INVAL, "scheduler.cluster_size: %u "
				"does not divide cpus %u", x->cluster_size,
				x->cpus);
	if (x->step <= 0 || x->from < 0 || x->to < x->from)
		return rt_diagf(d, RT_ERR_INVAL, "utilization: expected 0 <= "
				"from <= to and step > 0");
	if (x->sets < 1 || x->sets > ((uint64_t)1 << 40))
		return rt_diagf(d, RT_ERR_INVAL, "sets: expected 1..2^40");
	if (!x->ntests && !x->simulate)
		return rt_diagf(d, RT_ERR_INVAL, "no test and simulate: false; "
				"nothing to count");
	if (x->simulate && x->max_jobs < 1)
		return rt_diagf(d, RT_ERR_INVAL, "max_jobs: expected >= 1");
	if ((x->gen.lower || x->gen.upper) && x->sweep == RT_EXP_SWEEP_TASKS)
		return rt_diagf(d, RT_ERR_INVAL, "generator: per-task bounds "
				"(lower, upper) and a sweep over the number of "
				"tasks do not go together");
	err = rt_gen_check(&x->gen, x->gen.method == RT_GEN_UUNIFAST ? -1 :
			   rt_exp_point_total(x, x->sweep ==
					      RT_EXP_SWEEP_UTILIZATION ?
					      x->npoints - 1 : 0), d);
	if (!err && x->gen.method == RT_GEN_DRS)        /* the lower end */
		err = rt_gen_check(&x->gen, rt_exp_point_total(x, 0), d);
	if (err)
		return err;
	for (size_t i = 0; i < x->ntests; i++)
		if (!rt_exp_test_fits(x, x->tests[i]))
			return rt_diagf(d, RT_ERR_INVAL, "tests[%zu]: %s does "
					"not analyse policy %s on %u CPU(s) "
					"with this placement", i,
					x->tests[i]->name, x->policy, x->cpus);
	return RT_OK;
}

int64_t rt_exp_point_value(const struct rt_exp *x, size_t p)
{
	if (x->sweep != RT_EXP_SWEEP_UTILIZATION)
		return x->from;
	return x->from + (int64_t)p * x->step;
}

size_t rt_exp_point_tasks(const struct rt_exp *x, size_t p)
{
	if (x->sweep != RT_EXP_SWEEP_TASKS)
		return x->gen.ntasks;
	return (size_t)(x->sweep_from + (int64_t)p * x->sweep_step);
}

unsigned rt_exp_point_cpus(const struct rt_exp *x, size_t p)
{
	if (x->sweep != RT_EXP_SWEEP_CPUS)
		return x->cpus;
	return (unsigned)(x->sweep_from + (int64_t)p * x->sweep_step);
}

size_t rt_exp_max_tasks(const struct rt_exp *x)
{
	return rt_exp_point_tasks(x, x->npoints - 1) > x->gen.ntasks ?
	       rt_exp_point_tasks(x, x->npoints - 1) : x->gen.ntasks;
}

void rt_exp_at(const struct rt_exp *x, size_t p, struct rt_exp *v)
{
	*v = *x;
	v->cpus = rt_exp_point_cpus(x, p);
	v->gen.ntasks = rt_exp_point_tasks(x, p);
	if (x->placement == RT_EXP_PLACE_GLOBAL)
		v->cluster_size = v->cpus;
}

void rt_exp_reservations(const struct rt_exp *x, const struct rt_task *ts,
			 struct rt_task *rs)
{
	rt_time qmin = exp_is_linux(x) ? RT_DL_RUNTIME_MIN : 1;

	for (size_t i = 0; i < x->gen.ntasks; i++) {
		double q = ceil((double)ts[i].wcet * x->budget_factor /
				x->period_divisor - 1e-9);
		rt_time per = ts[i].period / x->period_divisor, dl, qi;

		if (per < 1)
			per = 1;
		dl = per;
		if (x->resv_deadline == RT_EXP_RESV_DL_TASK) {
			dl = ts[i].deadline / x->period_divisor;
			dl = dl < 1 ? 1 : dl > per ? per : dl;
		}
		qi = q < (double)qmin ? qmin : q >= (double)dl ? dl : (rt_time)q;
		if (qi > dl)
			qi = dl;
		rs[i] = rt_task_make(ts[i].name, qi, dl, per);
	}
}

void rt_exp_servers(const struct rt_exp *x, const struct rt_task *ts,
		    struct rt_server *sv, int32_t *task_server)
{
	for (size_t i = 0; i < x->gen.ntasks; i++) {
		struct rt_task r;
		struct rt_exp one = *x;

		one.gen.ntasks = 1;
		rt_exp_reservations(&one, &ts[i], &r);
		sv[i] = rt_server_make("reservation", r.wcet, r.deadline,
				       r.period);
		sv[i].kind = x->server_kind;
		task_server[i] = (int32_t)i;
	}
}

const char *rt_exp_sweep_name(enum rt_exp_sweep s)
{
	switch (s) {
	case RT_EXP_SWEEP_TASKS:
		return "tasks";
	case RT_EXP_SWEEP_CPUS:
		return "cpus";
	case RT_EXP_SWEEP_UTILIZATION:
		break;
	}
	return "utilization";
}

double rt_exp_point_total(const struct rt_exp *x, size_t p)
{
	double u = (double)rt_exp_point_value(x, p) / RT_EXP_UNIT;

	return x->per_cpu ? u * rt_exp_point_cpus(x, p) : u;
}

size_t rt_exp_describe(const struct rt_exp *x, char *buf, size_t len)
{
	size_t o = 0;
	int w;

#define PUT(...)                                                          \
	do {                                                              \
		w = snprintf(buf + (o < len ? o : 0), o < len ? len - o : 0, \
			     __VA_ARGS__);                                \
		if (w > 0)                                                \
			o += (size_t)w;                                   \
	} while (0)
	if (!len)
		buf = NULL;
	PUT("format=1\nname=%s\ncpus=%u\npolicy=%s\n", x->name, x->cpus,
	    x->policy);
	PUT("placement=%d\ncluster_size=%u\npartitioning=%s\npriorities=%s\n",
	    (int)x->placement, x->cluster_size, rt_part_name(x->partitioning),
	    rt_fp_order_name(x->priorities));
	if (x->model == RT_AN_CBS)
		PUT("server_kind=%s\nbudget_factor=%.17g\nperiod_divisor=%u\n",
		    rt_server_kind_name(x->server_kind), x->budget_factor,
		    x->period_divisor);
	if (exp_is_linux(x))
		PUT("kernel=%s\nbudget_factor=%.17g\n", x->kernel,
		    x->budget_factor);
	/* appended keys: only when not at their former value, so the hash
	 * of every earlier experiment stays what it was */
	if (x->model == RT_AN_CBS && x->resv_deadline == RT_EXP_RESV_DL_TASK)
		PUT("reservation_deadline=task\n");
	if (strcmp(x->time_unit, "tick"))
		PUT("time_unit=%s\n", x->time_unit);
	PUT("tasks=%zu\nmethod=%s\ncap=%.17g\nperiods=%s\n", x->gen.ntasks,
	    rt_gen_method_name(x->gen.method), x->gen.cap,
	    rt_gen_periods_name(x->gen.periods));
	if (x->gen.periods == RT_GEN_PERIODS_SET) {
		PUT("period_set=");
		for (size_t i = 0; i < x->gen.npset; i++)
			PUT("%s%lld", i ? "," : "", (long long)x->gen.pset[i]);
		PUT("\n");
	} else {
		PUT("pmin=%lld\npmax=%lld\ngranularity=%lld\n",
		    (long long)x->gen.pmin, (long long)x->gen.pmax,
		    (long long)x->gen.granularity);
	}
	PUT("deadlines=%s\nxmin=%.17g\nxmax=%.17g\n",
	    rt_gen_deadlines_name(x->gen.deadlines), x->gen.xmin, x->gen.xmax);
	for (int k = 0; k < 2; k++) {   /* drs bounds, when given */
		const double *b = k ? x->gen.upper : x->gen.lower;

		if (!b)
			continue;
		PUT("%s=", k ? "upper" : "lower");
		for (size_t i = 0; i < x->gen.ntasks; i++)
			PUT("%s%.17g", i ? "," : "", b[i]);
		PUT("\n");
	}
	if (x->sweep != RT_EXP_SWEEP_UTILIZATION)
		PUT("sweep=%s\nsweep_from=%lld\nsweep_to=%lld\nsweep_step=%lld\n",
		    rt_exp_sweep_name(x->sweep), (long long)x->sweep_from,
		    (long long)x->sweep_to, (long long)x->sweep_step);
	PUT("from=%lld\nto=%lld\nstep=%lld\nper_cpu=%d\nsets=%llu\n",
	    (long long)x->from, (long long)x->to, (long long)x->step,
	    (int)x->per_cpu, (unsigned long long)x->sets);
	PUT("tests=");
	for (size_t i = 0; i < x->ntests; i++)
		PUT("%s%s", i ? "," : "", x->tests[i]->name);
	PUT("\nsimulate=%d\nmax_jobs=%llu\nredraws=%u\nseed=%llu\n",
	    (int)x->simulate, (unsigned long long)x->max_jobs, x->redraws,
	    (unsigned long long)x->seed);
	if (x->tardiness)
		PUT("tardiness=1\n");
#undef PUT
	return o;
}

uint64_t rt_exp_hash(const struct rt_exp *x)
{
	size_t need = rt_exp_describe(x, NULL, 0);
	char *buf = rt_malloc(need + 1);
	uint64_t h = 0xcbf29ce484222325ULL;     /* FNV-1a 64 offset basis */

	if (!buf)
		return 0;
	rt_exp_describe(x, buf, need + 1);
	for (size_t i = 0; i < need; i++) {
		h ^= (unsigned char)buf[i];
		h *= 0x100000001b3ULL;          /* FNV 64 prime */
	}
	rt_free(buf);
	return h;
}

void rt_exp_counts_add(struct rt_exp_counts *a,
			const struct rt_exp_counts *b)
{
	a->sets += b->sets;
	for (size_t i = 0; i < RT_EXP_MAX_TESTS; i++)
		a->accepted[i] += b->accepted[i];
	a->missed += b->missed;
	a->exact += b->exact;
	a->contradictions += b->contradictions;
	a->redrawn += b->redrawn;
	a->unplaced += b->unplaced;
	a->refused += b->refused;
	a->tard_sets += b->tard_sets;
	if (b->max_tard > a->max_tard)
		a->max_tard = b->max_tard;
	if (b->max_bound > a->max_bound)
		a->max_bound = b->max_bound;
}

void rt_exp_slice_range(const struct rt_exp *x,
			 const struct rt_exp_slice *sl, size_t p,
			 uint64_t *first, uint64_t *last)
{
	rt_u128 g = (rt_u128)x->npoints * x->sets;
	uint64_t lo = (uint64_t)(g * (sl->index - 1) / sl->count);
	uint64_t hi = (uint64_t)(g * sl->index / sl->count);
	uint64_t p0 = (uint64_t)p * x->sets, p1 = p0 + x->sets;

	*first = lo > p0 ? lo : p0;
	*last = hi < p1 ? hi : p1;
	if (*last < *first)
		*last = *first;
	*first -= p0;
	*last -= p0;
}
