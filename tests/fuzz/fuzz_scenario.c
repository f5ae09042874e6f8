/* fuzz_scenario.c - libFuzzer target: the scenario loader (scn_load_data),
 * then the model checks the loader calls.  Any input must load or fail
 * with a message; never crash, leak or hang (make fuzz). */
#include <stddef.h>
#include <stdint.h>

#include "scenarios/scn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct scn_scenario *s = NULL;
	struct rt_diag d = { "" };

	if (scn_load_data(data, size, "fuzz.yaml", &s, &d) == RT_OK)
		scn_free(s);
	return 0;
}
