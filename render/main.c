/* render/main.c: the render stage's command line (being built; see the open issues). */
#include <stdio.h>

int main(void)
{
	fprintf(stderr, "render: not built yet\n");
	return 2;
}
