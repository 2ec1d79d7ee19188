#!/usr/bin/python3
"""tests/tools/pctci_methods.py: the methods docs/METHODOLOGY.md ("Percentile intervals")
chose between, side by side on synthetic campaigns of known percentiles (NumPy, SciPy).

    pctci_methods.py [REPS]        (default 300 campaigns per case; about a minute each)

For each case (latency model, quantile, requests per run, 5 cycles, cycle effect sd) it
prints each method's coverage of the true quantile of the whole population and its
median width (ln hi/lo):
  binomial   the order-statistic interval of the pooled requests alone;
  cycles-t   pooled value x exp(+-t_{0.975,k-1} sd(ln run percentiles) / sqrt(k));
  jackknife  the same with the delete-one-cycle jackknife's sd of ln pooled value;
  union      binomial and cycles-t together (what analyze reports);
  bootstrap  the two-stage cluster bootstrap (cycles resampled, then requests within
             each), percentile interval, 300 resamples.
Not a test: the numbers behind a choice. The chosen method's own check is
tests/unit/test_pctci.c."""
import sys

import numpy as np
from scipy import optimize, stats

RNG = np.random.default_rng(20260514)
MU, SIG_LN, SIG_BODY, SHARE, XM, ALPHA = np.log(20), 0.5, 0.4, 0.03, 60.0, 1.5


def draw(kind, n, ce):
    if kind == "lognormal":
        x = np.exp(RNG.normal(MU, SIG_LN, n))
    else:
        x = np.exp(RNG.normal(MU, SIG_BODY, n))
        m = RNG.random(n) < SHARE
        x[m] = XM * (1 + RNG.pareto(ALPHA, m.sum()))
    return x * np.exp(ce)


def truth(kind, q, sc):
    if kind == "lognormal":
        return np.exp(MU + stats.norm.ppf(q) * np.sqrt(SIG_LN**2 + sc**2))
    z, w = np.polynomial.hermite_e.hermegauss(60)
    w = w / w.sum()

    def cdf(x):
        y = x * np.exp(-sc * z)
        tail = np.where(y < XM, 0, 1 - (np.maximum(y, XM) / XM) ** -ALPHA)
        return np.sum(w * ((1 - SHARE) * stats.norm.cdf((np.log(y) - MU) / SIG_BODY)
                           + SHARE * tail))

    return optimize.brentq(lambda x: cdf(x) - q, 1e-3, 1e8)


def pct(x, q):
    return np.quantile(x, q, method="inverted_cdf")


def ranks(n, q, a=0.025):
    b = stats.binom(n, q)
    r = int(b.ppf(a))
    while r >= 1 and b.cdf(r - 1) > a:
        r -= 1
    while b.cdf(r) <= a:
        r += 1
    s = int(b.ppf(1 - a)) + 1
    while s <= n and b.sf(s - 1) > a:
        s += 1
    return max(r, 1), min(s, n)


def case(kind, q, n, k, sc, reps):
    t = truth(kind, q, sc)
    tq = stats.t.ppf(0.975, k - 1)
    hits = {m: 0 for m in ("binomial", "cycles-t", "jackknife", "union", "bootstrap")}
    width = {m: [] for m in hits}
    for _ in range(reps):
        runs = [np.sort(draw(kind, n, RNG.normal(0, sc))) for _ in range(k)]
        pool = np.sort(np.concatenate(runs))
        p = pct(pool, q)
        r, s = ranks(len(pool), q)
        lp = np.log([pct(x, q) for x in runs])
        h = tq * lp.std(ddof=1) / np.sqrt(k)
        jk = np.log([pct(np.concatenate(runs[:i] + runs[i + 1:]), q) for i in range(k)])
        hj = tq * np.sqrt((k - 1) / k * np.sum((jk - jk.mean()) ** 2))
        boot = []
        for _ in range(300):
            pick = RNG.integers(0, k, k)
            boot.append(pct(np.concatenate([runs[i][RNG.integers(0, n, n)] for i in pick]), q))
        iv = {
            "binomial": (pool[r - 1], pool[s - 1]),
            "cycles-t": (p * np.exp(-h), p * np.exp(h)),
            "jackknife": (p * np.exp(-hj), p * np.exp(hj)),
            "bootstrap": tuple(np.quantile(boot, [0.025, 0.975])),
        }
        iv["union"] = (min(iv["binomial"][0], iv["cycles-t"][0]),
                       max(iv["binomial"][1], iv["cycles-t"][1]))
        for m, (lo, hi) in iv.items():
            hits[m] += lo <= t <= hi
            width[m].append(np.log(hi / lo))
    print(f"{kind:10s} p{q * 100:g} {k} x {n} cycle sd {sc}: " +
          "  ".join(f"{m} {hits[m] / reps:.3f}/{np.median(width[m]):.2f}" for m in hits))


def main():
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    for kind in ("lognormal", "pareto"):
        for sc in (0.0, 0.1, 0.25):
            case(kind, 0.99, 2000, 5, sc, reps)


if __name__ == "__main__":
    main()
