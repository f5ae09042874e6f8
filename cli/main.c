/* main.c - placeholder; the CLI lands with issue 2. */
#include <stdio.h>

int main(void)
{
	puts("dlsim: not built yet");
	return 0;
}
