/* jobs_csv.c - read back a `dlsim run --jobs` CSV for the response-time
 * plots (see plot.h).  Columns are found by header name, so added columns
 * do not break it; fields follow RFC 4180 (quotes, doubled quotes). */
#include "render/plot.h"

#include <errno.h>
#include <string.h>

#include "models/mem.h"

#define JOBS_LINE_MAX 4096
#define JOBS_FIELDS 32

/* Split line (modified in place) into at most JOBS_FIELDS fields. */
static int split(char *line, char **fld, size_t *nf)
{
	char *r = line, *w;

	*nf = 0;
	for (;;) {
		if (*nf == JOBS_FIELDS)
			return -1;
		fld[(*nf)++] = w = r;
		if (*r == '"') {        /* quoted: "" is a quote */
			r++;
			for (;;) {
				if (!*r)
					return -1;
				if (*r == '"' && r[1] == '"') {
					*w++ = '"';
					r += 2;
				} else if (*r == '"') {
					r++;
					break;
				} else {
					*w++ = *r++;
				}
			}
			if (*r && *r != ',')
				return -1;
		} else {
			while (*r && *r != ',')
				*w++ = *r++;
		}
		if (!*r) {
			*w = '\0';
			return 0;
		}
		*w = '\0';
		r++;
	}
}

static bool parse_time(const char *s, rt_time *v)
{
	rt_time x = 0;

	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || !rt_time_mul(x, 10, &x) ||
		    !rt_time_add(x, *s - '0', &x))
			return false;
	}
	*v = x;
	return true;
}

static bool push(rt_time **v, size_t *n, size_t *cap, rt_time x)
{
	if (*n == *cap) {
		size_t c = *cap ? 2 * *cap : 64;
		rt_time *p = rt_reallocarray(*v, c, sizeof(*p));

		if (!p)
			return false;
		*v = p;
		*cap = c;
	}
	(*v)[(*n)++] = x;
	return true;
}

static struct render_job_task *task_of(struct render_jobs_data *j,
				       const char *name)
{
	for (size_t i = 0; i < j->n; i++)
		if (!strcmp(j->t[i].name, name))
			return &j->t[i];
	if (j->n == j->cap) {
		size_t c = j->cap ? 2 * j->cap : 8;
		struct render_job_task *p = rt_reallocarray(j->t, c, sizeof(*p));

		if (!p)
			return NULL;
		j->t = p;
		j->cap = c;
	}
	memset(&j->t[j->n], 0, sizeof(j->t[j->n]));
	if (!(j->t[j->n].name = rt_strdup(name)))
		return NULL;
	return &j->t[j->n++];
}

enum rt_err render_jobs_csv_read(FILE *f, const char *name,
				 struct render_jobs_data *out,
				 struct rt_diag *d)
{
	char line[JOBS_LINE_MAX], *fld[JOBS_FIELDS];
	int ctask = -1, cresp = -1, ctard = -1;
	unsigned long ln = 0;
	size_t nf, nh = 0;

	rt_diag_clear(d);
	memset(out, 0, sizeof(*out));
	while (fgets(line, sizeof(line), f)) {
		size_t len = strlen(line);
		struct render_job_task *t;
		rt_time v;

		ln++;
		if (len && line[len - 1] != '\n' && !feof(f))
			return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: line longer "
					"than %d bytes", name, ln,
					JOBS_LINE_MAX - 1);
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (split(line, fld, &nf) != 0)
			return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: bad CSV quoting "
					"or more than %d columns", name, ln,
					JOBS_FIELDS);
		if (ln == 1) {
			for (size_t i = 0; i < nf; i++) {
				if (!strcmp(fld[i], "task"))
					ctask = (int)i;
				else if (!strcmp(fld[i], "response"))
					cresp = (int)i;
				else if (!strcmp(fld[i], "tardiness"))
					ctard = (int)i;
			}
			nh = nf;
			if (ctask < 0 || cresp < 0 || ctard < 0)
				return rt_diagf(d, RT_ERR_PARSE, "%s:1: not a "
						"--jobs CSV: the header needs "
						"task, response and tardiness "
						"columns", name);
			continue;
		}
		if (!len)
			continue;
		if (nf != nh)
			return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: %zu columns, "
					"the header has %zu", name, ln, nf, nh);
		if (!(t = task_of(out, fld[ctask])))
			return rt_diagf(d, RT_ERR_NOMEM, "%s: out of memory",
					name);
		out->rows++;
		if (*fld[cresp]) {
			if (!parse_time(fld[cresp], &v))
				return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: column "
						"response: '%s' is not a time",
						name, ln, fld[cresp]);
			if (!push(&t->resp, &t->nresp, &t->cresp, v))
				return rt_diagf(d, RT_ERR_NOMEM, "%s: out of "
						"memory", name);
		}
		if (*fld[ctard]) {
			if (!parse_time(fld[ctard], &v))
				return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: column "
						"tardiness: '%s' is not a time",
						name, ln, fld[ctard]);
			if (!push(&t->tard, &t->ntard, &t->ctard, v))
				return rt_diagf(d, RT_ERR_NOMEM, "%s: out of "
						"memory", name);
		}
	}
	if (ferror(f))
		return rt_diagf(d, RT_ERR_IO, "%s: read error: %s", name,
				strerror(errno));
	if (ln == 0)
		return rt_diagf(d, RT_ERR_PARSE, "%s: empty file (expected a "
				"--jobs CSV)", name);
	return RT_OK;
}

void render_jobs_data_fini(struct render_jobs_data *j)
{
	for (size_t i = 0; i < j->n; i++) {
		rt_free(j->t[i].name);
		rt_free(j->t[i].resp);
		rt_free(j->t[i].tard);
	}
	rt_free(j->t);
	memset(j, 0, sizeof(*j));
}

/* ---- the same data straight from a run --------------------------------- */

static enum rt_err jobs_sink_emit(void *ctx, const struct sim_rec *r)
{
	struct render_jobs_sink *s = ctx;
	const struct sim_job_info *ji = r->info;
	struct render_job_task *t;

	if (!ji || r->task >= s->ntasks)
		return RT_OK;
	if (r->kind == SIM_REC_ABORT) {         /* its MISS has no tardiness */
		s->aborted_task = r->task;
		s->aborted_job = r->job;
		s->aborted = true;
		return RT_OK;
	}
	if (r->kind == SIM_REC_MISS && (ji->finish != RT_TIME_NEVER ||
	    (s->aborted && s->aborted_task == r->task &&
	     s->aborted_job == r->job)))
		return RT_OK;   /* counted at COMPLETE, or aborted */
	if (!(t = task_of(s->j, s->tasks[r->task].name ?
			  s->tasks[r->task].name : "?")))
		return RT_ERR_NOMEM;
	if (r->kind == SIM_REC_COMPLETE) {
		rt_time late = r->time - ji->abs_deadline;

		s->j->rows++;
		if (!push(&t->resp, &t->nresp, &t->cresp, r->time - ji->release) ||
		    !push(&t->tard, &t->ntard, &t->ctard, late > 0 ? late : 0))
			return RT_ERR_NOMEM;
		return RT_OK;
	}
	s->j->rows++;           /* pending at the horizon: a lower bound */
	return push(&t->tard, &t->ntard, &t->ctard, r->value) ? RT_OK :
	       RT_ERR_NOMEM;
}

struct sim_sink render_jobs_data_sink(struct render_jobs_sink *ctx)
{
	struct sim_sink s = {
		.mask = SIM_MASK(SIM_REC_COMPLETE) | SIM_MASK(SIM_REC_MISS) |
			SIM_MASK(SIM_REC_ABORT),
		.emit = jobs_sink_emit,
		.ctx = ctx,
	};

	return s;
}
