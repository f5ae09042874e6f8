/* file_util.h - a file read whole, for the suites that compare outputs
 * byte for byte or search them (test_faults.c, test_exp_api.c,
 * test_plot.c). */
#ifndef TESTS_FILE_UTIL_H
#define TESTS_FILE_UTIL_H

#include <stddef.h>

/* The whole file at path, malloc'd and NUL-terminated, its length in
 * *len; NULL (and *len 0) if it cannot be read. */
char *test_slurp(const char *path, size_t *len);

#endif
