/* progress.c - progress on standard error (see progress.h). */
#include "cli/progress.h"

#include <inttypes.h>
#include <time.h>
#include <unistd.h>

#include "cli/signals.h"

/* Wall-clock seconds (progress display only; nothing simulated reads it). */
static double progress_wall(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

bool cli_progress_wanted(bool quiet)
{
	return !quiet && isatty(STDERR_FILENO);
}

/* "simulated time / horizon" twice a second, once a run has taken more
 * than a second. */
static void progress_sim(struct cli_progress *p, const struct dlsim_progress *r)
{
	double now = progress_wall();

	if (now - p->start > 1.0 && now - p->shown > 0.5) {
		fprintf(stderr, "\r%s: simulating: %5.1f%% of the horizon, "
			"%llu jobs, %.0f s ", cli_prog,
			100.0 * (double)r->done / (double)r->total,
			(unsigned long long)r->jobs, now - p->start);
		p->shown = now;
		p->drew = true;
	}
}

/* A bar of task sets with the rate and the time left, five times a
 * second and at the end. */
static void progress_exp(struct cli_progress *p, const struct dlsim_progress *r)
{
	double now = progress_wall(), rate, eta;
	uint64_t done = (uint64_t)r->done, total = (uint64_t)r->total;
	int bar = 30, fill;

	if (now - p->shown < 0.2 && done < total)
		return;
	p->shown = now;
	rate = now > p->start ? (double)done / (now - p->start) : 0;
	eta = rate > 0 ? (double)(total - done) / rate : 0;
	fill = total ? (int)((double)bar * (double)done / (double)total) : bar;
	fprintf(stderr, "\r%s: [%.*s%*s] %5.1f%% %llu/%llu sets %.0f sets/s "
		"ETA %d:%02d ", cli_prog, fill,
		"##############################", bar - fill, "",
		total ? 100.0 * (double)done / (double)total : 100.0,
		(unsigned long long)done, (unsigned long long)total, rate,
		(int)(eta / 60), (int)eta % 60);
	p->drew = true;
}

static int progress_cb(void *ctx, const struct dlsim_progress *r)
{
	struct cli_progress *p = ctx;

	if (r->what == DLSIM_PROGRESS_EXPERIMENT) {
		if (p->show)
			progress_exp(p, r);
		return 0;
	}
	if (cli_interrupted)
		return 1;       /* stop at the end of this step */
	if (p->show)
		progress_sim(p, r);
	return 0;
}

void cli_progress_begin(struct dlsim *db, struct cli_progress *p, bool show)
{
	p->show = show;
	p->drew = false;
	p->start = progress_wall();
	p->shown = 0;
	dlsim_set_progress(db, progress_cb, p);
}

void cli_progress_end(struct dlsim *db, struct cli_progress *p)
{
	dlsim_set_progress(db, NULL, NULL);
	if (p->drew)
		fprintf(stderr, "\r%*s\r", 100, "");
}
