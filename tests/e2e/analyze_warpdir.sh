#!/usr/bin/env bash
# tests/e2e/analyze_warpdir.sh: a directory of MinIO Warp result files as a DATA_DIR
# (bin/analyze DATA_DIR --warp-map MAP), then bin/render on the results.
#   1. always: generated Warp per-request logs (build/tests/gen_warp_csv, two dates,
#      the recorded "# warp ..." command line appended) plus one corrupt file: exit 1,
#      the corrupt run named as unreadable, the others analyzed; cell values equal
#      what `bin/analyze --warp --warp-server FILE... --json` prints for the same run.
#   2. with the shared Warp fixtures ($S3BENCH_WARP_FIXTURES, else
#      $TOP/../shared/fixtures/warp; skipped when absent): every put and get run,
#      the two hosts mapped to two subjects; each run's MiB/s, obj/s and latency equal
#      `bin/analyze --warp --warp-server` on the same files in pod order, the published Averages of
#      expected/*.txt are reproduced, the mixed run is left out with a note, a corrupt
#      client file makes its run unreadable; without a map the hosts are the subjects;
#      the report shows only measured configurations (no empty table or chart), sizes
#      labelled as --obj.size declared them, the runs each cycle holds.
# Prints "N passed, N failed[, N skipped]"; exit 1 on failure.
. "$(dirname "$0")/analyze_lib.sh"
use_warp_gen

# ---- 1. generated Warp logs (always) ----
# gen_warp_csv writes 2026-11-01 runs of 2 clients (endpoints 127.0.0.1:9000/9001);
# the day is moved and Warp's command-line comment appended.
g=$tmp/gen
mkdir -p "$g/w0" "$g/w1"
# mkwarp OUT DAY OP SIZE CONC ROWS SEED CMDSIZE
mkwarp() {
	"$gen" "$tmp/raw.csv.zst" --rows "$6" --seed "$7" --op "$3" --size "$4" \
		--concurrency "$5" --clients 2 || return 1
	{ zstdcat "$tmp/raw.csv.zst" | sed "s/2026-11-01T/2026-11-$2T/g"
	  echo "# warp $3 --host=127.0.0.1:9000,127.0.0.1:9001 --obj.size=$8 --concurrent=$5 --duration=6s"
	} | zstd -q -f -o "$1"
}
mkwarp "$g/w0/warp-put-2026-11-01[000000]-aaaaaa.csv.zst" 01 put 65536 10 60000 1 64KiB
check $? "generated put run, day 1"
mkwarp "$g/w0/warp-put-2026-11-02[000000]-bbbbbb.csv.zst" 02 put 65536 10 50000 2 64KiB
check $? "generated put run, day 2"
mkwarp "$g/w1/warp-get-2026-11-02[010000]-cccccc.csv.zst" 02 get 4096 5 40000 3 4KiB
check $? "generated get run, day 2"
printf '\x28\xb5\x2f\xfdnot a zstd frame' >"$g/w1/warp-get-2026-11-03[000000]-dddddd.csv.zst"
cat >"$tmp/gen.map" <<'EOF'
; generated runs: both endpoints are one local server
[campaign]
title = Generated Warp logs
[subject local]
host = 127.0.0.1:*
label = Local test server
color = #2ca02c
EOF
"$analyze" "$g" --warp-map "$tmp/gen.map" -o "$tmp/gen-res" 2>"$tmp/gen.err"
rc=$?
[ "$rc" -eq 1 ]; check $? "a corrupt Warp file: exit 1 ($rc)"
grep -q 'dddddd.csv.zst' "$tmp/gen.err"; check $? "the corrupt file is named on stderr"
for f in put-2026-11-01 put-2026-11-02 get-2026-11-02; do
	"$analyze" --warp --warp-server "$g"/w?/warp-"$f"*.csv.zst --json >"$tmp/warp-$f.json" 2>/dev/null
	check $? "analyze --warp --warp-server $f"
done
pycheck "generated" "$tmp/gen-res" "$tmp" <<'PY'
import json, sys
res, tmp = sys.argv[1], sys.argv[2]
a = json.load(open(res + "/aggregate.json"))
from checks import t, near  # near(x, y, 1e-13): aggregate.json has 15 significant digits
def warp(f):
    return json.load(open("%s/warp-%s.json" % (tmp, f)))["ops"][0]
t(a["source"] == "warp", "source is warp")
t(a["campaign"]["title"] == "Generated Warp logs", "campaign title from the map")
t([(s["id"], s["label"], s["color"]) for s in a["subjects"]] == [("local", "Local test server", "#2ca02c")], "subject from the map")
t(a["campaign"]["cycles"] == 2, "two dates = two cycles")
t(a["matrix"] == {"ops": ["put", "get"], "sizes": [4096, 65536], "size_labels": ["4 KiB", "64 KiB"], "concurrency": [10, 20]}, "matrix: size and its label from --obj.size, concurrency = --concurrent x 2 clients: %s" % a["matrix"])
t(len(a["unreadable"]) == 1 and "dddddd" in a["unreadable"][0]["path"] and "dddddd" in a["unreadable"][0]["error"], "the unreadable run is listed with its file")
cells = {(c["op"], c["size"], c["concurrency"]): c for c in a["cells"]}
put, get = cells[("put", 65536, 20)], cells[("get", 4096, 10)]
w1, w2, wg = warp("put-2026-11-01"), warp("put-2026-11-02"), warp("get-2026-11-02")
t(put["n"] == 2 and put["expected"] == 2 and [r["cycle"] for r in put["runs"]] == [1, 2], "put cell: cycles 1 and 2")
t(len(put["runs"]) == 2 and near(put["runs"][0]["mib_s"], w1["mib_s"], 1e-13) and near(put["runs"][1]["mib_s"], w2["mib_s"], 1e-13), "put runs: Warp's Average MiB/s")
t(abs(put["mib_s"]["value"] - (w1["mib_s"] + w2["mib_s"]) / 2) < 1e-9 * w1["mib_s"], "put cell value: mean of the two")
t(get["n"] == 1 and get["runs"][0]["cycle"] == 2, "get on day 2: cycle 2")
t(near(get["obj_s"]["value"], wg["obj_s"], 1e-13) and near(get["mib_s"]["value"], wg["mib_s"], 1e-13), "get cell: Warp's Average")
t(abs(get["latency_ms"]["avg"] - wg["requests_ms"]["avg"]) < 1e-9, "get latency: Warp's Reqs Avg")
t(a["leaders"] and all(l["subject"] == "local" for l in a["leaders"]), "leaders")
PY
pycheck "generated pooled" "$tmp/gen-res" "$g" <<'PY'
import glob, json, subprocess, sys
a = json.load(open(sys.argv[1] + "/aggregate.json"))
from checks import t
def ok_rows(pattern, op):
    n = 0
    for f in glob.glob(sys.argv[2] + "/w?/" + pattern):
        lines = subprocess.run(["zstd", "-dc", f], capture_output=True, text=True).stdout.splitlines()
        head = lines[0].split("\t")
        for l in lines[1:]:
            r = dict(zip(head, l.split("\t")))
            n += not l.startswith("#") and r.get("op") == op and r.get("error") == ""
    return n
cells = {(c["op"], c["size"], c["concurrency"]): c for c in a["cells"]}
p = cells[("put", 65536, 20)]["latency_ms"]["pooled"]
t(p["source"] == "histogram" and p["requests"] == ok_rows("warp-put-*.csv.zst", "PUT") > 0,
  "Warp CSV runs: pooled from the requests (%s requests)" % p["requests"])
t(p["p50"] <= p["p99"] <= p["p999"] <= p["max"] and len(p["quantiles"]) == 18, "pooled percentiles ordered")
t(a["timeseries"] == [], "no time series for Warp inputs")
PY
"$render" "$tmp/gen-res" -o "$tmp/gen-rep" >/dev/null 2>"$tmp/gen-render.err"
check $? "render the generated Warp results"
[ -s "$tmp/gen-rep/report.html" ] && [ -s "$tmp/gen-rep/report.pdf" ]
check $? "report.html and report.pdf written"
grep -q 'Local test server' "$tmp/gen-rep/report.html"; check $? "the subject label is in the report"

# ---- 2. the shared Warp fixtures ----
if [ ! -d "$fx/warp-0" ]; then
	skip 51 "Warp fixtures absent ($fx)"
	finish
fi
cat >"$tmp/fx.map" <<'EOF'
[campaign]
title = Warp fixtures, 2025-08-05
[subject cloud]
host = storage.yandexcloud.net
label = Cloud service
color = #ff9900
[subject onprem]
host = s3-onprem.*
label = On-premises service
color = #1f77b4
EOF
"$analyze" "$fx" --warp-map "$tmp/fx.map" -o "$tmp/fx-res" 2>"$tmp/fx.err"
check $? "analyze the fixtures directory: exit 0"
grep -q 'mixed run.*left out' "$tmp/fx.err"; check $? "the mixed run is left out with a note"
# Warp's own report of each run, clients in pod order (warp-0 first)
runs="put:210837 put:211410 put:211754 put:212044 put:232714 get:213436 get:213757 get:21401[9]|get:214020 get:22010[6-9]|get:220111"
for r in $runs; do
	files=()
	IFS='|' read -ra parts <<<"$r"
	for c in 0 1 2 3 4 5 6 7; do
		for p in "${parts[@]}"; do
			pat="$fx/warp-$c/warp-${p%%:*}-2025-08-05[[]${p#*:}[]]-*.json.zst"
			for f in $pat; do
				[ -e "$f" ] && files+=("$f")
			done
		done
	done
	key=$(echo "${parts[0]}" | tr -d '[]:' | cut -c1-9)
	"$analyze" --warp --warp-server "${files[@]}" --json >"$tmp/fx-$key.json" 2>/dev/null
	[ "$?" -eq 0 ] && [ "${#files[@]}" -ge 4 ]
	check $? "analyze --warp --warp-server $r (${#files[@]} files)"
done
pycheck "fixtures" "$tmp/fx-res" "$tmp" "$fx" <<'PY'
import json, re, sys
res, tmp, fx = sys.argv[1:4]
a = json.load(open(res + "/aggregate.json"))
from checks import t, near  # near(x, y, 1e-13): aggregate.json has 15 significant digits
def warp(k):
    return json.load(open("%s/fx-%s.json" % (tmp, k)))["ops"][0]
t(a["source"] == "warp" and a["unreadable"] == [] and a["excluded"] == [], "source warp, nothing unreadable or excluded")
t([s["id"] for s in a["subjects"]] == ["cloud", "onprem"], "subjects in map order")
t(a["subjects"][0]["endpoint"] == "https://storage.yandexcloud.net", "endpoint as Warp recorded it")
runs = {re.search(r"\[(\d+)\]", r["path"]).group(1): r for r in a["runs"]}
t(sorted(runs) == ["210837", "211410", "211754", "212044", "213436", "213757", "214019", "220108", "232714"], "9 runs (mixed left out), named by warp-0's file: %s" % sorted(runs))
t(all(r["path"].startswith("warp-0/") for r in a["runs"]), "each run is named by its first client's file")
want = {  # run: subject, op, size, concurrency (--concurrent x clients), cycle
    "210837": ("cloud", "put", 1000000, 256, 1), "211410": ("cloud", "put", 1000000, 512, 1),
    "211754": ("onprem", "put", 1000000, 512, 1), "212044": ("onprem", "put", 1000000, 512, 2),
    "232714": ("onprem", "put", 512, 1024, 1), "213436": ("cloud", "get", 4000, 1024, 1),
    "213757": ("onprem", "get", 4000, 1024, 1), "214019": ("onprem", "get", 4000, 1024, 2),
    "220108": ("onprem", "get", 1, 8192, 1)}
keys = {"210837": "put210837", "211410": "put211410", "211754": "put211754", "212044": "put212044",
        "232714": "put232714", "213436": "get213436", "213757": "get213757", "214019": "get214019",
        "220108": "get220106"}
for k, (s, op, size, conc, cyc) in want.items():
    r = runs.get(k)
    t(r is not None and (r["subject"], r["op"], r["size"], r["concurrency"], r["cycle"]) == (s, op, size, conc, cyc),
      "run %s: %s %s %d c%d cycle %d (%s)" % (k, s, op, size, conc, cyc, r and (r["subject"], r["op"], r["size"], r["concurrency"], r["cycle"])))
    w = warp(keys[k])
    t(r is not None and near(r["mib_s"], w["mib_s"], 1e-13) and near(r["obj_s"], w["obj_s"], 1e-13) and near(r["lat_avg_ms"], w["requests_ms"]["avg"], 1e-13),
      "run %s: MiB/s, obj/s, latency = analyze --warp (%s vs %s)" % (k, r and r["mib_s"], w["mib_s"]))
cells = {(c["subject"], c["op"], c["size"], c["concurrency"]): c for c in a["cells"]}
c = cells[("cloud", "put", 1000000, 512)]
t(c["n"] == 1 and near(c["mib_s"]["value"], warp("put211410")["mib_s"], 1e-13), "cell cloud put 1MB c512 = put-211410's Average")
c = cells[("onprem", "put", 1000000, 512)]
t(c["n"] == 2 and near(c["mib_s"]["value"], (warp("put211754")["mib_s"] + warp("put212044")["mib_s"]) / 2, 1e-13), "same-day repeat: its own cycle, the cell's mean over both")
# the published numbers (what Warp's server printed)
for name, cell in (("put-211410", ("cloud", "put", 1000000, 512)), ("get-213436", ("cloud", "get", 4000, 1024)),
                   ("get-213757", ("onprem", "get", 4000, 1024))):
    text = open("%s/expected/%s.txt" % (fx, name)).read()
    m = re.search(r"Average: ([\d.]+) MiB/s, ([\d.]+) obj/s", text)
    run = runs[name.split("-")[1]]
    t(m and "%.2f" % run["mib_s"] == m.group(1) and "%.2f" % run["obj_s"] == m.group(2),
      "%s: the published Average %s MiB/s, %s obj/s is reproduced (%.2f, %.2f)" % (name, m and m.group(1), m and m.group(2), run["mib_s"], run["obj_s"]))
    mr = re.search(r"Reqs: Avg: ([\d.]+)ms", text)
    t(mr and "%.1f" % run["lat_avg_ms"] == mr.group(1), "%s: the published Reqs Avg %s ms" % (name, mr and mr.group(1)))
t(any(l["op"] == "get" and l["subject"] == "onprem" and l["size"] == 4000 for l in a["leaders"]), "leader of get 4KB c1024: onprem")
pooled = [c["latency_ms"]["pooled"] for c in a["cells"] if c["n"] > 0]
t(pooled and all(p["source"] == "runs" and p["p999"] is None and p["quantiles"] is None for p in pooled),
  "Warp JSON runs: pooled latency labelled \"runs\" (no requests to pool)")
PY
"$render" "$tmp/fx-res" -o "$tmp/fx-rep" >/dev/null 2>"$tmp/fx-render.err"
check $? "render the fixtures' results"
grep -q 'On-premises service' "$tmp/fx-rep/report.html" && [ -s "$tmp/fx-rep/report.pdf" ]
check $? "report.html names the subjects, report.pdf written"
# only what was measured: no empty table, no empty chart, sizes as Warp declared them
pycheck "fixtures report" "$tmp/fx-res" "$tmp/fx-rep/report.html" <<'PY'
import json, re, sys
a = json.load(open(sys.argv[1] + "/aggregate.json"))
h = open(sys.argv[2], encoding="utf-8").read()
from checks import t
t(a["matrix"]["size_labels"] == ["1 B", "512 B", "4 kB", "1 MB"], "size labels as --obj.size declared them: %s" % a["matrix"]["size_labels"])
t(all(c["size_label"] == a["matrix"]["size_labels"][a["matrix"]["sizes"].index(c["size"])] for c in a["cells"]), "cells[].size_label = the matrix's label")
tables = dict(re.findall(r'<table id="(t-(?:put|get)-c\d+)".*?</caption>(.*?)</table>', h, re.S))
t(sorted(tables) == ["t-get-c1024", "t-get-c8192", "t-put-c1024", "t-put-c256", "t-put-c512"], "a table per measured concurrency only: %s" % sorted(tables))
rows = [(k, r) for k, body in tables.items() for r in re.findall(r"<tr>(.*?)</tr>", body, re.S)[1:]]
def values(r):
    return [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
t(rows and all(any(v and not v.startswith("\u2013") for v in values(r)) for _, r in rows), "every table row has a value (%d rows)" % len(rows))
t(len(rows) == 5, "rows = the measured sizes (1 MB at 256 and 512, 512 B, 4 kB, 1 B): %d" % len(rows))
t("n=0/" not in h, "no 'n=0/2' for configurations no run measured")
t("976.6" not in h and "3.9 KiB" not in h and ">1 MB<" in h and ">4 kB<" in h, "sizes written as declared (1 MB, 4 kB)")
svgs = re.findall(r"<svg.*?</svg>", h, re.S)
scaling = [s for s in svgs if "throughput vs workers" in s]
t(len(scaling) == 1 and "PUT 1 MB" in scaling[0] and "<polyline" in scaling[0], "one scaling chart (PUT 1 MB, a line of two points)")
t(all(any(k in s for k in ("<polyline", "<rect", "<circle")) for s in svgs), "no empty chart (%d charts)" % len(svgs))
t(h.count("No comparison could be tested") == 2, "no forest plot of untested rows only: a sentence for PUT and GET")
t(h.count("No size was measured at two or more worker counts") == 1, "GET: no scaling chart, the tables instead")
t(re.search(r"Runs per cycle.*?cycle 1: 7, cycle 2: 2", h, re.S) is not None, "runs per cycle in the environment section")
PY
pdftotext "$tmp/fx-rep/report.pdf" "$tmp/fx-rep.txt" 2>/dev/null
grep -q '^1 MB' "$tmp/fx-rep.txt" && ! grep -q '976.6' "$tmp/fx-rep.txt"
check $? "the PDF writes 1 MB, not 976.6 KiB"

# without a map: no runs/ but Warp files -> the Warp path, one subject per host
"$analyze" "$fx" -o "$tmp/fx-nomap" 2>/dev/null
check $? "no map: DATA_DIR without runs/ is read as Warp files"
pycheck "nomap" "$tmp/fx-nomap" <<'PY'
import json, sys
a = json.load(open(sys.argv[1] + "/aggregate.json"))
ids = [s["id"] for s in a["subjects"]]
print(("ok   " if a["source"] == "warp" and ids == ["s3-onprem.storage.yandex.net", "storage.yandexcloud.net"] else "FAIL ") + "subjects are the hosts: %s" % ids)
PY

# a corrupt client file: that run is unreadable (named), the others analyzed, exit 1
for c in 0 1 2 3 4 5 6 7; do
	mkdir -p "$tmp/part/warp-$c"
	for f in "$fx/warp-$c"/warp-put-2025-08-05[[]2114*.json.zst "$fx/warp-$c"/warp-put-2025-08-05[[]2117*.json.zst; do
		ln -s "$f" "$tmp/part/warp-$c/"
	done
done
rm "$tmp/part/warp-3/"warp-put-2025-08-05[[]211754*
printf 'truncated' | zstd -q -o "$tmp/part/warp-3/warp-put-2025-08-05[211754]-broken.json.zst"
"$analyze" "$tmp/part" --warp-map "$tmp/fx.map" -o "$tmp/part-res" 2>"$tmp/part.err"
rc=$?
[ "$rc" -eq 1 ]; check $? "a corrupt client file: exit 1 ($rc)"
grep -q 'warp-3/warp-put-2025-08-05\[211754\]-broken.json.zst' "$tmp/part.err"
check $? "the corrupt client file is named on stderr"
pycheck "partial" "$tmp/part-res" <<'PY'
import json, sys
a = json.load(open(sys.argv[1] + "/aggregate.json"))
ok = len(a["runs"]) == 1 and "211410" in a["runs"][0]["path"] and len(a["unreadable"]) == 1 and "211754" in a["unreadable"][0]["path"] and "broken" in a["unreadable"][0]["error"]
print(("ok   " if ok else "FAIL ") + "run 211410 analyzed, run 211754 listed as unreadable")
PY
finish
