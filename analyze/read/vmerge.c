/* analyze/read/vmerge.c: see vmerge.h. */
#include "analyze/read/vmerge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int vmerge_append(struct runlog **dst, size_t *n, struct runlog *src, size_t ns, size_t k,
		  const char *dir)
{
	struct runlog *v = realloc(*dst, (*n + ns + 1) * sizeof(*v));

	if (v == NULL)
		return -1;
	*dst = v;
	for (size_t i = 0; i < ns; i++) {
		size_t len = strlen(dir) + strlen(src[i].path) + 2;
		char *p = malloc(len);

		if (p == NULL)
			return -1; /* the entries moved so far stay in *dst, counted */
		snprintf(p, len, "%s/%s", dir, src[i].path);
		v[*n] = src[i];
		free(v[*n].path);
		v[*n].path = p;
		v[*n].vantage = (int)k;
		memset(&src[i], 0, sizeof(src[i]));
		(*n)++;
	}
	return 0;
}

/* name_of: vantage k's name and its source (vmerge_names). -1 when memory runs out. */
static int name_of(const struct runlog *logs, size_t n, size_t k, const char *given,
		   const char *dir, char **name, const char **from)
{
	const char *base, *pick = given;
	size_t len;

	*from = "option";
	for (size_t i = 0; pick == NULL && i < n; i++)
		if (logs[i].vantage == (int)k && logs[i].campaign_vantage != NULL) {
			pick = logs[i].campaign_vantage;
			*from = "campaign.vantage";
		}
	if (pick != NULL) {
		*name = strdup(pick);
		return *name == NULL ? -1 : 0;
	}
	*from = "directory";
	len = strlen(dir);
	while (len > 1 && dir[len - 1] == '/')
		len--;
	base = dir + len;
	while (base > dir && base[-1] != '/')
		base--;
	*name = strndup(base, (size_t)(dir + len - base));
	return *name == NULL ? -1 : 0;
}

int vmerge_names(const struct runlog *logs, size_t n, const char *const *dirs,
		 const char *const *given, size_t V, char ***names, const char ***from,
		 struct err *e)
{
	*names = calloc(V + 1, sizeof(**names));
	*from = calloc(V + 1, sizeof(**from));
	if (*names == NULL || *from == NULL)
		return err_set(e, "out of memory");
	for (size_t k = 0; k < V; k++) {
		if (name_of(logs, n, k, given[k], dirs[k], &(*names)[k], &(*from)[k]) < 0)
			return err_set(e, "out of memory");
		for (size_t j = 0; j < k; j++)
			if (strcmp((*names)[j], (*names)[k]) == 0)
				return err_set(
					e,
					"%s and %s are both vantage '%s' (from %s, %s): name "
					"them apart with --vantage NAME=DIR",
					dirs[j], dirs[k], (*names)[k], (*from)[j], (*from)[k]);
	}
	return 0;
}

int vmerge_cycles(struct runlog *logs, size_t n, size_t n_vantages, int per_dir_max)
{
	int c = per_dir_max;

	for (size_t i = 0; i < n; i++) {
		if (logs[i].campaign_cycles > c)
			c = logs[i].campaign_cycles;
		if (logs[i].cycle > c)
			c = logs[i].cycle;
	}
	for (size_t i = 0; i < n; i++)
		if (logs[i].cycle > 0)
			logs[i].cycle += logs[i].vantage * c;
	return (int)n_vantages * c;
}
