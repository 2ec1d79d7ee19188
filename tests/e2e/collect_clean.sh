#!/usr/bin/env bash
# tests/e2e/collect_clean.sh: nothing left in a bucket after killed runs, against Ceph RGW
# (which lists incomplete multipart uploads; tests/run's RGW_* server, else a private one).
# Each scenario kills multipart runs (12 MiB objects in 5 MiB parts) while an upload is in
# flight (the collector is stopped and the bucket listed until one is), checks with curl
# --aws-sigv4 (not s3bench's signer) that the kill left objects or uploads, then that the
# bucket lists no object AND no incomplete multipart upload after:
#  1. a `collect run` killed at its time limit: the cleanup after the kill (a second child)
#     aborts the uploads and deletes the objects (phases.cleanup done);
#  2. a campaign whose collector is SIGKILLed in its multipart run, then --resume: the
#     sweep before the run is redone removes what the killed attempt left;
#  3. a `collect run` SIGKILLed, then another `collect run -o` on the same DIR: it deletes
#     what the killed one left before it starts, and says so;
#  4. `collect clean DIR` while the run goes: refused, exit 3 (DIR locked); after the
#     SIGKILL: exit 0, one line with the objects deleted and uploads aborted; a second
#     `collect clean DIR`: nothing to clean, exit 0;
#  5. a killed campaign and `collect clean CAMPAIGN.ini` (its out/NAME), the run's
#     .subject.json removed first: the subject comes from the campaign;
#  6. keys denied ListMultipartUploads (bucket policy, 403): collect clean still deletes
#     the objects, exits 0 and says the uploads could not be listed.
# The sweeps' requests are billed: (1) in run.json billing.cleanup; (2)-(5) in OUT/sweeps.json
# (by resume or clean, with the run's path), and analyze adds them to the bill (every request
# priced at 1 in the campaigns: the cost's requests part = the requests counted, by hand).
. "$(dirname "$0")/collect_lib.sh"

use_rgw
analyze=${ANALYZE:-$top/bin/analyze}
ep=$RGW_S3_ENDPOINT
export AWS_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY=$RGW_AWS_SECRET_ACCESS_KEY
export CL_AWS_ACCESS_KEY_ID=$AWS_ACCESS_KEY_ID CL_AWS_SECRET_ACCESS_KEY=$AWS_SECRET_ACCESS_KEY
unset AWS_PROFILE AWS_SESSION_TOKEN
sfx=$$-$RANDOM # fresh buckets, also on a server that earlier runs used
mp=(--op multipart --size 12MiB --part-size 5MiB --concurrency 3)

# s3get PATH: a signed GET with curl's own SigV4 signer
s3get() {
	curl -sS -H 'x-amz-content-sha256: UNSIGNED-PAYLOAD' --aws-sigv4 "aws:amz:us-east-1:s3" \
		--user "$AWS_ACCESS_KEY_ID:$AWS_SECRET_ACCESS_KEY" "$ep/$1"
}
# left BUCKET: "OBJECTS UPLOADS" the bucket lists (each at most 1000)
left() {
	local k u
	k=$(s3get "$1?list-type=2" | grep -o '<Key>' | wc -l)
	u=$(s3get "$1?uploads=" | grep -c '<ListMultipartUploadsResult' || true)
	[ "$u" = 1 ] || { echo "no-upload-listing"; return; }
	u=$(s3get "$1?uploads=" | grep -o '<Upload>' | wc -l)
	echo "$k $u"
}
# empty LABEL BUCKET: the check of every scenario
empty() {
	local l
	l=$(left "$2")
	[ "$l" = "0 0" ]
	check $? "$1: the bucket lists no object and no multipart upload (objects, uploads: $l)"
}
# some LABEL BUCKET: the kill left uploads (so that the check after means something)
some() {
	local l
	l=$(left "$2")
	[ "${l#* }" != 0 ] && [ "${l#* }" != "$l" ]
	check $? "$1: the kill left incomplete uploads (objects, uploads: $l)"
}
# in_benchmark DIR: wait (up to 20 s) until the multipart run in DIR (a `collect run`
# directory, or the campaign's one-off run) is 1 s into its benchmark
in_benchmark() {
	for _ in $(seq 1 200); do
		if cat "$1"/.state.json "$1"/runs/once/*/multipart-*/.state.json 2>/dev/null |
			grep -q '"benchmark": *"started"'; then
			sleep 1
			return 0
		fi
		sleep 0.1
	done
	return 1
}
# sigkill PID: SIGKILL the collector; its run's child dies with it (PDEATHSIG)
sigkill() {
	kill -KILL "$1" 2>/dev/null
	wait "$1" 2>/dev/null
	sleep 0.5
}
# descendants PID: the processes below PID (its runs' children), one per line
descendants() {
	local c
	for c in $(pgrep -P "$1"); do
		echo "$c"
		descendants "$c"
	done
}
# sigkill_mid_upload PID BUCKET: SIGKILL the collector while BUCKET lists an incomplete
# upload: the collector and its descendants are stopped (SIGSTOP) and the bucket listed,
# and let go again (SIGCONT) until an upload is in flight (up to 50 tries), so that the kill
# leaves one whatever the machine's load (a kill at a fixed time could fall between two
# uploads); then sigkill as above
sigkill_mid_upload() {
	local procs l
	for _ in $(seq 1 50); do
		procs="$1 $(descendants "$1" | tr '\n' ' ')"
		# shellcheck disable=SC2086 # the pids, split on purpose
		kill -STOP $procs 2>/dev/null
		l=$(left "$2")
		[ "${l#* }" != 0 ] && [ "${l#* }" != "$l" ] && break
		# shellcheck disable=SC2086
		kill -CONT $procs 2>/dev/null
		sleep 0.05
	done
	sigkill "$1"
}
# campaign NAME BUCKET: a campaign of one put and one multipart run (4 s); each request
# costs 1
campaign() {
	printf '%s\n' "[campaign]" "name = $1" "[matrix]" "ops = put" "sizes = 4KiB" \
		"concurrency = 1" "count = 1" "[multipart]" "size = 12MiB" "part_size = 5MiB" \
		"concurrency = 3" "duration = 4s" "[subject rgw]" "endpoint = $ep" \
		"bucket = $2" "credentials = env:CL_AWS" "price_class_a = 1/1" \
		"price_class_b = 1/1" "price_delete = 1/1"
}
# swept LABEL OUT RUN BY: OUT/sweeps.json bills the sweep of RUN (its lists and deletes)
swept() {
	jq -e --arg r "$3" --arg b "$4" '[.sweeps[] | select(.run == $r and .by == $b and
		.billing.class_a >= 1 and .billing.delete >= 1)] | length == 1' "$2/sweeps.json" >/dev/null
	check $? "$1: sweeps.json bills the sweep (by $4): $(jq -c '.sweeps' "$2/sweeps.json" 2>&1 | head -c 300)"
}
# reqs FILE...: requests of the billing records in the files (run.json, sweeps.json)
reqs() {
	jq -s '[.[] | (.billing | objects | (.prepare, .benchmark, .cleanup) | objects),
		(.sweeps[]? | .billing) | .class_a + .class_b + .delete] | add' "$@"
}

# 1. killed at the time limit
b=clean-limit-$sfx
"$collect" run --endpoint "$ep" --bucket "$b" "${mp[@]}" --count 1000000 --timeout 4s \
	-o "$work/limit" >"$work/limit.log" 2>&1
[ "$(jq -r '.errors.class + " " + .phases.cleanup' "$work/limit/run.json")" = "timeout done" ]
check $? "time limit: run.json timeout, phases.cleanup done (got $(jq -c '[.errors, .phases]' "$work/limit/run.json"))"
empty "time limit" "$b"
jq -e '.billing.cleanup.class_a >= 1' "$work/limit/run.json" >/dev/null
check $? "time limit: the sweep's requests are billed in billing.cleanup: $(jq -c .billing.cleanup "$work/limit/run.json")"

# 2. a killed campaign, then --resume
b=clean-resume-$sfx
campaign cr "$b" >"$work/cr.ini"
"$collect" "$work/cr.ini" -o "$work/cr" >"$work/cr.1.log" 2>&1 &
pid=$!
in_benchmark "$work/cr"
check $? "campaign: its multipart run reached its benchmark"
sigkill_mid_upload "$pid" "$b"
some "campaign killed" "$b"
timeout 120 "$collect" "$work/cr.ini" -o "$work/cr" --resume >"$work/cr.2.log" 2>&1
rc=$?
[ "$rc" = 0 ] && grep -q "removed what an unfinished earlier attempt left" "$work/cr.2.log"
check $? "--resume: exit 0 (got $rc), the sweep is reported: $(grep -m 1 removed "$work/cr.2.log")"
empty "--resume" "$b"
mpr=runs/once/rgw/multipart-12MiB-c3
swept "--resume" "$work/cr" "$mpr" resume
"$analyze" "$work/cr" -o "$work/cr-res" >/dev/null 2>&1
# (the run's own sweep: sweeps.json also bills the checks before the first request, to the
# subject)
want=$(reqs "$work/cr/$mpr/run.json" <(jq --arg r "$mpr" '{sweeps: [.sweeps[] | select(.run == $r)]}' \
	"$work/cr/sweeps.json"))
got=$(jq --arg r "$mpr" '.runs[] | select(.path == $r) | .cost.requests' "$work/cr-res/aggregate.json")
[ -n "$want" ] && [ -n "$got" ] && [ "$(echo "$got == $want" | bc)" = 1 ]
check $? "--resume: analyze bills the sweep to the redone run (requests $got = run.json + sweep $want)"

# 3. a killed `collect run`, then another `collect run -o` on the same DIR
b=clean-again-$sfx
"$collect" run --endpoint "$ep" --bucket "$b" "${mp[@]}" --duration 30s -o "$work/again" \
	>"$work/again.1.log" 2>&1 &
pid=$!
in_benchmark "$work/again"
sigkill_mid_upload "$pid" "$b"
some "collect run killed" "$b"
[ -f "$work/again/.prefix" ] && [ -f "$work/again/.subject.json" ]
check $? "collect run killed: DIR keeps .prefix and .subject.json: $(ls -A "$work/again" | tr '\n' ' ')"
"$collect" run --endpoint "$ep" --bucket "$b" --op put --size 4KiB --concurrency 2 --count 5 \
	-o "$work/again" >"$work/again.2.log" 2>&1
rc=$?
[ "$rc" = 0 ] && grep -q "an earlier run killed before its cleanup left $b/s3bench/run-.*: [1-9][0-9]* objects\? deleted, [1-9][0-9]* multipart uploads\? aborted" "$work/again.2.log"
check $? "collect run -o same DIR: exit 0 (got $rc), says what it deleted: $(grep earlier "$work/again.2.log")"
empty "collect run -o same DIR" "$b"
swept "collect run -o same DIR" "$work/again" . resume

# 4. collect clean DIR: locked while the run goes, then twice after the kill
b=clean-dir-$sfx
"$collect" run --endpoint "$ep" --bucket "$b" "${mp[@]}" --duration 30s -o "$work/cdir" \
	>"$work/cdir.log" 2>&1 &
pid=$!
in_benchmark "$work/cdir"
"$collect" clean "$work/cdir" >"$work/clean.0.log" 2>&1
rc=$?
[ "$rc" = 3 ]
check $? "collect clean while the run goes: exit 3 (got $rc: $(cat "$work/clean.0.log"))"
sigkill_mid_upload "$pid" "$b"
some "collect run killed" "$b"
"$collect" clean "$work/cdir" >"$work/clean.1.log" 2>&1
rc=$?
[ "$rc" = 0 ] && grep -q "^$work/cdir: $b/s3bench/run-[0-9a-f]*/ at $ep: [0-9]* objects\? deleted, [1-9][0-9]* multipart uploads\? aborted$" "$work/clean.1.log"
check $? "collect clean DIR: exit 0 (got $rc), one line per prefix: $(cat "$work/clean.1.log")"
empty "collect clean DIR" "$b"
[ ! -e "$work/cdir/.prefix" ] && [ ! -e "$work/cdir/.subject.json" ]
check $? "collect clean DIR: the records of the emptied prefix are gone"
swept "collect clean DIR" "$work/cdir" . clean
"$collect" clean "$work/cdir" >"$work/clean.2.log" 2>&1
rc=$?
[ "$rc" = 0 ] && grep -q "nothing to clean" "$work/clean.2.log"
check $? "collect clean DIR again: exit 0 (got $rc), nothing to clean: $(cat "$work/clean.2.log")"

# 5. collect clean CAMPAIGN.ini: its out/NAME, the subject from the campaign
b=clean-ini-$sfx
mkdir -p "$work/ini"
campaign ci "$b" >"$work/ini/ci.ini"
(cd "$work/ini" && exec "$collect" ci.ini) >"$work/ci.log" 2>&1 &
pid=$!
in_benchmark "$work/ini/out/ci"
sigkill_mid_upload "$pid" "$b"
some "campaign killed" "$b"
rm -f "$work"/ini/out/ci/runs/*/*/*/.subject.json
(cd "$work/ini" && "$collect" clean ci.ini) >"$work/clean.3.log" 2>&1
rc=$?
[ "$rc" = 0 ] && grep -q "^runs/once/rgw/multipart-12MiB-c3: $b/s3bench/ci/.* [1-9][0-9]* multipart uploads\? aborted$" "$work/clean.3.log"
check $? "collect clean CAMPAIGN.ini: exit 0 (got $rc): $(cat "$work/clean.3.log")"
empty "collect clean CAMPAIGN.ini" "$b"
o=$work/ini/out/ci
swept "collect clean CAMPAIGN.ini" "$o" "$mpr" clean
"$analyze" "$o" -o "$work/ci-res" >/dev/null 2>&1
want=$(reqs "$o"/runs/*/rgw/*/run.json "$o/sweeps.json")
got=$(jq '.cost[0].requests' "$work/ci-res/aggregate.json")
[ -n "$want" ] && [ -n "$got" ] && [ "$(echo "$got == $want" | bc)" = 1 ] && [ ! -e "$o/$mpr/run.json" ]
check $? "collect clean, run never redone: the subject's bill holds the sweep (requests $got = runs + sweep $want)"
# 6. keys that may not list uploads (a bucket policy denies ListBucketMultipartUploads; the
#    RGW user is s3bench): the objects are still deleted, and collect clean says why no
#    upload was aborted
b=clean-deny-$sfx
s3put() {
	curl -sS -o /dev/null -w '%{http_code}' -X PUT -H 'x-amz-content-sha256: UNSIGNED-PAYLOAD' \
		--aws-sigv4 "aws:amz:us-east-1:s3" --user "$AWS_ACCESS_KEY_ID:$AWS_SECRET_ACCESS_KEY" \
		"$@"
}
printf '{"Version":"2012-10-17","Statement":[{"Effect":"Deny","Principal":{"AWS":["arn:aws:iam:::user/s3bench"]},"Action":["s3:ListBucketMultipartUploads"],"Resource":["arn:aws:s3:::%s"]}]}' \
	"$b" >"$work/deny.json"
code="$(s3put "$ep/$b") $(s3put --data-binary @"$work/deny.json" "$ep/$b?policy=")"
u=$(s3get "$b?uploads=" | grep -o '<Code>[A-Za-z]*</Code>')
[ "$code" = "200 204" ] && [ "$u" = "<Code>AccessDenied</Code>" ]
check $? "deny policy: bucket and policy set ($code), ListMultipartUploads refused ($u)"
"$collect" run --endpoint "$ep" --bucket "$b" --op put --size 64KiB --concurrency 2 \
	--duration 30s -o "$work/deny" >"$work/deny.log" 2>&1 &
pid=$!
in_benchmark "$work/deny"
sigkill "$pid"
"$collect" clean "$work/deny" >"$work/clean.4.log" 2>&1
rc=$?
[ "$rc" = 0 ] && grep -q ": [1-9][0-9]* objects\? deleted, multipart uploads not listed (403: not allowed)$" "$work/clean.4.log"
check $? "deny policy: collect clean exits 0 (got $rc) and says why: $(head -n 1 "$work/clean.4.log")"
n=$(s3get "$b?list-type=2" | grep -o '<Key>' | wc -l)
[ "$n" = 0 ]
check $? "deny policy: the bucket lists no object ($n)"

"$collect" clean "$work/nonexistent" >/dev/null 2>&1
rc=$?
[ "$rc" = 2 ]
check $? "collect clean of a missing directory: exit 2 (got $rc)"
finish
