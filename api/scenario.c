/* scenario.c - scenarios through the public API: loading, what they hold,
 * times in their unit, the summary `dlsim validate` prints, and the
 * scenario-level pieces every report shares (the scheduler's description,
 * a kernel model's profile lines, the horizon of a run). */
#include "api/internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "models/frac.h"
#include "models/linux_dl.h"
#include "models/mem.h"
#include "render/text.h"
#include "sim/policy.h"

static void api_horizon_req(const struct scn_scenario *s, rt_time until,
			    struct sim_horizon_req *req)
{
	struct sim_horizon_req r = {
		.tasks = s->tasks, .ntasks = s->ntasks, .cpus = s->cpus,
		.policy = s->sched.policy, .servers = s->nservers > 0,
		.cpu_of = s->sched.placement == SCN_PLACE_PARTITIONED ?
			  s->sched.task_cluster : NULL,
		.user = until != RT_TIME_NEVER ? until : s->horizon,
		.overheads = rt_ovh_any(&s->overheads) || s->capacity,
		/* slower CPUs: the busy period at speed 1 bounds nothing */
		.slow = scn_freq_slowed(s) || s->capacity,
		.ovh = &s->overheads,
		.arrive_at = s->arrive_at, .leave_at = s->leave_at,
	};

	*req = r;
}

/* The horizon `run` chooses without --until (api_horizon): the loader
 * checks the deadlines of the jobs released up to it (scn.h). */
static enum rt_err api_default_horizon(const struct scn_scenario *s,
				       rt_time *h)
{
	struct rt_diag d = { "" };
	struct sim_horizon_req req;
	struct sim_horizon sh;
	enum rt_err err;

	api_horizon_req(s, RT_TIME_NEVER, &req);
	err = sim_horizon_for(&req, &sh, &d);
	if (!err)
		*h = sh.horizon;
	return err;
}

enum dlsim_status api_load(struct dlsim *db, const char *path,
			   struct scn_scenario **out)
{
	struct rt_diag d = { "" };
	enum rt_err err;
	char *buf = NULL;
	size_t len = 0;

	if (strcmp(path, "-")) {
		err = scn_load_file_h(path, api_default_horizon, out, &d);
		return err ? api_err(db, err, &d) : api_ok(db);
	}
	err = api_read_all(path, &buf, &len, &d);
	if (err)
		return api_err(db, err, &d);
	err = scn_load_data_h((const uint8_t *)buf, len, "<stdin>",
			      api_default_horizon, out, &d);
	rt_free(buf);
	return err ? api_err(db, err, &d) : api_ok(db);
}

static enum dlsim_status scenario_wrap(struct dlsim *db,
				       struct scn_scenario *s,
				       struct dlsim_scenario **out)
{
	struct dlsim_scenario *sc = rt_calloc(1, sizeof(*sc));

	if (!sc) {
		scn_free(s);
		return api_fail(db, DLSIM_NOMEM, "out of memory");
	}
	sc->s = s;
	*out = sc;
	return api_ok(db);
}

enum dlsim_status dlsim_scenario_load(struct dlsim *db, const char *path,
				      struct dlsim_scenario **out)
{
	struct scn_scenario *s = NULL;
	enum dlsim_status st;

	if (!db || !path || !out)
		return api_misuse(db, "dlsim_scenario_load: NULL argument");
	st = api_load(db, path, &s);
	return st ? st : scenario_wrap(db, s, out);
}

enum dlsim_status dlsim_scenario_load_string(struct dlsim *db,
					     const char *text, size_t len,
					     const char *name,
					     struct dlsim_scenario **out)
{
	struct scn_scenario *s = NULL;
	struct rt_diag d = { "" };
	enum rt_err err;

	if (!db || (!text && len) || !out)
		return api_misuse(db, "dlsim_scenario_load_string: NULL "
				  "argument");
	err = scn_load_data_h((const uint8_t *)text, len, name,
			      api_default_horizon, &s, &d);
	if (err)
		return api_err(db, err, &d);
	return scenario_wrap(db, s, out);
}

void dlsim_scenario_free(struct dlsim_scenario *sc)
{
	if (!sc)
		return;
	scn_free(sc->s);
	rt_free(sc);
}

const char *dlsim_scenario_name(const struct dlsim_scenario *sc)
{
	return sc ? sc->s->name : NULL;
}

const char *dlsim_scenario_policy(const struct dlsim_scenario *sc)
{
	return sc ? sc->s->sched.policy : NULL;
}

unsigned dlsim_scenario_cpus(const struct dlsim_scenario *sc)
{
	return sc ? sc->s->cpus : 0;
}

size_t dlsim_scenario_ntasks(const struct dlsim_scenario *sc)
{
	return sc ? sc->s->ntasks : 0;
}

const char *dlsim_scenario_task_name(const struct dlsim_scenario *sc,
				     size_t i)
{
	return sc && i < sc->s->ntasks ? sc->s->tasks[i].name : NULL;
}

const char *dlsim_scenario_time_unit(const struct dlsim_scenario *sc)
{
	return sc ? scn_time_unit_name(sc->s->time_unit) : NULL;
}

const char *dlsim_scenario_internal_unit(const struct dlsim_scenario *sc)
{
	return sc ? scn_internal_unit_name(sc->s->time_unit) : NULL;
}

char *dlsim_format_time(const struct dlsim_scenario *sc, int64_t t,
			char *buf, size_t len)
{
	if (!buf || !len)
		return buf;
	if (!sc) {
		buf[0] = '\0';
		return buf;
	}
	return (char *)api_fmt_time(sc->s, t, buf, len);
}

enum dlsim_status dlsim_parse_time(struct dlsim *db,
				   const struct dlsim_scenario *sc,
				   const char *text, int64_t *out)
{
	struct rt_diag d = { "" };
	enum rt_err err;
	rt_time t;

	if (!db || !sc || !text || !out)
		return api_misuse(db, "dlsim_parse_time: NULL argument");
	err = scn_parse_time(text, sc->s->time_unit, &t, &d);
	if (err)
		return api_err(db, err, &d);
	*out = t;
	return api_ok(db);
}

/* ---- shared by every report ------------------------------------------------- */

unsigned api_policy_flags(const struct scn_scenario *s)
{
	const struct sim_policy_ops *ops = sim_policy_find(s->sched.policy);

	return ops ? ops->flags : 0;
}

const char *api_fmt_time_in(enum scn_time_unit u, rt_time t, char *buf,
			    size_t len)
{
	if (t == RT_TIME_NEVER)
		snprintf(buf, len, "-");
	else
		rt_time_format(buf, len, t, scn_time_unit_scale(u));
	return buf;
}

const char *api_fmt_time(const struct scn_scenario *s, rt_time t, char *buf,
			 size_t len)
{
	return api_fmt_time_in(s->time_unit, t, buf, len);
}

const char *api_fmt_fixed(double v, char *buf, size_t len)
{
	size_t n;

	snprintf(buf, len, "%.3f", v);
	n = strlen(buf);
	while (n > 0 && buf[n - 1] == '0')
		buf[--n] = '\0';
	if (n > 0 && buf[n - 1] == '.')
		buf[--n] = '\0';
	if (!strcmp(buf, "-0"))
		snprintf(buf, len, "0");
	return buf;
}

enum dlsim_status api_parse_until(struct dlsim *db,
				  const struct scn_scenario *s,
				  const char *text, rt_time *out)
{
	struct rt_diag d = { "" };

	*out = RT_TIME_NEVER;
	if (!text)
		return DLSIM_OK;
	if (scn_parse_time(text, s->time_unit, out, &d) != RT_OK)
		return api_fail(db, DLSIM_USAGE, "--until %s: %s", text, d.msg);
	if (*out <= 0)
		return api_fail(db, DLSIM_USAGE, "--until %s: must be > 0",
				text);
	return DLSIM_OK;
}

void api_meta(const struct scn_scenario *s, rt_time horizon,
	      struct render_meta *m)
{
	memset(m, 0, sizeof(*m));
	m->scenario = s->name;
	m->time_unit = scn_internal_unit_name(s->time_unit);
	m->display_unit = scn_time_unit_name(s->time_unit);
	m->display_scale = scn_time_unit_scale(s->time_unit);
	m->cpus = s->cpus;
	m->horizon = horizon;
	m->tasks = s->tasks;
	m->ntasks = s->ntasks;
	m->servers = s->servers;
	m->nservers = s->nservers;
	m->task_server = s->task_server;
	m->resources = (const char *const *)s->resources;
	m->nresources = s->nresources;
	m->capacity = s->capacity;
	if (s->sched.fair_server.on) {
		m->fair_runtime = s->sched.fair_server.runtime;
		m->fair_period = s->sched.fair_server.period;
	}
}

const char *api_sched_desc(const struct scn_scenario *s, char *buf,
			   size_t len)
{
	const struct scn_scheduler *k = &s->sched;
	unsigned fl = api_policy_flags(s);
	size_t o;

	if (fl & SIM_POLICY_PRIORITIES)
		o = (size_t)snprintf(buf, len, "%s (%s)", k->policy,
				     rt_fp_order_name(k->priorities));
	else if ((fl & SIM_POLICY_KERNEL) && k->dl.accounting == RT_DL_ACCT_TICK)
		o = (size_t)snprintf(buf, len, "%s (kernel %s, accounting "
				     "tick, hz %u)", k->policy, k->dl.kernel,
				     k->dl.hz);
	else if (fl & SIM_POLICY_KERNEL)
		o = (size_t)snprintf(buf, len, "%s (kernel %s, accounting "
				     "exact)", k->policy, k->dl.kernel);
	else
		o = (size_t)snprintf(buf, len, "%s", k->policy);
	if (o >= len || s->cpus == 1)
		return buf;
	if (k->placement == SCN_PLACE_PARTITIONED)
		snprintf(buf + o, len - o, ", placement partitioned (%s)",
			 rt_part_name(k->partitioning));
	else if (k->placement == SCN_PLACE_CPUSETS)
		snprintf(buf + o, len - o, ", placement cpusets (%zu root "
			 "domains)", k->ncpusets);
	else if (k->placement == SCN_PLACE_CLUSTERED)
		snprintf(buf + o, len - o, ", placement clustered (%u CPUs per "
			 "cluster, %s)", k->cluster_size,
			 rt_part_name(k->partitioning));
	else
		snprintf(buf + o, len - o, ", placement global");
	return buf;
}

void api_kernel_lines(FILE *f, const struct scn_scenario *s,
		      const char *indent)
{
	char buf[320];
	rt_time scale = scn_time_unit_scale(s->time_unit);
	const char *u = scn_time_unit_name(s->time_unit);

	if (!(api_policy_flags(s) & SIM_POLICY_KERNEL))
		return;
	fprintf(f, "%s%s\n", indent, rt_dl_rules_line(&s->sched.dl, scale, u,
						       buf, sizeof(buf)));
	fprintf(f, "%s%s\n", indent, rt_dl_accounting_line(&s->sched.dl,
							    scale, u, buf,
							    sizeof(buf)));
}

void api_kernel_json(FILE *f, const struct scn_scenario *s)
{
	const struct rt_dl_rules *r = &s->sched.dl;

	if (!(api_policy_flags(s) & SIM_POLICY_KERNEL))
		return;
	fprintf(f, ", \"kernel\": \"%s\", \"accounting\": \"%s\"", r->kernel,
		r->accounting == RT_DL_ACCT_TICK ? "tick" : "exact");
	if (r->accounting == RT_DL_ACCT_TICK)
		fprintf(f, ", \"hz\": %u, \"tick_phase\": %" PRId64, r->hz,
			r->tick_phase);
	fprintf(f, ", \"fair_server\": %s", s->sched.fair_server.on ?
		(s->sched.fair_server.defer ? "\"deferred\"" :
		 "\"not deferred\"") : "null");
	fprintf(f, ", \"bw_release\": \"%s\"", r->release ==
		RT_DL_RELEASE_AT_ONCE ? "immediate" : "zero-lag");
}

enum dlsim_status api_horizon(struct dlsim *db, const struct scn_scenario *s,
			      rt_time until, struct sim_horizon *h)
{
	struct rt_diag d = { "" };
	struct sim_horizon_req req;
	enum rt_err err;

	api_horizon_req(s, until, &req);
	err = sim_horizon_for(&req, h, &d);

	if (err != RT_OK)
		return api_fail(db, api_status(err), "%s: %s", s->path,
				d.msg[0] ? d.msg : rt_strerror(err));
	return DLSIM_OK;
}

void api_horizon_note(FILE *f, const struct scn_scenario *s,
		      const struct sim_horizon *h, const char *indent)
{
	char b1[48], b2[48];
	const char *u = scn_time_unit_name(s->time_unit);

	if (h->source != SIM_HORIZON_CAPPED)
		return;
	fprintf(f, "%snote: horizon capped at %s %s (the default releases at "
		"most %llu jobs); ", indent,
		api_fmt_time(s, h->horizon, b1, sizeof(b1)), u,
		(unsigned long long)SIM_HORIZON_JOB_CAP);
	if (h->hyperperiod == RT_TIME_NEVER)
		fprintf(f, "the hyperperiod lcm(T) exceeds 2^63 internal units");
	else
		fprintf(f, "the hyperperiod lcm(T) is %s %s",
			api_fmt_time(s, h->hyperperiod, b1, sizeof(b1)), u);
	if (h->uncapped != RT_TIME_NEVER)
		fprintf(f, " and the default horizon (%s) would be %s %s",
			h->uncapped == h->busy_period ? "busy period" :
			"hyperperiod + largest offset and deadline",
			api_fmt_time(s, h->uncapped, b2, sizeof(b2)), u);
	fprintf(f, "; give --until T (or horizon: T) to choose the length\n");
}

void api_json_str(FILE *f, const char *s)
{
	render_json_string(f, s);
}

/* ---- the summary of `dlsim validate` ----------------------------------------- */

static enum dlsim_status summary_write(struct dlsim *db,
				       const struct scn_scenario *s,
				       const char *path, unsigned flags,
				       FILE *f)
{
	struct rt_frac *u = NULL;
	char ubuf[128] = "?", desc[160], kern[64];

	if (!(flags & DLSIM_QUIET)) {
		char *ufull = NULL;

		/* the exact U, however long its digits: never cut */
		if (rt_frac_utilization(s->tasks, s->ntasks, &u) == RT_OK) {
			size_t need = rt_frac_format(u, ubuf, sizeof(ubuf)) + 1;

			if (need > sizeof(ubuf) && (ufull = rt_malloc(need)))
				rt_frac_format(u, ufull, need);
		}
		fprintf(f, "%s: ok: scenario '%s', %zu task%s on %u CPU%s, "
			"policy %s%s%s%s%s, time unit %s, U = %s\n", path,
			s->name, s->ntasks, s->ntasks == 1 ? "" : "s", s->cpus,
			s->cpus == 1 ? "" : "s",
			api_sched_desc(s, desc, sizeof(desc)),
			s->sched.has_mode ? (s->sched.mode == SCN_MODE_HARD ?
					     ", mode hard" : ", mode soft") : "",
			s->sched.admission_test ? ", admission " : "",
			s->sched.admission_test ?
			s->sched.admission_test->name : "",
			!s->sched.admission_test &&
			s->sched.admission_kind != SIM_ADMISSION_NONE ?
			(s->sched.admission_kind == SIM_ADMISSION_HARD ?
			 " (admission by the strongest sound test)" :
			 " (admission by capacity)") : "",
			scn_time_unit_name(s->time_unit), ufull ? ufull : ubuf);
		rt_free(ufull);
		rt_frac_destroy(u);
	}
	if ((flags & DLSIM_KERNEL) && !(api_policy_flags(s) & SIM_POLICY_KERNEL))
		fprintf(f, "%s: policy %s: no kernel rules (--linux is for "
			"policy %s)\n", path, s->sched.policy,
			sim_policy_names(SIM_POLICY_KERNEL, 0, kern,
					 sizeof(kern)));
	else if (flags & DLSIM_KERNEL)
		api_kernel_lines(f, s, "  ");
	return api_ok(db);
}

enum dlsim_status dlsim_scenario_write_summary(struct dlsim *db,
					       const struct dlsim_scenario *sc,
					       const char *shown_as,
					       unsigned flags, FILE *f)
{
	if (!db || !sc || !f)
		return api_misuse(db, "dlsim_scenario_write_summary: NULL "
				  "argument");
	if (flags & ~(DLSIM_QUIET | DLSIM_KERNEL))
		return api_misuse(db, "dlsim_scenario_write_summary: flags");
	return summary_write(db, sc->s, shown_as ? shown_as : sc->s->path,
			     flags, f);
}

enum dlsim_status dlsim_scenario_summary_text(struct dlsim *db,
					      const struct dlsim_scenario *sc,
					      const char *shown_as,
					      unsigned flags, char **text,
					      size_t *len)
{
	struct api_text t;
	enum dlsim_status st;

	if (!db || !sc || !text || !len)
		return api_misuse(db, "dlsim_scenario_summary_text: NULL "
				  "argument");
	st = api_text_open(db, &t);
	if (st)
		return st;
	st = dlsim_scenario_write_summary(db, sc, shown_as, flags, t.f);
	return api_text_close(db, &t, st, text, len);
}
