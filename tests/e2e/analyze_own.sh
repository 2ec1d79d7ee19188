#!/usr/bin/env bash
# tests/e2e/analyze_own.sh: build/tests/fake_campaign writes synthetic DATA_DIRs,
# bin/analyze analyzes them, and python3 checks aggregate.json, cells.csv and runs.csv
# against the runs themselves (means, stddev, CV, n/expected, leaders, consistency,
# exclusions), then the options, the exit codes, malformed files and --recompute.
# Needs no server. Prints "N passed, N failed"; exit 1 on failure.
. "$(dirname "$0")/analyze_lib.sh"
fake=${FAKE_CAMPAIGN:-$top/build/tests/fake_campaign}

for b in "$analyze" "$fake"; do
	[ -x "$b" ] || { bad "$b missing: run make tests"; finish; }
done
command -v python3 >/dev/null || { bad "python3 missing"; finish; }

# ---- 1. the full synthetic matrix, default options ----
"$fake" "$tmp/full" --seed 7
check $? "fake_campaign writes a DATA_DIR"
n=$(find "$tmp/full/runs" -name run.json | wc -l)
[ "$n" -eq 855 ]; check $? "5 x 2 x 4 x 3 x 7 + 15 one-off runs = 855 run.json ($n)"
"$analyze" "$tmp/full" 2>"$tmp/full.err"
check $? "analyze exits 0 on a clean DATA_DIR"
for f in aggregate.json cells.csv runs.csv; do
	[ -s "$tmp/full/results/$f" ]; check $? "results/$f written"
done
[ -z "$(find "$tmp/full/results" -name '.*tmp*')" ]; check $? "no temporary file left"

pycheck "aggregate" "$tmp/full/results" <<'PY'
import csv, json, math, statistics, sys
d = sys.argv[1]
a = json.load(open(d + "/aggregate.json"))
from checks import t, near
t(a["format"] == "s3bench-aggregate/1.2", "format")
t(a["generated"] == "2026-11-01T00:00:00Z", "generated honours SOURCE_DATE_EPOCH")
t(a["source"] == "s3bench" and a["policy"]["name"] == "mean" and a["policy"]["min_samples"] == 1, "source, policy")
t("never counted as zero" in a["policy"]["rule"], "the rule is stated")
t(a["campaign"]["cycles"] == 7 and a["campaign"]["order"] == "interleave", "campaign cycles and order")
t("SYNTHETIC" in a["campaign"]["title"], "the campaign says it is synthetic")
ids = [s["id"] for s in a["subjects"]]
t(ids == ["provider-a", "provider-b", "provider-c", "provider-d", "provider-e"], "subjects in campaign order")
t(all(s["label"].startswith("Provider ") and s["color"].startswith("#") for s in a["subjects"]), "labels and colours")
t(a["matrix"] == {"ops": ["put", "get"], "sizes": [262144, 5242880, 52428800, 104857600], "size_labels": ["256 KiB", "5 MiB", "50 MiB", "100 MiB"], "concurrency": [1, 5, 10]}, "matrix, sizes labelled as campaign.ini spells them: %s" % a["matrix"])
cells = a["cells"]
t(len(cells) == 120, "120 cells")
key = lambda c: (["put", "get"].index(c["op"]), c["concurrency"], c["size"], ids.index(c["subject"]))
t([key(c) for c in cells] == sorted(key(c) for c in cells), "cells ordered by op, concurrency, size, subject")
t(all(c["expected"] == 7 for c in cells), "expected = 7 everywhere")
bad_stats = []
for c in cells:
    v = [r["mib_s"] for r in c["runs"] if r["included"]]
    o = [r["obj_s"] for r in c["runs"] if r["included"]]
    m = c["mib_s"]
    ok = (c["n"] == len(v) and near(m["mean"], statistics.mean(v)) and near(m["median"], statistics.median(v))
          and near(m["min"], min(v)) and near(m["max"], max(v)) and near(m["stddev"], statistics.stdev(v))
          and near(m["cv"], statistics.stdev(v) / statistics.mean(v)) and near(m["value"], m["mean"], none=True)
          and near(c["obj_s"]["mean"], statistics.mean(o)) and all(r["mib_s"] is None for r in c["runs"] if not r["included"]))
    if not ok:
        bad_stats.append((c["subject"], c["op"], c["size"], c["concurrency"]))
t(not bad_stats, "every cell: n, mean, median, min, max, sample stddev, CV of its included runs %s" % bad_stats[:3])
gap = [c for c in cells if c["n"] < 7]
t(sorted((c["subject"], c["op"], c["size"], c["concurrency"], c["n"]) for c in gap) ==
  [("provider-b", "get", 5242880, 5, 6), ("provider-d", "put", 104857600, 10, 5), ("provider-e", "get", 262144, 1, 6)],
  "gaps: d put 100MiB c10 has n 5 of 7, two others 6 of 7")
d5 = [c for c in gap if c["n"] == 5][0]
t(len(d5["runs"]) == 7 and [r["cycle"] for r in d5["runs"]] == list(range(1, 8)) and
  [r["included"] for r in d5["runs"]] == [True, False, True, True, False, True, True], "the 5-of-7 cell lists all 7 cycles")
t(d5["mib_s"]["min"] > 0, "failed runs never counted as zero")
runs = a["runs"]
t(len(runs) == 855, "855 runs listed")
to = [r for r in runs if r["path"] == "runs/cycle-04/provider-a/put-50MiB-c10"]
t(len(to) == 1 and to[0]["included"] and to[0]["reason"] is None, "a run with a summary and a wrapper timeout is included")
ex = a["excluded"]
t(sorted(e["class"] for e in ex) == ["http-5xx", "prepare-failed", "timeout", "timeout", "unavailable"], "excluded runs and classes")
t(all(e["reason"].startswith("no final summary: ") and len(e["reason"]) > 20 for e in ex), "each excluded run has its reason")
t(all(r["included"] == (r["reason"] is None) for r in runs), "runs: reason exactly when excluded")
# leaders
lead = {(l["op"], l["size"], l["concurrency"]): l for l in a["leaders"]}
okl = True
for c in cells:
    grp = [x for x in cells if (x["op"], x["size"], x["concurrency"]) == (c["op"], c["size"], c["concurrency"])]
    best = max(grp, key=lambda x: (x["mib_s"]["value"], -ids.index(x["subject"])))
    l = lead[(c["op"], c["size"], c["concurrency"])]
    okl = okl and l["subject"] == best["subject"] and near(l["mib_s"], best["mib_s"]["value"])
t(okl and len(lead) == 24, "leaders: the highest value of each op/size/concurrency")
cnt = {(x["op"], x["subject"]): (x["led"], x["of"]) for x in a["leader_counts"]}
okc = all(cnt[(op, s)] == (sum(1 for l in a["leaders"] if l["op"] == op and l["subject"] == s), 12)
          for op in ("put", "get") for s in ids)
t(okc and len(cnt) == 10, "leader_counts: led K of 12 per op")
t(len({l["subject"] for l in a["leaders"]}) >= 2, "the synthetic matrix has more than one leader")
# consistency
okk = True
for k in a["consistency"]:
    cv = [c["mib_s"]["cv"] for c in cells if c["subject"] == k["subject"] and c["n"] >= 2]
    okk = okk and k["cells"] == len(cv) and near(k["cv_mean"], statistics.mean(cv))
t(okk and [k["subject"] for k in a["consistency"]] == ids, "consistency = mean CV of cells with n >= 2")
# one-off ops
ops = a["ops"]
t(len(ops) == 15 and [o["op"] for o in ops] == ["list"] * 5 + ["head"] * 5 + ["delete"] * 5, "15 one-off rows: list, head, delete")
de = [o for o in ops if o["op"] == "delete" and o["subject"] == "provider-e"][0]
t(de["n"] == 0 and de["total"] == 1 and de["obj_s"] is None and de["completion_s"] is None, "failed one-off: n 0, no value")
hd = [o for o in ops if o["op"] == "head"]
t(all(o["ttfb_ms"] is None and o["obj_s"] > 0 and o["latency_ms"]["avg"] > 0 for o in hd), "HEAD: obj/s and latency, no TTFB")
ls = [o for o in ops if o["op"] == "list"]
t(all(o["segments"]["fastest_obj_s"] >= o["segments"]["median_obj_s"] >= o["segments"]["slowest_obj_s"] > 0 and o["objects"] == 100000 for o in ls), "LIST: segment range and objects")
# CSVs
rows = list(csv.reader(open(d + "/cells.csv", newline="")))
t(rows[0] == "subject,op,size,concurrency,n,expected,mib_s,mib_s_mean,mib_s_median,mib_s_min,mib_s_max,mib_s_stddev,mib_s_cv,obj_s,lat_avg_ms,lat_p50_ms,lat_p99_ms,ttfb_avg_ms,mib_s_ci_lo,mib_s_ci_hi,obj_s_ci_lo,obj_s_ci_hi,clients,workers_total".split(","), "cells.csv header")
t(len(rows) == 121 and all(len(r) == 24 for r in rows), "cells.csv: 120 rows of 24 fields")
t(all(r[22] == "1" and r[23] == r[3] for r in rows[1:]), "cells.csv: single-machine cells: clients 1, workers_total = concurrency")
t(all((r[18] == "" and c["mib_s"]["ci95"] is None) or (c["mib_s"]["ci95"] is not None and abs(float(r[18]) - c["mib_s"]["ci95"][0]) <= 1e-9 * abs(c["mib_s"]["ci95"][0]) and abs(float(r[21]) - c["obj_s"]["ci95"][1]) <= 1e-9 * c["obj_s"]["ci95"][1]) for r, c in zip(rows[1:], cells)), "cells.csv intervals agree with aggregate.json")
t(all(r[0] == c["subject"] and int(r[4]) == c["n"] and abs(float(r[6]) - c["mib_s"]["value"]) <= 1e-9 * c["mib_s"]["value"] for r, c in zip(rows[1:], cells)), "cells.csv agrees with aggregate.json")
rr = list(csv.DictReader(open(d + "/runs.csv", newline="")))
t(len(rr) == 855, "runs.csv: 855 rows")
t(all(x["clients"] == "1" and x["workers_total"] == x["concurrency"] for x in rr), "runs.csv: clients 1, workers_total = concurrency")
t(all((x["included"] == "true") == r["included"] and x["path"] == r["path"] and x["class"] == (r["class"] or "") for x, r in zip(rr, runs)), "runs.csv agrees with aggregate.json")
t(all(x["mib_s"] == "" and x["reason"] for x in rr if x["included"] == "false"), "runs.csv: excluded rows have a reason and no number")
t(all(x["cycle"] == "" for x in rr if "/once/" in x["path"]), "runs.csv: one-off runs have no cycle")
q = [x for x in rr if x["class"] == "http-5xx"]
t(len(q) == 1 and q[0]["reason"] == 'no final summary: HTTP 500 InternalError: We encountered an internal error, "please" retry.', "runs.csv: a reason with a comma and quotes survives CSV quoting")
PY

# ---- 2. determinism ----
for d in s1 s2 s3; do
	seed=7
	[ "$d" = s3 ] && seed=8
	"$fake" "$tmp/$d" --seed $seed --subjects 2 --cycles 2 && "$analyze" "$tmp/$d" 2>/dev/null
done
cmp -s "$tmp/s1/results/aggregate.json" "$tmp/s2/results/aggregate.json"
check $? "same seed: identical aggregate.json"
! cmp -s "$tmp/s1/results/aggregate.json" "$tmp/s3/results/aggregate.json"
check $? "another seed: other numbers"

# ---- 3. options: -o, --policy best, --min-samples ----
"$analyze" "$tmp/full" -o "$tmp/best/deep" --policy best --min-samples 6 2>/dev/null
check $? "-o (created), --policy best, --min-samples 6"
pycheck "best" "$tmp/best/deep/aggregate.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
from checks import t
t(a["policy"]["name"] == "best" and a["policy"]["min_samples"] == 6, "policy recorded")
low = [c for c in a["cells"] if c["n"] < 6]
t(len(low) == 1 and low[0]["mib_s"]["value"] is None and low[0]["below_min_samples"] and low[0]["mib_s"]["mean"] is not None,
  "n 5 < 6: value null, statistics kept, marked")
t(all(c["mib_s"]["value"] == c["mib_s"]["max"] and not c["below_min_samples"] for c in a["cells"] if c["n"] >= 6), "best = highest single run")
PY
"$analyze" "$tmp/full" -o "$tmp/median" --policy median 2>/dev/null
python3 -c "
import json,sys; a=json.load(open('$tmp/median/aggregate.json'))
sys.exit(0 if all(c['mib_s']['value']==c['mib_s']['median'] for c in a['cells']) else 1)"
check $? "--policy median: value = median"

# ---- 4. usage and fatal errors: exit 2 ----
"$analyze" >/dev/null 2>&1; [ $? -eq 2 ]; check $? "no DATA_DIR: exit 2"
"$analyze" "$tmp/full" --policy fastest >/dev/null 2>&1; [ $? -eq 2 ]; check $? "bad --policy: exit 2"
"$analyze" "$tmp/full" --min-samples 0 >/dev/null 2>&1; [ $? -eq 2 ]; check $? "--min-samples 0: exit 2"
"$analyze" "$tmp/full" --bogus >/dev/null 2>&1; [ $? -eq 2 ]; check $? "unknown option: exit 2"
"$analyze" "$tmp/nothing-here" >/dev/null 2>&1; [ $? -eq 2 ]; check $? "no DATA_DIR/runs: exit 2"
help=$("$analyze" --help); rc=$?
[ $rc -eq 0 ]; check $? "--help: exit 0"
miss=""
for w in --output --policy --min-samples --recompute --help --warp "Exit status" " 1 " " 2 "; do
	case "$help" in *"$w"*) ;; *) miss="$miss $w" ;; esac
done
[ -z "$miss" ]; check $? "--help lists every option and the exit codes${miss:+ (missing:$miss)}"

"$analyze" --warp --help 2>&1 | grep -qi "warp"; check $? "--warp dispatches to the Warp report (its --help)"
"$analyze" --warp >/dev/null 2>&1; [ $? -eq 2 ]; check $? "--warp without a file: exit 2"

# ---- 5. malformed run.json files: named, exit 1, the rest analyzed ----
cp -r "$tmp/full" "$tmp/broken" && rm -rf "$tmp/broken/results"
r1=runs/cycle-03/provider-a/put-5MiB-c1 r2=runs/cycle-01/provider-c/get-50MiB-c5 r3=runs/cycle-06/provider-b/put-256KiB-c10
printf '{"format": "s3bench-run/1", "cycle": ' >"$tmp/broken/$r1/run.json"
sed -i 's|"s3bench-run/1"|"s3bench-run/7"|' "$tmp/broken/$r2/run.json"
python3 - "$tmp/broken/$r3/run.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); j["summary"]["obj_s"] = "fast"; json.dump(j, open(sys.argv[1], "w"))
PY
"$analyze" "$tmp/broken" 2>"$tmp/broken.err"
rc=$?
[ $rc -eq 1 ]; check $? "malformed files: exit 1 ($rc)"
grep -q "$r1/run.json:1:.*bad JSON" "$tmp/broken.err"; check $? "bad JSON named with file and line"
grep -q "$r2/run.json: field format: unknown version" "$tmp/broken.err"; check $? "unknown format version named"
grep -q "$r3/run.json: summary.obj_s" "$tmp/broken.err"; check $? "non-numeric field named with file and field"
pycheck "partial" "$tmp/broken/results/aggregate.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
from checks import t
t(len(a["runs"]) == 852 and len(a["cells"]) == 120, "the other 852 runs still analyzed")
t(sorted(u["path"] for u in a["unreadable"]) == sorted(["runs/cycle-01/provider-c/get-50MiB-c5", "runs/cycle-03/provider-a/put-5MiB-c1", "runs/cycle-06/provider-b/put-256KiB-c10"]), "unreadable files listed in aggregate.json")
c = [c for c in a["cells"] if (c["subject"], c["op"], c["size"], c["concurrency"]) == ("provider-a", "put", 5242880, 1)][0]
t(c["n"] == 6 and len(c["runs"]) == 6, "the unreadable run is missing from its cell, not zero")
PY

# ---- 5b. without campaign.ini: cycles and order from run.json, subjects by id ----
cp -r "$tmp/full" "$tmp/noini" && rm -rf "$tmp/noini/results" "$tmp/noini/campaign.ini"
"$analyze" "$tmp/noini" 2>/dev/null
check $? "no campaign.ini: exit 0"
python3 -c "
import json,sys; a=json.load(open('$tmp/noini/results/aggregate.json'))
sys.exit(0 if a['campaign']['cycles']==7 and a['campaign']['order']=='interleave' and [s['id'] for s in a['subjects']]==sorted(s['id'] for s in a['subjects']) else 1)"
check $? "no campaign.ini: cycles 7 and order from run.json, subjects by id"

# ---- 6. labels are data: kept exactly (escaping is the renderer's job) ----
"$fake" "$tmp/xss" --xss --subjects 3 --cycles 2 && "$analyze" "$tmp/xss" 2>/dev/null
check $? "--xss campaign analyzed"
python3 -c "
import json,sys; a=json.load(open('$tmp/xss/results/aggregate.json'))
sys.exit(0 if a['subjects'][2]['label']=='Provider C <script>alert(1)</script>' else 1)"
check $? "a label with <script> is carried verbatim"

# ---- 7. --recompute from ops.tsv.zst ----
"$fake" "$tmp/ops" --ops-logs --subjects 2 --cycles 2 --seed 3
check $? "fake_campaign --ops-logs"
[ -s "$tmp/ops/runs/cycle-01/provider-a/put-5MiB-c5/ops.tsv.zst" ]; check $? "ops.tsv.zst written"
"$analyze" "$tmp/ops" --recompute -o "$tmp/ops/r1" 2>"$tmp/ops.err"
rc=$?
[ $rc -eq 0 ]; check $? "--recompute agrees with every run.json: exit 0 ($rc; $(head -c 300 "$tmp/ops.err"))"
"$analyze" "$tmp/ops" -o "$tmp/ops/r0" 2>/dev/null
cmp -s "$tmp/ops/r0/cells.csv" "$tmp/ops/r1/cells.csv"; check $? "recomputed cells equal the run.json cells"
t=runs/cycle-02/provider-b/get-50MiB-c10
python3 - "$tmp/ops/$t/run.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); j["summary"]["mib_s"] *= 1.5; json.dump(j, open(sys.argv[1], "w"))
PY
"$analyze" "$tmp/ops" -o "$tmp/ops/r2" 2>"$tmp/ops2.err"
[ $? -eq 0 ]; check $? "without --recompute the tampered run.json is trusted"
"$analyze" "$tmp/ops" --recompute -o "$tmp/ops/r3" 2>"$tmp/ops3.err"
rc=$?
[ $rc -eq 1 ]; check $? "--recompute with a tampered run.json: exit 1 ($rc)"
grep -q "$t/run.json: summary disagrees with ops.tsv.zst: mib_s" "$tmp/ops3.err"; check $? "the disagreeing run and field are named"
! cmp -s "$tmp/ops/r2/cells.csv" "$tmp/ops/r3/cells.csv" && cmp -s "$tmp/ops/r1/cells.csv" "$tmp/ops/r3/cells.csv"
check $? "--recompute uses the numbers from ops.tsv.zst"
rm "$tmp/ops/runs/cycle-01/provider-a/put-5MiB-c5/ops.tsv.zst"
"$analyze" "$tmp/ops" --recompute -o "$tmp/ops/r4" 2>"$tmp/ops4.err"
[ $? -eq 1 ] && grep -q "cycle-01/provider-a/put-5MiB-c5/ops.tsv.zst" "$tmp/ops4.err"
check $? "--recompute: a missing ops.tsv.zst is named, exit 1"
python3 -c "
import json,sys; a=json.load(open('$tmp/ops/r4/aggregate.json'))
sys.exit(0 if a['unreadable']==[] and len(a['runs'])==102 and all(r['included'] or r['reason'].startswith('no final summary') for r in a['runs']) else 1)"
check $? "--recompute: that run keeps run.json's summary and is still analyzed"

finish
