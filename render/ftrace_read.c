/* ftrace_read.c - trace-cmd report text -> scheduling events
 * (ftrace_read.h).  Every field is bounds-checked; nothing is trusted. */
#include "render/ftrace_read.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "models/mem.h"

struct render_ft_reader {
	FILE *f;
	const char *name;
	unsigned long line;
	unsigned cpus;
	char buf[RENDER_FT_MAX_LINE + 2];
};

static void copy(char *dst, size_t cap, const char *s, size_t n)
{
	if (n >= cap)
		n = cap - 1;
	memcpy(dst, s, n);
	dst[n] = '\0';
}

static bool parse_int(const char *s, size_t n, long lo, long hi, long *out)
{
	char tmp[24], *end;
	long v;

	if (n == 0 || n >= sizeof(tmp))
		return false;
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	errno = 0;
	v = strtol(tmp, &end, 10);
	if (errno || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

/* "COMM:PID" ending at s + n: pid after the last ':' */
static bool comm_pid(const char *s, size_t n, char *comm, int *pid)
{
	const char *colon = NULL;
	long v;

	for (size_t i = 0; i < n; i++)
		if (s[i] == ':')
			colon = s + i;
	if (!colon || colon == s ||
	    !parse_int(colon + 1, (size_t)(s + n - colon - 1), 0, INT_MAX, &v))
		return false;
	copy(comm, RENDER_FT_COMM, s, (size_t)(colon - s));
	*pid = (int)v;
	return true;
}

/* Value of "key=" in [s, e) up to the next blank (or e). */
static bool kv(const char *s, const char *e, const char *key, const char **v,
	       size_t *n)
{
	size_t k = strlen(key);

	for (const char *p = s; p + k <= e; p++) {
		if ((p == s || p[-1] == ' ') && !strncmp(p, key, k)) {
			const char *q = p + k;

			*v = q;
			while (q < e && *q != ' ')
				q++;
			*n = (size_t)(q - *v);
			return true;
		}
	}
	return false;
}

static bool kv_int(const char *s, const char *e, const char *key, long lo,
		   long hi, long *out)
{
	const char *v;
	size_t n;

	return kv(s, e, key, &v, &n) && parse_int(v, n, lo, hi, out);
}

/* "COMM:PID [PRIO]" (plugin) in [s, e); the rest after it in *rest. */
static bool plugin_task(const char *s, const char *e, char *comm, int *pid,
			int *prio, const char **rest)
{
	const char *br = NULL, *close;
	long v;

	/* the last " [" before a "]" that holds an integer */
	for (const char *p = s; p + 1 < e; p++)
		if (p[0] == ' ' && p[1] == '[') {
			close = memchr(p + 2, ']', (size_t)(e - p - 2));
			if (close && parse_int(p + 2, (size_t)(close - p - 2),
					       INT_MIN, INT_MAX, &v)) {
				br = p;
				*prio = (int)v;
				*rest = close + 1;
				if (!comm_pid(s, (size_t)(br - s), comm, pid))
					return false;
				return true;
			}
		}
	return false;
}

static bool parse_switch(const char *s, const char *e, struct render_ft_event *ev)
{
	const char *arrow = strstr(s, " ==> "), *v, *rest;
	size_t n;
	long x;

	if (!arrow || arrow >= e)
		return false;
	if (!strncmp(s, "prev_comm=", 10)) {       /* kernel TP_printk */
		const char *pe = strstr(s, " prev_pid=");

		if (!pe || pe > arrow)
			return false;
		copy(ev->comm, RENDER_FT_COMM, s + 10, (size_t)(pe - s - 10));
		if (!kv_int(pe, arrow, "prev_pid=", 0, INT_MAX, &x))
			return false;
		ev->pid = (int)x;
		if (!kv_int(pe, arrow, "prev_prio=", INT_MIN, INT_MAX, &x))
			return false;
		ev->prio = (int)x;
		if (!kv(pe, arrow, "prev_state=", &v, &n) || n == 0)
			return false;
		copy(ev->state, sizeof(ev->state), v, n);
		s = arrow + 5;
		if (strncmp(s, "next_comm=", 10))
			return false;
		pe = strstr(s, " next_pid=");
		if (!pe || pe > e)
			return false;
		copy(ev->next_comm, RENDER_FT_COMM, s + 10, (size_t)(pe - s - 10));
		if (!kv_int(pe, e, "next_pid=", 0, INT_MAX, &x))
			return false;
		ev->next_pid = (int)x;
		if (!kv_int(pe, e, "next_prio=", INT_MIN, INT_MAX, &x))
			return false;
		ev->next_prio = (int)x;
		return true;
	}
	/* plugin: PREV:PID [PRIO] STATE ==> NEXT:PID [PRIO] */
	if (!plugin_task(s, arrow, ev->comm, &ev->pid, &ev->prio, &rest))
		return false;
	while (rest < arrow && *rest == ' ')
		rest++;
	if (rest >= arrow)
		return false;
	copy(ev->state, sizeof(ev->state), rest, (size_t)(arrow - rest));
	if (!plugin_task(arrow + 5, e, ev->next_comm, &ev->next_pid,
			 &ev->next_prio, &rest))
		return false;
	return true;
}

static bool parse_wakeup(const char *s, const char *e, struct render_ft_event *ev)
{
	const char *rest, *pe, *v;
	size_t n;
	long x;

	ev->target_cpu = -1;
	if (!strncmp(s, "comm=", 5)) {
		pe = strstr(s, " pid=");
		if (!pe || pe > e)
			return false;
		copy(ev->comm, RENDER_FT_COMM, s + 5, (size_t)(pe - s - 5));
		if (!kv_int(pe, e, "pid=", 0, INT_MAX, &x))
			return false;
		ev->pid = (int)x;
		if (kv_int(pe, e, "prio=", INT_MIN, INT_MAX, &x))
			ev->prio = (int)x;
		if (kv_int(pe, e, "target_cpu=", 0, INT_MAX, &x))
			ev->target_cpu = (int)x;
		return true;
	}
	if (!plugin_task(s, e, ev->comm, &ev->pid, &ev->prio, &rest))
		return false;
	if (kv(rest, e, "CPU:", &v, &n) && parse_int(v, n, 0, INT_MAX, &x))
		ev->target_cpu = (int)x;
	return true;
}

/* seconds "." fraction (1..9 digits) -> ns */
static bool parse_ts(const char *s, size_t n, int64_t *ns)
{
	const char *dot = memchr(s, '.', n);
	int64_t sec = 0, frac = 0;
	size_t fd;

	if (!dot || dot == s)
		return false;
	for (const char *p = s; p < dot; p++) {
		if (!isdigit((unsigned char)*p) || sec > (INT64_MAX / 1000000000) / 10)
			return false;
		sec = sec * 10 + (*p - '0');
	}
	fd = (size_t)(s + n - dot - 1);
	if (fd == 0 || fd > 9)
		return false;
	for (const char *p = dot + 1; p < s + n; p++) {
		if (!isdigit((unsigned char)*p))
			return false;
		frac = frac * 10 + (*p - '0');
	}
	for (size_t k = fd; k < 9; k++)
		frac *= 10;
	*ns = sec * 1000000000 + frac;
	return true;
}

int render_ft_parse_line(const char *line, struct render_ft_event *ev,
			 const char **why)
{
	const char *p, *br, *close, *colon, *name, *name_end, *info, *e;
	size_t len = strlen(line);
	long cpu;

	memset(ev, 0, sizeof(*ev));
	e = line + len;
	/* the CPU column: the first " [digits]" */
	for (br = line; (br = strstr(br, " [")) != NULL; br++) {
		close = strchr(br + 2, ']');
		if (close && parse_int(br + 2, (size_t)(close - br - 2), 0,
				       INT_MAX, &cpu))
			break;
	}
	if (!br)
		return 0;
	p = close + 1;
	while (*p == ' ')
		p++;
	/* optional latency flags, then "SEC.FRAC:" */
	colon = strchr(p, ':');
	if (!colon)
		return 0;
	if (!parse_ts(p, (size_t)(colon - p), &ev->ns)) {
		const char *sp = strchr(p, ' ');

		if (!sp || sp > colon)
			return 0;
		p = sp;
		while (*p == ' ')
			p++;
		if (!parse_ts(p, (size_t)(colon - p), &ev->ns))
			return 0;
	}
	name = colon + 1;
	while (*name == ' ')
		name++;
	name_end = strchr(name, ':');
	if (!name_end)
		return 0;
	info = name_end + 1;
	while (*info == ' ')
		info++;
	ev->cpu = (unsigned)cpu;
	if ((size_t)(name_end - name) == 12 && !strncmp(name, "sched_switch", 12)) {
		ev->kind = RENDER_FT_SWITCH;
		if (!parse_switch(info, e, ev)) {
			*why = "sched_switch: expected \"PREV:PID [PRIO] STATE ==> "
			       "NEXT:PID [PRIO]\" or prev_comm=... ==> next_comm=...";
			return -1;
		}
		return 1;
	}
	if (((size_t)(name_end - name) == 12 && !strncmp(name, "sched_wakeup", 12)) ||
	    ((size_t)(name_end - name) == 12 && !strncmp(name, "sched_waking", 12))) {
		ev->kind = name[10] == 'u' ? RENDER_FT_WAKEUP : RENDER_FT_WAKING;
		if (!parse_wakeup(info, e, ev)) {
			*why = "sched_wakeup/sched_waking: expected \"COMM:PID "
			       "[PRIO] CPU:NNN\" or comm=... pid=...";
			return -1;
		}
		return 1;
	}
	return 0;
}

enum rt_err render_ft_open(FILE *f, const char *name,
			   struct render_ft_reader **out, struct rt_diag *d)
{
	struct render_ft_reader *r;

	rt_diag_clear(d);
	if (!f || !out)
		return rt_diagf(d, RT_ERR_INVAL, "ftrace: bad arguments");
	r = rt_calloc(1, sizeof(*r));
	if (!r)
		return rt_diagf(d, RT_ERR_NOMEM, "out of memory");
	r->f = f;
	r->name = name ? name : "<trace>";
	*out = r;
	return RT_OK;
}

enum rt_err render_ft_next(struct render_ft_reader *r, struct render_ft_event *ev,
			   bool *eof, struct rt_diag *d)
{
	*eof = false;
	while (fgets(r->buf, sizeof(r->buf), r->f)) {
		size_t n = strlen(r->buf);
		const char *why = NULL;
		int rc;

		r->line++;
		if (n && r->buf[n - 1] != '\n' && !feof(r->f))
			return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: line longer than "
					"%d bytes", r->name, r->line,
					RENDER_FT_MAX_LINE);
		if (memchr(r->buf, '\0', n) != NULL && strlen(r->buf) != n)
			return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: NUL byte",
					r->name, r->line);
		while (n && (r->buf[n - 1] == '\n' || r->buf[n - 1] == '\r'))
			r->buf[--n] = '\0';
		if (r->buf[0] == '#')
			continue;
		if (!strncmp(r->buf, "cpus=", 5)) {
			long c;

			if (parse_int(r->buf + 5, n - 5, 1, 65536, &c))
				r->cpus = (unsigned)c;
			continue;
		}
		rc = render_ft_parse_line(r->buf, ev, &why);
		if (rc < 0)
			return rt_diagf(d, RT_ERR_PARSE, "%s:%lu: %s", r->name,
					r->line, why);
		if (rc > 0) {
			ev->line = r->line;
			return RT_OK;
		}
	}
	if (ferror(r->f))
		return rt_diagf(d, RT_ERR_IO, "%s: read error", r->name);
	*eof = true;
	return RT_OK;
}

unsigned render_ft_cpus(const struct render_ft_reader *r)
{
	return r->cpus;
}

void render_ft_close(struct render_ft_reader *r)
{
	rt_free(r);
}
