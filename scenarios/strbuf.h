/* strbuf.h - a growing text buffer for the writers in scenarios/ (rt-app
 * import and export).  Memory from models/mem.h; the first allocation
 * failure sticks (later appends are no-ops) and is reported once by
 * scn_sb_take(). */
#ifndef SCN_STRBUF_H
#define SCN_STRBUF_H

#include <stdbool.h>
#include <stddef.h>

struct scn_sb {
	char *buf;                      /* NUL-terminated; owned */
	size_t len, cap;
	bool nomem;
};

void scn_sb_printf(struct scn_sb *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void scn_sb_put(struct scn_sb *b, const char *s, size_t n);
/* Hand the text over (*out owned by the caller); false (and nothing
 * handed over, the buffer freed) after an allocation failure. */
bool scn_sb_take(struct scn_sb *b, char **out, size_t *len);
void scn_sb_free(struct scn_sb *b);

#endif /* SCN_STRBUF_H */
