/* fuzz_rtapp.c - libFuzzer target: the rt-app importer (scenarios/
 * rtapp.c over the JSON reader scenarios/json.c) on the input as an
 * rt-app workload; what it returns must load as a scenario, which the
 * importer itself checks (make fuzz). */
#include <stddef.h>
#include <stdint.h>

#include "models/mem.h"
#include "scenarios/rtapp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct scn_rtapp_opts o = { 0, NULL, NULL, NULL };
	struct rt_diag d = { "" };
	char *yaml = NULL;
	size_t len = 0;

	if (scn_rtapp_import((const char *)data, size, "fuzz.json", &o, &yaml,
			     &len, &d) == RT_OK)
		rt_free(yaml);
	return 0;
}
