/* rt_err.h - the project's one result type and its caller-owned diagnostic.
 *
 * Functions that can fail return enum rt_err and fill an optional
 * struct rt_diag (a fixed buffer: error paths never allocate).  Library code
 * never prints; the CLI prints rt_diag.msg.  A deadline miss is a result,
 * never an error.
 */
#ifndef RT_ERR_H
#define RT_ERR_H

#include <stddef.h>

enum rt_err {
	RT_OK = 0,
	RT_ERR_NOMEM,           /* allocation failed; no state changed */
	RT_ERR_INVAL,           /* parameters violate a model invariant */
	RT_ERR_IO,              /* file could not be read or written */
	RT_ERR_PARSE,           /* scenario rejected (syntax or schema) */
	RT_ERR_OVERFLOW,        /* rt_time arithmetic would overflow */
	RT_ERR_UNSUPPORTED,     /* valid input this build cannot handle */
	RT_ERR__COUNT           /* not a valid code */
};

#define RT_DIAG_MAX 512

struct rt_diag {
	char msg[RT_DIAG_MAX];  /* NUL-terminated detail; "" when none */
};

/* Short fixed description of 'err' ("out of memory", ...). Never NULL. */
const char *rt_strerror(enum rt_err err);

/* Format a message into d (if d is not NULL) and return 'err', so that
 * `return rt_diagf(d, RT_ERR_INVAL, "task %s: ...", name);` does the job. */
enum rt_err rt_diagf(struct rt_diag *d, enum rt_err err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Prefix the existing message of d with a formatted context ("file.yaml: ").
 * Truncates silently when the buffer is full.  NULL d is a no-op. */
void rt_diag_prefix(struct rt_diag *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Clear d (NULL is a no-op). */
void rt_diag_clear(struct rt_diag *d);

#endif /* RT_ERR_H */
