/* fuzz_experiment.c - libFuzzer target: the experiment loader
 * (scenarios/exp.c and its readers, rt_exp_check) on the input as an
 * experiment file (make fuzz). */
#include <stddef.h>
#include <stdint.h>

#include "models/exp.h"
#include "scenarios/exp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rt_exp *x = NULL;
	struct rt_diag d = { "" };

	if (scn_exp_load_data(data, size, "fuzz.yaml", &x, &d) == RT_OK)
		rt_exp_free(x);
	return 0;
}
