#!/usr/bin/env bash
# tests/e2e/analyze_pooled.sh: pooled latency and the throughput time series.
#   1. data/sample (run.json files without histograms): analyze rebuilds the histograms
#      from ops.tsv.zst; for EVERY cell, python3 reads the rows of the cell's valid runs
#      (zstd -dc) and checks the pooled p50 / p90 / p99 / p99.9 of latency and TTFB within
#      1 % of the exact nearest-rank percentiles, max and request counts exactly; the
#      timeseries entries are the latest valid runs at the largest size and highest
#      concurrency, and their kept buckets average to the run's MiB/s and obj/s.
#   2. a run without histogram nor ops.tsv.zst, or with an unreadable one: its cell
#      falls back to "runs" (a note, exit 0).
#   3. fake_campaign --ops-logs (run.json with histograms): --recompute agrees with them
#      and names a tampered one; with the ops logs removed the histograms of run.json
#      are used.
# Needs no server. Prints "N passed, N failed"; exit 1 on failure.
. "$(dirname "$0")/analyze_lib.sh"
fake=${FAKE_CAMPAIGN:-$top/build/tests/fake_campaign}

for b in "$analyze" "$fake"; do
	[ -x "$b" ] || { bad "$b missing: run make tests"; finish; }
done
command -v zstd >/dev/null || { bad "zstd missing"; finish; }

# ---- 1. data/sample: every cell against the raw rows ----
cp -r "$top/data/sample" "$tmp/s"
rm -rf "$tmp/s/results"
"$analyze" "$tmp/s" -o "$tmp/s/r" 2>"$tmp/s.err"
check $? "analyze data/sample exits 0"
grep -q "note: 54 run.json files have no latency histogram.*rebuilt from their ops.tsv.zst" \
	"$tmp/s.err"
check $? "one note says the 54 histograms were rebuilt from ops.tsv.zst"

pycheck "pooled" "$tmp/s" <<'PY'
import json, math, subprocess, sys
d = sys.argv[1]
a = json.load(open(d + "/r/aggregate.json"))
from checks import t, ns
def rows(path):
    text = subprocess.run(["zstd", "-dc", d + "/" + path + "/ops.tsv.zst"], check=True,
                          capture_output=True, text=True).stdout.splitlines()
    head = text[0].split("\t")
    return [dict(zip(head, line.split("\t"))) for line in text[1:] if line and not line.startswith("#")]
def rank(v, q):   # nearest rank, as core/summary.c: ceil(n q), at least 1
    n = len(v)
    r = max(1, min(n, -(-n * q.numerator // q.denominator)))
    return v[r - 1]
from fractions import Fraction as F
qs = {"p50": F(1, 2), "p90": F(9, 10), "p99": F(99, 100), "p999": F(999, 1000)}
t(a["format"] == "s3bench-aggregate/1.2", "format 1.2")
runs = a["runs"]
checked = worst = 0
problems = []
for c in a["cells"]:
    paths = [r["path"] for r in runs if r["included"] and r["cycle"] is not None and
             (r["subject"], r["op"], r["size"], r["concurrency"]) ==
             (c["subject"], c["op"], c["size"], c["concurrency"])]
    if c["n"] == 0:
        if c["latency_ms"] is not None:
            problems.append("empty cell with latency")
        continue
    lat, ttfb = [], []
    for p in paths:
        for r in rows(p):
            if r["error"]:
                continue
            s, e = ns(r["start"]), ns(r["end"])
            lat.append(e - s)
            if ns(r["last_byte"]) is not None:
                ttfb.append(e - ns(r["last_byte"]))
            elif ns(r["first_byte"]) is not None:
                ttfb.append(ns(r["first_byte"]) - s)
    for name, v in (("latency_ms", lat), ("ttfb_ms", ttfb)):
        v.sort()
        p = c[name]["pooled"]
        where = "%s %s %d c%d %s" % (c["subject"], c["op"], c["size"], c["concurrency"], name)
        if p["source"] != "histogram" or p["requests"] != len(v) or p["max"] != v[-1] / 1e6:
            problems.append("%s: source %s, requests %s vs %d, max %s vs %s" %
                            (where, p["source"], p["requests"], len(v), p["max"], v[-1] / 1e6))
        for k, q in qs.items():
            exact = rank(v, q) / 1e6
            rel = abs(p[k] - exact) / exact
            worst = max(worst, rel)
            if rel > 0.01:
                problems.append("%s %s: %s vs exact %s" % (where, k, p[k], exact))
        qv = [x[1] for x in p["quantiles"]]
        if len(qv) != 18 or qv != sorted(qv) or qv[0] != v[0] / 1e6 or qv[-1] != v[-1] / 1e6:
            problems.append("%s: quantiles %s" % (where, p["quantiles"]))
        checked += 1
t(not problems, "%d cell figures: pooled p50/p90/p99/p99.9 within 1 %% of the exact "
  "nearest rank of the rows (worst %.3f %%), max and requests exact, quantiles ascending "
  "from min to max %s" % (checked, worst * 100, problems[:3]))
t(checked == 2 * len([c for c in a["cells"] if c["n"] > 0]) > 0, "every cell with runs checked (%d)" % checked)
# the time series
ts = a["timeseries"]
ids = [s["id"] for s in a["subjects"]]
want = []
for op in ("put", "get"):
    cs = [c for c in a["cells"] if c["op"] == op and c["n"] > 0]
    size = max(c["size"] for c in cs)
    conc = max(c["concurrency"] for c in cs if c["size"] == size)
    for sid in ids:
        rs = [r for r in runs if r["included"] and (r["subject"], r["op"], r["size"], r["concurrency"]) == (sid, op, size, conc)]
        if rs:
            want.append(max(rs, key=lambda r: r["cycle"]))
t([(x["subject"], x["op"], x["path"]) for x in ts] == [(r["subject"], r["op"], r["path"]) for r in want],
  "timeseries: per op and subject, the latest valid run at the largest size and highest concurrency")
ok = True
for x, r in zip(ts, want):
    k0, k1 = x["kept"]
    kept = x["mib_s"][k0:k1 + 1]
    ok &= len(x["mib_s"]) == len(x["obj_s"]) and k0 == 2 and k1 == len(x["mib_s"]) - 3
    ok &= abs(sum(kept) / len(kept) - r["mib_s"]) <= 1e-9 * r["mib_s"]
    ok &= abs(sum(x["obj_s"][k0:k1 + 1]) / len(kept) - r["obj_s"]) <= 1e-9 * r["obj_s"]
    first = min(ns(row["start"]) for row in rows(r["path"]))
    ok &= ns(x["start"]) == first // 10**9 * 10**9 and x["cycle"] == r["cycle"]
t(ok and len(ts) == 4, "timeseries: kept buckets average to the run's MiB/s and obj/s; "
  "start = the first request's second; buckets 2 .. K-3 kept")
PY

# ---- 2. no histogram and no ops.tsv.zst: fallback "runs" ----
r=runs/cycle-02/rgw/put-1MiB-c8
rm "$tmp/s/$r/ops.tsv.zst"
"$analyze" "$tmp/s" -o "$tmp/s/r2" 2>"$tmp/s2.err"
check $? "a run without histogram nor ops.tsv.zst still analyzes (exit 0)"
grep -q "note: 53 run.json files" "$tmp/s2.err"; check $? "53 rebuilt"
pycheck "fallback" "$tmp/s" <<'PY'
import json, sys
a = json.load(open(sys.argv[1] + "/r2/aggregate.json"))
b = json.load(open(sys.argv[1] + "/r/aggregate.json"))
from checks import t
def cell(x):
    return [c for c in x["cells"] if (c["subject"], c["op"], c["size"], c["concurrency"]) == ("rgw", "put", 1048576, 8)][0]
p, l = cell(a)["latency_ms"]["pooled"], cell(a)["latency_ms"]
t(p["source"] == "runs" and p["p999"] is None and p["quantiles"] is None, "source runs, no p99.9, no quantiles")
t(p["p50"] == l["p50"] and p["p99"] == l["p99"] and p["max"] == l["max"], "the runs' mean percentiles and highest max")
t(cell(a)["ttfb_ms"]["pooled"]["source"] == "runs", "TTFB falls back too")
same = all(c1["latency_ms"] == c2["latency_ms"] for c1, c2 in zip(a["cells"], b["cells"]) if c1 is not cell(a))
t(same, "other cells unchanged")
t(len(a["timeseries"]) == 3 and not any(x["subject"] == "rgw" and x["op"] == "put" for x in a["timeseries"]),
  "no time series for the run without ops.tsv.zst")
PY
grep -q "$r/ops.tsv.zst: missing: no time series" "$tmp/s2.err"; check $? "the missing series is named"
q=runs/cycle-01/s3rver/get-64KiB-c4
printf '\x28\xb5\x2f\xfdnot a zstd frame' >"$tmp/s/$q/ops.tsv.zst"
"$analyze" "$tmp/s" -o "$tmp/s/r3" 2>"$tmp/s3.err"
check $? "an unreadable ops.tsv.zst during the rebuild: still exit 0"
grep -q "note: .*$q/ops.tsv.zst.*pooled latency falls back" "$tmp/s3.err"
check $? "the unreadable ops.tsv.zst is named in a note"
python3 -c "
import json, sys
a = json.load(open('$tmp/s/r3/aggregate.json'))
c = [c for c in a['cells'] if (c['subject'], c['op'], c['size'], c['concurrency']) == ('s3rver', 'get', 65536, 4)][0]
sys.exit(0 if c['latency_ms']['pooled']['source'] == 'runs' else 1)"
check $? "its cell falls back to the runs' percentiles"

# ---- 3. histograms in run.json (collect's format): used without ops.tsv.zst ----
"$fake" "$tmp/f" --ops-logs --subjects 2 --cycles 2 --seed 5 --no-failures >/dev/null
check $? "fake_campaign --ops-logs"
"$analyze" "$tmp/f" -o "$tmp/f/r1" 2>"$tmp/f1.err"
check $? "analyze with ops logs"
! grep -q "no latency histogram" "$tmp/f1.err"; check $? "run.json histograms: nothing rebuilt"
"$analyze" "$tmp/f" --recompute -o "$tmp/f/r0" 2>"$tmp/f0.err"
check $? "--recompute agrees with the run.json histograms"
t=runs/cycle-02/provider-b/get-5MiB-c5
cp "$tmp/f/$t/run.json" "$tmp/run.json.saved"
python3 - "$tmp/f/$t/run.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
h = j["summary"]["latency_hist"]
h["min"] -= 1   # the synthetic rows' durations are all equal: the exact minimum 1 ns lower,
                # still in the same bucket, so the file stays valid
json.dump(j, open(sys.argv[1], "w"))
PY
"$analyze" "$tmp/f" --recompute -o "$tmp/f/r3" 2>"$tmp/f3.err"
[ $? -eq 1 ] && grep -q "$t/run.json: summary disagrees with ops.tsv.zst: latency_hist" "$tmp/f3.err"
check $? "--recompute names a run.json histogram that differs from the rows (exit 1)"
cp "$tmp/run.json.saved" "$tmp/f/$t/run.json"
find "$tmp/f/runs" -name ops.tsv.zst -delete
"$analyze" "$tmp/f" -o "$tmp/f/r2" 2>"$tmp/f2.err"
check $? "analyze without the ops logs"
pycheck "run.json histograms" "$tmp/f" <<'PY'
import json, sys
d = sys.argv[1]
a, b = (json.load(open(d + "/r%d/aggregate.json" % i)) for i in (1, 2))
from checks import t
pa = [(c["latency_ms"] or {}).get("pooled") for c in a["cells"]]
pb = [(c["latency_ms"] or {}).get("pooled") for c in b["cells"]]
t(pa == pb and all(p and p["source"] == "histogram" for p in pb), "pooled from run.json equals pooled from the rows")
t(b["timeseries"] == [] and len(a["timeseries"]) == 4, "time series only with ops.tsv.zst")
PY

finish
