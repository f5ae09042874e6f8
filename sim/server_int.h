/* server_int.h - functions shared by server.c (the entity EDF core) and
 * server_rules.c (the CBS rules and budget accounting); private to
 * those two files. */
#ifndef SIM_SERVER_INT_H
#define SIM_SERVER_INT_H

#include "sim/server.h"

/* The server whose parameters replenish s: the donor's while s's task is
 * boosted (kernel pi_of()), else s itself. */
static inline const struct sv_server *sv_pi_of(const struct sv_rq *rq,
					       const struct sv_server *s)
{
	return s->pi >= 0 ? &rq->srv[s->pi] : s;
}

/* server.c */
/* The server of j's task, or NULL for a plain task. */
struct sv_server *sv_of(struct sv_rq *rq, const struct sim_job *j);
/* Emit a server record naming the job it serves (or one of its tasks). */
void sv_rec(struct sv_rq *rq, const struct sv_server *s,
	    enum sim_rec_kind kind, rt_time value);
/* The server's head job stands for it in the heaps from now on. */
enum rt_err sv_push(struct sv_rq *rq, struct sv_server *s);
/* Take the server's entity out of the heaps (its CPU is given back in
 * the next sv_schedule). */
void sv_pull(struct sv_rq *rq, struct sv_server *s);
/* Fair servers: queue the head job in background while the server is
 * throttled (no-op otherwise), and take it out again. */
enum rt_err sv_bg_push(struct sv_rq *rq, struct sv_server *s);
void sv_bg_pull(struct sv_rq *rq, struct sv_server *s);
/* The server's deadline changed while its entity is queued. */
enum rt_err sv_rekey(struct sv_rq *rq, struct sv_server *s);

/* server_rules.c */
void sv_charge(struct sv_rq *rq, struct sv_server *s);
/* Account the time s has been throttled since the last call (up to now,
 * at most the horizon) as throttled with work pending (head != NULL:
 * sim_server_stats.throttled_time) or with none (throttled_idle_time);
 * called before every change of s->throttled, s->defer_armed or s->head;
 * a deferred server's deferral (defer_armed) is counted in neither. */
void sv_thr_account(struct sv_rq *rq, struct sv_server *s);
enum rt_err sv_arm_budget(struct sv_rq *rq, struct sv_server *s);
/* j (a server's entity, or a plain job: no-op) starts / stops running. */
enum rt_err sv_start(struct sv_rq *rq, struct sim_job *j);
void sv_stop(struct sv_rq *rq, struct sim_job *j);
/* GRUB: the 0-lag time passed. */
enum rt_err sv_inactive(struct sv_rq *rq, struct sv_server *s);
/* The rules: the server got work while idle; its budget ran out; its
 * replenishment (timer, or immediate); it ran out of work. */
enum rt_err sv_wakeup(struct sv_rq *rq, struct sv_server *s);
enum rt_err sv_exhausted(struct sv_rq *rq, struct sv_server *s);
enum rt_err sv_replenish(struct sv_rq *rq, struct sv_server *s);
enum rt_err sv_idle(struct sv_rq *rq, struct sv_server *s);
/* Deferred fair server (kernel dl_defer; server_rules.c): the first
 * fair job arrives (dl_server_start()), the last leaves
 * (dl_server_stop()), the defer timer fires (dl_server_timer() with
 * dl_defer_armed), the runtime runs out while its work runs in
 * background (update_curr_dl_se()). */
enum rt_err sv_defer_start(struct sv_rq *rq, struct sv_server *s);
void sv_defer_stop(struct sv_rq *rq, struct sv_server *s);
enum rt_err sv_defer_timer(struct sv_rq *rq, struct sv_server *s);
enum rt_err sv_defer_bg_exhausted(struct sv_rq *rq, struct sv_server *s);
enum rt_err sv_defer_arm(struct sv_rq *rq, struct sv_server *s);
/* The job of s that runs now and is charged to it: its entity, or (a
 * deferred server) its background job; NULL if none runs. */
struct sim_job *sv_charged_job(const struct sv_server *s);
/* linux-dl: the yield_at instant came (yield_task_dl()). */
enum rt_err sv_yield(struct sv_rq *rq, struct sv_server *s);
/* Tick accounting: j (now waiting, in the ready heap) was preempted; if
 * its server's runtime is used up it is throttled now. */
enum rt_err sv_preempted(struct sv_rq *rq, struct sim_job *j);

/* server_fp.c: the rules of the fixed-priority servers, called by the
 * four rules above when sv_is_fp(s), and the poll timer. */
static inline bool sv_is_fp(const struct sv_server *s)
{
	return s->rules == SV_RULES_POLLING || s->rules == SV_RULES_DEFERRABLE ||
	       s->rules == SV_RULES_SPORADIC;
}
enum rt_err sv_fp_wakeup(struct sv_rq *rq, struct sv_server *s);
enum rt_err sv_fp_exhausted(struct sv_rq *rq, struct sv_server *s);
enum rt_err sv_fp_replenish(struct sv_rq *rq, struct sv_server *s);
enum rt_err sv_fp_idle(struct sv_rq *rq, struct sv_server *s);
enum rt_err sv_fp_poll(struct sv_rq *rq, struct sv_server *s);

#endif /* SIM_SERVER_INT_H */
