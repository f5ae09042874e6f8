/* cmd_merge.c - `dlsim merge -o OUT.csv SHARD.csv...`: sum the shards of
 * one experiment (render/acc_csv.h does the work). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "render/acc_csv.h"
#include "render/outfile.h"

static const char merge_help[] =
"Usage: dlsim merge -o OUT.csv SHARD.csv...\n"
"\n"
"Combine the CSVs of the N shards of one experiment (dlsim experiment\n"
"--shard I/N) into the CSV a single run would have written, byte for byte.\n"
"Each CSV needs its sidecar (SHARD.csv.meta).  Refused: shards of\n"
"different experiments (hash), a missing or repeated shard, an unfinished\n"
"shard, a point whose sets do not add up.  Writes OUT.csv and OUT.csv.meta.\n";

static int merge_fail(const char *msg)
{
	cli_error("merge: %s", msg);
	return CLI_EXIT_INPUT;
}

static int merge_write(const char *out, const struct render_acc *t,
		       const struct render_acc_meta *m)
{
	struct render_outfile o;
	struct rt_diag d = { "" };
	size_t n = strlen(out) + 8;
	char *meta = malloc(n);
	enum rt_err err;
	FILE *f;

	if (!meta)
		return merge_fail("out of memory");
	snprintf(meta, n, "%s.meta", out);
	err = render_outfile_open(&o, out, &f, &d);
	if (!err) {
		err = render_acc_write(f, t, &d);
		err = err ? (render_outfile_abort(&o), err)
			  : render_outfile_commit(&o, &d);
	}
	if (!err)
		err = render_outfile_open(&o, meta, &f, &d);
	if (!err) {
		err = render_acc_meta_write(f, m, &d);
		err = err ? (render_outfile_abort(&o), err)
			  : render_outfile_commit(&o, &d);
	}
	free(meta);
	if (err) {
		cli_error("%s", d.msg);
		return cli_exit_for(err);
	}
	return CLI_EXIT_OK;
}

int cmd_merge(int argc, char **argv)
{
	const char *out = NULL, **in;
	struct render_acc **t, *m = NULL;
	struct render_acc_meta *meta, all;
	struct rt_diag d = { "" };
	bool bad = false, *seen = NULL;
	char msg[2048];
	size_t n = 0;
	int rc = CLI_EXIT_INPUT, sets_col;

	in = calloc((size_t)argc, sizeof(*in));
	t = calloc((size_t)argc, sizeof(*t));
	meta = calloc((size_t)argc, sizeof(*meta));
	if (!in || !t || !meta) {
		free(in);
		free(t);
		free(meta);
		return merge_fail("out of memory");
	}
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(merge_help, stdout);
			rc = CLI_EXIT_OK;
			goto done;
		} else if (cli_opt_value(argc, argv, &i, "-o", &out, &bad, "merge") ||
			   cli_opt_value(argc, argv, &i, "--output", &out, &bad,
					 "merge")) {
			if (bad) {
				rc = CLI_EXIT_USAGE;
				goto done;
			}
		} else if (argv[i][0] == '-' && argv[i][1]) {
			rc = cli_usage_error("merge", "unknown option '%s'", argv[i]);
			goto done;
		} else {
			in[n++] = argv[i];
		}
	}
	if (!out || !n) {
		rc = cli_usage_error("merge", "expected -o OUT.csv and the shard "
				     "CSVs");
		goto done;
	}
	for (size_t k = 0; k < n; k++) {
		char mp[4096];
		enum rt_err err;

		snprintf(mp, sizeof(mp), "%s.meta", in[k]);
		err = render_acc_meta_read(mp, &meta[k], &d);
		if (!err)
			err = render_acc_read(in[k], &t[k], &d);
		if (err) {
			cli_error("merge: %s", d.msg);
			rc = cli_exit_for(err);
			goto done;
		}
		if (meta[k].hash != meta[0].hash ||
		    meta[k].shards != meta[0].shards) {
			snprintf(msg, sizeof(msg), "%.500s is experiment %.100s (hash "
				 "%016llx, %u shards), %s is %s (hash %016llx, "
				 "%u shards): not shards of one experiment",
				 in[k], meta[k].name,
				 (unsigned long long)meta[k].hash, meta[k].shards,
				 in[0], meta[0].name,
				 (unsigned long long)meta[0].hash, meta[0].shards);
			rc = merge_fail(msg);
			goto done;
		}
		if (!meta[k].complete) {
			snprintf(msg, sizeof(msg), "%s (shard %u/%u) is not "
				 "finished; run it again to complete it", in[k],
				 meta[k].shard, meta[k].shards);
			rc = merge_fail(msg);
			goto done;
		}
	}
	if (n != meta[0].shards) {
		snprintf(msg, sizeof(msg), "%zu files for %u shards", n,
			 meta[0].shards);
		rc = merge_fail(msg);
		goto done;
	}
	seen = calloc(n + 1, sizeof(*seen));
	if (!seen) {
		rc = merge_fail("out of memory");
		goto done;
	}
	for (size_t k = 0; k < n; k++) {
		if (meta[k].shard < 1 || meta[k].shard > n || seen[meta[k].shard]) {
			snprintf(msg, sizeof(msg), "shard %u/%u given twice (%s)",
				 meta[k].shard, meta[k].shards, in[k]);
			rc = merge_fail(msg);
			goto done;
		}
		seen[meta[k].shard] = true;
	}
	if (render_acc_merge(t, n, &m, &d)) {
		rc = merge_fail(d.msg);
		goto done;
	}
	sets_col = render_acc_col(m, "sets");
	if (m->nrows != meta[0].points) {
		snprintf(msg, sizeof(msg), "%zu points after merging; the "
			 "experiment has %llu", m->nrows,
			 (unsigned long long)meta[0].points);
		rc = merge_fail(msg);
		goto done;
	}
	for (size_t r = 0; r < m->nrows; r++) {
		if (m->rows[r].v[sets_col - 2] != meta[0].sets) {
			snprintf(msg, sizeof(msg), "point %llu has %llu sets; "
				 "the experiment has %llu per point",
				 (unsigned long long)m->rows[r].point,
				 (unsigned long long)m->rows[r].v[sets_col - 2],
				 (unsigned long long)meta[0].sets);
			rc = merge_fail(msg);
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
	rc = merge_write(out, m, &all);
done:
	for (size_t k = 0; k < n; k++)
		render_acc_free(t[k]);
	render_acc_free(m);
	free(seen);
	free(in);
	free(t);
	free(meta);
	return rc;
}
