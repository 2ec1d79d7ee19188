#!/usr/bin/env bash
# tests/e2e/analyze_warpcost.sh: a Warp directory's bill (bin/analyze DATA_DIR --prices
# FILE[:SECTION]; docs/FORMATS.md, "Warp result directories").
#   1. generated Warp per-request logs (build/tests/gen_warp_csv: a PUT and a GET run):
#      --prices FILE:SECTION bills every run; runs[].cost, cells[].cost and cost[] equal
#      a hand computation from the rows (requests and bytes of each op at the test's
#      prices, PUT objects billed for min_storage_days as deleted early); cost[] says only the logged
#      requests are billed; the map's `prices = SECTION` picks a section; a subject
#      without a section is left unpriced with a note; a missing named section, a wrong
#      price string (FILE:LINE: [SECTION] KEY) and --prices on s3bench's own runs are
#      usage errors (exit 2); the report's Cost section says what was billed.
#      With free_egress_gb and free_egress_ratio, cost[].free_allowance applies them per
#      calendar month (one month; the GET run moved to the next month), by hand.
#   2. the shared Warp fixtures (skipped when absent): two hosts, two subjects, each at
#      its own section ([ID]); each subject's bill = the hand computation from the files'
#      totals (requests and bytes of the op, summed over the clients' files).
# Prints "N passed, N failed[, N skipped]"; exit 1 on failure.
. "$(dirname "$0")/analyze_lib.sh"
use_warp_gen

# ---- 1. generated runs ----
g=$tmp/gen
mkdir -p "$g/w0"
# mkwarp OUT OP SIZE ROWS SEED
mkwarp() {
	"$gen" "$tmp/raw.csv.zst" --rows "$4" --seed "$5" --op "$2" --size "$3" \
		--concurrency 4 --clients 2 || return 1
	{ zstdcat "$tmp/raw.csv.zst"
	  echo "# warp $2 --host=127.0.0.1:9000,127.0.0.1:9001 --obj.size=$3 --concurrent=4 --duration=6s"
	} | zstd -q -f -o "$1"
}
mkwarp "$g/w0/warp-put-2026-11-01[000000]-aaaaaa.csv.zst" put 65536 20000 1
check $? "generated put run"
mkwarp "$g/w0/warp-get-2026-11-01[010000]-bbbbbb.csv.zst" get 4096 30000 2
check $? "generated get run"
# the test's prices: round figures, decimal GB, every part non-zero
cat >"$tmp/prices.ini" <<'EOF2'
; test prices (not a provider's)
[lab]
date = 2026-12-03 (test figures)
source = tests/e2e/analyze_warpcost.sh
note = round figures for a hand computation
price_unit = GB
currency = EUR
price_storage = 0.02/GB-month      ; billed: min_storage_days of the PUT objects
price_egress = 0.09/GB
price_ingress = 0.01/GB
price_class_a = 0.005/1000
price_class_b = 0.0004/1000
price_delete = 0/1000
min_storage_days = 2
free_egress_gb = 0.01              ; a month's free egress
free_egress_ratio = 1              ; and up to 1x the month's average stored volume
[other]
price_class_b = 1/1000
EOF2
"$analyze" "$g" --prices "$tmp/prices.ini:lab" -o "$tmp/res" 2>"$tmp/res.err"
check $? "analyze --prices FILE:SECTION: exit 0"
grep -q 'only the.*logged requests' "$tmp/res.err"; check $? "stderr says only the logged requests are billed"
pycheck "hand computation" "$tmp/res" "$g" <<'PY'
import glob, json, subprocess, sys
a = json.load(open(sys.argv[1] + "/aggregate.json"))
from checks import t, near
def rows(pattern, op):
    n = b = ok = 0
    for f in glob.glob(sys.argv[2] + "/w0/" + pattern):
        lines = subprocess.run(["zstd", "-dc", f], capture_output=True, text=True).stdout.splitlines()
        head = lines[0].split("\t")
        for l in lines[1:]:
            r = dict(zip(head, l.split("\t")))
            if not l.startswith("#") and r.get("op") == op:
                n += 1
                b += int(r["bytes"])
                ok += r["error"] == ""
    return n, b, ok
np_, bp, okp = rows("warp-put-*.csv.zst", "PUT")
ng, bg, _ = rows("warp-get-*.csv.zst", "GET")
gb, month = 1e9, 730 * 3600
put = np_ * 0.005 / 1000 + bp / gb * 0.01 + bp * 2 * 86400 / gb / month * 0.02
get = ng * 0.0004 / 1000 + bg / gb * 0.09
runs = {r["op"]: r for r in a["runs"]}
t(np_ > 0 and ng > 0, "rows counted: %d PUT (%d bytes), %d GET (%d bytes)" % (np_, bp, ng, bg))
t(near(runs["put"]["cost"]["total"], put, floor=1e-6), "put run: %.9f = hand %.9f" % (runs["put"]["cost"]["total"], put))
t(runs["put"]["cost"]["storage"] == 0 and near(runs["put"]["cost"]["deleted_early"], bp * 2 * 86400 / gb / month * 0.02, floor=1e-6), "put run: no storage, min_storage_days of the objects PUT as deleted early")
t(near(runs["get"]["cost"]["total"], get, floor=1e-6) and near(runs["get"]["cost"]["egress"], bg / gb * 0.09, floor=1e-6), "get run: %.9f = hand %.9f" % (runs["get"]["cost"]["total"], get))
t(runs["get"]["cost"]["currency"] == "EUR", "currency of the section")
cells = {(c["op"], c["size"]): c for c in a["cells"]}
t(near(cells[("put", 65536)]["cost"]["total"], put, floor=1e-6) and near(cells[("get", 4096)]["cost"]["total"], get, floor=1e-6), "cells[].cost")
t(cells[("put", 4096)]["cost"] is None, "a cell no run measured has no cost")
c = a["cost"]
t(len(c) == 1 and c[0]["subject"] == "127.0.0.1:9000" and near(c[0]["total"], put + get, floor=1e-6), "cost[]: the subject's bill = put + get")
t(c[0]["billed"] == "logged_requests", "cost[].billed says only the logged requests")
b = c[0]["billing"]
t((b["class_a"], b["class_b"], b["bytes_in"], b["bytes_out"], b["objects"]) == (np_, ng, bp, bg, okp), "cost[].billing: the rows' requests and bytes, objects = PUTs without error: %s" % b)
t(c[0]["price_date"] == "2026-12-03 (test figures)" and c[0]["runs_priced"] == 2, "price date and runs priced")
# free allowance, one month (2026-11): 0.01 GB + 1 x the month's average volume kept
# stored (none: Warp's objects count as deleted at once, billed as deleted early)
free = min(bg / gb, 0.01)
saved = free * 0.09
f = c[0]["free_allowance"]
t(f is not None and [m["month"] for m in f["months"]] == ["2026-11"] and near(f["months"][0]["free_gb"], free, floor=1e-6), "free egress used in 2026-11: %s GB (hand %s)" % (f and f["months"][0]["free_gb"], free))
t(near(f["saved"], saved, floor=1e-6) and near(f["total"], put + get - saved, floor=1e-6) and near(f["egress"], bg / gb * 0.09 - saved, floor=1e-6), "after the free allowance: %.9f = hand %.9f (saves %.9f)" % (f["total"], put + get - saved, saved))
PY
# the GET run a month later: each month its own allowance (December has no stored volume)
mkdir -p "$tmp/gen2/w0"
cp "$g/w0/"warp-put-* "$tmp/gen2/w0/"
zstdcat "$g/w0/"warp-get-*.csv.zst | sed 's/2026-11-01T/2026-12-01T/g' |
	zstd -q -o "$tmp/gen2/w0/warp-get-2026-12-01[010000]-bbbbbb.csv.zst"
"$analyze" "$tmp/gen2" --prices "$tmp/prices.ini:lab" -o "$tmp/res-2m" 2>/dev/null
check $? "the GET run in December: exit 0"
pycheck "two months" "$tmp/res-2m" "$tmp/res" <<'PY'
import json, sys
a, one = (json.load(open(d + "/aggregate.json"))["cost"][0] for d in sys.argv[1:3])
from checks import t
eg = one["billing"]["bytes_out"] / 1e9
f = a["free_allowance"]
m = {x["month"]: x for x in f["months"]}
t(sorted(m) == ["2026-11", "2026-12"] and m["2026-12"]["free_gb"] == 0.01 and m["2026-11"]["saved"] == 0, "per month: November's volume frees no December egress: %s" % f["months"])
t(abs(f["saved"] - 0.01 * 0.09) < 1e-12 and abs(f["total"] - (a["total"] - 0.0009)) < 1e-12 and abs(a["total"] - one["total"]) < 1e-12,
  "December: 0.01 GB free saves 0.0009 (hand), the list total unchanged: %s" % f)
PY
"$analyze" --verify "$tmp/res" "$g" >"$tmp/verify.out" 2>&1
check $? "analyze --verify re-derives the priced results (the price file is an input: $(tail -1 "$tmp/verify.out"))"
grep -q '"role": *"prices"' "$tmp/res/manifest.json"; check $? "manifest.json lists the price file"
"$render" "$tmp/res" -o "$tmp/rep" >/dev/null 2>&1
check $? "render the priced Warp results"
grep -q 'only the requests Warp logged' "$tmp/rep/report.html"
check $? "the Cost section says only the logged requests are billed"
grep -q 'after the free allowances of its prices' "$tmp/rep/report.html"
check $? "the Cost section gives the bill after the free allowance"
"$render" "$tmp/res" -o "$tmp/rep-ko" --lang ko >/dev/null 2>&1
grep -q '무료 한도' "$tmp/rep-ko/report.html"
check $? "... in Korean too"

# the map's prices = SECTION; a subject without a section: unpriced, with a note
cat >"$tmp/gen.map" <<'EOF2'
[subject local]
host = 127.0.0.1:*
prices = other
EOF2
"$analyze" "$g" --warp-map "$tmp/gen.map" --prices "$tmp/prices.ini" -o "$tmp/res2" 2>/dev/null
check $? "map prices = SECTION: exit 0"
pycheck "map section" "$tmp/res2" <<'PY'
import json, sys
a = json.load(open(sys.argv[1] + "/aggregate.json"))
r = {x["op"]: x for x in a["runs"]}
ok = r["put"]["cost"]["total"] == 0 and r["get"]["cost"]["requests"] > 0 and a["cost"][0]["prices"]["class_b_per_1000"] == 1
print(("ok   " if ok else "FAIL ") + "the map's section [other] bills the runs (GET at 1/1000)")
PY
sed -i 's/^prices = other/prices = nosuch/' "$tmp/gen.map"
"$analyze" "$g" --warp-map "$tmp/gen.map" --prices "$tmp/prices.ini" -o "$tmp/res3" 2>"$tmp/res3.err"
rc=$?
[ "$rc" -eq 2 ] && grep -q 'no section \[nosuch\]' "$tmp/res3.err"
check $? "a section the map names but the file lacks: exit 2, named ($rc)"
sed -i '/^prices = /d' "$tmp/gen.map"
"$analyze" "$g" --warp-map "$tmp/gen.map" --prices "$tmp/prices.ini" -o "$tmp/res4" 2>"$tmp/res4.err"
check $? "a subject without a price section: exit 0"
grep -q 'subject local: no section \[local\].*not priced' "$tmp/res4.err"
check $? "... noted on stderr"
pycheck "unpriced" "$tmp/res4" <<'PY'
import json, sys
a = json.load(open(sys.argv[1] + "/aggregate.json"))
print(("ok   " if a["cost"] == [] and all(r["cost"] is None for r in a["runs"]) else "FAIL ") + "no cost without a section")
PY
printf '[lab]\nprice_unit = GB\nprice_egress = 0.09/XB\n' >"$tmp/bad.ini"
"$analyze" "$g" --prices "$tmp/bad.ini:lab" -o "$tmp/res5" 2>"$tmp/res5.err"
rc=$?
[ "$rc" -eq 2 ] && grep -q "bad.ini:3: \[lab\] price_egress: '0.09/XB' is not a price per GB" "$tmp/res5.err"
check $? "a wrong price string: exit 2, FILE:LINE: [SECTION] KEY named ($rc: $(head -c 200 "$tmp/res5.err"))"
"$analyze" "$g" --prices "$tmp/prices.ini:nosuch" -o "$tmp/res6" 2>"$tmp/res6.err"
rc=$?
[ "$rc" -eq 2 ] && grep -q 'no section \[nosuch\]' "$tmp/res6.err"
check $? "FILE:SECTION without that section: exit 2 ($rc)"
mkdir -p "$tmp/own/runs"
"$analyze" "$tmp/own" --prices "$tmp/prices.ini:lab" -o "$tmp/res7" 2>"$tmp/res7.err"
rc=$?
[ "$rc" -eq 2 ] && grep -q 'applies to a directory of Warp' "$tmp/res7.err"
check $? "--prices on s3bench's own DATA_DIR: exit 2 ($rc)"

# ---- 2. the shared Warp fixtures: two hosts, two sections ----
if [ ! -d "$fx/warp-0" ]; then
	skip 3 "Warp fixtures absent ($fx)"
	finish
fi
cat >"$tmp/fx.map" <<'EOF2'
[subject cloud]
host = storage.yandexcloud.net
[subject onprem]
host = s3-onprem.*
EOF2
cat >"$tmp/fx.ini" <<'EOF2'
[cloud]
price_unit = GiB
price_egress = 0.09/GB
price_class_a = 0.005/1000
price_class_b = 0.0004/1000
[onprem]
price_unit = GB
price_ingress = 0.02/GB
price_class_a = 0.01/1000
price_class_b = 0.001/1000
EOF2
"$analyze" "$fx" --warp-map "$tmp/fx.map" --prices "$tmp/fx.ini" -o "$tmp/fx-res" 2>/dev/null
check $? "fixtures with --prices FILE: exit 0"
pycheck "fixtures bill" "$tmp/fx-res" "$fx" <<'PY'
import glob, json, re, subprocess, sys
a = json.load(open(sys.argv[1] + "/aggregate.json"))
from checks import t
price = {"cloud": dict(gb=2**30, eg=0.09, ing=0, a=0.005e-3, b=0.0004e-3),
         "onprem": dict(gb=1e9, eg=0, ing=0.02, a=0.01e-3, b=0.001e-3)}
want = {"cloud": 0.0, "onprem": 0.0}
for r in a["runs"]:
    stamp = re.search(r"\[(\d+)\]", r["path"]).group(1)
    op = r["op"].upper()
    n = b = 0
    # the run's files: every client's file of that op within 10 s of warp-0's name time
    for f in glob.glob(sys.argv[2] + "/warp-*/warp-%s-2025-08-05[[]*.json.zst" % r["op"]):
        s = re.search(r"\[(\d+)\]", f).group(1)
        secs = lambda x: int(x[:2]) * 3600 + int(x[2:4]) * 60 + int(x[4:])
        if abs(secs(s) - secs(stamp)) <= 10:
            d = json.loads(subprocess.run(["zstd", "-dc", f], capture_output=True).stdout)
            o = d["by_op_type"][op]
            n += o["total_requests"]
            b += o["total_bytes"]
    p = price[r["subject"]]
    want[r["subject"]] += n * (p["a"] if op == "PUT" else p["b"]) + b / p["gb"] * (p["ing"] if op == "PUT" else p["eg"])
got = {c["subject"]: c["total"] for c in a["cost"]}
t(set(got) == {"cloud", "onprem"}, "a bill per subject: %s" % sorted(got))
t(all(abs(got.get(s, -1) - w) <= 1e-9 * w for s, w in want.items()),
  "each subject's bill = the hand computation from the files' totals: %s vs %s" % (got, want))
PY
finish
