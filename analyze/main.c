/* analyze/main.c: the analyze stage's command line (being built; see the open issues). */
#include <stdio.h>

int main(void)
{
	fprintf(stderr, "analyze: not built yet\n");
	return 2;
}
