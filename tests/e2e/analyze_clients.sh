#!/usr/bin/env bash
# tests/e2e/analyze_clients.sh: distributed runs through analyze and render,
# without MPI: data/sample is copied and a python fixture writer adds run.json "clients"
# (3 clients: node-a ranks 0 and 1, node-b rank 2; each rank's MiB/s and obj/s a fixed
# share of the run's, s3rver's uneven, rgw's even), as collect writes them under mpirun.
# Checks: aggregate.json's clients / workers_total / client_hosts of cells and runs, the
# top-level client_hosts and client_balance (recomputed here from the run.json files);
# the unchanged sample reads as 1 client with nothing added; a run without "clients"
# among 3-client runs is excluded as clients-mismatch; malformed "clients" fields are
# refused naming the file and field; the report (HTML, and PDF via pdftotext) lists the
# client hosts, labels the tables "N workers (3 clients × C) on 2 hosts", has the
# per-client tables and the imbalance finding for s3rver only; the single-client report
# has none of it. Every other place that names a cell's workers says the total, in the
# HTML and the PDF text: the highest-figure and led-at findings, the latency, CDF,
# time-series and per-cycle chart titles, forest rows, the latency, samples and appendix
# tables ("24 (3 × 8)"), the one-off matrix rows, Korean too; cells.csv, runs.csv and
# ops[] carry clients and workers_total. 3-client workload runs (tests/tools/gen_wl_runs
# with the same writer): workload_cells and rate_sweeps carry their clients, and the
# workloads, per-operation, sustained-rate and sweep tables and the sweep chart say them.
. "$(dirname "$0")/analyze_lib.sh"
render=${RENDER:-$top/bin/render}
for b in "$analyze" "$render"; do
	[ -x "$b" ] || { bad "$b missing: run make"; finish; }
done

# ---- the fixture: data/sample with 3 clients per run ----
cp -r "$top/data/sample" "$tmp/one"
cp -r "$top/data/sample" "$tmp/three"
cat >"$tmp/clients.py" <<'PY'
import glob, json, sys
hosts = ["node-a", "node-a", "node-b"]
for p in sorted(glob.glob(sys.argv[1] + "/runs/*/*/*/run.json")):
    r = json.load(open(p))
    s, conc = r.get("summary"), r["workload"]["concurrency"]
    share = [0.5, 0.3, 0.2] if r["subject"]["id"] == "s3rver" else [0.35, 0.33, 0.32]
    if r["cycle"] == 2:
        share = share[1:] + share[:1] if r["subject"]["id"] == "s3rver" else share
    lst = [{"rank": k, "host": hosts[k], "client_id": "c%d" % k, "offset_ms": 0.0, "rtt_ms": 0.1,
            "status": "complete", "class": None, "reason": None,
            "summary": None if s is None else {"requests": s["requests"] // 3, "bytes": s["bytes"] // 3,
                "errors": 0, "mib_s": s["mib_s"] * share[k], "obj_s": s["obj_s"] * share[k],
                "latency_ms": s["latency_ms"]}} for k in range(3)]
    r["clients"] = {"count": 3, "concurrency_total": 3 * conc, "hosts": hosts, "list": lst}
    json.dump(r, open(p, "w"), indent=1)
PY
python3 "$tmp/clients.py" "$tmp/three"
check $? "fixture: clients added to every run.json"

"$analyze" "$tmp/three" 2>"$tmp/three.err"
check $? "analyze a 3-client DATA_DIR ($(tail -1 "$tmp/three.err"))"
"$analyze" "$tmp/one" 2>"$tmp/one.err"
check $? "analyze the single-client sample"

pycheck "aggregate" "$tmp/three" "$tmp/one" <<'PY'
import glob, json, statistics, sys
three, one = sys.argv[1], sys.argv[2]
a = json.load(open(three + "/results/aggregate.json"))
from checks import t, near
t(a["format"] == "s3bench-aggregate/1.2", "format 1.2")
t(all(c["clients"] == 3 and c["workers_total"] == 3 * c["concurrency"] and c["client_hosts"] == 2
      for c in a["cells"]), "cells: clients 3, workers_total = 3 x concurrency, 2 hosts")
t(all(r["clients"] == 3 and r["workers_total"] == 3 * r["concurrency"] for r in a["runs"]),
  "runs: clients 3, workers_total")
t(a["client_hosts"] == [{"host": "node-a", "ranks": 2}, {"host": "node-b", "ranks": 1}],
  "client_hosts: node-a 2 ranks, node-b 1: %s" % a["client_hosts"])
# client_balance recomputed from the run.json files
runs = {}
for p in glob.glob(three + "/runs/cycle-*/*/*/run.json"):
    r = json.load(open(p))
    runs.setdefault((r["subject"]["id"], r["workload"]["op"]), []).append(r)
want = []
for subj in [s["id"] for s in a["subjects"]]:
    for op in a["matrix"]["ops"]:
        rs = runs[(subj, op)]
        best = max(rs, key=lambda r: (r["workload"]["concurrency"] * 3, r["workload"]["size"]))
        cell = [r for r in rs if r["workload"]["concurrency"] == best["workload"]["concurrency"]
                and r["workload"]["size"] == best["workload"]["size"] and "summary" in r]
        per = [statistics.mean(r["clients"]["list"][k]["summary"]["mib_s"] for r in cell) for k in range(3)]
        want.append((subj, op, best["workload"]["size"], best["workload"]["concurrency"], per, max(per) / min(per)))
cb = a["client_balance"]
t(len(cb) == len(want) == 4, "client_balance: one entry per subject and op (%d)" % len(cb))
for b, (subj, op, size, conc, per, ratio) in zip(cb, want):
    name = "%s %s" % (subj, op)
    t(b["subject"] == subj and b["op"] == op and b["size"] == size and b["concurrency"] == conc
      and b["workers_total"] == 3 * conc and b["n"] == 2, name + ": the largest configuration (%d x %d, %d B)" % (3, conc, size))
    t([c["rank"] for c in b["clients"]] == [0, 1, 2] and [c["host"] for c in b["clients"]] == ["node-a", "node-a", "node-b"],
      name + ": ranks and hosts")
    t(all(near(c["mib_s"], w) for c, w in zip(b["clients"], per)), name + ": per-client MiB/s = mean over runs %s" % per)
    t(near(b["ratio_max_min"], ratio), name + ": ratio_max_min %.4f" % ratio)
t(all(b["ratio_max_min"] > 1.2 for b in cb if b["subject"] == "s3rver") and
  all(b["ratio_max_min"] < 1.2 for b in cb if b["subject"] == "rgw"), "s3rver unbalanced, rgw balanced")
o = json.load(open(one + "/results/aggregate.json"))
t(all(c["clients"] == 1 and c["workers_total"] == c["concurrency"] and c["client_hosts"] == 1 for c in o["cells"]),
  "no clients in run.json: every cell 1 client")
t(o["client_hosts"] == [] and o["client_balance"] == [], "single client: no client_hosts, no client_balance")
t(len(a["ops"]) == 6 and all(p.get("clients") == 3 and p.get("workers_total") == 3 * p["concurrency"] for p in a["ops"]),
  "one-off rows: clients 3, workers_total = 3 x concurrency")
t(all(p.get("clients") == 1 and p.get("workers_total") == p["concurrency"] for p in o["ops"]), "single client: one-off rows 1 client")
import csv
for d, n in ((three, 3), (one, 1)):
    cells = list(csv.DictReader(open(d + "/results/cells.csv", newline="")))
    t(len(cells) == len(json.load(open(d + "/results/aggregate.json"))["cells"]) and
      all(c.get("clients") == str(n) and c.get("workers_total") == str(n * int(c["concurrency"])) for c in cells),
      "cells.csv: clients %d, workers_total = %d x concurrency" % (n, n))
    runs = list(csv.DictReader(open(d + "/results/runs.csv", newline="")))
    t(len(runs) > 0 and all(r.get("clients") == str(n) and r.get("workers_total") == str(n * int(r["concurrency"])) for r in runs),
      "runs.csv: clients %d, workers_total = %d x concurrency (%d rows)" % (n, n, len(runs)))
PY

# ---- a run without "clients" among 3-client runs: excluded, never mixed ----
cp -r "$tmp/three" "$tmp/mixed"
odd=runs/cycle-02/rgw/put-1MiB-c8
python3 - "$tmp/mixed/$odd/run.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); del r["clients"]; json.dump(r, open(sys.argv[1], "w"))
PY
"$analyze" "$tmp/mixed" 2>/dev/null
check $? "analyze a DATA_DIR with one single-client run"
pycheck "mixed" "$tmp/mixed/results/aggregate.json" "$odd" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
from checks import t
x = [e for e in a["excluded"] if e["path"] == sys.argv[2]]
t(len(x) == 1 and x[0]["class"] == "clients-mismatch" and "ran with 1 client;" in x[0]["reason"]
  and "ran with 3" in x[0]["reason"], "the 1-client run is excluded as clients-mismatch: %s" % x)
c = [c for c in a["cells"] if c["subject"] == "rgw" and c["op"] == "put" and c["size"] == 1048576 and c["concurrency"] == 8][0]
t(c["n"] == 1 and c["clients"] == 3, "its cell keeps the 3-client run only (n=%d)" % c["n"])
PY

# ---- malformed "clients": refused naming the file and the field ----
bad_case() { # NAME PYTHON-EXPR-ON-r FIELD
	rm -rf "$tmp/bad" && cp -r "$tmp/three" "$tmp/bad"
	f="$tmp/bad/runs/cycle-01/s3rver/get-64KiB-c8/run.json"
	python3 -c "import json,sys; r=json.load(open(sys.argv[1])); $2; json.dump(r, open(sys.argv[1],'w'))" "$f"
	err=$("$analyze" "$tmp/bad" 2>&1 >/dev/null)
	rc=$?
	if [ "$rc" -eq 1 ] && [[ "$err" == *"cycle-01/s3rver/get-64KiB-c8/run.json"*"$3"* ]]; then
		ok "$1: exit 1 naming the file and $3"
	else
		bad "$1: exit $rc, '$err'"
	fi
}
bad_case "client MiB/s a string" 'r["clients"]["list"][1]["summary"]["mib_s"] = "fast"' "field clients.list[1].summary.mib_s"
bad_case "count 0" 'r["clients"]["count"] = 0' "field clients.count"
bad_case "hosts short" 'r["clients"]["hosts"].pop()' "field clients.hosts"
bad_case "rank out of range" 'r["clients"]["list"][2]["rank"] = 3' "field clients.list[2].rank"

# ---- the report ----
"$render" "$tmp/three/results" -o "$tmp/three/report" 2>"$tmp/render.err"
check $? "render the 3-client results ($(cat "$tmp/render.err"))"
"$render" "$tmp/one/results" -o "$tmp/one/report" 2>/dev/null
check $? "render the single-client results"
pycheck "report" "$tmp/three/report/report.html" "$tmp/one/report/report.html" <<'PY'
import html, re, sys
def text(p):
    s = re.sub(r"<[^>]+>", " ", open(p, encoding="utf-8").read())
    return re.sub(r"\s+", " ", html.unescape(s))
h, o = text(sys.argv[1]), text(sys.argv[2])
from checks import t
t("Client hosts node-a (2 ranks), node-b (1 rank)" in h, "environment lists the client hosts with their ranks")
t("PUT throughput (MiB/s), 24 workers (3 clients × 8) on 2 hosts" in h, "tables labelled with total workers and hosts")
t("PUT 64 KiB, 1 MiB 1, 4, 8 per client × 3 clients" in h, "matrix: workers per client × clients")
t("Client balance" in h and h.count(": throughput per client") == 4, "four per-client tables")
m = re.search(r"s3rver \(Node\.js\), PUT 1 MiB, 24 workers \(3 clients × 8\) on 2 hosts: throughput per client "
              r"Rank Host MiB/s obj/s 0 node-a ([\d.]+) [\d.]+ 1 node-a ([\d.]+) [\d.]+ 2 node-b ([\d.]+)", h)
t(m is not None, "s3rver PUT per-client table: ranks, hosts, figures")
imb = re.findall(r"Client imbalance: (.*?)'s (PUT|GET) clients differed by a factor of ([\d.]+)", h)
t(sorted((s, op) for s, op, _ in imb) == [("s3rver (Node.js)", "GET"), ("s3rver (Node.js)", "PUT")],
  "imbalance findings for s3rver only: %s" % imb)
t(all(x not in o for x in ("Client hosts", "Client balance", "clients ×", "imbalance")),
  "single-client report: no clients text")
PY
if command -v pdftotext >/dev/null; then
	pdftotext -layout "$tmp/three/report/report.pdf" "$tmp/three.txt" 2>/dev/null
	grep -q "Client balance" "$tmp/three.txt" && grep -q "node-b (1 rank)" "$tmp/three.txt" &&
		grep -q "24 workers (3 clients × 8) on 2 hosts" "$tmp/three.txt"
	check $? "PDF: client hosts, balance section and workers label in the text"
else
	skip 1 "pdftotext missing"
fi

# ---- every place that names a cell's workers says the total (HTML and PDF text) ----
# The "led at" finding needs clear leads: a copy of aggregate.json with every leader clear,
# in leaders[] and in the claims the report words (each lead claim clear, each op's
# lead-count claims counted again: "most" for the one subject with the most clear leads)
mkdir -p "$tmp/led"
python3 - "$tmp/three/results/aggregate.json" "$tmp/led/aggregate.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
for l in a["leaders"]:
    l.update(status="clear", clear=True, tied_with=[])
leads = [c for c in a["claims"] if c["kind"] == "lead"]
for c in leads:
    c.update(verdict="clear", subjects=[], reasons=[])
for c in a["claims"]:
    if c["kind"] != "lead-count":
        continue
    mine = [x for x in leads if x["op"] == c["op"] and x["subject"] == c["subject"]]
    c["figures"].update(led=len(mine), clear=len(mine), tied=0, unresolved=0, blocked=0,
                        untested=0)
for op in {c["op"] for c in a["claims"] if c["kind"] == "lead-count"}:
    counts = [c for c in a["claims"] if c["kind"] == "lead-count" and c["op"] == op]
    top = max(c["figures"]["clear"] for c in counts)
    for c in counts:
        n = c["figures"]["clear"]
        c["verdict"] = ("none" if n == 0 else "most" if n == top and
                        sum(x["figures"]["clear"] == top for x in counts) == 1 else "some")
json.dump(a, open(sys.argv[2], "w"))
PY
"$render" "$tmp/led" -o "$tmp/led/report" -f html 2>/dev/null
check $? "render the 3-client results with clear leaders"
"$render" "$tmp/three/results" -o "$tmp/three/report-ko" -l ko 2>/dev/null
check $? "render the 3-client results in Korean"
pdf=""
if command -v pdftotext >/dev/null; then
	pdftotext "$tmp/three/report/report.pdf" "$tmp/three.raw.txt" && pdf="$tmp/three.raw.txt"
fi
pycheck "labels" "$tmp/three/report/report.html" "$tmp/one/report/report.html" "$tmp/led/report/report.html" \
	"$tmp/three/report-ko/report.html" "$pdf" <<'PY'
import html, re, sys
def text(p):
    s = open(p, encoding="utf-8").read()
    if p.endswith(".html"):
        s = html.unescape(re.sub(r"<[^>]+>", " ", s))
    return re.sub(r"\s+", " ", s)
h, o, led, ko = (text(p) for p in sys.argv[1:5])
pdf = text(sys.argv[5]) if sys.argv[5] else None
from checks import t
# (name, label, in the PDF text too)
labels = [
    ("highest-figure finding", r"Highest PUT figure: [\d.]+ MiB/s by .{0,40}\(1 MiB objects, 24 workers \(3 clients × 8\) on 2 hosts\)\.", True),
    ("latency chart title", r"PUT request latency, 24 workers \(3 × 8\): p50 to p99", True),
    ("latency chart title at 1 per client: plural of the total", r"PUT request latency, 3 workers \(3 × 1\): p50", True),
    ("latency chart description", r"in milliseconds with 24 workers \(3 clients × 8\) on 2 hosts, one panel", False),
    ("forest-plot rows", r"1 MiB, 24 w\. \(3 × 8\)", True),
    ("CDF title", r"PUT 64 KiB, 24 workers \(3 × 8\): latency distribution", True),
    ("time-series title", r"PUT 1 MiB, 24 workers \(3 × 8\): throughput per second", True),
    ("per-cycle title", r"PUT 1 MiB, 24 workers \(3 × 8\): per cycle", True),
    ("latency and appendix tables", r"(s3rver \(Node\.js\) \*? ?64 KiB 24 \(3 × 8\) .*){4}", True),
    ("samples table", r"PUT 24 \(3 × 8\) 64 KiB 2/2", True),
    ("one-off matrix row", r"LIST 4 KiB 4 per client × 3 clients", True),
]
for name, rx, in_pdf in labels:
    t(re.search(rx, h) is not None, "HTML: " + name)
    if in_pdf and pdf is not None:
        t(re.search(rx, pdf) is not None, "PDF: " + name)
t(re.search(r"led PUT at 64 KiB at concurrency 3 \(3 × 1\) \([\d.]+ MiB/s\), .*at concurrency 24 \(3 × 8\) \(", led)
  is not None, "HTML: led-at finding")
t(not re.search(r"(?<![\d(])8 workers|(?<!\d)8 w\.|concurrency 8\b", h + led), "no per-client count labelled as the workers")
t("작업자 24개(3 × 8): p50~p99" in ko and "작업자 24개(클라이언트 3개 × 8), 호스트 2개)." in ko, "Korean: chart title and finding")
t("(3 ×" not in o and "8 workers: p50" in o and "8 w." in o, "single-client report: the per-client count, no clients label")
PY

# ---- workload cells and rate sweeps of 3 clients ----
gen=${GEN_WL_RUNS:-$top/build/tests/gen_wl_runs}
if [ -x "$gen" ]; then
	"$gen" "$tmp/wl" --p99-limit 50 && python3 "$tmp/clients.py" "$tmp/wl" &&
		"$analyze" "$tmp/wl" 2>/dev/null && "$render" "$tmp/wl/results" -o "$tmp/wl/report" 2>/dev/null
	check $? "3-client workload runs: generate, analyze, render"
	pdf=""
	command -v pdftotext >/dev/null && pdftotext "$tmp/wl/report/report.pdf" "$tmp/wl.txt" && pdf="$tmp/wl.txt"
	pycheck "workloads" "$tmp/wl/results/aggregate.json" "$tmp/wl/report/report.html" "$pdf" <<'PY'
import html, json, re, sys
a = json.load(open(sys.argv[1]))
def text(p):
    s = open(p, encoding="utf-8").read()
    if p.endswith(".html"):
        s = html.unescape(re.sub(r"<[^>]+>", " ", s))
    return re.sub(r"\s+", " ", s)
from checks import t
w, sw = a["workload_cells"], a["rate_sweeps"]
t(len(w) > 0 and all(c["clients"] == 3 and c["workers_total"] == 3 * c["concurrency"] and c["client_hosts"] == 2 for c in w),
  "workload_cells: clients 3, workers_total, 2 hosts (%d cells)" % len(w))
t(len(sw) == 2 and all(s.get("clients") == 3 and s.get("workers_total") == 3 * s["concurrency"] for s in sw),
  "rate_sweeps: clients 3, workers_total")
docs = [("HTML", text(sys.argv[2]))] + ([("PDF", text(sys.argv[3]))] if sys.argv[3] else [])
for kind, x in docs:
    t(re.search(r"Ceph RGW GET; sizes 4 KiB 50 %.*? 12 \(3 × 4\) [\d.]", x) is not None, kind + ": workloads table, 12 (3 × 4)")
    t("Mixed (get 45, put 15, head 30, delete 10), 12 workers (3 clients × 4) on 2 hosts, per operation" in x,
      kind + ": per-operation table caption")
    t(re.search(r"Ceph RGW GET 192 \(3 × 64\) 700", x) is not None, kind + ": sustained-rate table, worker cap 192 (3 × 64)")
    t("Ceph RGW (3 clients): offered rate, achieved rate" in x and "Ceph RGW (3 clients): GET latency against offered load" in x,
      kind + ": rate sweep table and chart: 3 clients")
PY
else
	bad "$gen missing: run make tests"
fi
finish
