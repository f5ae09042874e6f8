/* fuzz_replay.c - libFuzzer target: the event-log reader (render/replay.c
 * over the JSON lexer render/json.c) reading a JSONL log and replaying it
 * into no sinks (make fuzz). */
#define _GNU_SOURCE             /* fmemopen */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "render/replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct render_replay *rp = NULL;
	struct rt_diag d = { "" };
	FILE *f;

	if (!size)
		return 0;
	f = fmemopen((void *)data, size, "r");
	if (!f)
		return 0;
	if (render_replay_open(f, "fuzz.jsonl", &rp, &d) == RT_OK)
		render_replay_run(rp, NULL, 0, &d);
	render_replay_destroy(rp);
	fclose(f);
	return 0;
}
