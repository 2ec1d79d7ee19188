#!/usr/bin/env bash
# tests/e2e/collect_versions.sh: runs on versioned buckets (docs/METHODOLOGY.md, "Versioned
# buckets") against Ceph RGW (tests/run's RGW_* server, else a private one). The buckets
# are set up, and what a run left is read, with the AWS CLI (an independent client):
#   1. a bucket with versioning enabled: a PUT run (2 workers x 10) cleans up by version
#      id: no version and no delete marker is left under s3bench/; run.json's versioning
#      says enabled and what the cleanup deleted (20 versions), and billing.cleanup counts
#      the GetBucketVersioning (class B) and ListObjectVersions (class A) it took;
#   2. a DELETE run (10 objects, until done) records the 10 delete markers its deletes
#      left, and its cleanup removes them with the 10 versions behind them; their storage
#      is billed until then (billing.cleanup.storage_byte_s above 0);
#   3. a GET run's prepared objects are gone after it;
#   4. a PUT run SIGKILLed in its benchmark leaves versions; `collect clean DIR` deletes
#      them by version id ("N object versions and 0 delete markers deleted (a versioned
#      bucket)") and nothing is left; run again it finds nothing to do;
#   5. a bucket with versioning suspended: a DELETE run leaves nothing either, and its
#      deletes removed the objects (null versions): no storage billed in its cleanup;
#   6. a bucket whose object lock keeps objects for a default retention (GOVERNANCE, 1
#      day): a run is refused before it writes (class prepare-failed, the message names
#      the bucket, the retention and allow_retention); with --allow-retention it runs,
#      run.json records the retention, and the cleanup fails naming the versions the
#      server keeps (AccessDenied; the test removes them, bypassing the retention);
#   7. a bucket never versioned: run.json says off and the cleanup deletes by name; a
#      DELETE run's deletes free the storage (none billed in its cleanup);
#   8. the DELETE runs of 2 and 7 analyzed and rendered as one-off runs: the versioned
#      one's ops[].delete_markers is 10 and the report says beside its figures that each
#      DELETE added a marker and the data stays billed; the unversioned one's neither; a
#      mixed run's DELETEs on the versioned bucket: the same, in its workload cell.
. "$(dirname "$0")/lib.sh"
collect=${COLLECT:-$top/bin/collect}
analyze=${ANALYZE:-$top/bin/analyze}
render=${RENDER:-$top/bin/render}
for b in "$collect" "$analyze" "$render"; do
	[ -x "$b" ] || { bad "no $b (make)"; finish; }
done
command -v aws >/dev/null || { bad "no aws (the AWS CLI: scripts/setup)"; finish; }
use_rgw
ep=$RGW_S3_ENDPOINT
export AWS_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY=$RGW_AWS_SECRET_ACCESS_KEY
export AWS_DEFAULT_REGION=us-east-1 AWS_REGION=us-east-1
unset AWS_PROFILE AWS_SESSION_TOKEN
export AWS_CONFIG_FILE=$tmp/none AWS_SHARED_CREDENTIALS_FILE=$tmp/none
sfx=$$-$RANDOM

api() { aws --endpoint-url "$ep" s3api "$@"; }
# left BUCKET: "VERSIONS MARKERS" under s3bench/ (the AWS CLI's listing, every page)
left() {
	api list-object-versions --bucket "$1" --prefix s3bench/ --output json 2>"$tmp/left.err" |
		python3 -c 'import json, sys
t = sys.stdin.read().strip()
j = json.loads(t) if t else {}
print(len(j.get("Versions", [])), len(j.get("DeleteMarkers", [])))'
}
# crun TAG BUCKET ARGS...: one collect run into $tmp/TAG; its exit status
crun() {
	local tag=$1 b=$2
	shift 2
	"$collect" run --endpoint "$ep" --bucket "$b" --path-style "$@" -o "$tmp/$tag" \
		>"$tmp/$tag.out" 2>&1
}
jv() { jq -c "$2" "$tmp/$1/run.json" 2>/dev/null; }

vb=ver-$sfx
api create-bucket --bucket "$vb" >/dev/null 2>"$tmp/mk.err" &&
	api put-bucket-versioning --bucket "$vb" --versioning-configuration Status=Enabled \
		2>>"$tmp/mk.err"
check $? "setup: bucket $vb with versioning enabled (AWS CLI)" "$(cat "$tmp/mk.err")"

# 1. PUT
crun put "$vb" --op put --size 4KiB --concurrency 2 --count 10
check $? "put on a versioned bucket: complete" "$(tail -n 3 "$tmp/put.out")"
[ "$(left "$vb")" = "0 0" ]
check $? "put: no version and no delete marker left under s3bench/ ($(left "$vb"))"
[ "$(jv put '[.versioning.status, .versioning.cleanup.versions, .versioning.cleanup.delete_markers, .versioning.delete_markers, .phases.cleanup]')" = '["enabled",20,0,0,"done"]' ]
check $? "put: run.json versioning: enabled, the cleanup deleted 20 versions" "$(jv put .versioning)"
[ "$(jv put '.billing.cleanup.class_b >= 1 and .billing.cleanup.class_a >= 2 and .billing.cleanup.delete >= 1')" = true ]
check $? "put: the cleanup's GetBucketVersioning, ListObjectVersions and DeleteObjects billed" \
	"$(jv put .billing.cleanup)"
grep -q "Versioned bucket (enabled): 0 deletes left delete markers; the cleanup deleted 20 versions and 0 delete markers" "$tmp/put.out"
check $? "put: the printout says so" "$(grep -i version "$tmp/put.out")"

# 2. DELETE
crun del "$vb" --op delete --size 4KiB --objects 10 --concurrency 2 --until-done
check $? "delete on a versioned bucket: complete" "$(tail -n 3 "$tmp/del.out")"
[ "$(jv del '[.versioning.delete_markers, .versioning.cleanup.versions, .versioning.cleanup.delete_markers]')" = '[10,10,10]' ]
check $? "delete: 10 delete markers recorded; the cleanup deleted the 10 versions and 10 markers" \
	"$(jv del .versioning)"
[ "$(left "$vb")" = "0 0" ]
check $? "delete: nothing left under s3bench/ ($(left "$vb"))"
# the 10 deleted objects' 40960 bytes stay stored behind their markers: billed through the
# whole benchmark and into the cleanup, until their versions are deleted
[ "$(jv del '.billing.cleanup.storage_byte_s > 0 and .billing.benchmark.storage_byte_s > 0')" = true ]
check $? "delete: the noncurrent versions' storage billed until the cleanup deleted them" \
	"$(jv del '[.billing.benchmark.storage_byte_s, .billing.cleanup.storage_byte_s]')"

# 3. GET
crun get "$vb" --op get --size 4KiB --objects 5 --concurrency 2 --duration 1s
check $? "get on a versioned bucket: complete" "$(tail -n 3 "$tmp/get.out")"
[ "$(left "$vb")" = "0 0" ] && [ "$(jv get .versioning.cleanup.versions)" = 5 ]
check $? "get: the 5 prepared objects' versions deleted, nothing left ($(left "$vb"))"

# 4. killed, then collect clean
setsid "$collect" run --endpoint "$ep" --bucket "$vb" --path-style --op put --size 4KiB \
	--concurrency 2 --duration 30s -o "$tmp/killed" >"$tmp/killed.out" 2>&1 &
kpid=$!
for _ in $(seq 1 200); do
	grep -q '"benchmark": *"started"' "$tmp/killed/.state.json" 2>/dev/null && break
	sleep 0.1
done
sleep 1
kill -KILL -- -"$kpid" 2>/dev/null
wait "$kpid" 2>/dev/null
before=$(left "$vb")
"$collect" clean "$tmp/killed" >"$tmp/clean.out" 2>&1
rc=$?
[ "$rc" -eq 0 ] && [ "${before%% *}" -gt 0 ] && [ "$(left "$vb")" = "0 0" ] &&
	grep -q "object versions and 0 delete markers deleted (a versioned bucket)" "$tmp/clean.out"
check $? "a killed run's versions ($before) deleted by collect clean, nothing left" \
	"$(cat "$tmp/clean.out")"
"$collect" clean "$tmp/killed" >"$tmp/clean2.out" 2>&1
check $? "collect clean again: nothing to do ($(tail -n 1 "$tmp/clean2.out"))"

# 5. suspended
sb=sus-$sfx
api create-bucket --bucket "$sb" >/dev/null 2>&1 &&
	api put-bucket-versioning --bucket "$sb" --versioning-configuration Status=Enabled &&
	api put-bucket-versioning --bucket "$sb" --versioning-configuration Status=Suspended
check $? "setup: bucket $sb with versioning suspended"
crun sus "$sb" --op delete --size 4KiB --objects 6 --concurrency 2 --until-done
check $? "delete on a suspended bucket: complete" "$(tail -n 3 "$tmp/sus.out")"
[ "$(jv sus '[.versioning.status, .versioning.delete_markers]')" = '["suspended",6]' ] &&
	[ "$(left "$sb")" = "0 0" ]
check $? "suspended: 6 markers recorded, nothing left ($(left "$sb"))" "$(jv sus .versioning)"
# its objects were null versions, which their DELETE removed: no storage after the benchmark
[ "$(jv sus '[.versioning.cleanup.versions, .billing.cleanup.storage_byte_s]')" = '[0,0]' ]
check $? "suspended: the deletes removed the null versions, no storage billed in the cleanup" \
	"$(jv sus '[.versioning.cleanup, .billing.cleanup.storage_byte_s]')"

# 6. object lock with a default retention
lb=lock-$sfx
api create-bucket --bucket "$lb" --object-lock-enabled-for-bucket >/dev/null 2>"$tmp/lk.err" &&
	api put-object-lock-configuration --bucket "$lb" --object-lock-configuration \
		'{"ObjectLockEnabled":"Enabled","Rule":{"DefaultRetention":{"Mode":"GOVERNANCE","Days":1}}}' \
		2>>"$tmp/lk.err"
check $? "setup: bucket $lb with object lock, default retention GOVERNANCE 1 day" "$(cat "$tmp/lk.err")"
crun lock "$lb" --op put --size 4KiB --concurrency 1 --count 2
rc=$?
[ "$rc" -ne 0 ] && [ "$(jv lock '[.errors.class, .phases.benchmark, .versioning.retention]')" = '["prepare-failed","not-reached",{"mode":"GOVERNANCE","days":1}]' ] &&
	jq -r '.errors.first[0]' "$tmp/lock/run.json" |
	grep -q "bucket $lb: object lock keeps every object written for 1 days (default retention GOVERNANCE), and the run's cleanup could not delete them; allow_retention = yes"
check $? "object lock: the run refused before it wrote (exit $rc)" "$(jv lock '[.errors, .versioning]')"
[ "$(left "$lb")" = "0 0" ]
check $? "object lock: nothing written ($(left "$lb"))"
crun lock2 "$lb" --op put --size 4KiB --concurrency 1 --count 2 --allow-retention
check $? "object lock with --allow-retention: complete" "$(tail -n 3 "$tmp/lock2.out")"
[ "$(jv lock2 '[.versioning.allow_retention, .versioning.object_lock, .versioning.retention.mode, .phases.cleanup]')" = '[true,true,"GOVERNANCE","failed"]' ] &&
	jq -r '.errors.first[0]' "$tmp/lock2/run.json" | grep -q "DeleteObjects: 2 of 2 keys not deleted, first s3bench/.*: AccessDenied"
check $? "object lock: run.json records the retention it ran under, and the cleanup the server refused" \
	"$(jv lock2 '[.versioning, .errors]')"
api list-object-versions --bucket "$lb" --output json 2>/dev/null | python3 -c 'import json, sys
for v in json.load(sys.stdin).get("Versions", []):
    print(v["Key"], v["VersionId"])' | while read -r k v; do
	api delete-object --bucket "$lb" --key "$k" --version-id "$v" \
		--bypass-governance-retention >/dev/null 2>&1
done

# 7. never versioned
nb=plain-$sfx
api create-bucket --bucket "$nb" >/dev/null 2>&1
crun plain "$nb" --op put --size 4KiB --concurrency 1 --count 3
check $? "an unversioned bucket: complete" "$(tail -n 3 "$tmp/plain.out")"
[ "$(jv plain '[.versioning.status, .versioning.object_lock, .versioning.cleanup.versions]')" = '["off",false,0]' ] &&
	[ "$(left "$nb")" = "0 0" ]
check $? "unversioned: run.json says off, no lock, nothing left" "$(jv plain .versioning)"
crun plaindel "$nb" --op delete --size 4KiB --objects 10 --concurrency 2 --until-done
check $? "a DELETE run on an unversioned bucket: complete" "$(tail -n 3 "$tmp/plaindel.out")"
[ "$(jv plaindel '[.versioning.delete_markers, .billing.cleanup.storage_byte_s]')" = '[0,0]' ]
check $? "unversioned: its deletes freed the storage, none billed in the cleanup" \
	"$(jv plaindel '[.versioning, .billing.cleanup.storage_byte_s]')"
# 8. the DELETE runs analyzed and rendered: the versioned one's figures say what its deletes
# did; the unversioned one's say nothing of it
# report TAG [JQ]: analyze and render run TAG as a one-off run; prints JQ of aggregate.json
# (ops[0].delete_markers)
report() {
	mkdir -p "$tmp/data-$1/runs/once/s" &&
		cp -r "$tmp/$1" "$tmp/data-$1/runs/once/s/run" &&
		"$analyze" "$tmp/data-$1" >"$tmp/an-$1.out" 2>&1 &&
		SOURCE_DATE_EPOCH=1764633600 "$render" "$tmp/data-$1/results" -f html \
			-o "$tmp/rep-$1" >"$tmp/rep-$1.out" 2>&1 &&
		jq -c "${2:-.ops[0].delete_markers}" "$tmp/data-$1/results/aggregate.json"
}
[ "$(report del)" = 10 ] &&
	grep -q "on a versioned bucket each of these 10 DELETEs added a delete marker; the data stays and is billed until its versions are deleted" "$tmp/rep-del/report.html"
check $? "delete: aggregate.json ops[].delete_markers 10, and the report says what they did beside the DELETE figures" \
	"$(tail -n 2 "$tmp/an-del.out" "$tmp/rep-del.out")"
[ "$(report plaindel)" = null ] && ! grep -q "delete marker" "$tmp/rep-plaindel/report.html"
check $? "unversioned delete: no delete_markers, the report says nothing of markers" \
	"$(tail -n 2 "$tmp/an-plaindel.out" "$tmp/rep-plaindel.out")"
crun mix "$vb" --op mixed --mix get:1,delete:1 --size 4KiB --objects 40 --concurrency 2 \
	--count 10
m=$(jv mix .versioning.delete_markers)
[ "${m:-0}" -gt 0 ] && [ "$(report mix .workload_cells[0].delete_markers)" = "$m" ] &&
	grep -q "each of these $m DELETEs added a delete marker" "$tmp/rep-mix/report.html" &&
	[ "$(left "$vb")" = "0 0" ]
check $? "a mixed run's DELETEs on the versioned bucket: $m markers, in its workload cell and beside its figures; nothing left" \
	"$(jv mix .versioning) $(tail -n 2 "$tmp/an-mix.out" "$tmp/rep-mix.out")"
for b in "$vb" "$sb" "$lb" "$nb"; do
	api delete-bucket --bucket "$b" >/dev/null 2>&1
done
finish
