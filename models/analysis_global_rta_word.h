/* analysis_global_rta_word.h - the fixed point of RTA (docs/theory.md
 * §B.5) over one integer word, for analysis_global_rta.c only.
 *
 * Included twice by analysis_global_rta.c: with RTA_W 64 (int64_t, when
 * every C, D, T is at most 2^40 and n, m at most 2^20: the common case,
 * measured 2.4 times fewer instructions than 128-bit words, whose
 * divisions are library calls) and with RTA_W 128 (rt_i128, any input).  The algorithm and its proof are at the top of
 * analysis_global_rta.c; this file is its code, the same for both words.
 * A macro template because the hot loop's word width is the whole
 * difference; the two copies cannot drift apart.
 *
 * Bounds for RTA_W 64 (B = 2^40; x <= D_k < B while the loop runs):
 * X_i = x + D_i - C_i - S_i < 2B, floor(X_i/T_i) C_i <= X_i, E_i <= D_k +
 * C_i < 2B, so every term and every g_i is < 2B and their sums < n 2B <=
 * 2^61; m (x - C_k + 1) < 2^60; x + len < 3B; f = C_k + sum/m < 2^62;
 * the step j <= |K| + 1 < 2^62; in rta_reach every value stays below
 * -K + sum g_i + m < 2^62 and x + d* + 1 below 2^62 + B.
 * RTA_W 128: every value is below 2^66 n (sums) or 2^65 (terms).
 */
#if RTA_W == 64
#define RTA_INT         int64_t
#define RTA_INT_MAX     INT64_MAX
#define RTA_FN(name)    name##_64
#elif RTA_W == 128
#define RTA_INT         i128
#define RTA_INT_MAX     I128_MAX
#define RTA_FN(name)    name##_128
#else
#error "RTA_W must be 64 or 128"
#endif

struct RTA_FN(rta_term) {
	RTA_INT e;              /* E_i, the cap of the term */
	RTA_INT off;            /* D_i - C_i - S_i: X = R + off */
	RTA_INT c, t;           /* C_i, T_i */
};

static inline RTA_INT RTA_FN(rmin)(RTA_INT a, RTA_INT b)
{
	return a < b ? a : b;
}

static inline RTA_INT RTA_FN(rmax)(RTA_INT a, RTA_INT b)
{
	return a > b ? a : b;
}

/*
 * The terms i != k at R = C_k (E_i and W_i's state); *fixed = 0.
 * Returns the number of terms.
 */
static size_t RTA_FN(rta_terms)(const struct rt_task *ts, size_t n,
				 const i128 *slack, size_t k,
				 struct RTA_FN(rta_term) *a, RTA_INT *fixed)
{
	RTA_INT dk = ts[k].deadline;
	size_t na = 0;

	*fixed = 0;
	for (size_t i = 0; i < n; i++) {
		RTA_INT ci = ts[i].wcet, ti = ts[i].period;
		RTA_INT si = (RTA_INT)slack[i], q;

		if (i == k)
			continue;
		q = dk / ti;
		a[na].e = q * ci + RTA_FN(rmin)(ci, RTA_FN(rmax)(0, dk - q * ti - si));
		a[na].c = ci;
		a[na].t = ti;
		a[na].off = ts[i].deadline - ci - si;   /* >= 0 */
		na++;
	}
	return na;
}

/*
 * Sum, slope and length of the linear piece at x (vl = x - C_k + 1) over
 * the active terms; a term saturated at E_i is dropped from a[] and its
 * E_i added to *fixed.
 */
static void RTA_FN(rta_piece)(struct RTA_FN(rta_term) *a, size_t *na,
			      RTA_INT x, RTA_INT vl, RTA_INT *fixed,
			      RTA_INT *sum, RTA_INT *slope, RTA_INT *len,
			      RTA_INT *g)
{
	RTA_INT s_sum = 0, s_slope = 0, s_len = RTA_INT_MAX;

	for (size_t j = 0; j < *na;) {
		struct RTA_FN(rta_term) *t = &a[j];
		RTA_INT ci = t->c, ve = t->e, X = x + t->off, q = X / t->t;
		RTA_INT rho = X - q * t->t, vw, v, l;
		bool sw;
		int s;

		vw = q * ci + RTA_FN(rmin)(ci, rho);
		if (vw >= ve && vl >= ve) {     /* E_i from here on */
			*fixed += ve;
			*t = a[--*na];
			continue;
		}
		sw = rho < ci;                          /* W rising? */
		l = sw ? ci - rho : t->t - rho;         /* W's next corner */
		v = RTA_FN(rmin)(RTA_FN(rmin)(vw, ve), vl);
		s = !(ve == v || (vw == v && !sw));     /* least slope at min */
		if (s) {                /* a flat argument above may cross */
			if (ve > v)
				l = RTA_FN(rmin)(l, ve - v);
			if (!sw && vw > v)
				l = RTA_FN(rmin)(l, vw - v);
			/* rises at least min(d, g) over the next d */
			if (s_slope < 32)
				g[s_slope] = RTA_FN(rmin)(ve, vw + (sw ? ci - rho : 0)) - v;
		}
		s_sum += v;
		s_slope += s;
		s_len = RTA_FN(rmin)(s_len, l);
		j++;
	}
	*sum = *fixed + s_sum;
	*slope = s_slope;
	*len = s_len;
}

/*
 * Largest integer d >= 0 with psi(d) = mk + sum_j min(d, g_j) - m d >= 0,
 * given psi(0) = mk >= 0 and g_j >= 0.  psi is concave, so from any x
 * with psi(x) < 0 the left slope s = #{g_j >= x} - m is negative and
 * psi(z) <= psi(x) + |s| (x - z) < 0 for every z > x - |psi(x)|/|s|:
 * Newton's step from the right, x -= ceil(|psi(x)|/|s|), never passes
 * the answer and lands on a new linear piece each time, so it ends after
 * at most r + 1 steps (two or three in practice), O(r) each and without
 * data-dependent branches.  Start: psi < 0 past (mk + sum g)/m.
 */
static RTA_INT RTA_FN(rta_reach)(const RTA_INT *g, size_t r, RTA_INT mk,
				 RTA_INT m)
{
	RTA_INT x = mk, psi, s;

	for (size_t j = 0; j < r; j++)
		x += g[j];
	x = x / m + 1;
	for (;;) {
		psi = mk - m * x;
		s = -m;
		for (size_t j = 0; j < r; j++) {
			psi += RTA_FN(rmin)(x, g[j]);
			s += g[j] >= x;
		}
		if (psi >= 0)
			return x;
		x -= (-psi - 1) / -s + 1;       /* ceil(|psi| / |s|), s < 0 */
	}
}

/* R* (or some value > D_k) into *resp; false when the budget runs out.
 * a[] is scratch for n - 1 terms. */
static bool RTA_FN(rta_fixpoint)(struct gctx *c, const i128 *slack, size_t k,
				 struct RTA_FN(rta_term) *a, i128 *resp)
{
	const struct rt_task *tk = &c->ts[k];
	RTA_INT x = tk->wcet, ck = tk->wcet, dk = tk->deadline, m = c->m;
	RTA_INT fixed, g[32];
	size_t na = RTA_FN(rta_terms)(c->ts, c->n, slack, k, a, &fixed);

	for (;;) {
		RTA_INT sum, b, len, f, K, nx;

		if (!gl_charge(c, c->n))
			return false;
		RTA_FN(rta_piece)(a, &na, x, x - ck + 1, &fixed, &sum, &b, &len, g);
		f = ck + sum / m;
		if (f <= x)
			break;                          /* f(x) == x: x = R* */
		K = m * (x - ck + 1) - sum;             /* <= 0 here */
		if (b < m) {
			RTA_INT j = -K / (m - b) + 1;   /* -K >= 0: floor */

			if (j < len) {
				x += j;
				break;
			}
		}
		/* b >= m or j >= len: some term rises, len is finite */
		nx = RTA_FN(rmax)(x + len, f);
		if (b <= 32)
			nx = RTA_FN(rmax)(nx, x + 1 + RTA_FN(rta_reach)(g, (size_t)b, -K, m));
		if (nx > dk) {
			x = nx;
			break;
		}
		x = nx;
	}
	*resp = x;
	return true;
}

#undef RTA_INT
#undef RTA_INT_MAX
#undef RTA_FN
