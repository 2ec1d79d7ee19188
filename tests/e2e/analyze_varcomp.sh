#!/usr/bin/env bash
# tests/e2e/analyze_varcomp.sh: where the variability is (docs/METHODOLOGY.md, "Where the
# variability is"): a synthetic campaign (tests/tools/fake_campaign, 2 subjects x 24 matrix
# cells x 8 cycles) whose runs' summaries are rewritten from a simulated hierarchy with a known
# truth: each run of a cell has a cycle effect c ~ N(0, sc^2) and 30 kept seconds x_j =
# exp(mu + c + e_j), e_j ~ N(0, sw^2); summary.mib_s = mean x_j, segments.count = 30,
# segments.log_sd = the sample SD of ln x_j. Subject 1 (sc 0.10, sw 0.10): the runs' own
# noise is 3 % of a cycle's variance; subject 2 (sc 0.01, sw 0.20): 93 %. Checks:
#   1. every cell's aggregate.json variance{} is the formula computed again here from the
#      run.json files (NumPy);
#   2. the estimates find the truth: the mean var_within over a subject's cells within 10 %
#      of sw^2, the mean var_between within 30 % of sc^2, subject 1's median within_share
#      below 0.2 and subject 2's above 0.7;
#   3. a run.json without log_sd (a file before it) gives no variance; the report's
#      Methodology says where the variability is per op (en, ko).
. "$(dirname "$0")/lib.sh"
use_fake numpy
d=$tmp/vc
"$fake" "$d" --cycles 8 --subjects 2 --no-failures >/dev/null 2>&1
check $? "setup: a synthetic campaign of 2 subjects x 8 cycles"
/usr/bin/python3 - "$d" <<'PY'
import glob, json, math, os, sys
import numpy as np
d = sys.argv[1]
rng = np.random.default_rng(36)
truth = {"provider-a": (0.10, 0.10), "provider-b": (0.01, 0.20)}
for f in sorted(glob.glob(os.path.join(d, "runs/cycle-*/*/*/run.json"))):
    r = json.load(open(f))
    sc, sw = truth[r["subject"]["id"]]
    x = np.exp(math.log(50) + rng.normal(0, sc) + rng.normal(0, sw, 30))
    s = r["summary"]
    s["mib_s"] = float(x.mean())
    s["obj_s"] = s["mib_s"] * 1048576 / r["workload"]["size"]
    s["seconds"] = 30
    s["segments"]["count"] = 30
    s["segments"]["log_sd"] = float(np.std(np.log(x), ddof=1))
    json.dump(r, open(f, "w"))
PY
check $? "setup: the runs' summaries rewritten from the simulated hierarchy"
"$analyze" "$d" -o "$d/results" >"$tmp/an.out" 2>&1
check $? "analyze exits 0" "$(tail -n 3 "$tmp/an.out")"
PATH=/usr/bin:$PATH pycheck "variance" "$d" <<'PY'
import glob, json, math, os, sys
import numpy as np
d = sys.argv[1]
agg = json.load(open(os.path.join(d, "results/aggregate.json")))
subj = [s["id"] for s in agg["subjects"]]
runs = {}
for f in glob.glob(os.path.join(d, "runs/cycle-*/*/*/run.json")):
    r = json.load(open(f))
    w = r["workload"]
    runs.setdefault((r["subject"]["id"], w["op"], w["size"], w["concurrency"]), []).append(r["summary"])
bad, per = [], {}
for c in agg["cells"]:
    sid = subj[c["subject"]] if isinstance(c["subject"], int) else c["subject"]
    ss = runs[(sid, c["op"], c["size"], c["concurrency"])]
    y = np.log([s["mib_s"] for s in ss])
    m = np.array([s["segments"]["count"] for s in ss], float)
    sd = np.array([s["segments"]["log_sd"] for s in ss])
    vc = np.var(y, ddof=1)
    vw = np.sum((m - 1) * sd ** 2) / np.sum(m - 1)
    sec = len(m) / np.sum(1 / m)
    vb = max(0.0, vc - vw / sec)
    share = min(1.0, vw / sec / vc)
    want = {"cycles": len(ss), "runs_within": len(ss), "var_cycles": vc, "var_within": vw,
            "seconds": sec, "var_between": vb, "within_share": share}
    got = c.get("variance") or {}
    if any(k not in got or abs(got[k] - v) > 1e-9 * max(1, abs(v)) for k, v in want.items()):
        bad.append((sid, c["op"], c["size"], c["concurrency"], got, want))
    per.setdefault(sid, []).append(got)
print(("ok   " if not bad and len(agg["cells"]) == 48 else "FAIL ") +
      "every cell's variance{} is the formula recomputed from run.json (%d cells) %s" % (len(agg["cells"]), bad[:1]))
truth = {"provider-a": (0.10, 0.10), "provider-b": (0.01, 0.20)}
for sid, (sc, sw) in truth.items():
    v = per.get(sid, [])
    vw = np.mean([x["var_within"] for x in v])
    vb = np.mean([x["var_between"] for x in v])
    med = float(np.median([x["within_share"] for x in v]))
    ok = abs(vw / sw ** 2 - 1) <= 0.10 and (sc < 0.05 or abs(vb / sc ** 2 - 1) <= 0.30)
    print(("ok   " if ok else "FAIL ") + "%s: mean var_within %.5f (truth %.5f), mean var_between %.5f (truth %.5f)" % (sid, vw, sw ** 2, vb, sc ** 2))
    lim = med < 0.2 if sid == "provider-a" else med > 0.7
    print(("ok   " if lim else "FAIL ") + "%s: median within_share %.3f (truth %.3f)" % (sid, med, (sw ** 2 / 30) / (sc ** 2 + sw ** 2 / 30)))
PY
"$render" "$d/results" -o "$d/report" >"$tmp/r.out" 2>&1 &&
	grep -q "Where the variability is" "$d/report/report.html" &&
	grep -qE "in the median of its 24 cells, the runs&#39; own noise accounts for [0-9]+ % of the cycle-to-cycle variance" "$d/report/report.html"
check $? "the report's Methodology says where the variability is per op" \
	"$(grep -o "in the median of its[^<]*" "$d/report/report.html" | head -n 2; tail -n 2 "$tmp/r.out")"
"$render" "$d/results" -o "$d/report-ko" --lang ko >"$tmp/rk.out" 2>&1 &&
	grep -q "변동이 어디에 있는가" "$d/report-ko/report.html"
check $? "and in Korean" "$(tail -n 2 "$tmp/rk.out")"
# 3. a run.json without log_sd: the cell has no variance
f=$(ls "$d"/runs/cycle-0[1-8]/provider-a/put-256KiB-c1/run.json)
for x in $f; do
	jq 'del(.summary.segments.log_sd)' "$x" >"$x.new" && mv "$x.new" "$x"
done
"$analyze" "$d" -o "$d/results2" >"$tmp/an2.out" 2>&1
jq -e '[.cells[] | select(.op == "put" and .size == 262144 and .concurrency == 1 and .subject == "provider-a") | has("variance")] == [false]' \
	"$d/results2/aggregate.json" >/dev/null
check $? "runs without log_sd (files before it): the cell has no variance{}" \
	"$(jq -c '[.cells[] | select(.op == "put" and .size == 262144 and .concurrency == 1) | [.subject, .variance]]' "$d/results2/aggregate.json" 2>&1 | head -c 300)"
finish
