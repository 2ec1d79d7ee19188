#!/usr/bin/env bash
# tests/e2e/collect_run.sh: `collect run` (one run, credentials from the environment or a
# profile, as a Warp user would): count-bounded runs do exactly workers x count requests,
# GET bodies are the object size, wrong keys give class auth and exit 1, usage errors
# exit 2, run.json carries campaign null / cycle null and the latency histograms, and every
# ops.tsv.zst reads as MinIO Warp reads its own (tests/tools/warp_csv_check.py) with one
# client_id per process; a 6-s run's within-run spread (summary.segments.log_sd) is its ops
# log's, computed again here.
. "$(dirname "$0")/collect_lib.sh"

server_env ONE S3RVER || finish
ep=$ONE_S3_ENDPOINT
export AWS_ACCESS_KEY_ID=$ONE_AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY=$ONE_AWS_SECRET_ACCESS_KEY
unset AWS_PROFILE AWS_SESSION_TOKEN

# PUT, 3 workers x 7 requests
"$collect" run --endpoint "$ep" --bucket e2e-run --op put --size 4KiB --concurrency 3 \
	--count 7 -o "$work/put" >"$work/put.txt" 2>&1
check $? "collect run put exits 0: $(tail -n 3 "$work/put.txt")"
grep -q "^Report: PUT. Concurrency: 3. Ran: " "$work/put.txt"
check $? "prints the summary"
grep -q "^ \* Requests: 21, errors: 0, objects: 21, bytes: 86016$" "$work/put.txt"
check $? "3 x 7 = 21 requests of 4 KiB"
[ "$(run_json "$work/put" "j['summary']['requests'], j['campaign'], j['cycle'], j['status'], j['workload']['count']")" = "21 None None complete 7" ]
check $? "run.json: 21 requests, campaign and cycle null"
[ "$(zstd -dcq "$work/put/ops.tsv.zst" | grep -vc '^idx')" -eq 21 ]
check $? "ops.tsv.zst holds 21 rows"
[ "$(zstd -dcq "$work/put/ops.tsv.zst" | awk -F'\t' 'NR > 1 && $3 == "PUT" && $6 == 4096 && $9 == ""' | wc -l)" -eq 21 ]
check $? "21 successful PUT rows of 4096 bytes"
[ "$(zstd -dcq "$work/put/ops.tsv.zst" | awk -F'\t' 'NR > 1 { n[$2]++ } END { for (t in n) print t, n[t] }' | sort | tr '\n' ' ')" = "0 7 1 7 2 7 " ]
check $? "each of the 3 workers did 7 requests"

# GET of prepared objects
"$collect" run --endpoint "$ep" --bucket e2e-run --op get --size 1MiB --concurrency 2 \
	--count 5 --objects 4 -o "$work/get" >"$work/get.txt" 2>&1
check $? "collect run get exits 0: $(tail -n 3 "$work/get.txt")"
[ "$(zstd -dcq "$work/get/ops.tsv.zst" | awk -F'\t' 'NR > 1 && $3 == "GET" && $6 == 1048576 && $9 == ""' | wc -l)" -eq 10 ]
check $? "10 GET rows of 1 MiB"
[ "$(run_json "$work/get" "j['phases']['prepare'], j['phases']['cleanup'], j['workload']['objects']")" = "done done 4" ]
check $? "get: prepare and cleanup done, 4 objects"
[ "$(run_json "$work/get" "j['summary']['latency_hist']['count'], j['summary']['ttfb_hist']['count'], j['summary']['latency_hist']['max']")" = "10 10 $(zstd -dcq "$work/get/ops.tsv.zst" | awk -F'\t' 'NR > 1 && $9 == "" { if ($14 > m) m = $14 } END { print m }')" ]
check $? "run.json: latency and TTFB histograms of the 10 successful rows, exact max"

# duration-bound HEAD, long enough for kept 1-second segments
"$collect" run --endpoint "$ep" --bucket e2e-run --op head --size 4KiB --concurrency 2 \
	--duration 6s --objects 10 -o "$work/head" >"$work/head.txt" 2>&1
check $? "collect run head exits 0"
[ "$(run_json "$work/head" "j['summary']['requests'] > 0 and j['summary']['bytes'] == 0")" = "True" ]
check $? "head: requests, no body bytes"
# the printed average says what it covers: the kept segments of run.json, of the run's span
span=$(run_json "$work/head" "'over %d s kept of %.1f s; first and last 2 s left out' % (j['summary']['segments']['count'], j['summary']['completion_s'])")
grep -qxF " * Average: $(run_json "$work/head" "'%.2f' % j['summary']['obj_s']") obj/s ($span)" "$work/head.txt"
check $? "head: the average names the seconds it covers ($span): $(grep Average "$work/head.txt")"

# the within-run spread of a live run: summary.segments.log_sd (docs/METHODOLOGY.md,
# "Variance components") computed again from its ops log: each request's objects spread over
# the seconds it overlaps, the first and last 2 seconds dropped, the sample sd of ln(obj/s)
zstd -dcq "$work/head/ops.tsv.zst" >"$work/head.tsv"
PATH="/usr/bin:$PATH" pycheck "log_sd" "$work/head/run.json" "$work/head.tsv" <<'PY'
import csv, json, math, re, sys
from checks import t
from datetime import datetime, timezone
def ns(x):
    m = re.match(r"(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$", x)
    base = datetime.fromisoformat(m.group(1) + ("+00:00" if m.group(3) == "Z" else m.group(3)))
    return int(base.timestamp()) * 10**9 + int((m.group(2) or "0").ljust(9, "0")[:9])
rows = list(csv.DictReader(open(sys.argv[2]), delimiter="\t"))
seg = json.load(open(sys.argv[1]))["summary"]["segments"]
s0 = min(ns(r["start"]) for r in rows) // 10**9
end = max(ns(r["end"]) for r in rows)
k = end // 10**9 - s0 + (1 if end % 10**9 else 0)
objs = [0.0] * k
for r in rows:
    if r["error"]:
        continue
    a, b, n = ns(r["start"]), ns(r["end"]), int(r["n_objects"])
    if a == b:
        objs[a // 10**9 - s0] += n
        continue
    for sec in range(a // 10**9, b // 10**9 + 1):
        lo, hi = max(sec * 10**9, a), min((sec + 1) * 10**9, b)
        if hi > lo:
            objs[sec - s0] += n * (hi - lo) / (b - a)
kept = [math.log(x) for x in objs[2:k - 2] if x > 0]
m = sum(kept) / len(kept)
sd = math.sqrt(sum((x - m) ** 2 for x in kept) / (len(kept) - 1))
t(seg["count"] == k - 4 >= 2, "head: %d kept seconds of %d" % (seg["count"], k))
t("log_sd" in seg and abs(seg["log_sd"] - sd) <= 1e-6 * max(sd, 1e-3),
  "head: run.json's summary.segments.log_sd %s is the ops log's %.9f" % (seg.get("log_sd"), sd))
t(0 < sd < math.log(seg["fastest"]["obj_s"] / seg["slowest"]["obj_s"]),
  "head: log_sd above 0 and below ln(fastest / slowest) = %.4f" % math.log(
      seg["fastest"]["obj_s"] / seg["slowest"]["obj_s"]))
PY
# how many objects a GET/HEAD/LIST/DELETE run prepares without --objects: --help says 100,
# and one listing of the prefix finds exactly that many
"$collect" run --help | grep -q -- "--objects N .*default 100)"
check $? "run --help gives the default number of prepared objects (100)"
"$collect" run --endpoint "$ep" --bucket e2e-run --op list --size 1KiB --concurrency 1 \
	--count 1 -o "$work/list100" >"$work/list100.txt" 2>&1
check $? "collect run list exits 0: $(tail -n 2 "$work/list100.txt")"
[ "$(zstd -dcq "$work/list100/ops.tsv.zst" | awk -F'\t' 'NR > 1 { print $3, $5 }')" = "LIST 100" ]
check $? "list without --objects: one listing of 100 prepared objects"

# multipart: 2 workers x 2 objects of 12 MiB in 5 MiB parts, one row per object
"$collect" run --endpoint "$ep" --bucket e2e-run --op multipart --size 12MiB --part-size 5MiB \
	--concurrency 2 --count 2 -o "$work/mp" >"$work/mp.txt" 2>&1
check $? "collect run multipart exits 0: $(tail -n 2 "$work/mp.txt")"
[ "$(zstd -dcq "$work/mp/ops.tsv.zst" | awk -F'\t' 'NR > 1 && $6 == 12582912 && $9 == ""' | wc -l)" -eq 4 ]
check $? "multipart: 4 rows of 12 MiB"
[ "$(run_json "$work/mp" "j['workload']['part_size'], j['summary']['bytes']")" = "5242880 50331648" ]
check $? "multipart: part size and bytes in run.json"

# delete until done: 50 objects in batches of 10
"$collect" run --endpoint "$ep" --bucket e2e-run --op delete --size 1KiB --concurrency 2 \
	--until-done --objects 50 --batch 10 -o "$work/del" >"$work/del.txt" 2>&1
check $? "collect run delete exits 0"
# (s3rver now and then answers a multi-object delete with 500: such a batch is an error row)
[ "$(run_json "$work/del" "j['workload']['bound'], j['summary']['requests'], j['summary']['objects'] + 10 * j['summary']['errors']")" = "until-done 5 50" ]
check $? "delete: 5 requests of 10 keys handle the 50 objects: $(run_json "$work/del" "j['summary']['objects'], j['errors']")"
grep -q "^ \* Average: [0-9.]* obj/s (over the whole [0-9.]* s; too short to leave out the first and last 2 s)$" "$work/del.txt"
check $? "delete: obj/s only in the printed summary, over the whole short run: $(grep Average "$work/del.txt")"

# every log as MinIO Warp reads it (header by name, RFC 3339 times), rows in start order,
# one non-empty client_id per collector process: five processes, five ids
python3 "$top/tests/tools/warp_csv_check.py" "$work"/{put,get,head,mp,del}/ops.tsv.zst \
	>"$work/warp.txt"
check $? "Warp's reading rules and start order: $(grep problem "$work/warp.txt")"
[ "$(awk '{ print $3 }' "$work/warp.txt" | sort -u | grep -c '^client_id=[0-9A-Za-z]\{8\}$')" -eq 5 ]
check $? "each collector process its own client_id: $(awk '{ print $3 }' "$work/warp.txt" | tr '\n' ' ')"

# a profile from a shared credentials file instead of the environment
printf '[e2e]\naws_access_key_id = %s\naws_secret_access_key = %s\n' "$AWS_ACCESS_KEY_ID" \
	"$AWS_SECRET_ACCESS_KEY" >"$work/credentials"
env -u AWS_ACCESS_KEY_ID -u AWS_SECRET_ACCESS_KEY AWS_PROFILE=e2e \
	AWS_SHARED_CREDENTIALS_FILE="$work/credentials" AWS_CONFIG_FILE=/dev/null \
	"$collect" run --endpoint "$ep" --bucket e2e-run --op put --size 123 --concurrency 1 \
	--count 3 -o "$work/prof" >"$work/prof.txt" 2>&1
check $? "credentials from AWS_PROFILE: $(tail -n 2 "$work/prof.txt")"
[ "$(run_json "$work/prof" "j['summary']['bytes']")" = "369" ]
check $? "3 x 123 bytes"

# wrong secret: auth, no summary, exit 1
AWS_SECRET_ACCESS_KEY="wrong$AWS_SECRET_ACCESS_KEY" "$collect" run --endpoint "$ep" \
	--bucket e2e-run --op put --size 4KiB --concurrency 2 --count 3 -o "$work/bad" \
	>"$work/bad.txt" 2>&1
rc=$?
[ "$rc" -eq 1 ]
check $? "wrong secret exits 1 (got $rc)"
[ "$(run_json "$work/bad" "j['status'], j['errors']['class'], 'summary' in j")" = "failed auth False" ]
check $? "wrong secret: failed, class auth, no summary: $(run_json "$work/bad" "j['errors']")"
grep -rqs "wrong$AWS_SECRET_ACCESS_KEY" "$work/bad" "$work/bad.txt"
[ $? -ne 0 ]
check $? "the secret is in no file and no output"

# nothing listening: unavailable
"$collect" run --endpoint http://127.0.0.1:9 --bucket e2e-run --op get --size 4KiB \
	--concurrency 1 --count 1 -o "$work/down" >/dev/null 2>&1
check $(( $? == 1 ? 0 : 1 )) "no server: exit 1"
[ "$(run_json "$work/down" "j['errors']['class'], j['phases']['prepare'], j['phases']['benchmark']")" = "unavailable failed not-reached" ]
check $? "no server: class unavailable, prepare failed: $(run_json "$work/down" "j['errors']")"

# usage errors
usage() {
	local what=$1
	shift
	"$collect" run "$@" >"$work/usage.txt" 2>&1
	local rc=$?
	[ "$rc" -eq 2 ]
	check $? "$what exits 2 (got $rc: $(head -n 1 "$work/usage.txt"))"
}
usage "no --op" --endpoint "$ep" --bucket b --size 1 --concurrency 1 --count 1 -o "$work/u1"
usage "two bounds" --endpoint "$ep" --bucket b --op put --size 1 --concurrency 1 --count 1 \
	--duration 1s -o "$work/u2"
usage "bad size" --endpoint "$ep" --bucket b --op put --size 5XB --concurrency 1 --count 1 -o "$work/u3"
grep -q "'5XB' is not a size" "$work/usage.txt"
check $? "bad size named"
usage "bad op" --endpoint "$ep" --bucket b --op stat --size 1 --concurrency 1 --count 1 -o "$work/u4"
usage "concurrency 0" --endpoint "$ep" --bucket b --op put --size 1 --concurrency 0 --count 1 -o "$work/u5"
usage "existing run" --endpoint "$ep" --bucket b --op put --size 1 --concurrency 1 --count 1 -o "$work/put"
usage "timeout shorter than duration" --endpoint "$ep" --bucket b --op put --size 1 \
	--concurrency 1 --duration 10s --timeout 5s -o "$work/u6"
usage "zero duration" --endpoint "$ep" --bucket b --op put --size 1 --concurrency 1 \
	--duration 0s -o "$work/u7"
grep -q "^collect: --duration: '0s' is not a positive duration$" "$work/usage.txt"
check $? "zero duration named"
usage "zero timeout" --endpoint "$ep" --bucket b --op put --size 1 --concurrency 1 \
	--count 1 --timeout 0ms -o "$work/u8"
grep -q "^collect: --timeout: '0ms' is not a positive duration$" "$work/usage.txt"
check $? "zero timeout named"
# an output directory whose path fits the lock but not DIR/ops.tsv.zst (4096 bytes)
long=$work/long
while [ ${#long} -lt 3880 ]; do long=$long/$(printf '%0200d' 0); done
long=$long/$(printf '%0*d' $((4086 - ${#long} - 1)) 0)
usage "output path too long" --endpoint "$ep" --bucket b --op put --size 1 --concurrency 1 \
	--count 1 -o "$long"
grep -q "path too long for the run's files$" "$work/usage.txt"
check $? "too long output path named"
finish
