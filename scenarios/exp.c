/* exp.c - the experiment loader (exp.h).
 *
 * libyaml composes the whole document (yaml_parser_load); the schema is
 * walked by hand, three levels deep at most, so every value still has its
 * start mark for messages and nothing deeper (or recursive, through an
 * alias) is ever followed.  Every scalar is parsed strictly here: no
 * silent truncation of "1.5" to 1, utilizations kept as exact decimals
 * (millionths).
 */
#include "scenarios/exp.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "models/linux_dl.h"
#include "models/mem.h"
#include "scenarios/exp_int.h"
#include "scenarios/internal.h"

/* time_unit: tick (default) | ns | us | ms | s */
static enum rt_err xl_time_unit(const struct xl *c, yaml_node_t *n,
				struct rt_exp *x)
{
	enum scn_time_unit u = SCN_UNIT_TICK;
	const char *s;
	char q[72];
	enum rt_err err;

	if (n) {
		if ((err = xl_str(c, n, "time_unit", &s)))
			return err;
		if (!scn_time_unit_from_name(s, &u)) {
			scn_quote(q, sizeof(q), s);
			return xl_fail(c, n, "time_unit", "%s; expected tick, ns, "
				       "us, ms or s", q);
		}
	}
	x->time_unit = scn_time_unit_name(u);
	x->unit = scn_time_unit_scale(u);
	return RT_OK;
}

/* The generator's periods from x->time_unit into internal units (ns for
 * a physical unit): exact, or an error naming time_unit. */
static enum rt_err xl_scale_periods(const struct xl *c, yaml_node_t *n,
				    struct rt_exp *x)
{
	struct rt_gen_params *g = &x->gen;
	rt_time *set = (rt_time *)g->pset;
	bool ok = true;

	if (x->unit == 1)
		return RT_OK;
	ok &= rt_time_mul(g->pmin, x->unit, &g->pmin);
	ok &= rt_time_mul(g->pmax, x->unit, &g->pmax);
	ok &= rt_time_mul(g->granularity, x->unit, &g->granularity);
	for (size_t i = 0; i < g->npset; i++)
		ok &= rt_time_mul(set[i], x->unit, &set[i]);
	if (!ok || g->pmax > RT_TIME_MAX / 4)
		return xl_fail(c, n, "time_unit", "%s: the periods do not fit "
			       "in nanoseconds (2^61)", x->time_unit);
	return RT_OK;
}

static enum rt_err xl_doc(const struct xl *c, yaml_node_t *root,
			  struct rt_exp *x)
{
	static const char *const keys[] = {
		"format", "name", "description", "platform", "scheduler",
		"generator", "utilization", "sets", "tests", "simulate",
		"max_jobs", "redraws", "seed", "sweep", "reservation",
		"time_unit", "tardiness"
	};
	enum { K_FORMAT, K_NAME, K_DESC, K_PLATFORM, K_SCHED, K_GEN, K_UTIL,
	       K_SETS, K_TESTS, K_SIM, K_JOBS, K_REDRAWS, K_SEED, K_SWEEP,
	       K_RESV, K_UNIT, K_TARD, K_N };
	static const char *const pkeys[] = { "cpus" };
	yaml_node_t *v[K_N], *pv[1];
	enum rt_err err = xl_map(c, root, "", keys, K_N, v);
	const char *s;
	int64_t k;
	bool linux_dl;

	if (err)
		return err;
	if (!v[K_FORMAT])
		return xl_fail(c, root, "", "missing format; expected format: 1");
	if ((err = xl_int(c, v[K_FORMAT], "format", 1, 1, &k)))
		return err;
	if (v[K_NAME]) {
		if ((err = xl_str(c, v[K_NAME], "name", &s)))
			return err;
		if (scn_parse_ident(s, SCN_MAX_NAME, NULL))
			return xl_fail(c, v[K_NAME], "name", "expected letters, "
				       "digits, '_', '-', '.' (it names the "
				       "output files)");
		x->name = rt_strdup(s);
	} else {
		x->name = scn_default_name(c->file);
	}
	if (!x->name)
		return rt_diagf(c->d, RT_ERR_NOMEM, "out of memory");
	if (v[K_DESC] && (err = xl_str(c, v[K_DESC], "description", &s)))
		return err;
	x->cpus = 1;
	if (v[K_PLATFORM]) {
		if ((err = xl_map(c, v[K_PLATFORM], "platform", pkeys, 1, pv)))
			return err;
		if (pv[0] && (err = xl_int(c, pv[0], "platform.cpus", 1,
					   SCN_MAX_CPUS, &k)))
			return err;
		if (pv[0])
			x->cpus = (unsigned)k;
	}
	x->policy = rt_strdup("edf");
	x->model = RT_AN_EDF;
	if (!x->policy)
		return rt_diagf(c->d, RT_ERR_NOMEM, "out of memory");
	x->placement = RT_EXP_PLACE_GLOBAL;
	x->cluster_size = x->cpus;
	x->partitioning = RT_PART_FIRST_FIT_DEC;
	if (v[K_SCHED] && (err = xl_scheduler(c, v[K_SCHED], x)))
		return err;
	linux_dl = x->model == RT_AN_LINUX_DL;
	if (linux_dl && !x->kernel)
		x->kernel = rt_dl_profile(NULL)->kernel;
	x->server_kind = RT_SERVER_CBS;
	x->budget_factor = 1;
	x->period_divisor = 1;
	x->resv_deadline = linux_dl ? RT_EXP_RESV_DL_TASK : RT_EXP_RESV_DL_PERIOD;
	if (v[K_RESV] && (err = xl_reservation(c, v[K_RESV], x)))
		return err;
	if ((err = xl_time_unit(c, v[K_UNIT], x)))
		return err;
	if (!v[K_GEN])
		return xl_fail(c, root, "", "missing generator");
	if ((err = xl_generator(c, v[K_GEN], x)) ||
	    (err = xl_scale_periods(c, v[K_UNIT], x)))
		return err;
	if (linux_dl)
		x->gen.cmin = RT_DL_RUNTIME_MIN;
	if (v[K_SWEEP] && (err = xl_sweep(c, v[K_SWEEP], x)))
		return err;
	if (!v[K_UTIL])
		return xl_fail(c, root, "", "missing utilization: {from, to, "
			       "step}");
	if ((err = xl_utilization(c, v[K_UTIL], x)))
		return err;
	if (!v[K_SETS])
		return xl_fail(c, root, "", "missing sets (task sets per point)");
	if ((err = xl_int(c, v[K_SETS], "sets", 1, (int64_t)1 << 40, &k)))
		return err;
	x->sets = (uint64_t)k;
	x->simulate = true;
	if (v[K_SIM] && (err = xl_bool(c, v[K_SIM], "simulate", &x->simulate)))
		return err;
	if (v[K_TARD] && (err = xl_bool(c, v[K_TARD], "tardiness",
					&x->tardiness)))
		return err;
	if (x->tardiness && (!x->simulate || rt_exp_reserved(x)))
		return xl_fail(c, v[K_TARD], "tardiness", "needs simulate: true "
			       "and policy edf or fp (no tardiness bound covers "
			       "the jobs of a reservation)");
	x->max_jobs = 100000;
	if (v[K_JOBS] && (err = xl_int(c, v[K_JOBS], "max_jobs", 1,
				       (int64_t)1 << 40, &k)))
		return err;
	if (v[K_JOBS])
		x->max_jobs = (uint64_t)k;
	x->redraws = 1000;
	if (v[K_REDRAWS] && (err = xl_int(c, v[K_REDRAWS], "redraws", 0,
					  100000000, &k)))
		return err;
	if (v[K_REDRAWS])
		x->redraws = (unsigned)k;
	if (v[K_SEED]) {
		struct rt_diag why;

		if ((err = xl_str(c, v[K_SEED], "seed", &s)))
			return err;
		if (scn_parse_u64(s, &x->seed, &why))
			return xl_fail(c, v[K_SEED], "seed", "%s", why.msg);
	}
	if ((err = xl_tests(c, v[K_TESTS], x)))
		return err;
	err = rt_exp_check(x, c->d);
	if (err)
		rt_diag_prefix(c->d, "%s: ", c->file);
	return err;
}

enum rt_err scn_exp_load_data(const uint8_t *buf, size_t len,
			      const char *name, struct rt_exp **out,
			      struct rt_diag *d)
{
	struct xl c;
	yaml_parser_t parser;
	yaml_node_t *root;
	struct rt_exp *x;
	enum rt_err err;

	memset(&c, 0, sizeof(c));
	c.file = name ? name : "<data>";
	c.d = d;
	rt_diag_clear(d);
	if (!buf && len)
		return rt_diagf(d, RT_ERR_INVAL, "%s: no data", c.file);
	if (len > SCN_EXP_MAX_BYTES)
		return rt_diagf(d, RT_ERR_PARSE, "%s: %zu bytes; expected an "
				"experiment of at most %u KiB", c.file, len,
				SCN_EXP_MAX_BYTES >> 10);
	if (!yaml_parser_initialize(&parser))
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", c.file);
	yaml_parser_set_input_string(&parser, buf ? buf : (const uint8_t *)"",
				     len);
	if (!yaml_parser_load(&parser, &c.doc)) {
		err = rt_diagf(d, parser.error == YAML_MEMORY_ERROR ?
			       RT_ERR_NOMEM : RT_ERR_PARSE,
			       "%s:%zu:%zu: not valid YAML: %s", c.file,
			       parser.problem_mark.line + 1,
			       parser.problem_mark.column + 1,
			       parser.problem ? parser.problem : "parse error");
		yaml_parser_delete(&parser);
		return err;
	}
	yaml_parser_delete(&parser);
	root = yaml_document_get_root_node(&c.doc);
	if (!root || (root->type == YAML_SCALAR_NODE &&
		      !root->data.scalar.length)) {
		yaml_document_delete(&c.doc);
		return rt_diagf(d, RT_ERR_PARSE, "%s: empty experiment; expected "
				"a mapping with format: 1, generator, "
				"utilization, sets", c.file);
	}
	x = rt_calloc(1, sizeof(*x));
	if (!x) {
		yaml_document_delete(&c.doc);
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", c.file);
	}
	err = xl_doc(&c, root, x);
	yaml_document_delete(&c.doc);
	if (err) {
		rt_exp_free(x);
		return err;
	}
	*out = x;
	return RT_OK;
}

enum rt_err scn_exp_load_file(const char *path, struct rt_exp **out,
			      struct rt_diag *d)
{
	uint8_t *buf;
	size_t len = 0;
	enum rt_err err;
	FILE *f = fopen(path, "rb");

	rt_diag_clear(d);
	if (!f)
		return rt_diagf(d, RT_ERR_IO, "%s: cannot open: %s", path,
				strerror(errno));
	buf = rt_malloc(SCN_EXP_MAX_BYTES + 1);
	if (!buf) {
		fclose(f);
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", path);
	}
	len = fread(buf, 1, SCN_EXP_MAX_BYTES + 1, f);
	if (ferror(f)) {
		err = rt_diagf(d, RT_ERR_IO, "%s: cannot read: %s", path,
			       strerror(errno));
	} else {
		err = scn_exp_load_data(buf, len, path, out, d);
	}
	fclose(f);
	rt_free(buf);
	return err;
}

