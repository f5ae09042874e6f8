/* test_scn.c - placeholder until the module lands. */
#include "tests/suites.h"

CU_TestInfo scn_tests[] = {
	CU_TEST_INFO_NULL
};
