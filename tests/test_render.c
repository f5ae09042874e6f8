/* test_render.c - placeholder until the module lands. */
#include "tests/suites.h"

CU_TestInfo render_tests[] = {
	CU_TEST_INFO_NULL
};
