/* tests/unit/test_groups.c: the groups of consecutive cycles of policy best-of-means
 * (analyze/cells/groups.c), table-driven: the groups a cell's valid runs fall in, their
 * means and the best complete group's, with a missing cycle, a trailing partial group, a
 * group of one cycle (repeat 1 = best), no complete group, and no run; the Arvados rule
 * (4 runs averaged, 3 times, the highest average kept) worked by hand. */
#include <math.h>
#include <stdlib.h>

#include "analyze/cells/groups.h"
#include "tests/unit/check.h"

#define MAXR 16

static const struct {
	const char *name;
	int repeat;
	size_t n;
	int cycle[MAXR];
	double v[MAXR];
	size_t groups;
	double best; /* NAN: none */
} cases[] = {
	{"Arvados: 3 groups of 4",
	 4,
	 12,
	 {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12},
	 {10, 12, 14, 16, 20, 20, 20, 20, 9, 9, 9, 9},
	 3,
	 20},
	{"a missing cycle leaves its group incomplete",
	 2,
	 5,
	 {1, 2, 3, 5, 6},
	 {10, 10, 100, 30, 40},
	 3,
	 35},
	{"a trailing partial group is never the figure",
	 3,
	 7,
	 {1, 2, 3, 4, 5, 6, 7},
	 {10, 20, 30, 40, 50, 60, 500},
	 3,
	 50},
	{"repeat 1 is best-of-N", 1, 4, {1, 2, 3, 4}, {3, 9, 4, 1}, 4, 9},
	{"no complete group: no figure", 5, 3, {1, 2, 3}, {1, 2, 3}, 1, NAN},
	{"no run", 3, 0, {0}, {0}, 0, NAN},
};

int main(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct agg_group *g;
		double obj[MAXR], bm, bo;
		size_t k;

		for (size_t j = 0; j < cases[i].n; j++)
			obj[j] = cases[i].v[j] / 2;
		int rc = groups_of(cases[i].cycle, cases[i].v, obj, cases[i].n, cases[i].repeat, &g,
				   &k, &bm, &bo);
		CHECK(rc == 0 && k == cases[i].groups, "%s: %zu groups (want %zu)", cases[i].name,
		      k, cases[i].groups);
		if (isnan(cases[i].best))
			CHECK(isnan(bm) && isnan(bo), "%s: no figure (%g)", cases[i].name, bm);
		else
			CHECK(bm == cases[i].best && bo == cases[i].best / 2,
			      "%s: best %g MiB/s, %g obj/s (want %g)", cases[i].name, bm, bo,
			      cases[i].best);
		free(g);
	}
	/* the groups themselves: cycles 1..2, 3..4 (cycle 4 missing), 5..6 */
	struct agg_group *g;
	size_t k;
	double bm, bo;
	groups_of(cases[1].cycle, cases[1].v, cases[1].v, 5, 2, &g, &k, &bm, &bo);
	CHECK(g != NULL && g[1].first == 3 && g[1].last == 4 && g[1].n == 1 && g[1].mib == 100 &&
		      g[2].first == 5 && g[2].n == 2 && g[2].mib == 35,
	      "groups 3-4 (1 run, 100) and 5-6 (2 runs, 35)");
	free(g);
	return check_done();
}
