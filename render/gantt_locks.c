/* gantt_locks.c - shared resources on the Gantt chart (task rows): the
 * execution inside a critical section, hatched per resource (a hatch and
 * a legend entry per resource; nested sections overlay their hatches),
 * and the intervals a job is blocked (BLOCK to its next START), drawn on
 * the blocked task's row.  Built from LOCK, UNLOCK, BLOCK and the
 * execution records; the drawing is in gantt_draw.c. */
#include "render/gantt_int.h"

#include "models/mem.h"
#include "render/gantt.h"

static bool locks_view(const struct render_gantt *g)
{
	return g->o.rows == RENDER_ROWS_TASK && g->m->nresources > 0;
}

enum rt_err gantt_locks_row_init(struct render_gantt *g, struct gantt_row *r)
{
	size_t n = g->m->nresources;

	r->block_from = RT_TIME_NEVER;
	if (!locks_view(g))
		return RT_OK;
	r->held = rt_calloc(n, sizeof(*r->held));
	r->seg = rt_calloc(n, sizeof(*r->seg));
	if (!r->held || !r->seg)
		return RT_ERR_NOMEM;
	for (size_t k = 0; k < n; k++)
		r->seg[k] = RT_TIME_NEVER;
	return RT_OK;
}

void gantt_locks_row_fini(struct gantt_row *r)
{
	render_boxes_fini(&r->sections);
	render_boxes_fini(&r->blocks);
	rt_free(r->held);
	rt_free(r->seg);
}

/* Close the running segment of resource k at t. */
static enum rt_err seg_close(struct render_gantt *g, struct gantt_row *r,
			     size_t k, rt_time t)
{
	rt_time a = r->seg[k];

	if (a == RT_TIME_NEVER)
		return RT_OK;
	r->seg[k] = RT_TIME_NEVER;
	g->res_used |= 1ull << (k < 63 ? k : 63);
	return render_boxes_add(&r->sections, &g->ax, a, t, (int)k, 0);
}

/* The job of row r stops running at t: every held segment closes. */
static enum rt_err row_stop(struct render_gantt *g, struct gantt_row *r,
			    rt_time t)
{
	enum rt_err rc = RT_OK;

	for (size_t k = 0; k < g->m->nresources && rc == RT_OK; k++)
		rc = seg_close(g, r, k, t);
	return rc;
}

static enum rt_err block_close(struct render_gantt *g, struct gantt_row *r,
			       rt_time t)
{
	rt_time a = r->block_from;

	if (a == RT_TIME_NEVER)
		return RT_OK;
	r->block_from = RT_TIME_NEVER;
	g->nblock++;
	return render_boxes_add(&r->blocks, &g->ax, a, t, 0, 0);
}

enum rt_err gantt_locks_emit(struct render_gantt *g, const struct sim_rec *r)
{
	struct gantt_row *row;
	size_t k = (size_t)r->value;
	enum rt_err rc = RT_OK;

	if (!locks_view(g))
		return RT_OK;
	if (r->kind == SIM_REC_END) {
		for (size_t i = 0; i < g->nrows && rc == RT_OK; i++) {
			rc = row_stop(g, &g->rows[i], r->time);
			if (rc == RT_OK)
				rc = block_close(g, &g->rows[i], r->time);
		}
		return rc;
	}
	if (r->task >= g->nrows)
		return RT_OK;
	row = &g->rows[r->task];
	switch (r->kind) {
	case SIM_REC_START:
		for (size_t q = 0; q < g->m->nresources; q++)
			if (row->held[q])
				row->seg[q] = r->time;
		return block_close(g, row, r->time);
	case SIM_REC_PREEMPT:
	case SIM_REC_COMPLETE:
	case SIM_REC_SUSPEND:
	case SIM_REC_ABORT:
		rc = row_stop(g, row, r->time);
		if (rc == RT_OK && r->kind == SIM_REC_ABORT)
			rc = block_close(g, row, r->time);
		return rc;
	case SIM_REC_LOCK:
		if (k >= g->m->nresources)
			return RT_OK;
		row->held[k] = true;
		if (r->cpu >= 0)
			row->seg[k] = r->time;
		return RT_OK;
	case SIM_REC_UNLOCK:
		if (k >= g->m->nresources)
			return RT_OK;
		row->held[k] = false;
		return seg_close(g, row, k, r->time);
	case SIM_REC_BLOCK:
		if (row->block_from == RT_TIME_NEVER)
			row->block_from = r->time;
		return RT_OK;
	default:
		return RT_OK;
	}
}

size_t gantt_locks_legend(const struct render_gantt *g,
			  struct gantt_legend_item *it, size_t n, size_t max)
{
	if (!locks_view(g))
		return n;
	for (size_t k = 0; k < g->m->nresources && n < max; k++) {
		if (!(g->res_used & (1ull << (k < 63 ? k : 63))))
			continue;
		it[n].kind = GANTT_LEG_SECTION;
		it[n].colour = (int)k;
		snprintf(it[n].text, sizeof(it[n].text), "holds %.100s",
			 g->m->resources[k]);
		n++;
	}
	if (g->nblock && n < max) {
		it[n].kind = GANTT_LEG_BLOCK;
		it[n].colour = 0;
		snprintf(it[n].text, sizeof(it[n].text),
			 "blocked (waits for a resource)");
		n++;
	}
	return n;
}

enum render_hatch gantt_locks_hatch(size_t k)
{
	static const enum render_hatch h[] = {
		RENDER_HATCH_FWD, RENDER_HATCH_BACK, RENDER_HATCH_CROSS
	};

	return h[k % 3];
}

const struct render_boxes *render_gantt_sections(const struct render_gantt *g,
						 size_t row)
{
	return row < g->nrows ? &g->rows[row].sections : NULL;
}

const struct render_boxes *render_gantt_blocks(const struct render_gantt *g,
					       size_t row)
{
	return row < g->nrows ? &g->rows[row].blocks : NULL;
}
