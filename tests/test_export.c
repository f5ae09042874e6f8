/* test_export.c - placeholder until the module lands. */
#include "tests/suites.h"

CU_TestInfo export_tests[] = {
	CU_TEST_INFO_NULL
};
