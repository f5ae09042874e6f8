/* analysis_global_ffdbf.c - the forced-forward demand bound test for
 * global EDF (Baruah, Bonifaci, Marchetti-Spaccamela, Stiller 2010;
 * docs/theory.md §B.7, vectors G.5).
 *
 * A set passes if some speed sigma in [lambda_max, (m - U)/(m - 1) -
 * epsilon] makes sum_i ffdbf_i(t, sigma) <= (m - (m - 1) sigma) t hold at
 * every test point t up to sum C / epsilon; sigma runs through lambda_max
 * and then a grid of step 1/sigma_den, as schedcat does.  Everything is
 * exact: the demand at t = N/P is scaled by P q (sigma = p/q) to 128-bit
 * integers with every product checked (RT_ERR_OVERFLOW, never a wrong
 * verdict).  O(n) per test point (finding the next point and evaluating
 * the demand), 2n budget steps per point; a verified tail bound ends the
 * scan early where no later point can fail.  Needs m >= 2 and constrained
 * deadlines.
 */
#include "models/analysis_global_int.h"

#include "models/mem.h"
#include "models/minheap.h"

/* sigma = p/q in lowest terms, p, q > 0. */
struct sigma {
	int64_t p, q;
};

static struct sigma sigma_make(int64_t p, int64_t q)
{
	int64_t g = (int64_t)rt_gcd64((uint64_t)p, (uint64_t)q);
	struct sigma s = { p / g, q / g };

	return s;
}

/*
 * Forced-forward demand (Baruah, Bonifaci, Marchetti-Spaccamela, Stiller,
 * RTS 46(1) 2010; schedcat ffdbf.py), t = N/P, sigma = p/q:
 *
 *     q_i = floor(t/T_i), r_i = t - q_i T_i
 *     ffdbf_i = q_i C_i + C_i                      if r_i >= D_i
 *                       + C_i - (D_i - r_i) sigma  if D_i > r_i >= D_i - C_i/sigma
 *                       + 0                        otherwise
 *
 * scaled by P q to integers: with R = N - q_i P T_i (r_i = R/P),
 *
 *     P q ffdbf_i = q_i C_i P q + { C_i P q  |  C_i P q - (D_i P - R) p  |  0 },
 *     middle case iff  R p >= (D_i p - C_i q) P.
 *
 * Exact; every product is checked (P, p, q are at most a C or D value or
 * the sigma grid denominator, N <= t P).  *dem = sum (scaled by P q).
 */
static bool ffdbf_scaled(const struct rt_task *ts, size_t n, i128 N, i128 P,
			 i128 p, i128 q, i128 *dem)
{
	i128 sum = 0, pq;

	if (!mul_ok(P, q, &pq))
		return false;
	for (size_t i = 0; i < n; i++) {
		i128 ci = ts[i].wcet, di = ts[i].deadline, pt, qi, R, v, x, y;

		if (!mul_ok(P, ts[i].period, &pt))
			return false;
		qi = fdiv(N, pt);
		R = N - qi * pt;                        /* 0 <= R < P T_i */
		if (!mul_ok(qi, ci, &v) || !mul_ok(v, pq, &v))
			return false;
		if (!mul_ok(di, P, &x))
			return false;
		if (R >= x) {
			i128 cpq;

			if (!mul_ok(ci, pq, &cpq) || !add_ok(v, cpq, &v))
				return false;
		} else {
			i128 lhs, rhs, cpq;

			if (!mul_ok(R, p, &lhs) || !mul_ok(di, p, &y) ||
			    !mul_ok(ci, q, &rhs) || !mul_ok(y - rhs, P, &rhs))
				return false;
			if (lhs >= rhs) {
				if (!mul_ok(ci, pq, &cpq) ||
				    !mul_ok(x - R, p, &y) ||
				    !add_ok(v, cpq - y, &v))
					return false;
			}
		}
		if (!add_ok(sum, v, &sum))
			return false;
	}
	*dem = sum;
	return true;
}

enum rt_err rt_global_ffdbf_demand(const struct rt_task *ts, size_t n,
				   int64_t t_num, int64_t t_den,
				   int64_t s_num, int64_t s_den,
				   rt_i128 *num, rt_i128 *den)
{
	enum rt_err err = gl_check_tasks(ts, n, 1, "ffdbf", NULL);

	if (err)
		return err;
	if (t_num < 0 || t_den <= 0 || s_num <= 0 || s_den <= 0)
		return RT_ERR_INVAL;
	if (!ffdbf_scaled(ts, n, t_num, t_den, s_num, s_den, num))
		return RT_ERR_OVERFLOW;
	*den = (i128)t_den * s_den;
	return RT_OK;
}

/*
 * Witness condition (schedcat witness_condition, Equ. (6)):
 *
 *     sum_i ffdbf_i(t, sigma) <= (m - (m - 1) sigma) t
 *
 * times P q:  dem <= (m q - (m - 1) p) N.  *ok; false return = overflow.
 */
static bool ffdbf_witness(const struct gctx *c, i128 N, i128 P,
			  struct sigma s, bool *ok)
{
	i128 dem, rhs;

	if (!ffdbf_scaled(c->ts, c->n, N, P, s.p, s.q, &dem) ||
	    !mul_ok((i128)c->m * s.q - (i128)(c->m - 1) * s.p, N, &rhs))
		return false;
	*ok = dem <= rhs;
	return true;
}

/*
 * sigma admissible: lambda_max <= sigma <= min(1, (m - U)/(m - 1) - eps)
 * (the first by construction), i.e. p <= q and
 *
 *     U + (m - 1) p/q + (m - 1) eps - m <= 0      (exact).
 */
static enum rt_err ffdbf_sigma_ok(struct gctx *c, struct sigma s,
				  int64_t en, int64_t ed, bool *ok)
{
	enum rt_err err = RT_OK;
	int sg = 0;

	*ok = false;
	if (s.p > s.q)
		return RT_OK;
	rt_qsum_clear(&c->q);
	for (size_t i = 0; i < c->n && !err; i++)
		err = gl_add(c, c->ts[i].wcet, c->ts[i].period);
	if (!err)
		err = gl_add(c, (i128)(c->m - 1) * s.p, s.q);
	if (!err)
		err = gl_add(c, (i128)(c->m - 1) * en, ed);
	if (!err)
		err = gl_add(c, -(i128)c->m, 1);
	if (!err)
		err = gl_sign(c, "the sigma bound", &sg);
	*ok = sg <= 0;
	return err;
}

/*
 * Smallest test point > x (x in units 1/p, x >= 0) for sigma = p/q: the
 * points of task i are j T_i + D_i and j T_i + D_i - min(C_i/sigma, D_i),
 * j >= 0 (schedcat test_points), here scaled by p.  false = overflow.
 */
static bool ffdbf_next(const struct gctx *c, struct sigma s, i128 x, i128 *out)
{
	i128 best = I128_MAX;

	for (size_t i = 0; i < c->n; i++) {
		const struct rt_task *t = &c->ts[i];
		i128 tp, dp, off, a, b;

		if (!mul_ok(t->period, s.p, &tp) || !mul_ok(t->deadline, s.p, &dp) ||
		    !mul_ok(t->wcet, s.q, &off))
			return false;
		off = imin(off, dp);
		if (x < dp)
			b = dp;
		else if (!mul_ok(fdiv(x - dp, tp) + 1, tp, &b) || !add_ok(b, dp, &b))
			return false;
		if (x < dp - off)
			a = dp - off;
		else if (!mul_ok(fdiv(x - dp + off, tp) + 1, tp, &a) ||
			 !add_ok(a, dp - off, &a))
			return false;
		best = imin(best, imin(a, b));
	}
	*out = best;
	return true;
}

/*
 * Where the scan may stop early without changing the verdict.  For sigma
 * >= lambda_max >= u_i and D_i <= T_i, every case of ffdbf_i is at most
 *
 *     ffdbf_i(t) <= u_i t + C_i (1 - D_i/T_i)
 *
 * (r >= D_i: (t - r) u_i + C_i with r >= D_i; middle case: t u_i + C_i -
 * D_i sigma + r (sigma - u_i) with r < D_i; else (t - r) u_i), so with B =
 * sum_i C_i (T_i - D_i)/T_i the witness condition holds for *every* t with
 *
 *     t (m - (m - 1) sigma - U) >= B.
 *
 * No later point can fail for this sigma, so stopping there gives the
 * verdict schedcat reaches at sum C / eps (for implicit deadlines B = 0).
 * The candidate comes from doubles, rounded up with margin, and is then
 * *verified exactly*; if the check fails or overflows, *have = false and
 * only sum C / eps applies.
 */
static enum rt_err ffdbf_tail(struct gctx *c, struct sigma s, i128 *tail,
			      bool *have)
{
	double u = 0, b = 0, den, cand;
	enum rt_err err;
	i128 t, x;
	int sg = -1;

	*have = false;
	for (size_t i = 0; i < c->n; i++) {
		const struct rt_task *ti = &c->ts[i];
		double ui = (double)ti->wcet / (double)ti->period;

		u += ui;
		b += ui * (double)(ti->period - ti->deadline);
	}
	den = (double)c->m - (double)(c->m - 1) * (double)s.p / (double)s.q - u;
	if (!(den > 0))
		return RT_OK;
	cand = b / den * (1 + 1e-9) + 2;
	if (!(cand < 4e18))
		return RT_OK;
	t = (i128)cand;
	if (!gl_charge(c, c->n))
		return gl_over_budget(c);
	rt_qsum_clear(&c->q);
	if (!mul_ok(t * (c->m - 1), s.p, &x))
		return RT_OK;
	err = gl_add(c, t * c->m, 1);
	if (!err)
		err = gl_add(c, -x, s.q);
	for (size_t i = 0; i < c->n && !err; i++) {
		const struct rt_task *ti = &c->ts[i];

		err = gl_add(c, -(i128)ti->wcet * (t + ti->period - ti->deadline),
			     ti->period);
	}
	if (!err)
		err = gl_sign(c, "the FF-DBF tail bound", &sg);
	if (!err && sg >= 0) {
		*tail = t;
		*have = true;
	}
	return err;
}

/*
 * The scan without re-evaluating every task at every point.  Between two
 * consecutive test points no task changes case, and at t = N/p (sigma =
 * p/q, every quantity in units 1/p) the scaled demand is
 *
 *     p q sum_i ffdbf_i = p (q A + B + r N),
 *
 * A = sum of C_i over the deadline points k T_i + D_i <= t (the jobs whose
 * whole C_i counts), r = the number of tasks in their middle case ("ramp",
 * the next deadline point b_i with b_i - min(C_i/sigma, D_i) <= t < b_i)
 * and B = sum over those of (C_i q - b_i), since C_i p q - (D_i p - R) p
 * = p (C_i q - b_i + N) there.  The test points are exactly where a task
 * enters its ramp (b_i - off_i) or leaves it (b_i: A += C_i, b_i += T_i p),
 * so a min-heap of each task's next event (minheap.h) yields the next
 * point and the demand is updated in O(log n) a point instead of O(n)
 * divisions and checked products.  The scan is rebuilt (O(n)) whenever
 * sigma changes.
 *
 * Overflow: it is used only when Z = 3 (n + 1)(m + 1) V S^2 (N + 1) <
 * 2^125 and N + V S < 2^62 (an event fits the heap's int64 key), V the
 * largest C, D or T, S = max(p, q), N = (sum C eps_den + 2 V) S the
 * largest point the scan can reach.  Then every value above (A q <=
 * n V S (N + 1), |B| <= n (V S + N), the two sides of the witness
 * condition) and every intermediate of ffdbf_scaled() at such points is
 * below 2^127: both ways give the same verdict, and neither can
 * overflow.  Otherwise each point is evaluated directly (ffdbf_next(),
 * ffdbf_witness()) and their overflow checks answer.  The budget is
 * charged the same either way (2n steps a point).
 */
struct ff_task {
	i128 tp, dp, off, cq;   /* T_i p, D_i p, min(C_i q, D_i p), C_i q */
	i128 b;                 /* next deadline point, > x */
	bool ramp;              /* b - off <= x < b */
};

struct ff_scan {
	struct ff_task *tk;     /* n tasks (owned) */
	struct rt_heap_item *heap;      /* (next event, task) (owned) */
	size_t n;
	i128 A, B, r;           /* as above */
	bool on;                /* Z small enough: scan incrementally */
};

static i128 ff_event(const struct ff_task *t)
{
	return t->ramp ? t->b : t->b - t->off;
}

/* Z < 2^125 and N + V S < 2^62 (see above), with checked products. */
static bool ff_small(const struct gctx *c, struct sigma s, i128 tb)
{
	i128 v = 1, S = imax(s.p, s.q), z, nb;

	for (size_t i = 0; i < c->n; i++)
		v = imax(v, imax(c->ts[i].wcet, imax(c->ts[i].deadline,
						     c->ts[i].period)));
	return add_ok(tb, 2 * v, &nb) && mul_ok(nb, S, &nb) &&
	       nb + v * S < ((i128)1 << 62) &&
	       mul_ok(3 * ((i128)c->n + 1), (i128)c->m + 1, &z) &&
	       mul_ok(z, v, &z) && mul_ok(z, S, &z) && mul_ok(z, S, &z) &&
	       mul_ok(z, nb + 1, &z) && z < ((i128)1 << 125);
}

/* State after every event <= x (x >= 0, units 1/p) for sigma s. */
static void ff_reset(struct ff_scan *sc, const struct gctx *c, struct sigma s,
		     i128 tb, i128 x)
{
	sc->on = ff_small(c, s, tb);
	sc->A = 0;
	sc->B = 0;
	sc->r = 0;
	if (!sc->on)
		return;
	for (size_t i = 0; i < sc->n; i++) {
		const struct rt_task *t = &c->ts[i];
		struct ff_task *f = &sc->tk[i];
		i128 jobs = 0;

		f->tp = (i128)t->period * s.p;
		f->dp = (i128)t->deadline * s.p;
		f->cq = (i128)t->wcet * s.q;
		f->off = imin(f->cq, f->dp);
		if (x >= f->dp)
			jobs = (x - f->dp) / f->tp + 1;
		sc->A += jobs * t->wcet;
		f->b = f->dp + jobs * f->tp;
		f->ramp = f->b - f->off <= x;
		if (f->ramp) {
			sc->B += f->cq - f->b;
			sc->r++;
		}
		sc->heap[i].key = (int64_t)ff_event(f);
		sc->heap[i].idx = i;
	}
	rt_heap_make(sc->heap, sc->n);
}

/* Process every event <= N: tasks entering or leaving their ramp. */
static void ff_advance(struct ff_scan *sc, const struct gctx *c, i128 N)
{
	while (sc->heap[0].key <= N) {
		struct ff_task *f = &sc->tk[sc->heap[0].idx];

		if (f->ramp) {                  /* deadline point b */
			sc->A += c->ts[sc->heap[0].idx].wcet;
			sc->B -= f->cq - f->b;
			sc->r--;
			f->b += f->tp;
			f->ramp = false;
		} else {                        /* ramp starts */
			sc->B += f->cq - f->b;
			sc->r++;
			f->ramp = true;
		}
		sc->heap[0].key = (int64_t)ff_event(f);
		rt_heap_down(sc->heap, sc->n, 0);
	}
}

/* The next test point > x (after ff_advance(x)). */
static bool ff_next(const struct ff_scan *sc, const struct gctx *c,
		    struct sigma s, i128 x, i128 *t)
{
	if (!sc->on)
		return ffdbf_next(c, s, x, t);
	*t = sc->heap[0].key;
	return true;
}

/* Witness condition at the point N (units 1/p); false = overflow. */
static bool ff_witness(struct ff_scan *sc, const struct gctx *c, i128 N,
		       struct sigma s, bool *ok)
{
	if (!sc->on)
		return ffdbf_witness(c, N, s.p, s, ok);
	ff_advance(sc, c, N);
	*ok = s.p * (s.q * sc->A + sc->B + sc->r * N) <=
	      ((i128)c->m * s.q - (i128)(c->m - 1) * s.p) * N;
	return true;
}

/*
 * schedcat is_schedulable(epsilon, sigma_granularity): sigma runs through
 * lambda_max, then the grid values g/G above it; t runs through the merged
 * test points of the current sigma above the last failure point, up to
 * t <= sum C_i / epsilon (then accept).  At a point where the witness
 * condition fails, the next grid sigmas are tried *at that point only*;
 * the first that holds becomes current and the scan resumes after the
 * point (points already passed are not re-checked, as in schedcat).  No
 * admissible sigma left: reject.
 */
enum rt_err rt_global_ffdbf(const struct rt_task *ts, size_t n, unsigned m,
			    int64_t eps_num, int64_t eps_den, int64_t sigma_den,
			    uint64_t budget, struct rt_global_result *out,
			    struct rt_diag *d)
{
	struct rt_global_result r;
	struct ff_scan sc = { NULL, NULL, n, 0, 0, 0, false };
	struct gctx c;
	struct sigma cur;
	enum rt_err err;
	bool done, ok, have_tail = false;
	size_t j;
	i128 csum = 0, g, x = 0, tb, tail = 0;

	gl_ctx_init(&c, "FF-DBF", ts, n, m, budget, d);
	if (eps_num <= 0 || eps_den <= 0 || sigma_den <= 0)
		return rt_diagf(d, RT_ERR_INVAL, "FF-DBF: epsilon and the sigma "
				"step must be > 0");
	err = gl_begin(&c, &r, true, &done);
	if (err || done)
		return gl_end(&c, &r, out, err);
	if (m < 2) {
		r.verdict = RT_VERDICT_NA;
		r.why = "needs m >= 2";
		return gl_end(&c, &r, out, RT_OK);
	}
	for (size_t i = 0; i < n; i++)
		csum += ts[i].wcet;
	if (!mul_ok(csum, eps_den, &tb))
		return gl_end(&c, &r, out, gl_overflow(&c, "sum C / epsilon"));
	j = gl_max_density(ts, n);
	cur = sigma_make(ts[j].wcet, ts[j].deadline);
	/* first grid value above lambda_max: floor(lambda_max G) + 1 */
	g = (i128)cur.p * sigma_den / cur.q + 1;
	err = ffdbf_sigma_ok(&c, cur, eps_num, eps_den, &ok);
	if (!err && !ok) {
		r.verdict = RT_VERDICT_REJECT;
		r.why = "no admissible sigma (lambda_max > (m-U)/(m-1) - epsilon)";
	}
	if (!err && ok)
		err = ffdbf_tail(&c, cur, &tail, &have_tail);
	if (!err && r.verdict == RT_VERDICT_ACCEPT) {
		sc.tk = rt_calloc(n, sizeof(*sc.tk));
		sc.heap = rt_calloc(n, sizeof(*sc.heap));
		if (!sc.tk || !sc.heap)
			err = rt_diagf(d, RT_ERR_NOMEM, "FF-DBF: %s",
				       rt_strerror(RT_ERR_NOMEM));
		else
			ff_reset(&sc, &c, cur, tb, x);
	}
	while (!err && r.verdict == RT_VERDICT_ACCEPT) {
		i128 t, te, lim;

		if (!gl_charge(&c, 2 * n)) {
			err = gl_over_budget(&c);
			break;
		}
		/* next point t/p; stop past sum C / eps: t eps_num > tb p */
		if (!ff_next(&sc, &c, cur, x, &t) || !mul_ok(t, eps_num, &te) ||
		    !mul_ok(tb, cur.p, &lim)) {
			err = gl_overflow(&c, "a test point");
			break;
		}
		if (te > lim)
			break;
		if (have_tail && mul_ok(tail, cur.p, &lim) && t >= lim)
			break;                  /* every later point passes */
		if (!ff_witness(&sc, &c, t, cur, &ok)) {
			err = gl_overflow(&c, "the demand at a test point");
			break;
		}
		if (ok) {
			x = t;
			continue;
		}
		for (;;) {                              /* next sigma at t */
			struct sigma nx;

			if (g > sigma_den) {            /* sigma > 1 */
				r.verdict = RT_VERDICT_REJECT;
				break;
			}
			nx = sigma_make((int64_t)g++, sigma_den);
			err = ffdbf_sigma_ok(&c, nx, eps_num, eps_den, &ok);
			if (err)
				break;
			if (!ok) {
				r.verdict = RT_VERDICT_REJECT;
				break;
			}
			if (!gl_charge(&c, n)) {
				err = gl_over_budget(&c);
				break;
			}
			if (!ffdbf_witness(&c, t, cur.p, nx, &ok)) {
				err = gl_overflow(&c, "the demand at a test point");
				break;
			}
			if (ok) {
				/* resume after t = (t/p_old), in units 1/p_new */
				if (!mul_ok(t, nx.p, &x)) {
					err = gl_overflow(&c, "a test point");
					break;
				}
				x = fdiv(x, cur.p);
				cur = nx;
				err = ffdbf_tail(&c, cur, &tail, &have_tail);
				ff_reset(&sc, &c, cur, tb, x);
				break;
			}
		}
	}
	rt_free(sc.tk);
	rt_free(sc.heap);
	return gl_end(&c, &r, out, err);
}
