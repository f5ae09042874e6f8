/* test_prop.c - placeholder until the module lands. */
#include "tests/suites.h"

CU_TestInfo prop_tests[] = {
	CU_TEST_INFO_NULL
};
