/* test_edf.c - placeholder until the module lands. */
#include "tests/suites.h"

CU_TestInfo edf_tests[] = {
	CU_TEST_INFO_NULL
};
