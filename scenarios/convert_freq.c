/* convert_freq.c - frequency levels, power and the governor
 * (scenarios/README.md "Frequencies and energy").
 *
 * Each CPU type (an entry of platform.cpus given as a list, or platform
 * itself for identical CPUs) may list frequencies: [f1 < ... < fmax]
 * (integers; its capacity is its speed at fmax), power: [p1, ..., pmax]
 * (busy power at each), idle_power: p and, under governor userspace,
 * frequency: f (one listed).  Either every type lists frequencies or none
 * does, and the same for power.  platform.governor picks the level: the
 * highest (performance, the default), the lowest (powersave), the given
 * one (userspace), or the one schedutil's deadline term asks for
 * (sim/freq.c).  Converted into s->freq, one sim_freq per CPU.
 */
#include "scenarios/internal.h"

#include <stdio.h>
#include <string.h>

#include "models/mem.h"

static const char *const gov_names[] = {
	"performance", "powersave", "userspace", "schedutil"
};

const char *scn_governor_name(enum scn_governor g)
{
	return (unsigned)g < sizeof(gov_names) / sizeof(gov_names[0]) ?
	       gov_names[g] : "?";
}

bool scn_freq_slowed(const struct scn_scenario *s)
{
	if (!s->freq || s->governor == SCN_GOV_PERFORMANCE)
		return false;
	for (unsigned c = 0; c < s->cpus; c++)
		if (s->freq[c].n > 1)
			return true;
	return false;
}

/* One CPU type: its keys, where they are, how many CPUs. */
struct fq_type {
	const struct scn_fkeys *fk;
	char path[48];
	int64_t count;
};

/* The checks of one type's keys that need no number. */
static enum rt_err fq_shape(const struct scn_ctx *c, const struct fq_type *t,
			    bool any_freq, bool any_power, int gov)
{
	const struct scn_fkeys *k = t->fk;
	const char *p = t->path;

	if (k->bad)
		return scn_fail(c, RT_ERR_PARSE, p, k->bad, 0, SCN_AT_VALUE,
				"expected a list of numbers ([a, b, ...])");
	if (k->has_power && !k->has_freq)
		return scn_fail(c, RT_ERR_PARSE, p, "power", 0, SCN_AT_KEY,
				"power without frequencies; expected "
				"frequencies: [f1, ...] with one power each");
	if (k->idle_power && !k->has_power)
		return scn_fail(c, RT_ERR_PARSE, p, "idle_power", 0,
				SCN_AT_KEY, "idle_power without power; "
				"expected power: [p1, ...] (busy power at "
				"each frequency) too");
	if (k->frequency && gov != SCN_GOV_USERSPACE)
		return scn_fail(c, RT_ERR_PARSE, p, "frequency", 0, SCN_AT_KEY,
				"frequency is for governor userspace; "
				"expected platform.governor: userspace, or "
				"no frequency");
	if (any_freq && !k->has_freq)
		return scn_fail(c, RT_ERR_PARSE, p, NULL, 0, SCN_AT_VALUE,
				"no frequencies, but another CPU type has "
				"them; expected frequencies on every CPU type");
	if (any_power && !k->has_power)
		return scn_fail(c, RT_ERR_PARSE, p, NULL, 0, SCN_AT_VALUE,
				"no power, but another CPU type has it; "
				"expected power on every CPU type");
	if (!k->has_freq)
		return RT_OK;
	if (!k->nfreq || k->nfreq > SIM_FREQ_MAX_LEVELS)
		return scn_fail(c, RT_ERR_PARSE, p, "frequencies", 0,
				SCN_AT_VALUE, "%zu frequencies; expected 1..%u",
				k->nfreq, SIM_FREQ_MAX_LEVELS);
	if (k->has_power && k->npower != k->nfreq)
		return scn_fail(c, RT_ERR_PARSE, p, "power", 0, SCN_AT_VALUE,
				"%zu powers for %zu frequencies; expected one "
				"busy power per frequency", k->npower,
				k->nfreq);
	if (gov == SCN_GOV_USERSPACE && !k->frequency)
		return scn_fail(c, RT_ERR_PARSE, p, NULL, 0, SCN_AT_VALUE,
				"missing frequency; governor userspace runs "
				"each CPU type at its frequency: F (one of its "
				"frequencies)");
	return RT_OK;
}

/* One type's numbers into q (vals: room for 2 * nfreq). */
static enum rt_err fq_numbers(const struct scn_ctx *c, const struct fq_type *t,
			      int gov, uint64_t *vals, struct sim_freq *q)
{
	const struct scn_fkeys *k = t->fk;
	char sub[40];
	enum rt_err err;
	int64_t v;

	for (size_t i = 0; i < k->nfreq; i++) {
		snprintf(sub, sizeof(sub), "frequencies[%zu]", i);
		if ((err = scn_int_at(c, k->freq[i], t->path, sub, 1,
				      SIM_FREQ_MAX, &v)))
			return err;
		if (i && (uint64_t)v <= vals[i - 1]) {
			char path[96];

			snprintf(path, sizeof(path), "%s.%s", t->path, sub);
			return scn_fail(c, RT_ERR_PARSE, path, NULL, 0,
					SCN_AT_VALUE, "%lld is not above the "
					"frequency before it (%llu); expected "
					"strictly ascending frequencies",
					(long long)v,
					(unsigned long long)vals[i - 1]);
		}
		vals[i] = (uint64_t)v;
	}
	q->n = (uint32_t)k->nfreq;
	q->f = vals;
	q->level = gov == SCN_GOV_POWERSAVE ? 0 : q->n - 1;
	if (k->has_power) {
		for (size_t i = 0; i < k->npower; i++) {
			snprintf(sub, sizeof(sub), "power[%zu]", i);
			if ((err = scn_int_at(c, k->power[i], t->path, sub, 0,
					      SIM_POWER_MAX, &v)))
				return err;
			vals[k->nfreq + i] = (uint64_t)v;
		}
		q->power = vals + k->nfreq;
		if (k->idle_power &&
		    (err = scn_int_at(c, k->idle_power, t->path, "idle_power",
				      0, SIM_POWER_MAX, &v)))
			return err;
		q->idle_power = k->idle_power ? (uint64_t)v : 0;
	}
	if (gov != SCN_GOV_USERSPACE)
		return RT_OK;
	if ((err = scn_int_at(c, k->frequency, t->path, "frequency", 1,
			      SIM_FREQ_MAX, &v)))
		return err;
	for (q->level = 0; q->level < q->n; q->level++)
		if (q->f[q->level] == (uint64_t)v)
			return RT_OK;
	return scn_fail(c, RT_ERR_PARSE, t->path, "frequency", 0, SCN_AT_VALUE,
			"%lld is not one of this CPU type's frequencies",
			(long long)v);
}

/* The CPU types: the entries of platform.cpus, or platform itself. */
static enum rt_err fq_types(const struct scn_ctx *c, const struct scn_y_doc *y,
			    const struct scn_scenario *s, struct scn_fkeys *pk,
			    struct fq_type **out, size_t *n)
{
	const struct scn_y_platform *yp = y->platform;
	struct fq_type *t;

	memset(pk, 0, sizeof(*pk));
	if (yp) {
		pk->freq = yp->frequencies;
		pk->nfreq = yp->frequencies_count;
		pk->has_freq = yp->frequencies != NULL;
		pk->power = yp->power;
		pk->npower = yp->power_count;
		pk->has_power = yp->power != NULL;
		pk->idle_power = yp->idle_power;
		pk->frequency = yp->frequency;
	}
	if (c->cpus && (pk->has_freq || pk->has_power || pk->idle_power ||
			pk->frequency))
		return scn_fail(c, RT_ERR_PARSE, "platform", pk->has_freq ?
				"frequencies" : pk->has_power ? "power" :
				pk->idle_power ? "idle_power" : "frequency", 0,
				SCN_AT_KEY, "with platform.cpus as a list, the "
				"frequency keys go in each of its entries; "
				"expected them there");
	*n = c->cpus ? c->cpus->n : 1;
	t = rt_calloc(*n, sizeof(*t));
	if (!t)
		return RT_ERR_NOMEM;
	*out = t;
	if (!c->cpus) {
		t->fk = pk;
		snprintf(t->path, sizeof(t->path), "platform");
		t->count = s->cpus;
		return RT_OK;
	}
	for (size_t i = 0; i < *n; i++) {
		t[i].fk = &c->cpus->v[i].fk;
		snprintf(t[i].path, sizeof(t[i].path), "platform.cpus[%zu]", i);
		t[i].count = 1;
		if (c->cpus->v[i].count)
			scn_int_at(c, c->cpus->v[i].count, t[i].path, "count",
				   1, SCN_MAX_CPUS, &t[i].count);
	}
	return RT_OK;
}

/* The governor's scope, once the levels are known. */
static enum rt_err fq_scope(const struct scn_ctx *c, struct scn_scenario *s)
{
	const char *path = "platform.governor";

	if (rt_ovh_any(&s->overheads))
		return scn_fail(c, RT_ERR_PARSE, "overheads", NULL, 0,
				SCN_AT_KEY, "not implemented yet: scheduling "
				"overheads with frequencies; expected one of "
				"them");
	if (s->governor == SCN_GOV_SCHEDUTIL && s->cpus != 1)
		return scn_fail(c, RT_ERR_PARSE, path, NULL, 0, SCN_AT_VALUE,
				"schedutil on %u CPUs: not modelled: "
				"per-runqueue running bandwidth under global "
				"scheduling; expected one CPU, or governor "
				"performance, powersave or userspace", s->cpus);
	if (!scn_freq_slowed(s))
		return RT_OK;
	return scn_check_slow(c, s, path, "below the highest frequency",
			      "edf or fp, or governor performance");
}

enum rt_err scn_convert_freq(const struct scn_ctx *c,
			     const struct scn_y_doc *y,
			     struct scn_scenario *s)
{
	struct scn_fkeys pk;
	struct fq_type *t = NULL;
	size_t n = 0, nvals = 0, cpu = 0;
	bool any_freq = false, any_power = false;
	int gov = SCN_GOV_PERFORMANCE;
	enum rt_err err;
	struct sim_freq *types = NULL;

	if (y->platform && y->platform->governor &&
	    (err = scn_enum_at(c, y->platform->governor, "platform",
			       "governor", SCN_NAMES(gov_names), &gov)))
		return err;
	s->governor = (enum scn_governor)gov;
	if ((err = fq_types(c, y, s, &pk, &t, &n)))
		goto out;
	for (size_t i = 0; i < n; i++) {
		any_freq = any_freq || t[i].fk->has_freq;
		any_power = any_power || t[i].fk->has_power;
	}
	for (size_t i = 0; i < n; i++) {
		if ((err = fq_shape(c, &t[i], any_freq, any_power, gov)))
			goto out;
		nvals += 2 * t[i].fk->nfreq;
	}
	if (!any_freq) {
		if (y->platform && y->platform->governor)
			err = scn_fail(c, RT_ERR_PARSE, "platform.governor",
				       NULL, 0, SCN_AT_VALUE, "a governor "
				       "without frequencies; expected "
				       "frequencies: [f1, ...] on the CPUs");
		goto out;
	}
	s->freq_vals = rt_calloc(nvals, sizeof(*s->freq_vals));
	types = rt_calloc(n, sizeof(*types));
	s->freq = rt_calloc(s->cpus, sizeof(*s->freq));
	if (!s->freq_vals || !types || !s->freq) {
		err = RT_ERR_NOMEM;
		goto out;
	}
	nvals = 0;
	for (size_t i = 0; i < n; i++) {
		if ((err = fq_numbers(c, &t[i], gov, s->freq_vals + nvals,
				      &types[i])))
			goto out;
		nvals += 2 * t[i].fk->nfreq;
		for (int64_t k = 0; k < t[i].count && cpu < s->cpus; k++)
			s->freq[cpu++] = types[i];
	}
	err = fq_scope(c, s);
out:
	rt_free(types);
	rt_free(t);
	return err;
}
