/* cmd_merge.c - `dlsim merge -o OUT.csv SHARD.csv...`: sum the shards of
 * one experiment (dlsim_merge does the work). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static const char merge_help[] =
"Usage: dlsim merge -o OUT.csv SHARD.csv...\n"
"\n"
"Combine the CSVs of the N shards of one experiment (dlsim experiment\n"
"--shard I/N) into the CSV a single run would have written, byte for byte.\n"
"Each CSV needs its sidecar (SHARD.csv.meta).  Refused: shards of\n"
"different experiments (hash), a missing or repeated shard, an unfinished\n"
"shard, a point whose sets do not add up.  Writes OUT.csv and OUT.csv.meta\n"
"(OUT may be '-' (standard output), a device or a FIFO: the CSV alone).\n";

int cmd_merge(int argc, char **argv)
{
	const char *out = NULL, **in;
	struct dlsim *db;
	enum dlsim_status st;
	bool bad = false;
	size_t n = 0;
	int rc = CLI_EXIT_OK;

	in = calloc((size_t)argc, sizeof(*in));
	if (!in) {
		cli_error("merge: out of memory");
		return CLI_EXIT_INPUT;
	}
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(merge_help, stdout);
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
	db = cli_session("merge");
	if (!db) {
		rc = CLI_EXIT_INPUT;
		goto done;
	}
	st = dlsim_merge(db, out, in, n);
	if (st != DLSIM_OK)
		rc = cli_fail(db, "merge", st);
	dlsim_close(db);
done:
	free(in);
	return rc;
}
