#!/usr/bin/env bash
# tests/e2e/analyze_workloads.sh: the analysis and report of issue-13 workloads, from a
# synthetic data directory (tests/tools/gen_wl_runs: a rate sweep of two simulated
# servers, mixed runs, size-distribution ranged GETs, 2 cycles; ops.tsv.zst with the
# `intended` column and run.json written by core's own code).
#   1. rate_sweeps against the raw rows: python3 reads every rate run's ops.tsv.zst
#      (zstd -dc) and recomputes each point's achieved rate (requests sent / duration),
#      sustained flag (every slot sent, >= 99 % within max(1 ms, 10 % of 1/rate)) and pooled
#      p99 from the intended start (exact nearest rank; the histogram within 1 %), and
#      the highest rate sustained under the p99 limit of run.json.
#   2. mixed cells: per-op shares = the rows' op counts / the run's rows (mean over runs);
#      per-op p50 and p99 = nearest rank over every successful row of the op in the
#      cell's runs (pooled, within the histogram's 1 %); the size distribution and range
#      in plain words.
#   2b. mixed run.json files without per-op histograms: rebuilt from ops.tsv.zst (the same
#      figures); without ops.tsv.zst either, the runs' mean p99 (pooled false) and the
#      report's footnote says "means over the valid runs".
#   3. --recompute from the ops logs agrees with run.json (exit 0); an ops log whose
#      intended column was altered is named (exit 1, "rate").
#   4. render: the latency-vs-offered-load chart (an svg in the HTML, its title in the
#      PDF text), the sustained-rate table and its sentence in the key findings, the
#      per-op table, the plain-words workload, the limitation.
# Needs no server. Prints "N passed, N failed"; exit 1 on failure.
. "$(dirname "$0")/analyze_lib.sh"
gen=${GEN_WL_RUNS:-$top/build/tests/gen_wl_runs}
render=${RENDER:-$top/bin/render}

for b in "$analyze" "$gen" "$render"; do
	[ -x "$b" ] || { bad "$b missing: run make tests"; finish; }
done
command -v zstd >/dev/null || { bad "zstd missing"; finish; }

"$gen" "$tmp/d" --p99-limit 50
check $? "gen_wl_runs writes the data directory"
"$analyze" "$tmp/d" -o "$tmp/d/r" 2>"$tmp/a.err"
check $? "analyze exits 0"

# ---- 1. rate sweeps against the raw rows ----
pycheck "rate_sweeps" "$tmp/d" <<'PY'
import calendar, glob, json, math, subprocess, sys
d = sys.argv[1]
a = json.load(open(d + "/r/aggregate.json"))
from checks import t
def ns(s):
    if not s:
        return 0
    day, frac = s.rstrip("Z").split(".") if "." in s else (s.rstrip("Z"), "0")
    sec = calendar.timegm(tuple(int(x) for x in day.replace("T", "-").replace(":", "-").split("-")))
    return sec * 10**9 + int((frac + "000000000")[:9])
def rows(path):
    out = subprocess.run(["zstd", "-dc", path], capture_output=True, text=True).stdout
    lines = out.splitlines()
    h = lines[0].split("\t")
    return [dict(zip(h, l.split("\t"))) for l in lines[1:] if l and not l.startswith("#")]
t(a["format"] == "s3bench-aggregate/1.2", "format 1.2")
runs = {}
for rj in glob.glob(d + "/runs/*/*/*/run.json"):
    j = json.load(open(rj))
    if j["workload"].get("rate"):
        runs.setdefault((j["subject"]["id"], j["workload"]["rate"]), []).append(
            (rj, j["campaign"]["p99_limit_ms"], j["workload"]["duration_s"]))
t(len(a["rate_sweeps"]) == 2, "one sweep per subject")
for sw in a["rate_sweeps"]:
    subj, best = sw["subject"], None
    t(sw["p99_limit_ms"] == 50, subj + ": p99 limit from run.json")
    t([p["offered"] for p in sw["points"]] == sorted(p["offered"] for p in sw["points"]),
      subj + ": points by offered rate")
    for p in sw["points"]:
        lat, ach, sus = [], [], True
        for rj, lim, span in runs[(subj, p["offered"])]:
            # sustained from the requests: every slot of the span sent, >= 99 % of them
            # within max(1 ms, 10 % of 1 / rate) of their intended start
            rs = rows(rj.replace("run.json", "ops.tsv.zst"))
            tol = max(10**6, int(0.1e9 / p["offered"]))
            slots = sum(1 for i in range(int(span * p["offered"]) + 2)
                        if int(i * 1e9 / p["offered"]) < int(span * 1e9))
            on = sum(1 for r in rs if ns(r["start"]) - ns(r["intended"]) <= tol)
            ach.append(len(rs) / span)
            sus = sus and len(rs) >= slots and on >= 0.99 * slots
            lat += [ns(r["end"]) - ns(r["intended"]) for r in rs if not r["error"]]
        lat.sort()
        p99 = lat[max(1, math.ceil(0.99 * len(lat))) - 1] / 1e6
        name = "%s at %g/s" % (subj, p["offered"])
        t(abs(p["achieved"] - sum(ach) / len(ach)) <= 1e-6 * p["achieved"], name + ": achieved")
        t(p["sustained"] == sus, name + ": sustained flag")
        t(abs(p["p99_intended_ms"] - p99) <= 0.01 * p99, name + ": pooled p99 from intended start %.3f ~ %.3f" % (p["p99_intended_ms"], p99))
        t(p["p99_intended_ms"] >= p["p99_ms"] * 0.99, name + ": intended p99 >= service p99")
        if sus and p99 < 50:
            best = p["offered"]
    t(sw["max_sustained"] == best, "%s: max sustained %s = %s" % (subj, sw["max_sustained"], best))
rgw = [s for s in a["rate_sweeps"] if s["subject"] == "rgw"][0]
t(rgw["max_sustained"] == 700, "rgw held 700 req/s (the knee of the simulated 800/s server)")
PY

# ---- 2. mixed cells and plain words ----
pycheck "mixed" "$tmp/d" <<'PY'
import glob, json, math, subprocess, sys
d = sys.argv[1]
a = json.load(open(d + "/r/aggregate.json"))
from checks import t
def rows(path):
    out = subprocess.run(["zstd", "-dc", path], capture_output=True, text=True).stdout
    lines = out.splitlines()
    h = lines[0].split("\t")
    return [dict(zip(h, l.split("\t"))) for l in lines[1:] if l and not l.startswith("#")]
mixed = [c for c in a["workload_cells"] if c["op"] == "mixed"]
t(len(mixed) == 2, "a mixed cell per subject")
for c in mixed:
    t(c["mix"] == {"get": 45, "put": 15, "head": 30, "delete": 10}, c["subject"] + ": mix weights")
    want = {}
    for ops in glob.glob(d + "/runs/*/%s/mixed-64KiB-c4/ops.tsv.zst" % c["subject"]):
        out = subprocess.run(["zstd", "-dc", ops], capture_output=True, text=True).stdout
        col = [l.split("\t")[2] for l in out.splitlines()[1:] if l]
        for op in set(col):
            want.setdefault(op, []).append(col.count(op) / len(col))
    got = {o["op"]: o["share"] for o in c["by_op"]}
    t(sorted(got) == sorted(want), c["subject"] + ": ops " + ",".join(sorted(got)))
    for op, v in want.items():
        m = sum(v) / len(v)
        t(abs(got.get(op, -1) - m) < 1e-9, "%s %s share %.4f = rows %.4f" % (c["subject"], op, got.get(op, -1), m))
    t(abs(sum(got.values()) - 1) < 1e-9, c["subject"] + ": shares add up to 1")
    # per-op p50/p99: every successful request of the op in the cell's runs pooled
    # (nearest rank, as analyze_pooled.sh); the histogram within 1 %
    lat = {}
    for ops in glob.glob(d + "/runs/*/%s/mixed-64KiB-c4/ops.tsv.zst" % c["subject"]):
        rs = rows(ops)
        for r in rs:
            if not r["error"]:
                lat.setdefault(r["op"], []).append(int(r["duration_ns"]))
    for o in c["by_op"]:
        v = sorted(lat.get(o["op"], []))
        if not v:
            continue
        for q, k in ((0.5, "p50_ms"), (0.99, "p99_ms")):
            want = v[max(1, math.ceil(q * len(v))) - 1] / 1e6
            t(o["pooled"] is True and abs(o[k] - want) <= 0.01 * want,
              "%s %s pooled %s %.3f ~ rows %.3f (%d requests)" % (c["subject"], o["op"], k, o[k], want, len(v)))
dist = [c for c in a["workload_cells"] if c["size_spec"]]
t(len(dist) == 2 and all(c["workload"] == "sizes 4 KiB 50 %, 64 KiB 30 %, 1 MiB 20 %; "
                         "ranged GET of 64 KiB at a random offset" for c in dist),
  "size distribution and range in plain words")
t(a["cells"] == [] and a["matrix"]["ops"] == [], "no workload run in the PUT/GET matrix")
PY

# ---- 2b. run.json without per-op histograms (written before them) ----
# with ops.tsv.zst: rebuilt from it, pooled as before; without: the runs' means, labelled
cp -r "$tmp/d" "$tmp/o"
rm -rf "$tmp/o/r"
python3 - "$tmp/o" <<'PY'
import glob, json, sys
for rj in glob.glob(sys.argv[1] + "/runs/*/*/mixed-*/run.json"):
    j = json.load(open(rj))
    for v in j["summary"]["by_op"].values():
        v.pop("latency_hist", None)
    json.dump(j, open(rj, "w"), indent=2)
PY
"$analyze" "$tmp/o" -o "$tmp/o/r" 2>/dev/null && python3 - "$tmp/d/r" "$tmp/o/r" <<'PY'
import json, sys
a, b = (json.load(open(d + "/aggregate.json"))["workload_cells"] for d in sys.argv[1:])
ops = lambda cs: [o for c in cs if c["by_op"] for o in c["by_op"]]
sys.exit(not (ops(a) and ops(a) == ops(b)))
PY
check $? "per-op histograms missing from run.json: rebuilt from ops.tsv.zst, the same figures"
rm -f "$tmp"/o/runs/*/*/mixed-*/ops.tsv.zst
rm -rf "$tmp/o/r"
"$analyze" "$tmp/o" -o "$tmp/o/r" 2>/dev/null && python3 - "$tmp/o" <<'PY'
import glob, json, sys
d = sys.argv[1]
a = json.load(open(d + "/r/aggregate.json"))
bad = 0
for c in a["workload_cells"]:
    for o in c["by_op"] or []:
        p99 = []
        for rj in glob.glob(d + "/runs/*/%s/mixed-*/run.json" % c["subject"]):
            p99.append(json.load(open(rj))["summary"]["by_op"][o["op"]]["latency_ms"]["p99"])
        bad += o["pooled"] is not False or abs(o["p99_ms"] - sum(p99) / len(p99)) > 1e-9
sys.exit(bad)
PY
check $? "no per-op histogram and no ops log: per-op p99 = the runs' mean, pooled false"
"$render" "$tmp/o/r" -o "$tmp/o/rep" >/dev/null &&
	grep -q "p50 and p99 in ms; means over the valid runs" "$tmp/o/rep/report.html"
check $? "the per-op footnote then says means over the valid runs"

# ---- 3. --recompute ----
"$analyze" "$tmp/d" -o "$tmp/d/r2" --recompute 2>"$tmp/rc.err"
check $? "--recompute from the ops logs (intended column) agrees with run.json"
run=$(ls -d "$tmp"/d/runs/cycle-01/rgw/get-4KiB-c64-r400)
# rows 1000..1009 (the middle of the run) get the intended start of row 990: 25 ms earlier
zstd -dcq "$run/ops.tsv.zst" | python3 -c '
import sys
lines = sys.stdin.read().splitlines()
early = lines[991].split("\t")[-1]
print(lines[0])
for i, l in enumerate(lines[1:]):
    f = l.split("\t")
    if 1000 <= i < 1010:
        f[-1] = early
    print("\t".join(f))' | zstd -q -o "$run/ops2.tsv.zst" && mv "$run/ops2.tsv.zst" "$run/ops.tsv.zst"
"$analyze" "$tmp/d" -o "$tmp/d/r3" --recompute 2>"$tmp/rc3.err"
st=$?
[ $st -eq 1 ] && grep -q "get-4KiB-c64-r400/run.json: summary disagrees with ops.tsv.zst: rate" "$tmp/rc3.err"
check $? "an altered intended column is named under --recompute (exit $st)"

# ---- 4. the report ----
"$render" "$tmp/d/r" -o "$tmp/rep" >/dev/null
check $? "render exits 0"
html=$tmp/rep/report.html
python3 - "$html" <<'PY' >"$tmp/svg.txt"
import re, sys
h = open(sys.argv[1]).read()
svgs = [s for s in re.findall(r"<svg.*?</svg>", h, re.S) if "against offered load" in s]
print(len(svgs))
PY
[ "$(cat "$tmp/svg.txt")" = 2 ]
check $? "the HTML has a latency-vs-offered-load svg per subject"
python3 - "$html" "$tmp/d/r/aggregate.json" <<'PY' >"$tmp/svgdesc.txt" 2>&1
import html, json, re, sys
h = open(sys.argv[1]).read()
a = json.load(open(sys.argv[2]))
labels = {s["id"]: s["label"] for s in a["subjects"]}
def txt(v, x=False):  # render's text_num: 1,234 / 123.4 / 12.34 / 0.123; a whole x as 100
    d = 0 if abs(v) >= 1000 or (x and v == int(v)) else 1 if abs(v) >= 100 else 2 if abs(v) >= 1 else 3
    return "{:,.{}f}".format(v, d)
bad = 0
for sw in a["rate_sweeps"]:
    pts = [p for p in sw["points"] if p["p99_intended_ms"] and p["p99_intended_ms"] > 0]
    hi = max(pts, key=lambda p: p["p99_intended_ms"]); lo = min(pts, key=lambda p: p["p99_intended_ms"])
    want = "p99 from intended start: highest %s ms at %s requests/s offered, lowest %s ms at %s requests/s." % (
        txt(hi["p99_intended_ms"]), txt(hi["offered"], 1), txt(lo["p99_intended_ms"]), txt(lo["offered"], 1))
    svg = next(s for s in re.findall(r"<svg.*?</svg>", h, re.S)
               if "against offered load" in s and labels[sw["subject"]] in s)
    desc = html.unescape(re.search(r"<desc[^>]*>([^<]*)</desc>", svg).group(1))
    print("%s %s: %s" % ("ok  " if want in desc else "FAIL", sw["subject"], want))
    bad += want not in desc
sys.exit(bad)
PY
check $? "each latency-vs-offered-load chart's description states its p99 highest and lowest points ($(tr '\n' ';' <"$tmp/svgdesc.txt" | cut -c1-400))"
grep -q "Ceph RGW held 700 req/s; s3rver (Node) held 200 req/s" "$html"
check $? "the sustained-rate sentence"
grep -q 'id="findings"' "$html" && sed -n '/id="findings"/,/<\/ul>/p' "$html" | grep -q "Ceph RGW held 700 req/s"
check $? "the sentence is in the key findings"
grep -q "Highest rate sustained with p99 from the intended start under 50 ms" "$html"
check $? "the sustained-rate table"
grep -q "Ceph RGW: Mixed (get 45, put 15, head 30, delete 10), 4 workers, per operation" "$html"
check $? "a per-op table of the mixed cell"
grep -q "p50 and p99: all requests of the valid runs pooled, in ms" "$html"
check $? "the per-op footnote says p50 and p99 are pooled"
grep -q "sizes 4 KiB 50 %, 64 KiB 30 %, 1 MiB 20 %; ranged GET of 64 KiB at a random offset" "$html"
check $? "the workload in plain words"
grep -q "A fixed-rate run measures from the intended start" "$html"
check $? "the limitation of rate runs"
if command -v pdftotext >/dev/null; then
	pdftotext "$tmp/rep/report.pdf" "$tmp/rep.txt"
	grep -q "Ceph RGW: GET latency against offered load" "$tmp/rep.txt" &&
		grep -q "offered requests per second" "$tmp/rep.txt"
	check $? "the PDF has the chart (title and axis)"
	tr '\n' ' ' <"$tmp/rep.txt" | grep -q "Ceph RGW held 700 req/s; s3rver (Node) held 200 req/s"
	check $? "the PDF has the sentence"
else
	skip 2 "pdftotext missing"
fi
finish
