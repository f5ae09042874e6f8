/* units.c - user numbers: time values with units, integers, enum names.
 *
 * libcyaml hands every scalar over as a string; these functions are the
 * only place numbers are read.  They never round and never wrap: a value
 * is converted exactly or rejected with a message that quotes it and says
 * what was expected.  Messages carry no location; the loader prefixes
 * FILE:LINE:COL: FIELD:.
 *
 * Time grammar:  [+-] DIGITS [. DIGITS] [spaces] [UNIT]
 *   UNIT = ns | us | ms | s        (time_unit ns|us|ms|s; internal unit ns)
 *   UNIT = tick | ticks            (time_unit tick; internal unit tick)
 * A bare number is in the scenario's time_unit.  Exactness:
 *
 *     value = DIGITS.FRAC * 10^e     (e = 0 ns, 3 us, 6 ms, 9 s, 0 tick)
 *
 * is a whole number of internal units iff FRAC, once its trailing zeros
 * are dropped, has at most e digits (10 does not divide the remaining
 * mantissa, so 10^k | mantissa * 10^e needs k <= e).  Intermediates are
 * 128-bit: the integer part is capped near 2^70 (anything larger overflows
 * anyway), so cap * 10^9 < 2^100 cannot wrap.
 */
#include "scenarios/scn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/rt_time.h"
#include "scenarios/internal.h"

#define SCN_INT_CAP (((rt_u128)1) << 70)  /* integer part beyond: overflow */

static const char *const scn_unit_names[] = {
	[SCN_UNIT_TICK] = "tick",
	[SCN_UNIT_NS]   = "ns",
	[SCN_UNIT_US]   = "us",
	[SCN_UNIT_MS]   = "ms",
	[SCN_UNIT_S]    = "s",
};

/* Decimal exponent of one unit in internal units (tick: 1 tick). */
static const int scn_unit_exp[] = {
	[SCN_UNIT_TICK] = 0,
	[SCN_UNIT_NS]   = 0,
	[SCN_UNIT_US]   = 3,
	[SCN_UNIT_MS]   = 6,
	[SCN_UNIT_S]    = 9,
};

static bool scn_unit_ok(enum scn_time_unit u)
{
	return (unsigned)u <= SCN_UNIT_S;
}

const char *scn_time_unit_name(enum scn_time_unit u)
{
	return scn_unit_ok(u) ? scn_unit_names[u] : "?";
}

const char *scn_internal_unit_name(enum scn_time_unit u)
{
	return u == SCN_UNIT_TICK ? "tick" : "ns";
}

static bool scn_isdigit(char ch)
{
	return ch >= '0' && ch <= '9';
}

void scn_quote(char *out, size_t n, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	size_t o = 0;

	if (n < 8) {
		if (n)
			out[0] = '\0';
		return;
	}
	out[o++] = '"';
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		char esc[4];
		size_t k = 0;

		if (ch == '"' || ch == '\\') {
			esc[k++] = '\\';
			esc[k++] = (char)ch;
		} else if (ch < 0x20 || ch == 0x7f) {
			esc[k++] = '\\';
			esc[k++] = 'x';
			esc[k++] = hex[ch >> 4];
			esc[k++] = hex[ch & 15];
		} else {
			esc[k++] = (char)ch;
		}
		/* keep room for '..."' and the NUL */
		if (o + k + 5 > n) {
			/* do not leave half a UTF-8 sequence behind */
			while (o > 1 && ((unsigned char)out[o - 1] & 0xc0) == 0x80)
				o--;
			if (o > 1 && ((unsigned char)out[o - 1] & 0xc0) == 0xc0)
				o--;
			memcpy(out + o, "...", 3);
			o += 3;
			break;
		}
		memcpy(out + o, esc, k);
		o += k;
	}
	out[o++] = '"';
	out[o] = '\0';
}

/* Suffix -> unit: physical ones carry their exponent, "tick(s)" is -1. */
static bool scn_suffix(const char *sfx, int *exp, bool *is_tick)
{
	static const struct {
		const char *name;
		int exp;
	} tab[] = {
		{ "ns", 0 }, { "us", 3 }, { "ms", 6 }, { "s", 9 },
		{ "tick", -1 }, { "ticks", -1 },
	};

	for (size_t i = 0; i < sizeof(tab) / sizeof(tab[0]); i++) {
		if (!strcmp(sfx, tab[i].name)) {
			*is_tick = tab[i].exp < 0;
			*exp = tab[i].exp < 0 ? 0 : tab[i].exp;
			return true;
		}
	}
	return false;
}

enum rt_err scn_parse_time(const char *s, enum scn_time_unit u, rt_time *out,
			   struct rt_diag *d)
{
	const char *p, *fs = NULL, *fe = NULL;  /* significant FRAC digits */
	char q[72];
	bool neg = false, big = false, is_tick = false;
	rt_u128 ip = 0, frac = 0, v;
	int e, k;

	rt_diag_clear(d);
	if (!scn_unit_ok(u))
		return rt_diagf(d, RT_ERR_INVAL, "invalid time unit %d", (int)u);
	if (!s)
		s = "";
	scn_quote(q, sizeof(q), s);
	p = s;
	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	if (!scn_isdigit(*p))
		goto syntax;
	for (; scn_isdigit(*p); p++) {
		if (ip > SCN_INT_CAP)
			big = true;
		else
			ip = ip * 10 + (rt_u128)(*p - '0');
	}
	if (*p == '.') {
		p++;
		if (!scn_isdigit(*p))
			goto syntax;
		for (fs = p; scn_isdigit(*p); p++)
			if (*p != '0')
				fe = p + 1;
	}
	while (*p == ' ')
		p++;
	e = scn_unit_exp[u];
	if (*p) {
		if (!scn_suffix(p, &e, &is_tick))
			goto syntax;
		if (u == SCN_UNIT_TICK && !is_tick)
			return rt_diagf(d, RT_ERR_PARSE,
					"%s has a physical unit but time_unit is tick; "
					"expected a plain number of ticks (or set "
					"time_unit: ns, us, ms or s)", q);
		if (u != SCN_UNIT_TICK && is_tick)
			return rt_diagf(d, RT_ERR_PARSE,
					"%s counts ticks but time_unit is %s; expected "
					"a number with an optional unit ns, us, ms or s",
					q, scn_unit_names[u]);
	}
	k = fe ? (int)(fe - fs) : 0;
	if (k > e) {
		if (u == SCN_UNIT_TICK)
			return rt_diagf(d, RT_ERR_PARSE,
					"%s is not a whole number of ticks; expected "
					"an integer", q);
		if (e == 0)
			return rt_diagf(d, RT_ERR_PARSE,
					"%s is not a whole number of nanoseconds; "
					"expected an integer number of ns", q);
		return rt_diagf(d, RT_ERR_PARSE,
				"%s is not a whole number of nanoseconds; expected "
				"at most %d decimal places for this unit", q, e);
	}
	for (const char *f = fs; fe && f < fe; f++)     /* k <= 9 digits */
		frac = frac * 10 + (rt_u128)(*f - '0');
	for (int i = 0; i < e; i++)
		ip *= 10;
	for (int i = k; i < e; i++)
		frac *= 10;
	v = ip + frac;
	if (big || v > (rt_u128)RT_TIME_MAX)
		return rt_diagf(d, RT_ERR_OVERFLOW,
				"%s overflows the 64-bit time range; expected at "
				"most %lld %s", q, (long long)RT_TIME_MAX,
				u == SCN_UNIT_TICK ? "ticks" : "ns");
	*out = neg ? -(rt_time)v : (rt_time)v;
	return RT_OK;
syntax:
	if (u == SCN_UNIT_TICK)
		return rt_diagf(d, RT_ERR_PARSE,
				"%s is not a time; expected a whole number of "
				"ticks, e.g. 4", q);
	return rt_diagf(d, RT_ERR_PARSE,
			"%s is not a time; expected a number with an optional "
			"unit ns, us, ms or s, e.g. 4, 500us, 1.5ms", q);
}

rt_time scn_time_unit_scale(enum scn_time_unit u)
{
	rt_time k = 1;

	for (int i = 0; scn_unit_ok(u) && i < scn_unit_exp[u]; i++)
		k *= 10;
	return k;
}

bool scn_time_unit_from_name(const char *name, enum scn_time_unit *out)
{
	for (int u = SCN_UNIT_TICK; name && u <= SCN_UNIT_S; u++)
		if (!strcmp(name, scn_unit_names[u])) {
			*out = (enum scn_time_unit)u;
			return true;
		}
	return false;
}

enum rt_err scn_parse_window(const char *s, enum scn_time_unit u, rt_time *t0,
			     rt_time *t1, struct rt_diag *d)
{
	const char *colon = s ? strchr(s, ':') : NULL;
	char side[2][72], q[72];
	rt_time a, b;
	enum rt_err err;

	rt_diag_clear(d);
	scn_quote(q, sizeof(q), s ? s : "");
	if (!colon || strchr(colon + 1, ':') ||
	    (size_t)(colon - s) >= sizeof(side[0]) ||
	    strlen(colon + 1) >= sizeof(side[1]))
		return rt_diagf(d, RT_ERR_PARSE, "%s is not a window; expected "
				"START:END, e.g. 0:20 or 0:70ms", q);
	/* each side as a scenario value, blanks around it ignored as YAML
	 * does ("0 : 70 ms") */
	for (int k = 0; k < 2; k++) {
		const char *p = k ? colon + 1 : s, *e = k ? p + strlen(p) : colon;

		while (p < e && *p == ' ')
			p++;
		while (e > p && e[-1] == ' ')
			e--;
		memcpy(side[k], p, (size_t)(e - p));
		side[k][e - p] = '\0';
	}
	if ((err = scn_parse_time(side[0], u, &a, d)) != RT_OK ||
	    (err = scn_parse_time(side[1], u, &b, d)) != RT_OK)
		return err;
	if (a < 0 || a >= b)
		return rt_diagf(d, RT_ERR_INVAL, "%s: the window is empty "
				"(need 0 <= START < END)", q);
	*t0 = a;
	*t1 = b;
	return RT_OK;
}

enum rt_err scn_parse_int(const char *s, int64_t min, int64_t max,
			  int64_t *out, struct rt_diag *d)
{
	const char *p = s;
	uint64_t mag = 0;
	bool neg = false, big = false;
	int64_t v;
	char q[72];

	rt_diag_clear(d);
	scn_quote(q, sizeof(q), s);
	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	if (!scn_isdigit(*p))
		goto syntax;
	for (; scn_isdigit(*p); p++) {
		unsigned dig = (unsigned)(*p - '0');

		if (mag > (UINT64_MAX - dig) / 10)
			big = true;
		else
			mag = mag * 10 + dig;
	}
	if (*p)
		goto syntax;
	if (big || mag > (uint64_t)INT64_MAX + (neg ? 1u : 0u))
		goto range;
	if (neg)
		v = mag == (uint64_t)INT64_MAX + 1u ? INT64_MIN : -(int64_t)mag;
	else
		v = (int64_t)mag;
	if (v < min || v > max)
		goto range;
	*out = v;
	return RT_OK;
syntax:
	return rt_diagf(d, RT_ERR_PARSE,
			"%s is not an integer; expected an integer from %lld to %lld",
			q, (long long)min, (long long)max);
range:
	return rt_diagf(d, RT_ERR_PARSE,
			"%s is out of range; expected an integer from %lld to %lld",
			q, (long long)min, (long long)max);
}

enum rt_err scn_parse_count(const char *s, int64_t min, int64_t max,
			    int64_t *out, struct rt_diag *d)
{
	char q[72];

	/* scn_parse_int without its sign: "+5" and "-0" are no counts */
	if (scn_isdigit(*s))
		return scn_parse_int(s, min, max, out, d);
	rt_diag_clear(d);
	scn_quote(q, sizeof(q), s);
	return rt_diagf(d, RT_ERR_PARSE, "%s is not an integer; expected an "
			"integer from %lld to %lld", q, (long long)min,
			(long long)max);
}

enum rt_err scn_parse_decimal(const char *s, double *out, struct rt_diag *d)
{
	const char *p = s;
	char q[72];

	rt_diag_clear(d);
	while (scn_isdigit(*p))
		p++;
	if (*p == '.')
		p++;
	while (scn_isdigit(*p))
		p++;
	/* digits, at most one point, at least one digit: strtod reads
	 * exactly that, and nothing of "1e3", "0x10", " 5", "+5", "inf" */
	if (*p || p == s || (p == s + 1 && *s == '.')) {
		scn_quote(q, sizeof(q), s);
		return rt_diagf(d, RT_ERR_PARSE, "%s is not a decimal number; "
				"expected digits with an optional fraction "
				"(0.5, 2, 1.25)", q);
	}
	*out = strtod(s, NULL);
	return RT_OK;
}

static int scn_hexval(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

enum rt_err scn_parse_u64(const char *s, uint64_t *out, struct rt_diag *d)
{
	const char *p = s;
	unsigned base = 10;
	uint64_t v = 0;
	char q[72];

	rt_diag_clear(d);
	scn_quote(q, sizeof(q), s);
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	}
	if (!*p)
		goto bad;
	for (; *p; p++) {
		int dig = scn_hexval(*p);

		if (dig < 0 || (unsigned)dig >= base)
			goto bad;
		if (v > (UINT64_MAX - (unsigned)dig) / base)
			goto bad;
		v = v * base + (unsigned)dig;
	}
	*out = v;
	return RT_OK;
bad:
	return rt_diagf(d, RT_ERR_PARSE,
			"%s is not a 64-bit unsigned integer; expected 0 to "
			"18446744073709551615 (decimal or 0x hexadecimal)", q);
}

enum rt_err scn_parse_enum(const char *s, const char *const *names, size_t n,
			   int *out, struct rt_diag *d)
{
	char q[72], list[200];
	size_t o = 0;

	rt_diag_clear(d);
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(s, names[i])) {
			*out = (int)i;
			return RT_OK;
		}
	}
	list[0] = '\0';
	for (size_t i = 0; i < n && o < sizeof(list); i++) {
		int w = snprintf(list + o, sizeof(list) - o, "%s%s",
				 i ? " | " : "", names[i]);
		if (w < 0)
			break;
		o += (size_t)w;
	}
	scn_quote(q, sizeof(q), s);
	return rt_diagf(d, RT_ERR_PARSE, "%s is not valid; expected %s", q, list);
}

enum rt_err scn_parse_ident(const char *s, size_t max, struct rt_diag *d)
{
	char q[72];
	size_t len = strlen(s);

	rt_diag_clear(d);
	scn_quote(q, sizeof(q), s);
	if (len == 0)
		return rt_diagf(d, RT_ERR_PARSE,
				"empty; expected a name of letters, digits, "
				"'_', '-' or '.'");
	if (len > max)
		return rt_diagf(d, RT_ERR_PARSE,
				"%s is too long; expected at most %zu bytes", q, max);
	for (const char *p = s; *p; p++) {
		char ch = *p;

		if (!(scn_isdigit(ch) || (ch >= 'a' && ch <= 'z') ||
		      (ch >= 'A' && ch <= 'Z') || ch == '_' || ch == '-' ||
		      ch == '.'))
			return rt_diagf(d, RT_ERR_PARSE,
					"%s is not a name; expected letters, digits, "
					"'_', '-' or '.'", q);
	}
	return RT_OK;
}

/* ---- the same, with the value's position in the message (internal.h) ---- */

const char *scn_path(char *out, size_t n, const char *pre, const char *sub,
		     long idx)
{
	int w = snprintf(out, n, "%s%s%s", pre, *pre ? "." : "", sub);

	if (idx >= 0 && w >= 0 && (size_t)w < n)
		snprintf(out + w, n - (size_t)w, "[%ld]", idx);
	return out;
}

/* Parse the time 'str' found at pre.sub[idx] and check its sign. */
enum rt_err scn_time_at(const struct scn_ctx *c, enum scn_time_unit u,
			const char *str, const char *pre, const char *sub,
			long idx, enum scn_sign sign, rt_time *out)
{
	struct rt_diag tmp;
	enum rt_err err;
	char q[72], path[128];
	rt_time v = 0;

	err = scn_parse_time(str, u, &v, &tmp);
	if (!err && (sign != SCN_SIGN_POS || v > 0) &&
	    (sign != SCN_SIGN_NONNEG || v >= 0)) {
		*out = v;
		return RT_OK;
	}
	scn_path(path, sizeof(path), pre, sub, idx);
	if (err)
		return scn_fail(c, err, path, NULL, 0, SCN_AT_VALUE, "%s", tmp.msg);
	scn_quote(q, sizeof(q), str);
	if (sign == SCN_SIGN_POS)
		return scn_fail(c, RT_ERR_INVAL, path, NULL, 0, SCN_AT_VALUE,
				"%s is %s; expected a time > 0", q,
				v ? "negative" : "zero");
	return scn_fail(c, RT_ERR_INVAL, path, NULL, 0, SCN_AT_VALUE,
			"%s is negative; expected a time >= 0", q);
}

enum rt_err scn_enum_at(const struct scn_ctx *c, const char *str,
			const char *pre, const char *sub,
			const char *const *names, size_t n, int *out)
{
	struct rt_diag tmp;
	char path[128];

	if (!scn_parse_enum(str, names, n, out, &tmp))
		return RT_OK;
	return scn_fail(c, RT_ERR_PARSE, scn_path(path, sizeof(path), pre, sub, -1),
			NULL, 0, SCN_AT_VALUE, "%s", tmp.msg);
}

enum rt_err scn_int_at(const struct scn_ctx *c, const char *str,
		       const char *pre, const char *sub, int64_t min,
		       int64_t max, int64_t *out)
{
	struct rt_diag tmp;
	char path[128];

	if (!scn_parse_int(str, min, max, out, &tmp))
		return RT_OK;
	return scn_fail(c, RT_ERR_PARSE, scn_path(path, sizeof(path), pre, sub, -1),
			NULL, 0, SCN_AT_VALUE, "%s", tmp.msg);
}

