/* acc_csv.c - experiment results CSV and sidecar (acc_csv.h). */
#include "render/acc_csv.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "models/mem.h"

static char *acc_dup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = rt_malloc(n);

	if (p)
		memcpy(p, s, n);
	return p;
}

void render_acc_free(struct render_acc *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->ncols; i++)
		rt_free(t->names[i]);
	rt_free(t->rows);
	rt_free(t);
}

void render_acc_util_text(int64_t micro, char *buf, size_t len)
{
	int64_t ip = micro / RT_EXP_UNIT, fp = micro % RT_EXP_UNIT;
	int digits = 6;

	if (!fp) {
		snprintf(buf, len, "%" PRId64, ip);
		return;
	}
	while (fp % 10 == 0) {
		fp /= 10;
		digits--;
	}
	snprintf(buf, len, "%" PRId64 ".%0*" PRId64, ip, digits, fp);
}

static enum rt_err acc_add_col(struct render_acc *t, const char *name)
{
	if (t->ncols == RENDER_ACC_MAX_COLS)
		return RT_ERR_INVAL;
	t->names[t->ncols] = acc_dup(name);
	if (!t->names[t->ncols])
		return RT_ERR_NOMEM;
	t->ncols++;
	return RT_OK;
}

/* The columns appended after the fixed header (and after a swept tasks
 * or cpus column), only for the experiments that have them, so every
 * earlier CSV keeps its bytes: linux-dl's sets refused by the kernel's
 * admission, then the tardiness of the sets that have a bound. */
static const char *const acc_tard_cols[] = {
	"tardiness_sets", "max_tardiness", "max_tardiness_bound"
};

static bool acc_refuses(const struct rt_exp *x)
{
	return x->model == RT_AN_LINUX_DL;
}

enum rt_err render_acc_from_exp(const struct rt_exp *x,
				const struct rt_exp_counts *c,
				const bool *have, struct render_acc **out,
				struct rt_diag *d)
{
	static const char *const tail[] = { "sim_missed", "sim_exact",
					    "contradictions", "redrawn",
					    "sim_unplaced", "simulated" };
	struct render_acc *t = rt_calloc(1, sizeof(*t));
	enum rt_err err = t ? RT_OK : RT_ERR_NOMEM;
	char col[96];

	if (!err)
		err = acc_add_col(t, "point");
	if (!err)
		err = acc_add_col(t, "utilization");
	if (!err)
		err = acc_add_col(t, "sets");
	for (size_t i = 0; !err && i < x->ntests; i++) {
		snprintf(col, sizeof(col), "%s_accepted", x->tests[i]->name);
		err = acc_add_col(t, col);
	}
	for (size_t i = 0; !err && i < sizeof(tail) / sizeof(tail[0]); i++)
		err = acc_add_col(t, tail[i]);
	if (!err && x->sweep != RT_EXP_SWEEP_UTILIZATION)
		err = acc_add_col(t, rt_exp_sweep_name(x->sweep));
	if (!err && acc_refuses(x))
		err = acc_add_col(t, "sim_refused");
	for (size_t i = 0; !err && x->tardiness && i < 3; i++)
		err = acc_add_col(t, acc_tard_cols[i]);
	if (!err) {
		t->rows = rt_calloc(x->npoints, sizeof(*t->rows));
		if (!t->rows)
			err = RT_ERR_NOMEM;
	}
	if (err) {
		render_acc_free(t);
		return rt_diagf(d, err, "results table: %s", rt_strerror(err));
	}
	for (size_t p = 0; p < x->npoints; p++) {
		struct render_acc_row *r;
		size_t k = 0;

		if (!have || !have[p])
			continue;
		r = &t->rows[t->nrows++];
		r->point = p;
		render_acc_util_text(rt_exp_point_value(x, p), r->util,
				     sizeof(r->util));
		r->v[k++] = c[p].sets;
		for (size_t i = 0; i < x->ntests; i++)
			r->v[k++] = c[p].accepted[i];
		r->v[k++] = c[p].missed;
		r->v[k++] = c[p].exact;
		r->v[k++] = c[p].contradictions;
		r->v[k++] = c[p].redrawn;
		r->v[k++] = c[p].unplaced;
		r->v[k++] = x->simulate ? c[p].sets : 0;
		if (x->sweep == RT_EXP_SWEEP_TASKS)
			r->v[k++] = rt_exp_point_tasks(x, p);
		else if (x->sweep == RT_EXP_SWEEP_CPUS)
			r->v[k++] = rt_exp_point_cpus(x, p);
		if (acc_refuses(x))
			r->v[k++] = c[p].refused;
		if (x->tardiness) {
			r->v[k++] = c[p].tard_sets;
			r->v[k++] = (uint64_t)c[p].max_tard;
			r->v[k++] = (uint64_t)c[p].max_bound;
		}
	}
	*out = t;
	return RT_OK;
}

enum rt_err render_acc_to_counts(const struct render_acc *t,
				 const struct rt_exp *x,
				 const struct rt_exp_slice *sl,
				 struct rt_exp_counts *c, bool *have,
				 struct rt_diag *d)
{
	struct render_acc *want = NULL;
	enum rt_err err;

	err = render_acc_from_exp(x, NULL, NULL, &want, d);  /* the header */
	if (err)
		return err;
	if (t->ncols != want->ncols)
		err = rt_diagf(d, RT_ERR_PARSE, "%zu columns; the experiment "
			       "writes %zu", t->ncols, want->ncols);
	for (size_t i = 0; !err && i < t->ncols; i++)
		if (strcmp(t->names[i], want->names[i]))
			err = rt_diagf(d, RT_ERR_PARSE, "column %s where the "
				       "experiment has %s", t->names[i],
				       want->names[i]);
	render_acc_free(want);
	for (size_t k = 0; !err && k < t->nrows; k++) {
		const struct render_acc_row *w = &t->rows[k];
		struct rt_exp_counts *cp;
		uint64_t a, b;
		size_t j = 0;

		if (w->point >= x->npoints)
			continue;
		rt_exp_slice_range(x, sl, (size_t)w->point, &a, &b);
		if (w->v[0] != b - a || b == a)
			continue;       /* not finished (or not this slice's) */
		cp = &c[w->point];
		memset(cp, 0, sizeof(*cp));
		cp->sets = w->v[j++];
		for (size_t i = 0; i < x->ntests; i++)
			cp->accepted[i] = w->v[j++];
		cp->missed = w->v[j++];
		cp->exact = w->v[j++];
		cp->contradictions = w->v[j++];
		cp->redrawn = w->v[j++];
		cp->unplaced = w->v[j++];
		j++;                    /* simulated */
		if (x->sweep != RT_EXP_SWEEP_UTILIZATION)
			j++;
		if (acc_refuses(x))
			cp->refused = w->v[j++];
		if (x->tardiness) {
			if (w->v[j + 1] > RT_TIME_MAX || w->v[j + 2] > RT_TIME_MAX)
				return rt_diagf(d, RT_ERR_PARSE, "point %llu: "
						"tardiness past 2^63",
						(unsigned long long)w->point);
			cp->tard_sets = w->v[j++];
			cp->max_tard = (rt_time)w->v[j++];
			cp->max_bound = (rt_time)w->v[j++];
		}
		have[w->point] = true;
	}
	return err;
}

enum rt_err render_acc_write(FILE *f, const struct render_acc *t,
			     struct rt_diag *d)
{
	for (size_t i = 0; i < t->ncols; i++)
		fprintf(f, "%s%s", i ? "," : "", t->names[i]);
	fputc('\n', f);
	for (size_t r = 0; r < t->nrows; r++) {
		const struct render_acc_row *w = &t->rows[r];

		fprintf(f, "%" PRIu64 ",%s", w->point, w->util);
		for (size_t i = 2; i < t->ncols; i++)
			fprintf(f, ",%" PRIu64, w->v[i - 2]);
		fputc('\n', f);
	}
	if (ferror(f))
		return rt_diagf(d, RT_ERR_IO, "write error: %s", strerror(errno));
	return RT_OK;
}

int render_acc_col(const struct render_acc *t, const char *name)
{
	for (size_t i = 0; i < t->ncols; i++)
		if (!strcmp(t->names[i], name))
			return (int)i;
	return -1;
}

/* Split line at commas into at most max fields (in place). */
static size_t acc_split(char *line, char **f, size_t max)
{
	size_t n = 0;

	line[strcspn(line, "\r\n")] = '\0';
	for (char *p = line;; p++) {
		char *c = strchr(p, ',');

		if (n == max)
			return max + 1;
		f[n++] = p;
		if (!c)
			break;
		*c = '\0';
		p = c;
	}
	return n;
}

static bool acc_u64(const char *s, uint64_t *out)
{
	char *end;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	*out = strtoull(s, &end, 10);
	return !*end && !errno;
}

enum rt_err render_acc_read(const char *path, struct render_acc **out,
			    struct rt_diag *d)
{
	char line[4096], *f[RENDER_ACC_MAX_COLS + 1];
	struct render_acc *t;
	size_t nf, cap = 0, lineno = 1;
	enum rt_err err = RT_OK;
	FILE *in = fopen(path, "r");

	if (!in)
		return rt_diagf(d, RT_ERR_IO, "%s: cannot open: %s", path,
				strerror(errno));
	t = rt_calloc(1, sizeof(*t));
	if (!t) {
		fclose(in);
		return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory", path);
	}
	if (!fgets(line, sizeof(line), in)) {
		err = rt_diagf(d, RT_ERR_PARSE, "%s: empty; expected a results "
			       "CSV (point,utilization,sets,...)", path);
		goto out;
	}
	nf = acc_split(line, f, RENDER_ACC_MAX_COLS);
	if (nf < 3 || nf > RENDER_ACC_MAX_COLS || strcmp(f[0], "point") ||
	    strcmp(f[1], "utilization") || strcmp(f[2], "sets")) {
		err = rt_diagf(d, RT_ERR_PARSE, "%s:1: not a results CSV; "
			       "expected the header point,utilization,sets,...",
			       path);
		goto out;
	}
	for (size_t i = 0; i < nf && !err; i++)
		err = acc_add_col(t, f[i]);
	if (err) {
		rt_diagf(d, err, "%s: out of memory", path);
		goto out;
	}
	while (fgets(line, sizeof(line), in)) {
		struct render_acc_row *r;

		lineno++;
		nf = acc_split(line, f, RENDER_ACC_MAX_COLS);
		if (nf != t->ncols) {
			err = rt_diagf(d, RT_ERR_PARSE, "%s:%zu: %zu fields; the "
				       "header has %zu", path, lineno, nf,
				       t->ncols);
			goto out;
		}
		if (t->nrows == cap) {
			size_t nc = cap ? 2 * cap : 64;
			struct render_acc_row *nr = rt_realloc(t->rows,
							       nc * sizeof(*nr));

			if (!nr) {
				err = rt_diagf(d, RT_ERR_NOMEM, "%s: out of "
					       "memory", path);
				goto out;
			}
			t->rows = nr;
			cap = nc;
		}
		r = &t->rows[t->nrows];
		memset(r, 0, sizeof(*r));
		if (!acc_u64(f[0], &r->point) || strlen(f[1]) >= sizeof(r->util) ||
		    (t->nrows && r->point <= t->rows[t->nrows - 1].point)) {
			err = rt_diagf(d, RT_ERR_PARSE, "%s:%zu: bad point or "
				       "utilization (points must increase)",
				       path, lineno);
			goto out;
		}
		strcpy(r->util, f[1]);
		for (size_t i = 2; i < nf; i++) {
			if (!acc_u64(f[i], &r->v[i - 2])) {
				err = rt_diagf(d, RT_ERR_PARSE, "%s:%zu: %s: "
					       "\"%.40s\" is not a count", path,
					       lineno, t->names[i], f[i]);
				goto out;
			}
		}
		t->nrows++;
	}
	if (ferror(in))
		err = rt_diagf(d, RT_ERR_IO, "%s: read error", path);
out:
	fclose(in);
	if (err) {
		render_acc_free(t);
		return err;
	}
	*out = t;
	return RT_OK;
}

/* Columns that name the point (a swept tasks or CPUs count): equal in
 * every shard, never summed. */
static bool acc_key_col(const char *name)
{
	return !strcmp(name, "tasks") || !strcmp(name, "cpus");
}

/* Columns that are maxima over the sets (max_...): merged by max. */
static bool acc_max_col(const char *name)
{
	return !strncmp(name, "max_", 4);
}

enum rt_err render_acc_merge(struct render_acc *const *t, size_t n,
			     struct render_acc **out, struct rt_diag *d)
{
	struct render_acc *m;
	size_t maxp = 0, *idx = NULL;
	enum rt_err err = RT_OK;

	if (!n)
		return rt_diagf(d, RT_ERR_INVAL, "merge: no tables");
	for (size_t k = 0; k < n; k++) {
		if (t[k]->ncols != t[0]->ncols)
			return rt_diagf(d, RT_ERR_INVAL, "merge: table %zu has "
					"%zu columns, table 1 %zu", k + 1,
					t[k]->ncols, t[0]->ncols);
		for (size_t i = 0; i < t[0]->ncols; i++)
			if (strcmp(t[k]->names[i], t[0]->names[i]))
				return rt_diagf(d, RT_ERR_INVAL, "merge: column "
						"%zu is %s in one table, %s in "
						"another", i + 1, t[k]->names[i],
						t[0]->names[i]);
		for (size_t r = 0; r < t[k]->nrows; r++)
			if (t[k]->rows[r].point + 1 > maxp)
				maxp = (size_t)t[k]->rows[r].point + 1;
	}
	m = rt_calloc(1, sizeof(*m));
	if (m)
		m->rows = rt_calloc(maxp ? maxp : 1, sizeof(*m->rows));
	if (m && m->rows)
		idx = rt_calloc(maxp ? maxp : 1, sizeof(*idx));
	for (size_t i = 0; m && m->rows && idx && !err && i < t[0]->ncols; i++)
		err = acc_add_col(m, t[0]->names[i]);
	if (!m || !m->rows || !idx || err) {
		render_acc_free(m);
		rt_free(idx);
		return rt_diagf(d, RT_ERR_NOMEM, "merge: out of memory");
	}
	for (size_t k = 0; k < n; k++) {
		for (size_t r = 0; r < t[k]->nrows; r++) {
			const struct render_acc_row *s = &t[k]->rows[r];
			size_t p = (size_t)s->point;

			if (!idx[p]) {
				m->rows[p] = *s;
				idx[p] = 1;
				continue;
			}
			if (strcmp(m->rows[p].util, s->util)) {
				render_acc_free(m);
				rt_free(idx);
				return rt_diagf(d, RT_ERR_INVAL, "merge: point "
						"%zu is utilization %s in one "
						"table, %s in another", p,
						m->rows[p].util, s->util);
			}
			for (size_t i = 0; i + 2 < m->ncols; i++) {
				if (acc_max_col(m->names[i + 2])) {
					if (s->v[i] > m->rows[p].v[i])
						m->rows[p].v[i] = s->v[i];
				} else if (!acc_key_col(m->names[i + 2])) {
					m->rows[p].v[i] += s->v[i];
				} else if (m->rows[p].v[i] != s->v[i]) {
					render_acc_free(m);
					rt_free(idx);
					return rt_diagf(d, RT_ERR_INVAL, "merge: "
							"point %zu has %s %llu in "
							"one table, %llu in "
							"another", p, m->names[i + 2],
							(unsigned long long)
							m->rows[p].v[i],
							(unsigned long long)s->v[i]);
				}
			}
		}
	}
	for (size_t p = 0; p < maxp; p++)      /* compact, in point order */
		if (idx[p])
			m->rows[m->nrows++] = m->rows[p];
	rt_free(idx);
	*out = m;
	return RT_OK;
}

static const char *const acc_param_keys[] = {
	"policy", "cpus", "tasks", "cap", "period_min", "period_max",
	"time_unit", "budget_factor", "period_divisor", "kernel"
};

static void acc_param(struct render_acc_meta *m, const char *k,
		      const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void acc_param(struct render_acc_meta *m, const char *k,
		      const char *fmt, ...)
{
	va_list ap;

	if (m->nparams == RENDER_ACC_MAX_PARAMS)
		return;
	snprintf(m->pkey[m->nparams], sizeof(m->pkey[0]), "%s", k);
	va_start(ap, fmt);
	vsnprintf(m->pval[m->nparams], sizeof(m->pval[0]), fmt, ap);
	va_end(ap);
	m->nparams++;
}

void render_acc_meta_params(struct render_acc_meta *m, const struct rt_exp *x)
{
	rt_time lo = x->gen.pmin, hi = x->gen.pmax;

	if (x->gen.periods == RT_GEN_PERIODS_SET) {
		lo = hi = x->gen.pset[0];
		for (size_t i = 1; i < x->gen.npset; i++) {
			lo = x->gen.pset[i] < lo ? x->gen.pset[i] : lo;
			hi = x->gen.pset[i] > hi ? x->gen.pset[i] : hi;
		}
	}
	m->nparams = 0;
	acc_param(m, "policy", "%s", x->policy);
	if (x->sweep != RT_EXP_SWEEP_CPUS)
		acc_param(m, "cpus", "%u", x->cpus);
	if (x->sweep != RT_EXP_SWEEP_TASKS)
		acc_param(m, "tasks", "%zu", x->gen.ntasks);
	acc_param(m, "cap", "%.17g", x->gen.cap);
	acc_param(m, "period_min", "%lld", (long long)(lo / x->unit));
	acc_param(m, "period_max", "%lld", (long long)(hi / x->unit));
	acc_param(m, "time_unit", "%s", x->time_unit);
	if (rt_exp_reserved(x))
		acc_param(m, "budget_factor", "%.17g", x->budget_factor);
	if (x->model == RT_AN_CBS)
		acc_param(m, "period_divisor", "%u", x->period_divisor);
	if (x->model == RT_AN_LINUX_DL)
		acc_param(m, "kernel", "%s", x->kernel);
}

const char *render_acc_meta_param(const struct render_acc_meta *m,
				  const char *key)
{
	for (size_t i = 0; i < m->nparams; i++)
		if (!strcmp(m->pkey[i], key))
			return m->pval[i];
	return NULL;
}

enum rt_err render_acc_meta_write(FILE *f, const struct render_acc_meta *m,
				  struct rt_diag *d)
{
	fprintf(f, "tool: %s\nexperiment: %s\nhash: %016" PRIx64 "\n"
		"seed: %" PRIu64 "\nshard: %u/%u\npoints: %" PRIu64 "\n"
		"sets: %" PRIu64 "\ntests: %s\n", m->tool, m->name, m->hash,
		m->seed, m->shard, m->shards, m->points, m->sets, m->tests);
	for (size_t i = 0; i < m->nparams; i++)
		fprintf(f, "%s: %s\n", m->pkey[i], m->pval[i]);
	fprintf(f, "threads: %u\nhost: %s\nstart: %s\nend: %s\n"
		"complete: %s\n", m->threads, m->host, m->start, m->end,
		m->complete ? "true" : "false");
	if (ferror(f))
		return rt_diagf(d, RT_ERR_IO, "write error: %s", strerror(errno));
	return RT_OK;
}

static void acc_copy(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src);
}

/* The largest sidecar read: one line per key and parameter, far below. */
#define ACC_META_MAX (256u << 10)

enum rt_err render_acc_meta_read(const char *path, struct render_acc_meta *m,
				 struct rt_diag *d)
{
	char line[1024];
	unsigned seen = 0;
	struct stat st;
	bool found = stat(path, &st) == 0;
	FILE *in;

	memset(m, 0, sizeof(*m));
	/* a sidecar is a small regular file that experiment and merge
	 * write: a device or FIFO under its name (/dev/zero) would be read
	 * for ever, or block */
	if (found && !S_ISREG(st.st_mode))
		return rt_diagf(d, RT_ERR_IO, "%s: not a regular file; expected "
				"the results sidecar that dlsim experiment "
				"writes", path);
	if (found && st.st_size > ACC_META_MAX)
		return rt_diagf(d, RT_ERR_PARSE, "%s: %jd bytes; expected a "
				"results sidecar of at most %u KiB", path,
				(intmax_t)st.st_size, ACC_META_MAX >> 10);
	in = fopen(path, "r");
	if (!in)
		return rt_diagf(d, RT_ERR_IO, "%s: cannot open: %s", path,
				strerror(errno));
	while (fgets(line, sizeof(line), in)) {
		char *v = strstr(line, ": ");

		line[strcspn(line, "\r\n")] = '\0';
		if (!v)
			continue;
		*v = '\0';
		v += 2;
		if (!strcmp(line, "tool"))
			acc_copy(m->tool, sizeof(m->tool), v);
		else if (!strcmp(line, "experiment"))
			acc_copy(m->name, sizeof(m->name), v);
		else if (!strcmp(line, "hash"))
			seen |= (sscanf(v, "%" SCNx64, &m->hash) == 1) << 0;
		else if (!strcmp(line, "seed"))
			sscanf(v, "%" SCNu64, &m->seed);
		else if (!strcmp(line, "shard"))
			seen |= (sscanf(v, "%u/%u", &m->shard, &m->shards) == 2) << 1;
		else if (!strcmp(line, "points"))
			sscanf(v, "%" SCNu64, &m->points);
		else if (!strcmp(line, "sets"))
			sscanf(v, "%" SCNu64, &m->sets);
		else if (!strcmp(line, "tests"))
			acc_copy(m->tests, sizeof(m->tests), v);
		else if (!strcmp(line, "threads"))
			sscanf(v, "%u", &m->threads);
		else if (!strcmp(line, "host"))
			acc_copy(m->host, sizeof(m->host), v);
		else if (!strcmp(line, "start"))
			acc_copy(m->start, sizeof(m->start), v);
		else if (!strcmp(line, "end"))
			acc_copy(m->end, sizeof(m->end), v);
		else if (!strcmp(line, "complete"))
			m->complete = !strcmp(v, "true");
		else
			for (size_t i = 0; i < sizeof(acc_param_keys) /
			     sizeof(acc_param_keys[0]); i++)
				if (!strcmp(line, acc_param_keys[i]))
					acc_param(m, line, "%s", v);
	}
	fclose(in);
	if (seen != 3)
		return rt_diagf(d, RT_ERR_PARSE, "%s: not a results sidecar "
				"(hash and shard lines missing)", path);
	return RT_OK;
}
