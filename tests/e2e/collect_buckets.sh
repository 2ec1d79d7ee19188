#!/usr/bin/env bash
# tests/e2e/collect_buckets.sh: many buckets and prefixes (buckets = N, prefixes = N) against
# Ceph RGW (tests/run's RGW_* server, else a private one). Bucket contents are read with
# curl --aws-sigv4 (not s3bench's signer).
#  1. `collect run --buckets 3 --prefixes 4` (get, 36 objects) on fresh names: the ops log
#     has keys in all 12 bucket/prefix pairs, each key where object m belongs (bucket m mod
#     3, prefix (m / 3) mod 4); run.json says 3 and 4; afterwards none of the 3 buckets
#     exists (the run created them all);
#  2. the same with the middle bucket made beforehand: it is left, empty; the two the run
#     created are gone;
#  3. a 3 x 4 delete with batch 5 and --keep (no cleanup): the benchmark itself deleted
#     all 40 objects from their buckets (each DeleteObjects holds keys of one bucket, as a
#     key sent to another bucket would be left behind);
#  4. a `collect run` SIGKILLed in its benchmark leaves objects in every bucket; .subject.json
#     holds the 3 buckets, the 4 key prefixes and the 3 it created; `collect clean DIR`
#     empties and removes all 3 (exit 0);
#     The same killed in its prepare (while it PUTs 5000 objects): the buckets it created
#     are recorded before the first PUT, and collect clean removes them as well;
#  5. a campaign with buckets = 3, prefixes = 4 SIGKILLed in its benchmark, then --resume:
#     the sweep before the redo and the redo leave none of the 3 buckets; analyze carries
#     "buckets 3, prefixes 4" into aggregate.json's subject (the report's "Requests sent");
#  6. bad values: --buckets 1001, a bucket name too long for its buckets, and a campaign's
#     [matrix] buckets = 0 named by file, line, section and key.
. "$(dirname "$0")/collect_lib.sh"

use_rgw
ep=$RGW_S3_ENDPOINT
export AWS_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY=$RGW_AWS_SECRET_ACCESS_KEY
export CL_AWS_ACCESS_KEY_ID=$AWS_ACCESS_KEY_ID CL_AWS_SECRET_ACCESS_KEY=$AWS_SECRET_ACCESS_KEY
unset AWS_PROFILE AWS_SESSION_TOKEN
sfx=$$-$RANDOM # fresh buckets, also on a server that earlier runs used
spread=(--buckets 3 --prefixes 4)

# s3 [CURL ARGS] PATH: a signed request with curl's own SigV4 signer
s3() {
	local path=${*: -1}
	curl -sS -H 'x-amz-content-sha256: UNSIGNED-PAYLOAD' --aws-sigv4 "aws:amz:us-east-1:s3" \
		--user "$AWS_ACCESS_KEY_ID:$AWS_SECRET_ACCESS_KEY" "${@:1:$#-1}" "$ep/$path"
}
# state BUCKET: "gone" when it does not exist, else the number of keys it lists
state() {
	local out
	out=$(s3 "$1?list-type=2")
	case "$out" in
	*NoSuchBucket*) echo gone ;;
	*) printf '%s' "$out" | grep -o '<Key>' | wc -l ;;
	esac
}
# states BASE: the state of BASE, BASE-1, BASE-2
states() { echo "$(state "$1") $(state "$1-1") $(state "$1-2")"; }
# in_benchmark DIR: wait (up to 20 s) until a run in DIR is 1 s into its benchmark
in_benchmark() {
	for _ in $(seq 1 200); do
		if cat "$1"/.state.json "$1"/runs/*/*/*/.state.json 2>/dev/null |
			grep -q '"benchmark": *"started"'; then
			sleep 1
			return 0
		fi
		sleep 0.1
	done
	return 1
}
sigkill() {
	kill -KILL "$1" 2>/dev/null
	wait "$1" 2>/dev/null
	sleep 0.5
}

# 1. a 3 x 4 run on buckets it creates
b=bk-new-$sfx
"$collect" run --endpoint "$ep" --bucket "$b" --path-style --op get --size 1KiB \
	--concurrency 4 --count 30 --objects 36 --seed 7 "${spread[@]}" -o "$work/one" >"$work/one.log" 2>&1
check $? "3 x 4 get run: exit 0 ($(tail -n 1 "$work/one.log"))"
zstdcat "$work/one/ops.tsv.zst" | awk -F'\t' 'NR > 1 { print $8 }' >"$work/one.files"
pairs=$(sed -E 's#^([^/]*)/(p[0-9]{3})/s3bench/run-[0-9a-f]+/obj/[0-9]{8}$#\1 \2#' "$work/one.files" |
	sort -u | wc -l)
[ "$pairs" = 12 ]
check $? "the ops log has keys in all 12 bucket/prefix pairs (got $pairs)"
# each key where its object belongs: bucket m mod 3 (BASE, BASE-1, BASE-2), prefix (m / 3) mod 4
misplaced=$(awk -v b="$b" '{
	n = split($0, f, "/"); m = f[n] + 0; want = (m % 3 == 0 ? b : b "-" (m % 3))
	if (f[1] != want || f[2] != sprintf("p%03d", int(m / 3) % 4)) print }' "$work/one.files" | wc -l)
[ "$misplaced" = 0 ] && [ -s "$work/one.files" ]
check $? "every key is in the bucket and prefix of its object number ($misplaced misplaced)"
[ "$(jq -c '[.workload.buckets, .workload.prefixes, .phases.cleanup]' "$work/one/run.json")" = '[3,4,"done"]' ]
check $? "run.json: workload.buckets 3, prefixes 4, cleanup done"
[ "$(states "$b")" = "gone gone gone" ]
check $? "the 3 buckets the run created are removed (got $(states "$b"))"

# 2. the middle bucket existed: emptied and kept
b=bk-old-$sfx
s3 -X PUT "$b-1" >/dev/null
"$collect" run --endpoint "$ep" --bucket "$b" --path-style --op put --size 1KiB \
	--concurrency 2 --count 12 "${spread[@]}" -o "$work/old" >"$work/old.log" 2>&1
check $? "put run over an existing bucket: exit 0"
n=$(zstdcat "$work/old/ops.tsv.zst" | awk -F'\t' 'NR > 1 { split($8, f, "/"); print f[1] }' | sort -u | wc -l)
[ "$n" = 3 ] && [ "$(states "$b")" = "gone 0 gone" ]
check $? "puts went to all 3 buckets ($n); the one that existed is kept empty, the others removed (got $(states "$b"))"
s3 -X DELETE "$b-1" >/dev/null

# 3. delete with batches over 3 x 4
b=bk-del-$sfx
"$collect" run --endpoint "$ep" --bucket "$b" --path-style --op delete --size 1KiB --objects 40 --batch 5 \
	--until-done --concurrency 2 --keep "${spread[@]}" -o "$work/del" >"$work/del.log" 2>&1
check $? "delete run: exit 0"
sum=$(zstdcat "$work/del/ops.tsv.zst" | awk -F'\t' 'NR > 1 && $9 == "" { s += $5 } END { print s + 0 }')
[ "$sum" = 40 ] && [ "$(states "$b")" = "0 0 0" ]
check $? "the benchmark deleted all 40 objects from their buckets (rows sum $sum; left: $(states "$b"))"
for x in "$b" "$b-1" "$b-2"; do s3 -X DELETE "$x" >/dev/null; done

# 4. killed, then collect clean DIR
b=bk-clean-$sfx
"$collect" run --endpoint "$ep" --bucket "$b" --path-style --op get --size 1KiB --concurrency 2 \
	--duration 30s --objects 24 "${spread[@]}" -o "$work/cdir" >"$work/cdir.log" 2>&1 &
pid=$!
in_benchmark "$work/cdir"
check $? "killed run: reached its benchmark"
sigkill "$pid"
[ "$(states "$b")" = "8 8 8" ]
check $? "the kill left objects in all 3 buckets (got $(states "$b"))"
rec=$(jq -c '[.buckets, (.key_prefixes | length), (.created | length)]' "$work/cdir/.subject.json")
[ "$rec" = "[[\"$b\",\"$b-1\",\"$b-2\"],4,3]" ]
check $? ".subject.json holds the 3 buckets, 4 key prefixes, 3 created (got $rec)"
"$collect" clean "$work/cdir" >"$work/clean.log" 2>&1
rc=$?
[ "$rc" = 0 ] && grep -q "^$work/cdir: $b/s3bench/run-[0-9a-f]*/ at $ep (3 buckets from the first, 4 key prefixes before the prefix): 24 objects deleted, 0 multipart uploads aborted, 3 buckets removed$" "$work/clean.log"
check $? "collect clean DIR: exit 0 (got $rc), 24 objects, 3 buckets: $(head -n 1 "$work/clean.log")"
[ "$(states "$b")" = "gone gone gone" ]
check $? "collect clean: every bucket emptied and removed (got $(states "$b"))"

# 4b. killed in its prepare, while it PUTs the objects: the buckets it created are already
# recorded, so collect clean removes them too
b=bk-prep-$sfx
"$collect" run --endpoint "$ep" --bucket "$b" --path-style --op get --size 1KiB --concurrency 2 \
	--duration 30s --objects 5000 "${spread[@]}" -o "$work/prep" >"$work/prep.log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do
	[ "$(jq '.created | length' "$work/prep/.subject.json" 2>/dev/null)" = 3 ] && break
	sleep 0.1
done
sleep 0.5
sigkill "$pid"
[ "$(jq -r .phases.prepare "$work/prep/.state.json")" = started ] && [ "$(state "$b-2")" != gone ]
check $? "killed in its prepare with the 3 created buckets recorded ($(jq -c .created "$work/prep/.subject.json"); prepare $(jq -r .phases.prepare "$work/prep/.state.json"))"
"$collect" clean "$work/prep" >"$work/prep-clean.log" 2>&1
rc=$?
[ "$rc" = 0 ] && [ "$(states "$b")" = "gone gone gone" ]
check $? "collect clean after a kill in prepare: exit $rc, every bucket removed (got $(states "$b"))"

# 5. a killed campaign, then --resume
b=bk-resume-$sfx
printf '%s\n' "[campaign]" "name = bkr" "[matrix]" "ops = get" "sizes = 1KiB" "concurrency = 2" \
	"duration = 3s" "objects = 24" "buckets = 3" "prefixes = 4" "[subject rgw]" \
	"endpoint = $ep" "bucket = $b" "credentials = env:CL_AWS" >"$work/bkr.ini"
"$collect" "$work/bkr.ini" -o "$work/bkr" >"$work/bkr.1.log" 2>&1 &
pid=$!
in_benchmark "$work/bkr"
check $? "campaign: its run reached its benchmark"
sigkill "$pid"
[ "$(states "$b")" = "8 8 8" ]
check $? "the kill left objects in all 3 buckets (got $(states "$b"))"
timeout 60 "$collect" "$work/bkr.ini" -o "$work/bkr" --resume >"$work/bkr.2.log" 2>&1
rc=$?
[ "$rc" = 0 ] && grep -q "removed what an unfinished earlier attempt left" "$work/bkr.2.log"
check $? "--resume: exit 0 (got $rc), the sweep is reported: $(grep -m 1 removed "$work/bkr.2.log")"
[ "$(states "$b")" = "gone gone gone" ]
check $? "--resume: none of the 3 buckets is left (got $(states "$b"))"
run_pipeline -q -f html "$work/bkr"
sent=$(jq -r '.subjects[0].send' "$work/bkr/results/aggregate.json" 2>/dev/null)
[ "$sent" = "buckets 3, prefixes 4" ]
check $? "analyze: aggregate.json subjects[].send says 'buckets 3, prefixes 4' (got '$sent')"
grep -q "buckets 3, prefixes 4" "$work/bkr/report/report.html"
check $? "render: the report's Requests sent shows 'buckets 3, prefixes 4'"

# 6. bad values
"$collect" run --endpoint "$ep" --bucket x --op put --size 1KiB --concurrency 1 --count 1 \
	--buckets 1001 -o "$work/bad1" >"$work/bad1.log" 2>&1
rc=$?
[ "$rc" = 2 ] && grep -qx "collect: --buckets: '1001' is not a number of buckets from 1 to 1000" "$work/bad1.log"
check $? "--buckets 1001: exit 2, named ($(head -n 1 "$work/bad1.log"))"
long=abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghij
"$collect" run --endpoint "$ep" --bucket "${long}xy" --op put --size 1KiB --concurrency 1 \
	--count 1 --buckets 10 -o "$work/bad2" >"$work/bad2.log" 2>&1
rc=$?
[ "$rc" = 2 ] && grep -q "^collect: --buckets: '${long}xy' is too long for 10 buckets" "$work/bad2.log"
check $? "a 62-character bucket and 10 buckets: exit 2 ($(head -n 1 "$work/bad2.log"))"
sed 's/^buckets = 3$/buckets = 0/' "$work/bkr.ini" >"$work/bad3.ini"
"$collect" "$work/bad3.ini" --dry-run -o "$work/bad3" >"$work/bad3.log" 2>&1
rc=$?
grep -q "bad3.ini:9: \[matrix\] buckets: '0' is not a number of buckets from 1 to 1000" "$work/bad3.log"
check $? "campaign buckets = 0: named by file, line, section and key (exit $rc: $(head -n 1 "$work/bad3.log"))"
finish
