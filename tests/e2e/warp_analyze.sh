#!/usr/bin/env bash
# tests/e2e/warp_analyze.sh: `bin/analyze --warp FILE...` prints, byte for byte, what
# `warp analyze FILE...` of Warp 1.6.1 printed for the files of
# ../shared/fixtures/warp-analyze (or $S3BENCH_WARP_ANALYZE_FIXTURES): three aggregated
# .json.zst of the runs in ../shared/fixtures/warp (or $S3BENCH_WARP_FIXTURES) and two
# per-request .csv.zst logs; each file alone, several files one after the other, the
# progress lines on stderr, times in the zone TZ names; `--warp-full` for the CSV logs
# (expected-full/) and an error for JSON input; two clients' files of one run: a note
# on stderr that names --warp-server. Skips, saying so, when the fixtures are absent.
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2
analyze=${ANALYZE:-bin/analyze}
fa=${S3BENCH_WARP_ANALYZE_FIXTURES:-$top/../shared/fixtures/warp-analyze}
fw=${S3BENCH_WARP_FIXTURES:-$top/../shared/fixtures/warp}
export TZ=

# same NAME EXPECTED GOT: ok when the files are identical, else the diff's head.
same() {
	if cmp -s "$2" "$3"; then
		ok "$1"
	else
		bad "$1"
		diff "$2" "$3" | head -20 >&2
	fi
}

# --help names the Warp version and entry point of each mode (always checked).
h=$("$analyze" --warp --help)
[[ "$h" == *"warp analyze FILE...\` of Warp 1.6.1"* && "$h" == *"--warp-server  what Warp 1.3's distributed server"* &&
	"$h" == *"warp analyze --full FILE...\` of Warp 1.6.1"* ]]
check $? "analyze --warp --help: Warp version and entry point per mode"

if [ ! -d "$fa/expected" ] || [ ! -d "$fw" ]; then
	skip 19 "Warp 1.6.1 fixtures absent ($fa, $fw)"
	finish
fi

inputs=()
for want in "$fa"/expected/*.txt; do
	b=$(basename "$want" .txt)
	case "$b" in
	csv-*) in=$fa/csv/${b#csv-}.csv.zst prog='operations loaded... Done!' ;;
	*) in=$fw/$(cat "$fa/expected/$b.input") prog="Loading \"$fw/$(cat "$fa/expected/$b.input")\"" ;;
	esac
	inputs+=("$in")
	"$analyze" --warp "$in" >"$tmp/$b.out" 2>"$tmp/$b.err"
	rc=$?
	same "$b.txt reproduced (exit $rc)" "$want" "$tmp/$b.out"
	grep -qF "$prog" "$tmp/$b.err"
	check $? "$b: progress line on stderr ($(head -c 100 "$tmp/$b.err"))"
done

# Several files: each reported alone, in the order given (Warp's loop over its arguments).
cat "$fa"/expected/*.txt >"$tmp/all.want"
"$analyze" --warp "${inputs[@]}" >"$tmp/all.out" 2>"$tmp/all.err"
same "five files: each report in turn" "$tmp/all.want" "$tmp/all.out"

# TZ: the clock reads in the zone TZ names, as Go's Local does (11:36:01 UTC = 20:36:01 JST).
TZ=Asia/Tokyo "$analyze" --warp "$fa/csv/get-64KiB-c8.csv.zst" >"$tmp/jst.out" 2>/dev/null
sed -e 's/11:36:\([0-9][0-9]\) UTC/20:36:\1 JST/g' "$fa/expected/csv-get-64KiB-c8.txt" >"$tmp/jst.want"
same "TZ=Asia/Tokyo: the same report, clock in JST" "$tmp/jst.want" "$tmp/jst.out"

# --warp-full: the per-request engine for CSV input; an aggregated file is an error.
for want in "$fa"/expected-full/csv-*.txt; do
	b=$(basename "$want" .txt)
	"$analyze" --warp --warp-full "$fa/csv/${b#csv-}.csv.zst" >"$tmp/full-$b.out" 2>/dev/null
	same "--warp-full: $b.txt reproduced" "$want" "$tmp/full-$b.out"
done
j=$fw/$(cat "$fa"/expected/warp-0_warp-put-*.input)
"$analyze" --warp --warp-full "$j" >"$tmp/fj.out" 2>"$tmp/fj.err"
rc=$?
[ "$rc" -eq 1 ] && [ ! -s "$tmp/fj.out" ] && grep -q "needs a per-request log" "$tmp/fj.err"
check $? "--warp-full on an aggregated .json.zst: exit 1, says why ($(head -c 160 "$tmp/fj.err"))"

# --json, each mode: the same numbers as the text (Average, segment count, to the digits printed).
"$analyze" --warp --json "${inputs[@]}" >"$tmp/an.json" 2>/dev/null &&
	"$analyze" --warp --warp-full --json "$fa"/csv/*.csv.zst >"$tmp/full.json" 2>/dev/null &&
	"$analyze" --warp --warp-server --json "$fa/csv/put-1MiB-c4.csv.zst" >"$tmp/srv.json" 2>/dev/null &&
	"$analyze" --warp --warp-server "$fa/csv/put-1MiB-c4.csv.zst" >"$tmp/srv.txt" 2>/dev/null
check $? "--json in the three modes exits 0"
python3 - "$tmp" "$fa" <<'PY'
import glob, json, os, re, sys
tmp, fa = sys.argv[1:3]
def avg(o):
    return "%.2f MiB/s, %.2f obj/s" % (o["mib_s"], o["obj_s"])
bad = []
an = json.load(open(tmp + "/an.json"))
want = sorted(glob.glob(fa + "/expected/*.txt"))
if an["engine"] != "analyze" or an["warp_version"] != "1.6.1" or len(an["reports"]) != len(want):
    bad.append("analyze: engine/version/count")
for rep, w in zip(an["reports"], want):
    text = open(w).read()
    for op in rep["ops"]:
        if op["skipped"]:
            continue
        line = " * Average: %s (%ds)" % (avg(op), round(op["ran_s"]))
        if line not in text or ("split into %d x 1s" % op["segments"]["count"]) not in text:
            bad.append("analyze %s %s: %s" % (os.path.basename(w), op["op"], line))
full = json.load(open(tmp + "/full.json"))
for rep in full["reports"]:
    b = os.path.basename(rep["file"]).replace(".csv.zst", "")
    text = open(fa + "/expected-full/csv-" + b + ".txt").read()
    op = rep["ops"][0]
    if ("* Average: " + avg(op)) not in text or ("split into %d x 1s" % op["segments"]["count"]) not in text:
        bad.append("full " + b)
srv = json.load(open(tmp + "/srv.json"))
if srv.get("engine") != "server" or (" * Average: " + avg(srv["ops"][0])) not in open(tmp + "/srv.txt").read():
    bad.append("server")
print("\n".join(bad), file=sys.stderr)
sys.exit(1 if bad else 0)
PY
check $? "--json: the printed Averages and segment counts, per mode (analyze, full, server)"

# Two clients' files of one distributed run: each alone, and a note naming --warp-server.
w0=$(ls "$fw"/warp-0/warp-put-2025-08-05\[211410\]-*.json.zst)
w1=$(ls "$fw"/warp-1/warp-put-2025-08-05\[211410\]-*.json.zst)
"$analyze" --warp "$w0" "$w1" >"$tmp/two.out" 2>"$tmp/two.err"
{ cat "$fa"/expected/warp-0_warp-put-*.txt; "$analyze" --warp "$w1" 2>/dev/null; } >"$tmp/two.want"
same "two clients' files: each reported alone" "$tmp/two.want" "$tmp/two.out"
[ "$(grep -c -- '--warp-server' "$tmp/two.err")" -eq 1 ]
check $? "two clients' files: one stderr line names --warp-server"
finish
