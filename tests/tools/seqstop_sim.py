#!/usr/bin/python3
"""tests/tools/seqstop_sim.py: the coverage of cycles = auto's intervals at the stop
(docs/METHODOLOGY.md, "Stopping on precision"; core/seqstop.h), by simulation: for each
target and CV of the grid, 1,000 campaigns (seeded) whose cells' per-cycle MiB/s are
lognormal with that CV; each campaign runs cycles until every cell's 95 % Student t interval
of the mean is within target x mean (from MIN_CYCLES on, at most MAX_CYCLES), then reports each
cell's interval plain (t at 0.975) and widened (t at SEQSTOP_WIDE_Q = 0.99). Prints the share
of intervals that cover the true mean exp(sigma^2 / 2), and the mean stop; one "ok"/"FAIL"
line per configuration (the widened interval must cover in at least 93 % of campaigns), then
the worst coverage of each. Runs in seconds with NumPy and SciPy (/usr/bin/python3)."""
import math
import sys

import numpy as np
from scipy import stats

CAMPAIGNS = 1000
MIN_CYCLES, MAX_CYCLES = 3, 60
STOP_Q, WIDE_Q = 0.975, 0.99
BOUND = 0.93
SEED = 36


def quantiles(q):
    """t_{q, n-1} for n = 0 .. MAX_CYCLES (NaN below 2)"""
    return np.array([math.nan, math.nan] + [stats.t.ppf(q, n - 1) for n in range(2, MAX_CYCLES + 1)])


T_STOP, T_WIDE = quantiles(STOP_Q), quantiles(WIDE_Q)


def simulate(rng, cv, target, cells):
    """(plain coverage, widened coverage, mean stop) over CAMPAIGNS campaigns of `cells` cells"""
    sigma = math.sqrt(math.log(1 + cv * cv))
    true = math.exp(sigma * sigma / 2)
    x = rng.lognormal(0, sigma, (CAMPAIGNS, cells, MAX_CYCLES))
    n = np.arange(1, MAX_CYCLES + 1)
    mean = np.cumsum(x, 2) / n
    var = (np.cumsum(x * x, 2) - n * mean * mean) / np.maximum(n - 1, 1)
    se = np.sqrt(np.maximum(var, 0)) / np.sqrt(n)
    met = np.all(T_STOP[n] * se <= target * mean, axis=1) & (n >= MIN_CYCLES)
    met[:, -1] = True  # max_cycles
    stop = met.argmax(1)
    c = np.arange(CAMPAIGNS)
    m, s, k = mean[c, :, stop], se[c, :, stop], stop + 1
    err = np.abs(m - true)
    plain = (err <= T_STOP[k][:, None] * s).mean()
    wide = (err <= T_WIDE[k][:, None] * s).mean()
    return plain, wide, k.mean()


def main():
    rng = np.random.default_rng(SEED)
    worst_plain, worst_wide, failed = 1.0, 1.0, 0
    print("cells target   cv  stop  plain  widened")
    for cells in (1, 4):
        for target in (0.02, 0.05, 0.10):
            for cv in (0.01, 0.02, 0.03, 0.05, 0.08, 0.10, 0.15):
                plain, wide, stop = simulate(rng, cv, target, cells)
                worst_plain, worst_wide = min(worst_plain, plain), min(worst_wide, wide)
                ok = wide >= BOUND
                failed += not ok
                print("%s %5d %5.0f%% %3.0f%% %5.1f %5.1f%% %6.1f%%" %
                      ("ok  " if ok else "FAIL", cells, target * 100, cv * 100, stop,
                       plain * 100, wide * 100))
    print("worst coverage of the 95 %% interval at the stop over %d campaigns per row: plain "
          "%.1f %%, widened to t at %.3f %.1f %% (bound %.0f %%)" %
          (CAMPAIGNS, worst_plain * 100, WIDE_Q, worst_wide * 100, BOUND * 100))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
