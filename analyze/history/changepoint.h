/* analyze/history/changepoint.h: sustained shifts in a series of scheduled builds (the trend's
 * regression alerts; docs/METHODOLOGY.md "Shifts over the builds").
 *
 * A series y[0..n-1] is ln of one cell's latest-cycle figure, one point per cycle, oldest
 * first. Its noise sigma (log scale, with df degrees of freedom) is estimated by the caller
 * with cp_noise_*: from the cell's own series when it is long, else pooled over the cells
 * of the same subject. The model is a piecewise-constant level plus independent normal
 * noise:
 * - cp_segment finds the past change points by binary segmentation: in a segment the split
 *   with the largest two-sample t (both sides at least CP_MIN_SEGMENT points) is a change
 *   point when its two-sided p, times the number of candidate splits (Bonferroni), is
 *   below CP_ALPHA, with and without the shorter side's most extreme point (so that one
 *   outlier cannot make a change point);
 * - the newest L points (L = 2 .. CP_TAIL_MAX) are also tested as a new level against the
 *   rest of their segment (the confirmation test, one-sided at CP_ALPHA / (CP_TAIL_MAX -
 *   1), each of the newest 2 points beyond the floor): a low point 1 build old is a
 *   "watch", a shift that the next builds confirm is a regression (or improvement);
 * - a shift smaller than min_change (a fraction: 0.10) is never a regression or a watch.
 * All functions are pure: no allocation, no I/O. */
#ifndef ANALYZE_CHANGEPOINT_H
#define ANALYZE_CHANGEPOINT_H

#include <stddef.h>

#define CP_ALPHA 0.002      /* level of a split and of the confirmation tests */
#define CP_WATCH_ALPHA 0.01 /* level of the one-build watch */
#define CP_MIN_POINTS 4     /* fewer points: not enough history to judge */
#define CP_MIN_SEGMENT 3    /* points on each side of a split of the past */
#define CP_TAIL_MAX 6       /* the newest 2 to 6 points are tested as a new level */
#define CP_MIN_DF 4         /* fewer noise degrees of freedom: not enough history */
#define CP_OWN_DF 30        /* a cell's own noise estimate is used from this many df */
#define CP_WINDOW 30        /* the newest points judged (older ones are not read) */
#define CP_MIN_CHANGE_DEFAULT 0.10
#define CP_MAX_SPLITS 32

/* Noise of one or several series: sum of squares and its degrees of freedom. */
struct cp_noise {
	double ss, df;
};

enum cp_state {
	CP_INSUFFICIENT, /* not enough history to judge */
	CP_STEADY,       /* no shift of min_change or more since the last change point */
	CP_WATCH,        /* the newest point alone is low: wait for the next build */
	CP_REGRESSION,   /* the level since point `start` is lower (confirmed) */
	CP_IMPROVEMENT,  /* the level since point `start` is higher (confirmed) */
};

/* A series' verdict. For a shift (and a watch): start = index of the first point of the
 * new level, after = points since then, before = points of the level before it; ratio =
 * exp(new mean - old mean) with its 95 % interval (unadjusted) [lo, hi]; p its test's
 * p-value (the split's two-sided one, or the confirmation's or watch's one-sided one) and
 * p_adj the split's after Bonferroni (= p for the other two). fresh = the shift is new in
 * this build: none of the series' CP_TAIL_MAX previous builds that already held points of
 * the new level showed a shift of the same direction (so one shift alerts once). */
struct cp_verdict {
	enum cp_state state;
	size_t start, after, before;
	double ratio, lo, hi, p, p_adj;
	int fresh;
};

/* cp_noise_mssd: adds the successive differences of y[0..n-1] to *nz as sum of d^2 / 2
 * with one degree of freedom per difference (von Neumann's estimate; a level shift adds
 * one large difference, not a whole segment's worth). */
void cp_noise_mssd(const double *y, size_t n, struct cp_noise *nz);

/* cp_noise_segments: adds y's squared deviations from the means of its segments (cut
 * at the ascending change points cps[0..ncp-1]) and sum(len - 1) degrees of freedom. */
void cp_noise_segments(const double *y, size_t n, const size_t *cps, size_t ncp,
		       struct cp_noise *nz);

/* cp_noise_of: the noise of series own among the k series ys[i][0..ns[i]-1] (the cells of
 * one subject): first von Neumann's estimate pooled over all k; with it each series is
 * segmented (cp_segment) and the deviations from its segments' means are pooled
 * (cp_noise_segments). The result is series own's share alone when it has CP_OWN_DF
 * degrees of freedom or more (then *alone = 1; alone may be NULL), else the pool. */
struct cp_noise cp_noise_of(const double *const *ys, const size_t *ns, size_t k, size_t own,
			    int *alone);

/* cp_sigma: sqrt(ss / df), 0 when df is 0. */
double cp_sigma(const struct cp_noise *nz);

/* cp_segment: the change points of y[0..n-1] (indices of the first point of each new
 * segment, ascending) into cps (at most max); returns their number. sigma > 0, df >= 1. */
size_t cp_segment(const double *y, size_t n, double sigma, double df, size_t *cps, size_t max);

/* cp_judge: the verdict of y[0..n-1] (n <= CP_WINDOW is not required) with noise sigma
 * (df degrees of freedom) and the floor min_change (0 <= min_change < 1), into *v. */
void cp_judge(const double *y, size_t n, double sigma, double df, double min_change,
	      struct cp_verdict *v);

/* cp_state_name: "insufficient", "steady", "watch", "regression", "improvement". */
const char *cp_state_name(enum cp_state s);

#endif
