#!/usr/bin/python3
"""tests/tools/hedge_sim.py: the hedging what-if by brute force, independently of analyze
(docs/METHODOLOGY.md, "What hedging would buy"), to check `analyze --hedge` against.

    hedge_sim.py [--op GET] [--reps R] [--seed N] T_MS[,T_MS...] OPS.tsv.zst...

Reads the successful rows of op OP of the per-request logs (zstd -dc; columns by name), and
for each threshold T replays every request R times: a request whose latency x is at most T
keeps it; one above T gets min(x, T + c + y), y a latency and c a new connection's set-up
(connect_us + tls_us of a row that opened one, conn != 0; 0 when the logs have none) drawn
at random from the same logs. Prints per threshold "T p99_ms p999_ms extra" over the R x n
simulated requests (nearest rank), and first "plain p95_ms p99_ms p999_ms n setups"."""
import argparse
import subprocess
import sys

import numpy as np


def rows(path, op):
    text = subprocess.run(["zstd", "-dc", path], check=True, capture_output=True).stdout
    lines = text.decode().splitlines()
    head = lines[0].split("\t")
    col = {name: i for i, name in enumerate(head)}
    for line in lines[1:]:
        if not line or line.startswith("#"):
            continue
        f = line.split("\t")
        if f[col["op"]] != op or f[col["error"]] != "":
            continue
        setup = None
        if "conn" in col and f[col["conn"]] not in ("", "0"):
            setup = (int(f[col["connect_us"]] or 0) + int(f[col["tls_us"]] or 0)) * 1000
        yield int(f[col["duration_ns"]]), setup


def rank(v, q):
    v = np.sort(v)
    k = int(np.ceil(q * len(v) * (1 - 1e-12)))
    return v[max(k, 1) - 1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--op", default="GET")
    ap.add_argument("--reps", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("thresholds")
    ap.add_argument("logs", nargs="+")
    a = ap.parse_args()
    x, c = [], []
    for p in a.logs:
        for d, s in rows(p, a.op):
            x.append(d)
            if s is not None:
                c.append(s)
    x = np.array(x, dtype=np.int64)
    c = np.array(c if c else [0], dtype=np.int64)
    rng = np.random.default_rng(a.seed)
    print("plain %.3f %.3f %.3f %d %d" % (rank(x, 0.95) / 1e6, rank(x, 0.99) / 1e6,
                                           rank(x, 0.999) / 1e6, len(x), len(c) if len(c) > 1 or c[0] else 0))
    for t in a.thresholds.split(","):
        tn = int(round(float(t) * 1e6))
        xs = np.tile(x, a.reps)
        y = rng.choice(x, size=xs.size)
        cs = rng.choice(c, size=xs.size)
        h = np.where(xs <= tn, xs, np.minimum(xs, tn + cs + y))
        print("%s %.3f %.3f %.6f" % (t, rank(h, 0.99) / 1e6, rank(h, 0.999) / 1e6,
                                      np.mean(x > tn)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
