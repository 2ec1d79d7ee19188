/* analyze/stats/pctci.h: how well a cell's pooled requests pin down a percentile: the
 * fewest requests that bound it, and its 95 % interval from the runs' histograms
 * (core/hist.h). Formulas, the choice between methods and the simulations behind it:
 * docs/METHODOLOGY.md, "Percentile intervals".
 *
 * The interval is the union of two:
 *   within   the distribution-free order-statistic interval of the pooled N requests
 *            (the number B of requests at or below the true p-quantile is Binomial(N, p)):
 *            ranks [r, s], read from the pooled histogram as the lowest value of rank r's
 *            bucket and the highest of rank s's (the histogram's resolution, 1/256 of the
 *            value, goes to the interval's side, never inside it);
 *   between  the cycles' own spread: the runs' own p-quantiles x_1 .. x_k (one run per
 *            cycle), the pooled value P times exp(+-t_{0.975, k-1} sd(ln x_i) / sqrt(k)).
 * The binomial part is exact when the cycles are alike; when they differ it is too narrow
 * and the between part (whose spread includes each run's own sampling) takes over.
 * The distribution functions are GSL's (gsl_cdf_binomial_P, gsl_cdf_tdist_Pinv), never
 * called with an argument they would reject. */
#ifndef ANALYZE_PCTCI_H
#define ANALYZE_PCTCI_H

#include <stddef.h>
#include <stdint.h>

struct hist;

#define PCTCI_CONF 0.95 /* every percentile interval and the minimum-N rule */

/* pctci_min_n: the fewest independent values whose largest is a one-sided conf upper
 * bound of the p-quantile: the smallest n with 1 - p^n >= conf, i.e.
 * ceil(ln(1 - conf) / ln p) (at 95 %: p50 5, p90 29, p99 299, p99.9 2,995). 0 unless
 * 0 < p < 1 and 0 < conf < 1. */
uint64_t pctci_min_n(double p, double conf);

/* pctci_supported: 1 when n requests can bound the p-quantile: n >= pctci_min_n(p,
 * PCTCI_CONF) (and n > 0); else 0. */
int pctci_supported(uint64_t n, double p);

/* The order-statistic ranks of a two-sided interval. */
struct pctci_ranks {
	uint64_t r, s;   /* 1 <= r <= s <= n: [x_(r), x_(s)] */
	double coverage; /* its exact coverage P(r <= B <= s - 1), B ~ Binomial(n, p) */
	int short_lo;    /* 1: even r = 1 leaves more than (1 - conf)/2 below (r = 1 kept) */
	int short_hi;    /* 1: even s = n leaves more than (1 - conf)/2 above (s = n kept) */
};

/* pctci_ranks: the ranks of the conf interval of the p-quantile of n values: r the
 * largest rank with P(B <= r - 1) <= (1 - conf)/2, s the smallest with P(B >= s) <=
 * (1 - conf)/2; when none exists, the extreme rank with its smaller coverage (short_lo,
 * short_hi). -1 unless 1 <= n <= UINT_MAX (GSL's binomial takes an unsigned), 0 < p < 1 and
 * 0 < conf < 1. */
int pctci_ranks(uint64_t n, double p, double conf, struct pctci_ranks *out);

/* A percentile's interval (ns; NaN: none). */
struct pctci {
	int supported; /* pctci_supported(N, p): else every figure below is NaN (and above
			  UINT_MAX requests too: pctci_ranks) */
	double lo, hi; /* the union of the two parts */
	double within_lo, within_hi;
	double between_lo, between_hi; /* NaN with fewer than 2 runs */
	double coverage;               /* the within part's exact coverage (pctci_ranks) */
	size_t runs;                   /* runs behind the between part (0 when fewer than 2) */
};

/* pctci_of: the interval of the p-quantile (0 < p < 1) of the requests of the runs
 * runs[0 .. k-1] (their histograms; a run with no request is left out of the between
 * part), whose merged histogram is `pooled`. All only read. Never fails: what cannot be
 * computed is NaN. */
void pctci_of(const struct hist *pooled, const struct hist *const *runs, size_t k, double p,
	      struct pctci *out);

#endif
