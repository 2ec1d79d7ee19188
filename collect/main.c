/* collect/main.c: the collect stage's command line (being built; see the open issues). */
#include <stdio.h>

int main(void)
{
	fprintf(stderr, "collect: not built yet\n");
	return 2;
}
