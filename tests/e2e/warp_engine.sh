#!/usr/bin/env bash
# tests/e2e/warp_engine.sh: a Warp DATA_DIR analyzed with each `--warp-engine` (server,
# analyze, full) on generated per-request logs: a run of one file (two clients, some
# errors) and a run of two clients' files. Each cell's MiB/s and obj/s equal what
# `bin/analyze --warp` prints for the same input in the matching mode: --warp-server on
# the files; the default and --warp-full on the file, or on the log `warp merge` makes
# of the two files (built here independently: rows concatenated, the second file's
# threads offset past the first's, sorted by start). aggregate.json names the engine,
# the report's methodology says which Warp entry point the figures follow, a bad
# engine name is a usage error, and --warp-cmp takes the same option.
. "$(dirname "$0")/analyze_lib.sh"
gen=$top/build/tests/gen_warp_csv
render=${RENDER:-$top/bin/render}
for b in "$analyze" "$render" "$gen"; do
	[ -x "$b" ] || { bad "$b missing: run make tests"; finish; }
done
d=$tmp/d
mkdir -p "$d/w0" "$d/w1"
put="$d/w0/warp-put-2026-11-01[000000]-aaaaaa.csv.zst"
get0="$d/w0/warp-get-2026-11-02[000000]-bbbbbb.csv.zst"
get1="$d/w1/warp-get-2026-11-02[000001]-cccccc.csv.zst"
"$gen" "$put" --rows 30000 --seed 1 --op put --size 65536 --concurrency 8 --clients 2 \
	--error-ppm 3000 >/dev/null &&
	"$gen" "$get0" --rows 20000 --seed 2 --op get --size 4096 --concurrency 4 --clients 1 \
		--error-ppm 0 >/dev/null &&
	"$gen" "$get1" --rows 24000 --seed 3 --op get --size 4096 --concurrency 6 --clients 1 \
		--error-ppm 0 >/dev/null
check $? "three generated logs"

# the log `warp merge` writes for the two GET files
python3 - "$get0" "$get1" "$tmp/merged.csv" <<'PY'
import subprocess, sys
def ns(t):  # RFC 3339 UTC with up to 9 fraction digits -> sortable key
    base, _, frac = t.rstrip("Z").partition(".")
    return base + "." + frac.ljust(9, "0")
rows, off, head = [], 0, None
for f in sys.argv[1:3]:
    lines = subprocess.run(["zstd", "-dc", f], capture_output=True, text=True, check=True).stdout.splitlines()
    head = lines[0].split("\t")
    th, st = head.index("thread"), head.index("start")
    top = -1
    for l in lines[1:]:
        if not l or l.startswith("#"):
            continue
        v = l.split("\t")
        v[th] = str(int(v[th]) + off)
        top = max(top, int(v[th]))
        rows.append(v)
    off = top + 1
rows.sort(key=lambda v: ns(v[st]))
with open(sys.argv[3], "w") as o:
    o.write("\t".join(head) + "\n")
    for i, v in enumerate(rows):
        v[0] = str(i)
        o.write("\t".join(v) + "\n")
PY
check $? "the merged log of the two GET files"

"$analyze" --warp --warp-server "$put" --json >"$tmp/put-server.json" 2>/dev/null &&
	"$analyze" --warp "$put" --json >"$tmp/put-analyze.json" 2>/dev/null &&
	"$analyze" --warp --warp-full "$put" --json >"$tmp/put-full.json" 2>/dev/null &&
	"$analyze" --warp --warp-server "$get0" "$get1" --json >"$tmp/get-server.json" 2>/dev/null &&
	"$analyze" --warp "$tmp/merged.csv" --json >"$tmp/get-analyze.json" 2>/dev/null &&
	"$analyze" --warp --warp-full "$tmp/merged.csv" --json >"$tmp/get-full.json" 2>/dev/null
check $? "analyze --warp in the three modes"
for g in server analyze full; do
	"$analyze" "$d" --warp-engine "$g" -o "$tmp/res-$g" >/dev/null 2>"$tmp/res-$g.err"
	check $? "analyze DATA_DIR --warp-engine $g ($(head -c 200 "$tmp/res-$g.err"))"
	"$render" "$tmp/res-$g" -o "$tmp/rep-$g" >/dev/null 2>"$tmp/rep-$g.err"
	check $? "render of the $g results"
done
"$analyze" "$d" -o "$tmp/res-default" >/dev/null 2>&1
check $? "analyze DATA_DIR without --warp-engine"
pycheck "engines" "$tmp" <<'PY'
import json, sys
tmp = sys.argv[1]
from checks import t, near
def warp(name):
    j = json.load(open("%s/%s.json" % (tmp, name)))
    return j["ops"][0] if "ops" in j else j["reports"][0]["ops"][0]
for g in ["server", "analyze", "full"]:
    a = json.load(open("%s/res-%s/aggregate.json" % (tmp, g)))
    t(a["source"] == "warp" and a.get("warp_engine") == g, "%s: aggregate.json names the engine" % g)
    for op in ["put", "get"]:
        c = [c for c in a["cells"] if c["op"] == op and c["n"] > 0]
        w = warp("%s-%s" % (op, g))
        ok = len(c) == 1 and len(c[0]["runs"]) == 1
        r = c[0]["runs"][0] if ok else {}
        t(ok and near(r.get("mib_s"), w["mib_s"]) and near(r.get("obj_s"), w["obj_s"]),
          "%s %s: the run's MiB/s, obj/s = analyze --warp's (%s, %s vs %s, %s)" %
          (g, op, r.get("mib_s"), r.get("obj_s"), w["mib_s"], w["obj_s"]))
        if op == "get":
            t(ok and c[0]["concurrency"] == 10, "%s get: concurrency 4 + 6 workers (%s)" % (g, ok and c[0]["concurrency"]))
d = json.load(open(tmp + "/res-default/aggregate.json"))
t(d.get("warp_engine") == "server", "no --warp-engine: the server merge's figures")
s, an = warp("put-server"), warp("put-analyze")
t(abs(s["mib_s"] - an["mib_s"]) > 1e-6 * an["mib_s"], "one file: the server and analyze engines differ (%s vs %s)" % (s["mib_s"], an["mib_s"]))
PY
for g in server analyze full; do
	case $g in
	server) want="distributed server, which merged" ;;
	analyze) want="warp analyze</code> of Warp 1.6.1\|warp analyze\` of Warp 1.6.1\|warp analyze of Warp 1.6.1" ;;
	full) want="warp analyze --full" ;;
	esac
	grep -q "$want" "$tmp/rep-$g/report.html"
	check $? "$g: the report's methodology names the engine"
done
"$analyze" "$d" --warp-engine nonsense -o "$tmp/res-x" >/dev/null 2>"$tmp/x.err"
rc=$?
[ "$rc" -eq 2 ] && grep -q -- "--warp-engine" "$tmp/x.err"
check $? "an unknown engine: exit 2 ($rc), named"
"$analyze" --warp-cmp --warp-engine full "$get0" -- "$get1" >"$tmp/cmp.txt" 2>"$tmp/cmp.err"
check $? "--warp-cmp --warp-engine full ($(head -c 200 "$tmp/cmp.err"))"
b=$("$analyze" --warp --warp-full --json "$get0" 2>/dev/null | python3 -c 'import json,sys; o=json.load(sys.stdin)["reports"][0]["ops"][0]; print("%.2f MiB/s, %.2f obj/s" % (o["mib_s"], o["obj_s"]))')
grep -qxF "  Before: $b" "$tmp/cmp.txt"
check $? "--warp-cmp --warp-engine full: Before = the full engine's Average ($b)"
finish
