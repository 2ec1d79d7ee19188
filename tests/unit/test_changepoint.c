/* tests/unit/test_changepoint.c: analyze/history/changepoint and cp_noise on synthetic
 * histories of scheduled builds, judged as analyze/history/history_shift.c judges them: each
 * build, every series over its newest CP_WINDOW builds, the noise of every cell of the
 * subject from cp_noise_past, the levels from cp_levels_of (the campaign's false-alarm
 * rate, CP_FALSE_RATE_DEFAULT = 1 % per build, shared out over the judged series). Figures
 * are 100 * exp(cv e), e standard normal, from GSL's MT19937 with fixed seeds. Measured and
 * printed (docs/METHODOLOGY.md quotes them):
 * - one subject of 4 cells at 10 % noise, all 4 judged, no true change: the false alarms
 *   per build of the campaign (at most the stated 1 %) and per series; watches;
 * - a 35 % and a 25 % drop of cell 0 after 20 builds: the delay to the alert;
 * - a cell at 3 times its 23 neighbours' noise: its false alarms per build no more than its
 *   level allows (a Poisson bound at 95 %);
 * - a campaign of 2 subjects x 12 cells whose noise differs from cell to cell (2 % to 20 %,
 *   log-uniform), all 24 series judged: false alarms per build of the whole campaign at
 *   most the stated 1 %, and a 35 % drop of a cell at 10 % noise still alerted;
 * - two builds that agree to 0.2 % by luck, then a -19 % dip: no alert (not enough
 *   history, and with more history a watch, not an alert, cleared by a normal build);
 * - a 5 % shift, however sustained, is never alerted (the 10 % floor).
 * Reference values (the confirmation test's p and the shift's interval, sigma 0.03 with 20
 * degrees of freedom) computed once with SciPy 1.10 (Debian python3-scipy, run as
 * /usr/bin/python3), never at test time; it printed 3.677275859116138e-12
 * 0.6724559517038274 0.7448087927143904:
 *   /usr/bin/python3 -c 'from scipy import stats; import math
 *   ref=[math.log(v) for v in (100,103,97,101,99,102)]; tail=[math.log(70),math.log(72)]
 *   m=sum(ref)/6; d=sum(tail)/2-m; se=0.03*math.sqrt(0.5+1/6)
 *   print(repr(stats.t.sf(abs(d)/se, 20)), repr(math.exp(d - stats.t.ppf(0.975, 20)*se)),
 *   repr(math.exp(d + stats.t.ppf(0.975, 20)*se)))'
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "analyze/history/changepoint.h"
#include "analyze/history/cp_noise.h"
#include "tests/unit/check.h"

#define CELLS_MAX 24
#define BUILDS_MAX 160

/* One subject's history: its cells' log figures, one point per build. */
struct hist {
	double y[CELLS_MAX][BUILDS_MAX];
	size_t cells, n;
};

/* make: n builds of `cells` cells, cell c at noise cv[c]; cell 0's level times `ratio`
 * from build index `at`. */
static void make(struct hist *h, gsl_rng *r, size_t cells, size_t n, const double *cv, size_t at,
		 double ratio)
{
	h->cells = cells;
	h->n = n;
	for (size_t c = 0; c < cells; c++)
		for (size_t i = 0; i < n; i++)
			h->y[c][i] = log(100 * (c == 0 && i >= at ? ratio : 1)) +
				     gsl_ran_gaussian(r, cv[c]);
}

/* judge_at: the verdicts of cells [0, judged) after build n (1-based count of builds so far)
 * at the levels lv, into v[]. */
static void judge_at(const struct hist *h, size_t n, size_t judged, const struct cp_levels *lv,
		     struct cp_verdict *v)
{
	static struct cp_noise nz[CELLS_MAX][CP_PAST + 1];
	size_t first = n > CP_WINDOW ? n - CP_WINDOW : 0, ns[CELLS_MAX] = {0};
	const double *ys[CELLS_MAX] = {NULL};

	for (size_t c = 0; c < h->cells; c++) {
		ys[c] = h->y[c] + first;
		ns[c] = n - first;
	}
	cp_noise_past(ys, ns, h->cells, nz, NULL);
	for (size_t c = 0; c < judged; c++)
		cp_judge(ys[c], ns[c], nz[c], CP_PAST, lv, CP_MIN_CHANGE_DEFAULT, &v[c]);
}

static int is_alert(const struct cp_verdict *v)
{
	return v->state == CP_REGRESSION && v->fresh;
}

/* constant: nz[0..CP_PAST] all sigma with df degrees of freedom (a known noise). */
static void constant(struct cp_noise *nz, double sigma, double df)
{
	for (size_t j = 0; j <= CP_PAST; j++) {
		nz[j].ss = sigma * sigma * df;
		nz[j].df = df;
	}
}

/* first_alert: the first build index (0-based) from `from` where cell 0 alerts, or n. */
static size_t first_alert(const struct hist *h, size_t from, const struct cp_levels *lv)
{
	struct cp_verdict v[CELLS_MAX];

	for (size_t i = from; i < h->n; i++) {
		judge_at(h, i + 1, 1, lv, v);
		if (is_alert(&v[0]))
			return i;
	}
	return h->n;
}

/* Counts of one simulation of no true change. */
struct nulls {
	size_t builds, bad_builds; /* judged builds; those with a false alert anywhere */
	size_t judged, alerts;     /* judged series-builds; false alerts */
	size_t watches;            /* series-builds with a watch */
	size_t worst;              /* the most alerts of one history */
};

/* run_null: n_hist histories of `subjects` subjects of `cells` cells (noise cv(r, c)), n
 * builds each, every cell judged at lv; the counts into *t; cell 0 of subject 0's own
 * alerts and judged builds into *a0 and *j0. */
static void run_null(gsl_rng *r, size_t n_hist, size_t subjects, size_t cells, size_t n,
		     double (*cv)(gsl_rng *, size_t), const struct cp_levels *lv, struct nulls *t,
		     size_t *a0, size_t *j0)
{
	static struct hist h[2];
	struct cp_verdict v[CELLS_MAX];
	double c[CELLS_MAX];

	memset(t, 0, sizeof(*t));
	*a0 = *j0 = 0;
	for (size_t k = 0; k < n_hist; k++) {
		size_t mine = 0;

		for (size_t s = 0; s < subjects; s++) {
			for (size_t i = 0; i < cells; i++)
				c[i] = cv(r, i);
			make(&h[s], r, cells, n, c, n, 1);
		}
		for (size_t b = 1; b <= n; b++) {
			int bad = 0, judged = 0;

			for (size_t s = 0; s < subjects; s++) {
				judge_at(&h[s], b, cells, lv, v);
				for (size_t i = 0; i < cells; i++) {
					if (v[i].state == CP_INSUFFICIENT)
						continue;
					judged = 1;
					t->judged++;
					t->alerts += is_alert(&v[i]);
					t->watches += v[i].state == CP_WATCH;
					bad |= is_alert(&v[i]);
					mine += is_alert(&v[i]);
					*j0 += s == 0 && i == 0;
					*a0 += s == 0 && i == 0 && is_alert(&v[i]);
				}
			}
			t->builds += judged;
			t->bad_builds += bad;
		}
		t->worst = mine > t->worst ? mine : t->worst;
	}
}

static double cv_ten(gsl_rng *r, size_t c)
{
	(void)r;
	(void)c;
	return 0.10;
}

static double cv_one_noisy(gsl_rng *r, size_t c)
{
	(void)r;
	return c == 0 ? 0.15 : 0.05;
}

static double cv_spread(gsl_rng *r, size_t c)
{
	(void)c;
	return 0.02 * pow(10, gsl_rng_uniform(r)); /* 2 % to 20 %, log-uniform */
}

static void no_change(gsl_rng *r)
{
	struct cp_levels lv;
	struct nulls t;
	size_t a0, j0;

	cp_levels_of(CP_FALSE_RATE_DEFAULT, 4, &lv);
	run_null(r, 200, 1, 4, 150, cv_ten, &lv, &t, &a0, &j0);
	printf("no change, 4 cells at 10 %% noise, all judged (campaign rate %g, per series "
	       "%.5f): %zu builds of %zu with a false alert (%.5f per build, %.2f per 365 "
	       "daily builds); per series %.5f; %.4f watches per series and build; at most "
	       "%zu alert(s) in one history of 150 builds\n",
	       CP_FALSE_RATE_DEFAULT, lv.alpha, t.bad_builds, t.builds,
	       (double)t.bad_builds / (double)t.builds,
	       365.0 * (double)t.bad_builds / (double)t.builds, (double)t.alerts / (double)t.judged,
	       (double)t.watches / (double)t.judged, t.worst);
	CHECK((double)t.bad_builds / (double)t.builds <= CP_FALSE_RATE_DEFAULT,
	      "false alarms per build of the campaign at most %g (%zu of %zu)",
	      CP_FALSE_RATE_DEFAULT, t.bad_builds, t.builds);
}

/* drop: n_hist histories of 40 builds of 4 cells at 10 % noise, cell 0's level times ratio
 * from build 21; by[b] = histories alerted by the drop's b-th build (1 = its first),
 * *early = those with a watch or the alert at the drop's build. */
static void drop(gsl_rng *r, double ratio, size_t n_hist, const struct cp_levels *lv, size_t *by,
		 size_t *early)
{
	static const double cv[4] = {0.10, 0.10, 0.10, 0.10};
	static struct hist h;

	*early = 0;
	memset(by, 0, 9 * sizeof(*by));
	for (size_t k = 0; k < n_hist; k++) {
		struct cp_verdict v[CELLS_MAX];

		make(&h, r, 4, 40, cv, 20, ratio);
		judge_at(&h, 21, 1, lv, v);
		*early += v[0].state == CP_WATCH || is_alert(&v[0]);
		for (size_t b = first_alert(&h, 20, lv) - 20 + 1; b < 9; b++)
			by[b]++;
	}
}

static void drops(gsl_rng *r)
{
	static const double cv[4] = {0.10, 0.10, 0.10, 0.10};
	size_t by[9], w, before = 0;
	struct cp_levels lv;
	static struct hist h;

	cp_levels_of(CP_FALSE_RATE_DEFAULT, 4, &lv);
	drop(r, 0.65, 200, &lv, by, &w);
	printf("35 %% drop after 20 builds: watch or alert at the drop's build in %zu of 200; "
	       "alerted by its 1st build %zu, 2nd %zu, 3rd %zu, 4th %zu\n",
	       w, by[1], by[2], by[3], by[4]);
	CHECK(by[2] >= 170, "35 %% drop: alerted by its 2nd low build in 85 %% (%zu of 200)",
	      by[2]);
	CHECK(by[3] >= 194 && by[4] == 200,
	      "35 %% drop: by its 3rd low build in 97 %% (%zu), by its 4th in all (%zu)", by[3],
	      by[4]);
	CHECK(w >= 180, "35 %% drop: a watch (or the alert) at the drop's build (%zu of 200)", w);
	drop(r, 0.75, 200, &lv, by, &w);
	printf("25 %% drop after 20 builds: alerted by its 1st low build %zu, 2nd %zu, 3rd %zu, "
	       "4th %zu, 5th %zu, 6th %zu, 7th %zu, 8th %zu (of 200)\n",
	       by[1], by[2], by[3], by[4], by[5], by[6], by[7], by[8]);
	CHECK(by[1] <= 10, "25 %% drop: rarely alerted at its 1st build (%zu)", by[1]);
	CHECK(by[3] >= 120 && by[5] >= 170,
	      "25 %% drop: 60 %% alerted by its 3rd build (%zu), 85 %% by its 5th (%zu)", by[3],
	      by[5]);
	/* the first 20 builds of such histories: a false alarm before the drop */
	for (int k = 0; k < 50; k++) {
		make(&h, r, 4, 40, cv, 20, 0.75);
		before += first_alert(&h, 0, &lv) < 20;
	}
	CHECK(before <= 2, "no alert before the drop in 48 of 50 (%zu)", before);
}

/* noisy_cell: a subject of 24 cells, cell 0 at 3 times the others' noise (15 % against
 * 5 %), all judged, no true change, 100 histories of 150 builds: cell 0's false alarms are
 * no more than its level allows (at most the 95th percentile of a Poisson count at
 * alpha x its judged builds). */
static void noisy_cell(gsl_rng *r)
{
	struct cp_levels lv;
	struct nulls t;
	size_t a0, j0;
	unsigned q95 = 0;

	cp_levels_of(CP_FALSE_RATE_DEFAULT, 24, &lv);
	run_null(r, 100, 1, 24, 150, cv_one_noisy, &lv, &t, &a0, &j0);
	while (gsl_cdf_poisson_P(q95, lv.alpha * (double)j0) < 0.95)
		q95++;
	printf("a cell at 3 x its 23 neighbours' noise, no true change: %zu alerts in %zu judged "
	       "builds (%.2e per build; its level %.2e); the subject, all 24 judged: %zu builds "
	       "of %zu with a false alert (%.5f per build)\n",
	       a0, j0, (double)a0 / (double)j0, lv.alpha, t.bad_builds, t.builds,
	       (double)t.bad_builds / (double)t.builds);
	CHECK(a0 <= q95, "a noisier cell: false alarms within its level (%zu, Poisson 95 %% %u)",
	      a0, q95);
	CHECK((double)t.bad_builds / (double)t.builds <= CP_FALSE_RATE_DEFAULT,
	      "its subject: false alarms per build at most %g (%zu of %zu)", CP_FALSE_RATE_DEFAULT,
	      t.bad_builds, t.builds);
}

/* campaign: 2 subjects x 12 cells, each cell's noise drawn from 2 % to 20 % (log-uniform),
 * all 24 series judged: false alarms of the campaign per build at most the stated rate;
 * then one cell at 10 % noise drops by 35 % after 20 builds among such neighbours. */
static void campaign(gsl_rng *r)
{
	static struct hist h;
	struct cp_levels lv;
	struct nulls t;
	size_t a0, j0, by[9] = {0};
	double cv[CELLS_MAX];

	cp_levels_of(CP_FALSE_RATE_DEFAULT, 24, &lv);
	run_null(r, 100, 2, 12, 150, cv_spread, &lv, &t, &a0, &j0);
	printf("campaign of 2 subjects x 12 cells at 2-20 %% noise, no true change, 24 series "
	       "judged at %.2e each: %zu builds of %zu with a false alert: %.5f per build "
	       "(stated %g); per series %.2e; %.4f watches per build\n",
	       lv.alpha, t.bad_builds, t.builds, (double)t.bad_builds / (double)t.builds,
	       CP_FALSE_RATE_DEFAULT, (double)t.alerts / (double)t.judged,
	       (double)t.watches / (double)t.builds);
	CHECK((double)t.bad_builds / (double)t.builds <= CP_FALSE_RATE_DEFAULT,
	      "the campaign: false alarms per build at most %g (%zu of %zu)", CP_FALSE_RATE_DEFAULT,
	      t.bad_builds, t.builds);
	for (size_t k = 0; k < 200; k++) {
		cv[0] = 0.10;
		for (size_t c = 1; c < 12; c++)
			cv[c] = cv_spread(r, c);
		make(&h, r, 12, 40, cv, 20, 0.65);
		for (size_t b = first_alert(&h, 20, &lv) - 20 + 1; b < 9; b++)
			by[b]++;
	}
	printf("the same campaign, a 35 %% drop of a cell at 10 %% noise after 20 builds: "
	       "alerted by its 2nd low build %zu, 3rd %zu, 4th %zu, 6th %zu (of 200)\n",
	       by[2], by[3], by[4], by[6]);
	CHECK(by[3] >= 150 && by[6] >= 190,
	      "and a real 35 %% drop is alerted: by its 3rd build in 75 %% (%zu), by its 6th in "
	      "95 %% (%zu)",
	      by[3], by[6]);
}

/* lucky: two agreeing builds (88.19, 88.38), then -19 % (71.62); the PUT cells drift down
 * 7 % over the three builds (48.7, 46.6, 45.2). */
static void lucky(void)
{
	static const double get[] = {88.19, 88.38, 71.62};
	static const double put[] = {48.7, 46.6, 45.2};
	struct hist h = {.cells = 2, .n = 3};
	struct cp_verdict v[CELLS_MAX];
	struct cp_levels lv;

	for (int i = 0; i < 3; i++) {
		h.y[0][i] = log(get[i]);
		h.y[1][i] = log(put[i]);
	}
	cp_levels_of(CP_FALSE_RATE_DEFAULT, 2, &lv);
	judge_at(&h, 3, 1, &lv, v);
	CHECK(v[0].state == CP_INSUFFICIENT, "2 lucky builds + a dip: not enough history (%s)",
	      cp_state_name(v[0].state));
}

/* lucky_long: 6 noisy builds, the last two before the dip agreeing to 0.2 %, then a -19 %
 * dip: a watch, no alert; a normal build after it: steady. */
static void lucky_long(void)
{
	static const double get[] = {84.0, 91.5, 86.2, 93.0, 88.19, 88.38, 71.62, 88.9};
	static const double put[] = {47.1, 49.9, 46.0, 48.7, 46.6, 45.2, 46.8, 48.1};
	struct hist h = {.cells = 2, .n = 8};
	struct cp_verdict v[CELLS_MAX];
	struct cp_levels lv;

	for (int i = 0; i < 8; i++) {
		h.y[0][i] = log(get[i]);
		h.y[1][i] = log(put[i]);
	}
	cp_levels_of(CP_FALSE_RATE_DEFAULT, 2, &lv);
	for (size_t n = 4; n <= 8; n++) {
		judge_at(&h, n, 1, &lv, v);
		CHECK(!is_alert(&v[0]), "lucky agreement, build %zu: no alert (%s)", n,
		      cp_state_name(v[0].state));
		if (n == 7)
			CHECK(v[0].state == CP_WATCH, "the -19 %% dip is a watch (%s)",
			      cp_state_name(v[0].state));
		if (n == 8)
			CHECK(v[0].state == CP_STEADY, "a normal build after it: steady (%s)",
			      cp_state_name(v[0].state));
	}
}

/* floor_small: a 5 % drop, 20 builds long at 1 % noise, is significant yet never alerted. */
static void floor_small(gsl_rng *r)
{
	static const double cv[4] = {0.01, 0.01, 0.01, 0.01};
	static struct hist h;
	struct cp_verdict v[CELLS_MAX];
	struct cp_noise nz[CP_PAST + 1];
	struct cp_levels lv;

	cp_levels_of(CP_FALSE_RATE_DEFAULT, 4, &lv);
	make(&h, r, 4, 40, cv, 20, 0.95);
	CHECK(first_alert(&h, 0, &lv) == h.n, "a 5 %% shift is never alerted (floor 10 %%)");
	judge_at(&h, 40, 1, &lv, v);
	CHECK(v[0].state == CP_STEADY, "and the series is steady (%s)", cp_state_name(v[0].state));
	constant(nz, 0.01, 100);
	cp_judge(h.y[0], 30, nz, CP_PAST, &lv, 0.02, &v[0]);
	CHECK(v[0].state == CP_REGRESSION, "with a 2 %% floor it is a regression (%s)",
	      cp_state_name(v[0].state));
}

/* reference: the confirmation test against SciPy's values (header comment). */
static void reference(void)
{
	static const double f[] = {100, 103, 97, 101, 99, 102, 70, 72};
	struct cp_noise nz[CP_PAST + 1];
	struct cp_levels lv = {CP_ALPHA, 0.01};
	double y[8];
	struct cp_verdict v;

	for (int i = 0; i < 8; i++)
		y[i] = log(f[i]);
	constant(nz, 0.03, 20);
	cp_judge(y, 8, nz, CP_PAST, &lv, CP_MIN_CHANGE_DEFAULT, &v);
	CHECK(v.state == CP_REGRESSION && v.fresh && v.start == 6 && v.after == 2 && v.before == 6,
	      "reference: a fresh regression from point 6 (%s start %zu)", cp_state_name(v.state),
	      v.start);
	CHECK_NUM(v.p, 3.677275859116138e-12, 1e-20, "reference: one-sided p (SciPy t.sf)");
	CHECK_NUM(v.lo, 0.6724559517038274, 1e-12, "reference: interval low (SciPy t.ppf)");
	CHECK_NUM(v.hi, 0.7448087927143904, 1e-12, "reference: interval high (SciPy t.ppf)");
}

/* levels: Sidak's share of the campaign's rate, and the watch's. */
static void levels(void)
{
	struct cp_levels lv;

	cp_levels_of(0.01, 1, &lv);
	CHECK_NUM(lv.alpha, 0.01, 1e-15, "one series: the campaign's rate");
	CHECK_NUM(lv.watch, 0.05, 1e-15, "one series: the watch at 5 x the rate");
	cp_levels_of(0.01, 48, &lv);
	CHECK_NUM(lv.alpha, 1 - pow(0.99, 1.0 / 48), 1e-15, "48 series: 1 - 0.99^(1/48)");
	CHECK_NUM(1 - pow(1 - lv.alpha, 48), 0.01, 1e-14, "and together exactly 1 %%");
	cp_levels_of(0.2, 3, &lv);
	CHECK_NUM(lv.watch, 1 - pow(0.5, 1.0 / 3), 1e-15, "the watch's rate capped at 0.5");
}

int main(void)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);

	gsl_rng_set(r, 26);
	levels();
	reference();
	lucky();
	lucky_long();
	floor_small(r);
	no_change(r);
	drops(r);
	noisy_cell(r);
	campaign(r);
	gsl_rng_free(r);
	return check_done();
}
