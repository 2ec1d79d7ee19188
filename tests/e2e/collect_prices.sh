#!/usr/bin/env bash
# tests/e2e/collect_prices.sh: what providers bill, end to end against the tests/run RGW (a
# private one when absent; docs/CAMPAIGN.md "Prices", docs/METHODOLOGY.md "Cost"):
#   1. a price file of Backblaze's kind read by collect: three request classes (which S3
#      operations are in class c is the file's), volume tiers, a daily free tier of class b,
#      a minimum storage duration and object size, retrieval and unbilled answers; run.json
#      records the requests by S3 operation (a hand count of a put and a get run), the
#      objects deleted, and the prices with their classes; analyze's runs[].cost equals an
#      independent computation from run.json, the deleted-early storage dominates a PUT
#      run's bill (90 days billed for objects that lived seconds), and cost[].free_allowance
#      takes the day's free GETs off;
#   2. a subject with a wrong secret key: its 403 answers are counted as auth answers and
#      not billed under unbilled_answers = auth;
#   3. spend recorded by an earlier collector is counted at the prices recorded with its
#      runs, not at the campaign's new ones (--resume after a price change);
#   4. analyze refuses runs priced in two currencies, naming them (exit 2);
#   5. wrong new keys named by file, line, section and key.
# Prints "N passed, N failed".
. "$(dirname "$0")/collect_lib.sh"
analyze=${ANALYZE:-$top/bin/analyze}

use_rgw
export ONE_AWS_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID ONE_AWS_SECRET_ACCESS_KEY=$RGW_AWS_SECRET_ACCESS_KEY
export BAD_AWS_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID BAD_AWS_SECRET_ACCESS_KEY=not-the-key
bucket="prices-$$-$(date +%s)"

cat >"$work/prices.ini" <<'INI'
; test prices of Backblaze's shape (round figures, not the provider's)
[b2like]
date = 2026-12-03 (test figures)
source = tests/e2e/collect_prices.sh
price_unit = GB
price_storage = 6/TB-month, 5/TB-month above 1000TB
price_egress = 0.01/GB, 0.005/GB above 1000TB
price_retrieval = 0.02/GB
price_class_a = 0/1000
price_class_b = 0.004/10000
price_class_c = 0.004/1000
class_b = GetObject, HeadObject
class_c = ListObjectsV2, ListMultipartUploads, CreateBucket, HeadBucket
free_class_b = 5/day
min_storage_days = 90
min_object_size = 64KiB
unbilled_answers = 5xx, auth
INI

# campaign NAME SUBJECT_KEYS [MATRIX]
campaign() {
	cat >"$work/$1.ini" <<INI
[campaign]
name = $1
cycles = ${4:-1}

[matrix]
${3:-ops = put, get
size = 4KiB
concurrency = 2
count = 5
objects = 3}

[subject one]
endpoint = $RGW_S3_ENDPOINT
bucket = $bucket-$1
$2
INI
}

# ---- 1. three classes, tiers, free tier, minimums, retrieval ----
campaign b2 "credentials = env:ONE_AWS
prices = prices.ini:b2like"
"$collect" "$work/b2.ini" -o "$work/b2" --dry-run >"$work/b2.dry" 2>&1
check $? "collect --dry-run reads the price file's classes, tiers and minimums: $(head -c 300 "$work/b2.dry")"
# without the checks before the first request: the first run creates the bucket and every
# request is a run's, as the hand computation below says
"$collect" "$work/b2.ini" -o "$work/b2" --no-preflight >"$work/b2.collect.log" 2>&1 &&
	run_pipeline -q "$work/b2" en
check $? "collect, analyze and render the campaign ($(tail -n 3 "$work/b2.collect.log" "$work/b2.analyze.log" 2>/dev/null | tr '\n' ' '))"
pycheck "run.json" "$work/b2" <<'PY'
import glob, json, sys
from checks import t, near
d = sys.argv[1]
runs = {f.split("/")[-2].split("-")[0]: json.load(open(f)) for f in glob.glob(d + "/runs/*/*/*/run.json")}
def ops(j):
    tot = {}
    for ph in ("prepare", "benchmark", "cleanup"):
        for op, c in ((j["billing"].get(ph) or {}).get("requests") or {}).items():
            tot[op] = tot.get(op, 0) + c["n"]
    return tot
# by hand: put: HeadBucket, GetBucketVersioning, GetObjectLockConfiguration, CreateBucket (the
# first run), 10 PutObject, GetBucketVersioning (the cleanup's), ListMultipartUploads,
# 2 ListObjectsV2, 1 DeleteObjects; get: the same bucket queries, 3 PutObject, 10 GetObject,
# the same cleanup
bq = {"HeadBucket": 1, "GetBucketVersioning": 2, "GetObjectLockConfiguration": 1}
want = {"put": dict(bq, CreateBucket=1, PutObject=10, ListMultipartUploads=1, ListObjectsV2=2,
                    DeleteObjects=1),
        "get": dict(bq, PutObject=3, GetObject=10, ListMultipartUploads=1, ListObjectsV2=2,
                    DeleteObjects=1)}
for op in ("put", "get"):
    t(ops(runs[op]) == want[op], "%s run: requests by S3 operation %s (hand %s)" % (op, ops(runs[op]), want[op]))
dele = {op: sum((runs[op]["billing"][ph] or {}).get("deleted_objects", 0) for ph in ("prepare", "benchmark", "cleanup")) for op in runs}
t(dele == {"put": 10, "get": 3}, "objects deleted: the put run's 10, the get run's 3 (%s)" % dele)
p = runs["put"]["prices"]
cls = {c["name"]: c for c in p["classes"]}
t(sorted(cls) == ["a", "b", "c"] and "ListObjectsV2" in cls["c"]["operations"] and cls["b"]["free"] == 5
  and cls["b"]["free_per"] == "day" and p["unbilled_answers"] == ["5xx", "auth"]
  and len(p["storage_tiers"]) == 2 and p["retrieval_per_gb"] == 0.02,
  "run.json records the prices: classes, their operations, free tier, tiers, unbilled answers")
PY

pycheck "the bill" "$work/b2" <<'PY'
import glob, json, sys
from checks import t, near
d = sys.argv[1]
agg = json.load(open(d + "/results/aggregate.json"))
DEFAULT = {"a": ["CreateBucket", "PutObject", "ListObjectsV2", "ListMultipartUploads", "CreateMultipartUpload",
                 "UploadPart", "CompleteMultipartUpload"],
           "b": ["GetObject", "HeadObject", "HeadBucket", "GetBucketVersioning",
                 "GetObjectLockConfiguration"],
           "delete": ["DeleteObject", "DeleteObjects", "DeleteBucket", "AbortMultipartUpload"]}
def bill(j):
    """docs/METHODOLOGY.md "Cost", written again from run.json alone (first tiers: small volumes)"""
    p, tot = j["prices"], {}
    for ph in ("prepare", "benchmark", "cleanup"):
        b = j["billing"].get(ph)
        for k, v in (b or {}).items():
            if isinstance(v, (int, float)):
                tot[k] = tot.get(k, 0) + v
            elif k == "requests":
                for op, c in v.items():
                    r = tot.setdefault("requests", {}).setdefault(op, 0)
                    tot["requests"][op] = r + c["n"] - c["5xx"] - c["auth"]
    where = {}
    for name, ops in DEFAULT.items():
        for op in ops:
            where[op] = name
    for c in p["classes"]:
        for op in c["operations"]:
            where[op] = c["name"]
    price = {c["name"]: (c["per_1000"] or 0) / 1000 for c in p["classes"]}
    req = sum(n * price.get(where[op], 0) for op, n in tot["requests"].items())
    gb, month, m, dd = 1e9, 730 * 3600, p["min_object_size"], p["min_storage_days"] * 86400
    st = p["storage_tiers"][0]["per_gb_month"]
    storage = max(tot["storage_byte_s"], tot["storage_object_s"] * m) / gb / month * st
    early = (dd * max(tot["deleted_bytes"], tot["deleted_objects"] * m)
             - max(tot["deleted_byte_s"], tot["deleted_object_s"] * m)) / gb / month * st
    egress = (tot["bytes_out"] + tot["xml_out"]) / gb * p["egress_tiers"][0]["per_gb"]
    retrieval = tot["bytes_out"] / gb * p["retrieval_per_gb"]
    return dict(requests=req, storage=storage, deleted_early=max(early, 0), egress=egress,
                retrieval=retrieval, total=req + storage + max(early, 0) + egress + retrieval)
for r in agg["runs"]:
    j = json.load(open(d + "/" + r["path"] + "/run.json"))
    want, got = bill(j), r["cost"]
    t(all(near(got[k], v, 1e-9, 1e-12) for k, v in want.items()),
      "%s: runs[].cost = the bill computed from run.json: %s vs %s" % (r["path"], got, want))
put = [r for r in agg["runs"] if r["op"] == "put"][0]["cost"]
t(put["deleted_early"] > 1000 * put["storage"],
  "a PUT run's bill is its objects' minimum duration: deleted early %.3g vs stored %.3g" % (put["deleted_early"], put["storage"]))
(c,) = agg["cost"]
f = c["free_allowance"]
gets = 16  # the get run's 10 GetObject and both runs' 6 bucket queries (HeadBucket is class c here)
t(f is not None and near(f["saved"], 5 * 0.004 / 10000, 1e-9, 1e-15) and near(f["requests"], c["requests"] - f["saved"], 1e-9, 1e-15),
  "cost[].free_allowance: the day's 5 free class b requests of %d saved (%s)" % (gets, f))
t(near(c["total"], sum(r["cost"]["total"] for r in agg["runs"]), 1e-12, 1e-12), "cost[].total = the runs' bills")
PY

# ---- 2. unbilled auth answers ----
campaign auth "credentials = env:BAD_AWS
prices = prices.ini:b2like" "ops = put
size = 4KiB
concurrency = 1
count = 2"
"$collect" "$work/auth.ini" -o "$work/auth" --no-preflight >"$work/auth.log" 2>&1
"$analyze" "$work/auth" -o "$work/auth/results" >"$work/auth.analyze.log" 2>&1
pycheck "auth" "$work/auth" <<'PY'
import glob, json, sys
from checks import t
d = sys.argv[1]
(f,) = glob.glob(d + "/runs/*/*/*/run.json")
j = json.load(open(f))
reqs = [c for ph in ("prepare", "benchmark", "cleanup") for c in (((j["billing"] or {}).get(ph) or {}).get("requests") or {}).values()]
n = sum(c["n"] for c in reqs)
t(j["errors"]["class"] == "auth" and n > 0 and all(c["auth"] == c["n"] for c in reqs),
  "a wrong secret: every answer counted as auth (%d requests: %s)" % (n, reqs))
agg = json.load(open(d + "/results/aggregate.json"))
(r,) = agg["runs"]
t(r["cost"] is not None and r["cost"]["requests"] == 0, "unbilled_answers = auth: its requests cost nothing (%s)" % r["cost"])
PY

# ---- 3. earlier spend at the prices recorded with those runs ----
campaign rep "credentials = env:ONE_AWS
price_delete = 0/1" "ops = put
size = 4KiB
concurrency = 1
count = 2" 2
"$collect" "$work/rep.ini" -o "$work/rep" --cycles 1 >"$work/rep1.log" 2>&1
check $? "cycle 1 at price_delete = 0/1"
sed -i 's|^price_delete = 0/1$|price_delete = 10/1|' "$work/rep.ini"
"$collect" "$work/rep.ini" -o "$work/rep" --resume >"$work/rep2.log" 2>&1
check $? "--resume with cycle 2 after price_delete became 10/1"
grep -q "cycle-02/one/put-4KiB-c1 complete .* spent 10.0000 USD$" "$work/rep2.log"
check $? "the spend is cycle 1 at its recorded 0/1 plus cycle 2's one DeleteObjects at 10: $(grep 'cycle-02' "$work/rep2.log")"

# ---- 4. two currencies ----
cp -r "$work/b2" "$work/cur"
rm -rf "$work/cur/results"
f=$(ls "$work"/cur/runs/*/one/get-*/run.json)
python3 - "$f" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
j["prices"]["currency"] = "EUR"
json.dump(j, open(sys.argv[1], "w"), indent=2)
PY
"$analyze" "$work/cur" -o "$work/cur/results" >"$work/cur.log" 2>&1
rc=$?
[ "$rc" -eq 2 ] && grep -q "runs/cycle-01/one/put-4KiB-c2 is priced in USD, runs/cycle-01/one/get-4KiB-c2 in EUR (subjects one and one): analyze adds and compares no figures in different currencies" "$work/cur.log"
check $? "analyze refuses two currencies, naming the runs and subjects (exit $rc: $(cat "$work/cur.log"))"

# ---- 5. wrong new keys, named ----
# bad KEY = VALUE WANT: the campaign with that price key is refused with WANT
bad_key() {
	campaign badkey "credentials = env:ONE_AWS
price_class_a = 0.005/1000
$1"
	local line
	line=$(grep -nF "$1" "$work/badkey.ini" | cut -d: -f1)
	"$collect" "$work/badkey.ini" --dry-run >"$work/badkey.log" 2>&1
	grep -qF "badkey.ini:$line: [subject one] ${1%% =*}: $2" "$work/badkey.log"
	check $? "${1%% =*}: $(cat "$work/badkey.log")"
}
bad_key "class_c = ListObjectsV2" "class c has no price: give price_class_c (0/1000 when free)"
bad_key "class_a = Lists" "'Lists' is not an S3 operation"
bad_key "free_class_a = 1000/week" "'1000/week' is not free requests per day or month (2500/day, 1M/month)"
bad_key "price_egress = 0.09/GB, 0.05/GB above 1XB" "'above 1XB' is not a volume (above 50TB, above 10TiB)"
bad_key "price_retrieval = 1" "'1' is not a price per GB (0.01/GB, 0.01/GiB, 10/TB)"
bad_key "unbilled_answers = 404" "'404' is not 5xx, auth or none"
bad_key "free_storage_gb = lots" "'lots' is not a number (GB-months per month: 10)"
finish
