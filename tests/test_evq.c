/* test_evq.c - placeholder until the module lands. */
#include "tests/suites.h"

CU_TestInfo evq_tests[] = {
	CU_TEST_INFO_NULL
};
