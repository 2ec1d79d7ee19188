/* analyze/read/strv.c: see strv.h. */
#include "analyze/read/strv.h"

#include <stdlib.h>
#include <string.h>

int strv_push(char ***v, size_t *n, const char *s)
{
	char **nv = realloc(*v, (*n + 1) * sizeof(**v));

	if (nv == NULL)
		return -1;
	*v = nv;
	if ((nv[*n] = strdup(s)) == NULL)
		return -1;
	(*n)++;
	return 0;
}

static int cmp_ver(const void *a, const void *b)
{
	return strverscmp(*(char *const *)a, *(char *const *)b);
}

void strv_sort(char **v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_ver);
}

void strv_free(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}
