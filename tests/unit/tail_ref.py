#!/usr/bin/python3
"""tests/unit/tail_ref.py: an independent computation of the tail comparisons of
docs/METHODOLOGY.md ("Tail comparisons") on the per-cycle percentiles of
tests/unit/test_tail.c, with SciPy: the paired t-test on the log scale (scipy.stats.
ttest_rel), the moderated variances (tests/unit/squeeze_ref.py), Bonferroni within the
category and Holm's step-down in the tail leader's family. test_tail.c holds the values
it prints.

Usage: /usr/bin/python3 tests/unit/tail_ref.py   (prints the C table of test_tail.c)"""
import math
import os
import sys

import numpy as np
from scipy import stats

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import squeeze_ref  # noqa: E402

ALPHA = 0.05
# the runs' own percentiles (ms) by subject and cycle: test_tail.c's P50 and P99
P50 = {"a": [20.0, 21.0, 19.0, 22.0, 20.0], "b": [20.5, 21.2, 19.3, 22.4, 20.1],
       "c": [25.0, 26.0, 24.0, 27.0, 25.0]}
P99 = {"a": [80.0, 95.0, 70.0, 110.0, 85.0], "b": [120.0, 150.0, 100.0, 170.0, 125.0],
       "c": [90.0, 121.0, 66.0, 125.0, 96.0]}
PAIRS = [("a", "b"), ("a", "c"), ("b", "c")]


def metric(name, p):
    """The comparisons of one metric: ratio A/B, ci95, p, moderated df, p_adj; then the
    leader (lowest mean) and its family's Holm decisions."""
    d = {k: np.log(p[k[0]]) - np.log(p[k[1]]) for k in PAIRS}
    n = 5
    plain = {k: stats.ttest_rel(np.log(p[k[0]]), np.log(p[k[1]])) for k in PAIRS}
    var = [float(np.var(d[k], ddof=1)) for k in PAIRS]
    prior = squeeze_ref.fit(var, [n - 1] * len(PAIRS))
    rows = []
    for k, v in zip(PAIRS, var):
        s2, df = squeeze_ref.posterior(prior, v, n - 1)
        se = math.sqrt(s2 / n)
        mean = float(np.mean(d[k]))
        t = mean / se
        pv = 2 * stats.t.sf(abs(t), df)
        h = stats.t.ppf(0.975, df) * se
        rows.append((k, math.exp(mean), math.exp(mean - h), math.exp(mean + h), pv, df, se))
    fam = len(rows)
    mean_of = {s: float(np.mean(p[s])) for s in p}
    lead = min(mean_of, key=lambda s: mean_of[s])
    print("/* %s: plain ttest_rel p %s; prior d0 %s s0^2 %s */" % (
        name, ", ".join("%s%s %.10g" % (k[0], k[1], plain[k].pvalue) for k in PAIRS),
        repr(prior[1]), repr(prior[2])))
    for k, ratio, lo, hi, pv, df, se in rows:
        print('\t{"%s", "%s", "%s", %r, %r, %r, %r, %r, %r},' % (
            name, k[0], k[1], ratio, lo, hi, pv, df, min(1.0, fam * pv)))
    # Holm in the leader's family
    famrows = sorted([r for r in rows if lead in r[0]], key=lambda r: r[4])
    m = len(famrows)
    rejected = []
    for j, r in enumerate(famrows):
        if r[4] < ALPHA / (m - j):
            rejected.append(r[0])
        else:
            break
    print("/* %s leader %s (mean %.4g); Holm rejects %s */" % (name, lead, mean_of[lead],
                                                             rejected))


def main():
    print("/* /usr/bin/python3 tests/unit/tail_ref.py (NumPy %s, SciPy %s) */" %
          (np.__version__, __import__("scipy").__version__))
    metric("p50_ms", P50)
    metric("p99_ms", P99)
    return 0


if __name__ == "__main__":
    sys.exit(main())
