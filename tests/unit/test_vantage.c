/* tests/unit/test_vantage.c: analyze/cells/vantage.h: the subject x vantage interaction of
 * one category built from runs (balanced, and unbalanced with three subjects), its F, df and
 * p against the two-way ANOVA by least squares (NumPy lstsq, SciPy's F: the reference values
 * below, from tests/e2e/analyze_vantage.sh's anova()), the subjects whose rank flips, the
 * cells per vantage and their ranks, a category with one subject untested. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/vantage.h"
#include "tests/unit/check.h"

#define MAXR 32

/* A run: subject, vantage, MiB/s. */
struct r {
	int s, v;
	double mib;
};

struct fixture {
	struct runlog logs[MAXR];
	struct agg_run runs[MAXR];
	size_t idx[4][MAXR], nidx[4];
	struct agg_cell cells[4];
	struct agg_subject subj[4];
	uint64_t size;
	int conc;
	struct aggregate a;
};

/* build: one category (put 1 MiB c4) of ns subjects from rows[0..n) into f. */
static void build(struct fixture *f, const struct r *rows, size_t n, size_t ns)
{
	memset(f, 0, sizeof(*f));
	f->size = 1048576;
	f->conc = 4;
	for (size_t i = 0; i < n; i++) {
		f->logs[i].summary.mib_s = rows[i].mib;
		f->logs[i].summary.obj_s = rows[i].mib;
		f->logs[i].vantage = rows[i].v;
		f->runs[i].log = &f->logs[i];
		f->runs[i].subject = (size_t)rows[i].s;
		f->runs[i].v.included = 1;
		f->idx[rows[i].s][f->nidx[rows[i].s]++] = i;
	}
	for (size_t s = 0; s < ns; s++) {
		f->cells[s] = (struct agg_cell){
			.subject = s, .op = "put", .size = f->size, .concurrency = f->conc};
		f->cells[s].runs = f->idx[s];
		f->cells[s].n_runs = f->nidx[s];
	}
	f->a.subjects = f->subj;
	f->a.n_subjects = ns;
	f->a.cells = f->cells;
	f->a.n_cells = ns;
	f->a.runs = f->runs;
	f->a.n_runs = n;
	f->a.policy = POLICY_MEAN;
	f->a.alpha = 0.05;
	f->a.m_sizes = &f->size;
	f->a.n_m_sizes = 1;
	f->a.m_concs = &f->conc;
	f->a.n_m_concs = 1;
}

static const struct r two[] = {
	{0, 0, 100}, {0, 0, 102}, {0, 0, 98}, {0, 1, 60}, {0, 1, 62}, {0, 1, 59},
	{1, 0, 90},  {1, 0, 91},  {1, 0, 89}, {1, 1, 88}, {1, 1, 90}, {1, 1, 87},
};

/* two without its last run, and a third subject that keeps its place */
static const struct r three[] = {
	{0, 0, 100}, {0, 0, 102}, {0, 0, 98}, {0, 1, 60}, {0, 1, 62},
	{0, 1, 59},  {1, 0, 90},  {1, 0, 91}, {1, 0, 89}, {1, 1, 88},
	{1, 1, 90},  {2, 0, 95},  {2, 0, 96}, {2, 1, 93}, {2, 1, 94},
};

static const struct {
	const char *what;
	const struct r *rows;
	size_t n, ns;
	double f, df1, df2, p;
	const char *verdict;
	size_t flagged[3], n_flagged;
} cases[] = {
	{"two subjects swap places (balanced)",
	 two,
	 12,
	 2,
	 487.4525712554376,
	 1,
	 8,
	 1.8708290529466264e-08,
	 "rank-changes",
	 {0, 1},
	 2},
	{"one of three drops from first to last (unbalanced)",
	 three,
	 15,
	 3,
	 358.56455587804385,
	 2,
	 9,
	 2.627416804554781e-09,
	 "rank-changes",
	 {0},
	 1},
	{"one subject: untested", two, 6, 1, NAN, NAN, NAN, NAN, "untested", {0}, 0},
};

/* The agreement of the vantages' leads with a pooled leader (vantage_agreement): each case
 * the leads of one category (put 1 MiB c4) in two vantages, then another category's lead
 * that must not count. */
static const struct {
	const char *what;
	size_t n;              /* leads of the category */
	size_t subject[2];     /* each vantage's leader */
	const char *status[2]; /* its verdict */
	const char *want;      /* the agreement's name; NULL: none */
} agree_cases[] = {
	{"both clear, the pooled leader", 2, {0, 0}, {"clear", "clear"}, "every-vantage"},
	{"one vantage's leader another", 2, {0, 1}, {"clear", "clear"}, "depends"},
	{"another, though unresolved", 2, {0, 1}, {"clear", "unresolved"}, "depends"},
	{"one not clear", 2, {0, 0}, {"clear", "tie"}, "not-every-vantage"},
	{"one vantage without a lead", 1, {0, 0}, {"clear", "clear"}, "not-every-vantage"},
	{"no lead", 0, {0, 0}, {"clear", "clear"}, NULL},
};

static void test_agreement(void)
{
	for (size_t i = 0; i < sizeof(agree_cases) / sizeof(agree_cases[0]); i++) {
		struct vantage_lead leads[3];
		struct vantage_set v = {.n = 2, .leads = leads};
		const char *got;

		for (size_t k = 0; k < agree_cases[i].n; k++)
			leads[v.n_leads++] = (struct vantage_lead){k,
								   "put",
								   1048576,
								   4,
								   agree_cases[i].subject[k],
								   agree_cases[i].status[k]};
		leads[v.n_leads++] = (struct vantage_lead){1, "get", 1048576, 4, 2, "clear"};
		got = vantage_agree_name(vantage_agreement(&v, "put", 1048576, 4, 0));
		CHECK((got == NULL) == (agree_cases[i].want == NULL) &&
			      (got == NULL || strcmp(got, agree_cases[i].want) == 0),
		      "%s: %s", agree_cases[i].what, got ? got : "(none)");
	}
}

int main(void)
{
	const double m[4] = {1, 0.5, 1, 1.5};
	const size_t nn[4] = {2, 2, 2, 2};

	CHECK_NUM(vantage_contrast_t(m, nn, 0.25), 1 / sqrt(0.5), 1e-12,
		  "the 2 x 2 contrast's t: ((1 - .5) - (1 - 1.5)) / sqrt(.25 (4 / 2))");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		static struct fixture f;
		struct vantage_set v = {.n = 2};
		const struct vantage_test *t;

		build(&f, cases[i].rows, cases[i].n, cases[i].ns);
		CHECK(vantage_build(&f.a, &v) == 0 && v.n_tests == 1 &&
			      v.n_cells == 2 * cases[i].ns,
		      "%s: built", cases[i].what);
		if (v.n_tests != 1)
			continue;
		t = &v.tests[0];
		CHECK(t->headline, "%s: put at the largest size and concurrency is a headline",
		      cases[i].what);
		CHECK_STR(vantage_verdict_name(t->verdict), cases[i].verdict, "%s: verdict",
			  cases[i].what);
		if (isnan(cases[i].f)) {
			CHECK(isnan(t->f) && isnan(t->p), "%s: no F", cases[i].what);
		} else {
			CHECK_NUM(t->f / cases[i].f, 1, 1e-9, "%s: F", cases[i].what);
			CHECK(t->df1 == cases[i].df1 && t->df2 == cases[i].df2, "%s: df %g, %g",
			      cases[i].what, t->df1, t->df2);
			CHECK_NUM(t->p / cases[i].p, 1, 1e-6, "%s: p", cases[i].what);
		}
		CHECK(t->n_flagged == cases[i].n_flagged, "%s: %zu flagged", cases[i].what,
		      t->n_flagged);
		for (size_t k = 0; k < t->n_flagged && k < cases[i].n_flagged; k++)
			CHECK(t->flagged[k] == cases[i].flagged[k], "%s: flagged[%zu] = %zu",
			      cases[i].what, k, t->flagged[k]);
		if (cases[i].ns >= 2) {
			/* subject 0 first in vantage 0, last in vantage 1 */
			CHECK(v.cells[0].rank == 1 && v.cells[1].rank == (int)cases[i].ns,
			      "%s: subject 0 ranks %d, then %d", cases[i].what, v.cells[0].rank,
			      v.cells[1].rank);
			CHECK_NUM(v.cells[0].value, 100, 1e-9, "%s: its mean in vantage 0",
				  cases[i].what);
			CHECK_NUM(v.cells[0].gmean, exp((log(100) + log(102) + log(98)) / 3), 1e-9,
				  "%s: its geometric mean", cases[i].what);
		}
		vantage_clear(&v);
	}
	test_agreement();
	return check_done();
}
