#!/usr/bin/python3
"""tests/tools/tod_sim.py: the time-of-day test of analyze (docs/METHODOLOGY.md, "Time of day";
analyze/cells/timeofday.c) over 500 simulated studies (seeded): one subject, 24 cells x 16
cycles, cycle k in three-hour band k mod 8 of the UTC day, ln figures = cell effect + normal
noise (SD 0.05). With a 20 % dip in three bands (15:00-24:00) the F test at 0.05 must detect it
in at least 80 % of studies; with none its false detections must be at most 5 %. Prints both
rates and exits 1 when either bound fails."""
import sys

import numpy as np
from scipy import stats

STUDIES, CELLS, CYCLES, SD = 500, 24, 16, 0.05


def detected(rng, dip):
    band = np.arange(CYCLES) % 8
    y = rng.normal(0, 1, (CELLS, 1)) + rng.normal(0, SD, (CELLS, CYCLES))
    y = y + np.where(band >= 5, np.log(1 - dip), 0)[None, :]
    r = y - y.mean(1, keepdims=True)
    n = np.array([CELLS * np.sum(band == b) for b in range(8)])
    s = np.array([r[:, band == b].sum() for b in range(8)])
    ssb = np.sum(s * s / n)
    ssw = np.sum(r * r) - ssb
    df1, df2 = 7, CELLS * CYCLES - CELLS - 7
    return stats.f.sf(ssb / df1 / (ssw / df2), df1, df2) < 0.05


def main():
    rng = np.random.default_rng(36)
    power = np.mean([detected(rng, 0.2) for _ in range(STUDIES)])
    false = np.mean([detected(rng, 0.0) for _ in range(STUDIES)])
    ok = power >= 0.8 and false <= 0.05
    print("%s: a 20 %% dip in three bands detected in %.1f %% of %d studies (at least 80 %%), "
          "false detections without one %.1f %% (at most 5 %%)" %
          ("ok" if ok else "FAIL", power * 100, STUDIES, false * 100))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
