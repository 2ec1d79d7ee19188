#!/usr/bin/env bash
# tests/e2e/collect_cost.sh: a campaign's cost, collect's side, against the tests/run RGW
# (the strict real server; a private one when absent): a count-bounded campaign (put, get,
# delete until done) whose --dry-run estimate, the run.json billing records and a hand
# computation here agree in requests by class and object bytes, prepare and cleanup
# included; a duration-bound run whose --assume estimate is at least what it did; wrong price
# strings named by file, line, section and key (campaign and price file). max_cost:
# tests/e2e/collect_budget.sh.
. "$(dirname "$0")/collect_lib.sh"

use_rgw
export ONE_AWS_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID ONE_AWS_SECRET_ACCESS_KEY=$RGW_AWS_SECRET_ACCESS_KEY
bucket="cost-$$-$(date +%s)"

# campaign NAME BODY_OF_MATRIX [EXTRA_SUBJECT_KEYS] [EXTRA_SECTIONS]
campaign() {
	cat >"$work/$1.ini" <<INI
[campaign]
name = $1
cycles = 1
cost_example = stored:10TB, read:50TB, gets:100M

[matrix]
$2
${4:-}

; the bills checked here are the runs' (the probe's: collect_probe.sh)
[probe]
probe = no

[subject one]
endpoint = $RGW_S3_ENDPOINT
bucket = $bucket-$1
credentials = env:ONE_AWS
price_unit = GiB
price_egress = 0.09/GB
price_class_a = 0.005/1000
price_class_b = 0.0004/1000
price_storage = 0.023/GB-month
price_date = 2026-12-03 (example to check)
${3:-}
INI
}

# sum_billing OUT: "A B D IN OUT" summed over every run.json of OUT, all phases
sum_billing() {
	python3 - "$1" <<'PY'
import glob, json, sys
t = [0] * 5
for f in glob.glob(sys.argv[1] + "/runs/*/*/*/run.json"):
    b = json.load(open(f))["billing"]
    for ph in ("prepare", "benchmark", "cleanup"):
        if b.get(ph):
            for i, k in enumerate(("class_a", "class_b", "delete", "bytes_in", "bytes_out")):
                t[i] += b[ph][k]
print(*t)
PY
}

# 1. count-bounded: put and get 4KiB x c2, 5 requests per worker, get with 3 objects,
# and a delete of 7 objects in batches of 3 until done.
campaign exact "ops = put, get
size = 4KiB
concurrency = 2
count = 5
objects = 3" "" "[delete]
objects = 7
size = 4KiB
concurrency = 1
batch = 3
bound = until-done"
# by hand (docs/METHODOLOGY.md, "Cost"):
#  put    prepare HeadBucket, GetBucketVersioning, GetObjectLockConfiguration (3 B) +
#         CreateBucket (A, the subject's first run); benchmark 10 PutObject (A, 40960 B in);
#         cleanup GetBucketVersioning (B), ListMultipartUploads (A), 2 ListObjectsV2 (A: the
#         page of 10 keys, then the empty one), 1 DeleteObjects (delete)
#  get    prepare 3 B + 3 PutObject (A, 12288 B in); benchmark 10 GetObject (B, 40960 B
#         out); cleanup 1 B, 1 + 2 (A), 1 DeleteObjects
#  delete prepare 3 B + 7 PutObject (A, 28672 B in); benchmark ceil(7/3) = 3
#         DeleteObjects; cleanup 1 B, ListMultipartUploads + 1 empty ListObjectsV2 (A)
hand_a=$((1 + 10 + 3 + 3 + 3 + 7 + 2)) hand_b=$((4 + 4 + 10 + 4)) hand_d=$((1 + 1 + 3))
hand_in=$((40960 + 12288 + 28672)) hand_out=40960
"$collect" "$work/exact.ini" -o "$work/exact" --dry-run >"$work/exact.dry" 2>&1
check $? "--dry-run of the count-bounded campaign exits 0"
want="$hand_a class A, $hand_b class B, $hand_d delete requests; bytes in $hand_in"
grep -q "^  one .* 3 runs: $want (.*), out $hand_out " "$work/exact.dry"
check $? "the estimate is the hand computation ($want, out $hand_out): $(grep '^  one' "$work/exact.dry")"
grep -q "^  total .* 3 runs: $want" "$work/exact.dry"
check $? "the total line says the same"
# the count-bounded campaign collected (without the checks before the first request: the
# first run creates the bucket, as the hand computation says), analyzed and rendered (the
# Cost section below)
"$collect" "$work/exact.ini" -o "$work/exact" --no-preflight >"$work/exact.log" 2>&1
check $? "the count-bounded campaign runs (exit 0; $(tail -n 1 "$work/exact.log"))"
analyze=${ANALYZE:-$top/bin/analyze} render=${RENDER:-$top/bin/render}
run_pipeline -f html,pdf "$work/exact" en ko
got=$(sum_billing "$work/exact")
[ "$got" = "$hand_a $hand_b $hand_d $hand_in $hand_out" ]
check $? "run.json billing = the hand computation: got '$got', want '$hand_a $hand_b $hand_d $hand_in $hand_out'"
python3 - "$work/exact" <<'PY'
import glob, json, sys
for f in glob.glob(sys.argv[1] + "/runs/*/*/*/run.json"):
    j = json.load(open(f))
    assert j["prices"]["egress_per_gb"] == 0.09 and j["prices"]["price_unit"] == "GiB", f
    assert abs(j["prices"]["class_a_per_1000"] - 0.005) < 1e-12, f
    for ph in ("prepare", "benchmark", "cleanup"):
        assert j["billing"][ph]["storage_byte_s"] >= 0, f
    if "/put-" in f:
        assert j["billing"]["benchmark"]["objects"] == 10, f
        assert j["billing"]["cleanup"]["storage_byte_s"] > 0, f
PY
check $? "every run.json records its prices and per-phase billing"

# analyze's bill: the same counts, and the money by the documented formulas
python3 - "$work/exact/results/aggregate.json" $hand_a $hand_b $hand_d $hand_in $hand_out <<'PY'
import json, sys
agg = json.load(open(sys.argv[1]))
a, b, d, bin_, bout = map(int, sys.argv[2:])
(c,) = agg["cost"]
assert c["subject"] == "one" and c["currency"] == "USD" and c["runs_priced"] == 3, c
bl = c["billing"]
assert (bl["class_a"], bl["class_b"], bl["delete"], bl["bytes_in"], bl["bytes_out"]) == (a, b, d, bin_, bout), bl
req = a * 0.005 / 1000 + b * 0.0004 / 1000
assert abs(c["requests"] - req) < 1e-12, (c["requests"], req)
egress = (bout + bl["xml_out"]) / 2**30 * 0.09
assert abs(c["egress"] - egress) < 1e-12, (c["egress"], egress)
assert abs(c["total"] - (c["requests"] + c["egress"] + c["ingress"] + c["storage"])) < 1e-12
runs = [r for r in agg["runs"] if r["cost"] is not None]
assert len(runs) == 3 and abs(sum(r["cost"]["total"] for r in runs) - c["total"]) < 1e-12
cells = [x for x in agg["cells"] if x["cost"] is not None]
assert cells and all(x["cost"]["currency"] == "USD" for x in cells), cells
(r1,) = c["read_1tb"]
assert r1["size"] == 4096
want = 1e12 / 2**30 * 0.09 + -(-10**12 // 4096) * 0.0004 / 1000
assert abs(r1["cost"] - want) < 1e-9, (r1, want)
assert abs(c["million_requests"] - 0.4) < 1e-12, c["million_requests"]
PY
check $? "analyze's cost[]: the hand computation's counts, its requests and egress money, runs and cells priced, read_1tb and million_requests"

# the Cost section and its findings, in both languages
html=$work/exact/report-en/report.html
grep -q 'id="cost">Cost<' "$html" && grep -q "The campaign&#39;s bill per subject\|The campaign's bill per subject" "$html" &&
	grep -q "Price-performance" "$html" && grep -q "A million GETs" "$html"
check $? "the English report has the Cost section with the bill and price-performance"
grep -q "Cost figures are list prices of 2026-12-03 (example to check), not invoices" "$html"
check $? "the key findings say the figures are list prices of the given date"
# one priced subject: no rank, so no "cheapest" (a rank is a claim of two subjects or more)
! grep -q "is the cheapest for the example workload" "$html"
check $? "one priced subject: the key findings name no cheapest subject"
html=$work/exact/report-ko/report.html
grep -q 'id="cost">비용<' "$html" && grep -q "대상별 캠페인 비용" "$html" &&
	grep -q "2026-12-03 (example to check) 기준 정가이며 청구서가 아니다" "$html"
check $? "the Korean report has the Cost section and the list-price finding"

# 2. duration-bound with --assume: the estimate is at least the actual
campaign dur "ops = put
size = 4KiB
concurrency = 1
duration = 2s"
"$collect" "$work/dur.ini" -o "$work/dur" --dry-run >"$work/dur.dry" 2>&1
grep -q "^  one .*1 runs unbounded (give --assume MIB_S, expect_mib_s or --estimate-from DIR)" "$work/dur.dry"
check $? "without --assume a duration-bound run is unbounded: $(grep '^  one' "$work/dur.dry")"
"$collect" "$work/dur.ini" -o "$work/dur" --dry-run --assume 50 >"$work/dur.dry" 2>&1
est=$(sed -n 's/^  one .* runs: \([0-9]*\) class A, \([0-9]*\) class B, \([0-9]*\) delete requests; bytes in \([0-9]*\) .*/\1 \2 \3 \4/p' "$work/dur.dry" | head -n 1)
"$collect" "$work/dur.ini" -o "$work/dur" >"$work/dur.log" 2>&1
check $? "the duration-bound run runs"
got=$(sum_billing "$work/dur")
python3 -c "
e = list(map(int, '$est'.split())); g = list(map(int, '$got'.split()))
assert len(e) == 4 and all(x >= y for x, y in zip(e, g[:4])), (e, g)" 2>/dev/null
check $? "--assume 50: estimate ($est) >= actual ($got)"

# --estimate-from: the earlier run's obj/s bounds the duration-bound run
"$collect" "$work/dur.ini" -o "$work/dur2" --dry-run --estimate-from "$work/dur" >"$work/dur2.dry" 2>&1
check $? "--dry-run --estimate-from exits 0"
est2=$(sed -n 's/^  one .* runs: \([0-9]*\) class A, .*/\1/p' "$work/dur2.dry" | head -n 1)
obj_s=$(python3 -c "import json; print(json.load(open('$work/dur/runs/cycle-01/one/put-4KiB-c1/run.json'))['summary']['obj_s'])")
python3 -c "
import math; n = math.ceil($obj_s * 2)
want = n + 1 + 1 + math.ceil(n / 1000) + 1  # puts, CreateBucket, ListMultipartUploads, lists
assert '$est2' and int('$est2') == want, ('$est2', want)"
check $? "--estimate-from: class A = ceil(obj/s x 2 s) + CreateBucket + cleanup ($est2; obj/s $obj_s)"
! grep -q "unbounded" "$work/dur2.dry"
check $? "--estimate-from leaves no run unbounded"

# 3. wrong price strings, named by file, line, section and key
campaign badval "ops = put
size = 4KiB
concurrency = 1
count = 1" "price_delete = 0.01/GB"
line=$(grep -n '^price_delete' "$work/badval.ini" | cut -d: -f1)
"$collect" "$work/badval.ini" --dry-run >"$work/badval.log" 2>&1
rc=$?
[ "$rc" -eq 2 ] && grep -qF "collect: $work/badval.ini:$line: [subject one] price_delete: '0.01/GB' is not a price per requests (0.005/1000, 5/1M, 0/1)" "$work/badval.log"
check $? "a wrong price string is named (exit $rc): $(cat "$work/badval.log")"
cat >"$work/p.ini" <<'INI'
[aws]
date = 2026-12-01
price_egress = 0.09/GB
price_class_b = 0.0004 per 1000
INI
campaign badfile "ops = put
size = 4KiB
concurrency = 1
count = 1" "prices = p.ini:aws"
"$collect" "$work/badfile.ini" --dry-run >"$work/badfile.log" 2>&1
grep -qF "collect: $work/p.ini:4: [aws] price_class_b: '0.0004 per 1000' is not a price per requests" "$work/badfile.log"
check $? "a wrong string in a price file names that file: $(cat "$work/badfile.log")"
campaign nosec "ops = put
size = 4KiB
concurrency = 1
count = 1" "prices = p.ini:gcs"
"$collect" "$work/nosec.ini" --dry-run >"$work/nosec.log" 2>&1
grep -qF "[subject one] prices: $work/p.ini has no section [gcs]" "$work/nosec.log"
check $? "a missing price section is named: $(cat "$work/nosec.log")"
mkdir -p "$work/pricedir"
campaign pdir "ops = put
size = 4KiB
concurrency = 1
count = 1" "prices = pricedir:aws"
"$collect" "$work/pdir.ini" --dry-run >"$work/pdir.log" 2>&1
grep -qF "[subject one] prices: price file $work/pricedir: cannot read: Is a directory" "$work/pdir.log"
check $? "a price file that is a directory is named: $(cat "$work/pdir.log")"
sed -i 's/^price_class_b.*/price_class_b = 0.0004\/1000/' "$work/p.ini"
"$collect" "$work/badfile.ini" --dry-run >"$work/goodfile.log" 2>&1
check $? "a good price file is read"
finish
