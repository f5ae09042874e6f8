/* exp_int.h - private interfaces of the experiment loader (exp.h).
 *
 * Loading an experiment file is three files:
 *
 *   exp.c           libyaml composes the document; the top level (format,
 *                   name, platform, sets, seed, ...) and the entry points
 *   exp_sections.c  the sections: scheduler, reservation, generator,
 *                   utilization, sweep, tests
 *   exp_read.c      the value readers every section uses
 *
 * Every reader fails with RT_ERR_PARSE and "FILE:LINE:COL: FIELD: what is
 * wrong; expected ..." in c->d, and writes its output on success only.
 * libyaml types stay inside scenarios/.
 */
#ifndef SCN_EXP_INT_H
#define SCN_EXP_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <yaml.h>

#include "models/exp.h"
#include "models/rt_err.h"

struct xl {
	const char *file;               /* name in messages */
	yaml_document_t doc;            /* the whole document */
	struct rt_diag *d;              /* where failures go */
};

/* ---- values (exp_read.c) ------------------------------------------------ */

/* Fail at node n (NULL: no position) naming 'field'. */
enum rt_err xl_fail(const struct xl *c, const yaml_node_t *n,
		    const char *field, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* "a single value", "a list", "a mapping" (for messages). */
const char *xl_kind(const yaml_node_t *n);
/* The mapping n (at 'path') with keys among keys[0..nk): vals[i] is the
 * value of keys[i] or NULL.  Unknown or repeated keys are errors. */
enum rt_err xl_map(const struct xl *c, yaml_node_t *n, const char *path,
		   const char *const *keys, size_t nk, yaml_node_t **vals);
/* A scalar's text (borrowed from the document). */
enum rt_err xl_str(const struct xl *c, const yaml_node_t *n,
		   const char *field, const char **out);
/* An integer in [min, max]. */
enum rt_err xl_int(const struct xl *c, const yaml_node_t *n,
		   const char *field, int64_t min, int64_t max, int64_t *out);
/* true / yes, false / no. */
enum rt_err xl_bool(const struct xl *c, const yaml_node_t *n,
		    const char *field, bool *out);
/* A finite decimal number. */
enum rt_err xl_double(const struct xl *c, const yaml_node_t *n,
		      const char *field, double *out);
/* A decimal >= 0 with at most 6 fraction digits, in millionths. */
enum rt_err xl_micro(const struct xl *c, const yaml_node_t *n,
		     const char *field, int64_t *out);
/* One of the names find() knows; 'valid' lists them for the message. */
enum rt_err xl_enum(const struct xl *c, const yaml_node_t *n,
		    const char *field, bool (*find)(const char *, int *),
		    const char *valid, int *out);

/* ---- sections (exp_sections.c) ------------------------------------------ */

/* Each fills its part of x, defaults included, from the section's node. */
enum rt_err xl_scheduler(const struct xl *c, yaml_node_t *n,
			 struct rt_exp *x);
enum rt_err xl_reservation(const struct xl *c, yaml_node_t *n,
			   struct rt_exp *x);
enum rt_err xl_generator(const struct xl *c, yaml_node_t *n,
			 struct rt_exp *x);
enum rt_err xl_utilization(const struct xl *c, yaml_node_t *n,
			   struct rt_exp *x);
enum rt_err xl_sweep(const struct xl *c, yaml_node_t *n, struct rt_exp *x);
/* n NULL: every test that fits the policy and the first point's
 * platform. */
enum rt_err xl_tests(const struct xl *c, yaml_node_t *n, struct rt_exp *x);

#endif /* SCN_EXP_INT_H */
