/* analyze/cells/groups.c: see groups.h. */
#include "analyze/cells/groups.h"

#include <math.h>
#include <stdlib.h>

int groups_of(const int *cycle, const double *mib, const double *obj, size_t n, int repeat,
	      struct agg_group **out, size_t *n_out, double *best_mib, double *best_obj)
{
	struct agg_group *g = NULL;
	size_t k = 0;

	*out = NULL;
	*n_out = 0;
	*best_mib = *best_obj = NAN;
	if (n == 0)
		return 0;
	if ((g = calloc(n, sizeof(*g))) == NULL)
		return -1;
	for (size_t i = 0; i < n; i++) {
		int first = (cycle[i] - 1) / repeat * repeat + 1;

		if (k == 0 || g[k - 1].first != first)
			g[k++] = (struct agg_group){first, first + repeat - 1, 0, 0, 0};
		g[k - 1].n++;
		g[k - 1].mib += mib[i];
		g[k - 1].obj += obj[i];
	}
	for (size_t j = 0; j < k; j++) {
		g[j].mib /= (double)g[j].n;
		g[j].obj /= (double)g[j].n;
		if (g[j].n != (size_t)repeat)
			continue;
		if (isnan(*best_mib) || g[j].mib > *best_mib)
			*best_mib = g[j].mib;
		if (isnan(*best_obj) || g[j].obj > *best_obj)
			*best_obj = g[j].obj;
	}
	*out = g;
	*n_out = k;
	return 0;
}
