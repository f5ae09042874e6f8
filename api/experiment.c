/* experiment.c - acceptance-ratio experiments (`dlsim experiment`).
 *
 * The work is the layers': scenarios/exp.h loads the file, sim/batch.h
 * runs the sets on threads, render/acc_csv.h formats the results.  This
 * file names the outputs, resumes from what is on disk (finished points
 * are kept and skipped), writes every file atomically after each finished
 * point, and saves each contradiction as a scenario to regenerate it. */
#include "api/internal.h"
#include "api/outputs.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "models/exp.h"
#include "models/mem.h"
#include "render/acc_csv.h"
#include "scenarios/exp.h"
#include "sim/batch.h"

struct dlsim_experiment {
	struct rt_exp *x;               /* owned */
	char *path;                     /* the experiment file (owned) */
	/* after a run */
	char *out;                      /* the CSV written (owned) */
	char *contra_base;              /* OUT without .csv (owned) */
	bool stream;                    /* OUT is written in place (standard
					 * output, a device, a FIFO): written
					 * once at the end, no sidecar, no
					 * resume */
	size_t points_done, points_wanted;
	uint64_t sets, contradictions;
};

/* One run (the hooks' context; hooks are called one at a time). */
struct exp_run {
	struct dlsim *db;
	struct dlsim_experiment *xp;
	const struct rt_exp *x;
	const char *out, *meta_path;
	struct rt_exp_counts *c;        /* per point */
	bool *have;
	struct render_acc_meta meta;
	struct sim_exp_ws ws;           /* for regenerating contradictions */
	char hook_msg[1024];            /* what a failing hook said */
};

enum dlsim_status dlsim_experiment_load(struct dlsim *db, const char *path,
					struct dlsim_experiment **out)
{
	struct dlsim_experiment *xp;
	struct rt_diag d = { "" };
	enum rt_err err;

	if (!db || !path || !out)
		return api_misuse(db, "dlsim_experiment_load: NULL argument");
	xp = rt_calloc(1, sizeof(*xp));
	if (!xp)
		return api_fail(db, DLSIM_NOMEM, "out of memory");
	err = scn_exp_load_file(path, &xp->x, &d);
	if (err) {
		rt_free(xp);
		return api_err(db, err, &d);
	}
	xp->path = rt_strdup(path);
	if (!xp->path) {
		dlsim_experiment_free(xp);
		return api_fail(db, DLSIM_NOMEM, "out of memory");
	}
	*out = xp;
	return api_ok(db);
}

void dlsim_experiment_free(struct dlsim_experiment *xp)
{
	if (!xp)
		return;
	rt_exp_free(xp->x);
	rt_free(xp->path);
	rt_free(xp->out);
	rt_free(xp->contra_base);
	rt_free(xp);
}

const char *dlsim_experiment_name(const struct dlsim_experiment *xp)
{
	return xp ? xp->x->name : NULL;
}

const char *dlsim_experiment_output(const struct dlsim_experiment *xp)
{
	return xp ? xp->out : NULL;
}

const char *dlsim_experiment_contradiction_prefix(
	const struct dlsim_experiment *xp)
{
	return xp ? xp->contra_base : NULL;
}

size_t dlsim_experiment_points_done(const struct dlsim_experiment *xp)
{
	return xp ? xp->points_done : 0;
}

size_t dlsim_experiment_points_wanted(const struct dlsim_experiment *xp)
{
	return xp ? xp->points_wanted : 0;
}

int dlsim_experiment_stream(const struct dlsim_experiment *xp)
{
	return xp && xp->stream;
}

uint64_t dlsim_experiment_sets(const struct dlsim_experiment *xp)
{
	return xp ? xp->sets : 0;
}

uint64_t dlsim_experiment_contradictions(const struct dlsim_experiment *xp)
{
	return xp ? xp->contradictions : 0;
}

/* ---- the files ------------------------------------------------------------- */

static void exp_utc(char *buf, size_t n)
{
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static enum rt_err exp_write_text(const char *path, const char *text,
				  size_t len, struct rt_diag *d)
{
	struct render_outfile o;
	FILE *f;
	enum rt_err err = render_outfile_open(&o, path, &f, d);

	if (err)
		return err;
	if (fwrite(text, 1, len, f) != len) {
		render_outfile_abort(&o);
		return rt_diagf(d, RT_ERR_IO, "%s: write error", path);
	}
	return render_outfile_commit(&o, d);
}

/* Rewrite the CSV and its sidecar, together: both are written and
 * flushed before either is renamed into place, so a sidecar that cannot
 * be written (a full disk, a directory in its way) leaves both files as
 * they were, and the run can still be resumed.  A stream output is
 * written once, when the run ends ('last'), and has no sidecar. */
static enum rt_err exp_save(struct exp_run *r, bool last, struct rt_diag *d)
{
	struct render_acc *t = NULL;
	struct render_outfile o, om;
	enum rt_err err;
	FILE *f;

	if (r->xp->stream && !last)
		return RT_OK;
	memset(&om, 0, sizeof(om));
	err = render_acc_from_exp(r->x, r->c, r->have, &t, d);
	if (err)
		return err;
	err = render_outfile_open(&o, r->out, &f, d);
	if (err) {
		render_acc_free(t);
		return err;
	}
	err = render_acc_write(f, t, d);
	render_acc_free(t);
	if (!err)
		err = render_outfile_finish(&o, d);
	if (!err && r->meta_path) {
		exp_utc(r->meta.end, sizeof(r->meta.end));
		err = render_outfile_open(&om, r->meta_path, &f, d);
		if (!err) {
			err = render_acc_meta_write(f, &r->meta, d);
			if (!err)
				err = render_outfile_finish(&om, d);
		}
	}
	if (err) {
		render_outfile_abort(&om);
		render_outfile_abort(&o);
		return err;
	}
	err = render_outfile_publish(&o, d);
	if (err) {
		render_outfile_abort(&om);
		return err;
	}
	return r->meta_path ? render_outfile_publish(&om, d) : RT_OK;
}

/* A hook's own message, kept for the run's error. */
static void exp_hook_msg(struct exp_run *r, const char *msg)
{
	size_t n = strlen(r->hook_msg);

	if (n + 1 < sizeof(r->hook_msg))
		snprintf(r->hook_msg + n, sizeof(r->hook_msg) - n, "%s%s",
			 n ? "\n" : "", msg);
}

static enum rt_err exp_point_done(void *ctx, size_t p,
				  const struct rt_exp_counts *c)
{
	struct exp_run *r = ctx;
	struct rt_diag d = { "" };
	enum rt_err err;

	r->c[p] = *c;
	r->have[p] = true;
	err = exp_save(r, false, &d);
	if (err)
		exp_hook_msg(r, d.msg);
	return err;
}

/* Set (p, s) of x as scenario text. */
static enum rt_err exp_item_text(const struct rt_exp *x, struct sim_exp_ws *ws,
				 size_t p, uint64_t s, char **text, size_t *len,
				 struct rt_diag *d)
{
	unsigned redrawn;
	enum rt_err err = sim_exp_draw(x, p, s, ws, &redrawn, d);

	if (!err)
		err = scn_exp_scenario(x, p, s, ws->ts, text, len, d);
	return err;
}

static enum rt_err exp_contradiction(void *ctx, size_t p, uint64_t s)
{
	struct exp_run *r = ctx;
	struct rt_diag d = { "" };
	size_t plen = strlen(r->xp->contra_base) + 64, len;
	char *path = rt_malloc(plen), *text = NULL;
	enum rt_err err = RT_ERR_NOMEM;

	r->xp->contradictions++;
	if (!path)
		return err;
	snprintf(path, plen, "%s-contradiction-%zu-%llu.yaml",
		 r->xp->contra_base, p, (unsigned long long)s);
	err = exp_item_text(r->x, &r->ws, p, s, &text, &len, &d);
	if (!err)
		err = exp_write_text(path, text, len, &d);
	if (err)
		exp_hook_msg(r, d.msg);
	rt_free(text);
	rt_free(path);
	return err;
}

static void exp_progress(void *ctx, uint64_t done, uint64_t total)
{
	struct exp_run *r = ctx;
	struct dlsim_progress pr = {
		.what = DLSIM_PROGRESS_EXPERIMENT, .done = (int64_t)done,
		.total = (int64_t)total,
	};

	if (r->db->progress)
		r->db->progress(r->db->progress_ctx, &pr);
}

static void exp_tests_list(const struct rt_exp *x, char *buf, size_t n)
{
	size_t o = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < x->ntests && o < n; i++)
		o += (size_t)snprintf(buf + o, n - o, "%s%s", i ? "," : "",
				      x->tests[i]->name);
}

/* Pick up an earlier run of the same experiment and slice: finished
 * points (their row has all the slice's sets) are kept. */
static enum dlsim_status exp_resume(struct exp_run *r,
				    const struct rt_exp_slice *sl)
{
	struct render_acc_meta m;
	struct render_acc *t = NULL;
	struct rt_diag d = { "" };
	struct stat st;
	enum dlsim_status rc = DLSIM_OK;
	enum rt_err err;

	if (r->xp->stream || stat(r->out, &st) != 0)
		return DLSIM_OK;
	if (S_ISDIR(st.st_mode))
		return api_fail(r->db, DLSIM_IO, "%s: cannot write: Is a "
				"directory (EISDIR)", r->out);
	err = render_acc_meta_read(r->meta_path, &m, &d);
	if (err)
		return api_fail(r->db, DLSIM_INVALID, "%s exists but its sidecar "
				"does not: %s; delete it or choose another -o",
				r->out, d.msg);
	if (m.hash != r->meta.hash || m.shard != sl->index ||
	    m.shards != sl->count)
		return api_fail(r->db, DLSIM_INVALID, "%s was written by "
				"another experiment or shard (hash %016llx, "
				"shard %u/%u; this run: %016llx, %u/%u); delete "
				"it or choose another -o", r->out,
				(unsigned long long)m.hash, m.shard, m.shards,
				(unsigned long long)r->meta.hash, sl->index,
				sl->count);
	err = render_acc_read(r->out, &t, &d);
	if (!err) {
		err = render_acc_to_counts(t, r->x, sl, r->c, r->have, &d);
		if (err)
			rt_diag_prefix(&d, "%s: ", r->out);
	}
	for (size_t p = 0; !err && p < r->x->npoints; p++)
		if (r->have[p])
			r->xp->contradictions += r->c[p].contradictions;
	if (err)
		rc = api_fail(r->db, api_status(err), "%s; delete it or choose "
			      "another -o", d.msg);
	else if (m.start[0])
		memcpy(r->meta.start, m.start, sizeof(m.start));
	render_acc_free(t);
	return rc;
}

/* ---- the runs ---------------------------------------------------------------- */

/* "I/N" with 1 <= I <= N <= 10^6, each a count (scn_parse_count). */
static bool exp_parse_shard(const char *s, struct rt_exp_slice *sl)
{
	struct rt_diag d = { "" };
	const char *slash = strchr(s, '/');
	char is[24];
	int64_t i, n;

	if (!slash || (size_t)(slash - s) >= sizeof(is))
		return false;
	memcpy(is, s, (size_t)(slash - s));
	is[slash - s] = '\0';
	if (scn_parse_count(is, 1, 1000000, &i, &d) != RT_OK ||
	    scn_parse_count(slash + 1, 1, 1000000, &n, &d) != RT_OK || i > n)
		return false;
	sl->index = (unsigned)i;
	sl->count = (unsigned)n;
	return true;
}

/* The settings of a run: its slice, threads and output names. */
static enum dlsim_status exp_settings(struct dlsim *db,
				      struct dlsim_experiment *xp,
				      const struct dlsim_opts *o,
				      struct rt_exp_slice *sl,
				      unsigned *threads)
{
	static const char *const keys[] = { "output", "shard", "jobs", NULL };
	const char *out = api_opt(o, "output"), *shard = api_opt(o, "shard");
	const char *jobs = api_opt(o, "jobs");
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	enum dlsim_status st = api_opts_only(db, o, keys, "experiment");
	size_t bl;

	if (st)
		return st;
	sl->index = sl->count = 1;
	if (shard && !exp_parse_shard(shard, sl))
		return api_fail(db, DLSIM_USAGE, "--shard '%s': expected I/N "
				"with 1 <= I <= N", shard);
	if (jobs) {
		int64_t v;

		if (api_parse_count(db, "-j", jobs, 1, 4096, &v))
			return DLSIM_USAGE;
		n = (long)v;
	}
	*threads = n < 1 ? 1 : (unsigned)n;
	if (out && api_is_memory_path(db, out))
		return api_fail(db, DLSIM_USAGE, "-o %s: an experiment resumes "
				"from its files; give a file name", out);
	if (out && (st = api_output_not_input(db, "-o", out, xp->path)))
		return st;
	rt_free(xp->out);
	rt_free(xp->contra_base);
	xp->contra_base = NULL;
	xp->stream = out && render_outfile_is_stream(out);
	if (out) {
		xp->out = rt_strdup(out);
	} else {
		size_t len = strlen(xp->x->name) + 64;

		xp->out = rt_malloc(len);
		if (xp->out && sl->count == 1)
			snprintf(xp->out, len, "%s.csv", xp->x->name);
		else if (xp->out)
			snprintf(xp->out, len, "%s-shard%u-of-%u.csv",
				 xp->x->name, sl->index, sl->count);
	}
	if (xp->out && !xp->stream) {
		xp->contra_base = rt_strdup(xp->out);
	} else if (xp->out) {
		/* nothing can be written next to standard output or a
		 * device: contradictions go to NAME[-shardI-of-N] here */
		size_t len = strlen(xp->x->name) + 64;

		xp->contra_base = rt_malloc(len);
		if (xp->contra_base && sl->count == 1)
			snprintf(xp->contra_base, len, "%s", xp->x->name);
		else if (xp->contra_base)
			snprintf(xp->contra_base, len, "%s-shard%u-of-%u",
				 xp->x->name, sl->index, sl->count);
	}
	if (!xp->out || !xp->contra_base)
		return api_fail(db, DLSIM_NOMEM, "out of memory");
	bl = strlen(xp->contra_base);
	if (!xp->stream && bl > 4 && !strcmp(xp->contra_base + bl - 4, ".csv"))
		xp->contra_base[bl - 4] = '\0';
	return DLSIM_OK;
}

/* Run the points not done yet; then save and count. */
static enum dlsim_status exp_work(struct exp_run *r,
				  const struct rt_exp_slice *sl,
				  unsigned threads,
				  const volatile sig_atomic_t *stop)
{
	const struct rt_exp *x = r->x;
	struct dlsim_experiment *xp = r->xp;
	struct sim_exp_hooks h = {
		.ctx           = r,
		.point_done    = exp_point_done,
		.contradiction = exp_contradiction,
		.progress      = exp_progress,
	};
	struct rt_diag d = { "" };
	bool stopped = false, *skip = rt_malloc(x->npoints * sizeof(*skip));
	size_t ndone = 0;
	enum rt_err err;

	if (!skip)
		return api_fail(r->db, DLSIM_NOMEM, "out of memory");
	memcpy(skip, r->have, x->npoints * sizeof(*skip));
	r->meta.complete = false;
	/* both files now, before any set: an output that cannot be
	 * written is reported at once, not after the first point */
	err = exp_save(r, false, &d);
	if (err) {
		rt_free(skip);
		return api_err(r->db, err, &d);
	}
	err = sim_exp_run(x, sl, skip, threads, &h, stop, &stopped, &d);
	rt_free(skip);
	if (err) {
		api_fail(r->db, api_status(err), "%s", r->hook_msg);
		api_add_line(r->db, "%s", d.msg);
		return api_status(err);
	}
	xp->sets = 0;
	for (size_t p = 0; p < x->npoints; p++) {
		ndone += r->have[p];
		xp->sets += r->c[p].sets;
	}
	xp->points_done = ndone;
	r->meta.complete = !stopped && ndone == xp->points_wanted;
	err = exp_save(r, true, &d);
	if (err)
		return api_err(r->db, err, &d);
	if (stopped && xp->stream)
		return api_fail(r->db, DLSIM_INTERRUPTED, "interrupted: %zu of "
				"%zu points done, written to %s (a stream "
				"output cannot be resumed)", ndone,
				xp->points_wanted, xp->out);
	if (stopped)
		return api_fail(r->db, DLSIM_INTERRUPTED, "interrupted: %zu of "
				"%zu points done in %s; run the same command "
				"again to resume", ndone, xp->points_wanted,
				xp->out);
	return DLSIM_OK;
}

enum dlsim_status dlsim_experiment_run(struct dlsim *db,
				       struct dlsim_experiment *xp,
				       const struct dlsim_opts *o,
				       const volatile sig_atomic_t *stop)
{
	struct rt_exp_slice sl;
	struct exp_run r;
	char *meta = NULL;
	unsigned threads = 1;
	enum dlsim_status st;
	const struct rt_exp *x;

	if (!db || !xp)
		return api_misuse(db, "dlsim_experiment_run: NULL argument");
	x = xp->x;
	xp->points_done = xp->points_wanted = 0;
	xp->sets = xp->contradictions = 0;
	st = exp_settings(db, xp, o, &sl, &threads);
	if (st)
		return st;
	memset(&r, 0, sizeof(r));
	r.db = db;
	r.xp = xp;
	r.x = x;
	r.out = xp->out;
	meta = rt_malloc(strlen(xp->out) + sizeof(".meta"));
	r.c = rt_calloc(x->npoints, sizeof(*r.c));
	r.have = rt_calloc(x->npoints, sizeof(*r.have));
	if (!meta || !r.c || !r.have || sim_exp_ws_init(&r.ws, x)) {
		st = api_fail(db, DLSIM_NOMEM, "out of memory");
		goto done;
	}
	strcpy(meta, xp->out);
	strcat(meta, ".meta");
	r.meta_path = xp->stream ? NULL : meta;
	if (r.meta_path && (st = api_sidecar_check(db, r.meta_path)))
		goto done;
	snprintf(r.meta.tool, sizeof(r.meta.tool), "dlsim %s", DLSIM_VERSION);
	snprintf(r.meta.name, sizeof(r.meta.name), "%s", x->name);
	r.meta.hash = rt_exp_hash(x);
	r.meta.seed = x->seed;
	r.meta.shard = sl.index;
	r.meta.shards = sl.count;
	r.meta.points = x->npoints;
	r.meta.sets = x->sets;
	exp_tests_list(x, r.meta.tests, sizeof(r.meta.tests));
	render_acc_meta_params(&r.meta, x);
	r.meta.threads = threads;
	if (gethostname(r.meta.host, sizeof(r.meta.host) - 1))
		snprintf(r.meta.host, sizeof(r.meta.host), "?");
	exp_utc(r.meta.start, sizeof(r.meta.start));
	st = exp_resume(&r, &sl);
	if (st)
		goto done;
	for (size_t p = 0; p < x->npoints; p++) {
		uint64_t a, b;

		rt_exp_slice_range(x, &sl, p, &a, &b);
		if (b > a)
			xp->points_wanted++;
		if (b > a && r.have[p])
			xp->points_done++;
		if (b == a)
			r.have[p] = false;      /* not this shard's */
	}
	st = exp_work(&r, &sl, threads, stop);
done:
	sim_exp_ws_fini(&r.ws);
	rt_free(r.c);
	rt_free(r.have);
	rt_free(meta);
	return st ? st : api_ok(db);
}

enum dlsim_status dlsim_experiment_item(struct dlsim *db,
					const struct dlsim_experiment *xp,
					const char *spec, char **text,
					size_t *len)
{
	const struct rt_exp *x;
	struct rt_diag d = { "" };
	struct sim_exp_ws ws;
	unsigned long long p, s;
	int64_t pv = -1, sv = -1;
	const char *colon;
	char ps[24];
	enum rt_err err;

	if (!db || !xp || !spec || !text || !len)
		return api_misuse(db, "dlsim_experiment_item: NULL argument");
	x = xp->x;
	/* each a count (scn_parse_count: digits only, as --shard's) */
	colon = strchr(spec, ':');
	if (colon && (size_t)(colon - spec) < sizeof(ps)) {
		memcpy(ps, spec, (size_t)(colon - spec));
		ps[colon - spec] = '\0';
		if (scn_parse_count(ps, 0, INT64_MAX, &pv, &d) != RT_OK ||
		    scn_parse_count(colon + 1, 0, INT64_MAX, &sv, &d) != RT_OK)
			pv = -1;
	}
	if (pv < 0)
		return api_fail(db, DLSIM_USAGE, "--item '%s': expected "
				"POINT:SAMPLE (numbers from 0)", spec);
	p = (unsigned long long)pv;
	s = (unsigned long long)sv;
	if (p >= x->npoints || s >= x->sets)
		return api_fail(db, DLSIM_USAGE, "--item %llu:%llu: the "
				"experiment has points 0..%zu and samples "
				"0..%llu", p, s, x->npoints - 1,
				(unsigned long long)(x->sets - 1));
	if (sim_exp_ws_init(&ws, x))
		return api_fail(db, DLSIM_NOMEM, "out of memory");
	err = exp_item_text(x, &ws, (size_t)p, s, text, len, &d);
	sim_exp_ws_fini(&ws);
	return err ? api_err(db, err, &d) : api_ok(db);
}
