/* analyze/history/changepoint.h: sustained shifts in a series of scheduled builds (the trend's
 * regression alerts; docs/METHODOLOGY.md "Shifts over the builds").
 *
 * A series y[0..n-1] is ln of one cell's latest-cycle figure, one point per cycle, oldest
 * first. Its noise sigma (log scale, with df degrees of freedom) is estimated by the caller
 * (cp_noise.h: the series' own, moderated over the subject's cells). The model is a
 * piecewise-constant level plus independent normal noise:
 * - cp_segment finds the past change points by binary segmentation: in a segment the split
 *   with the largest two-sample t (both sides at least CP_MIN_SEGMENT points) is a change
 *   point when its two-sided p, times the number of candidate splits (Bonferroni), is
 *   below CP_ALPHA, with and without the shorter side's most extreme point (so that one
 *   outlier cannot make a change point);
 * - the newest L points (L = 2 .. CP_TAIL_MAX) are also tested as a new level against the
 *   rest of their segment (the confirmation test, one-sided at the series' alpha /
 *   (CP_TAIL_MAX - 1), each of the newest 2 points beyond the floor): a low point 1 build
 *   old is a "watch", a shift that the next builds confirm is a regression (or
 *   improvement);
 * - a shift smaller than min_change (a fraction: 0.10) is never a regression or a watch.
 * The series' levels (struct cp_levels) are its share of the campaign's false-alarm rate
 * (cp_levels_of). All functions are pure: no allocation, no I/O. */
#ifndef ANALYZE_CHANGEPOINT_H
#define ANALYZE_CHANGEPOINT_H

#include <stddef.h>

#define CP_ALPHA 0.002            /* level of a split of the past (the segmentation) */
#define CP_LOO_ALPHA 0.01         /* a confirmation of 3 or more points without its most extreme */
#define CP_MIN_POINTS 4           /* fewer points: not enough history to judge */
#define CP_MIN_SEGMENT 3          /* points on each side of a split of the past */
#define CP_TAIL_MAX 6             /* the newest 2 to 6 points are tested as a new level */
#define CP_PAST (2 * CP_TAIL_MAX) /* noise as of this many builds back (cp_judge's nz) */
#define CP_MIN_DF 4               /* fewer noise degrees of freedom: not enough history */
#define CP_WINDOW 30              /* the newest points judged (older ones are not read) */
#define CP_MIN_CHANGE_DEFAULT 0.10
#define CP_FALSE_RATE_DEFAULT 0.01 /* false alarms per build, the whole campaign */
#define CP_WATCH_FACTOR 5          /* the watches' rate: this many times the alarms' */
#define CP_MAX_SPLITS 32

/* Noise of a series: sum of squares and its degrees of freedom (variance ss / df). */
struct cp_noise {
	double ss, df;
};

/* The levels one series is judged at, each per build. */
struct cp_levels {
	double alpha; /* a shift: the confirmation (Bonferroni over its L) and a split that
			 makes the verdict */
	double watch; /* the one-build watch */
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
 * the new level showed a shift of the same direction (so one shift alerts once). noise_at
 * = the j of the noise nz[j] the verdict was judged with (cp_judge: L for a confirmation of
 * the newest L points, 1 for a watch, else 0). */
struct cp_verdict {
	enum cp_state state;
	size_t start, after, before;
	double ratio, lo, hi, p, p_adj;
	int fresh;
	size_t noise_at;
};

/* cp_levels_of: the levels of each of m series (m >= 1) judged together, a campaign whose
 * false alarms per build must stay at most rate (0 < rate < 1): Sidak's share alpha = 1 -
 * (1 - rate)^(1/m), and the watch's share of CP_WATCH_FACTOR x rate (capped at 0.5). */
void cp_levels_of(double rate, size_t m, struct cp_levels *lv);

/* cp_sigma: sqrt(ss / df), 0 when df is 0. */
double cp_sigma(const struct cp_noise *nz);

/* cp_segment: the change points of y[0..n-1] (indices of the first point of each new
 * segment, ascending) into cps (at most max); returns their number. sigma > 0, df >= 1. */
size_t cp_segment(const double *y, size_t n, double sigma, double df, size_t *cps, size_t max);

/* cp_judge: the verdict of y[0..n-1] (n <= CP_WINDOW is not required) at the levels lv
 * and the floor min_change (0 <= min_change < 1), into *v. nz[j] (j = 0 .. past, past <=
 * CP_PAST; cp_noise_past) is the series' noise with the newest j points of every series
 * left out, i.e. as of j builds ago: the newest L points are tested against nz[L] (noise
 * from before them, which a new level cannot inflate), the watch against nz[1], the
 * verdict's past change point with nz[0], and freshness re-judges the builds before this one
 * with the noise they had, so that a shift a noisier past did not show is still alerted
 * once. */
void cp_judge(const double *y, size_t n, const struct cp_noise *nz, size_t past,
	      const struct cp_levels *lv, double min_change, struct cp_verdict *v);

/* cp_state_name: "insufficient", "steady", "watch", "regression", "improvement". */
const char *cp_state_name(enum cp_state s);

#endif
