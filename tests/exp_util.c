/* exp_util.c - the experiment suites' helpers (exp_util.h). */
#include "tests/exp_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "scenarios/exp.h"
#include "sim/batch.h"

struct rt_exp *exp_load(const char *text, struct rt_diag *d)
{
	struct rt_exp *x = NULL;
	enum rt_err err = scn_exp_load_data((const uint8_t *)text, strlen(text),
					    "exp.yaml", &x, d);

	return err ? NULL : x;
}

char *exp_variant(const char *base, const char *from, const char *to)
{
	const char *at = strstr(base, from);
	size_t n = strlen(base) - strlen(from) + strlen(to) + 1;
	char *s = malloc(n);

	CU_ASSERT_FATAL(at != NULL && s != NULL);
	snprintf(s, n, "%.*s%s%s", (int)(at - base), base, to,
		 at + strlen(from));
	return s;
}

void exp_expect_error(const char *base, const char *from, const char *to,
		      const char *msg)
{
	char *text = exp_variant(base, from, to);
	struct rt_diag d = { "" };
	struct rt_exp *x = exp_load(text, &d);

	CU_ASSERT(x == NULL);
	if (!strstr(d.msg, msg))
		printf("\n  got: %s\n  want: %s\n", d.msg, msg);
	CU_ASSERT(strstr(d.msg, msg) != NULL);
	rt_exp_free(x);
	free(text);
}

struct collect {
	struct rt_exp_counts *c;
	bool *have;
	unsigned contra;
};

static enum rt_err on_point(void *ctx, size_t p, const struct rt_exp_counts *c)
{
	struct collect *k = ctx;

	k->c[p] = *c;
	k->have[p] = true;
	return RT_OK;
}

static enum rt_err on_contra(void *ctx, size_t p, uint64_t s)
{
	struct collect *k = ctx;

	printf("\n  contradiction at %zu:%llu\n", p, (unsigned long long)s);
	k->contra++;
	return RT_OK;
}

void exp_run(const struct rt_exp *x, unsigned threads, unsigned shard,
	     unsigned shards, struct rt_exp_counts *c, bool *have,
	     unsigned *contra)
{
	struct collect k = { c, have, 0 };
	struct sim_exp_hooks h = { &k, on_point, on_contra, NULL };
	struct rt_exp_slice sl = { shard, shards };
	struct rt_diag d = { "" };
	bool stopped;
	enum rt_err err = sim_exp_run(x, &sl, NULL, threads, &h, NULL, &stopped,
				      &d);

	if (err)
		printf("\n  %s\n", d.msg);
	CU_ASSERT_FATAL(err == RT_OK);
	CU_ASSERT(!stopped);
	if (contra)
		*contra += k.contra;
}
