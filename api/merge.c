/* merge.c - `dlsim merge`: the shard CSVs of one experiment summed into
 * the CSV a single run would have written, byte for byte, and its sidecar
 * (render/acc_csv.h does the arithmetic).  Refused: shards of different
 * experiments (hash), a missing or repeated shard, an unfinished shard, a
 * point whose sets do not add up. */
#include "api/internal.h"
#include "api/outputs.h"

#include <stdlib.h>
#include <string.h>

#include "models/mem.h"
#include "render/acc_csv.h"

/* Write t (or m) to the opened-here file *of and finish it (flushed,
 * not yet in place). */
static enum rt_err merge_write_one(struct dlsim *db, struct api_file *of,
				   const char *path,
				   const struct render_acc *t,
				   const struct render_acc_meta *m,
				   struct rt_diag *d)
{
	enum rt_err err;
	FILE *f;

	err = api_file_open(db, of, path, &f, d);
	if (err)
		return err;
	err = t ? render_acc_write(f, t, d) : render_acc_meta_write(f, m, d);
	if (!err)
		err = api_file_finish(of, d);
	return err;
}

/* The CSV and its sidecar, together: both are written and flushed before
 * either is put in place, so a sidecar that cannot be written leaves the
 * CSV as it was. */
static enum dlsim_status merge_write(struct dlsim *db, const char *out,
				     const struct render_acc *t,
				     const struct render_acc_meta *m)
{
	struct rt_diag d = { "" };
	size_t n = strlen(out) + 8;
	char *meta = rt_malloc(n);
	struct api_file fc, fm;
	enum rt_err err;

	if (!meta)
		return api_fail(db, DLSIM_NOMEM, "merge: out of memory");
	api_file_init(&fc);
	api_file_init(&fm);
	snprintf(meta, n, "%s.meta", out);
	err = merge_write_one(db, &fc, out, t, NULL, &d);
	/* standard output, a device or a FIFO has no "next to it": the
	 * merged CSV alone (docs/experiments.md) */
	if (!err && (api_is_memory_path(db, out) ||
		     !render_outfile_is_stream(out)))
		err = merge_write_one(db, &fm, meta, NULL, m, &d);
	if (!err)
		err = api_file_publish(&fc, &d);
	if (!err && fm.open)
		err = api_file_publish(&fm, &d);
	api_file_abort(&fm);
	api_file_abort(&fc);
	rt_free(meta);
	return err ? api_err(db, err, &d) : DLSIM_OK;
}

/* The output (OUT and OUT.meta) must replace no shard (IN or IN.meta),
 * and OUT.meta must be a file (api_sidecar_check). */
static enum dlsim_status merge_not_input(struct dlsim *db, const char *out,
					 const char *const *in, size_t n)
{
	size_t ol = strlen(out) + 8;
	char *om = rt_malloc(ol);
	enum dlsim_status st = DLSIM_OK;

	if (!om)
		return api_fail(db, DLSIM_NOMEM, "merge: out of memory");
	snprintf(om, ol, "%s.meta", out);
	for (size_t k = 0; k < n && st == DLSIM_OK; k++) {
		size_t il = strlen(in[k]) + 8;
		char *im = rt_malloc(il);

		if (!im) {
			st = api_fail(db, DLSIM_NOMEM, "merge: out of memory");
			break;
		}
		snprintf(im, il, "%s.meta", in[k]);
		st = api_output_not_input(db, "-o", out, in[k]);
		if (!st)
			st = api_output_not_input(db, "-o", out, im);
		if (!st && !api_is_memory_path(db, out) &&
		    !render_outfile_is_stream(out))
			st = api_output_not_input(db, "-o (its sidecar)", om,
						  im);
		rt_free(im);
	}
	if (!st && !api_is_memory_path(db, out) && !render_outfile_is_stream(out))
		st = api_sidecar_check(db, om);
	rt_free(om);
	return st;
}

/* Every shard's sidecar and CSV, checked to be the n shards of one
 * finished experiment. */
static enum dlsim_status merge_read(struct dlsim *db, const char *const *in,
				    size_t n, struct render_acc **t,
				    struct render_acc_meta *meta)
{
	struct rt_diag d = { "" };
	bool *seen;

	for (size_t k = 0; k < n; k++) {
		char mp[4096];
		enum rt_err err;

		snprintf(mp, sizeof(mp), "%s.meta", in[k]);
		err = render_acc_meta_read(mp, &meta[k], &d);
		if (!err)
			err = render_acc_read(in[k], &t[k], &d);
		if (err)
			return api_fail(db, api_status(err), "merge: %s", d.msg);
		if (meta[k].hash != meta[0].hash ||
		    meta[k].shards != meta[0].shards)
			return api_fail(db, DLSIM_INVALID, "merge: %.500s is "
					"experiment %.100s (hash %016llx, %u "
					"shards), %s is %s (hash %016llx, %u "
					"shards): not shards of one experiment",
					in[k], meta[k].name,
					(unsigned long long)meta[k].hash,
					meta[k].shards, in[0], meta[0].name,
					(unsigned long long)meta[0].hash,
					meta[0].shards);
		if (!meta[k].complete)
			return api_fail(db, DLSIM_INVALID, "merge: %s (shard "
					"%u/%u) is not finished; run it again to "
					"complete it", in[k], meta[k].shard,
					meta[k].shards);
	}
	if (n != meta[0].shards)
		return api_fail(db, DLSIM_INVALID, "merge: %zu files for %u "
				"shards", n, meta[0].shards);
	seen = rt_calloc(n + 1, sizeof(*seen));
	if (!seen)
		return api_fail(db, DLSIM_NOMEM, "merge: out of memory");
	for (size_t k = 0; k < n; k++) {
		if (meta[k].shard < 1 || meta[k].shard > n || seen[meta[k].shard]) {
			rt_free(seen);
			return api_fail(db, DLSIM_INVALID, "merge: shard %u/%u "
					"given twice (%s)", meta[k].shard,
					meta[k].shards, in[k]);
		}
		seen[meta[k].shard] = true;
	}
	rt_free(seen);
	return DLSIM_OK;
}

enum dlsim_status dlsim_merge(struct dlsim *db, const char *out,
			      const char *const *in, size_t n)
{
	struct render_acc **t, *m = NULL;
	struct render_acc_meta *meta, all;
	struct rt_diag d = { "" };
	enum dlsim_status st;
	int sets_col;

	if (!db || !out || !in || !n)
		return api_misuse(db, "dlsim_merge: NULL argument");
	t = rt_calloc(n, sizeof(*t));
	meta = rt_calloc(n, sizeof(*meta));
	if (!t || !meta) {
		st = api_fail(db, DLSIM_NOMEM, "merge: out of memory");
		goto done;
	}
	st = merge_not_input(db, out, in, n);
	if (!st)
		st = merge_read(db, in, n, t, meta);
	if (st)
		goto done;
	if (render_acc_merge(t, n, &m, &d)) {
		st = api_fail(db, DLSIM_INVALID, "merge: %s", d.msg);
		goto done;
	}
	sets_col = render_acc_col(m, "sets");
	if (m->nrows != meta[0].points) {
		st = api_fail(db, DLSIM_INVALID, "merge: %zu points after "
			      "merging; the experiment has %llu", m->nrows,
			      (unsigned long long)meta[0].points);
		goto done;
	}
	for (size_t r = 0; r < m->nrows; r++) {
		if (m->rows[r].v[sets_col - 2] != meta[0].sets) {
			st = api_fail(db, DLSIM_INVALID, "merge: point %llu has "
				      "%llu sets; the experiment has %llu per "
				      "point",
				      (unsigned long long)m->rows[r].point,
				      (unsigned long long)m->rows[r].v[sets_col - 2],
				      (unsigned long long)meta[0].sets);
			goto done;
		}
	}
	all = meta[0];
	all.shard = all.shards = 1;
	all.threads = 0;
	snprintf(all.host, sizeof(all.host), "merged from %zu shards", n);
	for (size_t k = 1; k < n; k++) {
		if (strcmp(meta[k].start, all.start) < 0)
			memcpy(all.start, meta[k].start, sizeof(all.start));
		if (strcmp(meta[k].end, all.end) > 0)
			memcpy(all.end, meta[k].end, sizeof(all.end));
	}
	all.complete = true;
	st = merge_write(db, out, m, &all);
done:
	for (size_t k = 0; t && k < n; k++)
		render_acc_free(t[k]);
	render_acc_free(m);
	rt_free(t);
	rt_free(meta);
	return st ? st : api_ok(db);
}
