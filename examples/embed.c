/* embed.c - a C program that embeds libdlsim through <dlsim.h> alone:
 * load a scenario, simulate it with a record callback that reports every
 * deadline miss as it happens, then analyse it.
 *
 *	cc embed.c $(pkg-config --cflags --libs dlsim) -o embed
 *	./embed scenarios/examples/dario.yaml
 *
 * (make install puts this file beside the example scenarios, in
 * PREFIX/share/dlsim/examples; under a PREFIX the dynamic linker does not
 * search, run it with LD_LIBRARY_PATH=PREFIX/lib, or link libdlsim.a:
 * pkg-config --static, with -l:libdlsim.a for -ldlsim.)
 *
 * On Dario's case (two tasks C=4, D=5, T=10: U = 0.8, yet P2 misses its
 * deadline 5 by 3) it prints
 *
 *	miss: P2 job 0, deadline 5, by 3
 *	dario-4-10-5: 2 jobs, 1 missed, max tardiness 3
 *	verdict: NOT schedulable (exact test pdc)
 *
 * Exit status 0, or 1 with the library's message on standard error. */
#include <dlsim.h>

#include <inttypes.h>
#include <stdio.h>

struct misses {
	const struct dlsim_scenario *sc;
	uint64_t n;                     /* misses seen */
};

/* Called for every MISS record, in simulated time order. */
static void on_miss(void *ctx, const struct dlsim_record *r)
{
	struct misses *m = ctx;
	char dl[32], by[32];

	m->n++;
	printf("miss: %s job %" PRIu64 ", deadline %s, by %s\n",
	       dlsim_scenario_task_name(m->sc, r->task), r->job,
	       dlsim_format_time(m->sc, r->time - r->value, dl, sizeof(dl)),
	       dlsim_format_time(m->sc, r->value, by, sizeof(by)));
}

static int fail(struct dlsim *db)
{
	fprintf(stderr, "embed: %s\n", dlsim_errmsg(db));
	return 1;
}

int main(int argc, char **argv)
{
	struct dlsim *db = NULL;
	struct dlsim_scenario *sc = NULL;
	struct dlsim_sim *sim = NULL;
	struct dlsim_analysis *an = NULL;
	struct misses m = { NULL, 0 };
	char tard[32];
	int rc = 1;

	if (argc != 2) {
		fprintf(stderr, "usage: embed SCENARIO.yaml\n");
		return 1;
	}
	if (dlsim_open(&db) != DLSIM_OK) {
		fprintf(stderr, "embed: out of memory\n");
		return 1;
	}
	if (dlsim_scenario_load(db, argv[1], &sc) != DLSIM_OK ||
	    dlsim_sim_create(db, sc, NULL, &sim) != DLSIM_OK) {
		rc = fail(db);
		goto out;
	}
	m.sc = sc;
	if (dlsim_sim_on_record(db, sim, DLSIM_REC_MASK(DLSIM_REC_MISS),
				on_miss, &m) != DLSIM_OK ||
	    dlsim_sim_run(db, sim) != DLSIM_OK ||
	    dlsim_sim_finish(db, sim) != DLSIM_OK) {
		rc = fail(db);
		goto out;
	}
	printf("%s: %" PRIu64 " jobs, %" PRIu64 " missed, max tardiness %s\n",
	       dlsim_scenario_name(sc), dlsim_sim_jobs(sim),
	       dlsim_sim_misses(sim),
	       dlsim_format_time(sc, dlsim_sim_max_tardiness(sim), tard,
				 sizeof(tard)));
	if (dlsim_analyze(db, sc, NULL, &an) != DLSIM_OK) {
		rc = fail(db);
		goto out;
	}
	printf("verdict: %s\n", dlsim_analysis_verdict(an));
	rc = m.n == dlsim_sim_misses(sim) ? 0 : 1;
out:
	dlsim_analysis_free(an);
	dlsim_sim_free(sim);
	dlsim_scenario_free(sc);
	dlsim_close(db);
	return rc;
}
