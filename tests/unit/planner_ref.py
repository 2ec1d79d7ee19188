#!/usr/bin/python3
"""tests/unit/planner_ref.py: the planner's rules (docs/METHODOLOGY.md, "Planning cycles")
computed independently with SciPy, by plain search over n: the Student-t rule of the mean,
the order-statistic rule of the median (binomial coverage, Blom's expected order statistics
of normal runs) and the comparison rule (the detectable ratio at a Bonferroni level).
Prints the C tables of tests/unit/test_planner.c; with --json, one JSON object of the same
cases for a script to compare with (tests/e2e/analyze_plan.sh imports the functions)."""
import math
import sys

from scipy import stats

MAX = 10000
CONF = 0.95
POWER = 0.8


def mean_rule(sd, mean, target):
    """smallest n >= 2 with t_{0.975, n-1} sd / sqrt(n) <= target mean; None past MAX (the
    width falls as n grows: when MAX does not do, none does)"""
    if stats.t.ppf(0.5 + CONF / 2, MAX - 1) * sd / math.sqrt(MAX) > target * mean:
        return None
    for n in range(2, MAX + 1):
        if stats.t.ppf(0.5 + CONF / 2, n - 1) * sd / math.sqrt(n) <= target * mean:
            return n
    return None


def median_rank(n):
    """the largest k (2k <= n + 1) with 1 - 2 P(B <= k - 1) >= CONF, else 1; its coverage:
    k - 1 is the largest x with P(B <= x) <= (1 - CONF) / 2 (binom.ppf gives the smallest
    x with P(B <= x) >= that)"""
    q = (1 - CONF) / 2
    x = int(stats.binom.ppf(q, n, 0.5))
    if stats.binom.cdf(x, n, 0.5) > q:
        x -= 1
    k = min(max(x + 1, 1), (n + 1) // 2)
    return k, 1 - 2 * stats.binom.cdf(k - 1, n, 0.5)


def median_rule(sd, median, target, start=2):
    """smallest n with coverage >= CONF and sd Phi^-1((n + 0.625 - k)/(n + 0.25)) <= target median"""
    for n in range(start, MAX + 1):
        k, cov = median_rank(n)
        if cov >= CONF and sd * stats.norm.ppf((n + 0.625 - k) / (n + 0.25)) <= target * median:
            return n
    return None


def detectable(sd, n, df, alpha):
    return math.exp((stats.t.ppf(1 - alpha / 2, df) + stats.t.ppf(POWER, df)) * sd / math.sqrt(n))


def ratio_rule(sd, extra, family, alpha, target):
    """smallest n >= 3 with the detectable ratio at alpha / family <= 1 + target (it falls
    as n grows: when MAX does not do, none does)"""
    if detectable(sd, MAX, MAX - 1 + extra, alpha / family) > 1 + target:
        return None
    for n in range(3, MAX + 1):
        if detectable(sd, n, n - 1 + extra, alpha / family) <= 1 + target:
            return n
    return None


MEAN = [(0.5, 100, 0.05), (5, 100, 0.05), (3, 100, 0.05), (10, 100, 0.05), (20, 100, 0.05),
        (5, 100, 0.01), (30, 100, 0.02), (0, 100, 0.05), (1, 100, 0.5), (60, 100, 0.001)]
MEDIAN = [(0.5, 100, 0.05), (2, 100, 0.05), (5, 100, 0.05), (10, 100, 0.05), (5, 100, 0.02),
          (20, 100, 0.03), (0, 100, 0.05), (3.3, 50, 0.04), (60, 100, 0.001), (19, 100, 0.005)]
RATIO = [(0.05, 0, 1, 0.05, 0.05), (0.05, 0, 6, 0.05, 0.05), (0.02, 30, 1, 0.05, 0.05),
         (0.1, 4.5, 3, 0.05, 0.05), (0.05, 0, 1, 0.01, 0.1), (0.3, 0, 10, 0.05, 0.01),
         (0, 0, 1, 0.05, 0.05), (0.03, 12, 28, 0.05, 0.02)]


def blom_above_large_n():
    """planner.c starts the median search where the large-n width z sqrt(pi/2) / sqrt(n)
    meets the target: true when Blom's width is at least it at every n from 6 to 20000"""
    for n in range(6, 20001):
        k, _ = median_rank(n)
        if stats.norm.ppf((n + 0.625 - k) / (n + 0.25)) < \
                stats.norm.ppf(0.975) * math.sqrt(math.pi / 2 / n):
            return False
    return True


def c_need(n):
    return "PLANNER_BEYOND" if n is None else str(n)


def main():
    if "--json" in sys.argv:
        import json
        print(json.dumps({"mean": [list(c) + [mean_rule(*c)] for c in MEAN],
                          "median": [list(c) + [median_rule(*c)] for c in MEDIAN],
                          "ratio": [list(c) + [ratio_rule(*c)] for c in RATIO]}))
        return
    import numpy
    import scipy
    print("\t/* /usr/bin/python3 tests/unit/planner_ref.py (NumPy %s, SciPy %s) */"
          % (numpy.__version__, scipy.__version__))
    print("Blom's width at least the large-n width, n = 6 to 20000: %s" % blom_above_large_n())
    print("mean: {sd, mean, target, n}")
    for c in MEAN:
        print("\t{%r, %r, %r, %s}," % (c + (c_need(mean_rule(*c)),)))
    print("median: {sd, median, target, n}")
    for c in MEDIAN:
        print("\t{%r, %r, %r, %s}," % (c + (c_need(median_rule(*c)),)))
    print("ratio: {sd, df_extra, family, alpha, target, n}")
    for c in RATIO:
        print("\t{%r, %r, %r, %r, %r, %s}," % (c + (c_need(ratio_rule(*c)),)))


if __name__ == "__main__":
    main()
