/* test_frac.c - placeholder until the module lands. */
#include "tests/suites.h"

CU_TestInfo frac_tests[] = {
	CU_TEST_INFO_NULL
};
