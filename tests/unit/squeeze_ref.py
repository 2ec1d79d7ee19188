#!/usr/bin/python3
"""tests/unit/squeeze_ref.py: an independent computation of the moderated variances of
docs/METHODOLOGY.md ("Moderated variances"; Smyth 2004, limma's fitFDist and squeezeVar),
written from the formulas with NumPy and scipy.special, for the checks of
analyze/stats/squeeze.c: tests/unit/test_squeeze.c holds the values it prints, and
tests/e2e/analyze_stats.sh imports it to recheck a campaign's prior and posteriors.

The inverse of the trigamma function is found by bracketing and Brent's method
(scipy.optimize.brentq), not by the Newton iteration of the C code.

Usage: /usr/bin/python3 tests/unit/squeeze_ref.py   (prints the C tables of test_squeeze.c)
Needs Debian's python3-scipy (not in scripts/setup)."""
import math
import sys

import numpy as np
from scipy.optimize import brentq
from scipy.special import digamma, polygamma


def trigamma_inverse(x):
    """The y > 0 with polygamma(1, y) = x (1/x below 1e-6, 1/sqrt(x) above 1e7)."""
    if math.isnan(x) or x < 0:
        return math.nan
    if x < 1e-6:
        return math.inf if x == 0 else 1 / x
    if x > 1e7:
        return 1 / math.sqrt(x)
    hi = 1.0
    while polygamma(1, hi) > x:
        hi *= 2
    return brentq(lambda y: polygamma(1, y) - x, 1e-12, hi, xtol=1e-300, rtol=1e-15,
                  maxiter=500)


def fit(var, df):
    """(n, d0, s0^2, pooled df) of the variances var on df degrees of freedom."""
    ok = [(v, d) for v, d in zip(var, df)
          if math.isfinite(v) and v >= 0 and math.isfinite(d) and d > 0]
    n, pooled = len(ok), float(sum(d for _, d in ok))
    if n == 0:
        return 0, math.nan, math.nan, pooled
    if n == 1:
        return 1, 0.0, ok[0][0], pooled
    v = np.array([a for a, _ in ok])
    d = np.array([b for _, b in ok])
    m = float(np.median(v))
    x = np.maximum(v, 1e-5 * (m if m > 0 else 1))
    e = np.log(x) - digamma(d / 2) + np.log(d / 2)
    excess = float(np.var(e, ddof=1) - np.mean(polygamma(1, d / 2)))
    if excess > 0:
        d0 = 2 * trigamma_inverse(excess)
        return n, d0, float(math.exp(e.mean() + digamma(d0 / 2) - math.log(d0 / 2))), pooled
    return n, math.inf, float(x.mean()), pooled


def posterior(prior, v, d):
    """(posterior variance, its df) of v on d degrees of freedom under prior (fit's)."""
    _, d0, s0, pooled = prior
    if not d0 > 0:
        return v, d
    if math.isinf(d0):
        return s0, min(d + d0, pooled)
    return (d0 * s0 + d * v) / (d0 + d), min(d + d0, pooled)


NAN = math.nan
# the sets of tests/unit/test_squeeze.c: (name, variances, degrees of freedom)
SETS = [
    ("log spread 0.7 on df 6: d0 about 26", [0.00151, 0.00248, 0.0037, 0.005, 0.00611, 0.00824,
                                              0.01113, 0.01502, 0.00452, 0.00746], [6] * 10),
    ("mixed df 2, 4, 6: d0 about 3", [0.00061, 0.00604, 0.00201, 0.00996, 0.02006, 0.00122,
                                      0.00366, 0.00041], [2, 4, 6, 2, 4, 6, 2, 4]),
    ("spread over 6 decades", [1e-4, 0.02, 3e-3, 0.5, 2e-5, 0.08], [2, 2, 4, 4, 6, 6]),
    ("alike: infinite d0", [0.0100, 0.0102, 0.0098, 0.0101], [2] * 4),
    ("zeros lifted to 1e-5 x median", [0.0, 0.004, 0.006, 0.01, 0.0], [2] * 5),
    ("more than half zero", [0.0, 0.0, 0.0, 0.01, 0.02], [2] * 5),
    ("one usable", [NAN, 0.02, -1.0, 0.03], [2, 2, 2, 0]),
    ("none usable", [NAN, 0.01], [2, 0]),
]
TRIGAMMA = [1e-8, 0.001, 0.5, 1.6449340668482264, 10.0, 1e5, 2e7]


def c_num(v):
    if math.isnan(v):
        return "NAN"
    if math.isinf(v):
        return "INFINITY"
    return repr(float(v))


def main():
    print("/* python3 tests/unit/squeeze_ref.py (NumPy %s, SciPy %s) */" %
          (np.__version__, __import__("scipy").__version__))
    for name, v, d in SETS:
        p = fit(v, d)
        post = [posterior(p, a, b) for a, b in zip(v, d)]
        print('\t{"%s", %d, {%s}, {%s},\n\t %d, %s, %s, %s,\n\t {%s},\n\t {%s}},' % (
            name, len(v), ", ".join(c_num(a) for a in v), ", ".join(c_num(b) for b in d),
            p[0], c_num(p[1]), c_num(p[2]), c_num(p[3]),
            ", ".join(c_num(a) for a, _ in post), ", ".join(c_num(b) for _, b in post)))
    for x in TRIGAMMA:
        print("\t{%s, %s}," % (c_num(x), c_num(trigamma_inverse(x))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
