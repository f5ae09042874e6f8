/* fuzz_ftrace.c - libFuzzer target: the trace-cmd text reader
 * (render/ftrace_read.c, what `dlsim compare` imports) reading every event
 * of the input (make fuzz). */
#define _GNU_SOURCE             /* fmemopen */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "render/ftrace_read.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct render_ft_reader *r = NULL;
	struct render_ft_event ev;
	struct rt_diag d = { "" };
	bool eof = false;
	FILE *f;

	if (!size)
		return 0;
	f = fmemopen((void *)data, size, "r");
	if (!f)
		return 0;
	if (render_ft_open(f, "fuzz.txt", &r, &d) == RT_OK)
		while (render_ft_next(r, &ev, &eof, &d) == RT_OK && !eof)
			;
	render_ft_close(r);
	fclose(f);
	return 0;
}
