/* file_util.c - a file read whole (see file_util.h). */
#include "tests/file_util.h"

#include <stdio.h>
#include <stdlib.h>

char *test_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *b = NULL;
	long n;

	*len = 0;
	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
	    fseek(f, 0, SEEK_SET) == 0 && (b = malloc((size_t)n + 1)) &&
	    fread(b, 1, (size_t)n, f) == (size_t)n) {
		b[n] = '\0';
		*len = (size_t)n;
	} else {
		free(b);
		b = NULL;
	}
	fclose(f);
	return b;
}
