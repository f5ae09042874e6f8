/* test_analysis.c - placeholder until the module lands. */
#include "tests/suites.h"

CU_TestInfo analysis_tests[] = {
	CU_TEST_INFO_NULL
};
